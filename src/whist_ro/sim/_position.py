"""A round position as plain ints, the hidden cards of a batch, and how they are drawn.

The kernels never touch :class:`~whist_ro.Round` objects while they play:
:func:`position_of` reads a round once through its public properties into
a :class:`Position` (masks, tuples, flags), and every playout starts from
that.  The hidden part of a position, who holds which unplayed card (and,
before the first action of a round, the turn-up), is a :data:`Hidden`
value.  A batch of deals is either a list of them (given by the caller) or,
when the kernels draw the deals themselves (fresh, or sampled for the seat
to act), a :class:`DealPlanes`: the whole batch as bit planes, dealt at once
by :mod:`whist_ro.sim._deal`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from whist_ro._check import excerpt
from whist_ro.cards import SUIT_MASKS, Card, CardSet
from whist_ro.engine.deal import Deal
from whist_ro.engine.match import Match
from whist_ro.engine.round import Round
from whist_ro.errors import ConfigurationError, InvalidDealError
from whist_ro.rules.dealing import trump_source
from whist_ro.rules.play import beats, overtrumps
from whist_ro.schedule import Deck
from whist_ro.sim._deal import deal_planes, masks_of, words_of
from whist_ro.variants import Variant

__all__ = [
    "DealPlanes",
    "Hidden",
    "Position",
    "fresh_hidden",
    "fresh_planes",
    "hidden_of",
    "position_of",
    "sampled_hidden",
]

#: The hidden part of a position: each seat's unplayed cards, and the trump
#: suit (``-1``: none) with its turn-up card bit (``-1``: none).
Hidden = tuple[tuple[int, ...], int, int]

BIDDING: Final = 0
PLAYING: Final = 1
OVER: Final = 2

# How often the games of a batch of sampled deals that break a void may be
# dealt again before the caller is told the inferred voids leave almost no
# deal (the sampler is exact rejection).
_MAX_REDRAWS: Final = 10_000


class Position:
    """Everything a playout needs to know about where a round stands, as ints.

    Bids are ``-1`` until made; ``trick`` holds the card bits on the table
    in play order; ``forbidden[seat]`` is a mask of cards the seat cannot
    hold, inferred from the play so far (a void shown by not following,
    no trump shown by not trumping, no higher trump shown by not
    overtrumping); ``source`` is how trump is set for a fresh deal of this
    size: ``"turn_up"``, ``"dealer_last"`` or ``None``; ``deck_bits`` the
    deck's card bits in rising order.
    """

    __slots__ = (
        "bids",
        "classic",
        "dealer",
        "deck",
        "deck_bits",
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
    deck_bits: tuple[int, ...]
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
    p.deck_bits = tuple(b for b in range(64) if p.deck >> b & 1)
    p.classic = variant.is_classic
    # The flags alone say what binds: Variant refuses the hook and the duties
    # to trump for classic whist (R-BID-2, R-PLAY-5), and the duty to
    # overtrump without the duty to trump (R-PLAY-8).
    p.hook = variant.hook
    p.must_trump = variant.must_trump
    p.must_overtrump = variant.must_overtrump
    turn_up = state.turn_up
    p.turn_up = -1 if turn_up is None else turn_up.bit
    p.trump = -1 if turn_up is None else int(turn_up.suit)
    p.source = trump_source(variant, players=players, hand_size=state.hand_size)
    p.bids = tuple(-1 if b is None else b for b in state.bids)
    p.won = tuple(state.tricks_won)
    p.hands = tuple(h.mask for h in state.remaining)
    p.played = 0
    for dealt, left in zip(state.hands, p.hands, strict=True):
        p.played |= dealt.mask & ~left
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
    trump = p.trump if p.trump >= 0 else None
    tm = SUIT_MASKS[p.trump] if trump is not None else 0
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
                    forbidden[seat] |= overtrumps(tm, best)
        if beats(bit, best, trump):
            best = bit


# -- drawing hidden cards --------------------------------------------------------


class DealPlanes:
    """``n`` deals of one position as bit planes: game ``g`` is bit ``g`` of each.

    ``hands[seat][i]`` holds the games in which ``seat`` was dealt
    ``cards[i]`` (a card bit), ``up[i]`` those in which ``cards[i]`` is the
    face-up trump card (empty lists without one).
    """

    __slots__ = ("cards", "hands", "n", "up")

    def __init__(self, cards: Sequence[int], hands: list[list[int]], up: list[int], n: int) -> None:
        self.cards = cards
        self.hands = hands
        self.up = up
        self.n = n

    def hidden(self, p: Position) -> list[Hidden]:
        """The deals one by one, as :data:`Hidden` values of position ``p``."""
        hands = self.hand_masks()
        if not self.up:
            return [(h, -1, -1) for h in hands]
        bits = [up.bit_length() - 1 for up in self.trump_masks()]
        return [(h, b >> 4, b) for h, b in zip(hands, bits, strict=True)]

    def trump_masks(self) -> list[int]:
        """Per game, the face-up card as a one-bit mask (0 without one)."""
        if not self.up:
            return [0] * self.n
        return masks_of(self.up, self.cards, self.n)

    def hand_lanes(self, low: int) -> list[int]:
        """Every game's hands as suit lanes, one game after the other (``4 * players`` each).

        Value ``4 * seat + suit`` of a game holds the rank bits of that seat's cards of
        that suit shifted down by ``low``, as :func:`whist_ro.sim.scalar.lanes_of` gives them.
        """
        return words_of(self.hands, [b - low for b in self.cards], self.n, 2)

    def hand_masks(self) -> list[tuple[int, ...]]:
        """Per game, each seat's hand as a mask."""
        players = len(self.hands)
        flat = words_of(self.hands, self.cards, self.n, 8)
        return [tuple(flat[at : at + players]) for at in range(0, len(flat), players)]


def fresh_planes(p: Position, rng: random.Random, n: int) -> DealPlanes:
    """``n`` fresh deals of ``p``'s set-up, exactly uniform, as bit planes (R-DECK-3).

    Every seat gets ``hand_size`` cards; the turn-up is a card of the
    undealt stock (``source == "turn_up"``) or of the dealer's own hand
    (``"dealer_last"``, R-TRUMP-3), uniformly either way, as when the engine
    turns up the card after the last one dealt or the dealer's last card.
    """
    cards = p.deck_bits
    players, size = p.players, p.hand_size
    caps = [size] * players
    stock = len(cards) - players * size
    if p.source == "turn_up":
        caps += [1, stock - 1]
    elif p.source == "dealer_last":
        caps[p.dealer] -= 1
        caps += [1, stock]
    else:
        caps += [stock]
    kept = [d for d, cap in enumerate(caps) if cap]
    dealt = deal_planes(len(cards), [caps[d] for d in kept], rng, n)
    by_dest: list[list[int]] = [[0] * len(cards) for _ in caps]
    for d, planes in zip(kept, dealt, strict=True):
        by_dest[d] = planes
    hands = by_dest[:players]
    up: list[int] = by_dest[players] if p.source is not None else []
    if p.source == "dealer_last":
        hands[p.dealer] = [h | u for h, u in zip(hands[p.dealer], up, strict=True)]
    return DealPlanes(cards, hands, up, n)


def fresh_hidden(p: Position, rng: random.Random, n: int) -> list[Hidden]:
    """``n`` fresh deals of ``p``'s set-up: same variant, players, dealer and hand size."""
    return fresh_planes(p, rng, n).hidden(p)


def constant_planes(p: Position, hidden: Hidden, n: int) -> DealPlanes:
    """The one deal ``hidden`` of position ``p``, ``n`` times, as bit planes."""
    every = (1 << n) - 1
    cards = p.deck_bits
    hands = [[every if h >> b & 1 else 0 for b in cards] for h in hidden[0]]
    up = [every if b == hidden[2] else 0 for b in cards] if hidden[2] >= 0 else []
    return DealPlanes(cards, hands, up, n)


def sampled_planes(p: Position, rng: random.Random, n: int) -> DealPlanes:
    """``n`` deals the seat to act cannot tell from the real one, uniformly, as bit planes.

    The seat keeps its own cards; the cards it has not seen are dealt
    again to the other seats (and the undealt stock), keeping each seat's
    count, the dealer's face-up card in the dealer's hand, and every void
    the play has shown.  The unseen cards are dealt uniformly to all games
    at once (see :mod:`whist_ro.sim._deal`) and the games that break a void
    are dealt again, until none does: exact rejection sampling, so each
    consistent deal is equally likely.
    """
    me = p.to_act
    if me < 0:
        return constant_planes(p, p.hidden, n)
    every = (1 << n) - 1
    players = p.players
    fixed = [0] * players
    fixed[me] = p.hands[me]
    known = p.played | p.hands[me]
    if p.turn_up >= 0:
        up = 1 << p.turn_up
        known |= up
        if p.source == "dealer_last" and p.hands[p.dealer] & up:
            fixed[p.dealer] |= up
    cards = p.deck_bits
    pool = [i for i, b in enumerate(cards) if not known >> b & 1]
    need = [p.hands[s].bit_count() - fixed[s].bit_count() for s in range(players)]
    seats = [s for s in range(players) if need[s]]
    caps = [need[s] for s in seats] + [len(pool) - sum(need)]
    # Per destination, the pool positions it may not receive (voids shown).
    banned = [[k for k, i in enumerate(pool) if p.forbidden[s] >> cards[i] & 1] for s in seats]
    dealt = deal_planes(len(pool), caps, rng, n)
    for _round in range(_MAX_REDRAWS):
        bad = 0
        for planes, ban in zip(dealt, banned, strict=False):
            for k in ban:
                bad |= planes[k]
        if not bad:
            break
        keep = bad ^ every
        again = deal_planes(len(pool), caps, rng, n)
        dealt = [
            [x & keep | y & bad for x, y in zip(old, new, strict=True)]
            for old, new in zip(dealt, again, strict=True)
        ]
    else:
        raise InvalidDealError(
            f"no deal consistent with the play so far turned up in {_MAX_REDRAWS} draws; "
            "pass deals= explicitly (R-DECK-4)",
            rule="R-DECK-4",
        )
    hands = [[every if fixed[s] >> b & 1 else 0 for b in cards] for s in range(players)]
    for planes, s in zip(dealt, seats, strict=False):
        row = hands[s]
        for k, i in enumerate(pool):
            row[i] |= planes[k]
    up_planes = [every if b == p.turn_up else 0 for b in cards] if p.turn_up >= 0 else []
    return DealPlanes(cards, hands, up_planes, n)


def sampled_hidden(p: Position, rng: random.Random, n: int) -> list[Hidden]:
    """``n`` deals the seat to act cannot tell from the real one (:func:`sampled_planes`)."""
    if p.to_act < 0:
        return [p.hidden] * n
    return sampled_planes(p, rng, n).hidden(p)


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
    elif isinstance(deal, Deal):
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
    # A bad deal is R-DECK-4 whichever check fails; the message also names the
    # R-TRUMP rule that says where the turn-up belongs (as Deal's refusals do).
    if (turn_up < 0) != (p.turn_up < 0):
        raise InvalidDealError(
            f"{where}: a turn-up card exactly when the state has one (R-DECK-4, R-TRUMP-1)",
            rule="R-DECK-4",
        )
    if turn_up >= 0:
        up = 1 << turn_up
        if p.source == "turn_up" and (up & seen or up & p.played):
            raise InvalidDealError(
                f"{where}: the turn-up must be in no hand (R-DECK-4, R-TRUMP-1)",
                rule="R-DECK-4",
            )
        if p.source == "dealer_last" and not up & (hands[p.dealer] | p.played):
            raise InvalidDealError(
                f"{where}: the face-up card must stay in the dealer's hand (R-DECK-4, R-TRUMP-3)",
                rule="R-DECK-4",
            )
