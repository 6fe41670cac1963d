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
from whist_ro._text import Sentence
from whist_ro.actions import Action
from whist_ro.bots.random_bot import RandomBot
from whist_ro.engine.step import Step
from whist_ro.errors import EngineError, EngineProtocolError, WhistError
from whist_ro.locale import N_, NP_, check, render
from whist_ro.remote.engine import EngineAgent
from whist_ro.remote.process import quiet_logs
from whist_ro.table import Table
from whist_ro.variants import Variant
from whist_ro.views.view import PlayerView

__all__ = ["Check", "ConformanceReport", "check_engine"]

_PROBE: Final = {"type": "x-conformance-probe", "note": "ignore me", "nested": {"a": [1, 2]}}

# The report's words: the check names are catalogue messages too, so that
# ``whist-ro engine-test --lang ro`` prints the report in Romanian.
_LINE: Final = N_("{verdict}  {name}: {detail}")
_PASS: Final = N_("PASS")
_FAIL: Final = N_("FAIL")
_HEAD: Final = N_("engine {engine} (protocol version {version})")
_HANDSHAKE: Final = N_("handshake")
_QUIT: Final = N_("quit")
_END_OF_INPUT: Final = N_("end of input")
_ROMANIAN: Final = N_("romanian, 3 players")
_INVERTED: Final = N_("inverted, 4 players, unknown messages")
_FOREHEAD: Final = N_("blind rounds, forehead")
_HIDDEN: Final = N_("blind rounds, hidden")
_CLASSIC: Final = N_("classic whist")
_NEW_MATCH: Final = N_("a new match in the middle of one")
_TIMING: Final = NP_(
    "{n:,} decision, {mean:.1f} ms mean, {most:.1f} ms at most",
    "{n:,} decisions, {mean:.1f} ms mean, {most:.1f} ms at most",
)
_NO_DECISION: Final = N_("no decision")
_WHOLE_MATCH: Final = N_("a whole match at seat {seat}: {timing}")
_DECLINED: Final = N_("declined: {reason}")
_TAKEN_BIDDING: Final = N_("round {round}, bidding: {reason}")
_TAKEN_TRICK: Final = N_("round {round}, trick {trick}: {reason}")
_NO_START: Final = N_("{error} (stderr: {lines})")
_SHOOK_HANDS: Final = N_("{seconds:.2f} s; options: {options}; observes steps: {observes}")
_NONE: Final = N_("none")
_YES: Final = N_("yes")
_NO: Final = N_("no")
_EXITED: Final = N_("exited with status {code} in {seconds:.2f} s")
_KILLED: Final = N_(
    "exited with status {code} in {seconds:.2f} s (killed: it did not exit on quit)"
)
_NO_RESTART: Final = N_("could not start again: {error}")
_INPUT_CLOSED: Final = N_("exited with status {code} in {seconds:.2f} s once its input was closed")


@attrs.frozen(kw_only=True)
class Check(Immutable):
    """One check of a conformance report: its name, whether it passed, and what was seen.

    ``detail`` is text, or a :class:`~whist_ro._text.Sentence` or a
    refusal (:class:`~whist_ro.errors.WhistError`) that :meth:`render`
    writes in another language.

    >>> str(Check(name="quit", passed=True, detail="exited with status 0 in 0.01 s"))
    'PASS  quit: exited with status 0 in 0.01 s'
    """

    name: str
    passed: bool
    detail: str | Sentence | WhistError

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str = "en") -> str:
        """The check's line in ``lang`` (``"en"``: ``str()``, or ``"ro"``).

        >>> Check(name="quit", passed=False, detail=Sentence(_NO_DECISION)).render("ro")
        'EȘUAT  quit: nicio decizie'
        """
        return render(
            _LINE,
            check(lang),
            verdict=Sentence(_PASS if self.passed else _FAIL),
            name=Sentence(self.name),
            detail=self.detail,
        )


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
        return self.render()

    def render(self, lang: str = "en") -> str:
        """The report in ``lang`` (``"en"``: ``str()``, or ``"ro"``): a head line, a line a check.

        >>> print(ConformanceReport(engine="x", version=1, checks=(
        ...     Check(name="handshake", passed=True, detail="0.01 s"),)).render("ro"))
        motorul x (versiunea 1 a protocolului)
        TRECUT  salutul inițial: 0.01 s
        """
        head = render(_HEAD, check(lang), engine=self.engine, version=self.version)
        return "\n".join([head, *(c.render(lang) for c in self.checks)])


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
        Sentence.plural(
            _TIMING,
            len(seconds),
            mean=statistics.fmean(seconds) * 1000,
            most=max(seconds) * 1000,
        )
        if seconds
        else Sentence(_NO_DECISION)
    )
    mine = [t for t in table.takeovers if t.seat == seat]
    if not mine:
        return Check(
            name=name, passed=True, detail=Sentence(_WHOLE_MATCH, seat=seat, timing=timing)
        )
    taken = mine[0]
    error = taken.exception
    if may_resign and isinstance(error, EngineProtocolError) and error.kind == "resigned":
        return Check(name=name, passed=True, detail=Sentence(_DECLINED, reason=taken))
    where = (
        Sentence(_TAKEN_BIDDING, round=taken.round, reason=taken)
        if taken.trick == 0
        else Sentence(_TAKEN_TRICK, round=taken.round, trick=taken.trick, reason=taken)
    )
    return Check(name=name, passed=False, detail=where)


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
        detail: Sentence | WhistError = (
            Sentence(_NO_START, error=error, lines=lines) if lines else error
        )
        return ConformanceReport(
            engine=str(command) if isinstance(command, str) else " ".join(command),
            version=1,
            checks=(Check(name=_HANDSHAKE, passed=False, detail=detail),),
        )
    info = engine.info
    checks.append(
        Check(
            name=_HANDSHAKE,
            passed=True,
            detail=Sentence(
                _SHOOK_HANDS,
                seconds=time.perf_counter() - start,
                options=", ".join(o.name for o in info.options) or Sentence(_NONE),
                observes=Sentence(_YES if info.observe else _NO),
            ),
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
            (_ROMANIAN, variants.ROMANIAN, 3, 0, False),
            (_INVERTED, variants.INVERTED, 4, 2, True),
            (_FOREHEAD, variants.ROMANIAN_FOREHEAD, 4, 1, False),
            (_HIDDEN, variants.ROMANIAN_HIDDEN, 5, 4, False),
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
                _CLASSIC,
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
                    _NEW_MATCH,
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
                name=_QUIT,
                passed=code == 0,
                detail=Sentence(_KILLED if code < 0 else _EXITED, code=code, seconds=elapsed),
            )
        )
    checks.append(_end_of_input(command))
    return ConformanceReport(engine=info.name, version=info.version, checks=checks)


def _end_of_input(command: str | Sequence[str]) -> Check:
    try:
        engine = EngineAgent.popen(command)
    except EngineError as error:
        return Check(name=_END_OF_INPUT, passed=False, detail=Sentence(_NO_RESTART, error=error))
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
        name=_END_OF_INPUT,
        passed=code == 0,
        detail=Sentence(_INPUT_CLOSED, code=code, seconds=elapsed),
    )
