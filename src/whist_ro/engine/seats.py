"""Who sat where: a seat handed to a bot, and a seat taken back (R-SEAT-1).

The rules state never changes when a seat changes hands; only the match
record notes it.  These values sit here, beside the match, so that a
:class:`~whist_ro.Table`, a match record and a tournament's results all
share them without importing one another.

>>> t = Takeover(round=3, trick=0, seat=1, reason="timed out")
>>> t.to_dict()
{'round': 3, 'trick': 0, 'seat': 1, 'reason': 'timed out'}
"""

from __future__ import annotations

import traceback as _traceback
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import attrs

from whist_ro import locale
from whist_ro._immutable import FrozenMapping, Immutable
from whist_ro.engine.round import Phase
from whist_ro.errors import EngineError

if TYPE_CHECKING:
    from whist_ro.engine.match import Match
    from whist_ro.engine.round import Round

__all__ = [
    "MAX_TRACEBACK",
    "Reclaim",
    "Takeover",
    "format_failure",
    "seat_position",
    "trick_number",
]

MAX_TRACEBACK: Final = 4000
"""The most characters of a traceback a :class:`Takeover` keeps (its last lines)."""


def _frozen_texts(texts: Mapping[str, str]) -> Mapping[str, str]:
    """A read-only copy of ``texts`` (a takeover's reason by language)."""
    return FrozenMapping(texts)


@attrs.frozen(kw_only=True)
class Takeover(Immutable):
    """A seat handed to the fallback agent (R-SEAT-1).

    ``round`` and ``trick`` count from 1; ``trick`` is 0 when the seat was
    taken over during the bidding.  ``reason`` says what the agent did, in
    English; ``translations`` holds the same reason in the other languages
    whist-ro speaks (``{"ro": ...}``), written when the seat was taken, and
    :meth:`explain` picks one (a reason read from an older record may have
    none: it is then shown in English).  The rest is detail for whoever
    debugs the agent, all optional:
    ``agent`` names the agent that lost the seat and ``by`` the one that
    took it; ``error`` is the type of the exception the agent raised and
    ``traceback`` its formatted traceback (the last :data:`MAX_TRACEBACK`
    characters) when the agent's own code raised; for an engine's failure
    (garbage, a timeout, a crash: see :func:`format_failure`) it holds the
    reason and the engine's last lines on stderr instead.  ``exception`` is
    the exception object itself, kept in memory only: it is not compared,
    not written to a record and not pickled.

    >>> t = Takeover(round=2, trick=1, seat=0, reason="raised KeyError: 'x'",
    ...              agent="MyBot", by="RandomBot", error="KeyError")
    >>> t.to_dict()
    {'round': 2, 'trick': 1, 'seat': 0, 'reason': "raised KeyError: 'x'", \
'agent': 'MyBot', 'by': 'RandomBot', 'error': 'KeyError'}
    """

    round: int
    trick: int
    seat: int
    reason: str
    agent: str | None = None
    by: str | None = None
    error: str | None = None
    traceback: str | None = None
    translations: Mapping[str, str] = attrs.field(
        default=FrozenMapping(), converter=_frozen_texts, repr=False
    )
    exception: BaseException | None = attrs.field(default=None, eq=False, repr=False)

    @classmethod
    def because(cls, said: object, /, **fields: Any) -> Takeover:
        """A takeover whose reason is ``said``, written in every language whist-ro speaks.

        ``said`` renders itself per language (a catalogue sentence, a refusal:
        see :func:`whist_ro.locale.localized`); its English text is ``reason``
        and the others are ``translations``.  ``fields`` are the rest.

        >>> from whist_ro.errors import WhistError
        >>> said = WhistError("seat {seat} plays {card}", evidence={"seat": 1, "card": "Qh"})
        >>> t = Takeover.because(said, round=1, trick=1, seat=1)
        >>> t.reason, dict(t.translations)
        ('seat 1 plays Qh', {'ro': 'locul 1 joacă Qh'})
        """
        return cls(
            reason=locale.localized(said, locale.ENGLISH),
            translations={lang: locale.localized(said, lang) for lang in locale.LANGUAGES[1:]},
            **fields,
        )

    def explain(self, lang: str = locale.ENGLISH) -> str:
        """The reason in ``lang`` (``"en"`` or ``"ro"``); English when it has no translation.

        >>> t = Takeover(round=1, trick=0, seat=2, reason="took longer than the 1 s limit",
        ...              translations={"ro": "a depășit limita de 1 s"})
        >>> t.explain("ro"), t.explain()
        ('a depășit limita de 1 s', 'took longer than the 1 s limit')
        """
        language = locale.check(lang)
        if language == locale.ENGLISH:
            return self.reason
        return self.translations.get(language, self.reason)

    def __localized__(self, lang: str) -> str:
        # A takeover quoted in a message (a report line, say) gives its reason in that language.
        return self.explain(lang)

    def to_dict(self) -> dict[str, Any]:
        """The takeover as JSON-ready data; fields that are None (or empty) are left out."""
        data: dict[str, Any] = {
            "round": self.round,
            "trick": self.trick,
            "seat": self.seat,
            "reason": self.reason,
        }
        for name in ("agent", "by", "error", "traceback"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        if self.translations:
            data["translations"] = dict(self.translations)
        return data

    def __reduce__(self) -> tuple[object, ...]:
        # The exception object stays behind: it may hold unpicklable state
        # (frames, locks) and the text fields already say what it was.
        return (_make_takeover, (self.to_dict(),))


def _make_takeover(data: dict[str, Any]) -> Takeover:
    return Takeover(**data)


@attrs.frozen(kw_only=True)
class Reclaim(Immutable):
    """A seat taken back by its player after a takeover (R-SEAT-1).

    ``round`` and ``trick`` count from 1 as in :class:`Takeover` (``trick``
    0: during the bidding); ``agent`` names who sits in the seat again,
    when known.

    >>> Reclaim(round=4, trick=2, seat=1, agent="Ana").to_dict()
    {'round': 4, 'trick': 2, 'seat': 1, 'agent': 'Ana'}
    """

    round: int
    trick: int
    seat: int
    agent: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The reclaim as JSON-ready data; ``agent`` is left out when None."""
        data: dict[str, Any] = {"round": self.round, "trick": self.trick, "seat": self.seat}
        if self.agent is not None:
            data["agent"] = self.agent
        return data


def trick_number(round_: Round) -> int:
    """The trick a round is at, as a record counts it: 0 in the bidding, else from 1.

    The trick being played is ``len(round_.tricks) + 1``; once every trick
    is played (a finished round) it is the last, ``hand_size``, never one
    past it.  A :class:`Takeover`, a :class:`Reclaim` and an audit's
    violation all place themselves with it.

    >>> import whist_ro as wr
    >>> r = wr.Round.shuffled(wr.variants.ROMANIAN, players=3, hand_size=2, dealer=0, seed=1)
    >>> trick_number(r)
    0
    >>> while r.phase is Phase.BIDDING:
    ...     r = r.apply(r.legal_actions()[0])
    >>> trick_number(r)
    1
    >>> while not r.is_over:
    ...     r = r.apply(r.legal_actions()[0])
    >>> trick_number(r), r.hand_size
    (2, 2)
    """
    if round_.phase is Phase.BIDDING:
        return 0
    return min(len(round_.tricks) + 1, round_.hand_size)


def seat_position(match: Match) -> tuple[int, int]:
    """``(round, trick)`` of a seat changing hands now, as a :class:`Takeover` records it.

    Rounds count from 1; the trick is :func:`trick_number` of the round
    being played.  Once the match is over (an observer failing at the last
    step) it is the last trick of the last round, not a round past the end.

    >>> import whist_ro as wr
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    >>> seat_position(m)
    (1, 0)
    >>> while not m.is_over:
    ...     m = m.apply(m.legal_actions()[0])
    >>> seat_position(m) == (len(m.schedule), m.round.hand_size)
    True
    """
    rounds = match.rounds
    round_ = match.round
    finished = bool(rounds) and rounds[-1] is round_
    return len(rounds) + (0 if finished else 1), trick_number(round_)


def format_failure(error: BaseException) -> tuple[str, str]:
    """``(type name, traceback text)`` of an exception, never raising.

    The traceback is cut to its last :data:`MAX_TRACEBACK` characters.  A
    hostile exception (a ``__str__`` that raises, say) still yields text.

    >>> try:
    ...     {}["x"]
    ... except KeyError as error:
    ...     name, text = format_failure(error)
    >>> name, text.splitlines()[-1]
    ('KeyError', "KeyError: 'x'")

    An engine's failure (an :class:`~whist_ro.errors.EngineError`: garbage,
    a timeout, a crash) was raised by the manager, not by the agent's own
    code: its text is the reason and the engine's last lines on stderr,
    without the manager's frames (which would only show this machine's
    paths).

    >>> from whist_ro.errors import EngineCrashedError
    >>> try:
    ...     raise EngineCrashedError("engine crashed: x exited with status 3",
    ...                              stderr=("out of memory",))
    ... except EngineCrashedError as error:
    ...     print(format_failure(error)[1], end="")
    whist_ro.errors.EngineCrashedError: engine crashed: x exited with status 3
    the engine's last lines on stderr:
    out of memory
    """
    name = type(error).__name__
    try:
        if isinstance(error, EngineError):
            text = "".join(_traceback.format_exception_only(error))
        else:
            text = "".join(_traceback.format_exception(error))
    except KeyboardInterrupt:
        raise
    except BaseException:  # the text of a hostile exception may itself fail, even with SystemExit
        text = f"{name}: <the exception could not be formatted>"
    if len(text) > MAX_TRACEBACK:
        text = "..." + text[-(MAX_TRACEBACK - 3) :]
    return name, text
