"""Playout kernels (whist_ro.sim) against OpenSpiel, from Python and inside C++.

Headline workload, the same on every row: 4 players, a 32-card deck, 7-card
hands, a turned-up trump, uniformly random legal bids and cards, the deal
included.

* OpenSpiel from Python: ``oh_hell`` stepped from a Python loop
  (``benchmarks/playout.py`` does the same);
* OpenSpiel in C++: ``pyspiel.evaluate_bots`` with uniform random bots, one
  call a hand, so the whole hand runs in C++;
* scalar kernel: ``sim.playouts(round, n, kernel="scalar")`` from fresh deals;
* batched kernel: ``sim.playouts(round, n, kernel="batched")`` from fresh deals.

Extra rows (no OpenSpiel counterpart): both kernels from a mid-round position
(bids made, two tricks played) with deals sampled for the seat to act, the
search case; and both kernels with 3 and 6 players.

Repetitions alternate; the last line is ``JSON: {...}`` with
``scalar_vs_openspiel_cpp`` and ``batched_vs_openspiel_cpp``, the medians of
the per-repetition ratios of hands/s.  Run ``python benchmarks/kernel.py``
(``pip install open-spiel``, or the ``bench`` extra, first for the OpenSpiel rows).
"""

from __future__ import annotations

import argparse
import random
from types import ModuleType
from typing import Any

import _common
from _common import Stats, Workload

import whist_ro as wr
from whist_ro import sim

PLAYERS = 4
HAND_SIZE = 7


def _start(players: int, seed: int = 0) -> wr.Round:
    # Every checkout with whist_ro.sim has Round.shuffled: no fallback to Round.deal here.
    return wr.Round.shuffled(
        wr.variants.ROMANIAN, players=players, dealer=0, hand_size=HAND_SIZE, seed=seed
    )


def kernel_workload(state: wr.Round, kernel: str, deals: str | None = None) -> Workload:
    def run(hands: int, seed: int) -> float:
        start = _common.clock()
        sim.playouts(state, hands, rng=seed, kernel=kernel, deals=deals)  # type: ignore[arg-type]
        return _common.clock() - start

    return run


def openspiel_python(game: Any) -> Workload:
    return lambda hands, seed: _common.random_openspiel_hands(game, hands, seed)[0]


def openspiel_cpp(pyspiel: ModuleType, game: Any) -> Workload:
    return lambda hands, seed: _common.cpp_random_hands(pyspiel, game, hands, seed)


def mid_round(players: int) -> wr.Round:
    """Bids made and two tricks played: where a search bot starts its rollouts."""
    r = _start(players, seed=5)
    rng = random.Random(5)
    while r.phase is wr.Phase.BIDDING or len(r.tricks) < 2:
        r = r.apply(rng.choice(r.legal_actions()))
    return r


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=_common.positive_int, default=4096)
    _common.add_common_args(parser, reps=7)
    parser.add_argument("--no-openspiel", action="store_true")
    args = parser.parse_args(argv)

    _common.print_header(
        f"playout kernels: {PLAYERS} players, 32 cards, {HAND_SIZE}-card hands, random play"
    )
    pyspiel = None if args.no_openspiel else _common.load_pyspiel()
    start = _start(PLAYERS)
    headline: dict[str, Workload] = {
        "scalar kernel": kernel_workload(start, "scalar"),
        "batched kernel": kernel_workload(start, "batched"),
    }
    if pyspiel is not None:
        game = _common.load_oh_hell(pyspiel, players=PLAYERS, tricks=HAND_SIZE)
        headline["OpenSpiel from Python"] = openspiel_python(game)
        headline["OpenSpiel C++ evaluate_bots"] = openspiel_cpp(pyspiel, game)
    extra: dict[str, Workload] = {}
    mid = mid_round(PLAYERS)
    extra["scalar, mid-round sampled"] = kernel_workload(mid, "scalar", "sampled")
    extra["batched, mid-round sampled"] = kernel_workload(mid, "batched", "sampled")
    for players in (3, 6):
        extra[f"scalar, {players} players"] = kernel_workload(_start(players), "scalar")
        extra[f"batched, {players} players"] = kernel_workload(_start(players), "batched")

    rates: dict[str, list[float]] = {}
    for group in (headline, extra):
        times = _common.alternate(
            group, count=args.hands, reps=args.reps, seed=args.seed, warmup=256
        )
        rates.update({name: _common.rates(args.hands, t) for name, t in times.items()})
    stats = {name: Stats.of(r) for name, r in rates.items()}
    cpp = "OpenSpiel C++ evaluate_bots"
    ratios = (
        {
            name: Stats.of(_common.paired_ratios(rates[name], rates[cpp]))
            for name in headline
            if name != cpp
        }
        if cpp in rates
        else {}
    )
    print(f"{args.reps} alternating repetitions of {args.hands} hands")
    rows = []
    for name, s in stats.items():
        ratio = ratios.get(name)
        rows.append(
            [
                name,
                _common.fmt_rate(s.median),
                f"{_common.fmt_rate(s.low)}-{_common.fmt_rate(s.high)}",
                f"{ratio.median:.2f} ({ratio.low:.2f}-{ratio.high:.2f})" if ratio else "",
            ]
        )
    _common.print_table(["workload", "hands/s median", "min-max", "vs OpenSpiel C++"], rows)
    _common.emit_json(
        not args.no_json,
        {
            "benchmark": "kernel",
            "hands_per_rep": args.hands,
            "reps": args.reps,
            "unit": "hands/s",
            "rates": {name: s.as_dict() for name, s in stats.items()},
            "scalar_vs_openspiel_cpp": (
                round(ratios["scalar kernel"].median, 3) if ratios else None
            ),
            "batched_vs_openspiel_cpp": (
                round(ratios["batched kernel"].median, 3) if ratios else None
            ),
            "env": _common.environment(pyspiel),
        },
    )


if __name__ == "__main__":
    main()
