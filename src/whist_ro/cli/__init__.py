"""The ``whist-ro`` command (also ``python -m whist_ro``).

With no subcommand it plays one seeded match between rule-based bots
(:class:`~whist_ro.bots.RuleBot`) and prints the score sheet, the standings
and the winner.  The subcommands:

- ``check RECORD``: adjudicate a match record (JSON) or one round in the
  round notation; exit 0 when legal and consistent, 1 on a violation or a
  score mismatch, 2 when the file cannot be read;
- ``audit SHEET.csv``: the same for a paper score sheet;
- ``perft DEPTH``: count legal action sequences from a seeded deal
  (``--divide`` splits by first action; ``--table`` recomputes the
  documented table);
- ``rules [VARIANT]``: the rules of a variant with their IDs;
- ``play``: a person against bots at the terminal (:mod:`whist_ro.cli.play`);
- ``simulate``: many bot matches through :func:`whist_ro.tournament`, summarised;
- ``stats``: bulk statistics of random or policy playouts (the kernels of
  :mod:`whist_ro.sim`).

Each is a function of :mod:`whist_ro.cli.commands` (or its own module),
registered in :func:`_build_parser`.

Bad input is refused the argparse way: a one-line ``whist-ro: error: ...``
on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Final

from whist_ro import __version__, variants
from whist_ro.cli import commands
from whist_ro.cli.options import (
    add_deal_options,
    add_match_options,
    add_workers_options,
    players_option,
    presets_epilog,
    variant_option,
)
from whist_ro.cli.play import BOTS, play
from whist_ro.errors import WhistError
from whist_ro.sim.run import POLICIES

__all__ = ["main"]

PROG: Final = "whist-ro"
"""The installed command's name; ``python -m whist_ro`` reports itself under it too."""


Command = Callable[[argparse.Namespace], int]


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        epilog=presets_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Rules engine for Romanian whist and classic whist.\n"
            "With no command: play one match between rule-based bots and print\n"
            "the score sheet, the standings and the winner."
        ),
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    add_match_options(parser)
    # Each subcommand sets its own ``command``; this default keeps bare ``whist-ro``
    # playing the demo match.  play, simulate and stats are added the same way.
    parser.set_defaults(command=commands.demo)
    subcommands = parser.add_subparsers(title="commands", metavar="COMMAND")
    check = subcommands.add_parser(
        "check",
        help="adjudicate a match record or one round in the round notation",
        description="Replay a match record (JSON) or one round written in the round "
        "notation under its rules, and print the referee's report. Exit status: 0 legal and "
        "consistent, 1 a rule violation or a wrong claimed total, 2 unreadable.",
    )
    check.add_argument("file", metavar="RECORD", help="the record or round file; - reads stdin")
    check.set_defaults(command=commands.check)
    audit = subcommands.add_parser(
        "audit",
        help="audit a paper score sheet (CSV)",
        description="Check a score sheet kept on paper (hand_size,dealer,bid0,won0,...; an "
        "optional last row 'total,...') and recompute it. Exit status: 0 consistent, 1 a "
        "broken rule or a wrong total, 2 unreadable.",
    )
    audit.add_argument("file", metavar="SHEET", help="the CSV file; - reads stdin")
    audit.add_argument(
        "--variant",
        type=variant_option,
        default=variants.ROMANIAN,
        metavar="NAME",
        help="the exact-bid preset the sheet was kept for; default romanian",
    )
    audit.set_defaults(command=commands.audit)
    perft = subcommands.add_parser(
        "perft",
        help="count legal action sequences (a move-generator check)",
        description="Count the legal sequences of DEPTH actions from a seeded deal, or "
        "recompute the documented table of counts (--table).",
    )
    perft.add_argument(
        "depth", type=players_option, nargs="?", metavar="DEPTH", help="actions deep"
    )
    add_deal_options(perft, hand_size_default="the first round of the schedule")
    perft.add_argument("--divide", action="store_true", help="split the count by first action")
    perft.add_argument("--table", action="store_true", help="recompute the documented table")
    add_match_options(perft)
    perft.set_defaults(command=commands.perft)
    rules = subcommands.add_parser(
        "rules",
        help="list the rules of a variant with their IDs",
        description="Print the rules that bind a variant, one line each, with their IDs.",
    )
    rules.add_argument(
        "rules_variant",
        type=variant_option,
        nargs="?",
        default=variants.ROMANIAN,
        metavar="VARIANT",
        help="a preset or alias; default romanian",
    )
    rules.set_defaults(command=commands.rules)
    play_parser = subcommands.add_parser(
        "play",
        help="play a match against bots at the terminal",
        description="Play one match at the terminal against bots. Only the legal bids are "
        "offered; a card the rules refuse is answered with the rule and the reason. The match "
        "record is written at the end, also when the game is stopped early.",
    )
    add_match_options(play_parser)
    play_parser.add_argument(
        "--seat", type=players_option, default=0, metavar="SEAT", help="your seat; default 0"
    )
    play_parser.add_argument(
        "--bots",
        choices=BOTS,
        default="rule",
        help="the bots at the other seats; default rule",
    )
    play_parser.add_argument(
        "--record",
        default="whist-ro-game.json",
        metavar="PATH",
        help="where to write the match record; default whist-ro-game.json",
    )
    play_parser.set_defaults(command=play)
    simulate = subcommands.add_parser(
        "simulate",
        help="play many bot matches and summarise them",
        description="Play bot matches (one bot per seat, or one kind at every seat) through "
        "whist_ro.tournament and print each bot's and seat's mean total and win rate with "
        "95%% confidence intervals.",
    )
    add_match_options(simulate)
    simulate.add_argument(
        "--bots",
        default="random",
        metavar="NAMES",
        help=f"one bot per seat, comma-separated, or one for all; bots: {', '.join(BOTS)}",
    )
    simulate.add_argument(
        "--matches", type=players_option, default=20, metavar="N", help="seeds to play; default 20"
    )
    simulate.add_argument(
        "--duplicate", action="store_true", help="deal each seed once per rotation of the seats"
    )
    simulate.add_argument(
        "--reference", default=None, metavar="NAME", help="report edges over this bot"
    )
    add_workers_options(simulate, workers_help="processes to play on (0: this process); default 1")
    simulate.set_defaults(command=commands.simulate)
    stats = subcommands.add_parser(
        "stats",
        help="bulk statistics of random or policy playouts",
        description="Play many fresh deals of one hand size with the playout kernels and print "
        "per seat the tricks taken (mean and distribution), the bid made rate and the mean "
        "points. The same seed gives the same counts with any number of workers.",
    )
    add_match_options(stats)
    stats.add_argument(
        "--games",
        type=players_option,
        default=10_000,
        metavar="N",
        help="playouts to run; default 10000",
    )
    add_deal_options(stats, hand_size_default="the largest of the schedule")
    stats.add_argument(
        "--policy",
        choices=POLICIES,
        default="random",
        help="how every seat bids and plays; default random",
    )
    add_workers_options(stats, workers_help="processes to spread the games over; default 1")
    stats.set_defaults(command=commands.stats)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``whist-ro`` command on ``argv`` (default: ``sys.argv[1:]``).

    Returns the exit status on success.  Bad arguments, and settings the
    library refuses, raise ``SystemExit(2)`` after one ``whist-ro: error:``
    line on stderr; ``--help`` and ``--version`` raise ``SystemExit(0)``.

    >>> main(["--players", "3", "--seed", "2"])  # doctest: +ELLIPSIS
    romanian whist, 3 players, seed 2...
    Winner: seat ...
    0
    """
    parser = _build_parser()
    args = parser.parse_args(argv)
    command: Command = args.command
    try:
        status = command(args)
        sys.stdout.flush()  # inside the try, so a closed pipe is caught here, not at exit
    except WhistError as error:
        # A refused setting (9 players, classic for 3) is a usage error, not a crash:
        # one line naming the problem, status 2 as argparse gives for bad options.
        parser.exit(2, f"{PROG}: error: {error}\n")
    except BrokenPipeError:
        # ``whist-ro | head``: the reader has gone, so stop quietly as other tools do.
        _drop_stdout()
        return 1
    return status


def _drop_stdout() -> None:
    """Point stdout at the null device so the interpreter's final flush cannot fail again."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # replaced by a test harness: nothing to drop
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, descriptor)
    os.close(null)


if __name__ == "__main__":
    sys.exit(main())
