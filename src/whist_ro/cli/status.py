"""The exit statuses of the ``whist-ro`` command, one meaning each.

>>> OK, VIOLATION, USAGE, SYSTEM, INTERNAL, INTERRUPTED
(0, 1, 2, 3, 70, 130)
"""

from __future__ import annotations

from typing import Final

__all__ = ["INTERNAL", "INTERRUPTED", "OK", "SYSTEM", "USAGE", "VIOLATION"]

OK: Final = 0
"""Done: the command did its work (``check``/``audit``: legal and consistent;
``play``: the match ended, or the person stopped it with ``quit`` or the end of
the input, and the record was written where asked)."""

VIOLATION: Final = 1
"""``check``/``audit``: a rule was broken or a claimed total is wrong;
``perft --table``: a count differs from the documented table."""

USAGE: Final = 2
"""The command was not run: a bad option or argument, a setting the rules
refuse (9 players), or an input file that cannot be read."""

SYSTEM: Final = 3
"""The system failed the command: the output could not be written (a closed
stdout, a full disk, a reader that went away), memory ran out, or ``play``
could not write its record where asked (it is then saved to a fallback file
whose name is printed)."""

INTERNAL: Final = 70
"""A bug in whist-ro: the traceback is printed; please report it."""

INTERRUPTED: Final = 130
"""Stopped by Ctrl-C (SIGINT), as a shell reports it; ``play`` still writes its record."""
