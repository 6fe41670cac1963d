"""Every error the library raises on purpose.

All of them derive from :class:`WhistError`, so ``except WhistError`` catches
anything the library refuses.  Errors about moves and deals carry the rule ID
from the rule book (docs/rules.md) in :attr:`WhistError.rule`, and their
messages name the seat, the action and the evidence, so a table dispute can
be settled by reading the message.

>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Protocol

# The base of the base: the errors render themselves through the catalogues here,
# and whist_ro.locale, above this module, refuses a language with an error of ours.
from whist_ro._messages import ENGLISH, LANGUAGES, N_, catalogue, excerpt, fill, spoken

__all__ = [
    "ActionParseError",
    "ActionTypeError",
    "ActionValueError",
    "AgentError",
    "BidOutOfRangeError",
    "CardNotHeldError",
    "CardParseError",
    "ConfigurationError",
    "EngineCrashedError",
    "EngineError",
    "EngineProtocolError",
    "EngineStartError",
    "EngineTimeoutError",
    "ForbiddenBidError",
    "GameOverError",
    "IllegalActionError",
    "ImmutableError",
    "InvalidDealError",
    "InvalidTrickError",
    "KernelMismatchError",
    "MatchEndError",
    "MustFollowSuitError",
    "MustOvertrumpError",
    "MustTrumpError",
    "NotOverError",
    "NotationError",
    "OutOfDealsError",
    "OutOfTurnError",
    "RecordError",
    "RoomError",
    "SearchBudgetError",
    "SeatTakeover",
    "StoreError",
    "TableBusyError",
    "WhistError",
    "WireError",
    "WrongPhaseError",
]
# __all__ lists the error classes; missing_extra (below) builds an ImportError for the
# modules of the extras and stays out of it.


_NO_EVIDENCE: Final[Mapping[str, object]] = MappingProxyType({})


class WhistError(Exception):
    """Base class of everything whist-ro raises on purpose.

    ``rule`` is the rule ID the problem breaks (``"R-PLAY-2"`` ...), or
    ``None`` when no single rule applies (a typo in a card, say).

    A refusal built from structured data keeps it: ``template`` is the
    English message with ``{fields}`` (a catalogue message) and
    ``evidence`` the values that fill it (the seat, the card, the cards
    held ...).  ``str(error)`` is the English text; :meth:`explain` renders
    the same template in another language.

    >>> from whist_ro import Card
    >>> try:
    ...     Card.parse("1x")
    ... except WhistError as error:
    ...     print(type(error).__name__, error.rule)
    CardParseError None
    """

    rule: str | None = None
    template: str | None = None
    """The English template of the message, or None for a message written out whole."""
    evidence: Mapping[str, object] = _NO_EVIDENCE
    """The values the template is filled with (read-only); empty without a template."""

    def __init__(
        self,
        message: str,
        *,
        rule: str | None = None,
        evidence: Mapping[str, object] | None = None,
    ) -> None:
        if rule is not None:
            self.rule = rule
        if evidence is not None:
            self.template = message
            self.evidence = MappingProxyType(dict(evidence))
            message = fill(message, ENGLISH, **self.evidence)
        super().__init__(message)

    def explain(self, lang: str = ENGLISH) -> str:
        """This refusal in ``lang`` (``"en"`` or ``"ro"``), rendered from its template and evidence.

        ``explain()`` is ``str(error)``.  The template is looked up in the
        language's catalogue only now, so a refusal costs nothing until it
        is read; a message with no Romanian text stays English.

        >>> error = WhistError("seat {seat} plays {card}", evidence={"seat": 1, "card": "Qh"})
        >>> str(error), error.explain("ro")
        ('seat 1 plays Qh', 'locul 1 joacă Qh')
        """
        if not spoken(lang):  # as whist_ro.locale.check refuses it
            raise _refused_language(lang, field="lang")
        if self.template is None:
            return catalogue(lang).gettext(str(self))
        return fill(self.template, lang, **self.evidence)

    def __localized__(self, lang: str) -> str:
        # A refusal quoted inside another message speaks that message's language.
        return self.explain(lang)

    def __reduce__(self) -> tuple[object, ...]:
        # Exception's own reduce calls type(self)(*args) again, which a subclass with a
        # keyword-only field refuses, and pickles the read-only evidence view, which
        # pickle cannot.  Rebuilt without __init__: the same args, rule, template,
        # evidence (as a dict) and every other attribute (field, path, seat, engine,
        # stderr, kind, notes ...).  The traceback and the chained errors stay behind.
        state = dict(vars(self))
        if "evidence" in state:
            state["evidence"] = dict(state["evidence"])
        return (_rebuild, (type(self), self.args, state))


class CardParseError(WhistError, ValueError):
    """Text or a number could not be read as a card.

    >>> from whist_ro import Card
    >>> Card.parse("Xq")
    Traceback (most recent call last):
    ...
    whist_ro.errors.CardParseError: cannot read 'Xq' as a card: unknown suit 'q'; the suits are ...
    """


class ConfigurationError(WhistError, ValueError):
    """A variant, schedule or match set-up makes no sense.

    ``field`` names the offending setting (``"players"``, ``"schedule"`` ...).

    >>> from whist_ro import Variant
    >>> try:
    ...     Variant(streak_length=0)
    ... except ConfigurationError as error:
    ...     print(error.field)
    streak_length
    """

    def __init__(
        self,
        message: str,
        *,
        field: str,
        rule: str | None = None,
        evidence: Mapping[str, object] | None = None,
    ) -> None:
        self.field = field
        super().__init__(message, rule=rule, evidence=evidence)


class InvalidDealError(WhistError, ValueError):
    """An explicit deal or deck order breaks R-DECK-4 (or R-TRUMP-*).

    >>> import whist_ro as wr
    >>> wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=0)
    Traceback (most recent call last):
    ...
    whist_ro.errors.InvalidDealError: this deal needs a turn-up card to set trump (R-TRUMP-1), ...
    """

    rule = "R-DECK-4"


class NotOverError(WhistError):
    """A result was asked for before it exists (the points of an unfinished round).

    Also raised by :meth:`Match.standings <whist_ro.Match.standings>` on a match
    that is neither finished nor abandoned.

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
    ...                         dealer=2, turn_up="Qs")
    >>> r.points
    Traceback (most recent call last):
    ...
    whist_ro.errors.NotOverError: the round is not over: its points are not known yet
    """


class MatchEndError(WhistError, ValueError):
    """A match cannot be ended early this way, or not now (R-END-3).

    Abandoning is for the exact-bid family and only between rounds;
    conceding is for classic whist.  The match is left as it was.

    >>> from whist_ro import Match, variants
    >>> Match.new(variants.ROMANIAN, players=3, seed=1).concede(seat=0)
    Traceback (most recent call last):
    ...
    whist_ro.errors.MatchEndError: only a classic side can concede; ... (R-END-3)
    """

    rule = "R-END-3"


class ActionTypeError(WhistError, TypeError):
    """Something that is neither a :class:`~whist_ro.Bid` nor a :class:`~whist_ro.Play`.

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
    ...                         dealer=2, turn_up="Qs")
    >>> r.apply("Ah")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ActionTypeError: expected a Bid or a Play, not 'Ah'
    """


class ActionValueError(WhistError, ValueError):
    """A bid or play holding a whole number no table could use.

    A negative seat, or a seat or trick count beyond
    :data:`whist_ro._check.MAX_WHOLE`.  Whether a bid fits the hand is a
    rule, checked when the bid is applied (R-BID-3).

    >>> import whist_ro as wr
    >>> wr.Bid(seat=-1, tricks=0)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ActionValueError: seat must be a whole number from 0 to 1000000000, not -1
    """


class ActionParseError(WhistError, ValueError):
    """Text or data that cannot be read as a bid or a play.

    Raised by :func:`~whist_ro.action_from_dict` and
    :func:`~whist_ro.actions.parse_action` (and the ``parse_action`` methods
    of rounds and matches) when the *form* is wrong: an unknown key, a
    card that is not a card, text that is neither a bid nor a card.
    ``field`` names the key at fault (``"seat"``, ``"bid"``, ``"card"``),
    or is ``""`` when the whole value is.  An action that reads well but
    breaks a rule raises an :class:`IllegalActionError` instead.

    >>> import whist_ro as wr
    >>> try:
    ...     wr.action_from_dict({"seat": 0, "bid": "two"})
    ... except ActionParseError as error:
    ...     print(error.field)
    bid
    """

    def __init__(
        self,
        message: str,
        *,
        field: str,
        rule: str | None = None,
        evidence: Mapping[str, object] | None = None,
    ) -> None:
        self.field = field
        super().__init__(message, rule=rule, evidence=evidence)


class InvalidTrickError(WhistError, ValueError):
    """A trick built by hand that no play could produce.

    A card twice (R-DECK-4: a deal holds each card once) or more cards
    than players (R-PLAY-7: each seat plays once to a trick).

    >>> import whist_ro as wr
    >>> try:
    ...     wr.Trick(leader=0, cards=["Ah", "Ah"], players=4)
    ... except InvalidTrickError as error:
    ...     print(error.rule)
    R-DECK-4
    """


class IllegalActionError(WhistError, ValueError):
    """A bid or play the rules do not allow right now.

    ``rule`` is always set; ``seat`` and ``action`` say who tried what.  The
    state the action was applied to is left exactly as it was.

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
    ...                         dealer=2, turn_up="Qs")
    >>> try:
    ...     r.apply(wr.Bid(seat=1, tricks=0))
    ... except IllegalActionError as error:
    ...     print(error.rule, error.seat, error.action)
    R-BID-3 1 seat 1 bids 0
    """

    rule: str

    def __init__(
        self,
        message: str,
        *,
        rule: str,
        seat: int,
        action: object,
        evidence: Mapping[str, object] | None = None,
    ) -> None:
        self.seat = seat
        self.action = action
        super().__init__(message, rule=rule, evidence=evidence)


class GameOverError(IllegalActionError):
    """Any action after the round or match is over (R-END-4).

    >>> import whist_ro as wr
    >>> r = wr.Round.shuffled(wr.variants.ROMANIAN, players=3, dealer=0, hand_size=1, seed=1)
    >>> r = wr.random_playout(r, seed=1)
    >>> r.apply(wr.Bid(seat=1, tricks=0))
    Traceback (most recent call last):
    ...
    whist_ro.errors.GameOverError: seat 1 cannot bid 0: the round is over (R-END-4)
    """


class WrongPhaseError(IllegalActionError):
    """A bid during play, a card during bidding (R-BID-3, R-PLAY-7).

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
    ...                         dealer=2, turn_up="Qs")
    >>> r.apply(wr.Play(seat=0, card="Ah"))
    Traceback (most recent call last):
    ...
    whist_ro.errors.WrongPhaseError: seat 0 cannot play Ah: bidding is not finished, ...
    """


class OutOfTurnError(IllegalActionError):
    """A seat acted when it was not its turn (R-BID-3, R-PLAY-7).

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
    ...                         dealer=2, turn_up="Qs")
    >>> r.apply(wr.Bid(seat=1, tricks=0))
    Traceback (most recent call last):
    ...
    whist_ro.errors.OutOfTurnError: seat 1 cannot bid 0: it is seat 0's turn to bid (R-BID-3)
    """


class BidOutOfRangeError(IllegalActionError):
    """A bid below 0 or above the hand size (R-BID-3).

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
    ...                         dealer=2, turn_up="Qs")
    >>> r.apply(wr.Bid(seat=0, tricks=3))
    Traceback (most recent call last):
    ...
    whist_ro.errors.BidOutOfRangeError: seat 0 cannot bid 3: bids run from 0 to the hand ...
    """


class ForbiddenBidError(IllegalActionError):
    """The last bidder tried to make the bids total the hand size (R-BID-2, the hook).

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
    ...                         dealer=2, turn_up="Qs")
    >>> r = r.apply(wr.Bid(seat=0, tricks=0)).apply(wr.Bid(seat=1, tricks=0))
    >>> r.apply(wr.Bid(seat=2, tricks=2))
    Traceback (most recent call last):
    ...
    whist_ro.errors.ForbiddenBidError: seat 2 (dealer) cannot bid 2: ... (R-BID-2)
    """


class CardNotHeldError(IllegalActionError):
    """A card the seat does not hold (R-PLAY-7).

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
    ...                         dealer=2, turn_up="Qs")
    >>> r = r.apply(wr.Bid(seat=0, tricks=0)).apply(wr.Bid(seat=1, tricks=0))
    >>> r = r.apply(wr.Bid(seat=2, tricks=1))
    >>> r.apply(wr.Play(seat=0, card="Kh"))
    Traceback (most recent call last):
    ...
    whist_ro.errors.CardNotHeldError: seat 0 cannot play Kh: it does not hold Kh (R-PLAY-7)
    """


class MustFollowSuitError(IllegalActionError):
    """A seat able to follow the led suit did not (R-PLAY-2).

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
    ...                         dealer=2, turn_up="Qs")
    >>> r = r.apply(wr.Bid(seat=0, tricks=0)).apply(wr.Bid(seat=1, tricks=0))
    >>> r = r.apply(wr.Bid(seat=2, tricks=1))
    >>> r = r.apply(wr.Play(seat=0, card="Jc"))
    >>> r.apply(wr.Play(seat=1, card="Kh"))
    Traceback (most recent call last):
    ...
    whist_ro.errors.MustFollowSuitError: seat 1 cannot play Kh: it holds 10c and must ...
    """


class MustTrumpError(IllegalActionError):
    """A seat void in the led suit that holds trumps did not trump (R-PLAY-3).

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"],
    ...                         dealer=2, turn_up="Qs")
    >>> r = r.apply(wr.Bid(seat=0, tricks=0)).apply(wr.Bid(seat=1, tricks=0))
    >>> r = r.apply(wr.Bid(seat=2, tricks=1))
    >>> r = r.apply(wr.Play(seat=0, card="Jc")).apply(wr.Play(seat=1, card="10c"))
    >>> r.apply(wr.Play(seat=2, card="9d"))
    Traceback (most recent call last):
    ...
    whist_ro.errors.MustTrumpError: seat 2 cannot play 9d: it has no clubs but holds spades ...
    """


class MustOvertrumpError(IllegalActionError):
    """Under ``must_overtrump``, a seat that could beat the trick's trump did not (R-PLAY-8).

    >>> import attrs, whist_ro as wr
    >>> strict = attrs.evolve(wr.variants.ROMANIAN, must_overtrump=True)
    >>> r = wr.Round.from_hands(strict, hands=["Ac Jc", "10h 10d", "Kh 9h"], dealer=2,
    ...                         turn_up="Qh")
    >>> for seat, bid in ((0, 0), (1, 0), (2, 1)):
    ...     r = r.apply(wr.Bid(seat=seat, tricks=bid))
    >>> r = r.apply(wr.Play(seat=0, card="Ac")).apply(wr.Play(seat=1, card="10h"))
    >>> r.apply(wr.Play(seat=2, card="9h"))
    Traceback (most recent call last):
    ...
    whist_ro.errors.MustOvertrumpError: seat 2 cannot play 9h: it must beat the 10h in ...
    """


class ImmutableError(WhistError, AttributeError):
    """An attempt to change a value: every value the library hands out is immutable.

    Cards, actions, card sets, deals, rounds, matches, views, variants,
    score sheets, records, reports and results refuse attribute assignment
    and deletion, ``__setstate__`` on a live object (unpickling builds a new
    one), writes through ``__dict__`` and a second call of ``__init__``.
    Work with the new value a method returns instead (``apply``,
    ``attrs.evolve`` ...).  It is an :class:`AttributeError`, as Python's
    own read-only attributes are.

    >>> import whist_ro as wr
    >>> wr.variants.ROMANIAN.hook = False
    Traceback (most recent call last):
    ...
    whist_ro.errors.ImmutableError: Variant is immutable; cannot set 'hook'
    """


class OutOfDealsError(WhistError):
    """A match built from explicit deals needs a deal it was not given.

    Raised by the action that ends a round when the match has no deal for
    the next one; the match you called is left as it was, so give it more
    deals with :meth:`Match.with_deals <whist_ro.Match.with_deals>` and apply
    the action again.

    >>> import whist_ro as wr
    >>> d = wr.Deal.shuffled(wr.variants.ROMANIAN, players=3, dealer=0, hand_size=1, seed=1)
    >>> m = wr.Match.new(wr.variants.ROMANIAN, deals=[d])
    >>> for _ in range(5):
    ...     m = m.apply(m.legal_actions()[0])
    >>> m.apply(m.legal_actions()[0])
    Traceback (most recent call last):
    ...
    whist_ro.errors.OutOfDealsError: round 2 needs a deal, but the match was given 1 (R-SCHED-4)
    """

    rule = "R-SCHED-4"


class RecordError(WhistError, ValueError):
    """A match record, score sheet or round notation that cannot be read.

    ``path`` says where the problem is: a JSON path such as
    ``rounds[3].actions[17].card`` for a record, ``line 4, column 3`` for
    a score sheet, ``line 5, column 9`` for the round notation, or ``""``
    for the text as a whole.  A legal-looking record whose *play* breaks
    a rule is not an error: :func:`whist_ro.records.adjudicate` reports it.

    >>> from whist_ro import records
    >>> try:
    ...     records.loads('{"format": "whist-ro-record", "version": 9}')
    ... except RecordError as error:
    ...     print(error.path)
    version
    """

    def __init__(
        self,
        message: str,
        *,
        path: str = "",
        rule: str | None = None,
        evidence: Mapping[str, object] | None = None,
    ) -> None:
        self.path = path
        super().__init__(message, rule=rule, evidence=evidence)


_PLACE: Final = N_("line {line}, column {column}")


class NotationError(RecordError):
    """Round notation that cannot be read; ``line`` and ``column`` count from 1.

    ``path`` is the place in English (``"line 1, column 9"``).  The message
    and its evidence are the whole refusal, place included: the readers of
    :mod:`whist_ro.records.notation` build them, so the place, too, renders
    in the reader's language.  (``whist_ro.records.notation.NotationError``
    is this class, a deprecated name for it.)

    >>> from whist_ro.records import parse_round
    >>> try:
    ...     parse_round("dealer: x")
    ... except NotationError as error:
    ...     print(error.line, error.column, error.path)
    1 9 line 1, column 9
    """

    def __init__(
        self,
        message: str,
        *,
        line: int,
        column: int,
        evidence: Mapping[str, object] | None = None,
    ) -> None:
        self.line = line
        self.column = column
        where = fill(_PLACE, ENGLISH, line=line, column=column)
        super().__init__(message, path=where, evidence=evidence)


class SeatTakeover(Protocol):
    """What :attr:`AgentError.takeover` holds: a seat handed to the fallback agent (R-SEAT-1).

    :class:`whist_ro.Takeover` is the one the library makes; the errors,
    at the base of the library, name it by this protocol, so they need not
    import the table layer that defines it.

    >>> import whist_ro as wr
    >>> taken: SeatTakeover = wr.Takeover(round=1, trick=0, seat=2, reason="returned None")
    >>> taken.seat, taken.explain("en")
    (2, 'returned None')
    """

    @property
    def round(self) -> int:
        """The round, counted from 1."""
        ...

    @property
    def trick(self) -> int:
        """The trick, counted from 1; 0 during the bidding."""
        ...

    @property
    def seat(self) -> int:
        """The seat taken over."""
        ...

    @property
    def reason(self) -> str:
        """What the agent did, in English."""
        ...

    @property
    def agent(self) -> str | None:
        """The name of the agent taken over, when known."""
        ...

    @property
    def error(self) -> str | None:
        """The type of the exception the agent raised, or ``None`` if it raised none."""
        ...

    @property
    def traceback(self) -> str | None:
        """The agent's traceback when its own code raised, else ``None``."""
        ...

    def explain(self, lang: str = ENGLISH) -> str:
        """The reason in ``lang``."""
        ...


class AgentError(WhistError):
    """An agent failed at a :class:`~whist_ro.Table` that was told ``on_error="raise"``.

    Raised *from* the agent's own exception (its ``__cause__``), so the
    traceback shows the bug.  ``seat`` is the agent's seat and
    ``takeover`` the :class:`~whist_ro.Takeover` (a :class:`SeatTakeover`) that the default
    ``on_error="takeover"`` would have logged (R-SEAT-1).  When the agent
    failed while choosing, the table is left as it was.

    >>> import whist_ro as wr
    >>> class Silent:
    ...     def act(self, view):
    ...         return None
    >>> table = wr.Table(wr.variants.ROMANIAN, agents=[Silent()] * 3, seed=1, on_error="raise")
    >>> try:
    ...     table.step()
    ... except AgentError as error:
    ...     print(error.seat, error.takeover.reason, len(table.match.history))
    2 returned None, which is not a Bid or a Play 0
    """

    def __init__(self, message: str, *, seat: int, takeover: SeatTakeover) -> None:
        self.seat = seat
        self.takeover = takeover
        super().__init__(message, rule="R-SEAT-1")


class TableBusyError(WhistError, RuntimeError):
    """A :class:`~whist_ro.Table` was asked to play while it is already playing a step.

    An agent that calls ``table.step()`` or ``table.run()`` from inside its
    ``act`` or ``observe`` would desynchronise the table; the call is
    refused, and unless the agent catches the error it costs the agent its
    seat.

    >>> issubclass(TableBusyError, RuntimeError)
    True
    """


class WireError(WhistError, ValueError):
    """Data from the wire (a protocol message, a view, a step, a result) that cannot be read.

    ``path`` says where the problem is, as a JSON path such as
    ``view.tricks[2].cards[1]`` (``""`` for the message as a whole).  The
    readers of :mod:`whist_ro.remote` and the ``from_dict`` methods of
    views, steps and match results raise it; nothing else escapes them.

    >>> from whist_ro import Step
    >>> try:
    ...     Step.from_dict({"seat": 0, "bid": 1, "round_over": "yes"})
    ... except WireError as error:
    ...     print(error.path)
    step.round_over
    """

    def __init__(
        self,
        message: str,
        *,
        path: str = "",
        rule: str | None = None,
        evidence: Mapping[str, object] | None = None,
    ) -> None:
        self.path = path
        super().__init__(message, rule=rule, evidence=evidence)


class EngineError(WhistError):
    """An engine process (:mod:`whist_ro.remote`) failed; the base of the engine errors.

    ``engine`` names the engine and ``stderr`` holds the last lines it
    wrote to its standard error, for whoever debugs it (they are also
    attached to the exception as a note, so a traceback shows them).  At a
    :class:`~whist_ro.Table` such an error costs the engine its seat, and
    the takeover's reason is this error's message (R-SEAT-1), in every
    language whist-ro speaks when the message has a template and evidence.

    >>> error = EngineTimeoutError("engine 'slow' timed out", engine="slow", stderr=("thinking",))
    >>> isinstance(error, EngineError), error.engine, error.stderr
    (True, 'slow', ('thinking',))
    """

    def __init__(
        self,
        message: str,
        *,
        engine: str = "",
        stderr: tuple[str, ...] = (),
        evidence: Mapping[str, object] | None = None,
    ) -> None:
        self.engine = engine
        self.stderr = stderr
        super().__init__(message, rule="R-SEAT-1", evidence=evidence)
        if stderr:
            self.add_note("the engine's last lines on stderr:\n" + "\n".join(stderr))


class EngineStartError(EngineError):
    """An engine could not be started, or its handshake failed (wrong protocol, bad option).

    >>> issubclass(EngineStartError, EngineError)
    True
    """


class EngineCrashedError(EngineError):
    """The engine process exited (or closed its output) while the manager still needed it.

    ``returncode`` is the exit status (negative: killed by that signal), or
    None when only its output was closed.

    >>> EngineCrashedError("engine exited with status 3", returncode=3).returncode
    3
    """

    def __init__(
        self,
        message: str,
        *,
        engine: str = "",
        stderr: tuple[str, ...] = (),
        returncode: int | None = None,
        evidence: Mapping[str, object] | None = None,
    ) -> None:
        self.returncode = returncode
        super().__init__(message, engine=engine, stderr=stderr, evidence=evidence)


class EngineTimeoutError(EngineError, TimeoutError):
    """The engine did not answer before its deadline.

    An answer that comes later is thrown away; an engine that does not
    answer within the grace period after its deadline is killed.

    >>> issubclass(EngineTimeoutError, TimeoutError)
    True
    """


class EngineProtocolError(EngineError, ValueError):
    """The engine broke the protocol: garbage, an oversize line, a wrong seat, an illegal action.

    ``kind`` says which: ``"garbage"``, ``"oversize"``, ``"wrong_seat"``,
    ``"illegal"``, ``"resigned"`` or ``"protocol"`` (anything else, such as
    an answer to a question that was not asked).

    >>> EngineProtocolError("engine sent garbage", kind="garbage").kind
    'garbage'
    """

    def __init__(
        self,
        message: str,
        *,
        kind: str,
        engine: str = "",
        stderr: tuple[str, ...] = (),
        evidence: Mapping[str, object] | None = None,
    ) -> None:
        self.kind = kind
        super().__init__(message, engine=engine, stderr=stderr, evidence=evidence)


class StoreError(WhistError):
    """The web table's database cannot be used: another program's file, a newer layout, a bad row.

    :class:`whist_ro.web.Store` raises it.  (``whist_ro.web.store.StoreError``
    is this class, a deprecated name for it.)

    >>> str(StoreError("no table 'nope' in the database"))
    "no table 'nope' in the database"
    """


# What the web table refuses, by the code it sends (the page shows its own text
# for a code, static/messages.js; these are the server's, for API clients and
# logs, in each language of the catalogue).  Kept with the error, at the base,
# so that a refusal renders itself as every error does.
_ROOM_REFUSALS: Final[Mapping[str, str]] = MappingProxyType(
    {
        # lobby and joining
        "no_table": N_("there is no table {table!r}"),
        "table_damaged": N_(
            "table {table!r} cannot be rebuilt from the database; the server's log says why"
        ),
        "table_full": N_("every seat of this table is taken"),
        "seat_taken": N_("seat {seat} is already taken"),
        "too_many_tables": N_("the server hosts {limit} open tables already; try again later"),
        "too_many_waiting": N_(
            "you have {limit} tables waiting for players already; start one or let one close first"
        ),
        "too_many_open": N_(
            "you have {limit} tables open already, waiting or playing; finish one first"
        ),
        "expired_unopened": N_(
            "table {table!r} was closed unplayed: its maker did not open it within {after} s"
        ),
        "expired_unstarted": N_(
            "table {table!r} was closed unplayed: it did not start within {after} s"
        ),
        "bad_content_type": N_(
            "a request's body must be JSON, sent as Content-Type: application/json"
        ),
        "bad_request": N_("{detail}"),
        # {detail} is the variant's own refusal, rendered in the page's language by the server
        "bad_house_rule": N_("the house rule {field} is refused: {detail}"),
        "bad_json": N_("the request is not a JSON object"),
        "request_too_big": N_("a request may hold at most {limit} bytes"),
        "not_creator": N_("only the player who made the table may start it early"),
        "already_started": N_("the match has already started"),
        "no_record": N_("the record can be downloaded when the match is over"),
        "bot_family": N_("the {bot} bot does not play {variant}"),
        "unknown_bot": N_("unknown bot {bot!r}; the bots: {bots}"),
        # the table connection
        "hello_first": N_("the first message must be a hello"),
        "bad_token": N_("this seat's token is wrong"),
        "bad_message": N_("the message is not understood: {detail}"),
        "too_big": N_("a message may hold at most {limit} bytes"),
        "too_fast": N_("too many messages: at most {limit} a second"),
        "spectator": N_("a spectator cannot act"),
        "not_started": N_("the match has not started: {waiting} seat(s) still free"),
        "taken_over": N_("a bot plays your seat; take it back first"),
        "not_taken_over": N_("your seat is yours already"),
        "stale": N_("the table moved on before your action arrived (action {seq} was expected)"),
        "replaced": N_("this seat was opened in another window"),
        "paused": N_(
            "the table is paused: the server cannot write to its database ({reason}); it "
            "tries again in {retry_in:g} s, and no action is lost"
        ),
        "bad_origin": N_("connections from {origin} are not accepted"),
        "too_many_connections": N_("too many connections are open ({limit}); try again later"),
        # the referee
        "referee_empty": N_("give a record, a round in the notation, or a score sheet"),
        "referee_too_big": N_("the upload may hold at most {limit} bytes"),
        "referee_busy": N_("the referee is judging {limit} uploads already; try again in a moment"),
        "too_many_uploads": N_(
            "too many uploads from your address: {at_once} at once and {per_minute:g} a minute "
            "at most; try again later"
        ),
    }
)


class RoomError(WhistError):
    """A request the web table refuses; ``code`` names the refusal and ``values`` fill its text.

    The text is the catalogue template of ``code`` (:data:`RoomError.TEMPLATES`),
    so ``str(error)`` is English and :meth:`~WhistError.explain` renders
    it in Romanian, as every refusal does.  (``whist_ro.web.RoomError`` and
    ``whist_ro.web.room.RoomError`` are deprecated names for this class.)

    >>> error = RoomError("seat_taken", seat=2)
    >>> error.code, str(error), error.explain("ro")
    ('seat_taken', 'seat 2 is already taken', 'locul 2 este deja ocupat')
    """

    TEMPLATES: Final[Mapping[str, str]] = _ROOM_REFUSALS
    """The English template of each refusal code."""

    def __init__(self, code: str, /, **values: object) -> None:
        self.code = code
        self.values = values
        super().__init__(_ROOM_REFUSALS[code], evidence=values)


class SearchBudgetError(WhistError):
    """An exact search of :mod:`whist_ro.solve` used up its node ``budget`` without an answer.

    ``budget`` is the number of positions it was allowed to visit.  Nothing is
    guessed: ask again with a larger budget (or ``budget=None``, no limit), or
    treat the answer as unknown, as :func:`whist_ro.solve.post_mortem` does.

    >>> import whist_ro as wr
    >>> from whist_ro import solve
    >>> r = wr.Round.shuffled(wr.variants.ROMANIAN, players=4, hand_size=8, dealer=0, seed=1)
    >>> try:
    ...     solve.bounds(r, 0, budget=10)
    ... except SearchBudgetError as error:
    ...     print(error.budget, error)
    10 the search used up its budget of 10 positions without an answer
    """

    def __init__(self, *, budget: int) -> None:
        self.budget = budget
        super().__init__(
            N_("the search used up its budget of {budget} positions without an answer"),
            evidence={"budget": budget},
        )


class KernelMismatchError(WhistError):
    """A kernel of :mod:`whist_ro.sim` disagreed with the engine's rules (``debug=True`` only).

    It means a bug in :mod:`whist_ro.sim`, never in the caller's input.
    (``whist_ro.sim.KernelMismatchError`` is this class, a deprecated name for it.)

    >>> issubclass(KernelMismatchError, WhistError)
    True
    """


def missing_extra(error: ModuleNotFoundError, *, extra: str, needed_by: str) -> ModuleNotFoundError:
    """What to raise when a module needs an optional dependency that is not installed.

    The error names the missing package, the module that needs it and the
    extra that installs it, instead of a ``No module named ...`` from deep
    inside; it is a :class:`ModuleNotFoundError` (an :class:`ImportError`)
    for the same package, so code that catches either still does.  A module
    of an extra raises it from its first import of that extra's packages::

        try:
            import numpy as np
        except ModuleNotFoundError as error:
            raise missing_extra(error, extra="vector", needed_by=__name__) from None

    >>> try:
    ...     import no_such_package.inside
    ... except ModuleNotFoundError as error:
    ...     missing = missing_extra(error, extra="vector", needed_by="whist_ro.interop.vector")
    >>> print(missing)
    Missing optional dependency 'no_such_package': whist_ro.interop.vector needs it. \
Install the vector extra: pip install 'whist-ro[vector]' (in a checkout: pip install '.[vector]')
    >>> missing.name
    'no_such_package'
    """
    package = (error.name or "").partition(".")[0] or "?"
    return ModuleNotFoundError(
        f"Missing optional dependency {package!r}: {needed_by} needs it. Install the {extra} "
        f"extra: pip install 'whist-ro[{extra}]' (in a checkout: pip install '.[{extra}]')",
        name=package,
    )


def _rebuild(
    kind: type[WhistError], args: tuple[object, ...], state: dict[str, object]
) -> WhistError:
    """A pickled :class:`WhistError` again, built without calling its ``__init__``."""
    error = kind.__new__(kind, *args)
    error.args = args
    evidence = state.get("evidence")
    if isinstance(evidence, Mapping):
        state = {**state, "evidence": MappingProxyType(dict(evidence))}
    vars(error).update(state)
    return error


_REFUSED_LANGUAGE: Final = N_("{field}={value} names no language whist-ro speaks: {languages}")


def _refused_language(value: object, *, field: str) -> ConfigurationError:
    """The refusal of ``value`` as a language: :func:`whist_ro.locale.check` raises it too.

    Built here, beside the class, so that the catalogue's ``locale`` (which
    imports this module) raises the same error whatever was imported first.
    """
    return ConfigurationError(
        _REFUSED_LANGUAGE,
        field=field,
        evidence={"field": field, "value": excerpt(value), "languages": ", ".join(LANGUAGES)},
    )
