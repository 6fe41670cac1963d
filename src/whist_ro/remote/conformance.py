"""A conformance test any engine author can run: does this program speak the protocol?

:func:`check_engine` starts the engine, shakes hands, plays it through
whole matches of the Romanian family (blind 1-card rounds included) and of
classic whist, slips in messages of unknown types, starts a new match in
the middle of one, and finally checks that it exits on ``quit`` and on the
end of its input.  ``whist-ro engine-test COMMAND`` prints the same report.

>>> import sys
>>> report = check_engine([sys.executable, "-m", "whist_ro", "engine", "random"],
...                       quick=True)
>>> report.ok, report.engine
(True, 'random')
>>> print(report)  # doctest: +ELLIPSIS
engine random (protocol version 1)
PASS  handshake: ...
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from typing import Any, Final

import attrs

from whist_ro import variants
from whist_ro._immutable import Immutable
from whist_ro.actions import Action
from whist_ro.bots.random_bot import RandomBot
from whist_ro.engine.step import Step
from whist_ro.errors import EngineError, EngineProtocolError
from whist_ro.remote.engine import EngineAgent
from whist_ro.remote.process import quiet_logs
from whist_ro.table import Table
from whist_ro.variants import Variant
from whist_ro.views.view import PlayerView

__all__ = ["Check", "ConformanceReport", "check_engine"]

_PROBE: Final = {"type": "x-conformance-probe", "note": "ignore me", "nested": {"a": [1, 2]}}


@attrs.frozen(kw_only=True)
class Check(Immutable):
    """One check of a conformance report: its name, whether it passed, and what was seen.

    >>> str(Check(name="quit", passed=True, detail="exited with status 0 in 0.01 s"))
    'PASS  quit: exited with status 0 in 0.01 s'
    """

    name: str
    passed: bool
    detail: str

    def __str__(self) -> str:
        return f"{'PASS' if self.passed else 'FAIL'}  {self.name}: {self.detail}"


def _checks(value: Sequence[Check]) -> tuple[Check, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class ConformanceReport(Immutable):
    """What :func:`check_engine` found: the engine's name and every check.

    >>> report = ConformanceReport(engine="x", version=1, checks=(
    ...     Check(name="handshake", passed=False, detail="no answer"),))
    >>> report.ok, report.failures[0].name
    (False, 'handshake')
    """

    engine: str
    version: int
    checks: tuple[Check, ...] = attrs.field(converter=_checks)

    @property
    def ok(self) -> bool:
        """True when every check passed."""
        return all(check.passed for check in self.checks)

    @property
    def failures(self) -> tuple[Check, ...]:
        """The checks that failed."""
        return tuple(check for check in self.checks if not check.passed)

    def __str__(self) -> str:
        head = f"engine {self.engine} (protocol version {self.version})"
        return "\n".join([head, *map(str, self.checks)])


class _Probing:
    """The engine's agent at the table, slipping an unknown message in before each decision."""

    def __init__(self, engine: EngineAgent, *, probe: bool) -> None:
        self.engine = engine
        self.probe = probe
        self.seconds: list[float] = []
        self.name = engine.name

    def act(self, view: PlayerView) -> Action:
        if self.probe:
            self.engine._engine.post([_PROBE])
        start = time.perf_counter()
        try:
            return self.engine.act(view)
        finally:
            self.seconds.append(time.perf_counter() - start)

    def observe(self, view: PlayerView, step: Step) -> None:
        self.engine.observe(view, step)


def _match(
    engine: EngineAgent,
    variant: Variant,
    *,
    players: int,
    seat: int,
    seed: int,
    probe: bool,
    steps: int | None = None,
) -> tuple[Table, _Probing]:
    agent = _Probing(engine, probe=probe)
    agents: list[Any] = [RandomBot(seed=seed + s) for s in range(players)]
    agents[seat] = agent
    table = Table(variant, agents=agents, seed=seed)
    if steps is None:
        table.run()
    else:
        for _ in range(steps):
            table.step()
    return table, agent


def _play_check(
    engine: EngineAgent,
    name: str,
    variant: Variant,
    *,
    players: int,
    seat: int,
    seed: int,
    probe: bool = False,
    may_resign: bool = False,
) -> Check:
    table, agent = _match(engine, variant, players=players, seat=seat, seed=seed, probe=probe)
    seconds = agent.seconds
    timing = (
        f"{len(seconds)} decisions, {statistics.fmean(seconds) * 1000:.1f} ms mean, "
        f"{max(seconds) * 1000:.1f} ms at most"
        if seconds
        else "no decision"
    )
    mine = [t for t in table.takeovers if t.seat == seat]
    if not mine:
        return Check(name=name, passed=True, detail=f"a whole match at seat {seat}: {timing}")
    taken = mine[0]
    error = taken.exception
    if may_resign and isinstance(error, EngineProtocolError) and error.kind == "resigned":
        return Check(name=name, passed=True, detail=f"declined: {taken.reason}")
    where = f"round {taken.round}, " + ("bidding" if taken.trick == 0 else f"trick {taken.trick}")
    return Check(name=name, passed=False, detail=f"{where}: {taken.reason}")


def check_engine(
    command: str | Sequence[str],
    *,
    time_limit: float = 5.0,
    seed: int = 1,
    quick: bool = False,
) -> ConformanceReport:
    """Check that the engine ``command`` speaks the protocol; never raises for the engine's faults.

    Each decision may take ``time_limit`` seconds.  The matches are seeded
    from ``seed``.  ``quick=True`` plays short house-rule matches (three
    rounds each) instead of whole presets.  A classic-whist match the engine
    resigns counts as declined, not failed (the protocol lets an engine
    refuse a variant it does not play).
    """
    with quiet_logs():
        return _check(command, time_limit=time_limit, seed=seed, quick=quick)


def _check(
    command: str | Sequence[str], *, time_limit: float, seed: int, quick: bool
) -> ConformanceReport:
    checks: list[Check] = []
    try:
        start = time.perf_counter()
        engine = EngineAgent.popen(command, time_limit=time_limit)
    except EngineError as error:
        lines = "; ".join(error.stderr[-3:])
        detail = f"{error}" + (f" (stderr: {lines})" if lines else "")
        return ConformanceReport(
            engine=str(command) if isinstance(command, str) else " ".join(command),
            version=1,
            checks=(Check(name="handshake", passed=False, detail=detail),),
        )
    info = engine.info
    options = ", ".join(o.name for o in info.options) or "none"
    checks.append(
        Check(
            name="handshake",
            passed=True,
            detail=f"{time.perf_counter() - start:.2f} s; options: {options}; "
            f"observes steps: {'yes' if info.observe else 'no'}",
        )
    )

    def shorten(variant: Variant) -> Variant:
        if not quick or variant.is_classic:  # a classic game is short already
            return variant
        return attrs.evolve(variant, name=variant.name + "-quick", schedule=(1, 3, 5))

    def running() -> EngineAgent:
        # A check that killed the engine does not fail the next ones: start it again.
        nonlocal engine
        if not engine.is_running:
            engine.close()
            engine = EngineAgent.popen(command, time_limit=time_limit)
        return engine

    try:
        plan = [
            ("romanian, 3 players", variants.ROMANIAN, 3, 0, False),
            ("inverted, 4 players, unknown messages", variants.INVERTED, 4, 2, True),
            ("blind rounds, forehead", variants.ROMANIAN_FOREHEAD, 4, 1, False),
            ("blind rounds, hidden", variants.ROMANIAN_HIDDEN, 5, 4, False),
        ]
        for offset, (name, variant, players, seat, probe) in enumerate(plan):
            checks.append(
                _play_check(
                    running(),
                    name,
                    shorten(variant),
                    players=players,
                    seat=seat,
                    seed=seed + offset,
                    probe=probe,
                )
            )
        checks.append(
            _play_check(
                running(),
                "classic whist",
                shorten(variants.CLASSIC),
                players=4,
                seat=3,
                seed=seed + 10,
                may_resign=True,
            )
        )
        if engine.is_running:
            _match(
                engine, variants.ROMANIAN, players=3, seat=1, seed=seed + 20, probe=False, steps=5
            )
            checks.append(
                _play_check(
                    engine,
                    "a new match in the middle of one",
                    shorten(variants.ROMANIAN),
                    players=3,
                    seat=2,
                    seed=seed + 21,
                )
            )
    finally:
        start = time.perf_counter()
        code = engine.close()
        elapsed = time.perf_counter() - start
        checks.append(
            Check(
                name="quit",
                passed=code == 0,
                detail=f"exited with status {code} in {elapsed:.2f} s"
                + ("" if code == 0 else " (killed: it did not exit on quit)" if code < 0 else ""),
            )
        )
    checks.append(_end_of_input(command))
    return ConformanceReport(engine=info.name, version=info.version, checks=checks)


def _end_of_input(command: str | Sequence[str]) -> Check:
    try:
        engine = EngineAgent.popen(command)
    except EngineError as error:
        return Check(name="end of input", passed=False, detail=f"could not start again: {error}")
    inner = engine._engine
    start = time.perf_counter()

    async def close_input() -> int:
        inner.child.writer.close()
        return await inner.child.stop(grace=2.0)

    code = engine._on(inner.loop, close_input())
    inner.closed = True
    engine._finalizer.detach()
    elapsed = time.perf_counter() - start
    return Check(
        name="end of input",
        passed=code == 0,
        detail=f"exited with status {code} in {elapsed:.2f} s once its input was closed",
    )
