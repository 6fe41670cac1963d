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

In a forehead round (R-VIEW-3: one card each, every other card shown, its
own hidden) it bids from the chance that its own card, any of the cards it
has not seen, takes the trick against the cards it sees, led from the
first hand, weighing each card by whether the earlier bidders, who saw it,
would have bid as they did; it takes the bid worth more points on average
(see :func:`forehead_chance`).

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
)
from whist_ro.bots.lowrisk import danger
from whist_ro.cards import SUIT_MASKS, Card, iter_bits
from whist_ro.engine.tricks import trick_winner
from whist_ro.rules.bidding import bidding_order
from whist_ro.rules.play import beats, suit_of, trick_winner_index
from whist_ro.rules.scoring import partner_of, round_points
from whist_ro.views.sample import constraints, unseen_cards

if TYPE_CHECKING:
    from whist_ro.actions import Action
    from whist_ro.views.view import PlayerView

__all__ = ["RuleBot", "estimate_tricks", "forehead_chance"]


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


def forehead_chance(view: PlayerView, *, read_bids: bool = True) -> float | None:
    """The chance that the seat's own card takes a forehead round's one trick (R-VIEW-3).

    In a forehead round the seat sees every other seat's card but not its
    own, which is any of the cards it has not seen (the undealt pile's and
    its own).  The trick is led by the first hand and every seat plays its
    only card, so each of those cards either wins (R-PLAY-6) or not.  With
    ``read_bids`` the bids made so far are read too: each earlier bidder
    saw this seat's card, so a card under which that bidder, bidding as
    this bot does, would have bid otherwise counts a tenth as much (all
    count alike if no card fits every bid).  None when the view is not a
    forehead round whose other cards are all shown.

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN_FOREHEAD, hands=["9c", "Ah", "10c"],
    ...                         dealer=2, turn_up="Jh")
    >>> round(forehead_chance(r.view(1)), 3)  # 5 trumps and 4 higher clubs of 21 unseen cards
    0.429
    >>> forehead_chance(r.view(0))  # seat 0 sees the trump ace: nothing beats it
    0.0
    >>> forehead_chance(wr.Round.shuffled(wr.variants.ROMANIAN, players=3, dealer=0,
    ...                                   hand_size=1, seed=1).view(0)) is None
    True
    """
    if view.blind != "forehead" or view.hand_size != 1:
        return None
    seat, players = view.seat, view.players
    known = [h.mask for h in view.known_hands]
    if any(known[s].bit_count() != 1 for s in range(players) if s != seat):
        return None
    unseen = unseen_cards(view)
    order = list(bidding_order(view.dealer, players))
    place = order.index(seat)
    cards = [known[s].bit_length() - 1 for s in order]
    trump = trump_number(view)
    # The dealer may see its own card too (a turn-up it holds): then that is the one.
    own = known[seat] or unseen
    winning = _winning_cards(cards, place, trump)
    earlier = [k for k in range(place) if view.bids[order[k]] is not None] if read_bids else []
    if not earlier:
        return (own & winning).bit_count() / own.bit_count()
    worths = _bid_worths(view)
    fit = [0, 0]  # the cards that fit every earlier bid: how many, and how many win
    for bit in iter_bits(own):
        cards[place] = bit
        pool = unseen & ~(1 << bit)
        if all(_fits(view, worths, cards, k, pool | 1 << cards[k]) for k in earlier):
            fit[0] += 1
            fit[1] += (winning >> bit) & 1
    total, wins = own.bit_count(), (own & winning).bit_count()
    if not fit[0]:
        return wins / total
    return (fit[1] + _UNLIKELY * (wins - fit[1])) / (fit[0] + _UNLIKELY * (total - fit[0]))


_UNLIKELY = 0.1
"""How much a card counts that an earlier forehead bid speaks against."""


def _fits(view: PlayerView, worths: _Worths, cards: list[int], place: int, pool: int) -> bool:
    """Whether the bidder at ``place``, not seeing its card (one of ``pool``), bid as we would."""
    bidder = bidding_order(view.dealer, view.players)[place]
    chance = (pool & _winning_cards(cards, place, trump_number(view))).bit_count() / max(
        pool.bit_count(), 1
    )
    return _forehead_bid(worths, [0, 1], chance) == view.bids[bidder]


def _winning_cards(cards: list[int], place: int, trump: int | None) -> int:
    """The mask of the cards that win a 1-card trick played at ``place`` against ``cards``.

    ``cards`` are the trick's cards in play order (the lead first); the one
    at ``place`` is left out.
    """
    others = cards[:place] + cards[place + 1 :]
    trumps = SUIT_MASKS[trump] if trump is not None else 0
    if place:  # a follower beats the best card of the others (R-PLAY-6)
        best = others[trick_winner_index(others, trump=trump)]
        higher = SUIT_MASKS[suit_of(best)] & ~((2 << best) - 1)
        return higher | (trumps if suit_of(best) != trump else 0)
    mask = 0
    for suit in range(4):  # the lead: its suit is led, so only a trump or a higher card beats it
        if suit != trump and any(suit_of(c) == trump for c in others):
            continue
        top = max((c for c in others if suit_of(c) == suit), default=-1)
        mask |= SUIT_MASKS[suit] & ~((2 << top) - 1) if top >= 0 else SUIT_MASKS[suit]
    return mask


_Worths = tuple[tuple[int, int], tuple[int, int]]
"""The points of bids 0 and 1 in a 1-card round: each as (the trick won, the trick lost)."""


def _bid_worths(view: PlayerView) -> _Worths:
    def worth(bid: int) -> tuple[int, int]:
        won, lost = (round_points(view.variant, bids=(bid,), tricks=(took,))[0] for took in (1, 0))
        return won, lost

    return worth(0), worth(1)


def _forehead_bid(worths: _Worths, allowed: list[int], chance: float) -> int:
    """The allowed bid worth the most points on average when the card wins with ``chance``."""

    def mean(bid: int) -> float:
        won, lost = worths[bid]
        return chance * won + (1 - chance) * lost

    return max(allowed, key=lambda bid: (mean(bid), -bid))


def _choose_bid(view: PlayerView) -> int:
    seat = view.seat
    allowed = sorted(a.tricks for a in view.legal_actions if isinstance(a, Bid))
    chance = forehead_chance(view) if view.hand_size == 1 else None
    if chance is not None:
        return _forehead_bid(_bid_worths(view), allowed, chance)
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


class _SeatKnowledge:
    """What the seat knows of the trick on the table and of the cards out."""

    __slots__ = ("best", "led", "players", "seat", "to_come", "trump", "unseen", "voids", "winner")

    def __init__(self, view: PlayerView) -> None:
        self.seat = view.seat
        self.players = view.players
        self.trump = trump_number(view)
        self.unseen = unseen_cards(view)
        self.voids = constraints(view)
        trick = view.current_trick
        cards = trick.cards
        # The card winning so far and its seat (R-PLAY-6), -1 before the lead.
        self.winner = trick_winner(trick, view.trump) if cards else -1
        self.best = cards[(self.winner - trick.leader) % self.players].bit if cards else -1
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
    known = _SeatKnowledge(view)
    if view.variant.is_classic:
        return _classic_card(view, known, legal)
    seat = view.seat
    bid = view.bids[seat]
    need = (bid if bid is not None else 0) - view.tricks_won[seat]
    left = len(view.hand)
    if known.led < 0:
        return _lead(known, legal, need, left)
    return _follow(known, legal, need)


def _lead(known: _SeatKnowledge, legal: int, need: int, left: int) -> int:
    trump = known.trump
    unseen = known.unseen
    cards = list(iter_bits(legal))
    if need > 0:
        sure = [b for b in cards if known.sure(b, suit_of(b))]
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


def _follow(known: _SeatKnowledge, legal: int, need: int) -> int:
    trump = known.trump
    best = known.best
    cards = list(iter_bits(legal))
    winners, losers = split_by_beats(cards, best, trump)
    last = not known.to_come

    def risk(b: int) -> tuple[int, int]:
        return danger(b, trump)

    if need > 0:
        if winners:
            if last:
                return min(winners, key=risk)
            sure = [b for b in winners if known.sure(b, known.led)]
            if sure:
                return min(sure, key=risk)
            return max(winners, key=risk)
        return min(cards, key=risk)
    if losers:
        return max(losers, key=risk)
    if last:
        return max(cards, key=risk)  # the trick is ours anyway: shed the highest
    return min(cards, key=risk)


def _classic_card(view: PlayerView, known: _SeatKnowledge, legal: int) -> int:
    trump = known.trump
    cards = list(iter_bits(legal))
    partner = partner_of(view.seat)

    def risk(b: int) -> tuple[int, int]:
        return danger(b, trump)

    if known.led < 0:
        sure = [b for b in cards if known.sure(b, suit_of(b)) and suit_of(b) != trump]
        if sure:
            return min(sure, key=rank_of)
        # Lead the top of a run of honours, else low from the longest side suit.
        hand = view.hand.mask
        for b in cards:
            if suit_of(b) != trump and rank_of(b) >= 12 and hand >> (b - 1) & 1:
                return b
        side = [b for b in cards if suit_of(b) != trump] or cards
        return min(side, key=lambda b: (-(hand & SUIT_MASKS[suit_of(b)]).bit_count(), rank_of(b)))
    best = known.best
    winners, losers = split_by_beats(cards, best, trump)
    if known.winner == partner:
        # Never overtake a partner's winning card when another card will do.
        pool = losers or cards
        return min(pool, key=risk)
    if not winners:
        return min(cards, key=risk)
    if not known.to_come:
        return min(winners, key=risk)
    sure = [b for b in winners if known.sure(b, known.led)]
    if sure:
        return min(sure, key=risk)
    if len(view.current_trick.cards) == 1 and suit_of(best) == known.led:
        return min(cards, key=risk)  # second hand low
    return max(winners, key=risk)  # third hand high
