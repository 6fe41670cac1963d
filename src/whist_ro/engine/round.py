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
    ForbiddenBidError,
    GameOverError,
    IllegalActionError,
    MustFollowSuitError,
    MustOvertrumpError,
    MustTrumpError,
    NotOverError,
    OutOfTurnError,
    WrongPhaseError,
)
from whist_ro.rules import play as play_rules
from whist_ro.rules.bidding import bid_in_range, forbidden_bid
from whist_ro.rules.scoring import classic_points, exact_round_points
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
    return sum(filter(None, s[_BIDS]))


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


# A state is one tuple, so that building the next state is one tuple and one
# slot write (the slot refuses ordinary assignment: see _immutable).  Field
# positions:
_PHASE: Final = 0
_TO_ACT: Final = 1
_BIDS: Final = 2
_PLAYED: Final = 3
_TRICK: Final = 4
_LEADER: Final = 5
_BEST: Final = 6
_BEST_SEAT: Final = 7
_HISTORY: Final = 8
_WON: Final = 9
_LEGAL: Final = 10
_LAST: Final = 11
_DEAL: Final = 12
_State = tuple[
    int,  # phase
    int,  # to_act
    tuple[int | None, ...],  # bids
    int,  # played
    tuple[int, ...],  # trick
    int,  # leader
    int,  # best
    int,  # best_seat
    tuple[tuple[int, tuple[int, ...]], ...],  # history
    tuple[int, ...],  # won
    int,  # legal
    Action | None,  # last
    Deal,  # the deal, shared by every state of the round
]
# _PLAYED: mask of every card played so far (a seat holds masks[seat] & ~played)
# _TRICK: the bits on the table in play order; _BEST/_BEST_SEAT: who is winning it
# _HISTORY: ((leader, bits), ...) of the completed tricks
# _LEGAL: the playable-cards mask of the seat to act (0 outside play), found
#         when the state is made: the next apply needs it anyway
# _LAST: the action that made this state, or None


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
        return obj._s[_DEAL]

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
        return _start(deal)

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
        return _start(Deal(variant, hands=hands, dealer=dealer, turn_up=turn_up))

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
        return _start(
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
        return _start(
            Deal.shuffled(variant, players=players, dealer=dealer, hand_size=hand_size, seed=seed)
        )

    # -- reading the state ----------------------------------------------------

    deal = _DealAttribute()

    @property
    def variant(self) -> Variant:
        """The rules this round is played under."""
        return self.deal.variant

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.deal.players

    @property
    def dealer(self) -> int:
        """The dealing seat; it bids last (R-BID-1)."""
        return self.deal.dealer

    @property
    def first_hand(self) -> int:
        """The seat left of the dealer: it bids first and leads first (R-PLAY-1)."""
        return self.deal.first_hand

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat."""
        return self.deal.hand_size

    @property
    def turn_up(self) -> Card | None:
        """The face-up card that set trump, or None (R-TRUMP-*)."""
        return self.deal.turn_up

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
        played: int = self._s[_PLAYED]
        return tuple(CardSet.from_mask(m & ~played) for m in self.deal.masks)

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid, None until made (always None in classic)."""
        return self._s[_BIDS]

    @property
    def phase(self) -> Phase:
        """Bidding, playing or over."""
        return _PHASES[self._s[_PHASE]]

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or None once the round is over."""
        s = self._s
        return None if s[_PHASE] == _OVER else s[_TO_ACT]

    @property
    def is_over(self) -> bool:
        """True once every trick has been played."""
        return self._s[_PHASE] == _OVER

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks in play order."""
        players = self.deal.players
        return tuple(_trick(leader, bits, players) for leader, bits in self._s[_HISTORY])

    @property
    def current_trick(self) -> Trick:
        """The trick on the table (empty before the lead, and once the round is over)."""
        s = self._s
        trick: tuple[int, ...] = s[_TRICK]
        leader: int = s[_LEADER] if trick else s[_TO_ACT]
        return _trick(leader, trick, self.deal.players)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken so far, one count per seat."""
        return self._s[_WON]

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action so far in order: the bids, then the plays."""
        deal = self.deal
        s = self._s
        players = deal.players
        bids: tuple[int | None, ...] = s[_BIDS]
        out: list[Action] = []
        made = sum(b is not None for b in bids)
        for i in range(made):
            seat = (deal.first_hand + i) % players
            bid = bids[seat]
            assert bid is not None
            out.append(BIDS[seat][bid])
        history: tuple[tuple[int, tuple[int, ...]], ...] = s[_HISTORY]
        for leader, bits in (*history, (s[_LEADER], s[_TRICK])):
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
        if s[_PHASE] != _OVER:
            raise NotOverError("the round is not over: its points are not known yet")
        won: tuple[int, ...] = s[_WON]
        deal = self.deal
        if deal.variant.is_classic:
            return classic_points(won)
        return exact_round_points(deal.variant, bids=s[_BIDS], tricks=won)

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
        action: Action | None = s[_LAST]
        if action is None:
            return None
        if type(action) is Bid or s[_TRICK]:
            return Step(action=action)
        # A play that leaves the table empty completed a trick: the last one.
        leader, bits = s[_HISTORY][-1]
        trick = _trick(leader, bits, s[_DEAL].players)
        winner: int = s[_TO_ACT]
        if s[_PHASE] != _OVER:
            return Step(action=action, trick=trick, trick_winner=winner)
        return Step(
            action=action, trick=trick, trick_winner=winner, round_over=True, points=self.points
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
        deal = s[_DEAL]
        if s[_PHASE] != _BIDDING or s[_TO_ACT] != deal._dealer:
            return None
        return forbidden_bid(hand_size=deal._hand_size, earlier=_bids_total(s), hook=deal._hook)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action allowed now, bids low to high or cards high to low.

        Empty once the round is over.

        >>> from whist_ro import variants
        >>> r = Round.shuffled(variants.ROMANIAN, players=3, dealer=2, hand_size=1, seed=1)
        >>> r.legal_actions()
        (Bid(seat=0, tricks=0), Bid(seat=0, tricks=1))
        """
        s = self._s
        phase = s[_PHASE]
        if phase == _PLAYING:
            return _plays_for(s[_TO_ACT], s[_LEGAL])
        if phase == _OVER:
            return ()
        row = BIDS[s[_TO_ACT]]
        size = s[_DEAL]._hand_size
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
                return self.apply(self._only_card(action))
            if s[_PHASE] == _PLAYING and seat == s[_TO_ACT] and s[_LEGAL] >> card.bit & 1:
                return _play(self, seat, action)
            raise self._play_error(action)
        if type(action) is Bid:
            seat = action.seat
            tricks = action.tricks
            deal = s[_DEAL]
            if (
                s[_PHASE] == _BIDDING
                and seat == s[_TO_ACT]
                and bid_in_range(tricks, hand_size=deal._hand_size)
                and (seat != deal._dealer or tricks != self.forbidden_bid())
            ):
                return _bid(self, seat, action)
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
        if type(action) is Play:
            return _play(self, action.seat, action)
        return _bid(self, action.seat, action)  # type: ignore[arg-type]

    # -- refusals: the rule functions again, asked why ------------------------------

    def _bid_error(self, bid: Bid) -> IllegalActionError:
        seat, tricks = bid.seat, bid.tricks
        deal = self.deal
        s = self._s
        shown = excerpt(tricks)
        if s[_PHASE] == _OVER:
            return GameOverError(
                f"seat {seat} cannot bid {shown}: the round is over (R-END-4)",
                rule="R-END-4",
                seat=seat,
                action=bid,
            )
        if s[_PHASE] == _PLAYING:
            why = "classic whist has no bidding" if deal.variant.is_classic else "play has started"
            return WrongPhaseError(
                f"seat {seat} cannot bid {shown}: {why} (R-BID-3)",
                rule="R-BID-3",
                seat=seat,
                action=bid,
            )
        if seat != s[_TO_ACT]:
            return OutOfTurnError(
                f"seat {seat} cannot bid {shown}: it is seat {s[_TO_ACT]}'s turn to bid (R-BID-3)",
                rule="R-BID-3",
                seat=seat,
                action=bid,
            )
        if not bid_in_range(tricks, hand_size=deal.hand_size):
            return BidOutOfRangeError(
                f"seat {seat} cannot bid {shown}: bids run from 0 to the hand size "
                f"{deal.hand_size} (R-BID-3)",
                rule="R-BID-3",
                seat=seat,
                action=bid,
            )
        earlier = _bids_total(s)
        return ForbiddenBidError(
            f"seat {seat} (dealer) cannot bid {tricks}: the earlier bids total {earlier}, "
            f"and {earlier} + {tricks} would equal the hand size {deal.hand_size} (R-BID-2)",
            rule="R-BID-2",
            seat=seat,
            action=bid,
        )

    def _only_card(self, play: Play) -> Play:
        """``Play(seat, card=None)`` read as the one card the seat holds (R-VIEW-3, R-PLAY-7)."""
        s = self._s
        seat = play.seat
        deal = s[_DEAL]
        hand = deal.masks[seat] & ~s[_PLAYED] if seat < deal.players else 0
        if hand.bit_count() != 1:
            raise CardNotHeldError(
                f"seat {seat} cannot play 'its only card': it holds {hand.bit_count()} cards "
                "(R-PLAY-7)",
                rule="R-PLAY-7",
                seat=seat,
                action=play,
            )
        only = PLAYS[seat][hand.bit_length() - 1]
        assert only is not None
        return only

    def _play_error(self, play: Play) -> IllegalActionError:
        seat, card = play.seat, play.card
        assert card is not None  # apply() has resolved "my only card"
        s = self._s
        text = f"seat {seat} cannot play {card}"
        if s[_PHASE] == _OVER:
            return GameOverError(
                f"{text}: the round is over (R-END-4)", rule="R-END-4", seat=seat, action=play
            )
        if s[_PHASE] == _BIDDING:
            return WrongPhaseError(
                f"{text}: bidding is not finished, seat {s[_TO_ACT]} bids next (R-PLAY-7)",
                rule="R-PLAY-7",
                seat=seat,
                action=play,
            )
        if seat != s[_TO_ACT]:
            return OutOfTurnError(
                f"{text}: it is seat {s[_TO_ACT]}'s turn to play (R-PLAY-7)",
                rule="R-PLAY-7",
                seat=seat,
                action=play,
            )
        hand = self.deal.masks[seat] & ~s[_PLAYED]
        if not hand >> card.bit & 1:
            return CardNotHeldError(
                f"{text}: it does not hold {card} (R-PLAY-7)",
                rule="R-PLAY-7",
                seat=seat,
                action=play,
            )
        # The card is held but not playable: ask the rule which clause excluded it.
        mask, clause = self._playable()
        led = Suit(play_rules.suit_of(s[_TRICK][0]))
        if clause == play_rules.FOLLOW_SUIT:
            return MustFollowSuitError(
                f"{text}: it holds {_cards_text(mask)} and must follow {led} (R-PLAY-2)",
                rule="R-PLAY-2",
                seat=seat,
                action=play,
            )
        trump = self.deal.trump
        if clause == play_rules.MUST_OVERTRUMP:
            return MustOvertrumpError(
                f"{text}: it must beat the {_card(s[_BEST])} in the trick with "
                f"{_cards_text(mask)} (R-PLAY-8)",
                rule="R-PLAY-8",
                seat=seat,
                action=play,
            )
        return MustTrumpError(
            f"{text}: it has no {led} but holds {trump} {_cards_text(mask)} and must trump "
            "(R-PLAY-3)",
            rule="R-PLAY-3",
            seat=seat,
            action=play,
        )

    def _playable(self) -> tuple[int, str]:
        """The playable cards of the seat to act, and the clause that decided them."""
        s = self._s
        return _playable_of(s[_DEAL], s[_TO_ACT], s[_PLAYED], s[_TRICK], s[_BEST])

    # -- what a seat may see ----------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know of this round (R-VIEW-1..3): see :class:`~whist_ro.PlayerView`.

        >>> from whist_ro import variants
        >>> r = Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
        >>> r.view(1).hand == r.remaining[1]
        True
        """
        # Views sit on top of the engine: imported here, not at the top.
        from whist_ro.views.view import view_of  # noqa: PLC0415

        return view_of(self, seat)

    def _with_deal(self, deal: Deal) -> Round:
        """This state of play on another deal that agrees with every card played.

        Trusted: the samplers of :mod:`whist_ro.views` call it with deals they
        built to agree with the play, and nothing is checked.
        """
        s = self._s
        if s[_PHASE] != _PLAYING:
            return _make((*s[:_DEAL], deal))
        legal = _playable_of(deal, s[_TO_ACT], s[_PLAYED], s[_TRICK], s[_BEST])[0]
        return _make((*s[:_LEGAL], legal, s[_LAST], deal))

    # -- value semantics -------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        # The last action is left out: within a round it follows from the rest.
        s = self._s
        return (s[_DEAL], s[:_LAST])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Round):
            return self is other or self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        deal = self.deal
        s = self._s
        trump = "no trump" if deal.turn_up is None else f"trump {deal.turn_up.suit}"
        state = (
            "over" if s[_PHASE] == _OVER else f"{self.phase.name.lower()}, seat {s[_TO_ACT]} to act"
        )
        return (
            f"<Round {deal.variant.name} players={deal.players} hand_size={deal.hand_size} "
            f"dealer={deal.dealer} {trump}: {state}>"
        )


# Round's slots refuse assignment; states are filled through the slot
# descriptors themselves, which costs no more than a plain attribute write.
_new: Final = object.__new__
_set_state: Final = Round.__dict__["_s"].__set__


def _make(state: _State) -> Round:
    r = _new(Round)
    _set_state(r, state)
    return r


def _start(deal: Deal) -> Round:
    players = deal.players
    first = deal.first_hand
    if deal.variant.is_classic:
        phase, legal = _PLAYING, deal.masks[first]
    else:
        phase, legal = _BIDDING, 0
    return _make(
        (
            phase,
            first,
            (None,) * players,
            0,
            (),
            first,
            -1,
            -1,
            (),
            (0,) * players,
            legal,
            None,
            deal,
        )
    )


def _bid(r: Round, seat: int, action: Bid) -> Round:
    s = r._s
    deal = s[_DEAL]
    bids = list(s[_BIDS])
    bids[seat] = action.tricks
    if seat == deal.dealer:
        # The dealer bids last (R-BID-1); the first hand leads (R-PLAY-1).
        first = deal.first_hand
        return _make(
            (
                _PLAYING,
                first,
                tuple(bids),
                0,
                (),
                first,
                -1,
                -1,
                (),
                s[_WON],
                deal.masks[first],
                action,
                deal,
            )
        )
    return _make(
        (
            _BIDDING,
            deal._clockwise[seat],
            tuple(bids),
            0,
            (),
            s[_LEADER],
            -1,
            -1,
            (),
            s[_WON],
            0,
            action,
            deal,
        )
    )


_playable_cards: Final = play_rules.playable_cards


def _playable_of(
    deal: Deal, seat: int, played: int, trick: tuple[int, ...], best: int
) -> tuple[int, str]:
    """Ask the rule (rules.play.playable_cards) what ``seat`` may play to ``trick``.

    The engine's hot path (_play) makes the same call inline, to save a call.
    """
    return _playable_cards(
        deal.masks[seat] & ~played,
        _SUIT_OF[trick[0]] if trick else None,
        best,
        deal._trump,
        deal._must_trump,
        deal._must_overtrump,
    )


# The suit of each card bit, from rules.play.suit_of, read by index.
_SUIT_OF: Final = tuple(play_rules.suit_of(bit) for bit in range(64))
_next_leader: Final = play_rules.next_leader


def _play(r: Round, seat: int, action: Play) -> Round:
    phase, _, bids, played, trick, leader, best, best_seat, history, won, _, _, deal = r._s
    bit = action.card.bit  # type: ignore[union-attr]  # apply() resolves card=None first
    played |= 1 << bit
    if not trick:
        trick, leader, best, best_seat = (bit,), seat, bit, seat
    else:
        trick = (*trick, bit)
        # R-PLAY-6, from the deal's table of answers of rules.play.beats.
        if deal._beats[bit << 6 | best]:
            best, best_seat = bit, seat
    players = deal._players
    masks = deal._masks
    r = _new(Round)
    if len(trick) < players:
        to_act = deal._clockwise[seat]
        legal = _playable_cards(
            masks[to_act] & ~played,
            _SUIT_OF[trick[0]],
            best,
            deal._trump,
            deal._must_trump,
            deal._must_overtrump,
        )[0]
        _set_state(
            r,
            (
                phase,
                to_act,
                bids,
                played,
                trick,
                leader,
                best,
                best_seat,
                history,
                won,
                legal,
                action,
                deal,
            ),
        )
        return r
    # The trick is complete: its winner takes it and leads the next (R-PLAY-6, R-PLAY-1).
    won_list = list(won)
    won_list[best_seat] += 1
    history = (*history, (leader, trick))
    leader = _next_leader(best_seat)
    if len(history) == deal._hand_size:
        _set_state(
            r,
            (
                _OVER,
                leader,
                bids,
                played,
                (),
                leader,
                -1,
                -1,
                history,
                tuple(won_list),
                0,
                action,
                deal,
            ),
        )
        return r
    _set_state(
        r,
        (
            phase,
            leader,
            bids,
            played,
            (),
            leader,
            -1,
            -1,
            history,
            tuple(won_list),
            masks[leader] & ~played,
            action,
            deal,
        ),
    )
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
