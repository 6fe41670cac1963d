"""The docs keep up with the rule book and with the code.

``docs/rules.md`` is the rules reference a table consults when the library
refuses a move, so it has to cover every rule ID, cite only real ones, and
name code and tests that exist. These tests catch the drift that a doctest
cannot: a rule added to the rule book without an entry, an error raised with
an ID nobody documented, a renamed test or a broken link.

The rule book is ``RULES.md`` in the shared folder beside the repository (CI
keeps a copy there). Tests that need it are skipped when it is absent.
"""

from __future__ import annotations

import ast
import builtins
import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import whist_ro as wr
from whist_ro import variants

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RULES_PAGE = DOCS / "rules.md"
STANDINGS_PAGE = DOCS / "standings.md"
SOURCE = ROOT / "src" / "whist_ro"
TESTS = ROOT / "tests"
RULE_BOOK = ROOT.parent / "shared" / "RULES.md"

RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")
# A rule ID given to an error: ``rule="R-PLAY-3"`` at a raise, or the class
# default ``rule = "R-DECK-4"`` in errors.py.
RULE_ARGUMENT = re.compile(r"""\brule\s*=\s*["'](R-[A-Z]+-\d+)["']""")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
# Rules whose engine support does not exist yet; their entries must say so.
PLANNED = re.compile(r"^R-(SEAT|VIEW)-\d+$")
PLANNED_MARK = "planned, not yet implemented"
ENTRY_FIELDS = ("- Variant field:", "- Enforced by:", "- Refused with:", "- Tests:")


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def prose_lines(text: str) -> Iterator[str]:
    """The lines outside fenced code blocks, where headings and links live."""
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            yield line


def headings(text: str) -> list[str]:
    return [m.group(1) for line in prose_lines(text) if (m := HEADING.match(line))]


def heading_ids(path: Path) -> set[str]:
    if not path.exists():
        return set()
    return {rule for title in headings(read(path)) for rule in RULE_ID.findall(title)}


def mentioned_ids(path: Path) -> set[str]:
    return set(RULE_ID.findall(read(path))) if path.exists() else set()


def documented_ids() -> set[str]:
    """IDs a reader can look up: an entry in rules.md, or anywhere on standings.md.

    standings.md introduces a few IDs of its own for points the rule book
    leaves open, in running text rather than headings; naming and explaining
    them there is what documents them.
    """
    return heading_ids(RULES_PAGE) | mentioned_ids(STANDINGS_PAGE)


def rule_sections() -> dict[str, str]:
    """The text of each rules.md entry, keyed by the rule ID of its heading."""
    sections: dict[str, str] = {}
    current: str | None = None
    for line in read(RULES_PAGE).splitlines():
        match = HEADING.match(line)
        if match:
            title = match.group(1)
            current = title if RULE_ID.fullmatch(title) else None
            if current is not None:
                sections[current] = ""
        elif current is not None:
            sections[current] += line + "\n"
    return sections


def slug(title: str) -> str:
    """The anchor GitHub (and MyST with heading anchors) gives a heading."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    found = set()
    for title in headings(read(path)):
        base = slug(title)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def defined_tests(path: Path) -> set[str]:
    tree = ast.parse(read(path))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.name.startswith("test_")
    }


@pytest.fixture(scope="module")
def rule_book_ids() -> set[str]:
    if not RULE_BOOK.exists():
        pytest.skip(f"the rule book is not at {RULE_BOOK} (shared/ must sit beside the clone)")
    return set(RULE_ID.findall(read(RULE_BOOK)))


# -- coverage of the rule book -------------------------------------------------------


def test_every_rule_book_id_has_a_heading_in_the_docs(rule_book_ids: set[str]) -> None:
    covered = heading_ids(RULES_PAGE) | heading_ids(STANDINGS_PAGE)
    missing = sorted(rule_book_ids - covered)
    assert not missing, f"rule IDs with no heading in docs/rules.md or docs/standings.md: {missing}"


def test_rules_page_cites_only_rule_book_ids(rule_book_ids: set[str]) -> None:
    unknown = sorted(mentioned_ids(RULES_PAGE) - rule_book_ids)
    assert not unknown, f"docs/rules.md cites IDs that RULES.md does not define: {unknown}"


# -- coverage of the code ------------------------------------------------------------


def source_files() -> list[Path]:
    files = sorted(SOURCE.glob("*.py"))
    assert files, f"no source found under {SOURCE}"
    return files


def test_every_rule_given_to_an_error_is_documented() -> None:
    raised = {
        (rule, path.name) for path in source_files() for rule in RULE_ARGUMENT.findall(read(path))
    }
    assert raised, "no rule= arguments found: has the error API changed?"
    missing = sorted(pair for pair in raised if pair[0] not in documented_ids())
    assert not missing, f"rule= IDs documented in neither rules.md nor standings.md: {missing}"


def test_every_rule_cited_in_the_source_is_documented() -> None:
    # Messages and docstrings cite IDs too, and a reader will look those up.
    cited = {(rule, path.name) for path in source_files() for rule in RULE_ID.findall(read(path))}
    missing = sorted(pair for pair in cited if pair[0] not in documented_ids())
    assert not missing, f"IDs cited in src/ but documented nowhere: {missing}"


# -- shape of the rules page ---------------------------------------------------------


def test_rule_headings_are_bare_ids_so_anchors_work() -> None:
    text = read(RULES_PAGE)
    titles = [t for t in headings(text) if RULE_ID.search(t)]
    not_bare = [t for t in titles if not RULE_ID.fullmatch(t)]
    assert not not_bare, f"headings must be the bare ID (for #r-play-3 anchors): {not_bare}"
    repeated = sorted({t for t in titles if titles.count(t) > 1})
    assert not repeated, f"rule IDs with more than one heading: {repeated}"


def test_every_entry_is_complete_planned_or_a_pointer() -> None:
    incomplete = {}
    for rule, body in rule_sections().items():
        if PLANNED_MARK in body or "](standings.md" in body:
            continue
        absent = [field for field in ENTRY_FIELDS if field not in body]
        if absent:
            incomplete[rule] = f"lacks {absent}"
    assert not incomplete, incomplete


def test_planned_entries_match_the_code() -> None:
    sections = rule_sections()
    planned = sorted(rule for rule in sections if PLANNED.match(rule))
    assert planned, "no R-SEAT-* or R-VIEW-* entry found in docs/rules.md"
    marked = [rule for rule in planned if PLANNED_MARK in sections[rule]]
    if importlib.util.find_spec("whist_ro.views") is None:
        # A bot that takes over a seat may only use that seat's view
        # (R-SEAT-1), so none of these rules can be enforced before views exist.
        unmarked = sorted(set(planned) - set(marked))
        assert not unmarked, f"{unmarked} must say {PLANNED_MARK!r}: whist_ro.views does not exist"
    else:
        views = [rule for rule in marked if rule.startswith("R-VIEW-")]
        assert not views, (
            f"whist_ro.views exists now, but docs/rules.md still calls {views} "
            f"{PLANNED_MARK!r}: document what the module enforces"
        )


def test_cited_tests_exist() -> None:
    tests = {path.relative_to(ROOT).as_posix(): defined_tests(path) for path in TESTS.glob("*.py")}
    every = set().union(*tests.values())
    cited = re.finditer(
        r"`(?:(tests/\w+\.py)::)?(test_\w+?)(\*)?`(?: in `(tests/\w+\.py)`)?", read(RULES_PAGE)
    )
    missing = []
    for match in cited:
        where, name, prefix, where_after = match.groups()
        path = where or where_after
        names = tests.get(path, set()) if path else every
        found = any(n.startswith(name) for n in names) if prefix else name in names
        if not found:
            missing.append(match.group(0))
    assert not missing, f"docs/rules.md cites tests that do not exist: {missing}"


def test_cited_names_exist_in_the_library() -> None:
    text = read(RULES_PAGE)
    errors = set(re.findall(r"`(\w+Error)`", text)) - set(dir(builtins))
    unknown = sorted(e for e in errors if not hasattr(wr, e))
    # `Round.apply`, `Match.new(...)`, `variants.CLASSIC`; file names such as
    # `RULES.md` are not code.
    dotted = set(re.findall(r"`(?:wr\.)?([A-Z]\w*|variants)\.(\w+)", text))
    unknown += sorted(
        f"{owner}.{member}"
        for owner, member in dotted
        if member not in {"md", "py"}
        and not (hasattr(wr, owner) and hasattr(getattr(wr, owner), member))
    )
    assert not unknown, f"docs/rules.md names things the library does not have: {unknown}"


def test_variant_fields_and_defaults_are_current() -> None:
    fields = {field.name for field in attrs.fields(wr.Variant)}
    stated: list[tuple[str, str]] = []
    # Bullets wrap onto indented lines: join them before reading a bullet.
    text = re.sub(r"\n  ", " ", read(RULES_PAGE))
    for line in text.splitlines():
        if line.startswith("- Variant field:"):
            stated += re.findall(r"`(\w+)`, default `([^`]+)`", line)
    assert stated, "no '`field`, default `value`' statements found"
    wrong = []
    for name, default in set(stated):
        if name not in fields:
            wrong.append(f"{name} is not a Variant field")
            continue
        actual = getattr(variants.ROMANIAN, name)
        try:
            matches = ast.literal_eval(default) == actual
        except (ValueError, SyntaxError):
            matches = default == repr(actual)
        if not matches:
            wrong.append(f"{name}: docs say {default}, ROMANIAN has {actual!r}")
    assert not wrong, wrong


def test_links_resolve() -> None:
    broken = []
    for target in LINK.findall("\n".join(prose_lines(read(RULES_PAGE)))):
        if "://" in target:
            continue
        page, _, anchor = target.partition("#")
        path = RULES_PAGE if not page else (DOCS / page).resolve()
        if not path.exists():
            broken.append(f"{target}: no such page")
        elif anchor and anchor not in anchors(path):
            broken.append(f"{target}: no such heading")
    assert not broken, f"broken links in docs/rules.md: {broken}"
