"""Final standings: ranking points from the totals a match ends on (R-RANK-*).

A ranking system is a small frozen value.  Three are built in, one per
convention in the rule book, and any of them can sit on a variant
(``Variant.ranking``) or be handed to :meth:`Match.standings
<whist_ro.Match.standings>` or :func:`rank_totals`:

* :class:`TablePoints`: ``±10N`` for the ends, a straight line in between
  (R-RANK-1);
* :class:`Stake`: the same line between ``±amount`` (R-RANK-2);
* :class:`Rating`: ``±5N`` for the ends, a line inside ``[-4N, 4N]`` in
  between (R-RANK-3).

Every system can switch on the zero win of R-RANK-4 (``zero_win=True``).

All arithmetic is exact (:class:`fractions.Fraction`).  The one rounding
rule, for display only, is :func:`round_points` (R-RANK-7).

The worked example of R-RANK-3 (four players):

>>> from fractions import Fraction
>>> table = rank_totals([60, 72, 90, 112], Rating())
>>> [row.points for row in table]
[Fraction(-20, 1), Fraction(-112, 13), Fraction(32, 13), Fraction(20, 1)]
>>> [str(round_points(row.points)) for row in table]
['-20.00', '-8.62', '2.46', '20.00']
"""

from __future__ import annotations

import abc
import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeGuard, overload

import attrs

from whist_ro.errors import ConfigurationError

if TYPE_CHECKING:
    from whist_ro.variants import Variant

__all__ = [
    "STAKE_RANGE",
    "ZERO_WIN_AWARD",
    "ZERO_WIN_PENALTY",
    "RankingSystem",
    "Rating",
    "Stake",
    "Standing",
    "Standings",
    "TablePoints",
    "check_zero_win",
    "rank_totals",
    "ranking_from_dict",
    "round_points",
]

ZERO_WIN_AWARD: Final = 25
"""What a zero win pays under the linear systems (R-RANK-4); the rating system pays 5N."""
ZERO_WIN_PENALTY: Final = -15
"""What every other player gets when somebody wins on zero (R-RANK-4)."""
STAKE_RANGE: Final = range(150, 401)
"""The stakes R-RANK-2 allows, 150 to 400 inclusive."""


def _is_bool(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, bool):
        raise ConfigurationError(
            f"{attribute.name} must be True or False, not {value!r}", field=attribute.name
        )


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class RankingSystem(abc.ABC):
    """What every ranking system does; subclasses say how much each place is worth.

    A system awards :meth:`first_award` to the single best total and its
    negative to the single worst; a total strictly between them gets
    :meth:`between`.  :meth:`points` applies the tie rule (R-RANK-6) and the
    zero win (R-RANK-4) on top of that.  Systems are frozen values, equal
    when their settings are, and round-trip through :meth:`to_dict`.

    >>> isinstance(TablePoints(), RankingSystem)
    True
    """

    __slots__ = ()

    kind: ClassVar[str]
    """The name :meth:`to_dict` writes under ``"system"``."""
    zero_win: bool

    @abc.abstractmethod
    def first_award(self, players: int) -> Fraction:
        """The award of first place; last place gets its negative."""

    @abc.abstractmethod
    def between(self, total: int, *, low: int, high: int, players: int) -> Fraction:
        """The award of a place strictly between first and last, for ``total``.

        ``low`` and ``high`` are the lowest and highest totals of the match
        (``low < high``).
        """

    def zero_win_award(self, players: int) -> Fraction:
        """What a player ending on exactly 0 gets when ``zero_win`` is on (R-RANK-4)."""
        return Fraction(ZERO_WIN_AWARD)

    def disconnect_penalty(self, players: int) -> Fraction:
        """What a disconnected seat loses before scaling (R-RANK-5); 0 unless rating."""
        return Fraction(0)

    def bounds(self, players: int) -> tuple[Fraction, Fraction]:
        """The lowest and highest points :meth:`points` can give ``players`` players.

        >>> Rating().bounds(4), Rating(zero_win=True).bounds(4)
        ((Fraction(-20, 1), Fraction(20, 1)), (Fraction(-20, 1), Fraction(20, 1)))
        """
        top = self.first_award(players)
        low, high = -top, top
        if self.zero_win:
            low = min(low, Fraction(ZERO_WIN_PENALTY))
            high = max(high, self.zero_win_award(players))
        return low, high

    def points(self, totals: Sequence[int]) -> tuple[Fraction, ...]:
        """The ranking points of a complete match, seat by seat.

        Places run from the highest total down.  Players on the same total
        occupy as many places as there are of them and split the sum of those
        places' awards evenly (R-RANK-6); so under a linear system a tie
        changes nothing, and under :class:`Rating` two players tied on top
        get ``(5N + 4N) / 2`` each.  When every total is the same, everyone
        gets 0 (this also beats the zero win: nobody won).

        >>> TablePoints().points([100, 100, 50, 20])
        (Fraction(40, 1), Fraction(40, 1), Fraction(-10, 1), Fraction(-40, 1))
        >>> Rating().points([100, 100, 50, 20])
        (Fraction(18, 1), Fraction(18, 1), Fraction(-4, 1), Fraction(-20, 1))
        >>> TablePoints(zero_win=True).points([0, 40, -12])
        (Fraction(25, 1), Fraction(-15, 1), Fraction(-15, 1))
        """
        totals = _check_totals(totals)
        players = len(totals)
        high, low = max(totals), min(totals)
        if high == low:
            return (Fraction(0),) * players
        if self.zero_win and 0 in totals:
            winner = self.zero_win_award(players)
            penalty = Fraction(ZERO_WIN_PENALTY)
            return tuple(winner if total == 0 else penalty for total in totals)
        first = self.first_award(players)

        def award(place: int, total: int) -> Fraction:
            if place == 0:
                return first
            if place == players - 1:
                return -first
            return self.between(total, low=low, high=high, players=players)

        ordered = sorted(totals, reverse=True)
        share: dict[int, Fraction] = {}
        for total, group in itertools.groupby(range(players), key=ordered.__getitem__):
            places = list(group)
            share[total] = sum((award(p, total) for p in places), Fraction(0)) / len(places)
        return tuple(share[total] for total in totals)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :func:`ranking_from_dict` reads it back.

        >>> Stake(200).to_dict()
        {'system': 'stake', 'amount': 200, 'zero_win': False}
        """
        return {"system": self.kind, **attrs.asdict(self)}  # type: ignore[arg-type]

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> RankingSystem:
        """The same as :func:`ranking_from_dict`.

        >>> RankingSystem.from_dict({"system": "rating"})
        Rating(zero_win=False)
        """
        return ranking_from_dict(data)


def _check_per_player(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not _is_whole(value) or value < 1:
        raise ConfigurationError(
            f"TablePoints.per_player must be a whole number >= 1, not {value!r} (R-RANK-1)",
            field="per_player",
            rule="R-RANK-1",
        )


def _check_amount(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not _is_whole(value) or value not in STAKE_RANGE:
        raise ConfigurationError(
            f"Stake.amount must be a whole number from {STAKE_RANGE.start} to "
            f"{STAKE_RANGE.stop - 1} inclusive, not {value!r} (R-RANK-2)",
            field="amount",
            rule="R-RANK-2",
        )


@attrs.frozen
class TablePoints(RankingSystem):
    """Table points, the default (R-RANK-1): ``±per_player * N`` at the ends.

    A total in between sits on the straight line from the worst total
    (``-10N``) to the best (``+10N``).

    >>> TablePoints().points([60, 72, 90, 112])
    (Fraction(-40, 1), Fraction(-280, 13), Fraction(80, 13), Fraction(40, 1))
    """

    kind: ClassVar[str] = "table"

    per_player: int = attrs.field(default=10, validator=_check_per_player)
    zero_win: bool = attrs.field(default=False, validator=_is_bool, kw_only=True)

    def first_award(self, players: int) -> Fraction:
        """``per_player * N``."""
        return Fraction(self.per_player * players)

    def between(self, total: int, *, low: int, high: int, players: int) -> Fraction:
        """``-A + 2A * (total - low) / (high - low)`` with ``A = per_player * N``."""
        span = self.first_award(players)
        return -span + 2 * span * Fraction(total - low, high - low)


@attrs.frozen
class Stake(RankingSystem):
    """Playing for a stake (R-RANK-2): ``±amount`` at the ends, linear in between.

    >>> Stake(200).points([60, 72, 90, 112])
    (Fraction(-200, 1), Fraction(-1400, 13), Fraction(400, 13), Fraction(200, 1))
    >>> Stake(500)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: Stake.amount must be a whole number from 150 to 400 ...
    """

    kind: ClassVar[str] = "stake"

    amount: int = attrs.field(validator=_check_amount)
    zero_win: bool = attrs.field(default=False, validator=_is_bool, kw_only=True)

    def first_award(self, players: int) -> Fraction:
        """The stake, whatever the number of players."""
        return Fraction(self.amount)

    def between(self, total: int, *, low: int, high: int, players: int) -> Fraction:
        """``-amount + 2 * amount * (total - low) / (high - low)``."""
        return -self.amount + 2 * self.amount * Fraction(total - low, high - low)


@attrs.frozen
class Rating(RankingSystem):
    """The rating system (R-RANK-3): ``±5N`` at the ends, ``[-4N, 4N]`` in between.

    A total strictly between the worst and the best gets
    ``8N * (total - max) / (max - min) + 4N``.  A zero win pays ``5N``
    (R-RANK-4), and a seat that disconnected loses ``5N`` on top, scaled like
    the rest in an abandoned match (R-RANK-5).

    >>> Rating().points([60, 72, 90, 112])[1]
    Fraction(-112, 13)
    """

    kind: ClassVar[str] = "rating"

    zero_win: bool = attrs.field(default=False, validator=_is_bool, kw_only=True)

    def first_award(self, players: int) -> Fraction:
        """``5N``."""
        return Fraction(5 * players)

    def between(self, total: int, *, low: int, high: int, players: int) -> Fraction:
        """``8N * (total - high) / (high - low) + 4N``."""
        return 8 * players * Fraction(total - high, high - low) + 4 * players

    def zero_win_award(self, players: int) -> Fraction:
        """``5N`` rather than the linear systems' 25 (R-RANK-4)."""
        return Fraction(5 * players)

    def disconnect_penalty(self, players: int) -> Fraction:
        """``5N`` (R-RANK-5)."""
        return Fraction(5 * players)


_SYSTEMS: Final[dict[str, type[RankingSystem]]] = {
    cls.kind: cls for cls in (TablePoints, Stake, Rating)
}


def ranking_from_dict(data: Mapping[str, Any]) -> RankingSystem:
    """Build a ranking system from :meth:`RankingSystem.to_dict` output.

    >>> ranking_from_dict(Stake(150, zero_win=True).to_dict())
    Stake(amount=150, zero_win=True)
    >>> ranking_from_dict({"system": "elo"})
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: unknown ranking system 'elo'; known: table, stake, rating
    """
    if not isinstance(data, Mapping):
        raise ConfigurationError(
            f"a ranking system is read from a dict, not {data!r}", field="ranking"
        )
    kind = data.get("system")
    cls = _SYSTEMS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ConfigurationError(
            f"unknown ranking system {kind!r}; known: {', '.join(_SYSTEMS)}", field="ranking"
        )
    settings = {key: value for key, value in data.items() if key != "system"}
    known = {a.name for a in attrs.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(settings) - known)
    if unknown:
        raise ConfigurationError(
            f"unknown {cls.__name__} setting(s): {', '.join(unknown)}", field=unknown[0]
        )
    return cls(**settings)


def check_zero_win(system: RankingSystem, variant: Variant) -> None:
    """Refuse a zero-win system on a variant that is not 1-8-1 (R-RANK-4).

    A custom schedule counts as what its ``pattern`` says.

    >>> from whist_ro import variants
    >>> check_zero_win(Rating(zero_win=True), variants.ROMANIAN)
    >>> check_zero_win(Rating(zero_win=True), variants.INVERTED)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: the zero win is a 1-8-1 rule; ... (R-RANK-4)
    """
    if system.zero_win and (variant.is_classic or variant.pattern != "1-8-1"):
        kind = "classic whist" if variant.is_classic else f"an {variant.pattern} game"
        raise ConfigurationError(
            f"the zero win is a 1-8-1 rule; variant {variant.name!r} is {kind} (R-RANK-4)",
            field="ranking",
            rule="R-RANK-4",
        )


def round_points(value: Fraction) -> Decimal:
    """Ranking points as displayed: to the hundredth, halves away from zero (R-RANK-7).

    This is the only rounding in the library, and only for showing a
    result: the points themselves stay exact.  Rounding the magnitude keeps
    the display symmetric, so ``x`` and ``-x`` always show as opposites.

    >>> from fractions import Fraction
    >>> [round_points(Fraction(n, d)) for n, d in ((-112, 13), (1, 200), (-1, 200))]
    [Decimal('-8.62'), Decimal('0.01'), Decimal('-0.01')]
    """
    hundredths = int(abs(value) * 100 + Fraction(1, 2))
    return Decimal(-hundredths if value < 0 else hundredths).scaleb(-2)


def _check_totals(totals: Sequence[int]) -> tuple[int, ...]:
    if isinstance(totals, (str, bytes)) or not isinstance(totals, Iterable):
        raise ConfigurationError(
            f"totals must be a list of whole numbers, not {totals!r}", field="totals"
        )
    values = tuple(totals)
    if len(values) < 2 or not all(_is_whole(t) for t in values):
        raise ConfigurationError(
            f"totals must be two or more whole numbers, one per seat, not {values!r}",
            field="totals",
        )
    return values


@attrs.frozen(kw_only=True)
class Standing:
    """One seat's line in the final standings.

    ``place`` is 1 for the top; tied seats share the best place they occupy
    and ``tied`` is set (the next place is skipped, as in "1, 1, 3").
    ``points`` are exact; ``str`` shows them rounded (R-RANK-7).  The flags
    say why the line looks as it does: a zero win (R-RANK-4), an abandoned
    match (R-RANK-5), a disconnected seat (R-RANK-5), a conceding side
    (R-END-3).

    >>> row = rank_totals([10, 30, 30, -5])[1]
    >>> row.seat, row.place, row.tied, row.points
    (1, 1, True, Fraction(40, 1))
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

    @property
    def flags(self) -> tuple[str, ...]:
        """The names of the flags that are set, for display.

        >>> Standing(seat=0, place=1, tied=False, total=0, points=Fraction(25),
        ...          zero_win=True).flags
        ('zero win',)
        """
        names = ("zero win", "abandoned", "disconnected", "conceded")
        values = (self.zero_win, self.abandoned, self.disconnected, self.conceded)
        return tuple(name for name, value in zip(names, values, strict=True) if value)

    def __str__(self) -> str:
        place = f"{self.place}{'=' if self.tied else ''}"
        points = round_points(self.points)
        shown = f"{points:+.2f}" if points else "0.00"
        flags = ", ".join(self.flags)
        return f"{place:>5} {self.seat:>5} {self.total:>7} {shown:>9}  {flags}".rstrip()


@attrs.frozen(kw_only=True)
class Standings(Sequence[Standing]):
    """The final standings: one :class:`Standing` per seat, in seat order.

    ``completed`` is the share of the scheduled rounds that were played
    (1 for a finished match); the points are already scaled by it.
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

    rows: tuple[Standing, ...]
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
        """True when the points were scaled for a match that stopped early (R-RANK-5)."""
        return any(row.abandoned for row in self.rows)

    def by_place(self) -> tuple[Standing, ...]:
        """The rows from first place down (seat order inside a tie)."""
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
        head = f"{'place':>5} {'seat':>5} {'total':>7} {'points':>9}"
        return "\n".join([head, *(str(row) for row in self.by_place())])


def rank_totals(
    totals: Sequence[int],
    system: RankingSystem | None = None,
    *,
    played: int | None = None,
    scheduled: int | None = None,
    disconnected: Iterable[int] = (),
) -> Standings:
    """Final standings from the totals alone, for a score sheet kept on paper.

    ``totals`` holds one final total per seat.  ``system`` defaults to
    :class:`TablePoints`.  For a match that stopped early, give ``played``
    and ``scheduled`` (rounds): the points are scaled by ``played /
    scheduled`` (R-RANK-5).  Seats in ``disconnected`` are flagged, and
    under :class:`Rating` each loses ``5N`` scaled the same way.

    >>> s = rank_totals([60, 72, 90, 112], Rating(), played=12, scheduled=24,
    ...                 disconnected=[0])
    >>> [str(round_points(p)) for p in s.points]
    ['-20.00', '-4.31', '1.23', '10.00']
    >>> rank_totals([5, 5, 5]).points
    (Fraction(0, 1), Fraction(0, 1), Fraction(0, 1))
    >>> rank_totals([1, 2], played=3, scheduled=2)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: played must be a whole number from 0 to scheduled (2), not 3
    """
    if system is None:
        system = TablePoints()
    elif not isinstance(system, RankingSystem):
        raise ConfigurationError(
            f"system must be a ranking system (TablePoints, Stake, Rating), not {system!r}",
            field="system",
        )
    values = _check_totals(totals)
    players = len(values)
    completed = _completed(played, scheduled)
    abandoned = completed != 1
    gone = check_disconnected(disconnected, players)
    base = system.points(values)
    penalty = system.disconnect_penalty(players)
    zero_won = system.zero_win and 0 in values and max(values) != min(values)
    # A zero winner stands above everyone; otherwise the higher total is higher.
    keys = [(zero_won and total == 0, total) for total in values]
    rows = tuple(
        Standing(
            seat=seat,
            place=1 + sum(other > key for other in keys),
            tied=keys.count(key) > 1,
            total=values[seat],
            points=completed * (base[seat] - (penalty if seat in gone else 0)),
            zero_win=key[0],
            abandoned=abandoned,
            disconnected=seat in gone,
        )
        for seat, key in enumerate(keys)
    )
    return Standings(rows=rows, system=system, completed=completed)


def _completed(played: int | None, scheduled: int | None) -> Fraction:
    if played is None and scheduled is None:
        return Fraction(1)
    if not _is_whole(scheduled) or scheduled < 1:
        raise ConfigurationError(
            f"scheduled must be a whole number of rounds >= 1, not {scheduled!r}",
            field="scheduled",
        )
    if not _is_whole(played) or not 0 <= played <= scheduled:
        raise ConfigurationError(
            f"played must be a whole number from 0 to scheduled ({scheduled}), not {played!r}",
            field="played",
        )
    return Fraction(played, scheduled)


def check_disconnected(seats: Iterable[int], players: int) -> frozenset[int]:
    """The seats named as disconnected, checked to be real seats (R-RANK-5)."""
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise ConfigurationError(
            f"disconnected must be a collection of seats, not {seats!r}", field="disconnected"
        )
    found = tuple(seats)
    bad = [s for s in found if not _is_whole(s) or not 0 <= s < players]
    if bad or len(set(found)) != len(found):
        why = f"{bad[0]!r} is not a seat" if bad else "a seat is named twice"
        raise ConfigurationError(
            f"disconnected must name distinct seats from 0 to {players - 1}: {why}",
            field="disconnected",
        )
    return frozenset(found)
