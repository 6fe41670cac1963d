"""What a new user of the ``whist-ro`` command tripped over: options, names, cards, headers."""

from __future__ import annotations

import pytest

import whist_ro as wr
from whist_ro.cli import main
from whist_ro.cli.play import read_card


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
    with pytest.raises(wr.CardParseError, match=r"unknown rank 'b'$"):
        wr.Card.parse("bh")


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
