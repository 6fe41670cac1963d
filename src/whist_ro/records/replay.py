"""Replaying a record under its rules: the match it describes, or its first violation.

:func:`replay` builds the deals the record writes down, checks each one
(R-DECK-4, R-TRUMP-*, the schedule and the dealer rotation, and the seed
when one was recorded), then applies every action through the checked
:meth:`Match.apply <whist_ro.Match.apply>`.  The first thing the rules
refuse becomes a :class:`Violation`: where it happened, who did what, the
rule, a plain explanation with the evidence, and the :class:`Position` at
that moment.  :func:`to_record` and :func:`from_record` convert between a
match and its record; ``Match.to_record``/``Match.from_record`` call them.

>>> import whist_ro as wr
>>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=2), seed=2)
>>> record = to_record(m, seed=True)
>>> from_record(record) == m
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from whist_ro._check import excerpt
from whist_ro._check import names as check_names
from whist_ro._immutable import Immutable
from whist_ro._text import Sentence
from whist_ro.actions import Action, Bid, Play
from whist_ro.cards import Card, CardSet, Suit
from whist_ro.engine.deal import Deal
from whist_ro.engine.match import Match
from whist_ro.engine.round import Phase, Round
from whist_ro.engine.seats import trick_number
from whist_ro.errors import (
    ConfigurationError,
    MatchEndError,
    OutOfDealsError,
    RecordError,
    WhistError,
)
from whist_ro.locale import N_, NP_
from whist_ro.locale import check as check_lang
from whist_ro.locale import render as say
from whist_ro.records.record import (
    Ending,
    Reclaim,
    Record,
    RoundRecord,
    loads,
    preset_name,
)
from whist_ro.records.schema import child, quoting
from whist_ro.rules.scheduling import deal_faults, dealer_of
from whist_ro.schedule import Schedule
from whist_ro.variants import Variant

if TYPE_CHECKING:
    # Annotations only: whist_ro.Takeover is the name to import (issue 26 item 3).
    from whist_ro.engine.seats import Takeover

__all__ = [
    "Position",
    "Replay",
    "Violation",
    "from_record",
    "replay",
    "replay_round",
    "to_record",
]

_State = TypeVar("_State", Match, Round)

_NO_TURN_UP = N_("none (no trump)")
_TURN_UP = N_("{card} (trump {trump})")
_POSITION_HEAD = NP_(
    "round {round}: {n} card each, dealer seat {dealer}, turn-up {turn_up}",
    "round {round}: {n} cards each, dealer seat {dealer}, turn-up {turn_up}",
)
_SEAT_BID = N_("seat {seat} {bid}")
_SEAT_CARDS = N_("seat {seat} {cards}")
_BIDS = N_("bids: {bids}")
_HANDS = N_("hands: {hands}")
_TRICKS_WON = N_("tricks won: {tricks}")
_TRICK_SO_FAR = N_("trick so far: {cards}")
_TO_ACT = N_("seat {seat} to act")
_WHERE_ROUND = N_("round {round}")
_WHERE_BID = N_("round {round}, bid {turn}")
_WHERE_CARD = N_("round {round}, trick {trick}, card {turn}")
_THE_RECORD = N_("the record")
_BIDS_ACTION = N_("seat {seat} bids {bid}")
_PLAYS_ACTION = N_("seat {seat} plays {card}")
_BIDS_BY = N_("{who} bids {bid}")
_PLAYS_BY = N_("{who} plays {card}")
_BREAKS = N_("{where}: {what} breaks {rule}: {why}")
_LOCATED = N_("{where}: {what}")
_CARDS = NP_("{n:,} card", "{n:,} cards")
_PAST_SCHEDULE = N_("round {round} is recorded, but the schedule has {rounds} rounds (R-END-1)")
_WRONG_DEALER = N_(
    "round {round} is dealt by seat {dealer}, but the deal passes one seat clockwise each "
    "round, so seat {expected} deals it (R-SCHED-4)"
)
_WRONG_SIZE = N_(
    "round {round} deals {cards} each, but the schedule of {variant} for {players} players "
    "deals {size} ({rule})"
)
_AFTER_ROUND = N_(
    "{action} comes after round {round} is over: no action is accepted after the end of a "
    "round (R-END-4)"
)
_AFTER_MATCH = N_("round {round} is recorded, but the match was over after round {last} (R-END-4)")
_NOT_SEEDED = N_("round {round}'s hands are not what the recorded seed {seed} deals (R-DEAL-1)")


def _plays(value: Iterable[Play]) -> tuple[Play, ...]:
    return tuple(value)


def _hands(value: Iterable[CardSet]) -> tuple[CardSet, ...]:
    return tuple(value)


def _bids(value: Iterable[int | None]) -> tuple[int | None, ...]:
    return tuple(value)


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class Position(Immutable):
    """A round at one moment, as a referee needs to see it.

    ``round`` counts from 1.  ``hands`` are the cards each seat still
    held, ``trick`` the cards already on the table in the trick being
    played (each a :class:`~whist_ro.Play`), ``bids`` one entry per seat
    (None before that seat bid; all None in classic whist).

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
    ...                         dealer=2, turn_up="Qs")
    >>> print(Position.of(r, number=1))
    round 1: 2 cards each, dealer seat 2, turn-up Qs (trump spades)
    bids: seat 0 -, seat 1 -, seat 2 -
    hands: seat 0 Ah Jc | seat 1 Kh 10c | seat 2 10s 9d
    tricks won: 0 0 0
    seat 0 to act
    """

    round: int
    hand_size: int
    dealer: int
    turn_up: Card | None
    trump: Suit | None
    hands: tuple[CardSet, ...] = attrs.field(converter=_hands)
    bids: tuple[int | None, ...] = attrs.field(converter=_bids)
    tricks_won: tuple[int, ...] = attrs.field(converter=_ints)
    trick: tuple[Play, ...] = attrs.field(converter=_plays)
    to_act: int | None

    @classmethod
    def of(cls, round_: Round, *, number: int) -> Position:
        """The position of ``round_``, the ``number``-th round of its match."""
        return cls(
            round=number,
            hand_size=round_.hand_size,
            dealer=round_.dealer,
            turn_up=round_.turn_up,
            trump=round_.trump,
            hands=round_.remaining,
            bids=round_.bids,
            tricks_won=round_.tricks_won,
            trick=round_.current_trick.plays,
            to_act=round_.to_act,
        )

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str = "en") -> str:
        """The position as text in ``lang``: ``"en"`` (``str()``) or ``"ro"``.

        >>> import whist_ro as wr
        >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah", "Kh", "9d"],
        ...                         dealer=2, turn_up="Qs")
        >>> print(Position.of(r, number=3).render("ro"))
        mâna 3: câte 1 carte, împărțitor locul 2, carte întoarsă Q de pică (atu pică)
        licitații: locul 0 -, locul 1 -, locul 2 -
        cărți: locul 0 A de inimă | locul 1 K de inimă | locul 2 9 de caro
        levate luate: 0 0 0
        la rând locul 0
        """
        if self.turn_up is None:
            turn_up = say(_NO_TURN_UP, lang)
        else:
            turn_up = say(_TURN_UP, lang, card=self.turn_up, trump=self.trump)
        head = Sentence.plural(
            _POSITION_HEAD, self.hand_size, round=self.round, dealer=self.dealer, turn_up=turn_up
        )
        bids = ", ".join(
            say(_SEAT_BID, lang, seat=s, bid="-" if b is None else b)
            for s, b in enumerate(self.bids)
        )
        hands = " | ".join(
            say(_SEAT_CARDS, lang, seat=s, cards=h) for s, h in enumerate(self.hands)
        )
        lines = [
            head.render(lang),
            say(_BIDS, lang, bids=bids),
            say(_HANDS, lang, hands=hands),
            say(_TRICKS_WON, lang, tricks=" ".join(map(str, self.tricks_won))),
        ]
        if self.trick:
            played = ", ".join(
                say(_SEAT_CARDS, lang, seat=p.seat, cards=p.card) for p in self.trick
            )
            lines.append(say(_TRICK_SO_FAR, lang, cards=played))
        if self.to_act is not None:
            lines.append(say(_TO_ACT, lang, seat=self.to_act))
        return "\n".join(lines)


@attrs.frozen(kw_only=True)
class Violation(Immutable):
    """The first thing in a record that the rules refuse.

    ``round`` and ``trick`` count from 1 (``trick`` is 0 during the
    bidding and for a problem with the deal itself); ``turn`` is the
    place in the trick (or in the bidding order) from 1.  ``action`` is
    None when the problem is the deal or the ending rather than an action.
    ``path`` is the JSON path of the offending value in the record.

    >>> import whist_ro as wr
    >>> v = Violation(round=2, trick=3, turn=2, seat=1, action=wr.Play(seat=1, card="Kh"),
    ...               rule="R-PLAY-2", explanation="seat 1 ...", position=None,
    ...               path="rounds[1].actions[9]")
    >>> str(v)
    'round 2, trick 3, card 2: seat 1 plays Kh breaks R-PLAY-2: seat 1 ...'
    """

    round: int
    trick: int
    turn: int
    seat: int | None
    action: Action | None
    rule: str
    explanation: str
    position: Position | None
    path: str
    reason: Sentence | None = attrs.field(default=None, eq=False)
    """The explanation as a sentence (its template and evidence), for :meth:`render`."""

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str = "en", *, who: Sequence[object] | None = None) -> str:
        """The violation in ``lang``: ``"en"`` (``str()``) or ``"ro"``.

        ``who`` names the seats, as :meth:`located` does.

        >>> import whist_ro as wr
        >>> v = Violation(round=2, trick=3, turn=2, seat=1, action=wr.Play(seat=1, card="Kh"),
        ...               rule="R-PLAY-2", explanation="...", position=None,
        ...               path="rounds[1].actions[9]")
        >>> v.render("ro")
        'mâna 2, levata 3, cartea 2: locul 1 joacă K de inimă încalcă R-PLAY-2: ...'
        """
        where, what = self._located(lang, who)
        return say(
            _BREAKS, lang, where=where, what=what, rule=self.rule, why=self.explanation_in(lang)
        )

    def located(self, lang: str = "en", *, who: Sequence[object] | None = None) -> str:
        """Where the violation is and what was done there, in ``lang`` (no rule, no reason).

        >>> import whist_ro as wr
        >>> v = Violation(round=2, trick=3, turn=2, seat=1, action=wr.Play(seat=1, card="Kh"),
        ...               rule="R-PLAY-2", explanation="...", position=None,
        ...               path="rounds[1].actions[9]")
        >>> v.located()
        'round 2, trick 3, card 2: seat 1 plays Kh'
        >>> v.located("ro")
        'mâna 2, levata 3, cartea 2: locul 1 joacă K de inimă'

        ``who`` names each seat (a text, or a sentence rendered in ``lang``,
        as :func:`~whist_ro.records.adjudicate.seat_label` gives), so that a
        record's player is named:

        >>> v.located("ro", who=["Ana", "Bogdan (locul 1)", "Cici"])
        'mâna 2, levata 3, cartea 2: Bogdan (locul 1) joacă K de inimă'
        """
        check_lang(lang)
        where, what = self._located(lang, who)
        return say(_LOCATED, lang, where=where, what=what)

    def _located(self, lang: str, who: Sequence[object] | None = None) -> tuple[str, str]:
        action = self.action
        if action is None:
            return say(_WHERE_ROUND, lang, round=self.round), say(_THE_RECORD, lang)
        if isinstance(action, Bid) and self.trick == 0:
            where = say(_WHERE_BID, lang, round=self.round, turn=self.turn)
        else:
            where = say(_WHERE_CARD, lang, round=self.round, trick=self.trick, turn=self.turn)
        # A seat outside the names (a record that names too few) is said by its number.
        named = who[action.seat] if who is not None and 0 <= action.seat < len(who) else None
        if isinstance(action, Bid):
            if named is None:
                return where, say(_BIDS_ACTION, lang, seat=action.seat, bid=action.tricks)
            return where, say(_BIDS_BY, lang, who=named, bid=action.tricks)
        if isinstance(action, Play) and action.card is not None:
            if named is None:
                return where, say(_PLAYS_ACTION, lang, seat=action.seat, card=action.card)
            return where, say(_PLAYS_BY, lang, who=named, card=action.card)
        return where, str(action)

    def explanation_in(self, lang: str = "en") -> str:
        """The explanation in ``lang``, rendered from :attr:`reason` (else the English one).

        >>> Violation(round=1, trick=0, turn=0, seat=None, action=None, rule="R-DECK-4",
        ...           explanation="x", position=None, path="").explanation_in("ro")
        'x'
        """
        check_lang(lang)
        return self.explanation if self.reason is None else self.reason.render(lang)


@attrs.frozen(kw_only=True)
class Replay(Immutable):
    """What :func:`replay` found: the last legal state, and the violation if any.

    ``state`` is None only when the very first deal is refused.
    ``needs_deal`` is True when the record stops at the end of a round
    while the match goes on, and no deal for the next round was at hand.
    """

    state: Match | Round | None
    violation: Violation | None
    needs_deal: bool = False


# -- explanations -------------------------------------------------------------------


def _words(action: Action) -> Sentence | str:
    """An action as a sentence of the catalogue (a bid, a card), else its English text."""
    if isinstance(action, Bid):
        return Sentence(_BIDS_ACTION, seat=action.seat, bid=action.tricks)
    if isinstance(action, Play) and action.card is not None:
        return Sentence(_PLAYS_ACTION, seat=action.seat, card=action.card)
    return str(action)


def _reason(error: WhistError) -> Sentence | None:
    """The refusal as a sentence (template and evidence) when it was built from data."""
    if error.template is None:
        return None
    return Sentence(error.template, **error.evidence)


def _at_action(
    round_: Round,
    number: int,
    action: Action,
    rule: str,
    why: str,
    path: str,
    reason: Sentence | None = None,
) -> Violation:
    trick = trick_number(round_)
    if round_.phase is Phase.BIDDING:
        turn = sum(b is not None for b in round_.bids) + 1
    else:
        turn = len(round_.current_trick) + 1
    return Violation(
        round=number,
        trick=trick,
        turn=turn,
        seat=action.seat if isinstance(action, (Bid, Play)) else None,
        action=action,
        rule=rule,
        explanation=why,
        position=Position.of(round_, number=number),
        path=path,
        reason=reason,
    )


def _at_deal(
    number: int, seat: int | None, rule: str, why: str, path: str, reason: Sentence | None = None
) -> Violation:
    return Violation(
        round=number,
        trick=0,
        turn=0,
        seat=seat,
        action=None,
        rule=rule,
        explanation=why,
        position=None,
        path=path,
        reason=reason,
    )


# -- deals ----------------------------------------------------------------------------


def _deal(record_round: RoundRecord, variant: Variant, index: int) -> Deal | Violation:
    """The round's deal as a checked :class:`Deal` (R-DECK-4, R-TRUMP-*), or why not."""
    where = child("rounds", index)
    try:
        return Deal(
            variant,
            hands=record_round.hands,
            dealer=record_round.dealer,
            turn_up=record_round.turn_up,
        )
    except WhistError as error:
        rule = error.rule or "R-DECK-4"
        # A turn-up refusal keeps the R-TRUMP rule that places the turn-up as evidence.
        at_turn_up = "trump_rule" in error.evidence or rule.startswith("R-TRUMP")
        path = child(where, "turn_up" if at_turn_up else "hands")
        return _at_deal(index + 1, record_round.dealer, rule, str(error), path, _reason(error))


def _scheduled_deal(record: Record, schedule: Schedule, index: int) -> Deal | Violation:
    """:func:`_deal`, then whether it fits the schedule and the dealer rotation (R-SCHED-*)."""
    found = _deal(record.rounds[index], record.variant, index)
    if isinstance(found, Violation):
        return found
    where = child("rounds", index)
    players = len(record.players)
    first_dealer = record.rounds[0].dealer
    faults = deal_faults(
        record.variant,
        players,
        index=index,
        hand_size=found.hand_size,
        dealer=found.dealer,
        first_dealer=first_dealer,
    )
    if not faults:
        return found
    rule = faults[0]
    if rule == "R-END-1":
        reason = Sentence(_PAST_SCHEDULE, round=index + 1, rounds=len(schedule))
        path = where
    elif rule == "R-SCHED-4":
        expected = dealer_of(index, first_dealer=first_dealer, players=players)
        reason = Sentence(_WRONG_DEALER, round=index + 1, dealer=found.dealer, expected=expected)
        path = child(where, "dealer")
    else:
        reason = Sentence(
            _WRONG_SIZE,
            round=index + 1,
            cards=Sentence.plural(_CARDS, found.hand_size),
            variant=record.variant.name,
            players=players,
            size=schedule.size_of(index),
            rule=rule,
        )
        path = child(where, "hands")
    return _at_deal(index + 1, found.dealer, rule, str(reason), path, reason)


# -- the replay -----------------------------------------------------------------------


def _play_round(
    state: _State,
    actions: Sequence[Action],
    *,
    index: int,
    current: Callable[[_State], Round],
    done: Callable[[_State], bool],
) -> tuple[_State, Violation | None, bool]:
    """Apply one round's actions; stop at the first refusal (and say if a deal ran out)."""
    base = child(child("rounds", index), "actions")
    for number, action in enumerate(actions):
        path = child(base, number)
        round_ = current(state)
        if done(state):
            return (
                state,
                _at_action(
                    round_,
                    index + 1,
                    action,
                    "R-END-4",
                    str(late := Sentence(_AFTER_ROUND, action=_words(action), round=index + 1)),
                    path,
                    late,
                ),
                False,
            )
        refusal = state.refusal(action)
        if refusal is not None:
            # The engine's refusal is the explanation: one voice, with its evidence.
            violation = _at_action(
                round_, index + 1, action, refusal.rule, str(refusal), path, _reason(refusal)
            )
            return state, violation, False
        try:
            state = state.apply(action)
        except OutOfDealsError:
            return state, None, True
    return state, None, False


def replay(record: Record, *, deals: Iterable[Deal] = (), filler: bool = False) -> Replay:
    """Replay a record as a match; stop at the first violation.

    ``deals`` are explicit deals for the rounds after the recorded ones
    (for a record without seed that stops between rounds).  With
    ``filler``, a record that stops at the end of a round without its next
    deal is finished with a stand-in deal (never played), so its last
    round is still scored: :func:`~whist_ro.records.adjudicate` does that.

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    >>> r = replay(to_record(m.apply(m.legal_actions()[0])))
    >>> r.violation is None, len(r.state.history)
    (True, 1)
    """
    variant = record.variant
    players = len(record.players)
    schedule = Schedule.for_game(variant, players)
    rounds = record.rounds
    first = _scheduled_deal(record, schedule, 0)
    if isinstance(first, Violation):
        return Replay(state=None, violation=first)
    seeded = record.seed is not None
    if seeded:
        m = Match.new(
            variant,
            players=players,
            seed=record.seed,
            first_dealer=first.dealer,
            names=record.names,
        )
    else:
        m = Match.new(variant, deals=[first], names=record.names)
    pending: Violation | None = None
    expected = first
    for index, record_round in enumerate(rounds):
        if index > 0:
            if m.is_over:
                return Replay(
                    state=m,
                    violation=_at_deal(
                        index + 1,
                        record_round.dealer,
                        "R-END-4",
                        str(over := Sentence(_AFTER_MATCH, round=index + 1, last=index)),
                        child("rounds", index),
                        over,
                    ),
                )
            if seeded:
                found = _scheduled_deal(record, schedule, index)
                if isinstance(found, Violation):
                    return Replay(state=m, violation=found)
                expected = found
        if seeded:
            if m.round.deal != expected:
                return Replay(
                    state=m,
                    violation=_at_deal(
                        index + 1,
                        record_round.dealer,
                        "R-DEAL-1",
                        str(
                            other := Sentence(
                                _NOT_SEEDED, round=index + 1, seed=excerpt(record.seed)
                            )
                        ),
                        child(child("rounds", index), "hands"),
                        other,
                    ),
                )
        elif index + 1 < len(rounds):
            following = _scheduled_deal(record, schedule, index + 1)
            if isinstance(following, Violation):
                pending = following
            else:
                m = m.with_deals([following])
        else:
            more = tuple(deals)
            if more:
                m = m.with_deals(more)
            elif filler and (schedule.repeats or index + 1 < len(schedule)):
                m = m.with_deals(
                    [
                        Deal.shuffled(
                            variant,
                            players=players,
                            dealer=dealer_of(index + 1, first_dealer=first.dealer, players=players),
                            hand_size=schedule.size_of(index + 1),
                            seed=0,
                        )
                    ]
                )
        m, violation, ran_out = _play_round(
            m,
            record_round.actions,
            index=index,
            current=_match_round,
            done=_round_done(index),
        )
        if violation is not None:
            return Replay(state=m, violation=violation)
        if ran_out:
            if pending is not None:
                return Replay(state=m, violation=pending)
            return Replay(state=m, violation=None, needs_deal=True)
    return _end(record, m)


def _match_round(m: Match) -> Round:
    return m.round


def _round_done(index: int) -> Callable[[Match], bool]:
    """Whether round ``index`` (from 0) of a match is already over."""
    return lambda m: len(m.rounds) > index or m.is_over


def _end(record: Record, m: Match) -> Replay:
    ended = record.ended
    if ended is None:
        return Replay(state=m, violation=None)
    try:
        if ended.how == "abandoned":
            m = m.abandon(disconnected=ended.disconnected)
        else:
            m = m.concede(side=ended.side)
    except MatchEndError as error:
        number = len(record.rounds)
        return Replay(
            state=m,
            violation=_at_deal(
                number, None, error.rule or "R-END-3", str(error), "ended", _reason(error)
            ),
        )
    return Replay(state=m, violation=None)


def replay_round(variant: Variant, record_round: RoundRecord, *, number: int = 1) -> Replay:
    """Replay one lone round (as the round notation describes it); stop at the first violation.

    The schedule and dealer rotation are not checked: a lone round stands
    for itself.

    >>> import whist_ro as wr
    >>> rr = RoundRecord(dealer=2, hands=[["Ah", "Jc"], ["Kh", "10c"], ["9d", "10s"]],
    ...                  turn_up="Qs", actions=[wr.Bid(seat=0, tricks=3)])
    >>> print(replay_round(wr.variants.ROMANIAN, rr).violation)
    round 1, bid 1: seat 0 bids 3 breaks R-BID-3: seat 0 cannot bid 3: bids run from 0 to ...
    """
    found = _deal(record_round, variant, number - 1)
    if isinstance(found, Violation):
        return Replay(state=None, violation=found)
    state, violation, _ = _play_round(
        Round.from_deal(found),
        record_round.actions,
        index=number - 1,
        current=lambda s: s,
        done=lambda s: False,  # a lone round refuses late actions itself (R-END-4)
    )
    return Replay(state=state, violation=violation)


# -- match <-> record -------------------------------------------------------------------


def to_record(
    match: Match,
    *,
    players: Sequence[str] | None = None,
    seed: bool = False,
    claimed_totals: Sequence[int] | None = None,
    takeovers: Iterable[Takeover] = (),
    reclaims: Iterable[Reclaim] = (),
    engines: Sequence[str | None] | None = None,
    meta: Mapping[str, Any] | None = None,
) -> Record:
    """The record of a match: every round dealt so far and every action.

    ``players`` names the seats (default: the match's :attr:`~whist_ro.Match.names`);
    ``takeovers`` and ``reclaims`` note the seats handed to a bot and taken
    back (R-SEAT-1), and ``engines`` the engine program of each seat (see
    :class:`~whist_ro.records.Record`).  ``seed=True``
    writes the match's seed, which reveals every future deal; only then
    can an unfinished seeded match resume without being given its deals.
    A match ended early records how (R-END-3).  The names are held to the rule
    of every new name (:func:`whist_ro._check.names`): one holding a
    bidirectional control (U+202E ...) is refused.

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1).abandon(disconnected=[1])
    >>> r = to_record(m, players=["Ana", "Bogdan", "Cici"])
    >>> r.players, r.ended, len(r.rounds), r.seed
    (('Ana', 'Bogdan', 'Cici'), Ending(how='abandoned', disconnected=(1,), side=None), 1, None)
    """
    if not isinstance(match, Match):
        raise RecordError(f"to_record takes a Match, not {excerpt(match)}")
    played = list(match.rounds)
    if not played or match.round is not played[-1]:
        played.append(match.round)
    names = match.names if players is None else players
    # One name per seat of this match: counted here, where the seat count is known (the
    # record can only count the names it is given); the record checks each name itself.
    if isinstance(names, (list, tuple)) and len(names) != match.players:
        try:
            check_names(names, players=match.players, field="players")
        except ConfigurationError as error:
            raise quoting("players", error) from None
    ended = None
    if match.is_abandoned:
        ended = Ending(how="abandoned", disconnected=match.disconnected)
    elif match.conceded is not None:
        ended = Ending(how="conceded", side=match.conceded)
    if seed and match.seed is None:
        raise RecordError("seed=True, but this match was built from explicit deals: it has no seed")
    record = Record(
        variant=match.variant,
        preset=preset_name(match.variant),
        players=names,
        rounds=[RoundRecord.of_round(r) for r in played],
        claimed_totals=claimed_totals,
        takeovers=takeovers,
        reclaims=reclaims,
        engines=engines,
        ended=ended,
        seed=match.seed if seed else None,
        meta=meta,
    )
    try:
        # A record also holds names read back from before bidirectional controls were
        # refused; a new one is held to the rule every new name is.
        check_names(record.players, players=match.players, field="players")
    except ConfigurationError as error:
        raise quoting("players", error) from None
    return record


def from_record(record: Record | str | bytes, *, deals: Iterable[Deal] = ()) -> Match:
    """The match a record describes, at the position where it stops.

    A record with a seed resumes from it; without one, the match is built
    from the recorded deals and later rounds need ``deals`` (or
    :meth:`Match.with_deals <whist_ro.Match.with_deals>` later).  A record
    whose play breaks a rule raises :class:`~whist_ro.errors.RecordError`
    citing the rule and the path (:func:`~whist_ro.records.adjudicate`
    reports it instead).

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.CLASSIC, players=4, seed=3)
    >>> m = m.apply(m.legal_actions()[0]).concede(side=0)
    >>> back = from_record(to_record(m))
    >>> back.conceded, back.history == m.history, back.round == m.round
    (0, True, True)
    """
    if isinstance(record, (str, bytes)):
        record = loads(record)
    if not isinstance(record, Record):
        raise RecordError(f"from_record takes a Record or JSON text, not {excerpt(record)}")
    result = replay(record, deals=deals)
    violation = result.violation
    if violation is not None:
        raise RecordError(
            f"{violation.path}: {violation.explanation}", path=violation.path, rule=violation.rule
        )
    if result.needs_deal:
        raise RecordError(
            f"rounds: the match goes on after round {len(record.rounds)}, but the record holds "
            "no deal for the next round; give it with deals=[...] or record the seed",
            path="rounds",
        )
    assert isinstance(result.state, Match)
    return result.state
