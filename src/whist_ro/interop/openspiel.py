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

try:
    import numpy as np
    import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ModuleNotFoundError as error:  # an optional dependency: say which extra brings it
    from whist_ro.errors import missing_extra

    raise missing_extra(error, extra="openspiel", needed_by=__name__) from None

from whist_ro import variants as _variants
from whist_ro._check import excerpt, is_whole
from whist_ro.actions import Action
from whist_ro.cards import CardSet
from whist_ro.engine.deal import Deal
from whist_ro.engine.match import Match
from whist_ro.engine.round import Phase, Round
from whist_ro.errors import (
    ConfigurationError,
    GameOverError,
    IllegalActionError,
    InvalidDealError,
    OutOfDealsError,
)
from whist_ro.interop.encoding import (
    _MOVES,
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
from whist_ro.rules.dealing import dealt_to, trump_card_index, trump_source
from whist_ro.rules.scheduling import dealer_of
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
        self.deck_bytes = bytes(self.deck)
        self.dealer_outcomes = [(s, 1.0 / players) for s in range(players)]
        sizes = match_sizes(variant, players) if self.match else (hand_size or max(schedule),)
        # Per round of the game (one for unit "round"): its hand size, how many
        # chance nodes deal it, and whether it is played blind (R-VIEW-3).
        self.sizes: tuple[int, ...] = sizes
        self.deal_lengths = tuple(self.deal_length(size) for size in sizes)
        self.blind = tuple(blind_mode(variant, size) is not None for size in sizes)
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


_CARDS: Final = tuple(card_of(c) for c in range(NUM_CARDS))
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
# One byte string per card id: the deal keeps its cards as bytes (see WhistState).
_BYTE: Final = tuple(bytes((c,)) for c in range(NUM_CARDS))


class WhistState(pyspiel.State):  # type: ignore[misc]
    """A state of the game: a deal in progress, or a whist-ro ``Round`` / ``Match``.

    The state keeps what OpenSpiel asks at every step ready in plain
    attributes (the player to act, the undealt cards) and advances the
    engine's immutable ``Round`` or ``Match``, which checks every move.
    Views, strings and tensors are built only when asked for.  Python
    callers reach :meth:`current_player`, :meth:`is_chance_node`,
    :meth:`is_terminal` and :meth:`legal_actions` without a round trip
    through C++; C++ callers get the same answers through OpenSpiel's
    trampolines.

    >>> import pyspiel
    >>> state = pyspiel.load_game("whist_ro", {"players": 3, "dealer": 1}).new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes()), str(state)
    (True, 24, 'round 1, dealer 1, dealt: ')
    """

    def __init__(self, game: WhistGame) -> None:
        super().__init__(game)
        cfg: _Config = game.config
        self._cfg = cfg
        # The player to act: a seat, _CHANCE while the dealer or a card is
        # drawn, _TERMINAL at the end.
        self._player = _CHANCE
        self._dealer: int | None = None if cfg.dealer < 0 else cfg.dealer
        self._index = 0  # the round being dealt or played
        # The current deal: the card ids dealt so far in order, and those
        # left in ascending order.  Bytes, because a clone deep-copies every
        # attribute and bytes cost nothing to copy.
        self._dealt = b""
        self._left = cfg.deck_bytes
        self._deal_start = 0 if self._dealer is not None else 1  # history length at the deal
        self._engine: Round | Match | None = None
        # A match whose round has just ended waits for the next deal: the last
        # action is applied once that deal is known (Match.with_deals).
        self._pending: Action | None = None
        # Views of this state by seat, built when a string or tensor asks.
        self._views: dict[int, PlayerView] | None = None

    # -- where the state is ------------------------------------------------------

    def _size(self) -> int:
        return self._cfg.sizes[self._index]

    def _round_dealer(self) -> int:
        assert self._dealer is not None
        return dealer_of(self._index, first_dealer=self._dealer, players=self._cfg.players)

    def _with_deal(self, deal: Deal) -> Round | Match:
        """The state once ``deal`` is dealt: a round, or the match's next round."""
        if not self._cfg.match:
            return Round.from_deal(deal)
        if self._engine is None:
            return Match.new(self._cfg.variant, deals=[deal])
        assert isinstance(self._engine, Match)
        assert self._pending is not None
        return self._engine.with_deals([deal]).apply(self._pending)

    def _shown(self) -> Round | Match:
        """While cards go out: the state as the round starts, on a stand-in deal.

        Read only for the dealer, the hand size and the match's public part
        (totals, past rounds): the cards the seat holds so far come from
        :meth:`_seen_so_far`.
        """
        cfg = self._cfg
        stand_in = Deal.shuffled(
            cfg.variant,
            players=cfg.players,
            dealer=self._round_dealer(),
            hand_size=self._size(),
            seed=0,
        )
        return self._with_deal(stand_in)

    def _finish_deal(self) -> None:
        cfg = self._cfg
        deal = Deal.from_deck(
            cfg.variant,
            deck=[_CARDS[c] for c in self._dealt + self._left],
            dealer=self._round_dealer(),
            hand_size=self._size(),
            players=cfg.players,
        )
        engine = self._engine = self._with_deal(deal)
        self._pending = None
        to_act = engine.to_act
        self._player = _TERMINAL if to_act is None else to_act

    # -- the OpenSpiel API ---------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while dealing, ``TERMINAL`` at the end."""
        return self._player

    def is_chance_node(self) -> bool:
        """True while the dealer or a card is being drawn."""
        return self._player == _CHANCE

    def is_terminal(self) -> bool:
        """True when the round (unit ``"round"``) or the match is over."""
        return self._player == _TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer (seat ids) or the next card (card ids), all equally likely.

        Empty at decision and terminal nodes.
        """
        if self._player != _CHANCE:
            return []
        if self._dealer is None:
            return self._cfg.dealer_outcomes[:]
        left = self._left
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids of ``player`` (default: the player to act), ascending.

        At a chance node, the chance outcomes; empty for a seat whose turn
        it is not and at the end.  The same answer as OpenSpiel's C++
        ``LegalActions``, without its round trips into Python.
        """
        if self._player >= 0 and (player is None or player == self._player):
            return self._legal_ids()
        if player is None:
            return pyspiel.State.legal_actions(self)  # type: ignore[no-any-return]
        return pyspiel.State.legal_actions(self, player)  # type: ignore[no-any-return]

    def _legal_actions(self, player: int) -> list[int]:
        # C++'s LegalActions asks here once it has checked that ``player`` acts.
        return self._legal_ids() if player == self._player else []

    def _legal_ids(self) -> list[int]:
        engine = self._engine
        assert engine is not None
        return legal_ids(engine)

    def _apply_action(self, action: int) -> None:
        # Every refusal comes before any change: OpenSpiel adds the action to
        # the history only once this returns.
        player = self._player
        if player >= 0:
            self._decide(player, action)
        elif player == _CHANCE:
            if self._dealer is None:
                self._choose_dealer(action)
            else:
                self._deal_card(action)
        else:
            raise GameOverError(
                f"action {excerpt(action)} refused: the game is over (R-END-4)",
                rule="R-END-4",
                seat=_TERMINAL,
                action=action,
            )
        self._views = None

    def _choose_dealer(self, action: int) -> None:
        n = self._cfg.players
        if not 0 <= action < n:
            raise InvalidDealError(
                f"the dealer is a seat from 0 to {n - 1}, not {excerpt(action)} (R-SCHED-4)",
                rule="R-SCHED-4",
            )
        self._dealer = action

    def _deal_card(self, action: int) -> None:
        left = self._left
        if not (0 <= action < NUM_CARDS and action in left):
            deck = self._cfg.deck
            if 0 <= action < NUM_CARDS and action in self._dealt:
                why = f"{card_of(action)} was dealt already"
            else:
                why = f"the {len(deck)}-card deck has the card ids {deck[0]} to {deck[-1]}"
            raise InvalidDealError(
                f"chance outcome {excerpt(action)} cannot be dealt: {why} (R-DECK-4)",
                rule="R-DECK-4",
            )
        byte = _BYTE[action]
        self._left = left.replace(byte, b"")
        self._dealt += byte
        if len(self._dealt) == self._cfg.deal_lengths[self._index]:
            self._finish_deal()

    def _decide(self, seat: int, action: int) -> None:
        engine = self._engine
        assert engine is not None
        if not 0 <= action < NUM_ACTIONS:
            action_of(action, seat=seat)  # raises the encoding's error for the id
        move = _MOVES[seat][action]
        if (
            self._cfg.blind[self._index]
            and action < ONLY_CARD
            and self._round().phase is Phase.PLAYING
        ):
            raise IllegalActionError(
                f"seat {seat} cannot play {card_of(action)}: in a blind 1-card round it does not "
                f"see its card and plays 'my only card' ({ONLY_CARD}) (R-VIEW-3)",
                rule="R-VIEW-3",
                seat=seat,
                action=move,
            )
        if type(engine) is Round:
            engine = self._engine = engine.apply(move)
            to_act = engine.to_act
            self._player = _TERMINAL if to_act is None else to_act
            return
        assert isinstance(engine, Match)
        try:
            engine = self._engine = engine.apply(move)
        except OutOfDealsError:
            # The round is over and the match goes on: deal the next one first.
            self._pending = move
            self._index += 1
            self._deal_start = len(self.history()) + 1
            self._dealt = b""
            self._left = self._cfg.deck_bytes
            self._player = _CHANCE
            return
        to_act = engine.to_act
        self._player = _TERMINAL if to_act is None else to_act

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            if self._dealer is None:
                return f"dealer seat {action}"
            return f"deal {card_of(action)}"
        if action == ONLY_CARD:
            return "play my only card"
        if action >= BID_BASE:
            return f"bid {action_of(action, seat=0).tricks}"  # type: ignore[attr-defined]
        return f"play {card_of(action)}"

    def returns(self) -> list[float]:
        """Zero until the end; then the round's points or the match's final totals."""
        if self._player != _TERMINAL:
            return [0.0] * self._cfg.players
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
        [0, 1)) seeds the draw; anything else raises a
        :class:`~whist_ro.errors.ConfigurationError` naming
        ``probability_sampler``.
        """
        if self._player == _CHANCE:
            raise ConfigurationError(
                "resample_from_infostate is for decision and terminal states, not a deal "
                "in progress",
                field="state",
            )
        engine = self._engine
        assert engine is not None
        view = engine.view(player_id)
        seed = _seed_of(probability_sampler())
        drawn = view.sample(random.Random(seed))
        deal = drawn.deal if isinstance(drawn, Round) else drawn.round.deal
        history = self.history()
        length = self._cfg.deal_lengths[self._index]
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
        if self._player == _CHANCE:
            cards = " ".join(str(_CARDS[c]) for c in self._dealt)
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
        if cfg.blind[self._index]:
            return CardSet()
        dealer, players = self._round_dealer(), cfg.players
        mine = [
            _CARDS[c]
            for k, c in enumerate(self._dealt[: players * size])
            if dealt_to(k, dealer=dealer, players=players) == player
        ]
        return CardSet(mine)

    def _view(self, player: int) -> PlayerView:
        views = self._views
        if views is None:
            views = self._views = {}
        view = views.get(player)
        if view is None:
            shown = self._shown() if self._player == _CHANCE else self._engine
            assert shown is not None
            view = views[player] = shown.view(player)
        return view

    def _write(self, out: Any, layout: Layout, player: int) -> None:
        out.fill(0.0)
        if self._dealer is None:
            out[layout.offset("phase")] = 1.0
            return
        dealt = self._seen_so_far(player) if self._player == _CHANCE else None
        encode(self._view(player), out, layout, dealt=dealt, clear=False)

    def _text(self, player: int, *, recall: bool) -> str:
        if self._dealer is None:
            return f"seat {player}: the dealer is being chosen"
        view = self._view(player)
        if self._player == _CHANCE:
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
    source = trump_source(deal.variant, players=players, hand_size=size)
    # The rule book places the trump card (the turn-up after the deal, or the
    # dealer's last card, R-TRUMP-*) and says whose each other card is.
    trump_at = trump_card_index(source, players=players, hand_size=size)
    trump = None if deal.turn_up is None else card_id(deal.turn_up)
    hands = [iter(sorted(card_id(c) for c in hand if card_id(c) != trump)) for hand in deal.hands]
    order: list[int] = []
    for k in range(players * size + (source == "turn_up")):
        if k == trump_at and trump is not None:
            order.append(trump)
        else:
            order.append(next(hands[dealt_to(k, dealer=dealer, players=players)]))
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
