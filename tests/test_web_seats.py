"""Turns and seats that change hands, in a real browser (issue 27, items 4 and 6).

The sound of your turn, the hand while the server is away, the trick missed meanwhile,
your decision clock, a bot playing for you, and a tab another tab displaced: Debian's
Chromium driven by Playwright against ``whist-ro serve`` on 127.0.0.1, over real
sockets, with the helpers of ``test_web_browser`` and ``test_web_card_room``.  Every wait
is on an event the page shows (Playwright's ``wait_for_*``), never a fixed sleep.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import WebServer
from test_web_browser import ACT, Browser, _need_browser, create_table, seq_of, take_turn
from test_web_card_room import act, ana_at_a_table

# Every oscillator the page starts, counted (an init script runs before the page's own).
COUNT_TONES = """(() => {
  window.tonesStarted = 0;
  const Real = window.AudioContext;
  if (!Real) return;
  window.AudioContext = class extends Real {
    createOscillator() {
      const tone = super.createOscillator();
      const start = tone.start.bind(tone);
      tone.start = (...args) => { window.tonesStarted += 1; return start(...args); };
      return tone;
    }
  };
})();"""

# The hand's buttons: how many, and how many the page has made inactive.
HAND = """() => {
  const cards = [...document.querySelectorAll("#my-hand button")];
  return {cards: cards.length,
    disabled: cards.filter((c) => c.disabled && c.getAttribute("aria-disabled") === "true").length,
    legal: cards.filter((c) => c.classList.contains("legal") && !c.disabled).length};
}"""

# New sockets go nowhere while window.socketsHeld is true (the page's network is "down").
HOLD_SOCKETS = """() => {
  const Real = window.WebSocket;
  window.socketsHeld = true;
  window.WebSocket = class extends Real {
    constructor(url, ...rest) {
      super(window.socketsHeld ? url.replace("/ws/", "/ws-held/") : url, ...rest);
    }
  };
  window.whistTable.ws.close();
}"""


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    with _need_browser()() as p:
        yield p


def key(view: dict[str, Any]) -> tuple[int, int]:
    """Where a view is: its round, and the tricks finished in it."""
    return (view["match"]["round"], len(view["tricks"]))


def test_the_turns_sound_is_off_by_default_remembered_and_plays_as_a_turn_begins(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright)
        browser.context.add_init_script(COUNT_TONES)
        page = browser.page
        create_table(page, server, name="Ana", seats=["human", "rule", "random"])
        toggle = page.locator("#sound-toggle")
        assert toggle.get_attribute("aria-pressed") == "false"
        assert page.evaluate("() => localStorage.getItem('whist-ro:sound')") is None
        # Off: turns begin, and no tone is started.
        while page.evaluate("() => window.whistTable.room.turnsBegun") < 2:
            act(page)
        page.wait_for_selector(ACT)
        assert page.evaluate("() => window.tonesStarted") == 0
        toggle.click()
        assert toggle.get_attribute("aria-pressed") == "true"
        # Reloaded on Ana's turn: the table waits for her, so nothing moves meanwhile.
        page.reload()
        page.wait_for_selector(ACT)
        # Remembered over the reload; a page opened on its turn stays quiet.
        assert page.get_attribute("#sound-toggle", "aria-pressed") == "true"
        assert page.evaluate("() => [window.tonesStarted, window.whistTable.room.turnsBegun]") == [
            0,
            0,
        ]
        while page.evaluate("() => window.whistTable.room.turnsBegun") < 2:
            act(page)
        # One tone per turn that began, none for the page's other drawings (read together).
        tones, turns = page.evaluate(
            "() => [window.tonesStarted, window.whistTable.room.turnsBegun]"
        )
        assert tones == turns >= 2
        page.click("#sound-toggle")
        assert page.evaluate("() => localStorage.getItem('whist-ro:sound')") == "off"
        assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
        assert browser.errors == []
        browser.close()


def test_the_hand_is_inactive_while_the_server_is_down_and_active_after_it_is_back(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright)
        page = browser.page
        create_table(page, server, name="Ana", seats=["human", "rule", "random"])
        while not page.query_selector("#my-hand .card.legal"):
            act(page)
        hand = page.evaluate(HAND)
        assert hand["cards"] >= hand["legal"] > 0
        assert hand["disabled"] == 0
        server.kill()
        page.wait_for_selector("#status >> text=reconnecting", timeout=10_000)
        page.wait_for_selector("#hand.inactive")
        down = page.evaluate(HAND)
        assert down == {"cards": hand["cards"], "disabled": hand["cards"], "legal": 0}
        assert page.query_selector(ACT) is None  # nothing to click
        server.start()  # same port, same database
        page.wait_for_selector("#my-hand .card.legal:not([disabled])")
        assert page.evaluate(HAND)["legal"] == hand["legal"]
        assert page.query_selector("#hand.inactive") is None
        assert "reconnecting" not in (page.text_content("#status") or "")
        assert browser.errors == []
        browser.close()


def test_after_a_reconnect_the_page_shows_the_trick_finished_while_it_was_away(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        ana = Browser(playwright)
        create_table(ana.page, server, name="Ana", seats=["human", "human", "random"], grace=1)
        bo = Browser(playwright)
        bo.page.goto(ana.page.input_value("#invite"))
        bo.page.fill("#join-name", "Bo")
        bo.page.click("#join-button")
        bo.page.wait_for_selector("#my-hand")
        ana.page.wait_for_selector("#my-hand")
        seen = key(ana.page.evaluate("() => window.whistTable.state.view"))
        # Ana's network drops; her seat's bot plays on, and Bo plays until a trick is done.
        ana.page.evaluate(HOLD_SOCKETS)
        ana.page.wait_for_selector("#hand.inactive")
        while key(bo.page.evaluate("() => window.whistTable.state.view")) <= seen:
            bo.page.wait_for_function(
                "() => window.whistTable.state.seats[0].taken_over && "
                "window.whistTable.state.view.to_act === 1"
            )
            take_turn(bo.page)
        assert ana.page.query_selector("#missed-trick") is None
        ana.page.evaluate("() => { window.socketsHeld = false; }")
        ana.page.wait_for_selector("#missed-trick")
        last = ana.page.evaluate("() => window.whistTable.state.last_trick")
        assert (last["round"], last["trick"]) > seen
        shown = ana.page.eval_on_selector_all(
            "#missed-trick [data-card]", "(cards) => cards.map((c) => c.dataset.card)"
        )
        assert shown == last["cards"]
        names = json.loads(json.dumps(ana.page.evaluate("() => window.whistTable.state.seats")))
        winner = names[last["winner"]]["name"]
        assert f"{winner} took this trick" in (ana.page.text_content("#missed-trick") or "")
        assert ana.page.get_attribute("#missed-trick", "aria-label") == (
            "The trick played while you were away"
        )
        # Back at the table: the seat is Ana's again, her hand active.
        ana.page.wait_for_function("() => !window.whistTable.state.seats[0].taken_over")
        assert ana.page.query_selector("#hand.inactive") is None
        for browser in (ana, bo):
            assert browser.errors == []
            browser.close()


def test_your_decision_clock_is_a_bar_with_the_tables_time_and_none_without_a_limit(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright)
        page = browser.page
        create_table(page, server, name="Ana", seats=["human", "rule", "random"], time_limit=60)
        for _ in range(3):
            page.wait_for_selector(ACT)
            page.wait_for_selector("#decision-clock")
            bar = page.evaluate(
                """() => {
                  const bar = document.getElementById("decision-clock");
                  return {tag: bar.tagName, max: bar.max, value: bar.value,
                    label: bar.getAttribute("aria-label"),
                    text: document.getElementById("decision-clock-text").textContent};
                }"""
            )
            assert (bar["tag"], bar["max"], bar["label"]) == ("PROGRESS", 60, "Your time to decide")
            assert 0 <= bar["value"] <= 60
            assert bar["text"].endswith(" s left")
            act(page)
            # Not this seat's decision: no bar (the others' clocks are the seats' own). Waited
            # on, turn and bar read together: the page may still be drawing the position the
            # act left, and the bots may make it this seat's turn again at any moment.
            page.wait_for_function(
                """() => window.whistTable.myTurn(window.whistTable.state)
                         || document.getElementById("decision-clock") === null"""
            )
        assert browser.errors == []
        browser.close()
    (tmp_path / "no-limit").mkdir()
    with ana_at_a_table(playwright, tmp_path / "no-limit") as page:
        for _ in range(3):
            page.wait_for_selector(ACT)
            assert page.query_selector("#decision-clock") is None
            act(page)


def test_a_bot_playing_for_you_says_so_and_the_button_takes_the_seat_back(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        ana = Browser(playwright)
        page = ana.page
        page.goto(server.url + "/")
        # A table with a 4 s clock, made through the lobby's own API call; Bo joins.
        table = page.evaluate(
            """async () => {
              const made = await api("/api/tables", {name: "Ana", variant: "romanian",
                seats: ["human", "human", "rule"], time_limit: 4, grace: 30});
              saveSeat(made.table, made.seat, made.token);
              return made.table;
            }"""
        )
        page.goto(f"{server.url}/t/{table}")
        bo = Browser(playwright)
        bo.page.goto(f"{server.url}/t/{table}")
        bo.page.fill("#join-name", "Bo")
        bo.page.click("#join-button")
        bo.page.wait_for_selector("#my-hand")
        # Bo plays his turns; Ana lets her clock run out, and the bot plays for her.
        while True:
            bo.page.wait_for_function(
                """(act) => window.whistTable.state.seats[0].taken_over ||
                  document.querySelector(act)""",
                arg=ACT,
            )
            if bo.page.evaluate("() => window.whistTable.state.seats[0].taken_over"):
                break
            take_turn(bo.page)
        page.wait_for_selector("#reclaim")
        page.wait_for_selector("#banner >> text=A bot is playing for you.")
        assert page.text_content("#reclaim") == "Take my seat back"
        assert page.query_selector("#decision-clock") is None
        page.click("#reclaim")
        page.wait_for_function("() => window.whistTable.state.reclaims.length === 1")
        reclaim = page.evaluate("() => window.whistTable.state.reclaims[0]")
        assert reclaim["seat"] == 0
        for browser in (ana, bo):
            assert browser.errors == []
            browser.close()


def test_a_tab_another_tab_displaced_says_so_and_plays_here_again(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright)
        first = browser.page
        table = create_table(first, server, name="Ana", seats=["human", "rule", "random"])
        first.wait_for_selector("#my-hand")
        second = browser.context.new_page()  # the same browser: the same saved seat
        errors: list[str] = []
        second.on("pageerror", lambda error: errors.append(str(error)))
        second.goto(f"{server.url}/t/{table}")
        second.wait_for_selector("#my-hand")
        first.wait_for_selector("#displaced >> text=This seat is now open in another tab")
        assert first.text_content("#play-here") == "Play here instead"
        assert first.evaluate("() => window.whistTable.closed") is True  # no reconnecting
        hand = first.evaluate(HAND)
        assert hand["disabled"] == hand["cards"] > 0
        assert second.query_selector("#displaced") is None
        # "Play here instead": the first tab has the seat again, the second is displaced.
        first.click("#play-here")
        second.wait_for_selector("#play-here")
        first.wait_for_function("() => !document.getElementById('displaced')")
        assert first.query_selector("#hand.inactive") is None
        assert seq_of(first) == seq_of(second)
        take_turn(first)
        assert browser.errors == []
        assert errors == []
        browser.close()


def test_the_strip_passes_axe_with_the_clock_the_sound_on_and_a_displaced_notice(
    playwright: Any, tmp_path: Path
) -> None:
    from test_web_a11y import BAD, LOCALES, _axe_source, violations  # noqa: PLC0415

    source = _axe_source()
    with WebServer(tmp_path / "web.sqlite3") as server:
        for lang, locale in LOCALES.items():
            browser = Browser(playwright, locale=locale)
            page = browser.page
            table = create_table(
                page, server, name="Ana", seats=["human", "rule", "random"], time_limit=60
            )
            page.wait_for_selector("#decision-clock")
            page.click("#sound-toggle")
            seen = {"clock": violations(page, source)}
            second = browser.context.new_page()
            second.goto(f"{server.url}/t/{table}")
            page.wait_for_selector("#play-here")
            seen["displaced"] = violations(page, source)
            bad = {
                f"{lang}, {where}": [v for v in found if v["impact"] in BAD]
                for where, found in seen.items()
            }
            assert bad == {f"{lang}, clock": [], f"{lang}, displaced": []}
            assert browser.errors == []
            browser.close()
