"""The README's first command: ``python -m whist_ro`` plays a match and prints the sheet."""

from __future__ import annotations

import subprocess
import sys

import pytest

from whist_ro.cli import main


def test_module_runs_as_the_readme_says() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "whist_ro"], capture_output=True, text=True, check=True, timeout=60
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("romanian whist, 4 players, seed 7")
    rounds = [line for line in lines if line[:3].strip().isdigit() and "|" in line]
    assert len(rounds) == 24  # R-SCHED-1 for 4 players
    assert lines[-1].startswith("Winner")


@pytest.mark.parametrize(
    ("args", "rounds"),
    [(["--variant", "inverted", "--players", "5"], 27), (["--players", "3", "--seed", "x"], 21)],
)
def test_main_prints_sheet_standings_and_winner(
    args: list[str], rounds: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 0
    out = capsys.readouterr().out
    sheet_rows = [line for line in out.splitlines() if line[:3].strip().isdigit() and "|" in line]
    assert len(sheet_rows) == rounds
    assert "Standings" in out
    assert "Winner" in out


def test_main_plays_classic(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--variant", "classic"]) == 0
    assert "(partners)" in capsys.readouterr().out
