"""Engine processes: starting them, reading them, and making sure none is left behind.

A child is reached through three byte streams (its input, its output, its
error output) and can be waited for and killed.  Two kinds exist: a
program started from a command line (:func:`start_command`, the
protocol's usual engine) and a Python agent in a process of its own,
started by :mod:`multiprocessing`'s ``spawn`` method (:func:`start_spawned`,
for ``Table(..., isolate=True)``).  Either way the child leads a process
group of its own, so killing it kills whatever it started too, and it is
always waited for, so it never lingers as a zombie.

The synchronous side of :class:`~whist_ro.remote.EngineAgent` runs its
engines on one event loop in a background thread (:func:`background_loop`),
the way python-chess's ``SimpleEngine`` does.

>>> loop = background_loop()
>>> loop is background_loop() and loop.is_running()
True
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import multiprocessing
import os
import pickle
import shlex
import signal
import socket
import sys
import threading
from collections.abc import Awaitable, Callable, Iterator, Sequence
from typing import Final

from whist_ro._check import excerpt
from whist_ro.errors import EngineStartError
from whist_ro.locale import N_

__all__ = [
    "Child",
    "StderrLog",
    "StderrTail",
    "background_loop",
    "command_args",
    "quiet_logs",
    "start_command",
    "start_spawned",
]

logger: Final = logging.getLogger("whist_ro.remote")
"""Where engine processes that had to be killed are reported."""

_LOOP_LOCK: Final = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None


def _forget_loop() -> None:
    # A forked child (a process pool's worker) has a copy of the loop but not its thread:
    # it starts its own on first use.
    global _loop  # noqa: PLW0603
    _loop = None
    if _LOOP_LOCK.locked():  # pragma: no cover - forked while another thread held it
        _LOOP_LOCK.release()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_loop)

_STDERR_LINES: Final = 50
_STDERR_WIDTH: Final = 500
_STDERR_CHUNK: Final = 1 << 16

LOG_LIMIT: Final = 1 << 20
"""The most bytes of an engine's standard error an engine log keeps (1 MiB)."""

DRAIN: Final = 1.0
"""Seconds an exited engine's streams are still read before the manager closes its ends."""


@contextlib.contextmanager
def quiet_logs() -> Iterator[None]:
    """Silence the takeover and engine logs meanwhile (a report that lists them speaks instead).

    >>> with quiet_logs():
    ...     logging.getLogger("whist_ro.table").disabled
    True
    """
    logs = [logging.getLogger(name) for name in ("whist_ro.table", "whist_ro.remote")]
    were = [log.disabled for log in logs]
    for log in logs:
        log.disabled = True
    try:
        yield
    finally:
        for log, was in zip(logs, were, strict=True):
            log.disabled = was


def background_loop() -> asyncio.AbstractEventLoop:
    """The event loop, running in a daemon thread, that hosts every synchronous engine.

    Started on first use and shared by all of them.
    """
    global _loop  # noqa: PLW0603 - one loop per process, made on first use
    with _LOOP_LOCK:
        if _loop is None or _loop.is_closed():
            loop = asyncio.new_event_loop()
            ready = threading.Event()

            def run() -> None:
                asyncio.set_event_loop(loop)
                loop.call_soon(ready.set)
                loop.run_forever()

            threading.Thread(target=run, name="whist-ro-engines", daemon=True).start()
            ready.wait()
            _loop = loop
        return _loop


class StderrTail:
    """The last lines an engine wrote to its standard error, kept bounded.

    At most ``lines`` lines of at most ``width`` characters each are kept;
    a flood costs the reader some time, never memory.

    >>> tail = StderrTail(lines=2)
    >>> tail.feed(b"one\\ntwo\\nthr")
    >>> tail.feed(b"ee\\n" + b"x" * 600)
    >>> tail.lines()[0], len(tail.lines()[1])
    ('three', 501)
    """

    __slots__ = ("_lines", "_partial", "_width", "total")

    def __init__(self, *, lines: int = _STDERR_LINES, width: int = _STDERR_WIDTH) -> None:
        self._lines: collections.deque[str] = collections.deque(maxlen=lines)
        self._partial = b""
        self._width = width
        self.total = 0
        """Bytes read so far."""

    def feed(self, data: bytes) -> None:
        """Take in the next bytes read."""
        self.total += len(data)
        parts = (self._partial + data).split(b"\n")
        self._partial = parts.pop()[: self._width * 4]
        for part in parts[-(self._lines.maxlen or 1) :]:
            self._lines.append(self._text(part))

    def _text(self, raw: bytes) -> str:
        text = raw.decode("utf-8", "replace").rstrip("\r")
        return text if len(text) <= self._width else text[: self._width] + "…"

    def lines(self) -> tuple[str, ...]:
        """The kept lines, oldest first (an unfinished last line included)."""
        kept = (*self._lines, self._text(self._partial)) if self._partial else tuple(self._lines)
        return kept[-(self._lines.maxlen or 1) :]


class StderrLog:
    """An engine's standard error kept in a file, cut after ``limit`` bytes, the cut said in it.

    What comes after the first ``limit`` bytes is counted, not kept; the
    file then ends with a line saying where it was cut and how much was
    left out.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "engine.log"
    >>> log = StderrLog(path, limit=10)
    >>> log.feed(b"thinking\\nstill thinking\\n")
    >>> log.close()
    >>> print(path.read_text(), end="")
    thinking
    s
    [whist-ro: this log was cut after its first 10 bytes; 14 more bytes were left out]
    """

    __slots__ = ("_file", "_left_out", "_room", "limit")

    def __init__(self, path: str | os.PathLike[str], *, limit: int) -> None:
        self.limit = limit
        self._room = limit
        self._left_out = 0
        self._file = open(path, "wb")  # noqa: SIM115 - closed by close()

    def feed(self, data: bytes) -> None:
        """Keep the next bytes read, as far as the limit allows."""
        kept = data[: self._room]
        if kept:
            self._file.write(kept)
            self._file.flush()
            self._room -= len(kept)
        self._left_out += len(data) - len(kept)

    def close(self) -> None:
        """Say where the log was cut, if it was, and close the file."""
        if self._file.closed:
            return
        try:
            if self._left_out:
                self._file.write(
                    f"\n[whist-ro: this log was cut after its first {self.limit} bytes; "
                    f"{self._left_out} more bytes were left out]\n".encode()
                )
        finally:
            self._file.close()


class Child:
    """A started engine: its streams, its stderr tail, and how to wait for it and kill it.

    ``exited`` is resolved with the exit status as soon as the child itself
    has exited and been reaped, whoever still holds its streams.  Then, at
    once, its process group is killed (whatever it started and left
    behind goes with it), what it wrote before it died is still read for
    up to :data:`DRAIN` seconds, and the manager's ends of the streams are
    closed, so a process out of reach that holds them open (one that left
    the group) keeps no reader waiting.
    """

    def __init__(
        self,
        *,
        pid: int,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        errors: asyncio.StreamReader,
        exited: asyncio.Future[int],
        streams_closed: Callable[[], Awaitable[object]] | None = None,
        close: Callable[[], None],
        log: StderrLog | None = None,
    ) -> None:
        self.pid = pid
        self.log = log
        self.reader = reader
        self.writer = writer
        self.stderr = StderrTail()
        self._errors = errors
        self._close = close
        self.exited = exited
        self._group_gone = False
        drained = asyncio.ensure_future(self._drain_stderr())
        self._streams_closed = streams_closed or (lambda: asyncio.shield(drained))
        self._tasks = [drained, asyncio.ensure_future(self._after_exit())]

    @property
    def returncode(self) -> int | None:
        """The exit status once the child has exited (negative: the signal that killed it)."""
        return self.exited.result() if self.exited.done() else None

    async def _drain_stderr(self) -> None:
        try:
            with contextlib.suppress(Exception):
                while True:
                    data = await self._errors.read(_STDERR_CHUNK)
                    if not data:
                        return
                    self.stderr.feed(data)
                    if self.log is not None:
                        try:
                            self.log.feed(data)
                        except OSError:  # a full disk, say: the stream is still drained
                            logger.warning("engine process %d: its log stops here", self.pid)
                            self._stop_log()
        finally:
            self._stop_log()

    def _stop_log(self) -> None:
        log, self.log = self.log, None
        if log is not None:
            with contextlib.suppress(OSError):
                log.close()

    async def _after_exit(self) -> None:
        await asyncio.shield(self.exited)
        # The group outlives its leader while any member lives, so its number is not reused.
        self._kill_group()
        self._group_gone = True
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._streams_closed(), DRAIN)
        with contextlib.suppress(Exception):
            self._close()

    def _kill_group(self) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
            _kill_group(self.pid, leader=self.returncode is None)

    def kill(self) -> None:
        """Kill the child and its process group at once (it is reaped in the background).

        Once the child has exited its group was killed with it: this does nothing more.
        """
        if not self._group_gone:
            self._kill_group()

    async def stop(self, *, grace: float) -> int:
        """Ask the child to go (close its input), wait ``grace`` seconds, then kill it.

        Returns the exit status; the child has been reaped, its group killed
        and its streams closed when this returns.
        """
        with contextlib.suppress(Exception):
            if not self.writer.is_closing():
                self.writer.close()
        try:
            await asyncio.wait_for(asyncio.shield(self.exited), grace)
        except TimeoutError:
            logger.warning("engine process %d did not exit within %g s: killed", self.pid, grace)
            self.kill()
        code = await asyncio.shield(self.exited)
        # Bounded: the streams are closed at most DRAIN seconds after the exit.
        await asyncio.shield(self._tasks[1])
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.shield(self._tasks[0]), DRAIN)
        return code


_NOT_A_COMMAND: Final = N_("an engine command is a str or a list of str, not {command}")
_EMPTY_COMMAND: Final = N_("the engine command is empty")
_OPEN_QUOTE: Final = N_("the engine command {command} has a quote that is not closed")
_LONE_BACKSLASH: Final = N_("the engine command {command} ends in a backslash that escapes nothing")


def command_args(command: object) -> tuple[str, ...]:
    """The arguments of an engine ``command``: a command line (split as a shell would) or a list.

    The one reading of a command, for :meth:`EngineAgent.popen
    <whist_ro.remote.EngineAgent.popen>`, :class:`~whist_ro.remote.EngineCommand`
    and ``whist-ro match --engine``: a line that cannot be split (an
    unclosed quote), an empty one, or anything else raises an
    :class:`~whist_ro.errors.EngineStartError` saying so.

    >>> command_args('python -m "my bot"')
    ('python', '-m', 'my bot')
    >>> command_args('node "engine.js')
    Traceback (most recent call last):
    ...
    whist_ro.errors.EngineStartError: the engine command 'node "engine.js' has a quote that ...
    """
    if isinstance(command, str):
        try:
            args = tuple(shlex.split(command))
        except ValueError as error:  # shlex's only refusals: a quote or an escape left open
            template = _OPEN_QUOTE if "quotation" in str(error) else _LONE_BACKSLASH
            raise EngineStartError(template, evidence={"command": excerpt(command)}) from None
    elif isinstance(command, Sequence) and all(isinstance(part, str) for part in command):
        args = tuple(command)
    else:
        raise EngineStartError(_NOT_A_COMMAND, evidence={"command": excerpt(command)})
    if not args:
        raise EngineStartError(_EMPTY_COMMAND, evidence={})
    return args


def _kill_group(pid: int, *, leader: bool) -> None:
    """SIGKILL to the process group ``pid`` leads; to ``pid`` alone if it left it while alive."""
    if sys.platform == "win32":  # pragma: no cover - no process groups
        if leader:
            os.kill(pid, signal.SIGTERM)
        return
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        if not leader:
            raise
        os.kill(pid, signal.SIGKILL)


class _Protocol(asyncio.subprocess.SubprocessStreamProtocol):
    """asyncio's protocol for a process's streams, told at once when the process exits.

    A process's ``wait()`` returns only once every pipe is closed as well,
    and a helper the engine started may hold them for ever: ``exited`` is
    resolved from the transport's own exit notice, and ``streams_closed``
    once the engine's output and error output have both reached their end.
    """

    def __init__(self, *, limit: int, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(limit=limit, loop=loop)
        self.exited: asyncio.Future[int] = loop.create_future()
        self.streams_closed: asyncio.Future[None] = loop.create_future()
        self._open = {1, 2}
        self._process: asyncio.SubprocessTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        assert isinstance(transport, asyncio.SubprocessTransport)
        self._process = transport

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        super().pipe_connection_lost(fd, exc)
        self._open.discard(fd)
        if not self._open and not self.streams_closed.done():
            self.streams_closed.set_result(None)

    def process_exited(self) -> None:
        super().process_exited()
        assert self._process is not None
        code = self._process.get_returncode()
        if not self.exited.done():
            self.exited.set_result(code if code is not None else -1)


async def start_command(
    command: str | Sequence[str],
    *,
    limit: int,
    cwd: str | os.PathLike[str] | None = None,
    env: dict[str, str] | None = None,
    log: str | os.PathLike[str] | None = None,
    log_limit: int = LOG_LIMIT,
) -> Child:
    """Start ``command`` (a command line, or its arguments) as an engine, in its own session.

    ``limit`` is the longest line its output may hold; ``log`` a file to
    keep its standard error in (at most ``log_limit`` bytes of it).
    """
    argv = command_args(command)
    try:
        kept = None if log is None else StderrLog(log, limit=log_limit)
    except OSError as error:
        raise EngineStartError(
            N_("cannot write the engine log {path}: {error}"),
            evidence={"path": excerpt(str(log)), "error": error.strerror or str(error)},
        ) from None
    loop = asyncio.get_running_loop()
    pipe = asyncio.subprocess.PIPE
    try:
        transport, protocol = await loop.subprocess_exec(
            lambda: _Protocol(limit=limit, loop=loop),
            *argv,
            stdin=pipe,
            stdout=pipe,
            stderr=pipe,
            cwd=cwd,
            env=env,
            start_new_session=sys.platform != "win32",
        )
    except (OSError, ValueError) as error:
        if kept is not None:
            kept.close()
        raise EngineStartError(
            N_("cannot start the engine {command}: {error}"),
            evidence={"command": excerpt(" ".join(argv)), "error": str(error)},
        ) from error
    process = asyncio.subprocess.Process(transport, protocol, loop)
    assert process.stdin is not None
    assert process.stdout is not None
    assert process.stderr is not None
    return Child(
        pid=process.pid,
        reader=process.stdout,
        writer=process.stdin,
        errors=process.stderr,
        exited=protocol.exited,
        streams_closed=lambda: asyncio.shield(protocol.streams_closed),
        close=transport.close,
        log=kept,
    )


# -- agents in a spawned process ------------------------------------------------------


def _spawned_main(payload: bytes, channel: socket.socket, errors: socket.socket) -> None:
    """The child's side: its own session, stderr to the manager, then serve the agent."""
    # Imported here: this runs in the fresh interpreter the spawn method starts.
    from whist_ro.remote.serve import serve  # noqa: PLC0415

    with contextlib.suppress(OSError):
        os.setsid()
    os.dup2(errors.fileno(), 2)
    sys.stderr = os.fdopen(2, "w", buffering=1, encoding="utf-8", errors="replace", closefd=False)
    errors.close()
    agent = pickle.loads(payload)
    with channel.makefile("rb") as reader, channel.makefile("wb") as writer:
        serve(agent, input=reader, output=writer)


async def start_spawned(agent: object, *, limit: int) -> Child:
    """Start a process (``multiprocessing``'s ``spawn`` method) that serves ``agent``.

    The agent travels as its pickle, so the child rebuilds it from its
    class's import path and its state; nothing else of this process goes
    with it (no match, no other seat's hand).
    """
    try:
        payload = pickle.dumps(agent)
    except Exception as error:
        raise EngineStartError(
            f"an isolated agent travels to its process as a pickle, and "
            f"{type(agent).__name__} cannot be pickled: {error}"
        ) from error
    here, there = socket.socketpair()
    errors_here, errors_there = socket.socketpair()
    context = multiprocessing.get_context("spawn")
    process = context.Process(
        target=_spawned_main,
        args=(payload, there, errors_there),
        name=f"whist-ro isolated {type(agent).__name__}",
        daemon=True,
    )
    try:
        process.start()
    except Exception as error:
        for sock in (here, there, errors_here, errors_there):
            sock.close()
        raise EngineStartError(f"cannot start an isolated process: {error}") from error
    there.close()
    errors_there.close()
    loop = asyncio.get_running_loop()
    reader, writer = await asyncio.open_unix_connection(sock=here, limit=limit)
    errors, errors_writer = await asyncio.open_unix_connection(sock=errors_here)
    exited: asyncio.Future[int] = loop.create_future()
    sentinel = process.sentinel

    def on_exit() -> None:
        loop.remove_reader(sentinel)
        process.join()  # the sentinel is ready: this reaps at once
        if not exited.done():
            exited.set_result(process.exitcode if process.exitcode is not None else -1)

    def close() -> None:
        writer.close()
        errors_writer.close()

    loop.add_reader(sentinel, on_exit)
    pid = process.pid
    assert pid is not None
    return Child(pid=pid, reader=reader, writer=writer, errors=errors, exited=exited, close=close)
