"""Cards, card sets, actions and tricks: parsing, identity, immutability."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import whist_ro as wr
from whist_ro import Bid, Card, CardSet, Play, Rank, Suit, Trick

ALL_CARDS = [Card(suit, rank) for suit in Suit for rank in Rank]


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("Ah", Suit.HEARTS, Rank.ACE),
        ("AH", Suit.HEARTS, Rank.ACE),
        ("10h", Suit.HEARTS, Rank.TEN),
        ("Th", Suit.HEARTS, Rank.TEN),
        ("tH", Suit.HEARTS, Rank.TEN),
        ("A♥", Suit.HEARTS, Rank.ACE),
        ("Q♠", Suit.SPADES, Rank.QUEEN),
        ("2c", Suit.CLUBS, Rank.TWO),
        ("J♦", Suit.DIAMONDS, Rank.JACK),
        (" 9s ", Suit.SPADES, Rank.NINE),
    ],
)
def test_parse_accepts_the_usual_notations(text: str, suit: Suit, rank: Rank) -> None:
    card = Card.parse(text)
    assert (card.suit, card.rank) == (suit, rank)
    assert card is Card(suit, rank)


@pytest.mark.parametrize("text", ["", "A", "1h", "11h", "Ax", "hA", "10", "♥A"])
def test_parse_refuses_nonsense(text: str) -> None:
    with pytest.raises(wr.CardParseError, match="cannot read"):
        Card.parse(text)


def test_parse_refuses_non_text() -> None:
    with pytest.raises(wr.CardParseError):
        Card.parse(14)  # type: ignore[arg-type]


@given(st.sampled_from(ALL_CARDS))
def test_str_round_trips_through_parse(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(card.pretty) is card
    assert Card.from_bit(card.bit) is card
    assert eval(repr(card), {"Card": Card}) is card


def test_cards_are_interned_immutable_and_survive_copy_and_pickle() -> None:
    card = Card.parse("Kd")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE
    assert len({Card.parse("Kd"), Card.parse("KD"), Card.parse("K♦")}) == 1


def test_no_card_order_between_suits() -> None:
    # R-DECK-1: suits are unordered, so cards do not compare; ranks do.
    with pytest.raises(TypeError):
        _ = Card.parse("Ah") < Card.parse("Ks")  # type: ignore[operator]
    assert Card.parse("Ah").rank > Card.parse("Ks").rank


def test_card_from_bad_values() -> None:
    with pytest.raises(wr.CardParseError):
        Card(Suit.HEARTS, 15)
    with pytest.raises(wr.CardParseError):
        Card.from_bit(1)


def test_cardset_behaves_as_an_immutable_set() -> None:
    hand = CardSet.parse("Ah 10h 7c Ks")
    assert len(hand) == 4
    assert [str(c) for c in hand] == ["Ks", "Ah", "10h", "7c"]
    assert Card.parse("7c") in hand
    assert Card.parse("7d") not in hand
    assert "7c" not in hand  # only cards are members
    assert hand.of_suit(Suit.HEARTS) == CardSet.parse("10h Ah")
    assert hand - CardSet.parse("Ks") == CardSet.parse("Ah 10h 7c")
    assert hand | CardSet.parse("2d") == CardSet.parse("Ah 10h 7c Ks 2d")
    assert hand & CardSet.parse("Ks 2d") == CardSet.parse("Ks")
    assert not CardSet()
    assert CardSet.from_mask(hand.mask) == hand
    assert hash(CardSet.from_mask(hand.mask)) == hash(hand)
    with pytest.raises(AttributeError):
        hand._mask = 0
    with pytest.raises(wr.CardParseError):
        CardSet.from_mask(1)


def test_actions_are_values() -> None:
    assert Bid(seat=1, tricks=2) == Bid(seat=1, tricks=2)
    assert Bid(seat=1, tricks=2) != Bid(seat=2, tricks=2)
    assert Play(seat=0, card="Ah") == Play(seat=0, card=Card.parse("A♥"))
    assert Play(seat=0, card="Ah") != Bid(seat=0, tricks=0)
    assert Bid(seat=1, tricks=99).tricks == 99  # range is a rule, checked on apply
    assert pickle.loads(pickle.dumps(Play(seat=2, card="9c"))) == Play(seat=2, card="9c")
    assert repr(Play(seat=2, card="9c")) == "Play(seat=2, card=Card.parse('9c'))"
    with pytest.raises(AttributeError):
        Bid(seat=1, tricks=2).tricks = 3


@pytest.mark.parametrize(
    "make",
    [
        lambda: Bid(seat=-1, tricks=0),
        lambda: Bid(seat=0, tricks="2"),  # type: ignore[arg-type]
        lambda: Bid(seat=True, tricks=0),
        lambda: Play(seat=0, card=3),  # type: ignore[arg-type]
    ],
)
def test_malformed_actions_are_refused(make: object) -> None:
    with pytest.raises(wr.ActionTypeError):
        make()  # type: ignore[operator]


def test_trick_seats_and_winner() -> None:
    trick = Trick(leader=3, cards=["Kh", "Ah", "2s"], players=4)
    assert trick.seats == (3, 0, 1)
    assert not trick.is_complete
    assert trick.led_suit is Suit.HEARTS
    assert wr.trick_winner(trick, None) == 0
    assert wr.trick_winner(trick, Suit.SPADES) == 1
    assert wr.trick_winner(trick, Suit.CLUBS) == 0
    assert trick.plays[1] == Play(seat=0, card="Ah")


def test_trick_refuses_bad_shapes() -> None:
    with pytest.raises(wr.ActionTypeError):
        Trick(leader=0, cards=["Ah", "Ah"], players=4)
    with pytest.raises(wr.ActionTypeError):
        Trick(leader=0, cards=["Ah", "Kh", "Qh"], players=2)
    with pytest.raises(wr.ConfigurationError):
        Trick(leader=4, cards=[], players=4)
    with pytest.raises(wr.ActionTypeError):
        wr.trick_winner(Trick(leader=0, cards=[], players=4), None)


def test_immutable_values_pickle_and_copy() -> None:
    values: list[object] = [
        CardSet.parse("Ah Kd"),
        wr.Deck.for_game(wr.variants.ROMANIAN, 4),
        wr.Schedule.for_game(wr.variants.CLASSIC, 4),
        Trick(leader=1, cards=["Ah", "Kh"], players=4),
    ]
    for value in values:
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) is value
