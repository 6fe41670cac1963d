"""A web bot that fails is taken over and recorded like any other seat (R-SEAT-1), over sockets.

The web room plays its match at a :class:`~whist_ro.table.Table`: a bot that
raises, or that overruns the table's time limit, loses its seat to its
fallback, and the takeover is in every seat's messages and in the stored
record, as at any table.  (Before the room ran a Table, a web bot that
raised was silently replaced by the first legal action, and web bots had no
time limit.)  uvicorn serves the app in a thread of this process, on
127.0.0.1, so the test can seat bots of its own.
"""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import websockets

from test_web_hostile import ThreadServer, make_table
from whist_ro import records
from whist_ro.views import PlayerView
from whist_ro.web import create_app
from whist_ro.web import room as web_room

RELEASE = threading.Event()  # lets an overrunning bot's abandoned thread end after its test


class BrokenBot:
    """A bot whose every decision raises."""

    def __init__(self, *, seed: object = None) -> None:
        self.seed = seed

    def act(self, view: PlayerView) -> Any:
        raise RuntimeError("the bot broke")


class StuckBot:
    """A bot that never answers while the test runs (it waits on an event set at the end)."""

    def __init__(self, *, seed: object = None) -> None:
        self.seed = seed

    def act(self, view: PlayerView) -> Any:
        RELEASE.wait()
        return view.legal_actions[0]


async def play_to_the_end(ws_url: str, token: str) -> list[dict[str, Any]]:
    """Ana plays the first legal action whenever asked; every message, to the match's end."""
    told: list[dict[str, Any]] = []
    async with websockets.connect(ws_url) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        async for text in ws:
            message = json.loads(text)
            told.append(message)
            assert message["type"] != "error", message
            if message["type"] not in ("state", "update"):
                continue
            if message["status"] == "over":
                return told
            view = message["view"]
            if view["to_act"] == view["seat"] and view["legal_actions"]:
                act = {"type": "act", "action": view["legal_actions"][0], "seq": message["seq"]}
                await ws.send(json.dumps(act))
    raise AssertionError("the table closed Ana's connection")


def stored_record(url: str, table: str) -> records.Record:
    with urllib.request.urlopen(f"{url}/api/tables/{table}/record", timeout=30) as response:
        return records.loads(response.read().decode())


@pytest.mark.parametrize(
    ("bot", "fields", "reason"),
    [
        (BrokenBot, {}, "raised RuntimeError: the bot broke"),
        (StuckBot, {"time_limit": 0.5}, "took longer than the 0.5 s limit"),
    ],
    ids=["raises", "overruns"],
)
def test_R_SEAT_1_a_web_bot_that_raises_or_overruns_is_taken_over_and_recorded(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    bot: type,
    fields: dict[str, Any],
    reason: str,
) -> None:
    monkeypatch.setitem(web_room.BOTS, "random", bot)
    RELEASE.clear()
    app = create_app(db=tmp_path / "web.sqlite3", bot_delay=0)
    try:
        with ThreadServer(app) as server:
            made = make_table(server.url, ["human", "random", "rule"], **fields)
            told = asyncio.run(
                asyncio.wait_for(
                    play_to_the_end(f"{server.ws}/ws/{made['table']}", made["token"]),
                    timeout=120,
                )
            )
            record = stored_record(server.url, made["table"])
    finally:
        RELEASE.set()
    # Seat 1's bot lost its seat to its fallback, with the table's reason ...
    bots = [t for t in record.takeovers if t.seat == 1]
    assert len(bots) == 1, record.takeovers
    (takeover,) = bots
    assert takeover.reason == reason
    assert (takeover.agent, takeover.by) == (f"{bot.__name__} 1", "RuleBot 1")
    if bot is BrokenBot:
        assert takeover.error == "RuntimeError"
        assert "the bot broke" in (takeover.traceback or "")
    # ... every seat was told (the last state a seat saw lists it), and the record holds it.
    last = next(m for m in reversed(told) if "takeovers" in m)
    assert any(t["seat"] == 1 and t["reason"] == reason for t in last["takeovers"])
    assert records.adjudicate(record).ok
