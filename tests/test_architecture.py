"""Imports run one way: a module imports only from its own layer or the layers below.

A function may import upward on purpose (``Match.view`` imports the views,
which sit on top of the engine; ``Card._repr_svg_``, ``CardSet._repr_svg_``,
``Trick._repr_svg_``, ``PlayerView._repr_svg_`` and ``Match._repr_html_``
import the pictures, ``whist_ro.svg``, which sit on top of the views), and
``TYPE_CHECKING`` imports are for the type checker only; both are left out.
Everything else is checked here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "whist_ro"

# Lowest first; see the package docstring.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "_check", "_immutable", "_text"),
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
    ("agents",),
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


def test_the_check_catches_an_upward_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from whist_ro.views.view import PlayerView\n", encoding="utf-8")
    targets = [target for _, target in top_level_imports(bad)]
    assert targets == ["whist_ro.views.view"]
    assert RANK[part_of(targets[0])] > RANK["engine"]
