"""The adapters against OpenSpiel's native ``oh_hell``: steps per second, driven from Python.

Workload (issue 21's table), the same on every row: 4 players, a 32-card deck,
7-card hands, uniformly random legal actions chosen in Python, chance nodes
included.

* native: OpenSpiel's C++ ``oh_hell`` (``num_suits=4, num_cards_per_suit=8,
  num_tricks_fixed=7``) stepped from a Python loop: ``rng.choice`` over
  ``chance_outcomes()`` at chance nodes (every deal outcome is equally
  likely) and over ``legal_actions()`` elsewhere;
* OpenSpiel adapter: the game ``"whist_ro"`` (``players=4, hand_size=7``, the
  dealer a chance node) in the same loop;
* PettingZoo: ``whist_ro.interop.pettingzoo.env(variant="romanian",
  players=4)`` (PettingZoo's wrappers included), whole matches: each step
  reads ``last()``'s ``observation`` and ``action_mask`` and takes a random
  legal action (``rng.choice`` over the mask's ids).

A step is one ``apply_action`` (chance nodes included) or one ``step`` of a
live agent.  Repetitions alternate (A B C, B C A, ...); each ratio is the
median of the per-repetition ratios of steps/s to native's, with its range.
The last line is ``JSON: {...}`` with ``openspiel_adapter_vs_native`` and
``pettingzoo_vs_native``.  ``--profile openspiel`` or ``--profile pettingzoo``
prints a cProfile of that loop instead.

Run ``python benchmarks/interop.py`` (needs the ``[openspiel]`` and
``[pettingzoo]`` extras, or ``[test]``).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
from collections.abc import Callable
from typing import Any

import _common
import numpy as np
from _common import Stats

import whist_ro.interop.openspiel
from whist_ro.interop.pettingzoo import env

PLAYERS = 4
HAND_SIZE = 7

NATIVE = "OpenSpiel oh_hell (C++), from Python"
ADAPTER = "OpenSpiel game whist_ro (adapter)"
PETTINGZOO = "PettingZoo env(romanian), whole matches"


def openspiel_loop(game: Any, steps: list[int]) -> _common.Workload:
    """Random hands of ``game`` from Python; adds the steps taken to ``steps``."""

    def run(hands: int, seed: int) -> float:
        rng = random.Random(seed)
        choice = rng.choice
        new_state = game.new_initial_state
        taken = 0
        start = _common.clock()
        for _ in range(hands):
            state = new_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
                taken += 1
        seconds = _common.clock() - start
        steps.append(taken)
        return seconds

    return run


def pettingzoo_loop(make: Callable[[], Any], steps: list[int]) -> _common.Workload:
    """Random whole matches of the AEC environment ``make()``, reading every observation."""

    def run(matches: int, seed: int) -> float:
        rng = random.Random(seed)
        choice = rng.choice
        flatnonzero = np.flatnonzero
        e = make()
        taken = 0
        start = _common.clock()
        for i in range(matches):
            e.reset(seed=seed * 1000 + i)
            for _ in e.agent_iter():
                observation, _, termination, truncation, _ = e.last()
                if termination or truncation:
                    e.step(None)
                    continue
                tensor = observation["observation"]
                legal = flatnonzero(observation["action_mask"]).tolist()
                assert tensor.shape[0] > 0
                e.step(choice(legal))
                taken += 1
        seconds = _common.clock() - start
        steps.append(taken)
        return seconds

    return run


def _fixed(loop: _common.Workload, count: int) -> _common.Workload:
    return lambda _count, seed: loop(count, seed)


def profile(name: str, loop: _common.Workload, count: int, top: int) -> None:
    loop(max(1, count // 10), 0)
    profiler = cProfile.Profile()
    profiler.enable()
    loop(count, 1)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats(pstats.SortKey.TIME).print_stats(top)
    print(f"cProfile of {name} ({count} units), top {top} by tottime:")
    print(out.getvalue().rstrip())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--hands", type=_common.positive_int, default=2000, help="native hands a repetition"
    )
    parser.add_argument(
        "--adapter-hands",
        type=_common.positive_int,
        default=400,
        help="hands of the OpenSpiel adapter a repetition",
    )
    parser.add_argument(
        "--matches", type=_common.positive_int, default=6, help="PettingZoo matches a repetition"
    )
    parser.add_argument("--profile", choices=("openspiel", "pettingzoo"), default=None)
    parser.add_argument("--profile-top", type=_common.positive_int, default=25)
    _common.add_common_args(parser, reps=7)
    args = parser.parse_args(argv)

    pyspiel = _common.load_pyspiel()
    if pyspiel is None:
        raise SystemExit("benchmarks/interop.py needs OpenSpiel: pip install open-spiel")

    native_game = _common.load_oh_hell(pyspiel, players=PLAYERS, tricks=HAND_SIZE)
    adapter_game = pyspiel.load_game(
        whist_ro.interop.openspiel.SHORT_NAME, {"players": PLAYERS, "hand_size": HAND_SIZE}
    )
    steps: dict[str, list[int]] = {NATIVE: [], ADAPTER: [], PETTINGZOO: []}
    loops = {
        NATIVE: openspiel_loop(native_game, steps[NATIVE]),
        ADAPTER: openspiel_loop(adapter_game, steps[ADAPTER]),
        PETTINGZOO: pettingzoo_loop(
            lambda: env(variant="romanian", players=PLAYERS), steps[PETTINGZOO]
        ),
    }
    counts = {NATIVE: args.hands, ADAPTER: args.adapter_hands, PETTINGZOO: args.matches}
    if args.profile:
        name = ADAPTER if args.profile == "openspiel" else PETTINGZOO
        profile(name, loops[name], counts[name], args.profile_top)
        return

    _common.print_header(
        f"adapters vs native oh_hell: {PLAYERS} players, 32 cards, {HAND_SIZE}-card hands"
    )
    for name, loop in loops.items():  # warm the caches, untimed
        loop(max(1, counts[name] // 10), args.seed - 1)
        steps[name].clear()
    # Each loop runs its own count of units: alternate() passes one count, so bind each.
    workloads = {name: _fixed(loops[name], counts[name]) for name in loops}
    times = _common.alternate(workloads, count=1, reps=args.reps, seed=args.seed, warmup=0)
    rates = {name: [n / s for n, s in zip(steps[name], times[name], strict=True)] for name in loops}
    stats = {name: Stats.of(r) for name, r in rates.items()}
    ratios = {
        name: Stats.of(_common.paired_ratios(rates[name], rates[NATIVE]))
        for name in (ADAPTER, PETTINGZOO)
    }
    print(f"{args.reps} alternating repetitions")
    rows = []
    for name, s in stats.items():
        ratio = ratios.get(name)
        per_rep = steps[name][-1] / counts[name]
        rows.append(
            [
                name,
                _common.fmt_rate(s.median),
                f"{_common.fmt_rate(s.low)}-{_common.fmt_rate(s.high)}",
                f"{1e6 / s.median:.2f}",
                f"{per_rep:.1f}",
                f"{ratio.median:.3f} ({ratio.low:.3f}-{ratio.high:.3f})" if ratio else "1",
            ]
        )
    _common.print_table(
        ["loop", "steps/s median", "min-max", "µs/step", "steps/unit", "vs native median (range)"],
        rows,
    )
    _common.emit_json(
        not args.no_json,
        {
            "benchmark": "interop",
            "players": PLAYERS,
            "hand_size": HAND_SIZE,
            "reps": args.reps,
            "unit": "steps/s",
            "units_per_rep": {name: counts[name] for name in loops},
            "rates": {name: s.as_dict() for name, s in stats.items()},
            "openspiel_adapter_vs_native": ratios[ADAPTER].as_dict(4),
            "pettingzoo_vs_native": ratios[PETTINGZOO].as_dict(4),
            "env": _common.environment(pyspiel),
        },
    )


if __name__ == "__main__":
    main()
