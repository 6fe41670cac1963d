"""Instructions per hand of ``playout.py``'s workload, per source tree: what load cannot move.

On a shared machine the timed ratios of ``checkouts.py`` spread by tens of
percent; the instructions a hand executes do not.  Each source tree (a
checkout's ``src``, first on ``PYTHONPATH``) plays the headline workload
(random 4-player ROMANIAN rounds of 7 cards, seeded, as ``playout.py``
plays them) under Valgrind's cachegrind (``--cache-sim=no``, with
``PYTHONHASHSEED=0``) once with ``--small`` hands and once with
``--large``; the difference divided by the difference in hands is a hand's
cost with start-up and first-use caches taken out.  It is measured through
the checked ``Round.apply`` and through ``apply_legal`` when the tree has
it, and the table gives the first tree's count over each other tree's.

    python benchmarks/instructions.py now=src old=../base/src
    python benchmarks/instructions.py now=src old=../base/src --small 200 --large 600

Needs ``valgrind`` on ``PATH``.  Instructions are not time (a cache miss
costs more than an add), but a change of a few percent in them is one the
timed runs on a quiet machine show too.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import _common
from alternate import check_trees, parse_trees, tree_revision

from whist_ro import Round, variants

HERE = Path(__file__).resolve().parent
PLAYERS = 4
HAND_SIZE = 7
STEPS = ("apply", "apply_legal")
I_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def play(step: str, hands: int, seed: int) -> None:
    """The workload itself (run under Valgrind, in the tree's process)."""
    method = getattr(Round, step, None)
    if method is None:
        return  # an older tree without this path: the count is its start-up alone
    _common.round_playouts(variants.ROMANIAN, players=PLAYERS, hand_size=HAND_SIZE, step=method)(
        hands, seed
    )


def has_step(src: Path, step: str) -> bool:
    probe = (
        "from whist_ro import Round\n"
        f"raise SystemExit(not callable(getattr(Round, {step!r}, None)))"
    )
    env = dict(os.environ, PYTHONPATH=str(src))
    return subprocess.run([sys.executable, "-c", probe], env=env, check=False).returncode == 0


def instructions(src: Path, step: str, hands: int, seed: int) -> int:
    """Instructions Valgrind counts in a process that plays ``hands`` hands through ``step``."""
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
    cmd = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        str(Path(__file__).resolve()),
        "--play",
        step,
        str(hands),
        "--seed",
        str(seed),
    ]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    found = I_REFS.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{' '.join(cmd)} failed on {src}:\n{done.stderr[-3000:]}")
    return int(found.group(1).replace(",", ""))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "trees", nargs="*", metavar="NAME=SRC", help="a name and the src directory of a checkout"
    )
    parser.add_argument(
        "--small", type=_common.positive_int, default=200, help="hands of the short run (200)"
    )
    parser.add_argument(
        "--large", type=_common.positive_int, default=600, help="hands of the long run (600)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the workload's seed (default 1)")
    parser.add_argument("--play", nargs=2, metavar=("STEP", "HANDS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play is None:
        if not args.trees:
            parser.error("name at least one tree: NAME=SRC")
        if args.large <= args.small:
            parser.error("--large must be more hands than --small")
        try:
            args.tree_paths = parse_trees(args.trees)
            check_trees(args.tree_paths)
        except ValueError as error:
            parser.error(str(error))
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.play is not None:
        play(args.play[0], int(args.play[1]), args.seed)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed (apt-get install valgrind)")
    names = list(args.tree_paths)
    _common.print_header(f"instructions per hand on {len(names)} source trees (cachegrind)")
    counts: dict[str, dict[str, float]] = {}
    for name in names:
        src = args.tree_paths[name]
        counts[name] = {}
        for step in STEPS:
            if not has_step(src, step):
                continue
            small = instructions(src, step, args.small, args.seed)
            large = instructions(src, step, args.large, args.seed)
            counts[name][step] = (large - small) / (args.large - args.small)
        print(f"{name} done", flush=True)
    revisions = {name: tree_revision(args.tree_paths[name]) for name in names}
    first = names[0]
    rows = []
    for name in names:
        cells = [name, str(revisions[name] or "")]
        for step in STEPS:
            count = counts[name].get(step)
            base = counts[first].get(step)
            cells.append("" if count is None else f"{count:,.0f}")
            cells.append("" if count is None or base is None else f"{base / count:.4f}")
        rows.append(cells)
    print(
        f"instructions a hand = (count of {args.large} hands - count of {args.small}) / "
        f"{args.large - args.small}; {first}/tree = {first}'s count over the tree's"
    )
    _common.print_table(
        [
            "tree",
            "git",
            "Round.apply",
            f"{first}/tree",
            "apply_legal",
            f"{first}/tree",
        ],
        rows,
    )
    _common.emit_json(
        True,
        {
            "benchmark": "instructions",
            "small": args.small,
            "large": args.large,
            "seed": args.seed,
            "unit": "instructions/hand",
            "trees": {
                name: {
                    "src": str(args.tree_paths[name]),
                    "git": revisions[name],
                    **{step: round(c) for step, c in counts[name].items()},
                }
                for name in names
            },
            "env": _common.environment(),
        },
    )


if __name__ == "__main__":
    main()
