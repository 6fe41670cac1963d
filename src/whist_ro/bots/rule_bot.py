"""RuleBot: plays by the advice of the rule texts and by counting the cards.

Bidding (exact-bid family): each card's chance of taking a trick is
estimated from how many higher cards of its suit the seat has not seen and
how likely the other hands are to hold them (few cards are dealt in short
rounds, so a king is often the best of its suit there), a side card losing
some of its value to ruffs, spare trumps gaining value from short side
suits.  The sum is rounded with a lean that depends on the seat's position:
the dealer, who bids last, knows whether the table bid more tricks than
there are (then every trick is fought over, and marginal cards lose) or
fewer; when the hook forbids the rounded bid, the nearer neighbour is
taken.

Play: while short of its bid the bot takes tricks as surely and cheaply as
it can (a sure winner is a card no unseen card can beat, given the voids
the others have shown); once its bid is made it ducks, shedding its highest
card that cannot win, leading where others still hold higher cards, and
dumping its highest card when it must take the trick anyway.  In classic
whist it plays for its side: it never overtakes a partner's winning card
when it has a card that does not, plays second hand low and third hand
high, and ruffs only an opponent's winning card.

>>> import whist_ro as wr
>>> m = wr.Match.new(wr.variants.ROMANIAN, players=4, seed=2)
>>> bot = RuleBot(seed=1)
>>> bot.act(m.view(m.to_act)) in m.legal_actions()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from whist_ro.actions import Bid, Play
from whist_ro.bots._common import (
    legal_mask,
    nothing_to_choose,
    rank_of,
    split_by_beats,
    trump_number,
    winning,
)
from whist_ro.bots.lowrisk import danger
from whist_ro.cards import SUIT_MASKS, Card, iter_bits
from whist_ro.rules.play import beats, suit_of
from whist_ro.views.sample import constraints, unseen_cards

if TYPE_CHECKING:
    from whist_ro.actions import Action
    from whist_ro.views.view import PlayerView

__all__ = ["RuleBot", "estimate_tricks"]


def estimate_tricks(
    hand: int, *, trump: int | None, players: int, hand_size: int, unseen: int, leads: bool
) -> float:
    """The number of tricks the card mask ``hand`` can expect to take, as a real number.

    ``unseen`` is the mask of the cards the seat has not seen (the others'
    hands and the undealt pile); ``leads`` says whether the seat leads the
    first trick.  A card's chance is the chance that no other hand holds
    one of the higher cards of its suit the seat does not hold, less the
    risk of a ruff for a side card; long and spare trumps add what they can
    ruff.

    >>> from whist_ro import CardSet
    >>> unseen = CardSet.parse("Kh Qh Jh 10h 9h Ks Qs Js 10s 9s").mask
    >>> e = estimate_tricks(CardSet.parse("Ah As").mask, trump=3, players=2, hand_size=2,
    ...                     unseen=unseen, leads=True)
    >>> round(e, 2)  # the trump ace is sure; the side ace may be ruffed, or never led to
    1.81
    """
    others = (players - 1) * hand_size
    pool = max(unseen.bit_count(), 1)
    held = min(others / pool, 1.0)  # chance a given unseen card is in an opponent's hand
    miss = 1.0 - held
    total = 0.0
    spare_trumps = 0.0
    short_suits = 0
    for suit in range(4):
        mine = hand & SUIT_MASKS[suit]
        length = mine.bit_count()
        is_trump = suit == trump
        if not is_trump and trump is not None and length <= 1:
            short_suits += 2 - length
        for index, bit in enumerate(iter_bits(mine)):
            above = (unseen & SUIT_MASKS[suit]) >> (bit + 1)
            higher = above.bit_count()
            # Each own higher card can draw one of theirs.
            p = miss ** max(higher - index, 0)
            if is_trump:
                total += p
                if p < 0.5:
                    spare_trumps += 1 - p
            else:
                if trump is not None:
                    # The more rounds of the suit, the likelier a ruff.
                    p *= 0.8 ** (index + 1) if hand_size > 2 else 0.95
                if hand_size == 1 and not leads:
                    p *= 0.3  # a side card wins a 1-card trick only if its suit is led
                elif hand_size <= 3:
                    # In a short round a side suit is often never led at all.
                    p *= 0.85 if leads else 0.6
                if index >= 2:
                    p *= 0.6
                total += p
    if trump is not None and hand_size > 2:
        total += 0.5 * min(spare_trumps, short_suits)
    return min(total, float(hand_size))


def _choose_bid(view: PlayerView) -> int:
    seat = view.seat
    allowed = sorted(a.tricks for a in view.legal_actions if isinstance(a, Bid))
    est = estimate_tricks(
        view.hand.mask,
        trump=trump_number(view),
        players=view.players,
        hand_size=view.hand_size,
        unseen=unseen_cards(view),
        leads=view.first_hand == seat,
    )
    earlier = [b for b in view.bids if b is not None]
    lean = 0.0
    if earlier and view.hand_size > 1:
        # Expected total of the table, counting a fair share for the seats to come.
        later = view.players - 1 - len(earlier)
        share = view.hand_size / view.players
        table = sum(earlier) + est + later * share
        excess = table - view.hand_size
        # Over-bid tables fight for every trick: marginal cards lose.
        lean = -0.15 * max(min(excess, 2.0), -2.0)
    target = est + lean
    bid = int(target + 0.4)
    bid = max(0, min(bid, view.hand_size))
    if bid in allowed:
        return bid
    # The hook forbids it: take the neighbour nearer the estimate.
    below, above = bid - 1, bid + 1
    if target < bid and below in allowed:
        return below
    if above in allowed:
        return above
    return below if below in allowed else allowed[0]


class _Table:
    """What the seat knows of the trick on the table and of the cards out."""

    __slots__ = ("best", "led", "players", "seat", "to_come", "trump", "unseen", "voids", "winner")

    def __init__(self, view: PlayerView) -> None:
        self.seat = view.seat
        self.players = view.players
        self.trump = trump_number(view)
        self.unseen = unseen_cards(view)
        self.voids = constraints(view)
        cards = view.current_trick.cards
        self.best, self.winner = winning(view)
        self.led = suit_of(cards[0].bit) if cards else -1
        position = len(cards)
        self.to_come = tuple(
            (self.seat + k) % self.players for k in range(1, self.players - position)
        )

    def threat(self, seat: int, card: int, led: int) -> bool:
        """Whether ``seat``, still to play, may hold a card that beats ``card``."""
        possible = self.unseen & ~self.voids[seat]
        suit = suit_of(card)
        trump = self.trump
        if suit == led:
            if possible & SUIT_MASKS[suit] & ~((1 << (card + 1)) - 1):
                return True
            if trump is not None and trump != led:
                # A ruff is possible only once the seat showed a void in the led suit.
                void = self.voids[seat] & SUIT_MASKS[led] == SUIT_MASKS[led]
                return void and bool(possible & SUIT_MASKS[trump])
            return False
        if suit == trump:
            return bool(possible & SUIT_MASKS[trump] & ~((1 << (card + 1)) - 1))
        return True

    def sure(self, card: int, led: int) -> bool:
        """Whether ``card`` takes the trick whatever the seats to come hold."""
        if self.best >= 0 and not beats(card, self.best, self.trump):
            return False
        return not any(self.threat(s, card, led) for s in self.to_come)


class RuleBot:
    """A counting, rule-following bot for both families (see the module text).

    It decides from the player view alone and has no randomness: ``seed``
    is accepted so that every bot is built the same way.

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["As Ks 9h", "Ah Qs 10d", "Qd 9d Jc"],
    ...                         dealer=2, turn_up="10s")
    >>> RuleBot().act(r.view(0))
    Bid(seat=0, tricks=2)
    """

    __slots__ = ()

    def __init__(self, *, seed: object = None) -> None:
        del seed  # deterministic: nothing to seed

    def act(self, view: PlayerView) -> Action:
        """RuleBot's bid or card for ``view`` (one of ``view.legal_actions``)."""
        legal = view.legal_actions
        if not legal:
            raise nothing_to_choose("RuleBot", view)
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Bid):
            return Bid(seat=view.seat, tricks=_choose_bid(view))
        bit = rule_card(view, legal_mask(legal))
        return Play(seat=view.seat, card=Card.from_bit(bit))

    def __repr__(self) -> str:
        return "RuleBot()"


def rule_card(view: PlayerView, legal: int) -> int:
    """RuleBot's card (a card bit) among the ``legal`` card mask of ``view``'s seat.

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["As 9h", "Ah Qs", "Qd 9d"],
    ...                         dealer=2, turn_up="10s")
    >>> for b in (1, 1, 1):
    ...     r = r.apply(wr.Bid(seat=r.to_act, tricks=b))
    >>> str(Card.from_bit(rule_card(r.view(0), r.view(0).hand.mask)))  # a sure trick: the As
    'As'
    """
    table = _Table(view)
    if view.variant.is_classic:
        return _classic_card(view, table, legal)
    seat = view.seat
    bid = view.bids[seat]
    need = (bid if bid is not None else 0) - view.tricks_won[seat]
    left = len(view.hand)
    if table.led < 0:
        return _lead(table, legal, need, left)
    return _follow(table, legal, need)


def _lead(table: _Table, legal: int, need: int, left: int) -> int:
    trump = table.trump
    unseen = table.unseen
    cards = list(iter_bits(legal))
    if need > 0:
        sure = [b for b in cards if table.sure(b, suit_of(b))]
        if sure:
            # Cash side winners before trumps; the cheapest of them.
            return min(sure, key=lambda b: (suit_of(b) == trump, rank_of(b)))
        if need >= left:
            return max(cards, key=lambda b: (suit_of(b) == trump, rank_of(b)))
        # Lead low from the shortest side suit, to ruff it later.
        side = [b for b in cards if suit_of(b) != trump] or cards
        return min(side, key=lambda b: ((legal & SUIT_MASKS[suit_of(b)]).bit_count(), rank_of(b)))

    # Made (or over): lead the card with the most unseen cards above it.
    def cover(b: int) -> tuple[int, int, int]:
        above = (unseen & SUIT_MASKS[suit_of(b)]) >> (b + 1)
        return (-(suit_of(b) != trump), -above.bit_count(), rank_of(b))

    return min(cards, key=cover)


def _follow(table: _Table, legal: int, need: int) -> int:
    trump = table.trump
    best = table.best
    cards = list(iter_bits(legal))
    winners, losers = split_by_beats(cards, best, trump)
    last = not table.to_come

    def risk(b: int) -> tuple[int, int]:
        return danger(b, trump)

    if need > 0:
        if winners:
            if last:
                return min(winners, key=risk)
            sure = [b for b in winners if table.sure(b, table.led)]
            if sure:
                return min(sure, key=risk)
            return max(winners, key=risk)
        return min(cards, key=risk)
    if losers:
        return max(losers, key=risk)
    if last:
        return max(cards, key=risk)  # the trick is ours anyway: shed the highest
    return min(cards, key=risk)


def _classic_card(view: PlayerView, table: _Table, legal: int) -> int:
    trump = table.trump
    cards = list(iter_bits(legal))
    partner = (view.seat + 2) % view.players

    def risk(b: int) -> tuple[int, int]:
        return danger(b, trump)

    if table.led < 0:
        sure = [b for b in cards if table.sure(b, suit_of(b)) and suit_of(b) != trump]
        if sure:
            return min(sure, key=rank_of)
        # Lead the top of a run of honours, else low from the longest side suit.
        hand = view.hand.mask
        for b in cards:
            if suit_of(b) != trump and rank_of(b) >= 12 and hand >> (b - 1) & 1:
                return b
        side = [b for b in cards if suit_of(b) != trump] or cards
        return min(side, key=lambda b: (-(hand & SUIT_MASKS[suit_of(b)]).bit_count(), rank_of(b)))
    best = table.best
    winners, losers = split_by_beats(cards, best, trump)
    if table.winner == partner:
        # Never overtake a partner's winning card when another card will do.
        pool = losers or cards
        return min(pool, key=risk)
    if not winners:
        return min(cards, key=risk)
    if not table.to_come:
        return min(winners, key=risk)
    sure = [b for b in winners if table.sure(b, table.led)]
    if sure:
        return min(sure, key=risk)
    if len(view.current_trick.cards) == 1 and suit_of(best) == table.led:
        return min(cards, key=risk)  # second hand low
    return max(winners, key=risk)  # third hand high
