"""The web table under load: 100 bot clients over WebSockets on loopback, whole matches.

    python benchmarks/web.py                      # 25 tables x 4 seats, whole ROMANIAN matches
    python benchmarks/web.py --tables 5 --quick   # a smoke run
    python benchmarks/web.py --profile            # also: where the server's time goes

``whist-ro serve`` runs in a process of its own (a real SQLite file, WAL, one
commit per action, bots none: every seat is a client); the clients run here,
in this process, one asyncio task per seat.  Each table is made and joined
through the HTTP API, then every client plays the first legal action of each
view that asks it to act.  The latency is measured by each client from the
moment it sends an action to the moment it receives the next view (the server
validates, commits, builds each seat's view and sends it).

It prints a table and one ``JSON: {...}`` line: ``actions_per_second`` (all
tables together), ``latency_ms`` (p50, p90, p99, max over every action a
client took), the counts, and with ``--profile`` the server's time by area
(``server_time_by_area``: the web table's code, the library's views and rules,
JSON, SQLite, the kernel's socket calls, the WebSocket protocol, the event
loop) and its top functions (``cProfile``, the server stopped with SIGINT so
the profile is written).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pstats
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets


def address(table: int, seat: int) -> str:
    """The address a client says it has: each person their own, as across a real network."""
    return f"10.{table // 256}.{table % 256}.{seat + 1}"


def post(url: str, body: dict[str, Any], *, client: str) -> dict[str, Any]:
    # The server believes X-Forwarded-For from 127.0.0.1 (--forwarded-allow-ips), so the
    # per-address limits count each client on its own, not every one as this machine.
    headers = {"Content-Type": "application/json", "X-Forwarded-For": client}
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        data: dict[str, Any] = json.loads(response.read())
    return data


def start_server(db: Path, profile: Path | None) -> tuple[subprocess.Popen[str], int]:
    command = [sys.executable]
    if profile is not None:
        command += ["-m", "cProfile", "-o", str(profile)]
    command += ["-m", "whist_ro", "serve", "--port", "0", "--db", str(db), "--bot-delay", "0"]
    command += ["--forwarded-allow-ips", "127.0.0.1"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    found = re.search(r":(\d+)/", line)
    if found is None:
        server.kill()
        raise SystemExit(f"whist-ro serve did not start: {line!r}")
    port = int(found.group(1))
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=5).close()
            break
        except OSError:
            time.sleep(0.05)
    return server, port


async def client(
    port: int, table: str, token: str, latencies: list[float], counts: dict[str, int], *, at: str
) -> None:
    """One seat: act on every view that asks it to, time each action to the next view."""
    sent: float | None = None
    async with websockets.connect(
        f"ws://127.0.0.1:{port}/ws/{table}",
        max_size=None,
        compression=None,
        additional_headers={"X-Forwarded-For": at},
    ) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        async for text in ws:
            msg = json.loads(text)
            kind = msg["type"]
            if kind == "error":
                raise RuntimeError(f"the server refused: {msg}")
            if kind not in ("state", "update"):
                continue
            if sent is not None:
                latencies.append(time.perf_counter() - sent)
                sent = None
            counts["messages"] += 1
            counts["bytes"] += len(text)
            if msg["status"] == "over":
                return
            view = msg["view"]
            if view["to_act"] == view["seat"] and view["legal_actions"]:
                action = {"type": "act", "action": view["legal_actions"][0], "seq": msg["seq"]}
                sent = time.perf_counter()
                await ws.send(json.dumps(action))
                counts["actions"] += 1


async def play(port: int, tables: int, seats: int, variant: str) -> dict[str, Any]:
    base = f"http://127.0.0.1:{port}"
    lineups: list[tuple[str, list[str]]] = []
    for n in range(tables):
        made = post(
            f"{base}/api/tables",
            {"name": f"t{n}s0", "variant": variant, "seats": ["human"] * seats},
            client=address(n, 0),
        )
        tokens = [made["token"]]
        for s in range(1, seats):
            tokens.append(
                post(
                    f"{base}/api/tables/{made['table']}/join",
                    {"name": f"t{n}s{s}"},
                    client=address(n, s),
                )["token"]
            )
        lineups.append((made["table"], tokens))
    latencies: list[float] = []
    counts = {"actions": 0, "messages": 0, "bytes": 0}
    start = time.perf_counter()
    await asyncio.gather(
        *(
            client(port, table, token, latencies, counts, at=address(n, s))
            for n, (table, tokens) in enumerate(lineups)
            for s, token in enumerate(tokens)
        )
    )
    elapsed = time.perf_counter() - start
    latencies.sort()
    ms = [x * 1000 for x in latencies]

    def pct(p: float) -> float:
        return round(ms[min(len(ms) - 1, int(p / 100 * len(ms)))], 2)

    return {
        "clients": tables * seats,
        "tables": tables,
        "variant": variant,
        "actions": counts["actions"],
        "seconds": round(elapsed, 2),
        "actions_per_second": round(counts["actions"] / elapsed, 1),
        "latency_ms": {
            "p50": pct(50),
            "p90": pct(90),
            "p99": pct(99),
            "max": round(ms[-1], 2),
            "mean": round(statistics.fmean(ms), 2),
        },
        "messages_per_client_action": round(counts["messages"] / counts["actions"], 2),
        "mean_message_bytes": round(counts["bytes"] / counts["messages"]),
    }


def cpu_seconds(pid: int) -> float | None:
    """User plus system CPU time of a process so far (Linux /proc), or None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def top_functions(profile: Path, limit: int = 25) -> list[dict[str, Any]]:
    stats = pstats.Stats(str(profile))
    rows = []
    for (filename, line, name), (_, calls, own, total, _) in stats.stats.items():  # type: ignore[attr-defined]
        rows.append(
            {
                "function": f"{os.path.basename(filename)}:{line}({name})",
                "calls": calls,
                "own_s": round(own, 3),
                "total_s": round(total, 3),
            }
        )
    rows.sort(key=lambda r: r["own_s"], reverse=True)
    return rows[:limit]


# Where the server's time goes, by who spends it (own time: each second counted once).
AREAS = (
    ("the web table (whist_ro.web)", ("whist_ro/web/",)),
    ("views and rules (whist_ro)", ("whist_ro/",)),
    ("JSON", ("json/",)),
    ("SQLite commits", ("sqlite3.Connection",)),
    ("socket send and receive (the kernel)", ("_socket.socket",)),
    ("WebSocket protocol (uvicorn, websockets)", ("uvicorn/", "websockets/")),
    ("event loop (asyncio)", ("asyncio/", "selectors", "select.epoll")),
)


def areas(profile: Path) -> dict[str, float]:
    """The share of the server's own time per area of ``AREAS`` (the rest is "other")."""
    stats = pstats.Stats(str(profile))
    spent: dict[str, float] = {name: 0.0 for name, _ in AREAS}
    spent["other"] = 0.0
    total = 0.0
    for (filename, _, name), (_, _, own, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        where = f"{filename}:{name}"
        total += own
        area = next(
            (label for label, marks in AREAS if any(mark in where for mark in marks)), "other"
        )
        spent[area] += own
    return {name: round(seconds / total, 3) for name, seconds in spent.items()} if total else {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=25, help="tables (default 25)")
    parser.add_argument("--seats", type=int, default=4, help="seats per table (default 4)")
    parser.add_argument("--variant", default="romanian", help="the preset (default romanian)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 5 tables")
    parser.add_argument("--profile", action="store_true", help="profile the server (cProfile)")
    args = parser.parse_args()
    tables = 5 if args.quick else args.tables
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        profile = Path(folder) / "server.prof" if args.profile else None
        server, port = start_server(db, profile)
        try:
            cpu_before = cpu_seconds(server.pid)
            own_before = time.process_time()
            result = asyncio.run(play(port, tables, args.seats, args.variant))
            cpu_after = cpu_seconds(server.pid)
            own = time.process_time() - own_before
            if cpu_before is not None and cpu_after is not None:
                # CPU time is what the work costs whatever else the machine runs.
                used = cpu_after - cpu_before
                result["server_cpu_ms_per_action"] = round(1000 * used / result["actions"], 3)
                result["server_cpu_share"] = round(used / result["seconds"], 2)
            result["clients_cpu_ms_per_action"] = round(1000 * own / result["actions"], 3)
            result["load_average"] = list(os.getloadavg())
        finally:
            server.send_signal(signal.SIGINT)  # a clean stop: cProfile writes its file
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        if profile is not None and profile.exists():
            result["server_profile_top_own_time"] = top_functions(profile)
            result["server_time_by_area"] = areas(profile)
    lat = result["latency_ms"]
    print(
        f"{result['clients']} clients, {tables} tables of {args.seats}, {args.variant}: "
        f"{result['actions']} actions in {result['seconds']} s "
        f"= {result['actions_per_second']} actions/s"
    )
    print(
        f"latency from an action to the next view: p50 {lat['p50']} ms, p90 {lat['p90']} ms, "
        f"p99 {lat['p99']} ms, max {lat['max']} ms"
    )
    if "server_cpu_ms_per_action" in result:
        print(
            f"server CPU per action: {result['server_cpu_ms_per_action']} ms "
            f"(it had {result['server_cpu_share']:.0%} of a core); clients' CPU per action: "
            f"{result['clients_cpu_ms_per_action']} ms; load average "
            f"{result['load_average'][0]:.1f}"
        )
    for area, share in result.get("server_time_by_area", {}).items():
        print(f"  {share:6.1%}  {area}")
    for row in result.get("server_profile_top_own_time", [])[:15]:
        print(
            f"  {row['own_s']:8.3f} s own {row['total_s']:8.3f} s total  {row['calls']:>9} "
            f"calls  {row['function']}"
        )
    print("JSON: " + json.dumps(result))


if __name__ == "__main__":
    main()
