"""Pictures of cards, hands, tricks, a seat's view of the table and the score chart, as SVG.

Every function returns SVG 1.1 text: one ``<svg>`` element with a
``viewBox`` (it scales to any size), ``role="img"``, a ``<title>`` and an
``aria-label`` that name the cards in words, and nothing from outside (no
font files, no images, no links).  The suit symbols are drawn as shapes, so
a card reads the same on every screen; every card shows its suit symbol, so
red and black suits differ without colour too.  The same input always gives
the same text, and every piece of text a user can set (a player's name) is
escaped.

Jupyter shows cards, card sets, tricks and player views as these pictures
(``_repr_svg_``), and a match as its score sheet with the chart
(``_repr_html_``).

>>> import whist_ro as wr
>>> from whist_ro import svg
>>> picture = svg.card(wr.Card.parse("Ah"))
>>> picture.startswith("<svg") and 'aria-label="Ace of hearts"' in picture
True
>>> import xml.etree.ElementTree as ET
>>> ET.fromstring(svg.hand(wr.CardSet.parse("Ah Kh 10c"))).get("aria-label")
'hand: A♥ K♥ 10♣'
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from whist_ro._check import default_names, excerpt, flag
from whist_ro._check import names as check_names
from whist_ro._check import seat as check_seat
from whist_ro._text import count
from whist_ro.actions import Bid, Play
from whist_ro.cards import Card, CardSet, Rank, Suit, cards_of
from whist_ro.engine.match import Match
from whist_ro.engine.round import Phase
from whist_ro.engine.tricks import Trick, trick_winner
from whist_ro.errors import ConfigurationError
from whist_ro.results.scoresheet import ScoreSheet
from whist_ro.rules.scoring import partner_of
from whist_ro.views.view import PlayerView

__all__ = ["back", "card", "hand", "score_chart", "score_sheet_html", "trick", "view"]

# -- the words a picture shows ---------------------------------------------------------
#
# Every word a person reads in a picture comes from this one table, so another
# language is one more table (issue 20).  Numbers, cards and names are filled in.

_TEXTS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "rank.2": "Two",
        "rank.3": "Three",
        "rank.4": "Four",
        "rank.5": "Five",
        "rank.6": "Six",
        "rank.7": "Seven",
        "rank.8": "Eight",
        "rank.9": "Nine",
        "rank.10": "Ten",
        "rank.11": "Jack",
        "rank.12": "Queen",
        "rank.13": "King",
        "rank.14": "Ace",
        "suit.clubs": "clubs",
        "suit.diamonds": "diamonds",
        "suit.hearts": "hearts",
        "suit.spades": "spades",
        "card": "{rank} of {suit}",
        "back": "a card face down",
        "hand": "hand: {cards}",
        "hand.empty": "no cards",
        "hand.legal": "playable: {cards}",
        "you": "you",
        "partner": "partner",
        "trick": "trick led by {leader}: {plays}",
        "trick.play": "{seat} {card}",
        "trick.empty": "no card played yet",
        "trick.won": "won by {winner}",
        "trick.last": "last trick",
        "led": "led",
        "wins": "wins",
        "trump": "trump",
        "no_trump": "no trump",
        "dealer": "dealer",
        "dealer.mark": "D",
        "bid": "bid {bid}",
        "bid.none": "bid –",
        "won": "won {won}",
        "total": "total {total}",
        "noun.card": "card",
        "noun.cards": "cards",
        "to_bid": "to bid",
        "to_play": "to play",
        "turn.bid": "{seat} to bid",
        "turn.you.bid": "your turn to bid: {bids}",
        "turn.you.play": "your turn to play",
        "turn.play": "{seat} to play",
        "round.of": "round {number} of {rounds}",
        "round.open": "round {number}",
        "round.alone": "one round",
        "hand_size": "{cards} each",
        "over.round": "round over",
        "over.match": "match over",
        "blind.forehead": "forehead round: you see the others' cards, not your own",
        "blind.hidden": "hidden round: no card is seen until played",
        "blind.forehead.short": "forehead round",
        "blind.hidden.short": "hidden round",
        "hidden": "hidden",
        "view": "{seat}'s view: {summary}",
        "view.holds": "{seat} holds {cards}",
        "chart": "running totals over {rounds} rounds: {lines}",
        "chart.empty": "running totals: no round played yet",
        "chart.none": "no round played yet",
        "chart.title": "running totals",
        "chart.line": "{name} {total}",
        "chart.side": "{first} & {second}",
        "chart.round": "round",
        "chart.game": "game {game}",
        "sheet.number": "#",
        "sheet.cards": "cards",
        "sheet.dealer": "dealer",
        "sheet.trump": "trump",
        "sheet.bid": "bid",
        "sheet.won": "won",
        "sheet.points": "points",
        "sheet.bonus": "bonus",
        "sheet.honours": "honours",
        "sheet.total": "total",
        "sheet.caption": "score sheet",
        "sheet.empty": "no round played yet",
    }
)
"""Every word the pictures show, keyed by what it says; ``{...}`` is filled in."""


def _t(key: str, **values: object) -> str:
    return _TEXTS[key].format(**values) if values else _TEXTS[key]


# -- sizes and colours ------------------------------------------------------------------

_FONT: Final = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_MIN_FONT: Final = 12
"""The smallest text a picture draws, in viewBox units (a view is 400 units wide)."""

_RED: Final = "#c0152f"  # 5.9:1 on white
_BLACK: Final = "#1a1a1a"
_EDGE: Final = "#5f6368"
_FELT: Final = "#1d5a36"
_FELT_EDGE: Final = "#123d24"
_PAPER: Final = "#fbfaf5"
_MARK: Final = "#ffb300"  # turn, winner: always with a word too, never colour alone
_LEGAL: Final = "#1565c0"
_BACK: Final = "#28479a"
_BACK_LINE: Final = "#8fa8e8"
# Okabe-Ito colours, told apart by colour-blind readers too; lines also differ by marker.
_LINE_COLOURS: Final = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
_MARKERS: Final = ("circle", "square", "triangle", "diamond", "down", "cross")

_CARD_W: Final = 100.0  # a card is drawn at 100 x 140 and scaled
_CARD_H: Final = 140.0

# The suit symbols as shapes in a 100 x 100 box (our own drawing).
_SUIT_PATHS: Final[Mapping[Suit, str]] = MappingProxyType(
    {
        Suit.HEARTS: (
            "M50 92C22 70 4 53 4 32C4 16 16 6 30 6C40 6 47 12 50 21"
            "C53 12 60 6 70 6C84 6 96 16 96 32C96 53 78 70 50 92Z"
        ),
        Suit.DIAMONDS: (
            "M50 3C61 22 75 37 91 50C75 63 61 78 50 97C39 78 25 63 9 50C25 37 39 22 50 3Z"
        ),
        Suit.SPADES: (
            "M50 4C64 22 96 40 96 62C96 78 84 86 72 86C63 86 57 82 53 76"
            "C54 84 58 91 67 96L33 96C42 91 46 84 47 76C43 82 37 86 28 86"
            "C16 86 4 78 4 62C4 40 36 22 50 4Z"
        ),
        Suit.CLUBS: (
            "M30 28a20 20 0 1 0 40 0a20 20 0 1 0-40 0Z"
            "M7 60a20 20 0 1 0 40 0a20 20 0 1 0-40 0Z"
            "M53 60a20 20 0 1 0 40 0a20 20 0 1 0-40 0Z"
            "M38 50L62 50L54 62C54 78 58 89 67 96L33 96C42 89 46 78 46 62Z"
        ),
    }
)
# Suits left to right in a hand: colours alternate (black, red, black, red).
_SUIT_CYCLE: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def _colour(suit: Suit) -> str:
    return _RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK


# -- text that is safe in XML -------------------------------------------------------------

# Characters XML 1.0 forbids even as references: they would make the picture unreadable.
_NOT_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _clean(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def _esc(text: str) -> str:
    """``text`` as XML character data."""
    return escape(_clean(text))


def _attr(text: str) -> str:
    """``text`` as a quoted XML attribute value (quotes and line breaks escaped too)."""
    return quoteattr(_clean(text))


def _short(text: str, limit: int) -> str:
    # A long name is cut for the picture; the title and label keep it whole.
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _n(value: float, digits: int = 2) -> str:
    # Fixed precision keeps the output the same bytes on every run and platform.
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# -- checks on the options -----------------------------------------------------------------


def _width(width: object) -> float | None:
    if width is None:
        return None
    if (
        isinstance(width, (int, float))
        and not isinstance(width, bool)
        and math.isfinite(width)
        and 0 < width <= 100_000
    ):
        return float(width)
    raise ConfigurationError(
        f"width must be a number of pixels above 0, or None, not {excerpt(width)}", field="width"
    )


def _trump(trump: object) -> Suit | None:
    if trump is None or isinstance(trump, Suit):
        return trump
    raise ConfigurationError(f"trump must be a Suit or None, not {excerpt(trump)}", field="trump")


def _names(names: object, players: int, default: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The names to draw: ``names`` if given (checked as everywhere), else ``default``."""
    if names is None:
        return default_names(players) if default is None else default
    return check_names(names, players=players)


# -- the document ---------------------------------------------------------------------------


def _document(
    body: Sequence[str], *, size: tuple[float, float], label: str, width: float | None, kind: str
) -> str:
    w, h = size
    scale = 1.0 if width is None else width / w
    return "\n".join(
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="whist-ro {kind}"'
            f' viewBox="0 0 {_n(w)} {_n(h)}" width="{_n(w * scale)}" height="{_n(h * scale)}"'
            f' role="img" aria-label={_attr(label)} font-family="{_FONT}">',
            f"<title>{_esc(label)}</title>",
            *body,
            "</svg>",
        )
    )


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: float,
    fill: str = _BLACK,
    anchor: str = "start",
    bold: bool = False,
    extra: str = "",
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}"'
        f' text-anchor="{anchor}"{weight}{extra}>{_esc(text)}</text>'
    )


def _pill(x: float, y: float, text: str, *, fill: str, ink: str, size: float = 12) -> str:
    """A rounded label centred on (x, y): the word that goes with every coloured mark."""
    w = 0.62 * size * len(text) + 12
    h = size + 8
    return (
        f'<g class="tag"><rect x="{_n(x - w / 2)}" y="{_n(y - h / 2)}" width="{_n(w)}"'
        f' height="{_n(h)}" rx="{_n(h / 2)}" fill="{fill}" stroke="{_BLACK}" stroke-width="1"/>'
        + _text(x, y + size * 0.36, text, size=size, fill=ink, anchor="middle", bold=True)
        + "</g>"
    )


# -- cards ------------------------------------------------------------------------------------


def _card_name(c: Card) -> str:
    return _t("card", rank=_t(f"rank.{int(c.rank)}"), suit=_t(f"suit.{c.suit}"))


def _pip(suit: Suit, cx: float, cy: float, size: float) -> str:
    s = size / 100
    return (
        f'<path transform="translate({_n(cx - size / 2)} {_n(cy - size / 2)}) scale({_n(s, 4)})"'
        f' d="{_SUIT_PATHS[suit]}" fill="{_colour(suit)}"/>'
    )


def _face(
    c: Card, x: float, y: float, w: float, *, state: str = "", dim: bool = False, ring: str = ""
) -> str:
    """One card face, ``w`` wide, top left at (x, y).

    ``state`` adds a class (``legal``, ``illegal``, ``turn-up``); ``ring`` draws
    a coloured outline (a playable card, the winner of a trick); ``dim``
    greys a card out.
    """
    ink = _colour(c.suit)
    label = c.rank.label
    squeeze = ' textLength="44" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else ""
    classes = f"card card-{c}" + (f" {state}" if state else "")
    parts = [
        f'<g class="{classes}" transform="translate({_n(x)} {_n(y)}) scale({_n(w / _CARD_W, 4)})">',
        f'<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#ffffff"'
        f' stroke="{ring or _EDGE}" stroke-width="{"7" if ring else "2.5"}"/>',
        _text(25, 45, label, size=44, fill=ink, anchor="middle", bold=True, extra=squeeze),
        _pip(c.suit, 25, 68, 30),
    ]
    if c.rank >= Rank.JACK and c.rank != Rank.ACE:
        # Court cards: a framed panel with the letter, so J, Q, K stand out from pips.
        parts.append(
            f'<rect x="44" y="56" width="48" height="74" rx="6" fill="none"'
            f' stroke="{ink}" stroke-width="2.5"/>'
        )
        parts.append(_pip(c.suit, 68, 78, 30))
        parts.append(_text(68, 124, label, size=34, fill=ink, anchor="middle", bold=True))
    else:
        big = 62 if c.rank == Rank.ACE else 48
        parts.append(_pip(c.suit, 66, 100, big))
    if dim:
        parts.append(
            '<rect x="0" y="0" width="100" height="140" rx="9" fill="#ffffff" fill-opacity="0.55"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _clip_diagonal(k: int, slope: int) -> str:
    """The part of a diagonal line inside the back's inner frame (x 10..90, y 10..130).

    The line is ``y = x + k`` (``slope`` 1) or ``y = k + 100 - x`` (``slope`` -1);
    clipping by hand needs no clip path, so the picture needs no ids.
    """
    x0, x1, y0, y1 = 10.0, 90.0, 10.0, 130.0
    points = []
    for x in (x0, x1):
        y = x + k if slope == 1 else k + 100 - x
        if y0 <= y <= y1:
            points.append((x, y))
    for y in (y0, y1):
        x = y - k if slope == 1 else k + 100 - y
        if x0 < x < x1:
            points.append((x, y))
    if len(points) < 2:
        return ""
    (ax, ay), (bx, by) = sorted(points)[:2]
    return f"M{_n(ax)} {_n(ay)}L{_n(bx)} {_n(by)}"


# The back's lattice, in the card's own 100 x 140 units: the same on every back.
_LATTICE: Final = " ".join(
    filter(None, (_clip_diagonal(k, slope) for k in range(-100, 220, 16) for slope in (1, -1)))
)


def _back(x: float, y: float, w: float, *, extra_class: str = "") -> str:
    """A card face down, ``w`` wide, top left at (x, y): a lattice in a frame."""
    cls = "card back" + (f" {extra_class}" if extra_class else "")
    return (
        f'<g class="{cls}" transform="translate({_n(x)} {_n(y)}) scale({_n(w / _CARD_W, 4)})">'
        f'<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="{_BACK}"'
        f' stroke="{_EDGE}" stroke-width="2.5"/>'
        f'<rect x="10" y="10" width="80" height="120" rx="5" fill="none"'
        f' stroke="{_BACK_LINE}" stroke-width="3"/>'
        f'<path d="{_LATTICE}" stroke="{_BACK_LINE}" stroke-width="2" fill="none"/>'
        "</g>"
    )


def card(card: Card | str, *, width: float | None = None) -> str:
    """A picture of one card (natural size 100 by 140 pixels).

    ``card`` is a :class:`~whist_ro.Card` or card text such as ``"Ah"``;
    ``width`` sets the picture's width in pixels (the height follows).

    >>> import xml.etree.ElementTree as ET
    >>> from whist_ro import Card
    >>> root = ET.fromstring(card(Card.parse("10c"), width=50))
    >>> root.get("aria-label"), root.get("viewBox"), root.get("width"), root.get("height")
    ('Ten of clubs', '0 0 100 140', '50', '70')
    >>> card("1h")
    Traceback (most recent call last):
    ...
    whist_ro.errors.CardParseError: cannot read '1h' as a card: unknown rank '1'; the ranks are ...
    """
    (c,) = cards_of([card], what="card")
    return _document(
        [_face(c, 0, 0, _CARD_W)],
        size=(_CARD_W, _CARD_H),
        label=_card_name(c),
        width=_width(width),
        kind="card",
    )


def back(*, width: float | None = None) -> str:
    """A picture of a card face down (natural size 100 by 140 pixels).

    >>> import xml.etree.ElementTree as ET
    >>> ET.fromstring(back()).get("aria-label")
    'a card face down'
    """
    return _document(
        [_back(0, 0, _CARD_W)],
        size=(_CARD_W, _CARD_H),
        label=_t("back"),
        width=_width(width),
        kind="card",
    )


# -- hands ------------------------------------------------------------------------------------

_HAND_CARD: Final = 72.0  # natural width of a card in a hand
_HAND_STEP: Final = 40.0  # how far each card sits right of the one before
_SUIT_GAP: Final = 10.0  # extra space between suits
_RAISE: Final = 16.0  # how far a playable card stands up


def _hand_order(cards: Iterable[Card], trump: Suit | None) -> list[Card]:
    """Suit by suit, colours alternating, trump first when given; high to low in a suit."""
    start = 0 if trump is None else _SUIT_CYCLE.index(trump)
    order = _SUIT_CYCLE[start:] + _SUIT_CYCLE[:start]
    rank_of = {suit: i for i, suit in enumerate(order)}
    return sorted(cards, key=lambda c: (rank_of[c.suit], -c.rank))


def _hand_layout(
    cards: Sequence[Card], card_w: float, *, step: float | None = None
) -> tuple[list[float], float]:
    """The left edge of each card and the total width, for cards already in order.

    ``step`` is how far each card sits right of the one before (by default
    the overlap of a held hand); the suits are kept a little apart.
    """
    scale = card_w / _HAND_CARD
    gap = _SUIT_GAP * scale
    step = _HAND_STEP * scale if step is None else step
    xs: list[float] = []
    x = 0.0
    for i, c in enumerate(cards):
        if i:
            x += step
            if c.suit != cards[i - 1].suit:
                x += gap
        xs.append(x)
    total = (xs[-1] + card_w) if xs else card_w
    return xs, total


def _hand_parts(
    cards: Sequence[Card],
    legal: CardSet | None,
    *,
    x: float,
    y: float,
    card_w: float,
    step: float | None = None,
) -> list[str]:
    xs, _ = _hand_layout(cards, card_w, step=step)
    raise_by = _RAISE * card_w / _HAND_CARD if legal is not None else 0.0
    parts = []
    for c, cx in zip(cards, xs, strict=True):
        if legal is None:
            parts.append(_face(c, x + cx, y, card_w))
        elif c in legal:
            parts.append(_face(c, x + cx, y, card_w, state="legal", ring=_LEGAL))
        else:
            parts.append(_face(c, x + cx, y + raise_by, card_w, state="illegal", dim=True))
    return parts


def _hand_label(cards: Sequence[Card], legal: CardSet | None) -> str:
    if not cards:
        return _t("hand", cards=_t("hand.empty"))
    label = _t("hand", cards=" ".join(c.pretty for c in cards))
    if legal is not None:
        playable = " ".join(c.pretty for c in cards if c in legal) or _t("hand.empty")
        label += "; " + _t("hand.legal", cards=playable)
    return label


def _empty_slot(x: float, y: float, w: float, text: str) -> str:
    s = w / _CARD_W
    return (
        f'<g class="empty" transform="translate({_n(x)} {_n(y)}) scale({_n(s, 4)})">'
        f'<rect x="2" y="2" width="96" height="136" rx="9" fill="none" stroke="{_EDGE}"'
        f' stroke-width="3" stroke-dasharray="8 6"/></g>'
        + _text(x + w / 2, y + w * 0.75, text, size=14, fill=_EDGE, anchor="middle")
    )


def hand(
    cards: Iterable[Card | str],
    *,
    trump: Suit | None = None,
    legal: Iterable[Card | str] | None = None,
    width: float | None = None,
) -> str:
    """A picture of a hand, sorted by suit and high to low within a suit.

    ``cards`` are taken as a set, as :class:`~whist_ro.CardSet` takes them.
    Suits alternate black and red (spades, hearts, clubs, diamonds); with
    ``trump`` the trump suit comes first.  With ``legal`` (the cards that
    may be played now) those cards stand up with a blue outline and the
    others are greyed out and lowered, so the picture says which cards can
    be played; each card's group has the classes ``card``, ``card-Ah`` (its
    text) and ``legal`` or ``illegal``, for a page to attach clicks to.

    >>> import xml.etree.ElementTree as ET
    >>> from whist_ro import CardSet, Suit
    >>> picture = hand(CardSet.parse("Ah Kh 10c 7d"), trump=Suit.CLUBS, legal=["Ah", "Kh"])
    >>> ET.fromstring(picture).get("aria-label")
    'hand: 10♣ 7♦ A♥ K♥; playable: A♥ K♥'
    >>> picture.count('class="card card-'), picture.count(" illegal")
    (4, 2)
    """
    held = _hand_order(CardSet(cards_of(cards, what="hand")), _trump(trump))
    playable = None if legal is None else CardSet(cards_of(legal, what="legal"))
    if playable is not None:
        stray = playable - CardSet(held)
        if stray:
            raise ConfigurationError(
                f"legal holds {stray}, which the hand does not: only cards in the hand "
                "can be played",
                field="legal",
            )
    _, natural_w = _hand_layout(held, _HAND_CARD)
    height = _HAND_CARD * 1.4 + (_RAISE if playable is not None else 0.0)
    if held:
        body = _hand_parts(held, playable, x=0, y=0, card_w=_HAND_CARD)
    else:
        body = [_empty_slot(0, 0, _HAND_CARD, _t("hand.empty"))]
    return _document(
        body,
        size=(natural_w, height),
        label=_hand_label(held, playable),
        width=_width(width),
        kind="hand",
    )


# -- tricks -------------------------------------------------------------------------------------


def _angle(offset: int, players: int) -> float:
    """Where a seat sits, seen from the seat at the bottom: clockwise, as play goes."""
    return math.radians(90 + 360 * offset / players)


def _ring(players: int, *, compact: bool) -> tuple[float, float, float]:
    """Card width and the two radii of the ring a trick's cards lie on."""
    if compact:  # inside a view
        return (46.0, 54.0, 44.0) if players <= 4 else (44.0, 62.0, 50.0)
    if players <= 4:
        return 64.0, 82.0, 78.0
    return 56.0, 100.0, 104.0 if players == 6 else 88.0


def _spot(offset: int, players: int, ring: tuple[float, float, float]) -> tuple[float, float]:
    """The top left corner of a seat's card, the ring's centre at (0, 0)."""
    card_w, rx, ry = ring
    a = _angle(offset, players)
    return rx * math.cos(a) - card_w / 2, ry * math.sin(a) - card_w * 0.7


def _trick_parts(
    t: Trick,
    *,
    trump: Suit | None,
    mark_winner: bool,
    bottom: int,
    centre: tuple[float, float],
    ring: tuple[float, float, float],
    fade: bool = False,
) -> list[str]:
    """The cards of ``t`` around ``centre``, the lead tagged *led*, the winner *wins*."""
    cx, cy = centre
    card_w = ring[0]
    winner = trick_winner(t, trump) if mark_winner and t.is_complete else None
    parts: list[str] = ['<g class="trick last" opacity="0.85">' if fade else '<g class="trick">']
    tags: list[str] = []
    for i, (s, c) in enumerate(zip(t.seats, t.cards, strict=True)):
        dx, dy = _spot((s - bottom) % t.players, t.players, ring)
        x, y = cx + dx, cy + dy
        parts.append(_face(c, x, y, card_w, ring=_MARK if s == winner else ""))
        words = ([_t("led")] if i == 0 else []) + ([_t("wins")] if s == winner else [])
        if words:
            # Tags go on top of every card, so a later card never hides one.
            tags.append(
                _pill(
                    x + card_w / 2,
                    y + card_w * 1.4 - 2,
                    " · ".join(words),
                    fill=_MARK if s == winner else "#ffffff",
                    ink=_BLACK,
                )
            )
    parts += tags
    parts.append("</g>")
    return parts


def _trick_label(t: Trick, names: Sequence[str], trump: Suit | None, mark_winner: bool) -> str:
    if not t.cards:
        return _t("trick.empty")
    plays = ", ".join(
        _t("trick.play", seat=names[s], card=c.pretty)
        for s, c in zip(t.seats, t.cards, strict=True)
    )
    label = _t("trick", leader=names[t.leader], plays=plays)
    if mark_winner and t.is_complete:
        label += "; " + _t("trick.won", winner=names[trick_winner(t, trump)])
    return label


def trick(
    trick: Trick,
    *,
    trump: Suit | None = None,
    mark_winner: bool = True,
    seat: int = 0,
    names: Sequence[str] | None = None,
    width: float | None = None,
) -> str:
    """A picture of a trick: each card in front of the seat that played it.

    ``seat`` sits at the bottom and the others follow clockwise, in the
    order of play; under each place is its player's name (``names``, one
    per seat; ``"seat 0"`` ... by default).  The lead card is tagged *led*;
    when the trick is complete and ``mark_winner`` is true, the winning
    card (with ``trump`` as trumps, None for no trump, R-PLAY-6) is
    outlined and tagged *wins*.

    >>> import xml.etree.ElementTree as ET
    >>> from whist_ro import Suit, Trick
    >>> t = Trick(leader=1, cards=["Kh", "Ah", "2s", "9h"], players=4)
    >>> ET.fromstring(trick(t, trump=Suit.SPADES)).get("aria-label")
    'trick led by seat 1: seat 1 K♥, seat 2 A♥, seat 3 2♠, seat 0 9♥; won by seat 3'
    >>> ">wins<" in trick(t, mark_winner=False)
    False
    """
    if not isinstance(trick, Trick):
        raise ConfigurationError(f"trick takes a Trick, not {excerpt(trick)}", field="trick")
    suit = _trump(trump)
    marked = flag(mark_winner, name="mark_winner")
    bottom = check_seat(seat, players=trick.players)
    labels = _names(names, trick.players)
    ring = _ring(trick.players, compact=False)
    card_w = ring[0]
    card_h = card_w * 1.4
    # The bounding box of every place (its card, tag and name) fixes the picture's size.
    spots = [_spot(k, trick.players, ring) for k in range(trick.players)]
    name_w = 96.0
    left = min(x + card_w / 2 - name_w / 2 for x, _ in spots)
    right = max(x + card_w / 2 + name_w / 2 for x, _ in spots)
    top = min(y for _, y in spots)
    low = max(y + card_h + 30 for _, y in spots)
    margin = 6.0
    centre = (margin - left, margin - top)
    body: list[str] = []
    for k, (x, y) in enumerate(spots):
        s = (bottom + k) % trick.players
        body.append(
            _text(
                centre[0] + x + card_w / 2,
                centre[1] + y + card_h + 25,
                _short(labels[s], 13),
                size=14,
                anchor="middle",
                bold=s == bottom,
                extra=f' class="name seat-{s}"',
            )
        )
        body.append(
            f'<rect class="place" x="{_n(centre[0] + x)}" y="{_n(centre[1] + y)}"'
            f' width="{_n(card_w)}" height="{_n(card_h)}" rx="{_n(card_w * 0.09)}" fill="none"'
            f' stroke="#b8b8b8" stroke-width="1.5" stroke-dasharray="5 4"/>'
        )
    body += _trick_parts(
        trick, trump=suit, mark_winner=marked, bottom=bottom, centre=centre, ring=ring
    )
    return _document(
        body,
        size=(right - left + 2 * margin, low - top + 2 * margin),
        label=_trick_label(trick, labels, suit, marked),
        width=_width(width),
        kind="trick",
    )


# -- a seat's view of the table -----------------------------------------------------------------

_VIEW_W: Final = 400.0
_HEAD_H: Final = 64.0
_FELT_H: Final = 360.0
_TRICK_Y: Final = 200.0  # the middle of the trick, from the felt's top
_BADGE_W: Final = 108.0
_OWN_W: Final = 170.0
_MINI: Final = 18.0  # a card back in a seat's place
_KNOWN: Final = 36.0  # a card the viewer sees in another seat's hand
_TURN_UP: Final = 42.0


def _count_text(n: int) -> str:
    return count(n, _t("noun.card"), _t("noun.cards"))


def _badge_spot(offset: int, players: int) -> tuple[float, float]:
    """The centre of a seat's place on the felt (the viewer is offset 0, at the bottom).

    The others go round clockwise; a seat not straight across sits at the
    left or right edge, which leaves the middle to the trick.
    """
    if offset == 0:
        return _VIEW_W / 2, _FELT_H - 36
    a = _angle(offset, players)
    x = math.cos(a)
    edge = _BADGE_W / 2 + 4
    cx = _VIEW_W / 2 if abs(x) < 0.01 else (edge if x < 0 else _VIEW_W - edge)
    return cx, _TRICK_Y + 146 * math.sin(a)


def _badge_size(v: PlayerView, s: int) -> tuple[float, float]:
    if s == v.seat:
        return _OWN_W, 56.0
    lines = 3 if v.totals is not None else 2
    h = 20.0 + 17 * lines  # room at the bottom for the tag (to bid, partner)
    if v.hand_counts[s]:
        h += (_KNOWN if v.known_hands[s] else _MINI) * 1.4 + 6
    return _BADGE_W, h


def _seat_badge(
    v: PlayerView, s: int, names: Sequence[str], *, centre: tuple[float, float], top: float
) -> list[str]:
    """A seat's name, bid, tricks, total and cards, centred at ``centre`` (felt coordinates)."""
    cx, cy = centre
    me = s == v.seat
    w, h = _badge_size(v, s)
    x0, y0 = cx - w / 2, top + cy - h / 2
    turn = v.to_act == s and not v.is_over
    parts = [
        f'<g class="seat seat-{s}{" me" if me else ""}{" turn" if turn else ""}">',
        f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(w)}" height="{_n(h)}" rx="8"'
        f' fill="{_PAPER}" stroke="{_MARK if turn else _FELT_EDGE}"'
        f' stroke-width="{4 if turn else 1.5}"/>',
        _text(
            x0 + 8,
            y0 + 19,
            _short(names[s], 18 if me else 12),
            size=14,
            bold=True,
            extra=' class="name"',
        ),
    ]
    y = y0 + 36
    if not v.variant.is_classic:
        bid = v.bids[s]
        parts.append(
            _text(x0 + 8, y, _t("bid.none") if bid is None else _t("bid", bid=bid), size=13)
        )
    won = _text(x0 + w - 8, y, _t("won", won=v.tricks_won[s]), size=13, anchor="end")
    if v.variant.is_classic:  # no bids: the tricks take the bid's place
        won = _text(x0 + 8, y, _t("won", won=v.tricks_won[s]), size=13)
    elif me:
        won = _text(x0 + w / 2, y, _t("won", won=v.tricks_won[s]), size=13, anchor="middle")
    parts.append(won)
    if v.totals is not None:
        total = _t("total", total=v.totals[s])
        if me:
            parts.append(_text(x0 + w - 8, y, total, size=13, anchor="end"))
        else:
            y += 17
            parts.append(_text(x0 + 8, y, total, size=13))
    count = v.hand_counts[s]
    if not me and count:
        # The cards the viewer sees face up (forehead round, classic turn-up), the rest face down.
        known = list(v.known_hands[s])
        x = x0 + 8
        y += 8
        for c in known:
            parts.append(_face(c, x, y, _KNOWN))
            x += _KNOWN + 3
        unknown = count - len(known)
        if unknown:
            # The fan only hints at the number; the count is written beside it.
            room = w - 8 - (x - x0) - _MINI - (30 if known else 48)
            step = min(6.0, room / max(unknown - 1, 1))
            for i in range(unknown):
                parts.append(_back(x + i * step, y, _MINI))
            text_x = x + (unknown - 1) * step + _MINI + 5
            text_y = y + (_KNOWN if known else _MINI) * 0.7 + 5
            if known:
                parts.append(_text(text_x, text_y, f"+{unknown}", size=12))
            else:
                parts.append(_text(text_x, text_y, _count_text(unknown), size=12))
    if s == v.dealer:
        parts.append(
            f'<circle class="dealer" cx="{_n(x0 + w - 14)}" cy="{_n(y0 + 14)}" r="10"'
            f' fill="#ffffff" stroke="{_BLACK}" stroke-width="1.5"/>'
        )
        parts.append(
            _text(x0 + w - 14, y0 + 18.5, _t("dealer.mark"), size=12, anchor="middle", bold=True)
        )
    words = []
    if me:
        words.append(_t("you"))
    elif v.variant.is_classic and s == partner_of(v.seat):
        words.append(_t("partner"))
    if turn:
        words.append(_t("to_bid") if v.phase is Phase.BIDDING else _t("to_play"))
    if words:
        fill = _MARK if turn else "#ffffff"
        parts.append(_pill(cx, y0 + h, " · ".join(words), fill=fill, ink=_BLACK))
    parts.append("</g>")
    return parts


def _status(v: PlayerView, names: Sequence[str]) -> str:
    if v.is_over:
        return _t("over.match") if v.is_match else _t("over.round")
    if v.to_act is None:
        return _t("over.round")
    bidding = v.phase is Phase.BIDDING
    if v.to_act == v.seat:
        if bidding:
            bids = " ".join(str(a.tricks) for a in v.legal_actions if isinstance(a, Bid))
            return _t("turn.you.bid", bids=bids)
        return _t("turn.you.play")
    return _t("turn.bid" if bidding else "turn.play", seat=names[v.to_act])


def _round_text(v: PlayerView) -> str:
    schedule = v.schedule
    if schedule is None:
        where = _t("round.alone")
    elif schedule.repeats:
        where = _t("round.open", number=v.round_number)
    else:
        where = _t("round.of", number=v.round_number, rounds=len(schedule))
    size = _t("hand_size", cards=_count_text(v.hand_size))
    return f"{where} · {size}"


def _view_label(v: PlayerView, names: Sequence[str]) -> str:
    parts = [_round_text(v)]
    turn_up = v.turn_up
    parts.append(_t("no_trump") if turn_up is None else f"{_t('trump')} {turn_up.pretty}")
    if v.blind is not None:
        parts.append(_t(f"blind.{v.blind}"))
    if v.hand or not v.hand_counts[v.seat]:
        parts.append(_hand_label(_hand_order(v.hand, v.trump), None))
    else:
        parts.append(_t("hand", cards=_t("hidden")))
    for s in range(v.players):
        bid = v.bids[s]
        bits = []
        if s == v.dealer:
            bits.append(_t("dealer"))
        if not v.variant.is_classic:
            bits.append(_t("bid.none") if bid is None else _t("bid", bid=bid))
        bits.append(_t("won", won=v.tricks_won[s]))
        bits.append(_count_text(v.hand_counts[s]))
        if v.totals is not None:
            bits.append(_t("total", total=v.totals[s]))
        parts.append(f"{names[s]}: {', '.join(bits)}")
        if s != v.seat and v.known_hands[s]:
            shown = " ".join(c.pretty for c in v.known_hands[s])
            parts.append(_t("view.holds", seat=names[s], cards=shown))
    current = v.current_trick
    if current.cards:
        parts.append(_trick_label(current, names, v.trump, False))
    parts.append(_status(v, names))
    return _t("view", seat=names[v.seat], summary="; ".join(parts))


def _view_hand(count: int, gaps: int) -> tuple[float, float]:
    """The card width and step that fit ``count`` cards (with ``gaps`` suit gaps) in a view."""
    room = _VIEW_W - 16
    if count <= 1:
        return _HAND_CARD, 0.0
    per_gap = _SUIT_GAP / _HAND_CARD
    card_w = min(_HAND_CARD, room / ((count - 1) * 0.52 + 1 + gaps * per_gap))
    step = min(card_w * 1.06, (room - card_w - gaps * per_gap * card_w) / (count - 1))
    return card_w, step


def view(
    view: PlayerView, *, names: Sequence[str] | None = None, width: float | None = None
) -> str:
    """A picture of the table as one seat sees it (natural size 400 pixels wide).

    The seat sits at the bottom with its hand below the table; the others
    sit around it clockwise, in the order of play (in classic whist the
    partner sits opposite).  Each seat shows its name (``names``, one per
    seat), its bid, the tricks it won, the match total, and its cards: face
    down, except the cards this seat may see (a "forehead" round's cards,
    classic whist's exposed trump card, R-VIEW-1, R-VIEW-3).  The dealer is
    marked *D*, the seat to act is outlined and tagged, the trick on the
    table lies in the middle (the last trick, faded, until the next lead),
    and the turn-up card is at the top right.  When the seat may play, its
    playable cards stand up (see :func:`hand`).

    The picture is drawn from the view alone, so it cannot show a card the
    seat may not see (R-VIEW-2).

    >>> import xml.etree.ElementTree as ET
    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah 9c", "Kh 10c", "Qs Jc"],
    ...                         dealer=2, turn_up="10s")
    >>> root = ET.fromstring(view(r.view(0)))
    >>> root.get("aria-label")
    "seat 0's view: one round · 2 cards each; trump 10♠; hand: A♥ 9♣; seat 0: bid –, ..."
    >>> "Kh" in view(r.view(0))  # seat 1's king is not in the picture
    False
    """
    if not isinstance(view, PlayerView):
        raise ConfigurationError(f"view takes a PlayerView, not {excerpt(view)}", field="view")
    v = view
    labels = _names(names, v.players, v.names)
    own = _hand_order(v.hand, v.trump)
    legal: CardSet | None = None
    plays = [a.card for a in v.legal_actions if isinstance(a, Play)]
    if plays and all(c is not None for c in plays):
        legal = CardSet(c for c in plays if c is not None)
    gaps = sum(1 for a, b in itertools.pairwise(own) if a.suit != b.suit)
    hand_card, step = _view_hand(max(len(own), v.hand_counts[v.seat]), gaps)
    _, hand_w = _hand_layout(own, hand_card, step=step)
    raise_by = _RAISE * hand_card / _HAND_CARD if legal is not None else 0.0
    felt_top = _HEAD_H
    hand_top = felt_top + _FELT_H + 12
    height = hand_top + hand_card * 1.4 + raise_by + 10
    body: list[str] = [f'<rect width="{_n(_VIEW_W)}" height="{_n(height)}" fill="#ffffff"/>']
    # Header: where the match stands, whose turn, the trump card.
    body.append(_text(10, 25, _round_text(v), size=16, bold=True))
    status = _status(v, labels)
    if v.blind is not None:
        status = _t(f"blind.{v.blind}.short") + " · " + status
    body.append(_text(10, 48, status, size=14, extra=' class="status"'))
    turn_up = v.turn_up
    if turn_up is not None:
        body.append(_face(turn_up, _VIEW_W - _TURN_UP - 6, 2, _TURN_UP, state="turn-up"))
        body.append(_text(_VIEW_W - _TURN_UP - 14, 36, _t("trump"), size=13, anchor="end"))
    else:
        body.append(_text(_VIEW_W - 10, 36, _t("no_trump"), size=13, anchor="end"))
    # The felt, the seats around it.
    body.append(
        f'<rect x="4" y="{_n(felt_top)}" width="{_n(_VIEW_W - 8)}" height="{_n(_FELT_H)}"'
        f' rx="28" fill="{_FELT}" stroke="{_FELT_EDGE}" stroke-width="3"/>'
    )
    for offset in range(v.players):
        s = (v.seat + offset) % v.players
        body += _seat_badge(v, s, labels, centre=_badge_spot(offset, v.players), top=felt_top)
    # The trick in the middle; the last one, faded, until the next lead.
    centre = (_VIEW_W / 2, felt_top + _TRICK_Y)
    current = v.current_trick
    shown: Trick | None = current if current.cards else None
    last = False
    if shown is None and v.tricks and v.phase is not Phase.BIDDING:
        shown, last = v.tricks[-1], True
    if shown is not None:
        body += _trick_parts(
            shown,
            trump=v.trump,
            mark_winner=True,
            bottom=v.seat,
            centre=centre,
            ring=_ring(v.players, compact=True),
            fade=last,
        )
    if last:
        body.append(
            _text(
                _VIEW_W / 2,
                felt_top + _FELT_H - 69,
                _t("trick.last"),
                size=13,
                fill="#ffffff",
                anchor="middle",
            )
        )
    # The hand below the table.
    hx = (_VIEW_W - hand_w) / 2
    if own:
        body += _hand_parts(own, legal, x=hx, y=hand_top, card_w=hand_card, step=step)
    elif v.hand_counts[v.seat]:
        # A blind round: the seat holds a card it may not see.
        count = v.hand_counts[v.seat]
        hx = (_VIEW_W - hand_card - (count - 1) * step) / 2
        for i in range(count):
            body.append(_back(hx + i * step, hand_top, hand_card, extra_class="hidden"))
        body.append(
            _text(
                hx + hand_card + (count - 1) * step + 10,
                hand_top + hand_card * 0.75,
                _t("hidden"),
                size=14,
            )
        )
    else:
        body.append(_empty_slot(hx, hand_top, hand_card, _t("hand.empty")))
    return _document(
        body,
        size=(_VIEW_W, height),
        label=_view_label(v, labels),
        width=_width(width),
        kind="view",
    )


# -- the score chart ---------------------------------------------------------------------------


def _sheet_of(source: object) -> ScoreSheet:
    """The score sheet ``source`` holds."""
    if isinstance(source, Match):
        return source.score_sheet
    if isinstance(source, PlayerView):
        sheet = source.score_sheet
        if sheet is None:
            raise ConfigurationError(
                "a score chart needs a match: this is the view of a lone round", field="source"
            )
        return sheet
    if isinstance(source, ScoreSheet):
        return source
    raise ConfigurationError(
        "a score chart is drawn from a Match, a match's PlayerView or a ScoreSheet, "
        f"not {excerpt(source)}",
        field="source",
    )


def _nice_step(span: float) -> int:
    """A round step for about five grid lines over ``span`` points (1, 2, 5, 10, 20 ...)."""
    raw = max(span, 1) / 5
    magnitude = 10.0 ** math.floor(math.log10(raw))
    for k in (1, 2, 5):
        if k * magnitude >= raw:
            return max(1, round(k * magnitude))
    return max(1, round(10 * magnitude))


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    r = 4.5
    if kind == "circle":
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{colour}"/>'
    if kind == "square":
        return (
            f'<rect x="{_n(x - r)}" y="{_n(y - r)}" width="{_n(2 * r)}" height="{_n(2 * r)}"'
            f' fill="{colour}"/>'
        )
    corners = {
        "triangle": ((0, -r - 1), (r + 1, r), (-r - 1, r)),
        "down": ((0, r + 1), (r + 1, -r), (-r - 1, -r)),
        "diamond": ((0, -r - 1), (r + 1, 0), (0, r + 1), (-r - 1, 0)),
    }.get(kind)
    if corners is not None:
        points = " ".join(f"{_n(x + dx)},{_n(y + dy)}" for dx, dy in corners)
        return f'<polygon points="{points}" fill="{colour}"/>'
    return (
        f'<path d="M{_n(x - r)} {_n(y - r)}L{_n(x + r)} {_n(y + r)}M{_n(x - r)} {_n(y + r)}'
        f'L{_n(x + r)} {_n(y - r)}" stroke="{colour}" stroke-width="2.5"/>'
    )


def _chart(sheet: ScoreSheet, *, names: Sequence[str], width: float | None) -> str:
    rows = list(sheet)
    n = len(rows)
    # One line per seat; in classic whist one per side (seats 0 and 2, 1 and 3).
    lines: list[tuple[str, int]] = (
        [
            (_t("chart.side", first=names[0], second=names[2]), 0),
            (_t("chart.side", first=names[1], second=names[3]), 1),
        ]
        if sheet.is_classic and sheet.players == 4
        else [(names[s], s) for s in range(sheet.players)]
    )
    totals = sheet.totals
    w = 400.0
    legend_rows = math.ceil(len(lines) / 2)
    top, left, right = 40.0, 44.0, 16.0
    plot_h = 200.0
    h = top + plot_h + 44 + 22 * legend_rows
    plot_w = w - left - right
    values = [0, *(row.seats[s].total for row in rows for _, s in lines)]
    step = _nice_step(max(values) - min(values))
    low = step * math.floor(min(values) / step)
    high = step * math.ceil(max(values) / step)
    if high == low:
        high += step

    def px(i: float) -> float:
        return left + plot_w * i / max(n, 1)

    def py(value: float) -> float:
        return top + plot_h * (high - value) / (high - low)

    body = [
        f'<rect width="{_n(w)}" height="{_n(h)}" fill="#ffffff"/>',
        _text(10, 22, _t("chart.title"), size=15, bold=True),
    ]
    for value in range(low, high + 1, step):
        y = py(value)
        zero = value == 0
        body.append(
            f'<line x1="{_n(left)}" y1="{_n(y)}" x2="{_n(w - right)}" y2="{_n(y)}"'
            f' stroke="{_BLACK if zero else "#d4d4d4"}" stroke-width="{1.5 if zero else 1}"/>'
        )
        body.append(_text(left - 6, y + 4, str(value), size=12, anchor="end", fill="#333333"))
    every = max(1, math.ceil(n / 8))  # about eight round numbers along the bottom
    for i in range(0, n + 1, every):
        body.append(
            _text(px(i), top + plot_h + 17, str(i), size=12, anchor="middle", fill="#333333")
        )
    body.append(
        _text(
            left + plot_w / 2,
            top + plot_h + 34,
            _t("chart.round"),
            size=12,
            anchor="middle",
            fill="#333333",
        )
    )
    # A rubber starts every game from 0: each game is drawn on its own, after a dashed line.
    games: list[tuple[int, int]] = []  # (first row, end row) of each game
    for i, row in enumerate(rows):
        if not games or row.game != rows[i - 1].game:
            games.append((i, i + 1))
            if i:
                x = px(i)
                body.append(
                    f'<line x1="{_n(x)}" y1="{_n(top)}" x2="{_n(x)}" y2="{_n(top + plot_h)}"'
                    f' stroke="#777777" stroke-dasharray="4 4"/>'
                )
                body.append(
                    _text(x + 4, top + 14, _t("chart.game", game=row.game), size=12, fill="#333333")
                )
        else:
            games[-1] = (games[-1][0], i + 1)
    if not rows:
        body.append(
            _text(
                left + plot_w / 2,
                top + plot_h / 2 - 8,
                _t("chart.none"),
                size=14,
                anchor="middle",
                fill="#333333",
            )
        )
    for k, (_, s) in enumerate(lines):
        colour = _LINE_COLOURS[k % len(_LINE_COLOURS)]
        marker = _MARKERS[k % len(_MARKERS)]
        body.append(f'<g class="line line-{k}">')
        for first, end in games:
            points = [(px(first), py(0))]
            points += [(px(i + 1), py(rows[i].seats[s].total)) for i in range(first, end)]
            text = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
            body.append(
                f'<polyline points="{text}" fill="none" stroke="{colour}" stroke-width="2.5"'
                ' stroke-linejoin="round"/>'
            )
            # Markers tell the lines apart without colour; past 30 rounds only the last point.
            for x, y in points[1:] if n <= 30 else points[-1:]:
                body.append(_marker(marker, x, y, colour))
        body.append("</g>")
    # The legend, two entries a row: line, marker, name and total.
    for k, (name, s) in enumerate(lines):
        colour = _LINE_COLOURS[k % len(_LINE_COLOURS)]
        x = 12 + (k % 2) * (w / 2)
        y = top + plot_h + 56 + 22 * (k // 2)
        body.append(
            f'<line x1="{_n(x)}" y1="{_n(y)}" x2="{_n(x + 26)}" y2="{_n(y)}" stroke="{colour}"'
            ' stroke-width="2.5"/>'
        )
        body.append(_marker(_MARKERS[k % len(_MARKERS)], x + 13, y, colour))
        body.append(_text(x + 32, y + 5, _short(name, 14), size=13))
        body.append(_text(x + w / 2 - 14, y + 5, str(totals[s]), size=13, anchor="end", bold=True))
    if rows:
        label = _t(
            "chart",
            rounds=n,
            lines=", ".join(_t("chart.line", name=name, total=totals[s]) for name, s in lines),
        )
    else:
        label = _t("chart.empty")
    return _document(body, size=(w, h), label=label, width=width, kind="chart")


def score_chart(
    source: Match | PlayerView | ScoreSheet,
    *,
    names: Sequence[str] | None = None,
    width: float | None = None,
) -> str:
    """A line chart of the running totals over the rounds (natural size 400 pixels wide).

    ``source`` is a :class:`~whist_ro.Match`, a match's
    :class:`~whist_ro.PlayerView` or a :class:`~whist_ro.results.ScoreSheet`.  Each
    seat has a line with its own colour and marker (so the lines differ
    without colour too) and a legend entry with its name (``names``, one per
    seat) and total.  In classic whist partners share a total, so each side
    has one line ("seat 0 & seat 2"); a rubber starts every game from 0,
    and the chart draws each game on its own after a dashed line.

    >>> import xml.etree.ElementTree as ET
    >>> import whist_ro as wr
    >>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1), seed=1)
    >>> ET.fromstring(score_chart(m)).get("aria-label")
    'running totals over 21 rounds: seat 0 ..., seat 1 ..., seat 2 ...'
    >>> score_chart(m.round.view(0))
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: a score chart needs a match: this is the view of a lone ...
    """
    sheet = _sheet_of(source)
    labels = _names(names, sheet.players, sheet.names)
    return _chart(sheet, names=labels, width=_width(width))


# -- the score sheet as HTML ----------------------------------------------------------------------


def _cell(
    tag: str,
    text: str,
    *,
    head: bool = False,
    rows: int = 1,
    columns: int = 1,
    first: bool = False,
    bold: bool = False,
    align: str = "right",
    colour: str = "",
) -> str:
    """One table cell; ``first`` opens a seat's group of columns with a line."""
    style = ["padding:2px 6px", f"border-bottom:{'2px solid #333' if head else '1px solid #ddd'}"]
    style.append(f"text-align:{'center' if head else align}")
    if first:
        style.append("border-left:2px solid #999")
    if bold:
        style.append("font-weight:bold")
    if colour:
        style.append(f"color:{colour}")
    span = (f' rowspan="{rows}"' if rows > 1 else "") + (
        f' colspan="{columns}"' if columns > 1 else ""
    )
    return f'<{tag}{span} style="{";".join(style)}">{_esc(text)}</{tag}>'


def score_sheet_html(
    source: Match | PlayerView | ScoreSheet,
    *,
    names: Sequence[str] | None = None,
    chart: bool = True,
) -> str:
    """The score sheet as an HTML table, with the score chart under it (``chart=False``: without).

    This is what Jupyter shows for a :class:`~whist_ro.Match`.  Every text
    is escaped.

    >>> import whist_ro as wr
    >>> m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1), seed=1)
    >>> html = score_sheet_html(m, names=["Ana", "<b>", "Dan"], chart=False)
    >>> "&lt;b&gt;" in html, "<b>" in html, html.count("<tr")  # 2 heading rows, 21 rounds
    (True, False, 23)
    """
    sheet = _sheet_of(source)
    players = sheet.players
    labels = _names(names, players, sheet.names)
    show_chart = flag(chart, name="chart")
    # Classic whist has no bids, and its bonus is honours.
    keys: tuple[str, ...] = ("sheet.won", "sheet.points", "sheet.honours", "sheet.total")
    if not sheet.is_classic:
        keys = ("sheet.bid", "sheet.won", "sheet.points", "sheet.bonus", "sheet.total")
    span = 4 + len(keys) * players
    out = [
        '<div class="whist-ro score-sheet" style="font-family:sans-serif;overflow-x:auto">',
        '<table style="border-collapse:collapse;font-variant-numeric:tabular-nums">',
        f"<caption>{_esc(_t('sheet.caption'))}</caption>",
        "<thead><tr>",
        *(
            _cell("th", _t(key), head=True, rows=2)
            for key in ("sheet.number", "sheet.cards", "sheet.dealer", "sheet.trump")
        ),
        *(_cell("th", name, head=True, columns=len(keys), first=True) for name in labels),
        "</tr><tr>",
        *(
            _cell("th", _t(key), head=True, first=i == 0)
            for _ in range(players)
            for i, key in enumerate(keys)
        ),
        "</tr></thead><tbody>",
    ]
    game = 1
    for row in sheet:
        if row.game != game:
            game = row.game
            out.append(
                "<tr>"
                + _cell("td", _t("chart.game", game=game), columns=span, bold=True, align="left")
                + "</tr>"
            )
        cells = [
            _cell("td", str(row.number)),
            _cell("td", str(row.hand_size)),
            _cell("td", labels[row.dealer]),
            _cell("td", "–", align="center")
            if row.turn_up is None
            else _cell("td", row.turn_up.pretty, align="center", colour=_colour(row.turn_up.suit)),
        ]
        for seat in row.seats:
            numbers = [
                str(seat.tricks),
                f"{seat.points:+d}",
                f"{seat.bonus:+d}" if seat.bonus else "",
            ]
            if not sheet.is_classic:
                numbers.insert(0, "–" if seat.bid is None else str(seat.bid))
            cells += [_cell("td", text, first=i == 0) for i, text in enumerate(numbers)]
            cells.append(_cell("td", str(seat.total), bold=True))
        out.append("<tr>" + "".join(cells) + "</tr>")
    if not len(sheet):
        out.append("<tr>" + _cell("td", _t("sheet.empty"), columns=span, align="left") + "</tr>")
    out.append("</tbody></table>")
    if show_chart:
        out.append(_chart(sheet, names=labels, width=None))
    out.append("</div>")
    return "\n".join(out)
