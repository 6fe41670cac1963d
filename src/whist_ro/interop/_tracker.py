"""A match's information-state tensors, kept up to date action by action (for PettingZoo).

:func:`whist_ro.interop.encoding.encode` writes a player view from scratch,
and a match's view holds every past round, so writing it costs more with
every round played.  :class:`Tracker` follows a match action by action and
writes only what each action changes, into one tensor whose seat axes are
absolute (seat 0 first).  A seat's tensor is then one gather, which turns
the seat axes to that seat, plus the cards it knows.

This is a restatement of :func:`~whist_ro.interop.encoding.encode` for a
match's information state (``Layout(recall=True, rounds=R)``); the rules'
answers (who acts, who won a trick, the points) come from the engine.
``tests/test_interop_pettingzoo.py`` holds it to ``encode`` at every step of
random matches of every preset.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from whist_ro.engine.match import Match
from whist_ro.engine.round import Phase, Round
from whist_ro.interop.encoding import _ID_OF_BIT, BID_BASE, MAX_BID, NUM_CARDS, ONLY_CARD, Layout
from whist_ro.rules.dealing import trump_source
from whist_ro.views.view import blind_mode

__all__ = ["Tracker"]

_NOT_YET: Final = MAX_BID + 1  # the bids column "not yet bid"
# The sections that describe the round in play; they come first in a Layout.
_ROUND_SECTIONS: Final = (
    "phase",
    "dealer",
    "to_act",
    "hand_size",
    "trump",
    "turn_up",
    "blind",
    "known_hands",
    "bids",
    "tricks_won",
    "played",
    "trick_leaders",
    "trick_cards",
)
# Which axis of each section runs over seats, relative to the observer.
_SEAT_AXIS: Final = {
    "dealer": 0,
    "to_act": 0,
    "bids": 0,
    "tricks_won": 0,
    "trick_leaders": 1,
    "totals": 0,
    "score_sheet": 1,
}


def _ids(mask: int) -> list[int]:
    """The card ids of a mask of card bits."""
    out = []
    while mask:
        bit = mask.bit_length() - 1
        out.append(_ID_OF_BIT[bit])
        mask ^= 1 << bit
    return out


class Tracker:
    """One match's information-state tensor for every seat, updated action by action.

    Call :meth:`reset` with a new match, :meth:`advance` after each action
    applied to it, and :meth:`observe` for a seat's tensor (a new array).

    >>> import whist_ro as wr
    >>> from whist_ro.interop.encoding import (
    ...     Layout, action_id, encode, match_sizes, score_scale)
    >>> sizes = match_sizes(wr.variants.ROMANIAN, 3)
    >>> layout = Layout(players=3, max_hand=8, rounds=len(sizes),
    ...                 scale=score_scale(wr.variants.ROMANIAN, sizes))
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=4)
    >>> tracker = Tracker(layout)
    >>> tracker.reset(m)
    >>> for _ in range(10):
    ...     seat, action = m.to_act, m.legal_actions()[0]
    ...     m = m.apply(action)
    ...     _ = tracker.advance(m, seat=seat, action=action_id(action))
    >>> expected = np.zeros(layout.size, np.float32)
    >>> encode(m.view(1), expected, layout)
    >>> bool((tracker.observe(1) == expected).all())
    True
    """

    def __init__(self, layout: Layout) -> None:
        n, h = layout.players, layout.max_hand
        if not (layout.recall and layout.rounds):
            raise ValueError("the tracker writes a match's information state")
        self._n = n
        self._h = h
        self._scale = layout.scale
        self._rounds = layout.rounds
        off = {name: start for name, start, _ in layout.sections}
        self._off = off
        self._round_end = off["round"]  # the round sections come first
        self._pub = np.zeros(layout.size, np.float32)
        # _gather[me][i]: where output position i reads in the absolute tensor.
        gather = []
        for me in range(n):
            index = np.arange(layout.size)
            for name, start, shape in layout.sections:
                axis = _SEAT_AXIS.get(name)
                if axis is None:
                    continue
                size = int(np.prod(shape))
                block = np.arange(start, start + size).reshape(shape)
                index[start : start + size] = np.roll(block, -me, axis=axis).ravel()
            gather.append(index)
        self._gather = gather
        self._others = [[(me + r) % n for r in range(1, n)] for me in range(n)]
        self._hands = np.zeros((n, NUM_CARDS), np.float32)  # cards each seat still holds
        self._won = [0] * n
        self._dealer = 0
        self._blind: str | None = None
        self._exposed = -1  # the dealer's shown trump card (R-TRUMP-3), while held
        self._to_act: int | None = None
        self._size = 0  # the round's hand size
        self._trick = 0  # trick number in the round
        self._position = 0  # cards on the table

    # -- following the match ----------------------------------------------------------

    def reset(self, match: Match) -> None:
        """Start following ``match``, a match that has not started yet."""
        self._pub.fill(0.0)
        self._start_round(match.round, number=1)

    def _start_round(self, round_: Round, *, number: int) -> None:
        pub, off, n = self._pub, self._off, self._n
        pub[: self._round_end] = 0.0
        deal = round_.deal
        size = deal.hand_size
        self._dealer = deal.dealer
        pub[off["dealer"] + deal.dealer] = 1.0
        if 1 <= size <= self._h:
            pub[off["hand_size"] + size - 1] = 1.0
        pub[off["round"] : off["round"] + self._rounds] = 0.0
        pub[off["round"] + min(number, self._rounds) - 1] = 1.0
        pub[off["phase"] + 1 + round_.phase] = 1.0
        trump = deal.trump
        pub[off["trump"] + (4 if trump is None else int(trump))] = 1.0
        turn_up = deal.turn_up
        self._exposed = -1
        if turn_up is not None:
            turn_up_id = _ID_OF_BIT[turn_up.bit]
            pub[off["turn_up"] + turn_up_id] = 1.0
            if trump_source(deal.variant, players=n, hand_size=size) == "dealer_last":
                self._exposed = turn_up_id
        blind = self._blind = blind_mode(deal.variant, size)
        if blind is not None:
            pub[off["blind"] + (0 if blind == "forehead" else 1)] = 1.0
        bids = round_.bids
        for seat in range(n):
            bid = bids[seat]
            pub[off["bids"] + seat * (MAX_BID + 2) + (_NOT_YET if bid is None else bid)] = 1.0
            pub[off["tricks_won"] + seat * (self._h + 1)] = 1.0
        hands = self._hands
        hands.fill(0.0)
        for seat, mask in enumerate(deal.masks):
            hands[seat, _ids(mask)] = 1.0
        self._won = [0] * n
        self._size = size
        self._trick = 0
        self._position = 0
        self._set_to_act(round_.to_act)

    def _set_to_act(self, seat: int | None) -> None:
        at = self._off["to_act"]
        if self._to_act is not None:
            self._pub[at + self._to_act] = 0.0
        if seat is not None:
            self._pub[at + seat] = 1.0
        self._to_act = seat

    def advance(self, match: Match, *, seat: int, action: int) -> tuple[int, ...] | None:
        """Follow ``match``, the match just after ``seat`` took the action ``action`` (an id).

        Returns what the round the action ended paid each seat (its points
        and bonus), if it ended one.
        """
        pub, off = self._pub, self._off
        if action >= BID_BASE:
            row = off["bids"] + seat * (MAX_BID + 2)
            pub[row + _NOT_YET] = 0.0
            pub[row + action - BID_BASE] = 1.0
            round_ = match.round
            if round_.phase is not Phase.BIDDING:
                pub[off["phase"] + 1 + Phase.BIDDING] = 0.0
                pub[off["phase"] + 1 + round_.phase] = 1.0
            self._set_to_act(round_.to_act)
            return None
        card = action
        if card == ONLY_CARD:  # "my only card" in a blind round (R-VIEW-3): the one it holds
            card = int(np.flatnonzero(self._hands[seat])[0])
        n, t, position = self._n, self._trick, self._position
        self._hands[seat, card] = 0.0
        pub[off["played"] + card] = 1.0
        if t < self._h:
            if position == 0:
                pub[off["trick_leaders"] + t * n + seat] = 1.0
            pub[off["trick_cards"] + (t * n + position) * NUM_CARDS + card] = 1.0
        position += 1
        if position < n:
            self._position = position
            self._set_to_act(match.round.to_act)
            return None
        self._trick = t + 1
        self._position = 0
        if self._trick == self._size:
            return self._end_round(match)
        # The trick's winner leads the next one (R-PLAY-1).
        winner = match.round.to_act
        assert winner is not None
        self._take_trick(winner)
        self._set_to_act(winner)
        return None

    def _take_trick(self, winner: int) -> None:
        row = self._off["tricks_won"] + winner * (self._h + 1)
        won = self._won[winner]
        self._pub[row + min(won, self._h)] = 0.0
        self._won[winner] = won + 1
        self._pub[row + min(won + 1, self._h)] = 1.0

    def _end_round(self, match: Match) -> tuple[int, ...]:
        pub, off, n, h = self._pub, self._off, self._n, self._h
        done = match.rounds
        number = len(done)
        last = done[-1]
        step = match.last_step
        assert step is not None
        assert step.points is not None
        assert step.bonuses is not None
        paid = tuple(p + b for p, b in zip(step.points, step.bonuses, strict=True))
        if number <= self._rounds:
            at = off["score_sheet"] + (number - 1) * n * 4
            for seat, (bid, won) in enumerate(zip(last.bids, last.tricks_won, strict=True)):
                if bid is not None:
                    pub[at + seat * 4] = float(bid == won)
                    pub[at + seat * 4 + 1] = bid / h
                pub[at + seat * 4 + 2] = won / h
                pub[at + seat * 4 + 3] = paid[seat] / self._scale
        totals = off["totals"]
        pub[totals : totals + n] = np.asarray(match.totals, np.float32) / np.float32(self._scale)
        if not match.is_over:
            self._start_round(match.round, number=number + 1)
            return paid
        # The match is over: the view shows its last round, over.
        for seat, won in enumerate(last.tricks_won):
            row_at = off["tricks_won"] + seat * (h + 1)
            pub[row_at : row_at + h + 1] = 0.0
            pub[row_at + min(won, h)] = 1.0
        pub[off["phase"] : off["phase"] + 4] = 0.0
        pub[off["phase"] + 1 + Phase.OVER] = 1.0
        self._set_to_act(None)
        return paid

    # -- reading ----------------------------------------------------------------------

    def observe(self, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        """``seat``'s information-state tensor, as ``encode`` writes its view (a new array)."""
        out = self._pub.take(self._gather[seat])
        at = self._off["known_hands"]
        hands = self._hands
        blind = self._blind
        if blind is None:
            out[at : at + NUM_CARDS] = hands[seat]
        elif blind == "forehead":
            out[at + NUM_CARDS : at + self._n * NUM_CARDS] = hands[self._others[seat]].ravel()
        exposed = self._exposed
        if exposed >= 0 and hands[self._dealer, exposed]:
            out[at + (self._dealer - seat) % self._n * NUM_CARDS + exposed] = 1.0
        return out
