"""Suits, ranks, cards and immutable bitmask card sets (R-DECK-1).

Every card maps to one bit of a Python ``int``: bit ``16 * suit + rank``.
Keeping the ranks of a suit in one 16-bit lane means "the cards of a suit"
is a single ``&`` with a precomputed mask, and "the highest card of a suit"
is ``bit_length()``.  Hands, legal moves and played cards are all such masks
inside the engine; :class:`CardSet` is the read-only face they show users.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Final

from whist_ro._immutable import Immutable
from whist_ro.errors import CardParseError

__all__ = ["Card", "CardSet", "Rank", "Suit"]


class Suit(enum.IntEnum):
    """A suit.  Suits have no order among themselves (R-DECK-1).

    >>> Suit.HEARTS.symbol, Suit.HEARTS.letter
    ('♥', 'h')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter lowercase name used in card notation."""
        return "cdhs"[self]

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol."""
        return "♣♦♥♠"[self]

    @property
    def mask(self) -> int:
        """The bitmask of every card of this suit."""
        return SUIT_MASKS[self]

    def __str__(self) -> str:
        return self.name.lower()


class Rank(enum.IntEnum):
    """A rank; the value is the pip count, so ``Rank.ACE > Rank.KING`` (R-DECK-1).

    >>> Rank.ACE > Rank.KING > Rank.TEN
    True
    >>> Rank.TEN.label
    '10'
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def label(self) -> str:
        """The rank as written in card notation (``"10"``, ``"J"``, ``"A"`` ...)."""
        return _RANK_LABELS[self]

    def __str__(self) -> str:
        return self.label


_RANK_LABELS: Final = {
    **{Rank(v): str(v) for v in range(2, 11)},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_BY_TEXT: Final = {
    **{label: rank for rank, label in _RANK_LABELS.items()},
    "T": Rank.TEN,
}
_SUIT_BY_TEXT: Final = {
    **{s.letter: s for s in Suit},
    **{s.symbol: s for s in Suit},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}

#: Bitmask of each suit's thirteen cards, indexed by ``Suit``.
SUIT_MASKS: Final[tuple[int, ...]] = tuple(0x7FFC << (16 * s) for s in range(4))
#: Bitmask of the whole 52-card pack.
FULL_PACK_MASK: Final = sum(SUIT_MASKS)


class Card:
    """A playing card.  Cards are interned: equal cards are the same object.

    Build one from a suit and rank, or parse the usual notations:

    >>> Card.parse("Ah") is Card(Suit.HEARTS, Rank.ACE)
    True
    >>> [str(Card.parse(t)) for t in ("AH", "10h", "Th", "A♥", "qs")]
    ['Ah', '10h', '10h', 'Ah', 'Qs']
    >>> Card.parse("Ah").suit, Card.parse("Ah").rank
    (<Suit.HEARTS: 2>, <Rank.ACE: 14>)
    """

    __slots__ = ("bit", "rank", "suit")

    suit: Suit
    rank: Rank
    bit: int
    """Position of this card's bit in a card mask (``16 * suit + rank``)."""

    def __new__(cls, suit: Suit | int, rank: Rank | int) -> Card:
        try:
            card = _CARDS[16 * Suit(suit) + Rank(rank)]
        except ValueError:
            raise CardParseError(f"no card has suit {suit!r} and rank {rank!r}") from None
        assert card is not None
        return card

    @classmethod
    def _create(cls, suit: Suit, rank: Rank) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "bit", 16 * suit + rank)
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card such as ``"Ah"``, ``"10d"``, ``"Tc"`` or ``"K♠"`` (any case).

        >>> Card.parse(" 9s ")
        Card.parse('9s')
        >>> Card.parse("1h")
        Traceback (most recent call last):
        ...
        whist_ro.errors.CardParseError: cannot read '1h' as a card: unknown rank '1'
        """
        if not isinstance(text, str):
            raise CardParseError(f"a card is written as text such as 'Ah', not {text!r}")
        raw = text.strip()
        if len(raw) < 2:
            raise CardParseError(f"cannot read {text!r} as a card: too short")
        rank_text, suit_text = raw[:-1].upper(), raw[-1]
        suit = _SUIT_BY_TEXT.get(suit_text.lower(), _SUIT_BY_TEXT.get(suit_text))
        if suit is None:
            raise CardParseError(f"cannot read {text!r} as a card: unknown suit {suit_text!r}")
        rank = _RANK_BY_TEXT.get(rank_text)
        if rank is None:
            raise CardParseError(f"cannot read {text!r} as a card: unknown rank {rank_text!r}")
        card = _CARDS[16 * suit + rank]
        assert card is not None
        return card

    @classmethod
    def from_bit(cls, bit: int) -> Card:
        """The card whose mask bit is ``bit`` (the inverse of :attr:`bit`).

        >>> Card.from_bit(Card.parse("7c").bit)
        Card.parse('7c')
        """
        card = _CARDS[bit] if 0 <= bit < 64 else None
        if card is None:
            raise CardParseError(f"no card has bit {bit}")
        return card

    @property
    def mask(self) -> int:
        """This card alone as a card mask."""
        return 1 << self.bit

    @property
    def pretty(self) -> str:
        """The card with a suit symbol, e.g. ``'A♥'``."""
        return self.rank.label + self.suit.symbol

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Card is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Card is immutable; cannot delete {name!r}")

    def __reduce__(self) -> tuple[object, tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    def __str__(self) -> str:
        return self.rank.label + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    def __hash__(self) -> int:
        return self.bit

    # Equality is identity (cards are interned); ordering is deliberately absent
    # because suits are unordered (R-DECK-1).  Use ``rank`` to compare ranks.


_CARDS: Final[list[Card | None]] = [None] * 64
for _suit in Suit:
    for _rank in Rank:
        _CARDS[16 * _suit + _rank] = Card._create(_suit, _rank)
#: Card for each bit, ``None`` where no card lives (used by the engine's hot paths).
CARD_BY_BIT: Final[tuple[Card | None, ...]] = tuple(_CARDS)


def iter_bits(mask: int) -> Iterator[int]:
    """Yield the set bits of ``mask`` from the highest to the lowest."""
    while mask:
        bit = mask.bit_length() - 1
        yield bit
        mask ^= 1 << bit


def mask_of(cards: Iterable[Card | str]) -> int:
    """The mask of some cards (strings are parsed); duplicates are not detected here."""
    mask = 0
    for card in cards:
        mask |= 1 << (card.bit if isinstance(card, Card) else Card.parse(card).bit)
    return mask


class CardSet(Immutable):
    """An immutable set of cards backed by a bitmask.

    Iteration goes suit by suit (spades, hearts, diamonds, clubs) and from
    high to low inside a suit, which is how a hand is usually held.

    >>> hand = CardSet.parse("Ah 10h 7c Ks")
    >>> str(hand), len(hand), Card.parse("7c") in hand
    ('Ks Ah 10h 7c', 4, True)
    >>> str(hand.of_suit(Suit.HEARTS))
    'Ah 10h'
    """

    __slots__ = ("_mask",)

    _mask: int

    def __init__(self, cards: Iterable[Card | str] = ()) -> None:
        object.__setattr__(self, "_mask", mask_of(cards))

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """Wrap a card mask (see :attr:`Card.bit`).

        >>> CardSet.from_mask(Card.parse("Ah").mask | Card.parse("2c").mask)
        CardSet.parse('Ah 2c')
        """
        if mask & ~FULL_PACK_MASK or mask < 0:
            raise CardParseError(f"mask {mask:#x} has bits that are not cards")
        card_set = object.__new__(cls)
        object.__setattr__(card_set, "_mask", mask)
        return card_set

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read cards separated by spaces or commas, e.g. ``"Ah Kh 7c"``."""
        return cls(Card.parse(t) for t in text.replace(",", " ").split())

    @property
    def mask(self) -> int:
        """The bitmask of these cards."""
        return self._mask

    def of_suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        return CardSet.from_mask(self._mask & SUIT_MASKS[suit])

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self._mask >> card.bit & 1)

    def __iter__(self) -> Iterator[Card]:
        for bit in iter_bits(self._mask):
            card = CARD_BY_BIT[bit]
            assert card is not None
            yield card

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self._mask)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self._mask == other._mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self._mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask | other._mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask & other._mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask & ~other._mask)

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        return f"CardSet.parse('{self}')"
