"""Adjudication: one crafted record per kind of violation, and claimed totals checked."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import whist_ro as wr
from whist_ro import Match, records, variants
from whist_ro.errors import ImmutableError
from whist_ro.records import Record, Report, RoundRecord

# A house variant of three 2-card rounds, so a disputed hand needs few cards.
V = attrs.evolve(wr.variants.ROMANIAN, name="dispute", schedule=(2, 2, 2))
HANDS = ("Ah Jc", "Kh 10c", "9d 10s")  # dealer 2, turn-up Qs: spades are trump


def bid(seat: int, tricks: int) -> wr.Bid:
    return wr.Bid(seat=seat, tricks=tricks)


def card(seat: int, text: str) -> wr.Play:
    return wr.Play(seat=seat, card=text)


BIDS = (bid(0, 0), bid(1, 0), bid(2, 1))


def rnd(
    *actions: wr.Action,
    hands: tuple[str, ...] = HANDS,
    dealer: int = 2,
    turn_up: str | None = "Qs",
) -> RoundRecord:
    return RoundRecord(
        dealer=dealer, hands=[h.split() for h in hands], turn_up=turn_up, actions=actions
    )


def judge(*rounds: RoundRecord, variant: wr.Variant = V, **options: Any) -> Report:
    record = Record(
        variant=variant, preset=None, players=["Ana", "Bogdan", "Cici"], rounds=rounds, **options
    )
    report = records.adjudicate(record)
    # The same record through its JSON text gives the same report.
    assert records.adjudicate(records.dumps(record)) == report
    assert not report.ok
    return report


def check(
    report: Report,
    *,
    rule: str,
    round: int,
    trick: int,
    turn: int,
    seat: int | None,
    path: str,
    says: tuple[str, ...],
) -> records.Violation:
    v = report.violation
    assert v is not None
    assert (v.rule, v.round, v.trick, v.turn, v.seat, v.path) == (
        rule,
        round,
        trick,
        turn,
        seat,
        path,
    )
    for words in says:
        assert words in v.explanation, v.explanation
    text = str(report)
    assert f"VIOLATION of {rule}" in text
    assert v.explanation in text
    return v


def test_R_PLAY_2_names_the_cards_that_could_follow() -> None:
    report = judge(rnd(*BIDS, card(0, "Jc"), card(1, "Kh")))
    v = check(
        report,
        rule="R-PLAY-2",
        round=1,
        trick=1,
        turn=2,
        seat=1,
        path="rounds[0].actions[4]",
        says=("holds 10c", "must follow clubs"),
    )
    assert v.action == card(1, "Kh")
    position = v.position
    assert position is not None
    assert position.trick == (card(0, "Jc"),)
    assert position.hands[1] == wr.CardSet.parse("Kh 10c")
    assert position.bids == (0, 0, 1)
    assert position.trump is wr.Suit.SPADES
    assert "trick so far: seat 0 Jc" in str(report)


def test_R_PLAY_3_names_the_trumps_held() -> None:
    report = judge(rnd(*BIDS, card(0, "Jc"), card(1, "10c"), card(2, "9d")))
    check(
        report,
        rule="R-PLAY-3",
        round=1,
        trick=1,
        turn=3,
        seat=2,
        path="rounds[0].actions[5]",
        says=("no clubs", "holds spades 10s", "must trump"),
    )


def test_R_PLAY_8_names_the_trump_to_beat() -> None:
    strict = attrs.evolve(V, must_overtrump=True)
    report = judge(
        rnd(
            *BIDS,
            card(0, "Ac"),
            card(1, "10h"),
            card(2, "9h"),
            hands=("Ac Jc", "10h 10d", "Kh 9h"),
            turn_up="Qh",
        ),
        variant=strict,
    )
    check(
        report,
        rule="R-PLAY-8",
        round=1,
        trick=1,
        turn=3,
        seat=2,
        path="rounds[0].actions[5]",
        says=("must beat the 10h", "with Kh"),
    )


def test_R_PLAY_7_a_card_not_held() -> None:
    report = judge(rnd(*BIDS, card(0, "Kh")))
    v = check(
        report,
        rule="R-PLAY-7",
        round=1,
        trick=1,
        turn=1,
        seat=0,
        path="rounds[0].actions[3]",
        says=("does not hold Kh",),
    )
    assert v.position is not None
    assert v.position.hands[0] == wr.CardSet.parse("Ah Jc")  # what it held instead


def test_R_PLAY_7_a_card_out_of_turn() -> None:
    report = judge(rnd(*BIDS, card(1, "Kh")))
    check(
        report,
        rule="R-PLAY-7",
        round=1,
        trick=1,
        turn=1,
        seat=1,
        path="rounds[0].actions[3]",
        says=("seat 0's turn",),
    )


def test_R_PLAY_7_a_card_during_the_bidding() -> None:
    report = judge(rnd(bid(0, 0), card(1, "Kh")))
    check(
        report,
        rule="R-PLAY-7",
        round=1,
        trick=0,
        turn=2,
        seat=1,
        path="rounds[0].actions[1]",
        says=("bidding is not finished",),
    )


def test_R_BID_2_the_dealer_may_not_make_the_bids_total_the_hand_size() -> None:
    report = judge(rnd(bid(0, 1), bid(1, 0), bid(2, 1)))
    v = check(
        report,
        rule="R-BID-2",
        round=1,
        trick=0,
        turn=3,
        seat=2,
        path="rounds[0].actions[2]",
        says=("earlier bids total 1", "hand size 2"),
    )
    assert "round 1, bid 3: seat 2 bids 1 breaks R-BID-2" in str(v)


def test_R_BID_3_out_of_range_and_out_of_turn() -> None:
    report = judge(rnd(bid(0, 3)))
    check(
        report,
        rule="R-BID-3",
        round=1,
        trick=0,
        turn=1,
        seat=0,
        path="rounds[0].actions[0]",
        says=("from 0 to the hand size 2",),
    )
    report = judge(rnd(bid(1, 0)))
    check(
        report,
        rule="R-BID-3",
        round=1,
        trick=0,
        turn=1,
        seat=1,
        path="rounds[0].actions[0]",
        says=("seat 0's turn",),
    )


def finished_rounds() -> tuple[RoundRecord, ...]:
    m = wr.random_playout(wr.Match.new(V, players=3, seed=4), seed=4)
    return records.to_record(m).rounds


def test_R_END_4_a_round_after_the_match_is_over() -> None:
    played = finished_rounds()
    extra = attrs.evolve(played[0], dealer=(played[-1].dealer + 1) % 3)
    report = judge(*played, extra)
    check(
        report,
        rule="R-END-4",
        round=4,
        trick=0,
        turn=0,
        seat=extra.dealer,
        path="rounds[3]",
        says=("match was over after round 3",),
    )


def test_R_END_3_abandoning_a_round_under_way() -> None:
    report = judge(rnd(bid(0, 0)), ended=records.Ending(how="abandoned"))
    check(
        report,
        rule="R-END-3",
        round=1,
        trick=0,
        turn=0,
        seat=None,
        path="ended",
        says=("between rounds",),
    )


def test_R_DECK_4_a_card_dealt_twice() -> None:
    report = judge(rnd(*BIDS, hands=("Ah Jc", "Ah 10c", "9d 10s")))
    v = check(
        report,
        rule="R-DECK-4",
        round=1,
        trick=0,
        turn=0,
        seat=2,
        path="rounds[0].hands",
        says=("Ah is dealt twice",),
    )
    assert v.action is None


def test_R_DECK_4_a_missing_turn_up_cites_R_TRUMP_1() -> None:
    report = judge(rnd(*BIDS, turn_up=None))
    check(
        report,
        rule="R-DECK-4",
        round=1,
        trick=0,
        turn=0,
        seat=2,
        path="rounds[0].turn_up",
        says=("needs a turn-up",),
    )


def test_R_SCHED_4_the_deal_passes_clockwise() -> None:
    played = finished_rounds()
    wrong = attrs.evolve(played[1], dealer=(played[1].dealer + 1) % 3)
    report = judge(played[0], wrong)
    check(
        report,
        rule="R-SCHED-4",
        round=2,
        trick=0,
        turn=0,
        seat=wrong.dealer,
        path="rounds[1].dealer",
        says=(f"seat {played[1].dealer} deals it",),
    )


def test_R_SCHED_5_hand_sizes_follow_the_house_schedule() -> None:
    played = finished_rounds()
    short = attrs.evolve(played[1], hands=[h[:1] for h in played[1].hands], actions=())
    report = judge(played[0], short)
    check(
        report,
        rule="R-SCHED-5",
        round=2,
        trick=0,
        turn=0,
        seat=short.dealer,
        path="rounds[1].hands",
        says=("deals 1 card each", "deals 2"),
    )


def test_R_DEAL_1_hands_must_be_what_the_recorded_seed_deals() -> None:
    m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=4), seed=4)
    data = json.loads(records.dumps(records.to_record(m, seed=True)))
    data["seed"] = 5
    report = records.adjudicate(json.dumps(data))
    v = report.violation
    assert v is not None
    assert v.rule == "R-DEAL-1"
    assert v.path.endswith(".hands")


def test_a_violation_in_a_later_round_of_a_real_match() -> None:
    m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=4, seed=11), seed=11)
    data = json.loads(records.dumps(records.to_record(m)))
    # In round 10 (8 cards, no trump), let a seat that can follow play another suit.
    index = 9
    done = m.rounds[index]
    for trick_number, trick in enumerate(done.tricks):
        led = trick.led_suit
        for place, (seat, played) in enumerate(zip(trick.seats, trick.cards, strict=True)):
            if place == 0:
                continue
            hand_then = done.hands[seat] - wr.CardSet(
                [c for t in done.tricks[:trick_number] for c in t.cards]
            )
            others = [c for c in hand_then if c.suit is not led]
            if played.suit is led and others:
                number = 4 + 4 * trick_number + place
                data["rounds"][index]["actions"][number]["card"] = str(others[0])
                report = records.adjudicate(json.dumps(data))
                check(
                    report,
                    rule="R-PLAY-2",
                    round=10,
                    trick=trick_number + 1,
                    turn=place + 1,
                    seat=seat,
                    path=f"rounds[9].actions[{number}]",
                    says=(f"must follow {led}",),
                )
                return
    pytest.fail("no trick in round 10 offers a revoke to test")


def test_a_report_with_a_violation_recomputes_nothing_after_it() -> None:
    # What Report's docstring promises: no totals, sheet, standings or differences
    # once a rule is broken, even against claimed totals; the rounds before it count.
    m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1), seed=1)
    data = json.loads(records.dumps(records.to_record(m, claimed_totals=[1, 2, 3])))
    data["rounds"][3]["actions"][0]["bid"] = 9  # a bid out of range in round 4
    report = records.adjudicate(json.dumps(data))
    assert report.violation is not None
    assert report.violation.rule == "R-BID-3"
    assert (report.totals, report.score_sheet, report.standings) == (None, None, None)
    assert report.differences == ()
    assert report.claimed_totals == (1, 2, 3)
    assert report.rounds == 3
    assert not report.over
    assert not report.ok


# -- all legal: totals recomputed and compared -------------------------------------------


def test_a_wrong_claimed_total_is_listed() -> None:
    m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=4, seed=2), seed=2)
    claimed = list(m.totals)
    claimed[1] += 10
    claimed[3] -= 1
    report = records.adjudicate(records.to_record(m, claimed_totals=claimed))
    assert report.violation is None
    assert not report.ok
    assert report.differences == (
        records.Difference(seat=1, claimed=claimed[1], recomputed=m.totals[1]),
        records.Difference(seat=3, claimed=claimed[3], recomputed=m.totals[3]),
    )
    assert report.totals == m.totals
    assert report.standings == m.standings()
    text = str(report)
    assert f"DIFFERENCE seat 1: claimed {claimed[1]}, recomputed {m.totals[1]} (off by +10)" in text
    assert "verdict: totals do not match" in text


def test_a_legal_record_with_right_totals_is_ok() -> None:
    m = wr.random_playout(wr.Match.new(wr.variants.CLASSIC_RUBBER, players=4, seed=3), seed=3)
    report = records.adjudicate(records.to_record(m, claimed_totals=m.totals))
    assert report.ok
    assert report.differences == ()
    assert report.score_sheet == m.score_sheet
    assert report.rounds == len(m.rounds)
    assert "verdict: legal and consistent" in str(report)


def test_an_unfinished_record_is_scored_up_to_its_last_complete_round() -> None:
    m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=4)
    for _ in range(12):  # two whole 1-card rounds
        m = m.apply(m.legal_actions()[0])
    data = json.loads(records.dumps(records.to_record(m)))
    del data["rounds"][-1]  # stop right after round 2: its next deal is not recorded
    report = records.adjudicate(json.dumps(data))
    assert report.ok
    assert report.totals == m.totals
    assert not report.over


def test_the_report_is_immutable_and_junk_is_a_record_error() -> None:
    report = records.adjudicate(records.to_record(wr.Match.new(V, players=3, seed=1)))
    with pytest.raises(ImmutableError):
        report.rounds = 3  # type: ignore[misc]
    with pytest.raises(records.RecordError):
        records.adjudicate(42)  # type: ignore[arg-type]
    with pytest.raises(records.RecordError):
        records.adjudicate("{not json")


def test_a_violation_in_a_named_record_names_the_player_who_broke_the_rule() -> None:
    m = Match.new(variants.ROMANIAN, players=3, seed=3, names=["Ana", "Bogdan", "Cici"])
    while not m.is_over:
        m = m.apply(m.legal_actions()[0])
    data = json.loads(records.dumps(m.to_record()))
    # Round 3 is one card, dealt by seat 0 after two bids of 0: a bid of 1 is the hook's.
    assert data["rounds"][2]["dealer"] == 0
    assert data["rounds"][2]["actions"][2] == {"seat": 0, "bid": 0}
    data["rounds"][2]["actions"][2]["bid"] = 1
    report = records.adjudicate(json.dumps(data))
    assert report.violation is not None
    assert report.violation.rule == "R-BID-2"
    assert "round 3, bid 3: Ana (seat 0) bids 1 breaks R-BID-2" in report.render()
    assert "mâna 3, licitația 3: Ana (locul 0) licitează 1 încalcă R-BID-2" in report.render("ro")
    # An unnamed record says the seat, as before.
    data["players"] = [f"seat {seat}" for seat in range(3)]
    assert "round 3, bid 3: seat 0 bids 1 breaks" in str(records.adjudicate(json.dumps(data)))
