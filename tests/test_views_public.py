"""Spectator views (R-VIEW-1, R-VIEW-2): the public facts of a table, and never a hand."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import whist_ro as wr
from conftest import bid_in_turn, play_in_turn, play_random, reachable
from whist_ro import Card, CardSet, Match, Round, variants
from whist_ro.engine.deal import Deal
from whist_ro.errors import ConfigurationError
from whist_ro.views import PlayerView, SpectatorView, public_view, view_of

ALL_PRESETS = tuple(dict.fromkeys(variants.get(n) for n in variants.names()))


def played_cards(state: Round | Match) -> set[Card]:
    """Every card anyone may know without holding it: the cards played and the turn-ups."""
    rounds = [state] if isinstance(state, Round) else [*state.rounds, state.round]
    out: set[Card] = set()
    for r in rounds:
        for trick in (*r.tricks, r.current_trick):
            out.update(trick.cards)
        if r.turn_up is not None:
            out.add(r.turn_up)
    return out


def assert_public(view: SpectatorView, state: Round | Match) -> None:
    """No unplayed card of any seat is reachable from ``view`` or written by ``to_dict``."""
    allowed = played_cards(state)
    for obj in reachable(view):
        assert not isinstance(obj, (Round, Match, Deal, random.Random)), type(obj)
        if isinstance(obj, Card):
            assert obj in allowed, f"the spectator view reaches the unplayed {obj}"
        if isinstance(obj, PlayerView):
            assert obj.hand == CardSet()
            assert all(h == CardSet() for h in obj.known_hands)
            assert obj.legal_actions == ()
    data = view.to_dict()
    assert data["hand"] == []
    assert all(h == [] for h in data["known_hands"])
    assert data["legal_actions"] == []
    for obj in reachable(data):
        if isinstance(obj, str) and len(obj) <= 3:
            try:
                card = Card.parse(obj)
            except wr.CardParseError:
                continue
            assert card in allowed, f"to_dict() shows the unplayed {card}"


def test_R_VIEW_1_a_spectator_sees_bids_plays_tricks_and_the_turn_up() -> None:
    r = Round.from_hands(
        variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"], dealer=2, turn_up="10s"
    )
    r = play_in_turn(bid_in_turn(r, 1, 0, 0), "9c", "10c", "Jc", "Qs")
    v = public_view(r)
    seat = view_of(r, 0)
    assert v.bids == (1, 0, 0) == seat.bids
    assert v.tricks == r.tricks
    assert v.tricks_won == (0, 0, 1)
    assert v.current_trick.cards == (Card.parse("Qs"),)
    assert v.turn_up == Card.parse("10s")
    assert v.trump is wr.Suit.SPADES
    assert v.hand_counts == (1, 1, 0)
    assert v.to_act == 0
    assert v.actions == seat.actions
    assert (v.dealer, v.first_hand, v.hand_size, v.phase) == (2, 0, 2, wr.Phase.PLAYING)
    assert v.blind is None
    assert v.trump_source == "turn_up"
    assert not v.is_match
    assert v.schedule is None
    assert v.score_sheet is None
    assert v.totals is None
    assert v.round_number == 1
    assert not v.is_over
    assert_public(v, r)


def test_R_VIEW_1_a_spectator_of_a_match_sees_schedule_scores_and_past_rounds() -> None:
    m = Match.new(variants.ROMANIAN, players=4, seed=3, names=["Ana", "Bo", "Cici", "Dan"])
    m = play_random(m, seed=1, steps=40)
    v = public_view(m)
    assert v.is_match
    assert v.names == ("Ana", "Bo", "Cici", "Dan")
    assert v.schedule == m.schedule
    assert v.score_sheet == m.score_sheet
    assert v.totals == m.totals
    assert v.round_number == len(m.rounds) + 1
    assert [p.tricks for p in v.past] == [r.tricks for r in m.rounds]
    assert all(isinstance(p, SpectatorView) for p in v.past)
    assert (v.games, v.abandoned, v.disconnected, v.conceded) == ((), False, (), None)
    data = v.to_dict()
    assert data["seat"] is None
    assert all(p["seat"] is None for p in data["match"]["past"])
    assert json.loads(json.dumps(data)) == data
    # Everything the seats' views share, the spectator's shows the same way.
    seat = m.view(1).to_dict()
    for key in ("bids", "tricks", "current_trick", "tricks_won", "hand_counts", "turn_up"):
        assert data[key] == seat[key], key
    assert data["match"]["totals"] == seat["match"]["totals"]


@pytest.mark.parametrize("variant", ALL_PRESETS, ids=lambda v: v.name)
def test_R_VIEW_2_no_unplayed_card_is_reachable_from_a_spectator_view(
    variant: wr.Variant,
) -> None:
    players = variant.player_counts[0]
    m = Match.new(variant, players=players, seed=11)
    for steps in (0, 5, 23, 61, None):
        state = play_random(m, seed=7, steps=steps)
        assert_public(public_view(state), state)
        assert_public(public_view(state.round), state.round)


def test_R_VIEW_2_the_check_catches_a_leak() -> None:
    r = Round.from_hands(variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2, turn_up="Jh")
    v = public_view(r)
    inner = v._view
    object.__setattr__(inner, "_known", (CardSet.parse("Ah"), CardSet(), CardSet()))
    with pytest.raises(AssertionError):
        assert_public(v, r)


def test_R_VIEW_2_states_differing_only_in_hidden_cards_give_equal_spectator_views() -> None:
    a = Round.from_hands(
        variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"], dealer=2, turn_up="10s"
    )
    # Every seat's unplayed cards differ (9h was undealt in a); the plays are the same.
    b = Round.from_hands(
        variants.ROMANIAN, hands=["9h 9c", "Qs 10c", "Ah Jc"], dealer=2, turn_up="10s"
    )
    for step in ((1, 0, 0), ("9c", "10c", "Jc")):
        if isinstance(step[0], int):
            a, b = bid_in_turn(a, *step), bid_in_turn(b, *step)
        else:
            a, b = play_in_turn(a, *step), play_in_turn(b, *step)
        va, vb = public_view(a), public_view(b)
        assert va == vb
        assert hash(va) == hash(vb)
        assert repr(va) == repr(vb)
        assert va.to_dict() == vb.to_dict()
    # Seat 0 holds different cards: its own views differ, the spectator's do not.
    assert view_of(a, 0) != view_of(b, 0)


def test_R_VIEW_2_spectator_match_views_ignore_the_seed_and_hidden_deals() -> None:
    m = play_random(Match.new(variants.ROMANIAN, players=3, seed=5), seed=2, steps=30)
    other = m.view(0).sample(random.Random(9))  # same public history, other hidden cards
    assert other.round.remaining != m.round.remaining
    assert public_view(other) == public_view(m)


@pytest.mark.parametrize("variant", [variants.ROMANIAN_FOREHEAD, variants.ROMANIAN_HIDDEN])
def test_R_VIEW_3_a_spectator_sees_no_card_in_blind_rounds(variant: wr.Variant) -> None:
    r = Round.from_hands(variant, hands=["Ah", "Kh", "Qh"], dealer=2, turn_up="Jc")
    v = public_view(r)
    assert v.blind == variant.blind_one_card
    assert v.turn_up == Card.parse("Jc")  # the turn-up stays public (R-TRUMP-1)
    text = json.dumps(v.to_dict())
    for card in ("Ah", "Kh", "Qh"):
        assert card not in text
    assert_public(v, r)
    r = bid_in_turn(r, 1, 0, 1)
    r = r.apply(wr.Play(seat=0, card=None))
    assert public_view(r).current_trick.cards == (Card.parse("Ah"),)  # public once played
    assert "Kh" not in json.dumps(public_view(r).to_dict())


def test_R_VIEW_1_the_classic_exposed_trump_is_shown_as_the_turn_up_only() -> None:
    m = Match.new(variants.CLASSIC, players=4, seed=1)
    v = public_view(m)
    assert v.trump_source == "dealer_last"
    assert v.turn_up == m.round.turn_up
    assert v.to_dict()["known_hands"] == [[], [], [], []]


def test_spectator_views_end_with_the_match() -> None:
    done = play_random(Match.new(variants.ROMANIAN, players=3, seed=4), seed=4)
    v = public_view(done)
    assert v.is_over
    assert v.to_act is None
    conceded = Match.new(variants.CLASSIC, players=4, seed=3)
    conceded = play_random(conceded, seed=1, steps=9).concede(seat=1)
    cv = public_view(conceded)
    assert cv.conceded == 1
    assert cv.games == conceded.games
    assert_public(cv, conceded)  # the round cut short keeps its hands hidden
    abandoned = Match.new(variants.ROMANIAN, players=3, seed=3).abandon(disconnected=[1])
    av = public_view(abandoned)
    assert av.abandoned
    assert av.disconnected == (1,)


def test_spectator_views_are_immutable_values() -> None:
    v = public_view(Match.new(variants.ROMANIAN, players=3, seed=1))
    with pytest.raises(AttributeError, match="immutable"):
        v._view = None  # type: ignore[assignment]
    with pytest.raises(TypeError, match="public_view"):
        SpectatorView()  # type: ignore[no-untyped-call]
    assert pickle.loads(pickle.dumps(v)) == v
    assert v != view_of(Match.new(variants.ROMANIAN, players=3, seed=1), 0)
    assert "SpectatorView of romanian, 3 players: round 1" in repr(v)


def test_public_view_refuses_what_is_not_a_state() -> None:
    for junk in ("x", None, 3, view_of(Match.new(variants.ROMANIAN, players=3, seed=1), 0)):
        with pytest.raises(ConfigurationError, match="a Round or a Match") as caught:
            public_view(junk)  # type: ignore[arg-type]
        assert caught.value.field == "state"
