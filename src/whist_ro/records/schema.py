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
from collections.abc import Mapping
from typing import Any, Final

from whist_ro._check import excerpt, is_whole
from whist_ro.cards import Card
from whist_ro.errors import RecordError, WhistError

__all__ = [
    "MAX_CHARS",
    "MAX_DEPTH",
    "card",
    "child",
    "integer",
    "listed",
    "mapping",
    "parse_json",
    "text",
]

MAX_CHARS: Final = 8_000_000
"""The longest record text :func:`parse_json` reads, in characters (a full match is ~100 kB)."""
MAX_DEPTH: Final = 16
"""The deepest nesting of lists and objects a record may have (its own shape needs 5)."""

_STRINGS: Final = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS: Final = re.compile(r"[\[\]{}]")


def _depth(text: str) -> int:
    """The deepest bracket nesting of ``text``, strings left out; linear, no recursion."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(_STRINGS.sub("", text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


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

    >>> parse_json("[1,")
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: not valid JSON: Expecting value at line 1, column 4
    >>> parse_json('{"a": NaN}')
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: NaN is not a JSON number a record may hold
    """
    if isinstance(data, (bytes, bytearray)):
        if len(data) > 4 * max_chars:
            raise RecordError(f"the text is longer than {max_chars} characters")
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(
                f"the text is not UTF-8: {error.reason} at byte {error.start}"
            ) from None
    if not isinstance(data, str):
        raise RecordError(f"expected JSON text, not {excerpt(data)}")
    if len(data) > max_chars:
        raise RecordError(f"the text is {len(data)} characters long; at most {max_chars} are read")
    depth = _depth(data)
    if depth > max_depth:
        raise RecordError(
            f"the JSON is nested {depth} levels deep; a record needs at most {max_depth}"
        )
    try:
        return json.loads(data, parse_constant=_no_constant, object_pairs_hook=_unique_keys)
    except WhistError:
        raise
    except json.JSONDecodeError as error:
        raise RecordError(
            f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
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
    known = required + optional
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
