"""What a new user of the ``whist-ro`` command tripped over: options, names, cards, headers."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import whist_ro as wr
from whist_ro import locale, records
from whist_ro.cli import main, text
from whist_ro.cli.play import read_card
from whist_ro.errors import WireError
from whist_ro.remote import wire
from whist_ro.rules.book import rules_for, switched_off


def refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``main(args)``, expect a one-line usage error (status 2) and no output; its text."""
    with pytest.raises(SystemExit) as info:
        main(["--lang", "en", *args])
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert "Traceback" not in err
    return err


# -- an option after the command means what it means before it ---------------------------


@pytest.mark.parametrize(
    ("command", "option"),
    [
        (["check", "rec.json"], ["--seed", "3"]),
        (["audit", "s.csv"], ["--players", "3"]),
        (["rules"], ["--seed", "3"]),
        (["match"], ["--wide"]),
        (["simulate"], ["--names", "A,B,C"]),
        (["check", "r.json"], ["--variant", "classic"]),
        (["engine-test", "x"], ["--seed", "1"]),
        (["serve"], ["--players", "4"]),
    ],
)
def test_an_option_a_command_does_not_take_is_refused_on_either_side(
    command: list[str], option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    said = f"{command[0]} takes no {option[0]}"
    assert said in refused([*option, *command], capsys)  # before the command
    assert said in refused([command[0], *option, *command[1:]], capsys)  # right after it
    assert said in refused([*command, *option], capsys)  # at the end


def test_a_refused_shared_option_stays_out_of_the_commands_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "en", "check", "--help"])
    shown = capsys.readouterr().out
    assert "--ascii" in shown
    assert "--seed" not in shown
    assert "--players" not in shown


# -- an unknown bot before the count ---------------------------------------------------------


@pytest.mark.parametrize(("bots", "place"), [("rule,,rule,rule", 2), ("rule,rule,rule,", 4)])
def test_an_empty_bot_name_is_refused_not_dropped(
    bots: str, place: int, capsys: pytest.CaptureFixture[str]
) -> None:
    # Dropping it would play a seat fewer than the line-up the user typed.
    err = refused(["simulate", "--bots", bots, "--matches", "1"], capsys)
    assert f"--bots '{bots}' has no bot name at place {place}" in err


@pytest.mark.parametrize("bots", ["rule,foo", "foo,rule,rule,rule,rule,rule,rule", "rule,,foo"])
def test_an_unknown_bot_is_named_before_the_bot_count(
    bots: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(["simulate", "--bots", bots, "--matches", "1"], capsys)
    assert "unknown bot 'foo'" in err
    assert "players" not in err


def test_a_wrong_count_of_known_bots_is_still_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--bots names 2 bots" in refused(["simulate", "--bots", "rule,random"], capsys)


# -- a card is quoted as typed, with cards that would be read --------------------------------


@pytest.mark.parametrize("typed", ["queen of diamonds", "Q of hearts", "queen hearts"])
def test_a_card_in_words_is_quoted_as_typed_with_examples(typed: str) -> None:
    with pytest.raises(wr.CardParseError) as info:
        wr.Card.parse(typed)
    message = str(info.value)
    assert f"cannot read {typed!r} as a card" in message
    assert typed.upper() not in message
    assert typed[:-1].upper() not in message
    assert "'Qd', '10c' or 'A♠'" in message
    assert "'Qd', '10c' sau 'A♠'" in info.value.explain("ro")


def test_an_unknown_rank_is_quoted_in_the_case_it_was_typed() -> None:
    with pytest.raises(wr.CardParseError, match=r"unknown rank 'b'; the ranks are") as info:
        wr.Card.parse("bh")
    # With examples of what would be read, as every card refusal gives.
    assert str(info.value).endswith("as in 'Qd', '10c' or 'A♠'")
    assert info.value.explain("ro").endswith("ca în 'Qd', '10c' sau 'A♠'")


def test_an_unknown_suit_says_which_suits_are_read() -> None:
    with pytest.raises(wr.CardParseError, match=r"unknown suit 'x'; the suits are c, d, h and s"):
        wr.Card.parse("Qx")


def test_a_card_too_short_says_how_cards_are_written() -> None:
    with pytest.raises(wr.CardParseError, match=r"too short; .* such as 'Qd', '10c' or 'A♠'$"):
        wr.Card.parse("x")


def test_the_terminal_game_quotes_a_worded_card_and_shows_what_it_reads() -> None:
    with pytest.raises(wr.CardParseError) as info:
        read_card("queen of diamonds")
    assert str(info.value).startswith("cannot read 'queen of diamonds' as a card: ")
    for example in ("Qd", "10c", "Q hearts", "10 de caro"):
        assert example in str(info.value)
    assert "Q inimă" in info.value.explain("ro")
    # ... and a rank with "of" before the suit's name is read.
    assert read_card("Q of hearts") == wr.Card.parse("Qh")
    assert read_card("10 of clubs") == wr.Card.parse("10c")


# -- headers and reports -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "seats", "taken"), [("en", "seats", "takeovers"), ("ro", "locuri", "preluări")]
)
def test_the_summary_header_reads_as_two_columns(
    lang: str, seats: str, taken: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["--lang", lang, "simulate", "--players", "3", "--matches", "1", "--bots", "random"])
        == 0
    )
    header = capsys.readouterr().out.splitlines()[1]
    columns = re.split(r"\s{2,}", header.strip())
    assert columns[1:3] == [seats, taken]


@pytest.mark.parametrize(
    ("lang", "who"),
    [("en", "the rule bot plays every seat"), ("ro", "botul rule joacă la fiecare loc")],
)
def test_the_demo_says_who_plays_on_its_first_line(
    lang: str, who: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", lang, "--players", "3", "--seed", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(who)


def test_the_demo_names_its_ranking_system_as_the_rule_book_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", "ro", "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Clasament (Puncte de masă, R-RANK-1):" in out
    assert "TablePoints" not in out


@pytest.mark.parametrize("preset", ["romanian", "classic", "inverted", "classic-rubber"])
def test_rules_lists_the_binding_rules_apart_from_those_left_out(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    variant = wr.variants.get(preset)
    assert main(["--lang", "en", "rules", preset]) == 0
    lines = capsys.readouterr().out.splitlines()
    binding = [r.id for r in rules_for(variant) if switched_off(r, variant) is None]
    left_out = [r.id for r in rules_for(variant) if switched_off(r, variant) is not None]
    heads = [i for i, line in enumerate(lines) if line.startswith("Left out of")]
    split = heads[0] if heads else len(lines) - 1
    assert bool(heads) == bool(left_out)
    assert [line.split()[0] for line in lines[1:split] if line] == binding
    assert all("  [" not in line for line in lines[1:split])
    assert [line.split()[0] for line in lines[split + 1 : -1]] == left_out
    assert all(line.endswith("]") for line in lines[split + 1 : -1])


def test_check_names_the_players_in_its_differences_as_audit_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=5), seed=5)
    claimed = list(m.totals)
    claimed[1] += 10
    named, unnamed = tmp_path / "named.json", tmp_path / "unnamed.json"
    records.dump(m.to_record(players=["Ana", "Bogdan", "Cici"], claimed_totals=claimed), named)
    records.dump(m.to_record(claimed_totals=claimed), unnamed)
    assert main(["--lang", "en", "check", str(named)]) == 1
    differences = [line for line in capsys.readouterr().out.splitlines() if "DIFFERENCE" in line]
    assert differences == [
        f"  DIFFERENCE Bogdan (seat 1): claimed {claimed[1]}, recomputed {m.totals[1]} (off by +10)"
    ]
    assert main(["--lang", "ro", "check", str(unnamed)]) == 1
    differences = [line for line in capsys.readouterr().out.splitlines() if "DIFERENȚĂ" in line]
    assert differences == [
        f"  DIFERENȚĂ locul 1: declarat {claimed[1]}, recalculat {m.totals[1]} (diferență +10)"
    ]
    # The audit of a score sheet with names says them the same way.
    sheet = "hand_size,dealer,Ana bid,Ana won,Bo bid,Bo won,Cici bid,Cici won\n1,0,1,1,0,0,1,0\n"
    sheet += "total,9,5,-1\n"
    assert "DIFFERENCE Ana (seat 0): claimed 9, recomputed 6" in records.audit(sheet).render()


def test_the_cli_page_says_which_commands_draw_their_seeds() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    found = re.search(
        r"Without `--seed`, every command but ([^.]*?) uses the seed 7", page.replace("\n", " ")
    )
    assert found is not None
    assert re.findall(r"`([a-z-]+)`", found[1]) == ["play", "match"]
    assert "`match` draws its seeds at random" in page.replace("\n", " ")


# -- Romanian with no English left -------------------------------------------------------------

WHIST_RO = (sys.executable, "-m", "whist_ro")
CLASS_NAMES = ("RuleBot", "RandomBot", "LowRiskBot", "SearchBot", "TablePoints", "Stake", "Rating")


def test_no_message_of_the_command_names_a_class_in_romanian() -> None:
    romanian = locale.translation("ro")
    for name, message in vars(text).items():
        if not name.isupper() or not isinstance(message, str):
            continue
        said = romanian.gettext(message)
        assert not [c for c in CLASS_NAMES if re.search(rf"\b{c}\b", said)], (name, said)


def test_a_bot_of_the_wrong_family_is_named_as_the_command_line_names_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    err = refused(["--lang", "ro", "simulate", "--variant", "classic", "--bots", "lowrisk"], capsys)
    assert "botul lowrisk joacă doar familia cu licitație exactă" in err
    assert "LowRiskBot" not in err


def test_stats_writes_its_numbers_the_romanian_way(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "ro", "stats", "--players", "3", "--games", "50"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert rows
    for row in rows:
        assert "." not in row
        assert re.fullmatch(r"\s*\d+\s+\d+,\d\d( +\d+,\d%)+ +\d+,\d% +[+-]\d+,\d\d", row), row


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"{bad", "se aștepta un nume de câmp între ghilimele duble la rândul 1, coloana 2"),
        (b"", "se aștepta o valoare la rândul 1, coloana 1"),
        (b'{"type": "hello', "text între ghilimele neterminat"),
        (b'{"type": "x"} x', "date în plus"),
        (b"\xff", "nu este UTF-8"),
        (b"[1]", 'un mesaj este un obiect JSON cu un câmp "type", nu [1]'),
    ],
)
def test_the_wire_format_gives_the_json_decoders_reason_in_romanian(
    line: bytes, reason: str
) -> None:
    with pytest.raises(WireError) as info:
        wire.decode(line)
    said = info.value.explain("ro")
    assert reason in said
    for english in ("Expecting", "Unterminated", "Extra data", "invalid start byte", "not JSON"):
        assert english not in said


def test_engine_test_reports_an_engines_garbage_in_romanian(tmp_path: Path) -> None:
    engine = tmp_path / "garbage.py"
    engine.write_text("import sys\nfor line in sys.stdin:\n    print('{bad', flush=True)\n")
    command = f"{sys.executable} {engine}"
    done = subprocess.run(
        [*WHIST_RO, "--lang", "ro", "engine-test", "--quick", "--time-limit", "20", command],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "se aștepta un nume de câmp între ghilimele duble la rândul 1" in done.stdout
    assert "Expecting" not in done.stdout
