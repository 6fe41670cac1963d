"""Answers every decision with its id as text ("1", not 1), or with no id, or with an id never
asked for, as its first argument says: answers the manager ignores."""

import json
import sys
from typing import Any

from _engine import first_legal, play

HOW = sys.argv[1] if len(sys.argv) > 1 else "text"


def misdeed(message: dict[str, Any], decision: int) -> bytes | None:
    answer = first_legal(message)
    if HOW == "text":
        answer["id"] = str(answer["id"])
    elif HOW == "none":
        del answer["id"]
    else:
        answer["id"] += 1000
    return (json.dumps(answer) + "\n").encode()


play(misdeed, name="text_id")
