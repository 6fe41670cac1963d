"""The two things a player can do: bid and play a card.

Both are small immutable values, equal when their fields are equal, and both
are an :class:`Action`.  The engine hands out shared instances from
precomputed tables, so comparing, hashing and storing actions costs nothing
extra.

>>> Bid(seat=1, tricks=0)
Bid(seat=1, tricks=0)
>>> Play(seat=2, card="Ah") == Play(seat=2, card=Card.parse("AH"))
True

Actions travel as data and as text: :meth:`Bid.to_dict` and
:meth:`Play.to_dict` write what views, steps and records hold, and
:func:`action_from_dict` reads it back; :func:`parse_action` reads what a
person types (``"7h"``, ``"bid 3"``) or what ``str(action)`` wrote.

>>> action_from_dict(Play(seat=2, card="Ah").to_dict())
Play(seat=2, card=Card.parse('Ah'))
>>> parse_action("bid 3", seat=1), parse_action(str(Bid(seat=2, tricks=0)))
(Bid(seat=1, tricks=3), Bid(seat=2, tricks=0))
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final, NoReturn

from whist_ro._check import MAX_WHOLE, excerpt, is_whole, located
from whist_ro._immutable import Immutable
from whist_ro.cards import CARD_BY_BIT, Card
from whist_ro.errors import ActionParseError, ActionTypeError, ActionValueError, WhistError
from whist_ro.locale import N_

__all__ = ["Action", "Bid", "Play", "action_from_dict", "parse_action"]

# The shared tables cover every seat and bid a real table uses; anything
# else is built on demand (and refused by the rules when applied).
_MAX_SEATS: Final = 8
_MAX_TRICKS: Final = 13


# The refusals of action_from_dict, as catalogue templates: an engine's answer is read
# with them, and its takeover reason is shown in the reader's language.
_NOT_WHOLE: Final = N_("{name} must be a whole number, not {value}")
_OUT_OF_RANGE: Final = N_("{name} must be a whole number from {low} to {high}, not {value}")
_NOT_AN_OBJECT: Final = N_("an action is an object with 'seat' and 'bid' or 'card', not {value}")
_NOT_A_FIELD: Final = N_("{key} is not a field of an action (its fields: seat, bid, card)")
_NO_SEAT: Final = N_("an action names its seat: 'seat' is missing")
_BOTH: Final = N_("an action holds exactly one of 'bid' and 'card', not both")
_NEITHER: Final = N_("an action holds exactly one of 'bid' and 'card', not neither")
_CARD_NOT_TEXT: Final = N_("a card is written as text such as 'Ah' (or null), not {value}")


def _whole(value: object, *, name: str, low: int) -> int:
    """``value`` as an int from ``low`` to ``MAX_WHOLE``, else an action error."""
    if not is_whole(value):
        raise ActionTypeError(_NOT_WHOLE, evidence={"name": name, "value": excerpt(value)})
    number: int = int(value)  # type: ignore[call-overload]
    if not low <= number <= MAX_WHOLE:
        evidence = {"name": name, "low": low, "high": MAX_WHOLE, "value": excerpt(number)}
        raise ActionValueError(_OUT_OF_RANGE, evidence=evidence)
    return number


def _inside(field: str, error: WhistError) -> ActionParseError:
    """``error``, about the value of the action's ``field``, as that field's parse error."""
    if error.template is None:
        return ActionParseError(f"{field}: {error}", field=field)
    template, evidence = located(field, error.template, **error.evidence)
    return ActionParseError(template, field=field, evidence=evidence)


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

    def to_dict(self) -> dict[str, Any]:
        """The action as JSON-ready data; :func:`action_from_dict` reads it back."""
        raise NotImplementedError  # every concrete action defines it


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

    def to_dict(self) -> dict[str, Any]:
        """``{"seat": ..., "bid": ...}``, as views, steps and records write a bid.

        >>> Bid(seat=1, tricks=3).to_dict()
        {'seat': 1, 'bid': 3}
        """
        return {"seat": self.seat, "bid": self.tricks}


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

    def to_dict(self) -> dict[str, Any]:
        """``{"seat": ..., "card": "Ah"}``, as views, steps and records write a play.

        "My only card" (R-VIEW-3) is written with ``"card": None`` (JSON ``null``).

        >>> Play(seat=0, card="10d").to_dict(), Play(seat=0, card=None).to_dict()
        ({'seat': 0, 'card': '10d'}, {'seat': 0, 'card': None})
        """
        card = self.card
        return {"seat": self.seat, "card": None if card is None else str(card)}


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """The action that ``data`` describes: the exact inverse of ``action.to_dict()``.

    ``data`` holds ``"seat"`` and exactly one of ``"bid"`` (a whole number)
    and ``"card"`` (card text such as ``"Ah"``, or None for "my only card",
    R-VIEW-3), and nothing else: the action dicts that views
    (``legal_actions``), steps and match records write.  Anything else
    raises :class:`~whist_ro.errors.ActionParseError`, whose ``field``
    names the key at fault; nothing is guessed.  Whether the action is
    legal is for :meth:`Round.apply <whist_ro.Round.apply>` to say.

    >>> action_from_dict({"seat": 0, "bid": 2})
    Bid(seat=0, tricks=2)
    >>> action_from_dict({"seat": 3, "card": None})
    Play(seat=3, card=None)
    >>> action_from_dict({"seat": 0, "card": "Ah", "bid": 1})
    Traceback (most recent call last):
    ...
    whist_ro.errors.ActionParseError: an action holds exactly one of 'bid' and 'card', not both
    >>> action_from_dict({"seat": "0", "bid": 1})
    Traceback (most recent call last):
    ...
    whist_ro.errors.ActionParseError: seat: seat must be a whole number, not '0'
    """
    if not isinstance(data, Mapping):
        raise ActionParseError(_NOT_AN_OBJECT, field="", evidence={"value": excerpt(data)})
    for key in data:
        if key not in _DICT_KEYS:
            raise ActionParseError(
                _NOT_A_FIELD,
                field=key if isinstance(key, str) else "",
                evidence={"key": excerpt(key)},
            )
    if "seat" not in data:
        raise ActionParseError(_NO_SEAT, field="seat", evidence={})
    has_bid, has_card = "bid" in data, "card" in data
    if has_bid == has_card:
        raise ActionParseError(_BOTH if has_bid else _NEITHER, field="", evidence={})
    try:
        seat = _whole(data["seat"], name="seat", low=0)
    except WhistError as error:
        raise _inside("seat", error) from None
    if has_bid:
        try:
            return Bid(seat=seat, tricks=_whole(data["bid"], name="bid", low=0))
        except WhistError as error:
            raise _inside("bid", error) from None
    card = data["card"]
    if card is None:
        return Play(seat=seat, card=None)
    if not isinstance(card, str):
        raise _inside(
            "card", ActionParseError(_CARD_NOT_TEXT, field="", evidence={"value": excerpt(card)})
        )
    try:
        return Play(seat=seat, card=Card.parse(card))
    except WhistError as error:
        raise _inside("card", error) from None


_DICT_KEYS: Final = frozenset({"seat", "bid", "card"})
_MAX_TEXT: Final = 40
# What str(action) writes, so that parse_action(str(a)) == a.
_STR_FORM: Final = re.compile(
    r"seat\s+(?P<seat>[0-9]{1,3})\s+"
    r"(?:bids\s+(?P<bid>[0-9]{1,3})|plays\s+(?P<card>its only card|\S+))\Z"
)
_ONLY_CARD_WORDS: Final = frozenset(
    {"card", "only", "its only card", "my only card", "play card", "play only"}
)
_MAX_DIGITS: Final = 9


def parse_action(text: str, *, seat: int | None = None) -> Action:
    """The action ``text`` describes, for ``seat`` unless the text names its seat.

    Reads what a person types and what the library writes:

    - a bid: ``"3"``, ``"bid 3"``, ``"b3"`` (the round notation writes bids
      as bare numbers);
    - a play: card text as :meth:`Card.parse <whist_ro.Card.parse>` reads it
      (``"7h"``, ``"10d"``, ``"Tc"``, ``"K♠"``), optionally after
      ``"play"``; ``"card"`` (or ``"only"``) for "my only card" in a blind
      round (R-VIEW-3);
    - ``str(action)``: ``"seat 2 bids 0"``, ``"seat 1 plays Ah"``,
      ``"seat 1 plays its only card"``; the seat in the text must then
      agree with ``seat`` when both are given.

    Case and surrounding spaces do not matter.  Only the form is checked
    here; :meth:`Match.parse_action <whist_ro.Match.parse_action>` and
    :meth:`Round.parse_action <whist_ro.Round.parse_action>` read text for
    the seat to act and refuse what the rules refuse.

    >>> parse_action("7h", seat=2)
    Play(seat=2, card=Card.parse('7h'))
    >>> parse_action(" BID 0 ", seat=1), parse_action("card", seat=1)
    (Bid(seat=1, tricks=0), Play(seat=1, card=None))
    >>> parse_action("seat 1 plays Ah", seat=2)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ActionParseError: 'seat 1 plays Ah' is an action of seat 1, not of seat 2
    >>> parse_action("7x", seat=0)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ActionParseError: cannot read '7x' as an action: it is neither a bid ...
    """
    if not isinstance(text, str):
        raise ActionParseError(f"an action is read from text, not {excerpt(text)}", field="")
    if seat is not None:
        seat = _whole(seat, name="seat", low=0)
    raw = " ".join(text.split()).lower()
    if len(raw) > _MAX_TEXT:
        raise ActionParseError(
            f"cannot read {excerpt(text)} as an action: at most {_MAX_TEXT} characters",
            field="",
        )
    named = _STR_FORM.match(raw)
    if named is not None:
        written = int(named["seat"])
        if seat is not None and written != seat:
            raise ActionParseError(
                f"{excerpt(text.strip())} is an action of seat {written}, not of seat {seat}",
                field="seat",
            )
        seat = written
        raw = named["bid"] if named["bid"] is not None else named["card"]
    elif raw.startswith("seat ") and raw[5:6].isdigit():
        raise ActionParseError(
            f"cannot read {excerpt(text)} as an action: write 'seat N bids B' or "
            "'seat N plays CARD'",
            field="",
        )
    if seat is None:
        raise ActionParseError(
            f"{excerpt(text)} does not say which seat acts, and no seat was given", field="seat"
        )
    return _read_move(raw, seat, text)


def _read_move(raw: str, seat: int, text: str) -> Action:
    """A bid or a play of ``seat`` from the lower-cased, space-normalised ``raw``."""
    if raw in _ONLY_CARD_WORDS:
        return Play(seat=seat, card=None)
    number = raw.removeprefix("bid").removeprefix("b").strip()
    if number.isascii() and number.isdigit():  # isdigit() alone also passes "²"
        if len(number) > _MAX_DIGITS:
            raise ActionParseError(
                f"cannot read {excerpt(text)} as an action: a bid of {len(number)} digits",
                field="bid",
            )
        return Bid(seat=seat, tricks=int(number))
    try:
        return Play(seat=seat, card=Card.parse(raw.removeprefix("play ")))
    except WhistError as error:
        raise ActionParseError(
            f"cannot read {excerpt(text)} as an action: it is neither a bid (a number) "
            f"nor a card such as 'Ah' or '10d' ({error})",
            field="",
        ) from None


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
