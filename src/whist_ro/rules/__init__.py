"""The rule book as small pure functions, one per rule, each citing its rule ID.

A referee looking for a rule opens the module of its section:

- :mod:`whist_ro.rules.scheduling`: R-SCHED-1..3 (:func:`~whist_ro.rules.scheduling.schedule_rule`),
  R-SCHED-4 (:func:`~whist_ro.rules.scheduling.dealer_of`), and whether a deal fits the
  schedule (:func:`~whist_ro.rules.scheduling.deal_faults`);
- :mod:`whist_ro.rules.dealing`: R-DEAL-1 (:func:`~whist_ro.rules.dealing.deal_hands`,
  :func:`~whist_ro.rules.dealing.dealt_to`),
  R-TRUMP-1..3 (:func:`~whist_ro.rules.dealing.trump_source`);
- :mod:`whist_ro.rules.bidding`: R-BID-1 (:func:`~whist_ro.rules.bidding.first_hand`,
  :func:`~whist_ro.rules.bidding.next_seat`, :func:`~whist_ro.rules.bidding.bidding_order`),
  R-BID-2, the hook (:func:`~whist_ro.rules.bidding.forbidden_bid`), R-BID-3
  (:func:`~whist_ro.rules.bidding.bid_in_range`);
- :mod:`whist_ro.rules.play`: R-PLAY-2/3/4/5/8 as the clauses of
  :func:`~whist_ro.rules.play.playable_cards`, R-PLAY-6
  (:func:`~whist_ro.rules.play.beats`, :func:`~whist_ro.rules.play.trick_winner_index`,
  :func:`~whist_ro.rules.play.trick_count`);
- :mod:`whist_ro.rules.scoring`: R-SCORE-* (one round's points by family:
  :func:`~whist_ro.rules.scoring.round_points`), R-STREAK-*, R-HON-*, R-RUBBER-2.

The engine (:mod:`whist_ro.engine`) calls these functions for its legal
moves, its transitions and its error messages; it restates none of them.
docs/rules.md links every rule ID to its function and to its test.

>>> from whist_ro import rules
>>> rules.forbidden_bid(hand_size=4, earlier=1, hook=True)
3
"""

from typing import TYPE_CHECKING

from whist_ro._deprecation import moved_names
from whist_ro.rules.bidding import (
    bid_in_range,
    bidding_order,
    first_hand,
    forbidden_bid,
    next_seat,
)
from whist_ro.rules.dealing import deal_hands, dealt_to, trump_card_index, trump_source
from whist_ro.rules.play import (
    beats,
    cards_of_suit,
    next_leader,
    overtrumps,
    playable_cards,
    suit_of,
    trick_count,
    trick_winner_index,
)
from whist_ro.rules.scheduling import deal_faults, dealer_of, schedule_rule
from whist_ro.rules.scoring import (
    Streak,
    advance_runs,
    classic_points,
    exact_points,
    exact_round_points,
    game_value,
    honours_held,
    honours_points,
    next_streak,
    next_streaks,
    partner_of,
    round_points,
    side_of,
)

__all__ = [
    "Streak",
    "advance_runs",
    "beats",
    "bid_in_range",
    "bidding_order",
    "cards_of_suit",
    "classic_points",
    "deal_faults",
    "deal_hands",
    "dealer_of",
    "dealt_to",
    "exact_points",
    "exact_round_points",
    "first_hand",
    "forbidden_bid",
    "game_value",
    "honours_held",
    "honours_points",
    "next_leader",
    "next_seat",
    "next_streak",
    "next_streaks",
    "overtrumps",
    "partner_of",
    "playable_cards",
    "round_points",
    "schedule_rule",
    "side_of",
    "suit_of",
    "trick_count",
    "trick_winner_index",
    "trump_card_index",
    "trump_source",
]

# ``rules.schedule`` was the schedule rules' module (whist_ro.rules.schedule, a
# shim now): read from the package, it warns and gives the module it became.
if not TYPE_CHECKING:  # a type checker no longer sees the moved names (docs/stability.md)
    __getattr__ = moved_names(__name__, {"schedule": "whist_ro.rules.scheduling"})
