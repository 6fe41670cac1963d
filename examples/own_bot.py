"""Write your own bot and measure it against RuleBot.

A bot is any object with ``act(view)`` returning one of
``view.legal_actions``; it sees only its seat's ``PlayerView``, never the
other hands.  ``Greedy`` below is a deliberately simple heuristic: it bids
its aces and high trumps, plays to win while it still needs tricks and ducks
once its bid is made.

It then plays a duplicate tournament (every bot gets every seat's cards)
against three RuleBots and prints each bot's mean total and its edge over
RuleBot, with 95% confidence intervals.  Run it with
``python examples/own_bot.py [--seeds N]``; the default takes a few seconds.
"""

from __future__ import annotations

import argparse

import whist_ro as wr
from whist_ro.bots import RuleBot
from whist_ro.tournaments import tournament


class Greedy:
    """Bid the sure-looking tricks; chase them while short, then duck."""

    def __init__(self, *, seed: object = None) -> None:
        # The tournament passes every bot a seed; this bot has no randomness.
        del seed

    def act(self, view: wr.PlayerView) -> wr.Action:
        """One of ``view.legal_actions``: a bid or a card."""
        legal = view.legal_actions
        bids = [a for a in legal if isinstance(a, wr.Bid)]
        if bids:
            return self._bid(view, bids)
        plays = [a for a in legal if isinstance(a, wr.Play)]
        return self._play(view, plays)

    def _bid(self, view: wr.PlayerView, bids: list[wr.Bid]) -> wr.Bid:
        # Aces, and trumps of queen or higher, each count as a likely trick.
        wanted = sum(
            1
            for card in view.hand
            if card.rank == wr.Rank.ACE or (card.suit == view.trump and card.rank >= wr.Rank.QUEEN)
        )
        # The hook may forbid the wanted number: take the nearest bid allowed.
        return min(bids, key=lambda bid: (abs(bid.tricks - wanted), bid.tricks))

    def _play(self, view: wr.PlayerView, plays: list[wr.Play]) -> wr.Play:
        if len(plays) == 1 or any(play.card is None for play in plays):
            return plays[0]  # forced, or a blind round's "my only card"
        bid = view.bids[view.seat] or 0
        short = view.tricks_won[view.seat] < bid
        winners = [play for play in plays if self._wins_so_far(view, play)]
        losers = [play for play in plays if play not in winners]

        def strength(play: wr.Play) -> tuple[bool, int]:
            assert play.card is not None
            return (play.card.suit == view.trump, play.card.rank)

        if short and winners:
            return min(winners, key=strength)  # the cheapest card that takes the trick
        if not short and losers:
            return max(losers, key=strength)  # shed the highest card that loses it
        return min(plays, key=strength)

    @staticmethod
    def _wins_so_far(view: wr.PlayerView, play: wr.Play) -> bool:
        """Would ``play`` be winning the trick on the table once played?"""
        assert play.card is not None
        trick = view.current_trick
        if not trick.cards:
            return False  # a lead wins only if nobody beats it later: too hopeful to count
        after = wr.Trick(leader=trick.leader, cards=[*trick.cards, play.card], players=view.players)
        return wr.trick_winner(after, view.trump) == view.seat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="duplicate sets to play (5)")
    seeds = range(parser.parse_args().seeds)

    # A quick check by hand first: the bot answers a real view with a legal action.
    m = wr.Match.new(wr.variants.ROMANIAN, players=4, seed=1)
    assert m.to_act is not None
    view = m.view(m.to_act)
    print(f"seat {view.seat} holds {view.hand}; Greedy says {Greedy().act(view)}")

    # One Greedy against three RuleBots; each seed is played with Greedy in every seat.
    result = tournament(
        wr.variants.ROMANIAN,
        [Greedy, RuleBot, RuleBot, RuleBot],
        seeds=seeds,
        duplicate=True,
        reference="RuleBot",
        workers=0,  # in this process: Greedy is defined in a script, not an importable module
    )
    print(result)
    edge = result.bot("Greedy").edge
    assert edge is not None
    side = "ahead of" if edge.mean > 0 else "behind"
    sure = "clearly" if edge.clear_of_zero else "not clearly"
    print(f"Greedy is {sure} {side} RuleBot: {edge.mean:+.1f} a match over {edge.n} duplicate sets")


if __name__ == "__main__":
    main()
