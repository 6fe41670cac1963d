"""The exact search on card bitmasks: one side against the rest (a declared restatement).

The rules of the play (the cards a seat may play, R-PLAY-2 to R-PLAY-8, as
:func:`whist_ro.rules.play.playable_cards` has them, and the course of a
trick: one card a seat in turn, the best card takes it, its winner leads) are
restated here inline on bare integers for speed, as the playout kernels do,
and held to the engine by the differential tests in ``tests/test_solve.py``
(and to DDS in ``tests/test_solve_dds.py``).

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
the *relative* ranks of the cards still out: two positions that differ only in
which low cards are gone are one position.  For a partnership (classic whist)
the table goes further, as DDS's partition search does: each answer is
remembered with the cards that decided it (``_rel``), and holds for every
position with the same leader and suit lengths in which those cards, each
suit's from its lowest deciding card up, lie with the same hands.  Cards in
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

__all__ = ["AT_LEAST", "AT_MOST", "EXACTLY", "Search", "rule_replaced", "tricks_left"]

AT_LEAST: Final = 0
AT_MOST: Final = 1
EXACTLY: Final = 2

_SUITS: Final = tuple(range(4))

_Tops = tuple[int, int, int, int]
# Known bounds: (most low, most high, fewest low, fewest high); tuples of ints, which
# the garbage collector stops tracking, where objects would make it walk them all.
_Bounds = tuple[int, int, int, int]
_Table = dict[tuple[int, int, int, int], _Bounds]
# A position's class: (leader, lengths of each hand in each suit), the suits renumbered,
# the cards still out in each suit.
_Class = tuple[tuple[int, ...], tuple[int, int, int, int], tuple[int, ...]]

PlayableCards = Callable[[int, "int | None", int, "int | None", bool, bool], "tuple[int, str]"]
_beats = play_rules.beats
_PLAYABLE: Final = play_rules.playable_cards


class _Rules:
    """The rule of a seat's playable cards: the search's own restatement, unless replaced.

    A test may put a broken one in its place (:func:`rule_replaced`) to see the
    differential tests catch the difference; a search made while it is
    replaced asks it for every card, in place of the inline restatement.
    """

    playable: PlayableCards = staticmethod(_PLAYABLE)


_RULES: Final = _Rules()


@contextlib.contextmanager
def rule_replaced(playable: PlayableCards) -> Iterator[None]:
    """The test hook: search with ``playable`` in place of the restated playable cards.

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


def _ascending(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _rank(card: int) -> int:
    return card & 15


def _descending(mask: int) -> list[int]:
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
        "_classes",
        "_codes",
        "_exact",
        "_hook",
        "_keys",
        "_lows",
        "_partition",
        "_plain",
        "_rel",
        "_reps",
        "_tables",
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
        hook = _RULES.playable
        self._hook: PlayableCards | None = None if hook is _PLAYABLE else hook
        # Partition search: a trick-start answer holds for every position with the same
        # leader and suit lengths in which the cards that decided it (the relevant
        # cards: each suit's cards from its lowest relevant one up) lie with the same
        # hands.  For a partnership only: for one seat against all (bounds 3x8, 4x8 of
        # benchmarks/solve.py) it visited 20-40% fewer positions but took 20-45% longer,
        # its look-ups costing more than they saved.  Must overtrump makes the ranks
        # decide which cards may be played, and a test's rule may ask anything: with
        # either, every card is relevant, the plain table's key.
        self._partition = len(side) > 1 and not must_overtrump and self._hook is None
        # (leader, lengths) -> the relevant ranks of each suit (their masks) -> (how many
        # relevant in each suit, their owners -> known bounds).
        self._tables: dict[tuple[int, ...], dict[_Tops, tuple[tuple[int, ...], _Table]]] = {}
        # Exact answers by (class key, relevant owners, k), or by (position key, k) where
        # every card is relevant.
        self._exact: dict[tuple[object, ...], bool] = {}
        # Where every card is relevant, the known bounds by position key.
        self._plain: dict[tuple[int, ...], _Bounds] = {}
        # The cards that decided the answer the last _start or _node call returned.
        self._rel = 0
        # [cards of a suit][relevant among them] -> the relevant ranks in every hand's field.
        self._reps = _rep_table(players)
        # A suit's cards out << 4 | how many on top -> the lowest of those on top.
        self._lows: dict[int, int] = {}
        # One suit's cards in each hand -> the same renumbered by rank among them.
        self._codes: dict[tuple[int, ...], tuple[int, int, int]] = {}
        # The exact position (leader, hands) -> its class, or its key where every card is
        # relevant: renumbering costs more than a look-up.
        self._classes: dict[tuple[int, ...], _Class] = {}
        self._keys: dict[tuple[int, ...], tuple[int, ...]] = {}

    # -- answers ----------------------------------------------------------------------

    def most(self, hands: tuple[int, ...], leader: int, cards: tuple[int, ...]) -> int:
        """The most of the tricks left that the side can make sure of.

        The questions start at a guess (:meth:`guess`) and step up or down
        from it: near the answer the "at least" questions are the costly
        ones, so starting there skips the middle ones below it.
        """
        left = tricks_left(hands, leader, cards)
        k = min(max(self.guess(hands, leader, cards), 1), left)
        if self.holds(AT_LEAST, hands, leader, cards, k):
            while k < left and self.holds(AT_LEAST, hands, leader, cards, k + 1):
                k += 1
            return k
        k -= 1
        while k > 0 and not self.holds(AT_LEAST, hands, leader, cards, k):
            k -= 1
        return k

    def fewest(self, hands: tuple[int, ...], leader: int, cards: tuple[int, ...]) -> int:
        """The fewest of the tricks left that the side can keep itself to."""
        left = tricks_left(hands, leader, cards)
        k = 0
        while k < left and not self.holds(AT_MOST, hands, leader, cards, k):
            k += 1
        return k

    def holds(
        self, question: int, hands: tuple[int, ...], leader: int, cards: tuple[int, ...], k: int
    ) -> bool:
        """Whether the side can make sure of ``question`` about ``k`` of the tricks left."""
        left = tricks_left(hands, leader, cards)
        held = list(hands)  # the search plays and takes back cards in this list
        if not cards:
            return self._start(question, k, left, held, leader)
        trivial = _trivial(question, k, left)
        if trivial is not None:
            return trivial
        trump = -1 if self.trump is None else self.trump
        best, best_seat = cards[0], leader
        for i, card in enumerate(cards[1:], 1):
            if _beats(card, best, trump):
                best, best_seat = card, (leader + i) % self.players
        live = 0
        for hand in hands:
            live |= hand
        for card in cards:
            live |= 1 << card
        return self._node(
            question, k, left, held, leader, len(cards), cards[0] >> 4, best, best_seat, live
        )

    # -- the search ---------------------------------------------------------------------

    def _start(self, question: int, k: int, left: int, hands: list[int], leader: int) -> bool:
        """A trick's start: the bounds of the tricks left, the tables, the sure tricks.

        Sets ``_rel`` to the cards that decided the answer (see ``__init__``).
        """
        self._rel = 0
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
        exact = (leader, *hands)
        live = 0
        found: _Class | None = None
        key: tuple[int, ...] | None
        if self._partition:
            found = self._classes.get(exact)
            if found is None:
                found = self._classify(hands, leader)
                if len(self._classes) >= 100_000:  # a cache: bounded, cleared when full
                    self._classes.clear()
                self._classes[exact] = found
            key = None
            for hand in hands:
                live |= hand
            known = self._known(question, k, found, live)
        else:
            key = self._keys.get(exact)
            if key is None:
                key = self._key(hands, leader)
                if len(self._keys) >= 100_000:
                    self._keys.clear()
                self._keys[exact] = key
            known = self._known_exactly(question, key, k, left)
        if known is not None:
            return known
        result: bool | None = None
        rel = 0
        trump = self.trump
        if trump is not None:
            # Top trumps win a trick each whoever leads (see _top_trumps): the tricks
            # left bound both sides before any card is tried.
            ours_sure, theirs_sure, trumps_rel = self._top_trumps(hands, trump)
            if question == AT_LEAST:
                if ours_sure >= k:
                    result = True
                elif left - theirs_sure < k:
                    result = False
            elif question == AT_MOST:
                if ours_sure > k:
                    result = False
                elif left - theirs_sure <= k:
                    result = True
            elif ours_sure > k or left - theirs_sure < k:
                result = False
            if result is not None:
                rel = trumps_rel
        if result is None and question != AT_MOST:
            ours = self.mine[leader]
            if ours and question == AT_LEAST:
                sure, sure_rel = self._sure(hands, leader)
                if sure >= k:
                    result, rel = True, sure_rel
            elif not ours:
                sure, sure_rel = self._sure(hands, leader)
                if left - sure < k:
                    result, rel = False, sure_rel
        if result is None:
            if not live:
                for hand in hands:
                    live |= hand
            result = self._node(question, k, left, hands, leader, 0, -1, -1, -1, live)
            rel = self._rel
        if key is not None:
            self._learn_exactly(question, key, k, left, result)
        elif found is not None:
            self._learn(question, k, left, result, found, live, rel)
            self._rel = rel
        return result

    def _node(
        self,
        question: int,
        k: int,
        left: int,
        hands: list[int],
        leader: int,
        played: int,
        led: int,
        best: int,
        best_seat: int,
        live: int,
    ) -> bool:
        """The seat to play's turn: its cards, one of each equivalent run, in a likely order."""
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _SpentError
        players = self.players
        mover = leader + played
        if mover >= players:
            mover -= players
        hand = hands[mover]
        mine = self.mine
        ours = mine[mover]
        trump = -1 if self.trump is None else self.trump
        # The playable cards (R-PLAY-1 to R-PLAY-8, restated as rules.play has them).
        if self._hook is not None:  # a test's rule in place of the restatement, leads too
            legal, _ = self._hook(
                hand,
                led if played else None,
                best,
                self.trump,
                self.must_trump,
                self.must_overtrump,
            )
        elif not played:
            legal = hand
        else:
            legal = hand & SUIT_MASKS[led]
            if not legal:
                trumps = hand & SUIT_MASKS[trump] if trump >= 0 and self.must_trump else 0
                if not trumps:
                    legal = hand
                elif self.must_overtrump and best >> 4 == trump:
                    legal = trumps >> (best + 1) << (best + 1) or trumps
                else:
                    legal = trumps
        # One card of each run in sequence (no card still out between them).
        if legal & (legal - 1):
            reps, previous, rest = 0, -1, legal
            while rest:
                bit = rest.bit_length() - 1
                rest ^= 1 << bit
                if previous >> 4 == bit >> 4 and not live & ((1 << previous) - 1) & ~(
                    (2 << bit) - 1
                ):
                    previous = bit
                    continue
                reps |= 1 << bit
                previous = bit
        else:
            reps = legal
        # The order: in "at least" (and "exactly") each seat plays for its own side to
        # take the trick, in "at most" for the other side to.
        greedy = question != AT_MOST
        beat = 0
        if not reps & (reps - 1):  # one play: no order to choose
            order = [reps.bit_length() - 1]
            if played:
                suit = best >> 4
                if (reps & SUIT_MASKS[suit] and reps > 1 << best) or (
                    trump >= 0 and suit != trump and reps & SUIT_MASKS[trump]
                ):
                    beat = reps
        elif not played:
            order = self._leads(reps, hands, mover, live) if greedy else _ascending(reps)
        else:
            suit = best >> 4
            beat = reps & SUIT_MASKS[suit] & ~((2 << best) - 1)
            if trump >= 0 and suit != trump:
                beat |= reps & SUIT_MASKS[trump]
            if not greedy:
                order = _descending(reps ^ beat) + _ascending(beat)
            elif mine[best_seat] is ours:
                order = _ascending(reps ^ beat) + _ascending(beat)
            else:
                order = _ascending(beat) + _ascending(reps ^ beat)
        last = played + 1 == players
        partition = self._partition
        rel = 0
        for card in order:
            bit = 1 << card
            hands[mover] = hand ^ bit
            if not played:
                new_best, new_seat = card, mover
                led = card >> 4
            elif beat & bit:
                new_best, new_seat = card, mover
            else:
                new_best, new_seat = best, best_seat
            if last:
                held = self._start(question, k - mine[new_seat], left - 1, hands, new_seat)
                # The card that took the trick decided it if it beat a card of its suit
                # (a lone trump, or a lead no one followed, wins whatever its rank).
                if partition:
                    contested = new_seat != leader and new_best >> 4 == led  # beat the lead
                    if not contested:  # the lead or a trump won: did its suit fall beside it?
                        out = 0
                        for other in hands:
                            out |= other
                        contested = bool(
                            (live ^ out) & SUIT_MASKS[new_best >> 4] & ~(1 << new_best)
                        )
                    if contested:
                        self._rel |= 1 << new_best
            else:
                held = self._node(
                    question, k, left, hands, leader, played + 1, led, new_best, new_seat, live
                )
            hands[mover] = hand
            if held is ours:
                return ours  # this card's way: its cards decided it (_rel as the child set)
            if partition:
                rel |= self._rel
        if partition:
            # Every way failed: the cards of every way decided it, and the cards passed
            # over as equal to a tried one of their suit whose rank mattered (equal only
            # while the cards between them are gone).
            skipped = legal ^ reps
            if skipped:
                for suit in _SUITS:
                    if rel & reps & SUIT_MASKS[suit]:
                        rel |= skipped & SUIT_MASKS[suit]
            self._rel = rel
        return not ours  # the side needs one way; the others need every way to fail

    def _leads(self, reps: int, hands: list[int], mover: int, live: int) -> list[int]:
        """The leads in a likely order for a side that wants the trick: the cards to try first.

        First the cards on top of their suit (high to low), then low cards of
        the suits whose top card a seat of the same side holds (towards it),
        then the rest from the top.  A refutation found sooner prunes the
        rest of the leads: on 30 classic 8-card deals this took the median
        positions of ``most`` from 21,147 to 17,786.
        """
        mine = self.mine
        ours = mine[mover]
        hand = hands[mover]
        winners: list[int] = []
        towards: list[int] = []
        rest: list[int] = []
        for suit in _SUITS:
            held = reps & SUIT_MASKS[suit]
            if not held:
                continue
            top = (live & SUIT_MASKS[suit]).bit_length() - 1
            if hand >> top & 1:
                winners += _descending(held)
                continue
            owner = 0
            while not hands[owner] >> top & 1:
                owner += 1
            if mine[owner] is ours:
                towards += _ascending(held)
            else:
                rest += _descending(held)
        return winners + towards + rest

    def guess(self, hands: tuple[int, ...], leader: int, cards: tuple[int, ...]) -> int:
        """The side's tricks in one quick playout: where :meth:`most` starts asking.

        Every seat plays for its own side: a leader cashes its highest card on
        top of its suit, else leads the lowest of its longest suit; a follower
        whose side is winning plays its lowest card, else the lowest that
        takes the trick, else its lowest.  The cards are those the rule book
        allows (:func:`whist_ro.rules.play.playable_cards`).  Only a starting
        point: right on 12 of 30 classic 8-card deals, within one on 25.

        >>> from whist_ro import CardSet
        >>> hands = tuple(CardSet.parse(h).mask for h in ("Ah Kh", "Qh 9c", "Jh 10c"))
        >>> Search(players=3, side=(0,), trump=None, must_trump=True,
        ...        must_overtrump=False).guess(hands, 0, ())
        2
        """
        held, table = list(hands), list(cards)
        players, mine = self.players, self.mine
        trump = -1 if self.trump is None else self.trump
        ours = 0
        best = best_seat = -1
        for i, card in enumerate(table):
            if not i or _beats(card, best, trump):
                best, best_seat = card, (leader + i) % players
        while True:
            if len(table) == players:
                ours += mine[best_seat]
                leader, table = best_seat, []
            mover = (leader + len(table)) % players
            hand = held[mover]
            if not hand:
                return ours
            if not table:
                live = 0
                for other in held:
                    live |= other
                tops = []
                for suit in _SUITS:
                    if hand & SUIT_MASKS[suit]:
                        top = (live & SUIT_MASKS[suit]).bit_length() - 1
                        if hand >> top & 1:
                            tops.append(top)
                if tops:
                    card = max(tops, key=_rank)
                else:
                    longest = max(_SUITS, key=lambda suit: (hand & SUIT_MASKS[suit]).bit_count())
                    low = hand & SUIT_MASKS[longest]
                    card = (low & -low).bit_length() - 1
            else:
                legal, _ = _PLAYABLE(
                    hand, table[0] >> 4, best, self.trump, self.must_trump, self.must_overtrump
                )
                playable = _ascending(legal)
                taking = [c for c in playable if _beats(c, best, trump)]
                if mine[best_seat] is mine[mover] or not taking:
                    card = min(playable, key=_rank)
                else:
                    card = min(taking, key=lambda c: (c >> 4 == trump, _rank(c)))
            held[mover] = hand ^ 1 << card
            if not table or _beats(card, best, trump):
                best, best_seat = card, mover
            table.append(card)

    def _top_trumps(self, hands: list[int], trump: int) -> tuple[int, int, int]:
        """Tricks each side takes for sure with its top trumps, whoever leads: (ours, theirs, rel).

        A trump above every trump of the other side wins the trick it falls in
        (only a trump of its own side could beat it), and one seat's cards fall
        in different tricks: so a side takes at least as many tricks as any one
        of its seats holds trumps above all of the other side's.  Asked at a
        trick's start.  ``rel``: the trumps that decided the counts (from the lower
        of the two sides' highest up; none when one side holds them all, as the
        lengths decide).
        """
        trumps = SUIT_MASKS[trump]
        mine = self.mine
        ours_all = theirs_all = 0
        for seat, hand in enumerate(hands):
            if mine[seat]:
                ours_all |= hand & trumps
            else:
                theirs_all |= hand & trumps
        if not ours_all or not theirs_all:  # one side holds every trump still out
            held = ours_all | theirs_all
            count = max((hand & held).bit_count() for hand in hands) if held else 0
            return (count, 0, 0) if ours_all else (0, count, 0)
        ours_top = theirs_top = 0
        above_theirs = -1 << theirs_all.bit_length()  # the trumps above their highest
        above_ours = -1 << ours_all.bit_length()
        for seat, hand in enumerate(hands):
            if mine[seat]:
                ours_top = max(ours_top, (hand & trumps & above_theirs).bit_count())
            else:
                theirs_top = max(theirs_top, (hand & trumps & above_ours).bit_count())
        lower = min(ours_all.bit_length(), theirs_all.bit_length()) - 1
        return ours_top, theirs_top, (ours_all | theirs_all) & -(1 << lower)

    def _sure(self, hands: list[int], leader: int) -> tuple[int, int]:
        """Tricks the leader takes for sure by cashing its top cards, side suits first.

        A card above every card the others hold of its suit wins when led, unless
        someone void in the suit can trump it: so a side suit counts only when
        each other seat holding trumps can follow it every time it is led (the
        trumps are cashed last, so none of them is drawn before).
        """
        hand = hands[leader]
        others = 0
        for seat, other in enumerate(hands):
            if seat != leader:
                others |= other
        trump = -1 if self.trump is None else self.trump
        total = rel = 0
        for suit in _SUITS:
            held = hand & SUIT_MASKS[suit]
            if not held:
                continue
            against = others & SUIT_MASKS[suit]
            top = (held >> against.bit_length()).bit_count() if against else held.bit_count()
            if not top:
                continue
            if trump >= 0 and suit != trump:
                trumps = SUIT_MASKS[trump]
                if any(
                    seat != leader
                    and other & trumps
                    and (other & SUIT_MASKS[suit]).bit_count() < top
                    for seat, other in enumerate(hands)
                ):
                    continue
            total += top
            if against:  # the ranks decided it: the leader's top cards and the best against
                rel |= (held | against) & -(1 << (against.bit_length() - 1))
        return total, rel

    # -- the transposition tables -----------------------------------------------------

    def _known(self, question: int, k: int, found: _Class, live: int) -> bool | None:
        """The answer a table knows for this position's class, or None; sets ``_rel``."""
        bucket = self._tables.get(found[0])
        if bucket is None:
            return None
        c0, c1, c2, c3 = found[1]
        for (m0, m1, m2, m3), (tops, table) in bucket.items():
            pattern = (c0 & m0, c1 & m1, c2 & m2, c3 & m3)
            bounds = table.get(pattern)
            if bounds is None:
                continue
            answer = _decided(question, k, bounds)
            if answer is None and question == EXACTLY:
                answer = self._exact.get((found[0], pattern, k))
            if answer is None:
                continue
            self._rel = _lowest_tops(live, tops, self._lows)
            return answer
        return None

    def _learn(
        self, question: int, k: int, left: int, held: bool, found: _Class, live: int, rel: int
    ) -> None:
        """Remember the answer for every position of the class its relevant cards make."""
        sizes = found[2]
        tops = []
        masks = []
        for suit in _SUITS:
            cards = live & SUIT_MASKS[suit]
            relevant = rel & cards
            top = (cards & ~((relevant & -relevant) - 1)).bit_count() if relevant else 0
            tops.append(top)
            masks.append(self._reps[sizes[suit]][top])
        key = (masks[0], masks[1], masks[2], masks[3])
        bucket = self._tables.setdefault(found[0], {})
        slot = bucket.get(key)
        if slot is None:
            slot = bucket[key] = (tuple(tops), {})
        codes = found[1]
        pattern = (codes[0] & key[0], codes[1] & key[1], codes[2] & key[2], codes[3] & key[3])
        table = slot[1]
        if question == EXACTLY:
            # The pattern stands for its relevant ranks too: a suit's pattern has a bit
            # for each relevant card, so two classes of one key cannot share a pattern.
            self._exact[(found[0], pattern, k)] = held
        table[pattern] = _updated(question, k, held, table.get(pattern, (0, left, 0, left)))

    def _known_exactly(self, question: int, key: tuple[int, ...], k: int, left: int) -> bool | None:
        """The answer known for this very position (every card relevant), or None."""
        bounds = self._plain.get(key)
        if bounds is None:
            return None
        answer = _decided(question, k, bounds)
        if answer is None and question == EXACTLY:
            answer = self._exact.get((key, k))
        return answer

    def _learn_exactly(
        self, question: int, key: tuple[int, ...], k: int, left: int, held: bool
    ) -> None:
        """Remember the answer for this very position."""
        if question == EXACTLY:
            self._exact[(key, k)] = held
        self._plain[key] = _updated(question, k, held, self._plain.get(key, (0, left, 0, left)))

    def _key(self, hands: list[int], leader: int) -> tuple[int, ...]:
        """The position's key: the leader and each suit renumbered by rank among the cards out."""
        codes = self._codes
        key = [leader]
        for shift in (0, 16, 32, 48):
            split = tuple([hand >> shift & 0xFFFF for hand in hands])
            suit = codes.get(split)
            if suit is None:
                suit = codes[split] = _suit_code(split)
            key.append(suit[0])
        return tuple(key)

    def _classify(self, hands: list[int], leader: int) -> _Class:
        """The position's class key (leader, lengths), its suits renumbered, the suits' sizes."""
        codes = self._codes
        suits = []
        for shift in (0, 16, 32, 48):
            split = tuple([hand >> shift & 0xFFFF for hand in hands])
            suit = codes.get(split)
            if suit is None:
                suit = codes[split] = _suit_code(split)
            suits.append(suit)
        s0, s1, s2, s3 = suits
        return (
            (leader, s0[1], s1[1], s2[1], s3[1]),
            (s0[0], s1[0], s2[0], s3[0]),
            (s0[2], s1[2], s2[2], s3[2]),
        )

    def _suits_of(self, hand: int) -> int:
        """Every card of the suits ``hand`` holds, and of trumps."""
        out = SUIT_MASKS[self.trump] if self.trump is not None else 0
        for suit in _SUITS:
            if hand & SUIT_MASKS[suit]:
                out |= SUIT_MASKS[suit]
        return out


def _decided(question: int, k: int, bounds: _Bounds) -> bool | None:
    """What known bounds say of ``question`` about ``k``, or None (for exactly: only no)."""
    most_low, most_high, fewest_low, fewest_high = bounds
    if question == AT_LEAST:
        return True if k <= most_low else False if k > most_high else None
    if question == AT_MOST:
        return True if k >= fewest_high else False if k < fewest_low else None
    # Exactly k needs both "at least k" and "at most k".
    return False if most_high < k or fewest_low > k else None


def _updated(question: int, k: int, held: bool, bounds: _Bounds) -> _Bounds:
    """The bounds once ``question`` about ``k`` is answered ``held`` (exactly: unchanged)."""
    most_low, most_high, fewest_low, fewest_high = bounds
    if question == AT_LEAST:
        if held:
            most_low = max(most_low, k)
        else:
            most_high = min(most_high, k - 1)
    elif question == AT_MOST:
        if held:
            fewest_high = min(fewest_high, k)
        else:
            fewest_low = max(fewest_low, k + 1)
    return most_low, most_high, fewest_low, fewest_high


def _rep_table(players: int) -> tuple[tuple[int, ...], ...]:
    """[size][top]: the ``top`` highest of a suit's ``size`` ranks (renumbered), in every hand."""
    table = _REPS.get(players)
    if table is None:
        rows = []
        for size in range(17):
            row = []
            for top in range(size + 1):
                field = ((1 << size) - 1) ^ ((1 << (size - top)) - 1)
                rep = 0
                for seat in range(players):
                    rep |= field << (16 * seat)
                row.append(rep)
            rows.append(tuple(row))
        table = _REPS[players] = tuple(rows)
    return table


_REPS: dict[int, tuple[tuple[int, ...], ...]] = {}


def _lowest_tops(live: int, tops: tuple[int, ...], cache: dict[int, int]) -> int:
    """The lowest of the ``tops[suit]`` highest cards of each suit among ``live``.

    It stands for all of them: a class keeps each suit's cards from its lowest
    relevant card up.
    """
    out = 0
    for suit in _SUITS:
        top = tops[suit]
        if top:
            cards = live & SUIT_MASKS[suit]
            low = cache.get(cards << 4 | top)
            if low is None:
                rest = cards
                for _ in range(cards.bit_count() - top):
                    rest &= rest - 1
                low = cache[cards << 4 | top] = rest & -rest
            out |= low
    return out


def _suit_code(split: tuple[int, ...]) -> tuple[int, int, int]:
    """One suit's cards in each hand: (renumbered, the length in each hand 4 bits a hand, size)."""
    lengths = [cards.bit_count() for cards in split]
    shape = 0
    for n in reversed(lengths):
        shape = shape << 4 | n
    return _renumbered(split), shape, sum(lengths)


def _renumbered(split: tuple[int, ...]) -> int:
    """One suit's cards in each hand renumbered 0, 1, ... among them, packed 16 bits a hand."""
    union = 0
    for cards in split:
        union |= cards
    code, rank = 0, 0
    while union:
        low = union & -union
        union ^= low
        for i, cards in enumerate(split):
            if cards & low:
                code |= 1 << (16 * i + rank)
                break
        rank += 1
    return code


def _trivial(question: int, k: int, left: int) -> bool | None:
    """The answer from the count of tricks left alone, or None."""
    if question == AT_LEAST:
        return True if k <= 0 else False if k > left else None
    if question == AT_MOST:
        return True if k >= left else False if k < 0 else None
    if k < 0 or k > left:
        return False
    return (k == 0) if left == 0 else None


def tricks_left(hands: tuple[int, ...], leader: int, cards: tuple[int, ...]) -> int:
    """The tricks still to be won from the position ``(hands, leader, cards)``.

    The leader has played to the trick on the table, if there is one, so its
    hand is one card short of the tricks left.

    >>> tricks_left((0b11, 0b1100), 0, ()), tricks_left((0b1, 0b1100), 0, (1,))
    (2, 2)
    """
    return hands[leader].bit_count() + (1 if cards else 0)
