"""The web page's accessibility, checked by axe-core in a real browser.

axe-core is the npm package, pinned and installed by ``.ci/run`` into ``.ci/node``
inside this checkout (never fetched from a CDN); without it these tests are skipped
with the reason, except under CI, where they fail, as the browser tests do without
Chromium.  Each page is checked in English and in Romanian, on a desktop (1440x900)
and on a phone (390x844): the lobby, a table in mid-trick (cards on the felt, a card
the rules stop in the hand), the round's summary the page holds between two deals,
a private table waiting for a player, and the referee page with a verdict that draws
a position.  No violation of impact "serious" or "critical" may remain.

The page's Content-Security-Policy allows scripts only from the server
(``script-src 'self'``), so Playwright's ``add_script_tag``, which inlines the file,
is refused.  axe's source is run with ``page.evaluate`` instead: Playwright hands it
to the browser through the DevTools protocol, outside the page's policy, so the
page is checked under the very policy it is served with (no ``bypass_csp``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import WebServer
from test_web_browser import (
    ACT,
    IN_CI,
    NOTATION,
    Browser,
    _need_browser,
    create_table,
    seq_of,
    wait_past,
)

AXE = Path(__file__).resolve().parent.parent / ".ci" / "node" / "node_modules" / "axe-core"
VIEWPORTS = {"desktop": {"width": 1440, "height": 900}, "phone": {"width": 390, "height": 844}}
LOCALES = {"en": "en-US", "ro": "ro-RO"}
BAD = ("serious", "critical")

# One axe run: ``within`` a part of the page (None: the whole document), ``rules`` only
# (None: every rule axe runs by default).  A card's face is one or two characters ("Q",
# "10", "♥"): by default axe's contrast check passes over text that short, and over
# symbols, as "too short to determine" (an incomplete result, not a violation); the
# options here, axe's own with those two changed, make it measure every text.
RUN = """async ({within, rules, label}) => {
  const options = {resultTypes: ["violations"], checks: {"color-contrast": {options: {
    ...axe._audit.checks["color-contrast"].options, ignoreLength: true, ignoreUnicode: false}}}};
  if (rules) options.runOnly = rules;
  const result = await axe.run(within || document, options);
  return result.violations.map((v) => ({
    id: v.id + (label ? " " + label : ""), impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary})),
  }));
}"""

# A legal round in which seat 0 missed a makeable nil (it led the Kc, not the Jd).
ANALYSED = (
    "dealer: 2\nhand 0: Jd Kc\nhand 1: As Kd\nhand 2: 10h Qc\nturn-up: 9d\n"
    "bids: 0 2 1\ntrick: Kc Kd Qc\ntrick: As 10h Jd\n"
)


def _axe_source() -> str:
    script = AXE / "axe.min.js"
    if not script.exists():
        reason = (
            "axe-core is not installed in .ci/node (.ci/run installs it: "
            "npm install --no-save --prefix .ci/node axe-core@VERSION)"
        )
        if IN_CI:
            pytest.fail("CI: " + reason)
        pytest.skip(reason)
    return script.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def axe_source() -> str:
    return _axe_source()


@pytest.fixture(scope="module")
def playwright(axe_source: str) -> Iterator[Any]:
    with _need_browser()() as p:
        yield p


def violations(page: Any, axe_source: str) -> list[dict[str, Any]]:
    """axe's violations on the page as it stands (its source loaded once per document)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source)
    found: list[dict[str, Any]] = page.evaluate(RUN, {"within": None, "rules": None})
    return found


# axe leaves out the contrast of an inactive control (WCAG 1.4.3 exempts it), and the
# hand's cards are aria-disabled whenever they cannot be played.  The page wants them
# readable all the same (a player reads the whole hand, the dimmed cards too), so this
# takes that mark off the hand's cards for one run of axe's contrast rule on the hand.
UNMARK = """() => { for (const card of document.querySelectorAll("#my-hand .card[aria-disabled]")) {
  card.removeAttribute("aria-disabled"); card.dataset.unmarked = "1"; } }"""
REMARK = """() => { for (const card of document.querySelectorAll("#my-hand [data-unmarked]")) {
  card.setAttribute("aria-disabled", "true"); delete card.dataset.unmarked; } }"""


def check(
    page: Any,
    axe_source: str,
    where: str,
    seen: dict[str, list[dict[str, Any]]],
    *,
    hand: bool = False,
) -> None:
    """axe on the page at both screen sizes; every violation kept in ``seen`` by place.

    ``hand``: also the contrast of the hand's cards that cannot be played.
    """
    for size, viewport in VIEWPORTS.items():
        page.set_viewport_size(viewport)
        page.wait_for_function("() => document.readyState === 'complete'")
        seen[f"{where}, {size}"] = violations(page, axe_source)
        if hand:
            page.evaluate(UNMARK)
            seen[f"{where}, {size}"] += page.evaluate(
                RUN,
                {"within": "#my-hand", "rules": ["color-contrast"], "label": "(cards not to play)"},
            )
            page.evaluate(REMARK)


def assert_none_serious(seen: dict[str, list[dict[str, Any]]]) -> None:
    bad = {
        where: [
            {"id": v["id"], "impact": v["impact"], "help": v["help"], "nodes": v["nodes"][:5]}
            for v in found
            if v["impact"] in BAD
        ]
        for where, found in seen.items()
    }
    bad = {where: found for where, found in bad.items() if found}
    # Every violation, of any impact, in the output: what was found and where.
    summary = {
        where: sorted(f"{v['id']} ({v['impact']}, {len(v['nodes'])} elements)" for v in found)
        for where, found in seen.items()
    }
    print(json.dumps(summary, indent=1, ensure_ascii=False))
    assert bad == {}, json.dumps(bad, indent=1, ensure_ascii=False)


def my_turn_to_play(page: Any) -> Any:
    """Whether it is this seat's turn to play a card: the page's state, read in one go."""
    return page.evaluate(
        """() => {
          const table = window.whistTable;
          const st = table && table.state;
          if (!st || !st.view) return false;
          return table.myTurn(st) && st.view.phase === "playing";
        }"""
    )


def act(page: Any) -> None:
    """Wait for this seat's turn, do the first thing it may, wait to hear of it."""
    page.wait_for_selector(f"{ACT}, #standings")
    assert page.query_selector("#standings") is None, "the match ended first"
    before = seq_of(page)
    page.locator(ACT).first.click()
    wait_past(page, before)


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_no_serious_axe_violation_on_the_lobby_the_table_the_summary_or_the_referee(
    playwright: Any, axe_source: str, tmp_path: Path, lang: str
) -> None:
    seen: dict[str, list[dict[str, Any]]] = {}
    with WebServer(tmp_path / "web.sqlite3") as server:
        # The lobby, with a table listed.
        browser = Browser(playwright, locale=LOCALES[lang])
        page = browser.page
        create_table(page, server, name="Ana", seats=["human", "rule", "random"])
        page.goto(server.url + "/")
        page.wait_for_selector("#tables .table-row")
        assert page.get_attribute("html", "lang") == lang
        # The lobby redraws its list every few seconds while it is in view: told it is not,
        # it holds still, so axe never reads a list being replaced.
        page.evaluate(
            "() => Object.defineProperty(document, 'visibilityState', {get: () => 'hidden'})"
        )
        check(page, axe_source, "lobby", seen)
        # A table in mid-trick: a card on the felt, and in the hand a card the rules stop
        # (dimmed, red or black), on this seat's turn, so nothing moves while axe looks.
        page.click(".table-row a.button")  # "Open": this browser holds seat 0
        page.wait_for_selector("#board")
        while not (
            my_turn_to_play(page)
            and page.query_selector("#trick [data-card]")
            and page.query_selector("#my-hand .card.blocked")
        ):
            act(page)
        page.click("#sheet summary")  # the score sheet's panel, open, is checked too
        page.wait_for_selector("#sheet table", state="visible")
        check(page, axe_source, "table in mid-trick", seen, hand=True)
        browser.close()

        # The round's summary, held on view between two deals: the pace is made so slow
        # that it stays until "Next deal" (schedule 1 1: the first trick ends the round).
        browser = Browser(playwright, locale=LOCALES[lang], paced=True)
        browser.context.add_init_script("localStorage.setItem('whist-ro:pace', '1000')")
        page = browser.page
        create_table(page, server, name="Ana", seats=["human", "rule", "random"], schedule="1 1")
        while not page.query_selector("#round-summary"):
            act(page)
        check(page, axe_source, "round summary", seen)

        # A private table waiting for a player: its invite link and the note that says so.
        page.goto(server.url + "/")
        page.fill("#name", "Ana")
        page.select_option("#players", "3")
        page.select_option("#seat-1", "human")
        page.check("#private")
        page.click("#create-button")
        page.wait_for_selector("#private-note")
        check(page, axe_source, "private table waiting", seen)

        # The referee page, its verdict drawing the position of an illegal card.
        page.goto(server.url + "/referee")
        page.fill("#referee-text", NOTATION)
        page.click("#referee-check")
        page.wait_for_selector("#position")
        check(page, axe_source, "referee", seen)
        # A legal round, and its post-mortem (the missed makeable bid is marked).
        page.fill("#referee-text", ANALYSED)
        page.click("#referee-check")
        page.wait_for_selector("#verdict-line.ok")
        page.click("#referee-analyse")
        page.wait_for_selector("#analysis-lines li.lost")
        check(page, axe_source, "referee analysis", seen)
        assert browser.errors == []
        browser.close()
    assert_none_serious(seen)
