"""The ``whist-ro`` subcommands that read files or print: the demo, check, audit, perft, rules."""

from __future__ import annotations

import argparse
import math
import sys

from whist_ro import records, sim, variants
from whist_ro._check import excerpt
from whist_ro.cli.options import players_of
from whist_ro.engine.round import Round
from whist_ro.errors import ConfigurationError, RecordError
from whist_ro.records.rulebook import format_rules
from whist_ro.schedule import Schedule
from whist_ro.sim.run import progress_bar

__all__ = ["audit", "check", "demo", "perft", "rules", "simulate", "stats"]


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


def check(args: argparse.Namespace) -> int:
    """``whist-ro check``: the adjudication report; 0 ok, 1 violation or mismatch."""
    report = records.adjudicate(_read(args.file))
    print(report)
    return 0 if report.ok else 1


def audit(args: argparse.Namespace) -> int:
    """``whist-ro audit``: the score-sheet report; 0 ok, 1 problems or wrong totals."""
    report = records.audit(_read(args.file), variant=args.variant)
    print(report)
    return 0 if report.ok else 1


def perft(args: argparse.Namespace) -> int:
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
    players = players_of(args)
    size = args.hand_size
    if size is None:
        size = Schedule.for_game(variant, players).size_of(0)
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


def rules(args: argparse.Namespace) -> int:
    """``whist-ro rules [VARIANT]``: the variant's rules with their IDs."""
    print(format_rules(args.rules_variant))
    return 0


def demo(args: argparse.Namespace) -> int:
    """Play one match between rule-based bots and print its sheet, standings and winner."""
    from whist_ro.bots import RuleBot  # noqa: PLC0415
    from whist_ro.table import Table  # noqa: PLC0415

    variant: variants.Variant = args.variant
    players = players_of(args)
    seed: int | str = args.seed
    bots = [RuleBot(seed=f"{seed}:{s}") for s in range(players)]
    match = Table(variant, agents=bots, seed=seed).run()
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


def stats(args: argparse.Namespace) -> int:
    """``whist-ro stats``: bulk statistics of playouts (:func:`whist_ro.sim.stats`).

    Plays ``--games`` fresh deals of one hand size with the playout kernels
    and prints, per seat, the tricks it took (mean and distribution), how
    often it made its bid and its mean points.  ``--workers`` spreads the
    games over processes; the counts are the same for the same seed.
    """
    # A process pool is set up only by the command that uses it.
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

    variant: variants.Variant = args.variant
    players = players_of(args)
    size = args.hand_size
    if size is None:
        size = max(Schedule.for_game(variant, players).sizes)
    executor = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        counted = sim.stats(
            variant,
            args.games,
            players=players,
            hand_size=size,
            dealer=args.dealer,
            policy=args.policy,
            rng=args.seed,
            executor=executor,
            progress=args.progress,
        )
    finally:
        if executor is not None:
            executor.shutdown()
    print(
        f"{variant.name}, {players} players, hands of {size}, dealer seat {args.dealer}: "
        f"{counted.games:,} {args.policy} playouts, seed {args.seed}"
    )
    columns = " ".join(f"{k:>5}" for k in range(size + 1))
    print(f"seat  tricks  {columns}   made    points")
    for seat in range(players):
        shares = " ".join(f"{100 * x:4.1f}%" for x in counted.tricks_distribution(seat)[: size + 1])
        made = counted.made_rate(seat)
        made_text = "    -" if math.isnan(made) else f"{100 * made:5.1f}%"  # nan in classic
        print(
            f"{seat:>4}  {counted.mean_tricks(seat):6.2f}  {shares}  {made_text}  "
            f"{counted.mean_points(seat):+7.2f}"
        )
    return 0


def simulate(args: argparse.Namespace) -> int:
    """``whist-ro simulate``: bot matches through :func:`whist_ro.tournament`, then a summary.

    ``--bots`` names one bot per seat (``rule,lowrisk,lowrisk,lowrisk``), or
    one bot for every seat.  ``--duplicate`` deals each seed once for every
    rotation of the line-up, and ``--reference`` adds each bot's edge over
    that bot, as the strength table measures it.
    """
    from whist_ro.cli.play import bot_class  # noqa: PLC0415
    from whist_ro.tournaments import Entrant, tournament  # noqa: PLC0415

    variant: variants.Variant = args.variant
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    if len(names) == 1:
        names *= players_of(args)
    elif args.players is not None and args.players != len(names):
        raise ConfigurationError(
            f"--players {args.players} but --bots names {len(names)} bots", field="bots"
        )
    lineup = [Entrant(bot_class(name), name=name) for name in names]
    # Seed k of the run: the given number plus k, or the given word with ":k".
    seed = args.seed
    seeds = (
        range(seed, seed + args.matches)
        if isinstance(seed, int)
        else [f"{seed}:{k}" for k in range(args.matches)]
    )
    result = tournament(
        variant,
        lineup,
        seeds=seeds,
        duplicate=args.duplicate,
        reference=args.reference,
        workers=args.workers,
        progress=progress_bar if args.progress or sys.stderr.isatty() else None,
    )
    print(result)
    return 0
