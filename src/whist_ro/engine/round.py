"""One deal from the first bid to the last trick, as an immutable state.

A :class:`Round` never changes: :meth:`Round.apply` checks an action
against the rules and returns a new round, or raises an
:class:`~whist_ro.errors.IllegalActionError` citing the rule and leaves the
round as it was.

>>> from whist_ro import Bid, Play, variants
>>> r = Round.from_hands(variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "Qh 9c"],
...                      dealer=2, turn_up="10s")
>>> r.trump, r.to_act, r.legal_actions()
(<Suit.SPADES: 3>, 0, (Bid(seat=0, tricks=0), Bid(seat=0, tricks=1), Bid(seat=0, tricks=2)))
>>> r = r.apply(Bid(seat=0, tricks=2)).apply(Bid(seat=1, tricks=0))
>>> legal_bids(r)  # the dealer may not bid 0: 2 + 0 + 0 would total the hand size
(1, 2)
>>> r = r.apply(Bid(seat=2, tricks=1))
>>> r = r.apply(Play(seat=0, card="Ah"))
>>> r.apply(Play(seat=1, card="10c"))
Traceback (most recent call last):
...
whist_ro.errors.MustFollowSuitError: seat 1 cannot play 10c: it holds Kh and must follow ...
"""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Iterable, Sequence
from typing import Final

from whist_ro.actions import BIDS, PLAYS, Action, Bid, Play
from whist_ro.cards import CARD_BY_BIT, SUIT_MASKS, Card, CardSet, Suit, iter_bits
from whist_ro.engine.tricks import Trick
from whist_ro.errors import (
    ActionTypeError,
    BidOutOfRangeError,
    CardNotHeldError,
    ConfigurationError,
    ForbiddenBidError,
    GameOverError,
    IllegalActionError,
    InvalidDealError,
    MustFollowSuitError,
    MustOvertrumpError,
    MustTrumpError,
    NotOverError,
    OutOfTurnError,
    WrongPhaseError,
)
from whist_ro.rules.scoring import classic_points, exact_round_points
from whist_ro.schedule import Deck, check_players, deck_ranks
from whist_ro.variants import Variant

__all__ = ["Phase", "Round", "legal_bids", "legal_cards", "trump_source"]

_BIDDING: Final = 0
_PLAYING: Final = 1
_OVER: Final = 2


class Phase(enum.IntEnum):
    """Where a round stands.

    >>> from whist_ro import Round, variants
    >>> Round.deal(variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1).phase
    <Phase.BIDDING: 0>
    >>> Round.deal(variants.CLASSIC, players=4, dealer=0, hand_size=13, seed=1).phase
    <Phase.PLAYING: 1>
    """

    BIDDING = _BIDDING
    PLAYING = _PLAYING
    OVER = _OVER


def trump_source(variant: Variant, players: int, hand_size: int) -> str | None:
    """How trump is chosen for a deal (R-TRUMP-1..3 and the variant's options).

    ``"turn_up"``: the first undealt card is turned up (R-TRUMP-1);
    ``"dealer_last"``: the dealer's last card is shown and stays in the
    dealer's hand (R-TRUMP-3); ``None``: no trump (R-TRUMP-2).

    >>> from whist_ro import variants
    >>> trump_source(variants.ROMANIAN, 4, 7), trump_source(variants.ROMANIAN, 4, 8)
    ('turn_up', None)
    >>> trump_source(variants.CLASSIC, 4, 13)
    'dealer_last'
    """
    if variant.is_classic:
        return "dealer_last"
    if hand_size in variant.no_trump_sizes:
        return None
    if players * hand_size < 4 * deck_ranks(variant, players):
        return "turn_up"
    return "dealer_last" if variant.dealt_out_trump == "dealer_last" else None


# A match deals dozens of rounds from one variant: answer each set-up once.
_cached_trump_source: Final = functools.lru_cache(maxsize=256)(trump_source)


def _cards_text(mask: int) -> str:
    return " ".join(str(CARD_BY_BIT[b]) for b in iter_bits(mask))


# Legal plays for one seat and one card mask, built once and shared.  Masks
# inside a single suit are cached; a mask spanning suits is the concatenation
# of its suits' cached tuples, which keeps the cache small (at most 2**13
# entries per seat and suit) however many hands are played.
_PLAY_CACHE: Final[tuple[dict[int, tuple[Play, ...]], ...]] = tuple({} for _ in range(8))
_BIT: Final = tuple(1 << b for b in range(64))
_SUITS_HIGH_FIRST: Final = tuple(SUIT_MASKS[s] for s in (3, 2, 1, 0))


def _plays_for(seat: int, mask: int) -> tuple[Play, ...]:
    cache = _PLAY_CACHE[seat]
    found = cache.get(mask)
    if found is not None:
        return found
    plays: tuple[Play, ...] = ()
    for suit in _SUITS_HIGH_FIRST:
        part = mask & suit
        if part:
            found = cache.get(part)
            if found is None:
                row = PLAYS[seat]
                found = cache[part] = tuple(row[bit] for bit in iter_bits(part))  # type: ignore[misc]
            plays += found
    return plays


class _Deal:
    """What a deal fixes for the whole round; shared by all its states."""

    __slots__ = (
        "dealer",
        "first_hand",
        "hand_size",
        "hands",
        "hook",
        "is_classic",
        "must_overtrump",
        "must_trump",
        "players",
        "trump",
        "turn_up",
        "variant",
    )

    def __init__(
        self,
        variant: Variant,
        players: int,
        dealer: int,
        hand_size: int,
        hands: tuple[int, ...],
        turn_up: Card | None,
    ) -> None:
        self.variant = variant
        self.players = players
        self.dealer = dealer
        self.first_hand = (dealer + 1) % players
        self.hand_size = hand_size
        self.hands = hands
        self.turn_up = turn_up
        self.trump = -1 if turn_up is None else int(turn_up.suit)
        self.is_classic = variant.is_classic
        self.hook = variant.hook and not self.is_classic
        self.must_trump = variant.must_trump
        self.must_overtrump = variant.must_overtrump

    def key(self) -> tuple[object, ...]:
        return (self.variant, self.players, self.dealer, self.hands, self.turn_up)


class Round:
    """One deal: bidding (exact family), then tricks, then points.

    Build one with :meth:`from_hands`, :meth:`from_deck` or :meth:`deal`;
    advance it with :meth:`apply`.  Every property is read-only and every
    transition returns a new round, so old states stay valid for undo,
    search and replay.

    >>> from whist_ro import Bid, variants
    >>> r = Round.deal(variants.ROMANIAN, players=4, dealer=3, hand_size=5, seed=9)
    >>> r.first_hand, r.to_act, r.hand_size, len(r.hands[0])
    (0, 0, 5, 5)
    >>> after = r.apply(Bid(seat=0, tricks=2))
    >>> r.bids, after.bids  # the old state is untouched
    ((None, None, None, None), (2, None, None, None))
    """

    __slots__ = (
        "_best",
        "_best_seat",
        "_bids",
        "_deal",
        "_history",
        "_leader",
        "_legal",
        "_phase",
        "_played",
        "_to_act",
        "_trick",
        "_won",
    )

    _deal: _Deal
    _bids: tuple[int | None, ...]
    _played: int  # mask of every card played so far; a seat holds hands[seat] & ~_played
    _trick: tuple[int, ...]
    _leader: int
    _best: int
    _best_seat: int
    _history: tuple[tuple[int, tuple[int, ...]], ...]
    _won: tuple[int, ...]
    _to_act: int
    _phase: int
    _legal: int  # legal card mask, computed on first use; -1 until then

    def __init__(self) -> None:
        raise TypeError("build a Round with Round.from_hands, Round.from_deck or Round.deal")

    # -- construction -------------------------------------------------------

    @classmethod
    def _start(cls, deal: _Deal) -> Round:
        r = object.__new__(cls)
        players = deal.players
        r._deal = deal
        r._bids = (None,) * players
        r._played = 0
        r._trick = ()
        r._leader = deal.first_hand
        r._best = -1
        r._best_seat = -1
        r._history = ()
        r._won = (0,) * players
        r._to_act = deal.first_hand
        r._phase = _PLAYING if deal.is_classic else _BIDDING
        r._legal = -1
        return r

    @classmethod
    def from_hands(
        cls,
        variant: Variant,
        *,
        hands: Sequence[Iterable[Card | str] | str],
        dealer: int,
        turn_up: Card | str | None = None,
    ) -> Round:
        """A round from an explicit deal, validated by R-DECK-4.

        ``hands[i]`` is seat ``i``'s hand: cards, or text such as ``"Ah 7c"``.
        ``turn_up`` is the face-up trump card, required exactly when the
        variant turns one up for this deal (see :func:`trump_source`).

        >>> from whist_ro import variants
        >>> Round.from_hands(variants.ROMANIAN, hands=["Ah", "Ah", "Kh"], dealer=0,
        ...                  turn_up="7c")
        Traceback (most recent call last):
        ...
        whist_ro.errors.InvalidDealError: Ah is dealt twice (R-DECK-4)
        """
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise InvalidDealError(
                f"hands must be a sequence with one hand per seat, not {hands!r} (R-DECK-4)"
            )
        players = len(hands)
        check_players(variant, players)
        _check_dealer(dealer, players)
        deck = Deck.for_game(variant, players)
        masks: list[int] = []
        seen = 0
        for seat, hand in enumerate(hands):
            cards = _parse_hand(hand, seat)
            mask = 0
            for card in cards:
                if card not in deck:
                    raise InvalidDealError(
                        f"{card} (seat {seat}) is not in the {len(deck)}-card deck of "
                        f"{variant.name} for {players} players (R-DECK-4)"
                    )
                if (seen | mask) >> card.bit & 1:
                    raise InvalidDealError(f"{card} is dealt twice (R-DECK-4)")
                mask |= card.mask
            seen |= mask
            masks.append(mask)
        sizes = {m.bit_count() for m in masks}
        if len(sizes) != 1:
            counts = ", ".join(f"seat {s}: {m.bit_count()}" for s, m in enumerate(masks))
            raise InvalidDealError(f"hands must be the same size, not {counts} (R-DECK-4)")
        hand_size = sizes.pop()
        if hand_size == 0:
            raise InvalidDealError("hands must hold at least one card (R-DECK-4)")
        face_up = _parse_turn_up(turn_up)
        _check_turn_up(variant, players, hand_size, dealer, masks, seen, face_up, deck)
        return cls._start(_Deal(variant, players, dealer, hand_size, tuple(masks), face_up))

    @classmethod
    def from_deck(
        cls,
        variant: Variant,
        *,
        deck: Sequence[Card | str],
        dealer: int,
        hand_size: int,
        players: int | None = None,
    ) -> Round:
        """Deal ``hand_size`` cards each from a deck order (R-DEAL-1).

        Cards go out one at a time clockwise from the first hand (left of the
        dealer); the next card is the turn-up when the variant has one.
        ``players`` defaults to what the deck size implies (``len(deck) // 8``
        for the exact family, 4 for classic).

        >>> from whist_ro import variants, Deck
        >>> order = Deck.for_game(variants.ROMANIAN, 3).shuffled(1)
        >>> r = Round.from_deck(variants.ROMANIAN, deck=order, dealer=0, hand_size=2)
        >>> set(r.hands[1]) == {order[0], order[3]}  # seat 1 gets the 1st and 4th cards
        True
        >>> r.turn_up == order[6]
        True
        """
        order = [c if isinstance(c, Card) else Card.parse(c) for c in deck]
        if players is None:
            players = 4 if variant.is_classic else len(order) // 8
        check_players(variant, players)
        _check_dealer(dealer, players)
        full = Deck.for_game(variant, players)
        if len(order) != len(full) or {c.bit for c in order} != {c.bit for c in full}:
            raise InvalidDealError(
                f"a deck order must hold each of the {len(full)} cards of {variant.name} for "
                f"{players} players exactly once (R-DECK-4)"
            )
        _check_hand_size(hand_size, players, len(full))
        return cls._from_order(variant, players, dealer, hand_size, [c.bit for c in order])

    @classmethod
    def deal(
        cls,
        variant: Variant,
        *,
        players: int,
        dealer: int,
        hand_size: int,
        seed: int | str | random.Random,
    ) -> Round:
        """A seeded random deal: :meth:`Deck.shuffled` then :meth:`from_deck`.

        >>> from whist_ro import variants
        >>> a = Round.deal(variants.ROMANIAN, players=4, dealer=0, hand_size=7, seed=3)
        >>> a == Round.deal(variants.ROMANIAN, players=4, dealer=0, hand_size=7, seed=3)
        True
        """
        deck = Deck.for_game(variant, players)
        _check_dealer(dealer, players)
        _check_hand_size(hand_size, players, len(deck))
        # A deck order the library shuffled itself needs no re-validation.
        order = deck.shuffled_bits(seed)
        return cls._from_order(variant, players, dealer, hand_size, order)

    @classmethod
    def _from_order(
        cls, variant: Variant, players: int, dealer: int, hand_size: int, order: Sequence[int]
    ) -> Round:
        # Seat (first_hand + k) % players receives order[k]: slicing with a
        # step of `players` picks one seat's cards without a per-card loop.
        dealt = players * hand_size
        first = (dealer + 1) % players
        hands = [0] * players
        for offset in range(players):
            # The bits are distinct, so their sum is their union.
            hands[(first + offset) % players] = sum(
                map(_BIT.__getitem__, order[offset:dealt:players])
            )
        source = _cached_trump_source(variant, players, hand_size)
        turn_up: Card | None
        if source == "turn_up":
            turn_up = CARD_BY_BIT[order[dealt]]
        elif source == "dealer_last":
            turn_up = CARD_BY_BIT[order[dealt - 1]]
        else:
            turn_up = None
        return cls._start(_Deal(variant, players, dealer, hand_size, tuple(hands), turn_up))

    # -- reading the state ----------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The rules this round is played under."""
        return self._deal.variant

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._deal.players

    @property
    def dealer(self) -> int:
        """The dealing seat; it bids last (R-BID-1)."""
        return self._deal.dealer

    @property
    def first_hand(self) -> int:
        """The seat left of the dealer: it bids first and leads first (R-PLAY-1)."""
        return self._deal.first_hand

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat."""
        return self._deal.hand_size

    @property
    def turn_up(self) -> Card | None:
        """The face-up card that set trump, or None (R-TRUMP-*)."""
        return self._deal.turn_up

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None when the deal has no trump (R-TRUMP-2)."""
        turn_up = self._deal.turn_up
        return None if turn_up is None else turn_up.suit

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """The hands as dealt, kept after play for replay and audit."""
        return tuple(CardSet.from_mask(m) for m in self._deal.hands)

    @property
    def remaining(self) -> tuple[CardSet, ...]:
        """The cards each seat still holds."""
        played = self._played
        return tuple(CardSet.from_mask(m & ~played) for m in self._deal.hands)

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid, None until made (always None in classic)."""
        return self._bids

    @property
    def phase(self) -> Phase:
        """Bidding, playing or over."""
        return Phase(self._phase)

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or None once the round is over."""
        return None if self._phase == _OVER else self._to_act

    @property
    def is_over(self) -> bool:
        """True once every trick has been played."""
        return self._phase == _OVER

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks in play order."""
        players = self._deal.players
        return tuple(
            Trick._trusted(leader, tuple(_card(b) for b in bits), players)
            for leader, bits in self._history
        )

    @property
    def current_trick(self) -> Trick:
        """The trick on the table (empty before the lead, and once the round is over)."""
        leader = self._to_act if not self._trick else self._leader
        return Trick._trusted(
            max(leader, 0), tuple(_card(b) for b in self._trick), self._deal.players
        )

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken so far, one count per seat."""
        return self._won

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action so far in order: the bids, then the plays."""
        deal = self._deal
        out: list[Action] = []
        bids_made = sum(b is not None for b in self._bids)
        for i in range(bids_made):
            seat = (deal.first_hand + i) % deal.players
            bid = self._bids[seat]
            assert bid is not None
            out.append(Bid(seat=seat, tricks=bid))
        for leader, bits in (*self._history, (self._leader, self._trick)):
            out.extend(
                Play(seat=(leader + i) % deal.players, card=_card(b)) for i, b in enumerate(bits)
            )
        return tuple(out)

    @property
    def points(self) -> tuple[int, ...]:
        """This round's points per seat (R-SCORE-*), without streak bonuses.

        In classic whist both partners show their side's points.
        """
        if self._phase != _OVER:
            raise NotOverError("the round is not over: its points are not known yet")
        deal = self._deal
        if deal.is_classic:
            return classic_points(self._won)
        return exact_round_points(deal.variant, bids=self._bids, tricks=self._won)

    # -- legality -------------------------------------------------------------

    def forbidden_bid(self) -> int | None:
        """The bid the hook forbids the seat to act, if any (R-BID-2)."""
        deal = self._deal
        if self._phase != _BIDDING or not deal.hook or self._to_act != deal.dealer:
            return None
        # filter(None, ...) drops the zeros too, which do not change the sum.
        rest = deal.hand_size - sum(filter(None, self._bids))
        return rest if rest >= 0 else None

    def _legal_mask(self) -> int:
        # A state never changes, so its legal mask is computed at most once:
        # the usual legal_actions() then apply() pair pays for it only once.
        legal = self._legal
        if legal < 0:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> int:
        hand = self._deal.hands[self._to_act] & ~self._played
        trick = self._trick
        if not trick:
            return hand
        follow = hand & SUIT_MASKS[trick[0] >> 4]
        if follow:
            return follow
        deal = self._deal
        trump = deal.trump
        if deal.must_trump and trump >= 0:
            trumps = hand & SUIT_MASKS[trump]
            if trumps:
                best = self._best
                if deal.must_overtrump and best >> 4 == trump:
                    over = trumps >> (best + 1) << (best + 1)
                    if over:
                        return over
                return trumps
        return hand

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action allowed now, bids low to high or cards high to low.

        Empty once the round is over.
        """
        phase = self._phase
        if phase == _PLAYING:
            return _plays_for(self._to_act, self._legal_mask())
        if phase == _OVER:
            return ()
        seat = self._to_act
        size = self._deal.hand_size
        forbidden = self.forbidden_bid()
        row = BIDS[seat]
        if forbidden is None:
            return row[: size + 1]
        return row[:forbidden] + row[forbidden + 1 : size + 1]

    # -- transitions ------------------------------------------------------------

    def apply(self, action: Action) -> Round:
        """The round after ``action``, which must be legal; this round is unchanged.

        Raises an :class:`~whist_ro.errors.IllegalActionError` subclass
        naming the seat, the action, the reason and the rule.
        """
        kind = type(action)
        if kind is Play:
            play: Play = action  # type: ignore[assignment]
            seat = play.seat
            bit = play.card.bit
            if self._phase == _PLAYING and seat == self._to_act and self._legal_mask() >> bit & 1:
                return self._play(seat, bit)
            raise self._play_error(play)
        if kind is Bid:
            bid: Bid = action  # type: ignore[assignment]
            seat, tricks = bid.seat, bid.tricks
            if (
                self._phase == _BIDDING
                and seat == self._to_act
                and 0 <= tricks <= self._deal.hand_size
                and (seat != self._deal.dealer or tricks != self.forbidden_bid())
            ):
                return self._bid(seat, tricks)
            raise self._bid_error(bid)
        raise ActionTypeError(f"expected a Bid or a Play, not {action!r}")

    def apply_legal(self, action: Action) -> Round:
        """Like :meth:`apply` for an action taken from this state's :meth:`legal_actions`.

        The fast path for bots and simulations: the action is not checked
        again.  Anything else gives an undefined result that may break the
        rules without an error, so input from people, files or the network
        must go through :meth:`apply`.

        >>> from whist_ro import variants
        >>> r = Round.deal(variants.ROMANIAN, players=4, dealer=0, hand_size=3, seed=1)
        >>> action = r.legal_actions()[0]
        >>> r.apply_legal(action) == r.apply(action)
        True
        """
        if type(action) is Play:
            return self._play(action.seat, action.card.bit)
        return self._bid(action.seat, action.tricks)  # type: ignore[union-attr]

    def _bid_error(self, bid: Bid) -> IllegalActionError:
        seat, tricks = bid.seat, bid.tricks
        deal = self._deal
        if self._phase == _OVER:
            return GameOverError(
                f"seat {seat} cannot bid {tricks}: the round is over (R-END-4)",
                rule="R-END-4",
                seat=seat,
                action=bid,
            )
        if self._phase == _PLAYING:
            why = "classic whist has no bidding" if deal.is_classic else "play has started"
            return WrongPhaseError(
                f"seat {seat} cannot bid {tricks}: {why} (R-BID-3)",
                rule="R-BID-3",
                seat=seat,
                action=bid,
            )
        if seat != self._to_act:
            return OutOfTurnError(
                f"seat {seat} cannot bid {tricks}: it is seat {self._to_act}'s turn to bid "
                "(R-BID-3)",
                rule="R-BID-3",
                seat=seat,
                action=bid,
            )
        if not 0 <= tricks <= deal.hand_size:
            return BidOutOfRangeError(
                f"seat {seat} cannot bid {tricks}: bids run from 0 to the hand size "
                f"{deal.hand_size} (R-BID-3)",
                rule="R-BID-3",
                seat=seat,
                action=bid,
            )
        earlier = sum(filter(None, self._bids))
        return ForbiddenBidError(
            f"seat {seat} (dealer) cannot bid {tricks}: the earlier bids total {earlier}, "
            f"and {earlier} + {tricks} would equal the hand size {deal.hand_size} (R-BID-2)",
            rule="R-BID-2",
            seat=seat,
            action=bid,
        )

    def _play_error(self, play: Play) -> IllegalActionError:
        seat, card = play.seat, play.card
        deal = self._deal
        text = f"seat {seat} cannot play {card}"
        if self._phase == _OVER:
            return GameOverError(
                f"{text}: the round is over (R-END-4)", rule="R-END-4", seat=seat, action=play
            )
        if self._phase == _BIDDING:
            return WrongPhaseError(
                f"{text}: bidding is not finished, seat {self._to_act} bids next (R-PLAY-7)",
                rule="R-PLAY-7",
                seat=seat,
                action=play,
            )
        if seat != self._to_act:
            return OutOfTurnError(
                f"{text}: it is seat {self._to_act}'s turn to play (R-PLAY-7)",
                rule="R-PLAY-7",
                seat=seat,
                action=play,
            )
        hand = self._deal.hands[seat] & ~self._played
        if not hand >> card.bit & 1:
            return CardNotHeldError(
                f"{text}: it does not hold {card} (R-PLAY-7)",
                rule="R-PLAY-7",
                seat=seat,
                action=play,
            )
        led = Suit(self._trick[0] >> 4)
        follow = hand & SUIT_MASKS[led]
        if follow:
            return MustFollowSuitError(
                f"{text}: it holds {_cards_text(follow)} and must follow {led} (R-PLAY-2)",
                rule="R-PLAY-2",
                seat=seat,
                action=play,
            )
        trump = Suit(deal.trump)
        trumps = hand & SUIT_MASKS[trump]
        legal = self._legal_mask()
        if legal != trumps:
            beaten = _card(self._best)
            return MustOvertrumpError(
                f"{text}: it must beat the {beaten} in the trick with "
                f"{_cards_text(legal)} (R-PLAY-8)",
                rule="R-PLAY-8",
                seat=seat,
                action=play,
            )
        return MustTrumpError(
            f"{text}: it has no {led} but holds {trump} {_cards_text(trumps)} and must trump "
            "(R-PLAY-3)",
            rule="R-PLAY-3",
            seat=seat,
            action=play,
        )

    def _bid(self, seat: int, tricks: int) -> Round:
        deal = self._deal
        r = object.__new__(Round)
        r._legal = -1
        bids = list(self._bids)
        bids[seat] = tricks
        r._deal = deal
        r._bids = tuple(bids)
        r._played = self._played
        r._trick = ()
        r._leader = self._leader
        r._best = -1
        r._best_seat = -1
        r._history = ()
        r._won = self._won
        if seat == deal.dealer:
            r._phase = _PLAYING
            r._to_act = deal.first_hand
        else:
            r._phase = _BIDDING
            r._to_act = (seat + 1) % deal.players
        return r

    def _play(self, seat: int, bit: int) -> Round:
        deal = self._deal
        trick = self._trick
        r = object.__new__(Round)
        r._legal = -1
        r._deal = deal
        r._bids = self._bids
        r._played = self._played | 1 << bit
        r._phase = _PLAYING
        if trick:
            best = self._best
            best_seat = self._best_seat
            # Incremental trick winner (R-PLAY-6): a card beats the best so far
            # if it is higher in the same suit, or the first trump on a non-trump.
            if bit >> 4 == best >> 4:
                if bit > best:
                    best, best_seat = bit, seat
            elif bit >> 4 == deal.trump:
                best, best_seat = bit, seat
            trick = (*trick, bit)
        else:
            best, best_seat = bit, seat
            trick = (bit,)
        if len(trick) == deal.players:
            won = list(self._won)
            won[best_seat] += 1
            history = (*self._history, (self._leader, trick))
            r._won = tuple(won)
            r._history = history
            r._trick = ()
            r._leader = best_seat
            r._best = -1
            r._best_seat = -1
            r._to_act = best_seat
            if len(history) == deal.hand_size:
                r._phase = _OVER
        else:
            r._won = self._won
            r._history = self._history
            r._trick = trick
            r._leader = self._leader
            r._best = best
            r._best_seat = best_seat
            r._to_act = (seat + 1) % deal.players
        return r

    # -- value semantics -------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (
            self._deal.key(),
            self._bids,
            self._played,
            self._trick,
            self._leader,
            self._history,
            self._to_act,
            self._phase,
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Round):
            return self is other or self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __copy__(self) -> Round:
        return self  # immutable: a copy could never differ

    def __deepcopy__(self, memo: dict[int, object]) -> Round:
        return self

    def __repr__(self) -> str:
        deal = self._deal
        trump = "no trump" if deal.turn_up is None else f"trump {deal.turn_up.suit}"
        state = (
            "over"
            if self._phase == _OVER
            else f"{self.phase.name.lower()}, seat {self._to_act} to act"
        )
        return (
            f"<Round {deal.variant.name} players={deal.players} hand_size={deal.hand_size} "
            f"dealer={deal.dealer} {trump}: {state}>"
        )


def _card(bit: int) -> Card:
    card = CARD_BY_BIT[bit]
    assert card is not None
    return card


def _check_dealer(dealer: int, players: int) -> None:
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ConfigurationError(
            f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}", field="dealer"
        )


def _check_hand_size(hand_size: int, players: int, deck_size: int) -> None:
    if isinstance(hand_size, bool) or not isinstance(hand_size, int) or hand_size < 1:
        raise ConfigurationError(
            f"hand_size must be a whole number >= 1, not {hand_size!r}", field="hand_size"
        )
    if hand_size * players > deck_size:
        raise ConfigurationError(
            f"{players} hands of {hand_size} need more than the {deck_size} cards of the "
            "deck (R-SCHED-4)",
            field="hand_size",
            rule="R-SCHED-4",
        )


def _parse_hand(hand: Iterable[Card | str] | str, seat: int) -> list[Card]:
    items: Iterable[Card | str] = hand.replace(",", " ").split() if isinstance(hand, str) else hand
    cards = []
    for item in items:
        if isinstance(item, Card):
            cards.append(item)
        elif isinstance(item, str):
            cards.append(Card.parse(item))
        else:
            raise InvalidDealError(f"seat {seat}'s hand holds {item!r}, which is not a card")
    return cards


def _parse_turn_up(turn_up: Card | str | None) -> Card | None:
    if turn_up is None or isinstance(turn_up, Card):
        return turn_up
    if isinstance(turn_up, str):
        return Card.parse(turn_up)
    raise InvalidDealError(f"turn_up must be a card, text such as 'Ah', or None, not {turn_up!r}")


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
    source = trump_source(variant, players, hand_size)
    if source is None:
        if card is not None:
            why = (
                f"hands of {hand_size} are played without trump in {variant.name}"
                if hand_size in variant.no_trump_sizes
                else "the whole deck is dealt, so there is no trump (R-TRUMP-2)"
            )
            raise InvalidDealError(f"this deal has no turn-up card, but {card} was given: {why}")
        return
    rule = "R-TRUMP-1" if source == "turn_up" else "R-TRUMP-3"
    if card is None:
        raise InvalidDealError(
            f"this deal needs a turn-up card to set trump ({rule}), but none was given"
        )
    if card not in deck:
        raise InvalidDealError(
            f"the turn-up {card} is not in the {len(deck)}-card deck of {variant.name} (R-DECK-4)"
        )
    if source == "turn_up" and dealt >> card.bit & 1:
        raise InvalidDealError(
            f"the turn-up {card} is also in a hand; it must come from the undealt cards "
            "(R-DECK-4, R-TRUMP-1)"
        )
    if source == "dealer_last" and not masks[dealer] >> card.bit & 1:
        raise InvalidDealError(
            f"the turn-up {card} must be the dealer's (seat {dealer}) own last card "
            "(R-DECK-4, R-TRUMP-3)"
        )


def legal_bids(round_: Round) -> tuple[int, ...]:
    """The bids the seat to act may make, low to high; empty outside bidding.

    >>> from whist_ro import variants
    >>> r = Round.from_hands(variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2,
    ...                      turn_up="Jh")
    >>> legal_bids(r)
    (0, 1)
    """
    if round_.phase is not Phase.BIDDING:
        return ()
    return tuple(a.tricks for a in round_.legal_actions() if isinstance(a, Bid))


def legal_cards(round_: Round) -> CardSet:
    """The cards the seat to act may play (R-PLAY-2..5, R-PLAY-8); empty outside play.

    >>> from whist_ro import Bid, Play, variants
    >>> r = Round.from_hands(variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"], dealer=2,
    ...                      turn_up="Qs")
    >>> for bid in (Bid(seat=0, tricks=0), Bid(seat=1, tricks=0), Bid(seat=2, tricks=1)):
    ...     r = r.apply(bid)
    >>> r = r.apply(Play(seat=0, card="Jc"))
    >>> legal_cards(r)  # seat 1 must follow clubs
    CardSet.parse('10c')
    >>> legal_cards(r.apply(Play(seat=1, card="10c")))  # seat 2 has no clubs: it must trump
    CardSet.parse('10s')
    """
    if round_.phase is not Phase.PLAYING:
        return CardSet()
    return CardSet.from_mask(round_._legal_mask())
