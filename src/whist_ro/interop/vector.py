"""Many rounds in lockstep, as NumPy arrays: a vectorised environment for learning agents.

Needs the ``[vector]`` extra (``pip install 'whist-ro[vector]'``, NumPy only).
:class:`VectorEnv` plays ``num_envs`` games of an exact-family variant at
once.  One episode is one round: a deal of ``hand_size`` cards, the bids,
then the tricks.  Each :meth:`~VectorEnv.step` takes one action id per game,
for the seat to act in that game, and returns NumPy arrays for all games:

- ``observations``, ``uint8`` of shape ``(num_envs, observation_size)``: what
  the acting seat sees, in the compact layout :func:`sections` describes
  (:func:`encode_view` writes the same row from any
  :class:`~whist_ro.PlayerView`);
- ``rewards``, ``float32`` of shape ``(num_envs, players)``: each seat's
  points for the round (R-SCORE-*) in the step that ends it, else 0;
- ``terminations``, ``bool`` of shape ``(num_envs,)``: the round ended this
  step; ``truncations`` is always all False;
- ``infos``: ``"action_mask"`` (``uint8``, ``(num_envs, 62)``, 1 for each
  legal action id) and ``"seat"`` (the seat whose view each row shows: the
  seat to act, or in a game that has just ended, the seat that acted last).

Action ids are those of :mod:`whist_ro.interop.encoding`.  The arrays are
buffers that the next ``step`` or ``reset`` overwrites: copy what you keep,
and do not write into them.  A game that ended resets on the next step, as
Gymnasium 1.x vector environments do (autoreset mode "NextStep"): its
action in that step is ignored and the row shows its new deal.

The rules are restated here over arrays (one deal per column, cards as bits
of a ``uint64`` in card-id order) and held to the engine: ``debug=True``
replays every game through :meth:`Round.apply <whist_ro.Round.apply>` and
compares every observation, mask, reward and flag with the engine's, and
the tests do so for every preset and table size.

>>> import numpy as np
>>> from whist_ro.interop.vector import VectorEnv
>>> env = VectorEnv(variant="romanian", players=4, num_envs=3, hand_size=2)
>>> observations, infos = env.reset(seed=1)
>>> observations.shape, observations.dtype, infos["action_mask"].shape
((3, 67), dtype('uint8'), (3, 62))
>>> rng = np.random.default_rng(1)
>>> ended = 0
>>> for _ in range(12):  # 4 bids and 8 cards: every round ends at the 12th step
...     actions = env.sample_actions(rng)
...     observations, rewards, terminations, truncations, infos = env.step(actions)
...     ended += int(terminations.sum())
>>> ended, rewards.shape
(3, (3, 4))
"""

from __future__ import annotations

import functools
from typing import Any, Final

try:
    import numpy as np
except ModuleNotFoundError as error:  # an optional dependency: say which extra brings it
    from whist_ro.errors import missing_extra

    raise missing_extra(error, extra="vector", needed_by=__name__) from None

from whist_ro import variants as _variants
from whist_ro._check import excerpt, flag, is_whole, whole
from whist_ro._check import seat as check_seat
from whist_ro.cards import CardSet
from whist_ro.engine.deal import Deal
from whist_ro.engine.round import Round
from whist_ro.errors import ActionTypeError, ActionValueError, ConfigurationError
from whist_ro.interop.encoding import (
    _MOVES,
    BID_BASE,
    NUM_ACTIONS,
    NUM_CARDS,
    ONLY_CARD,
    card_id,
    card_of,
    legal_ids,
)
from whist_ro.rules.dealing import trump_source
from whist_ro.rules.scoring import exact_round_points
from whist_ro.schedule import Deck, check_players
from whist_ro.variants import Variant
from whist_ro.views.view import PlayerView, blind_mode

__all__ = [
    "MAX_ENVS",
    "MINE",
    "PLAYED",
    "TABLE",
    "UNSEEN",
    "VectorEnv",
    "encode_view",
    "sections",
]

MAX_ENVS: Final = 1 << 20
"""The most games one environment plays at once."""

# What the observer knows of each card (the "cards" section).
UNSEEN: Final = 0
"""A card the observer has not seen (or that is not in the deck)."""
MINE: Final = 1
"""A card in the observer's hand."""
PLAYED: Final = 2
"""A card played to an earlier trick of the round."""
TABLE: Final = 3
"""``TABLE + r``: a card on the table, played by the seat ``r`` places to the observer's left.

``TABLE + players + r`` is a card the observer knows that seat holds (another
seat's cards in a forehead round, the dealer's shown trump card).
"""

Array = np.ndarray[Any, Any]

_BIDDING: Final = 0
_PLAYING: Final = 1
_OVER: Final = 2
_NO_TRUMP: Final = 4
_BLIND_CODE: Final = {None: 0, "forehead": 1, "hidden": 2}
_U1: Final = np.uint64(1)
# The card-id mask of each suit: a suit is 13 consecutive card ids (encoding).
# Index 4, "no trump" (or no card led), holds no card.
_SUIT_MASK: Final = np.array([((1 << 13) - 1) << (13 * s) for s in range(4)] + [0], np.uint64)
# Built from Python ints (the same arrays as np.arange(NUM_CARDS) // 13 and % 13), so that
# the module imports under the docs' mocked NumPy too (docs/conf.py, autodoc_mock_imports).
_SUIT: Final = np.array([card // 13 for card in range(NUM_CARDS)])
_RANK: Final = np.array([card % 13 for card in range(NUM_CARDS)])
_LOW_BITS: Final = {w: np.uint64((1 << w) - 1) for w in (32, 16, 8, 4, 2, 1)}


@functools.lru_cache(maxsize=8)
def sections(players: int) -> tuple[tuple[str, int, int], ...]:
    """The observation row's sections: ``(name, offset, length)``, for ``players`` seats.

    Seats are relative to the observer: ``r`` is the seat ``r`` places to
    its left (0 the observer).  All values are small whole numbers:

    - ``cards`` (52, by card id): :data:`UNSEEN`, :data:`MINE`,
      :data:`PLAYED`, ``TABLE + r`` (on the table, played by seat ``r``) or
      ``TABLE + players + r`` (known to be held by seat ``r``);
    - ``bids`` (one per seat): the bid plus 1, 0 until the seat bids;
    - ``tricks`` (one per seat): tricks taken this round;
    - ``dealer``: the dealer's relative seat;
    - ``leader``: the relative seat that led the trick on the table plus 1,
      0 when no card is on the table;
    - ``trump``: the trump suit (0 clubs .. 3 spades), 4 for no trump;
    - ``turn_up``: the turned-up card's id plus 1, 0 for none;
    - ``phase``: 0 bidding, 1 playing, 2 over;
    - ``hand_size``: cards dealt to each seat;
    - ``blind``: 0, or 1 in a forehead and 2 in a hidden 1-card round (R-VIEW-3).

    >>> sections(4)[:3]
    (('cards', 0, 52), ('bids', 52, 4), ('tricks', 56, 4))
    >>> sum(length for _, _, length in sections(4))
    67
    """
    names = [("cards", NUM_CARDS), ("bids", players), ("tricks", players)]
    names += [(name, 1) for name in ("dealer", "leader", "trump", "turn_up", "phase")]
    names += [("hand_size", 1), ("blind", 1)]
    out = []
    offset = 0
    for name, length in names:
        out.append((name, offset, length))
        offset += length
    return tuple(out)


def encode_view(view: PlayerView) -> Array:
    """The observation row of ``view``, the view of one seat of a round in play or over.

    The vector environment writes the same rows; use this to feed a policy
    trained on it from the engine (at a :class:`~whist_ro.Table`, say).

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"],
    ...                         dealer=2, turn_up="10s")
    >>> r = r.apply(wr.Bid(seat=0, tricks=1))
    >>> row = encode_view(r.view(1))
    >>> offsets = {name: offset for name, offset, _ in sections(3)}
    >>> int(row[card_id(wr.Card.parse("Kh"))]), row[offsets["bids"]:offsets["tricks"]].tolist()
    (1, [0, 0, 2])
    """
    n = view.players
    me = view.seat
    offsets = {name: offset for name, offset, _ in sections(n)}
    row = np.zeros(offsets["blind"] + 1, np.uint8)

    def rel(seat: int) -> int:
        return (seat - me) % n

    for seat, known in enumerate(view.known_hands):
        r = rel(seat)
        for card in known:
            row[card_id(card)] = MINE if r == 0 else TABLE + n + r
    for trick in view.tricks:
        for card in trick.cards:
            row[card_id(card)] = PLAYED
    table = view.current_trick
    for i, card in enumerate(table.cards):
        row[card_id(card)] = TABLE + rel((table.leader + i) % n)
    for seat in range(n):
        bid = view.bids[seat]
        row[offsets["bids"] + rel(seat)] = 0 if bid is None else bid + 1
        row[offsets["tricks"] + rel(seat)] = view.tricks_won[seat]
    row[offsets["dealer"]] = rel(view.dealer)
    row[offsets["leader"]] = rel(table.leader) + 1 if table.cards else 0
    row[offsets["trump"]] = _NO_TRUMP if view.trump is None else int(view.trump)
    row[offsets["turn_up"]] = 0 if view.turn_up is None else card_id(view.turn_up) + 1
    row[offsets["phase"]] = int(view.phase)
    row[offsets["hand_size"]] = view.hand_size
    row[offsets["blind"]] = _BLIND_CODE[view.blind]
    return row


def _unpack(masks: Array) -> Array:
    """``(n,)`` uint64 card masks as ``(n, 64)`` bytes, column ``i`` for card id ``i``."""
    return np.unpackbits(_bytes(masks), axis=1, bitorder="little")


def _bytes(packed: Array) -> Array:
    """``(n,)`` uint64 as ``(n, 8)`` bytes, lowest first."""
    return np.asarray(packed, "<u8").view(np.uint8).reshape(-1, 8)


def _nibble_codes() -> Array:
    """For a key ``mine | played << 4`` (4 cards' bits each), the 4 cards' codes as a uint32."""
    table = []  # made in Python, then one array: importable under the docs' mocked NumPy
    for key in range(256):
        codes = [(key >> i & 1) * MINE + (key >> (4 + i) & 1) * PLAYED for i in range(4)]
        table.append(int.from_bytes(bytes(codes), "little"))
    return np.array(table, "<u4")  # little-endian whatever the machine: byte i is card i


_NIBBLE_CODES: Final = _nibble_codes()


def _card_codes(mine: Array, played: Array) -> Array:
    """Per card id, MINE for a card of ``mine``, PLAYED for one of ``played``: ``(n, 64)`` bytes.

    Four cards at a time, through a table: the bits of both masks, four by
    four, pick the four codes at once.
    """
    a, p = _bytes(mine), _bytes(played)
    keys = np.empty((len(a), 8, 2), np.uint8)
    np.bitwise_or(a & 15, (p & 15) << 4, out=keys[:, :, 0])
    np.bitwise_or(a >> 4, p & 0xF0, out=keys[:, :, 1])
    codes: Array = _NIBBLE_CODES[keys].view(np.uint8).reshape(len(a), 64)
    return codes


def _popcount(masks: Array) -> Array:
    """The number of set bits of each uint64, as uint8."""
    count = getattr(np, "bitwise_count", None)  # NumPy 2.0 and later
    if count is not None:
        return count(masks)  # type: ignore[no-any-return]
    x = masks.astype(np.uint64)
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    out: Array = ((x * np.uint64(0x0101010101010101)) >> np.uint64(56)).astype(np.uint8)
    return out


def _select_bit(masks: Array, k: Array) -> Array:
    """The index of the ``k``-th lowest set bit of each uint64 (by halving, in 6 rounds)."""
    x = masks
    k = k.astype(np.uint8)
    position = np.zeros(len(masks), np.uint8)
    for width in (32, 16, 8, 4, 2, 1):
        low = x & _LOW_BITS[width]
        in_low = _popcount(low)
        high = k >= in_low  # the bit is in the upper half: go there
        k -= in_low * high
        x = np.where(high, x >> np.uint64(width), low)
        position += np.uint8(width) * high
    return position


def _places(seat: Array, observer: Array, players: int) -> Array:
    """How many places ``seat`` sits to the left of ``observer`` (0 to players - 1).

    ``(seat - observer) % players`` for ``seat`` below ``2 * players``, without
    the slow integer modulo.
    """
    d = seat - observer
    d += players * (d < 0)
    d -= players * (d >= players)
    return d


def _single_card(masks: Array) -> Array:
    """The card id of each one-card mask (a power of two below 2**52: exact in a float)."""
    return np.log2(masks.astype(np.float64)).astype(np.int64)


class VectorEnv:
    """``num_envs`` rounds of ``variant`` in lockstep (see the module docs for the arrays).

    ``variant`` is a preset name or a :class:`~whist_ro.variants.Variant` of
    the exact-bid family, with any house rules (the hook, the duty to trump
    and to overtrump, no-trump hand sizes, a dealt-out trump, the scoring,
    blind 1-card rounds); classic whist is refused.  ``players`` is 3 to 6,
    ``hand_size`` 1 to the largest hand (the default), ``dealer`` a fixed
    seat or None for a uniformly random dealer every episode (as the
    OpenSpiel game's chance node picks one).  Streak bonuses need a match,
    so an episode pays the round's points alone.

    ``debug=True`` keeps a :class:`~whist_ro.Round` per game, applies every
    action to it with :meth:`Round.apply <whist_ro.Round.apply>` and checks
    the arrays against it after every step (much slower: for tests).

    >>> env = VectorEnv(variant="romanian-hidden", players=3, num_envs=2, hand_size=1)
    >>> obs, infos = env.reset(seed=0)
    >>> env.observation_size, int(obs[0, env.offset("blind")])
    (65, 2)
    >>> VectorEnv(variant="classic", players=4, num_envs=2)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: the vector environment plays the exact-bid family, ...
    """

    metadata: Final = {"autoreset_mode": "NextStep"}
    """As Gymnasium's: finished games reset on the next step (``AutoresetMode.NEXT_STEP``)."""

    def __init__(
        self,
        variant: str | Variant = "romanian",
        players: int = 4,
        num_envs: int = 1,
        *,
        hand_size: int | None = None,
        dealer: int | None = None,
        debug: bool = False,
    ) -> None:
        if not isinstance(variant, Variant):
            variant = _variants.get(variant)
        if variant.is_classic:
            raise ConfigurationError(
                "the vector environment plays the exact-bid family, not classic whist",
                field="variant",
            )
        if not is_whole(players):
            raise ConfigurationError(
                f"players must be a whole number, not {excerpt(players)}", field="players"
            )
        check_players(variant, players)
        num_envs = whole(num_envs, name="num_envs", low=1, high=MAX_ENVS)
        deck = Deck.for_game(variant, players)
        largest = len(deck) // players
        hand_size = (
            largest
            if hand_size is None
            else whole(hand_size, name="hand_size", low=1, high=largest)
        )
        if dealer is not None:
            dealer = check_seat(dealer, players=players, name="dealer")
        debug = flag(debug, name="debug")
        n, h, b = players, hand_size, num_envs
        self.variant: Variant = variant
        """The rules."""
        self.players: int = n
        """Seats at each table."""
        self.num_envs: int = b
        """Games played in lockstep."""
        self.hand_size: int = h
        """Cards dealt to each seat."""
        self.sections: tuple[tuple[str, int, int], ...] = sections(n)
        """The observation row's sections (see :func:`sections`)."""
        self.observation_size: int = sum(length for _, _, length in self.sections)
        """The length of an observation row."""
        self.num_actions: int = NUM_ACTIONS
        """Action ids run from 0 to 61 (:mod:`whist_ro.interop.encoding`)."""
        self._offsets = {name: offset for name, offset, _ in self.sections}
        self._dealer = dealer
        self._debug = debug
        self._deck = np.array(sorted(card_id(c) for c in deck), np.int64)
        self._source = trump_source(variant, players=n, hand_size=h)
        self._blind = blind_mode(variant, h)
        self._hook = variant.hook
        self._must_trump = variant.must_trump
        self._must_overtrump = variant.must_overtrump
        self._scoring = (
            None
            if variant.scorer is not None
            else (variant.made_base, variant.made_per_trick, variant.miss_per_trick)
        )
        self._rows = np.arange(b)
        self._seats = np.arange(n)
        # The state of every game.  Per-seat arrays are seat-major, (players,
        # num_envs), so that one seat's row is contiguous; seat q of game g is
        # at q * num_envs + g of the flattened array.
        self._hands = np.zeros((n, b), np.uint64)  # cards held, by card id bit
        self._dealt = np.zeros((n, b), np.uint64)  # the hands as dealt
        # Bids and tricks, one byte per seat of a uint64 (byte q for seat q): a
        # shift turns them to any observer.  A bid is kept plus 1, 0 until made.
        self._bids = np.zeros(b, np.uint64)
        self._won = np.zeros(b, np.uint64)
        self._trick = np.zeros((n, b), np.int64)  # the card ids on the table, in play order
        self._played = np.zeros(b, np.uint64)  # every card played this round
        self._table = np.zeros(b, np.uint64)  # the cards on the table
        self._dealers = np.zeros(b, np.int64)
        self._trump = np.zeros(b, np.int64)  # 0..3, or 4: no trump
        self._turn_up = np.zeros(b, np.int64)  # a card id, or -1
        self._phase = np.zeros(b, np.int64)
        self._to_act = np.zeros(b, np.int64)
        self._bid_total = np.zeros(b, np.int64)
        self._count = np.zeros(b, np.int64)  # cards on the table
        self._leader = np.zeros(b, np.int64)
        self._best = np.zeros(b, np.int64)  # the card winning the trick
        self._best_seat = np.zeros(b, np.int64)
        self._done_tricks = np.zeros(b, np.int64)
        self._ended = np.zeros(b, bool)  # ended in the last step: resets in the next
        # The legal action ids of the seat to act, as the bits of a uint64 (ids
        # run from 0 to 61): the mask is this unpacked.
        self._legal = np.zeros(b, np.uint64)
        # What step() returns: buffers overwritten every step.
        size = self.observation_size
        self._observations = np.zeros((b, size), np.uint8)
        self._mask = np.zeros((b, NUM_ACTIONS), np.uint8)
        self._rewards = np.zeros((b, n), np.float32)
        self._terminations = np.zeros(b, bool)
        self._truncations = np.zeros(b, bool)
        self._view_seat = np.zeros(b, np.int64)
        self._all_bids = np.uint64(((1 << (h + 1)) - 1) << BID_BASE)  # bids 0..h, as action bits
        self._seat_bytes = np.uint64((1 << (8 * n)) - 1)
        # Sections that never change.
        self._observations[:, self._offsets["hand_size"]] = h
        self._observations[:, self._offsets["blind"]] = _BLIND_CODE[self._blind]
        self._rng: np.random.Generator = np.random.default_rng()
        self._started = False
        self._engine: list[Round] = []

    def offset(self, name: str) -> int:
        """Where section ``name`` starts in an observation row (see :func:`sections`).

        >>> VectorEnv(players=4).offset("tricks")
        56
        """
        try:
            return self._offsets[name]
        except (KeyError, TypeError):
            raise ConfigurationError(
                f"no observation section named {excerpt(name)}; the sections are "
                + ", ".join(self._offsets),
                field="name",
            ) from None

    # -- the Gymnasium-style API -----------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Array]]:
        """Deal a new round in every game; ``seed`` seeds NumPy's generator (None: fresh entropy).

        Returns the observations and the infos (``"action_mask"``, ``"seat"``).
        """
        if seed is not None:
            whole(seed, name="seed", high=2**128 - 1)
        if options:
            raise ConfigurationError(
                f"reset takes no options, not {excerpt(options)}", field="options"
            )
        self._rng = np.random.default_rng(seed)
        self._deal(self._rows)
        self._rewards.fill(0.0)
        self._terminations.fill(False)
        self._ended.fill(False)
        self._started = True
        self._write()
        if self._debug:
            self._engine = [self.round_of(g) for g in range(self.num_envs)]
            self._check(self._ended)
        return self._observations, self._infos()

    def step(self, actions: Array) -> tuple[Array, Array, Array, Array, dict[str, Array]]:
        """Each game's seat to act takes its action (one id per game; ignored in a game resetting).

        Returns ``(observations, rewards, terminations, truncations, infos)``.
        An action that is not legal in its game raises an
        :class:`~whist_ro.errors.ActionValueError` naming the game, and
        nothing changes.
        """
        if not self._started:
            raise ConfigurationError("call reset() before step()", field="reset")
        acts = self._actions(actions)
        resetting = self._ended
        live = ~resetting
        self._check_legal(acts, live)
        self._rewards.fill(0.0)
        if resetting.any():
            self._deal(np.flatnonzero(resetting))
        ended = self._apply(acts, live)
        self._ended = ended
        self._terminations[:] = ended
        self._write()
        if self._debug:
            self._replay(acts, live, resetting)
            self._check(ended)
        return (
            self._observations,
            self._rewards,
            self._terminations,
            self._truncations,
            self._infos(),
        )

    def sample_actions(self, rng: np.random.Generator) -> Array:
        """A uniformly random legal action id for every game, drawn with ``rng``.

        Drawn from the legal actions the environment keeps, without reading
        the mask.  A game that resets in the next step gets 0 (its action is
        ignored).

        >>> env = VectorEnv(num_envs=4, hand_size=3)
        >>> _, infos = env.reset(seed=2)
        >>> actions = env.sample_actions(np.random.default_rng(0))
        >>> bool(infos["action_mask"][np.arange(4), actions].all())
        True
        """
        legal = self._legal
        pick = rng.random(self.num_envs) * _popcount(legal)
        chosen: Array = np.where(legal != 0, _select_bit(legal, pick), 0).astype(np.int64)
        return chosen

    def close(self) -> None:
        """Nothing to release."""

    def __repr__(self) -> str:
        return (
            f"VectorEnv({self.variant.name!r}, players={self.players}, "
            f"num_envs={self.num_envs}, hand_size={self.hand_size})"
        )

    # -- dealing ------------------------------------------------------------------------

    def _deal(self, games: Array) -> None:
        """Shuffle and deal a new round in ``games`` (R-DEAL-1, R-TRUMP-*)."""
        k, n, h = len(games), self.players, self.hand_size
        rng = self._rng
        order = self._deck[np.argsort(rng.random((k, len(self._deck))), axis=1)]
        dealer = (
            rng.integers(0, n, k) if self._dealer is None else np.full(k, self._dealer, np.int64)
        )
        first = (dealer + 1) % n
        # Cards go out one at a time clockwise from the first hand: seat s gets
        # the cards at positions (s - first) mod n, + n, + 2n ...
        start = (self._seats[None, :] - first[:, None]) % n
        positions = start[:, :, None] + n * np.arange(h)[None, None, :]
        cards = np.take_along_axis(order, positions.reshape(k, n * h), axis=1).reshape(k, n, h)
        hands = np.bitwise_or.reduce(_U1 << cards.astype(np.uint64), axis=2)
        self._hands[:, games] = hands.T
        self._dealt[:, games] = hands.T
        if self._source == "turn_up":
            turn_up = order[:, n * h]
        elif self._source == "dealer_last":
            turn_up = order[:, n * h - 1]  # the dealer's last card (R-TRUMP-3)
        else:
            turn_up = np.full(k, -1, np.int64)
        self._turn_up[games] = turn_up
        self._trump[games] = np.where(turn_up >= 0, turn_up // 13, _NO_TRUMP)
        self._dealers[games] = dealer
        self._to_act[games] = first
        self._phase[games] = _BIDDING
        self._bids[games] = 0
        self._bid_total[games] = 0
        self._won[games] = 0
        obs = self._observations
        obs[games, self._offsets["trump"]] = self._trump[games]
        obs[games, self._offsets["turn_up"]] = turn_up + 1
        self._played[games] = 0
        self._table[games] = 0
        self._count[games] = 0
        self._done_tricks[games] = 0

    # -- one step -----------------------------------------------------------------------

    def _actions(self, actions: object) -> Array:
        b = self.num_envs
        array = actions if isinstance(actions, np.ndarray) else np.asarray(actions)
        if array.dtype.kind not in "iu" or array.shape != (b,):
            raise ActionTypeError(
                f"step takes one whole-number action id per game, an integer array of shape "
                f"({b},), not {excerpt(actions)}"
            )
        return array.astype(np.int64, copy=False)

    def _check_legal(self, acts: Array, live: Array) -> None:
        """Refuse, before any change, an action that is not legal in its game."""
        shift = np.clip(acts, 0, NUM_ACTIONS - 1).astype(np.uint64)
        ok = (acts >= 0) & (acts < NUM_ACTIONS) & ((self._legal >> shift) & _U1).astype(bool)
        bad = np.flatnonzero(live & ~ok)
        if len(bad):
            g = int(bad[0])
            legal = np.flatnonzero(self._mask[g]).tolist()
            raise ActionValueError(
                f"game {g}: seat {int(self._to_act[g])} cannot take action "
                f"{excerpt(acts[g].item())}; its legal actions are {legal} "
                f"({len(bad)} game(s) with an illegal action)"
            )

    def _apply(self, acts: Array, live: Array) -> Array:
        """Apply every live game's action; returns the games whose round ended.

        Every array is updated at full width, the rows that do not take part
        left as they were: cheaper than picking the rows out and back.
        """
        n, h, b = self.players, self.hand_size, self.num_envs
        rows = self._rows
        seat = self._to_act
        phase = self._phase
        bidding = live & (phase == _BIDDING)
        playing = live & (phase == _PLAYING)
        nxt = seat + 1
        nxt[nxt == n] = 0
        # Bids (R-BID-1): the dealer bids last, then the first hand leads (R-PLAY-1).
        tricks = np.where(bidding, acts - BID_BASE, 0)
        self._bids += (tricks + bidding).astype(np.uint64) << (seat * 8).astype(np.uint64)
        self._bid_total += tricks
        phase[bidding & (seat == self._dealers)] = _PLAYING
        # Plays.
        hands = self._hands.reshape(-1)
        at = seat * b + rows
        hand = hands[at]
        if self._blind is None:
            card = np.where(playing, acts, 0)
        else:  # "my only card" (R-VIEW-3): the one card it holds
            card = _single_card(np.where(playing, hand, _U1))
        bit = np.where(playing, _U1 << card.astype(np.uint64), np.uint64(0))
        hands[at] = hand & ~bit
        self._played |= bit
        self._table |= bit
        count = self._count
        # Positions past the cards on the table are never read: writing them is harmless.
        self._trick.reshape(-1)[count * b + rows] = card
        lead = count == 0
        best, trump = self._best, self._trump
        suit, best_suit = _SUIT[card], _SUIT[best]
        # R-PLAY-6: a higher card of the suit of the best card, or a trump on a non-trump.
        beats = ((suit == best_suit) & (_RANK[card] > _RANK[best])) | (
            (suit == trump) & (best_suit != trump)
        )
        takes = playing & (lead | beats)
        np.copyto(best, card, where=takes)
        np.copyto(self._best_seat, seat, where=takes)
        np.copyto(self._leader, seat, where=playing & lead)
        count += playing
        full = count == n
        # A full trick: its winner takes it and leads the next one (R-PLAY-6, R-PLAY-1).
        winner = self._best_seat
        count[full] = 0
        self._table[full] = 0
        self._won += full.astype(np.uint64) << (winner * 8).astype(np.uint64)
        self._done_tricks += full
        over = full & (self._done_tricks == h)
        # The seat to act next; a game that ended keeps the seat that acted last,
        # whose view its row shows.
        after = np.where(full, winner, nxt)
        np.copyto(seat, after, where=live & ~over)
        if over.any():
            phase[over] = _OVER
            self._score(np.flatnonzero(over))
        ended: Array = over
        return ended

    def _score(self, games: Array) -> None:
        """The round's points of the games in ``games``, which just ended (R-SCORE-1, R-SCORE-2)."""
        n = self.players
        bids = _bytes(self._bids[games])[:, :n].astype(np.int64) - 1
        won = _bytes(self._won[games])[:, :n].astype(np.int64)
        if self._scoring is None:  # a custom scorer: ask the rule itself, game by game
            for i, g in enumerate(games.tolist()):
                self._rewards[g] = exact_round_points(
                    self.variant, bids=bids[i].tolist(), tricks=won[i].tolist()
                )
            return
        base, per_trick, per_miss = self._scoring
        made = bids == won
        points = np.where(made, base + per_trick * won, -per_miss * np.abs(won - bids))
        self._rewards[games] = points

    # -- what the seats see ----------------------------------------------------------------

    def _infos(self) -> dict[str, Array]:
        return {"action_mask": self._mask, "seat": self._view_seat}

    def _write(self) -> None:
        """Fill the observation and mask buffers, and the legal actions, from the state."""
        n, h, b = self.players, self.hand_size, self.num_envs
        phase = self._phase
        seat = self._to_act  # in a game that just ended, the seat that acted last
        self._view_seat[:] = seat
        hands = self._hands.reshape(-1)
        rows = self._rows
        hand = hands[seat * b + rows]
        bidding = phase == _BIDDING
        playing = phase == _PLAYING
        # The legal actions of the seat to act, as bits: cards (R-PLAY-2..5,
        # R-PLAY-8) or "my only card" (R-VIEW-3), or bids 0..h but the one the
        # hook forbids the dealer (R-BID-2, R-BID-3).
        if self._blind is None:
            cards = self._playable(hand)
        else:
            cards = np.full(b, _U1 << np.uint64(ONLY_CARD), np.uint64)
        forbidden = h - self._bid_total
        hooked = bidding & (seat == self._dealers) & (forbidden >= 0) & self._hook
        bids = self._all_bids & ~(
            hooked.astype(np.uint64) << (np.maximum(forbidden, 0) + BID_BASE).astype(np.uint64)
        )
        np.copyto(self._legal, np.where(bidding, bids, np.where(playing, cards, np.uint64(0))))
        self._mask = _unpack(self._legal)[:, :NUM_ACTIONS]
        # The cards: mine (1), played before (2), on the table (3 + seat), known held.
        obs, off = self._observations, self._offsets
        mine = hand if self._blind is None else np.zeros(b, np.uint64)
        codes = _card_codes(mine, self._played & ~self._table)
        if self._blind == "forehead":
            for r in range(1, n):  # everyone sees the others' cards, not its own (R-VIEW-3)
                codes += _unpack(hands[(seat + r) % n * b + rows]) * np.uint8(TABLE + n + r)
        obs[:, :NUM_CARDS] = codes[:, :NUM_CARDS]
        flat = obs.reshape(-1)
        at = rows * self.observation_size
        count, leader = self._count, self._leader
        for i in range(n - 1):  # a full trick leaves the table at once
            on = np.flatnonzero(count > i)
            if not len(on):
                break
            played_by = _places(leader[on] + i, seat[on], n)
            flat[at[on] + self._trick[i, on]] = TABLE + played_by
        if self._source == "dealer_last":
            # Everyone knows the dealer holds the shown card until it is played (R-TRUMP-3).
            dealer_hand = hands[self._dealers * b + rows]
            shown = np.flatnonzero(
                (dealer_hand >> np.maximum(self._turn_up, 0).astype(np.uint64)) & _U1
            )
            place = _places(self._dealers[shown], seat[shown], n)
            flat[at[shown] + self._turn_up[shown]] = np.where(place == 0, MINE, TABLE + n + place)
        # Bids and tricks turned to the observer: byte r is the seat r places to its left.
        turn = (seat * 8).astype(np.uint64)
        back = (8 * n - seat * 8).astype(np.uint64)
        width = self._seat_bytes
        for name, packed in (("bids", self._bids), ("tricks", self._won)):
            turned = ((packed >> turn) | (packed << back)) & width
            obs[:, off[name] : off[name] + n] = _bytes(turned)[:, :n]
        obs[:, off["dealer"]] = _places(self._dealers, seat, n)
        obs[:, off["leader"]] = np.where(count > 0, _places(leader, seat, n) + 1, 0)
        obs[:, off["phase"]] = phase

    def _playable(self, hand: Array) -> Array:
        """The cards the seat to act may play, as card-id masks (R-PLAY-1..5, R-PLAY-8)."""
        count = self._count
        led = np.where(count > 0, _SUIT[self._trick[0]], _NO_TRUMP)
        follow = hand & _SUIT_MASK[led]
        trumps = hand & _SUIT_MASK[self._trump]
        duty = self._must_trump & (follow == 0) & (trumps != 0) & (count > 0)
        legal = np.where(follow != 0, follow, hand)
        legal = np.where(duty, trumps, legal)
        if self._must_overtrump:
            best = self._best
            trumped = duty & (_SUIT[best] == self._trump)
            # Trumps above the best card: higher card ids of the same suit.
            above = trumps & ~((_U1 << (best.astype(np.uint64) + _U1)) - _U1)
            legal = np.where(trumped & (above != 0), above, legal)
        playable: Array = legal
        return playable

    # -- the engine, in debug mode ------------------------------------------------------

    def round_of(self, game: int) -> Round:
        """The engine's :class:`~whist_ro.Round` of ``game``'s current deal, before any action.

        A game's deal changes when it resets.  Replaying the game's actions
        with :meth:`Round.apply <whist_ro.Round.apply>` reaches the state the
        arrays show (``debug=True`` does this for every game).

        >>> env = VectorEnv(num_envs=2, hand_size=3)
        >>> observations, infos = env.reset(seed=5)
        >>> r = env.round_of(1)
        >>> r.to_act == int(infos["seat"][1]), r.hand_size
        (True, 3)
        >>> env.round_of(2)
        Traceback (most recent call last):
        ...
        whist_ro.errors.ConfigurationError: game must be a whole number from 0 to 1, not 2
        """
        if not (is_whole(game) and 0 <= game < self.num_envs):
            raise ConfigurationError(
                f"game must be a whole number from 0 to {self.num_envs - 1}, not {excerpt(game)}",
                field="game",
            )
        if not self._started:
            raise ConfigurationError("call reset() before round_of()", field="reset")
        g = int(game)
        hands = [CardSet([card_of(c) for c in _ids(int(m))]) for m in self._dealt[:, g]]
        turn_up = int(self._turn_up[g])
        deal = Deal(
            self.variant,
            hands=hands,
            dealer=int(self._dealers[g]),
            turn_up=None if turn_up < 0 else card_of(turn_up),
        )
        return Round.from_deal(deal)

    def _replay(self, acts: Array, live: Array, resetting: Array) -> None:
        for g in range(self.num_envs):
            if resetting[g]:
                self._engine[g] = self.round_of(g)
            elif live[g]:
                r = self._engine[g]
                assert r.to_act is not None
                self._engine[g] = r.apply(_MOVES[r.to_act][int(acts[g])])

    def _check(self, ended: Array) -> None:
        """Compare every game with the engine's round (debug mode)."""
        for g, r in enumerate(self._engine):
            seat = int(self._view_seat[g])
            problem = None
            expected_mask = np.zeros(NUM_ACTIONS, np.uint8)
            if not r.is_over:
                expected_mask[legal_ids(r)] = 1
            points = r.points if r.is_over else (0,) * self.players
            if r.is_over != bool(ended[g]):
                problem = f"the engine says over={r.is_over}"
            elif not r.is_over and r.to_act != seat:
                problem = f"the engine's seat to act is {r.to_act}, not {seat}"
            elif not np.array_equal(self._mask[g], expected_mask):
                problem = "the mask differs from the engine's legal actions"
            elif self._rewards[g].tolist() != [float(p) for p in points]:
                problem = f"rewards {self._rewards[g].tolist()} differ from the points {points}"
            else:
                expected = encode_view(r.view(seat))
                if not np.array_equal(self._observations[g], expected):
                    bad = np.flatnonzero(self._observations[g] != expected).tolist()
                    problem = f"the observation differs at {bad[:8]}"
            if problem is not None:
                raise AssertionError(f"game {g}, after {len(r.actions)} actions: {problem}")


def _ids(mask: int) -> list[int]:
    """The card ids of a card-id mask."""
    return [c for c in range(NUM_CARDS) if mask >> c & 1]
