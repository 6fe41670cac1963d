"""A whist-ro engine in Python, built with whist_ro.remote.serve: ``python steady.py``.

It bids its aces and high trumps, takes tricks until its bid is made, then
ducks.  serve() speaks the protocol and rebuilds the full PlayerView, so
the bot is written exactly as an in-process agent would be.  Run it against
another engine with

    whist-ro match --engine steady="python steady.py" --engine rule="whist-ro engine rule"
"""

from __future__ import annotations

import random

from whist_ro import Action, Bid, Card, Play, PlayerView
from whist_ro.remote import serve


class Steady:
    """Bids its aces and its trumps from the queen up; wins until the bid is made."""

    def __init__(self, *, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Bid):
            return self.bid(view, [a for a in legal if isinstance(a, Bid)])
        return self.play(view, [a for a in legal if isinstance(a, Play)])

    def bid(self, view: PlayerView, legal: list[Bid]) -> Bid:
        strong = sum(
            1
            for card in view.hand
            if card.rank.label == "A" or (card.suit == view.trump and card.rank.label in "QKA")
        )
        return min(legal, key=lambda b: (abs(b.tricks - strong), self.rng.random()))

    def play(self, view: PlayerView, legal: list[Play]) -> Play:
        def strength(play: Play) -> int:
            card = play.card
            assert isinstance(card, Card)
            return int(card.rank) + (20 if card.suit == view.trump else 0)

        ordered = sorted(legal, key=strength)
        bid = view.bids[view.seat]
        if bid is not None and view.tricks_won[view.seat] < bid:
            return ordered[-1]  # still short of the bid: play strong
        return ordered[0]  # the bid is made: play weak


if __name__ == "__main__":
    serve(Steady, name="steady", author="whist-ro examples", version="1.0")
