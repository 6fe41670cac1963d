"""What anyone watching may know: the public view of a round or a match (R-VIEW-1, R-VIEW-2).

A :class:`SpectatorView` is what a spectator at the table sees, and what a
server may show to anyone: the bids, every card played and who played it,
the tricks and who took them, the turn-up, how many cards each seat still
holds, and (for a match) the schedule, the score sheet and the totals.  It
holds no unplayed card of any seat, in blind rounds too (R-VIEW-3: in a
"forehead" round the players see one another's cards, but a spectator does
not), and it offers no action.  So two states that differ only in cards
nobody has played give equal spectator views.

Take one with :func:`public_view`:

>>> import whist_ro as wr
>>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"],
...                         dealer=2, turn_up="10s")
>>> v = public_view(r)
>>> v.to_act, v.hand_counts, v.turn_up
(0, (2, 2, 2), Card.parse('10s'))
>>> d = v.to_dict()
>>> d["seat"], d["hand"], d["known_hands"], d["legal_actions"]
(None, [], [[], [], []], [])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from whist_ro._check import excerpt
from whist_ro._immutable import Immutable
from whist_ro.cards import CardSet
from whist_ro.engine.match import Match
from whist_ro.engine.round import Round
from whist_ro.errors import ConfigurationError
from whist_ro.views.view import PlayerView, view_of

if TYPE_CHECKING:
    from whist_ro.actions import Action
    from whist_ro.cards import Card, Suit
    from whist_ro.engine.round import Phase
    from whist_ro.engine.tricks import Trick
    from whist_ro.results.rubber import GameResult
    from whist_ro.results.scoresheet import ScoreSheet
    from whist_ro.rules.dealing import TrumpSource
    from whist_ro.schedule import Schedule
    from whist_ro.variants import Variant
    from whist_ro.views.view import Blind

__all__ = ["SpectatorView", "public_view"]


def public_view(state: Round | Match) -> SpectatorView:
    """The spectator's view of ``state`` (a round or a match): public facts only.

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN_FOREHEAD, players=3, seed=1)
    >>> m.view(0).known_hands[1] == m.round.remaining[1]  # a player sees the others' cards
    True
    >>> public_view(m).to_dict()["known_hands"]  # a spectator sees none
    [[], [], []]
    >>> public_view("x")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: a spectator view is taken of a Round or a Match, not 'x'
    """
    if not isinstance(state, (Round, Match)):
        raise ConfigurationError(
            f"a spectator view is taken of a Round or a Match, not {excerpt(state)}",
            field="state",
        )
    # Seat 0's view holds every public fact; _blank drops what only seat 0 knows.
    return _spectator(_blank(view_of(state, 0)))


def _blank(view: PlayerView) -> PlayerView:
    """``view`` with no card known in any hand and no action offered.

    Its past rounds need nothing dropped: every card of a completed round
    was played, so no hand of theirs holds a card, and they offer no action.
    """
    copy = object.__new__(PlayerView)
    for name in PlayerView.__slots__:
        if hasattr(view, name):
            object.__setattr__(copy, name, getattr(view, name))
    object.__setattr__(copy, "_known", (CardSet(),) * view.players)
    object.__setattr__(copy, "_legal", ())
    object.__setattr__(copy, "_hash", None)
    return copy


def _spectator(blank: PlayerView) -> SpectatorView:
    view = object.__new__(SpectatorView)
    object.__setattr__(view, "_view", blank)
    return view


def _erase_seat(data: dict[str, Any]) -> dict[str, Any]:
    data["seat"] = None
    match = data.get("match")
    if match is not None:
        for past in match.get("past", ()):
            _erase_seat(past)
    return data


class SpectatorView(Immutable):
    """The public facts of a round or a match, as a spectator sees them; no hand at all.

    It answers the same questions as a :class:`~whist_ro.views.PlayerView`
    about the table (bids, tricks, the turn-up, scores) and none about a
    hand: there is no ``seat``, ``hand``, ``known_hands`` or
    ``legal_actions``.  :meth:`to_dict` writes the same JSON shape as
    ``PlayerView.to_dict()`` with ``"seat": null``, an empty ``"hand"``,
    empty ``"known_hands"`` and no legal actions, so one client can draw
    both.  Take one with :func:`public_view`.

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=2)
    >>> m = m.apply(m.legal_actions()[0])
    >>> v = public_view(m)
    >>> v.bids, v.is_match, v.round_number, v.totals
    ((None, None, 0), True, 1, (0, 0, 0))
    """

    __slots__ = ("_view",)

    _view: PlayerView

    def __init__(self):  # type: ignore[no-untyped-def]
        raise TypeError("take a SpectatorView with public_view(state)")

    # -- the round --------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The rules of the game."""
        return self._view.variant

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._view.players

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, one per seat (a lone round's: ``"seat 0"``, ...)."""
        return self._view.names

    @property
    def dealer(self) -> int:
        """The dealer of the round in progress (or the last one played)."""
        return self._view.dealer

    @property
    def first_hand(self) -> int:
        """The seat left of the dealer: it bids first and leads first (R-BID-1, R-PLAY-1)."""
        return self._view.first_hand

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat this round."""
        return self._view.hand_size

    @property
    def turn_up(self) -> Card | None:
        """The face-up card that set trump, or None (R-TRUMP-*); public even in blind rounds."""
        return self._view.turn_up

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None (R-TRUMP-2)."""
        return self._view.trump

    @property
    def trump_source(self) -> TrumpSource:
        """``"turn_up"``, ``"dealer_last"`` (classic: the dealer holds the shown card), None."""
        return self._view.trump_source

    @property
    def blind(self) -> Blind | None:
        """``"forehead"`` or ``"hidden"`` in a blind 1-card round (R-VIEW-3), else None."""
        return self._view.blind

    @property
    def phase(self) -> Phase:
        """Bidding, playing or over."""
        return self._view.phase

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or None when nothing is left to do."""
        return self._view.to_act

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid, None until made (R-BID-1: bids are public)."""
        return self._view.bids

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of the round, in play order."""
        return self._view.tricks

    @property
    def current_trick(self) -> Trick:
        """The trick on the table (empty before the lead)."""
        return self._view.current_trick

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken so far, one count per seat."""
        return self._view.tricks_won

    @property
    def hand_counts(self) -> tuple[int, ...]:
        """How many cards each seat still holds (the cards themselves are not shown)."""
        return self._view.hand_counts

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the round so far, in order: the bids, then the plays."""
        return self._view.actions

    # -- the match --------------------------------------------------------------

    @property
    def is_match(self) -> bool:
        """True for a match's view, False for a lone round's."""
        return self._view.is_match

    @property
    def schedule(self) -> Schedule | None:
        """The match's schedule, or None for a round's view."""
        return self._view.schedule

    @property
    def score_sheet(self) -> ScoreSheet | None:
        """The match's score sheet so far, or None for a round's view."""
        return self._view.score_sheet

    @property
    def past(self) -> tuple[SpectatorView, ...]:
        """The match's completed rounds, as spectator views."""
        return tuple(_spectator(p) for p in self._view.past)

    @property
    def totals(self) -> tuple[int, ...] | None:
        """The match's running totals, or None for a round's view."""
        return self._view.totals

    @property
    def games(self) -> tuple[GameResult, ...]:
        """Finished classic games (empty in the exact family)."""
        return self._view.games

    @property
    def round_number(self) -> int:
        """The 1-based number of the round this view shows (1 for a round's view)."""
        return self._view.round_number

    @property
    def is_over(self) -> bool:
        """True when nothing more is played: the match (or the lone round) is over."""
        return self._view.is_over

    @property
    def abandoned(self) -> bool:
        """True when the match was abandoned (R-END-3)."""
        return self._view.abandoned

    @property
    def disconnected(self) -> tuple[int, ...]:
        """Seats named disconnected when the match was abandoned."""
        return self._view.disconnected

    @property
    def conceded(self) -> int | None:
        """The classic side that conceded, or None (R-END-3)."""
        return self._view.conceded

    # -- output -----------------------------------------------------------------

    def to_dict(self, *, past: bool = True) -> dict[str, Any]:
        """The view as JSON-ready data: a player view's shape, with no seat and no card held.

        ``past=False`` leaves out a match's completed rounds and score sheet,
        as :meth:`PlayerView.to_dict <whist_ro.views.PlayerView.to_dict>` does.

        >>> import json, whist_ro as wr
        >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2,
        ...                         turn_up="Jh")
        >>> d = public_view(r).to_dict()
        >>> d["seat"], d["hand"], d["hand_counts"], d["turn_up"]
        (None, [], [1, 1, 1], 'Jh')
        >>> json.loads(json.dumps(d)) == d
        True
        """
        return _erase_seat(self._view.to_dict(past=past))

    # -- value semantics ----------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SpectatorView):
            return self._view == other._view
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._view) ^ 0x5EC7A7  # not equal to the hidden seat-0 copy's hash

    def __repr__(self) -> str:
        v = self._view
        where = f"round {v.round_number}" if v.is_match else "round"
        turn = "over" if v.to_act is None else f"seat {v.to_act} to act"
        return (
            f"<SpectatorView of {v.variant.name}, {v.players} players: {where}, "
            f"hand {v.hand_size}, {v.phase.name.lower()}, {turn}>"
        )
