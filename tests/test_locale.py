"""English and Romanian: complete, exact catalogues, and the language chosen as documented.

The catalogue checks compare every message the source marks (``N_``,
``NP_``, and every rule of the rule book) with the Romanian catalogue: a
message without a Romanian text fails, a Romanian text with other
placeholders fails, an entry nothing uses fails, and a Romanian text equal
to the English one must be marked as such.  The compiled ``.mo`` files must
be exactly what their ``.po`` sources compile to.
"""

from __future__ import annotations

import argparse
import gettext
import io
import os
from pathlib import Path

import pytest

import whist_ro as wr
from whist_ro import _messages, locale
from whist_ro.cli.language import argparse_speaking, choose_language
from whist_ro.locale import _catalogue as catalogue
from whist_ro.rules.book import RULES, format_rule, rule

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "whist_ro"
ROMANIAN_DOCS = ROOT / "docs" / "ro"


def used_messages() -> dict[catalogue.Key, str]:
    """Every message whist-ro can show: the marked ones, and each part of each rule."""
    found = catalogue.extract(sorted(SOURCE.rglob("*.py")))
    for r in RULES:
        for part in ("title", "summary", "text"):
            found.setdefault((f"{r.id} {part}", getattr(r, part), None), "rules/book.py")
    return found


def entries(domain: str = "whist_ro") -> list[catalogue.Entry]:
    return catalogue.read_po(catalogue.po_path("ro", domain).read_text(encoding="utf-8"))


def argparse_messages() -> dict[catalogue.Key, str]:
    return catalogue.extract([Path(argparse.__file__)], names=("_", "ngettext"))


# -- the catalogues ------------------------------------------------------------------


def test_every_message_has_a_romanian_text() -> None:
    missing = catalogue.missing(used_messages(), entries())
    assert not missing, f"messages with no Romanian text in whist_ro.po: {missing}"


def test_every_argparse_message_has_a_romanian_text() -> None:
    missing = catalogue.missing(argparse_messages(), entries("argparse"))
    assert not missing, f"argparse messages with no Romanian text: {missing}"


def test_no_catalogue_entry_is_unused() -> None:
    unused = catalogue.unused(used_messages(), entries())
    assert not unused, [f"line {e.line}: {e.msgid[:60]!r}" for e in unused]


@pytest.mark.parametrize("domain", ["whist_ro", "argparse"])
def test_romanian_texts_keep_the_placeholders(domain: str) -> None:
    faults = catalogue.placeholder_faults(entries(domain))
    assert not faults, faults


@pytest.mark.parametrize("domain", ["whist_ro", "argparse"])
def test_a_percent_sign_only_where_the_english_has_one(domain: str) -> None:
    # argparse %-formats every help text: a stray % in a Romanian help would crash --help.
    faults = [
        f"line {e.line}: {text!r}"
        for e in entries(domain)
        for text in e.translations
        if e.msgid and text.count("%") != e.msgid.count("%")
    ]
    assert not faults, faults


def test_identical_messages_are_listed_as_such() -> None:
    marked, faults = catalogue.identical(entries())
    assert not faults, [
        f"line {e.line}: {e.msgid[:60]!r} equals its translation without "
        f"'# {catalogue.IDENTICAL}', or is marked but differs"
        for e in faults
    ]
    # The list itself: short labels and templates made only of placeholders and signs.
    assert {e.msgid for e in marked} == {
        "{action}: {count}",
        "total: {count}",
        "perft({depth}) = {count}",
        "{who} {card}",
        "total",
        "n",
        "tot",
        "Rating",
        "bot",
        "{verdict}  {name}: {detail}",
        "{where}: {what}",
        "{detail}",  # the web table's bad_request: the detail says it all
        "quit",  # the engine protocol's message of that name
    }


@pytest.mark.parametrize("domain", ["whist_ro", "argparse"])
def test_the_mo_files_are_compiled_from_their_sources(domain: str) -> None:
    po = catalogue.po_path("ro", domain)
    compiled = catalogue.compile_mo(catalogue.read_po(po.read_text(encoding="utf-8")))
    assert po.with_suffix(".mo").read_bytes() == compiled, (
        f"{po.with_suffix('.mo').name} is stale: run python -m whist_ro.locale"
    )


def test_the_compiled_catalogue_reads_back_every_entry() -> None:
    po = catalogue.po_path("ro")
    reader = gettext.GNUTranslations(io.BytesIO(po.with_suffix(".mo").read_bytes()))
    for entry in entries():
        if not entry.msgid:
            continue
        if entry.plural is not None:
            got = tuple(reader.ngettext(entry.msgid, entry.plural, n) for n in (1, 2, 20))
            assert got == entry.translations
        elif entry.context is not None:
            assert reader.pgettext(entry.context, entry.msgid) == entry.translations[0]
        else:
            assert reader.gettext(entry.msgid) == entry.translations[0]


def romanian_texts() -> list[Path]:
    return sorted(catalogue.LOCALE_DIR.glob("*/LC_MESSAGES/*.po")) + sorted(
        ROMANIAN_DOCS.glob("*.md")
    )


@pytest.mark.parametrize("path", romanian_texts(), ids=lambda p: p.name)
def test_romanian_is_written_with_comma_below_never_cedilla(path: Path) -> None:
    faults = catalogue.cedilla_faults(path.read_text(encoding="utf-8"))
    assert not faults, f"{path.name}: {faults}"


# -- the checks catch what they are for ------------------------------------------------


def test_the_checks_catch_each_fault(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text(
        'A = N_("seat {seat}")\nB = N_("not translated")\nC = NP_("{n} card", "{n} cards")\n',
        encoding="utf-8",
    )
    used = catalogue.extract([source])
    po = catalogue.read_po(
        'msgid "seat {seat}"\nmsgstr "locul {loc}"\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\n'
        'msgstr[0] "o carte"\nmsgstr[1] "{n} cărți"\nmsgstr[2] "{n} de cărți"\n\n'
        'msgid "gone"\nmsgstr "dus"\n\n'
        'msgid "OK"\nmsgstr "OK"\n'
    )
    assert catalogue.missing(used, po) == [(None, "not translated", None)]
    assert [e.msgid for e in catalogue.unused(used, po)] == ["gone", "OK"]
    assert len(catalogue.placeholder_faults(po)) == 1  # {loc}; "o carte" may drop {n}
    assert [e.msgid for e in catalogue.identical(po)[1]] == ["OK"]
    assert catalogue.cedilla_faults("aşa")
    assert not catalogue.cedilla_faults("așa")


def test_a_stale_mo_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "ro" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "x.po").write_text('msgid "a"\nmsgstr "b"\n', encoding="utf-8")
    (folder / "x.mo").write_bytes(b"old")
    monkeypatch.setattr(catalogue, "LOCALE_DIR", tmp_path)
    assert catalogue.main(["--check"]) == 1
    assert catalogue.main([]) == 0
    assert catalogue.main(["--check"]) == 0


# -- choosing the language -------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "ro_RO.UTF-8"}, "ro"),
        ({"LANG": "ro_RO@euro"}, "ro"),
        ({"LC_MESSAGES": "ro_RO", "LANG": "en_US.UTF-8"}, "ro"),
        ({"LC_ALL": "en_GB.UTF-8", "LC_MESSAGES": "ro_RO"}, "en"),
        ({"LANGUAGE": "fr:ro:en", "LANG": "en_US.UTF-8"}, "ro"),
        ({"LANGUAGE": "fr", "LANG": "ro_RO.UTF-8"}, "en"),  # the first variable set decides
        ({"LANGUAGE": "", "LC_ALL": "", "LANG": "ro_RO.UTF-8"}, "ro"),  # empty is unset
        ({"LANG": "C"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"WHIST_RO_LANG": "ro", "LANG": "en_US.UTF-8"}, "ro"),
        ({"WHIST_RO_LANG": "en", "LANGUAGE": "ro"}, "en"),
        ({"WHIST_RO_LANG": "ro_RO.UTF-8"}, "ro"),
        ({"WHIST_RO_LANG": "  ", "LANG": "ro_RO"}, "ro"),
    ],
)
def test_the_environment_chooses_as_documented(environ: dict[str, str], expected: str) -> None:
    assert locale.from_environment(environ) == expected


def test_an_unknown_whist_ro_lang_is_refused() -> None:
    with pytest.raises(wr.ConfigurationError, match="WHIST_RO_LANG='xx'") as info:
        locale.from_environment({"WHIST_RO_LANG": "xx", "LANG": "ro_RO"})
    assert info.value.field == "WHIST_RO_LANG"


def test_the_locale_module_is_never_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    import locale as system_locale  # noqa: PLC0415

    def fail(*args: object) -> None:
        raise AssertionError("whist-ro must not ask the locale module")

    for name in ("getlocale", "getdefaultlocale", "setlocale", "getpreferredencoding"):
        monkeypatch.setattr(system_locale, name, fail)
    assert locale.from_environment({"LANG": "ro_RO.UTF-8"}) == "ro"
    assert locale.translation("ro").gettext("seat {seat}") == "locul {seat}"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("ro-RO,ro;q=0.9,en-US;q=0.8,en;q=0.7", "ro"),
        ("en-US,en;q=0.9,ro;q=0.8", "en"),
        ("de-DE,de;q=0.9,ro;q=0.5", "ro"),
        ("ro;q=0.2, en;q=0.3", "en"),
        ("ro;q=0, fr", None),
        ("*", None),
        ("", None),
        ("ro;q=x", None),
        ("RO", "ro"),
        (None, None),
    ],
)
def test_a_browser_chooses_by_its_weights(header: str | None, expected: str | None) -> None:
    assert locale.from_accept_language(header) == expected


def test_choose_takes_the_request_then_the_browser_then_the_environment() -> None:
    environ = {"LANG": "ro_RO.UTF-8"}
    assert locale.choose("en", accept_language="ro", environ=environ) == "en"
    assert locale.choose(accept_language="en", environ=environ) == "en"
    assert locale.choose(accept_language="de", environ=environ) == "ro"
    assert locale.choose(environ={}) == "en"
    with pytest.raises(wr.ConfigurationError, match="lang='fr'"):
        locale.choose("fr")


@pytest.mark.parametrize(
    ("argv", "environ", "expected"),
    [
        (["--lang", "ro", "rules"], {}, "ro"),
        (["rules", "--lang", "ro"], {}, "ro"),
        (["rules", "--lang=ro"], {"LANG": "en_US"}, "ro"),
        (["rules", "--lang", "en"], {"LANG": "ro_RO.UTF-8"}, "en"),
        (["rules"], {"LANG": "ro_RO.UTF-8"}, "ro"),
        (["check", "--", "--lang"], {}, "en"),
        (["--lang"], {"LANG": "ro_RO"}, "ro"),  # argparse refuses the missing value, in Romanian
    ],
)
def test_the_command_line_reads_lang_before_the_environment(
    argv: list[str], environ: dict[str, str], expected: str
) -> None:
    assert choose_language(argv, environ=environ) == expected


def test_argparse_speaks_the_chosen_language_and_then_its_own() -> None:
    parser = argparse.ArgumentParser(prog="x")
    parser.add_argument("--n", type=int)
    with argparse_speaking("ro"):
        built = argparse.ArgumentParser(prog="x")
        assert "utilizare: x [-h]" in built.format_help()
        assert "opțiuni:" in built.format_help()
    assert "usage: x [-h]" in parser.format_help()
    assert "options:" in parser.format_help()


# -- the API stays English unless asked ------------------------------------------------


@pytest.fixture
def romanian_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("WHIST_RO_LANG", "ro"), ("LANGUAGE", "ro"), ("LANG", "ro_RO.UTF-8")):
        monkeypatch.setenv(name, value)


def test_str_of_values_never_follows_the_environment(romanian_machine: None) -> None:
    m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    assert str(m.view(0)).startswith("romanian, 3 players: round 1 of 21")
    assert m.view(0).render(lang="ro").startswith("romanian, 3 jucători: mâna 1 din 21")
    m = wr.random_playout(m, seed=1)
    assert "seat 0" in str(m.score_sheet)
    assert "place" in str(m.standings())
    assert str(rule("R-PLAY-2").title) == "Follow suit"
    with pytest.raises(wr.IllegalActionError) as info:
        m.apply(m.legal_actions()[0] if m.legal_actions() else wr.Bid(seat=0, tricks=0))
    assert str(info.value).endswith("the match is over (R-END-4)")


@pytest.mark.parametrize("lang", ["fr", "RO", "", None, 1, "ro_RO"])
def test_a_lang_argument_must_be_en_or_ro(lang: object) -> None:
    view = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1).view(0)
    with pytest.raises(wr.ConfigurationError) as info:
        view.render(lang=lang)  # type: ignore[arg-type]
    assert info.value.field == "lang"


def test_each_rule_reads_in_romanian() -> None:
    same = {e.context for e in catalogue.identical(entries())[0]}
    for r in RULES:
        ro = r.translated("ro")
        assert (ro.id, ro.family) == (r.id, r.family)
        for part in ("title", "summary", "text"):
            if f"{r.id} {part}" not in same:  # "Rating" is Romanian too
                assert getattr(ro, part) != getattr(r, part), (r.id, part)
        # The rule IDs a text cites are cited in Romanian too.
        assert sorted(_ids(ro.text)) == sorted(_ids(r.text)), r.id
    assert format_rule("R-PLAY-2", wr.variants.CLASSIC, lang="ro").startswith(
        "R-PLAY-2  Răspunsul la culoare"
    )


def _ids(text: str) -> list[str]:
    import re  # noqa: PLC0415

    return re.findall(r"R-[A-Z]+-\d+", text)


def test_numbers_are_written_the_romanian_way() -> None:
    assert locale.localized(12345, "ro", ",") == "12.345"
    assert locale.localized(-7.5, "ro", "+.2f") == "-7,50"
    assert locale.localized(12345, "en", ",") == "12,345"
    assert locale.render_plural(locale.NP_("{n} game", "{n} games"), 119, "ro") == "119 jocuri"
    assert locale.render_plural(locale.NP_("{n} game", "{n} games"), 120, "ro") == "120 de jocuri"


def test_the_catalogue_is_read_lazily() -> None:
    # Nothing is looked up before a text is rendered: the engine's hot path never asks.
    assert os.path.exists(catalogue.po_path("ro").with_suffix(".mo"))
    _messages._load.cache_clear()
    m = wr.Match.new(wr.variants.ROMANIAN, players=4, seed=3)
    wr.random_playout(m, seed=3)
    assert _messages._load.cache_info().currsize == 0
