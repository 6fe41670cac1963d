"""The README's first command: ``whist-ro`` plays a match and prints the sheet."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from whist_ro.cli import main


def _command() -> list[str]:
    # The installed console script beside this interpreter (a virtualenv's bin/).
    script = Path(sys.executable).with_name("whist-ro")
    found = str(script) if script.exists() else shutil.which("whist-ro")
    assert found, "the whist-ro command is not installed (pip install -e .)"
    return [found]


def test_readme_shows_the_command() -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert "python -m pip install . && whist-ro\n" in readme


@pytest.mark.parametrize("command", [_command(), [sys.executable, "-m", "whist_ro"]])
def test_the_command_runs_as_the_readme_says(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=True, timeout=60)
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
