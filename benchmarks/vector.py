"""The vectorised environment against OpenSpiel's C++ loop: agent decisions per second.

Workload, the same on both sides: 4 players, a 32-card deck, 7-card hands, a
turned-up trump, uniformly random legal bids and cards.

* vector: ``whist_ro.interop.vector.VectorEnv(variant="romanian", players=4,
  num_envs=B, hand_size=7)``; each step draws a random legal action for
  every game with NumPy (``env.sample_actions(rng)``) and calls ``step``,
  which returns the observations, masks, rewards and flags of all games.
  Agent steps are the bids and plays made (a game resetting in a step makes
  none);
* OpenSpiel C++: ``pyspiel.evaluate_bots`` with uniform random bots on
  ``oh_hell`` (``num_suits=4, num_cards_per_suit=8, num_tricks_fixed=7``),
  one call a hand, so the whole hand runs in C++; decisions per second are
  hands per second times the 32 decisions of a hand.

Repetitions alternate; the last line is ``JSON: {...}`` with
``vector_vs_openspiel_cpp``, the median of the per-repetition ratios of
decisions per second, with its range.  Run ``python benchmarks/vector.py``
(``--envs`` sets B, at most 16,384).
"""

from __future__ import annotations

import argparse
from typing import Any

import _common
import numpy as np
from _common import Stats

from whist_ro.interop.vector import VectorEnv

PLAYERS = 4
HAND_SIZE = 7
DECISIONS_PER_HAND = PLAYERS + PLAYERS * HAND_SIZE
MAX_ENVS = 16_384

VECTOR = "VectorEnv, NumPy random actions"
CPP = "OpenSpiel C++ evaluate_bots"


def vector_loop(env: VectorEnv, decisions: list[int]) -> _common.Workload:
    """``count`` steps of ``env``; adds the decisions made to ``decisions``."""

    def run(count: int, seed: int) -> float:
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        games = env.num_envs
        ended = np.zeros(games, bool)
        made = 0
        start = _common.clock()
        for _ in range(count):
            resetting = int(ended.sum())  # games that ended reset now and make no decision
            _, _, ended, _, _ = env.step(env.sample_actions(rng))
            made += games - resetting
        seconds = _common.clock() - start
        decisions.append(made)
        return seconds

    return run


def cpp_loop(pyspiel: Any, game: Any, decisions: list[int]) -> _common.Workload:
    def run(hands: int, seed: int) -> float:
        seconds = _common.cpp_random_hands(pyspiel, game, hands, seed)
        decisions.append(hands * DECISIONS_PER_HAND)
        return seconds

    return run


def check_openspiel(pyspiel: Any, game: Any) -> None:
    """Untimed: an oh_hell hand makes 32 decisions."""
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(int(rng.choice(outcomes)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            decisions += 1
    if decisions != DECISIONS_PER_HAND:
        raise SystemExit(f"oh_hell made {decisions} decisions a hand, expected 32")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--envs", type=_common.positive_int, default=8192, help="games in lockstep (B)"
    )
    parser.add_argument(
        "--steps", type=_common.positive_int, default=80, help="vector steps a repetition"
    )
    parser.add_argument(
        "--hands", type=_common.positive_int, default=4000, help="OpenSpiel hands a repetition"
    )
    _common.add_common_args(parser, reps=9)
    args = parser.parse_args(argv)
    if args.envs > MAX_ENVS:
        raise SystemExit(f"--envs is at most {MAX_ENVS}")
    pyspiel = _common.load_pyspiel()
    if pyspiel is None:
        raise SystemExit("benchmarks/vector.py needs OpenSpiel: pip install open-spiel")
    game = _common.load_oh_hell(pyspiel, players=PLAYERS, tricks=HAND_SIZE)
    check_openspiel(pyspiel, game)
    env = VectorEnv(variant="romanian", players=PLAYERS, num_envs=args.envs, hand_size=HAND_SIZE)

    _common.print_header(
        f"vector environment (B={args.envs}) vs OpenSpiel C++: {PLAYERS} players, 32 cards, "
        f"{HAND_SIZE}-card hands, random play"
    )
    decisions: dict[str, list[int]] = {VECTOR: [], CPP: []}
    loops = {
        VECTOR: vector_loop(env, decisions[VECTOR]),
        CPP: cpp_loop(pyspiel, game, decisions[CPP]),
    }
    counts = {VECTOR: args.steps, CPP: args.hands}
    for name, loop in loops.items():  # warm up, untimed
        loop(max(1, counts[name] // 10), args.seed - 1)
        decisions[name].clear()
    workloads = {name: _fixed(loops[name], counts[name]) for name in loops}
    times = _common.alternate(workloads, count=1, reps=args.reps, seed=args.seed, warmup=0)
    rates = {
        name: [d / s for d, s in zip(decisions[name], times[name], strict=True)] for name in loops
    }
    stats = {name: Stats.of(r) for name, r in rates.items()}
    ratio = Stats.of(_common.paired_ratios(rates[VECTOR], rates[CPP]))
    print(f"{args.reps} alternating repetitions")
    rows = [
        [name, _common.fmt_rate(s.median), f"{_common.fmt_rate(s.low)}-{_common.fmt_rate(s.high)}"]
        for name, s in stats.items()
    ]
    _common.print_table(["loop", "decisions/s median", "min-max"], rows)
    print(f"vector / OpenSpiel C++: {ratio.median:.2f} ({ratio.low:.2f}-{ratio.high:.2f})")
    _common.emit_json(
        not args.no_json,
        {
            "benchmark": "vector",
            "envs": args.envs,
            "players": PLAYERS,
            "hand_size": HAND_SIZE,
            "reps": args.reps,
            "unit": "decisions/s",
            "rates": {name: s.as_dict() for name, s in stats.items()},
            "vector_vs_openspiel_cpp": ratio.as_dict(3),
            "env": _common.environment(pyspiel),
        },
    )


def _fixed(loop: _common.Workload, count: int) -> _common.Workload:
    return lambda _count, seed: loop(count, seed)


if __name__ == "__main__":
    main()
