"""Headline benchmark: random legal playouts of single rounds, whist-ro vs OpenSpiel.

Workload, the same on both sides: 4 players, a 32-card deck (4 suits of 8),
hands of 7, a turned-up trump, uniformly random legal bids and cards.

* whist-ro: each hand is ``Round.shuffled(variants.ROMANIAN, players=4,
  dealer=i % 4, hand_size=7, seed=rng)`` (a seeded shuffle of the deck), then
  ``rng.choice(state.legal_actions())`` through the checked ``Round.apply``
  until ``legal_actions()`` is empty.  If ``Round`` has a fast unchecked apply
  method (``apply_legal`` or similar, see ``_common.FAST_APPLY_NAMES``), it
  gets a second row.
* OpenSpiel: ``oh_hell`` (C++) driven from Python in the same process;
  chance nodes take ``rng.choice(state.chance_outcomes())`` (uniform, as
  every deal outcome is), the players ``rng.choice(state.legal_actions())``.

Both sides make 32 decisions a hand (4 bids, 28 cards); OpenSpiel also walks
31 chance nodes (trick count, dealer, 28 cards, trump) where whist-ro makes
one shuffle.  Rule differences: OpenSpiel's oh_hell has the hook but no duty
to trump, and picks the dealer at random.

Repetitions alternate sides; the table shows each side's median and min-max
hands/s and the median of the per-repetition ratios whist-ro/OpenSpiel.

Run ``python benchmarks/playout.py`` (``--help`` for options);
``--profile`` prints a cProfile of the whist-ro side instead.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
from types import ModuleType
from typing import Any

import _common
from _common import Stats, Step, Workload

from whist_ro import Round, variants

PLAYERS = 4
HAND_SIZE = 7
DECISIONS_PER_HAND = PLAYERS + PLAYERS * HAND_SIZE


def whist_ro_workload(step: Step) -> Workload:
    """Random single-round playouts through ``step`` (``Round.apply`` or a fast path)."""
    return _common.round_playouts(
        variants.ROMANIAN, players=PLAYERS, hand_size=HAND_SIZE, step=step
    )


def openspiel_workload(game: Any) -> Workload:
    """The same playouts through OpenSpiel's ``oh_hell``, driven from Python."""
    return lambda hands, seed: _common.random_openspiel_hands(game, hands, seed)[0]


def check_whist_ro(step: Step, reference: Step | None, seed: int, hands: int = 50) -> None:
    """Untimed sanity check: the expected number of decisions, and a fast path
    that plays exactly the games the checked path plays."""
    for i in range(hands):
        finals = []
        for fn in (step, reference) if reference else (step,):
            rng = random.Random(seed + i)
            state = (getattr(Round, "shuffled", None) or Round.deal)(  # type: ignore[attr-defined]
                variants.ROMANIAN,
                players=PLAYERS,
                dealer=i % PLAYERS,
                hand_size=HAND_SIZE,
                seed=rng,
            )
            decisions = 0
            while actions := state.legal_actions():
                state = fn(state, rng.choice(actions))
                decisions += 1
            if decisions != DECISIONS_PER_HAND or not state.is_over:
                raise SystemExit(f"whist-ro hand {i}: {decisions} decisions, expected 32")
            finals.append(state)
        if reference and finals[0] != finals[1]:
            raise SystemExit(f"the fast apply path diverged from Round.apply on hand {i}")


def check_openspiel(game: Any, seed: int, hands: int = 50) -> None:
    """Untimed sanity check: 32 decisions and 7 tricks per OpenSpiel hand."""
    rng = random.Random(seed)
    for i in range(hands):
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        if decisions != DECISIONS_PER_HAND:
            raise SystemExit(f"OpenSpiel hand {i}: {decisions} decisions, expected 32")


def profile(hands: int, seed: int, top: int, step: Step, label: str) -> None:
    """cProfile the whist-ro playout and print the top functions by own time."""
    run = whist_ro_workload(step)
    run(min(hands, 200), seed - 1)  # warm the caches, as the timed runs do
    profiler = cProfile.Profile()
    profiler.enable()
    run(hands, seed)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats(pstats.SortKey.TIME).print_stats(top)
    print(f"cProfile of {hands} whist-ro hands via {label}, top {top} by tottime:")
    print(out.getvalue().rstrip())


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--hands",
        type=_common.positive_int,
        default=2000,
        help="hands per timed repetition (default 2000)",
    )
    _common.add_common_args(parser, reps=9)
    parser.add_argument(
        "--no-openspiel", action="store_true", help="skip OpenSpiel even if it is installed"
    )
    parser.add_argument(
        "--fast-method",
        default=None,
        help="name of Round's unchecked apply method (default: auto-detect)",
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="print a cProfile of the whist-ro side (the checked path) and exit",
    )
    parser.add_argument(
        "--profile-top", type=_common.positive_int, default=10, help="rows of the profile"
    )
    args = parser.parse_args(argv)
    if args.reps < 7:
        print(f"note: only {args.reps} repetition(s); 7 or more give a steadier median")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.profile:
        profile(args.hands, args.seed, args.profile_top, Round.apply, "Round.apply")
        return

    _common.print_header(
        f"single-round random playouts: {PLAYERS} players, 32 cards, {HAND_SIZE}-card hands"
    )
    pyspiel: ModuleType | None = None if args.no_openspiel else _common.load_pyspiel()
    fast_name = _common.find_fast_apply(args.fast_method)

    workloads: dict[str, Workload] = {"whist-ro Round.apply": whist_ro_workload(Round.apply)}
    check_whist_ro(Round.apply, None, args.seed)
    if fast_name:
        fast: Step = getattr(Round, fast_name)
        check_whist_ro(fast, Round.apply, args.seed)
        workloads[f"whist-ro Round.{fast_name}"] = whist_ro_workload(fast)
    elif args.fast_method is None:
        print("note: Round has no fast unchecked apply method yet; no fast-path row")
    os_label = "OpenSpiel oh_hell (C++)"
    if pyspiel is not None:
        game = _common.load_oh_hell(pyspiel, players=PLAYERS, tricks=HAND_SIZE)
        check_openspiel(game, args.seed)
        workloads[os_label] = openspiel_workload(game)

    times = _common.alternate(
        workloads,
        count=args.hands,
        reps=args.reps,
        seed=args.seed,
        warmup=max(1, args.hands // 10),
    )
    hand_rates = {name: _common.rates(args.hands, t) for name, t in times.items()}
    stats = {name: Stats.of(r) for name, r in hand_rates.items()}

    ratios: dict[str, Stats] = {}
    if os_label in hand_rates:
        for name in workloads:
            if name != os_label:
                ratios[name] = Stats.of(
                    _common.paired_ratios(hand_rates[name], hand_rates[os_label])
                )

    print(f"{args.reps} alternating repetitions of {args.hands} hands each")
    rows = []
    for name, s in stats.items():
        ratio = ratios.get(name)
        rows.append(
            [
                name,
                _common.fmt_rate(s.median),
                f"{_common.fmt_rate(s.low)}-{_common.fmt_rate(s.high)}",
                f"{1e6 / s.median:.1f}",
                f"{1e6 / s.median / DECISIONS_PER_HAND:.2f}",
                f"{ratio.median:.3f} ({ratio.low:.3f}-{ratio.high:.3f})" if ratio else "",
            ]
        )
    _common.print_table(
        [
            "engine",
            "hands/s median",
            "min-max",
            "µs/hand",
            "µs/decision",
            "ratio vs OpenSpiel median (min-max)",
        ],
        rows,
    )
    headline = ratios.get("whist-ro Round.apply")
    if headline:
        print(
            f"median ratio whist-ro/OpenSpiel (checked apply): {headline.median:.3f} "
            f"(OpenSpiel is {1 / headline.median:.2f}x as fast)"
        )

    _common.emit_json(
        not args.no_json,
        {
            "benchmark": "playout",
            "players": PLAYERS,
            "hand_size": HAND_SIZE,
            "deck": 32,
            "hands_per_rep": args.hands,
            "reps": args.reps,
            "seed": args.seed,
            "unit": "hands/s",
            "whist_ro": stats["whist-ro Round.apply"].as_dict(),
            "whist_ro_fast": stats[f"whist-ro Round.{fast_name}"].as_dict() if fast_name else None,
            "fast_method": fast_name,
            "openspiel": stats[os_label].as_dict() if os_label in stats else None,
            "ratio": headline.as_dict(3) if headline else None,
            "ratio_fast": (
                ratios[f"whist-ro Round.{fast_name}"].as_dict(3) if fast_name and ratios else None
            ),
            "env": _common.environment(pyspiel),
        },
    )


if __name__ == "__main__":
    main()
