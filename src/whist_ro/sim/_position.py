"""A round position as plain ints, the hidden cards of a batch, and how they are drawn.

The kernels never touch :class:`~whist_ro.Round` objects while they play:
:func:`position_of` reads a round once through its public properties into
a :class:`Position` (masks, tuples, flags), and every playout starts from
that.  The hidden part of a position, who holds which unplayed card (and,
before the first action of a round, the turn-up), is a :data:`Hidden`
value; a batch is a list of them, drawn fresh, sampled for the seat to
act, or given by the caller.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from typing import Final

from whist_ro._check import excerpt
from whist_ro.cards import SUIT_MASKS, Card, CardSet
from whist_ro.engine.match import Match
from whist_ro.engine.round import Round
from whist_ro.errors import ConfigurationError, InvalidDealError
from whist_ro.schedule import Deck
from whist_ro.variants import Variant

__all__ = ["Hidden", "Position", "fresh_hidden", "hidden_of", "position_of", "sampled_hidden"]

#: The hidden part of a position: each seat's unplayed cards, and the trump
#: suit (``-1``: none) with its turn-up card bit (``-1``: none).
Hidden = tuple[tuple[int, ...], int, int]

BIDDING: Final = 0
PLAYING: Final = 1
OVER: Final = 2

_BIT: Final = tuple(1 << b for b in range(64))
# How often a sampled deal may be redrawn before the caller is told the
# inferred voids leave almost no deal (the sampler is exact rejection).
_MAX_REDRAWS: Final = 100_000


class Position:
    """Everything a playout needs to know about where a round stands, as ints.

    Bids are ``-1`` until made; ``trick`` holds the card bits on the table
    in play order; ``forbidden[seat]`` is a mask of cards the seat cannot
    hold, inferred from the play so far (a void shown by not following,
    no trump shown by not trumping, no higher trump shown by not
    overtrumping); ``source`` is how trump is set for a fresh deal of this
    size: ``"turn_up"``, ``"dealer_last"`` or ``None``.
    """

    __slots__ = (
        "bids",
        "classic",
        "dealer",
        "deck",
        "first",
        "forbidden",
        "fresh",
        "hand_size",
        "hands",
        "history",
        "hook",
        "leader",
        "must_overtrump",
        "must_trump",
        "phase",
        "played",
        "players",
        "source",
        "to_act",
        "trick",
        "tricks_left",
        "trump",
        "turn_up",
        "variant",
        "won",
    )

    variant: Variant
    players: int
    dealer: int
    first: int
    hand_size: int
    deck: int
    classic: bool
    hook: bool
    must_trump: bool
    must_overtrump: bool
    source: str | None
    trump: int
    turn_up: int
    bids: tuple[int, ...]
    won: tuple[int, ...]
    hands: tuple[int, ...]
    played: int
    trick: tuple[int, ...]
    leader: int
    to_act: int
    phase: int
    tricks_left: int
    fresh: bool
    forbidden: tuple[int, ...]
    history: tuple[tuple[int, tuple[int, ...]], ...]

    @property
    def hidden(self) -> Hidden:
        """This position's own hidden cards."""
        return (self.hands, self.trump, self.turn_up)

    def public_key(self) -> tuple[object, ...]:
        """What every deal of this position shares (the turn-up too, once anyone acted)."""
        key: tuple[object, ...] = (
            self.variant,
            self.players,
            self.dealer,
            self.hand_size,
            self.bids,
            self.won,
            self.played,
            self.trick,
            self.leader,
            self.to_act,
            self.phase,
        )
        return key if self.fresh else (*key, self.turn_up)


def position_of(state: object) -> Position:
    """Read a :class:`Round` (or the current round of a :class:`Match`) into a :class:`Position`."""
    if isinstance(state, Match):
        state = state.round
    if not isinstance(state, Round):
        raise ConfigurationError(
            f"a playout starts from a Round or a Match, not {excerpt(state)}", field="state"
        )
    p = object.__new__(Position)
    variant = state.variant
    players = state.players
    p.variant = variant
    p.players = players
    p.dealer = state.dealer
    p.first = state.first_hand
    p.hand_size = state.hand_size
    p.deck = Deck.for_game(variant, players).mask
    p.classic = variant.is_classic
    p.hook = variant.hook and not p.classic
    # Classic whist lets a void player discard (R-PLAY-5) whatever the flags say.
    p.must_trump = variant.must_trump and not p.classic
    p.must_overtrump = variant.must_overtrump and p.must_trump
    turn_up = state.turn_up
    p.turn_up = -1 if turn_up is None else turn_up.bit
    p.trump = -1 if turn_up is None else int(turn_up.suit)
    dealt = tuple(h.mask for h in state.hands)
    if turn_up is None:
        p.source = None
    elif dealt[state.dealer] >> turn_up.bit & 1:
        p.source = "dealer_last"
    else:
        p.source = "turn_up"
    p.bids = tuple(-1 if b is None else b for b in state.bids)
    p.won = tuple(state.tricks_won)
    p.hands = tuple(h.mask for h in state.remaining)
    p.played = 0
    for dealt_hand, left in zip(dealt, p.hands, strict=True):
        p.played |= dealt_hand & ~left
    current = state.current_trick
    p.trick = tuple(c.bit for c in current.cards)
    p.leader = current.leader
    p.phase = int(state.phase)
    to_act = state.to_act
    p.to_act = -1 if to_act is None else to_act
    done = state.tricks
    p.tricks_left = p.hand_size - len(done)
    p.fresh = p.phase != OVER and not p.played and all(b < 0 for b in p.bids)
    forbidden = [0] * players
    history = []
    for trick in (*done, current):
        bits = tuple(c.bit for c in trick.cards)
        history.append((trick.leader, bits))
        _infer_voids(p, trick.leader, list(bits), forbidden)
    p.forbidden = tuple(forbidden)
    p.history = tuple(history)
    return p


def _infer_voids(p: Position, leader: int, bits: list[int], forbidden: list[int]) -> None:
    """Add what each card of one trick shows about the hand it came from."""
    if not bits:
        return
    led = SUIT_MASKS[bits[0] >> 4]
    tm = SUIT_MASKS[p.trump] if p.trump >= 0 else 0
    best = bits[0]
    for i in range(1, len(bits)):
        seat = (leader + i) % p.players
        bit = bits[i]
        card = 1 << bit
        if not card & led:
            forbidden[seat] |= led  # did not follow (R-PLAY-2)
            if p.must_trump and tm:
                if not card & tm:
                    forbidden[seat] |= tm  # did not trump (R-PLAY-3)
                elif p.must_overtrump and (1 << best) & tm and bit < best:
                    # Trumped under the best trump: held none above it (R-PLAY-8).
                    forbidden[seat] |= tm & ~((2 << best) - 1)
        if bit >> 4 == best >> 4:
            best = max(best, bit)
        elif card & tm:
            best = bit


# -- drawing hidden cards --------------------------------------------------------


class Shuffler:
    """Uniform deck orders from one ``random.Random``, cheaply.

    Each card gets a 56-bit random key (its low byte is the card's index),
    and an order is the cards sorted by key: a uniform permutation, save for
    ties of two 56-bit keys (probability below 2**-46 per deal), which fall
    back to deck order.  Keys come from one ``randbytes`` call per block of
    deals, and sorting 32 ints is a single C call, which is why this is
    several times faster than ``random.shuffle``.
    """

    __slots__ = ("_block", "_cards", "_index", "_keys", "_rng", "_size")

    def __init__(self, rng: random.Random, card_bits: Sequence[int], block: int = 256) -> None:
        self._rng = rng
        self._cards = bytes(card_bits)
        self._size = len(card_bits)
        self._block = block
        self._keys: array[int] = array("Q")
        self._index = block

    def order(self) -> bytes:
        """The next deck order, as a ``bytes`` of card bits."""
        if self._index >= self._block:
            raw = bytearray(self._rng.randbytes(8 * self._size * self._block))
            raw[0::8] = self._cards * self._block
            self._keys = array("Q", bytes(raw))
            self._index = 0
        start = self._index * self._size
        self._index += 1
        keys = self._keys[start : start + self._size]
        return array("Q", sorted(keys)).tobytes()[0::8]


def fresh_hidden(p: Position, rng: random.Random, n: int) -> list[Hidden]:
    """``n`` fresh deals of ``p``'s set-up: same variant, players, dealer and hand size."""
    deck = Deck.for_game(p.variant, p.players)
    shuffler = Shuffler(rng, deck.bits)
    players, size = p.players, p.hand_size
    dealt = players * size
    seats = [(p.first + k) % players for k in range(players)]
    bit = _BIT.__getitem__
    source = p.source
    out: list[Hidden] = []
    for _ in range(n):
        order = shuffler.order()
        hands = [0] * players
        for k in range(players):
            hands[seats[k]] = sum(map(bit, order[k:dealt:players]))
        if source == "turn_up":
            up = order[dealt]
        elif source == "dealer_last":
            up = order[dealt - 1]
        else:
            out.append((tuple(hands), -1, -1))
            continue
        out.append((tuple(hands), up >> 4, up))
    return out


def sampled_hidden(p: Position, rng: random.Random, n: int) -> list[Hidden]:
    """``n`` deals the seat to act cannot tell from the real one, uniformly.

    The seat keeps its own cards; the cards it has not seen are dealt
    again to the other seats (and the undealt stock), keeping each seat's
    count, the dealer's face-up card in the dealer's hand, and every void
    the play has shown.  Drawing is rejection sampling, so each consistent
    deal is equally likely.
    """
    me = p.to_act
    if me < 0:
        return [p.hidden] * n
    players = p.players
    fixed = [0] * players
    fixed[me] = p.hands[me]
    known = p.played | p.hands[me]
    if p.turn_up >= 0:
        up = 1 << p.turn_up
        known |= up
        if p.source == "dealer_last" and p.hands[p.dealer] & up:
            fixed[p.dealer] |= up
    pool = [b for b in range(64) if (p.deck & ~known) >> b & 1]
    need = [p.hands[s].bit_count() - fixed[s].bit_count() for s in range(players)]
    forbidden = p.forbidden
    order_seats = [s for s in range(players) if need[s]]
    shuffle = rng.shuffle
    out: list[Hidden] = []
    for _ in range(n):
        for _attempt in range(_MAX_REDRAWS):
            shuffle(pool)
            hands = list(fixed)
            at = 0
            ok = True
            for s in order_seats:
                mask = sum(_BIT[b] for b in pool[at : at + need[s]])
                at += need[s]
                if mask & forbidden[s]:
                    ok = False
                    break
                hands[s] |= mask
            if ok:
                out.append((tuple(hands), p.trump, p.turn_up))
                break
        else:
            raise InvalidDealError(
                f"no deal consistent with the play so far turned up in {_MAX_REDRAWS} draws; "
                "pass deals= explicitly (R-DECK-4)",
                rule="R-DECK-4",
            )
    return out


def hidden_of(p: Position, deal: object, index: int) -> Hidden:
    """One caller-given deal of position ``p``, checked (R-DECK-4).

    A deal is a :class:`Round` at the same point of play, a
    :class:`~whist_ro.Deal` (only before the first action), or a sequence
    with each seat's unplayed cards (a :class:`CardSet`, text, cards or a
    mask) that keeps ``p``'s turn-up.
    """
    where = f"deals[{index}]"
    turn_up = p.turn_up
    if isinstance(deal, (Round, Match)):
        other = position_of(deal)
        if other.public_key() != p.public_key():
            raise InvalidDealError(
                f"{where} is a round at another point of play (or another set-up) than the "
                "state; a deal must differ from it only in the hidden cards (R-DECK-4)",
                rule="R-DECK-4",
            )
        hands = other.hands
        turn_up = other.turn_up
    elif hasattr(deal, "masks") and hasattr(deal, "turn_up") and hasattr(deal, "dealer"):
        if not p.fresh:
            raise InvalidDealError(
                f"{where} is a whole deal, but the state is mid-round; give each seat's "
                "unplayed cards instead (R-DECK-4)",
                rule="R-DECK-4",
            )
        if deal.dealer != p.dealer or len(deal.masks) != p.players:
            raise InvalidDealError(
                f"{where} has another dealer or player count than the state (R-DECK-4)",
                rule="R-DECK-4",
            )
        hands = tuple(deal.masks)
        up = deal.turn_up
        turn_up = -1 if up is None else up.bit
    elif isinstance(deal, Sequence) and not isinstance(deal, (str, bytes)):
        if len(deal) != p.players:
            raise InvalidDealError(
                f"{where} must hold one hand per seat ({p.players}), not {excerpt(deal)} "
                "(R-DECK-4)",
                rule="R-DECK-4",
            )
        hands = tuple(_mask_of(h, where, s) for s, h in enumerate(deal))
    else:
        raise InvalidDealError(
            f"{where} must be a Round, a Deal or one hand per seat, not {excerpt(deal)} (R-DECK-4)",
            rule="R-DECK-4",
        )
    _check_hidden(p, hands, turn_up, where)
    return (hands, -1 if turn_up < 0 else turn_up >> 4, turn_up)


def _mask_of(hand: object, where: str, seat: int) -> int:
    if isinstance(hand, CardSet):
        return hand.mask
    if isinstance(hand, int) and not isinstance(hand, bool):
        if 0 <= hand < 1 << 64:
            return hand
    elif isinstance(hand, str):
        return CardSet.parse(hand).mask
    elif isinstance(hand, Sequence) and all(isinstance(c, (Card, str)) for c in hand):
        return CardSet(hand).mask
    raise InvalidDealError(
        f"{where}: seat {seat}'s hand must be cards, text or a card mask, not {excerpt(hand)} "
        "(R-DECK-4)",
        rule="R-DECK-4",
    )


def _check_hidden(p: Position, hands: tuple[int, ...], turn_up: int, where: str) -> None:
    seen = 0
    for seat, mask in enumerate(hands):
        text = f"{where}: seat {seat}"
        if mask & ~p.deck:
            raise InvalidDealError(
                f"{text} holds {CardSet.from_mask(mask & ~p.deck & ((1 << 64) - 1))}, not in "
                "the deck (R-DECK-4)",
                rule="R-DECK-4",
            )
        if mask & p.played:
            raise InvalidDealError(
                f"{text} holds {CardSet.from_mask(mask & p.played)}, already played (R-DECK-4)",
                rule="R-DECK-4",
            )
        if mask & seen:
            raise InvalidDealError(
                f"{text} holds {CardSet.from_mask(mask & seen)}, dealt twice (R-DECK-4)",
                rule="R-DECK-4",
            )
        if mask.bit_count() != p.hands[seat].bit_count():
            raise InvalidDealError(
                f"{text} holds {mask.bit_count()} cards, but has "
                f"{p.hands[seat].bit_count()} left at this point (R-DECK-4)",
                rule="R-DECK-4",
            )
        seen |= mask
    if (turn_up < 0) != (p.turn_up < 0):
        raise InvalidDealError(
            f"{where}: a turn-up card exactly when the state has one (R-TRUMP-1)",
            rule="R-TRUMP-1",
        )
    if turn_up >= 0:
        up = 1 << turn_up
        if p.source == "turn_up" and (up & seen or up & p.played):
            raise InvalidDealError(
                f"{where}: the turn-up must be in no hand (R-TRUMP-1)", rule="R-TRUMP-1"
            )
        if p.source == "dealer_last" and not up & (hands[p.dealer] | p.played):
            raise InvalidDealError(
                f"{where}: the face-up card must stay in the dealer's hand (R-TRUMP-3)",
                rule="R-TRUMP-3",
            )
