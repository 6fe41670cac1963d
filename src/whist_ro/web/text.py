"""Every sentence the web server writes to a person, in one table (translated in one place).

The page's own words live in one table too, ``static/messages.js``.  What
the server sends is a message *code* with data; the page shows its own
text for the code, and these English sentences are the fallback that API
clients (and logs) read.  Placeholders are filled with :func:`say`.

>>> say("seat_taken", seat=2)
'seat 2 is already taken'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from whist_ro.errors import RoomError
from whist_ro.locale import N_

__all__ = ["MESSAGES", "say"]

MESSAGES: Final[Mapping[str, str]] = MappingProxyType(
    {
        # the refusals: RoomError's own catalogue templates, rendered as every error is
        **RoomError.TEMPLATES,
        # takeovers (R-SEAT-1), as the record states them: catalogue messages too, since a
        # takeover keeps its reason in every language (Takeover.translations)
        "reason_dropped": N_(
            "the connection dropped and the player did not come back within {grace:g} s"
        ),
        "reason_slow": N_("took longer than the {limit:g} s per decision"),
    }
)
"""English text of every message code the server sends."""


def say(code: str, /, **values: object) -> str:
    """The English sentence for ``code`` with ``values`` filled in.

    >>> say("no_table", table="abc")
    "there is no table 'abc'"
    """
    return MESSAGES[code].format(**values)
