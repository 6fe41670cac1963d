"""Stops answering on its second decision, and starts a child that would outlive it."""

import subprocess
import sys
import time
from typing import Any

from _engine import play


def misdeed(message: dict[str, Any], decision: int) -> bytes | None:
    if decision == 2:
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        print("thinking very hard", file=sys.stderr, flush=True)
        time.sleep(600)
    return None


play(misdeed, name="hang")
