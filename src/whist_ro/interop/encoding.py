"""Action ids, fixed-size tensors and information-state text shared by the adapters.

The OpenSpiel game and the PettingZoo environment number actions and
encode player views the same way, so a network trained against one reads
the other.  Nothing here needs either peer (or numpy): :func:`encode`
writes into any buffer indexed by position, such as a numpy array or a
list of floats.

**Action ids** (:data:`NUM_ACTIONS` = 62): a card is ``13 * suit + rank - 2``
(0..51, suits in :class:`~whist_ro.Suit` order: clubs, diamonds, hearts,
spades; ranks 2..A); :data:`ONLY_CARD` (52) is "my only card" in a blind
1-card round (R-VIEW-3); a bid of ``k`` tricks is :data:`BID_BASE` + ``k``
(53..61).  Chance outcomes use the card ids.

>>> import whist_ro as wr
>>> card_id(wr.Card.parse("2c")), card_id(wr.Card.parse("As")), action_id(wr.Bid(seat=1, tricks=2))
(0, 51, 55)
>>> action_of(51, seat=3), action_of(55, seat=1)
(Play(seat=3, card=Card.parse('As')), Bid(seat=1, tricks=2))
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Protocol

from whist_ro._check import excerpt, is_whole
from whist_ro._immutable import Immutable
from whist_ro.actions import Action, Bid, Play
from whist_ro.cards import CARD_BY_BIT, Card, CardSet
from whist_ro.engine.match import Match
from whist_ro.engine.round import Phase, Round
from whist_ro.errors import ConfigurationError
from whist_ro.results.rubber import RUBBER_BONUS
from whist_ro.rules.scoring import exact_points
from whist_ro.schedule import Schedule
from whist_ro.variants import Variant
from whist_ro.views.view import blind_mode

if TYPE_CHECKING:
    from whist_ro.views.view import PlayerView

__all__ = [
    "BID_BASE",
    "MAX_BID",
    "NUM_ACTIONS",
    "NUM_CARDS",
    "ONLY_CARD",
    "Layout",
    "action_id",
    "action_of",
    "card_id",
    "card_of",
    "encode",
    "history_text",
    "legal_ids",
    "match_results",
    "match_sizes",
    "return_bounds",
    "score_scale",
]

NUM_CARDS: Final = 52
"""Card ids are 0..51."""
ONLY_CARD: Final = 52
"""The action "play my only card", offered in a blind 1-card round (R-VIEW-3)."""
BID_BASE: Final = 53
"""A bid of ``k`` tricks is action ``BID_BASE + k``."""
MAX_BID: Final = 8
"""The largest bid: exact-family hands hold at most 8 cards (R-DECK-2, R-BID-1)."""
NUM_ACTIONS: Final = BID_BASE + MAX_BID + 1
"""How many action ids there are (62)."""

_PHASES: Final = ("dealing", "bidding", "playing", "over")
# The id of the card of each card bit (Card.bit), -1 where no card has the bit.
_ID_OF_BIT: Final = tuple(
    -1 if card is None else 13 * int(card.suit) + int(card.rank) - 2 for card in CARD_BY_BIT
)
# A classic game ends once a side reaches the target, and every deal gives a
# side at least one point (R-SCORE-3, R-END-2): a game lasts at most
# 2 * target - 1 deals, and a rubber at most three games.
_CLASSIC_GAME_VALUE: Final = 3
_HONOURS_MAX: Final = 4


def match_sizes(variant: Variant, players: int) -> tuple[int, ...]:
    """The hand sizes of a match's rounds; for classic, of the longest match possible.

    >>> from whist_ro import variants
    >>> len(match_sizes(variants.ROMANIAN, 4)), match_sizes(variants.CLASSIC, 4)
    (24, (13, 13, 13, 13, 13, 13, 13, 13, 13))
    """
    schedule = Schedule.for_game(variant, players)
    if not schedule.repeats:
        return tuple(schedule)
    rounds = (2 * variant.target - 1) * (3 if variant.rubber else 1)
    return tuple(schedule.size_of(i) for i in range(rounds))


def score_scale(variant: Variant, sizes: Sequence[int]) -> float:
    """A bound on every total and round score a match shows: tensors divide them by it.

    >>> from whist_ro import variants
    >>> score_scale(variants.ROMANIAN, [1, 2]), score_scale(variants.CLASSIC, [13])
    (33.0, 16.0)
    """
    low, high = return_bounds(variant, sizes, match=True)
    scale = max(abs(low), abs(high), 1.0)
    if variant.is_classic:
        # A game's running score: below the target, then one deal's points.
        scale = max(scale, variant.target + 7.0 + _HONOURS_MAX)
    return scale


def return_bounds(variant: Variant, sizes: Sequence[int], *, match: bool) -> tuple[float, float]:
    """Sure (if loose) bounds on a seat's result: a round's points, or a match's totals.

    In the exact-bid family a round's bounds are the least and the most the
    variant's scoring rule (its house ``scorer`` too, R-SCORE-1) gives any
    bid and any number of tricks from 0 to the hand size; a match adds them
    up with the streak bonus either way each round.  For a classic match the
    result is the match points of R-RANK-8 (game values and the rubber bonus).

    >>> import attrs
    >>> from whist_ro import variants
    >>> return_bounds(variants.ROMANIAN, [8], match=False)
    (-8.0, 13.0)
    >>> def double_or_nothing(bid, tricks):
    ...     return 20 * bid if bid == tricks else 0
    >>> house = attrs.evolve(variants.ROMANIAN, scorer=double_or_nothing)
    >>> return_bounds(house, [8], match=False)
    (0.0, 160.0)
    """
    if variant.is_classic:
        if not match:
            return 0.0, 7.0 + (_HONOURS_MAX if variant.honours else 0)
        games = 3 if variant.rubber else 1
        return 0.0, float(_CLASSIC_GAME_VALUE * games + (RUBBER_BONUS if variant.rubber else 0))
    low = high = 0
    bonus = abs(variant.streak_bonus) if match else 0
    for size in sizes:
        low_points, high_points = _round_extremes(variant, size)
        low += low_points - bonus
        high += high_points + bonus
    return float(low), float(high)


@functools.lru_cache(maxsize=64)
def _round_extremes(variant: Variant, size: int) -> tuple[int, int]:
    """The least and most one seat can score in an exact-bid round of ``size`` cards.

    Asked of the scoring rule itself over every bid and trick count from 0
    to ``size`` (at most 81 pairs), so a house scorer is bounded as exactly
    as the preset formula.  Cached: a variant is a hashable value.
    """
    points = [
        exact_points(variant, bid=bid, tricks=tricks)
        for bid in range(size + 1)
        for tricks in range(size + 1)
    ]
    return min(points), max(points)


def card_id(card: Card) -> int:
    """The id of ``card``: ``13 * suit + rank - 2``.

    >>> import whist_ro as wr
    >>> card_id(wr.Card.parse("Ad")), card_id(wr.Card.parse("10h"))
    (25, 34)
    >>> card_id("Ah")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: card_id takes a Card (Card.parse('Ah') reads text), not 'Ah'
    """
    if not isinstance(card, Card):
        hint = f" (Card.parse({excerpt(card)}) reads text)" if isinstance(card, str) else ""
        raise ConfigurationError(f"card_id takes a Card{hint}, not {excerpt(card)}", field="card")
    return 13 * int(card.suit) + int(card.rank) - 2


def card_of(index: int) -> Card:
    """The card whose id is ``index`` (0..51), the inverse of :func:`card_id`.

    >>> card_of(25)
    Card.parse('Ad')
    >>> card_of(52)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: a card id is a whole number from 0 to 51, not 52
    """
    if not (is_whole(index) and 0 <= index < NUM_CARDS):
        raise ConfigurationError(
            f"a card id is a whole number from 0 to 51, not {excerpt(index)}", field="action"
        )
    return Card.from_bit(16 * (index // 13) + index % 13 + 2)


def action_id(action: Action) -> int:
    """The id of a bid or a play (``Play(card=None)`` is :data:`ONLY_CARD`).

    >>> import whist_ro as wr
    >>> action_id(wr.Play(seat=0, card=None)), action_id(wr.Bid(seat=0, tricks=0))
    (52, 53)
    """
    if isinstance(action, Bid):
        return BID_BASE + action.tricks
    if isinstance(action, Play):
        return ONLY_CARD if action.card is None else card_id(action.card)
    raise ConfigurationError(f"not a Bid or a Play: {excerpt(action)}", field="action")


def action_of(index: int, *, seat: int) -> Action:
    """The action ``index`` (0..61) means when ``seat`` takes it.

    >>> action_of(52, seat=2)
    Play(seat=2, card=None)
    >>> action_of(62, seat=0)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: an action id is a whole number from 0 to 61, not 62
    """
    if not (is_whole(index) and 0 <= index < NUM_ACTIONS):
        raise ConfigurationError(
            f"an action id is a whole number from 0 to {NUM_ACTIONS - 1}, not {excerpt(index)}",
            field="action",
        )
    if index >= BID_BASE:
        return Bid(seat=seat, tricks=index - BID_BASE)
    if index == ONLY_CARD:
        return Play(seat=seat, card=None)
    return Play(seat=seat, card=card_of(index))


def legal_ids(state: Round | Match) -> list[int]:
    """The ids of the actions the seat to act may take, sorted; as its view offers them.

    In a blind 1-card round the only play is :data:`ONLY_CARD` (R-VIEW-3).

    >>> import whist_ro as wr
    >>> legal_ids(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1))
    [53, 54]
    """
    actions = state.legal_actions()
    if not actions:
        return []
    if type(actions[0]) is Bid:
        # Bids come low to high (Round.legal_actions), so their ids are sorted.
        return [BID_BASE + a.tricks for a in actions]  # type: ignore[attr-defined]
    if len(actions) == 1:
        # A blind round has one card each: only then can the play be hidden (R-VIEW-3).
        round_ = state if isinstance(state, Round) else state.round
        if blind_mode(round_.variant, round_.hand_size) is not None:
            return [ONLY_CARD]
    return sorted([_ID_OF_BIT[a.card.bit] for a in actions])  # type: ignore[attr-defined]


# Every action id as each seat's action, built once: ``_MOVES[seat][id]`` is
# ``action_of(id, seat=seat)``.  The adapters index it on every step.
_MOVES: Final = tuple(
    tuple(action_of(index, seat=seat) for index in range(NUM_ACTIONS)) for seat in range(8)
)


def match_results(match: Match) -> list[float]:
    """A finished match's result per seat: its totals, or in classic its match points (R-RANK-8).

    >>> import random, whist_ro as wr
    >>> m, rng = wr.Match.new(wr.variants.CLASSIC, players=4, seed=2), random.Random(2)
    >>> while not m.is_over:
    ...     m = m.apply(rng.choice(m.legal_actions()))
    >>> match_results(m) == [float(s.total) for s in m.standings().rows]
    True
    """
    if not match.variant.is_classic:
        return [float(t) for t in match.totals]
    by_seat = {row.seat: row.total for row in match.standings().rows}
    return [float(by_seat[s]) for s in range(match.players)]


class Layout(Immutable):
    """Where each part of a view lies in the flat tensor, and its shape.

    Seat axes are relative to the observing seat: index 0 is the observer,
    1 the seat on its left, and so on clockwise.  Sections, in order (N
    players, H the largest hand, R the match's rounds):

    - ``phase`` (4): dealing, bidding, playing, over (one-hot);
    - ``dealer`` (N), ``to_act`` (N): one-hot (``to_act`` all zero when
      nobody acts);
    - ``hand_size`` (H): one-hot at ``hand_size - 1``;
    - ``trump`` (5): clubs, diamonds, hearts, spades, no trump;
    - ``turn_up`` (52): the face-up trump card;
    - ``blind`` (2): a forehead or a hidden 1-card round (R-VIEW-3);
    - ``known_hands`` (N, 52): the cards the observer knows each seat holds
      now: its own hand (row 0), the classic dealer's shown trump card,
      the others' cards in a forehead round;
    - ``bids`` (N, 10): one-hot of the bid 0..8, column 9 "not yet";
    - ``tricks_won`` (N, H + 1): one-hot;
    - ``played`` (52): every card played this round;
    - with perfect recall (the information state), ``trick_leaders`` (H, N)
      and ``trick_cards`` (H, N, 52): for every trick of the round in play
      order, including the one on the table, its leader and its cards in
      the order they were played (position ``i`` is the leader's
      ``i``-th seat clockwise); without (the observation),
      ``trick_leaders`` (1, N) and ``trick_cards`` (1, N, 52) hold the
      trick on the table only;
    - for a whole match (R > 0): ``round`` (R) one-hot; ``totals`` (N),
      each divided by ``scale``; ``score_sheet`` (R, N, 4): per completed
      round and seat, bid made (1 or 0 when there was no bid), bid / H,
      tricks / H, and the round's points with bonus / ``scale``.

    >>> layout = Layout(players=4, max_hand=8)
    >>> layout.size, layout.shape("trick_cards")
    (2111, (8, 4, 52))
    >>> Layout(players=4, max_hand=8, recall=False).size
    627
    """

    __slots__ = ("max_hand", "players", "recall", "rounds", "scale", "sections", "size")

    players: int
    max_hand: int
    rounds: int
    scale: float
    recall: bool
    sections: tuple[tuple[str, int, tuple[int, ...]], ...]
    size: int

    def __init__(
        self,
        *,
        players: int,
        max_hand: int,
        rounds: int = 0,
        scale: float = 1.0,
        recall: bool = True,
    ) -> None:
        n, h = players, max_hand
        tricks = h if recall else 1
        shapes: list[tuple[str, tuple[int, ...]]] = [
            ("phase", (4,)),
            ("dealer", (n,)),
            ("to_act", (n,)),
            ("hand_size", (h,)),
            ("trump", (5,)),
            ("turn_up", (NUM_CARDS,)),
            ("blind", (2,)),
            ("known_hands", (n, NUM_CARDS)),
            ("bids", (n, MAX_BID + 2)),
            ("tricks_won", (n, h + 1)),
            ("played", (NUM_CARDS,)),
            ("trick_leaders", (tricks, n)),
            ("trick_cards", (tricks, n, NUM_CARDS)),
        ]
        if rounds:
            shapes += [("round", (rounds,)), ("totals", (n,)), ("score_sheet", (rounds, n, 4))]
        sections: list[tuple[str, int, tuple[int, ...]]] = []
        offset = 0
        for name, shape in shapes:
            sections.append((name, offset, shape))
            size = 1
            for d in shape:
                size *= d
            offset += size
        set_ = object.__setattr__
        set_(self, "players", n)
        set_(self, "max_hand", h)
        set_(self, "rounds", rounds)
        set_(self, "scale", float(scale))
        set_(self, "recall", recall)
        set_(self, "sections", tuple(sections))
        set_(self, "size", offset)

    def offset(self, name: str) -> int:
        """Where section ``name`` starts in the flat tensor.

        >>> Layout(players=3, max_hand=8).offset("dealer")
        4
        """
        return self._section(name)[1]

    def shape(self, name: str) -> tuple[int, ...]:
        """The shape of section ``name``.

        >>> Layout(players=3, max_hand=8).shape("bids")
        (3, 10)
        """
        return self._section(name)[2]

    def _section(self, name: str) -> tuple[str, int, tuple[int, ...]]:
        for section in self.sections:
            if section[0] == name:
                return section
        raise ConfigurationError(f"no tensor section named {excerpt(name)}", field="name")


class _Buffer(Protocol):
    """Where :func:`encode` writes: anything indexed by position, such as a numpy array."""

    def __setitem__(self, index: int, value: float, /) -> None: ...


def _rel(seat: int, me: int, players: int) -> int:
    return (seat - me) % players


def encode(
    view: PlayerView,
    out: _Buffer,
    layout: Layout,
    *,
    dealt: CardSet | None = None,
    clear: bool = True,
) -> None:
    """Write ``view`` into ``out`` following ``layout``.

    ``out`` is zeroed first unless ``clear`` is False (the caller zeroed it,
    as ``numpy.ndarray.fill`` does faster).

    ``dealt`` marks a deal in progress: the round part then shows only the
    dealer, the hand size and ``dealt``, the observer's cards so far, while
    the match part comes from ``view`` (a view of the match as the new
    round starts).

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"],
    ...                         dealer=2, turn_up="10s")
    >>> r = r.apply(wr.Bid(seat=0, tricks=1))
    >>> layout = Layout(players=3, max_hand=2)
    >>> out = [0.0] * layout.size
    >>> encode(r.view(1), out, layout)
    >>> bids = layout.offset("bids")
    >>> out[bids + 2 * 10 + 1], out[bids + 0 * 10 + 9]  # seat 0 (two to my left) bid 1; I have not
    (1.0, 1.0)
    """
    if clear:
        for i in range(layout.size):
            out[i] = 0.0
    n, me = layout.players, view.seat
    h = layout.max_hand
    off = {name: start for name, start, _ in layout.sections}
    out[off["dealer"] + _rel(view.dealer, me, n)] = 1.0
    if 1 <= view.hand_size <= h:
        out[off["hand_size"] + view.hand_size - 1] = 1.0
    if layout.rounds and view.schedule is not None:
        _encode_match(view, out, layout, off)
    if dealt is not None:
        out[off["phase"]] = 1.0
        for card in dealt:
            out[off["known_hands"] + card_id(card)] = 1.0
        for s in range(n):
            out[off["bids"] + s * (MAX_BID + 2) + MAX_BID + 1] = 1.0
            out[off["tricks_won"] + s * (h + 1)] = 1.0
        return
    # Phase is 0 (bidding), 1 (playing) or 2 (over); slot 0 is the deal.
    out[off["phase"] + 1 + view.phase] = 1.0
    if view.to_act is not None:
        out[off["to_act"] + _rel(view.to_act, me, n)] = 1.0
    trump = view.trump
    out[off["trump"] + (4 if trump is None else int(trump))] = 1.0
    if view.turn_up is not None:
        out[off["turn_up"] + card_id(view.turn_up)] = 1.0
    if view.blind is not None:
        out[off["blind"] + (0 if view.blind == "forehead" else 1)] = 1.0
    for seat, known in enumerate(view.known_hands):
        row = off["known_hands"] + _rel(seat, me, n) * NUM_CARDS
        for card in known:
            out[row + card_id(card)] = 1.0
    for seat, bid in enumerate(view.bids):
        row = off["bids"] + _rel(seat, me, n) * (MAX_BID + 2)
        out[row + (MAX_BID + 1 if bid is None else bid)] = 1.0
    for seat, won in enumerate(view.tricks_won):
        out[off["tricks_won"] + _rel(seat, me, n) * (h + 1) + min(won, h)] = 1.0
    tricks = (*view.tricks, view.current_trick)
    for trick in tricks:
        for card in trick.cards:
            out[off["played"] + card_id(card)] = 1.0
    shown = tricks if layout.recall else tricks[-1:]
    for t, trick in enumerate(shown[: layout.shape("trick_leaders")[0]]):
        if not trick.cards:
            continue
        out[off["trick_leaders"] + t * n + _rel(trick.leader, me, n)] = 1.0
        for i, card in enumerate(trick.cards):
            out[off["trick_cards"] + (t * n + i) * NUM_CARDS + card_id(card)] = 1.0


def _encode_match(view: PlayerView, out: _Buffer, layout: Layout, off: dict[str, int]) -> None:
    n, me, h, scale = layout.players, view.seat, layout.max_hand, layout.scale
    out[off["round"] + min(view.round_number, layout.rounds) - 1] = 1.0
    # A match's view (it has a schedule) always has totals and a score sheet.
    assert view.totals is not None
    assert view.score_sheet is not None
    for seat, total in enumerate(view.totals):
        out[off["totals"] + _rel(seat, me, n)] = total / scale
    for r, row in enumerate(view.score_sheet[: layout.rounds]):
        for seat, entry in enumerate(row.seats):
            at = off["score_sheet"] + (r * n + _rel(seat, me, n)) * 4
            if entry.bid is not None:
                out[at] = float(entry.bid == entry.tricks)
                out[at + 1] = entry.bid / h
            out[at + 2] = entry.tricks / h
            out[at + 3] = (entry.points + entry.bonus) / scale


def _trick_text(leader: int, cards: tuple[Card, ...]) -> str:
    return f"{leader}:" + ",".join(str(c) for c in cards)


@functools.lru_cache(maxsize=4096)
def _past_text(view: PlayerView) -> str:
    # A completed round's view never changes, and a match's view reuses it.
    return _round_text(view)


def _round_text(view: PlayerView) -> str:
    turn_up = "-" if view.turn_up is None else str(view.turn_up)
    bids = ",".join("-" if b is None else str(b) for b in view.bids)
    tricks = " ".join(_trick_text(t.leader, t.cards) for t in view.tricks)
    return f"d{view.dealer} h{view.hand_size} t{turn_up} b{bids} [{tricks}]"


def history_text(view: PlayerView, *, dealt: CardSet | None = None) -> str:
    """Everything ``view``'s seat has seen, as one line per round (perfect recall).

    Two histories the seat cannot tell apart give the same text, and
    histories it can tell apart give different texts, because the text
    is made from the view alone (R-VIEW-1): the OpenSpiel information
    state string.  ``dealt`` marks a deal in progress (see :func:`encode`).

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"],
    ...                         dealer=2, turn_up="10s")
    >>> print(history_text(r.apply(wr.Bid(seat=0, tricks=1)).view(1)))
    seat 1 of 3, romanian
    round: d2 h2 t10s b1,-,- []
    known: - | Kh 10c | -
    bidding, to act 1
    """
    lines = [f"seat {view.seat} of {view.players}, {view.variant.name}"]
    for number, past in enumerate(view.past, 1):
        lines.append(f"round {number}: {_past_text(past)}")
    if view.totals is not None:
        lines.append("totals " + ",".join(str(t) for t in view.totals))
    if dealt is not None:
        lines.append(f"dealing: d{view.dealer} h{view.hand_size} mine {dealt}")
        return "\n".join(lines)
    if view.is_match and view.phase is Phase.OVER and view.past:
        lines.append("over" if view.is_over else "between rounds")
        return "\n".join(lines)
    trick = view.current_trick
    table = f" table {_trick_text(trick.leader, trick.cards)}" if trick.cards else ""
    lines.append(f"round: {_round_text(view)}{table}")
    known = " | ".join(str(k) if k else "-" for k in view.known_hands)
    lines.append(f"known: {known}")
    state = _PHASES[1 + view.phase]
    turn = "" if view.to_act is None else f", to act {view.to_act}"
    lines.append(state + turn)
    return "\n".join(lines)
