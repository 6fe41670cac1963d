"""Answers its second decision with an action of the next seat."""

import json
from typing import Any

from _engine import first_legal, play


def misdeed(message: dict[str, Any], decision: int) -> bytes | None:
    if decision != 2:
        return None
    answer = first_legal(message)
    answer["action"]["seat"] = (answer["action"]["seat"] + 1) % message["view"]["players"]
    return (json.dumps(answer) + "\n").encode()


play(misdeed, name="wrong_seat")
