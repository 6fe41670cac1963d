"""What one seat may know: the player view of a round or a match (R-VIEW-1..3).

A :class:`PlayerView` is built from a :class:`~whist_ro.Round` or a
:class:`~whist_ro.Match` with :func:`view_of` and holds copies of the public
facts and of the seat's own cards, nothing else: no other hand, no undealt
card, no seed, no reference to the state it came from.  So two states that
differ only in cards the seat cannot see give equal views, and a bot handed
a view cannot peek.

>>> import whist_ro as wr
>>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"],
...                         dealer=2, turn_up="10s")
>>> v = view_of(r, 0)
>>> str(v.hand), v.to_act, v.legal_actions[:2]
('Ah 9c', 0, (Bid(seat=0, tricks=0), Bid(seat=0, tricks=1)))
>>> v.known_hands[1]  # seat 1's cards are not seen
CardSet.parse('')
"""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING, Any, Final, Generic, Literal, overload

from typing_extensions import TypeVar

from whist_ro._check import default_names, excerpt
from whist_ro._check import seat as check_seat
from whist_ro._deprecation import moved_names
from whist_ro._immutable import Immutable
from whist_ro.actions import Action, Bid, Play
from whist_ro.cards import Card, CardSet, Suit
from whist_ro.engine.match import Match
from whist_ro.engine.round import Phase, Round, not_an_action
from whist_ro.engine.tricks import Trick, trick_winner
from whist_ro.errors import CardNotHeldError, ConfigurationError, IllegalActionError
from whist_ro.locale import N_
from whist_ro.results.rubber import GameResult
from whist_ro.results.scoresheet import ScoreRow, ScoreSheet
from whist_ro.rules.bidding import bidding_order, first_hand
from whist_ro.rules.dealing import TrumpSource, trump_source
from whist_ro.schedule import Schedule
from whist_ro.variants import Variant

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["Blind", "PlayerView", "blind_mode", "view_of"]

_RESOLVE_PLAY_USE: Final = (
    "Round.resolve_play(action) (for a Match: match.round.resolve_play(action))"
)
"""What the deprecated ``resolve_play`` names as its replacement."""

if not TYPE_CHECKING:  # a type checker no longer sees the deprecated name
    # Deprecated: imported or read, it warns; kept out of the namespace so walking
    # the module (doctest collection, help) stays quiet.
    __getattr__ = moved_names(
        __name__, {"resolve_play": ("whist_ro.views.view:_resolve_play", _RESOLVE_PLAY_USE)}
    )

Blind = Literal["forehead", "hidden"]
"""How a blind 1-card round hides cards (R-VIEW-3)."""

State_co = TypeVar("State_co", bound="Round | Match", default="Round | Match", covariant=True)
"""What a view is taken of, and so what :meth:`PlayerView.sample` draws: a Round or a Match.

``PlayerView[Round]`` is a lone round's view, ``PlayerView[Match]`` a
match's; a plain ``PlayerView`` is either.
"""

_PAST_VIEWS: Final = 4096

_UNSEEN_CARD: Final = N_(
    "seat {seat} cannot play {card}: in this blind round it cannot see its own card and must "
    "play 'its only card' (R-VIEW-3)"
)


def blind_mode(variant: Variant, hand_size: int) -> Blind | None:
    """The blind house rule that applies to a round of ``hand_size``, or None (R-VIEW-3).

    Only 1-card rounds are played blind, and only when the variant's
    ``blind_one_card`` option is on.

    >>> from whist_ro import variants
    >>> blind_mode(variants.ROMANIAN_FOREHEAD, 1), blind_mode(variants.ROMANIAN_FOREHEAD, 2)
    ('forehead', None)
    """
    mode = variant.blind_one_card
    if hand_size != 1 or mode == "off":
        return None
    return mode


def _resolve_play(state: Round | Match, action: Action) -> Action:
    """Deprecated ``whist_ro.views.resolve_play``: use :meth:`whist_ro.Round.resolve_play`.

    ``action`` with "my only card" (``Play(card=None)``) replaced by the
    card it means; goes in whist-ro 0.3.0.  Imported or read as
    ``resolve_play`` from :mod:`whist_ro.views` it warns with a
    ``DeprecationWarning``.  The rule has one home, the round's own method:
    ``r.resolve_play(action)`` for a round, ``m.round.resolve_play(action)``
    for a match.

    >>> import warnings
    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2,
    ...                         turn_up="Jh")
    >>> for seat in (0, 1, 2):
    ...     r = r.apply(wr.Bid(seat=seat, tricks=0))
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     from whist_ro.views import resolve_play
    >>> resolve_play(r, wr.Play(seat=0, card=None))
    Play(seat=0, card=Card.parse('Ah'))
    >>> r.resolve_play(wr.Play(seat=0, card=None))
    Play(seat=0, card=Card.parse('Ah'))
    """
    round_ = state.round if isinstance(state, Match) else state
    return round_.resolve_play(action)


@overload
def view_of(state: Round, seat: int) -> PlayerView[Round]: ...


@overload
def view_of(state: Match, seat: int) -> PlayerView[Match]: ...


def view_of(state: Round | Match, seat: int) -> PlayerView[Round] | PlayerView[Match]:
    """The view of ``state`` (a round or a match) from ``seat`` (R-VIEW-1..3).

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    >>> v = view_of(m, 0)
    >>> v.is_match, len(v.schedule), v.totals, len(v.hand)
    (True, 21, (0, 0, 0), 1)
    >>> view_of(m, 3)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: seat must be a seat from 0 to 2, not 3
    """
    if isinstance(state, Match):
        return _view(state.round, check_seat(seat, players=state.players), match=state)
    if isinstance(state, Round):
        return _view(state, check_seat(seat, players=state.players), match=None)
    raise ConfigurationError(
        f"a player view is taken of a Round or a Match, not {excerpt(state)}", field="state"
    )


class PlayerView(Immutable, Generic[State_co]):
    """Exactly what one seat may know of a round or a match (R-VIEW-1, R-VIEW-2).

    The round part: the variant, dealer, hand size, face-up trump card,
    every bid, every trick played (with leaders and winners), the trick on
    the table, tricks won, how many cards each seat still holds, and the
    cards the seat knows each seat still holds (:attr:`known_hands`: its own
    hand; in classic, the dealer's exposed trump card until it is played,
    kept by perfect recall; in a "forehead" round, the other seats' cards).
    When it is this seat's turn, :attr:`legal_actions` lists what it may do.

    A match's view adds the schedule, the score sheet, the totals, the
    classic games and the completed rounds (:attr:`past`, as views).

    Views are immutable values: equal when their contents are, hashable,
    and printable (``str(view)`` is a text table, :meth:`to_dict` is
    JSON-ready).  :meth:`sample` draws a full state consistent with the
    view, uniformly (:mod:`whist_ro.views.sample`).

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.CLASSIC, hands=[
    ...     "As Ks Qs Js 10s 9s 8s 7s 6s 5s 4s 3s 2s", "Ah Kh Qh Jh 10h 9h 8h 7h 6h 5h 4h 3h 2h",
    ...     "Ad Kd Qd Jd 10d 9d 8d 7d 6d 5d 4d 3d 2d", "Ac Kc Qc Jc 10c 9c 8c 7c 6c 5c 4c 3c 2c"],
    ...     dealer=3, turn_up="2c")
    >>> v = view_of(r, 1)
    >>> v.known_hands[3], v.trump  # the dealer's exposed trump card (R-VIEW-1)
    (CardSet.parse('2c'), <Suit.CLUBS: 0>)
    """

    __slots__ = (
        "_abandoned",
        "_bids",
        "_blind",
        "_conceded",
        "_counts",
        "_current",
        "_dealer",
        "_disconnected",
        "_games",
        "_hand_size",
        "_hash",
        "_known",
        "_legal",
        "_match_over",
        "_names",
        "_past",
        "_phase",
        "_players",
        "_schedule",
        "_score_sheet",
        "_seat",
        "_to_act",
        "_totals",
        "_tricks",
        "_turn_up",
        "_variant",
        "_won",
    )

    _seat: int
    _variant: Variant
    _players: int
    _names: tuple[str, ...]
    _dealer: int
    _hand_size: int
    _turn_up: Card | None
    _blind: Blind | None
    _phase: Phase
    _to_act: int | None
    _bids: tuple[int | None, ...]
    _tricks: tuple[Trick, ...]
    _current: Trick
    _won: tuple[int, ...]
    _counts: tuple[int, ...]
    _known: tuple[CardSet, ...]
    _legal: tuple[Action, ...]
    # The match part: None / empty for a round's view.
    _schedule: Schedule | None
    _score_sheet: ScoreSheet | None
    _past: tuple[PlayerView[Round], ...]
    _totals: tuple[int, ...] | None
    _games: tuple[GameResult, ...]
    _match_over: bool
    _abandoned: bool
    _disconnected: tuple[int, ...]
    _conceded: int | None
    _hash: int | None

    # The hash is worked out on first use; a pickled view is hashed afresh
    # (str hashes differ between processes).
    _volatile_ = frozenset({"_hash"})

    def __init__(self):  # type: ignore[no-untyped-def]
        raise TypeError("take a PlayerView with view_of(state, seat) (or state.view(seat))")

    # -- the round --------------------------------------------------------------

    @property
    def seat(self) -> int:
        """The seat whose view this is."""
        return self._seat

    @property
    def variant(self) -> Variant:
        """The rules of the game."""
        return self._variant

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._players

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, one per seat: a match's :attr:`Match.names <whist_ro.Match.names>`.

        A lone round's view (and the past rounds in a match's view) names
        the seats ``"seat 0"``, ``"seat 1"`` ...

        >>> import whist_ro as wr
        >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1, names=["Ana", "Bo", "Cici"])
        >>> m.view(0).names
        ('Ana', 'Bo', 'Cici')
        """
        return self._names

    @property
    def dealer(self) -> int:
        """The dealer of the round in progress (or the last one played)."""
        return self._dealer

    @property
    def first_hand(self) -> int:
        """The seat left of the dealer: it bids first and leads first (R-BID-1, R-PLAY-1)."""
        return first_hand(self._dealer, self._players)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat this round."""
        return self._hand_size

    @property
    def turn_up(self) -> Card | None:
        """The face-up card that set trump, or None (R-TRUMP-*)."""
        return self._turn_up

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None (R-TRUMP-2)."""
        return None if self._turn_up is None else self._turn_up.suit

    @property
    def trump_source(self) -> TrumpSource:
        """``"turn_up"`` (the card is out of play), ``"dealer_last"`` (the dealer holds it), None.

        >>> import whist_ro as wr
        >>> view_of(wr.Match.new(wr.variants.CLASSIC, players=4, seed=1), 0).trump_source
        'dealer_last'
        """
        return trump_source(self._variant, players=self._players, hand_size=self._hand_size)

    @property
    def blind(self) -> Blind | None:
        """``"forehead"`` or ``"hidden"`` in a blind 1-card round (R-VIEW-3), else None."""
        return self._blind

    @property
    def phase(self) -> Phase:
        """Bidding, playing or over."""
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or None when nothing is left to do."""
        return self._to_act

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is to act."""
        return self._to_act == self._seat

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid, None until made (R-BID-1: bids are public)."""
        return self._bids

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of the round, in play order."""
        return self._tricks

    @property
    def current_trick(self) -> Trick:
        """The trick on the table (empty before the lead)."""
        return self._current

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken so far, one count per seat."""
        return self._won

    @property
    def hand_counts(self) -> tuple[int, ...]:
        """How many cards each seat still holds."""
        return self._counts

    @property
    def known_hands(self) -> tuple[CardSet, ...]:
        """For each seat, the unplayed cards this seat knows it holds (R-VIEW-1, R-VIEW-3)."""
        return self._known

    @property
    def hand(self) -> CardSet:
        """This seat's own unplayed cards, as far as it sees them (empty in a blind round)."""
        return self._known[self._seat]

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """What this seat may do now; empty unless it is this seat's turn.

        In a blind round the one play is ``Play(seat=..., card=None)``,
        "my only card", which names no card (R-VIEW-3).
        """
        return self._legal

    def refusal(self, action: Action) -> IllegalActionError | None:
        """Why the state would refuse this seat's ``action``, from what the seat sees; or None.

        The answer of :meth:`Round.refusal <whist_ro.Round.refusal>` (or the
        match's) on the state this view was taken of, worked out from the
        view alone: the rules decide by the phase, the turn, the public play
        and the seat's own cards, all of which the view holds, so the error
        is the same (type, rule, evidence, text, ``action``) and names no
        card the seat cannot see (R-VIEW-4).  The one difference: in a
        blind round (R-VIEW-3) the seat does not know its own card, so a
        card it names at its turn to play is refused with a
        :class:`~whist_ro.errors.CardNotHeldError` under R-VIEW-3 even where
        the state would accept it; "my only card" is the play it makes.

        A view answers for its own seat only: another seat's action raises
        :class:`~whist_ro.errors.ConfigurationError`, and something that is
        no action at all :class:`~whist_ro.errors.ActionTypeError`.

        >>> import whist_ro as wr
        >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
        ...                         dealer=2, turn_up="Qs")
        >>> for seat, bid in ((0, 0), (1, 0), (2, 1)):
        ...     r = r.apply(wr.Bid(seat=seat, tricks=bid))
        >>> v = view_of(r.apply(wr.Play(seat=0, card="Jc")), 1)
        >>> v.refusal(wr.Play(seat=1, card="10c")) is None
        True
        >>> print(v.refusal(wr.Play(seat=1, card="Kh")))
        seat 1 cannot play Kh: it holds 10c and must follow clubs (R-PLAY-2)
        >>> hidden = wr.Round.from_hands(wr.variants.ROMANIAN_HIDDEN, hands=["Ah", "Kh", "Qh"],
        ...                              dealer=2, turn_up="Jh")
        >>> for seat in (0, 1, 2):
        ...     hidden = hidden.apply(wr.Bid(seat=seat, tricks=0))
        >>> hidden.is_legal(wr.Play(seat=0, card="Ah"))
        True
        >>> print(view_of(hidden, 0).refusal(wr.Play(seat=0, card="Ah")))
        seat 0 cannot play Ah: in this blind round it cannot see its own card and must play \
'its only card' (R-VIEW-3)
        """
        if type(action) is not Bid and type(action) is not Play:
            raise not_an_action(action)
        seat = self._seat
        if action.seat != seat:
            raise ConfigurationError(
                f"the view of seat {seat} answers for seat {seat}'s actions, "
                f"not for seat {action.seat}'s",
                field="seat",
            )
        if (
            self._blind is not None
            and type(action) is Play
            and action.card is not None
            and self._to_act == seat
            and self._phase is Phase.PLAYING
        ):
            return CardNotHeldError(
                _UNSEEN_CARD,
                rule="R-VIEW-3",
                seat=seat,
                action=action,
                evidence={"seat": seat, "card": action.card},
            )
        # Any state the view allows refuses for the same reason as the real one:
        # ask one.  Only an ended match refuses by the match, not its last round.
        from whist_ro.views.sample import _sample_round, sample  # noqa: PLC0415

        rng = random.Random(0)
        if self._match_over:
            return sample(self, rng).refusal(action)
        return _sample_round(self, rng).refusal(action)

    def is_legal(self, action: Action) -> bool:
        """True if this seat's ``action`` is allowed now, as far as the seat can tell.

        :meth:`refusal` is None (see there for the one blind-round difference).

        >>> import whist_ro as wr
        >>> v = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1).view(2)
        >>> v.is_legal(wr.Bid(seat=2, tricks=1)), v.is_legal(wr.Bid(seat=2, tricks=2))
        (True, False)
        """
        return self.refusal(action) is None

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the round so far, in order: the bids, then the plays."""
        out: list[Action] = []
        order = bidding_order(self._dealer, self._players)
        for seat in order[: sum(b is not None for b in self._bids)]:
            bid = self._bids[seat]
            assert bid is not None
            out.append(Bid(seat=seat, tricks=bid))
        for trick in (*self._tricks, self._current):
            out.extend(trick.plays)
        return tuple(out)

    # -- the match --------------------------------------------------------------

    @property
    def is_match(self) -> bool:
        """True for a match's view, False for a lone round's."""
        return self._schedule is not None

    @property
    def schedule(self) -> Schedule | None:
        """The match's schedule, or None for a round's view."""
        return self._schedule

    @property
    def score_sheet(self) -> ScoreSheet | None:
        """The match's score sheet so far, or None for a round's view."""
        return self._score_sheet

    @property
    def past(self) -> tuple[PlayerView[Round], ...]:
        """The match's completed rounds as views (everything in them was played)."""
        return self._past

    @property
    def totals(self) -> tuple[int, ...] | None:
        """The match's running totals, or None for a round's view."""
        return self._totals

    @property
    def games(self) -> tuple[GameResult, ...]:
        """Finished classic games (empty in the exact family)."""
        return self._games

    @property
    def round_number(self) -> int:
        """The 1-based number of the round this view shows (1 for a round's view)."""
        if self._past and self._phase is Phase.OVER:
            return len(self._past)
        return len(self._past) + 1

    @property
    def is_over(self) -> bool:
        """True when nothing more is played: the match (or the lone round) is over."""
        if self._schedule is not None:
            return self._match_over
        return self._phase is Phase.OVER

    @property
    def abandoned(self) -> bool:
        """True when the match was abandoned (R-END-3)."""
        return self._abandoned

    @property
    def disconnected(self) -> tuple[int, ...]:
        """Seats named disconnected when the match was abandoned."""
        return self._disconnected

    @property
    def conceded(self) -> int | None:
        """The classic side that conceded, or None (R-END-3)."""
        return self._conceded

    # -- sampling ---------------------------------------------------------------

    def sample(self, rng: random.Random) -> State_co:
        """A full state drawn uniformly among those consistent with this view.

        A :class:`~whist_ro.Round` for a round's view, a
        :class:`~whist_ro.Match` for a match's (see
        :func:`whist_ro.views.sample.sample`); the type checker knows which
        from the view's type, ``PlayerView[Round]`` or ``PlayerView[Match]``.

        >>> import random, whist_ro as wr
        >>> r = wr.Round.shuffled(wr.variants.ROMANIAN, players=4, dealer=0, hand_size=3, seed=1)
        >>> v = view_of(r, 2)
        >>> drawn = v.sample(random.Random(5))
        >>> drawn.hand_size, view_of(drawn, 2) == v
        (3, True)
        """
        # sample.py builds on this module, so it is imported when first used.
        from whist_ro.views.sample import sample  # noqa: PLC0415

        return sample(self, rng)

    def count_deals(self) -> int:
        """How many deals of the current round agree with this view (exact).

        >>> import whist_ro as wr
        >>> r = wr.Round.shuffled(wr.variants.ROMANIAN, players=3, dealer=0, hand_size=1, seed=1)
        >>> view_of(r, 0).count_deals()  # 22 unseen cards: 1 to each other seat, 20 undealt
        462
        """
        from whist_ro.views.sample import count_deals  # noqa: PLC0415

        return count_deals(self)

    # -- output -----------------------------------------------------------------

    def to_dict(self, *, past: bool = True) -> dict[str, Any]:
        """The view as JSON-ready data, what a server sends a client.

        :meth:`from_dict` reads it back.  A match's view holds its completed
        rounds (``match.past``) and score sheet, which grow to most of its
        size late in a match; ``past=False`` leaves both out, as the engine
        protocol's decision requests do (the rounds travel once, as each
        ends: see :doc:`/protocol`).

        >>> import json, whist_ro as wr
        >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2,
        ...                         turn_up="Jh")
        >>> d = view_of(r, 0).to_dict()
        >>> d["hand"], d["known_hands"], d["legal_actions"]
        (['Ah'], [['Ah'], [], []], [{'seat': 0, 'bid': 0}, {'seat': 0, 'bid': 1}])
        >>> json.loads(json.dumps(d)) == d
        True
        >>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1), seed=1)
        >>> "past" in m.view(0).to_dict()["match"], "past" in m.view(0).to_dict(past=False)["match"]
        (True, False)
        """
        trump = self.trump
        data: dict[str, Any] = {
            "seat": self._seat,
            "variant": self._variant.name,
            "players": self._players,
            "names": list(self._names),
            "dealer": self._dealer,
            "hand_size": self._hand_size,
            "turn_up": _text(self._turn_up),
            "trump": None if trump is None else str(trump),
            "blind": self._blind,
            "phase": self._phase.name.lower(),
            "to_act": self._to_act,
            "bids": list(self._bids),
            "tricks": [_trick_dict(t, trump) for t in self._tricks],
            "current_trick": _trick_dict(self._current, None),
            "tricks_won": list(self._won),
            "hand_counts": list(self._counts),
            "hand": [str(c) for c in self.hand],
            "known_hands": [[str(c) for c in h] for h in self._known],
            "legal_actions": [a.to_dict() for a in self._legal],
        }
        if self._schedule is not None:
            assert self._score_sheet is not None
            assert self._totals is not None
            match: dict[str, Any] = {
                "round": self.round_number,
                "schedule": list(self._schedule),
                "schedule_repeats": self._schedule.repeats,
                "totals": list(self._totals),
                "games": [g.to_dict() for g in self._games],
                "over": self._match_over,
                "abandoned": self._abandoned,
                "disconnected": list(self._disconnected),
                "conceded": self._conceded,
            }
            if past:
                match["score_sheet"] = [score_row_dict(row) for row in self._score_sheet]
                match["past"] = [p.to_dict() for p in self._past]
            data["match"] = match
        return data

    @classmethod
    def from_dict(
        cls,
        data: object,
        *,
        variant: Variant | None = None,
        past: Sequence[PlayerView] | None = None,
        score_sheet: Sequence[ScoreRow] | ScoreSheet | None = None,
    ) -> PlayerView:
        """The view :meth:`to_dict` wrote as ``data`` (an engine rebuilds its views with it).

        ``data["variant"]`` holds only the variant's name, so a view of house
        rules is read with ``variant=``, the :class:`~whist_ro.Variant` the
        match was played with (the engine protocol sends it when a match
        starts); without it, the name must be a preset's.  A match's view
        written with ``to_dict(past=False)`` is read with ``past=`` (the
        completed rounds' views, in order) and ``score_sheet=`` (their rows).
        Anything that is not such data raises
        :class:`~whist_ro.errors.WireError` naming the JSON path at fault.

        >>> import whist_ro as wr
        >>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1), seed=1)
        >>> PlayerView.from_dict(m.view(2).to_dict()) == m.view(2)
        True
        >>> PlayerView.from_dict({"seat": 0, "variant": "romanian", "players": "3"})
        Traceback (most recent call last):
        ...
        whist_ro.errors.WireError: view.players: expected a whole number from 2 to 8, not '3'
        """
        # The reader builds on this module, so it is imported when first used.
        from whist_ro.views.from_data import view_from_dict  # noqa: PLC0415

        return view_from_dict(data, variant=variant, past=past, score_sheet=score_sheet)

    def __str__(self) -> str:
        return self.render()

    def render(self, *, lang: str = "en") -> str:
        """The view as a text table (``str(view)``), in ``lang``: ``"en"`` or ``"ro"``.

        >>> import whist_ro as wr
        >>> view = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1).view(0)
        >>> print(view.render(lang="ro").splitlines()[-1])
        licitație: la rând locul 2
        """
        from whist_ro.views.render import render  # noqa: PLC0415

        return render(self, lang=lang)

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, which Jupyter shows (:func:`whist_ro.svg.view`)."""
        # The pictures sit above the views (an upward import on purpose, listed in
        # tests/test_architecture.py).
        from whist_ro.svg import view  # noqa: PLC0415

        return view(self)

    # -- value semantics ----------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (
            self._seat,
            self._variant,
            self._players,
            self._names,
            self._dealer,
            self._hand_size,
            self._turn_up,
            self._blind,
            self._phase,
            self._to_act,
            self._bids,
            self._tricks,
            self._current,
            self._won,
            self._counts,
            self._known,
            self._legal,
            self._schedule,
            self._score_sheet,
            self._past,
            self._totals,
            self._games,
            self._match_over,
            self._abandoned,
            self._disconnected,
            self._conceded,
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PlayerView):
            return self is other or (hash(self) == hash(other) and self._key() == other._key())
        return NotImplemented

    def __hash__(self) -> int:
        # Views key the sampler's cache: the hash is worked out once.
        cached = self._hash
        if cached is None:
            cached = hash(self._key())
            object.__setattr__(self, "_hash", cached)
        return cached

    def __repr__(self) -> str:
        where = f"round {self.round_number}" if self.is_match else "round"
        turn = "over" if self._to_act is None else f"seat {self._to_act} to act"
        return (
            f"<PlayerView seat {self._seat} of {self._variant.name}, {self._players} players: "
            f"{where}, hand {self._hand_size}, {self._phase.name.lower()}, {turn}>"
        )


def _text(card: Card | None) -> str | None:
    return None if card is None else str(card)


def _trick_dict(trick: Trick, trump: Suit | None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "leader": trick.leader,
        "cards": [str(c) for c in trick.cards],
    }
    if trick.is_complete:
        data["winner"] = trick_winner(trick, trump)
    return data


def score_row_dict(row: ScoreRow) -> dict[str, Any]:
    """One score-sheet row as JSON-ready data (the rows of ``match.score_sheet`` in a view's dict).

    >>> import whist_ro as wr
    >>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1), seed=1)
    >>> score_row_dict(m.score_sheet[0])["seats"][2]
    {'bid': 0, 'tricks': 1, 'points': -1, 'bonus': 0, 'total': -1}
    """
    return {
        "number": row.number,
        "hand_size": row.hand_size,
        "dealer": row.dealer,
        "turn_up": _text(row.turn_up),
        "game": row.game,
        "seats": [
            {
                "bid": x.bid,
                "tricks": x.tricks,
                "points": x.points,
                "bonus": x.bonus,
                "total": x.total,
            }
            for x in row.seats
        ],
    }


_new: Final = object.__new__


def fill_view(
    *,
    seat: int,
    variant: Variant,
    players: int,
    names: tuple[str, ...],
    dealer: int,
    hand_size: int,
    turn_up: Card | None,
    blind: Blind | None,
    phase: Phase,
    to_act: int | None,
    bids: tuple[int | None, ...],
    tricks: tuple[Trick, ...],
    current: Trick,
    won: tuple[int, ...],
    counts: tuple[int, ...],
    known: tuple[CardSet, ...],
    legal: tuple[Action, ...],
) -> PlayerView[Any]:
    """A new lone round's view with these fields; :func:`fill_match` adds a match's part.

    With :func:`fill_match`, the one way views are assembled (here and by
    :mod:`whist_ro.views.from_data`); a view is a value once it leaves the
    function that builds it.  Nothing is checked: the callers build the
    fields from a state, or check them as they read them.
    """
    view: PlayerView[Any] = _new(PlayerView)
    set_ = object.__setattr__
    set_(view, "_seat", seat)
    set_(view, "_variant", variant)
    set_(view, "_players", players)
    set_(view, "_names", names)
    set_(view, "_dealer", dealer)
    set_(view, "_hand_size", hand_size)
    set_(view, "_turn_up", turn_up)
    set_(view, "_blind", blind)
    set_(view, "_phase", phase)
    set_(view, "_to_act", to_act)
    set_(view, "_bids", bids)
    set_(view, "_tricks", tricks)
    set_(view, "_current", current)
    set_(view, "_won", won)
    set_(view, "_counts", counts)
    set_(view, "_known", known)
    set_(view, "_legal", legal)
    # The match part of a lone round's view.
    set_(view, "_schedule", None)
    set_(view, "_score_sheet", None)
    set_(view, "_past", ())
    set_(view, "_totals", None)
    set_(view, "_games", ())
    set_(view, "_match_over", False)
    set_(view, "_abandoned", False)
    set_(view, "_disconnected", ())
    set_(view, "_conceded", None)
    set_(view, "_hash", None)
    return view


def fill_match(
    view: PlayerView[Any],
    /,
    *,
    schedule: Schedule,
    score_sheet: ScoreSheet,
    past: tuple[PlayerView[Any], ...],
    totals: tuple[int, ...],
    games: tuple[GameResult, ...],
    match_over: bool,
    abandoned: bool,
    disconnected: tuple[int, ...],
    conceded: int | None,
) -> PlayerView[Match]:
    """``view``, just built by :func:`fill_view`, with a match's part: now a match's view."""
    set_ = object.__setattr__
    set_(view, "_schedule", schedule)
    set_(view, "_score_sheet", score_sheet)
    set_(view, "_past", past)
    set_(view, "_totals", totals)
    set_(view, "_games", games)
    set_(view, "_match_over", match_over)
    set_(view, "_abandoned", abandoned)
    set_(view, "_disconnected", disconnected)
    set_(view, "_conceded", conceded)
    return view


def _view(r: Round, seat: int, *, match: Match | None) -> PlayerView[Any]:
    """``seat``'s view of ``r``, read from its public facts and the seat's own hand.

    With ``match`` (whose current round ``r`` is), the match's part too.
    """
    deal = r.deal
    variant = deal.variant
    players = deal.players
    blind = blind_mode(variant, deal.hand_size)
    remaining = r.remaining
    turn_up = deal.turn_up
    to_act = r.to_act if match is None else match.to_act
    exposed = 0
    if (
        turn_up is not None
        and trump_source(variant, players=players, hand_size=deal.hand_size) == "dealer_last"
    ):
        # R-TRUMP-3 with perfect recall (R-VIEW-1): everyone knows the dealer
        # holds the shown card until it is played.
        exposed = turn_up.mask & remaining[deal.dealer].mask
    known: list[CardSet] = []
    for s, hand in enumerate(remaining):
        if blind is None:
            mask = hand.mask if s == seat else 0
        elif blind == "forehead":
            mask = 0 if s == seat else hand.mask
        else:
            mask = 0
        if s == deal.dealer:
            mask |= exposed
        known.append(CardSet.from_mask(mask))
    legal: tuple[Action, ...] = ()
    if to_act == seat:
        legal = r.legal_actions()
        if blind is not None and r.phase is Phase.PLAYING:
            legal = (Play(seat=seat, card=None),)  # the card is not shown (R-VIEW-3)
    view = fill_view(
        seat=seat,
        variant=variant,
        players=players,
        names=default_names(players) if match is None else match.names,
        dealer=deal.dealer,
        hand_size=deal.hand_size,
        turn_up=turn_up,
        blind=blind,
        phase=r.phase,
        to_act=to_act,
        bids=r.bids,
        tricks=r.tricks,
        current=r.current_trick,
        won=r.tricks_won,
        counts=tuple(len(h) for h in remaining),
        known=tuple(known),
        legal=legal,
    )
    if match is None:
        return view
    return fill_match(
        view,
        schedule=match.schedule,
        score_sheet=match.score_sheet,
        past=tuple(_past_view(p, seat) for p in match.rounds),
        totals=match.totals,
        games=match.games,
        match_over=match.is_over,
        abandoned=match.is_abandoned,
        disconnected=match.disconnected,
        conceded=match.conceded,
    )


@functools.lru_cache(maxsize=_PAST_VIEWS)
def _past_view(r: Round, seat: int) -> PlayerView[Round]:
    # A completed round's view never changes: a match view reuses it.
    return _view(r, seat, match=None)
