"""Adjudicate a disputed match record: a revoke, then a wrong claimed total.

A referee gets a record (JSON text), not a live game.  This script plays a
match, writes its record, then does what a sore loser might: edits one card
so that a seat that could follow suit did not (R-PLAY-2, a revoke).
``records.adjudicate`` replays the record under its rules and names the
first illegal action, the rule, the evidence and the position at that
moment.  A second record is legal but claims a wrong total; the report
recomputes the totals and lists the difference.

Run it with ``python examples/referee.py``; ``whist-ro check RECORD.json``
prints the same report for a record file.
"""

from __future__ import annotations

import json
from typing import Any

import whist_ro as wr
from whist_ro import records
from whist_ro.bots import RuleBot


def play_match() -> wr.Match:
    """A 3-player match between RuleBots, played to the end."""
    table = wr.Table(wr.variants.ROMANIAN, agents=[RuleBot() for _ in range(3)], seed=11)
    return table.run()


def revoke(data: dict[str, Any]) -> str:
    """Edit the first card that followed suit into one of another suit the seat held.

    Works on the JSON data alone, as a tamperer would; returns what changed.
    """
    players = len(data["players"])
    for number, round_ in enumerate(data["rounds"], start=1):
        held = [[wr.Card.parse(c) for c in hand] for hand in round_["hands"]]
        plays = [a for a in round_["actions"] if "card" in a]
        for index, action in enumerate(plays):
            seat, card = action["seat"], wr.Card.parse(action["card"])
            led = wr.Card.parse(plays[index - index % players]["card"]).suit
            others = [c for c in held[seat] if c.suit != led]
            if index % players and card.suit == led and others:
                action["card"] = str(others[0])
                return f"round {number}: seat {seat}'s {card} changed to {others[0]}"
            held[seat].remove(card)
    raise AssertionError("no card in this match could be turned into a revoke")


def main() -> None:
    m = play_match()
    honest = records.dumps(m.to_record(players=["Ana", "Bogdan", "Cici"]))
    print(f"the honest record: {len(honest)} characters, ok = {records.adjudicate(honest).ok}")

    print("\n== 1. a revoke slipped into the record ==")
    data = json.loads(honest)
    print(revoke(data))
    report = records.adjudicate(json.dumps(data))
    print(report)
    violation = report.violation
    assert violation is not None
    assert violation.rule == "R-PLAY-2"

    print("\n== 2. a legal record with a wrong claimed total ==")
    claimed = list(m.totals)
    claimed[1] += 10  # Bogdan's sheet says ten more than he scored
    report = records.adjudicate(
        m.to_record(players=["Ana", "Bogdan", "Cici"], claimed_totals=claimed)
    )
    print(f"ok = {report.ok}, violation = {report.violation}")
    for difference in report.differences:
        print(difference)
    print(f"recomputed totals: {report.totals}")


if __name__ == "__main__":
    main()
