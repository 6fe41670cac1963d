"""Shared helpers for the benchmark scripts: timing, statistics, reporting.

Nothing here is part of the package.  The scripts import this module as
``_common`` (they run as ``python benchmarks/NAME.py``, which puts this folder
on ``sys.path``).  OpenSpiel is optional and only ever imported through
:func:`load_pyspiel`.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import Any

import whist_ro
from whist_ro import Round, Variant
from whist_ro.actions import Action

#: A workload runs ``count`` units of work from ``seed`` and returns the
#: seconds spent in the timed part (setup outside the timed part is free).
Workload = Callable[[int, int], float]
Step = Callable[[Round, Action], Round]

#: Names a fast, unchecked apply path on ``Round`` might have, best first.
FAST_APPLY_NAMES: tuple[str, ...] = (
    "apply_legal",
    "apply_unchecked",
    "apply_trusted",
    "apply_fast",
    "unchecked_apply",
)

JSON_PREFIX = "JSON: "
OPENSPIEL_GAME = "oh_hell"


@dataclass(frozen=True)
class Stats:
    """Median and range of a sample of measurements."""

    median: float
    low: float
    high: float
    samples: tuple[float, ...]

    @classmethod
    def of(cls, samples: Sequence[float]) -> Stats:
        if not samples:
            raise ValueError("no samples")
        return cls(statistics.median(samples), min(samples), max(samples), tuple(samples))

    def as_dict(self, digits: int = 1) -> dict[str, object]:
        return {
            "median": round(self.median, digits),
            "min": round(self.low, digits),
            "max": round(self.high, digits),
            "samples": [round(s, digits) for s in self.samples],
        }


def positive_int(text: str) -> int:
    """An ``argparse`` type: a whole number >= 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, not {value}")
    return value


def add_common_args(parser: argparse.ArgumentParser, *, reps: int, seed: int = 1) -> None:
    """``--reps``, ``--seed`` and ``--no-json`` for every script."""
    parser.add_argument(
        "--reps", type=positive_int, default=reps, help=f"timed repetitions (default {reps})"
    )
    parser.add_argument("--seed", type=int, default=seed, help=f"base seed (default {seed})")
    parser.add_argument(
        "--no-json", action="store_true", help="do not print the machine-readable JSON line"
    )


def alternate(
    workloads: Mapping[str, Workload], *, count: int, reps: int, seed: int, warmup: int
) -> dict[str, list[float]]:
    """Time every workload ``reps`` times, interleaved, and return seconds per rep.

    Repetition ``i`` runs each workload once with seed ``seed + i``; the order
    rotates every repetition (A B, B A, ...) so slow drifts of a shared,
    noisy machine hit every side alike.  Each workload first runs ``warmup``
    untimed units to fill caches.  A full garbage collection precedes each
    timed run so one side does not pay for the other's garbage.
    """
    names = list(workloads)
    if warmup:
        for name in names:
            workloads[name](warmup, seed - 1)
    times: dict[str, list[float]] = {name: [] for name in names}
    for rep in range(reps):
        shift = rep % len(names)
        for name in names[shift:] + names[:shift]:
            gc.collect()
            times[name].append(workloads[name](count, seed + rep))
    return times


def rates(count: int, seconds: Sequence[float]) -> list[float]:
    """Units per second for each timed repetition."""
    return [count / s for s in seconds]


def paired_ratios(a: Sequence[float], b: Sequence[float]) -> list[float]:
    """Ratio of each repetition's ``a`` to the same repetition's ``b``."""
    return [x / y for x, y in zip(a, b, strict=True)]


def fmt_rate(value: float) -> str:
    """A rate with thousands separators, or 3 significant digits below 100."""
    return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"


def print_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A plain text table: first column left-aligned, the rest right-aligned."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        parts = [
            str(c).ljust(w) if i == 0 else str(c).rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    print(line(headers))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(line(row))


def environment(pyspiel: ModuleType | None = None) -> dict[str, object]:
    """What a reader needs to compare two runs."""
    env: dict[str, object] = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "system": platform.system(),
        "cpus": os.cpu_count(),
        "whist_ro": whist_ro.__version__,
        "git": _git_revision(),
    }
    if pyspiel is not None:
        env["open_spiel"] = _distribution_version("open_spiel")
    return env


def _distribution_version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def _git(*args: str) -> str:
    root = Path(__file__).resolve().parent.parent
    return subprocess.run(
        ["git", *args], cwd=root, capture_output=True, text=True, check=True, timeout=10
    ).stdout.strip()


def _git_revision() -> str | None:
    try:
        head = _git("rev-parse", "--short", "HEAD")
        dirty = _git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return None
    return f"{head}-dirty" if dirty else head


def print_header(title: str) -> None:
    print(f"== {title} ==")
    print(
        f"python {platform.python_version()} ({platform.python_implementation()}), "
        f"whist-ro {whist_ro.__version__}, {os.cpu_count()} cpus, "
        f"git {_git_revision() or 'unknown'}"
    )


def emit_json(enabled: bool, payload: Mapping[str, object]) -> None:
    """One machine-readable line, prefixed with ``JSON: ``."""
    if enabled:
        print(JSON_PREFIX + json.dumps(payload, sort_keys=True))


def load_pyspiel() -> ModuleType | None:
    """OpenSpiel's Python module, or None with a printed note when it is absent."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        print(
            "note: OpenSpiel (module pyspiel) is not installed; skipping the OpenSpiel "
            "comparison. Install it with `pip install open-spiel` to compare."
        )
        return None


def load_oh_hell(pyspiel: ModuleType, *, players: int, tricks: int) -> Any:
    """OpenSpiel's ``oh_hell`` with a 32-card deck (4 suits of 8) and a fixed hand size."""
    return pyspiel.load_game(
        OPENSPIEL_GAME,
        {
            "players": players,
            "num_suits": 4,
            "num_cards_per_suit": 8,
            "num_tricks_fixed": tricks,
            "off_bid_penalty": True,
        },
    )


def random_openspiel_hands(game: Any, hands: int, seed: int) -> tuple[float, int]:
    """``hands`` hands of the OpenSpiel ``game`` driven from Python: (seconds, steps taken).

    Chance nodes take ``rng.choice(state.chance_outcomes())`` (uniform, as every
    deal outcome is), players ``rng.choice(state.legal_actions())``; a step is
    one ``apply_action``, chance nodes included.
    """
    rng = random.Random(seed)
    choice = rng.choice
    new_state = game.new_initial_state
    steps = 0
    start = clock()
    for _ in range(hands):
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
            steps += 1
    return clock() - start, steps


def cpp_random_hands(pyspiel: ModuleType, game: Any, hands: int, seed: int) -> float:
    """``hands`` hands of ``game`` run wholly in C++ (``pyspiel.evaluate_bots``, random bots)."""
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]
    evaluate = pyspiel.evaluate_bots
    new_state = game.new_initial_state
    start = clock()
    for i in range(hands):
        evaluate(new_state(), bots, seed * 1_000_003 + i)
    return clock() - start


def find_fast_apply(requested: str | None = None) -> str | None:
    """The name of an unchecked apply method on ``Round``, if the package has one."""
    names = (requested,) if requested else FAST_APPLY_NAMES
    for name in names:
        if callable(getattr(Round, name, None)):
            return name
    if requested:
        print(f"note: Round has no method {requested!r}; skipping the fast-path row")
    return None


def clock() -> float:
    """The timer every script uses."""
    return time.perf_counter()


def rss_peak_bytes() -> int:
    """Peak resident set size of this process so far, in bytes."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak if sys.platform == "darwin" else peak * 1024)


def rss_current_bytes() -> int | None:
    """Current resident set size in bytes (Linux only), or None."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


def mib(n: float) -> str:
    return f"{n / 2**20:.1f} MiB"


def round_playouts(
    variant: Variant, *, players: int, hand_size: int, step: Step = Round.apply
) -> Workload:
    """Random single-round playouts: a seeded ``Round.shuffled``, then uniformly
    random legal actions applied with ``step`` until the round is over."""

    def run(hands: int, seed: int) -> float:
        rng = random.Random(seed)
        choice = rng.choice
        deal = getattr(Round, "shuffled", None) or Round.deal  # type: ignore[attr-defined]
        start = clock()
        for i in range(hands):
            state = deal(
                variant, players=players, dealer=i % players, hand_size=hand_size, seed=rng
            )
            while True:
                actions = state.legal_actions()
                if not actions:
                    break
                state = step(state, choice(actions))
        return clock() - start

    return run
