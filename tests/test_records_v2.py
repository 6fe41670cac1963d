"""Record format version 2: names, takeover details, reclaims and engines; version 1 still loads.

The files in ``tests/fixtures/records_v1/`` were written by whist-ro 0.1.0
(format version 1) and are kept as they were written: every one must still
load, replay to a legal match and adjudicate as before.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import whist_ro as wr
from whist_ro import records
from whist_ro.engine.seats import Takeover
from whist_ro.errors import RecordError
from whist_ro.records import Reclaim

V1 = Path(__file__).parent / "fixtures" / "records_v1"
V1_FILES = sorted(V1.glob("*.json"))


def test_there_are_version_1_fixtures() -> None:
    assert len(V1_FILES) >= 5
    for path in V1_FILES:
        assert json.loads(path.read_text(encoding="utf-8"))["version"] == 1


@pytest.mark.parametrize("path", V1_FILES, ids=lambda p: p.stem)
def test_version_1_files_written_by_0_1_0_still_load_and_adjudicate(path: Path) -> None:
    record = records.load(path)
    verdict = records.adjudicate(record)
    assert verdict.ok, verdict
    # Written again, a version 1 record becomes version 2 and loads back equal.
    text = records.dumps(record)
    assert json.loads(text)["version"] == 2
    assert records.loads(text) == record


def test_version_1_takeovers_keep_their_four_fields() -> None:
    record = records.load(V1 / "romanian_full_takeover.json")
    assert record.players == ("Ana", "Bogdan", "Cici", "Dan")
    (takeover,) = record.takeovers
    assert takeover.seat == 2
    assert takeover.reason == "raised RuntimeError: lost connection"
    assert takeover.error is None
    assert takeover.traceback is None
    assert wr.Match.from_record(record).names == record.players


def test_version_2_fields_are_refused_in_a_version_1_file() -> None:
    data = json.loads((V1 / "romanian_full_takeover.json").read_text(encoding="utf-8"))
    for key, value in (("reclaims", []), ("engines", [None] * 4)):
        bad = {**data, key: value}
        with pytest.raises(RecordError, match="unknown key") as info:
            records.loads(json.dumps(bad))
        assert info.value.path == key
    bad = json.loads(json.dumps(data))
    bad["takeovers"][0]["error"] = "RuntimeError"
    with pytest.raises(RecordError) as error:
        records.loads(json.dumps(bad))
    assert error.value.path == "takeovers[0].error"


def _match() -> wr.Match:
    m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=4, names=["Ana", "Bo", "Cici"])
    for _ in range(20):
        m = m.apply(m.legal_actions()[0])
    return m


def test_version_2_round_trips_every_new_field() -> None:
    m = _match()
    record = m.to_record(
        takeovers=[
            Takeover(
                round=2,
                trick=0,
                seat=1,
                reason="raised KeyError: 'x'",
                agent="Bo",
                by="RandomBot",
                error="KeyError",
                traceback="Traceback (most recent call last):\n...\nKeyError: 'x'\n",
            )
        ],
    )
    record = wr.records.Record(
        **{
            **{f: getattr(record, f) for f in ("variant", "preset", "players", "rounds")},
            "takeovers": record.takeovers,
            "reclaims": [Reclaim(round=3, trick=1, seat=1, agent="Bo")],
            "engines": [None, "mybot 1.0", None],
        }
    )
    text = records.dumps(record)
    data = json.loads(text)
    assert data["version"] == 2
    assert data["players"] == ["Ana", "Bo", "Cici"]
    assert data["takeovers"][0]["error"] == "KeyError"
    assert data["reclaims"] == [{"round": 3, "trick": 1, "seat": 1, "agent": "Bo"}]
    assert data["engines"] == [None, "mybot 1.0", None]
    back = records.loads(text)
    assert back == record
    assert records.dumps(back) == text


def test_names_travel_from_the_match_to_the_record_and_back() -> None:
    m = _match()
    record = m.to_record()
    assert record.players == ("Ana", "Bo", "Cici")
    back = wr.Match.from_record(records.loads(records.dumps(record)))
    assert back.names == m.names
    assert back.score_sheet.names == m.names


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"players": ["Ana", "", "Cici"]}, "players"),
        ({"players": ["Ana", "B\no", "Cici"]}, "players"),
        ({"engines": [None, None]}, "engines"),
        ({"engines": [None, 7, None]}, "engines[1]"),
        ({"reclaims": [{"round": 99, "trick": 0, "seat": 0}]}, "reclaims[0].round"),
        ({"reclaims": [{"round": 1, "trick": 0, "seat": 5}]}, "reclaims[0].seat"),
        ({"reclaims": [{"round": 1, "trick": 0, "seat": 0, "x": 1}]}, "reclaims[0].x"),
        (
            {"takeovers": [{"round": 1, "trick": 0, "seat": 0, "reason": "r", "traceback": 5}]},
            "takeovers[0].traceback",
        ),
    ],
)
def test_bad_version_2_fields_are_refused_with_their_path(
    change: dict[str, object], path: str
) -> None:
    data = json.loads(records.dumps(_match().to_record()))
    data.update(change)
    with pytest.raises(RecordError) as info:
        records.loads(json.dumps(data))
    assert info.value.path == path, str(info.value)


def test_unknown_versions_are_refused() -> None:
    data = json.loads(records.dumps(_match().to_record()))
    for version in (0, 3, "2", 2.0, True):
        data["version"] = version
        with pytest.raises(RecordError, match="reads versions 1, 2") as info:
            records.loads(json.dumps(data))
        assert info.value.path == "version"
