"""Bidirectional controls in player names: refused when new, shown visibly when stored.

A name holding U+202E (RIGHT-TO-LEFT OVERRIDE) or another embedding,
override or isolate (U+202A-U+202E, U+2066-U+2069) reorders the text after
it, so a score sheet can read falsely (``"Ana\\u202e01-"`` shows as
``Ana-10``).  Every entry point refuses them through the one name check
(``whist_ro._check.names``): the library, new records, the command line and
the web table.  A record (or a web table) stored before still loads, and
its names are shown with each such character written ``<U+202E>``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

import whist_ro as wr
from conftest import WebServer
from whist_ro import records
from whist_ro._check import BIDI_CONTROLS, shown_name
from whist_ro.cli import main
from whist_ro.errors import ConfigurationError, RecordError
from whist_ro.web.store import SeatRow, Store, TableRow

RLO = "\u202e"
FALSE_NAME = f"Bo{RLO}01-"  # shows as "Bo-10"
CONTROLS = sorted(BIDI_CONTROLS)


def test_the_refused_characters_are_exactly_the_embeddings_overrides_and_isolates() -> None:
    assert [f"U+{ord(c):04X}" for c in CONTROLS] == [
        "U+202A",
        "U+202B",
        "U+202C",
        "U+202D",
        "U+202E",
        "U+2066",
        "U+2067",
        "U+2068",
        "U+2069",
    ]


@pytest.mark.parametrize("char", CONTROLS)
def test_a_match_refuses_each_control_naming_it_and_its_place(char: str) -> None:
    code = f"U+{ord(char):04X}"
    with pytest.raises(ConfigurationError) as info:
        wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1, names=["Ana", f"Bo{char}x", "Cici"])
    error = info.value
    assert error.field == "names"
    assert str(error).startswith(f"names[1] holds the bidirectional control {code} at character 3")
    romanian = error.explain("ro")
    assert f"caracterul de control bidirecțional {code} pe poziția 3" in romanian
    assert char not in str(error)  # the message cannot reorder itself
    assert char not in romanian
    with pytest.raises(ConfigurationError, match=re.escape(code)):
        wr.Table(wr.variants.ROMANIAN, agents=[wr.bots.RandomBot()] * 3, names=[char, "B", "C"])


def test_marks_and_the_emoji_joiner_stay_allowed() -> None:
    family = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # three people joined by U+200D
    names = [f"Ana{family}", "\u200fدانا", "Bo\u200e"]
    m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1, names=names)
    assert m.names == tuple(names)
    assert records.to_record(m).players == tuple(names)


def test_a_new_record_refuses_them() -> None:
    m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    with pytest.raises(RecordError) as info:
        records.to_record(m, players=["Ana", FALSE_NAME, "Cici"])
    assert str(info.value).startswith(
        "players: players[1] holds the bidirectional control U+202E at character 3"
    )
    assert "U+202E pe poziția 3" in info.value.explain("ro")
    with pytest.raises(RecordError, match=re.escape("U+2066")):
        m.to_record(players=("Ana", "Bo", "\u2066Cici"))


def _old_record(tmp_path: Path) -> Path:
    """A finished match's record as written before the refusal: a name holding U+202E."""
    m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=5), seed=5)
    data = json.loads(records.dumps(m.to_record(players=["Ana", "Bo", "Cici"])))
    data["players"][1] = FALSE_NAME
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_an_old_record_loads_and_its_names_are_shown_visibly(tmp_path: Path) -> None:
    path = _old_record(tmp_path)
    record = records.load(path)
    assert record.players[1] == FALSE_NAME  # stored as written: nothing is fixed
    assert records.loads(records.dumps(record)) == record
    assert record.names == ("Ana", "Bo<U+202E>01-", "Cici")
    m = records.from_record(record)
    assert m.names == record.names
    shown = [str(m.score_sheet), str(m.standings()), m.view(0).names[1]]
    shown.append(records.adjudicate(record).render("en"))
    shown.append(records.adjudicate(record).render("ro"))
    for text in shown:
        assert "Bo<U+202E>01-" in text
        assert RLO not in text
    assert records.adjudicate(record).ok
    # The match it replays to writes a record a new match could: visible, not reordering.
    assert m.to_record().players == record.names


def test_the_check_command_shows_an_old_record_s_names_visibly(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "whist_ro", "check", str(_old_record(tmp_path))],
        capture_output=True,
        encoding="utf-8",
        check=False,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert "Bo<U+202E>01-" in done.stdout
    assert RLO not in done.stdout


def test_a_wrong_total_of_an_old_record_names_the_player_visibly(tmp_path: Path) -> None:
    # check's DIFFERENCE lines name the players (as audit does): shown, not reordering.
    data = json.loads(_old_record(tmp_path).read_text(encoding="utf-8"))
    record = records.loads(json.dumps(data))
    data["claimed_totals"] = [total + 1 for total in records.adjudicate(record).totals or ()]
    report = records.adjudicate(json.dumps(data))
    for lang, heading in (("en", "DIFFERENCE"), ("ro", "DIFERENȚĂ")):
        differences = [line for line in report.render(lang).splitlines() if heading in line]
        assert len(differences) == 3
        assert "Bo<U+202E>01- (" in differences[1]
        assert RLO not in "\n".join(differences)


def test_the_command_line_refuses_them_in_names(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--players", "3", "--names", f"Ana,{FALSE_NAME},Cici"])
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback" not in err
    assert "names[1] holds the bidirectional control U+202E at character 3" in err
    assert RLO not in err
    with pytest.raises(SystemExit):
        main(["--lang", "ro", "--players", "3", "--names", f"Ana,{FALSE_NAME},Cici"])
    assert "U+202E pe poziția 3" in capsys.readouterr().err


def test_an_engine_name_is_held_to_the_same_rule(capsys: pytest.CaptureFixture[str]) -> None:
    # An engine's name is its seats' player name: the entry is refused, quoted escaped.
    with pytest.raises(SystemExit) as info:
        main(["match", "--engine", f"A{RLO}x=true", "--engine", "B=true", "--engine", "C=true"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "--engine takes NAME=COMMAND, not 'A\\u202ex=true'" in err
    # docs/cli.md: the character and its place are named, as for --names.
    assert "holds the bidirectional control U+202E at character 2" in err
    assert RLO not in err
    with pytest.raises(SystemExit):
        main(["--lang", "ro", "match", "--engine", f"A{RLO}x=true"])
    assert "U+202E pe poziția 2" in capsys.readouterr().err


def test_the_command_line_refuses_them_through_a_subprocess() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "whist_ro", "--players", "3", "--names", "\u2067Ana,Bo,Cici"],
        capture_output=True,
        encoding="utf-8",
        check=False,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "names[0] holds the bidirectional control U+2067 at character 1" in done.stderr


def _send(server: WebServer, path: str, body: object) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        server.url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _get(server: WebServer, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(server.url + path, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
    return data


def test_the_web_table_refuses_them_when_making_and_joining(tmp_path: Path) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        seats = ["human", "human", "rule"]
        status, refused = _send(server, "/api/tables", {"name": FALSE_NAME, "seats": seats})
        assert (status, refused["code"]) == (400, "bad_request")
        assert "U+202E at character 3" in refused["message"]
        assert refused["values"]["char"] == "U+202E"
        assert refused["values"]["position"] == 3
        assert RLO not in json.dumps(refused, ensure_ascii=False)
        assert _get(server, "/api/tables")["tables"] == []  # no table was made
        status, made = _send(server, "/api/tables", {"name": "Ana", "seats": seats})
        assert status == 201
        join = f"/api/tables/{made['table']}/join"
        status, refused = _send(server, join, {"name": "\u2068Bo"})
        assert (status, refused["code"], refused["values"]["char"]) == (
            400,
            "bad_request",
            "U+2068",
        )
        assert _get(server, f"/api/tables/{made['table']}")["seats"][1]["name"] is None
        status, joined = _send(server, join, {"name": "Bo\u200d"})  # a joiner is a name's own
        assert (status, joined["seat"]) == (200, 1)


def test_a_web_table_stored_before_shows_the_name_visibly_and_plays(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    store = Store(db)
    table = TableRow(
        id="old1",
        created=time.time(),
        variant=wr.variants.ROMANIAN.to_dict(),
        players=3,
        seed=7,
        time_limit=None,
        grace=30.0,
        status="waiting",
    )
    seats = [
        SeatRow(seat=0, kind="human", bot="rule", name=FALSE_NAME, token_hash="0" * 64),
        SeatRow(seat=1, kind="human", bot="rule"),
        SeatRow(seat=2, kind="bot", bot="rule", name="RuleBot 2"),
    ]
    store.create_table(table, seats)
    store.close()
    with WebServer(db) as server:
        assert _get(server, "/api/tables/old1")["seats"][0]["name"] == shown_name(FALSE_NAME)
        status, joined = _send(server, "/api/tables/old1/join", {"name": "Cici"})
        assert (status, joined["seat"]) == (200, 1)  # the match starts with the shown name
        deadline = time.monotonic() + 30
        while _get(server, "/api/tables/old1")["status"] == "waiting":
            assert time.monotonic() < deadline, "the match did not start"
            time.sleep(0.05)
        info = _get(server, "/api/tables/old1")
        assert info["status"] in ("playing", "over")
        assert [s["name"] for s in info["seats"]] == ["Bo<U+202E>01-", "Cici", "RuleBot 2"]
