"""In a blind 1-card round, answers "my only card" when asked to bid ("bidding"), or names
a card when asked to play ("playing"), though it cannot see its own card."""

import json
import sys
from typing import Any

from _engine import play

MODE = sys.argv[1]
GUESSES = ["As", "Ks", "Qs", "Ah", "Kh"]


def misdeed(message: dict[str, Any], decision: int) -> bytes | None:
    view = message["view"]
    if view["blind"] is None or view["phase"] != MODE:
        return None
    if MODE == "bidding":
        action = {"seat": view["seat"], "card": None}
    else:
        seen = {view["turn_up"], *view["current_trick"]["cards"]}
        action = {"seat": view["seat"], "card": next(c for c in GUESSES if c not in seen)}
    return (json.dumps({"type": "action", "id": message["id"], "action": action}) + "\n").encode()


play(misdeed, name="blind_guess")
