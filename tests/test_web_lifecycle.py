"""The web table's file over a server's life: damaged rows, one server per file, finished
tables retired, waiting tables expired (issue 24, items 3, 6, 7 and 9).

Every test runs ``whist-ro serve`` in a subprocess on 127.0.0.1 with a real SQLite file.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from conftest import WebServer
from whist_ro.web.store import SeatRow, Store, TableRow


def answer(
    server: WebServer,
    path: str,
    body: object = None,
    *,
    headers: dict[str, str] | None = None,
    data: bytes | None = None,
) -> tuple[int, Any]:
    """Any request, answered with any status: ``(status, JSON body)``."""
    sent = {"Content-Type": "application/json"} if body is not None else {}
    sent.update(headers or {})
    raw = json.dumps(body).encode() if body is not None else data
    request = urllib.request.Request(server.url + path, data=raw, headers=sent)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def serve_once(db: Path) -> subprocess.CompletedProcess[str]:
    """``whist-ro serve`` on ``db``, expected to stop by itself."""
    return subprocess.run(
        [sys.executable, "-m", "whist_ro", "serve", "--port", "0", "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def table_row(table_id: str, *, status: str = "waiting", created: float = 1.0) -> TableRow:
    return TableRow(
        id=table_id,
        created=created,
        variant={"name": "romanian"},
        players=3,
        seed=7,
        time_limit=None,
        grace=30.0,
        status=status,  # type: ignore[arg-type]
    )


SEATS = [SeatRow(seat=0, kind="human", bot="rule")] + [
    SeatRow(seat=s, kind="bot", bot="rule", name=f"RuleBot {s}") for s in (1, 2)
]


# -- item 9: one damaged row does not stop the server -----------------------------------


def test_a_damaged_row_skips_its_table_and_the_server_starts(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    store = Store(db)
    for table_id in ("good", "seed", "variant", "seat99"):
        store.create_table(table_row(table_id), SEATS)
    store.set_status("seat99", "playing")
    store.add_event("seat99", 0, "takeover", {"round": 1, "trick": 0, "seat": 99, "reason": "x"})
    store.close()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE tables SET seed = 'not a number' WHERE id = 'seed'")
        raw.execute("UPDATE tables SET variant = '{not json' WHERE id = 'variant'")
    with WebServer(db) as server:
        status, listing = answer(server, "/api/tables")
        assert status == 200
        assert [t["id"] for t in listing["tables"]] == ["good"]
        assert sorted(listing["damaged"]) == ["seat99", "seed", "variant"]
        status, refusal = answer(server, "/api/tables/seed")
        assert (status, refusal["code"]) == (500, "table_damaged")
        assert refusal["values"] == {"table": "seed"}
        assert answer(server, "/api/tables/good")[1]["status"] == "waiting"
        server.stop()
    assert "Traceback" not in server.output, server.output[-3000:]
    assert "table seat99 cannot be rebuilt" in server.output


def test_a_file_sqlite_cannot_read_is_one_error_line(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    store = Store(db)
    store.create_table(table_row("t"), SEATS)
    for seq in range(1, 400):
        store.add_action("t", seq, {"seat": 0, "bid": 0})
    store.close()
    data = bytearray(db.read_bytes())
    page = 4096
    assert len(data) > 3 * page
    data[page:] = b"\xa5" * (len(data) - page)  # every page but the first (the schema)
    db.write_bytes(bytes(data))
    done = serve_once(db)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("whist-ro: error: the database ")
    assert str(db) in lines[0]
    assert "malformed" in lines[0]
    assert done.stdout == ""  # it never said it was listening


# -- item 6: one server per database file ------------------------------------------------


def test_a_second_server_on_the_same_file_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    with WebServer(db) as first:
        made = answer(first, "/api/tables", {"name": "Ana", "seats": ["human", "human", "rule"]})
        second = serve_once(db)
        assert second.returncode == 2, second.stderr
        assert second.stdout == ""  # it never listened
        [line] = second.stderr.splitlines()
        assert line.startswith(f"whist-ro: error: the database {str(db)!r} is in use by ")
        assert f"(process {first.process.pid})" in line  # type: ignore[union-attr]
        # The first server is untouched and still answers for its table.
        assert answer(first, f"/api/tables/{made[1]['table']}")[1]["status"] == "waiting"
        first.kill()  # the lock goes with its process, even one killed with SIGKILL
        first.start()
        assert answer(first, f"/api/tables/{made[1]['table']}")[0] == 200
