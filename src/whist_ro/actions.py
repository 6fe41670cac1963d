"""The two things a player can do: bid and play a card.

Both are small immutable values, equal when their fields are equal.  The
engine hands out shared instances from precomputed tables, so comparing,
hashing and storing actions costs nothing extra.

>>> Bid(seat=1, tricks=0)
Bid(seat=1, tricks=0)
>>> Play(seat=2, card="Ah") == Play(seat=2, card=Card.parse("AH"))
True
"""

from __future__ import annotations

from typing import Final, TypeAlias

from whist_ro.cards import CARD_BY_BIT, Card
from whist_ro.errors import ActionTypeError

__all__ = ["Action", "Bid", "Play"]

_MAX_SEATS: Final = 8
_MAX_TRICKS: Final = 13


def _check_seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ActionTypeError(f"a seat is a whole number from 0, not {seat!r}")
    return seat


class Bid:
    """Seat ``seat`` bids to take exactly ``tricks`` tricks (R-BID-1).

    The range is checked when the bid is applied, so the error can name the
    hand size (R-BID-3).

    >>> Bid(seat=0, tricks=2).tricks
    2
    """

    __slots__ = ("seat", "tricks")

    seat: int
    tricks: int

    def __new__(cls, *, seat: int, tricks: int) -> Bid:
        if (
            type(seat) is int
            and type(tricks) is int
            and 0 <= seat < _MAX_SEATS
            and 0 <= tricks <= _MAX_TRICKS
        ):
            return _BIDS[seat][tricks]
        if isinstance(tricks, bool) or not isinstance(tricks, int):
            raise ActionTypeError(f"a bid is a whole number of tricks, not {tricks!r}")
        return cls._create(_check_seat(seat), tricks)

    @classmethod
    def _create(cls, seat: int, tricks: int) -> Bid:
        bid = object.__new__(cls)
        object.__setattr__(bid, "seat", seat)
        object.__setattr__(bid, "tricks", tricks)
        return bid

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Bid is immutable; cannot set {name!r}")

    def __reduce__(self) -> tuple[object, ...]:
        return (_make_bid, (self.seat, self.tricks))

    def __eq__(self, other: object) -> bool:
        if type(other) is Bid:
            return self.seat == other.seat and self.tricks == other.tricks
        return NotImplemented

    def __hash__(self) -> int:
        return hash((Bid, self.seat, self.tricks))

    def __repr__(self) -> str:
        return f"Bid(seat={self.seat}, tricks={self.tricks})"

    def __str__(self) -> str:
        return f"seat {self.seat} bids {self.tricks}"


class Play:
    """Seat ``seat`` plays ``card`` (a :class:`Card` or text such as ``"Ah"``).

    >>> Play(seat=3, card="10d").card
    Card.parse('10d')
    """

    __slots__ = ("card", "seat")

    seat: int
    card: Card

    def __new__(cls, *, seat: int, card: Card | str) -> Play:
        if isinstance(card, str):
            card = Card.parse(card)
        elif not isinstance(card, Card):
            raise ActionTypeError(f"a play needs a Card or text such as 'Ah', not {card!r}")
        if type(seat) is int and 0 <= seat < _MAX_SEATS:
            shared = _PLAYS[seat][card.bit]
            assert shared is not None
            return shared
        return cls._create(_check_seat(seat), card)

    @classmethod
    def _create(cls, seat: int, card: Card) -> Play:
        play = object.__new__(cls)
        object.__setattr__(play, "seat", seat)
        object.__setattr__(play, "card", card)
        return play

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Play is immutable; cannot set {name!r}")

    def __reduce__(self) -> tuple[object, ...]:
        return (_make_play, (self.seat, self.card))

    def __eq__(self, other: object) -> bool:
        if type(other) is Play:
            return self.seat == other.seat and self.card is other.card
        return NotImplemented

    def __hash__(self) -> int:
        return hash((Play, self.seat, self.card.bit))

    def __repr__(self) -> str:
        return f"Play(seat={self.seat}, card={self.card!r})"

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card}"


def _make_bid(seat: int, tricks: int) -> Bid:
    return Bid(seat=seat, tricks=tricks)


def _make_play(seat: int, card: Card) -> Play:
    return Play(seat=seat, card=card)


Action: TypeAlias = Bid | Play
"""Anything :meth:`Round.apply` and :meth:`Match.apply` accept."""

#: ``_BIDS[seat][tricks]``: the shared Bid instances.
_BIDS: Final = tuple(
    tuple(Bid._create(seat, tricks) for tricks in range(_MAX_TRICKS + 1))
    for seat in range(_MAX_SEATS)
)
#: ``_PLAYS[seat][bit]``: the shared Play instances (``None`` where no card has the bit).
_PLAYS: Final = tuple(
    tuple(None if card is None else Play._create(seat, card) for card in CARD_BY_BIT)
    for seat in range(_MAX_SEATS)
)
BIDS: Final[tuple[tuple[Bid, ...], ...]] = _BIDS
PLAYS: Final[tuple[tuple[Play | None, ...], ...]] = _PLAYS
