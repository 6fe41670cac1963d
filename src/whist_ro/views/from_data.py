"""Reading a player view back from data: the inverse of :meth:`PlayerView.to_dict`.

A view that crossed the wire (an engine's decision request, a web client's
update) is read here into the same :class:`~whist_ro.PlayerView` value the
manager's side holds, so a bot written for in-process play runs unchanged
in another process.  Everything is checked as it is read: a wrong type, a
seat out of range, a card twice, a trick whose winner is not the one the
rules give, a list of the wrong length each raise
:class:`~whist_ro.errors.WireError` naming the JSON path at fault.  Keys
this version does not know are left alone, so the format can grow.

>>> import whist_ro as wr
>>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=4)
>>> view = m.view(1)
>>> view_from_dict(view.to_dict(), variant=m.variant) == view
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from whist_ro._check import WireObject, excerpt, read_list, read_whole, sub_path, wire_error
from whist_ro._check import names as check_names
from whist_ro.actions import Action, Bid, Play, action_from_dict
from whist_ro.cards import CARD_BY_TEXT, Card, CardSet, Suit
from whist_ro.engine.round import Phase
from whist_ro.engine.tricks import Trick, trick_winner
from whist_ro.errors import WhistError, WireError
from whist_ro.ranking import MAX_TOTAL
from whist_ro.results.rubber import GameResult
from whist_ro.results.scoresheet import ScoreRow, ScoreSheet, SeatScore
from whist_ro.rules.dealing import trump_source
from whist_ro.schedule import Schedule, player_count_refusal
from whist_ro.variants import Variant
from whist_ro.variants import get as preset
from whist_ro.views.view import PlayerView, blind_mode, fill_match, fill_view

__all__ = ["read_card", "read_game", "read_score_row", "view_from_dict"]

_PHASE_BY_NAME: Final = {phase.name.lower(): phase for phase in Phase}
_MAX_SEATS: Final = 8
_MAX_HAND: Final = 52
_MAX_ROUNDS: Final = 10_000


def read_card(value: object, path: str) -> Card:
    """A card written as :func:`str` writes it (``"Ah"``, ``"10c"``), else a ``WireError``.

    >>> read_card("10c", "view.hand[0]")
    Card.parse('10c')
    >>> read_card("1c", "view.hand[0]")
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: view.hand[0]: expected a card such as 'Ah' or '10c', not '1c'
    """
    card = CARD_BY_TEXT.get(value) if type(value) is str else None
    if card is None:
        raise wire_error(path, f"expected a card such as 'Ah' or '10c', not {excerpt(value)}")
    return card


def _cards(value: object, path: str) -> tuple[Card, ...]:
    if type(value) is list and len(value) <= _MAX_HAND:
        cards = tuple(map(_card_or_none, value))
        if None not in cards and len(set(cards)) == len(cards):
            return cards  # type: ignore[return-value]  # no None in it
    items = read_list(value, path, most=_MAX_HAND)
    found = tuple(read_card(item, sub_path(path, i)) for i, item in enumerate(items))
    raise wire_error(path, f"a card is listed twice in {excerpt(found)}")


def _card_or_none(text: object) -> Card | None:
    return CARD_BY_TEXT.get(text) if type(text) is str else None


def _card_set(value: object, path: str) -> CardSet:
    mask = 0
    for card in _cards(value, path):
        mask |= 1 << card.bit
    return CardSet.from_mask(mask)


@functools.lru_cache(maxsize=256)
def _names(names: tuple[object, ...], players: int) -> tuple[str, ...]:
    # The same names come with every view of a match: checked once.
    return check_names(names, players=players)


@functools.lru_cache(maxsize=64)
def _cached_schedule(sizes: tuple[int, ...], repeats: bool) -> Schedule:
    return Schedule(sizes, repeats=repeats)


def _maybe_card(obj: WireObject, key: str) -> Card | None:
    value = obj.get(key)
    return None if value is None else read_card(value, obj.at(key))


def _trick(obj: WireObject, *, players: int, trump: Suit | None, complete: bool) -> Trick:
    leader = obj.whole("leader", high=players - 1)
    cards = _cards(obj.get("cards"), obj.at("cards"))
    if complete != (len(cards) == players):
        want = f"all {players} cards" if complete else f"fewer than {players} cards"
        raise wire_error(obj.path, f"this trick must hold {want}, not {len(cards)}")
    # The checks Trick() makes are made above: distinct cards, no more than the players.
    trick = Trick._trusted(leader, cards, players)
    if complete:
        winner = obj.whole("winner", high=players - 1)
        rightful = trick_winner(trick, trump)
        if winner != rightful:
            raise wire_error(
                obj.at("winner"),
                f"seat {winner} did not win {' '.join(map(str, cards))} led by seat {leader}: "
                f"seat {rightful} did (R-PLAY-6)",
                rule="R-PLAY-6",
            )
    return trick


def _variant(obj: WireObject, given: Variant | None) -> Variant:
    value = obj.get("variant")
    path = obj.at("variant")
    if type(value) is dict:
        try:
            variant = Variant.from_dict(value)
        except WhistError as error:
            raise wire_error(path, str(error)) from None
        if given is not None and variant != given:
            raise wire_error(path, f"the view's variant is not {given.name}")
        return variant
    name = obj.text("variant")
    if given is not None:
        if given.name != name:
            raise wire_error(path, f"the view is of {excerpt(name)}, not of {given.name}")
        return given
    try:
        return preset(name)
    except WhistError:
        raise wire_error(
            path,
            f"{excerpt(name)} is no preset variant: read a view of house rules with "
            "variant= (the Variant the match was played with)",
        ) from None


def _total(obj: WireObject, key: str) -> int:
    return obj.whole(key, low=-MAX_TOTAL, high=MAX_TOTAL)


def read_score_row(value: object, path: str, *, players: int) -> ScoreRow:
    """One score-sheet row as :meth:`PlayerView.to_dict` writes it (``match.score_sheet[i]``).

    >>> import whist_ro as wr
    >>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1), seed=1)
    >>> row = m.view(0).to_dict()["match"]["score_sheet"][4]
    >>> read_score_row(row, "row", players=3) == m.score_sheet[4]
    True
    """
    obj = WireObject(value, path)
    turn_up = _maybe_card(obj, "turn_up")
    seats = []
    for i, item in enumerate(obj.items("seats", length=players)):
        seat = WireObject(item, sub_path(obj.at("seats"), i))
        seats.append(
            SeatScore(
                bid=seat.maybe_whole("bid", high=_MAX_HAND),
                tricks=seat.whole("tricks", high=_MAX_HAND),
                points=_total(seat, "points"),
                bonus=_total(seat, "bonus"),
                total=_total(seat, "total"),
            )
        )
    return ScoreRow(
        number=obj.whole("number", low=1),
        hand_size=obj.whole("hand_size", low=1, high=_MAX_HAND),
        dealer=obj.whole("dealer", high=players - 1),
        trump=None if turn_up is None else turn_up.suit,
        turn_up=turn_up,
        seats=seats,
        game=obj.whole("game", low=1, default=1),
    )


def read_game(value: object, path: str, index: int) -> GameResult:
    """A classic game as ``GameResult.to_dict`` writes it, the ``index``-th of a list.

    The one reader of a game, for a player view and a match result alike;
    junk raises a ``WireError``.  As the protocol's schema says, ``number``
    may be left out (the game's place in the list, from 1) and so may
    ``conceded`` (false).

    >>> from whist_ro.results.rubber import GameResult
    >>> game = GameResult(number=2, winner=1, scores=(3, 5), value=2)
    >>> read_game(game.to_dict(), "games[1]", 1) == game
    True
    >>> read_game({"winner": 1, "scores": [3, 5], "value": 2}, "games[1]", 1) == game
    True
    """
    obj = WireObject(value, path)
    scores = obj.wholes("scores", length=2, low=-MAX_TOTAL, high=MAX_TOTAL)
    return GameResult(
        number=obj.whole("number", low=1, default=index + 1),
        winner=obj.whole("winner", high=1),
        scores=scores,
        value=obj.whole("value"),
        conceded=obj.flag("conceded", False),
    )


def _quick_action(item: object, seat: int) -> Action | None:
    """The action a well-formed dict of ``seat`` describes, or None (then read it slowly)."""
    if type(item) is not dict or len(item) != 2 or item.get("seat") != seat:
        return None
    bid = item.get("bid")
    if type(bid) is int and 0 <= bid <= _MAX_HAND:
        return Bid(seat=seat, tricks=bid)
    card = item.get("card", False)
    if card is None:
        return Play(seat=seat, card=None)
    found = CARD_BY_TEXT.get(card) if type(card) is str else None
    return None if found is None else Play(seat=seat, card=found)


def _legal(obj: WireObject, seat: int) -> tuple[Action, ...]:
    items = obj.items("legal_actions", most=_MAX_HAND + 1)
    quick = [_quick_action(item, seat) for item in items]
    if None not in quick:
        return tuple(quick)  # type: ignore[arg-type]  # no None in it
    legal: list[Action] = []
    for i, item in enumerate(items):
        at = sub_path(obj.at("legal_actions"), i)
        try:
            action = action_from_dict(item)
        except WhistError as error:
            raise wire_error(at, str(error)) from None
        if action.seat != seat:
            raise wire_error(at, f"an action of seat {action.seat} in seat {seat}'s view")
        legal.append(action)
    return tuple(legal)


def _check_known(
    obj: WireObject,
    known: tuple[CardSet, ...],
    counts: tuple[int, ...],
    tricks: tuple[Trick, ...],
    *,
    seat: int,
    blind: str | None,
    out_of_play: Card | None,
) -> None:
    """Refuse known hands that contradict each other, the play or the hand counts."""
    played = 0
    for trick in tricks:
        for card in trick.cards:
            played |= 1 << card.bit
    seen = 0
    for i, cards in enumerate(known):
        at = sub_path(obj.at("known_hands"), i)
        if cards.mask & seen:
            twice = CardSet.from_mask(cards.mask & seen)
            raise wire_error(at, f"{twice}: known in two seats' hands")
        if cards.mask & played:
            gone = CardSet.from_mask(cards.mask & played)
            raise wire_error(at, f"{gone}: already played, so no longer held")
        if out_of_play is not None and out_of_play in cards:
            raise wire_error(
                at,
                f"{out_of_play} is the turn-up, which nobody holds (R-TRUMP-1)",
                rule="R-TRUMP-1",
            )
        sees_all = i == seat and blind is None
        if len(cards) > counts[i] or (sees_all and len(cards) != counts[i]):
            held = "its whole hand" if sees_all else "at most its hand"
            raise wire_error(
                at,
                f"{len(cards)} cards known, but seat {i} holds {counts[i]} (hand_counts[{i}]), "
                f"and a seat knows {held}",
            )
        seen |= cards.mask


def _check_legal(
    obj: WireObject, legal: tuple[Action, ...], *, phase: Phase, hand: CardSet, blind: str | None
) -> None:
    """Refuse legal actions of the wrong kind for the phase, or cards the seat does not hold."""
    kind = Bid if phase is Phase.BIDDING else Play if phase is Phase.PLAYING else None
    for i, action in enumerate(legal):
        at = sub_path(obj.at("legal_actions"), i)
        if kind is None or not isinstance(action, kind):
            raise wire_error(at, f"{action} is no action of the {phase.name.lower()} phase")
        held = isinstance(action, Play) and action.card is not None and action.card in hand
        if isinstance(action, Play) and blind is None and not held:
            what = "'my only card'" if action.card is None else str(action.card)
            raise wire_error(
                at, f"{what} is not a card of seat {action.seat}'s hand ({str(hand) or 'no card'})"
            )


def _round_part(obj: WireObject, variant: Variant) -> PlayerView:
    """The round part of a view: everything but ``match``."""
    players = obj.whole("players", low=2, high=_MAX_SEATS)
    refusal = player_count_refusal(variant, players)
    if refusal is not None:
        raise wire_error(obj.at("players"), "{error}", evidence={"error": refusal})
    last = players - 1
    seat = obj.whole("seat", high=last)
    raw_names = obj.get("names")
    try:
        names = _names(tuple(raw_names) if type(raw_names) is list else raw_names, players)
    except (WhistError, TypeError) as error:
        raise wire_error(obj.at("names"), str(error)) from None
    hand_size = obj.whole("hand_size", low=1, high=_MAX_HAND)
    turn_up = _maybe_card(obj, "turn_up")
    trump = None if turn_up is None else turn_up.suit
    trump_text = None if trump is None else str(trump)
    if obj.get("trump") != trump_text:
        raise wire_error(
            obj.at("trump"),
            f"expected {excerpt(trump_text)} (the turn-up's suit), not {excerpt(obj.get('trump'))}",
        )
    blind = blind_mode(variant, hand_size)
    if obj.get("blind") != blind:
        raise wire_error(
            obj.at("blind"),
            f"a round of {hand_size} cards of {variant.name} is played with blind "
            f"{excerpt(blind)}, not {excerpt(obj.get('blind'))} (R-VIEW-3)",
            rule="R-VIEW-3",
        )
    phase_text = obj.get("phase")
    phase = _PHASE_BY_NAME.get(phase_text) if type(phase_text) is str else None
    if phase is None:
        raise wire_error(
            obj.at("phase"), f"expected 'bidding', 'playing' or 'over', not {excerpt(phase_text)}"
        )
    to_act = obj.maybe_whole("to_act", high=last)
    bids = tuple(
        None if b is None else read_whole(b, sub_path(obj.at("bids"), i), high=hand_size)
        for i, b in enumerate(obj.items("bids", length=players))
    )
    tricks = tuple(
        _trick(
            WireObject(t, sub_path(obj.at("tricks"), i)),
            players=players,
            trump=trump,
            complete=True,
        )
        for i, t in enumerate(obj.items("tricks", most=hand_size))
    )
    current = _trick(obj.object("current_trick"), players=players, trump=trump, complete=False)
    known = tuple(
        _card_set(h, sub_path(obj.at("known_hands"), i))
        for i, h in enumerate(obj.items("known_hands", length=players))
    )
    counts = obj.wholes("hand_counts", length=players, high=hand_size)
    out_of_play = turn_up if trump_source(variant, players, hand_size) == "turn_up" else None
    _check_known(
        obj, known, counts, (*tricks, current), seat=seat, blind=blind, out_of_play=out_of_play
    )
    hand = _card_set(obj.get("hand"), obj.at("hand"))
    if hand != known[seat]:
        raise wire_error(
            obj.at("hand"),
            f"{str(hand) or 'no card'} is not known_hands[{seat}] "
            f"({str(known[seat]) or 'no card'}): a seat's hand is its own entry of known_hands",
        )
    legal = _legal(obj, seat)
    if legal and to_act != seat:
        turn = "no seat is to act" if to_act is None else f"it is seat {to_act}'s turn"
        raise wire_error(
            obj.at("legal_actions"),
            f"{len(legal)} actions for seat {seat}, but {turn}: a seat has legal actions only "
            "on its turn",
        )
    _check_legal(obj, legal, phase=phase, hand=known[seat], blind=blind)
    return fill_view(
        seat=seat,
        variant=variant,
        players=players,
        names=names,
        dealer=obj.whole("dealer", high=last),
        hand_size=hand_size,
        turn_up=turn_up,
        blind=blind,
        phase=phase,
        to_act=to_act,
        bids=bids,
        tricks=tricks,
        current=current,
        won=obj.wholes("tricks_won", length=players, high=hand_size),
        counts=counts,
        known=known,
        legal=legal,
    )


def _schedule(obj: WireObject) -> Schedule:
    sizes = obj.wholes("schedule", most=_MAX_ROUNDS, low=1, high=_MAX_HAND)
    try:
        return _cached_schedule(sizes, obj.flag("schedule_repeats"))
    except WireError:
        raise
    except WhistError as error:
        raise wire_error(obj.at("schedule"), str(error)) from None


def view_from_dict(
    data: object,
    *,
    variant: Variant | None = None,
    past: Sequence[PlayerView] | None = None,
    score_sheet: Sequence[ScoreRow] | ScoreSheet | None = None,
    path: str = "view",
) -> PlayerView:
    """The :class:`~whist_ro.PlayerView` that :meth:`PlayerView.to_dict` wrote as ``data``.

    See :meth:`PlayerView.from_dict` (this is its implementation, with
    ``path`` the JSON path errors name).

    >>> view_from_dict({"seat": 0})
    Traceback (most recent call last):
    ...
    whist_ro.errors.WireError: view.variant: missing
    """
    if (past is None) != (score_sheet is None):
        raise wire_error(path, "past= and score_sheet= are given together, or neither")
    if past is not None and any(type(p) is not PlayerView for p in past):
        raise wire_error(path, "past= must hold the completed rounds as PlayerView values")
    if (
        score_sheet is not None
        and type(score_sheet) is not ScoreSheet
        and any(type(r) is not ScoreRow for r in score_sheet)
    ):
        raise wire_error(path, "score_sheet= must be a ScoreSheet or hold ScoreRow values")
    obj = WireObject(data, path)
    variant = _variant(obj, variant)
    view = _round_part(obj, variant)
    if obj.get("match", None) is None:
        if past is not None:
            raise wire_error(path, "past= was given for the view of a lone round")
        return view
    match = obj.object("match")
    players = view.players
    if "past" in match.data:
        if past is not None:
            raise wire_error(match.at("past"), "given twice: in the data and as past=")
        past = tuple(
            _round_part(WireObject(p, sub_path(match.at("past"), i)), variant)
            for i, p in enumerate(match.items("past", most=_MAX_ROUNDS))
        )
        score_sheet = tuple(
            read_score_row(r, sub_path(match.at("score_sheet"), i), players=players)
            for i, r in enumerate(match.items("score_sheet", most=_MAX_ROUNDS))
        )
    elif past is None or score_sheet is None:
        raise wire_error(
            match.at("past"),
            "missing: a view written with to_dict(past=False) is read with past= and "
            "score_sheet= (the completed rounds)",
        )
    past = past if type(past) is tuple else tuple(past)
    for i, p in enumerate(past):
        if p.seat != view.seat or p.players != players or p.to_act is not None:
            raise wire_error(sub_path(match.at("past"), i), "not a completed round of this seat")
    if len(score_sheet) != len(past):
        raise wire_error(
            match.at("score_sheet"),
            f"one row per completed round ({len(past)}), not {len(score_sheet)}",
        )
    if type(score_sheet) is not ScoreSheet or score_sheet.names != view.names:
        score_sheet = ScoreSheet(
            tuple(score_sheet), players=players, classic=variant.is_classic, names=view.names
        )
    view = fill_match(
        view,
        schedule=_schedule(match),
        score_sheet=score_sheet,
        past=past,
        totals=match.wholes("totals", length=players, low=-MAX_TOTAL, high=MAX_TOTAL),
        games=tuple(
            read_game(g, sub_path(match.at("games"), i), i)
            for i, g in enumerate(match.items("games"))
        ),
        match_over=match.flag("over"),
        abandoned=match.flag("abandoned"),
        disconnected=match.wholes("disconnected", most=players, high=players - 1),
        conceded=match.maybe_whole("conceded", high=1),
    )
    number = match.whole("round", low=1)
    if number != view.round_number:
        raise wire_error(
            match.at("round"), f"round {number} does not follow {len(past)} completed rounds"
        )
    return view
