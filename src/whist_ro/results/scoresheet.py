"""The score sheet: one row per completed round, and its printed form.

Rows are built by :class:`~whist_ro.Match`; this module only holds them and
lays them out as text the way a table keeps score on paper.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import overload

import attrs

from whist_ro._check import items
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

    __slots__ = ("_classic", "_players", "_rows")

    _rows: tuple[ScoreRow, ...]
    _players: int
    _classic: bool

    def __init__(self, rows: Sequence[ScoreRow], *, players: int, classic: bool = False) -> None:
        object.__setattr__(self, "_rows", tuple(rows))
        object.__setattr__(self, "_players", players)
        object.__setattr__(self, "_classic", classic)

    @property
    def players(self) -> int:
        """Number of seats on the sheet."""
        return self._players

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
            return self._rows == other._rows and self._players == other._players
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._rows)

    def __repr__(self) -> str:
        return f"<ScoreSheet {len(self._rows)} rounds, totals {self.totals}>"

    def __str__(self) -> str:
        """The sheet as a fixed-width table.

        Each seat's cell reads ``bid/tricks points bonus = total``; classic
        whist has no bids and shows ``-`` instead.  In a rubber a line
        ``game N`` opens every game after the first, where the totals start
        again from 0.
        """
        head = f"{'#':>3} {'cards':>5} {'dealer':>6} {'trump':>5}"
        sub = f"{'bid/won':<7} {'pts':>4} {'bonus':>5} {'total':>6}"
        lines = [
            head + "".join(f" | {'seat ' + str(s):^{len(sub)}}" for s in range(self._players)),
            " " * len(head) + f" | {sub}" * self._players,
        ]
        lines.append("-" * len(lines[-1]))
        game = 1
        for row in self._rows:
            if row.game != game:
                game = row.game
                lines.append(f"{'game ' + str(game):>{len(head)}}")
            trump = "-" if row.turn_up is None else row.turn_up.pretty
            text = f"{row.number:>3} {row.hand_size:>5} {row.dealer:>6} {trump:>5}"
            for seat in row.seats:
                bid = "-" if seat.bid is None else str(seat.bid)
                bonus = f"{seat.bonus:+d}" if seat.bonus else ""
                text += f" | {bid:>3}/{seat.tricks:<3} {seat.points:>+4} {bonus:>5} {seat.total:>6}"
            lines.append(text)
        return "\n".join(line.rstrip() for line in lines)
