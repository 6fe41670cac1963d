"""The engine commands of ``whist-ro``: ``engine``, ``match`` and ``engine-test``.

``whist-ro engine NAME`` serves a built-in bot over the engine protocol
(:func:`whist_ro.remote.serve`), so ``whist-ro engine rule`` is an engine
any table can seat; ``whist-ro match --engine NAME=COMMAND ...`` plays
engines against each other through :func:`whist_ro.tournaments.tournament`;
``whist-ro engine-test COMMAND`` runs the conformance test
(:func:`whist_ro.remote.conformance.check_engine`).

>>> from whist_ro.remote import Option
>>> [option.name for option in engine_options("search", {})][:3]
['samples', 'rollouts', 'ms']
"""

from __future__ import annotations

import argparse
import inspect
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from whist_ro import records, sim
from whist_ro._check import excerpt
from whist_ro._check import names as check_names
from whist_ro.bots import SearchBot, search_bot
from whist_ro.cli import status, text
from whist_ro.cli.commands import run_seeds
from whist_ro.cli.options import (
    add_fallback_option,
    add_workers_options,
    players_of,
    variant_of,
    whole_option,
)
from whist_ro.cli.play import BOTS, bot_class, fallback_entrant
from whist_ro.errors import ConfigurationError, EngineStartError, WhistError
from whist_ro.remote import EngineCommand, Option, serve
from whist_ro.remote.conformance import check_engine
from whist_ro.remote.process import command_args, quiet_logs
from whist_ro.schedule import check_players
from whist_ro.sim.run import progress_bar
from whist_ro.tournaments import Entrant, tournament
from whist_ro.tournaments.run import MAX_SEEDS
from whist_ro.variants import Variant

__all__ = [
    "add_engine_commands",
    "engine",
    "engine_options",
    "engine_test",
    "match",
    "parse_engines",
]

Command = Callable[[argparse.Namespace], int]
_MAX_SECONDS: Final = 3600.0
# A drawn seed leaves room for a million matches below the seed rule's 2**63.
_FRESH_SEED_BITS: Final = 48
_PROG_ENGINE: Final = "whist-ro engine"  # how whist-ro engine signs its notes on stderr


def valid_name(name: str) -> bool:
    """True for a name a player (and an engine) may have: printable, 1 to 100 characters."""
    try:
        check_names([name], players=1)
    except WhistError:
        return False
    return True


Adder = Callable[..., argparse.ArgumentParser]

# The SearchBot settings an engine offers, with SearchBot's own defaults, read from its
# signature so that they cannot drift apart: None is a default the engine leaves unset, for
# the bot to choose (``solve``: 2 tricks in the exact-bid family, 4 in classic).
_SEARCH_SETTINGS: Final = ("samples", "rollouts", "ms", "policy", "others", "solve", "spite")
_SEARCH_DEFAULTS: Final[dict[str, Any]] = {
    name: inspect.signature(SearchBot).parameters[name].default for name in _SEARCH_SETTINGS
}


def engine_options(bot: str, given: Mapping[str, object]) -> tuple[Option, ...]:
    """The options the engine of ``bot`` declares, their defaults taken from ``given``.

    Only the search bot has options: SearchBot's budget (``samples``,
    ``rollouts``, ``ms``), its ``policy`` and the other seats' (``others``),
    ``solve`` and ``spite``, with SearchBot's own defaults.  ``solve`` has none
    unless given: the bot then solves the last 2 tricks in the exact-bid family
    and the last 4 in classic whist.  Every seat plays ``policy`` in the
    rollouts when ``others`` names the same policy.

    >>> {o.name: o.default for o in engine_options("search", {"solve": 3})}["solve"]
    3
    >>> {o.name: o.default for o in engine_options("search", {})}["others"]
    'lowrisk'
    """
    if bot != "search":
        return ()
    values = {**_SEARCH_DEFAULTS, **{k: v for k, v in given.items() if v is not None}}
    return (
        Option(
            name="samples",
            type="int",
            default=values["samples"],
            min=1,
            max=search_bot._MAX_SAMPLES,
            help="deals sampled per decision",
        ),
        Option(
            name="rollouts",
            type="int",
            default=values["rollouts"],
            min=1,
            max=search_bot._MAX_ROLLOUTS,
            help="playouts per deal and action",
        ),
        Option(
            name="ms",
            type="float",
            default=values["ms"],
            min=0.001,
            max=60_000,
            help="time budget per decision, in milliseconds",
        ),
        Option(
            name="policy",
            type="choice",
            default=values["policy"],
            choices=tuple(sim.POLICIES),
            help="the playout policy",
        ),
        Option(
            name="others",
            type="choice",
            default=values["others"],
            choices=tuple(sim.POLICIES),
            help="the playout policy of the other seats",
        ),
        Option(
            name="solve",
            type="int",
            default=values["solve"],
            min=0,
            max=search_bot._MAX_SOLVE,
            help="tricks left at which the rest is solved exactly "
            "(unset: 2 in the exact-bid family, 4 in classic)",
        ),
        Option(
            name="spite",
            type="float",
            default=values["spite"],
            min=0,
            max=1,
            help="weight of the other seats' mean score",
        ),
    )


def _spite(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not 0 <= number <= 1:
        raise argparse.ArgumentTypeError(text.tr(text.ENGINE_SPITE_RANGE, value=excerpt(value)))
    return number


def _ms(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not 0 < number <= 60_000:
        raise argparse.ArgumentTypeError(text.tr(text.ENGINE_MS_RANGE, value=excerpt(value)))
    return number


def engine(args: argparse.Namespace) -> int:
    """``whist-ro engine NAME``: serve a built-in bot over the protocol until ``quit``."""
    given = {name: getattr(args, name) for name in _SEARCH_DEFAULTS}
    set_flags = [f"--{name}" for name, value in given.items() if value is not None]
    if args.bot != "search" and set_flags:
        raise ConfigurationError(
            text.tr(text.ENGINE_SEARCH_ONLY, flags=", ".join(set_flags)), field="bots"
        )
    factory = bot_class(args.bot)
    serve(factory, name=args.bot, options=engine_options(args.bot, given), log_as=_PROG_ENGINE)
    return status.OK


def parse_engines(entries: Sequence[str]) -> list[tuple[str, tuple[str, ...]]]:
    """``--engine NAME=COMMAND`` entries as (name, command arguments), one per seat.

    >>> parse_engines(["me=python -m mybot --fast", "it=./engine"])
    [('me', ('python', '-m', 'mybot', '--fast')), ('it', ('./engine',))]
    >>> parse_engines(['me=node "engine.js'])
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: --engine me gives a command that cannot be run: the ...
    """
    found: list[tuple[str, tuple[str, ...]]] = []
    known: dict[str, tuple[str, ...]] = {}
    for entry in entries:
        name, equals, command = entry.partition("=")
        name = name.strip()
        if not equals or not command.strip():
            raise ConfigurationError(
                text.tr(text.ENGINE_ENTRY, value=excerpt(entry)), field="engine"
            )
        try:
            check_names([name], players=1, field="NAME")
        except ConfigurationError as error:  # say why: a bidirectional control, say
            raise ConfigurationError(
                text.tr(
                    text.ENGINE_ENTRY_NAME, value=excerpt(entry), reason=error.explain(text.lang())
                ),
                field="engine",
            ) from None
        try:
            parts = command_args(command)
        except EngineStartError as error:  # an unclosed quote, say: the entry's form is fine
            raise ConfigurationError(
                text.tr(text.ENGINE_COMMAND, name=name, reason=error.explain(text.lang())),
                field="engine",
            ) from None
        if known.setdefault(name, parts) != parts:
            raise ConfigurationError(text.tr(text.ENGINE_TWICE, name=name), field="engine")
        found.append((name, parts))
    return found


def _folder(given: str | None, *, option: str) -> Path | None:
    """The folder ``option`` names, made if missing; one it cannot be is a usage error.

    >>> _folder(None, option="--record-dir") is None
    True
    """
    if given is None:
        return None
    folder = Path(given)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:  # a file of that name, say: name it and say why
        raise ConfigurationError(
            text.tr(
                text.FOLDER_NOT_MADE,
                option=option,
                path=excerpt(given),
                reason=error.strerror or type(error).__name__,
            ),
            field=option.lstrip("-").replace("-", "_"),
        ) from None
    return folder


def _seats(variant: Variant, engines: int, players: int | None) -> int:
    """How many seats ``engines`` engines fill: ``--players``, else one each, else the default.

    With fewer engines than seats, seat i plays engine i mod k.  In classic
    whist no engine may sit on both sides of the table (partners sit
    opposite), so 1, 2 or 4 engines fill its four seats, never 3.

    >>> from whist_ro import variants
    >>> _seats(variants.ROMANIAN, 2, 5), _seats(variants.CLASSIC, 2, None)
    (5, 4)
    >>> _seats(variants.CLASSIC, 3, 4)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: --engine names 3 engines: classic whist seats partners ...
    """
    if players is None and engines >= variant.player_counts[0]:
        try:  # one seat each
            check_players(variant, engines)
        except ConfigurationError as error:
            raise ConfigurationError(
                text.tr(text.ENGINES_COUNT, engines=engines, reason=error.explain(text.lang())),
                field="engine",
            ) from None
        return engines
    seats = players_of(argparse.Namespace(players=players, variant=variant))
    if engines > seats:
        raise ConfigurationError(
            text.tr(text.ENGINES_MISMATCH, players=seats, engines=engines), field="engine"
        )
    if variant.is_classic:
        # Engine j holds the seats j, j + k, ...: one side only when they share a parity.
        fits = [k for k in range(1, seats + 1) if k == 1 or k % 2 == 0]
        if engines not in fits:
            both = [s for s in range(seats) if s % engines == 0]
            raise ConfigurationError(
                text.tr(
                    text.ENGINES_BOTH_SIDES,
                    engines=engines,
                    seats=seats,
                    both=", ".join(map(str, both)),
                    fits=", ".join(map(str, fits[:-1])),
                    last=fits[-1],
                ),
                field="engine",
            )
    return seats


def match(args: argparse.Namespace) -> int:
    """``whist-ro match``: engines against each other (:func:`whist_ro.tournaments.tournament`)."""
    variant = variant_of(args)
    engines = parse_engines(args.engine or [])
    if not engines:
        raise ConfigurationError(text.tr(text.NO_ENGINES), field="engine")
    seats = _seats(variant, len(engines), args.players)
    fallback = fallback_entrant(args.fallback, variant)
    folder = _folder(args.record_dir, option="--record-dir")
    logs = _folder(args.engine_log, option="--engine-log")
    entrants = [
        Entrant(
            EngineCommand(
                command=parts,
                name=name,
                time_limit=args.time_limit,
                log_dir=None if logs is None else str(logs),
            ),
            name=name,
        )
        for name, parts in engines
    ]
    lineup = [entrants[seat % len(entrants)] for seat in range(seats)]
    fresh = args.seed is None
    if fresh:
        # Engines may be anyone's programs: fixed default seeds would be deals an engine
        # could carry in its code. Draw them from the OS and print them, so they replay.
        args = argparse.Namespace(**{**vars(args), "seed": secrets.randbits(_FRESH_SEED_BITS)})
    seeds = run_seeds(args)
    if fresh:
        print(text.tr(text.MATCH_SEEDS, first=seeds[0], last=seeds[-1]), flush=True)
    with quiet_logs():  # the takeovers are listed below, with their reasons
        result = tournament(
            variant,
            lineup,
            seeds=seeds,
            duplicate=args.duplicate,
            workers=min(args.workers, args.matches),
            progress=progress_bar if args.progress or sys.stderr.isatty() else None,
            time_limit=args.time_limit,
            fallback=fallback,
            records=folder is not None,
        )
    print(result.render(text.lang()))
    taken = [(row, t) for row in result.matches for t in row.takeovers]
    if taken:
        print(text.tr(text.TAKEOVERS_HEAD))
        for row, t in taken:
            where = (
                text.tr(text.IN_BIDDING) if t.trick == 0 else text.tr(text.IN_TRICK, trick=t.trick)
            )
            print(
                text.tr(
                    text.TAKEOVER_LINE,
                    match=row.index + 1,
                    round=t.round,
                    where=where,
                    seat=t.seat,
                    who=t.agent,
                    reason=t.explain(text.lang()),
                )
            )
    if folder is not None:
        for row in result.matches:
            assert row.record is not None
            records.dump(row.record, folder / f"match-{row.index + 1:04d}.json")
        print(text.tr_plural(text.RECORDS_WRITTEN, len(result.matches), folder=folder))
    return status.OK


def engine_test(args: argparse.Namespace) -> int:
    """``whist-ro engine-test COMMAND``: the conformance test, its report, 0 if it passed."""
    report = check_engine(args.engine_command, time_limit=args.time_limit, quick=args.quick)
    print(report.render(text.lang()))
    return status.OK if report.ok else status.VIOLATION


def add_engine_commands(subcommands: Any, add: Adder) -> None:
    """Register ``engine``, ``match`` and ``engine-test`` (``add`` makes a subcommand)."""
    parser = add(
        subcommands,
        "engine",
        engine,
        takes=frozenset(),
        help_text=text.tr(text.ENGINE_HELP),
        description=text.tr(text.ENGINE_DESCRIPTION),
    )
    parser.add_argument(
        "bot",
        choices=BOTS,
        metavar="NAME",
        help=text.tr(text.ENGINE_BOT_HELP, bots=", ".join(BOTS)),
    )
    search = _SEARCH_DEFAULTS
    parser.add_argument(
        "--samples",
        type=whole_option(low=1, high=search_bot._MAX_SAMPLES),
        default=None,
        metavar="N",
        help=text.tr(text.ENGINE_SAMPLES_HELP, default=search["samples"]),
    )
    parser.add_argument(
        "--rollouts",
        type=whole_option(low=1, high=search_bot._MAX_ROLLOUTS),
        default=None,
        metavar="N",
        help=text.tr(text.ENGINE_ROLLOUTS_HELP, default=search["rollouts"]),
    )
    parser.add_argument(
        "--ms", type=_ms, default=None, metavar="MS", help=text.tr(text.ENGINE_MS_HELP)
    )
    parser.add_argument(
        "--policy",
        choices=sim.POLICIES,
        default=None,
        help=text.tr(text.ENGINE_POLICY_HELP, default=search["policy"]),
    )
    parser.add_argument(
        "--others",
        choices=sim.POLICIES,
        default=None,
        help=text.tr(text.ENGINE_OTHERS_HELP, default=search["others"]),
    )
    parser.add_argument(
        "--solve",
        type=whole_option(low=0, high=search_bot._MAX_SOLVE),
        default=None,
        metavar="N",
        help=text.tr(text.ENGINE_SOLVE_HELP),
    )
    parser.add_argument(
        "--spite",
        type=_spite,
        default=None,
        metavar="X",
        help=text.tr(text.ENGINE_SPITE_HELP, default=search["spite"]),
    )

    match_parser = add(
        subcommands,
        "match",
        match,
        takes=frozenset({"variant", "players", "seed", "ascii"}),
        help_text=text.tr(text.MATCH_HELP),
        description=text.tr(text.MATCH_DESCRIPTION),
    )
    match_parser.add_argument(
        "--engine",
        action="append",
        metavar="NAME=COMMAND",
        help=f"{text.tr(text.MATCH_ENGINE_HELP)}. {text.tr(text.COMMAND_READING)}",
    )
    match_parser.add_argument(
        "--matches",
        type=whole_option(low=1, high=MAX_SEEDS),
        default=20,
        metavar="N",
        help=text.tr(text.MATCH_MATCHES_HELP, most=MAX_SEEDS),
    )
    match_parser.add_argument(
        "--duplicate", action="store_true", help=text.tr(text.SIMULATE_DUPLICATE_HELP)
    )
    match_parser.add_argument(
        "--time-limit",
        type=_seconds,
        default=10.0,
        metavar="S",
        help=text.tr(text.MATCH_TIME_LIMIT_HELP),
    )
    match_parser.add_argument(
        "--record-dir", default=None, metavar="DIR", help=text.tr(text.MATCH_RECORD_DIR_HELP)
    )
    match_parser.add_argument(
        "--engine-log", default=None, metavar="DIR", help=text.tr(text.MATCH_ENGINE_LOG_HELP)
    )
    add_fallback_option(match_parser, bots=BOTS)
    add_workers_options(match_parser, workers_help=text.tr(text.MATCH_WORKERS_HELP))

    test_parser = add(
        subcommands,
        "engine-test",
        engine_test,
        takes=frozenset({"ascii"}),
        help_text=text.tr(text.ENGINE_TEST_HELP),
        description=text.tr(text.ENGINE_TEST_DESCRIPTION),
    )
    test_parser.add_argument(
        "engine_command",
        metavar="COMMAND",
        help=f"{text.tr(text.ENGINE_TEST_COMMAND_HELP)}. {text.tr(text.COMMAND_READING)}",
    )
    test_parser.add_argument(
        "--quick", action="store_true", help=text.tr(text.ENGINE_TEST_QUICK_HELP)
    )
    test_parser.add_argument(
        "--time-limit",
        type=_seconds,
        default=5.0,
        metavar="S",
        help=text.tr(text.ENGINE_TEST_TIME_LIMIT_HELP),
    )


def _seconds(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not 0 < number <= _MAX_SECONDS:
        raise argparse.ArgumentTypeError(text.tr(text.SECONDS_RANGE, value=excerpt(value)))
    return number
