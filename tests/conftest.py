"""Shared test helpers and the Hypothesis profiles.

Import the helpers with ``from conftest import play_out, refuse, ...``: pytest
puts ``tests/`` on ``sys.path`` and registers this file as the module
``conftest``, so the import gets this same module.

Helpers, one per job (each uses only the public API):

* :func:`play_first` takes the first legal action ``n`` times;
  :func:`play_out` takes it until the round or match is over;
  :func:`finish_bidding` until a round's bidding is done;
  :func:`finish_round` until a match's current round is scored;
  :func:`first_card_tricks` says what each seat takes when the first legal
  card is always played (whatever the bids).
* :func:`play_random` takes seeded random legal actions.
* :func:`bid_in_turn` and :func:`play_in_turn` make the given bids or play
  the given cards, each by the seat to act.
* :func:`snapshot` records everything a state shows, and :func:`refuse`
  checks that an action is refused with the exact error and leaves the state
  as the snapshot saw it.

Hypothesis profiles (a failure under ``ci`` reproduces on every run):

* ``ci``: ``derandomize=True`` (the examples are fixed by each test's
  source, so CI tries the same cases every run and a red run stays red when
  re-run), ``print_blob=True`` (a failure prints the blob that
  ``@reproduce_failure`` replays), no example database (nothing written
  into the clone), no deadline (a busy CI machine is no reason to fail).
* ``dev``: Hypothesis's random search, with its example database, so each
  local run explores new cases and replays the last failure first
  (``print_blob=True`` too, and no deadline: a busy laptop is no reason to
  fail either; speed is measured in ``benchmarks/``).

``ci`` is loaded when the environment variable ``CI`` is set to anything
but ``""``, ``0`` or ``false`` (CI runs ``.ci/run`` with ``CI=true``), ``dev``
otherwise. ``HYPOTHESIS_PROFILE=ci`` or ``=dev`` overrides that choice, for
example to replay CI's cases locally.
"""

from __future__ import annotations

import enum
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import settings

from whist_ro import (
    Action,
    Bid,
    CardSet,
    IllegalActionError,
    Match,
    Phase,
    Play,
    PlayerView,
    Round,
    WhistError,
    locale,
)

__all__ = [
    "FirstLegal",
    "WebServer",
    "bid_in_turn",
    "finish_bidding",
    "finish_round",
    "first_card_tricks",
    "play_first",
    "play_in_turn",
    "play_out",
    "play_random",
    "profile_name",
    "reachable",
    "refuse",
    "snapshot",
]

# -- Hypothesis profiles ------------------------------------------------------------

# Both start from Hypothesis's own defaults: under CI Hypothesis loads a
# built-in "ci" profile of its own first, which must not leak into "dev".
_DEFAULT = settings.get_profile("default")
settings.register_profile(
    "ci", parent=_DEFAULT, derandomize=True, print_blob=True, database=None, deadline=None
)
settings.register_profile("dev", parent=_DEFAULT, print_blob=True, deadline=None)


def profile_name(environ: Mapping[str, str]) -> str:
    """The profile to load: ``HYPOTHESIS_PROFILE`` if set, else ``ci`` under CI, else ``dev``."""
    chosen = environ.get("HYPOTHESIS_PROFILE", "")
    if chosen:
        return chosen
    in_ci = environ.get("CI", "").strip().lower() not in {"", "0", "false"}
    return "ci" if in_ci else "dev"


settings.load_profile(profile_name(os.environ))

# -- the language ----------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts on an English machine: a developer's Romanian locale changes nothing.

    The command line speaks the language the environment asks for
    (``WHIST_RO_LANG``, ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``);
    the tests that check its English words must not depend on the machine.
    Variables naming another language are left alone (they mean English to
    whist-ro); the Romanian tests set their own.
    """
    for name in ("WHIST_RO_LANG", "LANGUAGE", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    for name in ("LC_ALL", "LANG"):
        if locale.language_of(os.environ.get(name, "")) == "ro":
            monkeypatch.setenv(name, "C.UTF-8")


# -- playing ------------------------------------------------------------------------

State = TypeVar("State", Round, Match)
"""A round or a match: both have ``legal_actions``, ``apply`` and ``is_over``."""

E = TypeVar("E", bound=WhistError)


def play_first(state: State, n: int) -> State:
    """Take the first legal action ``n`` times; the game must not end before."""
    for step in range(n):
        assert not state.is_over, f"over after {step} of {n} steps"
        state = state.apply(state.legal_actions()[0])
    return state


class FirstLegal:
    """An agent that always takes the first legal action: deterministic, instant, never fails."""

    def act(self, view: PlayerView) -> Action:
        return view.legal_actions[0]


def play_out(state: State) -> State:
    """Take the first legal action until the round or match is over."""
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


def play_random(state: State, *, seed: int, steps: int | None = None) -> State:
    """Take random legal actions from ``random.Random(seed)``.

    ``steps`` of them, or fewer if the game ends first; all the way to the
    end when ``steps`` is None.
    """
    rng = random.Random(seed)
    taken = 0
    while not state.is_over and (steps is None or taken < steps):
        state = state.apply(rng.choice(state.legal_actions()))
        taken += 1
    return state


def finish_bidding(r: Round) -> Round:
    """Make every remaining bid with the first legal one (the lowest allowed)."""
    while r.phase is Phase.BIDDING:
        r = r.apply(r.legal_actions()[0])
    return r


def finish_round(m: Match) -> Match:
    """Take the first legal action until the match's current round is scored."""
    index = len(m.rounds)
    while len(m.rounds) == index:
        assert not m.is_over, "the match is over: no round to finish"
        m = m.apply(m.legal_actions()[0])
    return m


def first_card_tricks(r: Round) -> tuple[int, ...]:
    """Tricks each seat takes when every bid and card is the first legal one.

    The legal cards never depend on the bids, so the round gives these tricks
    whatever is bid, as long as the cards are chosen the same way.
    """
    return play_out(finish_bidding(r)).tricks_won


def bid_in_turn(r: Round, *bids: int) -> Round:
    """Make ``bids`` in turn order, each by the seat to act."""
    for tricks in bids:
        seat = r.to_act
        assert seat is not None
        assert r.phase is Phase.BIDDING
        r = r.apply(Bid(seat=seat, tricks=tricks))
    return r


def play_in_turn(r: Round, *cards: str) -> Round:
    """Play ``cards`` (card text such as ``"10h"``) in turn order, each by the seat to act."""
    for card in cards:
        seat = r.to_act
        assert seat is not None
        r = r.apply(Play(seat=seat, card=card))
    return r


# -- refusals -----------------------------------------------------------------------

ROUND_FIELDS = (
    *("variant", "players", "dealer", "first_hand", "hand_size", "trump", "turn_up", "hands"),
    *("phase", "to_act", "is_over", "bids", "remaining", "tricks", "current_trick"),
    *("tricks_won", "actions", "points", "legal_actions()", "forbidden_bid()"),
)
"""What a round shows; a name ending in ``()`` is a method called without arguments."""

MATCH_FIELDS = (
    *("variant", "players", "seed", "first_dealer", "schedule", "to_act", "is_over"),
    *("totals", "streaks", "rounds", "round", "score_sheet", "games", "rubber"),
    *("conceded", "is_abandoned", "disconnected", "winners", "legal_actions()"),
)
"""What a match shows, besides its current round (snapshotted field by field)."""


def _shown(state: object, name: str) -> str:
    """``repr`` of one public field, or the error reading it raises (``points`` early)."""
    try:
        value = getattr(state, name.removesuffix("()"))
        if name.endswith("()"):
            value = value()
    except WhistError as err:
        return f"raises {type(err).__name__}: {err}"
    return repr(value)


def snapshot(state: object) -> tuple[tuple[str, str], ...]:
    """Everything ``state`` shows, as ``(field, repr)`` pairs.

    Strings, so the snapshot shares nothing with the state: a field that a
    later call changes in place, or rebinds, shows up as a difference. A
    :class:`~whist_ro.Match` is read with its current round's fields too;
    anything else is read as a round.
    """
    if isinstance(state, Match):
        own = tuple((name, _shown(state, name)) for name in MATCH_FIELDS)
        inner = tuple((f"round.{name}", shown) for name, shown in snapshot(state.round))
        return (("repr", repr(state)), *own, *inner)
    return (("repr", repr(state)), *((name, _shown(state, name)) for name in ROUND_FIELDS))


def refuse(state: State, action: Action, error: type[E], *, rule: str | None, says: str) -> E:
    """Apply ``action``: expect exactly ``error``, citing ``rule``, with ``says`` in its message.

    The state must be unchanged: everything it shows equals a snapshot taken
    before the call. An :class:`~whist_ro.IllegalActionError` must also name
    the action and its seat.
    """
    before = snapshot(state)
    with pytest.raises(error, match=re.escape(says)) as info:
        state.apply(action)
    err = info.value
    assert type(err) is error
    assert err.rule == rule
    if isinstance(err, IllegalActionError):
        assert err.seat == action.seat
        assert err.action == action
    assert snapshot(state) == before, "the refused action changed the state"
    return err


# -- walking everything a value reaches ------------------------------------------------


def reachable(root: object) -> Iterator[object]:
    """Every object reachable from ``root`` through slots, __dict__, attrs fields, containers."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, (str, bytes, int, float, type(None), enum.Enum, type)):
            continue
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
            continue
        if isinstance(obj, (tuple, list, set, frozenset)):
            stack.extend(obj)
            continue
        if callable(obj) and not hasattr(obj, "__slots__"):
            continue
        for cls in type(obj).__mro__:
            for name in cls.__dict__.get("__slots__", ()):
                if hasattr(obj, name):
                    stack.append(getattr(obj, name))
        stack.extend(getattr(obj, "__dict__", {}).values())
        if isinstance(obj, CardSet):
            stack.extend(obj)  # a mask's cards count as reached


# -- a web table server on a real socket -----------------------------------------------


class WebServer:
    """``whist-ro serve --port 0`` in a subprocess, on 127.0.0.1, with its SQLite file.

    ``kill()`` sends SIGKILL (the crash the database must survive); ``stop()``
    ends it politely.  Use it as a context manager so it never outlives a test.
    """

    def __init__(self, db: Path, *options: str) -> None:
        self.db = db
        self.options = options
        self.process: subprocess.Popen[str] | None = None
        self.port = 0
        self.output = ""  # what the server printed (its log), read once it has stopped
        self.start()

    def start(self) -> None:
        command = [sys.executable, "-m", "whist_ro", "serve", "--port", str(self.port)]
        command += ["--db", str(self.db), "--bot-delay", "0", *self.options]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        assert self.process.stdout is not None
        while True:  # what it logs while reading its tables comes before the address
            line = self.process.stdout.readline()
            match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if match is not None:
                break
            self.output += line
            if not line:
                self.process.kill()
                self.process.wait(timeout=10)
                raise AssertionError(f"whist-ro serve did not start: {self.output}")
        self.port = int(match.group(1))  # a restart keeps the port, as a real server would
        deadline = time.monotonic() + 20
        import urllib.request  # noqa: PLC0415

        while True:  # until the app has opened its tables
            try:
                with urllib.request.urlopen(f"{self.url}/api/tables", timeout=5):
                    return
            except OSError:
                if time.monotonic() > deadline:
                    # The caller gets no server to stop (a failing __init__ never enters the
                    # with block): stop it here, so no test leaves a server running.
                    self.stop()
                    raise
                time.sleep(0.05)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        if self.process.stdout is not None and not self.process.stdout.closed:
            self.output += self.process.stdout.read()
            self.process.stdout.close()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if self.process is not None and self.process.stdout and not self.process.stdout.closed:
            self.output += self.process.stdout.read()
            self.process.stdout.close()

    def __enter__(self) -> WebServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
