"""The engine commands of ``whist-ro``: ``engine``, ``match`` and ``engine-test``.

``whist-ro engine NAME`` serves a built-in bot over the engine protocol
(:func:`whist_ro.remote.serve`), so ``whist-ro engine rule`` is an engine
any table can seat.

>>> from whist_ro.remote import Option
>>> [option.name for option in engine_options("search", {})][:3]
['samples', 'rollouts', 'ms']
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import Any, Final

from whist_ro import sim
from whist_ro._check import excerpt
from whist_ro.bots import search_bot
from whist_ro.cli import status, text
from whist_ro.cli.options import whole_option
from whist_ro.cli.play import BOTS, bot_class
from whist_ro.errors import ConfigurationError
from whist_ro.remote import Option, serve

__all__ = ["add_engine_commands", "engine", "engine_options"]

Command = Callable[[argparse.Namespace], int]
Adder = Callable[..., argparse.ArgumentParser]

# SearchBot's settings: (option type, its default, its bounds or choices).
_SEARCH_DEFAULTS: Final[dict[str, Any]] = {
    "samples": 24,
    "rollouts": 1,
    "ms": None,
    "policy": "greedy",
    "solve": 2,
    "spite": 0.5,
}


def engine_options(bot: str, given: Mapping[str, object]) -> tuple[Option, ...]:
    """The options the engine of ``bot`` declares, their defaults taken from ``given``.

    Only the search bot has options: SearchBot's budget (``samples``,
    ``rollouts``, ``ms``), its ``policy``, ``solve`` and ``spite``.
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
            name="solve",
            type="int",
            default=values["solve"],
            min=0,
            max=search_bot._MAX_SOLVE,
            help="tricks left at which the rest is solved exactly",
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
        raise argparse.ArgumentTypeError(text.ENGINE_SPITE_RANGE.format(value=excerpt(value)))
    return number


def _ms(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not 0 < number <= 60_000:
        raise argparse.ArgumentTypeError(
            f"expected milliseconds above 0, at most 60000, not {value!r}"
        )
    return number


def engine(args: argparse.Namespace) -> int:
    """``whist-ro engine NAME``: serve a built-in bot over the protocol until ``quit``."""
    given = {name: getattr(args, name) for name in _SEARCH_DEFAULTS}
    set_flags = [f"--{name}" for name, value in given.items() if value is not None]
    if args.bot != "search" and set_flags:
        raise ConfigurationError(
            text.ENGINE_SEARCH_ONLY.format(flags=", ".join(set_flags)), field="bots"
        )
    factory = bot_class(args.bot)
    serve(factory, name=args.bot, options=engine_options(args.bot, given))
    return status.OK


def add_engine_commands(subcommands: Any, add: Adder) -> None:
    """Register ``engine`` with the ``whist-ro`` parser (``add`` is its subcommand maker)."""
    parser = add(
        subcommands,
        "engine",
        engine,
        takes=frozenset(),
        help_text=text.ENGINE_HELP,
        description=text.ENGINE_DESCRIPTION,
    )
    parser.add_argument(
        "bot", choices=BOTS, metavar="NAME", help=text.ENGINE_BOT_HELP.format(bots=", ".join(BOTS))
    )
    search = _SEARCH_DEFAULTS
    parser.add_argument(
        "--samples",
        type=whole_option(low=1, high=search_bot._MAX_SAMPLES),
        default=None,
        metavar="N",
        help=text.ENGINE_SAMPLES_HELP.format(default=search["samples"]),
    )
    parser.add_argument(
        "--rollouts",
        type=whole_option(low=1, high=search_bot._MAX_ROLLOUTS),
        default=None,
        metavar="N",
        help=text.ENGINE_ROLLOUTS_HELP.format(default=search["rollouts"]),
    )
    parser.add_argument("--ms", type=_ms, default=None, metavar="MS", help=text.ENGINE_MS_HELP)
    parser.add_argument(
        "--policy",
        choices=sim.POLICIES,
        default=None,
        help=text.ENGINE_POLICY_HELP.format(default=search["policy"]),
    )
    parser.add_argument(
        "--solve",
        type=whole_option(low=0, high=search_bot._MAX_SOLVE),
        default=None,
        metavar="N",
        help=text.ENGINE_SOLVE_HELP.format(default=search["solve"]),
    )
    parser.add_argument(
        "--spite",
        type=_spite,
        default=None,
        metavar="X",
        help=text.ENGINE_SPITE_HELP.format(default=search["spite"]),
    )
