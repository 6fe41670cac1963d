"""Every refusal of the engine, from a real position, in English and in Romanian.

A refusal keeps the values its message is made of (``error.evidence``) and
its template (``error.template``), or is a fixed sentence of the catalogue:
``error.explain("ro")`` says it in Romanian, ``str(error)`` stays English.
Each case below builds the position that provokes one refusal and names the
rule it must cite; together they cover every rule ID the engine (a round,
a match, a deal) refuses under (``RULES_REFUSED``).
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable

import attrs
import pytest

import whist_ro as wr
from whist_ro import Bid, Play, records, variants

# Three players, two cards each, spades trump; seat 0 bids first, seat 2 deals.
HANDS = ["Ah Jc", "Kh 10c", "9d 10s"]


def bidding() -> wr.Round:
    return wr.Round.from_hands(variants.ROMANIAN, hands=HANDS, dealer=2, turn_up="Qs")


def playing() -> wr.Round:
    r = bidding()
    for seat, bid in enumerate((0, 0, 1)):
        r = r.apply(Bid(seat=seat, tricks=bid))
    return r


def led() -> wr.Round:
    return playing().apply(Play(seat=0, card="Jc"))


def finished_round() -> wr.Round:
    return wr.random_playout(playing(), seed=1)


def overtrumping() -> wr.Round:
    variant = wr.Variant(name="overtrump", must_overtrump=True)
    r = wr.Round.from_hands(variant, hands=["Jc Ah", "10s Kh", "Ks 9s"], dealer=2, turn_up="Qs")
    for seat, bid in enumerate((0, 0, 1)):
        r = r.apply(Bid(seat=seat, tricks=bid))
    return r.apply(Play(seat=0, card="Jc")).apply(Play(seat=1, card="10s"))


def dealt(hands: list[str], turn_up: str | None = None) -> wr.Round:
    return wr.Round.from_hands(variants.ROMANIAN, hands=hands, dealer=2, turn_up=turn_up)


def whole_deck(*, turn_up: bool = False, classic: bool = False) -> wr.Round:
    """The whole deck dealt: no turn-up may be given, or (classic) it is the dealer's own."""
    variant = variants.CLASSIC if classic else variants.ROMANIAN
    players, size = (4, 13) if classic else (3, 8)
    deal = wr.Deal.shuffled(variant, players=players, dealer=0, hand_size=size, seed=1)
    hands = [str(hand) for hand in deal.hands]
    card = str(next(iter(deal.hands[1])))  # another seat's card
    return wr.Round.from_hands(
        variant, hands=hands, dealer=0, turn_up=card if turn_up or classic else None
    )


def finished_match(variant: wr.Variant = variants.ROMANIAN) -> wr.Match:
    players = 4 if variant.is_classic else 3
    return wr.random_playout(wr.Match.new(variant, players=players, seed=3), seed=3)


def out_of_deals() -> None:
    deal = wr.Deal.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=1, seed=1)
    m = wr.Match.new(variants.ROMANIAN, deals=[deal])
    while True:
        m = m.apply(m.legal_actions()[0])


CASES: dict[str, tuple[str, Callable[[], object]]] = {
    "bid after the round": ("R-END-4", lambda: finished_round().apply(Bid(seat=0, tricks=0))),
    "play after the round": ("R-END-4", lambda: finished_round().apply(Play(seat=0, card="Ah"))),
    "bid after the match": ("R-END-4", lambda: finished_match().apply(Bid(seat=0, tricks=0))),
    "play after the match": ("R-END-4", lambda: finished_match().apply(Play(seat=0, card="Ah"))),
    "only card after the match": (
        "R-END-4",
        lambda: finished_match().apply(Play(seat=0, card=None)),
    ),
    "abandon after the match": ("R-END-4", lambda: finished_match().abandon()),
    "concede after the match": (
        "R-END-4",
        lambda: finished_match(variants.CLASSIC).concede(seat=0),
    ),
    "classic abandons": (
        "R-END-3",
        lambda: wr.Match.new(variants.CLASSIC, players=4, seed=1).abandon(),
    ),
    "abandon mid-round": (
        "R-END-3",
        lambda: (
            (m := wr.Match.new(variants.ROMANIAN, players=3, seed=4))
            .apply(m.legal_actions()[0])
            .abandon()
        ),
    ),
    "exact concedes": (
        "R-END-3",
        lambda: wr.Match.new(variants.ROMANIAN, players=3, seed=1).concede(seat=0),
    ),
    "out of deals": ("R-SCHED-4", out_of_deals),
    "classic bids": (
        "R-BID-3",
        lambda: wr.Match.new(variants.CLASSIC, players=4, seed=1).apply(Bid(seat=1, tricks=1)),
    ),
    "bid during play": ("R-BID-3", lambda: playing().apply(Bid(seat=0, tricks=0))),
    "bid out of turn": ("R-BID-3", lambda: bidding().apply(Bid(seat=1, tricks=0))),
    "bid out of range": ("R-BID-3", lambda: bidding().apply(Bid(seat=0, tricks=5))),
    "the hook": (
        "R-BID-2",
        lambda: (
            bidding()
            .apply(Bid(seat=0, tricks=0))
            .apply(Bid(seat=1, tricks=0))
            .apply(Bid(seat=2, tricks=2))
        ),
    ),
    "play during bidding": ("R-PLAY-7", lambda: bidding().apply(Play(seat=0, card="Ah"))),
    "play out of turn": ("R-PLAY-7", lambda: playing().apply(Play(seat=1, card="Kh"))),
    "card not held": ("R-PLAY-7", lambda: playing().apply(Play(seat=0, card="Kh"))),
    "no only card": ("R-PLAY-7", lambda: playing().apply(Play(seat=0, card=None))),
    "only card during bidding": ("R-PLAY-7", lambda: bidding().apply(Play(seat=0, card=None))),
    "only card out of turn": ("R-PLAY-7", lambda: playing().apply(Play(seat=1, card=None))),
    "only card after the round": (
        "R-END-4",
        lambda: finished_round().apply(Play(seat=0, card=None)),
    ),
    "follow suit": ("R-PLAY-2", lambda: led().apply(Play(seat=1, card="Kh"))),
    "trump": (
        "R-PLAY-3",
        lambda: led().apply(Play(seat=1, card="10c")).apply(Play(seat=2, card="9d")),
    ),
    "overtrump": ("R-PLAY-8", lambda: overtrumping().apply(Play(seat=2, card="9s"))),
    "dealt twice": ("R-DECK-4", lambda: dealt(["Ah Jc", "Ah 10c", "9d 10s"], turn_up="Qs")),
    "uneven hands": ("R-DECK-4", lambda: dealt(["Ah Jc", "Kh 10c", "9d"], turn_up="Qs")),
    "not in the deck": ("R-DECK-4", lambda: dealt(["Ah 2c", "Kh 10c", "9d 10s"], turn_up="Qs")),
    # A bad deal is refused under R-DECK-4 whichever check fails; the turn-up's
    # refusals cite the trump rule too (TRUMP_RULE_CITED below).
    "no turn-up": ("R-DECK-4", lambda: dealt(HANDS)),
    "turn-up held": ("R-DECK-4", lambda: dealt(HANDS, turn_up="Ah")),
    "turn-up of a whole deck": ("R-DECK-4", lambda: whole_deck(turn_up=True)),
    "classic turn-up not the dealer's": ("R-DECK-4", lambda: whole_deck(classic=True)),
    "schedule the deck cannot supply": (
        "R-SCHED-5",
        lambda: wr.Match.new(attrs.evolve(variants.ROMANIAN, schedule=(2, 9)), players=4, seed=1),
    ),
    "hand too big for the deck": (
        "R-SCHED-5",
        lambda: wr.Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=9, seed=1),
    ),
}
TRUMP_RULE_CITED = {
    "no turn-up": "R-TRUMP-1",
    "turn-up held": "R-TRUMP-1",
    "turn-up of a whole deck": "R-TRUMP-2",
    "classic turn-up not the dealer's": "R-TRUMP-3",
}
RULES_REFUSED = {
    "R-DECK-4",
    "R-SCHED-5",
    "R-END-3",
    "R-END-4",
    "R-SCHED-4",
    "R-BID-2",
    "R-BID-3",
    "R-PLAY-2",
    "R-PLAY-3",
    "R-PLAY-7",
    "R-PLAY-8",
}
WORDS = re.compile(r"[A-Za-z]{2,}")


RULE_IDS = re.compile(r"R-[A-Z]+-\d+")


def refusal(make: Callable[[], object]) -> wr.WhistError:
    with pytest.raises(wr.WhistError) as caught:
        make()
    return caught.value


def english_pieces(error: wr.WhistError) -> list[str]:
    """The English words of the error's message between its values (two words or more)."""
    source = error.template or str(error)
    literals = [literal for literal, *_ in string.Formatter().parse(source)]
    pieces = (literal.strip(" .,:;()'") for literal in literals)
    # Rule IDs ("R-DECK-4, R-TRUMP-2") are the same in every language.
    return [p for p in pieces if len(WORDS.findall(RULE_IDS.sub("", p))) >= 2]


def test_the_cases_cover_every_rule_the_engine_refuses_under() -> None:
    assert {rule for rule, _ in CASES.values()} == RULES_REFUSED


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_refusal_reads_in_both_languages(case: str) -> None:
    rule, make = CASES[case]
    error = refusal(make)
    assert error.rule == rule
    english, romanian = error.explain("en"), error.explain("ro")
    assert english == str(error)
    assert rule in english
    assert rule in romanian
    assert romanian != english
    left = [piece for piece in english_pieces(error) if piece in romanian]
    assert left == [], romanian
    if case in TRUMP_RULE_CITED:
        assert TRUMP_RULE_CITED[case] in english
        assert TRUMP_RULE_CITED[case] in romanian


def test_a_refusal_keeps_its_evidence_as_data() -> None:
    error = refusal(CASES["trump"][1])
    assert error.template is not None
    assert error.evidence["seat"] == 2
    assert error.evidence["card"] == wr.Card.parse("9d")
    assert error.evidence["led"] is wr.Suit.CLUBS
    assert error.evidence["trump"] is wr.Suit.SPADES
    assert error.evidence["cards"] == wr.CardSet.parse("10s")
    assert str(error) == (
        "seat 2 cannot play 9d: it has no clubs but holds spades 10s and must trump (R-PLAY-3)"
    )
    assert error.explain("ro") == (
        "locul 2 nu poate juca 9 de caro: nu are treflă, dar are atu (pică) 10 de pică "
        "și trebuie să taie (R-PLAY-3)"
    )


def test_every_bid_refusal_keeps_the_bid_as_a_number() -> None:
    # One type per piece of evidence: the bid is the int the Bid holds, whichever rule refuses.
    m = wr.Match.new(variants.ROMANIAN, players=3, seed=1)
    seat = m.to_act
    assert seat is not None
    refused = []
    for bid in (Bid(seat=(seat + 1) % 3, tricks=0), Bid(seat=seat, tricks=5)):
        with pytest.raises(wr.IllegalActionError) as info:
            m.apply(bid)
        refused.append(info.value)
    turn, out_of_range = refused
    assert type(turn) is wr.OutOfTurnError
    assert type(out_of_range) is wr.BidOutOfRangeError
    assert [e.evidence["bid"] for e in refused] == [0, 5]
    assert {type(e.evidence["bid"]) for e in refused} == {int}


def test_the_referee_explains_a_refusal_in_romanian() -> None:
    report = records.adjudicate(
        "variant: romanian\ndealer: 2\nhand 0: Ah Jc\nhand 1: Kh 10c\nhand 2: 9d 10s\n"
        "turn-up: Qs\nbids: 0 0 1\ntrick: Jc 10c 9d\n"
    )
    assert report.violation is not None
    assert report.violation.rule == "R-PLAY-3"
    # The engine's refusal is the referee's explanation, in either language.
    assert report.violation.explanation.startswith("seat 2 cannot play 9d: it has no clubs")
    assert report.violation.explanation_in("ro") == (
        "locul 2 nu poate juca 9 de caro: nu are treflă, dar are atu (pică) 10 de pică "
        "și trebuie să taie (R-PLAY-3)"
    )
    assert "încalcă R-PLAY-3" in report.render("ro")


def test_the_referee_explains_a_wrong_record_in_romanian() -> None:
    m = wr.random_playout(wr.Match.new(variants.ROMANIAN, players=3, seed=5), seed=5)
    data = json.loads(records.dumps(records.to_record(m)))
    data["rounds"][1]["dealer"] = (data["rounds"][1]["dealer"] + 1) % 3
    report = records.adjudicate(json.dumps(data))
    assert report.violation is not None
    assert report.violation.rule == "R-SCHED-4"
    english, romanian = report.violation.explanation, report.violation.explanation_in("ro")
    assert english.startswith("round 2 is dealt by seat")
    assert romanian.startswith("mâna 2 e împărțită de locul")
    assert romanian.endswith("(R-SCHED-4)")
