"""The rule book's catalogue, as the records layer has always offered it.

The catalogue lives in the rules layer now (:mod:`whist_ro.rules.book`),
where the engine can reach it too, and the schedule rule in
:mod:`whist_ro.rules.scheduling`; these names stay importable from here.

>>> from whist_ro import variants
>>> [r.id for r in rules_for(variants.CLASSIC)][:4]
['R-DECK-1', 'R-DECK-3', 'R-DECK-4', 'R-SCHED-3']
>>> from whist_ro.rules import book
>>> RULES is book.RULES
True
"""

from __future__ import annotations

from whist_ro.rules.book import RULES, Rule, format_rule, format_rules, rules_for
from whist_ro.rules.scheduling import schedule_rule

__all__ = ["RULES", "Rule", "format_rule", "format_rules", "rules_for", "schedule_rule"]
