"""Every install hint works today: whist-ro is not on a package index yet (README, "Install").

A hint that names the package on an index (``pip install 'whist-ro[web]'``) fails for a new
user until it is published, so each one also gives the form that works in a checkout
(``'.[web]'``), in the same message or paragraph; and no page says it installs with a bare
``pip install whist-ro``. The command's messages are checked in both languages.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from whist_ro.locale._catalogue import po_path, read_po

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
FROM_INDEX = re.compile(r"pip install (?:-e )?['\"]?whist-ro(?:\[(?P<extra>\w+)\])?")


def unworkable(text: str) -> list[str]:
    """The hints in ``text`` that only an index could satisfy."""
    bad = []
    for hint in FROM_INDEX.finditer(text):
        extra = hint["extra"]
        if extra is None or f"'.[{extra}]'" not in text:
            bad.append(hint[0])
    return bad


def test_the_checker_tells_a_workable_hint_from_one_that_is_not() -> None:
    assert unworkable("pip install 'whist-ro[web]' (in a checkout: pip install '.[web]')") == []
    assert unworkable("Needs the web extra: pip install 'whist-ro[web]'.") == [
        "pip install 'whist-ro[web]"
    ]
    assert unworkable("se instalează cu `pip install whist-ro`") == ["pip install whist-ro"]


def test_every_message_of_the_command_gives_a_hint_that_works_in_a_checkout() -> None:
    for entry in read_po(po_path("ro").read_text(encoding="utf-8")):
        for said in (entry.msgid, *entry.translations):
            assert unworkable(said) == [], said


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_page_gives_a_hint_that_works_in_a_checkout(page: Path) -> None:
    paragraphs = re.split(r"\n\s*\n", page.read_text(encoding="utf-8"))
    for paragraph in paragraphs:
        assert unworkable(paragraph) == [], paragraph
