"""The one-round text notation: grammar, errors with line and column, printer, round trip."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import whist_ro as wr
from conftest import play_random
from whist_ro import records
from whist_ro.errors import NotationError
from whist_ro.records import format_round, parse_round

PRESETS = ("romanian", "inverted", "classic", "classic-rubber", "long-whist")

TEXT = """\
# a disputed 2-card round
variant: romanian
dealer: 2
hand 0: Ah Jc
hand 1: Kh 10c
hand 2: 9d 10s
turn-up: Qs
bids: 0 0 1
trick: Jc 10c 10s
trick: 9d Ah
"""


def test_parse_gives_seats_from_the_rules() -> None:
    lone = parse_round(TEXT)
    assert lone.variant is wr.variants.ROMANIAN
    r = lone.round
    assert r.dealer == 2
    assert r.turn_up == wr.Card.parse("Qs")
    # Bids from the first hand (seat 0); seat 2 trumps the first trick and leads the second.
    assert r.actions == (
        wr.Bid(seat=0, tricks=0),
        wr.Bid(seat=1, tricks=0),
        wr.Bid(seat=2, tricks=1),
        wr.Play(seat=0, card="Jc"),
        wr.Play(seat=1, card="10c"),
        wr.Play(seat=2, card="10s"),
        wr.Play(seat=2, card="9d"),
        wr.Play(seat=0, card="Ah"),
    )
    assert lone.where[3] == (9, 8)


def test_print_is_canonical_and_round_trips() -> None:
    lone = parse_round(TEXT)
    text = format_round(lone)
    assert text == "\n".join(line for line in TEXT.splitlines() if not line.startswith("#"))
    assert parse_round(text) == lone
    messy = TEXT.replace("hand 0: Ah Jc", "  HAND   0 :  Ah   Jc ").replace("10s", "Ts")
    assert format_round(parse_round(messy)) == text


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(PRESETS), seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_rounds_of_random_play_round_trip(name: str, seed: int, steps: int) -> None:
    v = wr.variants.get(name)
    players = v.player_counts[seed % len(v.player_counts)]
    m = play_random(wr.Match.new(v, players=players, seed=seed), seed=seed, steps=steps)
    record = records.to_record(m)
    index = len(record.rounds) - 1
    text = format_round(record, index=index)
    lone = parse_round(text)
    assert lone.round == record.rounds[index]
    assert lone.variant == v
    assert format_round(lone) == text


def test_out_of_turn_play_cannot_be_written() -> None:
    lone = parse_round(TEXT)
    actions = list(lone.round.actions)
    actions[3] = wr.Play(seat=1, card="Kh")
    bad = records.LoneRound(
        variant=lone.variant,
        preset=lone.preset,
        round=records.RoundRecord(dealer=2, hands=lone.round.hands, turn_up="Qs", actions=actions),
    )
    with pytest.raises(records.RecordError, match="not in turn order"):
        format_round(bad)


@pytest.mark.parametrize(
    ("text", "line", "column", "says"),
    [
        ("dealer: x", 1, 9, "the dealer must be a whole number"),
        ("dealer: 1 2", 1, 11, "exactly one seat"),
        ("hand 0: Ah", 1, 1, "expected 'dealer:'"),
        ("dealer: 0\nhand 1: Ah", 2, 1, "expected 'hand 0:'"),
        ("dealer: 0\nhand 0: Ah Kx", 2, 12, "cannot read 'Kx'"),
        ("dealer: 0\nhand 0: Ah\nhand 1: Kh\nhand 2: Qh", 4, 1, "missing 'turn-up:'"),
        ("dealer: 5\nhand 0: Ah\nhand 1: Kh\nhand 2: Qh\nturn-up: -", 1, 9, "from 0 to 2"),
        ("variant: bridge\ndealer: 0", 1, 10, "unknown variant"),
        ("dealer: 0\nhand 0: Ah\nhand 1: Kh\nhand 2: Qh\nturn-up: Jh\nbids: 0 x", 6, 9, "a bid"),
        (
            "dealer: 0\nhand 0: Ah\nhand 1: Kh\nhand 2: Qh\nturn-up: Jh\nbids: 0\ntrick: Kh",
            7,
            1,
            "before the bidding is complete",
        ),
        (
            "dealer: 0\nhand 0: Ah\nhand 1: Kh\nhand 2: Qh\nturn-up: Jh\nbids: 0 0 0\n"
            "trick: Kh Qh\ntrick: Ah",
            8,
            1,
            "only the last trick",
        ),
        (
            "dealer: 0\nhand 0: Ah\nhand 1: Kh\nhand 2: Qh\nturn-up: Jh\nbids: 0 0 0\n"
            "trick: Kh Qh Ah Jh",
            7,
            17,
            "1 to 3 cards",
        ),
        (
            "variant: classic\ndealer: 0\nhand 0: Ah\nhand 1: Kh\nhand 2: Qh\nhand 3: Jh\n"
            "turn-up: Jh\nbids: 0",
            8,
            1,
            "no bidding",
        ),
        (
            "dealer: 0\nhand 0: Ah\nhand 1: Kh\nhand 2: Qh\nturn-up: Jh\ntrick: Kh\nbids: 0",
            6,
            1,
            "before the bidding",
        ),
        ("dealer: 0\nwhat: 1", 2, 1, "expected 'variant:'"),
    ],
)
def test_errors_give_line_and_column(text: str, line: int, column: int, says: str) -> None:
    with pytest.raises(NotationError, match=says) as info:
        parse_round(text)
    assert (info.value.line, info.value.column) == (line, column)
    assert info.value.path == f"line {line}, column {column}"
    assert isinstance(info.value, records.RecordError)


def test_caps_refuse_huge_text() -> None:
    with pytest.raises(NotationError, match="characters long"):
        parse_round("#" * 30_000)
    with pytest.raises(NotationError, match="lines"):
        parse_round("\n# x" * 300)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_notation_fuzz_raises_only_record_error(data: st.DataObject) -> None:
    lines = TEXT.splitlines()
    choice = data.draw(st.integers(0, 3))
    if choice == 0:
        text = data.draw(st.text(max_size=300))
    elif choice == 1:
        index = data.draw(st.integers(0, len(lines) - 1))
        lines[index] = data.draw(st.text(max_size=40))
        text = "\n".join(lines)
    elif choice == 2:
        text = "\n".join(data.draw(st.permutations(lines)))
    else:
        cut = data.draw(st.integers(0, len(TEXT)))
        text = TEXT[:cut] + data.draw(st.text(alphabet="0123456789AKQJThcds:- \n", max_size=30))
    try:
        lone = parse_round(text)
    except records.RecordError:
        return
    # Anything the parser accepts can be judged and (in turn order) printed back.
    records.adjudicate(lone)
    assert parse_round(format_round(lone)) == lone
