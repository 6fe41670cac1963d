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
import importlib
import importlib.util
import re
from collections.abc import Iterable, Iterator
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


def rule_sections(text: str | None = None) -> dict[str, str]:
    """The text of each rules.md entry (or of ``text``), keyed by the rule ID of its heading."""
    sections: dict[str, str] = {}
    current: str | None = None
    for line in (read(RULES_PAGE) if text is None else text).splitlines():
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


# -- every rule ID links to its function and has a test named after it ---------------

# An entry's function link: [`whist_ro.rules.play.playable_cards`](../src/whist_ro/rules/play.py).
FUNCTION_LINK = re.compile(r"\[`(whist_ro(?:\.\w+)+)`\]\(([^)\s]+)\)")
# The "Enforced by:" line of an entry (a bullet or a paragraph), up to the next
# bullet or blank line.
ENFORCED_BY = re.compile(r"^(?:- )?Enforced by:(.*?)(?=\n- |\n\s*\n|\Z)", re.M | re.S)
# A test named after a rule, ``test_r_play_3_...`` or ``test_R_PLAY_3_...``.
RULE_TEST = re.compile(r"^\s*(?:async\s+)?def\s+test_(r_[a-z]+_\d+)(?!\d)\w*\s*\(", re.M | re.I)


def resolve(dotted: str) -> tuple[object, Path] | None:
    """The object a dotted name names and the file of its module, or None if it has none."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        module_file = getattr(found, "__file__", None)
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return None
            found = getattr(found, attribute)
        return (found, Path(module_file).resolve()) if module_file else None
    return None


def link_problem(dotted: str, target: str) -> str | None:
    """Why a function link does not hold, or None: the name must exist, in the linked file."""
    resolved = resolve(dotted)
    if resolved is None:
        return f"{dotted} does not exist"
    if (DOCS / target).resolve() != resolved[1]:
        return f"{dotted} is not in {target}"
    return None


def enforced_by(body: str) -> list[tuple[str, str]]:
    """The (dotted name, link target) pairs of an entry's "Enforced by:" line."""
    line = ENFORCED_BY.search(body)
    return FUNCTION_LINK.findall(line.group(1)) if line else []


def ids_tested(sources: Iterable[str]) -> set[str]:
    """The rule IDs some test is named after, from test sources."""
    return {
        match.upper().replace("_", "-") for source in sources for match in RULE_TEST.findall(source)
    }


def link_and_test_problems(
    rules: Iterable[str], sections: dict[str, str], tested: set[str]
) -> dict[str, list[str]]:
    """What each rule lacks: a resolving "Enforced by" link, a test named after it.

    Only R-VIEW-* and R-SEAT-1 may instead be marked planned (their code belongs
    to the player views issue).
    """
    problems: dict[str, list[str]] = {}
    for rule in sorted(rules):
        body = sections.get(rule)
        if body is None:
            problems[rule] = ["no entry in docs/rules.md"]
            continue
        if PLANNED.match(rule) and PLANNED_MARK in body:
            continue
        found = []
        links = enforced_by(body)
        if not links:
            found.append("no 'Enforced by:' line linking a whist_ro function")
        found += [p for name, target in links if (p := link_problem(name, target))]
        if rule not in tested:
            found.append(f"no test named test_{rule.lower().replace('-', '_')}_...")
        if found:
            problems[rule] = found
    return problems


def rule_ids_to_check() -> set[str]:
    """The rule book's IDs (when it is beside the repository) and those the docs add."""
    book = set(RULE_ID.findall(read(RULE_BOOK))) if RULE_BOOK.exists() else set()
    return book | documented_ids()


def test_every_rule_links_its_function_and_has_a_test() -> None:
    rules = rule_ids_to_check()
    assert len(rules) >= 50, f"only {len(rules)} rule IDs found: is RULES.md or rules.md cut short?"
    tested = ids_tested(read(path) for path in TESTS.glob("*.py"))
    problems = link_and_test_problems(rules, rule_sections(), tested)
    assert not problems, f"rules without a function link or a test: {problems}"


def test_no_rule_is_planned_any_more() -> None:
    # Every rule ID has its code since the player views issue landed (R-VIEW-*, R-SEAT-1).
    sections = rule_sections()
    planned = sorted(rule for rule, body in sections.items() if PLANNED_MARK in body)
    assert not planned, f"entries still marked planned: {planned}"


# The checks above, on doctored copies of the page and the tests: each defect is caught.


def doctored(rule: str, old: str, new: str) -> dict[str, str]:
    sections = rule_sections()
    assert old in sections[rule], f"{old!r} not in the {rule} entry"
    return {**sections, rule: sections[rule].replace(old, new)}


def problems_of(sections: dict[str, str], tested: set[str] | None = None) -> dict[str, list[str]]:
    everything = tested if tested is not None else {rule.upper() for rule in sections}
    return link_and_test_problems(sections, sections, everything)


def test_checker_passes_the_real_page() -> None:
    assert problems_of(rule_sections()) == {}


def test_checker_flags_a_removed_link() -> None:
    # R-BID-2 links one function; as plain code it links none.
    link = "[`whist_ro.rules.bidding.forbidden_bid`](../src/whist_ro/rules/bidding.py)"
    unlinked = doctored("R-BID-2", link, "`forbidden_bid`")
    assert problems_of(unlinked) == {
        "R-BID-2": ["no 'Enforced by:' line linking a whist_ro function"]
    }
    # A link elsewhere in the entry does not stand in for the "Enforced by:" line.
    moved = doctored("R-BID-2", "- Enforced by: " + link, "- Enforced by: `forbidden_bid`")
    assert "R-BID-2" in problems_of({**moved, "R-BID-2": moved["R-BID-2"] + "\n" + link})


def test_checker_flags_a_name_that_does_not_resolve() -> None:
    wrong = doctored("R-BID-2", "bidding.forbidden_bid`", "bidding.forbiden_bid`")
    assert problems_of(wrong) == {"R-BID-2": ["whist_ro.rules.bidding.forbiden_bid does not exist"]}
    module = doctored("R-BID-2", "whist_ro.rules.bidding.", "whist_ro.rules.biding.")
    assert "does not exist" in problems_of(module)["R-BID-2"][0]


def test_checker_flags_a_link_to_the_wrong_file() -> None:
    wrong = doctored(
        "R-BID-2", "(../src/whist_ro/rules/bidding.py)", "(../src/whist_ro/rules/play.py)"
    )
    assert problems_of(wrong) == {
        "R-BID-2": ["whist_ro.rules.bidding.forbidden_bid is not in ../src/whist_ro/rules/play.py"]
    }


def test_checker_flags_a_rule_without_a_test() -> None:
    sections = rule_sections()
    tested = ids_tested(
        ["def test_R_PLAY_3_upper_case_counts():\n", "  def test_r_play_30_is_another_rule(x):\n"]
    )
    assert tested == {"R-PLAY-3", "R-PLAY-30"}
    problems = link_and_test_problems(["R-PLAY-3", "R-PLAY-6"], sections, tested)
    assert problems == {"R-PLAY-6": ["no test named test_r_play_6_..."]}


def test_checker_allows_planned_only_for_views_and_seats() -> None:
    sections = rule_sections()
    planned = {**sections, "R-PLAY-3": f"**Status: {PLANNED_MARK}.**\n"}
    assert list(problems_of(planned)) == ["R-PLAY-3"]
    assert problems_of({"R-VIEW-9": f"{PLANNED_MARK}\n"}, set()) == {}
    assert problems_of({"R-VIEW-9": "nothing here\n"}, set()) == {
        "R-VIEW-9": [
            "no 'Enforced by:' line linking a whist_ro function",
            "no test named test_r_view_9_...",
        ]
    }
    assert link_and_test_problems(["R-NEW-1"], sections, set()) == {
        "R-NEW-1": ["no entry in docs/rules.md"]
    }
