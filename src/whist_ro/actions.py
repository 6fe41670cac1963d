"""The two things a player can do: bid and play a card.

Both are small immutable values, equal when their fields are equal, and both
are an :class:`Action`.  The engine hands out shared instances from
precomputed tables, so comparing, hashing and storing actions costs nothing
extra.

>>> Bid(seat=1, tricks=0)
Bid(seat=1, tricks=0)
>>> Play(seat=2, card="Ah") == Play(seat=2, card=Card.parse("AH"))
True
"""

from __future__ import annotations

from typing import Final, NoReturn

from whist_ro._check import MAX_WHOLE, excerpt, is_whole
from whist_ro._immutable import Immutable
from whist_ro.cards import CARD_BY_BIT, Card
from whist_ro.errors import ActionTypeError, ActionValueError

__all__ = ["Action", "Bid", "Play"]

# The shared tables cover every seat and bid a real table uses; anything
# else is built on demand (and refused by the rules when applied).
_MAX_SEATS: Final = 8
_MAX_TRICKS: Final = 13


def _whole(value: object, *, name: str, low: int) -> int:
    """``value`` as an int from ``low`` to ``MAX_WHOLE``, else an action error."""
    if not is_whole(value):
        raise ActionTypeError(f"{name} must be a whole number, not {excerpt(value)}")
    number: int = int(value)  # type: ignore[call-overload]
    if not low <= number <= MAX_WHOLE:
        raise ActionValueError(
            f"{name} must be a whole number from {low} to {MAX_WHOLE}, not {excerpt(number)}"
        )
    return number


class Action(Immutable):
    """Anything :meth:`Round.apply <whist_ro.Round.apply>` and ``Match.apply`` accept.

    An action is either a :class:`Bid` or a :class:`Play`; this class is
    their common base, for ``isinstance`` checks and type hints.  It is not
    built itself: build a ``Bid`` or a ``Play``.  Every action has a
    ``seat``, the seat that acts.

    >>> isinstance(Bid(seat=0, tricks=1), Action), isinstance(Play(seat=0, card="Ah"), Action)
    (True, True)
    >>> Action()
    Traceback (most recent call last):
    ...
    whist_ro.errors.ActionTypeError: Action is only the common base: build a Bid or a Play
    """

    __slots__ = ()

    seat: int
    """The seat that acts."""

    def __new__(cls, *args: object, **kwargs: object) -> NoReturn:
        raise ActionTypeError("Action is only the common base: build a Bid or a Play")


class Bid(Action):
    """Seat ``seat`` bids to take exactly ``tricks`` tricks (R-BID-1).

    The range is checked when the bid is applied, so the error can name the
    hand size (R-BID-3); here both numbers need only be whole numbers no
    larger than :data:`~whist_ro._check.MAX_WHOLE` (the seat not negative).

    >>> Bid(seat=0, tricks=2).tricks
    2
    >>> Bid(seat=0, tricks="2")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ActionTypeError: tricks must be a whole number, not '2'
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
        return cls._create(
            _whole(seat, name="seat", low=0), _whole(tricks, name="tricks", low=-MAX_WHOLE)
        )

    @classmethod
    def _create(cls, seat: int, tricks: int) -> Bid:
        bid = object.__new__(cls)
        object.__setattr__(bid, "seat", seat)
        object.__setattr__(bid, "tricks", tricks)
        return bid

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


class Play(Action):
    """Seat ``seat`` plays ``card`` (a :class:`Card` or text such as ``"Ah"``).

    ``card=None`` means "my only card": in a blind 1-card round (R-VIEW-3) a
    seat may not see its own card, so its player view offers this one play,
    which names no card.  It is legal only when the seat holds exactly one
    card.

    >>> Play(seat=3, card="10d").card
    Card.parse('10d')
    >>> Play(seat=3, card=None)
    Play(seat=3, card=None)
    >>> Play(seat=3, card=7)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ActionTypeError: a play needs a Card, text such as 'Ah', or None ..., not 7
    """

    __slots__ = ("card", "seat")

    seat: int
    card: Card | None
    """The card played, or None for "my only card" (R-VIEW-3)."""

    def __new__(cls, *, seat: int, card: Card | str | None) -> Play:
        if card is None:
            if type(seat) is int and 0 <= seat < _MAX_SEATS:
                return _ONLY_CARD[seat]
            return cls._create(_whole(seat, name="seat", low=0), None)
        if not isinstance(card, Card):
            if not isinstance(card, str):
                raise ActionTypeError(
                    "a play needs a Card, text such as 'Ah', or None (my only card), "
                    f"not {excerpt(card)}"
                )
            card = Card.parse(card)
        if type(seat) is int and 0 <= seat < _MAX_SEATS:
            shared = _PLAYS[seat][card.bit]
            assert shared is not None
            return shared
        return cls._create(_whole(seat, name="seat", low=0), card)

    @classmethod
    def _create(cls, seat: int, card: Card | None) -> Play:
        play = object.__new__(cls)
        object.__setattr__(play, "seat", seat)
        object.__setattr__(play, "card", card)
        return play

    def __reduce__(self) -> tuple[object, ...]:
        return (_make_play, (self.seat, self.card))

    def __eq__(self, other: object) -> bool:
        if type(other) is Play:
            return self.seat == other.seat and self.card is other.card
        return NotImplemented

    def __hash__(self) -> int:
        card = self.card
        return hash((Play, self.seat, -1 if card is None else card.bit))

    def __repr__(self) -> str:
        return f"Play(seat={self.seat}, card={self.card!r})"

    def __str__(self) -> str:
        if self.card is None:
            return f"seat {self.seat} plays its only card"
        return f"seat {self.seat} plays {self.card}"


def _make_bid(seat: int, tricks: int) -> Bid:
    return Bid(seat=seat, tricks=tricks)


def _make_play(seat: int, card: Card | None) -> Play:
    return Play(seat=seat, card=card)


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
#: ``_ONLY_CARD[seat]``: the shared "my only card" plays (R-VIEW-3).
_ONLY_CARD: Final = tuple(Play._create(seat, None) for seat in range(_MAX_SEATS))
BIDS: Final[tuple[tuple[Bid, ...], ...]] = _BIDS
PLAYS: Final[tuple[tuple[Play | None, ...], ...]] = _PLAYS
