"""A minimal game-server loop that hands a disconnected seat to a bot (R-SEAT-1).

A server seats remote players and must keep the game going when one drops
out.  ``wr.Table`` does the bookkeeping: it asks each seat's agent for an
action with that seat's view only, and when an agent raises, answers with
something illegal or takes longer than ``time_limit`` seconds, the
``fallback`` bot takes the seat for the rest of the match and the takeover
is logged.

Here two seats are "remote clients": each gets its view as JSON (what would
go over the wire) and answers with a JSON action.  One loses its connection
after a few answers (it raises); the other becomes slow (it answers after
the time limit).  The server drives the table one ``step()`` at a time and
prints each step as the message it would broadcast (all of the first round,
then one line per round; ``--verbose`` prints every step), then the
takeovers, the final standings, and writes the match record with the
takeovers.  Run it with ``python examples/game_server.py [--verbose]``.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import whist_ro as wr
from whist_ro import records
from whist_ro.bots import RuleBot

TIME_LIMIT = 0.25  # seconds a seat may take for one decision


class RemoteClient:
    """A seat played over the network; here the "network" is a JSON round trip.

    After ``answers`` decisions it stops answering: with ``drop="raise"``
    the connection fails at once, with ``drop="slow"`` the answer comes too late.
    """

    def __init__(self, name: str, *, answers: int, drop: str, seed: int) -> None:
        self.name = name
        self.answers_left = answers
        self.drop = drop
        self.rng = random.Random(seed)

    def act(self, view: wr.PlayerView) -> wr.Action:
        """Send the view, wait for the client's reply, turn it into an action."""
        message = json.dumps(view.to_dict())  # what the server sends
        if self.answers_left == 0:
            if self.drop == "raise":
                raise ConnectionResetError(f"{self.name} closed the connection")
            time.sleep(1.5 * TIME_LIMIT)  # the reply arrives, but too late
        self.answers_left -= 1
        reply = self.client_side(message)
        if "bid" in reply:
            return wr.Bid(seat=reply["seat"], tricks=reply["bid"])
        return wr.Play(seat=reply["seat"], card=reply["card"])

    def client_side(self, message: str) -> dict[str, Any]:
        """The remote program: reads its view, answers one of its legal actions."""
        view = json.loads(message)
        choice: dict[str, Any] = self.rng.choice(view["legal_actions"])
        return choice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="print every step")
    verbose = parser.parse_args().verbose

    names = ["Ana (remote)", "RuleBot 1", "Cici (remote)", "RuleBot 3"]
    agents: list[wr.Agent] = [
        RemoteClient(names[0], answers=12, drop="raise", seed=1),
        RuleBot(),
        RemoteClient(names[2], answers=30, drop="slow", seed=2),
        RuleBot(),
    ]
    table = wr.Table(
        wr.variants.ROMANIAN, agents=agents, seed=2026, fallback=RuleBot(), time_limit=TIME_LIMIT
    )

    seen = 0
    while not table.is_over:
        step = table.step()
        round_number = len(table.match.rounds) + (0 if step.round_over else 1)
        if verbose or round_number == 1 or step.round_over:
            print(json.dumps(step.to_dict()))  # what the server broadcasts
        for takeover in table.takeovers[seen:]:
            print(f"  !! seat {takeover.seat} handed to the bot: {takeover.reason}")
        seen = len(table.takeovers)

    m = table.match
    print("\ntakeovers:")
    for takeover in table.takeovers:
        print(f"  {takeover.to_dict()}")
    print("\nfinal standings:")
    print(m.standings())

    record = m.to_record(players=names, takeovers=table.takeovers)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "match.json"
        records.dump(record, path)
        again = records.load(path)
        print(f"\nwrote {path.name}: {len(again.rounds)} rounds, {len(again.takeovers)} takeovers")
    assert records.adjudicate(again).ok  # the takeovers changed who played, not the rules


if __name__ == "__main__":
    main()
