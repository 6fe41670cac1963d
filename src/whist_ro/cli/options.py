"""The options of the ``whist-ro`` command: the shared ones, and the checked number types.

The *shared* options (``--variant``, ``--players``, ``--seed``, ``--names``,
``--ascii``, ``--wide``)
may stand before the command or after it, with the same meaning:
``whist-ro --players 3 simulate`` and ``whist-ro simulate --players 3`` are
the same run.  The top-level parser stores what stands before the command
under ``before_<name>``; :func:`merge_shared` then joins the two, refusing
an option the command does not take and one given twice with two values, so
that no option a user typed is ever dropped.

Every number an option takes is checked by argparse itself, against bounds
that fit the option (:func:`whole_option`), so a bad value is refused as
``argument --matches: ...`` naming the flag the user typed.

>>> parser = argparse.ArgumentParser(prog="demo")
>>> add_shared_options(parser, SHARED, before=True)
>>> args = parser.parse_args(["--players", "5"])
>>> args.command_name, args.takes = "", SHARED
>>> merge_shared(args, parser)
>>> args.players, args.variant, args.seed
(5, None, None)
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterable
from typing import Any, Final

from whist_ro import locale, variants
from whist_ro._check import MAX_WORKERS, excerpt
from whist_ro._check import names as check_names
from whist_ro.cli import text
from whist_ro.errors import WhistError
from whist_ro.schedule import check_players

__all__ = [
    "DEFAULT_PLAYERS",
    "DEFAULT_SEED",
    "SHARED",
    "add_deal_options",
    "add_fallback_option",
    "add_shared_options",
    "add_workers_options",
    "merge_shared",
    "names_of",
    "names_option",
    "players_of",
    "presets_epilog",
    "seed_of",
    "variant_of",
    "variant_option",
    "whole_option",
]

DEFAULT_PLAYERS: Final = 4
DEFAULT_SEED: Final = 7
"""The seed of every command but ``play`` when ``--seed`` is left out: the same run each time."""

SHARED: Final = frozenset({"variant", "players", "seed", "ascii", "wide", "names", "lang"})
"""The options that may stand before the command or after it."""

_INTEGER: Final = re.compile(r"-?[0-9]+")
_MAX_DIGITS: Final = 30  # more digits than any count or seed the library takes


def _presets() -> tuple[str, ...]:
    """The preset names, each once, in registry order (aliases left out)."""
    return tuple(dict.fromkeys(variants.get(name).name for name in variants.names()))


def variant_option(value: str) -> variants.Variant:
    """``--variant``: a preset name or alias; an unknown name lists the presets.

    >>> variant_option("8-1-8").name
    'inverted'
    """
    try:
        return variants.get(value)
    except WhistError:
        # variants.get lists every alias; on the command line the presets are the answer.
        raise argparse.ArgumentTypeError(
            text.tr(text.UNKNOWN_VARIANT, name=excerpt(value), presets=", ".join(_presets()))
        ) from None


def _seed(value: str) -> int | str:
    """``--seed``: digits are an int seed (as in the library), anything else a str seed."""
    if _INTEGER.fullmatch(value) is None:
        return value
    if len(value.lstrip("-")) > _MAX_DIGITS:
        raise argparse.ArgumentTypeError(text.tr(text.SEED_TOO_LONG, value=excerpt(value)))
    return int(value)


def names_option(value: str) -> tuple[str, ...]:
    """``--names``: the players' names, comma-separated, in seat order (checked per match).

    >>> names_option("Ana, Bogdan ,Cici")
    ('Ana', 'Bogdan', 'Cici')
    """
    return tuple(name.strip() for name in value.split(","))


def whole_option(*, low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number, from ``low`` to ``high`` when they are given.

    The number is read before anything is allocated for it, so
    ``--players 1000000000`` is refused in a moment, never after a gigabyte.

    >>> matches = whole_option(low=1, high=1000)
    >>> matches("20")
    20
    >>> matches("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a whole number from 1 to 1,000, not 0
    """

    def read(value: str) -> int:
        number: int | None = None
        if _INTEGER.fullmatch(value) is not None and len(value.lstrip("-")) <= _MAX_DIGITS:
            number = int(value)
        fits = number is not None and (low is None or number >= low)
        fits = fits and (high is None or number <= high)  # type: ignore[operator]
        if fits:
            assert number is not None
            return number
        shown = excerpt(value) if number is None else str(number)
        if low is not None and high is not None:
            message = text.tr(text.WHOLE_BETWEEN, low=low, high=high, value=shown)
        elif low is not None:
            message = text.tr(text.WHOLE_AT_LEAST, low=low, value=shown)
        else:
            message = text.tr(text.WHOLE_NUMBER, value=shown)
        raise argparse.ArgumentTypeError(message)

    read.__name__ = "whole number"  # argparse names the type in some messages
    return read


_SHARED_SPECS: Final[dict[str, dict[str, Any]]] = {
    "variant": {"type": variant_option, "metavar": "NAME", "help": text.HELP_VARIANT},
    "players": {"type": whole_option(), "metavar": "N", "help": text.HELP_PLAYERS},
    "seed": {"type": _seed, "metavar": "SEED", "help": text.HELP_SEED},
    "ascii": {"action": "store_true", "help": text.HELP_ASCII},
    "wide": {"action": "store_true", "help": text.HELP_WIDE},
    "names": {
        "type": names_option,
        "metavar": "A,B,...",
        "help": text.HELP_NAMES,
    },
    "lang": {"choices": locale.LANGUAGES, "metavar": "LANG", "help": text.HELP_LANG},
}
_ORDER: Final = ("variant", "players", "seed", "names", "ascii", "wide", "lang")


def add_shared_options(
    parser: argparse.ArgumentParser,
    names: Iterable[str],
    *,
    before: bool = False,
    refused: Iterable[str] = (),
) -> None:
    """Add the shared options ``names`` (some of :data:`SHARED`) to ``parser``.

    ``before=True`` is for the top-level parser: the values go to
    ``before_<name>``, for :func:`merge_shared`.  Every default is None,
    meaning "not given"; the command picks its own default.

    ``refused`` are shared options a command does not take: they are read
    all the same (as text, left out of ``--help``), so that
    :func:`merge_shared` refuses one typed after the command exactly as it
    refuses one typed before it, instead of argparse taking its value for a
    positional argument.

    >>> parser = argparse.ArgumentParser()
    >>> add_shared_options(parser, ["seed"], refused=["players"])
    >>> args = parser.parse_args(["--seed", "x", "--players", "3"])
    >>> args.seed, args.players
    ('x', '3')
    """
    for name in sorted(names, key=_ORDER.index):
        # Every default is None, "not given" (for --ascii too: None or True), so that
        # merge_shared can tell a typed value from a default.
        spec = {**_SHARED_SPECS[name], "default": None}
        spec["help"] = text.tr(spec["help"])  # in the language the command speaks
        parser.add_argument(f"--{name}", dest=f"before_{name}" if before else name, **spec)
    for name in sorted(refused, key=_ORDER.index):
        flag = _SHARED_SPECS[name].get("action") == "store_true"
        kept = {"action": "store_true"} if flag else {"metavar": _SHARED_SPECS[name]["metavar"]}
        parser.add_argument(f"--{name}", default=None, help=argparse.SUPPRESS, **kept)


def merge_shared(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Join the shared options given before the command with those given after it.

    ``args.command_name`` names the command (``""`` with none) and
    ``args.takes`` the shared options it takes.  An option given before a
    command that does not take it, or given on both sides with two
    different values, is refused through ``parser.error`` (exit status 2):
    a typed option is never silently dropped.

    >>> parser = argparse.ArgumentParser(prog="whist-ro")
    >>> add_shared_options(parser, SHARED, before=True)
    >>> args = argparse.Namespace(before_seed=3, seed=5, command_name="perft", takes=SHARED)
    >>> args.before_variant = args.before_players = args.before_ascii = None
    >>> args.before_wide = args.before_names = None
    >>> try:
    ...     merge_shared(args, parser)
    ... except SystemExit as stop:
    ...     print(stop.code)
    2
    """
    for name in sorted(SHARED):
        before = vars(args).pop(f"before_{name}", None)
        after = getattr(args, name, None)
        command = args.command_name or "whist-ro"
        if name not in args.takes and (before is not None or after is not None):
            # The same answer on either side of the command (add_shared_options' refused).
            parser.error(text.tr(text.OPTION_NOT_TAKEN, option=f"--{name}", command=command))
        if before is None:
            setattr(args, name, after)
            continue
        if after is not None and after != before:
            parser.error(
                text.tr(
                    text.OPTION_TWICE,
                    option=f"--{name}",
                    before=_shown(before),
                    after=_shown(after),
                )
            )
        setattr(args, name, before)


def _shown(value: object) -> str:
    return value.name if isinstance(value, variants.Variant) else excerpt(value)


def variant_of(args: argparse.Namespace) -> variants.Variant:
    """``--variant`` as given, or the Romanian preset when it was left out.

    >>> variant_of(argparse.Namespace(variant=None)).name
    'romanian'
    """
    chosen: variants.Variant = variants.ROMANIAN if args.variant is None else args.variant
    return chosen


def players_of(args: argparse.Namespace) -> int:
    """``--players`` as given, or :data:`DEFAULT_PLAYERS`, checked against the variant.

    The check comes before anything is built for the players, so an absurd
    count is refused at once (R-DECK-2, R-DECK-3).

    >>> players_of(argparse.Namespace(players=None, variant=None))
    4
    >>> players_of(argparse.Namespace(players=9, variant=None))
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: romanian is played by 3 to 6 players, not 9 ...
    """
    players: int = DEFAULT_PLAYERS if args.players is None else args.players
    check_players(variant_of(args), players)
    return players


def names_of(args: argparse.Namespace, players: int) -> tuple[str, ...] | None:
    """``--names`` checked for ``players`` seats, or None when it was left out.

    >>> names_of(argparse.Namespace(names=("Ana", "Bo", "Cici")), 3)
    ('Ana', 'Bo', 'Cici')
    >>> names_of(argparse.Namespace(names=("Ana", "Bo")), 3)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: names must hold one name per seat (3), not 2
    """
    if args.names is None:
        return None
    return check_names(args.names, players=players)


def seed_of(args: argparse.Namespace) -> int | str:
    """``--seed`` as given, or :data:`DEFAULT_SEED`.

    >>> seed_of(argparse.Namespace(seed=None)), seed_of(argparse.Namespace(seed="x"))
    (7, 'x')
    """
    seed: int | str = DEFAULT_SEED if args.seed is None else args.seed
    return seed


def add_deal_options(parser: argparse.ArgumentParser, *, hand_size_default: str) -> None:
    """``--hand-size`` and ``--dealer``, for the commands that deal one round.

    ``hand_size_default`` says which size of the schedule is used when none
    is given.

    >>> parser = argparse.ArgumentParser()
    >>> add_deal_options(parser, hand_size_default="the first round of the schedule")
    >>> parser.parse_args(["--dealer", "2"])
    Namespace(hand_size=None, dealer=2)
    """
    parser.add_argument(
        "--hand-size",
        type=whole_option(low=1, high=13),
        default=None,
        metavar="N",
        help=text.tr(text.HELP_HAND_SIZE, default=hand_size_default),
    )
    parser.add_argument(
        "--dealer",
        type=whole_option(low=0),
        default=0,
        metavar="SEAT",
        help=text.tr(text.HELP_DEALER),
    )


def add_workers_options(parser: argparse.ArgumentParser, *, workers_help: str) -> None:
    """``--workers`` (0 to :data:`~whist_ro._check.MAX_WORKERS`) and ``--progress``.

    >>> parser = argparse.ArgumentParser()
    >>> add_workers_options(parser, workers_help="processes to use; default 1")
    >>> parser.parse_args(["--workers", "2", "--progress"])
    Namespace(workers=2, progress=True)
    """
    parser.add_argument(
        "--workers",
        type=whole_option(low=0, high=MAX_WORKERS),
        default=1,
        metavar="N",
        help=workers_help + text.tr(text.HELP_WORKERS_CAP, cap=MAX_WORKERS),
    )
    parser.add_argument("--progress", action="store_true", help=text.tr(text.HELP_PROGRESS))


def add_fallback_option(parser: argparse.ArgumentParser, *, bots: Iterable[str]) -> None:
    """``--fallback BOT``: the bot that plays a seat taken over (R-SEAT-1); default random.

    >>> parser = argparse.ArgumentParser()
    >>> add_fallback_option(parser, bots=["random", "rule"])
    >>> parser.parse_args([]).fallback, parser.parse_args(["--fallback", "rule"]).fallback
    ('random', 'rule')
    """
    names = tuple(bots)
    parser.add_argument(
        "--fallback",
        choices=names,
        default="random",
        metavar="BOT",
        help=text.tr(text.HELP_FALLBACK, bots=", ".join(names)),
    )


def presets_epilog() -> str:
    """The presets and their aliases, one a line (kept whole: help text wraps at hyphens).

    >>> print(presets_epilog().splitlines()[0])
    variant presets:
    """
    aliases: dict[str, list[str]] = {preset: [] for preset in _presets()}
    for name in variants.names():
        preset = variants.get(name).name
        if name != preset:
            aliases[preset].append(name)
    width = max(map(len, aliases))
    lines = [
        f"  {preset:<{width}}  " + text.tr(text.ALSO, aliases=", ".join(others))
        if others
        else f"  {preset}"
        for preset, others in aliases.items()
    ]
    return text.tr(text.PRESETS_HEAD) + "\n" + "\n".join(lines)
