"""Match records: exact round trips, a strict loader with JSON paths, caps, and fuzzing."""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import whist_ro as wr
from conftest import play_random
from whist_ro import records
from whist_ro.errors import ImmutableError, RecordError

PRESETS = ("romanian", "inverted", "classic", "classic-rubber", "long-whist")
TABLES = [(name, n) for name in PRESETS for n in wr.variants.get(name).player_counts]


def finished(name: str = "romanian", players: int = 3, seed: int = 1) -> wr.Match:
    return wr.random_playout(
        wr.Match.new(wr.variants.get(name), players=players, seed=seed), seed=seed
    )


def data_of(match: wr.Match, **options: Any) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(records.dumps(records.to_record(match, **options)))
    return loaded


def refused(data: object, path: str) -> RecordError:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError) as info:
        records.loads(text)
    assert info.value.path == path, str(info.value)
    return info.value


# -- round trips ------------------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_random_playouts_round_trip_state_and_text(
    table: tuple[str, int], seed: int, steps: int
) -> None:
    name, players = table
    m = play_random(
        wr.Match.new(wr.variants.get(name), players=players, seed=seed), seed=seed, steps=steps
    )
    text = records.dumps(records.to_record(m, seed=True))
    loaded = records.loads(text)
    assert records.dumps(loaded) == text
    back = records.from_record(loaded)
    assert back == m
    assert back.history == m.history
    assert back.score_sheet == m.score_sheet
    # Without the seed, the history and position still come back.
    plain = records.from_record(records.dumps(records.to_record(m)))
    assert plain.history == m.history
    assert plain.round == m.round
    assert plain.rounds == m.rounds
    assert plain.totals == m.totals
    assert plain.is_over == m.is_over


@pytest.mark.parametrize(("name", "players"), [("romanian", 4), ("classic-rubber", 4)])
def test_a_finished_match_from_explicit_deals_round_trips_to_an_equal_state(
    name: str, players: int
) -> None:
    seeded = finished(name, players, seed=3)
    deals = [r.deal for r in seeded.rounds]
    m = wr.random_playout(wr.Match.new(wr.variants.get(name), deals=deals), seed=3)
    assert m.is_over
    text = records.dumps(records.to_record(m))
    back = records.from_record(records.loads(text))
    assert back == m
    assert records.dumps(records.to_record(back)) == text


def test_abandoned_and_conceded_matches_round_trip() -> None:
    m = play_random(wr.Match.new(wr.variants.ROMANIAN, players=4, seed=2), seed=2, steps=40)
    while m.round.bids[m.round.first_hand] is not None:
        m = m.apply(m.legal_actions()[0])
    abandoned = m.abandon(disconnected=[3, 1])
    back = records.from_record(records.dumps(records.to_record(abandoned, seed=True)))
    assert back == abandoned
    assert back.disconnected == (1, 3)
    assert back.standings() == abandoned.standings()
    conceded = play_random(wr.Match.new(wr.variants.CLASSIC, players=4, seed=5), seed=5, steps=30)
    conceded = conceded.concede(seat=1)
    data = data_of(conceded)
    assert data["ended"] == {"how": "conceded", "side": 1}
    assert records.from_record(json.dumps(data)).conceded == 1


def test_an_unfinished_record_resumes_from_its_seed_or_from_given_deals() -> None:
    m = play_random(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=9), seed=9, steps=50)
    resumed = records.from_record(records.to_record(m, seed=True))
    assert wr.random_playout(resumed, seed=1) == wr.random_playout(m, seed=1)
    # Without the seed the loaded match plays on once it is given the next deals.
    later = [wr.random_playout(m, seed=1).rounds[i].deal for i in range(len(m.rounds) + 1, 21)]
    plain = records.from_record(records.to_record(m)).with_deals(later)
    assert wr.random_playout(plain, seed=1).totals == wr.random_playout(m, seed=1).totals


def test_a_record_that_stops_between_rounds_needs_its_next_deal() -> None:
    m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=4)
    for _ in range(6):
        m = m.apply(m.legal_actions()[0])
    data = data_of(m)
    del data["rounds"][-1]  # the dealt but unplayed second round
    with pytest.raises(RecordError, match="no deal for the next round") as info:
        records.from_record(json.dumps(data))
    assert info.value.path == "rounds"
    nxt = m.round.deal
    assert records.from_record(json.dumps(data), deals=[nxt]) == records.from_record(
        records.to_record(m)
    )


def test_dump_and_load_use_files(tmp_path: Any) -> None:
    record = records.to_record(finished(), players=["Ana", "Bogdan", "Cici"], meta={"table": 3})
    path = tmp_path / "match.json"
    records.dump(record, path)
    assert records.load(path) == record
    assert path.read_text(encoding="utf-8") == records.dumps(record)
    assert records.load(path).meta == {"table": 3}


def test_the_record_uses_the_fixed_field_names() -> None:
    m = finished("romanian", 3, seed=6)
    claimed = list(m.totals)
    takeover = wr.Takeover(round=2, trick=1, seat=0, reason="timed out")
    data = data_of(m, claimed_totals=claimed, takeovers=[takeover], meta={"event": "cup"})
    assert data["format"] == "whist-ro-record"
    assert data["version"] == 2
    assert data["variant"] == {"name": "romanian", "config": wr.variants.ROMANIAN.to_dict()}
    assert data["players"] == ["seat 0", "seat 1", "seat 2"]
    first = data["rounds"][0]
    assert set(first) == {"dealer", "hands", "turn_up", "actions"}
    assert first["actions"][0] == {
        "seat": (first["dealer"] + 1) % 3,
        "bid": m.rounds[0].bids[(first["dealer"] + 1) % 3],
    }
    assert set(first["actions"][-1]) == {"seat", "card"}
    assert data["claimed_totals"] == claimed
    assert data["takeovers"] == [{"round": 2, "trick": 1, "seat": 0, "reason": "timed out"}]
    assert data["meta"] == {"event": "cup"}
    assert "seed" not in data  # written only on request: it reveals every future deal
    assert data_of(m, seed=True)["seed"] == m.seed


def test_a_house_variant_is_written_with_a_null_name() -> None:
    house = attrs.evolve(wr.variants.ROMANIAN, name="no duty", must_trump=False)
    m = wr.random_playout(wr.Match.new(house, players=3, seed=1), seed=1)
    data = data_of(m)
    assert data["variant"]["name"] is None
    assert records.from_record(json.dumps(data)).variant == house


def test_a_custom_scorer_cannot_be_recorded() -> None:
    # Refused when the record is built: every Record that exists can be written.
    v = attrs.evolve(wr.variants.ROMANIAN, scorer=max)
    with pytest.raises(RecordError, match="custom scorer") as info:
        records.to_record(wr.Match.new(v, players=3, seed=1))
    assert info.value.path == "variant.config.scorer"
    assert isinstance(info.value, wr.WhistError)


def test_a_record_is_immutable() -> None:
    record = records.to_record(finished(), meta={"tags": ["a"]})
    with pytest.raises(ImmutableError):
        record.seed = 3  # type: ignore[misc]
    assert record.meta is not None
    with pytest.raises(TypeError):
        record.meta["tags"] = []  # type: ignore[index]


# -- strict loading --------------------------------------------------------------------


def test_paths_name_the_bad_value() -> None:
    data = data_of(finished("romanian", 3, seed=2))
    data["rounds"][3]["actions"][4]["card"] = "Zz"
    refused(data, "rounds[3].actions[4].card")
    data = data_of(finished("romanian", 3, seed=2))
    data["rounds"][3]["actions"][4]["seat"] = True
    refused(data, "rounds[3].actions[4].seat")
    data = data_of(finished("romanian", 3, seed=2))
    data["rounds"][1]["hands"][2][0] = 7
    refused(data, "rounds[1].hands[2][0]")


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d.update(version=3), "version"),
        (lambda d: d.update(version=True), "version"),
        (lambda d: d.pop("players"), "players"),
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d.update(players=["a", "b"]), "players"),
        (lambda d: d.update(players=[1, 2, 3]), "players[0]"),
        (lambda d: d["variant"].update(name="bridge"), "variant.name"),
        (lambda d: d["variant"]["config"].update(must_trump="yes"), "variant.config.must_trump"),
        (lambda d: d["variant"]["config"].update(hook=False), "variant.config.hook"),
        (lambda d: d["variant"]["config"].update(color=1), "variant.config.color"),
        (lambda d: d["rounds"][0].pop("turn_up"), "rounds[0].turn_up"),
        (lambda d: d["rounds"][0].update(dealer=3), "rounds[0].dealer"),
        (lambda d: d["rounds"][0].update(dealer=1.0), "rounds[0].dealer"),
        (lambda d: d["rounds"][0]["hands"].append(["Ah"]), "rounds[0].hands"),
        (lambda d: d["rounds"][0]["actions"].pop(), "rounds[0].actions"),
        (lambda d: d["rounds"][0]["actions"][0].update(card="Ah"), "rounds[0].actions[0]"),
        (lambda d: d["rounds"][0]["actions"][0].update(bid=-1), "rounds[0].actions[0].bid"),
        (lambda d: d["rounds"][0]["actions"][0].update(seat=5), "rounds[0].actions[0].seat"),
        (lambda d: d.update(rounds=[]), "rounds"),
        (lambda d: d.update(claimed_totals=[1, 2]), "claimed_totals"),
        (lambda d: d.update(claimed_totals=[1, 2, "3"]), "claimed_totals[2]"),
        (
            lambda d: d.update(takeovers=[{"round": 99, "trick": 0, "seat": 0, "reason": ""}]),
            "takeovers[0].round",
        ),
        (
            lambda d: d.update(takeovers=[{"round": 1, "trick": 0, "seat": 0}]),
            "takeovers[0].reason",
        ),
        (lambda d: d.update(ended={"how": "lost"}), "ended.how"),
        (
            lambda d: d.update(ended={"how": "abandoned", "disconnected": [4]}),
            "ended.disconnected[0]",
        ),
        (lambda d: d.update(ended={"how": "conceded", "side": 2}), "ended.side"),
        (lambda d: d.update(seed=1.5), "seed"),
        (lambda d: d.update(meta=[1]), "meta"),
    ],
)
def test_loads_is_strict(change: Any, path: str) -> None:
    data = data_of(finished("romanian", 3, seed=2))
    change(data)
    refused(data, path)


def test_a_preset_name_alone_stands_for_its_config() -> None:
    data = data_of(finished("inverted", 4, seed=2))
    del data["variant"]["config"]
    assert records.loads(json.dumps(data)).variant is wr.variants.INVERTED
    data["variant"]["name"] = None
    refused(data, "variant.config")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ("[1,", "not valid JSON"),
        ('{"a": NaN}', "NaN"),
        ('{"a": 1, "a": 2}', "appears twice"),
        ("1" * 5000, "not valid JSON"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_junk_text_is_a_record_error(text: str | bytes, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        records.loads(text)


def test_deep_and_huge_inputs_are_refused_quickly() -> None:
    start = time.perf_counter()
    with pytest.raises(RecordError, match="nested"):
        records.loads("[" * 200_000 + "]" * 200_000)
    with pytest.raises(RecordError, match="characters long"):
        records.loads(" " * (records.schema.MAX_CHARS + 1))
    data = data_of(finished())
    data["rounds"] = data["rounds"] * 60  # 1,260 rounds: over the cap of 1,000
    with pytest.raises(RecordError) as info:
        records.loads(json.dumps(data))
    assert info.value.path == "rounds"
    assert time.perf_counter() - start < 5


def test_load_of_a_missing_file_is_a_record_error(tmp_path: Any) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        records.load(tmp_path / "none.json")


# -- fuzzing: only RecordError escapes --------------------------------------------------

_BASE = records.dumps(records.to_record(finished("romanian", 3, seed=8), claimed_totals=[0, 0, 0]))
_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.floats(allow_nan=False),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_loader_fuzz_mutations_raise_only_record_error(data: st.DataObject) -> None:
    doc = json.loads(_BASE)
    path = data.draw(st.sampled_from(_paths(doc)[1:]))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()):
        parent[path[-1]] = data.draw(_JSON_VALUES)
    elif isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent.pop(path[-1])
    try:
        record = records.loads(json.dumps(doc))
    except RecordError:
        return
    # What loads accepts, dumps writes and adjudicate judges without raising.
    assert records.dumps(records.loads(records.dumps(record))) == records.dumps(record)
    records.adjudicate(record)


@settings(max_examples=200, deadline=None)
@given(junk=st.text(max_size=200) | st.binary(max_size=200), cut=st.integers(0, len(_BASE)))
def test_loader_fuzz_junk_and_truncation_raise_only_record_error(
    junk: str | bytes, cut: int
) -> None:
    for text in (junk, _BASE[:cut], _BASE[:cut] + (junk if isinstance(junk, str) else "")):
        with contextlib.suppress(RecordError):
            records.loads(text)


def test_to_record_wants_one_name_per_seat_of_the_match() -> None:
    # The match knows its seats: two names for three are refused as such, not as a
    # two-player match that the variant does not allow.
    with pytest.raises(records.RecordError) as info:
        records.to_record(finished(), players=["Ana", "Bogdan"])
    assert str(info.value) == "players: players must hold one name per seat (3), not 2"
    assert info.value.path == "players"
