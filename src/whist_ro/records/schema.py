"""Strict reading of untrusted JSON: caps first, then typed fields with their paths.

Every reader here takes the JSON path of the value it checks and raises
:class:`~whist_ro.errors.RecordError` naming that path, so a bad record
says exactly where it went wrong (``rounds[3].actions[17].card``).  Size
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

from whist_ro._check import excerpt, is_whole, valid_text
from whist_ro._immutable import Immutable
from whist_ro.cards import Card
from whist_ro.errors import RecordError, WhistError

__all__ = [
    "BOM",
    "MAX_CHARS",
    "MAX_DEPTH",
    "Fail",
    "JsonScan",
    "card",
    "child",
    "decode_text",
    "integer",
    "listed",
    "mapping",
    "parse_json",
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


def _place(text: str, index: int) -> tuple[int, int]:
    """The line and column (from 1) of ``text[index]``."""
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


Fail = Callable[[str, int, int], RecordError]
"""Makes the error for a message at a line and column (both from 1)."""


def _located(message: str, line: int, column: int) -> RecordError:
    where = f"line {line}, column {column}"
    return RecordError(f"{where}: {message}", path=where)


def decode_text(data: object, *, what: str, max_chars: int, fail: Fail | None = None) -> str:
    """Text input at the library's edge: a str, or UTF-8 bytes; capped and valid Unicode.

    One byte-order mark at the start is dropped (spreadsheets and Windows
    editors write one).  Refused with :class:`~whist_ro.errors.RecordError`
    (or what ``fail`` makes, given the message, line and column): anything
    that is not text, bytes that are not UTF-8, text longer than
    ``max_chars`` characters, and text holding a lone surrogate, which no
    UTF-8 file can store.  ``what`` names the text in messages.

    >>> decode_text(b"\\xef\\xbb\\xbfdealer: 1", what="round text", max_chars=100)
    'dealer: 1'
    >>> decode_text("ab\\ncd\\udc80", what="CSV text", max_chars=100)
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: line 2, column 3: the CSV text is not valid Unicode: it holds ...
    """
    fail = _located if fail is None else fail
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        if len(raw) > 4 * max_chars + 3:
            raise fail(f"the {what} is longer than {max_chars} characters", 1, 1)
        skipped = len(_BOM_BYTES) if raw.startswith(_BOM_BYTES) else 0
        try:
            data = raw[skipped:].decode("utf-8")
        except UnicodeDecodeError as error:
            head = raw[skipped : skipped + error.start].decode("utf-8")
            line, column = _place(head + "?", len(head))
            at = skipped + error.start  # counted in the bytes as given
            raise fail(
                f"the {what} is not UTF-8: {error.reason} at byte {at}", line, column
            ) from None
    elif isinstance(data, str):
        if data.startswith(BOM):
            data = data[1:]
    else:
        raise fail(f"expected {what}, not {excerpt(data)}", 1, 1)
    if len(data) > max_chars:
        raise fail(f"the {what} is {len(data)} characters long; at most {max_chars} are read", 1, 1)
    if not valid_text(data):
        index = next(i for i, c in enumerate(data) if "\ud800" <= c <= "\udfff")
        line, column = _place(data, index)
        raise fail(
            f"the {what} is not valid Unicode: it holds the lone surrogate "
            f"{data[index].encode('unicode_escape').decode()}",
            line,
            column,
        )
    return data


def _no_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a JSON number a record may hold")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"the key {excerpt(key)} appears twice in one object")
        out[key] = value
    return out


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
    whist_ro.errors.RecordError: NaN is not a JSON number a record may hold
    >>> parse_json('["\\\\udc00"]')
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: line 1, column 3: not valid Unicode: the escape \\udc00 is ...
    """
    text = decode_text(data, what="JSON text", max_chars=max_chars)
    scan = scan_json(text)
    if scan.depth > max_depth:
        raise RecordError(
            f"the JSON is nested {scan.depth} levels deep; a record needs at most {max_depth}"
        )
    if scan.lone_surrogate is not None:
        at = scan.lone_surrogate
        line, column = _place(text, at)
        raise _located(
            f"not valid Unicode: the escape {text[at : at + 6]} is a lone surrogate "
            "(an escaped surrogate must be half of a pair, such as \\ud83d\\ude00)",
            line,
            column,
        )
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_unique_keys)
    except WhistError:
        raise
    except json.JSONDecodeError as error:
        raise RecordError(
            f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except (ValueError, RecursionError) as error:  # an int of too many digits, say
        raise RecordError(f"not valid JSON: {excerpt(str(error))}") from None


def child(path: str, key: str | int) -> str:
    """The path of ``key`` inside the value at ``path``.

    >>> child(child(child("", "rounds"), 3), "dealer")
    'rounds[3].dealer'
    """
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _fail(path: str, message: str) -> RecordError:
    return RecordError(f"{path}: {message}" if path else message, path=path)


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
    if not isinstance(value, dict):
        raise _fail(path, f"expected an object, not {excerpt(value)}")
    known = tuple(dict.fromkeys(required + optional))  # each key once in the message
    for key in value:
        if key not in known:
            raise _fail(child(path, key), f"unknown key (expected: {', '.join(known)})")
    for key in required:
        if key not in value:
            raise _fail(child(path, key), "missing")
    return value


def listed(value: object, path: str, *, low: int = 0, high: int) -> list[Any]:
    """``value`` if it is a JSON list of ``low`` to ``high`` items.

    >>> listed([1, 2, 3], "players", low=3, high=6)
    [1, 2, 3]
    >>> listed("abc", "players", high=6)
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: players: expected a list, not 'abc'
    """
    if not isinstance(value, list):
        raise _fail(path, f"expected a list, not {excerpt(value)}")
    if not low <= len(value) <= high:
        raise _fail(path, f"expected {low} to {high} items, not {len(value)}")
    return value


def integer(value: object, path: str, *, low: int, high: int) -> int:
    """``value`` if it is a whole number (not a bool, not a float) from ``low`` to ``high``."""
    if is_whole(value) and low <= value <= high:  # type: ignore[operator]
        return int(value)  # type: ignore[call-overload, no-any-return]
    raise _fail(path, f"expected a whole number from {low} to {high}, not {excerpt(value)}")


def text(value: object, path: str, *, high: int) -> str:
    """``value`` if it is a JSON string of at most ``high`` characters.

    >>> text(7, "players[0]", high=100)
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: players[0]: expected a string of at most 100 characters, not 7
    """
    if isinstance(value, str) and len(value) <= high:
        return value
    raise _fail(path, f"expected a string of at most {high} characters, not {excerpt(value)}")


def card(value: object, path: str) -> Card:
    """``value`` read as a card (``"Ah"``, ``"10h"``, ``"Th"``...).

    >>> card("Zz", "rounds[0].turn_up")
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: rounds[0].turn_up: cannot read 'Zz' as a card: unknown suit 'z'
    """
    if not isinstance(value, str) or len(value) > 8:
        raise _fail(path, f"expected a card such as 'Ah', not {excerpt(value)}")
    try:
        return Card.parse(value)
    except WhistError as error:
        raise _fail(path, str(error)) from None
