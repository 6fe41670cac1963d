"""Whole matches through ``Table``, and what the table costs per decision over a bare loop.

For each case, a preset (4-player ROMANIAN, CLASSIC) and a line-up of
in-process bots (four seeded ``RandomBot``, or four ``RuleBot``, a stronger
bot that thinks longer per decision), the same matches are played
``--matches`` at a time in these ways, the repetitions alternating (A B C,
B C A, ...):

* ``bare``: the reference, a bare loop over ``Match.apply`` with the same
  bots: ``view_of(m, m.to_act)``, the seat's ``act``, the checked
  ``Match.apply``, until the match is over.  No table, no checks of the
  agent's answer, no observers, no time limit.
* ``run``: ``Table(variant, agents=..., seed=...).run()``.
* ``run_limit``: the same with ``time_limit=60`` (never reached: what is
  measured is the limit's bookkeeping).
* ``step``: ``Table.step()`` called until the match is over.
* ``arun``, ``arun_limit``, ``astep``: the same through ``await
  Table.arun()`` and ``await Table.astep()``, one table at a time in one
  event loop (timed inside the loop, so starting and closing the loop is
  not counted).
* ``arun_all``: all the repetition's tables at once, ``asyncio.gather`` of
  their ``arun()`` in one event loop, as a server hosts many tables.

Every way plays the very same games (the deals come from the match seed
and each bot is seeded from the match and its seat): checked before
timing, and on every timed match (a digest of its history).  Each
repetition's time of a way is divided by the same repetition's bare time:
``ratio`` (median, min-max) is what a whole match costs through the table
relative to the bare loop, a figure that holds on a noisy machine where
the absolute rates do not; ``overhead_us`` is the extra time per decision,
(way - bare) / decisions, in microseconds.  ``takeovers`` must be 0.

The times are this process's CPU time (``time.process_time``, every thread
of it: the asynchronous ways run a synchronous bot in the table's worker
thread), which the other processes of a loaded machine do not add to, as
they add to elapsed time; ``--clock wall`` times elapsed time instead,
which also counts the waits for the worker thread (read it on a quiet
machine).

Only the public ``Table`` API that has been there since it exists is used
(``Table(...)``, ``run``, ``arun``, ``step``, ``astep``, ``close``), so the
script measures any source tree (``alternate.py --bench tables``).

Run ``python benchmarks/tables.py`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import _common
from _common import Stats, Workload

from whist_ro import Match, Table, Variant, variants
from whist_ro.bots import RandomBot, RuleBot
from whist_ro.views import view_of

PLAYERS = 4
#: Never reached by these bots: the limit's bookkeeping is what is measured.
TIME_LIMIT = 60.0

VARIANTS: dict[str, Variant] = {"romanian": variants.ROMANIAN, "classic": variants.CLASSIC}
LINEUPS: dict[str, type[Any]] = {"random": RandomBot, "rule": RuleBot}
MODES: dict[str, str] = {
    "run": "Table.run()",
    "run_limit": "Table.run(), time_limit",
    "step": "Table.step() loop",
    "arun": "await Table.arun()",
    "arun_limit": "await Table.arun(), time_limit",
    "astep": "await Table.astep() loop",
    "arun_all": "gather(arun() of all)",
}

#: The clock every workload reads; ``--clock`` sets it before anything is timed.
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": _common.clock}
CLOCK: list[Callable[[], float]] = [time.process_time]

#: (match, takeovers) of one match played some way.
Played = tuple[Match, int]


def agents_for(lineup: str, seed: int, k: int) -> list[Any]:
    """The bots of match ``k`` of the repetition with ``seed``: fresh, each seeded by its seat."""
    bot = LINEUPS[lineup]
    return [bot(seed=f"tables:{seed}:{k}:{s}") for s in range(PLAYERS)]


def play_bare(variant: Variant, agents: Sequence[Any], seed: int) -> Played:
    m = Match.new(variant, players=PLAYERS, seed=seed)
    while not m.is_over:
        seat = m.to_act
        assert seat is not None
        m = m.apply(agents[seat].act(view_of(m, seat)))
    return m, 0


def play_run(variant: Variant, agents: Sequence[Any], seed: int, limit: float | None) -> Played:
    table = Table(variant, agents=agents, seed=seed, time_limit=limit)
    return table.run(), len(table.takeovers)


def play_step(variant: Variant, agents: Sequence[Any], seed: int, limit: float | None) -> Played:
    table = Table(variant, agents=agents, seed=seed, time_limit=limit)
    while not table.step().match_over:
        pass
    table.close()
    return table.match, len(table.takeovers)


async def play_arun(
    variant: Variant, agents: Sequence[Any], seed: int, limit: float | None
) -> Played:
    table = Table(variant, agents=agents, seed=seed, time_limit=limit)
    return await table.arun(), len(table.takeovers)


async def play_astep(
    variant: Variant, agents: Sequence[Any], seed: int, limit: float | None
) -> Played:
    table = Table(variant, agents=agents, seed=seed, time_limit=limit)
    while not (await table.astep()).match_over:
        pass
    # No close(): the step that ends the match stops what the table started, and the
    # synchronous close() is not for a running event loop.
    return table.match, len(table.takeovers)


@dataclass
class Tally:
    """What the timed matches played, recorded outside the timed part.

    ``games[mode][seed]`` is a digest of the repetition's matches (their
    histories), so every way can be checked against the bare loop's.
    """

    games: dict[str, dict[int, list[int]]] = field(default_factory=dict)
    decisions: dict[int, int] = field(default_factory=dict)
    takeovers: dict[str, int] = field(default_factory=dict)

    def record(self, mode: str, seed: int, played: Sequence[Played]) -> None:
        self.games.setdefault(mode, {})[seed] = [hash(m.history) for m, _ in played]
        self.takeovers[mode] = self.takeovers.get(mode, 0) + sum(t for _, t in played)
        if mode == "bare":
            self.decisions[seed] = sum(len(m.history) for m, _ in played)

    def identical(self, mode: str) -> bool:
        """True when ``mode`` played the bare loop's games in every repetition."""
        bare, mine = self.games.get("bare", {}), self.games.get(mode, {})
        return bool(mine) and all(bare.get(seed) == digest for seed, digest in mine.items())


SyncPlay = Callable[[Variant, Sequence[Any], int], Played]
AsyncPlay = Callable[[Variant, Sequence[Any], int], Awaitable[Played]]


def sync_workload(
    mode: str, play: SyncPlay, variant: Variant, lineup: str, tally: Tally
) -> Workload:
    def run(matches: int, seed: int) -> float:
        base = seed * 1_000_003
        played = []
        start = CLOCK[0]()
        for k in range(matches):
            played.append(play(variant, agents_for(lineup, seed, k), base + k))
        elapsed = CLOCK[0]() - start
        tally.record(mode, seed, played)
        return elapsed

    return run


def async_workload(
    mode: str, play: AsyncPlay, variant: Variant, lineup: str, tally: Tally, *, together: bool
) -> Workload:
    async def timed(matches: int, seed: int) -> tuple[float, list[Played]]:
        base = seed * 1_000_003
        start = CLOCK[0]()
        if together:
            played = list(
                await asyncio.gather(
                    *(play(variant, agents_for(lineup, seed, k), base + k) for k in range(matches))
                )
            )
        else:
            played = []
            for k in range(matches):
                played.append(await play(variant, agents_for(lineup, seed, k), base + k))
        return CLOCK[0]() - start, played

    def run(matches: int, seed: int) -> float:
        elapsed, played = asyncio.run(timed(matches, seed))
        tally.record(mode, seed, played)
        return elapsed

    return run


def workloads(
    variant: Variant, lineup: str, modes: Sequence[str], tally: Tally
) -> dict[str, Workload]:
    """The bare loop and every way in ``modes``, by name."""
    limit = TIME_LIMIT

    def with_limit(play: Callable[..., Any], value: float | None) -> Callable[..., Any]:
        return lambda v, agents, seed: play(v, agents, seed, value)

    plays: dict[str, tuple[Callable[..., Any], bool]] = {
        "run": (with_limit(play_run, None), False),
        "run_limit": (with_limit(play_run, limit), False),
        "step": (with_limit(play_step, None), False),
        "arun": (with_limit(play_arun, None), True),
        "arun_limit": (with_limit(play_arun, limit), True),
        "astep": (with_limit(play_astep, None), True),
        "arun_all": (with_limit(play_arun, None), True),
    }
    loads: dict[str, Workload] = {"bare": sync_workload("bare", play_bare, variant, lineup, tally)}
    for mode in modes:
        play, is_async = plays[mode]
        loads[mode] = (
            async_workload(mode, play, variant, lineup, tally, together=mode == "arun_all")
            if is_async
            else sync_workload(mode, play, variant, lineup, tally)
        )
    return loads


def check_same_games(variant: Variant, lineup: str, modes: Sequence[str], seed: int) -> None:
    """Untimed: every way plays the bare loop's two matches, without a takeover."""
    tally = Tally()
    for workload in workloads(variant, lineup, modes, tally).values():
        workload(2, seed)
    for mode in modes:
        if not tally.identical(mode) or tally.takeovers.get(mode):
            raise SystemExit(
                f"{variant.name}, {lineup}: {mode} did not play the bare loop's games "
                f"(takeovers: {tally.takeovers.get(mode)})"
            )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--matches",
        type=_common.positive_int,
        default=10,
        help="matches per timed repetition of each way (default 10)",
    )
    parser.add_argument(
        "--variant",
        nargs="+",
        choices=list(VARIANTS),
        default=list(VARIANTS),
        help="presets (default: all)",
    )
    parser.add_argument(
        "--bot",
        nargs="+",
        choices=list(LINEUPS),
        default=list(LINEUPS),
        help="line-ups: four RandomBots, four RuleBots (default: both)",
    )
    parser.add_argument(
        "--modes",
        nargs="+",
        choices=list(MODES),
        default=list(MODES),
        help="ways to play besides the bare loop (default: all)",
    )
    parser.add_argument(
        "--clock",
        choices=list(CLOCKS),
        default="cpu",
        help="cpu: this process's CPU time, all its threads (default; what another "
        "process's load does not add to); wall: elapsed time",
    )
    _common.add_common_args(parser, reps=5)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    CLOCK[0] = CLOCKS[args.clock]
    _common.print_header(f"whole matches through Table, {PLAYERS} players, in-process bots")
    modes: list[str] = args.modes
    cases: dict[str, object] = {}
    rows = []
    for variant_name in args.variant:
        variant = VARIANTS[variant_name]
        for lineup in args.bot:
            check_same_games(variant, lineup, modes, args.seed - 2)
            tally = Tally()
            times = _common.alternate(
                workloads(variant, lineup, modes, tally),
                count=args.matches,
                reps=args.reps,
                seed=args.seed,
                warmup=1,
            )
            seeds = [args.seed + rep for rep in range(args.reps)]
            decisions = [tally.decisions[s] for s in seeds]
            bare = Stats.of(_common.rates(args.matches, times["bare"]))
            case = f"{variant_name}-{lineup}"
            label = f"{variant.name}, {LINEUPS[lineup].__name__}"
            per_match = sum(decisions) / (args.matches * args.reps)
            rows.append([label, "bare Match.apply", _common.fmt_rate(bare.median), "", "1.000", ""])
            entry: dict[str, object] = {
                "variant": variant.name,
                "bot": LINEUPS[lineup].__name__,
                "decisions_per_match": round(per_match, 1),
                "bare": bare.as_dict(2),
                "modes": {},
            }
            for mode in modes:
                rate = Stats.of(_common.rates(args.matches, times[mode]))
                ratio = Stats.of(_common.paired_ratios(times[mode], times["bare"]))
                extra = Stats.of(
                    [
                        (t - b) / n * 1e6
                        for t, b, n in zip(times[mode], times["bare"], decisions, strict=True)
                    ]
                )
                same = tally.identical(mode)
                took = tally.takeovers.get(mode, 0)
                rows.append(
                    [
                        label,
                        MODES[mode],
                        _common.fmt_rate(rate.median),
                        f"{_common.fmt_rate(rate.low)}-{_common.fmt_rate(rate.high)}",
                        f"{ratio.median:.3f} ({ratio.low:.3f}-{ratio.high:.3f})",
                        f"{extra.median:.1f}" + ("" if same and not took else " (GAMES DIFFER)"),
                    ]
                )
                entry["modes"][mode] = {  # type: ignore[index]
                    "matches_per_s": rate.as_dict(2),
                    "ratio": ratio.as_dict(3),
                    "overhead_us": extra.as_dict(1),
                    "identical_games": same,
                    "takeovers": took,
                }
            cases[case] = entry
    print(
        f"{args.reps} alternating repetitions of {args.matches} matches per way, "
        f"{args.clock} time; ratio = the way's time / the bare loop's time in the same "
        "repetition"
    )
    _common.print_table(
        [
            "case",
            "way",
            "matches/s median",
            "min-max",
            "ratio to bare (min-max)",
            "extra µs/decision",
        ],
        rows,
    )
    _common.emit_json(
        not args.no_json,
        {
            "benchmark": "tables",
            "players": PLAYERS,
            "matches_per_rep": args.matches,
            "reps": args.reps,
            "seed": args.seed,
            "time_limit": TIME_LIMIT,
            "clock": args.clock,
            "unit": "matches/s",
            "cases": cases,
            "env": _common.environment(),
        },
    )


if __name__ == "__main__":
    main()
