"""Deprecated: the schedule rules are :mod:`whist_ro.rules.scheduling` now.

``whist_ro.rules.schedule`` sat beside :mod:`whist_ro.schedule` (the
``Deck`` and ``Schedule`` values), two modules one name apart; the rules
took the name their sections share (``dealing``, ``bidding``, ``scoring``).
The old names keep working until whist-ro 0.3.0: each one warns, naming its
new home, when it is imported or read from here (importing the module alone
does not, so walking the package stays quiet).

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from whist_ro.rules.schedule import dealer_of
>>> print(caught[0].message)  # doctest: +NORMALIZE_WHITESPACE
whist_ro.rules.schedule.dealer_of is deprecated since whist-ro 0.2.0 and goes in 0.3.0;
use whist_ro.rules.scheduling.dealer_of
>>> from whist_ro.rules import scheduling
>>> dealer_of is scheduling.dealer_of
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from whist_ro._deprecation import moved_names

__all__: list[str] = []  # nothing is public here any more: every name moved

if not TYPE_CHECKING:  # a type checker no longer sees the moved names (docs/stability.md)
    __getattr__ = moved_names(
        __name__,
        {
            name: f"whist_ro.rules.scheduling:{name}"
            for name in ("deal_faults", "dealer_of", "schedule_rule")
        },
    )
