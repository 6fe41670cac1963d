"""Post-mortems: for each finished round, could the bid have been made, and which card lost it?

In the exact-bid family a :class:`Verdict` is given for every round and seat.
``makeable`` is :func:`~whist_ro.solve.can_make` at the round's first lead
(the bids are in, no card is out): could the seat have been sure of exactly
its bid, whatever the others did?  When it was and the seat missed, the
round is walked card by card.  A sure result survives any card of the
others (it was sure against them all), so the first card after which it was
no longer sure is the seat's own: its ``losing_play``, and
``keeping_plays`` are the cards it could have played there and still been
sure of its bid.

In classic whist a :class:`SideVerdict` is given for every round and side:
the tricks the side could take with both sides playing perfectly from the
first lead (:func:`~whist_ro.solve.double_dummy`), the tricks it took, and
the side's first card that cost it a trick against the best play from
there (a card of the other side may hand one back; only the side's own
cards are blamed).

A search whose ``budget`` (positions, for each question) runs out gives an
unknown answer (``None``, ``complete`` False), never a guess.

Seat 0 bid 0 and led the K of clubs; seat 1, void, trumped it, and seat 0
took the last trick with the J of diamonds it had to trump with.  Leading
that J first (seat 1 must cover it with the K) kept seat 0 to no trick:

>>> import whist_ro as wr
>>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Jd Kc", "As Kd", "10h Qc"],
...                         dealer=2, turn_up="9d")
>>> for text in ("0", "2", "1", "Kc", "Kd", "Qc", "As", "10h", "Jd"):
...     r = r.apply(r.parse_action(text))
>>> for verdict in post_mortem(r):
...     print(verdict.render())  # doctest: +NORMALIZE_WHITESPACE
round 1, seat 0 bid 0 and took 1: makeable; lost at trick 1 with the K of clubs
    (the J of diamonds kept it)
round 1, seat 1 bid 2 and took 1: not makeable
round 1, seat 2 bid 1 and took 0: not makeable
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeVar

import attrs

from whist_ro._check import whole
from whist_ro._immutable import Immutable
from whist_ro._messages import N_, excerpt, fill
from whist_ro.actions import Play
from whist_ro.cards import Card
from whist_ro.engine.match import Match
from whist_ro.engine.round import Phase, Round
from whist_ro.engine.seats import trick_number
from whist_ro.errors import ConfigurationError
from whist_ro.locale import check as check_lang
from whist_ro.solve._search import EXACTLY, Search, _SpentError
from whist_ro.solve.exact import position_of, search_for

if TYPE_CHECKING:
    from whist_ro.records.record import Record

__all__ = ["SideVerdict", "Verdict", "post_mortem"]

_T = TypeVar("_T")

_NOT_ANALYSABLE = N_("{name} must be a Match, a Round or a match record, not {value}")

_ROUND = N_("round {number}, {who} bid {bid} and took {won}")
_SEAT = N_("seat {seat}")
_MADE = N_("made")
_NOT_MAKEABLE = N_("not makeable")
_UNKNOWN = N_("unknown (the search's budget ran out)")
_LOST = N_("makeable; lost at trick {trick} with the {card}")
_LOST_UNKNOWN = N_("makeable; the card that lost it is unknown (the search's budget ran out)")
_KEPT = N_("the {cards} kept it")
_KEPT_JOIN = N_(" or the ")
_CARD = N_("{rank} of {suit}")
_SIDE = N_("round {number}, {who} took {won} of {size}")
_SIDE_PAR = N_("double dummy {best}")
_SIDE_COSTLY = N_("a trick lost at trick {trick} with the {card}")
_SIDE_HELD = N_("no trick given away")
_SEATS = N_("seats {first} and {second}")
_AND = N_("{first} and {second}")


def _card_words(card: Card, lang: str) -> str:
    return fill(_CARD, lang, rank=card.rank.label, suit=card.suit)


def _kept(plays: tuple[Play, ...], lang: str) -> str:
    words = [_card_words(p.card, lang) for p in plays if p.card is not None]
    return fill(_KEPT, lang, cards=fill(_KEPT_JOIN, lang).join(words))


@attrs.frozen(kw_only=True)
class Verdict(Immutable):
    """One seat's finished round of the exact-bid family, judged with every card known.

    ``round_index`` counts from 0 (reports say "round 1" for index 0).
    ``makeable``: could the seat be sure of exactly its bid from the first
    lead (None: unknown, the budget ran out).  ``losing_play``: the seat's
    own card after which it no longer could (None when the bid was made, was
    never makeable, or the walk ran out of budget), played at trick
    ``losing_trick`` (from 1); ``keeping_plays``: the cards it could have
    played there instead and still been sure of it.  ``complete`` is False
    when a budget ran out anywhere in the verdict.

    >>> v = Verdict(round_index=0, seat=1, bid=1, won=0, makeable=False)
    >>> v.render(name="Ana")
    'round 1, Ana bid 1 and took 0: not makeable'
    >>> v.render("ro", name="Ana")
    'mâna 1, Ana a licitat 1 și a luat 0: nu se putea face'
    """

    round_index: int
    seat: int
    bid: int
    won: int
    makeable: bool | None
    losing_play: Play | None = None
    losing_trick: int | None = None
    keeping_plays: tuple[Play, ...] = ()
    complete: bool = True

    @property
    def made(self) -> bool:
        """Whether the seat took exactly its bid.

        >>> Verdict(round_index=0, seat=0, bid=2, won=2, makeable=True).made
        True
        """
        return self.won == self.bid

    def render(self, lang: str = "en", *, name: str | None = None) -> str:
        """The verdict as one line a table can read, in ``lang``; ``name`` names the seat.

        >>> Verdict(round_index=6, seat=0, bid=2, won=2, makeable=True).render()
        'round 7, seat 0 bid 2 and took 2: made'
        """
        lang = check_lang(lang)
        who = fill(_SEAT, lang, seat=self.seat) if name is None else name
        head = fill(_ROUND, lang, number=self.round_index + 1, who=who, bid=self.bid, won=self.won)
        if self.made:
            tail = fill(_MADE, lang)
        elif self.makeable is None:
            tail = fill(_UNKNOWN, lang)
        elif not self.makeable:
            tail = fill(_NOT_MAKEABLE, lang)
        elif self.losing_play is None or self.losing_play.card is None:
            tail = fill(_LOST_UNKNOWN, lang)
        else:
            tail = fill(
                _LOST,
                lang,
                trick=self.losing_trick,
                card=_card_words(self.losing_play.card, lang),
            )
            if self.keeping_plays:
                tail += f" ({_kept(self.keeping_plays, lang)})"
        return f"{head}: {tail}"


@attrs.frozen(kw_only=True)
class SideVerdict(Immutable):
    """One side's finished round of classic whist, judged with every card known.

    ``side`` is the two seats; ``double_dummy`` the tricks of the round the
    side could take with both sides perfect from the first lead (None:
    unknown, the budget ran out); ``won`` the tricks it took.
    ``costly_play`` is the side's first card that cost it a trick against
    perfect play from there (None when it gave none away), at trick
    ``costly_trick``, and ``keeping_plays`` the cards that would not have.

    >>> v = SideVerdict(round_index=0, side=(0, 2), hand_size=13, double_dummy=7, won=7)
    >>> v.render()
    'round 1, seats 0 and 2 took 7 of 13: double dummy 7; no trick given away'
    """

    round_index: int
    side: tuple[int, int]
    hand_size: int
    double_dummy: int | None
    won: int
    costly_play: Play | None = None
    costly_trick: int | None = None
    keeping_plays: tuple[Play, ...] = ()
    complete: bool = True

    def render(self, lang: str = "en", *, names: tuple[str, str] | None = None) -> str:
        """The verdict as one line, in ``lang``; ``names`` names the side's two seats.

        >>> SideVerdict(round_index=0, side=(1, 3), hand_size=13, double_dummy=None,
        ...             won=4, complete=False).render("ro", names=("Bia", "Dan"))
        'mâna 1, Bia și Dan au luat 4 din 13: necunoscut (bugetul căutării s-a terminat)'
        """
        lang = check_lang(lang)
        if names is None:
            who = fill(_SEATS, lang, first=self.side[0], second=self.side[1])
        else:
            who = fill(_AND, lang, first=names[0], second=names[1])
        head = fill(
            _SIDE, lang, number=self.round_index + 1, who=who, won=self.won, size=self.hand_size
        )
        if self.double_dummy is None:
            return f"{head}: {fill(_UNKNOWN, lang)}"
        parts = [fill(_SIDE_PAR, lang, best=self.double_dummy)]
        if self.costly_play is not None and self.costly_play.card is not None:
            costly = fill(
                _SIDE_COSTLY,
                lang,
                trick=self.costly_trick,
                card=_card_words(self.costly_play.card, lang),
            )
            if self.keeping_plays:
                costly += f" ({_kept(self.keeping_plays, lang)})"
            parts.append(costly)
        elif self.complete:
            parts.append(fill(_SIDE_HELD, lang))
        else:
            parts.append(fill(_LOST_UNKNOWN, lang))
        return f"{head}: {'; '.join(parts)}"


def post_mortem(
    match_or_record: Match | Round | Record | str | bytes,
    *,
    budget: int | None = None,
    total_budget: int | None = None,
) -> tuple[Verdict, ...] | tuple[SideVerdict, ...]:
    """The verdicts of every finished round: per seat (:class:`Verdict`), per side in classic.

    ``match_or_record`` is a :class:`~whist_ro.Match`, a lone
    :class:`~whist_ro.Round` (judged as round index 0 when it is over; an
    unfinished one has no verdict), or a match record (a
    :class:`~whist_ro.records.Record` or its JSON text, read by
    :meth:`~whist_ro.Match.from_record`).  The round in progress is not
    judged.  ``budget`` bounds the positions of each question asked, and
    ``total_budget`` those of the whole post-mortem (a server's bound on one
    upload: once it is spent, every answer left is unknown); past either the
    answer is unknown (None), never a guess.  Verdicts come in round
    order, then seat order (classic: the side of seats 0 and 2 first).

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=3)
    >>> while len(m.rounds) < 2:
    ...     m = m.apply(m.legal_actions()[0])
    >>> verdicts = post_mortem(m)  # 2 rounds of 3 seats
    >>> len(verdicts), post_mortem(m.to_record()) == verdicts
    (6, True)
    >>> print(verdicts[1].render("ro"))  # one card: it had to take the trick
    mâna 1, locul 1 a licitat 0 și a luat 1: nu se putea face
    """
    allowance = _Allowance(
        None if budget is None else whole(budget, name="budget", low=1),
        None if total_budget is None else whole(total_budget, name="total_budget", low=1),
    )
    rounds, start = _rounds_of(match_or_record)
    if rounds and rounds[0].variant.is_classic:
        return tuple(
            _side_verdict(start + index, r, side, allowance)
            for index, r in enumerate(rounds)
            for side in ((0, 2), (1, 3))
        )
    return tuple(
        _verdict(start + index, r, seat, allowance)
        for index, r in enumerate(rounds)
        for seat in range(r.players)
    )


def _rounds_of(value: object) -> tuple[tuple[Round, ...], int]:
    if isinstance(value, Round):
        return ((value,) if value.is_over else ()), 0
    if isinstance(value, Match):
        return _finished(value), 0
    if isinstance(value, (str, bytes)) or _is_record(value):
        return _finished(Match.from_record(value)), 0  # type: ignore[arg-type]
    raise ConfigurationError(
        _NOT_ANALYSABLE,
        field="match_or_record",
        evidence={"name": "match_or_record", "value": excerpt(value)},
    )


def _is_record(value: object) -> bool:
    # The records sit above the solver: a record is recognised by its class's name and
    # module rather than imported (Match.from_record reads it, with its own checks).
    kind = type(value)
    return kind.__name__ == "Record" and kind.__module__.startswith("whist_ro.records")


def _finished(m: Match) -> tuple[Round, ...]:
    return tuple(r for r in m.rounds if r.is_over)


def _plays(r: Round) -> tuple[Round, list[Play]]:
    """``r`` replayed to its first lead, and its cards in play order."""
    state = Round.from_deal(r.deal)
    plays: list[Play] = []
    for action in r.actions:
        if state.phase is Phase.BIDDING:
            state = state.apply(action)
        elif isinstance(action, Play):
            plays.append(action)
    return state, plays


class _Allowance:
    """The positions left to a whole post-mortem (``total_budget``) and to each question."""

    def __init__(self, each: int | None, total: int | None) -> None:
        self.each = each
        self.left = total

    def ask(self, search: Search, question: Callable[[], _T]) -> _T:
        """``question()`` searched within both budgets; what it visited is spent."""
        budget = self.each
        if self.left is not None:
            if self.left <= 0:
                raise _SpentError
            budget = self.left if budget is None else min(budget, self.left)
        search.nodes = 0
        search.budget = budget
        try:
            return question()
        finally:
            if self.left is not None:
                self.left -= search.nodes


class _Asker:
    """One deal's questions for one side, sharing the search's tables."""

    def __init__(self, r: Round, side: tuple[int, ...], allowance: _Allowance) -> None:
        self.search: Search = search_for(r, side, None)
        self.side = side
        self.allowance = allowance

    def can_make(self, state: Round, tricks: int) -> bool:
        """Whether the side (one seat) can be sure of exactly ``tricks`` in the whole round."""
        wanted = tricks - state.tricks_won[self.side[0]]
        if state.is_over:
            return wanted == 0
        hands, leader, cards = position_of(state)
        search = self.search
        return self.allowance.ask(
            search, lambda: search.holds(EXACTLY, hands, leader, cards, wanted)
        )

    def best(self, state: Round) -> int:
        """The tricks of the whole round the side takes with both sides perfect."""
        won = sum(state.tricks_won[s] for s in self.side)
        if state.is_over:
            return won
        hands, leader, cards = position_of(state)
        search = self.search
        return won + self.allowance.ask(search, lambda: search.most(hands, leader, cards))


def _own_plays(state: Round, seat: int) -> Iterable[Play]:
    return (a for a in state.legal_actions() if isinstance(a, Play) and a.seat == seat)


def _verdict(index: int, r: Round, seat: int, allowance: _Allowance) -> Verdict:
    bid = r.bids[seat]
    assert bid is not None  # every bid of a finished exact-bid round is in
    won = r.tricks_won[seat]
    # What the verdict says before any search: unknown, until a search answers.
    unknown = Verdict(round_index=index, seat=seat, bid=bid, won=won, makeable=None, complete=False)
    start, plays = _plays(r)
    ask = _Asker(r, (seat,), allowance)
    try:
        makeable = ask.can_make(start, bid)
    except _SpentError:
        return unknown
    if not makeable or won == bid:
        return attrs.evolve(unknown, makeable=makeable, complete=True)
    state = start
    try:
        for play in plays:
            after = state.apply(play)
            if play.seat == seat and not ask.can_make(after, bid):
                break
            state = after
        else:
            raise AssertionError("a bid sure from the first lead and missed was lost by a card")
    except _SpentError:
        return attrs.evolve(unknown, makeable=True)
    lost = attrs.evolve(unknown, makeable=True, losing_play=play, losing_trick=trick_number(state))
    try:
        keeping = tuple(p for p in _own_plays(state, seat) if ask.can_make(state.apply(p), bid))
    except _SpentError:
        return lost  # the card that lost it is known; the ones that kept it are not
    return attrs.evolve(lost, keeping_plays=keeping, complete=True)


def _side_verdict(
    index: int, r: Round, side: tuple[int, int], allowance: _Allowance
) -> SideVerdict:
    won = r.tricks_won[side[0]] + r.tricks_won[side[1]]
    unknown = SideVerdict(
        round_index=index,
        side=side,
        hand_size=r.hand_size,
        double_dummy=None,
        won=won,
        complete=False,
    )
    start, plays = _plays(r)
    ask = _Asker(r, side, allowance)
    try:
        par = ask.best(start)
    except _SpentError:
        return unknown
    state, value = start, par
    try:
        for play in plays:
            after = state.apply(play)
            later = ask.best(after)
            if play.seat in side and later < value:
                break
            state, value = after, later
        else:
            return attrs.evolve(unknown, double_dummy=par, complete=True)
    except _SpentError:
        return attrs.evolve(unknown, double_dummy=par)
    costly = attrs.evolve(
        unknown, double_dummy=par, costly_play=play, costly_trick=trick_number(state)
    )
    try:
        keeping = tuple(
            p for p in _own_plays(state, play.seat) if ask.best(state.apply(p)) == value
        )
    except _SpentError:
        return costly
    return attrs.evolve(costly, keeping_plays=keeping, complete=True)
