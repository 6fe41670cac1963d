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
import json
import random
import socket
import subprocess
import sys
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
            for origin in ("https://evil.example", "http://whist.example.org", "null"):
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
        assert errors == ["bad_message"] * 3 + ["not_started", "not_started", "not_taken_over"]
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
