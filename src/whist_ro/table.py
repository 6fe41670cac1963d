"""A table: one agent per seat plays a match, and a silent seat is handed to a bot (R-SEAT-1).

:class:`Table` runs a :class:`~whist_ro.Match`: it asks the agent of the
seat to act for an action, giving it that seat's player view only
(R-VIEW-1, R-VIEW-2), applies the action, and tells every agent that
observes what happened.  When an agent raises, returns something that is
not a legal action, or takes longer than the time limit, the fallback agent
takes its seat for the rest of the match; the match state is exactly what
it would have been had the seat never been asked, and the takeover is
logged (round, trick, seat, reason) for the match record.

A server drives it one action at a time with :meth:`Table.step`; a script
plays to the end with :meth:`Table.run`.

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
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import Any, Final

from whist_ro._check import Seed, excerpt, is_whole
from whist_ro.actions import Bid, Play
from whist_ro.bots.random_bot import RandomBot
from whist_ro.engine.deal import Deal
from whist_ro.engine.match import Match
from whist_ro.engine.round import Phase
from whist_ro.engine.seats import Takeover
from whist_ro.engine.step import Step
from whist_ro.errors import ConfigurationError, MatchEndError, WhistError
from whist_ro.variants import Variant
from whist_ro.views.view import PlayerView, resolve_play, view_of

__all__ = ["Table", "Takeover"]

_MAX_TIME_LIMIT: Final = 1e6


def _check_agent(agent: object, where: str) -> Any:
    if callable(getattr(agent, "act", None)):
        return agent
    raise ConfigurationError(
        f"{where} must be an agent (an object with an act(view) method), not {excerpt(agent)}",
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


class Table:
    """Plays a match with one agent per seat; takes a failing seat over (R-SEAT-1).

    ``agents`` holds one agent per seat (the player count is their number).
    The deals come from ``seed`` or from explicit ``deals``, as in
    :meth:`Match.new <whist_ro.Match.new>`.  ``fallback`` is the agent that
    takes over a seat (a seeded :class:`~whist_ro.bots.RandomBot` unless
    given); ``time_limit`` is the most seconds an agent may take for one
    decision (None: no limit).  The limit is checked when the agent returns:
    an agent that never returns blocks the table, so a network front end
    should time out on its own side too.

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
    """

    __slots__ = ("_agents", "_fallback", "_match", "_takeovers", "_time_limit")

    def __init__(
        self,
        variant: Variant,
        *,
        agents: Sequence[object],
        seed: Seed | None = None,
        deals: Iterable[Deal] | None = None,
        fallback: object = None,
        time_limit: float | None = None,
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
        match = Match.new(variant, players=len(checked), seed=seed, deals=deals)
        if fallback is None:
            fallback = RandomBot(seed=f"whist-ro:{match.seed}:fallback")
        self._fallback = _check_agent(fallback, "fallback")
        self._agents = checked
        self._match = match
        self._takeovers: list[Takeover] = []
        self._time_limit = limit

    # -- reading -----------------------------------------------------------------

    @property
    def match(self) -> Match:
        """The match as it stands."""
        return self._match

    @property
    def agents(self) -> tuple[Any, ...]:
        """The agent playing each seat now (the fallback where a seat was taken over)."""
        return tuple(self._agents)

    @property
    def fallback(self) -> Any:
        """The agent that takes over a failing seat."""
        return self._fallback

    @property
    def time_limit(self) -> float | None:
        """Seconds an agent may take for one decision, or None."""
        return self._time_limit

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
        m = self._match
        if m.is_over:
            raise MatchEndError(
                "the match is over: nothing is left to play (R-END-4)", rule="R-END-4"
            )
        seat = m.to_act
        assert seat is not None
        view = view_of(m, seat)
        agent = self._agents[seat]
        after, reason = self._ask(agent, view, m)
        if after is None:
            self._hand_over(m, seat, reason)
            if agent is not self._fallback:
                after, reason = self._ask(self._fallback, view, m)
            if after is None:
                # Even the fallback failed: the first legal action keeps the
                # match going, and the log says so.
                self._log(m, seat, f"the fallback failed too ({reason}); first legal action")
                after = m.apply(m.legal_actions()[0])
        self._match = after
        step = after.last_step
        assert step is not None
        self._tell(after, step)
        return step

    def run(self) -> Match:
        """Play to the end of the match and return it.

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> Table(wr.variants.CLASSIC, agents=[RandomBot(seed=1)] * 4, seed=3).run().is_over
        True
        """
        while not self._match.is_over:
            self.step()
        return self._match

    # -- takeovers ------------------------------------------------------------------

    def _ask(self, agent: Any, view: PlayerView, m: Match) -> tuple[Match | None, str]:
        """The match after ``agent``'s action, or None and what went wrong."""
        start = time.perf_counter()
        try:
            action = agent.act(view)
        except Exception as error:
            return None, f"raised {type(error).__name__}: {_short(error)}"
        elapsed = time.perf_counter() - start
        if self._time_limit is not None and elapsed > self._time_limit:
            return None, f"took {elapsed:.3f} s, over the {self._time_limit:g} s limit"
        if not isinstance(action, (Bid, Play)):
            return None, f"returned {excerpt(action)}, which is not an action"
        try:
            return m.apply(resolve_play(m, action)), ""
        except WhistError as error:
            return None, f"returned an illegal action: {_short(error)}"

    def _tell(self, m: Match, step: Step) -> None:
        for seat, agent in enumerate(self._agents):
            observe = getattr(agent, "observe", None)
            if not callable(observe):
                continue
            try:
                observe(view_of(m, seat), step)
            except Exception as error:
                if agent is not self._fallback:
                    self._hand_over(
                        m, seat, f"observe raised {type(error).__name__}: {_short(error)}"
                    )

    def _hand_over(self, m: Match, seat: int, reason: str) -> None:
        if self._agents[seat] is self._fallback:
            return
        self._agents[seat] = self._fallback
        self._log(m, seat, reason)

    def _log(self, m: Match, seat: int, reason: str) -> None:
        round_ = m.round
        trick = 0 if round_.phase is Phase.BIDDING else len(round_.tricks) + 1
        self._takeovers.append(
            Takeover(round=len(m.rounds) + 1, trick=trick, seat=seat, reason=reason)
        )

    def __repr__(self) -> str:
        return f"<Table {self._match!r}, {len(self._takeovers)} takeovers>"


def _short(error: BaseException) -> str:
    text = str(error)
    return text if len(text) <= 200 else text[:197] + "..."
