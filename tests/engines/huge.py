"""Writes one line of 100 MB on its second decision (built at start, so it comes at once)."""

from typing import Any

from _engine import play

LINE = b'{"type": "action", "pad": "' + b"x" * 100_000_000 + b'"}\n'


def misdeed(message: dict[str, Any], decision: int) -> bytes | None:
    return LINE if decision == 2 else None


play(misdeed, name="huge")
