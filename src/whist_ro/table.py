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
import logging
import sys
import time
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple

from whist_ro._check import Seed, excerpt, is_whole
from whist_ro.actions import Bid, Play
from whist_ro.agents import Agent
from whist_ro.bots.random_bot import RandomBot
from whist_ro.engine.deal import Deal
from whist_ro.engine.match import Match
from whist_ro.engine.round import Phase
from whist_ro.engine.seats import Takeover, format_failure
from whist_ro.engine.step import Step
from whist_ro.errors import (
    AgentError,
    ConfigurationError,
    MatchEndError,
    TableBusyError,
    WhistError,
)
from whist_ro.variants import Variant
from whist_ro.views.view import PlayerView, resolve_play, view_of

if TYPE_CHECKING:
    from whist_ro.records.record import Record

__all__ = ["OnError", "Table", "Takeover", "TakeoverWarning"]

OnError = Literal["takeover", "raise"]
"""What a :class:`Table` does when an agent fails: hand the seat to the fallback, or raise."""

_MAX_TIME_LIMIT: Final = 1e6
_MAX_REASON: Final = 200
# These stop the host, not the agent: they leave the table as it was, so
# run() can resume.  Every other exception, SystemExit and GeneratorExit
# included, is a failure of the agent that raised it.
_STOPS_THE_HOST: Final = (KeyboardInterrupt, asyncio.CancelledError)

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


class _Failure(NamedTuple):
    """What went wrong with an agent: the reason in words, and the exception if it raised."""

    reason: str
    exception: BaseException | None = None


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
    return text if len(text) <= _MAX_REASON else text[: _MAX_REASON - 3] + "..."


def _quote(value: object) -> str:
    """:func:`~whist_ro._check.excerpt` that survives even a ``repr`` raising SystemExit."""
    try:
        return excerpt(value)
    except _STOPS_THE_HOST:
        raise
    except BaseException:
        return f"<{type(value).__name__} object>"


def _raised(error: BaseException, where: str = "") -> _Failure:
    return _Failure(f"{where}raised {type(error).__name__}: {_text_of(error)}", error)


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


def _check_agent(agent: object, where: str) -> Agent:
    try:
        act = getattr(agent, "act", None)
    except _STOPS_THE_HOST:
        raise
    except BaseException:
        act = None
    if callable(act):
        return agent  # type: ignore[return-value]
    raise ConfigurationError(
        f"{where} must be an agent (an object with an act(view) method), not {_quote(agent)}",
        field="agents",
    )


def _check_time_limit(limit: object) -> float | None:
    if limit is None:
        return None
    if (is_whole(limit) or isinstance(limit, float)) and 0 < limit <= _MAX_TIME_LIMIT:  # type: ignore[operator]
        return float(limit)  # type: ignore[arg-type]
    raise ConfigurationError(
        f"time_limit must be None or a number of seconds above 0 and at most "
        f"{_MAX_TIME_LIMIT:g}, not {excerpt(limit)}",
        field="time_limit",
    )


def _check_on_error(value: object) -> OnError:
    if value == "takeover":
        return "takeover"
    if value == "raise":
        return "raise"
    raise ConfigurationError(
        f"on_error must be 'takeover' or 'raise', not {excerpt(value)}", field="on_error"
    )


class Table:
    """Plays a match with one agent per seat; takes a failing seat over (R-SEAT-1).

    ``agents`` holds one :class:`~whist_ro.Agent` per seat (the player
    count is their number); ``names`` optionally names the players (see
    :attr:`Match.names <whist_ro.Match.names>`).  The deals come from
    ``seed`` or from explicit ``deals``, as in :meth:`Match.new
    <whist_ro.Match.new>`.  ``fallback`` is the agent that takes over a seat
    (a seeded :class:`~whist_ro.bots.RandomBot` unless given);
    ``time_limit`` is the most seconds an agent may take for one decision
    (None: no limit).  The limit is checked when the agent returns: an
    agent that never returns blocks the table, so a network front end
    should time out on its own side too.

    ``on_error`` says what a failing agent costs: ``"takeover"`` (the
    default) hands its seat to the fallback, logs the takeover to the
    ``whist_ro.table`` logger with the traceback (and, under ``python -X
    dev``, issues a :class:`TakeoverWarning`); ``"raise"`` raises
    :class:`~whist_ro.errors.AgentError` from the agent's own exception
    instead, leaving the table as it was, which is what you want while
    writing a bot.

    An agent is trusted code: see the module documentation.

    >>> import whist_ro as wr
    >>> from whist_ro.bots import RandomBot
    >>> table = Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=s) for s in range(4)], seed=1)
    >>> step = table.step()
    >>> step.action in table.match.history, table.takeovers
    (True, ())
    >>> Table(wr.variants.ROMANIAN, agents=[RandomBot()] * 2)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: romanian needs 3 to 6 players, so ... not 2 (R-DECK-2)
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
        "_agents",
        "_busy",
        "_fallback",
        "_match",
        "_on_error",
        "_pending",
        "_takeovers",
        "_time_limit",
    )

    def __init__(
        self,
        variant: Variant,
        *,
        agents: Sequence[Agent],
        seed: Seed | None = None,
        deals: Iterable[Deal] | None = None,
        fallback: Agent | None = None,
        time_limit: float | None = None,
        on_error: OnError = "takeover",
        names: Sequence[str] | None = None,
    ) -> None:
        if not isinstance(variant, Variant):
            raise ConfigurationError(
                f"variant must be a Variant (see whist_ro.variants), not {excerpt(variant)}",
                field="variant",
            )
        if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
            raise ConfigurationError(
                f"agents must be a list with one agent per seat, not {excerpt(agents)}",
                field="agents",
            )
        counts = variant.player_counts
        if len(agents) not in counts:
            rule = "R-DECK-3" if variant.is_classic else "R-DECK-2"
            raise ConfigurationError(
                f"{variant.name} needs {counts[0]} to {counts[-1]} players, so "
                f"{counts[0]} to {counts[-1]} agents, not {len(agents)} ({rule})"
                if len(counts) > 1
                else f"{variant.name} needs {counts[0]} players, so {counts[0]} agents, "
                f"not {len(agents)} ({rule})",
                field="agents",
                rule=rule,
            )
        checked = [_check_agent(a, f"agents[{i}]") for i, a in enumerate(agents)]
        limit = _check_time_limit(time_limit)
        mode = _check_on_error(on_error)
        match = Match.new(variant, players=len(checked), seed=seed, deals=deals, names=names)
        if fallback is None:
            fallback = RandomBot(seed=f"whist-ro:{match.seed}:fallback")
        self._fallback = _check_agent(fallback, "fallback")
        self._agents = checked
        self._match = match
        self._takeovers: list[Takeover] = []
        self._time_limit = limit
        self._on_error: OnError = mode
        self._busy = False
        # Seats still to be told of the last step (after an interrupted step()).
        self._pending: collections.deque[tuple[int, Step]] = collections.deque()

    # -- reading -----------------------------------------------------------------

    @property
    def match(self) -> Match:
        """The match as it stands."""
        return self._match

    @property
    def agents(self) -> tuple[Agent, ...]:
        """The agent playing each seat now (the fallback where a seat was taken over)."""
        return tuple(self._agents)

    @property
    def fallback(self) -> Agent:
        """The agent that takes over a failing seat."""
        return self._fallback

    @property
    def time_limit(self) -> float | None:
        """Seconds an agent may take for one decision, or None."""
        return self._time_limit

    @property
    def on_error(self) -> OnError:
        """``"takeover"`` or ``"raise"``: what a failing agent costs (see :class:`Table`)."""
        return self._on_error

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, one per seat (see :attr:`Match.names <whist_ro.Match.names>`)."""
        return self._match.names

    @property
    def takeovers(self) -> tuple[Takeover, ...]:
        """Every takeover so far, in order (R-SEAT-1)."""
        return tuple(self._takeovers)

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
            self._tell_pending()
            return self._step()
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
            self._tell_pending()
            while not self._match.is_over:
                self._step()
            return self._match
        finally:
            self._busy = False

    def to_record(
        self,
        *,
        seed: bool = False,
        claimed_totals: Sequence[int] | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> Record:
        """The complete match record so far: the play, the names and every takeover.

        ``seed=True`` also writes the seed, which reveals every future deal
        (see :meth:`Match.to_record <whist_ro.Match.to_record>`).

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
        return self._match.to_record(
            takeovers=self.takeovers, seed=seed, claimed_totals=claimed_totals, meta=meta
        )

    # -- one step ------------------------------------------------------------------

    def _enter(self, what: str) -> None:
        if self._busy:
            raise TableBusyError(
                f"Table.{what}() was called while the table is already playing a step "
                "(from inside an agent's act or observe); an agent only returns its action"
            )
        self._busy = True

    def _step(self) -> Step:
        m = self._match
        if m.is_over:
            raise MatchEndError(
                "the match is over: nothing is left to play (R-END-4)", rule="R-END-4"
            )
        seat = m.to_act
        assert seat is not None
        view = view_of(m, seat)
        agent = self._agents[seat]
        after, failure = self._ask(agent, view, m)
        if after is None:
            assert failure is not None
            if self._on_error == "raise" and agent is not self._fallback:
                self._refuse(m, seat, agent, failure)
            self._hand_over(m, seat, failure)
            if agent is not self._fallback:
                after, failure = self._ask(self._fallback, view, m)
            if after is None:
                # Even the fallback failed: the first legal action keeps the
                # match going, and the log says so.
                assert failure is not None
                self._log(
                    m,
                    seat,
                    _Failure(
                        f"the fallback failed too ({failure.reason}); first legal action",
                        failure.exception,
                    ),
                    agent=self._fallback,
                )
                after = m.apply(m.legal_actions()[0])
        self._match = after
        step = after.last_step
        assert step is not None
        self._pending.extend((s, step) for s in range(after.players))
        self._tell_pending()
        return step

    def _ask(
        self, agent: Agent, view: PlayerView, m: Match
    ) -> tuple[Match, None] | tuple[None, _Failure]:
        """The match after ``agent``'s action, or None and what went wrong.

        Nothing the agent does can escape except what stops the host
        (``KeyboardInterrupt``, ``asyncio.CancelledError``), and then
        nothing has changed.
        """
        start = time.perf_counter()
        try:
            action = agent.act(view)
        except _STOPS_THE_HOST:
            raise
        except BaseException as error:
            return None, _raised(error)
        elapsed = time.perf_counter() - start
        if self._time_limit is not None and elapsed > self._time_limit:
            return None, _Failure(f"took {elapsed:.3f} s, over the {self._time_limit:g} s limit")
        # The exact classes only: a subclass could run code when its fields are read.
        if type(action) is not Bid and type(action) is not Play:
            return None, _Failure(f"returned {_quote(action)}, which is not a Bid or a Play")
        try:
            return m.apply(resolve_play(m, action)), None
        except WhistError as error:
            return None, _Failure(f"returned an illegal action: {_text_of(error)}", error)

    def _tell_pending(self) -> None:
        """Tell each seat's agent of the last step, unless it was told already.

        A seat is taken off the list before its agent is called, so a step
        reaches each observer at most once, even across an interruption.
        """
        pending = self._pending
        m = self._match
        while pending:
            seat, step = pending.popleft()
            agent = self._agents[seat]
            try:
                observe = getattr(agent, "observe", None)
                if callable(observe):
                    observe(view_of(m, seat), step)
            except _STOPS_THE_HOST:
                raise
            except BaseException as error:
                failure = _raised(error, "observe ")
                if agent is self._fallback:
                    self._log(m, seat, failure, agent=agent, taken=False)
                elif self._on_error == "raise":
                    self._refuse(m, seat, agent, failure)
                else:
                    self._hand_over(m, seat, failure)

    # -- takeovers ------------------------------------------------------------------

    def _refuse(self, m: Match, seat: int, agent: Agent, failure: _Failure) -> None:
        takeover = self._takeover(m, seat, failure, agent=agent)
        where = "bidding" if takeover.trick == 0 else f"trick {takeover.trick}"
        raise AgentError(
            f"seat {seat} ({takeover.agent}) failed in round {takeover.round}, {where}: "
            f"{failure.reason}",
            seat=seat,
            takeover=takeover,
        ) from failure.exception

    def _hand_over(self, m: Match, seat: int, failure: _Failure) -> None:
        agent = self._agents[seat]
        if agent is self._fallback:
            return
        self._agents[seat] = self._fallback
        self._log(m, seat, failure, agent=agent)

    def _takeover(self, m: Match, seat: int, failure: _Failure, *, agent: Agent) -> Takeover:
        round_ = m.round
        trick = (
            0 if round_.phase is Phase.BIDDING else min(len(round_.tricks) + 1, round_.hand_size)
        )
        error = traceback = None
        if failure.exception is not None:
            error, traceback = format_failure(failure.exception)
        return Takeover(
            round=len(m.rounds) + 1,
            trick=trick,
            seat=seat,
            reason=failure.reason,
            agent=_name_of(agent),
            by=_name_of(self._fallback),
            error=error,
            traceback=traceback,
            exception=failure.exception,
        )

    def _log(
        self, m: Match, seat: int, failure: _Failure, *, agent: Agent, taken: bool = True
    ) -> None:
        takeover = self._takeover(m, seat, failure, agent=agent)
        if taken:
            self._takeovers.append(takeover)
        what = "taken over by" if taken else "kept by"
        logger.warning(
            "round %d, trick %d: seat %d (%s) %s %s: %s",
            takeover.round,
            takeover.trick,
            seat,
            takeover.agent,
            what,
            takeover.by,
            takeover.reason,
            exc_info=failure.exception,
        )
        if sys.flags.dev_mode:
            warnings.warn(
                f"round {takeover.round}: seat {seat} ({takeover.agent}) {what} "
                f"{takeover.by}: {takeover.reason}",
                TakeoverWarning,
                stacklevel=4,
            )

    def __repr__(self) -> str:
        return f"<Table {self._match!r}, {len(self._takeovers)} takeovers>"
