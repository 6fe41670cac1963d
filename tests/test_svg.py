"""The pictures (``whist_ro.svg``): well-formed, complete, accessible, escaped, deterministic.

Every picture is parsed as XML and its structure checked against the value
it draws: the number of cards, which are playable, who led and who won,
where each seat sits, what a chart plots.  A view's picture is checked to
hold no card its seat may not see (R-VIEW-2), over whole matches of every
preset and player count, blind rounds and classic whist included.
"""

from __future__ import annotations

import functools
import importlib.util
import itertools
import math
import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType

import pytest

import whist_ro as wr
from whist_ro import svg, variants
from whist_ro.cards import Card, CardSet, Rank, Suit
from whist_ro.views import PlayerView

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[1]
HOSTILE = "<img src=x onerror=alert(1)> \"double\" 'single' & &amp; \ufffe end"
# What a hostile name reads as in the parsed picture: U+FFFE, which XML cannot hold, is U+FFFD.
HOSTILE_READ = "<img src=x onerror=alert(1)> \"double\" 'single' & &amp; \ufffd end"
PRESETS = (
    variants.ROMANIAN,
    variants.INVERTED,
    variants.ROMANIAN_FOREHEAD,
    variants.ROMANIAN_HIDDEN,
    variants.CLASSIC,
    variants.CLASSIC_RUBBER,
    variants.LONG_WHIST,
)
GAMES = [(v, n) for v in PRESETS for n in v.player_counts]
ALL_CARDS = [Card(suit, rank) for suit in Suit for rank in Rank]


# -- reading a picture ----------------------------------------------------------------------


def parse(picture: str) -> ET.Element:
    """The picture as XML, after the checks every picture must pass."""
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    assert root.get("version") == "1.1"
    assert root.get("role") == "img"
    view_box = [float(x) for x in (root.get("viewBox") or "").split()]
    assert len(view_box) == 4
    assert view_box[:2] == [0, 0]
    assert min(view_box[2:]) > 0
    width, height = float(root.get("width") or 0), float(root.get("height") or 0)
    assert width > 0
    assert math.isclose(width / height, view_box[2] / view_box[3], rel_tol=1e-2)
    title = root.find(f"{NS}title")
    assert root[0] is title
    assert title is not None
    assert title.text
    assert title.text == root.get("aria-label")
    # Nothing from outside: no links, images, scripts, style sheets or fonts.
    outside = picture.replace('xmlns="http://www.w3.org/2000/svg"', "")
    for word in ("http", "href", "<image", "url(", "<script", "<style", "@import", "<foreign"):
        assert word not in outside, word
    return root


def card_groups(root: ET.Element) -> list[list[str]]:
    """The classes of every card drawn, face up or down, in document order."""
    return [
        classes
        for g in root.iter(f"{NS}g")
        if "card" in (classes := (g.get("class") or "").split())
    ]


def faces(root: ET.Element) -> list[str]:
    """The cards drawn face up, as card text ("Ah"), in document order."""
    return [c[5:] for classes in card_groups(root) for c in classes if c.startswith("card-")]


def backs(root: ET.Element) -> int:
    return sum("back" in classes for classes in card_groups(root))


_TRANSFORM = re.compile(r"translate\(([-\d.]+) ([-\d.]+)\)(?: scale\(([-\d.]+)\))?")


def texts_with_size(root: ET.Element) -> Iterator[tuple[str, float]]:
    """Every text drawn, with its font size in viewBox units (group scales applied)."""

    def walk(element: ET.Element, scale: float) -> Iterator[tuple[str, float]]:
        match = _TRANSFORM.fullmatch(element.get("transform") or "translate(0 0)")
        assert match, element.get("transform")
        scale *= float(match.group(3) or 1)
        if element.tag == f"{NS}text":
            yield element.text or "", float(element.get("font-size") or 0) * scale
        for child in element:
            yield from walk(child, scale)

    return walk(root, 1.0)


def check_text_sizes(root: ET.Element) -> None:
    for text, size in texts_with_size(root):
        assert size >= svg._MIN_FONT - 0.01, (text, size)


def offset_of(group: ET.Element) -> tuple[float, float]:
    match = _TRANSFORM.fullmatch(group.get("transform") or "")
    assert match
    return float(match.group(1)), float(match.group(2))


def card_positions(root: ET.Element) -> dict[str, tuple[float, float]]:
    """Top left corner of each face-up card."""
    found = {}
    for g in root.iter(f"{NS}g"):
        classes = (g.get("class") or "").split()
        for c in classes:
            if c.startswith("card-"):
                found[c[5:]] = offset_of(g)
    return found


# -- states to draw ---------------------------------------------------------------------------


def playout(variant: wr.Variant, players: int, *, seed: int) -> list[wr.Match]:
    """Every state of a seeded random match, from the deal to the end."""
    rng = random.Random(seed)
    m = wr.Match.new(variant, players=players, seed=seed)
    states = [m]
    while not m.is_over:
        m = m.apply(rng.choice(m.legal_actions()))
        states.append(m)
    return states


@functools.cache
def sampled_views(variant: wr.Variant, players: int) -> tuple[tuple[PlayerView, str], ...]:
    """Views of every seat at many moments of a whole match, with their pictures.

    The moments cover bidding, play and the end of every kind of round; lone
    rounds' views are added, bidding and finished.
    """
    states = playout(variant, players, seed=players)
    step = max(1, len(states) // 40)
    chosen = [*states[::step], states[-1]]
    views: list[wr.PlayerView] = [m.view(s) for m in chosen for s in range(players)]
    r = states[0].round
    views += [r.view(s) for s in range(players)]
    views += [playout_round(r).view(s) for s in range(players)]
    return tuple((v, svg.view(v)) for v in views)


def playout_round(r: wr.Round) -> wr.Round:
    rng = random.Random(0)
    while not r.is_over:
        r = r.apply(rng.choice(r.legal_actions()))
    return r


# -- cards and hands --------------------------------------------------------------------------


@pytest.mark.parametrize("c", ALL_CARDS, ids=str)
def test_every_card_is_drawn_with_its_name(c: Card) -> None:
    root = parse(svg.card(c))
    assert faces(root) == [str(c)]
    rank = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}.get(int(c.rank))
    name = f"{rank or svg._TEXTS[f'rank.{int(c.rank)}']} of {c.suit}"
    assert root.get("aria-label") == name
    # The rank is written on the card, and the suit symbol drawn: colour is never alone.
    assert c.rank.label in [t for t, _ in texts_with_size(root)]
    ink = "#c0152f" if c.suit in (Suit.HEARTS, Suit.DIAMONDS) else "#1a1a1a"
    assert {p.get("fill") for p in root.iter(f"{NS}path")} == {ink}
    check_text_sizes(root)


def test_card_names_read_as_words() -> None:
    assert parse(svg.card("10c")).get("aria-label") == "Ten of clubs"
    assert parse(svg.card("Qs")).get("aria-label") == "Queen of spades"
    assert parse(svg.back()).get("aria-label") == "a card face down"
    assert backs(parse(svg.back())) == 1


def test_width_scales_the_picture_not_the_drawing() -> None:
    natural, small = parse(svg.card("Ah")), parse(svg.card("Ah", width=50))
    assert natural.get("viewBox") == small.get("viewBox") == "0 0 100 140"
    assert (natural.get("width"), natural.get("height")) == ("100", "140")
    assert (small.get("width"), small.get("height")) == ("50", "70")
    assert list(natural) == list(natural)
    assert len(natural) == len(small)


def test_hand_is_sorted_by_suit_colours_alternating_high_to_low() -> None:
    cards = CardSet.parse("2c Ah 10h Kd As 9c 3h")
    assert faces(parse(svg.hand(cards))) == ["As", "Ah", "10h", "3h", "9c", "2c", "Kd"]
    # The trump suit comes first, the cycle of colours kept.
    picture = svg.hand(cards, trump=Suit.CLUBS)
    assert faces(parse(picture)) == ["9c", "2c", "Kd", "As", "Ah", "10h", "3h"]
    root = parse(picture)
    assert root.get("aria-label") == "hand: 9♣ 2♣ K♦ A♠ A♥ 10♥ 3♥"


def test_hand_marks_the_legal_cards_and_dims_the_others() -> None:
    cards = CardSet.parse("Ah Kh 10c 7d")
    root = parse(svg.hand(cards, legal=["Ah", "Kh"]))
    marks = {c[5:]: classes[-1] for classes in card_groups(root) for c in classes[1:2]}
    assert marks == {"Ah": "legal", "Kh": "legal", "10c": "illegal", "7d": "illegal"}
    positions = card_positions(root)
    # A playable card stands up; the others are lower, and greyed by a veil.
    assert positions["Ah"][1] < positions["10c"][1]
    assert positions["Ah"][1] == positions["Kh"][1]
    assert root.get("aria-label") == "hand: A♥ K♥ 10♣ 7♦; playable: A♥ K♥"
    veiled = {
        c[5:]
        for g in root.iter(f"{NS}g")
        for c in (g.get("class") or "").split()
        if c.startswith("card-") and any(r.get("fill-opacity") for r in g.iter(f"{NS}rect"))
    }
    assert veiled == {"10c", "7d"}
    # No legal= draws every card alike.
    plain = parse(svg.hand(cards))
    assert all(len(classes) == 2 for classes in card_groups(plain))


def test_hands_of_every_size_are_well_formed() -> None:
    rng = random.Random(5)
    for size in range(14):
        cards = CardSet(rng.sample(ALL_CARDS, size))
        legal = rng.sample(list(cards), min(size, 3))
        for picture in (svg.hand(cards), svg.hand(cards, legal=legal, trump=Suit.HEARTS)):
            root = parse(picture)
            assert sorted(faces(root)) == sorted(map(str, cards))
            check_text_sizes(root)
    assert parse(svg.hand([])).get("aria-label") == "hand: no cards"
    assert faces(parse(svg.hand(["Ah", "Ah", "2c"]))) == ["Ah", "2c"]  # a set, as CardSet


# -- tricks ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_trick_places_each_card_before_its_seat(players: int) -> None:
    cards = ALL_CARDS[40 : 40 + players]  # spades from 3 upward
    for leader in range(players):
        for played in range(players + 1):
            t = wr.Trick(leader=leader, cards=cards[:played], players=players)
            for bottom in range(players):
                root = parse(svg.trick(t, seat=bottom, trump=Suit.HEARTS))
                check_text_sizes(root)
                assert faces(root) == [str(c) for c in t.cards]
                names = [
                    (text.get("class") or "", text.text)
                    for text in root.iter(f"{NS}text")
                    if "name" in (text.get("class") or "")
                ]
                assert len(names) == players  # every seat's place is named
                if not played:
                    continue
                positions = card_positions(root)
                ys = {s: positions[str(c)][1] for s, c in zip(t.seats, t.cards, strict=True)}
                # The bottom seat's card is lowest; the seat across the table (if any) highest.
                if bottom in ys:
                    assert ys[bottom] == max(ys.values())
                across = (bottom + players // 2) % players
                if players % 2 == 0 and across in ys:
                    assert ys[across] == min(ys.values())
                # Play goes clockwise: the next seat sits to the bottom seat's left.
                xs = {s: positions[str(c)][0] for s, c in zip(t.seats, t.cards, strict=True)}
                after, before = (bottom + 1) % players, (bottom - 1) % players
                if after in xs and before in xs:
                    assert xs[after] < xs[before]


def test_trick_tags_the_leader_and_the_winner() -> None:
    t = wr.Trick(leader=1, cards=["Kh", "Ah", "2s", "9h"], players=4)
    root = parse(svg.trick(t, trump=Suit.SPADES))
    tags = [t.text for g in root.iter(f"{NS}g") if g.get("class") == "tag" for t in g]
    assert tags == [None, "led", None, "wins"] or sorted(filter(None, tags)) == ["led", "wins"]
    assert root.get("aria-label") == (
        "trick led by seat 1: seat 1 K♥, seat 2 A♥, seat 3 2♠, seat 0 9♥; won by seat 3"
    )
    # The winner's card (2♠, a trump) has the coloured outline; without trumps the ace wins.
    assert _ringed(root) == ["2s"]
    assert _ringed(parse(svg.trick(t))) == ["Ah"]
    # The leader that also wins gets one tag saying both.
    alone = wr.Trick(leader=0, cards=["Ah", "2h", "3h"], players=3)
    texts = [t.text for t in parse(svg.trick(alone)).iter(f"{NS}text")]
    assert "led · wins" in texts
    # No winner for an incomplete trick, nor when asked not to mark one.
    assert "wins" not in svg.trick(wr.Trick(leader=0, cards=["Ah", "2h"], players=3))
    assert _ringed(parse(svg.trick(t, mark_winner=False))) == []
    assert "won by" not in parse(svg.trick(t, mark_winner=False)).get("aria-label", "")


def _ringed(root: ET.Element) -> list[str]:
    return [
        c[5:]
        for g in root.iter(f"{NS}g")
        for c in (g.get("class") or "").split()
        if c.startswith("card-") and g[0].get("stroke") == "#ffb300"
    ]


# -- views ------------------------------------------------------------------------------------


def visible_cards(v: PlayerView) -> set[str]:
    """Every card a seat may see in the round its view shows (R-VIEW-1, R-VIEW-3)."""
    seen = set(map(str, v.hand))
    for known in v.known_hands:
        seen |= set(map(str, known))
    for t in (*v.tricks, v.current_trick):
        seen |= set(map(str, t.cards))
    if v.turn_up is not None:
        seen.add(str(v.turn_up))
    return seen


# Every way a picture could name a card: its class ("card-Ah"), its short form
# ("A♥", in labels) or its name ("Ace of hearts").
_CARD_CLASS = re.compile(r"card-((?:10|[2-9JQKA])[cdhs])\b")
_SUIT_SYMBOL = re.compile("[♣♦♥♠]")
_RANK_LABELS = frozenset(r.label for r in Rank)
_CARD_NAME = re.compile(r"([A-Z][a-z]+) of ([a-z]+)")
_RANK_BY_WORD = {svg._TEXTS[f"rank.{int(r)}"]: r for r in Rank}
_SUIT_BY_WORD = {svg._TEXTS[f"suit.{s}"]: s for s in Suit}


def mentioned_cards(picture: str) -> set[str]:
    """Every card a picture names, in any form, anywhere in its text."""
    found = set(_CARD_CLASS.findall(picture))
    for symbol in _SUIT_SYMBOL.finditer(picture):  # symbols are rare, digits everywhere
        at = symbol.start()
        rank = "10" if picture[at - 2 : at] == "10" else picture[at - 1 : at]
        if rank in _RANK_LABELS:
            found.add(str(Card.parse(rank + symbol[0])))
    for rank, suit in _CARD_NAME.findall(picture):
        if rank in _RANK_BY_WORD and suit in _SUIT_BY_WORD:
            found.add(str(Card(_SUIT_BY_WORD[suit], _RANK_BY_WORD[rank])))
    return found


def test_mentioned_cards_finds_every_form() -> None:
    text = '<g class="card card-10h"> A♠ 10♦ 0♣ Queen of clubs, Top of form'
    assert mentioned_cards(text) == {"10h", "As", "10d", "Qc"}


@pytest.mark.parametrize(("variant", "players"), GAMES, ids=lambda x: str(getattr(x, "name", x)))
def test_R_VIEW_2_a_view_picture_shows_no_card_its_seat_cannot_see(
    variant: wr.Variant, players: int
) -> None:
    for v, picture in sampled_views(variant, players):
        seen = visible_cards(v)
        assert mentioned_cards(picture) <= seen, repr(v)
        assert set(faces(parse(picture))) <= seen


@pytest.mark.parametrize(("variant", "players"), GAMES, ids=lambda x: str(getattr(x, "name", x)))
def test_view_pictures_draw_every_card_the_view_holds(variant: wr.Variant, players: int) -> None:
    for v, picture in sampled_views(variant, players):
        root = parse(picture)
        check_text_sizes(root)
        shown = faces(root)
        others = [c for s in range(players) if s != v.seat for c in v.known_hands[s]]
        trick = v.current_trick if v.current_trick.cards else None
        if trick is None and v.tricks and v.phase is not wr.Phase.BIDDING:
            trick = v.tricks[-1]  # the last trick, until the next lead
        expected = [
            *([v.turn_up] if v.turn_up is not None else []),
            *others,
            *(trick.cards if trick is not None else ()),
            *v.hand,
        ]
        assert sorted(shown) == sorted(map(str, expected)), repr(v)
        # Every card face down: each other seat's unknown cards, and a blind round's own card.
        hidden_own = v.hand_counts[v.seat] if not v.hand else 0
        unknown = sum(v.hand_counts[s] - len(v.known_hands[s]) for s in range(players))
        assert backs(root) == unknown - v.hand_counts[v.seat] + len(v.hand) + hidden_own
        # Playable cards are marked exactly when the seat may play a named card.
        legal = {str(a.card) for a in v.legal_actions if isinstance(a, wr.Play) and a.card}
        marked = {c[5:] for cl in card_groups(root) if "legal" in cl for c in cl[1:2]}
        assert marked == legal
        # Every seat has its place, the dealer and the seat to act are marked.
        seats = [
            classes
            for g in root.iter(f"{NS}g")
            if "seat" in (classes := (g.get("class") or "").split())
        ]
        assert sorted(c[1] for c in seats) == sorted(f"seat-{s}" for s in range(players))
        turns = [c[1] for c in seats if "turn" in c]
        assert turns == ([] if v.to_act is None or v.is_over else [f"seat-{v.to_act}"])
        assert [c[1] for c in seats if "me" in c] == [f"seat-{v.seat}"]
        assert len([c for c in root.iter(f"{NS}circle") if c.get("class") == "dealer"]) == 1


def test_view_picture_of_a_blind_round_follows_the_view() -> None:
    m = wr.Match.new(variants.ROMANIAN_FOREHEAD, players=4, seed=3)
    assert m.to_act is not None
    v = m.view(m.to_act)
    root = parse(svg.view(v))
    label = root.get("aria-label") or ""
    assert "forehead round" in label
    assert "hand: hidden" in label
    others = {str(c) for s in range(4) if s != v.seat for c in v.known_hands[s]}
    assert len(others) == 3
    assert others <= set(faces(root))
    assert str(next(iter(m.round.remaining[v.seat]))) not in faces(root)
    hidden = wr.Match.new(variants.ROMANIAN_HIDDEN, players=4, seed=3)
    root = parse(svg.view(hidden.view(0)))
    assert faces(root) == [str(hidden.round.turn_up)]  # the turn-up alone (R-VIEW-3)
    assert backs(root) == 4


def test_classic_partners_face_each_other() -> None:
    m = wr.Match.new(variants.CLASSIC, players=4, seed=1)
    for seat in range(4):
        root = parse(svg.view(m.view(seat)))
        tops, lefts = {}, {}
        for g in root.iter(f"{NS}g"):
            classes = (g.get("class") or "").split()
            if "seat" in classes:  # class="seat seat-N ...", its first child the place's box
                number = int(classes[1].removeprefix("seat-"))
                tops[number] = float(g[0].get("y") or 0)
                lefts[number] = float(g[0].get("x") or 0)
        assert min(tops, key=tops.__getitem__) == (seat + 2) % 4  # the partner, across
        assert max(tops, key=tops.__getitem__) == seat
        # Play goes clockwise: the next seat sits on the left, the one before on the right.
        assert min(lefts, key=lefts.__getitem__) == (seat + 1) % 4
        assert max(lefts, key=lefts.__getitem__) == (seat + 3) % 4
        assert any("partner" in (t.text or "") for t in root.iter(f"{NS}text"))


def test_view_picture_says_whose_turn_and_what_may_be_bid() -> None:
    r = wr.Round.from_hands(
        variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"], dealer=2, turn_up="10s"
    )
    r = r.apply(wr.Bid(seat=0, tricks=1)).apply(wr.Bid(seat=1, tricks=0))
    statuses = [
        t.text for t in parse(svg.view(r.view(2))).iter(f"{NS}text") if t.get("class") == "status"
    ]
    assert statuses == ["your turn to bid: 0 2"]  # 1 would make the total 2 (R-BID-2)
    statuses = [
        t.text for t in parse(svg.view(r.view(0))).iter(f"{NS}text") if t.get("class") == "status"
    ]
    assert statuses == ["seat 2 to bid"]


# -- charts -----------------------------------------------------------------------------------


def _lines(root: ET.Element) -> list[list[list[tuple[float, float]]]]:
    """Each line's polylines (one per game), as points."""
    found = []
    for g in root.iter(f"{NS}g"):
        if (g.get("class") or "").startswith("line "):
            found.append(
                [
                    [tuple(map(float, p.split(","))) for p in (poly.get("points") or "").split()]
                    for poly in g.iter(f"{NS}polyline")
                ]
            )
    return found  # type: ignore[return-value]


@pytest.mark.parametrize(("variant", "players"), GAMES, ids=lambda x: str(getattr(x, "name", x)))
def test_score_chart_plots_the_running_totals(variant: wr.Variant, players: int) -> None:
    m = playout(variant, players, seed=players)[-1]
    sheet = m.score_sheet
    for source in (m, m.view(0), sheet):
        root = parse(svg.score_chart(source))
        check_text_sizes(root)
        lines = _lines(root)
        seats = [0, 1] if variant.is_classic else list(range(players))
        assert len(lines) == len(seats)
        games = len({row.game for row in sheet})
        for seat, polylines in zip(seats, lines, strict=True):
            assert len(polylines) == games
            points = [p for poly in polylines for p in poly[1:]]
            assert len(points) == len(sheet)
            # Higher totals are drawn higher, equal totals at the same height.
            totals = [row.seats[seat].total for row in sheet]
            plotted = list(zip(points, totals, strict=True))
            for ((_, y1), t1), ((_, y2), t2) in itertools.pairwise(plotted):
                assert (y1 < y2) == (t1 > t2)
                assert (y1 == y2) == (t1 == t2)
            xs = [x for x, _ in points]
            assert xs == sorted(xs)
            assert len(set(xs)) == len(xs)
        label = root.get("aria-label") or ""
        assert label.startswith(f"running totals over {len(sheet)} rounds: ")
        for seat in seats:
            assert f" {sheet.totals[seat]}" in label


def test_score_chart_of_classic_names_the_sides() -> None:
    m = playout(variants.CLASSIC, 4, seed=2)[-1]
    root = parse(svg.score_chart(m, names=["Ana", "Bo", "Cy", "Di"]))
    assert (root.get("aria-label") or "").split(": ")[1].startswith("Ana & Cy ")
    assert "Bo & Di" in (root.get("aria-label") or "")


def test_score_chart_before_the_first_round() -> None:
    m = wr.Match.new(variants.ROMANIAN, players=3, seed=1)
    root = parse(svg.score_chart(m))
    assert root.get("aria-label") == "running totals: no round played yet"
    assert [len(line) for line in _lines(root)] == [0, 0, 0]


# -- the score sheet as HTML ------------------------------------------------------------------


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_match_shows_its_score_sheet_in_jupyter() -> None:
    m = playout(variants.ROMANIAN, 4, seed=4)[-1]
    html = m._repr_html_()
    assert html == svg.score_sheet_html(m)
    parser = _Tags()
    parser.feed(html)
    assert parser.tags.count("tr") == 2 + len(m.score_sheet)
    assert parser.tags.count("svg") == 1  # the chart
    rows = html.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]
    last = re.findall(r">([^<]*)</td>", rows[-1])
    assert [int(x) for x in last[8::5]] == list(m.totals)  # each seat's total column
    assert "<svg" not in svg.score_sheet_html(m, chart=False)


def test_rubber_score_sheet_marks_each_game() -> None:
    m = playout(variants.CLASSIC_RUBBER, 4, seed=2)[-1]
    html = svg.score_sheet_html(m)
    games = sorted({row.game for row in m.score_sheet})
    assert games[-1] >= 2
    for game in games[1:]:
        assert f">game {game}</td>" in html
    # Classic whist has no bids; its bonus is honours.
    parser = _Tags()
    parser.feed(html.split("<svg")[0])
    assert "bid" not in parser.text
    assert parser.text.count("honours") == 4
    rows = html.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]
    last = re.findall(r">([^<]*)</td>", rows[-1])
    assert len(last) == 4 + 4 * 4
    assert [int(x) for x in last[7::4]] == list(m.totals)


# -- escaping ---------------------------------------------------------------------------------


def test_hostile_names_are_escaped_everywhere() -> None:
    names = [HOSTILE, "b", "c", "d"]
    m = playout(variants.ROMANIAN, 4, seed=1)
    mid = next(s for s in m if len(s.round.current_trick) == 2)
    t = wr.Trick(leader=0, cards=["Ah", "Kh", "Qh", "Jh"], players=4)
    for picture in (
        svg.view(mid.view(0), names=names),
        svg.view(mid.view(1), names=names),
        svg.trick(t, names=names),
        svg.score_chart(m[-1], names=names),
    ):
        root = parse(picture)
        assert "<img" not in picture
        assert HOSTILE_READ in (root.get("aria-label") or "")
        assert all(e.tag.startswith(NS) for e in root.iter())
        assert not [e for e in root.iter() if e.tag.endswith("img")]
    html = svg.score_sheet_html(m[-1], names=names)
    parser = _Tags()
    parser.feed(html)
    assert "img" not in parser.tags
    assert "<img" not in html
    assert any("<img src=x onerror=alert(1)>" in text for text in parser.text)


def test_pictures_take_the_names_the_match_holds() -> None:
    names = ["Ana", HOSTILE, "Cici", "Dan"]
    m = wr.Match.new(variants.CLASSIC, players=4, seed=1, names=names)
    assert svg.view(m.view(0)) == svg.view(m.view(0), names=names)
    assert HOSTILE_READ in (parse(svg.view(m.view(0))).get("aria-label") or "")
    assert svg.score_chart(m) == svg.score_chart(m, names=names)
    assert svg.score_chart(m.score_sheet) == svg.score_chart(m, names=names)
    assert svg.score_sheet_html(m) == svg.score_sheet_html(m, names=names)
    # Names given to the picture win over the match's own.
    label = parse(svg.view(m.view(0), names=["W", "X", "Y", "Z"])).get("aria-label") or ""
    assert label.startswith("W's view")
    assert "Ana" not in label


def test_long_names_are_shortened_in_the_picture_but_not_in_its_label() -> None:
    long = "Alexandru-Constantin Popescu"
    r = wr.Round.shuffled(variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
    root = parse(svg.view(r.view(1), names=[long, "b", "c"]))
    (seat_0,) = [g for g in root.iter(f"{NS}g") if "seat-0" in (g.get("class") or "").split()]
    (drawn,) = [t.text for t in seat_0.iter(f"{NS}text") if t.get("class") == "name"]
    assert drawn is not None
    assert drawn.endswith("…")
    assert len(drawn) <= 18
    assert long in (root.get("aria-label") or "")


# -- determinism ------------------------------------------------------------------------------

_SCRIPT = """
import hashlib, random, whist_ro as wr
from whist_ro import svg
rng = random.Random(1)
m = wr.Match.new(wr.variants.CLASSIC_RUBBER, players=4, seed=1)
out = []
while not m.is_over:
    out.append(svg.view(m.view(len(out) % 4)))
    m = m.apply(rng.choice(m.legal_actions()))
out += [svg.score_chart(m), svg.score_sheet_html(m), svg.hand(wr.CardSet.parse("Ah 2c 3d 4s"))]
print(hashlib.sha256("".join(out).encode()).hexdigest())
"""


def test_pictures_are_the_same_bytes_every_time() -> None:
    m = playout(variants.ROMANIAN_FOREHEAD, 3, seed=2)
    again = playout(variants.ROMANIAN_FOREHEAD, 3, seed=2)
    for a, b in zip(m[::7], again[::7], strict=True):
        assert a is not b
        assert svg.view(a.view(1)) == svg.view(b.view(1))
    assert svg.score_chart(m[-1]) == svg.score_chart(again[-1])
    # And in other processes, with other hash seeds (no set or dict order leaks in).
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _SCRIPT], capture_output=True, text=True, env=env, check=True
        )
        digests.add(done.stdout.strip())
    assert len(digests) == 1


# -- refusals ---------------------------------------------------------------------------------

_T = wr.Trick(leader=0, cards=["Ah"], players=3)
_M = wr.Match.new(variants.ROMANIAN, players=3, seed=1)


@pytest.mark.parametrize(
    ("call", "error", "says"),
    [
        (lambda: svg.card("1h"), wr.CardParseError, "unknown rank"),
        (lambda: svg.card(7), wr.CardParseError, "not 7"),  # type: ignore[arg-type]
        (lambda: svg.hand("Ah Kh"), wr.CardParseError, "hand takes cards"),
        (lambda: svg.hand(["Ah", None]), wr.CardParseError, "not None"),  # type: ignore[list-item]
        (lambda: svg.hand(["Ah"], legal=["x"]), wr.CardParseError, "'x'"),
        (lambda: svg.hand(["Ah"], legal=["Kh"]), wr.ConfigurationError, "legal holds Kh"),
        (lambda: svg.hand(["Ah"], trump="h"), wr.ConfigurationError, "trump must be a Suit"),  # type: ignore[arg-type]
        (lambda: svg.card("Ah", width=0), wr.ConfigurationError, "width must be"),
        (lambda: svg.card("Ah", width=True), wr.ConfigurationError, "width must be"),
        (lambda: svg.card("Ah", width=float("nan")), wr.ConfigurationError, "width must be"),
        (lambda: svg.card("Ah", width="9"), wr.ConfigurationError, "width must be"),  # type: ignore[arg-type]
        (lambda: svg.trick("Ah"), wr.ConfigurationError, "trick takes a Trick"),  # type: ignore[arg-type]
        (lambda: svg.trick(_T, seat=3), wr.ConfigurationError, "seat must be a seat from 0 to 2"),
        (lambda: svg.trick(_T, names=["a", "b"]), wr.ConfigurationError, "one name per seat (3)"),
        (lambda: svg.trick(_T, names="abc"), wr.ConfigurationError, "names must be a list"),
        (lambda: svg.trick(_T, names=["a", "\x00", "c"]), wr.ConfigurationError, "names[1]"),
        (lambda: svg.trick(_T, names=["a", "b", 3]), wr.ConfigurationError, "names[2] must be"),  # type: ignore[list-item]
        (lambda: svg.trick(_T, mark_winner=1), wr.ConfigurationError, "True or False"),  # type: ignore[arg-type]
        (lambda: svg.view(_M), wr.ConfigurationError, "view takes a PlayerView"),  # type: ignore[arg-type]
        (lambda: svg.score_chart(_M.round), wr.ConfigurationError, "not <"),  # type: ignore[arg-type]
        (lambda: svg.score_chart(_M.round.view(0)), wr.ConfigurationError, "lone round"),
        (lambda: svg.score_sheet_html(_M, chart="no"), wr.ConfigurationError, "True or False"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_is_refused_with_a_whist_error(
    call: object, error: type[wr.WhistError], says: str
) -> None:
    assert callable(call)
    with pytest.raises(error, match=re.escape(says)):
        call()


# -- Jupyter hooks ----------------------------------------------------------------------------


def test_values_show_as_pictures_in_jupyter() -> None:
    c = Card.parse("Qd")
    assert c._repr_svg_() == svg.card(c)
    cards = CardSet.parse("Ah 7c Qd")
    assert cards._repr_svg_() == svg.hand(cards)
    t = wr.Trick(leader=1, cards=["Kh", "Ah", "2s", "9h"], players=4)
    assert t._repr_svg_() == svg.trick(t, mark_winner=False)  # a trick does not know trump
    v = _M.view(1)
    assert v._repr_svg_() == svg.view(v)


# -- the pictures in the docs ------------------------------------------------------------------


def _pictures_script() -> ModuleType:
    path = ROOT / "examples" / "pictures.py"
    spec = importlib.util.spec_from_file_location("pictures_example", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docs_pictures_are_what_the_code_draws_now() -> None:
    # Regenerate with: python examples/pictures.py --docs docs/_static
    pictures = _pictures_script().docs_pictures()
    assert pictures
    for name, picture in pictures.items():
        committed = ROOT / "docs" / "_static" / name
        assert committed.exists(), f"{committed} is missing"
        assert committed.read_text(encoding="utf-8") == picture, f"{name} is out of date"
        parse(picture)
