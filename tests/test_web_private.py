"""Private tables: reached only through their invite link, never listed in the lobby.

Over real sockets: ``whist-ro serve`` in a subprocess on 127.0.0.1 with a real SQLite
file (:class:`conftest.WebServer`), HTTP requests and a WebSocket, and a restart that
reads the tables back from the file.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import websockets

from conftest import WebServer
from test_web_lifecycle import SEATS, answer, table_row
from whist_ro.web.store import Store, TableRow


def listed(server: WebServer) -> tuple[list[str], int]:
    """The ids the lobby lists, every page of it, and the ``total`` it gives."""
    ids: list[str] = []
    offset: int | None = 0
    total = -1
    while offset is not None:
        status, page = answer(server, f"/api/tables?offset={offset}&limit=1")
        assert status == 200
        ids += [t["id"] for t in page["tables"]]
        total, offset = page["total"], page["next"]
    return ids, total


def short_variant(server: WebServer) -> dict[str, Any]:
    """Romanian whist of two 1-card rounds, as a variant object (so a match ends soon)."""
    _, setup = answer(server, "/api/setup")
    variant: dict[str, Any] = dict(setup["presets"]["romanian"]["variant"])
    variant.update(name="romanian-short", schedule=[1, 1])
    return variant


async def watch(server: WebServer, table: str) -> list[str]:
    """A spectator's first two messages on the table's socket: their types."""
    async with websockets.connect(f"{server.ws}/ws/{table}") as ws:
        await ws.send(json.dumps({"type": "hello"}))
        return [json.loads(await ws.recv())["type"] for _ in range(2)]


async def watch_to_the_end(server: WebServer, table: str) -> None:
    """Return once the table's socket says its match is over (its first state, if it is)."""
    async with websockets.connect(f"{server.ws}/ws/{table}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        async for text in ws:
            msg = json.loads(text)
            if msg["type"] in ("state", "update") and msg["status"] == "over":
                return


def test_a_private_table_is_reached_by_its_invite_only_and_a_restart_keeps_it_so(
    tmp_path: Path,
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        shown = answer(server, "/api/tables", {"name": "Ana", "seats": ["human", "human", "rule"]})
        hidden = answer(
            server,
            "/api/tables",
            {"name": "Ana", "seats": ["human", "human", "rule"], "private": True},
        )
        # A private match nobody plays: grace 0 and no one connected, so the stand-in bot
        # takes the maker's seat at once and the bots play it to its end.
        done = answer(
            server,
            "/api/tables",
            {
                "name": "Cici",
                "variant": short_variant(server),
                "seats": ["human", "random", "random"],
                "grace": 0,
                "private": True,
            },
        )
        assert [status for status, _ in (shown, hidden, done)] == [201, 201, 201]
        public, secret, over = (made["table"] for _, made in (shown, hidden, done))
        asyncio.run(asyncio.wait_for(watch_to_the_end(server, over), timeout=120))
        # The lobby lists the public table only, and counts only it.
        assert listed(server) == ([public], 1)
        # The invite opens the private table: its page, its entry, a seat, a spectator's view.
        invite = hidden[1]["invite"]
        assert invite == f"{server.url}/t/{secret}"
        with urllib.request.urlopen(invite, timeout=10) as page:
            assert page.status == 200
        status, entry = answer(server, f"/api/tables/{secret}")
        assert (status, entry["private"], entry["status"]) == (200, True, "waiting")
        assert answer(server, f"/api/tables/{public}")[1]["private"] is False
        status, joined = answer(server, f"/api/tables/{secret}/join", {"name": "Bo"})
        assert (status, joined["seat"]) == (200, 1)
        assert asyncio.run(watch(server, secret)) == ["welcome", "state"]
        assert answer(server, f"/api/tables/{over}")[1]["private"] is True
        with urllib.request.urlopen(f"{server.url}/api/tables/{over}/record", timeout=10) as r:
            assert json.loads(r.read())["players"][0] == "Cici"
        server.kill()  # a crash: everything is read back from the file
        server.start()
        assert listed(server) == ([public], 1)
        status, entry = answer(server, f"/api/tables/{secret}")
        assert (status, entry["private"], entry["status"]) == (200, True, "playing")
        status, entry = answer(server, f"/api/tables/{over}")
        assert (status, entry["private"], entry["status"]) == (200, True, "over")
        assert asyncio.run(watch(server, secret)) == ["welcome", "state"]
    with sqlite3.connect(tmp_path / "web.sqlite3") as raw:
        stored = dict(raw.execute("SELECT id, private FROM tables"))
    assert stored == {public: 0, secret: 1, over: 1}


@pytest.mark.parametrize("junk", ["yes", 1, 0, None, [], {"private": True}])
def test_private_must_be_true_or_false(tmp_path: Path, junk: object) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        body = {"name": "Ana", "seats": ["human", "human", "rule"], "private": junk}
        status, refusal = answer(server, "/api/tables", body)
        assert (status, refusal["code"]) == (400, "bad_request")
        assert f"private must be true or false, not {junk!r}" in refusal["message"]
        assert refusal["values"]["field"] == "private"
    with sqlite3.connect(tmp_path / "web.sqlite3") as raw:
        assert raw.execute("SELECT count(*) FROM tables").fetchone() == (0,)  # none was made


def test_the_store_keeps_a_private_finished_table_out_of_the_listing(tmp_path: Path) -> None:
    store = Store(tmp_path / "web.sqlite3")
    for table_id, private in (("open", False), ("closed", True)):
        row: TableRow = table_row(table_id, status="playing")._replace(private=private)
        store.create_table(row, SEATS)
        store.finish(table_id, summary={"id": table_id}, record="{}")
    assert [t.private for t in store.tables()] == [False, True]
    assert store.finished() == [{"id": "open", "private": False}]
    assert store.count_finished() == 1
    assert store.summary("closed") == {"id": "closed", "private": True}  # by its id, still
    store.close()
