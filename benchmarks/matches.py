"""Full-match random playouts, and the cost of the match layer over bare rounds.

Part 1, matches per second (median, min-max over repetitions) for random
4-player ROMANIAN, 4-player INVERTED and CLASSIC matches: ``Match.new`` with
a fresh seed per match, then ``rng.choice(m.legal_actions())`` through the
checked ``Match.apply`` until ``legal_actions()`` is empty.

Part 2, the match layer overhead: the same random 4-player ROMANIAN match,
timed as a ``Match``, and as its 24 rounds played as bare ``Round`` objects
dealt the way the match deals them (a ``random.Random`` seeded from the match
seed and the round number shuffles the deck, then ``Round._from_order``; it
falls back to the public ``Round.shuffled`` with the same seed string if that
private constructor is renamed).  Both sides consume one ``rng`` identically,
so they play the very same games (checked before timing).  A third,
informative row deals the bare rounds through the public, validating
``Round.shuffled`` (``Round.deal`` on a checkout that predates it).
Overhead = median of paired time ratios, match / bare rounds;
the target is <= 1.15.

Run ``python benchmarks/matches.py`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

import _common
from _common import Stats, Workload

from whist_ro import Deck, Match, Round, Schedule, Variant, variants

PLAYERS = 4
TARGET_OVERHEAD = 1.15

Dealer = Callable[[Variant, int, int, int, str], Round]


def match_workload(variant: Variant) -> Workload:
    """``matches`` random matches, seeds ``seed * 1_000_003 + k``."""

    def run(matches: int, seed: int) -> float:
        rng = random.Random(seed)
        choice = rng.choice
        new = Match.new
        base = seed * 1_000_003
        start = _common.clock()
        for k in range(matches):
            m = new(variant, players=PLAYERS, seed=base + k)
            while True:
                actions = m.legal_actions()
                if not actions:
                    break
                m = m.apply(choice(actions))
        return _common.clock() - start

    return run


def deal_like_match(variant: Variant, players: int, dealer: int, size: int, seed: str) -> Round:
    """Deal a round exactly as ``Match`` does (see ``whist_ro.engine.match._Setup.deal``)."""
    if hasattr(Round, "_from_order"):  # the engine before deals became values
        order = Deck.for_game(variant, players).shuffled_bits(seed)
        return Round._from_order(variant, players, dealer, size, order)  # type: ignore[attr-defined, no-any-return]
    from whist_ro.engine.deal import Deal  # noqa: PLC0415 - absent before deals became values

    if hasattr(Deal, "_trusted"):  # before the match dealt through Deal.shuffled
        order = Deck.for_game(variant, players).shuffled_bits(seed)
        return Round.from_deal(Deal._trusted(variant, players, dealer, size, order))  # type: ignore[attr-defined]
    return Round.from_deal(
        Deal.shuffled(
            variant, players=players, dealer=dealer, hand_size=size, seed=random.Random(seed)
        )
    )


def deal_public(variant: Variant, players: int, dealer: int, size: int, seed: str) -> Round:
    """The same deal through the public, validating ``Round.shuffled``."""
    shuffled = getattr(Round, "shuffled", None) or Round.deal  # type: ignore[attr-defined]
    return shuffled(variant, players=players, dealer=dealer, hand_size=size, seed=seed)  # type: ignore[no-any-return]


def round_plan(variant: Variant, seed: int) -> list[tuple[int, int, str]]:
    """(dealer, hand size, deal seed) of every round of the match with ``seed``.

    Built outside the timed region: it only restates what ``Match.new`` works
    out, so the match side pays for it and the bare side does not.
    """
    first = Match.new(variant, players=PLAYERS, seed=seed).first_dealer
    sizes = Schedule.for_game(variant, PLAYERS).sizes
    return [((first + i) % PLAYERS, size, f"whist-ro:{seed}:{i}") for i, size in enumerate(sizes)]


def bare_rounds_workload(variant: Variant, deal: Dealer) -> Workload:
    """Each match's rounds as bare ``Round`` playouts, dealt by ``deal``."""

    def run(matches: int, seed: int) -> float:
        base = seed * 1_000_003
        plans = [round_plan(variant, base + k) for k in range(matches)]
        rng = random.Random(seed)
        choice = rng.choice
        start = _common.clock()
        for plan in plans:
            for dealer, size, deal_seed in plan:
                r = deal(variant, PLAYERS, dealer, size, deal_seed)
                while True:
                    actions = r.legal_actions()
                    if not actions:
                        break
                    r = r.apply(choice(actions))
        return _common.clock() - start

    return run


def check_same_games(variant: Variant, deal: Dealer, seed: int, matches: int = 3) -> bool:
    """True when the bare rounds replay exactly the match's rounds."""
    rng_m = random.Random(seed)
    rng_b = random.Random(seed)
    base = seed * 1_000_003
    for k in range(matches):
        m = Match.new(variant, players=PLAYERS, seed=base + k)
        while actions := m.legal_actions():
            m = m.apply(rng_m.choice(actions))
        for done, (dealer, size, deal_seed) in zip(
            m.rounds, round_plan(variant, base + k), strict=True
        ):
            r = deal(variant, PLAYERS, dealer, size, deal_seed)
            while actions := r.legal_actions():
                r = r.apply(rng_b.choice(actions))
            if r != done:
                return False
    return True


def match_shape(variant: Variant, seed: int, matches: int) -> tuple[float, float]:
    """Mean rounds and decisions per match over the first rep's matches (untimed)."""
    rng = random.Random(seed)
    base = seed * 1_000_003
    rounds = decisions = 0
    for k in range(matches):
        m = Match.new(variant, players=PLAYERS, seed=base + k)
        while actions := m.legal_actions():
            m = m.apply(rng.choice(actions))
            decisions += 1
        rounds += len(m.rounds)
    return rounds / matches, decisions / matches


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--matches",
        type=_common.positive_int,
        default=100,
        help="matches per timed repetition (default 100)",
    )
    parser.add_argument(
        "--overhead-matches",
        type=_common.positive_int,
        default=100,
        help="ROMANIAN matches per repetition of the overhead measure (default 100)",
    )
    _common.add_common_args(parser, reps=7)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    _common.print_header(f"full random matches, {PLAYERS} players")

    presets = {
        "ROMANIAN (1-8-1)": variants.ROMANIAN,
        "INVERTED (8-1-8)": variants.INVERTED,
        "CLASSIC (to 5)": variants.CLASSIC,
    }
    workloads = {name: match_workload(v) for name, v in presets.items()}
    times = _common.alternate(
        workloads, count=args.matches, reps=args.reps, seed=args.seed, warmup=5
    )
    match_stats = {name: Stats.of(_common.rates(args.matches, t)) for name, t in times.items()}
    rows = []
    shapes = {}
    for name, variant in presets.items():
        s = match_stats[name]
        shape = match_shape(variant, args.seed, min(args.matches, 50))
        shapes[name] = shape
        rows.append(
            [
                name,
                _common.fmt_rate(s.median),
                f"{_common.fmt_rate(s.low)}-{_common.fmt_rate(s.high)}",
                f"{1e3 / s.median:.2f}",
                f"{shape[0]:.1f}",
                f"{shape[1]:.0f}",
                _common.fmt_rate(s.median * shape[1]),
            ]
        )
    print(f"{args.reps} interleaved repetitions of {args.matches} matches each")
    _common.print_table(
        [
            "variant",
            "matches/s median",
            "min-max",
            "ms/match",
            "rounds/match",
            "decisions/match",
            "decisions/s",
        ],
        rows,
    )

    print()
    variant = variants.ROMANIAN
    like_match: Dealer = deal_like_match
    how = "the match's own deal path (no re-validation)"
    same = check_same_games(variant, like_match, args.seed)
    same_public = check_same_games(variant, deal_public, args.seed)
    overhead_loads = {
        "Match (24 rounds)": match_workload(variant),
        "bare Rounds, match's dealing": bare_rounds_workload(variant, like_match),
        "bare Rounds, Round.shuffled": bare_rounds_workload(variant, deal_public),
    }
    o_times = _common.alternate(
        overhead_loads,
        count=args.overhead_matches,
        reps=args.reps,
        seed=args.seed + 10_000,
        warmup=5,
    )
    names = list(overhead_loads)
    o_stats = {n: Stats.of(_common.rates(args.overhead_matches, t)) for n, t in o_times.items()}
    overhead = Stats.of(_common.paired_ratios(o_times[names[0]], o_times[names[1]]))
    public_ratio = Stats.of(_common.paired_ratios(o_times[names[0]], o_times[names[2]]))
    print(
        f"match layer overhead: 4-player ROMANIAN, {args.overhead_matches} matches per rep, "
        f"bare rounds dealt via {how}; identical games: {'yes' if same else 'NO'} "
        f"(Round.shuffled row: {'yes' if same_public else 'NO'})"
    )
    _common.print_table(
        ["workload", "matches/s median", "min-max", "Match time / its time"],
        [
            [
                n,
                _common.fmt_rate(o_stats[n].median),
                f"{_common.fmt_rate(o_stats[n].low)}-{_common.fmt_rate(o_stats[n].high)}",
                "1.000" if i == 0 else f"{(overhead if i == 1 else public_ratio).median:.3f}",
            ]
            for i, n in enumerate(names)
        ],
    )
    verdict = "within" if overhead.median <= TARGET_OVERHEAD else "ABOVE"
    print(
        f"overhead Match / bare Rounds: {overhead.median:.3f} "
        f"(min-max {overhead.low:.3f}-{overhead.high:.3f}), {verdict} the "
        f"{TARGET_OVERHEAD} target"
    )

    _common.emit_json(
        not args.no_json,
        {
            "benchmark": "matches",
            "players": PLAYERS,
            "matches_per_rep": args.matches,
            "reps": args.reps,
            "seed": args.seed,
            "unit": "matches/s",
            "variants": {
                name: {
                    **match_stats[name].as_dict(),
                    "rounds_per_match": round(shapes[name][0], 2),
                    "decisions_per_match": round(shapes[name][1], 1),
                }
                for name in presets
            },
            "overhead": {
                "ratio": overhead.as_dict(3),
                "ratio_vs_round_deal": public_ratio.as_dict(3),
                "target": TARGET_OVERHEAD,
                "within_target": overhead.median <= TARGET_OVERHEAD,
                "identical_games": same,
                "identical_games_round_deal": same_public,
                "bare_deal_path": how,
                "matches_per_rep": args.overhead_matches,
                "rates": {n: o_stats[n].as_dict() for n in names},
            },
            "env": _common.environment(),
        },
    )


if __name__ == "__main__":
    main()
