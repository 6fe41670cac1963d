"""The playout kernels (whist_ro.sim) held to the engine.

- Deterministic mode: ``policy="lowest"`` on both kernels gives exactly the
  engine's finished round played the same way through ``Round.apply``, per
  preset (and the rule options) and player count, from fresh deals spread
  over the schedule's hand sizes and from mid-round positions.  The default
  run plays ``SIM_DEALS`` = 300 deals per preset and player count; CI sets
  ``WHIST_RO_SIM_DEALS=10000`` for the full count the issue asks for.
- Random mode: ``debug=True`` checks every step's legal set and every
  trick's winner against the engine, and a chi-square test at p = 0.001
  with fixed seeds compares outcome distributions with engine playouts.
  The fast paths (the scalar kernel's flat random loop, deals drawn as bit
  planes) must give exactly the games of the checked paths for the same
  seed, so the step-by-step check covers them too.
- Dealing: the kernels' own deals are exactly uniform (chi-square over every
  possible deal of a small deck), and sampled deals have the distribution
  of plain rejection sampling.
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import attrs
import pytest

import whist_ro as wr
from whist_ro import sim
from whist_ro.sim._deal import deal_planes
from whist_ro.sim._position import position_of, sampled_hidden

V = wr.variants
SIM_DEALS = int(os.environ.get("WHIST_RO_SIM_DEALS", "300"))

PRESETS: dict[str, wr.Variant] = {
    "romanian": V.ROMANIAN,
    "inverted": V.INVERTED,
    "classic": V.CLASSIC,
    "overtrump": attrs.evolve(V.ROMANIAN, name="overtrump", must_overtrump=True),
    "no-hook-no-duty": attrs.evolve(V.ROMANIAN, name="loose", hook=False, must_trump=False),
    "no-trump-dealer-last": attrs.evolve(
        V.INVERTED, name="nt", no_trump_sizes=frozenset({3, 5}), dealt_out_trump="dealer_last"
    ),
}
CASES = [(name, players) for name, v in PRESETS.items() for players in v.player_counts]


def shuffled(
    variant: wr.Variant, *, players: int, dealer: int, hand_size: int, seed: int
) -> wr.Round:
    return wr.Round.shuffled(
        variant, players=players, dealer=dealer, hand_size=hand_size, seed=seed
    )


def engine_lowest(r: wr.Round) -> wr.Round:
    """The reference: the engine's round played to the end by the "lowest" policy."""
    while not r.is_over:
        if r.phase is wr.Phase.BIDDING:
            seat = r.to_act
            assert seat is not None
            r = r.apply(wr.Bid(seat=seat, tricks=min(wr.legal_bids(r))))
        else:
            # Lowest rank, ties by suit clubs, diamonds, hearts, spades.
            card = min(wr.legal_cards(r), key=lambda c: (c.rank, int(c.suit)))
            r = r.apply(wr.Play(seat=r.to_act, card=card))  # type: ignore[arg-type]
    return r


def engine_random(r: wr.Round, rng: random.Random) -> wr.Round:
    while not r.is_over:
        r = r.apply(rng.choice(r.legal_actions()))
    return r


def advance(r: wr.Round, steps: int, rng: random.Random) -> wr.Round:
    for _ in range(steps):
        if r.is_over:
            break
        r = r.apply(rng.choice(r.legal_actions()))
    return r


def starts(variant: wr.Variant, players: int, count: int, seed: int) -> list[wr.Round]:
    """``count`` fresh deals cycling over the schedule's hand sizes and the dealers."""
    rng = random.Random(seed)
    sizes = sorted(set(wr.Schedule.for_game(variant, players).sizes))
    return [
        shuffled(
            variant,
            players=players,
            dealer=i % players,
            hand_size=sizes[i // players % len(sizes)],
            seed=rng.getrandbits(48),
        )
        for i in range(count)
    ]


# -- deterministic mode: exact equality with the engine ------------------------------


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_lowest_policy_is_exactly_the_engine(preset: str, players: int) -> None:
    variant = PRESETS[preset]
    rounds = starts(variant, players, SIM_DEALS, seed=players)
    groups: dict[tuple[int, int], list[wr.Round]] = {}
    for r in rounds:
        expected = engine_lowest(r)
        got = sim.playout(r, policy="lowest")
        assert (got.bids, got.tricks_won, got.points) == (
            expected.bids,
            expected.tricks_won,
            expected.points,
        ), r
        groups.setdefault((r.hand_size, r.dealer), []).append(r)
    # The batched kernel plays each group of one set-up as one batch.
    for group in groups.values():
        batch = sim.playouts(group[0], len(group), policy="lowest", deals=group, kernel="batched")
        for r, got in zip(group, batch, strict=True):
            expected = engine_lowest(r)
            assert (got.bids, got.tricks_won) == (expected.bids, expected.tricks_won), r


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_lowest_policy_from_mid_round_is_exactly_the_engine(preset: str, players: int) -> None:
    rng = random.Random(players * 7)
    for r in starts(PRESETS[preset], players, max(SIM_DEALS // 10, 20), seed=players + 100):
        mid = advance(r, rng.randrange(1, 3 * players), rng)
        expected = engine_lowest(mid)
        assert sim.playout(mid, policy="lowest").tricks_won == expected.tricks_won
        batch = sim.playouts(mid, 3, policy="lowest", deals="same", kernel="batched")
        assert {o.tricks_won for o in batch} == {expected.tricks_won}


# -- random mode: every step checked, and distributions compared ----------------------


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_debug_checks_every_random_step_against_the_engine(preset: str, players: int) -> None:
    rng = random.Random(players)
    for r in starts(PRESETS[preset], players, 6, seed=players + 50):
        mid = advance(r, rng.randrange(0, 2 * players), rng)
        for policy in ("random", "greedy", "highest"):
            sim.playout(mid, policy=policy, rng=rng.getrandbits(32), debug=True)
        sim.playouts(mid, 40, rng=1, deals="same", kernel="batched", debug=True)
        if not mid.is_over:
            sim.playouts(mid, 40, rng=2, deals="sampled", kernel="batched", debug=True)
            sim.playouts(mid, 5, rng=3, deals="sampled", kernel="scalar", debug=True)
        if mid == r:
            sim.playouts(r, 40, rng=4, deals="fresh", kernel="batched", debug=True)


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_fast_random_paths_play_the_checked_games(preset: str, players: int) -> None:
    # debug=True plays the general loop with every step checked against the
    # engine, and hands the deals over one by one; without it, the flat random
    # loop and the bit-plane deals run.  Same seed, so the same games.
    rng = random.Random(players * 3)
    for r in starts(PRESETS[preset], players, 8, seed=players + 300):
        mid = advance(r, rng.randrange(0, 3 * players), rng)
        seed = rng.getrandbits(32)
        assert sim.playout(mid, rng=seed) == sim.playout(mid, rng=seed, debug=True)
        modes = ["same"] if mid.is_over else ["same", "sampled"]
        if mid == r:
            modes.append("fresh")
        for deals in modes:
            for kernel in ("scalar", "batched"):
                fast = sim.playouts(mid, 24, rng=seed, deals=deals, kernel=kernel)
                checked = sim.playouts(mid, 24, rng=seed, deals=deals, kernel=kernel, debug=True)
                assert fast == checked, (deals, kernel, mid)


def chi_square_p(a: Counter[object], b: Counter[object]) -> float:
    """p-value of the chi-square test that two samples share one distribution."""
    keys = sorted(set(a) | set(b), key=repr)
    na, nb = sum(a.values()), sum(b.values())
    stat = 0.0
    for k in keys:
        total = a[k] + b[k]
        for observed, n in ((a[k], na), (b[k], nb)):
            expected = total * n / (na + nb)
            stat += (observed - expected) ** 2 / expected
    return upper_gamma_ratio((len(keys) - 1) / 2, stat / 2)


def upper_gamma_ratio(s: float, x: float) -> float:
    """Q(s, x), the chi-square survival function's core (series or continued fraction)."""
    if x <= 0:
        return 1.0
    log_front = s * math.log(x) - x - math.lgamma(s)
    if x < s + 1:
        term = total = 1.0 / s
        k = s
        while term > total * 1e-15:
            k += 1
            term *= x / k
            total += term
        return 1.0 - total * math.exp(log_front)
    # Lentz's continued fraction for Q.
    tiny = 1e-300
    b = x + 1 - s
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - s)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def test_chi_square_helper_matches_known_values() -> None:
    # 3.841 is the 5% critical value of one degree of freedom, 13.816 the 0.1% of two.
    assert upper_gamma_ratio(0.5, 3.841 / 2) == pytest.approx(0.05, abs=1e-4)
    assert upper_gamma_ratio(1.0, 13.816 / 2) == pytest.approx(0.001, abs=1e-5)


def outcome_keys(bids: Sequence[int | None], won: Sequence[int], dealer: int) -> list[object]:
    first = (dealer + 1) % len(won)
    return [("dealer", bids[dealer], won[dealer]), ("first", bids[first], won[first])]


DISTRIBUTIONS = [
    ("romanian", 4, 7, 3000),
    ("overtrump", 3, 5, 3000),
    ("no-trump-dealer-last", 5, 5, 2000),
    ("classic", 4, 13, 1500),
]


@pytest.mark.parametrize("kernel", ["scalar", "batched"])
@pytest.mark.parametrize(("preset", "players", "size", "games"), DISTRIBUTIONS)
def test_random_outcomes_agree_with_the_engine(
    kernel: str, preset: str, players: int, size: int, games: int
) -> None:
    variant = PRESETS[preset]
    dealer = players - 1
    rng = random.Random(2024)
    engine: dict[str, Counter[object]] = {"dealer": Counter(), "first": Counter()}
    for _ in range(games):
        r = shuffled(
            variant, players=players, dealer=dealer, hand_size=size, seed=rng.getrandbits(48)
        )
        done = engine_random(r, rng)
        for key in outcome_keys(done.bids, done.tricks_won, dealer):
            engine[key[0]][key[1:]] += 1  # type: ignore[index]
    start = shuffled(variant, players=players, dealer=dealer, hand_size=size, seed=0)
    kernel_counts: dict[str, Counter[object]] = {"dealer": Counter(), "first": Counter()}
    batch = sim.playouts(start, 2 * games, rng=99, kernel=kernel)  # type: ignore[arg-type]
    for o in batch:
        for key in outcome_keys(o.bids, o.tricks_won, dealer):
            kernel_counts[key[0]][key[1:]] += 1  # type: ignore[index]
    for seat in ("dealer", "first"):
        assert chi_square_p(engine[seat], kernel_counts[seat]) > 0.001, seat


def test_the_chi_square_test_can_fail() -> None:
    # The same machinery rejects a kernel that ignored the hook (R-BID-2).
    loose = attrs.evolve(V.ROMANIAN, name="no hook", hook=False)
    rng = random.Random(1)
    hooked: Counter[object] = Counter()
    for _ in range(2000):
        r = shuffled(V.ROMANIAN, players=4, dealer=3, hand_size=1, seed=rng.getrandbits(48))
        hooked[engine_random(r, rng).bids[3]] += 1
    start = shuffled(loose, players=4, dealer=3, hand_size=1, seed=0)
    unhooked: Counter[object] = Counter(o.bids[3] for o in sim.playouts(start, 4000, rng=5))
    assert chi_square_p(hooked, unhooked) < 0.001


# -- positions, deals and seeds ------------------------------------------------------


DealCards = tuple[tuple[int, ...], ...]


def seat_1_showed_no_club() -> wr.Round:
    """Every seat bid 0, seat 0 led Ac and seat 1 discarded Qh: seat 2 (to act) samples."""
    r = wr.Round.from_hands(
        V.ROMANIAN,
        hands=["Ac Kc Qc", "Ah Kh Qh", "Jc 10c 9c", "Jh 10h 9h"],
        dealer=3,
        turn_up="As",
    )
    for seat in range(4):
        r = r.apply(wr.Bid(seat=seat, tricks=0))
    return r.apply(wr.Play(seat=0, card="Ac")).apply(wr.Play(seat=1, card="Qh"))


def test_the_kernels_deal_every_deal_equally_often() -> None:
    # 6 cards into places of 2, 2, 1 and 1: 180 deals, each drawn 1/180 of the time.
    games = 36_000
    planes = deal_planes(6, [2, 2, 1, 1], random.Random(7), games)
    seen: Counter[DealCards] = Counter()
    for g in range(games):
        seen[tuple(tuple(i for i in range(6) if dest[i] >> g & 1) for dest in planes)] += 1
    assert len(seen) == 180
    assert all([len(cards) for cards in deal] == [2, 2, 1, 1] for deal in seen)

    def p_uniform(counts: Counter[DealCards]) -> float:
        # Goodness of fit to 180 equally likely deals (179 degrees of freedom).
        expected = sum(counts.values()) / 180
        stat = sum((c - expected) ** 2 / expected for c in counts.values())
        return upper_gamma_ratio(179 / 2, stat / 2)

    assert p_uniform(seen) > 0.001
    # The same test notices a bias: one deal drawn twice as often.
    skewed = seen.copy()
    skewed[next(iter(seen))] += games // 180
    assert p_uniform(skewed) < 0.001


def test_sampled_deals_have_the_distribution_of_plain_rejection() -> None:
    p = position_of(seat_1_showed_no_club())
    rng = random.Random(3)
    # The reference: shuffle the unseen cards, deal them out, keep the deal
    # only if seat 1 got no club (it showed a void).
    unseen = [b for b in range(64) if p.deck >> b & 1 and not (p.played | p.hands[2]) >> b & 1]
    unseen.remove(p.turn_up)
    clubs = wr.Suit.CLUBS.mask
    plain: Counter[object] = Counter()
    while sum(plain.values()) < 4000:
        rng.shuffle(unseen)
        hands = [sum(1 << b for b in cut) for cut in (unseen[0:2], unseen[2:4], unseen[4:7])]
        if not hands[1] & clubs:
            plain[tuple((h & clubs).bit_count() for h in hands)] += 1
    sampled: Counter[object] = Counter()
    for h in sampled_hidden(p, random.Random(4), 4000):
        sampled[tuple((h[0][s] & clubs).bit_count() for s in (0, 1, 3))] += 1
    assert chi_square_p(plain, sampled) > 0.001


def test_playout_takes_a_match_at_its_current_round() -> None:
    m = wr.Match.new(V.ROMANIAN, players=4, seed=3)
    assert sim.playout(m, policy="lowest") == sim.playout(m.round, policy="lowest")


def test_playout_of_a_finished_round_is_its_result() -> None:
    done = engine_lowest(shuffled(V.ROMANIAN, players=3, dealer=0, hand_size=4, seed=8))
    o = sim.playout(done)
    assert (o.bids, o.tricks_won, o.points) == (done.bids, done.tricks_won, done.points)


def test_same_seed_same_results_whatever_the_workers() -> None:
    r = shuffled(V.ROMANIAN, players=4, dealer=0, hand_size=1, seed=4)
    n = sim.run.CHUNK * 2 + 17  # three chunks
    alone = sim.playouts(r, n, rng=12)
    with ThreadPoolExecutor(max_workers=3) as pool:
        spread = sim.playouts(r, n, rng=12, executor=pool)
    assert spread == alone
    assert sim.playouts(r, n, rng=13) != alone


def test_sampled_deals_keep_what_the_seat_to_act_knows() -> None:
    # Seat 1 discarded on a club lead: every sampled deal leaves it without clubs.
    p = position_of(seat_1_showed_no_club())
    clubs = wr.Suit.CLUBS.mask
    hands = sampled_hidden(p, random.Random(1), 300)
    assert all(h[0][1] & clubs == 0 for h in hands)
    assert all(h[0][2] == p.hands[2] for h in hands)  # seat 2 (to act) keeps its hand
    assert len({h[0] for h in hands}) > 1
    assert all([m.bit_count() for m in h[0]] == [2, 2, 3, 3] for h in hands)


def test_explicit_deals_are_checked() -> None:
    r = wr.Round.from_hands(V.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"], dealer=2, turn_up="Qs")
    ok = sim.playouts(r, 1, policy="lowest", deals=[["Ah Jc", "Kh 10c", "9d 10s"]])
    assert ok[0] == sim.playout(r, policy="lowest")
    with pytest.raises(wr.InvalidDealError, match="dealt twice"):
        sim.playouts(r, 1, deals=[["Ah Jc", "Ah 10c", "9d 10s"]])
    with pytest.raises(wr.InvalidDealError, match="holds 1 cards"):
        sim.playouts(r, 1, deals=[["Ah", "Kh 10c Jc", "9d 10s"]])
    with pytest.raises(wr.InvalidDealError, match="R-TRUMP-1"):
        sim.playouts(r, 1, deals=[["Ah Jc", "Kh 10c", "9d Qs"]])
    with pytest.raises(wr.ConfigurationError, match="give exactly n"):
        sim.playouts(r, 2, deals=[["Ah Jc", "Kh 10c", "9d 10s"]])


def test_an_explicit_deal_with_the_turn_up_misplaced_is_r_deck_4() -> None:
    # The rule book: a bad deal is R-DECK-4 whichever check fails; the message may
    # add the R-TRUMP rule that says where the turn-up belongs (as Deal's refusals do).
    r = wr.Round.from_hands(V.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"], dealer=2, turn_up="Qs")
    with pytest.raises(wr.InvalidDealError) as info:
        sim.playouts(r, 1, deals=[["Ah Jc", "Kh 10c", "9d Qs"]])
    assert info.value.rule == "R-DECK-4"
    assert "R-TRUMP-1" in str(info.value)
    classic = shuffled(V.CLASSIC, players=4, dealer=0, hand_size=13, seed=1)
    up = classic.deal.turn_up
    assert up is not None
    assert up in classic.deal.hands[0]
    other = next(iter(classic.deal.hands[1]))
    hands = [list(h) for h in classic.deal.hands]
    hands[0] = [other if c == up else c for c in hands[0]]
    hands[1] = [up if c == other else c for c in hands[1]]
    with pytest.raises(wr.InvalidDealError) as info:
        sim.playouts(classic, 1, deals=[hands])
    assert info.value.rule == "R-DECK-4"
    assert "R-TRUMP-3" in str(info.value)


def test_bad_arguments_are_refused_precisely() -> None:
    r = shuffled(V.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
    with pytest.raises(wr.ConfigurationError, match="unknown policy 'smart'"):
        sim.playout(r, policy="smart")
    with pytest.raises(wr.ConfigurationError, match="rng must be"):
        sim.playout(r, rng=1.5)  # type: ignore[arg-type]
    with pytest.raises(wr.ConfigurationError, match="Round or a Match"):
        sim.playout("a round")
    with pytest.raises(wr.ConfigurationError, match="n must be"):
        sim.playouts(r, -1)
    with pytest.raises(wr.ConfigurationError, match="batched kernel plays"):
        sim.playouts(r, 5, policy="greedy", kernel="batched")
    mid = r.apply(r.legal_actions()[0])
    with pytest.raises(wr.ConfigurationError, match="fresh deals need"):
        sim.playouts(mid, 5, deals="fresh")


def test_absurd_sizes_and_junk_arguments_are_refused_before_any_game() -> None:
    r = shuffled(V.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
    with pytest.raises(wr.ConfigurationError, match="n must be a whole number from 0 to 10000000,"):
        sim.playouts(r, 10**12)
    with pytest.raises(wr.ConfigurationError, match="from 0 to 10000000000, not 1000000000000"):
        sim.stats(r, 10**12)
    with pytest.raises(wr.ConfigurationError, match=r"executor must be a concurrent\.futures"):
        sim.playouts(r, 5, executor=5)  # type: ignore[arg-type]
    with pytest.raises(wr.ConfigurationError, match="rng must be None or a seed"):
        sim.playouts(r, 5, rng=10**5000)
    with pytest.raises(wr.ConfigurationError, match="not the text 'romanian'"):
        sim.stats("romanian", 5)  # type: ignore[arg-type]
    with pytest.raises(wr.ConfigurationError, match="stats counts Outcome values, not 5"):
        sim.Stats.of([5])  # type: ignore[list-item]
    with pytest.raises(wr.ConfigurationError, match="random_playout plays a Match or a Round"):
        wr.random_playout(None)  # type: ignore[type-var]
    # None is a seed here (a fresh one), so the message lists it.
    with pytest.raises(
        wr.ConfigurationError,
        match=r"seed must be None, an int, a str or a random\.Random, not 1\.5",
    ):
        wr.random_playout(r, seed=1.5)  # type: ignore[arg-type]


def test_zero_games_give_nan_means_not_a_division_by_zero() -> None:
    s = sim.stats(V.ROMANIAN, 0, players=4, hand_size=3, rng=1)
    assert s.games == 0
    assert math.isnan(s.mean_tricks(0))
    assert math.isnan(s.mean_points(3))
    assert all(math.isnan(x) for x in s.tricks_distribution(1))
    assert math.isnan(s.made_rate(2))
    with pytest.raises(wr.ConfigurationError, match="seat must be a seat from 0 to 3, not 4"):
        s.mean_tricks(4)


def test_stats_counts_a_generator_chunk_by_chunk() -> None:
    r = shuffled(V.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
    outcomes = sim.playouts(r, 5000, rng=4)
    streamed = sim.stats(o for o in outcomes)  # a generator: never held as a list
    assert streamed == sim.stats(outcomes)
    assert streamed == sim.stats(r, 5000, rng=4)


def test_an_executor_gets_a_bounded_window_of_chunks() -> None:
    submitted: list[int] = []
    in_flight: list[int] = []

    class Counting(ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            submitted.append(1)
            in_flight.append(len(submitted) - len(done))
            return super().submit(fn, *args, **kwargs)

    done: list[int] = []
    r = shuffled(V.ROMANIAN, players=3, dealer=0, hand_size=1, seed=1)
    chunks = 3 * sim.run._WINDOW  # more chunks than the window
    with Counting(2) as pool:
        _, played = sim.run.playout_chunks(
            r, chunks * sim.run.CHUNK, most=10**9, policy="random", rng=1, deals=None,
            kernel="auto", executor=pool, debug=False, progress=None,
        )  # fmt: skip
        for _ in played:
            done.append(1)
    assert len(submitted) == chunks
    assert max(in_flight) <= sim.run._WINDOW


def test_a_python_policy_must_choose_a_legal_action() -> None:
    r = shuffled(V.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
    with pytest.raises(wr.ConfigurationError, match="not one of the legal bids"):
        sim.playout(r, policy=lambda d: 99)


def test_a_python_policy_sees_its_own_view() -> None:
    seen: list[sim.Decision] = []

    def lowest(d: sim.Decision) -> int | wr.Card:
        seen.append(d)
        if isinstance(d.legal, tuple):
            return min(d.legal)
        return min(d.legal, key=lambda c: (c.rank, int(c.suit)))

    r = shuffled(V.ROMANIAN, players=4, dealer=1, hand_size=5, seed=6)
    assert sim.playout(r, policy=lowest) == sim.playout(r, policy="lowest")
    assert len(seen) == 4 + 4 * 5
    assert all(set(d.legal) <= set(d.hand) for d in seen if d.kind == "play")


# -- outcomes and statistics ---------------------------------------------------------


def test_outcome_is_immutable_and_scored_by_the_rules() -> None:
    o = sim.Outcome(V.ROMANIAN, bids=(2, 0, 1), tricks_won=(2, 1, 0))
    assert o.points == wr.rules.exact_round_points(V.ROMANIAN, bids=(2, 0, 1), tricks=(2, 1, 0))
    with pytest.raises(AttributeError):
        o.bids = (0, 0, 0)  # type: ignore[misc]


def test_stats_add_up_over_chunks_and_match_the_outcomes() -> None:
    r = shuffled(V.ROMANIAN, players=4, dealer=3, hand_size=3, seed=2)
    batch = sim.playouts(r, 3000, rng=8)
    whole = sim.stats(batch)
    halves = sim.stats(batch[:1000]) + sim.stats(batch[1000:])
    assert whole == halves
    assert whole.tricks[3][:4] == tuple(
        Counter(o.tricks_won[3] for o in batch)[t] for t in range(4)
    )
    made = sum(o.bids[0] == o.tricks_won[0] for o in batch)
    assert whole.made_rate(0) == made / 3000
    assert whole.mean_points(2) == sum(o.points[2] for o in batch) / 3000


def test_stats_from_a_variant_reports_progress() -> None:
    calls: list[tuple[int, int]] = []
    s = sim.stats(
        V.ROMANIAN, 500, players=5, hand_size=1, rng=1, progress=lambda d, t: calls.append((d, t))
    )
    assert s.games == 500
    assert calls == [(500, 500)]
    assert sum(s.bids[0]) == 500


def test_a_dask_clients_executor_gives_the_same_counts() -> None:
    # Large runs may go to a cluster: a dask.distributed client's executor
    # works unchanged and the counts do not depend on it.
    distributed = pytest.importorskip("dask.distributed", reason="dask[distributed] not installed")
    with (
        distributed.LocalCluster(
            n_workers=2, processes=False, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = sim.stats(
            wr.variants.ROMANIAN,
            9000,
            players=4,
            hand_size=7,
            rng=3,
            executor=client.get_executor(),
        )
    alone = sim.stats(wr.variants.ROMANIAN, 9000, players=4, hand_size=7, rng=3)
    assert on_dask.tricks == alone.tricks
    assert on_dask.made == alone.made
