"""Playout kernels: rounds to their end without building the public objects per step.

Search bots, Monte-Carlo evaluation and bulk statistics need millions of
playouts, more than the checked, object-per-step :class:`~whist_ro.Round`
API is built for.  This package plays from any position, with the cards as
bits and hands as int masks:

- :func:`playout` plays one round on the scalar kernel (one game, locals,
  int masks) and returns an :class:`Outcome`;
- :func:`playouts` plays many deals of one position, on the batched kernel
  (thousands of games in lockstep, each a bit of Python ints) or the scalar
  one, and returns :class:`Outcomes`;
- :func:`stats` counts tricks won by seat, bids made and points.

The kernels restate the rules in mask arithmetic and are held to the engine
by the tests (see ``docs/kernels.md``); ``debug=True`` checks every step
against the engine while playing.

>>> import whist_ro as wr
>>> from whist_ro import sim
>>> r = wr.Round.shuffled(wr.variants.ROMANIAN, players=4, dealer=3, hand_size=7, seed=1)
>>> o = sim.playout(r, rng=1)
>>> sum(o.tricks_won), len(o.points)
(7, 4)
>>> s = sim.stats(sim.playouts(r, 1000, rng=2))
>>> s.games, round(sum(s.mean_tricks(seat) for seat in range(4)), 6)
(1000, 7.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from whist_ro._deprecation import moved_names
from whist_ro.sim.outcome import Outcome, Outcomes
from whist_ro.sim.run import POLICIES, Decision, playout, playouts
from whist_ro.sim.stats import Stats, stats

__all__ = [
    "POLICIES",
    "Decision",
    "Outcome",
    "Outcomes",
    "Stats",
    "playout",
    "playouts",
    "stats",
]

# KernelMismatchError lives with every other error now; its old name here warns.
if not TYPE_CHECKING:  # a type checker no longer sees the moved names (docs/stability.md)
    __getattr__ = moved_names(
        __name__, {"KernelMismatchError": "whist_ro.errors:KernelMismatchError"}
    )
