"""The web table's SQLite file: what it holds, WAL mode, refusing a file it cannot read."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from whist_ro.errors import StoreError
from whist_ro.web.store import SCHEMA_VERSION, SeatRow, Status, Store, TableRow


def table(id: str = "t1", status: Status = "waiting") -> TableRow:
    return TableRow(
        id=id,
        created=1.0,
        variant={"name": "romanian"},
        players=3,
        seed=2**62,
        time_limit=30.0,
        grace=5.0,
        status=status,
    )


def test_a_table_round_trips_through_the_file(tmp_path: Path) -> None:
    path = tmp_path / "web.sqlite3"
    store = Store(path)
    seats = [
        SeatRow(seat=0, kind="human", bot="rule", name="Ana", token_hash="ab" * 32),
        SeatRow(seat=1, kind="bot", bot="random", name="RandomBot 1"),
        SeatRow(seat=2, kind="human", bot="rule"),
    ]
    store.create_table(table(), seats)
    store.add_action("t1", 1, {"seat": 1, "bid": 0})
    store.add_action("t1", 2, {"seat": 2, "card": "Ah"})
    store.add_event("t1", 2, "takeover", {"round": 1, "trick": 1, "seat": 2, "reason": "gone"})
    store.update_seat("t1", seats[2]._replace(name="Bo", token_hash="cd" * 32))
    store.set_status("t1", "playing")
    store.close()
    again = Store(path)  # a new process would read the same
    saved = again.load("t1")
    assert saved.table == table(status="playing")
    assert saved.table.seed == 2**62  # a seed past SQLite's integers survives as text
    assert [s.name for s in saved.seats] == ["Ana", "RandomBot 1", "Bo"]
    assert saved.actions == ({"seat": 1, "bid": 0}, {"seat": 2, "card": "Ah"})
    assert saved.events[0].kind == "takeover"
    assert saved.events[0].seq == 2
    again.set_status("t1", "over")
    assert again.tables(status="over")[0].finished is not None
    assert again.tables(status="waiting") == ()
    again.close()


def test_the_file_is_in_wal_mode_with_normal_sync(tmp_path: Path) -> None:
    path = tmp_path / "web.sqlite3"
    Store(path).close()
    store = Store(path)
    db = store._db
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    store.close()


def test_an_action_is_on_disk_when_add_action_returns(tmp_path: Path) -> None:
    path = tmp_path / "web.sqlite3"
    store = Store(path)
    store.create_table(table(), [SeatRow(seat=s, kind="bot", bot="rule") for s in range(3)])
    store.add_action("t1", 1, {"seat": 1, "bid": 0})
    # Another connection (another process) sees it at once: it was committed.
    other = sqlite3.connect(path)
    assert other.execute("SELECT action FROM actions").fetchall() == [('{"seat":1,"bid":0}',)]
    other.close()
    with pytest.raises(sqlite3.IntegrityError):
        store.add_action("t1", 1, {"seat": 2, "bid": 0})  # an action number is written once
    store.close()


def test_a_store_refusal_reads_in_romanian_from_its_template(tmp_path: Path) -> None:
    # StoreError renders from catalogue templates as every error does (issue 26
    # item 4): the English text and the Romanian one come from the same evidence.
    foreign = tmp_path / "other.sqlite3"
    db = sqlite3.connect(foreign)
    db.execute("CREATE TABLE accounts (id INTEGER)")
    db.commit()
    db.close()
    with pytest.raises(StoreError) as foreign_file:
        Store(foreign)
    assert foreign_file.value.template == "the file holds another program's tables"
    assert foreign_file.value.explain("ro") == "fișierul conține tabelele altui program"
    newer = tmp_path / "newer.sqlite3"
    db = sqlite3.connect(newer)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError) as too_new:
        Store(newer)
    assert too_new.value.evidence["layout"] == SCHEMA_VERSION + 1
    assert f"structura {SCHEMA_VERSION + 1}" in too_new.value.explain("ro")
    store = Store(tmp_path / "web.sqlite3")
    try:
        with pytest.raises(StoreError) as missing:
            store.load("nope")
    finally:
        store.close()
    assert str(missing.value) == "no table 'nope' in the database"
    assert missing.value.explain("ro") == "nu există masa 'nope' în baza de date"


def test_files_it_cannot_read_are_refused(tmp_path: Path) -> None:
    foreign = tmp_path / "other.sqlite3"
    db = sqlite3.connect(foreign)
    db.execute("CREATE TABLE accounts (id INTEGER)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="another program's tables"):
        Store(foreign)
    newer = tmp_path / "newer.sqlite3"
    db = sqlite3.connect(newer)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="newer whist-ro"):
        Store(newer)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database" * 100)
    with pytest.raises(StoreError, match="not a whist-ro web database"):
        Store(junk)
    with pytest.raises(StoreError, match="cannot open"):
        Store(tmp_path / "missing" / "folder.sqlite3")
    with pytest.raises(StoreError, match="no table 'x'"):
        Store(":memory:").load("x")


def test_a_gap_in_the_actions_is_reported(tmp_path: Path) -> None:
    store = Store(tmp_path / "web.sqlite3")
    store.create_table(table(), [SeatRow(seat=s, kind="bot", bot="rule") for s in range(3)])
    store.add_action("t1", 1, {"seat": 1, "bid": 0})
    store.add_action("t1", 3, {"seat": 0, "bid": 0})
    with pytest.raises(StoreError, match="action 2 is missing"):
        store.load("t1")
    store.close()
