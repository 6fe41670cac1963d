"""Uniformly random legal play, for demos, tests and benchmarks.

>>> from whist_ro import Match, variants
>>> m = random_playout(Match.new(variants.INVERTED, players=5, seed=3), seed=3)
>>> m.is_over, len(m.rounds)
(True, 27)
"""

from __future__ import annotations

import random
from typing import TypeVar

from whist_ro._check import excerpt, rng_of
from whist_ro.engine.match import Match
from whist_ro.engine.round import Round
from whist_ro.errors import ConfigurationError

__all__ = ["random_playout"]

_State = TypeVar("_State", Match, Round)


def random_playout(state: _State, *, seed: int | str | random.Random | None = None) -> _State:
    """Play ``state`` (a :class:`Match` or :class:`Round`) to the end at random.

    Every action is drawn uniformly from ``legal_actions()``, so the result
    is a legal, complete game; the same seed gives the same game (a seed
    as :func:`~whist_ro.Match.new` takes it; None draws a fresh one).

    >>> from whist_ro import Round, variants
    >>> r = Round.shuffled(variants.ROMANIAN, players=4, dealer=0, hand_size=3, seed=2)
    >>> done = random_playout(r, seed=2)
    >>> done.is_over, sum(done.tricks_won), done == random_playout(r, seed=2)
    (True, 3, True)
    >>> random_playout(None)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: random_playout plays a Match or a Round, not None
    """
    if not isinstance(state, (Match, Round)):
        raise ConfigurationError(
            f"random_playout plays a Match or a Round, not {excerpt(state)}", field="state"
        )
    rng = rng_of(seed, fresh=True)
    choice = rng.choice
    while True:
        actions = state.legal_actions()
        if not actions:
            return state
        state = state.apply(choice(actions))
