"""The ``whist-ro`` command (also ``python -m whist_ro``).

With no command it plays one seeded match between rule-based bots
(:class:`~whist_ro.bots.RuleBot`) and prints the score sheet, the standings
and the winner.  The commands:

- ``check RECORD``: adjudicate a match record (JSON) or one round in the
  round notation;
- ``audit SHEET.csv``: the same for a paper score sheet;
- ``analyse RECORD``: could each bid have been made, and which card lost it
  (:mod:`whist_ro.cli.analyse`; a folder of records with ``--workers``);
- ``perft DEPTH``: count legal action sequences from a seeded deal
  (``--divide`` splits by first action; ``--table`` recomputes the
  documented table);
- ``rules [VARIANT]``: the rules of a variant with their IDs, or one rule
  in full (``--rule R-PLAY-2``);
- ``play``: a person against bots at the terminal (:mod:`whist_ro.cli.play`);
- ``simulate``: many bot matches through :func:`whist_ro.tournaments.tournament`, summarised;
- ``stats``: bulk statistics of random or policy playouts (the kernels of
  :mod:`whist_ro.sim`);
- ``engine NAME``, ``match``, ``engine-test``: engines over the engine
  protocol (:mod:`whist_ro.cli.remote`), whose specification ``protocol``
  prints (``docs/protocol.md``, shipped in the package);
- ``serve``: the web table (:mod:`whist_ro.cli.serve`, :mod:`whist_ro.web`).

Each is a function of :mod:`whist_ro.cli.commands` (or, for ``play``, of
:mod:`whist_ro.cli.play`), registered in :func:`_build_parser`.  The
options ``--variant``, ``--players``, ``--seed``, ``--names``, ``--ascii`` and ``--wide`` may stand
before the command or after it (:mod:`whist_ro.cli.options`).  Every
sentence the command prints is in :mod:`whist_ro.cli.text`.

The exit statuses (:mod:`whist_ro.cli.status`): 0 done; 1 ``check`` or
``audit`` found a broken rule or a wrong total; 2 a usage error (a bad
option, a refused setting, an unreadable input; one ``whist-ro: error:``
line on stderr); 3 the system failed (output not writable, out of memory,
``play``'s record saved to a fallback file); 70 a bug (please report it);
130 interrupted by Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from typing import Final, NoReturn

from whist_ro import __version__
from whist_ro._check import MAX_WORKERS
from whist_ro.cli import commands, status, text
from whist_ro.cli.analyse import DEFAULT_BUDGET, MAX_BUDGET
from whist_ro.cli.analyse import analyse as analyse_command
from whist_ro.cli.language import argparse_speaking, choose_language
from whist_ro.cli.options import (
    SHARED,
    add_deal_options,
    add_fallback_option,
    add_shared_options,
    add_workers_options,
    merge_shared,
    presets_epilog,
    variant_option,
    whole_option,
)
from whist_ro.cli.output import ascii_output
from whist_ro.cli.play import BOTS, play
from whist_ro.cli.remote import add_engine_commands
from whist_ro.cli.serve import DEFAULT_DB, positive_number, serve
from whist_ro.errors import ConfigurationError, WhistError
from whist_ro.records.perft import MAX_DEPTH
from whist_ro.remote import wire
from whist_ro.sim.run import POLICIES
from whist_ro.sim.stats import MAX_STATS_GAMES
from whist_ro.tournaments.run import MAX_SEEDS

__all__ = ["main"]

PROG: Final = "whist-ro"
"""The installed command's name; ``python -m whist_ro`` reports itself under it too."""

Command = Callable[[argparse.Namespace], int]


class _Parser(argparse.ArgumentParser):
    """argparse's parser, refusing in one line (no usage block), in one voice for every command."""

    def error(self, message: str) -> NoReturn:
        self.exit(status.USAGE, _error_line(message))


# The library's name for a setting -> the option a user typed for it, so that a
# refused setting is reported against the flag (argparse's own "argument --x: ").
_FLAGS: Final = {
    "players": "--players",
    "variant": "--variant",
    "seed": "--seed",
    "dealer": "--dealer",
    "hand_size": "--hand-size",
    "seat": "--seat",
    "bots": "--bots",
    "reference": "--reference",
    "workers": "--workers",
    "rule": "--rule",
    "record": "--record",
    "names": "--names",
    "public_url": "--public-url",
    "forwarded_allow_ips": "--forwarded-allow-ips",
}


def _subcommand(
    subcommands: argparse._SubParsersAction[_Parser],
    name: str,
    command: Command,
    *,
    takes: frozenset[str],
    help_text: str,
    description: str,
) -> argparse.ArgumentParser:
    takes = takes | {"lang"}  # every command speaks either language
    parser = subcommands.add_parser(
        name,
        help=help_text,
        description=description,
        epilog=presets_epilog() if "variant" in takes else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_shared_options(parser, takes, refused=SHARED - takes)
    parser.set_defaults(command=command, command_name=name, takes=takes)
    return parser


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        epilog=presets_epilog() + "\n\n" + text.tr(text.EXIT_STATUSES),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=text.tr(text.DESCRIPTION),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {__version__}",
        help=text.tr(text.VERSION_HELP),
    )
    add_shared_options(parser, SHARED, before=True)
    # Each command sets its own; these keep bare ``whist-ro`` playing the demo match.
    parser.set_defaults(command=commands.demo, command_name="", takes=SHARED)
    subcommands = parser.add_subparsers(title=text.tr(text.COMMANDS_TITLE), metavar="COMMAND")
    ascii_only = frozenset({"ascii"})
    # The commands that print a score sheet take --wide, and the ones that play one
    # match --names; the others refuse them.
    match_options = SHARED - {"wide", "names"}

    check = _subcommand(
        subcommands,
        "check",
        commands.check,
        takes=ascii_only,
        help_text=text.tr(text.CHECK_HELP),
        description=text.tr(text.CHECK_DESCRIPTION),
    )
    check.add_argument("file", metavar="RECORD", help=text.tr(text.CHECK_FILE_HELP))

    audit = _subcommand(
        subcommands,
        "audit",
        commands.audit,
        takes=frozenset({"variant", "ascii"}),
        help_text=text.tr(text.AUDIT_HELP),
        description=text.tr(text.AUDIT_DESCRIPTION),
    )
    audit.add_argument("file", metavar="SHEET", help=text.tr(text.AUDIT_FILE_HELP))

    analyse = _subcommand(
        subcommands,
        "analyse",
        analyse_command,
        takes=ascii_only,
        help_text=text.tr(text.ANALYSE_HELP),
        description=text.tr(text.ANALYSE_DESCRIPTION),
    )
    analyse.add_argument("file", metavar="RECORD", help=text.tr(text.ANALYSE_FILE_HELP))
    analyse.add_argument(
        "--budget",
        type=whole_option(low=1, high=MAX_BUDGET),
        default=DEFAULT_BUDGET,
        metavar="N",
        help=text.tr(text.ANALYSE_BUDGET_HELP, default=DEFAULT_BUDGET),
    )
    analyse.add_argument(
        "--workers",
        type=whole_option(low=1, high=MAX_WORKERS),
        default=1,
        metavar="N",
        help=text.tr(text.ANALYSE_WORKERS_HELP),
    )

    perft = _subcommand(
        subcommands,
        "perft",
        commands.perft,
        takes=match_options,
        help_text=text.tr(text.PERFT_HELP),
        description=text.tr(text.PERFT_DESCRIPTION),
    )
    perft.add_argument(
        "depth",
        type=whole_option(low=0, high=MAX_DEPTH),
        nargs="?",
        metavar="DEPTH",
        help=text.tr(text.PERFT_DEPTH_HELP, most=MAX_DEPTH),
    )
    add_deal_options(perft, hand_size_default=text.tr(text.FIRST_ROUND_SIZE))
    perft.add_argument("--divide", action="store_true", help=text.tr(text.PERFT_DIVIDE_HELP))
    perft.add_argument("--table", action="store_true", help=text.tr(text.PERFT_TABLE_HELP))

    rules = _subcommand(
        subcommands,
        "rules",
        commands.rules,
        takes=frozenset({"variant", "ascii"}),
        help_text=text.tr(text.RULES_HELP),
        description=text.tr(text.RULES_DESCRIPTION),
    )
    rules.add_argument(
        "rules_variant",
        type=variant_option,
        nargs="?",
        default=None,
        metavar="VARIANT",
        help=text.tr(text.RULES_VARIANT_HELP),
    )
    rules.add_argument("--rule", metavar="ID", default=None, help=text.tr(text.RULES_RULE_HELP))
    rules.add_argument("--full", action="store_true", help=text.tr(text.RULES_FULL_HELP))

    play_parser = _subcommand(
        subcommands,
        "play",
        play,
        takes=SHARED,
        help_text=text.tr(text.PLAY_HELP),
        description=text.tr(text.PLAY_DESCRIPTION),
    )
    play_parser.add_argument(
        "--seat",
        type=whole_option(low=0),
        default=None,
        metavar="SEAT",
        help=text.tr(text.PLAY_SEAT_HELP),
    )
    play_parser.add_argument(
        "--bots", choices=BOTS, default=None, help=text.tr(text.PLAY_BOTS_HELP)
    )
    play_parser.add_argument(
        "--record", default=None, metavar="PATH", help=text.tr(text.PLAY_RECORD_HELP)
    )
    play_parser.add_argument("--force", action="store_true", help=text.tr(text.PLAY_FORCE_HELP))
    play_parser.add_argument(
        "--resume", default=None, metavar="RECORD", help=text.tr(text.PLAY_RESUME_HELP)
    )

    simulate = _subcommand(
        subcommands,
        "simulate",
        commands.simulate,
        takes=match_options,
        help_text=text.tr(text.SIMULATE_HELP),
        description=text.tr(text.SIMULATE_DESCRIPTION),
    )
    simulate.add_argument(
        "--bots",
        default="random",
        metavar="NAMES",
        help=text.tr(text.SIMULATE_BOTS_HELP, bots=", ".join(BOTS)),
    )
    simulate.add_argument(
        "--matches",
        type=whole_option(low=1, high=MAX_SEEDS),
        default=20,
        metavar="N",
        help=text.tr(text.SIMULATE_MATCHES_HELP, most=MAX_SEEDS),
    )
    simulate.add_argument(
        "--duplicate", action="store_true", help=text.tr(text.SIMULATE_DUPLICATE_HELP)
    )
    simulate.add_argument(
        "--reference", default=None, metavar="NAME", help=text.tr(text.SIMULATE_REFERENCE_HELP)
    )
    add_fallback_option(simulate, bots=BOTS)
    add_workers_options(simulate, workers_help=text.tr(text.SIMULATE_WORKERS_HELP))

    stats = _subcommand(
        subcommands,
        "stats",
        commands.stats,
        takes=match_options,
        help_text=text.tr(text.STATS_HELP),
        description=text.tr(text.STATS_DESCRIPTION),
    )
    stats.add_argument(
        "--games",
        type=whole_option(low=1, high=MAX_STATS_GAMES),
        default=10_000,
        metavar="N",
        help=text.tr(text.STATS_GAMES_HELP, most=MAX_STATS_GAMES),
    )
    add_deal_options(stats, hand_size_default=text.tr(text.LARGEST_SIZE))
    stats.add_argument(
        "--policy", choices=POLICIES, default="random", help=text.tr(text.STATS_POLICY_HELP)
    )
    add_workers_options(stats, workers_help=text.tr(text.STATS_WORKERS_HELP))
    add_engine_commands(subcommands, _subcommand)

    spec = _subcommand(
        subcommands,
        "protocol",
        commands.protocol,
        takes=ascii_only,
        help_text=text.tr(text.PROTOCOL_HELP),
        description=text.tr(text.PROTOCOL_DESCRIPTION),
    )
    spec.add_argument(
        "--schema",
        choices=wire.SCHEMAS,
        default=None,
        metavar="NAME",
        help=text.tr(text.PROTOCOL_SCHEMA_HELP, names=", ".join(wire.SCHEMAS)),
    )

    web = _subcommand(
        subcommands,
        "serve",
        serve,
        takes=frozenset(),
        help_text=text.tr(text.SERVE_HELP),
        description=text.tr(text.SERVE_DESCRIPTION),
    )
    web.add_argument("--host", default="127.0.0.1", help=text.tr(text.SERVE_HOST_HELP))
    web.add_argument(
        "--port",
        type=whole_option(low=0, high=65535),
        default=8000,
        help=text.tr(text.SERVE_PORT_HELP),
    )
    web.add_argument("--db", default=DEFAULT_DB, metavar="FILE", help=text.tr(text.SERVE_DB_HELP))
    web.add_argument(
        "--public-url", default=None, metavar="URL", help=text.tr(text.SERVE_PUBLIC_URL_HELP)
    )
    web.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help=text.tr(text.SERVE_BOT_DELAY_HELP),
    )
    web.add_argument(
        "--maker-wait",
        type=positive_number,
        default=600.0,
        metavar="SECONDS",
        help=text.tr(text.SERVE_MAKER_WAIT_HELP),
    )
    web.add_argument(
        "--start-wait",
        type=positive_number,
        default=3600.0,
        metavar="SECONDS",
        help=text.tr(text.SERVE_START_WAIT_HELP),
    )
    web.add_argument(
        "--max-waiting",
        type=whole_option(low=1, high=10_000),
        default=5,
        metavar="N",
        help=text.tr(text.SERVE_MAX_WAITING_HELP),
    )
    web.add_argument(
        "--keep-finished",
        type=positive_number,
        default=None,
        metavar="DAYS",
        help=text.tr(text.SERVE_KEEP_FINISHED_HELP),
    )
    web.add_argument(
        "--forwarded-allow-ips",
        default="",
        metavar="LIST",
        help=text.tr(text.SERVE_FORWARDED_HELP),
    )
    web.add_argument(
        "--busy-timeout",
        type=whole_option(low=0, high=60_000),
        default=1000,
        metavar="MS",
        help=text.tr(text.SERVE_BUSY_TIMEOUT_HELP),
    )
    web.add_argument(
        "--max-connections",
        type=whole_option(low=1, high=1_000_000),
        default=1000,
        metavar="N",
        help=text.tr(text.SERVE_MAX_CONNECTIONS_HELP),
    )
    web.add_argument(
        "--max-address-connections",
        type=whole_option(low=1, high=1_000_000),
        default=50,
        metavar="N",
        help=text.tr(text.SERVE_MAX_ADDRESS_CONNECTIONS_HELP),
    )
    web.add_argument(
        "--max-open",
        type=whole_option(low=1, high=100_000),
        default=20,
        metavar="N",
        help=text.tr(text.SERVE_MAX_OPEN_HELP),
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``whist-ro`` command on ``argv`` (default: ``sys.argv[1:]``); the exit status.

    Bad arguments, and settings the library refuses, raise ``SystemExit(2)``
    after one ``whist-ro: error:`` line on stderr; ``--help`` and
    ``--version`` raise ``SystemExit(0)``.  The other statuses are returned
    (see :mod:`whist_ro.cli.status`).  The command speaks the language
    :func:`~whist_ro.cli.language.choose_language` picks (``--lang``, then
    the environment).

    >>> main(["--players", "3", "--seed", "2", "--lang", "en"])  # doctest: +ELLIPSIS
    romanian whist, 3 players, seed 2...
    Winner: seat ...
    0
    """
    if sys.stdout is None:  # started with stdout closed (>&-): nowhere to print to
        _complain(text.tr(text.STDOUT_CLOSED))
        return status.SYSTEM
    arguments = sys.argv[1:] if argv is None else list(argv)
    try:
        lang = choose_language(arguments)
    except WhistError as error:  # WHIST_RO_LANG names a language whist-ro does not speak
        with ascii_output():
            sys.stderr.write(_error_line(str(error)))
        raise SystemExit(status.USAGE) from None
    with text.speaking(lang), argparse_speaking(lang), ascii_output():
        parser = _build_parser()
        args = parser.parse_args(arguments)
        merge_shared(args, parser)
        with ascii_output(forced=bool(args.ascii)):
            return _run(parser, args)


def _error_line(message: str) -> str:
    """The one line a usage error prints: ``whist-ro: error: ...`` in the command's language."""
    return text.tr(text.ERROR_LINE, prog=PROG, message=message) + "\n"


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    command: Command = args.command
    try:
        code = command(args)
        sys.stdout.flush()  # inside the try, so a closed pipe is caught here, not at exit
    except WhistError as error:
        # A refused setting (9 players, classic for 3) is a usage error, not a crash:
        # one line naming the problem, status 2 as argparse gives for bad options.
        parser.exit(status.USAGE, _error_line(_about_flag(error, args)))
    except BrokenPipeError:
        # ``whist-ro | head``: the reader has gone, so stop quietly as other tools do.
        _drop_stdout()
        return status.SYSTEM
    except KeyboardInterrupt:
        _drop_stdout_quietly()
        _complain(text.tr(text.INTERRUPTED))
        return status.INTERRUPTED
    except MemoryError:
        _complain(text.tr(text.OUT_OF_MEMORY))
        return status.SYSTEM
    except OSError as error:
        # A full disk behind stdout (/dev/full), a pool that cannot start a process ...
        _drop_stdout()
        _complain(text.tr(text.SYSTEM_ERROR, reason=error.strerror or type(error).__name__))
        return status.SYSTEM
    except Exception:
        _complain(traceback.format_exc().rstrip())
        _complain(text.tr(text.INTERNAL_ERROR))
        return status.INTERNAL
    return code


def _about_flag(error: WhistError, args: argparse.Namespace) -> str:
    """The error's message, marked with the flag it is about when the user typed that flag."""
    message = error.explain(text.lang())
    flag = _FLAGS.get(error.field) if isinstance(error, ConfigurationError) else None
    if flag is None or flag in message or getattr(args, flag[2:].replace("-", "_"), None) is None:
        return message
    return text.tr(text.ABOUT_FLAG, flag=flag, message=message)


def _complain(message: str) -> None:
    """One message on stderr, if there is a stderr to write to."""
    if sys.stderr is not None:
        try:
            sys.stderr.write(f"{PROG}: {message}\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass


def _drop_stdout() -> None:
    """Point stdout at the null device so the interpreter's final flush cannot fail again."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # replaced by a test harness: nothing to drop
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, descriptor)
    os.close(null)


def _drop_stdout_quietly() -> None:
    """After Ctrl-C: flush what is pending if the stream still takes it, else drop it."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        _drop_stdout()


if __name__ == "__main__":
    sys.exit(main())
