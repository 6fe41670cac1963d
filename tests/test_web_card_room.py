"""The card room in a real browser: how cards look and are named, turns, double clicks.

Debian's Chromium driven by Playwright against ``whist-ro serve`` on 127.0.0.1 with a
real SQLite file, as in ``test_web_browser``, whose browser and helpers these share.
"""

from __future__ import annotations

import contextlib
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import WebServer
from test_web_browser import (
    ACT,
    Browser,
    _need_browser,
    create_table,
    seq_of,
    take_turn,
    wait_past,
)
from whist_ro import Match, records, variants
from whist_ro.web import referee

RED = "rgb(192, 21, 47)"  # style.css's --red, whist_ro.svg's red suits
BLACK = "rgb(26, 26, 26)"  # --black
FACES = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}

CARDS = """() => [...document.querySelectorAll("[data-card]")].map((c) => ({
  card: c.dataset.card,
  colour: getComputedStyle(c).color,
  label: c.getAttribute("aria-label"),
  role: c.getAttribute("role"),
  tag: c.tagName.toLowerCase(),
  where: c.closest("[role=group]") ? c.closest("[role=group]").getAttribute("aria-label") : null,
}))"""


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    with _need_browser()() as p:
        yield p


@contextlib.contextmanager
def ana_at_a_table(
    playwright: Any, tmp_path: Path, *, paced: bool = False, schedule: str = ""
) -> Iterator[Any]:
    """Ana's table against RuleBot 1 and RandomBot 2: her page at it."""
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright, paced=paced)
        seats = ["human", "rule", "random"]
        create_table(browser.page, server, name="Ana", seats=seats, schedule=schedule)
        yield browser.page
        assert browser.errors == []
        browser.close()


def act(page: Any, what: str = ACT) -> None:
    """Wait for this seat's turn, click what it may do (the first), wait to hear of it."""
    page.wait_for_selector(what)
    before = seq_of(page)
    page.locator(what).first.click()
    wait_past(page, before)


def _tables(server: WebServer) -> int:
    with urllib.request.urlopen(f"{server.url}/api/tables", timeout=10) as answer:
        listing = json.load(answer)
    return int(listing["total"])


def test_hearts_and_diamonds_are_red_and_every_card_is_named_by_its_face(
    playwright: Any, tmp_path: Path
) -> None:
    with ana_at_a_table(playwright, tmp_path) as page:
        page.wait_for_selector("#my-hand [data-card]")
        # Play on until a trick has a card on the felt, so the trick's cards are seen too.
        while not page.query_selector("#trick [data-card]"):
            act(page)
        cards = page.evaluate(CARDS)
        assert {c["where"] for c in cards} >= {"Your hand", "Trick"}
        for c in cards:
            suit = c["card"][-1]
            assert c["colour"] == (RED if suit in "hd" else BLACK), c
            face = c["card"][:-1] + FACES[suit]  # what the card shows: "Q♥"
            assert c["label"].startswith(face + ", "), c  # the name contains the visible text
            if c["where"] == "Your hand":
                assert (c["tag"], c["role"]) == ("button", None), c
            else:
                assert c["role"] == "img", c


def test_the_title_begins_with_a_dot_on_your_turn_only(playwright: Any, tmp_path: Path) -> None:
    with ana_at_a_table(playwright, tmp_path) as page:
        # After every redraw, the title and whether it is this seat's turn, read together.
        page.evaluate(
            """() => {
              const table = window.whistTable;
              window.titles = [];
              const draw = table.draw.bind(table);
              table.draw = () => {
                draw();
                if (table.state && table.state.view)
                  window.titles.push([document.title, table.myTurn(table.state)]);
              };
            }"""
        )
        for _ in range(12):
            act(page)
        titles = page.evaluate("() => window.titles")
        assert {(title, mine) for title, mine in titles} == {
            ("● whist-ro", True),
            ("whist-ro", False),
        }


def test_a_double_click_plays_one_card_and_shows_no_error(playwright: Any, tmp_path: Path) -> None:
    with ana_at_a_table(playwright, tmp_path) as page:
        # Count what the page sends: one act for a double click.
        page.evaluate(
            """() => {
              const table = window.whistTable;
              window.sentActs = 0;
              const send = table.send.bind(table);
              table.send = (message) => {
                if (message.type === "act") window.sentActs += 1;
                send(message);
              };
            }"""
        )
        while True:
            page.wait_for_selector(ACT)
            if page.query_selector("#my-hand .card.legal"):
                break
            act(page, ".bid-button:not([disabled])")
        acts = page.evaluate("() => window.sentActs")
        before = seq_of(page)
        page.locator("#my-hand .card.legal").first.dblclick()
        wait_past(page, before)
        assert page.evaluate("() => window.sentActs") == acts + 1
        assert "error" not in (page.get_attribute("#status", "class") or "")


def test_a_double_click_on_create_makes_one_table(playwright: Any, tmp_path: Path) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright)
        page = browser.page
        page.goto(server.url + "/")
        page.fill("#name", "Ana")
        page.dblclick("#create-button")
        page.wait_for_url("**/t/*")
        page.wait_for_selector("#board")
        assert _tables(server) == 1
        assert browser.errors == []
        browser.close()


def test_a_takeover_in_the_bidding_is_listed_as_during_the_bidding(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        ana = Browser(playwright)
        table = create_table(
            ana.page, server, name="Ana", seats=["human", "rule", "random"], grace=1
        )
        # Ana has not bid, so round 1's bidding waits for her until the bot takes her seat.
        assert ana.page.evaluate("() => window.whistTable.state.view.phase") == "bidding"
        ana.close()
        spectator = Browser(playwright)
        spectator.page.goto(f"{server.url}/t/{table}")
        spectator.page.wait_for_selector("#handovers")
        text = spectator.page.text_content("#handovers") or ""
        assert "round 1, during the bidding: a bot took Ana's seat" in text
        assert "trick 0" not in text
        assert spectator.errors == []
        spectator.close()


def test_the_bids_against_the_hand_size_and_each_seats_total_are_in_view(
    playwright: Any, tmp_path: Path
) -> None:
    with ana_at_a_table(playwright, tmp_path) as page:
        checked_bids = checked_totals = False
        while not (checked_bids and checked_totals):
            # The state and what the page shows of it, read in one go.
            seen = page.evaluate(
                """() => ({
                  view: window.whistTable.state.view,
                  bidTotal: (document.getElementById("bid-total") || {}).textContent || null,
                  totals: [...document.querySelectorAll(".seat .total")].map((x) => [
                    x.closest(".seat").id, x.textContent]),
                })"""
            )
            view = seen["view"]
            bids = [b for b in view["bids"] if b is not None]
            if len(bids) == view["players"] and view["phase"] == "playing":
                total, cards = sum(bids), view["hand_size"]
                text = seen["bidTotal"]
                assert text is not None
                assert text.startswith(f"bids {total} / {cards}")
                if total != cards:  # the hook: the bids never add up to the hand size
                    side = "over" if total > cards else "under"
                    assert text.endswith(f"({side} by {abs(total - cards)})")
                checked_bids = True
            if view["match"]["round"] > 1:
                expected = [
                    [f"seat-{s}", f"total {x}"] for s, x in enumerate(view["match"]["totals"])
                ]
                assert sorted(seen["totals"]) == expected
                checked_totals = True
            act(page)


def test_the_lobby_names_games_as_players_do_and_refreshes_itself(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright, locale="ro-RO")
        page = browser.page
        page.goto(server.url + "/")
        page.wait_for_selector("#tables h2")
        options = page.eval_on_selector_all("#variant option", "(os) => os.map((o) => o.text)")
        assert "Whist românesc (1-8-1)" in options
        assert not any("-" in o.split("(")[0] for o in options), options  # no "romanian-hidden"
        # A table made elsewhere appears without a click on "Refresh".
        body = json.dumps(
            {"name": "Bo", "variant": "romanian-forehead", "seats": ["human", "rule", "rule"]}
        ).encode()
        request = urllib.request.Request(
            f"{server.url}/api/tables", data=body, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10):
            pass
        row = page.wait_for_selector("#tables .table-row .what")
        text = row.text_content() or ""
        assert text.startswith("Whist românesc, mâini oarbe pe frunte · 3 jucători · în joc")
        assert browser.errors == []
        browser.close()


def test_a_finished_trick_and_a_rounds_summary_stay_in_view_before_play_goes_on(
    playwright: Any, tmp_path: Path
) -> None:
    with ana_at_a_table(playwright, tmp_path, paced=True) as page:
        # When the page shows each update: whether it ended a trick or a round, and the
        # round's summary it put on view.
        page.evaluate(
            """() => {
              const table = window.whistTable;
              window.shown = [];
              const apply = table.applyUpdate.bind(table);
              table.applyUpdate = (msg) => {
                const entry = {at: performance.now(), trick: Boolean(msg.step.trick),
                  row: msg.row || null, bid: "bid" in msg.step};
                window.shown.push(entry);
                apply(msg);
                const summary = document.getElementById("round-summary");
                entry.summary = summary ? summary.textContent : null;
              };
            }"""
        )
        summary_text = None
        while page.evaluate("() => window.whistTable.state.view.match.round") < 5:
            page.wait_for_selector(f"{ACT}, #round-summary")
            if page.query_selector("#round-summary"):
                if summary_text is None:  # round 1's: it goes by itself
                    summary_text = page.text_content("#round-summary")
                    page.wait_for_selector("#round-summary", state="detached")
                else:  # later ones: "Next deal" goes on at once
                    # Found and clicked in one go: the summary may end by itself meanwhile.
                    page.evaluate(
                        """() => { const next = document.getElementById("summary-next");
                                   if (next) next.click(); }"""
                    )
                    assert page.query_selector("#round-summary") is None
                continue
            if page.query_selector(ACT):
                act(page)
        shown = page.evaluate("() => window.shown")
        ends = [i for i, s in enumerate(shown[:-1]) if s["trick"]]
        assert len(ends) >= 4  # rounds 1-3 have one trick each, round 4 two
        assert any(not shown[i]["row"] for i in ends)  # a trick that did not end a round
        for i in ends:
            pause = shown[i + 1]["at"] - shown[i]["at"]
            if shown[i]["row"]:  # the round's summary, then the next deal's first bid
                if i == ends[0]:  # round 1's summary was left to go by itself
                    assert pause >= 3990, pause
                assert shown[i + 1]["bid"]
                summary = shown[i]["summary"]  # on view from the round's last card on
                assert summary is not None
                names = ["Ana", "RuleBot 1", "RandomBot 2"]
                for seat, entry in enumerate(shown[i]["row"]["seats"]):
                    assert names[seat] in summary
                    assert f"{entry['points']:+d}" in summary
            else:
                assert pause >= 1490, pause  # the finished trick stays on the felt
        assert summary_text is not None
        assert summary_text.startswith("Round 1")


def test_the_end_of_the_match_names_the_winner_and_says_what_the_ranking_means(
    playwright: Any, tmp_path: Path
) -> None:
    with ana_at_a_table(playwright, tmp_path, schedule="2") as page:
        while take_turn(page) != "over":
            pass
        rows = page.evaluate("() => window.whistTable.state.result.standings.rows")
        names = {0: "Ana", 1: "RuleBot 1", 2: "RandomBot 2"}
        first = [names[r["seat"]] for r in rows if r["place"] == 1]
        winner = page.text_content("#winner")
        if len(first) == 1:
            assert winner == f"{first[0]} wins the match."
        else:
            assert winner == f"First place is shared: {', '.join(first)}."
        meaning = page.text_content("#ranking-meaning") or ""
        assert "(R-RANK-1)" in meaning
        assert "+30" in meaning  # 10 table points a player, 3 players
        assert page.text_content("#standings").count("over") == 0  # said once, in the status
        assert page.query_selector("#hand h2") is None  # no empty hand after the match


# The focus ring: the outline of what has the focus, its colour's contrast against the
# paper (WCAG 1.4.11 asks 3:1 of a control's focus indicator).
FOCUS_RING = """() => {
  const node = document.activeElement;
  const style = getComputedStyle(node);
  const paper = getComputedStyle(document.documentElement).backgroundColor;
  const luminance = (text) => {
    const [r, g, b] = text.match(/[\\d.]+/g).slice(0, 3).map((v) => {
      v = Number(v) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [luminance(style.outlineColor), luminance(paper)];
  return {tag: node.tagName.toLowerCase(), card: node.dataset.card || null,
    visible: node.matches(":focus-visible"), style: style.outlineStyle,
    width: parseFloat(style.outlineWidth),
    contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)};
}"""


def _ring_is_clear(ring: dict[str, Any]) -> None:
    assert ring["visible"], ring
    assert ring["style"] == "solid", ring  # the page's own ring, not the browser's "auto"
    assert ring["width"] >= 2, ring
    assert ring["contrast"] >= 3, ring


def test_the_keyboard_focus_shows_a_clear_ring_on_cards_and_buttons(
    playwright: Any, tmp_path: Path
) -> None:
    with ana_at_a_table(playwright, tmp_path) as page:
        page.wait_for_selector("#my-hand [data-card]")
        page.keyboard.press("ArrowRight")  # the keys move the focus along the hand
        page.wait_for_function("() => Boolean(document.activeElement.dataset.card)")
        _ring_is_clear(page.evaluate(FOCUS_RING))
        # Tab on to a button (the bids, "Last trick"...): the same ring.
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.tagName") == "BUTTON" and not (
                page.evaluate("() => Boolean(document.activeElement.dataset.card)")
            ):
                break
        ring = page.evaluate(FOCUS_RING)
        assert (ring["tag"], ring["card"]) == ("button", None), ring
        _ring_is_clear(ring)


def test_the_keys_a_player_has_are_explained_to_the_player_not_to_a_spectator(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        ana = Browser(playwright)
        table = create_table(ana.page, server, name="Ana", seats=["human", "rule", "random"])
        ana.page.wait_for_selector("#keys")
        assert ana.page.text_content("#keys") == (
            "Keys: arrows move between cards, Enter plays, digits bid, L shows the last trick."
        )
        spectator = Browser(playwright)
        spectator.page.goto(f"{server.url}/t/{table}")
        spectator.page.wait_for_selector("#sheet")  # the table is drawn
        # A spectator holds no cards and makes no bid: only L applies.
        assert spectator.page.text_content("#keys") == "Keys: L shows the last trick."
        assert spectator.errors == []
        assert ana.errors == []
        spectator.close()
        ana.close()


def test_a_table_made_private_in_the_lobby_is_not_listed_and_its_invite_opens_it(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        ana = Browser(playwright)
        page = ana.page
        page.goto(server.url + "/")
        assert page.text_content("label[for=private]") == "Private table (invite only)"
        # Seat 1 for a friend, invited.
        table = create_table(
            page, server, name="Ana", seats=["human", "human", "rule"], private=True
        )
        page.wait_for_selector("#private-note")
        invite = page.input_value("#invite")
        assert _tables(server) == 0  # listed nowhere, counted nowhere
        # Bo's lobby, in Romanian, lists no table; the invite takes him to it.
        bo = Browser(playwright, locale="ro-RO")
        bo.page.goto(server.url + "/")
        bo.page.wait_for_selector("#tables h2")
        assert bo.page.text_content("label[for=private]") == "Masă privată (doar cu invitație)"
        assert bo.page.query_selector("#tables .table-row") is None
        bo.page.goto(invite)
        bo.page.fill("#join-name", "Bo")
        bo.page.click("#join-button")
        bo.page.wait_for_selector("#my-hand")
        assert bo.page.evaluate("() => window.whistTable.id") == table
        assert _tables(server) == 0
        assert ana.errors == []
        assert bo.errors == []
        bo.close()
        ana.close()


def test_a_refused_house_rule_is_named_and_explained_in_the_pages_language(
    playwright: Any, tmp_path: Path
) -> None:
    # A schedule with a 99-card round: the lobby's field "Cărți pe mână, în ordine" is the
    # one named, and the variant's own refusal (R-SCHED-5) is said in Romanian.
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright, locale="ro-RO")
        page = browser.page
        page.goto(server.url + "/")
        page.fill("#name", "Ana")
        page.click("details summary")
        page.fill("#house-schedule", "1 99 1")
        page.click("#create-button")
        alert = page.wait_for_selector("form p.error[role=alert]:not(:empty)")
        text = alert.text_content() or ""
        assert text.startswith(
            "Regula casei „Cărți pe mână, în ordine (R-SCHED-1)” este refuzată: "
        )
        assert "conține 99; fiecare mărime de mână trebuie să fie" in text
        assert "R-SCHED-5" in text
        assert "must" not in text  # no English
        assert "schedule" not in text  # nor the field's id
        assert page.url.rstrip("/") == server.url  # no table was made
        browser.close()


def test_the_referee_names_the_records_players_not_their_seat_numbers(
    playwright: Any, tmp_path: Path
) -> None:
    m = Match.new(variants.ROMANIAN, players=3, seed=3, names=["Ana", "Bogdan", "Cici"])
    while not m.is_over:
        m = m.apply(m.legal_actions()[0])
    wrong_totals = records.dumps(m.to_record(claimed_totals=[1, *m.totals[1:]]))
    broken = json.loads(records.dumps(m.to_record()))
    broken["rounds"][2]["actions"][2]["bid"] = 1  # the dealer, Ana, breaks the hook
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright, locale="ro-RO")
        page = browser.page
        page.goto(server.url + "/referee")
        page.fill("#referee-text", json.dumps(broken))
        page.click("#referee-check")
        line = page.wait_for_selector("#verdict-line.error")
        assert "mâna 3, licitația 3: Ana (locul 0) licitează 1" in (line.text_content() or "")
        hands = page.eval_on_selector_all(
            "#position .hand-row .name", "(names) => names.map((n) => n.textContent)"
        )
        assert [h.split(" · ")[0] for h in hands] == [
            "Ana (locul 0)",
            "Bogdan (locul 1)",
            "Cici (locul 2)",
        ]
        page.fill("#referee-text", wrong_totals)
        page.click("#referee-check")
        item = page.wait_for_selector("#verdict ul li")
        assert (item.text_content() or "").startswith(
            f"Ana (locul 0): declarat 1, recalculat {m.totals[0]}"
        )
        assert browser.errors == []
        browser.close()


@pytest.mark.parametrize(
    ("locale", "counts", "first_round"),
    [
        ("en-US", ["1 card", "2 cards", "20 cards", "101 cards"], ("1 card each", "1 card")),
        ("ro-RO", ["1 carte", "2 cărți", "20 de cărți", "101 cărți"], ("câte 1 carte", "1 carte")),
    ],
)
def test_counts_of_cards_are_said_with_the_languages_plural(
    playwright: Any, tmp_path: Path, locale: str, counts: list[str], first_round: tuple[str, str]
) -> None:
    # Not "3 card(s)": English says 1 card, 2 cards; Romanian 1 carte, 2 cărți, 20 de cărți
    # (and 101 cărți again), as Intl.PluralRules chooses one, few or other.
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright, locale=locale)
        page = browser.page
        create_table(page, server, name="Ana", seats=["human", "rule", "rule"])
        page.wait_for_selector(".bid-button:not([disabled])")
        said = page.evaluate("() => [1, 2, 20, 101].map((n) => tn('table.cards_left', n))")
        assert said == counts
        # The first round of 1-8-1 deals one card: the bar and each seat say so.
        assert page.locator("#board").get_by_text(first_round[0], exact=True).count() == 1
        assert page.locator("#seat-1 .count").text_content() == first_round[1]
        assert browser.errors == []
        browser.close()


def test_a_rounds_summary_asks_the_referee_whether_the_bids_could_have_been_made(
    playwright: Any, tmp_path: Path
) -> None:
    with ana_at_a_table(playwright, tmp_path, paced=True) as page:
        # A long pause: the summary waits for the clicks however slow the machine.
        page.evaluate("() => localStorage.setItem('whist-ro:pace', '1000')")
        while not page.query_selector("#round-summary"):
            page.wait_for_selector(f"{ACT}, #round-summary")
            if page.query_selector(ACT) and not page.query_selector("#round-summary"):
                act(page)
        text = page.evaluate("() => window.whistTable.summaryText")
        lone = records.parse_round(text)  # round 1, as dealt and played: one card each
        assert (lone.preset, lone.round.hand_size, len(lone.round.actions)) == ("romanian", 1, 6)
        page.click("#summary-analyse")
        page.wait_for_selector("#summary-analysis-lines li")
        shown = page.eval_on_selector_all(
            "#summary-analysis-lines li", "(li) => li.map((x) => x.textContent)"
        )
        expected = records.analyse(
            text, budget=referee.ANALYSIS_BUDGET, total_budget=referee.ANALYSIS_TOTAL_BUDGET
        )
        assert shown == expected.lines()
        assert len(shown) == 3  # one line a seat
        assert page.get_attribute("#summary-analyse", "disabled") is not None  # asked once
        # Asking holds the summary: only "Next deal" lets the next bidding show.
        page.click("#summary-next")
        page.wait_for_selector("#round-summary", state="detached")
