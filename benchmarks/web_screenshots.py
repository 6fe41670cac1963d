"""The docs' pictures of the web table, taken in Chromium from a real ``whist-ro serve``.

    python benchmarks/web_screenshots.py                 # into docs/_static
    python benchmarks/web_screenshots.py --out /tmp/shots
    python benchmarks/web_screenshots.py --out /tmp/shots --players 3   # web-table-3.png ...

Two pictures, each of a table in mid-trick on the player's turn, with some tricks
already taken: ``web-table.png`` (a desktop, 1440x900, 4 players) and
``web-table-phone.png`` (a phone, 390x844, 6 players). The bots play the other seats;
the deals are drawn, so each run's pictures differ. Not a benchmark, and not part of
``run_all.py``: it lives here because it drives the server as the benchmarks do, with
the browser tests' helpers (``tests/test_web_layout.py``). It needs Playwright and
Debian's Chromium, as those tests do; no test writes into docs/.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PICTURES = {  # file: (players, viewport, cards per round)
    "web-table.png": (4, "desktop", "1 1 6 6"),
    "web-table-phone.png": (6, "phone", "1 1 6 6"),
}


def take(name: str, out: Path, *, players: int | None = None) -> Path:
    """One picture: a table played by clicks until a trick is half formed on Ana's turn.

    ``players`` replaces the picture's own count, and is added to the file's name.
    """
    sys.path.insert(0, str(ROOT / "tests"))
    from conftest import WebServer  # noqa: PLC0415
    from test_web_browser import ACT, _need_browser, seq_of, wait_past  # noqa: PLC0415
    from test_web_layout import play_to_mid_trick, seated  # noqa: PLC0415

    own, viewport, schedule = PICTURES[name]
    path = out / (name if players is None else name.replace(".png", f"-{players}.png"))
    players = own if players is None else players
    with (
        tempfile.TemporaryDirectory() as tmp,
        _need_browser()() as playwright,
        WebServer(Path(tmp) / "web.sqlite3") as server,
    ):
        browser = seated(playwright, server, players, viewport, schedule=schedule)
        page = browser.page
        while True:
            play_to_mid_trick(page)
            view = page.evaluate("() => window.whistTable.state.view")
            if sum(view["tricks_won"]) >= 2 and len(view["current_trick"]["cards"]) >= 2:
                break
            before = seq_of(page)
            page.locator(ACT).first.click()
            wait_past(page, before)
        page.evaluate("() => { window.scrollTo(0, 0); document.activeElement.blur(); }")
        page.screenshot(path=str(path))
        assert browser.errors == [], browser.errors
        browser.close()
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "_static")
    parser.add_argument(
        "--players", type=int, choices=range(3, 7), help="3 to 6 players in every picture"
    )
    args = parser.parse_args()
    for name in PICTURES:
        print(take(name, args.out, players=args.players))


if __name__ == "__main__":
    main()
