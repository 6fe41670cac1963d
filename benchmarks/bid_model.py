"""Fit SearchBot's bid model (whist_ro.bots.inference.BidModel) to the library's own bots.

Plays ``--matches`` matches of ``variants.ROMANIAN`` (3 to 6 players, each seat
LowRiskBot, RuleBot or SearchBot with 8 samples, drawn at random per match),
records every bid made with a hand the seat saw (not the blind rounds) with
its :func:`~whist_ro.bots.rule_bot.estimate_tricks` and the bids it was
allowed, then finds the intercept, slope, spread and floor of highest
likelihood by coordinate ascent.  Prints the fit as JSON, with the mean and
spread of ``bid - estimate`` by bot.  The library's defaults come from
``python benchmarks/bid_model.py --matches 300 --workers 2`` (about 2 minutes).

Run ``python benchmarks/bid_model.py --help``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import whist_ro as wr
from whist_ro import Bid
from whist_ro.bots import LowRiskBot, RuleBot, SearchBot
from whist_ro.bots._common import trump_number
from whist_ro.bots.inference import BID_MODEL, BidModel
from whist_ro.bots.rule_bot import estimate_tricks
from whist_ro.views.sample import unseen_cards

KINDS = ("lowrisk", "rule", "search")


def bids_of(seed: int) -> list[dict[str, Any]]:
    """Every bid of one match with its hand's estimate and the bids allowed."""
    rng = random.Random(seed)
    players = rng.choice([3, 4, 4, 5, 6])
    kinds = [rng.choice(KINDS) for _ in range(players)]
    agents: list[Any] = []
    for s, kind in enumerate(kinds):
        if kind == "search":
            agents.append(SearchBot(seed=seed * 10 + s, samples=8))
        else:
            agents.append(LowRiskBot() if kind == "lowrisk" else RuleBot())
    m = wr.Match.new(wr.variants.ROMANIAN, players=players, seed=seed)
    rows = []
    while not m.is_over:
        seat = m.to_act
        assert seat is not None
        view = m.view(seat)
        action = agents[seat].act(view)
        if isinstance(action, Bid) and view.blind is None:
            estimate = estimate_tricks(
                view.hand.mask,
                trump=trump_number(view),
                players=players,
                hand_size=view.hand_size,
                unseen=unseen_cards(view),
                leads=view.first_hand == seat,
            )
            allowed = sorted(a.tricks for a in view.legal_actions if isinstance(a, Bid))
            rows.append(
                {
                    "kind": kinds[seat],
                    "estimate": estimate,
                    "bid": action.tricks,
                    "allowed": allowed,
                }
            )
        m = m.apply(action)
    return rows


def likelihood(rows: list[dict[str, Any]], settings: list[float]) -> float:
    """The mean log-likelihood of the bids under a model with these four settings."""
    intercept, slope, spread, floor = settings
    if spread <= 0.05 or floor < 0:
        return -math.inf
    model = BidModel(intercept=intercept, slope=slope, spread=spread, floor=floor)
    total = 0.0
    for r in rows:
        p = model.probability(r["bid"], estimate=r["estimate"], allowed=r["allowed"])
        total += math.log(max(p, 1e-300))
    return total / len(rows)


def fit(rows: list[dict[str, Any]]) -> tuple[list[float], float]:
    """Coordinate ascent from the library's defaults, halving the steps six times."""
    m = BID_MODEL
    best = [m.intercept, m.slope, m.spread, m.floor]
    score = likelihood(rows, best)
    steps = [0.1, 0.1, 0.1, 0.01]
    for _ in range(6):
        for i in range(4):
            for step in (steps[i], -steps[i]):
                trial = best.copy()
                trial[i] += step
                value = likelihood(rows, trial)
                while value > score:
                    best, score = trial, value
                    trial = best.copy()
                    trial[i] += step
                    value = likelihood(rows, trial)
        steps = [s / 2 for s in steps]
    return best, score


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=300, help="matches to play (default 300)")
    parser.add_argument("--workers", type=int, default=1, help="processes (results do not change)")
    args = parser.parse_args(argv)
    seeds = range(args.matches)
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            found = list(pool.map(bids_of, seeds))
    else:
        found = [bids_of(s) for s in seeds]
    rows = [r for match in found for r in match]
    settings, score = fit(rows)
    by_bot = {}
    for kind in KINDS:
        gaps = [r["bid"] - r["estimate"] for r in rows if r["kind"] == kind]
        if gaps:
            by_bot[kind] = {
                "bids": len(gaps),
                "mean": statistics.fmean(gaps),
                "spread": statistics.pstdev(gaps),
            }
    print(
        json.dumps(
            {
                "bids": len(rows),
                "fit": dict(zip(("intercept", "slope", "spread", "floor"), settings, strict=True)),
                "log_likelihood": score,
                "defaults_log_likelihood": likelihood(
                    rows, [BID_MODEL.intercept, BID_MODEL.slope, BID_MODEL.spread, BID_MODEL.floor]
                ),
                "bid_minus_estimate": by_bot,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
