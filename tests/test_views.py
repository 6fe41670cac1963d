"""Player views (R-VIEW-1..3): what a seat may know, nothing more, as a value."""

from __future__ import annotations

import json
import random

import attrs
import pytest

import whist_ro as wr
from conftest import bid_in_turn, play_in_turn, play_random, reachable
from whist_ro import Bid, Card, CardSet, Match, Play, Round, variants
from whist_ro.engine.deal import Deal
from whist_ro.errors import CardNotHeldError, ConfigurationError, WrongPhaseError
from whist_ro.views import PlayerView, blind_mode, view_of

ALL_PRESETS = tuple(dict.fromkeys(variants.get(n) for n in variants.names()))
CLASSIC_HANDS = [
    "As Ks Qs Js 10s 9s 8s 7s 6s 5s 4s 3s 2s",
    "Ah Kh Qh Jh 10h 9h 8h 7h 6h 5h 4h 3h 2h",
    "Ad Kd Qd Jd 10d 9d 8d 7d 6d 5d 4d 3d 2d",
    "Ac Kc Qc Jc 10c 9c 8c 7c 6c 5c 4c 3c 2c",
]


# -- walking everything a view reaches -------------------------------------------------


def public_cards(state: Round | Match, seat: int) -> set[Card]:
    """The cards ``seat`` may know of: its hand, every card played, turn-ups, exposed cards."""
    rounds = [state] if isinstance(state, Round) else [*state.rounds, state.round]
    out: set[Card] = set()
    for r in rounds:
        for trick in (*r.tricks, r.current_trick):
            out.update(trick.cards)
        if r.turn_up is not None:
            out.add(r.turn_up)
    current = state if isinstance(state, Round) else state.round
    mode = blind_mode(current.variant, current.hand_size)
    for s, hand in enumerate(current.remaining):
        if (mode is None and s == seat) or (mode == "forehead" and s != seat):
            out.update(hand)
    return out


def assert_nothing_hidden(view: PlayerView, state: Round | Match, seat: int) -> None:
    allowed = public_cards(state, seat)
    cards = set()
    for obj in reachable(view):
        assert not isinstance(obj, (Round, Match, Deal, random.Random)), type(obj)
        assert type(obj).__name__ not in {"_Setup", "_Progress"}, type(obj)
        if isinstance(obj, Card):
            cards.add(obj)
    hidden = cards - allowed
    assert not hidden, f"seat {seat}'s view reaches hidden cards {sorted(map(str, hidden))}"
    for obj in reachable(view.to_dict()):
        if isinstance(obj, str) and len(obj) <= 3:
            try:
                card = Card.parse(obj)
            except wr.CardParseError:
                continue
            assert card in allowed, f"to_dict() shows hidden {card}"


# -- R-VIEW-1: what a seat sees -------------------------------------------------------------


def test_R_VIEW_1_a_seat_sees_its_hand_bids_plays_and_the_turn_up() -> None:
    r = Round.from_hands(
        variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"], dealer=2, turn_up="10s"
    )
    r = bid_in_turn(r, 1, 0, 0)
    r = play_in_turn(r, "9c", "10c")
    v = view_of(r, 2)
    assert v.hand == CardSet.parse("Qs Jc")
    assert v.bids == (1, 0, 0)
    assert v.turn_up == Card.parse("10s")
    assert v.trump is wr.Suit.SPADES
    assert v.current_trick.cards == (Card.parse("9c"), Card.parse("10c"))
    assert v.current_trick.leader == 0
    assert v.hand_counts == (1, 1, 2)
    assert v.to_act == 2
    assert v.legal_actions == (Play(seat=2, card="Jc"),)  # must follow clubs
    assert view_of(r, 0).legal_actions == ()  # not seat 0's turn
    assert view_of(r, 0).known_hands == (CardSet.parse("Ah"), CardSet(), CardSet())


def test_R_VIEW_1_completed_tricks_keep_leaders_and_winners() -> None:
    r = Round.from_hands(
        variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"], dealer=2, turn_up="10s"
    )
    r = play_in_turn(bid_in_turn(r, 1, 0, 0), "9c", "10c", "Jc")
    v = view_of(r, 0)
    assert v.tricks == r.tricks
    assert v.tricks_won == (0, 0, 1)
    assert v.to_dict()["tricks"] == [{"leader": 0, "cards": ["9c", "10c", "Jc"], "winner": 2}]


def test_R_VIEW_1_classic_turn_up_stays_known_until_played() -> None:
    r = Round.from_hands(variants.CLASSIC, hands=CLASSIC_HANDS, dealer=3, turn_up="2c")
    for seat in (0, 1, 2):
        assert view_of(r, seat).known_hands[3] == CardSet.parse("2c")
    # Spades led, hearts, diamonds, then the dealer follows with a club of its own:
    # the turn-up is back in the hand at the table, but still known (perfect recall).
    r = play_in_turn(r, "As", "Ah", "Ad", "Ac")
    assert view_of(r, 1).known_hands[3] == CardSet.parse("2c")
    r = play_random(r, seed=1)
    while not r.is_over and Card.parse("2c") not in {c for t in r.tricks for c in t.cards}:
        r = r.apply(r.legal_actions()[-1])
    assert view_of(r, 1).known_hands[3] == CardSet()


def test_R_VIEW_1_a_match_view_holds_schedule_scores_and_past_rounds() -> None:
    m = Match.new(variants.ROMANIAN, players=4, seed=3)
    for _ in range(8 * 2):  # the first two 1-card rounds
        m = m.apply(m.legal_actions()[0])
    v = view_of(m, 1)
    assert v.is_match
    assert v.schedule == m.schedule
    assert v.score_sheet == m.score_sheet
    assert v.totals == m.totals
    assert v.round_number == 3
    assert [p.tricks for p in v.past] == [r.tricks for r in m.rounds]
    assert [p.bids for p in v.past] == [r.bids for r in m.rounds]
    assert not view_of(m.round, 1).is_match


# -- R-VIEW-2: nothing else -----------------------------------------------------------------


@pytest.mark.parametrize("variant", ALL_PRESETS, ids=lambda v: v.name)
def test_R_VIEW_2_nothing_hidden_is_reachable_from_a_view(variant: wr.Variant) -> None:
    players = variant.player_counts[0]
    m = Match.new(variant, players=players, seed=11)
    for steps in (0, 5, 23, 61):
        state = play_random(m, seed=steps, steps=steps)
        for seat in range(players):
            assert_nothing_hidden(view_of(state, seat), state, seat)
            assert_nothing_hidden(view_of(state.round, seat), state.round, seat)


def test_R_VIEW_2_the_walk_catches_a_leak() -> None:
    # The checker itself: a view doctored to hold another seat's hand fails it.
    r = Round.from_hands(variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2, turn_up="Jh")
    v = view_of(r, 0)
    object.__setattr__(v, "_known", (CardSet.parse("Ah"), CardSet.parse("Kh"), CardSet()))
    with pytest.raises(AssertionError, match="hidden cards"):
        assert_nothing_hidden(v, r, 0)
    leaky = view_of(r, 0)
    object.__setattr__(leaky, "_past", (r,))
    with pytest.raises(AssertionError):
        assert_nothing_hidden(leaky, r, 0)


def test_R_VIEW_2_states_differing_only_in_hidden_cards_give_equal_views() -> None:
    a = Round.from_hands(
        variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"], dealer=2, turn_up="10s"
    )
    # Seat 1 and seat 2 swap unseen cards; 9h was undealt in a, dealt in b.
    b = Round.from_hands(
        variants.ROMANIAN, hands=["Ah 9c", "Qs 10c", "9h Jc"], dealer=2, turn_up="10s"
    )
    for step in ((1, 0, 0), ("9c", "10c", "Jc")):
        if isinstance(step[0], int):
            a, b = bid_in_turn(a, *step), bid_in_turn(b, *step)
        else:
            a, b = play_in_turn(a, *step), play_in_turn(b, *step)
        va, vb = view_of(a, 0), view_of(b, 0)
        assert va == vb
        assert hash(va) == hash(vb)
        assert repr(va) == repr(vb)
        assert str(va) == str(vb)
        assert va.to_dict() == vb.to_dict()
    assert view_of(a, 1) != view_of(b, 1)  # seat 1 holds different cards


def test_R_VIEW_2_match_views_ignore_seed_and_hidden_deals() -> None:
    m = Match.new(variants.ROMANIAN, players=3, seed=5)
    m = play_random(m, seed=2, steps=30)
    v = view_of(m, 0)
    # The same public history on other deals: sample() builds one; its view is equal.
    other = v.sample(random.Random(9))
    assert other != m
    assert view_of(other, 0) == v
    assert hash(view_of(other, 0)) == hash(v)


def test_views_are_immutable_and_not_built_directly() -> None:
    v = view_of(Match.new(variants.ROMANIAN, players=3, seed=1), 0)
    with pytest.raises(AttributeError, match="immutable"):
        v._seat = 1
    with pytest.raises(TypeError, match="view_of"):
        PlayerView()  # type: ignore[no-untyped-call]


def test_view_of_refuses_bad_seats_and_states() -> None:
    m = Match.new(variants.ROMANIAN, players=3, seed=1)
    for seat in (3, -1, True, "0", None):
        with pytest.raises(ConfigurationError, match="seat must be a seat from 0 to 2"):
            view_of(m, seat)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="a Round or a Match, not 'x'"):
        view_of("x", 0)  # type: ignore[call-overload]


def test_to_dict_is_json_ready_for_every_preset() -> None:
    for variant in ALL_PRESETS:
        players = variant.player_counts[-1]
        m = play_random(Match.new(variant, players=players, seed=4), seed=4, steps=40)
        data = view_of(m, 0).to_dict()
        assert json.loads(json.dumps(data)) == data
        assert data["match"]["totals"] == list(m.totals)


def test_str_is_a_text_table_with_the_hand_by_suit_and_trump_marked() -> None:
    r = Round.from_hands(
        variants.ROMANIAN, hands=["Ah 9c 10s", "Kh 10c Js", "Qs Jc 9h"], dealer=2, turn_up="Ks"
    )
    text = str(view_of(r, 0))
    assert "hand: ♠* 10 | ♥ A | ♣ 9  (*: trumps)" in text
    assert "trump ♠ (Ks turned up)" in text
    assert "your move: bid 0, bid 1, bid 2, bid 3" in text
    assert "Kh" not in text
    assert "Qs" not in text


def test_str_names_who_played_each_card_of_the_trick_on_the_table() -> None:
    r = Round.from_hands(
        variants.ROMANIAN, hands=["Ah 9c 10s", "Kh 10c Js", "Qs Jc 9h"], dealer=2, turn_up="Ks"
    )
    for seat, bid in ((0, 1), (1, 0), (2, 0)):
        r = r.apply(wr.Bid(seat=seat, tricks=bid))
    r = r.apply(wr.Play(seat=0, card="Ah")).apply(wr.Play(seat=1, card="Kh"))
    assert "trick 1: seat 0 led Ah, seat 1 played Kh" in str(view_of(r, 2))


def test_str_of_a_classic_view_shows_sides_and_the_partner_not_bids() -> None:
    m = Match.new(variants.CLASSIC, players=4, seed=3)
    lines = str(view_of(m, 1)).splitlines()
    assert lines[1].split()[:3] == ["seat", "side", "won"]
    rows = {int(line.split()[0]): line for line in lines[2:6]}
    assert [rows[s].split()[1] for s in range(4)] == ["0", "1", "0", "1"]
    assert "<- you" in rows[1]
    assert "your partner" in rows[3]
    assert "partner" not in rows[0] + rows[2]


# -- R-VIEW-3: blind 1-card rounds --------------------------------------------------------


def one_card(variant: wr.Variant) -> Round:
    return Round.from_hands(variant, hands=["Ah", "Kh", "Qh"], dealer=2, turn_up="Jc")


def test_R_VIEW_3_forehead_shows_every_card_but_your_own() -> None:
    r = one_card(variants.ROMANIAN_FOREHEAD)
    v = view_of(r, 0)
    assert v.blind == "forehead"
    assert v.hand == CardSet()
    assert v.known_hands == (CardSet(), CardSet.parse("Kh"), CardSet.parse("Qh"))
    assert "Ah" not in json.dumps(v.to_dict())
    assert "Ah" not in str(v)


def test_R_VIEW_3_hidden_shows_no_card_and_bids_stay_public() -> None:
    r = one_card(variants.ROMANIAN_HIDDEN)
    assert all(view_of(r, s).known_hands == (CardSet(),) * 3 for s in range(3))
    assert view_of(r, 0).legal_actions == (Bid(seat=0, tricks=0), Bid(seat=0, tricks=1))
    r = bid_in_turn(r, 1, 0, 1)
    assert view_of(r, 1).bids == (1, 0, 1)
    v = view_of(r, 0)
    assert v.legal_actions == (Play(seat=0, card=None),)  # the one play names no card
    r = r.apply(r.resolve_play(v.legal_actions[0]))
    assert view_of(r, 1).current_trick.cards == (Card.parse("Ah"),)  # public once played


def test_R_VIEW_3_the_turn_up_stays_public_in_a_blind_round() -> None:
    # R-VIEW-3 hides the hands of a one-card round, never the turn-up (R-TRUMP-1):
    # every seat sees it, before the bids and after a card is played.
    for variant in (variants.ROMANIAN_HIDDEN, variants.ROMANIAN_FOREHEAD):
        r = one_card(variant)
        for state in (r, bid_in_turn(r, 1, 0, 1)):
            for seat in range(3):
                v = view_of(state, seat)
                assert v.blind == variant.blind_one_card
                assert (v.turn_up, v.trump) == (Card.parse("Jc"), wr.Suit.CLUBS)
                assert (v.to_dict()["turn_up"], v.to_dict()["trump"]) == ("Jc", "clubs")
        m = Match.new(variant, players=3, seed=1)
        assert m.round.hand_size == 1
        assert all(m.view(seat).turn_up == m.round.turn_up is not None for seat in range(3))


def test_R_VIEW_3_legality_and_scores_do_not_change() -> None:
    plain = one_card(variants.ROMANIAN)
    for variant in (variants.ROMANIAN_FOREHEAD, variants.ROMANIAN_HIDDEN):
        r = one_card(variant)
        a, b = play_random(plain, seed=3), play_random(r, seed=3)
        assert a.points == b.points
        assert a.actions == b.actions


def test_R_VIEW_3_only_one_card_rounds_are_blind() -> None:
    assert blind_mode(variants.ROMANIAN_HIDDEN, 2) is None
    assert blind_mode(variants.ROMANIAN, 1) is None
    r = Round.shuffled(variants.ROMANIAN_HIDDEN, players=3, dealer=0, hand_size=2, seed=1)
    assert view_of(r, 0).hand == r.remaining[0]


def test_R_VIEW_3_variant_option_is_checked_and_serialised() -> None:
    assert variants.ROMANIAN.blind_one_card == "off"
    assert variants.get("forehead") is variants.ROMANIAN_FOREHEAD
    assert variants.get("romanian-hidden") is variants.ROMANIAN_HIDDEN
    for preset in (variants.ROMANIAN_FOREHEAD, variants.ROMANIAN_HIDDEN):
        assert wr.Variant.from_dict(preset.to_dict()) == preset
    with pytest.raises(ConfigurationError, match="blind_one_card must be one of") as caught:
        attrs.evolve(variants.ROMANIAN, blind_one_card="sometimes")  # type: ignore[arg-type]
    assert caught.value.field == "blind_one_card"
    with pytest.raises(ConfigurationError, match=r"no 1-card rounds.*\(R-VIEW-3\)") as refused:
        attrs.evolve(variants.CLASSIC, blind_one_card="hidden")
    assert refused.value.rule == "R-VIEW-3"


def test_R_VIEW_3_my_only_card_resolves_only_with_one_card() -> None:
    r = Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
    assert r.resolve_play(Bid(seat=1, tricks=0)) == Bid(seat=1, tricks=0)
    with pytest.raises(WrongPhaseError):  # by the phase first, naming no card (R-VIEW-4)
        r.resolve_play(Play(seat=1, card=None))
    r = bid_in_turn(r, 0, 0, 0)
    with pytest.raises(CardNotHeldError, match=r"holds 2 cards \(R-PLAY-7\)"):
        r.resolve_play(Play(seat=1, card=None))


def test_play_with_no_card_is_a_value() -> None:
    only = Play(seat=2, card=None)
    assert only is Play(seat=2, card=None)
    assert only == Play(seat=2, card=None) != Play(seat=1, card=None)
    assert hash(only) == hash(Play(seat=2, card=None))
    assert repr(only) == "Play(seat=2, card=None)"
    assert str(only) == "seat 2 plays its only card"
    assert only != Play(seat=2, card="Ah")


# -- what the lead wires into the engine (flip these when it lands) ----------------------


def test_state_view_methods_match_view_of() -> None:
    m = Match.new(variants.ROMANIAN, players=3, seed=1)
    assert m.view(0) == view_of(m, 0)
    assert m.round.view(0) == view_of(m.round, 0)


def test_R_VIEW_3_apply_accepts_my_only_card() -> None:
    r = bid_in_turn(one_card(variants.ROMANIAN_HIDDEN), 1, 0, 1)
    assert r.apply(Play(seat=0, card=None)) == r.apply(Play(seat=0, card="Ah"))
    two = Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
    with pytest.raises(WrongPhaseError):  # the phase first (R-VIEW-4)
        two.apply(Play(seat=0, card=None))
    with pytest.raises(CardNotHeldError):
        bid_in_turn(two, 0, 0, 0).apply(Play(seat=1, card=None))


def test_public_names_are_exported() -> None:
    assert wr.PlayerView is PlayerView
    assert wr.Agent is not None
    assert wr.Table is not None
