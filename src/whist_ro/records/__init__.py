"""Match records, dispute adjudication, score-sheet audit and a whist perft.

- :mod:`~whist_ro.records.record`: the versioned JSON record (:class:`Record`,
  :func:`dumps`, :func:`loads`, :func:`dump`, :func:`load`);
- :mod:`~whist_ro.records.replay`: a match to and from its record
  (:func:`to_record`, :func:`from_record`);
- :mod:`~whist_ro.records.notation`: one round as text people can type;
- :mod:`~whist_ro.records.adjudicate`: :func:`adjudicate`, the referee's report;
- :mod:`~whist_ro.records.audit`: :func:`audit` of a paper score sheet (CSV);
- :mod:`~whist_ro.records.perft`: :func:`perft` and :func:`divide`, counts of
  legal action sequences for checking move generators;
- :mod:`~whist_ro.records.analysis`: :func:`analyse`, a record's post-mortem
  (could each bid have been made?) with its players' names.

docs/records.md describes the formats.

>>> import whist_ro as wr
>>> from whist_ro import records
>>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=5), seed=5)
>>> report = records.adjudicate(records.dumps(records.to_record(m)))
>>> report.ok, report.totals == m.totals
(True, True)
"""

from typing import TYPE_CHECKING

from whist_ro._deprecation import moved_names
from whist_ro.errors import RecordError
from whist_ro.records.adjudicate import Difference, Report, adjudicate, read_text
from whist_ro.records.analysis import Analysis, analyse
from whist_ro.records.audit import AuditReport, Problem, Sheet, SheetRow, audit, read_sheet
from whist_ro.records.notation import LoneRound, format_round, parse_round
from whist_ro.records.perft import PERFT_TABLE, PerftEntry, divide, perft
from whist_ro.records.record import (
    FORMAT,
    READ_VERSIONS,
    VERSION,
    Ending,
    Reclaim,
    Record,
    RoundRecord,
    dump,
    dumps,
    load,
    loads,
)
from whist_ro.records.replay import Position, Violation, from_record, to_record

__all__ = [
    "FORMAT",
    "PERFT_TABLE",
    "READ_VERSIONS",
    "VERSION",
    "Analysis",
    "AuditReport",
    "Difference",
    "Ending",
    "LoneRound",
    "PerftEntry",
    "Position",
    "Problem",
    "Reclaim",
    "Record",
    "RecordError",
    "Report",
    "RoundRecord",
    "Sheet",
    "SheetRow",
    "Violation",
    "adjudicate",
    "analyse",
    "audit",
    "divide",
    "dump",
    "dumps",
    "format_round",
    "from_record",
    "load",
    "loads",
    "parse_round",
    "perft",
    "read_sheet",
    "read_text",
    "to_record",
]

# Moved: NotationError to the errors, Takeover to the one module that defines it
# (whist_ro.Takeover stays); the old names here warn.
if not TYPE_CHECKING:  # a type checker no longer sees the moved names (docs/stability.md)
    __getattr__ = moved_names(
        __name__,
        {
            "NotationError": "whist_ro.errors:NotationError",
            "Takeover": "whist_ro.engine.seats:Takeover",
        },
    )
