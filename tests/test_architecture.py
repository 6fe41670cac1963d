"""Imports run one way: a module imports only from its own layer or the layers below.

``TYPE_CHECKING`` imports are for the type checker only and are left out.
An import inside a function that goes up a layer is allowed only where it is
listed in :data:`UPWARD_ON_PURPOSE` (``Round.view`` imports the views, which
sit on top of the engine), or from a ``_repr_svg_``/``_repr_html_`` hook to
``whist_ro.svg`` (``Card._repr_svg_``, ``Match._repr_html_`` ... import the
pictures, which sit on top of the views).  At run time the package loads its
upper layers only when a name of theirs is first used: a subprocess checks
what ``import whist_ro.rules`` and ``import whist_ro`` load.
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
# ``locale`` at the base (errors render themselves through it; it imports
# nothing of ours), ``svg`` above the views, ``remote`` above the table and
# the tournaments, ``web`` above remote and the records.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("locale",),
    ("errors", "_check", "_immutable", "_text", "_deprecation"),
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


def test_locale_imports_nothing_of_ours() -> None:
    # The base of the base: errors render their messages through it.  Its own
    # modules may import each other (python -m whist_ro.locale runs the tools).
    for path in MODULES:
        if part_of(module_name(path)) == "locale":
            top = [t for _, t in top_level_imports(path) if part_of(t) != "locale"]
            inner = [t for _, _, t in function_imports(path) if part_of(t) != "locale"]
            assert not top, module_name(path)
            assert not inner, module_name(path)


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
