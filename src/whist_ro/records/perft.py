"""A whist perft: count the legal action sequences from a position, to check move generators.

Chess engines are checked with perft; this is the same idea for whist.
``perft(state, depth)`` is the number of distinct sequences of ``depth``
legal actions (bids and cards) from ``state``, a :class:`~whist_ro.Round`
or a :class:`~whist_ro.Match`.  A sequence that reaches the end of the
round (or match) sooner counts once, as it stops there; so a depth at
least the number of actions left counts the complete play-outs.
:func:`divide` splits the count by the first action, to find where two
engines disagree.

:data:`PERFT_TABLE` holds counts for fixed deals of every preset, written
out card by card so that another engine can deal the same hands and
compare (docs/records.md prints it).

>>> import whist_ro as wr
>>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
...                         dealer=2, turn_up="Qs")
>>> [perft(r, d) for d in range(5)]
[1, 3, 9, 21, 42]
>>> divide(r, 3)
((Bid(seat=0, tricks=0), 6), (Bid(seat=0, tricks=1), 7), (Bid(seat=0, tricks=2), 8))
"""

from __future__ import annotations

from typing import Final

import attrs

from whist_ro._check import whole
from whist_ro._immutable import Immutable
from whist_ro.actions import Action
from whist_ro.engine.deal import Deal
from whist_ro.engine.match import Match
from whist_ro.engine.round import Round
from whist_ro.errors import ConfigurationError
from whist_ro.variants import get

__all__ = ["MAX_DEPTH", "PERFT_TABLE", "PerftEntry", "divide", "perft"]

MAX_DEPTH: Final = 200
"""The deepest perft accepted (a full 13-card classic round is 52 actions)."""


def _check(state: object, depth: object) -> int:
    if not isinstance(state, (Round, Match)):
        raise ConfigurationError(
            f"perft counts from a Round or a Match, not {type(state).__name__}", field="state"
        )
    return whole(depth, name="depth", low=0, high=MAX_DEPTH)


def _count(state: Round | Match, depth: int) -> int:
    actions = state.legal_actions()
    if not actions:
        return 1  # the round or match is over: the sequence ends here
    if depth == 1:
        return len(actions)
    step = depth - 1
    return sum(_count(state.apply_legal(a), step) for a in actions)


def perft(state: Round | Match, depth: int) -> int:
    """The number of legal action sequences of ``depth`` actions from ``state``.

    >>> import whist_ro as wr
    >>> r = wr.Round.shuffled(wr.variants.CLASSIC, players=4, dealer=0, hand_size=13, seed=1)
    >>> perft(r, 1), perft(r, 0)
    (13, 1)
    """
    depth = _check(state, depth)
    if depth == 0:
        return 1
    return _count(state, depth)


def divide(state: Round | Match, depth: int) -> tuple[tuple[Action, int], ...]:
    """:func:`perft` split by the first action, in :meth:`legal_actions` order.

    The counts add up to ``perft(state, depth)`` (for ``depth`` of 1 or
    more, with an action to take).

    >>> import whist_ro as wr
    >>> r = wr.Round.shuffled(wr.variants.ROMANIAN, players=3, dealer=0, hand_size=1, seed=1)
    >>> divide(r, 2)
    ((Bid(seat=1, tricks=0), 2), (Bid(seat=1, tricks=1), 2))
    """
    depth = _check(state, depth)
    if depth == 0:
        return ()
    step = depth - 1
    return tuple(
        (a, 1 if step == 0 else _count(state.apply_legal(a), step)) for a in state.legal_actions()
    )


@attrs.frozen(kw_only=True)
class PerftEntry(Immutable):
    """One row of :data:`PERFT_TABLE`: a preset, a deal written out, and counts by depth.

    ``counts[d]`` is ``perft(round, d)`` for the round dealt this way,
    from depth 0.

    >>> entry = PERFT_TABLE[0]
    >>> perft(entry.round(), 3) == entry.counts[3]
    True
    """

    preset: str
    dealer: int
    hands: tuple[str, ...]
    turn_up: str | None
    counts: tuple[int, ...]

    def round(self) -> Round:
        """The round this entry counts from, before its first action."""
        deal = Deal(get(self.preset), hands=self.hands, dealer=self.dealer, turn_up=self.turn_up)
        return Round.from_deal(deal)


# Deals from Deal.shuffled with fixed seeds, written out card by card; the
# counts were computed by this engine and several are confirmed by an
# independent brute force in tests/test_perft.py.
PERFT_TABLE: Final[tuple[PerftEntry, ...]] = (
    PerftEntry(
        preset="romanian",
        dealer=0,
        hands=("Qs 9s", "Jh Ac", "9d 10c"),
        turn_up="As",
        counts=(1, 3, 9, 21, 42, 63, 126, 126, 126, 126),
    ),
    PerftEntry(
        preset="romanian",
        dealer=1,
        hands=("Qh Ac 8c", "9s Ah Jh", "8s Qd 10c", "7s Kd 9d"),
        turn_up="Ad",
        counts=(1, 4, 16, 64, 236, 708, 1180, 3068, 7788, 15576),
    ),
    PerftEntry(
        preset="romanian",
        dealer=2,
        hands=("9s Jd 8d 6c", "Ad Qd Ac 5c", "Jh 6h 10d 9c", "As 7s 9h 5d", "6s 5h 9d 8c"),
        turn_up="Qs",
        counts=(1, 5, 25, 125, 625, 3055, 12220, 12220, 15275),
    ),
    PerftEntry(
        preset="inverted",
        dealer=0,
        hands=(
            "10s 9s Qh 10h Kd Qd Jd 9d",
            "Qs Js Kh Ad Qc Jc 10c 9c",
            "As Ks Ah Jh 9h 10d Ac Kc",
        ),
        turn_up=None,
        counts=(1, 9, 81, 684, 5472, 10944),
    ),
    PerftEntry(
        preset="inverted",
        dealer=3,
        hands=("Js 8s 7s 10h 7c", "As 9h 8d Ac 9c", "Qs Ad Jd 10d Kc", "Ks Ah Qc 10c 8c"),
        turn_up="7h",
        counts=(1, 6, 36, 216, 1240, 6200, 7440, 12400, 17360),
    ),
    PerftEntry(
        preset="classic",
        dealer=0,
        hands=(
            "Js 3s 2s Qh 3h Kd 10d 9d 2d Jc 10c 9c 8c",
            "As Qs 8s 5s 4s Kh Jh 8h 7h Jd 4d Qc 3c",
            "9s 7s 10h 2h Ad Qd 8d 7d 6d 3d 7c 6c 4c",
            "Ks 10s 6s Ah 9h 6h 5h 4h 5d Ac Kc 5c 2c",
        ),
        turn_up="Jc",
        counts=(1, 13, 36, 106, 314, 3768, 11043),
    ),
    PerftEntry(
        preset="classic-rubber",
        dealer=1,
        hands=(
            "10s 8s 7s 2s Kh Qh 5h 4h 2h Ad Jd Kc Jc",
            "As Qs 9s 5s 3s 8h 7h Qd 8d 5d 4d 7c 5c",
            "Js 4s Ah Jh 10h 9d 7d 2d Ac Qc 10c 6c 4c",
            "Ks 6s 9h 6h 3h Kd 10d 6d 3d 9c 8c 3c 2c",
        ),
        turn_up="5c",
        counts=(1, 13, 45, 125, 346, 4152, 12809),
    ),
    PerftEntry(
        preset="long-whist",
        dealer=2,
        hands=(
            "Js 10s 7s 4h 8d 7d Kc Jc 9c 6c 4c 3c 2c",
            "Ks 6s 4s 8h 6h 3h Kd Qd 9d 2d Qc 10c 5c",
            "Qs 8s 5s Kh Qh 9h 7h 5h 2h Jd 6d 3d Ac",
            "As 9s 3s 2s Ah Jh 10h Ad 10d 5d 4d 8c 7c",
        ),
        turn_up="7h",
        counts=(1, 13, 37, 119, 300, 3600, 11788),
    ),
)
"""Perft counts for fixed deals of every preset: ``counts[d]`` is the count at depth ``d``."""
