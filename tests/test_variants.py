"""Variant configuration: field errors, player counts, presets, serialisation.

It ends with plain "Oh Hell" built purely from configuration and played.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import attrs
import pytest

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
    Streak,
    Variant,
    legal_cards,
    next_streak,
    trump_source,
    variants,
)

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
]


@pytest.mark.parametrize(("field", "value"), BAD_VALUES)
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
    with pytest.raises(ConfigurationError, match=re.escape("must be a whole number >= 1, not 0")):
        attrs.evolve(ROM, streak_length=0)
    with pytest.raises(ConfigurationError, match=re.escape("Variant.schedule holds 14")):
        attrs.evolve(ROM, schedule=(2, 14))


def test_overtrump_needs_trump_duty() -> None:
    with pytest.raises(ConfigurationError, match="needs must_trump=True") as info:
        attrs.evolve(ROM, must_trump=False, must_overtrump=True)
    assert info.value.field == "must_overtrump"
    assert info.value.rule == "R-PLAY-8"
    assert attrs.evolve(ROM, must_overtrump=True).must_overtrump


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
        ConfigurationError, match="a hand of 9 cards for 4 players needs 36"
    ) as info:
        Schedule.for_game(nines, 4)  # ... but 4 x 9 > 32 cards
    assert (info.value.field, info.value.rule) == ("schedule", "R-SCHED-4")
    with pytest.raises(ConfigurationError) as info:
        Match.new(nines, players=4, seed=1)
    assert info.value.field == "schedule"
    # A bigger deck makes room.
    big = attrs.evolve(nines, deck_ranks=13)
    assert len(Deck.for_game(big, 4)) == 52
    assert Schedule.for_game(big, 4).sizes == (2, 9)


def test_variant_is_a_frozen_value() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
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
        lambda: Round.deal(variant, players=players, dealer=0, hand_size=1, seed=1),
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
        assert trump_source(OH_HELL, players, 7) == "turn_up"


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
    # An explicit choice still wins: a house rule may add the duty to trump.
    assert Variant(name="strict classic", family="classic", must_trump=True).must_trump is True
