"""Resigns its seat on its second decision."""

import json
from typing import Any

from _engine import play


def misdeed(message: dict[str, Any], decision: int) -> bytes | None:
    if decision == 2:
        resign = {"type": "resign", "id": message["id"], "reason": "I only play classic whist"}
        return (json.dumps(resign) + "\n").encode()
    return None


play(misdeed, name="resign")
