"""Bid inference (whist_ro.bots.inference) and SearchBot's deals weighed by the bids."""

from __future__ import annotations

import random
import statistics

import attrs
import pytest

import whist_ro as wr
from whist_ro import Bid, Round, variants
from whist_ro.bots import SearchBot
from whist_ro.bots.inference import BID_MODEL, BidModel, weigh_deals
from whist_ro.bots.rule_bot import estimate_tricks
from whist_ro.errors import ConfigurationError
from whist_ro.schedule import Deck


def test_the_chances_of_the_allowed_bids_add_up_to_one() -> None:
    for estimate in (0.0, 0.7, 2.5, 6.0):
        for allowed in ([0, 1, 2, 3], [0, 2, 3], [5]):
            total = sum(
                BID_MODEL.probability(b, estimate=estimate, allowed=allowed) for b in allowed
            )
            assert total == pytest.approx(1.0)
            assert BID_MODEL.probability(9, estimate=estimate, allowed=allowed) == 0.0


def test_a_bid_near_the_estimate_is_likelier_and_none_is_ruled_out() -> None:
    chances = [BID_MODEL.probability(b, estimate=3.0, allowed=range(8)) for b in range(8)]
    assert max(range(8), key=chances.__getitem__) == 3  # -0.37 + 1.0 * 3 = 2.63
    assert chances[3] > chances[2] > chances[1] > chances[5] > chances[7]
    assert min(chances) > 0  # the floor: a person's odd bid never rules a deal out


@pytest.mark.parametrize(
    ("field", "value"),
    [("spread", 0), ("spread", -1.0), ("floor", -0.1), ("slope", float("nan")), ("intercept", "1")],
)
def test_a_model_with_a_bad_setting_is_refused_naming_it(field: str, value: object) -> None:
    with pytest.raises(ConfigurationError) as refused:
        BidModel(**{field: value})  # type: ignore[arg-type]
    assert refused.value.field == field
    assert f"BidModel.{field}" in str(refused.value)


def _round(hands: list[str], *, dealer: int = 2, turn_up: str = "Qh") -> Round:
    return Round.from_hands(variants.ROMANIAN, hands=hands, dealer=dealer, turn_up=turn_up)


def test_a_deal_is_weighed_by_how_well_each_bid_fits_its_hand() -> None:
    strong = _round(["Ah Kh", "9c 10c", "9d 9s"]).apply(Bid(seat=0, tricks=2))
    weak = _round(["9c 10c", "Ah Kh", "9d 9s"]).apply(Bid(seat=0, tricks=2))
    w_strong, w_weak = weigh_deals([strong, weak], seat=2)
    assert w_strong > 5 * w_weak
    # The weight is the model's chance of the bid, judged on the hand as dealt.
    unseen = Deck.for_game(variants.ROMANIAN, 3).mask & ~strong.hands[0].mask
    unseen &= ~strong.turn_up.mask  # type: ignore[union-attr]
    estimate = estimate_tricks(
        strong.hands[0].mask, trump=int(strong.trump), players=3, hand_size=2,  # type: ignore[arg-type]
        unseen=unseen, leads=True,
    )  # fmt: skip
    assert w_strong == pytest.approx(BID_MODEL.probability(2, estimate=estimate, allowed=range(3)))


def test_the_seats_own_bid_and_seats_yet_to_bid_do_not_count() -> None:
    r = _round(["Ah Kh", "9c 10c", "9d 9s"])
    assert weigh_deals([r], seat=2) == [1.0]  # nobody has bid
    r = r.apply(Bid(seat=0, tricks=0))
    assert weigh_deals([r], seat=0) == [1.0]  # only seat 0 has bid, and it is the asker
    assert weigh_deals([r], seat=1) != [1.0]


def test_the_dealer_is_judged_among_the_bids_the_hook_allowed_it() -> None:
    # Seats 0 and 1 bid 1 + 0 of 2: the hook forbids the dealer (seat 2) a bid of 1.
    r = _round(["Ah Kh", "9c 10c", "9d 9s"])
    for bid in (1, 0, 0):
        r = r.apply(Bid(seat=r.to_act, tricks=bid))  # type: ignore[arg-type]
    assert r.bids == (1, 0, 0)
    after = weigh_deals([r], seat=0)[0] / weigh_deals([r], seat=0, model=BID_MODEL)[0]
    assert after == 1.0
    plain = attrs.evolve(variants.ROMANIAN, name="no-hook", hook=False)
    free = Round.from_hands(plain, hands=["Ah Kh", "9c 10c", "9d 9s"], dealer=2, turn_up="Qh")
    for bid in (1, 0, 0):
        free = free.apply(Bid(seat=free.to_act, tricks=bid))  # type: ignore[arg-type]
    # With the hook, the dealer's 0 is one of two allowed bids (0, 2), not three: likelier.
    hooked, unhooked = weigh_deals([r], seat=1)[0], weigh_deals([free], seat=1)[0]
    assert hooked > unhooked


def test_classic_whist_has_no_bids_to_weigh() -> None:
    r = Round.shuffled(variants.CLASSIC, players=4, dealer=0, hand_size=13, seed=1)
    assert weigh_deals([r, r], seat=1) == [1.0, 1.0]
    assert weigh_deals([], seat=0) == []


def test_searchbots_deals_give_a_high_bidder_the_stronger_hands() -> None:
    # Seat 1 bid 4 of 5: the deals SearchBot keeps give it stronger hands than uniform ones.
    r = Round.shuffled(variants.ROMANIAN, players=4, dealer=0, hand_size=5, seed=11)
    r = r.apply(Bid(seat=1, tricks=4))
    view = r.view(2)
    trump = None if r.trump is None else int(r.trump)
    deck = Deck.for_game(variants.ROMANIAN, 4).mask
    turn_up = 0 if r.turn_up is None else r.turn_up.mask

    def strength(deal: Round) -> float:
        hand = deal.hands[1].mask
        return estimate_tricks(
            hand, trump=trump, players=4, hand_size=5, unseen=deck & ~hand & ~turn_up, leads=True
        )

    weighed = SearchBot(seed=1, samples=200, inference=8)._draw(view, random.Random(3))
    uniform = SearchBot(seed=1, samples=200, inference=1)._draw(view, random.Random(3))
    assert len(weighed) == len(uniform) == 200
    assert (
        statistics.fmean(map(strength, weighed)) > statistics.fmean(map(strength, uniform)) + 0.25
    )
    # Every kept deal is one the view allows: the seat's own hand and the bid as they are.
    assert all(d.hands[2] == r.hands[2] and d.bids == r.bids for d in weighed)


def test_inference_is_a_searchbot_setting_with_a_range() -> None:
    assert "inference=1" in repr(SearchBot(seed=1))  # off by default: see docs/bots.md
    assert "inference=4" in repr(SearchBot(seed=1, inference=4))
    for bad in (0, 101, 2.5, True):
        with pytest.raises(ConfigurationError) as refused:
            SearchBot(inference=bad)  # type: ignore[arg-type]
        assert refused.value.field == "inference"
    m = wr.Match.new(variants.ROMANIAN, players=4, seed=2)
    for _ in range(3):  # three bids made: the dealer's own bid weighs the others' deals
        m = m.apply(m.legal_actions()[0])
    assert m.round.bids.count(None) == 1
    bot = SearchBot(seed=5, samples=6, inference=4)
    action = bot.act(m.view(m.to_act))  # type: ignore[arg-type]
    assert action in m.legal_actions()
    again = SearchBot(seed=5, samples=6, inference=4).act(m.view(m.to_act))  # type: ignore[arg-type]
    assert action == again  # a counted budget is deterministic with inference too
