"""The refusals of a file that cannot be read, in Romanian: records, round notation, score sheets.

``whist-ro check FILE --lang ro`` and ``whist-ro audit FILE --lang ro`` on a
malformed file print a Romanian message: the framing ("eroare") and the
message itself, its place ("rândul 1, coloana 1") and any refusal it quotes
(a card that is not a card), with no English catalogue message left.  The
Python API is unchanged: ``str(error)`` is the English text it always was,
and ``error.explain("ro")`` renders the same template and evidence in
Romanian.  Each case runs through the real command line on a real file.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import whist_ro as wr
from test_cli_lang import untranslated
from whist_ro import records
from whist_ro._check import WireObject, read_list
from whist_ro.cli import main
from whist_ro.errors import NotationError, RecordError, WhistError, WireError
from whist_ro.records.audit import read_sheet
from whist_ro.records.files import read_source, write_text

QUOTED = re.compile(r"'[^'\n]*'")
HEADER = "hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\n"


def good_record() -> dict[str, object]:
    m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    m = m.apply(m.legal_actions()[0])
    data: dict[str, object] = json.loads(records.dumps(records.to_record(m)))
    return data


def edited(change: Callable[[dict[str, object]], None]) -> str:
    data = good_record()
    change(data)
    return json.dumps(data)


def _set(path: tuple[str | int, ...], value: object) -> Callable[[dict[str, object]], None]:
    def change(data: dict[str, object]) -> None:
        target: object = data
        for key in path[:-1]:
            target = target[key]  # type: ignore[index]
        target[path[-1]] = value  # type: ignore[index]

    return change


def _drop(key: str) -> Callable[[dict[str, object]], None]:
    def change(data: dict[str, object]) -> None:
        del data[key]

    return change


NOTATION = "dealer: 2\nhand 0: Ah Jc\nhand 1: Kh 10c\nhand 2: 9d 10s\nturn-up: Qs\n"

# name: (text of the file, the English message, the Romanian message)
CHECK_CASES: dict[str, tuple[str, str, str]] = {
    "not-json": (
        '{"format": 1,',
        "not valid JSON: Expecting property name enclosed in double quotes (line 1, column 14)",
        "nu este JSON valid: se aștepta un nume de câmp între ghilimele duble "
        "(rândul 1, coloana 14)",
    ),
    "wrong-format": (
        '{"format": "whist-ro", "version": 2}',
        "format: expected 'whist-ro-record', not 'whist-ro'",
        "format: se aștepta 'whist-ro-record', nu 'whist-ro'",
    ),
    "wrong-version": (
        '{"format": "whist-ro-record", "version": 9}',
        "version: this library reads versions 1, 2, not 9",
        "version: această bibliotecă citește versiunile 1, 2, nu 9",
    ),
    "missing-field": (
        edited(_drop("rounds")),
        "rounds: missing",
        "rounds: lipsește",
    ),
    "unknown-key": (
        edited(_set(("rounds", 0, "actions", 0, "seet"), 1)),
        "rounds[0].actions[0].seet: unknown key (expected: seat, bid, card)",
        "rounds[0].actions[0].seet: cheie necunoscută (se așteptau: seat, bid, card)",
    ),
    "bad-bid": (
        edited(_set(("rounds", 0, "actions", 0, "bid"), -1)),
        "rounds[0].actions[0].bid: expected a whole number from 0 to 52, not -1",
        "rounds[0].actions[0].bid: se aștepta un număr întreg de la 0 la 52, nu -1",
    ),
    "bad-card": (
        edited(_set(("rounds", 0, "turn_up"), "Zz")),
        "rounds[0].turn_up: cannot read 'Zz' as a card: unknown suit 'z'",
        "rounds[0].turn_up: 'Zz' nu se poate citi ca o carte: culoare necunoscută 'z'",
    ),
    "players-list": (
        edited(_set(("players",), "abc")),
        "players: expected a list of 1 to 8 items, not 'abc'",
        "players: se aștepta o listă de 1 până la 8 elemente, nu 'abc'",
    ),
    "too-few-players": (
        edited(_set(("players",), ["a", "b"])),
        "players: romanian is played by 3 to 6 players, not 2 (R-DECK-2)",
        "players: romanian se joacă în 3 până la 6 jucători, nu în 2 (R-DECK-2)",
    ),
    "one-hand-short": (
        edited(_set(("rounds", 0, "hands"), [["Ah"], ["Kh"]])),
        "rounds[0].hands: expected one hand per player (3), not 2",
        "rounds[0].hands: se aștepta câte un set de cărți pentru fiecare jucător (3), nu 2",
    ),
    "twice": (
        '{"format": "whist-ro-record", "format": "whist-ro-record"}',
        "the key 'format' appears twice in one object",
        "cheia 'format' apare de două ori în același obiect",
    ),
    "too-deep": (
        '{"a": ' + "[" * 20 + "]" * 20 + "}",
        "the JSON is nested 21 levels deep; a record needs at most 16",
        "JSON-ul are 21 niveluri de imbricare; unei înregistrări îi ajung cel mult 16",
    ),
    "lone-surrogate": (
        '{"format": "\\udc00"}',
        "line 1, column 13: not valid Unicode: the escape \\udc00 is a lone surrogate "
        "(an escaped surrogate must be half of a pair, such as \\ud83d\\ude00)",
        "rândul 1, coloana 13: nu este Unicode valid: secvența \\udc00 este un surogat izolat",
    ),
    "json-list": (
        "[1, 2]",
        "this is JSON, but not a record: a record is a JSON object ({...}) with the fields "
        "'format', 'version', 'variant', 'players' and 'rounds'; this text holds a list",
        "acesta este JSON, dar nu o înregistrare: o înregistrare este un obiect JSON ({...})",
    ),
    "empty": (
        "  \n",
        "the text is empty: expected a JSON record (an object, {...}) or a round in the "
        "notation (dealer:, hand 0:, ...)",
        "textul este gol: se aștepta o înregistrare JSON (un obiect, {...})",
    ),
    "notation-line": (
        "hello\n",
        "line 1, column 1: expected 'variant:', 'dealer:', 'hand N:', 'turn-up:', 'bids:' or "
        "'trick:'",
        "rândul 1, coloana 1: se aștepta 'variant:', 'dealer:', 'hand N:', 'turn-up:', 'bids:' "
        "sau 'trick:'",
    ),
    "notation-card": (
        "dealer: 2\nhand 0: Ah Jx\n",
        "line 2, column 12: cannot read 'Jx' as a card: unknown suit 'x'",
        "rândul 2, coloana 12: 'Jx' nu se poate citi ca o carte: culoare necunoscută 'x'",
    ),
    "notation-dealer": (
        "dealer: x\n",
        "line 1, column 9: the dealer must be a whole number from 0 to 7, not 'x'",
        "rândul 1, coloana 9: împărțitorul trebuie să fie un număr întreg de la 0 la 7, nu 'x'",
    ),
    "notation-order": (
        "dealer: 2\nturn-up: Qs\n",
        "line 2, column 1: missing 'hand 0:'",
        "rândul 2, coloana 1: lipsește 'hand 0:'",
    ),
    "notation-bids": (
        NOTATION + "bids: 0 0 0 0\n",
        "line 6, column 13: 4 bids, but 3 players bid once each",
        "rândul 6, coloana 13: 4 licitații, dar 3 jucători licitează o singură dată fiecare",
    ),
    "notation-early-trick": (
        NOTATION + "bids: 0 0\ntrick: Jc 10c 9d\n",
        "line 7, column 1: a trick before the bidding is complete",
        "rândul 7, coloana 1: o levată înainte de încheierea licitației",
    ),
    "notation-variant": (
        "variant: bridge\n",
        "line 1, column 10: unknown variant 'bridge'; known: romanian, 1-8-1,",
        "rândul 1, coloana 10: variantă necunoscută 'bridge'; variante cunoscute: romanian, 1-8-1,",
    ),
    "notation-classic-bids": (
        "variant: classic\ndealer: 0\nhand 0: Ah\nhand 1: Kh\nhand 2: Qh\nhand 3: Jh\n"
        "turn-up: -\nbids: 0\n",
        "line 8, column 1: classic whist has no bidding: leave out the 'bids:' line",
        "rândul 8, coloana 1: whistul clasic nu are licitație: scoate rândul 'bids:'",
    ),
}

CHECK_CASES.update(
    {
        "config-field": (
            edited(_set(("variant",), {"name": None, "config": {"hook": 1}})),
            "variant.config.hook: Variant.hook must be True or False, not 1",
            "variant.config.hook: Variant.hook trebuie să fie True sau False, nu 1",
        ),
        "record-variant-name": (
            edited(_set(("variant", "name"), "bridge")),
            "variant.name: unknown variant 'bridge'; known: romanian,",
            "variant.name: variantă necunoscută 'bridge'; variante cunoscute: romanian,",
        ),
        "record-names": (
            edited(_set(("players",), ["Ana", " ", "Cy"])),
            "players: players[1] must be printable text of 1 to 100 characters, not blank,",
            "players: players[1] trebuie să fie text afișabil de 1 până la 100 de caractere,",
        ),
    }
)

AUDIT_CASES: dict[str, tuple[str, str, str]] = {
    "cell": (
        HEADER + "1,0,x,0,0,1,0,0\n",
        "line 2, column 3 (bid0): expected a whole number, not 'x'",
        "rândul 2, coloana 3 (bid0): se aștepta un număr întreg, nu 'x'",
    ),
    "total-cell": (
        HEADER + "1,0,0,0,0,1,0,0\ntotal,5,x,5\n",
        "line 3, column 3 (total of seat 1): expected a whole number, not 'x'",
        "rândul 3, coloana 3 (totalul pentru locul 1): se aștepta un număr întreg, nu 'x'",
    ),
    "header": (
        "hand_size,dealer,bid0,won0\n",
        "line 1: the header has 2 bid and won headings; it must be hand_size,dealer then "
        "bidN,wonN for each of 3 to 6 seats from 0",
        "rândul 1: antetul are 2 capete de coloană pentru bid și won; trebuie să fie "
        "hand_size,dealer (sau mână,împărțitor)",
    ),
    "header-start": (
        "round,dealer,bid0,won0,bid1,won1,bid2,won2\n",
        "line 1: the header does not start with hand_size,dealer;",
        "rândul 1: antetul nu începe cu hand_size,dealer;",
    ),
    "header-names": (
        "hand_size,dealer,Ana bid,Ana won,ana bid,ana won,Cy bid,Cy won\n",
        "line 1: the header names a player twice;",
        "rândul 1: antetul numește un jucător de două ori;",
    ),
    "row-width": (
        HEADER + "1,0,0,0\n",
        "line 2: expected 8 cells, not 4",
        "rândul 2: se așteptau 8 celule, nu 4",
    ),
    "total-width": (
        HEADER + "1,0,0,0,0,1,0,0\ntotal,5,5\n",
        "line 3: the total row holds 'total' and 3 totals, not 2",
        "rândul 3: rândul de total are 'total' și 3 totaluri, nu 2",
    ),
    "total-last": (
        HEADER + "total,5,5,5\n1,0,0,0,0,1,0,0\n",
        "line 3: the 'total' row must be the last one",
        "rândul 3: rândul 'total' trebuie să fie ultimul",
    ),
    "empty-sheet": (
        "\n\n",
        "the sheet is empty: expected a header line",
        "foaia este goală: se aștepta un rând de antet",
    ),
    "not-csv": (
        HEADER + '1,0,"0\n',
        "line 2: not valid CSV: unexpected end of data",
        "rândul 2: nu este CSV valid: sfârșit neașteptat al datelor",
    ),
}


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = 0
    try:
        code = main(args)
    except SystemExit as done:
        code = int(done.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def _cases() -> list[tuple[str, str, str, str, str]]:
    return [("check", name, *case) for name, case in CHECK_CASES.items()] + [
        ("audit", name, *case) for name, case in AUDIT_CASES.items()
    ]


@pytest.mark.parametrize(
    ("command", "name", "content", "english", "romanian"),
    _cases(),
    ids=[f"{c[0]}-{c[1]}" for c in _cases()],
)
def test_a_malformed_file_is_refused_in_romanian(
    command: str,
    name: str,
    content: str,
    english: str,
    romanian: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / f"{name}.{'csv' if command == 'audit' else 'txt'}"
    path.write_text(content, encoding="utf-8")
    code, out, err = run([command, str(path)], capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"whist-ro: error: {english}"), err
    english_err = err
    code, out, err = run([command, str(path), "--lang", "ro"], capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"whist-ro: eroare: {romanian}"), err
    assert err.count("\n") == 1
    assert not english_left(err), english_left(err)
    assert err != english_err


def english_left(text: str) -> list[str]:
    """The English catalogue pieces in ``text``, quoted input left out.

    What a refusal quotes from the file ('Jx', 'turn-up:') is the file's own
    text, the same in every language.
    """
    return untranslated(QUOTED.sub("", text))


def test_the_romanian_refusal_comes_from_the_environment_in_a_real_process(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "whist-ro", "version": 2}', encoding="utf-8")
    env = {**os.environ, "LANG": "ro_RO.UTF-8", "PYTHONIOENCODING": "utf-8"}
    env.pop("WHIST_RO_LANG", None)
    env.pop("LANGUAGE", None)
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    done = subprocess.run(
        [sys.executable, "-m", "whist_ro", "check", str(path)],
        capture_output=True,
        timeout=300,
        check=False,
        env=env,
    )
    assert done.returncode == 2
    assert done.stdout == b""
    assert done.stderr.decode("utf-8") == (
        "whist-ro: eroare: format: se aștepta 'whist-ro-record', nu 'whist-ro'\n"
    )


# -- the API: English as before, Romanian on request ----------------------------------------


def _refusal(call: Callable[[], object]) -> WhistError:
    with pytest.raises(WhistError) as caught:
        call()
    return caught.value


API_CASES: dict[str, tuple[Callable[[], object], str, str]] = {
    "loads-object": (
        lambda: records.loads("[]"),
        "expected an object, not []",
        "se aștepta un obiect, nu []",
    ),
    "loads-version-missing": (
        lambda: records.loads('{"format": "whist-ro-record"}'),
        "version: missing",
        "version: lipsește",
    ),
    "loads-nan": (
        lambda: records.loads('{"a": NaN}'),
        "NaN is not a JSON number",
        "NaN nu este un număr JSON",
    ),
    "loads-utf8": (
        lambda: records.loads(b'{"a": "\xff"}'),
        "line 1, column 8: the JSON text is not UTF-8: invalid start byte at byte 7",
        "rândul 1, coloana 8: textul JSON nu este UTF-8: octet de început nevalid la octetul 7",
    ),
    "loads-too-long": (
        lambda: records.loads("{}" * 10, max_chars=5),
        "line 1, column 1: the JSON text is 20 characters long; at most 5 are read",
        "rândul 1, coloana 1: textul JSON are 20 caractere; se citesc cel mult 5",
    ),
    "loads-not-text": (
        lambda: records.loads(5),  # type: ignore[arg-type]
        "line 1, column 1: expected JSON text, not 5",
        "rândul 1, coloana 1: se aștepta textul JSON, nu 5",
    ),
    "load-path": (
        lambda: records.load(1),  # type: ignore[arg-type]
        "expected a path or an open file to read, not 1",
        "se aștepta o cale sau un fișier deschis pentru citire, nu 1",
    ),
    "load-nul": (
        lambda: records.load("a\0b"),
        "cannot read 'a\\x00b': a path cannot hold a NUL character",
        "nu se poate citi 'a\\x00b': o cale nu poate conține caracterul NUL",
    ),
    "read-source-empty-path": (
        lambda: read_source("", what="text", max_chars=10),
        "cannot read '': the path is empty",
        "nu se poate citi '': calea este goală",
    ),
    "write-none": (
        lambda: write_text(None, "x"),
        "expected a path or an open file to write to, not None",
        "se aștepta o cale sau un fișier deschis pentru scriere, nu None",
    ),
    "parse-round-lines": (
        lambda: records.parse_round("#\n" * 300),
        "line 201, column 1: the text has 300 lines; a round needs at most 200",
        "rândul 201, coloana 1: textul are 300 rânduri; unei mâini îi ajung cel mult 200",
    ),
    "read-sheet-header-columns": (
        lambda: read_sheet("hand_size,dealer,bid0,won0,bid1,won1,bid2,x\n"),
        "line 1: the header has 'bid2','x' in columns 7 and 8, where 'bid2','won2' or "
        "'NAME bid','NAME won' go; it must be",
        "rândul 1: antetul are 'bid2','x' în coloanele 7 și 8, unde stau 'bid2','won2' sau "
        "'NUME bid','NUME won'; trebuie să fie",
    ),
    "audit-classic": (
        lambda: records.audit(HEADER, variant=wr.variants.CLASSIC),
        "audit checks exact-bid score sheets (bids and tricks); not Variant(",
        "audit verifică foi de scor cu licitație exactă (licitații și levate); nu Variant(",
    ),
    "wire-list": (
        lambda: read_list([1, 2], "view.bids", length=1),
        "view.bids: expected a list of 1 items, not [1, 2]",
        "view.bids: se aștepta o listă de 1 element, nu [1, 2]",
    ),
    "wire-missing": (
        lambda: WireObject({}, "view").whole("seat"),
        "view.seat: missing",
        "view.seat: lipsește",
    ),
    "wire-flag": (
        lambda: WireObject({"over": 1}, "step").flag("over"),
        "step.over: expected true or false, not 1",
        "step.over: se aștepta true sau false, nu 1",
    ),
    "whole": (
        lambda: wr.Variant(streak_length=0),
        "Variant.streak_length must be a whole number from 1 to",
        "Variant.streak_length trebuie să fie un număr întreg de la 1 la",
    ),
    "seat": (
        lambda: records.audit(HEADER, first_dealer=3),
        "first_dealer must be a seat from 0 to 2, not 3",
        "first_dealer trebuie să fie un loc de la 0 la 2, nu 3",
    ),
    "seed": (
        lambda: wr.Match.new(wr.variants.ROMANIAN, players=3, seed=7.0),  # type: ignore[arg-type]
        "seed must be an int, a str or a random.Random, not 7.0",
        "seed trebuie să fie un int, un str sau un random.Random, nu 7.0",
    ),
    "names": (
        lambda: wr.Match.new(wr.variants.ROMANIAN, players=3, names=["Ana", "Bo"]),
        "names must hold one name per seat (3), not 2",
        "names trebuie să conțină câte un nume pentru fiecare loc (3), nu 2",
    ),
    "classic-players": (
        lambda: wr.Match.new(wr.variants.CLASSIC, players=3),
        "classic is played by 4 players, not 3 (R-DECK-3)",
        "classic se joacă în 4 jucători, nu în 3 (R-DECK-3)",
    ),
    "exact-players": (
        lambda: wr.Match.new(wr.variants.ROMANIAN, players=7),
        "romanian is played by 3 to 6 players, not 7 (R-DECK-2)",
        "romanian se joacă în 3 până la 6 jucători, nu în 7 (R-DECK-2)",
    ),
    "zero-win": (
        lambda: wr.variants.check_zero_win(wr.ranking.Rating(zero_win=True), wr.variants.INVERTED),
        "the zero win is a 1-8-1 rule; variant 'inverted' is an 8-1-8 game, and only",
        "câștigul la zero este o regulă 1-8-1; varianta 'inverted' este un joc 8-1-8, și doar",
    ),
    "classic-flag": (
        lambda: wr.Variant(family="classic", hook=True),
        "Variant.hook must be False for the classic family: classic whist has no bidding (R-BID-2)",
        "Variant.hook trebuie să fie False în familia clasică: whistul clasic nu are licitație "
        "(R-BID-2)",
    ),
    "check-variant": (
        lambda: wr.variants.check_variant("romanian"),
        "variant must be a Variant such as variants.ROMANIAN",
        "variant trebuie să fie un Variant, de exemplu variants.ROMANIAN",
    ),
    "card": (
        lambda: wr.Card.parse("1x"),
        "cannot read '1x' as a card: unknown suit 'x'",
        "'1x' nu se poate citi ca o carte: culoare necunoscută 'x'",
    ),
}


@pytest.mark.parametrize("name", sorted(API_CASES))
def test_str_stays_english_and_explain_speaks_romanian(name: str) -> None:
    call, english, romanian = API_CASES[name]
    error = _refusal(call)
    assert str(error).startswith(english), str(error)
    assert error.template is not None, "a read refusal keeps its template and evidence"
    assert error.explain() == error.explain("en") == str(error)
    assert error.explain("ro").startswith(romanian), error.explain("ro")
    assert not english_left(error.explain("ro")), english_left(error.explain("ro"))


def test_the_place_is_evidence_and_the_path_stays_english() -> None:
    error = _refusal(lambda: records.parse_round("dealer: 2\nhand 0: Ah Jx"))
    assert isinstance(error, NotationError)
    assert (error.line, error.column, error.path) == (2, 12, "line 2, column 12")
    assert error.template == "{where}: {what}"
    assert str(error.evidence["where"]) == "line 2, column 12"
    quoted = error.evidence["what"].fields["error"]  # type: ignore[attr-defined]
    assert isinstance(quoted, WhistError)  # the card's own refusal, quoted whole
    assert str(quoted) == (
        "cannot read 'Jx' as a card: unknown suit 'x'; the suits are c, d, h and s "
        "(or ♣ ♦ ♥ ♠), as in 'Qd', '10c' or 'A♠'"
    )
    assert error.explain("ro").endswith(quoted.explain("ro"))
    record_error = _refusal(lambda: records.loads(CHECK_CASES["bad-bid"][0]))
    assert isinstance(record_error, RecordError)
    assert record_error.path == "rounds[0].actions[0].bid"
    assert record_error.evidence["where"] == "rounds[0].actions[0].bid"  # a path: not translated


def test_every_refusal_of_the_cases_is_built_from_a_template(tmp_path: Path) -> None:
    # Each file of the command-line cases, read through the API: none is English-only.
    for name, (content, _, _) in CHECK_CASES.items():
        error = _refusal(lambda content=content: records.adjudicate(content))  # type: ignore[misc]
        assert error.template is not None, name
    for name, (content, _, _) in AUDIT_CASES.items():
        error = _refusal(lambda content=content: records.audit(content))  # type: ignore[misc]
        assert error.template is not None, name
    assert isinstance(_refusal(lambda: WireObject([], "hello")), WireError)


@pytest.mark.parametrize(
    ("args", "english", "romanian"),
    [
        (
            ["--variant", "classic", "--players", "3"],
            "argument --players: classic is played by 4 players, not 3 (R-DECK-3)",
            "argumentul --players: classic se joacă în 4 jucători, nu în 3 (R-DECK-3)",
        ),
        (
            ["--seed", "9" * 25],
            "argument --seed: seed must fit in 63 bits",
            "argumentul --seed: seed trebuie să încapă în 63 de biți",
        ),
    ],
)
def test_a_refused_setting_is_explained_in_romanian(
    args: list[str], english: str, romanian: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(args, capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"whist-ro: error: {english}"), err
    code, out, err = run([*args, "--lang", "ro"], capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"whist-ro: eroare: {romanian}"), err
    assert not english_left(err), english_left(err)


def test_r_sched_5_counts_the_deck_s_cards_with_de_in_romanian() -> None:
    # A deck holds 24 cards or more, and a schedule it cannot supply needs more than
    # that: Romanian says "de" before a count of 20 and more (32 de cărți).
    with pytest.raises(wr.ConfigurationError) as info:
        wr.Match.new(attrs.evolve(wr.variants.ROMANIAN, schedule=(1, 9)), players=4, seed=1)
    assert "cere 36 de cărți, dar pachetul de 32 de cărți" in info.value.explain("ro")
    with pytest.raises(wr.ConfigurationError) as info:
        wr.Round.shuffled(wr.variants.ROMANIAN, players=4, dealer=0, hand_size=9, seed=1)
    assert "decât cele 32 de cărți ale pachetului" in info.value.explain("ro")
