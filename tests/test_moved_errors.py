"""Every error class lives in whist_ro.errors; the old homes of the moved names warn.

Issue 26 item 4 moved ``NotationError``, ``StoreError``, ``RoomError`` and
``KernelMismatchError`` into :mod:`whist_ro.errors`, and item 3 left
``Takeover`` at two homes (``whist_ro.Takeover`` and
``whist_ro.engine.seats``).  An old path keeps working until 0.3.0 with a
``DeprecationWarning`` naming the new one (docs/stability.md), and gives the
very same class; the old module no longer holds the name, so walking it
(doctest collection, ``help``) meets no warning.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import pkgutil
import string
import sys
import warnings
from pathlib import Path

import pytest

import whist_ro as wr
from whist_ro import errors, locale
from whist_ro.engine import seats

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "whist_ro"

# (old module, name, the new home as the warning names it)
MOVED = [
    ("whist_ro.records", "NotationError", "whist_ro.errors.NotationError"),
    ("whist_ro.records.notation", "NotationError", "whist_ro.errors.NotationError"),
    ("whist_ro.sim", "KernelMismatchError", "whist_ro.errors.KernelMismatchError"),
    ("whist_ro.sim.run", "KernelMismatchError", "whist_ro.errors.KernelMismatchError"),
    ("whist_ro.web", "RoomError", "whist_ro.errors.RoomError"),
    ("whist_ro.web", "StoreError", "whist_ro.errors.StoreError"),
    ("whist_ro.web.store", "StoreError", "whist_ro.errors.StoreError"),
    ("whist_ro.table", "Takeover", "whist_ro.engine.seats.Takeover"),
    ("whist_ro.records", "Takeover", "whist_ro.engine.seats.Takeover"),
    ("whist_ro.records.record", "Takeover", "whist_ro.engine.seats.Takeover"),
    ("whist_ro.web.room", "RoomError", "whist_ro.errors.RoomError"),
    ("whist_ro.web.room", "StoreError", "whist_ro.errors.StoreError"),
    ("whist_ro.web.room", "Takeover", "whist_ro.engine.seats.Takeover"),
]
WEB = {"whist_ro.web", "whist_ro.web.store", "whist_ro.web.room"}


def _module(name: str) -> object:
    if name in WEB:
        pytest.importorskip("starlette")
    return importlib.import_module(name)


def _new(target: str) -> object:
    home, _, name = target.rpartition(".")
    return getattr(importlib.import_module(home), name)


@pytest.mark.parametrize(("old", "name", "new"), MOVED, ids=str)
def test_an_old_path_warns_and_gives_the_same_class(old: str, name: str, new: str) -> None:
    module = _module(old)
    with pytest.warns(DeprecationWarning, match=f"{old}.{name} is deprecated .* use {new}$"):
        found = getattr(module, name)
    assert found is _new(new)
    with pytest.warns(DeprecationWarning, match=f"use {new}$"):
        exec(f"from {old} import {name}", {})  # the import statement warns too


@pytest.mark.parametrize(("old", "name", "new"), MOVED, ids=str)
def test_an_old_home_no_longer_holds_or_lists_the_name(old: str, name: str, new: str) -> None:
    module = _module(old)
    assert name not in vars(module)  # read through __getattr__ only: dir() walks stay quiet
    assert name not in module.__all__  # type: ignore[attr-defined]


def test_the_moved_errors_are_errors_of_errors_py() -> None:
    for name in ("NotationError", "StoreError", "RoomError", "KernelMismatchError"):
        kind = getattr(errors, name)
        assert kind.__module__ == "whist_ro.errors"
        assert name in errors.__all__
        assert issubclass(kind, errors.WhistError)
    assert issubclass(errors.NotationError, errors.RecordError)


def test_no_error_class_is_defined_outside_errors_py() -> None:
    # The errors' docstring says it holds every one; private control-flow
    # exceptions (never raised to a caller) are not errors of the library.
    outside = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "errors.py" and path.parent == PACKAGE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.ClassDef)
                and node.name.endswith("Error")
                and not node.name.startswith("_")
            ):
                outside.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}")
    assert not outside, outside


def test_takeover_keeps_its_two_homes_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert wr.Takeover is seats.Takeover
        exec("from whist_ro import Takeover\nfrom whist_ro.engine.seats import Takeover", {})


def _filled(template: str) -> dict[str, object]:
    return {field: 3 for _, field, _, _ in string.Formatter().parse(template) if field}


@pytest.mark.parametrize("code", sorted(errors.RoomError.TEMPLATES))
def test_a_room_refusal_renders_from_the_catalogue_in_both_languages(code: str) -> None:
    values = _filled(errors.RoomError.TEMPLATES[code])
    error = errors.RoomError(code, **values)
    assert error.template == errors.RoomError.TEMPLATES[code]
    assert error.explain("en") == str(error) == errors.RoomError.TEMPLATES[code].format(**values)
    if code != "bad_request":  # "{detail}": the detail is the whole message
        assert error.explain("ro") != str(error)
    assert error.explain("ro") == locale.render(error.template, "ro", **values)


def test_the_web_room_refuses_in_romanian() -> None:
    pytest.importorskip("starlette")
    from whist_ro.web.room import check_bot  # noqa: PLC0415

    with pytest.raises(errors.RoomError) as refused:
        check_bot("nobody", wr.variants.ROMANIAN)
    assert str(refused.value).startswith("unknown bot 'nobody'; the bots: ")
    assert refused.value.explain("ro").startswith("bot necunoscut 'nobody'; boții: ")
    assert refused.value.code == "unknown_bot"


def test_a_room_refusal_says_what_web_text_said() -> None:
    pytest.importorskip("starlette")
    from whist_ro.web.text import MESSAGES, say  # noqa: PLC0415

    for code, template in errors.RoomError.TEMPLATES.items():
        assert MESSAGES[code] == template
        assert str(errors.RoomError(code, **_filled(template))) == say(code, **_filled(template))


def test_the_refusal_of_a_language_speaks_romanian_too() -> None:
    with pytest.raises(errors.ConfigurationError) as refused:
        locale.check("fr")
    assert str(refused.value) == "lang='fr' names no language whist-ro speaks: en, ro"
    assert refused.value.explain("ro") == (
        "lang='fr' nu numește o limbă pe care whist-ro o vorbește: en, ro"
    )
    with pytest.raises(errors.ConfigurationError) as again:
        refused.value.explain("fr")  # the error checks the language as locale does
    assert str(again.value) == str(refused.value)


def test_agent_error_names_its_takeover_by_a_protocol_of_the_base() -> None:
    taken: errors.SeatTakeover = seats.Takeover(round=1, trick=0, seat=1, reason="slow")
    error = errors.AgentError("seat 1 failed", seat=1, takeover=taken)
    assert error.takeover is taken
    assert "Takeover" not in vars(errors)


def test_no_other_module_holds_takeover_as_an_importable_name() -> None:
    # Five paths once led to Takeover; a module that imports it for its own use
    # (not under TYPE_CHECKING) makes one more, so only these may hold it.
    for module in pkgutil.walk_packages(wr.__path__, "whist_ro."):
        with contextlib.suppress(ModuleNotFoundError):  # a module of an extra not installed
            importlib.import_module(module.name)
    holders = {
        name
        for name, module in list(sys.modules.items())
        if name.startswith("whist_ro") and vars(module).get("Takeover") is seats.Takeover
    }
    allowed = {
        "whist_ro",  # the top level, once read
        "whist_ro.engine.seats",  # the module that defines it
    }
    assert holders <= allowed, sorted(holders - allowed)


def test_no_store_error_is_built_from_a_finished_string() -> None:
    # A StoreError written out as an f-string cannot be told in Romanian:
    # every one is a catalogue template filled from its evidence (issue 26 item 4).
    finished = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute | ast.Name)
                and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
                == "StoreError"
                and node.args
                and isinstance(node.args[0], ast.JoinedStr)
            ):
                finished.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert finished == []
