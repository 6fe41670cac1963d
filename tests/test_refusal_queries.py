"""The rule book answers without raising: ``refusal`` and ``is_legal`` agree with ``apply``.

On random positions of every preset and player count, for every seat:
every bid from 0 to the hand size + 1, every card of every hand (those
still held and those already played), the turn-up, a card outside the
game's deck and "my only card" get the same verdict from ``Round``,
``Match`` and the seat's ``PlayerView`` (the view's one difference: in a
blind round a card it names at its turn is refused under R-VIEW-3), that
verdict is the legal actions' (an action is legal exactly when it is one of
them), and asking changes nothing.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator

import pytest

import whist_ro as wr
from test_view_leaks import assert_names_no_hidden_card
from whist_ro import Bid, Card, CardSet, Deck, Match, Play, Round, variants
from whist_ro.cards import FULL_PACK_MASK
from whist_ro.engine.round import Phase
from whist_ro.errors import (
    ActionTypeError,
    CardNotHeldError,
    ConfigurationError,
    IllegalActionError,
    WhistError,
)
from whist_ro.views import PlayerView, view_of

PRESETS = [n for n in variants.names() if variants.get(n).name == n]
CASES = [(p, n) for p in PRESETS for n in variants.get(p).player_counts]
EVERY_CARD = CardSet.from_mask(FULL_PACK_MASK)


class _SubBid(Bid):
    """A Bid subclass: not an action, as ``apply`` sees it (the exact classes)."""

    __slots__ = ()


NOT_ACTIONS: tuple[object, ...] = ("bid 1", None, 3, _SubBid._create(0, 0))

Judge = Round | Match | PlayerView


def positions(variant: wr.Variant, players: int, seed: int) -> list[Match]:
    """A match played at random: its first round's bids and two tricks, every state of its
    first 1-card round (blind in the blind presets), eight others and its end."""
    rng = random.Random(seed)
    m = Match.new(variant, players=players, seed=seed)
    one_card = next((i for i, size in enumerate(m.schedule) if size == 1), 0)
    chosen: list[Match] = []
    rest: list[Match] = []
    while not m.is_over and len(m.rounds) < 60:  # a classic match has no fixed length
        r = m.round
        early = len(r.tricks) < 2  # the bids and two tricks
        if (len(m.rounds) == 0 and early) or (len(m.rounds) == one_card and r.hand_size == 1):
            chosen.append(m)
        else:
            rest.append(m)
        m = m.apply(rng.choice(m.legal_actions()))
    return chosen + rng.sample(rest, min(8, len(rest))) + [wr.random_playout(m, seed=seed)]


def attempts(r: Round, seat: int, rng: random.Random) -> Iterator[Bid | Play]:
    """Bids 0 to the hand size + 1, every card of every hand as dealt (held or played),
    the turn-up, a card outside the deck, and "my only card"."""
    yield Play(seat=seat, card=None)
    for tricks in range(r.hand_size + 2):
        yield Bid(seat=seat, tricks=tricks)
    cards: set[Card] = {c for hand in r.hands for c in hand}
    if r.turn_up is not None:
        cards.add(r.turn_up)
    outside = sorted(EVERY_CARD - CardSet(Deck.for_game(r.variant, r.players).cards), key=str)
    if outside:  # a 52-card game has none
        cards.add(rng.choice(outside))
    for card in sorted(cards, key=str):
        yield Play(seat=seat, card=card)


def said(error: WhistError | None) -> tuple[object, ...] | None:
    """Everything a refusal says: its class, rule, texts, evidence, seat and action."""
    if error is None:
        return None
    assert isinstance(error, IllegalActionError), error
    return (
        type(error),
        error.rule,
        error.template,
        str(error),
        error.explain("ro"),
        dict(error.evidence),
        error.seat,
        error.action,
    )


def verdict(state: Round | Match, action: Bid | Play) -> tuple[object, ...] | None:
    """What ``apply`` does with ``action``: None if accepted, else what its error says."""
    try:
        state.apply(action)
    except IllegalActionError as error:
        return said(error)
    return None


def asked(judge: Judge, action: Bid | Play) -> tuple[object, ...] | None:
    """What the queries say of ``action``; ``is_legal`` must agree with ``refusal``."""
    refusal = judge.refusal(action)
    assert judge.is_legal(action) is (refusal is None), (judge, action)
    return said(refusal)


def blind_guess(view: PlayerView, action: Bid | Play) -> bool:
    """A card named by the seat at its turn to play in a blind round (R-VIEW-3)."""
    return (
        view.blind is not None
        and type(action) is Play
        and action.card is not None
        and view.to_act == view.seat
        and view.phase is Phase.PLAYING
    )


def agrees_with_legal_actions(judge: Judge, action: Bid | Play) -> None:
    """An action is legal exactly when it is one of the legal actions.

    "My only card" names no card: a round, a match and a seeing seat's view
    list the card itself, so only a blind round's view (which offers it,
    R-VIEW-3) is held to it.
    """
    only_card = type(action) is Play and action.card is None
    if isinstance(judge, PlayerView):
        if only_card and judge.blind is None:
            return
        offered = judge.legal_actions
    else:
        if only_card:
            return
        offered = judge.legal_actions()
    assert judge.is_legal(action) is (action in offered), (judge, action)


def check_position(m: Match, rng: random.Random) -> int:
    """Every seat's attempts at ``m``, on the round, the match and both views."""
    r = m.round
    before = (pickle.loads(pickle.dumps(m)), pickle.loads(pickle.dumps(r)))
    facts = (m.history, m.score_sheet, m.legal_actions(), r.actions, r.legal_actions())
    checked = 0
    for seat in range(m.players):
        views: tuple[PlayerView, ...] = (view_of(m, seat), view_of(r, seat))
        shown = tuple(v.to_dict() for v in views)
        for action in attempts(r, seat, rng):
            on_round, on_match = verdict(r, action), verdict(m, action)
            assert asked(r, action) == on_round, (seat, action)
            assert asked(m, action) == on_match, (seat, action)
            judges: tuple[Round | Match | PlayerView, ...] = (r, m, *views)
            for judge in judges:
                agrees_with_legal_actions(judge, action)
            if not m.is_over:
                assert on_match == on_round, (seat, action)
            for view, real in zip(views, (on_match, on_round), strict=True):
                from_view = asked(view, action)
                assert_names_no_hidden_card(view.refusal(action), view, action)  # R-VIEW-4
                if blind_guess(view, action):
                    error = view.refusal(action)
                    assert isinstance(error, CardNotHeldError), error
                    assert (error.rule, error.action) == ("R-VIEW-3", action)
                    assert "cannot see its own card" in str(error)
                else:
                    assert from_view == real, (seat, action, from_view, real)
            checked += 1
        other = (seat + 1) % m.players
        for view in views:
            with pytest.raises(ConfigurationError, match="answers for seat"):
                view.refusal(Bid(seat=other, tricks=0))
        assert tuple(v.to_dict() for v in views) == shown  # the views are unchanged
    assert (m, r) == before  # and so are the states
    assert (m.history, m.score_sheet, m.legal_actions(), r.actions, r.legal_actions()) == facts
    return checked


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_refusal_and_is_legal_agree_with_apply(preset: str, players: int) -> None:
    variant = variants.get(preset)
    rng = random.Random(players)
    checked = sum(check_position(m, rng) for m in positions(variant, players, seed=players))
    assert checked > 300


@pytest.mark.parametrize("preset", PRESETS)
def test_what_is_no_action_raises_action_type_error_from_all_three(preset: str) -> None:
    variant = variants.get(preset)
    players = variant.player_counts[0]
    m = Match.new(variant, players=players, seed=3)
    for state in (m, wr.random_playout(m, seed=3)):
        judges: tuple[Judge, ...] = (state, state.round, state.view(0), state.round.view(0))
        for judge in judges:
            for thing in NOT_ACTIONS:
                for ask in (judge.refusal, judge.is_legal):
                    with pytest.raises(ActionTypeError, match="expected a Bid or a Play"):
                        ask(thing)  # type: ignore[arg-type]
            if not isinstance(judge, PlayerView):
                for thing in NOT_ACTIONS:
                    with pytest.raises(ActionTypeError, match="expected a Bid or a Play"):
                        judge.apply(thing)  # type: ignore[arg-type]


def test_an_ended_match_refuses_a_bid_subclass_as_no_action() -> None:
    """As Round.apply does: the exact classes (the ended match said GameOverError before)."""
    m = wr.random_playout(Match.new(variants.ROMANIAN, players=3, seed=1), seed=1)
    with pytest.raises(ActionTypeError, match="expected a Bid or a Play"):
        m.apply(_SubBid._create(0, 0))
