"""One takeover position (R-SEAT-1): the table, the web room and the audit place a seat alike.

``whist_ro.engine.seats.seat_position`` is the one place that says at which
(round, trick) a seat changes hands; these tests pin it at the bidding, in
the middle of a trick and after the last trick, and hold the table to it.
"""

from __future__ import annotations

import whist_ro as wr
from whist_ro.bots import RandomBot
from whist_ro.engine.round import Phase
from whist_ro.engine.seats import seat_position, trick_number
from whist_ro.table import Table
from whist_ro.views import PlayerView


def test_the_position_at_the_bidding_is_trick_0() -> None:
    m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=4)
    assert seat_position(m) == (1, 0)
    m = m.apply(m.legal_actions()[0])  # one bid made, the bidding goes on
    assert m.round.phase is Phase.BIDDING
    assert seat_position(m) == (1, 0)


def test_the_position_in_the_middle_of_a_trick_is_that_trick() -> None:
    m = wr.Match.new(wr.variants.ROMANIAN, players=4, seed=4)
    while len(m.rounds) < 8 or len(m.round.tricks) < 2 or len(m.round.current_trick) != 1:
        m = m.apply(m.legal_actions()[0])
    # Round 9, two tricks played, the third begun: a seat leaving now leaves in trick 3.
    assert seat_position(m) == (9, 3)
    assert trick_number(m.round) == 3


def test_the_position_after_the_last_trick_is_the_last_trick_of_the_last_round() -> None:
    m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=4)
    while not m.is_over:
        m = m.apply(m.legal_actions()[0])
    last = m.rounds[-1]
    assert seat_position(m) == (len(m.schedule), last.hand_size)
    assert trick_number(last) == last.hand_size  # never one past the last trick


class _FailsAtTheEnd:
    """Plays the first legal action; its observe raises when told the match is over."""

    def act(self, view: PlayerView) -> wr.Action:
        return view.legal_actions[0]

    def observe(self, view: PlayerView, step: wr.Step) -> None:
        if step.match_over:
            raise RuntimeError("gone at the end")


def test_an_observer_failing_at_the_last_step_is_placed_in_the_last_trick() -> None:
    # Before the one position, the table placed it in round 22 of a 21-round match.
    table = Table(
        wr.variants.ROMANIAN,
        agents=[_FailsAtTheEnd(), RandomBot(seed=1), RandomBot(seed=2)],
        seed=5,
    )
    m = table.run()
    (takeover,) = table.takeovers
    assert (takeover.round, takeover.trick) == (len(m.schedule), m.rounds[-1].hand_size)
    assert (takeover.round, takeover.trick) == seat_position(m)
