"""Exact counting and uniform sampling of the deals a view allows (R-VIEW-2)."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import assert_type

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import whist_ro as wr
from conftest import bid_in_turn, play_in_turn, play_random
from whist_ro import Card, CardSet, Match, Round, Suit, variants
from whist_ro.errors import ConfigurationError, IllegalActionError
from whist_ro.rules.play import playable_cards
from whist_ro.schedule import Deck
from whist_ro.views import constraints, count_deals, sample, unseen_cards, view_of
from whist_ro.views.sample import _shown_absent

ALL_PRESETS = tuple(dict.fromkeys(variants.get(n) for n in variants.names()))
OVERTRUMP = attrs.evolve(variants.ROMANIAN, name="overtrump", must_overtrump=True)
# Tiny decks for brute force: 3 players, 3 ranks a suit (12 cards).
TINY = attrs.evolve(variants.ROMANIAN, name="tiny", deck_ranks=3, schedule=(2, 3, 4))
TINY_OVER = attrs.evolve(TINY, name="tiny-over", must_overtrump=True)
TINY_DEALER = attrs.evolve(TINY, name="tiny-dealer", dealt_out_trump="dealer_last")
SIGNIFICANCE = 0.001
Z_001 = 3.0902  # the standard normal quantile for 1 - SIGNIFICANCE


# -- the constraints are the rule read backwards ----------------------------------------------


def test_shown_absent_agrees_with_playable_cards_on_every_card_pair() -> None:
    # A card c played with x in hand is refused exactly when x is in the shown-absent set.
    bits = [c.bit for c in Deck.for_game(variants.ROMANIAN, 4)]
    rng = random.Random(1)
    for _ in range(400):
        card, lead = rng.sample(bits, 2)
        led = lead >> 4
        best = rng.choice([lead, *bits])
        trump = rng.choice([None, 0, 1, 2, 3])
        must_trump = rng.random() < 0.7
        must_over = must_trump and rng.random() < 0.5
        if best >> 4 != led and best >> 4 != trump:
            best = lead  # the best card is the lead or a trump
        absent = _shown_absent(card, led, best, trump, must_trump, must_over)
        for x in bits:
            if x == card:
                continue
            mask, _ = playable_cards(1 << card | 1 << x, led, best, trump, must_trump, must_over)
            assert bool(absent >> x & 1) == (not mask >> card & 1), (card, x, led, best, trump)


def test_R_PLAY_2_a_failure_to_follow_shows_a_void() -> None:
    r = Round.from_hands(
        variants.ROMANIAN, hands=["Ah 9d", "Kc Qc", "Qh Jd"], dealer=2, turn_up="10s"
    )
    r = play_in_turn(bid_in_turn(r, 0, 0, 0), "Ah")
    r = r.apply(wr.Play(seat=1, card="Kc"))  # seat 1 shows no heart and no spade
    v = view_of(r, 0)
    assert constraints(v)[1] == Suit.HEARTS.mask | Suit.SPADES.mask
    for seed in range(30):
        held = v.sample(random.Random(seed)).remaining[1]
        assert not held.of_suit(Suit.HEARTS)
        assert not held.of_suit(Suit.SPADES)


def test_R_PLAY_3_a_failure_to_trump_shows_a_trump_void_only_when_trumping_is_a_duty() -> None:
    hands = ["Ah 9d", "Kc Qc", "Qh Jd"]
    duty = Round.from_hands(variants.ROMANIAN, hands=hands, dealer=2, turn_up="10s")
    free = Round.from_hands(
        attrs.evolve(variants.ROMANIAN, must_trump=False), hands=hands, dealer=2, turn_up="10s"
    )
    shown = []
    for start in (duty, free):
        r = play_in_turn(bid_in_turn(start, 0, 0, 0), "Ah", "Kc")
        shown.append(constraints(view_of(r, 0))[1])
    assert shown == [Suit.HEARTS.mask | Suit.SPADES.mask, Suit.HEARTS.mask]


def test_R_PLAY_8_trumping_low_shows_no_higher_trump_under_must_overtrump() -> None:
    # Diamonds are trumps; hearts are led, seat 1 trumps with Kd, seat 2 trumps lower.
    r2 = Round.from_hands(
        OVERTRUMP, hands=["Ah 9c", "Kd 9s", "8d Jc", "Qc 10c"], dealer=3, turn_up="10d"
    )
    r2 = play_in_turn(bid_in_turn(r2, 0, 0, 0, 0), "Ah", "Kd", "8d")
    seat2 = constraints(view_of(r2, 0))[2]
    above_kd = Card.parse("Ad").mask
    assert seat2 == Suit.HEARTS.mask | above_kd  # no heart, and no trump above Kd
    for seed in range(30):
        assert Card.parse("Ad") not in sample(view_of(r2, 0), random.Random(seed)).remaining[2]


def test_R_VIEW_1_the_classic_exposed_card_is_always_dealt_to_the_dealer() -> None:
    r = Match.new(variants.CLASSIC, players=4, seed=2).round
    turn_up = r.turn_up
    assert turn_up is not None
    v = view_of(r, 0)
    for seed in range(10):
        assert turn_up in sample(v, random.Random(seed)).remaining[r.dealer]


def test_R_VIEW_3_forehead_samples_keep_the_cards_others_see() -> None:
    r = Round.from_hands(
        variants.ROMANIAN_FOREHEAD, hands=["Ah", "Kh", "Qh"], dealer=2, turn_up="Jc"
    )
    v = view_of(r, 0)
    assert count_deals(v) == 24 - 3  # own card: any unseen card
    got = {sample(v, random.Random(s)).remaining[0] for s in range(200)}
    assert CardSet.parse("Ah") in got
    assert all(sample(v, random.Random(s)).remaining[1] == CardSet.parse("Kh") for s in range(9))


# -- exact counts -----------------------------------------------------------------------------


def test_count_at_the_start_is_the_multinomial() -> None:
    r = Round.shuffled(variants.ROMANIAN, players=4, dealer=1, hand_size=5, seed=3)
    unseen = 32 - 5 - 1
    expected = math.comb(unseen, 5) * math.comb(unseen - 5, 5) * math.comb(unseen - 10, 5)
    assert count_deals(view_of(r, 2)) == expected
    assert unseen_cards(view_of(r, 2)).bit_count() == unseen


def all_consistent_deals(view: wr.views.PlayerView, r: Round) -> set[tuple[int, ...]]:
    """Brute force: every deal of the unseen cards whose replay gives the same view."""
    seat = view.seat
    unseen = [c for c in Deck.for_game(r.variant, r.players) if unseen_cards(view) >> c.bit & 1]
    known = [
        CardSet.from_mask(
            h.mask
            | sum(
                c.mask
                for t in (*r.tricks, r.current_trick)
                for s, c in zip(t.seats, t.cards, strict=True)
                if s == i
            )
        )
        for i, h in enumerate(view.known_hands)
    ]
    needs = [view.hand_counts[i] - len(view.known_hands[i]) for i in range(r.players)]
    found: set[tuple[int, ...]] = set()

    def place(i: int, pool: list[Card], hands: list[CardSet]) -> None:
        if i == r.players:
            deal_hands = [str(h) for h in hands]
            try:
                candidate = Round.from_hands(
                    r.variant, hands=deal_hands, dealer=r.dealer, turn_up=r.turn_up
                )
                for action in r.actions:
                    candidate = candidate.apply(action)
            except (IllegalActionError, wr.InvalidDealError):
                return
            if view_of(candidate, seat) == view:
                found.add(tuple(h.mask for h in candidate.hands))
            return
        for chosen in itertools.combinations(pool, needs[i]):
            rest = [c for c in pool if c not in chosen]
            place(i + 1, rest, [*hands, known[i] | CardSet(chosen)])

    place(0, unseen, [])
    return found


def chi_square_critical(dof: int) -> float:
    """Wilson-Hilferty approximation of the chi-square quantile at 1 - SIGNIFICANCE."""
    k = dof
    return k * (1 - 2 / (9 * k) + Z_001 * math.sqrt(2 / (9 * k))) ** 3


def tiny_positions() -> list[tuple[str, Round, int]]:
    out = []
    for name, variant, size, seed, steps, seat in (
        ("start", TINY, 2, 1, 0, 0),
        ("voids", TINY, 3, 4, 7, 1),
        ("mid", TINY, 3, 9, 5, 2),
        ("overtrump", TINY_OVER, 3, 148, 6, 0),
        ("dealer-last", TINY_DEALER, 4, 2, 4, 1),
        ("late", TINY_DEALER, 4, 8, 9, 2),
    ):
        r = Round.shuffled(variant, players=3, dealer=seed % 3, hand_size=size, seed=seed)
        out.append((name, play_random(r, seed=seed, steps=steps), seat))
    return out


@pytest.mark.parametrize(("name", "r", "seat"), tiny_positions(), ids=lambda x: str(x)[:12])
def test_count_and_uniformity_against_brute_force(name: str, r: Round, seat: int) -> None:
    v = view_of(r, seat)
    every = all_consistent_deals(v, r)
    assert count_deals(v) == len(every)
    assert tuple(h.mask for h in r.hands) in every
    cells = len(every)
    if cells == 1:
        assert sample(v, random.Random(0)).hands == r.hands
        return
    per_cell = 30
    rng = random.Random(f"uniformity {name}")
    seen = Counter(tuple(h.mask for h in sample(v, rng).hands) for _ in range(per_cell * cells))
    assert set(seen) <= every
    statistic = sum((seen[d] - per_cell) ** 2 / per_cell for d in every)
    assert statistic < chi_square_critical(cells - 1), (name, cells, statistic)


def test_chi_square_check_catches_a_biased_sampler() -> None:
    # The test's power: a sampler that favours one deal twice as much is caught.
    cells, per_cell = 50, 30
    rng = random.Random(3)
    weights = [2] + [1] * (cells - 1)
    draws = Counter(rng.choices(range(cells), weights, k=cells * per_cell))
    expected = per_cell
    statistic = sum((draws[c] - expected) ** 2 / expected for c in range(cells))
    assert statistic > chi_square_critical(cells - 1) or draws[0] > 1.7 * per_cell


# -- the sample is consistent, repeatable and blind to the real cards ----------------------------


@st.composite
def mid_round_views(draw: st.DrawFn) -> tuple[wr.views.PlayerView[wr.Round], int]:
    variant = draw(st.sampled_from(ALL_PRESETS))
    players = draw(st.sampled_from(list(variant.player_counts)))
    size = 13 if variant.is_classic else draw(st.integers(1, 8))
    seed = draw(st.integers(0, 10**6))
    r = Round.shuffled(variant, players=players, dealer=seed % players, hand_size=size, seed=seed)
    steps = draw(st.integers(0, players * (size + 1)))
    r = play_random(r, seed=seed, steps=steps) if steps else r
    seat = draw(st.integers(0, players - 1))
    return view_of(r, seat), seat


@settings(max_examples=150)
@given(mid_round_views(), st.integers(0, 2**32))
def test_sample_view_is_the_view(
    case: tuple[wr.views.PlayerView[wr.Round], int], seed: int
) -> None:
    view, seat = case
    drawn = sample(view, random.Random(seed))
    assert view_of(drawn, seat) == view
    assert drawn.actions == view.actions
    assert count_deals(view) >= 1


@settings(max_examples=25)
@given(st.sampled_from(ALL_PRESETS), st.integers(0, 10**6), st.integers(0, 150), st.integers(0, 5))
def test_match_sample_view_is_the_view(
    variant: wr.Variant, seed: int, steps: int, seat_pick: int
) -> None:
    players = variant.player_counts[seed % len(variant.player_counts)]
    m = play_random(Match.new(variant, players=players, seed=seed), seed=seed, steps=steps)
    seat = seat_pick % players
    v = view_of(m, seat)
    drawn = sample(v, random.Random(seed))
    assert view_of(drawn, seat) == v
    assert drawn.history == m.history
    assert drawn.score_sheet == m.score_sheet
    # The sampled match plays on to its end.
    assert play_random(drawn, seed=1).is_over


def test_equal_views_and_seeds_give_equal_states_whatever_the_real_cards() -> None:
    a = Round.from_hands(
        variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"], dealer=2, turn_up="10s"
    )
    b = Round.from_hands(
        variants.ROMANIAN, hands=["Ah 9c", "Qs 10c", "9h Jc"], dealer=2, turn_up="10s"
    )
    va, vb = view_of(a, 0), view_of(b, 0)
    assert va == vb
    assert sample(va, random.Random(4)) == sample(vb, random.Random(4))
    assert sample(va, random.Random(4)) == sample(va, random.Random(4))


def test_match_later_deals_come_from_the_rng() -> None:
    m = Match.new(variants.ROMANIAN, players=3, seed=1)
    v = view_of(m, 0)

    def next_deal(seed: int) -> wr.Deal:
        drawn = sample(v, random.Random(seed))
        for _ in range(6):
            drawn = drawn.apply(drawn.legal_actions()[0])
        deal: wr.Deal = drawn.round.deal
        return deal

    assert next_deal(1) == next_deal(1)
    assert len({next_deal(s) for s in range(5)}) > 1


def test_abandoned_and_conceded_matches_sample_to_the_same_ending() -> None:
    m = play_random(Match.new(variants.ROMANIAN, players=3, seed=3), seed=3, steps=6)
    done = m.abandon(disconnected=[1])
    drawn = sample(view_of(done, 0), random.Random(1))
    assert drawn.is_abandoned
    assert drawn.disconnected == (1,)
    c = play_random(Match.new(variants.CLASSIC, players=4, seed=3), seed=3, steps=20)
    conceded = c.concede(side=1)
    again = sample(view_of(conceded, 2), random.Random(1))
    assert again.conceded == 1
    assert view_of(again, 2) == view_of(conceded, 2)


def test_a_rounds_view_samples_a_round_and_a_matchs_a_match() -> None:
    # assert_type is checked by mypy (tests are type-checked): the view's type
    # says what sample() returns, so a caller needs no cast.
    m = Match.new(variants.ROMANIAN, players=3, seed=2)
    match_view = m.view(1)
    round_view = m.round.view(1)
    assert_type(match_view, wr.PlayerView[Match])
    assert_type(round_view, wr.PlayerView[Round])
    drawn_match = match_view.sample(random.Random(1))
    drawn_round = round_view.sample(random.Random(1))
    assert_type(drawn_match, Match)
    assert_type(drawn_round, Round)
    assert type(drawn_match) is Match
    assert type(drawn_round) is Round
    assert_type(sample(view_of(m, 0), random.Random(2)), Match)
    either: wr.PlayerView = round_view  # a plain PlayerView is either kind
    assert_type(either.sample(random.Random(3)), Round | Match)


def test_sample_refuses_what_is_not_a_view_or_a_generator() -> None:
    v = view_of(Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=1, seed=1), 0)
    with pytest.raises(ConfigurationError, match=r"rng must be a random\.Random, not int"):
        sample(v, 3)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="expected a PlayerView"):
        count_deals("view")  # type: ignore[arg-type]
