"""The public API keeps its promises: explicit exports, and documentation with examples."""

from __future__ import annotations

import inspect

import pytest

import whist_ro as wr

PUBLIC = [name for name in wr.__all__ if not name.startswith("_")]


def test_all_lists_real_names_once() -> None:
    assert len(set(wr.__all__)) == len(wr.__all__)
    for name in wr.__all__:
        assert hasattr(wr, name), name


def test_design_contract_names_exist() -> None:
    # DESIGN.md section 2: these names are binding.
    for name in (
        "Card",
        "Suit",
        "Rank",
        "Deck",
        "Schedule",
        "Match",
        "Round",
        "Bid",
        "Play",
        "Trick",
        "legal_bids",
        "legal_cards",
        "trick_winner",
        "WhistError",
        "IllegalActionError",
        "variants",
    ):
        assert name in wr.__all__, name
    assert callable(wr.variants.get)
    for attribute in ("new", "apply", "legal_actions", "to_act", "round", "rounds", "totals"):
        assert hasattr(wr.Match, attribute), attribute
    for attribute in ("score_sheet", "is_over"):
        assert hasattr(wr.Match, attribute), attribute
    for attribute in ("from_hands", "from_deck", "apply", "legal_actions", "points", "hands"):
        assert hasattr(wr.Round, attribute), attribute
    for attribute in ("remaining", "bids", "tricks_won", "trump", "turn_up", "first_hand"):
        assert hasattr(wr.Round, attribute), attribute
    assert issubclass(wr.IllegalActionError, wr.WhistError)
    assert issubclass(wr.IllegalActionError, ValueError)


CALLABLES = [
    n for n in PUBLIC if inspect.isclass(getattr(wr, n)) or inspect.isfunction(getattr(wr, n))
]


@pytest.mark.parametrize("name", CALLABLES)
def test_every_public_class_and_function_has_an_example(name: str) -> None:
    obj = getattr(wr, name)
    doc = inspect.getdoc(obj) or ""
    assert ">>>" in doc, f"{name} has no example in its docstring"


@pytest.mark.parametrize("name", [n for n in PUBLIC if inspect.isclass(getattr(wr, n))])
def test_every_public_member_is_documented(name: str) -> None:
    cls = getattr(wr, name)
    for attribute, value in vars(cls).items():
        if attribute.startswith("_"):
            continue
        if isinstance(value, (property, classmethod, staticmethod)) or inspect.isfunction(value):
            assert inspect.getdoc(getattr(cls, attribute)), f"{name}.{attribute} has no docstring"
