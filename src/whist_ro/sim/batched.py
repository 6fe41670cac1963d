"""The batched kernel: thousands of games of one position in lockstep, bit-sliced.

Game ``g`` of a batch of ``n`` is bit ``g`` of every Python int below, so
one ``&`` or ``|`` applies a step of the rules to all games at once:

- ``hand[j][i]``: the games in which the player ``j`` seats after the
  trick's leader holds the ``i``-th card of the deck.  Keeping hands
  relative to the leader means the seat to act is the same ``j`` in every
  game; after each trick they are rotated by the winner's offset.
- ``best[i]``: the games in which card ``i`` is winning the trick so far;
  ``led[u]`` and ``trumps[u]``: the games in which suit ``u`` was led and
  is trump.  A card is legal (R-PLAY-2..5, R-PLAY-8) and beats the best
  card (R-PLAY-6) by the same mask rules the scalar kernel uses, computed
  for every card of the deck.
- Counts (cards in a legal set, a random index, tricks won) are held as
  bit planes: plane ``k`` is the games whose count has bit ``k`` set.

A uniform random legal card is the ``k``-th legal card, with ``k`` drawn
exactly uniformly below each game's count by rejection, one byte per game
(``bytes.translate`` does the per-game table look-ups in C).  Bids are one
byte per game from the start, since bidding needs no card masks.

>>> import random
>>> import whist_ro as wr
>>> from whist_ro.sim._position import position_of
>>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
...                         dealer=2, turn_up="Qs")
>>> p = position_of(r)
>>> bids, won = play_batch(p, [p.hidden] * 2, LOWEST, random.Random(0))
>>> [list(c) for c in bids], [list(c) for c in won]
([[0, 0], [0, 0], [0, 0]], [[0, 0], [0, 0], [2, 2]])
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Sequence
from typing import Final

from whist_ro.rules.bidding import forbidden_bid, next_seat
from whist_ro.sim._position import BIDDING, OVER, DealPlanes, Hidden, Position
from whist_ro.sim.outcome import _NO_BID
from whist_ro.sim.scalar import HIGHEST, LOWEST, RANDOM

__all__ = ["HIGHEST", "LOWEST", "RANDOM", "BatchChecker", "play_batch"]

_COUNT_BITS: Final = 4  # counts below 16: at most 13 cards, bids and tricks
# (count - 1) << 4 for a count of 1..16, so a random nibble can sit below it.
_COUNT_HIGH: Final = bytes(((c - 1) & 15) << 4 for c in range(256))
_IS_BAD: Final = bytes(255 if v == 255 else 0 for v in range(256))
_BIT_CHAR: Final = bytes.maketrans(b"01", b"\x00\x01")


def _pick_table() -> bytes:
    # key = (count - 1) << 4 | r: r cut to the next power of two above count - 1,
    # accepted when below count (exact rejection, acceptance >= 1/2).
    table = bytearray(256)
    for key in range(256):
        count = (key >> 4) + 1
        span = 1 << (count - 1).bit_length()
        r = (key & 15) & (span - 1)
        table[key] = r if r < count else 255
    return bytes(table)


_PICK: Final = _pick_table()

#: ``check(step, planes)`` after each decision: ``step`` is ``("bid", seat,
#: bids_column)`` or ``("play", offset, legal, chosen, lead)`` or ``("trick", lead)``.
BatchChecker = Callable[[tuple[object, ...]], None]


def uniform_bytes(rng: random.Random, counts: bytes) -> bytes:
    """Per byte, a value drawn uniformly below that byte's count (1 to 16).

    >>> values = uniform_bytes(random.Random(1), bytes([1, 3, 16] * 1000))
    >>> max(values[0::3]), max(values[1::3]), max(values[2::3])
    (0, 2, 15)
    """
    n = len(counts)
    if not n:
        return b""
    high = int.from_bytes(counts.translate(_COUNT_HIGH), "little")
    nibbles = int.from_bytes(b"\x0f" * n, "little")
    out = (high | int.from_bytes(rng.randbytes(n), "little") & nibbles).to_bytes(n, "little")
    out = out.translate(_PICK)
    while 255 in out:
        again = high | int.from_bytes(rng.randbytes(n), "little") & nibbles
        fresh = again.to_bytes(n, "little").translate(_PICK)
        bad = int.from_bytes(out.translate(_IS_BAD), "little")
        merged = int.from_bytes(out, "little") & ~bad | int.from_bytes(fresh, "little") & bad
        out = merged.to_bytes(n, "little")
    return out


def _plane_of(column: bytes, table: bytes) -> int:
    """The games whose byte maps to 1 under ``table`` (values 0 and 1), as a plane."""
    text = column.translate(table)[::-1].translate(_TO_CHAR)
    return int(text, 2) if text else 0


_TO_CHAR: Final = bytes.maketrans(b"\x00\x01", b"01")


def _eq_table(value: int) -> bytes:
    return bytes(1 if v == value else 0 for v in range(256))


def _column_of(planes: Sequence[int], n: int) -> bytes:
    total = 0
    for k, plane in enumerate(planes):
        if plane:
            text = format(plane, f"0{n}b")[::-1].encode().translate(_BIT_CHAR)
            total |= int.from_bytes(text, "big") << k
    return total.to_bytes(n, "big")


def _transpose(masks: Sequence[int], bits: Sequence[int], n: int) -> list[int]:
    """For each card bit, the plane of games whose mask holds it."""
    wide = int.from_bytes(array("Q", masks).tobytes(), "little")
    text = format(wide, f"0{64 * n}b")
    return [int(text[63 - b :: 64], 2) for b in bits]


def play_batch(
    p: Position,
    hidden: Sequence[Hidden] | DealPlanes,
    policy: int,
    rng: random.Random,
    check: BatchChecker | None = None,
) -> tuple[list[bytes], list[bytes]]:
    """Play every deal of ``hidden`` from position ``p``: per seat, bids and tricks columns.

    ``hidden`` is a list of deals or fresh deals already in bit planes;
    ``policy`` is :data:`RANDOM`, :data:`LOWEST` or :data:`HIGHEST`.
    """
    fresh = hidden if isinstance(hidden, DealPlanes) else None
    n = hidden.n if isinstance(hidden, DealPlanes) else len(hidden)
    players = p.players
    size = p.hand_size
    every = (1 << n) - 1
    # -- bidding, one byte per game --------------------------------------------
    bids = [bytes([_NO_BID if b < 0 else b]) * n for b in p.bids]
    if p.phase == BIDDING:
        seat = p.to_act
        while True:
            if seat == p.dealer and p.hook:
                bids[seat] = _dealer_bids(p, bids, policy, rng, n)
            elif policy == RANDOM:
                bids[seat] = uniform_bytes(rng, bytes([size + 1]) * n)
            else:
                bids[seat] = bytes([0 if policy == LOWEST else size]) * n
            if check is not None:
                check(("bid", seat, bids[seat]))
            if seat == p.dealer:
                break
            seat = next_seat(seat, players)
    won_columns = [bytes([w]) * n for w in p.won]
    if p.phase == OVER or not n:
        return bids, won_columns
    # -- the play, bit-sliced ----------------------------------------------------
    cards = p.deck_bits
    n_cards = len(cards)
    suit_of = [b >> 4 for b in cards]
    suits = [[i for i in range(n_cards) if suit_of[i] == u] for u in range(4)]
    if fresh is not None:
        seat_planes = fresh.hands
        trump_of_suit = [_or(fresh.up[i] for i in suits[u]) if fresh.up else 0 for u in range(4)]
    else:
        assert not isinstance(hidden, DealPlanes)
        seat_planes = [_transpose([h[0][s] for h in hidden], cards, n) for s in range(players)]
        trump_column = bytes(255 if h[1] < 0 else h[1] for h in hidden)
        trump_of_suit = [_plane_of(trump_column, _eq_table(u)) for u in range(4)]
    any_trump = any(trump_of_suit)
    is_trump = [trump_of_suit[suit_of[i]] for i in range(n_cards)]
    must_trump = p.must_trump and any_trump
    must_over = p.must_overtrump and must_trump
    if policy == LOWEST:
        order = sorted(range(n_cards), key=lambda i: (cards[i] & 15, suit_of[i]))
    else:
        order = sorted(range(n_cards), key=lambda i: (-(cards[i] & 15), suit_of[i]))
    won = [[every if w >> k & 1 else 0 for k in range(_COUNT_BITS)] for w in p.won]
    trick: tuple[int, ...] = ()
    if p.phase == BIDDING:
        leader0 = p.first
    else:
        leader0, trick = p.leader, p.trick
    hands = [seat_planes[(leader0 + j) % players] for j in range(players)]
    lead = [every if s == leader0 else 0 for s in range(players)]
    index_of = {b: i for i, b in enumerate(cards)}
    for _ in range(p.tricks_left):
        best = [0] * n_cards
        led = [0] * 4
        best_trump = 0
        win = [0] * players
        for j in range(players):
            hand = hands[j]
            if j < len(trick):
                # A card already on the table: the same in every game.
                i = index_of[trick[j]]
                chosen = [0] * n_cards
                chosen[i] = every
            else:
                legal = _legal(
                    j, hand, led, best, is_trump, suits, every, must_trump, must_over, n_cards
                )
                if policy == RANDOM:
                    chosen = _pick_random(legal, rng.getrandbits, n, every)
                else:
                    chosen = _pick_first(legal, order, n_cards)
                if check is not None:
                    check(("play", j, legal, chosen, lead))
                for i in range(n_cards):
                    if chosen[i]:
                        hand[i] ^= chosen[i]
            if j == 0:
                for u in range(4):
                    led[u] = _or(chosen[i] for i in suits[u])
                best = chosen
                best_trump = _or(chosen[i] & is_trump[i] for i in range(n_cards))
                win[0] = every
                continue
            beat = 0
            chosen_trump = 0
            untrumped = best_trump ^ every
            for u in range(4):
                below = 0
                for i in suits[u]:
                    c = chosen[i]
                    if c:
                        beat |= c & (below | is_trump[i] & untrumped)
                        chosen_trump |= c & is_trump[i]
                    below |= best[i]
            if beat:
                keep = beat ^ every
                best = [b & keep | c & beat for b, c in zip(best, chosen, strict=True)]
                best_trump |= beat & chosen_trump
                for d in range(j):
                    win[d] &= keep
                win[j] = beat
        trick = ()
        # Rotate hands and the leader by each game's winning offset.
        rotated = []
        for j in range(players):
            acc: list[int] | None = None
            for d in range(players):
                w = win[d]
                if not w:
                    continue
                src = hands[(j + d) % players]
                if acc is None:
                    acc = [x & w for x in src] if w != every else src
                else:
                    acc = [a | x & w for a, x in zip(acc, src, strict=True)]
            assert acc is not None
            rotated.append(acc)
        hands = rotated
        lead = [
            _or(lead[(s - d) % players] & win[d] for d in range(players) if win[d])
            for s in range(players)
        ]
        if check is not None:
            check(("trick", lead))
        for s in range(players):
            carry = lead[s]
            counter = won[s]
            for k in range(_COUNT_BITS):
                if not carry:
                    break
                t = counter[k] & carry
                counter[k] ^= carry
                carry = t
    return bids, [_column_of(w, n) for w in won]


def _or(planes: object) -> int:
    total = 0
    for plane in planes:  # type: ignore[attr-defined]
        total |= plane
    return total


def _legal(
    j: int,
    hand: list[int],
    led: list[int],
    best: list[int],
    is_trump: list[int],
    suits: list[list[int]],
    every: int,
    must_trump: bool,
    must_over: bool,
    n_cards: int,
) -> list[int]:
    if j == 0:
        return list(hand)
    follow = [0] * n_cards
    has_follow = 0
    for u in range(4):
        lu = led[u]
        if lu:
            for i in suits[u]:
                f = hand[i] & lu
                follow[i] = f
                has_follow |= f
    free = every & ~has_follow
    if not must_trump:
        return [f | h & free for f, h in zip(follow, hand, strict=True)]
    trumps = [h & t for h, t in zip(hand, is_trump, strict=True)]
    has_trump = _or(trumps)
    discard = free & ~has_trump
    must = free & has_trump
    if not must_over:
        return [f | t & must | h & discard for f, t, h in zip(follow, trumps, hand, strict=True)]
    over = [0] * n_cards
    for u in range(4):
        below = 0
        for i in suits[u]:
            over[i] = trumps[i] & below
            below |= best[i]
    has_over = _or(over)
    must_over_mask = must & has_over
    must_plain = must & ~has_over
    return [
        f | o & must_over_mask | t & must_plain | h & discard
        for f, o, t, h in zip(follow, over, trumps, hand, strict=True)
    ]


def _pick_first(legal: list[int], order: list[int], n_cards: int) -> list[int]:
    chosen = [0] * n_cards
    done = 0
    for i in order:
        x = legal[i] & ~done
        if x:
            chosen[i] = x
            done |= x
    return chosen


def _pick_random(
    legal: list[int], getrandbits: Callable[[int], int], n: int, every: int
) -> list[int]:
    """Per game, one of its legal cards, exactly uniformly: the ``k``-th, ``k`` below the count."""
    # Count each game's legal cards (4 bit planes: at most 15).
    c0 = c1 = c2 = c3 = 0
    for x in legal:
        if x:
            t0 = c0 & x
            c0 ^= x
            t1 = c1 & t0
            c1 ^= t0
            t2 = c2 & t1
            c2 ^= t1
            c3 ^= t2
    # Draw k below the count: random bits cut to the count's bit length (so a
    # draw is accepted with probability above 1/2), games with k >= count draw
    # again.  wants[b]: the games whose count - 1 needs bit b.
    wants = (
        c1 | c2 | c3,
        c1 & c0 | c2 | c3,
        c2 & (c1 | c0) | c3,
        c3 & (c2 | c1 | c0),
    )
    k0 = getrandbits(n) & wants[0]
    k1 = getrandbits(n) & wants[1]
    k2 = getrandbits(n) & wants[2]
    k3 = getrandbits(n) & wants[3]
    todo = every
    while True:
        # bad: the games (still drawing) with k >= count, compared bit by bit from the top.
        gt = 0
        eq = todo
        for kb, cb in ((k3, c3), (k2, c2), (k1, c1), (k0, c0)):
            gt |= eq & kb & (cb ^ every)
            eq &= (kb ^ cb) ^ every
        bad = gt | eq
        if not bad:
            break
        keep = bad ^ every
        k0 = k0 & keep | getrandbits(n) & bad & wants[0]
        k1 = k1 & keep | getrandbits(n) & bad & wants[1]
        k2 = k2 & keep | getrandbits(n) & bad & wants[2]
        k3 = k3 & keep | getrandbits(n) & bad & wants[3]
        todo = bad
    chosen = [0] * len(legal)
    for i, x in enumerate(legal):
        if x:
            # Games where this card is legal and k has reached 0 take it;
            # then k counts down (k runs negative afterwards, never 0 again).
            chosen[i] = x & ((k0 | k1 | k2 | k3) ^ every)
            b0 = x & (k0 ^ every)
            k0 ^= x
            b1 = b0 & (k1 ^ every)
            k1 ^= b0
            b2 = b1 & (k2 ^ every)
            k2 ^= b1
            k3 ^= b2
    return chosen


def _dealer_bids(p: Position, bids: list[bytes], policy: int, rng: random.Random, n: int) -> bytes:
    size = p.hand_size
    total = 0
    for s, column in enumerate(bids):
        if s != p.dealer:
            total += int.from_bytes(column, "little")
    others = total.to_bytes(n, "little")
    # The hook's forbidden bid by the others' total (R-BID-2), from the rule itself;
    # bytes.translate looks it up for every game at once.
    forbid = [forbidden_bid(hand_size=size, earlier=v, hook=True) for v in range(256)]
    if policy == LOWEST:
        return others.translate(bytes(1 if f == 0 else 0 for f in forbid))
    if policy == HIGHEST:
        return others.translate(bytes(size - 1 if f == size else size for f in forbid))
    counts = others.translate(bytes(size + 1 if f is None else size for f in forbid))
    k = uniform_bytes(rng, counts)
    # k among the allowed bids: k, or k + 1 from the forbidden one on (15: none).
    gap = others.translate(bytes(15 if f is None else f for f in forbid))
    key = (int.from_bytes(k, "little") << 4 | int.from_bytes(gap, "little")).to_bytes(n, "little")
    return key.translate(bytes((v >> 4) + ((v >> 4) >= (v & 15)) for v in range(256)))
