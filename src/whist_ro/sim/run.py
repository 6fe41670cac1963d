"""The public entry points: :func:`playout` and :func:`playouts`, and their policies.

>>> import whist_ro as wr
>>> from whist_ro import sim
>>> r = wr.Round.shuffled(wr.variants.ROMANIAN, players=4, dealer=0, hand_size=5, seed=1)
>>> sim.playout(r, policy="lowest") == sim.playout(r, policy="lowest")
True
>>> len(sim.playouts(r, 100, rng=7))
100
"""

from __future__ import annotations

import collections
import random
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from typing import TYPE_CHECKING, Final, Literal, TypeVar

from whist_ro import errors
from whist_ro._check import MAX_WORKERS, excerpt, flag, is_whole, rng_of, whole
from whist_ro._check import executor as check_executor
from whist_ro._deprecation import moved_names
from whist_ro._immutable import Immutable
from whist_ro._messages import N_
from whist_ro.actions import Bid, Play
from whist_ro.cards import Card, CardSet, Suit
from whist_ro.engine.round import Round, legal_bids, legal_cards
from whist_ro.engine.tricks import trick_winner
from whist_ro.errors import ConfigurationError
from whist_ro.rules.bidding import next_seat
from whist_ro.sim import batched, scalar
from whist_ro.sim._position import (
    BIDDING,
    DealPlanes,
    Hidden,
    Position,
    constant_planes,
    fresh_planes,
    hidden_of,
    position_of,
    sampled_planes,
)
from whist_ro.sim.outcome import _NO_BID, Outcome, Outcomes

__all__ = [
    "CHUNK",
    "MAX_PLAYOUTS",
    "POLICIES",
    "Decision",
    "Policy",
    "Progress",
    "playout",
    "playout_chunks",
    "playouts",
    "progress_bar",
]

# KernelMismatchError lives with every other error now; its old name here warns.
if not TYPE_CHECKING:  # a type checker no longer sees the moved names (docs/stability.md)
    __getattr__ = moved_names(
        __name__, {"KernelMismatchError": "whist_ro.errors:KernelMismatchError"}
    )

#: The policies built into the kernels, by name.
POLICIES: Final = ("random", "lowest", "highest", "greedy", "lowrisk")
_CODES: Final = {
    "random": scalar.RANDOM,
    "lowest": scalar.LOWEST,
    "highest": scalar.HIGHEST,
    "greedy": scalar.GREEDY,
    "lowrisk": scalar.LOWRISK,
}
_BATCHED: Final = frozenset({"random", "lowest", "highest"})
#: Games per chunk: runs split into chunks of this size whatever the worker count.
CHUNK: Final = 4096
MAX_PLAYOUTS: Final = 10_000_000
"""The most games one :func:`playouts` call plays: its :class:`Outcomes` hold them all
(two bytes per seat and game, 120 MB at six seats).  :func:`~whist_ro.sim.stats`
counts chunk by chunk and goes further."""
# Chunks in flight on an executor at once: every worker busy, and memory flat
# however many chunks a run has (Executor.map would submit them all up front).
_WINDOW: Final = 2 * MAX_WORKERS
_MIN_BATCH: Final = 32  # below this, the scalar kernel is faster than the batched one

DealsMode = Literal["fresh", "sampled", "same"]
Seedish = int | str | random.Random | None
Progress = Callable[[int, int], None]


class Decision(Immutable):
    """What a Python policy sees when it must act: the acting seat's own view.

    ``kind`` is ``"bid"`` or ``"play"``; ``legal`` is the legal bids (a
    tuple of ints) or the legal cards (a :class:`CardSet`); ``hand`` the
    seat's cards, ``trick`` the cards on the table, ``bids`` and
    ``tricks_won`` per seat, ``trump`` the trump suit or None, and ``rng``
    the playout's generator (use it, not a global one, to stay seeded).
    A policy returns a bid (an int) or a card (a :class:`Card`).

    >>> import whist_ro as wr
    >>> from whist_ro import sim
    >>> def cautious(d: Decision) -> int | wr.Card:
    ...     return d.legal[0] if d.kind == "bid" else min(d.legal, key=lambda c: c.rank)
    >>> r = wr.Round.shuffled(wr.variants.ROMANIAN, players=3, dealer=0, hand_size=4, seed=2)
    >>> sim.playout(r, policy=cautious) == sim.playout(r, policy="lowest")
    True
    """

    __slots__ = ("bids", "hand", "kind", "legal", "rng", "seat", "trick", "tricks_won", "trump")

    seat: int
    kind: Literal["bid", "play"]
    legal: tuple[int, ...] | CardSet
    hand: CardSet
    trick: tuple[Card, ...]
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    trump: Suit | None
    rng: random.Random

    def __repr__(self) -> str:
        return f"<Decision seat {self.seat} {self.kind}: legal {self.legal}>"


Policy = str | Callable[[Decision], "int | Card"] | Sequence[str]


_RNG_BITS: Final = 64  # a kernel seed is drawn as getrandbits(64) by the search bots


def _rng(rng: object) -> random.Random:
    # None draws a fresh generator; an int of up to 64 bits (what a caller draws with
    # getrandbits(64)), a str or a Random follow the library's seed rule otherwise.
    if rng is None:
        return random.Random()
    if is_whole(rng) and rng.bit_length() <= _RNG_BITS:  # type: ignore[attr-defined]
        return random.Random(rng)  # type: ignore[arg-type]
    try:
        return rng_of(rng)
    except ConfigurationError as error:
        raise ConfigurationError(
            f"rng must be None or a seed (an int of at most 64 bits, a str of at most 200 "
            f"characters, or a random.Random), not {excerpt(rng)}",
            field="rng",
        ) from error


def _policy(
    policy: object, rng: random.Random, players: int
) -> tuple[int | tuple[int, ...], scalar.Decide | None]:
    if isinstance(policy, (tuple, list)):
        # One built-in name per seat (the scalar kernel plays them).
        if len(policy) != players or not all(isinstance(x, str) for x in policy):
            raise ConfigurationError(
                f"a policy per seat must be {players} names of {', '.join(POLICIES)}, "
                f"not {excerpt(policy)}",
                field="policy",
            )
        return tuple(_policy(x, rng, players)[0] for x in policy), None  # type: ignore[misc]
    if isinstance(policy, str):
        code = _CODES.get(policy)
        if code is None:
            raise ConfigurationError(
                f"unknown policy {excerpt(policy)}; built in: {', '.join(POLICIES)}, or pass "
                "a callable taking a sim.Decision",
                field="policy",
            )
        return code, None
    if not callable(policy):
        raise ConfigurationError(
            f"policy must be a name ({', '.join(POLICIES)}), a name per seat or a callable, "
            f"not {excerpt(policy)}",
            field="policy",
        )
    return scalar.CALLABLE, _decider(policy, rng)


_new: Final = object.__new__
_set: Final = object.__setattr__


def _decider(policy: Callable[[Decision], object], rng: random.Random) -> scalar.Decide:
    def decide(seat: int, is_bid: bool, options: tuple[int, ...] | int, view: scalar.View) -> int:
        bids, won, trick, trump, hand = view
        d = _new(Decision)
        _set(d, "seat", seat)
        _set(d, "kind", "bid" if is_bid else "play")
        _set(d, "legal", CardSet.from_mask(options) if isinstance(options, int) else options)
        _set(d, "hand", CardSet.from_mask(hand))
        _set(d, "trick", tuple(Card.from_bit(b) for b in trick))
        _set(d, "bids", tuple(None if b < 0 else b for b in bids))
        _set(d, "tricks_won", won)
        _set(d, "trump", None if trump < 0 else Suit(trump))
        _set(d, "rng", rng)
        choice = policy(d)
        if isinstance(options, tuple):
            if is_whole(choice) and choice in options:
                return int(choice)
        elif isinstance(choice, Card) and options >> choice.bit & 1:
            return choice.bit
        raise ConfigurationError(
            f"policy {excerpt(policy)} chose {excerpt(choice)} for seat {seat}, which is not "
            f"one of the legal {'bids' if is_bid else 'cards'} {d.legal}",
            field="policy",
        )

    return decide


# -- one playout -------------------------------------------------------------------


def playout(
    state: object, *, policy: Policy = "random", rng: Seedish = None, debug: bool = False
) -> Outcome:
    """Play ``state`` (a :class:`Round`, or a :class:`Match`'s current round) to the round's end.

    Uses the state's own cards, whoever holds them; ``policy`` chooses every
    remaining bid and card for every seat: ``"random"`` (uniform over the
    legal actions), ``"lowest"`` (the smallest legal bid, and the legal card
    of lowest rank, ties to clubs, diamonds, hearts, spades: exactly the
    engine's round played that way), ``"highest"`` (its mirror: the largest
    bid, the highest card), ``"greedy"`` (bids its aces and trump honours,
    then wins cheaply while short of its bid and ducks once it has it),
    ``"lowrisk"`` (exactly :class:`~whist_ro.bots.LowRiskBot`'s bids and
    cards; in classic, where LowRisk does not play, it wants every trick
    its partner is not winning), a tuple of those names, one per seat, or a
    callable taking a :class:`Decision`.  ``rng`` is a seed or a
    ``random.Random``.  ``debug=True`` replays every step through
    :meth:`Round.apply` and checks the legal set and each trick's winner
    against the engine, raising :class:`~whist_ro.errors.KernelMismatchError` on a difference.

    >>> import whist_ro as wr
    >>> r = wr.Round.shuffled(wr.variants.ROMANIAN, players=4, dealer=0, hand_size=3, seed=5)
    >>> o = playout(r, policy="lowest", debug=True)
    >>> sum(o.tricks_won), len(o.bids), o == playout(r, policy="lowest")
    (3, 4, True)
    >>> mixed = playout(r, policy=("greedy", "lowrisk", "lowrisk", "lowrisk"), debug=True)
    >>> sum(mixed.tricks_won)
    3
    """
    p = position_of(state)
    generator = _rng(rng)
    code, decide = _policy(policy, generator, p.players)
    check = _scalar_checker(p, p.hidden) if debug else None
    bids, won = scalar.play(p, p.hidden, code, generator.random, decide, check)
    return Outcome._trusted(p.variant, tuple(None if b < 0 else b for b in bids), won)


# -- many playouts -----------------------------------------------------------------


def playouts(
    state: object,
    n: int,
    *,
    policy: Policy = "random",
    rng: Seedish = None,
    deals: DealsMode | Sequence[object] | None = None,
    kernel: Literal["auto", "scalar", "batched"] = "auto",
    executor: Executor | None = None,
    debug: bool = False,
    progress: Progress | bool | None = None,
) -> Outcomes:
    """Play ``n`` deals of the position ``state`` to the end; their :class:`Outcomes`.

    ``deals`` says which hidden cards each game gets:

    - ``"fresh"``: new deals of the same set-up (variant, players, dealer,
      hand size), from the kernel's own shuffle; only before the first action;
    - ``"sampled"``: the seat to act keeps its cards, and the cards it has not
      seen are dealt again, uniformly among the deals consistent with every
      void the play has shown (what a determinised search needs);
    - ``"same"``: the state's own cards every time (only the play varies);
    - a sequence of ``n`` deals: rounds at the same point, :class:`~whist_ro.Deal`
      values (before the first action), or each seat's unplayed cards;
    - ``None`` (the default): ``"fresh"`` before the first action, else ``"sampled"``.

    ``kernel="auto"`` plays the built-in policies ``random``, ``lowest`` and
    ``highest`` on the batched kernel and the rest on the scalar one.  The
    games are split into chunks of 4,096 with seeds drawn from ``rng`` by
    chunk number, so ``executor`` (any :class:`concurrent.futures.Executor`)
    spreads them over workers without changing any result (a few chunks per
    worker are queued at a time, and an interrupt cancels the rest).
    ``progress`` is ``True`` for a bar on standard error, or a callable
    ``(done, total)``.  ``n`` is at most :data:`MAX_PLAYOUTS`, since the
    result holds every game; :func:`~whist_ro.sim.stats` counts more.

    >>> import whist_ro as wr
    >>> r = wr.Round.shuffled(wr.variants.INVERTED, players=3, dealer=1, hand_size=4, seed=3)
    >>> a = playouts(r, 500, rng=11)
    >>> a == playouts(r, 500, rng=11), sum(a[0].tricks_won)
    (True, 4)
    """
    p, chunks = playout_chunks(
        state,
        n,
        most=MAX_PLAYOUTS,
        policy=policy,
        rng=rng,
        deals=deals,
        kernel=kernel,
        executor=executor,
        debug=debug,
        progress=progress,
    )
    results = list(chunks)
    if not results:
        return Outcomes(p.variant, bids=[b""] * p.players, tricks_won=[b""] * p.players)
    return results[0] if len(results) == 1 else Outcomes.join(results)


def playout_chunks(
    state: object,
    n: object,
    *,
    most: int,
    policy: Policy,
    rng: Seedish,
    deals: DealsMode | Sequence[object] | None,
    kernel: str,
    executor: Executor | None,
    debug: bool,
    progress: Progress | bool | None,
) -> tuple[Position, Iterator[Outcomes]]:
    """Check a run of ``n`` playouts, then its outcomes chunk by chunk, in order.

    Every argument is checked here, before the first game; the chunks are
    played lazily, so a caller that counts them (:func:`~whist_ro.sim.stats`)
    holds one chunk at a time, and an interrupt cancels what is queued.
    The arguments are those of :func:`playouts`, and ``most`` bounds ``n``.

    >>> import whist_ro as wr
    >>> r = wr.Round.shuffled(wr.variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
    >>> p, chunks = playout_chunks(r, 5000, most=10**6, policy="random", rng=1, deals=None,
    ...                            kernel="auto", executor=None, debug=False, progress=None)
    >>> [len(chunk) for chunk in chunks]
    [4096, 904]
    """
    p = position_of(state)
    count = whole(n, name="n", high=most)
    _policy(policy, random.Random(), p.players)  # an unknown name: the precise error
    if kernel not in ("auto", "scalar", "batched"):
        raise ConfigurationError(
            f"kernel must be 'auto', 'scalar' or 'batched', not {excerpt(kernel)}",
            field="kernel",
        )
    if kernel == "batched" and not (isinstance(policy, str) and policy in _BATCHED):
        raise ConfigurationError(
            f"the batched kernel plays the policies {', '.join(sorted(_BATCHED))}, not "
            f"{excerpt(policy)}; use kernel='scalar'",
            field="kernel",
        )
    check_executor(executor)
    flag(debug, name="debug")
    mode, given = _deals_mode(p, count, deals)
    base = _base_seed(rng)
    report = _progress(progress)

    def jobs() -> Iterator[_ChunkJob]:
        for index, start in enumerate(range(0, count, CHUNK)):
            size = min(CHUNK, count - start)
            part = given[start : start + size] if given is not None else None
            yield (p, mode, part, size, f"whist_ro.sim:{base}:{index}", policy, kernel, debug)

    def played() -> Iterator[Outcomes]:
        done = 0
        for result in _in_order(executor, _run_chunk, jobs()):
            done += len(result)
            if report is not None:
                report(done, count)
            yield result

    return p, played()


_Job = TypeVar("_Job")
_Result = TypeVar("_Result")


def _in_order(
    executor: Executor | None, work: Callable[[_Job], _Result], jobs: Iterable[_Job]
) -> Iterator[_Result]:
    """``work`` over ``jobs``, results in job order; on an executor, at most _WINDOW at once."""
    if executor is None:
        yield from map(work, jobs)
        return
    queued = iter(jobs)
    pending: collections.deque[Future[_Result]] = collections.deque()
    try:
        for job in queued:
            pending.append(executor.submit(work, job))
            if len(pending) >= _WINDOW:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        # An error, an interrupt or a caller that stops reading: nothing keeps running for nobody.
        for future in pending:
            future.cancel()


def _deals_mode(p: Position, n: int, deals: object) -> tuple[DealsMode, list[Hidden] | None]:
    if deals is None:
        return ("fresh" if p.fresh else "sampled"), None
    if isinstance(deals, str):
        if deals not in ("fresh", "sampled", "same"):
            raise ConfigurationError(
                f"deals must be 'fresh', 'sampled', 'same' or a sequence of deals, not "
                f"{excerpt(deals)}",
                field="deals",
            )
        if deals == "fresh" and not p.fresh:
            raise ConfigurationError(
                "fresh deals need a round before its first action; mid-round, use "
                "deals='sampled' or 'same'",
                field="deals",
            )
        return deals, None  # type: ignore[return-value]
    if not isinstance(deals, Sequence):
        raise ConfigurationError(
            f"deals must be 'fresh', 'sampled', 'same' or a sequence of deals, not "
            f"{excerpt(deals)}",
            field="deals",
        )
    if len(deals) != n:
        raise ConfigurationError(
            f"{len(deals)} deals given for n={n} playouts; give exactly n", field="deals"
        )
    return "same", [hidden_of(p, deal, i) for i, deal in enumerate(deals)]


def _base_seed(rng: object) -> int | str:
    # A seed names the run itself; a generator (or none: a fresh one) is drawn from.
    generator = _rng(rng)  # the checks, whatever rng is
    if isinstance(rng, str) or is_whole(rng):
        return repr(rng)
    return generator.getrandbits(64)


def _progress(progress: object) -> Progress | None:
    if progress is None or progress is False:
        return None
    if progress is True:
        return progress_bar
    if callable(progress):
        return progress
    raise ConfigurationError(
        f"progress must be True, False, None or a callable (done, total), not {excerpt(progress)}",
        field="progress",
    )


def progress_bar(done: int, total: int) -> None:
    """Draw a one-line progress bar on stderr, redrawn in place; a ``progress`` callback.

    ``progress=True`` uses it, and so does ``whist-ro simulate``.

    >>> import contextlib, io
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     progress_bar(1, 2)
    >>> err.getvalue()
    '\\r[###############...............] 1/2'
    """
    width = 30
    filled = width * done // total if total else width
    end = "\n" if done >= total else ""
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,}{end}")
    sys.stderr.flush()


_ChunkJob = tuple[Position, str, list[Hidden] | None, int, str, Policy, str, bool]


def _run_chunk(job: _ChunkJob) -> Outcomes:
    """Play one chunk; a top-level function so process pools can pickle it."""
    p, mode, given, count, seed, policy, kernel, debug = job
    rng = random.Random(seed)
    use_batched = isinstance(policy, str) and policy in _BATCHED and kernel != "scalar"
    if kernel == "auto" and count < _MIN_BATCH:
        use_batched = False
    # Drawn deals come as bit planes, what the batched kernel plays from.
    fresh: DealPlanes | None = None
    hidden: list[Hidden] = []
    if given is not None:
        hidden = given
    elif mode == "fresh":
        fresh = fresh_planes(p, rng, count)
    elif mode == "sampled":
        fresh = sampled_planes(p, rng, count)
    else:
        fresh = constant_planes(p, p.hidden, count)
    if debug and fresh is not None:
        hidden = fresh.hidden(p)
        fresh = None
    if use_batched:
        assert isinstance(policy, str)
        check = _batch_checker(p, hidden) if debug else None
        deals: Sequence[Hidden] | DealPlanes = fresh if fresh is not None else hidden
        bids, won = batched.play_batch(p, deals, _CODES[policy], rng, check)
        return Outcomes(p.variant, bids=bids, tricks_won=won)
    if policy == "random" and not debug:
        low = scalar.low_rank(p.deck)
        if fresh is not None:
            hands = fresh.hand_lanes(low)
            trumps = [(up.bit_length() - 1) >> 4 if up else -1 for up in fresh.trump_masks()]
        else:
            hands = [x for h in hidden for x in scalar.lanes_of(h[0], low)]
            trumps = [h[1] for h in hidden]
        flat_bids, flat_won = scalar.play_random(p, hands, trumps, rng.random)
        players = p.players
        if p.phase == BIDDING:
            bid_cols = [bytes(flat_bids[s::players]) for s in range(players)]
        else:
            bid_cols = [bytes([_NO_BID if b < 0 else b]) * count for b in p.bids]
        won_cols = [bytes(flat_won[s::players]) for s in range(players)]
        return Outcomes(p.variant, bids=bid_cols, tricks_won=won_cols)
    if fresh is not None:
        hidden = fresh.hidden(p)
    code, decide = _policy(policy, rng, p.players)
    rows_bids = []
    rows_won = []
    random_ = rng.random
    for h in hidden:
        check_one = _scalar_checker(p, h) if debug else None
        b, w = scalar.play(p, h, code, random_, decide, check_one)
        rows_bids.append(b)
        rows_won.append(w)
    return Outcomes.of(p.variant, rows_bids, rows_won)


# -- the debug checks ----------------------------------------------------------------


def _reference(p: Position, hidden: Hidden) -> Round:
    """The engine's round for position ``p`` with these hidden cards, replayed to ``p``."""
    hands = list(hidden[0])
    for leader, bits in p.history:
        for i, bit in enumerate(bits):
            hands[(leader + i) % p.players] |= 1 << bit
    turn_up = Card.from_bit(hidden[2]) if hidden[2] >= 0 else None
    r = Round.from_hands(
        p.variant,
        hands=[CardSet.from_mask(h) for h in hands],
        dealer=p.dealer,
        turn_up=turn_up,
    )
    seat = p.first
    for _ in range(p.players):
        if p.bids[seat] < 0:
            break
        r = r.apply(Bid(seat=seat, tricks=p.bids[seat]))
        seat = next_seat(seat, p.players)
    for leader, bits in p.history:
        for i, bit in enumerate(bits):
            r = r.apply(Play(seat=(leader + i) % p.players, card=Card.from_bit(bit)))
    return r


# What a kernel and the engine may disagree on, each a catalogue template (so the
# refusal reads in Romanian too, as every error does).
_MISMATCH: Final = {
    "seat to act": N_(
        "the kernel's seat to act is {kernel} but the engine's is {engine} at {state}"
    ),
    "legal bids": N_("the kernel's legal bids is {kernel} but the engine's is {engine} at {state}"),
    "bid": N_("the kernel's bid is {kernel} but the engine's is {engine} at {state}"),
    "legal cards": N_(
        "the kernel's legal cards is {kernel} but the engine's is {engine} at {state}"
    ),
    "winner": N_(
        "the kernel's winner of {trick} is {kernel} but the engine's is {engine} at {state}"
    ),
    "number of cards chosen": N_(
        "the kernel's number of cards chosen is {kernel} but the engine's is {engine} at {state}"
    ),
}


def _mismatch(
    what: str, kernel: object, engine: object, r: Round, **more: object
) -> errors.KernelMismatchError:
    return errors.KernelMismatchError(
        _MISMATCH[what],
        evidence={"kernel": excerpt(kernel), "engine": excerpt(engine), "state": repr(r), **more},
    )


def _check_step(
    refs: list[Round], g: int, seat: int, is_bid: bool, legal: object, chosen: int
) -> None:
    r = refs[g]
    if r.to_act != seat:
        raise _mismatch("seat to act", seat, r.to_act, r)
    if is_bid:
        engine_bids = legal_bids(r)
        if isinstance(legal, tuple) and legal != engine_bids:
            raise _mismatch("legal bids", legal, engine_bids, r)
        if chosen not in engine_bids:
            raise _mismatch("bid", chosen, engine_bids, r)
        refs[g] = r.apply(Bid(seat=seat, tricks=chosen))
    else:
        engine_cards = legal_cards(r).mask
        if legal != engine_cards:
            raise _mismatch(
                "legal cards",
                CardSet.from_mask(legal),  # type: ignore[arg-type]
                CardSet.from_mask(engine_cards),
                r,
            )
        refs[g] = r.apply(Play(seat=seat, card=Card.from_bit(chosen)))


def _check_winner(refs: list[Round], g: int, winner: int) -> None:
    r = refs[g]
    last = r.tricks[-1]
    expected = trick_winner(last, r.trump)
    if expected != winner:
        raise _mismatch("winner", winner, expected, r, trick=str(last))


def _scalar_checker(p: Position, hidden: Hidden) -> scalar.Checker:
    refs = [_reference(p, hidden)]

    def check(seat: int, is_bid: bool | None, legal: object, chosen: int) -> None:
        if is_bid is None:
            _check_winner(refs, 0, seat)
        else:
            _check_step(refs, 0, seat, is_bid, legal, chosen)

    return check


def _batch_checker(p: Position, hidden: Sequence[Hidden]) -> batched.BatchChecker:
    refs = [_reference(p, h) for h in hidden]
    n = len(refs)
    cards = p.deck_bits

    def bits(plane: int) -> str:
        return format(plane, f"0{n}b")[::-1]

    def seat_of(planes: Sequence[int], g: int) -> int:
        return next(s for s, plane in enumerate(planes) if plane >> g & 1)

    def check(event: tuple[object, ...]) -> None:
        kind = event[0]
        if kind == "bid":
            _, seat, column = event
            for g in range(n):
                _check_step(refs, g, seat, True, None, column[g])  # type: ignore[arg-type, index]
        elif kind == "play":
            _, offset, legal, chosen, lead = event
            legal_bits = [bits(x) for x in legal]  # type: ignore[attr-defined]
            chosen_bits = [bits(x) for x in chosen]  # type: ignore[attr-defined]
            for g in range(n):
                seat = (seat_of(lead, g) + offset) % p.players  # type: ignore[arg-type, operator]
                mask = sum(1 << cards[i] for i, t in enumerate(legal_bits) if t[g] == "1")
                picked = [cards[i] for i, t in enumerate(chosen_bits) if t[g] == "1"]
                if len(picked) != 1:
                    raise _mismatch("number of cards chosen", len(picked), 1, refs[g])
                _check_step(refs, g, seat, False, mask, picked[0])
        else:
            _, lead = event
            for g in range(n):
                _check_winner(refs, g, seat_of(lead, g))  # type: ignore[arg-type]

    return check
