"""Scoring rules, one small pure function per rule (R-SCORE-*, R-HON-*, R-STREAK-*, R-RUBBER-2).

Each function decides one rule of the rule book from plain numbers and
can be called on its own; the engine calls the same functions.

>>> from whist_ro import variants
>>> exact_points(variants.ROMANIAN, bid=2, tricks=2)
7
>>> exact_points(variants.ROMANIAN, bid=3, tricks=1)
-2
>>> classic_points((4, 3, 3, 3))  # seats 0 and 2 take 7 tricks between them
(1, 0, 1, 0)
>>> honours_points((3, 1), before=(0, 0), after_tricks=(1, 0), target=5)  # three score 2
(2, 0)
>>> game_value(target=5, losers=0)
3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from whist_ro._check import MAX_WHOLE, excerpt, is_whole, whole
from whist_ro._immutable import Immutable
from whist_ro.cards import CardSet, Suit
from whist_ro.errors import ConfigurationError, NotOverError
from whist_ro.locale import N_
from whist_ro.variants import GAME_TARGETS, Variant

__all__ = [
    "Streak",
    "advance_runs",
    "classic_points",
    "exact_points",
    "exact_round_points",
    "game_value",
    "honours_held",
    "honours_points",
    "next_streak",
    "next_streaks",
    "partner_of",
    "round_points",
    "side_of",
]

# The J, Q, K and A of one suit inside its 16-bit lane (bits 11 to 14).
_HONOURS_LANE: Final = 0xF << 11


def exact_points(variant: Variant, *, bid: int, tricks: int) -> int:
    """One seat's round points in the exact-bid family (R-SCORE-1, R-SCORE-2).

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
    """Every seat's round points for one exact-bid round (R-SCORE-1, R-SCORE-2).

    >>> from whist_ro import variants
    >>> exact_round_points(variants.ROMANIAN, bids=(0, 2, 1), tricks=(0, 1, 1))
    (5, -1, 6)
    """
    if None in bids:
        raise NotOverError("every seat must bid before a round can be scored (R-BID-1)")
    pairs = zip(bids, tricks, strict=True)
    scorer = variant.scorer
    if scorer is not None:
        return tuple(_scored(variant, bid, took) for bid, took in pairs)  # type: ignore[arg-type]
    base, per_trick, per_miss = variant.made_base, variant.made_per_trick, variant.miss_per_trick
    return tuple(
        [
            base + per_trick * took if bid == took else -per_miss * abs(took - bid)  # type: ignore[operator]
            for bid, took in pairs
        ]
    )


def _scored(variant: Variant, bid: int, tricks: int) -> int:
    """What the variant's own ``scorer`` gives ``bid`` and ``tricks``, if it is whole points.

    A score sheet holds whole points: a float, a bool or None from a house
    scorer is refused rather than rounded, cut or counted as 1.
    """
    assert variant.scorer is not None
    points = variant.scorer(bid, tricks)
    if not is_whole(points) or abs(points) > MAX_WHOLE:
        raise ConfigurationError(
            N_(
                "Variant.scorer must return whole points from {low:,} to {high:,}; "
                "for bid {bid}, tricks {tricks} it returned {value}"
            ),
            field="scorer",
            rule="R-SCORE-1",
            evidence={
                "low": -MAX_WHOLE,
                "high": MAX_WHOLE,
                "bid": bid,
                "tricks": tricks,
                "value": excerpt(points),
            },
        )
    return points


def side_of(seat: int) -> int:
    """The partnership of ``seat`` in classic whist: seats 0 and 2 are side 0, 1 and 3 side 1.

    Partners sit opposite and score together (R-SCORE-3).

    >>> [side_of(seat) for seat in range(4)]
    [0, 1, 0, 1]
    """
    return seat % 2


def partner_of(seat: int) -> int:
    """The seat opposite ``seat`` at a classic table of four: its partner (R-SCORE-3).

    >>> [partner_of(seat) for seat in range(4)]
    [2, 3, 0, 1]
    """
    return (seat + 2) % 4


def classic_points(tricks_won: Sequence[int]) -> tuple[int, ...]:
    """Each seat's round points in partnership whist (R-SCORE-3).

    Seats 0 and 2 play against seats 1 and 3.  The side taking 7 or more of
    the 13 tricks scores one point per trick over six; both partners show it.

    >>> classic_points((2, 5, 1, 5))
    (0, 4, 0, 4)
    """
    # The sides of side_of, spelled out: the search bot and the kernels score
    # classic deals through here by the thousand.
    sides = (tricks_won[0] + tricks_won[2], tricks_won[1] + tricks_won[3])
    side_points = tuple(max(t - 6, 0) for t in sides)
    return tuple(side_points[seat % 2] for seat in range(len(tricks_won)))


def round_points(
    variant: Variant, *, bids: Sequence[int | None], tricks: Sequence[int]
) -> tuple[int, ...]:
    """Every seat's round points for one finished round, by the variant's family, no bonuses.

    The one place the family picks the scoring rule: the exact-bid family
    scores each seat's bid (R-SCORE-1, R-SCORE-2, :func:`exact_round_points`),
    classic whist each side's tricks over six (R-SCORE-3, :func:`classic_points`;
    ``bids`` are all None there).  The engine, the playout kernels and the
    search bot all score through here.

    >>> from whist_ro import variants
    >>> round_points(variants.ROMANIAN, bids=(0, 2, 1), tricks=(0, 1, 1))
    (5, -1, 6)
    >>> round_points(variants.CLASSIC, bids=(None,) * 4, tricks=(2, 5, 1, 5))
    (0, 4, 0, 4)
    """
    if variant.is_classic:
        return classic_points(tricks)
    return exact_round_points(variant, bids=bids, tricks=tricks)


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


def _side_pair(value: object, *, name: str, high: int) -> tuple[int, int]:
    # Two whole numbers, side 0 first: what honours are scored from.
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 2:
        raise ConfigurationError(
            f"{name} must hold two numbers, side 0 first, not {excerpt(value)}",
            field=name,
            rule="R-HON-2",
        )
    first, second = (whole(v, name=name, high=high, rule="R-HON-2") for v in value)
    return first, second


def honours_points(
    held: Sequence[int],
    *,
    before: Sequence[int],
    after_tricks: Sequence[int],
    target: int,
    can_win: bool = True,
) -> tuple[int, int]:
    """What each side scores for honours after a deal (R-HON-1, R-HON-2).

    ``held`` is each side's count of trump honours (:func:`honours_held`);
    all four are worth 4 and three are worth 2 (R-HON-1).  ``before`` is
    each side's game score when the deal began and ``after_tricks`` the
    same with this deal's tricks added: tricks score first, so if they have
    won the game neither side scores honours.

    Otherwise, with ``can_win`` (``Variant.honours_can_win``, the rule
    book's R-HON-2) honours count in full and may win the game, except for
    a side that stood one point short of ``target`` when the deal began
    (4 in short whist, 9 in long whist): it scores none.  Without
    ``can_win`` honours stop at ``target - 1`` and a side already there
    after the tricks scores none, so honours never win a game.

    >>> honours_points((4, 0), before=(2, 0), after_tricks=(3, 0), target=5)  # 3 + 4: game
    (4, 0)
    >>> honours_points((4, 0), before=(4, 0), after_tricks=(4, 1), target=5)  # stood at 4
    (0, 0)
    >>> honours_points((4, 0), before=(2, 0), after_tricks=(3, 0), target=5, can_win=False)
    (1, 0)
    >>> honours_points((0, 4), before=(3, 0), after_tricks=(5, 0), target=5)  # tricks won
    (0, 0)
    """
    counts = _side_pair(held, name="held", high=4)
    start = _side_pair(before, name="before", high=MAX_WHOLE)
    scores = _side_pair(after_tricks, name="after_tricks", high=MAX_WHOLE)
    target = whole(target, name="target", low=1, rule="R-HON-2")
    if not isinstance(can_win, bool):
        raise ConfigurationError(
            f"can_win must be True or False, not {excerpt(can_win)}", field="can_win"
        )
    if max(scores) >= target:
        return (0, 0)
    points = [0, 0]
    for side in (0, 1):
        earned = 4 if counts[side] == 4 else 2 if counts[side] == 3 else 0
        if can_win:
            # "At four, honours do not count": judged on the score as the deal began.
            points[side] = 0 if start[side] >= target - 1 else earned
        else:
            points[side] = max(min(earned, target - 1 - scores[side]), 0)
    return (points[0], points[1])


def game_value(*, target: int, losers: int) -> int:
    """What a won game is worth, from the losers' score when it ended (R-RUBBER-2).

    Short whist (target 5): 3 when the losers have 0, 2 for 1 or 2, 1 for 3
    or 4.  Long whist (target 10, and also 7, R-RUBBER-3): 3 for 0, 2 for 1
    to 4, 1 for 5 or more.

    >>> [game_value(target=5, losers=n) for n in range(5)]
    [3, 2, 2, 1, 1]
    >>> [game_value(target=10, losers=n) for n in range(10)]
    [3, 2, 2, 2, 2, 1, 1, 1, 1, 1]
    >>> game_value(target=5, losers=5)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: the losers of a game to 5 have 0 to 4 points, not 5
    """
    if not is_whole(target) or target not in GAME_TARGETS:
        raise ConfigurationError(
            f"game values are defined for targets 5, 7 and 10, not {excerpt(target)} (R-RUBBER-3)",
            field="target",
            rule="R-RUBBER-3",
        )
    if not (is_whole(losers) and 0 <= losers < target):
        raise ConfigurationError(
            f"the losers of a game to {target} have 0 to {target - 1} points, "
            f"not {excerpt(losers)}",
            field="losers",
        )
    if losers == 0:
        return 3
    single = 3 if target == 5 else 5  # the losers' score from which a game is a single
    return 1 if losers >= single else 2


def _streak_count(_: object, attribute: attrs.Attribute[int], value: object) -> None:
    whole(value, name=f"Streak.{attribute.name}", rule="R-STREAK-3")


@attrs.frozen
class Streak(Immutable):
    """A seat's current runs of made and missed bids (R-STREAK-*).

    At most one of the two counts is non-zero, since each breaks the other
    (R-STREAK-3).  A frozen value like the other results; a match keeps the
    compact form (:attr:`run`) and builds these only when asked.

    >>> Streak(made=2)
    Streak(made=2, missed=0)
    >>> Streak(made=2, missed=1)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: a streak is a run of made bids or of missed ... (R-STREAK-3)
    """

    made: int = attrs.field(default=0, validator=_streak_count)
    missed: int = attrs.field(default=0, validator=_streak_count)

    def __attrs_post_init__(self) -> None:
        if self.made and self.missed:
            raise ConfigurationError(
                "a streak is a run of made bids or of missed bids, not both: each breaks "
                f"the other, not made={self.made}, missed={self.missed} (R-STREAK-3)",
                field="missed",
                rule="R-STREAK-3",
            )

    @classmethod
    def from_run(cls, run: int) -> Streak:
        """The streak of :func:`advance_runs`' compact form (``+k`` made, ``-k`` missed).

        >>> Streak.from_run(-3), Streak.from_run(Streak(made=2).run)
        (Streak(made=0, missed=3), Streak(made=2, missed=0))
        """
        return cls(run, 0) if run >= 0 else cls(0, -run)

    @property
    def run(self) -> int:
        """This streak in compact form: ``+made`` or ``-missed``.

        >>> Streak(missed=2).run
        -2
        """
        return self.made or -self.missed


def next_streak(
    variant: Variant, streak: Streak, *, made: bool, hand_size: int
) -> tuple[Streak, int]:
    """The streak after one more round, and the bonus that round earns.

    Five made bids in a row pay ``+streak_bonus``, five misses cost as much,
    and the count restarts after each payment unless ``streak_repeats`` is
    off (R-STREAK-1..3).  One-card
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
    """The streak step on compact runs: ``+k`` is k made bids in a row, ``-k`` k misses.

    This is the one implementation of R-STREAK-1..4; :func:`next_streaks`
    and :func:`next_streak` translate to and from :class:`Streak`, while a
    match keeps the compact form because it scores a round for every seat.

    A run of ``streak_length`` made bids pays ``+streak_bonus`` and one of
    misses costs as much (R-STREAK-1); each breaks the other (R-STREAK-3).
    With ``streak_repeats`` (R-STREAK-2) the count then restarts, so the
    10th and 15th pay again; without it the run keeps counting and pays
    nothing more until it breaks.  1-card rounds follow ``one_card_rounds``
    (R-STREAK-4).

    >>> import attrs
    >>> from whist_ro import variants
    >>> advance_runs(variants.ROMANIAN, (4, -4, 2), made=(True, False, False), hand_size=6)
    ((0, 0, -1), (10, -10, 0))
    >>> once = attrs.evolve(variants.ROMANIAN, streak_repeats=False)
    >>> advance_runs(once, (4, 9), made=(True, True), hand_size=6)
    ((5, 10), (10, 0))
    """
    players = len(runs)
    if hand_size == 1 and variant.one_card_rounds != "count":
        kept = tuple(runs) if variant.one_card_rounds == "skip" else (0,) * players
        return kept, (0,) * players
    length, amount, repeats = variant.streak_length, variant.streak_bonus, variant.streak_repeats
    after: list[int] = []
    bonuses: list[int] = []
    for before, success in zip(runs, made, strict=True):
        # A made bid extends a run of made bids and breaks a run of misses,
        # and the other way round (R-STREAK-3).
        step = 1 if success else -1
        run = before + step if before * step > 0 else step
        if abs(run) == length:
            bonuses.append(amount if run > 0 else -amount)
            # Paid; then counted afresh (R-STREAK-2), or the run climbs on past
            # the length and never reaches it again until it breaks.
            after.append(0 if repeats else run)
        else:
            bonuses.append(0)
            after.append(run)
    return tuple(after), tuple(bonuses)
