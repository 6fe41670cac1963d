"""whist_ro.solve held to the engine: an independent brute force, DDS, the errors.

The brute force is plain minimax over ``Round.legal_actions()`` and ``Round.apply``
(memoised on what the rest of the round depends on): it shares nothing with the
solver's bitmask search but the engine it is checked against.
"""

from __future__ import annotations

import functools
import random
import sys
from collections.abc import Callable

import attrs
import pytest

import whist_ro as wr
from whist_ro import solve, variants
from whist_ro.errors import ConfigurationError, SearchBudgetError
from whist_ro.rules import play as play_rules
from whist_ro.rules.scoring import partner_of
from whist_ro.solve import _search
from whist_ro.solve import exact as solve_exact

# Every exact-bid preset and the house rules that change the play (R-PLAY-3, R-PLAY-8,
# R-TRUMP-3): the solver must follow each.
EXACT: tuple[wr.Variant, ...] = (
    variants.ROMANIAN,
    variants.ROMANIAN_FOREHEAD,
    variants.ROMANIAN_HIDDEN,
    variants.INVERTED,
    attrs.evolve(variants.ROMANIAN, name="overtrump", must_overtrump=True),
    attrs.evolve(variants.ROMANIAN, name="no-duty", must_trump=False),
    attrs.evolve(variants.ROMANIAN, name="no-trump-8", no_trump_sizes=frozenset({8})),
)
# At least 2,000 positions on Python 3.11; the other versions' runs check fewer.
POSITIONS = 2_000 if sys.version_info[:2] == (3, 11) else 400


# Cards left in each hand (before the trick on the table) by player count: the brute
# force takes about 1 s for 6 hands of 3 cards, 5 ms for 6 of 2.
_CARDS_LEFT = {3: (2, 3, 4, 4), 4: (2, 3, 3, 4), 5: (2, 2, 3), 6: (2, 2, 2, 3)}


@attrs.frozen
class Truth:
    """What the brute force found for one seat: most, fewest, the totals it can force."""

    most: int
    fewest: int
    exact: frozenset[int]


def _state_key(r: wr.Round) -> tuple[object, ...]:
    # What the rest of the round depends on (the tricks won so far are added back).
    trick = r.current_trick
    return (
        tuple(h.mask for h in r.remaining),
        trick.leader,
        tuple(c.bit for c in trick.cards),
    )


def brute_force(r: wr.Round) -> tuple[Truth, ...]:
    """Plain minimax over the engine's legal actions: each seat against all the others."""
    players = r.players
    memo: dict[tuple[object, ...], tuple[tuple[int, int, int], ...]] = {}

    def value(state: wr.Round) -> tuple[tuple[int, int, int], ...]:
        # Per seat: (most, fewest, bitset of forceable totals) of the tricks to come.
        key = _state_key(state)
        if key in memo:
            return memo[key]
        if state.is_over:
            return ((0, 0, 1),) * players
        children = []
        for action in state.legal_actions():
            after = state.apply(action)
            took = [a - b for a, b in zip(after.tricks_won, state.tricks_won, strict=True)]
            children.append(
                [(m + t, f + t, e << t) for (m, f, e), t in zip(value(after), took, strict=True)]
            )
        found = []
        for seat in range(players):
            mine = [child[seat] for child in children]
            if state.to_act == seat:
                found.append(
                    (
                        max(m for m, _, _ in mine),
                        min(f for _, f, _ in mine),
                        functools.reduce(lambda a, b: a | b, (e for _, _, e in mine)),
                    )
                )
            else:
                found.append(
                    (
                        min(m for m, _, _ in mine),
                        max(f for _, f, _ in mine),
                        functools.reduce(lambda a, b: a & b, (e for _, _, e in mine)),
                    )
                )
        memo[key] = tuple(found)
        return memo[key]

    return tuple(
        Truth(
            most=won + most,
            fewest=won + fewest,
            exact=frozenset(won + k for k in range(r.hand_size + 1) if exact >> k & 1),
        )
        for won, (most, fewest, exact) in zip(r.tricks_won, value(r), strict=True)
    )


def random_position(rng: random.Random, variant: wr.Variant, players: int) -> wr.Round:
    """A round of 6 to 8 cards a hand played at random to 2-4 cards a hand, mid-trick or not.

    Rounds of 8 deal the whole deck and have no trump (R-TRUMP-2); the others do.

    Fewer cards at more players, where the brute force's tree grows fastest.
    """
    r = wr.Round.shuffled(
        variant,
        players=players,
        dealer=rng.randrange(players),
        hand_size=rng.choice((6, 7, 7, 8)),
        seed=rng.getrandbits(48),
    )
    left = rng.choice(_CARDS_LEFT[players])
    mid_trick = rng.random() < 0.5
    while not r.is_over:
        started = r.phase is not wr.Phase.BIDDING
        on_table = len(r.current_trick) > 0
        if started and max(len(h) for h in r.remaining) <= left and on_table is mid_trick:
            break
        r = r.apply(rng.choice(r.legal_actions()))
    return r


def _positions(count: int, seed: int) -> list[tuple[str, int, wr.Round]]:
    rng = random.Random(seed)
    out: list[tuple[str, int, wr.Round]] = []
    while len(out) < count:
        for variant in EXACT:
            for players in variant.player_counts:
                out.append((variant.name, players, random_position(rng, variant, players)))
    return out[:count]


def _mismatches(positions: list[tuple[str, int, wr.Round]]) -> list[str]:
    found = []
    for name, players, r in positions:
        for seat, truth in enumerate(brute_force(r)):
            got = solve.bounds(r, seat)
            makeable = frozenset(k for k in range(r.hand_size + 1) if solve.can_make(r, seat, k))
            if got != (truth.fewest, truth.most) or makeable != truth.exact:
                found.append(
                    f"{name} x{players} seat {seat} {r!r}: bounds {got} can_make {sorted(makeable)}"
                    f" but brute force ({truth.fewest}, {truth.most}) {sorted(truth.exact)}"
                )
    return found


@pytest.mark.parametrize("part", range(10))
def test_bounds_and_can_make_agree_with_brute_force_on_random_positions(part: int) -> None:
    """Every seat of 2,000 positions (every exact preset and house rule, 3-6 players)."""
    positions = _positions(POSITIONS, seed=28)[part::10]
    assert len(positions) == POSITIONS // 10
    assert any(len(r.current_trick) for _, _, r in positions), "mid-trick positions too"
    assert any(r.trump is None for _, _, r in positions), "no-trump rounds too"
    assert sum(r.trump is not None for _, _, r in positions) > len(positions) // 2
    assert _mismatches(positions) == []


def test_a_solver_that_ignores_must_trump_is_caught() -> None:
    """The test hook breaks R-PLAY-3 in the search only: the brute force finds it out."""

    def no_duty_to_trump(
        hand: int, led: int | None, best: int, trump: int | None, must: bool, over: bool
    ) -> tuple[int, str]:
        return play_rules.playable_cards(hand, led, best, trump, False, over)

    positions = [p for p in _positions(300, seed=3) if p[0] == "romanian"]
    assert _mismatches(positions) == []
    with _search.rule_replaced(no_duty_to_trump):
        assert _mismatches(positions) != []


@pytest.mark.parametrize("start", ["none", "all", "beyond", "below"])
def test_the_most_tricks_do_not_depend_on_where_the_questions_start(
    start: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``most`` steps up or down from its guess: any guess gives the brute force's answer."""
    positions = _positions(150, seed=11)
    guesses: dict[str, Callable[[int], int]] = {
        "none": lambda left: 0,
        "all": lambda left: left,
        "beyond": lambda left: left + 3,
        "below": lambda left: -2,
    }

    def guess(
        self: _search.Search, hands: tuple[int, ...], leader: int, cards: tuple[int, ...]
    ) -> int:
        return guesses[start](_search.tricks_left(hands, leader, cards))

    monkeypatch.setattr(_search.Search, "guess", guess)
    for _, _, r in positions:
        for seat, truth in enumerate(brute_force(r)):
            assert solve.bounds(r, seat)[1] == truth.most, repr(r)


def test_the_guess_is_a_count_of_the_tricks_left() -> None:
    """A playout by the rule book: between none and every trick left, on every preset."""
    for _, _, r in _positions(300, seed=12):
        hands, leader, cards = solve_exact.position_of(r)
        left = _search.tricks_left(hands, leader, cards)
        for seat in range(r.players):
            assert 0 <= solve_exact.search_for(r, (seat,), None).guess(hands, leader, cards) <= left


def test_bounds_in_the_bidding_are_those_of_the_first_lead() -> None:
    r = wr.Round.shuffled(variants.ROMANIAN, players=3, dealer=1, hand_size=3, seed=4)
    played = r
    while played.phase is wr.Phase.BIDDING:
        played = played.apply(played.legal_actions()[0])
    for seat in range(3):
        assert solve.bounds(r, seat) == solve.bounds(played, seat) == _truth_bounds(played, seat)


def _truth_bounds(r: wr.Round, seat: int) -> tuple[int, int]:
    truth = brute_force(r)[seat]
    return truth.fewest, truth.most


def test_a_match_is_asked_about_its_round_in_progress() -> None:
    m = wr.Match.new(variants.ROMANIAN, players=3, seed=7)
    while m.round.phase is wr.Phase.BIDDING or len(m.round.current_trick) == 0:
        m = m.apply(m.legal_actions()[0])
    for seat in range(3):
        assert solve.bounds(m, seat) == solve.bounds(m.round, seat)
        assert solve.can_make(m, seat, 1) == solve.can_make(m.round, seat, 1)


def test_a_finished_round_answers_with_its_tricks() -> None:
    r = wr.random_playout(
        wr.Round.shuffled(variants.ROMANIAN, players=4, dealer=0, hand_size=5, seed=2), seed=2
    )
    for seat in range(4):
        won = r.tricks_won[seat]
        assert solve.bounds(r, seat) == (won, won)
        assert [solve.can_make(r, seat, k) for k in range(6)] == [k == won for k in range(6)]


def test_a_spent_budget_raises_search_budget_error_and_never_guesses() -> None:
    r = wr.Round.shuffled(variants.ROMANIAN, players=4, dealer=0, hand_size=8, seed=1)
    with pytest.raises(SearchBudgetError) as caught:
        solve.bounds(r, 0, budget=50)
    assert caught.value.budget == 50
    assert "50" in str(caught.value)
    assert "50" in caught.value.explain("ro")
    with pytest.raises(SearchBudgetError):
        solve.can_make(r, 0, 2, budget=50)
    assert solve.bounds(r, 0, budget=10**7) == solve.bounds(r, 0)


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda r: solve.bounds(r, 3), "seat"),
        (lambda r: solve.bounds(r, True), "seat"),
        (lambda r: solve.bounds("Ah", 0), "state"),  # type: ignore[arg-type]
        (lambda r: solve.can_make(r, 0, 4), "tricks"),
        (lambda r: solve.can_make(r, 0, -1), "tricks"),
        (lambda r: solve.can_make(r, 0, 1.0), "tricks"),  # type: ignore[arg-type]
        (lambda r: solve.bounds(r, 0, budget=0), "budget"),
        (lambda r: solve.bounds(r, 0, budget="10"), "budget"),  # type: ignore[arg-type]
        (solve.double_dummy, "variant"),
    ],
)
def test_bad_questions_are_refused_naming_the_field(
    call: Callable[[wr.Round], object], field: str
) -> None:
    r = wr.Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=3, seed=1)
    with pytest.raises(ConfigurationError) as caught:
        call(r)
    assert caught.value.field == field
    assert caught.value.explain("ro") != str(caught.value)


def test_classic_is_asked_by_sides_not_seats() -> None:
    r = wr.Round.shuffled(variants.CLASSIC, players=4, dealer=0, hand_size=3, seed=1)
    with pytest.raises(ConfigurationError, match="double_dummy"):
        solve.bounds(r, 0)
    with pytest.raises(ConfigurationError, match="double_dummy"):
        solve.can_make(r, 0, 1)
    over = wr.random_playout(r, seed=1)
    with pytest.raises(ConfigurationError, match="over"):
        solve.double_dummy(over)


def classic_brute_force(r: wr.Round) -> int:
    """Minimax over the engine: the tricks (won and to come) of the side to act."""
    seat = r.to_act
    assert seat is not None
    side = {seat, partner_of(seat)}

    memo: dict[tuple[object, ...], int] = {}

    def value(key: tuple[object, ...], state: wr.Round) -> int:
        if key in memo:
            return memo[key]
        if state.is_over:
            return 0
        results = []
        for action in state.legal_actions():
            after = state.apply(action)
            took = sum(after.tricks_won[s] - state.tricks_won[s] for s in side)
            results.append(value(_state_key(after), after) + took)
        memo[key] = max(results) if state.to_act in side else min(results)
        return memo[key]

    return sum(r.tricks_won[s] for s in side) + value(_state_key(r), r)


def test_double_dummy_agrees_with_brute_force_on_random_classic_positions() -> None:
    rng = random.Random(13)
    for _ in range(100 if sys.version_info[:2] == (3, 11) else 30):
        r = wr.Round.shuffled(
            variants.CLASSIC,
            players=4,
            dealer=rng.randrange(4),
            hand_size=13,
            seed=rng.getrandbits(48),
        )
        left = rng.choice((2, 3, 3))  # the brute force of 4 hands of 4 takes seconds
        stop_mid = rng.random() < 0.5
        while min(len(h) for h in r.remaining) > left or (stop_mid and not r.current_trick.cards):
            r = r.apply(rng.choice(r.legal_actions()))
        assert solve.double_dummy(r) == classic_brute_force(r), repr(r)
