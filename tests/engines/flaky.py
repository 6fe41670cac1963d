"""Plays legally the first time it is started; every later start fails: a line on stderr, exit 4.

Its argument names a file that counts the starts (one line appended per start).
"""

import os
import sys
from typing import Any

from _engine import play

with open(sys.argv[1], "a", encoding="utf-8") as starts:
    starts.write(f"{os.getpid()}\n")
with open(sys.argv[1], encoding="utf-8") as starts:
    count = len(starts.read().split())
if count > 1:
    print(f"flaky: start {count} refused, licence expired", file=sys.stderr, flush=True)
    sys.exit(4)


def misdeed(message: dict[str, Any], decision: int) -> bytes | None:
    return None


play(misdeed, name="flaky")
