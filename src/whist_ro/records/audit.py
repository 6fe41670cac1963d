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
from collections.abc import Iterable, Mapping
from typing import Final

import attrs

from whist_ro import variants
from whist_ro._check import LOCATED, MAX_WHOLE, excerpt, located
from whist_ro._check import names as check_names
from whist_ro._check import seat as check_seat
from whist_ro._immutable import FrozenMapping, Immutable
from whist_ro._text import Sentence
from whist_ro.errors import ConfigurationError, RecordError
from whist_ro.locale import N_, NP_
from whist_ro.locale import check as check_lang
from whist_ro.locale import render as say
from whist_ro.records.adjudicate import (
    Difference,
    as_differences,
    differences,
    seat_label,
    totals_lines,
)
from whist_ro.records.schema import PLACE, decode_text, known_reason
from whist_ro.results.scoresheet import ScoreRow, ScoreSheet, SeatScore
from whist_ro.results.standings import Standings, rank_totals
from whist_ro.rules.bidding import bid_in_range, forbidden_bid
from whist_ro.rules.play import trick_count
from whist_ro.rules.scheduling import deal_faults, dealer_of
from whist_ro.rules.scoring import advance_runs, exact_round_points
from whist_ro.schedule import Schedule, check_players
from whist_ro.variants import Variant, check_variant

__all__ = [
    "DELIMITERS",
    "HEADINGS",
    "MAX_SHEET",
    "AuditReport",
    "Problem",
    "Sheet",
    "SheetRow",
    "audit",
    "read_sheet",
]

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


def _names(value: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if value is None else tuple(value)


def _headings(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class Sheet(Immutable):
    """A paper score sheet: the rows in play order and the totals written, if any.

    ``names`` are the players' names when the header gives them (``Ana
    bid``, ``Ana won``), else None; ``headings`` the header's cells as
    written; ``delimiter`` the separator the CSV text was read with
    (``","``, ``";"`` or ``"\\t"``; None for a sheet not read from text).

    >>> sheet = read_sheet("hand_size;dealer;Ana bid;Ana won;Bo bid;Bo won;Cy bid;Cy won\\n"
    ...                    "1;0;0;0;1;1;0;0\\ntotal;5;6;5\\n")
    >>> sheet.players, sheet.names, sheet.delimiter, len(sheet.rows), sheet.totals
    (3, ('Ana', 'Bo', 'Cy'), ';', 1, (5, 6, 5))
    """

    players: int
    rows: tuple[SheetRow, ...] = attrs.field(converter=_rows)
    totals: tuple[int, ...] | None = None
    totals_line: int = attrs.field(default=0, eq=False)
    names: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    headings: tuple[str, ...] = attrs.field(default=(), converter=_headings, eq=False)
    delimiter: str | None = attrs.field(default=None, eq=False)

    def __attrs_post_init__(self) -> None:
        # Every row, name and heading must fit the number of seats; audit() reads them by seat.
        width = self.players
        for row in self.rows:
            if not isinstance(row, SheetRow) or len(row.bids) != width or len(row.won) != width:
                raise RecordError(
                    _ROW_SHAPE, evidence={"players": excerpt(width), "row": excerpt(row)}
                )
        if self.names is not None:
            try:
                check_names(self.names, players=width)
            except ConfigurationError as error:
                raise RecordError(
                    LOCATED, evidence={"where": "Sheet.names", "what": error}
                ) from None
        if self.headings and len(self.headings) != 2 + 2 * width:
            raise RecordError(
                _HEADING_COUNT,
                evidence={"players": excerpt(width), "count": excerpt(2 + 2 * width)},
            )


HEADINGS: Final[Mapping[str, tuple[str, ...]]] = FrozenMapping(
    {
        "hand_size": ("hand_size", "hand size", "mână", "mana", "cărți", "carti"),
        "dealer": ("dealer", "împărțitor", "impartitor"),
        "bid": ("bid", "licitat", "licitație", "licitatie"),
        "won": ("won", "făcut", "facut", "luat"),
        "total": ("total",),
    }
)
"""The words a sheet may use for each heading, in lower case (the one vocabulary table).

A header is the hand size and the dealer, then one bid and one won
column per seat: ``bid0``, ``won0``, ``bid1``... (seats from 0) or
``Ana bid``, ``Ana won``, ``Bogdan bid``... (players' names); the last
row may start with the total word.  The Romanian words are taken too,
with or without diacritics: ``mână`` (or ``cărți``), ``împărțitor``,
``licitat`` (or ``licitație``), ``făcut`` (or ``luat``) and ``total``:
``mână,împărțitor,licitat0,făcut0,...`` or ``Ana licitat,Ana făcut,...``.
"""

DELIMITERS: Final = (",", ";", "\t")
"""The separators a sheet may use; the one the header line uses most is taken."""

_DELIMITER_NAMES: Final = {",": N_("commas"), ";": N_("semicolons"), "\t": N_("tabs")}

# The refusals of a malformed sheet, as catalogue templates.
_CSV_TEXT: Final = N_("CSV text")
_LINE: Final = N_("line {line}")
_CELL_AT: Final = N_("line {line}, column {column} ({name})")
_TOTAL_OF: Final = N_("total of {who}")
_BAD_HEADER: Final = N_(
    "the header {why}; it must be hand_size,dealer then bidN,wonN for each of 3 to 6 seats "
    "from 0, or 'NAME bid','NAME won' for each player (read as CSV separated by "
    "{delimiters}), not {header}"
)
# A sheet keeps bids, so it is the exact-bid family's: its player counts (R-DECK-2),
# before the sheet says which variant (audit checks that variant's counts again).
_SHEET_SEATS: Final = variants.ROMANIAN.player_counts
_HEADER_START: Final = N_("does not start with hand_size,dealer")
_HEADER_PAIRS: Final = N_("has {count} bid and won headings")
_HEADER_COLUMNS: Final = N_(
    "has {bid},{won} in columns {first} and {second}, where 'bid{seat}','won{seat}' or "
    "'NAME bid','NAME won' go"
)
_HEADER_MIXED: Final = N_("mixes numbered seats and players' names")
_HEADER_TWICE: Final = N_("names a player twice")
_HEADER_NAME: Final = N_("has a name that cannot head a sheet ({error})")
_NOT_WHOLE: Final = N_("expected a whole number, not {value}")
_OUT_OF_RANGE: Final = N_("{number} is out of any sheet's range")
_NOT_CSV: Final = N_("not valid CSV: {reason}")
_EMPTY: Final = N_("the sheet is empty: expected a header line")
_TOO_LONG: Final = N_("the sheet has more than {most} rounds")
_TOTAL_LAST: Final = N_("the 'total' row must be the last one")
_TOTAL_WIDTH: Final = N_("the total row holds {word} and {count} totals, not {given}")
_ROW_WIDTH: Final = N_("expected {count} cells, not {given}")
_ROW_SHAPE: Final = N_(
    "every row of a sheet of {players} players holds {players} bids and as many tricks won, "
    "not {row}"
)
_HEADING_COUNT: Final = N_("a sheet of {players} players has {count} headings")
_NOT_A_SHEET: Final = N_("audit takes CSV text or a Sheet, not {value}")
_NOT_EXACT: Final = N_("audit checks exact-bid score sheets (bids and tricks); not {value}")


def _at_line(line: int, template: str, /, **fields: object) -> RecordError:
    """A refusal about line ``line`` of the CSV text ("line 3: ...")."""
    place = Sentence(_LINE, line=line)
    template, evidence = located(place, template, **fields)
    return RecordError(template, path=str(place), evidence=evidence)


_NAMED: Final = N_("{name} (seat {seat})")
_SEAT_DEALER: Final = N_("seat {seat} (dealer)")
_NAMED_DEALER: Final = N_("{name} (seat {seat}, dealer)")
_TOO_MANY_ROUNDS: Final = NP_(
    "the schedule has {n} round; round {number} is one too many (R-END-1)",
    "the schedule has {n} rounds; round {number} is one too many (R-END-1)",
)
_WRONG_SIZE: Final = NP_(
    "the sheet says round {number} deals {n} card each; {variant} for {players} players deals "
    "{size} ({rule})",
    "the sheet says round {number} deals {n} cards each; {variant} for {players} players deals "
    "{size} ({rule})",
)
_NO_SUCH_DEALER: Final = N_(
    "the sheet names seat {dealer} as the dealer; seats run from 0 to {last} (R-SCHED-4)"
)
_WRONG_DEALER: Final = N_(
    "the sheet says {who} dealt round {number}; the deal passes one seat clockwise each round, "
    "so {expected} deals it (R-SCHED-4)"
)
_BID_RANGE: Final = N_("{who} bid {bid}; bids run from 0 to the hand size {size} (R-BID-3)")
_HOOK: Final = N_(
    "{who} bid {bid}, so the bids total {size} = the hand size {size}; the hook forbids the "
    "dealer that bid (R-BID-2)"
)
_WON_RANGE: Final = N_("{who} won {won} tricks of a {size}-card round (R-PLAY-6)")
_WON_TOTAL: Final = N_(
    "the tricks won add up to {total}, but hands of {size} play {size} trick(s), each won by "
    "exactly one seat (R-PLAY-6)"
)
_PROBLEM_AT: Final = N_("round {round} (line {line}), {column}: {why}")
_PROBLEM_SEAT_AT: Final = N_("round {round} (line {line}), {who}, {column}: {why}")
_SHEET_HEAD: Final = NP_(
    "score sheet: {variant}, {players} players{names}, {n:,} round",
    "score sheet: {variant}, {players} players{names}, {n:,} rounds",
)
_READ_AS: Final = N_("read as CSV separated by {delimiters}")
_PROBLEM_LINE: Final = N_("PROBLEM {rule}: {problem}")
_WRITTEN: Final = N_("written totals:    {totals}")
_CONSISTENT: Final = N_("verdict: the sheet is consistent")
_INCONSISTENT: Final = N_("verdict: {problems} rule problem(s), {differences} wrong total(s)")


def _word(cell: str) -> str:
    return " ".join(cell.lower().split())


def _is(cell: str, heading: str) -> bool:
    return _word(cell) in HEADINGS[heading]


def _sniff(text: str) -> str:
    """The delimiter the first non-blank line uses most outside quotes (ties: the comma)."""
    counts = dict.fromkeys(DELIMITERS, 0)
    quoted = False
    started = False
    for char in text:  # one pass over the first line, so linear
        if char == "\n" and started and not quoted:
            break
        if char == '"':
            quoted = not quoted
        elif char in counts and not quoted:
            counts[char] += 1
        started = started or not char.isspace()
    return max(DELIMITERS, key=lambda d: counts[d])  # max keeps the first of equals


def _header_error(line: int, header: list[str], why: Sentence, delimiter: str) -> RecordError:
    return _at_line(
        line,
        _BAD_HEADER,
        why=why,
        delimiters=Sentence(_DELIMITER_NAMES[delimiter]),
        header=excerpt(delimiter.join(header)),
    )


def _read_header(
    header: list[str], line: int, delimiter: str
) -> tuple[int, tuple[str, ...] | None]:
    """The number of seats and the players' names (None when seats are numbered)."""

    def fail(why: str, /, **fields: object) -> RecordError:
        return _header_error(line, header, Sentence(why, **fields), delimiter)

    cells = [c.strip() for c in header]
    if len(cells) < 2 or not _is(cells[0], "hand_size") or not _is(cells[1], "dealer"):
        raise fail(_HEADER_START)
    pairs, odd = divmod(len(cells) - 2, 2)
    if odd or pairs not in _SHEET_SEATS:
        raise fail(_HEADER_PAIRS, count=len(cells) - 2)
    names: list[str] = []
    numbered = 0
    for seat in range(pairs):
        bid, won = cells[2 + 2 * seat], cells[3 + 2 * seat]
        if _word(bid) in {f"{w}{seat}" for w in HEADINGS["bid"]} and _word(won) in {
            f"{w}{seat}" for w in HEADINGS["won"]
        }:
            numbered += 1
            continue
        bid_name, _, bid_word = bid.rpartition(" ")
        won_name, _, won_word = won.rpartition(" ")
        name = bid_name.strip()
        if not (
            name
            and _is(bid_word, "bid")
            and _is(won_word, "won")
            and _word(won_name) == _word(name)
        ):
            raise fail(
                _HEADER_COLUMNS,
                bid=excerpt(bid),
                won=excerpt(won),
                first=3 + 2 * seat,
                second=4 + 2 * seat,
                seat=seat,
            )
        names.append(name)
    if numbered and names:
        raise fail(_HEADER_MIXED)
    if len({_word(n) for n in names}) != len(names):
        raise fail(_HEADER_TWICE)
    if names:
        try:
            check_names(names, players=pairs)
        except ConfigurationError as error:
            raise fail(_HEADER_NAME, error=error) from None
    return pairs, tuple(names) or None


def _cell(value: str, line: int, column: int, name: object) -> int:
    """The whole number in a cell; ``name`` is its heading (or a sentence naming it)."""
    raw = value.strip()
    body = raw[1:] if raw.startswith("-") else raw
    fields: dict[str, object]
    if not body.isdigit() or not body.isascii() or len(raw) > _MAX_CELL:
        template, fields = _NOT_WHOLE, {"value": excerpt(value)}
    elif abs(number := int(raw)) > MAX_WHOLE:
        template, fields = _OUT_OF_RANGE, {"number": number}
    else:
        return number
    place = Sentence(_CELL_AT, line=line, column=column, name=name)
    template, evidence = located(place, template, **fields)
    path = str(Sentence(PLACE, line=line, column=column))
    raise RecordError(template, path=path, evidence=evidence)


def _dealer_cell(value: str, line: int, names: tuple[str, ...] | None, heading: str) -> int:
    """A seat number, or the name of a player the header gives."""
    if names is not None:
        wanted = _word(value)
        for seat, name in enumerate(names):
            if _word(name) == wanted:
                return seat
    return _cell(value, line, 2, heading)


def _trimmed(row: list[str]) -> list[str]:
    """``row`` without trailing empty cells (spreadsheets pad short rows with them)."""
    end = len(row)
    while end and not row[end - 1].strip():
        end -= 1
    return row[:end]


def read_sheet(text: str | bytes) -> Sheet:
    """Read the CSV form of a score sheet; a malformed one raises ``RecordError`` with its place.

    ``text`` is a str or UTF-8 bytes (one byte-order mark at the start is
    skipped); cells are separated by commas, semicolons or tabs, whichever
    the header line uses most.  Empty cells at the end of a row are
    ignored.  The dealer may be written as a seat number or, when the
    header names the players, as a name.

    >>> read_sheet("hand_size,dealer,bid0,won0\\n")
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: line 1: the header has 2 bid and won headings; it must be ...
    """
    text = decode_text(text, what=_CSV_TEXT, max_chars=MAX_SHEET)
    delimiter = _sniff(text)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    numbered: list[tuple[int, list[str]]] = []
    try:
        for row in reader:
            if any(c.strip() for c in row):
                numbered.append((reader.line_num, _trimmed(row)))
            if len(numbered) > variants.MAX_ROUNDS + 2:
                break
    except csv.Error as error:
        raise _at_line(reader.line_num, _NOT_CSV, reason=known_reason(str(error))) from None
    if not numbered:
        raise RecordError(_EMPTY, path="line 1", evidence={})
    header_line, header = numbered[0]
    pairs, names = _read_header(header, header_line, delimiter)
    headings = tuple(c.strip() for c in header)
    rows: list[SheetRow] = []
    totals = None
    totals_line = 0
    body = numbered[1:]
    if len(body) > variants.MAX_ROUNDS + 1:
        raise RecordError(_TOO_LONG, evidence={"most": variants.MAX_ROUNDS})
    for line, row in body:
        if totals is not None:
            raise _at_line(line, _TOTAL_LAST)
        if row and _is(row[0], "total"):
            if len(row) != pairs + 1:
                raise _at_line(
                    line, _TOTAL_WIDTH, word=repr(row[0].strip()), count=pairs, given=len(row) - 1
                )
            totals = tuple(
                _cell(c, line, col, Sentence(_TOTAL_OF, who=_who(col - 2, names)))
                for col, c in enumerate(row[1:], start=2)
            )
            totals_line = line
            continue
        if len(row) != len(headings):
            raise _at_line(line, _ROW_WIDTH, count=len(headings), given=len(row))
        cells = [
            _dealer_cell(c, line, names, headings[1])
            if col == 2
            else _cell(c, line, col, headings[col - 1])
            for col, c in enumerate(row, start=1)
        ]
        rows.append(
            SheetRow(
                hand_size=cells[0], dealer=cells[1], bids=cells[2::2], won=cells[3::2], line=line
            )
        )
    return Sheet(
        players=pairs,
        rows=rows,
        totals=totals,
        totals_line=totals_line,
        names=names,
        headings=headings,
        delimiter=delimiter,
    )


def _who(seat: int, names: tuple[str, ...] | None, *, dealer: bool = False) -> Sentence:
    """``"seat 1"``, or ``"Bogdan (seat 1)"`` when the sheet names its players.

    The dealer is marked: ``"seat 1 (dealer)"``, ``"Bogdan (seat 1, dealer)"``.
    """
    if not dealer:
        return seat_label(seat, names)
    if names is None or not 0 <= seat < len(names):
        return Sentence(_SEAT_DEALER, seat=seat)
    return Sentence(_NAMED_DEALER, name=names[seat], seat=seat)


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
    name: str | None = None
    reason: Sentence | None = attrs.field(default=None, eq=False)
    """The explanation as a sentence (its template and evidence), for :meth:`render`."""

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str = "en") -> str:
        """The problem in ``lang``: ``"en"`` (``str()``) or ``"ro"``.

        >>> report = audit("hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\\n1,0,1,0,0,1,0,0\\n")
        >>> for part in report.problems[0].render("ro").split(", "):
        ...     print(part)
        mâna 1 (rândul 2)
        locul 0
        bid0: locul 0 (împărțitor) a licitat 1
        deci licitațiile dau 1 = mărimea mâinii 1; restricția împărțitorului îi interzice ...
        """
        why = self.explanation if self.reason is None else self.reason.render(lang)
        fields = {"round": self.round, "line": self.line, "column": self.column, "why": why}
        if self.seat is None:
            return say(_PROBLEM_AT, lang, **fields)
        names = None if self.name is None else {self.seat: self.name}
        who = (
            _who(self.seat, None)
            if names is None
            else Sentence(_NAMED, name=self.name, seat=self.seat)
        )
        return say(_PROBLEM_SEAT_AT, lang, who=who, **fields)


@attrs.frozen(kw_only=True)
class AuditReport(Immutable):
    """What :func:`audit` found; like :class:`~whist_ro.records.Report`, for a sheet.

    ``problems`` lists every rule the rows break, in order (``violation``
    is the first, or None); ``differences`` compares the written totals
    with the recomputed ``totals``; ``score_sheet`` holds the recomputed
    rows; ``standings`` is set when the sheet covers the whole schedule.
    ``names`` are the players' names from the sheet's header (None when
    it numbers the seats) and ``delimiter`` the separator the CSV was
    read with (None for a :class:`Sheet` not read from text).

    >>> report = audit("hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\\n"
    ...                "1,0,0,0,1,1,0,0\\ntotal,5,6,4\\n")
    >>> report.ok, report.totals, [str(d) for d in report.differences]
    (False, (5, 6, 5), ['seat 2: claimed 4, recomputed 5 (off by -1)'])
    """

    variant: Variant
    problems: tuple[Problem, ...] = attrs.field(converter=_problems)
    differences: tuple[Difference, ...] = attrs.field(converter=as_differences)
    totals: tuple[int, ...]
    claimed_totals: tuple[int, ...] | None
    score_sheet: ScoreSheet
    standings: Standings | None
    names: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    delimiter: str | None = None

    @property
    def ok(self) -> bool:
        """True when no row breaks a rule and the written totals are right."""
        return not self.problems and not self.differences

    @property
    def violation(self) -> Problem | None:
        """The first problem, or None."""
        return self.problems[0] if self.problems else None

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str = "en") -> str:
        """The audit report in ``lang``: ``"en"`` (``str(report)``) or ``"ro"``.

        >>> report = audit("mână,împărțitor,licitat0,făcut0,licitat1,făcut1,licitat2,făcut2\\n"
        ...                "1,0,0,0,0,1,0,0\\ntotal,5,-1,5\\n")
        >>> print(report.render("ro").splitlines()[-1])
        verdict: foaia este consecventă
        """
        check_lang(lang)
        sheet = self.score_sheet
        names = "" if self.names is None else f" ({', '.join(self.names)})"
        head = Sentence.plural(
            _SHEET_HEAD, len(sheet), variant=self.variant.name, players=sheet.players, names=names
        )
        lines = [head.render(lang)]
        if self.delimiter is not None:
            delimiters = say(_DELIMITER_NAMES[self.delimiter], lang)
            lines.append(say(_READ_AS, lang, delimiters=delimiters))
        lines.append(sheet.format(lang=lang))
        for problem in self.problems:
            lines.append(say(_PROBLEM_LINE, lang, rule=problem.rule, problem=problem.render(lang)))
        lines += totals_lines(
            self.totals,
            self.claimed_totals,
            self.differences,
            self.standings,
            lang,
            claimed_label=_WRITTEN,
            who=[_who(seat, self.names) for seat in range(len(self.totals))],
        )
        if self.ok:
            lines.append(say(_CONSISTENT, lang))
        else:
            lines.append(
                say(
                    _INCONSISTENT,
                    lang,
                    problems=len(self.problems),
                    differences=len(self.differences),
                )
            )
        return "\n".join(lines)


def _row_problems(
    row: SheetRow,
    number: int,
    variant: Variant,
    schedule: Schedule,
    first_dealer: int,
    sheet: Sheet,
) -> list[Problem]:
    """Every rule one row breaks (R-SCHED-*, R-BID-2, R-BID-3, R-PLAY-6)."""
    players = len(row.bids)
    names = sheet.names
    headings = sheet.headings or (
        "hand_size",
        "dealer",
        *(f"{w}{s}" for s in range(players) for w in ("bid", "won")),
    )
    out: list[Problem] = []

    def who(seat: int) -> Sentence:
        return _who(seat, names)

    def problem(seat: int | None, column: str, rule: str, why: Sentence) -> None:
        name = None if seat is None or names is None else names[seat]
        out.append(
            Problem(
                round=number,
                line=row.line,
                seat=seat,
                column=column,
                rule=rule,
                explanation=str(why),
                name=name,
                reason=why,
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
            why = Sentence.plural(_TOO_MANY_ROUNDS, len(schedule), number=number)
            problem(None, headings[0], rule, why)
        elif rule != "R-SCHED-4":
            why = Sentence.plural(
                _WRONG_SIZE,
                row.hand_size,
                number=number,
                variant=variant.name,
                players=players,
                size=schedule.size_of(index),
                rule=rule,
            )
            problem(None, headings[0], rule, why)
        elif not 0 <= row.dealer < players:
            why = Sentence(_NO_SUCH_DEALER, dealer=row.dealer, last=players - 1)
            problem(None, headings[1], rule, why)
        else:
            why = Sentence(
                _WRONG_DEALER, who=who(row.dealer), number=number, expected=who(expected)
            )
            problem(None, headings[1], rule, why)
    size = row.hand_size
    for seat_, bid in enumerate(row.bids):
        if not bid_in_range(bid, hand_size=size):
            why = Sentence(_BID_RANGE, who=who(seat_), bid=bid, size=size)
            problem(seat_, headings[2 + 2 * seat_], "R-BID-3", why)
    dealer = row.dealer if 0 <= row.dealer < players else expected
    earlier = sum(b for s, b in enumerate(row.bids) if s != dealer)
    forbidden = forbidden_bid(hand_size=size, earlier=earlier, hook=variant.hook)
    if forbidden is not None and row.bids[dealer] == forbidden:
        why = Sentence(_HOOK, who=_who(dealer, names, dealer=True), bid=forbidden, size=size)
        problem(dealer, headings[2 + 2 * dealer], "R-BID-2", why)
    tricks = trick_count(size)
    for seat_, won in enumerate(row.won):
        if not 0 <= won <= tricks:
            why = Sentence(_WON_RANGE, who=who(seat_), won=won, size=size)
            problem(seat_, headings[3 + 2 * seat_], "R-PLAY-6", why)
    if sum(row.won) != tricks:
        problem(None, "won", "R-PLAY-6", Sentence(_WON_TOTAL, total=sum(row.won), size=size))
    return out


def audit(
    sheet: Sheet | str | bytes,
    *,
    variant: Variant = variants.ROMANIAN,
    first_dealer: int | None = None,
) -> AuditReport:
    """Check a score sheet (CSV text or a :class:`Sheet`) and recompute its scores.

    ``variant`` is the exact-bid game the sheet was kept for (classic
    whist keeps no bids); ``first_dealer`` is the seat that dealt the
    first round (default: the first row's dealer).  A malformed sheet
    raises :class:`~whist_ro.errors.RecordError` and a bad argument a
    :class:`~whist_ro.errors.ConfigurationError`; broken rules are reported.

    >>> report = audit("hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\\n1,0,1,1,1,1,0,0\\n")
    >>> [p.rule for p in report.problems]
    ['R-PLAY-6']
    >>> audit("hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\\n", first_dealer=3)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: first_dealer must be a seat from 0 to 2, not 3
    """
    if isinstance(sheet, (str, bytes, bytearray)):
        sheet = read_sheet(sheet)
    if not isinstance(sheet, Sheet):
        raise RecordError(_NOT_A_SHEET, evidence={"value": excerpt(sheet)})
    variant = check_variant(variant)  # a preset's name is not a Variant, as everywhere
    if variant.is_classic:
        raise RecordError(_NOT_EXACT, evidence={"value": excerpt(variant)})
    players = sheet.players
    check_players(variant, players)
    schedule = Schedule.for_game(variant, players)
    if first_dealer is None:
        first_dealer = sheet.rows[0].dealer % players if sheet.rows else 0
    else:
        first_dealer = check_seat(first_dealer, players=players, name="first_dealer")
    problems: list[Problem] = []
    runs = (0,) * players
    totals = (0,) * players
    rows: list[ScoreRow] = []
    for number, row in enumerate(sheet.rows, start=1):
        problems += _row_problems(row, number, variant, schedule, first_dealer, sheet)
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
        differences=differences(sheet.totals, totals),
        totals=totals,
        claimed_totals=sheet.totals,
        score_sheet=ScoreSheet(rows, players=players, names=sheet.names),
        standings=standings,
        names=sheet.names,
        delimiter=sheet.delimiter,
    )
