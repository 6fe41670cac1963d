"""A trick: the cards played to it, who led, and who wins it (R-PLAY-6).

>>> from whist_ro import Suit
>>> trick = Trick(leader=1, cards=["Kh", "Ah", "2s", "9h"], players=4)
>>> trick.seats
(1, 2, 3, 0)
>>> trick_winner(trick, None), trick_winner(trick, Suit.SPADES)
(2, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Final

from whist_ro._check import seat, whole
from whist_ro._deprecation import moved_names
from whist_ro._immutable import Immutable
from whist_ro.actions import Play
from whist_ro.cards import Card, Suit, cards_of
from whist_ro.errors import InvalidTrickError, NotOverError
from whist_ro.rules.play import trick_winner_index

__all__ = ["Trick", "trick_winner"]

_WINNING_INDEX_USE: Final = (
    "whist_ro.rules.play.trick_winner_index([card.bit for card in cards], trump=...)"
)

if not TYPE_CHECKING:  # a type checker no longer sees the deprecated name
    # Deprecated: imported or read, it warns; kept out of the namespace so walking
    # the module (doctest collection, help) stays quiet.
    __getattr__ = moved_names(
        __name__, {"winning_index": ("whist_ro.engine.tricks:_winning_index", _WINNING_INDEX_USE)}
    )


class Trick(Immutable):
    """The cards of one trick in the order they were played.

    ``leader`` is the seat that led; the card at position ``i`` was played
    by seat ``(leader + i) % players``.  A trick can be incomplete (the one
    on the table).

    >>> trick = Trick(leader=2, cards=["9c", "Kc"], players=4)
    >>> trick.seats, trick.is_complete, trick.led_suit
    ((2, 3), False, <Suit.CLUBS: 0>)
    """

    __slots__ = ("_cards", "_leader", "_players")

    _leader: int
    _cards: tuple[Card, ...]
    _players: int

    def __init__(self, *, leader: int, cards: Iterable[Card | str], players: int) -> None:
        parsed = cards_of(cards, what="Trick")
        players = whole(players, name="players", low=2)
        leader = seat(leader, players=players, name="leader")
        if len(parsed) > players:
            raise InvalidTrickError(
                f"each of {players} players plays one card to a trick, so it cannot hold "
                f"{len(parsed)} cards (R-PLAY-7)",
                rule="R-PLAY-7",
            )
        if len(set(parsed)) != len(parsed):
            twice = next(card for i, card in enumerate(parsed) if card in parsed[:i])
            raise InvalidTrickError(
                f"a trick cannot hold {twice} twice (R-DECK-4)", rule="R-DECK-4"
            )
        object.__setattr__(self, "_leader", leader)
        object.__setattr__(self, "_cards", parsed)
        object.__setattr__(self, "_players", players)

    @classmethod
    def _trusted(cls, leader: int, cards: tuple[Card, ...], players: int) -> Trick:
        trick = object.__new__(cls)
        object.__setattr__(trick, "_leader", leader)
        object.__setattr__(trick, "_cards", cards)
        object.__setattr__(trick, "_players", players)
        return trick

    @property
    def leader(self) -> int:
        """The seat that led the trick."""
        return self._leader

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order they were played."""
        return self._cards

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return self._players

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card, in order."""
        return tuple((self._leader + i) % self._players for i in range(len(self._cards)))

    @property
    def plays(self) -> tuple[Play, ...]:
        """The trick as :class:`Play` actions."""
        return tuple(Play(seat=s, card=c) for s, c in zip(self.seats, self._cards, strict=True))

    @property
    def led_suit(self) -> Suit | None:
        """The suit of the first card, or None for an empty trick."""
        return self._cards[0].suit if self._cards else None

    @property
    def is_complete(self) -> bool:
        """True once every player has played to it."""
        return len(self._cards) == self._players

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Trick):
            return (self._leader, self._cards, self._players) == (
                other._leader,
                other._cards,
                other._players,
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._leader, self._cards, self._players))

    def _repr_svg_(self) -> str:
        """The trick as a picture, which Jupyter shows (:func:`whist_ro.svg.trick`).

        A trick does not know the trump suit, so no winner is marked; call
        :func:`whist_ro.svg.trick` with ``trump=`` for that.
        """
        # The pictures sit above the views; imported when first drawn (an upward
        # import on purpose, listed in tests/test_architecture.py).
        from whist_ro.svg import trick  # noqa: PLC0415

        return trick(self, mark_winner=False)

    def __repr__(self) -> str:
        cards = " ".join(map(str, self._cards))
        return f"Trick(leader={self._leader}, cards='{cards}', players={self._players})"


def _winning_index(cards: Sequence[Card], trump: Suit | None) -> int:
    """Deprecated ``winning_index``: use :func:`whist_ro.rules.play.trick_winner_index` (card bits).

    The position of the winning card (R-PLAY-6); goes in whist-ro 0.3.0.
    Imported or read as ``winning_index`` from this module it warns with a
    ``DeprecationWarning``.  The rule has one home,
    :func:`~whist_ro.rules.play.trick_winner_index`; :func:`trick_winner`
    answers for a :class:`Trick`.

    >>> import warnings
    >>> from whist_ro.rules.play import trick_winner_index
    >>> cards = [Card.parse(c) for c in ("7h", "Ah", "7s")]
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     from whist_ro.engine.tricks import winning_index
    >>> winning_index(cards, Suit.SPADES)
    2
    >>> trick_winner_index([c.bit for c in cards], trump=int(Suit.SPADES))
    2
    """
    if not cards:
        raise NotOverError("an empty trick has no winner yet")
    return trick_winner_index(
        [card.bit for card in cards], trump=None if trump is None else int(trump)
    )


def trick_winner(trick: Trick, trump: Suit | None) -> int:
    """The seat that wins ``trick`` with ``trump`` as trumps (``None``: no trump) (R-PLAY-6).

    Works on an incomplete trick too: it then names the seat winning so far.
    The rule is :func:`whist_ro.rules.play.trick_winner_index`.

    >>> trick_winner(Trick(leader=0, cards=["2c", "Ac", "3d"], players=3), Suit.DIAMONDS)
    2
    """
    cards = trick.cards
    if not cards:
        raise NotOverError("an empty trick has no winner yet")
    index = trick_winner_index(
        [card.bit for card in cards], trump=None if trump is None else int(trump)
    )
    return (trick.leader + index) % trick.players
