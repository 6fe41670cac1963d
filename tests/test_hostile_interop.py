"""Hostile input to the adapters (issue 16, items 10 and 11) and the vectorised environment.

The OpenSpiel game refuses every action that is not legal at the node, at
chance, decision and terminal nodes alike, with a ``WhistError`` subclass and
the state unchanged; ``resample_from_infostate`` refuses a sampler that does
not return a float in [0, 1).  PettingZoo's ``env()`` (the checked layer)
refuses every bad call with a ``WhistError`` subclass and changes nothing;
``raw_env`` is PettingZoo's unchecked layer.
"""

from __future__ import annotations

import math
import warnings
from typing import Any

import pytest

pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'whist-ro[openspiel]'"
)
pytest.importorskip(
    "pettingzoo", reason="PettingZoo is not installed: pip install 'whist-ro[pettingzoo]'"
)

import numpy as np
import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import whist_ro.interop.openspiel  # noqa: F401  (registers the game)
from whist_ro.errors import (
    ActionTypeError,
    ActionValueError,
    ConfigurationError,
    GameOverError,
    IllegalActionError,
    InvalidDealError,
    WhistError,
)
from whist_ro.interop import BID_BASE, NUM_ACTIONS
from whist_ro.interop.pettingzoo import env, raw_env
from whist_ro.interop.vector import VectorEnv

# -- OpenSpiel (16.10) ----------------------------------------------------------------


def load(**params: Any) -> Any:
    return pyspiel.load_game("whist_ro", params)


def shown(state: Any) -> tuple[object, ...]:
    """Everything a caller can read of an OpenSpiel state (to check that nothing changed)."""
    player = state.current_player()
    return (
        state.history(),
        str(state),
        player,
        state.is_terminal(),
        state.chance_outcomes() if state.is_chance_node() else None,
        state.legal_actions(),
        state.returns(),
        [state.information_state_string(p) for p in range(state.num_players())],
        [state.observation_tensor(p) for p in range(state.num_players())],
    )


def refused(state: Any, action: object, error: type[WhistError]) -> WhistError:
    before = shown(state)
    with pytest.raises(error) as caught:
        state.apply_action(action)
    assert shown(state) == before
    return caught.value


def dealt(players: int = 3, hand_size: int = 2, seed: int = 1) -> Any:
    state = load(players=players, hand_size=hand_size).new_initial_state()
    rng = np.random.default_rng(seed)
    while state.is_chance_node():
        state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
    return state


def finished(seed: int = 1) -> Any:
    state = dealt(seed=seed)
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_16_10_openspiel_itself_refuses_its_invalid_action_id() -> None:
    """-1 is OpenSpiel's kInvalidAction: pyspiel refuses it before the game sees it."""
    for state in (load(players=3).new_initial_state(), dealt(), finished()):
        before = shown(state)
        with pytest.raises(pyspiel.SpielError):
            state.apply_action(-1)
        assert shown(state) == before


@pytest.mark.parametrize("action", [99, 3, -2, 2**40])
def test_16_10_the_dealer_chance_node_refuses_a_seat_it_does_not_offer(action: int) -> None:
    state = load(players=3).new_initial_state()
    assert [a for a, _ in state.chance_outcomes()] == [0, 1, 2]
    error = refused(state, action, InvalidDealError)
    assert error.rule == "R-SCHED-4"
    assert state.history() == []


def test_16_10_a_deal_node_refuses_a_card_outside_the_deck_or_dealt_already() -> None:
    state = load(players=3, dealer=0).new_initial_state()
    state.apply_action(51)  # As
    for action in (51, 0, 52, 53, 99, -2, 2**40):  # dealt; 2c not in a 24-card deck; not cards
        assert refused(state, action, InvalidDealError).rule == "R-DECK-4"


def test_16_10_a_decision_node_refuses_ids_out_of_range_and_illegal_ids() -> None:
    state = dealt()
    legal = state.legal_actions()
    refused(state, 99, ConfigurationError)
    refused(state, -2, ConfigurationError)
    illegal = next(a for a in range(NUM_ACTIONS) if a not in legal)
    refused(state, illegal, IllegalActionError)
    refused(state, BID_BASE + 8, IllegalActionError)  # 2-card hands (R-BID-3)


def test_16_10_a_terminal_state_refuses_every_action() -> None:
    state = finished()
    for action in (0, BID_BASE, 99):
        assert refused(state, action, GameOverError).rule == "R-END-4"


def test_16_10_chance_outcomes_are_empty_where_there_is_no_chance() -> None:
    assert dealt().chance_outcomes() == []
    assert finished().chance_outcomes() == []


@pytest.mark.parametrize(
    "value",
    [math.nan, math.inf, -math.inf, "0.5", None, 1.0, -0.1, True, [0.5], 10**400, 1j],
    ids=lambda v: type(v).__name__ if isinstance(v, int) else repr(v),
)
def test_16_10_resampling_refuses_a_sampler_that_returns_no_probability(value: object) -> None:
    state = dealt()
    before = shown(state)
    with pytest.raises(ConfigurationError) as caught:
        state.resample_from_infostate(0, lambda: value)
    assert caught.value.field == "probability_sampler"
    assert shown(state) == before


@pytest.mark.parametrize("value", [0.0, 0.5, np.float64(0.999), 0])
def test_16_10_resampling_takes_any_float_in_the_unit_interval(value: object) -> None:
    state = dealt()
    drawn = state.resample_from_infostate(1, lambda: value)
    assert drawn.information_state_string(1) == state.information_state_string(1)


@pytest.mark.parametrize("player", [3, -1, 99])
def test_16_10_resampling_refuses_a_seat_that_is_not_at_the_table(player: int) -> None:
    with pytest.raises(ConfigurationError):
        dealt().resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**16),
    steps=st.integers(0, 40),
    action=st.integers(-(2**62), 2**62) | st.integers(-3, NUM_ACTIONS + 3),
)
def test_16_10_any_action_at_any_node_is_taken_only_if_legal(
    seed: int, steps: int, action: int
) -> None:
    """Random nodes (the dealer node, deal nodes, decisions, the end) and random ids."""
    state = load(players=3, hand_size=3).new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    legal = (
        [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    )
    before = shown(state)
    try:
        state.apply_action(action)
    except (WhistError, pyspiel.SpielError):  # SpielError: -1, OpenSpiel's kInvalidAction
        assert action not in legal
        assert shown(state) == before
    else:
        assert action in legal
        assert state.history()[-1] == action


# -- PettingZoo (16.11) -----------------------------------------------------------------


def pz_shown(e: Any) -> tuple[object, ...]:
    """What a caller can read of an AEC environment (to check that nothing changed)."""
    raw = e.unwrapped
    return (
        raw.agent_selection,
        dict(raw.rewards),
        dict(raw._cumulative_rewards),
        dict(raw.terminations),
        list(raw.agents),
        raw._match,
    )


def started(**kwargs: Any) -> Any:
    e = env(**kwargs)
    e.reset(seed=3)
    return e


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (None, ActionTypeError),
        ([53], ActionTypeError),
        (53.9, ActionTypeError),
        (53.0, ActionTypeError),
        ("53", ActionTypeError),
        (np.float64(53), ActionTypeError),
        (np.array([53]), ActionTypeError),
        (True, ActionTypeError),
        (np.bool_(True), ActionTypeError),
        (62, ActionValueError),
        (-1, ActionValueError),
        (np.int64(2**40), ActionValueError),
    ],
    ids=repr,
)
def test_16_11_env_refuses_an_action_that_is_not_a_whole_number_in_range(
    action: object, error: type[WhistError]
) -> None:
    e = started()
    before = pz_shown(e)
    with pytest.raises(error):
        e.step(action)
    assert pz_shown(e) == before


@pytest.mark.parametrize("action", [BID_BASE, np.int64(BID_BASE), np.array(BID_BASE)], ids=repr)
def test_16_11_env_takes_ints_numpy_integers_and_0d_integer_arrays(action: object) -> None:
    e = started()
    match = e.unwrapped._match
    e.step(action)  # round 1 has one card: bidding 0 is always legal
    assert len(e.unwrapped._match.history) == len(match.history) + 1


def test_16_11_env_refuses_step_and_observe_before_reset() -> None:
    e = env()
    with pytest.raises(ConfigurationError, match="reset"):
        e.step(BID_BASE)
    with pytest.raises(ConfigurationError, match="reset"):
        e.observe("player_0")


@pytest.mark.parametrize("agent", ["player_9", "player_-1", 0, None, np.array(["player_0"])])
def test_16_11_env_refuses_to_observe_an_agent_that_does_not_exist(agent: object) -> None:
    e = started()
    with pytest.raises(ConfigurationError) as caught:
        e.observe(agent)
    assert caught.value.field == "agent"


def test_16_11_a_finished_agent_steps_only_with_none() -> None:
    e = started(players=3)
    for _ in e.agent_iter():
        observation, _, termination, truncation, _ = e.last()
        if termination or truncation:
            break
        e.step(int(np.flatnonzero(observation["action_mask"])[0]))
    before = pz_shown(e)
    with pytest.raises(ActionValueError):
        e.step(BID_BASE)
    assert pz_shown(e) == before
    e.step(None)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"rewards": np.array([1, 2])}, "rewards"),
        ({"rewards": ["round"]}, "rewards"),
        ({"render_mode": np.array(["ansi", "human"])}, "render_mode"),
        ({"variant": np.array([1, 2])}, "name"),
        ({"players": np.array([3, 4])}, "players"),
        ({"players": 4.0}, "players"),
    ],
    ids=repr,
)
def test_16_11_bad_constructor_arguments_raise_a_whist_error(
    kwargs: dict[str, Any], field: str
) -> None:
    for make in (env, raw_env):
        with pytest.raises(ConfigurationError) as caught:
            make(**kwargs)
        assert caught.value.field == field


def test_16_11_an_illegal_but_valid_id_still_ends_the_game_as_pettingzoo_does() -> None:
    e = started(players=3)
    agent = e.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(0)  # 2c: not in a 24-card deck, and bidding anyway
    assert e.terminations[agent]
    assert e.rewards[agent] == -1


JUNK = (
    st.none()
    | st.booleans()
    | st.floats(allow_nan=True)
    | st.text(max_size=5)
    | st.integers(-(2**70), 2**70)
    | st.lists(st.integers(0, 61), max_size=3)
    | st.integers(0, 61).map(np.int32)
    | st.integers(0, 61).map(np.float32)
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), steps=st.integers(0, 30), action=JUNK)
def test_16_11_env_takes_any_junk_only_if_it_is_a_legal_id(
    seed: int, steps: int, action: object
) -> None:
    e = env(players=3)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        observation = e.observe(e.agent_selection)
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    mask = e.observe(e.agent_selection)["action_mask"]
    before = pz_shown(e)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            e.step(action)
    except WhistError:
        assert pz_shown(e) == before
    else:
        # Accepted: a whole number in range, either legal (played) or illegal (the wrapper
        # ended the game with the penalty, as PettingZoo's TerminateIllegalWrapper does).
        assert not isinstance(action, bool | float | str | list | type(None))
        value = int(action)  # type: ignore[call-overload]
        assert 0 <= value < NUM_ACTIONS
        if mask[value]:
            assert e.unwrapped._match is not before[-1]
        else:
            assert all(e.terminations.values())


# -- the vectorised environment ---------------------------------------------------------

VECTOR_JUNK = (
    st.none()
    | st.text(max_size=4)
    | st.integers(-(2**70), 2**70)
    | st.lists(st.integers(-(2**66), 2**66), min_size=0, max_size=5)
    | st.lists(st.floats(allow_nan=True), min_size=3, max_size=3)
    | st.lists(st.integers(0, NUM_ACTIONS + 2), min_size=3, max_size=3)
    | st.lists(st.booleans(), min_size=3, max_size=3)
    | st.lists(st.integers(0, 61), min_size=3, max_size=3).map(
        lambda xs: np.array(xs, dtype=object)
    )
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), steps=st.integers(0, 20), actions=VECTOR_JUNK)
def test_16_vector_env_takes_only_one_legal_id_per_game(
    seed: int, steps: int, actions: object
) -> None:
    env = VectorEnv("romanian", 3, 3, hand_size=3, debug=True)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    observations = infos = None
    for _ in range(steps):
        observations, _, _, _, infos = env.step(env.sample_actions(rng))
    if observations is None:
        observations, infos = env.reset(seed=seed)
    assert infos is not None
    before = (observations.copy(), infos["action_mask"].copy())
    try:
        env.step(actions)  # type: ignore[arg-type]
    except WhistError:
        assert np.array_equal(observations, before[0])
        env.step(env.sample_actions(rng))  # debug mode: the state is still the engine's
    else:
        taken = np.asarray(actions)
        assert taken.dtype.kind in "iu"
        live = before[1].any(axis=1)
        assert before[1][live, taken[live]].all()
