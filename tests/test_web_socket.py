"""The web table over real sockets: ``whist-ro serve`` in a subprocess, WebSocket clients.

- every message to a seat is exactly that seat's view (R-VIEW-1, R-VIEW-2), and
  holds no other seat's unplayed card, over whole matches of every preset; a
  spectator's holds no hand at all;
- SIGKILL in mid-round, then a restart: the table resumes where it was, and
  no action anyone was told of is lost (checked against the record).
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import random
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import websockets

import whist_ro as wr
from conftest import WebServer
from whist_ro import Card, Match, records, variants
from whist_ro.views import public_view, view_of
from whist_ro.web import create_app
from whist_ro.web.app import STATIC

PRESETS = [n for n in variants.names() if variants.get(n).name == n]


def post(server: WebServer, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        server.url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
    return data


def get(server: WebServer, path: str) -> bytes:
    with urllib.request.urlopen(server.url + path, timeout=10) as response:
        data: bytes = response.read()
    return data


def cards_in(message: object) -> set[Card]:
    """Every card named anywhere in a message."""
    found: set[Card] = set()
    stack = [message]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and 2 <= len(item) <= 3:
            with contextlib.suppress(wr.CardParseError):
                found.add(Card.parse(item))
    return found


def public_cards(m: Match) -> set[Card]:
    """The cards anyone may name: every card played so far and every turn-up."""
    out: set[Card] = set()
    for r in (*m.rounds, m.round):
        for trick in (*r.tricks, r.current_trick):
            out.update(trick.cards)
        if r.turn_up is not None:
            out.add(r.turn_up)
    return out


async def seat_client(
    server: WebServer, table: str, token: str | None, log: list[dict[str, Any]], seed: int
) -> None:
    """A person (or, without a token, a spectator) who plays random legal actions."""
    rng = random.Random(seed)
    async with websockets.connect(f"{server.ws}/ws/{table}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
        async for text in ws:
            msg = json.loads(text)
            log.append(msg)
            if msg["type"] not in ("state", "update"):
                continue
            if msg["status"] == "over":
                return
            view = msg["view"]
            if token and view["legal_actions"] and view["to_act"] == view["seat"]:
                action = rng.choice(view["legal_actions"])
                await ws.send(json.dumps({"type": "act", "action": action, "seq": msg["seq"]}))


def states_of(record: records.Record) -> list[Match]:
    """The match after 0, 1, 2 ... actions, rebuilt from the record's own deals."""
    final = Match.from_record(record)
    m = Match.new(final.variant, players=final.players, deals=final.deals, names=final.names)
    states = [m]
    for action in final.history:
        m = m.apply(action)
        states.append(m)
    return states


@pytest.mark.parametrize("preset", PRESETS)
def test_R_VIEW_2_no_message_to_a_seat_holds_another_seats_unplayed_cards(
    preset: str, tmp_path: Path
) -> None:
    variant = variants.get(preset)
    players = variant.player_counts[0]
    with WebServer(tmp_path / "web.sqlite3") as server:
        made = post(
            server, "/api/tables", {"name": "p0", "variant": preset, "seats": ["human"] * players}
        )
        tokens = [made["token"]]
        for seat in range(1, players):
            tokens.append(
                post(server, f"/api/tables/{made['table']}/join", {"name": f"p{seat}"})["token"]
            )
        logs: list[list[dict[str, Any]]] = [[] for _ in range(players + 1)]

        async def play() -> None:
            clients = [
                seat_client(server, made["table"], token, logs[seat], seed=seat)
                for seat, token in enumerate(tokens)
            ]
            clients.append(seat_client(server, made["table"], None, logs[players], seed=99))
            await asyncio.wait_for(asyncio.gather(*clients), timeout=240)

        asyncio.run(play())
        record = records.loads(get(server, f"/api/tables/{made['table']}/record"))
    assert records.adjudicate(record).ok
    states = states_of(record)
    for seat, log in enumerate(logs):
        spectator = seat == players
        views = [m for m in log if "view" in m]
        assert views, f"seat {seat} got no view"
        for msg in views:
            m = states[msg["seq"]]
            expected = public_view(m) if spectator else view_of(m, seat)
            assert msg["view"] == expected.to_dict(past=False), (seat, msg["seq"])
            allowed = public_cards(m) | cards_in(msg["view"])
            leaked = cards_in(msg) - allowed
            assert not leaked, f"seat {seat} was sent {sorted(map(str, leaked))}"
            if spectator:
                assert msg["view"]["hand"] == []
                assert all(h == [] for h in msg["view"]["known_hands"])
                assert "turn" not in msg or msg["turn"] == {}


def test_the_server_killed_mid_round_resumes_and_loses_no_action(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    with WebServer(db) as server:
        finished = post(
            server,
            "/api/tables",
            {"name": "Old", "variant": "romanian", "seats": ["human", "random", "random"]},
        )
        asyncio.run(seat_client(server, finished["table"], finished["token"], [], seed=1))
        made = post(
            server,
            "/api/tables",
            {"name": "Ana", "variant": "romanian", "seats": ["human", "random", "random"]},
        )
        seen: dict[int, dict[str, Any]] = {}  # seq -> the step the client was told of

        async def until_killed() -> None:
            async with websockets.connect(f"{server.ws}/ws/{made['table']}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
                async for text in ws:
                    msg = json.loads(text)
                    if msg["type"] == "update":
                        seen[msg["seq"]] = msg["step"]
                    if msg["type"] not in ("state", "update"):
                        continue
                    view = msg["view"]
                    if view["to_act"] != 0 or not view["legal_actions"]:
                        continue
                    act = {"type": "act", "seq": msg["seq"], "action": view["legal_actions"][0]}
                    await ws.send(json.dumps(act))
                    mid_trick = view["phase"] == "playing" and view["current_trick"]["cards"]
                    if msg["seq"] >= 40 and mid_trick:
                        server.kill()  # mid-round, mid-trick, before any answer to the action
                        return

        asyncio.run(until_killed())
        told = max(seen)
        server.start()  # the same port and the same file
        listing = json.loads(get(server, "/api/tables"))["tables"]
        status = {t["id"]: t["status"] for t in listing}
        assert status[finished["table"]] == "over"  # finished matches stay listed
        assert records.adjudicate(
            records.loads(get(server, f"/api/tables/{finished['table']}/record"))
        ).ok
        after: list[dict[str, Any]] = []
        asyncio.run(seat_client(server, made["table"], made["token"], after, seed=2))
        resumed = next(m for m in after if m["type"] == "state")
        assert resumed["seq"] >= told  # nothing the client was told of is gone
        assert resumed["status"] == "playing"
        record = records.loads(get(server, f"/api/tables/{made['table']}/record"))
    history = Match.from_record(record).history
    for seq, step in seen.items():
        action = history[seq - 1].to_dict()
        assert {k: step[k] for k in action} == action, seq
    states = states_of(record)
    assert resumed["view"] == view_of(states[resumed["seq"]], 0).to_dict(past=False)
    assert records.adjudicate(record).ok


# -- security over real sockets (issue 19, item 8) --------------------------------------

PUBLIC = "https://whist.example.org"


def request(
    server: WebServer, path: str, *, body: bytes | None = None, method: str | None = None
) -> tuple[int, bytes]:
    """Any request, answered with any status: (status, body)."""
    headers = {"Content-Type": "application/json"} if body is not None else {}
    req = urllib.request.Request(server.url + path, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_the_server_listens_on_127_0_0_1_only_by_default(tmp_path: Path) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        assert get(server, "/api/tables")  # 127.0.0.1 answers
        # Another loopback address reaches this machine too, but not a socket bound
        # to 127.0.0.1 alone.
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.2", server.port), timeout=5).close()


def test_invite_links_use_the_public_url_and_the_origin_is_checked(tmp_path: Path) -> None:
    with WebServer(tmp_path / "web.sqlite3", "--public-url", PUBLIC + "/") as server:
        made = post(server, "/api/tables", {"name": "Ana", "seats": ["human", "human", "rule"]})
        assert made["invite"] == f"{PUBLIC}/t/{made['table']}"
        info = json.loads(get(server, f"/api/tables/{made['table']}"))
        assert info["invite"] == made["invite"]
        path = f"{server.ws}/ws/{made['table']}"

        async def welcome(origin: str | None) -> str:
            async with websockets.connect(path, origin=origin) as ws:  # type: ignore[arg-type]
                await ws.send(json.dumps({"type": "hello"}))
                return str(json.loads(await ws.recv())["type"])

        async def refused(origin: str) -> int:
            with pytest.raises(websockets.InvalidStatus) as caught:
                await welcome(origin)
            return caught.value.response.status_code

        async def check() -> None:
            # The page served here, the page behind the proxy, and a non-browser client.
            for origin in (server.url, PUBLIC, None):
                assert await welcome(origin) == "welcome", origin
            # Another site's page, the public host over plain http, a sandboxed page.
            # A host that ends with the public one, or with this server's, is another site.
            for origin in (
                "https://evil.example",
                "http://whist.example.org",
                "null",
                "https://attackerwhist.example.org",
                server.url.replace("://", "://attacker", 1),
            ):
                assert await refused(origin) == 403, origin

        asyncio.run(check())


def test_a_connection_is_cut_off_when_a_message_is_too_big_or_they_come_too_fast(
    tmp_path: Path,
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        made = post(server, "/api/tables", {"name": "Ana", "seats": ["human", "human", "rule"]})
        path = f"{server.ws}/ws/{made['table']}"

        async def answers(*messages: str | bytes) -> tuple[list[dict[str, Any]], int | None]:
            """What the server says to ``messages`` sent at once, and how it closes."""
            got: list[dict[str, Any]] = []
            async with websockets.connect(path, max_size=None) as ws:
                await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
                for message in messages:
                    await ws.send(message)
                with contextlib.suppress(websockets.ConnectionClosed):
                    async for text in ws:
                        got.append(json.loads(text))
                        if got[-1]["type"] == "pong" and len(messages) < 5:
                            return got, None  # answered, and still open
                return got, ws.close_code

        async def check() -> None:
            # Over the limit (4096).
            got, code = await answers(" " * 5000)
            assert [m["code"] for m in got if m["type"] == "error"] == ["too_big"]
            assert code == 1009
            # Far over it: the server refuses the frame before reading it whole.
            got, code = await answers(" " * 100_000)
            assert code == 1009
            # A binary frame that is not JSON is refused with a reason; the connection stays.
            got, code = await answers(b"\x00\xff", json.dumps({"type": "ping"}))
            assert [m.get("code") for m in got if m["type"] in ("error", "pong")] == [
                "bad_message",
                None,
            ]
            assert code is None
            # 100 at once, then 50 a second: 300 at once is too fast.
            got, code = await answers(*[json.dumps({"type": "ping"})] * 300)
            pongs = sum(m["type"] == "pong" for m in got)
            assert 99 <= pongs < 300  # the hello took one of the 100
            assert got[-1]["code"] == "too_fast"
            assert code == 1008

        async def timed(coroutine: Any) -> None:
            await asyncio.wait_for(coroutine, timeout=60)

        asyncio.run(timed(check()))
        # The seat's player was cut off, never the server: it still answers.
        assert json.loads(get(server, f"/api/tables/{made['table']}"))["status"] == "waiting"


JUNK_BODIES: list[tuple[str, object]] = [
    ("/api/tables", {"name": "A", "seats": [1, 2, 3]}),
    ("/api/tables", {"name": "A", "seats": ["human", {}, []]}),
    ("/api/tables", {"name": "A", "variant": {"name": 5}, "seats": ["human", "rule", "rule"]}),
    ("/api/tables", {"name": "A", "variant": {"schedule": "abc"}, "seats": ["human"] * 3}),
    ("/api/tables", {"name": "A", "variant": ["romanian"], "seats": ["human"] * 3}),
    ("/api/tables", {"name": "A", "seats": ["human", "rule", "rule"], "grace": "x"}),
    ("/api/tables", {"name": "A", "seats": ["human", "rule", "rule"], "time_limit": 1e300}),
    ("/api/tables", {"name": "A", "seats": ["human", "rule", "rule"], "fallback": None}),
    ("/api/tables", {"name": ["A"], "seats": ["human", "rule", "rule"]}),
    ("/api/tables", {"name": "\ud800", "seats": ["human", "rule", "rule"]}),
    ("/api/tables", {"name": "A" * 200, "seats": ["human", "rule", "rule"]}),
    ("/api/tables", {"name": "A", "seats": {"0": "human"}}),
    ("/api/tables", {"name": "A", "seats": ["human"] * 100}),
    ("/api/tables", [1, 2]),
    ("/api/tables", None),
    ("/api/referee", {"text": 5}),
    ("/api/referee", {"text": "x", "kind": "sheet", "variant": 7}),
    ("/api/referee", {"text": "a,b\n1,2", "kind": "sheet", "variant": "nope"}),
    ("/api/referee", {"text": "\ud800"}),
    ("/api/referee", {"text": "[" * 100_000}),
    ("/api/referee", {"text": "{" * 5000 + "}" * 5000}),
    ("/api/referee", {"text": "variant: romanian\n" + "trick: " * 1000}),
]


def test_junk_gets_a_reason_never_a_server_error_or_a_traceback(tmp_path: Path) -> None:
    """No debug mode: a refusal is a short JSON reason; nothing shows the server's insides."""
    with WebServer(tmp_path / "web.sqlite3") as server:
        made = post(server, "/api/tables", {"name": "Ana", "seats": ["human", "human", "rule"]})
        table = made["table"]
        answers = [
            request(server, path, body=json.dumps(body).encode()) for path, body in JUNK_BODIES
        ]
        for raw in (b"", b"\xff", b'{"name": "A"', b"null"):
            answers.append(request(server, "/api/tables", body=raw))
        for path, junk in (
            (f"/api/tables/{table}/join", {"name": None}),
            (f"/api/tables/{table}/start", {"token": ["x"]}),
            (f"/api/tables/{table}/start", {"token": made["token"][::-1]}),
        ):
            answers.append(request(server, path, body=json.dumps(junk).encode()))
        for path in ("/api/tables/%00", "/api/tables/" + "x" * 5000, f"/api/tables/{table}/record"):
            answers.append(request(server, path))
        answers.append(request(server, "/api/tables", method="DELETE"))
        answers.append(request(server, "/nope"))
        for (status, text), (path, _) in zip(answers, JUNK_BODIES, strict=False):
            if path == "/api/referee" and status == 200:
                assert json.loads(text)["kind"] == "error"  # the verdict: unreadable, and why
            else:
                # A code and a message, and the values the page fills its own text with.
                assert set(json.loads(text)) - {"values"} == {"code", "message"}, text
        for status, text in answers:
            assert status < 500, (status, text[:200])
            assert b"Traceback" not in text
            assert b"whist_ro" not in text  # no module path, no stack

        async def socket_junk() -> list[dict[str, Any]]:
            got: list[dict[str, Any]] = []
            async with websockets.connect(f"{server.ws}/ws/{table}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
                for junk in (
                    "[]",
                    "null",
                    "{",
                    json.dumps({"type": "act"}),
                    json.dumps({"type": "act", "action": {"seat": 0, "card": 5}, "seq": "x"}),
                    json.dumps({"type": "reclaim"}),
                    json.dumps({"type": 5}),
                    json.dumps({"type": "ping"}),
                ):
                    await ws.send(junk)
                async for text in ws:
                    got.append(json.loads(text))
                    if got[-1]["type"] == "pong":
                        return got
            return got

        got = asyncio.run(asyncio.wait_for(socket_junk(), timeout=30))
        errors = [m["code"] for m in got if m["type"] == "error"]
        # An act without a whole seq is not understood, whatever the table's state.
        assert errors == ["bad_message"] * 5 + ["not_taken_over"]
        assert all("Traceback" not in m.get("message", "") for m in got)
        server.stop()
    assert "Traceback" not in server.output, server.output[-3000:]
    assert "Exception" not in server.output


def test_no_debug_mode_by_default() -> None:
    helped = subprocess.run(
        [sys.executable, "-m", "whist_ro", "serve", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "--debug" not in helped
    assert "--reload" not in helped
    assert "127.0.0.1" in helped
    assert create_app(db=":memory:").debug is False


# -- what a new user found (issue 19): restarts, unknown fields, codes, the seq guard -------


def entry(server: WebServer, table: str) -> dict[str, Any]:
    """The lobby's entry for ``table`` (``GET /api/tables``)."""
    listing = json.loads(get(server, "/api/tables"))["tables"]
    found: dict[str, Any] = next(t for t in listing if t["id"] == table)
    return found


def test_a_finished_table_is_listed_whole_right_after_a_restart(tmp_path: Path) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        # Grace 0 and no one connected: a bot takes the maker's seat (R-SEAT-1) at once,
        # and the bots play the match to its end.
        made = post(
            server,
            "/api/tables",
            {"name": "Ana", "seats": ["human", "random", "random"], "grace": 0},
        )
        table = made["table"]
        deadline = time.monotonic() + 120
        while json.loads(get(server, f"/api/tables/{table}"))["status"] != "over":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.1)
        before = entry(server, table)
        rounds = len(Match.new(variants.ROMANIAN, players=3, seed=0).schedule)
        assert before["round"] == before["rounds"] == rounds
        assert len(before["totals"]) == 3
        assert before["seats"][0]["taken_over"] is True
        server.kill()
        server.start()
        # The first request after the restart, before anything asked for the table itself.
        assert entry(server, table) == before
        alone = json.loads(get(server, f"/api/tables/{table}"))
        assert alone.pop("invite") == made["invite"]
        assert alone == before
        assert entry(server, table) == before
        record = records.loads(get(server, f"/api/tables/{table}/record"))
        assert list(Match.from_record(record).totals) == before["totals"]


def declared(server: WebServer, path: str, length: int) -> tuple[int, bytes]:
    """A POST that declares a ``length``-byte body and sends none of it: (status, body).

    The server refuses a body too big from its Content-Length alone, before it
    reads a byte. A client that went on sending after that answer could be
    reset by the closing server before reading it (a race that urllib loses at
    random), so this client sends the headers and reads the answer.
    """
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.putrequest("POST", path)
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Content-Length", str(length))
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def refusal(status_and_body: tuple[int, bytes]) -> tuple[int, str, str, dict[str, Any]]:
    """A refused request's (status, code, message, values)."""
    status, body = status_and_body
    data = json.loads(body)
    return status, data["code"], data["message"], data.get("values", {})


def test_a_request_with_an_unknown_field_is_refused_with_its_name(tmp_path: Path) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:

        def send(path: str, body: object) -> tuple[int, str, str, dict[str, Any]]:
            return refusal(request(server, path, body=json.dumps(body).encode()))

        typo = {"name": "A", "variant": "romanian", "seats": ["human", "human", "rule"]}
        status, code, message, values = send("/api/tables", {**typo, "time_limt": 5})
        assert (status, code) == (400, "bad_request")
        assert "'time_limt'" in message
        assert "time_limit" in message  # and the fields it takes
        assert values["field"] == "time_limt"
        assert values["fields"] == "name, variant, seats, fallback, time_limit, grace, private"
        assert json.loads(get(server, "/api/tables"))["tables"] == []  # no table was made
        made = post(server, "/api/tables", typo)
        joined = send(f"/api/tables/{made['table']}/join", {"name": "Bo", "seat": 1})
        assert joined[:2] == (400, "bad_request")
        assert joined[3]["field"] == "seat"
        started = send(f"/api/tables/{made['table']}/start", {"token": made["token"], "now": 1})
        assert started[:2] == (400, "bad_request")
        assert json.loads(get(server, f"/api/tables/{made['table']}"))["status"] == "waiting"

        sheet = "hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\n1,0,1,0,0,1,0,0\n"
        assert send("/api/referee", {"text": sheet, "kind": "sheet", "txet": 1})[3] == {
            "detail": "unknown field 'txet'; the fields: kind, text, variant, lang",
            "field": "txet",
            "fields": "kind, text, variant, lang",
        }
        for body, named in (
            ({"kind": "bogus", "text": "variant: romanian"}, "'bogus'"),
            ({"kind": None, "text": "variant: romanian"}, "None"),
            ({"text": sheet, "kind": "sheet", "lang": "fr"}, "'fr'"),
            ({"text": sheet, "kind": "sheet", "lang": ["ro"]}, "['ro']"),
            ({"text": sheet, "kind": "sheet", "variant": 7}, "7"),
            ({"kind": "sheet", "text": 5}, "not 5"),
            ({"text": ["variant: romanian"]}, "not ['variant: romanian']"),
        ):
            status, code, message, _ = send("/api/referee", body)
            assert (status, code) == (400, "bad_request"), body
            assert named in message, (body, message)
        assert "text" in send("/api/referee", {"kind": "sheet", "text": 5})[2]
        assert send("/api/referee", {"kind": "sheet", "text": " "})[:2] == (400, "referee_empty")
        assert send("/api/referee", {"kind": "sheet"})[:2] == (400, "referee_empty")
        # What the page sends is still understood, in either language.
        for lang in ("en", "ro"):
            verdict = post(
                server,
                "/api/referee",
                {"kind": "sheet", "text": sheet, "variant": "romanian", "lang": lang},
            )
            assert [p["rule"] for p in verdict["problems"]] == ["R-BID-2"]


def test_bad_input_is_400_not_now_is_409_and_values_are_plain(tmp_path: Path) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:

        def send(path: str, body: object) -> tuple[int, str, str, dict[str, Any]]:
            return refusal(request(server, path, body=json.dumps(body).encode()))

        bots = "random, lowrisk, rule, search"
        for body in (
            {"name": "A", "seats": ["human", "wizard", "rule"]},
            {"name": "A", "seats": ["human", "human", "rule"], "fallback": "wizard"},
        ):
            assert send("/api/tables", body) == (
                400,
                "unknown_bot",
                f"unknown bot 'wizard'; the bots: {bots}",  # quoted once
                {"bot": "wizard", "bots": bots},
            )
        status, code, _, values = send(
            "/api/tables", {"name": "A", "variant": "classic", "seats": ["human", "lowrisk"] * 2}
        )
        assert (status, code, values) == (
            400,
            "bot_family",
            {"bot": "lowrisk", "variant": "classic"},
        )
        status, code, _, _ = send("/api/tables", {"name": "A", "seats": ["human", 5, "rule"]})
        assert (status, code) == (400, "bad_request")

        made = post(server, "/api/tables", {"name": "A", "seats": ["human", "human", "rule"]})
        for path in ("/api/tables", f"/api/tables/{made['table']}/join"):
            assert refusal(declared(server, path, 200_000)) == (
                413,
                "request_too_big",
                "a request may hold at most 16384 bytes",
                {"limit": 16384},
            )
        assert refusal(declared(server, "/api/referee", 2_000_020))[:2] == (413, "referee_too_big")

        assert refusal(request(server, "/api/tables/nosuch")) == (
            404,
            "no_table",
            "there is no table 'nosuch'",
            {"table": "nosuch"},
        )
        early = refusal(request(server, f"/api/tables/{made['table']}/record"))
        assert early[:2] == (409, "no_record")  # a good request, made too soon

        async def no_such_table() -> tuple[dict[str, Any], int | None, str | None]:
            async with websockets.connect(f"{server.ws}/ws/nosuchtable") as ws:
                told = json.loads(await ws.recv())
                with pytest.raises(websockets.ConnectionClosed):
                    await ws.recv()
                return told, ws.close_code, ws.close_reason

        told, close_code, close_reason = asyncio.run(asyncio.wait_for(no_such_table(), timeout=30))
        assert (told["type"], told["code"], told["values"]) == (
            "error",
            "no_table",
            {"table": "nosuchtable"},
        )
        assert (close_code, close_reason) == (4004, "no_table")


def test_an_action_without_a_whole_seq_is_not_understood(tmp_path: Path) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        made = post(server, "/api/tables", {"name": "Ana", "seats": ["human", "random", "random"]})

        async def play() -> tuple[list[str], int, dict[str, Any]]:
            async with websockets.connect(f"{server.ws}/ws/{made['table']}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
                msg: dict[str, Any] = {}
                while msg.get("view", {}).get("to_act") != 0:
                    msg = json.loads(await ws.recv())
                seq, action = msg["seq"], msg["view"]["legal_actions"][0]
                codes = []
                for bad in ({}, {"seq": "x"}, {"seq": -5}, {"seq": None}, {"seq": True}):
                    await ws.send(json.dumps({"type": "act", "action": action, **bad}))
                    reply = json.loads(await ws.recv())
                    while reply["type"] not in ("error", "update"):  # an update: it was played
                        reply = json.loads(await ws.recv())
                    codes.append(reply.get("code", reply["type"]))
                    assert "seq" in reply["message"]
                # None of them was played: the right seq still fits, and is played.
                await ws.send(json.dumps({"type": "act", "action": action, "seq": seq}))
                update = json.loads(await ws.recv())
                while update["type"] != "update":
                    update = json.loads(await ws.recv())
                return codes, seq, update

        codes, seq, update = asyncio.run(asyncio.wait_for(play(), timeout=60))
        assert codes == ["bad_message"] * 5
        assert update["seq"] == seq + 1
        assert update["step"]["seat"] == 0


def test_the_page_sends_the_seq_with_every_action() -> None:
    app_js = (STATIC / "app.js").read_text(encoding="utf-8")
    acts = re.findall(r'\{type: "act"[^}]*\}', app_js)
    assert acts == ['{type: "act", action, seq}']  # one place sends an action
    # ... with the seq of the position the player saw, once per position (a double click).
    act = app_js[app_js.index("  act(action) {") :]
    act = act[: act.index("\n  }\n")]
    assert "const seq = this.state.seq;" in act
    assert "if (this.sentSeq === seq) return;" in act
