"""Imports run one way: a module imports only from its own layer or the layers below.

``TYPE_CHECKING`` imports are for the type checker only and are left out.
An import inside a function that goes up a layer is allowed only where it is
listed in :data:`UPWARD_ON_PURPOSE` (``Round.view`` imports the views, which
sit on top of the engine), or from a ``_repr_svg_``/``_repr_html_`` hook to
``whist_ro.svg`` (``Card._repr_svg_``, ``Match._repr_html_`` ... import the
pictures, which sit on top of the views).  At run time the package loads its
upper layers only when a name of theirs is first used: a subprocess checks
what ``import whist_ro.rules`` and ``import whist_ro`` load.

The base (:data:`BASE`: ``_messages``, the errors, ``locale`` and the small
helpers) is stricter: it imports nothing above it at all, not inside a
function and not under ``TYPE_CHECKING``, and ``locale`` raises the same
error whatever was imported first.  Across the whole package no two parts
import each other round a circle, except through the sugar of
:data:`SUGAR` (``Round.view`` ...) and the picture hooks (issue 26 item 4).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "whist_ro"

# Lowest first; see the package docstring.  Parts still to come take their
# places now (DESIGN.md section 3), so they land in the right layer:
# ``svg`` above the views, ``remote`` above the table and the tournaments,
# ``web`` above remote and the records.  The base: ``_messages`` (the
# languages, catalogues and template filling the errors render themselves
# with; it imports nothing of ours), then the errors and the helpers, among
# them ``locale``, which refuses a language with an error of ``errors``.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("_messages",),
    ("errors", "_check", "_immutable", "_text", "_deprecation", "locale"),
    ("cards",),
    ("actions",),
    ("ranking",),
    ("variants",),
    ("schedule",),
    ("rules",),
    ("results",),
    ("engine",),
    ("sim", "playout"),
    ("views",),
    ("solve",),  # exact analysis: above the engine and the views; bots and records use it
    ("svg",),
    ("agents", "deadline"),
    ("bots",),
    ("table",),
    ("tournaments",),
    ("remote",),
    ("records",),
    ("web",),  # the web table: above the views, the bots and the records
    ("cli", "interop", "__init__", "__main__"),
)
RANK = {part: rank for rank, parts in enumerate(LAYERS) for part in parts}


def part_of(module: str) -> str:
    """``whist_ro.engine.round`` -> ``engine``; the package itself is ``__init__``."""
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else "__init__"


def is_part(name: str) -> bool:
    """Whether ``whist_ro.<name>`` is a module or subpackage (not a name the package defines)."""
    return (PACKAGE / name).is_dir() or (PACKAGE / f"{name}.py").is_file()


# Functions that import an upper layer on purpose, by qualified name: the
# states' own views and records are built by the layers above them.
UPWARD_ON_PURPOSE: frozenset[str] = frozenset(
    {
        "whist_ro.engine.round:Round.view",
        "whist_ro.engine.match:Match.view",
        "whist_ro.engine.match:Match.to_record",
        "whist_ro.engine.match:Match.from_record",
    }
)
# Any value's picture hooks may import the pictures.
PICTURE_HOOKS: frozenset[str] = frozenset({"_repr_svg_", "_repr_html_"})


def _whist_ro_targets(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The whist_ro modules one import statement names."""
    if isinstance(node, ast.ImportFrom):
        if not (node.module and node.module.startswith("whist_ro")):
            return []
        if node.module == "whist_ro":  # from whist_ro import variants, records ...
            return [f"whist_ro.{a.name}" if is_part(a.name) else "whist_ro" for a in node.names]
        return [node.module]
    return [alias.name for alias in node.names if alias.name.startswith("whist_ro")]


def function_imports(path: Path) -> list[tuple[str, int, str]]:
    """(qualified function name, line, module) of each whist_ro import inside a function."""
    found: list[tuple[str, int, str]] = []

    def walk(node: ast.AST, scope: list[str], in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                walk(child, [*scope, child.name], True)
            elif isinstance(child, ast.ClassDef):
                walk(child, [*scope, child.name], in_function)
            elif isinstance(child, (ast.Import, ast.ImportFrom)) and in_function:
                found.extend(
                    (".".join(scope), child.lineno, target) for target in _whist_ro_targets(child)
                )
            else:
                walk(child, scope, in_function)

    walk(ast.parse(path.read_text(encoding="utf-8")), [], False)
    return found


def top_level_imports(path: Path) -> list[tuple[int, str]]:
    """The whist_ro modules a file imports at module level, outside TYPE_CHECKING."""
    found: list[tuple[int, str]] = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("whist_ro"):
            if node.module == "whist_ro":  # from whist_ro import variants, records ...
                found.extend(
                    (node.lineno, f"whist_ro.{alias.name}" if is_part(alias.name) else "whist_ro")
                    for alias in node.names
                )
            else:
                found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend(
                (node.lineno, alias.name)
                for alias in node.names
                if alias.name.startswith("whist_ro")
            )
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts)


def test_every_part_of_the_package_has_a_layer() -> None:
    parts = {part_of(module_name(path)) for path in MODULES}
    assert parts <= set(RANK), sorted(parts - set(RANK))


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_imports_run_one_way(path: Path) -> None:
    here = part_of(module_name(path))
    upward = [
        f"line {line}: {target}"
        for line, target in top_level_imports(path)
        if RANK[part_of(target)] > RANK[here]
    ]
    assert not upward, f"{module_name(path)} ({here}) imports upward: {upward}"


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_functions_import_upward_only_where_listed(path: Path) -> None:
    here = part_of(module_name(path))
    unlisted = [
        f"{function} (line {line}): {target}"
        for function, line, target in function_imports(path)
        if RANK[part_of(target)] > RANK[here]
        and f"{module_name(path)}:{function}" not in UPWARD_ON_PURPOSE
        and not (function.rsplit(".", 1)[-1] in PICTURE_HOOKS and part_of(target) == "svg")
    ]
    assert not unlisted, f"{module_name(path)} imports upward inside functions: {unlisted}"


def test_the_listed_upward_imports_exist() -> None:
    # The list names real functions that really import upward, so it cannot rot.
    seen = {
        f"{module_name(path)}:{function}"
        for path in MODULES
        for function, _, target in function_imports(path)
        if RANK[part_of(target)] > RANK[part_of(module_name(path))]
    }
    assert seen >= UPWARD_ON_PURPOSE, sorted(UPWARD_ON_PURPOSE - seen)


def test_the_function_check_catches_an_unlisted_upward_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "class Deal:\n"
        "    def pretty(self):\n"
        "        from whist_ro.views.render import render\n"
        "        return render\n",
        encoding="utf-8",
    )
    assert function_imports(bad) == [("Deal.pretty", 3, "whist_ro.views.render")]


BASE: frozenset[str] = frozenset(LAYERS[0] + LAYERS[1])
"""The base of the library: it imports nothing above it, not lazily, not even for typing."""


def every_import(path: Path) -> list[tuple[int, str]]:
    """Every whist_ro module a file imports anywhere: module level, functions, TYPE_CHECKING."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.extend((node.lineno, target) for target in _whist_ro_targets(node))
    return found


def base_imports_upward(path: Path) -> list[str]:
    """The imports of a base module that reach above the base, wherever they are written."""
    return [
        f"line {line}: {target}"
        for line, target in every_import(path)
        if part_of(target) not in BASE
    ]


@pytest.mark.parametrize(
    "path", [p for p in MODULES if part_of(module_name(p)) in BASE], ids=module_name
)
def test_the_base_imports_nothing_above_it(path: Path) -> None:
    # Not at module level, not inside a function, not under TYPE_CHECKING:
    # the errors and the catalogues must load, and mean the same, whatever
    # was imported first.
    assert not base_imports_upward(path), f"{module_name(path)}: {base_imports_upward(path)}"


def test_messages_imports_nothing_of_ours() -> None:
    # The base of the base: the errors render their messages through it.
    assert not every_import(PACKAGE / "_messages.py")


def test_the_base_check_catches_an_import_inside_a_function(tmp_path: Path) -> None:
    # What test_the_base_imports_nothing_above_it would meet if errors.py
    # imported the engine lazily, or only for the type checker.
    source = (PACKAGE / "errors.py").read_text(encoding="utf-8")
    lazy = tmp_path / "errors.py"
    lazy.write_text(
        source
        + "\n\ndef _late() -> object:\n"
        + "    from whist_ro.engine import seats\n\n    return seats\n",
        encoding="utf-8",
    )
    typed = tmp_path / "typed.py"
    typed.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from whist_ro.engine.seats import Takeover\n",
        encoding="utf-8",
    )
    assert not base_imports_upward(PACKAGE / "errors.py")
    assert base_imports_upward(lazy) == [f"line {source.count(chr(10)) + 4}: whist_ro.engine"]
    assert base_imports_upward(typed) == ["line 3: whist_ro.engine.seats"]


# The one circle the house allows: the documented sugar, functions of a lower
# part that import an upper one which imports the lower one back.
SUGAR: frozenset[str] = frozenset(
    {
        "whist_ro.engine.round:Round.view",
        "whist_ro.engine.match:Match.view",
        "whist_ro.engine.match:Match.to_record",
        "whist_ro.engine.match:Match.from_record",
    }
)


def _is_sugar(module: str, function: str, target: str) -> bool:
    if f"{module}:{function}" in SUGAR:
        return True
    return function.rsplit(".", 1)[-1] in PICTURE_HOOKS and part_of(target) == "svg"


def part_graph(modules: list[tuple[str, Path]]) -> dict[str, set[str]]:
    """Which part imports which (module level and inside functions; the sugar left out).

    ``TYPE_CHECKING`` imports are left out too (they never run); the base
    has none upward (test_the_base_imports_nothing_above_it).
    """
    graph: dict[str, set[str]] = {}
    for name, path in modules:
        here = part_of(name)
        targets = [t for _, t in top_level_imports(path)]
        targets += [
            t for function, _, t in function_imports(path) if not _is_sugar(name, function, t)
        ]
        graph.setdefault(here, set()).update(part_of(t) for t in targets if part_of(t) != here)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The parts that import one another round a circle, each circle's parts sorted.

    The strongly connected components of more than one part (Tarjan's algorithm).
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(part: str) -> None:
        index[part] = low[part] = len(index)
        stack.append(part)
        for target in graph.get(part, ()):
            if target not in index:
                visit(target)
                low[part] = min(low[part], low[target])
            elif target in stack:
                low[part] = min(low[part], index[target])
        if low[part] == index[part]:
            component = [stack.pop()]
            while component[-1] != part:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for part in sorted(graph):
        if part not in index:
            visit(part)
    return sorted(found)


def test_no_import_cycle_between_parts_but_the_sugar() -> None:
    assert circles(part_graph([(module_name(path), path) for path in MODULES])) == []


def test_the_cycle_check_catches_a_lazy_import_back(tmp_path: Path) -> None:
    # errors.py importing the engine inside a function would close a circle
    # (the engine imports the errors), whatever layer check it passes.
    lazy = tmp_path / "errors.py"
    lazy.write_text(
        (PACKAGE / "errors.py").read_text(encoding="utf-8")
        + "\n\ndef _late() -> object:\n"
        + "    from whist_ro.engine import seats\n\n    return seats\n",
        encoding="utf-8",
    )
    modules = [
        (module_name(path), lazy if module_name(path) == "whist_ro.errors" else path)
        for path in MODULES
    ]
    found = circles(part_graph(modules))
    assert any({"engine", "errors"} <= set(circle) for circle in found), found


_LOCALE_REFUSES = """
import json{first}
import whist_ro.locale
try:
    whist_ro.locale.check("klingon")
except Exception as error:
    print(json.dumps([type(error).__module__, type(error).__name__, str(error)]))
"""


# The package's __init__ left out: whist_ro.locale with nothing else of ours
# loaded first (on main, the errors were absent, and a ValueError came out).
_SHELL = """
import importlib.util, sys, types
shell = types.ModuleType("whist_ro")
shell.__path__ = list(importlib.util.find_spec("whist_ro").submodule_search_locations)
sys.modules["whist_ro"] = shell"""


@pytest.mark.parametrize(
    "first",
    ["", _SHELL, "\nimport whist_ro", "\nimport whist_ro.errors"],
    ids=["locale-alone", "no-package-init", "package-first", "errors-first"],
)
def test_locale_refuses_the_same_whatever_was_imported_first(first: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _LOCALE_REFUSES.format(first=first)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout) == [
        "whist_ro.errors",
        "ConfigurationError",
        "lang='klingon' names no language whist-ro speaks: en, ro",
    ]


_LOADED = """
import json, sys
import {target}
print(json.dumps(sorted(m for m in sys.modules if m == "whist_ro" or m.startswith("whist_ro."))))
"""


def _loaded_by(target: str) -> list[str]:
    """The whist_ro modules a fresh interpreter has loaded after ``import target``."""
    done = subprocess.run(
        [sys.executable, "-c", _LOADED.format(target=target)],
        capture_output=True,
        text=True,
        check=True,
    )
    loaded: list[str] = json.loads(done.stdout)
    return loaded


@pytest.mark.parametrize("target", ["whist_ro.rules", "whist_ro.rules.play", "whist_ro"])
def test_importing_the_rules_or_the_package_loads_no_layer_above_the_rules(target: str) -> None:
    loaded = _loaded_by(target)
    assert "whist_ro.rules.play" in loaded
    above = [m for m in loaded if RANK[part_of(m)] > RANK["rules"] and m != "whist_ro"]
    assert not above, f"import {target} loads {above}"


def test_every_public_name_still_resolves_and_loads_its_layer_when_used() -> None:
    script = """
import json, sys
import whist_ro as wr
before = {m for m in sys.modules if m.startswith("whist_ro.")}
missing = [n for n in wr.__all__ if not hasattr(wr, n)]
engine_loaded = "whist_ro.engine.round" in sys.modules
parts = [p for p in ("records", "sim", "bots", "views") if not hasattr(wr, p)]
print(json.dumps({
    "engine_before": "whist_ro.engine.round" in before,
    "missing": missing,
    "parts_missing": parts,
    "listed": sorted(set(wr.__all__) - set(dir(wr))),
    "round_module": wr.Round.__module__,
    "engine_after": engine_loaded,
}))
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    found = json.loads(done.stdout)
    assert found == {
        "engine_before": False,
        "missing": [],
        "parts_missing": [],
        "listed": [],
        "round_module": "whist_ro.engine.round",
        "engine_after": True,
    }


def test_an_unknown_name_is_still_an_attribute_error() -> None:
    import whist_ro  # noqa: PLC0415

    with pytest.raises(AttributeError, match="has no attribute 'Nonesuch'"):
        _ = whist_ro.Nonesuch  # type: ignore[attr-defined]


def test_the_check_catches_an_upward_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from whist_ro.views.view import PlayerView\n", encoding="utf-8")
    targets = [target for _, target in top_level_imports(bad)]
    assert targets == ["whist_ro.views.view"]
    assert RANK[part_of(targets[0])] > RANK["engine"]


def test_the_table_and_the_engine_side_import_one_way_only() -> None:
    # Table(isolate=True) gets its spawner from the registry below both
    # (whist_ro.agents.engine_class), and the deadline helpers live below both
    # (whist_ro.deadline): remote imports the table, never the other way.
    table = PACKAGE / "table.py"
    targets = [t for _, t in top_level_imports(table)]
    targets += [t for _, _, t in function_imports(table)]
    assert not [t for t in targets if part_of(t) == "remote"], targets
