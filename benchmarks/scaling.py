"""Single-round playout speed by player count and hand size (ROMANIAN rules).

For 3, 4, 5 and 6 players and hands of 1, 4 and 8 cards: random legal
playouts exactly as in ``playout.py`` (``Round.shuffled`` with a seeded
``random.Random``, uniform random legal actions, the checked ``Round.apply``).
The deck has 8 cards per player, so 8-card hands deal it out and are played
without trump (R-TRUMP-2); 1- and 4-card hands turn up a trump.

Repetitions are interleaved across all cells, so machine noise spreads
evenly; each cell reports the median hands/s and, in a second table, the
median decisions/s (bids plus cards, ``players * (1 + hand_size)`` a hand).

Run ``python benchmarks/scaling.py`` (``--help`` for options).
"""

from __future__ import annotations

import argparse

import _common
from _common import Stats, Workload

from whist_ro import variants
from whist_ro.rules import trump_source

PLAYER_COUNTS = (3, 4, 5, 6)
HAND_SIZES = (1, 4, 8)


def workload(players: int, hand_size: int) -> Workload:
    return _common.round_playouts(variants.ROMANIAN, players=players, hand_size=hand_size)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--hands",
        type=_common.positive_int,
        default=500,
        help="hands per cell and repetition (default 500)",
    )
    _common.add_common_args(parser, reps=5)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    _common.print_header("single-round playouts by players and hand size, ROMANIAN")
    cells = {f"{p}p/{h}": workload(p, h) for p in PLAYER_COUNTS for h in HAND_SIZES}
    times = _common.alternate(
        cells, count=args.hands, reps=args.reps, seed=args.seed, warmup=max(1, args.hands // 10)
    )
    stats = {name: Stats.of(_common.rates(args.hands, t)) for name, t in times.items()}

    def trump(h: int) -> str:
        source = trump_source(variants.ROMANIAN, 4, h)
        return "no trump" if source is None else "trump"

    headers = ["players", *(f"{h} card{'s' if h > 1 else ''} ({trump(h)})" for h in HAND_SIZES)]
    print(f"hands/s, median of {args.reps} interleaved repetitions of {args.hands} hands")
    _common.print_table(
        headers,
        [
            [str(p), *(_common.fmt_rate(stats[f"{p}p/{h}"].median) for h in HAND_SIZES)]
            for p in PLAYER_COUNTS
        ],
    )
    print()
    print("decisions/s (bids + cards), median")
    _common.print_table(
        headers,
        [
            [
                str(p),
                *(_common.fmt_rate(stats[f"{p}p/{h}"].median * p * (1 + h)) for h in HAND_SIZES),
            ]
            for p in PLAYER_COUNTS
        ],
    )
    print()
    spread = max(s.high / s.low for s in stats.values())
    print(f"widest min-max spread of a cell: x{spread:.2f}")

    _common.emit_json(
        not args.no_json,
        {
            "benchmark": "scaling",
            "variant": "romanian",
            "hands_per_rep": args.hands,
            "reps": args.reps,
            "seed": args.seed,
            "unit": "hands/s",
            "cells": [
                {
                    "players": p,
                    "hand_size": h,
                    "trump": trump_source(variants.ROMANIAN, p, h),
                    **stats[f"{p}p/{h}"].as_dict(),
                }
                for p in PLAYER_COUNTS
                for h in HAND_SIZES
            ],
            "env": _common.environment(),
        },
    )


if __name__ == "__main__":
    main()
