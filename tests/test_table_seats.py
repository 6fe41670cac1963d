"""The table's seat API a server needs: play from outside, take over, reclaim, resume, a hook.

These are what the web room does with a :class:`~whist_ro.table.Table` (R-SEAT-1).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

import whist_ro as wr
from whist_ro.bots import RandomBot, RuleBot
from whist_ro.engine.seats import Reclaim, Takeover
from whist_ro.errors import TableBusyError
from whist_ro.table import Change, Table


def bots(n: int = 3) -> list[RandomBot]:
    return [RandomBot(seed=s) for s in range(n)]


def test_a_takeover_and_a_reclaim_are_recorded_and_resumed() -> None:
    table = Table(wr.variants.ROMANIAN, agents=bots(), seed=3, fallbacks=[None, RuleBot(), None])
    for _ in range(5):
        table.step()
    takeover = table.take_over(1, reason="left")
    assert isinstance(takeover, Takeover)
    assert table.agents[1] is table.fallbacks[1]
    for _ in range(5):
        table.step()
    reclaim = table.reclaim(1)
    assert isinstance(reclaim, Reclaim)
    assert reclaim.seat == 1
    assert reclaim.agent == "RandomBot"
    assert table.taken_over == frozenset()
    record = table.to_record()
    assert [t.seat for t in record.takeovers] == [1]
    assert [r.seat for r in record.reclaims] == [1]
    again = Table(
        wr.variants.ROMANIAN,
        agents=bots(),
        seed=3,
        history=table.match.history,
        takeovers=table.takeovers,
        reclaims=table.reclaims,
    )
    assert again.match == table.match
    assert again.taken_over == frozenset()
    assert (again.takeovers, again.reclaims) == (table.takeovers, table.reclaims)


def test_seats_that_cannot_change_hands_are_refused() -> None:
    table = Table(wr.variants.ROMANIAN, agents=bots(), seed=3)
    with pytest.raises(wr.ConfigurationError, match="not taken over"):
        table.reclaim(0)
    with pytest.raises(wr.ConfigurationError, match="seat number"):
        table.take_over(7, reason="x")
    table.take_over(0, reason="x")
    with pytest.raises(wr.ConfigurationError, match="already"):
        table.take_over(0, reason="x")


def test_bad_resume_arguments_are_refused_naming_the_field() -> None:
    with pytest.raises(wr.ConfigurationError) as history:
        Table(wr.variants.ROMANIAN, agents=bots(), seed=3, history="b0")  # type: ignore[arg-type]
    assert history.value.field == "history"
    with pytest.raises(wr.ConfigurationError) as takeovers:
        Table(wr.variants.ROMANIAN, agents=bots(), seed=3, takeovers=["x"])  # type: ignore[list-item]
    assert takeovers.value.field == "takeovers"
    with pytest.raises(wr.ConfigurationError) as fallbacks:
        Table(wr.variants.ROMANIAN, agents=bots(), seed=3, fallbacks=[None])
    assert fallbacks.value.field == "fallbacks"
    with pytest.raises(wr.ConfigurationError) as pace:
        Table(wr.variants.ROMANIAN, agents=bots(), seed=3, pace=-1)
    assert pace.value.field == "pace"
    illegal = wr.Bid(seat=0, tricks=0)  # seat 0 does not bid first at seed 3
    with pytest.raises(wr.IllegalActionError):
        Table(wr.variants.ROMANIAN, agents=bots(), seed=3, history=[illegal])


def test_an_awaited_hook_holds_the_change_until_it_is_done() -> None:
    async def main() -> None:
        gate = asyncio.Event()
        told: list[Change] = []

        async def store(change: Change) -> None:
            told.append(change)
            await gate.wait()

        table = Table(wr.variants.ROMANIAN, agents=bots(), seed=3, before_telling=store)
        first = table.match.legal_actions()[0]
        made = table.play(first)
        assert isinstance(made, asyncio.Task)
        assert table.held
        assert table.match.history == ()
        with pytest.raises(TableBusyError):
            table.play(first)
        with pytest.raises(TableBusyError):
            await table.astep()
        gate.set()
        step = await made
        assert step.action == first
        assert not table.held
        assert table.match.history == (first,)
        assert told == [step]

    asyncio.run(main())


def test_a_synchronous_hook_is_called_before_the_observers_are_told() -> None:
    order: list[str] = []

    class Watcher(RandomBot):
        def observe(self, view: wr.PlayerView, step: wr.Step) -> None:
            order.append("told")

    def store(change: Change) -> None:
        order.append(type(change).__name__)

    table = Table(wr.variants.ROMANIAN, agents=[Watcher(seed=1)] * 3, seed=3, before_telling=store)
    table.step()
    assert order == ["Step", "told", "told", "told"]


def test_the_pace_holds_a_fast_agent_to_the_least_time() -> None:
    ticks: list[float] = []

    async def main() -> None:
        table = Table(wr.variants.ROMANIAN, agents=bots(), seed=3, pace=0.05)
        loop = asyncio.get_running_loop()
        start = loop.time()
        await table.astep()
        ticks.append(loop.time() - start)

    asyncio.run(main())
    assert ticks[0] >= 0.05  # sleeps at least the pace: a lower bound, not a timing race


def test_a_seat_away_past_its_grace_is_taken_over_and_given_back_on_return() -> None:
    async def main() -> None:
        table = Table(wr.variants.ROMANIAN, agents=bots(), seed=3)
        takeover = await table.away(2, grace=0, reason="did not come back")
        assert takeover is not None
        assert takeover.reason == "did not come back"
        assert table.taken_over == frozenset({2})
        reclaim = table.back(2)
        assert isinstance(reclaim, Reclaim)
        assert table.taken_over == frozenset()
        kept = table.away(0, grace=3600, reason="x")
        assert table.away(0, grace=3600, reason="x") is kept  # one grace at a time
        assert table.back(0) is None  # back in time: nothing to give back
        await asyncio.wait({kept})  # wait on the grace's task itself, not on the loop's turns
        assert kept.cancelled()
        with pytest.raises(wr.ConfigurationError) as grace:
            table.away(1, grace=-1, reason="x")
        assert grace.value.field == "grace"

    asyncio.run(main())


class _Broken:
    def act(self, view: wr.PlayerView) -> wr.Action:
        raise RuntimeError("lost connection")


class _BrokenObserver(RandomBot):
    def observe(self, view: wr.PlayerView, step: wr.Step) -> None:
        raise RuntimeError("lost connection")


@pytest.mark.parametrize("agent", [_Broken(), _BrokenObserver(seed=9)], ids=["act", "observe"])
@pytest.mark.parametrize("run", ["step", "astep"])
def test_a_takeover_the_hook_refuses_is_not_made(agent: object, run: str) -> None:
    # The hook stores every change before it is made: a takeover it could not store
    # must not stand at the table (nor in its record), or a resume would differ.
    refused: list[Change] = []

    def hook(change: Change) -> None:
        if isinstance(change, Takeover):
            refused.append(change)
            raise OSError("disk full")

    table = Table(
        wr.variants.ROMANIAN,
        agents=[agent, RandomBot(seed=1), RandomBot(seed=2)],  # type: ignore[list-item]
        seed=3,
        before_telling=hook,
    )

    def play_on() -> None:
        for _ in range(20):
            table.step() if run == "step" else asyncio.run(table.astep())

    with pytest.raises(OSError, match="disk full"):
        play_on()
    assert refused
    assert table.takeovers == ()
    assert table.taken_over == frozenset()
    assert table.agents[0] is agent
    assert table.to_record().takeovers == ()


def _refusals() -> list[wr.errors.WhistError]:
    """One of each refusal a table gives for a bad argument or a seat that cannot change."""
    made: list[wr.errors.WhistError] = []

    def catch(call: Callable[[], object]) -> None:
        with pytest.raises(wr.errors.WhistError) as refused:
            call()
        made.append(refused.value)

    v = wr.variants.ROMANIAN
    catch(lambda: Table(v, agents="abc", seed=1))  # type: ignore[arg-type]
    catch(lambda: Table(v, agents=[*bots(2), object()], seed=1))  # type: ignore[list-item]
    catch(lambda: Table(v, agents=bots(), seed=1, time_limit=-1))
    catch(lambda: Table(v, agents=bots(), seed=1, pace=-1))
    catch(lambda: Table(v, agents=bots(), seed=1, on_error="ignore"))  # type: ignore[arg-type]
    catch(lambda: Table(v, agents=bots(), seed=1, history=5))  # type: ignore[arg-type]
    catch(lambda: Table(v, agents=bots(), seed=1, takeovers=5))  # type: ignore[arg-type]
    catch(lambda: Table(v, agents=bots(), seed=1, reclaims=["x"]))  # type: ignore[list-item]
    catch(lambda: Table(v, agents=bots(), seed=1, fallbacks=[None]))
    catch(lambda: Table(v, agents=bots(), seed=1, before_telling=5))  # type: ignore[arg-type]
    table = Table(v, agents=bots(), seed=1)
    catch(lambda: table.take_over(9, reason="x"))
    catch(lambda: table.take_over(0, reason=5))  # type: ignore[arg-type]
    catch(lambda: table.reclaim(0))
    table.take_over(0, reason="x")
    catch(lambda: table.take_over(0, reason="x"))
    table.run()
    catch(table.step)
    catch(lambda: table.reclaim(0))
    return made


def test_every_table_refusal_renders_from_the_catalogue_in_romanian() -> None:
    # The seat API's refusals were English f-strings: explain("ro") gave English back.
    for error in _refusals():
        assert error.template is not None, str(error)
        romanian = error.explain("ro")
        assert romanian != str(error), romanian
        assert " must be " not in romanian, romanian
        assert " is taken over " not in romanian, romanian


def test_a_takeover_reason_that_is_no_text_is_refused_naming_the_field() -> None:
    table = Table(wr.variants.ROMANIAN, agents=bots(), seed=1)
    for call in (
        lambda: table.take_over(0, reason=5),  # type: ignore[arg-type]
        lambda: asyncio.run(_away(table)),
    ):
        with pytest.raises(wr.ConfigurationError) as refused:
            call()
        assert refused.value.field == "reason"
    assert table.takeovers == ()
    assert table.taken_over == frozenset()


async def _away(table: Table) -> None:
    await table.away(0, grace=0, reason=None)  # type: ignore[arg-type]


def test_play_on_a_match_that_is_over_refuses_as_match_apply_does() -> None:
    table = Table(wr.variants.ROMANIAN, agents=bots(), seed=1)
    m = table.run()
    action = wr.Bid(seat=0, tricks=0)
    with pytest.raises(wr.errors.WhistError) as by_match:
        m.apply(action)
    with pytest.raises(wr.errors.WhistError) as by_table:
        table.play(action)
    expected, got = by_match.value, by_table.value
    assert (type(got), got.rule, str(got), dict(got.evidence)) == (
        type(expected),
        expected.rule,
        str(expected),
        dict(expected.evidence),
    )
    assert table.match is m
