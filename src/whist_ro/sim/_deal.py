"""Fresh deals for many games at once, drawn exactly uniformly, as bit planes.

Game ``g`` of a batch is bit ``g`` of every plane.  The cards are dealt one
at a time: with ``R`` cards still to place and ``left[d]`` free places at
destination ``d`` (a seat, the turn-up, the undealt stock), the card goes to
``d`` with probability ``left[d] / R``.  That is the sequential form of a
uniform deal: every split of the deck into hands of the right sizes is
equally likely, as after a perfect shuffle.  ``R`` is the same in every game,
so one draw ``u`` uniform below ``R`` (random bits, exact rejection) serves
all games, and the destination is the first ``d`` whose running total of
free places exceeds ``u``: a few dozen big-int operations per card for the
whole batch.  :func:`masks_of` turns a seat's planes into per-game hand masks
for the scalar kernel.

>>> import random
>>> planes = deal_planes(4, [2, 1, 1], random.Random(3), 1000)
>>> all(sum(planes[0][i] >> g & 1 for i in range(4)) == 2 for g in range(1000))
True
>>> [bin(planes[d][0]).count("1") > 150 for d in range(3)]  # card 0 goes anywhere
[True, True, True]
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from typing import Final

__all__ = ["deal_planes", "masks_of", "words_of"]

_LITTLE: Final = array("H", [1]).tobytes()[0] == 1
# An array type code for words of 1, 2 and 8 bytes.
_CODES: Final = {array(code).itemsize: code for code in "BHQ"}


def deal_planes(cards: int, caps: Sequence[int], rng: random.Random, n: int) -> list[list[int]]:
    """Deal ``cards`` cards into destinations of sizes ``caps`` in ``n`` games.

    ``planes[d][i]`` holds the games in which card ``i`` went to ``d``;
    ``sum(caps)`` must be ``cards``.

    >>> planes = deal_planes(3, [1, 2], random.Random(1), 8)
    >>> all(planes[0][i] & planes[1][i] == 0 for i in range(3))
    True
    >>> planes[0][0] | planes[0][1] | planes[0][2] == 0xFF  # one card to d=0 per game
    True
    """
    every = (1 << n) - 1
    width = cards.bit_length()
    bounds = len(caps) - 1
    # running[d][k]: bit k of the free places at destinations 0..d, per game.
    running: list[list[int]] = []
    total = 0
    for cap in caps[:bounds]:
        total += cap
        running.append([every if total >> k & 1 else 0 for k in range(width)])
    planes: list[list[int]] = [[0] * cards for _ in caps]
    getrandbits = rng.getrandbits
    for i in range(cards):
        left = cards - i
        u = _uniform_below(left, getrandbits, n, every)
        nbits = len(u)
        below = 0  # games whose card went to a destination before d
        for d in range(bounds):
            run = running[d]
            # lt: the games with u < running total, so the card goes to d or before.
            lt = 0
            eq = every
            for k in range(width - 1, -1, -1):
                c = run[k]
                if k >= nbits:
                    if c:
                        lt |= eq & c
                        eq &= c ^ every
                else:
                    uk = u[k]
                    lt |= eq & c & (uk ^ every)
                    eq &= (c ^ uk) ^ every
                if not eq:
                    break
            took = lt & (below ^ every)
            planes[d][i] = took
            below |= lt
            # The running totals from d on lose the place just filled.
            borrow = lt
            for k in range(width):
                c = run[k]
                run[k] = c ^ borrow
                borrow &= c ^ every
                if not borrow:
                    break
        planes[bounds][i] = every & (below ^ every)
    return planes


def _uniform_below(bound: int, getrandbits: object, n: int, every: int) -> list[int]:
    """Bit planes of one value per game drawn exactly uniformly below ``bound``."""
    draw = getrandbits  # a bound method of random.Random
    nbits = (bound - 1).bit_length()
    u = [draw(n) for _ in range(nbits)]  # type: ignore[operator]
    if bound == 1 << nbits:
        return u
    todo = every
    while True:
        # The games with u >= bound draw again (acceptance above 1/2).
        gt = 0
        eq = todo
        for k in range(nbits - 1, -1, -1):
            uk = u[k]
            if bound >> k & 1:
                eq &= uk
            else:
                gt |= eq & uk
                eq &= uk ^ every
        bad = gt | eq
        if not bad:
            return u
        keep = bad ^ every
        u = [uk & keep | draw(n) & bad for uk in u]  # type: ignore[operator]
        todo = bad


def masks_of(planes: Sequence[int], bits: Sequence[int], n: int) -> list[int]:
    """Per game, the mask of the card bits ``bits[i]`` whose plane ``planes[i]`` holds it.

    Game ``g`` is bit ``g`` of each plane; the result is in game order.

    >>> masks_of([0b01, 0b11], [3, 40], 2) == [(1 << 3) | (1 << 40), 1 << 40]
    True
    """
    return words_of([planes], bits, n, 8)


def words_of(groups: Sequence[Sequence[int]], bits: Sequence[int], n: int, size: int) -> list[int]:
    """Game by game, each group's 64-bit mask (as :func:`masks_of`), cut into ``size``-byte words.

    The result runs game 0's group 0, group 1, ..., then game 1's: with
    ``size=2`` and the four seats as groups, a game's 16 values are its
    suit lanes ``4 * seat + suit``, what the scalar kernel plays from.

    >>> words_of([[0b01], [0b10]], [17], 2, 2)  # bit 17: lane 1, rank bit 1
    [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0]
    """
    if not n:
        return []
    fmt = f"0{n}b"
    zeros = int.from_bytes(b"0" * n, "big")
    stride = 8 * len(groups)
    words = bytearray(stride * n)
    for k, planes in enumerate(groups):
        columns: dict[int, tuple[int, int]] = {}
        for plane, bit in zip(planes, bits, strict=True):
            if not plane:
                continue
            # format() puts game n-1 first, so read little-endian the text's bytes run from
            # game n-1 down, and to_bytes(n, "big") below puts game g at byte g again.
            text = int.from_bytes(format(plane, fmt).encode(), "little")
            total, weight = columns.get(bit >> 3, (0, 0))
            shift = bit & 7
            columns[bit >> 3] = (total + (text << shift), weight + (1 << shift))
        for byte, (total, weight) in columns.items():
            # Each text byte is 0x30 or 0x31: take away the 0x30s to leave the bits.
            column = total - zeros * weight
            at = byte if _LITTLE else byte - byte % size + size - 1 - byte % size
            words[8 * k + at :: stride] = column.to_bytes(n, "big")
    return array(_CODES[size], bytes(words)).tolist()
