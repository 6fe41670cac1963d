"""Cost of one exact uniform sample from a player view, against dealing a round.

For 4 and 6 players (ROMANIAN, 8-card rounds: the whole deck is dealt, no
trump) and two positions, the start of the round (before the first bid) and
its middle (bids made and half the tricks played, from seeded random legal
actions), it times:

* ``Round.shuffled`` of the same size (the baseline: one seeded deal);
* ``sample (repeat)``: ``view.sample(rng)`` again from the same view, which
  is what a search bot does (the view's counts are worked out once and
  cached, keyed by the view);
* ``sample (fresh view)``: the first sample of a view never seen, counts and
  the first replay included.

Every sample is returned as a ready ``Round``.  Figures are microseconds per
call (``timeit``, best of ``--repeat``), and the ratio of each to the
baseline measured in the same run.  Run ``python benchmarks/sample.py``.
"""

from __future__ import annotations

import argparse
import importlib
import random
import timeit
from collections.abc import Callable, Iterator

import _common

from whist_ro import Phase, Round, variants
from whist_ro.views import PlayerView, view_of

# The module, not the function whist_ro.views re-exports under the same name.
sampling = importlib.import_module("whist_ro.views.sample")

HAND_SIZE = 8


def position(players: int, where: str, seed: int) -> Round:
    r = Round.shuffled(variants.ROMANIAN, players=players, dealer=0, hand_size=HAND_SIZE, seed=seed)
    if where == "start":
        return r
    rng = random.Random(seed)
    target = HAND_SIZE // 2
    while r.phase is Phase.BIDDING or len(r.tricks) < target or r.current_trick.cards:
        r = r.apply(rng.choice(r.legal_actions()))
    return r


def best_us(call: Callable[[], object], *, number: int, repeat: int) -> float:
    return min(timeit.repeat(call, number=number, repeat=repeat)) / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    _common.add_common_args(parser, reps=7)
    parser.add_argument("--number", type=_common.positive_int, default=2000)
    args = parser.parse_args()
    _common.print_header("exact uniform sampling from a player view")
    rows = []
    results = []
    for players in (4, 6):
        for where in ("start", "middle"):
            r = position(players, where, args.seed)
            view = view_of(r, 1)
            rng = random.Random(args.seed)
            views = [view_of(position(players, where, args.seed + k), 1) for k in range(1, 400)]
            fresh = iter(views * (args.number * args.reps // len(views) + 2))

            def baseline(p: int = players, g: random.Random = rng) -> Round:
                return Round.shuffled(
                    variants.ROMANIAN, players=p, dealer=0, hand_size=HAND_SIZE, seed=g
                )

            def repeat_sample(v: PlayerView = view, g: random.Random = rng) -> object:
                return v.sample(g)

            def fresh_sample(it: Iterator[PlayerView] = fresh, g: random.Random = rng) -> object:
                sampling._plan.cache_clear()
                return next(it).sample(g)

            view.sample(rng)  # warm the view's cache
            base = best_us(baseline, number=args.number, repeat=args.reps)
            again = best_us(repeat_sample, number=args.number, repeat=args.reps)
            first = best_us(fresh_sample, number=args.number // 10, repeat=args.reps)
            rows.append(
                [
                    f"{players} players, {where}",
                    f"{view.count_deals():.3g}",
                    f"{base:.1f}",
                    f"{again:.1f}",
                    f"{again / base:.2f}",
                    f"{first:.1f}",
                    f"{first / base:.2f}",
                ]
            )
            results.append(
                {
                    "players": players,
                    "where": where,
                    "deals": view.count_deals(),
                    "shuffled_us": round(base, 2),
                    "repeat_us": round(again, 2),
                    "fresh_us": round(first, 2),
                }
            )
    _common.print_table(
        [
            "position",
            "deals",
            "Round.shuffled µs",
            "sample µs",
            "ratio",
            "fresh view µs",
            "ratio",
        ],
        rows,
    )
    _common.emit_json(not args.no_json, {"benchmark": "sample", "results": results})


if __name__ == "__main__":
    main()
