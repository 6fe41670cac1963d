"""A whole match: the schedule of rounds, running totals and streaks.

A :class:`Match` is immutable.  :meth:`Match.apply` plays one action in the
current round and, when that round ends, scores it, pays streak bonuses,
checks for the end of the match and starts the next round from the match's
source of deals: a seed, or a list of explicit deals.

>>> from whist_ro import Match, variants
>>> m = Match.new(variants.ROMANIAN, players=4, seed=7)
>>> m.round.hand_size, len(m.schedule), m.totals
(1, 24, (0, 0, 0, 0))
>>> while not m.is_over:
...     m = m.apply(m.legal_actions()[0])
>>> len(m.rounds), len(m.score_sheet), m.to_act is None
(24, 24, True)
>>> m.totals, m.standings().places
((31, 43, 17, 25), (2, 1, 4, 3))

A match can also stop early: the exact-bid family is abandoned between
rounds and classic sides concede (R-END-3); either way nothing more is
played (R-END-4) and the standings are ready.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from operator import add, eq
from typing import TYPE_CHECKING, Any, Final

import attrs

from whist_ro._check import Seed, check_seed, default_names, excerpt
from whist_ro._check import names as check_names
from whist_ro._check import seat as check_seat
from whist_ro._immutable import Immutable
from whist_ro.actions import Action, Bid, Play
from whist_ro.engine.deal import Deal
from whist_ro.engine.round import Phase, Round, not_an_action, parse_for
from whist_ro.engine.step import Step
from whist_ro.errors import (
    ConfigurationError,
    GameOverError,
    IllegalActionError,
    MatchEndError,
    NotOverError,
    OutOfDealsError,
)
from whist_ro.locale import N_
from whist_ro.ranking import RankingSystem
from whist_ro.results.rubber import GameResult, Rubber
from whist_ro.results.scoresheet import ScoreRow, ScoreSheet, SeatScore
from whist_ro.results.standings import Standings, check_disconnected, match_standings
from whist_ro.rules.scheduling import deal_faults, dealer_of
from whist_ro.rules.scoring import (
    Streak,
    advance_runs,
    game_value,
    honours_held,
    honours_points,
)
from whist_ro.schedule import Deck, Schedule, check_players
from whist_ro.variants import Variant, check_variant

if TYPE_CHECKING:
    from whist_ro.engine.seats import Reclaim, Takeover
    from whist_ro.records.record import Record
    from whist_ro.views.view import PlayerView

__all__ = ["Match"]

_MAX_DEALS: Final = 10_000


class _Setup(Immutable):
    """What a match fixes at its start; shared by all its states."""

    __slots__ = (
        "deals",
        "deck",
        "first_dealer",
        "names",
        "players",
        "schedule",
        "seed",
        "variant",
    )

    variant: Variant
    players: int
    names: tuple[str, ...] | None  # None: never named (the seats show "seat 0" ...)
    seed: int | str | None
    deals: tuple[Deal, ...] | None
    first_dealer: int
    schedule: Schedule
    deck: Deck

    def __init__(
        self,
        variant: Variant,
        players: int,
        first_dealer: int,
        *,
        seed: int | str | None,
        deals: tuple[Deal, ...] | None,
        names: tuple[str, ...] | None,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "variant", variant)
        set_(self, "players", players)
        set_(self, "names", names)
        set_(self, "seed", seed)
        set_(self, "deals", deals)
        set_(self, "first_dealer", first_dealer)
        set_(self, "schedule", Schedule.for_game(variant, players))
        set_(self, "deck", Deck.for_game(variant, players))

    def dealer_of(self, index: int) -> int:
        """The dealer of round ``index`` (R-SCHED-4)."""
        return dealer_of(index, first_dealer=self.first_dealer, players=self.players)

    def deal(self, index: int) -> Deal:
        """Round ``index``'s deal: given explicitly, or from its own seeded shuffle.

        Each seeded round gets a generator seeded from the match seed and the
        round number, so any round can be re-dealt alone, on any platform
        (R-DEAL-1, R-SCHED-4).
        """
        deals = self.deals
        if deals is not None:
            if index < len(deals):
                return deals[index]
            raise OutOfDealsError(_NEEDS_DEAL, evidence={"round": index + 1, "deals": len(deals)})
        # Seeded from text that joins the match seed and the round number.
        return Deal.shuffled(
            self.variant,
            players=self.players,
            dealer=self.dealer_of(index),
            hand_size=self.schedule.size_of(index),
            seed=random.Random(f"whist-ro:{self.seed}:{index}"),
        )

    def extended(self, deals: object) -> _Setup:
        """This set-up with ``deals`` appended to its explicit deals, each checked."""
        given = self.deals or ()
        more = self.check_deals(_deal_list(deals), len(given))
        return _Setup(
            self.variant,
            self.players,
            self.first_dealer,
            seed=None,
            deals=given + more,
            names=self.names,
        )

    def check_deals(self, deals: tuple[object, ...], start: int) -> tuple[Deal, ...]:
        """Explicit deals for rounds ``start``, ``start + 1`` ..., checked against the match."""
        checked: list[Deal] = []
        for offset, deal in enumerate(deals):
            index = start + offset
            if index >= _MAX_DEALS:
                raise ConfigurationError(
                    f"a match takes at most {_MAX_DEALS} explicit deals", field="deals"
                )
            where = f"deals[{offset}] (round {index + 1})"
            if not isinstance(deal, Deal):
                raise ConfigurationError(
                    f"{where} must be a Deal, not {excerpt(deal)}", field="deals"
                )
            if deal.variant != self.variant or deal.players != self.players:
                raise ConfigurationError(
                    f"{where} is a deal of {deal.variant.name} for {deal.players} players, "
                    f"not of this match's {self.variant.name} for {self.players}",
                    field="deals",
                )
            faults = deal_faults(
                self.variant,
                self.players,
                index=index,
                hand_size=deal.hand_size,
                dealer=deal.dealer,
                first_dealer=self.first_dealer,
            )
            if faults:
                raise self._misfit(where, deal, index, faults[0])
            checked.append(deal)
        return tuple(checked)

    def _misfit(self, where: str, deal: Deal, index: int, rule: str) -> ConfigurationError:
        """The error for an explicit deal that breaks ``rule``, one of :func:`deal_faults`'s."""
        if rule == "R-END-1":
            why = f"is one deal too many: the schedule has {len(self.schedule)} rounds"
        elif rule == "R-SCHED-4":
            why = (
                f"is dealt by seat {deal.dealer}, but the deal passes clockwise "
                f"and seat {self.dealer_of(index)} deals it"
            )
        else:
            why = (
                f"has hands of {deal.hand_size}, but the schedule deals "
                f"{self.schedule.size_of(index)}"
            )
        return ConfigurationError(f"{where} {why} ({rule})", field="deals", rule=rule)

    def key(self) -> tuple[object, ...]:
        # A seed of 1 and of "1" deal the same games (the shuffles are seeded
        # from text), so they compare equal.
        seed = None if self.seed is None else str(self.seed)
        return (self.variant, self.players, seed, self.deals, self.first_dealer, self.names)


_Entry = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
"""What a round's end records: points, bonuses, running totals and the game number."""


_Score = tuple[tuple[int, ...], tuple[int, ...], tuple[_Entry, ...]]
"""Running totals, streak runs (advance_runs' compact form) and one entry per round."""


class _Progress(Immutable):
    """What changes only when a round ends, or when the match is ended early.

    In the exact family a round's end only appends the round: its points,
    streaks and totals are worked out when something first reads them
    (:meth:`score`), from the nearest earlier progress that has them.
    Nothing about the match's course depends on them there (the schedule
    alone ends it), so a simulation that never reads the sheet never scores
    it.  Classic rounds are scored at once: a game ends on its score.
    """

    __slots__ = (
        "abandoned",
        "conceded",
        "disconnected",
        "games",
        "over",
        "parent",
        "rounds",
        "rows",
        "scored",
        "setup",
    )

    setup: _Setup
    rounds: tuple[Round, ...]
    # Either scored is set, or parent is the progress one round earlier.
    scored: _Score | None
    parent: _Progress | None
    rows: tuple[ScoreRow, ...] | None
    over: bool
    games: tuple[GameResult, ...]
    abandoned: bool
    disconnected: tuple[int, ...]
    conceded: int | None

    def __init__(
        self,
        setup: _Setup,
        rounds: tuple[Round, ...],
        over: bool,
        *,
        scored: _Score | None = None,
        parent: _Progress | None = None,
        games: tuple[GameResult, ...] = (),
        abandoned: bool = False,
        disconnected: tuple[int, ...] = (),
        conceded: int | None = None,
    ) -> None:
        # Through the slot descriptors: a match builds one of these per round.
        _P_SETUP(self, setup)
        _P_ROUNDS(self, rounds)
        _P_SCORED(self, scored)
        _P_PARENT(self, parent)
        _P_ROWS(self, None)  # built from the entries when first read
        _P_OVER(self, over)
        _P_GAMES(self, games)
        _P_ABANDONED(self, abandoned)
        _P_DISCONNECTED(self, disconnected)
        _P_CONCEDED(self, conceded)

    def score(self) -> _Score:
        """Totals, runs and entries, worked out on first use and kept.

        Walks back to the nearest progress already scored (a loop, not
        recursion: a long match stays shallow), then scores each later
        round in order.  Each result is cached through the slot, and the
        link to the earlier progress is dropped once it is no longer needed.
        """
        scored = self.scored
        if scored is not None:
            return scored
        pending: list[_Progress] = []
        node: _Progress | None = self
        while node is not None and node.scored is None:
            pending.append(node)
            node = node.parent
        assert node is not None  # the first progress of a match is scored
        scored = node.scored
        assert scored is not None
        for later in reversed(pending):
            scored = _score_exact(later.setup, later.rounds[-1], scored)
            _P_SCORED(later, scored)
            _P_PARENT(later, None)
        return scored

    @property
    def totals(self) -> tuple[int, ...]:
        """Running totals per seat, bonuses included."""
        return self.score()[0]

    @property
    def runs(self) -> tuple[int, ...]:
        """Each seat's streak in compact form."""
        return self.score()[1]

    @property
    def entries(self) -> tuple[_Entry, ...]:
        """Points, bonuses, totals and game number of every completed round."""
        return self.score()[2]

    def but(self, **changes: Any) -> _Progress:
        """This progress, scored, with some fields changed (the setup never changes)."""
        fields: dict[str, Any] = {
            "over": self.over,
            "scored": self.score(),
            "games": self.games,
            "abandoned": self.abandoned,
            "disconnected": self.disconnected,
            "conceded": self.conceded,
        }
        fields.update(changes)
        setup = fields.pop("setup", self.setup)
        return _Progress(setup, self.rounds, **fields)

    def sheet_rows(self) -> tuple[ScoreRow, ...]:
        """The score sheet's rows, built on first use.

        A round's end only records plain tuples; the row objects are made
        when someone reads the sheet, which keeps simulations cheap.  The
        cache is the one write after construction, through the slot itself.
        """
        rows = self.rows
        if rows is None:
            rows = tuple(
                _row(index, done, *entry)
                for index, (done, entry) in enumerate(zip(self.rounds, self.entries, strict=True))
            )
            _P_ROWS(self, rows)
        return rows

    def ending(self) -> tuple[object, ...]:
        """How the match was cut short, for equality: empty unless it was."""
        if not (self.abandoned or self.conceded is not None):
            return ()
        return (self.abandoned, self.disconnected, self.conceded)


(
    _P_SETUP,
    _P_ROUNDS,
    _P_SCORED,
    _P_PARENT,
    _P_ROWS,
    _P_OVER,
    _P_GAMES,
    _P_ABANDONED,
    _P_DISCONNECTED,
    _P_CONCEDED,
) = (
    _Progress.__dict__[name].__set__
    for name in (
        "setup",
        "rounds",
        "scored",
        "parent",
        "rows",
        "over",
        "games",
        "abandoned",
        "disconnected",
        "conceded",
    )
)


class Match(Immutable):
    """An immutable match of any variant; every :meth:`apply` returns a new one.

    Build one with :meth:`new`.  ``round`` is the deal in progress (after the
    end, the last one played), ``rounds`` the completed ones.

    >>> from whist_ro import random_playout, variants
    >>> m = Match.new(variants.INVERTED, players=3, seed=4)
    >>> m.round.hand_size, m.to_act == m.round.first_hand
    (8, True)
    >>> done = random_playout(m, seed=4)
    >>> done.is_over, len(done.rounds), len(done.winners) >= 1
    (True, 21, True)
    """

    # One slot holding (round, progress): a new state is one tuple and one
    # slot write (the slots refuse ordinary assignment: see _immutable).
    __slots__ = ("_st",)

    # No annotations on purpose: help() then shows no "Match()" signature,
    # which would suggest calling the class.
    def __init__(self):  # type: ignore[no-untyped-def]
        raise TypeError("build a Match with Match.new(variant, players=..., seed=...)")

    _st: tuple[Round, _Progress]

    @property
    def _round(self) -> Round:
        return self._st[0]

    @property
    def _progress(self) -> _Progress:
        return self._st[1]

    @classmethod
    def new(
        cls,
        variant: Variant,
        *,
        players: int | None = None,
        seed: Seed | None = None,
        deals: Iterable[Deal] | None = None,
        first_dealer: int | None = None,
        names: Sequence[str] | None = None,
    ) -> Match:
        """Start a match, its deals coming from a seed or given as a list.

        ``seed`` (an int, a str or a :class:`random.Random`, from which one
        integer is drawn now, so the match stays a pure value) fixes every
        deal and, unless ``first_dealer`` is given, the first dealer
        (R-SCHED-4).  Without a seed or deals, a seed is drawn at random and
        kept in :attr:`seed`, so the match can always be replayed.

        ``deals`` gives the deals instead, one per round in order, as a
        server that deals with its own generator or a replayed record does;
        ``players`` and the first dealer then come from the first deal.
        Each deal must have the schedule's hand size and the right dealer.
        When the deals run out, the action that ends the last given round
        raises :class:`~whist_ro.errors.OutOfDealsError` (add more with
        :meth:`with_deals`).

        ``names`` gives each seat's player a name, shown on the score sheet,
        in the standings and views and written to records (default
        ``"seat 0"``, ``"seat 1"`` ...); see :attr:`names`.

        >>> from whist_ro import variants
        >>> Match.new(variants.ROMANIAN, players=4, seed=7) == Match.new(
        ...     variants.ROMANIAN, players=4, seed=7)
        True
        >>> Match.new(variants.CLASSIC, players=5)
        Traceback (most recent call last):
        ...
        whist_ro.errors.ConfigurationError: classic is played by 4 players, not 5 (R-DECK-3)
        """
        check_variant(variant)
        given: tuple[Deal, ...] | None = None
        if deals is not None:
            if seed is not None:
                raise ConfigurationError(
                    "give a match its deals or a seed, not both", field="deals"
                )
            given = _deal_list(deals)
            if not given:
                raise ConfigurationError("deals must hold at least one deal", field="deals")
            first = given[0]
            if not isinstance(first, Deal):
                raise ConfigurationError(
                    f"deals[0] (round 1) must be a Deal, not {excerpt(first)}", field="deals"
                )
            if players is None:
                players = first.players
            if first_dealer is None:
                first_dealer = first.dealer
        if players is None:
            raise ConfigurationError("players is required: how many seats?", field="players")
        check_players(variant, players)
        fixed_seed: int | str | None = None
        if given is None:
            if seed is None:
                seed = random.SystemRandom()
            checked = check_seed(seed)
            # One integer is drawn from a generator now: the match stays a pure value.
            fixed_seed = checked.getrandbits(63) if isinstance(checked, random.Random) else checked
        if first_dealer is None:
            first_dealer = random.Random(f"whist-ro:{fixed_seed}:dealer").randrange(players)
        else:
            first_dealer = check_seat(first_dealer, players=players, name="first_dealer")
        seat_names = None if names is None else check_names(names, players=players)
        if seat_names == default_names(players):
            seat_names = None  # named as unnamed seats are: one value, not two
        setup = _Setup(
            variant, players, first_dealer, seed=fixed_seed, deals=None, names=seat_names
        )
        if given is not None:
            setup = setup.extended(given)
        progress = _Progress(setup, (), False, scored=((0,) * players, (0,) * players, ()))
        return _make(Round.from_deal(setup.deal(0)), progress)

    def with_deals(self, deals: Iterable[Deal]) -> Match:
        """This match with more explicit deals for its later rounds (see :meth:`new`).

        Only a match built from deals takes more; they are checked like the
        first ones and appended after them.

        >>> from whist_ro import Deal, variants
        >>> v = variants.ROMANIAN
        >>> first, second = (Deal.shuffled(v, players=3, dealer=d, hand_size=1, seed=d)
        ...                  for d in (0, 1))
        >>> m = Match.new(v, deals=[first]).with_deals([second])
        >>> len(m.deals)
        2
        """
        setup = self._progress.setup
        if setup.deals is None:
            raise ConfigurationError(
                "this match deals from its seed; only a match built from deals takes more",
                field="deals",
            )
        return _make(self._round, self._progress.but(setup=setup.extended(deals)))

    # -- reading -----------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The rules of the match."""
        return self._progress.setup.variant

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, one per seat (``"seat 0"``, ``"seat 1"`` ... unless named).

        >>> from whist_ro import variants
        >>> Match.new(variants.ROMANIAN, players=3, seed=1, names=["Ana", "Bogdan", "Cici"]).names
        ('Ana', 'Bogdan', 'Cici')
        >>> Match.new(variants.ROMANIAN, players=3, seed=1).names
        ('seat 0', 'seat 1', 'seat 2')
        """
        names = self._progress.setup.names
        return default_names(self.players) if names is None else names

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._progress.setup.players

    @property
    def seed(self) -> int | str | None:
        """The seed every deal comes from, or None for a match built from deals."""
        return self._progress.setup.seed

    @property
    def deals(self) -> tuple[Deal, ...] | None:
        """The explicit deals the match was given, or None when it deals from its seed."""
        return self._progress.setup.deals

    @property
    def first_dealer(self) -> int:
        """The dealer of the first round; the deal then passes clockwise (R-SCHED-4)."""
        return self._progress.setup.first_dealer

    @property
    def schedule(self) -> Schedule:
        """The hand sizes of the match's rounds."""
        return self._progress.setup.schedule

    @property
    def round(self) -> Round:
        """The round in progress, or the last one played once the match is over.

        After :meth:`abandon` or :meth:`concede` it is the round that was in
        progress then, left as it was.
        """
        return self._round

    @property
    def rounds(self) -> tuple[Round, ...]:
        """The completed rounds, in order."""
        return self._progress.rounds

    @property
    def totals(self) -> tuple[int, ...]:
        """Running totals per seat, bonuses included (classic: each seat's side total).

        In a rubber these are the totals of the game in progress; they start
        again from 0 with every game (R-RUBBER-3), and :attr:`games` keeps
        the finished ones.
        """
        return self._progress.totals

    @property
    def streaks(self) -> tuple[Streak, ...]:
        """Each seat's current run of made or missed bids (R-STREAK-*)."""
        return tuple(map(Streak.from_run, self._progress.runs))

    @property
    def score_sheet(self) -> ScoreSheet:
        """One row per completed round: bids, tricks, points, bonus, running total."""
        setup = self._progress.setup
        return ScoreSheet(
            self._progress.sheet_rows(),
            players=setup.players,
            classic=setup.variant.is_classic,
            names=setup.names,
        )

    @property
    def is_over(self) -> bool:
        """True once no action is accepted any more (R-END-4).

        That is when the schedule is finished (R-END-1), a side reached the
        target (R-END-2) or, in a rubber, won its second game (R-RUBBER-1),
        or the match was abandoned or conceded (R-END-3).
        """
        return self._progress.over

    @property
    def is_abandoned(self) -> bool:
        """True when the match was stopped early with :meth:`abandon` (R-END-3)."""
        return self._progress.abandoned

    @property
    def disconnected(self) -> tuple[int, ...]:
        """The seats named as disconnected when the match was abandoned, in order."""
        return self._progress.disconnected

    @property
    def conceded(self) -> int | None:
        """The side that conceded (0: seats 0 and 2, 1: seats 1 and 3), or None."""
        return self._progress.conceded

    @property
    def games(self) -> tuple[GameResult, ...]:
        """The finished games of classic whist, in order; always empty in the exact family."""
        return self._progress.games

    @property
    def rubber(self) -> Rubber | None:
        """The rubber so far when the variant plays rubbers (R-RUBBER-1), else None.

        >>> from whist_ro import random_playout, variants
        >>> m = random_playout(Match.new(variants.CLASSIC_RUBBER, players=4, seed=2), seed=2)
        >>> m.rubber is not None and m.rubber.is_over and m.is_over
        True
        >>> Match.new(variants.CLASSIC, players=4, seed=2).rubber is None
        True
        """
        if not self._progress.setup.variant.rubber:
            return None
        return Rubber(self._progress.games)

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None once the match is over."""
        return None if self._progress.over else self._round.to_act

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place of the standings once the match is over; empty before.

        The standings are taken under the variant's own ranking system
        (R-RANK-9): the highest total in the exact-bid family (a tie shares
        the place, R-END-1), unless the zero win puts a seat on exactly 0
        first (R-RANK-4); in classic, the side with the most match points,
        which is the side that won the game, the rubber or the conceded game
        (R-END-2, R-END-3, R-RUBBER-1).

        >>> from whist_ro import random_playout, variants
        >>> m = random_playout(Match.new(variants.CLASSIC, players=4, seed=5), seed=5)
        >>> m.winners == m.games[-1].winning_seats
        True
        """
        if not self._progress.over:
            return ()
        return self.standings().winners

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action of the match in play order, across all its rounds.

        >>> from whist_ro import variants
        >>> m = Match.new(variants.ROMANIAN, players=3, seed=1)
        >>> for _ in range(7):
        ...     m = m.apply(m.legal_actions()[0])
        >>> len(m.history), m.history[:2] == m.rounds[0].actions[:2]
        (7, True)
        """
        progress = self._progress
        out: list[Action] = []
        for done in progress.rounds:
            out.extend(done.actions)
        if not progress.rounds or progress.rounds[-1] is not self._round:
            out.extend(self._round.actions)
        return tuple(out)

    @property
    def last_step(self) -> Step | None:
        """What the action that made this state did; None before the first action.

        When that action ended a round, the step carries the round's points,
        its bonuses (streaks; honours in classic) and the new totals, and
        says whether it also ended the match.

        >>> from whist_ro import variants
        >>> m = Match.new(variants.ROMANIAN, players=3, seed=1)
        >>> for _ in range(6):  # the three bids and three cards of the first round
        ...     m = m.apply(m.legal_actions()[0])
        >>> step = m.last_step
        >>> step.round_over, step.points == tuple(s.points for s in m.score_sheet[0].seats)
        (True, True)
        >>> step.totals == m.totals, step.match_over
        (True, False)
        """
        progress = self._progress
        current = self._round
        if current.last_step is not None and not current.is_over:
            return current.last_step
        if not progress.rounds:
            return None
        done = progress.rounds[-1]
        step = done.last_step
        assert step is not None  # a completed round ended with a play
        points, bonuses, totals, _ = progress.entries[-1]
        over = progress.over and current is done
        return attrs.evolve(step, points=points, bonuses=bonuses, totals=totals, match_over=over)

    # -- acting ----------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action allowed now (see :meth:`Round.legal_actions`); empty when over.

        >>> from whist_ro import variants
        >>> Match.new(variants.ROMANIAN, players=3, seed=1).legal_actions()
        (Bid(seat=2, tricks=0), Bid(seat=2, tricks=1))
        """
        current, progress = self._st
        if progress.over:
            return ()
        return current.legal_actions()

    def apply(self, action: Action) -> Match:
        """The match after ``action``; raises like :meth:`Round.apply` if it is illegal.

        When the action ends a round, the new match has that round scored on
        the sheet and the next round dealt, unless the match is over.

        >>> from whist_ro import Bid, variants
        >>> m = Match.new(variants.ROMANIAN, players=3, seed=1)
        >>> m.apply(Bid(seat=0, tricks=0))
        Traceback (most recent call last):
        ...
        whist_ro.errors.OutOfTurnError: seat 0 cannot bid 0: it is seat 2's turn to bid (R-BID-3)
        """
        current, progress = self._st
        if progress.over:
            raise _over_error(action)  # the refusal Match.refusal returns
        round_ = current.apply(action)
        if round_.is_over:
            return _round_end(round_, progress)
        # The common case, inlined: it runs for every action of every match.
        m = _new(Match)
        _set_st(m, (round_, progress))
        return m

    def refusal(self, action: Action) -> IllegalActionError | None:
        """The error :meth:`apply` would raise for ``action``, returned; None if it is legal.

        See :meth:`Round.refusal`: the same error (type, rule, evidence,
        text, ``action``) from the same code, and the match is not changed.
        Once the match is over every action is refused (R-END-4).

        >>> from whist_ro import Bid, variants
        >>> m = Match.new(variants.ROMANIAN, players=3, seed=1)
        >>> m.refusal(Bid(seat=2, tricks=0)) is None
        True
        >>> print(m.refusal(Bid(seat=0, tricks=0)))
        seat 0 cannot bid 0: it is seat 2's turn to bid (R-BID-3)
        """
        current, progress = self._st
        if progress.over:
            return _over_error(action)
        return current.refusal(action)

    def is_legal(self, action: Action) -> bool:
        """True if :meth:`apply` would accept ``action`` now: :meth:`refusal` is None.

        >>> from whist_ro import Bid, variants
        >>> m = Match.new(variants.ROMANIAN, players=3, seed=1)
        >>> m.is_legal(Bid(seat=2, tricks=1)), m.is_legal(Bid(seat=2, tricks=2))
        (True, False)
        """
        return self.refusal(action) is None

    def parse_action(self, text: str) -> Action:
        """The action ``text`` describes, for the seat to act, if the rules allow it now.

        Reads ``"7h"``, ``"bid 3"``, ``"3"``, ``"card"`` or ``str(action)``
        as :meth:`Round.parse_action` does, and refuses what :meth:`apply`
        refuses, with the rule; the match is not changed.

        >>> from whist_ro import variants
        >>> m = Match.new(variants.ROMANIAN, players=3, seed=42)
        >>> m.to_act, m.parse_action("1")
        (0, Bid(seat=0, tricks=1))
        >>> m.apply(m.parse_action("bid 1")).to_act
        1
        >>> m.parse_action("seat 1 bids 0")
        Traceback (most recent call last):
        ...
        whist_ro.errors.OutOfTurnError: seat 1 cannot bid 0: it is seat 0's turn to bid (R-BID-3)
        """
        return parse_for(self, text)

    def apply_legal(self, action: Action) -> Match:
        """Like :meth:`apply` for an action taken from this match's :meth:`legal_actions`.

        The fast path for bots and simulations (see :meth:`Round.apply_legal`):
        nothing is checked, so anything else gives an undefined result.

        >>> from whist_ro import variants
        >>> m = Match.new(variants.ROMANIAN, players=3, seed=5)
        >>> m.apply_legal(m.legal_actions()[-1]) == m.apply(m.legal_actions()[-1])
        True
        """
        current, progress = self._st
        round_ = current.apply_legal(action)
        if round_.is_over:
            return _round_end(round_, progress)
        m = _new(Match)
        _set_st(m, (round_, progress))
        return m

    # -- ending early ------------------------------------------------------------

    def _refuse_when_over(self, message: str) -> None:
        if self._progress.over:
            raise MatchEndError(message, rule="R-END-4")

    def abandon(self, *, disconnected: Iterable[int] = ()) -> Match:
        """The match stopped here, between two rounds (R-END-3).

        Only the exact-bid family is abandoned, and only when the round in
        progress has not started (no bid yet): the standings then scale
        everything by the share of scheduled rounds that were completed
        (R-RANK-5).  ``disconnected`` names the seats whose players left;
        the rating system charges them (R-RANK-5).  After this, no action is
        accepted (R-END-4).

        >>> from whist_ro import variants
        >>> m = Match.new(variants.ROMANIAN, players=3, seed=4)
        >>> m.apply(m.legal_actions()[0]).abandon()
        Traceback (most recent call last):
        ...
        whist_ro.errors.MatchEndError: a match can only be abandoned between rounds, ... (R-END-3)
        >>> done = m.abandon(disconnected=[2])
        >>> done.is_over, done.is_abandoned, done.disconnected, done.to_act
        (True, True, (2,), None)
        """
        self._refuse_when_over(_OVER_ABANDON)
        setup = self._progress.setup
        if setup.variant.is_classic:
            raise MatchEndError(_CLASSIC_CONCEDES)
        round_ = self._round
        if round_.phase is not Phase.BIDDING or any(b is not None for b in round_.bids):
            raise MatchEndError(_UNDER_WAY, evidence={"round": len(self._progress.rounds) + 1})
        seats = tuple(sorted(check_disconnected(disconnected, setup.players)))
        ended = self._progress.but(over=True, abandoned=True, disconnected=seats)
        return _make(round_, ended)

    def concede(self, *, side: int | None = None, seat: int | None = None) -> Match:
        """The match after one classic side gives up: it loses the game (R-END-3).

        Name the side (0: seats 0 and 2, 1: seats 1 and 3) or any seat of it.
        It may concede at any moment; a round in progress is not scored.
        The other side wins the game, valued from the conceding side's score
        (R-RUBBER-2), and in a rubber it also wins the rubber (R-END-5).
        After this, no action is accepted (R-END-4).

        >>> from whist_ro import variants
        >>> m = Match.new(variants.CLASSIC, players=4, seed=1).concede(seat=3)
        >>> m.is_over, m.conceded, m.winners, m.games[0].value
        (True, 1, (0, 2), 3)
        """
        self._refuse_when_over(_OVER_CONCEDE)
        setup = self._progress.setup
        if not setup.variant.is_classic:
            raise MatchEndError(_EXACT_ABANDONS)
        loser = _conceding_side(side, seat, setup.players)
        progress = self._progress
        scores = (progress.totals[0], progress.totals[1])
        result = GameResult(
            number=len(progress.games) + 1,
            winner=1 - loser,
            scores=scores,
            value=game_value(target=setup.variant.target, losers=scores[loser]),
            conceded=True,
        )
        ended = progress.but(over=True, games=(*progress.games, result), conceded=loser)
        return _make(self._round, ended)

    # -- final standings ---------------------------------------------------------

    def standings(self, system: RankingSystem | None = None) -> Standings:
        """Places and ranking points of a finished or abandoned match (R-RANK-*).

        ``system`` defaults to the variant's ``ranking``.  In the exact-bid
        family the final totals are ranked; an abandoned match has its
        ranking points scaled by the share of scheduled rounds completed and its
        disconnected seats flagged (R-RANK-5).  Classic sides are ranked by
        their match points: the values of the games they won, plus the
        rubber bonus (R-RANK-8).

        >>> from whist_ro import variants
        >>> from whist_ro.ranking import Rating
        >>> m = Match.new(variants.ROMANIAN, players=4, seed=3)
        >>> m.standings()
        Traceback (most recent call last):
        ...
        whist_ro.errors.NotOverError: the match is not over: standings need a finished or ...
        >>> for _ in range(4):  # the four 1-card rounds
        ...     for _ in range(8):
        ...         m = m.apply(m.legal_actions()[0])
        >>> s = m.abandon(disconnected=[1]).standings(Rating())
        >>> s.completed, s[1].disconnected, s[1].abandoned
        (Fraction(1, 6), True, True)
        """
        progress = self._progress
        if not progress.over:
            raise NotOverError(
                "the match is not over: standings need a finished or abandoned match "
                "(R-END-3, R-RANK-5)"
            )
        setup = progress.setup
        return match_standings(
            setup.variant,
            totals=progress.totals,
            games=progress.games,
            played=len(progress.rounds),
            scheduled=len(setup.schedule),
            disconnected=progress.disconnected,
            conceded=progress.conceded,
            names=setup.names,
            system=system,
        )

    # -- records -----------------------------------------------------------------

    def to_record(
        self,
        *,
        players: Sequence[str] | None = None,
        seed: bool = False,
        claimed_totals: Sequence[int] | None = None,
        takeovers: Iterable[Takeover] = (),
        reclaims: Iterable[Reclaim] = (),
        engines: Sequence[str | None] | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> Record:
        """This match as a record (see :func:`whist_ro.records.to_record`).

        ``seed=True`` also writes the seed, which reveals every future deal.

        >>> from whist_ro import records, variants
        >>> m = Match.new(variants.ROMANIAN, players=3, seed=1)
        >>> Match.from_record(records.loads(records.dumps(m.to_record(seed=True)))) == m
        True
        """
        # Records sit on top of the engine: imported here, not at the top.
        from whist_ro.records.replay import to_record  # noqa: PLC0415

        return to_record(
            self,
            players=players,
            seed=seed,
            claimed_totals=claimed_totals,
            takeovers=takeovers,
            reclaims=reclaims,
            engines=engines,
            meta=meta,
        )

    @classmethod
    def from_record(cls, record: Record | str | bytes, *, deals: Iterable[Deal] = ()) -> Match:
        """The match a record or its JSON text describes (see :func:`whist_ro.records.from_record`).

        >>> from whist_ro import variants
        >>> m = Match.new(variants.CLASSIC, players=4, seed=2)
        >>> Match.from_record(m.to_record()).round == m.round
        True
        """
        from whist_ro.records.replay import from_record  # noqa: PLC0415

        return from_record(record, deals=deals)

    # -- what a seat may see ----------------------------------------------------

    def view(self, seat: int) -> PlayerView[Match]:
        """What ``seat`` may know of this match (R-VIEW-1..3): see :class:`~whist_ro.PlayerView`.

        Its own remaining hand, the variant, the schedule, the score sheet so
        far, every bid and card played in this round, the trump card, whose
        turn it is and, on its turn, the legal actions; nothing else.

        >>> from whist_ro import variants
        >>> m = Match.new(variants.ROMANIAN, players=3, seed=1)
        >>> m.view(0).hand == m.round.remaining[0]
        True
        """
        # Views sit on top of the engine: imported here, not at the top.
        from whist_ro.views.view import view_of  # noqa: PLC0415

        return view_of(self, seat)

    # -- value semantics -------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        progress = self._progress
        return (progress.setup.key(), self._st[0], progress.rounds, progress.ending())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Match):
            return self is other or self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def _repr_html_(self) -> str:
        """The score sheet as an HTML table with the chart, which Jupyter shows.

        See :func:`whist_ro.svg.score_sheet_html`.
        """
        # The pictures sit above the views (an upward import on purpose, listed in
        # tests/test_architecture.py).
        from whist_ro.svg import score_sheet_html  # noqa: PLC0415

        return score_sheet_html(self)

    def __repr__(self) -> str:
        progress = self._progress
        setup = progress.setup
        if progress.abandoned:
            state = "abandoned"
        elif progress.conceded is not None:
            state = f"conceded by side {progress.conceded}"
        else:
            state = "over" if progress.over else f"round {len(progress.rounds) + 1}"
        source = f"seed={setup.seed!r}" if setup.deals is None else f"deals={len(setup.deals)}"
        return (
            f"<Match {setup.variant.name} players={setup.players} {source}: "
            f"{state}, totals {progress.totals}>"
        )


# Match's slots refuse assignment; states are filled through the slot
# descriptors themselves, which costs no more than a plain attribute write.
_new: Final = object.__new__
_set_st: Final = Match.__dict__["_st"].__set__


def _make(round_: Round, progress: _Progress) -> Match:
    m = _new(Match)
    _set_st(m, (round_, progress))
    return m


def _deal_list(deals: object) -> tuple[Any, ...]:
    """``deals`` as a tuple, refusing what is not a list of values (checked one by one later)."""
    if isinstance(deals, (str, bytes)) or not isinstance(deals, Iterable):
        raise ConfigurationError(
            f"deals must be a list of Deal values, not {excerpt(deals)}", field="deals"
        )
    return tuple(deals)


# The refusals of a match (the rules of a round refuse in engine/round.py).
_NEEDS_DEAL: Final = N_("round {round} needs a deal, but the match was given {deals} (R-SCHED-4)")
_OVER_ABANDON: Final = N_("cannot abandon: the match is already over (R-END-4)")
_OVER_CONCEDE: Final = N_("cannot concede: the match is already over (R-END-4)")
_CLASSIC_CONCEDES: Final = N_(
    "classic whist is not abandoned: a side ends the game early by conceding "
    "(Match.concede) (R-END-3)"
)
_UNDER_WAY: Final = N_(
    "a match can only be abandoned between rounds, and round {round} is under way (R-END-3)"
)
_EXACT_ABANDONS: Final = N_(
    "only a classic side can concede; a match of the exact-bid family is "
    "stopped with Match.abandon (R-END-3)"
)
_OVER_BID: Final = N_("seat {seat} bids {bid} refused: the match is over (R-END-4)")
_OVER_PLAY: Final = N_("seat {seat} plays {card} refused: the match is over (R-END-4)")
_OVER_ONLY_CARD: Final = N_("seat {seat} plays its only card refused: the match is over (R-END-4)")


def _over_error(action: object) -> IllegalActionError:
    """The refusal of ``action`` by a match that is over (R-END-4).

    What is no action at all (the exact classes, as :meth:`Round.apply`
    checks them) raises :class:`ActionTypeError` instead.
    """
    if type(action) is not Bid and type(action) is not Play:
        raise not_an_action(action)
    assert isinstance(action, (Bid, Play))
    evidence: dict[str, object]
    if isinstance(action, Bid):
        template, evidence = _OVER_BID, {"seat": action.seat, "bid": action.tricks}
    elif action.card is not None:
        template, evidence = _OVER_PLAY, {"seat": action.seat, "card": action.card}
    else:
        template, evidence = _OVER_ONLY_CARD, {"seat": action.seat}
    return GameOverError(
        template, rule="R-END-4", seat=action.seat, action=action, evidence=evidence
    )


def _round_end(done: Round, progress: _Progress) -> Match:
    """The one way a match gets past a round: score it, then end the match or deal on.

    :meth:`Match.apply` and :meth:`Match.apply_legal` both come here when an
    action ends a round; every other action only wraps the new round state.
    """
    if progress.setup.variant.is_classic:
        return _finish_classic(done, progress)
    return _finish_exact(done, progress)


def _next(done: Round, progress: _Progress, new_progress: _Progress) -> Match:
    """The match after a scored round: over, or with the next deal on the table."""
    if new_progress.over:
        return _make(done, new_progress)
    # Dealing may fail (explicit deals run out) before any new state exists.
    return _make(Round.from_deal(progress.setup.deal(len(progress.rounds) + 1)), new_progress)


def _finish_exact(done: Round, progress: _Progress) -> Match:
    # Only the schedule ends an exact-family match (R-END-1): the round is
    # scored when its score is first read (see _Progress.score).
    setup = progress.setup
    rounds = (*progress.rounds, done)
    over = setup.schedule.is_last(len(progress.rounds))
    return _next(done, progress, _Progress(setup, rounds, over, parent=progress))


def _score_exact(setup: _Setup, done: Round, before: _Score) -> _Score:
    """The score after one more exact-family round (R-SCORE-1/2, R-STREAK-*)."""
    variant = setup.variant
    totals, runs, entries = before
    bids, won = done.bids, done.tricks_won
    points = done.points
    if variant.streak_bonus:
        runs, bonuses = advance_runs(
            variant, runs, made=tuple(map(eq, bids, won)), hand_size=done.hand_size
        )
        totals = tuple(map(add, totals, map(add, points, bonuses)))
    else:
        bonuses = (0,) * setup.players
        totals = tuple(map(add, totals, points))
    return totals, runs, (*entries, (points, bonuses, totals, 1))


def _finish_classic(done: Round, progress: _Progress) -> Match:
    setup = progress.setup
    variant = setup.variant
    target = variant.target
    points = done.points
    before = (progress.totals[0], progress.totals[1])
    # Tricks are added before honours are looked at (R-HON-2).
    sides = (before[0] + points[0], before[1] + points[1])
    honours = (0, 0)
    if variant.honours:
        trump = done.trump
        assert trump is not None  # a classic deal always shows a trump (R-TRUMP-3)
        held = honours_held(done.hands, trump)
        honours = honours_points(
            held,
            before=before,
            after_tricks=sides,
            target=target,
            can_win=variant.honours_can_win,
        )
        sides = (sides[0] + honours[0], sides[1] + honours[1])
    totals: tuple[int, ...] = sides * 2  # seats 0 and 2 are side 0, seats 1 and 3 side 1
    game = len(progress.games) + 1
    entry = (points, honours * 2, totals, game)
    games = progress.games
    over = False
    if max(sides) >= target:
        winner = 0 if sides[0] >= target else 1
        value = game_value(target=target, losers=sides[1 - winner])
        result = GameResult(number=game, winner=winner, scores=sides, value=value)
        games = (*games, result)
        over = not variant.rubber or Rubber(games).is_over
        if not over:
            totals = (0,) * setup.players  # the next game starts from 0-0 (R-RUBBER-3)
    return _next(
        done,
        progress,
        _Progress(
            setup,
            (*progress.rounds, done),
            over,
            scored=(totals, progress.runs, (*progress.entries, entry)),
            games=games,
        ),
    )


def _row(
    index: int,
    done: Round,
    points: Sequence[int],
    bonuses: Sequence[int],
    totals: Sequence[int],
    game: int,
) -> ScoreRow:
    return ScoreRow(
        number=index + 1,
        hand_size=done.hand_size,
        dealer=done.dealer,
        trump=done.trump,
        turn_up=done.turn_up,
        seats=tuple(
            SeatScore(bid=bid, tricks=won, points=p, bonus=b, total=t)
            for bid, won, p, b, t in zip(
                done.bids, done.tricks_won, points, bonuses, totals, strict=True
            )
        ),
        game=game,
    )


def _conceding_side(side: int | None, seat: int | None, players: int) -> int:
    if (side is None) == (seat is None):
        raise ConfigurationError("concede needs exactly one of side= or seat=", field="side")
    if seat is not None:
        return check_seat(seat, players=players) % 2
    if type(side) is not int or side not in (0, 1):
        raise ConfigurationError(
            f"side must be 0 (seats 0 and 2) or 1 (seats 1 and 3), not {excerpt(side)}",
            field="side",
        )
    return side
