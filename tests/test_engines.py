"""Engines that misbehave on purpose (tests/engines/): the table goes on, the takeover names
the reason and carries the engine's last lines on stderr, and no process is left behind."""

from __future__ import annotations

import asyncio
import os
import re
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import whist_ro as wr
from whist_ro import records, variants
from whist_ro.bots import RandomBot
from whist_ro.errors import (
    EngineCrashedError,
    EngineError,
    EngineProtocolError,
    EngineStartError,
    EngineTimeoutError,
)
from whist_ro.remote import EngineAgent, EngineCommand, wire

ENGINES = Path(__file__).resolve().parent / "engines"
LIMIT = 0.5  # for the engines that are to time out
GRACE = 0.5
# For the engines that are not to time out: far above what they need, so that a stall of a
# loaded machine does not make one of them overrun (a whole match is dozens of decisions).
AMPLE = 30.0
TIMED_OUT = {"hang", "late"}

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="process checks read /proc (Linux)"
)


def command(name: str) -> list[str]:
    return [sys.executable, str(ENGINES / f"{name}.py")]


def stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat (state is [2], parent [3], process group [4]), or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name (field 2) is in parentheses and may hold spaces.
    return [text[: text.index(" ")], "comm", *text[text.rindex(")") + 2 :].split()]


def group(pgid: int) -> list[int]:
    """Every process (zombies included) in the process group ``pgid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = stat(int(entry.name))
            if fields is not None and int(fields[4]) == pgid:
                found.append(int(entry.name))
    return found


def zombie_children() -> list[int]:
    me = str(os.getpid())
    zombies = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = stat(int(entry.name))
            if fields is not None and fields[3] == me and fields[2] == "Z":
                zombies.append(int(entry.name))
    return zombies


def assert_left_nothing(pid: int) -> None:
    """The engine, anything it started, and any zombie of ours are gone (waiting up to 10 s)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if stat(pid) is None and not group(pid) and pid not in zombie_children():
            return
        time.sleep(0.05)
    raise AssertionError(f"left behind: {pid} {stat(pid)}, group {group(pid)}")


def until(check: Callable[[], bool], *, timeout: float = 30.0) -> None:
    """Return once ``check()`` holds, polling for up to ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def play_with(engine: EngineAgent, *, seed: int = 1, time_limit: float | None = None) -> wr.Table:
    table = wr.Table(
        variants.ROMANIAN,
        agents=[engine, RandomBot(seed=seed), RandomBot(seed=seed + 1)],
        seed=seed,
        time_limit=time_limit,
    )
    assert table.run().is_over
    return table


def check_record(table: wr.Table, name: str) -> None:
    record = records.loads(records.dumps(table.to_record()))
    assert records.adjudicate(record).ok
    assert record.engines == (name, None, None)
    assert record.takeovers == table.takeovers


# -- the misbehaving engines --------------------------------------------------------------

FAILING = [
    # engine, the takeover reason's start, the error, a line it wrote to stderr (or None)
    ("crash", "engine crashed: crash exited with status 3", EngineCrashedError, "about to fall"),
    ("hang", "engine timed out: hang did not answer within 0.5 s", EngineTimeoutError, "thinking"),
    ("late", "engine timed out: late did not answer within 0.5 s", EngineTimeoutError, None),
    ("garbage", "engine sent garbage: not JSON", EngineProtocolError, None),
    ("huge", "engine sent an oversize line", EngineProtocolError, None),
    ("wrong_seat", "engine answered for seat 1, not for its own seat 0", EngineProtocolError, None),
    ("illegal", "engine played an illegal action: seat 0 cannot play", EngineProtocolError, None),
    ("resign", "engine resigned: 'I only play classic whist'", EngineProtocolError, None),
]


@pytest.mark.parametrize(
    ("name", "reason", "error", "stderr"), FAILING, ids=[c[0] for c in FAILING]
)
def test_a_misbehaving_engine_loses_its_seat_and_leaves_nothing_behind(
    name: str, reason: str, error: type[EngineError], stderr: str | None
) -> None:
    limit = LIMIT if name in TIMED_OUT else AMPLE
    engine = EngineAgent.popen(command(name), time_limit=limit, grace=GRACE)
    pid = engine.pid
    try:
        table = play_with(engine)
        (takeover,) = table.takeovers
        assert takeover.seat == 0
        assert takeover.agent == name
        assert takeover.reason.startswith(reason), takeover.reason
        assert takeover.error == error.__name__
        assert isinstance(takeover.exception, error)
        assert takeover.exception.engine == name
        # The reason is kept in Romanian too, as the engine's error renders itself.
        assert takeover.explain("ro") == takeover.exception.explain("ro") != takeover.reason
        assert takeover.explain("ro").startswith("motorul ")
        if stderr is not None:
            assert any(stderr in line for line in takeover.exception.stderr)
            assert stderr in (takeover.traceback or "")  # the lines travel in the record
        check_record(table, name)
    finally:
        engine.close(grace=GRACE)
    assert_left_nothing(pid)


def test_an_illegal_card_is_refused_with_the_rule_it_breaks() -> None:
    with EngineAgent.popen(command("illegal"), time_limit=AMPLE) as engine:
        table = play_with(engine, seed=4)
    (takeover,) = table.takeovers
    assert takeover.trick >= 1
    assert "(R-PLAY-" in takeover.reason


def test_a_hung_engine_is_killed_after_its_grace_period_with_what_it_started() -> None:
    engine = EngineAgent.popen(command("hang"), time_limit=LIMIT, grace=GRACE)
    pid = engine.pid
    play_with(engine)
    assert_left_nothing(pid)  # killed by the watchdog, before any close()
    assert engine.returncode == -9
    assert isinstance(engine.failure, EngineTimeoutError)
    assert "grace period" in str(engine.failure)
    assert not engine.is_running
    engine.close()


@pytest.mark.parametrize("own", [LIMIT, None, 30.0], ids=["same", "none", "longer"])
def test_a_timeout_names_the_limit_as_set_not_the_time_that_was_left(own: float | None) -> None:
    """The table's 0.5 s bounds the wait: the reason says 0.5 s, not 0.49999... s."""
    engine = EngineAgent.popen(command("hang"), time_limit=own, grace=GRACE)
    pid = engine.pid
    try:
        table = play_with(engine, time_limit=LIMIT)
    finally:
        engine.close(grace=GRACE)
    (takeover,) = table.takeovers
    assert takeover.reason == f"engine timed out: hang did not answer within {LIMIT:g} s"
    assert takeover.explain("ro") == "motorul a depășit timpul: hang nu a răspuns în 0,5 s"
    assert_left_nothing(pid)


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("message", None),  # a field beside the action, in the message: ignored
        ("action", "engine sent garbage: action.action: 'confidence' is not a field of an action"),
        ("string_id", "engine timed out: extra did not answer within 0.5 s"),  # "2" is no id
    ],
)
def test_unknown_fields_are_ignored_in_messages_but_an_action_is_exact(
    mode: str, reason: str | None
) -> None:
    """docs/protocol.md: which objects ignore a field they do not know, and the answer's id."""
    limit = LIMIT if mode == "string_id" else AMPLE  # only the string id times out
    engine = EngineAgent.popen([*command("extra"), mode], time_limit=limit, grace=GRACE)
    pid = engine.pid
    try:
        table = play_with(engine)
    finally:
        engine.close(grace=GRACE)
    if reason is None:
        assert table.takeovers == ()
    else:
        (takeover,) = table.takeovers
        assert takeover.reason.startswith(reason), takeover.reason
    assert_left_nothing(pid)


def after_grace(engine: EngineAgent) -> None:
    """Return once the engine's own loop has run every timer due within ``grace`` from now.

    A timer set on the engine's loop ``grace`` seconds from now fires after any watchdog
    armed before now (the loop runs timers in the order they fall due), however slow the
    machine: no wall-clock guess of how long to wait.
    """
    inner = engine._engine
    fired = threading.Event()
    inner.loop.call_soon_threadsafe(inner.loop.call_later, inner.grace, fired.set)
    assert fired.wait(60 + inner.grace)


def test_a_late_engine_lives_on_and_its_late_answer_is_thrown_away() -> None:
    # The table's 0.5 s makes the engine's second answer late (it answers 0.3 s after the
    # limit it is sent, well within the grace); the engine has no limit of its own, so the
    # next match has none and cannot overrun on a loaded machine.
    with EngineAgent.popen(command("late"), grace=3.0) as engine:
        # (Should a stall make a bot overrun the 0.5 s too, its seat is taken over as well.)
        (takeover,) = [t for t in play_with(engine, time_limit=LIMIT).takeovers if t.seat == 0]
        assert takeover.reason == f"engine timed out: late did not answer within {LIMIT:g} s"
        until(lambda: not engine._engine.late)  # the late answer has come, and was dropped
        after_grace(engine)  # ... and the watchdog would have fired by now, had it not
        assert engine.is_running
        assert engine.failure is None
        table = play_with(engine, seed=2)  # a fresh match: it plays (late only once)
        assert table.takeovers == ()


def test_an_engine_that_ignores_quit_is_killed() -> None:
    engine = EngineAgent.popen(command("ignore_quit"), time_limit=AMPLE)
    pid = engine.pid
    table = play_with(engine)
    assert table.takeovers == ()
    start = time.monotonic()
    assert engine.close(grace=GRACE) == -9
    assert time.monotonic() - start < GRACE + 3
    assert_left_nothing(pid)


def test_a_flood_on_stderr_is_drained_and_kept_bounded() -> None:
    # The engine writes 20 MB to stderr before it answers hello: a manager that did not
    # drain stderr would wait for the handshake for ever.
    engine = EngineAgent.popen(command("flood"), time_limit=5)
    pid = engine.pid
    table = play_with(engine)
    assert table.takeovers == ()
    lines = engine.stderr
    assert 0 < len(lines) <= 50
    assert lines[-1] == "the last line of the flood"
    assert all(len(line) <= 501 for line in lines)
    assert engine.close() == 0
    assert_left_nothing(pid)


def test_unknown_messages_and_blank_lines_from_an_engine_are_ignored() -> None:
    with EngineAgent.popen(command("chatty"), time_limit=AMPLE) as engine:
        table = play_with(engine)
    assert table.takeovers == ()
    check_record(table, "chatty")


def test_a_table_tells_an_engine_only_the_steps_it_needs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine that observes hears of every step; any other only of round ends and the end.

    The table builds no view for the steps an engine would not be sent.
    """
    (tmp_path / "watcher.py").write_text(
        "from whist_ro.bots import RuleBot\n"
        "from whist_ro.remote import serve\n"
        "class Watcher(RuleBot):\n"
        "    def observe(self, view, step):\n"
        "        self.seen = getattr(self, 'seen', 0) + 1\n"
        "if __name__ == '__main__':\n"
        "    serve(Watcher(seed=1), name='watcher')\n"
    )
    told: list[tuple[str, wr.Step]] = []
    observe = EngineAgent.observe

    def spy(self: EngineAgent, view: wr.PlayerView, step: wr.Step) -> None:
        told.append((self.name, step))
        observe(self, view, step)

    monkeypatch.setattr(EngineAgent, "observe", spy)
    rule = [sys.executable, "-m", "whist_ro", "engine", "rule"]
    with (
        EngineAgent.popen([sys.executable, "-m", "watcher"], cwd=str(tmp_path)) as watcher,
        EngineAgent.popen(rule) as silent,
    ):
        assert watcher.info.observe
        assert not silent.info.observe
        table = wr.Table(variants.ROMANIAN, agents=[watcher, silent, RandomBot(seed=1)], seed=2)
        m = table.run()
        assert table.takeovers == ()
    assert len([s for name, s in told if name == "watcher"]) == len(m.history)
    ends = [s for name, s in told if name == "rule"]
    assert len(ends) == len(m.rounds)
    assert all(s.round_over for s in ends)
    assert [s.match_over for s in ends] == [False] * (len(ends) - 1) + [True]


def test_a_crashed_engine_says_so_at_every_later_call() -> None:
    with EngineAgent.popen(command("crash"), time_limit=AMPLE) as engine:
        play_with(engine)
        m = wr.Match.new(variants.ROMANIAN, players=3, seed=2)
        with pytest.raises(EngineCrashedError, match="exited with status 3") as caught:
            engine.act(m.view(m.to_act))  # type: ignore[arg-type]
        assert caught.value.returncode == 3


@pytest.mark.parametrize(
    ("cmd", "message"),
    [
        (command("bad_hello"), "speaks version 99"),
        ([sys.executable, "-c", "import sys; sys.exit(5)"], "exited with status 5"),
        (
            [sys.executable, "-c", "print('hello?', flush=True); import time; time.sleep(9)"],
            "not JSON",
        ),
        ([sys.executable, "-c", "import time; time.sleep(30)"], "within 1 s"),
        (
            ["/nonexistent/engine"],
            "engine /nonexistent/engine: cannot start '/nonexistent/engine': no such file",
        ),
    ],
    ids=["version", "exits", "garbage", "silent", "missing"],
)
def test_an_engine_that_fails_the_handshake_is_refused_and_stopped(
    cmd: list[str], message: str
) -> None:
    before = set(zombie_children())
    with pytest.raises(EngineStartError, match=message):
        EngineAgent.popen(cmd, handshake=1.0)
    until(lambda: set(zombie_children()) <= before)  # every refused engine is reaped


def test_options_are_checked_before_they_are_sent() -> None:
    search = [sys.executable, "-m", "whist_ro", "engine", "search", "--samples", "2"]
    with pytest.raises(EngineStartError, match="no option 'depth'"):
        EngineAgent.popen(search, options={"depth": 3})
    with pytest.raises(EngineStartError, match="'samples': 0 is not"):
        EngineAgent.popen(search, options={"samples": 0})
    with EngineAgent.popen(search, options={"samples": 3, "policy": "random"}) as engine:
        assert engine.info.option("samples").default == 2
        assert play_with(engine).takeovers == ()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("time_limit", 0),
        ("time_limit", float("nan")),
        ("grace", None),
        ("name", ""),
        ("options", [1]),
        ("max_message", 10),
    ],
)
def test_bad_settings_are_refused_before_anything_starts(field: str, value: object) -> None:
    with pytest.raises(wr.ConfigurationError) as caught:
        EngineAgent.popen(command("chatty"), **{field: value})  # type: ignore[arg-type]
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("cmd", "message"),
    [
        ('node "x', "the engine command 'node \"x' has a quote that is not closed"),
        ("node x\\", "ends in a backslash that escapes nothing"),
        (None, "an engine command is a str or a list of str, not None"),
        ([b"node"], "an engine command is a str or a list of str, not"),
        ("", "the engine command is empty"),
        ([], "the engine command is empty"),
    ],
)
def test_a_command_that_cannot_be_read_is_refused_by_name(cmd: object, message: str) -> None:
    """popen raises EngineStartError and EngineCommand a ConfigurationError, never a ValueError."""
    with pytest.raises(EngineStartError) as started:
        EngineAgent.popen(cmd)  # type: ignore[arg-type]
    assert message in str(started.value)
    assert started.value.explain("ro") != str(started.value)  # a catalogue message
    with pytest.raises(wr.ConfigurationError) as configured:
        EngineCommand(command=cmd, name="x")  # type: ignore[arg-type]
    assert configured.value.field == "command"
    assert message in str(configured.value)
    assert configured.value.explain("ro") == started.value.explain("ro")


# -- the same through asyncio ------------------------------------------------------------------


async def aplay(engine: EngineAgent, *, time_limit: float | None) -> wr.Table:
    table = wr.Table(
        variants.ROMANIAN,
        agents=[engine, RandomBot(seed=1), RandomBot(seed=2)],
        seed=1,
        time_limit=time_limit,
    )
    assert (await table.arun()).is_over
    return table


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("hang", "took longer than the 0.5 s limit"),  # the table's limit: cancelled
        ("crash", "engine crashed"),
        ("garbage", "engine sent garbage"),
        ("wrong_seat", "engine answered for seat 1"),
    ],
)
def test_async_tables_take_misbehaving_engines_over_too(name: str, reason: str) -> None:
    async def main() -> tuple[wr.Table, int]:
        engine = await EngineAgent.apopen(command(name), grace=GRACE)
        try:
            return await aplay(engine, time_limit=LIMIT if name in TIMED_OUT else AMPLE), engine.pid
        finally:
            await engine.aclose(grace=GRACE)

    table, pid = asyncio.run(main())
    (takeover,) = table.takeovers
    assert takeover.reason.startswith(reason), takeover.reason
    assert_left_nothing(pid)


def test_a_background_engine_plays_at_an_async_table() -> None:
    # Started synchronously (its own loop in a thread), played from another loop.
    with EngineAgent.popen([sys.executable, "-m", "whist_ro", "engine", "rule"]) as engine:
        table = asyncio.run(aplay(engine, time_limit=5))
    assert table.takeovers == ()


def test_blocking_calls_inside_the_engines_own_loop_are_refused() -> None:
    async def main() -> None:
        async with await EngineAgent.apopen(command("chatty")) as engine:
            m = wr.Match.new(variants.ROMANIAN, players=3, seed=1)
            with pytest.raises(EngineError, match="call it with await"):
                engine.close()
            assert (await engine.aact(m.view(m.to_act))) in m.legal_actions()  # type: ignore[arg-type]

    asyncio.run(main())


@pytest.mark.parametrize(
    ("how", "why"),
    [
        ("text", "its id '1' is not the request's id, the JSON integer 1"),
        ("none", "it has no id (the request's id is 1)"),
        ("unknown", "its id 1001 is no request waiting for an answer (the request's id is 1)"),
    ],
)
def test_a_timeout_says_which_answer_was_ignored_and_why(how: str, why: str) -> None:
    """An answer with the id as text is thrown away, as the protocol says; the takeover's reason
    says so, instead of a bare timeout the engine's author cannot explain."""
    # The limit only bounds the wait: the ignored answer comes at once, well inside it.
    with EngineAgent.popen([*command("text_id"), how], time_limit=5.0, grace=0.5) as engine:
        table = play_with(engine)
    (takeover,) = table.takeovers
    assert takeover.reason == (
        f"engine timed out: text_id did not answer within 5 s; an answer was ignored: {why}"
    )
    assert takeover.translations["ro"].startswith(
        "motorul a depășit timpul: text_id nu a răspuns în 5 s; un răspuns a fost ignorat: "
    )


def test_card_text_in_an_answer_is_read_in_any_case_and_with_t_for_ten() -> None:
    """The manager reads an engine's card as Card.parse does (any case, T for 10, suit
    symbols); it writes only the form the schema describes, which an engine should write."""
    for text, card in [("Th", "10h"), ("QH", "Qh"), ("10H", "10h"), ("k♠", "Ks"), ("qh", "Qh")]:
        answer = {"type": "action", "id": 3, "action": {"seat": 1, "card": text}}
        assert wire.read_answer(answer) == (3, wr.Play(seat=1, card=wr.Card.parse(card)))
        written = wr.Play(seat=1, card=wr.Card.parse(text)).to_dict()["card"]
        assert written == card
    pattern = wire.schema("common")["$defs"]["card"]["pattern"]
    assert re.fullmatch(pattern, "10h")
    assert not re.fullmatch(pattern, "Th")
    assert not re.fullmatch(pattern, "QH")
