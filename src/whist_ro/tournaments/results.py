"""What a tournament returns: the per-match table, and means with confidence intervals.

>>> Estimate.of([1.0, 3.0]).mean
2.0
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Final

import attrs

from whist_ro._check import excerpt
from whist_ro._immutable import Immutable
from whist_ro._text import Sentence
from whist_ro.errors import ConfigurationError
from whist_ro.locale import N_, NP_, localized
from whist_ro.locale import check as check_lang
from whist_ro.locale import render as say
from whist_ro.tournaments.entrant import Entrant
from whist_ro.variants import Variant

if TYPE_CHECKING:
    # Annotations only: whist_ro.Takeover is the name to import (issue 26 item 3).
    from whist_ro.engine.seats import Takeover
    from whist_ro.records.record import Record

__all__ = ["BotStats", "Estimate", "MatchRow", "SeatStats", "TournamentResult"]

_HEAD: Final = N_("{variant}, {players} players, {matches} ({runs})")
_MATCHES: Final = NP_("{n:,} match", "{n:,} matches")
_SEEDS: Final = NP_("{n:,} seed", "{n:,} seeds")
_DUPLICATE_SETS: Final = NP_("{n:,} duplicate set of {each}", "{n:,} duplicate sets of {each}")
_BOT: Final = N_("bot")
_SEATS: Final = N_("seats")
_TAKEN_OVER: Final = N_("takeovers")  # one word: "seats  takeovers" reads as two columns
_WINS: Final = N_("wins")
_TOTAL_CI: Final = N_("total [95% CI]")
_EDGE: Final = N_("  edge {edge}")
_SEAT: Final = N_("seat {seat}")
_AGAINST: Final = N_("edges are against {reference}")
_TOGETHER: Final = N_("the rows above are per seat held; each bot's seats of a match added up:")
_HELD: Final = N_("seats a match")
_WARNING: Final = N_(
    "warning: {taken} of the {seats} seats of {name} were taken over by the fallback bot "
    "(R-SEAT-1) during the match: its row measures the fallback's play too"
)


# Student's t quantile for a two-sided 95% interval, degrees of freedom 1 to 30.
_T975: Final = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
_Z975: Final = 1.959963984540054


def _t975(df: int) -> float:
    """Student's t 97.5% quantile: the table, then the Cornish-Fisher series (error < 1e-4)."""
    if df <= len(_T975):
        return _T975[df - 1]
    z = _Z975
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


@attrs.frozen(kw_only=True)
class Estimate(Immutable):
    """A mean with its 95% confidence interval (Student's t) over ``n`` independent units.

    ``low`` and ``high`` are None when ``n`` is 1: one unit gives no spread.

    >>> e = Estimate.of([1.0, 2.0, 3.0, 4.0])
    >>> e.mean, round(e.low, 3), round(e.high, 3), e.n
    (2.5, 0.446, 4.554, 4)
    >>> str(e), str(Estimate.of([5.0]))
    ('2.50 [0.45, 4.55]', '5.00')
    """

    mean: float
    low: float | None
    high: float | None
    n: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        """The estimate from one value per independent unit (at least one).

        >>> Estimate.of([])
        Traceback (most recent call last):
        ...
        whist_ro.errors.ConfigurationError: an estimate needs at least one value
        """
        n = len(values)
        if n == 0:
            raise ConfigurationError("an estimate needs at least one value", field="values")
        mean = math.fsum(values) / n
        if n == 1:
            return cls(mean=mean, low=None, high=None, n=1)
        spread = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
        half = _t975(n - 1) * spread / math.sqrt(n)
        return cls(mean=mean, low=mean - half, high=mean + half, n=n)

    @property
    def clear_of_zero(self) -> bool:
        """True when the whole interval lies on one side of 0.

        >>> Estimate.of([2.0, 3.0, 4.0]).clear_of_zero, Estimate.of([-1.0, 2.0]).clear_of_zero
        (True, False)
        """
        if self.low is None or self.high is None:
            return False
        return self.low > 0 or self.high < 0

    def __str__(self) -> str:
        return self.__localized__("en")

    def __localized__(self, lang: str) -> str:
        """The estimate as text in ``lang`` (numbers with a decimal comma in Romanian).

        >>> Estimate.of([1.0, 2.0]).__localized__("ro")
        '1,50 [-4,85, 7,85]'
        """
        if self.low is None or self.high is None:
            return localized(self.mean, lang, ".2f")
        mean, low, high = (localized(x, lang, ".2f") for x in (self.mean, self.low, self.high))
        return f"{mean} [{low}, {high}]"


@attrs.frozen(kw_only=True)
class MatchRow(Immutable):
    """One match of a tournament: who sat where, and how it ended.

    ``index`` is the match's place in the tournament (0 up); ``set_index``
    the place of its seed in ``seeds``; ``rotation`` how many seats the
    line-up was moved (0 unless duplicate).  ``bots`` names each seat's bot;
    ``totals``, ``places`` and ``points`` come from the final standings;
    ``takeovers`` lists the seats a bot lost to the fallback (R-SEAT-1), and
    :meth:`taken_over` which seats those were.  ``record`` is the match's
    complete record (takeovers and engines included) when the tournament
    was asked to keep them (``records=True``), else None.

    >>> import whist_ro as wr
    >>> from whist_ro.bots import RandomBot
    >>> from whist_ro.tournaments import tournament
    >>> row = tournament(wr.variants.ROMANIAN, [RandomBot] * 3, seeds=[4], workers=0).matches[0]
    >>> row.seed, row.bots, row.total_of("RandomBot") == sum(row.totals) / 3
    (4, ('RandomBot', 'RandomBot', 'RandomBot'), True)
    """

    index: int
    set_index: int
    rotation: int
    seed: int | str
    bots: tuple[str, ...]
    totals: tuple[int, ...]
    places: tuple[int, ...]
    points: tuple[Fraction, ...]
    winners: tuple[int, ...]
    takeovers: tuple[Takeover, ...]
    record: Record | None = attrs.field(default=None, eq=False, repr=False)

    def seats_of(self, name: str) -> tuple[int, ...]:
        """The seats ``name`` played in this match.

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> from whist_ro.tournaments import tournament
        >>> row = tournament(wr.variants.ROMANIAN, [RandomBot] * 3, seeds=[4], workers=0).matches[0]
        >>> row.seats_of("RandomBot"), row.seats_of("nobody")
        ((0, 1, 2), ())
        """
        return tuple(s for s, bot in enumerate(self.bots) if bot == name)

    def taken_over(self) -> frozenset[int]:
        """The seats handed to the fallback during this match (R-SEAT-1).

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> from whist_ro.tournaments import tournament
        >>> row = tournament(wr.variants.ROMANIAN, [RandomBot] * 3, seeds=[4], workers=0).matches[0]
        >>> row.taken_over()
        frozenset()
        """
        return frozenset(t.seat for t in self.takeovers)

    def total_of(self, name: str) -> float:
        """The mean final total of the seats ``name`` played.

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> from whist_ro.tournaments import tournament
        >>> row = tournament(wr.variants.ROMANIAN, [RandomBot] * 3, seeds=[4], workers=0).matches[0]
        >>> row.total_of("nobody")
        Traceback (most recent call last):
        ...
        whist_ro.errors.ConfigurationError: no seat of this match is played by 'nobody'; ...
        """
        seats = self._seats(name)
        return math.fsum(self.totals[s] for s in seats) / len(seats)

    def points_of(self, name: str) -> float:
        """The mean ranking points of the seats ``name`` played."""
        seats = self._seats(name)
        return float(sum((self.points[s] for s in seats), Fraction(0)) / len(seats))

    def edge_of(self, name: str, reference: str) -> float:
        """``name``'s mean total minus ``reference``'s: the per-match edge.

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> from whist_ro.tournaments import tournament
        >>> lineup = [Entrant(RandomBot, name="a"), Entrant(RandomBot, name="b")] * 2
        >>> result = tournament(wr.variants.ROMANIAN, lineup, seeds=[1], workers=0)
        >>> row = result.matches[0]
        >>> row.edge_of("a", "b") == (row.totals[0] + row.totals[2] - row.totals[1]
        ...                           - row.totals[3]) / 2
        True
        """
        return self.total_of(name) - self.total_of(reference)

    def _seats(self, name: str) -> tuple[int, ...]:
        seats = self.seats_of(name)
        if not seats:
            raise ConfigurationError(
                f"no seat of this match is played by {excerpt(name)}; its bots are "
                f"{', '.join(sorted(set(self.bots)))}",
                field="name",
            )
        return seats


@attrs.frozen(kw_only=True)
class SeatStats(Immutable):
    """How one seat fared, whoever played it: a check on seat advantage.

    ``wins`` is the share of matches in which the seat finished first
    (ties included); ``total`` and ``points`` are the mean final total and
    ranking points with their intervals; ``taken_over`` counts the matches
    in which the seat was handed to the fallback (R-SEAT-1).

    >>> import whist_ro as wr
    >>> from whist_ro.bots import RandomBot
    >>> from whist_ro.tournaments import tournament
    >>> seat = tournament(wr.variants.ROMANIAN, [RandomBot] * 3, seeds=range(3), workers=0).seats[0]
    >>> seat.seat, seat.total.n, 0 <= seat.wins <= 1
    (0, 3, True)
    """

    seat: int
    total: Estimate
    points: Estimate
    wins: float
    taken_over: int = 0


@attrs.frozen(kw_only=True)
class BotStats(Immutable):
    """How one bot fared over all its seats.

    ``seats`` counts the seats it played (a bot may hold several seats of a
    match); ``total`` and ``points`` are the means, per match, of its seats'
    final totals and ranking points; ``wins`` the share of its seats that
    finished first (ties included).  ``edge`` is its mean total minus the
    reference bot's, per match; None for the reference itself or without one.
    ``taken_over`` counts its seats that were handed to the fallback during
    the match (R-SEAT-1): from then on the fallback played them, so a bot
    with seats taken over is not measured by its row alone.

    ``total``, ``points`` and ``wins`` are *per seat held*, so bots that
    hold different numbers of seats (three engines at four seats) compare
    fairly.  ``held`` is the mean number of seats it holds per match;
    ``together`` the mean, per match, of its seats' totals added up, and
    ``together_wins`` the share of matches in which one of its seats
    finished first: what the bot as a whole took from the table.

    >>> import whist_ro as wr
    >>> from whist_ro.bots import RandomBot
    >>> from whist_ro.tournaments import tournament
    >>> lineup = [Entrant(RandomBot, name="a"), Entrant(RandomBot, name="b")] * 2
    >>> result = tournament(wr.variants.ROMANIAN, lineup, seeds=range(3), workers=0,
    ...                     reference="b")
    >>> a, b = result.bots
    >>> a.name, a.seats, b.edge is None, abs(a.edge.mean - (a.total.mean - b.total.mean)) < 1e-9
    ('a', 6, True, True)
    >>> a.taken_over, a.held, a.together.mean == 2 * a.total.mean, a.together_wins <= 1
    (0, 2.0, True, True)
    """

    name: str
    seats: int
    total: Estimate
    points: Estimate
    wins: float
    edge: Estimate | None
    taken_over: int = 0
    held: float = 1.0
    together: Estimate | None = None
    together_wins: float | None = None


@attrs.frozen(kw_only=True)
class TournamentResult(Immutable):
    """What :func:`tournament` returns: the per-match table and the statistics.

    The intervals are taken over independent units: the matches, or, in a
    duplicate tournament, the sets (each set's matches share their deals,
    so they are not independent; a set's value is the mean over its
    rotations).

    >>> import whist_ro as wr
    >>> from whist_ro.bots import RandomBot
    >>> from whist_ro.tournaments import tournament
    >>> result = tournament(wr.variants.ROMANIAN, [RandomBot] * 3, seeds=range(2), workers=0)
    >>> result.bot("RandomBot").total.n, [row.seed for row in result.matches]
    (2, [0, 1])
    >>> print(str(result).splitlines()[0])
    romanian, 3 players, 2 matches (2 seeds)
    """

    variant: Variant
    lineup: tuple[Entrant, ...]
    seeds: tuple[int | str, ...]
    duplicate: bool
    reference: str | None
    matches: tuple[MatchRow, ...]
    seats: tuple[SeatStats, ...]
    bots: tuple[BotStats, ...]

    def bot(self, name: str) -> BotStats:
        """The statistics of the bot called ``name``.

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> from whist_ro.tournaments import tournament
        >>> tournament(wr.variants.ROMANIAN, [RandomBot] * 3, seeds=[1], workers=0).bot("x")
        Traceback (most recent call last):
        ...
        whist_ro.errors.ConfigurationError: no bot called 'x' played; the bots are RandomBot
        """
        for stats in self.bots:
            if stats.name == name:
                return stats
        raise ConfigurationError(
            f"no bot called {excerpt(name)} played; the bots are "
            f"{', '.join(s.name for s in self.bots)}",
            field="name",
        )

    def edges(self, name: str) -> tuple[float, ...]:
        """``name``'s edge over the reference bot in each match, in match order.

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> from whist_ro.tournaments import tournament
        >>> tournament(wr.variants.ROMANIAN, [RandomBot] * 3, seeds=[1], workers=0).edges("x")
        Traceback (most recent call last):
        ...
        whist_ro.errors.ConfigurationError: this tournament has no reference bot: ...
        """
        if self.reference is None:
            raise ConfigurationError(
                "this tournament has no reference bot: pass reference=NAME to tournament()",
                field="reference",
            )
        self.bot(name)
        return tuple(row.edge_of(name, self.reference) for row in self.matches)

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str = "en") -> str:
        """The summary table in ``lang``: ``"en"`` (``str(result)``) or ``"ro"``.

        >>> import whist_ro as wr
        >>> from whist_ro.bots import RandomBot
        >>> from whist_ro.tournaments import tournament
        >>> result = tournament(wr.variants.ROMANIAN, [RandomBot] * 3, seeds=[4], workers=0)
        >>> print(result.render("ro").splitlines()[0])
        romanian, 3 jucători, 1 partidă (1 sămânță)
        """
        check_lang(lang)
        matches, sets = len(self.matches), len(self.seeds)
        if self.duplicate:
            runs = Sentence.plural(_DUPLICATE_SETS, sets, each=matches // sets)
        else:
            runs = Sentence.plural(_SEEDS, sets)
        head = Sentence(
            _HEAD,
            variant=self.variant.name,
            players=len(self.lineup),
            matches=Sentence.plural(_MATCHES, matches),
            runs=runs,
        )
        bot, seats, taken, wins, total = (
            say(word, lang) for word in (_BOT, _SEATS, _TAKEN_OVER, _WINS, _TOTAL_CI)
        )
        # One blank at least before each heading, so a heading of two words is seen as one.
        widths = (
            max(20, len(bot) + 1),
            max(6, len(seats) + 1),
            max(10, len(taken) + 1),
            max(6, len(wins) + 1),
        )
        lines = [
            head.render(lang),
            f"{bot:<{widths[0]}} {seats:>{widths[1]}} {taken:>{widths[2]}} "
            f"{wins:>{widths[3]}}  {total}",
        ]

        def row(name: str, count_: int, taken_over: int, rate: float, mean: Estimate) -> str:
            share = localized(rate, lang, ".1%")
            return (
                f"{name:<{widths[0]}} {count_:>{widths[1]}} {taken_over:>{widths[2]}} "
                f"{share:>{widths[3]}}  {localized(mean, lang)}"
            )

        for b in self.bots:
            edge = "" if b.edge is None else say(_EDGE, lang, edge=b.edge)
            lines.append(row(b.name, b.seats, b.taken_over, b.wins, b.total) + edge)
        for s in self.seats:
            seat = say(_SEAT, lang, seat=s.seat)
            lines.append(row(seat, matches, s.taken_over, s.wins, s.total))
        if len({b.held for b in self.bots}) > 1:
            # Unequal seats (three engines at four seats): the rows above are per seat
            # held; here each bot's seats of a match count together.
            lines.append(say(_TOGETHER, lang))
            held = say(_HELD, lang)
            widths = (widths[0], max(widths[1], len(held)), *widths[2:])
            lines.append(f"{bot:<{widths[0]}} {held:>{widths[1]}} {wins:>{widths[3]}}  {total}")
            for b in self.bots:
                assert b.together is not None
                assert b.together_wins is not None
                share = localized(b.together_wins, lang, ".1%")
                count = localized(b.held, lang, ".2g")
                lines.append(
                    f"{b.name:<{widths[0]}} {count:>{widths[1]}} {share:>{widths[3]}}  "
                    f"{localized(b.together, lang)}"
                )
        if self.reference is not None:
            lines.append(say(_AGAINST, lang, reference=self.reference))
        for b in self.bots:
            if b.taken_over:
                lines.append(say(_WARNING, lang, taken=b.taken_over, seats=b.seats, name=b.name))
        return "\n".join(lines)


# -- the statistics ------------------------------------------------------------------


def _units(rows: Sequence[MatchRow], duplicate: bool) -> list[list[MatchRow]]:
    if not duplicate:
        return [[row] for row in rows]
    return [list(group) for _, group in itertools.groupby(rows, key=lambda r: r.set_index)]


def _estimate(units: list[list[MatchRow]], value: Callable[[MatchRow], float]) -> Estimate:
    """The estimate over the units, a unit's value being the mean over its matches."""
    return Estimate.of([math.fsum(value(row) for row in unit) / len(unit) for unit in units])


def _seat_total(seat: int, row: MatchRow) -> float:
    return float(row.totals[seat])


def _seat_points(seat: int, row: MatchRow) -> float:
    return float(row.points[seat])


def _together(name: str, row: MatchRow) -> float:
    return float(sum(row.totals[s] for s in row.seats_of(name)))


def gather(
    variant: Variant,
    *,
    entrants: tuple[Entrant, ...],
    seeds: tuple[int | str, ...],
    duplicate: bool,
    reference: str | None,
    rows: list[MatchRow],
) -> TournamentResult:
    """The result of a tournament from its rows (in match order): the statistics added.

    Called by :func:`~whist_ro.tournaments.tournament` once every match is in.
    """
    units = _units(rows, duplicate)
    seats = tuple(
        SeatStats(
            seat=seat,
            total=_estimate(units, functools.partial(_seat_total, seat)),
            points=_estimate(units, functools.partial(_seat_points, seat)),
            wins=sum(seat in row.winners for row in rows) / len(rows),
            taken_over=sum(seat in row.taken_over() for row in rows),
        )
        for seat in range(len(entrants))
    )
    bots = []
    for name in dict.fromkeys(e.name for e in entrants):  # each bot once, in lineup order
        held = sum(len(row.seats_of(name)) for row in rows)
        won = sum(len(set(row.seats_of(name)) & set(row.winners)) for row in rows)
        lost = sum(len(set(row.seats_of(name)) & row.taken_over()) for row in rows)
        edge = None
        if reference is not None and name != reference:
            edge = _estimate(units, operator.methodcaller("edge_of", name, reference))
        bots.append(
            BotStats(
                name=name,
                seats=held,
                total=_estimate(units, operator.methodcaller("total_of", name)),
                points=_estimate(units, operator.methodcaller("points_of", name)),
                wins=won / held,
                edge=edge,
                taken_over=lost,
                held=held / len(rows),
                together=_estimate(units, functools.partial(_together, name)),
                together_wins=sum(bool(set(row.seats_of(name)) & set(row.winners)) for row in rows)
                / len(rows),
            )
        )
    return TournamentResult(
        variant=variant,
        lineup=entrants,
        seeds=seeds,
        duplicate=duplicate,
        reference=reference,
        matches=tuple(rows),
        seats=seats,
        bots=tuple(bots),
    )
