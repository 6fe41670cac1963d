"""The ASGI application behind ``whist-ro serve``: the page, the lobby's JSON API, the tables'
WebSocket, and the referee.

Routes (see ``docs/web.md`` for the messages):

- ``GET /``, ``/t/{table}``, ``/referee``: the page (plain HTML, CSS and
  JavaScript from the package); ``GET /static/...`` its files;
- ``GET /api/setup``: the presets, bots and house-rule fields for the form;
- ``GET /api/rules``: the rule book's titles and summaries, by rule ID;
- ``GET /api/tables``, ``POST /api/tables``: list, create;
- ``GET /api/tables/{table}``, ``POST /api/tables/{table}/join``,
  ``POST /api/tables/{table}/start``, ``GET /api/tables/{table}/record``;
- ``POST /api/referee``: adjudicate a record, a round or a score sheet;
- ``WS /ws/{table}``: play or watch one table.

The page speaks English or Romanian (see :func:`create_app`): the server
writes the chosen language into the page, and the page asks for it in
every request (the ``X-Whist-Ro-Lang`` header, ``lang`` in the referee's
request and the table's hello), so refusals, rule texts and verdicts come
in the page's language.

>>> app = create_app(db=":memory:")
>>> sorted(r.path for r in app.routes)[:3]
['/', '/api/referee', '/api/rules']
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ipaddress
import json
import logging
import math
import multiprocessing
import os
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from importlib import resources
from typing import Any, Final
from urllib.parse import urlsplit

import attrs
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from whist_ro import locale, variants
from whist_ro._check import excerpt, is_whole, whole_setting
from whist_ro._immutable import Immutable
from whist_ro.errors import ConfigurationError, IllegalActionError, RoomError, WhistError
from whist_ro.locale import N_
from whist_ro.records.schema import scan_json
from whist_ro.rules.book import RULES
from whist_ro.web.referee import analyse_record, judge_record, judge_sheet
from whist_ro.web.room import BOTS, Lobby, check_bot, clip
from whist_ro.web.store import Store
from whist_ro.web.text import say

__all__ = ["Limits", "create_app"]

log = logging.getLogger("whist_ro.web")

STATIC: Final = resources.files("whist_ro.web") / "static"
PAGE: Final = (STATIC / "index.html").read_text(encoding="utf-8")
"""The page, into which each response writes its language (``<html lang=...>``)."""


_COUNT: Final = whole_setting("Limits", low=1)
_NOT_ABOVE_ZERO: Final = N_("{name} must be a number above 0, not {value}")


def _above_zero(_: object, attribute: attrs.Attribute[float], value: object) -> None:
    """A limit's validator: a finite number above 0 (Limits makes it a float)."""
    number = is_whole(value) or isinstance(value, float)
    if not (number and math.isfinite(value) and value > 0):  # type: ignore[arg-type, operator]
        evidence = {"name": f"Limits.{attribute.name}", "value": excerpt(value)}
        raise ConfigurationError(_NOT_ABOVE_ZERO, field=attribute.name, evidence=evidence)


_RATES: Final = ("per_second", "send_seconds", "referee_per_minute")


@attrs.frozen(kw_only=True)
class Limits(Immutable):
    """The server's limits: what a client may send, what it must take, how many at once.

    ``message_bytes`` caps one WebSocket message, ``per_second`` and
    ``burst`` its rate (a token bucket: ``burst`` at once, then
    ``per_second``), ``http_bytes`` a lobby request's body and
    ``referee_bytes`` an upload to the referee; ``json_depth`` is the
    deepest nesting of lists and objects the server reads in any of them
    (a table's own messages need 4, a variant object 3).

    What the server sends: a client that has not taken a message within
    ``send_seconds``, or has ``queue_messages`` messages or ``queue_bytes``
    bytes waiting (the UTF-8 the socket sends), is dropped (closed with 4009).  ``connections``
    caps the WebSockets open at once on the server, ``table_connections``
    on one table (people and spectators;
    spectators are also capped at 200 a table), ``address_connections``
    those from one client address (see :class:`Proxies`), so that one
    client cannot take every place and lock the players out; one over a
    cap is told ``too_many_connections`` and closed with 1013.

    The referee judges in ``referee_workers`` processes of its own, and
    holds at most ``referee_queue`` more uploads waiting (an upload counts
    from its first byte); one more is answered 429 ``referee_busy``.  One
    client address may have ``referee_at_once`` uploads under way and send
    ``referee_per_minute`` a minute; past that, 429 ``too_many_uploads``.

    >>> Limits().referee_workers, Limits().referee_queue
    (1, 4)

    >>> Limits().message_bytes, Limits(per_second=5).per_second
    (4096, 5.0)

    Each limit is a whole number of 1 or more (``referee_queue`` may be 0),
    or for the rates and ``send_seconds`` a number above 0; anything else is
    refused at once, naming the limit:

    >>> Limits(connections=0)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: Limits.connections must be a whole number from 1 to ...
    """

    message_bytes: int = attrs.field(default=4096, validator=_COUNT)
    per_second: float = attrs.field(default=50.0, validator=_above_zero)
    burst: int = attrs.field(default=100, validator=_COUNT)
    http_bytes: int = attrs.field(default=16_384, validator=_COUNT)
    referee_bytes: int = attrs.field(default=2_000_000, validator=_COUNT)
    json_depth: int = attrs.field(default=32, validator=_COUNT)
    send_seconds: float = attrs.field(default=10.0, validator=_above_zero)
    queue_messages: int = attrs.field(default=1000, validator=_COUNT)
    queue_bytes: int = attrs.field(default=1_000_000, validator=_COUNT)
    connections: int = attrs.field(default=1000, validator=_COUNT)
    table_connections: int = attrs.field(default=250, validator=_COUNT)
    address_connections: int = attrs.field(default=50, validator=_COUNT)
    referee_workers: int = attrs.field(default=1, validator=_COUNT)
    referee_queue: int = attrs.field(default=4, validator=whole_setting("Limits"))
    referee_at_once: int = attrs.field(default=2, validator=_COUNT)
    referee_per_minute: float = attrs.field(default=20.0, validator=_above_zero)

    def __attrs_post_init__(self) -> None:
        for name in _RATES:  # checked as numbers above 0: each is kept as a float
            object.__setattr__(self, name, float(getattr(self, name)))


NO_TABLE_CLOSE: Final = 4004
"""The WebSocket close code for a table that does not exist (reason ``no_table``)."""
SLOW_CLOSE: Final = 4009
"""The WebSocket close code for a client dropped because it did not read what it was sent."""
BUSY_CLOSE: Final = 1013
"""The close code for a connection over the server's or the table's cap ("try again later")."""

_HEADERS: Final = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


class _SecurityHeaders:
    """Adds the security headers to every HTTP response (pages, files, JSON)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in _HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.headers]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _error(
    status: int, code: str, message: str, values: Mapping[str, object] | None = None
) -> JSONResponse:
    body: dict[str, Any] = {"code": code, "message": message}
    if values:
        body["values"] = _plain(values)
    return JSONResponse(body, status_code=status)


def _plain(values: Mapping[str, object]) -> dict[str, object]:
    """A refusal's values as JSON data, for the page to fill its own text with."""
    return {
        key: value if isinstance(value, (str, int, float)) else str(value)
        for key, value in values.items()
    }


_TABLE_FIELDS: Final = ("name", "variant", "seats", "fallback", "time_limit", "grace", "private")
_REFEREE_FIELDS: Final = ("kind", "text", "variant", "lang")
_REFEREE_KINDS: Final = ("record", "sheet", "analysis")


class _TooDeepError(ValueError):
    """JSON nested deeper than the server reads."""


def _loads(text: str, *, depth: int) -> object:
    """``text`` parsed as JSON; :class:`ValueError` when it is not JSON or nests past ``depth``.

    The nesting is measured first, in one pass that cannot recurse
    (:func:`~whist_ro.records.schema.scan_json`), so no text within the size
    limits can make the parser run out of stack.

    >>> _loads('{"a": [1]}', depth=2)
    {'a': [1]}
    >>> _loads("[" * 3 + "]" * 3, depth=2)
    Traceback (most recent call last):
    ...
    whist_ro.web.app._TooDeepError: lists and objects nested 3 deep; at most 2
    """
    # The depth is at most the number of openings: a text with few needs no scan.
    if text.count("[") + text.count("{") > depth and (deepest := scan_json(text).depth) > depth:
        raise _TooDeepError(f"lists and objects nested {deepest} deep; at most {depth}")
    return json.loads(text)


async def _json_body(
    request: Request,
    limit: int,
    fields: tuple[str, ...],
    *,
    depth: int,
    too_big: str = "request_too_big",
) -> dict[str, Any]:
    """The request's JSON object, holding no key but ``fields``; ``too_big`` past ``limit``."""
    # A cross-site form may post text/plain that happens to be JSON; a browser sends
    # application/json only from a page allowed to (the same origin): refuse the rest.
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind != "application/json":
        raise RoomError("bad_content_type")
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise RoomError(too_big, limit=limit)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise RoomError(too_big, limit=limit)
    try:
        data = _loads(body.decode("utf-8"), depth=depth)
    except ValueError:  # UnicodeDecodeError is one
        raise RoomError("bad_json") from None
    if not isinstance(data, dict):
        raise RoomError("bad_json")
    unknown = [key for key in data if key not in fields]
    if unknown:
        # A misspelt field would otherwise be read as absent: its default taken, silently.
        raise RoomError(
            "bad_request",
            detail=f"unknown field {clip(unknown[0])!r}; the fields: {', '.join(fields)}",
            field=clip(unknown[0]),
            fields=", ".join(fields),
        )
    return data


_STATUS: Final = {
    # 400: the request itself is wrong, and will be wrong whenever it is sent again
    "bad_request": 400,
    "bad_house_rule": 400,
    "bad_json": 400,
    "unknown_bot": 400,
    "bot_family": 400,
    "referee_empty": 400,
    "no_table": 404,
    "request_too_big": 413,
    "referee_too_big": 413,
    "bad_content_type": 415,
    "expired_unopened": 410,
    "expired_unstarted": 410,
    "too_many_waiting": 429,
    "too_many_open": 429,
    "too_many_tables": 503,
    "table_damaged": 500,
    "referee_busy": 429,
    "too_many_uploads": 429,
}
"""The HTTP status of each refusal code; any other is 409, a request the table refuses now."""


def _refusal(error: WhistError, lang: str) -> JSONResponse:
    if isinstance(error, RoomError):
        status = _STATUS.get(error.code, 409)
        values = error.values
        if isinstance(error.__cause__, WhistError):
            # A refusal that wraps the library's own (a house rule's) says it in `lang` too.
            values = {**values, "detail": error.__cause__.explain(lang)}
            error = RoomError(error.code, **values)
        return _error(status, error.code, error.explain(lang), values)
    return JSONResponse(
        {"code": "refused", "message": error.explain(lang), "rule": error.rule}, status_code=400
    )


class Proxies:
    """The proxies whose ``X-Forwarded-For`` is believed: addresses, networks, or ``"*"``.

    A request's address is its peer's, unless the peer is one of these;
    then it is the right-most address in ``X-Forwarded-For`` that is not
    (the one the first trusted proxy saw), so a client cannot choose it by
    sending the header itself.

    >>> proxies = Proxies(["127.0.0.1", "10.0.0.0/8"])
    >>> proxies.address("127.0.0.1", "203.0.113.9, 10.1.2.3")
    '203.0.113.9'
    >>> proxies.address("198.51.100.7", "203.0.113.9")
    '198.51.100.7'
    """

    __slots__ = ("_all", "_networks")

    def __init__(self, allowed: Sequence[str] = ()) -> None:
        allowed = [a.strip() for a in allowed if a.strip()]
        self._all = "*" in allowed
        try:
            self._networks = tuple(
                ipaddress.ip_network(a, strict=False) for a in allowed if a != "*"
            )
        except ValueError as error:
            raise ConfigurationError(
                f"--forwarded-allow-ips takes addresses or networks: {error}",
                field="forwarded_allow_ips",
            ) from None

    def trusts(self, address: str) -> bool:
        """Whether ``address`` is one of the proxies."""
        if self._all:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self._networks)

    def address(self, peer: str | None, forwarded: str | None) -> str | None:
        """The client's address, from the peer's and its ``X-Forwarded-For`` header.

        It is the one its limits are counted under (see :func:`client_of`).
        """
        if peer is None or not self.trusts(peer):
            return client_of(peer)
        hops = [hop.strip() for hop in (forwarded or "").split(",") if hop.strip()]
        for hop in reversed(hops):
            if not self.trusts(hop):
                return client_of(hop)
        return client_of(hops[0] if hops else peer)


def client_of(address: str | None) -> str | None:
    """The client an address belongs to, for its limits: an IPv6 address's /64 network.

    One IPv6 client (a home, a server) is given a whole /64 network, so
    counting its addresses one by one would give it 2**64 shares; an IPv4
    address written as IPv6 is that IPv4 address.  Anything else is kept.

    >>> client_of("2001:db8:1:2:ffff::9"), client_of("::ffff:203.0.113.5")
    ('2001:db8:1:2::/64', '203.0.113.5')
    >>> client_of("203.0.113.5"), client_of("unknown"), client_of(None)
    ('203.0.113.5', 'unknown', None)
    """
    if address is None:
        return None
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def _forwarded_for(request: HTTPConnection) -> str | None:
    """Every ``X-Forwarded-For`` line of ``request`` as one list, in order (None: no line).

    A proxy may add a line of its own after the one its client sent rather
    than append to it (HAProxy's ``option forwardfor`` does); reading the
    first line only would believe the client's.
    """
    return ", ".join(request.headers.getlist("x-forwarded-for")) or None


class _Bucket:
    """A token bucket: ``burst`` messages at once, ``rate`` a second after that."""

    __slots__ = ("_last", "_level", "burst", "rate")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self._level = float(burst)
        self._last = time.monotonic()

    def full(self) -> bool:
        """Whether the bucket has refilled to ``burst`` (its owner has been quiet)."""
        elapsed = time.monotonic() - self._last
        return self._level + elapsed * self.rate >= self.burst

    def take(self) -> bool:
        now = time.monotonic()
        self._level = min(self.burst, self._level + (now - self._last) * self.rate)
        self._last = now
        if self._level < 1:
            return False
        self._level -= 1
        return True


class _Referee:
    """The referee's work, off the event loop: worker processes, a bounded queue, a limit a client.

    Adjudicating a large record is seconds of Python: in a thread it would
    hold the interpreter's lock away from every table, so it runs in a
    process of its own (started at the first upload), one job per worker
    at a time, the others waiting in a queue of bounded length.
    """

    def __init__(self, limits: Limits) -> None:
        self._limits = limits
        self._pool: ProcessPoolExecutor | None = None
        self._under_way = 0  # uploads being read, waiting or judged
        self._by_address: dict[str, int] = {}
        self._buckets: dict[str, _Bucket] = {}

    @property
    def under_way(self) -> int:
        """The uploads being read, waiting or judged now."""
        return self._under_way

    @contextlib.contextmanager
    def slot(self, address: str) -> Iterator[None]:
        """Hold a place for one upload from ``address``; a 429 refusal when there is none."""
        limits = self._limits
        most = limits.referee_workers + limits.referee_queue
        if self._under_way >= most:
            raise RoomError("referee_busy", limit=most)
        mine = self._by_address.get(address, 0)
        if mine >= limits.referee_at_once or not self._bucket(address).take():
            raise RoomError(
                "too_many_uploads",
                at_once=limits.referee_at_once,
                per_minute=limits.referee_per_minute,
            )
        self._under_way += 1
        self._by_address[address] = mine + 1
        try:
            yield
        finally:
            self._under_way -= 1
            left = self._by_address.pop(address) - 1
            if left:
                self._by_address[address] = left

    def _bucket(self, address: str) -> _Bucket:
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= 4096:  # forget the addresses whose allowance is whole again
                self._buckets = {a: b for a, b in self._buckets.items() if not b.full()}
            per_minute = self._limits.referee_per_minute
            bucket = _Bucket(per_minute / 60, max(1, round(per_minute)))
            self._buckets[address] = bucket
        return bucket

    async def judge(self, work: Callable[..., dict[str, Any]], text: str, **options: str) -> Any:
        """``work(text, **options)`` in a worker process; its verdict."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self._limits.referee_workers,
                mp_context=multiprocessing.get_context("spawn"),
            )
        job = functools.partial(work, text, **options)
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, job)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
            log.error("the referee's worker process died; starting another")
            self._pool = None
            most = self._limits.referee_workers + self._limits.referee_queue
            raise RoomError("referee_busy", limit=most) from None

    def close(self) -> None:
        """Drop the uploads still waiting and wait for the one being judged (seconds at most).

        Not waiting would leave the workers' semaphores to multiprocessing's
        resource tracker, which warns of them in the server's log at every stop.
        """
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def _wire_size(text: str) -> int:
    """The bytes ``text`` takes on the socket: UTF-8, so a name in Romanian counts in full.

    >>> _wire_size("Ana"), _wire_size("Ană"), _wire_size("♠")
    (3, 4, 3)
    """
    return len(text) if text.isascii() else len(text.encode("utf-8"))


class _Connection:
    """One WebSocket as a room sees it: messages queue up and a writer task sends them.

    A client that stops reading is dropped rather than waited for: when a
    send has not finished ``Limits.send_seconds`` after it began (the app's
    sweeper checks, see :meth:`expired`), or the messages waiting to be
    sent pass ``Limits.queue_messages`` or ``Limits.queue_bytes``, the send
    is cancelled, the connection closed as far as the socket lets a close
    frame through, and its handler ended, so the room lets go of it.
    """

    __slots__ = (
        "__weakref__",
        "_bytes",
        "_closing",
        "_handler",
        "_limits",
        "_queue",
        "_sending",
        "_socket",
        "_writer",
        "dropped",
    )

    def __init__(self, socket: WebSocket, limits: Limits) -> None:
        self._socket = socket
        self._limits = limits
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._bytes = 0  # the bytes waiting in the queue, as UTF-8 sends them
        self._closing: int | None = None
        self._sending: float | None = None  # when the send under way began (the loop's clock)
        self.dropped = False
        self._handler = asyncio.current_task()  # the socket's handler, ended on a drop
        self._writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, text: str) -> None:
        if self._closing is not None:
            return
        limits = self._limits
        size = _wire_size(text)
        if self._queue.qsize() >= limits.queue_messages or self._bytes + size > limits.queue_bytes:
            log.warning("dropped a connection %d messages behind", self._queue.qsize())
            self.drop()
            return
        self._bytes += size
        self._queue.put_nowait(text)

    def close(self, code: int) -> None:
        if self._closing is None:
            self._closing = code
            self._queue.put_nowait(None)

    def expired(self, now: float) -> bool:
        """Whether the send under way began more than ``send_seconds`` before ``now``."""
        began = self._sending
        return began is not None and now - began > self._limits.send_seconds

    def drop(self) -> None:
        """Give up on a client that does not read: cancel the send, close, end the handler."""
        if self.dropped:
            return
        self.dropped = True
        self._closing = SLOW_CLOSE
        self._writer.cancel()
        self._queue = asyncio.Queue()  # what was waiting is let go at once
        self._bytes = 0
        handler = self._handler
        if handler is not None and handler is not asyncio.current_task() and not handler.done():
            handler.cancel()  # it waits for the client's next message: stop waiting

    async def _write(self) -> None:
        socket = self._socket  # what it sends is counted off by _wire_size, as send counted it
        clock = asyncio.get_running_loop().time
        try:
            while True:
                text = await self._queue.get()
                if text is None:
                    if socket.client_state is WebSocketState.CONNECTED:
                        await socket.close(self._closing or 1000)
                    return
                self._bytes -= _wire_size(text)
                self._sending = clock()
                await socket.send_text(text)
                self._sending = None
        except (WebSocketDisconnect, RuntimeError, OSError):
            return

    async def finish(self) -> None:
        """Let the writer send what is queued (a last error, say) and close; give up after 5 s.

        A dropped connection gets one second to let a close frame through.
        """
        if self.dropped:
            with contextlib.suppress(
                TimeoutError, asyncio.CancelledError, WebSocketDisconnect, RuntimeError, OSError
            ):
                if self._socket.client_state is WebSocketState.CONNECTED:
                    await asyncio.wait_for(self._socket.close(SLOW_CLOSE), timeout=1)
            return
        self.close(1000)
        try:
            await asyncio.wait_for(self._writer, timeout=5)
        except (TimeoutError, asyncio.CancelledError):
            self._writer.cancel()


async def _receive_text(websocket: WebSocket) -> str:
    """The next message as text: a binary frame is read as UTF-8, so junk is refused, not fatal."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        return bytes(message.get("bytes") or b"").decode("utf-8", "replace")
    return str(text)


async def _turn_away(websocket: WebSocket, error: RoomError, code: int) -> None:
    """Open the socket, say why it is refused (``error``) and close it with ``code``."""
    await websocket.accept()
    told = {"type": "error", "code": error.code, "message": str(error)}
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        await websocket.send_text(json.dumps({**told, "values": _plain(error.values)}))
        await websocket.close(code=code, reason=error.code)


def _origin_ok(origin: str | None, host: str | None, public_url: str | None) -> bool:
    """A browser's WebSocket must come from this server's own page (or the public URL's)."""
    if origin is None:
        return True  # not a browser: nothing of a user's can be borrowed
    parts = urlsplit(origin)
    if parts.netloc and host is not None and parts.netloc.lower() == host.lower():
        return True
    if public_url:
        public = urlsplit(public_url)
        return (parts.scheme, parts.netloc.lower()) == (public.scheme, public.netloc.lower())
    return False


def _referee_request(data: Mapping[str, object]) -> tuple[str, str, str, str | None]:
    """The referee's request checked: ``(kind, text, variant, lang)``, else a refusal."""
    kind = data.get("kind", "record")
    if not isinstance(kind, str) or kind not in _REFEREE_KINDS:
        raise RoomError(
            "bad_request",
            detail=f"kind is 'record', 'sheet' or 'analysis', not {excerpt(kind)}",
        )
    variant = data.get("variant", "romanian")
    if not isinstance(variant, str):
        raise RoomError(
            "bad_request", detail=f"variant is the name of a preset, not {excerpt(variant)}"
        )
    lang = data.get("lang")
    if lang is not None and (not isinstance(lang, str) or lang not in locale.LANGUAGES):
        raise RoomError(
            "bad_request",
            detail=f"lang is one of {', '.join(locale.LANGUAGES)}, not {excerpt(lang)}",
        )
    text = data.get("text")
    if text is not None and not isinstance(text, str):
        raise RoomError(
            "bad_request",
            detail="text is a record, a round in the notation or a score sheet, as text, "
            f"not {excerpt(text)}",
        )
    if text is None or not text.strip():
        raise RoomError("referee_empty")
    return kind, text, variant, lang


PAGE_SIZE: Final = 50
"""The lobby's entries per page unless ``limit`` says otherwise (at most ``MAX_PAGE``)."""
MAX_PAGE: Final = 200


def _page(query: Mapping[str, str]) -> tuple[int, int]:
    """``offset`` and ``limit`` of ``GET /api/tables``, checked."""
    out = []
    for name, default, high in (("offset", 0, 10**9), ("limit", PAGE_SIZE, MAX_PAGE)):
        value = query.get(name, str(default))
        low = 1 if name == "limit" else 0
        if not (value.isascii() and value.isdigit()) or not low <= int(value) <= high:
            raise RoomError(
                "bad_request",
                detail=f"{name} is a whole number from {low} to {high}, not {clip(value)!r}",
            )
        out.append(int(value))
    return out[0], out[1]


def _setup() -> dict[str, Any]:
    presets = {}
    for name in variants.names():
        v = variants.get(name)
        if v.name == name:
            presets[name] = {
                "variant": v.to_dict(),
                "family": v.family,
                "player_counts": list(v.player_counts),
            }
    return {
        "presets": presets,
        "bots": list(BOTS),
        "exact_only_bots": [b for b in BOTS if _refuses_classic(b)],
    }


def _refuses_classic(bot: str) -> bool:
    try:
        check_bot(bot, variants.CLASSIC)
    except RoomError:
        return True
    return False


def create_app(
    *,
    db: str | os.PathLike[str],
    public_url: str | None = None,
    bot_delay: float = 0.6,
    limits: Limits | None = None,
    max_tables: int = 500,
    lang: str | None = None,
    environ: Mapping[str, str] | None = None,
    per_address: int = 5,
    open_per_address: int = 20,
    maker_wait: float = 600.0,
    start_wait: float = 3600.0,
    keep_finished: float | None = None,
    forwarded_allow_ips: Sequence[str] = (),
    busy_timeout: float = 1.0,
) -> Starlette:
    """The web table as an ASGI app, its tables kept in the SQLite file ``db``.

    ``public_url`` is the address people reach the server at (behind a
    reverse proxy); invite links use it, and a browser page served from it
    may open the tables' WebSockets.  ``bot_delay`` is the least time in
    seconds a bot takes to act, so people can follow the play.  Every table
    in the file resumes when the app starts.  ``busy_timeout`` is how long
    a write waits for a database another program has locked before the
    table pauses and tries again (``whist-ro serve --busy-timeout``).

    ``lang`` (``"en"`` or ``"ro"``; ``whist-ro serve --lang``) makes every
    page speak that language.  Without it, each page speaks the browser's
    language when it is English or Romanian (``Accept-Language``), else
    the language the server's environment names (``environ``, default
    ``os.environ``: ``WHIST_RO_LANG``, then ``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``), else English.

    The lobby's limits (see :class:`~whist_ro.web.room.Lobby`): ``max_tables``
    open at once, ``per_address`` waiting tables per address and
    ``open_per_address`` waiting or playing ones (the peer's address, or
    what ``X-Forwarded-For`` says when the peer is one of
    ``forwarded_allow_ips``, see :class:`Proxies`); a waiting table closes
    ``maker_wait`` seconds after it was made if its maker has not opened it,
    and ``start_wait`` seconds after if it has not started; finished tables
    are deleted ``keep_finished`` days after they ended (None: kept).

    >>> from starlette.testclient import TestClient  # doctest: +SKIP
    >>> app = create_app(db=":memory:", public_url="https://whist.example.org")
    >>> app.state.public_url
    'https://whist.example.org'
    """
    limits = limits or Limits()
    forced = None if lang is None else locale.choose(lang)
    fallback = forced or locale.from_environment(environ)
    proxies = Proxies(forwarded_allow_ips)
    # One server per file: a second one is refused.
    store = Store(db, busy_timeout=busy_timeout, exclusive=True)
    lobby = Lobby(
        store,
        bot_delay=bot_delay,
        max_tables=max_tables,
        per_address=per_address,
        open_per_address=open_per_address,
        maker_wait=maker_wait,
        start_wait=start_wait,
        keep_finished=keep_finished,
    )
    public = public_url.rstrip("/") if public_url else None
    judges = _Referee(limits)
    live: set[_Connection] = set()  # every table WebSocket open now
    open_on: dict[str, int] = {}  # how many of them each table has
    from_address: dict[str, int] = {}  # how many of them each client address has

    def link(request: Request, table: str) -> str:
        base = public or str(request.base_url).rstrip("/")
        return f"{base}/t/{table}"

    def speaks(asked: object, accept_language: str | None) -> str:
        """One request's language: the server's, else the page's, else the browser's."""
        if forced is not None:
            return forced
        if isinstance(asked, str) and asked in locale.LANGUAGES:
            return asked
        return locale.from_accept_language(accept_language) or fallback

    def speaks_to(request: Request) -> str:
        return speaks(
            request.headers.get("x-whist-ro-lang"), request.headers.get("accept-language")
        )

    async def page(request: Request) -> Response:
        spoken = speaks(None, request.headers.get("accept-language"))
        html = PAGE.replace('<html lang="en">', f'<html lang="{spoken}" data-lang="{spoken}">')
        return HTMLResponse(html, headers={"Cache-Control": "no-cache", "Vary": "Accept-Language"})

    async def setup(request: Request) -> Response:
        return JSONResponse(_setup())

    async def rules(request: Request) -> Response:
        spoken = speaks(request.query_params.get("lang"), request.headers.get("accept-language"))
        book = (r.translated(spoken) for r in RULES)
        return JSONResponse(
            {r.id: {"title": r.title, "summary": r.summary, "text": r.text} for r in book},
            headers={"Vary": "Accept-Language"},
        )

    async def tables(request: Request) -> Response:
        if request.method == "GET":
            try:
                offset, limit = _page(request.query_params)
            except RoomError as error:
                return _refusal(error, speaks_to(request))
            total = lobby.count()
            return JSONResponse(
                {
                    "tables": lobby.listing(offset=offset, limit=limit),
                    "total": total,
                    "next": offset + limit if offset + limit < total else None,
                    "damaged": lobby.damaged(),
                }
            )
        try:
            data = await _json_body(
                request, limits.http_bytes, _TABLE_FIELDS, depth=limits.json_depth
            )
            peer = request.client.host if request.client else None
            room, seat, token = lobby.create(
                address=proxies.address(peer, _forwarded_for(request)),
                variant=data.get("variant", "romanian"),
                seats=data.get("seats", ["human", "rule", "rule", "rule"]),
                name=data.get("name"),
                fallback=data.get("fallback", "rule"),
                time_limit=data.get("time_limit"),
                grace=data.get("grace", 30),
                private=data.get("private", False),
            )
        except WhistError as error:
            return _refusal(error, speaks_to(request))
        return JSONResponse(
            {"table": room.id, "seat": seat, "token": token, "invite": link(request, room.id)},
            status_code=201,
        )

    async def table(request: Request) -> Response:
        table_id = request.path_params["table"]
        try:
            entry = lobby.entry(table_id)
        except RoomError as error:
            return _refusal(error, speaks_to(request))
        return JSONResponse({**entry, "invite": link(request, table_id)})

    async def join(request: Request) -> Response:
        try:
            room = lobby.get(request.path_params["table"])
            data = await _json_body(request, limits.http_bytes, ("name",), depth=limits.json_depth)
            seat, token = room.claim(data.get("name"))
        except WhistError as error:
            return _refusal(error, speaks_to(request))
        return JSONResponse({"table": room.id, "seat": seat, "token": token})

    async def start(request: Request) -> Response:
        try:
            room = lobby.get(request.path_params["table"])
            data = await _json_body(request, limits.http_bytes, ("token",), depth=limits.json_depth)
            room.start_now(data.get("token"))
        except WhistError as error:
            return _refusal(error, speaks_to(request))
        return JSONResponse({"table": room.id, "status": room.status})

    async def record(request: Request) -> Response:
        table_id = request.path_params["table"]
        try:
            text = lobby.record_text(table_id)
        except WhistError as error:
            return _refusal(error, speaks_to(request))
        return Response(
            text,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="whist-ro-{table_id}.json"'},
        )

    async def referee(request: Request) -> Response:
        peer = request.client.host if request.client is not None else None
        address = proxies.address(peer, _forwarded_for(request)) or ""
        try:
            with judges.slot(address):
                data = await _json_body(
                    request,
                    limits.referee_bytes,
                    _REFEREE_FIELDS,
                    depth=limits.json_depth,
                    too_big="referee_too_big",
                )
                kind, text, variant, asked = _referee_request(data)
                spoken = speaks(asked, request.headers.get("accept-language"))
                if kind == "sheet":
                    verdict = await judges.judge(judge_sheet, text, variant=variant, lang=spoken)
                elif kind == "analysis":
                    verdict = await judges.judge(analyse_record, text, lang=spoken)
                else:
                    verdict = await judges.judge(judge_record, text, lang=spoken)
        except RoomError as error:
            refused = _refusal(error, speaks_to(request))
            if refused.status_code == 429:
                refused.headers["Retry-After"] = "5"
            return refused
        return JSONResponse(verdict)

    async def socket(websocket: WebSocket) -> None:
        if not _origin_ok(websocket.headers.get("origin"), websocket.headers.get("host"), public):
            log.warning("refused a WebSocket from %r", websocket.headers.get("origin"))
            await websocket.close(code=1008)
            return
        try:
            room = lobby.get(websocket.path_params["table"])
        except RoomError as error:
            # Opened, told why and closed with a code of its own (4004): a client can tell
            # "no such table" from a refused origin (HTTP 403, the socket never opens).
            await _turn_away(websocket, error, NO_TABLE_CLOSE)
            return
        on_table = open_on.get(room.id, 0)
        peer = websocket.client.host if websocket.client is not None else None
        address = proxies.address(peer, _forwarded_for(websocket)) or ""
        mine = from_address.get(address, 0)
        caps = (
            (len(live), limits.connections),
            (on_table, limits.table_connections),
            (mine, limits.address_connections),
        )
        limit = next((cap for count, cap in caps if count >= cap), None)
        if limit is not None:
            log.warning(
                "refused a WebSocket to table %s: %d open there, %d from its address",
                room.id,
                on_table,
                mine,
            )
            await _turn_away(websocket, RoomError("too_many_connections", limit=limit), BUSY_CLOSE)
            return
        await websocket.accept()
        conn = _Connection(websocket, limits)
        live.add(conn)
        open_on[room.id] = on_table + 1
        from_address[address] = mine + 1
        bucket = _Bucket(limits.per_second, limits.burst)
        token: str | None = None
        joined = False
        spoken = speaks(None, websocket.headers.get("accept-language"))

        def refuse(code: str, message: str, **extra: Any) -> None:
            conn.send(json.dumps({"type": "error", "code": code, "message": message, **extra}))

        try:
            while True:
                try:
                    text = await asyncio.wait_for(
                        _receive_text(websocket), timeout=None if joined else 15
                    )
                except TimeoutError:
                    conn.close(4008)
                    break
                if len(text) > limits.message_bytes:
                    refuse(
                        "too_big",
                        say("too_big", limit=limits.message_bytes),
                        values={"limit": limits.message_bytes},
                    )
                    conn.close(1009)
                    break
                if not bucket.take():
                    refuse(
                        "too_fast",
                        say("too_fast", limit=limits.per_second),
                        values={"limit": limits.per_second},
                    )
                    conn.close(1008)
                    break
                try:
                    message = _loads(text, depth=limits.json_depth)
                except ValueError as error:
                    detail = str(error) if isinstance(error, _TooDeepError) else "not JSON"
                    refuse(
                        "bad_message", say("bad_message", detail=detail), values={"detail": detail}
                    )
                    continue
                if not isinstance(message, dict):
                    refuse("bad_message", say("bad_message", detail="not a JSON object"))
                    continue
                kind = message.get("type")
                try:
                    if not joined:
                        if kind != "hello":
                            refuse("hello_first", say("hello_first"))
                            conn.close(1008)
                            break
                        given = message.get("token")
                        token = given if isinstance(given, str) else None
                        spoken = speaks(
                            message.get("lang"), websocket.headers.get("accept-language")
                        )
                        room.connect(conn, token)
                        joined = True
                    elif kind == "act":
                        if token is None:
                            raise RoomError("spectator")
                        room.act(token, message.get("action"), seq=message.get("seq"))
                    elif kind == "reclaim":
                        room.reclaim(token)
                    elif kind == "ping":
                        conn.send('{"type":"pong"}')
                    # other types are ignored, so the protocol can grow
                except RoomError as error:
                    refuse(error.code, str(error), values=_plain(error.values))
                    if error.code == "bad_token":
                        conn.close(4003)
                        break
                except IllegalActionError as error:
                    refuse("refused", error.explain(spoken), rule=error.rule)
                except WhistError as error:
                    detail = error.explain(spoken)
                    refuse(
                        "bad_message",
                        say("bad_message", detail=detail),
                        rule=error.rule,
                        values={"detail": detail},
                    )
        except WebSocketDisconnect:
            pass
        except asyncio.CancelledError:
            # A drop cancels the wait for the client's next message; any other cancel stands.
            task = asyncio.current_task()
            if not conn.dropped or task is None or task.uncancel() > 0:
                raise
        finally:
            live.discard(conn)
            for counts, key in ((open_on, room.id), (from_address, address)):
                if counts[key] <= 1:
                    del counts[key]
                else:
                    counts[key] -= 1
            if joined:
                room.disconnect(conn)
            await conn.finish()

    async def sweep() -> None:
        """Drop every connection whose send has waited longer than ``send_seconds``."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(min(1.0, limits.send_seconds / 4))
            now = loop.time()
            # No loop variable: it would hold the last connection dropped for a second.
            late = [conn for conn in live if conn.expired(now)]
            while late:
                log.warning(
                    "dropped a connection that took no message for %gs", limits.send_seconds
                )
                late.pop().drop()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lobby.open_all()
        sweeper = asyncio.get_running_loop().create_task(sweep())
        try:
            yield
        finally:
            sweeper.cancel()
            judges.close()
            lobby.close()
            store.close()

    app = Starlette(
        debug=False,
        routes=[
            Route("/", page),
            Route("/t/{table}", page),
            Route("/referee", page),
            Route("/api/setup", setup),
            Route("/api/rules", rules),
            Route("/api/tables", tables, methods=["GET", "POST"]),
            Route("/api/tables/{table}", table),
            Route("/api/tables/{table}/join", join, methods=["POST"]),
            Route("/api/tables/{table}/start", start, methods=["POST"]),
            Route("/api/tables/{table}/record", record),
            Route("/api/referee", referee, methods=["POST"]),
            WebSocketRoute("/ws/{table}", socket),
            Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
        ],
        lifespan=lifespan,
        middleware=[Middleware(_SecurityHeaders)],
    )
    app.state.lobby = lobby
    app.state.connections = live
    app.state.referee = judges
    app.state.public_url = public
    return app
