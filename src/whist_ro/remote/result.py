"""A match's result as a value that travels: totals, standings and winners, to and from data.

:class:`MatchResult` is what the engine protocol's ``match_end`` message
carries and what a web client shows when a match ends.  It is built from a
finished (or abandoned) :class:`~whist_ro.Match`, or from the final
:class:`~whist_ro.PlayerView` of any seat, which holds the same public
facts; :meth:`MatchResult.to_dict` writes it as JSON-ready data (ranking
points as exact fractions in text, ``"-112/13"``, beside their display
form) and :meth:`MatchResult.from_dict` reads it back.

>>> import whist_ro as wr
>>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=2), seed=2)
>>> result = MatchResult.from_match(m)
>>> result.winners == m.winners, result.totals == m.totals
(True, True)
>>> MatchResult.from_dict(result.to_dict()) == result == MatchResult.from_view(m.view(1))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any, Final

import attrs

from whist_ro._check import WireObject, excerpt, sub_path, wire_error
from whist_ro._check import names as check_names
from whist_ro._immutable import Immutable
from whist_ro.engine.match import Match
from whist_ro.errors import NotOverError, WhistError
from whist_ro.ranking import MAX_TOTAL, RankingSystem, ranking_from_dict
from whist_ro.results.rubber import GameResult
from whist_ro.results.standings import Standing, Standings, display_points, match_standings
from whist_ro.views.from_data import read_game
from whist_ro.views.view import PlayerView

__all__ = ["MatchResult"]

_MAX_SEATS: Final = 8
_MAX_TEXT: Final = 60
_NOT_OVER: Final = "the match is not over: its result is not known yet"


def _fraction_text(value: Fraction) -> str:
    return str(value)


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _texts(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _games(value: Iterable[GameResult]) -> tuple[GameResult, ...]:
    return tuple(value)


def _read_fraction(obj: WireObject, key: str) -> Fraction:
    text = obj.text(key, most=_MAX_TEXT)
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise wire_error(
            obj.at(key), f"expected an exact number such as '-112/13', not {excerpt(text)}"
        ) from None
    return value


@attrs.frozen(kw_only=True)
class MatchResult(Immutable):
    """The result of a finished or abandoned match: what every seat may know at its end.

    ``variant`` is the variant's name, ``names`` the players' names,
    ``rounds`` the rounds played, ``totals`` the final totals (classic:
    each seat shows its side's), ``games`` the classic games, and
    ``abandoned``, ``disconnected`` and ``conceded`` how it ended early
    (R-END-3).  ``standings`` are the final standings under the variant's
    ranking system (R-RANK-*), in seat order.

    >>> import whist_ro as wr
    >>> m = wr.random_playout(wr.Match.new(wr.variants.CLASSIC, players=4, seed=3), seed=3)
    >>> r = MatchResult.from_match(m)
    >>> r.players, r.winners == m.winners, r.to_dict()["standings"]["rows"][0]["place"] in (1, 3)
    (4, True, True)
    """

    variant: str
    names: tuple[str, ...] = attrs.field(converter=_texts)
    rounds: int
    totals: tuple[int, ...] = attrs.field(converter=_ints)
    games: tuple[GameResult, ...] = attrs.field(default=(), converter=_games)
    abandoned: bool = False
    disconnected: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    conceded: int | None = None
    standings: Standings

    @property
    def players(self) -> int:
        """The number of seats.

        >>> import whist_ro as wr
        >>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=5, seed=1), seed=1)
        >>> MatchResult.from_match(m).players
        5
        """
        return len(self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place (R-RANK-9).

        >>> import whist_ro as wr
        >>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=4), seed=4)
        >>> MatchResult.from_match(m).winners == m.winners
        True
        """
        return self.standings.winners

    @classmethod
    def from_match(cls, match: Match) -> MatchResult:
        """The result of ``match``, which must be over (finished or abandoned).

        Its standings are the match's own, :meth:`Match.standings
        <whist_ro.Match.standings>`: their rows carry the players' names, or
        none (None) for a match built without names.

        >>> import whist_ro as wr
        >>> MatchResult.from_match(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1))
        Traceback (most recent call last):
        ...
        whist_ro.errors.NotOverError: the match is not over: its result is not known yet
        """
        if not isinstance(match, Match):
            raise TypeError(f"from_match takes a Match, not {excerpt(match)}")
        if not match.is_over:
            raise NotOverError(_NOT_OVER)
        return cls(
            variant=match.variant.name,
            names=match.names,
            rounds=len(match.rounds),
            totals=match.totals,
            games=match.games,
            abandoned=match.is_abandoned,
            disconnected=match.disconnected,
            conceded=match.conceded,
            standings=match.standings(),  # the one implementation: the match's own
        )

    @classmethod
    def from_view(cls, view: PlayerView) -> MatchResult:
        """The result of the match ``view`` shows (any seat's view once the match is over).

        >>> import whist_ro as wr
        >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
        >>> MatchResult.from_view(m.view(0))
        Traceback (most recent call last):
        ...
        whist_ro.errors.NotOverError: the match is not over: its result is not known yet
        """
        if not isinstance(view, PlayerView):
            raise TypeError(f"from_view takes a PlayerView, not {excerpt(view)}")
        schedule = view.schedule
        totals = view.totals
        if schedule is None or totals is None:
            raise NotOverError("a lone round's view holds no match result")
        if not view.is_over:
            raise NotOverError(_NOT_OVER)
        # A view holds what Match.standings() ranks, so it ranks them the same way.
        standings = match_standings(
            view.variant,
            totals=totals,
            games=view.games,
            played=len(view.past),
            scheduled=len(schedule),
            disconnected=view.disconnected,
            conceded=view.conceded,
            names=view.names,
        )
        return cls(
            variant=view.variant.name,
            names=view.names,
            rounds=len(view.past),
            totals=totals,
            games=view.games,
            abandoned=view.abandoned,
            disconnected=view.disconnected,
            conceded=view.conceded,
            standings=standings,
        )

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data; :meth:`from_dict` reads it back.

        Ranking points are exact fractions written as text (``"20"``,
        ``"-112/13"``), each with ``display``, its rounded form (R-RANK-7).

        >>> import whist_ro as wr
        >>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=2), seed=2)
        >>> row = MatchResult.from_match(m).to_dict()["standings"]["rows"][0]
        >>> sorted(row)  # doctest: +NORMALIZE_WHITESPACE
        ['abandoned', 'conceded', 'disconnected', 'display', 'name', 'place', 'points', 'seat',
         'tied', 'total', 'zero_win']
        """
        system = self.standings.system
        return {
            "variant": self.variant,
            "players": self.players,
            "names": list(self.names),
            "rounds": self.rounds,
            "totals": list(self.totals),
            "games": [g.to_dict() for g in self.games],
            "abandoned": self.abandoned,
            "disconnected": list(self.disconnected),
            "conceded": self.conceded,
            "winners": list(self.winners),
            "standings": {
                "system": system.to_dict() if isinstance(system, RankingSystem) else None,
                "completed": _fraction_text(self.standings.completed),
                "rows": [
                    {
                        "seat": row.seat,
                        "name": row.name,
                        "place": row.place,
                        "tied": row.tied,
                        "total": row.total,
                        "points": _fraction_text(row.points),
                        "display": str(display_points(row.points)),
                        "zero_win": row.zero_win,
                        "abandoned": row.abandoned,
                        "disconnected": row.disconnected,
                        "conceded": row.conceded,
                    }
                    for row in self.standings
                ],
            },
        }

    @classmethod
    def from_dict(cls, data: object) -> MatchResult:
        """The result :meth:`to_dict` wrote as ``data``; junk raises a ``WireError``.

        >>> MatchResult.from_dict({"variant": "romanian", "players": 3, "names": 7})
        Traceback (most recent call last):
        ...
        whist_ro.errors.WireError: result.names: names must be a list or tuple, not 7
        """
        obj = WireObject(data, "result")
        players = obj.whole("players", low=2, high=_MAX_SEATS)
        try:
            names = check_names(obj.get("names"), players=players)
        except WhistError as error:
            raise wire_error(obj.at("names"), str(error)) from None
        games = [
            read_game(item, sub_path(obj.at("games"), i), i)
            for i, item in enumerate(obj.items("games"))
        ]
        table = obj.object("standings")
        system_data = table.get("system")
        try:
            system = ranking_from_dict(system_data)
        except WhistError as error:
            raise wire_error(table.at("system"), str(error)) from None
        rows = []
        for i, item in enumerate(table.items("rows", length=players)):
            row = WireObject(item, sub_path(table.at("rows"), i))
            name = row.get("name")
            rows.append(
                Standing(
                    seat=row.whole("seat", high=players - 1),
                    place=row.whole("place", low=1, high=players),
                    tied=row.flag("tied"),
                    total=row.whole("total", low=-MAX_TOTAL, high=MAX_TOTAL),
                    points=_read_fraction(row, "points"),
                    zero_win=row.flag("zero_win", False),
                    abandoned=row.flag("abandoned", False),
                    disconnected=row.flag("disconnected", False),
                    conceded=row.flag("conceded", False),
                    name=None if name is None else row.text("name"),
                )
            )
        if [row.seat for row in rows] != list(range(players)):
            raise wire_error(table.at("rows"), "the rows must be in seat order, one per seat")
        result = cls(
            variant=obj.text("variant"),
            names=names,
            rounds=obj.whole("rounds"),
            totals=obj.wholes("totals", length=players, low=-MAX_TOTAL, high=MAX_TOTAL),
            games=games,
            abandoned=obj.flag("abandoned"),
            disconnected=obj.wholes("disconnected", most=players, high=players - 1),
            conceded=obj.maybe_whole("conceded", high=1),
            standings=Standings(
                rows=rows, system=system, completed=_read_fraction(table, "completed")
            ),
        )
        # "winners" is written by to_dict, worked out from the standings: a copy that
        # disagrees with them is refused, not repaired by believing one of the two.
        if "winners" in obj.data:
            winners = obj.wholes("winners", most=players, high=players - 1)
            if winners != result.winners:
                raise wire_error(
                    obj.at("winners"),
                    f"{list(winners)} are not the standings' winners {list(result.winners)}",
                )
        return result
