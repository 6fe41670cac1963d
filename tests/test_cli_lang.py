"""The ``whist-ro`` command in Romanian: every subcommand, its help, argparse's words, the game.

Each command runs with ``--lang ro`` and again with ``LANG=ro_RO.UTF-8`` and
no ``--lang``.  The output must be valid UTF-8 and hold no English message
of the catalogue left untranslated (the messages that are the same in both
languages are listed as such in the catalogue).  A stream that cannot show
Romanian letters gets the documented ASCII fallback (NFKD, combining marks
dropped: ș -> s, ț -> t, ă -> a, â -> a, î -> i), and a whole terminal game
is played in Romanian from scripted answers.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import string
import subprocess
import sys
from pathlib import Path

import pytest

import whist_ro as wr
from whist_ro import records
from whist_ro.cli import main
from whist_ro.locale import _catalogue as catalogue

PYTHON = shlex.quote(sys.executable)
ENGINES = Path(__file__).resolve().parent / "engines"
WORD = re.compile(r"[A-Za-z]{2,}")
# The crashing engine's takeover, in Romanian (the record keeps its reason in every language).
TAKEOVER_RO = re.compile(r"\(c\): motorul a căzut: c s-a încheiat cu codul 3$", re.M)
PERCENT = re.compile(r"%(?:\([a-z_]+\))?[srd]")


def english_fragments() -> list[str]:
    """The English pieces of every catalogue message that has a different Romanian text.

    A piece is the text between two placeholders, split at line ends; only
    pieces of two words or more are kept (a lone word such as "bot" or
    "romanian" may stand in Romanian text too).
    """
    pieces: set[str] = set()
    for domain in ("whist_ro", "argparse"):
        entries = catalogue.read_po(catalogue.po_path("ro", domain).read_text(encoding="utf-8"))
        marked = {e.key for e in catalogue.identical(entries)[0]}
        for entry in entries:
            if not entry.msgid or entry.key in marked:
                continue
            for text in (entry.msgid, entry.plural or ""):
                literals = (
                    PERCENT.split(text)
                    if domain == "argparse"
                    else [literal for literal, *_ in string.Formatter().parse(text)]
                )
                for literal in literals:
                    for line in literal.splitlines():
                        piece = line.strip(" .,:;()")
                        if len(WORD.findall(piece)) >= 2:
                            pieces.add(piece)
    return sorted(pieces, key=len, reverse=True)


FRAGMENTS = english_fragments()


def untranslated(output: str) -> list[str]:
    return [piece for piece in FRAGMENTS if piece in output]


def revoke_record(tmp_path: Path) -> Path:
    """A finished 3-player match's record in which a seat that could follow suit did not."""
    m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=5), seed=5)
    data = json.loads(records.dumps(records.to_record(m)))
    done = m.rounds[7]
    for number, trick in enumerate(done.tricks):
        seen = {c for t in done.tricks[:number] for c in t.cards}
        seat, played = trick.seats[1], trick.cards[1]
        others = [c for c in done.hands[seat] if c not in seen and c.suit is not played.suit]
        if played.suit is trick.led_suit and others:
            data["rounds"][7]["actions"][3 + 3 * number + 1]["card"] = str(others[0])
            break
    path = tmp_path / "revoke.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("inputs")
    m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=5), seed=5)
    record = folder / "record.json"
    record.write_text(records.dumps(records.to_record(m)), encoding="utf-8")
    notation = folder / "round.txt"
    notation.write_text(
        "variant: romanian\ndealer: 2\nhand 0: Ah Jc\nhand 1: Kh 10c\nhand 2: 9d 10s\n"
        "turn-up: Qs\nbids: 0 0 1\ntrick: Jc 10c 9d\n",
        encoding="utf-8",
    )
    sheet = folder / "sheet.csv"
    sheet.write_text(
        "mână,împărțitor,licitat0,făcut0,licitat1,făcut1,licitat2,făcut2\n"
        "1,0,1,1,0,0,0,0\n1,1,0,0,0,1,0,0\ntotal,11,4,9\n",
        encoding="utf-8",
    )
    return {
        "record": str(record),
        "revoke": str(revoke_record(folder)),
        "notation": str(notation),
        "sheet": str(sheet),
        "engine": f"{PYTHON} -m whist_ro engine random",
        "crash": f"{PYTHON} {shlex.quote(str(ENGINES / 'crash.py'))}",
        "folder": str(folder),
    }


COMMANDS: dict[str, list[str]] = {
    "demo": ["--players", "3", "--seed", "2"],
    "demo-wide": ["--players", "3", "--seed", "2", "--wide", "--names", "Ana,Bogdan,Cici"],
    "demo-classic": ["--variant", "classic", "--seed", "3"],
    "check": ["check", "{record}"],
    "check-revoke": ["check", "{revoke}"],
    "check-notation": ["check", "{notation}"],
    "audit": ["audit", "{sheet}"],
    "perft": ["perft", "2", "--players", "3"],
    "perft-divide": ["perft", "1", "--divide", "--players", "3"],
    "perft-table": ["perft", "--table"],
    "rules": ["rules"],
    "rules-classic-full": ["rules", "classic", "--full"],
    "rules-one": ["rules", "--rule", "R-PLAY-3", "--variant", "classic"],
    "simulate": ["simulate", "--players", "3", "--matches", "2", "--bots", "random,rule,random"],
    "match": [
        "match",
        "--engine",
        "c={crash}",
        "--engine",
        "r={engine}",
        "--engine",
        "s={engine}",
        "--matches",
        "1",
        "--workers",
        "0",
        "--record-dir",
        "{folder}/matches",
    ],
    "engine-test": ["engine-test", "{engine}", "--quick"],
    "stats": ["stats", "--players", "3", "--games", "40", "--hand-size", "3"],
    **{
        f"help-{name}": [*([name] if name else []), "--help"]
        for name in (
            "",
            "check",
            "audit",
            "perft",
            "rules",
            "play",
            "simulate",
            "stats",
            "engine",
            "serve",
            "match",
            "engine-test",
        )
    },
}
REFUSALS: dict[str, list[str]] = {
    "bad-command": ["chek"],
    "bad-number": ["simulate", "--matches", "0"],
    "no-depth": ["perft"],
    "bad-bot": ["simulate", "--bots", "genius"],
    "missing-file": ["check", "/no/such/record.json"],
    "bad-rule": ["rules", "--rule", "R-PLAY-99"],
    "bad-engine": ["match", "--engine", "nonsense"],
    "bad-engine-count": [
        "match",
        "--variant",
        "classic",
        *(f"--engine={n}={{engine}}" for n in "abc"),
    ],
    "engine-will-not-start": ["match", "--engine", "a=/no/such/engine", "--matches", "1"],
    "unknown-option": ["rules", "--frobnicate"],
}


def run(args: list[str], inputs: dict[str, str], capsys: pytest.CaptureFixture[str]) -> str:
    """``main(args)`` in this process: stdout and stderr together."""
    with contextlib.suppress(SystemExit):
        main([arg.format(**inputs) for arg in args])
    out, err = capsys.readouterr()
    return out + err


@pytest.mark.parametrize("way", ["--lang", "LANG"])
@pytest.mark.parametrize("name", sorted(COMMANDS) + sorted(REFUSALS))
def test_every_command_speaks_romanian(
    name: str,
    way: str,
    inputs: dict[str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    args = COMMANDS.get(name) or REFUSALS[name]
    english = run(args, inputs, capsys)
    if way == "--lang":
        asked = [*args, "--lang", "ro"] if "--help" not in args else ["--lang", "ro", *args]
    else:
        asked = args
        monkeypatch.setenv("LANG", "ro_RO.UTF-8")
    output = run(asked, inputs, capsys)
    assert output.strip(), name
    assert "Traceback" not in output
    if name == "match":
        assert TAKEOVER_RO.search(output), output
    if name == "engine-will-not-start":  # the engine, the program and why, all in Romanian
        assert "motorul a: '/no/such/engine' nu poate fi pornit: nu există un astfel de fișier" in (
            output
        ), output
    if name == "bad-engine-count":
        assert "whistul clasic așază partenerii față în față" in output, output
    assert not untranslated(output), (name, untranslated(output)[:5])
    if name not in ("perft", "perft-divide"):  # counts and a deal's repr, the same in both
        assert output != english, name
        assert untranslated(english), name  # the check would have seen English


def test_the_english_fragments_are_found_where_left_untranslated() -> None:
    # The check itself: English output is full of them, Romanian output of none.
    assert len(FRAGMENTS) > 200
    assert untranslated("verdict: legal and consistent")
    assert not untranslated("verdict: legal și consecvent")


def test_argparse_words_are_romanian(
    inputs: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    help_text = run(["--lang", "ro", "play", "--help"], inputs, capsys)
    assert help_text.startswith("utilizare: whist-ro play [-h]")
    assert "\nopțiuni:\n" in help_text
    assert "afișează acest mesaj de ajutor și ieși" in help_text
    assert "argumente poziționale" in run(["--lang", "ro", "check", "--help"], inputs, capsys)
    refusal = run(["--lang", "ro", "check"], inputs, capsys)
    assert refusal == ("whist-ro: eroare: următoarele argumente sunt obligatorii: RECORD\n")
    assert "alegere nevalidă: 'chek'" in run(["--lang", "ro", "chek"], inputs, capsys)
    # and English again afterwards, whatever ran before
    assert run(["check"], inputs, capsys).startswith("whist-ro: error: the following arguments")


def test_the_revoke_verdict_names_the_rule_and_the_evidence(
    inputs: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["check", inputs["revoke"], "--lang", "ro"])
    out = capsys.readouterr().out
    assert code == 1
    assert "ÎNCĂLCARE a regulii R-PLAY-2" in out
    assert "verdict: ilegal (R-PLAY-2)" in out
    assert "poziția în acel moment:" in out
    assert " de " in out  # the cards in words: "K de inimă"


# -- streams that cannot show Romanian ---------------------------------------------------


def _subprocess(
    args: list[str], *, encoding: str, stdin: str | None = None, lang: str = "ro"
) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "LANG": "C", "WHIST_RO_LANG": lang}
    return subprocess.run(
        [sys.executable, "-m", "whist_ro", *args],
        input=None if stdin is None else stdin.encode(encoding),
        capture_output=True,
        timeout=300,
        check=False,
        env=env,
    )


@pytest.mark.parametrize("encoding", ["ascii", "cp1252", "latin-1"])
def test_a_stream_without_romanian_letters_gets_them_plain(
    encoding: str, inputs: dict[str, str]
) -> None:
    done = _subprocess(["check", inputs["revoke"]], encoding=encoding)
    assert done.returncode == 1, done.stderr
    out = done.stdout.decode(encoding)
    assert "INCALCARE a regulii R-PLAY-2" in out  # Î -> I, Ă -> A
    assert not set("șțȘȚăâîĂÂÎşţ♠♥♦♣") & set(out)
    assert done.stderr == b""
    refused = _subprocess(["--players", "9"], encoding=encoding)
    assert refused.returncode == 2
    assert refused.stderr.decode(encoding).startswith("whist-ro: eroare:")


def test_the_ascii_flag_strips_the_diacritics(
    inputs: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    plain = run(["--lang", "ro", "--ascii", "rules", "--rule", "R-PLAY-2"], inputs, capsys)
    assert plain.isascii()
    assert "R-PLAY-2  Raspunsul la culoare" in plain
    assert "Se aplica la toate variantele." in plain


def test_utf8_output_is_valid_bytes(inputs: dict[str, str]) -> None:
    done = _subprocess(["rules", "--full"], encoding="utf-8")
    assert done.returncode == 0
    text = done.stdout.decode("utf-8")  # raises if not valid UTF-8
    assert "împărțitor" in text
    assert not catalogue.cedilla_faults(text)


# -- the terminal game ---------------------------------------------------------------------


def test_a_whole_game_is_played_in_romanian(tmp_path: Path) -> None:
    answers = romanian_answers()
    record = tmp_path / "joc.json"
    done = _subprocess(
        ["play", "--players", "3", "--seed", "11", "--bots", "random", "--record", str(record)],
        encoding="utf-8",
        stdin="\n".join(answers) + "\n",
    )
    out = done.stdout.decode("utf-8")
    assert done.returncode == 0, done.stderr.decode()
    assert "Scrie ajutor pentru comenzi." in out
    assert "cărțile tale:" in out
    assert "licitația ta (" in out
    assert "refuzat: " in out  # the illegal card, answered in Romanian
    assert "foaia de scor" not in out or "l/f" in out
    assert "  poz   loc   total    puncte" in out  # the standings at the end
    assert "înregistrarea a fost scrisă în" in out
    assert not untranslated(out), untranslated(out)[:5]
    report = records.adjudicate(records.load(record))
    assert report.ok


def romanian_answers() -> list[str]:
    """A whole match's answers, in Romanian words: cards as "Q inimă", commands in Romanian."""
    from whist_ro.cli.play import SUIT_WORDS, TerminalGame  # noqa: PLC0415

    words = {suit: word for word, suit in reversed(list(SUIT_WORDS.items()))}
    answers: list[str] = ["ajutor", "scor", "sfat", "ultima"]
    tried = False

    def ask(prompt: str) -> str:
        nonlocal tried
        view = game.match.view(game.seat)
        bids = [a.tricks for a in view.legal_actions if isinstance(a, wr.Bid)]
        plays = [a.card for a in view.legal_actions if isinstance(a, wr.Play)]
        if bids:
            answer = str(bids[-1])
        else:
            illegal = [c for c in view.hand if c not in plays]
            card = illegal[0] if illegal and not tried else plays[0]
            tried = tried or bool(illegal)
            assert card is not None
            answer = f"{card.rank.label} {words[card.suit]}"
        answers.append(answer)
        return answer

    game = TerminalGame(
        wr.variants.ROMANIAN, players=3, seed=11, seat=0, bots="random", ask=ask,
        write=lambda text: None,
    )  # fmt: skip
    assert game.run().is_over
    assert tried, "this seed never offers a chance to try an illegal card"
    return answers


@pytest.mark.parametrize(
    ("args", "english"),
    [
        (["rules", "--rule", "R-PLAY-2", "--lang", "ro", "--lang", "en"], True),
        (["rules", "--rule", "R-PLAY-2", "--lang", "en", "--lang", "ro"], False),
        (["rules", "--rule", "R-PLAY-2", "--lang=ro", "--lang=en"], True),
        (["--lang", "en", "rules", "--rule", "R-PLAY-2", "--lang", "ro", "--lang", "ro"], None),
    ],
)
def test_the_last_lang_wins_as_argparse_keeps_the_last_value(
    args: list[str], english: bool | None
) -> None:
    done = _subprocess(args, encoding="utf-8", lang="en")
    out, err = done.stdout.decode("utf-8"), done.stderr.decode("utf-8")
    if english is None:  # given before and after the command with two values: refused
        assert done.returncode == 2
        assert err.startswith("whist-ro: eroare:")  # in the last language asked for
        return
    assert done.returncode == 0, err
    assert ("Follow suit" in out) is english
    assert ("Răspunsul la culoare" in out) is not english
