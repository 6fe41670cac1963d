"""Writes a line that is not JSON on its second decision."""

from typing import Any

from _engine import play


def misdeed(message: dict[str, Any], decision: int) -> bytes | None:
    return b"I think I will play the ace\n" if decision == 2 else None


play(misdeed, name="garbage")
