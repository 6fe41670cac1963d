"""Answers hello with another protocol version."""

import json
import sys

for line in sys.stdin:
    if json.loads(line).get("type") == "hello":
        print(
            json.dumps(
                {"type": "hello", "protocol": "whist-ro-engine", "version": 99, "name": "future"}
            ),
            flush=True,
        )
