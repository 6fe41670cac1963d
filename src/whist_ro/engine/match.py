"""A whole match: the schedule of rounds, running totals and streaks.

A :class:`Match` is immutable.  :meth:`Match.apply` plays one action in the
current round and, when that round ends, scores it, pays streak bonuses,
checks for the end of the match and deals the next round from the seed.

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
from collections.abc import Iterable, Sequence
from operator import add, eq
from typing import Final

import attrs

from whist_ro.actions import Action
from whist_ro.engine.round import Phase, Round
from whist_ro.errors import ConfigurationError, GameOverError, MatchEndError, NotOverError
from whist_ro.results.rubber import GameResult, Rubber, game_value, match_points
from whist_ro.results.scoresheet import ScoreRow, ScoreSheet, SeatScore
from whist_ro.results.standings import (
    RankingSystem,
    Standings,
    check_disconnected,
    check_zero_win,
    rank_totals,
)
from whist_ro.rules.scoring import (
    Streak,
    advance_runs,
    exact_round_points,
    honours_held,
    honours_points,
)
from whist_ro.schedule import Deck, Schedule
from whist_ro.variants import Variant

__all__ = ["Match"]

_SEED_LIMIT: Final = 2**63
_ROUND_OVER: Final = int(Phase.OVER)
_new: Final = object.__new__


class _Setup:
    """What a match fixes at its start; shared by all its states."""

    __slots__ = ("deck", "first_dealer", "players", "schedule", "seed", "variant")

    def __init__(self, variant: Variant, players: int, seed: int | str, first_dealer: int) -> None:
        self.variant = variant
        self.players = players
        self.seed = seed
        self.first_dealer = first_dealer
        self.schedule = Schedule.for_game(variant, players)
        self.deck = Deck.for_game(variant, players)

    def deal(self, index: int) -> Round:
        """Round ``index`` dealt from its own seeded shuffle (R-DEAL-1, R-SCHED-4).

        Each round gets a generator seeded from the match seed and the round
        number, so any round can be re-dealt alone, on any platform.
        """
        order = self.deck.shuffled_bits(f"whist-ro:{self.seed}:{index}")
        players = self.players
        return Round._from_order(
            self.variant,
            players,
            (self.first_dealer + index) % players,
            self.schedule.size_of(index),
            order,
        )

    def key(self) -> tuple[object, ...]:
        return (self.variant, self.players, self.seed, self.first_dealer)


_Entry = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
"""What a round's end records: points, bonuses, running totals and the game number."""


class _Progress:
    """What changes only when a round ends, or when the match is ended early."""

    __slots__ = (
        "abandoned",
        "conceded",
        "disconnected",
        "entries",
        "games",
        "over",
        "rounds",
        "rows",
        "runs",
        "totals",
    )

    def __init__(
        self,
        rounds: tuple[Round, ...],
        totals: tuple[int, ...],
        runs: tuple[int, ...],
        entries: tuple[_Entry, ...],
        over: bool,
        *,
        games: tuple[GameResult, ...] = (),
        abandoned: bool = False,
        disconnected: tuple[int, ...] = (),
        conceded: int | None = None,
    ) -> None:
        self.rounds = rounds
        self.totals = totals
        self.runs = runs  # streaks in advance_runs' compact form
        self.entries = entries
        self.rows: tuple[ScoreRow, ...] | None = None  # built from entries when first read
        self.over = over
        self.games = games
        self.abandoned = abandoned
        self.disconnected = disconnected
        self.conceded = conceded

    def cut_short(
        self,
        *,
        games: tuple[GameResult, ...] | None = None,
        abandoned: bool = False,
        disconnected: tuple[int, ...] = (),
        conceded: int | None = None,
    ) -> _Progress:
        """This progress, over: the match was abandoned or conceded (R-END-3)."""
        return _Progress(
            self.rounds,
            self.totals,
            self.runs,
            self.entries,
            True,
            games=self.games if games is None else games,
            abandoned=abandoned,
            disconnected=disconnected,
            conceded=conceded,
        )

    def sheet_rows(self) -> tuple[ScoreRow, ...]:
        """The score sheet's rows, built on first use.

        A round's end only records plain tuples; the row objects are made
        when someone reads the sheet, which keeps simulations cheap.
        """
        rows = self.rows
        if rows is None:
            rows = self.rows = tuple(
                _row(index, done, *entry)
                for index, (done, entry) in enumerate(zip(self.rounds, self.entries, strict=True))
            )
        return rows

    def ending(self) -> tuple[object, ...]:
        """How the match was cut short, for equality: empty unless it was."""
        if not (self.abandoned or self.conceded is not None):
            return ()
        return (self.abandoned, self.disconnected, self.conceded)


class Match:
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

    __slots__ = ("_progress", "_round", "_setup")

    _setup: _Setup
    _round: Round
    _progress: _Progress

    def __init__(self) -> None:
        raise TypeError("build a Match with Match.new(variant, players=..., seed=...)")

    @classmethod
    def new(
        cls,
        variant: Variant,
        *,
        players: int,
        seed: int | str | None = None,
        first_dealer: int | None = None,
    ) -> Match:
        """Start a match.

        ``seed`` fixes every deal and, unless ``first_dealer`` is given, the
        first dealer (R-SCHED-4).  Without a seed one is drawn at random and
        kept in :attr:`seed`, so the match can always be replayed.

        >>> from whist_ro import variants
        >>> Match.new(variants.ROMANIAN, players=4, seed=7) == Match.new(
        ...     variants.ROMANIAN, players=4, seed=7)
        True
        >>> Match.new(variants.CLASSIC, players=5)
        Traceback (most recent call last):
        ...
        whist_ro.errors.ConfigurationError: classic whist needs exactly 4 players, not 5 (R-DECK-3)
        """
        if not isinstance(variant, Variant):
            raise ConfigurationError(
                f"variant must be a Variant (see whist_ro.variants), not {variant!r}",
                field="variant",
            )
        if seed is None:
            seed = random.SystemRandom().randrange(_SEED_LIMIT)
        elif isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise ConfigurationError(f"seed must be an int or a str, not {seed!r}", field="seed")
        Deck.for_game(variant, players)  # validates the player count first
        if first_dealer is None:
            first_dealer = random.Random(f"whist-ro:{seed}:dealer").randrange(players)
        elif (
            isinstance(first_dealer, bool)
            or not isinstance(first_dealer, int)
            or not 0 <= first_dealer < players
        ):
            raise ConfigurationError(
                f"first_dealer must be a seat from 0 to {players - 1}, not {first_dealer!r}",
                field="first_dealer",
            )
        setup = _Setup(variant, players, seed, first_dealer)
        progress = _Progress((), (0,) * players, (0,) * players, (), False)
        return cls._make(setup, setup.deal(0), progress)

    @classmethod
    def _make(cls, setup: _Setup, round_: Round, progress: _Progress) -> Match:
        m = object.__new__(cls)
        m._setup = setup
        m._round = round_
        m._progress = progress
        return m

    # -- reading -----------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The rules of the match."""
        return self._setup.variant

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._setup.players

    @property
    def seed(self) -> int | str:
        """The seed every deal comes from."""
        return self._setup.seed

    @property
    def first_dealer(self) -> int:
        """The dealer of the first round; the deal then passes clockwise (R-SCHED-4)."""
        return self._setup.first_dealer

    @property
    def schedule(self) -> Schedule:
        """The hand sizes of the match's rounds."""
        return self._setup.schedule

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
        setup = self._setup
        return ScoreSheet(
            self._progress.sheet_rows(), players=setup.players, classic=setup.variant.is_classic
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
        if not self._setup.variant.rubber:
            return None
        return Rubber(self._progress.games)

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None once the match is over."""
        return None if self._progress.over else self._round.to_act

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats on top once the match is over; empty before.

        Exact family: every seat with the highest total (a tie shares the
        place, R-END-1), also when the match was abandoned.  Classic: the two
        seats of the side that won the last game, which is the game, the
        rubber or the conceded game that ended the match (R-END-2, R-END-3,
        R-RUBBER-1).
        """
        progress = self._progress
        if not progress.over:
            return ()
        if progress.games:
            return progress.games[-1].winning_seats
        totals = progress.totals
        best = max(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    # -- acting ----------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action allowed now (see :meth:`Round.legal_actions`); empty when over."""
        if self._progress.over:
            return ()
        return self._round.legal_actions()

    def apply(self, action: Action) -> Match:
        """The match after ``action``; raises like :meth:`Round.apply` if it is illegal.

        When the action ends a round, the new match has that round scored on
        the sheet and the next round dealt, unless the match is over.
        """
        progress = self._progress
        if progress.over:
            raise GameOverError(
                f"{action} refused: the match is over (R-END-4)",
                rule="R-END-4",
                seat=getattr(action, "seat", -1),
                action=action,
            )
        round_ = self._round.apply(action)
        if round_._phase != _ROUND_OVER:
            m = _new(Match)
            m._setup = self._setup
            m._round = round_
            m._progress = progress
            return m
        return self._finish_round(round_)

    def apply_legal(self, action: Action) -> Match:
        """Like :meth:`apply` for an action taken from this match's :meth:`legal_actions`.

        The fast path for bots and simulations (see :meth:`Round.apply_legal`):
        nothing is checked, so anything else gives an undefined result.

        >>> from whist_ro import variants
        >>> m = Match.new(variants.ROMANIAN, players=3, seed=5)
        >>> m.apply_legal(m.legal_actions()[-1]) == m.apply(m.legal_actions()[-1])
        True
        """
        # The body repeats apply()'s few lines on purpose: a shared helper
        # would add a call to every move of every simulated match.
        round_ = self._round.apply_legal(action)
        if round_._phase != _ROUND_OVER:
            m = _new(Match)
            m._setup = self._setup
            m._round = round_
            m._progress = self._progress
            return m
        return self._finish_round(round_)

    def _finish_round(self, done: Round) -> Match:
        setup = self._setup
        variant = setup.variant
        if variant.is_classic:
            return self._finish_classic(done)
        progress = self._progress
        bids, won = done._bids, done._won
        points = exact_round_points(variant, bids=bids, tricks=won)
        index = len(progress.rounds)
        runs = progress.runs
        if variant.streak_bonus:
            runs, bonuses = advance_runs(
                variant, runs, made=tuple(map(eq, bids, won)), hand_size=done.hand_size
            )
            totals = tuple(map(add, progress.totals, map(add, points, bonuses)))
        else:
            bonuses = (0,) * setup.players
            totals = tuple(map(add, progress.totals, points))
        over = setup.schedule.is_last(index)
        new_progress = _Progress(
            (*progress.rounds, done),
            totals,
            runs,
            (*progress.entries, (points, bonuses, totals, 1)),
            over,
        )
        return Match._make(setup, done if over else setup.deal(index + 1), new_progress)

    def _finish_classic(self, done: Round) -> Match:
        setup = self._setup
        variant = setup.variant
        target = variant.target
        progress = self._progress
        index = len(progress.rounds)
        points = done.points
        # Tricks are added before honours are looked at (R-HON-2).
        sides = (progress.totals[0] + points[0], progress.totals[1] + points[1])
        honours = (0, 0)
        if variant.honours:
            assert done.trump is not None  # a classic deal always shows a trump (R-TRUMP-3)
            held = honours_held(done.hands, done.trump)
            honours = honours_points(held, scores=sides, target=target)
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
        new_progress = _Progress(
            (*progress.rounds, done),
            totals,
            progress.runs,
            (*progress.entries, entry),
            over,
            games=games,
        )
        return Match._make(setup, done if over else setup.deal(index + 1), new_progress)

    # -- ending early ------------------------------------------------------------

    def _refuse_when_over(self, what: str) -> None:
        if self._progress.over:
            raise GameOverError(
                f"{what} refused: the match is over (R-END-4)",
                rule="R-END-4",
                seat=-1,
                action=what,
            )

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
        self._refuse_when_over("abandon")
        setup = self._setup
        if setup.variant.is_classic:
            raise MatchEndError(
                "classic whist is not abandoned: a side ends the game early by conceding "
                "(Match.concede) (R-END-3)"
            )
        round_ = self._round
        if round_.phase is not Phase.BIDDING or any(b is not None for b in round_.bids):
            raise MatchEndError(
                f"a match can only be abandoned between rounds, and round "
                f"{len(self._progress.rounds) + 1} is under way (R-END-3)"
            )
        seats = tuple(sorted(check_disconnected(disconnected, setup.players)))
        ended = self._progress.cut_short(abandoned=True, disconnected=seats)
        return Match._make(setup, round_, ended)

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
        self._refuse_when_over("concede")
        setup = self._setup
        if not setup.variant.is_classic:
            raise MatchEndError(
                "only a classic side can concede; a match of the exact-bid family is "
                "stopped with Match.abandon (R-END-3)"
            )
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
        ended = progress.cut_short(games=(*progress.games, result), conceded=loser)
        return Match._make(setup, self._round, ended)

    # -- final standings ---------------------------------------------------------

    def standings(self, system: RankingSystem | None = None) -> Standings:
        """Places and ranking points of a finished or abandoned match (R-RANK-*).

        ``system`` defaults to the variant's ``ranking``.  In the exact-bid
        family the final totals are ranked; an abandoned match has its
        points scaled by the share of scheduled rounds completed and its
        disconnected seats flagged (R-RANK-5).  Classic sides are ranked by
        their match points: the values of the games they won, plus the
        rubber bonus (R-RANK-8).

        >>> from whist_ro import Rating, variants
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
        variant = self._setup.variant
        if system is None:
            system = variant.ranking
        if isinstance(system, RankingSystem):
            check_zero_win(system, variant)
        if not variant.is_classic:
            return rank_totals(
                progress.totals,
                system,
                played=len(progress.rounds),
                scheduled=len(self._setup.schedule),
                disconnected=progress.disconnected,
            )
        standings = rank_totals(match_points(progress.games, rubber=variant.rubber) * 2, system)
        if progress.conceded is None:
            return standings
        rows = tuple(
            attrs.evolve(row, conceded=row.seat % 2 == progress.conceded) for row in standings
        )
        return attrs.evolve(standings, rows=rows)

    # -- value semantics -------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        progress = self._progress
        return (self._setup.key(), self._round, progress.rounds, progress.ending())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Match):
            return self is other or self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __copy__(self) -> Match:
        return self  # immutable: a copy could never differ

    def __deepcopy__(self, memo: dict[int, object]) -> Match:
        return self

    def __repr__(self) -> str:
        setup = self._setup
        progress = self._progress
        if progress.abandoned:
            state = "abandoned"
        elif progress.conceded is not None:
            state = f"conceded by side {progress.conceded}"
        else:
            state = "over" if progress.over else f"round {len(self.rounds) + 1}"
        return (
            f"<Match {setup.variant.name} players={setup.players} seed={setup.seed!r}: "
            f"{state}, totals {self.totals}>"
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
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ConfigurationError(
                f"seat must be a seat from 0 to {players - 1}, not {seat!r}", field="seat"
            )
        return seat % 2
    if isinstance(side, bool) or not isinstance(side, int) or side not in (0, 1):
        raise ConfigurationError(
            f"side must be 0 (seats 0 and 2) or 1 (seats 1 and 3), not {side!r}", field="side"
        )
    return side
