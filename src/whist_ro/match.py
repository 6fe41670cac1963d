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
"""

from __future__ import annotations

import random
from typing import Final

from whist_ro.actions import Action
from whist_ro.errors import ConfigurationError, GameOverError
from whist_ro.round import Round
from whist_ro.schedule import Deck, Schedule
from whist_ro.scoresheet import ScoreRow, ScoreSheet, SeatScore
from whist_ro.scoring import Streak, next_streak
from whist_ro.variants import Variant

__all__ = ["Match"]

_SEED_LIMIT: Final = 2**63


class _Setup:
    """What a match fixes at its start; shared by all its states."""

    __slots__ = ("deck_bits", "first_dealer", "players", "schedule", "seed", "variant")

    def __init__(self, variant: Variant, players: int, seed: int | str, first_dealer: int) -> None:
        self.variant = variant
        self.players = players
        self.seed = seed
        self.first_dealer = first_dealer
        self.schedule = Schedule.for_game(variant, players)
        self.deck_bits = tuple(c.bit for c in Deck.for_game(variant, players))

    def deal(self, index: int) -> Round:
        """Round ``index`` dealt from its own seeded shuffle (R-DEAL-1, R-SCHED-4).

        Each round gets a generator seeded from the match seed and the round
        number, so any round can be re-dealt alone, on any platform.
        """
        order = list(self.deck_bits)
        random.Random(f"whist-ro:{self.seed}:{index}").shuffle(order)
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


class _Progress:
    """What changes only when a round ends."""

    __slots__ = ("over", "rounds", "rows", "streaks", "totals")

    def __init__(
        self,
        rounds: tuple[Round, ...],
        totals: tuple[int, ...],
        streaks: tuple[Streak, ...],
        rows: tuple[ScoreRow, ...],
        over: bool,
    ) -> None:
        self.rounds = rounds
        self.totals = totals
        self.streaks = streaks
        self.rows = rows
        self.over = over


class Match:
    """An immutable match of any variant; every :meth:`apply` returns a new one.

    Build one with :meth:`new`.  ``round`` is the deal in progress (after the
    end, the last one played), ``rounds`` the completed ones.
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
        progress = _Progress((), (0,) * players, (Streak(),) * players, (), False)
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
        """The round in progress, or the last one played once the match is over."""
        return self._round

    @property
    def rounds(self) -> tuple[Round, ...]:
        """The completed rounds, in order."""
        return self._progress.rounds

    @property
    def totals(self) -> tuple[int, ...]:
        """Running totals per seat, bonuses included (classic: each seat's side total)."""
        return self._progress.totals

    @property
    def streaks(self) -> tuple[Streak, ...]:
        """Each seat's current run of made or missed bids (R-STREAK-*)."""
        return self._progress.streaks

    @property
    def score_sheet(self) -> ScoreSheet:
        """One row per completed round: bids, tricks, points, bonus, running total."""
        setup = self._setup
        return ScoreSheet(
            self._progress.rows, players=setup.players, classic=setup.variant.is_classic
        )

    @property
    def is_over(self) -> bool:
        """True once the schedule is finished (R-END-1) or a side reached the target (R-END-2)."""
        return self._progress.over

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None once the match is over."""
        return None if self._progress.over else self._round.to_act

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats on top once the match is over; empty before.

        Exact family: every seat with the highest total (a tie shares the
        place, R-END-1).  Classic: the two seats of the winning side (R-END-2).
        """
        if not self._progress.over:
            return ()
        totals = self._progress.totals
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
        if self._progress.over:
            raise GameOverError(
                f"{action} refused: the match is over (R-END-4)",
                rule="R-END-4",
                seat=getattr(action, "seat", -1),
                action=action,
            )
        round_ = self._round.apply(action)
        if not round_.is_over:
            m = object.__new__(Match)
            m._setup = self._setup
            m._round = round_
            m._progress = self._progress
            return m
        return self._finish_round(round_)

    def _finish_round(self, done: Round) -> Match:
        setup = self._setup
        variant = setup.variant
        progress = self._progress
        points = done.points
        index = len(progress.rounds)
        streaks = progress.streaks
        bonuses = (0,) * setup.players
        if not variant.is_classic and variant.streak_bonus:
            pairs = [
                next_streak(variant, streak, made=bid == won, hand_size=done.hand_size)
                for streak, bid, won in zip(streaks, done.bids, done.tricks_won, strict=True)
            ]
            streaks = tuple(p[0] for p in pairs)
            bonuses = tuple(p[1] for p in pairs)
        totals = tuple(t + p + b for t, p, b in zip(progress.totals, points, bonuses, strict=True))
        row = ScoreRow(
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
        )
        if variant.is_classic:
            over = max(totals) >= variant.target
        else:
            over = setup.schedule.is_last(index)
        new_progress = _Progress(
            (*progress.rounds, done), totals, streaks, (*progress.rows, row), over
        )
        return Match._make(setup, done if over else setup.deal(index + 1), new_progress)

    # -- value semantics -------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (self._setup.key(), self._round, self._progress.rounds)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Match):
            return self is other or self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        setup = self._setup
        state = "over" if self._progress.over else f"round {len(self.rounds) + 1}"
        return (
            f"<Match {setup.variant.name} players={setup.players} seed={setup.seed!r}: "
            f"{state}, totals {self.totals}>"
        )
