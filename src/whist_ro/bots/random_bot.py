"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from whist_ro._check import Seed, rng_of
from whist_ro.bots._common import nothing_to_choose

if TYPE_CHECKING:
    from whist_ro.actions import Action
    from whist_ro.views.view import PlayerView

__all__ = ["RandomBot"]


class RandomBot:
    """Plays uniformly at random among ``view.legal_actions``, from its own generator.

    ``seed`` (an int, a str or a :class:`random.Random` it then draws from)
    makes its choices repeatable; without one it is seeded from the system.

    >>> import whist_ro as wr
    >>> from whist_ro.views import view_of
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=4, seed=3)
    >>> view = view_of(m, m.to_act)
    >>> RandomBot(seed=1).act(view) == RandomBot(seed=1).act(view)
    True
    >>> RandomBot(seed=1).act(view_of(m, (m.to_act + 1) % 4))
    Traceback (most recent call last):
    ...
    whist_ro.errors.OutOfTurnError: RandomBot has nothing to choose: it is seat 0's turn, ...
    """

    __slots__ = ("_rng",)

    def __init__(self, *, seed: Seed | None = None) -> None:
        self._rng = random.Random() if seed is None else rng_of(seed)

    def act(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``, chosen uniformly."""
        legal = view.legal_actions
        if not legal:
            raise nothing_to_choose("RandomBot", view)
        return legal[self._rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return "RandomBot()"
