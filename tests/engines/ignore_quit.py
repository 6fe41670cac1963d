"""Plays legally, then ignores quit, the end of its input and SIGTERM, and keeps running."""

import signal
import time

from _engine import play


def linger() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    time.sleep(600)


play(lambda message, decision: None, name="ignore_quit", on_quit=linger)
