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

from collections.abc import Iterable, Sequence
from typing import Any, Final

from whist_ro._check import MAX_WHOLE, Seed, excerpt, seat, whole
from whist_ro._immutable import Immutable
from whist_ro._text import Sentence
from whist_ro.cards import CARD_BY_BIT, Card, CardSet, Suit, as_card
from whist_ro.errors import ConfigurationError, InvalidDealError
from whist_ro.locale import N_
from whist_ro.rules.bidding import first_hand
from whist_ro.rules.dealing import deal_hands, trump_card_index, trump_source
from whist_ro.schedule import Deck, check_players
from whist_ro.variants import Variant, check_variant

__all__ = ["Deal"]


# The refusals of a deal that breaks R-DECK-4 or a trump rule, from their evidence.
_NOT_IN_DECK: Final = N_(
    "{card} (seat {seat}) is not in the {cards}-card deck of {variant} for {players} players "
    "(R-DECK-4)"
)
_TWICE: Final = N_("{card} is dealt twice (R-DECK-4)")
_SEAT_COUNT: Final = N_("seat {seat}: {count}")
_SIZES: Final = N_("hands must be the same size, not {counts} (R-DECK-4)")
_EMPTY: Final = N_("hands must hold at least one card (R-DECK-4)")
_NO_TRUMP_SIZE: Final = N_("hands of {hand_size} are played without trump in {variant}")
_WHOLE_DECK: Final = N_("the whole deck is dealt, so there is no trump")
# A bad deal is refused under R-DECK-4 whichever check fails; the turn-up's messages
# also name the R-TRUMP rule that decides whether there is one and where it belongs,
# and keep it as the evidence "trump_rule" (record replay points at the turn-up then).
_NO_TURN_UP: Final = N_(
    "this deal has no turn-up card, but {card} was given: {why} (R-DECK-4, R-TRUMP-2)"
)
_NEEDS_TURN_UP: Final = N_(
    "this deal needs a turn-up card to set trump ({rule}), but none was given (R-DECK-4)"
)
_HANDS_TOO_BIG: Final = N_(
    "{players} hands of {size} cards need more than the {deck} cards of the deck (R-SCHED-5)"
)
_TURN_UP_NOT_IN_DECK: Final = N_(
    "the turn-up {card} is not in the {cards}-card deck of {variant} (R-DECK-4)"
)
_TURN_UP_HELD: Final = N_(
    "the turn-up {card} is also in a hand; it must come from the undealt cards "
    "(R-DECK-4, R-TRUMP-1)"
)
_TURN_UP_NOT_DEALERS: Final = N_(
    "the turn-up {card} must be the dealer's (seat {dealer}) own last card (R-DECK-4, R-TRUMP-3)"
)


def _check_hand_size(hand_size: object, *, players: int, deck_size: int) -> int:
    size = whole(hand_size, name="hand_size", low=1, high=MAX_WHOLE)
    if size * players > deck_size:
        raise ConfigurationError(
            _HANDS_TOO_BIG,
            field="hand_size",
            rule="R-SCHED-5",
            evidence={"players": players, "size": size, "deck": deck_size},
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

    __slots__ = ("_dealer", "_masks", "_turn_up", "_variant")

    _variant: Variant
    _dealer: int
    _masks: tuple[int, ...]  # the number of seats and the hand size follow from these
    _turn_up: Card | None

    def __init__(
        self,
        variant: Variant,
        *,
        hands: Sequence[Iterable[Card | str] | str],
        dealer: int,
        turn_up: Card | str | None = None,
    ) -> None:
        variant = check_variant(variant)
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
                        _NOT_IN_DECK,
                        rule="R-DECK-4",
                        evidence={
                            "card": card,
                            "seat": seat_,
                            "cards": len(deck),
                            "variant": variant.name,
                            "players": players,
                        },
                    )
                if (seen | mask) >> card.bit & 1:
                    raise InvalidDealError(_TWICE, rule="R-DECK-4", evidence={"card": card})
                mask |= card.mask
            seen |= mask
            masks.append(mask)
        sizes = {m.bit_count() for m in masks}
        if len(sizes) != 1:
            counts = [
                Sentence(_SEAT_COUNT, seat=s, count=m.bit_count()) for s, m in enumerate(masks)
            ]
            raise InvalidDealError(_SIZES, rule="R-DECK-4", evidence={"counts": counts})
        hand_size = sizes.pop()
        if hand_size == 0:
            raise InvalidDealError(_EMPTY, rule="R-DECK-4")
        face_up = _parse_turn_up(turn_up)
        _check_turn_up(variant, players, hand_size, dealer, masks, seen, face_up, deck)
        _assign(self, variant, dealer, tuple(masks), face_up)

    @classmethod
    def trusted(
        cls, variant: Variant, *, dealer: int, masks: Sequence[int], turn_up: Card | None
    ) -> Deal:
        """A deal from values the library built itself: nothing is checked.

        ``masks`` holds each seat's hand as dealt, as a card mask (see
        :attr:`Card.bit <whist_ro.Card.bit>`).  The seeded shuffles, the
        deck orders of :meth:`from_deck` and the samplers of
        :mod:`whist_ro.views` build their deals here, since their deals
        are right by construction; a deal that comes from a person, a file
        or the network must go through ``Deal(...)``, which checks
        R-DECK-4 and R-TRUMP-*.  Anything else gives a deal that may break
        the rules without an error.

        >>> from whist_ro import Card, CardSet, variants
        >>> hands = [CardSet.parse(h).mask for h in ("Ah", "Kh", "Qh")]
        >>> d = Deal.trusted(variants.ROMANIAN, dealer=2, masks=hands, turn_up=Card.parse("Jh"))
        >>> d == Deal(variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2, turn_up="Jh")
        True
        """
        deal = _new(cls)
        _assign(deal, variant, dealer, tuple(masks), turn_up)
        return deal

    @classmethod
    def _from_order(
        cls, variant: Variant, players: int, dealer: int, hand_size: int, order: Sequence[int]
    ) -> Deal:
        """Deal a deck order of card bits that is known to be whole (R-DEAL-1, R-TRUMP-*)."""
        source = trump_source(variant, players=players, hand_size=hand_size)
        index = trump_card_index(source, players=players, hand_size=hand_size)
        masks = deal_hands(order, players=players, dealer=dealer, hand_size=hand_size)
        return cls.trusted(
            variant,
            dealer=dealer,
            masks=masks,
            turn_up=None if index is None else _card(order[index]),
        )

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
        variant = check_variant(variant)
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
        return cls._from_order(variant, players, dealer, size, [c.bit for c in order])

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
        variant = check_variant(variant)
        deck = Deck.for_game(variant, players)
        dealer = seat(dealer, players=players, name="dealer")
        size = _check_hand_size(hand_size, players=players, deck_size=len(deck))
        order = deck.shuffled_bits(seed)
        return cls._from_order(variant, players, dealer, size, order)

    # -- reading ---------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The rules the deal is made under."""
        return self._variant

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self._masks)

    @property
    def dealer(self) -> int:
        """The dealing seat; it bids last (R-BID-1)."""
        return self._dealer

    @property
    def first_hand(self) -> int:
        """The seat left of the dealer: it bids first and leads first (R-BID-1, R-PLAY-1)."""
        return first_hand(self._dealer, len(self._masks))

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat."""
        return self._masks[0].bit_count()

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


_new: Final = object.__new__
# Deal's slots refuse assignment: a new deal is filled through the slot
# descriptors themselves, the cheapest way in (a match deals every round).
_set_variant: Final = Deal.__dict__["_variant"].__set__
_set_dealer: Final = Deal.__dict__["_dealer"].__set__
_set_masks: Final = Deal.__dict__["_masks"].__set__
_set_turn_up: Final = Deal.__dict__["_turn_up"].__set__


def _assign(
    deal: Deal, variant: Variant, dealer: int, masks: tuple[int, ...], turn_up: Card | None
) -> None:
    """Fill a new deal's slots: the one place a Deal gets its values."""
    _set_variant(deal, variant)
    _set_dealer(deal, dealer)
    _set_masks(deal, masks)
    _set_turn_up(deal, turn_up)


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
            why = (
                Sentence(_NO_TRUMP_SIZE, hand_size=hand_size, variant=variant.name)
                if hand_size in variant.no_trump_sizes
                else Sentence(_WHOLE_DECK)
            )
            raise InvalidDealError(
                _NO_TURN_UP,
                rule="R-DECK-4",
                evidence={"card": card, "why": why, "trump_rule": "R-TRUMP-2"},
            )
        return
    rule = "R-TRUMP-1" if source == "turn_up" else "R-TRUMP-3"
    if card is None:
        raise InvalidDealError(
            _NEEDS_TURN_UP, rule="R-DECK-4", evidence={"rule": rule, "trump_rule": rule}
        )
    if card not in deck:
        raise InvalidDealError(
            _TURN_UP_NOT_IN_DECK,
            rule="R-DECK-4",
            evidence={"card": card, "cards": len(deck), "variant": variant.name},
        )
    if source == "turn_up" and dealt >> card.bit & 1:
        raise InvalidDealError(
            _TURN_UP_HELD, rule="R-DECK-4", evidence={"card": card, "trump_rule": "R-TRUMP-1"}
        )
    if source == "dealer_last" and not masks[dealer] >> card.bit & 1:
        raise InvalidDealError(
            _TURN_UP_NOT_DEALERS,
            rule="R-DECK-4",
            evidence={"card": card, "dealer": dealer, "trump_rule": "R-TRUMP-3"},
        )
