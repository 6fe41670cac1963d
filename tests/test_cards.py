"""Cards, card sets, actions and tricks: parsing, identity, immutability."""

from __future__ import annotations

import copy
import operator
import pickle
import pydoc
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import whist_ro as wr
from whist_ro import Bid, Card, CardSet, Play, Rank, Suit, Trick
from whist_ro._check import excerpt
from whist_ro._immutable import Immutable
from whist_ro.errors import InvalidTrickError

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


def test_cards_are_interned_and_survive_copy_and_pickle() -> None:
    card = Card.parse("Kd")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert len({Card.parse("Kd"), Card.parse("KD"), Card.parse("K♦")}) == 1


def test_R_DECK_1_no_card_order_between_suits() -> None:
    # Suits are unordered, so cards do not compare; ranks do.
    with pytest.raises(TypeError):
        _ = Card.parse("Ah") < Card.parse("Ks")  # type: ignore[operator]
    assert Card.parse("Ah").rank > Card.parse("Ks").rank


@pytest.mark.parametrize("compare", [operator.lt, operator.le, operator.gt, operator.ge])
def test_R_DECK_1_suits_do_not_order(compare: Callable[[Suit, Suit], bool]) -> None:
    with pytest.raises(TypeError):
        compare(Suit.CLUBS, Suit.HEARTS)
    with pytest.raises(TypeError):
        sorted(Suit)
    # Equality and the int arithmetic of card masks still work.
    assert [suit == Suit.CLUBS for suit in Suit] == [True, False, False, False]
    assert Card.parse("Ah").bit == 16 * Suit.HEARTS + Rank.ACE


def test_no_enum_member_is_false() -> None:
    # ``if trump:`` must hold for clubs, whose value is 0.
    assert all(bool(member) for member in [*Suit, *Rank])
    assert int(Suit.CLUBS) == 0


def test_ranks_still_order() -> None:
    assert sorted([Rank.ACE, Rank.TWO, Rank.TEN]) == [Rank.TWO, Rank.TEN, Rank.ACE]
    assert max(Rank) is Rank.ACE


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
    for text in ("7c", "7C", "7♣"):  # card text works in ``in``
        assert text in hand
    assert "7d" not in hand
    assert hand.of_suit(Suit.HEARTS) == CardSet.parse("10h Ah")
    assert hand - CardSet.parse("Ks") == CardSet.parse("Ah 10h 7c")
    assert hand | CardSet.parse("2d") == CardSet.parse("Ah 10h 7c Ks 2d")
    assert hand & CardSet.parse("Ks 2d") == CardSet.parse("Ks")
    assert not CardSet()
    assert hand ^ CardSet.parse("Ks 2d") == CardSet.parse("Ah 10h 7c 2d")
    assert CardSet.from_mask(hand.mask) == hand
    assert hash(CardSet.from_mask(hand.mask)) == hash(hand)
    with pytest.raises(wr.CardParseError):
        CardSet.from_mask(1)


@pytest.mark.parametrize("junk", [7, None, ["Ah"], "7x", "", 10**5000], ids=excerpt)
def test_cardset_membership_refuses_what_is_not_a_card(junk: object) -> None:
    # A silent False would hide a typo or a wrong type.
    for cards in (CardSet.parse("Ah 7c"), wr.Deck.for_game(wr.variants.ROMANIAN, 4)):
        with pytest.raises(wr.CardParseError):
            _ = junk in cards


def test_deck_membership_takes_card_text() -> None:
    deck = wr.Deck.for_game(wr.variants.ROMANIAN, 3)
    assert "Ac" in deck  # type: ignore[comparison-overlap]
    assert Card.parse("9c") in deck
    assert "8c" not in deck  # type: ignore[comparison-overlap]


@pytest.mark.parametrize("other", [1, "Ah", None, Card.parse("Ah"), frozenset()])
@pytest.mark.parametrize("combine", [operator.or_, operator.and_, operator.sub, operator.xor])
def test_cardset_operators_take_only_card_sets(
    combine: Callable[[object, object], object], other: object
) -> None:
    # Python's convention: NotImplemented from both sides becomes a TypeError.
    with pytest.raises(TypeError, match="unsupported operand"):
        combine(CardSet.parse("Ah"), other)


def test_actions_are_values() -> None:
    assert Bid(seat=1, tricks=2) == Bid(seat=1, tricks=2)
    assert Bid(seat=1, tricks=2) != Bid(seat=2, tricks=2)
    assert Play(seat=0, card="Ah") == Play(seat=0, card=Card.parse("A♥"))
    assert Play(seat=0, card="Ah") != Bid(seat=0, tricks=0)
    assert Bid(seat=1, tricks=99).tricks == 99  # range is a rule, checked on apply
    assert Bid(seat=20, tricks=-1) == Bid(seat=20, tricks=-1)  # built outside the tables
    assert pickle.loads(pickle.dumps(Play(seat=2, card="9c"))) is Play(seat=2, card="9c")
    assert pickle.loads(pickle.dumps(Bid(seat=20, tricks=3))) == Bid(seat=20, tricks=3)
    assert repr(Play(seat=2, card="9c")) == "Play(seat=2, card=Card.parse('9c'))"


def test_actions_share_one_documented_base() -> None:
    assert isinstance(Bid(seat=0, tricks=1), wr.Action)
    assert isinstance(Play(seat=30, card="Ah"), wr.Action)
    assert not isinstance(Card.parse("Ah"), wr.Action)
    assert "a Bid or a Play" in (wr.Action.__doc__ or "")
    assert "UnionType" not in pydoc.render_doc(wr.Action)
    with pytest.raises(wr.ActionTypeError, match="build a Bid or a Play"):
        wr.Action()


def test_trick_seats_and_winner() -> None:
    trick = Trick(leader=3, cards=["Kh", "Ah", "2s"], players=4)
    assert trick.seats == (3, 0, 1)
    assert not trick.is_complete
    assert trick.led_suit is Suit.HEARTS
    assert wr.trick_winner(trick, None) == 0
    assert wr.trick_winner(trick, Suit.SPADES) == 1
    assert wr.trick_winner(trick, Suit.CLUBS) == 0
    assert trick.plays[1] == Play(seat=0, card="Ah")


def test_R_DECK_4_a_trick_holds_no_card_twice() -> None:
    with pytest.raises(InvalidTrickError, match="Ah twice") as caught:
        Trick(leader=0, cards=["Ah", "Kh", "A♥"], players=4)
    assert caught.value.rule == "R-DECK-4"
    assert isinstance(caught.value, ValueError)


def test_R_PLAY_7_a_trick_holds_one_card_per_seat() -> None:
    with pytest.raises(InvalidTrickError, match="cannot hold 3 cards") as caught:
        Trick(leader=0, cards=["Ah", "Kh", "Qh"], players=2)
    assert caught.value.rule == "R-PLAY-7"


def test_trick_refuses_bad_shapes() -> None:
    with pytest.raises(wr.ConfigurationError):
        Trick(leader=4, cards=[], players=4)
    with pytest.raises(wr.ConfigurationError):
        Trick(leader=0, cards=[], players=True)
    with pytest.raises(wr.NotOverError):
        wr.trick_winner(Trick(leader=0, cards=[], players=4), None)


VALUES: list[object] = [
    Card.parse("Ah"),
    CardSet.parse("Ah Kd"),
    wr.Deck.for_game(wr.variants.ROMANIAN, 4),
    wr.Schedule.for_game(wr.variants.CLASSIC, 4),
    Trick(leader=1, cards=["Ah", "Kh"], players=4),
    Bid(seat=1, tricks=2),
    Bid(seat=40, tricks=2),
    Play(seat=0, card="Ah"),
]


@pytest.mark.parametrize("value", VALUES, ids=lambda value: type(value).__name__)
def test_immutable_values_pickle_and_copy(value: object) -> None:
    assert isinstance(value, Immutable)
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.copy(value) is value
    assert copy.deepcopy(value) is value


def _slots(value: object) -> list[str]:
    return [name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())]


@pytest.mark.parametrize("value", VALUES, ids=lambda value: type(value).__name__)
def test_every_attribute_refuses_assignment(value: object) -> None:
    names = _slots(value)
    assert names, "a value class keeps its fields in slots"
    before = [getattr(value, name) for name in names]
    for name in [*names, "extra"]:
        with pytest.raises(AttributeError, match="immutable"):
            setattr(value, name, 1)
        with pytest.raises(AttributeError, match="immutable"):
            delattr(value, name)
    assert [getattr(value, name) for name in names] == before
