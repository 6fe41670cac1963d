"""Romanian whist as an OpenSpiel game, registered as ``"whist_ro"`` on import.

Needs the ``[openspiel]`` extra (``pip install 'whist-ro[openspiel]'``).
Game parameters:

- ``variant``: a preset name (:func:`whist_ro.variants.names`), default
  ``"romanian"``;
- ``players``: 3 to 6 (classic: 4), default 4;
- ``unit``: ``"round"`` (default: one deal, returns are its points) or
  ``"match"`` (the whole schedule, returns are the final totals; in classic
  the match points of R-RANK-8);
- ``hand_size``: the hand size of a ``"round"`` game, default 0 for the
  largest (8, classic 13);
- ``dealer``: the dealer (the first dealer of a match), default -1 for a
  chance node that picks one uniformly.

The deal is a series of chance nodes, one card id per node, in the order
the cards go out (R-DEAL-1: clockwise from the first hand, then the turn-up
when there is one).  Action ids, tensors and strings are those of
:mod:`whist_ro.interop.encoding`; a player's information state is its
:class:`~whist_ro.views.PlayerView` with perfect recall.

>>> import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]
>>> import whist_ro.interop.openspiel
>>> game = pyspiel.load_game("whist_ro", {"players": 3, "hand_size": 2, "dealer": 0})
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(1, ['bid 0', 'bid 1', 'bid 2'])
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]

from whist_ro import variants as _variants
from whist_ro._check import excerpt, is_whole
from whist_ro.actions import Action
from whist_ro.cards import CardSet
from whist_ro.engine.deal import Deal
from whist_ro.engine.match import Match
from whist_ro.engine.round import Round
from whist_ro.errors import (
    ConfigurationError,
    GameOverError,
    InvalidDealError,
    OutOfDealsError,
)
from whist_ro.interop.encoding import (
    BID_BASE,
    NUM_ACTIONS,
    NUM_CARDS,
    ONLY_CARD,
    Layout,
    action_id,
    action_of,
    card_id,
    card_of,
    encode,
    history_text,
    legal_ids,
    match_results,
    match_sizes,
    return_bounds,
    score_scale,
)
from whist_ro.rules.bidding import first_hand
from whist_ro.rules.dealing import trump_source
from whist_ro.rules.schedule import dealer_of
from whist_ro.schedule import Deck, Schedule, check_players
from whist_ro.variants import Variant
from whist_ro.views.view import PlayerView, blind_mode

__all__ = ["SHORT_NAME", "WhistGame", "WhistState"]

SHORT_NAME: Final = "whist_ro"
"""The name the game is registered under."""

_DEFAULTS: Final[dict[str, Any]] = {
    "variant": "romanian",
    "players": 4,
    "unit": "round",
    "hand_size": 0,
    "dealer": -1,
}

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Romanian whist (whist-ro)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class _Config:
    """Everything fixed by the game parameters, worked out once per game."""

    def __init__(self, params: dict[str, Any]) -> None:
        unknown = sorted(set(params) - set(_DEFAULTS))
        if unknown:
            raise ConfigurationError(
                f"unknown whist_ro parameter {excerpt(unknown[0])}; known: " + ", ".join(_DEFAULTS),
                field=str(unknown[0]),
            )
        full = {**_DEFAULTS, **params}
        try:
            variant = _variants.get(full["variant"])
        except ConfigurationError as error:
            raise ConfigurationError(str(error), field="variant") from None
        players = full["players"]
        if not is_whole(players):
            raise ConfigurationError(
                f"players must be a whole number, not {excerpt(players)}", field="players"
            )
        check_players(variant, players)
        unit = full["unit"]
        if unit not in ("round", "match"):
            raise ConfigurationError(
                f"unit must be 'round' or 'match', not {excerpt(unit)}", field="unit"
            )
        deck = Deck.for_game(variant, players)
        largest = len(deck) // players
        hand_size = full["hand_size"]
        if not (is_whole(hand_size) and 0 <= hand_size <= largest):
            raise ConfigurationError(
                f"hand_size must be 0 (the largest) or 1 to {largest}, not {excerpt(hand_size)}",
                field="hand_size",
            )
        if unit == "match" and hand_size:
            raise ConfigurationError(
                "hand_size is for unit 'round'; a match follows its schedule (R-SCHED-*)",
                field="hand_size",
            )
        dealer = full["dealer"]
        if not (is_whole(dealer) and -1 <= dealer < players):
            raise ConfigurationError(
                f"dealer must be -1 (chance picks) or a seat from 0 to {players - 1}, "
                f"not {excerpt(dealer)}",
                field="dealer",
            )
        schedule = Schedule.for_game(variant, players)
        self.variant: Variant = variant
        self.players: int = players
        self.match: bool = unit == "match"
        self.dealer: int = dealer
        self.schedule = schedule
        self.deck: tuple[int, ...] = tuple(sorted(card_id(c) for c in deck))
        self.deck_set = frozenset(self.deck)
        sizes = match_sizes(variant, players) if self.match else (hand_size or max(schedule),)
        self.rounds = len(sizes) if self.match else 0
        self.hand_size = sizes[0]
        self.max_hand = max(sizes)
        self.min_utility, self.max_utility = return_bounds(variant, sizes, match=self.match)
        bids = 0 if variant.is_classic else players
        self.max_length = sum(bids + players * s for s in sizes)
        scale = score_scale(variant, sizes) if self.match else 1.0
        self.info_layout = Layout(
            players=players, max_hand=self.max_hand, rounds=self.rounds, scale=scale
        )
        self.obs_layout = Layout(
            players=players, max_hand=self.max_hand, rounds=self.rounds, scale=scale, recall=False
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> _Config:
        return self  # never changes: states share it

    def deal_length(self, size: int) -> int:
        """How many chance nodes deal a round of ``size`` cards each."""
        source = trump_source(self.variant, players=self.players, hand_size=size)
        return self.players * size + (source == "turn_up")


class WhistGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game: ``pyspiel.load_game("whist_ro", {...})`` builds one.

    >>> import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]
    >>> game = pyspiel.load_game("whist_ro(variant=classic,unit=match)")
    >>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
    (4, 62, 52)
    >>> pyspiel.load_game("whist_ro", {"unit": "rubber"})
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: unit must be 'round' or 'match', not 'rubber'
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        config = _Config(dict(params or {}))
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_CARDS,
            num_players=config.players,
            min_utility=config.min_utility,
            max_utility=config.max_utility,
            max_game_length=config.max_length,
        )
        super().__init__(_GAME_TYPE, info, params or {})
        self.config = config

    def new_initial_state(self) -> WhistState:
        """The state before the deal."""
        return WhistState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """The observer of information states (perfect recall) or observations."""
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ConfigurationError(
                "whist_ro observes one player's view: public_info=True, private_info=SINGLE_PLAYER",
                field="iig_obs_type",
            )
        if params:
            raise ConfigurationError(
                f"whist_ro observers take no parameters, not {excerpt(params)}", field="params"
            )
        return _Observer(self.config, recall=recall)


class WhistState(pyspiel.State):  # type: ignore[misc]
    """A state of the game: a deal in progress, or a whist-ro ``Round`` / ``Match``.

    >>> import pyspiel
    >>> state = pyspiel.load_game("whist_ro", {"players": 3, "dealer": 1}).new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes()), str(state)
    (True, 24, 'round 1, dealer 1, dealt: ')
    """

    def __init__(self, game: WhistGame) -> None:
        super().__init__(game)
        self._cfg: _Config = game.config
        self._dealer: int | None = None if self._cfg.dealer < 0 else self._cfg.dealer
        self._index = 0  # the round being dealt or played
        self._dealt: list[int] = []  # card ids dealt so far in the current deal
        self._deal_start = 0 if self._dealer is not None else 1  # history length at the deal
        self._engine: Round | Match | None = None
        # A match whose round has just ended waits for the next deal: the last
        # action is applied once that deal is known (Match.with_deals).
        self._pending: Action | None = None
        # While cards go out: the state as the round starts, with a stand-in
        # deal, read only for its public match part (totals, past rounds).
        self._shown: Round | Match | None = None
        # Views of this state by seat: strings and tensors read the same view.
        self._views: dict[int, PlayerView] = {}
        if self._dealer is not None:
            self._start_deal()

    # -- where the state is ------------------------------------------------------

    def _size(self) -> int:
        return self._cfg.schedule.size_of(self._index) if self._cfg.match else self._cfg.hand_size

    def _round_dealer(self) -> int:
        assert self._dealer is not None
        return dealer_of(self._index, first_dealer=self._dealer, players=self._cfg.players)

    def _dealing(self) -> bool:
        return self._dealer is None or self._shown is not None

    def _start_deal(self) -> None:
        cfg = self._cfg
        stand_in = Deal.shuffled(
            cfg.variant,
            players=cfg.players,
            dealer=self._round_dealer(),
            hand_size=self._size(),
            seed=0,
        )
        self._dealt = []
        self._shown = self._with_deal(stand_in)

    def _with_deal(self, deal: Deal) -> Round | Match:
        """The state once ``deal`` is dealt: a round, or the match's next round."""
        if not self._cfg.match:
            return Round.from_deal(deal)
        if self._engine is None:
            return Match.new(self._cfg.variant, deals=[deal])
        assert isinstance(self._engine, Match)
        assert self._pending is not None
        return self._engine.with_deals([deal]).apply(self._pending)

    def _finish_deal(self) -> None:
        cfg = self._cfg
        dealt = set(self._dealt)
        rest = [c for c in cfg.deck if c not in dealt]
        deal = Deal.from_deck(
            cfg.variant,
            deck=[card_of(c) for c in (*self._dealt, *rest)],
            dealer=self._round_dealer(),
            hand_size=self._size(),
            players=cfg.players,
        )
        self._engine = self._with_deal(deal)
        self._pending = None
        self._shown = None

    # -- the OpenSpiel API ---------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while dealing, ``TERMINAL`` at the end."""
        if self._dealing():
            return int(pyspiel.PlayerId.CHANCE)
        assert self._engine is not None
        to_act = self._engine.to_act
        return int(pyspiel.PlayerId.TERMINAL) if to_act is None else to_act

    def is_terminal(self) -> bool:
        """True when the round (unit ``"round"``) or the match is over."""
        return not self._dealing() and self._engine is not None and self._engine.to_act is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer (seat ids) or the next card (card ids), all equally likely.

        Empty at decision and terminal nodes.
        """
        if self._dealer is None:
            n = self._cfg.players
            return [(s, 1.0 / n) for s in range(n)]
        if self._shown is None:
            return []
        dealt = set(self._dealt)
        left = [c for c in self._cfg.deck if c not in dealt]
        return [(c, 1.0 / len(left)) for c in left]

    def _legal_actions(self, player: int) -> list[int]:
        if self._dealing() or self._engine is None or player != self._engine.to_act:
            return []
        return legal_ids(self._engine)

    def _apply_action(self, action: int) -> None:
        # Every refusal below comes before any change: OpenSpiel adds the
        # action to the history only once this returns.
        if self._dealer is None:
            self._check_dealer(action)
            self._views = {}
            self._dealer = action
            self._start_deal()
            return
        if self._shown is not None:
            self._check_card(action)
            self._views = {}
            self._dealt.append(action)
            if len(self._dealt) == self._cfg.deal_length(self._size()):
                self._finish_deal()
            return
        engine = self._engine
        assert engine is not None
        seat = engine.to_act
        if seat is None:
            raise GameOverError(
                f"action {excerpt(action)} refused: the game is over (R-END-4)",
                rule="R-END-4",
                seat=int(pyspiel.PlayerId.TERMINAL),
                action=action,
            )
        move = action_of(action, seat=seat)
        if isinstance(engine, Round):
            self._engine = engine.apply(move)
            self._views = {}
            return
        try:
            self._engine = engine.apply(move)
        except OutOfDealsError:
            # The round is over and the match goes on: deal the next one first.
            self._pending = move
            self._index += 1
            self._deal_start = len(self.history()) + 1
            self._start_deal()
        self._views = {}

    def _check_dealer(self, action: int) -> None:
        """Refuse a dealer the chance node does not offer (R-SCHED-4)."""
        n = self._cfg.players
        if not (is_whole(action) and 0 <= action < n):
            raise InvalidDealError(
                f"the dealer is a seat from 0 to {n - 1}, not {excerpt(action)} (R-SCHED-4)",
                rule="R-SCHED-4",
            )

    def _check_card(self, action: int) -> None:
        """Refuse a card id that is not among the undealt cards of the deck (R-DECK-4)."""
        deck = self._cfg.deck
        if not (is_whole(action) and action in self._cfg.deck_set):
            raise InvalidDealError(
                f"chance outcome {excerpt(action)} cannot be dealt: the {len(deck)}-card deck "
                f"has the card ids {deck[0]} to {deck[-1]} (R-DECK-4)",
                rule="R-DECK-4",
            )
        if action in self._dealt:
            raise InvalidDealError(
                f"{card_of(action)} cannot be dealt: it was dealt already (R-DECK-4)",
                rule="R-DECK-4",
            )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._dealer is None:
                return f"dealer seat {action}"
            return f"deal {card_of(int(action))}"
        if action == ONLY_CARD:
            return "play my only card"
        if action >= BID_BASE:
            return f"bid {action - BID_BASE}"
        return f"play {card_of(int(action))}"

    def returns(self) -> list[float]:
        """Zero until the end; then the round's points or the match's final totals."""
        n = self._cfg.players
        if not self.is_terminal():
            return [0.0] * n
        engine = self._engine
        if isinstance(engine, Round):
            return [float(p) for p in engine.points]
        assert isinstance(engine, Match)
        return match_results(engine)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WhistState:
        """A state drawn uniformly among those ``player_id`` cannot tell from this one.

        The current deal is redrawn with :meth:`PlayerView.sample
        <whist_ro.views.PlayerView.sample>`, so every shown void and every
        card the seat saw is respected; the result replays this state's
        history with the drawn deal.  ``probability_sampler()`` (a float in
        [0, 1)) seeds the draw.
        """
        if self._dealing():
            raise ConfigurationError(
                "resample_from_infostate is for decision and terminal states, not a deal "
                "in progress",
                field="state",
            )
        engine = self._engine
        assert engine is not None
        seed = _seed_of(probability_sampler())
        drawn = engine.view(player_id).sample(random.Random(seed))
        deal = drawn.deal if isinstance(drawn, Round) else drawn.round.deal
        history = self.history()
        length = self._cfg.deal_length(self._size())
        state = self.get_game().new_initial_state()
        for action in (
            *history[: self._deal_start],
            *_deal_order(deal),
            *history[self._deal_start + length :],
        ):
            state.apply_action(action)
        assert isinstance(state, WhistState)
        return state

    def __str__(self) -> str:
        if self._dealer is None:
            return "choosing the dealer"
        if self._dealing():
            cards = " ".join(str(card_of(c)) for c in self._dealt)
            return f"round {self._index + 1}, dealer {self._round_dealer()}, dealt: {cards}"
        round_ = self._round()
        hands = " | ".join(str(h) for h in round_.deal.hands)
        lines = [repr(self._engine), f"hands: {hands}", f"turn-up: {round_.deal.turn_up}"]
        lines.append("actions: " + " ".join(str(action_id(a)) for a in round_.actions))
        if isinstance(self._engine, Match):
            lines.append("totals: " + " ".join(str(t) for t in self._engine.totals))
        return "\n".join(lines)

    # -- views ---------------------------------------------------------------------

    def _round(self) -> Round:
        engine = self._engine
        assert engine is not None
        return engine if isinstance(engine, Round) else engine.round

    def _seen_so_far(self, player: int) -> CardSet:
        """The player's own cards among those dealt so far (none in a blind round)."""
        cfg = self._cfg
        size = self._size()
        if blind_mode(cfg.variant, size) is not None:
            return CardSet()
        first = first_hand(self._round_dealer(), cfg.players)
        mine = [
            card_of(c)
            for k, c in enumerate(self._dealt[: cfg.players * size])
            if (first + k) % cfg.players == player
        ]
        return CardSet(mine)

    def _view(self, player: int) -> PlayerView:
        view = self._views.get(player)
        if view is None:
            shown = self._engine if self._shown is None else self._shown
            assert shown is not None
            view = self._views[player] = shown.view(player)
        return view

    def _write(self, out: Any, layout: Layout, player: int) -> None:
        out.fill(0.0)
        if self._dealer is None:
            out[layout.offset("phase")] = 1.0
            return
        dealt = None if self._shown is None else self._seen_so_far(player)
        encode(self._view(player), out, layout, dealt=dealt, clear=False)

    def _text(self, player: int, *, recall: bool) -> str:
        if self._dealer is None:
            return f"seat {player}: the dealer is being chosen"
        view = self._view(player)
        if self._shown is not None:
            return history_text(view, dealt=self._seen_so_far(player))
        return history_text(view) if recall else str(view)


def _seed_of(value: object) -> int:
    """The seed a probability sampler's draw gives: ``value`` must be a float in [0, 1)."""
    if not (
        isinstance(value, int | float | np.floating | np.integer)
        and not isinstance(value, bool)
        and 0 <= value < 1  # NaN fails too
    ):
        raise ConfigurationError(
            f"probability_sampler() must return a float in [0, 1), not {excerpt(value)}",
            field="probability_sampler",
        )
    return int(float(value) * 2**53)


def _deal_order(deal: Deal) -> list[int]:
    """The chance outcomes that deal ``deal``: its cards in the order they go out (R-DEAL-1)."""
    players, size, dealer = deal.players, deal.hand_size, deal.dealer
    hands = [sorted(card_id(c) for c in hand) for hand in deal.hands]
    turn_up = deal.turn_up
    source = trump_source(deal.variant, players=players, hand_size=size)
    if turn_up is not None and source == "dealer_last":
        # The dealer's last card is the one turned up (R-TRUMP-3).
        hands[dealer].remove(card_id(turn_up))
        hands[dealer].append(card_id(turn_up))
    first = deal.first_hand
    order = [hands[(first + k) % players][k // players] for k in range(players * size)]
    if turn_up is not None and source == "turn_up":
        order.append(card_id(turn_up))
    return order


class _Observer:
    """OpenSpiel's Python observer: a flat tensor, named views of it, and strings."""

    def __init__(self, config: _Config, *, recall: bool) -> None:
        self._recall = recall
        self._layout = config.info_layout if recall else config.obs_layout
        self.tensor = np.zeros(self._layout.size, np.float32)
        self.dict: dict[str, Any] = {}
        for name, start, shape in self._layout.sections:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + size].reshape(shape)

    def set_from(self, state: WhistState, player: int) -> None:
        """Write ``state`` as ``player`` sees it into :attr:`tensor`."""
        state._write(self.tensor, self._layout, player)

    def string_from(self, state: WhistState, player: int) -> str:
        """``state`` as ``player`` sees it: its history, or its view now."""
        return state._text(player, recall=self._recall)


pyspiel.register_game(_GAME_TYPE, WhistGame)
