"""Audit of a paper score sheet: what can be checked without the cards.

Many tables keep only a sheet: per round the hand size, the dealer, and
each seat's bid and tricks won.  The CSV form is a header
``hand_size,dealer,bid0,won0,bid1,won1,...`` (one pair per seat), one row
per round in play order, and optionally a last row ``total,t0,t1,...``
with the totals written on the paper.

:func:`audit` checks every row (hand sizes follow the schedule, the deal
passes clockwise, bids in range, the hook on the dealer, tricks adding up
to the hand size), recomputes points, streak bonuses, totals and
standings, and reports every place where the paper went wrong.

>>> sheet = '''hand_size,dealer,bid0,won0,bid1,won1,bid2,won2
... 1,0,1,1,0,0,0,0
... 1,1,0,0,0,1,0,0
... total,11,4,9
... '''
>>> report = audit(sheet)
>>> report.ok, [p.rule for p in report.problems], report.totals
(False, ['R-BID-2'], (11, 4, 10))
>>> print(report.problems[0])
round 1 (line 2), seat 0, bid0: seat 0 (dealer) bid 1, so the bids total 1 = the hand size 1; \
the hook forbids the dealer that bid (R-BID-2)
>>> [str(d) for d in report.differences]
['seat 2: claimed 9, recomputed 10 (off by -1)']
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Final

import attrs

from whist_ro import variants
from whist_ro._check import MAX_WHOLE, excerpt
from whist_ro._immutable import Immutable
from whist_ro._text import count
from whist_ro.errors import RecordError
from whist_ro.records.adjudicate import Difference, _differences, _differences_tuple
from whist_ro.results.scoresheet import ScoreRow, ScoreSheet, SeatScore
from whist_ro.results.standings import Standings, rank_totals
from whist_ro.rules.bidding import forbidden_bid
from whist_ro.rules.schedule import deal_faults, dealer_of
from whist_ro.rules.scoring import advance_runs, exact_round_points
from whist_ro.schedule import Schedule, check_players
from whist_ro.variants import Variant

__all__ = ["MAX_SHEET", "AuditReport", "Problem", "Sheet", "SheetRow", "audit", "read_sheet"]

MAX_SHEET: Final = 1_000_000
"""The longest CSV text :func:`read_sheet` reads, in characters."""
_MAX_CELL: Final = 12


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _rows(value: Iterable[SheetRow]) -> tuple[SheetRow, ...]:
    return tuple(value)


def _problems(value: Iterable[Problem]) -> tuple[Problem, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class SheetRow(Immutable):
    """One round as written on paper; ``line`` is its line in the CSV text.

    >>> sheet = read_sheet("hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\\n1,0,0,0,1,1,0,0\\n")
    >>> sheet.rows[0]
    SheetRow(hand_size=1, dealer=0, bids=(0, 1, 0), won=(0, 1, 0), line=2)
    """

    hand_size: int
    dealer: int
    bids: tuple[int, ...] = attrs.field(converter=_ints)
    won: tuple[int, ...] = attrs.field(converter=_ints)
    line: int = attrs.field(default=0, eq=False)


@attrs.frozen(kw_only=True)
class Sheet(Immutable):
    """A paper score sheet: the rows in play order and the totals written, if any.

    >>> sheet = read_sheet("hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\\n"
    ...                    "1,0,0,0,1,1,0,0\\ntotal,5,6,5\\n")
    >>> sheet.players, len(sheet.rows), sheet.totals
    (3, 1, (5, 6, 5))
    """

    players: int
    rows: tuple[SheetRow, ...] = attrs.field(converter=_rows)
    totals: tuple[int, ...] | None = None
    totals_line: int = attrs.field(default=0, eq=False)


def _cell(value: str, line: int, column: int, name: str) -> int:
    raw = value.strip()
    body = raw[1:] if raw.startswith("-") else raw
    if not body.isdigit() or not body.isascii() or len(raw) > _MAX_CELL:
        raise RecordError(
            f"line {line}, column {column} ({name}): expected a whole number, not {excerpt(value)}",
            path=f"line {line}, column {column}",
        )
    number = int(raw)
    if abs(number) > MAX_WHOLE:
        raise RecordError(
            f"line {line}, column {column} ({name}): {number} is out of any sheet's range",
            path=f"line {line}, column {column}",
        )
    return number


def read_sheet(text: str) -> Sheet:
    """Read the CSV form of a score sheet; a malformed one raises ``RecordError`` with its place.

    >>> read_sheet("hand_size,dealer,bid0,won0\\n")
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: line 1: the header must be hand_size,dealer then bidN,wonN ...
    """
    if not isinstance(text, str):
        raise RecordError(f"expected CSV text, not {excerpt(text)}")
    if len(text) > MAX_SHEET:
        raise RecordError(f"the sheet is {len(text)} characters long; at most {MAX_SHEET} are read")
    try:
        lines = list(csv.reader(io.StringIO(text), strict=True))
    except csv.Error as error:
        raise RecordError(f"not valid CSV: {error}") from None
    numbered = [(n, row) for n, row in enumerate(lines, start=1) if any(c.strip() for c in row)]
    if not numbered:
        raise RecordError("the sheet is empty: expected a header line", path="line 1")
    header_line, header = numbered[0]
    names = [c.strip().lower() for c in header]
    pairs = (len(names) - 2) // 2
    expected = ["hand_size", "dealer"] + [f"{k}{s}" for s in range(pairs) for k in ("bid", "won")]
    if names != expected or not 3 <= pairs <= 6:
        raise RecordError(
            f"line {header_line}: the header must be hand_size,dealer then bidN,wonN for each "
            f"of 3 to 6 seats from 0, not {excerpt(','.join(header))}",
            path=f"line {header_line}",
        )
    rows: list[SheetRow] = []
    totals = None
    totals_line = 0
    body = numbered[1:]
    if len(body) > variants.MAX_ROUNDS + 1:
        raise RecordError(f"the sheet has {len(body)} rows; at most {variants.MAX_ROUNDS} rounds")
    for line, row in body:
        if totals is not None:
            raise RecordError(
                f"line {line}: the 'total' row must be the last one", path=f"line {line}"
            )
        if row and row[0].strip().lower() == "total":
            if len(row) != pairs + 1:
                raise RecordError(
                    f"line {line}: the total row holds 'total' and {pairs} totals, "
                    f"not {len(row) - 1}",
                    path=f"line {line}",
                )
            totals = tuple(
                _cell(c, line, col, f"total{col - 2}") for col, c in enumerate(row[1:], start=2)
            )
            totals_line = line
            continue
        if len(row) != len(expected):
            raise RecordError(
                f"line {line}: expected {len(expected)} cells, not {len(row)}", path=f"line {line}"
            )
        cells = [_cell(c, line, col, expected[col - 1]) for col, c in enumerate(row, start=1)]
        rows.append(
            SheetRow(
                hand_size=cells[0], dealer=cells[1], bids=cells[2::2], won=cells[3::2], line=line
            )
        )
    return Sheet(players=pairs, rows=rows, totals=totals, totals_line=totals_line)


@attrs.frozen(kw_only=True)
class Problem(Immutable):
    """One place where the paper breaks a rule: round (from 1), CSV line and column, rule.

    >>> report = audit("hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\\n1,0,1,0,0,1,0,0\\n")
    >>> problem = report.problems[0]
    >>> problem.rule, problem.round, problem.seat, problem.column
    ('R-BID-2', 1, 0, 'bid0')
    """

    round: int
    line: int
    seat: int | None
    column: str
    rule: str
    explanation: str

    def __str__(self) -> str:
        seat = "" if self.seat is None else f", seat {self.seat}"
        return f"round {self.round} (line {self.line}){seat}, {self.column}: {self.explanation}"


@attrs.frozen(kw_only=True)
class AuditReport(Immutable):
    """What :func:`audit` found; like :class:`~whist_ro.records.Report`, for a sheet.

    ``problems`` lists every rule the rows break, in order (``violation``
    is the first, or None); ``differences`` compares the written totals
    with the recomputed ``totals``; ``score_sheet`` holds the recomputed
    rows; ``standings`` is set when the sheet covers the whole schedule.

    >>> report = audit("hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\\n"
    ...                "1,0,0,0,1,1,0,0\\ntotal,5,6,4\\n")
    >>> report.ok, report.totals, [str(d) for d in report.differences]
    (False, (5, 6, 5), ['seat 2: claimed 4, recomputed 5 (off by -1)'])
    """

    variant: Variant
    problems: tuple[Problem, ...] = attrs.field(converter=_problems)
    differences: tuple[Difference, ...] = attrs.field(converter=_differences_tuple)
    totals: tuple[int, ...]
    claimed_totals: tuple[int, ...] | None
    score_sheet: ScoreSheet
    standings: Standings | None

    @property
    def ok(self) -> bool:
        """True when no row breaks a rule and the written totals are right."""
        return not self.problems and not self.differences

    @property
    def violation(self) -> Problem | None:
        """The first problem, or None."""
        return self.problems[0] if self.problems else None

    def __str__(self) -> str:
        sheet = self.score_sheet
        lines = [
            f"score sheet: {self.variant.name}, {sheet.players} players, "
            f"{count(len(sheet), 'round')}",
            str(sheet),
        ]
        for problem in self.problems:
            lines.append(f"PROBLEM {problem.rule}: {problem}")
        lines.append("recomputed totals: " + " ".join(map(str, self.totals)))
        if self.claimed_totals is not None:
            lines.append("written totals:    " + " ".join(map(str, self.claimed_totals)))
        for difference in self.differences:
            lines.append(f"  DIFFERENCE {difference}")
        if self.standings is not None:
            lines.append("standings:")
            lines.extend("  " + line for line in str(self.standings).splitlines())
        if self.ok:
            verdict = "the sheet is consistent"
        else:
            verdict = (
                f"{len(self.problems)} rule problem(s), {len(self.differences)} wrong total(s)"
            )
        lines.append(f"verdict: {verdict}")
        return "\n".join(lines)


def _row_problems(
    row: SheetRow, number: int, variant: Variant, schedule: Schedule, first_dealer: int
) -> list[Problem]:
    """Every rule one row breaks (R-SCHED-*, R-BID-2, R-BID-3, R-PLAY-6)."""
    players = len(row.bids)
    out: list[Problem] = []

    def problem(seat: int | None, column: str, rule: str, why: str) -> None:
        out.append(
            Problem(
                round=number, line=row.line, seat=seat, column=column, rule=rule, explanation=why
            )
        )

    index = number - 1
    faults = deal_faults(
        variant,
        players,
        index=index,
        hand_size=row.hand_size,
        dealer=row.dealer,
        first_dealer=first_dealer,
    )
    expected = dealer_of(index, first_dealer=first_dealer, players=players)
    for rule in faults:
        if rule == "R-END-1":
            problem(
                None,
                "hand_size",
                rule,
                f"the schedule has {len(schedule)} rounds; round {number} is one too many "
                "(R-END-1)",
            )
        elif rule != "R-SCHED-4":
            problem(
                None,
                "hand_size",
                rule,
                f"round {number} deals {count(schedule.size_of(index), 'card')} each in "
                f"{variant.name} for "
                f"{players} players, not {row.hand_size} ({rule})",
            )
        elif not 0 <= row.dealer < players:
            problem(None, "dealer", rule, f"seat {row.dealer} does not exist (R-SCHED-4)")
        else:
            problem(
                None,
                "dealer",
                rule,
                f"seat {expected} deals round {number}: the deal passes one seat clockwise each "
                f"round, so the dealer is not seat {row.dealer} (R-SCHED-4)",
            )
    size = row.hand_size
    for seat, bid in enumerate(row.bids):
        if not 0 <= bid <= size:
            problem(
                seat,
                f"bid{seat}",
                "R-BID-3",
                f"seat {seat} bid {bid}; bids run from 0 to the hand size {size} (R-BID-3)",
            )
    dealer = row.dealer if 0 <= row.dealer < players else expected
    earlier = sum(b for s, b in enumerate(row.bids) if s != dealer)
    forbidden = forbidden_bid(hand_size=size, earlier=earlier, hook=variant.hook)
    if forbidden is not None and row.bids[dealer] == forbidden:
        problem(
            dealer,
            f"bid{dealer}",
            "R-BID-2",
            f"seat {dealer} (dealer) bid {forbidden}, so the bids total {size} = the hand "
            f"size {size}; the hook forbids the dealer that bid (R-BID-2)",
        )
    for seat, won in enumerate(row.won):
        if not 0 <= won <= size:
            problem(
                seat,
                f"won{seat}",
                "R-PLAY-6",
                f"seat {seat} won {won} tricks of a {size}-card round (R-PLAY-6)",
            )
    if sum(row.won) != size:
        problem(
            None,
            "won",
            "R-PLAY-6",
            f"the tricks won add up to {sum(row.won)}, but hands of {size} play {size} "
            "trick(s), each won by exactly one seat (R-PLAY-6)",
        )
    return out


def audit(
    sheet: Sheet | str, *, variant: Variant = variants.ROMANIAN, first_dealer: int | None = None
) -> AuditReport:
    """Check a score sheet (CSV text or a :class:`Sheet`) and recompute its scores.

    ``variant`` is the exact-bid game the sheet was kept for (classic
    whist keeps no bids); ``first_dealer`` defaults to the first row's
    dealer.  Only a malformed sheet raises (:class:`~whist_ro.errors.RecordError`);
    broken rules are reported.

    >>> report = audit("hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\\n1,0,1,1,1,1,0,0\\n")
    >>> [p.rule for p in report.problems]
    ['R-PLAY-6']
    """
    if isinstance(sheet, str):
        sheet = read_sheet(sheet)
    if not isinstance(sheet, Sheet):
        raise RecordError(f"audit takes CSV text or a Sheet, not {excerpt(sheet)}")
    if not isinstance(variant, Variant) or variant.is_classic:
        raise RecordError(
            f"audit checks exact-bid score sheets (bids and tricks); not {excerpt(variant)}"
        )
    players = sheet.players
    check_players(variant, players)
    schedule = Schedule.for_game(variant, players)
    if first_dealer is None:
        first_dealer = sheet.rows[0].dealer % players if sheet.rows else 0
    problems: list[Problem] = []
    runs = (0,) * players
    totals = (0,) * players
    rows: list[ScoreRow] = []
    for number, row in enumerate(sheet.rows, start=1):
        problems += _row_problems(row, number, variant, schedule, first_dealer)
        points = exact_round_points(variant, bids=row.bids, tricks=row.won)
        made = tuple(b == w for b, w in zip(row.bids, row.won, strict=True))
        bonuses = (0,) * players
        if variant.streak_bonus:
            runs, bonuses = advance_runs(variant, runs, made=made, hand_size=row.hand_size)
        totals = tuple(t + p + b for t, p, b in zip(totals, points, bonuses, strict=True))
        rows.append(
            ScoreRow(
                number=number,
                hand_size=row.hand_size,
                dealer=row.dealer,
                trump=None,
                turn_up=None,
                seats=[
                    SeatScore(bid=b, tricks=w, points=p, bonus=x, total=t)
                    for b, w, p, x, t in zip(
                        row.bids, row.won, points, bonuses, totals, strict=True
                    )
                ],
            )
        )
    standings = None
    if len(sheet.rows) == len(schedule):
        standings = rank_totals(
            totals, variant.ranking, played=len(schedule), scheduled=len(schedule)
        )
    return AuditReport(
        variant=variant,
        problems=problems,
        differences=_differences(sheet.totals, totals),
        totals=totals,
        claimed_totals=sheet.totals,
        score_sheet=ScoreSheet(rows, players=players),
        standings=standings,
    )
