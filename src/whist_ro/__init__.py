"""whist-ro: the rules of Romanian whist (1-8-1 and 8-1-8) and classic whist.

The top level holds what a program that plays a game names (docs/stability.md
gives the rule): the vocabulary (cards, actions, the deck and the schedule),
the variants, the states (``Deal``, ``Round``, ``Match`` and their parts),
the player views, who plays a seat (``Agent``, ``Table``, ``random_playout``),
the four rule functions the design binds here (``legal_bids``,
``legal_cards``, ``trick_winner``, ``display_points``) and every error class.
The rest lives in its part: the rule functions in :mod:`whist_ro.rules`,
score sheets, standings and rubbers in :mod:`whist_ro.results`, ranking
systems in :mod:`whist_ro.ranking`, tournaments in
:mod:`whist_ro.tournaments`.

The package, layer by layer, lowest first; each imports only from its own
layer and the ones below (tests/test_architecture.py keeps it so):

- ``_messages``: what the errors need to speak a language (the catalogues,
  a template filled in a language); it imports nothing of ours;
- the base: ``errors``, ``locale`` (the English and Romanian catalogues and
  choosing a language) and the private helpers (``_check``, ``_immutable``,
  ``_text``, ``_deprecation``);
- ``cards``, ``actions``, ``ranking``, ``variants``, ``schedule``: the
  vocabulary, with the ``Variant`` configuration object and its ranking
  systems;
- ``rules``: the rule book as pure functions, one per rule ID;
- ``results``: score sheets, standings and rubbers;
- ``engine``: the immutable state machines ``Deal``, ``Round``, ``Match``
  and what a step did (``Step``);
- ``sim``, ``playout``: playout kernels, many rounds at once without the
  public objects, and one random playout of a public state;
- ``views``: what a seat may see; ``solve``: exact analysis with every card
  known (bounds, exact bids, double dummy); ``svg``: cards, hands, tricks,
  views and score charts as pictures;
- ``agents``, ``deadline``, ``bots``, ``table``, ``tournaments``: who plays a
  seat, the time limits of a seat's decision (shared by the table and the
  engines), the table that seats them, and bots measured against each other;
- ``remote``: the wire format and the engine protocol (any agent in
  another process);
- ``records``: match records, notation, adjudication, audit and perft;
- ``web``: the web table behind ``whist-ro serve``;
- ``cli``: the ``whist-ro`` command; ``interop``: the OpenSpiel and
  PettingZoo adapters and the vectorised environment (optional extras).

Importing the package loads the vocabulary and the rules only; the layers
above load when one of their names is first used (``wr.Match``, ``from
whist_ro import Table``), so ``import whist_ro.rules`` stays small.

>>> import whist_ro as wr
>>> m = wr.Match.new(wr.variants.ROMANIAN, players=4, seed=7)
>>> m.to_act == m.round.first_hand
True
>>> m = m.apply(m.legal_actions()[0])
>>> wr.rules.honours_points is wr.rules.scoring.honours_points  # the rule book, whole
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Final

# The rule book loads with the package: whist_ro.rules is where its functions live.
from whist_ro import rules as rules
from whist_ro import variants
from whist_ro._deprecation import import_probe, warn_deprecated
from whist_ro.actions import Action, Bid, Play, action_from_dict
from whist_ro.cards import Card, CardSet, Rank, Suit
from whist_ro.errors import (
    ActionParseError,
    ActionTypeError,
    ActionValueError,
    AgentError,
    BidOutOfRangeError,
    CardNotHeldError,
    CardParseError,
    ConfigurationError,
    EngineCrashedError,
    EngineError,
    EngineProtocolError,
    EngineStartError,
    EngineTimeoutError,
    ForbiddenBidError,
    GameOverError,
    IllegalActionError,
    ImmutableError,
    InvalidDealError,
    InvalidTrickError,
    KernelMismatchError,
    MatchEndError,
    MustFollowSuitError,
    MustOvertrumpError,
    MustTrumpError,
    NotationError,
    NotOverError,
    OutOfDealsError,
    OutOfTurnError,
    RecordError,
    RoomError,
    SearchBudgetError,
    StoreError,
    TableBusyError,
    WhistError,
    WireError,
    WrongPhaseError,
)
from whist_ro.schedule import Deck, Schedule
from whist_ro.variants import Variant

if TYPE_CHECKING:  # what the lazy names below are, for the type checker
    # The parts ``whist_ro.<part>`` reaches without an import (_PARTS, below):
    # named here so that a type checker knows them too.
    from whist_ro import (  # noqa: F401
        agents,
        bots,
        cli,
        engine,
        interop,
        playout,
        ranking,
        records,
        remote,
        results,
        sim,
        solve,
        svg,
        table,
        tournaments,
        views,
        web,
    )
    from whist_ro.agents import Agent
    from whist_ro.engine.deal import Deal
    from whist_ro.engine.match import Match
    from whist_ro.engine.round import Phase, Round, legal_bids, legal_cards
    from whist_ro.engine.seats import Takeover
    from whist_ro.engine.step import Step
    from whist_ro.engine.tricks import Trick, trick_winner
    from whist_ro.playout import random_playout
    from whist_ro.results.standings import display_points
    from whist_ro.table import Table
    from whist_ro.views import PlayerView, view_of

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
    "display_points": "whist_ro.results.standings",
    "Table": "whist_ro.table",
    "PlayerView": "whist_ro.views",
    "view_of": "whist_ro.views",
}
# Names that left the top level in 0.2.0 (docs/stability.md: the top holds what a
# program that plays a game names; the rest lives in its part).  Each still works
# from here until 0.3.0, warning with its new home; none is ever stored in the
# module's globals, so walking the package (doctest collection, help) stays quiet.
# Old name -> "new.module:name".
_MOVED: Final = {
    **{
        name: f"whist_ro.rules:{name}"
        for name in (
            "Streak",
            "classic_points",
            "exact_points",
            "exact_round_points",
            "game_value",
            "honours_held",
            "honours_points",
            "next_streak",
            "next_streaks",
            "trump_source",
        )
    },
    **{
        name: f"whist_ro.results:{name}"
        for name in (
            "GameResult",
            "Rubber",
            "ScoreRow",
            "ScoreSheet",
            "SeatScore",
            "Standing",
            "Standings",
            "match_points",
            "rank_totals",
        )
    },
    **{
        name: f"whist_ro.ranking:{name}"
        for name in ("RankingSystem", "Rating", "Stake", "TablePoints", "ranking_from_dict")
    },
    **{
        name: f"whist_ro.tournaments:{name}"
        for name in ("Entrant", "TournamentResult", "tournament")
    },
}
# The package's parts, which ``whist_ro.<part>`` reaches without an import
# (docs/stability.md names each).
_PARTS: Final = frozenset(
    {
        "agents",
        "bots",
        "cli",
        "engine",
        "interop",
        "playout",
        "ranking",
        "records",
        "remote",
        "results",
        "rules",
        "sim",
        "solve",
        "svg",
        "table",
        "tournaments",
        "views",
        "web",
    }
)
# Parts that need an optional extra to import: reachable, but not listed by dir(),
# so that help() and inspect.getmembers, which read every name dir() gives, work
# without the extra too.
_EXTRA_PARTS: Final = frozenset({"web"})

__version__ = "0.1.0"

# The rule of docs/stability.md, whose groups tests/test_public_surface.py checks.
__all__ = [
    "Action",
    "ActionParseError",
    "ActionTypeError",
    "ActionValueError",
    "Agent",
    "AgentError",
    "Bid",
    "BidOutOfRangeError",
    "Card",
    "CardNotHeldError",
    "CardParseError",
    "CardSet",
    "ConfigurationError",
    "Deal",
    "Deck",
    "EngineCrashedError",
    "EngineError",
    "EngineProtocolError",
    "EngineStartError",
    "EngineTimeoutError",
    "ForbiddenBidError",
    "GameOverError",
    "IllegalActionError",
    "ImmutableError",
    "InvalidDealError",
    "InvalidTrickError",
    "KernelMismatchError",
    "Match",
    "MatchEndError",
    "MustFollowSuitError",
    "MustOvertrumpError",
    "MustTrumpError",
    "NotOverError",
    "NotationError",
    "OutOfDealsError",
    "OutOfTurnError",
    "Phase",
    "Play",
    "PlayerView",
    "Rank",
    "RecordError",
    "RoomError",
    "Round",
    "Schedule",
    "SearchBudgetError",
    "Step",
    "StoreError",
    "Suit",
    "Table",
    "TableBusyError",
    "Takeover",
    "Trick",
    "Variant",
    "WhistError",
    "WireError",
    "WrongPhaseError",
    "__version__",
    "action_from_dict",
    "display_points",
    "legal_bids",
    "legal_cards",
    "random_playout",
    "trick_winner",
    "variants",
    "view_of",
]


if not TYPE_CHECKING:  # at run time only: the type checker reads the imports above

    def __getattr__(name: str) -> object:
        """Load a name of an upper layer (or a part of the package) when first used.

        A name that moved (``_MOVED``) warns, naming its new home, every time it
        is read or imported from here, and is never cached.
        """
        module = _LAZY.get(name)
        if module is not None:
            value = getattr(importlib.import_module(module), name)
        elif name in _PARTS:
            value = importlib.import_module(f"{__name__}.{name}")
        elif name in _MOVED:
            home, _, attribute = _MOVED[name].partition(":")
            if not import_probe():  # ``from whist_ro import name`` asks twice: warn once
                # stacklevel 3 (the default): past warn_deprecated and this
                # function, to the line that read the name.
                warn_deprecated(f"whist_ro.{name}", use=f"{home}.{attribute}")
            return getattr(importlib.import_module(home), attribute)
        else:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        globals()[name] = value  # found once: later reads skip this function
        return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *(_PARTS - _EXTRA_PARTS)})
