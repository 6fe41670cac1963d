"""One hosted table: its match, its seats, the connections watching it and the bots that play.

A :class:`Room` lives in the server's event loop and plays its match at
a :class:`~whist_ro.table.Table`: a bot is the table's agent (in the
table's worker thread, so a slow bot never blocks the loop), under the
table's time limit, and one that raises or overruns is taken over by
its seat's fallback and recorded as any table records it; a person acts
through their connection (:meth:`Table.play <whist_ro.table.Table.play>`).
Every accepted action is committed to the
:class:`~whist_ro.web.store.Store` before anyone hears of it (the table's
``before_telling``).  A seat whose player's connection drops waits
``grace`` seconds, then its fallback bot takes it (R-SEAT-1, a
:class:`~whist_ro.engine.seats.Takeover` in the record); the player takes
it back on return (a :class:`~whist_ro.engine.seats.Reclaim`).  A room is
rebuilt from the store after a restart: its table resumes from the
stored actions and seat changes.  A write the database
refuses (locked, the disk full) pauses the table: it is tried again with
a back-off, the connections are told ``paused`` and then ``resumed``,
and nothing is told before it is stored.

Each connection receives only what its seat may see (its
:class:`~whist_ro.views.PlayerView`), and spectators the
:class:`~whist_ro.views.SpectatorView`; only the current round's view
travels with each action (the past rounds are on the score sheet).

>>> import asyncio
>>> from whist_ro.web.store import Store
>>> async def demo():
...     lobby = Lobby(Store(":memory:"), bot_delay=0)
...     room, seat, token = lobby.create(variant="romanian", seats=["human", "random", "random"],
...                                      name="Ana")
...     return room.status, seat, len(token) > 20, room.names
>>> asyncio.run(demo())
('playing', 0, True, ('Ana', 'RandomBot 1', 'RandomBot 2'))
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
import sqlite3
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, TypeVar

from whist_ro import errors
from whist_ro._check import MAX_NAME, excerpt, shown_name
from whist_ro._check import names as check_names
from whist_ro._deprecation import moved_names
from whist_ro._messages import N_
from whist_ro._text import Sentence
from whist_ro.actions import Action, Play, action_from_dict
from whist_ro.bots import LowRiskBot, RandomBot, RuleBot, SearchBot
from whist_ro.engine import seats as seat_changes
from whist_ro.engine.match import Match
from whist_ro.engine.round import Phase, Round
from whist_ro.engine.seats import Reclaim
from whist_ro.engine.step import Step
from whist_ro.engine.tricks import trick_winner
from whist_ro.errors import (
    ConfigurationError,
    IllegalActionError,
    RecordError,
    TableBusyError,
    WhistError,
)
from whist_ro.records.notation import format_round
from whist_ro.records.record import Record, dumps
from whist_ro.remote.result import MatchResult
from whist_ro.schedule import player_count_refusal
from whist_ro.table import Change, Table
from whist_ro.variants import Variant, get
from whist_ro.views.public import SpectatorView, public_view
from whist_ro.views.view import PlayerView, score_row_dict, view_of
from whist_ro.web.store import SavedTable, SeatRow, Store, TableRow
from whist_ro.web.text import MESSAGES, say

if TYPE_CHECKING:  # at run time these are named by their one home, so their old names here warn
    from whist_ro.engine.seats import Takeover
    from whist_ro.errors import RoomError, StoreError

__all__ = ["BOTS", "Client", "Lobby", "Room"]

# The classes that lived or showed here have one home each now; their old names warn.
if not TYPE_CHECKING:  # a type checker no longer sees the moved names (docs/stability.md)
    __getattr__ = moved_names(
        __name__,
        {
            "RoomError": "whist_ro.errors:RoomError",
            "StoreError": "whist_ro.errors:StoreError",
            "Takeover": "whist_ro.engine.seats:Takeover",
        },
    )

log = logging.getLogger("whist_ro.web")

PROTOCOL: Final = 2
"""The version of the web table's WebSocket messages (``"protocol"`` in ``welcome``).

2: ``state``'s ``last_trick`` says which trick it is (``round``, ``trick``), so a
page that was away can tell a trick it missed from one it saw.
"""

BOTS: Final[Mapping[str, type]] = {
    "random": RandomBot,
    "lowrisk": LowRiskBot,
    "rule": RuleBot,
    "search": SearchBot,
}
"""The bots a table may seat, by the names ``whist-ro play --bots`` uses, weakest first."""

_EXACT_ONLY: Final = frozenset({"lowrisk"})  # LowRiskBot bids for exact contracts only
_MAX_SPECTATORS: Final = 200
_MAX_GRACE: Final = 3600.0
_MAX_LIMIT: Final = 3600.0
_CLIP: Final = 60  # characters of a user's text quoted back in a refusal
RETRY_FIRST: Final = 0.1
"""Seconds before a paused table first tries its failed database write again."""
RETRY_MOST: Final = 5.0
"""The longest wait between two tries (each wait doubles the last, up to this)."""

T = TypeVar("T")

Status = Literal["waiting", "playing", "over", "expired"]

_EXPIRED: Final = {"maker_absent": "expired_unopened", "not_started": "expired_unstarted"}
"""The refusal code of a table closed unplayed, by the reason stored with it."""
_EXPIRED_KEPT: Final = 86_400.0  # seconds an expired table's invite still says why
_SWEEP: Final = 3600.0  # seconds between two retirements of old tables


class Client(Protocol):
    """A connection a room writes to: a WebSocket in the server, a list in a test."""

    def send(self, text: str) -> None:
        """Queue ``text`` (one JSON message) for this connection; never blocks."""
        ...

    def close(self, code: int) -> None:
        """End the connection (after what is queued)."""
        ...


def token_hash(token: str) -> str:
    """The SHA-256 of a seat token, as stored (a token has 192 random bits: no salt needed).

    >>> len(token_hash("abc"))
    64
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _dumps(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def check_bot(name: object, variant: Variant) -> str:
    """``name`` if it is a bot that plays ``variant``, else a :class:`RoomError`.

    >>> from whist_ro import variants
    >>> check_bot("rule", variants.CLASSIC)
    'rule'
    >>> check_bot("lowrisk", variants.CLASSIC)
    Traceback (most recent call last):
    ...
    whist_ro.errors.RoomError: the lowrisk bot does not play classic
    """
    if not isinstance(name, str):
        raise errors.RoomError("bad_request", detail=f"a bot is named by text, not {excerpt(name)}")
    if name not in BOTS:
        raise errors.RoomError("unknown_bot", bot=clip(name), bots=", ".join(BOTS))
    if name in _EXACT_ONLY and variant.family != "exact":
        raise errors.RoomError("bot_family", bot=name, variant=variant.name)
    return name


def clip(text: str) -> str:
    """``text`` as a refusal's value: itself, cut after 60 characters (the page shows it).

    >>> clip("nosuch"), len(clip("x" * 1000))
    ('nosuch', 60)
    """
    return text if len(text) <= _CLIP else text[: _CLIP - 3] + "..."


def _bot_name(bot: str, seat: int) -> str:
    return f"{BOTS[bot].__name__} {seat}"


def _seconds(value: object, *, field: str, high: float, allow_none: bool) -> float | None:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= high:
        raise errors.RoomError(
            "bad_request", detail=f"{field} must be a number of seconds from 0 to {high:g}"
        )
    return float(value)


def view_data(view: PlayerView | SpectatorView) -> dict[str, Any]:
    """A view's JSON data as the table sends it: the current round, not the past rounds.

    The score sheet travels separately (whole on connecting, a row per round),
    so a message stays the same size all match long.

    >>> import whist_ro as wr
    >>> data = view_data(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1).view(0))
    >>> "past" in data["match"], "score_sheet" in data["match"], data["hand"] != []
    (False, False, True)
    """
    data: dict[str, Any] = view.to_dict(past=False)
    return data


_OWN: Final = ("seat", "hand", "known_hands", "legal_actions")
"""The keys of a view's ``to_dict()`` that differ from seat to seat in one position."""


def _own_part(view: PlayerView | SpectatorView) -> dict[str, Any]:
    """The seat's own keys of its view's data, written as ``PlayerView.to_dict()`` writes them."""
    if isinstance(view, SpectatorView):
        return {"seat": None, "hand": [], "known_hands": [[]] * view.players, "legal_actions": []}
    return {
        "seat": view.seat,
        "hand": [str(c) for c in view.hand],
        "known_hands": [[str(c) for c in hand] for hand in view.known_hands],
        "legal_actions": [a.to_dict() for a in view.legal_actions],
    }


class _Person:
    """A person's agent at the room's table: they act through their connection.

    The room hands what they send to :meth:`Table.play <whist_ro.table.Table.play>`;
    the table never asks this agent, and names the person by it in a takeover.
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def act(self, view: PlayerView) -> Action:
        raise RuntimeError("a person acts through their connection, not act()")


class _Bot:
    """A web bot at the room's table, named as the lobby shows it ("RuleBot 2")."""

    __slots__ = ("_bot", "name")

    def __init__(self, bot: str, *, name: str, seed: str) -> None:
        self._bot = BOTS[bot](seed=seed)
        self.name = name

    def act(self, view: PlayerView) -> Any:
        return self._bot.act(view)


class _Seat:
    """One seat: who owns it, its connection and the table's grace while it is away."""

    __slots__ = ("bot", "client", "index", "kind", "name", "timer", "token")

    def __init__(self, row: SeatRow) -> None:
        self.index = row.seat
        self.kind: Literal["human", "bot"] = row.kind
        self.bot = row.bot
        # A name stored before bidirectional controls were refused is shown with them visible.
        self.name = None if row.name is None else shown_name(row.name)
        self.token = row.token_hash
        self.client: Client | None = None
        self.timer: asyncio.Task[Any] | None = None  # the table's grace for this seat

    def row(self) -> SeatRow:
        return SeatRow(
            seat=self.index, kind=self.kind, bot=self.bot, name=self.name, token_hash=self.token
        )

    def public(self, *, taken_over: bool) -> dict[str, Any]:
        return {
            "seat": self.index,
            "name": self.name,
            "kind": self.kind,
            "bot": self.bot,
            "connected": self.client is not None,
            "taken_over": taken_over,
        }


class Room:
    """A table in the server: build one with :meth:`Lobby.create`, or from the store.

    It is driven by :class:`Lobby` and the web app; every method runs in
    the event loop's thread.

    >>> import asyncio
    >>> from whist_ro.web.store import Store
    >>> async def demo():
    ...     lobby = Lobby(Store(":memory:"), bot_delay=0)
    ...     room, _, _ = lobby.create(variant="classic", seats=["human", "human", "rule", "rule"],
    ...                               name="Ana")
    ...     seat, token = room.claim("Bo")
    ...     return room.status, seat, room.names
    >>> asyncio.run(demo())
    ('playing', 1, ('Ana', 'Bo', 'RuleBot 2', 'RuleBot 3'))
    """

    def __init__(self, lobby: Lobby, saved: SavedTable) -> None:
        table = saved.table
        self._lobby = lobby
        self._row = table
        self.id = table.id
        self.variant = Variant.from_dict(table.variant)
        self.players = table.players
        self.time_limit = table.time_limit
        self.grace = table.grace
        self.created = table.created
        self._seats = [_Seat(row) for row in saved.seats]
        self._spectators: set[Client] = set()
        self._table: Table | None = None  # the match, its bots and its seat changes
        self._seq = 0  # actions played: len(match.history), kept as a count
        self._match_part: tuple[tuple[int, bool] | None, dict[str, Any]] = (None, {})
        # The parts of this position's views every seat shares: as data, and as JSON text.
        self._shared_view: tuple[Match | None, dict[str, Any], str] = (None, {}, "{}")
        self._status: Status = table.status
        self._turn = 0  # counts decisions asked for, so a late person's timer is dropped
        self._bot_task: asyncio.Task[None] | None = None
        self._bot_storing = False  # the bot's step waits for the database: it is not cancelled
        # A cancelled bot turn leaves the table's step on the loop's next turn; an action a
        # person sends before then waits for it (``_queued``) instead of meeting a busy table.
        self._unwinding: asyncio.Task[None] | None = None
        self._queued: Action | None = None
        self._deadline: float | None = None
        self._decision_timer: asyncio.TimerHandle | None = None
        self.address = table.address  # who made it: the lobby counts waiting tables by it
        self.private = table.private  # reached through its invite only, never listed
        self._seen = table.seen  # when the maker first opened it (None: not yet)
        self._expiry: asyncio.TimerHandle | None = None
        # Writes the database refused, oldest first, each with what follows it once stored:
        # while any waits the table is paused (nothing else is played, nothing is lost).
        self._pending: deque[tuple[Callable[[], Any], Callable[[Any], None]]] = deque()
        self._retry_task: asyncio.Task[None] | None = None
        self._pause_notice: dict[str, Any] | None = None
        if self._status != "waiting":
            self._replay(saved)

    # -- rebuilding -----------------------------------------------------------------

    def _new_table(
        self,
        *,
        history: Sequence[Action] = (),
        takeovers: Sequence[Takeover] = (),
        reclaims: Sequence[Reclaim] = (),
    ) -> Table:
        """The table that plays this room's match (from ``history``, after a restart)."""
        seed = self._row.seed
        agents: list[Any] = []
        fallbacks: list[Any] = []
        for seat in self._seats:
            if seat.kind == "human":
                agents.append(_Person(seat.name or ""))
                fallback = seat.bot
            else:
                agents.append(_Bot(seat.bot, name=seat.name or "", seed=f"{seed}:{seat.index}:0"))
                fallback = "rule"  # a bot seat's bot failing: the bot that plays every family
            fallbacks.append(
                _Bot(
                    fallback,
                    name=_bot_name(fallback, seat.index),
                    seed=f"{seed}:{seat.index}:fallback",
                )
            )
        return Table(
            self.variant,
            agents=agents,
            names=tuple(s.name or "" for s in self._seats),
            seed=seed,
            fallbacks=fallbacks,
            time_limit=self.time_limit,
            pace=self._lobby.bot_delay,
            before_telling=self._store_change,
            history=history,
            takeovers=takeovers,
            reclaims=reclaims,
        )

    def _replay(self, saved: SavedTable) -> None:
        takeovers: list[Takeover] = []
        reclaims: list[Reclaim] = []
        for event in saved.events:
            index = event.data["seat"]
            if not isinstance(index, int) or not 0 <= index < len(self._seats):
                raise errors.StoreError(
                    N_("table {table!r}: a {kind} names seat {seat}"),
                    evidence={"table": self.id, "kind": event.kind, "seat": excerpt(index)},
                )
            if event.kind == "takeover":
                takeovers.append(seat_changes.Takeover(**event.data))
            else:
                reclaims.append(Reclaim(**event.data))
        history = [action_from_dict(data) for data in saved.actions]
        self._table = self._new_table(history=history, takeovers=takeovers, reclaims=reclaims)
        self._seq = len(saved.actions)
        if self._table.is_over:
            self._status = "over"  # the lobby stores its summary if it is not stored yet

    def _finish(self) -> None:
        """At start, a match found over without its stored entry: store it, and leave the open
        tables.  Its record is stored when it is first asked for."""
        self._store_finish(record=False)
        self._lobby._ended(self)

    def _store_finish(self, *, record: bool = True) -> None:
        """Store the lobby entry of this match, which is over (and its record)."""
        summary = self.summary()
        for seat in summary["seats"]:
            seat["connected"] = False  # the entry stays as the match ended, for everyone
        text = dumps(self.record()) if record else None
        self._lobby.store.finish(self.id, summary=summary, record=text)

    # -- expiry (a waiting table closes unplayed) -----------------------------------

    def _schedule_expiry(self) -> None:
        """Close this table if its maker never opens it, or it never starts (in time)."""
        if self._status != "waiting":
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop yet: Lobby.open_all schedules it
        lobby = self._lobby
        due = self.created + lobby.start_wait
        if self._seen is None:
            due = min(due, self.created + lobby.maker_wait)
        if self._expiry is not None:
            self._expiry.cancel()
        self._expiry = loop.call_later(max(0.0, due - lobby.clock()), self._check_expiry)

    def _check_expiry(self) -> None:
        self._expiry = None
        if self._status != "waiting":
            return
        now = self._lobby.clock()
        if self._seen is None and now >= self.created + self._lobby.maker_wait:
            self._expire("maker_absent")
        elif now >= self.created + self._lobby.start_wait:
            self._expire("not_started")
        else:
            self._schedule_expiry()

    def _expire(self, reason: str) -> None:
        self._commit(
            lambda: self._lobby.store.expire(self.id, reason), lambda _: self._expired(reason)
        )

    def _expired(self, reason: str) -> None:
        if self._status != "waiting":  # pragma: no cover - it started while the write waited
            return
        self._status = "expired"
        error = expired(self.id, reason, self._lobby.clock() - self.created)
        text = _dumps(
            {"type": "error", "code": error.code, "message": str(error), "values": error.values}
        )
        for client in (*(s.client for s in self._seats if s.client is not None), *self._spectators):
            client.send(text)
            client.close(4010)
        log.info("table %s closed unplayed: %s", self.id, reason)
        self._lobby._rooms.pop(self.id, None)

    def _taken_over(self, seat: _Seat) -> bool:
        return self._table is not None and seat.index in self._table.taken_over

    def _by_bot(self, seat: _Seat) -> bool:
        return seat.kind == "bot" or self._taken_over(seat)

    # -- reading ----------------------------------------------------------------------

    @property
    def status(self) -> Status:
        """``"waiting"`` for players, ``"playing"`` or ``"over"``."""
        return self._status

    @property
    def match(self) -> Match | None:
        """The match as it stands (None while waiting for players)."""
        return None if self._table is None else self._table.match

    @property
    def table(self) -> Table | None:
        """The :class:`~whist_ro.table.Table` that plays the match (None while waiting)."""
        return self._table

    @property
    def names(self) -> tuple[str | None, ...]:
        """Each seat's player name (None for a seat no one has taken yet)."""
        return tuple(s.name for s in self._seats)

    @property
    def takeovers(self) -> tuple[Takeover, ...]:
        """Every takeover so far (R-SEAT-1), as the table records them."""
        return () if self._table is None else self._table.takeovers

    @property
    def reclaims(self) -> tuple[Reclaim, ...]:
        """Every seat taken back so far (R-SEAT-1), as the table records them."""
        return () if self._table is None else self._table.reclaims

    @property
    def seq(self) -> int:
        """How many actions have been played."""
        return self._seq

    @property
    def paused(self) -> bool:
        """Whether the table waits for the database to take a write again."""
        return bool(self._pending) or (self._table is not None and self._table.held)

    def seats(self) -> list[dict[str, Any]]:
        """The seats as the lobby and the table show them (no token)."""
        taken = frozenset() if self._table is None else self._table.taken_over
        return [s.public(taken_over=s.index in taken) for s in self._seats]

    def summary(self) -> dict[str, Any]:
        """What the lobby lists about this table."""
        m = self.match
        return {
            "id": self.id,
            "variant": self.variant.name,
            "players": self.players,
            "status": self._status,
            "created": self.created,
            "seats": self.seats(),
            "round": None if m is None else len(m.rounds) + (0 if m.is_over else 1),
            "rounds": None if m is None or m.schedule.repeats else len(m.schedule),
            "totals": None if m is None else list(m.totals),
            "time_limit": self.time_limit,
            "grace": self.grace,
            "private": self.private,
        }

    def record(self) -> Record:
        """The match record (names, takeovers and reclaims included); only once it is over."""
        table = self._table
        if table is None or not table.is_over:
            raise errors.RoomError("no_record")
        return table.to_record(meta={"table": self.id, "server": "whist-ro serve"})

    # -- joining ----------------------------------------------------------------------

    def claim(self, name: object) -> tuple[int, str]:
        """Give the first free person's seat to ``name``: ``(seat, token)``."""
        if self._status != "waiting":
            raise errors.RoomError("already_started")
        name = _check_name(name)
        free = [s for s in self._seats if s.kind == "human" and s.token is None]
        if not free:
            raise errors.RoomError("table_full")
        seat = free[0]
        token = secrets.token_urlsafe(24)
        seat.name, seat.token = name, token_hash(token)
        self._lobby.store.update_seat(self.id, seat.row())
        if not any(s.kind == "human" and s.token is None for s in self._seats):
            self._start()
        else:
            self._broadcast_seats()
        return seat.index, token

    def start_now(self, token: object) -> None:
        """The table's maker fills the free seats with bots and starts the match."""
        seat = self._seat_of(token)
        if seat is None or seat.index != 0:
            raise errors.RoomError("not_creator")
        if self._status != "waiting":
            raise errors.RoomError("already_started")
        for s in self._seats:
            if s.kind == "human" and s.token is None:
                s.kind, s.name = "bot", _bot_name(s.bot, s.index)
                self._lobby.store.update_seat(self.id, s.row())
        self._start()

    def _start(self) -> None:
        self._table = self._new_table()
        self._status = "playing"
        self._lobby.store.set_status(self.id, "playing")
        self._broadcast_state()
        self._resume()

    def _resume(self) -> None:
        """After a start or a restart: start the grace period of every absent person, then play."""
        for seat in self._seats:
            self._watch_presence(seat)
        self._advance()

    def _seat_of(self, token: object) -> _Seat | None:
        if not isinstance(token, str) or not token:
            return None
        digest = token_hash(token)
        for seat in self._seats:
            if seat.token is not None and hmac.compare_digest(seat.token, digest):
                return seat
        return None

    # -- connections ------------------------------------------------------------------

    def connect(self, client: Client, token: object) -> int | None:
        """Attach ``client``: to the seat of ``token``, or as a spectator when token is None."""
        if token is None:
            if len(self._spectators) >= _MAX_SPECTATORS:
                raise errors.RoomError("table_full")
            self._spectators.add(client)
            self._welcome(client, None)
            return None
        seat = self._seat_of(token)
        if seat is None:
            raise errors.RoomError("bad_token")
        if seat.index == 0 and self._seen is None:  # the maker came: the table is wanted
            seen = self._seen = self._lobby.clock()
            self._commit(lambda: self._lobby.store.seen(self.id, seen), _nothing)
            self._schedule_expiry()
        old = seat.client
        seat.client = client
        if old is not None:
            old.send(_dumps({"type": "error", "code": "replaced", "message": say("replaced")}))
            old.close(4000)
        seat.timer = None
        self._welcome(client, seat.index)
        table = self._table
        made = None if table is None or self._status != "playing" else table.back(seat.index)
        if made is None:
            self._broadcast_seats()
        else:  # back within or after the grace period: the seat is theirs (a reclaim)
            self._then(made, lambda: self._reclaimed(seat))
        return seat.index

    def disconnect(self, client: Client) -> None:
        """Detach ``client``; a person's seat starts its grace period."""
        self._spectators.discard(client)
        for seat in self._seats:
            if seat.client is client:
                seat.client = None
                self._watch_presence(seat)
                self._broadcast_seats()

    def _watch_presence(self, seat: _Seat) -> None:
        table = self._table
        if (
            table is None
            or self._status != "playing"
            or seat.kind != "human"
            or self._taken_over(seat)
            or seat.client is not None
            or seat.timer is not None
        ):
            return
        reason = Sentence(MESSAGES["reason_dropped"], grace=self.grace)
        seat.timer = table.away(seat.index, grace=self.grace, reason=reason)
        seat.timer.add_done_callback(lambda task: self._grace_over(seat, task))

    def _grace_over(self, seat: _Seat, task: asyncio.Task[Any]) -> None:
        """The table's grace for ``seat`` ended: taken over, or back in time (cancelled)."""
        if seat.timer is task:
            seat.timer = None
        if task.cancelled():
            return
        if task.exception() is not None:
            log.error("table %s: seat %d's grace failed: %r", self.id, seat.index, task.exception())
        elif task.result() is not None:
            log.info("table %s: seat %d taken over: did not come back", self.id, seat.index)
            self._handed_over(seat)

    # -- seats changing hands (R-SEAT-1) ---------------------------------------------

    def _take_over(self, seat: _Seat, reason: Sentence) -> None:
        """The table hands ``seat`` to its fallback bot (stored first: ``_store_change``)."""
        table = self._table
        if table is None or self._taken_over(seat) or self._status != "playing":
            return

        def then() -> None:
            log.info("table %s: seat %d taken over: %s", self.id, seat.index, reason)
            self._handed_over(seat)

        self._then(table.take_over(seat.index, reason=reason), then)

    def reclaim(self, token: object) -> None:
        """The seat's player takes it back from the bot (R-SEAT-1)."""
        seat = self._seat_of(token)
        if seat is None:
            raise errors.RoomError("bad_token")
        if not self._taken_over(seat):
            raise errors.RoomError("not_taken_over")
        self._reclaim(seat)

    def _reclaim(self, seat: _Seat) -> None:
        table = self._table
        if table is None or not self._taken_over(seat) or table.is_over:
            return

        self._then(table.reclaim(seat.index), lambda: self._reclaimed(seat))

    def _reclaimed(self, seat: _Seat) -> None:
        log.info("table %s: seat %d reclaimed", self.id, seat.index)
        self._handed_over(seat)

    def _then(self, made: object, then: Callable[[], None]) -> None:
        """``then()`` once the table has made a change: now, or when its task is done."""
        if not isinstance(made, asyncio.Task):
            then()
            return

        def done(task: asyncio.Task[Any]) -> None:
            if task.cancelled():
                return  # the room closed
            if task.exception() is not None:
                log.error("table %s: a change failed: %r", self.id, task.exception())
                return
            then()

        made.add_done_callback(done)

    def _store_change(self, change: Change) -> asyncio.Future[None] | None:
        """The table's ``before_telling``: store ``change`` before anyone hears of it.

        None when it is stored at once; while the database refuses writes (the
        table paused), a future that is done once it is stored.
        """
        store = self._lobby.store
        write: Callable[[], object]
        if isinstance(change, Step):
            seq, action = self._seq + 1, change.action.to_dict()
            write = lambda: store.add_action(self.id, seq, action)  # noqa: E731
        else:
            kind: Literal["takeover", "reclaim"] = (
                "takeover" if isinstance(change, seat_changes.Takeover) else "reclaim"
            )
            at, data = self._seq, change.to_dict()
            write = lambda: store.add_event(self.id, at, kind, data)  # noqa: E731
        waiting: list[asyncio.Future[None]] = []
        stored = False

        def then(_: object) -> None:
            nonlocal stored
            stored = True
            if waiting:
                waiting[0].set_result(None)

        self._commit(write, then)
        if stored:
            return None
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiting.append(future)
        if isinstance(change, Step) and asyncio.current_task() is self._bot_task:
            self._bot_storing = True
        return future

    def _handed_over(self, seat: _Seat) -> None:
        """Tell everyone who plays ``seat`` now; ask its new player when it is to act."""
        self._broadcast_seats()
        m = self.match
        if m is None or m.is_over:
            return
        if m.to_act == seat.index:
            self._advance()  # a reclaim drops the bot's pending decision; the person decides
        elif self._bot_task is None and self._by_bot(self._seats[m.to_act]):  # type: ignore[index]
            self._advance()  # a bot that waited for this change to be stored plays on

    # -- playing ----------------------------------------------------------------------

    def act(self, token: object, data: object, *, seq: object) -> None:
        """The seat of ``token`` takes the action ``data`` (``Action.to_dict()``).

        ``seq`` is the number of actions played when the player chose it
        (:attr:`seq` as the player last saw it): an action meant for an
        earlier position is refused (``stale``) rather than played in this one.
        """
        seat = self._seat_of(token)
        if seat is None:
            raise errors.RoomError("bad_token")
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
            raise errors.RoomError(
                "bad_message",
                detail="an action needs its seq, the number of actions played before it, a "
                f"whole number from 0{'' if seq is None else f', not {excerpt(seq)}'}",
            )
        m = self.match
        if m is None or self._status == "waiting":
            raise errors.RoomError(
                "not_started",
                waiting=sum(s.kind == "human" and s.token is None for s in self._seats),
            )
        if self._taken_over(seat):
            raise errors.RoomError("taken_over")
        if self.paused:
            raise errors.RoomError("paused", **self._pause_values())
        if seq != self.seq:
            raise errors.RoomError("stale", seq=self.seq)
        if not isinstance(data, Mapping):
            raise errors.RoomError("bad_message", detail="the action must be an object")
        action = action_from_dict(data)
        if action.seat != seat.index:
            raise IllegalActionError(
                f"seat {seat.index} cannot act for seat {action.seat} (R-SEAT-1)",
                rule="R-SEAT-1",
                seat=seat.index,
                action=action,
            )
        if type(action) is Play and action.card is not None and m.variant.blind_one_card != "off":
            # A card named in a blind round is refused by what the seat sees (R-VIEW-3), as
            # its view and the engine protocol refuse it: "it does not hold Ad" would tell
            # it a card it is not, and a right guess would play a card it cannot see (R-VIEW-4).
            refused = m.view(seat.index).refusal(action)
            if refused is not None:
                raise refused
        assert self._table is not None
        if self._unwinding is not None and not self._unwinding.done():
            # The seat came back while its bot was deciding: the table leaves the bot's
            # step once that task unwinds, and then plays this action. The rule book
            # refuses it now, as the table would; the same action sent again (a double
            # click) is the one already waiting.
            refused = m.refusal(action)
            if refused is not None:
                raise refused
            if self._queued is not None:
                if self._queued == action:
                    return
                raise errors.RoomError("stale", seq=self.seq)
            self._queued = action
            self._unwinding.add_done_callback(lambda _: self._play_queued())
            return
        # The action as sent: "my only card" is refused by the phase or the turn, never by
        # naming the card, which a blind seat cannot see (R-VIEW-4); the record names it.
        self._then(self._table.play(action), self._applied)  # stored before anyone is told

    def _play_queued(self) -> None:
        """Play the action that waited for a cancelled bot turn to leave the table."""
        action, self._queued = self._queued, None
        table = self._table
        if action is None or table is None or self._status != "playing" or table.is_over:
            return
        try:
            self._then(table.play(action), self._applied)
        except WhistError as error:  # the seat changed hands again meanwhile: it is asked anew
            log.info("table %s: a waiting action was not played: %s", self.id, error)
            self._advance(broadcast=True)

    def _applied(self) -> None:
        """The table has played (and stored) an action: tell everyone."""
        after = self.match
        assert after is not None
        self._seq += 1
        if self._decision_timer is not None:
            self._decision_timer.cancel()
            self._decision_timer = None
        self._deadline = None
        if after.is_over:
            self._status = "over"
            # Stored, then it leaves the open tables for the finished ones' cache.
            self._commit(self._store_finish, lambda _: self._lobby._ended(self))
            for seat in self._seats:
                seat.timer = None
            assert self._table is not None
            self._table.close()  # its graces, and its worker thread if a bot ran in it
        self._advance(broadcast=True)

    # -- the database refusing a write ------------------------------------------------

    def _commit(self, write: Callable[[], T], then: Callable[[T], None]) -> None:
        """Run the database ``write``, then ``then`` with what it returned.

        When the database refuses (locked past the busy timeout, the disk
        full: ``sqlite3.OperationalError``) the table pauses: the write
        waits, with every later one, in order, and is tried again with a
        back-off until it is stored; only then does its ``then`` run.  So
        nothing is told before it is stored, and nothing stored is lost.
        ``write`` reads the table as it stands when it runs.
        """
        if self._pending:
            self._pending.append((write, then))
            return
        try:
            result = write()
        except sqlite3.OperationalError as error:
            self._pending.append((write, then))
            self._pause(error)
            return
        then(result)

    def _pause(self, error: sqlite3.OperationalError) -> None:
        log.error("table %s: paused, the database refused a write: %s", self.id, error)
        if self._decision_timer is not None:  # nobody can act now: the clock stops
            self._decision_timer.cancel()
            self._decision_timer = None
            self._deadline = None
        self._tell_paused(str(error), RETRY_FIRST)
        if self._retry_task is None:
            self._retry_task = asyncio.get_running_loop().create_task(self._retry())

    def _pause_values(self) -> dict[str, Any]:
        notice = self._pause_notice or {}
        values: dict[str, Any] = notice.get("values", {})
        return values

    def _tell_paused(self, reason: str, retry_in: float) -> None:
        values = {"reason": clip(reason), "retry_in": retry_in}
        self._pause_notice = {
            "type": "paused",
            "code": "paused",
            "message": say("paused", **values),
            "values": values,
        }
        text = _dumps(self._pause_notice)
        self._send_all(lambda seat: text)

    async def _retry(self) -> None:
        """Try the oldest refused write again, waiting longer each time, until none waits."""
        delay = RETRY_FIRST
        try:
            while self._pending:
                await asyncio.sleep(delay)  # the back-off
                write, then = self._pending[0]
                try:
                    result = write()
                except sqlite3.OperationalError as error:
                    delay = min(max(delay, RETRY_FIRST) * 2, RETRY_MOST)
                    log.warning("table %s: still paused: %s", self.id, error)
                    self._tell_paused(str(error), delay)
                    continue
                self._pending.popleft()
                delay = 0  # the next waiting write goes at once
                if self._pause_notice is not None:
                    self._resumed()
                then(result)
        finally:
            self._retry_task = None

    def _resumed(self) -> None:
        """The database takes writes again: say so, and start the clock of a person to act."""
        log.info("table %s: resumed", self.id)
        self._pause_notice = None
        text = _dumps({"type": "resumed", "seq": self._seq})
        self._send_all(lambda seat: text)
        m = self.match
        playing = m is not None and not m.is_over and self._status == "playing"
        if playing and self.time_limit and not self._by_bot(self._seats[m.to_act]):  # type: ignore[union-attr,index]
            self._advance()  # the person's clock starts again

    def _advance(self, *, broadcast: bool = False) -> None:
        """Ask the seat to act: start its clock, or its bot; then tell everyone."""
        self._turn += 1
        if self._bot_storing:  # the bot's step is decided and being stored: it ends itself
            if broadcast:
                self._broadcast_update()
            return
        if self._bot_task is not None:
            self._bot_task.cancel()  # the table is left as it was, once the task unwinds
            self._unwinding = self._bot_task
            self._bot_task = None
        m = self.match
        if m is not None and not m.is_over and self._status == "playing":
            seat = self._seats[m.to_act]  # type: ignore[index]
            if self._by_bot(seat):
                self._bot_task = asyncio.get_running_loop().create_task(self._bot_turn())
            elif self.time_limit:
                loop = asyncio.get_running_loop()
                self._deadline = loop.time() + self.time_limit
                if self._decision_timer is not None:
                    self._decision_timer.cancel()
                self._decision_timer = loop.call_later(
                    self.time_limit, self._too_slow, seat, self._turn
                )
        if broadcast:
            self._broadcast_update()
        elif self._deadline is not None:
            self._broadcast_state()

    def _too_slow(self, seat: _Seat, turn: int) -> None:
        self._decision_timer = None
        if turn == self._turn and not self._by_bot(seat) and self._status == "playing":
            assert self.time_limit is not None
            self._take_over(seat, Sentence(MESSAGES["reason_slow"], limit=self.time_limit))

    async def _bot_turn(self) -> None:
        """The table asks the bot of the seat to act: its limit, its takeover, its pace."""
        table = self._table
        assert table is not None
        before = len(table.takeovers)
        try:
            await table.astep()
        except TableBusyError:  # a change waits to be stored: its end plays on
            return
        except Exception:  # a fault of the room's, never the bot's: the table took those
            log.exception("table %s: the table could not play the bot's turn", self.id)
            return
        finally:
            self._bot_storing = False
            if self._bot_task is asyncio.current_task():
                self._bot_task = None
        for takeover in table.takeovers[before:]:
            log.warning("table %s: seat %d taken over: %s", self.id, takeover.seat, takeover.reason)
        if len(table.takeovers) != before:
            self._broadcast_seats()
        self._applied()

    # -- messages ---------------------------------------------------------------------

    def _welcome(self, client: Client, seat: int | None) -> None:
        client.send(
            _dumps(
                {
                    "type": "welcome",
                    "protocol": PROTOCOL,
                    "table": self.id,
                    "seat": seat,
                    "variant": self.variant.to_dict(),
                    "players": self.players,
                    "time_limit": self.time_limit,
                    "grace": self.grace,
                }
            )
        )
        client.send(_dumps(self._state(seat)))
        if self._pause_notice is not None:
            client.send(_dumps(self._pause_notice))

    def _turn_data(self, m: Match, seat: int | None, *, blind: object) -> dict[str, Any]:
        """What only the seat to act needs: the rule that stops its other cards or bids.

        ``blind`` is the view's ``blind`` (no card is named in a blind round).
        """
        if seat is None or m.to_act != seat or m.is_over:
            return {}
        r = m.round
        if r.phase is Phase.BIDDING:
            forbidden = r.forbidden_bid()  # the rule book: None unless the dealer is to bid
            return {} if forbidden is None else {"forbidden_bid": forbidden, "rule": "R-BID-2"}
        if blind is not None:
            return {}
        legal = {a.card for a in m.legal_actions() if isinstance(a, Play)}
        blocked = [c for c in r.remaining[seat] if c not in legal]
        if not blocked:
            return {}
        # The rule book says which clause excludes a card; every card outside the
        # playable set is excluded by the same clause.
        refusal = r.refusal(Play(seat=seat, card=blocked[0]))
        if refusal is None:  # pragma: no cover - the rules refuse every card not legal
            return {}
        return {"blocked": [str(c) for c in blocked], "rule": refusal.rule, "why": str(refusal)}

    def _parts(self, m: Match, seat: int | None) -> tuple[dict[str, Any], str, dict[str, Any]]:
        """The seat's view of ``m`` as ``view_data`` writes it, in two parts.

        Every seat's view of one position shares all but four keys (``_OWN``):
        that shared part is built and encoded once per action (the match part
        once per round), and each seat adds its own.  Returns the shared part
        as data and as JSON text, and the seat's own part (a spectator's when
        ``seat`` is None).  (tests/test_web_socket.py holds every message to the
        library's ``view_of(match, seat).to_dict(past=False)``.)
        """
        key = (len(m.rounds), m.is_over)
        if self._match_part[0] != key:
            self._match_part = (key, view_data(view_of(m, 0))["match"])
        r = m.round
        view = public_view(r) if seat is None else view_of(r, seat)
        cached_state, shared, text = self._shared_view
        if cached_state is not m:
            shared = {k: v for k, v in view_data(view).items() if k not in _OWN}
            shared["names"] = list(m.names)
            shared["match"] = self._match_part[1]
            text = _dumps(shared)
            self._shared_view = (m, shared, text)
        return shared, text, _own_part(view)

    def _view(self, m: Match, seat: int | None) -> dict[str, Any]:
        """``view_data`` of the seat's match view (a spectator's when ``seat`` is None)."""
        shared, _, own = self._parts(m, seat)
        return {**shared, **own}

    def _timing(self) -> float | None:
        if self._deadline is None:
            return None
        return max(0.0, self._deadline - asyncio.get_running_loop().time())

    def _state(self, seat: int | None) -> dict[str, Any]:
        m = self.match
        data: dict[str, Any] = {
            "type": "state",
            "status": self._status,
            "seq": self.seq,
            "seats": self.seats(),
            "takeovers": [t.to_dict() for t in self.takeovers],
            "reclaims": [r.to_dict() for r in self.reclaims],
        }
        if m is None:
            return data
        data["view"] = self._view(m, seat)
        data["score_sheet"] = [score_row_dict(row) for row in m.score_sheet]
        data["last_trick"] = _last_trick(m)
        data["turn"] = self._turn_data(m, seat, blind=data["view"]["blind"])
        data["time_left"] = self._timing()
        if m.is_over:
            data["result"] = MatchResult.from_match(m).to_dict()
        return data

    def _send_all(self, build: Callable[[int | None], str]) -> None:
        """Send each seat's message (``build(seat)``), and the spectators' (``build(None)``)."""
        for seat in self._seats:
            if seat.client is not None:
                seat.client.send(build(seat.index))
        if self._spectators:
            text = build(None)
            for client in tuple(self._spectators):
                client.send(text)

    def _broadcast_state(self) -> None:
        self._send_all(lambda seat: _dumps(self._state(seat)))

    def _broadcast_seats(self) -> None:
        text = _dumps(
            {
                "type": "seats",
                "status": self._status,
                "seats": self.seats(),
                "takeovers": [t.to_dict() for t in self.takeovers],
                "reclaims": [r.to_dict() for r in self.reclaims],
            }
        )
        for seat in self._seats:
            if seat.client is not None:
                seat.client.send(text)
        for client in tuple(self._spectators):
            client.send(text)

    def _broadcast_update(self) -> None:
        m = self.match
        assert m is not None
        step = m.last_step
        assert step is not None
        shared: dict[str, Any] = {
            "type": "update",
            "status": self._status,
            "seq": self.seq,
            "step": step.to_dict(),
            "time_left": self._timing(),
        }
        if step.round_over:
            shared["row"] = score_row_dict(m.score_sheet[-1])
            # The finished round in the notation, for the summary's "could the bids have been
            # made?": every card in it has been played face up, so it tells no seat anything
            # it has not seen (R-VIEW-4). A house variant has no notation: no text, no offer.
            with contextlib.suppress(RecordError):
                shared["round_text"] = format_round(m.rounds[-1])
        if m.is_over:
            shared["result"] = MatchResult.from_match(m).to_dict()

        # The JSON is put together from text: the parts every seat shares are
        # encoded once per action, each seat's own part and turn once per seat.
        head = _dumps(shared)[:-1]

        def build(seat: int | None) -> str:
            view_shared, view_text, own = self._parts(m, seat)
            turn = _dumps(self._turn_data(m, seat, blind=view_shared["blind"]))
            return f'{head},"view":{view_text[:-1]},{_dumps(own)[1:]},"turn":{turn}}}'

        self._send_all(build)

    def close(self) -> None:
        """Stop this room's timers and bot (the server is shutting down)."""
        for seat in self._seats:
            seat.timer = None  # the table's graces end with it (close, below)
        if self._decision_timer is not None:
            self._decision_timer.cancel()
        if self._bot_task is not None:
            self._bot_task.cancel()
        if self._table is not None:
            self._table.close()
        if self._expiry is not None:
            self._expiry.cancel()
            self._expiry = None
        if self._retry_task is not None:
            self._retry_task.cancel()

    def __repr__(self) -> str:
        return f"<Room {self.id} {self.variant.name} {self.players} seats, {self._status}>"


def _nothing(_: object) -> None:
    """What follows a write that changes nothing in memory."""


def _last_trick(m: Match) -> dict[str, Any] | None:
    """The match's last finished trick, with its round's and its own 1-based number.

    Its cards were all played face up: a spectator sees them too.
    """
    past = m.rounds
    # The round in play is numbered after the finished ones; once the match is over it
    # is the last of them (as the view's ``match.round`` counts).
    if m.round.tricks:
        return _trick_data(
            m.round, len(past) if past and m.round.phase is Phase.OVER else len(past) + 1
        )
    for number in range(len(past), 0, -1):
        if past[number - 1].tricks:
            return _trick_data(past[number - 1], number)
    return None


def _trick_data(r: Round, number: int) -> dict[str, Any]:
    t = r.tricks[-1]
    return {
        "leader": t.leader,
        "cards": [str(c) for c in t.cards],
        "winner": trick_winner(t, r.trump),
        "round": number,
        "trick": len(r.tricks),
    }


def expired(table_id: str, reason: str, after: float) -> RoomError:
    """The refusal for a table closed unplayed (``reason`` as stored) ``after`` seconds.

    >>> str(expired("t1", "maker_absent", 600))
    "table 't1' was closed unplayed: its maker did not open it within 600 s"
    """
    return errors.RoomError(
        _EXPIRED.get(reason, "expired_unstarted"),
        table=clip(table_id),
        reason=reason,
        after=round(after),
    )


def _check_name(name: object) -> str:
    if isinstance(name, str):
        name = name.strip()
    try:
        return check_names([name], players=1, field="name")[0]
    except ConfigurationError as error:
        if "char" in error.evidence:  # a bidirectional control: say which and where
            char, position = error.evidence["char"], error.evidence["position"]
            raise errors.RoomError(
                "bad_request", detail=str(error), char=char, position=position
            ) from None
        raise errors.RoomError(
            "bad_request",
            detail=f"a name is printable text of 1 to {MAX_NAME} characters, not {excerpt(name)}",
        ) from None


class Lobby:
    """Every table of one server, and what they share: the store, the bots' threads, settings.

    ``bot_delay`` is the least time a bot takes to act, so people can follow
    the play (0 in tests and benchmarks); ``max_tables`` caps the tables
    waiting or playing at once, ``per_address`` the tables waiting for
    players that one address has made, and ``open_per_address`` those it
    has made waiting or playing (a table with bots in every other seat
    starts at once and never waits).  A waiting table closes unplayed when
    its maker has not opened it ``maker_wait`` seconds after making it, or
    it has not started ``start_wait`` seconds after.  A finished table is
    served from its stored entry and record; ``finished_cache`` of them are
    kept rebuilt in memory for the people watching them; with
    ``keep_finished`` (days) older ones are deleted at start (before the
    others are rebuilt) and every hour.
    ``clock`` is the wall clock (``time.time``).

    >>> from whist_ro.web.store import Store
    >>> Lobby(Store(":memory:")).rooms()
    []
    """

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.6,
        max_tables: int = 500,
        per_address: int = 5,
        open_per_address: int = 20,
        maker_wait: float = 600.0,
        start_wait: float = 3600.0,
        keep_finished: float | None = None,
        finished_cache: int = 32,
        executor: Executor | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.max_tables = max_tables
        self.per_address = per_address
        self.open_per_address = open_per_address
        self.maker_wait = maker_wait
        self.start_wait = start_wait
        self.keep_finished = keep_finished
        self.clock = clock
        self.executor = executor or ThreadPoolExecutor(
            max_workers=4, thread_name_prefix="whist-ro-bot"
        )
        self._rooms: dict[str, Room] = {}  # the tables waiting or playing
        # Finished tables rebuilt for someone watching them, the least recently asked first.
        self._finished: OrderedDict[str, Room] = OrderedDict()
        self._cache = finished_cache
        self._damaged: list[str] = []
        self._loaded = False
        self._sweeper: asyncio.TimerHandle | None = None

    def load(self) -> None:
        """Rebuild every stored table that is not over from the file (once; :meth:`open_all`
        starts them).

        Each table is read and rebuilt on its own: one that cannot be (a seed
        that is not a number, a variant that is not JSON, an event for a seat
        the table does not have) is logged, listed as damaged and skipped, and
        the others open.  A finished table is read from its stored entry when
        asked for, not rebuilt; one without it (from a layout-1 file) is
        replayed this once and its entry stored (its record is stored when
        first downloaded).  A file SQLite
        cannot read at all is a :class:`~whist_ro.web.store.StoreError`.

        >>> from whist_ro.web.store import Store
        >>> lobby = Lobby(Store(":memory:"))
        >>> lobby.load(); lobby.damaged()
        []
        """
        if self._loaded:
            return
        self._loaded = True
        try:
            self.retire()  # first: a table about to be deleted is not rebuilt
            for table_id in self.store.ids(to_open=True):
                self._load_one(table_id)
        except sqlite3.DatabaseError as error:
            raise errors.StoreError(
                N_("the database {path!r} cannot be read: {reason}"),
                evidence={"path": self.store.path, "reason": str(error)},
            ) from None

    def _load_one(self, table_id: str) -> None:
        try:
            room = Room(self, self.store.load(table_id))
            if room.status == "over":
                room._finish()  # stored once, read from then on
                return
        except sqlite3.DatabaseError:
            raise  # the file itself, not this table: nothing can be served from it
        except Exception as error:  # any damage to this table's rows stops this table only
            log.error("table %s cannot be rebuilt: %s: %s", table_id, type(error).__name__, error)
            self._damaged.append(table_id)
            return
        self._rooms[table_id] = room

    def open_all(self) -> None:
        """Rebuild every stored table (after a start or a crash) and start playing on."""
        self.load()
        self._sweeper = asyncio.get_running_loop().call_later(_SWEEP, self._sweep)
        for room in list(self._rooms.values()):
            if room.status == "playing":
                room._resume()
                room._broadcast_state()
            else:
                room._schedule_expiry()

    def _sweep(self) -> None:
        """Retire old tables now, and again in an hour."""
        self.retire()
        self._sweeper = asyncio.get_running_loop().call_later(_SWEEP, self._sweep)

    def retire(self) -> tuple[str, ...]:
        """Delete the tables that ended longer ago than they are kept: their ids.

        A finished table is kept ``keep_finished`` days (for ever when None),
        an expired one a day (or ``keep_finished`` days, when shorter).

        >>> from whist_ro.web.store import Store
        >>> Lobby(Store(":memory:"), keep_finished=30).retire()
        ()
        """
        now = self.clock()
        kept = _EXPIRED_KEPT
        before = float("-inf")
        if self.keep_finished is not None:
            before = now - self.keep_finished * 86_400.0
            kept = min(kept, self.keep_finished * 86_400.0)
        gone = self.store.retire(before=before, expired_before=now - kept)
        for table_id in gone:
            self._finished.pop(table_id, None)
        if gone:
            log.info("retired %d table(s) that ended before their keeping time", len(gone))
        return gone

    def _damage(self, table_id: str, error: StoreError) -> None:
        """A finished table's stored entry cannot be read: logged once, listed as damaged."""
        if table_id not in self._damaged:
            log.error("%s", error)
            self._damaged.append(table_id)

    def damaged(self) -> list[str]:
        """The ids of the stored tables that could not be rebuilt (the log says why)."""
        return list(self._damaged)

    def _ended(self, room: Room) -> None:
        """``room``'s match is over: it leaves the open tables for the bounded cache."""
        self._rooms.pop(room.id, None)
        self._finished[room.id] = room
        self._finished.move_to_end(room.id)
        while len(self._finished) > self._cache:
            self._finished.popitem(last=False)

    def create(
        self,
        *,
        variant: object,
        seats: Sequence[object],
        name: object,
        fallback: object = "rule",
        time_limit: object = None,
        grace: object = 30.0,
        address: str | None = None,
        private: object = False,
    ) -> tuple[Room, int, str]:
        """A new table: ``seats`` holds ``"human"`` or a bot name per seat; seat 0 is the maker's.

        ``address`` is the maker's (the lobby counts each address's waiting
        tables).  A ``private`` table (``True``; ``False`` by default) is
        reached only through its invite: :meth:`listing` never shows it, nor
        :meth:`count` counts it.  Returns the room, the maker's seat (0) and
        its token.
        """
        active = sum(1 for r in self._rooms.values() if r.status != "over")
        if active >= self.max_tables:
            raise errors.RoomError("too_many_tables", limit=self.max_tables)
        v = _variant(variant)
        if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
            raise errors.RoomError("bad_request", detail="seats must be a list")
        if (refused := player_count_refusal(v, len(seats), field="seats")) is not None:
            raise errors.RoomError("bad_request", detail=str(refused))
        if not seats or seats[0] != "human":
            raise errors.RoomError(
                "bad_request", detail="seat 0 is the maker's: it must be 'human'"
            )
        if not isinstance(private, bool):
            raise errors.RoomError(
                "bad_request",
                detail=f"private must be true or false, not {clip(repr(private))}",
                field="private",
            )
        fallback = check_bot(fallback, v)
        rows = []
        for index, kind in enumerate(seats):
            if kind == "human":
                rows.append(SeatRow(seat=index, kind="human", bot=fallback))
            else:
                bot = check_bot(kind, v)
                rows.append(SeatRow(seat=index, kind="bot", bot=bot, name=_bot_name(bot, index)))
        if address is not None:
            # Waiting or playing: a table with bots in the other seats starts at once, and
            # would otherwise let one address fill max_tables for everyone.
            mine = sum(1 for r in self._rooms.values() if r.address == address)
            if mine >= self.open_per_address:
                raise errors.RoomError("too_many_open", limit=self.open_per_address)
        if address is not None and any(row.kind == "human" for row in rows[1:]):
            # It will wait for players: count what this address has waiting already.
            waiting = sum(
                1 for r in self._rooms.values() if r.status == "waiting" and r.address == address
            )
            if waiting >= self.per_address:
                raise errors.RoomError("too_many_waiting", limit=self.per_address)
        table = TableRow(
            id=secrets.token_urlsafe(9),
            created=self.clock(),
            variant=v.to_dict(),
            players=len(seats),
            seed=secrets.randbits(63),
            time_limit=_seconds(time_limit, field="time_limit", high=_MAX_LIMIT, allow_none=True)
            or None,
            grace=_seconds(grace, field="grace", high=_MAX_GRACE, allow_none=False) or 0.0,
            status="waiting",
            address=address,
            private=private,
        )
        checked_name = _check_name(name)
        self.store.create_table(table, rows)
        room = Room(self, SavedTable(table=table, seats=tuple(rows), actions=(), events=()))
        self._rooms[table.id] = room
        seat, token = room.claim(checked_name)
        room._schedule_expiry()
        return room, seat, token

    def get(self, table_id: str) -> Room:
        """The room of ``table_id``, or a :class:`RoomError`: ``no_table``, ``table_damaged``,
        or ``expired_unopened`` / ``expired_unstarted`` for a table closed unplayed.

        A finished table is rebuilt from the store (for people watching it) and
        kept in a cache of ``finished_cache`` tables.
        """
        room = self._rooms.get(table_id) or self._finished.get(table_id)
        if room is not None:
            if room.status == "over":
                self._finished.move_to_end(table_id)
            return room
        if table_id in self._damaged:
            raise errors.RoomError("table_damaged", table=clip(table_id))
        status = self.store.status(table_id)
        if status is not None and status[0] == "expired":
            ended = self.store.ended(table_id)
            raise expired(table_id, status[1] or "", 0.0 if ended is None else ended[1] - ended[0])
        if status is None or status[0] != "over":
            raise errors.RoomError("no_table", table=clip(table_id))
        try:
            room = Room(self, self.store.load(table_id))
            if room.match is None or not room.match.is_over:
                raise errors.StoreError(
                    N_("table {table!r} is marked over, but its match is not"),
                    evidence={"table": table_id},
                )
        except Exception as error:  # as at start: this table's rows, not the server
            log.error("table %s cannot be rebuilt: %s: %s", table_id, type(error).__name__, error)
            raise errors.RoomError("table_damaged", table=clip(table_id)) from None
        self._ended(room)
        return room

    def entry(self, table_id: str) -> dict[str, Any]:
        """What the lobby lists about ``table_id`` (a finished one's is read, not rebuilt).

        >>> from whist_ro.web.store import Store
        >>> Lobby(Store(":memory:")).entry("nope")
        Traceback (most recent call last):
        ...
        whist_ro.errors.RoomError: there is no table 'nope'
        """
        room = self._rooms.get(table_id)
        if room is not None:
            return room.summary()
        if table_id in self._damaged:
            raise errors.RoomError("table_damaged", table=clip(table_id))
        try:
            stored = self.store.summary(table_id)
        except errors.StoreError as error:
            self._damage(table_id, error)
            raise errors.RoomError("table_damaged", table=clip(table_id)) from None
        return stored if stored is not None else self.get(table_id).summary()

    def record_text(self, table_id: str) -> str:
        """The finished match's record as JSON (stored when it ended), else a refusal.

        >>> import asyncio
        >>> from whist_ro.errors import RoomError
        >>> from whist_ro.web.store import Store
        >>> async def demo():
        ...     lobby = Lobby(Store(":memory:"))
        ...     room, _, _ = lobby.create(variant="romanian", seats=["human", "human", "rule"],
        ...                               name="Ana")
        ...     try:
        ...         lobby.record_text(room.id)
        ...     except RoomError as error:
        ...         return error.code, lobby.count()
        >>> asyncio.run(demo())
        ('no_record', 1)
        """
        text = None if table_id in self._rooms else self.store.record(table_id)
        if text is None:
            room = self.get(table_id)  # no_table, table_damaged or expired ...
            if room.status != "over":
                raise errors.RoomError("no_record")  # ... or not over yet
            text = dumps(room.record())  # a finished table from layout 1: stored once
            self.store.keep_record(table_id, text)
        return text

    def rooms(self) -> list[Room]:
        """The tables waiting or playing, oldest first."""
        return sorted(self._rooms.values(), key=lambda r: r.created)

    def listing(self, *, offset: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
        """The lobby's list, ``limit`` entries from ``offset``: the tables waiting for players,
        then those playing, then the finished ones, each newest first; never a private table.

        Finished tables are read from their stored entries, a page at a time.

        >>> from whist_ro.web.store import Store
        >>> Lobby(Store(":memory:")).listing(offset=0, limit=10)
        []
        """
        order = {"waiting": 0, "playing": 1, "over": 2}  # over: its entry not stored yet
        rooms = sorted(
            (r for r in self._rooms.values() if not r.private),
            key=lambda r: (order[r.status], -r.created),
        )
        end = None if limit is None else offset + limit
        out = [r.summary() for r in rooms[offset:end]]
        more = -1 if limit is None else limit - len(out)
        if more != 0:
            out += self.store.finished(
                offset=max(0, offset - len(rooms)), limit=more, damaged=self._damage
            )
        return out

    def count(self) -> int:
        """How many tables :meth:`listing` holds in all, private ones left out (see
        :meth:`record_text`)."""
        listed = sum(1 for r in self._rooms.values() if not r.private)
        return listed + self.store.count_finished()

    def close(self) -> None:
        """Stop every room's timers and bots, then the bots' threads."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None
        for room in self._rooms.values():
            room.close()
        if isinstance(self.executor, ThreadPoolExecutor):
            self.executor.shutdown(wait=False, cancel_futures=True)


def _variant(value: object) -> Variant:
    try:
        if isinstance(value, str):
            return get(value)
        if isinstance(value, Mapping):
            return Variant.from_dict(value)
    except ConfigurationError as error:
        # The variant's own refusal is the cause: the server renders it in the page's
        # language (web.app), and the page names the field with its own label.
        raise errors.RoomError("bad_house_rule", field=error.field, detail=str(error)) from error
    except WhistError as error:
        raise errors.RoomError("bad_request", detail=str(error)) from None
    raise errors.RoomError(
        "bad_request", detail="variant must be a preset name or a variant object"
    )
