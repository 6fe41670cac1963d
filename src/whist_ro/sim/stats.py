"""Bulk statistics over playouts: tricks won by seat, bids made, mean points.

>>> import whist_ro as wr
>>> from whist_ro import sim
>>> s = sim.stats(wr.variants.ROMANIAN, 2000, players=5, hand_size=1, dealer=4, rng=3)
>>> s.games, round(sum(s.tricks_distribution(4)), 6)
(2000, 1.0)
>>> 0.0 < s.made_rate(4, bid=0) < 1.0  # how often the dealer makes a 0 bid
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from typing import Final

from whist_ro._check import excerpt, seat, whole
from whist_ro._immutable import Immutable
from whist_ro.engine.match import Match
from whist_ro.engine.round import Round
from whist_ro.errors import ConfigurationError
from whist_ro.rules.scoring import exact_points
from whist_ro.sim.outcome import Outcome, Outcomes
from whist_ro.sim.run import CHUNK, DealsMode, Policy, Progress, Seedish, playout_chunks
from whist_ro.variants import Variant

__all__ = ["MAX_STATS_GAMES", "Stats", "stats"]

MAX_STATS_GAMES: Final = 10**10
"""The most games one :func:`stats` call plays.  It counts them chunk by chunk
(memory stays flat) and Ctrl-C stops it; the bound only refuses the absurd."""


class Stats(Immutable):
    """Counts over many finished rounds of one set-up; add two with ``+``.

    ``tricks[seat][t]`` is how many games seat ``seat`` took ``t`` tricks;
    ``bids[seat][b]`` how many games it bid ``b``, and ``made[seat][b]`` how
    many of those it made (both all zero in classic); ``points[seat]`` its
    total round points.

    >>> import whist_ro as wr
    >>> from whist_ro import sim
    >>> o = sim.Outcome(wr.variants.ROMANIAN, bids=(1, 0, 1), tricks_won=(1, 0, 1))
    >>> s = Stats.of([o, o])
    >>> s.games, s.made_rate(0), s.mean_points(1), s.tricks[2]
    (2, 1.0, 5.0, (0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    """

    __slots__ = ("bids", "games", "made", "points", "tricks", "variant")

    variant: Variant
    games: int
    tricks: tuple[tuple[int, ...], ...]
    bids: tuple[tuple[int, ...], ...]
    made: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]

    def __init__(
        self,
        variant: Variant,
        *,
        games: int,
        tricks: Sequence[Sequence[int]],
        bids: Sequence[Sequence[int]],
        made: Sequence[Sequence[int]],
        points: Sequence[int],
    ) -> None:
        set_ = object.__setattr__
        set_(self, "variant", variant)
        set_(self, "games", games)
        set_(self, "tricks", tuple(tuple(row) for row in tricks))
        set_(self, "bids", tuple(tuple(row) for row in bids))
        set_(self, "made", tuple(tuple(row) for row in made))
        set_(self, "points", tuple(points))

    @classmethod
    def of(cls, outcomes: Iterable[Outcome] | Outcomes) -> Stats:
        """Count a batch of :class:`Outcomes` (fast, in C) or any outcomes of one set-up.

        An iterable is counted a chunk at a time, so a generator of any
        length is counted in constant memory.

        >>> Stats.of("romanian")
        Traceback (most recent call last):
        ...
        whist_ro.errors.ConfigurationError: stats counts Outcome values, not 'romanian'
        """
        if isinstance(outcomes, Outcomes):
            return cls._of_batch(outcomes)
        if isinstance(outcomes, (str, bytes)) or not isinstance(outcomes, Iterable):
            raise ConfigurationError(
                f"stats counts Outcome values, not {excerpt(outcomes)}", field="outcomes"
            )
        stream = iter(outcomes)
        total: Stats | None = None
        while chunk := list(itertools.islice(stream, CHUNK)):
            for i, o in enumerate(chunk):
                if not isinstance(o, Outcome):
                    raise ConfigurationError(
                        f"stats counts Outcome values, not {excerpt(o)} (item {i})",
                        field="outcomes",
                    )
            bids, won = [o.bids for o in chunk], [o.tricks_won for o in chunk]
            counted = cls._of_batch(Outcomes.of(chunk[0].variant, bids, won))
            total = counted if total is None else total + counted
        if total is None:
            raise ConfigurationError(
                "stats needs at least one Outcome to know the variant and the seats",
                field="outcomes",
            )
        return total

    @classmethod
    def _of_batch(cls, batch: Outcomes) -> Stats:
        players = batch.players
        variant = batch.variant
        tricks = [[batch.tricks_column(s).count(t) for t in range(14)] for s in range(players)]
        bids = [[0] * 14 for _ in range(players)]
        made = [[0] * 14 for _ in range(players)]
        points = [0] * players
        if variant.is_classic:
            for o in batch:
                for s, pts in enumerate(o.points):
                    points[s] += pts
        else:
            n = len(batch)
            for s in range(players):
                b_col = batch.bids_column(s)
                both = (
                    (
                        int.from_bytes(b_col, "little") << 4
                        | int.from_bytes(batch.tricks_column(s), "little")
                    ).to_bytes(n + 1, "little")[:n]
                    if n
                    else b""
                )
                for b in range(14):
                    bids[s][b] = b_col.count(b)
                    if not bids[s][b]:
                        continue
                    for t in range(14):
                        # A bid of b (<= 13) and t tricks share one byte: b * 16 + t.
                        count = both.count(b * 16 + t)
                        if count:
                            if t == b:
                                made[s][b] = count
                            points[s] += count * exact_points(variant, bid=b, tricks=t)
        return cls(variant, games=len(batch), tricks=tricks, bids=bids, made=made, points=points)

    @property
    def players(self) -> int:
        """Seats per game."""
        return len(self.tricks)

    def _seat(self, value: object) -> int:
        return seat(value, players=self.players)

    def tricks_distribution(self, seat: int) -> tuple[float, ...]:
        """The share of games in which ``seat`` took 0, 1, 2 ... 13 tricks (``nan`` with no games).

        >>> import whist_ro as wr
        >>> from whist_ro import sim
        >>> s = sim.stats(wr.variants.ROMANIAN, 0, players=3, hand_size=2)
        >>> s.tricks_distribution(0)[:3], s.mean_tricks(0), s.mean_points(0)
        ((nan, nan, nan), nan, nan)
        """
        counts = self.tricks[self._seat(seat)]
        return tuple(c / self.games if self.games else float("nan") for c in counts)

    def mean_tricks(self, seat: int) -> float:
        """Tricks ``seat`` took on average (``nan`` with no games)."""
        counts = self.tricks[self._seat(seat)]
        if not self.games:
            return float("nan")
        return sum(t * c for t, c in enumerate(counts)) / self.games

    def mean_points(self, seat: int) -> float:
        """Round points ``seat`` scored on average (``nan`` with no games)."""
        points = self.points[self._seat(seat)]
        return points / self.games if self.games else float("nan")

    def made_rate(self, seat: int, *, bid: int | None = None) -> float:
        """How often ``seat`` made its bid (only its bids of ``bid``, if given).

        ``nan`` when there is no such bid (always, in classic).

        >>> import whist_ro as wr
        >>> from whist_ro import sim
        >>> sim.stats(wr.variants.ROMANIAN, 10, players=3, hand_size=2, rng=1).made_rate(0, bid=14)
        Traceback (most recent call last):
        ...
        whist_ro.errors.ConfigurationError: bid must be a whole number from 0 to 13, not 14
        """
        index = self._seat(seat)
        if bid is None:
            total, made = sum(self.bids[index]), sum(self.made[index])
        else:
            number = whole(bid, name="bid", high=len(self.bids[index]) - 1)
            total, made = self.bids[index][number], self.made[index][number]
        return made / total if total else float("nan")

    def __add__(self, other: Stats) -> Stats:
        if not isinstance(other, Stats):
            return NotImplemented
        if other.variant != self.variant or other.players != self.players:
            raise ConfigurationError(
                "only stats of one variant and player count add up", field="other"
            )

        def add(a: tuple[tuple[int, ...], ...], b: tuple[tuple[int, ...], ...]) -> list[list[int]]:
            return [[x + y for x, y in zip(r, q, strict=True)] for r, q in zip(a, b, strict=True)]

        return Stats(
            self.variant,
            games=self.games + other.games,
            tricks=add(self.tricks, other.tricks),
            bids=add(self.bids, other.bids),
            made=add(self.made, other.made),
            points=[x + y for x, y in zip(self.points, other.points, strict=True)],
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Stats):
            return (self.variant, self.games, self.tricks, self.bids, self.made, self.points) == (
                other.variant,
                other.games,
                other.tricks,
                other.bids,
                other.made,
                other.points,
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Stats: {self.games:,} games of {self.variant.name}, {self.players} players>"


def stats(
    source: Round | Match | Variant | Outcomes | Iterable[Outcome],
    n: int | None = None,
    *,
    players: int | None = None,
    hand_size: int | None = None,
    dealer: int = 0,
    policy: Policy = "random",
    rng: Seedish = None,
    deals: DealsMode | None = None,
    executor: Executor | None = None,
    progress: Progress | bool | None = None,
) -> Stats:
    """Count outcomes, or play ``n`` playouts first and count them.

    ``source`` is outcomes to count; a :class:`Round` or :class:`Match`
    position to play ``n`` times (see :func:`playouts` for ``deals``,
    ``executor`` and ``progress``); or a :class:`Variant` with ``players``
    and ``hand_size`` (13 in classic), dealt fresh ``n`` times with
    ``dealer`` dealing.  ``n`` is at most :data:`MAX_STATS_GAMES`: the
    games are counted a chunk at a time, so memory stays flat, and an
    interrupt (Ctrl-C) stops the run.  With ``n=0`` the means are ``nan``.

    >>> import whist_ro as wr
    >>> s = stats(wr.variants.CLASSIC, 300, players=4, rng=1)
    >>> s.games, sum(s.tricks[0]), round(s.mean_tricks(0) + s.mean_tricks(1), 6) <= 13
    (300, 300, True)
    """
    if isinstance(source, Variant):
        if players is None:
            raise ConfigurationError("stats of a variant needs players=", field="players")
        size = hand_size if hand_size is not None else (13 if source.is_classic else None)
        if size is None:
            raise ConfigurationError("stats of a variant needs hand_size=", field="hand_size")
        source = Round.shuffled(source, players=players, dealer=dealer, hand_size=size, seed=0)
        deals = deals or "fresh"
    if isinstance(source, (Round, Match)):
        if n is None:
            raise ConfigurationError(
                "stats of a position needs n, the number of playouts", field="n"
            )
        p, chunks = playout_chunks(
            source,
            n,
            most=MAX_STATS_GAMES,
            policy=policy,
            rng=rng,
            deals=deals,
            kernel="auto",
            executor=executor,
            debug=False,
            progress=progress,
        )
        total = Stats._of_batch(
            Outcomes(p.variant, bids=[b""] * p.players, tricks_won=[b""] * p.players)
        )
        for chunk in chunks:  # one chunk at a time: memory stays flat for any n
            total += Stats._of_batch(chunk)
        return total
    if isinstance(source, str):
        raise ConfigurationError(
            f"stats takes a Variant (variants.get({source[:40]!r})), a Round or a Match to "
            f"play, or outcomes to count, not the text {excerpt(source)}",
            field="source",
        )
    return Stats.of(source)
