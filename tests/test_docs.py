"""The docs keep up with the rule book and with the code.

``docs/rules.md`` is the rules reference a table consults when the library
refuses a move, so it has to cover every rule ID, cite only real ones, and
name code and tests that exist. These tests catch the drift that a doctest
cannot: a rule added to the rule book without an entry, an error raised with
an ID nobody documented, a renamed test or a broken link.

The rule book these tests hold the docs and the code to is the project's own:
the rules shipped in the package (``whist_ro.rules.book``, one text per rule
ID, in the order of docs/rules.md's headings: tests/test_rulebook.py), so
nothing here reads a file outside the repository or is skipped for want of one.
"""

from __future__ import annotations

import ast
import builtins
import functools
import importlib
import importlib.util
import inspect
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import attrs
import pytest

import whist_ro as wr
from whist_ro import variants
from whist_ro.rules import book as rule_book

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RULES_PAGE = DOCS / "rules.md"
STANDINGS_PAGE = DOCS / "standings.md"
SOURCE = ROOT / "src" / "whist_ro"
TESTS = ROOT / "tests"

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
    """The IDs of the rule book shipped in the package."""
    ids = {rule.id for rule in rule_book.RULES}
    assert len(ids) == len(rule_book.RULES) >= 50, "is whist_ro.rules.book cut short?"
    return ids


# -- coverage of the rule book -------------------------------------------------------


def test_every_rule_book_id_has_a_heading_in_the_docs(rule_book_ids: set[str]) -> None:
    covered = heading_ids(RULES_PAGE) | heading_ids(STANDINGS_PAGE)
    missing = sorted(rule_book_ids - covered)
    assert not missing, f"rule IDs with no heading in docs/rules.md or docs/standings.md: {missing}"


def test_rules_page_cites_only_rule_book_ids(rule_book_ids: set[str]) -> None:
    unknown = sorted(mentioned_ids(RULES_PAGE) - rule_book_ids)
    assert not unknown, f"docs/rules.md cites IDs the rule book does not define: {unknown}"


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
    # `rules.md` are not code.
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


# -- the rules in Romanian ----------------------------------------------------------------

ROMANIAN_RULES_PAGE = DOCS / "ro" / "reguli.md"
GLOSSARY = DOCS / "ro" / "glosar.md"
API_ROLE = re.compile(r"\{py:\w+\}`[^`]+`")


def test_the_romanian_rules_cover_every_rule_the_english_ones_cover() -> None:
    english, romanian = heading_ids(RULES_PAGE), heading_ids(ROMANIAN_RULES_PAGE)
    assert english, "no rule headings found in docs/rules.md"
    assert romanian == english, (
        f"docs/ro/reguli.md lacks {sorted(english - romanian)}, "
        f"and has no English entry for {sorted(romanian - english)}"
    )
    titles = [t for t in headings(read(ROMANIAN_RULES_PAGE)) if RULE_ID.search(t)]
    assert all(RULE_ID.fullmatch(t) for t in titles), "Romanian rule headings must be bare IDs"
    assert len(titles) == len(set(titles)), "a rule ID with two headings in docs/ro/reguli.md"


def test_the_romanian_rules_link_the_same_functions() -> None:
    english = rule_sections()
    romanian = rule_sections(read(ROMANIAN_RULES_PAGE))
    differ = {
        rule: (sorted(set(API_ROLE.findall(english[rule]))), sorted(set(API_ROLE.findall(body))))
        for rule, body in romanian.items()
        if set(API_ROLE.findall(body)) != set(API_ROLE.findall(english.get(rule, "")))
    }
    assert not differ, f"the Romanian entries link other code than the English ones: {differ}"


def test_the_romanian_pages_links_resolve() -> None:
    broken = []
    for page in (ROMANIAN_RULES_PAGE, GLOSSARY, DOCS / "ro" / "index.md"):
        for target in LINK.findall("\n".join(prose_lines(read(page)))):
            if "://" in target:
                continue
            name, _, anchor = target.partition("#")
            path = page if not name else (page.parent / name).resolve()
            if not path.exists():
                broken.append(f"{page.name}: {target}: no such page")
            elif anchor and anchor not in anchors(path):
                broken.append(f"{page.name}: {target}: no such heading")
    assert not broken, broken


def test_the_romanian_rules_cite_real_tests() -> None:
    tests = {path.relative_to(ROOT).as_posix(): defined_tests(path) for path in TESTS.glob("*.py")}
    every = set().union(*tests.values())
    cited = re.finditer(
        r"`(?:(tests/\w+\.py)::)?(test_\w+?)(\*)?`(?: în `(tests/\w+\.py)`)?",
        read(ROMANIAN_RULES_PAGE),
    )
    missing = []
    for match in cited:
        where, name, prefix, where_after = match.groups()
        names = tests.get(where or where_after, set()) if where or where_after else every
        if not (any(n.startswith(name) for n in names) if prefix else name in names):
            missing.append(match.group(0))
    assert not missing, f"docs/ro/reguli.md cites tests that do not exist: {missing}"


def test_the_glossary_pairs_the_players_words_with_rules(rule_book_ids: set[str]) -> None:
    text = read(GLOSSARY)
    unknown = sorted(set(RULE_ID.findall(text)) - rule_book_ids)
    assert not unknown, f"docs/ro/glosar.md cites IDs the rule book does not define: {unknown}"
    rows = [line for line in text.splitlines() if line.startswith("| **")]
    assert rows, "no glossary rows found"
    for word, english in (
        ("levată", "trick"),
        ("mână", "round"),
        ("subjoc", "round"),
        ("atu", "trump"),
        ("licitație", "bid"),
        ("împărțitor", "dealer"),
        ("premiere", "bonus"),
        ("inimă", "hearts"),
        ("caro", "diamonds"),
        ("treflă", "clubs"),
        ("pică", "spades"),
        ("popă", "king"),
    ):
        row = next((r for r in rows if f"**{word}**" in r), None)
        assert row is not None, f"the glossary has no row for {word}"
        assert english in row, f"the glossary pairs {word} without {english!r}"
        assert RULE_ID.search(row), f"the glossary names no rule for {word}"


# -- the published docs stand alone ----------------------------------------------------

# A reader of the docs site or of PyPI has the pages and nothing else, so no
# page may send them to a file outside docs/. The two pages that embed a
# repository file do it with {include}: the text is copied into the page.
PAGES = (
    sorted(DOCS.glob("*.md"))
    + sorted((DOCS / "api").glob("*.md"))
    + sorted((DOCS / "ro").glob("*.md"))
)
EMBEDDED = {("quickstart.md", "../README.md"), ("changelog.md", "../CHANGELOG.md")}
# Where a path can hide in MyST: a link, a reference definition, an
# autolink, an image, or the argument of a directive such as {include}.
LINK_TARGET = re.compile(r"\]\(\s*<?([^)\s>]+)>?[^)]*\)")
REFERENCE_DEFINITION = re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
AUTOLINK = re.compile(r"<([^>\s]+\.[A-Za-z]+(?:#\S*)?)>")
DIRECTIVE = re.compile(r"^\s*(?:```+|:::+)\s*\{([\w:-]+)\}\s*(\S+)", re.M)


def is_external(target: str) -> bool:
    return "://" in target or target.startswith(("mailto:", "#"))


def relative_targets(text: str) -> list[tuple[str, str]]:
    """The (kind, path) of every relative reference a page makes, with its anchor dropped."""
    found = [("directive " + m[1], m[2]) for m in DIRECTIVE.finditer(text)]
    prose = "\n".join(prose_lines(text))
    for kind, pattern in (("link", LINK_TARGET), ("reference", REFERENCE_DEFINITION)):
        found += [(kind, target) for target in pattern.findall(prose)]
    found += [("autolink", target) for target in AUTOLINK.findall(prose)]
    return [
        (kind, target.partition("#")[0])
        for kind, target in found
        if not is_external(target) and target.partition("#")[0]
    ]


def outside_references(
    page: Path, text: str, *, embedded: set[tuple[str, str]] = EMBEDDED
) -> list[str]:
    """What a docs page points at outside docs/, other than the allowed {include}s.

    A file embedded by {include} is read as part of its page: its own links
    count too, relative to where it lives (``:relative-docs: docs/`` makes the
    README's ``docs/...`` links work on the site, so those stay inside).
    """
    problems = []
    for kind, target in relative_targets(text):
        path = (page.parent / target).resolve()
        if path.is_relative_to(DOCS):
            continue
        name = next(
            (page.relative_to(top).as_posix() for top in (DOCS, ROOT) if page.is_relative_to(top)),
            page.name,
        )
        if kind == "directive include" and (name, target) in embedded:
            problems += [
                f"{name} (in {target}): {problem}"
                for problem in outside_references(path, read(path), embedded=set())
                if path.exists()
            ]
            continue
        problems.append(f"{name}: {kind} to {target}")
    return problems


def test_no_page_points_outside_the_docs() -> None:
    assert len(PAGES) > 10, f"only {len(PAGES)} pages found under {DOCS}"
    problems = [problem for page in PAGES for problem in outside_references(page, read(page))]
    assert not problems, f"pages that send the reader outside docs/: {problems}"


def test_the_outside_check_catches_each_way_out(tmp_path: Path) -> None:
    page = DOCS / "rules.md"
    ways_out = [
        "see [the code](../src/whist_ro/cards.py#L3)",
        "[code]: ../src/whist_ro/cards.py",
        "```{literalinclude} ../examples/tournament.py\n```",
        "```{include} ../README.md\n```",  # allowed on quickstart.md only
        "[the README](../README.md)",
    ]
    for text in ways_out:
        assert outside_references(page, text), f"not caught: {text!r}"
    inside = "[API](api/index.md#api-reference) [web](https://example.org/x.py) [here](#r-play-3)"
    assert outside_references(page, inside) == []
    assert outside_references(DOCS / "api" / "interop.md", "[up](../interop.md)") == []
    # The embedded README's links are checked where the README lives.
    readme = outside_references(ROOT / "README.md", read(ROOT / "README.md"), embedded=set())
    included = outside_references(DOCS / "quickstart.md", "```{include} ../README.md\n```")
    assert included == [f"quickstart.md (in ../README.md): {problem}" for problem in readme]
    # A link inside an embedded file leaves the docs just the same.
    embedded = tmp_path / "README.md"
    embedded.write_text("# T\n\nSee [the code](src/whist_ro/cards.py).\n", encoding="utf-8")
    target = os.path.relpath(embedded, DOCS)
    page_text = f"```{{include}} {target}\n```"
    assert outside_references(DOCS / "x.md", page_text, embedded={("x.md", target)}) == [
        f"x.md (in {target}): README.md: link to src/whist_ro/cards.py"
    ]


# -- every code example runs ----------------------------------------------------------

FENCE = re.compile(
    r"^(?P<fence>```+)\s*(?P<lang>[^\s`]*)[^\n]*\n(?P<body>.*?)^(?P=fence)\s*$", re.M | re.S
)


def fenced_blocks(text: str) -> list[tuple[str, str, int]]:
    """(language, body, first line number) of every fenced block of a page."""
    return [
        (m["lang"], m["body"], text.count("\n", 0, m.start()) + 1) for m in FENCE.finditer(text)
    ]


def python_blocks_without_prompts(name: str, text: str) -> list[str]:
    return [
        f"{name}:{line}"
        for lang, body, line in fenced_blocks(text)
        if lang in {"python", "py", "python3", "pycon"} and ">>>" not in body
    ]


def test_every_python_block_is_a_doctest() -> None:
    # pytest runs the pages with --doctest-glob, which sees only `>>>` lines:
    # a python block without them would be published and never run.
    pages = [*PAGES, ROOT / "README.md"]
    blocks = [b for page in pages for b in fenced_blocks(read(page)) if b[0] == "python"]
    assert len(blocks) > 40, (
        f"only {len(blocks)} python blocks found: has the fence syntax changed?"
    )
    untested = [
        problem
        for page in pages
        for problem in python_blocks_without_prompts(page.relative_to(ROOT).as_posix(), read(page))
    ]
    assert not untested, f"python blocks that are not doctests (no >>>): {untested}"


def test_the_doctest_check_catches_a_plain_block() -> None:
    text = read(DOCS / "tournaments.md")
    assert python_blocks_without_prompts("t.md", text) == []
    plain = text + "\n```python\nresult = tournament(lineup, seeds=range(500))\n```\n"
    assert python_blocks_without_prompts("t.md", plain) == [f"t.md:{text.count(chr(10)) + 2}"]
    # A text block may hold anything; a four-backtick fence may hold a three-backtick one.
    assert python_blocks_without_prompts("t.md", "```text\nx = 1\n```\n") == []
    nested = "````md\n```python\n>>> 1\n1\n```\n````\n```py\nx = 1\n```\n"
    assert python_blocks_without_prompts("t.md", nested) == ["t.md:7"]


def test_pytest_collects_the_docs_as_doctests() -> None:
    # The pages above are run by pytest's --doctest-glob; if pyproject.toml
    # stopped matching them, every example would silently go untested.
    config = read(ROOT / "pyproject.toml")
    assert "--doctest-glob=docs/*.md" in config
    assert '"docs"' in config


# -- every rule ID links to its function and has a test named after it ---------------

# An entry's function link is a MyST role for a Python object, resolved by
# Sphinx to its entry in the API reference: {py:func}`whist_ro.rules.play.playable_cards`.
ROLE = re.compile(r"\{py:(\w+)\}`(whist_ro(?:\.\w+)*)`")
ANY_PY_ROLE = re.compile(r"\{py:(\w+)\}`([^`]*)`")
# The "Enforced by:" line of an entry (a bullet or a paragraph), up to the next
# bullet or blank line.
ENFORCED_BY = re.compile(r"^(?:- )?Enforced by:(.*?)(?=\n- |\n\s*\n|\Z)", re.M | re.S)
# A test named after a rule, ``test_r_play_3_...`` or ``test_R_PLAY_3_...``.
RULE_TEST = re.compile(r"^\s*(?:async\s+)?def\s+test_(r_[a-z]+_\d+)(?!\d)\w*\s*\(", re.M | re.I)
AUTOMODULE = re.compile(r"^\.\. automodule::\s*(\S+)\s*\n((?:[ \t]+:[\w-]+:.*\n?)*)", re.M)
AUTODOC_OPTION = re.compile(r":([\w-]+):[ \t]*(.*)")


def resolve(dotted: str) -> object | None:
    """The object a dotted name names, or None if it names nothing."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            owner = found
            if not hasattr(owner, attribute):
                return None
            # Through the class __dict__ first, so a property is the property itself.
            found = vars(owner).get(attribute, getattr(owner, attribute))
        return found
    return None


def attribute_docs(source: str, namespace: str = "") -> set[str]:
    """Names assigned with a doc comment (``#:`` before, or a string after) in a module or class.

    These are the data and attributes autodoc documents without an
    ``undoc-members`` option; the others it leaves out.
    """
    tree: ast.AST = ast.parse(source)
    for part in namespace.split(".") if namespace else []:
        tree = next(
            n for n in ast.iter_child_nodes(tree) if isinstance(n, ast.ClassDef) and n.name == part
        )
    lines = source.splitlines()
    body = list(ast.iter_child_nodes(tree))
    documented = set()
    for node, after in zip(body, [*body[1:], None], strict=True):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        else:
            continue
        names = [t.id for t in targets if isinstance(t, ast.Name)]
        string_after = (
            isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        )
        comment_before = (
            lines[node.lineno - 2].strip().startswith("#:") if node.lineno > 1 else False
        )
        if string_after or comment_before:
            documented.update(names)
    return documented


def source_docs(owner: object, namespace: str = "") -> set[str]:
    try:
        return attribute_docs(inspect.getsource(owner), namespace)  # type: ignore[arg-type]
    except (OSError, TypeError, StopIteration):
        return set()


def class_entries(name: str, cls: type) -> set[str]:
    """The entries autodoc makes for a class documented as ``name`` with :members:.

    Sphinx also records the class under its canonical name (where it is
    defined), so both resolve; its members are under ``name`` only.
    """
    entries = {name, f"{cls.__module__}.{cls.__qualname__}"}
    fields = source_docs(inspect.getmodule(cls), cls.__qualname__)
    # Annotation-only fields (``seat: int`` and a docstring) are not in the
    # class __dict__, but autodoc documents them from the source, a base
    # class's as well as the class's own.
    for base in cls.__mro__[1:-1]:
        annotated = set(vars(base).get("__annotations__", {})) - set(vars(base))
        fields |= annotated & source_docs(inspect.getmodule(base), base.__qualname__)
    members = {**dict.fromkeys(fields), **vars(cls)}
    for member, value in members.items():
        if member.startswith("_"):
            continue
        routine = value.__func__ if isinstance(value, classmethod | staticmethod) else value
        if isinstance(routine, property) or inspect.isroutine(routine):
            documented = inspect.getdoc(getattr(cls, member)) is not None
        else:
            documented = member in fields
        if documented:
            entries.add(f"{name}.{member}")
    return entries


def api_entries(pages: Iterable[Path] | None = None) -> set[str]:
    """Every dotted name the API reference gives an entry that a role can link to.

    An unresolved {py:...} role does not warn in a ``-W`` build (the config
    silences ``ref.python``), so this is worked out here from the
    ``automodule`` directives of docs/api/*.md: their modules' ``__all__`` (or
    public names), less ``:exclude-members:``, and nothing from a
    ``:no-index:`` module, which makes no link targets.
    """
    entries: set[str] = set()
    for page in sorted(DOCS.glob("api/*.md")) if pages is None else pages:
        for match in AUTOMODULE.finditer(read(page)):
            name = match[1]
            options = dict(AUTODOC_OPTION.findall(match[2]))
            if "no-index" in options or "noindex" in options:
                continue
            module = importlib.import_module(name)
            entries.add(name)
            if "members" not in options:
                continue
            public = getattr(module, "__all__", None)
            if public is None:
                imported = "imported-members" in options
                public = [
                    n
                    for n, v in vars(module).items()
                    if not n.startswith("_")
                    and (imported or getattr(v, "__module__", None) == name)
                ]
            excluded = {n.strip() for n in options.get("exclude-members", "").split(",")}
            data_docs = source_docs(module)
            for member in set(public) - excluded:
                value = getattr(module, member)
                if isinstance(value, type):
                    entries |= class_entries(f"{name}.{member}", value)
                elif inspect.isroutine(value):
                    if inspect.getdoc(value) is not None:
                        entries.add(f"{name}.{member}")
                elif member in data_docs:
                    entries.add(f"{name}.{member}")
    return entries


@functools.cache
def documented_objects() -> frozenset[str]:
    return frozenset(api_entries())


def role_fits(role: str, found: object) -> bool:
    """Whether the role is the right one for the object (as Sphinx files it)."""
    if role in {"obj", "any"}:
        return True
    if role == "mod":
        return inspect.ismodule(found)
    if role == "class":
        return isinstance(found, type)
    if role == "exc":
        return isinstance(found, type) and issubclass(found, BaseException)
    routine = found.__func__ if isinstance(found, classmethod | staticmethod) else found
    if role in {"func", "meth"}:
        return inspect.isroutine(routine)
    if role in {"attr", "data", "const"}:
        return not (inspect.isroutine(routine) or inspect.isclass(found) or inspect.ismodule(found))
    return False


def link_problem(role: str, dotted: str, documented: Iterable[str] | None = None) -> str | None:
    """Why a role does not hold, or None: the name must exist, fit the role and be in the API."""
    found = resolve(dotted)
    if found is None:
        return f"{dotted} does not exist"
    if not role_fits(role, found):
        return f"{dotted} does not fit the role py:{role}"
    if dotted not in (documented_objects() if documented is None else documented):
        return f"{dotted} has no entry in the API reference (docs/api/*.md)"
    return None


def enforced_by(body: str) -> list[tuple[str, str]]:
    """The (role, dotted name) pairs of an entry's "Enforced by:" line."""
    line = ENFORCED_BY.search(body)
    return ROLE.findall(line.group(1)) if line else []


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
        found += [p for role, name in links if (p := link_problem(role, name))]
        if rule not in tested:
            found.append(f"no test named test_{rule.lower().replace('-', '_')}_...")
        if found:
            problems[rule] = found
    return problems


def rule_ids_to_check() -> set[str]:
    """The rule book's IDs (the package's) and those the docs add."""
    return {rule.id for rule in rule_book.RULES} | documented_ids()


def test_every_rule_links_its_function_and_has_a_test() -> None:
    rules = rule_ids_to_check()
    assert len(rules) >= 50, (
        f"only {len(rules)} rule IDs found: is the rule book or rules.md cut short?"
    )
    tested = ids_tested(read(path) for path in TESTS.glob("*.py"))
    problems = link_and_test_problems(rules, rule_sections(), tested)
    assert not problems, f"rules without a function link or a test: {problems}"


def test_every_python_role_in_the_docs_links_an_api_entry() -> None:
    # Roles outside the "Enforced by:" lines too: a role Sphinx cannot resolve
    # renders as plain code without a warning, so it would fail quietly.
    problems = []
    for page in PAGES:
        for role, target in ANY_PY_ROLE.findall("\n".join(prose_lines(read(page)))):
            if not ROLE.fullmatch(f"{{py:{role}}}`{target}`"):
                problems.append(f"{page.name}: {{py:{role}}}`{target}` is not a whist_ro name")
            elif problem := link_problem(role, target):
                problems.append(f"{page.name}: {problem}")
    assert not problems, problems


def test_api_entries_match_what_sphinx_indexes() -> None:
    # Spot checks of the model above against what the build is known to index.
    entries = documented_objects()
    expected = {
        "whist_ro.Match.apply",  # a method of a re-exported class
        "whist_ro.Match.winners",  # a property
        "whist_ro.engine.match.Match",  # the canonical name of a re-exported class
        "whist_ro.rules.play.FOLLOW_SUIT",  # a constant with a docstring
        "whist_ro.rules.play.playable_cards",
        "whist_ro.Action.seat",  # an attrs field with a doc comment
    }
    assert expected <= entries, sorted(expected - entries)
    not_indexed = {
        "whist_ro.engine.match.Match.apply",  # members are filed under the documented name
        "whist_ro.engine.match._finish_classic",  # private
        "whist_ro.records.Takeover",  # :exclude-members:
    }
    assert not (not_indexed & entries), sorted(not_indexed & entries)


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


BID_2_LINK = "{py:func}`whist_ro.rules.bidding.forbidden_bid`"


def test_checker_passes_the_real_page() -> None:
    assert problems_of(rule_sections()) == {}


def test_checker_flags_a_removed_link() -> None:
    # R-BID-2 links one function; as plain code it links none.
    unlinked = doctored("R-BID-2", BID_2_LINK, "`forbidden_bid`")
    assert problems_of(unlinked) == {
        "R-BID-2": ["no 'Enforced by:' line linking a whist_ro function"]
    }
    # A link elsewhere in the entry does not stand in for the "Enforced by:" line.
    moved = doctored("R-BID-2", "- Enforced by: " + BID_2_LINK, "- Enforced by: `forbidden_bid`")
    assert "R-BID-2" in problems_of({**moved, "R-BID-2": moved["R-BID-2"] + "\n" + BID_2_LINK})
    # Nor does the old form, a Markdown link to a source file outside the docs.
    to_source = "[`whist_ro.rules.bidding.forbidden_bid`](../src/whist_ro/rules/bidding.py)"
    assert "R-BID-2" in problems_of(doctored("R-BID-2", BID_2_LINK, to_source))


def test_checker_flags_a_name_that_does_not_resolve() -> None:
    wrong = doctored("R-BID-2", "bidding.forbidden_bid`", "bidding.forbiden_bid`")
    assert problems_of(wrong) == {"R-BID-2": ["whist_ro.rules.bidding.forbiden_bid does not exist"]}
    module = doctored("R-BID-2", "whist_ro.rules.bidding.", "whist_ro.rules.biding.")
    assert "does not exist" in problems_of(module)["R-BID-2"][0]


def test_checker_flags_a_name_without_an_api_entry() -> None:
    # Real objects that Sphinx has no entry for: the role would render unlinked.
    for name in (
        "whist_ro.engine.match._finish_classic",  # private
        "whist_ro.engine.deal.Deal.to_dict",  # the entry is whist_ro.Deal.to_dict
        "whist_ro.engine.round.Round.apply",  # the entry is whist_ro.Round.apply
    ):
        role = "{py:meth}" if name.endswith(("apply", "to_dict")) else "{py:func}"
        wrong = doctored("R-BID-2", BID_2_LINK, f"{role}`{name}`")
        assert problems_of(wrong) == {
            "R-BID-2": [f"{name} has no entry in the API reference (docs/api/*.md)"]
        }, name


def test_checker_flags_a_role_that_does_not_fit() -> None:
    wrong = doctored("R-BID-2", BID_2_LINK, BID_2_LINK.replace("py:func", "py:class"))
    assert problems_of(wrong) == {
        "R-BID-2": ["whist_ro.rules.bidding.forbidden_bid does not fit the role py:class"]
    }
    assert link_problem("attr", "whist_ro.Match.winners") is None
    assert link_problem("meth", "whist_ro.Match.winners") is not None
    assert link_problem("data", "whist_ro.rules.play.FOLLOW_SUIT") is None
    assert link_problem("exc", "whist_ro.Match") is not None


def test_api_model_honours_no_index_and_exclusions(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```{eval-rst}\n.. automodule:: whist_ro.rules.bidding\n   :members:\n"
        "   :exclude-members: next_seat\n\n.. automodule:: whist_ro.rules.play\n"
        "   :members:\n   :no-index:\n```\n",
        encoding="utf-8",
    )
    entries = api_entries([page])
    assert "whist_ro.rules.bidding.forbidden_bid" in entries
    assert "whist_ro.rules.bidding.next_seat" not in entries
    assert not any(name.startswith("whist_ro.rules.play") for name in entries)


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
