"""The web table in a real browser: Debian's Chromium driven by Playwright, real clicks and keys.

The server is ``whist-ro serve`` in a subprocess on 127.0.0.1 with a real SQLite
file (:class:`conftest.WebServer`).  Chromium is the system's (``/usr/bin/chromium``;
Playwright's own browser download is never used).  Without Chromium or Playwright
these tests are skipped with the reason, except under CI, where they fail.

Set ``WHIST_RO_SCREENSHOT=path.png`` to keep a screenshot of a table in play (the
docs' pictures are made by benchmarks/web_screenshots.py).
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import WebServer
from whist_ro import Card, Match, records, variants
from whist_ro.records import analyse
from whist_ro.rules.book import rule as book_rule
from whist_ro.solve import Verdict
from whist_ro.views import view_of
from whist_ro.web import referee

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false")
ARGS = [
    "--no-sandbox",  # root in CI, and no user namespaces in containers
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
XSS = "<img src=x onerror=alert(1)>"


def _need_browser() -> Any:
    try:
        from playwright.sync_api import sync_playwright  # noqa: PLC0415
    except ImportError:
        if IN_CI:
            pytest.fail("CI: playwright is not installed (it is in the test extra)")
        pytest.skip("playwright is not installed: pip install -e '.[test]'")
    if not os.path.exists(CHROMIUM):
        if IN_CI:
            pytest.fail("CI: Chromium is missing (.ci/run installs it with apt-get)")
        pytest.skip("no Chromium at /usr/bin/chromium: apt-get install -y chromium")
    return sync_playwright


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    with _need_browser()() as p:
        yield p


class Browser:
    """One browser: its own Chromium process and profile (so its own saved seats)."""

    def __init__(
        self,
        playwright: Any,
        profile: str | None = None,
        *,
        locale: str = "en-US",
        paced: bool = False,
    ) -> None:
        self.profile = profile or tempfile.mkdtemp(prefix="whist-ro-chromium-")
        self.context = playwright.chromium.launch_persistent_context(
            self.profile,
            executable_path=CHROMIUM,
            args=[*ARGS, f"--lang={locale}"],
            headless=True,
            viewport={"width": 420, "height": 900},  # a phone
            accept_downloads=True,
            locale=locale,  # navigator.languages and Accept-Language
        )
        self.context.set_default_timeout(30_000)
        if not paced:
            # The page's pauses (a finished trick, a round's summary) are the player's pace;
            # a test that plays whole matches sets it to none, as a player may.
            self.context.add_init_script("localStorage.setItem('whist-ro:pace', '0')")
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("dialog", self._dialog)

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def close(self) -> None:
        self.context.close()


def create_table(
    page: Any,
    server: WebServer,
    *,
    name: str,
    seats: list[str],
    schedule: str = "",
    grace: int = 30,
    variant: str = "",
    time_limit: int | None = None,
    private: bool = False,
) -> str:
    """Make a table in the lobby's form by typing and clicking; its id."""
    page.goto(server.url + "/")
    page.fill("#name", name)
    if variant:
        page.select_option("#variant", variant)
    page.select_option("#players", str(len(seats)))
    if time_limit is not None:
        page.select_option("#time_limit", str(time_limit))
    for seat, kind in enumerate(seats[1:], start=1):
        page.select_option(f"#seat-{seat}", kind)
    page.fill("#grace", str(grace))
    if schedule:
        page.click("details summary")
        page.fill("#house-schedule", schedule)
    if private:
        page.check("#private")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#board")
    return str(page.url.rsplit("/", 1)[1])


def seq_of(page: Any) -> int:
    return int(page.evaluate("() => window.whistTable ? window.whistTable.state.seq : -1"))


ACT = ".bid-button:not([disabled]), #my-hand .card.legal, #play-blind"


def take_turn(page: Any) -> str:
    """Click once for this seat (a bid or a legal card) if it is its turn: what was done."""
    page.wait_for_selector(f"{ACT}, #standings")
    if page.query_selector("#standings"):
        return "over"
    before = seq_of(page)
    # A locator, not an element handle: a redraw (a seat's news) may replace the
    # button between finding it and clicking it, and a locator finds it again.
    page.locator(ACT).first.click()
    wait_past(page, before)
    return "acted"


def wait_past(page: Any, seq: int) -> None:
    """Wait until the page has heard of an action after number ``seq``."""
    # A function, not a string: the page's Content-Security-Policy forbids eval.
    page.wait_for_function("(seq) => window.whistTable.state.seq > seq", arg=seq)


def test_a_person_plays_a_whole_romanian_match_against_two_bots(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright)
        page = browser.page
        table = create_table(page, server, name="Ana", seats=["human", "rule", "random"])
        refused_rules: set[str] = set()
        by_keyboard = 0
        shot = os.environ.get("WHIST_RO_SCREENSHOT")
        while True:
            blocked = page.query_selector("#my-hand .card.blocked")
            if blocked is not None and page.query_selector("#my-hand .card.legal"):
                # An illegal card cannot be played, and it says which rule stops it.
                before = seq_of(page)
                rule = blocked.get_attribute("data-rule")
                # force: Playwright waits for an aria-disabled element to be enabled;
                # a person's click on it still lands (a real mouse click here too).
                blocked.click(force=True)
                assert rule in page.text_content("#status")
                assert rule in page.text_content("#blocked-rule")
                page.wait_for_timeout(100)
                assert seq_of(page) == before
                refused_rules.add(rule)
                if shot and len(refused_rules) == 1:
                    page.screenshot(path=shot, full_page=True)
            if by_keyboard < 3 and page.query_selector(".bid-button:not([disabled])"):
                # Bids by the keyboard: a digit key.
                before = seq_of(page)
                digit = page.query_selector(".bid-button:not([disabled])").get_attribute("data-bid")
                page.keyboard.press(digit)
                wait_past(page, before)
                by_keyboard += 1
                continue
            if take_turn(page) == "over":
                break
        assert refused_rules, "no card was ever blocked in a whole match"
        assert refused_rules <= {"R-PLAY-2", "R-PLAY-3", "R-PLAY-8"}
        assert by_keyboard == 3
        standings = page.text_content("#standings")
        assert "Ana" in standings
        rows = page.query_selector_all("#sheet tbody tr")
        assert len(rows) == 21  # 3 x 1, 2..7, 3 x 8, 7..2, 3 x 1
        with page.expect_download() as download:
            page.click("#download")
        text = Path(download.value.path()).read_text(encoding="utf-8")
        record = records.loads(text)
        assert records.adjudicate(record).ok
        assert record.players[0] == "Ana"
        assert len(record.rounds) == 21
        # The score sheet: a streak bonus marked where the record has one, the totals.
        sheet = Match.from_record(record).score_sheet
        bonuses = sum(1 for row in sheet for entry in row.seats if entry.bonus)
        assert len(page.query_selector_all("#sheet td.bonus")) == bonuses
        totals = page.eval_on_selector_all(
            "#sheet tfoot td", "(cells) => cells.map((c) => c.textContent)"
        )
        assert totals == [str(t) for t in sheet.totals]
        assert browser.errors == []
        browser.close()
        assert table


def _english_page_texts() -> list[str]:
    """The English texts of the page's table that differ in Romanian (two words or more)."""
    from test_web_lang import EN, RO  # noqa: PLC0415

    pieces = set()
    for key, (text, _) in EN.items():
        if RO[key][0] == text:
            continue
        for part in re.split(r"\{\w+\}", text):
            piece = part.strip(" .,:;()…")
            if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 2:
                pieces.add(piece)
    return sorted(pieces, key=len, reverse=True)


def test_a_romanian_browser_plays_a_match_and_asks_the_referee_in_romanian(
    playwright: Any, tmp_path: Path
) -> None:
    english = _english_page_texts()
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright, locale="ro-RO")
        page = browser.page
        page.goto(server.url + "/")
        assert page.get_attribute("html", "lang") == "ro"
        assert page.text_content("h1") == "Joacă whist românesc"
        create_table(page, server, name="Ana", seats=["human", "rule", "random"], schedule="3 3")
        seen: list[str] = []
        blocked_rules: set[str] = set()
        while True:
            blocked = page.query_selector("#my-hand .card.blocked")
            if blocked is not None and page.query_selector("#my-hand .card.legal"):
                # The rule that stops a card is quoted from the Romanian rule book.
                rule = blocked.get_attribute("data-rule")
                blocked.click(force=True)
                note = page.text_content("#blocked-rule")
                assert note.startswith(f"Nu se poate juca: {rule} — ")
                assert book_rule(rule).translated("ro").summary in note
                blocked_rules.add(rule)
            seen.append(page.text_content("body") or "")
            if take_turn(page) == "over":
                break
        seen.append(page.text_content("body") or "")
        assert "Clasamentul final" in page.text_content("body")
        assert page.text_content("#sheet thead")
        untranslated = {piece for text in seen for piece in english if piece in text}
        assert untranslated == set()
        # The referee page, in Romanian: an illegal round gets a Romanian verdict.
        page.goto(server.url + "/referee")
        page.fill("#referee-text", NOTATION)
        page.click("#referee-check")
        page.wait_for_selector("#verdict-line")
        verdict = page.text_content("#verdict-line")
        assert verdict.startswith("Ilegal: mâna 1, levata 1, cartea 3: locul 2 joacă 9 de caro")
        assert "R-PLAY-3" in verdict
        assert "atu" in page.text_content("#verdict")
        assert browser.errors == []
        browser.close()


NOTATION = """variant: romanian
dealer: 2
hand 0: Ah Jc
hand 1: Kh 10c
hand 2: 9d 10s
turn-up: Qs
bids: 0 0 1
trick: Jc 10c 9d
"""


def test_two_browsers_and_a_bot_a_dropped_seat_is_taken_over_and_reclaimed(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        ana = Browser(playwright)
        table = create_table(
            ana.page,
            server,
            name="Ana",
            seats=["human", "human", "random"],
            schedule="4 4",
            grace=1,
        )
        invite = ana.page.input_value("#invite")
        bo = Browser(playwright)
        bo.page.goto(invite)
        bo.page.fill("#join-name", "Bo")
        bo.page.click("#join-button")
        bo.page.wait_for_selector("#my-hand")
        # Play into the first round's tricks.
        while True:
            page_ana = ana.page
            view = page_ana.evaluate("() => window.whistTable.state.view")
            if view["phase"] == "playing" and view["tricks"]:
                break
            for person in (ana, bo):
                if person.page.query_selector(".bid-button:not([disabled]), #my-hand .card.legal"):
                    take_turn(person.page)
        profile = bo.profile
        bo.close()  # Bo's browser closes mid-round
        ana.page.wait_for_selector("#seat-1 .tags >> text=a bot plays", timeout=20_000)
        # The bot plays Bo's seat; Ana plays on.
        for _ in range(2):
            if ana.page.query_selector(".bid-button:not([disabled]), #my-hand .card.legal"):
                take_turn(ana.page)
        # The same browser comes back (its seat is saved in its profile), now speaking Romanian.
        bo = Browser(playwright, profile, locale="ro-RO")
        bo.page.goto(f"{server.url}/t/{table}")
        bo.page.wait_for_selector("#my-hand")
        bo.page.wait_for_function("() => !window.whistTable.state.seats[1].taken_over")
        assert bo.page.query_selector("#reclaim") is None
        # Both play to the end.
        done: set[int] = set()
        while len(done) < 2:
            for person in (ana, bo):
                if person.page.query_selector("#standings"):
                    done.add(id(person))
                elif person.page.query_selector(
                    ".bid-button:not([disabled]), #my-hand .card.legal"
                ):
                    take_turn(person.page)
                else:
                    person.page.wait_for_timeout(20)
        with ana.page.expect_download() as download:
            ana.page.click("#download")
        record = records.loads(Path(download.value.path()).read_text(encoding="utf-8"))
        assert [(t.seat, t.agent) for t in record.takeovers] == [(1, "Bo")]
        assert [(r.seat, r.agent) for r in record.reclaims] == [(1, "Bo")]
        # The seat was lost in the first round's tricks; Bo took it back at once or, on a
        # busy machine, a little later: never before it was lost.
        taken, back = record.takeovers[0], record.reclaims[0]
        assert (taken.round, taken.trick >= 1) == (1, True)
        assert (back.round, back.trick) >= (taken.round, taken.trick)
        assert records.adjudicate(record).ok
        handovers = ana.page.text_content("#handovers")
        assert "took the seat back" in handovers
        assert "the connection dropped and the player did not come back within 1 s" in handovers
        # Each page shows the takeover's reason in its own language.
        assert "conexiunea s-a întrerupt, iar jucătorul nu a revenit în 1 s" in (
            bo.page.text_content("#handovers") or ""
        )
        assert ana.errors == []
        assert bo.errors == []
        ana.close()
        bo.close()


def test_a_player_named_like_html_breaks_nothing(playwright: Any, tmp_path: Path) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        evil = Browser(playwright)
        create_table(evil.page, server, name=XSS, seats=["human", "human", "random"])
        invite = evil.page.input_value("#invite")
        other = Browser(playwright)
        other.page.goto(invite)
        other.page.fill("#join-name", XSS)
        other.page.click("#join-button")
        other.page.wait_for_selector("#my-hand")
        evil.page.wait_for_selector("#seat-1")
        for browser in (evil, other):
            page = browser.page
            assert page.text_content("#seat-0 .name") == XSS
            assert page.text_content("#seat-1 .name") == XSS
            assert page.query_selector("img") is None  # shown as text, never parsed as HTML
            assert XSS in page.text_content("#sheet thead")
        watcher = Browser(playwright)
        watcher.page.goto(server.url + "/")
        watcher.page.wait_for_selector(".table-row")
        assert XSS in watcher.page.text_content(".table-row .who")
        assert watcher.page.query_selector("img") is None
        watcher.page.click(".table-row a.button")
        watcher.page.wait_for_selector("#seat-0 .name")
        assert watcher.page.text_content("#seat-0 .name") == XSS
        assert watcher.page.query_selector("#my-hand") is None  # a spectator holds no hand
        for page in (evil.page, other.page):
            if page.query_selector(".bid-button:not([disabled])"):
                take_turn(page)
        for browser in (evil, other, watcher):
            assert browser.dialogs == []  # no alert() ran
            assert browser.errors == []
            browser.close()


def test_a_table_closed_unplayed_says_why_and_the_page_stops_reconnecting(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3", "--maker-wait", "1e9", "--start-wait", "3") as server:
        maker = Browser(playwright)
        page = maker.page
        table = create_table(page, server, name="Ana", seats=["human", "human", "random"])
        # The table closes while its maker watches it: told why, and the socket closed (4010).
        page.wait_for_function(
            "() => document.querySelector('#status').textContent.includes('closed unplayed')"
        )
        page.wait_for_function("() => window.whistTable.ws.readyState === WebSocket.CLOSED")
        assert page.evaluate("() => window.whistTable.closed") is True  # no reconnecting
        assert "closed unplayed" in page.text_content("#status")
        # Its page, opened again, gives the reason, not "There is no such table".
        page.goto(f"{server.url}/t/{table}")
        page.wait_for_selector("p.error")
        assert "did not start within 3 s" in page.text_content("p.error")
        assert maker.errors == []
        maker.close()


def test_the_server_killed_mid_round_comes_back_and_the_browser_plays_on(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright)
        page = browser.page
        table = create_table(
            page, server, name="Ana", seats=["human", "random", "random"], schedule="5 5"
        )
        # Play until it is Ana's turn in mid-trick. It comes: the dealer moves on, so in
        # one of the two rounds someone else leads the first trick and Ana follows.
        while True:
            state = page.evaluate("() => window.whistTable.state")
            view = state["view"]
            if (
                view["phase"] == "playing"
                and view["current_trick"]["cards"]
                and view["to_act"] == 0
            ):
                break
            assert take_turn(page) != "over", "Ana was never to play in mid-trick"
        before = page.evaluate("() => window.whistTable.state")
        hand = page.text_content("#my-hand")
        server.kill()
        page.wait_for_selector("#status >> text=reconnecting", timeout=10_000)
        server.start()  # same port, same database
        page.wait_for_function(
            "() => document.getElementById('status').textContent.indexOf('reconnecting') < 0"
        )
        page.wait_for_selector("#my-hand .card.legal")
        after = page.evaluate("() => window.whistTable.state")
        assert after["seq"] == before["seq"]
        assert after["view"] == before["view"]
        assert page.text_content("#my-hand") == hand
        while take_turn(page) != "over":
            pass
        with page.expect_download() as download:
            page.click("#download")
        record = records.loads(Path(download.value.path()).read_text(encoding="utf-8"))
        assert records.adjudicate(record).ok
        # No action lost: the record's first actions lead to the position the browser showed.
        final = Match.from_record(record)
        m = Match.new(final.variant, players=3, deals=final.deals, names=final.names)
        for action in final.history[: before["seq"]]:
            m = m.apply(action)
        expected = view_of(m, 0).to_dict(past=False)
        assert json.loads(json.dumps(before["view"])) == expected
        assert browser.errors == []
        browser.close()
        assert table


def act_by_keyboard(page: Any) -> str:
    """Act once for this seat with keys only: a digit bids; arrows pick a card, Enter plays it."""
    page.wait_for_selector(f"{ACT}, #standings")
    if page.query_selector("#standings"):
        return "over"
    before = seq_of(page)
    bid = page.query_selector(".bid-button:not([disabled])")
    if bid is not None:
        page.keyboard.press(bid.get_attribute("data-bid"))
    else:
        # After each redraw the focus is on something to act with; arrows move it.
        focused = "() => document.activeElement.matches('#my-hand .card, #play-blind')"
        page.wait_for_function(focused)
        if page.query_selector("#my-hand .card"):
            page.keyboard.press("ArrowRight")
            legal = "() => document.activeElement.matches('#my-hand .card.legal')"
            while not page.evaluate(legal):
                page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
    wait_past(page, before)
    return "acted"


def shown_cards(page: Any) -> set[str]:
    """Every card face on the page (a card's back names none)."""
    return set(
        page.eval_on_selector_all("[data-card]", "(cards) => cards.map((c) => c.dataset.card)")
    )


def assert_sorted_by_suit(page: Any, view: dict[str, Any]) -> None:
    """The hand on the page: every card of the view's hand, trumps first, a suit together."""
    shown = page.eval_on_selector_all(
        "#my-hand [data-card]", "(cards) => cards.map((c) => c.dataset.card)"
    )
    assert sorted(shown) == sorted(view["hand"])
    cards = [Card.parse(c) for c in shown]
    suits = [c.suit for c in cards]
    assert all(suits.index(x) == i or suits[i - 1] == x for i, x in enumerate(suits))
    if view["trump"] and any(c.suit.name.lower() == view["trump"] for c in cards):
        assert cards[0].suit.name.lower() == view["trump"]  # trumps first
    for a, b in itertools.pairwise(cards):
        assert a.suit != b.suit or a.rank > b.rank, shown


def fits_the_screen(page: Any) -> bool:
    """Nothing sticks out sideways: no sideways scrolling on a phone."""
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))


def test_blind_rounds_the_hook_and_the_last_trick_played_by_keyboard_on_a_phone(
    playwright: Any, tmp_path: Path
) -> None:
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright)
        page = browser.page
        assert fits_the_screen(page)
        create_table(
            page,
            server,
            name="Ana",
            # Ana deals one of the three 4-card rounds (the first dealer is drawn), and
            # the low-risk bots bid low enough to leave the dealer a forbidden number.
            seats=["human", "lowrisk", "lowrisk"],
            variant="romanian-forehead",
            schedule="1 4 4 4",
        )
        seen = {"forehead": False, "hook": False, "last_trick": False}
        while True:
            state = page.evaluate("() => window.whistTable.state")
            view = state["view"]
            if state["status"] == "over":
                break
            if view["to_act"] == 0 and view["blind"] == "forehead":
                # The 1-card round, forehead: Ana sees the others' cards, not her own.
                assert page.query_selector("#my-hand") is None
                assert len(page.query_selector_all("#hand .card.back")) == 1
                assert view["hand"] == []
                for seat in (1, 2):  # every card still held by another seat shows
                    assert len(view["known_hands"][seat]) == view["hand_counts"][seat]
                    assert set(view["known_hands"][seat]) <= shown_cards(page)
                seen["forehead"] = True
            if view["to_act"] == 0 and view["phase"] == "bidding" and view["dealer"] == 0:
                # R-BID-2: the dealer's forbidden number is shown, and offered disabled
                # (none when the others' bids already pass the hand size).
                earlier = sum(b for b in view["bids"] if b is not None)
                forbidden = view["hand_size"] - earlier
                if forbidden < 0:
                    # The others bid past the hand size: no number is forbidden, and
                    # none is shown.  The first dealer and the bots' deals are drawn
                    # per table, so a run may meet only this side of R-BID-2.
                    assert page.query_selector("#forbidden") is None
                    seen["hook"] = True
                else:
                    assert state["turn"]["forbidden_bid"] == forbidden
                    assert "R-BID-2" in page.text_content("#forbidden")
                    button = page.query_selector(f'.bid-button[data-bid="{forbidden}"]')
                    assert button.is_disabled()
                    before = seq_of(page)
                    page.keyboard.press(str(forbidden))
                    page.wait_for_timeout(100)
                    assert seq_of(page) == before  # the key does nothing
                    seen["hook"] = True
            if view["to_act"] == 0 and view["tricks"] and not seen["last_trick"]:
                # The last trick, reviewed with L: its cards and who took it.
                last = view["tricks"][-1]
                page.keyboard.press("l")
                page.wait_for_selector("#last-trick")
                shown = page.eval_on_selector_all(
                    "#last-trick [data-card]", "(cards) => cards.map((c) => c.dataset.card)"
                )
                assert shown == last["cards"]
                assert state["seats"][last["winner"]]["name"] in page.text_content("#last-trick")
                page.keyboard.press("l")
                page.wait_for_selector("#last-trick", state="detached")
                seen["last_trick"] = True
            if view["to_act"] == 0:
                if view["hand"]:
                    assert_sorted_by_suit(page, view)
                if view["current_trick"]["cards"]:  # the trick as it forms, on the felt
                    on_felt = page.eval_on_selector_all(
                        "#trick [data-card]", "(cards) => cards.map((c) => c.dataset.card)"
                    )
                    assert on_felt == view["current_trick"]["cards"]
                assert fits_the_screen(page)
                act_by_keyboard(page)
            else:
                wait_past(page, state["seq"])
        assert seen == {"forehead": True, "hook": True, "last_trick": True}
        assert len(page.query_selector_all("#sheet tbody tr")) == 4
        assert page.query_selector("#standings")
        # The hidden 1-card round: nobody's card shows, Ana's own neither.
        create_table(
            page,
            server,
            name="Ana",
            seats=["human", "random", "random"],
            variant="romanian-hidden",
            schedule="1",
        )
        page.wait_for_function("() => window.whistTable.state.view.to_act === 0")
        page.wait_for_selector("#hand .card.back")
        view = page.evaluate("() => window.whistTable.state.view")
        assert view["blind"] == "hidden"
        assert all(hand == [] for hand in view["known_hands"])
        played = set(view["current_trick"]["cards"]) | (
            {view["turn_up"]} if view["turn_up"] else set()
        )
        assert shown_cards(page) <= played
        while act_by_keyboard(page) != "over":
            pass
        assert browser.errors == []
        browser.close()


def test_classic_partners_face_each_other_with_a_clock_and_a_spectator_sees_no_hand(
    playwright: Any, tmp_path: Path
) -> None:
    public = "https://whist.example.org"
    with WebServer(tmp_path / "web.sqlite3", "--public-url", public) as server:
        ana = Browser(playwright)
        page = ana.page
        table = create_table(
            page,
            server,
            name="Ana",
            seats=["human", "human", "rule", "rule"],
            variant="classic",
            time_limit=60,
        )
        # Waiting for a player: the invite link is the public address (behind a proxy).
        assert page.input_value("#invite") == f"{public}/t/{table}"
        page.click("#start-now")  # the maker starts: a bot takes the free seat
        page.wait_for_selector("#seat-3")
        spots = [page.get_attribute(f"#seat-{s}", "class") for s in range(4)]
        assert ["spot-bottom" in spots[0], "spot-left" in spots[1]] == [True, True]
        assert ["spot-top" in spots[2], "spot-right" in spots[3]] == [True, True]
        partner = page.evaluate("() => t('table.partner')")
        assert partner in page.text_content("#seat-2 .tags")
        assert partner not in page.text_content("#seat-1 .tags")
        assert partner not in page.text_content("#seat-3 .tags")
        assert page.query_selector("#seat-0 .bid") is None  # classic: no bids
        watcher = Browser(playwright)
        watcher.page.goto(f"{server.url}/t/{table}")
        watcher.page.wait_for_selector("#seat-3")
        for _ in range(6):
            page.wait_for_function("() => window.whistTable.state.view.to_act === 0")
            page.wait_for_selector("#seat-0 .clock")  # the time per decision runs
            assert page.evaluate("() => window.whistTable.state.time_left") > 0
            watcher.page.wait_for_function(
                "(seq) => window.whistTable.state.seq === seq", arg=seq_of(page)
            )
            # The spectator holds no hand, and sees none of Ana's unplayed cards.
            assert watcher.page.query_selector("#my-hand") is None
            view = page.evaluate("() => window.whistTable.state.view")
            hidden = set(view["hand"]) - {view["turn_up"]}
            assert hidden
            assert not hidden & shown_cards(watcher.page)
            take_turn(page)
        assert ana.errors == []
        assert watcher.errors == []
        ana.close()
        watcher.close()


def test_the_referee_page_judges_a_pasted_round_an_uploaded_sheet_and_a_record(
    playwright: Any, tmp_path: Path
) -> None:
    notation = "\n".join(
        [
            "variant: romanian",
            "dealer: 2",
            "hand 0: Ah Jc",
            "hand 1: Kh 10c",
            "hand 2: 9d 10s",
            "turn-up: Qs",
            "bids: 0 0 1",
            "trick: Jc 10c 9d",
        ]
    )
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\n1,0,1,0,0,1,0,0\n")
    record = tmp_path / "match.json"
    match = Match.new(variants.ROMANIAN, players=3, seed=3)
    while not match.is_over:
        match = match.apply(match.legal_actions()[0])
    record.write_text(records.dumps(match.to_record()), encoding="utf-8")
    with WebServer(tmp_path / "web.sqlite3") as server:
        browser = Browser(playwright)
        page = browser.page
        page.goto(server.url + "/referee")
        page.fill("#referee-text", notation)
        page.click("#referee-check")
        page.wait_for_selector("#verdict-line")
        assert "R-PLAY-3" in page.text_content("#verdict-line")
        assert "R-PLAY-3" in page.text_content("blockquote.rule")
        # The position drawn as cards: the hands, and the trick so far.
        assert {"Ah", "Kh", "10s"} <= shown_cards(page)
        assert page.eval_on_selector_all(
            "#position .trick-row [data-card]", "(cards) => cards.map((c) => c.dataset.card)"
        ) == ["Jc", "10c"]
        # A paper score sheet, uploaded: the kind follows the file.
        page.set_input_files("#referee-file", str(sheet))
        page.wait_for_function("() => document.getElementById('kind-sheet').checked")
        page.wait_for_function("() => document.getElementById('referee-text').value.length > 0")
        page.click("#referee-check")
        page.wait_for_selector("#verdict-line.error")
        assert "R-BID-2" in page.text_content("#verdict")
        # A whole match record, uploaded: legal.
        page.click("#kind-record")
        page.set_input_files("#referee-file", str(record))
        page.wait_for_function("() => document.getElementById('referee-text').value.length > 100")
        page.click("#referee-check")
        page.wait_for_selector("#verdict-line.ok")
        # A legal record may be analysed: the post-mortem of every round and seat, as the
        # library gives it within the referee's budgets.
        page.click("#referee-analyse")
        page.wait_for_selector("#analysis-summary")
        expected = analyse(
            record.read_text(encoding="utf-8"),
            budget=referee.ANALYSIS_BUDGET,
            total_budget=referee.ANALYSIS_TOTAL_BUDGET,
        )
        assert page.text_content("#analysis-summary") == expected.summary()
        shown = page.eval_on_selector_all(
            "#analysis-lines li", "(li) => li.map((x) => x.textContent)"
        )
        assert shown == expected.lines()
        lost = [
            v for v in expected.verdicts if isinstance(v, Verdict) and not v.made and v.makeable
        ]
        assert page.locator("#analysis-lines li.lost").count() == len(lost)
        assert browser.errors == []
        browser.close()
