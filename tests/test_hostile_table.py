"""Hostile agents at a Table: nothing an agent does may crash the table or desynchronise it.

Each reproducer of the hardening review is a named case.  After any agent
failure the table must be consistent: the match history grew by exactly the
steps taken, every observing agent that kept its seat was told of every step
exactly once, the record adjudicates as legal, and the takeover names the
reason.  ``KeyboardInterrupt`` and ``asyncio.CancelledError`` stop the host:
they propagate and leave the table so that ``run()`` resumes.
"""

from __future__ import annotations

import asyncio
import logging
import random
import subprocess
import sys
import textwrap
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import whist_ro as wr
from whist_ro import Bid, Play, Step, records, variants
from whist_ro.errors import AgentError, TableBusyError
from whist_ro.table import Table
from whist_ro.views import PlayerView


class Counting:
    """Plays the first legal action and counts the steps it is told of."""

    def __init__(self) -> None:
        self.told: list[Step] = []

    def act(self, view: PlayerView) -> wr.Action:
        return view.legal_actions[0]

    def observe(self, view: PlayerView, step: Step) -> None:
        self.told.append(step)


class Hostile(Counting):
    """Plays like Counting until its ``at``-th decision, then does ``misdeed``."""

    def __init__(self, misdeed: Callable[[PlayerView], Any], at: int = 1) -> None:
        super().__init__()
        self.misdeed, self.at, self.calls = misdeed, at, 0

    def act(self, view: PlayerView) -> wr.Action:
        self.calls += 1
        if self.calls >= self.at:
            result: wr.Action = self.misdeed(view)
            return result
        return view.legal_actions[0]


class BadTextError(Exception):
    def __str__(self) -> str:
        raise ValueError("no text for you")


class IntTextError(Exception):
    def __str__(self) -> Any:
        return 42  # noqa: PLE0307 - the point: a __str__ that breaks its contract


class ExitsError(Exception):
    def __str__(self) -> str:
        raise SystemExit(3)


class SlyPlay(Play):
    """A Play subclass whose fields run code when read."""

    __slots__ = ()

    @property
    def card(self) -> Any:  # type: ignore[override]
        raise RuntimeError("gotcha")

    @property
    def seat(self) -> Any:  # type: ignore[override]
        raise RuntimeError("gotcha")


class ReprExitsError:
    def __repr__(self) -> str:
        raise SystemExit(1)


def _raise(error: BaseException) -> Callable[[PlayerView], Any]:
    def misdeed(view: PlayerView) -> Any:
        raise error

    return misdeed


def _sly(view: PlayerView) -> Any:
    legal = view.legal_actions[0]
    sly = object.__new__(SlyPlay)
    del legal
    return sly


MISDEEDS: dict[str, tuple[Callable[[PlayerView], Any], str]] = {
    "exception_whose_str_raises": (
        _raise(BadTextError()),
        "raised BadTextError: <BadTextError whose text cannot be read>",
    ),
    "exception_whose_str_returns_an_int": (
        _raise(IntTextError()),
        "raised IntTextError: <IntTextError whose text cannot be read>",
    ),
    "exception_whose_str_raises_system_exit": (
        _raise(ExitsError()),
        "raised ExitsError: <ExitsError whose text cannot be read>",
    ),
    "system_exit": (_raise(SystemExit(2)), "raised SystemExit: 2"),
    "generator_exit": (_raise(GeneratorExit()), "raised GeneratorExit: "),
    "play_subclass_whose_fields_raise": (_sly, "which is not a Bid or a Play"),
    "answer_whose_repr_raises_system_exit": (
        lambda view: ReprExitsError(),
        "returned <ReprExitsError object>, which is not a Bid or a Play",
    ),
    "a_bid_for_another_seat": (
        lambda view: Bid(seat=(view.seat + 1) % view.players, tricks=0),
        "returned an illegal action",
    ),
    "none": (lambda view: None, "returned None, which is not a Bid or a Play"),
}


def _check_consistent(table: Table, agents: list[Any], lost: set[int]) -> None:
    """The table's invariants after any failure: see the module docstring."""
    m = table.match
    for seat, agent in enumerate(agents):
        if isinstance(agent, Counting) and seat not in lost:
            assert [s.action for s in agent.told] == list(m.history), seat
    assert records.adjudicate(table.to_record()).ok


@pytest.mark.parametrize("name", sorted(MISDEEDS))
def test_a_hostile_answer_ends_in_a_takeover(name: str) -> None:
    misdeed, says = MISDEEDS[name]
    agents: list[Any] = [Counting(), Hostile(misdeed, at=3), Counting()]
    table = Table(variants.ROMANIAN, agents=agents, seed=7, fallback=Counting())
    table.run()
    (takeover,) = table.takeovers
    assert takeover.seat == 1
    assert says in takeover.reason, takeover.reason
    _check_consistent(table, agents, lost={1})


class ObserveProperty(Counting):
    @property
    def observe(self) -> Any:
        raise RuntimeError("no ears")


class GetattrRaises(Counting):
    observe = None  # type: ignore[assignment]

    def __getattribute__(self, name: str) -> Any:
        if name == "observe":
            raise ValueError("not today")
        return super().__getattribute__(name)


@pytest.mark.parametrize("kind", [ObserveProperty, GetattrRaises])
def test_an_observer_that_fails_to_be_read_is_taken_over_and_the_table_stays_in_step(
    kind: type[Counting],
) -> None:
    agents: list[Any] = [Counting(), kind(), Counting()]
    table = Table(variants.ROMANIAN, agents=agents, seed=3)
    for taken in range(20):
        step = table.step()  # never raises, although seat 1 cannot observe
        assert table.match.history[-1] == step.action
        assert len(table.match.history) == taken + 1
    (takeover,) = table.takeovers
    assert takeover.seat == 1
    assert takeover.reason.startswith("observe raised")
    _check_consistent(table, agents, lost={1})


class Reenters(Counting):
    def __init__(self, where: str) -> None:
        super().__init__()
        self.where = where
        self.table: Table | None = None
        self.refused: list[str] = []

    def act(self, view: PlayerView) -> wr.Action:
        if self.where == "act":
            assert self.table is not None
            self.table.step()
        return view.legal_actions[0]

    def observe(self, view: PlayerView, step: Step) -> None:
        super().observe(view, step)
        if self.where in ("observe", "catch"):
            assert self.table is not None
            try:
                self.table.run()
            except TableBusyError as error:
                self.refused.append(str(error))
                if self.where == "observe":
                    raise


@pytest.mark.parametrize("where", ["act", "observe"])
def test_re_entering_the_table_is_refused_and_costs_the_agent_its_seat(where: str) -> None:
    rogue = Reenters(where)
    agents: list[Any] = [Counting(), rogue, Counting()]
    table = Table(variants.ROMANIAN, agents=agents, seed=9)
    rogue.table = table
    table.run()
    (takeover,) = table.takeovers
    assert takeover.seat == 1
    assert "TableBusyError" in takeover.reason
    assert "already playing a step" in takeover.reason
    _check_consistent(table, agents, lost={1})


def test_an_agent_that_catches_the_refusal_keeps_its_seat() -> None:
    polite = Reenters("catch")
    agents: list[Any] = [Counting(), polite, Counting()]
    table = Table(variants.ROMANIAN, agents=agents, seed=9)
    polite.table = table
    table.run()
    assert table.takeovers == ()
    assert len(polite.refused) == len(table.match.history)
    _check_consistent(table, agents, lost=set())


class StopsTheHost(Counting):
    """Raises ``error`` once, at its ``at``-th call of ``where``; then behaves."""

    def __init__(self, error: type[BaseException], where: str, at: int) -> None:
        super().__init__()
        self.error, self.where, self.at, self.calls = error, where, at, 0

    def _maybe(self, where: str) -> None:
        if where == self.where:
            self.calls += 1
            if self.calls == self.at:
                raise self.error

    def act(self, view: PlayerView) -> wr.Action:
        self._maybe("act")
        return super().act(view)

    def observe(self, view: PlayerView, step: Step) -> None:
        self._maybe("observe")
        super().observe(view, step)


@pytest.mark.parametrize("error", [KeyboardInterrupt, asyncio.CancelledError])
def test_an_interrupt_while_an_agent_decides_leaves_the_table_as_it_was(
    error: type[BaseException],
) -> None:
    host = StopsTheHost(error, "act", at=4)
    agents: list[Any] = [Counting(), host, Counting()]
    table = Table(variants.ROMANIAN, agents=agents, seed=4)
    with pytest.raises(error):
        table.run()
    before = table.match
    assert table.takeovers == ()
    table.run()  # resumes: the same agent is asked again
    assert table.match.is_over
    assert table.takeovers == ()
    assert before.history == table.match.history[: len(before.history)]
    _check_consistent(table, agents, lost=set())


@pytest.mark.parametrize("error", [KeyboardInterrupt, asyncio.CancelledError])
def test_an_interrupt_while_observers_are_told_tells_the_rest_on_resume(
    error: type[BaseException],
) -> None:
    host = StopsTheHost(error, "observe", at=5)
    agents: list[Any] = [Counting(), host, Counting()]
    table = Table(variants.ROMANIAN, agents=agents, seed=4)
    with pytest.raises(error):
        table.run()
    assert len(table.match.history) == 5  # the step was applied; no other
    table.run()
    assert table.takeovers == ()
    m = table.match
    assert [s.action for s in agents[0].told] == list(m.history)
    assert [s.action for s in agents[2].told] == list(m.history)
    # The interrupted observer missed the one step it was being told of.
    assert len(host.told) == len(m.history) - 1


def test_on_error_raise_raises_from_the_agents_own_exception_and_changes_nothing() -> None:
    class Typo:
        def act(self, view: PlayerView) -> wr.Action:
            return view.legal_action[0]  # type: ignore[attr-defined, no-any-return]

    table = Table(variants.ROMANIAN, agents=[Typo()] * 3, seed=1, on_error="raise")
    before = table.match
    with pytest.raises(AgentError) as info:
        table.step()
    error = info.value
    assert isinstance(error.__cause__, AttributeError)
    assert error.seat == before.to_act
    assert error.rule == "R-SEAT-1"
    assert error.takeover.error == "AttributeError"
    assert error.takeover.traceback is not None
    assert "legal_action" in error.takeover.traceback
    assert table.match is before
    assert table.takeovers == ()
    assert table.agents[error.seat] is not table.fallback


def test_on_error_raise_for_an_observer_keeps_the_step_and_tells_the_rest_later() -> None:
    class Deaf(Counting):
        def observe(self, view: PlayerView, step: Step) -> None:
            raise ValueError("deaf")

    agents: list[Any] = [Counting(), Deaf(), Counting()]
    table = Table(variants.ROMANIAN, agents=agents, seed=1, on_error="raise")
    with pytest.raises(AgentError, match="observe raised ValueError: deaf"):
        table.step()
    assert len(table.match.history) == 1


def test_on_error_is_checked() -> None:
    with pytest.raises(wr.ConfigurationError, match="on_error must be 'takeover' or 'raise'"):
        Table(variants.ROMANIAN, agents=[Counting()] * 3, on_error="ignore")  # type: ignore[arg-type]


def test_every_takeover_is_logged_with_its_traceback(caplog: pytest.LogCaptureFixture) -> None:
    agents: list[Any] = [Counting(), Hostile(_raise(KeyError("x"))), Counting()]
    with caplog.at_level(logging.WARNING, logger="whist_ro.table"):
        Table(variants.ROMANIAN, agents=agents, seed=2).run()
    (record,) = caplog.records
    assert record.name == "whist_ro.table"
    assert "seat 1 (Hostile) taken over by RandomBot" in record.getMessage()
    assert record.exc_info is not None
    assert isinstance(record.exc_info[1], KeyError)


def test_development_mode_turns_takeovers_into_warnings() -> None:
    script = textwrap.dedent(
        """
        import warnings, whist_ro as wr
        class Broken:
            def act(self, view):
                raise RuntimeError("bug")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            t = wr.Table(wr.variants.ROMANIAN, agents=[Broken()] + [Broken()] * 2, seed=1)
            t.step()
        print(sorted({type(w.message).__name__ for w in caught}))
        """
    )
    for flags, expected in ((["-X", "dev"], "['TakeoverWarning']"), ([], "[]")):
        out = subprocess.run(
            [sys.executable, *flags, "-c", script], capture_output=True, text=True, check=True
        )
        assert out.stdout.strip() == expected


def test_the_takeover_keeps_the_exception_and_pickles_without_it() -> None:
    import pickle  # noqa: PLC0415

    agents: list[Any] = [Counting(), Hostile(_raise(KeyError("x"))), Counting()]
    table = Table(variants.ROMANIAN, agents=agents, seed=2)
    table.step()
    while not table.takeovers:
        table.step()
    (takeover,) = table.takeovers
    assert isinstance(takeover.exception, KeyError)
    back = pickle.loads(pickle.dumps(takeover))
    assert back == takeover
    assert back.exception is None
    assert back.traceback == takeover.traceback


def test_a_fallback_that_fails_too_is_logged_and_the_match_goes_on() -> None:
    broken = Hostile(_raise(RuntimeError("down")))
    table = Table(variants.ROMANIAN, agents=[broken] * 3, seed=5, fallback=broken)
    for _ in range(30):  # each step logs a traceback: a few suffice
        table.step()
    assert len(table.takeovers) == 30
    assert all("the fallback failed too" in t.reason for t in table.takeovers)
    assert records.adjudicate(table.to_record()).ok


MISDEED_NAMES = sorted(MISDEEDS)


@settings(max_examples=10, deadline=None)
@given(
    schedule=st.lists(
        st.tuples(st.integers(0, 2), st.sampled_from(MISDEED_NAMES), st.integers(1, 40)),
        max_size=3,
    ),
    seed=st.integers(0, 1000),
)
def test_any_mix_of_hostile_agents_leaves_a_legal_record(
    schedule: list[tuple[int, str, int]], seed: int
) -> None:
    agents: list[Any] = [Counting(), Counting(), Counting()]
    for seat, name, at in schedule:
        agents[seat] = Hostile(MISDEEDS[name][0], at=at)
    table = Table(
        variants.ROMANIAN, agents=agents, seed=seed, names=["a", "b", "c"], fallback=Counting()
    )
    rng = random.Random(seed)
    while not table.is_over:
        table.step()
        if rng.random() < 0.01:
            break
    lost = {t.seat for t in table.takeovers}
    assert lost <= {seat for seat, _, _ in schedule}
    record = table.to_record()
    assert record.players == ("a", "b", "c")
    assert [t.seat for t in record.takeovers] == [t.seat for t in table.takeovers]
    assert records.loads(records.dumps(record)) == record
    _check_consistent(table, agents, lost=lost)
