"""``whist-ro play``: one person against bots at the terminal.

The person's seat sees only its player view (its hand sorted by suit with
the trump marked, the bids, the trick on the table); the bots see only
theirs.  Only legal bids are offered, so the dealer never sees the number
the hook forbids; a card the rules refuse is answered with the rule and the
reason, and the question is asked again.  The match record is written when
the game ends, also when it is stopped with Ctrl-C, ``quit`` or the end of
the input.

>>> import io
>>> from whist_ro import variants
>>> answers = iter(["sheet", "5", "0", "quit"])
>>> out = io.StringIO()
>>> game = TerminalGame(variants.ROMANIAN, players=3, seed=1, seat=0, bots="random",
...                     ask=lambda prompt: next(answers), write=out.write)
>>> m = game.run()
>>> game.stopped, m.round.bids[0]
(True, 0)
>>> print(out.getvalue().split("refused: ")[1].splitlines()[0])
seat 0 cannot bid 5: bids run from 0 to the hand size 1 (R-BID-3)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Final

from whist_ro import bots as bot_package
from whist_ro import records
from whist_ro._check import excerpt
from whist_ro._check import seat as check_seat
from whist_ro.actions import Action, Bid, Play
from whist_ro.cards import Card
from whist_ro.cli.options import players_of
from whist_ro.engine.match import Match
from whist_ro.engine.step import Step
from whist_ro.errors import CardParseError, ConfigurationError, IllegalActionError
from whist_ro.variants import Variant
from whist_ro.views import PlayerView

__all__ = ["BOTS", "TerminalGame", "bot_class", "make_bot", "play"]

BOTS: Final = ("random", "lowrisk", "rule", "search")
"""The bot names the command line knows, weakest first."""

_CLASSES: Final = {
    "random": "RandomBot",
    "lowrisk": "LowRiskBot",
    "rule": "RuleBot",
    "search": "SearchBot",
}

_HELP: Final = """\
  a number        your bid, when bidding (only the offered bids are legal)
  a card          e.g. Ah, 10c, Td, K♠: the card to play
  card            your only card, in a blind 1-card round you cannot see
  sheet           the score sheet so far
  help, ?         this list
  quit            stop here (the record is still written)"""


class _QuitError(Exception):
    """The person asked to stop."""


def bot_class(name: str) -> type:
    """The class of :mod:`whist_ro.bots` a command-line bot name stands for.

    >>> bot_class("random").__name__
    'RandomBot'
    """
    cls_name = _CLASSES.get(name)
    cls = getattr(bot_package, cls_name, None) if cls_name else None
    if cls is None:
        raise ConfigurationError(
            f"unknown bot {excerpt(name)}; bots: {', '.join(BOTS)}", field="bots"
        )
    found: type = cls
    return found


def make_bot(name: str, *, seed: int | str) -> object:
    """A seeded bot of :mod:`whist_ro.bots` by its command-line name.

    >>> type(make_bot("random", seed=1)).__name__
    'RandomBot'
    >>> make_bot("genius", seed=1)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: unknown bot 'genius'; bots: random, lowrisk, rule, search
    """
    bot: object = bot_class(name)(seed=seed)
    return bot


class TerminalGame:
    """A match with a person at ``seat`` and bots (of kind ``bots``) at the other seats.

    ``ask`` reads one answer (default :func:`input`), ``write`` prints
    (default: standard output); tests pass their own.  :meth:`run` plays to
    the end, or until the person stops, and returns the match as it stands.
    """

    def __init__(
        self,
        variant: Variant,
        *,
        players: int,
        seed: int | str,
        seat: int = 0,
        bots: str = "rule",
        ask: Callable[[str], str] = input,
        write: Callable[[str], object] | None = None,
    ) -> None:
        self.match = Match.new(variant, players=players, seed=seed)
        self.seat = check_seat(seat, players=players, name="--seat")
        self.bots = {s: make_bot(bots, seed=f"{seed}:bot:{s}") for s in range(players) if s != seat}
        self._ask = ask
        self._write = write if write is not None else sys.stdout.write
        self.stopped = False

    def say(self, text: str = "") -> None:
        """Print one line."""
        self._write(text + "\n")

    def name(self, seat: int) -> str:
        """How the game calls a seat: "you" for the person."""
        return "you" if seat == self.seat else f"seat {seat}"

    def run(self) -> Match:
        """Play until the match is over or the person stops; the match as it stands."""
        try:
            while not self.match.is_over:
                seat = self.match.to_act
                assert seat is not None
                if seat == self.seat:
                    self.match = self._person_acts(self.match)
                else:
                    self.match = self._bot_acts(self.match, seat)
                step = self.match.last_step
                assert step is not None
                self._announce(step)
        except (_QuitError, EOFError, KeyboardInterrupt):
            self.stopped = True
            self.say()
            self.say("stopped.")
        return self.match

    # -- turns ---------------------------------------------------------------------

    def _bot_acts(self, m: Match, seat: int) -> Match:
        bot = self.bots[seat]
        action = bot.act(m.view(seat))  # type: ignore[attr-defined]
        return m.apply(action)

    def _person_acts(self, m: Match) -> Match:
        view = m.view(self.seat)
        self.say()
        self.say(str(view))
        while True:
            answer = self._ask(self._prompt(view)).strip()
            if answer in ("", "help", "?"):
                self.say(_HELP)
                continue
            if answer == "quit":
                raise _QuitError
            if answer == "sheet":
                self.say(str(m.score_sheet) if len(m.rounds) else "no round is finished yet.")
                continue
            action = self._read_action(view, answer)
            if action is None:
                continue
            try:
                return m.apply(action)
            except IllegalActionError as error:
                # The rule and the evidence, then the question again.
                self.say(f"refused: {error}")

    def _prompt(self, view: PlayerView) -> str:
        bids = [a.tricks for a in view.legal_actions if isinstance(a, Bid)]
        if bids:
            return f"your bid ({', '.join(map(str, bids))}): "
        return "your card: "

    def _read_action(self, view: PlayerView, answer: str) -> Action | None:
        if any(isinstance(a, Bid) for a in view.legal_actions):
            if answer.isdecimal() and len(answer) < 4:  # isdigit() also passes "²", int() not
                return Bid(seat=self.seat, tricks=int(answer))
            self.say(f"a bid is a number: one of the offered bids, not {excerpt(answer)}")
            return None
        if answer == "card":
            return Play(seat=self.seat, card=None)
        try:
            return Play(seat=self.seat, card=Card.parse(answer))
        except CardParseError as error:
            self.say(f"not a card: {error}")
            return None

    # -- what happened ------------------------------------------------------------

    def _announce(self, step: Step) -> None:
        action = step.action
        who = self.name(action.seat)
        if isinstance(action, Bid):
            self.say(f"{who} bid{'' if who == 'you' else 's'} {action.tricks}")
        elif isinstance(action, Play):
            self.say(f"{who} play{'' if who == 'you' else 's'} {action.card}")
        if step.trick is not None and step.trick_winner is not None:
            cards = " ".join(map(str, step.trick.cards))
            self.say(f"  trick {cards}: {self.name(step.trick_winner)} take(s) it")
        if step.round_over and step.points is not None and step.totals is not None:
            done = len(self.match.rounds)
            points = ", ".join(f"{self.name(s)} {p:+d}" for s, p in enumerate(step.points))
            totals = ", ".join(f"{self.name(s)} {t}" for s, t in enumerate(step.totals))
            self.say(f"end of round {done}: {points}")
            self.say(f"  totals: {totals}")


def play(args: argparse.Namespace) -> int:
    """``whist-ro play``: run a :class:`TerminalGame`, then write its record.

    The record goes to ``--record`` (default ``whist-ro-game.json``) at the
    end, and also when the game is stopped early; the exit status is 0 for
    a finished match and 130 for one stopped before its end (as a shell
    reports Ctrl-C).
    """
    players = players_of(args)
    game = TerminalGame(
        args.variant, players=players, seed=args.seed, seat=args.seat, bots=args.bots
    )
    game.say(
        f"{args.variant.name}, {players} players: you are seat {args.seat}, "
        f"{args.bots} bots at the other seats. Type help for the commands."
    )
    m = game.run()
    names = [game.name(s) for s in range(players)]
    records.dump(m.to_record(players=names, meta={"program": "whist-ro play"}), args.record)
    if m.is_over:
        game.say()
        game.say(str(m.score_sheet))
        game.say()
        game.say(str(m.standings()))
    game.say(f"record written to {args.record}")
    return 0 if m.is_over else 130
