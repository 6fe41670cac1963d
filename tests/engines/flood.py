"""Floods its standard error with 20 MB of log lines before it answers hello, then plays."""

import sys

from _engine import play

line = "log " + "." * 1000 + "\n"
for _ in range(20_000):
    sys.stderr.write(line)
sys.stderr.write("the last line of the flood\n")
sys.stderr.flush()
play(lambda message, decision: None, name="flood")
