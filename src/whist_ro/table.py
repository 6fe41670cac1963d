"""A table: one agent per seat plays a match, and a silent seat is handed to a bot (R-SEAT-1).

:class:`Table` runs a :class:`~whist_ro.Match`: it asks the agent of the
seat to act for an action, giving it that seat's player view only
(R-VIEW-1, R-VIEW-2), applies the action, and tells every agent that
observes what happened.  When an agent raises, returns something that is
not a legal action, or takes longer than the time limit, the fallback agent
takes its seat for the rest of the match; the match state is exactly what
it would have been had the seat never been asked, and the takeover is
logged (round, trick, seat, reason, and the exception with its traceback)
for the match record.  For development, ``on_error="raise"`` raises
instead, so a bug in a bot cannot hide behind the fallback.

A server drives it one action at a time with :meth:`Table.step`; a script
plays to the end with :meth:`Table.run`; :meth:`Table.to_record` writes the
complete match record, names and takeovers included.

An agent runs in this process and is **trusted code**: it cannot change
the match (every value it is given is immutable), but Python lets any code
read any object of its process, the frame stack included, so an in-process
agent could find every hand.  A bot you do not trust belongs in another
process (docs: "Engines in any language").

>>> import whist_ro as wr
>>> from whist_ro.bots import RandomBot
>>> class Broken:
...     def act(self, view):
...         raise RuntimeError("lost connection")
>>> table = Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=s) for s in range(3)] + [Broken()],
...               seed=5)
>>> m = table.run()
>>> m.is_over, table.takeovers[0].seat, table.takeovers[0].reason
(True, 3, 'raised RuntimeError: lost connection')
>>> table.takeovers[0].error, table.takeovers[0].traceback.splitlines()[-1]
('RuntimeError', 'RuntimeError: lost connection')
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import contextvars
import inspect
import logging
import pickle
import queue
import secrets
import sys
import threading
import time
import warnings
import weakref
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, TypeVar

from whist_ro import locale
from whist_ro._check import Seed, excerpt, flag, is_whole
from whist_ro._deprecation import moved_names
from whist_ro._text import Sentence
from whist_ro.actions import Action, Bid, Play
from whist_ro.agents import Agent, Seated, engine_class
from whist_ro.bots.random_bot import RandomBot
from whist_ro.deadline import decision_limit, reset_deadline, set_deadline, time_left
from whist_ro.engine import seats
from whist_ro.engine.deal import Deal
from whist_ro.engine.match import Match
from whist_ro.engine.seats import Reclaim, format_failure, seat_position
from whist_ro.engine.step import Step
from whist_ro.errors import (
    AgentError,
    ConfigurationError,
    EngineError,
    MatchEndError,
    TableBusyError,
    WhistError,
)
from whist_ro.locale import N_
from whist_ro.schedule import check_players
from whist_ro.variants import Variant, check_variant
from whist_ro.views.view import PlayerView, view_of

if TYPE_CHECKING:
    from whist_ro.engine.seats import Takeover
    from whist_ro.records.record import Record

__all__ = [
    "Change",
    "OnError",
    "Table",
    "TakeoverWarning",
    "decision_limit",
    "time_left",
]

# Takeover is whist_ro.Takeover (defined in whist_ro.engine.seats); its old name here warns.
if not TYPE_CHECKING:  # a type checker no longer sees the moved names (docs/stability.md)
    __getattr__ = moved_names(__name__, {"Takeover": "whist_ro.engine.seats:Takeover"})

OnError = Literal["takeover", "raise"]
"""What a :class:`Table` does when an agent fails: hand the seat to the fallback, or raise."""

Change = Step | seats.Takeover | Reclaim
"""What a :class:`Table`'s ``before_telling`` hook is given: an accepted step, or a seat
changing hands."""

_MAX_TIME_LIMIT: Final = 1e6
_MAX_REASON: Final = 200
# These stop the host, not the agent: they leave the table as it was, so
# run() can resume.  Every other exception, SystemExit and GeneratorExit
# included, is a failure of the agent that raised it.
_STOPS_THE_HOST: Final = (KeyboardInterrupt, asyncio.CancelledError)

_T = TypeVar("_T")

logger: Final = logging.getLogger("whist_ro.table")
"""The logger every takeover is reported to, at WARNING, with the agent's traceback."""


class TakeoverWarning(UserWarning):
    """Issued for each takeover in Python's development mode (``python -X dev``).

    Outside development mode a takeover is only logged (to
    ``logging.getLogger("whist_ro.table")``) and kept in
    :attr:`Table.takeovers`; ``-X dev`` (or ``PYTHONDEVMODE=1``) also shows
    it as a warning, so a bot under development cannot fail unnoticed.

    >>> issubclass(TakeoverWarning, UserWarning)
    True
    """


# Why a seat is taken over (R-SEAT-1), as catalogue messages: a takeover keeps its reason
# in every language whist-ro speaks (Takeover.translations).
_RAISED: Final = N_("raised {error}: {text}")
_OBSERVE_RAISED: Final = N_("observe raised {error}: {text}")
_SLOW: Final = N_("took {elapsed:.3f} s, over the {limit:g} s limit")
_NOT_AN_ACTION: Final = N_("returned {value}, which is not a Bid or a Play")
_ILLEGAL: Final = N_("returned an illegal action: {refusal}")
_OVERRAN: Final = N_("took longer than the {limit:g} s limit")
_OBSERVE_OVERRAN: Final = N_("observe took longer than the {limit:g} s limit")
_FALLBACK_FAILED: Final = N_("the fallback failed too ({reason}); first legal action")

# What a table refuses, as catalogue messages: a refusal renders in every language
# whist-ro speaks (WhistError.explain), as the rule book's own refusals do.
_NOT_AGENTS: Final = N_("agents must be a list with one agent per seat, not {value}")
_NOT_AN_AGENT: Final = N_(
    "{where} must be an agent (an object with an act(view) method), not {value}"
)
_NOT_PICKLABLE: Final = N_(
    "{where} ({agent}) cannot be isolated: an isolated agent travels to its process as a "
    "pickle, and it cannot be pickled ({reason})"
)
_BAD_TIME_LIMIT: Final = N_(
    "time_limit must be None or a number of seconds above 0 and at most {high:g}, not {value}"
)
_BAD_SECONDS: Final = N_("{field} must be a number of seconds from 0 to {high:g}, not {value}")
_BAD_ON_ERROR: Final = N_("on_error must be 'takeover' or 'raise', not {value}")
_ASYNC_IN_LOOP: Final = N_(
    "this agent is asynchronous (async def act) and an event loop is running in this "
    "thread: play with await table.astep() or await table.arun()"
)
_NOT_A_HISTORY: Final = N_("history must be a list of actions, not {value}")
_NOT_A_LIST: Final = N_("{field} must be a list, not {value}")
_BAD_CHANGE: Final = N_("{field} holds {kind} values for seats 0 to {last}, not {value}")
_BAD_FALLBACKS: Final = N_(
    "fallbacks must be a list with one agent (or None) per seat, not {value}"
)
_BAD_HOOK: Final = N_("before_telling must be None or callable, not {value}")
_BAD_REASON: Final = N_("reason must be text or a Sentence, not {value}")
_BAD_SEAT: Final = N_("seat must be a seat number from 0 to {last}, not {value}")
_TAKEN: Final = N_("seat {seat} is taken over already ({rule})")
_NOT_TAKEN: Final = N_("seat {seat} is not taken over: there is nothing to take back ({rule})")
_OVER: Final = N_("the match is over: nothing is left to play ({rule})")
_OVER_SEATS: Final = N_("the match is over: no seat changes hands any more ({rule})")
_PLAYING: Final = N_(
    "Table.{what}() was called while the table is already playing a step (from inside an "
    "agent's act or observe); an agent only returns its action"
)
_HELD: Final = N_(
    "Table.{what}() was called while the table waits for before_telling to take the last "
    "change; wait for it (Table.held) first"
)


class _Said:
    """What an exception says, in a language, read without ever failing.

    The text is the agent's (its exception's ``__str__``), so it may raise or
    ramble: a refusal of the library's own speaks the language asked for, and
    anything else is read once, safely, by :func:`_text_of`.
    """

    __slots__ = ("error",)

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __localized__(self, lang: str) -> str:
        error = self.error
        if isinstance(error, WhistError) and lang != locale.ENGLISH:
            try:
                return _cut(error.explain(lang))
            except _STOPS_THE_HOST:
                raise
            except BaseException:  # a hostile subclass: its English text will do
                pass
        return _text_of(error)


class _Failure(NamedTuple):
    """What went wrong with an agent: the reason (a sentence), and the exception if it raised."""

    said: Sentence | _Said | str
    exception: BaseException | None = None

    def __localized__(self, lang: str) -> str:
        return locale.localized(self.said, lang)


def _text_of(value: object) -> str:
    """``str(value)`` that never fails: a hostile ``__str__`` may raise or return a non-str."""
    try:
        text = str(value)
    except _STOPS_THE_HOST:
        raise
    except BaseException:
        return f"<{type(value).__name__} whose text cannot be read>"
    if not isinstance(text, str):  # pragma: no cover - str() itself refuses non-str
        return f"<{type(value).__name__}>"
    return _cut(text)


def _cut(text: str) -> str:
    """``text``, or its first :data:`_MAX_REASON` characters with "..." at the end."""
    return text if len(text) <= _MAX_REASON else text[: _MAX_REASON - 3] + "..."


def _quote(value: object) -> str:
    """:func:`~whist_ro._check.excerpt` that survives even a ``repr`` raising SystemExit."""
    try:
        return excerpt(value)
    except _STOPS_THE_HOST:
        raise
    except BaseException:
        return f"<{type(value).__name__} object>"


def _raised(error: BaseException, *, observe: bool = False) -> _Failure:
    if isinstance(error, EngineError):
        # An engine's failure already says what the engine did ("engine timed out ...").
        return _Failure(_Said(error), error)
    template = _OBSERVE_RAISED if observe else _RAISED
    return _Failure(Sentence(template, error=type(error).__name__, text=_Said(error)), error)


def _is_async(method: object) -> bool:
    """True for a coroutine function (``async def``), bound or not."""
    try:
        return inspect.iscoroutinefunction(method)
    except _STOPS_THE_HOST:
        raise
    except BaseException:
        return False


def _attribute(agent: object, name: str) -> Any:
    """``getattr(agent, name, None)`` that survives a hostile ``__getattr__``."""
    try:
        return getattr(agent, name, None)
    except _STOPS_THE_HOST:
        raise
    except BaseException:
        return None


def _name_of(agent: object) -> str:
    """How a takeover names an agent: its ``name`` if it is a short str, else its class."""
    try:
        name = getattr(agent, "name", None)
    except _STOPS_THE_HOST:
        raise
    except BaseException:
        name = None
    if isinstance(name, str) and 0 < len(name) <= 100:
        return name
    return type(agent).__name__


def _check_agent(agent: object, where: str) -> Seated:
    try:
        act = getattr(agent, "act", None)
    except _STOPS_THE_HOST:
        raise
    except BaseException:
        act = None
    if callable(act):
        return agent  # type: ignore[return-value]
    raise ConfigurationError(
        _NOT_AN_AGENT, field="agents", evidence={"where": where, "value": _quote(agent)}
    )


def _check_picklable(agent: object, where: str) -> None:
    try:
        pickle.dumps(agent)
    except _STOPS_THE_HOST:
        raise
    except BaseException as error:
        raise ConfigurationError(
            _NOT_PICKLABLE,
            field="agents",
            evidence={"where": where, "agent": _name_of(agent), "reason": _text_of(error)},
        ) from None


def _check_time_limit(limit: object) -> float | None:
    if limit is None:
        return None
    if (is_whole(limit) or isinstance(limit, float)) and 0 < limit <= _MAX_TIME_LIMIT:  # type: ignore[operator]
        return float(limit)  # type: ignore[arg-type]
    raise ConfigurationError(
        _BAD_TIME_LIMIT,
        field="time_limit",
        evidence={"high": _MAX_TIME_LIMIT, "value": excerpt(limit)},
    )


def _check_pace(pace: object) -> float:
    if (is_whole(pace) or isinstance(pace, float)) and 0 <= pace <= _MAX_TIME_LIMIT:  # type: ignore[operator]
        return float(pace)  # type: ignore[arg-type]
    raise ConfigurationError(
        _BAD_SECONDS,
        field="pace",
        evidence={"field": "pace", "high": _MAX_TIME_LIMIT, "value": excerpt(pace)},
    )


def _seat_changes(
    values: Iterable[object], kind: type[Takeover] | type[Reclaim], players: int, field: str
) -> list[Any]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ConfigurationError(
            _NOT_A_LIST, field=field, evidence={"field": field, "value": excerpt(values)}
        )
    out = list(values)
    for value in out:
        if type(value) is not kind or not 0 <= value.seat < players:
            raise ConfigurationError(
                _BAD_CHANGE,
                field=field,
                evidence={
                    "field": field,
                    "kind": kind.__name__,
                    "last": players - 1,
                    "value": _quote(value),
                },
            )
    return out


async def _await(awaitable: Awaitable[Any]) -> Any:
    return await awaitable


def _check_reason(reason: object) -> str | Sentence:
    """A takeover's reason, as :meth:`Table.take_over` and :meth:`Table.away` take it."""
    if isinstance(reason, (str, Sentence)):
        return reason
    raise ConfigurationError(_BAD_REASON, field="reason", evidence={"value": _quote(reason)})


def _check_on_error(value: object) -> OnError:
    if value == "takeover":
        return "takeover"
    if value == "raise":
        return "raise"
    raise ConfigurationError(_BAD_ON_ERROR, field="on_error", evidence={"value": excerpt(value)})


class _OverranError(Exception):
    """An agent's decision (or observation) outlasted the time limit."""


class _Worker:
    """One daemon thread that runs a table's synchronous agents, one call at a time.

    A thread cannot be killed: one whose call overruns the time limit is
    abandoned (told to stop after that call) and a new worker takes its
    place.  Being a daemon, an abandoned thread never holds up the
    interpreter's exit.
    """

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[Any, ...] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="whist-ro-table", daemon=True)
        self._thread.start()

    def submit(self, call: Callable[..., Any], *args: object) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._jobs.put((loop, future, contextvars.copy_context(), call, args))
        return future

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            loop, future, context, call, args = job
            try:
                result = context.run(call, *args)
            except BaseException as error:  # the agent's failure (or stop), for the table
                _deliver(loop, future, error=error)
            else:
                _deliver(loop, future, result=result)

    def stop(self) -> None:
        self._jobs.put(None)


def _deliver(
    loop: asyncio.AbstractEventLoop,
    future: asyncio.Future[Any],
    *,
    result: object = None,
    error: BaseException | None = None,
) -> None:
    def settle() -> None:
        if future.done():  # cancelled: the table gave up on this call
            return
        if error is None:
            future.set_result(result)
        else:
            future.set_exception(error)

    with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
        loop.call_soon_threadsafe(settle)


async def _within(awaitable: Awaitable[Any], limit: float | None) -> Any:
    """Await ``awaitable`` for at most ``limit`` seconds (None: no limit), then give up."""
    if limit is None:
        return await awaitable
    try:
        async with asyncio.timeout(limit) as scope:
            return await awaitable
    except TimeoutError:
        if scope.expired():
            raise _OverranError from None
        raise


def _in_event_loop() -> bool:
    """Whether this thread runs an event loop (a notebook's, a server's).

    Asked outside any ``except`` block on purpose: the whole table runs below the
    caller, and an agent's error raised there would otherwise carry the probe's
    "no running event loop" as its context, in every traceback a host logs.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _run_coroutine(coroutine: Any, limit: float | None) -> Any:
    """Run an async agent's coroutine to its end for a synchronous :meth:`Table.step`."""
    if not _in_event_loop():
        return asyncio.run(_within(coroutine, limit))
    coroutine.close()
    raise ConfigurationError(_ASYNC_IN_LOOP, field="agents", evidence={})


def _drive_here(coroutine: Coroutine[Any, Any, _T]) -> _T:
    """Run an inline core coroutine to its end in this thread, without an event loop.

    Inline, the table's core awaits nothing that needs the loop (it runs any
    agent's coroutine to its end itself), so it finishes at the first send.
    """
    try:
        coroutine.send(None)
    except StopIteration as done:
        result: _T = done.value
        return result
    coroutine.close()  # pragma: no cover - inline, the core never waits on a loop
    raise RuntimeError("the table's synchronous core waited on an event loop")


def _drive(coroutine: Coroutine[Any, Any, _T]) -> _T:
    """The synchronous API: the core run here, or, inside a running event loop, in a helper.

    In a thread whose event loop is running (a Jupyter notebook), the core
    runs in a helper thread, where an async agent's coroutine can be run
    to its end; the caller waits for it, as :meth:`Table.step` always has.
    The helper lives for the call only: a notebook that closed its tables
    keeps no thread of theirs (starting one costs far less than a match).
    """
    if not _in_event_loop():
        return _drive_here(coroutine)
    context = contextvars.copy_context()
    with concurrent.futures.ThreadPoolExecutor(
        1, thread_name_prefix="whist-ro-table-sync"
    ) as helper:
        return helper.submit(context.run, _drive_here, coroutine).result()


def _host_cancelled() -> bool:
    """True when the task running this was cancelled by its host (not by an agent)."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def _is_engine(agent: object) -> bool:
    """True for an engine process's agent (:class:`~whist_ro.remote.EngineAgent`)."""
    engine = engine_class(load=False)
    return engine is not None and isinstance(agent, engine)


def _told(agent: object, step: Step, engine: type | None) -> bool:
    """False when ``agent`` is an engine that has no use for ``step``.

    An engine that did not ask to observe every step is sent only the ends
    of rounds and of the match; building its seat's view for the steps in
    between, three in four, would cost the table time for nothing.
    ``engine`` is ``engine_class(load=False)``, looked up once per step by
    the caller rather than once per seat.
    """
    return engine is None or not isinstance(agent, engine) or agent.needs(step)  # type: ignore[attr-defined]


class Table:
    """Plays a match with one agent per seat; takes a failing seat over (R-SEAT-1).

    ``agents`` holds one :class:`~whist_ro.Agent` per seat (the player
    count is their number); ``names`` optionally names the players (see
    :attr:`Match.names <whist_ro.Match.names>`).  The deals come from
    ``seed`` or from explicit ``deals``, as in :meth:`Match.new
    <whist_ro.Match.new>`; without either, the table draws a seed with
    :mod:`secrets`, so no agent can guess it from its cards.  ``fallback``
    is the agent that takes over a seat (a seeded
    :class:`~whist_ro.bots.RandomBot` unless given).

    ``time_limit`` is the most seconds an agent may take for one decision
    (None: no limit); :func:`time_left` tells an agent what is left.
    :meth:`step` and :meth:`run` check the limit when the agent returns
    (an engine, :class:`~whist_ro.remote.EngineAgent`, enforces it itself);
    :meth:`astep` and :meth:`arun`, for asyncio, enforce it by cancellation:
    an async agent (``async def act``) or an engine is cancelled at the
    limit, and a synchronous agent, run in a worker thread, is abandoned
    there (a thread cannot be killed) and logged.  Either way its seat is
    taken over.  One event loop can host many tables at once.  Both run
    the table's one core: :meth:`step` and :meth:`run` drive it in the
    caller's thread, calling a synchronous agent there; called inside a
    running event loop (a Jupyter notebook), they drive it in a helper
    thread instead, so agents are called (and the limit checked) in that
    thread, and an async agent plays there too.

    ``on_error`` says what a failing agent costs: ``"takeover"`` (the
    default) hands its seat to the fallback, logs the takeover to the
    ``whist_ro.table`` logger with the traceback (and, under ``python -X
    dev``, issues a :class:`TakeoverWarning`); ``"raise"`` raises
    :class:`~whist_ro.errors.AgentError` from the agent's own exception
    instead, leaving the table as it was, which is what you want while
    writing a bot.

    A server seats people and bots at one table (``whist-ro serve`` does):
    ``fallbacks`` gives a fallback per seat (None: ``fallback``);
    ``history``, ``takeovers`` and ``reclaims`` resume a match from its
    stored actions and seat changes (a seat with more takeovers than
    reclaims starts played by its fallback); :meth:`play` applies an action
    decided outside the table (a person's, sent through their connection),
    :meth:`take_over` hands a seat to its fallback for a reason of the
    caller's, :meth:`away` does so once a grace has passed (a dropped
    connection) unless :meth:`back` comes first, and :meth:`reclaim` gives
    a seat back (R-SEAT-1).  ``before_telling`` is called with every :data:`Change` (an
    accepted step, a takeover, a reclaim) before anyone is told of it, so a
    server can store it first; when it returns an awaitable the table waits
    for it.  ``pace`` is the least seconds an agent's decision takes, so
    people can follow the bots' play (0: at once).

    >>> import whist_ro as wr
    >>> from whist_ro.bots import RandomBot
    >>> stored = []
    >>> table = Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=s) for s in range(3)],
    ...               seed=4, before_telling=stored.append)
    >>> _ = table.step(); _ = table.take_over(1, reason="left the room")
    >>> [type(change).__name__ for change in stored]
    ['Step', 'Takeover']
    >>> again = Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=s) for s in range(3)],
    ...               seed=4, history=table.match.history, takeovers=table.takeovers)
    >>> again.match == table.match, again.taken_over
    (True, frozenset({1}))

    An agent is trusted code: see the module documentation.
    ``isolate=True`` runs every agent that is not already an engine in a
    process of its own, started by :mod:`multiprocessing`'s ``spawn``
    method and spoken to through the engine protocol, so that it cannot
    read the match (or another seat's hand) through Python's frame stack.
    The agents must pickle; the processes start at the first step and stop
    when the match ends (or at :meth:`close`).  This is not a sandbox:
    see ``docs/protocol.md``.

    >>> import whist_ro as wr
    >>> from whist_ro.bots import RandomBot
    >>> table = Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=s) for s in range(4)], seed=1)
    >>> step = table.step()
    >>> step.action in table.match.history, table.takeovers
    (True, ())
    >>> Table(wr.variants.ROMANIAN, agents=[RandomBot()] * 2)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: romanian is played by 3 to 6 players, not 2 (R-DECK-2)
    >>> class Typo:
    ...     def act(self, view):
    ...         return view.legal_action[0]
    >>> Table(wr.variants.ROMANIAN, agents=[Typo(), RandomBot(), RandomBot()], seed=1,
    ...       on_error="raise").run()
    Traceback (most recent call last):
    ...
    whist_ro.errors.AgentError: seat 0 (Typo) failed in round 1, bidding: raised AttributeError: ...
    """

    __slots__ = (
        "__weakref__",
        "_agents",
        "_away",
        "_busy",
        "_fallback",
        "_fallbacks",
        "_given",
        "_held",
        "_hook",
        "_isolate",
        "_isolated",
        "_match",
        "_on_error",
        "_own",
        "_pace",
        "_pending",
        "_reclaims",
        "_stopper",
        "_taken",
        "_takeovers",
        "_time_limit",
        "_worker",
    )

    def __init__(
        self,
        variant: Variant,
        *,
        agents: Sequence[Seated],
        seed: Seed | None = None,
        deals: Iterable[Deal] | None = None,
        fallback: Agent | None = None,
        time_limit: float | None = None,
        on_error: OnError = "takeover",
        isolate: bool = False,
        names: Sequence[str] | None = None,
        fallbacks: Sequence[Agent | None] | None = None,
        history: Iterable[Action] = (),
        takeovers: Iterable[Takeover] = (),
        reclaims: Iterable[Reclaim] = (),
        before_telling: Callable[[Change], Awaitable[object] | None] | None = None,
        pace: float = 0.0,
    ) -> None:
        check_variant(variant)
        if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
            raise ConfigurationError(
                _NOT_AGENTS, field="agents", evidence={"value": excerpt(agents)}
            )
        check_players(variant, len(agents), field="agents")
        checked = [_check_agent(a, f"agents[{i}]") for i, a in enumerate(agents)]
        limit = _check_time_limit(time_limit)
        mode = _check_on_error(on_error)
        isolated = flag(isolate, name="isolate")
        if isolated:
            for index, agent in enumerate(checked):
                _check_picklable(agent, f"agents[{index}]")
        if seed is None and deals is None:
            seed = secrets.randbits(63)
        players = len(checked)
        match = Match.new(variant, players=players, seed=seed, deals=deals, names=names)
        if isinstance(history, (str, bytes)) or not isinstance(history, Iterable):
            raise ConfigurationError(
                _NOT_A_HISTORY, field="history", evidence={"value": excerpt(history)}
            )
        for action in history:
            match = match.apply(action)  # a stored action the rules refuse: refused here
        past_takeovers = _seat_changes(takeovers, seats.Takeover, players, "takeovers")
        past_reclaims = _seat_changes(reclaims, Reclaim, players, "reclaims")
        if fallback is None:
            fallback = RandomBot(seed=f"whist-ro:{match.seed}:fallback")
        self._fallback = _check_agent(fallback, "fallback")
        if fallbacks is not None and (
            isinstance(fallbacks, (str, bytes))
            or not isinstance(fallbacks, Sequence)
            or len(fallbacks) != players
        ):
            raise ConfigurationError(
                _BAD_FALLBACKS, field="fallbacks", evidence={"value": excerpt(fallbacks)}
            )
        self._fallbacks = [
            self._fallback if f is None else _check_agent(f, f"fallbacks[{i}]")
            for i, f in enumerate(fallbacks or [None] * players)
        ]
        if before_telling is not None and not callable(before_telling):
            raise ConfigurationError(
                _BAD_HOOK, field="before_telling", evidence={"value": excerpt(before_telling)}
            )
        self._hook = before_telling
        self._pace = _check_pace(pace)
        self._held: asyncio.Task[Any] | None = None  # a change waiting for the hook
        self._away: dict[int, asyncio.Task[Takeover | None]] = {}  # seats in their grace
        self._given = tuple(checked)
        self._own = list(checked)  # each seat's own agent (its engine, once isolated)
        self._agents = list(checked)
        self._match = match
        self._takeovers: list[Takeover] = past_takeovers
        self._reclaims: list[Reclaim] = past_reclaims
        self._taken = [False] * players
        for seat in range(players):
            held = sum(t.seat == seat for t in past_takeovers)
            if held > sum(r.seat == seat for r in past_reclaims):
                self._taken[seat] = True
                self._agents[seat] = self._fallbacks[seat]
        self._time_limit = limit
        self._on_error: OnError = mode
        self._isolate = isolated
        self._isolated: list[Any] | None = None  # the engines the isolated agents run in
        self._busy = False
        self._worker: _Worker | None = None
        self._stopper: weakref.finalize[Any, Any] | None = None
        # Seats still to be told of the last step (after an interrupted step()).
        self._pending: collections.deque[tuple[int, Step]] = collections.deque()

    # -- reading -----------------------------------------------------------------

    @property
    def match(self) -> Match:
        """The match as it stands."""
        return self._match

    @property
    def agents(self) -> tuple[Seated, ...]:
        """The agent playing each seat now (the fallback where a seat was taken over).

        With ``isolate=True``, once play has started, a seat's agent is the
        :class:`~whist_ro.remote.EngineAgent` its own agent runs in.
        """
        return tuple(self._agents)

    @property
    def fallback(self) -> Seated:
        """The agent that takes over a failing seat (unless ``fallbacks`` names another)."""
        return self._fallback

    @property
    def fallbacks(self) -> tuple[Seated, ...]:
        """The agent that takes over each seat.

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot, RuleBot
        >>> rule = RuleBot()
        >>> table = Table(wr.variants.ROMANIAN, agents=[RandomBot()] * 3, seed=1,
        ...               fallbacks=[rule, None, None])
        >>> table.fallbacks[0] is rule, table.fallbacks[1] is table.fallback
        (True, True)
        """
        return tuple(self._fallbacks)

    @property
    def pace(self) -> float:
        """The least seconds an agent's decision takes (see :class:`Table`)."""
        return self._pace

    @property
    def taken_over(self) -> frozenset[int]:
        """The seats their fallbacks play now (R-SEAT-1).

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> table = Table(wr.variants.ROMANIAN, agents=[RandomBot()] * 3, seed=1)
        >>> _ = table.take_over(2, reason="left the room")
        >>> table.taken_over
        frozenset({2})
        """
        return frozenset(s for s, taken in enumerate(self._taken) if taken)

    @property
    def held(self) -> bool:
        """True while a change waits for an awaitable ``before_telling`` (see :meth:`play`)."""
        return self._held is not None

    @property
    def time_limit(self) -> float | None:
        """Seconds an agent may take for one decision, or None."""
        return self._time_limit

    @property
    def on_error(self) -> OnError:
        """``"takeover"`` or ``"raise"``: what a failing agent costs (see :class:`Table`)."""
        return self._on_error

    @property
    def isolate(self) -> bool:
        """True when every agent plays from a process of its own (see :class:`Table`)."""
        return self._isolate

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, one per seat (see :attr:`Match.names <whist_ro.Match.names>`)."""
        return self._match.names

    @property
    def takeovers(self) -> tuple[Takeover, ...]:
        """Every takeover so far, in order (R-SEAT-1)."""
        return tuple(self._takeovers)

    @property
    def reclaims(self) -> tuple[Reclaim, ...]:
        """Every seat taken back so far, in order (R-SEAT-1; see :meth:`reclaim`)."""
        return tuple(self._reclaims)

    @property
    def is_over(self) -> bool:
        """True once the match is over."""
        return self._match.is_over

    # -- playing -----------------------------------------------------------------

    def step(self) -> Step:
        """Ask the seat to act, apply its action, tell the observers; return what it did.

        A ``KeyboardInterrupt`` while an agent decides leaves the table as
        it was; one while the observers are told leaves the rest of them to
        be told by the next call, so :meth:`run` resumes cleanly.  Calling
        ``step`` or ``run`` from inside an agent raises
        :class:`~whist_ro.errors.TableBusyError` (which, unless the agent
        catches it, costs that agent its seat).

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> table = Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=1)] * 3, seed=2)
        >>> table.run().is_over
        True
        >>> table.step()
        Traceback (most recent call last):
        ...
        whist_ro.errors.MatchEndError: the match is over: nothing is left to play (R-END-4)
        """
        self._enter("step")
        try:
            step = _drive(self._play(inline=True, to_end=False))
            assert step is not None
            return step
        finally:
            self._busy = False

    def run(self) -> Match:
        """Play to the end of the match and return it.

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> Table(wr.variants.CLASSIC, agents=[RandomBot(seed=1)] * 4, seed=3).run().is_over
        True
        """
        self._enter("run")
        try:
            _drive(self._play(inline=True, to_end=True))
            return self._match
        finally:
            self._busy = False

    async def astep(self) -> Step:
        """:meth:`step` for asyncio: the time limit is enforced by cancellation.

        An agent whose ``act`` is a coroutine function (or that has an
        ``aact`` one, as :class:`~whist_ro.remote.EngineAgent` does) is
        awaited, and cancelled at the limit; a synchronous agent runs in the
        table's worker thread, and one that overruns the limit is abandoned
        there.  Observers are told the same way (``aobserve``, an ``async
        def observe``, or ``observe`` in the worker thread).  Cancelling
        ``astep`` leaves the table as :meth:`step` leaves it after
        ``KeyboardInterrupt``.

        >>> import asyncio, whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> class Sleepy:
        ...     async def act(self, view):
        ...         await asyncio.sleep(10)
        >>> table = Table(wr.variants.ROMANIAN, agents=[Sleepy(), RandomBot(seed=1),
        ...               RandomBot(seed=2)], seed=3, time_limit=0.05)
        >>> while not table.takeovers:
        ...     _ = asyncio.run(table.astep())
        >>> table.takeovers[0].reason
        'took longer than the 0.05 s limit'
        """
        self._enter("astep")
        try:
            step = await self._play(inline=False, to_end=False)
            assert step is not None
            return step
        finally:
            self._busy = False

    async def arun(self) -> Match:
        """:meth:`run` for asyncio: many tables can play at once on one event loop.

        >>> import asyncio, whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> async def main():
        ...     tables = [Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=s)] * 3, seed=s)
        ...               for s in range(5)]
        ...     return await asyncio.gather(*(t.arun() for t in tables))
        >>> [m.is_over for m in asyncio.run(main())]
        [True, True, True, True, True]
        """
        self._enter("arun")
        try:
            await self._play(inline=False, to_end=True)
            return self._match
        finally:
            self._busy = False

    def play(self, action: Action) -> Step | asyncio.Task[Step]:
        """Play ``action``, decided outside the table, for the seat to act; return the step.

        A server asks a person through their own connection, not through an
        agent's ``act``: this applies what they sent as an agent's action is
        applied (refused with the rule book's error, the table unchanged,
        when illegal), passes the step to ``before_telling`` and tells the
        observers.  When ``before_telling`` returns an awaitable, the step
        is made once it is done: ``play`` then returns the
        :class:`asyncio.Task` that makes it, and the table is :attr:`held`
        (another ``play`` or step raises
        :class:`~whist_ro.errors.TableBusyError`) until then.

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> table = Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=1)] * 3, seed=2)
        >>> seat = table.match.to_act
        >>> str(table.play(wr.Bid(seat=seat, tricks=0)).action)
        'seat 2 bids 0'
        >>> table.play(wr.Bid(seat=seat, tricks=0))
        Traceback (most recent call last):
        ...
        whist_ro.errors.OutOfTurnError: seat 2 cannot bid 0: it is seat 0's turn to bid (R-BID-3)
        """
        self._enter("play")
        try:
            if self._held is not None:
                raise self._busy_error("play")
            m = self._match
            # The rule book's refusal, as Match.apply gives it (an over match too, R-END-4);
            # nothing changes.
            after = m.apply(action)
            step = after.last_step
            assert step is not None

            def then() -> Step:
                self._advance(after, step)
                _drive_here(self._tell(inline=True))
                return step

            return self._commit(step, then)
        finally:
            self._busy = False

    def take_over(self, seat: int, *, reason: str | Sentence) -> Takeover | asyncio.Task[Takeover]:
        """Hand ``seat`` to its fallback now, for ``reason`` (R-SEAT-1); return the takeover.

        A server calls it when a person's connection stays away past the
        grace it gives; the takeover is recorded, logged and passed to
        ``before_telling`` as an agent's failure is (an awaitable hook: as
        in :meth:`play`).  A seat taken over already is refused.

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> table = Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=1)] * 3, seed=2)
        >>> table.take_over(0, reason="did not come back").reason
        'did not come back'
        >>> table.take_over(0, reason="again")
        Traceback (most recent call last):
        ...
        whist_ro.errors.ConfigurationError: seat 0 is taken over already (R-SEAT-1)
        """
        index = self._check_seat(seat, taken=False)
        m = self._match
        failure = _Failure(_check_reason(reason))
        takeover = self._takeover(m, index, failure, agent=self._agents[index])

        def then() -> Takeover:
            if not self._taken[index]:
                self._hand_over(m, index, failure, takeover=takeover)
            return takeover

        return self._commit(takeover, then)

    def reclaim(self, seat: int) -> Reclaim | asyncio.Task[Reclaim]:
        """Give ``seat`` back to its own agent after a takeover (R-SEAT-1); return the reclaim.

        The reclaim is recorded (:attr:`reclaims`, the record) and passed
        to ``before_telling`` (an awaitable hook: as in :meth:`play`).  A
        seat not taken over is refused.

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> table = Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=1)] * 3, seed=2)
        >>> _ = table.take_over(1, reason="away")
        >>> table.reclaim(1)
        Reclaim(round=1, trick=0, seat=1, agent='RandomBot')
        >>> table.taken_over, len(table.to_record().reclaims)
        (frozenset(), 1)
        """
        index = self._check_seat(seat, taken=True)
        round_number, trick = seat_position(self._match)
        back = Reclaim(
            round=round_number, trick=trick, seat=index, agent=_name_of(self._own[index])
        )

        def then() -> Reclaim:
            if self._taken[index]:
                self._taken[index] = False
                self._agents[index] = self._own[index]
                self._reclaims.append(back)
            return back

        return self._commit(back, then)

    def away(
        self, seat: int, *, grace: float, reason: str | Sentence
    ) -> asyncio.Task[Takeover | None]:
        """``seat``'s agent is away (a person's connection dropped): its grace starts.

        Unless :meth:`back` is called within ``grace`` seconds, the seat is
        taken over for ``reason`` (R-SEAT-1), as :meth:`take_over` does.
        Returns the task that waits (the one already waiting, if the seat is
        in its grace): its result is the takeover, or None when the seat
        changed hands meanwhile or the match ended.  It needs a running
        event loop.

        >>> import asyncio, whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> async def dropped():
        ...     table = Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=1)] * 3, seed=2)
        ...     kept = table.away(0, grace=60, reason="gone"); table.back(0)
        ...     lost = await table.away(1, grace=0, reason="did not come back")
        ...     return kept.cancelled(), lost.seat, table.taken_over
        >>> asyncio.run(dropped())
        (True, 1, frozenset({1}))
        """
        index = self._check_seat(seat, taken=False)
        reason = _check_reason(reason)
        seconds = grace if is_whole(grace) or isinstance(grace, float) else -1.0
        if not 0 <= seconds <= _MAX_TIME_LIMIT:
            raise ConfigurationError(
                _BAD_SECONDS,
                field="grace",
                evidence={"field": "grace", "high": _MAX_TIME_LIMIT, "value": excerpt(grace)},
            )
        waiting = self._away.get(index)
        if waiting is not None and not waiting.done():
            return waiting
        task = asyncio.get_running_loop().create_task(self._grace(index, float(seconds), reason))
        self._away[index] = task
        return task

    async def _grace(self, seat: int, grace: float, reason: str | Sentence) -> Takeover | None:
        await asyncio.sleep(grace)
        if self._away.get(seat) is asyncio.current_task():
            del self._away[seat]
        if self._taken[seat] or self._match.is_over:
            return None
        made = self.take_over(seat, reason=reason)
        return await made if isinstance(made, asyncio.Task) else made

    def back(self, seat: int) -> Reclaim | asyncio.Task[Reclaim] | None:
        """``seat``'s agent is back: its grace ends, and a seat taken over is given back.

        Returns the :meth:`reclaim` when the seat was taken over (in its grace
        or for any other reason), else None.

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> table = Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=1)] * 3, seed=2)
        >>> table.back(0) is None
        True
        >>> _ = table.take_over(0, reason="away"); table.back(0).seat
        0
        """
        index = self._seat_index(seat)
        waiting = self._away.pop(index, None)
        if waiting is not None:
            waiting.cancel()
        if self._taken[index] and not self._match.is_over:
            return self.reclaim(index)
        return None

    def close(self) -> None:
        """Stop what the table started: its isolated processes and its worker thread.

        Called by :meth:`run` when the match ends; call it (or use the
        table as a context manager) when you stop a match early.

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> with Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=1)] * 3, seed=2) as table:
        ...     _ = table.step()
        """
        # The graces are tasks of the caller's loop: cancelled here, in its thread, never
        # from the helper thread _drive uses inside a running loop (asyncio forbids it).
        self._end_graces()
        _drive(self._finish(inline=True))

    async def aclose(self) -> None:
        """:meth:`close` for asyncio."""
        await self._finish(inline=False)

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def __aenter__(self) -> Table:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def to_record(
        self,
        *,
        seed: bool = False,
        claimed_totals: Sequence[int] | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> Record:
        """The complete match record so far: the play, the names and every takeover.

        Seats played by engine processes (:class:`~whist_ro.remote.EngineAgent`)
        are named in the record's ``engines``.  ``seed=True`` also writes the
        seed, which reveals every future deal (see :meth:`Match.to_record
        <whist_ro.Match.to_record>`).

        >>> import whist_ro as wr
        >>> from whist_ro import records
        >>> from whist_ro.bots import RandomBot
        >>> class Broken:
        ...     def act(self, view):
        ...         raise RuntimeError("gone")
        >>> table = Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=1), Broken(),
        ...               RandomBot(seed=2)], names=["Ana", "Bo", "Cici"], seed=3)
        >>> record = table.to_record() if table.run() else None
        >>> record.players, record.takeovers[0].seat, records.adjudicate(record).ok
        (('Ana', 'Bo', 'Cici'), 1, True)
        """
        engines = [_name_of(a) if _is_engine(a) else None for a in self._given]
        return self._match.to_record(
            takeovers=self.takeovers,
            reclaims=self.reclaims,
            seed=seed,
            claimed_totals=claimed_totals,
            meta=meta,
            engines=engines if any(e is not None for e in engines) else None,
        )

    # -- one step ------------------------------------------------------------------

    def _enter(self, what: str) -> None:
        if self._busy:
            raise TableBusyError(_PLAYING, evidence={"what": what})
        if self._held is not None and what != "play":
            raise self._busy_error(what)
        self._busy = True

    @staticmethod
    def _busy_error(what: str) -> TableBusyError:
        return TableBusyError(_HELD, evidence={"what": what})

    def _seat_index(self, seat: object) -> int:
        players = self._match.players
        if not is_whole(seat) or not 0 <= seat < players:  # type: ignore[operator]
            raise ConfigurationError(
                _BAD_SEAT, field="seat", evidence={"last": players - 1, "value": excerpt(seat)}
            )
        index: int = int(seat)  # type: ignore[call-overload]
        return index

    def _check_seat(self, seat: object, *, taken: bool) -> int:
        index = self._seat_index(seat)
        if self._taken[index] != taken:
            raise ConfigurationError(
                _NOT_TAKEN if taken else _TAKEN,
                field="seat",
                rule="R-SEAT-1",
                evidence={"seat": index, "rule": "R-SEAT-1"},
            )
        if self._match.is_over:
            raise MatchEndError(_OVER_SEATS, rule="R-END-4", evidence={"rule": "R-END-4"})
        return index

    def _commit(self, change: Change, then: Callable[[], _T]) -> _T | asyncio.Task[_T]:
        """Pass ``change`` to ``before_telling``, then make it (``then``) and return what it gives.

        An awaitable answer holds the table: ``then`` runs in a task once it
        is done, and the task is returned (with no event loop running, the
        awaitable is run to its end here).
        """
        hook = self._hook
        told = None if hook is None else hook(change)
        if told is None or not inspect.isawaitable(told):
            return then()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            asyncio.run(_await(told))
            return then()
        waiting: Awaitable[Any] = told

        async def later() -> _T:
            try:
                await waiting
                return then()
            finally:
                if self._held is task:
                    self._held = None

        task = loop.create_task(later())
        self._held = task
        return task

    async def _commit_change(self, change: Change, then: Callable[[], _T], *, inline: bool) -> _T:
        """:meth:`_commit` within a step: an awaitable hook is waited for (run to its end when
        ``inline``); once it is awaited the change is made, even if the step is cancelled."""
        if inline:
            hook = self._hook
            told = None if hook is None else hook(change)
            if told is not None and inspect.isawaitable(told):
                _run_coroutine(_await(told), None)
            return then()
        made = self._commit(change, then)
        if isinstance(made, asyncio.Task):
            return await asyncio.shield(made)
        return made

    def _turn(self) -> tuple[Match, int, PlayerView, Seated]:
        m = self._match
        if m.is_over:
            raise MatchEndError(_OVER, rule="R-END-4", evidence={"rule": "R-END-4"})
        seat = m.to_act
        assert seat is not None
        return m, seat, view_of(m, seat), self._agents[seat]

    def _failed(self, m: Match, seat: int, agent: Seated, failure: _Failure) -> Takeover | None:
        """The takeover ``failure`` calls for (None: the fallback failed), not made yet."""
        if agent is self._fallbacks[seat]:
            return None
        if self._on_error == "raise":
            self._refuse(m, seat, agent, failure)
        return self._takeover(m, seat, failure, agent=agent)

    async def _hand_over_told(
        self, m: Match, seat: int, failure: _Failure, takeover: Takeover, *, inline: bool
    ) -> None:
        """Make ``takeover`` once ``before_telling`` has taken it: a hook that refuses it
        (raises) leaves the seat with its agent, so nothing stands that was not stored."""
        await self._commit_change(
            takeover,
            lambda: self._hand_over(m, seat, failure, takeover=takeover),
            inline=inline,
        )

    def _last_resort(self, m: Match, seat: int, failure: _Failure) -> Match:
        # Even the fallback failed: the first legal action keeps the match going,
        # and the log says so.
        self._log(
            m,
            seat,
            _Failure(Sentence(_FALLBACK_FAILED, reason=failure), failure.exception),
            agent=self._fallbacks[seat],
        )
        return m.apply(m.legal_actions()[0])

    def _advance(self, after: Match, step: Step) -> Step:
        # ``step`` is ``after.last_step``, which its caller has built already (building it
        # again costs a whole Step per decision).
        self._match = after
        self._pending.extend([(s, step) for s in range(after.players)])
        return step

    async def _play(self, *, inline: bool, to_end: bool) -> Step | None:
        """The one core of :meth:`step`, :meth:`run`, :meth:`astep` and :meth:`arun`.

        ``inline`` (the synchronous API) calls a synchronous agent here, in
        the caller's thread, and checks the limit when it returns; otherwise
        it runs in the worker thread and is given up on at the limit.  Inline,
        the core never waits on the event loop, so the synchronous API drives
        it without one (see :func:`_drive`).
        """
        # Both guards are the callees' own first checks, made here so that a step() with
        # nothing to isolate or left to tell creates no coroutine for them.
        if self._isolate and self._isolated is None:
            await self._start_isolated(inline=inline)
        if self._pending:
            await self._tell(inline=inline)
        if to_end:
            last = None
            while not self._match.is_over:
                last = await self._one_step(inline=inline)
            await self._finish(inline=inline)
            return last
        step = await self._one_step(inline=inline)
        if step.match_over:
            await self._finish(inline=inline)
        return step

    async def _one_step(self, *, inline: bool) -> Step:
        m, seat, view, agent = self._turn()
        after, failure = await self._ask(agent, view, m, inline=inline)
        if after is None:
            assert failure is not None
            takeover = self._failed(m, seat, agent, failure)
            if takeover is not None:
                await self._hand_over_told(m, seat, failure, takeover, inline=inline)
            fallback = self._fallbacks[seat]
            if agent is not fallback:
                after, failure = await self._ask(fallback, view, m, inline=inline)
            if after is None:
                assert failure is not None
                after = self._last_resort(m, seat, failure)
        step = after.last_step
        assert step is not None
        if self._hook is None:
            # Nothing to wait for: _commit_change would make the step at once, and skipping
            # its coroutine and closure matters once per decision.
            self._advance(after, step)
        else:
            made = after
            await self._commit_change(step, lambda: self._advance(made, step), inline=inline)
        await self._tell(inline=inline)
        return step

    async def _ask(
        self, agent: Seated, view: PlayerView, m: Match, *, inline: bool
    ) -> tuple[Match, None] | tuple[None, _Failure]:
        """The match after ``agent``'s action, or None and what went wrong.

        Nothing the agent does can escape except what stops the host
        (``KeyboardInterrupt``, ``asyncio.CancelledError``), and then
        nothing has changed.  ``inline``: a synchronous agent is called here
        and the limit checked when it returns (an async agent's coroutine is
        run to its end under the limit); else the limit is enforced by
        cancellation.
        """
        token = set_deadline(self._time_limit)
        start = time.perf_counter()
        in_thread = False
        try:
            if inline:
                action = agent.act(view)
                if inspect.iscoroutine(action):  # an async agent at a synchronous table
                    action = _run_coroutine(action, self._time_limit)
            else:
                aact = _attribute(agent, "aact")
                if callable(aact) and _is_async(aact):
                    pending: Awaitable[Any] = aact(view)
                else:
                    act = agent.act
                    if _is_async(act):
                        pending = act(view)  # type: ignore[assignment]  # a coroutine
                    else:
                        in_thread = True
                        pending = self._in_worker(act, view)
                action = await _within(pending, self._time_limit)
        except _OverranError:
            if in_thread:
                self._abandon(m.to_act, agent, "act")
            return None, self._overran()
        except asyncio.CancelledError as error:
            if inline or _host_cancelled():
                raise  # the host cancelled this step: the table is left as it was
            return None, _raised(error)
        except _STOPS_THE_HOST:
            raise
        except BaseException as error:
            return None, _raised(error)
        finally:
            reset_deadline(token)
        elapsed = time.perf_counter() - start
        verdict = self._judge(action, m, elapsed)
        if self._pace > elapsed:
            if inline:
                time.sleep(self._pace - elapsed)
            else:
                await asyncio.sleep(self._pace - elapsed)  # cancelled here: nothing changed
        return verdict

    def _judge(
        self, action: object, m: Match, elapsed: float
    ) -> tuple[Match, None] | tuple[None, _Failure]:
        if self._time_limit is not None and elapsed > self._time_limit:
            return None, _Failure(Sentence(_SLOW, elapsed=elapsed, limit=self._time_limit))
        # The exact classes only: a subclass could run code when its fields are read.
        if type(action) is not Bid and type(action) is not Play:
            return None, _Failure(Sentence(_NOT_AN_ACTION, value=_quote(action)))
        try:
            # Applied as sent, so that a refusal names no card the seat cannot see (R-VIEW-4).
            return m.apply(action), None
        except WhistError as error:
            return None, _Failure(Sentence(_ILLEGAL, refusal=_Said(error)), error)

    def _overran(self, *, observe: bool = False) -> _Failure:
        template = _OBSERVE_OVERRAN if observe else _OVERRAN
        return _Failure(Sentence(template, limit=self._time_limit))

    def _in_worker(self, call: Callable[..., Any], *args: object) -> asyncio.Future[Any]:
        if self._worker is None:
            self._worker = _Worker()
            self._stopper = weakref.finalize(self, self._worker.stop)
        return self._worker.submit(call, *args)

    def _abandon(self, seat: int | None, agent: Seated, what: str) -> None:
        # The thread ends once the overrunning call returns, if it ever does.
        self._stop_worker_only()
        logger.warning(
            "seat %s (%s): %s() overran the %g s limit in a worker thread; the thread is "
            "abandoned (a thread cannot be killed) and a new one plays on",
            seat,
            _name_of(agent),
            what,
            self._time_limit,
        )

    async def _tell(self, *, inline: bool) -> None:
        """Tell each seat's agent of the last step, unless it was told already.

        A seat is taken off the list before its agent is called, so a step
        reaches each observer at most once, even across an interruption.
        ``inline``: as :meth:`_ask` calls agents.
        """
        pending = self._pending
        m = self._match
        # Registered, if ever, before any engine (or a fallback that is one) existed.
        engine = engine_class(load=False)
        while pending:
            seat, step = pending.popleft()
            agent = self._agents[seat]
            if not _told(agent, step, engine):
                continue
            in_thread = False
            try:
                if inline:
                    observe = getattr(agent, "observe", None)
                    if callable(observe):
                        said = observe(view_of(m, seat), step)
                        if inspect.iscoroutine(said):
                            _run_coroutine(said, self._time_limit)
                else:
                    aobserve = _attribute(agent, "aobserve")
                    observe = _attribute(agent, "observe")
                    if callable(aobserve) and _is_async(aobserve):
                        told: Awaitable[Any] | None = aobserve(view_of(m, seat), step)
                    elif not callable(observe):
                        told = None
                    elif _is_async(observe):
                        told = observe(view_of(m, seat), step)
                    else:
                        in_thread = True
                        told = self._in_worker(observe, view_of(m, seat), step)
                    if told is not None:
                        await _within(told, self._time_limit)
            except _OverranError:
                if in_thread:
                    self._abandon(seat, agent, "observe")
                failure = self._overran(observe=True)
            except asyncio.CancelledError as error:
                if inline or _host_cancelled():
                    raise
                failure = _raised(error, observe=True)
            except _STOPS_THE_HOST:
                raise
            except BaseException as error:
                failure = _raised(error, observe=True)
            else:
                continue
            takeover = self._observer_failed(m, seat, agent, failure)
            if takeover is not None:
                await self._hand_over_told(m, seat, failure, takeover, inline=inline)

    def _observer_failed(
        self, m: Match, seat: int, agent: Seated, failure: _Failure
    ) -> Takeover | None:
        if agent is self._fallbacks[seat]:
            self._log(m, seat, failure, agent=agent, taken=False)
            return None
        if self._on_error == "raise":
            self._refuse(m, seat, agent, failure)
        return self._takeover(m, seat, failure, agent=agent)

    # -- isolated seats ---------------------------------------------------------------

    def _to_isolate(self) -> list[int] | None:
        """The seats whose agents still have to move to their own processes (None: none)."""
        if not self._isolate or self._isolated is not None:
            return None
        return [s for s, a in enumerate(self._agents) if not _is_engine(a)]

    async def _start_isolated(self, *, inline: bool) -> None:
        seats = self._to_isolate()
        if seats is None:
            return
        # The engine side sits above the table: it registers itself (agents.engine_class).
        engine = engine_class(load=True)
        agents = [self._agents[s] for s in seats]
        if inline:
            self._install(seats, engine.spawn_all(agents))
        else:
            self._install(seats, await engine.aspawn_all(agents))

    def _install(self, seats: list[int], engines: Sequence[Any]) -> None:
        self._isolated = list(engines)
        for seat, engine in zip(seats, engines, strict=True):
            self._own[seat] = engine
            if not self._taken[seat]:
                self._agents[seat] = engine

    def _end_graces(self) -> None:
        for waiting in self._away.values():
            waiting.cancel()
        self._away.clear()

    def _stop_worker_only(self) -> None:
        if self._worker is not None:
            self._worker.stop()
            self._worker = None
        if self._stopper is not None:
            self._stopper.detach()
            self._stopper = None

    def _stop_worker(self) -> list[Any]:
        """Stop the worker thread and the graces; the isolated engines still to close."""
        self._end_graces()
        self._stop_worker_only()
        engines = self._isolated or []
        if self._isolated is not None:
            self._isolated = []
        return engines

    async def _finish(self, *, inline: bool) -> None:
        engines = self._stop_worker()
        if inline:
            for engine in engines:
                engine.close()
        else:
            await asyncio.gather(*(engine.aclose() for engine in engines))

    # -- takeovers ------------------------------------------------------------------

    def _refuse(self, m: Match, seat: int, agent: Seated, failure: _Failure) -> None:
        takeover = self._takeover(m, seat, failure, agent=agent)
        where = "bidding" if takeover.trick == 0 else f"trick {takeover.trick}"
        raise AgentError(
            f"seat {seat} ({takeover.agent}) failed in round {takeover.round}, {where}: "
            f"{takeover.reason}",
            seat=seat,
            takeover=takeover,
        ) from failure.exception

    def _hand_over(
        self, m: Match, seat: int, failure: _Failure, *, takeover: Takeover | None = None
    ) -> Takeover | None:
        agent = self._agents[seat]
        fallback = self._fallbacks[seat]
        if agent is fallback:
            return None
        self._agents[seat] = fallback
        self._taken[seat] = True
        return self._log(m, seat, failure, agent=agent, takeover=takeover)

    def _takeover(self, m: Match, seat: int, failure: _Failure, *, agent: Seated) -> Takeover:
        round_number, trick = seat_position(m)
        error = traceback = None
        if failure.exception is not None:
            error, traceback = format_failure(failure.exception)
        return seats.Takeover.because(
            failure.said,
            round=round_number,
            trick=trick,
            seat=seat,
            agent=_name_of(agent),
            by=_name_of(self._fallbacks[seat]),
            error=error,
            traceback=traceback,
            exception=failure.exception,
        )

    def _log(
        self,
        m: Match,
        seat: int,
        failure: _Failure,
        *,
        agent: Seated,
        taken: bool = True,
        takeover: Takeover | None = None,
    ) -> Takeover:
        if takeover is None:
            takeover = self._takeover(m, seat, failure, agent=agent)
        if taken:
            self._takeovers.append(takeover)
        what = "taken over by" if taken else "kept by"
        error = failure.exception
        # An engine's failure is no bug of this process: its stderr, not the manager's frames.
        engine = isinstance(error, EngineError)
        logger.warning(
            "round %d, trick %d: seat %d (%s) %s %s: %s%s",
            takeover.round,
            takeover.trick,
            seat,
            takeover.agent,
            what,
            takeover.by,
            takeover.reason,
            "".join(f"\n{note}" for note in getattr(error, "__notes__", ())) if engine else "",
            exc_info=None if engine else error,
        )
        if sys.flags.dev_mode:
            warnings.warn(
                f"round {takeover.round}: seat {seat} ({takeover.agent}) {what} "
                f"{takeover.by}: {takeover.reason}",
                TakeoverWarning,
                stacklevel=4,
            )
        return takeover

    def __repr__(self) -> str:
        return f"<Table {self._match!r}, {len(self._takeovers)} takeovers>"
