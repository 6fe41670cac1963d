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
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import websockets

import whist_ro as wr
from conftest import WebServer
from whist_ro import Card, Match, records, variants
from whist_ro.views import public_view, view_of

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
