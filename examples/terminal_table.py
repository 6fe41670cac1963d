"""A terminal table for one person: their seat's view, bots in the other seats.

The smallest useful front end for the library.  The person sees only their
``PlayerView`` (printed as a small table); the bots see only theirs.  The
answer typed is turned into a ``Bid`` or ``Play`` and handed to the
engine, which either applies it or refuses it with the rule and the reason;
a refusal is shown and the question asked again.  Nothing here checks the
rules itself: that is the engine's job.

Run it with ``python examples/terminal_table.py [--seat N] [--seed N]``.
With ``--auto``, and whenever standard input or output is not a terminal
(as in CI), a stand-in plays the person's seat: it prints its view, tries
one refused bid to show a refusal, then always picks the first legal action;
``--auto`` plays the first 5 rounds unless ``--rounds`` says otherwise.
The full game, with help, the score sheet and a saved record, is the
``whist-ro play`` command.
"""

from __future__ import annotations

import argparse
import sys

import whist_ro as wr
from whist_ro.bots import RuleBot

PLAYERS = 3


def read_action(view: wr.PlayerView, answer: str) -> wr.Action | None:
    """The action an answer stands for, or None (and a hint) when it is not one."""
    if view.phase is wr.Phase.BIDDING:
        if not (answer.isdigit() and len(answer) < 4):
            print(f"a bid is a number, not {answer[:20]!r}")
            return None
        return wr.Bid(seat=view.seat, tricks=int(answer))
    return wr.Play(seat=view.seat, card=answer)  # the card text is parsed here: "Ah", "10c"


class Person:
    """The person at the keyboard."""

    def answer(self, view: wr.PlayerView) -> str:
        """Read one answer."""
        what = "bid" if view.phase is wr.Phase.BIDDING else "card (e.g. Ah, 10c)"
        return input(f"your {what}: ").strip()


class StandIn:
    """Plays the person's seat unattended: first legal action, after one refused bid."""

    def __init__(self) -> None:
        self.shown_refusal = False

    def answer(self, view: wr.PlayerView) -> str:
        """Answer like a person would type it."""
        if view.phase is wr.Phase.BIDDING and not self.shown_refusal:
            self.shown_refusal = True
            answer = str(view.hand_size + 1)  # more tricks than cards: refused (R-BID-3)
        else:
            action = view.legal_actions[0]
            if isinstance(action, wr.Bid):
                answer = str(action.tricks)
            else:
                assert isinstance(action, wr.Play)
                answer = str(action.card)
        print(f"your answer: {answer}")
        return answer


def human_turn(m: wr.Match, seat: int, player: Person | StandIn) -> wr.Match:
    """Ask until the engine accepts an answer; return the match after it."""
    view = m.view(seat)
    print()
    print(view)
    while True:
        answer = player.answer(view)
        try:
            action = read_action(view, answer)  # a card that is no card is refused here
            if action is not None:
                return m.apply(action)  # a card the rules forbid is refused here
        except wr.WhistError as error:
            # The state we called is untouched; the message names the rule.
            print(f"refused: {error}")


def announce(step: wr.Step, seat: int) -> None:
    """One line for what happened at the table."""
    who = "you" if step.seat == seat else f"seat {step.seat}"
    action = step.action
    if isinstance(action, wr.Bid):
        print(f"  {who} bid {action.tricks}")
    elif isinstance(action, wr.Play):
        print(f"  {who} played {action.card}")
    if step.trick is not None:
        print(
            f"  -> seat {step.trick_winner} takes the trick {' '.join(map(str, step.trick.cards))}"
        )
    if step.round_over:
        print(f"  round over: points {step.points}, totals {step.totals}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seat", type=int, default=0, choices=range(PLAYERS), help="your seat")
    parser.add_argument("--seed", type=int, default=7, help="the deals' seed (7)")
    parser.add_argument("--auto", action="store_true", help="let a stand-in play your seat")
    parser.add_argument("--rounds", type=int, help="stop after this many rounds")
    args = parser.parse_args()
    auto = args.auto or not (sys.stdin.isatty() and sys.stdout.isatty())
    rounds = args.rounds if args.rounds is not None else (5 if auto else None)

    m = wr.Match.new(wr.variants.ROMANIAN, players=PLAYERS, seed=args.seed)
    bots = {s: RuleBot() for s in range(PLAYERS) if s != args.seat}
    player = StandIn() if auto else Person()
    print(f"romanian whist, {PLAYERS} players; you are seat {args.seat}")
    try:
        while not m.is_over and (rounds is None or len(m.rounds) < rounds):
            seat = m.to_act
            assert seat is not None
            if seat == args.seat:
                m = human_turn(m, seat, player)
            else:
                m = m.apply(bots[seat].act(m.view(seat)))  # a bot sees its view only
            assert m.last_step is not None
            announce(m.last_step, args.seat)
    except (EOFError, KeyboardInterrupt):
        print("\nstopped.")
    print()
    print(m.score_sheet)
    if m.is_over:
        print(m.standings())
    else:
        done = len(m.rounds)
        rounds = "1 round" if done == 1 else f"{done} rounds"
        print(f"stopped after {rounds}; `whist-ro play` plays a whole match")


if __name__ == "__main__":
    main()
