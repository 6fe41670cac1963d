"""The PettingZoo environment: PettingZoo's own API and seed tests, rewards, masks."""

from __future__ import annotations

import os
import warnings
from typing import Any

import attrs
import pytest

pytest.importorskip(
    "pettingzoo", reason="PettingZoo is not installed: pip install 'whist-ro[pettingzoo]'"
)

import numpy as np
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped, import-not-found, unused-ignore]

import whist_ro as wr
from whist_ro.errors import ConfigurationError, WhistError
from whist_ro.interop import BID_BASE, ONLY_CARD
from whist_ro.interop.encoding import encode
from whist_ro.interop.pettingzoo import env, raw_env

# Every preset once, by its own name (aliases left out).
PRESETS = sorted({wr.variants.get(name).name for name in wr.variants.names()})

# PettingZoo's checker warns about every dict observation ("not a NumPy array"),
# as it does for its own classic games; those warnings say nothing about this env.
DICT_OBSERVATION_WARNINGS = ("Observation is not a NumPy array", "Observation space for each")


def run_quietly(check: Any, *args: Any, **kwargs: Any) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check(*args, **kwargs)
    return sorted(
        {str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)}
    )


@pytest.mark.parametrize("rewards", ["round", "match"])
@pytest.mark.parametrize("variant", PRESETS)
def test_pettingzoo_api_test(variant: str, rewards: str) -> None:
    assert run_quietly(api_test, env(variant=variant, rewards=rewards), num_cycles=1000) == []


@pytest.mark.parametrize("variant", ["romanian", "romanian-hidden", "classic"])
def test_pettingzoo_seed_test(variant: str) -> None:
    assert run_quietly(seed_test, lambda: env(variant=variant, players=4), num_cycles=500) == []


@pytest.mark.parametrize("players", [3, 5, 6])
def test_pettingzoo_api_test_other_table_sizes(players: int) -> None:
    assert run_quietly(api_test, env(players=players), num_cycles=1000) == []


def play_match(e: Any, seed: int) -> tuple[dict[str, float], list[tuple[str, float]]]:
    """Random legal play to the end; the rewards each agent saw, and every nonzero one."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    paid: list[tuple[str, float]] = []
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        if reward:
            paid.append((agent, reward))
        if termination or truncation:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals, paid


def test_round_rewards_add_up_to_the_match_totals() -> None:
    e = raw_env(variant="romanian", players=3)
    totals, paid = play_match(e, seed=11)
    match = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=11)
    assert len(paid) > 3 * 5  # paid round by round, not once
    final = e._match
    assert final is not None
    assert final.is_over
    assert final.seed == match.seed
    assert [totals[f"player_{s}"] for s in range(3)] == [float(t) for t in final.totals]


def test_match_rewards_come_once_at_the_end() -> None:
    e = raw_env(variant="inverted", players=4, rewards="match")
    totals, paid = play_match(e, seed=12)
    final = e._match
    assert final is not None
    assert len(paid) <= 4  # one payment per seat, at the end
    assert [totals[f"player_{s}"] for s in range(4)] == [float(t) for t in final.totals]


def test_R_RANK_8_a_classic_match_pays_match_points() -> None:
    e = raw_env(variant="classic-rubber", rewards="match")
    totals, _ = play_match(e, seed=13)
    final = e._match
    assert final is not None
    assert final.rubber is not None
    winners = set(final.winners)
    best = max(totals.values())
    assert {s for s in range(4) if totals[f"player_{s}"] == best} == winners


def test_the_action_mask_lists_exactly_the_legal_actions() -> None:
    e = raw_env(variant="romanian", players=4)
    e.reset(seed=2)
    observation = e.observe(e.agent_selection)
    match = wr.Match.new(wr.variants.ROMANIAN, players=4, seed=2)
    seat = match.to_act
    assert seat is not None
    assert e.agent_selection == f"player_{seat}"
    # Round 1 holds one card: the dealer's neighbour may bid 0 or 1 (R-BID-1).
    assert np.flatnonzero(observation["action_mask"]).tolist() == [BID_BASE, BID_BASE + 1]
    other = e.observe(f"player_{(seat + 1) % 4}")
    assert not other["action_mask"].any()


def test_R_VIEW_3_a_hidden_round_masks_all_but_my_only_card() -> None:
    e = raw_env(variant="romanian-hidden", players=3)
    e.reset(seed=4)
    for _ in range(3):  # the three bids of the first (1-card) round
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    mask = e.observe(e.agent_selection)["action_mask"]
    assert np.flatnonzero(mask).tolist() == [ONLY_CARD]


def test_an_illegal_action_ends_the_game_with_a_penalty_in_the_wrapped_env() -> None:
    e = env(variant="romanian", players=3)
    e.reset(seed=5)
    agent = e.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(0)  # 2c is not even in the 3-player deck
    assert e.terminations[agent]
    assert e.rewards[agent] == -1


def test_an_illegal_action_in_the_raw_env_raises_the_engine_error() -> None:
    e = raw_env(variant="romanian", players=3)
    e.reset(seed=5)
    with pytest.raises(WhistError):
        e.step(BID_BASE + 5)  # round 1 has one card (R-BID-3)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"variant": "bridge"}, "name"),
        ({"players": 7}, "players"),
        ({"players": 2.5}, "players"),
        ({"rewards": "trick"}, "rewards"),
        ({"render_mode": "rgb_array"}, "render_mode"),
    ],
)
def test_bad_arguments_are_refused_by_name(kwargs: dict[str, Any], field: str) -> None:
    with pytest.raises(ConfigurationError) as error:
        raw_env(**kwargs)
    assert error.value.field == field


def test_using_the_env_before_reset_is_refused() -> None:
    with pytest.raises(ConfigurationError, match="reset"):
        raw_env().observe("player_0")


def test_ansi_render_shows_the_seat_to_act() -> None:
    e = raw_env(variant="romanian", players=3, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str)
    assert text.splitlines()[0].startswith("romanian, 3 players: round 1 of 21")
    assert "<- you" in text


# -- the tracked tensors are encode()'s -------------------------------------------------

# Matches per variant and table size compared with encode(); 0 (the default) compares
# one match per variant at one table size, the acting seat at every step and every seat
# when a round starts and at the end.  A positive number compares that many matches at
# every table size, every seat at every step.
TRACKED_MATCHES = int(os.environ.get("WHIST_RO_INTEROP_MATCHES", "0"))
HOUSE_RULES = {
    "overtrump": attrs.evolve(wr.variants.ROMANIAN, name="overtrump", must_overtrump=True),
    "loose": attrs.evolve(wr.variants.ROMANIAN, name="loose", hook=False, must_trump=False),
    "dealer-last": attrs.evolve(
        wr.variants.INVERTED,
        name="nt",
        no_trump_sizes=frozenset({3}),
        dealt_out_trump="dealer_last",
    ),
}
VARIANTS = {name: wr.variants.get(name) for name in PRESETS} | HOUSE_RULES


def tracked_cases() -> list[tuple[str, int, int]]:
    cases = []
    for i, (name, variant) in enumerate(VARIANTS.items()):
        counts = variant.player_counts
        if TRACKED_MATCHES:
            cases += [(name, n, seed) for n in counts for seed in range(TRACKED_MATCHES)]
        else:
            cases.append((name, counts[i % len(counts)], i))
    return cases


@pytest.mark.parametrize(("name", "players", "seed"), tracked_cases())
def test_observations_are_the_encoding_of_each_seats_view(
    name: str, players: int, seed: int
) -> None:
    """The environment keeps its tensors up to date move by move: they must be encode()'s."""
    e = raw_env(variant=VARIANTS[name], players=players)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    layout = e._layout

    def live() -> wr.Match:
        match = e._match
        assert match is not None
        return match

    def check(seats: range | list[int]) -> None:
        match = live()
        for seat in seats:
            expected = np.zeros(layout.size, np.float32)
            encode(match.view(seat), expected, layout)
            got = e.observe(f"player_{seat}")["observation"]
            assert np.array_equal(got, expected), (name, players, len(match.history), seat)

    rounds = -1
    while not e.terminations[e.agent_selection]:
        match = live()
        seat = match.to_act
        assert seat is not None
        every = TRACKED_MATCHES or len(match.rounds) != rounds
        rounds = len(match.rounds)
        check(range(players) if every else [seat])
        mask = e.observe(f"player_{seat}")["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert live().is_over
    check(range(players))
