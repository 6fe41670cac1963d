"""Variant configuration: field errors, player counts, presets, serialisation.

Then the streak option (R-STREAK-2, ``streak_repeats``), input straight from
JSON that must be refused cleanly, and plain "Oh Hell" built purely from
configuration and played.
"""

from __future__ import annotations

import itertools
import json
import pickle
import re
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from whist_ro import (
    Bid,
    CardSet,
    ConfigurationError,
    Deck,
    GameOverError,
    Match,
    MustTrumpError,
    Phase,
    Play,
    Round,
    Schedule,
    Variant,
    legal_cards,
    variants,
)
from whist_ro._check import MAX_WHOLE
from whist_ro.errors import ImmutableError
from whist_ro.rules import Streak, next_streak, next_streaks, trump_source
from whist_ro.rules.scoring import advance_runs

ROM = variants.ROMANIAN

# ---------------------------------------------------------------------------
# configuration errors name the field
# ---------------------------------------------------------------------------

BAD_VALUES: list[tuple[str, Any]] = [
    ("name", ""),
    ("family", "bridge"),
    ("pattern", "1-9-1"),
    ("schedule", ()),
    ("schedule", (0,)),
    ("schedule", (2, 14)),
    ("schedule", (2, True)),
    ("schedule", "1-8-1"),
    ("hook", "yes"),
    ("hook", 1),
    ("must_trump", None),
    ("must_overtrump", 0),
    ("no_trump_sizes", {0}),
    ("no_trump_sizes", {"8"}),
    ("no_trump_sizes", 8),
    ("dealt_out_trump", "sometimes"),
    ("deck_ranks", 0),
    ("deck_ranks", 14),
    ("made_base", -1),
    ("made_per_trick", -2),
    ("made_per_trick", 1.5),
    ("miss_per_trick", True),
    ("scorer", 5),
    ("streak_length", 0),
    ("streak_bonus", -10),
    ("one_card_rounds", "sometimes"),
    ("target", 0),
    # Bounded: a setting must stay small enough to print and hash.
    ("made_base", 10**5000),
    ("streak_bonus", MAX_WHOLE + 1),
    ("target", 2**64),
    ("schedule", (1,) * 1001),
    ("name", "x" * 101),
    ("name", None),
    ("name", ["romanian"]),
    ("family", ["exact"]),
    ("streak_repeats", 1),
    ("streak_repeats", None),
    ("honours_can_win", "no"),
    ("no_trump_sizes", [[1]]),
]


@pytest.mark.parametrize(
    ("field", "value"), BAD_VALUES, ids=[f"{f}-{i}" for i, (f, _) in enumerate(BAD_VALUES)]
)
def test_bad_field_value_names_the_field(field: str, value: Any) -> None:
    with pytest.raises(ConfigurationError, match=re.escape(f"Variant.{field} ")) as info:
        attrs.evolve(ROM, **{field: value})
    assert info.value.field == field
    with pytest.raises(ConfigurationError) as info:
        Variant(**{field: value})
    assert info.value.field == field


def test_bad_value_is_quoted_in_the_message() -> None:
    sometimes: Any = "sometimes"
    with pytest.raises(ConfigurationError, match=re.escape("not 'sometimes'")):
        attrs.evolve(ROM, one_card_rounds=sometimes)
    with pytest.raises(
        ConfigurationError, match=re.escape(f"must be a whole number from 1 to {MAX_WHOLE}, not 0")
    ):
        attrs.evolve(ROM, streak_length=0)
    with pytest.raises(ConfigurationError, match=re.escape("Variant.schedule holds 14")):
        attrs.evolve(ROM, schedule=(2, 14))
    # Quoted in a bounded excerpt, whatever the value.
    with pytest.raises(ConfigurationError, match=re.escape("not <int of 5001 digits>")):
        attrs.evolve(ROM, made_base=10**5000)
    with pytest.raises(ConfigurationError) as info:
        attrs.evolve(ROM, name="x" * 10**6)
    assert len(str(info.value)) < 300


def test_limits_are_inclusive() -> None:
    """The documented limits: MAX_ROUNDS rounds, MAX_NAME characters, MAX_WHOLE points."""
    assert variants.MAX_ROUNDS == 1000
    assert variants.MAX_NAME == 100
    longest = attrs.evolve(ROM, name="x" * 100, schedule=(1,) * 1000, made_base=MAX_WHOLE)
    assert len(longest.schedule or ()) == 1000
    assert longest.made_base == MAX_WHOLE


def test_overtrump_needs_trump_duty() -> None:
    with pytest.raises(ConfigurationError, match="needs must_trump=True") as info:
        attrs.evolve(ROM, must_trump=False, must_overtrump=True)
    assert info.value.field == "must_overtrump"
    assert info.value.rule == "R-PLAY-8"
    assert attrs.evolve(ROM, must_overtrump=True).must_overtrump


@pytest.mark.parametrize(
    ("field", "rule"),
    [("hook", "R-BID-2"), ("must_trump", "R-PLAY-5"), ("must_overtrump", "R-PLAY-5")],
)
def test_r_play_5_classic_refuses_options_it_would_ignore(field: str, rule: str) -> None:
    # Classic whist has no bidding (so no hook) and no duty to trump (R-PLAY-5):
    # asked for, these would be silently ignored, so they are refused.
    on: dict[str, Any] = {field: True}
    off: dict[str, Any] = {field: False}
    with pytest.raises(
        ConfigurationError, match=re.escape(f"Variant.{field} must be False")
    ) as info:
        Variant(name="c", family="classic", **on)
    assert (info.value.field, info.value.rule) == (field, rule)
    with pytest.raises(ConfigurationError) as info:
        attrs.evolve(variants.CLASSIC, **on)
    assert info.value.field == field
    # Switching a preset to classic carries the exact family's True over: refused too.
    with pytest.raises(ConfigurationError) as info:
        attrs.evolve(ROM, family="classic")
    assert info.value.field == "hook"
    # Every preset still builds, and says False explicitly where it is classic.
    for preset in (variants.CLASSIC, variants.CLASSIC_RUBBER, variants.LONG_WHIST):
        assert (preset.hook, preset.must_trump, preset.must_overtrump) == (False, False, False)
        assert attrs.evolve(preset, **off) == preset


@pytest.mark.parametrize(
    ("setting", "rule", "why"),
    [
        ({"pattern": "8-1-8"}, "R-SCHED-3", "deals 13 cards every round"),
        ({"no_trump_sizes": (13,)}, "R-TRUMP-3", "the dealer's last card sets trumps"),
        ({"dealt_out_trump": "dealer_last"}, "R-TRUMP-3", "the dealer's last card sets trumps"),
        ({"made_base": 7}, "R-SCORE-3", "score the tricks over six"),
        ({"made_per_trick": 2}, "R-SCORE-3", "score the tricks over six"),
        ({"miss_per_trick": 9}, "R-SCORE-3", "score the tricks over six"),
        ({"scorer": max}, "R-SCORE-3", "score the tricks over six"),
        ({"streak_length": 1}, "R-STREAK-1", "no bids to make or miss"),
        ({"streak_bonus": 50}, "R-STREAK-1", "no bids to make or miss"),
        ({"one_card_rounds": "count"}, "R-STREAK-4", "no bids to make or miss"),
        ({"streak_repeats": False}, "R-STREAK-2", "no bids to make or miss"),
    ],
    ids=lambda value: next(iter(value)) if isinstance(value, dict) else "",
)
def test_classic_refuses_every_exact_bid_setting_it_would_ignore(
    setting: dict[str, Any], rule: str, why: str
) -> None:
    # Each of these used to be accepted and to play exactly like the plain preset.
    ((field, _),) = setting.items()
    for preset in (variants.CLASSIC, variants.CLASSIC_RUBBER, variants.LONG_WHIST):
        with pytest.raises(ConfigurationError) as info:
            attrs.evolve(preset, **setting)
        assert (info.value.field, info.value.rule) == (field, rule)
        assert f"Variant.{field}=" in str(info.value)
        assert why in str(info.value)
        assert "opțiune a familiei cu licitație exactă" in info.value.explain("ro")
    # The same setting is a house rule of the exact family, where it takes effect.
    assert getattr(attrs.evolve(ROM, **setting), field) != getattr(ROM, field)
    # Left at its default, a classic variant still builds and reads back.
    assert Variant.from_dict(variants.CLASSIC.to_dict()) == variants.CLASSIC


def test_r_end_2_the_exact_family_refuses_a_target_it_would_ignore() -> None:
    # An exact-bid match ends with its schedule (R-END-1); the target is classic's (R-END-2).
    with pytest.raises(ConfigurationError) as info:
        attrs.evolve(ROM, target=99)
    assert (info.value.field, info.value.rule) == ("target", "R-END-2")
    assert str(info.value) == (
        "Variant.target is a classic whist option; the exact-bid family has no target (R-END-2)"
    )
    assert attrs.evolve(variants.CLASSIC, target=10).target == 10


def test_classic_family_constraints() -> None:
    with pytest.raises(ConfigurationError, match=re.escape("(R-SCHED-3)")) as info:
        attrs.evolve(variants.CLASSIC, schedule=(13,))
    assert (info.value.field, info.value.rule) == ("schedule", "R-SCHED-3")
    with pytest.raises(ConfigurationError, match=re.escape("(R-DECK-3)")) as info:
        attrs.evolve(variants.CLASSIC, deck_ranks=8)
    assert (info.value.field, info.value.rule) == ("deck_ranks", "R-DECK-3")
    assert attrs.evolve(variants.CLASSIC, deck_ranks=13).deck_ranks == 13


def test_schedule_must_fit_the_deck_for_the_player_count() -> None:
    nines = attrs.evolve(ROM, schedule=(2, 9))  # a valid variant on its own ...
    with pytest.raises(
        ConfigurationError, match="deals 9 cards to each of 4 players: that needs 36"
    ) as info:
        Schedule.for_game(nines, 4)  # ... but 4 x 9 > 32 cards
    assert (info.value.field, info.value.rule) == ("schedule", "R-SCHED-5")
    with pytest.raises(ConfigurationError) as info:
        Match.new(nines, players=4, seed=1)
    assert info.value.field == "schedule"
    # A bigger deck makes room.
    big = attrs.evolve(nines, deck_ranks=13)
    assert len(Deck.for_game(big, 4)) == 52
    assert Schedule.for_game(big, 4).sizes == (2, 9)


def test_variant_is_a_frozen_value() -> None:
    with pytest.raises(ImmutableError):
        ROM.hook = False  # type: ignore[misc]
    assert attrs.evolve(ROM, must_trump=False) == attrs.evolve(ROM, must_trump=False)
    assert attrs.evolve(ROM, must_trump=False) != ROM
    assert hash(attrs.evolve(ROM, name="x")) == hash(attrs.evolve(ROM, name="x"))


# ---------------------------------------------------------------------------
# player counts
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "players", "rule"),
    [
        (variants.ROMANIAN, 2, "R-DECK-2"),
        (variants.ROMANIAN, 7, "R-DECK-2"),
        (variants.INVERTED, 1, "R-DECK-2"),
        (variants.INVERTED, 8, "R-DECK-2"),
        (variants.CLASSIC, 3, "R-DECK-3"),
        (variants.CLASSIC, 5, "R-DECK-3"),
    ],
)
def test_bad_player_count(variant: Variant, players: int, rule: str) -> None:
    for build in (
        lambda: Match.new(variant, players=players, seed=1),
        lambda: Deck.for_game(variant, players),
        lambda: Schedule.for_game(variant, players),
        lambda: Round.shuffled(variant, players=players, dealer=0, hand_size=1, seed=1),
    ):
        with pytest.raises(ConfigurationError, match=re.escape(f"not {players} ({rule})")) as info:
            build()
        assert info.value.field == "players"
        assert info.value.rule == rule


def test_player_count_from_explicit_hands() -> None:
    with pytest.raises(ConfigurationError, match=re.escape("not 2 (R-DECK-2)")) as info:
        Round.from_hands(ROM, hands=["Ah", "Kh"], dealer=0, turn_up="9s")
    assert info.value.field == "players"
    with pytest.raises(ConfigurationError, match=re.escape("not 3 (R-DECK-3)")) as info:
        Round.from_hands(variants.CLASSIC, hands=["Ah", "Kh", "Qh"], dealer=0, turn_up="Ah")
    assert info.value.field == "players"


@pytest.mark.parametrize("players", ["4", 4.0, True, None])
def test_player_count_must_be_a_whole_number(players: Any) -> None:
    with pytest.raises(ConfigurationError) as info:
        Match.new(ROM, players=players, seed=1)
    assert info.value.field == "players"


def test_allowed_player_counts() -> None:
    assert list(variants.ROMANIAN.player_counts) == [3, 4, 5, 6]
    assert list(variants.INVERTED.player_counts) == [3, 4, 5, 6]
    assert list(variants.CLASSIC.player_counts) == [4]


def test_other_match_setup_errors_name_the_field() -> None:
    with pytest.raises(ConfigurationError) as info:
        Match.new("romanian", players=4, seed=1)  # type: ignore[arg-type]
    assert info.value.field == "variant"
    with pytest.raises(ConfigurationError) as info:
        Match.new(ROM, players=4, seed=1.5)  # type: ignore[arg-type]
    assert info.value.field == "seed"
    with pytest.raises(ConfigurationError) as info:
        Match.new(ROM, players=4, seed=1, first_dealer=-1)
    assert info.value.field == "first_dealer"
    with pytest.raises(ConfigurationError) as info:
        Round.from_hands(ROM, hands=["Ah", "Kh", "Qh"], dealer=3, turn_up="9s")
    assert info.value.field == "dealer"


# ---------------------------------------------------------------------------
# presets and look-up
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "preset"),
    [
        ("romanian", variants.ROMANIAN),
        ("Romanian", variants.ROMANIAN),
        ("  ROMANIAN ", variants.ROMANIAN),
        ("1-8-1", variants.ROMANIAN),
        ("whist", variants.ROMANIAN),
        ("inverted", variants.INVERTED),
        ("inversat", variants.INVERTED),
        ("8-1-8", variants.INVERTED),
        ("classic", variants.CLASSIC),
        ("partnership", variants.CLASSIC),
        ("short-whist", variants.CLASSIC),
        ("short whist", variants.CLASSIC),
        ("Short_Whist", variants.CLASSIC),
    ],
)
def test_get_by_name_or_alias(name: str, preset: Variant) -> None:
    assert variants.get(name) is preset


def test_get_unknown_name() -> None:
    with pytest.raises(
        ConfigurationError, match="unknown variant 'bridge'; known: romanian"
    ) as info:
        variants.get("bridge")
    assert info.value.field == "name"
    names = variants.names()
    for alias in ("romanian", "1-8-1", "inverted", "inversat", "8-1-8", "classic"):
        assert alias in names
    # Every listed name resolves, whatever presets are registered.
    assert all(isinstance(variants.get(n), Variant) for n in names)


def test_presets() -> None:
    rom, inv, cla = variants.ROMANIAN, variants.INVERTED, variants.CLASSIC
    assert (rom.family, rom.pattern, rom.hook, rom.must_trump, rom.must_overtrump) == (
        *("exact", "1-8-1", True, True, False),
    )
    assert (rom.made_base, rom.made_per_trick, rom.miss_per_trick) == (5, 1, 1)
    assert (rom.streak_length, rom.streak_bonus, rom.one_card_rounds) == (5, 10, "skip")
    assert (inv.family, inv.pattern) == ("exact", "8-1-8")
    assert (cla.family, cla.hook, cla.must_trump, cla.target) == ("classic", False, False, 5)
    assert cla.is_classic
    assert not rom.is_classic


# ---------------------------------------------------------------------------
# serialisation
# ---------------------------------------------------------------------------

CUSTOM = attrs.evolve(
    ROM,
    name="house",
    schedule=(1, 3, 5, 8, 5, 3, 1),
    hook=False,
    must_overtrump=True,
    no_trump_sizes={1, 3},
    dealt_out_trump="dealer_last",
    made_base=10,
    miss_per_trick=2,
    streak_length=4,
    streak_bonus=20,
    one_card_rounds="break",
    streak_repeats=False,
)


@pytest.mark.parametrize(
    "variant",
    [variants.ROMANIAN, variants.INVERTED, variants.CLASSIC, CUSTOM],
    ids=["romanian", "inverted", "classic", "custom"],
)
def test_to_dict_from_dict_round_trip(variant: Variant) -> None:
    data = variant.to_dict()
    assert set(data) == {a.name for a in attrs.fields(Variant)} - {"scorer"}
    assert Variant.from_dict(data) == variant
    # It is JSON-ready: through text and back.
    again = Variant.from_dict(json.loads(json.dumps(data)))
    assert again == variant
    assert again.schedule == variant.schedule
    assert again.no_trump_sizes == variant.no_trump_sizes


def test_to_dict_values() -> None:
    data = CUSTOM.to_dict()
    assert data["schedule"] == [1, 3, 5, 8, 5, 3, 1]
    assert data["no_trump_sizes"] == [1, 3]
    assert data["name"] == "house"
    assert variants.ROMANIAN.to_dict()["schedule"] is None


def test_from_dict_refuses_unknown_or_bad_fields() -> None:
    data = ROM.to_dict()
    with pytest.raises(ConfigurationError, match="unknown Variant field") as info:
        Variant.from_dict({**data, "trumps": "always"})
    assert info.value.field == "trumps"
    with pytest.raises(ConfigurationError) as info:
        Variant.from_dict({**data, "made_base": -5})
    assert info.value.field == "made_base"
    with pytest.raises(ConfigurationError) as info:
        Variant.from_dict({**data, "scorer": None})
    assert info.value.field == "scorer"


def test_to_dict_carries_the_new_options() -> None:
    data = CUSTOM.to_dict()
    assert (data["streak_repeats"], data["honours_can_win"]) == (False, True)
    # A dict written before the options existed reads back with the defaults.
    old = {k: v for k, v in ROM.to_dict().items() if k not in ("streak_repeats", "honours_can_win")}
    assert Variant.from_dict(old) == ROM


def test_unhashable_scorer_is_refused_at_construction() -> None:
    class Scorer:  # noqa: PLW1641 -- unhashable on purpose: the case under test
        """Defines __eq__ but not __hash__, so Python makes it unhashable."""

        def __call__(self, bid: int, tricks: int) -> int:
            return 1

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Scorer)

    with pytest.raises(ConfigurationError, match="must be hashable") as info:
        attrs.evolve(ROM, scorer=Scorer())
    assert info.value.field == "scorer"
    # A plain function is hashable, so is the variant holding it, and a match runs.
    scored = attrs.evolve(ROM, scorer=lambda bid, tricks: 1)
    assert isinstance(hash(scored), int)
    assert Match.new(scored, players=3, seed=1).to_act is not None


def test_custom_scorer_cannot_be_serialised() -> None:
    scored = attrs.evolve(ROM, scorer=lambda bid, tricks: 1 if bid == tricks else 0)
    with pytest.raises(ConfigurationError, match="custom scorer cannot be serialised") as info:
        scored.to_dict()
    assert info.value.field == "scorer"


# ---------------------------------------------------------------------------
# plain "Oh Hell", purely by configuration
# ---------------------------------------------------------------------------

OH_HELL = attrs.evolve(
    variants.ROMANIAN,
    name="oh hell",
    must_trump=False,  # a void player may discard
    made_base=10,  # exact bid: 10 + tricks
    made_per_trick=1,
    miss_per_trick=1,  # a miss: minus the difference
    schedule=(7,),  # one fixed hand size
    streak_bonus=0,  # no streaks
)


def test_oh_hell_is_only_configuration() -> None:
    assert type(OH_HELL) is Variant
    assert Variant.from_dict(OH_HELL.to_dict()) == OH_HELL
    assert (OH_HELL.must_trump, OH_HELL.made_base, OH_HELL.schedule) == (False, 10, (7,))
    for players in (3, 4, 5, 6):
        assert Schedule.for_game(OH_HELL, players).sizes == (7,)
        # 7 cards each always leaves cards over, so trump is always turned up.
        assert trump_source(OH_HELL, players=players, hand_size=7) == "turn_up"


def test_oh_hell_void_player_may_discard_instead_of_trumping() -> None:
    hands = [
        "Ac Kc Qc Jc 10c 9c 8c",
        "Ad Kd Qd Jd 10d 9d 8d",
        "Ah Kh Qh Jh 10h 9h 8s",
        "As Ks Qs Js 10s 9s 8h",
    ]
    for variant in (OH_HELL, ROM):
        r = Round.from_hands(variant, hands=hands, dealer=3, turn_up="7s")
        for tricks in (1, 0, 0, 0):
            seat = r.to_act
            assert seat is not None
            r = r.apply(Bid(seat=seat, tricks=tricks))
        r = r.apply(Play(seat=0, card="Ac")).apply(Play(seat=1, card="8d"))
        if variant is OH_HELL:
            # Seat 2 has no clubs but holds the 8s trump: it may discard a heart.
            assert legal_cards(r) == CardSet.parse(hands[2])
            r = r.apply(Play(seat=2, card="9h")).apply(Play(seat=3, card="8h"))
            assert r.tricks_won == (1, 0, 0, 0)
        else:
            # The Romanian rule (R-PLAY-3) would force the trump.
            assert legal_cards(r) == CardSet.parse("8s")
            with pytest.raises(MustTrumpError, match="seat 2 cannot play 9h") as info:
                r.apply(Play(seat=2, card="9h"))
            assert info.value.rule == "R-PLAY-3"


def test_oh_hell_scores_ten_plus_bid_or_minus_the_difference() -> None:
    # Each seat holds one suit; spades are trump (7s turned up). Seat 3 trumps
    # the first trick and then leads spades, which nobody can follow or beat:
    # it takes all 7 tricks, whatever anyone plays.
    hands = [
        "Ac Kc Qc Jc 10c 9c 8c",
        "Ad Kd Qd Jd 10d 9d 8d",
        "Ah Kh Qh Jh 10h 9h 8h",
        "As Ks Qs Js 10s 9s 8s",
    ]
    r = Round.from_hands(OH_HELL, hands=hands, dealer=3, turn_up="7s")
    for tricks in (0, 2, 0, 7):  # the dealer may not bid 7 - 2 = 5; 7 is fine
        seat = r.to_act
        assert seat is not None
        r = r.apply(Bid(seat=seat, tricks=tricks))
    while not r.is_over:
        r = r.apply(r.legal_actions()[0])
    assert r.tricks_won == (0, 0, 0, 7)
    # made 0: 10; bid 2 took 0: -2; made 0: 10; made 7: 17
    assert r.points == (10, -2, 10, 17)


def test_oh_hell_one_round_match_with_four_players() -> None:
    m = Match.new(OH_HELL, players=4, seed=21)
    assert list(m.schedule) == [7]
    r = m.round
    assert r.hand_size == 7
    assert r.turn_up is not None
    assert r.trump is r.turn_up.suit
    assert all(r.turn_up not in hand for hand in r.hands)
    assert sum(len(h) for h in r.hands) == 28
    while not m.is_over:
        m = m.apply(m.legal_actions()[0])
    assert len(m.rounds) == 1
    assert m.to_act is None
    row = m.score_sheet[0]
    assert row.turn_up == r.turn_up
    for seat in row.seats:
        assert seat.bid is not None
        expected = 10 + seat.bid if seat.bid == seat.tricks else -abs(seat.bid - seat.tricks)
        assert seat.points == expected
        assert seat.bonus == 0
        assert seat.total == seat.points
    assert sum(s.tricks for s in row.seats) == 7
    with pytest.raises(GameOverError) as info:
        m.apply(Bid(seat=0, tricks=0))
    assert info.value.rule == "R-END-4"


def seat_0_always_makes(variant: Variant, *, seed: int) -> Match:
    """Seat 0 always bids what it will take; the others bid whatever the hook allows."""
    m = Match.new(variant, players=4, seed=seed, first_dealer=0)
    while not m.is_over:
        index = len(m.rounds)
        r = m.round
        probe = r
        while probe.phase is Phase.BIDDING:
            probe = probe.apply(probe.legal_actions()[0])
        while not probe.is_over:
            probe = probe.apply(probe.legal_actions()[0])
        won = probe.tricks_won  # the cards played never depend on the bids
        size = r.hand_size
        bids = next(
            (won[0], *rest)
            for rest in itertools.product(range(size + 1), repeat=3)
            if not variant.hook or won[0] + sum(rest) != size
        )
        for k in range(4):
            seat = (r.first_hand + k) % 4
            m = m.apply(Bid(seat=seat, tricks=bids[seat]))
        while len(m.rounds) == index:
            m = m.apply(m.legal_actions()[0])
        assert m.score_sheet[index].seats[0].bid == m.score_sheet[index].seats[0].tricks
    return m


def test_oh_hell_has_no_streak_bonus() -> None:
    assert next_streak(OH_HELL, Streak(made=4), made=True, hand_size=7) == (Streak(), 0)
    six = attrs.evolve(OH_HELL, schedule=(7,) * 6)
    m = seat_0_always_makes(six, seed=2)
    assert [row.seats[0].bonus for row in m.score_sheet] == [0] * 6
    assert all(row.seats[s].bonus == 0 for row in m.score_sheet for s in range(4))
    # The same play with a streak bonus pays seat 0 in its fifth round.
    paid = seat_0_always_makes(attrs.evolve(six, streak_bonus=10), seed=2)
    assert [row.seats[0].bonus for row in paid.score_sheet] == [0, 0, 0, 0, 10, 0]
    assert paid.totals[0] == m.totals[0] + 10


def test_classic_family_defaults_have_no_hook_and_no_duty_to_trump() -> None:
    # R-PLAY-5: a classic variant built from scratch lets a void player discard.
    built = Variant(name="my classic", family="classic")
    assert built.must_trump is False
    assert built.hook is False
    assert Variant(name="my exact").must_trump is True
    assert Variant(name="my exact").hook is True
    # No house rule adds the duty to trump to classic whist: it is refused
    # (test_r_play_5_classic_refuses_options_it_would_ignore).


# ---------------------------------------------------------------------------
# the streak option (R-STREAK-2) and the Streak value
# ---------------------------------------------------------------------------

ONCE = attrs.evolve(ROM, name="pays once", streak_repeats=False)


def _bonuses(variant: Variant, results: str) -> list[int]:
    """Each round's bonus for one seat; ``results`` has M for a made bid, X for a miss."""
    runs: tuple[int, ...] = (0,)
    paid = []
    for result in results:
        runs, bonus = advance_runs(variant, runs, made=(result == "M",), hand_size=5)
        paid.append(bonus[0])
    return paid


def test_r_streak_2_worked_example_restart_or_pay_once() -> None:
    """Twelve made bids, a miss, five made, then seven misses, worked by hand.

    Restarting (the default): the 5th and 10th made bids pay +10; the 11th
    and 12th start a new count of 2, which the miss breaks; the next five made
    pay again (round 18); the seven misses cost -10 at the 5th (round 23) and
    count 2 after it.  Total +10 +10 +10 -10 = +20.

    Paying once (``streak_repeats=False``): the 5th made bid pays, the run
    climbs on to 12 without paying again; the miss breaks it; the next five
    made pay (round 18); the misses cost -10 at the 5th only.  Total +10.
    """
    results = "M" * 12 + "X" + "M" * 5 + "X" * 7
    restart = _bonuses(ROM, results)
    once = _bonuses(ONCE, results)
    assert [i + 1 for i, b in enumerate(restart) if b] == [5, 10, 18, 23]
    assert [restart[i - 1] for i in (5, 10, 18, 23)] == [10, 10, 10, -10]
    assert sum(restart) == 20
    assert [i + 1 for i, b in enumerate(once) if b] == [5, 18, 23]
    assert [once[i - 1] for i in (5, 18, 23)] == [10, 10, -10]
    assert sum(once) == 10


def test_r_streak_2_paying_once_keeps_the_run_climbing() -> None:
    # The run is not reset to 0 after paying: it goes 5, 6, ... and the
    # Streak value says so.
    assert next_streak(ONCE, Streak(made=4), made=True, hand_size=3) == (Streak(made=5), 10)
    assert next_streak(ONCE, Streak(made=5), made=True, hand_size=3) == (Streak(made=6), 0)
    assert next_streak(ONCE, Streak(made=9), made=True, hand_size=3) == (Streak(made=10), 0)
    assert next_streak(ONCE, Streak(missed=4), made=False, hand_size=3) == (Streak(missed=5), -10)
    assert next_streak(ONCE, Streak(missed=12), made=True, hand_size=3) == (Streak(made=1), 0)
    # R-STREAK-4 is unchanged: a 1-card round passes over a long run.
    assert next_streak(ONCE, Streak(made=7), made=False, hand_size=1) == (Streak(made=7), 0)
    # The default restarts.
    assert next_streak(ROM, Streak(made=4), made=True, hand_size=3) == (Streak(), 10)
    assert next_streaks(
        ONCE, (Streak(made=4), Streak(missed=5)), made=(True, False), hand_size=2
    ) == (
        (Streak(made=5), Streak(missed=6)),
        (10, 0),
    )


def test_r_streak_2_option_in_a_match_and_through_json() -> None:
    """Seat 0 makes every bid of eleven 7-card rounds.

    Restarting pays seat 0 in rounds 5 and 10 and leaves a run of 1; paying
    once pays in round 5 only and leaves a run of 11.
    """
    eleven = attrs.evolve(OH_HELL, schedule=(7,) * 11, streak_bonus=10)
    restart = seat_0_always_makes(eleven, seed=2)
    assert [row.seats[0].bonus for row in restart.score_sheet] == [0] * 4 + [10] + [0] * 4 + [10, 0]
    assert restart.streaks[0] == Streak(made=1)
    once = attrs.evolve(eleven, streak_repeats=False)
    paid_once = seat_0_always_makes(once, seed=2)
    assert [row.seats[0].bonus for row in paid_once.score_sheet] == [0] * 4 + [10] + [0] * 6
    assert paid_once.streaks[0] == Streak(made=11)
    assert paid_once.totals[0] == restart.totals[0] - 10
    # The option survives to_dict / JSON / from_dict and changes equality.
    again = Variant.from_dict(json.loads(json.dumps(once.to_dict())))
    assert again == once
    assert again.streak_repeats is False
    assert again != eleven
    assert ROM.streak_repeats is True


def test_streak_is_a_frozen_validated_value() -> None:
    assert Streak(made=2) == Streak(2, 0)
    assert repr(Streak(made=2)) == "Streak(made=2, missed=0)"
    assert Streak.from_run(-3) == Streak(missed=3)
    assert Streak.from_run(4).run == 4
    assert hash(Streak(made=1)) == hash(Streak.from_run(1))
    with pytest.raises(ImmutableError):
        Streak().made = 3  # type: ignore[misc]
    for bad in ({"made": 1, "missed": 1}, {"made": -1}, {"missed": True}, {"made": 10**5000}):
        with pytest.raises(ConfigurationError) as info:
            Streak(**bad)
        assert info.value.rule == "R-STREAK-3"


# ---------------------------------------------------------------------------
# input straight from JSON is refused with a ConfigurationError
# ---------------------------------------------------------------------------


def _nested(depth: int) -> list[Any]:
    """What ``json.loads("[" * depth + "]" * depth)`` returns, built without recursion."""
    value: list[Any] = []
    for _ in range(depth - 1):
        value = [value]
    return value


DEEP = _nested(995)

JUNK: list[Any] = [
    None,
    [1],
    "romanian",
    b"x",
    42,
    {1: 2},
    {"no_trump_sizes": [[1]]},
    {"no_trump_sizes": {"a": 1}},
    {"ranking": {"system": "stake"}},
    {"ranking": {"system": ["table"]}},
    {"ranking": {"system": "table", "per_player": 10**5000}},
    {"ranking": {"system": "table", 3: 4}},
    {"ranking": None},
    {"ranking": [1]},
    {"name": DEEP},
    {"schedule": DEEP},
    {"schedule": [1] * 1001},
    {"schedule": {"a": 1}},
    {"made_base": 10**5000},
    {"made_base": "5"},
    {"family": "classic", "hook": True},
]


@pytest.mark.parametrize("data", JUNK, ids=range(len(JUNK)))
def test_from_dict_refuses_junk_with_a_configuration_error(data: Any) -> None:
    with pytest.raises(ConfigurationError) as info:
        Variant.from_dict(data)
    # The message is bounded and prints, however big or deep the input.
    assert len(str(info.value)) < 400
    assert isinstance(info.value.field, str)


@pytest.mark.parametrize("name", [None, b"x", 5, ["romanian"], "x" * 10**6, DEEP])
def test_get_refuses_junk_names(name: Any) -> None:
    with pytest.raises(ConfigurationError, match="unknown variant") as info:
        variants.get(name)
    assert info.value.field == "name"
    assert len(str(info.value)) < 400


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
field_names = st.sampled_from([a.name for a in attrs.fields(Variant)] + ["junk"])


@given(st.dictionaries(field_names, json_values, max_size=4) | json_values)
def test_from_dict_lets_only_configuration_errors_out(data: Any) -> None:
    loaded = _load(data)
    if isinstance(loaded, Variant):
        assert Variant.from_dict(loaded.to_dict()) == loaded
    else:
        assert len(str(loaded)) < 400


def _load(data: Any) -> Variant | ConfigurationError:
    """The variant, or the ConfigurationError; any other exception fails the test."""
    try:
        return Variant.from_dict(data)
    except ConfigurationError as error:
        return error


def test_a_variant_caches_its_hash_and_an_unpickled_one_hashes_afresh() -> None:
    # Variant caches its hash (a deal hashes it on every seeded deal); the
    # cache is not pickled, so an unpickled variant works it out again.
    custom = attrs.evolve(variants.ROMANIAN, name="club", hook=False)
    for variant in (variants.ROMANIAN, custom):
        for protocol in (0, 2, pickle.HIGHEST_PROTOCOL):
            restored = pickle.loads(pickle.dumps(variant, protocol=protocol))
            assert restored == variant
            assert hash(restored) == hash(variant)
            assert {restored: 1}[variant] == 1
