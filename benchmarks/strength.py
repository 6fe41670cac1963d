"""How strong the bots are: each against a field of three LowRiskBots, duplicate deals.

Table 1 (issue 9): one bot under test and three :class:`LowRiskBot` players,
4-player ROMANIAN, the tested bot rotated through every seat on the same deal
seed (a *duplicate set* is those 4 matches).  Each match's **edge** is the
tested bot's final total minus the mean final total of the three LowRiskBots.
The mean edge and its 95% confidence interval are taken over the duplicate
sets (a set's edge is the mean of its 4 matches: the sets are independent, the
matches of one set are not), Student's t.  The same again with
``streak_repeats=False``, the scoring of the engine whose anchors the issue
quotes, and RandomBot for scale.

Table 2: head to head, two SearchBots and two RuleBots in alternating seats
(S R S R, then R S R S on the same deals); the paired difference per set is
the mean SearchBot total minus the mean RuleBot total.

Table 3: classic whist to 5 points, one pair against another, the pairs
swapping sides on the same deals; a set's score is the game value (1 to 3) the
tested pair wins minus the other pair's.

``--quick`` runs a few sets (seconds); the default is the full run.
``--workers N`` plays the sets in N processes (results do not depend on it).
Run ``python benchmarks/strength.py --help``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import attrs

import whist_ro as wr
from whist_ro import Match, variants
from whist_ro.bots import LowRiskBot, RandomBot, RuleBot, SearchBot

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from baseline.search_bot_a448086 import BaselineSearchBot

PLAYERS = 4

#: Student's t, two-sided 95%, by degrees of freedom (normal beyond the table).
_T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26,
        10: 2.23, 12: 2.18, 15: 2.13, 20: 2.09, 25: 2.06, 30: 2.04, 40: 2.02, 60: 2.00,
        120: 1.98}  # fmt: skip


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (tabled)."""
    if df <= 0:
        return math.inf
    keys = [k for k in sorted(_T95) if k <= df]
    return _T95[keys[-1]] if df <= 120 else 1.96


@dataclass(frozen=True)
class Interval:
    """A mean with its 95% confidence half-width."""

    mean: float
    half: float
    n: int

    def __str__(self) -> str:
        return f"{self.mean:+.1f} ± {self.half:.1f}"


def interval(values: Sequence[float]) -> Interval:
    """Mean and 95% half-width (Student's t) of ``values``."""
    n = len(values)
    mean = statistics.fmean(values)
    if n < 2:
        return Interval(mean, math.inf, n)
    return Interval(mean, t95(n - 1) * statistics.stdev(values) / math.sqrt(n), n)


# -- bots by name ---------------------------------------------------------------

BOTS: dict[str, Callable[[str], Any]] = {
    "lowrisk": lambda seed: LowRiskBot(),
    "rule": lambda seed: RuleBot(),
    "search": lambda seed: SearchBot(seed=seed),
    "search-baseline": lambda seed: BaselineSearchBot(seed=seed),
    "random": lambda seed: RandomBot(seed=seed),
}


def make(name: str, seed: str) -> Any:
    """A bot by its short name; SearchBot takes options: ``search:samples=20,others=none``.

    ``policy`` and ``others`` are policy names (``others=none``: None, every
    seat plays ``policy``); the other options are numbers.

    ``search-baseline`` is the SearchBot of commit a448086, before bid inference
    (``benchmarks/baseline/``), with the same options.
    """
    base, _, opts = name.partition(":")
    if base in ("search", "search-baseline") and opts:
        kwargs: dict[str, Any] = {}
        for part in opts.split(","):
            key, _, value = part.partition("=")
            if key in ("policy", "others"):
                kwargs[key] = None if value == "none" else value
            else:
                kwargs[key] = float(value) if "." in value else int(value)
        cls = SearchBot if base == "search" else BaselineSearchBot
        return cls(seed=seed, **kwargs)
    return BOTS[base](seed)


# -- one match ------------------------------------------------------------------


@dataclass
class Played:
    """A finished match: totals per seat, decision counts and seconds per seat."""

    totals: tuple[int, ...]
    decisions: list[int]
    seconds: list[float]
    points: tuple[int, ...]


def play(variant: wr.Variant, agents: Sequence[Any], seed: str) -> Played:
    """Play one match on a tight loop over ``Match.apply`` with each seat's view."""
    m = Match.new(variant, players=len(agents), seed=seed)
    decisions = [0] * len(agents)
    seconds = [0.0] * len(agents)
    clock = time.perf_counter
    while not m.is_over:
        seat = m.to_act
        assert seat is not None
        view = m.view(seat)
        start = clock()
        action = agents[seat].act(view)
        seconds[seat] += clock() - start
        decisions[seat] += 1
        m = m.apply(action)
    points: tuple[int, ...] = ()
    if variant.is_classic:
        points = tuple(sum(g.value for g in m.games if g.winner == s % 2) for s in range(2))
    return Played(m.totals, decisions, seconds, points)


# -- one duplicate set (a unit of work for a process) -----------------------------


def field_set(job: tuple[str, wr.Variant, str]) -> dict[str, Any]:
    """The tested bot in every seat against three LowRiskBots, on one deal seed."""
    name, variant, seed = job
    edges, mine, theirs, decisions, seconds = [], [], [], 0, 0.0
    searched = rollouts = solved = 0
    search_seconds = 0.0
    for seat in range(PLAYERS):
        agents = [LowRiskBot() for _ in range(PLAYERS)]
        agents[seat] = make(name, f"{seed}:{seat}")
        out = play(variant, agents, seed)
        others = [t for s, t in enumerate(out.totals) if s != seat]
        edges.append(out.totals[seat] - statistics.fmean(others))
        mine.append(out.totals[seat])
        theirs.append(statistics.fmean(others))
        decisions += out.decisions[seat]
        seconds += out.seconds[seat]
        stats = getattr(agents[seat], "stats", None)
        if stats is not None:
            searched += stats.decisions
            rollouts += stats.rollouts
            solved += stats.solved
            search_seconds += stats.seconds
    return {
        "searched": searched,
        "rollouts": rollouts,
        "solved": solved,
        "search_seconds": search_seconds,
        "edge": statistics.fmean(edges),
        "bot": statistics.fmean(mine),
        "lowrisk": statistics.fmean(theirs),
        "decisions": decisions,
        "seconds": seconds,
    }


def head_set(job: tuple[str, str, wr.Variant, str]) -> dict[str, Any]:
    """Two of bot A and two of bot B, alternating seats, then swapped, on one deal seed."""
    a, b, variant, seed = job
    diffs, a_tot, b_tot = [], [], []
    for flip in (0, 1):
        agents = [make(a if (s + flip) % 2 == 0 else b, f"{seed}:{flip}:{s}") for s in range(4)]
        out = play(variant, agents, seed)
        ta = [t for s, t in enumerate(out.totals) if (s + flip) % 2 == 0]
        tb = [t for s, t in enumerate(out.totals) if (s + flip) % 2 == 1]
        if variant.is_classic:
            ta = [out.points[flip % 2]]  # side 0 is seats 0 and 2
            tb = [out.points[1 - flip % 2]]
        a_tot.append(statistics.fmean(ta))
        b_tot.append(statistics.fmean(tb))
        diffs.append(a_tot[-1] - b_tot[-1])
    return {
        "diff": statistics.fmean(diffs),
        "a": statistics.fmean(a_tot),
        "b": statistics.fmean(b_tot),
    }


def run_jobs(
    fn: Callable[[Any], dict[str, Any]], jobs: list[Any], workers: int
) -> list[dict[str, Any]]:
    """Run ``jobs`` serially or on a process pool (the results do not depend on it)."""
    if workers <= 1:
        return [fn(j) for j in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(fn, jobs))


# -- the tables -------------------------------------------------------------------


def field_table(
    names: list[str], sets: int, workers: int, out: list[str], record: dict[str, Any]
) -> None:
    if not names:
        return
    no_repeat = attrs.evolve(variants.ROMANIAN, streak_repeats=False)
    out.append("| bot | scoring | sets | bot total | LowRisk total | edge (95% CI) | ms/decision |")
    out.append("| --- | --- | --- | --- | --- | --- | --- |")
    for name in names:
        for label, variant in (("preset", variants.ROMANIAN), ("streak once", no_repeat)):
            start = time.perf_counter()
            rows = run_jobs(
                field_set, [(name, variant, f"strength:{k}") for k in range(sets)], workers
            )
            wall = time.perf_counter() - start
            edge = interval([r["edge"] for r in rows])
            ms = 1000 * sum(r["seconds"] for r in rows) / max(sum(r["decisions"] for r in rows), 1)
            out.append(
                f"| {name} | {label} | {sets} | {statistics.fmean(r['bot'] for r in rows):.1f} | "
                f"{statistics.fmean(r['lowrisk'] for r in rows):.1f} | {edge} | {ms:.2f} |"
            )
            record[f"{name}/{label}"] = {
                "edge": edge.mean,
                "half": edge.half,
                "ms": ms,
                "wall": wall,
            }
            print(out[-1], flush=True)


def head_table(
    pairs: list[tuple[str, str, wr.Variant]],
    sets: int,
    workers: int,
    out: list[str],
    record: dict[str, Any],
) -> None:
    out.append("| A vs B | variant | sets | A mean | B mean | A - B (95% CI) |")
    out.append("| --- | --- | --- | --- | --- | --- |")
    for a, b, variant in pairs:
        rows = run_jobs(head_set, [(a, b, variant, f"head:{k}") for k in range(sets)], workers)
        diff = interval([r["diff"] for r in rows])
        out.append(
            f"| {a} vs {b} | {variant.name} | {sets} | "
            f"{statistics.fmean(r['a'] for r in rows):.2f} | "
            f"{statistics.fmean(r['b'] for r in rows):.2f} | {diff} |"
        )
        record[f"{a}-{b}/{variant.name}"] = {"diff": diff.mean, "half": diff.half}
        print(out[-1], flush=True)


def budget_table(
    budgets: list[str], sets: int, workers: int, out: list[str], record: dict[str, Any]
) -> None:
    """Decisions per second and rollouts per decision of SearchBot at each budget."""
    out.append(
        "| SearchBot budget | sets | edge (95% CI) | ms/decision (all) | searched decisions/s "
        "| rollouts/decision | exact solves/decision |"
    )
    out.append("| --- | --- | --- | --- | --- | --- | --- |")
    for name in budgets:
        rows = run_jobs(
            field_set, [(name, variants.ROMANIAN, f"budget:{k}") for k in range(sets)], workers
        )
        edge = interval([r["edge"] for r in rows])
        ms = 1000 * sum(r["seconds"] for r in rows) / max(sum(r["decisions"] for r in rows), 1)
        searched = sum(r["searched"] for r in rows)
        rate = searched / max(sum(r["search_seconds"] for r in rows), 1e-9)
        per = sum(r["rollouts"] for r in rows) / max(searched, 1)
        solved = sum(r["solved"] for r in rows) / max(searched, 1)
        out.append(
            f"| {name.partition(':')[2]} | {sets} | {edge} | {ms:.1f} | {rate:.0f} | {per:.0f} "
            f"| {solved:.0f} |"
        )
        record[f"budget/{name}"] = {
            "edge": edge.mean,
            "half": edge.half,
            "ms": ms,
            "per_s": rate,
            "rollouts": per,
        }
        print(out[-1], flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few sets: seconds, not minutes")
    parser.add_argument("--sets", type=int, help="duplicate sets per field row")
    parser.add_argument("--search-sets", type=int, help="duplicate sets per SearchBot field row")
    parser.add_argument("--head-sets", type=int, help="duplicate sets per head-to-head row")
    parser.add_argument("--budget-sets", type=int, help="duplicate sets per budget row")
    parser.add_argument("--skip-budgets", action="store_true")
    parser.add_argument("--workers", type=int, default=1, help="processes (results do not change)")
    parser.add_argument("--bots", default="rule,search,random", help="bots to test against LowRisk")
    parser.add_argument("--skip-head", action="store_true")
    parser.add_argument("--skip-classic", action="store_true")
    args = parser.parse_args(argv)
    sets = args.sets or (2 if args.quick else 100)
    search_sets = args.search_sets or (1 if args.quick else 30)
    head_sets = args.head_sets or (1 if args.quick else 20)
    budget_sets = args.budget_sets or (1 if args.quick else 3)
    # A comma starts the next bot only before a bot's name: "search:samples=24,others=none"
    # is one bot with two options.
    names = re.split(
        rf",(?=(?:{'|'.join(sorted(BOTS, key=len, reverse=True))})(?:$|[:,]))", args.bots
    )
    if args.quick:
        names = [("search:samples=8" if n == "search" else n) for n in names]
    out: list[str] = []
    record: dict[str, Any] = {}
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        flush=True,
    )
    plain = [n for n in names if not n.startswith("search")]
    searches = [n for n in names if n.startswith("search")]
    field_table(plain, sets, args.workers, out, record)
    field_table(searches, search_sets, args.workers, out, record)
    if not args.skip_budgets:
        budgets = (
            ["search:samples=2", "search:samples=5"]
            if args.quick
            else [
                "search:samples=5",
                "search:samples=10",
                "search:samples=24",
                "search:samples=48",
                "search:ms=20.0",
                "search:samples=8,rollouts=4,policy=random",
            ]
        )
        budget_table(budgets, budget_sets, args.workers, out, record)
    search = "search:samples=8" if args.quick else "search"
    if not args.skip_head:
        head_table([(search, "rule", variants.ROMANIAN)], head_sets, args.workers, out, record)
    if not args.skip_classic:
        classic = [
            ("rule", "random", variants.CLASSIC),
            (search, "random", variants.CLASSIC),
            (search, "rule", variants.CLASSIC),
        ]
        head_table(classic, head_sets, args.workers, out, record)
    print()
    print("\n".join(out))
    print("JSON: " + json.dumps(record))


if __name__ == "__main__":
    main()
