"""Exact analysis with every card known: bounds, exact bids, double dummy, post-mortems.

- :mod:`~whist_ro.solve.exact`: :func:`bounds`, :func:`can_make` and
  :func:`double_dummy`, from any moment of a round;
- :mod:`~whist_ro.solve.post_mortem`: :func:`post_mortem`, for each round and
  seat of a match, whether the bid could have been made and which card lost it.

The search (``whist_ro.solve._search``) is pure Python on the library's card
bitmasks; like the playout kernels it restates the course of a trick for
speed and is held to the engine by differential tests.  docs/analysis.md
explains the questions.

>>> import whist_ro as wr
>>> from whist_ro import solve
>>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Kh", "Qh 9c", "Jh 10c"],
...                         dealer=2, turn_up="9s")
>>> solve.bounds(r, 0), solve.can_make(r, 0, 2)
((2, 2), True)
"""

from whist_ro.errors import SearchBudgetError
from whist_ro.solve.exact import bounds, can_make, double_dummy
from whist_ro.solve.post_mortem import SideVerdict, Verdict, post_mortem

__all__ = [
    "SearchBudgetError",
    "SideVerdict",
    "Verdict",
    "bounds",
    "can_make",
    "double_dummy",
    "post_mortem",
]
