"""The wire format of the engine protocol: one JSON object per line, and the messages it holds.

Everything here is pure data in, data out (no processes, no I/O), so the
manager's side (:class:`~whist_ro.remote.EngineAgent`), the engine's side
(:func:`~whist_ro.remote.serve`) and a web server share one definition of
every message.  The protocol is ``whist-ro-engine``, version
:data:`VERSION`; ``docs/protocol.md`` is its specification and the JSON
Schema files in ``whist_ro/remote/schemas/`` describe each message
(:func:`schema` loads them).

A message is a JSON object with a ``"type"``, written as one line of UTF-8
text ending in ``"\\n"``.  :func:`encode` writes one; :func:`decode` reads
one back, refusing anything that is not such a line with a
:class:`~whist_ro.errors.WireError`.

>>> line = encode({"type": "quit"})
>>> line
b'{"type":"quit"}\\n'
>>> decode(line)
{'type': 'quit'}
>>> decode(b"hello")
Traceback (most recent call last):
...
whist_ro.errors.WireError: not JSON: Expecting value at line 1, column 1

A decision request holds only the current round (``view.to_dict(past=False)``);
each round travels once, in the ``round_end`` message that closes it, and
:class:`MatchLog` keeps them on the engine's side to rebuild the full view:

>>> import whist_ro as wr
>>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1), seed=1)
>>> log = MatchLog(variant=m.variant, seat=0, players=3, names=m.names)
>>> for number in range(1, len(m.rounds) + 1):
...     log.add_round(decode(encode(round_end_message(m.view(0), number))))
>>> request = decode(encode(act_message(m.view(0), request=1, time_limit=None)))
>>> log.view(request["view"]) == m.view(0)
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, Final, Literal

import attrs

from whist_ro._check import WireObject, excerpt, no_constant, sub_path, unique_keys, wire_error
from whist_ro._check import names as check_names
from whist_ro._immutable import Immutable
from whist_ro._text import Sentence, known_reason
from whist_ro.actions import Action, action_from_dict
from whist_ro.engine.step import Step
from whist_ro.errors import WhistError, WireError
from whist_ro.locale import N_
from whist_ro.remote.result import MatchResult
from whist_ro.results.scoresheet import ScoreRow, ScoreSheet
from whist_ro.schedule import player_count_refusal
from whist_ro.variants import Variant
from whist_ro.views.from_data import read_score_row, view_from_dict
from whist_ro.views.view import PlayerView, score_row_dict

__all__ = [
    "MAX_MESSAGE",
    "PROTOCOL",
    "SCHEMAS",
    "VERSION",
    "EngineInfo",
    "MatchLog",
    "Option",
    "SeatFeed",
    "act_message",
    "decode",
    "encode",
    "engine_hello_message",
    "hello_message",
    "match_end_message",
    "new_match_message",
    "read_answer",
    "read_hello",
    "read_step",
    "round_end_message",
    "schema",
    "step_message",
]

PROTOCOL: Final = "whist-ro-engine"
"""The protocol's name, sent in both ``hello`` messages."""
VERSION: Final = 1
"""The protocol version this library speaks."""
MAX_MESSAGE: Final = 1 << 20
"""The longest line (in bytes) a manager reads from an engine by default: 1 MiB."""

_MAX_OPTIONS: Final = 100
_MAX_TEXT: Final = 200
_MAX_HELP: Final = 1000
_MAX_CHOICES: Final = 100
OptionType = Literal["int", "float", "bool", "string", "choice"]
_OPTION_TYPES: Final = ("int", "float", "bool", "string", "choice")


# -- lines ---------------------------------------------------------------------------


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as a line of compact UTF-8 JSON ending in a newline.

    >>> encode({"type": "hello", "name": "Ană"})
    b'{"type":"hello","name":"An\\xc4\\x83"}\\n'
    """
    return (json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n").encode()


# Why a line is not a message, as catalogue messages: an engine's garbage is reported in the
# reader's language (whist-ro engine-test --lang ro), the decoder's reason with it.
_TOO_LONG: Final = N_("the line is {size} bytes long; at most {most} are read")
_NOT_UTF8: Final = N_("not UTF-8: {reason} at byte {at}")
_NOT_JSON: Final = N_("not JSON: {reason} at line {line}, column {column}")
_UNREADABLE: Final = N_("not JSON that can be read: {reason}")
_NOT_MESSAGE: Final = N_('a message is a JSON object with a "type", not {value}')


# The one strict reader's hooks (whist_ro._check): NaN and Infinity are no numbers, and
# a key given twice is refused, as a record refuses them, not kept as the last one.
_DECODER: Final = json.JSONDecoder(parse_constant=no_constant(), object_pairs_hook=unique_keys())


def decode(line: bytes | str, *, max_size: int = MAX_MESSAGE) -> dict[str, Any]:
    """One message read from a line: a JSON object with a text ``"type"``.

    Anything else (text that is not UTF-8 or not JSON, ``NaN``, a key
    given twice in one object, a number too long to read, nesting too deep,
    a line longer than ``max_size`` bytes of UTF-8, a value that is not an
    object or has no ``type``) raises :class:`~whist_ro.errors.WireError`.

    >>> decode('{"type": "action", "id": 3}')
    {'type': 'action', 'id': 3}
    >>> decode('[1, 2]')
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: a message is a JSON object with a "type", not [1, 2]
    """
    # The limit counts bytes, as MAX_MESSAGE says, also in a line given as text: one
    # character takes up to four bytes of UTF-8 (cheap to bound before encoding).
    size = len(line)
    if isinstance(line, str) and size > max_size // 4 and not line.isascii():
        size = len(line.encode("utf-8", "surrogatepass"))
    if size > max_size:
        raise WireError(_TOO_LONG, evidence={"size": size, "most": max_size})
    if isinstance(line, (bytes, bytearray)):
        try:
            line = bytes(line).decode("utf-8")
        except UnicodeDecodeError as error:
            evidence = {"reason": known_reason(error.reason), "at": error.start}
            raise WireError(_NOT_UTF8, evidence=evidence) from None
    try:
        message = _DECODER.decode(line)
    except WireError:
        raise
    except json.JSONDecodeError as error:
        evidence = {"reason": known_reason(error.msg), "line": error.lineno, "column": error.colno}
        raise WireError(_NOT_JSON, evidence=evidence) from None
    except (ValueError, RecursionError) as error:  # a number of too many digits, deep nesting
        raise WireError(_UNREADABLE, evidence={"reason": excerpt(str(error))}) from None
    if type(message) is not dict or type(message.get("type")) is not str:
        raise WireError(_NOT_MESSAGE, evidence={"value": excerpt(message)})
    return message


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of one kind of object, shipped in the package.

    ``name`` is one of ``"common"``, ``"action"``, ``"view"``, ``"step"``,
    ``"result"``, ``"variant"`` and ``"message"`` (every protocol
    message).  Their ``$id`` s are names, not addresses: load them all and
    resolve references between them locally.

    >>> schema("action")["title"]
    'An action: a bid or a card played'
    >>> schema("nothing")
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: no schema 'nothing'; known: common, action, view, step, ...
    """
    if name not in SCHEMAS:
        raise WireError(f"no schema {excerpt(name)}; known: {', '.join(SCHEMAS)}")
    text = resources.files("whist_ro.remote").joinpath("schemas", f"{name}.schema.json")
    loaded: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return loaded


SCHEMAS: Final = ("common", "action", "view", "step", "result", "variant", "message")
"""The names :func:`schema` knows."""


# -- the handshake -------------------------------------------------------------------

# Why a hello is refused, as catalogue messages: engine-test --lang ro says it in Romanian.
_NOT_HELLO: Final = N_("expected 'hello', not {value}")
_NOT_PROTOCOL: Final = N_("expected {protocol}, not {value}")
_OTHER_VERSION: Final = N_("the engine speaks version {version}; this manager speaks {ours}")
_DECLARED_TWICE: Final = N_("an option name is declared twice")
_NOT_OPTION_TYPE: Final = N_("expected one of {types}, not {value}")
_NOT_BOUND: Final = N_("expected a number, not {value}")
_NO_CHOICES: Final = N_("a choice option lists its choices")
_BAD_VALUE: Final = N_("option {name}: {value} is not {what}")
# What an option's value must be (Option.describe).
_ONE_OF: Final = N_("one of {choices}")
_TRUE_OR_FALSE: Final = N_("true or false")
_SHORT_TEXT: Final = N_("text of at most {most} characters")
_NUMBERS: Final = {
    ("int", False, False): N_("a whole number"),
    ("int", True, False): N_("a whole number from {low}"),
    ("int", False, True): N_("a whole number to {high}"),
    ("int", True, True): N_("a whole number from {low} to {high}"),
    ("float", False, False): N_("a number"),
    ("float", True, False): N_("a number from {low}"),
    ("float", False, True): N_("a number to {high}"),
    ("float", True, True): N_("a number from {low} to {high}"),
}


def _describe(option: Option) -> Sentence:
    """What a value of ``option`` must be, as a sentence in any language."""
    if option.type == "choice":
        return Sentence(_ONE_OF, choices=", ".join(map(repr, option.choices)))
    if option.type in ("int", "float"):
        low = "" if option.min is None else f"{option.min:g}"
        high = "" if option.max is None else f"{option.max:g}"
        template = _NUMBERS[option.type, option.min is not None, option.max is not None]
        return Sentence(template, low=low, high=high)
    if option.type == "bool":
        return Sentence(_TRUE_OR_FALSE)
    return Sentence(_SHORT_TEXT, most=_MAX_TEXT)


def _refused(path: str, error: WhistError) -> WireError:
    """``error``, about the value at ``path``, as a wire error at that path (any language)."""
    if error.template is None:
        return wire_error(path, str(error))
    return wire_error(path, error.template, evidence=dict(error.evidence))


def _check_option_value(option: Option, value: object) -> object:
    kind = option.type
    ok = False
    if kind == "int":
        ok = type(value) is int and (option.min is None or value >= option.min)
        ok = ok and (option.max is None or value <= option.max)  # type: ignore[operator]
    elif kind == "float":
        ok = type(value) in (int, float) and math.isfinite(value)  # type: ignore[arg-type]
        ok = ok and (option.min is None or value >= option.min)  # type: ignore[operator]
        ok = ok and (option.max is None or value <= option.max)  # type: ignore[operator]
    elif kind == "bool":
        ok = type(value) is bool
    elif kind == "string":
        ok = type(value) is str and len(value) <= _MAX_TEXT
    else:
        ok = value in option.choices
    if not ok:
        evidence = {"name": repr(option.name), "value": excerpt(value), "what": _describe(option)}
        raise WireError(_BAD_VALUE, evidence=evidence)
    return value


@attrs.frozen(kw_only=True)
class Option(Immutable):
    """One setting an engine offers in its ``hello`` (UCI's ``option``).

    ``type`` is ``"int"``, ``"float"`` (with optional ``min`` and ``max``),
    ``"bool"``, ``"string"`` or ``"choice"`` (one of ``choices``).

    >>> budget = Option(name="budget", type="int", default=200, min=1, max=10_000)
    >>> budget.check(500), budget.describe()
    (500, 'a whole number from 1 to 10000')
    >>> budget.check(0)
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: option 'budget': 0 is not a whole number from 1 to 10000
    """

    name: str
    type: OptionType
    default: object = None
    min: float | None = None
    max: float | None = None
    choices: tuple[object, ...] = ()
    help: str = ""

    def describe(self) -> str:
        """What a value of this option must be, in words.

        >>> Option(name="style", type="choice", choices=("safe", "bold")).describe()
        "one of 'safe', 'bold'"
        """
        return str(_describe(self))

    def check(self, value: object) -> object:
        """``value`` if this option accepts it, else a :class:`~whist_ro.errors.WireError`."""
        return _check_option_value(self, value)

    def to_dict(self) -> dict[str, Any]:
        """The option as its ``hello`` writes it.

        >>> Option(name="fast", type="bool", default=False).to_dict()
        {'name': 'fast', 'type': 'bool', 'default': False}
        """
        data: dict[str, Any] = {"name": self.name, "type": self.type, "default": self.default}
        if self.min is not None:
            data["min"] = self.min
        if self.max is not None:
            data["max"] = self.max
        if self.choices:
            data["choices"] = list(self.choices)
        if self.help:
            data["help"] = self.help
        return data


def _read_option(value: object, path: str) -> Option:
    obj = WireObject(value, path)
    kind = obj.get("type")
    if kind not in _OPTION_TYPES:
        evidence: dict[str, object] = {"types": ", ".join(_OPTION_TYPES), "value": excerpt(kind)}
        raise wire_error(obj.at("type"), _NOT_OPTION_TYPE, evidence=evidence)
    bounds = {}
    for key in ("min", "max"):
        bound = obj.get(key, None)
        if bound is not None and (type(bound) not in (int, float) or not math.isfinite(bound)):
            raise wire_error(obj.at(key), _NOT_BOUND, evidence={"value": excerpt(bound)})
        bounds[key] = bound
    choices = tuple(obj.items("choices", most=_MAX_CHOICES, default=[]))
    if kind == "choice" and not choices:
        raise wire_error(obj.at("choices"), _NO_CHOICES, evidence={})
    option = Option(
        name=obj.text("name", most=_MAX_TEXT),
        type=kind,
        default=obj.get("default", None),
        min=bounds["min"],
        max=bounds["max"],
        choices=choices,
        help=obj.text("help", most=_MAX_HELP, default=""),
    )
    if option.default is not None:
        try:
            option.check(option.default)
        except WireError as error:
            raise _refused(obj.at("default"), error) from None
    return option


@attrs.frozen(kw_only=True)
class EngineInfo(Immutable):
    """Who an engine says it is, from its ``hello``: name, author, version, options.

    ``observe`` is True when the engine asked to be told of every step.

    >>> info = read_hello({"type": "hello", "protocol": PROTOCOL, "version": 1, "name": "lucky"})
    >>> info.name, info.options, info.observe
    ('lucky', (), False)
    """

    name: str
    version: int = VERSION
    author: str | None = None
    engine_version: str | None = None
    options: tuple[Option, ...] = ()
    observe: bool = False

    def option(self, name: str) -> Option:
        """The option called ``name``; a :class:`~whist_ro.errors.WireError` if there is none.

        >>> EngineInfo(name="x").option("depth")
        Traceback (most recent call last):
        ...
        whist_ro.errors.WireError: engine 'x' has no option 'depth'; it has none
        """
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(repr(o.name) for o in self.options) or "none"
        raise WireError(f"engine {self.name!r} has no option {excerpt(name)}; it has {known}")

    def check_options(self, values: Mapping[str, object]) -> dict[str, object]:
        """``values`` checked against the options this engine declared.

        >>> info = EngineInfo(name="x", options=(Option(name="depth", type="int", min=1),))
        >>> info.check_options({"depth": 3})
        {'depth': 3}
        """
        return {name: self.option(name).check(value) for name, value in values.items()}


def hello_message(*, name: str | None = None) -> dict[str, Any]:
    """The manager's first message (``name`` optionally says who is asking).

    >>> hello_message()
    {'type': 'hello', 'protocol': 'whist-ro-engine', 'version': 1}
    """
    message: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL, "version": VERSION}
    if name is not None:
        message["manager"] = name
    return message


def read_hello(message: object) -> EngineInfo:
    """The engine's ``hello``, read and checked; junk raises :class:`~whist_ro.errors.WireError`.

    >>> read_hello({"type": "hello", "protocol": "uci", "version": 1, "name": "x"})
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: hello.protocol: expected 'whist-ro-engine', not 'uci'
    """
    obj = WireObject(message, "hello")
    if obj.get("type") != "hello":
        raise wire_error(obj.at("type"), _NOT_HELLO, evidence={"value": excerpt(obj.get("type"))})
    if obj.get("protocol") != PROTOCOL:
        evidence: dict[str, object] = {
            "protocol": repr(PROTOCOL),
            "value": excerpt(obj.get("protocol")),
        }
        raise wire_error(obj.at("protocol"), _NOT_PROTOCOL, evidence=evidence)
    version = obj.whole("version", low=1)
    if version != VERSION:
        evidence = {"version": version, "ours": VERSION}
        raise wire_error(obj.at("version"), _OTHER_VERSION, evidence=evidence)
    options = tuple(
        _read_option(o, sub_path(obj.at("options"), i))
        for i, o in enumerate(obj.items("options", most=_MAX_OPTIONS, default=[]))
    )
    if len({o.name for o in options}) != len(options):
        raise wire_error(obj.at("options"), _DECLARED_TWICE, evidence={})
    author = obj.get("author", None)
    release = obj.get("engine_version", None)
    return EngineInfo(
        name=obj.text("name"),
        version=version,
        author=None if author is None else obj.text("author", most=_MAX_TEXT),
        engine_version=None if release is None else obj.text("engine_version", most=_MAX_TEXT),
        options=options,
        observe=obj.flag("observe", False),
    )


def engine_hello_message(info: EngineInfo) -> dict[str, Any]:
    """The ``hello`` an engine answers with, written from its :class:`EngineInfo`.

    >>> engine_hello_message(EngineInfo(name="lucky"))["name"]
    'lucky'
    """
    message: dict[str, Any] = {
        "type": "hello",
        "protocol": PROTOCOL,
        "version": info.version,
        "name": info.name,
        "options": [o.to_dict() for o in info.options],
        "observe": info.observe,
    }
    if info.author is not None:
        message["author"] = info.author
    if info.engine_version is not None:
        message["engine_version"] = info.engine_version
    return message


# -- a match -------------------------------------------------------------------------


def new_match_message(
    variant: Variant,
    *,
    seat: int,
    players: int,
    names: Sequence[str],
    seed: int | None = None,
) -> dict[str, Any]:
    """``new_match``: the variant's every setting, the engine's seat, the player count, the names.

    ``seed``, when given, is a number the engine may seed its own
    randomness with, so a match can be replayed exactly.

    >>> import whist_ro as wr
    >>> m = new_match_message(wr.variants.ROMANIAN, seat=1, players=3, names=["a", "b", "c"])
    >>> m["type"], m["seat"], m["variant"]["name"]
    ('new_match', 1, 'romanian')
    """
    message: dict[str, Any] = {
        "type": "new_match",
        "variant": variant.to_dict(),
        "players": players,
        "seat": seat,
        "names": list(names),
    }
    if seed is not None:
        message["seed"] = seed
    return message


def act_message(view: PlayerView, *, request: int, time_limit: float | None) -> dict[str, Any]:
    """``act``: the seat's view of the current round and the match totals, and its time.

    ``time_limit`` (seconds, or None for no limit) is sent as ``time_ms``,
    whole milliseconds; ``request`` numbers the question, and the answer
    must carry it back as its ``id``.

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    >>> message = act_message(m.view(m.to_act), request=7, time_limit=0.5)
    >>> message["id"], message["time_ms"], "past" in message["view"]["match"]
    (7, 500, False)
    """
    return {
        "type": "act",
        "id": request,
        "time_ms": None if time_limit is None else max(1, round(time_limit * 1000)),
        "view": view.to_dict(past=False),
    }


def round_end_message(view: PlayerView, number: int) -> dict[str, Any]:
    """``round_end``: round ``number`` (from 1) as ``view``'s seat saw it, and its score row.

    >>> import whist_ro as wr
    >>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1), seed=1)
    >>> message = round_end_message(m.view(2), 5)
    >>> message["number"], message["round"]["hand_size"], message["score_row"]["number"]
    (5, 3, 5)
    """
    assert view.score_sheet is not None
    return {
        "type": "round_end",
        "number": number,
        "round": view.past[number - 1].to_dict(),
        "score_row": score_row_dict(view.score_sheet[number - 1]),
    }


def step_message(view: PlayerView, step: Step) -> dict[str, Any]:
    """``step``: what one action did, and the seat's view after it (for engines that observe).

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    >>> m = m.apply(m.legal_actions()[0])
    >>> step_message(m.view(0), m.last_step)["step"]["bid"]
    0
    """
    return {"type": "step", "step": step.to_dict(), "view": view.to_dict(past=False)}


def match_end_message(result: MatchResult) -> dict[str, Any]:
    """``match_end``: the match's result.

    >>> import whist_ro as wr
    >>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1), seed=1)
    >>> match_end_message(MatchResult.from_match(m))["result"]["winners"] == list(m.winners)
    True
    """
    return {"type": "match_end", "result": result.to_dict()}


def read_answer(message: object) -> tuple[int, Action]:
    """The request id and the action of an engine's ``action`` message.

    >>> read_answer({"type": "action", "id": 4, "action": {"seat": 1, "card": "Ah"}})
    (4, Play(seat=1, card=Card.parse('Ah')))
    >>> read_answer({"type": "action", "id": 4, "action": {"seat": 1, "card": "Zz"}})
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: action.action: card: cannot read 'Zz' as a card: unknown suit 'z';...
    """
    obj = WireObject(message, "action")
    request = obj.whole("id")
    raw = obj.get("action")  # missing: a WireError that names its path already
    try:
        action = action_from_dict(raw)
    except WhistError as error:
        raise _refused(obj.at("action"), error) from None
    return request, action


# -- the engine's side: rebuilding full views -----------------------------------------


class MatchLog:
    """An engine's memory of one match: the completed rounds, to rebuild full views.

    The manager sends each completed round once (``round_end``) and only
    the current round with each decision request; :meth:`view` joins them
    into the :class:`~whist_ro.PlayerView` an in-process agent would have
    been given.  See the module's example.

    >>> import whist_ro as wr
    >>> log = MatchLog(variant=wr.variants.ROMANIAN, seat=0, players=3, names=["a", "b", "c"])
    >>> log.rounds
    0
    """

    __slots__ = ("_past", "_rows", "_sheet", "names", "players", "seat", "variant")

    def __init__(self, *, variant: Variant, seat: int, players: int, names: Sequence[str]) -> None:
        self.variant = variant
        self.seat = seat
        self.players = players
        self.names = check_names(names, players=players)
        self._past: tuple[PlayerView, ...] = ()
        self._rows: tuple[ScoreRow, ...] = ()
        self._sheet = ScoreSheet((), players=players, classic=variant.is_classic, names=self.names)

    @classmethod
    def from_message(cls, message: object) -> MatchLog:
        """A fresh log for the match a ``new_match`` message starts.

        >>> import whist_ro as wr
        >>> m = new_match_message(wr.variants.INVERTED, seat=2, players=4, names="abcd")
        >>> log = MatchLog.from_message(m)
        >>> log.variant == wr.variants.INVERTED, log.seat
        (True, 2)
        """
        obj = WireObject(message, "new_match")
        try:
            variant = Variant.from_dict(obj.get("variant"))
        except WhistError as error:
            raise wire_error(obj.at("variant"), str(error)) from None
        players = obj.whole("players", low=2, high=8)
        refusal = player_count_refusal(variant, players)
        if refusal is not None:
            raise wire_error(obj.at("players"), "{error}", evidence={"error": refusal})
        try:
            names = check_names(obj.get("names"), players=players)
        except WhistError as error:
            raise wire_error(obj.at("names"), str(error)) from None
        return cls(
            variant=variant, seat=obj.whole("seat", high=players - 1), players=players, names=names
        )

    @property
    def rounds(self) -> int:
        """The number of completed rounds received."""
        return len(self._past)

    def add_round(self, message: object) -> None:
        """Keep the round a ``round_end`` message closes (they come in order)."""
        obj = WireObject(message, "round_end")
        number = obj.whole("number", low=1)
        if number != len(self._past) + 1:
            raise wire_error(
                obj.at("number"), f"expected round {len(self._past) + 1}, not {number}"
            )
        past = view_from_dict(obj.get("round"), variant=self.variant, path=obj.at("round"))
        if past.seat != self.seat or past.players != self.players or past.to_act is not None:
            raise wire_error(obj.at("round"), f"not a completed round of seat {self.seat}")
        row = read_score_row(obj.get("score_row"), obj.at("score_row"), players=self.players)
        self._past = (*self._past, past)
        self._rows = (*self._rows, row)
        self._sheet = ScoreSheet(
            self._rows, players=self.players, classic=self.variant.is_classic, names=self.names
        )

    def view(self, data: object) -> PlayerView:
        """The full view of a decision request's (or a step's) ``view``."""
        view = view_from_dict(data, variant=self.variant, past=self._past, score_sheet=self._rows)
        if view.seat != self.seat:
            raise wire_error("view.seat", f"a view of seat {view.seat}, not of seat {self.seat}")
        if view.names != self.names:
            raise wire_error("view.names", "the names differ from the new_match message's")
        return view


def read_step(message: object, log: MatchLog) -> tuple[PlayerView, Step]:
    """The view and the step a ``step`` message holds.

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    >>> m = m.apply(m.legal_actions()[0])
    >>> log = MatchLog(variant=m.variant, seat=0, players=3, names=m.names)
    >>> read_step(step_message(m.view(0), m.last_step), log) == (m.view(0), m.last_step)
    True
    """
    obj = WireObject(message, "step")
    return log.view(obj.get("view")), Step.from_dict(obj.get("step"))


# -- the manager's side: what a seat's engine is sent ----------------------------------


class SeatFeed:
    """Which messages one seat's engine is sent, worked out from the views the seat is given.

    A table hands an agent views (to decide, and after each step); the
    engine behind it needs the match's start (``new_match``), each
    completed round once (``round_end``), the decision requests
    (``act``), the steps when it asked to observe them (``step``) and the
    end (``match_end``).  This class turns the one stream into the other,
    with no I/O, so every manager sends the same sequence.  A view of
    another seat, variant or player count, or with fewer completed rounds
    than were sent, starts a new match.  ``seed``, when given, goes with each
    ``new_match`` for the engine to seed its randomness with.

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    >>> feed = SeatFeed(observe=False)
    >>> [msg["type"] for msg in feed.act(m.view(m.to_act), request=1, time_limit=None)]
    ['new_match', 'act']
    >>> m = wr.random_playout(m, seed=1)
    >>> [msg["type"] for msg in feed.observe(m.view(m.round.first_hand), m.last_step)][-2:]
    ['round_end', 'match_end']
    """

    __slots__ = ("_key", "_observes", "_over", "_rounds", "_seed")

    def __init__(self, *, observe: bool, seed: int | None = None) -> None:
        self._observes = observe
        self._seed = seed
        self._key: tuple[object, ...] | None = None
        self._rounds = 0
        self._over = False

    @property
    def observes(self) -> bool:
        """True when the engine asked to be told of every step."""
        return self._observes

    def _prelude(self, view: PlayerView) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        key = (view.seat, view.variant, view.players, view.names)
        done = len(view.past)
        if self._key != key or self._over or done < self._rounds:
            self._key = key
            self._rounds = 0
            self._over = False
            out.append(
                new_match_message(
                    view.variant,
                    seat=view.seat,
                    players=view.players,
                    names=view.names,
                    seed=self._seed,
                )
            )
        while self._rounds < done:
            self._rounds += 1
            out.append(round_end_message(view, self._rounds))
        return out

    def act(
        self, view: PlayerView, *, request: int, time_limit: float | None
    ) -> list[dict[str, Any]]:
        """The messages that ask the engine to decide in ``view``."""
        out = self._prelude(view)
        out.append(act_message(view, request=request, time_limit=time_limit))
        return out

    def observe(self, view: PlayerView, step: Step) -> list[dict[str, Any]]:
        """The messages that tell the engine what ``step`` did (possibly none)."""
        out = self._prelude(view)
        if self._observes:
            out.append(step_message(view, step))
        if step.match_over and view.is_over and not self._over:
            self._over = True
            out.append(match_end_message(MatchResult.from_view(view)))
        return out
