"""Actions as data and as text: ``to_dict``/``action_from_dict`` and ``parse_action``.

Every legal action of every preset round must survive the trip through the
dict that views, steps and records write, and through each text form a
person or the library writes; junk must come back as
:class:`~whist_ro.errors.ActionParseError` (or the rules' own refusal),
never as a raw Python error, and must leave the state as it was.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import whist_ro as wr
from conftest import refuse, snapshot
from whist_ro import Bid, Match, Play, Round, records, variants
from whist_ro.actions import parse_action
from whist_ro.errors import ActionParseError, IllegalActionError, WhistError

ALL_PRESETS = [variants.get(name) for name in variants.names()]
TABLES = [
    (v, players) for v in ALL_PRESETS for players in (v.player_counts if not v.is_classic else (4,))
]


def _positions(variant: wr.Variant, players: int, seed: int) -> list[Match]:
    """Some positions of a seeded match: bidding, play, blind rounds, the last round."""
    rng = random.Random(seed)
    m = Match.new(variant, players=players, seed=seed)
    seen = [m]
    while not m.is_over:
        m = m.apply_legal(rng.choice(m.legal_actions()))
        if rng.random() < 0.02:
            seen.append(m)
    return [*seen, m]


def _text_forms(action: wr.Action) -> list[str]:
    """Every way a person or the library may write ``action`` for its seat."""
    if isinstance(action, Bid):
        n = action.tricks
        return [str(n), f"bid {n}", f"BID  {n}", f"b{n}", f" {n} ", str(action)]
    assert isinstance(action, Play)
    if action.card is None:
        return ["card", "only", "my only card", str(action)]
    card = action.card
    return [str(card), str(card).upper(), card.pretty, f"play {card}", str(action)]


@settings(max_examples=25, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**20))
def test_every_legal_action_round_trips_through_its_dict(
    table: tuple[wr.Variant, int], seed: int
) -> None:
    variant, players = table
    for m in _positions(variant, players, seed):
        view = m.view(m.to_act) if m.to_act is not None else None
        actions = list(m.legal_actions()) + (list(view.legal_actions) if view else [])
        for action in actions:
            data = action.to_dict()
            assert json.loads(json.dumps(data)) == data
            assert wr.action_from_dict(data) == action
            assert wr.action_from_dict(json.loads(json.dumps(data))) == action
        if view is not None:
            written = view.to_dict()["legal_actions"]
            assert [wr.action_from_dict(d) for d in written] == list(view.legal_actions)


@settings(max_examples=25, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**20))
def test_every_legal_action_round_trips_through_its_text_forms(
    table: tuple[wr.Variant, int], seed: int
) -> None:
    variant, players = table
    for m in _positions(variant, players, seed):
        seat = m.to_act
        if seat is None:
            continue
        view = m.view(seat)
        for action in {*m.legal_actions(), *view.legal_actions}:
            for text in _text_forms(action):
                assert parse_action(text, seat=seat) == action, text
                assert m.parse_action(text) == action, text
                assert m.round.parse_action(text) == action, text


def test_steps_and_records_write_the_action_dict() -> None:
    m = Match.new(variants.ROMANIAN, players=3, seed=11)
    for _ in range(9):
        m = m.apply(m.legal_actions()[-1])
        step = m.last_step
        assert step is not None
        data = step.to_dict()
        assert wr.action_from_dict({k: data[k] for k in ("seat", "bid", "card") if k in data}) == (
            step.action
        )
    record = m.to_record().to_dict()
    written = [a for r in record["rounds"] for a in r["actions"]]
    assert [wr.action_from_dict(a) for a in written] == list(m.history)


@pytest.mark.parametrize(
    ("data", "field", "says"),
    [
        ({"seat": 0}, "", "exactly one of 'bid' and 'card', not neither"),
        ({"seat": 0, "bid": 1, "card": "Ah"}, "", "not both"),
        ({"bid": 1}, "seat", "'seat' is missing"),
        ({"seat": 0, "bid": 1, "who": 2}, "who", "'who' is not a field of an action"),
        ({"seat": "0", "bid": 1}, "seat", "seat must be a whole number, not '0'"),
        ({"seat": True, "bid": 1}, "seat", "not True"),
        ({"seat": -1, "bid": 1}, "seat", "from 0 to"),
        ({"seat": 0, "bid": 1.0}, "bid", "bid must be a whole number, not 1.0"),
        ({"seat": 0, "bid": 10**5000}, "bid", "<int of 5001 digits>"),
        ({"seat": 0, "card": 7}, "card", "not 7"),
        ({"seat": 0, "card": "Zz"}, "card", "unknown suit"),
        ({"seat": 0, "card": ["Ah"]}, "card", "not ['Ah']"),
        ({1: 2}, "", "1 is not a field"),
        ([0, 1], "", "not [0, 1]"),
        (None, "", "not None"),
        ("seat 0 bids 1", "", "not 'seat 0 bids 1'"),
    ],
)
def test_action_from_dict_refuses_junk_naming_the_field(
    data: object, field: str, says: str
) -> None:
    with pytest.raises(ActionParseError, match=_escape(says)) as info:
        wr.action_from_dict(data)  # type: ignore[arg-type]
    assert info.value.field == field
    assert isinstance(info.value, ValueError)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


@given(
    data=st.dictionaries(st.sampled_from(["seat", "bid", "card", "x"]), json_values, max_size=4)
    | json_values
)
def test_action_from_dict_lets_only_its_own_error_out(data: object) -> None:
    try:
        action = wr.action_from_dict(data)  # type: ignore[arg-type]
    except ActionParseError:
        return
    assert action.to_dict() == data


@given(text=st.text(max_size=30) | st.sampled_from(["seat 2 plays", "bid", "b", "play", "²"]))
def test_parse_action_lets_only_its_own_error_out(text: str) -> None:
    try:
        action = parse_action(text, seat=1)
    except ActionParseError:
        return
    assert action.seat == 1
    assert parse_action(str(action)) == action
    assert wr.action_from_dict(action.to_dict()) == action


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "neither a bid"),
        ("bid", "neither a bid"),
        ("bid x", "neither a bid"),
        ("²", "neither a bid"),
        ("7x", "unknown suit 'x'"),
        ("1" * 12, "a bid of 12 digits"),
        ("x" * 500, "at most 40 characters"),
        ("seat 1 plays", "write 'seat N bids B' or 'seat N plays CARD'"),
        ("seat 2 plays Ah", "is an action of seat 2, not of seat 1"),
    ],
)
def test_parse_action_refuses_what_is_not_an_action(text: str, says: str) -> None:
    with pytest.raises(ActionParseError, match=_escape(says)):
        parse_action(text, seat=1)


def test_parse_action_needs_a_seat() -> None:
    with pytest.raises(ActionParseError, match="does not say which seat acts") as info:
        parse_action("7h")
    assert info.value.field == "seat"
    assert parse_action("seat 3 plays 7h") == Play(seat=3, card="7h")
    assert parse_action("seat 3 plays its only card") == Play(seat=3, card=None)
    with pytest.raises(ActionParseError):
        parse_action(7)  # type: ignore[arg-type]


def _hands_round() -> Round:
    return Round.from_hands(
        variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"], dealer=2, turn_up="Qs"
    )


def test_round_parse_action_gives_the_rules_verdict_and_changes_nothing() -> None:
    r = _hands_round()
    before = snapshot(r)
    # Each refusal is the one apply() gives, with its rule.
    cases = [
        ("Ah", wr.WrongPhaseError, "R-PLAY-7"),
        ("3", wr.BidOutOfRangeError, "R-BID-3"),
        ("seat 1 bids 0", wr.OutOfTurnError, "R-BID-3"),
    ]
    for text, error, rule in cases:
        with pytest.raises(error) as info:
            r.parse_action(text)
        assert info.value.rule == rule
        assert snapshot(r) == before
    r = r.apply(r.parse_action("0"))
    r = r.apply(r.parse_action("seat 1 bids 0"))
    with pytest.raises(wr.ForbiddenBidError) as forbidden:
        r.parse_action("bid 2")
    assert forbidden.value.rule == "R-BID-2"
    r = r.apply(r.parse_action("1"))
    r = r.apply(r.parse_action("Jc"))
    with pytest.raises(wr.MustFollowSuitError):
        r.parse_action("Kh")
    with pytest.raises(wr.CardNotHeldError):
        r.parse_action("As")


def test_parse_action_on_a_finished_match_cites_the_end() -> None:
    m = Match.new(variants.ROMANIAN, players=3, seed=3)
    while not m.is_over:
        m = m.apply_legal(m.legal_actions()[0])
    with pytest.raises(ActionParseError) as info:
        m.parse_action("7h")
    assert info.value.rule == "R-END-4"
    with pytest.raises(wr.GameOverError):
        m.parse_action("seat 0 plays 7h")
    with pytest.raises(WhistError):
        m.round.parse_action("0")


def test_parse_action_in_a_blind_round_offers_my_only_card() -> None:
    m = Match.new(variants.ROMANIAN_HIDDEN, players=3, seed=5)
    while m.round.phase is not wr.Phase.PLAYING:
        m = m.apply(m.legal_actions()[0])
    seat = m.to_act
    assert seat is not None
    only = m.parse_action("card")
    assert only == Play(seat=seat, card=None)
    assert only in m.view(seat).legal_actions
    after = m.apply(only)
    assert after.history[-1] == Play(seat=seat, card=next(iter(m.round.remaining[seat])))


def test_record_reader_uses_the_action_reader_and_names_the_path() -> None:
    m = Match.new(variants.ROMANIAN, players=3, seed=1)
    m = m.apply(m.legal_actions()[0])
    text = records.dumps(m.to_record())
    for bad, path in (
        (text.replace('"bid": 0', '"bid": 0, "card": "Ah"'), "rounds[0].actions[0]"),
        (text.replace('"bid": 0', '"card": "Zz"'), "rounds[0].actions[0].card"),
        (text.replace('"bid": 0', '"card": null'), "rounds[0].actions[0].card"),
    ):
        with pytest.raises(wr.errors.RecordError) as info:
            records.loads(bad)
        assert info.value.path == path


def test_illegal_parsed_action_refusal_matches_apply() -> None:
    r = _hands_round()
    refused = refuse(r, Bid(seat=0, tricks=3), wr.BidOutOfRangeError, rule="R-BID-3", says="bid 3")
    with pytest.raises(IllegalActionError) as info:
        r.parse_action("3")
    assert str(info.value) == str(refused)


def _escape(text: str) -> str:
    return re.escape(text)
