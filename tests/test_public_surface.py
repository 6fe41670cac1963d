"""The public surface keeps its rule (docs/stability.md), and renamed names keep working, warning.

Every name that left a public place is still served from it until 0.3.0: it
warns (a ``DeprecationWarning`` that names its new home, pointed at the
caller's line) and is the very object of its new home.
"""

from __future__ import annotations

import importlib

import pytest

from whist_ro import rules
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
        from whist_ro.rules.schedule import dealer_of  # noqa: PLC0415
    assert dealer_of(3, first_dealer=2, players=4) == scheduling.dealer_of(
        3, first_dealer=2, players=4
    )


def test_the_rules_package_serves_its_old_schedule_module_warning() -> None:
    # Read before anything imported the shim (a fresh interpreter would): the package
    # answers the old name with the new module.
    with pytest.warns(DeprecationWarning, match="use whist_ro.rules.scheduling$"):
        found = rules.__getattr__("schedule")
    assert found is scheduling
