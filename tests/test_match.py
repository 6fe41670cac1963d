"""The Match object's own API: construction, the fast path, value semantics, the sheet."""

from __future__ import annotations

import copy
import os
import pickle
import random
import subprocess
import sys

import pytest

import whist_ro as wr
from whist_ro import variants


def _play(match: wr.Match, steps: int, seed: int) -> wr.Match:
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        match = match.apply(rng.choice(match.legal_actions()))
    return match


def test_apply_legal_matches_apply_over_whole_matches() -> None:
    for variant, players in ((variants.ROMANIAN, 4), (variants.INVERTED, 3), (variants.CLASSIC, 4)):
        checked = fast = wr.Match.new(variant, players=players, seed=11)
        rng = random.Random(11)
        while not checked.is_over:
            action = rng.choice(checked.legal_actions())
            checked, fast = checked.apply(action), fast.apply_legal(action)
            assert checked == fast
        assert checked.totals == fast.totals
        assert checked.score_sheet == fast.score_sheet


def test_copies_are_the_same_object() -> None:
    match = _play(wr.Match.new(variants.ROMANIAN, players=4, seed=2), 50, 2)
    assert copy.copy(match) is match
    assert copy.deepcopy(match) is match
    assert copy.deepcopy(match.round) is match.round


def test_new_refuses_bad_setups() -> None:
    with pytest.raises(wr.ConfigurationError) as info:
        wr.Match.new(variants.ROMANIAN, players=7, seed=1)
    assert info.value.field == "players"
    with pytest.raises(wr.ConfigurationError) as info:
        wr.Match.new(variants.ROMANIAN, players=4, seed=1, first_dealer=4)
    assert info.value.field == "first_dealer"
    with pytest.raises(wr.ConfigurationError) as info:
        wr.Match.new(variants.ROMANIAN, players=4, seed=1.5)  # type: ignore[arg-type]
    assert info.value.field == "seed"
    with pytest.raises(wr.ConfigurationError) as info:
        wr.Match.new("romanian", players=4)  # type: ignore[arg-type]
    assert info.value.field == "variant"
    with pytest.raises(TypeError):
        wr.Match()


def test_unseeded_match_keeps_a_seed_that_replays_it() -> None:
    match = wr.Match.new(variants.ROMANIAN, players=4)
    replay = wr.Match.new(variants.ROMANIAN, players=4, seed=match.seed)
    assert match == replay
    assert match.round.hands == replay.round.hands


def test_string_seeds_work_and_differ_from_int_seeds() -> None:
    a = wr.Match.new(variants.ROMANIAN, players=4, seed="table 7")
    b = wr.Match.new(variants.ROMANIAN, players=4, seed="table 7")
    assert a == b
    assert a.round.hands == b.round.hands


def test_score_sheet_text_lists_every_round() -> None:
    match = wr.random_playout(wr.Match.new(variants.ROMANIAN, players=3, seed=8), seed=8)
    text = str(match.score_sheet)
    lines = text.splitlines()
    assert lines[0].startswith("  #")
    assert len([line for line in lines if line[:3].strip().isdigit()]) == 21
    last = match.score_sheet[-1]
    assert last.number == 21
    assert tuple(s.total for s in last.seats) == match.totals
    assert str(last.seats[0].total) in lines[-1]


def test_score_sheet_is_cached_and_immutable() -> None:
    match = wr.random_playout(wr.Match.new(variants.INVERTED, players=4, seed=3), seed=3)
    assert match.score_sheet == match.score_sheet
    with pytest.raises(AttributeError):
        match.score_sheet._rows = ()


def test_round_and_match_pickle() -> None:
    match = _play(wr.Match.new(variants.ROMANIAN, players=4, seed=5), 40, 5)
    assert pickle.loads(pickle.dumps(match)) == match
    assert pickle.loads(pickle.dumps(match.round)) == match.round


def test_repr_names_the_state() -> None:
    match = wr.Match.new(variants.ROMANIAN, players=4, seed=5)
    assert "romanian" in repr(match)
    assert "round 1" in repr(match)
    assert "bidding" in repr(match.round)


def test_seeded_deals_do_not_depend_on_the_process() -> None:
    """R-DEAL-1: the same seed deals the same cards in any process (no ``hash()``)."""
    script = (
        "import whist_ro as wr\n"
        "m = wr.Match.new(wr.variants.ROMANIAN, players=5, seed='club night')\n"
        "print(m.first_dealer, [str(h) for h in m.round.hands], m.round.turn_up)\n"
        "print(wr.random_playout(m, seed=3).totals)\n"
    )
    outputs = set()
    for hash_seed in ("1", "2", "random"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    here = wr.Match.new(variants.ROMANIAN, players=5, seed="club night")
    first_line = outputs.pop().splitlines()[0]
    assert first_line.startswith(f"{here.first_dealer} [")
    assert str(here.round.turn_up) in first_line
