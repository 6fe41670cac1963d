"""A deal as a value: who dealt, the hands, and the card that set trump.

A :class:`Deal` is everything chance decides about a round, apart from
the play.  It is built from explicit hands (checked by R-DECK-4 and
R-TRUMP-*), from a deck order (R-DEAL-1) or from a seed, and a round starts
from one with :meth:`Round.from_deal <whist_ro.Round.from_deal>`.  A match
takes its deals from a seed or from a list of deals (a server that deals
with its own generator, a replayed record).

>>> from whist_ro import Deal, Round, variants
>>> d = Deal(variants.ROMANIAN, hands=["Ah 9h", "Kh 10c", "Qs Jc"], dealer=2, turn_up="10s")
>>> d.players, d.hand_size, d.first_hand, d.trump
(3, 2, 0, <Suit.SPADES: 3>)
>>> Round.from_deal(d).to_act
0
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from whist_ro._check import MAX_WHOLE, Seed, excerpt, seat, whole
from whist_ro._immutable import Immutable
from whist_ro.cards import CARD_BY_BIT, Card, CardSet, Suit, as_card
from whist_ro.errors import ConfigurationError, InvalidDealError
from whist_ro.rules.bidding import first_hand, next_seat
from whist_ro.rules.dealing import deal_hands, trump_card_index, trump_source
from whist_ro.rules.play import beats
from whist_ro.schedule import Deck, check_players
from whist_ro.variants import Variant

__all__ = ["Deal"]


def _check_variant(variant: object) -> Variant:
    if isinstance(variant, Variant):
        return variant
    raise ConfigurationError(
        f"variant must be a Variant (see whist_ro.variants), not {excerpt(variant)}",
        field="variant",
    )


def _check_hand_size(hand_size: object, *, players: int, deck_size: int) -> int:
    size = whole(hand_size, name="hand_size", low=1, high=MAX_WHOLE)
    if size * players > deck_size:
        raise ConfigurationError(
            f"{players} hands of {size} need more than the {deck_size} cards of the "
            "deck (R-SCHED-4)",
            field="hand_size",
            rule="R-SCHED-4",
        )
    return size


def _parse_card(item: object, where: str) -> Card:
    if isinstance(item, (Card, str)):
        return as_card(item)
    raise InvalidDealError(f"{where} holds {excerpt(item)}, which is not a card", rule="R-DECK-4")


def _parse_hand(hand: object, seat_: int) -> list[Card]:
    where = f"seat {seat_}'s hand"
    if isinstance(hand, str):
        return [_parse_card(t, where) for t in hand.replace(",", " ").split()]
    if isinstance(hand, CardSet):
        return list(hand)
    if isinstance(hand, Iterable) and not isinstance(hand, (bytes, bytearray, dict)):
        items = list(hand)
        if len(items) > 52:
            raise InvalidDealError(
                f"{where} holds {len(items)} items; a hand holds at most 52 cards (R-DECK-4)",
                rule="R-DECK-4",
            )
        return [_parse_card(item, where) for item in items]
    raise InvalidDealError(
        f"{where} must be cards or text such as 'Ah 7c', not {excerpt(hand)} (R-DECK-4)",
        rule="R-DECK-4",
    )


class Deal(Immutable):
    """One deal: the variant, the dealer, every hand as dealt, and the trump card.

    ``Deal(variant, hands=..., dealer=..., turn_up=...)`` checks an explicit
    deal (R-DECK-4): no card twice, none outside the variant's deck for that
    many players, equal hands, and a trump card exactly when the rules
    produce one (R-TRUMP-*): the first undealt card, face up (``turn_up``
    must be in no hand), or in classic the dealer's own last card.
    :meth:`from_deck` deals a deck order and :meth:`shuffled` a seeded
    one.  A deal never changes, and deals are equal when their fields are.

    >>> from whist_ro import variants
    >>> Deal(variants.ROMANIAN, hands=["Ah", "Ah", "Kh"], dealer=0, turn_up="7c")
    Traceback (most recent call last):
    ...
    whist_ro.errors.InvalidDealError: Ah is dealt twice (R-DECK-4)
    >>> Deal(variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=0)
    Traceback (most recent call last):
    ...
    whist_ro.errors.InvalidDealError: this deal needs a turn-up card to set trump (R-TRUMP-1), ...
    """

    __slots__ = (
        "_beats",
        "_clockwise",
        "_dealer",
        "_first_hand",
        "_hand_size",
        "_hook",
        "_masks",
        "_must_overtrump",
        "_must_trump",
        "_players",
        "_trump",
        "_turn_up",
        "_variant",
    )

    _variant: Variant
    _players: int
    _dealer: int
    _hand_size: int
    _masks: tuple[int, ...]
    _turn_up: Card | None
    # Derived once per deal for the engine's hot path: every state of the
    # round reads them.
    _first_hand: int
    _trump: int | None
    _hook: bool
    _must_trump: bool
    _must_overtrump: bool
    _clockwise: tuple[int, ...]
    _beats: tuple[bool, ...]

    def __init__(
        self,
        variant: Variant,
        *,
        hands: Sequence[Iterable[Card | str] | str],
        dealer: int,
        turn_up: Card | str | None = None,
    ) -> None:
        variant = _check_variant(variant)
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise InvalidDealError(
                f"hands must be a sequence with one hand per seat, not {excerpt(hands)} (R-DECK-4)",
                rule="R-DECK-4",
            )
        players = len(hands)
        check_players(variant, players)
        dealer = seat(dealer, players=players, name="dealer")
        deck = Deck.for_game(variant, players)
        masks: list[int] = []
        seen = 0
        for seat_, hand in enumerate(hands):
            mask = 0
            for card in _parse_hand(hand, seat_):
                if card not in deck:
                    raise InvalidDealError(
                        f"{card} (seat {seat_}) is not in the {len(deck)}-card deck of "
                        f"{variant.name} for {players} players (R-DECK-4)",
                        rule="R-DECK-4",
                    )
                if (seen | mask) >> card.bit & 1:
                    raise InvalidDealError(f"{card} is dealt twice (R-DECK-4)", rule="R-DECK-4")
                mask |= card.mask
            seen |= mask
            masks.append(mask)
        sizes = {m.bit_count() for m in masks}
        if len(sizes) != 1:
            counts = ", ".join(f"seat {s}: {m.bit_count()}" for s, m in enumerate(masks))
            raise InvalidDealError(
                f"hands must be the same size, not {counts} (R-DECK-4)", rule="R-DECK-4"
            )
        hand_size = sizes.pop()
        if hand_size == 0:
            raise InvalidDealError("hands must hold at least one card (R-DECK-4)", rule="R-DECK-4")
        face_up = _parse_turn_up(turn_up)
        _check_turn_up(variant, players, hand_size, dealer, masks, seen, face_up, deck)
        self._fill(variant, players, dealer, hand_size, tuple(masks), face_up)

    def _fill(
        self,
        variant: Variant,
        players: int,
        dealer: int,
        hand_size: int,
        masks: tuple[int, ...],
        turn_up: Card | None,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "_variant", variant)
        set_(self, "_players", players)
        set_(self, "_dealer", dealer)
        set_(self, "_hand_size", hand_size)
        set_(self, "_masks", masks)
        set_(self, "_turn_up", turn_up)
        set_(self, "_first_hand", first_hand(dealer, players))
        set_(self, "_trump", None if turn_up is None else int(turn_up.suit))
        is_classic = variant.is_classic
        set_(self, "_hook", variant.hook and not is_classic)
        set_(self, "_must_trump", variant.must_trump and not is_classic)
        set_(self, "_must_overtrump", variant.must_overtrump and not is_classic)
        trump = None if turn_up is None else int(turn_up.suit)
        set_(self, "_clockwise", _clockwise(players))
        set_(self, "_beats", _beats_table(trump))

    @classmethod
    def _trusted(
        cls, variant: Variant, players: int, dealer: int, hand_size: int, order: Sequence[int]
    ) -> Deal:
        """Deal a deck order of card bits the library made itself: nothing to re-check."""
        deal = object.__new__(cls)
        source = trump_source(variant, players=players, hand_size=hand_size)
        index = trump_card_index(source, players=players, hand_size=hand_size)
        masks = deal_hands(order, players=players, dealer=dealer, hand_size=hand_size)
        deal._fill(
            variant,
            players,
            dealer,
            hand_size,
            masks,
            None if index is None else _card(order[index]),
        )
        return deal

    @classmethod
    def from_deck(
        cls,
        variant: Variant,
        *,
        deck: Sequence[Card | str],
        dealer: int,
        hand_size: int,
        players: int | None = None,
    ) -> Deal:
        """Deal ``hand_size`` cards each from a deck order (R-DEAL-1).

        Cards go out one at a time clockwise from the first hand (left of the
        dealer); the next card is the turn-up when the deal has one
        (R-TRUMP-1), and in classic the dealer's last card sets trump
        (R-TRUMP-3).  ``players`` defaults to what the deck size implies
        (``len(deck) // 8`` for the exact family, 4 for classic).

        >>> from whist_ro import variants, Deck
        >>> order = Deck.for_game(variants.ROMANIAN, 3).shuffled(1)
        >>> d = Deal.from_deck(variants.ROMANIAN, deck=order, dealer=0, hand_size=2)
        >>> set(d.hands[1]) == {order[0], order[3]}  # seat 1 gets the 1st and 4th cards
        True
        >>> d.turn_up == order[6]
        True
        """
        variant = _check_variant(variant)
        if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
            raise InvalidDealError(
                f"deck must be a sequence of cards, not {excerpt(deck)} (R-DECK-4)",
                rule="R-DECK-4",
            )
        if len(deck) > 52:
            raise InvalidDealError(
                f"a deck order holds at most 52 cards, not {len(deck)} (R-DECK-4)", rule="R-DECK-4"
            )
        order = [_parse_card(c, "the deck") for c in deck]
        if players is None:
            players = 4 if variant.is_classic else len(order) // 8
        check_players(variant, players)
        dealer = seat(dealer, players=players, name="dealer")
        full = Deck.for_game(variant, players)
        if len(order) != len(full) or {c.bit for c in order} != set(full.bits):
            raise InvalidDealError(
                f"a deck order must hold each of the {len(full)} cards of {variant.name} for "
                f"{players} players exactly once (R-DECK-4)",
                rule="R-DECK-4",
            )
        size = _check_hand_size(hand_size, players=players, deck_size=len(full))
        return cls._trusted(variant, players, dealer, size, [c.bit for c in order])

    @classmethod
    def shuffled(
        cls, variant: Variant, *, players: int, dealer: int, hand_size: int, seed: Seed
    ) -> Deal:
        """A seeded random deal: :meth:`Deck.shuffled <whist_ro.Deck.shuffled>`, then dealt.

        The same seed gives the same deal on every platform and in every
        process (see :func:`check_seed` for what a seed may be).

        >>> from whist_ro import variants
        >>> a = Deal.shuffled(variants.ROMANIAN, players=4, dealer=0, hand_size=7, seed=3)
        >>> a == Deal.shuffled(variants.ROMANIAN, players=4, dealer=0, hand_size=7, seed=3)
        True
        """
        variant = _check_variant(variant)
        deck = Deck.for_game(variant, players)
        dealer = seat(dealer, players=players, name="dealer")
        size = _check_hand_size(hand_size, players=players, deck_size=len(deck))
        order = deck.shuffled_bits(seed)
        return cls._trusted(variant, players, dealer, size, order)

    # -- reading ---------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The rules the deal is made under."""
        return self._variant

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._players

    @property
    def dealer(self) -> int:
        """The dealing seat; it bids last (R-BID-1)."""
        return self._dealer

    @property
    def first_hand(self) -> int:
        """The seat left of the dealer: it bids first and leads first (R-BID-1, R-PLAY-1)."""
        return self._first_hand

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat."""
        return self._hand_size

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Each seat's hand as dealt."""
        return tuple(CardSet.from_mask(m) for m in self._masks)

    @property
    def masks(self) -> tuple[int, ...]:
        """Each seat's hand as dealt, as a card mask (see :attr:`Card.bit <whist_ro.Card.bit>`)."""
        return self._masks

    @property
    def turn_up(self) -> Card | None:
        """The face-up card that set trump, or None (R-TRUMP-*).

        In the exact-bid family it is the first undealt card; in classic it
        is the dealer's own last card, which stays in the dealer's hand.
        """
        return self._turn_up

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None when the deal has no trump (R-TRUMP-2)."""
        turn_up = self._turn_up
        return None if turn_up is None else turn_up.suit

    def to_dict(self) -> dict[str, Any]:
        """The deal as JSON-ready data: dealer, hands and turn-up as card text.

        >>> from whist_ro import variants
        >>> Deal(variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2, turn_up="Jh").to_dict()
        {'dealer': 2, 'hands': [['Ah'], ['Kh'], ['Qh']], 'turn_up': 'Jh'}
        """
        return {
            "dealer": self._dealer,
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "turn_up": None if self._turn_up is None else str(self._turn_up),
        }

    # -- value semantics ---------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (self._variant, self._dealer, self._masks, self._turn_up)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deal):
            return self is other or self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        hands = ", ".join(repr(str(h)) for h in self.hands)
        turn_up = "" if self._turn_up is None else f", turn_up={str(self._turn_up)!r}"
        return f"Deal({self._variant.name!r}, hands=[{hands}], dealer={self._dealer}{turn_up})"


# Caches of rule answers for the engine's hot path (they restate nothing):
# the seat after each seat (R-BID-1, R-PLAY-1), and whether a card beats the
# card winning a trick, indexed ``card << 6 | best`` (R-PLAY-6).
@functools.cache
def _clockwise(players: int) -> tuple[int, ...]:
    return tuple(next_seat(s, players) for s in range(players))


@functools.cache
def _beats_table(trump: int | None) -> tuple[bool, ...]:
    return tuple(beats(card, best, trump) for card in range(64) for best in range(64))


def _card(bit: int) -> Card:
    card = CARD_BY_BIT[bit]
    assert card is not None
    return card


def _parse_turn_up(turn_up: object) -> Card | None:
    # A card, card text, or None; anything else is a CardParseError from as_card.
    return None if turn_up is None else as_card(turn_up)


def _check_turn_up(
    variant: Variant,
    players: int,
    hand_size: int,
    dealer: int,
    masks: list[int],
    dealt: int,
    card: Card | None,
    deck: Deck,
) -> None:
    source = trump_source(variant, players=players, hand_size=hand_size)
    if source is None:
        if card is not None:
            if hand_size in variant.no_trump_sizes:
                why, rule = (
                    f"hands of {hand_size} are played without trump in {variant.name}",
                    ("R-TRUMP-2"),
                )
            else:
                why, rule = "the whole deck is dealt, so there is no trump", "R-TRUMP-2"
            raise InvalidDealError(
                f"this deal has no turn-up card, but {card} was given: {why} ({rule})", rule=rule
            )
        return
    rule = "R-TRUMP-1" if source == "turn_up" else "R-TRUMP-3"
    if card is None:
        raise InvalidDealError(
            f"this deal needs a turn-up card to set trump ({rule}), but none was given",
            rule=rule,
        )
    if card not in deck:
        raise InvalidDealError(
            f"the turn-up {card} is not in the {len(deck)}-card deck of {variant.name} (R-DECK-4)",
            rule="R-DECK-4",
        )
    if source == "turn_up" and dealt >> card.bit & 1:
        raise InvalidDealError(
            f"the turn-up {card} is also in a hand; it must come from the undealt cards "
            "(R-DECK-4, R-TRUMP-1)",
            rule="R-TRUMP-1",
        )
    if source == "dealer_last" and not masks[dealer] >> card.bit & 1:
        raise InvalidDealError(
            f"the turn-up {card} must be the dealer's (seat {dealer}) own last card "
            "(R-DECK-4, R-TRUMP-3)",
            rule="R-TRUMP-3",
        )
