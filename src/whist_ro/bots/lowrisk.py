"""LowRisk, the yardstick bot of the exact-bid family, as pure functions over card masks.

Another Romanian whist engine publishes this bot so that others can measure
against it; every corner is settled here so that any implementation plays
the same cards:

- **Bid**: count the likely winners, capped at the hand size: the aces of
  the plain suits, the trump ace and the trump king, plus ``trumps - 2``
  when holding more than two trumps.  If the hook forbids that bid, step
  down by one (from 0, up to 1).
- **Play**: a seat that still owes tricks wins as cheaply as it can: the
  least dangerous card that beats the card winning the trick (on lead,
  every card can win), or, when none can, its least dangerous card.  A seat
  that owes nothing ducks: it sheds its most dangerous card that cannot
  win, or its least dangerous card when every card can win.
- **Danger**: any trump is more dangerous than any plain card; then the
  rank decides.  Ties go to the card of the lowest rank, then to the suit
  order clubs, diamonds, hearts, spades.

>>> from whist_ro import CardSet, Suit
>>> hand = CardSet.parse("As Ks 9s 7s Ah 8d").mask
>>> lowrisk_bid(hand, trump=int(Suit.SPADES), hand_size=6, forbidden=None)
5
>>> lowrisk_bid(hand, trump=int(Suit.SPADES), hand_size=6, forbidden=5)
4

:class:`LowRiskBot` is the agent that plays by these rules from a player view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from whist_ro.actions import Bid, Play
from whist_ro.bots._common import (
    legal_mask,
    nothing_to_choose,
    rank_of,
    split_by_beats,
    trump_number,
)
from whist_ro.cards import SUIT_MASKS, Card, iter_bits
from whist_ro.errors import ConfigurationError
from whist_ro.rules.play import suit_of, trick_winner_index

if TYPE_CHECKING:
    from whist_ro.actions import Action
    from whist_ro.views.view import PlayerView

__all__ = ["LowRiskBot", "danger", "lowrisk_bid", "lowrisk_card"]

_ACE: Final = 14
_KING: Final = 13


def lowrisk_bid(hand: int, *, trump: int | None, hand_size: int, forbidden: int | None) -> int:
    """LowRisk's bid for the card mask ``hand`` (see the module's rules).

    ``trump`` is the trump suit number or None; ``forbidden`` the bid the
    hook forbids this seat, if any (:func:`whist_ro.rules.bidding.forbidden_bid`).

    >>> from whist_ro import CardSet
    >>> lowrisk_bid(CardSet.parse("Ac Ad 7h").mask, trump=None, hand_size=3, forbidden=None)
    2
    >>> lowrisk_bid(CardSet.parse("7h").mask, trump=None, hand_size=1, forbidden=0)
    1
    """
    count = 0
    for suit in range(4):
        if suit == trump:
            continue
        if hand >> (16 * suit + _ACE) & 1:
            count += 1
    if trump is not None:
        trumps = hand & SUIT_MASKS[trump]
        count += trumps >> (16 * trump + _ACE) & 1
        count += trumps >> (16 * trump + _KING) & 1
        length = trumps.bit_count()
        if length > 2:
            count += length - 2
    bid = min(count, hand_size)
    if bid == forbidden:
        bid = 1 if bid == 0 else bid - 1
    return bid


def danger(bit: int, trump: int | None) -> tuple[int, int]:
    """How dangerous a card is to hold when ducking: trumps first, then rank.

    >>> from whist_ro import Card
    >>> danger(Card.parse("7s").bit, 3) > danger(Card.parse("Ah").bit, 3)
    True
    """
    return (1 if trump is not None and suit_of(bit) == trump else 0, rank_of(bit))


def _least(bits: list[int], trump: int | None) -> int:
    # Least dangerous; ties: lowest rank, then clubs, diamonds, hearts, spades.
    return min(bits, key=lambda b: (danger(b, trump), rank_of(b), suit_of(b)))


def _most(bits: list[int], trump: int | None) -> int:
    # Most dangerous; ties: lowest rank, then clubs, diamonds, hearts, spades.
    top = max(danger(b, trump) for b in bits)
    return min((b for b in bits if danger(b, trump) == top), key=lambda b: (rank_of(b), suit_of(b)))


def lowrisk_card(legal: int, *, best: int, trump: int | None, owes: bool) -> int:
    """LowRisk's card (as a card bit) among the ``legal`` card mask.

    ``best`` is the bit of the card winning the trick so far, or -1 on lead;
    ``owes`` is True while the seat has taken fewer tricks than it bid.

    >>> from whist_ro import Card, CardSet, Suit
    >>> legal = CardSet.parse("Kh 10h 8h").mask
    >>> best = Card.parse("Jh").bit
    >>> str(Card.from_bit(lowrisk_card(legal, best=best, trump=int(Suit.SPADES), owes=True)))
    'Kh'
    >>> str(Card.from_bit(lowrisk_card(legal, best=best, trump=int(Suit.SPADES), owes=False)))
    '10h'
    """
    cards = list(iter_bits(legal))
    winners, losers = split_by_beats(cards, best, trump)
    if owes:
        return _least(winners if winners else cards, trump)
    if losers:
        return _most(losers, trump)
    return _least(cards, trump)


class LowRiskBot:
    """The yardstick of the exact-bid family: bids and plays by :func:`lowrisk_bid` and
    :func:`lowrisk_card`, from its player view alone.

    It has no randomness; ``seed`` is accepted (and ignored) so that every
    bot is built the same way.  LowRisk is defined for the exact-bid family
    only: asked to act in a classic game it raises
    :class:`~whist_ro.errors.ConfigurationError`.

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["As Ks 9h", "Ah Qs 10d", "Qd 9d Jc"],
    ...                         dealer=2, turn_up="10s")
    >>> LowRiskBot().act(r.view(0))  # the trump ace and king
    Bid(seat=0, tricks=2)
    >>> LowRiskBot().act(wr.Match.new(wr.variants.CLASSIC, players=4, seed=1).view(1))
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: LowRiskBot plays the exact-bid family only, not classic
    """

    __slots__ = ()

    def __init__(self, *, seed: object = None) -> None:
        del seed  # deterministic: nothing to seed

    def act(self, view: PlayerView) -> Action:
        """LowRisk's bid or card for ``view`` (one of ``view.legal_actions``)."""
        if view.variant.is_classic:
            raise ConfigurationError(
                f"LowRiskBot plays the exact-bid family only, not {view.variant.name}",
                field="variant",
            )
        legal = view.legal_actions
        if not legal:
            raise nothing_to_choose("LowRiskBot", view)
        first = legal[0]
        if isinstance(first, Bid):
            allowed = {a.tricks for a in legal if isinstance(a, Bid)}
            forbidden = next((b for b in range(view.hand_size + 1) if b not in allowed), None)
            bid = lowrisk_bid(
                view.hand.mask,
                trump=trump_number(view),
                hand_size=view.hand_size,
                forbidden=forbidden,
            )
            return Bid(seat=view.seat, tricks=bid)
        if len(legal) == 1:
            return first  # the only card, or "my only card" in a blind round
        seat = view.seat
        made_so_far = view.tricks_won[seat]
        target = view.bids[seat]
        owes = target is not None and made_so_far < target
        trump = trump_number(view)
        # The card winning the trick so far (R-PLAY-6), -1 before the lead.
        played = [card.bit for card in view.current_trick.cards]
        best = played[trick_winner_index(played, trump=trump)] if played else -1
        bit = lowrisk_card(legal_mask(legal), best=best, trump=trump, owes=owes)
        return Play(seat=seat, card=Card.from_bit(bit))

    def __repr__(self) -> str:
        return "LowRiskBot()"
