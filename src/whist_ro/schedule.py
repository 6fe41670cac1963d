"""The deck in play and the schedule of hand sizes for a game.

These are the values; the schedule's rules (which rule sets the sizes, who
deals each round, whether a deal fits) are :mod:`whist_ro.rules.scheduling`.

>>> from whist_ro import variants
>>> len(Deck.for_game(variants.ROMANIAN, 4)), str(Deck.for_game(variants.ROMANIAN, 3)[-1])
(32, '9c')
>>> Schedule.for_game(variants.ROMANIAN, 3).sizes
(1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Final, overload

from whist_ro._check import excerpt, is_whole, rng_of, whole
from whist_ro._immutable import Immutable
from whist_ro._text import Sentence
from whist_ro.cards import Card, Rank, Suit, as_card, cards_of
from whist_ro.errors import ConfigurationError
from whist_ro.locale import N_
from whist_ro.variants import Variant, check_variant

__all__ = ["Deck", "Schedule", "check_players", "deck_ranks", "player_count_refusal"]

#: Suits in the order a deck lists them inside one rank (display order only).
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: No variant deals more than a suit's worth of cards to a hand.
_MAX_HAND_SIZE: Final = len(Rank)


def _shuffle(items: list[int], getrandbits: Callable[[int], int]) -> None:
    """:meth:`random.Random.shuffle`, draw for draw, without a call per card.

    ``Random.shuffle`` swaps each position ``i``, from the last down to 1,
    with a position below ``i + 1`` that its ``_randbelow`` draws: the
    bit length of ``i + 1`` in random bits, drawn again until the number is
    below ``i + 1``.  Doing that here spares a call per card on every deal;
    the order is the same (a test compares the two on many seeds), so every
    seed deals what it always dealt.

    >>> items, reference = list(range(10)), list(range(10))
    >>> _shuffle(items, random.Random(3).getrandbits)
    >>> random.Random(3).shuffle(reference)
    >>> items == reference
    True
    """
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


# The refusals, as catalogue templates.
# The one refusal of a player count, whoever asks (R-DECK-2, R-DECK-3).
_PLAYER_COUNT: Final = N_("{variant} is played by {counts} players, not {players} ({rule})")
_COUNT_RANGE: Final = N_("{low} to {high}")
_TOO_MANY_RANKS: Final = N_("{players} players need {ranks} ranks per suit, more than a pack has")
_CARD_TWICE: Final = N_("a deck cannot hold a card twice")
_NOT_SIZES: Final = N_("a schedule is a sequence of hand sizes, not {value}")
_NO_ROUNDS: Final = N_("a schedule needs at least one round")
_BAD_SIZE: Final = N_(
    "every hand size in a schedule is a whole number from 1 to {most}, not {value}"
)
_REPEATS: Final = N_("repeats must be True or False, not {value}")
_HAND_TOO_BIG: Final = N_(
    "round {round} of the schedule deals {size} cards to each of {players} players: that "
    "needs {needed} cards, but the {deck}-card deck cannot supply them (R-SCHED-5)"
)


def player_count_refusal(
    variant: Variant, players: int, *, field: str = "players"
) -> ConfigurationError | None:
    """Why ``variant`` cannot be played by ``players`` players, or None (R-DECK-2, R-DECK-3).

    The one player-count check: the exact-bid family takes 3 to 6 players
    (R-DECK-2), classic whist 4 (R-DECK-3).  Every entry point (a match, a
    table, a tournament's lineup, a record, a view or a message read from
    data, the web lobby) asks it, so they refuse with the same text;
    ``field`` names what held the count (``"agents"``, ``"lineup"`` ...).
    :func:`check_players` raises what this returns.

    >>> from whist_ro import variants
    >>> print(player_count_refusal(variants.ROMANIAN, 7))
    romanian is played by 3 to 6 players, not 7 (R-DECK-2)
    >>> player_count_refusal(variants.CLASSIC, 4) is None
    True
    """
    counts = variant.player_counts
    if players in counts:
        return None
    low, high = counts[0], counts[-1]
    shown: object = low if low == high else Sentence(_COUNT_RANGE, low=low, high=high)
    rule = "R-DECK-3" if variant.is_classic else "R-DECK-2"
    return ConfigurationError(
        _PLAYER_COUNT,
        field=field,
        rule=rule,
        evidence={"variant": variant.name, "counts": shown, "players": players, "rule": rule},
    )


def check_players(variant: Variant, players: int, *, field: str = "players") -> None:
    """Refuse a player count the variant does not allow (R-DECK-2, R-DECK-3).

    Raises :func:`player_count_refusal`'s error; ``field`` names what held
    the count.

    >>> from whist_ro import variants
    >>> check_players(variants.CLASSIC, 3)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: classic is played by 4 players, not 3 (R-DECK-3)
    """
    check_variant(variant)
    whole(players, name=field)
    refusal = player_count_refusal(variant, players, field=field)
    if refusal is not None:
        raise refusal


def deck_ranks(variant: Variant, players: int) -> int:
    """Ranks per suit in play: 2N for the exact family, 13 for classic (R-DECK-2, R-DECK-3).

    >>> from whist_ro import variants
    >>> deck_ranks(variants.ROMANIAN, 5), deck_ranks(variants.CLASSIC, 4)
    (10, 13)
    """
    check_players(variant, players)
    ranks = variant.deck_ranks or (13 if variant.is_classic else 2 * players)
    if ranks > 13:
        raise ConfigurationError(
            _TOO_MANY_RANKS, field="deck_ranks", evidence={"players": players, "ranks": ranks}
        )
    return ranks


class Deck(Immutable, Sequence[Card]):
    """The cards in play for a game, listed from high to low (R-DECK-2, R-DECK-3).

    With N players the exact-bid family keeps the 2N highest ranks of every
    suit; classic whist uses all 52 cards.

    >>> from whist_ro import variants
    >>> deck = Deck.for_game(variants.ROMANIAN, 5)
    >>> len(deck), str(deck[0]), min(card.rank for card in deck)
    (40, 'As', <Rank.FIVE: 5>)
    """

    __slots__ = ("_bits", "_cards", "_mask")

    _cards: tuple[Card, ...]
    _bits: tuple[int, ...]
    _mask: int

    def __init__(self, cards: Sequence[Card | str]) -> None:
        object.__setattr__(self, "_cards", cards_of(cards, what="Deck"))
        object.__setattr__(self, "_bits", tuple(c.bit for c in self._cards))
        object.__setattr__(self, "_mask", sum(1 << bit for bit in self._bits))
        if self._mask.bit_count() != len(self._cards):
            raise ConfigurationError(_CARD_TWICE, field="cards", evidence={})

    @classmethod
    def for_game(cls, variant: Variant, players: int) -> Deck:
        """The deck ``variant`` uses with ``players`` players.

        >>> from whist_ro import variants
        >>> Deck.for_game(variants.ROMANIAN, 3).cards[:4]
        (Card.parse('As'), Card.parse('Ah'), Card.parse('Ad'), Card.parse('Ac'))
        """
        ranks = deck_ranks(variant, players)
        deck = _DECKS.get(ranks)
        if deck is None:
            # A deck depends only on how many ranks it keeps, and it is
            # immutable, so each one is built once and shared.
            deck = _DECKS[ranks] = cls(
                [Card(suit, Rank(r)) for r in range(14, 14 - ranks, -1) for suit in _SUIT_ORDER]
            )
        return deck

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, high to low."""
        return self._cards

    @property
    def mask(self) -> int:
        """The bitmask of every card in the deck."""
        return self._mask

    @property
    def bits(self) -> tuple[int, ...]:
        """Each card's :attr:`Card.bit`, in deck order (what the engine shuffles)."""
        return self._bits

    def shuffled(self, seed: int | str | random.Random) -> list[Card]:
        """A seeded shuffle of the deck, the same on every platform (R-DEAL-1).

        ``seed`` is an int or string for :class:`random.Random`, or a
        ``Random`` instance to draw from.

        >>> from whist_ro import variants
        >>> deck = Deck.for_game(variants.ROMANIAN, 4)
        >>> deck.shuffled(7) == deck.shuffled(7) != deck.shuffled(8)
        True
        """
        return [Card.from_bit(bit) for bit in self.shuffled_bits(seed)]

    def shuffled_bits(self, seed: int | str | random.Random) -> list[int]:
        """:meth:`shuffled` as card bits: the one seeded shuffle every deal uses.

        >>> from whist_ro import variants
        >>> deck = Deck.for_game(variants.ROMANIAN, 3)
        >>> [c.bit for c in deck.shuffled(5)] == deck.shuffled_bits(5)
        True
        """
        rng = rng_of(seed)
        order = list(self._bits)
        if type(rng) is random.Random:
            _shuffle(order, rng.getrandbits)
        else:  # a subclass may draw its numbers its own way: it shuffles itself
            rng.shuffle(order)
        return order

    @overload
    def __getitem__(self, index: int) -> Card: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...

    def __getitem__(self, index: int | slice) -> Card | tuple[Card, ...]:
        return self._cards[index]

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __contains__(self, card: object) -> bool:
        return bool(self._mask >> as_card(card).bit & 1)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deck):
            return self._cards == other._cards
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._cards)

    def __repr__(self) -> str:
        return f"Deck({len(self)} cards: {' '.join(map(str, self._cards))})"


_DECKS: dict[int, Deck] = {}


def _pattern_sizes(pattern: str, players: int) -> tuple[int, ...]:
    ones = (1,) * players
    eights = (8,) * players
    up = tuple(range(2, 8))
    down = tuple(range(7, 1, -1))
    if pattern == "1-8-1":
        return ones + up + eights + down + ones
    return eights + down + ones + up + eights


class Schedule(Immutable, Sequence[int]):
    """The hand size of every round of a match, in order (R-SCHED-1..3).

    Classic whist has no fixed length: its schedule is ``(13,)`` with
    ``repeats`` set, and :meth:`size_of` answers for any round index.

    >>> from whist_ro import variants
    >>> s = Schedule.for_game(variants.INVERTED, 4)
    >>> len(s), s[:5], s[-1]
    (24, (8, 8, 8, 8, 7), 8)
    >>> c = Schedule.for_game(variants.CLASSIC, 4)
    >>> list(c), c.repeats, c.size_of(40)
    ([13], True, 13)
    """

    __slots__ = ("_repeats", "_sizes")

    _sizes: tuple[int, ...]
    _repeats: bool

    def __init__(self, sizes: Sequence[int], *, repeats: bool = False) -> None:
        if isinstance(sizes, (str, bytes, bytearray)) or not isinstance(sizes, Sequence):
            raise ConfigurationError(
                _NOT_SIZES, field="schedule", evidence={"value": excerpt(sizes)}
            )
        if not sizes:
            raise ConfigurationError(_NO_ROUNDS, field="schedule", evidence={})
        sizes = tuple(sizes)
        for size in sizes:
            if not (is_whole(size) and 1 <= size <= _MAX_HAND_SIZE):
                raise ConfigurationError(
                    _BAD_SIZE,
                    field="schedule",
                    evidence={"most": _MAX_HAND_SIZE, "value": excerpt(size)},
                )
        if not isinstance(repeats, bool):
            raise ConfigurationError(
                _REPEATS, field="repeats", evidence={"value": excerpt(repeats)}
            )
        object.__setattr__(self, "_sizes", tuple(map(int, sizes)))  # int subclasses to int
        object.__setattr__(self, "_repeats", repeats)

    @classmethod
    def for_game(cls, variant: Variant, players: int) -> Schedule:
        """The schedule ``variant`` plays with ``players`` players.

        A custom ``variant.schedule`` is checked against the deck: every
        hand size must leave enough cards for all players.

        >>> from whist_ro import variants
        >>> Schedule.for_game(variants.ROMANIAN, 5.0)
        Traceback (most recent call last):
        ...
        whist_ro.errors.ConfigurationError: players must be a whole number from 0 to ..., not 5.0
        """
        # Checked before the cache, which would take 5.0 (or True) for the
        # already cached 5 (or 1).
        check_players(variant, players)
        return _schedule_for(variant, players)

    @classmethod
    def _build(cls, variant: Variant, players: int) -> Schedule:
        deck_size = 4 * deck_ranks(variant, players)
        if variant.is_classic:
            return cls((13,), repeats=True)
        sizes = variant.schedule or _pattern_sizes(variant.pattern, players)
        too_big = [(i, s) for i, s in enumerate(sizes) if s * players > deck_size]
        if too_big:
            index, size = too_big[0]
            evidence = {
                "round": index + 1,  # counted from 1, as players and reports count rounds
                "size": size,
                "players": players,
                "needed": size * players,
                "deck": deck_size,
            }
            raise ConfigurationError(
                _HAND_TOO_BIG, field="schedule", rule="R-SCHED-5", evidence=evidence
            )
        return cls(sizes)

    @property
    def sizes(self) -> tuple[int, ...]:
        """The hand sizes, one per round (one cycle if :attr:`repeats`)."""
        return self._sizes

    @property
    def repeats(self) -> bool:
        """True when the sizes repeat until the match ends (classic whist)."""
        return self._repeats

    def size_of(self, index: int) -> int:
        """Hand size of round ``index`` (0-based), also past the cycle if it repeats."""
        if self._repeats:
            return self._sizes[index % len(self._sizes)]
        return self._sizes[index]

    def is_last(self, index: int) -> bool:
        """True when round ``index`` is the last one the schedule has."""
        return not self._repeats and index == len(self._sizes) - 1

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[int, ...]: ...

    def __getitem__(self, index: int | slice) -> int | tuple[int, ...]:
        return self._sizes[index]

    def __len__(self) -> int:
        return len(self._sizes)

    def __iter__(self) -> Iterator[int]:
        return iter(self._sizes)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Schedule):
            return self._sizes == other._sizes and self._repeats == other._repeats
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._sizes, self._repeats))

    def __repr__(self) -> str:
        more = ", repeats=True" if self._repeats else ""
        return f"Schedule({list(self._sizes)}{more})"


# Schedules are immutable and a program plays few set-ups, so each one is
# worked out once; an invalid set-up raises and is not cached.
_schedule_for: Final = functools.lru_cache(maxsize=256)(Schedule._build)
