"""Isolated seats: Table(isolate=True) plays each agent in a process of its own (spawned, never
forked), where the frame-stack trick finds no match, no round, no deal and no other hand."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any

import attrs
import pytest

import whist_ro as wr
from test_engines import assert_left_nothing
from whist_ro import Deal, Match, Round, records, variants
from whist_ro.bots import RandomBot
from whist_ro.cards import CardSet
from whist_ro.remote import EngineAgent
from whist_ro.views import PlayerView

FORBIDDEN = (Match, Round, Deal)
# Three short rounds: every process start costs a second or more on a busy machine.
SHORT = attrs.evolve(variants.ROMANIAN, name="short", schedule=(2, 3, 4))


class Spy:
    """Plays the first legal action after looking for what it must not find.

    It walks the frame stack from its caller (``sys._getframe(1)`` and each
    ``f_back``), asks the garbage collector what refers to its view, and
    sweeps the whole heap; it notes every match, round or deal it meets and
    every card set, and writes one JSON line per decision to ``log``.
    """

    def __init__(self, log: str) -> None:
        self.log = log

    def act(self, view: PlayerView) -> wr.Action:
        found: list[str] = []
        frame: Any = sys._getframe(1)
        while frame is not None:
            found += [type(v).__name__ for v in frame.f_locals.values() if isinstance(v, FORBIDDEN)]
            frame = frame.f_back
        for referrer in gc.get_referrers(view):
            values = referrer.values() if isinstance(referrer, dict) else [referrer]
            found += [type(v).__name__ for v in values if isinstance(v, FORBIDDEN)]
        heap = gc.get_objects()
        found += [type(v).__name__ for v in heap if isinstance(v, FORBIDDEN)]
        masks = sorted({v.mask for v in heap if isinstance(v, CardSet) and len(v) > 1})
        with open(self.log, "a", encoding="utf-8") as out:
            out.write(
                json.dumps(
                    {
                        "pid": os.getpid(),
                        "seat": view.seat,
                        "round": view.round_number,
                        "found": sorted(set(found)),
                        "masks": masks,
                    }
                )
                + "\n"
            )
        return view.legal_actions[0]


def notes(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_the_frame_trick_finds_the_match_in_process(tmp_path: Path) -> None:
    # The control: without isolation the spy finds what the next test says it cannot.
    log = tmp_path / "spy.jsonl"
    table = wr.Table(SHORT, agents=[Spy(str(log)), RandomBot(seed=1), RandomBot(seed=2)], seed=3)
    for _ in range(6):
        table.step()
    seen = notes(log)
    assert seen
    assert all({"Match", "Round", "Deal"} <= set(note["found"]) for note in seen)


def test_an_isolated_agent_finds_no_match_and_no_other_hand(tmp_path: Path) -> None:
    log = tmp_path / "spy.jsonl"
    table = wr.Table(
        SHORT,
        agents=[Spy(str(log)), Spy(str(log)), RandomBot(seed=2)],
        seed=3,
        isolate=True,
    )
    m = table.run()
    assert table.takeovers == ()
    assert records.adjudicate(table.to_record()).ok
    seen = notes(log)
    assert {note["seat"] for note in seen} == {0, 1}
    assert all(note["pid"] != os.getpid() for note in seen)
    assert len({note["pid"] for note in seen}) == 2  # each seat its own process
    assert all(note["found"] == [] for note in seen)
    for note in seen:
        dealt = m.rounds[note["round"] - 1].hands
        others = {dealt[s].mask for s in range(3) if s != note["seat"] and len(dealt[s]) > 1}
        assert not others & set(note["masks"]), note
    for engine in table.agents:  # stopped when the match ended
        if isinstance(engine, EngineAgent):
            assert_left_nothing(engine.pid)


def test_an_isolated_table_plays_through_asyncio(tmp_path: Path) -> None:
    log = tmp_path / "spy.jsonl"
    table = wr.Table(
        SHORT,
        agents=[Spy(str(log)), RandomBot(seed=1), RandomBot(seed=2)],
        seed=4,
        isolate=True,
    )
    asyncio.run(table.arun())
    assert table.is_over
    assert table.takeovers == ()
    assert all(note["found"] == [] for note in notes(log))


def test_an_agent_that_cannot_be_pickled_cannot_be_isolated() -> None:
    class Local:  # a class inside a function cannot be found by its import path
        def act(self, view: PlayerView) -> wr.Action:
            return view.legal_actions[0]

    with pytest.raises(wr.ConfigurationError, match="cannot be isolated") as caught:
        wr.Table(SHORT, agents=[Local(), RandomBot(), RandomBot()], isolate=True)
    assert caught.value.field == "agents"
    with pytest.raises(wr.ConfigurationError, match="holds a lock"):
        wr.Table(
            SHORT,
            agents=[RandomBot(), RandomBot(), _Locked()],
            isolate=True,
        )


class _Locked(RandomBot):
    __slots__ = ("lock",)

    def __init__(self) -> None:
        super().__init__(seed=1)
        self.lock = threading.Lock()

    def __reduce__(self) -> Any:
        raise TypeError("it holds a lock")


def test_a_table_draws_its_own_seed_with_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []

    def randbits(k: int) -> int:
        drawn.append(k)
        return 123_456_789

    monkeypatch.setattr("whist_ro.table.secrets.randbits", randbits)
    table = wr.Table(SHORT, agents=[RandomBot()] * 3)
    assert drawn == [63]
    assert table.match.seed == 123_456_789
    given = wr.Table(SHORT, agents=[RandomBot()] * 3, seed=5)
    assert given.match.seed == 5
    assert drawn == [63]


def test_isolate_must_be_true_or_false() -> None:
    with pytest.raises(wr.ConfigurationError) as caught:
        wr.Table(SHORT, agents=[RandomBot()] * 3, isolate="yes")  # type: ignore[arg-type]
    assert caught.value.field == "isolate"


def test_closing_an_isolated_table_early_stops_its_processes(tmp_path: Path) -> None:
    with wr.Table(
        SHORT,
        agents=[Spy(str(tmp_path / "s.jsonl")), RandomBot(), RandomBot()],
        seed=1,
        isolate=True,
    ) as table:
        table.step()
        engine = table.agents[0]
        assert isinstance(engine, EngineAgent)
        assert engine.is_running
    assert not engine.is_running
    assert_left_nothing(engine.pid)
