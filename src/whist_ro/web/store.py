"""The web table's database: one SQLite file that holds everything needed to rebuild each match.

Every accepted action is written and committed here before anyone is told
of it, so a server killed at any moment (``kill -9``) starts again with
every table where it was.  The file holds, per table: the variant (its
``Variant.to_dict()``), the seat count, the match seed (secret: it decides
every deal, so it never leaves the server), the time per decision, the
grace period and whether the table is private (never listed); per seat:
who sits there (a person or a bot of a named strength), the player's
name, the SHA-256 hash of the seat's token (never the token), the fallback
bot; per action: its number and its
``Action.to_dict()``; and every takeover and reclaim (R-SEAT-1), numbered
by the actions played before it.

The database runs in write-ahead-log mode with ``synchronous=NORMAL``: a
commit survives a crash of the server process (the promise), though not
necessarily a power cut.

>>> store = Store(":memory:")
>>> store.create_table(TableRow(id="t1", created=0.0, variant={"name": "romanian"},
...     players=3, seed=5, time_limit=None, grace=30.0, status="waiting"),
...     [SeatRow(seat=s, kind="bot", bot="rule") for s in range(3)])
>>> store.add_action("t1", 1, {"seat": 1, "bid": 0})
>>> saved = store.load("t1")
>>> saved.table.seed, [s.bot for s in saved.seats], saved.actions
(5, ['rule', 'rule', 'rule'], ({'seat': 1, 'bid': 0},))
>>> store.close()
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple

from whist_ro import errors
from whist_ro._check import excerpt
from whist_ro._deprecation import moved_names
from whist_ro._messages import N_

if sys.platform == "win32":  # pragma: no cover - the tests run on Linux
    import msvcrt
else:
    import fcntl

# The row tuples (TableRow, SeatRow, EventRow, SavedTable) are how the web package
# talks to its store; they are not part of the library's public API.
__all__ = ["SCHEMA_VERSION", "Store"]

# StoreError lives with every other error now; its old name here warns.
if not TYPE_CHECKING:  # a type checker no longer sees the moved names (docs/stability.md)
    __getattr__ = moved_names(__name__, {"StoreError": "whist_ro.errors:StoreError"})

SCHEMA_VERSION: Final = 3
"""The layout of the database file (SQLite's ``user_version``).

Layout 2 added five columns to ``tables``: a finished match's lobby entry
and record (``summary``, ``record``), when the maker first opened the
table (``seen``), the address that made it (``address``) and why a table
closed unplayed (``reason``).  Layout 3 added ``private`` (1: a table
reached only through its invite, never listed; 0 in every older row).  A
file of layout 1 or 2 is upgraded in place when it is opened.
"""

Status = Literal["waiting", "playing", "over", "expired"]

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS tables (
    id          TEXT PRIMARY KEY,
    created     REAL NOT NULL,
    variant     TEXT NOT NULL,          -- Variant.to_dict(), as JSON
    players     INTEGER NOT NULL,
    seed        TEXT NOT NULL,          -- the match seed: secret, never sent to a client
    time_limit  REAL,                   -- seconds per decision, or NULL for none
    grace       REAL NOT NULL,          -- seconds a dropped seat waits before a bot takes it
    status      TEXT NOT NULL,          -- waiting, playing, over or expired
    finished    REAL,                   -- when the match ended (or the table expired)
    summary     TEXT,                   -- an ended match's lobby entry, as JSON (layout 2)
    record      TEXT,                   -- an ended match's record, as JSON (layout 2)
    seen        REAL,                   -- when the maker first opened the table (layout 2)
    address     TEXT,                   -- the address that made the table (layout 2)
    reason      TEXT,                   -- why it expired: maker_absent or not_started (layout 2)
    private     INTEGER NOT NULL DEFAULT 0  -- 1: by its invite only, never listed (layout 3)
);
CREATE TABLE IF NOT EXISTS seats (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    seat        INTEGER NOT NULL,
    kind        TEXT NOT NULL,          -- human or bot
    name        TEXT,                   -- the player's name (NULL: not yet claimed)
    token_hash  TEXT,                   -- SHA-256 of the seat's token, hex; NULL for a bot
    bot         TEXT NOT NULL,          -- the bot of a bot seat, or a person's fallback
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    seq         INTEGER NOT NULL,       -- 1 for the match's first action, and so on
    action      TEXT NOT NULL,          -- Action.to_dict(), as JSON
    at          REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id    TEXT NOT NULL REFERENCES tables(id),
    seq         INTEGER NOT NULL,       -- how many actions were played before it
    kind        TEXT NOT NULL,          -- takeover or reclaim
    data        TEXT NOT NULL,          -- Takeover.to_dict() or Reclaim.to_dict(), as JSON
    at          REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS events_by_table ON events (table_id, id);
CREATE INDEX IF NOT EXISTS tables_by_status ON tables (status, created);
"""

_UPGRADE_2: Final = (
    "ALTER TABLE tables ADD COLUMN summary TEXT",
    "ALTER TABLE tables ADD COLUMN record TEXT",
    "ALTER TABLE tables ADD COLUMN seen REAL",
    "ALTER TABLE tables ADD COLUMN address TEXT",
    "ALTER TABLE tables ADD COLUMN reason TEXT",
)
"""Layout 1 to 2: the new columns, NULL in every old row (a finished match's summary is
written by the server's next start, which replays that match one last time)."""

_UPGRADE_3: Final = ("ALTER TABLE tables ADD COLUMN private INTEGER NOT NULL DEFAULT 0",)
"""Layout 2 to 3: whether a table is private; every older table is listed (0)."""

_UPGRADES: Final = {1: _UPGRADE_2, 2: _UPGRADE_3}
"""The statements that take a file from each layout to the next, applied in order."""


class TableRow(NamedTuple):
    """One table as stored: its configuration and where it stands.

    >>> TableRow(id="t", created=0.0, variant={}, players=3, seed=1, time_limit=None,
    ...          grace=30.0, status="waiting").status
    'waiting'
    """

    id: str
    created: float
    variant: dict[str, Any]
    players: int
    seed: int
    time_limit: float | None
    grace: float
    status: Status
    finished: float | None = None
    seen: float | None = None
    address: str | None = None
    private: bool = False


class SeatRow(NamedTuple):
    """One seat as stored: a person (``kind="human"``) or a bot, and the bot that stands in.

    >>> SeatRow(seat=1, kind="bot", bot="rule").name is None
    True
    """

    seat: int
    kind: Literal["human", "bot"]
    bot: str
    name: str | None = None
    token_hash: str | None = None


class EventRow(NamedTuple):
    """A takeover or a reclaim, after ``seq`` actions.

    >>> EventRow(seq=4, kind="reclaim", data={"round": 1, "trick": 2, "seat": 0}).kind
    'reclaim'
    """

    seq: int
    kind: Literal["takeover", "reclaim"]
    data: dict[str, Any]


class SavedTable(NamedTuple):
    """Everything stored about one table, enough to rebuild its match.

    >>> Store(":memory:").tables()
    ()
    """

    table: TableRow
    seats: tuple[SeatRow, ...]
    actions: tuple[dict[str, Any], ...]
    events: tuple[EventRow, ...]


def lock_path(path: str) -> str:
    """The lock file beside the database ``path``, which one server at a time holds.

    >>> lock_path("web.sqlite3")
    'web.sqlite3.lock'
    """
    return path + ".lock"


def _take_lock(path: str) -> int:
    """Hold the lock beside ``path`` (its descriptor); a ``StoreError`` when another does.

    Two servers on one file would both play its tables, each unaware of the
    other's actions.  The lock is the operating system's (``flock``), so it
    goes with the process that holds it, even one killed with SIGKILL; the
    descriptor is not inherited by the processes the server starts.  The
    lock file is named after the database's real path, so a second server
    that reaches the same file through a symbolic link finds the same lock.
    """
    name = lock_path(os.path.realpath(path))
    try:
        fd = os.open(name, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as error:
        raise errors.StoreError(
            N_("cannot open the lock file {name!r}: {reason}"),
            evidence={"name": name, "reason": error.strerror or str(error)},
        ) from None
    try:
        if sys.platform == "win32":  # pragma: no cover
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.read(fd, 32).decode("ascii", "replace").strip()
        os.close(fd)
        if holder.isdigit():
            raise errors.StoreError(
                N_(
                    "the database {path!r} is in use by another whist-ro server (process "
                    "{holder}): it holds {name!r}; stop that server, or give this one another --db"
                ),
                evidence={"path": str(path), "holder": holder, "name": name},
            ) from None
        raise errors.StoreError(
            N_(
                "the database {path!r} is in use by another whist-ro server: it holds {name!r}; "
                "stop that server, or give this one another --db"
            ),
            evidence={"path": str(path), "name": name},
        ) from None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode("ascii"))
    return fd


def _entry(table_id: str, text: str) -> dict[str, Any]:
    """A finished table's stored lobby entry, read; a ``StoreError`` when it is damaged."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested past the parser's stack
        data = None
    if not isinstance(data, dict):
        raise errors.StoreError(
            N_("table {table!r} cannot be read: its stored lobby entry is not a JSON object"),
            evidence={"table": table_id},
        )
    return data


_STATUSES: Final = ("waiting", "playing", "over", "expired")


def _table(row: sqlite3.Row) -> TableRow:
    if row["status"] not in _STATUSES:
        raise errors.StoreError(
            N_("table {table!r}: its status is {status}; it must be one of {statuses}"),
            evidence={
                "table": row["id"],
                "status": excerpt(row["status"]),
                "statuses": ", ".join(_STATUSES),
            },
        )
    return TableRow(
        id=row["id"],
        created=row["created"],
        variant=json.loads(row["variant"]),
        players=row["players"],
        seed=int(row["seed"]),
        time_limit=row["time_limit"],
        grace=row["grace"],
        status=row["status"],
        finished=row["finished"],
        seen=row["seen"],
        address=row["address"],
        private=bool(row["private"]),
    )


class Store:
    """The SQLite file behind ``whist-ro serve --db``: tables, seats, actions, handovers.

    ``path`` is a file name (created when missing) or ``":memory:"``.  Every
    write commits before it returns; one that finds the file locked by
    another connection waits up to ``busy_timeout`` seconds, then raises
    ``sqlite3.OperationalError`` (as a full disk does), and the table that
    asked retries it (:class:`~whist_ro.web.room.Room`).  One store is used from one thread (the
    server's event loop).  ``exclusive`` (what the server asks for) holds the
    lock file beside the database (:func:`lock_path`) while the store is
    open, so a second server on the same file is refused with a
    :class:`~whist_ro.errors.StoreError` naming it.

    >>> store = Store(":memory:")
    >>> store.tables()
    ()
    >>> store.close()
    """

    __slots__ = ("_db", "_lock", "_path")

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        busy_timeout: float = 1.0,
        exclusive: bool = False,
    ) -> None:
        self._path = os.fspath(path)
        self._lock: int | None = None
        if exclusive and self._path != ":memory:":
            self._lock = _take_lock(self._path)
        try:
            db = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            self._release()
            raise errors.StoreError(
                N_("cannot open the database {path!r}: {reason}"),
                evidence={"path": self._path, "reason": str(error)},
            ) from None
        db.row_factory = sqlite3.Row
        try:
            self._setup(db, busy_timeout=busy_timeout)
        except sqlite3.Error as error:
            db.close()
            self._release()
            raise errors.StoreError(
                N_("{path!r} is not a whist-ro web database (or cannot be written): {reason}"),
                evidence={"path": self._path, "reason": str(error)},
            ) from None
        except errors.StoreError:
            db.close()
            self._release()
            raise
        self._db = db

    @staticmethod
    def _setup(db: sqlite3.Connection, *, busy_timeout: float) -> None:
        # WAL: readers never wait for the writer, and a commit is one append to the log;
        # NORMAL: the log is synced at checkpoints, which survives a process crash.
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
        db.execute(f"PRAGMA busy_timeout={round(busy_timeout * 1000)}")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise errors.StoreError(
                N_(
                    "the database was written by a newer whist-ro (layout {layout}; this one "
                    "reads {known})"
                ),
                evidence={"layout": version, "known": SCHEMA_VERSION},
            )
        if version == 0:
            known = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if known - {"sqlite_sequence"}:
                raise errors.StoreError(N_("the file holds another program's tables"), evidence={})
            db.executescript(_SCHEMA)
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        elif version < SCHEMA_VERSION:
            # In place, in one transaction: a crash leaves the old layout, whole, to upgrade
            # again.  Each step takes the file one layout on (1 to 2, then 2 to 3).
            db.execute("BEGIN IMMEDIATE")
            try:
                for layout in range(version, SCHEMA_VERSION):
                    for statement in _UPGRADES[layout]:
                        db.execute(statement)
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    @property
    def path(self) -> str:
        """The database file's name."""
        return self._path

    def close(self) -> None:
        """Close the file (a checkpoint folds the log back into it), and let go of its lock."""
        self._db.close()
        self._release()

    def _release(self) -> None:
        if self._lock is not None:
            os.close(self._lock)  # closing the descriptor releases the lock
            self._lock = None

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        try:
            db.execute("COMMIT")
        except sqlite3.Error:
            if db.in_transaction:  # a COMMIT refused (busy, disk full) leaves it open
                db.execute("ROLLBACK")
            raise

    # -- writing ----------------------------------------------------------------------

    def create_table(self, table: TableRow, seats: list[SeatRow]) -> None:
        """Store a new table and its seats, in one transaction."""
        with self._write() as db:
            db.execute(
                "INSERT INTO tables (id, created, variant, players, seed, time_limit, grace, "
                "status, finished, address, private) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    table.created,
                    json.dumps(table.variant),
                    table.players,
                    str(table.seed),
                    table.time_limit,
                    table.grace,
                    table.status,
                    table.finished,
                    table.address,
                    int(table.private),
                ),
            )
            db.executemany(
                "INSERT INTO seats (table_id, seat, kind, name, token_hash, bot) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(table.id, s.seat, s.kind, s.name, s.token_hash, s.bot) for s in seats],
            )

    def update_seat(self, table_id: str, seat: SeatRow) -> None:
        """Write a seat's new state: a person claimed it, or it became a bot's."""
        with self._write() as db:
            db.execute(
                "UPDATE seats SET kind = ?, name = ?, token_hash = ?, bot = ? "
                "WHERE table_id = ? AND seat = ?",
                (seat.kind, seat.name, seat.token_hash, seat.bot, table_id, seat.seat),
            )

    def set_status(self, table_id: str, status: Status) -> None:
        """Mark a table waiting, playing or over (over also notes the time)."""
        with self._write() as db:
            db.execute(
                "UPDATE tables SET status = ?, finished = ? WHERE id = ?",
                (status, time.time() if status == "over" else None, table_id),
            )

    def finish(self, table_id: str, *, summary: dict[str, Any], record: str | None) -> None:
        """Mark a table over, with its lobby entry and its record (``dumps(record)``) to serve.

        ``record`` None leaves it to be stored later (:meth:`keep_record`).

        >>> store = Store(":memory:")
        >>> store.create_table(TableRow(id="t", created=0.0, variant={}, players=3, seed=1,
        ...     time_limit=None, grace=30.0, status="playing"), [])
        >>> store.finish("t", summary={"id": "t"}, record="{}")
        >>> store.summary("t"), store.record("t"), store.status("t")
        ({'id': 't', 'private': False}, '{}', ('over', None))
        """
        with self._write() as db:
            db.execute(
                "UPDATE tables SET status = 'over', finished = coalesce(finished, ?), "
                "summary = ?, record = coalesce(?, record) WHERE id = ?",
                (time.time(), json.dumps(summary, separators=(",", ":")), record, table_id),
            )

    def keep_record(self, table_id: str, record: str) -> None:
        """Store a finished table's record (``dumps(record)``), made when first asked for.

        >>> store = Store(":memory:")
        >>> store.create_table(TableRow(id="t", created=0.0, variant={}, players=3, seed=1,
        ...     time_limit=None, grace=30.0, status="playing"), [])
        >>> store.finish("t", summary={}, record=None); store.record("t") is None
        True
        >>> store.keep_record("t", "{}"); store.record("t")
        '{}'
        """
        with self._write() as db:
            db.execute("UPDATE tables SET record = ? WHERE id = ?", (record, table_id))

    def expire(self, table_id: str, reason: str) -> None:
        """Close a waiting table unplayed (``reason``: ``maker_absent`` or ``not_started``).

        Its seats go (no token of it opens anything any more); its row stays,
        so its invite can say why, until :meth:`retire` removes it.

        >>> store = Store(":memory:")
        >>> store.create_table(TableRow(id="t", created=0.0, variant={}, players=3, seed=1,
        ...     time_limit=None, grace=30.0, status="waiting"), [])
        >>> store.seen("t", 5.0); store.tables()[0].seen
        5.0
        >>> store.expire("t", "not_started"); store.status("t"), store.seats("t")
        (('expired', 'not_started'), ())
        >>> store.ended("t")[0], store.status("nope")
        (0.0, None)
        """
        with self._write() as db:
            db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
            db.execute(
                "UPDATE tables SET status = 'expired', finished = ?, reason = ? WHERE id = ?",
                (time.time(), reason, table_id),
            )

    def seen(self, table_id: str, at: float) -> None:
        """Note when the table's maker first opened it."""
        with self._write() as db:
            db.execute("UPDATE tables SET seen = ? WHERE id = ?", (at, table_id))

    def retire(self, *, before: float, expired_before: float | None = None) -> tuple[str, ...]:
        """Delete every finished table that ended before ``before`` (and every expired one
        that ended before ``expired_before``, by default ``before``): their ids.

        >>> store = Store(":memory:")
        >>> store.create_table(TableRow(id="t", created=0.0, variant={}, players=3, seed=1,
        ...     time_limit=None, grace=30.0, status="playing"), [])
        >>> store.finish("t", summary={}, record="{}")
        >>> store.retire(before=0.0), store.retire(before=time.time() + 1), store.ids()
        ((), ('t',), ())
        """
        expired = before if expired_before is None else expired_before
        with self._write() as db:
            ids = [
                row[0]
                for row in db.execute(
                    "SELECT id FROM tables WHERE (status = 'over' AND finished < ?) "
                    "OR (status = 'expired' AND finished < ?)",
                    (before, expired),
                )
            ]
            for name in ("actions", "events", "seats"):
                db.executemany(f"DELETE FROM {name} WHERE table_id = ?", [(i,) for i in ids])
            db.executemany("DELETE FROM tables WHERE id = ?", [(i,) for i in ids])
        return tuple(ids)

    def add_action(self, table_id: str, seq: int, action: dict[str, Any]) -> None:
        """Commit action number ``seq`` of a table (``Action.to_dict()``).

        One statement outside a transaction is its own transaction: SQLite
        commits it before ``execute`` returns (one append to the log).
        """
        self._db.execute(
            "INSERT INTO actions (table_id, seq, action, at) VALUES (?, ?, ?, ?)",
            (table_id, seq, json.dumps(action, separators=(",", ":")), time.time()),
        )

    def add_event(
        self,
        table_id: str,
        seq: int,
        kind: Literal["takeover", "reclaim"],
        data: dict[str, Any],
    ) -> None:
        """Commit a takeover or a reclaim that happened after ``seq`` actions."""
        with self._write() as db:
            db.execute(
                "INSERT INTO events (table_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                (table_id, seq, kind, json.dumps(data), time.time()),
            )

    # -- reading ----------------------------------------------------------------------

    def ids(self, *, to_open: bool = False) -> tuple[str, ...]:
        """Every stored table's id, oldest first: nothing else is read, so no row can fail.

        With ``to_open``, only the tables a start rebuilds: those waiting or
        playing (or of a status no whist-ro writes, for :meth:`load` to
        refuse), and a finished one without its stored summary (from layout
        1, or a crash right after its last action).

        >>> Store(":memory:").ids()
        ()
        """
        where = (
            " WHERE status NOT IN ('over', 'expired') OR (status = 'over' AND summary IS NULL)"
            if to_open
            else ""
        )
        query = f"SELECT id FROM tables{where} ORDER BY created, id"
        return tuple(row[0] for row in self._db.execute(query))

    def status(self, table_id: str) -> tuple[str, str | None] | None:
        """A table's status and why it expired (None: not expired); None when there is none."""
        row = self._db.execute(
            "SELECT status, reason FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        return None if row is None else (row[0], row[1])

    def ended(self, table_id: str) -> tuple[float, float] | None:
        """When an expired or finished table was made and when it ended, or None."""
        row = self._db.execute(
            "SELECT created, finished FROM tables WHERE id = ? AND finished IS NOT NULL",
            (table_id,),
        ).fetchone()
        return None if row is None else (row[0], row[1])

    def summary(self, table_id: str) -> dict[str, Any] | None:
        """A finished table's stored lobby entry (None: not finished, or no such table).

        Its ``"private"`` is the table's, also in an entry stored before layout 3.
        """
        row = self._db.execute(
            "SELECT summary, private FROM tables WHERE id = ? AND status = 'over'", (table_id,)
        ).fetchone()
        if row is None or row[0] is None:
            return None
        return {**_entry(table_id, row[0]), "private": bool(row[1])}

    def record(self, table_id: str) -> str | None:
        """A finished table's stored record, as JSON text (None: not finished, or no table)."""
        row = self._db.execute(
            "SELECT record FROM tables WHERE id = ? AND status = 'over'", (table_id,)
        ).fetchone()
        return None if row is None else row[0]

    def finished(
        self,
        *,
        offset: int = 0,
        limit: int = 50,
        damaged: Callable[[str, errors.StoreError], object] | None = None,
    ) -> list[dict[str, Any]]:
        """The stored lobby entries of finished tables that are not private, newest first,
        ``limit`` from ``offset``.

        An entry that is not a JSON object is left out and handed to
        ``damaged`` with its :class:`~whist_ro.errors.StoreError` (without it, raised), so one
        damaged row does not stop the listing.

        >>> store = Store(":memory:")
        >>> store.finished(), store.count_finished()
        ([], 0)
        >>> store.create_table(TableRow(id="t", created=0.0, variant={}, players=3, seed=1,
        ...     time_limit=None, grace=30.0, status="playing"), [])
        >>> store.finish("t", summary={"id": "t"}, record=None)
        >>> store.finished()
        [{'id': 't', 'private': False}]
        >>> _ = store._db.execute("UPDATE tables SET summary = '[1]'")
        >>> store.finished(damaged=lambda table_id, error: print(error))
        table 't' cannot be read: its stored lobby entry is not a JSON object
        []
        """
        rows = self._db.execute(
            "SELECT id, summary FROM tables WHERE status = 'over' AND summary IS NOT NULL "
            "AND private = 0 ORDER BY created DESC, id LIMIT ? OFFSET ?",
            (limit, offset),
        )
        out = []
        for table_id, text in rows:
            try:
                out.append({**_entry(table_id, text), "private": False})  # listed: not private
            except errors.StoreError as error:
                if damaged is None:
                    raise
                damaged(table_id, error)
        return out

    def count_finished(self) -> int:
        """How many finished tables :meth:`finished` lists."""
        row = self._db.execute(
            "SELECT count(*) FROM tables WHERE status = 'over' AND summary IS NOT NULL "
            "AND private = 0"
        ).fetchone()
        return int(row[0])

    def tables(self, *, status: Status | None = None) -> tuple[TableRow, ...]:
        """The stored tables, oldest first (only those of ``status`` when given)."""
        if status is None:
            rows = self._db.execute("SELECT * FROM tables ORDER BY created, id")
        else:
            rows = self._db.execute(
                "SELECT * FROM tables WHERE status = ? ORDER BY created, id", (status,)
            )
        return tuple(_table(row) for row in rows)

    def seats(self, table_id: str) -> tuple[SeatRow, ...]:
        """The seats of a table, in seat order."""
        return tuple(
            SeatRow(
                seat=row["seat"],
                kind=row["kind"],
                bot=row["bot"],
                name=row["name"],
                token_hash=row["token_hash"],
            )
            for row in self._db.execute(
                "SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
            )
        )

    def load(self, table_id: str) -> SavedTable:
        """Everything stored about a table; a ``StoreError`` when there is no such table."""
        db = self._db
        row = db.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise errors.StoreError(
                N_("no table {table!r} in the database"), evidence={"table": table_id}
            )
        actions = []
        for n, (seq, text) in enumerate(
            db.execute(
                "SELECT seq, action FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)
            ),
            start=1,
        ):
            if seq != n:
                raise errors.StoreError(
                    N_("table {table!r}: action {number} is missing from the database"),
                    evidence={"table": table_id, "number": n},
                )
            actions.append(json.loads(text))
        events = tuple(
            EventRow(seq=r["seq"], kind=r["kind"], data=json.loads(r["data"]))
            for r in db.execute(
                "SELECT seq, kind, data FROM events WHERE table_id = ? ORDER BY id", (table_id,)
            )
        )
        return SavedTable(
            table=_table(row), seats=self.seats(table_id), actions=tuple(actions), events=events
        )

    def __repr__(self) -> str:
        return f"<Store {self._path!r}>"
