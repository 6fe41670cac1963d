"""Memory: the size of a finished match, and peak RSS over many random matches.

Part 1, peak RSS: ``--matches`` random 4-player ROMANIAN matches played in a
loop, none kept (``resource.getrusage`` ``ru_maxrss``, with the current RSS
from ``/proc`` where it exists).  The peak is also read after 10 % and 50 %
of the loop: a flat peak means nothing accumulates across matches.  This
part runs first so that ``tracemalloc`` has not run in the process yet.

Part 2, match size: after warm-up matches (which fill the package's shared
caches, such as the interned legal-move tuples), ``tracemalloc`` traces the
allocation of one complete random 4-player ROMANIAN match (``Match.new``
then random legal actions to the end).  The traced bytes still allocated
once the match is over and the garbage is collected are the memory the
finished match holds with its full history: the 24 completed rounds with
their tricks, the score sheet rows, the totals and streaks.  Objects the
match shares with the rest of the process (variant, interned cards and
actions, cached tuples) are not counted.  Median over ``--samples`` matches.

Run ``python benchmarks/memory.py`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import gc
import linecache
import random
import statistics
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

import _common

from whist_ro import Match, variants

PLAYERS = 4


def play_match(seed: int) -> Match:
    """One random 4-player ROMANIAN match from ``seed``, played to the end."""
    rng = random.Random(seed)
    m = Match.new(variants.ROMANIAN, players=PLAYERS, seed=seed)
    while actions := m.legal_actions():
        m = m.apply(rng.choice(actions))
    return m


@dataclass(frozen=True)
class RssResult:
    """Peak-RSS loop figures; sizes in bytes."""

    matches: int
    seconds: float
    peak_before: int
    current_before: int | None
    peak_at: dict[str, int]
    current_after: int | None

    @property
    def peak(self) -> int:
        return self.peak_at["100%"]


def peak_rss(matches: int, seed: int) -> RssResult:
    """Play ``matches`` matches without keeping them, reading the peak RSS on the way."""
    gc.collect()
    before = _common.rss_peak_bytes()
    current_before = _common.rss_current_bytes()
    checkpoints = {max(1, matches // 10): "10%", max(1, matches // 2): "50%"}
    peaks: dict[str, int] = {}
    start = _common.clock()
    for k in range(matches):
        play_match(seed + k)
        label = checkpoints.get(k + 1)
        if label:
            peaks[label] = _common.rss_peak_bytes()
    elapsed = _common.clock() - start
    peaks["100%"] = _common.rss_peak_bytes()
    return RssResult(matches, elapsed, before, current_before, peaks, _common.rss_current_bytes())


def traced_size(seed: int, top: int) -> tuple[int, int, list[str]]:
    """(bytes the finished match holds, peak traced bytes while playing, top sites)."""
    gc.collect()
    tracemalloc.start(1)
    try:
        base = tracemalloc.take_snapshot()
        start_bytes = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        match = play_match(seed)
        gc.collect()
        end_bytes, peak = tracemalloc.get_traced_memory()
        snap = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    assert match.is_over
    filters = [tracemalloc.Filter(False, tracemalloc.__file__)]
    diff = snap.filter_traces(filters).compare_to(base.filter_traces(filters), "lineno")
    sites = [
        f"{d.size_diff:>7,} B {d.count_diff:>5,} blocks  {_site(d.traceback[0])}"
        for d in diff[:top]
        if d.size_diff > 0
    ]
    del match
    return end_bytes - start_bytes, peak - start_bytes, sites


def _site(frame: tracemalloc.Frame) -> str:
    path = Path(frame.filename)
    where = f"{path.parent.name}/{path.name}:{frame.lineno}"
    code = linecache.getline(frame.filename, frame.lineno).strip()
    return f"{where:<24} {code}"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--matches",
        type=_common.positive_int,
        default=10_000,
        help="matches in the peak-RSS loop (default 10000)",
    )
    parser.add_argument(
        "--samples",
        type=_common.positive_int,
        default=5,
        help="matches measured with tracemalloc (default 5)",
    )
    parser.add_argument(
        "--top", type=int, default=8, help="allocation sites to list for one match (default 8)"
    )
    parser.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    parser.add_argument(
        "--no-json", action="store_true", help="do not print the machine-readable JSON line"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    _common.print_header(f"memory, random {PLAYERS}-player ROMANIAN matches")

    rss = peak_rss(args.matches, args.seed)
    print(
        f"peak RSS: {rss.matches:,} matches in {rss.seconds:.1f} s "
        f"({rss.matches / rss.seconds:,.0f} matches/s), none kept"
    )
    rows = [["before the loop (after import)", _common.mib(rss.peak_before)]]
    rows += [[f"after {label} of the loop", _common.mib(v)] for label, v in rss.peak_at.items()]
    _common.print_table(["ru_maxrss", "peak RSS"], rows)
    if rss.current_after is not None and rss.current_before is not None:
        print(
            f"current RSS before / after the loop: {_common.mib(rss.current_before)} / "
            f"{_common.mib(rss.current_after)}"
        )

    # Warm the shared caches so the traced match pays only for itself.
    for k in range(20):
        play_match(args.seed + 1_000_000 + k)
    sizes = []
    peaks_traced = []
    sites: list[str] = []
    for k in range(args.samples):
        held, peak, top_sites = traced_size(args.seed + 2_000_000 + k, args.top)
        sizes.append(held)
        peaks_traced.append(peak)
        if k == 0:
            sites = top_sites
    sample = play_match(args.seed + 2_000_000)
    rounds = len(sample.rounds)
    cards = sum(r.hand_size for r in sample.rounds) * PLAYERS
    size = statistics.median(sizes)
    print()
    print(
        f"finished match with full history (tracemalloc, median of {args.samples}): "
        f"{size:,.0f} bytes ({size / 1024:.1f} KiB); min-max {min(sizes):,}-{max(sizes):,}"
    )
    print(
        f"  {rounds} rounds, {cards} cards played: {size / rounds:,.0f} B/round, "
        f"{size / cards:,.1f} B/card played"
    )
    print(f"  peak traced while playing it: {statistics.median(peaks_traced):,.0f} bytes")
    if sites:
        print(f"  largest allocation sites still held (first sample, top {len(sites)}):")
        for line in sites:
            print(f"    {line}")

    _common.emit_json(
        not args.no_json,
        {
            "benchmark": "memory",
            "players": PLAYERS,
            "variant": "romanian",
            "seed": args.seed,
            "match_bytes": {
                "median": size,
                "min": min(sizes),
                "max": max(sizes),
                "samples": sizes,
            },
            "match_peak_traced_bytes": statistics.median(peaks_traced),
            "rounds": rounds,
            "cards_played": cards,
            "rss": {
                "matches": rss.matches,
                "seconds": round(rss.seconds, 2),
                "peak_bytes": rss.peak,
                "peak_before_bytes": rss.peak_before,
                "peak_at_bytes": rss.peak_at,
                "current_before_bytes": rss.current_before,
                "current_after_bytes": rss.current_after,
            },
            "env": _common.environment(),
        },
    )


if __name__ == "__main__":
    main()
