"""Pictures of a match: a page that replays one round as seat 0 saw it, with the score sheet.

Four bots play a seeded Romanian whist match; ``whist_ro.svg`` draws the
table as seat 0 sees it after every action of round 10, then the score sheet
and the chart of the running totals.  Everything goes into one HTML page,
which needs nothing but a browser (the pictures are SVG text, no images or
fonts to fetch).

    python examples/pictures.py                      # writes whist-ro-pictures/match.html
    python examples/pictures.py OUT                  # ... into OUT/
    python examples/pictures.py --docs docs/_static  # the pictures docs/svg.md shows
"""

from __future__ import annotations

import argparse
import html
import sys
from pathlib import Path

import whist_ro as wr
from whist_ro import svg
from whist_ro.bots import RuleBot

NAMES = ("Ana", "Bogdan", "Carmen", "Dan")
ROUND = 10  # a round of 7 cards in a 4-player match


def play(seed: int = 2026) -> list[wr.Match]:
    """Every state of a match four RuleBots play, from the deal to the end."""
    bots = [RuleBot() for _ in NAMES]
    match = wr.Match.new(wr.variants.ROMANIAN, players=len(NAMES), seed=seed, names=NAMES)
    states = [match]
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        match = match.apply(bots[seat].act(match.view(seat)))
        states.append(match)
    return states


def docs_pictures() -> dict[str, str]:
    """The pictures on docs/svg.md, by file name (tests/test_svg.py keeps them current)."""
    states = play()
    # Seat 0 to play, two cards on the table, some of its cards playable and some not.
    moment = next(
        m
        for m in states
        if len(m.rounds) == ROUND - 1
        and m.to_act == 0
        and len(m.round.current_trick) == 2
        and 1 < len(m.legal_actions()) < len(m.round.remaining[0])
    )
    done = states[-1]
    last_trick = done.rounds[ROUND - 1].tricks[0]
    return {
        "svg-view.svg": svg.view(moment.view(0)),  # the view holds the match's names
        "svg-trick.svg": svg.trick(
            last_trick, trump=done.rounds[ROUND - 1].trump, names=NAMES, seat=0
        ),
        "svg-chart.svg": svg.score_chart(done),
    }


def replay_page(states: list[wr.Match]) -> str:
    """One HTML page: round ``ROUND`` from seat 0's seat, then the score sheet and chart."""
    in_round = [m for m in states if len(m.rounds) == ROUND - 1 and not m.is_over]
    parts = [
        "<!doctype html>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width">',
        f"<title>{html.escape(f'Round {ROUND}, as {NAMES[0]} saw it')}</title>",
        '<body style="font-family:sans-serif;max-width:420px;margin:auto">',
        f"<h1>{html.escape(f'Round {ROUND}, as {NAMES[0]} saw it')}</h1>",
    ]
    parts += [f"<p>{svg.view(m.view(0))}</p>" for m in in_round]
    parts.append(svg.score_sheet_html(states[-1]))
    parts.append("</body>")
    return "\n".join(parts)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "folder", nargs="?", default="whist-ro-pictures", help="where match.html goes"
    )
    parser.add_argument(
        "--docs", metavar="FOLDER", help="write the pictures docs/svg.md shows into FOLDER"
    )
    options = parser.parse_args(argv)
    if options.docs:
        docs = Path(options.docs)
        docs.mkdir(parents=True, exist_ok=True)
        for name, picture in docs_pictures().items():
            (docs / name).write_text(picture, encoding="utf-8")
            print(docs / name)
        return
    folder = Path(options.folder)
    folder.mkdir(parents=True, exist_ok=True)
    page = folder / "match.html"
    page.write_text(replay_page(play()), encoding="utf-8")
    print(f"{page}: round {ROUND} as {NAMES[0]} saw it, then the score sheet and chart")


if __name__ == "__main__":
    main(sys.argv[1:])
