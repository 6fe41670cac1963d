"""The public surface keeps its rule (docs/stability.md), and renamed names keep working, warning.

Every name that left a public place is still served from it until 0.3.0: it
warns (a ``DeprecationWarning`` that names its new home, pointed at the
caller's line) and is the very object of its new home.
"""

from __future__ import annotations

import importlib
import inspect
import re
import warnings
from pathlib import Path

import pytest

import whist_ro as wr
from whist_ro import errors, rules
from whist_ro.rules import scheduling

# -- whist_ro.rules.schedule became whist_ro.rules.scheduling ------------------------


@pytest.mark.parametrize("name", ["deal_faults", "dealer_of", "schedule_rule"])
def test_the_old_schedule_rules_module_warns_and_serves_the_new_functions(name: str) -> None:
    old = importlib.import_module("whist_ro.rules.schedule")
    with pytest.warns(DeprecationWarning, match="is deprecated") as caught:
        found = getattr(old, name)
    assert found is getattr(scheduling, name)
    assert str(caught[0].message) == (
        f"whist_ro.rules.schedule.{name} is deprecated since whist-ro 0.2.0 and goes in "
        f"0.3.0; use whist_ro.rules.scheduling.{name}"
    )
    assert caught[0].filename == __file__  # the caller's line, not the library's


def test_importing_a_name_from_the_old_schedule_rules_module_warns() -> None:
    with pytest.warns(DeprecationWarning, match="use whist_ro.rules.scheduling.dealer_of"):
        from whist_ro.rules.schedule import dealer_of  # type: ignore[attr-defined]  # noqa: PLC0415
    assert dealer_of is scheduling.dealer_of


def test_the_rules_package_serves_its_old_schedule_module_warning() -> None:
    # Read before anything imported the shim (a fresh interpreter would): the package
    # answers the old name with the new module.
    with pytest.warns(DeprecationWarning, match="use whist_ro.rules.scheduling$"):
        found = vars(rules)["__getattr__"]("schedule")
    assert found is scheduling


# -- the top level follows the rule of docs/stability.md -----------------------------

# Where each group of the rule lives; a name at the top belongs to a group by the
# module that defines it (a module by its own name).
GROUPS: dict[str, tuple[str, ...]] = {
    "vocabulary": ("whist_ro.cards", "whist_ro.actions", "whist_ro.schedule"),
    "variants": ("whist_ro.variants",),
    "states": (
        "whist_ro.engine.deal",
        "whist_ro.engine.match",
        "whist_ro.engine.round",
        "whist_ro.engine.step",
        "whist_ro.engine.tricks",
    ),
    "views": ("whist_ro.views",),
    "seats": ("whist_ro.agents", "whist_ro.table", "whist_ro.engine.seats", "whist_ro.playout"),
    "errors": ("whist_ro.errors",),
}
# The rule functions the design binds at the top; every other one lives in whist_ro.rules.
BOUND_RULE_FUNCTIONS = frozenset({"legal_bids", "legal_cards", "trick_winner", "display_points"})
# The functions at the top that are not rules: the vocabulary's reader, the views'
# constructor, and the playout that plays every seat at random.
OTHER_FUNCTIONS = frozenset({"action_from_dict", "view_of", "random_playout"})
# The names the design binds at the top (its section 2 and the issues since).
DESIGN_BOUND = frozenset(
    {
        *("Suit", "Rank", "Card", "Deck", "Schedule", "variants", "Bid", "Play", "Action"),
        *("Match", "Round", "Trick", "Deal", "PlayerView", "Agent", "Table"),
        *("legal_bids", "legal_cards", "trick_winner", "display_points", "action_from_dict"),
        *("WhistError", "IllegalActionError"),
    }
)
EXPORTED = [name for name in wr.__all__ if name != "__version__"]


def _home(value: object) -> str:
    return value.__name__ if inspect.ismodule(value) else str(value.__module__)


def _in_group(home: str) -> str | None:
    for group, modules in GROUPS.items():
        if any(home == m or home.startswith(f"{m}.") for m in modules):
            return group
    return None


@pytest.mark.parametrize("name", EXPORTED)
def test_every_name_at_the_top_belongs_to_a_group_of_the_rule(name: str) -> None:
    value = getattr(wr, name)
    home = _home(value)
    assert name in BOUND_RULE_FUNCTIONS or _in_group(home), (
        f"whist_ro.{name} (from {home}) is in none of the groups docs/stability.md states"
    )


def test_the_top_holds_only_the_bound_rule_functions_and_no_other_rule_function() -> None:
    functions = {n for n in EXPORTED if inspect.isfunction(getattr(wr, n))}
    assert functions == BOUND_RULE_FUNCTIONS | OTHER_FUNCTIONS
    # The rule book itself is whole in whist_ro.rules (the scoring rules too).
    assert {"honours_points", "next_streak", "next_streaks", "Streak", "trump_source"} <= set(
        rules.__all__
    )


def test_every_error_class_is_at_the_top_and_nothing_else_is_an_error() -> None:
    at_top = {
        n for n in EXPORTED if isinstance(v := getattr(wr, n), type) and issubclass(v, Exception)
    }
    # errors.py also defines SeatTakeover, the protocol that types
    # AgentError.takeover: a type, not an error, so it stays in errors.
    error_classes = {
        n
        for n in errors.__all__
        if isinstance(v := getattr(errors, n), type) and issubclass(v, Exception)
    }
    assert at_top == error_classes
    assert set(errors.__all__) - error_classes == {"SeatTakeover"}
    for name in error_classes:
        assert getattr(wr, name) is getattr(errors, name), name


def test_the_names_the_design_binds_stay_at_the_top() -> None:
    assert sorted(DESIGN_BOUND - set(wr.__all__)) == []


def test_the_package_docstring_maps_every_layer_of_the_architecture_test() -> None:
    # The layer map in whist_ro/__init__.py once left out remote, web and locale.
    from test_architecture import LAYERS  # noqa: PLC0415

    doc = wr.__doc__ or ""
    named = set(re.findall(r"``(\w+)``", doc))
    parts = {part for layer in LAYERS for part in layer} - {"__init__", "__main__"}
    assert sorted(parts - named) == []
    # ... in the architecture test's order, lowest first.
    first = {part: doc.index(f"``{part}``") for part in parts}
    ordered = sorted(parts, key=first.__getitem__)
    ranks = [next(i for i, layer in enumerate(LAYERS) if part in layer) for part in ordered]
    assert ranks == sorted(ranks), ordered


# -- names that left the top keep working for one minor release, warning -------------

MOVED = sorted(wr._MOVED.items())


@pytest.mark.parametrize(("name", "target"), MOVED)
def test_a_name_that_left_the_top_warns_and_is_its_new_home(name: str, target: str) -> None:
    home, _, attribute = target.partition(":")
    new = getattr(importlib.import_module(home), attribute)
    with pytest.warns(DeprecationWarning, match="is deprecated") as caught:
        old = getattr(wr, name)
    assert old is new
    assert str(caught[0].message) == (
        f"whist_ro.{name} is deprecated since whist-ro 0.2.0 and goes in 0.3.0; "
        f"use {home}.{attribute}"
    )
    assert caught[0].filename == __file__  # pointed at the line that read it
    assert attribute in importlib.import_module(home).__all__
    assert name not in wr.__all__
    assert name not in vars(wr), "a moved name was cached: the next read would not warn"
    assert name not in dir(wr)


@pytest.mark.parametrize(("name", "target"), MOVED[:3])
def test_importing_a_name_that_left_the_top_warns_every_time(name: str, target: str) -> None:
    for _ in range(2):
        with pytest.warns(DeprecationWarning, match=f"use {target.replace(':', '.')}$"):
            exec(f"from whist_ro import {name}", {})


def test_the_top_level_names_and_a_star_import_do_not_warn() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name in wr.__all__:
            getattr(wr, name)
        exec("from whist_ro import *", {})
        dir(wr)


# -- docs/stability.md says the same as the code -------------------------------------

STABILITY = Path(__file__).resolve().parents[1] / "docs" / "stability.md"


def _section(title: str) -> str:
    text = STABILITY.read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else None]


def _table_names(section: str, column: int) -> set[str]:
    rows = [line.split("|")[1:-1] for line in section.splitlines() if line.startswith("| ")]
    return {
        name.removeprefix("whist_ro.")
        for row in rows[1:]  # the header row names the columns
        for name in re.findall(r"`([\w.]+)`", row[column])
    }


def test_the_stability_page_lists_the_top_level_groups_as_the_code_has_them() -> None:
    listed = _table_names(_section("What the top level holds"), 1)
    # The presets' lookup is named beside its module, and the errors row names
    # their module: every class of it is at the top.
    listed -= {"variants.get", "errors"}
    assert listed == set(EXPORTED) - set(errors.__all__)


def test_the_stability_page_lists_every_name_that_left_the_top() -> None:
    section = _section("Deprecated in 0.2.0, removed in 0.3.0")
    top = section[: section.index("**Renamed modules**")]
    assert _table_names(top, 0) == set(wr._MOVED)
    for name, target in wr._MOVED.items():
        assert f"`{target.partition(':')[0]}`" in top, name
