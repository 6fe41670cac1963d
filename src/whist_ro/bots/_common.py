"""Helpers the bots share: the legal cards, card ranks, the out-of-turn error."""

from __future__ import annotations

from typing import TYPE_CHECKING

from whist_ro.actions import Play
from whist_ro.errors import OutOfTurnError
from whist_ro.rules.play import beats

if TYPE_CHECKING:
    from whist_ro.actions import Action
    from whist_ro.views.view import PlayerView

__all__ = [
    "legal_mask",
    "nothing_to_choose",
    "rank_of",
    "split_by_beats",
    "trump_number",
]


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


def trump_number(view: PlayerView) -> int | None:
    """The trump suit of ``view`` as the suit number the rule functions take, or None.

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2,
    ...                         turn_up="Jd")
    >>> trump_number(r.view(0))
    1
    """
    trump = view.trump
    return None if trump is None else int(trump)


def rank_of(bit: int) -> int:
    """The rank (2 to 14) of a card bit: the low four bits of its lane.

    >>> import whist_ro as wr
    >>> rank_of(wr.Card.parse("Qh").bit)
    12
    """
    return bit & 0xF


def legal_mask(legal: tuple[Action, ...]) -> int:
    """The card mask of the cards played by ``legal``, a tuple of card-naming plays.

    >>> import whist_ro as wr
    >>> str(wr.CardSet.from_mask(legal_mask((wr.Play(seat=0, card="Ah"),
    ...                                      wr.Play(seat=0, card="7c")))))
    'Ah 7c'
    """
    mask = 0
    for action in legal:
        assert isinstance(action, Play)
        assert action.card is not None
        mask |= action.card.mask
    return mask


def split_by_beats(cards: list[int], best: int, trump: int | None) -> tuple[list[int], list[int]]:
    """``cards`` (bits) split into those that beat ``best`` and those that do not (R-PLAY-6).

    On lead (``best`` -1) every card can win.

    >>> import whist_ro as wr
    >>> bits = [wr.Card.parse(c).bit for c in ("Ah", "7h", "2s")]
    >>> split_by_beats(bits, wr.Card.parse("Kh").bit, None) == (bits[:1], bits[1:])
    True
    """
    if best < 0:
        return cards, []
    winners: list[int] = []
    losers: list[int] = []
    for bit in cards:
        (winners if beats(bit, best, trump) else losers).append(bit)
    return winners, losers
