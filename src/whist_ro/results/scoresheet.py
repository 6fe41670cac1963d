"""The score sheet: one row per completed round, and its printed form.

Rows are built by :class:`~whist_ro.Match`; this module only holds them and
lays them out as text the way a table keeps score on paper.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import overload

import attrs

from whist_ro._check import default_names, items
from whist_ro._check import names as check_names
from whist_ro._immutable import Immutable
from whist_ro.cards import Card, Suit

__all__ = ["ScoreRow", "ScoreSheet", "SeatScore"]


def _seats(value: Iterable[SeatScore]) -> tuple[SeatScore, ...]:
    # A value keeps its own tuple: the caller's list may change later.
    return items(value, name="seats")


@attrs.frozen(kw_only=True)
class SeatScore(Immutable):
    """One seat's line in one round of the score sheet.

    ``bid`` is None in classic whist (no bidding).  ``points`` is the round
    score (R-SCORE-*), ``bonus`` what the round pays on top of it: the
    streak bonus in the exact family (R-STREAK-5), honours in classic whist
    (R-HON-1).  ``total`` is the running total after the round; in a rubber
    it is the total of the game the round belongs to.

    >>> from whist_ro import Match, random_playout, variants
    >>> m = random_playout(Match.new(variants.ROMANIAN, players=3, seed=1), seed=1)
    >>> m.score_sheet[0].seats[2]
    SeatScore(bid=0, tricks=1, points=-1, bonus=0, total=-1)
    """

    bid: int | None
    tricks: int
    points: int
    bonus: int
    total: int


@attrs.frozen(kw_only=True)
class ScoreRow(Immutable):
    """One completed round: its set-up and every seat's score.

    ``game`` is the game of a classic rubber the round belongs to (1, 2 or
    3); it is 1 everywhere else.

    >>> from whist_ro import Match, random_playout, variants
    >>> row = random_playout(Match.new(variants.ROMANIAN, players=3, seed=1), seed=1).score_sheet[0]
    >>> row.number, row.hand_size, row.dealer, str(row.turn_up), row.trump
    (1, 1, 1, '9h', <Suit.HEARTS: 2>)
    """

    number: int
    """1-based round number."""
    hand_size: int
    dealer: int
    trump: Suit | None
    turn_up: Card | None
    seats: tuple[SeatScore, ...] = attrs.field(converter=_seats)
    game: int = 1


class ScoreSheet(Immutable, Sequence[ScoreRow]):
    """The rows of a match so far; ``str()`` prints it as a table.

    >>> from whist_ro import Match, variants
    >>> from whist_ro import random_playout
    >>> sheet = random_playout(Match.new(variants.ROMANIAN, players=3, seed=1), seed=1).score_sheet
    >>> len(sheet), sheet[-1].number
    (21, 21)
    """

    __slots__ = ("_classic", "_names", "_players", "_rows")

    _rows: tuple[ScoreRow, ...]
    _players: int
    _classic: bool
    _names: tuple[str, ...]

    def __init__(
        self,
        rows: Sequence[ScoreRow],
        *,
        players: int,
        classic: bool = False,
        names: Sequence[str] | None = None,
    ) -> None:
        object.__setattr__(self, "_rows", tuple(rows))
        object.__setattr__(self, "_players", players)
        object.__setattr__(self, "_classic", classic)
        object.__setattr__(
            self,
            "_names",
            default_names(players) if names is None else check_names(names, players=players),
        )

    @property
    def players(self) -> int:
        """Number of seats on the sheet."""
        return self._players

    @property
    def is_classic(self) -> bool:
        """True for classic whist's sheet: no bids, and partners share one total.

        >>> from whist_ro import Match, variants
        >>> Match.new(variants.CLASSIC, players=4, seed=1).score_sheet.is_classic
        True
        """
        return self._classic

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, one per seat, as the sheet's columns are headed.

        >>> from whist_ro import Match, variants
        >>> Match.new(variants.ROMANIAN, players=3, seed=1, names=["A", "B", "C"]).score_sheet.names
        ('A', 'B', 'C')
        """
        return self._names

    @property
    def totals(self) -> tuple[int, ...]:
        """Running totals after the last row (zeros for an empty sheet)."""
        if not self._rows:
            return (0,) * self._players
        return tuple(s.total for s in self._rows[-1].seats)

    @overload
    def __getitem__(self, index: int) -> ScoreRow: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[ScoreRow, ...]: ...

    def __getitem__(self, index: int | slice) -> ScoreRow | tuple[ScoreRow, ...]:
        return self._rows[index]

    def __len__(self) -> int:
        return len(self._rows)

    def __iter__(self) -> Iterator[ScoreRow]:
        return iter(self._rows)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ScoreSheet):
            return (
                self._rows == other._rows
                and self._players == other._players
                and self._names == other._names
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._rows)

    def __repr__(self) -> str:
        return f"<ScoreSheet {len(self._rows)} rounds, totals {self.totals}>"

    def __str__(self) -> str:
        """The sheet as a table that fits 80 columns (:meth:`format`)."""
        return self.format()

    def format(self, *, wide: bool = False, width: int = 80) -> str:
        """The sheet as a fixed-width table: one line per round, one cell per seat.

        The default layout fits ``width`` columns (80: a terminal) for up to
        six players: it shows each seat's bid and tricks won, the round's
        points, the bonus and the running total when they fit, and drops
        the points, then the bonus column, when they do not (a total that
        includes a bonus is then marked ``*``).  A legend under the table
        names the columns.  ``wide=True`` gives every seat the full cell
        ``bid/won points bonus = total`` whatever the width.  Classic whist
        has no bids: its cells show the tricks won.  In a rubber a line
        ``game N`` opens every game after the first, where the totals start
        again from 0.

        >>> from whist_ro import Match, random_playout, variants
        >>> m = random_playout(Match.new(variants.ROMANIAN, players=6, seed=1), seed=1)
        >>> max(len(line) for line in m.score_sheet.format().splitlines()) <= 80
        True
        >>> print(m.score_sheet.format().splitlines()[0])
         # n d tr |  seat 0  |  seat 1  |  seat 2  |  seat 3  |  seat 4  |  seat 5
        >>> len(m.score_sheet.format(wide=True).splitlines()[0]) > 80
        True
        """
        if wide:
            return self._wide()
        layouts = (("won", "pts", "bonus", "total"), ("won", "pts", "total"), ("won", "total"))
        for fields in layouts:
            table, legend = self._compact(fields)
            if max(map(len, table)) <= width:
                break
        return "\n".join(table + _wrap_items(legend, width))

    def _labels(self) -> tuple[str, ...]:
        """How the header names each seat: the players' names (``"seat 0"`` ... unless named)."""
        return self._names

    def _wide(self) -> str:
        head = f"{'#':>3} {'cards':>5} {'dealer':>6} {'trump':>5}"
        sub = f"{'bid/won' if not self._classic else 'won':<7} {'pts':>4} {'bonus':>5} {'total':>6}"
        lines = [
            head + "".join(f" | {label:^{len(sub)}}" for label in self._labels()),
            " " * len(head) + f" | {sub}" * self._players,
        ]
        lines.append("-" * len(lines[-1]))
        game = 1
        for row in self._rows:
            if row.game != game:
                game = row.game
                lines.append(f"{'game ' + str(game):>{len(head)}}")
            trump = "-" if row.turn_up is None else row.turn_up.pretty
            line = f"{row.number:>3} {row.hand_size:>5} {row.dealer:>6} {trump:>5}"
            for seat in row.seats:
                won = f"{seat.tricks:<3}" if seat.bid is None else f"{seat.bid:>3}/{seat.tricks:<3}"
                bonus = f"{seat.bonus:+d}" if seat.bonus else ""
                line += f" | {won:<7} {seat.points:>+4} {bonus:>5} {seat.total:>6}"
            lines.append(line)
        return "\n".join(line.rstrip() for line in lines)

    def _compact(self, fields: tuple[str, ...]) -> tuple[list[str], list[str]]:
        """The narrow layout with the seat cells holding ``fields``: its lines and its legend."""
        rows = self._rows
        seats = [s for row in rows for s in row.seats]
        with_bonus = any(s.bonus for s in seats)
        if "bonus" in fields and not with_bonus:
            fields = tuple(f for f in fields if f != "bonus")
        marked = with_bonus and "bonus" not in fields  # the total carries a * instead

        def won(s: SeatScore) -> str:
            return str(s.tricks) if s.bid is None else f"{s.bid}/{s.tricks}"

        cells = {
            "won": ("won" if self._classic else "b/w", won),
            "pts": ("pts", lambda s: f"{s.points:+d}"),
            "bonus": ("bon", lambda s: f"{s.bonus:+d}" if s.bonus else ""),
            "total": ("tot", lambda s: str(s.total)),
        }
        widths = {f: max([len(cells[f][0])] + [len(cells[f][1](s)) for s in seats]) for f in fields}
        mark = 1 if marked else 0
        cell_width = sum(widths.values()) + len(fields) - 1 + mark
        number_width = max(2, len(str(rows[-1].number))) if rows else 2
        trumps = [r.turn_up.pretty for r in rows if r.turn_up is not None]
        trump_width = max([2] + [len(t) for t in trumps])
        head = f"{'#':>{number_width}} {'n':>2} {'d':>1} {'tr':>{trump_width}}"
        labels = [label[:cell_width].center(cell_width) for label in self._labels()]
        sub = " ".join(f"{cells[f][0]:>{widths[f]}}" for f in fields) + " " * mark
        lines = [
            head + "".join(f" | {label}" for label in labels),
            " " * len(head) + f" | {sub}" * self._players,
        ]
        lines.append("-" * len(lines[-1]))
        game = 1
        for row in rows:
            if row.game != game:
                game = row.game
                lines.append(f"{'game ' + str(game):>{len(head)}}")
            trump = "-" if row.turn_up is None else row.turn_up.pretty
            line = f"{row.number:>{number_width}} {row.hand_size:>2} {row.dealer:>1} "
            line += f"{trump:>{trump_width}}"
            for seat in row.seats:
                parts = " ".join(f"{cells[f][1](seat):>{widths[f]}}" for f in fields)
                line += f" | {parts}" + (("*" if seat.bonus else " ") if marked else "")
            lines.append(line)
        return [line.rstrip() for line in lines], self._legend(fields, marked)

    def _legend(self, fields: tuple[str, ...], marked: bool) -> list[str]:
        """What the abbreviations mean, one item each (kept whole when the legend wraps)."""
        words = {
            "won": "won: tricks won" if self._classic else "b/w: bid/tricks won",
            "pts": "pts: the round's points",
            "bonus": "bon: honours" if self._classic else "bon: streak bonus",
            "total": "tot: running total",
        }
        legend = ["n: cards each", "d: dealer", "tr: the trump card"]
        legend += [words[f] for f in fields]
        if marked:
            legend.append(
                "*: the total includes " + ("honours" if self._classic else "a streak bonus")
            )
        return legend


def _wrap_items(items: list[str], width: int) -> list[str]:
    """``items`` joined by commas into lines of at most ``width``, no item split."""
    lines = [""]
    for i, item in enumerate(items):
        piece = item + ("." if i == len(items) - 1 else ",")
        if lines[-1] and len(lines[-1]) + 1 + len(piece) > width:
            lines.append("")
        lines[-1] += (" " if lines[-1] else "") + piece
    return lines
