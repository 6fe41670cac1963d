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

Importing the package loads the vocabulary and the rules only; the layers
above load when one of their names is first used (``wr.Match``, ``from
whist_ro import Table``), so ``import whist_ro.rules`` stays small.

>>> import whist_ro as wr
>>> m = wr.Match.new(wr.variants.ROMANIAN, players=4, seed=7)
>>> m.to_act == m.round.first_hand
True
>>> m = m.apply(m.legal_actions()[0])
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Final

from whist_ro import variants
from whist_ro.actions import Action, Bid, Play, action_from_dict
from whist_ro.cards import Card, CardSet, Rank, Suit
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
from whist_ro.ranking import RankingSystem, Rating, Stake, TablePoints, ranking_from_dict
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
from whist_ro.variants import Variant

if TYPE_CHECKING:  # what the lazy names below are, for the type checker
    from whist_ro.agents import Agent
    from whist_ro.engine.deal import Deal
    from whist_ro.engine.match import Match
    from whist_ro.engine.round import Phase, Round, legal_bids, legal_cards
    from whist_ro.engine.seats import Takeover
    from whist_ro.engine.step import Step
    from whist_ro.engine.tricks import Trick, trick_winner
    from whist_ro.playout import random_playout
    from whist_ro.results.rubber import GameResult, Rubber, match_points
    from whist_ro.results.scoresheet import ScoreRow, ScoreSheet, SeatScore
    from whist_ro.results.standings import Standing, Standings, display_points, rank_totals
    from whist_ro.table import Table
    from whist_ro.tournaments import Entrant, TournamentResult, tournament
    from whist_ro.views import PlayerView

# The layers above the rules load when a name of theirs is first used, so
# that importing the vocabulary or the rules (``import whist_ro.rules``) does
# not load the engine, the bots or the tournaments.  Name -> its module.
_LAZY: Final = {
    "Agent": "whist_ro.agents",
    "Deal": "whist_ro.engine.deal",
    "Match": "whist_ro.engine.match",
    "Phase": "whist_ro.engine.round",
    "Round": "whist_ro.engine.round",
    "legal_bids": "whist_ro.engine.round",
    "legal_cards": "whist_ro.engine.round",
    "Takeover": "whist_ro.engine.seats",
    "Step": "whist_ro.engine.step",
    "Trick": "whist_ro.engine.tricks",
    "trick_winner": "whist_ro.engine.tricks",
    "random_playout": "whist_ro.playout",
    "GameResult": "whist_ro.results.rubber",
    "Rubber": "whist_ro.results.rubber",
    "match_points": "whist_ro.results.rubber",
    "ScoreRow": "whist_ro.results.scoresheet",
    "ScoreSheet": "whist_ro.results.scoresheet",
    "SeatScore": "whist_ro.results.scoresheet",
    "Standing": "whist_ro.results.standings",
    "Standings": "whist_ro.results.standings",
    "display_points": "whist_ro.results.standings",
    "rank_totals": "whist_ro.results.standings",
    "Table": "whist_ro.table",
    "Entrant": "whist_ro.tournaments",
    "TournamentResult": "whist_ro.tournaments",
    "tournament": "whist_ro.tournaments",
    "PlayerView": "whist_ro.views",
}
# The package's parts, which ``whist_ro.<part>`` reaches without an import.
_PARTS: Final = frozenset(
    {
        "agents",
        "bots",
        "cli",
        "engine",
        "interop",
        "playout",
        "records",
        "results",
        "rules",
        "sim",
        "table",
        "tournaments",
        "views",
    }
)

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


if not TYPE_CHECKING:  # at run time only: the type checker reads the imports above

    def __getattr__(name: str) -> object:
        """Load a name of an upper layer (or a part of the package) when first used."""
        module = _LAZY.get(name)
        if module is not None:
            value = getattr(importlib.import_module(module), name)
        elif name in _PARTS:
            value = importlib.import_module(f"{__name__}.{name}")
        else:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        globals()[name] = value  # found once: later reads skip this function
        return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *_PARTS})
