"""The headline benchmark (``playout.py``) for several source trees, in one alternating run.

How a change to the engine is measured against older commits on a noisy
machine: each source tree (a checkout's ``src`` directory, put first on
``PYTHONPATH``) runs ``playout.py`` in its own process, and the trees take
turns (A B C, B C A, ...) for ``--rounds`` rounds, so a slow spell of the
machine hits every tree alike.  Every process times the tree's checked
``Round.apply``, its ``apply_legal`` and OpenSpiel's ``oh_hell`` in
alternating repetitions; the table pools every repetition's ratio to
OpenSpiel from every round and gives each tree's median and range.  Only
the ratios are compared, since OpenSpiel runs in every process.

    python benchmarks/checkouts.py now=src old=/path/to/old/checkout/src
    python benchmarks/checkouts.py now=src old=../old/src --rounds 5 --reps 3

``alternate.py`` does the same for any benchmark of this folder
(``--bench tables``, ``matches``, ``web``...); this script is its
``playout.py`` case, with the table above.

Needs OpenSpiel (``pip install open-spiel``).  An old tree needs only a
``Round`` with ``shuffled`` (or the older ``deal``), ``legal_actions`` and
``apply``; this directory's ``playout.py`` drives them all.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

import _common
from alternate import check_trees, command, parse_trees, run_once, schedule, tree_revision

HERE = Path(__file__).resolve().parent


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "trees", nargs="+", metavar="NAME=SRC", help="a name and the src directory of a checkout"
    )
    parser.add_argument(
        "--rounds",
        type=_common.positive_int,
        default=5,
        help="processes per tree, taking turns (default 5)",
    )
    parser.add_argument(
        "--reps",
        type=_common.positive_int,
        default=3,
        help="alternating repetitions inside each process (default 3)",
    )
    parser.add_argument(
        "--hands",
        type=_common.positive_int,
        default=2000,
        help="hands per repetition (default 2000)",
    )
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    args = parser.parse_args(argv)
    try:
        args.tree_paths = parse_trees(args.trees)
        check_trees(args.tree_paths)
    except ValueError as error:
        parser.error(str(error))
    return args


def run_tree(src: Path, args: argparse.Namespace, seed: int) -> dict[str, object]:
    """One process of ``playout.py`` on the tree ``src``: its JSON record."""
    extra = ["--reps", str(args.reps), "--hands", str(args.hands)]
    return run_once(command(HERE / "playout.py", extra, seed), src)


def samples(record: dict[str, object], key: str) -> list[float]:
    part = record.get(key)
    if not isinstance(part, dict):
        return []
    return [float(x) for x in part["samples"]]


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    names = list(args.tree_paths)
    _common.print_header(
        f"playout.py on {len(names)} source trees, {args.rounds} alternating rounds"
    )
    pooled: dict[str, dict[str, list[float]]] = {
        name: {"ratio": [], "ratio_fast": [], "whist_ro": []} for name in names
    }
    revisions: dict[str, object] = {}
    for done, (round_, name) in enumerate(schedule(names, args.rounds), start=1):
        record = run_tree(args.tree_paths[name], args, args.seed + round_ * args.reps)
        if record.get("ratio") is None:
            raise SystemExit("OpenSpiel is needed: python -m pip install open-spiel")
        for key in pooled[name]:
            pooled[name][key].extend(samples(record, key))
        if done % len(names) == 0:
            print(f"round {round_ + 1}/{args.rounds} done", flush=True)
    for name in names:
        revisions[name] = tree_revision(args.tree_paths[name])

    rows = []
    result: dict[str, object] = {}
    for name in names:
        p = pooled[name]
        cells = [name, str(revisions[name] or "")]
        entry: dict[str, object] = {"src": str(args.tree_paths[name]), "git": revisions[name]}
        for key in ("ratio", "ratio_fast"):
            if p[key]:
                s = _common.Stats.of(p[key])
                cells.append(f"{s.median:.3f} ({s.low:.3f}-{s.high:.3f})")
                entry[key] = s.as_dict(3)
            else:
                cells.append("")
        rate = _common.Stats.of(p["whist_ro"])
        cells.append(_common.fmt_rate(rate.median))
        rows.append(cells)
        result[name] = entry
    print(
        f"{args.rounds} rounds x {args.reps} repetitions of {args.hands} hands per tree; "
        "ratio = whist-ro hands/s / OpenSpiel hands/s in the same repetition"
    )
    _common.print_table(
        [
            "tree",
            "git",
            "Round.apply vs OpenSpiel, median (min-max)",
            "apply_legal vs OpenSpiel",
            "apply hands/s median",
        ],
        rows,
    )
    first = names[0]
    for name in names[1:]:
        for key, what in (("ratio", "Round.apply"), ("ratio_fast", "apply_legal")):
            a, b = pooled[first][key], pooled[name][key]
            if a and b:
                print(f"{first}/{name}, {what}: {statistics.median(a) / statistics.median(b):.3f}")
    _common.emit_json(
        True,
        {
            "benchmark": "checkouts",
            "rounds": args.rounds,
            "reps": args.reps,
            "hands_per_rep": args.hands,
            "trees": result,
            "env": _common.environment(),
        },
    )


if __name__ == "__main__":
    main()
