"""One seat runtime: the table's synchronous API drives its one async core.

``Table.step``/``run`` and ``astep``/``arun`` run the same coroutine (an
inline one for the synchronous API, driven without an event loop); inside a
running event loop, as in a Jupyter notebook, the synchronous API runs the
core in a helper thread, so an async agent plays there too.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

import whist_ro as wr
from whist_ro.bots import RandomBot
from whist_ro.table import Table
from whist_ro.views import PlayerView


class AsyncFirst:
    """An async agent: the first legal action."""

    async def act(self, view: PlayerView) -> wr.Action:
        await asyncio.sleep(0)
        return view.legal_actions[0]


def test_the_synchronous_api_works_inside_a_running_event_loop() -> None:
    # Before the one core, an async agent at Table.run() inside a running loop was
    # refused ("an event loop is running in this thread") and its seat taken over.
    async def notebook_cell() -> tuple[wr.Match, tuple[wr.Takeover, ...]]:
        table = Table(
            wr.variants.ROMANIAN,
            agents=[AsyncFirst(), RandomBot(seed=1), RandomBot(seed=2)],
            seed=3,
        )
        table.step()  # a synchronous call while this loop runs
        return table.run(), table.takeovers

    m, takeovers = asyncio.run(notebook_cell())
    assert m.is_over
    assert takeovers == ()


def test_the_synchronous_and_the_async_api_play_the_same_match() -> None:
    def agents() -> list[RandomBot]:
        return [RandomBot(seed=s) for s in range(4)]

    by_step = Table(wr.variants.CLASSIC, agents=agents(), seed=9).run()
    by_await = asyncio.run(Table(wr.variants.CLASSIC, agents=agents(), seed=9).arun())
    assert by_step == by_await


def test_there_is_one_core_not_a_sync_and_an_async_twin() -> None:
    twins = ["_step", "_astep", "_aask", "_tell_pending", "_atell_pending", "_afinish"]
    assert [name for name in twins if hasattr(Table, name)] == []
    assert not hasattr(Table, "_astart_isolated")


class Raising:
    def act(self, view: PlayerView) -> wr.Action:
        raise RuntimeError("a bug in the bot")


def test_the_synchronous_api_in_a_running_loop_leaves_no_thread_nor_task_behind() -> None:
    # Inside a notebook's loop the core runs in a helper thread: that thread ends with
    # the call (it used to stay, one per process, after every table had closed), an
    # agent's error still reaches the caller, and closing twice is harmless.
    before = set(threading.enumerate())

    async def notebook_cell() -> tuple[set[asyncio.Task[Any]], str]:
        table = Table(
            wr.variants.ROMANIAN,
            agents=[AsyncFirst(), RandomBot(seed=1), RandomBot(seed=2)],
            seed=3,
        )
        table.step()
        table.run()
        table.close()
        table.close()
        failing = Table(
            wr.variants.ROMANIAN,
            agents=[Raising(), RandomBot(seed=1), RandomBot(seed=2)],
            seed=3,
            on_error="raise",
        )
        with pytest.raises(wr.errors.AgentError) as refused:
            failing.run()
        failing.close()
        return asyncio.all_tasks() - {asyncio.current_task()}, type(
            refused.value.__cause__
        ).__name__

    tasks, cause = asyncio.run(notebook_cell())
    assert tasks == set()
    assert cause == "RuntimeError"
    # The helper of an earlier test (before the fix) would be in ``before``: named too.
    leaked = [
        t.name
        for t in threading.enumerate()
        if t not in before or t.name.startswith("whist-ro-table-sync")
    ]
    assert leaked == []


def test_close_inside_a_running_loop_ends_the_graces_in_the_loops_own_thread() -> None:
    # The room closes its table in the server's loop when a match ends, perhaps with a
    # person still in their grace.  close() cancelled the grace's task from the helper
    # thread, which asyncio does not allow (debug mode says so: "Non-thread-safe
    # operation"), and which may leave the loop unwoken.
    async def server() -> bool:
        table = Table(wr.variants.ROMANIAN, agents=[RandomBot(seed=s) for s in range(3)], seed=3)
        grace = table.away(0, grace=60, reason="the connection dropped")
        await asyncio.sleep(0)  # the grace is waiting
        table.close()
        # Cancelled right away when done right; the bound only keeps a hang from the suite.
        await asyncio.wait({grace}, timeout=30)
        table.close()
        return grace.cancelled()

    assert asyncio.run(server(), debug=True)
