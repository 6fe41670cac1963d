"""A duplicate tournament on a process pool, then the same on a Dask cluster.

The Dask part needs the dask extra: ``pip install 'whist-ro[dask]'``.

One RandomBot ("tested") sits with three others ("field"); each seed deals a
set of four matches with the line-up rotated through the seats, and the
edge is the tested bot's total minus the field's mean, per match.  The
result depends only on the seeds, so the pool with one worker, the pool with
two and the Dask cluster print the same table; only the speed differs.

Without Dask the script says so and runs the process-pool part only.  Run it with
``python examples/tournament.py [--seeds N]``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from typing import Any

import whist_ro as wr
from whist_ro.bots import RandomBot
from whist_ro.tournaments import Entrant, TournamentResult, tournament

# The entries travel to worker processes by pickle: RandomBot is importable there.
LINEUP = [Entrant(RandomBot, name="tested")] + [Entrant(RandomBot, name="field")] * 3


def show_progress(done: int, total: int) -> None:
    """A one-line progress bar on the terminal (nothing when the output is not one)."""
    if sys.stderr.isatty():
        filled = 30 * done // total
        print(f"\r[{'#' * filled:<30}] {done}/{total}", end="", file=sys.stderr, flush=True)
        if done == total:
            print(file=sys.stderr)


def timed(label: str, seeds: range, **where: Any) -> TournamentResult:
    """Run the tournament on the given executor or workers; print its speed."""
    start = time.perf_counter()
    result = tournament(
        wr.variants.ROMANIAN,
        LINEUP,
        seeds=seeds,
        duplicate=True,
        reference="field",
        progress=show_progress,
        **where,
    )
    seconds = time.perf_counter() - start
    matches = len(result.matches)
    print(f"{label}: {matches} matches in {seconds:.2f} s, {matches / seconds:.1f} matches/s")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4, help="duplicate sets to play (4)")
    seeds = range(parser.parse_args().seeds)

    one = timed("process pool, 1 worker ", seeds, workers=1)
    two = timed("process pool, 2 workers", seeds, workers=2)
    assert one == two, "the same seeds must give the same result"
    print(two)

    try:
        distributed = importlib.import_module("dask.distributed")
    except ImportError:
        print("dask is not installed (pip install 'whist-ro[dask]'): skipped the Dask part")
        return
    with (
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = timed("dask LocalCluster, 2 workers", seeds, executor=client.get_executor())
    assert on_dask == one, "Dask must give the same result as the process pool"
    print("Dask gave the same result as the process pool")


if __name__ == "__main__":
    main()
