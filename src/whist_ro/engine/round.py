"""One deal from the first bid to the last trick, as an immutable state.

A :class:`Round` never changes: :meth:`Round.apply` checks an action
against the rules (:mod:`whist_ro.rules`) and returns a new round, or
raises an :class:`~whist_ro.errors.IllegalActionError` citing the rule and
leaves the round as it was.

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

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, overload

from whist_ro._check import Seed, excerpt
from whist_ro._immutable import Immutable, ImmutableIntEnum
from whist_ro.actions import BIDS, PLAYS, Action, Bid, Play, parse_action
from whist_ro.cards import CARD_BY_BIT, Card, CardSet, Suit, iter_bits
from whist_ro.engine.deal import Deal
from whist_ro.engine.step import Step
from whist_ro.engine.tricks import Trick
from whist_ro.errors import (
    ActionParseError,
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
from whist_ro.rules import play as play_rules
from whist_ro.rules.bidding import bid_in_range, forbidden_bid, next_seat
from whist_ro.rules.scoring import round_points
from whist_ro.variants import Variant

if TYPE_CHECKING:
    from whist_ro.views.view import PlayerView

__all__ = ["Phase", "Round", "legal_bids", "legal_cards"]

_BIDDING: Final = 0
_PLAYING: Final = 1
_OVER: Final = 2


class Phase(ImmutableIntEnum):
    """Where a round stands.  Every member is true, ``BIDDING`` too.

    >>> from whist_ro import Round, variants
    >>> Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1).phase
    <Phase.BIDDING: 0>
    >>> Round.shuffled(variants.CLASSIC, players=4, dealer=0, hand_size=13, seed=1).phase
    <Phase.PLAYING: 1>
    >>> bool(Phase.BIDDING)
    True
    """

    BIDDING = _BIDDING
    PLAYING = _PLAYING
    OVER = _OVER

    def __bool__(self) -> bool:
        return True


_PHASES: Final = (Phase.BIDDING, Phase.PLAYING, Phase.OVER)


def _trick(leader: int, bits: tuple[int, ...], players: int) -> Trick:
    """A :class:`Trick` from the card bits a state keeps."""
    return Trick._trusted(leader, tuple(map(_card, bits)), players)


def _bids_total(s: _State) -> int:
    """The sum of the bids made so far (None, not yet bid, and 0 add nothing)."""
    return sum(filter(None, s.bids))


def _cards_text(mask: int) -> str:
    return " ".join(str(CARD_BY_BIT[b]) for b in iter_bits(mask))


def _card(bit: int) -> Card:
    card = CARD_BY_BIT[bit]
    assert card is not None
    return card


# Legal plays for one seat and one card mask, built once and shared.  Masks
# inside a single suit are cached; a mask spanning suits is the concatenation
# of its suits' cached tuples, which keeps the cache small (at most 2**13
# entries per seat and suit) however many hands are played.
_PLAY_CACHE: Final[tuple[dict[int, tuple[Play, ...]], ...]] = tuple({} for _ in range(8))
_SUIT_MASKS_HIGH_FIRST: Final = tuple(0xFFFF << (16 * s) for s in (3, 2, 1, 0))


def _plays_for(seat: int, mask: int) -> tuple[Play, ...]:
    cache = _PLAY_CACHE[seat]
    found = cache.get(mask)
    if found is not None:
        return found
    plays: tuple[Play, ...] = ()
    for suit in _SUIT_MASKS_HIGH_FIRST:
        part = mask & suit
        if part:
            found = cache.get(part)
            if found is None:
                row = PLAYS[seat]
                found = cache[part] = tuple(row[bit] for bit in iter_bits(part))  # type: ignore[misc]
            plays += found
    return plays


_NO_CARD: Final = -1
"""``_State.best`` while no card is on the table."""


class _Table:
    """What every state of one round reads: its deal, and rule answers worked out once.

    The engine asks the rules on every step; the answers that depend only
    on the deal are looked up here instead (they restate nothing): the seat
    after each seat (R-BID-1, R-PLAY-1), whether a card beats the card
    winning a trick, indexed ``card << 6 | best`` (R-PLAY-6), and the
    variant's duties (R-BID-2, R-PLAY-3, R-PLAY-8).  Private to the engine:
    built by :func:`_table_of` and never changed.
    """

    __slots__ = (
        "beats",
        "clockwise",
        "deal",
        "dealer",
        "first_hand",
        "hand_size",
        "hook",
        "masks",
        "must_overtrump",
        "must_trump",
        "players",
        "trump",
        "turn_up",
        "variant",
    )

    deal: Deal
    variant: Variant
    turn_up: Card | None
    players: int
    dealer: int
    first_hand: int
    hand_size: int
    masks: tuple[int, ...]
    trump: int | None
    hook: bool
    must_trump: bool
    must_overtrump: bool
    clockwise: tuple[int, ...]
    beats: tuple[bool, ...]

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuilt from the deal, so a pickled round does not carry the tables.
        return (_table_of, (self.deal,))


def _table_of(deal: Deal) -> _Table:
    t = _Table()
    variant = deal.variant
    turn_up = deal.turn_up
    t.deal = deal
    t.variant = variant
    t.turn_up = turn_up
    t.players = deal.players
    t.dealer = deal.dealer
    t.first_hand = deal.first_hand
    t.hand_size = deal.hand_size
    t.masks = deal.masks
    t.trump = None if turn_up is None else int(turn_up.suit)
    t.hook = variant.hook
    t.must_trump = variant.must_trump
    t.must_overtrump = variant.must_overtrump
    t.clockwise = _clockwise(deal.players)
    t.beats = _beats_table(t.trump)
    return t


def _with_masks(t: _Table, deal: Deal) -> _Table:
    """``t`` for another deal of the same game, which differs from t's only in the hands."""
    n = _Table()
    n.deal = deal
    n.masks = deal.masks
    n.variant = t.variant
    n.turn_up = t.turn_up
    n.players = t.players
    n.dealer = t.dealer
    n.first_hand = t.first_hand
    n.hand_size = t.hand_size
    n.trump = t.trump
    n.hook = t.hook
    n.must_trump = t.must_trump
    n.must_overtrump = t.must_overtrump
    n.clockwise = t.clockwise
    n.beats = t.beats
    return n


@functools.cache
def _clockwise(players: int) -> tuple[int, ...]:
    return tuple(next_seat(s, players) for s in range(players))


@functools.cache
def _beats_table(trump: int | None) -> tuple[bool, ...]:
    return tuple(play_rules.beats(card, best, trump) for card in range(64) for best in range(64))


class _State:
    """One moment of a round, by name.  Private to the engine.

    Each transition builds a new state and fills every field once; nothing
    changes a state after that, so every :class:`Round` ever returned
    stays valid.  Cards are card bits and card sets masks (see
    :attr:`Card.bit <whist_ro.Card.bit>`).
    """

    __slots__ = (
        "best",
        "bids",
        "history",
        "legal",
        "phase",
        "played",
        "table",
        "to_act",
        "trick",
        "won",
    )

    table: _Table
    phase: int  # _BIDDING, _PLAYING or _OVER
    to_act: int  # the seat to act (after the last trick: its winner)
    bids: tuple[int | None, ...]  # None until that seat bids
    played: int  # every card played so far: a seat holds masks[seat] & ~played
    trick: tuple[int, ...]  # the cards on the table, in play order (led by _leader(s))
    best: int  # the card winning them, or _NO_CARD
    history: tuple[tuple[int, tuple[int, ...]], ...]  # (leader, cards) of each completed trick
    won: tuple[int, ...]  # tricks taken, by seat
    legal: int  # the cards the seat to act may play (0 outside play), found when
    # the state is made: the next apply needs them anyway
    # Who led the trick on the table, who is winning it and which action made
    # the state follow from these (see _leader, _last), so no step stores them.


class _DealAttribute:
    """``Round.deal(...)`` deals a seeded round; ``a_round.deal`` is the deal it was dealt from.

    One name for the two sides of a deal: called on the class it is
    :meth:`Round.shuffled` (the name the library has always used for a
    seeded deal), read on a round it is the round's :class:`~whist_ro.Deal`
    (dealer, hands as dealt, trump card).

    >>> from whist_ro import variants
    >>> r = Round.deal(variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
    >>> r == Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
    True
    >>> Round.from_deal(r.deal) == r
    True
    """

    @overload
    def __get__(self, obj: None, owner: type[Round]) -> Callable[..., Round]: ...

    @overload
    def __get__(self, obj: Round, owner: type[Round] | None = None) -> Deal: ...

    def __get__(self, obj: Round | None, owner: type[Round] | None = None) -> object:
        if obj is None:
            assert owner is not None
            return owner.shuffled
        return obj._s.table.deal

    def __set__(self, obj: Round, value: object) -> None:
        # A data descriptor, so that assignment is refused here too.
        raise AttributeError("Round is immutable; cannot set 'deal'")


class Round(Immutable):
    """One deal: bidding (exact family), then tricks, then points.

    Build one with :meth:`from_deal` (or the shortcuts :meth:`from_hands`,
    :meth:`from_deck` and :meth:`shuffled`, also spelled ``Round.deal(...)``);
    advance it with :meth:`apply`.
    Every property is read-only and every transition returns a new round,
    so old states stay valid for undo, search and replay.

    >>> from whist_ro import Bid, variants
    >>> r = Round.shuffled(variants.ROMANIAN, players=4, dealer=3, hand_size=5, seed=9)
    >>> r.first_hand, r.to_act, r.hand_size, len(r.hands[0])
    (0, 0, 5, 5)
    >>> after = r.apply(Bid(seat=0, tricks=2))
    >>> r.bids, after.bids  # the old state is untouched
    ((None, None, None, None), (2, None, None, None))
    """

    __slots__ = ("_s",)

    # No annotations on purpose: help() then shows no "Round()" signature,
    # which would suggest calling the class.
    def __init__(self):  # type: ignore[no-untyped-def]
        raise TypeError("build a Round with Round.from_deal(deal)")

    _s: _State

    # -- construction -------------------------------------------------------

    @classmethod
    def from_deal(cls, deal: Deal) -> Round:
        """The round that starts from ``deal``: bidding, or play in classic.

        >>> from whist_ro import Deal, variants
        >>> d = Deal(variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2, turn_up="Jh")
        >>> Round.from_deal(d).legal_actions()
        (Bid(seat=0, tricks=0), Bid(seat=0, tricks=1))
        """
        if not isinstance(deal, Deal):
            raise ActionTypeError(
                f"a round starts from a Deal (see whist_ro.Deal), not {excerpt(deal)}"
            )
        return _start(_table_of(deal))

    @classmethod
    def from_hands(
        cls,
        variant: Variant,
        *,
        hands: Sequence[Iterable[Card | str] | str],
        dealer: int,
        turn_up: Card | str | None = None,
    ) -> Round:
        """Shortcut for ``Round.from_deal(Deal(variant, hands=..., dealer=..., turn_up=...))``.

        The deal is checked by R-DECK-4 and R-TRUMP-* (see :class:`~whist_ro.Deal`).

        >>> from whist_ro import variants
        >>> Round.from_hands(variants.ROMANIAN, hands=["Ah", "Ah", "Kh"], dealer=0,
        ...                  turn_up="7c")
        Traceback (most recent call last):
        ...
        whist_ro.errors.InvalidDealError: Ah is dealt twice (R-DECK-4)
        """
        return cls.from_deal(Deal(variant, hands=hands, dealer=dealer, turn_up=turn_up))

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
        """Shortcut for ``Round.from_deal(Deal.from_deck(...))``: deal a deck order (R-DEAL-1).

        >>> from whist_ro import variants, Deck
        >>> order = Deck.for_game(variants.ROMANIAN, 3).shuffled(1)
        >>> r = Round.from_deck(variants.ROMANIAN, deck=order, dealer=0, hand_size=2)
        >>> set(r.hands[1]) == {order[0], order[3]}  # seat 1 gets the 1st and 4th cards
        True
        """
        return cls.from_deal(
            Deal.from_deck(variant, deck=deck, dealer=dealer, hand_size=hand_size, players=players)
        )

    @classmethod
    def shuffled(
        cls, variant: Variant, *, players: int, dealer: int, hand_size: int, seed: Seed
    ) -> Round:
        """Shortcut for ``Round.from_deal(Deal.shuffled(...))``: a seeded random deal.

        >>> from whist_ro import variants
        >>> a = Round.shuffled(variants.ROMANIAN, players=4, dealer=0, hand_size=7, seed=3)
        >>> a == Round.shuffled(variants.ROMANIAN, players=4, dealer=0, hand_size=7, seed=3)
        True
        """
        deal = Deal.shuffled(
            variant, players=players, dealer=dealer, hand_size=hand_size, seed=seed
        )
        return _start(_table_of(deal))

    # -- reading the state ----------------------------------------------------

    deal = _DealAttribute()

    @property
    def variant(self) -> Variant:
        """The rules this round is played under."""
        return self._s.table.variant

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._s.table.players

    @property
    def dealer(self) -> int:
        """The dealing seat; it bids last (R-BID-1)."""
        return self._s.table.dealer

    @property
    def first_hand(self) -> int:
        """The seat left of the dealer: it bids first and leads first (R-PLAY-1)."""
        return self._s.table.first_hand

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat."""
        return self._s.table.hand_size

    @property
    def turn_up(self) -> Card | None:
        """The face-up card that set trump, or None (R-TRUMP-*)."""
        return self._s.table.turn_up

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None when the deal has no trump (R-TRUMP-2)."""
        return self.deal.trump

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """The hands as dealt, kept after play for replay and audit."""
        return self.deal.hands

    @property
    def remaining(self) -> tuple[CardSet, ...]:
        """The cards each seat still holds."""
        s = self._s
        played = s.played
        return tuple(CardSet.from_mask(m & ~played) for m in s.table.masks)

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid, None until made (always None in classic)."""
        return self._s.bids

    @property
    def phase(self) -> Phase:
        """Bidding, playing or over."""
        return _PHASES[self._s.phase]

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or None once the round is over."""
        s = self._s
        return None if s.phase == _OVER else s.to_act

    @property
    def is_over(self) -> bool:
        """True once every trick has been played."""
        return self._s.phase == _OVER

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks in play order."""
        s = self._s
        players = s.table.players
        return tuple(_trick(leader, bits, players) for leader, bits in s.history)

    @property
    def current_trick(self) -> Trick:
        """The trick on the table (empty before the lead, and once the round is over)."""
        s = self._s
        return _trick(_leader(s), s.trick, s.table.players)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken so far, one count per seat."""
        return self._s.won

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action so far in order: the bids, then the plays."""
        s = self._s
        t = s.table
        players = t.players
        out: list[Action] = []
        made = sum(b is not None for b in s.bids)
        for i in range(made):
            seat = (t.first_hand + i) % players
            bid = s.bids[seat]
            assert bid is not None
            out.append(BIDS[seat][bid])
        for leader, bits in (*s.history, (_leader(s), s.trick)):
            out.extend(
                PLAYS[(leader + i) % players][b]  # type: ignore[misc]
                for i, b in enumerate(bits)
            )
        return tuple(out)

    @property
    def points(self) -> tuple[int, ...]:
        """This round's points per seat (R-SCORE-*), without streak bonuses.

        In classic whist both partners show their side's points.
        """
        s = self._s
        if s.phase != _OVER:
            raise NotOverError("the round is not over: its points are not known yet")
        return round_points(s.table.variant, bids=s.bids, tricks=s.won)

    @property
    def last_step(self) -> Step | None:
        """What the action that made this state did; None before the first action.

        >>> from whist_ro import variants
        >>> r = Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=1, seed=2)
        >>> r.last_step is None
        True
        >>> r.apply(r.legal_actions()[0]).last_step
        Step(action=Bid(seat=1, tricks=0), trick=None, trick_winner=None, round_over=False, \
points=None, bonuses=None, totals=None, match_over=False)
        """
        s = self._s
        action = _last(s)
        if action is None:
            return None
        if type(action) is Bid or s.trick:
            return Step(action=action)
        # A play that leaves the table empty completed a trick: the last one.
        leader, bits = s.history[-1]
        trick = _trick(leader, bits, s.table.players)
        if s.phase != _OVER:
            return Step(action=action, trick=trick, trick_winner=s.to_act)
        return Step(
            action=action,
            trick=trick,
            trick_winner=s.to_act,
            round_over=True,
            points=self.points,
        )

    # -- legality: each answer comes from a rule function ------------------------

    def forbidden_bid(self) -> int | None:
        """The bid the hook forbids the seat to act, if any (R-BID-2).

        >>> from whist_ro import Bid, variants
        >>> r = Round.from_hands(variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2,
        ...                      turn_up="Jh")
        >>> r.forbidden_bid() is None, r.apply(Bid(seat=0, tricks=0)).apply(
        ...     Bid(seat=1, tricks=0)).forbidden_bid()
        (True, 1)
        """
        s = self._s
        t = s.table
        if s.phase != _BIDDING or s.to_act != t.dealer:
            return None
        return forbidden_bid(hand_size=t.hand_size, earlier=_bids_total(s), hook=t.hook)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action allowed now, bids low to high or cards high to low.

        Empty once the round is over.

        >>> from whist_ro import variants
        >>> r = Round.shuffled(variants.ROMANIAN, players=3, dealer=2, hand_size=1, seed=1)
        >>> r.legal_actions()
        (Bid(seat=0, tricks=0), Bid(seat=0, tricks=1))
        """
        s = self._s
        phase = s.phase
        if phase == _PLAYING:
            found = _PLAY_CACHE[s.to_act].get(s.legal)
            return _plays_for(s.to_act, s.legal) if found is None else found
        if phase == _OVER:
            return ()
        row = BIDS[s.to_act]
        size = s.table.hand_size
        forbidden = self.forbidden_bid()
        if forbidden is None:
            return row[: size + 1]
        return row[:forbidden] + row[forbidden + 1 : size + 1]

    # -- transitions ------------------------------------------------------------

    def apply(self, action: Action) -> Round:
        """The round after ``action``, which must be legal; this round is unchanged.

        Raises an :class:`~whist_ro.errors.IllegalActionError` subclass
        naming the seat, the action, the reason and the rule.

        >>> from whist_ro import Bid, variants
        >>> r = Round.shuffled(variants.ROMANIAN, players=3, dealer=2, hand_size=1, seed=1)
        >>> r.apply(Bid(seat=0, tricks=2))
        Traceback (most recent call last):
        ...
        whist_ro.errors.BidOutOfRangeError: seat 0 cannot bid 2: bids run from 0 to ... (R-BID-3)
        """
        s = self._s
        if type(action) is Play:
            # type(...) is, not isinstance: the exact classes, at the lowest cost.
            seat = action.seat
            card = action.card
            if card is None:  # "my only card", as a blind round's view offers it (R-VIEW-3)
                return self.apply(self.resolve_play(action))
            if s.phase == _PLAYING and seat == s.to_act and s.legal >> card.bit & 1:
                return _play(s, seat, card.bit, action)
            raise self._play_error(action)
        if type(action) is Bid:
            seat = action.seat
            tricks = action.tricks
            t = s.table
            if (
                s.phase == _BIDDING
                and seat == s.to_act
                and bid_in_range(tricks, hand_size=t.hand_size)
                and (seat != t.dealer or tricks != self.forbidden_bid())
            ):
                return _bid(s, action)
            raise self._bid_error(action)
        raise ActionTypeError(f"expected a Bid or a Play, not {excerpt(action)}")

    def parse_action(self, text: str) -> Action:
        """The action ``text`` describes, for the seat to act, if the rules allow it now.

        ``text`` is what a person types or the round notation holds:
        ``"7h"``, ``"bid 3"``, ``"3"``, ``"card"`` for "my only card" in a
        blind round, or ``str(action)`` (see
        :func:`whist_ro.actions.parse_action` for every form).  Like
        python-chess's ``Board.parse_san``, the text is checked against this
        state: text that cannot be an action raises
        :class:`~whist_ro.errors.ActionParseError`, and an action the rules
        refuse raises the same :class:`~whist_ro.errors.IllegalActionError`
        as :meth:`apply`, with its rule.  The round is not changed.

        >>> from whist_ro import variants
        >>> r = Round.from_hands(variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
        ...                      dealer=2, turn_up="Qs")
        >>> r.parse_action("bid 1")
        Bid(seat=0, tricks=1)
        >>> r.parse_action("Ah")
        Traceback (most recent call last):
        ...
        whist_ro.errors.WrongPhaseError: seat 0 cannot play Ah: bidding is not finished, ...
        """
        return parse_for(self, text)

    def apply_legal(self, action: Action) -> Round:
        """Like :meth:`apply` for an action taken from this state's :meth:`legal_actions`.

        The fast path for bots and simulations: the action is not checked
        again.  Anything else gives an undefined result that may break the
        rules without an error, so input from people, files or the network
        must go through :meth:`apply`.

        >>> from whist_ro import variants
        >>> r = Round.shuffled(variants.ROMANIAN, players=4, dealer=0, hand_size=3, seed=1)
        >>> action = r.legal_actions()[0]
        >>> r.apply_legal(action) == r.apply(action)
        True
        """
        s = self._s
        if type(action) is not Play:
            return _bid(s, action)  # type: ignore[arg-type]
        return _play(s, action.seat, action.card.bit, action)  # type: ignore[union-attr]

    def resolve_play(self, action: Action) -> Action:
        """``action`` with "my only card" (``Play(card=None)``) replaced by the card it means.

        A blind round's view offers ``Play(seat, card=None)`` (R-VIEW-3);
        :meth:`apply` reads it through here.  Any other action comes back
        as it is.  A seat that holds no card or more than one cannot play
        "its only card" (R-PLAY-7).

        >>> from whist_ro import Play, variants
        >>> r = Round.from_hands(variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2,
        ...                      turn_up="Jh")
        >>> r.resolve_play(Play(seat=1, card=None))
        Play(seat=1, card=Card.parse('Kh'))
        """
        if type(action) is not Play or action.card is not None:
            return action
        s = self._s
        seat = action.seat
        masks = s.table.masks
        hand = masks[seat] & ~s.played if seat < len(masks) else 0
        if hand.bit_count() != 1:
            raise CardNotHeldError(
                f"seat {seat} cannot play 'its only card': it holds {hand.bit_count()} cards "
                "(R-PLAY-7)",
                rule="R-PLAY-7",
                seat=seat,
                action=action,
            )
        only = PLAYS[seat][hand.bit_length() - 1]
        assert only is not None
        return only

    def with_deal(self, deal: Deal) -> Round:
        """This state of play on another deal: the same actions, other hidden cards.

        ``deal`` must be a deal of the same game (variant, dealer, hand
        size, turn-up) in which every card played so far was in the hand
        of the seat that played it; anything else is refused with an
        :class:`~whist_ro.errors.InvalidDealError` (R-DECK-4).  Whether each
        past play was also legal on the new deal (a seat that showed a void
        must hold none of that suit) is not checked again: a deal drawn by
        :meth:`PlayerView.sample <whist_ro.PlayerView.sample>` always agrees,
        and :func:`whist_ro.records.adjudicate` replays a doubtful one.  This
        is how the samplers give a drawn deal its history without replaying
        it.

        >>> import random
        >>> from whist_ro import variants
        >>> r = Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=3, seed=1)
        >>> r = r.apply(r.legal_actions()[0])
        >>> other = r.view(2).sample(random.Random(4))
        >>> other.deal != r.deal, r.with_deal(other.deal) == other
        (True, True)
        """
        s = self._s
        t = s.table
        if not isinstance(deal, Deal):
            raise ConfigurationError(f"with_deal takes a Deal, not {excerpt(deal)}", field="deal")
        masks = deal.masks
        if (
            len(masks) != t.players
            or masks[0].bit_count() != t.hand_size
            or deal.dealer != t.dealer
            or deal.turn_up != t.turn_up
            or (deal.variant is not t.variant and deal.variant != t.variant)
        ):
            raise InvalidDealError(
                f"with_deal needs a deal of the same game: {deal!r} does not match the "
                "round's variant, dealer, hand size and turn-up (R-DECK-4)",
                rule="R-DECK-4",
            )
        # Each seat's played cards are in its hand of this round's deal, so
        # they must be in its new hand too.
        played = s.played
        for seat, (mine, theirs) in enumerate(zip(t.masks, masks, strict=True)):
            missing, extra = mine & played & ~theirs, theirs & played & ~mine
            if missing:
                why = f"seat {seat} played {_card(missing.bit_length() - 1)}, which the new deal"
                raise InvalidDealError(f"{why} does not give it (R-DECK-4)", rule="R-DECK-4")
            if extra:
                why = f"the new deal gives seat {seat} {_card(extra.bit_length() - 1)}"
                raise InvalidDealError(
                    f"{why}, which another seat played (R-DECK-4)", rule="R-DECK-4"
                )
        table = _with_masks(t, deal)
        n = _copy(s)
        n.table = table
        if s.phase == _PLAYING:
            n.legal = _playable_of(table, s.to_act, s.played, s.trick, s.best)[0]
        return _round(n)

    # -- refusals: the rule functions again, asked why ------------------------------

    def _bid_error(self, bid: Bid) -> IllegalActionError:
        seat, tricks = bid.seat, bid.tricks
        s = self._s
        t = s.table
        shown = excerpt(tricks)
        if s.phase == _OVER:
            return GameOverError(
                f"seat {seat} cannot bid {shown}: the round is over (R-END-4)",
                rule="R-END-4",
                seat=seat,
                action=bid,
            )
        if s.phase == _PLAYING:
            why = "classic whist has no bidding" if t.variant.is_classic else "play has started"
            return WrongPhaseError(
                f"seat {seat} cannot bid {shown}: {why} (R-BID-3)",
                rule="R-BID-3",
                seat=seat,
                action=bid,
            )
        if seat != s.to_act:
            return OutOfTurnError(
                f"seat {seat} cannot bid {shown}: it is seat {s.to_act}'s turn to bid (R-BID-3)",
                rule="R-BID-3",
                seat=seat,
                action=bid,
            )
        if not bid_in_range(tricks, hand_size=t.hand_size):
            return BidOutOfRangeError(
                f"seat {seat} cannot bid {shown}: bids run from 0 to the hand size "
                f"{t.hand_size} (R-BID-3)",
                rule="R-BID-3",
                seat=seat,
                action=bid,
            )
        earlier = _bids_total(s)
        return ForbiddenBidError(
            f"seat {seat} (dealer) cannot bid {tricks}: the earlier bids total {earlier}, "
            f"and {earlier} + {tricks} would equal the hand size {t.hand_size} (R-BID-2)",
            rule="R-BID-2",
            seat=seat,
            action=bid,
        )

    def _play_error(self, play: Play) -> IllegalActionError:
        seat, card = play.seat, play.card
        assert card is not None  # apply() has resolved "my only card"
        s = self._s
        text = f"seat {seat} cannot play {card}"
        if s.phase == _OVER:
            return GameOverError(
                f"{text}: the round is over (R-END-4)", rule="R-END-4", seat=seat, action=play
            )
        if s.phase == _BIDDING:
            return WrongPhaseError(
                f"{text}: bidding is not finished, seat {s.to_act} bids next (R-PLAY-7)",
                rule="R-PLAY-7",
                seat=seat,
                action=play,
            )
        if seat != s.to_act:
            return OutOfTurnError(
                f"{text}: it is seat {s.to_act}'s turn to play (R-PLAY-7)",
                rule="R-PLAY-7",
                seat=seat,
                action=play,
            )
        hand = s.table.masks[seat] & ~s.played
        if not hand >> card.bit & 1:
            return CardNotHeldError(
                f"{text}: it does not hold {card} (R-PLAY-7)",
                rule="R-PLAY-7",
                seat=seat,
                action=play,
            )
        # The card is held but not playable: ask the rule which clause excluded it.
        mask, clause = self._playable()
        led = Suit(play_rules.suit_of(s.trick[0]))
        if clause == play_rules.FOLLOW_SUIT:
            return MustFollowSuitError(
                f"{text}: it holds {_cards_text(mask)} and must follow {led} (R-PLAY-2)",
                rule="R-PLAY-2",
                seat=seat,
                action=play,
            )
        if clause == play_rules.MUST_OVERTRUMP:
            return MustOvertrumpError(
                f"{text}: it must beat the {_card(s.best)} in the trick with "
                f"{_cards_text(mask)} (R-PLAY-8)",
                rule="R-PLAY-8",
                seat=seat,
                action=play,
            )
        return MustTrumpError(
            f"{text}: it has no {led} but holds {self.trump} {_cards_text(mask)} and must trump "
            "(R-PLAY-3)",
            rule="R-PLAY-3",
            seat=seat,
            action=play,
        )

    def _playable(self) -> tuple[int, str]:
        """The playable cards of the seat to act, and the clause that decided them."""
        s = self._s
        return _playable_of(s.table, s.to_act, s.played, s.trick, s.best)

    # -- what a seat may see ----------------------------------------------------

    def view(self, seat: int) -> PlayerView[Round]:
        """What ``seat`` may know of this round (R-VIEW-1..3): see :class:`~whist_ro.PlayerView`.

        >>> from whist_ro import variants
        >>> r = Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
        >>> r.view(1).hand == r.remaining[1]
        True
        """
        # Views sit on top of the engine: imported here, not at the top.
        from whist_ro.views.view import view_of  # noqa: PLC0415

        return view_of(self, seat)

    # -- value semantics -------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        # The rest of the state (the trick's winner so far, tricks won, the
        # playable cards, the last action) follows from these.
        s = self._s
        return (s.table.deal, s.phase, s.to_act, s.bids, s.played, s.trick, s.history)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Round):
            return self is other or self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        s = self._s
        deal = s.table.deal
        trump = "no trump" if deal.turn_up is None else f"trump {deal.turn_up.suit}"
        state = "over" if s.phase == _OVER else f"{self.phase.name.lower()}, seat {s.to_act} to act"
        return (
            f"<Round {deal.variant.name} players={deal.players} hand_size={deal.hand_size} "
            f"dealer={deal.dealer} {trump}: {state}>"
        )


def _leader(s: _State) -> int:
    """The seat that led the trick on the table (the seat to lead, before the lead)."""
    return (s.to_act - len(s.trick)) % s.table.players


def _last(s: _State) -> Action | None:
    """The action that made the state ``s``, or None for a round's first state."""
    t = s.table
    players = t.players
    if s.trick:  # a card to the trick on the table, by the seat right of the one to act
        return PLAYS[(s.to_act - 1) % players][s.trick[-1]]
    if s.history:  # the last card of the last trick
        leader, bits = s.history[-1]
        return PLAYS[(leader + len(bits) - 1) % players][bits[-1]]
    made = sum(b is not None for b in s.bids)
    if made == 0:
        return None
    seat = (t.first_hand + made - 1) % players  # the last bid so far
    tricks = s.bids[seat]
    assert tricks is not None
    return BIDS[seat][tricks]


# Round's slot refuses assignment; a state is put in through the slot
# descriptor itself, which costs no more than a plain attribute write.
_new: Final = object.__new__
_set_state: Final = Round.__dict__["_s"].__set__


def _round(s: _State) -> Round:
    r = _new(Round)
    _set_state(r, s)
    return r


def _copy(s: _State) -> _State:
    """A new state with every field of ``s``, for a transition to change some of them."""
    n = _State()
    n.table = s.table
    n.phase = s.phase
    n.to_act = s.to_act
    n.bids = s.bids
    n.played = s.played
    n.trick = s.trick
    n.best = s.best
    n.history = s.history
    n.won = s.won
    n.legal = s.legal
    return n


def _start(t: _Table) -> Round:
    """The round before its first action: bidding, or in classic the first lead."""
    s = _State()
    s.table = t
    s.to_act = t.first_hand
    s.bids = (None,) * t.players
    s.played = 0
    s.trick = ()
    s.best = _NO_CARD
    s.history = ()
    s.won = (0,) * t.players
    if t.variant.is_classic:  # no bidding (R-BID-*): the first hand leads (R-PLAY-1)
        s.phase, s.legal = _PLAYING, t.masks[t.first_hand]
    else:
        s.phase, s.legal = _BIDDING, 0
    return _round(s)


def _bid(s: _State, action: Bid) -> Round:
    t = s.table
    seat = action.seat
    bids = list(s.bids)
    bids[seat] = action.tricks
    n = _copy(s)
    n.bids = tuple(bids)
    if seat == t.dealer:
        # The dealer bids last (R-BID-1); the first hand leads (R-PLAY-1).
        n.phase = _PLAYING
        n.to_act = t.first_hand
        n.legal = t.masks[t.first_hand]
    else:
        n.to_act = t.clockwise[seat]
    return _round(n)


_playable_cards: Final = play_rules.playable_cards


def _playable_of(
    t: _Table, seat: int, played: int, trick: tuple[int, ...], best: int
) -> tuple[int, str]:
    """Ask the rule (rules.play.playable_cards) what ``seat`` may play to ``trick``.

    The engine's hot path (Round.apply_legal) makes the same call inline, to save a call.
    """
    return _playable_cards(
        t.masks[seat] & ~played,
        _SUIT_OF[trick[0]] if trick else None,
        best,
        t.trump,
        t.must_trump,
        t.must_overtrump,
    )


# The suit of each card bit, from rules.play.suit_of, read by index.
_SUIT_OF: Final = tuple(play_rules.suit_of(bit) for bit in range(64))
# Who leads after each seat wins a trick, from rules.play.next_leader, read by index.
_NEXT_LEADER: Final = tuple(play_rules.next_leader(seat) for seat in range(len(PLAYS)))


def _play(s: _State, seat: int, bit: int, action: Play) -> Round:
    """The round after ``seat`` plays the card ``bit`` (``action``): the engine's hot path.

    Every card of every round comes through here, from :meth:`Round.apply`
    once it has checked the card and from :meth:`Round.apply_legal`.
    """
    t = s.table
    played = s.played | 1 << bit
    trick = s.trick
    if trick:
        trick = (*trick, bit)
        best = s.best
        if t.beats[bit << 6 | best]:  # R-PLAY-6, from the table of rules.play.beats
            best = bit
    else:
        trick = (bit,)
        best = bit
    n = _State()
    n.table = t
    n.bids = s.bids
    n.played = played
    if len(trick) < t.players:
        to_act = t.clockwise[seat]
        n.phase = _PLAYING
        n.to_act = to_act
        n.trick = trick
        n.best = best
        n.history = s.history
        n.won = s.won
        n.legal = _playable_cards(
            t.masks[to_act] & ~played,
            _SUIT_OF[trick[0]],
            best,
            t.trump,
            t.must_trump,
            t.must_overtrump,
        )[0]
    else:
        # The trick is complete: its winner takes it and leads the next (R-PLAY-6, R-PLAY-1).
        # The last card of a trick is played right of its leader.
        led_by = t.clockwise[seat]
        winner = (led_by + trick.index(best)) % t.players
        won = list(s.won)
        won[winner] += 1
        history = (*s.history, (led_by, trick))
        leader = _NEXT_LEADER[winner]
        n.to_act = leader
        n.trick = ()
        n.best = _NO_CARD
        n.history = history
        n.won = tuple(won)
        if len(history) == t.hand_size:
            n.phase = _OVER
            n.legal = 0
        else:
            n.phase = _PLAYING
            n.legal = t.masks[leader] & ~played
    r = _new(Round)
    _set_state(r, n)
    return r


class _Acting(Protocol):
    """A state that has a seat to act and applies actions: a round or a match."""

    @property
    def to_act(self) -> int | None: ...

    def apply(self, action: Action) -> Any: ...


def parse_for(state: _Acting, text: str) -> Action:
    """``text`` read as the action of ``state``'s seat to act, checked by ``state.apply``.

    The one reading behind :meth:`Round.parse_action` and
    ``Match.parse_action``: the form is read by
    :func:`~whist_ro.actions.parse_action`, the legality is ``apply``'s
    verdict (the new state is dropped).
    """
    try:
        # Text that names its seat ("seat 2 bids 0") is taken at its word, so a
        # wrong seat gets apply's verdict with its rule (R-BID-3, R-PLAY-7).
        action = parse_action(text)
    except ActionParseError as error:
        if error.field != "seat":  # not a seat-less form: the text itself is wrong
            raise
        seat = state.to_act
        if seat is None:
            raise ActionParseError(
                f"cannot read {excerpt(text)} as an action: it is over, so no seat is to act "
                "(R-END-4)",
                field="seat",
                rule="R-END-4",
            ) from None
        action = parse_action(text, seat=seat)
    state.apply(action)
    return action


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
    return CardSet.from_mask(round_._playable()[0])
