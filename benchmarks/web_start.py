"""How long ``whist-ro serve`` takes to start on a file of finished tables.

    python benchmarks/web_start.py                      # 1,500 finished tables, this checkout
    python benchmarks/web_start.py --before OLD/src     # and an older checkout's server on them
    python benchmarks/web_start.py --tables 100 --quick # a smoke run

It writes a database of layout 1 (the columns every layout has) holding
``--tables`` finished 3-player ROMANIAN matches of random play, then times
``whist-ro serve`` from its start until ``GET /api/tables`` answers, and
reads the server's resident memory and the listing's size then.  For
this checkout it times the first start (which upgrades a layout-1 file and
stores each finished match's summary and record, replaying it one last
time) and then the starts after it, which read them.  With ``--before``,
the server of that source tree (``PYTHONPATH``) is timed on a copy of the
same file first, the runs alternating.  Prints a table and one ``JSON:``
line.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import whist_ro as wr
from whist_ro import variants

HERE = Path(__file__).resolve().parent.parent / "src"


def build(path: Path, tables: int) -> None:
    """A layout-1 file of ``tables`` finished matches, written with plain SQL in one go."""
    db = sqlite3.connect(path)
    db.executescript(
        """
        CREATE TABLE tables (id TEXT PRIMARY KEY, created REAL NOT NULL, variant TEXT NOT NULL,
            players INTEGER NOT NULL, seed TEXT NOT NULL, time_limit REAL, grace REAL NOT NULL,
            status TEXT NOT NULL, finished REAL);
        CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
            kind TEXT NOT NULL, name TEXT, token_hash TEXT, bot TEXT NOT NULL,
            PRIMARY KEY (table_id, seat));
        CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL,
            action TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (table_id, seq));
        CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT,
            table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL,
            kind TEXT NOT NULL, data TEXT NOT NULL, at REAL NOT NULL);
        CREATE INDEX events_by_table ON events (table_id, id);
        CREATE INDEX tables_by_status ON tables (status, created);
        PRAGMA journal_mode=WAL;
        PRAGMA user_version=1;
        """
    )
    variant = json.dumps(variants.ROMANIAN.to_dict())
    names = ("RuleBot 0", "RuleBot 1", "RuleBot 2")
    now = time.time()
    with db:
        for n in range(tables):
            m = wr.random_playout(
                wr.Match.new(variants.ROMANIAN, players=3, seed=n, names=names), seed=n
            )
            table = f"t{n:05d}"
            db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, 3, ?, NULL, 30.0, 'over', ?)",
                (table, now - tables + n, variant, str(n), now),
            )
            db.executemany(
                "INSERT INTO seats VALUES (?, ?, 'bot', ?, NULL, 'rule')",
                [(table, s, names[s]) for s in range(3)],
            )
            db.executemany(
                "INSERT INTO actions VALUES (?, ?, ?, ?)",
                [
                    (table, seq, json.dumps(a.to_dict(), separators=(",", ":")), now)
                    for seq, a in enumerate(m.history, start=1)
                ],
            )
    db.close()


def start(source: Path, db: Path) -> dict[str, float]:
    """Seconds from launching the server until the lobby answers; its RSS and listing size."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    began = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "whist_ro", "serve", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        while "http://" not in line:
            if not line:
                raise SystemExit(f"the server did not start: {server.stdout.read()}")
            line = server.stdout.readline()
        url = line.split()[2].rstrip("/")
        deadline = time.monotonic() + 600
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/tables", timeout=60) as response:
                    body = response.read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.01)
        seconds = time.perf_counter() - began
        status = Path(f"/proc/{server.pid}/status")
        rss = 0.0
        if status.exists():
            for row in status.read_text().splitlines():
                if row.startswith("VmRSS:"):
                    rss = int(row.split()[1]) / 1024
        return {"seconds": seconds, "rss_mb": rss, "listing_kb": len(body) / 1024}
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", type=Path, default=None, metavar="SRC")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    out: dict[str, Any] = {"tables": args.tables}
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "layout1.sqlite3"
        began = time.perf_counter()
        build(base, args.tables)
        print(f"built {args.tables} finished tables in {time.perf_counter() - began:.1f} s")
        before_db, after_db = Path(folder) / "before.sqlite3", Path(folder) / "after.sqlite3"
        shutil.copy(base, after_db)
        if args.before is not None:
            shutil.copy(base, before_db)
            start(args.before, before_db)  # a first start there too, so the runs compare
        out["after_first_start"] = start(HERE, after_db)
        befores, afters = [], []
        for _ in range(runs):
            if args.before is not None:
                befores.append(start(args.before, before_db))
            afters.append(start(HERE, after_db))
    for name, got in (("before", befores), ("after", afters)):
        if got:
            out[name] = {k: statistics.median(r[k] for r in got) for k in got[0]}
            out[name]["seconds_range"] = [
                min(r["seconds"] for r in got),
                max(r["seconds"] for r in got),
            ]
    print(f"{'server':<22}{'start s':>10}{'RSS MB':>10}{'listing KB':>12}")
    for name in ("before", "after_first_start", "after"):
        if name in out:
            r = out[name]
            print(f"{name:<22}{r['seconds']:>10.2f}{r['rss_mb']:>10.1f}{r['listing_kb']:>12.1f}")
    print("JSON: " + json.dumps(out))


if __name__ == "__main__":
    main()
