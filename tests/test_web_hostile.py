"""The web table against hostile clients and real faults, over real sockets and a real SQLite file.

Some tests run ``whist-ro serve`` in a subprocess (:class:`conftest.WebServer`);
the ones that must see inside the server (a connection object's weak
reference, the database connection's page limit) run the same application
with uvicorn in a thread of this process (:class:`ThreadServer`), still on
127.0.0.1 and a real file.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn
import websockets
from starlette.applications import Starlette

from conftest import WebServer


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
    """``app`` served by uvicorn in a thread of this process, on 127.0.0.1 and a free port."""

    def __init__(self, app: Starlette) -> None:
        self.app = app
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("127.0.0.1", 0))
        self.port = listener.getsockname()[1]
        self.listener = listener
        config = uvicorn.Config(
            app, log_level="warning", lifespan="on", ws_max_size=65_536, server_header=False
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [listener]}, daemon=True
        )
        self.thread.start()
        until(lambda: self.server.started, what="uvicorn to start")

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
        self.listener.close()


def make_table(url: str, seats: list[str], name: str = "Ana") -> dict[str, Any]:
    status, made = request(f"{url}/api/tables", json.dumps({"name": name, "seats": seats}).encode())
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
