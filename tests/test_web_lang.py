"""The web table in Romanian as well as English: the page's own catalogue and the server's.

The page's words live in ``static/messages.js``, one table per language; the
checks here are those of the gettext catalogues (``tests/test_locale.py``):
every English text has a Romanian one with the same placeholders, a Romanian
text equal to the English one is marked ``// same in Romanian``, no entry is
unused, and ș ț are written with a comma below.  Then the server: the page,
the rule book, refusals and the referee's verdicts speak the language chosen
by ``whist-ro serve --lang`` (``create_app(lang=)``), else the browser's
(``Accept-Language``, or the page's own choice sent with each request), else
the server's environment.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from whist_ro import Variant
from whist_ro.errors import ConfigurationError
from whist_ro.web import create_app
from whist_ro.web.app import STATIC
from whist_ro.web.room import BOTS
from whist_ro.web.text import MESSAGES

SCRIPT = (STATIC / "messages.js").read_text(encoding="utf-8")
APP = (STATIC / "app.js").read_text(encoding="utf-8")
PAGE = (STATIC / "index.html").read_text(encoding="utf-8")
ENTRY = re.compile(r'"([A-Za-z0-9_.]+)":\s*("(?:[^"\\]|\\.)*")(\s*,?\s*//\s*same in Romanian)?')
# The server's codes that never reach the page as a refusal: takeover reasons
# (written into the record) and the origin check (the socket is closed unanswered).
NOT_REFUSALS = frozenset({"reason_dropped", "reason_slow", "bad_origin"})


def table(lang: str) -> dict[str, tuple[str, bool]]:
    """The page's table for ``lang``: each key's text and whether it is marked same in Romanian."""
    start = SCRIPT.index(f"\n  {lang}: {{")
    end = SCRIPT.index("\n  },", start)
    found: dict[str, tuple[str, bool]] = {}
    for match in ENTRY.finditer(SCRIPT[start:end]):
        assert match.group(1) not in found, f"{lang}: {match.group(1)} twice"
        found[match.group(1)] = (json.loads(match.group(2)), bool(match.group(3)))
    return found


EN = table("en")
RO = table("ro")


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_tables_are_read_whole() -> None:
    # The parse above sees every entry: the tables are large, and a key's text is text.
    assert len(EN) > 150
    assert EN["card.name"] == ("{rank} of {suit}", False)
    assert RO["suit.h"] == ("inimă", False)


def test_every_english_text_has_a_romanian_one_and_nothing_more() -> None:
    assert sorted(set(EN) - set(RO)) == []
    assert sorted(set(RO) - set(EN)) == []


def test_the_romanian_texts_keep_the_placeholders() -> None:
    wrong = {
        key: (text, RO[key][0])
        for key, (text, _) in EN.items()
        if fields(text) != fields(RO[key][0])
    }
    assert wrong == {}


def test_a_romanian_text_equal_to_the_english_one_is_marked_so() -> None:
    same = {key for key, (text, _) in EN.items() if RO[key][0] == text}
    marked = {key for key, (_, mark) in RO.items() if mark}
    assert same == marked
    assert all(not mark for _, mark in EN.values())


def test_romanian_is_written_with_comma_below() -> None:
    faults = [text for text, _ in RO.values() if set(text) & set("şţŞŢ")]
    assert faults == []
    assert any("ț" in text for text, _ in RO.values())


# -- every entry is used, and every code the server sends has a text ----------------------


def used_keys() -> tuple[set[str], set[str]]:
    """The keys the page names literally, and the prefixes it completes at run time."""
    literal = set(re.findall(r'\bt\("([A-Za-z0-9_.]*[A-Za-z0-9_])"', APP))
    literal |= set(re.findall(r'data-msg="([A-Za-z0-9_.]+)"', PAGE))
    prefixes = set(re.findall(r'"([a-z_.]+\.)"\s*\+', APP))
    # A text that depends on a number is a family: tn("table.cards_left", n) asks for
    # table.cards_left.one, .few or .other.
    plural = {key + "." for key in re.findall(r'\btn\("([A-Za-z0-9_.]+)"', APP)}
    return literal, prefixes | plural


def test_every_entry_is_used() -> None:
    literal, prefixes = used_keys()
    unused = [k for k in EN if k not in literal and not any(k.startswith(p) for p in prefixes)]
    assert unused == []
    assert sorted(literal - set(EN)) == []  # and no text the page asks for is missing


def test_the_families_the_page_completes_hold_what_it_completes_them_with() -> None:
    _, prefixes = used_keys()
    plural = {"table.waiting.", "table.hand_size.", "table.cards_left.", "referee.problems."}
    assert prefixes - plural == {
        "bot.", "error.", "field.", "game.", "lobby.status.", "rank.", "suit.", "table.handover."
    }  # fmt: skip
    # Each plural family has the forms the plural rules may choose: one, few and other.
    for family in plural & prefixes:
        forms = {k.removeprefix(family) for k in EN if k.startswith(family)}
        assert forms == {"one", "few", "other"}, family
    assert {k.removeprefix("bot.") for k in EN if k.startswith("bot.")} == set(BOTS)
    assert {k.removeprefix("suit.") for k in EN if k.startswith("suit.")} == set("cdhs")
    ranks = {k.removeprefix("rank.") for k in EN if k.startswith("rank.")}
    assert ranks == {"A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"}
    assert {k for k in EN if k.startswith("table.handover.")} == {
        "table.handover.takeover",
        "table.handover.reclaim",
        "table.handover.takeover.bidding",  # trick 0: the seat changed hands in the bidding
        "table.handover.reclaim.bidding",
    }


def test_every_refusal_the_server_sends_has_the_pages_own_text() -> None:
    errors = {k.removeprefix("error.") for k in EN if k.startswith("error.")}
    assert set(MESSAGES) - NOT_REFUSALS <= errors
    assert errors - set(MESSAGES) == {"network"}  # the one the page makes itself
    for code in set(MESSAGES) - NOT_REFUSALS:
        # The page fills its text with the values the server sends with the code.
        assert fields(EN[f"error.{code}"][0]) <= fields(MESSAGES[code].replace("!r", "")), code


# -- the server speaks the page's language -------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(db=tmp_path / "web.sqlite3", bot_delay=0, environ={})
    with TestClient(app) as test_client:
        yield test_client


ROMANIAN_BROWSER = {"Accept-Language": "ro-RO,ro;q=0.9,en;q=0.5"}


def test_the_page_speaks_the_browsers_language(client: TestClient) -> None:
    assert '<html lang="en" data-lang="en">' in client.get("/").text
    page = client.get("/t/abc", headers=ROMANIAN_BROWSER)
    assert '<html lang="ro" data-lang="ro">' in page.text
    assert page.headers["vary"] == "Accept-Language"
    german = client.get("/", headers={"Accept-Language": "de-DE"})
    assert '<html lang="en"' in german.text


def test_serve_lang_makes_every_page_speak_it(tmp_path: Path) -> None:
    app = create_app(db=tmp_path / "w.sqlite3", lang="ro", environ={})
    with TestClient(app) as client:
        english_browser = {"Accept-Language": "en-US,en;q=0.9"}
        assert '<html lang="ro"' in client.get("/", headers=english_browser).text
        rules = client.get("/api/rules?lang=en", headers=english_browser).json()
        assert rules["R-PLAY-2"]["title"] == "Răspunsul la culoare"


def test_without_a_browser_language_the_servers_environment_decides(tmp_path: Path) -> None:
    app = create_app(db=tmp_path / "w.sqlite3", environ={"LANG": "ro_RO.UTF-8"})
    with TestClient(app) as client:
        assert '<html lang="ro"' in client.get("/").text
        assert '<html lang="en"' in client.get("/", headers={"Accept-Language": "en"}).text
    with pytest.raises(ConfigurationError, match="WHIST_RO_LANG='fr'"):
        create_app(db=tmp_path / "w.sqlite3", environ={"WHIST_RO_LANG": "fr"})
    with pytest.raises(ConfigurationError, match="lang='klingon'"):
        create_app(db=tmp_path / "w.sqlite3", lang="klingon")


def test_the_rule_book_comes_in_the_pages_language(client: TestClient) -> None:
    english = client.get("/api/rules").json()
    romanian = client.get("/api/rules?lang=ro").json()
    assert english.keys() == romanian.keys()
    assert romanian["R-PLAY-2"]["title"] == "Răspunsul la culoare"
    assert english["R-PLAY-2"]["title"] == "Follow suit"
    assert client.get("/api/rules", headers=ROMANIAN_BROWSER).json() == romanian


NOTATION = """variant: romanian
dealer: 2
hand 0: Ah Jc
hand 1: Kh 10c
hand 2: 9d 10s
turn-up: Qs
bids: 0 0 1
trick: Jc 10c 9d
"""


def test_the_referee_gives_its_verdict_in_the_pages_language(client: TestClient) -> None:
    english = client.post("/api/referee", json={"text": NOTATION}).json()
    romanian = client.post("/api/referee", json={"text": NOTATION, "lang": "ro"}).json()
    assert english["violation"]["rule"] == romanian["violation"]["rule"] == "R-PLAY-3"
    assert english["violation"]["where"] == "round 1, trick 1, card 3: seat 2 plays 9d"
    assert romanian["violation"]["where"] == "mâna 1, levata 1, cartea 3: locul 2 joacă 9 de caro"
    assert romanian["violation"]["rule_title"] != english["violation"]["rule_title"]
    assert "atu" in romanian["violation"]["explanation"]
    assert romanian["text"].splitlines()[-1] == "verdict: ilegal (R-PLAY-3)"
    assert romanian["violation"]["position"] == english["violation"]["position"]  # data
    sheet = "hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\n1,0,1,0,0,1,0,0\n"
    audit = client.post("/api/referee", json={"text": sheet, "kind": "sheet", "lang": "ro"})
    problem = audit.json()["problems"][0]
    assert problem["rule"] == "R-BID-2"
    assert "împărțitor" in problem["explanation"]
    assert audit.json()["title"] == "foaie de scor: romanian, 3 jucători"
    unreadable = client.post("/api/referee", json={"text": "{", "lang": "ro"}).json()
    assert unreadable["kind"] == "error"


def error_of(ws: Any) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "error":
            return msg


def test_the_table_refuses_in_the_pages_language(client: TestClient) -> None:
    made = client.post(
        "/api/tables", json={"name": "Ana", "seats": ["human", "random", "random"]}
    ).json()
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"], "lang": "ro"})
        state = ws.receive_json()
        while state.get("view", {}).get("to_act") != 0:
            state = ws.receive_json()
        ws.send_json({"type": "act", "action": {"seat": 0, "bid": 9}, "seq": state["seq"]})
        refusal = error_of(ws)
        assert refusal["rule"] == "R-BID-3"
        assert "licit" in refusal["message"]
        ws.send_json({"type": "act", "action": {"seat": 0, "bid": 0}, "seq": state["seq"] + 5})
        stale = error_of(ws)
        assert stale["code"] == "stale"
        assert stale["values"] == {"seq": state["seq"]}  # the page fills its own text with it
    refused = client.post(
        "/api/tables",
        json={"name": "Ana", "variant": "nonsense"},
        headers={"X-Whist-Ro-Lang": "ro"},
    ).json()
    english = client.post("/api/tables", json={"name": "Ana", "variant": "nonsense"}).json()
    assert refused["code"] == english["code"]
    full = client.post("/api/tables", json={"seats": "x"}).json()
    assert full["code"] == "bad_request"
    assert full["values"] == {"detail": "seats must be a list"}


def test_a_refused_house_rule_names_its_field_and_is_explained_in_the_requests_language(
    client: TestClient,
) -> None:
    setup = client.get("/api/setup").json()
    house = {**setup["presets"]["romanian"]["variant"], "name": "club", "streak_length": 0}
    body = {"name": "Ana", "variant": house, "seats": ["human", "rule", "rule"]}
    with pytest.raises(ConfigurationError) as refused:
        Variant.from_dict(house)
    cause = refused.value
    ro = client.post("/api/tables", json=body, headers={"X-Whist-Ro-Lang": "ro"})
    en = client.post("/api/tables", json=body)
    assert (ro.status_code, en.status_code) == (400, 400)
    assert ro.json()["code"] == en.json()["code"] == "bad_house_rule"
    assert ro.json()["values"] == {"field": "streak_length", "detail": cause.explain("ro")}
    assert en.json()["values"] == {"field": "streak_length", "detail": str(cause)}
    assert ro.json()["message"].startswith("regula casei streak_length este refuzată: Variant.")
