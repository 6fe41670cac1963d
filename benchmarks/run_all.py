"""Run every benchmark, each in its own fresh Python process, one after another.

    python benchmarks/run_all.py                 # defaults: about 2-3 minutes
    python benchmarks/run_all.py --quick         # smaller counts: a smoke run
    python benchmarks/run_all.py --only playout calls
    python benchmarks/run_all.py --json-out bench.jsonl

Each script's output is shown as it runs; its ``JSON: {...}`` line is also
collected, and ``--json-out`` writes those lines to a file (JSON Lines).
The exit status is non-zero if any script failed.  OpenSpiel is optional:
without it ``playout.py`` and ``kernel.py`` print a note and skip its rows,
and ``interop.py`` and ``vector.py`` (which need it) fail.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
JSON_PREFIX = "JSON: "

#: Script name -> extra arguments for ``--quick``.
SCRIPTS: dict[str, list[str]] = {
    "playout": ["--hands", "500", "--reps", "7"],
    "matches": ["--matches", "20", "--overhead-matches", "20", "--reps", "5"],
    "tables": ["--matches", "3", "--reps", "3"],
    "calls": ["--repeat", "3", "--min-time", "0.01", "--fresh", "10000"],
    "scaling": ["--hands", "100", "--reps", "3"],
    "memory": ["--matches", "500", "--samples", "3"],
    "kernel": ["--hands", "1024", "--reps", "3"],
    "interop": ["--hands", "300", "--adapter-hands", "60", "--matches", "1", "--reps", "3"],
    "vector": ["--envs", "2048", "--steps", "40", "--hands", "500", "--reps", "3"],
    "remote": ["--matches", "2", "--many-matches", "1", "--reps", "3"],
    "solve": ["--quick"],
}


def run(name: str, extra: list[str]) -> tuple[int, float, list[dict[str, object]]]:
    """Run one script, echoing its output; (exit status, seconds, its JSON records)."""
    cmd = [sys.executable, str(HERE / f"{name}.py"), *extra]
    print(f"\n$ {' '.join(cmd)}", flush=True)
    records: list[dict[str, object]] = []
    start = time.perf_counter()
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, bufsize=1) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            print(line, end="", flush=True)
            if line.startswith(JSON_PREFIX):
                records.append(json.loads(line[len(JSON_PREFIX) :]))
    return proc.returncode, time.perf_counter() - start, records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller counts, for a smoke run")
    parser.add_argument(
        "--only", nargs="+", choices=list(SCRIPTS), default=None, help="run only these"
    )
    parser.add_argument("--json-out", type=Path, default=None, help="write JSON Lines here")
    args = parser.parse_args(argv)

    names = args.only or list(SCRIPTS)
    summary: list[tuple[str, int, float]] = []
    records: list[dict[str, object]] = []
    for name in names:
        status, seconds, found = run(name, SCRIPTS[name] if args.quick else [])
        summary.append((name, status, seconds))
        records.extend(found)

    print("\n== summary ==")
    for name, status, seconds in summary:
        print(f"{name:<8} {'ok' if status == 0 else f'FAILED ({status})':<12} {seconds:6.1f} s")
    if args.json_out is not None:
        args.json_out.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
        print(f"{len(records)} JSON records written to {args.json_out}")
    return 0 if all(status == 0 for _, status, _ in summary) else 1


if __name__ == "__main__":
    sys.exit(main())
