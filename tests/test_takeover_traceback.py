"""A takeover's traceback is the agent's own (issue 25, item 5): an agent whose code raised keeps
its frames; an engine that broke the protocol (garbage, a timeout, a crash, a resignation) gets
its reason and its last lines on stderr in the record, never the manager's frames with this
machine's paths."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest

import whist_ro as wr
from whist_ro import records, variants
from whist_ro.bots import RandomBot
from whist_ro.remote import EngineAgent
from whist_ro.views.view import PlayerView

ENGINES = Path(__file__).resolve().parent / "engines"
PACKAGE = str(Path(wr.__file__).resolve().parent)


def recorded(table: wr.Table) -> wr.Takeover:
    """The table's one takeover as its record keeps it (written and read back)."""
    (takeover,) = records.loads(records.dumps(table.to_record())).takeovers
    return takeover


def play(agents: list[object], **settings: object) -> wr.Table:
    table = wr.Table(variants.ROMANIAN, agents=agents, seed=1, **settings)  # type: ignore[arg-type]
    assert table.run().is_over
    return table


@pytest.mark.parametrize(
    ("name", "limit", "reason", "stderr"),
    [
        ("crash", None, "engine crashed: crash exited with status 3", "about to fall over"),
        ("garbage", None, "engine sent garbage: not JSON", None),
        ("hang", 3.0, "engine timed out: hang did not answer within 3 s", "thinking very hard"),
        ("resign", None, "engine resigned: 'I only play classic whist'", None),
    ],
)
def test_an_engine_failure_records_its_reason_and_stderr_not_the_managers_frames(
    name: str,
    limit: float | None,
    reason: str,
    stderr: str | None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="whist_ro.table")
    engine = EngineAgent.popen([sys.executable, str(ENGINES / f"{name}.py")], time_limit=limit)
    try:
        table = play([engine, RandomBot(seed=1), RandomBot(seed=2)])
    finally:
        engine.close(grace=0.5)
    takeover = recorded(table)
    assert takeover.reason.startswith(reason), takeover.reason
    text = takeover.traceback
    assert text is not None
    assert "Traceback" not in text
    assert 'File "' not in text
    assert PACKAGE not in text  # no path of this machine
    assert takeover.error is not None
    assert text.startswith(f"whist_ro.errors.{takeover.error}: {takeover.reason}")
    if stderr is not None:
        assert f"the engine's last lines on stderr:\n{stderr}" in text
    # The log says the same: the reason and the engine's lines, not the manager's frames.
    (logged,) = [r for r in caplog.records if r.name == "whist_ro.table"]
    assert logged.exc_info is None
    assert reason in logged.getMessage()
    if stderr is not None:
        assert stderr in logged.getMessage()


class Broken(RandomBot):
    """Raises on its first decision: its own code, whose traceback is the agent's."""

    def act(self, view: PlayerView) -> wr.Action:
        raise KeyError("the card I wanted")


def test_an_agent_whose_own_code_raised_keeps_its_traceback() -> None:
    takeover = recorded(play([Broken(seed=1), RandomBot(seed=1), RandomBot(seed=2)]))
    assert takeover.traceback is not None
    assert takeover.traceback.startswith("Traceback (most recent call last):")
    assert 'raise KeyError("the card I wanted")' in takeover.traceback


def test_an_isolated_agent_that_raised_keeps_its_traceback_from_its_stderr() -> None:
    """In its own process the agent's traceback is its stderr, and resigns the seat."""
    table = play([Broken(seed=1), RandomBot(seed=1), RandomBot(seed=2)], isolate=True)
    takeover = recorded(table)
    assert takeover.reason.startswith("engine resigned"), takeover.reason
    assert takeover.traceback is not None
    assert not takeover.traceback.startswith("Traceback")  # the manager's frames are not kept
    assert 'raise KeyError("the card I wanted")' in takeover.traceback  # the agent's are
