"""Any benchmark of this folder on several source trees, in one alternating run.

How a change is measured before and after on a noisy machine: each source
tree (a checkout's ``src`` directory, put first on ``PYTHONPATH``) runs the
benchmark script in a process of its own, and the trees take turns (A B,
B A, ... or A B C, B C A, ...) for ``--rounds`` rounds, so a slow spell of
the machine hits every tree alike.  Each process's ``JSON:`` line is read,
and for every chosen figure the table gives each tree's median and range
over every round (a figure's repetition samples are pooled, as
``checkouts.py`` pools ``playout.py``'s), and the ratio of the first tree's
median to each other tree's (now/old).

    python benchmarks/alternate.py --bench tables now=src old=../base/src --rounds 5
    python benchmarks/alternate.py --bench matches now=src old=../base/src -- --reps 3
    python benchmarks/alternate.py --bench web now=src old=../base/src --figure latency_ms.p50
    python benchmarks/alternate.py --bench tables now=src old=../base/src --dry-run

Arguments after ``--`` go to the benchmark script.  A script that takes
``--seed`` is given the same seed in both trees in a round, and another in
each round (``--seed-step`` apart), so every tree plays the same games.
A figure is a dotted path into the JSON record; ``*`` matches every key at
its level (``cases.*.modes.*.ratio``).  It names a number, or a
measurement with ``samples`` (pooled) or a ``median``; without
``--figure``, each benchmark has its headline figures (``DEFAULT_FIGURES``).
Which way is better depends on the figure: a rate or ``actions_per_second``
is better higher, a ``ratio`` to a bare loop, a latency or CPU per action
lower.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import _common

HERE = Path(__file__).resolve().parent

#: Figures read when ``--figure`` is not given, by benchmark.
DEFAULT_FIGURES: dict[str, tuple[str, ...]] = {
    "tables": ("cases.*.bare", "cases.*.modes.*.ratio"),
    "matches": ("variants.*", "overhead.ratio"),
    "web": (
        "actions_per_second",
        "latency_ms.p50",
        "latency_ms.p99",
        "server_cpu_ms_per_action",
    ),
    "playout": ("ratio", "ratio_fast", "whist_ro"),
    "remote": ("*.extra_ms_per_decision",),
}
#: Scripts here that are not benchmarks of one tree.
NOT_BENCHMARKS = frozenset({"_common", "alternate", "checkouts", "instructions", "run_all"})


def parse_trees(specs: Sequence[str]) -> dict[str, Path]:
    """``NAME=SRC`` specifications, in order; ``ValueError`` on a malformed one.

    >>> list(parse_trees(["now=.", "old=.."]).items()) == [
    ...     ("now", Path(".").resolve()), ("old", Path("..").resolve())]
    True
    >>> parse_trees(["now"])
    Traceback (most recent call last):
    ...
    ValueError: expected NAME=SRC, not 'now'
    >>> parse_trees(["a=.", "a=.."])
    Traceback (most recent call last):
    ...
    ValueError: the name 'a' is given twice
    """
    trees: dict[str, Path] = {}
    for spec in specs:
        name, sep, src = spec.partition("=")
        if not sep or not name or not src:
            raise ValueError(f"expected NAME=SRC, not {spec!r}")
        if name in trees:
            raise ValueError(f"the name {name!r} is given twice")
        trees[name] = Path(src).resolve()
    return trees


def check_trees(trees: Mapping[str, Path]) -> None:
    """``ValueError`` unless every tree holds a ``whist_ro`` package."""
    for name, path in trees.items():
        if not (path / "whist_ro" / "__init__.py").is_file():
            raise ValueError(f"{name}={path} holds no whist_ro package")


def turn_order(names: Sequence[str], round_: int) -> list[str]:
    """The order the trees run in round ``round_`` (from 0): a rotation each round.

    >>> [turn_order("AB", r) for r in range(3)]
    [['A', 'B'], ['B', 'A'], ['A', 'B']]
    >>> [turn_order("ABC", r) for r in range(3)]
    [['A', 'B', 'C'], ['B', 'C', 'A'], ['C', 'A', 'B']]
    """
    shift = round_ % len(names)
    return [*names[shift:], *names[:shift]]


def schedule(names: Sequence[str], rounds: int) -> Iterator[tuple[int, str]]:
    """(round, tree) of every process, in the order they run.

    >>> list(schedule(["now", "old"], 2))
    [(0, 'now'), (0, 'old'), (1, 'old'), (1, 'now')]
    """
    for round_ in range(rounds):
        for name in turn_order(names, round_):
            yield round_, name


def json_records(output: str) -> list[dict[str, object]]:
    """Every ``JSON: {...}`` line of a script's output, parsed.

    >>> json_records('== x ==\\nJSON: {"a": 1}\\nnot JSON: {}\\nJSON: {"b": [2]}\\n')
    [{'a': 1}, {'b': [2]}]
    """
    prefix = _common.JSON_PREFIX
    return [
        json.loads(line[len(prefix) :]) for line in output.splitlines() if line.startswith(prefix)
    ]


def figure_values(record: object, pattern: str) -> dict[str, list[float]]:
    """The values of the figures ``pattern`` names in ``record``, by concrete path.

    A figure is a number, or a measurement: a mapping with ``samples`` (all
    of them) or else a ``median``.  ``*`` (any ``fnmatch`` pattern) matches
    keys at its level; a path that reaches nothing measurable gives nothing.

    >>> rec = {"cases": {"x": {"ratio": {"median": 1.5, "samples": [1.4, 1.6]}},
    ...                  "y": {"ratio": {"median": 2.0}}, "z": {"ratio": None}},
    ...        "rate": 10, "flag": True}
    >>> figure_values(rec, "cases.*.ratio")
    {'cases.x.ratio': [1.4, 1.6], 'cases.y.ratio': [2.0]}
    >>> figure_values(rec, "rate"), figure_values(rec, "flag"), figure_values(rec, "nope")
    ({'rate': [10.0]}, {}, {})
    """
    found: dict[str, list[float]] = {}

    def walk(node: object, parts: list[str], path: list[str]) -> None:
        if not parts:
            values = _measured(node)
            if values:
                found[".".join(path)] = values
            return
        if not isinstance(node, Mapping):
            return
        head, rest = parts[0], parts[1:]
        for key in node:
            if fnmatch.fnmatchcase(str(key), head):
                walk(node[key], rest, [*path, str(key)])

    walk(record, pattern.split("."), [])
    return found


def _measured(node: object) -> list[float]:
    if isinstance(node, bool):
        return []
    if isinstance(node, (int, float)):
        return [float(node)]
    if isinstance(node, Mapping):
        samples = node.get("samples")
        if isinstance(samples, list) and samples:
            return [float(x) for x in samples]
        median = node.get("median")
        if isinstance(median, (int, float)) and not isinstance(median, bool):
            return [float(median)]
    return []


def pool(
    pooled: dict[str, dict[str, list[float]]], tree: str, record: object, patterns: Sequence[str]
) -> None:
    """Add what ``record`` (one process of ``tree``) says of each figure to ``pooled``.

    >>> pooled = {}
    >>> pool(pooled, "now", {"r": {"samples": [1, 2]}}, ["r"])
    >>> pool(pooled, "now", {"r": {"samples": [3]}}, ["r"])
    >>> pool(pooled, "old", {"r": 4}, ["r"])
    >>> pooled
    {'r': {'now': [1.0, 2.0, 3.0], 'old': [4.0]}}
    """
    for pattern in patterns:
        for figure, values in figure_values(record, pattern).items():
            pooled.setdefault(figure, {}).setdefault(tree, []).extend(values)


def ratios(
    pooled: Mapping[str, Mapping[str, Sequence[float]]], names: Sequence[str]
) -> dict[str, dict[str, float]]:
    """Per figure, the first tree's median over each other tree's, as ``"now/old"``.

    >>> ratios({"r": {"now": [2.0, 4.0], "old": [2.0]}, "s": {"now": [1.0]}}, ["now", "old"])
    {'r': {'now/old': 1.5}, 's': {}}
    """
    first = names[0]
    out: dict[str, dict[str, float]] = {}
    for figure, by_tree in pooled.items():
        out[figure] = {}
        for name in names[1:]:
            a, b = by_tree.get(first), by_tree.get(name)
            if a and b and statistics.median(b):
                out[figure][f"{first}/{name}"] = statistics.median(a) / statistics.median(b)
    return out


def script_path(bench: str) -> Path:
    """The benchmark script ``bench`` names (``tables`` or ``tables.py``)."""
    name = bench.removesuffix(".py")
    path = HERE / f"{name}.py"
    if name in NOT_BENCHMARKS or not path.is_file():
        known = sorted(p.stem for p in HERE.glob("*.py") if p.stem not in NOT_BENCHMARKS)
        raise ValueError(f"no benchmark {bench!r} here; one of {', '.join(known)}")
    return path


def takes_seed(script: Path, src: Path) -> bool:
    """True when ``script --help`` lists ``--seed``."""
    out = subprocess.run(
        [sys.executable, str(script), "--help"],
        env=dict(os.environ, PYTHONPATH=str(src)),
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    ).stdout
    return "--seed" in out


def command(script: Path, extra: Sequence[str], seed: int | None) -> list[str]:
    """The command line of one process (``--seed`` last, so it wins over ``extra``'s)."""
    cmd = [sys.executable, str(script), *extra]
    return cmd if seed is None else [*cmd, "--seed", str(seed)]


def run_once(cmd: Sequence[str], src: Path) -> dict[str, object]:
    """One process of ``cmd`` with ``src`` first on ``PYTHONPATH``: its (last) JSON record."""
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(
            f"{' '.join(cmd)} failed on {src} (exit {done.returncode}):\n"
            f"{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
        )
    records = json_records(done.stdout)
    if not records:
        raise SystemExit(f"{' '.join(cmd)} printed no JSON line on {src}:\n{done.stdout[-2000:]}")
    return records[-1]


def tree_revision(src: Path) -> str | None:
    """The short commit of the checkout ``src`` is in (``-dirty`` when it has changes)."""
    try:
        head = subprocess.run(
            ["git", "-C", str(src), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(src), "status", "--porcelain", "--untracked-files=no", "--", "."],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return (f"{head}-dirty" if dirty else head) or None


def split_extra(argv: Sequence[str]) -> tuple[list[str], list[str]]:
    """This script's arguments and the benchmark's (those after ``--``).

    >>> split_extra(["--bench", "web", "a=src", "--", "--tables", "5"])
    (['--bench', 'web', 'a=src'], ['--tables', '5'])
    >>> split_extra(["a=src"])
    (['a=src'], [])
    """
    argv = list(argv)
    if "--" in argv:
        cut = argv.index("--")
        return argv[:cut], argv[cut + 1 :]
    return argv, []


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    mine, extra = split_extra(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        usage="%(prog)s --bench NAME NAME=SRC NAME=SRC ... [options] [-- benchmark arguments]",
    )
    parser.add_argument(
        "--bench", required=True, help="the script: tables, matches, web, playout..."
    )
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
        "--figure",
        action="append",
        default=None,
        help="a figure of the JSON record (dotted path, * for any key); repeatable",
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="first seed, for a script that takes one (default 1)"
    )
    parser.add_argument(
        "--seed-step",
        type=_common.positive_int,
        default=1000,
        help="how far apart each round's seeds are (default 1000)",
    )
    parser.add_argument(
        "--dry-run", action="store_true", help="print the processes in their order, run none"
    )
    args = parser.parse_args(mine)
    try:
        args.script = script_path(args.bench)
        args.tree_paths = parse_trees(args.trees)
        check_trees(args.tree_paths)
    except ValueError as error:
        parser.error(str(error))
    args.extra = extra
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    names = list(args.tree_paths)
    bench = args.script.stem
    patterns: list[str] = args.figure or list(DEFAULT_FIGURES.get(bench, ()))
    if not patterns:
        raise SystemExit(f"no default figures for {bench}: name them with --figure")
    seeded = takes_seed(args.script, args.tree_paths[names[0]])

    def seed_of(round_: int) -> int | None:
        return args.seed + round_ * args.seed_step if seeded else None

    if args.dry_run:
        for round_, name in schedule(names, args.rounds):
            cmd = command(args.script, args.extra, seed_of(round_))
            print(f"round {round_ + 1} {name}: PYTHONPATH={args.tree_paths[name]} {' '.join(cmd)}")
        return

    _common.print_header(
        f"{bench}.py on {len(names)} source trees, {args.rounds} alternating rounds"
    )
    pooled: dict[str, dict[str, list[float]]] = {}
    for round_, name in schedule(names, args.rounds):
        cmd = command(args.script, args.extra, seed_of(round_))
        pool(pooled, name, run_once(cmd, args.tree_paths[name]), patterns)
        print(f"round {round_ + 1}/{args.rounds}: {name} done", flush=True)
    if not pooled:
        raise SystemExit(f"{bench}.py's JSON has none of the figures {', '.join(patterns)}")

    revisions = {name: tree_revision(args.tree_paths[name]) for name in names}
    for name in names:
        print(f"{name}: {args.tree_paths[name]} at {revisions[name] or 'unknown'}")
    print(
        f"{args.rounds} rounds per tree; each figure's median (min-max) over every round "
        f"(with the repetitions of each), and {names[0]}'s median over the others'"
    )
    quotients = ratios(pooled, names)
    headers = ["figure", *names, *(f"{names[0]}/{n}" for n in names[1:])]
    rows = []
    figures: dict[str, object] = {}
    for figure, by_tree in pooled.items():
        cells = [figure]
        entry: dict[str, object] = {}
        for name in names:
            values = by_tree.get(name)
            if values:
                s = _common.Stats.of(values)
                cells.append(f"{s.median:.4g} ({s.low:.4g}-{s.high:.4g})")
                entry[name] = s.as_dict(4)
            else:
                cells.append("")
        for name in names[1:]:
            q = quotients[figure].get(f"{names[0]}/{name}")
            cells.append("" if q is None else f"{q:.3f}")
        entry["ratios"] = {k: round(v, 4) for k, v in quotients[figure].items()}
        rows.append(cells)
        figures[figure] = entry
    _common.print_table(headers, rows)
    _common.emit_json(
        True,
        {
            "benchmark": "alternate",
            "bench": bench,
            "rounds": args.rounds,
            "args": args.extra,
            "seeded": seeded,
            "trees": {
                name: {"src": str(args.tree_paths[name]), "git": revisions[name]} for name in names
            },
            "figures": figures,
            "env": _common.environment(),
        },
    )


if __name__ == "__main__":
    main()
