"""``python -m whist_ro``: play one seeded match between random bots and print the sheet.

This is a demonstration; the full command-line interface comes later.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from whist_ro import variants
from whist_ro.engine.match import Match
from whist_ro.errors import WhistError
from whist_ro.playout import random_playout

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo; returns the process exit code.

    >>> main(["--players", "3", "--seed", "2"])  # doctest: +ELLIPSIS
    romanian whist, 3 players, seed 2...
    Winner: seat ...
    0
    """
    parser = argparse.ArgumentParser(
        prog="python -m whist_ro",
        description="Play one match between random-move bots and print the score sheet.",
    )
    parser.add_argument(
        "--variant",
        default="romanian",
        help="a preset name, e.g. romanian, inverted, classic, classic-rubber, long-whist",
    )
    parser.add_argument("--players", type=int, default=None, help="3 to 6 (classic: 4)")
    parser.add_argument("--seed", default="7", help="seed for the deals and the bots' moves")
    args = parser.parse_args(argv)
    try:
        variant = variants.get(args.variant)
    except WhistError as error:
        parser.error(str(error))
    players = args.players or 4
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    match = random_playout(Match.new(variant, players=players, seed=seed), seed=seed)
    print(
        f"{variant.name} whist, {players} players, seed {seed}, first dealer {match.first_dealer}"
    )
    print(match.score_sheet)
    print()
    print(f"Standings ({type(variant.ranking).__name__}):")
    print(match.standings())
    winners = match.winners
    if variant.is_classic:
        print(f"Winners: seats {winners[0]} and {winners[1]} (partners)")
    else:
        label = "Winners: seats" if len(winners) > 1 else "Winner: seat"
        print(f"{label} {', '.join(map(str, winners))} with {match.totals[winners[0]]} points")
    return 0


if __name__ == "__main__":
    sys.exit(main())
