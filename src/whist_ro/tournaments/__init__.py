"""Tournaments: many seeded matches of a line-up of bots, on any executor.

:func:`tournament` plays one match per seed, or a *duplicate set* per seed
(the same deals with the line-up rotated through the seats), through a
:class:`concurrent.futures.Executor`: a local process pool by default, or
any executor you pass, such as a ``dask.distributed`` client's
``client.get_executor()``.  Every match depends only on its seed and its
seat's entry, so the result is the same serially, on a pool or on a
cluster.  It returns a :class:`TournamentResult`: a per-match table and
per-seat and per-bot means with 95% confidence intervals, and, against a
``reference`` bot, each bot's *edge* (its total minus the reference's).

A line-up entry is an :class:`Entrant` (a bot class or top-level factory
plus keyword options) or a bare class or factory; it is called as
``factory(seed=..., **options)`` in the worker, once per seat and match.

>>> import whist_ro as wr
>>> from whist_ro.bots import RandomBot
>>> result = tournament(wr.variants.ROMANIAN, [RandomBot] * 3, seeds=range(2), workers=0)
>>> len(result.matches), result.bots[0].name, result.bots[0].seats
(2, 'RandomBot', 6)
"""

from whist_ro.tournaments.entrant import Entrant
from whist_ro.tournaments.results import BotStats, Estimate, MatchRow, SeatStats, TournamentResult
from whist_ro.tournaments.run import tournament

__all__ = [
    "BotStats",
    "Entrant",
    "Estimate",
    "MatchRow",
    "SeatStats",
    "TournamentResult",
    "tournament",
]
