"""The deprecations, held to the letter of docs/stability.md (issue 26's review).

One deprecated name used on one line warns once, at that line, whatever way
it is imported; the deprecated functions warn when imported, not only when
called; a module that serves moved names still lets a type checker refuse a
misspelt name.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import whist_ro as wr
from whist_ro import _deprecation
from whist_ro.rules.play import trick_winner_index

ROOT = Path(__file__).resolve().parents[1]

# (package, a name it serves deprecated): packages, where ``from package import name``
# makes the import system look the name up once more before the statement does.
FROM_PACKAGES = [
    ("whist_ro", "Stake"),
    ("whist_ro", "honours_points"),
    ("whist_ro.records", "NotationError"),
    ("whist_ro.records", "Takeover"),
    ("whist_ro.sim", "KernelMismatchError"),
]


@pytest.mark.parametrize(("package", "name"), FROM_PACKAGES)
def test_from_a_package_import_a_moved_name_warns_once(package: str, name: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(f"from {package} import {name}", {})
    messages = [str(w.message) for w in caught if w.category is DeprecationWarning]
    assert messages == [f"{package}.{name} is deprecated" + messages[0].partition("deprecated")[2]]
    assert [w.filename for w in caught] == ["<string>"]  # the importing line's


# The deprecated functions warn when imported (issue 26: "when the name is called or
# imported"), each naming its replacement, and give the replacement's answer.
FUNCTIONS = [
    ("whist_ro.views", "resolve_play", "use Round.resolve_play(action)"),
    ("whist_ro.views.view", "resolve_play", "use Round.resolve_play(action)"),
    ("whist_ro.engine.tricks", "winning_index", "use whist_ro.rules.play.trick_winner_index"),
]


@pytest.mark.parametrize(("module", "name", "use"), FUNCTIONS)
def test_importing_a_deprecated_function_warns_once_naming_its_replacement(
    module: str, name: str, use: str
) -> None:
    namespace: dict[str, object] = {}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(f"from {module} import {name}", namespace)
    assert [w.category for w in caught] == [DeprecationWarning]
    assert f"{module}.{name} is deprecated" in str(caught[0].message)
    assert use in str(caught[0].message)
    assert caught[0].filename == "<string>"
    assert name not in vars(importlib.import_module(module))  # so walking it stays quiet
    assert name not in importlib.import_module(module).__all__


def test_the_imported_deprecated_functions_answer_as_their_replacements() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        # Read as a user's program would (a type checker no longer sees the names).
        winning_index = importlib.import_module("whist_ro.engine.tricks").winning_index
        resolve_play = importlib.import_module("whist_ro.views").resolve_play
    m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    for action in m.legal_actions():
        assert resolve_play(m, action) == m.round.resolve_play(action)
    cards = [wr.Card.parse(c) for c in ("7h", "Ah", "7s")]
    assert winning_index(cards, wr.Suit.SPADES) == trick_winner_index(
        [c.bit for c in cards], trump=int(wr.Suit.SPADES)
    )


# A module that serves moved names from a ``__getattr__`` seen by the type checker
# makes every attribute of it type-check (as ``object``): a misspelt name passed
# mypy --strict.  Each line below must be refused.
MISSPELT = """
import whist_ro as wr
import whist_ro.engine.tricks
import whist_ro.records.notation
import whist_ro.records.record
import whist_ro.records.rulebook
import whist_ro.rules.schedule
import whist_ro.sim.run
import whist_ro.views.view
a = wr.rules.honours_pointz
b = wr.records.laods
c = wr.sim.playoutz
d = whist_ro.records.notation.parse_rond
e = whist_ro.records.record.Recrod
f = whist_ro.sim.run.playoutz
g = whist_ro.views.veiw_of
h = whist_ro.views.view.veiw_of
i = whist_ro.engine.tricks.trick_winer
j = whist_ro.records.rulebook.RULES
k = whist_ro.rules.schedule.dealer_of
"""


def test_a_type_checker_refuses_a_misspelt_name_of_a_module_that_serves_moved_names(
    tmp_path: Path,
) -> None:
    program = tmp_path / "misspelt.py"
    program.write_text(MISSPELT, encoding="utf-8")
    # The tree under test, not whatever an editable install points at.
    env = {**os.environ, "MYPYPATH": str(ROOT / "src")}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-error-summary",
            "--no-incremental",
            "--cache-dir",
            str(tmp_path / "cache"),
            str(program),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    refused = {int(line.split(":")[1]) for line in done.stdout.splitlines() if "error:" in line}
    lines = MISSPELT.splitlines()
    expected = {n for n, line in enumerate(lines, 1) if " = " in line}
    assert sorted(expected - refused) == [], done.stdout


# docs/stability.md: "Every part is reachable from the package without an import of
# its own", and it names remote, svg and web among the parts.
PARTS_CODE = """
import warnings
warnings.simplefilter("error")
import whist_ro as wr
# web needs the web extra: dir() does not list it, so help() and inspect.getmembers
# work without the extra too.
assert "web" not in dir(wr) and {"remote", "svg"} <= set(dir(wr))
assert wr.remote.EngineAgent.__name__ == "EngineAgent"
assert wr.svg.card.__name__ == "card"
assert wr.web.create_app.__name__ == "create_app"
"""


def test_every_part_the_stability_page_names_is_reachable_from_the_package() -> None:
    pytest.importorskip("starlette")
    done = subprocess.run(
        [sys.executable, "-c", PARTS_CODE], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    page = (ROOT / "docs" / "stability.md").read_text(encoding="utf-8")
    for part in ("remote", "svg", "web"):
        assert f"`whist_ro.{part}`" in page


def _deprecated_rows() -> list[str]:
    page = (ROOT / "docs" / "stability.md").read_text(encoding="utf-8")
    start = page.index("## Deprecated in 0.2.0, removed in 0.3.0\n")
    section = page[start : page.index("\n## ", start + 1)]
    return [line for line in section.splitlines() if line.startswith("| `")]


def test_the_stability_page_lists_every_moved_name_a_module_serves() -> None:
    import whist_ro  # noqa: PLC0415

    for found in pkgutil.walk_packages(whist_ro.__path__, "whist_ro."):
        try:
            importlib.import_module(found.name)
        except ImportError:  # an optional extra that is not installed
            continue
    rows = _deprecated_rows()
    missing = []
    for module, names in sorted(_deprecation._SERVED.items()):
        if module != "whist_ro" and not module.startswith("whist_ro."):
            continue  # a doctest's example module
        for name in sorted(names):
            spelt = re.compile(rf"`{re.escape(module)}\.{name}[`(]")
            if not any(
                spelt.search(row) or (f"`{name}`" in row and f"`{module}`" in row) for row in rows
            ):
                missing.append(f"{module}.{name}")
    assert missing == []


# Item 4: every error renders from the catalogue, in Romanian too.  A kernel that
# disagrees with the engine (the differential check of whist_ro.sim) said so in
# English only: its text was built before the catalogue could see it.
def test_a_kernel_mismatch_reads_in_romanian() -> None:
    from whist_ro.sim import run  # noqa: PLC0415

    r = wr.Round.shuffled(wr.variants.ROMANIAN, players=3, dealer=0, hand_size=2, seed=1)
    assert r.to_act is not None
    wrong_seat = (r.to_act + 1) % 3
    with pytest.raises(wr.KernelMismatchError) as caught:
        run._check_step([r], 0, wrong_seat, True, None, 0)
    error = caught.value
    assert str(error).startswith(f"the kernel's seat to act is {wrong_seat} but the engine's is")
    romanian = error.explain("ro")
    assert romanian.startswith(f"după nucleul de joc e rândul locului {wrong_seat}, dar")
    assert error.evidence["kernel"] == str(wrong_seat)
    with pytest.raises(wr.KernelMismatchError) as bid:
        run._check_step([r], 0, r.to_act, True, None, 99)
    assert bid.value.explain("ro").startswith("nucleul de joc licitează 99, dar motorul permite")


# Item 6: no page sends a reader to a module that is only a deprecated shim now.
SHIMS = ("src/whist_ro/rules/schedule.py", "src/whist_ro/records/rulebook.py")


def test_no_doc_page_but_the_stability_page_names_a_deprecated_shim_module() -> None:
    named = [
        f"{page.relative_to(ROOT)}: {shim}"
        for page in sorted((ROOT / "docs").rglob("*.md"))
        if page.name != "stability.md"
        for shim in SHIMS
        if shim in page.read_text(encoding="utf-8")
    ]
    assert named == []
