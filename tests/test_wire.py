"""The wire format: real messages of real matches validate against the shipped schemas,
every object read back equals what was written, only a seat's own cards reach it, and junk
raises WireError (never KeyError, TypeError, RecursionError).
"""

from __future__ import annotations

import copy
import json
import random
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import hatchling.build
import jsonschema
import pytest
import referencing
from hypothesis import given
from hypothesis import strategies as st

import whist_ro as wr
from whist_ro import Match, PlayerView, Step, variants
from whist_ro.bots import RandomBot
from whist_ro.errors import WireError
from whist_ro.remote import MatchLog, MatchResult, wire

PRESETS = sorted({variants.get(name) for name in variants.names()}, key=lambda v: v.name)
HOUSE = attrs.evolve(variants.ROMANIAN, name="house", must_trump=False, blind_one_card="hidden")
ROOT = Path(__file__).resolve().parents[1]


def registry() -> referencing.Registry:
    resources = [
        (s["$id"], referencing.Resource.from_contents(s))
        for s in (wire.schema(name) for name in wire.SCHEMAS)
    ]
    return referencing.Registry().with_resources(resources)


REGISTRY = registry()


def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = wire.schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, registry=REGISTRY)


VALIDATORS = {name: validator(name) for name in wire.SCHEMAS}


def valid(name: str, data: object) -> None:
    errors = sorted(VALIDATORS[name].iter_errors(data), key=lambda e: e.path)
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:3]]


def matches() -> Iterator[tuple[wr.Variant, Match]]:
    """A finished match of every preset (and a house variant) at every player count."""
    for variant in [*PRESETS, HOUSE]:
        for players in variant.player_counts:
            seed = hash((variant.name, players)) % 1000
            m = wr.random_playout(Match.new(variant, players=players, seed=seed), seed=seed)
            yield variant, m


MATCHES = list(matches())
IDS = [f"{v.name}-{m.players}" for v, m in MATCHES]


def replay(m: Match) -> Iterator[Match]:
    """Every state of ``m`` from the start, in order."""
    state = Match.new(m.variant, players=m.players, deals=[r.deal for r in m.rounds])
    yield state
    for action in m.history:
        state = state.apply(action)
        yield state


def feed(m: Match, seat: int, *, observe: bool) -> Iterator[tuple[dict[str, Any], Match]]:
    """The messages ``seat``'s engine is sent through ``m``, each with the state it was sent in."""
    seat_feed = wire.SeatFeed(observe=observe)
    request = 0
    for state in replay(m):
        if state.last_step is not None:
            for message in seat_feed.observe(state.view(seat), state.last_step):
                yield message, state
        if state.to_act == seat:
            request += 1
            for message in seat_feed.act(state.view(seat), request=request, time_limit=1.5):
                yield message, state


# -- the schemas -------------------------------------------------------------------------


def test_every_schema_is_a_valid_draft_2020_12_schema_with_its_own_id() -> None:
    ids = set()
    for name in wire.SCHEMAS:
        schema = wire.schema(name)
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$id"].endswith(f"/{name}.schema.json")
        ids.add(schema["$id"])
    assert len(ids) == len(wire.SCHEMAS)


def test_the_schemas_are_in_the_wheel(tmp_path: Path) -> None:
    wheel = tmp_path / hatchling.build.build_wheel(str(tmp_path))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for name in wire.SCHEMAS:
        assert f"whist_ro/remote/schemas/{name}.schema.json" in names


def test_the_schemas_refuse_what_the_readers_refuse() -> None:
    # A schema that accepts anything proves nothing: junk must fail both.
    for name, data in (
        ("action", {"seat": 0, "bid": -1}),
        ("action", {"seat": 0, "card": "1h"}),
        ("action", {"seat": 0, "bid": 1, "card": "Ah"}),
        ("step", {"seat": 0, "bid": 1}),
        ("view", {"seat": 0}),
    ):
        assert not VALIDATORS[name].is_valid(data), (name, data)


# -- real messages -------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "match"), MATCHES, ids=IDS)
def test_real_messages_validate_and_read_back(variant: wr.Variant, match: Match) -> None:
    """Every message of a seat's engine read back exactly (one that observes every step in
    the smallest and largest player count); a sample of each kind (JSON Schema validation is
    slow) checked against the schema."""
    observe = match.players in (min(variant.player_counts), max(variant.player_counts))
    for seat in {0, match.players - 1}:
        log: MatchLog | None = None
        seen: dict[str, int] = {}
        for message, state in feed(match, seat, observe=observe):
            line = wire.encode(message)
            assert line.endswith(b"\n")
            assert line.count(b"\n") == 1
            back = wire.decode(line)
            assert back == json.loads(json.dumps(message))
            kind = back["type"]
            seen[kind] = seen.get(kind, 0) + 1
            if seen[kind] <= 2 or seen[kind] % 101 == 0 or kind == "match_end":
                valid("message", back)
            if kind == "new_match":
                log = MatchLog.from_message(back)
                assert log.variant == variant
            assert log is not None
            if kind == "round_end":
                log.add_round(back)
            elif kind == "act":
                assert log.view(back["view"]) == state.view(seat)
            elif kind == "step":
                view, step = wire.read_step(back, log)
                assert (view, step) == (state.view(seat), state.last_step)
            elif kind == "match_end":
                result = MatchResult.from_dict(back["result"])
                assert result == MatchResult.from_match(match)
                assert result.winners == match.winners
        expected = {"new_match", "round_end", "act", "match_end"} | ({"step"} if observe else set())
        observe = False  # the second seat only decides
        assert set(seen) == expected
        assert seen["new_match"] == seen["match_end"] == 1
        assert seen["round_end"] == len(match.rounds)
        assert log is not None
        assert log.rounds == len(match.rounds)


@pytest.mark.parametrize(("variant", "match"), MATCHES[::3], ids=IDS[::3])
def test_full_views_of_every_seat_read_back(variant: wr.Variant, match: Match) -> None:
    """The full view (past rounds included) of every seat, every few steps, and the last one."""
    states = list(replay(match))
    for state in [*states[::53], states[-1]]:
        for seat in range(match.players):
            view = state.view(seat)
            data = json.loads(json.dumps(view.to_dict()))
            assert PlayerView.from_dict(data, variant=variant) == view
            if variant in PRESETS:
                assert PlayerView.from_dict(data) == view
    valid("view", data)  # the last, longest view


@pytest.mark.parametrize(("variant", "match"), MATCHES[::4], ids=IDS[::4])
def test_steps_actions_and_variants_read_back(variant: wr.Variant, match: Match) -> None:
    for index, state in enumerate(list(replay(match))[1:]):
        step = state.last_step
        assert step is not None
        data = json.loads(json.dumps(step.to_dict()))
        assert Step.from_dict(data) == step
        if index < 20 or step.round_over:
            valid("step", data)
            valid("action", step.action.to_dict())
    valid("variant", variant.to_dict())
    assert wr.Variant.from_dict(json.loads(json.dumps(variant.to_dict()))) == variant


def test_an_abandoned_match_result_reads_back() -> None:
    m = Match.new(variants.ROMANIAN, players=4, seed=3)
    while len(m.rounds) < 5:
        m = m.apply(m.legal_actions()[0])
    m = m.abandon(disconnected=[2])
    result = MatchResult.from_match(m)
    assert result.abandoned
    assert result.disconnected == (2,)
    data = json.loads(json.dumps(result.to_dict()))
    valid("result", data)
    assert MatchResult.from_dict(data) == result == MatchResult.from_view(m.view(0))
    assert result.standings.points == m.standings().points


def test_a_conceded_classic_match_result_reads_back() -> None:
    m = Match.new(variants.CLASSIC, players=4, seed=3).concede(seat=1)
    result = MatchResult.from_match(m)
    assert result.conceded == 1
    assert result.winners == m.winners
    assert MatchResult.from_dict(result.to_dict()) == result == MatchResult.from_view(m.view(3))


@pytest.mark.parametrize(
    ("key", "value", "says"),
    [
        ("winners", [2], "[2] are not the standings' winners [1]"),
        ("winners", [1, 2], "[1, 2] are not the standings' winners [1]"),
        ("winners", [99], "expected a whole number from 0 to 2, not 99"),
    ],
)
def test_a_result_whose_winners_contradict_its_standings_is_refused(
    key: str, value: object, says: str
) -> None:
    # The winners repeat what the standings say: a copy that disagrees is refused, not
    # silently replaced by the standings' winners.
    m = wr.random_playout(Match.new(variants.ROMANIAN, players=3, seed=1), seed=1)
    data = MatchResult.from_match(m).to_dict()
    assert (data["winners"], data["totals"]) == ([1], [-34, 13, -41])
    assert MatchResult.from_dict(data) == MatchResult.from_match(m)
    with pytest.raises(WireError) as refused:
        MatchResult.from_dict({**data, key: value})
    assert refused.value.path.startswith(f"result.{key}")
    assert says in str(refused.value)


# -- only the seat's own cards -----------------------------------------------------------------


def cards_in(data: object) -> set[str]:
    """Every card text anywhere in a message."""
    found: set[str] = set()
    if isinstance(data, str) and data in CARDS:
        found.add(data)
    elif isinstance(data, dict):
        for value in data.values():
            found |= cards_in(value)
    elif isinstance(data, list):
        for value in data:
            found |= cards_in(value)
    return found


CARDS = {str(c) for c in wr.Deck.for_game(variants.CLASSIC, 4)}


@pytest.mark.parametrize(("variant", "match"), MATCHES, ids=IDS)
def test_only_what_the_seat_may_know_crosses_the_wire(variant: wr.Variant, match: Match) -> None:
    """No message to a seat names a card it could not know: another seat's unplayed cards
    (beyond what the rules show: the turn-up, the classic dealer's trump, a forehead round's
    other hands) or an undealt card."""
    seat = 1
    for message, state in feed(match, seat, observe=False):
        if message["type"] in ("new_match", "match_end"):
            assert not cards_in(message)  # names and numbers only
            continue
        known: set[str] = set()
        for past_round in state.rounds:
            known |= {str(c) for c in past_round.hands[seat]}
            known |= {str(c) for t in past_round.tricks for c in t.cards}
            if past_round.turn_up is not None:
                known.add(str(past_round.turn_up))
        view = state.view(seat)
        known |= {str(c) for hand in view.known_hands for c in hand}
        current = state.round
        known |= {str(c) for t in (*current.tricks, current.current_trick) for c in t.cards}
        if view.blind is None:
            known |= {str(c) for c in current.hands[seat]}
        if current.turn_up is not None:
            known.add(str(current.turn_up))
        leaked = cards_in(message) - known
        assert not leaked, (message["type"], leaked)


# -- junk --------------------------------------------------------------------------------------


def sample_data() -> dict[str, Any]:
    m = wr.random_playout(Match.new(variants.ROMANIAN_FOREHEAD, players=4, seed=9), seed=9)
    mid = list(replay(m))[150]
    return {
        "view": mid.view(mid.to_act or 0).to_dict(),
        "step": mid.last_step.to_dict() if mid.last_step else None,
        "result": MatchResult.from_match(m).to_dict(),
        "round_end": wire.round_end_message(mid.view(0), 1),
    }


SAMPLES = sample_data()
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.just("Ah"),
    st.just([]),
    st.just({}),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def paths(data: object, prefix: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths(value, (*prefix, index))


def mutate(data: object, path: tuple[object, ...], junk: object, delete: bool) -> object:
    data = copy.deepcopy(data)
    if not path:
        return junk
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = junk
    return data


def readers() -> dict[str, Any]:
    log = MatchLog(
        variant=variants.ROMANIAN_FOREHEAD, seat=0, players=4, names=[f"seat {i}" for i in range(4)]
    )
    return {
        "view": PlayerView.from_dict,
        "step": Step.from_dict,
        "result": MatchResult.from_dict,
        "round_end": log.add_round,
    }


@pytest.mark.parametrize("kind", sorted(SAMPLES))
@given(data=st.data(), junk=JUNK, delete=st.booleans())
def test_junk_in_any_field_raises_wire_error_only(
    kind: str, data: st.DataObject, junk: object, delete: bool
) -> None:
    sample = SAMPLES[kind]
    where = data.draw(st.sampled_from(list(paths(sample))))
    broken = mutate(sample, where, junk, delete)
    failure: WireError | None = None
    try:
        readers()[kind](broken)
    except WireError as error:
        failure = error
    if failure is not None:
        assert str(failure)
        assert failure.path == "" or failure.path.split(".")[0].split("[")[0] in (kind, "view")


@pytest.mark.parametrize(
    "line",
    [
        b"",
        b"\n",
        b"\xff\xfe",
        b"nonsense",
        b"[1, 2]",
        b'{"type": 3}',
        b'{"no": "type"}',
        b'{"type": "x", "n": NaN}',
        b'{"type": "x", "n": Infinity}',
        b'{"type": "x", "n": ' + b"9" * 5000 + b"}",
        b"[" * 100_000 + b"]" * 100_000,
        b'{"type": "' + b"x" * (wire.MAX_MESSAGE + 1) + b'"}',
    ],
    ids=lambda line: repr(line[:20]),
)
def test_a_line_that_is_no_message_raises_wire_error(line: bytes) -> None:
    with pytest.raises(WireError):
        wire.decode(line)


@pytest.mark.parametrize(
    ("message", "path"),
    [
        ({"type": "hello"}, "hello.protocol"),
        ({"type": "hello", "protocol": wire.PROTOCOL, "version": 2, "name": "x"}, "hello.version"),
        ({"type": "hello", "protocol": wire.PROTOCOL, "version": 1}, "hello.name"),
        (
            {
                "type": "hello",
                "protocol": wire.PROTOCOL,
                "version": 1,
                "name": "x",
                "options": [{}],
            },
            "hello.options[0].type",
        ),
        (
            {
                "type": "hello",
                "protocol": wire.PROTOCOL,
                "version": 1,
                "name": "x",
                "options": [{"name": "d", "type": "int", "default": "deep"}],
            },
            "hello.options[0].default",
        ),
    ],
)
def test_a_bad_hello_names_its_fault(message: dict[str, Any], path: str) -> None:
    with pytest.raises(WireError) as caught:
        wire.read_hello(message)
    assert caught.value.path == path


@pytest.mark.parametrize(
    ("message", "path"),
    [
        ({"type": "action"}, "action.id"),
        ({"type": "action", "id": True, "action": {}}, "action.id"),
        ({"type": "action", "id": 1}, "action.action"),
        ({"type": "action", "id": 1, "action": {"seat": 0}}, "action.action"),
        ({"type": "action", "id": 1, "action": {"seat": 0, "bid": "1"}}, "action.action"),
        ({"type": "action", "id": 1, "action": [0, 1]}, "action.action"),
    ],
)
def test_a_bad_answer_names_its_fault(message: dict[str, Any], path: str) -> None:
    with pytest.raises(WireError) as caught:
        wire.read_answer(message)
    assert caught.value.path == path


def test_a_view_of_house_rules_needs_its_variant() -> None:
    m = Match.new(HOUSE, players=3, seed=1)
    data = m.view(0).to_dict()
    with pytest.raises(WireError, match="no preset variant") as caught:
        PlayerView.from_dict(data)
    assert caught.value.path == "view.variant"
    with pytest.raises(WireError, match="not of romanian"):
        PlayerView.from_dict(data, variant=variants.ROMANIAN)
    assert PlayerView.from_dict(data, variant=HOUSE) == m.view(0)


def _bidding_view(seat: int) -> dict[str, Any]:
    """A view's data in the first bidding round of a 4-card round, seat 1 to act."""
    r = wr.Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=4, seed=5)
    assert r.to_act == 1
    return r.view(seat).to_dict()


@pytest.mark.parametrize("change", ["extra", "missing", "another"])
def test_a_view_whose_hand_contradicts_its_known_hands_is_refused(change: str) -> None:
    data = _bidding_view(1)
    assert PlayerView.from_dict(data).hand == wr.CardSet.parse(" ".join(data["hand"]))
    hand = list(data["hand"])
    if change == "extra":
        hand.append(data["turn_up"])  # a card the seat does not hold
    elif change == "missing":
        hand.pop()
    else:
        hand[0] = data["turn_up"]
    with pytest.raises(WireError) as caught:
        PlayerView.from_dict({**data, "hand": hand})
    assert caught.value.path == "view.hand"
    given, known = (wr.CardSet.parse(" ".join(cards)) for cards in (hand, data["hand"]))
    assert str(caught.value) == (
        f"view.hand: {given} is not known_hands[1] ({known}): a seat's hand is its own entry "
        "of known_hands"
    )


def _playing_view() -> dict[str, Any]:
    """Seat 0's view in the first trick of a 4-card round, Ks and Js on the table."""
    r = wr.Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=4, seed=5)
    for _ in range(5):
        r = r.apply(r.legal_actions()[0])
    assert (str(r.remaining[0]), r.to_act, str(r.turn_up)) == ("Kh Qh Kd Qd", 0, "Jc")
    return r.view(0).to_dict()


@pytest.mark.parametrize(
    ("seat", "cards", "says"),
    [
        (0, ["Kh", "Qh", "Kd"], "view.known_hands[0]: 3 cards known, but seat 0 holds 4"),
        (1, ["Kh"], "view.known_hands[1]: Kh: known in two seats' hands"),
        (0, ["Kh", "Qh", "Kd", "Ks"], "view.known_hands[0]: Ks: already played"),
        (0, ["Kh", "Qh", "Kd", "Jc"], "view.known_hands[0]: Jc is the turn-up, which nobody holds"),
        (1, ["9h", "9d", "Ac", "Jh"], "view.known_hands[1]: 4 cards known, but seat 1 holds 3"),
    ],
    ids=["short", "twice", "played", "turn-up", "more-than-held"],
)
def test_a_view_whose_known_hands_contradict_the_play_is_refused(
    seat: int, cards: list[str], says: str
) -> None:
    data = _playing_view()
    assert PlayerView.from_dict(data).hand_counts == (4, 3, 3)
    known = [cards if i == seat else hand for i, hand in enumerate(data["known_hands"])]
    hand = known[0]
    with pytest.raises(WireError) as caught:
        PlayerView.from_dict({**data, "known_hands": known, "hand": hand})
    assert str(caught.value).startswith(says)
    assert caught.value.rule == ("R-TRUMP-1" if "turn-up" in says else None)


@pytest.mark.parametrize(
    ("action", "says"),
    [
        ({"seat": 0, "card": "Jh"}, "Jh is not a card of seat 0's hand (Kh Qh Kd Qd)"),
        ({"seat": 0, "card": None}, "'my only card' is not a card of seat 0's hand"),
        ({"seat": 0, "bid": 1}, "seat 0 bids 1 is no action of the playing phase"),
    ],
    ids=["not-held", "my-only-card", "bid"],
)
def test_a_view_whose_legal_actions_contradict_the_hand_is_refused(
    action: dict[str, Any], says: str
) -> None:
    data = _playing_view()
    with pytest.raises(WireError) as caught:
        PlayerView.from_dict({**data, "legal_actions": [*data["legal_actions"], action]})
    assert caught.value.path == "view.legal_actions[4]"
    assert str(caught.value).startswith(f"view.legal_actions[4]: {says}")


@pytest.mark.parametrize(("to_act", "says"), [(2, "it is seat 2's turn"), (None, "no seat is")])
def test_a_view_with_legal_actions_when_it_is_not_the_seats_turn_is_refused(
    to_act: int | None, says: str
) -> None:
    data = _bidding_view(1)
    assert len(data["legal_actions"]) == 5
    with pytest.raises(WireError) as caught:
        PlayerView.from_dict({**data, "to_act": to_act})
    assert caught.value.path == "view.legal_actions"
    assert str(caught.value).startswith(f"view.legal_actions: 5 actions for seat 1, but {says}")
    # Another seat's view of the same moment has none, and reads back.
    other = _bidding_view(0)
    assert other["legal_actions"] == []
    assert PlayerView.from_dict(other).to_act == 1


def test_a_trick_with_the_wrong_winner_is_refused_with_R_PLAY_6() -> None:
    m = wr.random_playout(Match.new(variants.ROMANIAN, players=3, seed=2), seed=2)
    data = m.view(0).to_dict()
    trick = data["match"]["past"][20]["tricks"][0]
    trick["winner"] = (trick["winner"] + 1) % 3
    with pytest.raises(WireError, match="R-PLAY-6") as caught:
        PlayerView.from_dict(data)
    assert caught.value.rule == "R-PLAY-6"
    assert caught.value.path == "view.match.past[20].tricks[0].winner"


def test_a_compact_view_without_its_past_says_how_to_read_it() -> None:
    m = wr.random_playout(Match.new(variants.ROMANIAN, players=3, seed=2), seed=2)
    with pytest.raises(WireError, match="past=") as caught:
        PlayerView.from_dict(m.view(0).to_dict(past=False))
    assert caught.value.path == "view.match.past"


def test_match_log_refuses_rounds_out_of_order_and_other_seats() -> None:
    m = wr.random_playout(Match.new(variants.ROMANIAN, players=3, seed=2), seed=2)
    log = MatchLog(variant=m.variant, seat=0, players=3, names=m.names)
    with pytest.raises(WireError, match="expected round 1, not 2"):
        log.add_round(wire.round_end_message(m.view(0), 2))
    with pytest.raises(WireError, match="not a completed round of seat 0"):
        log.add_round(wire.round_end_message(m.view(1), 1))
    log.add_round(wire.round_end_message(m.view(0), 1))
    request = wire.act_message(m.view(1), request=1, time_limit=None)
    with pytest.raises(WireError):
        log.view(request["view"])


def test_options_are_checked_against_their_declaration() -> None:
    info = wire.read_hello(
        {
            "type": "hello",
            "protocol": wire.PROTOCOL,
            "version": 1,
            "name": "x",
            "options": [
                {"name": "budget", "type": "int", "default": 5, "min": 1, "max": 10},
                {"name": "style", "type": "choice", "default": "safe", "choices": ["safe", "bold"]},
                {"name": "fast", "type": "bool", "default": False},
                {"name": "ratio", "type": "float", "default": 0.5, "min": 0},
            ],
        }
    )
    assert info.check_options({"budget": 3, "style": "bold", "fast": True, "ratio": 2}) == {
        "budget": 3,
        "style": "bold",
        "fast": True,
        "ratio": 2,
    }
    for values in ({"budget": 0}, {"budget": 2.0}, {"style": "wild"}, {"fast": 1}, {"depth": 1}):
        with pytest.raises(WireError):
            info.check_options(values)
    for number in (float("inf"), float("nan"), -1):
        with pytest.raises(WireError):
            info.option("ratio").check(number)


def test_decode_keeps_utf8_names() -> None:
    names = ["Ană", "Ştefan", "Îulia"]
    message = wire.new_match_message(variants.ROMANIAN, seat=0, players=3, names=names)
    assert wire.decode(wire.encode(message))["names"] == names
    assert MatchLog.from_message(wire.decode(wire.encode(message))).names == tuple(names)


def test_random_bot_plays_from_rebuilt_views_as_from_the_real_ones() -> None:
    """A bot handed the rebuilt view chooses exactly as with the real one."""
    m = Match.new(variants.ROMANIAN, players=4, seed=11)
    seat = 2
    log: MatchLog | None = None
    feed_ = wire.SeatFeed(observe=False)
    rng = random.Random(3)
    while not m.is_over:
        if m.to_act == seat:
            for message in feed_.act(m.view(seat), request=1, time_limit=None):
                back = wire.decode(wire.encode(message))
                if back["type"] == "new_match":
                    log = MatchLog.from_message(back)
                elif back["type"] == "round_end":
                    assert log is not None
                    log.add_round(back)
                else:
                    assert log is not None
                    rebuilt = log.view(back["view"])
            s = rng.randrange(1000)
            assert RandomBot(seed=s).act(rebuilt) == RandomBot(seed=s).act(m.view(seat))
        m = m.apply(RandomBot(seed=len(m.history)).act(m.view(m.to_act)))  # type: ignore[arg-type]
