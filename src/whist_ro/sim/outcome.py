"""What a playout returns: one :class:`Outcome`, or a batch of them as :class:`Outcomes`.

>>> import whist_ro as wr
>>> o = Outcome(wr.variants.ROMANIAN, bids=(1, 0, 0), tricks_won=(1, 1, 0))
>>> o.points, o.made
((6, -1, 5), (True, False, True))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, overload

from whist_ro._check import excerpt
from whist_ro._immutable import Immutable
from whist_ro.errors import ConfigurationError
from whist_ro.rules.scoring import round_points
from whist_ro.variants import Variant, check_variant

__all__ = ["Outcome", "Outcomes"]

# The byte standing for "no bid" in a bids column (and for ``-1`` / ``None`` bids).
_NO_BID: Final = 255


class _ByValue:
    """Equality and hash by variant, bids and tricks, shared by one outcome and a batch."""

    __slots__ = ()

    _variant: Variant
    _bids: tuple[object, ...]
    _won: tuple[object, ...]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, type(self)):
            return (self._variant, self._bids, self._won) == (
                other._variant,
                other._bids,
                other._won,
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._bids, self._won))


class Outcome(_ByValue, Immutable):
    """The end of one round: each seat's bid, tricks won and round points.

    ``bids`` holds ``None`` for every seat in classic whist, which has no
    bidding.  ``points`` are the round's points per seat (R-SCORE-*), as
    :attr:`Round.points <whist_ro.Round.points>` gives them: no streak
    bonuses, and in classic both partners show their side's points.  An
    outcome never changes; outcomes are equal when their variant, bids and
    tricks are.

    >>> import whist_ro as wr
    >>> o = Outcome(wr.variants.CLASSIC, bids=(None,) * 4, tricks_won=(4, 3, 4, 2))
    >>> o.points, o.made
    ((2, 0, 2, 0), (None, None, None, None))
    """

    __slots__ = ("_bids", "_variant", "_won")

    _variant: Variant
    _bids: tuple[int | None, ...]
    _won: tuple[int, ...]

    def __init__(
        self, variant: Variant, *, bids: Sequence[int | None], tricks_won: Sequence[int]
    ) -> None:
        check_variant(variant)
        bids_t, won_t = tuple(bids), tuple(tricks_won)
        if len(bids_t) != len(won_t):
            raise ConfigurationError(
                f"one bid and one trick count per seat, not {excerpt(bids_t)} and {excerpt(won_t)}",
                field="bids",
            )
        object.__setattr__(self, "_variant", variant)
        object.__setattr__(self, "_bids", bids_t)
        object.__setattr__(self, "_won", won_t)

    @classmethod
    def _trusted(
        cls, variant: Variant, bids: tuple[int | None, ...], won: tuple[int, ...]
    ) -> Outcome:
        o = object.__new__(cls)
        object.__setattr__(o, "_variant", variant)
        object.__setattr__(o, "_bids", bids)
        object.__setattr__(o, "_won", won)
        return o

    @property
    def variant(self) -> Variant:
        """The rules the round was played under."""
        return self._variant

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid (``None`` in classic)."""
        return self._bids

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat took."""
        return self._won

    @property
    def made(self) -> tuple[bool | None, ...]:
        """Whether each seat took exactly its bid (``None`` in classic)."""
        return tuple(
            None if b is None else b == t for b, t in zip(self._bids, self._won, strict=True)
        )

    @property
    def points(self) -> tuple[int, ...]:
        """The round's points per seat (R-SCORE-1..3)."""
        return round_points(self._variant, bids=self._bids, tricks=self._won)

    def __reduce__(self) -> tuple[object, ...]:
        return (Outcome._trusted, (self._variant, self._bids, self._won))

    def __repr__(self) -> str:
        return f"Outcome(bids={self._bids}, tricks_won={self._won})"


class Outcomes(_ByValue, Immutable, Sequence[Outcome]):
    """Many outcomes stored compactly: per seat, one byte per game.

    Indexing builds an :class:`Outcome`; :meth:`tricks_column` and
    :meth:`bids_column` give a seat's values for every game at once
    (``bytes``, so ``column.count(3)`` counts in C).

    >>> import whist_ro as wr
    >>> r = wr.Round.shuffled(wr.variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
    >>> batch = Outcomes.of(wr.variants.ROMANIAN, [(0, 1, 0), (1, 1, 1)], [(1, 1, 0), (0, 2, 0)])
    >>> len(batch), batch[1].tricks_won, list(batch.tricks_column(1))
    (2, (0, 2, 0), [1, 2])
    """

    __slots__ = ("_bids", "_n", "_players", "_variant", "_won")

    _variant: Variant
    _players: int
    _n: int
    _bids: tuple[bytes, ...]
    _won: tuple[bytes, ...]

    def __init__(
        self, variant: Variant, *, bids: Sequence[bytes], tricks_won: Sequence[bytes]
    ) -> None:
        bid_cols = tuple(bytes(c) for c in bids)
        won_cols = tuple(bytes(c) for c in tricks_won)
        lengths = {len(c) for c in (*bid_cols, *won_cols)}
        if len(bid_cols) != len(won_cols) or len(lengths) > 1:
            raise ConfigurationError(
                "Outcomes needs one bids column and one tricks column per seat, all as long",
                field="bids",
            )
        set_ = object.__setattr__
        set_(self, "_variant", variant)
        set_(self, "_bids", bid_cols)
        set_(self, "_won", won_cols)
        set_(self, "_players", len(won_cols))
        set_(self, "_n", lengths.pop() if lengths else 0)

    @classmethod
    def of(
        cls,
        variant: Variant,
        bids: Sequence[Sequence[int | None]],
        tricks_won: Sequence[Sequence[int]],
    ) -> Outcomes:
        """A batch from per-game rows of bids (``None`` or ``-1``: no bid) and tricks."""
        players = len(tricks_won[0]) if tricks_won else 0
        bid_cols = [
            bytes(_NO_BID if b is None or b < 0 else b for b in (row[s] for row in bids))
            for s in range(players)
        ]
        won_cols = [bytes(row[s] for row in tricks_won) for s in range(players)]
        return cls(variant, bids=bid_cols, tricks_won=won_cols)

    @classmethod
    def join(cls, parts: Sequence[Outcomes]) -> Outcomes:
        """One batch holding ``parts`` one after the other (all of one variant)."""
        if not parts:
            raise ConfigurationError("Outcomes.join needs at least one batch", field="parts")
        first = parts[0]
        players = first._players
        return cls(
            first._variant,
            bids=[b"".join(p._bids[s] for p in parts) for s in range(players)],
            tricks_won=[b"".join(p._won[s] for p in parts) for s in range(players)],
        )

    @property
    def variant(self) -> Variant:
        """The rules every game was played under."""
        return self._variant

    @property
    def players(self) -> int:
        """Seats per game."""
        return self._players

    def tricks_column(self, seat: int) -> bytes:
        """Tricks won by ``seat`` in every game, one byte per game."""
        return self._won[seat]

    def bids_column(self, seat: int) -> bytes:
        """The bid of ``seat`` in every game, one byte per game (255: no bid)."""
        return self._bids[seat]

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> Outcome: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Outcome]: ...

    def __getitem__(self, index: int | slice) -> Outcome | Sequence[Outcome]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._n))]
        if not -self._n <= index < self._n:
            raise IndexError(f"outcome index {index} out of range for {self._n} games")
        i = index % self._n
        bids = tuple(None if c[i] == _NO_BID else c[i] for c in self._bids)
        return Outcome._trusted(self._variant, bids, tuple(c[i] for c in self._won))

    def __iter__(self) -> Iterator[Outcome]:
        for i in range(self._n):
            yield self[i]

    def __repr__(self) -> str:
        return f"<Outcomes: {self._n} games of {self._variant.name}, {self._players} players>"
