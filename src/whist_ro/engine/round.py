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
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, overload

from whist_ro._check import Seed, excerpt
from whist_ro._deprecation import warn_deprecated
from whist_ro._immutable import Immutable, ImmutableIntEnum
from whist_ro.actions import BIDS, PLAYS, Action, Bid, Play, parse_action
from whist_ro.cards import CARD_BY_BIT, SUIT_MASKS, Card, CardSet, Suit, iter_bits
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
from whist_ro.locale import N_
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


def _bids_total(s: Round) -> int:
    """The sum of the bids made so far (None, not yet bid, and 0 add nothing)."""
    return sum(filter(None, s._bids))


def _refusal(
    kind: type[IllegalActionError], template: str, rule: str, action: Action, **evidence: object
) -> IllegalActionError:
    """A refusal of ``action`` under ``rule``: its template and the evidence that fills it.

    ``error.explain("ro")`` says it in Romanian; ``str(error)`` is the English text.
    """
    return kind(template, rule=rule, seat=action.seat, action=action, evidence=evidence)


def _refused(s: Round, action: object) -> IllegalActionError | None:
    """Why ``s`` refuses ``action``, or None when it accepts it: the one refusal builder.

    :meth:`Round.apply` raises what this returns (its accepting paths are
    inline copies of these checks, for speed), :meth:`Round.resolve_play`
    raises its "my only card" part, and :meth:`Round.refusal`,
    :meth:`Round.is_legal` and, through them, the match's and the views'
    queries return it.  Something that is no action at all is not a
    refusal: :class:`ActionTypeError` is raised.
    """
    if type(action) is Play:
        card = action.card
        if card is None:  # "my only card", as a blind round's view offers it (R-VIEW-3)
            return s._only_card_error(action)
        if action.seat == s._to_act and s._legal >> card.bit & 1:
            return None
        return s._play_error(action)
    if type(action) is Bid:
        t = s._facts
        if (
            s._phase == _BIDDING
            and action.seat == s._to_act
            and bid_in_range(action.tricks, hand_size=t.hand_size)
            and (action.seat != t.dealer or action.tricks != s.forbidden_bid())
        ):
            return None
        return s._bid_error(action)
    raise not_an_action(action)


def not_an_action(value: object) -> ActionTypeError:
    """The error for ``value`` given where an action belongs: it is no Bid and no Play.

    The exact classes: a subclass is not an action either.  Raised by every
    ``apply``, ``refusal`` and ``is_legal`` (rounds, matches, views).
    """
    return ActionTypeError(f"expected a Bid or a Play, not {excerpt(value)}")


# The refusals of bids and plays (see Round._bid_error and Round._play_error).
_BID_OVER: Final = N_("seat {seat} cannot bid {bid}: the round is over (R-END-4)")
_BID_CLASSIC: Final = N_("seat {seat} cannot bid {bid}: classic whist has no bidding (R-BID-3)")
_BID_PLAYING: Final = N_("seat {seat} cannot bid {bid}: play has started (R-BID-3)")
_BID_TURN: Final = N_("seat {seat} cannot bid {bid}: it is seat {to_act}'s turn to bid (R-BID-3)")
_BID_RANGE: Final = N_(
    "seat {seat} cannot bid {bid}: bids run from 0 to the hand size {hand_size} (R-BID-3)"
)
_BID_HOOK: Final = N_(
    "seat {seat} (dealer) cannot bid {bid}: the earlier bids total {earlier}, "
    "and {earlier} + {bid} would equal the hand size {hand_size} (R-BID-2)"
)
_PLAY_OVER: Final = N_("seat {seat} cannot play {card}: the round is over (R-END-4)")
_PLAY_BIDDING: Final = N_(
    "seat {seat} cannot play {card}: bidding is not finished, seat {to_act} bids next (R-PLAY-7)"
)
_PLAY_TURN: Final = N_(
    "seat {seat} cannot play {card}: it is seat {to_act}'s turn to play (R-PLAY-7)"
)
_NOT_HELD: Final = N_("seat {seat} cannot play {card}: it does not hold {card} (R-PLAY-7)")
_ONLY_CARD: Final = N_("seat {seat} cannot play 'its only card': it holds {count} cards (R-PLAY-7)")
# "My only card" refused by the phase or the turn, never by naming the card (R-VIEW-4).
_ONLY_OVER: Final = N_("seat {seat} cannot play 'its only card': the round is over (R-END-4)")
_ONLY_BIDDING: Final = N_(
    "seat {seat} cannot play 'its only card': bidding is not finished, "
    "seat {to_act} bids next (R-PLAY-7)"
)
_ONLY_TURN: Final = N_(
    "seat {seat} cannot play 'its only card': it is seat {to_act}'s turn to play (R-PLAY-7)"
)
_FOLLOW: Final = N_(
    "seat {seat} cannot play {card}: it holds {cards} and must follow {led} (R-PLAY-2)"
)
_OVERTRUMP: Final = N_(
    "seat {seat} cannot play {card}: it must beat the {best} in the trick with {cards} (R-PLAY-8)"
)
_TRUMP: Final = N_(
    "seat {seat} cannot play {card}: it has no {led} but holds {trump} {cards} "
    "and must trump (R-PLAY-3)"
)


def _card(bit: int) -> Card:
    card = CARD_BY_BIT[bit]
    assert card is not None
    return card


# Legal plays for one seat and one card mask, built once and shared, high
# cards first.  The cache holds the masks inside one suit (and 0); a mask
# spanning suits, as a lead's often does, is joined from its suits' cached
# parts, which keeps the cache small (at most 2**13 entries per seat and
# suit) however many hands are played.
_PLAY_CACHE: Final[tuple[dict[int, tuple[Play, ...]], ...]] = tuple({0: ()} for _ in range(8))
_SPADES, _HEARTS, _DIAMONDS, _CLUBS = (SUIT_MASKS[s] for s in (3, 2, 1, 0))


def _plays_for(seat: int, mask: int) -> tuple[Play, ...]:
    cache = _PLAY_CACHE[seat]
    try:
        return (
            cache[mask & _SPADES]
            + cache[mask & _HEARTS]
            + cache[mask & _DIAMONDS]
            + cache[mask & _CLUBS]
        )
    except KeyError:  # a suit's part not seen yet: build it once
        row = PLAYS[seat]
        for suit in (_SPADES, _HEARTS, _DIAMONDS, _CLUBS):
            part = mask & suit
            if part not in cache:
                cache[part] = tuple(row[bit] for bit in iter_bits(part))  # type: ignore[misc]
        return _plays_for(seat, mask)


_NO_CARD: Final = -1
"""``Round._best`` while no card is on the table."""


class _DealFactsFields:
    """The fields of a :class:`_DealFacts`, by name.  Private to the engine."""

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


class _DealFactsDraft(_DealFactsFields):
    """A :class:`_DealFacts` while :func:`_facts_of` fills it in (see :class:`_Draft`)."""

    __slots__ = ()


class _DealFacts(Immutable, _DealFactsFields):
    """What every state of one round reads: its deal, and rule answers worked out once.

    The engine asks the rules on every step; the answers that depend only
    on the deal are looked up here instead (they restate nothing): the seat
    after each seat (R-BID-1, R-PLAY-1), whether a card beats the card
    winning a trick, indexed ``card << 6 | best`` (R-PLAY-6), and the
    variant's duties (R-BID-2, R-PLAY-3, R-PLAY-8).  Private to the engine:
    built by :func:`_facts_of`, a value like the round that holds it.
    """

    __slots__ = ()

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuilt from the deal, so a pickled round does not carry the lookup tables.
        return (_facts_of, (self.deal,))


def _facts_of(deal: Deal) -> _DealFacts:
    t = _DealFactsDraft()
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
    t.__class__ = _DealFacts  # type: ignore[assignment]  # sealed (see _Draft)
    return t  # type: ignore[return-value]


@functools.cache
def _clockwise(players: int) -> tuple[int, ...]:
    return tuple(next_seat(s, players) for s in range(players))


@functools.cache
def _beats_table(trump: int | None) -> tuple[bool, ...]:
    return tuple(play_rules.beats(card, best, trump) for card in range(64) for best in range(64))


class _Fields:
    """One moment of a round, by name: the fields every :class:`Round` holds.  Private.

    Cards are card bits and card sets masks (see :attr:`Card.bit
    <whist_ro.Card.bit>`).  Who led the trick on the table, who is winning
    it and which action made the state follow from these (see
    :func:`_leader`, :func:`_last`), so no transition stores them.
    """

    __slots__ = (
        "_best",
        "_bids",
        "_facts",
        "_history",
        "_legal",
        "_phase",
        "_played",
        "_to_act",
        "_trick",
        "_won",
    )

    _facts: _DealFacts
    _phase: int  # _BIDDING, _PLAYING or _OVER
    _to_act: int  # the seat to act (after the last trick: its winner)
    _bids: tuple[int | None, ...]  # None until that seat bids
    _played: int  # every card played so far: a seat holds masks[seat] & ~played
    _trick: tuple[int, ...]  # the cards on the table, in play order (led by _leader(s))
    _best: int  # the card winning them, or _NO_CARD
    _history: tuple[tuple[int, tuple[int, ...]], ...]  # (leader, cards) of each completed trick
    _won: tuple[int, ...]  # tricks taken, by seat
    _legal: int  # the cards the seat to act may play (0 outside play), found when
    # the state is made: the next apply needs them anyway


class _Draft(_Fields):
    """A round's next state while a transition fills it in.  Private to the engine.

    A :class:`Round` refuses every write (:mod:`whist_ro._immutable`), so a
    transition builds a draft, whose fields are plain slots written at full
    speed, fills every field once and then seals it with :func:`_sealed`:
    the draft becomes the :class:`Round` itself (both classes have exactly
    the fields of :class:`_Fields`, so Python allows the change of class).
    Nothing writes to it after that, so every round ever returned stays
    valid.  One object per transition, and no write through a descriptor.
    """

    __slots__ = ()


def _deal_of(round_: Round) -> Deal:
    return round_._facts.deal


class _DealAttribute(property):
    """``a_round.deal`` is the deal the round was dealt from; ``Round.deal(...)`` is deprecated.

    Read on a round it is the round's :class:`~whist_ro.Deal` (dealer,
    hands as dealt, trump card).  Called on the class it once dealt a
    seeded round, a second spelling of :meth:`Round.shuffled`: it still
    does, with a ``DeprecationWarning``, until whist-ro 0.3.0.  Reading
    ``Round.deal`` without calling it (``help``, doctest collection) warns
    of nothing.

    A ``property`` subclass that defines no ``__get__`` of its own, so a
    read on a round runs at the speed of any other property (the C slot of
    ``property``), not through a ``__get__`` written in Python.

    >>> import warnings
    >>> from whist_ro import variants
    >>> r = Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
    >>> Round.from_deal(r.deal) == r
    True
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     Round.deal(variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1) == r
    True
    >>> print(caught[0].message)
    Round.deal(...) is deprecated since whist-ro 0.2.0 and goes in 0.3.0; use Round.shuffled(...)
    """

    if TYPE_CHECKING:
        # property's own __get__ at run time (the fast C slot); these say what it returns.
        @overload
        def __get__(self, instance: None, owner: type | None = None, /) -> _DealAttribute: ...

        @overload
        def __get__(self, instance: Round, owner: type | None = None, /) -> Deal: ...

        def __get__(self, instance: Round | None, owner: type | None = None, /) -> object: ...

    def __call__(
        self, variant: Variant, *, players: int, dealer: int, hand_size: int, seed: Seed
    ) -> Round:
        """Deprecated: :meth:`Round.shuffled`, with a ``DeprecationWarning``."""
        warn_deprecated("Round.deal(...)", use="Round.shuffled(...)")
        return Round.shuffled(
            variant, players=players, dealer=dealer, hand_size=hand_size, seed=seed
        )


class Round(Immutable, _Fields):
    """One deal: bidding (exact family), then tricks, then points.

    Build one with :meth:`from_deal` (or the shortcuts :meth:`from_hands`,
    :meth:`from_deck` and :meth:`shuffled`);
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

    __slots__ = ()  # the fields are _Fields' slots

    # No annotations on purpose: help() then shows no "Round()" signature,
    # which would suggest calling the class.
    def __init__(self):  # type: ignore[no-untyped-def]
        raise TypeError("build a Round with Round.from_deal(deal)")

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
        return _start(_facts_of(deal))

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
        return _start(_facts_of(deal))

    # -- reading the state ----------------------------------------------------

    deal = _DealAttribute(
        _deal_of, doc="The deal this round was dealt from: dealer, hands, trump card."
    )

    @property
    def variant(self) -> Variant:
        """The rules this round is played under."""
        return self._facts.variant

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._facts.players

    @property
    def dealer(self) -> int:
        """The dealing seat; it bids last (R-BID-1)."""
        return self._facts.dealer

    @property
    def first_hand(self) -> int:
        """The seat left of the dealer: it bids first and leads first (R-PLAY-1)."""
        return self._facts.first_hand

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat."""
        return self._facts.hand_size

    @property
    def turn_up(self) -> Card | None:
        """The face-up card that set trump, or None (R-TRUMP-*)."""
        return self._facts.turn_up

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
        played = self._played
        return tuple(CardSet.from_mask(m & ~played) for m in self._facts.masks)

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid, None until made (always None in classic)."""
        return self._bids

    @property
    def phase(self) -> Phase:
        """Bidding, playing or over."""
        return _PHASES[self._phase]

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or None once the round is over."""
        return None if self._phase == _OVER else self._to_act

    @property
    def is_over(self) -> bool:
        """True once every trick has been played."""
        return self._phase == _OVER

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks in play order."""
        players = self._facts.players
        return tuple(_trick(leader, bits, players) for leader, bits in self._history)

    @property
    def current_trick(self) -> Trick:
        """The trick on the table (empty before the lead, and once the round is over)."""
        return _trick(_leader(self), self._trick, self._facts.players)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken so far, one count per seat."""
        return self._won

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action so far in order: the bids, then the plays."""
        t = self._facts
        players = t.players
        out: list[Action] = []
        made = sum(b is not None for b in self._bids)
        for i in range(made):
            seat = (t.first_hand + i) % players
            bid = self._bids[seat]
            assert bid is not None
            out.append(BIDS[seat][bid])
        for leader, bits in (*self._history, (_leader(self), self._trick)):
            out.extend(
                PLAYS[(leader + i) % players][b]  # type: ignore[misc]
                for i, b in enumerate(bits)
            )
        return tuple(out)

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's round points (R-SCORE-*), without streak bonuses or honours.

        In classic whist both partners show their side's round points.
        """
        if self._phase != _OVER:
            raise NotOverError("the round is not over: its points are not known yet")
        return round_points(self._facts.variant, bids=self._bids, tricks=self._won)

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
        action = _last(self)
        if action is None:
            return None
        if type(action) is Bid or self._trick:
            return Step(action=action)
        # A play that leaves the table empty completed a trick: the last one.
        leader, bits = self._history[-1]
        trick = _trick(leader, bits, self._facts.players)
        if self._phase != _OVER:
            return Step(action=action, trick=trick, trick_winner=self._to_act)
        return Step(
            action=action,
            trick=trick,
            trick_winner=self._to_act,
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
        t = self._facts
        if self._phase != _BIDDING or self._to_act != t.dealer:
            return None
        return forbidden_bid(hand_size=t.hand_size, earlier=_bids_total(self), hook=t.hook)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action allowed now, bids low to high or cards high to low.

        Empty once the round is over.

        >>> from whist_ro import variants
        >>> r = Round.shuffled(variants.ROMANIAN, players=3, dealer=2, hand_size=1, seed=1)
        >>> r.legal_actions()
        (Bid(seat=0, tricks=0), Bid(seat=0, tricks=1))
        """
        phase = self._phase
        if phase == _PLAYING:
            found = _PLAY_CACHE[self._to_act].get(self._legal)
            return _plays_for(self._to_act, self._legal) if found is None else found
        if phase == _OVER:
            return ()
        row = BIDS[self._to_act]
        size = self._facts.hand_size
        forbidden = self.forbidden_bid()
        if forbidden is None:
            return row[: size + 1]
        return row[:forbidden] + row[forbidden + 1 : size + 1]

    # -- transitions ------------------------------------------------------------

    def apply(self, action: Action) -> Round:
        """The round after ``action``, which must be legal; this round is unchanged.

        Raises an :class:`~whist_ro.errors.IllegalActionError` subclass
        naming the seat, the action, the reason and the rule: the error
        :meth:`refusal` returns.

        >>> from whist_ro import Bid, variants
        >>> r = Round.shuffled(variants.ROMANIAN, players=3, dealer=2, hand_size=1, seed=1)
        >>> r.apply(Bid(seat=0, tricks=2))
        Traceback (most recent call last):
        ...
        whist_ro.errors.BidOutOfRangeError: seat 0 cannot bid 2: bids run from 0 to ... (R-BID-3)
        """
        # The accepting paths, inline for speed; every refusal comes from _refused.
        if type(action) is Play:
            # type(...) is, not isinstance: the exact classes, at the lowest cost.
            seat = action.seat
            card = action.card
            if card is None:  # "my only card", as a blind round's view offers it (R-VIEW-3)
                # resolve_play refuses it by the phase or the turn before it looks at the card.
                return self.apply(self.resolve_play(action))
            # _legal is 0 outside play, so this also refuses a card while bidding or once over.
            if seat == self._to_act and self._legal >> card.bit & 1:
                return _play(self, seat, card.bit)
        elif type(action) is Bid:
            seat = action.seat
            tricks = action.tricks
            t = self._facts
            if (
                self._phase == _BIDDING
                and seat == self._to_act
                and bid_in_range(tricks, hand_size=t.hand_size)
                and (seat != t.dealer or tricks != self.forbidden_bid())
            ):
                return _bid(self, action)
        error = _refused(self, action)  # raises ActionTypeError for what is no action
        assert error is not None, f"the refusal builder accepts {action!r}, apply does not"
        raise error

    def refusal(self, action: Action) -> IllegalActionError | None:
        """The error :meth:`apply` would raise for ``action``, returned; None if it is legal.

        The rule book asked without acting (ask, then act): the same
        :class:`~whist_ro.errors.IllegalActionError` subclass, rule,
        evidence, text and ``action`` as ``apply``'s refusal, from the same
        code, and the round is not changed.  Like ``apply``, it names no
        card the seat cannot see (R-VIEW-4).  Something that is no action
        at all raises :class:`~whist_ro.errors.ActionTypeError`.

        >>> from whist_ro import Bid, Play, variants
        >>> r = Round.from_hands(variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
        ...                      dealer=2, turn_up="Qs")
        >>> r.refusal(Bid(seat=0, tricks=1)) is None
        True
        >>> error = r.refusal(Play(seat=0, card="Ah"))
        >>> type(error).__name__, error.rule
        ('WrongPhaseError', 'R-PLAY-7')
        >>> print(error)
        seat 0 cannot play Ah: bidding is not finished, seat 0 bids next (R-PLAY-7)
        >>> r.refusal("bid 1")
        Traceback (most recent call last):
        ...
        whist_ro.errors.ActionTypeError: expected a Bid or a Play, not 'bid 1'
        """
        return _refused(self, action)

    def is_legal(self, action: Action) -> bool:
        """True if :meth:`apply` would accept ``action`` now: :meth:`refusal` is None.

        >>> from whist_ro import Bid, variants
        >>> r = Round.from_hands(variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2,
        ...                      turn_up="Jh")
        >>> r.is_legal(Bid(seat=0, tricks=1)), r.is_legal(Bid(seat=0, tricks=2))
        (True, False)
        """
        return _refused(self, action) is None

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
        if type(action) is not Play:
            return _bid(self, action)  # type: ignore[arg-type]
        return _play(self, action.seat, action.card.bit)  # type: ignore[union-attr]

    def resolve_play(self, action: Action) -> Action:
        """``action`` with "my only card" (``Play(card=None)``) replaced by the card it means.

        A blind round's view offers ``Play(seat, card=None)`` (R-VIEW-3);
        :meth:`apply` reads it through here.  Any other action comes back
        as it is.  "My only card" is resolved only when the seat may play
        now: before that it is refused by the phase or the turn, with an
        error that names no card, since a seat in a blind round cannot see
        the card (R-VIEW-4).  A seat that holds no card or more than one
        cannot play "its only card" (R-PLAY-7).

        >>> from whist_ro import Bid, Play, variants
        >>> r = Round.from_hands(variants.ROMANIAN_HIDDEN, hands=["Ah", "Kh", "Qh"], dealer=2,
        ...                      turn_up="Jh")
        >>> r.resolve_play(Play(seat=0, card=None))
        Traceback (most recent call last):
        ...
        whist_ro.errors.WrongPhaseError: seat 0 cannot play 'its only card': bidding is not \
finished, seat 0 bids next (R-PLAY-7)
        >>> for seat in (0, 1, 2):
        ...     r = r.apply(Bid(seat=seat, tricks=0))
        >>> r.resolve_play(Play(seat=0, card=None))
        Play(seat=0, card=Card.parse('Ah'))
        """
        if type(action) is not Play or action.card is not None:
            return action
        error = self._only_card_error(action)
        if error is not None:
            raise error
        seat = action.seat
        only = PLAYS[seat][(self._facts.masks[seat] & ~self._played).bit_length() - 1]
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
        t = self._facts
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
        played = self._played
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
        facts = _facts_of(deal)  # the same game, so only the hands differ
        n = _copy(self)
        n._facts = facts
        if self._phase == _PLAYING:
            n._legal = _playable_of(facts, self._to_act, self._played, self._trick, self._best)[0]
        return _sealed(n)

    # -- refusals: the rule functions again, asked why ------------------------------

    # Each refusal is a catalogue template and the evidence that fills it (see
    # _refusal), so that error.explain("ro") says it in Romanian.

    def _only_card_error(self, play: Play) -> IllegalActionError | None:
        """Why "my only card" (``play.card`` is None) is refused, or None when it is legal."""
        seat = play.seat
        if self._phase != _PLAYING or seat != self._to_act:
            return self._play_error(play)  # by the phase or the turn, naming no card
        count = (self._facts.masks[seat] & ~self._played).bit_count()
        if count != 1:
            return _refusal(CardNotHeldError, _ONLY_CARD, "R-PLAY-7", play, seat=seat, count=count)
        return None

    def _bid_error(self, bid: Bid) -> IllegalActionError:
        seat, tricks = bid.seat, bid.tricks
        t = self._facts
        shown = tricks  # a Bid holds a whole number within bounds: evidence as the int itself
        if self._phase == _OVER:
            return _refusal(GameOverError, _BID_OVER, "R-END-4", bid, seat=seat, bid=shown)
        if self._phase == _PLAYING:
            why = _BID_CLASSIC if t.variant.is_classic else _BID_PLAYING
            return _refusal(WrongPhaseError, why, "R-BID-3", bid, seat=seat, bid=shown)
        if seat != self._to_act:
            return _refusal(
                OutOfTurnError,
                _BID_TURN,
                "R-BID-3",
                bid,
                seat=seat,
                bid=shown,
                to_act=self._to_act,
            )
        if not bid_in_range(tricks, hand_size=t.hand_size):
            return _refusal(
                BidOutOfRangeError,
                _BID_RANGE,
                "R-BID-3",
                bid,
                seat=seat,
                bid=shown,
                hand_size=t.hand_size,
            )
        return _refusal(
            ForbiddenBidError,
            _BID_HOOK,
            "R-BID-2",
            bid,
            seat=seat,
            bid=tricks,
            earlier=_bids_total(self),
            hand_size=t.hand_size,
        )

    def _play_error(self, play: Play) -> IllegalActionError:
        seat, card = play.seat, play.card
        to_act = self._to_act
        # "My only card" (card None) is refused here only by the phase or the turn
        # (resolve_play), in words that name no card: the seat may not see it (R-VIEW-4).
        named: dict[str, object] = {} if card is None else {"card": card}
        if self._phase == _OVER:
            why = _ONLY_OVER if card is None else _PLAY_OVER
            return _refusal(GameOverError, why, "R-END-4", play, seat=seat, **named)
        if self._phase == _BIDDING:
            why = _ONLY_BIDDING if card is None else _PLAY_BIDDING
            return _refusal(
                WrongPhaseError, why, "R-PLAY-7", play, seat=seat, to_act=to_act, **named
            )
        if seat != to_act:
            why = _ONLY_TURN if card is None else _PLAY_TURN
            return _refusal(
                OutOfTurnError, why, "R-PLAY-7", play, seat=seat, to_act=to_act, **named
            )
        assert card is not None  # resolve_play has resolved "my only card" by now
        hand = self._facts.masks[seat] & ~self._played
        if not hand >> card.bit & 1:
            return _refusal(CardNotHeldError, _NOT_HELD, "R-PLAY-7", play, seat=seat, card=card)
        # The card is held but not playable: ask the rule which clause excluded it.
        mask, clause = self._playable()
        led = Suit(play_rules.suit_of(self._trick[0]))
        cards = CardSet.from_mask(mask)
        if clause == play_rules.FOLLOW_SUIT:
            return _refusal(
                MustFollowSuitError,
                _FOLLOW,
                "R-PLAY-2",
                play,
                seat=seat,
                card=card,
                cards=cards,
                led=led,
            )
        if clause == play_rules.MUST_OVERTRUMP:
            return _refusal(
                MustOvertrumpError,
                _OVERTRUMP,
                "R-PLAY-8",
                play,
                seat=seat,
                card=card,
                best=_card(self._best),
                cards=cards,
            )
        return _refusal(
            MustTrumpError,
            _TRUMP,
            "R-PLAY-3",
            play,
            seat=seat,
            card=card,
            led=led,
            trump=self.trump,
            cards=cards,
        )

    def _playable(self) -> tuple[int, str]:
        """The playable cards of the seat to act, and the clause that decided them."""
        return _playable_of(self._facts, self._to_act, self._played, self._trick, self._best)

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
        return (
            self._facts.deal,
            self._phase,
            self._to_act,
            self._bids,
            self._played,
            self._trick,
            self._history,
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Round):
            return self is other or self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        deal = self._facts.deal
        trump = "no trump" if deal.turn_up is None else f"trump {deal.turn_up.suit}"
        state = (
            "over"
            if self._phase == _OVER
            else f"{self.phase.name.lower()}, seat {self._to_act} to act"
        )
        return (
            f"<Round {deal.variant.name} players={deal.players} hand_size={deal.hand_size} "
            f"dealer={deal.dealer} {trump}: {state}>"
        )


def _leader(s: Round) -> int:
    """The seat that led the trick on the table (the seat to lead, before the lead)."""
    return (s._to_act - len(s._trick)) % s._facts.players


def _last(s: Round) -> Action | None:
    """The action that made the state ``s``, or None for a round's first state."""
    t = s._facts
    players = t.players
    if s._trick:  # a card to the trick on the table, by the seat right of the one to act
        return PLAYS[(s._to_act - 1) % players][s._trick[-1]]
    if s._history:  # the last card of the last trick
        leader, bits = s._history[-1]
        return PLAYS[(leader + len(bits) - 1) % players][bits[-1]]
    made = sum(b is not None for b in s._bids)
    if made == 0:
        return None
    seat = (t.first_hand + made - 1) % players  # the last bid so far
    tricks = s._bids[seat]
    assert tricks is not None
    return BIDS[seat][tricks]


def _sealed(n: _Draft) -> Round:
    """``n``, filled in, as a :class:`Round` (see :class:`_Draft`); nothing writes to it again.

    The hot transitions (:func:`_play`) make this change inline, to save a call.
    """
    n.__class__ = Round  # type: ignore[assignment]
    return n  # type: ignore[return-value]


def _copy(s: Round) -> _Draft:
    """A draft with every field of ``s``, for a transition to change some of them."""
    n = _Draft()
    n._facts = s._facts
    n._phase = s._phase
    n._to_act = s._to_act
    n._bids = s._bids
    n._played = s._played
    n._trick = s._trick
    n._best = s._best
    n._history = s._history
    n._won = s._won
    n._legal = s._legal
    return n


def _start(t: _DealFacts) -> Round:
    """The round before its first action: bidding, or in classic the first lead."""
    s = _Draft()
    s._facts = t
    s._to_act = t.first_hand
    s._bids = (None,) * t.players
    s._played = 0
    s._trick = ()
    s._best = _NO_CARD
    s._history = ()
    s._won = (0,) * t.players
    if t.variant.is_classic:  # no bidding (R-BID-*): the first hand leads (R-PLAY-1)
        s._phase, s._legal = _PLAYING, t.masks[t.first_hand]
    else:
        s._phase, s._legal = _BIDDING, 0
    return _sealed(s)


def _bid(s: Round, action: Bid) -> Round:
    """The round after ``action``, a bid: every field written here, as in :func:`_play`."""
    t = s._facts
    seat = action.seat
    bids = list(s._bids)
    bids[seat] = action.tricks
    n = _Draft()
    n._facts = t
    n._bids = tuple(bids)
    n._played = s._played
    n._trick = s._trick
    n._best = s._best
    n._history = s._history
    n._won = s._won
    if seat == t.dealer:
        # The dealer bids last (R-BID-1); the first hand leads (R-PLAY-1).
        n._phase = _PLAYING
        n._to_act = t.first_hand
        n._legal = t.masks[t.first_hand]
    else:
        n._phase = s._phase
        n._to_act = t.clockwise[seat]
        n._legal = s._legal
    n.__class__ = Round  # type: ignore[assignment]  # sealed, as _sealed does
    return n  # type: ignore[return-value]


_playable_cards: Final = play_rules.playable_cards


def _playable_of(
    t: _DealFacts, seat: int, played: int, trick: tuple[int, ...], best: int
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


def _play(s: Round, seat: int, bit: int) -> Round:
    """The round after ``seat`` plays the card ``bit``: the engine's hot path.

    Every card of every round comes through here, from :meth:`Round.apply`
    once it has checked the card and from :meth:`Round.apply_legal`.
    """
    t = s._facts
    played = s._played | 1 << bit
    trick = s._trick
    if trick:
        trick = trick + (bit,)  # noqa: RUF005  (faster than (*trick, bit), a list on the way)
        best = s._best
        if t.beats[bit << 6 | best]:  # R-PLAY-6, from the table of rules.play.beats
            best = bit
    else:
        trick = (bit,)
        best = bit
    n = _Draft()
    n._facts = t
    n._bids = s._bids
    n._played = played
    if len(trick) < t.players:
        to_act = t.clockwise[seat]
        n._phase = _PLAYING
        n._to_act = to_act
        n._trick = trick
        n._best = best
        n._history = s._history
        n._won = s._won
        n._legal = _playable_cards(
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
        won = list(s._won)
        won[winner] += 1
        history = s._history + ((led_by, trick),)  # noqa: RUF005  (as above)
        leader = _NEXT_LEADER[winner]
        n._to_act = leader
        n._trick = ()
        n._best = _NO_CARD
        n._history = history
        n._won = tuple(won)
        if len(history) == t.hand_size:
            n._phase = _OVER
            n._legal = 0
        else:
            n._phase = _PLAYING
            n._legal = t.masks[leader] & ~played
    n.__class__ = Round  # type: ignore[assignment]  # sealed, as _sealed does
    return n  # type: ignore[return-value]


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
