"""A record's post-mortem: :func:`~whist_ro.solve.post_mortem` of its text, with its names.

What ``whist-ro analyse`` prints and the web referee shows: the verdict of
every finished round and seat (per side in classic whist), named after the
record's players, and a summary.

>>> found = analyse("dealer: 2\\nhand 0: Ah\\nhand 1: Kh\\nhand 2: Qh\\nturn-up: Jh\\n"
...                 "bids: 1 1 0\\ntrick: Ah Kh Qh")
>>> print(found.render("ro"))
mâna 1, locul 0 a licitat 1 și a luat 1: făcută
mâna 1, locul 1 a licitat 1 și a luat 0: nu se putea face
mâna 1, locul 2 a licitat 0 și a luat 0: făcută
0 din 1 licitații ratate se puteau face; 0 răspunsuri necunoscute
"""

from __future__ import annotations

from typing import Final

import attrs

from whist_ro._immutable import Immutable
from whist_ro.engine.match import Match
from whist_ro.engine.round import Round
from whist_ro.errors import RecordError
from whist_ro.locale import N_, check, render
from whist_ro.records.adjudicate import read_text
from whist_ro.records.notation import LoneRound
from whist_ro.records.record import Record
from whist_ro.records.replay import replay_round
from whist_ro.solve import SideVerdict, Verdict, post_mortem

__all__ = ["DEFAULT_BUDGET", "Analysis", "analyse"]

DEFAULT_BUDGET: Final = 200_000
"""Positions each question may search by default: a few seconds at most on one core."""

_SUMMARY: Final = N_("{makeable} of {missed} missed bids were makeable; {unknown} answers unknown")
_SIDE_SUMMARY: Final = N_("{costly} of {sides} sides gave a trick away; {unknown} unknown")
_NO_ROUND: Final = N_("no finished round to analyse")


@attrs.frozen(kw_only=True)
class Analysis(Immutable):
    """The verdicts of a record's finished rounds, and the names of its seats.

    ``names`` is None when the record names none (its seats are then "seat 0" ...).

    >>> Analysis(names=None, verdicts=()).render()
    'no finished round to analyse'
    """

    names: tuple[str, ...] | None
    verdicts: tuple[Verdict, ...] | tuple[SideVerdict, ...]

    @property
    def complete(self) -> bool:
        """Whether every verdict is known in full (no budget ran out).

        >>> Analysis(names=None, verdicts=()).complete
        True
        """
        return all(v.complete for v in self.verdicts)

    def lines(self, lang: str = "en") -> list[str]:
        """One line per verdict, in ``lang``, each seat named.

        >>> Analysis(names=None, verdicts=()).lines()
        []
        """
        lang = check(lang)
        names = self.names
        out = []
        for v in self.verdicts:
            if isinstance(v, SideVerdict):
                pair = None if names is None else (names[v.side[0]], names[v.side[1]])
                out.append(v.render(lang, names=pair))
            else:
                out.append(v.render(lang, name=None if names is None else names[v.seat]))
        return out

    def summary(self, lang: str = "en") -> str:
        """How many missed bids were makeable (classic: sides that gave a trick away).

        >>> Analysis(names=None, verdicts=()).summary("ro")
        'nicio mână încheiată de analizat'
        """
        lang = check(lang)
        unknown = sum(not v.complete for v in self.verdicts)
        sides = [v for v in self.verdicts if isinstance(v, SideVerdict)]
        seats = [v for v in self.verdicts if isinstance(v, Verdict)]
        if sides:
            costly = sum(v.costly_play is not None for v in sides)
            return render(_SIDE_SUMMARY, lang, costly=costly, sides=len(sides), unknown=unknown)
        if seats:
            missed = [v for v in seats if not v.made]
            makeable = sum(v.makeable is True for v in missed)
            return render(_SUMMARY, lang, makeable=makeable, missed=len(missed), unknown=unknown)
        return render(_NO_ROUND, lang)

    def render(self, lang: str = "en") -> str:
        """The report: :meth:`lines`, then :meth:`summary`.

        >>> Analysis(names=None, verdicts=()).render("ro")
        'nicio mână încheiată de analizat'
        """
        return "\n".join([*self.lines(lang), self.summary(lang)])


def analyse(
    record: Record | LoneRound | str | bytes,
    *,
    budget: int | None = DEFAULT_BUDGET,
    total_budget: int | None = None,
) -> Analysis:
    """The post-mortem of a match record or a lone round, or their text (JSON or notation).

    A caller that has read the text already (the referee adjudicates it
    first) passes the :class:`~whist_ro.records.Record` or
    :class:`~whist_ro.records.LoneRound` it read, so it is read once.
    A record that breaks a rule is a :class:`~whist_ro.errors.RecordError`
    (:func:`~whist_ro.records.adjudicate` says where); ``budget`` and
    ``total_budget`` are :func:`~whist_ro.solve.post_mortem`'s.

    >>> analyse("dealer: 2\\nhand 0: Ah\\nhand 1: Kh\\nhand 2: Qh\\nturn-up: Jh").render()
    'no finished round to analyse'
    """
    read = record if isinstance(record, (Record, LoneRound)) else read_text(record)
    names: tuple[str, ...] | None = None
    judged: Match | Round
    if isinstance(read, Record):
        judged = Match.from_record(read)
        if read.names != tuple(f"seat {seat}" for seat in range(len(read.names))):
            names = read.names
    else:
        replayed = replay_round(read.variant, read.round)
        if replayed.violation is not None:
            raise RecordError(str(replayed.violation))
        # A replay without a violation has a state: only a refused deal leaves none.
        assert isinstance(replayed.state, Round)
        judged = replayed.state
    verdicts = post_mortem(judged, budget=budget, total_budget=total_budget)
    return Analysis(names=names, verdicts=verdicts)
