"""The match record: a versioned JSON document and the :class:`Record` value it loads into.

A record holds what a table needs to settle a dispute: the variant, the
players, and for every round the dealer, the hands as dealt, the turn-up
and every action in order.  Optional parts: the totals the table claimed,
seats handed to a bot (R-SEAT-1), how the match ended early (R-END-3), the
seed (only on request, as it reveals every future deal) and a free
``meta`` object.  docs/records.md documents the format field by field.

:func:`loads` checks structure and types strictly and names the JSON path
of the first problem; whether the *play* was legal is
:func:`~whist_ro.records.adjudicate`'s question, not the loader's.

>>> import whist_ro as wr
>>> from whist_ro import records
>>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
>>> m = m.apply(m.legal_actions()[0])
>>> text = records.dumps(records.to_record(m))
>>> records.dumps(records.loads(text)) == text
True
>>> records.loads(text.replace('"bid": 0', '"bid": -1'))
Traceback (most recent call last):
...
whist_ro.errors.RecordError: rounds[0].actions[0].bid: expected a whole number from 0 to 52, not -1
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final, Literal

import attrs

from whist_ro import locale, variants
from whist_ro._check import (
    MAX_NAME,
    MAX_WHOLE,
    check_seed,
    excerpt,
    is_whole,
    shown_names,
    valid_text,
)
from whist_ro._check import names as check_names
from whist_ro._deprecation import moved_names
from whist_ro._immutable import FrozenMapping, Immutable
from whist_ro._text import Sentence
from whist_ro.actions import Action, Bid, Play, action_from_dict
from whist_ro.cards import Card, as_card
from whist_ro.engine import seats
from whist_ro.engine.seats import MAX_TRACEBACK, Reclaim
from whist_ro.errors import ActionParseError, ConfigurationError, RecordError, WhistError
from whist_ro.locale import N_, NP_
from whist_ro.records.files import Source, Target, read_source, write_text
from whist_ro.records.schema import (
    JSON_TEXT,
    MAX_CHARS,
    MAX_DEPTH,
    card,
    child,
    fail_at,
    integer,
    listed,
    mapping,
    parse_json,
    quoting,
    text,
)
from whist_ro.schedule import player_count_refusal
from whist_ro.variants import Variant, check_variant

if TYPE_CHECKING:
    from whist_ro.engine.round import Round

__all__ = [
    "FORMAT",
    "READ_VERSIONS",
    "VERSION",
    "Ending",
    "Reclaim",
    "Record",
    "RoundRecord",
    "dump",
    "dumps",
    "load",
    "loads",
]

# Takeover is defined in whist_ro.engine.seats (and exported as whist_ro.Takeover);
# its old name here warns.
if not TYPE_CHECKING:  # a type checker no longer sees the moved names (docs/stability.md)
    __getattr__ = moved_names(__name__, {"Takeover": "whist_ro.engine.seats:Takeover"})

FORMAT: Final = "whist-ro-record"
"""The value of a record's ``"format"`` field."""
VERSION: Final = 2
"""The record format version this library writes."""
READ_VERSIONS: Final = (1, 2)
"""The versions this library reads: version 2 only adds optional fields to version 1."""

_MAX_ROUNDS: Final = variants.MAX_ROUNDS
_MAX_NAME: Final = MAX_NAME
_MAX_REASON: Final = 500
_MAX_ENGINE: Final = 200
_MAX_CARDS: Final = 52
_MAX_SEAT_LIST: Final = 8
_WIDTH: Final = 88  # dumps keeps a list or object on one line when it fits


_MAX_ACTIONS: Final = _MAX_SEAT_LIST + _MAX_CARDS  # 6 bids and 6 hands of 8, or 52 plays
_MAX_META: Final = 1_000_000  # characters of meta's JSON: a record stays under MAX_CHARS
_MAX_META_DEPTH: Final = MAX_DEPTH - 1  # meta sits one level inside the record


# The refusals of a record's reading and building, as catalogue templates.
_LIST_OF: Final = N_("expected a list of {what}, not {value}")
_AT_MOST: Final = N_("expected at most {high} {what}, not more")
_META_DEPTH: Final = N_("meta may nest at most {most} levels")
_META_NUMBER: Final = N_("a number in meta fits in 63 bits, not {value}")
_NO_SUCH_NUMBER: Final = N_("JSON has no {value}")
_META_KEY: Final = N_("meta keys are text, not {value}")
_META_VALUE: Final = N_(
    "meta holds JSON data (objects, lists, text, numbers, true, false, null), not {value}"
)
_EXPECTED_OBJECT: Final = N_("expected an object, not {value}")
_META_SIZE: Final = N_("meta takes {size} characters of JSON; at most {most}")
_EXPECTED_ACTION: Final = N_("expected a Bid or a Play, not {value}")
_EVERY_CARD: Final = N_("a record names every card played")
_EVERY_CARD_NOT_NULL: Final = N_("a record names every card played, not null")
_SEAT_TWICE: Final = N_("a seat is named twice")
_NO_SIDE: Final = N_("an abandoned match has no conceding side, not {value}")
_NO_DISCONNECTED: Final = N_("a conceded match has no disconnected seats")
_ENDING: Final = N_("expected 'abandoned' or 'conceded', not {value}")
_EXPECTED_ROUND: Final = N_("expected a RoundRecord, not {value}")
_EXPECTED_ENDING: Final = N_("expected an Ending or None, not {value}")
_SEED: Final = N_(
    "expected an int of at most 63 bits or valid Unicode text of at most 200 characters, "
    "not {value}"
)
_SCORER: Final = N_(
    "a variant with a custom scorer cannot be recorded; a callable has no portable text form "
    "(use the made_base, made_per_trick and miss_per_trick settings)"
)
_PRESET_NAME: Final = N_("expected a preset name or None, not {value}")
_PRESET_SPELLING: Final = N_("write the preset's name {name}, not {value}")
_PRESET_DIFFERS: Final = N_(
    "{name} names a preset, but the variant differs from it in {settings}; the preset of a "
    "house variant is None"
)
_NO_ROUNDS: Final = N_("a record holds at least one round")
_HAND_PER_PLAYER: Final = N_("expected one hand per player ({players}), not {count}")
_CARDS: Final = NP_("{n:,} card", "{n:,} cards")
_ACTIONS: Final = NP_("{n:,} action", "{n:,} actions")
_ACTIONS_OVER: Final = NP_(
    "a round of {cards} for {players} players has {full}; {n} is recorded",
    "a round of {cards} for {players} players has {full}; {n} are recorded",
)
_ACTIONS_SHORT: Final = NP_(
    "a round of {cards} for {players} players has {full}; {n} is recorded and a later round "
    "follows",
    "a round of {cards} for {players} players has {full}; {n} are recorded and a later round "
    "follows",
)
_TOTAL_PER_PLAYER: Final = N_("expected one total per player ({players}), not {count}")
_ENGINE_PER_PLAYER: Final = N_("expected one entry per player ({players}), not {count}")
_FORMAT: Final = N_("expected {format}, not {value}")
_VERSIONS: Final = N_("this library reads versions {versions}, not {value}")
_CONFIG_MISSING: Final = N_("missing (it may be left out only when variant.name names a preset)")
_CONFIG_DIFFERS: Final = N_(
    "variant.name says {name}, but the config differs from that preset in {settings}; write "
    "null as the name of a house variant"
)


def _fail(path: str, message: str) -> RecordError:
    return RecordError(f"{path}: {message}", path=path)


def _sequence(value: object, path: str, *, high: int, what: str) -> tuple[Any, ...]:
    """The items of a list or tuple (or other finite iterable) of at most ``high`` items.

    ``what`` names the items (a marked message, so it is translated).
    """
    if isinstance(value, (str, bytes, bytearray, Mapping)) or not isinstance(value, Iterable):
        raise fail_at(path, _LIST_OF, what=Sentence(what), value=excerpt(value))
    taken = tuple(itertools.islice(value, high + 1))
    if len(taken) > high:
        raise fail_at(path, _AT_MOST, high=high, what=Sentence(what))
    return taken


def _meta_value(value: object, path: str, depth: int) -> Any:
    """A frozen copy of free JSON data, refusing what JSON cannot carry back exactly."""
    if depth > _MAX_META_DEPTH:
        raise fail_at(path, _META_DEPTH, most=_MAX_META_DEPTH)
    if value is None or isinstance(value, bool):
        return value
    if is_whole(value):
        assert isinstance(value, int)
        if value.bit_length() > 63:
            raise fail_at(path, _META_NUMBER, value=excerpt(value))
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise fail_at(path, _NO_SUCH_NUMBER, value=value)
        return value
    if isinstance(value, str):
        return text(value, path, high=_MAX_META)
    if isinstance(value, Mapping):
        frozen = {}
        for key, item in value.items():
            if not isinstance(key, str) or not valid_text(key):
                raise fail_at(path, _META_KEY, value=excerpt(key))
            frozen[key] = _meta_value(item, child(path, key), depth + 1)
        return FrozenMapping(frozen)
    if isinstance(value, (list, tuple)):
        return tuple(_meta_value(item, child(path, i), depth + 1) for i, item in enumerate(value))
    raise fail_at(path, _META_VALUE, value=excerpt(value))


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def _meta(value: object) -> Mapping[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise fail_at("meta", _EXPECTED_OBJECT, value=excerpt(value))
    frozen: Mapping[str, Any] = _meta_value(value, "meta", 1)
    size = len(json.dumps(_thaw(frozen), ensure_ascii=False))
    if size > _MAX_META:
        raise fail_at("meta", _META_SIZE, size=size, most=_MAX_META)
    return frozen


def _card_at(value: object, path: str) -> Card:
    try:
        return as_card(value)
    except WhistError as error:
        raise quoting(path, error) from None


def _hands(value: object) -> tuple[tuple[Card, ...], ...]:
    hands = _sequence(value, "hands", high=_MAX_SEAT_LIST, what=N_("hands"))
    out = []
    for seat, hand in enumerate(hands):
        where = child("hands", seat)
        cards = _sequence(hand, where, high=_MAX_CARDS, what=N_("cards"))
        if not all(isinstance(c, Card) for c in cards):  # card text: read it, naming its place
            cards = tuple(_card_at(c, child(where, i)) for i, c in enumerate(cards))
        out.append(cards)
    return tuple(out)


def _turn_up(value: object) -> Card | None:
    return None if value is None else _card_at(value, "turn_up")


def _actions(value: object) -> tuple[Action, ...]:
    actions = _sequence(value, "actions", high=_MAX_ACTIONS, what=N_("bids and plays"))
    for i, action in enumerate(actions):
        if not isinstance(action, (Bid, Play)):
            raise fail_at(child("actions", i), _EXPECTED_ACTION, value=excerpt(action))
        if isinstance(action, Play) and action.card is None:
            # Only a seat's view may leave the card unnamed (R-VIEW-3); a record names it.
            raise fail_at(child(child("actions", i), "card"), _EVERY_CARD)
        if isinstance(action, Bid):
            integer(action.tricks, child(child("actions", i), "bid"), low=0, high=_MAX_CARDS)
    return actions


def _dealer(_: object, __: object, value: Any) -> None:
    integer(value, "dealer", low=0, high=_MAX_SEAT_LIST - 1)


@attrs.frozen(kw_only=True)
class RoundRecord(Immutable):
    """One round of a record: the deal as written and its actions in order.

    The deal is kept as written (a :class:`~whist_ro.Deal` is built, and
    checked, when the record is replayed), so a record of a misdealt round
    can still be loaded and adjudicated.

    >>> import whist_ro as wr
    >>> r = RoundRecord(dealer=2, hands=[["Ah"], ["Kh"], ["Qh"]], turn_up="Jh",
    ...                 actions=[wr.Bid(seat=0, tricks=1)])
    >>> r.hand_size, r.to_dict()["actions"]
    (1, [{'seat': 0, 'bid': 1}])
    """

    dealer: int = attrs.field(validator=_dealer)
    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    turn_up: Card | None = attrs.field(default=None, converter=_turn_up)
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_actions)

    @classmethod
    def of_round(cls, round_: Round) -> RoundRecord:
        """A round's deal as dealt and its actions so far, as a record writes them.

        >>> import whist_ro as wr
        >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2,
        ...                         turn_up="Jh").apply(wr.Bid(seat=0, tricks=1))
        >>> RoundRecord.of_round(r).to_dict()  # doctest: +NORMALIZE_WHITESPACE
        {'dealer': 2, 'hands': [['Ah'], ['Kh'], ['Qh']], 'turn_up': 'Jh',
         'actions': [{'seat': 0, 'bid': 1}]}
        """
        deal = round_.deal
        return cls(
            dealer=deal.dealer,
            hands=[tuple(hand) for hand in deal.hands],
            turn_up=deal.turn_up,
            actions=round_.actions,
        )

    @property
    def hand_size(self) -> int:
        """The number of cards in the largest hand (equal hands are a rule: R-DECK-4)."""
        return max((len(h) for h in self.hands), default=0)

    def to_dict(self) -> dict[str, Any]:
        """The round as JSON-ready data, in the record's field order."""
        return {
            "dealer": self.dealer,
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "turn_up": None if self.turn_up is None else str(self.turn_up),
            "actions": [a.to_dict() for a in self.actions],
        }


def _seats(value: object) -> tuple[int, ...]:
    path = "ended.disconnected"
    seats = _sequence(value, path, high=_MAX_SEAT_LIST, what=N_("seats"))
    for i, seat in enumerate(seats):
        integer(seat, child(path, i), low=0, high=_MAX_SEAT_LIST - 1)
    if len(set(seats)) != len(seats):
        raise fail_at(path, _SEAT_TWICE)
    return seats


@attrs.frozen(kw_only=True)
class Ending(Immutable):
    """How a match was cut short (R-END-3), with what ``Match.abandon``/``concede`` take.

    ``how`` is ``"abandoned"`` (exact-bid family, between rounds; the
    ``disconnected`` seats are charged by R-RANK-5) or ``"conceded"``
    (classic; ``side`` 0 is seats 0 and 2, side 1 seats 1 and 3).  An
    abandoned match has no ``side`` and a conceded one no ``disconnected``
    seats; anything else is refused with :class:`~whist_ro.errors.RecordError`.

    >>> Ending(how="conceded", side=1).to_dict()
    {'how': 'conceded', 'side': 1}
    >>> Ending(how="abandoned", side=1)
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: ended.side: an abandoned match has no conceding side, not 1
    """

    how: Literal["abandoned", "conceded"]
    disconnected: tuple[int, ...] = attrs.field(default=(), converter=_seats)
    side: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.how == "abandoned":
            if self.side is not None:
                raise fail_at("ended.side", _NO_SIDE, value=excerpt(self.side))
        elif self.how == "conceded":
            integer(self.side, "ended.side", low=0, high=1)
            if self.disconnected:
                raise fail_at("ended.disconnected", _NO_DISCONNECTED)
        else:
            raise fail_at("ended.how", _ENDING, value=excerpt(self.how))

    def to_dict(self) -> dict[str, Any]:
        """The ending as JSON-ready data."""
        if self.how == "abandoned":
            return {"how": "abandoned", "disconnected": list(self.disconnected)}
        return {"how": "conceded", "side": self.side}


def _names(value: object) -> tuple[str, ...]:
    names = _sequence(value, "players", high=_MAX_SEAT_LIST, what=N_("names"))
    return tuple(text(n, child("players", i), high=_MAX_NAME) for i, n in enumerate(names))


def _rounds(value: object) -> tuple[RoundRecord, ...]:
    rounds = _sequence(value, "rounds", high=_MAX_ROUNDS, what=N_("rounds"))
    for i, round_ in enumerate(rounds):
        if not isinstance(round_, RoundRecord):
            raise fail_at(child("rounds", i), _EXPECTED_ROUND, value=excerpt(round_))
    return rounds


def _totals(value: object) -> tuple[int, ...] | None:
    if value is None:
        return None
    totals = _sequence(value, "claimed_totals", high=_MAX_SEAT_LIST, what=N_("totals"))
    for i, total in enumerate(totals):
        integer(total, child("claimed_totals", i), low=-MAX_WHOLE, high=MAX_WHOLE)
    return totals


def _takeovers(value: object) -> tuple[seats.Takeover, ...]:
    takeovers = _sequence(value, "takeovers", high=_MAX_ROUNDS, what="takeovers")
    for i, takeover in enumerate(takeovers):
        if not isinstance(takeover, seats.Takeover):
            raise _fail(child("takeovers", i), f"expected a Takeover, not {excerpt(takeover)}")
    return takeovers


def _reclaims(value: object) -> tuple[Reclaim, ...]:
    reclaims = _sequence(value, "reclaims", high=_MAX_ROUNDS, what="reclaims")
    for i, reclaim in enumerate(reclaims):
        if not isinstance(reclaim, Reclaim):
            raise _fail(child("reclaims", i), f"expected a Reclaim, not {excerpt(reclaim)}")
    return reclaims


def _engines(value: object) -> tuple[str | None, ...] | None:
    if value is None:
        return None
    return _sequence(value, "engines", high=_MAX_SEAT_LIST, what=N_("engine names"))


def _ended(_: object, __: object, value: Any) -> None:
    if value is not None and not isinstance(value, Ending):
        raise fail_at("ended", _EXPECTED_ENDING, value=excerpt(value))


def _seed(_: object, __: object, value: Any) -> None:
    if value is None:
        return
    try:
        if not isinstance(check_seed(value), (int, str)):  # a Random: not a value to write
            raise WhistError(f"not {excerpt(value)}")
    except WhistError:
        raise fail_at("seed", _SEED, value=excerpt(value)) from None


def _variant(_: object, __: object, value: Any) -> None:
    try:
        check_variant(value)
    except ConfigurationError as error:
        raise RecordError("{what}", path="variant", evidence={"what": error}) from None
    if value.scorer is not None:
        raise fail_at("variant.config.scorer", _SCORER)


@attrs.frozen(kw_only=True)
class Record(Immutable):
    """A match record in memory: what :func:`loads` returns and :func:`dumps` writes.

    ``preset`` is the preset name written as ``variant.name`` (None for a
    house variant); ``variant`` is the full configuration.  ``players``
    are the seat names in seat order.  ``takeovers`` and ``reclaims`` note
    each seat handed to a bot and taken back (R-SEAT-1); ``engines`` names
    the engine program that played each seat, or None for a seat no engine
    played (version 2).  A record written before names were refused their
    bidirectional controls (U+202E ...) may hold them: it still loads,
    :attr:`names` shows them, and :func:`~whist_ro.records.to_record`
    refuses them in a new record.  The last round may be unfinished;
    every earlier one holds all its actions.  Cross-field consistency
    (one hand per player, seats in range, complete rounds) is checked on
    construction and refused with :class:`~whist_ro.errors.RecordError`
    naming the path.

    >>> import whist_ro as wr
    >>> r = Record(variant=wr.variants.ROMANIAN, preset="romanian", players=["a", "b", "c"],
    ...            rounds=[RoundRecord(dealer=5, hands=[["Ah"], ["Kh"], ["Qh"]], turn_up="Jh")])
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: rounds[0].dealer: expected a whole number from 0 to 2, not 5
    """

    variant: Variant = attrs.field(validator=_variant)
    preset: str | None
    players: tuple[str, ...] = attrs.field(converter=_names)
    rounds: tuple[RoundRecord, ...] = attrs.field(converter=_rounds)
    claimed_totals: tuple[int, ...] | None = attrs.field(default=None, converter=_totals)
    takeovers: tuple[seats.Takeover, ...] = attrs.field(default=(), converter=_takeovers)
    reclaims: tuple[Reclaim, ...] = attrs.field(default=(), converter=_reclaims)
    engines: tuple[str | None, ...] | None = attrs.field(default=None, converter=_engines)
    ended: Ending | None = attrs.field(default=None, validator=_ended)
    seed: int | str | None = attrs.field(default=None, validator=_seed)
    meta: Mapping[str, Any] | None = attrs.field(default=None, converter=_meta, hash=False)

    def __attrs_post_init__(self) -> None:
        _check_record(self)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names as they are shown: ``players`` with bidirectional controls visible.

        A name stored before those characters were refused (U+202A to
        U+202E, U+2066 to U+2069) shows each as ``<U+202E>``, so it cannot
        reorder the text around it; the match a record replays to carries
        these names.  Every other name is shown as stored.

        >>> import whist_ro as wr
        >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
        >>> old = attrs.evolve(m.to_record(), players=["Ana", "Bo\\u202e01-", "Cici"])
        >>> old.names
        ('Ana', 'Bo<U+202E>01-', 'Cici')
        """
        return shown_names(self.players)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the record in order, across its rounds."""
        return tuple(a for r in self.rounds for a in r.actions)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data, in the documented field order.

        >>> import whist_ro as wr
        >>> record = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1).to_record()
        >>> list(record.to_dict())
        ['format', 'version', 'variant', 'players', 'rounds']
        """
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "variant": {"name": self.preset, "config": self.variant.to_dict()},
            "players": list(self.players),
        }
        if self.seed is not None:
            data["seed"] = self.seed
        data["rounds"] = [r.to_dict() for r in self.rounds]
        if self.claimed_totals is not None:
            data["claimed_totals"] = list(self.claimed_totals)
        if self.takeovers:
            data["takeovers"] = [t.to_dict() for t in self.takeovers]
        if self.reclaims:
            data["reclaims"] = [r.to_dict() for r in self.reclaims]
        if self.engines is not None:
            data["engines"] = list(self.engines)
        if self.ended is not None:
            data["ended"] = self.ended.to_dict()
        if self.meta is not None:
            data["meta"] = _thaw(self.meta)
        return data


def preset_name(variant: Variant) -> str | None:
    """The preset name of ``variant``, or None when it is not a registered preset.

    >>> import attrs, whist_ro as wr
    >>> house = attrs.evolve(wr.variants.INVERTED, hook=False)
    >>> preset_name(wr.variants.INVERTED), preset_name(house)
    ('inverted', None)
    """
    try:
        found = variants.get(variant.name)
    except WhistError:
        return None
    return variant.name if found == variant else None


def _full_length(variant: Variant, players: int, hand_size: int) -> int:
    return (0 if variant.is_classic else players) + players * hand_size


def _check_preset(record: Record) -> None:
    """A preset name must be the registered name of a preset equal to the variant."""
    name = record.preset
    if name is None:
        return
    if not isinstance(name, str):
        raise fail_at("preset", _PRESET_NAME, value=excerpt(name))
    try:
        found = variants.get(name)
    except WhistError as error:
        raise quoting("preset", error) from None
    if found.name != name:
        raise fail_at("preset", _PRESET_SPELLING, name=repr(found.name), value=excerpt(name))
    if found != record.variant:
        differ = _differing(record.variant, found)
        raise fail_at("preset", _PRESET_DIFFERS, name=repr(name), settings=", ".join(differ))


def _differing(variant: Variant, preset: Variant) -> list[str]:
    """The settings in which ``variant`` differs from ``preset``."""
    return [f for f in Variant.to_dict(variant) if getattr(variant, f) != getattr(preset, f)]


def _check_record(record: Record) -> None:
    """Cross-field checks: every count and seat agrees with the number of players."""
    variant = record.variant
    _check_preset(record)
    players = len(record.players)
    refusal = player_count_refusal(variant, players)
    if refusal is not None:
        raise quoting("players", refusal)
    if not record.rounds:
        raise fail_at("rounds", _NO_ROUNDS)
    last = len(record.rounds) - 1
    for index, round_ in enumerate(record.rounds):
        where = child("rounds", index)
        integer(round_.dealer, child(where, "dealer"), low=0, high=players - 1)
        if len(round_.hands) != players:
            raise fail_at(
                child(where, "hands"), _HAND_PER_PLAYER, players=players, count=len(round_.hands)
            )
        full = _full_length(variant, players, round_.hand_size)
        for number, action in enumerate(round_.actions):
            integer(
                action.seat,
                child(child(child(where, "actions"), number), "seat"),
                low=0,
                high=players - 1,
            )
        actions = len(round_.actions)
        if actions > full or (index < last and actions != full):
            why = Sentence.plural(
                _ACTIONS_OVER if actions > full else _ACTIONS_SHORT,
                actions,
                cards=Sentence.plural(_CARDS, round_.hand_size),
                players=players,
                full=Sentence.plural(_ACTIONS, full),
            )
            raise quoting(child(where, "actions"), why)
    if record.claimed_totals is not None and len(record.claimed_totals) != players:
        raise fail_at(
            "claimed_totals",
            _TOTAL_PER_PLAYER,
            players=players,
            count=len(record.claimed_totals),
        )
    try:
        # A record read back may hold names from before bidirectional controls were
        # refused: stored, not refused (to_record refuses them in a new record).
        check_names(record.players, players=players, field="players", stored=True)
    except ConfigurationError as error:
        raise quoting("players", error) from None
    changes: list[tuple[str, seats.Takeover | Reclaim]] = [
        *((child("takeovers", i), t) for i, t in enumerate(record.takeovers)),
        *((child("reclaims", i), r) for i, r in enumerate(record.reclaims)),
    ]
    for where, change in changes:
        at = integer(change.round, child(where, "round"), low=1, high=len(record.rounds))
        size = record.rounds[at - 1].hand_size
        integer(change.trick, child(where, "trick"), low=0, high=size)
        integer(change.seat, child(where, "seat"), low=0, high=players - 1)
        _optional_text(change.agent, child(where, "agent"), high=_MAX_NAME)
    for number, takeover in enumerate(record.takeovers):
        where = child("takeovers", number)
        text(takeover.reason, child(where, "reason"), high=_MAX_REASON)
        _optional_text(takeover.by, child(where, "by"), high=_MAX_NAME)
        _optional_text(takeover.error, child(where, "error"), high=_MAX_NAME)
        _optional_text(takeover.traceback, child(where, "traceback"), high=MAX_TRACEBACK)
        _read_translations(dict(takeover.translations), child(where, "translations"))
    if record.engines is not None:
        if len(record.engines) != players:
            raise fail_at("engines", _ENGINE_PER_PLAYER, players=players, count=len(record.engines))
        for seat, engine in enumerate(record.engines):
            _optional_text(engine, child("engines", seat), high=_MAX_ENGINE)
    ended = record.ended
    if ended is not None:
        for number, seat in enumerate(ended.disconnected):
            integer(seat, child(child("ended", "disconnected"), number), low=0, high=players - 1)
    _check_size(record)


# What one item can take in the JSON dumps writes, at most: a character of text
# escaped (\u0000), and an item on a line of its own, indented, with its comma.
_ESCAPED: Final = 6
_LINE: Final = 48


def _text_bound(*texts: str | None) -> int:
    return sum(_ESCAPED * len(t) + _LINE for t in texts if t is not None)


def _json_bound(value: Any) -> int:
    """At most how many characters ``_emit`` writes for ``value`` (meta's frozen data)."""
    if isinstance(value, str):
        return _text_bound(value)
    if isinstance(value, Mapping):
        return _LINE + sum(_text_bound(k) + _json_bound(v) for k, v in value.items())
    if isinstance(value, tuple):
        return _LINE + sum(_json_bound(v) for v in value)
    return _LINE + 25  # null, true, false, a 63-bit int or a float's repr


def _check_size(record: Record) -> None:
    """A record that can be built can be read back: its JSON fits in :data:`MAX_CHARS`.

    A cheap bound first (every character of text counted as escaped); only a
    record whose bound passes the cap is written out to be measured.
    """
    bound = len(json.dumps(record.variant.to_dict())) * 2 + 1000
    bound += _text_bound(*record.players, *(e for e in record.engines or ()))
    bound += _text_bound(record.seed if isinstance(record.seed, str) else None)
    for round_ in record.rounds:
        cards = sum(len(hand) for hand in round_.hands)
        bound += 200 + _LINE * (cards + len(round_.actions) + len(round_.hands))
    for takeover in record.takeovers:
        bound += 4 * _LINE + _text_bound(
            takeover.reason,
            takeover.agent,
            takeover.by,
            takeover.error,
            takeover.traceback,
            *takeover.translations.keys(),
            *takeover.translations.values(),
        )
    for reclaim in record.reclaims:
        bound += 4 * _LINE + _text_bound(reclaim.agent)
    if record.meta is not None:
        bound += _json_bound(record.meta)
    if bound <= MAX_CHARS:
        return
    size = len(_emit(record.to_dict(), 0)) + 1
    if size > MAX_CHARS:
        raise RecordError(
            f"the record takes {size:,} characters of JSON; loads reads at most "
            f"{MAX_CHARS:,}, so it could not be read back (shorten meta or the takeovers' "
            "texts)"
        )


def _optional_text(value: object, path: str, *, high: int) -> str | None:
    return None if value is None else text(value, path, high=high)


def _read_translations(value: object, path: str) -> dict[str, str]:
    """A takeover's reason in the other languages: ``{"ro": text}``, English being ``reason``."""
    data = mapping(value, path, optional=locale.LANGUAGES[1:])
    return {lang: text(data[lang], child(path, lang), high=_MAX_REASON) for lang in data}


# -- reading -------------------------------------------------------------------------


def _read_action(value: object, path: str) -> Action:
    data = mapping(value, path, required=("seat",), optional=("bid", "card"))
    # The record's own bounds first, so the path names the field; then the one reader.
    integer(data["seat"], child(path, "seat"), low=0, high=_MAX_SEAT_LIST - 1)
    if "bid" in data:
        integer(data["bid"], child(path, "bid"), low=0, high=_MAX_CARDS)
    try:
        action = action_from_dict(data)
    except ActionParseError as error:
        raise quoting(child(path, error.field) if error.field else path, error) from None
    if isinstance(action, Play) and action.card is None:
        # Only a seat's view may leave the card unnamed (R-VIEW-3); a record names it.
        raise fail_at(child(path, "card"), _EVERY_CARD_NOT_NULL)
    return action


def _read_round(value: object, path: str) -> RoundRecord:
    data = mapping(value, path, required=("dealer", "hands", "turn_up", "actions"))
    dealer = integer(data["dealer"], child(path, "dealer"), low=0, high=_MAX_SEAT_LIST - 1)
    hands_path = child(path, "hands")
    hands = []
    for seat, hand in enumerate(listed(data["hands"], hands_path, high=_MAX_SEAT_LIST)):
        hand_path = child(hands_path, seat)
        hands.append(
            tuple(
                card(c, child(hand_path, i))
                for i, c in enumerate(listed(hand, hand_path, high=_MAX_CARDS))
            )
        )
    raw_turn_up = data["turn_up"]
    turn_up = None if raw_turn_up is None else card(raw_turn_up, child(path, "turn_up"))
    actions_path = child(path, "actions")
    raw = listed(data["actions"], actions_path, high=_MAX_ACTIONS)
    actions = tuple(_read_action(a, child(actions_path, i)) for i, a in enumerate(raw))
    return RoundRecord(dealer=dealer, hands=hands, turn_up=turn_up, actions=actions)


def _read_variant(value: object) -> tuple[Variant, str | None]:
    data = mapping(value, "variant", required=("name",), optional=("config",))
    raw_name = data["name"]
    name = None if raw_name is None else text(raw_name, "variant.name", high=variants.MAX_NAME)
    preset: Variant | None = None
    if name is not None:
        try:
            preset = variants.get(name)
        except WhistError as error:
            raise quoting("variant.name", error) from None
    if "config" not in data:
        if preset is None:
            raise fail_at("variant.config", _CONFIG_MISSING)
        return preset, preset.name
    config_path = "variant.config"
    config = mapping(
        data["config"], config_path, optional=tuple(Variant.to_dict(variants.ROMANIAN))
    )
    try:
        variant = Variant.from_dict(config)
    except WhistError as error:
        field = getattr(error, "field", None)
        where = (
            child(config_path, field) if isinstance(field, str) and field in config else config_path
        )
        raise quoting(where, error) from None
    if preset is not None and preset != variant:
        differ = _differing(variant, preset)
        where = child(config_path, differ[0]) if differ else config_path
        raise fail_at(where, _CONFIG_DIFFERS, name=repr(name), settings=", ".join(differ))
    return variant, None if preset is None else preset.name


def _read_ending(value: object) -> Ending:
    data = mapping(value, "ended", required=("how",), optional=("disconnected", "side"))
    how = data["how"]
    if how == "abandoned":
        mapping(value, "ended", required=("how",), optional=("disconnected",))
        raw = listed(data.get("disconnected", []), "ended.disconnected", high=_MAX_SEAT_LIST)
        seats = tuple(
            integer(s, child("ended.disconnected", i), low=0, high=_MAX_SEAT_LIST - 1)
            for i, s in enumerate(raw)
        )
        if len(set(seats)) != len(seats):
            raise fail_at("ended.disconnected", _SEAT_TWICE)
        return Ending(how="abandoned", disconnected=seats)
    if how == "conceded":
        mapping(value, "ended", required=("how", "side"))
        return Ending(how="conceded", side=integer(data["side"], "ended.side", low=0, high=1))
    raise fail_at("ended.how", _ENDING, value=excerpt(how))


def _read_seed(value: object) -> int | str:
    _seed(None, None, value)  # the constructor's rule, which is check_seed's
    assert isinstance(value, (int, str))
    return value


_TOP_REQUIRED: Final = ("format", "version", "variant", "players", "rounds")
_TOP_OPTIONAL_V1: Final = ("claimed_totals", "takeovers", "ended", "seed", "meta")
_TOP_OPTIONAL: Final = (*_TOP_OPTIONAL_V1, "reclaims", "engines")
_SEAT_CHANGE: Final = ("round", "trick", "seat")
_TAKEOVER_DETAILS: Final = ("agent", "by", "error", "traceback", "translations")


def from_data(data: object) -> Record:
    """A :class:`Record` from parsed JSON data (what :func:`loads` does after parsing).

    >>> from_data([])
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: expected an object, not []
    """
    # The format and version first: a later version may have other keys.
    top = mapping(data, "", required=("format", "version"), optional=_TOP_REQUIRED + _TOP_OPTIONAL)
    if top["format"] != FORMAT:
        raise fail_at("format", _FORMAT, format=repr(FORMAT), value=excerpt(top["format"]))
    version = top["version"]
    if not is_whole(version) or version not in READ_VERSIONS:
        versions = ", ".join(map(str, READ_VERSIONS))
        raise fail_at("version", _VERSIONS, versions=versions, value=excerpt(version))
    optional = _TOP_OPTIONAL if version == VERSION else _TOP_OPTIONAL_V1
    top = mapping(data, "", required=_TOP_REQUIRED, optional=optional)
    variant, preset = _read_variant(top["variant"])
    names = tuple(
        text(n, child("players", i), high=_MAX_NAME)
        for i, n in enumerate(listed(top["players"], "players", low=1, high=_MAX_SEAT_LIST))
    )
    rounds = tuple(
        _read_round(r, child("rounds", i))
        for i, r in enumerate(listed(top["rounds"], "rounds", high=_MAX_ROUNDS))
    )
    claimed = None
    if "claimed_totals" in top:
        claimed = tuple(
            integer(t, child("claimed_totals", i), low=-MAX_WHOLE, high=MAX_WHOLE)
            for i, t in enumerate(listed(top["claimed_totals"], "claimed_totals", high=8))
        )
    takeover_details = _TAKEOVER_DETAILS if version == VERSION else ()
    takeovers = []
    for i, raw in enumerate(listed(top.get("takeovers", []), "takeovers", high=_MAX_ROUNDS)):
        where = child("takeovers", i)
        t = mapping(raw, where, required=(*_SEAT_CHANGE, "reason"), optional=takeover_details)
        takeovers.append(
            seats.Takeover(
                **_seat_change(t, where),
                reason=text(t["reason"], child(where, "reason"), high=_MAX_REASON),
                agent=_optional_text(t.get("agent"), child(where, "agent"), high=_MAX_NAME),
                by=_optional_text(t.get("by"), child(where, "by"), high=_MAX_NAME),
                error=_optional_text(t.get("error"), child(where, "error"), high=_MAX_NAME),
                traceback=_optional_text(
                    t.get("traceback"), child(where, "traceback"), high=MAX_TRACEBACK
                ),
                translations=_read_translations(
                    t.get("translations", {}), child(where, "translations")
                ),
            )
        )
    reclaims = []
    for i, raw in enumerate(listed(top.get("reclaims", []), "reclaims", high=_MAX_ROUNDS)):
        where = child("reclaims", i)
        r = mapping(raw, where, required=_SEAT_CHANGE, optional=("agent",))
        reclaims.append(
            Reclaim(
                **_seat_change(r, where),
                agent=_optional_text(r.get("agent"), child(where, "agent"), high=_MAX_NAME),
            )
        )
    engines = None
    if "engines" in top:
        engines = tuple(
            _optional_text(e, child("engines", i), high=_MAX_ENGINE)
            for i, e in enumerate(listed(top["engines"], "engines", high=_MAX_SEAT_LIST))
        )
    ended = _read_ending(top["ended"]) if "ended" in top else None
    seed = _read_seed(top["seed"]) if "seed" in top else None
    meta = top.get("meta")
    if "meta" in top and not isinstance(meta, dict):
        raise fail_at("meta", _EXPECTED_OBJECT, value=excerpt(meta))
    return Record(
        variant=variant,
        preset=preset,
        players=names,
        rounds=rounds,
        claimed_totals=claimed,
        takeovers=takeovers,
        reclaims=reclaims,
        engines=engines,
        ended=ended,
        seed=seed,
        meta=meta,
    )


def _seat_change(data: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The round, trick and seat of a takeover or a reclaim, each in the record's bounds."""
    return {
        "round": integer(data["round"], child(where, "round"), low=1, high=_MAX_ROUNDS),
        "trick": integer(data["trick"], child(where, "trick"), low=0, high=_MAX_CARDS),
        "seat": integer(data["seat"], child(where, "seat"), low=0, high=_MAX_SEAT_LIST - 1),
    }


def loads(data: str | bytes, *, max_chars: int = MAX_CHARS) -> Record:
    """Read a record from JSON text, strictly; a bad one raises ``RecordError`` with its path.

    ``data`` is a str or UTF-8 bytes; one byte-order mark at the start is
    skipped.  The cost is linear in the length of the text, whatever it
    holds (:func:`~whist_ro.records.schema.scan_json`).

    >>> loads('{"format": "whist-ro-record"}')
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: version: missing
    """
    return from_data(parse_json(data, max_chars=max_chars))


def load(path: Source, *, max_chars: int = MAX_CHARS) -> Record:
    """Read a record from a file: a path (``str`` or :class:`os.PathLike`) or an open file.

    A file given open is read (text or binary) and left open.  Anything
    else, and a file that cannot be read, is a ``RecordError``; the text
    is read as by :func:`loads`.

    >>> load("/nonexistent/record.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: cannot read '/nonexistent/record.json': ...
    >>> load(1)
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: expected a path or an open file to read, not 1
    """
    return loads(read_source(path, what=JSON_TEXT, max_chars=max_chars), max_chars=max_chars)


def _emit(value: Any, indent: int) -> str:
    """JSON with short lists and objects on one line, longer ones one item a line."""
    flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if indent + len(flat) <= _WIDTH or not isinstance(value, (list, dict)) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, list):
        inner = [pad + _emit(item, indent + 2) for item in value]
        return "[\n" + ",\n".join(inner) + "\n" + " " * indent + "]"
    inner = [
        f"{pad}{json.dumps(key, ensure_ascii=False)}: {_emit(item, indent + 2)}"
        for key, item in value.items()
    ]
    return "{\n" + ",\n".join(inner) + "\n" + " " * indent + "}"


def dumps(record: Record) -> str:
    """The record as JSON text: stable, so ``dumps(loads(dumps(r))) == dumps(r)``.

    Every :class:`Record` that can be built can be written, and
    ``loads(dumps(r)) == r``.

    >>> import whist_ro as wr
    >>> record = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1).to_record()
    >>> loads(dumps(record)) == record
    True
    >>> dumps("{}")
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: dumps takes a Record (records.to_record(match) makes one), not '{}'
    """
    if not isinstance(record, Record):
        raise RecordError(
            f"dumps takes a Record (records.to_record(match) makes one), not {excerpt(record)}"
        )
    return _emit(record.to_dict(), 0) + "\n"


def dump(record: Record, path: Target) -> None:
    """Write :func:`dumps` of ``record`` (UTF-8) to a path or to a file open for writing.

    A path is written atomically: a temporary file in the same folder is
    written, flushed to the disk and then renamed over the target, so the
    old file stays whole if anything fails; a failure is a ``RecordError``.
    Nothing is written on a refusal.

    >>> import os, tempfile, whist_ro as wr
    >>> from whist_ro.records import to_record
    >>> record = to_record(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1))
    >>> path = os.path.join(tempfile.mkdtemp(), "match.json")
    >>> dump(record, path)
    >>> load(path) == record
    True
    """
    write_text(path, dumps(record))
