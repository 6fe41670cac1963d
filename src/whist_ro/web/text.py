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

from whist_ro.locale import N_

__all__ = ["MESSAGES", "say"]

MESSAGES: Final[Mapping[str, str]] = MappingProxyType(
    {
        # lobby and joining
        "no_table": "there is no table {table!r}",
        "table_damaged": "table {table!r} cannot be rebuilt from the database; the server's log "
        "says why",
        "table_full": "every seat of this table is taken",
        "seat_taken": "seat {seat} is already taken",
        "too_many_tables": "the server hosts {limit} open tables already; try again later",
        "too_many_waiting": "you have {limit} tables waiting for players already; start one or "
        "let one close first",
        "too_many_open": "you have {limit} tables open already, waiting or playing; finish one "
        "first",
        "expired_unopened": "table {table!r} was closed unplayed: its maker did not open it "
        "within {after} s",
        "expired_unstarted": "table {table!r} was closed unplayed: it did not start within "
        "{after} s",
        "bad_content_type": "a request's body must be JSON, sent as Content-Type: application/json",
        "bad_request": "{detail}",
        "bad_json": "the request is not a JSON object",
        "request_too_big": "a request may hold at most {limit} bytes",
        "not_creator": "only the player who made the table may start it early",
        "already_started": "the match has already started",
        "no_record": "the record can be downloaded when the match is over",
        "bot_family": "the {bot} bot does not play {variant}",
        "unknown_bot": "unknown bot {bot!r}; the bots: {bots}",
        # the table connection
        "hello_first": "the first message must be a hello",
        "bad_token": "this seat's token is wrong",
        "bad_message": "the message is not understood: {detail}",
        "too_big": "a message may hold at most {limit} bytes",
        "too_fast": "too many messages: at most {limit} a second",
        "spectator": "a spectator cannot act",
        "not_started": "the match has not started: {waiting} seat(s) still free",
        "taken_over": "a bot plays your seat; take it back first",
        "not_taken_over": "your seat is yours already",
        "stale": "the table moved on before your action arrived (action {seq} was expected)",
        "replaced": "this seat was opened in another window",
        "paused": (
            "the table is paused: the server cannot write to its database ({reason}); it "
            "tries again in {retry_in:g} s, and no action is lost"
        ),
        "bad_origin": "connections from {origin} are not accepted",
        "too_many_connections": "too many connections are open ({limit}); try again later",
        # takeovers (R-SEAT-1), as the record states them: catalogue messages too, since a
        # takeover keeps its reason in every language (Takeover.translations)
        "reason_dropped": N_(
            "the connection dropped and the player did not come back within {grace:g} s"
        ),
        "reason_slow": N_("took longer than the {limit:g} s per decision"),
        # the referee
        "referee_empty": "give a record, a round in the notation, or a score sheet",
        "referee_too_big": "the upload may hold at most {limit} bytes",
        "referee_busy": "the referee is judging {limit} uploads already; try again in a moment",
        "too_many_uploads": (
            "too many uploads from your address: {at_once} at once and {per_minute:g} a minute "
            "at most; try again later"
        ),
    }
)
"""English text of every message code the server sends."""


def say(code: str, /, **values: object) -> str:
    """The English sentence for ``code`` with ``values`` filled in.

    >>> say("no_table", table="abc")
    "there is no table 'abc'"
    """
    return MESSAGES[code].format(**values)
