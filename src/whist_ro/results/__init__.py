"""What a match leaves behind: the score sheet, rubbers and final standings.

A state hands these out (``Match.score_sheet``, ``Match.standings()``,
``Match.games``, ``Match.rubber``); :func:`rank_totals` and
:func:`match_points` work them out from totals scored on paper.  Their
modules: :mod:`~whist_ro.results.scoresheet`, :mod:`~whist_ro.results.rubber`
and :mod:`~whist_ro.results.standings` (which also holds the helpers the
engine and the records share).

>>> from whist_ro import results
>>> results.rank_totals([60, 72, 90, 112]).winners
(3,)
"""

from whist_ro.results.rubber import RUBBER_BONUS, GameResult, Rubber, match_points
from whist_ro.results.scoresheet import ScoreRow, ScoreSheet, SeatScore
from whist_ro.results.standings import Standing, Standings, display_points, rank_totals

__all__ = [
    "RUBBER_BONUS",
    "GameResult",
    "Rubber",
    "ScoreRow",
    "ScoreSheet",
    "SeatScore",
    "Standing",
    "Standings",
    "display_points",
    "match_points",
    "rank_totals",
]
