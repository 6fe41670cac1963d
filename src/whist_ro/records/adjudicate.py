"""Adjudication: replay a record under its rules and report what a referee needs.

:func:`adjudicate` never raises on a rule violation: it names the first
illegal action (or deal) in a :class:`Report`, with the rule, the evidence
and the position, and recomputes nothing after it.  When everything is
legal it recomputes every round's round points, the bonuses, the totals
and, once the match is over, the standings, and lists each difference from
the totals the table claimed.  Only a record that cannot
be read at all raises :class:`~whist_ro.errors.RecordError`.

>>> import whist_ro as wr
>>> from whist_ro import records
>>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1), seed=1)
>>> claimed = list(m.totals)
>>> claimed[0] += 5
>>> report = adjudicate(records.to_record(m, claimed_totals=claimed))
>>> report.ok, report.violation, [str(d) for d in report.differences]
(False, None, ['seat 0: claimed -29, recomputed -34 (off by +5)'])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from whist_ro._check import excerpt
from whist_ro._immutable import Immutable
from whist_ro._text import Sentence
from whist_ro.engine.match import Match
from whist_ro.engine.round import Round
from whist_ro.errors import RecordError
from whist_ro.locale import N_, NP_
from whist_ro.locale import check as check_lang
from whist_ro.locale import render as say
from whist_ro.records.notation import LoneRound, parse_round
from whist_ro.records.record import Record, loads
from whist_ro.records.replay import Violation, replay, replay_round
from whist_ro.records.schema import MAX_CHARS, decode_text
from whist_ro.results.scoresheet import ScoreSheet
from whist_ro.results.standings import Standings

__all__ = [
    "Difference",
    "Report",
    "adjudicate",
    "as_differences",
    "differences",
    "read_text",
    "seat_label",
    "totals_lines",
]

_DIFFERENCE: Final = N_("{who}: claimed {claimed}, recomputed {recomputed} (off by {off:+d})")
_RECORD_TITLE: Final = N_("record: {variant}, {players} players ({names}), {rounds}")
_HOUSE: Final = N_("house variant {name}")
_SEAT: Final = N_("seat {seat}")
_NAMED: Final = N_("{name} (seat {seat})")
_ROUND_TITLE: Final = NP_(
    "round: {variant}, {players} players, {n} card each",
    "round: {variant}, {players} players, {n} cards each",
)
_ROUNDS: Final = NP_("{n:,} round", "{n:,} rounds")
_VIOLATION: Final = N_("VIOLATION of {rule} ({path}):")
_POSITION: Final = N_("  position at that moment:")
_ILLEGAL: Final = N_("verdict: illegal ({rule})")
_LEGAL: Final = NP_(
    "every action is legal; {n:,} round scored, match {state}",
    "every action is legal; {n:,} rounds scored, match {state}",
)
_OVER: Final = N_("over")
_UNFINISHED: Final = N_("unfinished")
_RECOMPUTED: Final = N_("recomputed totals: {totals}")
_CLAIMED: Final = N_("claimed totals:    {totals}")
_DIFFERENCE_LINE: Final = N_("  DIFFERENCE {difference}")
_STANDINGS: Final = N_("standings:")
_CONSISTENT: Final = N_("verdict: legal and consistent")
_MISMATCH: Final = N_("verdict: totals do not match")


@attrs.frozen(kw_only=True)
class Difference(Immutable):
    """A total the table claimed that the rules do not give.

    >>> str(Difference(seat=2, claimed=40, recomputed=38))
    'seat 2: claimed 40, recomputed 38 (off by +2)'
    """

    seat: int
    claimed: int
    recomputed: int

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str = "en", *, who: object = None) -> str:
        """The difference in ``lang`` (``"en"``: ``str()``, or ``"ro"``).

        ``who`` names the seat (a text, or a sentence rendered in ``lang``,
        such as a score sheet's player name); by default "seat N".

        >>> Difference(seat=2, claimed=40, recomputed=38).render("ro")
        'locul 2: declarat 40, recalculat 38 (diferență +2)'
        """
        return say(
            _DIFFERENCE,
            lang,
            who=Sentence(_SEAT, seat=self.seat) if who is None else who,
            claimed=self.claimed,
            recomputed=self.recomputed,
            off=self.claimed - self.recomputed,
        )

    def __localized__(self, lang: str) -> str:
        return self.render(lang)


def seat_label(seat: int, names: Sequence[str] | None) -> Sentence:
    """How a report names a seat: ``"seat 1"``, or ``"Bogdan (seat 1)"`` when it has a name.

    A name that is only the seat's default name (``"seat 1"``, as an
    unnamed record writes it) is said as "seat N" in the report's language.

    >>> str(seat_label(1, ("Ana", "Bogdan"))), seat_label(1, None).render("ro")
    ('Bogdan (seat 1)', 'locul 1')
    >>> str(seat_label(0, ("seat 0", "Bogdan")))
    'seat 0'

    A name that already ends with its seat (a tournament's "old (seat 2)",
    where one engine holds several seats) is said as it is:

    >>> str(seat_label(2, ("old", "new", "old (seat 2)")))
    'old (seat 2)'
    """
    if names is None or not 0 <= seat < len(names) or names[seat] == f"seat {seat}":
        return Sentence(_SEAT, seat=seat)
    if names[seat].endswith(f" (seat {seat})"):
        return Sentence("{name}", name=names[seat])
    return Sentence(_NAMED, name=names[seat], seat=seat)


def _names_of(value: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if value is None else tuple(value)


def differences(claimed: Sequence[int] | None, totals: Sequence[int]) -> tuple[Difference, ...]:
    """Every seat whose ``claimed`` total is not its recomputed one (none if nothing is claimed).

    Shared by :func:`adjudicate` (a record's claimed totals) and
    :func:`~whist_ro.records.audit` (a score sheet's).

    >>> [str(d) for d in differences((40, 12), (38, 12))]
    ['seat 0: claimed 40, recomputed 38 (off by +2)']
    >>> differences(None, (38, 12))
    ()
    """
    if claimed is None:
        return ()
    return tuple(
        Difference(seat=seat, claimed=c, recomputed=t)
        for seat, (c, t) in enumerate(zip(claimed, totals, strict=True))
        if c != t
    )


def as_differences(value: Iterable[Difference]) -> tuple[Difference, ...]:
    """``value`` as a tuple: the converter of the reports' ``differences`` fields.

    >>> as_differences([Difference(seat=0, claimed=1, recomputed=2)])
    (Difference(seat=0, claimed=1, recomputed=2),)
    """
    return tuple(value)


@attrs.frozen(kw_only=True)
class Report(Immutable):
    """What :func:`adjudicate` found.  Immutable; ``str(report)`` is for people.

    ``violation`` is the first illegal action or deal (None when all is
    legal); nothing after it is recomputed, so with a violation
    ``totals``, ``score_sheet`` and ``standings`` are None and
    ``differences`` is empty.  Otherwise ``totals`` are the recomputed
    totals (of a lone round, its round points once it is over) and
    ``differences`` the claimed totals (``claimed_totals``, None when the
    record claims none) that disagree with them.  ``rounds`` is the number
    of rounds completed in the replay (before the violation, if any),
    ``score_sheet`` their recomputed rows (None for a lone round),
    ``standings`` the final standings when the match is over, and ``over``
    whether the replay reached the end of the match (or of the lone
    round).  ``ok`` is True when there is neither a violation nor a
    difference.
    ``heading`` is the title as a sentence, so that :meth:`render` can
    write the whole report in Romanian (``title`` is its English text).
    ``names`` are the record's players, so that a difference names its
    player as the audit of a score sheet does (``Ana (seat 0)``).

    >>> import whist_ro as wr
    >>> from whist_ro.records import to_record
    >>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=5), seed=5)
    >>> report = adjudicate(to_record(m))
    >>> report.ok, report.violation, report.totals == m.totals
    (True, None, True)
    """

    title: str
    violation: Violation | None
    differences: tuple[Difference, ...] = attrs.field(converter=as_differences)
    totals: tuple[int, ...] | None
    claimed_totals: tuple[int, ...] | None
    rounds: int
    score_sheet: ScoreSheet | None
    standings: Standings | None
    over: bool
    heading: Sentence | None = attrs.field(default=None, eq=False)
    names: tuple[str, ...] | None = attrs.field(default=None, converter=_names_of)

    @property
    def ok(self) -> bool:
        """True when every action is legal and every claimed total is right."""
        return self.violation is None and not self.differences

    def __str__(self) -> str:
        return self.render()

    def seat_labels(self) -> tuple[Sentence, ...] | None:
        """How the report names each seat (:func:`seat_label`), or None for an unnamed record.

        >>> import whist_ro as wr
        >>> from whist_ro.records import to_record
        >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=5, names=["Ana", "Bo", "Cici"])
        >>> [label.render("ro") for label in adjudicate(to_record(m)).seat_labels()]
        ['Ana (locul 0)', 'Bo (locul 1)', 'Cici (locul 2)']
        """
        if self.names is None:
            return None
        return tuple(seat_label(seat, self.names) for seat in range(len(self.names)))

    def render(self, lang: str = "en") -> str:
        """The referee's report in ``lang``: ``"en"`` (``str(report)``) or ``"ro"``.

        >>> import whist_ro as wr
        >>> from whist_ro.records import to_record
        >>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=5), seed=5)
        >>> print(adjudicate(to_record(m)).render("ro").splitlines()[-1])
        verdict: legal și consecvent
        """
        check_lang(lang)
        lines = [self.title if self.heading is None else self.heading.render(lang)]
        v = self.violation
        if v is not None:
            lines.append(say(_VIOLATION, lang, rule=v.rule, path=v.path))
            lines.append(f"  {v.render(lang, who=self.seat_labels())}")
            if v.position is not None:
                lines.append(say(_POSITION, lang))
                lines.extend("    " + line for line in v.position.render(lang).splitlines())
            lines.append(say(_ILLEGAL, lang, rule=v.rule))
            return "\n".join(lines)
        state = say(_OVER if self.over else _UNFINISHED, lang)
        lines.append(Sentence.plural(_LEGAL, self.rounds, state=state).render(lang))
        if self.score_sheet is not None and len(self.score_sheet):
            lines.append(self.score_sheet.format(lang=lang))
        seats = len(self.totals) if self.totals is not None else 0
        lines += totals_lines(
            self.totals,
            self.claimed_totals,
            self.differences,
            self.standings,
            lang,
            who=None if self.names is None else [seat_label(s, self.names) for s in range(seats)],
        )
        lines.append(say(_CONSISTENT if self.ok else _MISMATCH, lang))
        return "\n".join(lines)


def totals_lines(
    totals: Sequence[int] | None,
    claimed: Sequence[int] | None,
    found: Iterable[Difference],
    standings: Standings | None,
    lang: str,
    *,
    claimed_label: str = _CLAIMED,
    who: Sequence[object] | None = None,
) -> list[str]:
    """The report's tail: recomputed totals (if any), claimed ones, differences, standings.

    Shared by :class:`Report` and the audit's report, which
    labels the claimed totals ``claimed_label`` and names the seats ``who``
    (one label per seat) in the differences.

    >>> totals_lines((38, 12), (40, 12), differences((40, 12), (38, 12)), None, "en")
    ['recomputed totals: 38 12', 'claimed totals:    40 12', \
'  DIFFERENCE seat 0: claimed 40, recomputed 38 (off by +2)']
    """
    lines = [] if totals is None else [say(_RECOMPUTED, lang, totals=" ".join(map(str, totals)))]
    if claimed is not None:
        lines.append(say(claimed_label, lang, totals=" ".join(map(str, claimed))))
    for difference in found:
        named = None if who is None else who[difference.seat]
        lines.append(say(_DIFFERENCE_LINE, lang, difference=difference.render(lang, who=named)))
    if standings is not None:
        lines.append(say(_STANDINGS, lang))
        lines.extend("  " + line for line in standings.format(lang=lang).splitlines())
    return lines


def _title(record: Record) -> Sentence:
    variant: str | Sentence = record.preset or Sentence(_HOUSE, name=excerpt(record.variant.name))
    return Sentence(
        _RECORD_TITLE,
        variant=variant,
        players=len(record.players),
        # A player left unnamed is "seat N", which a language says its own way.
        names=[
            Sentence(_SEAT, seat=seat) if name == f"seat {seat}" else name
            for seat, name in enumerate(record.names)
        ],
        rounds=Sentence.plural(_ROUNDS, len(record.rounds)),
    )


def _lone(lone: LoneRound) -> Report:
    result = replay_round(lone.variant, lone.round)
    violation = result.violation
    prefix = "rounds[0].actions["
    if violation is not None and violation.path.startswith(prefix) and lone.where:
        # Read from text: point at the line and column the action was written at.
        line, column = lone.where[int(violation.path[len(prefix) : -1])]
        violation = attrs.evolve(violation, path=f"line {line}, column {column}")
    state = result.state
    totals = None
    over = isinstance(state, Round) and state.is_over
    if over and result.violation is None:
        assert isinstance(state, Round)
        totals = state.points
    heading = Sentence.plural(
        _ROUND_TITLE,
        lone.round.hand_size,
        variant=lone.preset or lone.variant.name,
        players=len(lone.round.hands),
    )
    return Report(
        title=str(heading),
        heading=heading,
        violation=violation,
        differences=(),
        totals=totals,
        claimed_totals=None,
        rounds=int(over),
        score_sheet=None,
        standings=None,
        over=over,
    )


# JSON that is not an object: how it starts, and what to call it.
_NOT_AN_OBJECT: Final = re.compile(r'(\[)|(")|([-0-9])|(true|false|null)(?![\w-])')
_KINDS: Final = (N_("a list"), N_("a string"), N_("a number"))
_TEXT: Final = N_("text")
_EMPTY: Final = N_(
    "the text is empty: expected a JSON record (an object, {{...}}) or a round in the "
    "notation (dealer:, hand 0:, ...)"
)
_NOT_A_RECORD: Final = N_(
    "this is JSON, but not a record: a record is a JSON object ({{...}}) with the fields "
    "'format', 'version', 'variant', 'players' and 'rounds'; this text holds {kind}"
)


def read_text(text: str | bytes) -> Record | LoneRound:
    """A JSON record or a round in the notation, told apart by the text's first character.

    A record is a JSON object, so its text starts with ``{`` (after any
    blank space and one byte-order mark); round notation starts with an
    entry such as ``dealer:`` or a ``#`` comment.  Other JSON (a list, a
    string, a number, ``true``, ``false``, ``null``) and blank text are
    neither, and are refused with a :class:`~whist_ro.errors.RecordError`
    saying what was expected.

    >>> read_text("dealer: 1\\nhand 0: Ah\\nhand 1: Kh\\nhand 2: Qh\\nturn-up: Jh").round.dealer
    1
    >>> read_text("[]")
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: this is JSON, but not a record: a record is a JSON object ...
    """
    decoded = decode_text(text, what=_TEXT, max_chars=MAX_CHARS)
    body = decoded.lstrip()
    if not body:
        raise RecordError(_EMPTY, evidence={})
    if body[0] == "{":
        return loads(decoded)
    other = _NOT_AN_OBJECT.match(body)
    if other is not None:
        index = other.lastindex or 4
        kind = other.group() if index == 4 else Sentence(_KINDS[index - 1])
        raise RecordError(_NOT_A_RECORD, evidence={"kind": kind})
    return parse_round(decoded)


def adjudicate(record: Record | LoneRound | str | bytes) -> Report:
    """Replay ``record`` under its variant and report violations and score differences.

    ``record`` is a :class:`~whist_ro.records.Record`, a lone round from
    :func:`~whist_ro.records.parse_round`, or text (str or UTF-8 bytes):
    JSON record text (it starts with ``{``) or the round notation, told
    apart by :func:`read_text`.  A record that cannot be read raises
    :class:`~whist_ro.errors.RecordError`; a rule violation never raises,
    it is reported.

    >>> print(adjudicate('''
    ... variant: romanian
    ... dealer: 2
    ... hand 0: Ah Jc
    ... hand 1: Kh 10c
    ... hand 2: 9d 10s
    ... turn-up: Qs
    ... bids: 0 0 1
    ... trick: Jc 10c 9d
    ... '''))
    round: romanian, 3 players, 2 cards each
    VIOLATION of R-PLAY-3 (line 9, column 15):
      round 1, trick 1, card 3: seat 2 plays 9d breaks R-PLAY-3: seat 2 cannot play 9d: it
        has no clubs but holds spades 10s and must trump (R-PLAY-3)
      position at that moment:
        round 1: 2 cards each, dealer seat 2, turn-up Qs (trump spades)
        bids: seat 0 0, seat 1 0, seat 2 1
        hands: seat 0 Ah | seat 1 Kh | seat 2 10s 9d
        tricks won: 0 0 0
        trick so far: seat 0 Jc, seat 1 10c
        seat 2 to act
    verdict: illegal (R-PLAY-3)
    """
    if isinstance(record, (str, bytes, bytearray)):
        record = read_text(record)
    if isinstance(record, LoneRound):
        return _lone(record)
    if not isinstance(record, Record):
        raise RecordError(
            f"adjudicate takes a Record, a lone round or their text, not {excerpt(record)}"
        )
    result = replay(record, filler=True)
    m = result.state
    if result.violation is not None or not isinstance(m, Match):
        return Report(
            title=str(_title(record)),
            heading=_title(record),
            violation=result.violation,
            differences=(),
            totals=None,
            claimed_totals=record.claimed_totals,
            rounds=len(m.rounds) if isinstance(m, Match) else 0,
            score_sheet=None,
            standings=None,
            over=False,
            names=record.names,  # the violation names the player who broke the rule
        )
    return Report(
        title=str(_title(record)),
        heading=_title(record),
        violation=None,
        differences=differences(record.claimed_totals, m.totals),
        totals=m.totals,
        claimed_totals=record.claimed_totals,
        rounds=len(m.rounds),
        score_sheet=m.score_sheet,
        standings=m.standings() if m.is_over else None,
        over=m.is_over,
        names=record.names,  # shown: an old record's bidirectional controls made visible
    )
