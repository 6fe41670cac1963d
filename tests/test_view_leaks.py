"""Nothing said to a seat tells it more than its view (R-VIEW-4).

A refusal goes back to the seat that acted: to a person at the web table, to
an engine over the protocol, into a takeover's reason.  In a blind 1-card
round (R-VIEW-3) a seat plays "my only card" (``Play(seat, card=None)``)
without seeing it, so a refusal of that play by the phase or the turn must
not name the card.  These tests scan the refusals of every preset, on every
path, for any card the seat cannot see: in the English text, the Romanian
text, the refused ``action`` and the ``evidence``.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import websockets
from hypothesis import given, settings
from hypothesis import strategies as st

import whist_ro as wr
from conftest import WebServer
from test_web_socket import post
from whist_ro import Bid, Card, CardSet, Match, Play, variants
from whist_ro._text import Sentence
from whist_ro.actions import Action, action_from_dict
from whist_ro.bots import RandomBot
from whist_ro.cards import FULL_PACK_MASK
from whist_ro.engine.round import Phase
from whist_ro.errors import EngineProtocolError, IllegalActionError, WhistError
from whist_ro.locale import localized
from whist_ro.remote import EngineAgent
from whist_ro.remote.engine import _refusal as engine_refusal
from whist_ro.views import PlayerView, view_of
from whist_ro.views.sample import unseen_cards

PRESETS = [n for n in variants.names() if variants.get(n).name == n]
BLIND = ["romanian-hidden", "romanian-forehead"]
DECK = CardSet.from_mask(FULL_PACK_MASK)
ENGINES = Path(__file__).resolve().parent / "engines"

# Every card's name in English ("10d") and in Romanian ("10 de caro"), longest first.
_NAMES = {text: card for card in DECK for text in (str(card), localized(card, "ro"))}
_CARD_TEXT = re.compile(
    r"(?<![\w])(" + "|".join(map(re.escape, sorted(_NAMES, key=len, reverse=True))) + r")(?![\w])"
)


def named_cards(value: object) -> set[Card]:
    """Every card a refusal names: in its texts, its action, its evidence, nested refusals."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif isinstance(item, CardSet):
            found.update(item)
        elif isinstance(item, str):
            found.update(_NAMES[m] for m in _CARD_TEXT.findall(item))
        elif isinstance(item, WhistError):
            stack += [str(item), item.explain("ro"), getattr(item, "action", None)]
            stack.extend(item.evidence.values())
        elif isinstance(item, Sentence):
            stack += [str(item), item.render("ro"), *item.fields.values()]
        elif isinstance(item, Play):
            stack.append(item.card)
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def hidden_from(view: PlayerView, action: object = None) -> set[Card]:
    """The cards ``view``'s seat cannot see, less any card it named itself in ``action``."""
    hidden = set(CardSet.from_mask(unseen_cards(view)))
    if isinstance(action, Play) and action.card is not None:
        hidden.discard(action.card)
    return hidden


def assert_names_no_hidden_card(said: object, view: PlayerView, action: Bid | Play) -> None:
    leaked = named_cards(said) & hidden_from(view, action)
    assert not leaked, (view.seat, action, str(said), sorted(map(str, leaked)))


def attempts(m: Match, seat: int, cards: list[Card]) -> Iterator[Bid | Play]:
    """What a seat might send: "my only card", bids in and out of range, the given cards."""
    yield Play(seat=seat, card=None)
    for tricks in range(m.round.hand_size + 2):
        yield Bid(seat=seat, tricks=tricks)
    for card in cards:
        yield Play(seat=seat, card=card)


def refusal(state: Match, action: Bid | Play) -> WhistError | None:
    try:
        state.apply(action)
    except WhistError as error:
        return error
    return None


def said(error: WhistError | None) -> tuple[object, ...] | None:
    """All a seat is told by a refusal: its class, rule, texts, action and evidence."""
    if error is None:
        return None
    evidence = dict(error.evidence)
    action = getattr(error, "action", None)
    return (type(error), error.rule, str(error), error.explain("ro"), action, evidence)


def states(variant: wr.Variant, players: int, seed: int) -> Iterator[Match]:
    """A match played at random: each state of its first 1-card round, the first states
    of its first round (the bids and two tricks), and the state once the match is over."""
    rng = random.Random(seed)
    m = Match.new(variant, players=players, seed=seed)
    sizes = list(m.schedule)[: variants.MAX_ROUNDS]
    blind = sizes.index(1) if 1 in sizes else 0
    while not m.is_over and len(m.rounds) <= blind:
        r = m.round
        if (len(m.rounds) == blind and r.hand_size == 1) or (not m.rounds and len(r.tricks) < 2):
            yield m
        m = m.apply(rng.choice(m.legal_actions()))
    yield wr.random_playout(m, seed=seed)


def check_state(m: Match, cards: list[Card], rng: random.Random) -> int:
    """Every seat's attempts at ``m``: no refusal names a card hidden from the seat."""
    checked = 0
    for seat in range(m.players):
        view = view_of(m, seat)
        drawn = view.sample(rng)  # another state this seat cannot tell from ``m``
        for action in attempts(m, seat, cards):
            error = refusal(m, action)
            if error is not None:
                assert_names_no_hidden_card(error, view, action)
                checked += 1
            if not isinstance(action, Play) or action.card is None:
                # A bid or "my only card" names no card: the seat is told the same
                # on every state its view allows, so it learns nothing it cannot see.
                assert said(refusal(drawn, action)) == said(error), (seat, action)
            if m.to_act == seat and action not in view.legal_actions:
                # The engine manager's explanation (an engine is asked only in turn), from
                # the round's view: the same reasons as the match's, and quicker to sample.
                why = engine_refusal(view_of(m.round, seat), action)
                assert_names_no_hidden_card(why, view, action)
                guess = isinstance(action, Play) and action.card is not None
                blind_guess = guess and len(view.hand) != view.hand_counts[seat]
                if error is not None and not blind_guess:
                    assert str(why) == str(error)  # the real state's reason, seen from the view
    return checked


@pytest.mark.parametrize("preset", PRESETS)
def test_R_VIEW_4_no_refusal_names_a_card_its_seat_cannot_see(preset: str) -> None:
    variant = variants.get(preset)
    rng = random.Random(7)
    checked = 0
    for players in variant.player_counts:
        for m in states(variant, players, seed=players):
            # In a 1-card round every card dealt, else a few; the trick's; two at random.
            r = m.round
            dealt = [c for hand in r.remaining for c in hand]
            cards = set(dealt if r.hand_size == 1 else rng.sample(dealt, min(len(dealt), 4)))
            cards.update(r.current_trick.cards)
            cards.update(rng.sample(list(DECK), 2))
            checked += check_state(m, sorted(cards, key=str), rng)
    assert checked > 200


@settings(max_examples=150, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 200),
    card=st.sampled_from(list(DECK)),
)
def test_R_VIEW_4_refusals_anywhere_in_a_match_name_no_hidden_card(
    preset: str, seed: int, steps: int, card: Card
) -> None:
    variant = variants.get(preset)
    rng = random.Random(seed)
    m = Match.new(variant, players=rng.choice(variant.player_counts), seed=seed)
    for _ in range(steps):
        if m.is_over:
            break
        m = m.apply(rng.choice(m.legal_actions()))
    check_state(m, [card], rng)


def assert_refused(
    m: Match, seat: int, kind: type[WhistError], english: str, romanian: str
) -> None:
    """``m`` refuses "my only card" of ``seat`` with ``kind``, in these words, naming no card."""
    only = Play(seat=seat, card=None)
    with pytest.raises(kind) as caught:
        m.apply(only)
    assert (str(caught.value), caught.value.explain("ro")) == (english, romanian)
    assert getattr(caught.value, "action", None) == only
    assert dict(caught.value.evidence) == {"seat": seat, "to_act": m.to_act}


@pytest.mark.parametrize("preset", BLIND)
def test_R_VIEW_4_my_only_card_is_refused_by_the_phase_or_the_turn(preset: str) -> None:
    m = Match.new(variants.get(preset), players=3, seed=1)
    assert (m.round.hand_size, m.to_act) == (1, 2)
    assert_refused(
        m,
        0,
        wr.WrongPhaseError,
        "seat 0 cannot play 'its only card': bidding is not finished, seat 2 bids next (R-PLAY-7)",
        "locul 0 nu poate juca „singura sa carte”: licitația nu s-a terminat, urmează să "
        "liciteze locul 2 (R-PLAY-7)",
    )
    for seat in (2, 0, 1):
        m = m.apply(Bid(seat=seat, tricks=0))
    assert (m.round.phase, m.to_act) == (Phase.PLAYING, 2)
    assert_refused(
        m,
        1,
        wr.OutOfTurnError,
        "seat 1 cannot play 'its only card': it is seat 2's turn to play (R-PLAY-7)",
        "locul 1 nu poate juca „singura sa carte”: e rândul locului 2 să joace (R-PLAY-7)",
    )
    played = m.apply(Play(seat=2, card=None)).round.current_trick.cards
    assert played == tuple(m.round.remaining[2])


class _PlaysBlindWhileBidding:
    """An agent that answers "my only card" when asked for a bid."""

    def act(self, view: PlayerView) -> Action:
        if view.phase is Phase.BIDDING and view.blind is not None:
            return Play(seat=view.seat, card=None)
        return view.legal_actions[0]


@pytest.mark.parametrize("preset", BLIND)
def test_R_VIEW_4_a_takeover_reason_names_no_hidden_card(preset: str) -> None:
    m = Match.new(variants.get(preset), players=3, seed=1)
    hidden = hidden_from(view_of(m, 2))
    table = wr.Table(
        variants.get(preset),
        agents=[RandomBot(seed=1), RandomBot(seed=2), _PlaysBlindWhileBidding()],
        seed=1,
        on_error="takeover",
    )
    table.run()
    first = table.takeovers[0]
    assert (first.round, first.seat) == (1, 2)
    assert first.reason == (
        "returned an illegal action: seat 2 cannot play 'its only card': bidding is not "
        "finished, seat 2 bids next (R-PLAY-7)"
    )
    assert first.explain("ro") == (
        "a întors o acțiune nepermisă: locul 2 nu poate juca „singura sa carte”: licitația nu "
        "s-a terminat, urmează să liciteze locul 2 (R-PLAY-7)"
    )
    told = [first.reason, first.explain("ro"), first.traceback or "", first.exception]
    assert not named_cards(told) & hidden, told


# -- over the engine protocol -------------------------------------------------------------


@pytest.mark.parametrize("preset", BLIND)
def test_R_VIEW_4_an_engines_illegal_action_is_explained_from_its_view(preset: str) -> None:
    """An engine that plays "my only card" while bidding, then names a card while blind."""
    variant = variants.get(preset)
    for mode, expected in (
        ("bidding", "'its only card': bidding is not finished, seat 0 bids next (R-PLAY-7)"),
        ("playing", "in this blind round it cannot see its own card and must play"),
    ):
        command = [sys.executable, str(ENGINES / "blind_guess.py"), mode]
        with EngineAgent.popen(command, time_limit=10) as engine:
            table = wr.Table(
                variant,
                agents=[engine, RandomBot(seed=1), RandomBot(seed=2)],
                seed=5,
                time_limit=10,
            )
            m = table.match
            hidden = hidden_from(view_of(m, 0))
            table.run()
        first = table.takeovers[0]
        assert (first.seat, first.round) == (0, 1)
        assert isinstance(first.exception, EngineProtocolError)
        assert expected in first.reason, first.reason
        why = first.exception.evidence["refusal"]
        assert isinstance(why, IllegalActionError), why
        if why.rule == "R-VIEW-3":  # the card the engine named itself
            hidden.discard(why.evidence["card"])
        told = [first.reason, first.explain("ro"), first.traceback or "", first.exception]
        assert not named_cards(told) & hidden, (mode, told)


# -- over the web table's sockets ----------------------------------------------------------


async def next_message(ws: Any, *kinds: str) -> dict[str, Any]:
    """The next message of one of ``kinds`` on ``ws`` (the others are read and dropped)."""
    while True:
        msg: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if msg["type"] in kinds:
            return msg


@pytest.mark.parametrize("preset", BLIND)
def test_R_VIEW_4_the_web_table_refuses_my_only_card_without_naming_it(
    preset: str, tmp_path: Path
) -> None:
    """In a blind first round, each seat sends "my only card" at every step it may not play.

    Seat 1 speaks Romanian.  Every refusal is the library's own, in the seat's
    language, and names no card.
    """
    with WebServer(tmp_path / "web.sqlite3") as server:
        made = post(
            server, "/api/tables", {"name": "p0", "variant": preset, "seats": ["human"] * 3}
        )
        table = made["table"]
        tokens = [made["token"]]
        for seat in (1, 2):
            tokens.append(post(server, f"/api/tables/{table}/join", {"name": f"p{seat}"})["token"])
        refused: list[tuple[int, int, dict[str, Any]]] = []  # (seq, seat, the error message)
        steps: list[dict[str, Any]] = []  # what each action did, as the table told it
        views: list[dict[str, Any]] = []  # the first view of each seat

        async def play() -> None:
            sockets = [await websockets.connect(f"{server.ws}/ws/{table}") for _ in range(3)]
            for seat, ws in enumerate(sockets):
                lang = "ro" if seat == 1 else "en"
                await ws.send(json.dumps({"type": "hello", "token": tokens[seat], "lang": lang}))
            now = [(await next_message(ws, "state")) for ws in sockets]
            views.extend(msg["view"] for msg in now)
            while now[0]["view"]["match"]["round"] == 1:
                seq, view = now[0]["seq"], now[0]["view"]
                for seat, ws in enumerate(sockets):
                    if seat == view["to_act"] and view["phase"] == "playing":
                        continue  # its turn to play: "my only card" is its one legal action
                    only = {"seat": seat, "card": None}
                    await ws.send(json.dumps({"type": "act", "action": only, "seq": seq}))
                    refused.append((seq, seat, await next_message(ws, "error")))
                action = now[view["to_act"]]["view"]["legal_actions"][0]
                await sockets[view["to_act"]].send(
                    json.dumps({"type": "act", "action": action, "seq": seq})
                )
                now = [(await next_message(ws, "update")) for ws in sockets]
                steps.append(now[0]["step"])
            for ws in sockets:
                await ws.close()

        asyncio.run(play())
    # Every card of the round has been played: its deal is known, and so is each state.
    history = [
        action_from_dict({k: s[k] for k in ("seat", "bid", "card") if k in s}) for s in steps
    ]
    hands = {a.seat: str(a.card) for a in history if isinstance(a, Play)}
    r = wr.Round.from_hands(
        variants.get(preset),
        hands=[hands[seat] for seat in range(3)],
        dealer=views[0]["dealer"],
        turn_up=views[0]["turn_up"],
    )
    assert len(refused) == 3 * 3 + 3 * 2  # at each of three bids and three plays
    for seq, seat, msg in refused:
        state = r
        for action in history[:seq]:
            state = state.apply(action)
        with pytest.raises(WhistError) as error:
            state.apply(Play(seat=seat, card=None))
        assert (msg["code"], msg["rule"]) == ("refused", error.value.rule)
        assert msg["message"] == error.value.explain("ro" if seat == 1 else "en")
        assert not named_cards(msg), msg  # a blind round's refusal names no card at all


@pytest.mark.parametrize("preset", BLIND)
def test_R_VIEW_4_the_web_table_refuses_a_named_card_in_a_blind_round_by_what_the_seat_sees(
    preset: str, tmp_path: Path
) -> None:
    """At its turn to play a blind round, a person names every card of the pack in turn.

    Each is refused under R-VIEW-3, as the seat's own view refuses it and the
    engine protocol does: a refusal by the card it holds ("it does not hold
    Ad") would tell it which card it is not, and a right guess would be
    played by a name it cannot see.
    """
    pack = [str(card) for card in DECK]
    with WebServer(tmp_path / "web.sqlite3") as server:
        made = post(
            server,
            "/api/tables",
            {"name": "p0", "variant": preset, "seats": ["human"] + ["rule"] * 2},
        )

        async def play() -> list[dict[str, Any]]:
            async with websockets.connect(f"{server.ws}/ws/{made['table']}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
                msg = await next_message(ws, "state")
                while not (msg["view"]["to_act"] == 0 and msg["view"]["phase"] == "playing"):
                    view = msg["view"]
                    assert view["match"]["round"] == 1
                    if view["to_act"] == 0:  # its bid
                        action = {"seq": msg["seq"], "action": view["legal_actions"][0]}
                        await ws.send(json.dumps({"type": "act", **action}))
                    msg = await next_message(ws, "update")
                for card in pack:
                    named = {"seat": 0, "card": card}
                    await ws.send(json.dumps({"type": "act", "action": named, "seq": msg["seq"]}))
                said = [await next_message(ws, "error", "update") for _ in pack]
                only = {"seat": 0, "card": None}
                await ws.send(json.dumps({"type": "act", "action": only, "seq": msg["seq"]}))
                said.append(await next_message(ws, "error", "update"))
                return said

        said = asyncio.run(asyncio.wait_for(play(), timeout=120))
    *refusals, played = said
    assert [(m["type"], m.get("rule")) for m in refusals] == [("error", "R-VIEW-3")] * len(pack)
    assert {m["message"].replace(card, "X") for m, card in zip(refusals, pack, strict=True)} == {
        "seat 0 cannot play X: in this blind round it cannot see its own card and must play "
        "'its only card' (R-VIEW-3)"
    }
    assert played["type"] == "update"
