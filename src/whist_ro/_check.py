"""The one validation helper: whole numbers, seats and bounded quotes of bad input.

Every public constructor and loader checks its arguments through these few
functions, so "an int but not a bool, within bounds" is written once and
every refusal quotes the offending value the same bounded way.  A value
that comes straight from JSON (a huge int, a list nested a thousand deep)
is quoted as a short excerpt: an error message never fails to print.

>>> whole(3, name="players", low=3, high=6)
3
>>> whole(True, name="players", low=3, high=6)
Traceback (most recent call last):
...
whist_ro.errors.ConfigurationError: players must be a whole number from 3 to 6, not True
>>> excerpt(10**5000)
'<int of 5001 digits>'
"""

from __future__ import annotations

import os
import random
import unicodedata
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar

from whist_ro._messages import excerpt  # quoted the same way by the errors below
from whist_ro._text import Sentence
from whist_ro.errors import ConfigurationError, RecordError, WhistError, WireError
from whist_ro.locale import N_, NP_

__all__ = [
    "BIDI_CONTROLS",
    "MAX_NAME",
    "MAX_WHOLE",
    "MAX_WORKERS",
    "PathError",
    "Seed",
    "WireObject",
    "check_seed",
    "default_names",
    "excerpt",
    "executor",
    "flag",
    "is_whole",
    "items",
    "located",
    "names",
    "no_constant",
    "read_bool",
    "read_field",
    "read_list",
    "read_object",
    "read_string",
    "read_whole",
    "rng_of",
    "seat",
    "shown_name",
    "shown_names",
    "sub_path",
    "unique_keys",
    "valid_text",
    "whole",
    "whole_setting",
    "wire_error",
    "workers",
]

MAX_WHOLE: Final = 10**9
"""The largest whole number a setting may hold: far above any real use, small enough to print."""

MAX_WORKERS: Final = 4 * (os.cpu_count() or 1)
"""The most worker processes any call or command starts: four per CPU.

More processes than that only compete for the same CPUs (each playout or
match is pure computation) while every one of them costs memory.
"""

_T = TypeVar("_T")


# The refusals of a setting, as catalogue templates ({name} is the setting, as spelled in code).
_NOT_WHOLE: Final = N_("{name} must be a whole number from {low} to {high}, not {value}")
_NOT_WHOLE_RULE: Final = N_(
    "{name} must be a whole number from {low} to {high}, not {value} ({rule})"
)
_NOT_FLAG: Final = N_("{name} must be True or False, not {value}")
_NOT_EXECUTOR: Final = N_(
    "{name} must be a concurrent.futures.Executor (with a submit method), not {value}"
)
_NOT_SEAT: Final = N_("{name} must be a seat from 0 to {last}, not {value}")
_NOT_SEAT_RULE: Final = N_("{name} must be a seat from 0 to {last}, not {value} ({rule})")
_NOT_ITEMS: Final = N_("{name} must be a list or tuple, not {value}")
_NAME_COUNT: Final = N_("{name} must hold one name per seat ({players}), not {count}")
_BAD_NAME: Final = N_(
    "{name}[{index}] must be printable text of 1 to {most} characters, not blank, without "
    "control characters, not {value}"
)
_BIDI_NAME: Final = N_(
    "{name}[{index}] holds the bidirectional control {char} at character {position}: it can "
    "make a score sheet read falsely (U+202A to U+202E and U+2066 to U+2069 are refused "
    "in names)"
)
_SEED_BITS: Final = N_(
    "{name} must fit in 63 bits (an int from -2**63 + 1 to 2**63 - 1), not {value}"
)
_SEED_LENGTH: Final = N_("a text {name} holds at most {most} characters, not {length}")
_SEED_SURROGATE: Final = N_("a text {name} must be valid Unicode; {value} holds a lone surrogate")
_SEED_KIND: Final = N_("{name} must be an int, a str or a random.Random, not {value}")
_SEED_KIND_NONE: Final = N_("{name} must be None, an int, a str or a random.Random, not {value}")


def is_whole(value: object) -> bool:
    """True for an ``int`` that is not a ``bool`` (``True`` is not a seat or a count).

    >>> is_whole(2), is_whole(2.0), is_whole(False)
    (True, False, False)
    """
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def whole(
    value: object,
    *,
    name: str,
    low: int = 0,
    high: int = MAX_WHOLE,
    rule: str | None = None,
    error: type[ConfigurationError] = ConfigurationError,
    field: str | None = None,
) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; else a ``ConfigurationError``.

    The error's ``field`` is ``field`` (``name`` unless given) and its
    message quotes the value through :func:`excerpt`.

    >>> whole(10**5000, name="made_base")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: made_base must be ..., not <int of 5001 digits>
    """
    if is_whole(value) and low <= value <= high:  # type: ignore[operator]
        return int(value)  # type: ignore[call-overload, no-any-return]
    evidence: dict[str, object] = {"name": name, "low": low, "high": high, "value": excerpt(value)}
    if rule:
        evidence["rule"] = rule
    raise error(
        _NOT_WHOLE_RULE if rule else _NOT_WHOLE,
        field=name if field is None else field,
        rule=rule,
        evidence=evidence,
    )


def workers(value: object, *, name: str = "workers") -> int:
    """``value`` if it is a number of worker processes: 0 (this process) to :data:`MAX_WORKERS`.

    The one bound on worker processes: the tournaments, the kernels and the
    command line all check it here.

    >>> workers(2)
    2
    >>> workers(-2)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: workers must be a whole number from 0 to ..., not -2
    """
    return whole(value, name=name, low=0, high=MAX_WORKERS)


def flag(value: object, *, name: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (not 1, not "yes").

    >>> flag(True, name="debug")
    True
    >>> flag(1, name="debug")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: debug must be True or False, not 1
    """
    if isinstance(value, bool):
        return value
    raise ConfigurationError(
        _NOT_FLAG, field=name, evidence={"name": name, "value": excerpt(value)}
    )


def executor(value: _T, *, name: str = "executor") -> _T:
    """``value`` if it can run work: None, or an object with a ``submit`` method.

    Any :class:`concurrent.futures.Executor` fits, and so does a cluster's
    (``dask.distributed``'s ``client.get_executor()``).

    >>> executor(None) is None
    True
    >>> executor(5)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: executor must be a concurrent.futures.Executor ..., not 5
    """
    if value is None or callable(getattr(value, "submit", None)):
        return value
    raise ConfigurationError(
        _NOT_EXECUTOR, field=name, evidence={"name": name, "value": excerpt(value)}
    )


def whole_setting(
    owner: str, *, low: int = 0, high: int = MAX_WHOLE, rule: str | None = None
) -> Callable[[Any, Any, Any], None]:
    """An attrs validator: the field must hold a whole number from ``low`` to ``high``.

    The message names ``owner.field``; the error's ``field`` is the field's
    own name, as every setting's is.

    >>> import attrs
    >>> @attrs.frozen
    ... class Pay:
    ...     amount: int = attrs.field(validator=whole_setting("Pay", low=1))
    >>> Pay(0)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: Pay.amount must be a whole number from 1 to ..., not 0
    """

    def check(_: object, attribute: Any, value: object) -> None:
        whole(
            value,
            name=f"{owner}.{attribute.name}",
            low=low,
            high=high,
            rule=rule,
            field=attribute.name,
        )

    return check


def seat(value: object, *, players: int, name: str = "seat", rule: str | None = None) -> int:
    """``value`` if it names one of ``players`` seats (0 to ``players - 1``).

    >>> seat(4, players=4, name="dealer")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: dealer must be a seat from 0 to 3, not 4
    """
    if is_whole(value) and 0 <= value < players:  # type: ignore[operator]
        return int(value)  # type: ignore[call-overload, no-any-return]
    evidence: dict[str, object] = {"name": name, "last": players - 1, "value": excerpt(value)}
    if rule:
        evidence["rule"] = rule
    raise ConfigurationError(
        _NOT_SEAT_RULE if rule else _NOT_SEAT, field=name, rule=rule, evidence=evidence
    )


def items(value: Iterable[_T], *, name: str) -> tuple[_T, ...]:
    """``value`` as a tuple of its items, so a value never keeps the caller's list.

    Text is refused (its items would be letters), and so is anything that
    is not a collection.

    >>> items([5, 0], name="scores")
    (5, 0)
    >>> items(None, name="scores")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: scores must be a list or tuple, not None
    """
    if isinstance(value, tuple):
        return value
    if not isinstance(value, (str, bytes)) and isinstance(value, Iterable):
        return tuple(value)
    raise ConfigurationError(
        _NOT_ITEMS, field=name, evidence={"name": name, "value": excerpt(value)}
    )


MAX_NAME: Final = 100
"""The longest player name, in characters (a record's limit too)."""


BIDI_CONTROLS: Final = frozenset(map(chr, (*range(0x202A, 0x202F), *range(0x2066, 0x206A))))
"""The bidirectional embeddings, overrides and isolates a name may not hold.

U+202A to U+202E (LRE, RLE, PDF, LRO, RLO) and U+2066 to U+2069 (LRI, RLI,
FSI, PDI) reorder the text that follows them, so a name holding one can
make a score sheet or a report line read falsely (``"Ana\\u202e01-"`` shows
as ``Ana-10``).  The marks U+200E and U+200F, which reorder nothing
around them, and the zero-width joiner U+200D of emoji stay allowed.
"""


def names(
    value: object, *, players: int, field: str = "names", stored: bool = False
) -> tuple[str, ...]:
    """``value`` as one player name per seat: printable text of 1 to 100 characters.

    Names are shown on score sheets, in views and in records, so a name may
    not be blank, hold control characters (a newline would break a printed
    sheet), lone surrogates (text that cannot be written as UTF-8) or any of
    the :data:`BIDI_CONTROLS` (the error names the character, as ``U+202E``,
    and its place, counting from 1).  Nothing is trimmed or fixed: a bad
    name is refused.  ``stored=True`` is for names read back from a record
    or a database written before bidirectional controls were refused: those
    are allowed, and shown through :func:`shown_name`.

    >>> names(["Ana", "Bogdan", "Cici"], players=3)
    ('Ana', 'Bogdan', 'Cici')
    >>> names(["Ana", "Bo"], players=3)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: names must hold one name per seat (3), not 2
    >>> names(["Ana", "", "Cici"], players=3)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: names[1] must be printable text of 1 to 100 characters, ...
    >>> names(["Ana", "Bo\\u202e01-", "Cici"], players=3)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: names[1] holds the bidirectional control U+202E ...
    >>> names(["Ana", "Bo\\u202e01-", "Cici"], players=3, stored=True)[1] == "Bo\\u202e01-"
    True
    """
    given: tuple[object, ...] = items(value, name=field)  # type: ignore[arg-type]
    if len(given) != players:
        evidence = {"name": field, "players": players, "count": len(given)}
        raise ConfigurationError(_NAME_COUNT, field=field, evidence=evidence)
    for index, name in enumerate(given):
        if not _is_name(name):
            evidence = {"name": field, "index": index, "most": MAX_NAME, "value": excerpt(name)}
            raise ConfigurationError(_BAD_NAME, field=field, evidence=evidence)
        assert isinstance(name, str)
        if not stored and not BIDI_CONTROLS.isdisjoint(name):
            position = next(i for i, c in enumerate(name) if c in BIDI_CONTROLS)
            evidence = {
                "name": field,
                "index": index,
                "char": _code_point(name[position]),
                "position": position + 1,
            }
            raise ConfigurationError(_BIDI_NAME, field=field, evidence=evidence)
    return given  # type: ignore[return-value]  # every item was checked to be a str


def shown_name(name: str) -> str:
    """``name`` as it is shown: each of the :data:`BIDI_CONTROLS` written as ``<U+202E>``.

    New names cannot hold those characters (:func:`names`), but a record or a
    table stored before they were refused can; every place that shows such a
    name (a match replayed from a record, and with it the score sheets, the
    views and the command line) shows it through here, so the text around
    it reads in its own order.  Any other name comes back unchanged.

    >>> shown_name("Bo\\u202e01-")
    'Bo<U+202E>01-'
    >>> shown_name("Ana\\u200d")  # a zero-width joiner is not a bidirectional control
    'Ana\\u200d'
    """
    if BIDI_CONTROLS.isdisjoint(name):
        return name
    return "".join(f"<{_code_point(c)}>" if c in BIDI_CONTROLS else c for c in name)


def shown_names(value: Iterable[str]) -> tuple[str, ...]:
    """Each of ``value``'s names as :func:`shown_name` shows it.

    >>> shown_names(["Ana", "\\u2067Bo"])
    ('Ana', '<U+2067>Bo')
    """
    return tuple(map(shown_name, value))


def _code_point(char: str) -> str:
    return f"U+{ord(char):04X}"


def default_names(players: int) -> tuple[str, ...]:
    """The names of unnamed seats: ``"seat 0"``, ``"seat 1"`` ...

    >>> default_names(3)
    ('seat 0', 'seat 1', 'seat 2')
    """
    return tuple(f"seat {s}" for s in range(players))


def _is_name(name: object) -> bool:
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME or not name.strip():
        return False
    # Controls and line breaks would break a printed line; a lone surrogate
    # (category Cs) cannot be written as UTF-8.  Format characters such as
    # the zero-width joiner of an emoji stay allowed.
    return name.isprintable() or not any(unicodedata.category(c) in _NOT_IN_NAMES for c in name)


_NOT_IN_NAMES: Final = frozenset({"Cc", "Cs", "Zl", "Zp"})


def valid_text(text: str) -> bool:
    """True when ``text`` is valid Unicode: it holds no lone surrogate (``"\\ud800"``).

    Python strings may hold surrogate code points that no UTF-8 file can
    store (JSON's ``"\\ud800"`` escape makes one, and so does a command-line
    argument that is not UTF-8); text that crosses an edge of the library
    (a name, a seed, a record) must be checked with this first.

    >>> valid_text("Ana"), valid_text("Ștefan"), valid_text(chr(0xD800))
    (True, True, False)
    """
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


Seed = int | str | random.Random
"""What fixes a seeded deal or match: an int, a str, or a :class:`random.Random` to draw from."""

_MAX_SEED_TEXT: Final = 200


def check_seed(seed: object, *, name: str = "seed", none: bool = False) -> Seed:
    """``seed`` if it can seed a deal or a match; the one seed rule of the library.

    A seed is an int of at most 63 bits (either sign), a str of at most 200
    characters of valid Unicode (:func:`valid_text`), or a
    :class:`random.Random` to draw from.  Anything else (a float, a bool,
    None, bytes) is refused, None too unless ``none`` says it may stand for
    "no seed" (the caller then draws a fresh one).  A match draws one
    integer from a ``Random`` when it is built, so it stays a pure value; a
    single deal shuffles with it directly.  The error names the argument
    ``name``.

    >>> check_seed(7), check_seed("table 3")
    (7, 'table 3')
    >>> check_seed(7.0)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: seed must be an int, a str or a random.Random, not 7.0
    """
    if isinstance(seed, random.Random):
        return seed
    if is_whole(seed):
        assert isinstance(seed, int)
        if seed.bit_length() <= 63:
            return seed
        raise ConfigurationError(
            _SEED_BITS, field=name, evidence={"name": name, "value": excerpt(seed)}
        )
    if isinstance(seed, str):
        if len(seed) > _MAX_SEED_TEXT:
            evidence = {"name": name, "most": _MAX_SEED_TEXT, "length": len(seed)}
            raise ConfigurationError(_SEED_LENGTH, field=name, evidence=evidence)
        if not valid_text(seed):
            # random.Random would fail on it, and no record could store it.
            raise ConfigurationError(
                _SEED_SURROGATE, field=name, evidence={"name": name, "value": excerpt(seed)}
            )
        return seed
    raise ConfigurationError(
        _SEED_KIND_NONE if none else _SEED_KIND,
        field=name,
        evidence={"name": name, "value": excerpt(seed)},
    )


def rng_of(seed: object, *, name: str = "seed", fresh: bool = False) -> random.Random:
    """The generator a seed stands for: the ``random.Random`` itself, or one seeded with it.

    The one way the library turns a seed into a generator.  The seed is
    checked by :func:`check_seed` first (its errors name ``name``); with
    ``fresh``, None stands for a new generator seeded by the system.

    >>> rng_of(7).random() == random.Random(7).random()
    True
    >>> generator = random.Random(1)
    >>> rng_of(generator) is generator
    True
    >>> type(rng_of(None, fresh=True)).__name__
    'Random'
    """
    if seed is None and fresh:
        return random.Random()
    checked = check_seed(seed, name=name, none=fresh)
    return checked if isinstance(checked, random.Random) else random.Random(checked)


# -- JSON-shaped data: the one strict reader ------------------------------------------
#
# The readers of JSON-shaped data that came from outside: a record (records/),
# a view, a step, a result or a protocol message (remote/).  Each takes the JSON
# path of the value it checks and the error class to raise (WireError unless
# told, RecordError for a record), so junk never escapes as a KeyError or a
# TypeError and both readers refuse the same values the same way:
#
# - a JSON value is of its exact type: a dict, a list, a str, an int (not a
#   bool), never a subclass, which could answer len() or [] otherwise than the
#   data it seems to hold (json.loads never makes one);
# - text is valid Unicode: a lone surrogate (which JSON's "\ud800" escape
#   makes) could not be written back as UTF-8;
# - an object never holds a key twice, and NaN and Infinity are no numbers
#   (the hooks unique_keys and no_constant, for json.loads).
#
# Unknown keys are the format's choice, not the reader's: the protocol's
# messages grow by adding fields, so the wire leaves them alone, and a
# record refuses them (records.schema.mapping).

PathError = type[WireError] | type[RecordError]
"""The errors a reader raises: each names the JSON path of the value it refuses."""


LOCATED: Final = N_("{where}: {what}")
"""The template of a message about one place: the place (a path, a line), then what is wrong."""


def located(where: object, template: str, /, **fields: object) -> tuple[str, dict[str, object]]:
    """The template and evidence of a refusal about the value at ``where``.

    ``where`` is a JSON path such as ``rounds[3].dealer`` (the same in every
    language), or a sentence such as "line 2, column 5" that renders in the
    reader's language; ``template`` is the marked English message and
    ``fields`` its values.  The message reads ``"{where}: {what}"``, its
    ``what`` the message as a sentence; an empty ``where`` leaves the
    message as it is.  Pass the pair to an error as its message and
    ``evidence``, so ``str(error)`` is English and ``error.explain("ro")``
    Romanian, path and all.

    >>> template, evidence = located("view.seat", N_("missing"))
    >>> error = WireError(template, path="view.seat", evidence=evidence)
    >>> str(error), error.explain("ro")
    ('view.seat: missing', 'view.seat: lipsește')
    >>> located("", N_("missing"))
    ('missing', {})
    """
    if isinstance(where, str) and not where:
        return template, fields
    return LOCATED, {"where": where, "what": Sentence(template, **fields)}


def sub_path(path: str, key: str | int) -> str:
    """The path of ``key`` inside the value at ``path``.

    >>> sub_path(sub_path("view", "tricks"), 2)
    'view.tricks[2]'
    """
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def wire_error(
    path: str,
    message: str,
    *,
    rule: str | None = None,
    evidence: dict[str, object] | None = None,
) -> WireError:
    """A :class:`~whist_ro.errors.WireError` for the value at ``path``.

    With ``evidence``, ``message`` is a marked template (see :func:`located`)
    and the error renders in any language; without, it is English text.

    >>> str(wire_error("view.seat", "expected a seat"))
    'view.seat: expected a seat'
    >>> wire_error("view.bids", N_("expected true or false, not {value}"),
    ...            evidence={"value": "1"}).explain("ro")
    'view.bids: se aștepta true sau false, nu 1'
    """
    if evidence is None:
        return WireError(f"{path}: {message}" if path else message, path=path, rule=rule)
    template, fields = located(path, message, **evidence)
    return WireError(template, path=path, rule=rule, evidence=fields)


def _refused(error: PathError, path: str, template: str, **fields: object) -> WhistError:
    where, evidence = located(path, template, **fields)
    return error(where, path=path, evidence=evidence)


_EXPECTED_OBJECT: Final = N_("expected an object, not {value}")
_MISSING: Final = N_("missing")
_EXPECTED_WHOLE: Final = N_("expected a whole number from {low} to {high}, not {value}")
_EXPECTED_BOOL: Final = N_("expected true or false, not {value}")
_EXPECTED_TEXT: Final = N_("expected text of at most {most} characters, not {value}")
_NOT_UNICODE: Final = N_("{value} is not valid Unicode text (it holds a lone surrogate)")
_EXPECTED_LIST: Final = N_("expected a list of {size}, not {value}")
_KEY_TWICE: Final = N_("the key {key} appears twice in one object")
_NOT_A_NUMBER: Final = N_("{name} is not a JSON number")
# English says "1 items" too: the wording predates the catalogue and is pinned.
_ITEMS: Final = NP_("{n} items", "{n} items")
_AT_MOST_ITEMS: Final = N_("at most {most} items")
_ITEMS_BETWEEN: Final = N_("{low} to {most} items")


def read_object(value: object, path: str, *, error: PathError = WireError) -> dict[str, Any]:
    """``value`` if it is a JSON object: a ``dict`` itself, not a subclass.

    >>> read_object([], "step")
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: step: expected an object, not []
    >>> read_object({}, "rounds[0]", error=RecordError)
    {}
    """
    if type(value) is dict:
        return value
    raise _refused(error, path, _EXPECTED_OBJECT, value=excerpt(value))


def read_field(data: dict[str, Any], key: str, path: str, *, error: PathError = WireError) -> Any:
    """``data[key]``, or an error naming the missing key.

    >>> read_field({}, "seat", "view")
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: view.seat: missing
    """
    try:
        return data[key]
    except KeyError:
        raise _refused(error, sub_path(path, key), _MISSING) from None


def read_whole(
    value: object,
    path: str,
    *,
    low: int = 0,
    high: int = MAX_WHOLE,
    error: PathError = WireError,
) -> int:
    """``value`` if it is a whole number (an ``int``, not a bool) from ``low`` to ``high``.

    >>> read_whole(True, "view.seat", high=3)
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: view.seat: expected a whole number from 0 to 3, not True
    """
    if type(value) is int and low <= value <= high:
        return value
    raise _refused(error, path, _EXPECTED_WHOLE, low=low, high=high, value=excerpt(value))


def read_bool(value: object, path: str, *, error: PathError = WireError) -> bool:
    """``value`` if it is ``true`` or ``false``.

    >>> read_bool(1, "step.round_over")
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: step.round_over: expected true or false, not 1
    """
    if value is True or value is False:
        return value
    raise _refused(error, path, _EXPECTED_BOOL, value=excerpt(value))


def read_string(
    value: object, path: str, *, most: int = MAX_NAME, error: PathError = WireError
) -> str:
    """``value`` if it is text (a ``str``) of at most ``most`` characters, valid Unicode.

    >>> read_string(7, "hello.name")
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: hello.name: expected text of at most 100 characters, not 7
    >>> read_string("Ana\\udc80", "players[0]", error=RecordError)
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: players[0]: 'Ana\\udc80' is not valid Unicode text (it holds ...
    """
    if type(value) is str and len(value) <= most:
        if valid_text(value):
            return value
        raise _refused(error, path, _NOT_UNICODE, value=excerpt(value))
    raise _refused(error, path, _EXPECTED_TEXT, most=most, value=excerpt(value))


def read_list(
    value: object,
    path: str,
    *,
    length: int | None = None,
    low: int = 0,
    most: int = 1000,
    error: PathError = WireError,
) -> list[Any]:
    """``value`` if it is a JSON array (a ``list``) of ``length`` items, else ``low`` to ``most``.

    >>> read_list([1, 2], "view.bids", length=3)
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: view.bids: expected a list of 3 items, not [1, 2]
    >>> read_list("abc", "players", low=1, most=8, error=RecordError)
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: players: expected a list of 1 to 8 items, not 'abc'
    """
    if type(value) is list and (
        len(value) == length if length is not None else low <= len(value) <= most
    ):
        return value
    if length is not None:
        size = Sentence.plural(_ITEMS, length)
    elif low:
        size = Sentence(_ITEMS_BETWEEN, low=low, most=most)
    else:
        size = Sentence(_AT_MOST_ITEMS, most=most)
    raise _refused(error, path, _EXPECTED_LIST, size=size, value=excerpt(value))


def unique_keys(error: PathError = WireError) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """A ``json.loads`` ``object_pairs_hook`` that refuses a key given twice in one object.

    JSON leaves a repeated key's meaning open (Python keeps the last, other
    readers the first), so a text that two readers would read differently is
    refused instead.

    >>> import json
    >>> json.loads('{"seat": 1, "seat": 2}', object_pairs_hook=unique_keys())
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: the key 'seat' appears twice in one object
    """

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, item in pairs:
            if key in out:
                raise error(_KEY_TWICE, evidence={"key": excerpt(key)})
            out[key] = item
        return out

    return hook


def no_constant(error: PathError = WireError) -> Callable[[str], Any]:
    """A ``json.loads`` ``parse_constant`` hook: ``NaN`` and ``Infinity`` are no JSON numbers.

    >>> import json
    >>> json.loads("[NaN]", parse_constant=no_constant())
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: NaN is not a JSON number
    """

    def hook(name: str) -> Any:
        raise error(_NOT_A_NUMBER, evidence={"name": name})

    return hook


_REQUIRED: Final = object()


class WireObject:
    """A JSON object being read from the wire, with its path: typed fields in one call each.

    >>> obj = WireObject({"seat": 2, "over": False}, "view")
    >>> obj.whole("seat", high=3), obj.flag("over"), obj.flag("abandoned", False)
    (2, False, False)
    >>> obj.whole("dealer")
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: view.dealer: missing
    """

    __slots__ = ("data", "path")

    def __init__(self, value: object, path: str) -> None:
        self.data = read_object(value, path)
        self.path = path

    def at(self, key: str | int) -> str:
        """The path of ``key`` in this object."""
        return sub_path(self.path, key)

    def get(self, key: str, default: object = _REQUIRED) -> Any:
        """The raw value of ``key``; ``default`` when it is missing (else an error)."""
        if default is _REQUIRED:
            return read_field(self.data, key, self.path)
        return self.data.get(key, default)

    # Each reader checks the common case first and builds a path only to report an error:
    # an engine reads a view per decision.

    def whole(
        self, key: str, *, low: int = 0, high: int = MAX_WHOLE, default: object = _REQUIRED
    ) -> int:
        """The whole number at ``key``, from ``low`` to ``high``."""
        value = self.data.get(key, default)
        if type(value) is int and low <= value <= high:
            return value
        return read_whole(self.get(key, default), self.at(key), low=low, high=high)

    def maybe_whole(
        self, key: str, *, low: int = 0, high: int = MAX_WHOLE, default: object = _REQUIRED
    ) -> int | None:
        """The whole number at ``key``, or None when it is null."""
        value = self.data.get(key, default)
        if value is None or (type(value) is int and low <= value <= high):
            return value
        return read_whole(self.get(key, default), self.at(key), low=low, high=high)

    def flag(self, key: str, default: object = _REQUIRED) -> bool:
        """The ``true`` or ``false`` at ``key``."""
        value = self.data.get(key, default)
        if value is True or value is False:
            return value
        return read_bool(self.get(key, default), self.at(key))

    def text(self, key: str, *, most: int = MAX_NAME, default: object = _REQUIRED) -> str:
        """The text at ``key``, at most ``most`` characters."""
        value = self.data.get(key, default)
        if type(value) is str and len(value) <= most and valid_text(value):
            return value
        return read_string(self.get(key, default), self.at(key), most=most)

    def items(
        self, key: str, *, length: int | None = None, most: int = 1000, default: object = _REQUIRED
    ) -> list[Any]:
        """The list at ``key``: exactly ``length`` items, else at most ``most``."""
        value = self.data.get(key, default)
        if type(value) is list and (
            len(value) == length if length is not None else len(value) <= most
        ):
            return value
        return read_list(self.get(key, default), self.at(key), length=length, most=most)

    def wholes(
        self,
        key: str,
        *,
        length: int | None = None,
        most: int = 1000,
        low: int = 0,
        high: int = MAX_WHOLE,
    ) -> tuple[int, ...]:
        """The list of whole numbers at ``key``."""
        items = self.items(key, length=length, most=most)
        if all(type(x) is int and low <= x <= high for x in items):
            return tuple(items)
        at = self.at(key)
        return tuple(
            read_whole(x, sub_path(at, i), low=low, high=high) for i, x in enumerate(items)
        )

    def object(self, key: str) -> WireObject:
        """The object at ``key``."""
        return WireObject(self.get(key), self.at(key))
