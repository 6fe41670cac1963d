"""Bots: agents (:class:`whist_ro.Agent`) that play a seat from its player view.

>>> import whist_ro as wr
>>> from whist_ro.bots import RandomBot
>>> from whist_ro.views import view_of
>>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
>>> RandomBot(seed=7).act(view_of(m, m.to_act)) in m.legal_actions()
True
"""

from whist_ro.bots.lowrisk import LowRiskBot
from whist_ro.bots.random_bot import RandomBot
from whist_ro.bots.rule_bot import RuleBot
from whist_ro.bots.search_bot import SearchBot, SearchStats

__all__ = ["LowRiskBot", "RandomBot", "RuleBot", "SearchBot", "SearchStats"]
