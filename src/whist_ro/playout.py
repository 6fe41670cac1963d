"""Uniformly random legal play, for demos, tests and benchmarks.

>>> from whist_ro import Match, variants
>>> m = random_playout(Match.new(variants.INVERTED, players=5, seed=3), seed=3)
>>> m.is_over, len(m.rounds)
(True, 27)
"""

from __future__ import annotations

import random
from typing import TypeVar

from whist_ro.engine.match import Match
from whist_ro.engine.round import Round

__all__ = ["random_playout"]

_State = TypeVar("_State", Match, Round)


def random_playout(state: _State, *, seed: int | str | random.Random | None = None) -> _State:
    """Play ``state`` (a :class:`Match` or :class:`Round`) to the end at random.

    Every action is drawn uniformly from ``legal_actions()``, so the result
    is a legal, complete game; the same seed gives the same game.

    >>> from whist_ro import Round, variants
    >>> r = Round.shuffled(variants.ROMANIAN, players=4, dealer=0, hand_size=3, seed=2)
    >>> done = random_playout(r, seed=2)
    >>> done.is_over, sum(done.tricks_won), done == random_playout(r, seed=2)
    (True, 3, True)
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    choice = rng.choice
    while True:
        actions = state.legal_actions()
        if not actions:
            return state
        state = state.apply(choice(actions))
