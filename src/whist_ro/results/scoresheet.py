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
from whist_ro.locale import N_
from whist_ro.locale import check as check_lang
from whist_ro.locale import render as say

__all__ = ["ScoreRow", "ScoreSheet", "SeatScore"]

# The sheet's words; the wide layout first, then the compact one and its legend.
_SEAT = N_("seat {seat}")
_GAME = N_("game {number}")
_NUMBER = "#"
_W_CARDS = N_("cards")
_W_DEALER = N_("dealer")
_W_TRUMP = N_("trump")
_W_BID_WON = N_("bid/won")
_W_WON = N_("won")
_W_PTS = N_("pts")
_W_BONUS = N_("bonus")
_W_TOTAL = N_("total")
_C_CARDS = N_("n")
_C_DEALER = N_("d")
_C_TRUMP = N_("tr")
_C_BID_WON = N_("b/w")
_C_WON = N_("won")
_C_PTS = N_("pts")
_C_BONUS = N_("bon")
_C_TOTAL = N_("tot")
_L_CARDS = N_("n: cards each")
_L_DEALER = N_("d: dealer")
_L_TRUMP = N_("tr: the trump card")
_L_BID_WON = N_("b/w: bid/tricks won")
_L_WON = N_("won: tricks won")
_L_PTS = N_("pts: the round's points")
_L_BONUS = N_("bon: streak bonus")
_L_HONOURS = N_("bon: honours")
_L_TOTAL = N_("tot: running total")
_L_MARKED_BONUS = N_("*: the total includes a streak bonus")
_L_MARKED_HONOURS = N_("*: the total includes honours")


def _seats(value: Iterable[SeatScore]) -> tuple[SeatScore, ...]:
    # A value keeps its own tuple: the caller's list may change later.
    return items(value, name="seats")


@attrs.frozen(kw_only=True)
class SeatScore(Immutable):
    """One seat's line in one round of the score sheet.

    ``bid`` is None in classic whist (no bidding).  ``points`` are its round
    points (R-SCORE-*), ``bonus`` what the round pays on top of it: the
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

    def format(self, *, wide: bool = False, width: int = 80, lang: str = "en") -> str:
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
        again from 0.  ``lang="ro"`` writes the headings and the legend in
        Romanian (``str(sheet)`` is English).

        >>> from whist_ro import Match, random_playout, variants
        >>> m = random_playout(Match.new(variants.ROMANIAN, players=6, seed=1), seed=1)
        >>> max(len(line) for line in m.score_sheet.format().splitlines()) <= 80
        True
        >>> print(m.score_sheet.format().splitlines()[0])
         # n d tr |  seat 0  |  seat 1  |  seat 2  |  seat 3  |  seat 4  |  seat 5
        >>> print(m.score_sheet.format(lang="ro").splitlines()[0])
         # n î atu | locul 0  | locul 1  | locul 2  | locul 3  | locul 4  | locul 5
        >>> len(m.score_sheet.format(wide=True).splitlines()[0]) > 80
        True
        """
        check_lang(lang)
        if wide:
            return self._wide(lang)
        layouts = (("won", "pts", "bonus", "total"), ("won", "pts", "total"), ("won", "total"))
        for fields in layouts:
            table, legend = self._compact(fields, lang)
            if max(map(len, table)) <= width:
                break
        return "\n".join(table + _wrap_items(legend, width))

    def _labels(self, lang: str = "en") -> tuple[str, ...]:
        """How the header names each seat: the players' names (``"seat 0"`` ... unless named)."""
        if self._names == default_names(self._players):
            return tuple(say(_SEAT, lang, seat=seat) for seat in range(self._players))
        return self._names

    def _wide(self, lang: str) -> str:
        number, cards, dealer, trump = (
            _column(say(title, lang), least)
            for title, least in ((_NUMBER, 3), (_W_CARDS, 5), (_W_DEALER, 6), (_W_TRUMP, 5))
        )
        head = f"{number} {cards} {dealer} {trump}"
        won, pts, bonus, total = (
            say(title, lang)
            for title in (_W_WON if self._classic else _W_BID_WON, _W_PTS, _W_BONUS, _W_TOTAL)
        )
        widths = (max(7, len(won)), max(4, len(pts)), max(5, len(bonus)), max(6, len(total)))
        sub = f"{won:<{widths[0]}} {pts:>{widths[1]}} {bonus:>{widths[2]}} {total:>{widths[3]}}"
        lines = [
            head + "".join(f" | {label:^{len(sub)}}" for label in self._labels(lang)),
            " " * len(head) + f" | {sub}" * self._players,
        ]
        lines.append("-" * len(lines[-1]))
        game = 1
        for row in self._rows:
            if row.game != game:
                game = row.game
                lines.append(f"{say(_GAME, lang, number=game):>{len(head)}}")
            shown = "-" if row.turn_up is None else row.turn_up.pretty
            line = (
                f"{row.number:>{len(number)}} {row.hand_size:>{len(cards)}} "
                f"{row.dealer:>{len(dealer)}} {shown:>{len(trump)}}"
            )
            for seat in row.seats:
                cell = (
                    f"{seat.tricks:<3}" if seat.bid is None else f"{seat.bid:>3}/{seat.tricks:<3}"
                )
                extra = f"{seat.bonus:+d}" if seat.bonus else ""
                line += (
                    f" | {cell:<{widths[0]}} {seat.points:>+{widths[1]}} "
                    f"{extra:>{widths[2]}} {seat.total:>{widths[3]}}"
                )
            lines.append(line)
        return "\n".join(line.rstrip() for line in lines)

    def _compact(self, fields: tuple[str, ...], lang: str) -> tuple[list[str], list[str]]:
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
            "won": (say(_C_WON if self._classic else _C_BID_WON, lang), won),
            "pts": (say(_C_PTS, lang), lambda s: f"{s.points:+d}"),
            "bonus": (say(_C_BONUS, lang), lambda s: f"{s.bonus:+d}" if s.bonus else ""),
            "total": (say(_C_TOTAL, lang), lambda s: str(s.total)),
        }
        widths = {f: max([len(cells[f][0])] + [len(cells[f][1](s)) for s in seats]) for f in fields}
        mark = 1 if marked else 0
        cell_width = sum(widths.values()) + len(fields) - 1 + mark
        number_width = max(2, len(str(rows[-1].number))) if rows else 2
        size_title, dealer_title, trump_title = (
            say(title, lang) for title in (_C_CARDS, _C_DEALER, _C_TRUMP)
        )
        size_width, dealer_width = max(2, len(size_title)), max(1, len(dealer_title))
        trumps = [r.turn_up.pretty for r in rows if r.turn_up is not None]
        trump_width = max([len(trump_title)] + [len(t) for t in trumps])
        head = (
            f"{'#':>{number_width}} {size_title:>{size_width}} {dealer_title:>{dealer_width}} "
            f"{trump_title:>{trump_width}}"
        )
        labels = [label[:cell_width].center(cell_width) for label in self._labels(lang)]
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
                lines.append(f"{say(_GAME, lang, number=game):>{len(head)}}")
            trump = "-" if row.turn_up is None else row.turn_up.pretty
            line = f"{row.number:>{number_width}} {row.hand_size:>{size_width}} "
            line += f"{row.dealer:>{dealer_width}} {trump:>{trump_width}}"
            for seat in row.seats:
                parts = " ".join(f"{cells[f][1](seat):>{widths[f]}}" for f in fields)
                line += f" | {parts}" + (("*" if seat.bonus else " ") if marked else "")
            lines.append(line)
        return [line.rstrip() for line in lines], self._legend(fields, marked, lang)

    def _legend(self, fields: tuple[str, ...], marked: bool, lang: str) -> list[str]:
        """What the abbreviations mean, one item each (kept whole when the legend wraps)."""
        words = {
            "won": _L_WON if self._classic else _L_BID_WON,
            "pts": _L_PTS,
            "bonus": _L_HONOURS if self._classic else _L_BONUS,
            "total": _L_TOTAL,
        }
        legend = [_L_CARDS, _L_DEALER, _L_TRUMP] + [words[f] for f in fields]
        if marked:
            legend.append(_L_MARKED_HONOURS if self._classic else _L_MARKED_BONUS)
        return [say(item, lang) for item in legend]


def _column(title: str, least: int) -> str:
    """A heading right-aligned in a column at least ``least`` characters wide."""
    return f"{title:>{least}}"


def _wrap_items(items: list[str], width: int) -> list[str]:
    """``items`` joined by commas into lines of at most ``width``, no item split."""
    lines = [""]
    for i, item in enumerate(items):
        piece = item + ("." if i == len(items) - 1 else ",")
        if lines[-1] and len(lines[-1]) + 1 + len(piece) > width:
            lines.append("")
        lines[-1] += (" " if lines[-1] else "") + piece
    return lines
