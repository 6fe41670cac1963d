"""The card room's layout in a real browser: a felt with the seats around it, clockwise.

Debian's Chromium driven by Playwright against ``whist-ro serve`` on 127.0.0.1 with a
real SQLite file, as in ``test_web_browser``, whose browser and helpers these share.
For 3 and 6 players, on a desktop (1440x900) and a phone (390x844): the hand and the
trick inside the screen with nothing scrolled, nothing sticking out sideways, the
seats in playing order clockwise from this seat at the bottom (seat + 1 on its left),
and each other seat's hand drawn as one card back per card it holds.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import WebServer
from test_web_browser import ACT, Browser, _need_browser, create_table, seq_of, wait_past

VIEWPORTS = {"desktop": {"width": 1440, "height": 900}, "phone": {"width": 390, "height": 844}}
BOTS = ["rule", "random", "lowrisk", "rule", "random"]

# Where everything is, read in one go with the page's state: boxes relative to the
# viewport after scrolling to the top (what a player sees without scrolling).
LAYOUT = """() => {
  window.scrollTo(0, 0);
  const box = (node) => {
    if (!node) return null;
    const r = node.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  };
  const all = (selector) => [...document.querySelectorAll(selector)].map(box);
  const table = window.whistTable;
  return {
    width: innerWidth, height: innerHeight,
    scrollWidth: document.scrollingElement.scrollWidth,
    seat: table.seat, view: table.state.view,
    hand: box(document.getElementById("my-hand")),
    handBox: box(document.getElementById("hand")),
    handCards: all("#my-hand .card"),
    actions: document.getElementById("actions").children.length ?
      box(document.getElementById("actions")) : null,
    trick: box(document.getElementById("trick")),
    trickCards: all("#trick .card"),
    info: all(".round-info > *"),
    seats: [...document.querySelectorAll(".seat")].map((node) => ({
      id: node.id, box: box(node),
      backs: node.querySelectorAll(".backs .card.back").length,
      stack: node.querySelectorAll(".stack .taken-trick").length,
    })),
  };
}"""


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    with _need_browser()() as p:
        yield p


def seated(
    playwright: Any,
    server: WebServer,
    players: int,
    viewport: str,
    *,
    schedule: str = "8 8",
    locale: str = "en-US",
) -> Browser:
    """Ana's table of ``players`` (bots in the other seats), her page at ``viewport``."""
    browser = Browser(playwright, locale=locale)
    browser.page.set_viewport_size(VIEWPORTS[viewport])
    create_table(
        browser.page, server, name="Ana", seats=["human", *BOTS[: players - 1]], schedule=schedule
    )
    return browser


def my_turn_to_play_mid_trick(page: Any) -> bool:
    """This seat's turn to play, with a card of the trick already on the felt."""
    return bool(
        page.evaluate(
            """() => {
              const table = window.whistTable;
              const st = table && table.state;
              return Boolean(st && st.view && table.myTurn(st) && st.view.phase === "playing" &&
                st.view.current_trick.cards.length &&
                document.querySelector("#trick [data-card]"));
            }"""
        )
    )


def play_to_mid_trick(page: Any) -> None:
    """Act (the first thing offered) until this seat plays into a trick others began."""
    while not my_turn_to_play_mid_trick(page):
        page.wait_for_selector(f"{ACT}, #standings")
        assert page.query_selector("#standings") is None, "the match ended first"
        before = seq_of(page)
        page.locator(ACT).first.click()
        wait_past(page, before)


def inside(box: dict[str, float], layout: dict[str, Any]) -> bool:
    return bool(
        box["left"] >= 0
        and box["top"] >= 0
        and box["right"] <= layout["width"]
        and box["bottom"] <= layout["height"]
    )


def clockwise_angle(box: dict[str, float], centre: tuple[float, float]) -> float:
    """Degrees round the centre from straight below it, clockwise as the eye sees it."""
    dx = (box["left"] + box["right"]) / 2 - centre[0]
    dy = (box["top"] + box["bottom"]) / 2 - centre[1]  # y grows downwards on a screen
    return math.degrees(math.atan2(-dx, dy)) % 360


def assert_a_card_table(layout: dict[str, Any]) -> None:
    """Everything the brief asks of the table's layout, on the layout read by LAYOUT."""
    view = layout["view"]
    n = view["players"]
    me = 0 if layout["seat"] is None else layout["seat"]
    # Nothing scrolls sideways, and the trick and the hand are on the screen at the top.
    assert layout["scrollWidth"] <= layout["width"], layout["scrollWidth"]
    assert inside(layout["trick"], layout), layout["trick"]
    for card in layout["trickCards"]:
        assert inside(card, layout), card
    for part in layout["info"]:  # the round, the hand size, the bids so far, the trump
        assert inside(part, layout), part
    if layout["seat"] is not None:
        assert layout["hand"] is not None
        assert inside(layout["hand"], layout), layout["hand"]
        assert len(layout["handCards"]) == len(view["hand"]) > 0
        for card in layout["handCards"]:
            assert inside(card, layout), card
        # In its own place below the trick (and the bids), not docked over them.
        above = layout["trick"]
        if layout["actions"] is not None:
            assert above["bottom"] <= layout["actions"]["top"] + 0.5, layout["actions"]
            above = layout["actions"]
        assert above["bottom"] <= layout["handBox"]["top"] + 0.5, (above, layout["handBox"])
    else:
        assert layout["hand"] is None  # a spectator holds no hand
    # The seats in playing order, clockwise round the trick from this seat at the bottom.
    seats = {int(s["id"].removeprefix("seat-")): s for s in layout["seats"]}
    assert sorted(seats) == list(range(n))
    trick = layout["trick"]
    centre = ((trick["left"] + trick["right"]) / 2, (trick["top"] + trick["bottom"]) / 2)
    angles = [clockwise_angle(seats[(me + k) % n]["box"], centre) for k in range(n)]
    bottom = seats[me]["box"]
    assert bottom["top"] >= trick["bottom"] - 0.5, (bottom, trick)  # below the trick
    assert angles[0] < 20 or angles[0] > 340, angles  # and straight below it
    angles[0] = angles[0] - 360 if angles[0] > 180 else angles[0]
    assert all(a < b for a, b in itertools.pairwise(angles)), angles
    assert angles[1] < 180  # the next seat on the left half of the table
    for s, seat in seats.items():
        assert inside(seat["box"], layout), seat
        # Each other hand as one back per card held (this seat's own is face up below).
        face_down = view["hand_counts"][s] - len(view["known_hands"][s])
        assert seat["backs"] == (0 if s == layout["seat"] else face_down), (s, seat, view)
        assert seat["stack"] == view["tricks_won"][s], (s, seat)  # the tricks it took


@pytest.mark.parametrize(
    ("players", "viewport", "locale"),
    [
        (3, "desktop", "en-US"),
        (3, "phone", "en-US"),
        (4, "phone", "en-US"),
        (5, "phone", "en-US"),
        (6, "desktop", "en-US"),
        (6, "phone", "en-US"),
        (6, "phone", "ro-RO"),  # the Romanian page's longer words fit too
    ],
)
def test_the_table_fits_the_screen_with_the_seats_clockwise_and_their_backs(
    playwright: Any, tmp_path: Path, players: int, viewport: str, locale: str
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = seated(playwright, server, players, viewport, locale=locale)
        page = browser.page
        # While bidding (the bids offered above the hand) and then in mid-trick.
        page.wait_for_selector(".bid-button:not([disabled])")
        layout = page.evaluate(LAYOUT)
        assert len(layout["view"]["hand"]) == 8  # the largest hand of Romanian whist
        assert_a_card_table(layout)
        play_to_mid_trick(page)
        assert_a_card_table(page.evaluate(LAYOUT))
        # A spectator sees the same table with seat 0 at the bottom and no hand.
        watcher = Browser(playwright, locale=locale)
        watcher.page.set_viewport_size(VIEWPORTS[viewport])
        watcher.page.goto(page.url + "?watch")
        watcher.page.wait_for_function(
            "(seq) => window.whistTable && window.whistTable.state && "
            "window.whistTable.state.seq === seq",
            arg=seq_of(page),
        )
        assert_a_card_table(watcher.page.evaluate(LAYOUT))
        assert browser.errors == watcher.errors == []
        watcher.close()
        browser.close()


def test_the_finished_trick_goes_toward_the_winners_stack(playwright: Any, tmp_path: Path) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright, paced=True)  # the finished trick stays on the felt
        browser.page.set_viewport_size(VIEWPORTS["desktop"])
        page = browser.page
        # A slow pace (each pause 4 times the usual), so the finished trick is read on view.
        browser.context.add_init_script("localStorage.setItem('whist-ro:pace', '4')")
        # 8 cards a round: the first trick ends no round, so its winner's stack holds it.
        seats = ["human", "rule", "random", "rule"]
        create_table(page, server, name="Ana", seats=seats, schedule="8")
        while True:
            page.wait_for_selector(f"{ACT}, #trick.taken")
            if page.query_selector("#trick.taken"):
                break
            before = seq_of(page)
            page.locator(ACT).first.click()
            wait_past(page, before)
        seen = page.evaluate(
            """() => {
              const table = window.whistTable;
              const done = table.justDone;
              const trick = document.getElementById("trick");
              return {
                winner: done.winner, place: table.place(done.winner),
                trick: trick.className,
                took: [...document.querySelectorAll(".seat.took")].map((s) => s.id),
                stack: document.querySelectorAll(
                  "#seat-" + done.winner + " .stack .taken-trick").length,
                won: table.state.view.tricks_won[done.winner],
                animation: getComputedStyle(trick.querySelector(".played")).animationName,
              };
            }"""
        )
        assert f"toward-{seen['place']}" in seen["trick"].split()
        assert seen["took"] == [f"seat-{seen['winner']}"]
        assert seen["stack"] == seen["won"] >= 1
        assert seen["animation"] == "to-winner"
        assert browser.errors == []
        browser.close()


def test_the_score_sheet_opens_as_a_panel_that_never_scrolls_sideways(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = seated(playwright, server, 6, "phone", schedule="1 1 1 1")
        page = browser.page
        # Two rounds on the sheet, with six players' entries in every row.
        while page.evaluate("() => window.whistTable.sheet.length") < 2:
            page.wait_for_selector(ACT)
            before = seq_of(page)
            page.locator(ACT).first.click()
            wait_past(page, before)
        assert not page.is_visible("#sheet table")  # behind its button
        page.click("#sheet summary")
        page.wait_for_selector("#sheet table", state="visible")
        seen = page.evaluate(
            """() => ({
              width: innerWidth,
              scrollWidth: document.scrollingElement.scrollWidth,
              right: Math.max(...[...document.querySelectorAll("#sheet th, #sheet td")].map(
                (cell) => cell.getBoundingClientRect().right)),
              cells: [...document.querySelectorAll("#sheet tbody td")].map((c) => c.textContent),
              wide: [...document.querySelectorAll("#sheet *")].filter(
                (node) => node.scrollWidth > node.clientWidth + 1).length,
            })"""
        )
        assert seen["scrollWidth"] <= seen["width"], seen
        assert seen["right"] <= seen["width"], seen
        assert seen["wide"] == 0, seen  # no cell, and not the panel, scrolls inside either
        assert len(seen["cells"]) == 2 * (2 + 6)
        # Open it stays, through the redraws of the play that goes on.
        page.wait_for_selector(ACT)
        before = seq_of(page)
        page.locator(ACT).first.click()
        wait_past(page, before)
        assert page.is_visible("#sheet table")
        assert browser.errors == []
        browser.close()
