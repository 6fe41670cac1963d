"""docs/architecture.md keeps up with the code: its layers are the enforced ones, its files exist.

The page explains the list of layers that tests/test_architecture.py
enforces, one table row per part.  The rows must give every part of
``LAYERS``, layer by layer, in its order, so a part added, moved or renamed
there without the page fails here.  The upward imports the page lists must
be ones the architecture test allows, and every repository path the page
names (in its text or in its shell commands) must exist, a test named after
its file (``tests/test_rules.py::test_r_bid_2_...``) included.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from test_architecture import LAYERS, PICTURE_HOOKS, UPWARD_ON_PURPOSE

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "architecture.md"

# A row of the layers table: | 3 | `cards` | its job | the files |
LAYER_ROW = re.compile(r"^\|\s*(\d+)\s*\|\s*`([\w.]+)`\s*\|", re.M)
# A function the page names as an upward import, as UPWARD_ON_PURPOSE spells it.
UPWARD_NAME = re.compile(r"`(whist_ro(?:\.\w+)+:[\w.]+)`")
# Code spans that name a path: a slash and no space (a URL is not one).
CODE_SPAN = re.compile(r"`([^`\s]*/[^`\s]*)`")
# The repository's own folders, as a shell command on the page names them.
TOP_FOLDERS = ("src/", "tests/", "docs/", "benchmarks/", "examples/", ".ci/")
SHELL_BLOCK = re.compile(r"^```(?:sh|bash|console)\s*\n(.*?)^```\s*$", re.M | re.S)


def read_page() -> str:
    return PAGE.read_text(encoding="utf-8")


def section(text: str, title: str) -> str:
    """The text under the heading ``title`` (any level), up to the next heading as high."""
    match = re.search(rf"^(#+) {re.escape(title)}\s*$", text, re.M)
    assert match, f"docs/architecture.md has no heading {title!r}"
    level = len(match.group(1))
    rest = text[match.end() :]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.M)
    return rest if end is None else rest[: end.start()]


def layers_on_page(text: str) -> tuple[tuple[str, ...], ...]:
    """The layers as the page's table gives them: its rows grouped by layer number, in order.

    The numbers must run 1, 2, 3 ... down the table, a layer's rows together.
    """
    layers: list[list[str]] = []
    for number, part in LAYER_ROW.findall(section(text, "The layers")):
        if int(number) == len(layers):
            layers[-1].append(part)
        else:
            assert int(number) == len(layers) + 1, (
                f"layer {number} (`{part}`) follows layer {len(layers)} on the page"
            )
            layers.append([part])
    return tuple(tuple(parts) for parts in layers)


def prose(text: str) -> Iterator[str]:
    """The lines outside fenced code blocks."""
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced:
            yield line


def named_paths(text: str) -> list[str]:
    """Every repository path the page names: code spans with a slash, and shell arguments."""
    found = [span for line in prose(text) for span in CODE_SPAN.findall(line)]
    for block in SHELL_BLOCK.findall(text):
        found += [word for word in block.split() if word.startswith(TOP_FOLDERS)]
    return found


def path_problem(named: str, root: Path = ROOT) -> str | None:
    """Why ``named`` is not a path of the repository (``file::test`` names a test too), or None."""
    path, _, test = named.partition("::")
    if "*" in path:
        return None if any(root.glob(path)) else f"{named}: nothing matches"
    if not (root / path).exists():
        return f"{named}: no such file or folder"
    if test:
        tree = ast.parse((root / path).read_text(encoding="utf-8"))
        defined = {
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        }
        if test not in defined:
            return f"{named}: {path} defines no {test}"
    return None


def test_the_page_gives_the_layers_of_the_architecture_test_in_order() -> None:
    on_page = layers_on_page(read_page())
    assert on_page == LAYERS, (
        "docs/architecture.md's layers table is not tests/test_architecture.py's LAYERS: "
        f"the page has {on_page}"
    )


def test_swapping_two_layers_on_the_page_is_caught() -> None:
    text = read_page()
    cards = re.search(r"^\| 3 \| `cards` \|.*$", text, re.M)
    actions = re.search(r"^\| 4 \| `actions` \|.*$", text, re.M)
    assert cards, "the row of cards is not where this test looks"
    assert actions, "the row of actions is not where this test looks"
    # The rows change places, each keeping its text: layer 3 is then `actions`.
    swapped = (
        text[: cards.start()]
        + actions.group(0).replace("| 4 |", "| 3 |", 1)
        + text[cards.end() : actions.start()]
        + cards.group(0).replace("| 3 |", "| 4 |", 1)
        + text[actions.end() :]
    )
    assert layers_on_page(swapped) != LAYERS
    # Rows out of order, each keeping its number, are refused too.
    shuffled = text[: cards.start()] + actions.group(0) + "\n" + cards.group(0)
    shuffled += text[actions.end() :]
    with pytest.raises(AssertionError, match="follows layer"):
        layers_on_page(shuffled)
    # A part left out of its layer is a difference as well.
    text_row = re.search(r"^\| 2 \| `_text` \|.*\n", text, re.M)
    assert text_row, "the row of _text is not where this test looks"
    assert layers_on_page(text.replace(text_row.group(0), "")) != LAYERS


def test_the_upward_imports_the_page_lists_are_the_allowed_ones() -> None:
    listed = set(UPWARD_NAME.findall(section(read_page(), "The one circle: the sugar")))
    assert listed == UPWARD_ON_PURPOSE
    hooks = section(read_page(), "The one circle: the sugar")
    assert all(f"`{hook}`" in hooks for hook in PICTURE_HOOKS)


def test_every_file_the_page_names_exists() -> None:
    named = named_paths(read_page())
    assert len(named) > 50, f"only {len(named)} paths found: has the page's notation changed?"
    problems = [problem for name in named if (problem := path_problem(name))]
    assert not problems, f"docs/architecture.md names what the repository lacks: {problems}"


def test_the_path_check_catches_a_missing_file_or_test() -> None:
    text = (
        "Open `src/whist_ro/table.py` or `src/whist_ro/tabel.py`; run\n"
        "`tests/test_rules.py::test_r_bid_2_option_no_hook` and\n"
        "`tests/test_rules.py::test_r_bid_2_no_such_test`.\n"
        "```sh\npython benchmarks/checkouts.py after=src before=/tmp/x/src\n"
        "python benchmarks/nonesuch.py\n```\n"
    )
    named = named_paths(text)
    assert "benchmarks/checkouts.py" in named
    assert [p for name in named if (p := path_problem(name))] == [
        "src/whist_ro/tabel.py: no such file or folder",
        "tests/test_rules.py::test_r_bid_2_no_such_test: tests/test_rules.py defines no "
        "test_r_bid_2_no_such_test",
        "benchmarks/nonesuch.py: no such file or folder",
    ]
