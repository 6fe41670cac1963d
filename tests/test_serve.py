"""serve(agent): any Python agent as an engine; what it answers, and how it fails."""

from __future__ import annotations

import asyncio
import io
import sys
from typing import Any

import pytest

import whist_ro as wr
from whist_ro import Step, variants
from whist_ro.bots import RandomBot, RuleBot
from whist_ro.remote import EngineAgent, Option, serve, wire
from whist_ro.views import PlayerView


def session(agent: Any, messages: list[dict[str, Any]], **options: Any) -> list[dict[str, Any]]:
    source = io.BytesIO(b"".join(map(wire.encode, messages)))
    sink = io.BytesIO()
    assert serve(agent, input=source, output=sink, **options) == 0
    return [wire.decode(line) for line in sink.getvalue().splitlines()]


def match_messages(m: wr.Match, seat: int, *, observe: bool) -> list[dict[str, Any]]:
    """A manager's messages to ``seat`` through ``m`` (a match already played)."""
    feed = wire.SeatFeed(observe=observe)
    out: list[dict[str, Any]] = [wire.hello_message(), {"type": "options", "options": {}}]
    state = wr.Match.new(m.variant, players=m.players, deals=[r.deal for r in m.rounds])
    request = 0
    for action in m.history:
        if state.to_act == seat:
            request += 1
            out += feed.act(state.view(seat), request=request, time_limit=None)
        state = state.apply(action)
        assert state.last_step is not None
        out += feed.observe(state.view(seat), state.last_step)
    return [*out, {"type": "quit"}]


def test_a_served_bot_answers_as_it_would_in_process() -> None:
    m = wr.Table(variants.ROMANIAN, agents=[RuleBot(seed=s) for s in range(4)], seed=9).run()
    answers = session(RuleBot(seed=2), match_messages(m, 2, observe=False))
    assert [a["type"] for a in answers[:2]] == ["hello", "ready"]
    played = [wire.read_answer(a)[1] for a in answers[2:]]
    assert played == [a for a in m.history if a.seat == 2]


def test_an_observer_is_told_every_step_with_its_full_view() -> None:
    class Watcher:
        def __init__(self) -> None:
            self.steps: list[tuple[PlayerView, Step]] = []

        def act(self, view: PlayerView) -> wr.Action:
            return view.legal_actions[0]

        def observe(self, view: PlayerView, step: Step) -> None:
            self.steps.append((view, step))

    m = wr.random_playout(wr.Match.new(variants.ROMANIAN_HIDDEN, players=3, seed=4), seed=4)
    watcher = Watcher()
    answers = session(watcher, match_messages(m, 1, observe=True))
    assert answers[0]["observe"] is True
    assert len(watcher.steps) == len(m.history)
    assert watcher.steps[-1][0] == m.view(1)  # the past rounds rebuilt, the final view equal
    assert watcher.steps[-1][1] == m.last_step


def test_a_failing_agent_resigns_with_its_traceback_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    class Broken:
        def act(self, view: PlayerView) -> wr.Action:
            raise KeyError("card")

    m = wr.Match.new(variants.ROMANIAN, players=3, seed=1)
    feed = wire.SeatFeed(observe=False)
    answers = session(Broken(), feed.act(m.view(m.to_act), request=5, time_limit=1.0))  # type: ignore[arg-type]
    assert answers == [{"type": "resign", "id": 5, "reason": "KeyError: 'card'"}]
    assert "Traceback" in capsys.readouterr().err


def test_junk_from_the_manager_is_logged_and_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    source = io.BytesIO(
        b"not json\n\n"
        + wire.encode({"type": "round_end", "number": 1})
        + wire.encode({"type": "mystery"})
        + wire.encode(wire.hello_message())
    )
    sink = io.BytesIO()
    assert serve(RandomBot(seed=1), input=source, output=sink) == 0  # the input ended
    assert [wire.decode(x)["type"] for x in sink.getvalue().splitlines()] == ["hello"]
    err = capsys.readouterr().err
    assert "ignored a line that is no message" in err
    assert "ignored a round_end message" in err


def test_a_factory_builds_a_bot_per_match_with_the_managers_seed_and_options() -> None:
    built: list[dict[str, Any]] = []

    def factory(*, seed: int, depth: int = 1) -> RandomBot:
        built.append({"seed": seed, "depth": depth})
        return RandomBot(seed=seed)

    depth = Option(name="depth", type="int", default=1, min=1, max=9)
    m = wr.Match.new(variants.ROMANIAN, players=3, seed=1)
    start = wire.new_match_message(m.variant, seat=0, players=3, names=m.names, seed=42)
    answers = session(
        factory,
        [wire.hello_message(), {"type": "options", "options": {"depth": 7}}, start, start],
        options=[depth],
    )
    assert [a["type"] for a in answers] == ["hello", "ready"]
    assert built == [{"seed": 42, "depth": 7}] * 2
    refused = session(factory, [{"type": "options", "options": {"depth": 70}}], options=[depth])
    assert refused[0]["type"] == "error"


def test_options_belong_to_a_factory_not_to_a_built_agent() -> None:
    with pytest.raises(wr.ConfigurationError, match="options are set on a factory"):
        serve(RandomBot(seed=1), options=[Option(name="x", type="bool")])
    with pytest.raises(wr.ConfigurationError, match="an agent"):
        serve(42)  # type: ignore[arg-type]


def test_an_async_agent_is_served_too() -> None:
    class Async:
        async def act(self, view: PlayerView) -> wr.Action:
            await asyncio.sleep(0)
            return view.legal_actions[-1]

    m = wr.Match.new(variants.ROMANIAN, players=3, seed=1)
    feed = wire.SeatFeed(observe=False)
    answers = session(Async(), feed.act(m.view(m.to_act), request=1, time_limit=None))  # type: ignore[arg-type]
    assert wire.read_answer(answers[0])[1] == m.legal_actions()[-1]


def test_a_served_module_is_an_engine(tmp_path: Any) -> None:
    (tmp_path / "mybot.py").write_text(
        "from whist_ro.bots import RuleBot\n"
        "from whist_ro.remote import serve\n"
        "if __name__ == '__main__':\n"
        "    serve(RuleBot, name='mybot', author='Ana', version='1.0')\n"
    )
    with EngineAgent.popen([sys.executable, "-m", "mybot"], cwd=str(tmp_path)) as engine:
        assert (engine.name, engine.info.author, engine.info.engine_version) == (
            "mybot",
            "Ana",
            "1.0",
        )
        table = wr.Table(variants.CLASSIC, agents=[engine, RuleBot(), RuleBot(), RuleBot()], seed=3)
        assert table.run().is_over
        assert table.takeovers == ()
