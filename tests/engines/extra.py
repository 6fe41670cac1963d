"""Answers its second decision with something extra, as its argument says.

``message``: an extra field beside the action, in the message (ignored);
``action``: an extra field inside the action (refused: an action is exact);
``string_id``: the request's id as a string (ignored, so the turn times out).
"""

import json
import sys
import time
from typing import Any

from _engine import first_legal, play

mode = sys.argv[1]


def misdeed(message: dict[str, Any], decision: int) -> bytes | None:
    if decision != 2:
        return None
    answer = first_legal(message)
    if mode == "message":
        answer["confidence"] = 0.9
    elif mode == "action":
        answer["action"]["confidence"] = 0.9
    else:
        answer["id"] = str(answer["id"])
        line = json.dumps(answer) + "\n"
        sys.stdout.write(line)
        sys.stdout.flush()
        time.sleep(600)  # then waits, as an engine that believes it answered would
    return (json.dumps(answer) + "\n").encode()


play(misdeed, name="extra")
