"""Exact answers about one round with every card known ("double dummy").

- :func:`bounds`: the fewest and the most tricks a seat can be sure of, whatever
  the other seats do together (the exact-bid family);
- :func:`can_make`: whether a seat can be sure of ending the round with exactly
  so many tricks (its bid, say);
- :func:`double_dummy`: in classic whist, the tricks the side to act takes with
  both sides playing perfectly.

Each takes a :class:`~whist_ro.Round` (in the bidding, or at any moment of the
play, mid-trick included) or a :class:`~whist_ro.Match` (its round in
progress), counts the tricks already won, and searches the rest.  ``budget``
bounds the positions visited; past it a :class:`~whist_ro.errors.SearchBudgetError`
is raised, never a guess.

>>> import whist_ro as wr
>>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qh Jc"],
...                         dealer=2, turn_up="10s")
>>> bounds(r, 0), can_make(r, 0, 1), can_make(r, 1, 1)
((1, 1), True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from whist_ro._check import seat as check_seat
from whist_ro._check import whole
from whist_ro._messages import N_, excerpt
from whist_ro.engine.match import Match
from whist_ro.engine.round import Phase, Round
from whist_ro.errors import ConfigurationError, SearchBudgetError
from whist_ro.rules.scoring import partner_of
from whist_ro.solve._search import EXACTLY, Search, _SpentError

__all__ = ["bounds", "can_make", "double_dummy"]

Position = tuple[tuple[int, ...], int, tuple[int, ...]]
_T = TypeVar("_T")

_NOT_A_STATE = N_("{name} must be a Round or a Match, not {value}")
_EXACT_ONLY = N_(
    "{function}() answers for one seat in the exact-bid family; {variant} is classic "
    "whist, played by sides: ask double_dummy()"
)
_CLASSIC_ONLY = N_(
    "double_dummy() answers for the sides of classic whist; {variant} is of the exact-bid "
    "family: ask bounds() or can_make()"
)
_OVER = N_("the round is over: no side is to act (read its tricks_won)")


def round_of(state: object, *, name: str = "state") -> Round:
    """The round a question is about: ``state`` itself, or a match's round in progress.

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    >>> round_of(m) == m.round
    True
    >>> round_of("Ah")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: state must be a Round or a Match, not 'Ah'
    """
    if isinstance(state, Round):
        return state
    if isinstance(state, Match):
        return state.round
    raise ConfigurationError(
        _NOT_A_STATE, field=name, evidence={"name": name, "value": excerpt(state)}
    )


def position_of(r: Round) -> Position:
    """``(hands, leader, cards)`` of ``r``: the cards each seat holds, the trick on the table.

    In the bidding the position is the first lead's.

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2,
    ...                         turn_up="9c")
    >>> hands, leader, cards = position_of(r)
    >>> [wr.CardSet.from_mask(h) for h in hands], leader, cards
    ([CardSet.parse('Ah'), CardSet.parse('Kh'), CardSet.parse('Qh')], 0, ())
    """
    hands = tuple(hand.mask for hand in r.remaining)
    if r.phase is Phase.BIDDING:  # the first hand leads the first trick (R-PLAY-1)
        return hands, r.first_hand, ()
    trick = r.current_trick
    return hands, trick.leader, tuple(card.bit for card in trick.cards)


def search_for(r: Round, side: tuple[int, ...], budget: int | None) -> Search:
    """A :class:`~whist_ro.solve._search.Search` for ``side`` in ``r``'s deal."""
    variant = r.variant
    trump = None if r.trump is None else int(r.trump)
    return Search(
        players=r.players,
        side=side,
        trump=trump,
        must_trump=variant.must_trump,
        must_overtrump=variant.must_overtrump,
        budget=budget,
    )


def _budget(value: object) -> int | None:
    return None if value is None else whole(value, name="budget", low=1)


def _answer(search: Search, ask: Callable[[Search], _T]) -> _T:
    """``ask(search)``, its spent budget raised as :class:`SearchBudgetError`."""
    try:
        return ask(search)
    except _SpentError:
        raise SearchBudgetError(budget=search.budget or 0) from None


def _exact_round(state: object, seat: object, function: str) -> tuple[Round, int]:
    r = round_of(state)
    if r.variant.is_classic:
        raise ConfigurationError(
            _EXACT_ONLY,
            field="variant",
            evidence={"function": function, "variant": r.variant.name},
        )
    return r, check_seat(seat, players=r.players)


def bounds(state: Round | Match, seat: int, *, budget: int | None = None) -> tuple[int, int]:
    """``(fewest, most)``: the tricks of the whole round ``seat`` can be sure of.

    ``most`` is the most it can be sure to take, ``fewest`` the fewest it can be
    sure to keep itself to, whatever the other seats do together; both count
    the tricks it has won already.  In the bidding they are from the first lead.

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Kh", "Qh 9c", "Jh 10c"],
    ...                         dealer=2, turn_up="9s")
    >>> bounds(r, 0), bounds(r, 1)
    ((2, 2), (0, 0))
    """
    checked = _budget(budget)
    r, seat = _exact_round(state, seat, "bounds")
    won = r.tricks_won[seat]
    if r.is_over:
        return won, won
    hands, leader, cards = position_of(r)
    return _answer(
        search_for(r, (seat,), checked),
        lambda s: (won + s.fewest(hands, leader, cards), won + s.most(hands, leader, cards)),
    )


def can_make(state: Round | Match, seat: int, tricks: int, *, budget: int | None = None) -> bool:
    """Whether ``seat`` can be sure of ending the round with exactly ``tricks`` tricks.

    Not the same as ``fewest <= tricks <= most`` from :func:`bounds`: the
    other seats may choose to push the seat over or under, and a seat may be
    able to take both tricks or none but not one.  Here seat 0 leads: the K
    of spades first takes both tricks, the 9 first loses both.

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ks 9s", "10s Ad", "Kd Jd"],
    ...                         dealer=2, turn_up="Ah")
    >>> bounds(r, 0), can_make(r, 0, 2), can_make(r, 0, 1), can_make(r, 0, 0)
    ((0, 2), True, False, True)
    """
    checked = _budget(budget)
    r, seat = _exact_round(state, seat, "can_make")
    wanted = whole(tricks, name="tricks", high=r.hand_size)
    won = r.tricks_won[seat]
    if r.is_over:
        return won == wanted
    hands, leader, cards = position_of(r)
    return _answer(
        search_for(r, (seat,), checked),
        lambda s: s.holds(EXACTLY, hands, leader, cards, wanted - won),
    )


def double_dummy(state: Round | Match, *, budget: int | None = None) -> int:
    """Classic whist: the tricks of the whole round the side to act takes, both sides perfect.

    The side is the seat to act and its partner; the tricks it has won already
    are counted.

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.CLASSIC, hands=["Ah Kh", "Qh Jh", "10h 9h", "8h 7h"],
    ...                         dealer=3, turn_up="7h")
    >>> double_dummy(r)
    2
    """
    checked = _budget(budget)
    r = round_of(state)
    if not r.variant.is_classic:
        raise ConfigurationError(
            _CLASSIC_ONLY, field="variant", evidence={"variant": r.variant.name}
        )
    seat = r.to_act
    if seat is None:
        raise ConfigurationError(_OVER, field="state", evidence={})
    side = (seat, partner_of(seat))
    won = r.tricks_won[seat] + r.tricks_won[side[1]]
    hands, leader, cards = position_of(r)
    return _answer(search_for(r, side, checked), lambda s: won + s.most(hands, leader, cards))
