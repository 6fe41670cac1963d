"""``whist-ro analyse``: post-mortems of a record, a round file or a folder, in either language."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

import whist_ro as wr
from whist_ro import records, variants
from whist_ro.cli import main
from whist_ro.solve import Verdict, post_mortem

# Worked out by hand in tests/test_post_mortem.py: seat 0 bid 0, led the K of clubs,
# was trumped and had to trump the A of spades later; the J of diamonds first kept it.
ROUND = (
    "dealer: 2\nhand 0: Jd Kc\nhand 1: As Kd\nhand 2: 10h Qc\nturn-up: 9d\n"
    "bids: 0 2 1\ntrick: Kc Kd Qc\ntrick: As 10h Jd\n"
)


def _match_record(players: int, seed: int, *, rounds: int) -> str:
    rng = random.Random(seed)
    m = wr.Match.new(variants.ROMANIAN, players=players, seed=seed)
    while len(m.rounds) < rounds:
        m = m.apply(rng.choice(m.legal_actions()))
    names = ["Ana", "Bogdan", "Cici", "Dan"][:players]
    return records.dumps(m.to_record(players=names))


def test_a_round_file_is_reported_line_by_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "round.txt"
    path.write_text(ROUND, encoding="utf-8")
    assert main(["analyse", str(path), "--lang", "en"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "round 1, seat 0 bid 0 and took 1: makeable; lost at trick 1 with the K of clubs "
        "(the J of diamonds kept it)",
        "round 1, seat 1 bid 2 and took 1: not makeable",
        "round 1, seat 2 bid 1 and took 0: not makeable",
        "1 of 3 missed bids were makeable; 0 answers unknown",
    ]
    assert main(["analyse", str(path), "--lang", "ro"]) == 0
    out = capsys.readouterr().out
    assert (
        "mâna 1, locul 0 a licitat 0 și a luat 1: se putea face; pierdută la levata 1 cu "
        "K de treflă (J de caro o păstra)"
    ) in out
    assert "1 din 3 licitații ratate se puteau face" in out


def test_a_record_names_its_players_and_matches_the_library(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _match_record(3, 4, rounds=6)
    path = tmp_path / "match.json"
    path.write_text(text, encoding="utf-8")
    assert main(["analyse", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    verdicts = [v for v in post_mortem(text) if isinstance(v, Verdict)]
    names = ("Ana", "Bogdan", "Cici")
    assert lines[:-1] == [v.render(name=names[v.seat]) for v in verdicts]
    assert len(lines) == 6 * 3 + 1
    assert lines[0].startswith("round 1, Ana bid ")


def test_a_folder_reads_the_same_with_one_process_or_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for i, players in enumerate((3, 4, 3)):
        (tmp_path / f"m{i}.json").write_text(_match_record(players, i, rounds=4), encoding="utf-8")
    (tmp_path / "round.txt").write_text(ROUND, encoding="utf-8")
    (tmp_path / "notes.md").write_text("not a record", encoding="utf-8")
    assert main(["analyse", str(tmp_path)]) == 0
    alone = capsys.readouterr().out
    assert main(["analyse", str(tmp_path), "--workers", "2"]) == 0
    assert capsys.readouterr().out == alone
    heads = [line for line in alone.splitlines() if line.endswith(":")]
    assert heads == [
        f"{tmp_path / name}:" for name in ("m0.json", "m1.json", "m2.json", "round.txt")
    ]


def test_a_small_budget_says_unknown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "round.txt"
    path.write_text(ROUND, encoding="utf-8")
    assert main(["analyse", str(path), "--budget", "1"]) == 0
    out = capsys.readouterr().out
    assert "seat 1 bid 2 and took 1: unknown (the search's budget ran out)" in out
    assert "0 of 3 missed bids were makeable; 3 answers unknown" in out


def test_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(ROUND))
    assert main(["analyse", "-"]) == 0
    assert "lost at trick 1 with the K of clubs" in capsys.readouterr().out


def _status(args: list[str]) -> int | str | None:
    """The command's exit status, whether it returned it or argparse exited with it."""
    try:
        return main(args)
    except SystemExit as exit_:
        return exit_.code


def test_what_cannot_be_analysed_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _status(["analyse", str(tmp_path)]) == 2
    assert "holds no .json or .txt file" in capsys.readouterr().err
    broken = tmp_path / "broken.txt"
    broken.write_text(ROUND.replace("trick: As 10h Jd", "trick: As Jd 10h"), encoding="utf-8")
    assert _status(["analyse", str(broken)]) == 2
    assert "R-PLAY-" in capsys.readouterr().err
    assert _status(["analyse", str(tmp_path / "missing.json")]) == 2
    assert _status(["analyse", str(broken), "--budget", "0"]) == 2
    assert _status(["analyse", str(broken), "--workers", "0"]) == 2


def test_a_classic_record_is_judged_by_sides(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(2)
    m = wr.Match.new(variants.CLASSIC, players=4, seed=2)
    while len(m.rounds) < 1:
        m = m.apply(rng.choice(m.legal_actions()))
    path = tmp_path / "classic.json"
    path.write_text(records.dumps(m.to_record()), encoding="utf-8")
    assert main(["analyse", str(path), "--budget", "50"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("round 1, seats 0 and 2 took ")
    assert lines[1].startswith("round 1, seats 1 and 3 took ")
    assert lines[2].endswith("unknown")
