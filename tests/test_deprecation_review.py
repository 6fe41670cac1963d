"""The deprecations, held to the letter of docs/stability.md (issue 26's review).

One deprecated name used on one line warns once, at that line, whatever way
it is imported; the deprecated functions warn when imported, not only when
called; a module that serves moved names still lets a type checker refuse a
misspelt name.
"""

from __future__ import annotations

import warnings

import pytest

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
