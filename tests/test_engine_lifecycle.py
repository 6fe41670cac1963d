"""An engine's life and death as the manager sees them (docs/engines.md, "What the manager
guarantees"): the engine's own exit is watched, not the end of its output, so an engine whose
helper still holds its stdout is seen to crash at once, and what it started dies with it.

Every engine here (tests/engines/helper.py) starts a helper that sleeps for ten minutes holding
the engine's standard streams. A manager that waited for the streams to close would wait for
the helper: each blocking call runs under a 30 s guard that kills the helper and fails the test
rather than hang the suite.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

import whist_ro as wr
from whist_ro import variants
from whist_ro.bots import RandomBot
from whist_ro.errors import EngineCrashedError
from whist_ro.remote import EngineAgent

ENGINES = Path(__file__).resolve().parent / "engines"
GUARD = 30.0  # seconds: far more than any of these needs, even on a loaded machine
T = TypeVar("T")

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="process checks read /proc (Linux)"
)


def helper_engine(mode: str) -> list[str]:
    return [sys.executable, str(ENGINES / "helper.py"), mode]


def helpers(engine: EngineAgent) -> list[int]:
    """The pids of the helpers the engine said it started (``helper <pid>`` on its stderr)."""
    return [int(m[1]) for line in engine.stderr if (m := re.fullmatch(r"helper (\d+)", line))]


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting for its parent counts as dead)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return text[text.rindex(")") + 2] != "Z"


def gone(pid: int) -> bool:
    """True once ``pid`` has stopped running, waiting up to :data:`GUARD` seconds for it."""
    deadline = time.monotonic() + GUARD
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def kill_helpers(engine: EngineAgent) -> None:
    for pid in helpers(engine):
        if alive(pid):
            os.kill(pid, signal.SIGKILL)


def guarded(engine: EngineAgent, call: Callable[[], T]) -> T:
    """``call()``, which must return within :data:`GUARD` s; else its helpers are killed."""
    done = threading.Event()
    result: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            result.append(call())
        except BaseException as error:  # handed to the test's thread
            failure.append(error)
        finally:
            done.set()

    threading.Thread(target=run, daemon=True).start()
    if not done.wait(GUARD):
        kill_helpers(engine)  # lets the call end, so nothing is left behind
        done.wait(GUARD)
        pytest.fail(f"still waiting after {GUARD:g} s while the engine's helper lived")
    if failure:
        raise failure[0]
    return result[0]


def table_for(engine: EngineAgent, *, time_limit: float | None = None) -> wr.Table:
    return wr.Table(
        variants.ROMANIAN,
        agents=[engine, RandomBot(seed=1), RandomBot(seed=2)],
        seed=1,
        time_limit=time_limit,
    )


def play(engine: EngineAgent, *, time_limit: float | None = None) -> wr.Table:
    table = table_for(engine, time_limit=time_limit)
    assert guarded(engine, table.run).is_over
    return table


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("crash", "engine crashed: helper-crash exited with status 3"),
        ("killed", "engine crashed: helper-killed was killed by signal 9"),
    ],
)
@pytest.mark.parametrize("limit", [None, 20.0], ids=["no-limit", "limit"])
def test_an_engine_that_dies_while_its_helper_holds_its_output_is_seen_to_crash(
    mode: str, reason: str, limit: float | None
) -> None:
    """With no limit the table would hang; with one the reason said "timed out" (issue 24.4)."""
    engine = EngineAgent.popen(helper_engine(mode), time_limit=limit)
    try:
        table = play(engine)
        (takeover,) = table.takeovers
        assert takeover.reason == reason
        assert isinstance(takeover.exception, EngineCrashedError)
        (helper,) = helpers(engine)
        assert gone(helper), f"the helper {helper} outlived its engine"
        started = time.monotonic()
        assert guarded(engine, engine.close) == (3 if mode == "crash" else -9)
        assert time.monotonic() - started < GUARD
    finally:
        kill_helpers(engine)


def test_an_async_table_sees_the_crash_too() -> None:
    async def main() -> tuple[wr.Table, EngineAgent]:
        engine = await EngineAgent.apopen(helper_engine("crash"))
        try:
            table = table_for(engine)
            await asyncio.wait_for(table.arun(), GUARD)
        finally:
            await asyncio.wait_for(engine.aclose(), GUARD)
        return table, engine

    try:
        table, engine = asyncio.run(main())
    except TimeoutError:
        pytest.fail("the async table waited for the helper")
    (takeover,) = table.takeovers
    assert takeover.reason == "engine crashed: helper-crash exited with status 3"
    (helper,) = helpers(engine)
    assert gone(helper)


def test_close_returns_when_the_engine_exits_and_its_helper_dies_with_it() -> None:
    """The engine starts its helper when told to quit, then exits 0 (issue 24.4 and 24.8)."""
    engine = EngineAgent.popen(helper_engine("quit"), time_limit=20)
    try:
        table = play(engine)
        assert table.takeovers == ()
        assert guarded(engine, engine.close) == 0
        (helper,) = helpers(engine)
        assert gone(helper), f"the helper {helper} outlived its engine"
    finally:
        kill_helpers(engine)


def test_a_helper_that_holds_no_stream_is_killed_when_its_engine_crashes() -> None:
    """Its engine's exit was seen, but the group was signalled only while the leader lived."""
    engine = EngineAgent.popen(helper_engine("quiet"))
    try:
        table = play(engine)
        (takeover,) = table.takeovers
        assert takeover.reason == "engine crashed: helper-quiet exited with status 3"
        (helper,) = helpers(engine)
        assert gone(helper), f"the helper {helper} outlived its engine"
        assert guarded(engine, engine.close) == 3
        assert gone(helper)
    finally:
        kill_helpers(engine)


def test_a_helper_that_left_the_group_holds_nothing_up_but_is_out_of_reach() -> None:
    """docs/engines.md's limit: a helper that calls setsid() is not killed, but not waited for.

    The crash is seen and close() returns at once all the same: the manager closes its ends of
    the streams the helper holds.
    """
    engine = EngineAgent.popen(helper_engine("away"))
    try:
        table = play(engine)
        (takeover,) = table.takeovers
        assert takeover.reason == "engine crashed: helper-away exited with status 3"
        assert guarded(engine, engine.close) == 3
        (helper,) = helpers(engine)
        assert alive(helper)  # out of the group's reach: the limit docs/engines.md states
    finally:
        kill_helpers(engine)
