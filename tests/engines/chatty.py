"""Plays legally, writing messages of types the protocol does not know (to be ignored)."""

import json
from typing import Any

from _engine import first_legal, play


def misdeed(message: dict[str, Any], decision: int) -> bytes | None:
    chatter = {"type": "thinking", "depth": decision, "pv": ["Ah", "Kh"]}
    return (json.dumps(chatter) + "\n\n" + json.dumps(first_legal(message)) + "\n").encode()


play(misdeed, name="chatty")
