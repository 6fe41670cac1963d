"""Async tables: arun/astep with async agents, synchronous agents in a worker thread, engines,
time limits enforced by cancellation, and many tables on one event loop."""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
import time
from typing import Any

import pytest

import whist_ro as wr
from whist_ro import Step, records, variants
from whist_ro.bots import RandomBot, RuleBot
from whist_ro.errors import TableBusyError
from whist_ro.remote import EngineAgent
from whist_ro.table import Table, time_left
from whist_ro.views import PlayerView

V = variants.ROMANIAN


class AsyncFirst:
    """An async agent: plays the first legal action, counting what it is told."""

    def __init__(self) -> None:
        self.told: list[Step] = []

    async def act(self, view: PlayerView) -> wr.Action:
        await asyncio.sleep(0)
        return view.legal_actions[0]

    async def observe(self, view: PlayerView, step: Step) -> None:
        self.told.append(step)


class SyncCounting:
    def __init__(self) -> None:
        self.told: list[Step] = []
        self.threads: set[str] = set()

    def act(self, view: PlayerView) -> wr.Action:
        self.threads.add(threading.current_thread().name)
        return view.legal_actions[0]

    def observe(self, view: PlayerView, step: Step) -> None:
        self.told.append(step)


def test_arun_plays_the_same_match_as_run() -> None:
    def table() -> Table:
        return Table(V, agents=[RuleBot(seed=s) for s in range(4)], seed=11)

    assert asyncio.run(table().arun()) == table().run()


def test_async_and_threaded_agents_are_told_every_step_once() -> None:
    a, s = AsyncFirst(), SyncCounting()
    table = Table(V, agents=[a, s, RandomBot(seed=1)], seed=2)
    m = asyncio.run(table.arun())
    assert table.takeovers == ()
    assert len(a.told) == len(s.told) == len(m.history)
    assert a.told[-1].match_over
    assert s.threads == {"whist-ro-table"}  # a synchronous agent runs in the worker thread


def test_a_slow_async_agent_is_cancelled_at_the_limit() -> None:
    cancelled = []

    class Slow:
        async def act(self, view: PlayerView) -> wr.Action:
            try:
                await asyncio.sleep(30)
            except asyncio.CancelledError:
                cancelled.append(True)
                raise
            return view.legal_actions[0]

    # The limit is far above what a RandomBot needs (microseconds), so that a stall of a loaded
    # CI machine does not make an honest bot overrun it too; the slow agent sleeps for 30 s.
    table = Table(V, agents=[Slow(), RandomBot(seed=1), RandomBot(seed=2)], seed=1, time_limit=1)
    start = time.monotonic()
    asyncio.run(table.arun())
    assert time.monotonic() - start < 20
    takeover = next(t for t in table.takeovers if t.seat == 0)  # the first: the slow agent
    assert takeover.reason == "took longer than the 1 s limit"
    # Should a stall still make a bot overrun, that takeover is a time-limit one too.
    assert all("longer than the 1 s limit" in t.reason for t in table.takeovers)
    assert cancelled == [True]


def test_a_slow_sync_agent_is_abandoned_in_its_thread_and_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    release = threading.Event()

    class Stuck:
        def act(self, view: PlayerView) -> wr.Action:
            release.wait(30)
            return view.legal_actions[0]

    # A limit far above a RandomBot's needs, as in the test above.
    table = Table(V, agents=[Stuck(), RandomBot(seed=1), RandomBot(seed=2)], seed=1, time_limit=1)
    start = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="whist_ro.table"):
        m = asyncio.run(table.arun())
    assert time.monotonic() - start < 20  # the table did not wait for the stuck thread
    release.set()
    assert m.is_over
    takeover = next(t for t in table.takeovers if t.seat == 0)  # the first: the stuck agent
    assert takeover.reason == "took longer than the 1 s limit"
    assert all("longer than the 1 s limit" in t.reason for t in table.takeovers)
    assert any("thread is abandoned" in r.getMessage() for r in caplog.records)
    assert records.adjudicate(table.to_record()).ok


def test_time_left_is_the_limit_in_threads_and_tasks() -> None:
    seen: list[float | None] = []

    class Sync:
        def act(self, view: PlayerView) -> wr.Action:
            seen.append(time_left())
            return view.legal_actions[0]

    class Async:
        async def act(self, view: PlayerView) -> wr.Action:
            seen.append(time_left())
            return view.legal_actions[0]

    table = Table(V, agents=[Sync(), Async(), RandomBot(seed=1)], seed=1, time_limit=3)
    for _ in range(6):
        asyncio.run(table.astep())
    assert len(seen) >= 4
    assert all(x is not None and 0 < x <= 3 for x in seen)
    assert time_left() is None


def test_an_async_agent_at_a_synchronous_table_is_run_to_its_end() -> None:
    a = AsyncFirst()
    table = Table(V, agents=[a, RandomBot(seed=1), RandomBot(seed=2)], seed=3)
    m = table.run()
    assert table.takeovers == ()
    assert len(a.told) == len(m.history)


def test_an_agent_raising_cancelled_error_by_itself_loses_its_seat() -> None:
    class Liar:
        async def act(self, view: PlayerView) -> wr.Action:
            raise asyncio.CancelledError

    table = Table(V, agents=[Liar(), RandomBot(seed=1), RandomBot(seed=2)], seed=1)
    asyncio.run(table.arun())
    (takeover,) = table.takeovers
    assert takeover.reason.startswith("raised CancelledError")


def test_cancelling_arun_leaves_the_table_resumable() -> None:
    gate = asyncio.Event()
    waits = asyncio.Event()
    counters = [SyncCounting(), SyncCounting(), SyncCounting()]

    class Waiting(SyncCounting):
        async def act(self, view: PlayerView) -> wr.Action:  # type: ignore[override]
            if len(self.told) >= 7:  # its first decision after 7 steps (9, with this seed)
                waits.set()
                await gate.wait()
            return view.legal_actions[0]

    waiting = Waiting()
    table = Table(V, agents=[waiting, counters[1], counters[2]], seed=5)

    async def main() -> None:
        task = asyncio.create_task(table.arun())
        await asyncio.wait_for(waits.wait(), 60)  # the table waits on the agent's decision
        before = len(table.match.history)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert len(table.match.history) == before  # nothing applied by the cancelled step
        gate.set()
        await table.arun()

    asyncio.run(main())
    assert table.is_over
    assert table.takeovers == ()
    n = len(table.match.history)
    assert len(waiting.told) == len(counters[1].told) == len(counters[2].told) == n


def test_reentering_from_an_async_agent_is_refused() -> None:
    holder: list[Table] = []

    class Meddler:
        async def act(self, view: PlayerView) -> wr.Action:
            await holder[0].astep()
            return view.legal_actions[0]

    table = Table(V, agents=[Meddler(), RandomBot(seed=1), RandomBot(seed=2)], seed=1)
    holder.append(table)
    asyncio.run(table.arun())
    (takeover,) = table.takeovers
    assert takeover.error == TableBusyError.__name__


def test_many_tables_and_engines_share_one_event_loop() -> None:
    """50 tables of in-process bots and 4 tables of engine processes, all at once."""
    engine = [sys.executable, "-m", "whist_ro", "engine", "random"]

    async def main() -> tuple[list[Table], list[Table], list[EngineAgent]]:
        engines = await asyncio.gather(
            *(EngineAgent.apopen(engine, name=f"e{i}", time_limit=10) for i in range(8))
        )
        local = [
            Table(V, agents=[RandomBot(seed=s), RuleBot(seed=s), AsyncFirst()], seed=s)
            for s in range(50)
        ]
        remote = [
            Table(V, agents=[engines[2 * k], RandomBot(seed=k), engines[2 * k + 1]], seed=100 + k)
            for k in range(4)
        ]
        try:
            await asyncio.gather(*(t.arun() for t in local + remote))
        finally:
            await asyncio.gather(*(e.aclose() for e in engines))
        return local, remote, list(engines)

    local, remote, engines = asyncio.run(main())
    for table in local + remote:
        record = records.loads(records.dumps(table.to_record()))
        assert table.is_over
        assert table.takeovers == ()
        assert records.adjudicate(record).ok
    for k, table in enumerate(remote):
        assert table.to_record().engines == (f"e{2 * k}", None, f"e{2 * k + 1}")
    assert all(e.returncode == 0 for e in engines)


def test_an_observer_that_overruns_in_its_thread_loses_its_seat() -> None:
    class SlowObserver:
        def act(self, view: PlayerView) -> wr.Action:
            return view.legal_actions[0]

        def observe(self, view: PlayerView, step: Any) -> None:
            time.sleep(3)

    # A limit far above a RandomBot's needs, as in the tests above.
    table = Table(
        V, agents=[SlowObserver(), RandomBot(seed=1), RandomBot(seed=2)], seed=1, time_limit=1
    )
    asyncio.run(table.arun())
    takeover = next(t for t in table.takeovers if t.seat == 0)  # the first: the slow observer
    assert takeover.reason == "observe took longer than the 1 s limit"
    assert all("longer than the 1 s limit" in t.reason for t in table.takeovers)
