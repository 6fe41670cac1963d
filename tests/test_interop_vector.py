"""The vectorised environment plays the engine's rules, game for game and array for array.

The equality tests run the environment in debug mode, which replays every game
through ``Round.apply`` and compares every observation, mask, reward and flag
with the engine after every step.  ``WHIST_RO_VECTOR_GAMES`` sets how many games
each configuration plays at once (256 by default, as in CI).
"""

from __future__ import annotations

import os
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import whist_ro as wr
from whist_ro.errors import ActionTypeError, ActionValueError, ConfigurationError
from whist_ro.interop import BID_BASE, NUM_ACTIONS, ONLY_CARD
from whist_ro.interop.encoding import _MOVES, legal_ids
from whist_ro.interop.vector import MINE, PLAYED, TABLE, VectorEnv, encode_view, sections

GAMES = int(os.environ.get("WHIST_RO_VECTOR_GAMES", "256"))

EXACT_PRESETS = sorted(
    {wr.variants.get(n).name for n in wr.variants.names() if not wr.variants.get(n).is_classic}
)


def largest(variant: wr.Variant, players: int) -> int:
    return len(wr.Deck.for_game(variant, players)) // players


def preset_cases() -> list[tuple[str, int, int]]:
    """Every exact preset at every table size, with hand sizes that cover the deal's kinds.

    A blind preset differs only in its 1-card rounds, so it plays those; the
    others cycle through the whole deck (no trump), a turned-up trump and 1 card.
    """
    cases = []
    for name in EXACT_PRESETS:
        variant = wr.variants.get(name)
        for i, players in enumerate(variant.player_counts):
            if variant.blind_one_card != "off":
                size = 1
            else:
                size = (largest(variant, players), largest(variant, players) - 2, 1, 3)[i % 4]
            cases.append((name, players, size))
    return cases


HOUSE_RULES = {
    "overtrump": attrs.evolve(wr.variants.ROMANIAN, name="overtrump", must_overtrump=True),
    "no-hook-no-duty": attrs.evolve(
        wr.variants.ROMANIAN, name="loose", hook=False, must_trump=False
    ),
    "no-trump-sizes-dealer-last": attrs.evolve(
        wr.variants.INVERTED,
        name="nt",
        no_trump_sizes=frozenset({3}),
        dealt_out_trump="dealer_last",
    ),
    "scoring": attrs.evolve(
        wr.variants.ROMANIAN, name="scoring", made_base=10, made_per_trick=2, miss_per_trick=3
    ),
    "custom-scorer": attrs.evolve(
        wr.variants.ROMANIAN, name="scorer", scorer=lambda bid, took: 10 * bid - took
    ),
    "small-deck": attrs.evolve(wr.variants.ROMANIAN, name="small", deck_ranks=6),
}
HOUSE_CASES = [
    ("overtrump", 4, 6),
    ("overtrump", 5, 4),
    ("no-hook-no-duty", 3, 5),
    ("no-trump-sizes-dealer-last", 4, 8),
    ("no-trump-sizes-dealer-last", 3, 3),
    ("scoring", 6, 4),
    ("custom-scorer", 4, 3),
    ("small-deck", 4, 6),
]


def drive(env: VectorEnv, *, seed: int, episodes: int = 1) -> int:
    """Random legal play for ``episodes`` rounds of every game (debug mode checks each step)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    length = env.players + env.players * env.hand_size
    ended = 0
    for _ in range(episodes * (length + 1)):
        _, _, terminations, _, _ = env.step(env.sample_actions(rng))
        ended += int(terminations.sum())
    return ended


@pytest.mark.parametrize(("name", "players", "hand_size"), preset_cases())
def test_every_transition_mask_observation_and_reward_is_the_engines(
    name: str, players: int, hand_size: int
) -> None:
    env = VectorEnv(name, players, GAMES, hand_size=hand_size, debug=True)
    assert drive(env, seed=players * 10 + hand_size) == GAMES  # each game played one round


@pytest.mark.parametrize(("rule", "players", "hand_size"), HOUSE_CASES)
def test_house_rules_are_the_engines_too(rule: str, players: int, hand_size: int) -> None:
    env = VectorEnv(HOUSE_RULES[rule], players, max(GAMES // 4, 8), hand_size=hand_size, debug=True)
    assert drive(env, seed=hand_size, episodes=2) == 2 * env.num_envs


def test_debug_mode_catches_a_wrong_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker is not vacuous: a broken follow-suit rule is caught at once."""
    env = VectorEnv("romanian", 4, 32, hand_size=5, debug=True)
    monkeypatch.setattr(VectorEnv, "_playable", lambda self, hand: hand)  # any card, always
    with pytest.raises(AssertionError, match="mask differs"):
        drive(env, seed=1)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(EXACT_PRESETS),
    players=st.integers(3, 6),
    size=st.integers(1, 8),
    seed=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 12), min_size=60, max_size=60),
)
def test_one_games_trajectory_is_the_engines(
    preset: str, players: int, size: int, seed: int, choices: list[int]
) -> None:
    """Without debug mode: the arrays of one game, step by step, against the engine's round."""
    variant = wr.variants.get(preset)
    hand_size = min(size, largest(variant, players))
    env = VectorEnv(variant, players, 1, hand_size=hand_size)
    observations, infos = env.reset(seed=seed)
    r = env.round_of(0)
    for choice in choices:
        seat = r.to_act
        assert seat is not None
        legal = legal_ids(r)
        assert np.flatnonzero(infos["action_mask"][0]).tolist() == legal
        assert int(infos["seat"][0]) == seat
        assert np.array_equal(observations[0], encode_view(r.view(seat)))
        action = legal[choice % len(legal)]
        r = r.apply(_MOVES[seat][action])
        observations, rewards, terminations, truncations, infos = env.step(np.array([action]))
        assert not truncations[0]
        assert bool(terminations[0]) == r.is_over
        if r.is_over:
            assert rewards[0].tolist() == [float(p) for p in r.points]
            assert not infos["action_mask"][0].any()
            return
        assert not rewards[0].any()


def test_a_finished_game_resets_on_the_next_step_ignoring_its_action() -> None:
    env = VectorEnv("romanian", 3, 2, hand_size=1, dealer=0)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(6):  # 3 bids and 3 cards
        _, rewards, terminations, _, _ = env.step(env.sample_actions(rng))
    assert terminations.all()
    assert rewards.any()
    observations, rewards, terminations, _, infos = env.step(np.array([999, -5]))  # ignored
    assert not terminations.any()
    assert not rewards.any()
    fresh = env.round_of(0)
    assert int(infos["seat"][0]) == fresh.to_act == 1  # dealer 0: seat 1 bids first
    assert np.array_equal(observations[0], encode_view(fresh.view(1)))
    assert np.flatnonzero(infos["action_mask"][0]).tolist() == [BID_BASE, BID_BASE + 1]


def test_equal_seeds_replay_equal_games() -> None:
    def run(seed: int) -> list[np.ndarray[Any, Any]]:
        env = VectorEnv("inverted", 5, 16, hand_size=4)
        observations, _ = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        out = [observations.copy()]
        for _ in range(30):
            observations, rewards, *_ = env.step(env.sample_actions(rng))
            out += [observations.copy(), rewards.copy()]
        return out

    a, b, c = run(7), run(7), run(8)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c, strict=True))


def test_random_actions_are_uniform_over_the_legal_ones() -> None:
    env = VectorEnv("romanian", 4, 4000, hand_size=3, dealer=3)
    _, infos = env.reset(seed=1)
    # Seat 0 bids first: 0, 1, 2 or 3, each about a quarter of the time.
    counts = np.bincount(env.sample_actions(np.random.default_rng(2)) - BID_BASE, minlength=4)
    assert len(counts) == 4
    assert counts.min() > 850
    assert counts.max() < 1150
    assert infos["action_mask"][:, BID_BASE : BID_BASE + 4].all()


def test_the_observation_codes_say_where_each_card_is() -> None:
    r = wr.Round.from_hands(
        wr.variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"], dealer=2, turn_up="10s"
    )
    for bid in (1, 0, 0):
        r = r.apply(wr.Bid(seat=r.to_act, tricks=bid))  # type: ignore[arg-type]
    for card in ("Ah", "Kh", "Qs", "Jc", "9c"):
        r = r.apply(wr.Play(seat=r.to_act, card=card))  # type: ignore[arg-type]
    # Seat 2 trumped the first trick with Qs (R-PLAY-3) and led Jc; seat 0 followed
    # with 9c; seat 1, holding 10c, is to act.
    assert r.to_act == 1
    row = encode_view(r.view(1))
    code = {c: int(row[wr.interop.card_id(wr.Card.parse(c))]) for c in ("10c", "Jc", "9c", "Qs")}
    assert code == {"10c": MINE, "Jc": TABLE + 1, "9c": TABLE + 2, "Qs": PLAYED}
    assert int(row[wr.interop.card_id(wr.Card.parse("Ad"))]) == 0  # never seen
    offsets = {name: offset for name, offset, _ in sections(3)}
    assert row[offsets["tricks"] : offsets["tricks"] + 3].tolist() == [0, 1, 0]  # me, left, right
    assert row[offsets["bids"] : offsets["bids"] + 3].tolist() == [1, 1, 2]  # bids plus 1
    assert row[offsets["leader"]] == 1 + 1  # seat 2, on my left, led
    assert row[offsets["turn_up"]] == wr.interop.card_id(wr.Card.parse("10s")) + 1


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"variant": "classic"}, "variant"),
        ({"variant": "bridge"}, "name"),
        ({"players": 7}, "players"),
        ({"players": 4.0}, "players"),
        ({"num_envs": 0}, "num_envs"),
        ({"num_envs": 2**40}, "num_envs"),
        ({"num_envs": np.int64(4)}, "num_envs"),
        ({"hand_size": 9}, "hand_size"),
        ({"hand_size": 0}, "hand_size"),
        ({"dealer": 4}, "dealer"),
        ({"dealer": -1}, "dealer"),
        ({"debug": 1}, "debug"),
    ],
    ids=repr,
)
def test_bad_settings_are_refused_by_name(kwargs: dict[str, Any], field: str) -> None:
    with pytest.raises(ConfigurationError) as caught:
        VectorEnv(**{"num_envs": 2, **kwargs})
    assert caught.value.field == field


def test_step_before_reset_and_bad_resets_are_refused() -> None:
    env = VectorEnv(num_envs=2)
    with pytest.raises(ConfigurationError, match="reset"):
        env.step(np.array([BID_BASE, BID_BASE]))
    with pytest.raises(ConfigurationError, match="reset"):
        env.round_of(0)
    for seed in (-1, 1.5, "1", 2**70 * 1.0):
        with pytest.raises(ConfigurationError):
            env.reset(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError):
        env.reset(seed=1, options={"x": 1})


@pytest.mark.parametrize(
    "actions",
    [
        [BID_BASE],
        [BID_BASE] * 3,
        [float(BID_BASE)] * 2,
        [True, False],
        "53",
        None,
        np.zeros((2, 1), np.int64),
    ],
    ids=repr,
)
def test_actions_that_are_not_one_id_per_game_are_refused(actions: Any) -> None:
    env = VectorEnv(num_envs=2, hand_size=3, debug=True)
    observations, _ = env.reset(seed=1)
    before = observations.copy()
    with pytest.raises(ActionTypeError):
        env.step(actions)
    assert np.array_equal(observations, before)
    env.step(env.sample_actions(np.random.default_rng(0)))  # debug mode checks the state


@pytest.mark.parametrize("bad", [0, ONLY_CARD, BID_BASE + 4, NUM_ACTIONS, -1, 2**62])
def test_an_illegal_action_is_refused_and_nothing_changes(bad: int) -> None:
    env = VectorEnv(num_envs=3, hand_size=3, dealer=2, debug=True)
    observations, infos = env.reset(seed=4)
    before = (observations.copy(), infos["action_mask"].copy(), env.round_of(1).deal)
    legal = env.sample_actions(np.random.default_rng(1))
    actions = legal.copy()
    actions[1] = bad
    with pytest.raises(ActionValueError, match="game 1"):
        env.step(actions)
    assert np.array_equal(observations, before[0])
    assert np.array_equal(infos["action_mask"], before[1])
    assert env.round_of(1).deal == before[2]
    env.step(legal)  # and the environment goes on, checked by debug mode


def test_a_blind_round_plays_my_only_card() -> None:
    env = VectorEnv("romanian-hidden", 3, 4, hand_size=1, debug=True)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(3):  # the bids
        _, _, _, _, infos = env.step(env.sample_actions(rng))
    for row in infos["action_mask"]:
        assert np.flatnonzero(row).tolist() == [ONLY_CARD]
    seat = int(infos["seat"][0])
    card = wr.interop.card_id(next(iter(env.round_of(0).hands[seat])))
    actions = np.full(4, ONLY_CARD)
    actions[0] = card
    with pytest.raises(ActionValueError, match="game 0"):
        env.step(actions)  # the card itself is hidden (R-VIEW-3)
    env.step(np.full(4, ONLY_CARD))
