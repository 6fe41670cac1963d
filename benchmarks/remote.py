"""The cost of the engine protocol: a seat played by an engine process instead of in-process.

    python benchmarks/remote.py                  # defaults: about a minute on 2 cores
    python benchmarks/remote.py --matches 2 --reps 3      # a smoke run
    python benchmarks/remote.py --profile        # where the manager's time goes, one table

Whole 4-player ROMANIAN matches of four RuleBots at a :class:`whist_ro.Table`,
played two ways:

* **in-process**: the four RuleBots are Python objects in this process;
* **engine**: seat 0 is ``python -m whist_ro engine rule``, a child process
  serving RuleBot through the engine protocol (``docs/protocol.md``: views
  written as JSON lines, read back and rebuilt on the engine's side, the
  answer read back and checked), and the other three are RuleBots in-process.

Both sides play the very same games (the engine's RuleBot gets the seed the
in-process one has; the records are compared before timing), so the
difference of their times is what the protocol costs.  Two settings:

* **one table**, played with the blocking ``table.run()`` (the engine lives
  on whist-ro's background event loop, as ``EngineAgent.popen`` gives it);
* **8 tables in one event loop**, ``await table.arun()`` on all of them at
  once, one engine process per table (``EngineAgent.apopen``), against the
  same 8 tables all in-process (their RuleBots run in the tables' worker
  threads, as an async table runs any synchronous agent).

The engines start before the timed part (a start costs a Python
interpreter's start-up and the handshake, reported apart) and each plays
``--matches`` matches per repetition.  Repetitions alternate (A B, B A,
...); the extra cost per engine decision is, for each repetition,
(engine time - in-process time) / the engine's decisions, reported as the
median with min-max, in milliseconds.  Target: under 2 ms per decision on
one table; goal: under 1 ms.  The extra CPU per decision counts this
process (all its threads) and the engine processes (read from /proc, so
Linux only): on a shared machine it moves less than the wall time, which
includes waiting for a CPU.

It also reports what crosses the wire: the size of the ``act`` messages
over a match against the full view each replaces, and what building and
encoding each costs.  It prints a table and one ``JSON: {...}`` line.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import os
import pstats
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import _common
from _common import Stats

from whist_ro import Table, records, variants
from whist_ro.bots import RuleBot
from whist_ro.remote import EngineAgent, wire

PLAYERS = 4
TABLES = 8
TARGET_MS = 2.0
GOAL_MS = 1.0
ENGINE = (sys.executable, "-m", "whist_ro", "engine", "rule")
VARIANT = variants.ROMANIAN
#: The seed every RuleBot of a match gets: the engine's (sent with new_match) and the others.
BOT_SEED = 7
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float | None:
    """CPU seconds (user + system) process ``pid`` has used so far, read from /proc (Linux)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            text = f.read()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / _TICKS


def engines_cpu(engines: Sequence[EngineAgent]) -> float | None:
    found = [cpu_seconds(e.pid) for e in engines]
    return None if None in found else sum(found)  # type: ignore[arg-type]


def seeds(rep_seed: int, matches: int, table: int = 0) -> list[int]:
    """The match seeds one table plays in one repetition."""
    base = rep_seed * 1_000_003 + table * 10_007
    return [base + k for k in range(matches)]


def lineup(engine: EngineAgent | None) -> list[object]:
    first: object = engine if engine is not None else RuleBot(seed=BOT_SEED)
    return [first, *(RuleBot(seed=BOT_SEED + s) for s in range(1, PLAYERS))]


def table_for(engine: EngineAgent | None, seed: int) -> Table:
    return Table(VARIANT, agents=lineup(engine), seed=seed)  # type: ignore[arg-type]


def engine_decisions(table: Table) -> int:
    """The decisions seat 0 took in the table's match."""
    return sum(1 for action in table.match.history if action.seat == 0)


class OneTable:
    """One table, ``table.run()``: in-process, or seat 0 an engine on the background loop."""

    def __init__(self) -> None:
        self.engine = EngineAgent.popen(list(ENGINE), seed=BOT_SEED)
        self.counts: dict[tuple[bool, int], int] = {}
        self.cpu: dict[tuple[bool, int], float | None] = {}

    def workload(self, remote: bool) -> Callable[[int, int], float]:
        def run(matches: int, seed: int) -> float:
            engine = self.engine if remote else None
            decisions = 0
            cpu, child = time.process_time(), engines_cpu([self.engine])
            start = _common.clock()
            for s in seeds(seed, matches):
                table = table_for(engine, s)
                table.run()
                decisions += engine_decisions(table)
            elapsed = _common.clock() - start
            self.counts[remote, seed] = decisions
            self.cpu[remote, seed] = cpu_spent(cpu, child, [self.engine])
            return elapsed

        return run

    def close(self) -> None:
        self.engine.close()


class ManyTables:
    """``TABLES`` tables in one event loop (``arun``), each with its own engine when remote."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.engines: list[EngineAgent] = self.loop.run_until_complete(self._start())
        self.counts: dict[tuple[bool, int], int] = {}
        self.cpu: dict[tuple[bool, int], float | None] = {}

    async def _start(self) -> list[EngineAgent]:
        engines = await asyncio.gather(
            *(EngineAgent.apopen(list(ENGINE), seed=BOT_SEED) for _ in range(TABLES))
        )
        return list(engines)

    async def _play(self, remote: bool, matches: int, seed: int) -> int:
        async def one(t: int) -> int:
            engine = self.engines[t] if remote else None
            decisions = 0
            for s in seeds(seed, matches, t):
                table = table_for(engine, s)
                try:
                    await table.arun()
                finally:
                    await table.aclose()
                decisions += engine_decisions(table)
            return decisions

        return sum(await asyncio.gather(*(one(t) for t in range(TABLES))))

    def workload(self, remote: bool) -> Callable[[int, int], float]:
        def run(matches: int, seed: int) -> float:
            cpu, child = time.process_time(), engines_cpu(self.engines)
            start = _common.clock()
            decisions = self.loop.run_until_complete(self._play(remote, matches, seed))
            elapsed = _common.clock() - start
            self.counts[remote, seed] = decisions
            self.cpu[remote, seed] = cpu_spent(cpu, child, self.engines)
            return elapsed

        return run

    async def _stop(self) -> None:
        await asyncio.gather(*(e.aclose() for e in self.engines))

    def close(self) -> None:
        self.loop.run_until_complete(self._stop())
        self.loop.close()


def cpu_spent(
    manager: float, engines: float | None, running: Sequence[EngineAgent]
) -> float | None:
    """CPU seconds since ``manager`` (this process) and ``engines`` (the engine processes) read."""
    now = engines_cpu(running)
    if engines is None or now is None:
        return None
    return time.process_time() - manager + now - engines


def same_games(seed: int) -> bool:
    """True when the engine's seat plays exactly as the in-process RuleBot (checked untimed)."""
    with EngineAgent.popen(list(ENGINE), seed=BOT_SEED) as engine:
        for s in seeds(seed, 2):
            local, remote = table_for(None, s), table_for(engine, s)
            local.run()
            remote.run()
            a, b = local.to_record(), remote.to_record()
            if remote.takeovers or a.actions != b.actions or b.engines[0] != "rule":
                return False
            if not records.adjudicate(b).ok:
                return False
    return True


def message_sizes(seed: int, repeat: int = 200) -> dict[str, object]:
    """What crosses the wire for seat 0 over one RuleBot match, and what building it costs.

    Bytes of each ``act`` line (the current round only) against the full view
    (``view.to_dict()`` with every past round), at the middle and the end of
    the match; and microseconds to build and encode each (best of a few
    timings of ``repeat`` calls, on a view from the middle of the match).
    """
    table = table_for(None, seed)
    acts: list[int] = []
    fulls: list[int] = []
    views = []
    while not table.is_over:
        m = table.match
        if m.to_act == 0:
            view = m.view(0)
            views.append(view)
            acts.append(len(wire.encode(wire.act_message(view, request=1, time_limit=1.0))))
            fulls.append(len(wire.encode(view.to_dict())))
        table.step()
    middle = views[len(views) // 2]

    def best_us(call: Callable[[], object]) -> float:
        runs = []
        for _ in range(5):
            start = _common.clock()
            for _ in range(repeat):
                call()
            runs.append((_common.clock() - start) / repeat * 1e6)
        return min(runs)

    return {
        "act_bytes": {"median": statistics.median(acts), "max": max(acts)},
        "full_view_bytes": {"middle": fulls[len(fulls) // 2], "end": fulls[-1]},
        "act_build_encode_us": round(
            best_us(lambda: wire.encode(wire.act_message(middle, request=1, time_limit=1.0))),
            1,
        ),
        "full_view_build_encode_us": round(best_us(lambda: wire.encode(middle.to_dict())), 1),
    }


def start_cost(reps: int) -> Stats:
    """Milliseconds from ``EngineAgent.popen`` to a ready engine (process start and handshake)."""
    times = []
    for _ in range(reps):
        start = _common.clock()
        engine = EngineAgent.popen(list(ENGINE), seed=BOT_SEED)
        times.append((_common.clock() - start) * 1e3)
        engine.close()
    return Stats.of(times)


@dataclass(frozen=True)
class Measured:
    """One setting's repetitions: seconds per side, and the engine's cost per decision."""

    seconds: dict[str, list[float]]
    decisions: float
    extra_ms: Stats
    ratio: Stats
    cpu_extra_ms: Stats | None

    def as_dict(self, matches: int, tables: int) -> dict[str, object]:
        return {
            "tables": tables,
            "matches_per_table": matches,
            "engine_decisions_per_rep": self.decisions,
            "extra_ms_per_decision": self.extra_ms.as_dict(3),
            "extra_cpu_ms_per_decision": (
                None if self.cpu_extra_ms is None else self.cpu_extra_ms.as_dict(3)
            ),
            "time_ratio_engine_vs_in_process": self.ratio.as_dict(3),
            "ms_per_match": {
                side: Stats.of([t * 1e3 / (matches * tables) for t in seconds]).as_dict(1)
                for side, seconds in self.seconds.items()
            },
        }

    def row(self, name: str, games: int) -> list[str]:
        per_match = {
            side: statistics.median(seconds) * 1e3 / games for side, seconds in self.seconds.items()
        }
        cpu = self.cpu_extra_ms
        return [
            name,
            f"{per_match['in-process']:.0f}",
            f"{per_match['engine']:.0f}",
            f"{self.ratio.median:.3f}",
            f"{self.decisions:.0f}",
            f"{self.extra_ms.median:.3f}",
            f"{self.extra_ms.low:.3f}-{self.extra_ms.high:.3f}",
            "n/a" if cpu is None else f"{cpu.median:.3f}",
        ]


def measure(setting: OneTable | ManyTables, *, matches: int, reps: int, seed: int) -> Measured:
    """Both sides of one setting, ``reps`` alternating repetitions of ``matches`` per table."""
    workloads = {
        "in-process": setting.workload(False),
        "engine": setting.workload(True),
    }
    times = _common.alternate(workloads, count=matches, reps=reps, seed=seed, warmup=1)
    rep_seeds = [seed + rep for rep in range(reps)]
    # Seat 0's decisions in each repetition: the same games on both sides, so the same count.
    decisions = [setting.counts[True, s] for s in rep_seeds]
    if decisions != [setting.counts[False, s] for s in rep_seeds]:
        raise SystemExit("the engine and the in-process bot played different games")
    extra = [
        (remote - local) * 1e3 / d
        for remote, local, d in zip(times["engine"], times["in-process"], decisions, strict=True)
    ]
    cpu = [(setting.cpu[True, s], setting.cpu[False, s]) for s in rep_seeds]
    cpu_extra = (
        None
        if any(r is None or x is None for r, x in cpu)
        else Stats.of(
            [(r - x) * 1e3 / d for (r, x), d in zip(cpu, decisions, strict=True)]  # type: ignore[operator]
        )
    )
    return Measured(
        seconds=times,
        decisions=sum(decisions) / reps,
        extra_ms=Stats.of(extra),
        ratio=Stats.of(_common.paired_ratios(times["engine"], times["in-process"])),
        cpu_extra_ms=cpu_extra,
    )


def profile_engine_table(matches: int, seed: int, top: int) -> None:
    """cProfile of the manager while seat 0 is an engine (one table, ``run()``)."""
    setting = OneTable()
    try:
        run = setting.workload(True)
        run(1, seed - 1)
        profiler = cProfile.Profile()
        gc.collect()
        profiler.enable()
        run(matches, seed)
        profiler.disable()
    finally:
        setting.close()
    print(f"\n== profile: manager side, one table, {matches} matches, seat 0 an engine ==")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(top)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--matches",
        type=_common.positive_int,
        default=6,
        help="matches per table per timed repetition (default 6)",
    )
    parser.add_argument(
        "--many-matches",
        type=_common.positive_int,
        default=2,
        help=f"matches per table per repetition with {TABLES} tables (default 2)",
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="also print a cProfile of the one-table engine run",
    )
    parser.add_argument("--top", type=int, default=30, help="rows of the profile (default 30)")
    _common.add_common_args(parser, reps=7)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    _common.print_header(
        f"engine protocol cost: {PLAYERS}-player ROMANIAN, RuleBots, seat 0 an engine process"
    )
    same = same_games(args.seed)
    started = start_cost(3)
    sizes = message_sizes(args.seed)

    one = OneTable()
    try:
        single = measure(one, matches=args.matches, reps=args.reps, seed=args.seed)
    finally:
        one.close()
    many = ManyTables()
    try:
        multi = measure(many, matches=args.many_matches, reps=args.reps, seed=args.seed + 500)
    finally:
        many.close()

    print(
        f"{args.reps} alternating repetitions; identical games in-process and through the "
        f"engine: {'yes' if same else 'NO'}; engine start (process + handshake): "
        f"{started.median:.0f} ms"
    )
    act_bytes, full_bytes = sizes["act_bytes"], sizes["full_view_bytes"]
    assert isinstance(act_bytes, dict)
    assert isinstance(full_bytes, dict)
    print(
        f"act message: {act_bytes['median']:,.0f} bytes (median; max {act_bytes['max']:,}), "
        f"built and encoded in {sizes['act_build_encode_us']} us; the full view it replaces: "
        f"{full_bytes['middle']:,} bytes mid-match, {full_bytes['end']:,} at the end, "
        f"{sizes['full_view_build_encode_us']} us"
    )
    _common.print_table(
        [
            "setting",
            "in-process ms/match",
            "engine ms/match",
            "time ratio",
            "engine decisions/rep",
            "extra ms/decision",
            "min-max",
            "extra CPU ms/decision",
        ],
        [
            single.row("1 table, run()", args.matches),
            multi.row(f"{TABLES} tables, one loop, arun()", args.many_matches * TABLES),
        ],
    )
    extra = single.extra_ms.median
    verdict = (
        "within the goal"
        if extra < GOAL_MS
        else "within the target"
        if extra < TARGET_MS
        else "ABOVE the target"
    )
    print(
        f"extra cost per engine decision, one table: {extra:.3f} ms ({verdict}: target "
        f"{TARGET_MS:g} ms, goal {GOAL_MS:g} ms); extra CPU counts this process and the "
        "engines' processes"
    )
    _common.emit_json(
        not args.no_json,
        {
            "benchmark": "remote",
            "variant": VARIANT.name,
            "players": PLAYERS,
            "engine": " ".join(["python", *ENGINE[1:]]),
            "reps": args.reps,
            "seed": args.seed,
            "identical_games": same,
            "engine_start_ms": started.as_dict(1),
            "messages": sizes,
            "one_table": single.as_dict(args.matches, 1),
            "many_tables": multi.as_dict(args.many_matches, TABLES),
            "target_ms": TARGET_MS,
            "goal_ms": GOAL_MS,
            "within_target": extra < TARGET_MS,
            "within_goal": extra < GOAL_MS,
            "env": _common.environment(),
        },
    )
    if args.profile:
        profile_engine_table(args.matches, args.seed, args.top)


if __name__ == "__main__":
    main()
