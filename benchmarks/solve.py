"""How long whist_ro.solve's exact questions take, from the first lead of random deals.

Cells: ``bounds(round, 0)`` at the start of play of random ROMANIAN deals of 3, 4
and 6 players with 8-card hands (dealt out, so no trump: R-TRUMP-2), and
``double_dummy`` of random CLASSIC deals, at 8 cards a hand (a 13-card deal
played at random to 8) and at 13.  Each cell prints the median, the 95th
percentile and the worst time in ms, and how many searches used up
``--budget`` positions (those are timed to the point they stopped, and counted
apart: the budget bounds the worst case).

With ``endplay`` installed (the ``bench`` and ``test`` extras), the classic
cells also time DDS's ``solve_board`` (every card of the leader, the round's
trump) on the very same positions, and give the ratio of the medians
(whist_ro / DDS); without it they say so and report whist_ro alone.

``--questions`` prints instead where the positions go: for each bounds cell,
the positions searched by the "at least k" questions that find the most and
by the "at most k" questions that find the fewest, k by k upwards as
``bounds`` asks them, and the share of the one question that costs most, the
last "no" of "at most" (k = fewest - 1: the others must be shown to force
more on the seat, whatever it does), with the positions searched per second.

Run ``python benchmarks/solve.py`` (``--quick`` for a smoke run, ``--help``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import _common

try:
    from endplay.dds import solve_board  # type: ignore[import-untyped, import-not-found, unused-ignore]
    from endplay.types import Deal, Denom, Player  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ImportError:  # DDS is optional: the classic cells report whist_ro alone
    solve_board = None

import whist_ro as wr
from whist_ro import solve
from whist_ro.solve._search import AT_LEAST, AT_MOST, _SpentError
from whist_ro.solve.exact import position_of, search_for

CELLS: tuple[tuple[str, int, int], ...] = (
    ("bounds 3x8", 3, 8),
    ("bounds 4x8", 4, 8),
    ("bounds 6x8", 6, 8),
    ("double_dummy 8", 4, 8),
    ("double_dummy 13", 4, 13),
)


def position(name: str, players: int, size: int, seed: int) -> wr.Round:
    """The cell's position for ``seed``: the first lead of a deal, or a classic deal at ``size``."""
    if name.startswith("bounds"):
        r = wr.Round.shuffled(
            wr.variants.ROMANIAN, players=players, dealer=0, hand_size=size, seed=seed
        )
        rng = random.Random(seed)
        while r.phase is wr.Phase.BIDDING:
            r = r.apply(rng.choice(r.legal_actions()))
        return r
    r = wr.Round.shuffled(wr.variants.CLASSIC, players=4, dealer=0, hand_size=13, seed=seed)
    rng = random.Random(seed)
    while max(len(h) for h in r.remaining) > size or r.current_trick.cards:
        r = r.apply(rng.choice(r.legal_actions()))
    return r


def time_one(name: str, r: wr.Round, budget: int) -> tuple[float, bool]:
    """(ms, whether the budget ran out)."""
    start = time.perf_counter()
    try:
        if name.startswith("bounds"):
            solve.bounds(r, 0, budget=budget)
        else:
            solve.double_dummy(r, budget=budget)
    except wr.SearchBudgetError:
        return (time.perf_counter() - start) * 1000, True
    return (time.perf_counter() - start) * 1000, False


_WARM: list[bool] = []
LETTER = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T"}


def dds_ms(r: wr.Round) -> float:
    """DDS's ``solve_board`` on ``r`` (a classic trick start), in ms, the deal built untimed."""
    suits = (wr.Suit.SPADES, wr.Suit.HEARTS, wr.Suit.DIAMONDS, wr.Suit.CLUBS)
    pbn = " ".join(
        ".".join(
            "".join(
                LETTER.get(int(c.rank), str(int(c.rank)))
                for c in sorted(hand, key=lambda c: -int(c.rank))
                if c.suit == suit
            )
            for suit in suits
        )
        for hand in r.remaining
    )
    deal = Deal.from_pbn("N:" + pbn)
    deal.first = Player(r.current_trick.leader)
    assert r.trump is not None
    deal.trump = (Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs)[suits.index(r.trump)]
    if not _WARM:  # DDS sets up its tables on its first call: not part of a solve
        solve_board(deal.copy())
        _WARM.append(True)
    start = time.perf_counter()
    solve_board(deal)
    return (time.perf_counter() - start) * 1000


def questions(r: wr.Round, budget: int) -> dict[str, float] | None:
    """Positions searched for seat 0's most and fewest, k by k; None if the budget ran out."""
    search = search_for(r, (0,), budget)
    hands, leader, cards = position_of(r)
    start = time.perf_counter()
    try:
        most = 0
        while most < r.hand_size and search.holds(AT_LEAST, hands, leader, cards, most + 1):
            most += 1
        most_nodes = search.nodes
        fewest, last_no = 0, 0
        while True:
            before = search.nodes
            if search.holds(AT_MOST, hands, leader, cards, fewest):
                break
            last_no = search.nodes - before
            fewest += 1
    except _SpentError:  # the budget ran out (the public functions raise SearchBudgetError)
        return None
    seconds = time.perf_counter() - start
    return {
        "most_positions": most_nodes,
        "fewest_positions": search.nodes - most_nodes,
        "last_no_share": last_no / max(search.nodes - most_nodes, 1),
        "positions_per_s": search.nodes / seconds if seconds else 0.0,
    }


def profile_questions(deals: int, budget: int, seed: int, json_too: bool) -> None:
    """The --questions table: where the positions of bounds go."""
    rows, results = [], {}
    for name, players, size in CELLS:
        if not name.startswith("bounds"):
            continue
        found = [questions(position(name, players, size, seed + i), budget) for i in range(deals)]
        done = [f for f in found if f is not None]
        if not done:
            rows.append([name, "-", "-", "-", "-", f"{deals}/{deals}"])
            continue
        cell = {
            key: round(statistics.median(f[key] for f in done), 3)
            for key in ("most_positions", "fewest_positions", "last_no_share", "positions_per_s")
        }
        cell["budget_spent"] = deals - len(done)
        results[name] = cell
        rows.append(
            [
                name,
                f"{cell['most_positions']:,.0f}",
                f"{cell['fewest_positions']:,.0f}",
                f"{100 * cell['last_no_share']:.0f}%",
                f"{cell['positions_per_s']:,.0f}",
                f"{deals - len(done)}/{deals}",
            ]
        )
    _common.print_table(
        [
            "cell",
            "median positions, most",
            "median positions, fewest",
            "last 'no' of fewest",
            "positions/s",
            "budget spent",
        ],
        rows,
    )
    _common.emit_json(
        json_too,
        {
            "benchmark": "solve-questions",
            "budget": budget,
            "cells": results,
            **_common.environment(),
        },
    )


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--deals", type=_common.positive_int, default=20, help="deals per cell (default 20)"
    )
    parser.add_argument(
        "--budget",
        type=_common.positive_int,
        default=2_000_000,
        help="positions a search may visit (default 2,000,000)",
    )
    parser.add_argument("--quick", action="store_true", help="3 deals a cell, a small budget")
    parser.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    parser.add_argument(
        "--questions",
        action="store_true",
        help="where the positions of bounds go, question by question (no timing of DDS)",
    )
    parser.add_argument(
        "--no-json", action="store_true", help="do not print the machine-readable JSON line"
    )
    args = parser.parse_args(argv)
    deals, budget = (3, 50_000) if args.quick else (args.deals, args.budget)
    _common.print_header("whist_ro.solve: exact questions from the first lead")
    if args.questions:
        profile_questions(deals, budget, args.seed, not args.no_json)
        return
    rows = []
    results: dict[str, object] = {}
    for name, players, size in CELLS:
        times, dds, spent = [], [], 0
        for i in range(deals):
            r = position(name, players, size, args.seed + i)
            ms, ran_out = time_one(name, r, budget)
            times.append(ms)
            spent += ran_out
            if solve_board is not None and name.startswith("double_dummy"):
                dds.append(dds_ms(r))
        cell = {
            "median_ms": round(statistics.median(times), 1),
            "p95_ms": round(p95(times), 1),
            "worst_ms": round(max(times), 1),
            "deals": deals,
            "budget_spent": spent,
        }
        if dds:
            cell["dds_median_ms"] = round(statistics.median(dds), 3)
            # A ratio only where no search stopped on the budget (those times are cut short).
            cell["ratio_to_dds"] = (
                round(statistics.median(times) / statistics.median(dds), 1) if not spent else None
            )
        results[name] = cell
        rows.append(
            [
                name,
                f"{cell['median_ms']}",
                f"{cell['p95_ms']}",
                f"{cell['worst_ms']}",
                f"{spent}/{deals}",
                (
                    f"{cell['dds_median_ms']} "
                    + (f"({cell['ratio_to_dds']}x)" if cell["ratio_to_dds"] else "(no ratio)")
                )
                if dds
                else "",
            ]
        )
    if solve_board is None:
        print("endplay (DDS) is not installed: no DDS column (pip install -e '.[bench]')")
    _common.print_table(
        ["cell", "median ms", "p95 ms", "worst ms", "budget spent", "DDS median ms (ratio)"], rows
    )
    _common.emit_json(
        not args.no_json,
        {"benchmark": "solve", "budget": budget, "cells": results, **_common.environment()},
    )


if __name__ == "__main__":
    main()
