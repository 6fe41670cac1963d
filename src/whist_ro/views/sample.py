"""Exact counting and uniform sampling of the deals a player view allows.

A seat does not see the other hands or the undealt cards, but the public
play narrows them down: a seat that failed to follow suit holds none of
that suit (R-PLAY-2); one that also failed to trump, where trumping is a
duty, holds no trump (R-PLAY-3); one that trumped low where overtrumping is
a duty holds no higher trump (R-PLAY-8).  Each unseen card therefore has a
set of places allowed to hold it: some seats' hands, and the undealt pile,
which nothing constrains.  Cards sharing the same allowed set form a group,
and a deal is a choice, for each group, of how many of its cards go to each
allowed place, times the ways to pick those cards.  A dynamic programme
over the groups counts the deals exactly (:func:`count_deals`), and
:func:`sample` draws each group's split with probability proportional to
the number of deals it leaves, then the cards themselves uniformly: every
consistent deal comes out with the same probability.

The sample depends only on the view and the generator, never on the real
hidden cards: the view does not hold them.

>>> import random, whist_ro as wr
>>> from whist_ro.views import view_of
>>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"],
...                         dealer=2, turn_up="10s")
>>> for action in ("Bid 0", "Bid 0", "Bid 1"):
...     r = r.apply(r.legal_actions()[0])
>>> r = r.apply(wr.Play(seat=0, card="9c")).apply(wr.Play(seat=1, card="10c"))
>>> r = r.apply(wr.Play(seat=2, card="Jc"))   # seat 2 wins and leads
>>> r = r.apply(wr.Play(seat=2, card="Qs")).apply(wr.Play(seat=0, card="Ah"))
>>> v = view_of(r, 1)   # seat 0 showed it has no spade and, failing to trump, no trump
>>> v.count_deals()
1
>>> str(v.sample(random.Random(1)).remaining[2])
''
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Iterator
from typing import Final, TypeVar, cast

from whist_ro.cards import FULL_PACK_MASK, Card
from whist_ro.engine.deal import Deal
from whist_ro.engine.match import Match
from whist_ro.engine.round import Phase, Round
from whist_ro.errors import ConfigurationError
from whist_ro.rules import play as play_rules
from whist_ro.rules.scheduling import dealer_of
from whist_ro.schedule import Deck
from whist_ro.views.view import PlayerView

__all__ = ["constraints", "count_deals", "sample", "unseen_cards"]

_S = TypeVar("_S", bound="Round | Match")

_PILE: Final = -1
"""The undealt pile's place number; seats are 0 and up."""
_BIT: Final = tuple(1 << b for b in range(64))
_PLANS: Final = 1024


def constraints(view: PlayerView) -> tuple[int, ...]:
    """For each seat, the card mask it is known not to hold (R-PLAY-2, R-PLAY-3, R-PLAY-8).

    Every play of the round so far is read back through the rule: a card
    off the led suit shows a void in that suit; where trumping is a duty
    (``must_trump``), a card that is neither the led suit nor a trump shows
    no trump either; where overtrumping is a duty (``must_overtrump``), a
    trump below a trump already in the trick shows no trump above it.

    >>> import whist_ro as wr
    >>> from whist_ro.views import view_of
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah 9c", "Kh 10d", "Qs Jc"],
    ...                         dealer=2, turn_up="10s")
    >>> for _ in range(3):
    ...     r = r.apply(r.legal_actions()[0])
    >>> r = r.apply(wr.Play(seat=0, card="9c")).apply(wr.Play(seat=1, card="Kh"))
    >>> voids = constraints(view_of(r, 0))  # seat 1 showed no club and no spade (trump)
    >>> voids[1] == wr.Suit.CLUBS.mask | wr.Suit.SPADES.mask, voids[0], voids[2]
    (True, 0, 0)
    """
    trump = view.trump
    trump_suit = None if trump is None else int(trump)
    variant = view.variant
    must_trump, must_over = variant.must_trump, variant.must_overtrump
    players = view.players
    forbidden = [0] * players
    for trick in (*view.tricks, view.current_trick):
        bits = [c.bit for c in trick.cards]
        if not bits:
            continue
        led = play_rules.suit_of(bits[0])
        best = bits[0]
        seats = trick.seats
        for index in range(1, len(bits)):
            card = bits[index]
            if play_rules.suit_of(card) != led:  # following suit shows nothing (R-PLAY-2)
                seat = seats[index]
                forbidden[seat] |= _shown_absent(card, led, best, trump_suit, must_trump, must_over)
            if play_rules.beats(card, best, trump_suit):
                best = card
    return tuple(forbidden)


def _shown_absent(
    card: int, led: int, best: int, trump: int | None, must_trump: bool, must_over: bool
) -> int:
    """The cards whose presence in hand would have made ``card`` unplayable there.

    The rule itself, :func:`~whist_ro.rules.play.playable_cards`, is asked
    of a hand holding every card: each clause that binds such a hand
    without allowing ``card`` (the led suit, then trumps above ``best``,
    then any trump) shows that the seat held none of the cards it names,
    and those cards are peeled off until ``card`` is allowed.  (A test
    checks the answer against the rule on every card pair.)
    """
    absent = 0
    hand = FULL_PACK_MASK
    while True:
        allowed, _ = play_rules.playable_cards(hand, led, best, trump, must_trump, must_over)
        if allowed >> card & 1:
            return absent
        absent |= allowed
        hand &= ~allowed


def unseen_cards(view: PlayerView) -> int:
    """The mask of the cards this seat has not seen: others' hands and the undealt pile.

    >>> import whist_ro as wr
    >>> from whist_ro.views import view_of
    >>> r = wr.Round.shuffled(wr.variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=4)
    >>> unseen_cards(view_of(r, 0)).bit_count()  # 24 cards, 2 in hand, 1 turned up
    21
    """
    return _plan(view).unseen


class _Plan:
    """What a view allows, worked out once per view: places, needs, groups, counts.

    Kept in a cache keyed by the view, never inside it: it names the unseen
    cards, and the view must hold nothing a seat has not seen.
    """

    __slots__ = (
        "actions",
        "base",
        "groups",
        "memo",
        "needs",
        "options",
        "places",
        "template",
        "unseen",
    )

    def __init__(self, view: PlayerView) -> None:
        players = view.players
        deck = Deck.for_game(view.variant, players).mask
        played = [0] * players
        for trick in (*view.tricks, view.current_trick):
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                played[seat] |= card.mask
        known = [h.mask for h in view.known_hands]
        seen = sum(played) | sum(known)
        if view.turn_up is not None:
            seen |= view.turn_up.mask
        self.unseen = deck & ~seen
        # What each seat's hand as dealt is known to hold.
        self.base = tuple(p | k for p, k in zip(played, known, strict=True))
        places: list[int] = []
        needs: list[int] = []
        for seat in range(players):
            need = view.hand_counts[seat] - view.known_hands[seat].mask.bit_count()
            if need:
                places.append(seat)
                needs.append(need)
        pile = self.unseen.bit_count() - sum(needs)
        if pile:
            places.append(_PILE)
            needs.append(pile)
        forbidden = constraints(view)
        by_allowed: dict[tuple[int, ...], list[int]] = {}
        rest = self.unseen
        while rest:
            bit = rest.bit_length() - 1
            rest ^= _BIT[bit]
            allowed = tuple(
                i for i, p in enumerate(places) if p == _PILE or not forbidden[p] >> bit & 1
            )
            by_allowed.setdefault(allowed, []).append(bit)
        # Most constrained first; the least constrained group, last, takes
        # whatever the others leave, in one multinomial.
        self.groups = sorted(by_allowed.items(), key=lambda g: (len(g[0]), g[0]))
        self.places = tuple(places)
        self.needs = tuple(needs)
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.options: dict[tuple[int, tuple[int, ...]], tuple[list[int], list[tuple[int, ...]]]]
        self.options = {}
        self.template: Round | None = None
        self.actions = view.actions

    def count(self, index: int, needs: tuple[int, ...]) -> int:
        """Deals of groups ``index`` onwards that fill ``needs`` exactly."""
        key = (index, needs)
        found = self.memo.get(key)
        if found is not None:
            return found
        groups = self.groups
        if index == len(groups):
            total = 0 if any(needs) else 1
        elif index == len(groups) - 1:
            allowed, cards = groups[index]
            total = _last_group(allowed, len(cards), needs)
        else:
            total = sum(weight for weight, _ in self._splits(index, needs))
        self.memo[key] = total
        return total

    def _splits(self, index: int, needs: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...]]]:
        allowed, cards = self.groups[index]
        for split in _compositions(len(cards), [needs[i] for i in allowed]):
            after = list(needs)
            for place, k in zip(allowed, split, strict=True):
                after[place] -= k
            rest = self.count(index + 1, tuple(after))
            if rest:
                yield _multinomial(len(cards), split) * rest, split

    def choose(self, index: int, needs: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
        """Draw group ``index``'s split, each with weight = the deals it leaves."""
        key = (index, needs)
        found = self.options.get(key)
        if found is None:
            cumulative: list[int] = []
            splits: list[tuple[int, ...]] = []
            total = 0
            for weight, split in self._splits(index, needs):
                total += weight
                cumulative.append(total)
                splits.append(split)
            found = self.options[key] = (cumulative, splits)
        cumulative, splits = found
        if len(splits) == 1:
            return splits[0]
        pick = rng.randrange(cumulative[-1])
        low, high = 0, len(cumulative) - 1
        while low < high:  # the first cumulative weight above pick
            middle = (low + high) // 2
            if cumulative[middle] > pick:
                high = middle
            else:
                low = middle + 1
        return splits[low]

    def draw(self, rng: random.Random) -> tuple[int, ...]:
        """One uniformly drawn deal: every seat's hand as dealt, as masks."""
        masks = list(self.base)
        needs = self.needs
        places = self.places
        last = len(self.groups) - 1
        for index, (allowed, cards) in enumerate(self.groups):
            if index == last:
                split = tuple(needs[i] for i in allowed)
            else:
                split = self.choose(index, needs, rng)
            order = cards[:]
            rng.shuffle(order)
            start = 0
            after = list(needs)
            for place, k in zip(allowed, split, strict=True):
                if k:
                    seat = places[place]
                    if seat != _PILE:
                        masks[seat] |= sum(map(_BIT.__getitem__, order[start : start + k]))
                    start += k
                    after[place] -= k
            needs = tuple(after)
        return tuple(masks)


def _last_group(allowed: tuple[int, ...], size: int, needs: tuple[int, ...]) -> int:
    # The last group must fill every remaining need, all of them in places it may go.
    taken = 0
    for place, need in enumerate(needs):
        if need and place not in allowed:
            return 0
        taken += need
    if taken != size:
        return 0
    return _multinomial(size, [needs[i] for i in allowed])


def _compositions(total: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as a sum of len(caps) parts, part i at most caps[i]."""
    if len(caps) == 1:
        if total <= caps[0]:
            yield (total,)
        return
    room = sum(caps[1:])
    for first in range(max(0, total - room), min(caps[0], total) + 1):
        for rest in _compositions(total - first, caps[1:]):
            yield (first, *rest)


def _multinomial(total: int, parts: tuple[int, ...] | list[int]) -> int:
    out = 1
    for part in parts:
        out *= math.comb(total, part)
        total -= part
    return out


@functools.lru_cache(maxsize=_PLANS)
def _plan(view: PlayerView) -> _Plan:
    return _Plan(view)


def count_deals(view: PlayerView) -> int:
    """How many deals of the current round agree with ``view`` (exact, at least 1).

    A deal here is where every unseen card is: in which other hand, or in
    the undealt pile (a set, whose order does not matter).

    >>> import whist_ro as wr
    >>> from whist_ro.views import view_of
    >>> r = wr.Round.shuffled(wr.variants.ROMANIAN, players=4, dealer=0, hand_size=8, seed=1)
    >>> count_deals(view_of(r, 0)) == 24 * 23 * 22 * 21 * 20 * 19 * 18 * 17 // 40320 * 12870
    True
    """
    plan = _plan(_check_view(view))
    return plan.count(0, plan.needs)


def _check_view(view: object) -> PlayerView:
    if not isinstance(view, PlayerView):
        raise ConfigurationError(
            f"expected a PlayerView (see whist_ro.views.view_of), not {type(view).__name__}",
            field="view",
        )
    return view


def _check_rng(rng: object) -> random.Random:
    if not isinstance(rng, random.Random):
        raise ConfigurationError(
            f"rng must be a random.Random, not {type(rng).__name__}", field="rng"
        )
    return rng


def sample(view: PlayerView[_S], rng: random.Random) -> _S:
    """A state drawn uniformly from those ``view`` allows: a Round, or a Match.

    For a round's view, a :class:`~whist_ro.Round` at the same point of
    play whose hidden cards are drawn uniformly among all consistent deals.
    For a match's view, a :class:`~whist_ro.Match` with the same history
    and score sheet, the current deal drawn the same way and every later
    deal shuffled from ``rng`` (nobody knows them yet).  Equal views and
    equally seeded generators give equal states.

    >>> import random, whist_ro as wr
    >>> from whist_ro.views import view_of
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=2)
    >>> for _ in range(9):
    ...     m = m.apply(m.legal_actions()[0])
    >>> v = view_of(m, 1)
    >>> s = sample(v, random.Random(3))
    >>> view_of(s, 1) == v, s.history == m.history, s.score_sheet == m.score_sheet
    (True, True, True)
    """
    checked = _check_view(view)
    rng = _check_rng(rng)
    if checked.is_match:
        return cast("_S", _sample_match(checked, rng))
    return cast("_S", _sample_round(checked, rng))


def _sample_round(view: PlayerView, rng: random.Random) -> Round:
    plan = _plan(view)
    deal = _deal(view, plan.draw(rng))
    template = plan.template
    if template is None:
        played = Round.from_deal(deal)
        for action in plan.actions:
            played = played.apply_legal(action)
        plan.template = played
        return played
    # Only the playable cards of the seat to act depend on the hidden cards,
    # so the engine swaps the deal into the replayed state in one step.
    return template.with_deal(deal)


def _deal(view: PlayerView, masks: tuple[int, ...]) -> Deal:
    # The masks are a consistent deal by construction: built without re-checking.
    return Deal.trusted(view.variant, dealer=view.dealer, masks=masks, turn_up=view.turn_up)


def _played_deal(view: PlayerView) -> Deal:
    """A completed round's deal: every card dealt was played, so the hands are public."""
    hands: list[list[Card]] = [[] for _ in range(view.players)]
    for trick in view.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            hands[seat].append(card)
    return Deal(view.variant, hands=hands, dealer=view.dealer, turn_up=view.turn_up)


def _remaining_rounds(view: PlayerView, dealt: int) -> int:
    schedule = view.schedule
    assert schedule is not None
    if not schedule.repeats:
        return len(schedule) - dealt
    # Classic: every deal gives one side at least 1 point (7 of 13 tricks),
    # so a game lasts at most 2 * target - 1 deals, and a rubber 3 games.
    variant = view.variant
    return (3 if variant.rubber else 1) * (2 * variant.target - 1)


def _sample_match(view: PlayerView, rng: random.Random) -> Match:
    variant = view.variant
    deals = [_played_deal(past) for past in view.past]
    current_done = bool(view.past) and view.phase is Phase.OVER
    history = [a for past in view.past for a in past.actions]
    if not current_done:
        deals.append(_deal(view, _plan(view).draw(rng)))
        history.extend(view.actions)
    index = len(deals) - 1  # the round shown by the view
    if not view.is_over:
        schedule = view.schedule
        assert schedule is not None
        for later in range(len(deals), len(deals) + _remaining_rounds(view, len(deals))):
            deals.append(
                Deal.shuffled(
                    variant,
                    players=view.players,
                    dealer=dealer_of(later - index, first_dealer=view.dealer, players=view.players),
                    hand_size=schedule.size_of(later),
                    seed=rng,
                )
            )
    m = Match.new(variant, deals=deals)
    for action in history:
        m = m.apply_legal(action)
    if view.abandoned:
        m = m.abandon(disconnected=view.disconnected)
    elif view.conceded is not None:
        m = m.concede(side=view.conceded)
    return m
