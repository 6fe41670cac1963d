"""One test or more per rule ID of the rule book (docs/rules.md, ``whist_ro.rules.book``).

Each test is named after its rule (``test_r_play_3_...``). It shows the rule
holding on a small explicit deal, and where the rule can be broken it shows
the exact refusal: the error class, its ``rule``, the key parts of its
message, and that the state the action was applied to is unchanged
(:func:`conftest.refuse`). Tests of the same rule that differ only in their
data are parametrised.

Every expected value here was worked out by hand from the rule book. The deck
is the 2N highest ranks of each suit (R-DECK-2): 9..A for 3 players, 7..A for
4, 5..A for 5 and 3..A for 6.
"""

from __future__ import annotations

import copy
import itertools
import random
import re
from collections.abc import Callable, Sequence
from typing import Any, cast

import attrs
import pytest

from conftest import (
    bid_in_turn,
    finish_bidding,
    finish_round,
    first_card_tricks,
    play_first,
    play_in_turn,
    play_out,
    refuse,
    snapshot,
)
from whist_ro import (
    Action,
    Bid,
    BidOutOfRangeError,
    Card,
    CardNotHeldError,
    CardSet,
    ConfigurationError,
    Deal,
    Deck,
    ForbiddenBidError,
    GameOverError,
    IllegalActionError,
    InvalidDealError,
    Match,
    MustFollowSuitError,
    MustOvertrumpError,
    MustTrumpError,
    NotOverError,
    OutOfTurnError,
    Phase,
    Play,
    Rank,
    Round,
    Schedule,
    Suit,
    Trick,
    Variant,
    WrongPhaseError,
    legal_bids,
    legal_cards,
    records,
    sim,
    trick_winner,
    variants,
)
from whist_ro.rules import Streak, classic_points, exact_points, next_streak, trump_source
from whist_ro.rules.scheduling import deal_faults, dealer_of, schedule_rule
from whist_ro.rules.scoring import round_points

ROM = variants.ROMANIAN
INV = variants.INVERTED
CLASSIC = variants.CLASSIC

RANKS_HIGH_TO_LOW = [
    Rank.ACE,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
    Rank.SIX,
    Rank.FIVE,
    Rank.FOUR,
    Rank.THREE,
    Rank.TWO,
]

# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def bad_deal(
    build: Callable[[], object], says: str, *, cites: str | None = None
) -> InvalidDealError:
    """``build`` must be refused as a bad deal, with ``says`` in the message.

    A bad deal's rule is R-DECK-4 whichever check fails; when a trump rule
    (R-TRUMP-*) decides whether there is a turn-up and where it belongs, the
    message cites it too (``cites``).
    """
    with pytest.raises(InvalidDealError, match=re.escape(says)) as info:
        build()
    assert info.value.rule == "R-DECK-4"
    assert "R-DECK-4" in str(info.value)
    if cites is not None:
        assert cites in str(info.value)
    return info.value


def cards(text: str) -> CardSet:
    return CardSet.parse(text)


def suit_of(letter: str) -> str:
    """All 13 cards of one suit, e.g. ``suit_of("c")`` is ``"Ac Kc ... 2c"``."""
    return " ".join(f"{rank.label}{letter}" for rank in RANKS_HIGH_TO_LOW)


def blocks(sizes: Sequence[int], size: int) -> list[list[int]]:
    """Indices of each maximal run of consecutive rounds of ``size`` cards."""
    out: list[list[int]] = []
    for i, s in enumerate(sizes):
        if s != size:
            continue
        if out and out[-1][-1] == i - 1:
            out[-1].append(i)
        else:
            out.append([i])
    return out


ONE_SUIT_EACH = [suit_of("c"), suit_of("d"), suit_of("h"), suit_of("s")]
"""A 13-card classic deal: seat 0 holds every club, 1 diamonds, 2 hearts, 3 spades."""

FULL_3 = ["As Ks Qs Js 10s 9s Ah Kh", "Qh Jh 10h 9h Ad Kd Qd Jd", "10d 9d Ac Kc Qc Jc 10c 9c"]
"""Three hands of 8: the whole 3-player deck dealt out."""


Plan = Callable[[int, int], "bool | None"]
"""``plan(round_index, seat)``: True when the seat should make its bid that round,
False when it should miss, None when either will do."""


def scripted_match(
    variant: Variant, *, players: int, plan: Plan, seed: int = 1, first_dealer: int = 0
) -> Match:
    """A match where each seat makes or misses its bid as ``plan`` says.

    Cards are always the first legal one. A seat that should make bids the
    tricks it will take; a seat that should miss bids another number, the
    nearest one that keeps the bids from totalling the hand size when the
    hook is on (R-BID-2). A plan the hook makes impossible fails loudly.
    """
    m = Match.new(variant, players=players, seed=seed, first_dealer=first_dealer)
    while not m.is_over:
        index = len(m.rounds)
        r = m.round
        size = r.hand_size
        won = first_card_tricks(r)
        choices = []
        for seat in range(players):
            t = won[seat]
            misses = sorted((v for v in range(size + 1) if v != t), key=lambda v: (abs(v - t), v))
            wanted = plan(index, seat)
            choices.append([t] if wanted else misses if wanted is False else [t, *misses])
        picked = next(
            (b for b in itertools.product(*choices) if not variant.hook or sum(b) != size), None
        )
        assert picked is not None, f"round {index}: the hook forbids the plan"
        for k in range(players):
            seat = (r.first_hand + k) % players
            m = m.apply(Bid(seat=seat, tricks=picked[seat]))
        m = finish_round(m)
        done = m.score_sheet[index]
        for seat in range(players):
            assert done.seats[seat].tricks == won[seat]
            wanted = plan(index, seat)
            if wanted is not None:
                assert (done.seats[seat].bid == won[seat]) is wanted
    return m


def bonuses(m: Match, seat: int) -> dict[int, int]:
    """Row index -> streak bonus, for the rows where ``seat`` was paid one."""
    return {
        i: row.seats[seat].bonus for i, row in enumerate(m.score_sheet) if row.seats[seat].bonus
    }


SCHED_1_8_1 = {
    3: (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1),
    4: (1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1),
    5: (1, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 1),
    6: (
        *(1, 1, 1, 1, 1, 1),
        *(2, 3, 4, 5, 6, 7),
        *(8, 8, 8, 8, 8, 8),
        *(7, 6, 5, 4, 3, 2),
        *(1, 1, 1, 1, 1, 1),
    ),
}

SCHED_8_1_8 = {
    3: (8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8),
    4: (8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8),
    5: (8, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 8),
    6: (
        *(8, 8, 8, 8, 8, 8),
        *(7, 6, 5, 4, 3, 2),
        *(1, 1, 1, 1, 1, 1),
        *(2, 3, 4, 5, 6, 7),
        *(8, 8, 8, 8, 8, 8),
    ),
}


class LeakyRound:
    """A stand-in for a round whose refused action still changes what it shows.

    It shows the real round, except ``bids``: one list it keeps and hands out
    each time, as a careless engine might. ``leak`` says how ``apply`` breaks
    the rule that a refused action changes nothing before it raises the real
    round's error: ``"rebind"`` moves on to another deal, ``"in place"``
    edits the list of bids it handed out earlier, ``None`` leaves all as it was.
    """

    def __init__(self, real: Round, leak: str | None) -> None:
        self.real = real
        self.leak = leak
        self.shown_bids = list(real.bids)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    @property
    def bids(self) -> list[int | None]:
        return self.shown_bids

    def apply(self, action: Action) -> Round:
        if self.leak == "rebind":
            self.real = Round.from_hands(ROM, hands=HANDS_3x2, dealer=2, turn_up="9s")
        elif self.leak == "in place":
            self.shown_bids[0] = 2
        return self.real.apply(action)


def refuse_on(fake: LeakyRound) -> None:
    """The out-of-range bid that every state of ``fake`` refuses with the same error."""
    refuse(
        cast(Round, fake),
        Bid(seat=0, tricks=3),
        BidOutOfRangeError,
        rule="R-BID-3",
        says="seat 0 cannot bid 3",
    )


@pytest.mark.parametrize("leak", ["rebind", "in place"])
def test_refuse_fails_when_a_refused_action_changes_the_state(leak: str) -> None:
    fake = LeakyRound(three_by_two(), leak)
    with pytest.raises(AssertionError, match="the refused action changed the state"):
        refuse_on(fake)


def test_refuse_passes_a_refusal_that_changes_nothing() -> None:
    refuse_on(LeakyRound(three_by_two(), None))


def test_snapshot_is_independent_of_the_state() -> None:
    r = three_by_two()
    # Why the snapshot: a deep copy of a round is the round itself, so
    # comparing against one can never fail.
    assert copy.deepcopy(r) is r
    before = snapshot(r)
    assert before == snapshot(three_by_two())
    # A field that cannot be read yet is recorded as the error it raises.
    assert dict(before)["points"].startswith("raises NotOverError: ")
    assert snapshot(r.apply(Bid(seat=0, tricks=1))) != before
    m = Match.new(ROM, players=4, seed=1)
    assert snapshot(m) == snapshot(Match.new(ROM, players=4, seed=1))
    assert snapshot(play_first(m, 1)) != snapshot(m)
    # A match's snapshot holds its current round's fields too.
    assert dict(snapshot(m))["round.bids"] == repr(m.round.bids)


# ---------------------------------------------------------------------------
# 1. Cards and deck
# ---------------------------------------------------------------------------


def test_r_deck_1_ranks_run_ace_high_to_two() -> None:
    assert sorted(Rank, reverse=True) == RANKS_HIGH_TO_LOW
    assert [r.label for r in RANKS_HIGH_TO_LOW] == [
        *("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
    ]
    assert Rank.ACE > Rank.KING > Rank.QUEEN > Rank.JACK > Rank.TEN > Rank.NINE > Rank.TWO
    # The full pack is listed from high to low, one rank (four suits) at a time.
    pack = Deck.for_game(CLASSIC, 4)
    assert [c.rank for c in pack][::4] == RANKS_HIGH_TO_LOW
    # The ten sits between the jack and the nine when a trick is decided.
    no_trump = None
    assert trick_winner(Trick(leader=0, cards=["10h", "9h", "2h", "3h"], players=4), no_trump) == 0
    assert trick_winner(Trick(leader=0, cards=["10h", "9h", "Jh", "3h"], players=4), no_trump) == 2
    assert trick_winner(Trick(leader=2, cards=["Kh", "Ah", "Qh"], players=3), no_trump) == 0


def test_r_deck_1_four_suits_without_order() -> None:
    assert {s.name for s in Suit} == {"CLUBS", "DIAMONDS", "HEARTS", "SPADES"}
    assert [str(Card.parse(t).suit) for t in ("Ac", "Ad", "Ah", "As")] == [
        *("clubs", "diamonds", "hearts", "spades")
    ]
    # Cards have no order, because suits have none.
    unordered: list[Any] = [Card.parse("Ac"), Card.parse("Ad")]
    with pytest.raises(TypeError):
        sorted(unordered)
    # Off the led suit, no suit outranks another: the led 2 of clubs beats
    # three aces when nothing is trump.
    trick = Trick(leader=1, cards=["2c", "As", "Ah", "Ad"], players=4)
    assert trick_winner(trick, None) == 1
    # Any suit can be trump, and then its ace takes the trick.
    assert {s: trick_winner(trick, s) for s in Suit} == {
        Suit.CLUBS: 1,
        Suit.SPADES: 2,
        Suit.HEARTS: 3,
        Suit.DIAMONDS: 0,
    }


@pytest.mark.parametrize(("players", "lowest"), [(3, "9"), (4, "7"), (5, "5"), (6, "3")])
@pytest.mark.parametrize("variant", [ROM, INV], ids=["1-8-1", "8-1-8"])
def test_r_deck_2_deck_is_the_2n_highest_ranks(variant: Variant, players: int, lowest: str) -> None:
    deck = Deck.for_game(variant, players)
    assert len(deck) == 8 * players
    top = RANKS_HIGH_TO_LOW[: 2 * players]
    assert top[-1].label == lowest
    assert set(deck) == {Card(suit, rank) for suit in Suit for rank in top}
    for suit in Suit:
        assert sum(c.suit is suit for c in deck) == 2 * players
    # The deck in a real match: every dealt card and turn-up comes from it.
    r = Match.new(variant, players=players, seed=11).round
    in_play = set().union(*(set(h) for h in r.hands))
    if r.turn_up is not None:
        in_play.add(r.turn_up)
    assert in_play <= set(deck)


def test_r_deck_2_card_below_the_deck_is_refused() -> None:
    # 8h is not in the 3-player deck (9..A) ...
    bad_deal(
        lambda: Round.from_hands(ROM, hands=["Ah 8h", "Kh Qh", "Jh 10h"], dealer=0, turn_up="9s"),
        "8h (seat 0) is not in the 24-card deck",
    )
    # ... but it is in the 4-player deck (7..A).
    r = Round.from_hands(ROM, hands=["Ah 8h", "Kh Qh", "Jh 10h", "9h 7h"], dealer=0, turn_up="9s")
    assert r.hands[0] == cards("Ah 8h")


@pytest.mark.parametrize("players", [0, 1, 2, 7, 8])
@pytest.mark.parametrize("variant", [ROM, INV], ids=["1-8-1", "8-1-8"])
def test_r_deck_2_player_count_outside_3_to_6_is_refused(variant: Variant, players: int) -> None:
    for build in (
        lambda: Deck.for_game(variant, players),
        lambda: Match.new(variant, players=players, seed=1),
    ):
        with pytest.raises(
            ConfigurationError, match=re.escape(f"3 to 6 players, not {players} (R-DECK-2)")
        ) as info:
            build()
        assert info.value.rule == "R-DECK-2"
        assert info.value.field == "players"


def test_r_deck_3_classic_uses_the_full_pack_with_four_players() -> None:
    pack = Deck.for_game(CLASSIC, 4)
    assert len(pack) == 52
    assert set(pack) == {Card(s, r) for s in Suit for r in Rank}
    # A 13-card classic deal with every two in it is a valid deal.
    hands = ONE_SUIT_EACH
    r = Round.from_hands(CLASSIC, hands=hands, dealer=3, turn_up="2s")
    assert r.hand_size == 13
    assert Card.parse("2c") in r.hands[0]
    assert Schedule.for_game(CLASSIC, 4).sizes == (13,)


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_r_deck_3_classic_refuses_other_player_counts(players: int) -> None:
    with pytest.raises(
        ConfigurationError, match=rf"classic is played by 4 players, not {players} \(R-DECK-3\)"
    ):
        Match.new(CLASSIC, players=players, seed=1)
    with pytest.raises(ConfigurationError) as info:
        Deck.for_game(CLASSIC, players)
    assert info.value.rule == "R-DECK-3"
    assert info.value.field == "players"


def test_r_deck_3_classic_refuses_a_short_deck() -> None:
    with pytest.raises(ConfigurationError, match=re.escape("(R-DECK-3)")) as info:
        attrs.evolve(CLASSIC, deck_ranks=8)
    assert info.value.rule == "R-DECK-3"
    assert info.value.field == "deck_ranks"


def test_r_deck_4_a_valid_explicit_deal_is_kept_as_given() -> None:
    r = Round.from_hands(ROM, hands=["Ah Kc", "Kh Qc", "Qh Jc"], dealer=1, turn_up="9d")
    assert r.hands == (cards("Ah Kc"), cards("Kh Qc"), cards("Qh Jc"))
    assert r.remaining == r.hands
    assert r.turn_up == Card.parse("9d")
    assert r.trump is Suit.DIAMONDS
    assert (r.dealer, r.first_hand, r.hand_size, r.players) == (1, 2, 2, 3)


@pytest.mark.parametrize(
    "hands",
    [["Ah Kh", "Ah Qh", "Jh 10h"], ["Ah Ah", "Kh Qh", "Jh 10h"]],
    ids=["two-seats", "one-seat"],
)
def test_r_deck_4_duplicate_card_is_refused(hands: list[str]) -> None:
    bad_deal(
        lambda: Round.from_hands(ROM, hands=hands, dealer=0, turn_up="9s"),
        "Ah is dealt twice (R-DECK-4)",
    )


def test_r_deck_4_card_outside_the_deck_is_refused() -> None:
    bad_deal(
        lambda: Round.from_hands(
            ROM, hands=["Ah Kh", "Qh Jh", "10h 9h", "8h 2c"], dealer=0, turn_up="9s"
        ),
        "2c (seat 3) is not in the 32-card deck",
    )


@pytest.mark.parametrize(
    ("hands", "says"),
    [
        (
            ["Ah Kh", "Qh", "Jh 10h"],
            "hands must be the same size, not seat 0: 2, seat 1: 1, seat 2: 2 (R-DECK-4)",
        ),
        (["", "", ""], "at least one card"),
    ],
    ids=["uneven", "empty"],
)
def test_r_deck_4_hands_of_different_sizes_are_refused(hands: list[str], says: str) -> None:
    bad_deal(lambda: Round.from_hands(ROM, hands=hands, dealer=0, turn_up="9s"), says)


@pytest.mark.parametrize(
    ("variant", "hands", "turn_up", "says", "rule"),
    [
        # 3 hands of 1 from 24 cards leave cards over: a turn-up is needed (R-TRUMP-1).
        (
            ROM,
            ["Ah", "Kh", "Qh"],
            None,
            "this deal needs a turn-up card to set trump (R-TRUMP-1), but none was given",
            "R-TRUMP-1",
        ),
        # 3 hands of 8 use the whole deck: no turn-up may be given (R-TRUMP-2).
        (ROM, FULL_3, "9c", "this deal has no turn-up card, but 9c was given", "R-TRUMP-2"),
        # Classic always turns up the dealer's card (R-TRUMP-3).
        (
            CLASSIC,
            ONE_SUIT_EACH,
            None,
            "needs a turn-up card to set trump (R-TRUMP-3)",
            "R-TRUMP-3",
        ),
    ],
    ids=["missing", "dealt-out", "classic-missing"],
)
def test_r_deck_4_turn_up_required_exactly_when_rules_make_one(
    variant: Variant, hands: list[str], turn_up: str | None, says: str, rule: str
) -> None:
    dealer = len(hands) - 1
    bad_deal(
        lambda: Round.from_hands(variant, hands=hands, dealer=dealer, turn_up=turn_up),
        says,
        cites=rule,
    )


@pytest.mark.parametrize(
    ("variant", "hands", "turn_up", "says", "rule"),
    [
        (ROM, ["Ah", "Kh", "Qh"], "Kh", "the turn-up Kh is also in a hand", "R-TRUMP-1"),
        (ROM, ["Ah", "Kh", "Qh"], "8s", "the turn-up 8s is not in the 24-card deck", "R-DECK-4"),
        # Under R-TRUMP-3 it must be in the dealer's hand (seat 3), and no one else's.
        (
            CLASSIC,
            ONE_SUIT_EACH,
            "2h",
            "the turn-up 2h must be the dealer's (seat 3) own last card",
            "R-TRUMP-3",
        ),
    ],
    ids=["in-a-hand", "not-in-deck", "classic-not-dealers"],
)
def test_r_deck_4_turn_up_must_be_in_no_hand_or_the_dealers(
    variant: Variant, hands: list[str], turn_up: str, says: str, rule: str
) -> None:
    dealer = len(hands) - 1
    bad_deal(
        lambda: Round.from_hands(variant, hands=hands, dealer=dealer, turn_up=turn_up),
        says,
        cites=rule,
    )
    if variant.is_classic:
        r = Round.from_hands(CLASSIC, hands=hands, dealer=3, turn_up="2s")
        assert r.turn_up in r.hands[3]


DECK_3 = list(Deck.for_game(ROM, 3))


@pytest.mark.parametrize(
    "order",
    [[*DECK_3[:-1], DECK_3[0]], [*DECK_3[:-1], Card.parse("8c")], DECK_3[:-1]],
    ids=["duplicate", "card-outside", "short"],
)
def test_r_deck_4_deck_order_must_hold_the_whole_deck_once(order: list[Card]) -> None:
    bad_deal(
        lambda: Round.from_deck(ROM, deck=order, dealer=0, hand_size=2, players=3),
        "a deck order must hold each of the 24 cards",
    )


# ---------------------------------------------------------------------------
# 2. Schedule of rounds
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r_sched_1_romanian_1_8_1_schedule(players: int) -> None:
    expected = SCHED_1_8_1[players]
    assert len(expected) == 3 * players + 12
    assert Schedule.for_game(ROM, players).sizes == expected
    assert tuple(Schedule.for_game(ROM, players)) == expected
    m = Match.new(ROM, players=players, seed=5)
    assert tuple(m.schedule) == expected
    m = play_out(m)
    assert [r.hand_size for r in m.rounds] == list(expected)
    assert [row.hand_size for row in m.score_sheet] == list(expected)


def test_r_sched_1_four_players_play_24_rounds() -> None:
    assert len(Schedule.for_game(ROM, 4)) == 24
    assert len(play_out(Match.new(ROM, players=4, seed=2)).rounds) == 24


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r_sched_2_inverted_8_1_8_schedule(players: int) -> None:
    expected = SCHED_8_1_8[players]
    assert len(expected) == 3 * players + 12
    assert Schedule.for_game(INV, players).sizes == expected
    m = play_out(Match.new(INV, players=players, seed=5))
    assert [r.hand_size for r in m.rounds] == list(expected)


def test_r_sched_3_classic_deals_13_until_the_match_ends() -> None:
    s = Schedule.for_game(CLASSIC, 4)
    assert list(s) == [13]
    assert s.repeats
    assert [s.size_of(i) for i in (0, 1, 12, 57)] == [13, 13, 13, 13]
    assert not any(s.is_last(i) for i in range(100))
    lengths = set()
    for seed in range(6):
        m = play_out(Match.new(CLASSIC, players=4, seed=seed))
        assert all(r.hand_size == 13 for r in m.rounds)
        lengths.add(len(m.rounds))
    # The number of rounds is not fixed: it depends on the play (R-END-2).
    assert len(lengths) > 1


def test_r_sched_3_classic_refuses_a_schedule() -> None:
    with pytest.raises(ConfigurationError, match=re.escape("(R-SCHED-3)")) as info:
        attrs.evolve(CLASSIC, schedule=(13,))
    assert info.value.rule == "R-SCHED-3"
    assert info.value.field == "schedule"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("variant", [ROM, INV], ids=["1-8-1", "8-1-8"])
def test_r_sched_4_deal_passes_clockwise_and_each_seat_deals_once_per_block(
    variant: Variant, players: int
) -> None:
    for first in range(players):
        m = play_out(Match.new(variant, players=players, seed=3, first_dealer=first))
        assert m.first_dealer == first
        dealers = [row.dealer for row in m.score_sheet]
        assert dealers == [(first + i) % players for i in range(len(dealers))]
        assert [r.dealer for r in m.rounds] == dealers
        sizes = [row.hand_size for row in m.score_sheet]
        ones, eights = blocks(sizes, 1), blocks(sizes, 8)
        assert len(ones) + len(eights) == 3
        for block in (*ones, *eights):
            assert len(block) == players
            assert sorted(dealers[i] for i in block) == list(range(players))


def test_r_sched_4_first_dealer_from_seed_or_given() -> None:
    # Given explicitly: that seat deals, and the seat to its left acts first.
    m = Match.new(ROM, players=4, seed=9, first_dealer=2)
    assert (m.round.dealer, m.round.first_hand, m.to_act) == (2, 3, 3)
    # From the seed: the same seed always gives the same dealer ...
    for seed in range(10):
        a = Match.new(ROM, players=4, seed=seed)
        assert a.first_dealer == Match.new(ROM, players=4, seed=seed).first_dealer
        assert a.round.dealer == a.first_dealer
    # ... and the seed decides it, so different seeds reach every seat.
    assert {Match.new(ROM, players=4, seed=s).first_dealer for s in range(30)} == {0, 1, 2, 3}
    with pytest.raises(ConfigurationError, match="first_dealer must be a seat from 0 to 3") as info:
        Match.new(ROM, players=4, seed=1, first_dealer=4)
    assert info.value.field == "first_dealer"


def test_r_sched_4_custom_schedule_keeps_the_rotation() -> None:
    custom = attrs.evolve(ROM, schedule=(3, 1, 8, 2))
    m = play_out(Match.new(custom, players=4, seed=1, first_dealer=1))
    assert [r.dealer for r in m.rounds] == [1, 2, 3, 0]


def test_R_SCHED_5_a_house_schedule_plays_and_sets_the_sizes() -> None:
    custom = attrs.evolve(ROM, schedule=(3, 1, 8, 2))
    m = play_out(Match.new(custom, players=4, seed=1, first_dealer=1))
    assert [r.hand_size for r in m.rounds] == [3, 1, 8, 2]
    assert schedule_rule(custom) == "R-SCHED-5"
    # A deal of the wrong size for a house schedule's round breaks R-SCHED-5.
    assert deal_faults(custom, 4, index=0, hand_size=2, dealer=1, first_dealer=1) == ("R-SCHED-5",)
    # The shape of a schedule is checked when the variant is built.
    for bad in ((2, 0), (), (2, 14), (2.0,), "8"):
        with pytest.raises(ConfigurationError, match=re.escape("(R-SCHED-5)")) as info:
            attrs.evolve(ROM, schedule=bad)
        assert (info.value.field, info.value.rule) == ("schedule", "R-SCHED-5")
    # Classic whist always plays R-SCHED-3.
    with pytest.raises(ConfigurationError) as info:
        attrs.evolve(CLASSIC, schedule=(13,))
    assert info.value.rule == "R-SCHED-3"


@pytest.mark.parametrize(
    ("players", "schedule", "round_number", "size", "deck"),
    [(4, (2, 9), 2, 9, 32), (3, (1, 8, 9, 2), 3, 9, 24), (6, (9,), 1, 9, 48)],
)
def test_R_SCHED_5_a_schedule_the_deck_cannot_supply_names_the_round(
    players: int, schedule: tuple[int, ...], round_number: int, size: int, deck: int
) -> None:
    too_big = attrs.evolve(ROM, schedule=schedule)
    for build in (
        lambda: Match.new(too_big, players=players, seed=1),
        lambda: Schedule.for_game(too_big, players),
    ):
        with pytest.raises(ConfigurationError) as info:
            build()
        error = info.value
        assert (error.rule, error.field) == ("R-SCHED-5", "schedule")
        said = str(error)
        assert f"round {round_number} " in said
        assert f"deals {size} cards to each of {players} players" in said
        assert f"needs {players * size} cards, but the {deck}-card deck" in said
        assert said.endswith("(R-SCHED-5)")
        assert error.explain("ro").endswith("(R-SCHED-5)")
        assert f"pachetul de {deck} de cărți" in error.explain("ro")
    # A single round too large for the deck is refused under the same rule.
    with pytest.raises(ConfigurationError) as info:
        Round.shuffled(ROM, players=players, dealer=0, hand_size=size, seed=1)
    assert (info.value.rule, info.value.field) == ("R-SCHED-5", "hand_size")
    assert f"{players} hands of {size} cards" in str(info.value)


def test_R_SCHED_5_a_schedule_that_takes_the_whole_deck_has_no_trump() -> None:
    # 3 players x 8 cards = the whole 24-card deck: nothing is turned up.
    whole = attrs.evolve(ROM, schedule=(8, 2))
    m = Match.new(whole, players=3, seed=5)
    assert (m.round.hand_size, m.round.turn_up, m.round.trump) == (8, None, None)
    m = play_out(m)
    assert [r.hand_size for r in m.rounds] == [8, 2]
    assert m.rounds[1].trump is not None


def test_r_sched_4_dealer_of_passes_the_deal_one_seat_left() -> None:
    assert [dealer_of(k, first_dealer=2, players=4) for k in range(6)] == [2, 3, 0, 1, 2, 3]
    # From any round's dealer, back and forward.
    assert dealer_of(-1, first_dealer=0, players=3) == 2
    m = play_out(Match.new(ROM, players=5, seed=4))
    assert [r.dealer for r in m.rounds] == [
        dealer_of(k, first_dealer=m.first_dealer, players=5) for k in range(len(m.rounds))
    ]


@pytest.mark.parametrize(
    ("variant", "rule"),
    [(ROM, "R-SCHED-1"), (INV, "R-SCHED-2"), (CLASSIC, "R-SCHED-3")],
    ids=["1-8-1", "8-1-8", "classic"],
)
def test_r_sched_1_2_3_the_schedule_rule_of_each_variant(variant: Variant, rule: str) -> None:
    assert schedule_rule(variant) == rule
    # A house schedule's sizes are R-SCHED-5's, whatever the pattern.
    if not variant.is_classic:
        assert schedule_rule(attrs.evolve(variant, schedule=(2, 3))) == "R-SCHED-5"


def _misfit_rule_everywhere(variant: Variant, deals: Sequence[Deal]) -> set[str | None]:
    """The rule Match.new and record replay each cite for the same explicit deals."""
    with pytest.raises(ConfigurationError) as info:
        Match.new(variant, deals=deals)
    record = records.Record(
        variant=variant,
        preset=None,
        players=[f"p{s}" for s in range(deals[0].players)],
        rounds=[
            records.RoundRecord(
                dealer=d.dealer,
                hands=[tuple(h) for h in d.hands],
                turn_up=d.turn_up,
                # Every round but the last is recorded played out.
                actions=() if d is deals[-1] else play_out(Round.from_deal(d)).actions,
            )
            for d in deals
        ],
    )
    violation = records.adjudicate(record).violation
    assert violation is not None
    assert f"({info.value.rule})" in str(info.value)
    return {info.value.rule, violation.rule}


@pytest.mark.parametrize(
    ("variant", "players", "rule"),
    [(ROM, 4, "R-SCHED-1"), (INV, 3, "R-SCHED-2"), (CLASSIC, 4, "R-SCHED-3")],
    ids=["1-8-1", "8-1-8", "classic"],
)
def test_r_sched_3_a_deal_of_the_wrong_size_breaks_the_variants_schedule_rule(
    variant: Variant, players: int, rule: str
) -> None:
    # Every copy of the check (the match, replay, the audit) asks deal_faults.
    size = Schedule.for_game(variant, players).size_of(0)
    wrong = 5 if size != 5 else 4
    deal = Deal.shuffled(variant, players=players, dealer=1, hand_size=wrong, seed=3)
    assert deal_faults(variant, players, index=0, hand_size=wrong, dealer=1, first_dealer=1) == (
        rule,
    )
    assert _misfit_rule_everywhere(variant, [deal]) == {rule}


def test_r_sched_4_an_explicit_deal_by_the_wrong_seat_is_refused_everywhere() -> None:
    first = Deal.shuffled(ROM, players=3, dealer=0, hand_size=1, seed=1)
    second = Deal.shuffled(ROM, players=3, dealer=2, hand_size=1, seed=2)  # seat 1's deal
    assert deal_faults(ROM, 3, index=1, hand_size=1, dealer=2, first_dealer=0) == ("R-SCHED-4",)
    assert _misfit_rule_everywhere(ROM, [first, second]) == {"R-SCHED-4"}
    # Both faults at once are both reported, the hand size first.
    assert deal_faults(ROM, 3, index=1, hand_size=2, dealer=2, first_dealer=0) == (
        "R-SCHED-1",
        "R-SCHED-4",
    )
    # A deal past the schedule's end breaks R-END-1 (the schedule ends the match).
    assert deal_faults(ROM, 3, index=21, hand_size=1, dealer=0, first_dealer=0) == ("R-END-1",)


# ---------------------------------------------------------------------------
# 3. Dealing and trump
# ---------------------------------------------------------------------------

# The 3-player deck written out, in an order chosen for the test.
ORDER_3 = [
    *("As", "Ah", "Ad", "Ac", "Ks", "Kh", "Kd", "Kc"),
    *("Qs", "Qh", "Qd", "Qc", "Js", "Jh", "Jd", "Jc"),
    *("10s", "10h", "10d", "10c", "9s", "9h", "9d", "9c"),
]


def test_r_deal_1_one_card_at_a_time_from_first_hand_then_turn_up() -> None:
    # Dealer 1, so seat 2 is first hand: order[0] -> 2, [1] -> 0, [2] -> 1,
    # [3] -> 2, [4] -> 0, [5] -> 1, and order[6] (Kd) is turned up.
    r = Round.from_deck(ROM, deck=ORDER_3, dealer=1, hand_size=2)
    assert r.hands == (cards("Ah Ks"), cards("Ad Kh"), cards("As Ac"))
    assert r.turn_up == Card.parse("Kd")
    assert r.trump is Suit.DIAMONDS
    assert (r.first_hand, r.to_act) == (2, 2)
    assert r.remaining == r.hands
    # The hands and turn-up fix the same deal as the deck order did.
    same = Round.from_hands(ROM, hands=["Ah Ks", "Ad Kh", "As Ac"], dealer=1, turn_up="Kd")
    assert same == r
    # Another dealer deals the same order to different seats.
    r0 = Round.from_deck(ROM, deck=ORDER_3, dealer=0, hand_size=1)
    assert r0.hands == (cards("Ad"), cards("As"), cards("Ah"))
    assert r0.turn_up == Card.parse("Ac")


def test_r_deal_1_seeded_deal_is_the_seeded_shuffle() -> None:
    order = Deck.for_game(ROM, 4).shuffled(42)
    assert order == Deck.for_game(ROM, 4).shuffled(42)
    dealt = Round.shuffled(ROM, players=4, dealer=3, hand_size=5, seed=42)
    assert dealt == Round.from_deck(ROM, deck=order, dealer=3, hand_size=5)
    # seat (first hand + k) % 4 gets order[k]; first hand is 0
    for seat in range(4):
        assert set(dealt.hands[seat]) == set(order[seat:20:4])
    assert dealt.turn_up == order[20]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r_deal_1_the_seeded_shuffle_is_random_shuffle(players: int) -> None:
    # Deck.shuffled_bits spells out random.Random.shuffle to save a call per
    # card; the order must stay what Random.shuffle gives, seed for seed.
    deck = Deck.for_game(ROM, players)
    for seed in [*range(200), "whist-ro:7:3", 2**62]:
        expected = list(deck.bits)
        random.Random(seed).shuffle(expected)
        assert deck.shuffled_bits(seed) == expected
        generator = random.Random(seed)
        assert deck.shuffled_bits(generator) == expected
        assert generator.getstate() != random.Random(seed).getstate()  # it drew from it

    class Counting(random.Random):
        calls = 0

        def random(self) -> float:
            Counting.calls += 1
            return super().random()

    # A subclass draws its numbers its own way, so it shuffles for itself.
    expected = list(deck.bits)
    Counting(5).shuffle(expected)
    before = Counting.calls
    assert deck.shuffled_bits(Counting(5)) == expected
    assert Counting.calls > before


def test_r_deal_1_a_record_may_store_the_hands_instead() -> None:
    m = Match.new(ROM, players=5, seed=8)
    for _ in range(8):  # a few rounds of a real match
        r = m.round
        rebuilt = Round.from_hands(ROM, hands=r.hands, dealer=r.dealer, turn_up=r.turn_up)
        assert rebuilt == r
        m = finish_round(m)


def test_r_deal_1_deal_must_fit_the_deck() -> None:
    with pytest.raises(
        ConfigurationError, match="3 hands of 9 cards need more than the 24 cards"
    ) as info:
        Round.from_deck(ROM, deck=ORDER_3, dealer=0, hand_size=9)
    assert info.value.field == "hand_size"
    with pytest.raises(ConfigurationError) as info:
        Round.from_deck(ROM, deck=ORDER_3, dealer=0, hand_size=0)
    assert info.value.field == "hand_size"


def test_r_trump_1_top_undealt_card_is_turned_up_and_sets_trump() -> None:
    # 4 players, 7 cards each: 28 dealt, order[28] is turned up.
    order = Deck.for_game(ROM, 4).shuffled(3)
    r = Round.from_deck(ROM, deck=order, dealer=2, hand_size=7)
    assert r.turn_up == order[28]
    assert r.trump is order[28].suit
    # It takes no further part: no hand holds it ...
    assert all(r.turn_up not in hand for hand in r.hands)
    assert sum(len(h) for h in r.hands) == 28
    # ... and nobody can play it.
    r = finish_bidding(r)
    seat = r.to_act
    assert seat is not None
    refuse(
        r,
        Play(seat=seat, card=order[28]),
        CardNotHeldError,
        rule="R-PLAY-7",
        says=f"seat {seat} cannot play {order[28]}: it does not hold {order[28]}",
    )


def test_r_trump_1_the_turned_up_suit_is_trump_in_play() -> None:
    r = Round.from_hands(ROM, hands=["Ah", "10d", "Kh"], dealer=2, turn_up="9d")
    assert r.trump is Suit.DIAMONDS
    r = play_in_turn(bid_in_turn(r, 1, 1, 1), "Ah", "10d", "Kh")
    assert r.tricks_won == (0, 1, 0)  # the 10 of the turned-up suit beats the ace


def test_r_trump_1_every_short_round_of_a_match_turns_up_an_undealt_card() -> None:
    m = play_out(Match.new(ROM, players=3, seed=4))
    for r in m.rounds:
        if r.hand_size < 8:
            assert r.turn_up is not None
            assert r.trump is r.turn_up.suit
            assert all(r.turn_up not in hand for hand in r.hands)
    for row in m.score_sheet:
        assert (row.turn_up is None) == (row.hand_size == 8)


def test_r_trump_1_missing_turn_up_is_refused() -> None:
    bad_deal(
        lambda: Round.from_hands(ROM, hands=["Ah Kc", "Kh Qc", "Qh Jc"], dealer=1),
        "needs a turn-up card to set trump (R-TRUMP-1)",
        cites="R-TRUMP-1",
    )


def test_r_trump_2_whole_deck_dealt_means_no_trump() -> None:
    r = Round.from_hands(ROM, hands=FULL_3, dealer=2)
    assert (r.trump, r.turn_up) == (None, None)
    r = bid_in_turn(r, 0, 0, 0)
    r = play_in_turn(r, "9s")
    # Seat 1 has no spades: with no trump it may play anything.
    assert legal_cards(r) == cards(FULL_3[1])
    r = play_in_turn(r, "Ad", "Ac")
    # Two aces off the led suit do not beat the nine that was led.
    assert r.tricks_won == (1, 0, 0)
    assert r.to_act == 0
    # Dealing the whole deck from an order gives no turn-up either.
    full = Round.from_deck(ROM, deck=ORDER_3, dealer=0, hand_size=8)
    assert (full.trump, full.turn_up) == (None, None)
    assert trump_source(ROM, 3, 8) is None
    assert trump_source(ROM, 6, 8) is None


def test_r_trump_2_turn_up_for_a_dealt_out_deck_is_refused() -> None:
    bad_deal(
        lambda: Round.from_hands(ROM, hands=FULL_3, dealer=2, turn_up="9c"),
        "but 9c was given: the whole deck is dealt, so there is no trump (R-DECK-4, R-TRUMP-2)",
        cites="R-TRUMP-2",
    )


def test_r_trump_2_option_no_trump_in_chosen_sizes() -> None:
    one_no_trump = attrs.evolve(ROM, no_trump_sizes={1})
    assert trump_source(one_no_trump, 3, 1) is None
    assert trump_source(one_no_trump, 3, 2) == "turn_up"
    r = Round.from_hands(one_no_trump, hands=["Ah", "Kh", "Qh"], dealer=0)
    assert r.trump is None
    bad_deal(
        lambda: Round.from_hands(one_no_trump, hands=["Ah", "Kh", "Qh"], dealer=0, turn_up="9s"),
        "this deal has no turn-up card, but 9s was given: hands of 1 are played without trump",
        cites="R-TRUMP-2",
    )


def test_r_trump_2_option_dealers_last_card_in_the_largest_round() -> None:
    last = attrs.evolve(ROM, dealt_out_trump="dealer_last")
    assert trump_source(last, 3, 8) == "dealer_last"
    assert trump_source(last, 3, 7) == "turn_up"
    # Dealer 1, first hand 2: the 24th card (9c) goes to (2 + 23) % 3 = seat 1.
    r = Round.from_deck(last, deck=ORDER_3, dealer=1, hand_size=8)
    assert r.turn_up == Card.parse("9c")
    assert r.trump is Suit.CLUBS
    assert r.turn_up in r.hands[1]
    ok = Round.from_hands(last, hands=FULL_3, dealer=2, turn_up="9c")
    assert ok.trump is Suit.CLUBS
    bad_deal(
        lambda: Round.from_hands(last, hands=FULL_3, dealer=2, turn_up="Ah"),
        "the turn-up Ah must be the dealer's (seat 2) own last card",
        cites="R-TRUMP-3",
    )


def test_r_trump_3_classic_dealers_last_card_sets_trump_and_stays_in_hand() -> None:
    order = list(Deck.for_game(CLASSIC, 4))  # As Ah Ad Ac Ks ... 2s 2h 2d 2c
    # Dealer 1, first hand 2: card k goes to seat (2 + k) % 4, so the dealer
    # gets every club and the 52nd card, 2c, is the dealer's last.
    r = Round.from_deck(CLASSIC, deck=order, dealer=1, hand_size=13)
    assert r.turn_up == Card.parse("2c")
    assert r.trump is Suit.CLUBS
    assert r.hands == (
        cards(suit_of("d")),
        cards(suit_of("c")),
        cards(suit_of("s")),
        cards(suit_of("h")),
    )
    assert r.turn_up in r.hands[1]
    # The dealer may play it, and it wins as trump.
    r = play_in_turn(r, "As", "Ah", "Ad", "2c")
    assert r.tricks_won == (0, 1, 0, 0)
    assert Card.parse("2c") not in r.remaining[1]


def test_r_trump_3_classic_turn_up_must_be_the_dealers() -> None:
    hands = ONE_SUIT_EACH
    bad_deal(
        lambda: Round.from_hands(CLASSIC, hands=hands, dealer=2, turn_up="As"),
        "must be the dealer's (seat 2) own last card (R-DECK-4, R-TRUMP-3)",
        cites="R-TRUMP-3",
    )
    bad_deal(
        lambda: Round.from_hands(CLASSIC, hands=hands, dealer=2),
        "needs a turn-up card to set trump (R-TRUMP-3)",
        cites="R-TRUMP-3",
    )
    r = Round.from_hands(CLASSIC, hands=hands, dealer=2, turn_up="7h")
    assert r.trump is Suit.HEARTS


# ---------------------------------------------------------------------------
# 4. Bidding
# ---------------------------------------------------------------------------

HANDS_4x2 = ["Ac Kc", "Ad Kd", "Ah Kh", "As Ks"]
HANDS_3x2 = ["Ah Jc", "Kh 10c", "Qh 9c"]


def three_by_two() -> Round:
    """Three hands of 2, dealer 2 (so seat 0 bids first), 10s turned up: spades trump."""
    return Round.from_hands(ROM, hands=HANDS_3x2, dealer=2, turn_up="10s")


def test_r_bid_1_first_hand_bids_first_dealer_last_bids_public() -> None:
    r = Round.from_hands(ROM, hands=HANDS_4x2, dealer=2, turn_up="7c")
    assert r.phase is Phase.BIDDING
    order = []
    for tricks in (1, 0, 0, 2):
        seat = r.to_act
        assert seat is not None
        order.append(seat)
        assert legal_bids(r) == ((0, 1, 2) if seat != 2 else (0, 2))
        r = r.apply(Bid(seat=seat, tricks=tricks))
        assert r.bids[seat] == tricks  # public at once
    assert order == [3, 0, 1, 2]
    assert r.bids == (0, 0, 2, 1)
    assert r.phase is Phase.PLAYING
    assert r.to_act == 3
    assert r.actions == (
        Bid(seat=3, tricks=1),
        Bid(seat=0, tricks=0),
        Bid(seat=1, tricks=0),
        Bid(seat=2, tricks=2),
    )


def test_r_bid_1_each_seat_bids_once() -> None:
    r = Round.from_hands(ROM, hands=HANDS_4x2, dealer=2, turn_up="7c")
    assert r.bids == (None, None, None, None)
    r = r.apply(Bid(seat=3, tricks=1))
    refuse(
        r,
        Bid(seat=3, tricks=1),
        OutOfTurnError,
        rule="R-BID-3",
        says="seat 3 cannot bid 1: it is seat 0's turn to bid (R-BID-3)",
    )


def test_r_bid_2_dealer_may_not_make_the_bids_total_the_hand_size() -> None:
    r = Round.from_hands(ROM, hands=["Ah Jc", "Kh 10c", "Qh 9c"], dealer=2, turn_up="10s")
    r = bid_in_turn(r, 1, 0)
    assert r.forbidden_bid() == 1
    assert legal_bids(r) == (0, 2)
    refuse(
        r,
        Bid(seat=2, tricks=1),
        ForbiddenBidError,
        rule="R-BID-2",
        says="seat 2 (dealer) cannot bid 1: the earlier bids total 1, and 1 + 1 would equal "
        "the hand size 2 (R-BID-2)",
    )
    for allowed in (0, 2):
        done = r.apply(Bid(seat=2, tricks=allowed))
        assert sum(b for b in done.bids if b is not None) != 2


def test_r_bid_2_only_the_last_bidder_is_bound() -> None:
    r = Round.from_hands(ROM, hands=["Ah Jc", "Kh 10c", "Qh 9c"], dealer=2, turn_up="10s")
    # The first two seats may already reach the hand size between them.
    assert r.forbidden_bid() is None
    assert legal_bids(r) == (0, 1, 2)
    r = r.apply(Bid(seat=0, tricks=2))
    assert legal_bids(r) == (0, 1, 2)
    r = r.apply(Bid(seat=1, tricks=0))
    # Now the dealer may not bid 2 - 2 = 0.
    assert legal_bids(r) == (1, 2)
    refuse(
        r,
        Bid(seat=2, tricks=0),
        ForbiddenBidError,
        rule="R-BID-2",
        says="seat 2 (dealer) cannot bid 0: the earlier bids total 2",
    )


def test_r_bid_2_nothing_forbidden_when_earlier_bids_exceed_the_hand() -> None:
    r = Round.from_hands(ROM, hands=["Ah Jc", "Kh 10c", "Qh 9c"], dealer=2, turn_up="10s")
    r = bid_in_turn(r, 2, 2)  # 2 - 4 < 0
    assert r.forbidden_bid() is None
    assert legal_bids(r) == (0, 1, 2)
    assert r.apply(Bid(seat=2, tricks=0)).bids == (2, 2, 0)


def test_r_bid_2_one_card_round() -> None:
    r = Round.from_hands(ROM, hands=["Ah", "Kh", "Qh", "Jh"], dealer=3, turn_up="7s")
    assert legal_bids(bid_in_turn(r, 0, 0, 0)) == (0,)
    assert legal_bids(bid_in_turn(r, 1, 0, 0)) == (1,)
    assert legal_bids(bid_in_turn(r, 1, 1, 0)) == (0, 1)


def test_r_bid_2_option_no_hook() -> None:
    no_hook = attrs.evolve(ROM, hook=False)
    r = Round.from_hands(no_hook, hands=["Ah Jc", "Kh 10c", "Qh 9c"], dealer=2, turn_up="10s")
    r = bid_in_turn(r, 1, 0)
    assert r.forbidden_bid() is None
    assert legal_bids(r) == (0, 1, 2)
    assert r.apply(Bid(seat=2, tricks=1)).bids == (1, 0, 1)


@pytest.mark.parametrize(
    ("bids", "action", "says"),
    [
        (
            (),
            Bid(seat=0, tricks=3),
            "seat 0 cannot bid 3: bids run from 0 to the hand size 2 (R-BID-3)",
        ),
        ((), Bid(seat=0, tricks=-1), "seat 0 cannot bid -1: bids run from 0 to the hand size 2"),
        # The dealer's range is the same.
        ((0, 0), Bid(seat=2, tricks=5), "seat 2 cannot bid 5"),
    ],
    ids=["above", "negative", "dealer"],
)
def test_r_bid_3_out_of_range_bid_is_refused(bids: tuple[int, ...], action: Bid, says: str) -> None:
    r = bid_in_turn(three_by_two(), *bids)
    refuse(r, action, BidOutOfRangeError, rule="R-BID-3", says=says)


@pytest.mark.parametrize(
    ("bids", "says"),
    [
        ((), "seat 2 cannot bid 0: it is seat 0's turn to bid (R-BID-3)"),
        ((1,), "it is seat 1's turn to bid"),
    ],
    ids=["first", "second"],
)
def test_r_bid_3_out_of_turn_bid_is_refused(bids: tuple[int, ...], says: str) -> None:
    r = bid_in_turn(three_by_two(), *bids)
    refuse(r, Bid(seat=2, tricks=0), OutOfTurnError, rule="R-BID-3", says=says)


@pytest.mark.parametrize(
    ("state", "action", "says"),
    [
        (
            lambda: bid_in_turn(three_by_two(), 1, 0, 0),
            Bid(seat=0, tricks=1),
            "seat 0 cannot bid 1: play has started (R-BID-3)",
        ),
        (
            lambda: play_in_turn(bid_in_turn(three_by_two(), 1, 0, 0), "Ah"),
            Bid(seat=1, tricks=1),
            "seat 1 cannot bid 1: play has started",
        ),
        (
            lambda: Round.from_hands(CLASSIC, hands=ONE_SUIT_EACH, dealer=3, turn_up="2s"),
            Bid(seat=0, tricks=7),
            "seat 0 cannot bid 7: classic whist has no bidding (R-BID-3)",
        ),
    ],
    ids=["bids-done", "card-played", "classic"],
)
def test_r_bid_3_bid_during_play_is_refused(
    state: Callable[[], Round], action: Bid, says: str
) -> None:
    refuse(state(), action, WrongPhaseError, rule="R-BID-3", says=says)


def test_r_bid_3_forbidden_dealer_bid_names_r_bid_2_and_the_number() -> None:
    r = Round.from_hands(ROM, hands=HANDS_4x2, dealer=2, turn_up="7c")
    r = bid_in_turn(r, 0, 1, 0)
    err = refuse(
        r,
        Bid(seat=2, tricks=1),
        ForbiddenBidError,
        rule="R-BID-2",
        says="seat 2 (dealer) cannot bid 1",
    )
    assert "would equal the hand size 2" in str(err)


# ---------------------------------------------------------------------------
# 5. Play
# ---------------------------------------------------------------------------


def test_r_play_1_first_hand_leads_then_each_trick_winner() -> None:
    hands = ["Ad Jh", "7d Qh", "Kd 8h", "9d 10h"]
    r = Round.from_hands(ROM, hands=hands, dealer=1, turn_up="7c")
    r = bid_in_turn(r, 0, 0, 1, 0)  # seats 2, 3, 0, 1
    assert r.to_act == 2  # first hand leads
    refuse(
        r,
        Play(seat=3, card="9d"),
        OutOfTurnError,
        rule="R-PLAY-7",
        says="seat 3 cannot play 9d: it is seat 2's turn to play (R-PLAY-7)",
    )
    r = play_in_turn(r, "Kd", "9d", "Ad", "7d")
    assert r.tricks_won == (1, 0, 0, 0)
    assert r.to_act == 0  # the winner leads
    refuse(
        r,
        Play(seat=2, card="8h"),
        OutOfTurnError,
        rule="R-PLAY-7",
        says="it is seat 0's turn to play",
    )
    r = play_in_turn(r, "Jh", "Qh", "8h", "10h")
    assert [t.leader for t in r.tricks] == [2, 0]
    assert [t.seats for t in r.tricks] == [(2, 3, 0, 1), (0, 1, 2, 3)]
    assert r.tricks_won == (1, 1, 0, 0)
    assert r.is_over


def test_r_play_2_must_follow_suit() -> None:
    r = Round.from_hands(ROM, hands=["Ah Jc", "Kh 10c", "Qh Js"], dealer=2, turn_up="10s")
    r = play_in_turn(bid_in_turn(r, 1, 0, 0), "Ah")
    assert legal_cards(r) == cards("Kh")
    refuse(
        r,
        Play(seat=1, card="10c"),
        MustFollowSuitError,
        rule="R-PLAY-2",
        says="seat 1 cannot play 10c: it holds Kh and must follow hearts (R-PLAY-2)",
    )
    r = play_in_turn(r, "Kh")
    # Holding a trump does not excuse a seat that can follow.
    assert legal_cards(r) == cards("Qh")
    refuse(
        r,
        Play(seat=2, card="Js"),
        MustFollowSuitError,
        rule="R-PLAY-2",
        says="seat 2 cannot play Js: it holds Qh and must follow hearts",
    )
    r = play_in_turn(r, "Qh", "Jc", "10c", "Js")
    assert r.tricks_won == (1, 0, 1)


def test_r_play_2_any_card_of_the_led_suit_will_do() -> None:
    hands = ["Kd 7c", "Ad 8d", "Qh Jh", "10s Js"]
    r = Round.from_hands(ROM, hands=hands, dealer=3, turn_up="7s")
    r = play_in_turn(bid_in_turn(r, 0, 1, 0, 0), "Kd")
    assert legal_cards(r) == cards("Ad 8d")
    r = play_in_turn(r, "8d")  # not forced to beat the king
    assert r.current_trick.cards == (Card.parse("Kd"), Card.parse("8d"))


def test_r_play_3_void_player_must_trump() -> None:
    hands = ["Ac 10c Ad", "9c Kd Qs", "Qh Jd 10s", "Kh 8h As"]
    r = Round.from_hands(ROM, hands=hands, dealer=3, turn_up="7h")
    assert r.trump is Suit.HEARTS
    r = play_in_turn(bid_in_turn(r, 1, 0, 1, 0), "Ac", "9c")
    assert legal_cards(r) == cards("Qh")
    refuse(
        r,
        Play(seat=2, card="Jd"),
        MustTrumpError,
        rule="R-PLAY-3",
        says="seat 2 cannot play Jd: it has no clubs but holds hearts Qh and must trump (R-PLAY-3)",
    )
    refuse(
        r,
        Play(seat=2, card="10s"),
        MustTrumpError,
        rule="R-PLAY-3",
        says="seat 2 cannot play 10s",
    )
    r = play_in_turn(r, "Qh")
    # Any trump is fine: seat 3 may trump low under the queen.
    assert legal_cards(r) == cards("Kh 8h")
    refuse(
        r,
        Play(seat=3, card="As"),
        MustTrumpError,
        rule="R-PLAY-3",
        says="seat 3 cannot play As: it has no clubs but holds hearts Kh 8h and must trump",
    )
    r = play_in_turn(r, "8h")
    assert r.tricks_won == (0, 0, 1, 0)
    assert r.to_act == 2


TRUMP_LETTERS = {Suit.CLUBS: "c", Suit.DIAMONDS: "d", Suit.HEARTS: "h", Suit.SPADES: "s"}


@pytest.mark.parametrize("trump", list(Suit), ids=str)
def test_r_play_3_void_player_must_trump_whatever_the_trump_suit(trump: Suit) -> None:
    """The duty to trump for each suit as trump; clubs is the case that matters.

    ``Suit.CLUBS`` is the first suit: an engine that tests ``if trump:`` on a
    suit number drops the duty exactly when clubs are trump. The deal is the
    one of :func:`test_r_play_3_void_player_must_trump` with the suits
    renamed: ``t`` is trump, ``l`` is led, ``x`` and ``y`` are the others.
    """
    led, x, y = (TRUMP_LETTERS[s] for s in Suit if s is not trump)
    t = TRUMP_LETTERS[trump]
    hands = [f"A{led} 10{led} A{x}", f"9{led} K{x} Q{y}", f"Q{t} J{x} 10{y}", f"K{t} 8{t} A{y}"]
    r = Round.from_hands(ROM, hands=hands, dealer=3, turn_up=f"7{t}")
    assert r.trump is trump
    led_suit = Card.parse(f"A{led}").suit
    r = play_in_turn(bid_in_turn(r, 1, 0, 1, 0), f"A{led}", f"9{led}")
    # Seat 2 has no card of the led suit and one trump: only the trump.
    assert legal_cards(r) == cards(f"Q{t}")
    for card in (f"J{x}", f"10{y}"):
        refuse(
            r,
            Play(seat=2, card=card),
            MustTrumpError,
            rule="R-PLAY-3",
            says=f"seat 2 cannot play {card}: it has no {led_suit} but holds {trump} Q{t} "
            "and must trump (R-PLAY-3)",
        )
    r = play_in_turn(r, f"Q{t}")
    # Seat 3 must trump too, with either trump, even one that loses.
    assert legal_cards(r) == cards(f"K{t} 8{t}")
    refuse(r, Play(seat=3, card=f"A{y}"), MustTrumpError, rule="R-PLAY-3", says="must trump")
    r = play_in_turn(r, f"8{t}")
    assert r.tricks_won == (0, 0, 1, 0)
    assert r.to_act == 2


def test_r_play_3_option_no_duty_to_trump() -> None:
    house = attrs.evolve(ROM, must_trump=False)
    hands = ["Ac 10c Ad", "9c Kd Qs", "Qh Jd 10s", "Kh 8h As"]
    r = Round.from_hands(house, hands=hands, dealer=3, turn_up="7h")
    r = play_in_turn(bid_in_turn(r, 1, 0, 1, 0), "Ac", "9c")
    assert legal_cards(r) == cards("Qh Jd 10s")
    r = play_in_turn(r, "Jd", "As")
    assert r.tricks_won == (1, 0, 0, 0)


def test_r_play_4_no_trump_in_hand_means_any_card_and_no_duty_to_beat() -> None:
    r = Round.from_hands(ROM, hands=["Qc Jd", "Kh Ac", "Ah 10h"], dealer=0, turn_up="9s")
    r = bid_in_turn(r, 1, 1, 1)  # seats 1, 2, 0
    assert legal_cards(r) == cards("Kh Ac")  # the leader may lead anything
    r = play_in_turn(r, "Kh")
    # Seat 2 may keep its ace and play under the king.
    assert legal_cards(r) == cards("Ah 10h")
    r = play_in_turn(r, "10h")
    # Seat 0 has no hearts and no spades: any card.
    assert legal_cards(r) == cards("Qc Jd")
    r = play_in_turn(r, "Jd")
    assert r.tricks_won == (0, 1, 0)
    r = play_in_turn(r, "Ac", "Ah", "Qc")
    assert r.tricks_won == (0, 2, 0)


def test_r_play_5_classic_void_player_may_play_any_card() -> None:
    hands = [
        suit_of("c"),
        "Ad Kd Qd Jd 10d 9d 8d 7d 6d 5d 4d 3d 2s",
        suit_of("h"),
        "As Ks Qs Js 10s 9s 8s 7s 6s 5s 4s 3s 2d",
    ]
    r = Round.from_hands(CLASSIC, hands=hands, dealer=3, turn_up="3s")
    assert r.phase is Phase.PLAYING
    assert r.to_act == 0
    r = play_in_turn(r, "Ac")
    # No clubs, a trump in hand: still any card.
    assert legal_cards(r) == cards(hands[1])
    r = play_in_turn(r, "5d", "2h")
    assert legal_cards(r) == cards(hands[3])
    r = play_in_turn(r, "2d")
    assert r.tricks_won == (1, 0, 0, 0)
    # The winner leads again; seat 1 still has no clubs and may play anything.
    r = play_in_turn(r, "Kc")
    assert legal_cards(r) == cards(hands[1]) - cards("5d")


def test_r_play_6_highest_trump_else_highest_of_led_suit() -> None:
    hands = ["Ad Ac Kc", "7s 7h Js", "9s Jh Qs", "Kd Qh 10s"]
    r = Round.from_hands(ROM, hands=hands, dealer=3, turn_up="8s")
    r = bid_in_turn(r, 0, 0, 2, 2)
    # Trick 1: Ad led, trumped with 7s, over-trumped with 9s; the 9s wins.
    r = play_in_turn(r, "Ad", "7s", "9s", "Kd")
    assert r.tricks_won == (0, 0, 1, 0)
    assert trick_winner(r.tricks[0], r.trump) == 2
    # Trick 2: no trump; the Qh beats the led Jh, and the off-suit Ac does not.
    r = play_in_turn(r, "Jh", "Qh", "Ac", "7h")
    assert r.tricks_won == (0, 0, 1, 1)
    assert trick_winner(r.tricks[1], r.trump) == 3
    # Trick 3: trump led; the highest trump wins.
    r = play_in_turn(r, "10s", "Kc", "Js", "Qs")
    assert r.tricks_won == (0, 0, 2, 1)
    assert r.is_over
    # The same cards without a trump: the highest of the led suit.
    assert trick_winner(r.tricks[0], None) == 0  # Ad, led by seat 0, beats Kd
    assert trick_winner(r.tricks[2], None) == 2  # Qs


def not_held(card: str) -> tuple[str, Play, type[IllegalActionError], str]:
    """Seat 0, to lead after the bids, plays a card it does not hold."""
    says = f"seat 0 cannot play {card}: it does not hold {card} (R-PLAY-7)"
    return ("bids-done", Play(seat=0, card=card), CardNotHeldError, says)


@pytest.mark.parametrize(
    ("state", "action", "error", "says"),
    [
        (
            "fresh",
            Play(seat=0, card="Ah"),
            WrongPhaseError,
            "seat 0 cannot play Ah: bidding is not finished, seat 0 bids next (R-PLAY-7)",
        ),
        (
            "one-bid",
            Play(seat=1, card="Kh"),
            WrongPhaseError,
            "bidding is not finished, seat 1 bids next",
        ),
        (
            "bids-done",
            Play(seat=1, card="Kh"),
            OutOfTurnError,
            "seat 1 cannot play Kh: it is seat 0's turn to play (R-PLAY-7)",
        ),
        not_held("Kh"),  # someone else's
        not_held("10s"),  # the turn-up
        not_held("2c"),  # not in the deck
        not_held("8h"),  # not in the deck
        ("trick-done", Play(seat=0, card="Ah"), CardNotHeldError, "it does not hold Ah"),
    ],
    ids=["bidding", "bidding-2", "out-of-turn", "other-seats", "turn-up", "2c", "8h", "played"],
)
def test_r_play_7_out_of_turn_unheld_card_or_card_during_bidding(
    state: str, action: Play, error: type[IllegalActionError], says: str
) -> None:
    r = three_by_two()
    if state == "one-bid":
        r = bid_in_turn(r, 1)
    elif state in ("bids-done", "trick-done"):
        r = bid_in_turn(r, 1, 0, 0)
    if state == "trick-done":
        r = play_in_turn(r, "Ah", "Kh", "Qh")
        assert r.to_act == 0  # seat 0 won the trick and leads again, without its Ah
    refuse(r, action, error, rule="R-PLAY-7", says=says)


OVERTRUMP = attrs.evolve(ROM, must_overtrump=True)
HANDS_R8 = ["Ac Ad", "9h Kd", "8h Jh", "10h Qd"]


def test_r_play_8_must_overtrump_when_able() -> None:
    r = Round.from_hands(OVERTRUMP, hands=HANDS_R8, dealer=3, turn_up="7h")
    r = play_in_turn(bid_in_turn(r, 0, 0, 2, 1), "Ac")
    # Seat 1 must trump; nothing to beat yet, so its one trump will do.
    assert legal_cards(r) == cards("9h")
    r = play_in_turn(r, "9h")
    # Seat 2 can beat the 9h, so only the Jh is allowed.
    assert legal_cards(r) == cards("Jh")
    refuse(
        r,
        Play(seat=2, card="8h"),
        MustOvertrumpError,
        rule="R-PLAY-8",
        says="seat 2 cannot play 8h: it must beat the 9h in the trick with Jh (R-PLAY-8)",
    )
    r = play_in_turn(r, "Jh")
    # Seat 3 cannot beat the Jh: it must still trump, with any trump.
    assert legal_cards(r) == cards("10h")
    refuse(
        r,
        Play(seat=3, card="Qd"),
        MustTrumpError,
        rule="R-PLAY-3",
        says="seat 3 cannot play Qd: it has no clubs but holds hearts 10h and must trump",
    )
    r = play_in_turn(r, "10h")
    assert r.tricks_won == (0, 0, 1, 0)
    # Trump led: seat 3 has no trump left, so any card.
    r = play_in_turn(r, "8h")
    assert legal_cards(r) == cards("Qd")
    r = play_in_turn(r, "Qd", "Ad", "Kd")
    assert r.tricks_won == (0, 0, 2, 0)


def test_r_play_8_off_by_default() -> None:
    assert ROM.must_overtrump is False
    r = Round.from_hands(ROM, hands=HANDS_R8, dealer=3, turn_up="7h")
    r = play_in_turn(bid_in_turn(r, 0, 0, 2, 1), "Ac", "9h")
    assert legal_cards(r) == cards("8h Jh")
    r = play_in_turn(r, "8h", "10h")  # under-trumping is allowed
    assert r.tricks_won == (0, 0, 0, 1)


# ---------------------------------------------------------------------------
# 6. Round scoring
# ---------------------------------------------------------------------------

HANDS_R6 = ["Ad Ac Kc", "7s 7h Js", "9s Jh Qs", "Kd Qh 10s"]


def played_r6(variant: Variant, bids: tuple[int, int, int, int]) -> Round:
    """The R-PLAY-6 deal played out: seat 2 takes two tricks, seat 3 one."""
    r = Round.from_hands(variant, hands=HANDS_R6, dealer=3, turn_up="8s")
    r = play_in_turn(bid_in_turn(r, *bids), "Ad", "7s", "9s", "Kd", "Jh", "Qh", "Ac", "7h")
    r = play_in_turn(r, "10s", "Kc", "Js", "Qs")
    assert r.tricks_won == (0, 0, 2, 1)
    return r


def test_r_score_1_exact_bid_scores_5_plus_bid() -> None:
    r = Round.from_hands(ROM, hands=HANDS_R6, dealer=3, turn_up="8s")
    with pytest.raises(NotOverError, match="not over"):
        _ = r.points
    # Seats 0 and 1 bid 0 and take 0 (5 each); seat 2 bids 2 and takes 2 (7).
    # The dealer may not bid 1 (the hook) and misses: bid 2, took 1, -1.
    r = played_r6(ROM, (0, 0, 2, 2))
    assert r.points == (5, 5, 7, -1)
    assert exact_points(ROM, bid=0, tricks=0) == 5
    assert [exact_points(ROM, bid=b, tricks=b) for b in range(9)] == list(range(5, 14))


def test_r_score_1_options_made_base_and_per_trick() -> None:
    rich = attrs.evolve(ROM, made_base=10, made_per_trick=2)
    assert played_r6(rich, (0, 0, 2, 2)).points == (10, 10, 14, -1)
    assert exact_points(rich, bid=3, tricks=3) == 16


@pytest.mark.parametrize("returned", [2.9, True, None, "7", 10**12])
def test_r_score_1_a_house_scorer_must_give_whole_points(returned: object) -> None:
    # A score sheet holds whole points: nothing is rounded, cut or counted as 1.
    house = attrs.evolve(ROM, scorer=lambda bid, tricks: returned)  # type: ignore[arg-type,return-value]
    with pytest.raises(ConfigurationError) as refused:
        exact_points(house, bid=1, tricks=1)
    assert refused.value.field == "scorer"
    assert refused.value.rule == "R-SCORE-1"
    assert f"for bid 1, tricks 1 it returned {returned!r}" in str(refused.value)
    # A match scores its rounds when asked: the totals are refused, not made up.
    m = finish_round(Match.new(house, players=3, seed=1))
    with pytest.raises(ConfigurationError, match=r"Variant\.scorer"):
        _ = m.totals
    fine = attrs.evolve(ROM, scorer=lambda bid, tricks: 10 * bid - tricks)
    assert exact_points(fine, bid=2, tricks=3) == 17


def test_r_score_2_missed_bid_loses_the_difference() -> None:
    assert exact_points(ROM, bid=3, tricks=2) == -1
    assert exact_points(ROM, bid=3, tricks=6) == -3
    assert exact_points(ROM, bid=0, tricks=4) == -4
    # A played 6-card round: seat 0 holds the five top trumps and the top heart.
    hands = ["As Ks Qs Js 10s Ah", "Kh Qh Jh 10h 9h Ad", "Kd Qd Jd 10d 9d Ac"]
    r = Round.from_hands(ROM, hands=hands, dealer=2, turn_up="9s")
    r = play_out(bid_in_turn(r, 3, 2, 0))
    assert r.tricks_won == (6, 0, 0)
    # bid 3 took 6: -3; bid 2 took 0: -2; bid 0 took 0: made, 5.
    assert r.points == (-3, -2, 5)
    steep = attrs.evolve(ROM, miss_per_trick=2)
    assert played_r6(steep, (0, 0, 2, 2)).points == (5, 5, 7, -2)
    assert exact_points(steep, bid=3, tricks=6) == -6


@pytest.mark.parametrize(
    ("dealer", "turn_up", "tricks_won", "points"),
    [
        # Seat 3 holds every spade, which is trump: it takes all 13 tricks.
        (3, "2s", (0, 0, 0, 13), (0, 7, 0, 7)),
        # Dealer 2 holds every heart, now trump: seats 0 and 2 score.
        (2, "Ah", (0, 0, 13, 0), (7, 0, 7, 0)),
    ],
    ids=["spades", "hearts"],
)
def test_r_score_3_classic_side_with_7_or_more_scores_tricks_minus_6(
    dealer: int, turn_up: str, tricks_won: tuple[int, ...], points: tuple[int, ...]
) -> None:
    r = play_out(Round.from_hands(CLASSIC, hands=ONE_SUIT_EACH, dealer=dealer, turn_up=turn_up))
    assert r.tricks_won == tricks_won
    assert r.points == points


@pytest.mark.parametrize("variant", [ROM, INV, CLASSIC], ids=["1-8-1", "8-1-8", "classic"])
def test_r_score_3_one_entry_point_scores_a_round_by_its_family(variant: Variant) -> None:
    # round_points picks R-SCORE-1/2 or R-SCORE-3; the engine and the kernels
    # score through it, so they agree round for round.
    players = 4
    for seed in range(6):
        r = Round.shuffled(
            variant,
            players=players,
            dealer=seed % players,
            hand_size=13 if variant.is_classic else 5,
            seed=seed,
        )
        outcome = sim.playout(r, rng=seed)
        done = play_out(r)
        expected = (
            classic_points(done.tricks_won)
            if variant.is_classic
            else tuple(
                exact_points(variant, bid=b, tricks=w)
                for b, w in zip(cast("tuple[int, ...]", done.bids), done.tricks_won, strict=True)
            )
        )
        assert round_points(variant, bids=done.bids, tricks=done.tricks_won) == expected
        assert done.points == expected
        assert outcome.points == round_points(variant, bids=outcome.bids, tricks=outcome.tricks_won)


def test_r_score_3_partners_tricks_are_added() -> None:
    assert classic_points((4, 3, 3, 3)) == (1, 0, 1, 0)  # 4 + 3 = 7
    assert classic_points((6, 0, 1, 6)) == (1, 0, 1, 0)  # neither alone has 7
    assert classic_points((3, 3, 3, 4)) == (0, 1, 0, 1)  # 6 against 7
    assert classic_points((0, 5, 2, 6)) == (0, 5, 0, 5)
    for seed in range(3):
        m = play_out(Match.new(CLASSIC, players=4, seed=seed))
        for row in m.score_sheet:
            t = [s.tricks for s in row.seats]
            sides = (t[0] + t[2], t[1] + t[3])
            assert sum(sides) == 13
            expected = tuple(max(sides[seat % 2] - 6, 0) for seat in range(4))
            assert tuple(s.points for s in row.seats) == expected


# ---------------------------------------------------------------------------
# 7. Streak bonus
# ---------------------------------------------------------------------------
#
# 1-8-1 with 4 players: rounds 0-3 and 20-23 are 1-card rounds, 4..9 are
# 2..7 cards, 10-13 are 8 cards, 14..19 are 7..2 cards.
# 8-1-8 with 4 players: rounds 10-13 are the 1-card rounds.


ONES_1_8_1 = frozenset({0, 1, 2, 3, 20, 21, 22, 23})
ONES_8_1_8 = frozenset({10, 11, 12, 13})


def always_made(_: int, seat: int) -> bool:
    """Seats 0, 2 and 3 make every bid; seat 1 misses every bid."""
    return seat != 1


@pytest.mark.parametrize(("made", "paid"), [(True, 10), (False, -10)], ids=["made", "missed"])
def test_r_streak_1_five_made_bids_earn_10_five_misses_cost_10(made: bool, paid: int) -> None:
    s = Streak()
    bonuses_paid = []
    for _ in range(5):
        s, bonus = next_streak(ROM, s, made=made, hand_size=3)
        bonuses_paid.append(bonus)
    assert bonuses_paid == [0, 0, 0, 0, paid]
    # In a match: seats 0, 2, 3 make every bid, seat 1 misses every bid. The
    # 1-card rounds 0-3 do not count, so the 5th counted round is round 8.
    seat = 0 if made else 1
    rows = scripted_match(ROM, players=4, plan=always_made).score_sheet
    assert [rows[i].seats[seat].bonus for i in range(9)] == [0] * 8 + [paid]


def test_r_streak_2_count_restarts_so_every_fifth_pays() -> None:
    s = Streak()
    paid = []
    for _ in range(15):
        s, bonus = next_streak(ROM, s, made=True, hand_size=4)
        paid.append(bonus)
    assert [i + 1 for i, b in enumerate(paid) if b] == [5, 10, 15]
    assert s == Streak()
    # Counted rounds are 4..19: the 5th, 10th and 15th are rounds 8, 13, 18;
    # round 19 starts a new run of 1.
    m = scripted_match(ROM, players=4, plan=always_made)
    assert bonuses(m, 0) == {8: 10, 13: 10, 18: 10}
    assert bonuses(m, 2) == {8: 10, 13: 10, 18: 10}
    assert bonuses(m, 1) == {8: -10, 13: -10, 18: -10}
    assert m.streaks[0] == Streak(made=1)
    assert m.streaks[1] == Streak(missed=1)


def test_r_streak_2_options_length_and_amount() -> None:
    three = attrs.evolve(ROM, streak_length=3, streak_bonus=25)
    s, paid = Streak(), []
    for _ in range(6):
        s, bonus = next_streak(three, s, made=True, hand_size=2)
        paid.append(bonus)
    assert paid == [0, 0, 25, 0, 0, 25]
    m = scripted_match(three, players=4, plan=always_made)
    assert bonuses(m, 0) == {6: 25, 9: 25, 12: 25, 15: 25, 18: 25}
    assert bonuses(m, 1) == {6: -25, 9: -25, 12: -25, 15: -25, 18: -25}
    off = scripted_match(attrs.evolve(ROM, streak_bonus=0), players=4, plan=always_made)
    assert [bonuses(off, s) for s in range(4)] == [{}, {}, {}, {}]


def test_r_streak_3_made_breaks_misses_and_miss_breaks_mades() -> None:
    assert next_streak(ROM, Streak(made=4), made=False, hand_size=3) == (Streak(missed=1), 0)
    assert next_streak(ROM, Streak(missed=4), made=True, hand_size=3) == (Streak(made=1), 0)

    # Seat 0 makes every bid but round 8; seat 2 misses every bid but round 8;
    # seat 3 always makes; seat 1 misses, except that in 1-card rounds it bids
    # whatever the hook allows.
    def plan(index: int, seat: int) -> bool | None:
        if seat == 0:
            return index != 8
        if seat == 2:
            return index == 8
        if seat == 1 and index in ONES_1_8_1:
            return None
        return seat == 3

    m = scripted_match(ROM, players=4, plan=plan)
    # Rounds 4-7 build a run of 4; round 8 breaks it with no payment; rounds
    # 9-13 are a new run of 5, paid in round 13; rounds 14-18 pay again.
    assert bonuses(m, 0) == {13: 10, 18: 10}
    assert bonuses(m, 2) == {13: -10, 18: -10}
    assert m.score_sheet[8].seats[0].bonus == 0
    assert m.score_sheet[8].seats[2].bonus == 0


def streak_4_plan(index: int, seat: int) -> bool | None:
    """8-1-8, 4 players. Seat 0 misses round 7 and every 1-card round (10-13);
    seat 2 misses only round 7; seat 3 always makes; seat 1 misses, except
    that in 1-card rounds it bids whatever the hook allows."""
    if seat == 0:
        return index != 7 and index not in ONES_8_1_8
    if seat == 2:
        return index != 7
    if seat == 1 and index in ONES_8_1_8:
        return None
    return seat == 3


def test_r_streak_4_one_card_rounds_neither_add_nor_break() -> None:
    for made in (True, False):
        for s in (Streak(made=2), Streak(missed=4), Streak()):
            assert next_streak(ROM, s, made=made, hand_size=1) == (s, 0)
    m = scripted_match(INV, players=4, plan=streak_4_plan)
    # Seats 0 and 2: rounds 0-4 pay; 5, 6 run to 2; 7 misses; 8, 9 run to 2;
    # the 1-card rounds 10-13 pass over (seat 0 missed them, seat 2 made
    # them); 14, 15, 16 take the run to 5; 17-21 pay again.
    assert bonuses(m, 0) == {4: 10, 16: 10, 21: 10}
    assert bonuses(m, 2) == {4: 10, 16: 10, 21: 10}
    assert bonuses(m, 1) == {4: -10, 9: -10, 18: -10, 23: -10}
    assert bonuses(m, 3) == {4: 10, 9: 10, 18: 10, 23: 10}
    assert all(not row.seats[s].bonus for row in m.score_sheet[10:14] for s in range(4))


def test_r_streak_4_option_break() -> None:
    breaking = attrs.evolve(INV, one_card_rounds="break")
    assert next_streak(breaking, Streak(made=3), made=True, hand_size=1) == (Streak(), 0)
    assert next_streak(breaking, Streak(missed=3), made=False, hand_size=1) == (Streak(), 0)
    m = scripted_match(breaking, players=4, plan=streak_4_plan)
    # The 1-card block resets every run: rounds 14-18 and 19-23 pay.
    assert bonuses(m, 0) == {4: 10, 18: 10, 23: 10}
    assert bonuses(m, 2) == {4: 10, 18: 10, 23: 10}
    assert bonuses(m, 1) == {4: -10, 9: -10, 18: -10, 23: -10}


def test_r_streak_4_option_count() -> None:
    counting = attrs.evolve(INV, one_card_rounds="count")
    assert next_streak(counting, Streak(made=4), made=True, hand_size=1) == (Streak(), 10)
    m = scripted_match(counting, players=4, plan=streak_4_plan)
    # Seat 0's misses in 10-13 break its run of 2 and build a run of 4 misses,
    # which round 14 breaks; rounds 14-18 and 19-23 pay.
    assert bonuses(m, 0) == {4: 10, 18: 10, 23: 10}
    # Seat 2's made 1-card rounds count: 8, 9, 10, 11, 12 pay, then 13-17, 18-22.
    assert bonuses(m, 2) == {4: 10, 12: 10, 17: 10, 22: 10}
    # Seat 3 makes all 24: 0-4, 5-9, 10-14, 15-19 pay; 20-23 is a run of 4.
    assert bonuses(m, 3) == {4: 10, 9: 10, 14: 10, 19: 10}
    assert m.streaks[3] == Streak(made=4)


def test_r_streak_5_bonus_paid_in_the_completing_round_apart_from_points() -> None:
    m = scripted_match(ROM, players=4, plan=always_made)
    rows = m.score_sheet
    row = rows[8]  # seat 0's fifth counted made bid
    seat = row.seats[0]
    assert seat.bid == seat.tricks
    assert seat.points == 5 + seat.bid  # the round's own score, without the bonus
    assert seat.bonus == 10
    assert seat.total == rows[7].seats[0].total + seat.points + 10
    assert m.rounds[8].points[0] == seat.points
    missed = row.seats[1]
    assert missed.bid is not None
    assert missed.points == -abs(missed.bid - missed.tricks)
    assert missed.bonus == -10
    assert missed.total == rows[7].seats[1].total + missed.points - 10
    # Every row: total = previous total + points + bonus.
    for s in range(4):
        running = 0
        for r in rows:
            running += r.seats[s].points + r.seats[s].bonus
            assert r.seats[s].total == running
        assert m.totals[s] == running


# ---------------------------------------------------------------------------
# 8. End of the match
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r_end_1_match_ends_when_the_schedule_ends(players: int) -> None:
    m = Match.new(ROM, players=players, seed=6)
    rounds = 3 * players + 12
    for _ in range(rounds - 1):
        m = finish_round(m)
        assert not m.is_over
        assert m.to_act is not None
    m = play_out(m)
    assert m.is_over
    assert len(m.rounds) == len(m.score_sheet) == rounds
    assert m.to_act is None
    assert m.legal_actions() == ()
    assert m.round == m.rounds[-1]
    best = max(m.totals)
    assert m.winners == tuple(s for s in range(players) if m.totals[s] == best)


def test_r_end_1_no_target_and_no_early_finish() -> None:
    # A huge score after round 1 ends nothing; a target has no place in the exact family, so
    # it is refused rather than silently ignored.
    with pytest.raises(ConfigurationError, match="the exact-bid family has no target") as info:
        attrs.evolve(ROM, target=1)
    assert info.value.field == "target"
    rich = attrs.evolve(ROM, made_base=1000)
    m = scripted_match(rich, players=3, plan=lambda i, s: True if s == 0 else None)
    assert len(m.rounds) == 21
    assert m.score_sheet[0].seats[0].total >= 1000


def test_r_end_1_highest_total_wins_and_a_tie_shares() -> None:
    flat = attrs.evolve(ROM, schedule=(2, 3), made_per_trick=0, miss_per_trick=0, streak_bonus=0)
    # made: 5, missed: 0. Seats 0 and 2 make both bids: 10, 0, 10, 0.
    tie = scripted_match(flat, players=4, plan=lambda i, s: s in (0, 2))
    assert tie.totals == (10, 0, 10, 0)
    assert tie.winners == (0, 2)
    one = scripted_match(flat, players=4, plan=lambda i, s: s == 3 or (s == 0 and i == 0))
    assert one.totals == (5, 0, 0, 10)
    assert one.winners == (3,)


@pytest.mark.parametrize("target", [5, 7, 10])
def test_r_end_2_classic_side_reaching_target_wins_after_the_round(target: int) -> None:
    variant = CLASSIC if target == 5 else attrs.evolve(CLASSIC, target=target)
    longest = 0
    for seed in range(5):
        m = play_out(Match.new(variant, players=4, seed=seed))
        rows = m.score_sheet
        longest = max(longest, len(rows))
        for row in rows[:-1]:
            assert max(s.total for s in row.seats) < target
        last = [s.total for s in rows[-1].seats]
        assert max(last) >= target
        # partners show their side's total
        assert last[0] == last[2]
        assert last[1] == last[3]
        side = 0 if last[0] >= target else 1
        assert m.winners == (side, side + 2)
        assert m.to_act is None
        assert m.legal_actions() == ()
    # Some match needed more than one round, so "not yet" was tested too.
    assert longest > 1


@pytest.mark.parametrize(
    ("target", "seed", "side_tricks"),
    [
        (5, 14, [(9, 4), (5, 8), (4, 9)]),
        (7, 8, [(7, 6), (5, 8), (6, 7), (3, 10)]),
        (10, 3, [(1, 12), (5, 8), (8, 5), (5, 8)]),
    ],
    ids=["short-5", "long-7", "long-10"],
)
def test_r_end_2_classic_game_ends_on_exactly_the_target(
    target: int, seed: int, side_tricks: list[tuple[int, int]]
) -> None:
    """A side that reaches the target exactly, not past it, wins (``>=``, not ``>``).

    Seeded matches played with the first legal card, chosen because the last
    deal lands a side exactly on the target. ``side_tricks`` are the tricks
    of seats 0+2 and 1+3 in each deal; by R-SCORE-3 a side scores its tricks
    over 6, so seed 14 runs 3-0, 3-2, 3-5 (short whist, 5); seed 8 runs
    1-0, 1-2, 1-3, 1-7 (to 7); seed 3 runs 0-6, 0-8, 2-8, 2-10 (to 10).
    """
    variant = CLASSIC if target == 5 else attrs.evolve(CLASSIC, target=target)
    m = Match.new(variant, players=4, seed=seed)
    expected = [0, 0]
    for deal, tricks in enumerate(side_tricks, start=1):
        m = finish_round(m)
        won = m.rounds[-1].tricks_won
        assert (won[0] + won[2], won[1] + won[3]) == tricks
        expected = [total + max(t - 6, 0) for total, t in zip(expected, tricks, strict=True)]
        row = m.score_sheet[-1]
        assert [row.seats[0].total, row.seats[1].total] == expected
        if deal < len(side_tricks):
            assert max(expected) < target
            assert not m.is_over
            assert m.to_act is not None
    assert max(expected) == target  # exactly on the target
    assert m.is_over
    assert len(m.rounds) == len(side_tricks)
    assert m.winners == (1, 3)
    assert m.legal_actions() == ()


@pytest.mark.parametrize(
    ("action", "says"),
    [
        (Play(seat=0, card="Ah"), "seat 0 cannot play Ah: the round is over (R-END-4)"),
        (Bid(seat=0, tricks=0), "seat 0 cannot bid 0: the round is over (R-END-4)"),
        (Play(seat=1, card="Kh"), "the round is over"),
    ],
    ids=["played-card", "bid", "other-seat"],
)
def test_r_end_4_no_action_after_the_round_is_over(action: Action, says: str) -> None:
    r = Round.from_hands(ROM, hands=["Ah", "Kh", "Qh"], dealer=2, turn_up="9s")
    r = play_in_turn(bid_in_turn(r, 1, 1, 1), "Ah", "Kh", "Qh")
    assert r.is_over
    assert r.to_act is None
    assert r.legal_actions() == ()
    assert r.points == (6, -1, -1)
    refuse(r, action, GameOverError, rule="R-END-4", says=says)


@pytest.mark.parametrize(
    "variant",
    [attrs.evolve(ROM, schedule=(1,)), attrs.evolve(INV, schedule=(2, 1)), CLASSIC],
    ids=["one-round", "two-rounds", "classic"],
)
def test_r_end_4_no_action_after_the_match_is_over(variant: Variant) -> None:
    m = play_out(Match.new(variant, players=4, seed=3))
    assert m.is_over
    assert m == play_out(Match.new(variant, players=4, seed=3))
    assert m.to_act is None
    last = m.round
    seat = last.dealer
    held = next(iter(last.hands[seat]))
    for action in (Bid(seat=seat, tricks=0), Play(seat=seat, card=held)):
        refuse(m, action, GameOverError, rule="R-END-4", says="the match is over (R-END-4)")


def test_r_deck_4_hands_must_be_one_per_seat() -> None:
    with pytest.raises(InvalidDealError, match="one hand per seat") as info:
        Round.from_hands(ROM, hands="Ah Kh Qh", dealer=0, turn_up="Jh")
    assert info.value.rule == "R-DECK-4"
