"""The web table's file over a server's life: damaged rows, one server per file, finished
tables retired, waiting tables expired (issue 24, items 3, 6, 7 and 9).

Every test runs ``whist-ro serve`` in a subprocess on 127.0.0.1 with a real SQLite file.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import http.client
import json
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
import weakref
from pathlib import Path
from typing import Any

import websockets

from conftest import WebServer
from whist_ro import Match, records
from whist_ro.web.room import Lobby
from whist_ro.web.store import SCHEMA_VERSION, SeatRow, Store, TableRow


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


def serve_once(db: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """``whist-ro serve`` on ``db``, expected to stop by itself."""
    return subprocess.run(
        [sys.executable, "-m", "whist_ro", "serve", "--port", "0", "--db", str(db), *options],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def table_row(table_id: str, *, status: str = "waiting", created: float | None = None) -> TableRow:
    return TableRow(
        id=table_id,
        created=time.time() if created is None else created,
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
    for table_id in ("good", "seed", "variant", "seat99", "status"):
        store.create_table(table_row(table_id), SEATS)
    store.set_status("seat99", "playing")
    store.add_event("seat99", 0, "takeover", {"round": 1, "trick": 0, "seat": 99, "reason": "x"})
    store.close()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE tables SET seed = 'not a number' WHERE id = 'seed'")
        raw.execute("UPDATE tables SET variant = '{not json' WHERE id = 'variant'")
        raw.execute("UPDATE tables SET status = 'paused' WHERE id = 'status'")  # no such status
    with WebServer(db) as server:
        status, listing = answer(server, "/api/tables")
        assert status == 200
        assert [t["id"] for t in listing["tables"]] == ["good"]
        assert sorted(listing["damaged"]) == ["seat99", "seed", "status", "variant"]
        status, refusal = answer(server, "/api/tables/status")
        assert (status, refusal["code"]) == (500, "table_damaged")
        status, refusal = answer(server, "/api/tables/seed")
        assert (status, refusal["code"]) == (500, "table_damaged")
        assert refusal["values"] == {"table": "seed"}
        assert answer(server, "/api/tables/good")[1]["status"] == "waiting"
        server.stop()
    assert "Traceback" not in server.output, server.output[-3000:]
    assert "table seat99 cannot be rebuilt" in server.output
    assert (
        "table 'status': its status is 'paused'; it must be one of waiting, playing"
        in server.output
    )


def test_a_damaged_stored_entry_of_a_finished_table_is_listed_as_damaged(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    finished_rows(db, [4.0, 3.0, 2.0, 1.0])  # done0 ... done3
    with sqlite3.connect(db) as raw:
        for table_id, entry in (
            ("done0", "{not json"),
            ("done1", "[1, 2]"),
            ("done2", "[" * 100_000 + "]" * 100_000),  # past the parser's stack
        ):
            raw.execute("UPDATE tables SET summary = ? WHERE id = ?", (entry, table_id))
    with WebServer(db) as server:
        status, refusal = answer(server, "/api/tables/done1")
        assert (status, refusal["code"]) == (500, "table_damaged")
        status, listing = answer(server, "/api/tables")
        assert status == 200
        assert [t["id"] for t in listing["tables"]] == ["done3"]
        assert sorted(listing["damaged"]) == ["done0", "done1", "done2"]
        for table_id in ("done0", "done2"):
            status, refusal = answer(server, f"/api/tables/{table_id}")
            assert (status, refusal["code"]) == (500, "table_damaged")
        assert answer(server, "/api/tables/done3")[1]["id"] == "done3"
        server.stop()
    assert "Traceback" not in server.output, server.output[-3000:]
    assert (
        "table 'done0' cannot be read: its stored lobby entry is not a JSON object" in server.output
    )


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


def assert_refused_beside(first: WebServer, db: Path) -> None:
    """A second ``whist-ro serve --db db`` stops before it listens, naming ``first``'s lock."""
    second = serve_once(db)
    assert second.returncode == 2, second.stderr
    assert second.stdout == ""  # it never listened
    [line] = second.stderr.splitlines()
    assert line.startswith(f"whist-ro: error: the database {str(db)!r} is in use by ")
    assert f"(process {first.process.pid})" in line  # type: ignore[union-attr]


def test_a_second_server_on_the_same_file_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    with WebServer(db) as first:
        made = answer(first, "/api/tables", {"name": "Ana", "seats": ["human", "human", "rule"]})
        assert_refused_beside(first, db)
        # The first server is untouched and still answers for its table.
        assert answer(first, f"/api/tables/{made[1]['table']}")[1]["status"] == "waiting"
        first.kill()  # the lock goes with its process, even one killed with SIGKILL
        first.start()
        assert answer(first, f"/api/tables/{made[1]['table']}")[0] == 200


def test_a_second_server_on_the_same_file_through_a_symbolic_link_is_refused(
    tmp_path: Path,
) -> None:
    db = tmp_path / "web.sqlite3"
    (tmp_path / "other").mkdir()
    link = tmp_path / "other" / "link.sqlite3"
    link.symlink_to(db)
    with WebServer(db) as first:
        assert_refused_beside(first, link)
    assert not (tmp_path / "other" / "link.sqlite3.lock").exists()


# -- item 7: finished tables read, not replayed; paged; retired; layout 2 ----------------

FIXTURE = Path(__file__).parent / "fixtures" / "web_layout1.sqlite3"
"""A layout-1 file written by the store of whist-ro before layout 2: one finished match,
one table waiting for a player, one playing (its maker to act after 2 actions)."""

LONG_WAITS = ("--maker-wait", "1e9", "--start-wait", "1e9")


def by_status(db: Path) -> dict[str, str]:
    with sqlite3.connect(db) as raw:
        return {status: table for table, status in raw.execute("SELECT id, status FROM tables")}


def test_a_layout_1_file_is_upgraded_in_place_and_its_tables_carry_on(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    db.write_bytes(FIXTURE.read_bytes())
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (1,)
    tables = by_status(db)
    with WebServer(db, *LONG_WAITS) as server:
        _, listing = answer(server, "/api/tables")
        assert [(t["id"], t["status"]) for t in listing["tables"]] == [
            (tables["waiting"], "waiting"),
            (tables["playing"], "playing"),
            (tables["over"], "over"),
        ]
        finished = answer(server, f"/api/tables/{tables['over']}")[1]
        assert finished["round"] == finished["rounds"]
        assert len(finished["totals"]) == 3
        with urllib.request.urlopen(f"{server.url}/api/tables/{tables['over']}/record") as r:
            record = records.loads(r.read())
        assert records.adjudicate(record).ok
        assert list(Match.from_record(record).totals) == finished["totals"]
        assert answer(server, f"/api/tables/{tables['playing']}")[1]["round"] == 1
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (3,)
        stored = raw.execute(
            "SELECT summary, record FROM tables WHERE id = ?", (tables["over"],)
        ).fetchone()
    assert json.loads(stored[0]) == {k: v for k, v in finished.items() if k != "invite"}
    assert records.loads(stored[1]) == record


FIXTURE_2 = Path(__file__).parent / "fixtures" / "web_layout2.sqlite3"
"""A layout-2 file: ``web_layout1.sqlite3`` as the whist-ro of layout 2 upgraded and left
it (``whist-ro serve`` started on it and stopped), before tables could be private."""


def test_a_layout_2_file_is_upgraded_in_place_every_table_listed_and_none_private(
    tmp_path: Path,
) -> None:
    db = tmp_path / "web.sqlite3"
    db.write_bytes(FIXTURE_2.read_bytes())
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (2,)
        columns = {row[1] for row in raw.execute("PRAGMA table_info(tables)")}
        assert "private" not in columns
    tables = by_status(db)
    with WebServer(db, *LONG_WAITS) as server:
        _, listing = answer(server, "/api/tables")
        assert [(t["id"], t["status"], t["private"]) for t in listing["tables"]] == [
            (tables["waiting"], "waiting", False),
            (tables["playing"], "playing", False),
            (tables["over"], "over", False),  # stored by layout 2 without the key
        ]
        assert listing["total"] == 3
        # A private table made on the upgraded file is kept out of it.
        status, made = answer(
            server,
            "/api/tables",
            {"name": "Ana", "seats": ["human", "human", "rule"], "private": True},
        )
        assert status == 201
        assert answer(server, "/api/tables")[1]["total"] == 3
        assert answer(server, f"/api/tables/{made['table']}")[1]["private"] is True
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (3,)
        private = dict(raw.execute("SELECT id, private FROM tables"))
    assert private == {**dict.fromkeys(tables.values(), 0), made["table"]: 1}


def test_a_start_reads_a_finished_table_and_does_not_replay_it(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    db.write_bytes(FIXTURE.read_bytes())
    over = by_status(db)["over"]
    with WebServer(db, *LONG_WAITS) as server:  # the upgrade stores its summary ...
        before = answer(server, f"/api/tables/{over}")[1]
        with urllib.request.urlopen(f"{server.url}/api/tables/{over}/record") as r:
            kept = r.read()  # ... and its first download its record
        del before["invite"]  # the next server listens on another port
    with sqlite3.connect(db) as raw:  # a replay would now find no action at all
        raw.execute("DELETE FROM actions WHERE table_id = ?", (over,))
    with WebServer(db, *LONG_WAITS) as server:
        assert {**answer(server, f"/api/tables/{over}")[1], "invite": None} == {
            **before,
            "invite": None,
        }
        assert answer(server, "/api/tables")[1]["damaged"] == []
        with urllib.request.urlopen(f"{server.url}/api/tables/{over}/record") as r:
            assert r.read() == kept
        server.stop()
    assert "cannot be rebuilt" not in server.output


def finished_rows(db: Path, ages: list[float]) -> list[str]:
    """Finished tables that ended ``ages`` days ago (newest made last), straight in the file."""
    store = Store(db)
    now = time.time()
    ids = []
    for n, age in enumerate(ages):
        table_id = f"done{n}"
        store.create_table(table_row(table_id, status="playing", created=now - age * 86_400), SEATS)
        store.add_action(table_id, 1, {"seat": 1, "bid": 0})
        store.finish(table_id, summary={"id": table_id, "status": "over"}, record="{}")
        ids.append(table_id)
    store.close()
    with sqlite3.connect(db) as raw:
        for table_id, age in zip(ids, ages, strict=True):
            ended = now - age * 86_400
            raw.execute("UPDATE tables SET finished = ? WHERE id = ?", (ended, table_id))
    return ids


def test_the_listing_comes_in_pages(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    ids = finished_rows(db, [5, 4, 3, 2, 1])
    with WebServer(db) as server:
        made = answer(server, "/api/tables", {"name": "Ana", "seats": ["human", "human", "rule"]})
        table = made[1]["table"]
        seen = []
        offset: int | None = 0
        while offset is not None:
            status, page = answer(server, f"/api/tables?offset={offset}&limit=2")
            assert (status, page["total"]) == (200, 6)
            assert len(page["tables"]) <= 2
            seen += [t["id"] for t in page["tables"]]
            offset = page["next"]
        assert seen == [table, *reversed(ids)]  # open first, then finished, newest first
        assert len(answer(server, "/api/tables")[1]["tables"]) == 6  # 50 a page by default
        for bad in ("limit=0", "limit=201", "offset=-1", "limit=x", "offset=1e3"):
            status, refusal = answer(server, f"/api/tables?{bad}")
            assert (status, refusal["code"]) == (400, "bad_request"), bad


def test_keep_finished_retires_old_tables_at_start(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    old, recent = finished_rows(db, [10, 2])
    with WebServer(db, "--keep-finished", "5") as server:
        assert [t["id"] for t in answer(server, "/api/tables")[1]["tables"]] == [recent]
        assert answer(server, f"/api/tables/{old}")[0] == 404
        assert answer(server, f"/api/tables/{recent}")[0] == 200
    with sqlite3.connect(db) as raw:
        for name in ("tables", "seats", "actions"):
            column = "id" if name == "tables" else "table_id"
            left = raw.execute(f"SELECT DISTINCT {column} FROM {name}").fetchall()
            assert left == [(recent,)], name


def test_a_viewed_finished_table_does_not_stay_in_memory() -> None:
    async def main() -> None:
        lobby = Lobby(Store(":memory:"), bot_delay=0, finished_cache=2)
        made = [
            lobby.create(variant="romanian", seats=["human", "random", "random"], name="A", grace=0)
            for _ in range(4)
        ]
        loop = asyncio.get_running_loop()
        end = loop.time() + 120
        while any(room.status != "over" for room, _, _ in made):
            assert loop.time() < end, "the bots did not finish"
            await asyncio.sleep(0.01)
        rooms = [weakref.ref(lobby.get(room.id)) for room, _, _ in made]
        del made
        gc.collect()
        assert [r() is not None for r in rooms] == [False, False, True, True]
        assert lobby.rooms() == []
        lobby.close()
        lobby.store.close()

    asyncio.run(main())


# -- item 3: one anonymous client cannot lock the lobby ----------------------------------

THREE = {"name": "Ana", "seats": ["human", "human", "rule"]}


def test_a_post_not_sent_as_json_is_refused_with_415(tmp_path: Path) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        body = json.dumps(THREE).encode()
        for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
            status, refusal = answer(
                server, "/api/tables", data=body, headers={"Content-Type": kind}
            )
            assert (status, refusal["code"]) == (415, "bad_content_type"), kind
        assert answer(server, "/api/tables", data=body)[1]["code"] == "bad_content_type"
        assert answer(server, "/api/tables")[1]["tables"] == []  # no table was made
        table = answer(server, "/api/tables", THREE)[1]["table"]  # JSON, with a charset too
        charset = {"Content-Type": "application/json; charset=utf-8"}
        joined = answer(
            server, f"/api/tables/{table}/join", data=b'{"name": "Bo"}', headers=charset
        )
        assert joined[0] == 200
        plain = {"Content-Type": "text/plain"}
        status, refusal = answer(server, "/api/referee", data=b'{"text": "x"}', headers=plain)
        assert (status, refusal["code"]) == (415, "bad_content_type")


def test_serve_sets_the_per_address_limits_of_open_tables_and_connections(
    tmp_path: Path,
) -> None:
    # A club behind one address needs to raise them: both are serve options.
    bots = {"name": "Ana", "seats": ["human", "random", "random"]}
    with WebServer(tmp_path / "web.sqlite3", "--max-open", "1", "--bot-delay", "3600") as server:
        assert answer(server, "/api/tables", bots)[0] == 201
        status, refusal = answer(server, "/api/tables", bots)
        assert (status, refusal["code"], refusal["values"]) == (
            429,
            "too_many_open",
            {"limit": 1},
        )
    with WebServer(tmp_path / "other.sqlite3", "--max-address-connections", "1") as server:
        table = answer(server, "/api/tables", THREE)[1]["table"]

        async def two() -> tuple[int | None, str]:
            url = f"ws://127.0.0.1:{server.port}/ws/{table}"
            origin = websockets.Origin(f"http://127.0.0.1:{server.port}")
            async with (
                websockets.connect(url, origin=origin),
                websockets.connect(url, origin=origin) as second,
            ):
                told = json.loads(await asyncio.wait_for(second.recv(), 30))
                with contextlib.suppress(websockets.ConnectionClosed):
                    await asyncio.wait_for(second.recv(), 30)
                return second.close_code, str(told["code"])

        assert asyncio.run(two()) == (1013, "too_many_connections")


def test_one_address_may_keep_only_so_many_tables_waiting(tmp_path: Path) -> None:
    with WebServer(tmp_path / "web.sqlite3", "--max-waiting", "2") as server:
        assert answer(server, "/api/tables", THREE)[0] == 201
        assert answer(server, "/api/tables", THREE)[0] == 201
        # A table that starts at once (bots only) is not waiting: it does not count.
        bots = {"name": "Ana", "seats": ["human", "random", "random"]}
        assert answer(server, "/api/tables", bots)[0] == 201
        # X-Forwarded-For from a peer not named by --forwarded-allow-ips is not believed.
        spoof = {"X-Forwarded-For": "203.0.113.5"}
        status, refusal = answer(server, "/api/tables", THREE, headers=spoof)
        assert (status, refusal["code"], refusal["values"]) == (
            429,
            "too_many_waiting",
            {"limit": 2},
        )
    proxied = ("--max-waiting", "1", "--forwarded-allow-ips", "127.0.0.1, ::1")
    with WebServer(tmp_path / "proxied.sqlite3", *proxied) as server:
        for client in ("203.0.113.5", "203.0.113.6"):
            # The proxy appends the address it saw; what the client wrote before it is not used.
            hops = {"X-Forwarded-For": f"198.51.100.1, {client}"}
            assert answer(server, "/api/tables", THREE, headers=hops)[0] == 201
            status, refusal = answer(server, "/api/tables", THREE, headers=hops)
            assert (status, refusal["code"]) == (429, "too_many_waiting")
    refused = serve_once(tmp_path / "other.sqlite3", "--forwarded-allow-ips", "10.0.0.0/8,proxy")
    assert refused.returncode == 2
    [line] = refused.stderr.splitlines()
    assert line.startswith("whist-ro: error: --forwarded-allow-ips takes addresses or networks")


def post_with_header_lines(server: WebServer, path: str, body: object, lines: list[str]) -> int:
    """POST ``body`` with one ``X-Forwarded-For`` header line per entry of ``lines``."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        raw = json.dumps(body).encode()
        connection.putrequest("POST", path)
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Content-Length", str(len(raw)))
        for line in lines:
            connection.putheader("X-Forwarded-For", line)
        connection.endheaders(raw)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def test_a_forwarded_for_line_of_the_clients_own_is_not_believed(tmp_path: Path) -> None:
    # A proxy that adds its own header line (HAProxy's option forwardfor does) after the
    # one the client sent: both lines are one list, and the proxy's line comes last.
    proxied = ("--max-waiting", "1", "--forwarded-allow-ips", "127.0.0.1")
    with WebServer(tmp_path / "web.sqlite3", *proxied) as server:
        codes = [
            post_with_header_lines(server, "/api/tables", THREE, [f"198.51.100.{n}", "203.0.113.5"])
            for n in range(3)
        ]
        assert codes == [201, 429, 429]


def test_the_addresses_of_one_ipv6_network_count_as_one_client(tmp_path: Path) -> None:
    # One IPv6 client is given a /64 network: 2**64 addresses would each have their own share.
    proxied = ("--max-waiting", "1", "--forwarded-allow-ips", "127.0.0.1")
    with WebServer(tmp_path / "web.sqlite3", *proxied) as server:

        def make(client: str) -> int:
            return answer(server, "/api/tables", THREE, headers={"X-Forwarded-For": client})[0]

        assert make("2001:db8:1:2::1") == 201
        assert make("2001:db8:1:2:ffff::9") == 429  # the same /64
        assert make("2001:db8:9:2::1") == 201  # another network
        assert make("2001:db8:1:3::1") == 201  # the next /64
        assert make("203.0.113.5") == 201
        assert make("::ffff:203.0.113.5") == 429  # the same IPv4 address, written as IPv6


def wait_for_status(server: WebServer, path: str, status: int) -> dict[str, Any]:
    """Poll ``path`` until it answers ``status`` (within 60 s): its body."""
    deadline = time.monotonic() + 60
    while True:
        got, body = answer(server, path)
        if got == status:
            return body  # type: ignore[no-any-return]
        assert time.monotonic() < deadline, (got, body)
        time.sleep(0.1)


def test_waiting_tables_expire_and_their_invite_says_why(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    with WebServer(db, "--maker-wait", "6", "--start-wait", "14") as server:
        opened = answer(server, "/api/tables", THREE)[1]
        made: dict[str, Any] = {}

        async def maker() -> tuple[list[dict[str, Any]], int | None]:
            """The maker of ``opened`` opens it and stays until the server closes it."""
            said = []
            async with websockets.connect(f"{server.ws}/ws/{opened['table']}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": opened["token"]}))
                with contextlib.suppress(websockets.ConnectionClosed):
                    async for text in ws:
                        said.append(json.loads(text))
                        if not made:  # welcomed: now a table whose maker never comes
                            made.update(
                                (await asyncio.to_thread(answer, server, "/api/tables", THREE))[1]
                            )
            return said, ws.close_code

        said_to_maker, code = asyncio.run(asyncio.wait_for(maker(), timeout=90))
        assert said_to_maker[0]["type"] == "welcome"
        assert said_to_maker[-1]["code"] == "expired_unstarted"
        assert said_to_maker[-1]["values"]["reason"] == "not_started"
        assert code == 4010
        gone = answer(server, f"/api/tables/{opened['table']}")
        assert (gone[0], gone[1]["code"]) == (410, "expired_unstarted")
        assert gone[1]["values"]["after"] >= 14
        # The one never opened closed after the maker's wait (before the other).
        unopened = made["table"]
        status, refusal = answer(server, f"/api/tables/{unopened}")
        assert (status, refusal["code"], refusal["values"]["reason"]) == (
            410,
            "expired_unopened",
            "maker_absent",
        )
        assert "did not open it within" in refusal["message"]
        status, refusal = answer(server, f"/api/tables/{unopened}/join", {"name": "Bo"})
        assert (status, refusal["code"]) == (410, "expired_unopened")
        assert answer(server, "/api/tables")[1]["tables"] == []
        # A table made before a restart expires after it too.
        before = answer(server, "/api/tables", THREE)[1]["table"]
        server.kill()
        server.start()
        assert wait_for_status(server, f"/api/tables/{before}", 410)["code"] == "expired_unopened"


def test_a_finished_table_whose_actions_are_gone_is_damaged_not_a_crash(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    db.write_bytes(FIXTURE.read_bytes())
    over = by_status(db)["over"]
    with WebServer(db, *LONG_WAITS):  # the upgrade stores its entry
        pass
    with sqlite3.connect(db) as raw:
        raw.execute("DELETE FROM actions WHERE table_id = ? AND seq > 10", (over,))
    with WebServer(db, *LONG_WAITS) as server:
        assert answer(server, f"/api/tables/{over}")[0] == 200  # its entry is stored

        # Watching it, or its first download, rebuilds it: that is refused, not a crash.
        async def watch() -> dict[str, Any]:
            async with websockets.connect(f"{server.ws}/ws/{over}") as ws:
                said: dict[str, Any] = json.loads(await ws.recv())
                return said

        assert asyncio.run(asyncio.wait_for(watch(), timeout=30))["code"] == "table_damaged"
        status, refusal = answer(server, f"/api/tables/{over}/record")
        assert (status, refusal["code"]) == (500, "table_damaged")
        server.stop()
    assert "Traceback" not in server.output, server.output[-3000:]
