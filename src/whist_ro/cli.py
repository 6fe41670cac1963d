"""The ``whist-ro`` command (also ``python -m whist_ro``).

With no subcommand it plays one seeded match between random-move bots and
prints the score sheet, the standings and the winner.  The subcommands:

- ``check RECORD``: adjudicate a match record (JSON) or one round in the
  round notation; exit 0 when legal and consistent, 1 on a violation or a
  score mismatch, 2 when the file cannot be read;
- ``audit SHEET.csv``: the same for a paper score sheet;
- ``perft DEPTH``: count legal action sequences from a seeded deal
  (``--divide`` splits by first action; ``--table`` recomputes the
  documented table);
- ``rules [VARIANT]``: the rules of a variant with their IDs.

``play``, ``simulate`` and ``stats`` will join them, each a function
registered in :func:`_build_parser` beside these.

Bad input is refused the argparse way: a one-line ``whist-ro: error: ...``
on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Final

from whist_ro import __version__, records, variants
from whist_ro._check import excerpt
from whist_ro.engine.match import Match
from whist_ro.engine.round import Round
from whist_ro.errors import RecordError, WhistError
from whist_ro.playout import random_playout
from whist_ro.records.rulebook import format_rules

__all__ = ["main"]

PROG: Final = "whist-ro"
"""The installed command's name; ``python -m whist_ro`` reports itself under it too."""

_DEFAULT_PLAYERS: Final = 4
_INTEGER: Final = re.compile(r"-?[0-9]+")

Command = Callable[[argparse.Namespace], int]


def _presets() -> tuple[str, ...]:
    """The preset names, each once, in registry order (aliases left out)."""
    return tuple(dict.fromkeys(variants.get(name).name for name in variants.names()))


def _variant(text: str) -> variants.Variant:
    """``--variant``: a preset name or alias; an unknown name lists the presets."""
    try:
        return variants.get(text)
    except WhistError:
        # variants.get lists every alias; on the command line the presets are the answer.
        raise argparse.ArgumentTypeError(
            f"unknown variant {excerpt(text)}; presets: {', '.join(_presets())}"
        ) from None


def _seed(text: str) -> int | str:
    """``--seed``: digits are an int seed (as in the library), anything else a str seed."""
    if _INTEGER.fullmatch(text) is None:
        return text
    try:
        return int(text)
    except ValueError:  # more digits than Python converts; the library bounds seeds anyway
        raise argparse.ArgumentTypeError(
            f"{excerpt(text)} has too many digits: use a shorter number or a word"
        ) from None


def _players(text: str) -> int:
    """``--players``: a whole number; its range depends on the variant, so the library checks it."""
    try:
        if _INTEGER.fullmatch(text) is not None:
            return int(text)
    except ValueError:  # more digits than Python converts: refused below like any other text
        pass
    raise argparse.ArgumentTypeError(f"expected a whole number, not {excerpt(text)}")


def _add_match_options(parser: argparse.ArgumentParser) -> None:
    """The options that pick a match; a later ``play`` or ``simulate`` subcommand reuses them."""
    parser.add_argument(
        "--variant",
        type=_variant,
        default=variants.ROMANIAN,
        metavar="NAME",
        help="a preset or one of its aliases (listed below); default romanian",
    )
    parser.add_argument(
        "--players",
        type=_players,
        default=None,
        metavar="N",
        help=f"3 to 6 for the exact-bid presets, 4 for classic; default {_DEFAULT_PLAYERS}",
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        default=7,
        help="seed for the deals and the bots' moves: a number or a word; default 7",
    )


def _presets_epilog() -> str:
    """The presets and their aliases, one a line (kept whole: help text wraps at hyphens)."""
    aliases: dict[str, list[str]] = {preset: [] for preset in _presets()}
    for name in variants.names():
        preset = variants.get(name).name
        if name != preset:
            aliases[preset].append(name)
    width = max(map(len, aliases))
    lines = [
        f"  {preset:<{width}}  also: {', '.join(others)}" if others else f"  {preset}"
        for preset, others in aliases.items()
    ]
    return "variant presets:\n" + "\n".join(lines)


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        epilog=_presets_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Rules engine for Romanian whist and classic whist.\n"
            "With no command: play one match between random-move bots and print\n"
            "the score sheet, the standings and the winner."
        ),
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    _add_match_options(parser)
    # Each subcommand sets its own ``command``; this default keeps bare ``whist-ro``
    # playing the demo match.  play, simulate and stats are added the same way.
    parser.set_defaults(command=_demo)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    check = commands.add_parser(
        "check",
        help="adjudicate a match record or one round in the round notation",
        description="Replay a match record (JSON) or one round written in the round "
        "notation under its rules, and print the referee's report. Exit status: 0 legal and "
        "consistent, 1 a rule violation or a wrong claimed total, 2 unreadable.",
    )
    check.add_argument("file", metavar="RECORD", help="the record or round file; - reads stdin")
    check.set_defaults(command=_check)
    audit = commands.add_parser(
        "audit",
        help="audit a paper score sheet (CSV)",
        description="Check a score sheet kept on paper (hand_size,dealer,bid0,won0,...; an "
        "optional last row 'total,...') and recompute it. Exit status: 0 consistent, 1 a "
        "broken rule or a wrong total, 2 unreadable.",
    )
    audit.add_argument("file", metavar="SHEET", help="the CSV file; - reads stdin")
    audit.add_argument(
        "--variant",
        type=_variant,
        default=variants.ROMANIAN,
        metavar="NAME",
        help="the exact-bid preset the sheet was kept for; default romanian",
    )
    audit.set_defaults(command=_audit)
    perft = commands.add_parser(
        "perft",
        help="count legal action sequences (a move-generator check)",
        description="Count the legal sequences of DEPTH actions from a seeded deal, or "
        "recompute the documented table of counts (--table).",
    )
    perft.add_argument("depth", type=_players, nargs="?", metavar="DEPTH", help="actions deep")
    perft.add_argument(
        "--hand-size",
        type=_players,
        default=None,
        metavar="N",
        help="cards per hand; default the first round of the schedule",
    )
    perft.add_argument("--dealer", type=_players, default=0, metavar="SEAT", help="default 0")
    perft.add_argument("--divide", action="store_true", help="split the count by first action")
    perft.add_argument("--table", action="store_true", help="recompute the documented table")
    _add_match_options(perft)
    perft.set_defaults(command=_perft)
    rules = commands.add_parser(
        "rules",
        help="list the rules of a variant with their IDs",
        description="Print the rules that bind a variant, one line each, with their IDs.",
    )
    rules.add_argument(
        "rules_variant",
        type=_variant,
        nargs="?",
        default=variants.ROMANIAN,
        metavar="VARIANT",
        help="a preset or alias; default romanian",
    )
    rules.set_defaults(command=_rules)
    return parser


def _read(path: str) -> str:
    """The text of ``path`` (``-``: stdin), capped; an unreadable file is a RecordError."""
    limit = records.schema.MAX_CHARS
    try:
        if path == "-":
            data = sys.stdin.read(limit + 1)
        else:
            with open(path, encoding="utf-8") as file:
                data = file.read(limit + 1)
    except (OSError, UnicodeDecodeError) as error:
        why = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
        raise RecordError(f"cannot read {excerpt(path)}: {why}") from None
    if len(data) > limit:
        raise RecordError(f"{excerpt(path)} is longer than {limit} characters")
    return data


def _check(args: argparse.Namespace) -> int:
    """``whist-ro check``: the adjudication report; 0 ok, 1 violation or mismatch."""
    report = records.adjudicate(_read(args.file))
    print(report)
    return 0 if report.ok else 1


def _audit(args: argparse.Namespace) -> int:
    """``whist-ro audit``: the score-sheet report; 0 ok, 1 problems or wrong totals."""
    report = records.audit(_read(args.file), variant=args.variant)
    print(report)
    return 0 if report.ok else 1


def _perft(args: argparse.Namespace) -> int:
    """``whist-ro perft``: counts from a seeded deal, or the documented table."""
    if args.table:
        status = 0
        for entry in records.PERFT_TABLE:
            counts = [records.perft(entry.round(), d) for d in range(len(entry.counts))]
            same = tuple(counts) == entry.counts
            status |= not same
            print(f"{entry.preset}, dealer {entry.dealer}, turn-up {entry.turn_up or '-'}")
            for seat, hand in enumerate(entry.hands):
                print(f"  hand {seat}: {hand}")
            print(f"  counts: {' '.join(map(str, counts))}  {'ok' if same else 'DIFFERENT'}")
        return status
    if args.depth is None:
        raise RecordError("perft needs a DEPTH (or --table)")
    variant: variants.Variant = args.variant
    players: int = 4 if args.players is None else args.players
    size = args.hand_size
    if size is None:
        size = Match.new(variant, players=players, seed=0).schedule.size_of(0)
    r = Round.shuffled(variant, players=players, dealer=args.dealer, hand_size=size, seed=args.seed)
    print(f"{variant.name}, {players} players, seed {args.seed}: {r.deal!r}")
    if args.divide:
        split = records.divide(r, args.depth)
        for action, count in split:
            print(f"{action}: {count}")
        print(f"total: {sum(n for _, n in split)}")
    else:
        print(f"perft({args.depth}) = {records.perft(r, args.depth)}")
    return 0


def _rules(args: argparse.Namespace) -> int:
    """``whist-ro rules [VARIANT]``: the variant's rules with their IDs."""
    print(format_rules(args.rules_variant))
    return 0


def _demo(args: argparse.Namespace) -> int:
    """Play one random-bot match and print its sheet, standings and winner."""
    variant: variants.Variant = args.variant
    players: int = _DEFAULT_PLAYERS if args.players is None else args.players
    seed: int | str = args.seed
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
