"""Running a tournament: the matches, through any executor, and the checks of its arguments.

>>> import whist_ro as wr
>>> from whist_ro.bots import RandomBot
>>> len(tournament(wr.variants.ROMANIAN, [RandomBot] * 3, seeds=[1], workers=0).matches)
1
"""

from __future__ import annotations

import collections
import contextvars
import hashlib
import itertools
import pickle
import queue
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, Final

import attrs

from whist_ro._check import excerpt, is_whole, items, valid_text
from whist_ro._check import executor as check_executor
from whist_ro._check import workers as check_workers
from whist_ro._immutable import Immutable
from whist_ro.actions import Action
from whist_ro.agents import BotFactory
from whist_ro.engine.match import Match
from whist_ro.errors import ConfigurationError, EngineError
from whist_ro.locale import N_
from whist_ro.schedule import check_players
from whist_ro.table import Table
from whist_ro.tournaments.entrant import Entrant, entrant_of, field_of
from whist_ro.tournaments.results import MatchRow, TournamentResult, gather
from whist_ro.variants import Variant, check_variant

__all__ = ["MAX_SEEDS", "building", "seat_names", "tournament"]

MAX_SEEDS: Final = 1_000_000
"""The most seeds (matches, or duplicate sets) one :func:`tournament` plays."""
# Futures in flight at once: enough to keep a large cluster busy, few enough
# that a tournament of millions of matches does not hold millions of futures.
_WINDOW: Final = 1024


# -- one match, wherever it runs -----------------------------------------------------


@attrs.frozen(kw_only=True)
class _Job(Immutable):
    """Everything one match needs; it pickles, so it can travel to a worker."""

    index: int
    set_index: int
    rotation: int
    seed: int | str
    variant: Variant
    entrants: tuple[Entrant, ...]
    fallback: Entrant | None
    time_limit: float | None
    records: bool = False


def _close(agents: Iterable[object]) -> None:
    """Close the agents that hold a resource (an engine's process): their match is over."""
    for agent in agents:
        close = getattr(agent, "close", None)
        if callable(close):
            close()


def _derive(*parts: object) -> int:
    # A 63-bit seed from the parts, the same in every process (hash() is salted per process).
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class _Unbuilt:
    """The agent of a seat whose bot could not be built (or its engine started) for this match.

    It fails at its first turn with the error the build raised, so the
    table hands the seat to the fallback before the seat has done
    anything, and the takeover's reason is that error (R-SEAT-1): the
    failure costs this seat in this match, as any other failure of an
    agent does, and the tournament goes on.
    """

    __slots__ = ("error", "name")

    def __init__(self, name: str, error: Exception) -> None:
        self.name = name
        self.error = error

    def act(self, view: object) -> Action:
        raise self.error


_BUILDING: Final[contextvars.ContextVar[tuple[int, int] | None]] = contextvars.ContextVar(
    "whist_ro_building", default=None
)


def building() -> tuple[int, int] | None:
    """``(match index, seat)`` whose agent a tournament is building right now, else None.

    A bot factory may read it while it is called for a match (an
    :class:`~whist_ro.remote.EngineCommand` names its engine's log after
    it); the match index counts from 0, as :attr:`MatchRow.index` does.

    >>> building() is None
    True
    """
    return _BUILDING.get()


def _build(entrant: Entrant, *, seed: int) -> Any:
    """``entrant``'s agent for one match, or an :class:`_Unbuilt` stand-in if building failed.

    The tournament built every entry once before the first match and
    refused a line-up that could not be built at all; a failure now (an
    engine that will not start this time) is the seat's, not the run's.
    """
    try:
        return entrant.build(seed=seed)
    except Exception as error:
        return _Unbuilt(entrant.name, error)


def seat_names(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names of a match: each seat's bot, with the seat where a name repeats.

    A match record then says who finished where, even when one bot (an
    engine) holds several seats.

    >>> seat_names(["old", "new", "old"])
    ('old (seat 0)', 'new', 'old (seat 2)')
    """
    counts = collections.Counter(names)
    return tuple(
        name if counts[name] == 1 else f"{name} (seat {seat})" for seat, name in enumerate(names)
    )


def _play(job: _Job) -> MatchRow:
    """Play one match; the top-level function the executor runs."""
    agents: list[Any] = []
    fallback = None
    try:
        for seat, entrant in enumerate(job.entrants):
            token = _BUILDING.set((job.index, seat))
            try:
                agents.append(_build(entrant, seed=_derive("seat", job.seed, job.rotation, seat)))
            finally:
                _BUILDING.reset(token)
        if job.fallback is not None:
            fallback = job.fallback.build(seed=_derive("fallback", job.seed, job.rotation))
        table = Table(
            job.variant,
            agents=agents,
            seed=job.seed,
            names=seat_names([e.name for e in job.entrants]),
            fallback=fallback,
            time_limit=job.time_limit,
        )
        match: Match = table.run()
    finally:
        _close([*agents, fallback])
    standings = match.standings()  # in seat order
    return MatchRow(
        index=job.index,
        set_index=job.set_index,
        rotation=job.rotation,
        seed=job.seed,
        bots=tuple(e.name for e in job.entrants),
        totals=match.totals,
        places=standings.places,
        points=standings.points,
        winners=match.winners,
        takeovers=table.takeovers,
        # The match is over, so its seed reveals no deal still to come: keep it, and
        # every deal of the record can be dealt again (and checked against the seed).
        record=table.to_record(seed=True) if job.records else None,
    )


# -- checking the arguments ----------------------------------------------------------


def _check_lineup(variant: Variant, lineup: object) -> tuple[Entrant, ...]:
    if isinstance(lineup, (str, bytes)) or not isinstance(lineup, Sequence):
        raise ConfigurationError(
            f"lineup must be a list with one entry per seat, not {excerpt(lineup)}",
            field="lineup",
        )
    check_players(variant, len(lineup), field="lineup")
    entrants = tuple(entrant_of(e, f"lineup[{i}]") for i, e in enumerate(lineup))
    named: dict[str, Entrant] = {}
    for entrant in entrants:
        if named.setdefault(entrant.name, entrant) != entrant:
            raise ConfigurationError(
                f"two different lineup entries are both named {excerpt(entrant.name)}: "
                f"give each its own name (Entrant(..., name=...))",
                field="lineup",
            )
    return entrants


def _check_seeds(seeds: object) -> tuple[int | str, ...]:
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Iterable):
        raise ConfigurationError(
            f"seeds must be a collection of match seeds (range(100), say), not {excerpt(seeds)}",
            field="seeds",
        )
    # islice: an endless iterator is refused instead of filling the memory.
    taken = items(itertools.islice(seeds, MAX_SEEDS + 1), name="seeds")
    if not taken:
        raise ConfigurationError("seeds must hold at least one seed", field="seeds")
    if len(taken) > MAX_SEEDS:
        raise ConfigurationError(f"seeds may hold at most {MAX_SEEDS:,} seeds", field="seeds")
    seen: set[int | str] = set()
    for i, seed in enumerate(taken):
        # A generator would be drawn from differently in each process: only ints and strs.
        fits = (
            seed.bit_length() <= 63 if isinstance(seed, int) and is_whole(seed) else
            isinstance(seed, str) and len(seed) <= 200
        )  # fmt: skip
        if not fits:
            raise ConfigurationError(
                f"seeds[{i}] must be an int of at most 63 bits or a str of at most 200 "
                f"characters, not {excerpt(seed)}",
                field="seeds",
            )
        if isinstance(seed, str) and not valid_text(seed):  # a worker could not even seed it
            raise ConfigurationError(
                f"seeds[{i}] must be valid Unicode text; {excerpt(seed)} holds a lone surrogate",
                field="seeds",
            )
        if seed in seen:
            raise ConfigurationError(
                f"seeds[{i}] repeats the seed {excerpt(seed)}: the match would be played twice",
                field="seeds",
            )
        seen.add(seed)
    return taken


def _check_picklable(entrant: Entrant, where: str) -> None:
    try:
        pickle.dumps(entrant)
    except Exception as error:
        raise ConfigurationError(
            f"{where} ({entrant.name}) cannot be sent to a worker: pickling failed with "
            f"{type(error).__name__}: {error}; define the bot class or factory at the top level "
            f"of a module, or play in this process with workers=0",
            field=field_of(where),
        ) from None


def _check_builds(entrant: Entrant, where: str) -> Any:
    # Build one agent here, so a wrong option fails now with a clear message, not in a worker.
    try:
        agent = entrant.build(seed=0)
    except EngineError as error:
        # An engine's own refusal already names the engine and says why, in the reader's
        # words ("engine x: cannot start '/nonexistent': no such file"): it is the message.
        if error.template is None:
            raise ConfigurationError(str(error), field=field_of(where)) from None
        raise ConfigurationError(
            error.template, field=field_of(where), evidence=error.evidence
        ) from None
    except Exception as error:
        # The error itself is the evidence: a refusal of whist-ro's then speaks the
        # reader's language inside this message.
        raise ConfigurationError(
            N_("{where} ({name}) could not build a bot: {kind}: {error}"),
            field=field_of(where),
            evidence={
                "where": where,
                "name": entrant.name,
                "kind": type(error).__name__,
                "error": error,
            },
        ) from None
    if not callable(getattr(agent, "act", None)):
        raise ConfigurationError(
            f"{where} ({entrant.name}) built {excerpt(agent)}, which is not an agent "
            f"(an object with an act(view) method)",
            field=field_of(where),
        )
    return agent


def _rotations(
    entrants: tuple[Entrant, ...], duplicate: bool
) -> list[tuple[int, tuple[Entrant, ...]]]:
    """(rotation, seat entrants) for each distinct seating of a set."""
    n = len(entrants)
    if not duplicate:
        return [(0, entrants)]
    seatings: list[tuple[int, tuple[Entrant, ...]]] = []
    seen: set[tuple[str, ...]] = set()
    for r in range(n):
        # Rotation r moves entry i to seat (i + r) % n.
        seating = tuple(entrants[(s - r) % n] for s in range(n))
        names = tuple(e.name for e in seating)
        if names not in seen:  # [A, B, A, B] has two distinct seatings, not four
            seen.add(names)
            seatings.append((r, seating))
    return seatings


# -- the tournament ------------------------------------------------------------------


def tournament(
    variant: Variant,
    lineup: Sequence[Entrant | BotFactory],
    *,
    seeds: Iterable[int | str],
    duplicate: bool = False,
    reference: str | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], object] | None = None,
    fallback: Entrant | BotFactory | None = None,
    time_limit: float | None = None,
    records: bool = False,
) -> TournamentResult:
    """Play a match per seed (or a duplicate set per seed) and gather the statistics.

    ``lineup`` holds one entry per seat (an :class:`Entrant`, or a bot
    class or top-level factory taking ``seed=``); entries that are equal
    share a name and their results.  Each seed deals one match
    (:meth:`Match.new <whist_ro.Match.new>`); with ``duplicate=True`` it
    deals a *set*: the same deals once for each distinct rotation of the
    line-up through the seats, so luck of the cards is shared out.  A bot
    may hold several seats (``[old, new, old]``); each match's players are
    then named after their bots, with the seat where a name repeats
    (:func:`seat_names`: ``"old (seat 2)"``), so its record says who
    finished where.

    ``reference`` names the bot every other bot's *edge* is measured
    against: per match, the bot's mean final total minus the reference's.

    The matches run through ``executor`` (any
    :class:`concurrent.futures.Executor`, such as a ``dask.distributed``
    client's ``client.get_executor()``; it is not shut down), or by default
    a local :class:`~concurrent.futures.ProcessPoolExecutor` of ``workers``
    processes (the machine's CPU count unless given, at most
    :data:`~whist_ro._check.MAX_WORKERS`: four per CPU); ``workers=0`` plays
    them in this process, one after another.  Every bot and the match are
    seeded from the seed, so the result is the same however it runs.

    ``progress(done, total)`` is called in this process with 0 first and
    after each finished match.  ``fallback`` (an entry like those of the
    line-up) and ``time_limit`` are passed to each :class:`~whist_ro.Table`
    (R-SEAT-1).  ``records=True`` keeps each match's record in its row
    (:attr:`MatchRow.record <whist_ro.tournaments.MatchRow.record>`).  An
    agent with a ``close()`` method (an engine,
    :class:`~whist_ro.remote.EngineAgent`) is closed when its match ends.

    Every entry (and the fallback) is built once before the first match, and
    a line-up that cannot be built is refused with a
    :class:`~whist_ro.errors.ConfigurationError`.  An entry that fails to
    build for a later match (an engine that will not start this time) costs
    its seat in that match only: the fallback plays the seat from its first
    turn, and the takeover's reason is the build's error (R-SEAT-1).

    >>> import whist_ro as wr
    >>> from whist_ro.bots import RandomBot
    >>> seen = []
    >>> result = tournament(wr.variants.ROMANIAN, [RandomBot] * 3, seeds=["a", "b"],
    ...                     duplicate=True, workers=0, progress=lambda d, t: seen.append(d))
    >>> len(result.matches), seen
    (2, [0, 1, 2])
    >>> tournament(wr.variants.ROMANIAN, [RandomBot] * 3, seeds=[1, 2, 1], workers=0)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: seeds[2] repeats the seed 1: the match would be played twice
    """
    check_variant(variant)
    entrants = _check_lineup(variant, lineup)
    checked_seeds = _check_seeds(seeds)
    if not isinstance(duplicate, bool):
        raise ConfigurationError(
            f"duplicate must be True or False, not {excerpt(duplicate)}", field="duplicate"
        )
    names = list(dict.fromkeys(e.name for e in entrants))
    if reference is not None:
        if not isinstance(reference, str) or reference not in names:
            raise ConfigurationError(
                f"reference must name a bot of the lineup ({', '.join(names)}), "
                f"not {excerpt(reference)}",
                field="reference",
            )
        if len(names) == 1:
            raise ConfigurationError(
                f"reference {reference!r} is the only bot of the lineup: there is nothing to "
                f"measure against it",
                field="reference",
            )
    check_executor(executor)
    if workers is not None:
        if executor is not None:
            raise ConfigurationError(
                "give an executor or a number of workers, not both: workers sizes the "
                "default process pool",
                field="workers",
            )
        workers = check_workers(workers)
    if progress is not None and not callable(progress):
        raise ConfigurationError(
            f"progress must be a function taking (done, total), not {excerpt(progress)}",
            field="progress",
        )
    fallback_entrant = None if fallback is None else entrant_of(fallback, "fallback")
    to_check = [(f"lineup[{i}]", e) for i, e in enumerate(entrants)]
    if fallback_entrant is not None:
        to_check.append(("fallback", fallback_entrant))
    if not isinstance(records, bool):
        raise ConfigurationError(
            f"records must be True or False, not {excerpt(records)}", field="records"
        )
    trial: list[Any] = []
    try:
        for where, entrant in to_check:
            trial.append(_check_builds(entrant, where))
            if workers != 0:
                _check_picklable(entrant, where)
        # A table built here checks time_limit (and the rest) as every match's table will.
        Table(
            variant,
            agents=trial[: len(entrants)],
            seed=checked_seeds[0],
            fallback=trial[len(entrants)] if fallback_entrant is not None else None,
            time_limit=time_limit,
        )
    finally:
        _close(trial)

    seatings = _rotations(entrants, duplicate)
    jobs = [
        _Job(
            index=set_index * len(seatings) + k,
            set_index=set_index,
            rotation=rotation,
            seed=seed,
            variant=variant,
            entrants=seating,
            fallback=fallback_entrant,
            time_limit=time_limit,
            records=records,
        )
        for set_index, seed in enumerate(checked_seeds)
        for k, (rotation, seating) in enumerate(seatings)
    ]
    report = progress if progress is not None else _ignore
    if workers == 0:
        rows = _run_here(jobs, report)
    elif executor is not None:
        rows = _run_on(executor, jobs, report)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            rows = _run_on(pool, jobs, report)
    return gather(
        variant,
        entrants=entrants,
        seeds=checked_seeds,
        duplicate=duplicate,
        reference=reference,
        rows=rows,
    )


def _ignore(done: int, total: int) -> None:
    pass


def _run_here(jobs: list[_Job], report: Callable[[int, int], object]) -> list[MatchRow]:
    report(0, len(jobs))
    rows = []
    for job in jobs:
        rows.append(_play(job))
        report(len(rows), len(jobs))
    return rows


def _run_on(
    executor: Executor, jobs: list[_Job], report: Callable[[int, int], object]
) -> list[MatchRow]:
    """Submit the jobs, at most _WINDOW at a time; the rows in job order."""
    total = len(jobs)
    rows: list[MatchRow | None] = [None] * total
    pending: dict[Future[MatchRow], int] = {}
    # Each future puts itself here when done: one wake-up a match, however many
    # are in flight (wait(FIRST_COMPLETED) would scan them all every time).
    finished: queue.SimpleQueue[Future[MatchRow]] = queue.SimpleQueue()
    queued: Iterator[_Job] = iter(jobs)

    def submit(count: int) -> None:
        for job in itertools.islice(queued, count):
            future = executor.submit(_play, job)
            pending[future] = job.index
            future.add_done_callback(finished.put)

    done = 0
    report(0, total)
    try:
        submit(_WINDOW)
        while pending:
            future = finished.get()
            rows[pending.pop(future)] = future.result()
            done += 1
            report(done, total)
            submit(1)
    finally:
        # A failure (or an interrupt) stops the rest: nothing keeps running for nobody.
        for future in pending:
            future.cancel()
    complete = [row for row in rows if row is not None]
    assert len(complete) == total
    return complete
