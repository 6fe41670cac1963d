"""The scalar kernel: one round to its end with ints, masks and locals.

A hand is an int mask (bit ``16 * suit + rank``, see
:attr:`Card.bit <whist_ro.Card.bit>`), a card is a one-bit mask, and a
suit is its 16-bit lane mask.  The rules are restated here in mask
arithmetic on purpose, the one exception to "one function per rule": the
legal cards are the led suit's lane of the hand (R-PLAY-2), else the trump
lane (R-PLAY-3) cut to the trumps above the best one (R-PLAY-8), else the
hand (R-PLAY-4, R-PLAY-5); a card beats the best one if it is higher in
the same lane, or a trump on a non-trump (R-PLAY-6); the dealer may not
bid what makes the bids total the hand size (R-BID-2).  The kernel never
becomes the reference: ``tests/test_sim.py`` holds it to the engine, and
``check=`` compares every step with the engine while it plays.

>>> import random
>>> import whist_ro as wr
>>> from whist_ro.sim import scalar
>>> from whist_ro.sim._position import position_of
>>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
...                         dealer=2, turn_up="Qs")
>>> p = position_of(r)
>>> scalar.play(p, p.hidden, scalar.LOWEST, random.Random(0).random)
((0, 0, 0), (0, 0, 2))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from whist_ro.cards import SUIT_MASKS
from whist_ro.sim._position import BIDDING, OVER, Hidden, Position

__all__ = [
    "GREEDY",
    "HIGHEST",
    "LOWEST",
    "RANDOM",
    "Checker",
    "Decide",
    "View",
    "beating",
    "highest_card",
    "legal_mask",
    "lowest_card",
    "play",
]

RANDOM: Final = 0
LOWEST: Final = 1
HIGHEST: Final = 2
GREEDY: Final = 3
CALLABLE: Final = 4

_LANE: Final = 0xFFFF
_REPEAT: Final = 0x0001_0001_0001_0001  # one bit per lane: rank r in every suit is REPEAT << r
# SUIT_OF_BIT[bit] is the lane mask of a card's suit.
_SUIT_LANE: Final = tuple(SUIT_MASKS[b >> 4] for b in range(64))
# Trump honours for the greedy bid: J, Q, K, A of a lane.
_HONOURS: Final = 0xF << 11

#: ``decide(seat, is_bid, options, view)`` for a Python policy: ``options`` is
#: the legal bids (a tuple) or the legal card mask; it returns a bid or a card bit.
Decide = Callable[[int, bool, "tuple[int, ...] | int", "View"], int]
#: What a Python policy is shown: bids, tricks won, the trick's card bits,
#: the trump suit (-1: none) and the seat's hand mask.
View = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]
#: ``check(seat, is_bid, legal, chosen)`` called before each action, and
#: ``check(winner, None, trick, 0)`` after each trick (the debug hook).
Checker = Callable[[int, bool | None, object, int], None]


def lowest_card(mask: int) -> int:
    """The card of lowest rank in ``mask``; ties go to clubs, diamonds, hearts, spades.

    >>> from whist_ro import Card, CardSet
    >>> Card.from_bit(lowest_card(CardSet.parse("9s 9d Ah").mask).bit_length() - 1)
    Card.parse('9d')
    """
    fold = (mask | mask >> 16 | mask >> 32 | mask >> 48) & _LANE
    same_rank = mask & (fold & -fold) * _REPEAT
    return same_rank & -same_rank


def highest_card(mask: int) -> int:
    """The card of highest rank in ``mask``; ties go to clubs, diamonds, hearts, spades.

    >>> from whist_ro import Card, CardSet
    >>> Card.from_bit(highest_card(CardSet.parse("As 9d Ah").mask).bit_length() - 1)
    Card.parse('Ah')
    """
    fold = (mask | mask >> 16 | mask >> 32 | mask >> 48) & _LANE
    same_rank = mask & (1 << (fold.bit_length() - 1)) * _REPEAT
    return same_rank & -same_rank


def legal_mask(
    hand: int, led: int, best: int, trump_lane: int, *, must_trump: bool, must_overtrump: bool
) -> int:
    """The cards of ``hand`` a follower may play (R-PLAY-2..5, R-PLAY-8).

    ``led`` is the led suit's lane mask (0 when leading), ``best`` the
    winning card so far as a one-bit mask, ``trump_lane`` the trump lane
    (0 without trump).

    >>> from whist_ro import CardSet
    >>> hand = CardSet.parse("2s 9s Ad").mask
    >>> clubs, spades = 0xFFFF, 0xFFFF << 48
    >>> str(CardSet.from_mask(legal_mask(hand, clubs, 1 << 14, spades,
    ...                                  must_trump=True, must_overtrump=False)))
    '9s 2s'
    """
    if not led:
        return hand
    legal = hand & led
    if legal:
        return legal
    if must_trump and trump_lane:
        trumps = hand & trump_lane
        if trumps:
            if must_overtrump and best & trump_lane:
                over = trumps & ~((best << 1) - 1)
                if over:
                    return over
            return trumps
    return hand


def beating(legal: int, best: int, best_lane: int, trump_lane: int) -> int:
    """The cards of ``legal`` that would take the trick from ``best`` (R-PLAY-6).

    >>> beating(0b1100 << 16, 1 << 19, 0xFFFF << 16, 0)  # only higher cards of the suit
    0
    >>> beating(0b1100 << 32, 1 << 19, 0xFFFF << 16, 0xFFFF << 32) == 0b1100 << 32
    True
    """
    higher = legal & best_lane & ~((best << 1) - 1)
    if best & trump_lane:
        return higher
    return higher | (legal & trump_lane)


def play(
    p: Position,
    hidden: Hidden,
    policy: int,
    random_: Callable[[], float],
    decide: Decide | None = None,
    check: Checker | None = None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Play position ``p`` with hidden cards ``hidden`` to the end: ``(bids, tricks_won)``.

    ``policy`` is one of :data:`RANDOM`, :data:`LOWEST`, :data:`HIGHEST`,
    :data:`GREEDY` or :data:`CALLABLE` (then ``decide`` chooses);
    ``random_`` draws floats in [0, 1).  Bids are ``-1`` in classic.
    """
    if policy == RANDOM and check is None:
        return _play_random(p, hidden, random_)
    return _play_general(p, hidden, policy, random_, decide, check)


def _play_random(
    p: Position, hidden: Hidden, random_: Callable[[], float]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    hands = list(hidden[0])
    trump = hidden[1]
    players = p.players
    size = p.hand_size
    bids = list(p.bids)
    won = list(p.won)
    phase = p.phase
    if phase == OVER:
        return tuple(bids), tuple(won)
    if phase == BIDDING:
        seat = p.to_act
        dealer = p.dealer
        while True:
            if seat == dealer and p.hook:
                forbidden = size - sum(b for b in bids if b > 0)
                if 0 <= forbidden <= size:
                    bid = int(random_() * size)
                    if bid >= forbidden:
                        bid += 1
                else:
                    bid = int(random_() * (size + 1))
            else:
                bid = int(random_() * (size + 1))
            bids[seat] = bid
            if seat == dealer:
                break
            seat = seat + 1 if seat + 1 < players else 0
        leader = p.first
        trick: tuple[int, ...] = ()
    else:
        leader = p.leader
        trick = p.trick
    trump_lane = SUIT_MASKS[trump] if trump >= 0 else 0
    must_trump = p.must_trump and trump_lane != 0
    must_over = p.must_overtrump
    lanes = _SUIT_LANE
    tricks_left = p.tricks_left
    # A trick in progress: rebuild the best card so far, then finish the trick.
    best = best_lane = led = best_seat = 0
    start = 0
    if trick:
        first_bit = trick[0]
        led = best_lane = lanes[first_bit]
        best = 1 << first_bit
        best_seat = leader
        for i in range(1, len(trick)):
            card = 1 << trick[i]
            if card & best_lane:
                if card > best:
                    best, best_seat = card, (leader + i) % players
            elif card & trump_lane:
                best, best_seat, best_lane = card, (leader + i) % players, trump_lane
        start = len(trick)
    while tricks_left:
        seat = leader
        if not start:
            # The lead: any card (R-PLAY-1, R-PLAY-4), uniformly.
            hand = hands[seat]
            skip = int(random_() * hand.bit_count())
            rest = hand
            while skip:
                rest &= rest - 1
                skip -= 1
            best = rest & -rest
            hands[seat] = hand ^ best
            led = best_lane = lanes[best.bit_length() - 1]
            best_seat = seat
            start = 1
        for _ in range(start, players):
            # The first follower after a lead is seat + 1; resuming a trick
            # on the table starts after its last card.
            seat = (seat + 1) % players if start == 1 else (leader + start) % players
            start = 1
            hand = hands[seat]
            legal = hand & led
            if not legal:
                legal = hand
                if must_trump:
                    trumps = hand & trump_lane
                    if trumps:
                        legal = trumps
                        if must_over and best & trump_lane:
                            over = trumps & ~((best << 1) - 1)
                            if over:
                                legal = over
            if legal & (legal - 1):
                skip = int(random_() * legal.bit_count())
                while skip:
                    legal &= legal - 1
                    skip -= 1
                card = legal & -legal
            else:
                card = legal
            hands[seat] = hand ^ card
            if card & best_lane:
                if card > best:
                    best = card
                    best_seat = seat
            elif card & trump_lane:
                best = card
                best_seat = seat
                best_lane = trump_lane
        won[best_seat] += 1
        leader = best_seat
        start = 0
        tricks_left -= 1
    return tuple(bids), tuple(won)


def _greedy_bid(hand: int, trump_lane: int) -> int:
    # Aces and trump honours are the likely tricks of a short hand.
    aces = (hand & (_REPEAT << 14)).bit_count()
    trumps = hand & trump_lane & (_HONOURS * _REPEAT)
    return aces + (trumps & ~(_REPEAT << 14)).bit_count()


def _play_general(
    p: Position,
    hidden: Hidden,
    policy: int,
    random_: Callable[[], float],
    decide: Decide | None,
    check: Checker | None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    hands = list(hidden[0])
    trump = hidden[1]
    players = p.players
    size = p.hand_size
    bids = list(p.bids)
    won = list(p.won)
    trump_lane = SUIT_MASKS[trump] if trump >= 0 else 0
    must_trump = p.must_trump
    must_over = p.must_overtrump
    lanes = _SUIT_LANE
    if p.phase == OVER:
        return tuple(bids), tuple(won)
    if p.phase == BIDDING:
        seat = p.to_act
        while True:
            options = list(range(size + 1))
            if seat == p.dealer and p.hook:
                forbidden = size - sum(b for b in bids if b > 0)
                if 0 <= forbidden <= size:
                    options.remove(forbidden)
            if policy == RANDOM:
                bid = options[int(random_() * len(options))]
            elif policy == LOWEST:
                bid = options[0]
            elif policy == HIGHEST:
                bid = options[-1]
            elif policy == GREEDY:
                want = min(_greedy_bid(hands[seat], trump_lane), size)
                bid = want if want in options else (want + 1 if want + 1 in options else want - 1)
            else:
                assert decide is not None
                view: View = (tuple(bids), tuple(won), (), trump, hands[seat])
                bid = decide(seat, True, tuple(options), view)
            if check is not None:
                check(seat, True, tuple(options), bid)
            bids[seat] = bid
            if seat == p.dealer:
                break
            seat = (seat + 1) % players
        leader = p.first
        trick: list[int] = []
    else:
        leader = p.leader
        trick = list(p.trick)
    tricks_left = p.tricks_left
    while tricks_left:
        best = best_lane = led = 0
        best_seat = leader
        for i in range(len(trick)):
            card = 1 << trick[i]
            if i == 0:
                led = best_lane = lanes[trick[0]]
                best = card
            elif card & best_lane:
                if card > best:
                    best, best_seat = card, (leader + i) % players
            elif card & trump_lane:
                best, best_seat, best_lane = card, (leader + i) % players, trump_lane
        for i in range(len(trick), players):
            seat = (leader + i) % players
            hand = hands[seat]
            legal = legal_mask(
                hand, led, best, trump_lane, must_trump=must_trump, must_overtrump=must_over
            )
            if policy == RANDOM:
                skip = int(random_() * legal.bit_count())
                rest = legal
                while skip:
                    rest &= rest - 1
                    skip -= 1
                card = rest & -rest
            elif policy == LOWEST:
                card = lowest_card(legal)
            elif policy == HIGHEST:
                card = highest_card(legal)
            elif policy == GREEDY:
                # Classic has no bids: every seat tries to take tricks.
                need = 1 if p.classic else bids[seat] - won[seat]
                card = _greedy_card(legal, i, best, best_lane, trump_lane, need)
            else:
                assert decide is not None
                view = (tuple(bids), tuple(won), tuple(trick), trump, hand)
                card = 1 << decide(seat, False, legal, view)
            if check is not None:
                check(seat, False, legal, card.bit_length() - 1)
            hands[seat] = hand ^ card
            trick.append(card.bit_length() - 1)
            if i == 0:
                led = best_lane = lanes[card.bit_length() - 1]
                best = card
                best_seat = seat
            elif card & best_lane:
                if card > best:
                    best, best_seat = card, seat
            elif card & trump_lane:
                best, best_seat, best_lane = card, seat, trump_lane
        if check is not None:
            check(best_seat, None, tuple(trick), leader)
        won[best_seat] += 1
        leader = best_seat
        trick = []
        tricks_left -= 1
    return tuple(bids), tuple(won)


def _greedy_card(
    legal: int, position: int, best: int, best_lane: int, trump_lane: int, need: int
) -> int:
    # A seat short of its bid tries to win the trick as cheaply as it can; a
    # seat that has made its bid ducks under the best card.
    wants = need > 0
    if position == 0:
        return highest_card(legal) if wants else lowest_card(legal)
    winners = beating(legal, best, best_lane, trump_lane)
    if wants:
        return lowest_card(winners) if winners else lowest_card(legal)
    losers = legal & ~winners
    return highest_card(losers) if losers else lowest_card(legal)
