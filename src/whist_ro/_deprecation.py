"""Deprecation, the one way: a warning that names the replacement and the release it goes in.

docs/stability.md promises that a public name leaving the API keeps working
for one minor release while it warns.  Every deprecation in the package goes
through here, so every warning reads the same and says where to go instead:

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     warn_deprecated("whist_ro.old_name", use="whist_ro.new_name")
>>> print(caught[0].message)
whist_ro.old_name is deprecated since whist-ro 0.2.0 and goes in 0.3.0; use whist_ro.new_name

A module whose names moved answers them through :func:`moved_names`, a
module ``__getattr__`` that warns when the old name is imported or read
from the module.  It never stores the name in the module's namespace, so a
tool that walks ``module.__dict__`` (doctest collection, ``help``) meets no
warning.

This is a base module: it imports nothing of the package.
"""

from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import Callable, Mapping

__all__ = ["REMOVED_IN", "SINCE", "import_probe", "moved_names", "warn_deprecated"]

SINCE = "0.2.0"
"""The release that deprecated the names deprecated today."""

REMOVED_IN = "0.3.0"
"""The release in which they go (one minor release later, docs/stability.md)."""

_SERVED: dict[str, frozenset[str]] = {}
# Module -> the moved names its __getattr__ serves, filled by moved_names as each
# module loads, so that a test can hold docs/stability.md's tables to every one.


def warn_deprecated(what: str, *, use: str, stacklevel: int = 3) -> None:
    """Warn that *what* is deprecated, naming *use*, its replacement.

    *stacklevel* 3 points the warning at the caller of the function that
    calls this one (the user's line, not the library's).

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("error")
    ...     warn_deprecated("Round.deal(...)", use="Round.shuffled(...)")
    Traceback (most recent call last):
    ...
    DeprecationWarning: Round.deal(...) is deprecated since whist-ro 0.2.0 ...
    """
    warnings.warn(
        f"{what} is deprecated since whist-ro {SINCE} and goes in {REMOVED_IN}; use {use}",
        DeprecationWarning,
        stacklevel=stacklevel,
    )


def import_probe(depth: int = 2) -> bool:
    """Whether the module ``__getattr__`` *depth* frames up serves ``from package import``'s probe.

    ``from package import name`` looks the name up twice when the module is
    a package: once in the import system's ``hasattr`` (to know whether to
    import a submodule of that name), then in the statement itself.  A
    module ``__getattr__`` that warns on both would warn twice for one line,
    so it stays quiet for the probe and warns for the statement.

    >>> import_probe()
    False
    >>> import_probe(10_000)  # deeper than the stack: nobody is importing
    False
    """
    try:
        caller = sys._getframe(depth).f_code
    except ValueError:  # the stack is not that deep: nobody is importing
        return False
    return caller.co_name == "_handle_fromlist" and "importlib" in caller.co_filename


def moved_names(module: str, moved: Mapping[str, str | tuple[str, str]]) -> Callable[[str], object]:
    """Return a module ``__getattr__`` that serves the names in *moved* from their new home.

    *moved* maps an old name to ``"package.module:Name"`` (the name, maybe
    renamed, in its new module) or to ``"package.module"`` (the name is a
    module), or to a pair of such a target and the replacement the warning
    names (a deprecated function kept privately whose replacement is spelt
    differently).  Reading a moved name warns and returns the new object;
    any other name raises the usual ``AttributeError``.

    >>> import os.path
    >>> import warnings
    >>> getattr_ = moved_names("mypkg", {"old_join": "os.path:join"})
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     getattr_("old_join") is os.path.join
    True
    >>> print(caught[0].message)
    mypkg.old_join is deprecated since whist-ro 0.2.0 and goes in 0.3.0; use os.path.join
    >>> getattr_("nothing")
    Traceback (most recent call last):
    ...
    AttributeError: module 'mypkg' has no attribute 'nothing'
    """
    table = dict(moved)
    _SERVED[module] = frozenset(table)

    def moved_getattr(name: str) -> object:
        entry = table.get(name)
        if entry is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        target, use = entry if isinstance(entry, tuple) else (entry, None)
        home, _, attribute = target.partition(":")
        replacement = use or (f"{home}.{attribute}" if attribute else home)
        if not import_probe():
            # stacklevel 3: this function, then the import machinery or the
            # attribute read, then the user's line.
            warn_deprecated(f"{module}.{name}", use=replacement, stacklevel=3)
        value = importlib.import_module(home)
        return getattr(value, attribute) if attribute else value

    moved_getattr.__name__ = moved_getattr.__qualname__ = "__getattr__"
    return moved_getattr
