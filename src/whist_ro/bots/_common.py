"""Helpers the bots share: reading the trick on the table, and the out-of-turn error."""

from __future__ import annotations

from typing import TYPE_CHECKING

from whist_ro.errors import OutOfTurnError
from whist_ro.rules.play import beats

if TYPE_CHECKING:
    from whist_ro.views.view import PlayerView

__all__ = ["nothing_to_choose", "winning_bit"]


def nothing_to_choose(name: str, view: PlayerView) -> OutOfTurnError:
    """The error a bot raises when asked to act in a view where it has no legal action.

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    >>> str(nothing_to_choose("LowRiskBot", m.view(1)))
    "LowRiskBot has nothing to choose: it is seat 2's turn, not seat 1's (R-BID-3)"
    """
    rule = "R-BID-3" if view.phase.name == "BIDDING" else "R-PLAY-7"
    return OutOfTurnError(
        f"{name} has nothing to choose: it is seat {view.to_act}'s turn, "
        f"not seat {view.seat}'s ({rule})",
        rule=rule,
        seat=view.seat,
        action=None,
    )


def winning_bit(view: PlayerView) -> int:
    """The bit of the card winning the trick on the table, or -1 before the lead (R-PLAY-6).

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"],
    ...                         dealer=2, turn_up="10s")
    >>> for _ in range(3):
    ...     r = r.apply(r.legal_actions()[0])
    >>> r = r.apply(wr.Play(seat=0, card="9c"))
    >>> winning_bit(r.view(1)) == wr.Card.parse("9c").bit
    True
    """
    cards = view.current_trick.cards
    if not cards:
        return -1
    trump = view.trump
    t = None if trump is None else int(trump)
    best = cards[0].bit
    for card in cards[1:]:
        if beats(card.bit, best, t):
            best = card.bit
    return best
