"""Sphinx configuration: MyST Markdown pages, the furo theme, autodoc for the API pages.

Build with ``python -m sphinx -W --keep-going -b html docs docs/_build/html``
after ``pip install -e '.[docs]'``.  The build reads only this checkout and
the installed package: no extension fetches anything from the network
(there is no intersphinx), so it works offline.

pytest does not collect this file (``--ignore=docs/conf.py`` in pyproject):
the pages beside it are doctests, the configuration is not.
"""

from __future__ import annotations

import importlib.util
import re
from typing import Any

from sphinx.application import Sphinx

import whist_ro

project = "whist-ro"
author = "whist-ro developers"
copyright = "2026, whist-ro developers"
release = whist_ro.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

# Headings get GitHub-style anchors, so the pages' links such as
# ``standings.md#the-zero-win-r-rank-4`` work on GitHub and in the built site alike.
myst_heading_anchors = 4

# Type hints go in the description, where long unions stay readable;
# members keep the order of the source, which follows the rule book.
autodoc_typehints = "description"
# The same class is documented where it is defined and where the top-level
# package re-exports it (whist_ro.Variant is whist_ro.variants.Variant); a
# type hint naming it then has two equal targets, and either is right.
suppress_warnings = ["ref.python"]
autodoc_member_order = "bysource"
# The API pages document modules of the extras (whist_ro.interop.vector needs NumPy,
# whist_ro.web Starlette). The docs extra alone builds the site: a package of an extra
# that is not installed is mocked while autodoc imports the modules, and only then, so
# with the extras installed the pages are built from the real packages.
EXTRA_PACKAGES = (
    "numpy",
    "starlette",
    "uvicorn",
    "websockets",
    "pyspiel",
    "gymnasium",
    "pettingzoo",
)


def _installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # a finder that refuses the name: not importable here
        return False


autodoc_mock_imports = [name for name in EXTRA_PACKAGES if not _installed(name)]
autodoc_default_options = {"show-inheritance": True}

html_theme = "furo"
html_title = f"whist-ro {release}"


# Docstrings cite rule families as R-HON-*, plain text that reads well in help().
# In reST a lone * opens emphasis, so show each family as a literal instead;
# doctest examples are literal already, and text already in ``...`` is left alone.
_RULE_FAMILY = re.compile(r"(?<![`\w-])R-[A-Z]+-\*")


def _quote_rule_families(
    _app: Sphinx, _what: str, _name: str, _obj: object, _options: Any, lines: list[str]
) -> None:
    def quote(match: re.Match[str]) -> str:
        inside_literal = match.string[: match.start()].count("``") % 2 == 1
        return match[0] if inside_literal else f"``{match[0]}``"

    in_example = False
    for index, line in enumerate(lines):
        text = line.lstrip()
        if text.startswith(">>>"):
            in_example = True
        elif not text:
            in_example = False
        if not in_example:
            lines[index] = _RULE_FAMILY.sub(quote, line)


def _public_bases(app: Sphinx, name: str, obj: object, options: object, bases: list[type]) -> None:
    """Leave private base classes out of "Bases:" (Round's fields live in a private base)."""
    bases[:] = [base for base in bases if not base.__name__.startswith("_")]


def setup(app: Sphinx) -> dict[str, bool]:
    """Sphinx hook: register the docstring and bases filters above."""
    app.connect("autodoc-process-docstring", _quote_rule_families)
    app.connect("autodoc-process-bases", _public_bases)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
