"""Crashes on its third decision: a message on stderr, then exit status 3."""

import sys
from typing import Any

from _engine import play


def misdeed(message: dict[str, Any], decision: int) -> bytes | None:
    if decision == 3:
        print("about to fall over", file=sys.stderr, flush=True)
        sys.exit(3)
    return None


play(misdeed, name="crash")
