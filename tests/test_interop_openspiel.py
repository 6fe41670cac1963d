"""The OpenSpiel game "whist_ro": OpenSpiel's own checks, its search bots, and the encoding."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'whist-ro[openspiel]'"
)

import numpy as np
import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped, import-not-found, unused-ignore]
from open_spiel.python.observation import make_observation  # type: ignore[import-untyped, import-not-found, unused-ignore]

import whist_ro as wr
from whist_ro.errors import ConfigurationError, IllegalActionError, WhistError
from whist_ro.interop import BID_BASE, ONLY_CARD, action_id, card_id
from whist_ro.interop.openspiel import SHORT_NAME

# Every preset once, by its own name (aliases left out).
PRESETS = sorted({wr.variants.get(name).name for name in wr.variants.names()})


def load(**params: Any) -> Any:
    return pyspiel.load_game(SHORT_NAME, params)


def deal(state: Any, cards: list[str]) -> None:
    """Apply the chance outcomes that deal ``cards`` in this order."""
    for text in cards:
        assert state.is_chance_node()
        state.apply_action(card_id(wr.Card.parse(text)))


def test_importing_whist_ro_imports_neither_peer() -> None:
    code = (
        "import sys, whist_ro, whist_ro.interop, whist_ro.interop.encoding; "
        "print(sorted(m for m in ('pyspiel', 'pettingzoo', 'gymnasium', 'numpy') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_game_is_registered_on_import() -> None:
    assert SHORT_NAME in pyspiel.registered_names()
    game = pyspiel.load_game("whist_ro(variant=inverted,players=5,unit=match)")
    assert game.num_players() == 5
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


@pytest.mark.parametrize("variant", PRESETS)
def test_random_sim_test_one_round(variant: str) -> None:
    pyspiel.random_sim_test(load(variant=variant), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", PRESETS)
def test_random_sim_test_whole_match(variant: str) -> None:
    classic = wr.variants.get(variant).is_classic
    game = load(variant=variant, unit="match", players=4 if classic else 3)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("players", [3, 5, 6])
def test_random_sim_test_other_table_sizes(players: int) -> None:
    game = load(players=players, hand_size=3, dealer=players - 1)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"variant": "bridge"}, "variant"),
        ({"unit": "rubber"}, "unit"),
        ({"players": 7}, "players"),
        ({"variant": "classic", "players": 3}, "players"),
        ({"hand_size": 9}, "hand_size"),
        ({"unit": "match", "hand_size": 3}, "hand_size"),
        ({"dealer": 4}, "dealer"),
    ],
)
def test_bad_parameters_are_refused_by_name(params: dict[str, Any], field: str) -> None:
    with pytest.raises(ConfigurationError) as error:
        load(**params)
    assert error.value.field == field


def test_R_DEAL_1_chance_nodes_deal_clockwise_from_the_first_hand_then_the_turn_up() -> None:
    state = load(players=3, hand_size=2).new_initial_state()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]  # the dealer
    state.apply_action(2)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 24  # 9 to A (R-DECK-2)
    assert {p for _, p in outcomes} == {1 / 24}
    deal(state, ["Ah", "Kh", "Qh", "Jh", "10h", "9h", "Ac"])
    # Seat 0 (left of dealer 2) got the 1st and 4th cards; Ac is turned up (R-TRUMP-1).
    assert state.current_player() == 0
    assert "known: Ah Jh | - | -" in state.information_state_string(0)
    assert "t" + "Ac" in state.information_state_string(1)
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "bid 0",
        "bid 1",
        "bid 2",
    ]


def play(state: Any, *texts: str) -> None:
    for text in texts:
        if text.startswith("bid "):
            state.apply_action(BID_BASE + int(text[4:]))
        else:
            state.apply_action(card_id(wr.Card.parse(text)))


def dealt_round() -> Any:
    """3 players, 2 cards, dealer 2: seat 0 Ah Jh, seat 1 Kh 10c, seat 2 Qs 9h; Ac up."""
    state = load(players=3, hand_size=2, dealer=2).new_initial_state()
    deal(state, ["Ah", "Kh", "Qs", "Jh", "10c", "9h", "Ac"])
    return state


def test_returns_are_the_round_points_and_only_at_the_end() -> None:
    state = dealt_round()
    play(state, "bid 1", "bid 0", "bid 0", "Ah", "Kh", "9h")
    assert state.returns() == [0.0, 0.0, 0.0]
    play(state, "Jh", "10c")
    assert not state.is_terminal()
    play(state, "Qs")
    assert state.is_terminal()
    # Seat 1, out of hearts, trumped Jh with 10c (R-PLAY-3): seats 0 and 1 took one trick
    # each.  Seat 0 made its 1 (6), seat 1 missed its 0 by one (-1), seat 2 made 0 (5).
    assert state.returns() == [6.0, -1.0, 5.0]


def test_the_information_state_tensor_keeps_the_dealer_the_trick_order_and_history() -> None:
    game = load(players=3, hand_size=2, dealer=2)
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    state = dealt_round()
    play(state, "bid 1", "bid 0", "bid 0", "Ah", "Kh", "9h", "Jh")
    info.set_from(state, 1)
    tensor = info.dict
    assert tensor["dealer"].tolist() == [0, 1, 0]  # dealer 2 is seat 1's left neighbour
    assert tensor["known_hands"][0].nonzero()[0].tolist() == [card_id(wr.Card.parse("10c"))]
    first = tensor["trick_cards"][0]
    assert [row.nonzero()[0].tolist() for row in first] == [
        [card_id(wr.Card.parse(c))] for c in ("Ah", "Kh", "9h")
    ]
    assert tensor["trick_leaders"][0].tolist() == [0, 0, 1]  # seat 0 led: two to my left
    assert tensor["trick_leaders"][1].tolist() == [0, 0, 1]  # and leads the trick on the table
    assert tensor["trick_cards"][1][0][card_id(wr.Card.parse("Jh"))] == 1
    observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    observation.set_from(state, 1)
    assert observation.dict["trick_cards"].shape == (1, 3, 52)  # the table only
    assert observation.dict["played"].sum() == 4
    assert game.information_state_tensor_size() == info.tensor.size


def test_cards_a_seat_cannot_see_do_not_change_its_information_state() -> None:
    def after(order: list[str]) -> Any:
        state = load(players=3, hand_size=2, dealer=2).new_initial_state()
        deal(state, order)
        play(state, "bid 1", "bid 0", "bid 0", "Ah")
        return state

    a = after(["Ah", "Kh", "Qs", "Jh", "10c", "9h", "Ac"])
    b = after(["Ah", "Qs", "Kh", "Jh", "9h", "10c", "Ac"])  # seats 1 and 2 swap hands
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.information_state_string(1) != b.information_state_string(1)


def test_the_order_of_cards_within_a_trick_is_part_of_the_information_state() -> None:
    def after(*moves: str) -> Any:
        state = load(players=4, hand_size=1, dealer=3).new_initial_state()
        deal(state, ["Ah", "Kh", "Qh", "Jh", "7c"])
        play(state, "bid 0", "bid 0", "bid 0", "bid 0", *moves)
        return state

    assert after("Ah").information_state_tensor(3) != after().information_state_tensor(3)


def test_R_VIEW_3_a_hidden_blind_round_offers_only_my_only_card() -> None:
    state = load(variant="romanian-hidden", players=3, hand_size=1, dealer=2).new_initial_state()
    deal(state, ["Ah", "Kh", "Qh", "9c"])
    assert "known: - | - | -" in state.information_state_string(0)
    play(state, "bid 0", "bid 1", "bid 1")
    assert state.legal_actions() == [ONLY_CARD]
    assert state.action_to_string(ONLY_CARD) == "play my only card"
    state.apply_action(ONLY_CARD)
    assert "0:Ah" in state.information_state_string(1)


def test_R_PLAY_2_resampling_honours_a_shown_void() -> None:
    state = load(players=4, hand_size=3, dealer=3).new_initial_state()
    # Seat 0: Ah Ac Kc; seat 1: Kh Qc Jc; seat 2: Qh 10c 9c; seat 3: 8h 7h Ad; As turned up.
    deal(state, ["Ah", "Kh", "Qh", "8h", "Ac", "Qc", "10c", "7h", "Kc", "Jc", "9c", "Ad", "As"])
    play(state, "bid 0", "bid 0", "bid 0", "bid 0", "Ac", "Qc", "9c", "Ad")  # seat 3: no clubs
    assert state.current_player() == 0
    key = state.information_state_string(0)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    clubs = {card_id(wr.Card.parse(c)) for c in ("Jc", "10c")}
    for _ in range(30):
        drawn = state.resample_from_infostate(0, sampler)
        assert drawn.information_state_string(0) == key
        assert drawn.history()[-5:] == state.history()[-5:]
        hands = drawn.history()[:12]
        seat3 = set(hands[3::4])
        assert not seat3 & clubs  # seat 3 showed it has no clubs


def test_resampling_a_match_keeps_its_past_rounds() -> None:
    game = load(players=3, unit="match", dealer=0)
    state = game.new_initial_state()
    rng = random.Random(4)
    while len(state.history()) < 40 or state.is_chance_node():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    drawn = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert drawn.information_state_string(player) == state.information_state_string(player)
    assert "round 3:" in state.information_state_string(player)


def test_R_DECK_4_a_card_dealt_twice_or_outside_the_deck_is_refused() -> None:
    state = load(players=3).new_initial_state()
    state.apply_action(0)
    state.apply_action(card_id(wr.Card.parse("Ah")))
    with pytest.raises(WhistError, match="R-DECK-4"):
        state.apply_action(card_id(wr.Card.parse("Ah")))
    with pytest.raises(WhistError, match="R-DECK-4"):
        state.apply_action(card_id(wr.Card.parse("8c")))  # 3 players: 9 to A (R-DECK-2)


def test_resampling_a_deal_in_progress_is_refused() -> None:
    state = load(players=3).new_initial_state()
    with pytest.raises(WhistError, match="deal in progress"):
        state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))


def play_out(game: Any, bots: list[Any], rng: np.random.RandomState) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(actions, p=probs))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state


def test_openspiel_ismcts_plays_a_round_end_to_end() -> None:
    game = load(players=3, hand_size=3)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 30, random_state=rng) for _ in range(3)]
    state = play_out(game, bots, rng)
    assert state.is_terminal()
    assert len(state.returns()) == 3


def test_openspiel_mctsbot_plays_a_round_end_to_end() -> None:
    game = load(variant="classic", hand_size=3)
    rng = np.random.RandomState(8)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2.0, 20, evaluator, random_state=rng) for _ in range(4)]
    state = play_out(game, bots, rng)
    assert state.is_terminal()


def test_ismcts_plays_a_small_match_end_to_end() -> None:
    game = load(players=3, unit="match")
    rng = np.random.RandomState(9)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    search = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rng)
    random_bots = [pyspiel.make_uniform_random_bot(s, 5) for s in (1, 2)]
    state = play_out(game, [search, *random_bots], rng)
    low, high = game.min_utility(), game.max_utility()
    assert all(low <= r <= high for r in state.returns())
    assert any(r != 0 for r in state.returns())


@pytest.mark.parametrize(
    "params",
    [
        {"players": 4, "hand_size": 7},
        {"variant": "romanian-hidden", "players": 3, "hand_size": 1},
        {"variant": "classic", "hand_size": 4},
        {"players": 3, "unit": "match"},
    ],
    ids=repr,
)
def test_python_fast_paths_give_openspiels_own_answers(params: dict[str, Any]) -> None:
    """legal_actions and is_chance_node answer from Python; C++ asks through its trampolines."""
    game = load(**params)
    rng = random.Random(6)
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            for player in range(game.num_players()):
                assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
            assert state.legal_actions_mask() == [
                int(a in state.legal_actions()) for a in range(len(state.legal_actions_mask()))
            ]
            if state.is_terminal():
                break
            if state.is_chance_node():
                assert state.legal_actions() == [a for a, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.chance_outcomes() == []


def test_the_legal_ids_are_the_engines_legal_actions_as_the_view_offers_them() -> None:
    game = load(players=4, unit="match")
    state = game.new_initial_state()
    rng = random.Random(8)
    decisions = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            player = state.current_player()
            view = state._engine.view(player)
            assert state.legal_actions() == sorted(action_id(a) for a in view.legal_actions)
            decisions += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert decisions == 24 * 4 + 4 * sum(wr.Schedule.for_game(wr.variants.ROMANIAN, 4))


def test_R_VIEW_3_a_blind_round_refuses_the_card_it_hides() -> None:
    state = load(variant="romanian-hidden", players=3, hand_size=1, dealer=2).new_initial_state()
    deal(state, ["Ah", "Kh", "Qh", "9c"])
    play(state, "bid 0", "bid 1", "bid 1")
    history = state.history()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(card_id(wr.Card.parse("Ah")))  # seat 0's card, which it cannot see
    assert caught.value.rule == "R-VIEW-3"
    assert state.history() == history
    state.apply_action(ONLY_CARD)


def test_a_clone_goes_its_own_way() -> None:
    state = dealt_round()
    play(state, "bid 1")
    copy = state.clone()
    play(copy, "bid 0", "bid 0", "Ah")
    assert state.history() != copy.history()
    assert state.current_player() == 1
    assert state.legal_actions() == [BID_BASE, BID_BASE + 1, BID_BASE + 2]
    assert copy.current_player() == 1
    assert copy.information_state_string(0) != state.information_state_string(0)
