"""The web table against hostile clients and real faults, over real sockets and a real SQLite file.

Some tests run ``whist-ro serve`` in a subprocess (:class:`conftest.WebServer`);
the ones that must see inside the server (a connection object's weak
reference, the database connection's page limit) run the same application
with uvicorn in a thread of this process (:class:`ThreadServer`), still on
127.0.0.1 and a real file.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import socket
import sqlite3
import threading
import time
import urllib.error
import urllib.request
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
import uvicorn
import websockets
from starlette.applications import Starlette
from starlette.websockets import WebSocket

from conftest import WebServer
from whist_ro.errors import RoomError
from whist_ro.web import Limits, create_app
from whist_ro.web.room import Lobby
from whist_ro.web.store import Store

T = TypeVar("T")


def request(
    url: str, body: bytes | None = None, *, method: str | None = None
) -> tuple[int, dict[str, Any]]:
    """An HTTP request; its status and JSON answer, whatever the status."""
    sent = urllib.request.Request(
        url, data=body, method=method, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(sent, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def until(check: Callable[[], bool], *, timeout: float = 30.0, what: str = "") -> None:
    """Poll ``check`` until it holds; fail after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, f"timed out waiting for {what or check}"
        time.sleep(0.02)


class ThreadServer:
    """``app`` served by uvicorn in a thread of this process, on 127.0.0.1 and a free port.

    ``send_buffer`` sets ``SO_SNDBUF`` of the server's sockets: loopback gives
    each about 4 MB, which holds several whole matches of messages, where a
    path across a real network holds far less before a send has to wait.
    :meth:`call` runs a function in the server's event loop.
    """

    def __init__(self, app: Starlette, *, send_buffer: int | None = None) -> None:
        self.app = app
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if send_buffer is not None:  # inherited by every accepted socket
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
        listener.bind(("127.0.0.1", 0))
        self.port = listener.getsockname()[1]
        self.listener = listener
        config = uvicorn.Config(
            app,
            log_level="warning",
            lifespan="on",
            ws_max_size=65_536,
            server_header=False,
            timeout_graceful_shutdown=5,
        )
        self.server = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(
            target=self.loop.run_until_complete,
            args=(self.server.serve(sockets=[listener]),),
            daemon=True,
        )
        self.thread.start()
        until(lambda: self.server.started, what="uvicorn to start")

    def call(self, function: Callable[[], T]) -> T:
        """``function()`` run in the server's event loop; its result."""

        async def run() -> T:
            return function()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout=30)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def __enter__(self) -> ThreadServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)
        if not self.thread.is_alive():
            self.loop.close()
        self.listener.close()


def make_table(url: str, seats: list[str], **fields: object) -> dict[str, Any]:
    body = {"name": "Ana", "seats": seats, **fields}
    status, made = request(f"{url}/api/tables", json.dumps(body).encode())
    assert status == 201, made
    return made


# -- item 11: JSON nested past the limit is refused, never a RecursionError -------------------


def test_deeply_nested_json_is_refused_with_a_reason_over_http_and_the_socket(
    tmp_path: Path,
) -> None:
    deep = "[" * 3000 + "]" * 3000  # 6,000 characters: within the 16 KiB a request may hold
    with WebServer(tmp_path / "web.sqlite3") as server:
        made = make_table(server.url, ["human", "human", "rule"])
        for path in (
            "/api/tables",
            f"/api/tables/{made['table']}/join",
            f"/api/tables/{made['table']}/start",
            "/api/referee",
        ):
            body = f'{{"name": {deep}}}' if path != "/api/referee" else f'{{"text": {deep}}}'
            status, answer = request(f"{server.url}{path}", body.encode())
            assert (status, answer["code"]) == (400, "bad_json"), (path, answer)

        async def socket() -> list[dict[str, Any]]:
            got: list[dict[str, Any]] = []
            async with websockets.connect(f"{server.ws}/ws/{made['table']}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
                await ws.send(
                    "[" * 2000 + "]" * 2000
                )  # under the 4,096 characters a message may hold
                await ws.send(json.dumps({"type": "ping"}))
                async for text in ws:
                    got.append(json.loads(text))
                    if got[-1]["type"] == "pong":
                        break
            return got

        got = asyncio.run(asyncio.wait_for(socket(), timeout=30))
        errors = [m for m in got if m["type"] == "error"]
        assert [m["code"] for m in errors] == ["bad_message"]
        assert "nested 2000 deep; at most 32" in errors[0]["message"]
        assert got[-1]["type"] == "pong"  # the connection stays
        server.stop()
    assert "RecursionError" not in server.output, server.output[-3000:]
    assert "Exception" not in server.output, server.output[-3000:]


# -- item 2: a client that stops reading is dropped, and the table plays on ---------------


def stuck_spectator(port: int, table: str) -> socket.socket:
    """A spectator that says hello and never reads again, on a socket with a small buffer.

    ``SO_RCVBUF`` is set before ``connect`` so the window the client offers stays
    small; else loopback would absorb thousands of messages before a send waits.
    """
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    raw.settimeout(30)
    raw.connect(("127.0.0.1", port))
    raw.sendall(
        f"GET /ws/{table} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += raw.recv(1)  # the handshake only, byte by byte: nothing of the messages
    assert answer.startswith(b"HTTP/1.1 101"), answer
    hello = b'{"type": "hello"}'
    mask = b"\x01\x02\x03\x04"
    raw.sendall(
        bytes([0x81, 0x80 | len(hello)])
        + mask
        + bytes(b ^ mask[i % 4] for i, b in enumerate(hello))
    )
    return raw


def sockets_to(path: str) -> list[WebSocket]:
    """The server's WebSocket objects open on ``path``, found among every live object."""
    return [o for o in gc.get_objects() if type(o) is WebSocket and o.url.path == path]


@pytest.mark.parametrize(
    "limits",
    [
        pytest.param(Limits(send_seconds=2.0), id="a send past its deadline"),
        pytest.param(Limits(send_seconds=3600.0, queue_bytes=40_000), id="the queue's bytes"),
        pytest.param(Limits(send_seconds=3600.0, queue_messages=30), id="the queue's messages"),
    ],
)
def test_spectators_that_never_read_are_dropped_and_the_table_plays_on(
    tmp_path: Path, limits: Limits
) -> None:
    app = create_app(db=tmp_path / "web.sqlite3", bot_delay=0.02, limits=limits)
    with ThreadServer(app, send_buffer=8192) as server:
        # The table waits for Ana (seat 0) until she connects, and then plays on her moves.
        made = make_table(server.url, ["human", "rule", "rule", "rule"])
        path = f"/ws/{made['table']}"
        stuck = [stuck_spectator(server.port, made["table"]) for _ in range(20)]
        try:
            until(
                lambda: len(app.state.connections) == 20 and len(sockets_to(path)) >= 20,
                what="the 20 spectators' sockets and connections",
            )
            refs = [weakref.ref(ws) for ws in sockets_to(path)]  # Starlette's (two each)
            refs += [weakref.ref(conn) for conn in app.state.connections]

            def gone() -> bool:
                gc.collect()
                return all(ref() is None for ref in refs)

            async def play() -> tuple[int, int]:
                """Ana plays until the stuck ones are gone and 20 actions more; the seqs."""
                dropped_at: int | None = None
                checked = time.monotonic()
                async with websockets.connect(f"{server.ws}{path}") as ws:
                    await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
                    async for text in ws:
                        message = json.loads(text)
                        assert message["type"] != "error", message
                        if message["type"] not in ("state", "update"):
                            continue
                        seq = message["seq"]
                        if dropped_at is None and time.monotonic() - checked > 0.25:
                            checked = time.monotonic()
                            dropped_at = seq if gone() else None
                        if dropped_at is not None and seq >= dropped_at + 20:
                            return dropped_at, seq
                        assert message["status"] == "playing", "over before the drops"
                        view = message["view"]
                        if view["to_act"] == view["seat"]:
                            act = {"type": "act", "action": view["legal_actions"][0], "seq": seq}
                            await ws.send(json.dumps(act))
                raise AssertionError("the table closed Ana's connection")

            dropped_at, last = asyncio.run(asyncio.wait_for(play(), timeout=120))
            assert last >= dropped_at + 20  # the table played on
        finally:
            for raw in stuck:
                raw.close()


def test_one_address_cannot_fill_the_server_with_tables_that_start_at_once(
    tmp_path: Path,
) -> None:
    # A table with bots in every other seat starts at once, so it never waits: before, no
    # limit of one address counted it, and such tables filled max_tables for everyone.
    app = create_app(
        db=tmp_path / "web.sqlite3",
        bot_delay=3600.0,  # the bots do not finish a match while the test runs
        max_tables=4,
        open_per_address=2,
        forwarded_allow_ips=["127.0.0.1"],
    )
    with ThreadServer(app) as server:

        def make(client: str) -> tuple[int, dict[str, Any]]:
            body = json.dumps({"name": "Ana", "seats": ["human", "rule", "rule"]}).encode()
            sent = urllib.request.Request(
                f"{server.url}/api/tables",
                data=body,
                headers={"Content-Type": "application/json", "X-Forwarded-For": client},
            )
            try:
                with urllib.request.urlopen(sent, timeout=60) as response:
                    return response.status, json.loads(response.read())
            except urllib.error.HTTPError as error:
                return error.code, json.loads(error.read())

        assert [make("203.0.113.9")[0] for _ in range(2)] == [201, 201]
        status, refusal = make("203.0.113.9")
        assert (status, refusal["code"], refusal["values"]) == (
            429,
            "too_many_open",
            {"limit": 2},
        )
        assert make("198.51.100.1")[0] == 201  # another client still gets a table


def test_connections_are_capped_per_table_and_on_the_server(tmp_path: Path) -> None:
    app = create_app(db=tmp_path / "web.sqlite3", limits=Limits(connections=5, table_connections=3))
    with ThreadServer(app) as server:
        one, two = (make_table(server.url, ["human", "human", "rule"])["table"] for _ in "12")

        async def check() -> None:
            async with contextlib.AsyncExitStack() as stack:

                async def open_to(table: str) -> None:
                    ws = await stack.enter_async_context(
                        websockets.connect(f"{server.ws}/ws/{table}")
                    )
                    await ws.send(json.dumps({"type": "hello"}))
                    assert json.loads(await ws.recv())["type"] == "welcome"

                async def refused(table: str) -> tuple[dict[str, Any], int | None]:
                    async with websockets.connect(f"{server.ws}/ws/{table}") as ws:
                        told = json.loads(await ws.recv())
                        with pytest.raises(websockets.ConnectionClosed):
                            await ws.recv()
                        return told, ws.close_code

                for table, room_for, cap in ((one, 3, 3), (two, 2, 5)):  # the table's, the server's
                    for _ in range(room_for):
                        await open_to(table)
                    told, code = await refused(table)
                    assert (told["code"], told["values"], code) == (
                        "too_many_connections",
                        {"limit": cap},
                        1013,
                    )
            until(lambda: not app.state.connections, what="the connections to close")
            async with websockets.connect(f"{server.ws}/ws/{one}") as ws:  # room again
                await ws.send(json.dumps({"type": "hello"}))
                assert json.loads(await ws.recv())["type"] == "welcome"

        asyncio.run(asyncio.wait_for(check(), timeout=60))


def test_one_address_cannot_take_every_connection_and_lock_the_players_out(
    tmp_path: Path,
) -> None:
    # Behind a proxy on 127.0.0.1, so that two client addresses can be told apart.
    app = create_app(
        db=tmp_path / "web.sqlite3",
        limits=Limits(connections=6, address_connections=3),
        forwarded_allow_ips=["127.0.0.1"],
    )
    with ThreadServer(app) as server:
        made = make_table(server.url, ["human", "human", "rule"])
        ws_url = f"{server.ws}/ws/{made['table']}"

        async def check() -> None:
            async with contextlib.AsyncExitStack() as stack:
                hostile = {"X-Forwarded-For": "203.0.113.9"}
                for _ in range(3):
                    ws = await stack.enter_async_context(
                        websockets.connect(ws_url, additional_headers=hostile)
                    )
                    await ws.send(json.dumps({"type": "hello"}))
                    assert json.loads(await ws.recv())["type"] == "welcome"
                async with websockets.connect(ws_url, additional_headers=hostile) as ws:
                    told = json.loads(await ws.recv())
                    with pytest.raises(websockets.ConnectionClosed):
                        await ws.recv()
                assert (told["code"], told["values"], ws.close_code) == (
                    "too_many_connections",
                    {"limit": 3},
                    1013,
                )
                # The table's maker, from another address, still gets in.
                player = {"X-Forwarded-For": "198.51.100.1"}
                async with websockets.connect(ws_url, additional_headers=player) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
                    assert json.loads(await ws.recv())["seat"] == 0

        asyncio.run(asyncio.wait_for(check(), timeout=60))


# -- item 5: a database that refuses a write pauses the table; nothing is lost ---------------


async def watch_through_a_fault(
    ws_url: str, *, fault: Callable[[], object], mend: Callable[[], object]
) -> list[dict[str, Any]]:
    """Watch a table to its end; ``fault()`` after 5 updates, ``mend()`` at the second pause."""
    got: list[dict[str, Any]] = []
    async with websockets.connect(ws_url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        async for text in ws:
            message = json.loads(text)
            got.append(message)
            kinds = [m["type"] for m in got]
            if message["type"] == "update" and kinds.count("update") == 5:
                fault()
            if message["type"] == "paused" and kinds.count("paused") == 2:
                mend()  # the table has tried again at least once, and waits on
            if message.get("status") == "over":
                return got
    raise AssertionError("the table closed the connection")


def check_nothing_lost(got: list[dict[str, Any]], db: Path, table: str) -> None:
    """Every update in order, each stored, the pause told before the resumption."""
    kinds = [m["type"] for m in got]
    first, resumed = kinds.index("paused"), kinds.index("resumed")
    assert first < resumed
    assert "update" not in kinds[first:resumed]  # nothing is played while paused
    seqs = [m["seq"] for m in got if m["type"] == "update"]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))  # none skipped, none twice
    with sqlite3.connect(db) as check:
        stored = [
            row[0]
            for row in check.execute(
                "SELECT seq FROM actions WHERE table_id = ? ORDER BY seq", (table,)
            )
        ]
    assert stored == list(range(1, seqs[-1] + 1))  # every action told is on disk
    assert got[-1]["status"] == "over"


def test_a_locked_database_pauses_the_table_which_resumes_when_the_lock_goes(
    tmp_path: Path,
) -> None:
    db = tmp_path / "web.sqlite3"
    with WebServer(db, "--busy-timeout", "100", "--bot-delay", "0.01") as server:
        made = make_table(server.url, ["human", "rule", "rule"], grace=0)  # bots only
        other = sqlite3.connect(db, isolation_level=None, timeout=30)

        got = asyncio.run(
            asyncio.wait_for(
                watch_through_a_fault(
                    f"{server.ws}/ws/{made['table']}",
                    fault=lambda: other.execute("BEGIN EXCLUSIVE"),
                    mend=lambda: other.execute("ROLLBACK"),
                ),
                timeout=120,
            )
        )
        other.close()
        paused = next(m for m in got if m["type"] == "paused")
        assert paused["code"] == "paused"
        assert paused["values"]["reason"] == "database is locked"
        check_nothing_lost(got, db, made["table"])
        server.stop()
    assert "Traceback" not in server.output, server.output[-3000:]


def test_a_full_disk_pauses_the_table_which_resumes_when_there_is_room(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    app = create_app(db=db, bot_delay=0.01)
    with ThreadServer(app) as server:
        made = make_table(server.url, ["human", "rule", "rule"], grace=0)  # bots only
        connection = app.state.lobby.store._db  # the server's own: the limit is per connection

        def full() -> None:
            pages = connection.execute("PRAGMA page_count").fetchone()[0]
            connection.execute(f"PRAGMA max_page_count = {pages}")

        def room() -> None:
            connection.execute("PRAGMA max_page_count = 1073741823")

        got = asyncio.run(
            asyncio.wait_for(
                watch_through_a_fault(
                    f"{server.ws}/ws/{made['table']}",
                    fault=lambda: server.call(full),
                    mend=lambda: server.call(room),
                ),
                timeout=120,
            )
        )
        paused = next(m for m in got if m["type"] == "paused")
        assert paused["values"]["reason"] == "database or disk is full"
        check_nothing_lost(got, db, made["table"])
        status, record = request(f"{server.url}/api/tables/{made['table']}/record")
        assert status == 200
        assert record["format"] == "whist-ro-record"


class Collect:
    """A room's client that keeps what it is sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        self.messages.append(json.loads(text))

    def close(self, code: int) -> None:
        pass

    def kinds(self) -> list[str]:
        return [m["type"] for m in self.messages]


def test_while_paused_the_action_waits_stored_a_second_is_refused_and_a_newcomer_is_told(
    tmp_path: Path,
) -> None:
    async def body() -> None:
        store = Store(tmp_path / "web.sqlite3")
        lobby = Lobby(store, bot_delay=0)
        try:
            room, _, ana = lobby.create(
                variant="romanian", seats=["human", "human", "human"], name="Ana"
            )
            tokens = [ana, room.claim("Bo")[1], room.claim("Cici")[1]]
            watcher = Collect()
            room.connect(watcher, None)
            m = room.match
            assert m is not None
            assert m.to_act is not None
            first = m.legal_actions()[0]
            pages = store._db.execute("PRAGMA page_count").fetchone()[0]
            store._db.execute(f"PRAGMA max_page_count = {pages}")
            for _ in range(200):  # fill the last page with one action after another
                m = room.match
                assert m is not None
                assert m.to_act is not None
                first = m.legal_actions()[0]
                room.act(tokens[m.to_act], first.to_dict(), seq=room.seq)
                if room.paused:
                    break
            assert room.paused
            assert watcher.kinds()[-1] == "paused"
            waiting = room.seq  # the action the database refused is not played yet...
            newcomer = Collect()
            room.connect(newcomer, None)
            assert newcomer.kinds() == ["welcome", "state", "paused"]
            m = room.match
            assert m is not None
            assert m.to_act is not None
            with pytest.raises(RoomError) as refused:
                room.act(tokens[m.to_act], m.legal_actions()[0].to_dict(), seq=room.seq)
            assert refused.value.code == "paused"
            store._db.execute("PRAGMA max_page_count = 1073741823")
            loop = asyncio.get_running_loop()
            end = loop.time() + 30
            while room.paused:
                assert loop.time() < end, "still paused"
                await asyncio.sleep(0.01)
            assert room.seq == waiting + 1  # ... and is played once stored
            assert watcher.kinds()[-2:] == ["resumed", "update"]
            step = watcher.messages[-1]["step"]
            assert {k: step[k] for k in first.to_dict()} == first.to_dict()
            assert store.load(room.id).actions[-1] == first.to_dict()
        finally:
            lobby.close()
            store.close()

    asyncio.run(body())


# -- item 10: the referee judges a bounded number of uploads, and a client a few ----------------


def held_upload(port: int) -> socket.socket:
    """An upload to the referee that sends its headers and half its body, then waits."""
    body = json.dumps({"text": "variant: romanian\n"}).encode()
    raw = socket.create_connection(("127.0.0.1", port), timeout=60)
    raw.sendall(
        f"POST /api/referee HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode()
        + body[:5]
    )
    return raw


def finish_upload(raw: socket.socket) -> int:
    """Send the rest of a held upload; the status of its answer."""
    body = json.dumps({"text": "variant: romanian\n"}).encode()
    raw.sendall(body[5:])
    answer = b""
    while b"\r\n" not in answer:
        answer += raw.recv(4096)
    raw.close()
    return int(answer.split()[1])


def referee(url: str) -> tuple[int, dict[str, Any]]:
    return request(f"{url}/api/referee", json.dumps({"text": "variant: romanian\n"}).encode())


def test_the_referee_answers_429_past_its_queue_and_past_a_clients_share(tmp_path: Path) -> None:
    app = create_app(
        db=tmp_path / "web.sqlite3",
        limits=Limits(referee_workers=1, referee_queue=2, referee_at_once=10),
    )
    with ThreadServer(app) as server:
        assert referee(server.url)[0] == 200  # the worker process is up
        held = [held_upload(server.port) for _ in range(3)]
        until(lambda: app.state.referee.under_way == 3, what="3 uploads under way")
        status, refused = referee(server.url)
        assert (status, refused["code"], refused["values"]) == (429, "referee_busy", {"limit": 3})
        assert [finish_upload(raw) for raw in held] == [200, 200, 200]
        until(lambda: app.state.referee.under_way == 0, what="the queue to empty")
        assert referee(server.url)[0] == 200

    app = create_app(
        db=tmp_path / "web.sqlite3", limits=Limits(referee_at_once=1, referee_per_minute=3)
    )
    with ThreadServer(app) as server:
        held = [held_upload(server.port)]
        until(lambda: app.state.referee.under_way == 1, what="an upload under way")
        status, refused = referee(server.url)  # the same address, while one is under way
        assert (status, refused["code"]) == (429, "too_many_uploads")
        assert refused["values"] == {"at_once": 1, "per_minute": 3.0}
        assert finish_upload(held[0]) == 200
        until(lambda: app.state.referee.under_way == 0, what="the upload to be judged")
        assert [referee(server.url)[0] for _ in range(3)] == [200, 200, 429]  # 3 a minute


def test_a_server_that_used_the_referee_stops_with_a_clean_log(tmp_path: Path) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        assert referee(server.url)[0] == 200  # its worker process started
        server.stop()
    # Its workers are waited for: no "leaked semaphore objects" from multiprocessing.
    assert "Warning" not in server.output, server.output[-2000:]
    assert "leaked" not in server.output, server.output[-2000:]
