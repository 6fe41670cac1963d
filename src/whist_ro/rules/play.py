"""Play (R-PLAY-*): who leads, which cards a seat may play, who wins a trick.

Cards are bits here, as everywhere inside the library: card ``bit = 16 *
suit + rank`` (see :attr:`Card.bit <whist_ro.Card.bit>`), a hand is the
``int`` whose set bits are its cards, and the led suit, the trump suit and a
card's suit are suit numbers 0 to 3 (:class:`~whist_ro.Suit`).  Each clause
of the duty to follow is its own function, so a referee can read the rule
and the engine's error can name the clause that excluded a card.

>>> from whist_ro import CardSet, Suit
>>> hand = CardSet.parse("Kh 10c 7s").mask
>>> led = suit_of(CardSet.parse("Ah").mask.bit_length() - 1)
>>> mask, clause = playable_cards(hand, led, -1, int(Suit.SPADES), True, False)
>>> CardSet.from_mask(mask), clause
(CardSet.parse('Kh'), 'R-PLAY-2')
"""

from __future__ import annotations

from typing import Final

from whist_ro.cards import SUIT_MASKS

__all__ = [
    "ANY_CARD",
    "FOLLOW_SUIT",
    "LEAD",
    "MUST_OVERTRUMP",
    "MUST_TRUMP",
    "NO_DUTY_TO_TRUMP",
    "beats",
    "cards_of_suit",
    "next_leader",
    "overtrumps",
    "playable_cards",
    "suit_of",
    "trick_count",
    "trick_winner_index",
]

# The clause that decided a seat's playable cards: a rule ID, and what the
# engine's error messages quote when a card falls outside them.
LEAD: Final = "R-PLAY-1"
"""Leading a trick: any card in hand may be led."""
FOLLOW_SUIT: Final = "R-PLAY-2"
"""The seat holds the led suit and must play one of those cards."""
MUST_TRUMP: Final = "R-PLAY-3"
"""The seat is void in the led suit, holds trumps and must play one."""
ANY_CARD: Final = "R-PLAY-4"
"""Void in the led suit and without trumps (or in a no-trump deal): any card."""
NO_DUTY_TO_TRUMP: Final = "R-PLAY-5"
"""Void in the led suit where trumping is not required (classic): any card."""
MUST_OVERTRUMP: Final = "R-PLAY-8"
"""The seat must trump and can beat the trump already in the trick: it must."""


def suit_of(bit: int) -> int:
    """The suit number (0 clubs .. 3 spades) of a card bit: each suit owns 16 bits.

    >>> from whist_ro import Card
    >>> suit_of(Card.parse("Qh").bit)
    2
    """
    return bit >> 4


def cards_of_suit(hand: int, suit: int) -> int:
    """The cards of ``suit`` in the card mask ``hand`` (0 when void).

    >>> from whist_ro import CardSet
    >>> CardSet.from_mask(cards_of_suit(CardSet.parse("Ah 9h 7c").mask, 2))
    CardSet.parse('Ah 9h')
    """
    return hand & SUIT_MASKS[suit]


def trick_count(hand_size: int) -> int:
    """How many tricks a round of ``hand_size`` cards a hand plays (R-PLAY-6, R-PLAY-7).

    Every trick takes one card from each hand and is won by exactly one
    seat, so the seats' tricks won add up to this, and none wins more.

    >>> trick_count(8)
    8
    """
    return hand_size


def next_leader(trick_winner: int) -> int:
    """Who leads the next trick: the winner of the last one (R-PLAY-1).

    The first trick of a round is led by the first hand, the seat left of
    the dealer (:func:`whist_ro.rules.bidding.first_hand`).

    >>> next_leader(2)
    2
    """
    return trick_winner


def playable_cards(
    hand: int,
    led: int | None,
    best: int,
    trump: int | None,
    must_trump: bool,
    must_overtrump: bool,
    /,
) -> tuple[int, str]:
    """The cards a seat holding ``hand`` may play, and the clause that decided them.

    ``led`` is the led suit (None when the seat leads), ``best`` the bit of
    the card winning the trick so far (-1 before the lead), ``trump`` the
    trump suit (None in a no-trump deal), ``must_trump`` and
    ``must_overtrump`` the variant's duties.  The answer is ``(mask,
    clause)``: the playable cards as a card mask and the rule ID of the
    clause that limited them.  (The arguments are positional and the answer
    a plain tuple because the engine asks once for every card played.)  The
    clauses, in the order the rule book applies them:

    - leading, any card (R-PLAY-1 names the leader; nothing limits the lead);
    - holding the led suit, only those cards (R-PLAY-2);
    - void, holding trumps and bound to trump: only trumps (R-PLAY-3), and
      only those that beat a trump already in the trick if the variant
      demands overtrumping and the seat can (R-PLAY-8);
    - otherwise any card (R-PLAY-4; R-PLAY-5 when trumping is not a duty).

    >>> from whist_ro import CardSet, Suit
    >>> hand = CardSet.parse("Ks 9s Jd").mask
    >>> hearts, spades = int(Suit.HEARTS), int(Suit.SPADES)
    >>> best = CardSet.parse("Qs").mask.bit_length() - 1   # a heart led, then trumped by Qs
    >>> mask, clause = playable_cards(hand, hearts, best, spades, True, True)
    >>> CardSet.from_mask(mask), clause
    (CardSet.parse('Ks'), 'R-PLAY-8')
    >>> mask, clause = playable_cards(hand, hearts, best, spades, False, False)
    >>> CardSet.from_mask(mask), clause
    (CardSet.parse('Ks 9s Jd'), 'R-PLAY-5')
    """
    # cards_of_suit is spelled out here (hand & SUIT_MASKS[suit]): the engine
    # asks this rule for every card played, and a call costs more than the mask.
    if led is None:
        return hand, LEAD
    follow = hand & SUIT_MASKS[led]
    if follow:
        return follow, FOLLOW_SUIT
    if trump is None:
        return hand, ANY_CARD
    if not must_trump:
        return hand, NO_DUTY_TO_TRUMP
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand, ANY_CARD
    if must_overtrump and best >= 0 and suit_of(best) == trump:
        over = overtrumps(trumps, best)
        if over:
            return over, MUST_OVERTRUMP
    return trumps, MUST_TRUMP


def overtrumps(trumps: int, best: int) -> int:
    """The trumps in ``trumps`` that beat the trump ``best`` (R-PLAY-8).

    Within one suit a higher bit is a higher rank, so these are the bits
    above ``best``.

    >>> from whist_ro import Card, CardSet
    >>> CardSet.from_mask(overtrumps(CardSet.parse("As 9s").mask, Card.parse("10s").bit))
    CardSet.parse('As')
    """
    return trumps >> (best + 1) << (best + 1)


def beats(card: int, best: int, trump: int | None, /) -> bool:
    """Whether ``card`` takes the lead of a trick that ``best`` is winning (R-PLAY-6).

    A card beats the best so far when it is higher in the same suit, or a
    trump played on a card that is not a trump.  Any other card cannot win
    the trick, however high.

    >>> from whist_ro import Card, Suit
    >>> def b(card, best): return beats(Card.parse(card).bit, Card.parse(best).bit,
    ...                                 int(Suit.SPADES))
    >>> b("Ah", "Kh"), b("7s", "Ah"), b("Ad", "Kh"), b("9s", "10s")
    (True, True, False, False)
    """
    suit = suit_of(card)
    if suit == suit_of(best):
        return card > best
    return suit == trump


def trick_winner_index(cards: tuple[int, ...] | list[int], *, trump: int | None) -> int:
    """The position in play order of the card that wins a trick (R-PLAY-6).

    ``cards`` are the card bits in the order they were played; the first
    is the lead.  The highest trump wins; without a trump, the highest card
    of the led suit.

    >>> from whist_ro import Card, Suit
    >>> bits = [Card.parse(c).bit for c in ("Kh", "Ah", "2s", "Qh")]
    >>> trick_winner_index(bits, trump=int(Suit.SPADES)), trick_winner_index(bits, trump=None)
    (2, 1)
    """
    winner = 0
    for index in range(1, len(cards)):
        if beats(cards[index], cards[winner], trump):
            winner = index
    return winner
