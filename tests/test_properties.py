"""Property tests: random legal playouts of every preset and player count.

Every step is checked against a small, slow reference implementation of the
rules written here from the rule book (not from the engine), and every
finished round and match against the invariants the rules imply.

Under CI the examples are fixed (the ``ci`` Hypothesis profile in
``conftest.py``), so a failure reproduces; locally they are random.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import whist_ro as wr
from conftest import profile_name, snapshot
from whist_ro import Bid, Card, Play, Round, Suit, Variant, variants

PRESET_TABLES = [
    (variant, players)
    for variant in (variants.ROMANIAN, variants.INVERTED)
    for players in (3, 4, 5, 6)
] + [(variants.CLASSIC, 4)]

HOUSE_RULES = [
    attrs.evolve(variants.ROMANIAN, name="overtrump", must_overtrump=True),
    attrs.evolve(variants.ROMANIAN, name="no hook", hook=False),
    attrs.evolve(variants.INVERTED, name="no duty to trump", must_trump=False),
    attrs.evolve(variants.ROMANIAN, name="dealer shows trump", dealt_out_trump="dealer_last"),
    attrs.evolve(variants.ROMANIAN, name="one-card rounds break", one_card_rounds="break"),
    attrs.evolve(variants.INVERTED, name="one-card rounds count", one_card_rounds="count"),
    attrs.evolve(variants.ROMANIAN, name="short streaks", streak_length=2, streak_bonus=3),
    attrs.evolve(variants.CLASSIC, name="classic to 7", target=7),
]

tables = st.sampled_from(PRESET_TABLES) | st.tuples(
    st.sampled_from(HOUSE_RULES), st.integers(3, 6)
).map(lambda vp: (vp[0], 4 if vp[0].is_classic else vp[1]))


# -- the reference rules ------------------------------------------------------


def oracle_cards(
    variant: Variant, hand: set[Card], trick: list[Card], trump: Suit | None
) -> set[Card]:
    """R-PLAY-2..5 and R-PLAY-8, spelled out with plain sets."""
    if not trick:
        return set(hand)
    led = trick[0].suit
    follow = {c for c in hand if c.suit is led}
    if follow:
        return follow
    trumps = {c for c in hand if c.suit is trump}
    if variant.must_trump and trumps:
        played_trumps = [c.rank for c in trick if c.suit is trump]
        if variant.must_overtrump and played_trumps:
            over = {c for c in trumps if c.rank > max(played_trumps)}
            if over:
                return over
        return trumps
    return set(hand)


def oracle_bids(variant: Variant, round_: Round) -> set[int]:
    """R-BID-1..2: 0..hand size, less the hook's number for the last bidder."""
    allowed = set(range(round_.hand_size + 1))
    made = [b for b in round_.bids if b is not None]
    if variant.hook and len(made) == round_.players - 1:
        allowed.discard(round_.hand_size - sum(made))
    return allowed


def oracle_winner(cards: list[Card], leader: int, players: int, trump: Suit | None) -> int:
    """R-PLAY-6: highest trump, else highest card of the led suit."""
    trumps = [c for c in cards if c.suit is trump]
    pool = trumps or [c for c in cards if c.suit is cards[0].suit]
    best = max(pool, key=lambda c: c.rank)
    return (leader + cards.index(best)) % players


def oracle_points(variant: Variant, round_: Round) -> tuple[int, ...]:
    """R-SCORE-1..3."""
    won = round_.tricks_won
    if variant.is_classic:
        sides = (won[0] + won[2], won[1] + won[3])
        return tuple(max(sides[s % 2] - 6, 0) for s in range(4))
    out = []
    for bid, took in zip(round_.bids, won, strict=True):
        assert bid is not None
        if bid == took:
            out.append(variant.made_base + variant.made_per_trick * took)
        else:
            out.append(-variant.miss_per_trick * abs(took - bid))
    return tuple(out)


# -- checks ---------------------------------------------------------------------


def check_legal_actions(variant: Variant, round_: Round) -> None:
    seat = round_.to_act
    assert seat is not None
    actions = round_.legal_actions()
    assert len(set(actions)) == len(actions)
    assert all(a.seat == seat for a in actions)
    if round_.phase is wr.Phase.BIDDING:
        assert {a.tricks for a in actions if isinstance(a, Bid)} == oracle_bids(variant, round_)
        assert all(isinstance(a, Bid) for a in actions)
    else:
        hand = set(round_.remaining[seat])
        trick = list(round_.current_trick.cards)
        expected = oracle_cards(variant, hand, trick, round_.trump)
        assert {a.card for a in actions if isinstance(a, Play)} == expected
        assert set(wr.legal_cards(round_)) == expected


def illegal_probes(round_: Round, rng: random.Random) -> Iterable[wr.Action]:
    """Actions the rules refuse here: wrong seat, wrong phase, a card not allowed."""
    seat = round_.to_act
    assert seat is not None
    other = (seat + 1 + rng.randrange(round_.players - 1)) % round_.players
    legal = set(round_.legal_actions())
    yield Bid(seat=other, tricks=0)
    yield Play(seat=seat, card=rng.choice(list(round_.hands[other])))
    if round_.phase is wr.Phase.BIDDING:
        yield Bid(seat=seat, tricks=round_.hand_size + 1)
        yield Play(seat=seat, card=next(iter(round_.remaining[seat])))
    else:
        yield Bid(seat=seat, tricks=0)
        refused = [
            Play(seat=seat, card=c)
            for c in round_.remaining[seat]
            if Play(seat=seat, card=c) not in legal
        ]
        if refused:
            yield rng.choice(refused)


def check_refusals(round_: Round, rng: random.Random) -> None:
    """A refused action raises with a rule ID and leaves everything the round shows as it was."""
    before = snapshot(round_)
    legal = round_.legal_actions()
    for probe in illegal_probes(round_, rng):
        if probe in legal:
            continue
        with pytest.raises(wr.IllegalActionError) as info:
            round_.apply(probe)
        assert info.value.rule.startswith(("R-PLAY-", "R-BID-"))
        assert str(probe.seat) in str(info.value)
    # One comparison after all the probes: a snapshot shares nothing with the
    # round, so a change made by any of them still shows.
    assert snapshot(round_) == before


def check_finished_round(variant: Variant, round_: Round) -> None:
    size, players = round_.hand_size, round_.players
    dealt = [c for hand in round_.hands for c in hand]
    played = [c for trick in round_.tricks for c in trick.cards]
    assert len(played) == players * size
    assert sorted(c.bit for c in played) == sorted(c.bit for c in dealt)
    assert all(not hand for hand in round_.remaining)
    assert len(round_.tricks) == size
    assert sum(round_.tricks_won) == size
    if not variant.is_classic and variant.hook:
        assert sum(b for b in round_.bids if b is not None) != size
    won = [0] * players
    leader = round_.first_hand
    for trick in round_.tricks:
        assert trick.leader == leader
        leader = oracle_winner(list(trick.cards), trick.leader, players, round_.trump)
        assert wr.trick_winner(trick, round_.trump) == leader
        won[leader] += 1
    assert tuple(won) == round_.tricks_won
    assert round_.points == oracle_points(variant, round_)
    assert round_.legal_actions() == ()


# -- the properties -----------------------------------------------------------------


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables, seed=st.integers(0, 2**32), size_pick=st.integers(0, 99), data=st.data())
def test_random_round_follows_the_rules(
    table: tuple[Variant, int], seed: int, size_pick: int, data: st.DataObject
) -> None:
    variant, players = table
    sizes = wr.Schedule.for_game(variant, players).sizes
    size = sizes[size_pick % len(sizes)]
    dealer = seed % players
    round_ = Round.shuffled(variant, players=players, dealer=dealer, hand_size=size, seed=seed)
    rng = random.Random(seed)
    while not round_.is_over:
        check_legal_actions(variant, round_)
        if rng.random() < 0.25:
            check_refusals(round_, rng)
        action = data.draw(st.sampled_from(round_.legal_actions()))
        after = round_.apply(action)
        assert round_.apply_legal(action) == after
        round_ = after
    check_finished_round(variant, round_)


def oracle_streak_bonuses(variant: Variant, match: wr.Match) -> list[tuple[int, ...]]:
    """R-STREAK-1..5, replayed seat by seat from the bids and tricks on the sheet."""
    runs = [(0, 0)] * match.players
    bonuses = []
    for round_ in match.rounds:
        row = []
        for seat in range(match.players):
            made, missed = runs[seat]
            bonus = 0
            one_card = round_.hand_size == 1
            if (
                variant.is_classic
                or variant.streak_bonus == 0
                or (one_card and variant.one_card_rounds == "skip")
            ):
                pass
            elif one_card and variant.one_card_rounds == "break":
                made = missed = 0
            elif round_.bids[seat] == round_.tricks_won[seat]:
                made, missed = made + 1, 0
                if made == variant.streak_length:
                    made, bonus = 0, variant.streak_bonus
            else:
                made, missed = 0, missed + 1
                if missed == variant.streak_length:
                    missed, bonus = 0, -variant.streak_bonus
            runs[seat] = (made, missed)
            row.append(bonus)
        bonuses.append(tuple(row))
    return bonuses


@settings(max_examples=150, deadline=None)
@given(table=tables, seed=st.integers(0, 2**32))
def test_random_match_keeps_score(table: tuple[Variant, int], seed: int) -> None:
    variant, players = table
    match = wr.random_playout(wr.Match.new(variant, players=players, seed=seed), seed=seed)
    assert match.is_over
    assert match.to_act is None
    assert match.legal_actions() == ()
    schedule = wr.Schedule.for_game(variant, players)
    sheet = match.score_sheet
    assert len(sheet) == len(match.rounds)
    for index, round_ in enumerate(match.rounds):
        check_finished_round(variant, round_)
        assert round_.hand_size == schedule.size_of(index)
        assert round_.dealer == (match.first_dealer + index) % players
    expected_bonuses = oracle_streak_bonuses(variant, match)
    totals = [0] * players
    for row, round_, bonuses in zip(sheet, match.rounds, expected_bonuses, strict=True):
        assert tuple(s.bonus for s in row.seats) == bonuses
        for seat, entry in enumerate(row.seats):
            assert entry.points == round_.points[seat]
            totals[seat] += entry.points + entry.bonus
            assert entry.total == totals[seat]
    assert tuple(totals) == match.totals
    if variant.is_classic:
        # R-END-2: the game ends after the first deal that takes a side to the target.
        side_totals = [row.seats[0].total for row in sheet], [row.seats[1].total for row in sheet]
        reached = [max(a, b) >= variant.target for a, b in zip(*side_totals, strict=True)]
        assert reached[-1]
        assert not any(reached[:-1])
    else:
        assert len(match.rounds) == len(schedule)  # R-END-1
    with pytest.raises(wr.GameOverError) as info:
        match.apply(Bid(seat=0, tricks=0))
    assert info.value.rule == "R-END-4"


@settings(max_examples=100, deadline=None)
@given(table=tables, seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_same_seed_same_match_and_old_states_never_change(
    table: tuple[Variant, int], seed: int, steps: int
) -> None:
    """Seeded matches are reproducible (R-DEAL-1), and a state never changes after the fact."""
    variant, players = table
    a = wr.Match.new(variant, players=players, seed=seed)
    b = wr.Match.new(variant, players=players, seed=seed)
    assert a == b
    assert hash(a) == hash(b)
    rng = random.Random(seed)

    history = [(a, snapshot(a))]
    for step in range(1, steps + 1):
        if a.is_over:
            break
        action = rng.choice(a.legal_actions())
        a, b = a.apply(action), b.apply(action)
        assert a == b
        if step % 8 == 0 or a.is_over:  # a sample: one snapshot costs about 0.1 ms
            history.append((a, snapshot(a)))
    for state, seen in history:
        assert snapshot(state) == seen


# -- the Hypothesis profiles of conftest.py ----------------------------------------------


@pytest.mark.parametrize(
    ("environ", "profile"),
    [
        ({}, "dev"),
        ({"CI": "true"}, "ci"),
        ({"CI": "1"}, "ci"),
        ({"CI": "false"}, "dev"),
        ({"CI": ""}, "dev"),
        ({"CI": "true", "HYPOTHESIS_PROFILE": "dev"}, "dev"),
        ({"HYPOTHESIS_PROFILE": "ci"}, "ci"),
    ],
)
def test_hypothesis_profile_follows_ci_unless_overridden(
    environ: dict[str, str], profile: str
) -> None:
    assert profile_name(environ) == profile
    chosen = settings.get_profile(profile)
    assert chosen.derandomize is (profile == "ci")
    assert chosen.print_blob


def test_the_loaded_hypothesis_profile_is_the_chosen_one() -> None:
    loaded = settings.get_profile(profile_name(os.environ))
    current = settings()  # built from the default profile, the one conftest.py loaded
    assert current.derandomize is loaded.derandomize
    assert current.database == loaded.database
