"""The Table runner, agents and seat takeovers (R-SEAT-1)."""

from __future__ import annotations

import time
from typing import Any

import pytest

import whist_ro as wr
from conftest import FirstLegal
from whist_ro import Bid, Match, Play, Step, variants
from whist_ro.actions import Action
from whist_ro.agents import Agent, Observer
from whist_ro.bots import RandomBot
from whist_ro.errors import ConfigurationError, MatchEndError
from whist_ro.table import Table
from whist_ro.views import PlayerView


class FailsAt:
    """Plays like FirstLegal, then misbehaves at its ``at``-th decision in the way given."""

    def __init__(self, at: int, how: str) -> None:
        self.at, self.how, self.calls = at, how, 0

    def act(self, view: PlayerView) -> Any:
        self.calls += 1
        if self.calls < self.at:
            return view.legal_actions[0]
        if self.how == "raise":
            raise RuntimeError("socket closed")
        if self.how == "illegal":
            return (
                Bid(seat=view.seat, tricks=99)
                if view.phase.name == "BIDDING"
                else (Play(seat=view.seat, card="2c"))
            )
        if self.how == "junk":
            return "pass"
        time.sleep(1.5)
        return view.legal_actions[0]


class Spy:
    """Records the type of everything it is given, and the views it is asked to act in."""

    def __init__(self) -> None:
        self.given: list[type] = []
        self.asked: list[PlayerView] = []

    def act(self, view: PlayerView) -> wr.Action:
        self.given.append(type(view))
        self.asked.append(view)
        return view.legal_actions[-1]

    def observe(self, view: PlayerView, step: Step) -> None:
        self.given += [type(view), type(step)]


@pytest.mark.parametrize(
    ("how", "says"),
    [
        ("raise", "raised RuntimeError: socket closed"),
        ("illegal", "returned an illegal action: seat 3 cannot"),
        ("junk", "returned 'pass', which is not a Bid or a Play"),
        ("slow", "over the 0.5 s limit"),
    ],
)
def test_R_SEAT_1_a_failing_seat_is_taken_over_and_the_state_is_unchanged(
    how: str, says: str
) -> None:
    fallback = FirstLegal()
    table = Table(
        variants.ROMANIAN,
        agents=[FirstLegal(), FirstLegal(), FirstLegal(), FailsAt(3, how)],
        seed=4,
        fallback=fallback,
        # Far above what an honest FirstLegal needs even on a busy machine.
        time_limit=0.5,
    )
    reference = Match.new(variants.ROMANIAN, players=4, seed=4)
    while not table.takeovers:
        before = table.match
        table.step()
        # Whoever chose, the state is what the first legal action gives.
        reference = reference.apply(reference.legal_actions()[0])
        assert table.match == reference
    assert before.apply(before.legal_actions()[0]) == table.match
    (takeover,) = table.takeovers
    assert takeover.seat == 3
    assert says in takeover.reason
    assert takeover.round == len(before.rounds) + 1
    assert takeover.trick == (0 if before.round.phase.name == "BIDDING" else 1)
    assert table.agents[3] is fallback
    assert table.run().is_over
    assert len(table.takeovers) == 1


def test_R_SEAT_1_an_observer_that_raises_is_taken_over() -> None:
    class BadEars(FirstLegal):
        def observe(self, view: PlayerView, step: Step) -> None:
            raise ValueError("deaf")

    table = Table(variants.ROMANIAN, agents=[FirstLegal(), BadEars(), FirstLegal()], seed=1)
    table.step()
    (takeover,) = table.takeovers
    assert (takeover.round, takeover.trick, takeover.seat) == (1, 0, 1)
    assert takeover.reason == "observe raised ValueError: deaf"
    assert (takeover.agent, takeover.by, takeover.error) == ("BadEars", "RandomBot", "ValueError")
    assert isinstance(takeover.exception, ValueError)
    assert takeover.traceback is not None
    assert takeover.traceback.endswith("ValueError: deaf\n")


def test_R_SEAT_1_a_takeovers_traceback_is_the_agents_own_error_only() -> None:
    # Table.step probes for a running event loop; the probe's "no running event loop"
    # must not be chained to the agent's error as its context.
    class Boom(FirstLegal):
        def act(self, view: PlayerView) -> Action:
            raise ValueError("boom")

    table = Table(variants.ROMANIAN, agents=[Boom(), FirstLegal(), FirstLegal()], seed=1)
    while not table.takeovers:
        table.step()
    (takeover,) = table.takeovers
    assert takeover.exception is not None
    assert takeover.exception.__context__ is None
    assert takeover.traceback is not None
    assert "no running event loop" not in takeover.traceback
    assert takeover.traceback.startswith("Traceback (most recent call last):")


def test_R_SEAT_1_agents_only_ever_see_views_and_steps() -> None:
    spies = [Spy() for _ in range(4)]
    Table(variants.CLASSIC, agents=spies, seed=2).run()
    given = {t for spy in spies for t in spy.given}
    assert given == {PlayerView, Step}


def test_R_SEAT_1_a_failing_fallback_still_leaves_a_legal_match() -> None:
    table = Table(
        variants.ROMANIAN,
        agents=[FirstLegal(), FirstLegal(), FailsAt(1, "raise")],
        seed=1,
        fallback=FailsAt(1, "junk"),
    )
    while not table.takeovers:
        before = table.match
        step = table.step()
    assert step.action == before.legal_actions()[0]
    assert table.match == before.apply(step.action)
    reasons = [t.reason for t in table.takeovers]
    assert reasons[0] == "raised RuntimeError: socket closed"
    assert reasons[1].startswith("the fallback failed too")


def test_step_drives_the_match_one_action_at_a_time() -> None:
    table = Table(variants.ROMANIAN, agents=[RandomBot(seed=s) for s in range(3)], seed=7)
    steps = []
    while not table.is_over:
        steps.append(table.step())
    assert [s.action for s in steps] == list(table.match.history)
    assert steps[-1].match_over
    with pytest.raises(MatchEndError, match=r"\(R-END-4\)"):
        table.step()


def test_tables_with_equal_seeds_play_equal_matches() -> None:
    def play() -> Match:
        return Table(variants.INVERTED, agents=[RandomBot(seed=s) for s in range(5)], seed=3).run()

    assert play() == play()


def test_R_VIEW_3_a_blind_match_plays_through_with_my_only_card() -> None:
    spy = Spy()
    table = Table(variants.ROMANIAN_HIDDEN, agents=[RandomBot(seed=1), spy, FirstLegal()], seed=1)
    m = table.run()
    assert m.is_over
    assert table.takeovers == ()
    # In each 1-card round the spy saw no card of its own, and its one play was "my only
    # card" (R-VIEW-3); in the others it saw its hand and named its cards.
    blind = [v for v in spy.asked if v.hand_size == 1]
    assert blind
    assert len(blind) == 2 * sum(r.hand_size == 1 for r in m.rounds)  # a bid and a play each
    for view in blind:
        assert (view.blind, len(view.hand)) == ("hidden", 0)
        if view.phase is wr.Phase.PLAYING:
            assert view.legal_actions == (Play(seat=1, card=None),)
    seen = [v for v in spy.asked if v.hand_size > 1]
    assert all(v.blind is None and len(v.hand) == v.hand_counts[1] > 0 for v in seen)
    # The table played the card the spy held in the blind rounds.
    for done in m.rounds:
        if done.hand_size == 1:
            (played,) = [p.card for t in done.tricks for p in t.plays if p.seat == 1]
            assert played is not None
            assert done.hands[1] == wr.CardSet([played])


def test_table_refuses_bad_settings() -> None:
    bots = [RandomBot(seed=1)] * 3
    with pytest.raises(
        ConfigurationError, match=r"romanian is played by 3 to 6 players, not 7 \(R-DECK-2\)"
    ):
        Table(variants.ROMANIAN, agents=[RandomBot()] * 7)
    with pytest.raises(
        ConfigurationError, match=r"classic is played by 4 players, not 3 \(R-DECK-3\)"
    ):
        Table(variants.CLASSIC, agents=bots)
    with pytest.raises(ConfigurationError, match=r"agents\[1\] must be an agent"):
        Table(variants.ROMANIAN, agents=[bots[0], "bot", bots[0]])  # type: ignore[list-item]
    with pytest.raises(ConfigurationError, match="agents must be a list"):
        Table(variants.ROMANIAN, agents="abc")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="fallback must be an agent"):
        Table(variants.ROMANIAN, agents=bots, fallback=3)  # type: ignore[arg-type]
    for limit in (0, -1.0, True, "1", float("nan")):
        with pytest.raises(ConfigurationError, match="time_limit must be None or a number"):
            Table(variants.ROMANIAN, agents=bots, time_limit=limit)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="variant must be a Variant"):
        Table("romanian", agents=bots)  # type: ignore[arg-type]


def test_agent_protocols_and_the_random_bot() -> None:
    assert isinstance(RandomBot(seed=1), Agent)
    assert isinstance(Spy(), Observer)
    assert not isinstance(RandomBot(seed=1), Observer)
    m = Match.new(variants.ROMANIAN, players=4, seed=1)
    assert m.to_act is not None
    view = wr.views.view_of(m, m.to_act)
    picks = {RandomBot(seed=s).act(view) for s in range(40)}
    assert picks == set(view.legal_actions)
    with pytest.raises(ConfigurationError, match="seed must be"):
        RandomBot(seed=1.5)  # type: ignore[arg-type]
