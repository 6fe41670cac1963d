"""Final standings: places and ranking points from the totals a match ends on (R-RANK-*).

The ranking systems themselves (:class:`~whist_ro.ranking.TablePoints`,
:class:`~whist_ro.ranking.Stake`, :class:`~whist_ro.ranking.Rating`) are settings and live
in :mod:`whist_ro.ranking`; this module turns a match's totals into
:class:`Standings` under one of them: places, ties, the zero win, scaling
for a match that stopped early, and the winners (R-RANK-9).

All arithmetic is exact (:class:`fractions.Fraction`).  The one rounding
rule, for display only, is :func:`display_points` (R-RANK-7).

The worked example of R-RANK-3 (four players):

>>> from whist_ro.ranking import Rating
>>> table = rank_totals([60, 72, 90, 112], Rating())
>>> [row.points for row in table]
[Fraction(-20, 1), Fraction(-112, 13), Fraction(32, 13), Fraction(20, 1)]
>>> [str(display_points(row.points)) for row in table]
['-20.00', '-8.62', '2.46', '20.00']
>>> table.winners
(3,)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Final, overload

import attrs

from whist_ro._check import default_names, excerpt, is_whole, items, whole
from whist_ro._check import names as check_names
from whist_ro._immutable import Immutable
from whist_ro.errors import ConfigurationError
from whist_ro.locale import N_, localized
from whist_ro.locale import render as say
from whist_ro.ranking import RankingSystem, TablePoints, check_totals
from whist_ro.results.rubber import GameResult, match_points
from whist_ro.rules.scoring import side_of
from whist_ro.variants import Variant, check_zero_win

_FLAGS: Final = (N_("zero win"), N_("abandoned"), N_("disconnected"), N_("conceded"))
_PLACE: Final = N_("place")
_PLAYER: Final = N_("player")
_SEAT: Final = N_("seat")
_TOTAL: Final = N_("total")
_POINTS: Final = N_("points")

__all__ = [
    "Standing",
    "Standings",
    "check_disconnected",
    "display_points",
    "match_standings",
    "rank_totals",
]


def display_points(value: Fraction) -> Decimal:
    """Ranking points as displayed: to the hundredth, halves away from zero (R-RANK-7).

    This is the only rounding in the library, and only for showing a
    result: the points themselves stay exact.  Rounding the magnitude keeps
    the display symmetric, so ``x`` and ``-x`` always show as opposites.

    >>> from fractions import Fraction
    >>> [display_points(Fraction(n, d)) for n, d in ((-112, 13), (1, 200), (-1, 200))]
    [Decimal('-8.62'), Decimal('0.01'), Decimal('-0.01')]
    """
    hundredths = int(abs(value) * 100 + Fraction(1, 2))
    return Decimal(-hundredths if value < 0 else hundredths).scaleb(-2)


def _rows(value: Iterable[Standing]) -> tuple[Standing, ...]:
    # A value keeps its own tuple: the caller's list may change later.
    return items(value, name="rows")


@attrs.frozen(kw_only=True)
class Standing(Immutable):
    """One seat's line in the final standings.

    ``place`` is 1 for the top; tied seats share the best place they occupy
    and ``tied`` is set (the next place is skipped, as in "1, 1, 3").
    ``points`` are the seat's ranking points, exact; ``str`` shows them as
    displayed points, rounded (R-RANK-7).  The flags
    say why the line looks as it does: a zero win (R-RANK-4), an abandoned
    match (R-RANK-5), a disconnected seat (R-RANK-5), a conceding side
    (R-END-3).  ``name`` is the player's name when the standings were
    given names, else None; the default names ``"seat 0"``, ``"seat 1"``
    ... (an unnamed match's :attr:`Match.names <whist_ro.Match.names>`)
    name nobody, so they give None too.

    >>> row = rank_totals([10, 30, 30, -5])[1]
    >>> row.seat, row.place, row.tied, row.points, row.name
    (1, 1, True, Fraction(40, 1), None)
    """

    seat: int
    place: int
    tied: bool
    total: int
    points: Fraction
    zero_win: bool = False
    abandoned: bool = False
    disconnected: bool = False
    conceded: bool = False
    name: str | None = None

    @property
    def who(self) -> str:
        """The name, or the seat number when there is none: how the row is printed.

        >>> rank_totals([1, 2], names=["Ana", "Bogdan"])[0].who, rank_totals([1, 2])[0].who
        ('Ana', '0')
        """
        return str(self.seat) if self.name is None else self.name

    @property
    def flags(self) -> tuple[str, ...]:
        """The names of the flags that are set, for display.

        >>> Standing(seat=0, place=1, tied=False, total=0, points=Fraction(25),
        ...          zero_win=True).flags
        ('zero win',)
        """
        values = (self.zero_win, self.abandoned, self.disconnected, self.conceded)
        return tuple(name for name, value in zip(_FLAGS, values, strict=True) if value)

    def __str__(self) -> str:
        return self.line(width=5)

    def line(self, *, width: int, lang: str = "en") -> str:
        """The printed row, the player's column ``width`` characters wide (see :attr:`who`).

        ``lang="ro"`` writes the flags in Romanian, and the points with a
        decimal comma.

        >>> rank_totals([10, 30])[1].line(width=5)
        '    1     1      30    +20.00'
        >>> rank_totals([10, 30], played=1, scheduled=2)[0].line(width=5, lang="ro")
        '    2     0      10    -10,00  abandonată'
        """
        place = f"{self.place}{'=' if self.tied else ''}"
        points = display_points(self.points)
        shown = localized(points, lang, "+.2f") if points else localized(0.0, lang, ".2f")
        flags = ", ".join(say(flag, lang) for flag in self.flags)
        return f"{place:>5} {self.who:>{width}} {self.total:>7} {shown:>9}  {flags}".rstrip()


@attrs.frozen(kw_only=True)
class Standings(Immutable, Sequence[Standing]):
    """The final standings: one :class:`Standing` per seat, in seat order.

    ``completed`` is the share of the scheduled rounds that were played
    (1 for a finished match); the ranking points are already scaled by it.
    ``str()`` lists the seats from first place down.

    >>> s = rank_totals([10, 30, 20], TablePoints(), played=5, scheduled=20)
    >>> s.completed, s.points
    (Fraction(1, 4), (Fraction(-15, 2), Fraction(15, 2), Fraction(0, 1)))
    >>> print(s)
    place  seat   total    points
        1     1      30     +7.50  abandoned
        2     2      20      0.00  abandoned
        3     0      10     -7.50  abandoned
    """

    rows: tuple[Standing, ...] = attrs.field(converter=_rows)
    system: RankingSystem
    completed: Fraction = Fraction(1)

    @property
    def points(self) -> tuple[Fraction, ...]:
        """Every seat's ranking points, in seat order."""
        return tuple(row.points for row in self.rows)

    @property
    def places(self) -> tuple[int, ...]:
        """Every seat's place, in seat order."""
        return tuple(row.place for row in self.rows)

    @property
    def abandoned(self) -> bool:
        """True when the ranking points were scaled for a match that stopped early (R-RANK-5)."""
        return any(row.abandoned for row in self.rows)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place: the winners of the match (R-RANK-9).

        Under the zero win (R-RANK-4) a seat that ends on 0 wins outright,
        even against higher totals; seats tied on top all win.  Classic
        standings name both seats of the winning side.

        >>> from whist_ro.ranking import TablePoints
        >>> rank_totals([-37, 18, 2, 0]).winners
        (1,)
        >>> rank_totals([-37, 18, 2, 0], TablePoints(zero_win=True)).winners
        (3,)
        >>> rank_totals([5, 9, 5, 9]).winners
        (1, 3)
        """
        return tuple(row.seat for row in self.rows if row.place == 1)

    def by_place(self) -> tuple[Standing, ...]:
        """The rows from first place down (seat order inside a tie).

        >>> [row.seat for row in rank_totals([10, 30, 20]).by_place()]
        [1, 2, 0]
        """
        return tuple(sorted(self.rows, key=lambda row: (row.place, row.seat)))

    @overload
    def __getitem__(self, index: int) -> Standing: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Standing, ...]: ...

    def __getitem__(self, index: int | slice) -> Standing | tuple[Standing, ...]:
        return self.rows[index]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Standing]:
        return iter(self.rows)

    def __str__(self) -> str:
        return self.format()

    def format(self, *, lang: str = "en") -> str:
        """The standings as a table, from first place down (``str()``), in ``lang``.

        >>> print(rank_totals([10, 30, 20]).format(lang="ro"))
          poz    loc   total    puncte
            1      1      30    +30,00
            2      2      20      0,00
            3      0      10    -30,00
        """
        named = any(row.name is not None for row in self.rows)
        place, title, total, points = (
            say(word, lang) for word in (_PLACE, _PLAYER if named else _SEAT, _TOTAL, _POINTS)
        )
        width = max(len(title), 5, *(len(row.who) for row in self.rows))
        head = f"{place:>5} {title:>{width}} {total:>7} {points:>9}"
        rows = (row.line(width=width, lang=lang) for row in self.by_place())
        return "\n".join([head, *rows])


def rank_totals(
    totals: Sequence[int],
    system: RankingSystem | None = None,
    *,
    played: int | None = None,
    scheduled: int | None = None,
    disconnected: Iterable[int] = (),
    names: Sequence[str] | None = None,
) -> Standings:
    """Final standings from the totals alone, for a score sheet kept on paper.

    ``totals`` holds one final total per seat.  ``system`` defaults to
    :class:`TablePoints`.  For a match that stopped early, give ``played``
    and ``scheduled`` (rounds): the ranking points are scaled by ``played /
    scheduled`` (R-RANK-5).  Seats in ``disconnected`` are flagged, and
    under :class:`Rating` each loses ``5N`` scaled the same way.  It
    takes 2 to ``MAX_SEATS`` (10,000) totals, each within ``±MAX_TOTAL``
    (see :mod:`whist_ro.ranking`), and its cost grows as ``n log n``.
    ``names`` (one per seat) puts the players' names in the rows, unless
    they are the default ``"seat 0"``, ``"seat 1"`` ... (:class:`Standing`).

    >>> from whist_ro.ranking import Rating
    >>> s = rank_totals([60, 72, 90, 112], Rating(), played=12, scheduled=24,
    ...                 disconnected=[0])
    >>> [str(display_points(p)) for p in s.points]
    ['-20.00', '-4.31', '1.23', '10.00']
    >>> rank_totals([5, 5, 5]).points
    (Fraction(0, 1), Fraction(0, 1), Fraction(0, 1))
    >>> rank_totals([1, 2], played=3, scheduled=2)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: played must be a whole number from 0 to 2, not 3
    """
    if system is None:
        system = TablePoints()
    elif not isinstance(system, RankingSystem):
        raise ConfigurationError(
            f"system must be a ranking system (TablePoints, Stake, Rating), not {excerpt(system)}",
            field="system",
        )
    values = check_totals(totals)
    players = len(values)
    completed = _completed(played, scheduled)
    abandoned = completed != 1
    gone = check_disconnected(disconnected, players)
    given = None if names is None else check_names(names, players=players)
    # "seat 0", "seat 1" ... is what an unnamed seat is called (Match.names, a view's
    # names): no names, so a match, its views and its result rank to equal standings.
    seat_names: Sequence[str | None] = (
        (None,) * players if given is None or given == default_names(players) else given
    )
    base = system.points(values)
    penalty = system.disconnect_penalty(players)
    zero_won = system.zero_win and 0 in values and max(values) != min(values)
    # A zero winner stands above everyone; otherwise the higher total is higher.
    keys = [(zero_won and total == 0, total) for total in values]
    # A seat's place is 1 + the number of seats strictly ahead: sorting once
    # and noting where each key first appears keeps this O(n log n).
    ahead: dict[tuple[bool, int], int] = {}
    for index, key in enumerate(sorted(keys, reverse=True)):
        ahead.setdefault(key, index)
    count = Counter(keys)
    rows = tuple(
        Standing(
            seat=seat,
            place=1 + ahead[key],
            tied=count[key] > 1,
            total=values[seat],
            points=completed * (base[seat] - (penalty if seat in gone else 0)),
            zero_win=key[0],
            abandoned=abandoned,
            disconnected=seat in gone,
            name=seat_names[seat],
        )
        for seat, key in enumerate(keys)
    )
    return Standings(rows=rows, system=system, completed=completed)


def match_standings(
    variant: Variant,
    *,
    totals: Sequence[int],
    games: Sequence[GameResult] = (),
    played: int,
    scheduled: int,
    disconnected: Iterable[int] = (),
    conceded: int | None = None,
    names: Sequence[str] | None = None,
    system: RankingSystem | None = None,
) -> Standings:
    """The standings of a finished or abandoned match from its public facts (R-RANK-*).

    What :meth:`Match.standings <whist_ro.Match.standings>` returns, worked
    out from what every seat sees (the final totals, the classic games,
    the rounds played of those scheduled, the disconnected seats and the
    side that conceded), so a player view or a match result sent over the
    wire yields the same standings.  ``system`` defaults to the variant's
    ``ranking``.  In the exact-bid family the totals are ranked, scaled by
    the share of rounds played (R-RANK-5); classic sides are ranked by the
    values of the games they won, plus the rubber bonus (R-RANK-8).

    >>> from whist_ro import variants
    >>> s = match_standings(variants.ROMANIAN, totals=[30, 12, 41], played=18, scheduled=18)
    >>> s.winners, s[1].place
    ((2,), 3)
    """
    if system is None:
        system = variant.ranking
    if isinstance(system, RankingSystem):
        check_zero_win(system, variant)
    if not variant.is_classic:
        return rank_totals(
            totals,
            system,
            played=played,
            scheduled=scheduled,
            disconnected=disconnected,
            names=names,
        )
    standings = rank_totals(match_points(games, rubber=variant.rubber) * 2, system, names=names)
    if conceded is None:
        return standings
    # A concession gives the match to the other side whatever the match points
    # (R-END-5, R-RANK-9).  The points can tie (conceders up a treble give up a
    # game on 4: 3 against 1 + the rubber's 2); the concession then decides the
    # places, while the awards stay those of the match points (R-RANK-8).
    winners = sum(1 for row in standings if side_of(row.seat) != conceded)
    rows = tuple(
        attrs.evolve(
            row,
            conceded=side_of(row.seat) == conceded,
            place=1 + winners if side_of(row.seat) == conceded else 1,
        )
        for row in standings
    )
    return attrs.evolve(standings, rows=rows)


def _completed(played: int | None, scheduled: int | None) -> Fraction:
    if played is None and scheduled is None:
        return Fraction(1)
    rounds = whole(scheduled, name="scheduled", low=1)
    return Fraction(whole(played, name="played", high=rounds), rounds)


def check_disconnected(seats: Iterable[int], players: int) -> frozenset[int]:
    """The seats named as disconnected, checked to be real seats (R-RANK-5).

    >>> sorted(check_disconnected([2, 0], players=3))
    [0, 2]
    >>> check_disconnected([3], players=3)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: disconnected must name distinct seats from 0 to 2: 3 ...
    """
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise ConfigurationError(
            f"disconnected must be a collection of seats, not {excerpt(seats)}",
            field="disconnected",
        )
    found = tuple(seats)
    bad = [s for s in found if not (is_whole(s) and 0 <= s < players)]
    if bad or len(set(found)) != len(found):
        why = f"{excerpt(bad[0])} is not a seat" if bad else "a seat is named twice"
        raise ConfigurationError(
            f"disconnected must name distinct seats from 0 to {players - 1}: {why}",
            field="disconnected",
        )
    return frozenset(found)
