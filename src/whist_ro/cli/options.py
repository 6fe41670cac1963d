"""Options shared by the ``whist-ro`` subcommands: variant, players, seed."""

from __future__ import annotations

import argparse
import re
from typing import Final

from whist_ro import variants
from whist_ro._check import excerpt
from whist_ro.errors import WhistError

__all__ = [
    "DEFAULT_PLAYERS",
    "add_deal_options",
    "add_match_options",
    "add_workers_options",
    "players_of",
    "players_option",
    "presets_epilog",
    "variant_option",
]

DEFAULT_PLAYERS: Final = 4
_INTEGER: Final = re.compile(r"-?[0-9]+")


def _presets() -> tuple[str, ...]:
    """The preset names, each once, in registry order (aliases left out)."""
    return tuple(dict.fromkeys(variants.get(name).name for name in variants.names()))


def variant_option(text: str) -> variants.Variant:
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


def players_option(text: str) -> int:
    """``--players``: a whole number; its range depends on the variant, so the library checks it."""
    try:
        if _INTEGER.fullmatch(text) is not None:
            return int(text)
    except ValueError:  # more digits than Python converts: refused below like any other text
        pass
    raise argparse.ArgumentTypeError(f"expected a whole number, not {excerpt(text)}")


def add_match_options(parser: argparse.ArgumentParser) -> None:
    """The options that pick a match; a later ``play`` or ``simulate`` subcommand reuses them."""
    parser.add_argument(
        "--variant",
        type=variant_option,
        default=variants.ROMANIAN,
        metavar="NAME",
        help="a preset or one of its aliases (listed below); default romanian",
    )
    parser.add_argument(
        "--players",
        type=players_option,
        default=None,
        metavar="N",
        help=f"3 to 6 for the exact-bid presets, 4 for classic; default {DEFAULT_PLAYERS}",
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        default=7,
        help="seed for the deals and the bots' moves: a number or a word; default 7",
    )


def players_of(args: argparse.Namespace) -> int:
    """``--players`` as given, or :data:`DEFAULT_PLAYERS` when it was left out.

    >>> players_of(argparse.Namespace(players=None)), players_of(argparse.Namespace(players=5))
    (4, 5)
    """
    players: int = DEFAULT_PLAYERS if args.players is None else args.players
    return players


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
        type=players_option,
        default=None,
        metavar="N",
        help=f"cards per hand; default {hand_size_default}",
    )
    parser.add_argument(
        "--dealer",
        type=players_option,
        default=0,
        metavar="SEAT",
        help="the dealing seat; default 0",
    )


def add_workers_options(parser: argparse.ArgumentParser, *, workers_help: str) -> None:
    """``--workers`` and ``--progress``, for the commands that run in bulk.

    >>> parser = argparse.ArgumentParser()
    >>> add_workers_options(parser, workers_help="processes to use; default 1")
    >>> parser.parse_args(["--workers", "2", "--progress"])
    Namespace(workers=2, progress=True)
    """
    parser.add_argument("--workers", type=players_option, default=1, metavar="N", help=workers_help)
    parser.add_argument("--progress", action="store_true", help="draw a progress bar on stderr")


def presets_epilog() -> str:
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
