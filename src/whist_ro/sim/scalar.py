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

from collections.abc import Callable, Sequence
from typing import Final

from whist_ro.cards import SUIT_MASKS
from whist_ro.rules.bidding import forbidden_bid, next_seat
from whist_ro.rules.play import trick_winner_index
from whist_ro.sim._position import BIDDING, OVER, Hidden, Position

__all__ = [
    "GREEDY",
    "HIGHEST",
    "LOWEST",
    "LOWRISK",
    "RANDOM",
    "Checker",
    "Decide",
    "View",
    "beating",
    "highest_card",
    "lanes_of",
    "legal_mask",
    "low_rank",
    "lowest_card",
    "play",
    "play_random",
]

RANDOM: Final = 0
LOWEST: Final = 1
HIGHEST: Final = 2
GREEDY: Final = 3
CALLABLE: Final = 4
LOWRISK: Final = 5

_LANE: Final = 0xFFFF
_REPEAT: Final = 0x0001_0001_0001_0001  # one bit per lane: rank r in every suit is REPEAT << r
# _SUIT_LANE[bit] is the lane mask of a card's suit.
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
    policy: int | tuple[int, ...],
    random_: Callable[[], float],
    decide: Decide | None = None,
    check: Checker | None = None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Play position ``p`` with hidden cards ``hidden`` to the end: ``(bids, tricks_won)``.

    ``policy`` is one of :data:`RANDOM`, :data:`LOWEST`, :data:`HIGHEST`,
    :data:`GREEDY`, :data:`LOWRISK` or :data:`CALLABLE` (then ``decide``
    chooses), or a tuple of them, one per seat; ``random_`` draws floats in
    [0, 1).  Bids are ``-1`` in classic.

    >>> import whist_ro as wr
    >>> from whist_ro.sim._position import position_of
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
    ...                         dealer=2, turn_up="Qs")
    >>> p = position_of(r)
    >>> play(p, p.hidden, (LOWEST, GREEDY, LOWRISK), lambda: 0.0)
    ((0, 0, 0), (0, 0, 2))
    """
    if not isinstance(policy, int) and len(set(policy)) == 1:
        policy = policy[0]  # one policy for every seat: the fast paths apply
    if policy == RANDOM and check is None:
        bids, won = play_random(
            p, list(lanes_of(hidden[0], low_rank(p.deck))), [hidden[1]], random_
        )
        return tuple(bids), tuple(won)
    return _play_general(p, hidden, policy, random_, decide, check)


# For every subset of a suit's ranks (a 16-bit lane), its cards as one-bit
# lane masks in rising order; built once per deck's set of ranks.
_PICKS: dict[int, dict[int, tuple[int, ...]]] = {}
# Above every rank bit: the "best card" of a trick once it is trumped, so no
# card of the led suit can beat it (R-PLAY-6).
_TRUMPED: Final = 1 << 16


def low_rank(deck: int) -> int:
    """The lowest rank bit of ``deck``'s suits: lanes are shifted down by it.

    Shifted lanes of a 32-card deck fit in a byte, and CPython keeps the ints
    below 257 ready made, so the hot loop allocates far less.

    >>> from whist_ro import CardSet
    >>> low_rank(CardSet.parse("7c Ah").mask)
    7
    """
    ranks = (deck | deck >> 16 | deck >> 32 | deck >> 48) & _LANE
    return (ranks & -ranks).bit_length() - 1


def _picks(deck: int) -> dict[int, tuple[int, ...]]:
    """The cards of every subset of the (shifted) ranks in ``deck``'s suits, by lane."""
    ranks = ((deck | deck >> 16 | deck >> 32 | deck >> 48) & _LANE) >> low_rank(deck)
    table = _PICKS.get(ranks)
    if table is None:
        subsets: list[tuple[int, ...]] = [()]
        rest = ranks
        while rest:
            card = rest & -rest
            rest ^= card
            # Cards come in rising order, so each subset's tuple stays sorted.
            subsets += [(*sub, card) for sub in subsets]
        table = _PICKS[ranks] = {sum(cards): cards for cards in subsets}
    return table


def lanes_of(hands: Sequence[int], low: int = 0) -> tuple[int, ...]:
    """Hand masks as one flat tuple of suit lanes: ``4 * seat + suit`` holds rank bits.

    The rank bits are shifted down by ``low`` (see :func:`low_rank`).

    >>> from whist_ro import CardSet
    >>> lanes_of([CardSet.parse("Ah 9c").mask], 7)
    (4, 0, 128, 0)
    """
    lane = _LANE >> low
    return tuple(h >> shift & lane for h in hands for shift in (low, 16 + low, 32 + low, 48 + low))


def play_random(
    p: Position,
    lanes: list[int],
    trumps: Sequence[int],
    random_: Callable[[], float],
) -> tuple[list[int], list[int]]:
    """Play position ``p`` once per deal with uniformly random legal actions.

    ``lanes`` holds each game's unplayed cards as :func:`lanes_of` gives
    them (shifted by ``low_rank(p.deck)``), one game after the other, and
    ``trumps[g]`` game ``g``'s trump suit (``-1``: none).  Returns the bids
    and the tricks won of every game one after the other (``players``
    values a game; bids ``-1`` where none is made).  This is the hot loop of
    random playouts, flat on purpose: one function, locals, small ints (a
    suit's ranks), a table of each suit subset's cards, no call per card.
    It draws exactly as the general loop does (the ``k``-th legal card in
    rising bit order, ``k = int(random_() * count)``, no draw for a forced
    action), so both give the same games for the same generator: the tests
    check that, and the general loop against the engine step by step.

    >>> import random
    >>> import whist_ro as wr
    >>> from whist_ro.sim._position import position_of
    >>> p = position_of(wr.Round.shuffled(wr.variants.ROMANIAN, players=3, dealer=0,
    ...                                   hand_size=2, seed=1))
    >>> lanes = list(lanes_of(p.hands, low_rank(p.deck))) * 2
    >>> bids, won = play_random(p, lanes, [p.trump] * 2, random.Random(1).random)
    >>> len(bids), len(won), sum(won[:3]), sum(won[3:])
    (6, 6, 2, 2)
    """
    n = len(trumps)
    players = p.players
    size = p.hand_size
    if p.phase == OVER:
        return list(p.bids) * n, list(p.won) * n
    bidding = p.phase == BIDDING
    out_bids: list[int] = [] if bidding else list(p.bids) * n
    out_won: list[int] = []
    bid_seats: list[int] = []
    if bidding:
        seat = p.to_act
        while True:
            bid_seats.append(seat)
            if seat == p.dealer:
                break
            seat = next_seat(seat, players)
    dealer = p.dealer
    made = sum(b for b in p.bids if b > 0)
    # The dealer's forbidden bid by the total bid before (R-BID-2), from the rule itself.
    forbid = [
        forbidden_bid(hand_size=size, earlier=total, hook=p.hook)
        for total in range(players * size + 1)
    ]
    size1 = size + 1
    start_bids = list(p.bids)
    start_won = list(p.won)
    mid_trick = () if bidding else p.trick
    first = p.first if bidding else p.leader
    tricks = p.tricks_left - (1 if mid_trick else 0)
    # Seats are 4 * seat here, the start of the seat's lanes.
    follow = [
        tuple(4 * ((lead + k) % players) for k in range(1, players)) for lead in range(players)
    ]
    must_trump = p.must_trump
    must_over = p.must_overtrump
    picks = _picks(p.deck)
    low = low_rank(p.deck)
    trumped = _TRUMPED
    width = 4 * players
    for g in range(n):
        hl = lanes[g * width : g * width + width]
        ts = trumps[g]
        must = must_trump and ts >= 0
        if bidding:
            bids = start_bids[:]
            total = made
            for seat in bid_seats:
                no = forbid[total] if seat == dealer else None
                if no is None:
                    bid = int(random_() * size1)
                else:
                    # One bid fewer to choose from: skip the forbidden one.
                    bid = int(random_() * size) if size > 1 else 0
                    if bid >= no:
                        bid += 1
                bids[seat] = bid
                total += bid
            out_bids += bids
        won = start_won[:]
        leader = first
        if mid_trick:
            leader = _finish_trick(p, hl, ts, random_, low)
            won[leader] += 1
        left = tricks
        while left:
            # The lead: any card (R-PLAY-1), uniformly: the k-th of the hand.
            k = int(random_() * left) if left > 1 else 0
            at = 4 * leader
            x = hl[at]
            c = x.bit_count()
            while k >= c:
                k -= c
                at += 1
                x = hl[at]
                c = x.bit_count()
            best = picks[x][k]
            hl[at] = x ^ best
            led = at & 3
            best_trump = 0
            winner = 4 * leader
            for f in follow[leader]:
                at = f + led
                legal = hl[at]
                if legal:
                    # Follow suit (R-PLAY-2); the higher card of the led suit leads.
                    if legal & (legal - 1):
                        t = picks[legal]
                        card = t[int(random_() * len(t))]
                    else:
                        card = legal
                    hl[at] = legal ^ card
                    if card > best:
                        best = card
                        winner = f
                    continue
                if must:
                    at = f + ts
                    legal = hl[at]
                    if legal:
                        # Void: trump (R-PLAY-3), above the best trump if it can (R-PLAY-8).
                        if must_over and best_trump:
                            over = legal & -(best_trump << 1)
                            if over:
                                legal = over
                        if legal & (legal - 1):
                            t = picks[legal]
                            card = t[int(random_() * len(t))]
                        else:
                            card = legal
                        hl[at] ^= card
                        if card > best_trump:
                            best_trump = card
                            best = trumped
                            winner = f
                        continue
                # Void and free: any card (R-PLAY-4, R-PLAY-5), the k-th of the hand,
                # found as for the lead (inlined again: a call per card costs ~5%).
                k = int(random_() * left) if left > 1 else 0
                at = f
                x = hl[at]
                c = x.bit_count()
                while k >= c:
                    k -= c
                    at += 1
                    x = hl[at]
                    c = x.bit_count()
                card = picks[x][k]
                hl[at] = x ^ card
                if at - f == ts and card > best_trump:
                    best_trump = card
                    best = trumped
                    winner = f
            leader = winner >> 2
            won[leader] += 1
            left -= 1
        out_won += won
    return out_bids, out_won


def _finish_trick(
    p: Position, hl: list[int], ts: int, random_: Callable[[], float], low: int
) -> int:
    """Play the rest of the trick on the table at random; its winner (``hl`` changes).

    It runs once per game, so it stays in masks: ``playable_cards`` and
    ``trick_winner_index`` here made playouts from mid-trick ~20% slower.
    """
    players = p.players
    trick = p.trick
    leader = p.leader
    tlane = SUIT_MASKS[ts] if ts >= 0 else 0
    led = _SUIT_LANE[trick[0]]
    best = 1 << trick[0]
    best_lane = led
    winner = leader
    for i in range(1, players):
        seat = (leader + i) % players
        if i < len(trick):
            card = 1 << trick[i]
        else:
            at = 4 * seat
            hand = (hl[at] | hl[at + 1] << 16 | hl[at + 2] << 32 | hl[at + 3] << 48) << low
            legal = legal_mask(
                hand,
                led,
                best,
                tlane,
                must_trump=p.must_trump,
                must_overtrump=p.must_overtrump,
            )
            card = _random_card(legal, random_)
            bit = card.bit_length() - 1
            hl[at + (bit >> 4)] ^= 1 << ((bit & 15) - low)
        if card & best_lane:
            if card > best:
                best = card
                winner = seat
        elif card & tlane:
            best, best_lane, winner = card, tlane, seat
    return winner


def _random_card(legal: int, random_: Callable[[], float]) -> int:
    """The ``k``-th card of ``legal`` in rising bit order, ``k = int(random_() * count)``.

    No draw when only one card is legal, as in :func:`play_random`.
    """
    if legal & (legal - 1):
        skip = int(random_() * legal.bit_count())
        while skip:
            legal &= legal - 1
            skip -= 1
    return legal & -legal


def _greedy_bid(hand: int, trump_lane: int) -> int:
    # Aces and trump honours are the likely tricks of a short hand.
    aces = (hand & (_REPEAT << 14)).bit_count()
    trumps = hand & trump_lane & (_HONOURS * _REPEAT)
    return aces + (trumps & ~(_REPEAT << 14)).bit_count()


def _lowrisk_bid(hand: int, trump_lane: int) -> int:
    # LowRisk's count (bots.lowrisk): the plain aces, the trump ace and king, and
    # the trumps beyond two; the caller caps it and steps off a forbidden bid.
    trumps = hand & trump_lane
    count = (hand & ~trump_lane & (_REPEAT << 14)).bit_count()
    count += (trumps & (_REPEAT * 0b11 << 13)).bit_count()
    length = trumps.bit_count()
    return count + length - 2 if length > 2 else count


def _lowrisk_card(
    legal: int, position: int, best: int, best_lane: int, trump_lane: int, owes: bool
) -> int:
    # LowRisk's card (bots.lowrisk): owing, the least dangerous winner (on lead
    # every card wins), else the least dangerous card; owing nothing, the most
    # dangerous loser, else the least dangerous card.  Trumps are more dangerous
    # than plain cards, then the rank decides; ties go to the lower rank, then
    # to clubs, diamonds, hearts, spades, as lowest_card and highest_card break them.
    winners = legal if position == 0 else beating(legal, best, best_lane, trump_lane)
    if owes:
        pool = winners or legal
    else:
        losers = legal & ~winners
        if losers:
            return highest_card(losers & trump_lane or losers)
        pool = legal
    return lowest_card(pool & ~trump_lane or pool)


def _play_general(
    p: Position,
    hidden: Hidden,
    policy: int | tuple[int, ...],
    random_: Callable[[], float],
    decide: Decide | None,
    check: Checker | None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    # A policy per seat, or the same for all.
    codes = (policy,) * p.players if isinstance(policy, int) else policy
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
            # Only the dealer, bidding last, can be bound by the hook (R-BID-2).
            no = (
                forbidden_bid(hand_size=size, earlier=sum(b for b in bids if b > 0), hook=p.hook)
                if seat == p.dealer
                else None
            )
            options = [b for b in range(size + 1) if b != no]
            policy = codes[seat]
            if policy == RANDOM:
                # No draw for a forced action, as in play_random.
                bid = options[int(random_() * len(options))] if len(options) > 1 else options[0]
            elif policy == LOWEST:
                bid = options[0]
            elif policy == HIGHEST:
                bid = options[-1]
            elif policy == GREEDY:
                want = min(_greedy_bid(hands[seat], trump_lane), size)
                bid = want if want in options else (want + 1 if want + 1 in options else want - 1)
            elif policy == LOWRISK:
                bid = min(_lowrisk_bid(hands[seat], trump_lane), size)
                if bid == no:
                    bid = 1 if bid == 0 else bid - 1
            else:
                assert decide is not None
                view: View = (tuple(bids), tuple(won), (), trump, hands[seat])
                bid = decide(seat, True, tuple(options), view)
            if check is not None:
                check(seat, True, tuple(options), bid)
            bids[seat] = bid
            if seat == p.dealer:
                break
            seat = next_seat(seat, players)
        leader = p.first
        trick: list[int] = []
    else:
        leader = p.leader
        trick = list(p.trick)
    tricks_left = p.tricks_left
    while tricks_left:
        best = best_lane = led = 0
        best_seat = leader
        if trick:
            # Cards already on the table (only at the start): the rule says who is winning.
            w = trick_winner_index(trick, trump=trump if trump >= 0 else None)
            led, best_lane, best = lanes[trick[0]], lanes[trick[w]], 1 << trick[w]
            best_seat = (leader + w) % players
        for i in range(len(trick), players):
            seat = (leader + i) % players
            hand = hands[seat]
            legal = legal_mask(
                hand, led, best, trump_lane, must_trump=must_trump, must_overtrump=must_over
            )
            policy = codes[seat]
            if policy == RANDOM:
                card = _random_card(legal, random_)
            elif policy == LOWEST:
                card = lowest_card(legal)
            elif policy == HIGHEST:
                card = highest_card(legal)
            elif policy == GREEDY:
                # Classic has no bids: every seat tries to take tricks.
                need = 1 if p.classic else bids[seat] - won[seat]
                card = _greedy_card(legal, i, best, best_lane, trump_lane, need)
            elif policy == LOWRISK:
                # Classic has no bids: a seat wants the trick unless its partner has it.
                if p.classic:
                    owes = i == 0 or (best_seat - seat) % players != 2
                else:
                    owes = bids[seat] > won[seat]
                card = _lowrisk_card(legal, i, best, best_lane, trump_lane, owes)
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
