r"""A compact text notation for one round, so a disputed hand can be typed from memory.

The grammar (one entry a line; blank lines and lines starting with ``#``
are ignored; spaces around tokens do not matter)::

    round    = [variant] dealer hand{N} turnup [bids] {trick}
    variant  = "variant:" PRESET                 default romanian
    dealer   = "dealer:" SEAT
    hand     = "hand" SEAT ":" CARD {CARD}       seats 0, 1, ... in order
    turnup   = "turn-up:" (CARD | "-")           "-": the deal has no trump card
    bids     = "bids:" {BID}                     from the first hand, clockwise
    trick    = "trick:" CARD {CARD}              from the trick's leader, clockwise

``PRESET`` is a preset name or alias (``variants.get``); ``CARD`` is card
text as :meth:`Card.parse <whist_ro.Card.parse>` reads it (``Ah``,
``10h``, ``Th``); ``SEAT`` and ``BID`` are whole numbers.  Seats are never
written in the play: the first hand (left of the dealer) bids first and
leads the first trick, each trick's winner leads the next (R-BID-1,
R-PLAY-1, R-PLAY-6), and the bids and cards are given to seats in that
order.  Classic whist has no ``bids`` line.  Only the last ``bids`` or
``trick`` line may be unfinished.  The notation carries legal *order*
only: an action out of turn cannot be written in it (the JSON record
can hold one).

:func:`parse_round` reads the text into a :class:`LoneRound` and names the
line and column of any problem; :func:`format_round` writes the canonical
text, and the two round-trip.

>>> text = '''
... dealer: 2
... hand 0: Ah Jc
... hand 1: Kh 10c
... hand 2: 9d 10s
... turn-up: Qs
... bids: 0 0 1
... trick: Jc 10c 10s
... trick: 9d Ah
... '''
>>> lone = parse_round(text)
>>> lone.round.actions[-1]
Play(seat=0, card=Card.parse('Ah'))
>>> print(format_round(lone))
variant: romanian
dealer: 2
hand 0: Ah Jc
hand 1: Kh 10c
hand 2: 9d 10s
turn-up: Qs
bids: 0 0 1
trick: Jc 10c 10s
trick: 9d Ah
>>> parse_round(format_round(lone)) == lone
True
>>> parse_round("dealer: 2\nhand 0: Ah Jx")
Traceback (most recent call last):
...
whist_ro.errors.NotationError: line 2, column 12: cannot read 'Jx' as a card: ...
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Final

import attrs

from whist_ro import errors, variants
from whist_ro._check import excerpt, is_whole, located
from whist_ro._deprecation import moved_names
from whist_ro._immutable import Immutable
from whist_ro._text import Sentence
from whist_ro.actions import Action, Bid, Play
from whist_ro.cards import Card
from whist_ro.engine.round import Round
from whist_ro.errors import ConfigurationError, RecordError, WhistError
from whist_ro.locale import N_
from whist_ro.records.record import Record, RoundRecord, preset_name
from whist_ro.records.schema import PLACE, decode_text
from whist_ro.rules.bidding import bidding_order, first_hand, next_seat
from whist_ro.rules.play import next_leader, trick_winner_index
from whist_ro.variants import Variant, check_variant

__all__ = ["MAX_TEXT", "LoneRound", "format_round", "parse_round"]

# NotationError lives with every other error now; its old name here warns.
if not TYPE_CHECKING:  # a type checker no longer sees the moved names (docs/stability.md)
    __getattr__ = moved_names(__name__, {"NotationError": "whist_ro.errors:NotationError"})

MAX_TEXT: Final = 20_000
"""The longest round text :func:`parse_round` reads, in characters."""
_MAX_LINES: Final = 200
_MAX_SEATS: Final = 8
_MAX_BID: Final = 52
_KEY: Final = re.compile(r"\s*(variant|dealer|hand\s+\S+|turn-up|bids|trick)\s*:", re.IGNORECASE)
_TOKEN: Final = re.compile(r"\S+")
_NUMBER: Final = re.compile(r"[0-9]{1,3}")

# The refusals, as catalogue templates (a line and column go first).
_ROUND_TEXT: Final = N_("round text")
_QUOTED: Final = "{error}"  # another refusal quoted whole: it has its own template
_NOT_A_NUMBER: Final = N_("{what} must be a whole number from 0 to {high}, not {value}")
_THE_DEALER: Final = N_("the dealer")
_A_BID: Final = N_("a bid")
_TOO_MANY_LINES: Final = N_("the text has {lines} lines; a round needs at most {most}")
_NO_KEY: Final = N_("expected 'variant:', 'dealer:', 'hand N:', 'turn-up:', 'bids:' or 'trick:'")
_MISSING_KEY: Final = N_("missing '{key}:'")
_WRONG_KEY: Final = N_("expected '{key}:' here, not '{found}:'")
_NO_PRESET: Final = N_("expected a preset name after 'variant:'")
_ONE_SEAT: Final = N_("expected exactly one seat")
_ONE_TURN_UP: Final = N_("expected exactly one card or '-'")
_HAND_ORDER: Final = N_("expected 'hand {seat}:' (hands go in seat order from 0)")
_TOO_MANY_HANDS: Final = N_("at most {most} hands")
_NO_SUCH_DEALER: Final = N_("the dealer must be a seat from 0 to {last}, not {dealer}")
_CLASSIC_BIDS: Final = N_("classic whist has no bidding: leave out the 'bids:' line")
_TOO_MANY_BIDS: Final = N_("{count} bids, but {players} players bid once each")
_EARLY_TRICK: Final = N_("a trick before the bidding is complete")
_OPEN_TRICK: Final = N_("only the last trick may be unfinished")
_TRICK_SIZE: Final = N_("a trick holds 1 to {players} cards, not {count}")
_UNEXPECTED: Final = N_("unexpected '{key}:' here (see the grammar for the order)")


def _fail(
    message: str, line: int, column: int, evidence: Mapping[str, object]
) -> errors.NotationError:
    """The refusal of ``message`` at ``line``, ``column``; the place is translated too."""
    template, fields = located(Sentence(PLACE, line=line, column=column), message, **evidence)
    return errors.NotationError(template, line=line, column=column, evidence=fields)


def _places(value: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise RecordError(f"where must list (line, column) places, not {excerpt(value)}")
    return tuple(value)


@attrs.frozen(kw_only=True)
class LoneRound(Immutable):
    """One round on its own: its variant, and the deal and actions as written.

    ``preset`` is the preset name; ``where`` gives each action's
    ``(line, column)`` in the text it was read from (empty when it was
    not read from text), and takes no part in equality.

    >>> lone = parse_round("dealer: 2\\nhand 0: Ah\\nhand 1: Kh\\nhand 2: Qh\\nturn-up: Jh")
    >>> lone.preset, lone.round.dealer, lone.round.actions
    ('romanian', 2, ())
    """

    variant: Variant
    preset: str | None
    round: RoundRecord
    where: tuple[tuple[int, int], ...] = attrs.field(default=(), eq=False, converter=_places)

    def __attrs_post_init__(self) -> None:
        try:
            check_variant(self.variant)
        except ConfigurationError as error:
            raise RecordError(str(error)) from None
        if not isinstance(self.round, RoundRecord):
            raise RecordError(f"round must be a RoundRecord, not {excerpt(self.round)}")
        if self.preset is not None and self.preset != preset_name(self.variant):
            raise RecordError(
                f"preset {excerpt(self.preset)} is not the name of this variant's preset "
                f"({preset_name(self.variant)!r})"
            )

    @classmethod
    def of(cls, record: Record, *, index: int = 0) -> LoneRound:
        """Round ``index`` (from 0) of a match record, on its own.

        >>> import whist_ro as wr
        >>> from whist_ro.records import to_record
        >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
        >>> LoneRound.of(to_record(m)).round.hand_size
        1
        """
        if not isinstance(record, Record):
            raise RecordError(f"LoneRound.of takes a Record, not {excerpt(record)}")
        if not is_whole(index) or not 0 <= index < len(record.rounds):
            raise RecordError(
                f"the record has rounds 0 to {len(record.rounds) - 1}, not {excerpt(index)}"
            )
        return cls(variant=record.variant, preset=record.preset, round=record.rounds[index])


class _Line:
    """One line of text and the column where each of its tokens starts."""

    def __init__(self, number: int, text: str) -> None:
        self.number = number
        self.text = text

    def fail(self, message: str, column: int = 1, **fields: object) -> errors.NotationError:
        return _fail(message, self.number, column, fields)

    def tokens(self, start: int) -> list[tuple[str, int]]:
        return [(m.group(), m.start() + 1) for m in _TOKEN.finditer(self.text, start)]


def _number(token: str, column: int, line: _Line, *, what: str, high: int) -> int:
    if _NUMBER.fullmatch(token) is None or int(token) > high:
        raise line.fail(_NOT_A_NUMBER, column, what=Sentence(what), high=high, value=excerpt(token))
    return int(token)


def _card(token: str, column: int, line: _Line) -> Card:
    try:
        return Card.parse(token)
    except WhistError as error:
        raise line.fail(_QUOTED, column, error=error) from None


class _Reader:
    """Reads the entries in their fixed order, remembering where each action was written."""

    def __init__(self, data: object) -> None:
        text = decode_text(data, what=_ROUND_TEXT, max_chars=MAX_TEXT, fail=_fail)
        lines = text.splitlines()
        if len(lines) > _MAX_LINES:
            raise _fail(
                _TOO_MANY_LINES, _MAX_LINES + 1, 1, {"lines": len(lines), "most": _MAX_LINES}
            )
        self.entries: list[tuple[str, _Line, int]] = []
        for number, raw in enumerate(lines, start=1):
            if not raw.strip() or raw.lstrip().startswith("#"):
                continue
            line = _Line(number, raw)
            match = _KEY.match(raw)
            if match is None:
                column = len(raw) - len(raw.lstrip()) + 1
                raise line.fail(_NO_KEY, column)
            key = " ".join(match.group(1).lower().split())
            self.entries.append((key, line, match.end()))
        self.at = 0
        self.last_line = len(lines) or 1

    def peek(self) -> str | None:
        return self.entries[self.at][0] if self.at < len(self.entries) else None

    def take(self, key: str) -> tuple[_Line, list[tuple[str, int]]]:
        found = self.peek()
        if found is None:
            raise _fail(_MISSING_KEY, self.last_line, 1, {"key": key})
        _, line, start = self.entries[self.at]
        if found != key and not (key == "hand" and found.startswith("hand ")):
            raise line.fail(_WRONG_KEY, key=key, found=found)
        self.at += 1
        return line, line.tokens(start)


def _variant(reader: _Reader) -> Variant:
    if reader.peek() != "variant":
        return variants.ROMANIAN
    line, tokens = reader.take("variant")
    if not tokens:
        raise line.fail(_NO_PRESET, len(line.text) + 1)
    name = " ".join(token for token, _ in tokens)
    try:
        return variants.get(name)
    except WhistError as error:
        raise line.fail(_QUOTED, tokens[0][1], error=error) from None


def _one(line: _Line, tokens: list[tuple[str, int]], refusal: str) -> tuple[str, int]:
    if len(tokens) != 1:
        column = tokens[1][1] if tokens else len(line.text) + 1
        raise line.fail(refusal, column)
    return tokens[0]


def parse_round(text: str | bytes) -> LoneRound:
    """Read one round written in the notation (see the module docs for the grammar).

    ``text`` is a str or UTF-8 bytes; one byte-order mark at the start is
    skipped.

    Only :class:`~whist_ro.errors.NotationError` (a :class:`~whist_ro.errors.RecordError`)
    is raised, naming the line and column.  Whether the play was legal is
    :func:`~whist_ro.records.adjudicate`'s question.

    >>> parse_round("dealer: 1\\nhand 0: Ah\\nhand 1: Kh\\nhand 2: Qh\\nturn-up: -\\nbids: 0 0 0 0")
    Traceback (most recent call last):
    ...
    whist_ro.errors.NotationError: line 6, column 13: 4 bids, but 3 players bid once each
    """
    reader = _Reader(text)
    variant = _variant(reader)
    dealer_line, tokens = reader.take("dealer")
    token, dealer_column = _one(dealer_line, tokens, _ONE_SEAT)
    dealer = _number(token, dealer_column, dealer_line, what=_THE_DEALER, high=_MAX_SEATS - 1)
    line = dealer_line
    hands: list[tuple[Card, ...]] = []
    while (key := reader.peek()) is not None and key.startswith("hand "):
        line, tokens = reader.take("hand")
        label = key.split()[1]
        seat = len(hands)
        if label != str(seat):
            raise line.fail(_HAND_ORDER, 1, seat=seat)
        if seat >= _MAX_SEATS:
            raise line.fail(_TOO_MANY_HANDS, 1, most=_MAX_SEATS)
        hands.append(tuple(_card(t, c, line) for t, c in tokens))
    if not hands:
        raise _fail(_MISSING_KEY, line.number + 1, 1, {"key": "hand 0"})
    players = len(hands)
    if dealer >= players:
        raise dealer_line.fail(_NO_SUCH_DEALER, dealer_column, last=players - 1, dealer=dealer)
    line, tokens = reader.take("turn-up")
    token, column = _one(line, tokens, _ONE_TURN_UP)
    turn_up = None if token == "-" else _card(token, column, line)
    actions: list[Action] = []
    where: list[tuple[int, int]] = []
    # The rule book says who acts: the first hand bids first and leads the
    # first trick, turns go clockwise, and a trick's winner leads the next.
    first = first_hand(dealer, players)
    if reader.peek() == "bids":
        line, tokens = reader.take("bids")
        if variant.is_classic:
            raise line.fail(_CLASSIC_BIDS, 1)
        if len(tokens) > players:
            raise line.fail(_TOO_MANY_BIDS, tokens[players][1], count=len(tokens), players=players)
        for seat, (token, column) in zip(bidding_order(dealer, players), tokens, strict=False):
            bid = _number(token, column, line, what=_A_BID, high=_MAX_BID)
            actions.append(Bid(seat=seat, tricks=bid))
            where.append((line.number, column))
    leader = first
    trump = None if turn_up is None else int(turn_up.suit)
    open_trick = False
    while reader.peek() == "trick":
        line, tokens = reader.take("trick")
        if not variant.is_classic and len(actions) < players:
            raise line.fail(_EARLY_TRICK, 1)
        if open_trick:
            raise line.fail(_OPEN_TRICK, 1)
        if not tokens or len(tokens) > players:
            column = tokens[players][1] if tokens else len(line.text) + 1
            raise line.fail(_TRICK_SIZE, column, players=players, count=len(tokens))
        cards = [_card(t, c, line) for t, c in tokens]
        seats: list[int] = []
        seat = leader
        for card, (_, column) in zip(cards, tokens, strict=True):
            seats.append(seat)
            actions.append(Play(seat=seat, card=card))
            where.append((line.number, column))
            seat = next_seat(seat, players)
        if len(cards) < players:
            open_trick = True
        else:
            won = trick_winner_index([c.bit for c in cards], trump=trump)
            leader = next_leader(seats[won])
    if reader.peek() is not None:
        _, line, _ = reader.entries[reader.at]
        raise line.fail(_UNEXPECTED, 1, key=reader.peek())
    record_round = RoundRecord(dealer=dealer, hands=hands, turn_up=turn_up, actions=actions)
    return LoneRound(variant=variant, preset=preset_name(variant), round=record_round, where=where)


def format_round(lone: LoneRound | Record | Round, *, index: int = 0) -> str:
    """The canonical notation of a lone round (or of round ``index`` of a record, or a Round).

    A :class:`~whist_ro.Round` is written as dealt with its actions so far:
    a finished one is what the web table offers to analyse at a round's end.

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah", "Kh", "Qh"], dealer=2,
    ...                         turn_up="Jh")
    >>> print(format_round(r.apply(wr.Bid(seat=0, tricks=1))))
    variant: romanian
    dealer: 2
    hand 0: Ah
    hand 1: Kh
    hand 2: Qh
    turn-up: Jh
    bids: 1

    Refuses a round whose actions are not in turn order: the notation
    names no seats, so it could not say who acted out of turn.

    >>> import whist_ro as wr
    >>> from whist_ro.records import to_record
    >>> m = wr.Match.new(wr.variants.CLASSIC, players=4, seed=1)
    >>> m = m.apply(m.legal_actions()[0])
    >>> print(format_round(to_record(m)))  # doctest: +ELLIPSIS
    variant: classic
    dealer: ...
    hand 0: ...
    hand 3: ...
    turn-up: ...
    trick: ...
    """
    if isinstance(lone, Record):
        lone = LoneRound.of(lone, index=index)
    elif isinstance(lone, Round):
        variant = lone.variant
        lone = LoneRound(
            variant=variant, preset=preset_name(variant), round=RoundRecord.of_round(lone)
        )
    if not isinstance(lone, LoneRound):
        raise RecordError(
            f"format_round takes a LoneRound, a Record or a Round, not {excerpt(lone)}"
        )
    r = lone.round
    name = lone.preset if lone.preset is not None else preset_name(lone.variant)
    if name is None:
        raise RecordError(
            f"the notation names presets only; {excerpt(lone.variant.name)} is a house variant "
            "(use the JSON record)"
        )
    lines = [f"variant: {name}", f"dealer: {r.dealer}"]
    lines += [f"hand {s}: {' '.join(map(str, hand))}" for s, hand in enumerate(r.hands)]
    lines.append(f"turn-up: {'-' if r.turn_up is None else r.turn_up}")
    bids = [a for a in r.actions if isinstance(a, Bid)]
    plays = [a for a in r.actions if isinstance(a, Play)]
    if bids or (not lone.variant.is_classic and not plays and r.actions):
        lines.append("bids: " + " ".join(str(b.tricks) for b in bids))
    players = len(r.hands)
    for start in range(0, len(plays), players):
        lines.append("trick: " + " ".join(str(p.card) for p in plays[start : start + players]))
    text = "\n".join(lines)
    try:
        back = parse_round(text).round.actions
    except errors.NotationError as error:
        raise RecordError(f"this round cannot be written in the notation: {error}") from None
    if back != r.actions:
        raise RecordError(
            "this round cannot be written in the notation: its actions are not in turn order "
            "(bids from the first hand, each trick from its leader); use the JSON record"
        )
    return text
