"""Strict reading of untrusted JSON: caps first, then typed fields with their paths.

Every reader here takes the JSON path of the value it checks and raises
:class:`~whist_ro.errors.RecordError` naming that path, so a bad record
says exactly where it went wrong (``rounds[3].actions[17].card``).  They
are the package's one strict reader of JSON-shaped data (the ``read_*``
functions of :mod:`whist_ro._check`, which the engine protocol reads its
messages with), told to raise ``RecordError``: a record and a message
refuse the same values alike, and a record adds only its own rule that
an object holds no unknown key (:func:`mapping`).  Size
and depth are capped *before* the text is parsed, so a huge or deeply
nested file is refused quickly instead of exhausting memory or the stack.
Nothing is evaluated: the text goes to :func:`json.loads` only, with
``NaN``/``Infinity`` and repeated keys refused.

>>> parse_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> parse_json("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
whist_ro.errors.RecordError: the JSON is nested 100 levels deep; a record needs at most 16
>>> integer(True, "rounds[0].dealer", low=0, high=3)
Traceback (most recent call last):
...
whist_ro.errors.RecordError: rounds[0].dealer: expected a whole number from 0 to 3, not True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from whist_ro._check import (
    LOCATED,
    excerpt,
    located,
    no_constant,
    read_list,
    read_object,
    read_string,
    read_whole,
    unique_keys,
    valid_text,
)
from whist_ro._immutable import Immutable
from whist_ro._text import Sentence, known_reason
from whist_ro.cards import Card
from whist_ro.errors import RecordError, WhistError
from whist_ro.locale import N_

__all__ = [
    "BOM",
    "JSON_TEXT",
    "MAX_CHARS",
    "MAX_DEPTH",
    "PLACE",
    "Fail",
    "JsonScan",
    "card",
    "child",
    "decode_text",
    "fail_at",
    "integer",
    "known_reason",
    "listed",
    "mapping",
    "parse_json",
    "quoting",
    "scan_json",
    "text",
]

MAX_CHARS: Final = 8_000_000
"""The longest record text :func:`parse_json` reads, in characters (a full match is ~100 kB)."""
MAX_DEPTH: Final = 16
"""The deepest nesting of lists and objects a record may have (its own shape needs 5)."""

BOM: Final = "\ufeff"
"""The byte-order mark some editors and spreadsheets write first; one at the start is skipped."""
_BOM_BYTES: Final = BOM.encode("utf-8")

# The scanner's patterns.  Every quantifier is possessive (*+, ++): a pattern never gives
# back what it has matched, so each call costs what it passes over (a failed try at a
# list costs its length once more), and each call starts where the last one stopped.
# QUIET is a string without escapes or text with no quote or bracket; LEAF is a list or
# an object holding only QUIET text (one level deeper than where it stands).
_QUIET: Final = r'"[^"\\]*+"|[^"\[\]{}]++'
_LEAF: Final = rf"\[(?:{_QUIET})*+\]|\{{(?:{_QUIET})*+\}}"
_TOKEN: Final = re.compile(
    rf"""(?P<quiet>(?:{_QUIET})++)"""  # skipped whole
    rf"""|(?P<leaves>(?:{_LEAF})(?:{_QUIET}|{_LEAF})*+)"""  # one level deeper at most
    r"""|(?P<open>[\[{]++)"""  # a run of openings
    r"""|(?P<close>[\]}]++)"""  # a run of closings
    r"""|(?P<quote>")"""  # a string with escapes, or an unterminated one
)
# Inside a string: everything up to a quote, the end, or a \uD800-\uDFFF escape.
_STRING_RUN: Final = re.compile(r"(?:[^\"\\]++|\\(?!u[dD][89a-fA-F])[\s\S])*+")
_HEX4: Final = re.compile(r"[0-9A-Fa-f]{4}")
_HIGH: Final = range(0xD800, 0xDC00)
_LOW: Final = range(0xDC00, 0xE000)


@attrs.frozen(kw_only=True)
class JsonScan(Immutable):
    """What one pass of :func:`scan_json` over a JSON text found.

    ``depth`` is the deepest nesting of lists and objects, strings left out;
    ``lone_surrogate`` is the index of the first ``\\uD800``-``\\uDFFF``
    escape that is not half of a surrogate pair (None if there is none);
    ``steps`` counts the tokens the scan visited: at most one per
    character, each costing what it passes over.

    >>> scan_json('{"a": [1, "[", {}]}')
    JsonScan(depth=3, lone_surrogate=None, steps=6)
    """

    depth: int
    lone_surrogate: int | None
    steps: int


def _escape_end(text: str, at: int) -> int | None:
    """Where the escape at ``text[at] == "\\"`` ends; None for a lone surrogate."""
    if text.startswith("u", at + 1) and _HEX4.fullmatch(text, at + 2, at + 6) is not None:
        code = int(text[at + 2 : at + 6], 16)
        if code in _LOW:
            return None
        if code in _HIGH:
            pair = at + 6
            if not (
                text.startswith("\\u", pair)
                and _HEX4.fullmatch(text, pair + 2, pair + 6) is not None
                and int(text[pair + 2 : pair + 6], 16) in _LOW
            ):
                return None
            return pair + 6
        return at + 6
    return at + 2


def scan_json(text: str) -> JsonScan:
    """One forward pass over JSON text: its nesting depth and any lone surrogate escape.

    The scan walks left to right over tokens: strings without escapes and
    the text between them, a run of brackets, a run of lists and objects
    that hold no list or object, or, inside a string that holds escapes, a
    stretch of text up to a ``\\uD800``-``\\uDFFF`` escape.
    Every search starts where the previous one stopped and no pattern can
    backtrack, so the cost is linear in the length of the text whatever it
    holds (an unterminated string of escaped quotes, a million brackets...);
    ``steps`` counts the tokens visited.  The scan stops at an unterminated
    string (the JSON parser names that error) and does not check the rest
    of the grammar: :func:`json.loads` does.

    >>> scan_json("[" * 40 + "]" * 40).depth
    40
    >>> scan_json('"\\\\" [[[ \\\\"').depth   # the brackets are inside a string
    0
    >>> scan_json('["\\\\ud83d\\\\ude00", "\\\\udc00"]').lone_surrogate
    18
    """
    depth = deepest = steps = 0
    token = _TOKEN.search
    string_run = _STRING_RUN.match
    end_of_text = len(text)
    pos = 0
    while (found := token(text, pos)) is not None:
        steps += 1
        pos = found.end()
        kind = found.lastgroup
        if kind == "open":
            depth += pos - found.start()
            deepest = max(deepest, depth)
        elif kind == "close":
            depth -= pos - found.start()
        elif kind == "leaves":
            deepest = max(deepest, depth + 1)
        elif kind == "quote":  # a string holding escapes, or an unterminated one
            while True:
                steps += 1
                run = string_run(text, pos)
                pos = run.end() if run is not None else pos
                if pos >= end_of_text:  # unterminated
                    return JsonScan(depth=deepest, lone_surrogate=None, steps=steps)
                if text[pos] == '"':
                    pos += 1
                    break
                end = _escape_end(text, pos)  # a \\uD800-\\uDFFF escape
                if end is None:
                    return JsonScan(depth=deepest, lone_surrogate=pos, steps=steps)
                pos = end
    return JsonScan(depth=deepest, lone_surrogate=None, steps=steps)


PLACE: Final = N_("line {line}, column {column}")
"""Where a problem is in a text: the place a located message names first."""

JSON_TEXT: Final = N_("JSON text")
"""What the record loaders call the text they read (the ``what`` of :func:`decode_text`)."""
_LONGER: Final = N_("the {what} is longer than {max_chars} characters")
_NOT_UTF8: Final = N_("the {what} is not UTF-8: {reason} at byte {at}")
_NOT_TEXT: Final = N_("expected {what}, not {value}")
_TOO_LONG: Final = N_("the {what} is {length} characters long; at most {max_chars} are read")
_LONE_SURROGATE: Final = N_("the {what} is not valid Unicode: it holds the lone surrogate {escape}")
_TOO_DEEP: Final = N_("the JSON is nested {depth} levels deep; a record needs at most {most}")
_LONE_ESCAPE: Final = N_(
    "not valid Unicode: the escape {escape} is a lone surrogate "
    "(an escaped surrogate must be half of a pair, such as \\ud83d\\ude00)"
)
_BAD_JSON_AT: Final = N_("not valid JSON: {reason} (line {line}, column {column})")
_BAD_JSON: Final = N_("not valid JSON: {reason}")
_UNKNOWN_KEY: Final = N_("unknown key (expected: {keys})")
_MISSING: Final = N_("missing")
_EXPECTED_CARD: Final = N_("expected a card such as 'Ah', not {value}")


def _place(text: str, index: int) -> tuple[int, int]:
    """The line and column (from 1) of ``text[index]``."""
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


Fail = Callable[[str, int, int, Mapping[str, object]], RecordError]
"""Makes the error for a message at a line and column (both from 1).

The message is a marked template (:func:`~whist_ro.locale.N_`) and the
mapping its evidence, as :class:`~whist_ro.errors.WhistError` takes them.
"""


def _located(message: str, line: int, column: int, evidence: Mapping[str, object]) -> RecordError:
    where = Sentence(PLACE, line=line, column=column)
    template, fields = located(where, message, **evidence)
    return RecordError(template, path=str(where), evidence=fields)


def decode_text(data: object, *, what: str, max_chars: int, fail: Fail | None = None) -> str:
    """Text input at the library's edge: a str, or UTF-8 bytes; capped and valid Unicode.

    One byte-order mark at the start is dropped (spreadsheets and Windows
    editors write one).  Refused with :class:`~whist_ro.errors.RecordError`
    (or what ``fail`` makes, given the message, line and column): anything
    that is not text, bytes that are not UTF-8, text longer than
    ``max_chars`` characters, and text holding a lone surrogate, which no
    UTF-8 file can store.  ``what`` names the text in messages (a message
    marked for the catalogue, such as :data:`JSON_TEXT`, is translated).

    >>> decode_text(b"\\xef\\xbb\\xbfdealer: 1", what="round text", max_chars=100)
    'dealer: 1'
    >>> decode_text("ab\\ncd\\udc80", what="CSV text", max_chars=100)
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: line 2, column 3: the CSV text is not valid Unicode: it holds ...
    """
    fail = _located if fail is None else fail
    named = Sentence(what)
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        if len(raw) > 4 * max_chars + 3:
            raise fail(_LONGER, 1, 1, {"what": named, "max_chars": max_chars})
        skipped = len(_BOM_BYTES) if raw.startswith(_BOM_BYTES) else 0
        try:
            data = raw[skipped:].decode("utf-8")
        except UnicodeDecodeError as error:
            head = raw[skipped : skipped + error.start].decode("utf-8")
            line, column = _place(head + "?", len(head))
            at = skipped + error.start  # counted in the bytes as given
            evidence = {"what": named, "reason": known_reason(error.reason), "at": at}
            raise fail(_NOT_UTF8, line, column, evidence) from None
    elif isinstance(data, str):
        if data.startswith(BOM):
            data = data[1:]
    else:
        raise fail(_NOT_TEXT, 1, 1, {"what": named, "value": excerpt(data)})
    if len(data) > max_chars:
        evidence = {"what": named, "length": len(data), "max_chars": max_chars}
        raise fail(_TOO_LONG, 1, 1, evidence)
    if not valid_text(data):
        index = next(i for i, c in enumerate(data) if "\ud800" <= c <= "\udfff")
        line, column = _place(data, index)
        escape = data[index].encode("unicode_escape").decode()
        raise fail(_LONE_SURROGATE, line, column, {"what": named, "escape": escape})
    return data


def parse_json(
    data: str | bytes, *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH
) -> object:
    """Parse JSON text after checking its size and depth; only ``RecordError`` escapes.

    ``data`` is read by :func:`decode_text` (a BOM is skipped) and scanned
    once by :func:`scan_json` before it is parsed, so the cost is linear in
    its length whatever it holds.

    >>> parse_json("[1,")
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: not valid JSON: Expecting value (line 1, column 4)
    >>> parse_json('{"a": NaN}')
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: NaN is not a JSON number
    >>> parse_json('["\\\\udc00"]')
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: line 1, column 3: not valid Unicode: the escape \\udc00 is ...
    """
    text = decode_text(data, what=JSON_TEXT, max_chars=max_chars)
    scan = scan_json(text)
    if scan.depth > max_depth:
        raise RecordError(_TOO_DEEP, evidence={"depth": scan.depth, "most": max_depth})
    if scan.lone_surrogate is not None:
        at = scan.lone_surrogate
        line, column = _place(text, at)
        raise _located(_LONE_ESCAPE, line, column, {"escape": text[at : at + 6]})
    try:
        return json.loads(
            text,
            parse_constant=no_constant(RecordError),
            object_pairs_hook=unique_keys(RecordError),
        )
    except WhistError:
        raise
    except json.JSONDecodeError as error:
        evidence = {"reason": known_reason(error.msg), "line": error.lineno, "column": error.colno}
        raise RecordError(_BAD_JSON_AT, evidence=evidence) from None
    except (ValueError, RecursionError) as error:  # an int of too many digits, say
        raise RecordError(_BAD_JSON, evidence={"reason": excerpt(str(error))}) from None


def child(path: str, key: str | int) -> str:
    """The path of ``key`` inside the value at ``path``.

    >>> child(child(child("", "rounds"), 3), "dealer")
    'rounds[3].dealer'
    """
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def fail_at(path: str, template: str, /, **fields: object) -> RecordError:
    """A :class:`~whist_ro.errors.RecordError` about the value at the JSON path ``path``.

    ``template`` is a marked message and ``fields`` its values: the error
    reads ``path: message`` in English and renders in any language.

    >>> error = fail_at("rounds[0].dealer", N_("missing"))
    >>> str(error), error.path, error.explain("ro")
    ('rounds[0].dealer: missing', 'rounds[0].dealer', 'rounds[0].dealer: lipsește')
    """
    template, evidence = located(path, template, **fields)
    return RecordError(template, path=path, evidence=evidence)


def quoting(path: str, what: object) -> RecordError:
    """A :class:`~whist_ro.errors.RecordError` about ``path`` that quotes another refusal.

    ``what`` is a refusal (a :class:`~whist_ro.errors.WhistError`) or a
    sentence (:class:`~whist_ro._text.Sentence`); it speaks the language
    the new message is read in.

    >>> from whist_ro.cards import Card
    >>> try:
    ...     Card.parse("Zz")
    ... except WhistError as error:
    ...     quoted = quoting("turn_up", error)
    >>> print(quoted)
    turn_up: cannot read 'Zz' as a card: unknown suit 'z'; the suits are c, d, h and s ...
    """
    if not path:
        return RecordError("{what}", evidence={"what": what})
    return RecordError(LOCATED, path=path, evidence={"where": path, "what": what})


def mapping(
    value: object,
    path: str,
    *,
    required: tuple[str, ...] = (),
    optional: tuple[str, ...] = (),
) -> Mapping[str, Any]:
    """``value`` if it is a JSON object with all ``required`` keys and no unknown ones.

    >>> mapping({"seat": 1, "cards": 2}, "rounds[0].actions[4]", required=("seat",),
    ...         optional=("bid", "card"))
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: rounds[0].actions[4].cards: unknown key (expected: seat, bid, card)
    """
    read_object(value, path, error=RecordError)
    assert isinstance(value, dict)
    known = tuple(dict.fromkeys(required + optional))  # each key once in the message
    for key in value:
        if key not in known:
            raise fail_at(child(path, key), _UNKNOWN_KEY, keys=", ".join(known))
    for key in required:
        if key not in value:
            raise fail_at(child(path, key), _MISSING)
    return value


def listed(value: object, path: str, *, low: int = 0, high: int) -> list[Any]:
    """``value`` if it is a JSON list of ``low`` to ``high`` items.

    >>> listed([1, 2, 3], "players", low=3, high=6)
    [1, 2, 3]
    >>> listed("abc", "players", high=6)
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: players: expected a list of at most 6 items, not 'abc'
    """
    return read_list(value, path, low=low, most=high, error=RecordError)


def integer(value: object, path: str, *, low: int, high: int) -> int:
    """``value`` if it is a whole number (an ``int``: not a bool, not a float), ``low`` to ``high``.

    >>> integer(3.0, "rounds[0].dealer", low=0, high=3)
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: rounds[0].dealer: expected a whole number from 0 to 3, not 3.0
    """
    return read_whole(value, path, low=low, high=high, error=RecordError)


def text(value: object, path: str, *, high: int) -> str:
    """``value`` if it is a JSON string of at most ``high`` characters, valid Unicode.

    >>> text(7, "players[0]", high=100)
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: players[0]: expected text of at most 100 characters, not 7
    """
    return read_string(value, path, most=high, error=RecordError)


def card(value: object, path: str) -> Card:
    """``value`` read as a card (``"Ah"``, ``"10h"``, ``"Th"``...).

    >>> card("Zz", "rounds[0].turn_up")
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: rounds[0].turn_up: cannot read 'Zz' as a card: unknown suit 'z';...
    """
    if type(value) is not str or len(value) > 8:
        raise fail_at(path, _EXPECTED_CARD, value=excerpt(value))
    try:
        return Card.parse(value)
    except WhistError as error:
        raise quoting(path, error) from None
