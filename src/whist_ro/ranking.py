"""Ranking systems as settings: what each place of the final standings is worth (R-RANK-1..6).

A ranking system is a small frozen value that a :class:`~whist_ro.Variant`
carries (``Variant.ranking``) and that :meth:`Match.standings
<whist_ro.Match.standings>` or :func:`~whist_ro.results.rank_totals` accept.  Three
are built in, one per convention of the rule book:

* :class:`TablePoints`: ``±10N`` for the ends, a straight line in between
  (R-RANK-1);
* :class:`Stake`: the same line between ``±amount`` (R-RANK-2);
* :class:`Rating`: ``±5N`` for the ends, a line inside ``[-4N, 4N]`` in
  between (R-RANK-3).

Every system can switch on the zero win of R-RANK-4 (``zero_win=True``).
This module holds the settings and the award each system gives a place;
the standings themselves (places, flags, early endings) are built in
:mod:`whist_ro.results.standings`.  All arithmetic is exact
(:class:`fractions.Fraction`).

>>> Rating().points([60, 72, 90, 112])
(Fraction(-20, 1), Fraction(-112, 13), Fraction(32, 13), Fraction(20, 1))
>>> ranking_from_dict({"system": "stake", "amount": 200})
Stake(amount=200, zero_win=False)
"""

from __future__ import annotations

import abc
import itertools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Final

import attrs

from whist_ro._check import excerpt, whole, whole_setting
from whist_ro._immutable import Immutable
from whist_ro._messages import N_
from whist_ro.errors import ConfigurationError

__all__ = [
    "MAX_SEATS",
    "MAX_TOTAL",
    "STAKE_RANGE",
    "ZERO_WIN_AWARD",
    "ZERO_WIN_PENALTY",
    "RankingSystem",
    "Rating",
    "Stake",
    "TablePoints",
    "check_totals",
    "ranking_from_dict",
]

ZERO_WIN_AWARD: Final = 25
"""What a zero win pays under the linear systems (R-RANK-4); the rating system pays 5N."""
ZERO_WIN_PENALTY: Final = -15
"""What every other player gets when somebody wins on zero (R-RANK-4)."""
STAKE_RANGE: Final = range(150, 401)
"""The stakes R-RANK-2 allows, 150 to 400 inclusive."""
MAX_SEATS: Final = 10_000
"""The most totals one ranking accepts: far above a table, small enough to stay quick."""
MAX_TOTAL: Final = 10**18
"""The largest final total (in size) a ranking accepts; no match of bounded settings nears it."""


def _is_bool(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, bool):
        raise ConfigurationError(
            f"{attribute.name} must be True or False, not {excerpt(value)}", field=attribute.name
        )


def check_totals(totals: object) -> tuple[int, ...]:
    """``totals`` as a tuple, if it holds 2 to :data:`MAX_SEATS` whole numbers.

    Each total must lie within ``±MAX_TOTAL``; anything else is refused with
    a :class:`~whist_ro.ConfigurationError` whose ``field`` is ``"totals"``.

    >>> check_totals([3, -1])
    (3, -1)
    >>> check_totals([5])
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: totals must be 2 to 10000 whole numbers, one per seat, ...
    """
    if isinstance(totals, (str, bytes, Mapping)) or not isinstance(totals, Sequence):
        raise ConfigurationError(
            f"totals must be a list of whole numbers, not {excerpt(totals)}", field="totals"
        )
    if not 2 <= len(totals) <= MAX_SEATS:
        raise ConfigurationError(
            f"totals must be 2 to {MAX_SEATS} whole numbers, one per seat, not {excerpt(totals)}",
            field="totals",
        )
    return tuple(whole(t, name="totals", low=-MAX_TOTAL, high=MAX_TOTAL) for t in totals)


def _linear(top: Fraction, total: int, *, low: int, high: int) -> Fraction:
    # The straight line from -top at the lowest total to +top at the highest
    # (R-RANK-1, R-RANK-2).
    return -top + 2 * top * Fraction(total - low, high - low)


class RankingSystem(Immutable, abc.ABC):
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
        """The award of first place; last place gets its negative.

        >>> TablePoints().first_award(4), Rating().first_award(4)
        (Fraction(40, 1), Fraction(20, 1))
        """

    @abc.abstractmethod
    def between(self, total: int, *, low: int, high: int, players: int) -> Fraction:
        """The award of a place strictly between first and last, for ``total``.

        ``low`` and ``high`` are the lowest and highest totals of the match
        (``low < high``).

        >>> TablePoints().between(5, low=0, high=10, players=3)
        Fraction(0, 1)
        """

    def zero_win_award(self, players: int) -> Fraction:
        """What a player ending on exactly 0 gets when ``zero_win`` is on (R-RANK-4).

        >>> TablePoints().zero_win_award(4), Rating().zero_win_award(4)
        (Fraction(25, 1), Fraction(20, 1))
        """
        return Fraction(ZERO_WIN_AWARD)

    def disconnect_penalty(self, players: int) -> Fraction:
        """What a disconnected seat loses before scaling (R-RANK-5); 0 unless rating.

        >>> Stake(200).disconnect_penalty(4), Rating().disconnect_penalty(4)
        (Fraction(0, 1), Fraction(20, 1))
        """
        return Fraction(0)

    def bounds(self, players: int) -> tuple[Fraction, Fraction]:
        """The lowest and highest ranking points :meth:`points` can give ``players`` players.

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
        totals = check_totals(totals)
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


@attrs.frozen
class TablePoints(RankingSystem):
    """Table points, the default (R-RANK-1): ``±per_player * N`` at the ends.

    A total in between sits on the straight line from the worst total
    (``-10N``) to the best (``+10N``).  ``per_player`` is a whole number
    from 1 to ``MAX_WHOLE``.

    >>> TablePoints().points([60, 72, 90, 112])
    (Fraction(-40, 1), Fraction(-280, 13), Fraction(80, 13), Fraction(40, 1))
    """

    kind: ClassVar[str] = "table"

    per_player: int = attrs.field(
        default=10, validator=whole_setting("TablePoints", low=1, rule="R-RANK-1")
    )
    zero_win: bool = attrs.field(default=False, validator=_is_bool, kw_only=True)

    def first_award(self, players: int) -> Fraction:
        """``per_player * N``.

        >>> TablePoints(per_player=3).first_award(5)
        Fraction(15, 1)
        """
        return Fraction(self.per_player * players)

    def between(self, total: int, *, low: int, high: int, players: int) -> Fraction:
        """``-A + 2A * (total - low) / (high - low)`` with ``A = per_player * N``.

        >>> TablePoints().between(72, low=60, high=112, players=4)
        Fraction(-280, 13)
        """
        return _linear(self.first_award(players), total, low=low, high=high)


@attrs.frozen
class Stake(RankingSystem):
    """Playing for a stake (R-RANK-2): ``±amount`` at the ends, linear in between.

    >>> Stake(200).points([60, 72, 90, 112])
    (Fraction(-200, 1), Fraction(-1400, 13), Fraction(400, 13), Fraction(200, 1))
    >>> Stake(500)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: Stake.amount must be ... from 150 to 400, not 500 (R-RANK-2)
    """

    kind: ClassVar[str] = "stake"

    amount: int = attrs.field(
        validator=whole_setting(
            "Stake", low=STAKE_RANGE.start, high=STAKE_RANGE.stop - 1, rule="R-RANK-2"
        )
    )
    zero_win: bool = attrs.field(default=False, validator=_is_bool, kw_only=True)

    def first_award(self, players: int) -> Fraction:
        """The stake, whatever the number of players.

        >>> Stake(300).first_award(6)
        Fraction(300, 1)
        """
        return Fraction(self.amount)

    def between(self, total: int, *, low: int, high: int, players: int) -> Fraction:
        """``-amount + 2 * amount * (total - low) / (high - low)``.

        >>> Stake(200).between(5, low=0, high=10, players=3)
        Fraction(0, 1)
        """
        return _linear(Fraction(self.amount), total, low=low, high=high)


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
        """``5N``.

        >>> Rating().first_award(3)
        Fraction(15, 1)
        """
        return Fraction(5 * players)

    def between(self, total: int, *, low: int, high: int, players: int) -> Fraction:
        """``8N * (total - high) / (high - low) + 4N``.

        >>> Rating().between(72, low=60, high=112, players=4)
        Fraction(-112, 13)
        """
        return 8 * players * Fraction(total - high, high - low) + 4 * players

    def zero_win_award(self, players: int) -> Fraction:
        """``5N`` rather than the linear systems' 25 (R-RANK-4).

        >>> Rating().zero_win_award(6)
        Fraction(30, 1)
        """
        return Fraction(5 * players)

    def disconnect_penalty(self, players: int) -> Fraction:
        """``5N`` (R-RANK-5).

        >>> Rating().disconnect_penalty(3)
        Fraction(15, 1)
        """
        return Fraction(5 * players)


_SYSTEMS: Final[dict[str, type[RankingSystem]]] = {
    cls.kind: cls for cls in (TablePoints, Stake, Rating)
}


_NOT_A_DICT: Final = N_("a ranking system is read from a dict, not {value}")
_UNKNOWN_SYSTEM: Final = N_("unknown ranking system {system}; known: {known}")
_UNKNOWN_SETTINGS: Final = N_("unknown {system} setting(s): {settings}")
_MISSING_SETTINGS: Final = N_("a {system} needs the setting(s) {settings}")


def ranking_from_dict(data: Mapping[str, Any]) -> RankingSystem:
    """Build a ranking system from :meth:`RankingSystem.to_dict` output.

    Anything else (not a dict, an unknown system, an unknown or missing
    setting) raises :class:`~whist_ro.ConfigurationError`, whose message
    quotes the bad part in a bounded excerpt.

    >>> ranking_from_dict(Stake(150, zero_win=True).to_dict())
    Stake(amount=150, zero_win=True)
    >>> ranking_from_dict({"system": "elo"})
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: unknown ranking system 'elo'; known: table, stake, rating
    >>> ranking_from_dict({"system": "stake"})
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: a Stake needs the setting(s) amount
    """
    if not isinstance(data, Mapping):
        raise ConfigurationError(_NOT_A_DICT, field="ranking", evidence={"value": excerpt(data)})
    kind = data.get("system")
    cls = _SYSTEMS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ConfigurationError(
            _UNKNOWN_SYSTEM,
            field="ranking",
            evidence={"system": excerpt(kind), "known": ", ".join(_SYSTEMS)},
        )
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    known = {a.name for a in fields}
    unknown = [key for key in data if key != "system" and key not in known]
    if unknown:
        raise ConfigurationError(
            _UNKNOWN_SETTINGS,
            field=unknown[0] if isinstance(unknown[0], str) else "ranking",
            evidence={"system": cls.__name__, "settings": ", ".join(map(excerpt, unknown))},
        )
    missing = [a.name for a in fields if a.default is attrs.NOTHING and a.name not in data]
    if missing:
        raise ConfigurationError(
            _MISSING_SETTINGS,
            field=missing[0],
            evidence={"system": cls.__name__, "settings": ", ".join(missing)},
        )
    return cls(**{key: value for key, value in data.items() if key != "system"})
