"""The schedule (R-SCHED-*): which rule sets the hand sizes, who deals, whether a deal fits.

A match deals its rounds in an order fixed by its variant: 1-8-1
(R-SCHED-1), 8-1-8 (R-SCHED-2), classic rounds of 13 (R-SCHED-3) or a house
schedule the deck can supply (R-SCHED-5); the
deal passes one seat to the left every round (R-SCHED-4).  The engine, the
record replayer, the score-sheet audit, the samplers and the adapters ask
these functions rather than working the rotation out themselves, so a deal
that does not fit is refused under the same rule everywhere.

>>> from whist_ro import variants
>>> schedule_rule(variants.CLASSIC), dealer_of(5, first_dealer=2, players=4)
('R-SCHED-3', 3)
>>> deal_faults(variants.ROMANIAN, 4, index=1, hand_size=2, dealer=0, first_dealer=2)
('R-SCHED-1', 'R-SCHED-4')
"""

from __future__ import annotations

from whist_ro.schedule import Schedule
from whist_ro.variants import Variant

__all__ = ["deal_faults", "dealer_of", "schedule_rule"]


def schedule_rule(variant: Variant) -> str:
    """The rule that sets ``variant``'s hand sizes: R-SCHED-1, 2, 3 or 5.

    R-SCHED-3 for classic whist; otherwise R-SCHED-5 for a house schedule
    (``variant.schedule``, which replaces the pattern), else the pattern's
    rule: R-SCHED-2 for 8-1-8, R-SCHED-1 for 1-8-1.

    >>> import attrs
    >>> from whist_ro import variants
    >>> [schedule_rule(v) for v in (variants.ROMANIAN, variants.INVERTED, variants.CLASSIC)]
    ['R-SCHED-1', 'R-SCHED-2', 'R-SCHED-3']
    >>> schedule_rule(attrs.evolve(variants.INVERTED, schedule=(3, 1, 8)))
    'R-SCHED-5'
    """
    if variant.is_classic:
        return "R-SCHED-3"
    if variant.schedule is not None:
        return "R-SCHED-5"
    return "R-SCHED-2" if variant.pattern == "8-1-8" else "R-SCHED-1"


def dealer_of(index: int, *, first_dealer: int, players: int) -> int:
    """The seat that deals round ``index`` (from 0): the deal passes one seat left (R-SCHED-4).

    ``first_dealer`` dealt round 0.  Knowing who dealt some round ``k``, a
    negative or shifted index works too: round ``j`` is dealt by
    ``dealer_of(j - k, first_dealer=<dealer of k>, players=...)``.

    >>> dealer_of(0, first_dealer=2, players=4), dealer_of(3, first_dealer=2, players=4)
    (2, 1)
    >>> dealer_of(-2, first_dealer=1, players=3)  # who dealt two rounds before seat 1
    2
    """
    return (first_dealer + index) % players


def deal_faults(
    variant: Variant, players: int, *, index: int, hand_size: int, dealer: int, first_dealer: int
) -> tuple[str, ...]:
    """The schedule rules a deal for round ``index`` (from 0) breaks; empty when it fits.

    In order, each rule at most once:

    - ``"R-END-1"``: the schedule has no round ``index`` (the match ended
      with its last scheduled round);
    - otherwise :func:`schedule_rule`'s rule (R-SCHED-1, 2, 3 or 5) when the
      hands are not the size the schedule deals for that round;
    - ``"R-SCHED-4"`` when ``dealer`` is not :func:`dealer_of` the round.

    ``variant`` and ``players`` must be a valid pair (see
    :meth:`Schedule.for_game <whist_ro.Schedule.for_game>`).

    >>> from whist_ro import variants
    >>> deal_faults(variants.ROMANIAN, 4, index=4, hand_size=2, dealer=0, first_dealer=0)
    ()
    >>> deal_faults(variants.CLASSIC, 4, index=0, hand_size=5, dealer=0, first_dealer=0)
    ('R-SCHED-3',)
    >>> deal_faults(variants.ROMANIAN, 3, index=21, hand_size=1, dealer=0, first_dealer=0)
    ('R-END-1',)
    """
    schedule = Schedule.for_game(variant, players)
    faults: list[str] = []
    if not schedule.repeats and index >= len(schedule):
        faults.append("R-END-1")
    elif hand_size != schedule.size_of(index):
        faults.append(schedule_rule(variant))
    if dealer != dealer_of(index, first_dealer=first_dealer, players=players):
        faults.append("R-SCHED-4")
    return tuple(faults)
