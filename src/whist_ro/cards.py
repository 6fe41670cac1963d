"""Suits, ranks, cards and immutable bitmask card sets (R-DECK-1).

Every card maps to one bit of a Python ``int``: bit ``16 * suit + rank``.
Keeping the ranks of a suit in one 16-bit lane means "the cards of a suit"
is a single ``&`` with a precomputed mask, and "the highest card of a suit"
is ``bit_length()``.  Hands, legal moves and played cards are all such masks
inside the engine; :class:`CardSet` is the read-only face they show users.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Final

from whist_ro._check import excerpt, is_whole
from whist_ro._immutable import Immutable, ImmutableIntEnum
from whist_ro.errors import CardParseError
from whist_ro.locale import N_, render, translation

__all__ = ["Card", "CardSet", "Rank", "Suit"]


class Suit(ImmutableIntEnum):
    """A suit.  Suits have no order among themselves (R-DECK-1).

    A suit is an ``int`` (``16 * suit`` is its lane in a card mask), but it
    is never false, so ``if trump:`` holds for clubs too, and suits refuse
    ``<`` and its kin, which would invent an order the rules do not have.

    >>> Suit.HEARTS.symbol, Suit.HEARTS.letter
    ('♥', 'h')
    >>> bool(Suit.CLUBS), int(Suit.CLUBS)
    (True, 0)
    >>> Suit.CLUBS < Suit.HEARTS
    Traceback (most recent call last):
    ...
    TypeError: '<' not supported between instances of 'Suit' and 'Suit'
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

    def __localized__(self, lang: str) -> str:
        """The suit's name in ``lang``: ``"hearts"`` in English, ``"inimă"`` in Romanian.

        >>> Suit.HEARTS.__localized__("ro"), Suit.CLUBS.__localized__("en")
        ('inimă', 'clubs')
        """
        return translation(lang).gettext(_SUIT_NAMES[self])

    def __bool__(self) -> bool:
        # Clubs is 0; a member is a suit, never "no suit" (None says that).
        return True

    def __lt__(self, other: object) -> bool:
        # R-DECK-1: no order.  With NotImplemented from both suits Python
        # raises its usual TypeError (a plain int still compares, by int's rules).
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__


# Each suit's name as str() gives it, marked for the catalogue (Romanian: treflă, caro ...).
_SUIT_NAMES: Final = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
# How a card is named in words, in languages other than English ("Q de inimă").
_CARD_WORDS: Final = N_("{rank} of {suit}")


class Rank(ImmutableIntEnum):
    """A rank; the value is the pip count, so ``Rank.ACE > Rank.KING`` (R-DECK-1).

    Every rank is 2 or more, so no rank is false.

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


class Card(Immutable):
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
        if is_whole(suit) and is_whole(rank):
            lane, pips = int(suit), int(rank)
            if 0 <= lane <= 3 and 2 <= pips <= 14:
                card = _CARDS[16 * lane + pips]
                assert card is not None
                return card
        raise CardParseError(f"no card has suit {excerpt(suit)} and rank {excerpt(rank)}")

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
        whist_ro.errors.CardParseError: cannot read '1h' as a card: unknown rank '1'; the ranks ...
        """
        return _read_card(text)

    @classmethod
    def from_bit(cls, bit: int) -> Card:
        """The card whose mask bit is ``bit`` (the inverse of :attr:`bit`).

        >>> Card.from_bit(Card.parse("7c").bit)
        Card.parse('7c')
        >>> Card.from_bit("3")
        Traceback (most recent call last):
        ...
        whist_ro.errors.CardParseError: no card has bit '3'
        """
        card = _CARDS[bit] if is_whole(bit) and 0 <= bit < 64 else None
        if card is None:
            raise CardParseError(f"no card has bit {excerpt(bit)}")
        return card

    @property
    def mask(self) -> int:
        """This card alone as a card mask."""
        return 1 << self.bit

    @property
    def pretty(self) -> str:
        """The card with a suit symbol, e.g. ``'A♥'``."""
        return self.rank.label + self.suit.symbol

    def _repr_svg_(self) -> str:
        """The card as a picture, which Jupyter shows (:func:`whist_ro.svg.card`)."""
        # The pictures sit above the views; imported when first drawn (an upward
        # import on purpose, listed in tests/test_architecture.py).
        from whist_ro.svg import card  # noqa: PLC0415

        return card(self)

    def __reduce__(self) -> tuple[object, tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    def __str__(self) -> str:
        # Written once per card at import (_TEXT_BY_BIT): a view's data writes every card.
        return _TEXT_BY_BIT[self.bit]

    def __localized__(self, lang: str) -> str:
        """The card as a message in ``lang`` shows it: the notation in English, words elsewhere.

        >>> card = Card.parse("Qh")
        >>> card.__localized__("en"), card.__localized__("ro")
        ('Qh', 'Q de inimă')
        """
        if lang == "en":
            return str(self)
        return render(_CARD_WORDS, lang, rank=self.rank.label, suit=self.suit)

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    def __hash__(self) -> int:
        return self.bit

    # Equality is identity (cards are interned); ordering is deliberately absent
    # because suits are unordered (R-DECK-1).  Use ``rank`` to compare ranks.


_NOT_CARD_TEXT: Final = N_("a card is written as text such as 'Ah', not {value}")
_TOO_SHORT: Final = N_(
    "cannot read {text} as a card: too short; a card is a rank then a suit, "
    "such as 'Qd', '10c' or 'A♠'"
)
_NOT_CARD_SHAPED: Final = N_(
    "cannot read {text} as a card: a card is a rank (2 to 10, J, Q, K or A) then a suit "
    "(c, d, h or s, or ♣ ♦ ♥ ♠), such as 'Qd', '10c' or 'A♠'"
)
_LONGEST_RANK: Final = 2  # "10"
_UNKNOWN_SUIT: Final = N_(
    "cannot read {text} as a card: unknown suit {suit}; the suits are c, d, h and s "
    "(or ♣ ♦ ♥ ♠), as in 'Qd', '10c' or 'A♠'"
)
_UNKNOWN_RANK: Final = N_(
    "cannot read {text} as a card: unknown rank {rank}; the ranks are 2 to 10, J, Q, K and A "
    "(T for 10 too), as in 'Qd', '10c' or 'A♠'"
)


def _read_card(text: object) -> Card:
    # Card.parse for any value: callers pass what came from JSON or a user.
    if not isinstance(text, str):
        raise CardParseError(_NOT_CARD_TEXT, evidence={"value": excerpt(text)})
    raw = text.strip()
    if len(raw) < 2:
        raise CardParseError(_TOO_SHORT, evidence={"text": excerpt(text)})
    rank_text, suit_text = raw[:-1], raw[-1]
    if len(rank_text) > _LONGEST_RANK:  # words, say ("queen of diamonds"): say how cards read
        raise CardParseError(_NOT_CARD_SHAPED, evidence={"text": excerpt(text)})
    suit = _SUIT_BY_TEXT.get(suit_text.lower(), _SUIT_BY_TEXT.get(suit_text))
    if suit is None:
        raise CardParseError(
            _UNKNOWN_SUIT, evidence={"text": excerpt(text), "suit": repr(suit_text)}
        )
    rank = _RANK_BY_TEXT.get(rank_text.upper())
    if rank is None:  # quoted as typed, not in the upper case it was looked up in
        raise CardParseError(
            _UNKNOWN_RANK, evidence={"text": excerpt(text), "rank": excerpt(rank_text)}
        )
    card = _CARDS[16 * suit + rank]
    assert card is not None
    return card


def as_card(value: object) -> Card:
    """``value`` if it is a :class:`Card`, else ``value`` read as card text.

    Anything else raises :class:`~whist_ro.errors.CardParseError`.

    >>> as_card("10c") is as_card(Card.parse("10c"))
    True
    """
    return value if isinstance(value, Card) else _read_card(value)


def cards_of(cards: object, *, what: str) -> tuple[Card, ...]:
    """The cards in ``cards``, an iterable of :class:`Card` or card text.

    ``what`` names the value being built, for the error message.  Text is
    not taken as an iterable of letters, nor a mapping as its keys.

    >>> cards_of(["Ah", Card.parse("Kh")], what="CardSet")
    (Card.parse('Ah'), Card.parse('Kh'))
    >>> cards_of("Ah Kh", what="CardSet")
    Traceback (most recent call last):
    ...
    whist_ro.errors.CardParseError: CardSet takes cards or card texts such as ['Ah', '10d'], ...
    """
    if isinstance(cards, (str, bytes, bytearray, Mapping)) or not isinstance(cards, Iterable):
        raise CardParseError(
            f"{what} takes cards or card texts such as ['Ah', '10d'], not {excerpt(cards)}"
        )
    return tuple(map(as_card, cards))


_CARDS: Final[list[Card | None]] = [None] * 64
for _suit in Suit:
    for _rank in Rank:
        _CARDS[16 * _suit + _rank] = Card._create(_suit, _rank)
#: Card for each bit, ``None`` where no card lives (used by the engine's hot paths).
CARD_BY_BIT: Final[tuple[Card | None, ...]] = tuple(_CARDS)
_TEXT_BY_BIT: Final[tuple[str, ...]] = tuple(
    "" if c is None else c.rank.label + c.suit.letter for c in _CARDS
)
#: Card for each text ``str(card)`` writes (``"Ah"``, ``"10c"``): how data from the wire is read.
CARD_BY_TEXT: Final[dict[str, Card]] = {str(c): c for c in _CARDS if c is not None}


def iter_bits(mask: int) -> Iterator[int]:
    """Yield the set bits of ``mask`` from the highest to the lowest."""
    while mask:
        bit = mask.bit_length() - 1
        yield bit
        mask ^= 1 << bit


class CardSet(Immutable):
    """An immutable set of cards backed by a bitmask.

    Iteration goes suit by suit (spades, hearts, diamonds, clubs) and from
    high to low inside a suit, which is how a hand is usually held.  ``in``
    takes a card or card text; the operators ``|``, ``&``, ``-`` and ``^``
    take another card set.

    >>> hand = CardSet.parse("Ah 10h 7c Ks")
    >>> str(hand), len(hand), Card.parse("7c") in hand, "7C" in hand
    ('Ks Ah 10h 7c', 4, True, True)
    >>> str(hand.of_suit(Suit.HEARTS))
    'Ah 10h'
    >>> 7 in hand
    Traceback (most recent call last):
    ...
    whist_ro.errors.CardParseError: a card is written as text such as 'Ah', not 7
    """

    __slots__ = ("_mask",)

    _mask: int

    def __init__(self, cards: Iterable[Card | str] = ()) -> None:
        mask = 0
        for card in cards_of(cards, what="CardSet"):
            mask |= 1 << card.bit
        object.__setattr__(self, "_mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """Wrap a card mask (see :attr:`Card.bit`).

        >>> CardSet.from_mask(Card.parse("Ah").mask | Card.parse("2c").mask)
        CardSet.parse('Ah 2c')
        >>> CardSet.from_mask(1)
        Traceback (most recent call last):
        ...
        whist_ro.errors.CardParseError: mask 0x1 has bits that are not cards
        """
        # A negative mask has bits outside the pack too (Python ints are
        # two's complement with infinite sign bits), so one test covers both.
        if type(mask) is int and not mask & ~FULL_PACK_MASK:
            card_set = object.__new__(cls)
            object.__setattr__(card_set, "_mask", mask)
            return card_set
        if not is_whole(mask):
            raise CardParseError(f"a card mask is a whole number, not {excerpt(mask)}")
        if int(mask) & ~FULL_PACK_MASK:
            shown = hex(mask) if mask.bit_length() <= 64 else excerpt(mask)
            raise CardParseError(f"mask {shown} has bits that are not cards")
        return _wrap(int(mask))

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read cards separated by spaces or commas, e.g. ``"Ah Kh 7c"``.

        >>> CardSet.parse("Ah, 10h 7c") == CardSet(["7c", "Ah", "10h"])
        True
        """
        if not isinstance(text, str):
            raise CardParseError(f"cards are written as text such as 'Ah Kh', not {excerpt(text)}")
        return cls(text.replace(",", " ").split())

    @property
    def mask(self) -> int:
        """The bitmask of these cards."""
        return self._mask

    def of_suit(self, suit: Suit) -> CardSet:
        """The cards of one suit.

        >>> CardSet.parse("Ah 7c 10h").of_suit(Suit.CLUBS)
        CardSet.parse('7c')
        """
        return _wrap(self._mask & SUIT_MASKS[suit])

    def __contains__(self, card: object) -> bool:
        return bool(self._mask >> as_card(card).bit & 1)

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

    def _repr_svg_(self) -> str:
        """The cards as a hand sorted by suit, which Jupyter shows (:func:`whist_ro.svg.hand`)."""
        # Upward on purpose, as in Card._repr_svg_.
        from whist_ro.svg import hand  # noqa: PLC0415

        return hand(self)

    # The operators answer NotImplemented for anything but a card set, so
    # Python raises its usual TypeError (``CardSet | 1``).

    def __or__(self, other: object) -> CardSet:
        if isinstance(other, CardSet):
            return _wrap(self._mask | other._mask)
        return NotImplemented

    def __and__(self, other: object) -> CardSet:
        if isinstance(other, CardSet):
            return _wrap(self._mask & other._mask)
        return NotImplemented

    def __sub__(self, other: object) -> CardSet:
        if isinstance(other, CardSet):
            return _wrap(self._mask & ~other._mask)
        return NotImplemented

    def __xor__(self, other: object) -> CardSet:
        if isinstance(other, CardSet):
            return _wrap(self._mask ^ other._mask)
        return NotImplemented

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __localized__(self, lang: str) -> str:
        """The cards as a message in ``lang`` shows them (English: ``str(cards)``).

        >>> CardSet.parse("Qs 10d").__localized__("ro")
        'Q de pică, 10 de caro'
        """
        if lang == "en":
            return str(self)
        return ", ".join(card.__localized__(lang) for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse('{self}')"


def _wrap(mask: int) -> CardSet:
    # A CardSet around a mask known to hold only cards.
    card_set = object.__new__(CardSet)
    object.__setattr__(card_set, "_mask", mask)
    return card_set
