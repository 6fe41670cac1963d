"""The exact search on card bitmasks: one side against the rest (a declared restatement).

Which cards a seat may play is asked of :mod:`whist_ro.rules.play`
(``playable_cards``, ``beats``); the course of a trick (one card a seat in turn,
the best card takes it, its winner leads) is restated here on bare integers for
speed, as the playout kernels do, and held to the engine by the differential
tests in ``tests/test_solve.py``.

``side`` is the seats searched for: one seat in the exact-bid family (every
other seat plays against it, together), a partnership in classic whist.  Three
questions, each a zero-window boolean search over the rest of the round (the
tricks already taken are the caller's to add):

- ``AT_LEAST``: can the side make sure it takes ``k`` or more of the tricks left,
  whatever the others do?
- ``AT_MOST``: can it make sure it takes no more than ``k``?
- ``EXACTLY``: can it make sure it takes exactly ``k``?  Not the two above
  together: the others choose which way to push it.

Positions at a trick's start are remembered in a transposition table keyed on
the *relative* ranks of the cards still out (partition search): two positions
that differ only in which low cards are gone are one position.  Cards in
sequence within one hand (no card still out between them, the current trick's
cards counted as out) are the same play, tried once.

>>> from whist_ro import CardSet
>>> hands = tuple(CardSet.parse(h).mask for h in ("Ah 7c", "Kh 8c", "Qh 9c"))
>>> search = Search(players=3, side=(0,), trump=None, must_trump=True, must_overtrump=False)
>>> search.most(hands, 0, ()), search.fewest(hands, 0, ())
(1, 1)
>>> search.holds(EXACTLY, hands, 0, (), 2)
False
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Final

from whist_ro.cards import SUIT_MASKS
from whist_ro.rules import play as play_rules

__all__ = ["AT_LEAST", "AT_MOST", "EXACTLY", "Search", "rule_replaced"]

AT_LEAST: Final = 0
AT_MOST: Final = 1
EXACTLY: Final = 2

_SUITS: Final = tuple(range(4))

PlayableCards = Callable[[int, "int | None", int, "int | None", bool, bool], "tuple[int, str]"]
_beats = play_rules.beats


class _Rules:
    """The rule the search asks for a seat's playable cards.

    A test may swap it for a broken one (:func:`rule_replaced`) to see the
    differential tests catch the difference.
    """

    playable: PlayableCards = staticmethod(play_rules.playable_cards)


_RULES: Final = _Rules()


@contextlib.contextmanager
def rule_replaced(playable: PlayableCards) -> Iterator[None]:
    """The test hook: search with ``playable`` in place of ``rules.play.playable_cards``.

    Only for tests that break a rule on purpose to see the differential tests
    fail; not thread-safe.

    >>> def any_card(hand, led, best, trump, must_trump, must_overtrump):
    ...     return hand, "R-PLAY-4"
    >>> with rule_replaced(any_card):
    ...     pass
    """
    saved = _RULES.playable
    _RULES.playable = playable
    try:
        yield
    finally:
        _RULES.playable = saved


class _SpentError(Exception):
    """The node budget ran out (the public layer raises SearchBudgetError)."""


def _bits_desc(mask: int) -> list[int]:
    out = []
    while mask:
        bit = mask.bit_length() - 1
        out.append(bit)
        mask ^= 1 << bit
    return out


class Search:
    """The searches for ``side`` from positions of one deal; a node ``budget`` bounds the work.

    A position is ``(hands, leader, cards)``: each seat's cards still held (masks),
    the seat that led the trick on the table and the cards on it in play order.
    The transposition tables are kept between questions, so asking several of
    one deal costs less than asking each afresh.
    """

    __slots__ = (
        "_exact",
        "_fewest",
        "_most",
        "budget",
        "mine",
        "must_overtrump",
        "must_trump",
        "nodes",
        "players",
        "trump",
    )

    def __init__(
        self,
        *,
        players: int,
        side: tuple[int, ...],
        trump: int | None,
        must_trump: bool,
        must_overtrump: bool,
        budget: int | None = None,
    ) -> None:
        self.players = players
        self.mine = tuple(seat in side for seat in range(players))
        self.trump = trump
        self.must_trump = must_trump
        self.must_overtrump = must_overtrump
        self.budget = budget
        self.nodes = 0
        # By trick-start key: known (low, high) bounds on the most tricks the side can
        # make sure of, and on the fewest it can keep to; exact answers by (key, k).
        self._most: dict[tuple[int, ...], tuple[int, int]] = {}
        self._fewest: dict[tuple[int, ...], tuple[int, int]] = {}
        self._exact: dict[tuple[tuple[int, ...], int], bool] = {}

    # -- answers ----------------------------------------------------------------------

    def most(self, hands: tuple[int, ...], leader: int, cards: tuple[int, ...]) -> int:
        """The most of the tricks left that the side can make sure of."""
        left = _tricks_left(hands, leader, cards)
        k = 0
        while k < left and self.holds(AT_LEAST, hands, leader, cards, k + 1):
            k += 1
        return k

    def fewest(self, hands: tuple[int, ...], leader: int, cards: tuple[int, ...]) -> int:
        """The fewest of the tricks left that the side can keep itself to."""
        left = _tricks_left(hands, leader, cards)
        k = 0
        while k < left and not self.holds(AT_MOST, hands, leader, cards, k):
            k += 1
        return k

    def holds(
        self, question: int, hands: tuple[int, ...], leader: int, cards: tuple[int, ...], k: int
    ) -> bool:
        """Whether the side can make sure of ``question`` about ``k`` of the tricks left."""
        left = _tricks_left(hands, leader, cards)
        if question == AT_LEAST:
            if k <= 0:
                return True
            if k > left:
                return False
        elif question == AT_MOST:
            if k >= left:
                return True
            if k < 0:
                return False
        else:
            if k < 0 or k > left:
                return False
            if left == 0:
                return k == 0
        key: tuple[int, ...] | None = None
        if not cards:
            key = self._key(hands, leader)
            known = self._known(question, key, k, left)
            if known is not None:
                return known
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _SpentError
        players = self.players
        mover = (leader + len(cards)) % players
        ours = self.mine[mover]
        result = not ours  # the side needs one way; the others need every way to fail
        for card in self._moves(hands, leader, cards, mover):
            after = (*hands[:mover], hands[mover] ^ (1 << card), *hands[mover + 1 :])
            played = (*cards, card)
            if len(played) == players:
                winner = self._winner(leader, played)
                took = 1 if self.mine[winner] else 0
                held = self.holds(question, after, winner, (), k - took)
            else:
                held = self.holds(question, after, leader, played, k)
            if held is ours:
                result = ours
                break
        if key is not None:
            self._learn(question, key, k, left, result)
        return result

    # -- the transposition tables -----------------------------------------------------

    def _known(self, question: int, key: tuple[int, ...], k: int, left: int) -> bool | None:
        if question == AT_LEAST:
            low, high = self._most.get(key, (0, left))
            return True if k <= low else False if k > high else None
        if question == AT_MOST:
            low, high = self._fewest.get(key, (0, left))
            return True if k >= high else False if k < low else None
        # Exactly k needs both "at least k" and "at most k" from here.
        if self._most.get(key, (0, left))[1] < k or self._fewest.get(key, (0, left))[0] > k:
            return False
        return self._exact.get((key, k))

    def _learn(self, question: int, key: tuple[int, ...], k: int, left: int, held: bool) -> None:
        if question == AT_LEAST:
            low, high = self._most.get(key, (0, left))
            self._most[key] = (max(low, k), high) if held else (low, min(high, k - 1))
        elif question == AT_MOST:
            low, high = self._fewest.get(key, (0, left))
            self._fewest[key] = (low, min(high, k)) if held else (max(low, k + 1), high)
        else:
            self._exact[(key, k)] = held

    def _key(self, hands: tuple[int, ...], leader: int) -> tuple[int, ...]:
        """The hands with each suit's cards renumbered by rank among the cards still out."""
        union = 0
        for hand in hands:
            union |= hand
        out = [0] * len(hands)
        for suit in _SUITS:
            rest = union & SUIT_MASKS[suit]
            rank = 16 * suit
            while rest:
                low = rest & -rest
                rest ^= low
                for i, hand in enumerate(hands):
                    if hand & low:
                        out[i] |= 1 << rank
                        break
                rank += 1
        return (leader, *out)

    # -- moves --------------------------------------------------------------------------

    def _moves(
        self, hands: tuple[int, ...], leader: int, cards: tuple[int, ...], mover: int
    ) -> list[int]:
        """The mover's playable cards, one of each run of equivalent cards, highest first."""
        hand = hands[mover]
        playable = _RULES.playable
        if cards:
            best = cards[0]
            for card in cards[1:]:
                if _beats(card, best, self.trump):
                    best = card
            legal, _ = playable(
                hand, cards[0] >> 4, best, self.trump, self.must_trump, self.must_overtrump
            )
        else:
            legal, _ = playable(hand, None, -1, self.trump, self.must_trump, self.must_overtrump)
        out = 0
        for other in hands:
            out |= other
        for card in cards:
            out |= 1 << card
        moves: list[int] = []
        previous = -1
        for bit in _bits_desc(legal):
            if previous >= 0 and previous >> 4 == bit >> 4:
                gap = ((1 << previous) - 1) & ~((1 << (bit + 1)) - 1)
                if not out & gap:
                    previous = bit
                    continue  # in sequence with the card tried just before: the same play
            moves.append(bit)
            previous = bit
        return moves

    def _winner(self, leader: int, cards: tuple[int, ...]) -> int:
        best, index = cards[0], 0
        for i in range(1, len(cards)):
            if _beats(cards[i], best, self.trump):
                best, index = cards[i], i
        return (leader + index) % self.players


def _tricks_left(hands: tuple[int, ...], leader: int, cards: tuple[int, ...]) -> int:
    # The leader has played to the trick on the table, if there is one.
    return hands[leader].bit_count() + (1 if cards else 0)
