"""The ``whist-ro`` commands but ``play``: the demo, check, audit, perft, rules, simulate, stats.

Each takes the parsed arguments (with the shared options already joined, see
:mod:`whist_ro.cli.options`) and returns the exit status
(:mod:`whist_ro.cli.status`); a refused setting raises a
:class:`~whist_ro.errors.WhistError`, which the command line reports as a
usage error.  The words they print are in :mod:`whist_ro.cli.text`.

>>> import argparse
>>> rules(argparse.Namespace(variant=None, rules_variant=None, rule="R-END-4", full=False))
R-END-4  Nothing after the end
Applies to every variant.
Once a round or a whole match is over, every further bid or card is refused,
and so is abandoning or conceding a match that has already ended.
In romanian: it applies.
0
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from typing import Final

from whist_ro import records, sim, variants
from whist_ro._check import excerpt, shown_name
from whist_ro.cli import status, text
from whist_ro.cli.options import names_of, players_of, seed_of, variant_of
from whist_ro.engine.round import Round
from whist_ro.errors import ConfigurationError, RecordError
from whist_ro.locale import localized
from whist_ro.ranking import RankingSystem
from whist_ro.rules.book import format_rule, format_rules, rule, rules_for
from whist_ro.schedule import Schedule, check_players
from whist_ro.sim.run import progress_bar

_SEED_BITS: Final = 63  # the library's seed rule (whist_ro._check.check_seed)
# A ranking system's kind -> the rule that defines it (R-RANK-1 to R-RANK-3).
_RANKING_RULES: Final = {"table": "R-RANK-1", "stake": "R-RANK-2", "rating": "R-RANK-3"}

__all__ = [
    "audit",
    "check",
    "demo",
    "perft",
    "protocol",
    "ranking_name",
    "read_input",
    "rules",
    "run_seeds",
    "simulate",
    "stats",
]


def read_input(path: str) -> str:
    """The text of ``path`` (``-``: stdin), capped; an unreadable file is a RecordError.

    >>> read_input("/no/such/file.json")
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: cannot read '/no/such/file.json': No such file or directory
    """
    limit = records.schema.MAX_CHARS
    try:
        if path == "-":
            if sys.stdin is None:
                raise RecordError(text.tr(text.STDIN_CLOSED))
            data = sys.stdin.read(limit + 1)
        else:
            with open(path, encoding="utf-8") as file:
                data = file.read(limit + 1)
    except (OSError, UnicodeDecodeError, ValueError) as error:
        if isinstance(error, OSError):
            why = error.strerror or type(error).__name__
        elif isinstance(error, UnicodeDecodeError):
            why = text.tr(text.NOT_UTF8)
        else:  # a path holding NUL, or a stdin already closed
            why = str(error)
        raise RecordError(text.tr(text.CANNOT_READ, path=excerpt(path), reason=why)) from None
    if len(data) > limit:
        raise RecordError(text.tr(text.TOO_LONG, path=excerpt(path), limit=limit))
    return data


def check(args: argparse.Namespace) -> int:
    """``whist-ro check``: the adjudication report; 0 legal and consistent, 1 not."""
    read = records.read_text(read_input(args.file))
    report = records.adjudicate(read)
    print(report.render(text.lang()))
    takeovers = read.takeovers if isinstance(read, records.Record) else ()
    if takeovers:  # who lost a seat, and why: the record keeps it, so the referee says it
        assert isinstance(read, records.Record)
        print(text.tr(text.TAKEOVERS_HEAD))
        for t in takeovers:
            where = (
                text.tr(text.IN_BIDDING) if t.trick == 0 else text.tr(text.IN_TRICK, trick=t.trick)
            )
            print(
                text.tr(
                    text.RECORD_TAKEOVER_LINE,
                    round=t.round,
                    where=where,
                    seat=t.seat,
                    who=shown_name(t.agent) if t.agent else read.names[t.seat],
                    reason=t.explain(text.lang()),
                )
            )
    return status.OK if report.ok else status.VIOLATION


def audit(args: argparse.Namespace) -> int:
    """``whist-ro audit``: the score-sheet report; 0 consistent, 1 problems or wrong totals."""
    report = records.audit(read_input(args.file), variant=variant_of(args))
    print(report.render(text.lang()))
    return status.OK if report.ok else status.VIOLATION


def perft(args: argparse.Namespace) -> int:
    """``whist-ro perft``: counts from a seeded deal, or the documented table."""
    if args.table:
        code = status.OK
        for entry in records.PERFT_TABLE:
            counts = [records.perft(entry.round(), d) for d in range(len(entry.counts))]
            same = tuple(counts) == entry.counts
            if not same:
                code = status.VIOLATION
            turn_up = str(entry.turn_up) if entry.turn_up else "-"
            entry_line = text.tr(
                text.PERFT_ENTRY, preset=entry.preset, dealer=entry.dealer, turn_up=turn_up
            )
            print(entry_line)
            for seat, hand in enumerate(entry.hands):
                print(text.tr(text.PERFT_HAND, seat=seat, hand=hand))
            verdict = text.tr(text.PERFT_SAME) if same else text.tr(text.PERFT_DIFFERENT)
            print(text.tr(text.PERFT_COUNTS, counts=" ".join(map(str, counts)), verdict=verdict))
        return code
    if args.depth is None:
        raise ConfigurationError(text.tr(text.PERFT_NEEDS_DEPTH), field="depth")
    variant = variant_of(args)
    players = players_of(args)
    seed = seed_of(args)
    size = args.hand_size
    if size is None:
        size = Schedule.for_game(variant, players).size_of(0)
    r = Round.shuffled(variant, players=players, dealer=args.dealer, hand_size=size, seed=seed)
    print(
        text.tr(
            text.PERFT_HEAD,
            variant=variant.name,
            players=players,
            seed=seed,
            deal=repr(r.deal),
        )
    )
    if args.divide:
        split = records.divide(r, args.depth)
        for action, count in split:
            print(text.tr(text.PERFT_DIVIDED, action=str(action), count=count))
        print(text.tr(text.PERFT_TOTAL, count=sum(n for _, n in split)))
    else:
        print(text.tr(text.PERFT_COUNT, depth=args.depth, count=records.perft(r, args.depth)))
    return status.OK


def rules(args: argparse.Namespace) -> int:
    """``whist-ro rules [VARIANT]``: the variant's rules one a line, or in full.

    ``--rule ID`` prints that rule in full, saying whether it binds the
    variant; ``--full`` prints every rule of the variant in full.
    """
    chosen = args.rules_variant
    if chosen is not None and args.variant is not None and chosen != args.variant:
        raise ConfigurationError(
            text.tr(text.VARIANT_TWICE, option=args.variant.name, positional=chosen.name),
            field="variant",
        )
    variant: variants.Variant = chosen or args.variant or variants.ROMANIAN
    if args.rule is not None:
        print(format_rule(args.rule, variant, lang=text.lang()))
    elif args.full:
        shown = (format_rule(r.id, variant, lang=text.lang()) for r in rules_for(variant))
        print("\n\n".join(shown))
    else:
        print(format_rules(variant, lang=text.lang()))
        print(text.tr(text.RULES_FOOTER))
    return status.OK


def demo(args: argparse.Namespace) -> int:
    """Play one match between rule-based bots and print its sheet, standings and winner."""
    from whist_ro.bots import RuleBot  # noqa: PLC0415
    from whist_ro.table import Table  # noqa: PLC0415

    variant = variant_of(args)
    players = players_of(args)  # checked before a bot is built for each seat
    seed = seed_of(args)
    names = names_of(args, players)
    bots = [RuleBot(seed=f"{seed}:{s}") for s in range(players)]
    match = Table(variant, agents=bots, seed=seed, names=names).run()
    print(
        text.tr(
            text.DEMO_HEAD,
            variant=variant.name,
            players=players,
            seed=seed,
            dealer=match.first_dealer,
        )
    )
    print(match.score_sheet.format(wide=bool(args.wide), lang=text.lang()))
    print()
    print(text.tr(text.STANDINGS_HEAD, system=ranking_name(variant.ranking)))
    print(match.standings().format(lang=text.lang()))
    winners = match.winners
    who = [text.seat_name(match.names, seat) for seat in range(players)]
    if variant.is_classic:
        print(text.tr(text.WINNERS_PARTNERS, first=who[winners[0]], second=who[winners[1]]))
    elif len(winners) > 1:
        print(
            text.tr(
                text.WINNERS_TIED,
                who=", ".join(who[s] for s in winners),
                points=match.totals[winners[0]],
            )
        )
    else:
        print(text.tr(text.WINNER, who=who[winners[0]], points=match.totals[winners[0]]))
    return status.OK


def ranking_name(system: RankingSystem) -> str:
    """The ranking system as its rule calls it, in the command's language, with the rule's ID.

    >>> ranking_name(variants.ROMANIAN.ranking)
    'Table points, R-RANK-1'
    >>> with text.speaking("ro"):
    ...     ranking_name(variants.ROMANIAN.ranking)
    'Puncte de masă, R-RANK-1'
    """
    rule_id = _RANKING_RULES[system.kind]
    return f"{rule(rule_id, lang=text.lang()).title}, {rule_id}"


def protocol(args: argparse.Namespace) -> int:
    """``whist-ro protocol``: the engine protocol's specification, or one JSON Schema.

    The specification is ``docs/protocol.md``, shipped in the package
    (:func:`whist_ro.remote.spec.specification`), so an installed command
    has the page its engine commands point to.
    """
    from whist_ro.remote import wire  # noqa: PLC0415
    from whist_ro.remote.spec import specification  # noqa: PLC0415

    if args.schema is not None:
        print(json.dumps(wire.schema(args.schema), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(specification())
    return status.OK


def stats(args: argparse.Namespace) -> int:
    """``whist-ro stats``: bulk statistics of playouts (:func:`whist_ro.sim.stats`).

    Plays ``--games`` fresh deals of one hand size with the playout kernels
    and prints, per seat, the tricks it took (mean and distribution), how
    often it made its bid and its mean points.  ``--workers`` spreads the
    games over processes; the counts are the same for the same seed.
    """
    # A process pool is set up only by the command that uses it.
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

    variant = variant_of(args)
    players = players_of(args)
    seed = seed_of(args)
    size = args.hand_size
    if size is None:
        size = max(Schedule.for_game(variant, players).sizes)
    # Never more processes than chunks of games: the rest would sit idle.
    chunks = -(-args.games // sim.run.CHUNK)
    workers = min(args.workers, chunks)
    executor = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        counted = sim.stats(
            variant,
            args.games,
            players=players,
            hand_size=size,
            dealer=args.dealer,
            policy=args.policy,
            rng=seed,
            executor=executor,
            progress=args.progress,
        )
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
    print(
        text.tr(
            text.STATS_HEAD,
            variant=variant.name,
            players=players,
            size=size,
            dealer=args.dealer,
            games=counted.games,
            policy=args.policy,
            seed=seed,
        )
    )
    columns = " ".join(f"{k:>5}" for k in range(size + 1))
    print(text.tr(text.STATS_COLUMNS, columns=columns))

    def number(value: float, spec: str) -> str:  # a decimal comma in Romanian
        return localized(value, text.lang(), spec)

    for seat in range(players):
        shares = " ".join(
            number(100 * x, "4.1f") + "%" for x in counted.tricks_distribution(seat)[: size + 1]
        )
        made = counted.made_rate(seat)
        made_text = (
            "    -" if math.isnan(made) else number(100 * made, "5.1f") + "%"
        )  # classic: nan
        print(
            f"{seat:>4}  {number(counted.mean_tricks(seat), '6.2f')}  {shares}  {made_text}  "
            f"{number(counted.mean_points(seat), '+7.2f')}"
        )
    return status.OK


def run_seeds(args: argparse.Namespace) -> Sequence[int | str]:
    """The seeds of ``--matches`` matches: ``--seed`` plus k, or the ``--seed`` word with ":k".

    >>> list(run_seeds(argparse.Namespace(seed=5, matches=3)))
    [5, 6, 7]
    >>> run_seeds(argparse.Namespace(seed="club", matches=2))
    ['club:0', 'club:1']
    """
    seed = seed_of(args)
    if isinstance(seed, int) and (seed + args.matches - 1).bit_length() > _SEED_BITS:
        raise ConfigurationError(
            text.tr(text.SEEDS_RUN_OUT, seed=seed, matches=args.matches), field="seed"
        )
    if isinstance(seed, int):
        return range(seed, seed + args.matches)
    return [f"{seed}:{k}" for k in range(args.matches)]


def simulate(args: argparse.Namespace) -> int:
    """``whist-ro simulate``: bot matches (:func:`whist_ro.tournaments.tournament`), summarised.

    ``--bots`` names one bot per seat (``rule,lowrisk,lowrisk,lowrisk``), or
    one bot for every seat.  ``--duplicate`` deals each seed once for every
    rotation of the line-up, and ``--reference`` adds each bot's edge over
    that bot, as the strength table measures it; ``--fallback`` names the
    bot that plays a seat taken over (RandomBot unless told).  A bot that
    does not play the variant is refused before any match starts.
    """
    from whist_ro.cli.play import bot_class, check_bot, fallback_entrant  # noqa: PLC0415
    from whist_ro.tournaments import Entrant, tournament  # noqa: PLC0415

    variant = variant_of(args)
    pieces = [name.strip() for name in args.bots.split(",")]
    names = [name for name in pieces if name]
    if not names:
        raise ConfigurationError(text.tr(text.NO_BOTS), field="bots")
    for name in dict.fromkeys(names):  # a misspelt name first: it may be why the count is off
        bot_class(name)
    if len(names) != len(pieces):  # "rule,,rule": not silently a bot fewer
        raise ConfigurationError(
            text.tr(text.EMPTY_BOT, bots=excerpt(args.bots), place=pieces.index("") + 1),
            field="bots",
        )
    if len(names) == 1:
        names *= players_of(args)  # the count is checked before the list is made
    elif args.players is not None and args.players != len(names):
        raise ConfigurationError(
            text.tr(text.BOTS_MISMATCH, players=args.players, bots=len(names)), field="bots"
        )
    else:
        try:
            check_players(variant, len(names))
        except ConfigurationError as error:
            raise ConfigurationError(
                text.tr(text.BOTS_COUNT, bots=len(names), reason=error), field="bots"
            ) from None
    for name in dict.fromkeys(names):
        check_bot(name, variant)
    if args.reference is not None and args.reference not in names:
        raise ConfigurationError(
            text.tr(
                text.REFERENCE_NOT_PLAYING,
                reference=excerpt(args.reference),
                bots=", ".join(dict.fromkeys(names)),
            ),
            field="reference",
        )
    fallback = fallback_entrant(args.fallback, variant)
    lineup = [Entrant(bot_class(name), name=name) for name in names]
    result = tournament(
        variant,
        lineup,
        seeds=run_seeds(args),
        duplicate=args.duplicate,
        reference=args.reference,
        fallback=fallback,
        workers=min(args.workers, args.matches),
        progress=progress_bar if args.progress or sys.stderr.isatty() else None,
    )
    print(result.render(text.lang()))
    return status.OK
