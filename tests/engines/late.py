"""Answers its second decision 0.3 s after the deadline (inside the grace period)."""

import json
import time
from typing import Any

from _engine import first_legal, play


def misdeed(message: dict[str, Any], decision: int) -> bytes | None:
    if decision == 2 and message["time_ms"] is not None:  # with no limit, nothing is late
        time.sleep(message["time_ms"] / 1000 + 0.3)
        return (json.dumps(first_legal(message)) + "\n").encode()
    return None


play(misdeed, name="late")
