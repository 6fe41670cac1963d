"""What one action did: the trick it completed, the round it ended, the match it ended.

``apply`` returns the new state; the new state's ``last_step`` says what the
action did, so a game loop never digs in ``m.rounds[-1].tricks[-1]``.  Steps
are built only when read, which keeps simulations that never look cheap.

>>> import whist_ro as wr
>>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2,
...                         turn_up="Jh")
>>> for action in ("0", "0", "0"):
...     r = r.apply(r.legal_actions()[0])
>>> r = r.apply(wr.Play(seat=0, card="Ah")).apply(wr.Play(seat=1, card="Kh"))
>>> r.last_step.trick is None
True
>>> step = r.apply(wr.Play(seat=2, card="Qh")).last_step
>>> step.trick_winner, step.round_over, step.points
(0, True, (-1, 5, 5))
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from whist_ro._check import WireObject, excerpt, wire_error
from whist_ro._immutable import Immutable
from whist_ro.actions import Action, Bid, Play, action_from_dict
from whist_ro.cards import CARD_BY_TEXT
from whist_ro.engine.tricks import Trick
from whist_ro.errors import WhistError
from whist_ro.locale import N_
from whist_ro.locale import render as say
from whist_ro.ranking import MAX_TOTAL

__all__ = ["Step"]

_BIDS = N_("seat {seat} bids {bid}")
_PLAYS = N_("seat {seat} plays {card}")
_PLAYS_ONLY = N_("seat {seat} plays its only card")
_WINS = N_("seat {seat} wins the trick ({cards})")
_ROUND_OVER = N_("the round is over: points {points}")
_BONUSES = N_("bonuses {bonuses}")
_TOTALS = N_("totals {totals}")
_MATCH_OVER = N_("the match is over")


def _numbers(values: tuple[int, ...]) -> str:
    return " ".join(map(str, values))


_MIN_SEATS: Final = 3
_MAX_SEATS: Final = 8


def _ints(value: Any) -> tuple[int, ...] | None:
    return None if value is None else tuple(value)


@attrs.frozen(kw_only=True)
class Step(Immutable):
    """One action and what it caused; the ``last_step`` of the state it produced.

    ``trick`` and ``trick_winner`` are set when the action completed a
    trick (R-PLAY-6).  ``round_over`` is True when it ended the round; then
    ``points`` holds each seat's round points (R-SCORE-*), and on a
    :class:`~whist_ro.Match` ``bonuses`` holds the streak bonuses (honours in
    classic) and ``totals`` the running totals after the round.
    ``match_over`` is True when the action ended the match (R-END-1,
    R-END-2, R-RUBBER-1).

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    >>> m.last_step is None
    True
    >>> m = m.apply(m.legal_actions()[0])
    >>> m.last_step.action, m.last_step.round_over
    (Bid(seat=2, tricks=0), False)
    """

    action: Action
    """The action taken."""
    trick: Trick | None = None
    """The trick this action completed, or None."""
    trick_winner: int | None = None
    """The seat that won :attr:`trick`, or None."""
    round_over: bool = False
    """True when this action ended the round."""
    points: tuple[int, ...] | None = attrs.field(default=None, converter=_ints)
    """Each seat's round points in the finished round, without bonuses; None unless it ended."""
    bonuses: tuple[int, ...] | None = attrs.field(default=None, converter=_ints)
    """In a match: the round's streak bonuses (classic: honours) per seat."""
    totals: tuple[int, ...] | None = attrs.field(default=None, converter=_ints)
    """In a match: the running totals after the round."""
    match_over: bool = False
    """True when this action ended the match."""

    @property
    def seat(self) -> int:
        """The seat that acted.

        >>> from whist_ro import Bid
        >>> Step(action=Bid(seat=2, tricks=1)).seat
        2
        """
        return self.action.seat

    def __str__(self) -> str:
        return self.render()

    def render(self, *, lang: str = "en") -> str:
        """What the step did, in one line of ``lang`` (``"en"``: ``str(step)``, or ``"ro"``).

        >>> import whist_ro as wr
        >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2,
        ...                         turn_up="Jh")
        >>> for _ in range(3):
        ...     r = r.apply(r.legal_actions()[0])
        >>> r = r.apply(wr.Play(seat=0, card="Ah")).apply(wr.Play(seat=1, card="Kh"))
        >>> step = r.apply(wr.Play(seat=2, card="Qh")).last_step
        >>> print(step)
        seat 2 plays Qh; seat 0 wins the trick (Ah, Kh, Qh); the round is over: points -1 5 5
        >>> for part in step.render(lang="ro").split("; "):
        ...     print(part)
        locul 2 joacă Q de inimă
        locul 0 ia levata (A de inimă, K de inimă, Q de inimă)
        mâna s-a încheiat: puncte -1 5 5
        """
        action = self.action
        if isinstance(action, Bid):
            parts = [say(_BIDS, lang, seat=action.seat, bid=action.tricks)]
        elif not isinstance(action, Play) or action.card is None:
            parts = [say(_PLAYS_ONLY, lang, seat=action.seat)]
        else:
            parts = [say(_PLAYS, lang, seat=action.seat, card=action.card)]
        if self.trick is not None and self.trick_winner is not None:
            cards = list(self.trick.cards)
            parts.append(say(_WINS, lang, seat=self.trick_winner, cards=cards))
        if self.round_over and self.points is not None:
            parts.append(say(_ROUND_OVER, lang, points=_numbers(self.points)))
            if self.bonuses is not None and any(self.bonuses):
                parts.append(say(_BONUSES, lang, bonuses=_numbers(self.bonuses)))
            if self.totals is not None:
                parts.append(say(_TOTALS, lang, totals=_numbers(self.totals)))
        if self.match_over:
            parts.append(say(_MATCH_OVER, lang))
        return "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """The step as JSON-ready data, as a server sends it to its clients.

        >>> from whist_ro import Bid
        >>> Step(action=Bid(seat=2, tricks=1)).to_dict()
        {'seat': 2, 'bid': 1, 'trick': None, 'trick_winner': None, 'round_over': False, \
'points': None, 'bonuses': None, 'totals': None, 'match_over': False}
        """
        data = self.action.to_dict()
        data["trick"] = (
            None
            if self.trick is None
            else {"leader": self.trick.leader, "cards": [str(c) for c in self.trick.cards]}
        )
        data["trick_winner"] = self.trick_winner
        data["round_over"] = self.round_over
        data["points"] = None if self.points is None else list(self.points)
        data["bonuses"] = None if self.bonuses is None else list(self.bonuses)
        data["totals"] = None if self.totals is None else list(self.totals)
        data["match_over"] = self.match_over
        return data

    @classmethod
    def from_dict(cls, data: object) -> Step:
        """The step :meth:`to_dict` wrote as ``data``.

        The action is read as :func:`~whist_ro.action_from_dict` reads it;
        anything that is not such data raises
        :class:`~whist_ro.errors.WireError` naming the JSON path at fault.
        Keys this version does not know are left alone.

        >>> import whist_ro as wr
        >>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1), seed=1)
        >>> Step.from_dict(m.last_step.to_dict()) == m.last_step
        True
        >>> Step.from_dict({"seat": 0, "card": "Ah", "trick": {"leader": 0, "cards": ["Ah"]}})
        Traceback (most recent call last):
        ...
        whist_ro.errors.WireError: step.trick: a completed trick holds one card from each ...
        """
        obj = WireObject(data, "step")
        fields: dict[str, Any] = {k: obj.data[k] for k in ("seat", "bid", "card") if k in obj.data}
        try:
            action = action_from_dict(fields)
        except WhistError as error:
            raise wire_error(obj.path, str(error)) from None
        trick = winner = None
        if obj.get("trick", None) is not None:
            trick = _read_trick(obj.object("trick"), action.seat)
            winner = obj.whole("trick_winner", high=trick.players - 1)
        elif obj.get("trick_winner", None) is not None:
            raise wire_error(obj.at("trick_winner"), "a trick winner without a trick")
        return cls(
            action=action,
            trick=trick,
            trick_winner=winner,
            round_over=obj.flag("round_over", False),
            points=_read_ints(obj, "points"),
            bonuses=_read_ints(obj, "bonuses"),
            totals=_read_ints(obj, "totals"),
            match_over=obj.flag("match_over", False),
        )


def _read_ints(obj: WireObject, key: str) -> tuple[int, ...] | None:
    if obj.get(key, None) is None:
        return None
    return obj.wholes(key, most=_MAX_SEATS, low=-MAX_TOTAL, high=MAX_TOTAL)


def _read_trick(obj: WireObject, seat: int) -> Trick:
    """A completed trick: one card from each seat, so the player count is its length."""
    texts = obj.items("cards", most=_MAX_SEATS)
    cards = [CARD_BY_TEXT.get(text) if type(text) is str else None for text in texts]
    players = len(cards)
    if players < _MIN_SEATS or seat >= players or None in cards:
        raise wire_error(
            obj.path, f"a completed trick holds one card from each seat, not {excerpt(texts)}"
        )
    leader = obj.whole("leader", high=players - 1)
    try:
        return Trick(leader=leader, cards=cards, players=players)  # type: ignore[arg-type]
    except WhistError as error:
        raise wire_error(obj.path, str(error)) from None
