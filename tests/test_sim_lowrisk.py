"""The kernels' ``"lowrisk"`` policy and policies per seat, held to the bots and the engine.

- ``"lowrisk"`` bids and plays exactly as :class:`~whist_ro.bots.LowRiskBot`
  does (every exact-bid preset and player count, fresh deals and mid-round
  positions), with every step checked against the engine (``debug=True``).
- In classic, where LowRisk does not play, the policy never overtakes a
  partner's winning card when it holds one that does not.
- A policy per seat plays each seat by its own policy, and is refused when
  it does not name one built-in policy per seat.
"""

from __future__ import annotations

import random

import pytest

import whist_ro as wr
from test_sim import PRESETS, advance, starts
from whist_ro import sim
from whist_ro.bots import LowRiskBot
from whist_ro.errors import ConfigurationError
from whist_ro.rules.play import beats, trick_winner_index
from whist_ro.sim import scalar
from whist_ro.sim._position import position_of

EXACT = [(name, n) for name, v in PRESETS.items() if not v.is_classic for n in v.player_counts]


def by_lowrisk_bots(r: wr.Round) -> wr.Round:
    """The engine's round played to its end by LowRiskBots, each from its seat's view."""
    bot = LowRiskBot()
    while not r.is_over:
        seat = r.to_act
        assert seat is not None
        r = r.apply(bot.act(r.view(seat)))
    return r


@pytest.mark.parametrize(("preset", "players"), EXACT)
def test_lowrisk_policy_plays_as_the_lowrisk_bot(preset: str, players: int) -> None:
    rng = random.Random(players * 11)
    for r in starts(PRESETS[preset], players, 40, seed=players + 700):
        mid = advance(r, rng.randrange(0, 2 * players), rng) if rng.random() < 0.5 else r
        expected = by_lowrisk_bots(mid)
        got = sim.playout(mid, policy="lowrisk", debug=True)
        assert (got.bids, got.tricks_won) == (expected.bids, expected.tricks_won), mid


class PartnerCheck:
    """A kernel check hook: a seat whose partner is winning the trick plays under it.

    Only where it holds a card that does not beat the partner's; ``ducks``
    counts the cards it has checked.
    """

    def __init__(self, trump: int | None) -> None:
        self.trump = trump
        self.trick: list[int] = []
        self.ducks = 0

    def __call__(self, seat: int, is_bid: bool | None, legal: object, chosen: int) -> None:
        if is_bid is None:  # a trick is over
            self.trick.clear()
            return
        if is_bid:
            return
        assert isinstance(legal, int)
        trick = self.trick
        if trick:
            w = trick_winner_index(trick, trump=self.trump)
            leader = (seat - len(trick)) % 4
            if (leader + w) % 4 == (seat + 2) % 4:  # the partner is winning
                under = [
                    b for b in range(64) if legal >> b & 1 and not beats(b, trick[w], self.trump)
                ]
                if under:
                    self.ducks += 1
                    assert chosen in under
        trick.append(chosen)


def test_lowrisk_policy_in_classic_lets_a_winning_partner_have_the_trick() -> None:
    ducks = 0
    for r in starts(PRESETS["classic"], 4, 30, seed=5):
        p = position_of(r)
        check = PartnerCheck(p.hidden[1] if p.hidden[1] >= 0 else None)
        scalar.play(p, p.hidden, scalar.LOWRISK, lambda: 0.0, None, check)
        ducks += check.ducks
        sim.playout(r, policy="lowrisk", debug=True)
    assert ducks > 20


@pytest.mark.parametrize(("preset", "players"), [("romanian", 4), ("inverted", 3), ("classic", 4)])
def test_a_policy_per_seat_plays_each_seat_by_its_own(preset: str, players: int) -> None:
    rng = random.Random(players)
    for r in starts(PRESETS[preset], players, 20, seed=players + 900):
        mid = advance(r, rng.randrange(0, players + 2), rng)
        same = ("lowrisk",) * players
        assert sim.playout(mid, policy=same, debug=True) == sim.playout(mid, policy="lowrisk")
        mixed = tuple("greedy" if s == 0 else "lowrisk" for s in range(players))
        sim.playout(mid, policy=mixed, debug=True)  # every step held to the engine
        many = sim.playouts(mid, 6, policy=list(mixed), rng=3, deals="same", debug=True)
        assert len({o.tricks_won for o in many}) == 1  # deterministic policies, same cards
    # Seat 0 bids by LowRisk's rule, the others by greedy's: each seat by its own.
    r = wr.Round.from_hands(
        wr.variants.ROMANIAN, hands=["As Ks 9s Js", "Ah Kh Qh 9c", "10d Jd 9d 10c"],
        dealer=2, turn_up="10s",
    )  # fmt: skip
    lowrisk_first = sim.playout(r, policy=("lowrisk", "greedy", "greedy"))
    greedy_first = sim.playout(r, policy=("greedy", "greedy", "greedy"))
    assert LowRiskBot().act(r.view(0)) == wr.Bid(seat=0, tricks=4)
    assert lowrisk_first.bids[0] == 4  # LowRisk's: the trump ace and king, two more trumps
    assert greedy_first.bids[0] == 3  # the trump ace is an ace; the king and jack honours
    assert lowrisk_first.bids[1] == greedy_first.bids[1]  # (the dealer's hook sees seat 0's bid)


@pytest.mark.parametrize(
    "policy", [("lowrisk", "greedy"), ("lowrisk", "clever", "greedy", "greedy"), ("lowrisk", 3)]
)
def test_a_policy_per_seat_must_name_one_policy_per_seat(policy: object) -> None:
    r = wr.Round.shuffled(wr.variants.ROMANIAN, players=4, dealer=0, hand_size=3, seed=1)
    with pytest.raises(ConfigurationError) as info:
        sim.playout(r, policy=policy)  # type: ignore[arg-type]
    assert info.value.field == "policy"


def test_a_policy_per_seat_is_not_for_the_batched_kernel() -> None:
    r = wr.Round.shuffled(wr.variants.ROMANIAN, players=4, dealer=0, hand_size=3, seed=1)
    with pytest.raises(ConfigurationError, match="batched"):
        sim.playouts(r, 5, policy=("lowrisk",) * 4, kernel="batched")
    assert len(sim.playouts(r, 40, policy=("lowrisk",) * 4)) == 40  # auto: the scalar kernel
