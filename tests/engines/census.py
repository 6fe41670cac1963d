"""Plays legally, noting its process id, at each new match, in the file its argument names."""

import json
import os
import sys

from _engine import first_legal, say

log = sys.argv[1]
for line in sys.stdin:
    message = json.loads(line)
    kind = message.get("type")
    if kind == "hello":
        say({"type": "hello", "protocol": "whist-ro-engine", "version": 1, "name": "census"})
    elif kind == "options":
        say({"type": "ready"})
    elif kind == "new_match":
        with open(log, "a", encoding="utf-8") as f:
            f.write(f"{os.getpid()}\n")
    elif kind == "act":
        say(first_legal(message))
    elif kind == "quit":
        break
