"""Round scores and streak bonuses, as plain functions you can call on their own.

>>> from whist_ro import variants
>>> exact_points(variants.ROMANIAN, bid=2, tricks=2)
7
>>> exact_points(variants.ROMANIAN, bid=3, tricks=1)
-2
>>> classic_points((4, 3, 3, 3))  # seats 0 and 2 take 7 tricks between them
(1, 0, 1, 0)
>>> honours_points((3, 1), scores=(1, 0), target=5)  # three trump honours score 2
(2, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from whist_ro.cards import CardSet, Suit
from whist_ro.errors import ConfigurationError, NotOverError
from whist_ro.variants import Variant

__all__ = [
    "Streak",
    "classic_points",
    "exact_points",
    "honours_held",
    "honours_points",
    "next_streak",
]

# The J, Q, K and A of one suit inside its 16-bit lane (bits 11 to 14).
_HONOURS_LANE: Final = 0xF << 11


def exact_points(variant: Variant, *, bid: int, tricks: int) -> int:
    """One seat's points in the exact-bid family (R-SCORE-1, R-SCORE-2).

    A made bid scores ``made_base + made_per_trick * tricks``; a miss loses
    ``miss_per_trick`` per trick of difference.  A variant's ``scorer``, if
    set, replaces the formula.

    >>> from whist_ro import variants
    >>> [exact_points(variants.ROMANIAN, bid=3, tricks=t) for t in (2, 3, 6)]
    [-1, 8, -3]
    """
    return exact_round_points(variant, bids=(bid,), tricks=(tricks,))[0]


def exact_round_points(
    variant: Variant, *, bids: Sequence[int | None], tricks: Sequence[int]
) -> tuple[int, ...]:
    """Every seat's points for one exact-bid round (R-SCORE-1, R-SCORE-2).

    >>> from whist_ro import variants
    >>> exact_round_points(variants.ROMANIAN, bids=(0, 2, 1), tricks=(0, 1, 1))
    (5, -1, 6)
    """
    if None in bids:
        raise NotOverError("every seat must bid before a round can be scored (R-BID-1)")
    pairs = zip(bids, tricks, strict=True)
    scorer = variant.scorer
    if scorer is not None:
        return tuple(int(scorer(bid, took)) for bid, took in pairs)  # type: ignore[arg-type]
    base, per_trick, per_miss = variant.made_base, variant.made_per_trick, variant.miss_per_trick
    return tuple(
        [
            base + per_trick * took if bid == took else -per_miss * abs(took - bid)  # type: ignore[operator]
            for bid, took in pairs
        ]
    )


def classic_points(tricks_won: Sequence[int]) -> tuple[int, ...]:
    """Each seat's points in partnership whist (R-SCORE-3).

    Seats 0 and 2 play against seats 1 and 3.  The side taking 7 or more of
    the 13 tricks scores one point per trick over six; both partners show it.

    >>> classic_points((2, 5, 1, 5))
    (0, 4, 0, 4)
    """
    sides = (tricks_won[0] + tricks_won[2], tricks_won[1] + tricks_won[3])
    side_points = tuple(max(t - 6, 0) for t in sides)
    return tuple(side_points[seat % 2] for seat in range(len(tricks_won)))


def honours_held(hands: Sequence[CardSet], trump: Suit) -> tuple[int, int]:
    """How many trump honours (A, K, Q, J) each side held at the deal (R-HON-1, R-HON-3).

    ``hands`` are the four hands as dealt (:attr:`Round.hands
    <whist_ro.Round.hands>`), so the dealer's turned-up card counts and the
    count does not depend on how the cards were played.  Side 0 is seats 0
    and 2.

    >>> from whist_ro import CardSet, Suit
    >>> hands = [CardSet.parse(h) for h in ("Ah Kh 2c", "Qh 3c", "Jh 4c", "5c")]
    >>> honours_held(hands, Suit.HEARTS), honours_held(hands, Suit.SPADES)
    ((3, 1), (0, 0))
    """
    if len(hands) != 4:
        raise ConfigurationError(
            f"honours are counted over the four hands of classic whist, not {len(hands)}",
            field="hands",
            rule="R-HON-3",
        )
    lane = _HONOURS_LANE << (16 * Suit(trump))
    return (
        ((hands[0].mask | hands[2].mask) & lane).bit_count(),
        ((hands[1].mask | hands[3].mask) & lane).bit_count(),
    )


def honours_points(held: Sequence[int], *, scores: Sequence[int], target: int) -> tuple[int, int]:
    """What each side scores for honours after a deal (R-HON-1, R-HON-2).

    ``held`` is each side's count of trump honours (:func:`honours_held`),
    ``scores`` each side's game score with this deal's tricks already added
    (tricks score first), and ``target`` the game target.  All four honours
    are worth 4 and three are worth 2.  If the tricks have already won the
    game, the game is over and neither side scores honours.  Otherwise a
    side's honours stop at ``target - 1``: honours alone never win a game,
    and a side already on ``target - 1`` (4 in short whist, 9 in long
    whist) scores none.

    >>> honours_points((4, 0), scores=(0, 1), target=5)
    (4, 0)
    >>> honours_points((4, 0), scores=(2, 0), target=5)  # stops one short of game
    (2, 0)
    >>> honours_points((1, 3), scores=(0, 4), target=5)  # on 4: no honours
    (0, 0)
    >>> honours_points((0, 4), scores=(5, 0), target=5)  # the tricks won the game first
    (0, 0)
    """
    if len(held) != 2 or len(scores) != 2:
        raise ConfigurationError(
            "honours are scored per side: give two counts and two scores", field="held"
        )
    if max(scores) >= target:
        return (0, 0)
    points = []
    for count, score in zip(held, scores, strict=True):
        earned = 4 if count == 4 else 2 if count == 3 else 0
        points.append(max(min(earned, target - 1 - score), 0))
    return (points[0], points[1])


class Streak(NamedTuple):
    """A seat's current runs of made and missed bids (R-STREAK-*).

    At most one of the two counts is non-zero, since each breaks the other.
    A named tuple rather than an attrs class because every seat gets a new
    one at the end of every round of every simulated match.

    >>> Streak(made=2)
    Streak(made=2, missed=0)
    """

    made: int = 0
    missed: int = 0

    @classmethod
    def from_run(cls, run: int) -> Streak:
        """The streak of :func:`advance_runs`' compact form (``+k`` made, ``-k`` missed).

        >>> Streak.from_run(-3), Streak.from_run(Streak(made=2).run)
        (Streak(made=0, missed=3), Streak(made=2, missed=0))
        """
        return cls(run, 0) if run >= 0 else cls(0, -run)

    @property
    def run(self) -> int:
        """This streak in compact form: ``+made`` or ``-missed``."""
        return self.made or -self.missed


def next_streak(
    variant: Variant, streak: Streak, *, made: bool, hand_size: int
) -> tuple[Streak, int]:
    """The streak after one more round, and the bonus that round earns.

    Five made bids in a row pay ``+streak_bonus``, five misses cost as much,
    and the count restarts after each payment (R-STREAK-1..3).  One-card
    rounds are passed over by default (R-STREAK-4); ``one_card_rounds``
    ``"break"`` resets both runs and ``"count"`` treats them like any other.

    >>> from whist_ro import variants
    >>> s, bonus = Streak(made=4), 0
    >>> next_streak(variants.ROMANIAN, s, made=True, hand_size=3)
    (Streak(made=0, missed=0), 10)
    >>> next_streak(variants.ROMANIAN, s, made=False, hand_size=1)  # skipped (R-STREAK-4)
    (Streak(made=4, missed=0), 0)
    """
    streaks, bonuses = next_streaks(variant, (streak,), made=(made,), hand_size=hand_size)
    return streaks[0], bonuses[0]


def next_streaks(
    variant: Variant, streaks: Sequence[Streak], *, made: Sequence[bool], hand_size: int
) -> tuple[tuple[Streak, ...], tuple[int, ...]]:
    """:func:`next_streak` for every seat at once, as a match scores a round.

    >>> from whist_ro import variants
    >>> next_streaks(variants.ROMANIAN, (Streak(made=4), Streak()), made=(True, False),
    ...              hand_size=5)
    ((Streak(made=0, missed=0), Streak(made=0, missed=1)), (10, 0))
    """
    runs = tuple(streak.run for streak in streaks)
    runs, bonuses = advance_runs(variant, runs, made=made, hand_size=hand_size)
    return tuple(map(Streak.from_run, runs)), bonuses


def advance_runs(
    variant: Variant, runs: Sequence[int], *, made: Sequence[bool], hand_size: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The streak rules on compact runs: ``+k`` is k made bids in a row, ``-k`` k misses.

    This is the one implementation of R-STREAK-1..4; :func:`next_streaks`
    and :func:`next_streak` translate to and from :class:`Streak`, while a
    match keeps the compact form because it scores a round for every seat.

    >>> from whist_ro import variants
    >>> advance_runs(variants.ROMANIAN, (4, -4, 2), made=(True, False, False), hand_size=6)
    ((0, 0, -1), (10, -10, 0))
    """
    players = len(runs)
    if hand_size == 1 and variant.one_card_rounds != "count":
        kept = tuple(runs) if variant.one_card_rounds == "skip" else (0,) * players
        return kept, (0,) * players
    length, amount = variant.streak_length, variant.streak_bonus
    after: list[int] = []
    bonuses: list[int] = []
    for before, success in zip(runs, made, strict=True):
        # A made bid extends a run of made bids and breaks a run of misses,
        # and the other way round (R-STREAK-3).
        step = 1 if success else -1
        run = before + step if before * step > 0 else step
        if abs(run) == length:
            bonuses.append(amount if run > 0 else -amount)  # paid, then counted afresh (R-STREAK-2)
            after.append(0)
        else:
            bonuses.append(0)
            after.append(run)
    return tuple(after), tuple(bonuses)
