"""The rule texts shipped in the package: every rule of the rule book, in the project's words.

The package's book (``whist_ro.rules.book``) and the reference page (docs/rules.md)
are the project's rule book; they must agree with each other rule by rule.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from whist_ro import variants
from whist_ro.errors import ConfigurationError
from whist_ro.rules import book

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules.md"


def _heading_ids() -> list[str]:
    return re.findall(r"^### (R-[A-Z]+-\d+)\s*$", DOCS.read_text("utf-8"), re.M)


def test_every_rule_of_the_reference_has_a_text_in_the_package() -> None:
    assert [r.id for r in book.RULES] == _heading_ids()
    for r in book.RULES:
        assert r.title, r.id
        assert len(r.text) > len(r.summary) > 0, r.id
        assert r.family in ("all", "exact", "classic")


def _entries() -> dict[str, tuple[str, str]]:
    """Each rule's section title and the bold lead of its entry in docs/rules.md, by ID."""
    found: dict[str, tuple[str, str]] = {}
    section, current = "", None
    for line in DOCS.read_text("utf-8").splitlines():
        if line.startswith("## "):
            section, current = line[3:], None
        elif heading := re.fullmatch(r"### (R-[A-Z]+-\d+)\s*", line):
            current = heading.group(1)
            found[current] = (section, "")
        elif current is not None and not found[current][1] and line.startswith("**"):
            found[current] = (section, line[2 : line.index("**", 2)])
    return found


def test_the_book_and_the_reference_give_each_rule_the_same_family() -> None:
    # docs/rules.md names a rule's family in its section ("Bidding (exact-bid family)")
    # or in the lead of its entry ("Classic: ..."); the book's family must be that one.
    entries = _entries()
    checked = 0
    for r in book.RULES:
        section, lead = entries[r.id]
        assert lead, f"{r.id} has no bold lead in docs/rules.md"
        if "(exact-bid family)" in section or lead.startswith("Exact-bid family"):
            assert r.family == "exact", (r.id, section, lead)
            checked += 1
        elif section.startswith("Classic") or lead.startswith("Classic"):
            assert r.family == "classic", (r.id, section, lead)
            checked += 1
    assert checked >= 20


def test_a_rule_keeps_its_old_three_field_form() -> None:
    assert book.Rule("R-X-1", "all", "a summary").text == ""  # the old three-field form


def test_one_rule_in_full_says_whether_it_binds_the_variant() -> None:
    text = book.format_rule("R-BID-2", attrs.evolve(variants.ROMANIAN, hook=False), width=60)
    assert text.splitlines()[0] == "R-BID-2  The hook"
    assert max(len(line) for line in text.splitlines()[:-1]) <= 60
    assert text.splitlines()[-1] == "In romanian: left out, off in this variant."
    assert book.format_rule("R-SCHED-2", variants.INVERTED).endswith("In inverted: it applies.")
    assert book.format_rule("R-SCHED-1", variants.INVERTED).endswith(
        "left out, this variant plays 8-1-8."
    )


@pytest.mark.parametrize("bad", ["R-PLAY-9", "", "nonsense", 5, None])
def test_an_unknown_rule_is_a_configuration_error(bad: object) -> None:
    with pytest.raises(ConfigurationError, match="no rule") as info:
        book.rule(bad)  # type: ignore[arg-type]
    assert info.value.field == "rule"


def test_rules_for_a_variant_follow_the_family_and_the_options() -> None:
    classic = {r.id for r in book.rules_for(variants.CLASSIC)}
    assert "R-PLAY-5" in classic
    assert "R-PLAY-3" not in classic
    off = {
        r.id
        for r in book.rules_for(variants.CLASSIC)
        if book.switched_off(r, variants.CLASSIC) is not None
    }
    assert off == {"R-HON-1", "R-HON-2", "R-HON-3", "R-RUBBER-1", "R-RUBBER-2", "R-RUBBER-3"}
    assert book.switched_off(book.rule("R-HON-1"), variants.CLASSIC_RUBBER) is None
