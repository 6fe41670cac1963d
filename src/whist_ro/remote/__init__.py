"""Engines in any language: the wire format and the engine protocol.

An engine is a program that plays one seat: the manager (a
:class:`~whist_ro.Table`) writes JSON messages to its standard input, one
per line, and reads its answers from its standard output
(``docs/protocol.md`` is the specification).  This package holds both
sides: the wire format every message is written in (:mod:`.wire`), the
result a match ends with (:class:`MatchResult`), the manager's side
(:class:`EngineAgent`, an agent backed by an engine process) and the
engine's side (:func:`serve`, any Python agent as an engine).

>>> import whist_ro as wr
>>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=2), seed=2)
>>> wire.decode(wire.encode(wire.match_end_message(MatchResult.from_match(m))))["type"]
'match_end'
"""

from __future__ import annotations

from whist_ro.remote import wire
from whist_ro.remote.engine import EngineAgent, EngineCommand
from whist_ro.remote.result import MatchResult
from whist_ro.remote.serve import serve
from whist_ro.remote.wire import PROTOCOL, VERSION, EngineInfo, MatchLog, Option

__all__ = [
    "PROTOCOL",
    "VERSION",
    "EngineAgent",
    "EngineCommand",
    "EngineInfo",
    "MatchLog",
    "MatchResult",
    "Option",
    "serve",
    "wire",
]
