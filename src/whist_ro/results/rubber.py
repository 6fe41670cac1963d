"""Games and rubbers of classic whist (R-RUBBER-1..3).

Sides are numbered like seats modulo 2: side 0 is seats 0 and 2, side 1 is
seats 1 and 3.  A :class:`~whist_ro.Match` of a classic variant records
every finished game as a :class:`GameResult`; with ``Variant.rubber`` on it
plays game after game until one side has two, and :class:`Rubber` adds them
up.

>>> first = GameResult(number=1, winner=0, scores=(5, 0), value=3)
>>> second = GameResult(number=2, winner=0, scores=(6, 3), value=1)
>>> rubber = Rubber((first, second))
>>> rubber.games_won, rubber.winner, rubber.points, rubber.result
((2, 0), 0, (6, 0), 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs

from whist_ro._check import excerpt, items
from whist_ro._immutable import Immutable
from whist_ro.errors import ConfigurationError

__all__ = [
    "RUBBER_BONUS",
    "GameResult",
    "Rubber",
    "match_points",
]

RUBBER_BONUS: Final = 2
"""What the winners of a rubber add to their game values (R-RUBBER-2)."""


def _scores(value: Iterable[int]) -> tuple[int, int]:
    # A value keeps its own tuple: the caller's list may change later.
    scores = items(value, name="scores")
    if len(scores) != 2:
        raise ConfigurationError(
            f"a game's scores are two numbers, side 0 first, not {excerpt(scores)}",
            field="scores",
        )
    return (scores[0], scores[1])


def _games(value: Iterable[GameResult]) -> tuple[GameResult, ...]:
    return items(value, name="games")


@attrs.frozen(kw_only=True)
class GameResult(Immutable):
    """One finished game of classic whist.

    ``winner`` is the winning side, ``scores`` both sides' totals (round
    points and honours) when the game ended (side 0 first), ``value`` the
    game value (R-RUBBER-2), and ``conceded`` is set when the losers gave
    the game up (R-END-3).

    >>> game = GameResult(number=1, winner=0, scores=[5, 2], value=2)
    >>> game.scores, game.winning_seats
    ((5, 2), (0, 2))
    >>> hash(game) == hash(GameResult(number=1, winner=0, scores=(5, 2), value=2))
    True
    """

    number: int
    """1-based number of the game in the match."""
    winner: int
    scores: tuple[int, int] = attrs.field(converter=_scores)
    value: int
    conceded: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-ready data, as a player view and a match result write it.

        >>> GameResult(number=2, winner=1, scores=(3, 5), value=2).to_dict()
        {'number': 2, 'winner': 1, 'scores': [3, 5], 'value': 2, 'conceded': False}
        """
        return {
            "number": self.number,
            "winner": self.winner,
            "scores": list(self.scores),
            "value": self.value,
            "conceded": self.conceded,
        }

    @property
    def loser(self) -> int:
        """The losing side.

        >>> GameResult(number=1, winner=1, scores=(2, 5), value=2).loser
        0
        """
        return 1 - self.winner

    @property
    def winning_seats(self) -> tuple[int, int]:
        """The winning side's seats.

        >>> GameResult(number=1, winner=1, scores=(2, 5), value=2).winning_seats
        (1, 3)
        """
        return (self.winner, self.winner + 2)


def match_points(games: Sequence[GameResult], *, rubber: bool) -> tuple[int, int]:
    """Each side's match points: the values of the games it won (R-RUBBER-2).

    With ``rubber`` the side that won the rubber adds :data:`RUBBER_BONUS`.
    These are the totals classic standings rank (R-RANK-8).

    >>> won = GameResult(number=1, winner=1, scores=(1, 5), value=2)
    >>> match_points([won], rubber=False)
    (0, 2)
    """
    points = [0, 0]
    for game in games:
        points[game.winner] += game.value
    if rubber:
        winner = Rubber(games).winner
        if winner is not None:
            points[winner] += RUBBER_BONUS
    return (points[0], points[1])


@attrs.frozen
class Rubber(Immutable):
    """The games of a rubber so far: best of three (R-RUBBER-1).

    The rubber is decided when a side has won two games, or when a game is
    conceded: conceding a game of a rubber gives up the rubber (R-END-5).

    >>> g1 = GameResult(number=1, winner=1, scores=(0, 5), value=3)
    >>> Rubber((g1,)).winner is None
    True
    >>> g2 = GameResult(number=2, winner=0, scores=(5, 4), value=1, conceded=False)
    >>> g3 = GameResult(number=3, winner=1, scores=(2, 6), value=2)
    >>> r = Rubber((g1, g2, g3))
    >>> r.games_won, r.winner, r.points, r.result
    ((1, 2), 1, (1, 7), 6)
    """

    games: tuple[GameResult, ...] = attrs.field(default=(), converter=_games)

    @property
    def games_won(self) -> tuple[int, int]:
        """How many games each side has won."""
        won = sum(game.winner for game in self.games)
        return (len(self.games) - won, won)

    @property
    def winner(self) -> int | None:
        """The side that won the rubber, or None while it is undecided."""
        if self.games and self.games[-1].conceded:
            return self.games[-1].winner
        for side, won in enumerate(self.games_won):
            if won >= 2:
                return side
        return None

    @property
    def is_over(self) -> bool:
        """True once the rubber has a winner; no third game follows a 2-0 (R-RUBBER-1)."""
        return self.winner is not None

    @property
    def points(self) -> tuple[int, int]:
        """Each side's match points: its game values, plus :data:`RUBBER_BONUS` for the winners."""
        return match_points(self.games, rubber=True)

    @property
    def result(self) -> int | None:
        """The winners' match points minus the losers', or None while undecided (R-RUBBER-2)."""
        winner = self.winner
        if winner is None:
            return None
        points = self.points
        return points[winner] - points[1 - winner]
