"""The Romanian help names an argument as its usage line shows it.

The usage line and the option list show the metavars as argparse prints them (COMMAND,
NAME=COMMAND, RECORD ...) in both languages, and the Romanian help elsewhere keeps them
(RECORD poate fi -, DEPTH acțiuni); match and engine-test wrote COMANDA, COMANDĂ and NUME
instead, words the usage line never shows.
"""

from __future__ import annotations

import re

import pytest

from whist_ro.cli import main

COMMANDS = [
    "check", "audit", "perft", "rules", "play", "simulate", "stats",
    "engine", "match", "engine-test", "protocol", "serve",
]  # fmt: skip
CAPITALS = re.compile(r"\b[A-ZĂÂÎȘȚ][A-ZĂÂÎȘȚ_]{2,}\b")


def help_text(command: str, lang: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        main(["--lang", lang, command, "--help"])
    return capsys.readouterr().out


@pytest.mark.parametrize("command", COMMANDS)
def test_every_capitalised_word_of_the_romanian_help_is_one_the_english_shows(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    english = set(CAPITALS.findall(help_text(command, "en", capsys)))
    romanian = set(CAPITALS.findall(help_text(command, "ro", capsys)))
    assert romanian <= english, sorted(romanian - english)
