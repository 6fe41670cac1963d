"""The referee page's verdicts: the same :func:`~whist_ro.records.adjudicate` and
:func:`~whist_ro.records.audit` as ``whist-ro check`` and ``whist-ro audit``, as JSON.

A verdict carries the report's text (what the command line prints), the
violated rule with its text from the rule book, and the position at that
moment as data the page draws as cards.

>>> verdict = judge_record('''
... variant: romanian
... dealer: 2
... hand 0: Ah Jc
... hand 1: Kh 10c
... hand 2: 9d 10s
... turn-up: Qs
... bids: 0 0 1
... trick: Jc 10c 9d
... ''')
>>> verdict["ok"], verdict["violation"]["rule"], verdict["violation"]["position"]["hands"][2]
(False, 'R-PLAY-3', ['10s', '9d'])
>>> verdict["violation"]["rule_title"]
'Trump when you cannot follow'

Pass ``lang="ro"`` for a verdict in Romanian: the report, the place, the
explanation and the rule's text (the data stays as it is).
"""

from __future__ import annotations

from typing import Any, Final

from whist_ro.actions import Play
from whist_ro.errors import ConfigurationError, WhistError
from whist_ro.locale import N_, check, render
from whist_ro.records.adjudicate import Report, adjudicate, read_text
from whist_ro.records.analysis import analyse
from whist_ro.records.audit import AuditReport, audit
from whist_ro.records.replay import Position
from whist_ro.results.scoresheet import ScoreSheet
from whist_ro.results.standings import Standings
from whist_ro.rules.book import rule
from whist_ro.solve import SideVerdict, Verdict
from whist_ro.variants import get
from whist_ro.views.view import score_row_dict

__all__ = [
    "ANALYSIS_BUDGET",
    "ANALYSIS_TOTAL_BUDGET",
    "analyse_record",
    "judge_record",
    "judge_sheet",
]

ANALYSIS_BUDGET: Final = 20_000
"""Positions each question of the referee's post-mortem may search (a fraction of a second)."""
ANALYSIS_TOTAL_BUDGET: Final = 400_000
"""Positions one upload's whole post-mortem may search: a few seconds of a worker at most."""

_SHEET_TITLE: Final = N_("score sheet: {variant}, {players} players")


def _rule(rule_id: str, lang: str) -> dict[str, str]:
    try:
        found = rule(rule_id).translated(lang)
    except ConfigurationError:
        return {"rule_title": "", "rule_summary": "", "rule_text": ""}
    return {"rule_title": found.title, "rule_summary": found.summary, "rule_text": found.text}


def _position(p: Position | None) -> dict[str, Any] | None:
    if p is None:
        return None
    return {
        "round": p.round,
        "hand_size": p.hand_size,
        "dealer": p.dealer,
        "turn_up": None if p.turn_up is None else str(p.turn_up),
        "trump": None if p.trump is None else str(p.trump),
        "hands": [[str(c) for c in hand] for hand in p.hands],
        "bids": list(p.bids),
        "tricks_won": list(p.tricks_won),
        "trick": [{"seat": play.seat, "card": str(play.card)} for play in p.trick],
        "to_act": p.to_act,
    }


def _sheet(sheet: ScoreSheet | None) -> list[dict[str, Any]] | None:
    return None if sheet is None else [score_row_dict(row) for row in sheet]


def _standings(standings: Standings | None) -> list[dict[str, Any]] | None:
    if standings is None:
        return None
    return [
        {"seat": s.seat, "who": s.who, "place": s.place, "total": s.total, "points": str(s.points)}
        for s in standings
    ]


def _report(report: Report, lang: str) -> dict[str, Any]:
    v = report.violation
    labels = report.seat_labels()
    violation = None
    if v is not None:
        violation = {
            "rule": v.rule,
            **_rule(v.rule, lang),
            "where": v.located(lang, who=labels),
            "explanation": v.explanation_in(lang),
            "path": v.path,
            "seat": v.seat,
            "action": None if v.action is None else v.action.to_dict(),
            "position": _position(v.position),
        }
    return {
        "kind": "record",
        "ok": report.ok,
        "title": report.title if report.heading is None else report.heading.render(lang),
        "text": report.render(lang),
        # How the page names each seat ("Ana (seat 0)"); None when the record names none.
        "seat_names": None if labels is None else [label.render(lang) for label in labels],
        "violation": violation,
        "differences": [
            {"seat": d.seat, "claimed": d.claimed, "recomputed": d.recomputed}
            for d in report.differences
        ],
        "totals": None if report.totals is None else list(report.totals),
        "score_sheet": _sheet(report.score_sheet),
        "standings": _standings(report.standings),
    }


def judge_record(text: str, *, lang: str = "en") -> dict[str, Any]:
    """Adjudicate a JSON match record or a round in the notation; the verdict as JSON data.

    A text that cannot be read at all gives ``{"kind": "error", ...}`` with the reason.

    >>> judge_record("not a record")["kind"]
    'error'
    """
    check(lang)
    try:
        return _report(adjudicate(text), lang)
    except WhistError as error:
        return {"kind": "error", "ok": False, "text": error.explain(lang), "rule": error.rule}


def _card(play: Play | None) -> str | None:
    return None if play is None or play.card is None else str(play.card)


def _verdict_data(v: Verdict | SideVerdict, line: str) -> dict[str, Any]:
    shared = {
        "round_index": v.round_index,
        "won": v.won,
        "keeping_plays": [_card(p) for p in v.keeping_plays],
        "complete": v.complete,
        "text": line,
    }
    if isinstance(v, SideVerdict):
        return {
            **shared,
            "side": list(v.side),
            "double_dummy": v.double_dummy,
            "costly_play": _card(v.costly_play),
            "costly_trick": v.costly_trick,
        }
    return {
        **shared,
        "seat": v.seat,
        "bid": v.bid,
        "made": v.made,
        "makeable": v.makeable,
        "losing_play": _card(v.losing_play),
        "losing_trick": v.losing_trick,
    }


def analyse_record(text: str, *, lang: str = "en") -> dict[str, Any]:
    """The post-mortem of a legal record or round, as JSON data; else the referee's verdict.

    Could each bid have been made, and which card lost it
    (:func:`~whist_ro.records.analyse`), within :data:`ANALYSIS_BUDGET`
    positions a question and :data:`ANALYSIS_TOTAL_BUDGET` an upload: past
    them an answer is unknown.  A record that breaks a rule gets
    :func:`judge_record`'s verdict instead (``"kind": "record"``).

    >>> v = analyse_record("dealer: 2\\nhand 0: Jd Kc\\nhand 1: As Kd\\nhand 2: 10h Qc\\n"
    ...                    "turn-up: 9d\\nbids: 0 2 1\\ntrick: Kc Kd Qc\\ntrick: As 10h Jd")
    >>> v["kind"], v["verdicts"][0]["losing_play"], v["verdicts"][0]["keeping_plays"]
    ('analysis', 'Kc', ['Jd'])
    >>> v["summary"]
    '1 of 3 missed bids were makeable; 0 answers unknown'
    """
    check(lang)
    try:
        read = read_text(text)  # once, for the verdict and the analysis both
        report = adjudicate(read)
        if report.violation is not None:
            return _report(report, lang)
        found = analyse(read, budget=ANALYSIS_BUDGET, total_budget=ANALYSIS_TOTAL_BUDGET)
    except WhistError as error:
        return {"kind": "error", "ok": False, "text": error.explain(lang), "rule": error.rule}
    lines = found.lines(lang)
    return {
        "kind": "analysis",
        "ok": True,
        "title": report.title if report.heading is None else report.heading.render(lang),
        "complete": found.complete,
        "summary": found.summary(lang),
        "text": found.render(lang),
        "verdicts": [_verdict_data(found.verdicts[i], line) for i, line in enumerate(lines)],
    }


def _audit(report: AuditReport, lang: str) -> dict[str, Any]:
    title = render(
        _SHEET_TITLE, lang, variant=report.variant.name, players=report.score_sheet.players
    )
    return {
        "kind": "sheet",
        "ok": report.ok,
        "title": title,
        "text": report.render(lang),
        "problems": [
            {
                "rule": p.rule,
                **_rule(p.rule, lang),
                "round": p.round,
                "line": p.line,
                "seat": p.seat,
                "column": p.column,
                "explanation": p.explanation if p.reason is None else p.reason.render(lang),
            }
            for p in report.problems
        ],
        "differences": [
            {"seat": d.seat, "claimed": d.claimed, "recomputed": d.recomputed}
            for d in report.differences
        ],
        "totals": list(report.totals),
        "score_sheet": _sheet(report.score_sheet),
        "standings": _standings(report.standings),
    }


def judge_sheet(text: str, *, variant: str = "romanian", lang: str = "en") -> dict[str, Any]:
    """Audit a paper score sheet (CSV) kept for ``variant``; the verdict as JSON data.

    >>> v = judge_sheet("hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\\n1,0,1,0,0,1,0,0\\n")
    >>> v["ok"], [p["rule"] for p in v["problems"]]
    (False, ['R-BID-2'])
    """
    check(lang)
    try:
        return _audit(audit(text, variant=get(variant)), lang)
    except WhistError as error:
        return {"kind": "error", "ok": False, "text": error.explain(lang), "rule": error.rule}
