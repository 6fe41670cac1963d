"""Deprecated: the rule book's catalogue under its old records-layer name; goes in 0.3.0.

The catalogue lives in the rules layer (:mod:`whist_ro.rules.book`), where
the engine can reach it too, and the schedule rule in
:mod:`whist_ro.rules.scheduling`.  The old names still work from here: each
one, imported or read, warns and names its new home.  Importing the module
alone warns of nothing, so walking the package (doctest collection,
``pkgutil``) stays quiet.

>>> import warnings
>>> from whist_ro.rules import book
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from whist_ro.records.rulebook import RULES
>>> RULES is book.RULES
True
>>> print(caught[0].message)
whist_ro.records.rulebook.RULES is deprecated since whist-ro 0.2.0 and goes in 0.3.0; use \
whist_ro.rules.book.RULES
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from whist_ro._deprecation import moved_names

__all__: list[str] = []  # every name here is deprecated: none is advertised

if not TYPE_CHECKING:  # a type checker no longer sees the moved names (docs/stability.md)
    __getattr__ = moved_names(
        __name__,
        {
            "RULES": "whist_ro.rules.book:RULES",
            "Rule": "whist_ro.rules.book:Rule",
            "format_rule": "whist_ro.rules.book:format_rule",
            "format_rules": "whist_ro.rules.book:format_rules",
            "rules_for": "whist_ro.rules.book:rules_for",
            "schedule_rule": "whist_ro.rules.scheduling:schedule_rule",
        },
    )
