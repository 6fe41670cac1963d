"""A module of an extra, imported without the extra, says what to install; the docs build anyway.

Each case runs in a fresh interpreter in which a finder at the head of
``sys.meta_path`` refuses the extra's packages, as if they were not
installed (the packages are installed here, for the other tests).
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

BLOCKER = textwrap.dedent(
    """
    import importlib.abc, sys

    class NotInstalled(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in BLOCKED:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    BLOCKED = set(sys.argv[1].split(","))
    sys.meta_path.insert(0, NotInstalled())
    """
)


def without(packages: str, code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter in which ``packages`` (comma-separated) are missing."""
    return subprocess.run(
        [sys.executable, "-c", BLOCKER + textwrap.dedent(code), packages],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("missing", "module", "extra"),
    [
        ("numpy", "whist_ro.interop.vector", "vector"),
        ("numpy", "whist_ro.interop.openspiel", "openspiel"),
        ("pyspiel", "whist_ro.interop.openspiel", "openspiel"),
        ("numpy", "whist_ro.interop.pettingzoo", "pettingzoo"),
        ("gymnasium", "whist_ro.interop.pettingzoo", "pettingzoo"),
        ("pettingzoo", "whist_ro.interop.pettingzoo", "pettingzoo"),
        ("starlette", "whist_ro.web", "web"),
        ("starlette", "whist_ro.web.app", "web"),
    ],
)
def test_a_missing_extra_is_named_with_the_command_that_installs_it(
    missing: str, module: str, extra: str
) -> None:
    done = without(
        missing,
        f"""
        try:
            import {module}
        except ImportError as error:
            print(type(error).__name__, error.name, isinstance(error, ModuleNotFoundError))
            print(error)
            print(error.__cause__ is None and error.__suppress_context__)
        """,
    )
    assert done.returncode == 0, done.stderr
    kind, said, hidden = done.stdout.splitlines()
    assert kind == f"ModuleNotFoundError {missing} True"
    assert said.startswith(f"Missing optional dependency {missing!r}: ")
    assert f"pip install 'whist-ro[{extra}]'" in said
    assert "whist_ro." in said  # names the module that needs it
    assert hidden == "True"  # not the "No module named" from deep inside again


def test_the_core_imports_without_any_extra() -> None:
    done = without(
        "numpy,starlette,uvicorn,websockets,pyspiel,gymnasium,pettingzoo,dask",
        """
        import whist_ro, whist_ro.interop, whist_ro.remote, whist_ro.tournaments
        from whist_ro.cli import main
        print(whist_ro.interop.NUM_ACTIONS)
        """,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["62"]


def test_the_docs_import_every_api_module_without_the_extras() -> None:
    # What `sphinx -W` does with the docs extra alone: conf.py mocks the extras that are
    # missing, and autodoc imports each module the API pages document.
    pytest.importorskip("sphinx")
    pages = sorted((ROOT / "docs" / "api").glob("*.md"))
    modules = sorted(
        {m for page in pages for m in re.findall(r"automodule:: (\S+)", page.read_text("utf-8"))}
    )
    assert "whist_ro.interop.vector" in modules
    assert "whist_ro.web" in modules
    done = without(
        "numpy,starlette,uvicorn,websockets,pyspiel,gymnasium,pettingzoo",
        f"""
        import importlib, runpy
        from sphinx.ext.autodoc.mock import mock

        conf = runpy.run_path("docs/conf.py")
        print(",".join(conf["autodoc_mock_imports"]))
        with mock(conf["autodoc_mock_imports"]):
            for name in {modules!r}:
                importlib.import_module(name)
        print("imported", len({modules!r}))
        """,
    )
    assert done.returncode == 0, done.stderr
    mocked, imported = done.stdout.splitlines()
    assert set(mocked.split(",")) >= {"numpy", "starlette"}
    assert imported == f"imported {len(modules)}"


EXTRA_OF = {
    "numpy": "vector",
    "dask": "dask",
    "starlette": "web",
    "uvicorn": "web",
    "pyspiel": "openspiel",
    "pettingzoo": "pettingzoo",
    "gymnasium": "pettingzoo",
    "whist_ro.interop.vector": "vector",
    "whist_ro.interop.openspiel": "openspiel",
    "whist_ro.interop.pettingzoo": "pettingzoo",
    "whist_ro.web": "web",
}


def extras_used(source: str) -> set[str]:
    """The extras a script imports (``import_module("dask...")`` counts too)."""
    names = set(re.findall(r"import_module\(\"([\w.]+)\"\)", source))
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    found = set()
    for name in names:
        for package, extra in EXTRA_OF.items():
            if name == package or name.startswith(package + "."):
                found.add(extra)
    return found


@pytest.mark.parametrize("script", sorted((ROOT / "examples").glob("*.py")), ids=lambda p: p.name)
def test_an_example_that_needs_an_extra_says_so_at_the_top(script: Path) -> None:
    source = script.read_text(encoding="utf-8")
    docstring = ast.get_docstring(ast.parse(source)) or ""
    top = "\n".join(docstring.split("\n\n")[:2])  # the title and the paragraph under it
    for extra in extras_used(source):
        assert f"pip install 'whist-ro[{extra}]'" in top, (script.name, extra)


def test_the_vector_example_without_numpy_says_what_to_install() -> None:
    done = without("numpy", "import runpy; runpy.run_path('examples/vector_training.py')")
    assert done.returncode == 1
    assert "needs NumPy: pip install 'whist-ro[vector]'" in done.stderr
    assert "Traceback" not in done.stderr
