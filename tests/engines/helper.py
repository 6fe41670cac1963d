"""Starts a long-lived helper that inherits its standard streams, then exits or crashes.

The first argument says when and how: ``crash`` (on the third decision:
exit status 3), ``killed`` (on the third decision: SIGKILL to itself),
``quit`` (at ``quit``: exit 0), ``away`` (as ``crash``, but the helper
leaves the engine's process group with ``setsid()``) or ``quiet`` (as
``crash``, but the helper holds none of the engine's streams).  The helper
sleeps for ten minutes, holding the engine's stdout and stderr unless
``quiet``, so a manager that waits for end of file on them waits for the
helper; its pid is written to stderr as ``helper <pid>``.
"""

import os
import signal
import subprocess
import sys
from typing import Any

from _engine import play

MODE = sys.argv[1]


def start_helper() -> None:
    helper = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(600)"],
        start_new_session=MODE == "away",
        stdin=subprocess.DEVNULL if MODE == "quiet" else None,
        stdout=subprocess.DEVNULL if MODE == "quiet" else None,
        stderr=subprocess.DEVNULL if MODE == "quiet" else None,
    )
    print(f"helper {helper.pid}", file=sys.stderr, flush=True)


def misdeed(message: dict[str, Any], decision: int) -> bytes | None:
    if decision == 3 and MODE != "quit":
        start_helper()
        if MODE == "killed":
            os.kill(os.getpid(), signal.SIGKILL)
        os._exit(3)  # no clean-up: the helper keeps the streams open
    return None


def on_quit() -> None:
    if MODE == "quit":
        start_helper()
        os._exit(0)


play(misdeed, name=f"helper-{MODE}", on_quit=on_quit)
