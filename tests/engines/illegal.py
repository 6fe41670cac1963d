"""Plays a card it may not play: one that breaks the duty to follow, or one it does not hold."""

import json
from typing import Any

from _engine import play

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def misdeed(message: dict[str, Any], decision: int) -> bytes | None:
    view = message["view"]
    if view["phase"] != "playing" or view["blind"] is not None:
        return None
    legal = {a["card"] for a in view["legal_actions"]}
    wrong = [card for card in view["hand"] if card not in legal]
    if not wrong:  # every card is legal: play one nobody dealt this seat
        everyone = [r + s for r in RANKS for s in "cdhs"]
        wrong = [c for c in everyone if c not in view["hand"]]
    action = {"seat": view["seat"], "card": wrong[0]}
    return (json.dumps({"type": "action", "id": message["id"], "action": action}) + "\n").encode()


play(misdeed, name="illegal")
