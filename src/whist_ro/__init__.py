"""whist-ro: the rules of Romanian whist (1-8-1 and 8-1-8) and classic whist.

The package, layer by layer (each imports only the ones above it):

- ``errors``, ``cards``, ``actions``, ``variants``, ``ranking``, ``schedule``:
  the vocabulary, with the ``Variant`` configuration object;
- ``rules``: the rule book as pure functions, one per rule ID;
- ``results``: score sheets, standings and rubbers;
- ``engine``: the immutable state machines ``Deal``, ``Round``, ``Match``
  and what a step did (``Step``);
- ``sim``: playout kernels, many rounds at once without the public objects;
- ``views``, ``agents``, ``bots``, ``table``, ``tournaments``: what a seat
  may see, who plays it, and bots measured against each other; ``svg``
  (above the views): cards, hands, tricks, views and score charts as pictures;
- ``records``: match records, adjudication, audit and perft; ``cli``: the
  ``whist-ro`` command; ``interop``: the OpenSpiel and PettingZoo adapters
  (optional extras).

>>> import whist_ro as wr
>>> m = wr.Match.new(wr.variants.ROMANIAN, players=4, seed=7)
>>> m.to_act == m.round.first_hand
True
>>> m = m.apply(m.legal_actions()[0])
"""

from __future__ import annotations

from whist_ro import variants
from whist_ro.actions import Action, Bid, Play, action_from_dict
from whist_ro.agents import Agent
from whist_ro.cards import Card, CardSet, Rank, Suit
from whist_ro.engine.deal import Deal
from whist_ro.engine.match import Match
from whist_ro.engine.round import Phase, Round, legal_bids, legal_cards
from whist_ro.engine.step import Step
from whist_ro.engine.tricks import Trick, trick_winner
from whist_ro.errors import (
    ActionParseError,
    ActionTypeError,
    ActionValueError,
    BidOutOfRangeError,
    CardNotHeldError,
    CardParseError,
    ConfigurationError,
    ForbiddenBidError,
    GameOverError,
    IllegalActionError,
    InvalidDealError,
    InvalidTrickError,
    MatchEndError,
    MustFollowSuitError,
    MustOvertrumpError,
    MustTrumpError,
    NotOverError,
    OutOfDealsError,
    OutOfTurnError,
    WhistError,
    WrongPhaseError,
)
from whist_ro.playout import random_playout
from whist_ro.ranking import RankingSystem, Rating, Stake, TablePoints, ranking_from_dict
from whist_ro.results.rubber import GameResult, Rubber, match_points
from whist_ro.results.scoresheet import ScoreRow, ScoreSheet, SeatScore
from whist_ro.results.standings import Standing, Standings, display_points, rank_totals
from whist_ro.rules.dealing import trump_source
from whist_ro.rules.scoring import (
    Streak,
    classic_points,
    exact_points,
    exact_round_points,
    game_value,
    honours_held,
    honours_points,
    next_streak,
    next_streaks,
)
from whist_ro.schedule import Deck, Schedule
from whist_ro.table import Table, Takeover
from whist_ro.tournaments import Entrant, TournamentResult, tournament
from whist_ro.variants import Variant
from whist_ro.views import PlayerView

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionParseError",
    "ActionTypeError",
    "ActionValueError",
    "Agent",
    "Bid",
    "BidOutOfRangeError",
    "Card",
    "CardNotHeldError",
    "CardParseError",
    "CardSet",
    "ConfigurationError",
    "Deal",
    "Deck",
    "Entrant",
    "ForbiddenBidError",
    "GameOverError",
    "GameResult",
    "IllegalActionError",
    "InvalidDealError",
    "InvalidTrickError",
    "Match",
    "MatchEndError",
    "MustFollowSuitError",
    "MustOvertrumpError",
    "MustTrumpError",
    "NotOverError",
    "OutOfDealsError",
    "OutOfTurnError",
    "Phase",
    "Play",
    "PlayerView",
    "Rank",
    "RankingSystem",
    "Rating",
    "Round",
    "Rubber",
    "Schedule",
    "ScoreRow",
    "ScoreSheet",
    "SeatScore",
    "Stake",
    "Standing",
    "Standings",
    "Step",
    "Streak",
    "Suit",
    "Table",
    "TablePoints",
    "Takeover",
    "TournamentResult",
    "Trick",
    "Variant",
    "WhistError",
    "WrongPhaseError",
    "__version__",
    "action_from_dict",
    "classic_points",
    "display_points",
    "exact_points",
    "exact_round_points",
    "game_value",
    "honours_held",
    "honours_points",
    "legal_bids",
    "legal_cards",
    "match_points",
    "next_streak",
    "next_streaks",
    "random_playout",
    "rank_totals",
    "ranking_from_dict",
    "tournament",
    "trick_winner",
    "trump_source",
    "variants",
]
