"""Deals as values, step results, match history, deal sources, seeds and true immutability."""

from __future__ import annotations

import pickle
import random

import pytest

import whist_ro as wr
from whist_ro import variants
from whist_ro.rules import play as play_rules
from whist_ro.rules.bidding import forbidden_bid


def _three_card_deal() -> wr.Deal:
    return wr.Deal(variants.ROMANIAN, hands=["Ah 9h", "Kh 10c", "Qs Jc"], dealer=2, turn_up="10s")


# -- Deal ----------------------------------------------------------------------


def test_deal_holds_what_chance_decided() -> None:
    d = _three_card_deal()
    assert (d.players, d.dealer, d.first_hand, d.hand_size) == (3, 2, 0, 2)
    assert d.turn_up == wr.Card.parse("10s")
    assert d.trump is wr.Suit.SPADES
    assert [str(h) for h in d.hands] == ["Ah 9h", "Kh 10c", "Qs Jc"]
    assert d.to_dict() == {
        "dealer": 2,
        "hands": [["Ah", "9h"], ["Kh", "10c"], ["Qs", "Jc"]],
        "turn_up": "10s",
    }


def test_deal_equality_and_hash_follow_the_fields() -> None:
    assert _three_card_deal() == _three_card_deal()
    assert hash(_three_card_deal()) == hash(_three_card_deal())
    other = wr.Deal(variants.ROMANIAN, hands=["Ah 9h", "Kh 10c", "Qs Jc"], dealer=1, turn_up="10s")
    assert other != _three_card_deal()


def test_round_from_deal_and_shortcuts_agree() -> None:
    d = _three_card_deal()
    r = wr.Round.from_deal(d)
    assert r.deal == d
    assert r == wr.Round.from_hands(
        variants.ROMANIAN, hands=["Ah 9h", "Kh 10c", "Qs Jc"], dealer=2, turn_up="10s"
    )
    shuffled = wr.Round.shuffled(variants.ROMANIAN, players=4, dealer=1, hand_size=5, seed=3)
    assert shuffled.deal == wr.Deal.shuffled(
        variants.ROMANIAN, players=4, dealer=1, hand_size=5, seed=3
    )
    order = wr.Deck.for_game(variants.ROMANIAN, 4).shuffled(3)
    from_deck = wr.Deal.from_deck(variants.ROMANIAN, deck=order, dealer=1, hand_size=5)
    assert from_deck == shuffled.deal


def test_deal_trusted_builds_the_deal_the_checked_constructor_builds() -> None:
    checked = _three_card_deal()
    trusted = wr.Deal.trusted(
        variants.ROMANIAN, dealer=2, masks=checked.masks, turn_up=checked.turn_up
    )
    assert trusted == checked
    assert hash(trusted) == hash(checked)
    assert (trusted.players, trusted.hand_size, trusted.first_hand) == (3, 2, 0)
    assert wr.Round.from_deal(trusted) == wr.Round.from_deal(checked)


def _mid_round() -> wr.Round:
    r = wr.Round.from_hands(
        variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"], dealer=2, turn_up="10s"
    )
    for action in (*(wr.Bid(seat=s, tricks=0) for s in range(2)), wr.Bid(seat=2, tricks=1)):
        r = r.apply(action)
    return r.apply(wr.Play(seat=0, card="9c")).apply(wr.Play(seat=1, card="10c"))


def test_with_deal_puts_the_play_on_another_deal() -> None:
    r = _mid_round()
    # Seat 2 still holds one of Qs Jc; give it Jc and Qh instead of Qs Jc's other card.
    other = wr.Deal(variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qh Jc"], dealer=2, turn_up="10s")
    moved = r.with_deal(other)
    assert moved.deal == other
    assert moved.actions == r.actions
    assert moved.remaining[2] == wr.CardSet.parse("Qh Jc")
    assert moved.legal_actions() == (wr.Play(seat=2, card="Jc"),)  # it must follow clubs
    # The same as replaying the actions on the new deal.
    replayed = wr.Round.from_deal(other)
    for action in r.actions:
        replayed = replayed.apply(action)
    assert moved == replayed
    assert r.remaining[2] == wr.CardSet.parse("Qs Jc")  # the round it came from is untouched


@pytest.mark.parametrize(
    ("hands", "dealer", "turn_up", "says"),
    [
        (["Ah 9c", "Kh 10c", "Qs Jc"], 1, "10s", "same game"),
        (["Ah 9c", "Kh 10c", "Qs Jc"], 2, "9s", "same game"),
        (["Ah 10c", "Kh 9c", "Qs Jc"], 2, "10s", "seat 0 played 9c, which the new deal"),
        (["Ah Jc", "Kh 10c", "Qs 9c"], 2, "10s", "seat 0 played 9c, which the new deal"),
    ],
)
def test_with_deal_refuses_a_deal_that_does_not_fit_the_play(
    hands: list[str], dealer: int, turn_up: str, says: str
) -> None:
    r = _mid_round()
    with pytest.raises(wr.InvalidDealError, match=says) as info:
        r.with_deal(wr.Deal(variants.ROMANIAN, hands=hands, dealer=dealer, turn_up=turn_up))
    assert info.value.rule == "R-DECK-4"
    other_game = wr.Deal(
        variants.INVERTED, hands=["Ah 9c", "Kh 10c", "Qs Jc"], dealer=2, turn_up="10s"
    )
    with pytest.raises(wr.InvalidDealError, match="same game"):
        r.with_deal(other_game)
    with pytest.raises(wr.ConfigurationError, match="takes a Deal"):
        r.with_deal("Ah 9c")  # type: ignore[arg-type]


def test_round_from_deal_refuses_what_is_not_a_deal() -> None:
    with pytest.raises(wr.WhistError):
        wr.Round.from_deal("Ah Kh")  # type: ignore[arg-type]


def test_r_deck_4_turn_up_errors_are_r_deck_4_and_cite_the_trump_rule() -> None:
    # The rule book: a bad deal's rule is R-DECK-4 whichever check fails; the
    # message may add the R-TRUMP rule that decides where the turn-up belongs.
    with pytest.raises(wr.InvalidDealError) as info:
        wr.Deal(variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=0)
    assert info.value.rule == "R-DECK-4"
    assert "(R-TRUMP-1)" in str(info.value)
    with pytest.raises(wr.InvalidDealError) as info:
        wr.Deal(variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=0, turn_up="Ah")
    assert info.value.rule == "R-DECK-4"
    assert "R-TRUMP-1" in str(info.value)
    assert info.value.evidence["trump_rule"] == "R-TRUMP-1"


# -- one seed rule -----------------------------------------------------------------


@pytest.mark.parametrize("seed", [1.0, None, True, b"1", [1], 2**70, "x" * 201])
def test_one_seed_rule_for_rounds_and_matches(seed: object) -> None:
    with pytest.raises(wr.ConfigurationError) as info:
        wr.Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=seed)  # type: ignore[arg-type]
    assert info.value.field == "seed"
    if seed is not None:  # Match.new without a seed draws one
        with pytest.raises(wr.ConfigurationError):
            wr.Match.new(variants.ROMANIAN, players=3, seed=seed)  # type: ignore[arg-type]


def test_int_and_text_seeds_that_deal_the_same_games_compare_equal() -> None:
    a = wr.Match.new(variants.ROMANIAN, players=4, seed=1)
    b = wr.Match.new(variants.ROMANIAN, players=4, seed="1")
    assert a.round.deal == b.round.deal
    assert a == b
    assert hash(a) == hash(b)


def test_a_random_generator_gives_one_integer_seed_at_build_time() -> None:
    m = wr.Match.new(variants.ROMANIAN, players=4, seed=random.Random(5))
    assert isinstance(m.seed, int)
    assert m == wr.Match.new(variants.ROMANIAN, players=4, seed=random.Random(5))
    assert m == wr.Match.new(variants.ROMANIAN, players=4, seed=m.seed)


# -- deals from a list -----------------------------------------------------------------


def _schedule_deals(count: int, *, players: int = 3) -> list[wr.Deal]:
    schedule = wr.Schedule.for_game(variants.ROMANIAN, players)
    return [
        wr.Deal.shuffled(
            variants.ROMANIAN, players=players, dealer=i % players, hand_size=schedule[i], seed=i
        )
        for i in range(count)
    ]


def test_match_plays_the_explicit_deals_it_is_given() -> None:
    deals = _schedule_deals(3)
    m = wr.Match.new(variants.ROMANIAN, deals=deals)
    assert (m.players, m.first_dealer, m.seed, m.deals) == (3, 0, None, tuple(deals))
    seen = [m.round.deal]
    while len(m.rounds) < 2:
        before = len(m.rounds)
        m = m.apply(m.legal_actions()[0])
        if len(m.rounds) > before:
            seen.append(m.round.deal)
    assert seen == deals


def test_running_out_of_deals_is_refused_and_the_state_before_stays_valid() -> None:
    deals = _schedule_deals(1)
    m = wr.Match.new(variants.ROMANIAN, deals=deals)
    for _ in range(5):  # three bids, two of the three cards of the 1-card round
        m = m.apply(m.legal_actions()[0])
    last = m.legal_actions()[0]
    with pytest.raises(wr.OutOfDealsError) as info:
        m.apply(last)
    assert info.value.rule == "R-SCHED-4"
    assert len(m.rounds) == 0
    assert m.round.to_act is not None
    resumed = m.with_deals(_schedule_deals(2)[1:]).apply(last)
    assert len(resumed.rounds) == 1
    assert resumed.round.hand_size == 1


def test_explicit_deals_are_checked_against_the_schedule_and_the_dealer() -> None:
    good = _schedule_deals(4)
    wrong_size = wr.Deal.shuffled(variants.ROMANIAN, players=3, dealer=3 % 3, hand_size=4, seed=1)
    with pytest.raises(wr.ConfigurationError, match=r"R-SCHED-1"):
        wr.Match.new(variants.ROMANIAN, deals=[*good[:3], wrong_size])
    wrong_dealer = wr.Deal.shuffled(variants.ROMANIAN, players=3, dealer=2, hand_size=1, seed=1)
    with pytest.raises(wr.ConfigurationError, match=r"R-SCHED-4"):
        wr.Match.new(variants.ROMANIAN, deals=[good[0], wrong_dealer])
    with pytest.raises(wr.ConfigurationError, match="not both"):
        wr.Match.new(variants.ROMANIAN, deals=good, seed=1)
    with pytest.raises(wr.ConfigurationError):
        wr.Match.new(variants.ROMANIAN, deals=["Ah"])  # type: ignore[list-item]
    with pytest.raises(wr.ConfigurationError):
        wr.Match.new(variants.ROMANIAN, players=3, seed=1).with_deals(good)


# -- what a step did ----------------------------------------------------------------------


def test_round_last_step_reports_tricks_and_the_round_end() -> None:
    r = wr.Round.from_deal(_three_card_deal())
    assert r.last_step is None
    for bid in (wr.Bid(seat=0, tricks=1), wr.Bid(seat=1, tricks=1), wr.Bid(seat=2, tricks=1)):
        r = r.apply(bid)
        assert r.last_step == wr.Step(action=bid)
    r = r.apply(wr.Play(seat=0, card="Ah")).apply(wr.Play(seat=1, card="Kh"))
    assert r.last_step is not None
    assert r.last_step.trick is None
    r = r.apply(wr.Play(seat=2, card="Qs"))  # void in hearts: trumps and wins (R-PLAY-3, 6)
    step = r.last_step
    assert step is not None
    assert (step.trick_winner, step.round_over, step.seat) == (2, False, 2)
    assert step.trick is not None
    assert [str(c) for c in step.trick] == ["Ah", "Kh", "Qs"]
    r = r.apply(wr.Play(seat=2, card="Jc")).apply(wr.Play(seat=0, card="9h"))
    r = r.apply(wr.Play(seat=1, card="10c"))
    step = r.last_step
    # Jc (seat 2) holds against 9h and 10c: seat 2 takes both tricks.
    assert step is not None
    assert step.round_over
    assert step.trick_winner == 2
    # Everyone bid 1; seats 0 and 1 took 0 and seat 2 took 2: each misses by one (R-SCORE-2).
    assert step.points == (-1, -1, -1) == r.points
    assert step.to_dict()["card"] == "10c"
    assert step.to_dict()["points"] == [-1, -1, -1]


def test_match_last_step_carries_bonuses_totals_and_the_match_end() -> None:
    m = wr.Match.new(variants.ROMANIAN, players=3, seed=11)
    ended_rounds = 0
    while not m.is_over:
        m = m.apply(m.legal_actions()[0])
        step = m.last_step
        assert step is not None
        if step.round_over:
            ended_rounds += 1
            assert step.totals == m.totals
            row = m.score_sheet[-1]
            assert step.points == tuple(s.points for s in row.seats)
            assert step.bonuses == tuple(s.bonus for s in row.seats)
            assert step.match_over == m.is_over
        else:
            assert step.points is None
            assert not step.match_over
    assert ended_rounds == len(m.schedule)


def test_match_history_is_every_action_in_play_order() -> None:
    m = wr.Match.new(variants.ROMANIAN, players=3, seed=2)
    actions = []
    while not m.is_over:
        action = m.legal_actions()[-1]
        actions.append(action)
        m = m.apply(action)
        if len(actions) in (1, 17, 40):
            assert m.history == tuple(actions)
    assert m.history == tuple(actions)
    replay = wr.Match.new(variants.ROMANIAN, players=3, seed=2)
    for action in m.history:
        replay = replay.apply(action)
    assert replay == m


# -- true immutability ----------------------------------------------------------------------


def _values() -> list[object]:
    m = wr.Match.new(variants.CLASSIC, players=4, seed=3)
    m = m.apply(m.legal_actions()[0])
    r = m.round
    return [m, r, r.deal, m.last_step, m.schedule, wr.Deck.for_game(variants.ROMANIAN, 4)]


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__name__)
def test_every_value_refuses_assignment_private_slots_included(value: object) -> None:
    names = [*list(getattr(type(value), "__slots__", ())), "extra"]
    for cls in type(value).__mro__:
        names.extend(getattr(cls, "__slots__", ()))
    for name in names:
        with pytest.raises(AttributeError):
            setattr(value, name, 1)


def test_internal_records_refuse_assignment_too() -> None:
    m = wr.Match.new(variants.ROMANIAN, players=3, seed=3)
    for inner in (m._progress, m._progress.setup):
        with pytest.raises(AttributeError):
            inner.rounds = ()  # type: ignore[union-attr]


def test_states_pickle_to_equal_states() -> None:
    m = wr.Match.new(variants.ROMANIAN, players=3, seed=3)
    m = m.apply(m.legal_actions()[0])
    assert pickle.loads(pickle.dumps(m)) == m
    assert pickle.loads(pickle.dumps(m.round)) == m.round


def test_no_phase_is_false() -> None:
    assert all(bool(phase) for phase in wr.Phase)


# -- the engine asks the rule functions ------------------------------------------------------


def test_legal_cards_are_the_rule_functions_answer_in_every_state() -> None:
    rng = random.Random(4)
    for variant in (variants.ROMANIAN, variants.INVERTED, variants.CLASSIC):
        players = 4 if variant.is_classic else 5
        m = wr.Match.new(variant, players=players, seed=rng.randrange(1000))
        for _ in range(300):
            if m.is_over:
                break
            r = m.round
            if r.phase is wr.Phase.PLAYING:
                trick = [c.bit for c in r.current_trick.cards]
                best = (
                    trick[
                        play_rules.trick_winner_index(
                            trick, trump=None if r.trump is None else int(r.trump)
                        )
                    ]
                    if (trick)
                    else -1
                )
                mask, _ = play_rules.playable_cards(
                    r.remaining[r.to_act or 0].mask,
                    play_rules.suit_of(trick[0]) if trick else None,
                    best,
                    None if r.trump is None else int(r.trump),
                    variant.must_trump and not variant.is_classic,
                    variant.must_overtrump,
                )
                assert wr.legal_cards(r).mask == mask
            elif r.to_act == r.dealer:
                earlier = sum(b for b in r.bids if b is not None)
                banned = forbidden_bid(hand_size=r.hand_size, earlier=earlier, hook=variant.hook)
                assert banned not in wr.legal_bids(r)
            m = m.apply(rng.choice(m.legal_actions()))


def test_an_error_names_the_clause_that_excluded_the_card() -> None:
    house = wr.Variant(name="overtrump", must_overtrump=True)
    r = wr.Round.from_hands(house, hands=["Ah 9c", "Qs 10d", "Ks 9s"], dealer=2, turn_up="Js")
    for seat, tricks in ((0, 0), (1, 0), (2, 1)):
        r = r.apply(wr.Bid(seat=seat, tricks=tricks))
    r = r.apply(wr.Play(seat=0, card="Ah")).apply(wr.Play(seat=1, card="Qs"))
    with pytest.raises(wr.MustOvertrumpError) as info:
        r.apply(wr.Play(seat=2, card="9s"))
    assert info.value.rule == "R-PLAY-8"
    assert "Ks" in str(info.value)


def test_round_deal_on_a_round_is_its_deal_and_cannot_be_set() -> None:
    r = wr.Round.shuffled(variants.ROMANIAN, players=4, dealer=1, hand_size=5, seed=3)
    assert isinstance(r.deal, wr.Deal)
    assert wr.Round.from_deal(r.deal) == r
    with pytest.raises(AttributeError):
        r.deal = r.deal
