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

Two reference rows show the floor each toolkit puts under any Python game,
in the same loops: a do-nothing OpenSpiel game written in Python (the same
node counts, answering from attributes as the adapter does: the cost of
pybind11's crossings and the loop) and a do-nothing AEC environment in the
wrappers ``env()`` uses (prebuilt arrays: the cost of PettingZoo's wrappers
and the loop).

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
from whist_ro.interop import pettingzoo
from whist_ro.interop.pettingzoo import env

PLAYERS = 4
HAND_SIZE = 7

NATIVE = "OpenSpiel oh_hell (C++), from Python"
ADAPTER = "OpenSpiel game whist_ro (adapter)"
PETTINGZOO = "PettingZoo env(romanian), whole matches"
OPENSPIEL_FLOOR = "reference: do-nothing Python game, OpenSpiel loop"
PETTINGZOO_FLOOR = "reference: do-nothing AEC env in env()'s wrappers"

FLOOR_NAME = "whist_ro_floor_benchmark"
FLOOR_CHANCE = 30  # the dealer, 28 cards and the turn-up, as the adapter's hand
FLOOR_STEPS = FLOOR_CHANCE + PLAYERS + PLAYERS * HAND_SIZE
FLOOR_MATCH_STEPS = 472  # a 4-player ROMANIAN match


def register_floor_game(pyspiel: Any) -> Any:
    """A Python OpenSpiel game that does nothing, with the adapter's node counts and fast paths."""
    game_type = pyspiel.GameType(
        short_name=FLOOR_NAME,
        long_name="do-nothing reference game",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=PLAYERS,
        min_num_players=PLAYERS,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    outcomes = [(c, 1 / 32) for c in range(32)]
    legal = [0, 1, 2, 3, 4]
    chance, terminal = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)

    class FloorState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.n = 0
            self.player = chance

        def current_player(self) -> int:
            return self.player

        def is_chance_node(self) -> bool:
            return self.player == chance

        def is_terminal(self) -> bool:
            return self.player == terminal

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return outcomes[:]

        def legal_actions(self, player: int | None = None) -> list[int]:
            return legal[:]

        def _legal_actions(self, player: int) -> list[int]:
            return legal[:]

        def _apply_action(self, action: int) -> None:
            n = self.n = self.n + 1
            if n < FLOOR_CHANCE:
                self.player = chance
            elif n < FLOOR_STEPS:
                self.player = n % PLAYERS
            else:
                self.player = terminal

        def returns(self) -> list[float]:
            return [0.0] * PLAYERS

    class FloorGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            info = pyspiel.GameInfo(
                num_distinct_actions=62,
                max_chance_outcomes=52,
                num_players=PLAYERS,
                min_utility=-1.0,
                max_utility=1.0,
                max_game_length=FLOOR_STEPS,
            )
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> FloorState:
            return FloorState(self)

    pyspiel.register_game(game_type, FloorGame)
    return pyspiel.load_game(FLOOR_NAME)


class FloorEnv(pettingzoo.raw_env):  # type: ignore[misc]
    """An AEC environment that does nothing: 472 steps a match, prebuilt observations."""

    def __init__(self) -> None:
        super().__init__(variant="romanian", players=PLAYERS)
        mask = np.zeros(62, np.int8)
        mask[:5] = 1
        self._observation = {
            "observation": np.zeros(self._layout.size, np.float32),
            "action_mask": mask,
        }

    def reset(self, seed: int | None = None, options: Any = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[0]
        self._taken = 0

    def observe(self, agent: str) -> dict[str, Any]:
        return {name: array.copy() for name, array in self._observation.items()}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._taken += 1
        if self._taken == FLOOR_MATCH_STEPS:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[self._taken % PLAYERS]


def floor_env() -> Any:
    """The do-nothing environment in the same wrappers as ``env()``."""
    wrapped = env()
    layers = []
    while hasattr(wrapped, "env"):
        layers.append(type(wrapped))
        wrapped = wrapped.env
    built: Any = FloorEnv()
    for layer in reversed(layers):
        built = layer(built, illegal_reward=-1) if "Illegal" in layer.__name__ else layer(built)
    return built


def openspiel_loop(game: Any, steps: list[int]) -> _common.Workload:
    """Random hands of ``game`` from Python; adds the steps taken to ``steps``."""

    def run(hands: int, seed: int) -> float:
        seconds, taken = _common.random_openspiel_hands(game, hands, seed)
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
    steps: dict[str, list[int]] = {
        name: [] for name in (NATIVE, ADAPTER, PETTINGZOO, OPENSPIEL_FLOOR, PETTINGZOO_FLOOR)
    }
    loops = {
        NATIVE: openspiel_loop(native_game, steps[NATIVE]),
        ADAPTER: openspiel_loop(adapter_game, steps[ADAPTER]),
        PETTINGZOO: pettingzoo_loop(
            lambda: env(variant="romanian", players=PLAYERS), steps[PETTINGZOO]
        ),
        OPENSPIEL_FLOOR: openspiel_loop(register_floor_game(pyspiel), steps[OPENSPIEL_FLOOR]),
        PETTINGZOO_FLOOR: pettingzoo_loop(floor_env, steps[PETTINGZOO_FLOOR]),
    }
    counts = {
        NATIVE: args.hands,
        ADAPTER: args.adapter_hands,
        PETTINGZOO: args.matches,
        OPENSPIEL_FLOOR: args.hands,
        PETTINGZOO_FLOOR: args.matches * 4,
    }
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
        for name in loops
        if name != NATIVE
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
            "openspiel_floor_vs_native": ratios[OPENSPIEL_FLOOR].as_dict(4),
            "pettingzoo_floor_vs_native": ratios[PETTINGZOO_FLOOR].as_dict(4),
            "env": _common.environment(pyspiel),
        },
    )


if __name__ == "__main__":
    main()
