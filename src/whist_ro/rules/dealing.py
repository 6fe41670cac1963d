"""Dealing and trump (R-DEAL-1, R-TRUMP-*): from a deck order to hands and a trump.

>>> from whist_ro import variants
>>> trump_source(variants.ROMANIAN, players=4, hand_size=7)
'turn_up'
>>> deal_hands(list(range(9)), players=3, dealer=2, hand_size=2)  # bits 0..8, in deck order
(9, 18, 36)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, Literal

from whist_ro.rules.bidding import first_hand
from whist_ro.schedule import deck_ranks
from whist_ro.variants import Variant

__all__ = ["TrumpSource", "deal_hands", "dealt_to", "trump_card_index", "trump_source"]

TrumpSource = Literal["turn_up", "dealer_last"] | None
"""How a deal sets trump: ``"turn_up"``, ``"dealer_last"``, or None for no trump."""

_BIT: Final = tuple(1 << b for b in range(64))


def trump_source(variant: Variant, players: int, hand_size: int) -> TrumpSource:
    """How trump is chosen for a deal (R-TRUMP-1..3 and the variant's options).

    - ``"turn_up"``: cards remain after the deal, so the next one is turned
      face up and its suit is trump (R-TRUMP-1);
    - ``"dealer_last"``: the dealer's last card is shown and stays in the
      dealer's hand (R-TRUMP-3, always in classic; in the exact-bid family
      only for the whole-deck rounds under ``dealt_out_trump="dealer_last"``);
    - None: no trump, because the whole deck is dealt (R-TRUMP-2) or the hand
      size is one of the variant's ``no_trump_sizes``.

    >>> from whist_ro import variants
    >>> trump_source(variants.ROMANIAN, players=4, hand_size=8) is None
    True
    >>> trump_source(variants.CLASSIC, players=4, hand_size=13)
    'dealer_last'
    """
    return _trump_source(variant, players, hand_size)


@functools.lru_cache(maxsize=256)
def _trump_source(variant: Variant, players: int, hand_size: int) -> TrumpSource:
    # Cached: a match asks once per deal with the same few arguments.
    if variant.is_classic:
        return "dealer_last"
    if hand_size in variant.no_trump_sizes:
        return None
    if players * hand_size < 4 * deck_ranks(variant, players):
        return "turn_up"
    return "dealer_last" if variant.dealt_out_trump == "dealer_last" else None


def trump_card_index(source: TrumpSource, *, players: int, hand_size: int) -> int | None:
    """Where in the deck order the trump card lies, or None (R-DEAL-1, R-TRUMP-*).

    The turn-up is the first card after the deal; the dealer's last card is
    the last card dealt (the dealer receives the last card of each pass).

    >>> trump_card_index("turn_up", players=4, hand_size=7), trump_card_index(
    ...     "dealer_last", players=4, hand_size=13)
    (28, 51)
    """
    if source is None:
        return None
    dealt = players * hand_size
    return dealt if source == "turn_up" else dealt - 1


def deal_hands(
    order: Sequence[int], *, players: int, dealer: int, hand_size: int
) -> tuple[int, ...]:
    """The hands, as card masks by seat, dealt from a deck order of card bits (R-DEAL-1).

    Cards go out one at a time clockwise from the first hand (left of the
    dealer): the ``k``-th card goes to seat :func:`dealt_to` ``(k)``.

    >>> deal_hands([0, 1, 2, 3], players=2, dealer=0, hand_size=2)  # seat 1 gets bits 0 and 2
    (10, 5)
    """
    dealt = players * hand_size
    hands = [0] * players
    for offset in range(players):
        # One seat's cards are every players-th card from its offset.
        mask = 0
        for bit in order[offset:dealt:players]:
            mask |= _BIT[bit]
        hands[dealt_to(offset, dealer=dealer, players=players)] = mask
    return tuple(hands)


def dealt_to(index: int, *, dealer: int, players: int) -> int:
    """The seat that receives card ``index`` (from 0) of the deck order (R-DEAL-1).

    Cards go out one at a time clockwise from the first hand, the seat left
    of the dealer, so the dealer receives the last card of every pass.  The
    one answer to "whose card is this?": :func:`deal_hands` deals by it, and
    an adapter that replays a deal card by card asks it.

    >>> [dealt_to(k, dealer=2, players=3) for k in range(6)]
    [0, 1, 2, 0, 1, 2]
    """
    return (first_hand(dealer, players) + index) % players
