"""What one action did: the trick it completed, the round it ended, the match it ended.

``apply`` returns the new state; the new state's ``last_step`` says what the
action did, so a game loop never digs in ``m.rounds[-1].tricks[-1]``.  Steps
are built only when read, which keeps simulations that never look cheap.

>>> import whist_ro as wr
>>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2,
...                         turn_up="Jh")
>>> for action in ("0", "0", "0"):
...     r = r.apply(r.legal_actions()[0])
>>> r = r.apply(wr.Play(seat=0, card="Ah")).apply(wr.Play(seat=1, card="Kh"))
>>> r.last_step.trick is None
True
>>> step = r.apply(wr.Play(seat=2, card="Qh")).last_step
>>> step.trick_winner, step.round_over, step.points
(0, True, (-1, 5, 5))
"""

from __future__ import annotations

from typing import Any

import attrs

from whist_ro._immutable import Immutable
from whist_ro.actions import Action
from whist_ro.engine.tricks import Trick

__all__ = ["Step"]


def _ints(value: Any) -> tuple[int, ...] | None:
    return None if value is None else tuple(value)


@attrs.frozen(kw_only=True)
class Step(Immutable):
    """One action and what it caused; the ``last_step`` of the state it produced.

    ``trick`` and ``trick_winner`` are set when the action completed a
    trick (R-PLAY-6).  ``round_over`` is True when it ended the round; then
    ``points`` holds the round's points per seat (R-SCORE-*), and on a
    :class:`~whist_ro.Match` ``bonuses`` holds the streak bonuses (honours in
    classic) and ``totals`` the running totals after the round.
    ``match_over`` is True when the action ended the match (R-END-1,
    R-END-2, R-RUBBER-1).

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    >>> m.last_step is None
    True
    >>> m = m.apply(m.legal_actions()[0])
    >>> m.last_step.action, m.last_step.round_over
    (Bid(seat=2, tricks=0), False)
    """

    action: Action
    """The action taken."""
    trick: Trick | None = None
    """The trick this action completed, or None."""
    trick_winner: int | None = None
    """The seat that won :attr:`trick`, or None."""
    round_over: bool = False
    """True when this action ended the round."""
    points: tuple[int, ...] | None = attrs.field(default=None, converter=_ints)
    """The finished round's points per seat, without bonuses; None unless it ended."""
    bonuses: tuple[int, ...] | None = attrs.field(default=None, converter=_ints)
    """In a match: the round's streak bonuses (classic: honours) per seat."""
    totals: tuple[int, ...] | None = attrs.field(default=None, converter=_ints)
    """In a match: the running totals after the round."""
    match_over: bool = False
    """True when this action ended the match."""

    @property
    def seat(self) -> int:
        """The seat that acted.

        >>> from whist_ro import Bid
        >>> Step(action=Bid(seat=2, tricks=1)).seat
        2
        """
        return self.action.seat

    def to_dict(self) -> dict[str, Any]:
        """The step as JSON-ready data, as a server sends it to its clients.

        >>> from whist_ro import Bid
        >>> Step(action=Bid(seat=2, tricks=1)).to_dict()
        {'seat': 2, 'bid': 1, 'trick': None, 'trick_winner': None, 'round_over': False, \
'points': None, 'bonuses': None, 'totals': None, 'match_over': False}
        """
        data = self.action.to_dict()
        data["trick"] = (
            None
            if self.trick is None
            else {"leader": self.trick.leader, "cards": [str(c) for c in self.trick.cards]}
        )
        data["trick_winner"] = self.trick_winner
        data["round_over"] = self.round_over
        data["points"] = None if self.points is None else list(self.points)
        data["bonuses"] = None if self.bonuses is None else list(self.bonuses)
        data["totals"] = None if self.totals is None else list(self.totals)
        data["match_over"] = self.match_over
        return data
