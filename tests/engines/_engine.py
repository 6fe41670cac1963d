"""A minimal engine in the standard library only: the shared half of the misbehaving engines.

Each engine in this folder plays the first legal action, except where it
misbehaves on purpose: ``play(misdeed)`` runs the protocol and calls
``misdeed(message, decision)`` on every decision request; it returns the
line to write (or None to answer normally).  Nothing here imports whist_ro,
so an engine starts in a few milliseconds.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

Misdeed = Callable[[dict[str, Any], int], "bytes | None"]


def say(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def first_legal(message: dict[str, Any]) -> dict[str, Any]:
    return {"type": "action", "id": message["id"], "action": message["view"]["legal_actions"][0]}


def play(misdeed: Misdeed, *, name: str, on_quit: Callable[[], None] | None = None) -> None:
    decision = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            say({"type": "hello", "protocol": "whist-ro-engine", "version": 1, "name": name})
        elif kind == "options":
            say({"type": "ready"})
        elif kind == "act":
            decision += 1
            answer = misdeed(message, decision)
            if answer is None:
                say(first_legal(message))
            else:
                sys.stdout.buffer.write(answer)
                sys.stdout.buffer.flush()
        elif kind == "quit":
            if on_quit is not None:
                on_quit()
            return
    if on_quit is not None:
        on_quit()
