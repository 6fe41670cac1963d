"""Per-call costs of the hot API, in microseconds, on realistic prepared states.

States come from a seeded 4-player ROMANIAN round of 7 cards (trump turned
up), advanced with random legal actions to the point each call is made in a
playout: the first bid, the dealer's bid (the hook applies), the opening
lead of a trick (the whole hand is legal), a card following suit mid-trick
and the card that completes a trick.  ``Match.apply`` is timed on the action
that ends a round (scoring, streaks, the score sheet row and the next deal)
and, for comparison, on a mid-round card.

Each call is timed with ``timeit``: the loop count is raised until one
measurement takes ``--min-time`` seconds, then ``--repeat`` measurements are
taken.  ``best`` is the minimum (the usual ``timeit`` figure, least disturbed
by other load), ``median`` the median.

Run ``python benchmarks/calls.py`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import timeit
from collections.abc import Callable

import _common

from whist_ro import Deck, Match, Phase, Round, variants
from whist_ro.actions import Action

PLAYERS = 4
HAND_SIZE = 7


def advance(state: Round, rng: random.Random, until: Callable[[Round], bool]) -> Round:
    """Random legal actions until ``until(state)`` holds."""
    while not until(state):
        actions = state.legal_actions()
        if not actions:
            raise SystemExit("the round ended before the wanted state was reached")
        state = state.apply(rng.choice(actions))
    return state


def trick_len(state: Round) -> int:
    """Cards on the table in the current trick (0 when none or outside play)."""
    if state.phase is not Phase.PLAYING:
        return 0
    return len(state.current_trick)


Step = tuple[Round, Action]


def prepared_rounds(seed: int) -> dict[str, Step]:
    """Each timed state, as (the state before it, the action leading to it).

    Keeping the predecessor lets :func:`measure_fresh` make as many fresh
    copies of a state as it needs: a state caches its legal moves, so only a
    fresh state shows what ``legal_actions()`` costs in a playout.
    """
    rng = random.Random(seed)
    r = Round.shuffled(variants.ROMANIAN, players=PLAYERS, dealer=0, hand_size=HAND_SIZE, seed=rng)
    out: dict[str, Step] = {}

    def step_to(name: str, until: Callable[[Round], bool]) -> None:
        nonlocal r
        r = advance(r, rng, lambda s: until(s.apply(s.legal_actions()[0])))
        action = r.legal_actions()[0]
        out[name] = (r, action)
        r = r.apply(action)

    step_to("second_bid", lambda s: s.to_act == (s.dealer + 2) % PLAYERS)
    step_to("dealer_bid", lambda s: s.to_act == s.dealer)
    # The second trick, so the state carries some history, as most play states do.
    step_to("lead", lambda s: len(s.tricks) == 1 and trick_len(s) == 0)
    step_to("follow", lambda s: trick_len(s) == 1)
    step_to("last_card", lambda s: trick_len(s) == PLAYERS - 1)
    return out


def prepared_matches(seed: int) -> tuple[Match, Match]:
    """A match one action before round 10 ends (7 cards, trump), and one mid-round."""
    rng = random.Random(seed)
    m = Match.new(variants.ROMANIAN, players=PLAYERS, seed=seed)
    while len(m.rounds) < 9:
        m = m.apply(rng.choice(m.legal_actions()))
    mid = m
    for _ in range(PLAYERS + 3):
        mid = mid.apply(rng.choice(mid.legal_actions()))
    end = mid
    while True:
        nxt = end.apply(end.legal_actions()[0])
        if len(nxt.rounds) > len(end.rounds):
            break
        end = nxt
    return end, mid


def measure(fn: Callable[[], object], *, repeat: int, min_time: float) -> tuple[float, float]:
    """(best, median) microseconds per call of ``fn``, timed with ``timeit``."""
    timer = timeit.Timer(fn)
    number = 1
    while timer.timeit(number) < min_time:
        number *= 2
    times = [t / number * 1e6 for t in timer.repeat(repeat=repeat, number=number)]
    return min(times), statistics.median(times)


def measure_fresh(
    step: Step, call: Callable[[Round], object], *, repeat: int, count: int
) -> tuple[float, float]:
    """(best, median) microseconds of ``call`` on fresh copies of a state.

    Each measurement makes ``count`` fresh states (``before.apply(action)``,
    untimed), then times ``call`` once on each; the cost of the bare loop is
    measured the same way and subtracted.
    """
    before, action = step
    clock = _common.clock
    times = []
    for _ in range(repeat):
        states = [before.apply(action) for _ in range(count)]
        gc.collect()
        start = clock()
        for _s in states:
            pass
        empty = clock() - start
        start = clock()
        for s in states:
            call(s)
        times.append((clock() - start - empty) / count * 1e6)
    return min(times), statistics.median(times)


Measure = Callable[[int, float, int], tuple[float, float]]


def calls(seed: int) -> list[tuple[str, Measure]]:
    """Label and measuring function (repeat, min_time, fresh count) of every call."""
    r = prepared_rounds(seed)

    def timed(fn: Callable[[], object]) -> Measure:
        return lambda repeat, min_time, _count: measure(fn, repeat=repeat, min_time=min_time)

    def fresh(step: Step, call: Callable[[Round], object]) -> Measure:
        return lambda repeat, _min_time, count: measure_fresh(
            step, call, repeat=repeat, count=count
        )

    def reached(name: str) -> tuple[Round, Action]:
        """The state itself, its legal moves already asked for, and its first action."""
        before, action = r[name]
        state = before.apply(action)
        return state, state.legal_actions()[0]

    legal = Round.legal_actions
    bid_state, bid = reached("second_bid")
    follow_state, follow_card = reached("follow")
    last_state, last_card = reached("last_card")
    end, mid = prepared_matches(seed)
    end_action = end.legal_actions()[0]
    mid_action = mid.legal_actions()[0]
    deal_rng = random.Random(seed)
    order = Deck.for_game(variants.ROMANIAN, PLAYERS).shuffled(seed)
    rom = variants.ROMANIAN

    out: list[tuple[str, Measure]] = [
        ("Round.legal_actions(), bidding (2nd seat)", fresh(r["second_bid"], legal)),
        ("Round.legal_actions(), bidding (dealer, hook)", fresh(r["dealer_bid"], legal)),
        ("Round.legal_actions(), play (lead)", fresh(r["lead"], legal)),
        ("Round.legal_actions(), play (follow)", fresh(r["follow"], legal)),
        ("Round.legal_actions(), play (follow), 2nd call", timed(follow_state.legal_actions)),
        ("Round.apply(), bid", timed(lambda: bid_state.apply(bid))),
        ("Round.apply(), play mid-trick", timed(lambda: follow_state.apply(follow_card))),
        ("Round.apply(), play ending a trick", timed(lambda: last_state.apply(last_card))),
    ]
    fast = _common.find_fast_apply()
    if fast:
        bid_fast = getattr(bid_state, fast)
        play_fast = getattr(follow_state, fast)
        out += [
            (f"Round.{fast}(), bid", timed(lambda: bid_fast(bid))),
            (f"Round.{fast}(), play mid-trick", timed(lambda: play_fast(follow_card))),
        ]
    out += [
        (
            "Round.shuffled(), Random instance",
            timed(
                lambda: Round.shuffled(
                    rom, players=PLAYERS, dealer=0, hand_size=HAND_SIZE, seed=deal_rng
                )
            ),
        ),
        (
            "Round.from_deck(), prepared order",
            timed(lambda: Round.from_deck(rom, deck=order, dealer=0, hand_size=HAND_SIZE)),
        ),
        ("Match.apply(), mid-round card", timed(lambda: mid.apply(mid_action))),
        ("Match.apply(), ending a round (+ next deal)", timed(lambda: end.apply(end_action))),
    ]
    return out


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--repeat", type=_common.positive_int, default=7, help="measurements per call (7)"
    )
    parser.add_argument(
        "--min-time",
        type=float,
        default=0.05,
        help="seconds one measurement lasts at least (default 0.05)",
    )
    parser.add_argument(
        "--fresh",
        type=_common.positive_int,
        default=50_000,
        help="fresh states per measurement of legal_actions() (default 50000)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the prepared states (1)")
    parser.add_argument(
        "--no-json", action="store_true", help="do not print the machine-readable JSON line"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    _common.print_header(f"per-call costs, {PLAYERS}-player ROMANIAN, {HAND_SIZE}-card hands")
    results: dict[str, dict[str, float]] = {}
    rows = []
    for label, run in calls(args.seed):
        best, median = run(args.repeat, args.min_time, args.fresh)
        results[label] = {"best_us": round(best, 3), "median_us": round(median, 3)}
        rows.append([label, f"{best:.2f}", f"{median:.2f}"])
    _common.print_table(["call", "best µs", "median µs"], rows)
    _common.emit_json(
        not args.no_json,
        {
            "benchmark": "calls",
            "players": PLAYERS,
            "hand_size": HAND_SIZE,
            "repeat": args.repeat,
            "min_time": args.min_time,
            "fresh_states": args.fresh,
            "seed": args.seed,
            "unit": "µs/call",
            "calls": results,
            "env": _common.environment(),
        },
    )


if __name__ == "__main__":
    main()
