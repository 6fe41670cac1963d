"""The manager's side of the protocol: an agent backed by an engine process.

:class:`EngineAgent` is an :class:`~whist_ro.Agent` like any bot: a
:class:`~whist_ro.Table` asks it to act and tells it what each step did.
Behind it runs an engine, a program in any language that speaks the
protocol of ``docs/protocol.md`` on its standard input and output.

>>> import sys, whist_ro as wr
>>> from whist_ro.bots import RandomBot
>>> engine = EngineAgent.popen([sys.executable, "-m", "whist_ro", "engine", "random"])
>>> engine.name
'random'
>>> table = wr.Table(wr.variants.ROMANIAN, agents=[engine, RandomBot(seed=1), RandomBot(seed=2)],
...                  seed=4)
>>> table.run().is_over, table.takeovers
(True, ())
>>> engine.close()
0
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import itertools
import math
import os
import re
import threading
import weakref
from collections.abc import Coroutine, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs

from whist_ro._check import excerpt, is_whole
from whist_ro._immutable import Immutable
from whist_ro._text import Sentence
from whist_ro.actions import Action
from whist_ro.agents import register_engine
from whist_ro.deadline import decision_limit, time_left
from whist_ro.engine.step import Step
from whist_ro.errors import (
    ConfigurationError,
    EngineCrashedError,
    EngineError,
    EngineProtocolError,
    EngineStartError,
    EngineTimeoutError,
    WhistError,
    WireError,
)
from whist_ro.locale import N_
from whist_ro.remote import process
from whist_ro.remote.wire import (
    MAX_MESSAGE,
    EngineInfo,
    SeatFeed,
    decode,
    encode,
    hello_message,
    read_answer,
    read_hello,
)
from whist_ro.tournaments.run import building
from whist_ro.views.view import PlayerView

__all__ = ["EngineAgent", "EngineCommand"]

_T = TypeVar("_T")
_MAX_LIMIT: Final = 1e6
_WRITE_BACKLOG: Final = 16 << 20  # bytes waiting for an engine that does not read its input
_QUIT_GRACE: Final = 2.0
_LABEL: Final = 40


def _seconds(value: object, *, name: str, allow_none: bool = True) -> float | None:
    if value is None and allow_none:
        return None
    number = is_whole(value) or isinstance(value, float)
    if number and math.isfinite(value) and 0 < value <= _MAX_LIMIT:  # type: ignore[arg-type, operator]
        return float(value)  # type: ignore[arg-type]
    raise ConfigurationError(
        f"{name} must be {'None or ' if allow_none else ''}a number of seconds above 0 and at "
        f"most {_MAX_LIMIT:g}, not {excerpt(value)}",
        field=name,
    )


def _check_seed(seed: object) -> int | None:
    if seed is None or (is_whole(seed) and -(2**63) < seed < 2**63):  # type: ignore[operator]
        return seed  # type: ignore[return-value]
    raise ConfigurationError(
        f"seed must be None or a whole number of at most 63 bits, not {excerpt(seed)}",
        field="seed",
    )


_TIMED_OUT: Final = N_("engine timed out: {engine} did not answer within {limit:g} s")
_TIMED_OUT_IGNORED: Final = N_(
    "engine timed out: {engine} did not answer within {limit:g} s; {ignored}"
)
# Why an answer was thrown away (the protocol ignores it as an unknown message).
_IGNORED_ID: Final = N_(
    "an answer was ignored: its id {id} is not the request's id, the JSON integer {request}"
)
_IGNORED_NO_ID: Final = N_("an answer was ignored: it has no id (the request's id is {request})")
_IGNORED_UNKNOWN: Final = N_(
    "an answer was ignored: its id {id} is no request waiting for an answer "
    "(the request's id is {request})"
)


def _refusal(view: PlayerView, action: Action) -> WhistError | Sentence:
    """Why ``action``, the seat's own, is not allowed in ``view``, from what it sees (R-VIEW-4).

    :meth:`PlayerView.refusal <whist_ro.PlayerView.refusal>` answers: the
    state's own refusal, naming only cards the seat has seen or named
    itself; in a blind round a card named at the seat's turn is refused
    because the seat cannot see its own card (R-VIEW-3), never by the card
    it holds.
    """
    error = view.refusal(action)  # the caller has checked that it is the seat's own action
    if error is not None:
        return error
    # Not reached: a view refuses every action outside its legal_actions.
    return Sentence(N_("{action} is not one of the legal actions"), action=str(action))


class _Engine:
    """One engine process and the protocol state, living on one event loop."""

    def __init__(
        self,
        child: process.Child,
        *,
        label: str,
        grace: float,
        max_message: int,
        seed: int | None = None,
    ) -> None:
        self.seed = seed
        self.child = child
        self.label = label
        self.grace = grace
        self.max_message = max_message
        self.loop = asyncio.get_running_loop()
        self.info: EngineInfo | None = None
        self.failure: EngineError | None = None
        self.pending: dict[int, asyncio.Future[tuple[str, Any]]] = {}
        self.late: dict[int, asyncio.TimerHandle] = {}
        self.waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.requests = itertools.count(1)
        self.ignored: Sentence | None = None  # why the last answer was thrown away
        self.feed = SeatFeed(observe=False, seed=seed)
        self.reader_task = asyncio.ensure_future(self._read())
        self.closed = False
        self.thread = threading.get_ident()

    # -- failures ------------------------------------------------------------------

    def stderr(self) -> tuple[str, ...]:
        return self.child.stderr.lines()

    def _crash(self) -> EngineCrashedError:
        code = self.child.returncode
        if code is None:
            template = N_("engine crashed: {engine} closed its output")
        elif code < 0:
            template = N_("engine crashed: {engine} was killed by signal {signal}")
        else:
            template = N_("engine crashed: {engine} exited with status {status}")
        return EngineCrashedError(
            template,
            engine=self.label,
            stderr=self.stderr(),
            returncode=code,
            evidence={"engine": self.label, "signal": -(code or 0), "status": code},
        )

    def fail(self, error: EngineError, *, kill: bool) -> None:
        """Record the engine's failure, fail everything waiting on it, and kill it if asked."""
        if self.failure is None:
            self.failure = error
        futures: list[asyncio.Future[Any]] = [*self.pending.values(), *self.waiting.values()]
        for future in futures:
            if not future.done():
                future.set_exception(error)
        self.pending.clear()
        self.waiting.clear()
        if kill:
            self.child.kill()

    def check(self) -> None:
        if self.failure is not None:
            raise self.failure
        if self.closed:
            raise EngineCrashedError(
                N_("engine {engine} was closed"),
                engine=self.label,
                stderr=self.stderr(),
                evidence={"engine": self.label},
            )

    # -- reading -------------------------------------------------------------------

    async def _read(self) -> None:
        reader = self.child.reader
        while True:
            try:
                line = await reader.readline()
            except ValueError:  # the line is longer than the stream's limit
                self.fail(
                    EngineProtocolError(
                        N_(
                            "engine sent an oversize line: {engine} wrote a line of more "
                            "than {limit} bytes"
                        ),
                        kind="oversize",
                        engine=self.label,
                        stderr=self.stderr(),
                        evidence={"engine": self.label, "limit": self.max_message},
                    ),
                    kill=True,
                )
                return
            except Exception:  # pragma: no cover - the pipe broke
                line = b""
            if not line:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.shield(self.child.exited), 0.5)
                self.fail(self._crash(), kill=True)
                return
            if not line.strip():
                continue
            try:
                message = decode(line, max_size=self.max_message + 2)
            except WireError as error:
                self.fail(
                    EngineProtocolError(
                        N_("engine sent garbage: {error} ({line})"),
                        kind="garbage",
                        engine=self.label,
                        stderr=self.stderr(),
                        evidence={"error": error, "line": excerpt(line[:80])},
                    ),
                    kill=True,
                )
                return
            self._dispatch(message)

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind in ("action", "resign"):
            request = message.get("id")
            if type(request) is not int:
                # Not an answer to anything asked: ignored, as unknown messages are, and
                # kept as the reason a timeout gives.
                self._ignore(request, missing="id" not in message)
                return
            timer = self.late.pop(request, None)
            if timer is not None:
                timer.cancel()  # a late answer: the engine lives, the answer is thrown away
                return
            future = self.pending.pop(request, None)
            if future is not None and not future.done():
                future.set_result((kind, message))
            elif future is None:
                self._ignore(request, missing=False)
            return
        waiter = self.waiting.pop(kind, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(message)

    def _ignore(self, given: object, *, missing: bool) -> None:
        """Note why an answer was thrown away, for the request still waiting (if any)."""
        if not self.pending:
            return
        request = max(self.pending)
        if missing:
            self.ignored = Sentence(_IGNORED_NO_ID, request=request)
        elif type(given) is int:
            self.ignored = Sentence(_IGNORED_UNKNOWN, id=given, request=request)
        else:
            self.ignored = Sentence(_IGNORED_ID, id=excerpt(given), request=request)

    # -- writing -------------------------------------------------------------------

    def send(self, messages: Sequence[Mapping[str, Any]]) -> None:
        self.check()
        writer = self.child.writer
        if writer.is_closing():
            raise self._crash()
        if writer.transport.get_write_buffer_size() > _WRITE_BACKLOG:
            error = EngineTimeoutError(
                N_(
                    "engine timed out: {engine} has not read its input "
                    "({backlog} bytes are waiting)"
                ),
                engine=self.label,
                stderr=self.stderr(),
                evidence={"engine": self.label, "backlog": _WRITE_BACKLOG},
            )
            self.fail(error, kill=True)
            raise error
        writer.write(b"".join(encode(m) for m in messages))

    async def expect(self, kind: str, timeout: float) -> dict[str, Any]:
        future: asyncio.Future[dict[str, Any]] = self.loop.create_future()
        self.waiting[kind] = future
        try:
            return await asyncio.wait_for(future, timeout)
        finally:
            self.waiting.pop(kind, None)

    # -- the protocol ----------------------------------------------------------------

    async def handshake(self, options: Mapping[str, object], timeout: float) -> EngineInfo:
        try:
            self.send([hello_message()])
            info = read_hello(await self.expect("hello", timeout))
            values = info.check_options(options)
            self.send([{"type": "options", "options": values}])
            ready = self.loop.create_task(self.expect("ready", timeout))
            refused = self.loop.create_task(self.expect("error", timeout))
            done, _ = await asyncio.wait(
                {ready, refused}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
            for task in (ready, refused):
                if task not in done:
                    task.cancel()
            if refused in done and refused.exception() is None:
                reason = refused.result().get("message")
                raise EngineStartError(
                    N_("engine {engine} refused its options: {reason}"),
                    engine=self.label,
                    stderr=self.stderr(),
                    evidence={"engine": self.label, "reason": excerpt(reason)},
                )
            if ready not in done:
                raise TimeoutError
            ready.result()
        except TimeoutError:
            error = EngineStartError(
                N_("engine {engine} did not finish the handshake within {limit:g} s"),
                engine=self.label,
                stderr=self.stderr(),
                evidence={"engine": self.label, "limit": timeout},
            )
            await self.close(grace=0)
            raise error from None
        except WireError as error:
            await self.close(grace=0)
            raise EngineStartError(
                N_("engine {engine} broke the handshake: {error}"),
                engine=self.label,
                stderr=self.stderr(),
                evidence={"engine": self.label, "error": error},
            ) from None
        except EngineError as error:
            await self.close(grace=0)
            if isinstance(error, EngineStartError):
                raise
            raise EngineStartError(
                N_("engine {engine} failed during the handshake: {error}"),
                engine=self.label,
                stderr=self.stderr(),
                evidence={"engine": self.label, "error": error},
            ) from None
        self.info = info
        self.feed = SeatFeed(observe=info.observe, seed=self.seed)
        return info

    def ask(self, view: PlayerView, limit: float | None) -> tuple[int, list[dict[str, Any]]]:
        """The request number and the messages that ask for a decision in ``view``.

        Worked out in the caller's thread, so that only the writing happens
        on the engine's loop.
        """
        self.check()
        request = next(self.requests)
        return request, self.feed.act(view, request=request, time_limit=limit)

    async def act(
        self,
        view: PlayerView,
        request: int,
        messages: Sequence[Mapping[str, Any]],
        limit: float | None,
        stated: float | None,
    ) -> Action:
        """The engine's action: waits ``limit`` seconds; a timeout names the limit ``stated``."""
        self.check()
        future: asyncio.Future[tuple[str, Any]] = self.loop.create_future()
        self.pending[request] = future
        self.ignored = None
        try:
            self.send(messages)
            kind, message = await asyncio.wait_for(future, limit)
        except TimeoutError:
            self._arm_watchdog(request)
            evidence: dict[str, object] = {"engine": self.label, "limit": stated}
            if self.ignored is not None:  # say why the answer that came does not count
                evidence["ignored"], self.ignored = self.ignored, None
            raise EngineTimeoutError(
                _TIMED_OUT_IGNORED if "ignored" in evidence else _TIMED_OUT,
                engine=self.label,
                stderr=self.stderr(),
                evidence=evidence,
            ) from None
        except asyncio.CancelledError:
            # The table gave up on this decision (its own limit, or the host stopped):
            # the request is now late, and the engine has its grace period.
            if self.pending.pop(request, None) is not None:
                self._arm_watchdog(request)
            raise
        finally:
            self.pending.pop(request, None)
        if kind == "resign":
            reason = message.get("reason")
            said = N_("engine resigned: {reason}") if isinstance(reason, str) else None
            raise EngineProtocolError(
                said or N_("engine resigned"),
                kind="resigned",
                engine=self.label,
                stderr=self.stderr(),
                evidence={"reason": excerpt(reason)},
            )
        try:
            _, action = read_answer(message)
        except WireError as error:
            raise EngineProtocolError(
                N_("engine sent garbage: {error}"),
                kind="garbage",
                engine=self.label,
                stderr=self.stderr(),
                evidence={"error": error},
            ) from None
        if action.seat != view.seat:
            raise EngineProtocolError(
                N_("engine answered for seat {answered}, not for its own seat {seat}"),
                kind="wrong_seat",
                engine=self.label,
                stderr=self.stderr(),
                evidence={"answered": action.seat, "seat": view.seat},
            )
        if action not in view.legal_actions:
            raise EngineProtocolError(
                N_("engine played an illegal action: {refusal}"),
                kind="illegal",
                engine=self.label,
                stderr=self.stderr(),
                evidence={"refusal": _refusal(view, action)},
            )
        return action

    def _arm_watchdog(self, request: int) -> None:
        def kill() -> None:
            self.late.pop(request, None)
            self.fail(
                EngineTimeoutError(
                    N_(
                        "engine timed out: {engine} did not answer within the grace period "
                        "of {grace:g} s after its deadline, and was killed"
                    ),
                    engine=self.label,
                    stderr=self.stderr(),
                    evidence={"engine": self.label, "grace": self.grace},
                ),
                kill=True,
            )

        self.late[request] = self.loop.call_later(self.grace, kill)

    def post(self, messages: Sequence[Mapping[str, Any]]) -> None:
        """Write ``messages`` from any thread, without waiting (failures show at the next call)."""
        if threading.get_ident() == self.thread:
            with contextlib.suppress(EngineError):
                self.send(messages)
            return

        def send() -> None:
            with contextlib.suppress(EngineError):
                self.send(messages)

        self.loop.call_soon_threadsafe(send)

    async def close(self, *, grace: float) -> int:
        if not self.closed:
            self.closed = True
            writer = self.child.writer
            with contextlib.suppress(Exception):
                if not writer.is_closing():
                    writer.write(encode({"type": "quit"}))
        for timer in self.late.values():
            timer.cancel()
        self.late.clear()
        code = await self.child.stop(grace=grace)
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(self.reader_task, 1.0)
        return code


# Why a program would not start, in words a user reads (the OS's own text otherwise).
_START_REASONS: Final = {
    errno.ENOENT: N_("no such file"),
    errno.EACCES: N_("permission denied (is it executable?)"),
    errno.ENOEXEC: N_("not a program this system can run (a script without a #! line?)"),
    errno.ENOTDIR: N_("a part of its path is not a folder"),
    errno.EISDIR: N_("it is a folder"),
}

_NO_SHELL: Final = N_(
    "{reason}; the command runs without a shell, so VAR=value, ~ and $VAR are not read: "
    "give sh -c '...' for those"
)


async def _launch(
    args: tuple[str, ...],
    *,
    label: str,
    limit: int,
    cwd: str | None,
    env: dict[str, str] | None,
    log: str | os.PathLike[str] | None = None,
) -> process.Child:
    """Start ``args`` as an engine; a program that cannot start is named with the engine.

    The error reads ``engine NAME: cannot start 'PROGRAM': no such file``:
    who the engine is, which program failed and why, in the reader's words.
    """
    try:
        return await process.start_command(args, limit=limit, cwd=cwd, env=env, log=log)
    except EngineStartError as error:
        cause = error.__cause__
        if not isinstance(cause, OSError):
            raise
        known = _START_REASONS.get(cause.errno or 0)
        reason: object = Sentence(known) if known else (cause.strerror or str(cause))
        if "=" in args[0] or args[0][:1] in ("~", "$"):  # a shell's words, run as a program
            reason = Sentence(_NO_SHELL, reason=reason)
        raise EngineStartError(
            N_("engine {engine}: cannot start {program}: {reason}"),
            engine=label,
            evidence={"engine": label, "program": excerpt(args[0]), "reason": reason},
        ) from None


async def _start(
    starter: Coroutine[Any, Any, process.Child],
    *,
    label: str,
    options: Mapping[str, object],
    grace: float,
    handshake: float,
    max_message: int,
    seed: int | None = None,
) -> _Engine:
    child = await starter
    engine = _Engine(child, label=label, grace=grace, max_message=max_message, seed=seed)
    await engine.handshake(options, handshake)
    return engine


def _kill_at_exit(engine: _Engine) -> None:
    # The last resort when an EngineAgent is dropped without close(): kill, and let the
    # loop reap (a killed child is waited for by its watcher).
    with contextlib.suppress(Exception):
        if engine.child.returncode is None and not engine.loop.is_closed():
            engine.loop.call_soon_threadsafe(engine.child.kill)


class EngineAgent:
    """An :class:`~whist_ro.Agent` whose decisions come from an engine process.

    Build one with :meth:`popen` (synchronous: the engine runs on a shared
    background event loop, as python-chess's ``SimpleEngine`` does) or
    ``await`` :meth:`apopen` (the engine runs on the caller's loop).  Both
    start the program, run the handshake and set ``options``; ``name`` is
    the engine's own name unless given.

    ``time_limit`` is the most seconds the engine may take for one decision
    (None: no limit of its own); a table's limit applies too, whichever is
    shorter.  An answer after the deadline is a timeout, and an engine that
    has not answered ``grace`` seconds later is killed.  Every failure
    (crash, timeout, garbage, a wrong seat, an illegal action, an oversize
    line, a resignation) raises an :class:`~whist_ro.errors.EngineError`
    holding the engine's last lines on stderr, which a table turns into a
    takeover with that reason (R-SEAT-1).

    Close it with :meth:`close` (or use it as a context manager): the
    engine is sent ``quit``, given ``grace`` seconds, then killed; it is
    always waited for.

    >>> import sys
    >>> with EngineAgent.popen([sys.executable, "-m", "whist_ro", "engine", "rule"],
    ...                        name="rule engine", time_limit=5) as engine:
    ...     engine.name, engine.info.name, engine.time_limit
    ('rule engine', 'rule', 5.0)
    """

    __slots__ = ("__weakref__", "_engine", "_finalizer", "_name", "_time_limit")

    def __init__(self, engine: _Engine, *, name: str, time_limit: float | None) -> None:
        self._engine = engine
        self._name = name
        self._time_limit = time_limit
        self._finalizer = weakref.finalize(self, _kill_at_exit, engine)

    # -- building -------------------------------------------------------------------

    @staticmethod
    def _settings(
        name: object,
        time_limit: object,
        options: object,
        grace: object,
        handshake: object,
        max_message: object,
    ) -> tuple[str | None, float | None, dict[str, object], float, float, int]:
        if name is not None and not (isinstance(name, str) and 0 < len(name) <= 100):
            raise ConfigurationError(
                f"name must be None or text of 1 to 100 characters, not {excerpt(name)}",
                field="name",
            )
        if options is None:
            options = {}
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise ConfigurationError(
                f"options must be a dict of option names and values, not {excerpt(options)}",
                field="options",
            )
        if not (is_whole(max_message) and 1024 <= max_message <= 1 << 30):  # type: ignore[operator]
            raise ConfigurationError(
                f"max_message must be a whole number of bytes from 1024 to {1 << 30}, "
                f"not {excerpt(max_message)}",
                field="max_message",
            )
        limit = _seconds(time_limit, name="time_limit")
        grace_s = _seconds(grace, name="grace", allow_none=False)
        handshake_s = _seconds(handshake, name="handshake", allow_none=False)
        assert grace_s is not None
        assert handshake_s is not None
        return name, limit, dict(options), grace_s, handshake_s, int(max_message)  # type: ignore[call-overload]

    @classmethod
    def popen(
        cls,
        command: str | Sequence[str],
        *,
        name: str | None = None,
        time_limit: float | None = None,
        options: Mapping[str, object] | None = None,
        grace: float = 2.0,
        handshake: float = 10.0,
        max_message: int = MAX_MESSAGE,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
        seed: int | None = None,
        stderr_log: str | os.PathLike[str] | None = None,
    ) -> EngineAgent:
        """Start the engine ``command`` (a command line, or its arguments) and shake hands.

        ``handshake`` is the most seconds the engine may take to answer
        ``hello`` and ``options``; ``max_message`` the longest line (in
        bytes) it may write; ``cwd`` and ``env`` are passed to the process;
        ``seed`` (a whole number) goes with each ``new_match``, for the
        engine to seed its randomness with.  ``stderr_log`` names a file
        that keeps what the engine writes to its standard error (its first
        MiB; the file says where it was cut), beside the last 50 lines
        every error carries.
        A command that cannot be read (an unclosed quote, say), a program
        that cannot be started, does not speak the protocol or refuses its
        options raises :class:`~whist_ro.errors.EngineStartError` (and is
        not left running).

        >>> EngineAgent.popen(["/nonexistent/engine"])
        Traceback (most recent call last):
        ...
        whist_ro.errors.EngineStartError: engine /nonexistent/engine: cannot start ...: no such file
        """
        settings = cls._settings(name, time_limit, options, grace, handshake, max_message)
        loop = process.background_loop()
        return cls._on(
            loop,
            cls._astart(
                command, settings, cwd=cwd, env=env, seed=_check_seed(seed), log=stderr_log
            ),
        )

    @classmethod
    async def apopen(
        cls,
        command: str | Sequence[str],
        *,
        name: str | None = None,
        time_limit: float | None = None,
        options: Mapping[str, object] | None = None,
        grace: float = 2.0,
        handshake: float = 10.0,
        max_message: int = MAX_MESSAGE,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
        seed: int | None = None,
        stderr_log: str | os.PathLike[str] | None = None,
    ) -> EngineAgent:
        """:meth:`popen` for asyncio: the engine runs on the running event loop.

        >>> import asyncio, sys
        >>> async def main():
        ...     async with await EngineAgent.apopen(
        ...             [sys.executable, "-m", "whist_ro", "engine", "random"]) as engine:
        ...         return engine.name
        >>> asyncio.run(main())
        'random'
        """
        settings = cls._settings(name, time_limit, options, grace, handshake, max_message)
        return await cls._astart(
            command, settings, cwd=cwd, env=env, seed=_check_seed(seed), log=stderr_log
        )

    @classmethod
    async def _astart(
        cls,
        command: str | Sequence[str],
        settings: tuple[str | None, float | None, dict[str, object], float, float, int],
        *,
        cwd: str | None,
        env: dict[str, str] | None,
        seed: int | None,
        log: str | os.PathLike[str] | None = None,
    ) -> EngineAgent:
        name, limit, options, grace, handshake, max_message = settings
        args = process.command_args(command)
        label = name or (command if isinstance(command, str) else " ".join(args))
        # Until the engine says its name, errors name the command (its start, if long).
        label = label if len(label) <= _LABEL else label[: _LABEL - 1] + "…"
        starter = _launch(args, label=label, limit=max_message + 2, cwd=cwd, env=env, log=log)
        engine = await _start(
            starter,
            label=label,
            options=options,
            grace=grace,
            handshake=handshake,
            max_message=max_message,
            seed=seed,
        )
        assert engine.info is not None
        engine.label = name or engine.info.name
        return cls(engine, name=name or engine.info.name, time_limit=limit)

    @classmethod
    async def aspawn(
        cls,
        agent: object,
        *,
        name: str | None = None,
        time_limit: float | None = None,
        grace: float = 2.0,
        handshake: float = 60.0,
    ) -> EngineAgent:
        """An in-process ``agent`` moved into a process of its own (``Table(isolate=True)``).

        The process is started by :mod:`multiprocessing`'s ``spawn`` method
        (never ``fork``, which would copy this process's memory, the match
        included); the agent is rebuilt there from its pickle and served
        through the protocol like any engine.

        >>> import asyncio
        >>> from whist_ro.bots import RandomBot
        >>> async def main():
        ...     async with await EngineAgent.aspawn(RandomBot(seed=1)) as engine:
        ...         return engine.name
        >>> asyncio.run(main())
        'RandomBot'
        """
        settings = cls._settings(name, time_limit, None, grace, handshake, MAX_MESSAGE)
        label = name or type(agent).__name__
        engine = await _start(
            process.start_spawned(agent, limit=MAX_MESSAGE + 2),
            label=label,
            options={},
            grace=settings[3],
            handshake=settings[4],
            max_message=MAX_MESSAGE,
        )
        assert engine.info is not None
        return cls(engine, name=label, time_limit=settings[1])

    @classmethod
    async def aspawn_all(cls, agents: Sequence[object]) -> list[EngineAgent]:
        """:meth:`aspawn` for each of ``agents``, started together; all or none.

        >>> import asyncio
        >>> asyncio.run(EngineAgent.aspawn_all([]))
        []
        """
        started = await asyncio.gather(
            *(cls.aspawn(agent) for agent in agents), return_exceptions=True
        )
        failures = [x for x in started if isinstance(x, BaseException)]
        engines = [x for x in started if isinstance(x, EngineAgent)]
        if failures:
            await asyncio.gather(*(e.aclose() for e in engines), return_exceptions=True)
            raise failures[0]
        return engines

    @classmethod
    def spawn_all(cls, agents: Sequence[object]) -> list[EngineAgent]:
        """:meth:`aspawn_all` from synchronous code (the engines run on the background loop).

        >>> from whist_ro.bots import RandomBot
        >>> engines = EngineAgent.spawn_all([RandomBot(seed=1), RandomBot(seed=2)])
        >>> [e.name for e in engines], [e.close() for e in engines]
        (['RandomBot', 'RandomBot'], [0, 0])
        """
        return cls._on(process.background_loop(), cls.aspawn_all(agents))

    @staticmethod
    def _on(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, _T]) -> _T:
        """Run ``coro`` on ``loop`` (another thread's) and wait for it here."""
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            coro.close()
            raise EngineError(
                "this engine runs on the event loop of this thread: call it with await "
                "(aact, aobserve, aclose), not with the blocking methods"
            )
        future = asyncio.run_coroutine_threadsafe(coro, loop)
        try:
            return future.result()
        except BaseException:
            future.cancel()
            raise

    # -- reading -------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The engine's name: the one given to :meth:`popen`, else the one it sent."""
        return self._name

    @property
    def info(self) -> EngineInfo:
        """What the engine said of itself in its ``hello``: name, author, version, options."""
        info = self._engine.info
        assert info is not None
        return info

    @property
    def time_limit(self) -> float | None:
        """The most seconds the engine may take per decision, or None."""
        return self._time_limit

    @property
    def pid(self) -> int:
        """The engine process's id."""
        return self._engine.child.pid

    @property
    def returncode(self) -> int | None:
        """The engine's exit status once it has exited, else None."""
        return self._engine.child.returncode

    @property
    def stderr(self) -> tuple[str, ...]:
        """The engine's last lines on its standard error (at most 50)."""
        return self._engine.stderr()

    @property
    def failure(self) -> EngineError | None:
        """The failure that stopped the engine, or None while it is healthy."""
        return self._engine.failure

    @property
    def is_running(self) -> bool:
        """True while the engine can still be asked to play."""
        engine = self._engine
        return engine.failure is None and not engine.closed and engine.child.returncode is None

    # -- playing -------------------------------------------------------------------

    def _limit(self) -> tuple[float | None, float | None]:
        """The seconds to wait for this decision, and the limit as set that bounds them.

        The wait is the shorter of the engine's own limit and what is left of
        the table's; a timeout names the limit itself (the table's 1 s, not
        the 0.99999 s left when the engine was asked).
        """
        own, left = self._time_limit, time_left()
        if left is None or (own is not None and own <= left):
            return own, own
        return max(left, 0.001), decision_limit() or left

    def act(self, view: PlayerView) -> Action:
        """Ask the engine for its action in ``view`` and wait for the answer."""
        engine = self._engine
        limit, stated = self._limit()
        request, messages = engine.ask(view, limit)
        return self._on(engine.loop, engine.act(view, request, messages, limit, stated))

    async def aact(self, view: PlayerView) -> Action:
        """:meth:`act` for asyncio; cancelling it leaves the engine its grace period."""
        engine = self._engine
        limit, stated = self._limit()
        request, messages = engine.ask(view, limit)
        coro = engine.act(view, request, messages, limit, stated)
        if asyncio.get_running_loop() is engine.loop:
            return await coro
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coro, engine.loop))

    def observe(self, view: PlayerView, step: Step) -> None:
        """Tell the engine what ``step`` did (and, at their ends, the round and the match).

        Nothing is waited for: the messages are written in the background,
        and a failure of the engine (a crash, say) is raised here at the
        next call.  A table calls it only for the steps :meth:`needs` says
        the engine is sent.
        """
        engine = self._engine
        engine.check()
        messages = engine.feed.observe(view, step)
        if messages:
            engine.post(messages)

    def needs(self, step: Step) -> bool:
        """True when the engine is to be told of ``step``; a table asks before it calls observe.

        An engine that asked to observe (``"observe": true`` in its
        ``hello``) needs every step; any other needs only the steps that end
        a round or the match (``round_end``, ``match_end``), so a table
        spares itself the seat's view for the rest.

        >>> import sys, whist_ro as wr
        >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
        >>> m = m.apply(m.legal_actions()[0])
        >>> with EngineAgent.popen([sys.executable, "-m", "whist_ro", "engine", "rule"]) as engine:
        ...     engine.needs(m.last_step)
        False
        """
        return self._engine.feed.observes or step.round_over or step.match_over

    async def aobserve(self, view: PlayerView, step: Step) -> None:
        """:meth:`observe` for asyncio."""
        self.observe(view, step)

    # -- closing -------------------------------------------------------------------

    def close(self, *, grace: float = _QUIT_GRACE) -> int:
        """Send ``quit``, wait up to ``grace`` seconds for the engine to exit, then kill it.

        Returns the exit status (negative: the signal that killed it).
        """
        code = self._on(self._engine.loop, self._engine.close(grace=grace))
        self._finalizer.detach()
        return code

    async def aclose(self, *, grace: float = _QUIT_GRACE) -> int:
        """:meth:`close` for asyncio."""
        coro = self._engine.close(grace=grace)
        if asyncio.get_running_loop() is self._engine.loop:
            code = await coro
        else:
            code = await asyncio.wrap_future(
                asyncio.run_coroutine_threadsafe(coro, self._engine.loop)
            )
        self._finalizer.detach()
        return code

    def __enter__(self) -> EngineAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def __aenter__(self) -> EngineAgent:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        state = "running" if self.is_running else "stopped"
        return f"<EngineAgent {self._name!r} pid {self.pid} {state}>"


def _command_parts(value: str | Sequence[str]) -> tuple[str, ...]:
    try:
        return process.command_args(value)
    except EngineStartError as error:  # a setting of the value, refused as one
        template = error.template or str(error)
        raise ConfigurationError(template, field="command", evidence=error.evidence) from None


def _option_pairs(
    value: Mapping[str, object] | tuple[tuple[str, object], ...] | None,
) -> tuple[tuple[str, object], ...]:
    if value is None:
        return ()
    if isinstance(value, tuple) and all(
        isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str) for pair in value
    ):
        value = dict(value)
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise ConfigurationError(
            f"options must be a dict of option names and values, not {excerpt(value)}",
            field="options",
        )
    return tuple(sorted(value.items()))


@attrs.frozen(kw_only=True)
class EngineCommand(Immutable):
    """How to start an engine, as a value: a bot factory that starts a fresh process per call.

    ``EngineCommand(command, name=..., time_limit=..., options=...)`` called
    with ``seed=`` does :meth:`EngineAgent.popen` with those settings (the
    seed goes with each ``new_match``), so it can stand in a tournament's
    line-up (:class:`~whist_ro.tournaments.Entrant`) like a bot class, and it
    pickles, so the matches can run in worker processes.  Each match gets
    engines of its own, closed when it ends: an engine remembers nothing
    from one match to the next, and a crash costs one match only.
    With ``log_dir``, each engine keeps its standard error in a file of
    that folder (see :meth:`log_path`).

    >>> import sys
    >>> import whist_ro as wr
    >>> rule = EngineCommand(command=[sys.executable, "-m", "whist_ro", "engine", "rule"],
    ...                      name="rule-engine", time_limit=5)
    >>> from whist_ro.tournaments import Entrant, tournament
    >>> result = tournament(wr.variants.ROMANIAN, [Entrant(rule, name="rule-engine"),
    ...                     wr.bots.RuleBot, wr.bots.RuleBot], seeds=[1], workers=0)
    >>> result.matches[0].bots[0], result.bots[0].taken_over
    ('rule-engine', 0)
    """

    command: tuple[str, ...] = attrs.field(converter=_command_parts)
    name: str | None = None
    time_limit: float | None = None
    options: tuple[tuple[str, object], ...] = attrs.field(default=(), converter=_option_pairs)
    grace: float = 2.0
    handshake: float = 10.0
    log_dir: str | None = attrs.field(default=None, converter=attrs.converters.optional(str))

    def log_path(self, *, seed: int) -> Path | None:
        """Where the engine started for ``seed`` keeps its stderr (with ``log_dir``), else None.

        In a tournament's match the file is ``match-0001-seat0-NAME.log``
        (match and seat counted as :func:`whist_ro.tournaments.tournament` does, from 1
        and 0); called outside one, ``NAME-seed-SEED.log``.  ``NAME`` is
        the engine's name (or its program's), with anything but letters,
        digits, ``.``, ``_`` and ``-`` made ``_``.

        >>> EngineCommand(command="./engine --fast", name="me", log_dir="logs").log_path(seed=7)
        PosixPath('logs/me-seed-7.log')
        """
        if self.log_dir is None:
            return None
        stem = re.sub(r"[^A-Za-z0-9._-]", "_", self.name or Path(self.command[0]).name)
        where = building()
        if where is None:
            return Path(self.log_dir) / f"{stem}-seed-{seed}.log"
        index, seat = where
        return Path(self.log_dir) / f"match-{index + 1:04d}-seat{seat}-{stem}.log"

    def __call__(self, *, seed: int) -> EngineAgent:
        """Start the engine (a new process) for one match."""
        return EngineAgent.popen(
            list(self.command),
            name=self.name,
            time_limit=self.time_limit,
            options=dict(self.options),
            grace=self.grace,
            handshake=self.handshake,
            seed=seed,
            stderr_log=self.log_path(seed=seed),
        )


register_engine(EngineAgent)  # a table recognises and spawns its engines through it
