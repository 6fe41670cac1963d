"""--fallback BOT on whist-ro match and simulate: who plays a seat taken over (R-SEAT-1)."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from whist_ro import records, tournaments
from whist_ro.bots import SearchBot
from whist_ro.cli import main
from whist_ro.tournaments import Entrant

ENGINES = Path(__file__).resolve().parent / "engines"
PYTHON = shlex.quote(sys.executable)
CRASH = f"{PYTHON} {shlex.quote(str(ENGINES / 'crash.py'))}"
CHATTY = f"{PYTHON} {shlex.quote(str(ENGINES / 'chatty.py'))}"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "whist_ro", *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@pytest.mark.parametrize(("given", "by"), [([], "RandomBot"), (["--fallback", "rule"], "RuleBot")])
def test_match_hands_a_lost_seat_to_the_fallback_bot_it_is_told(
    tmp_path: Path, given: list[str], by: str
) -> None:
    done = run(
        "match", "--engine", f"crash={CRASH}", "--engine", f"a={CHATTY}", "--engine",
        f"b={CHATTY}", "--matches", "1", "--seed", "3", "--workers", "0",
        "--record-dir", str(tmp_path), *given,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    (path,) = tmp_path.glob("*.json")
    (takeover,) = records.load(path).takeovers
    assert (takeover.agent, takeover.by) == ("crash", by)


def test_simulate_passes_its_fallback_to_the_tournament(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The built-in bots never lose a seat, so the tournament's own argument is what is seen.
    seen: list[Any] = []
    real = tournaments.tournament

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs.get("fallback"))
        return real(*args, **kwargs)

    monkeypatch.setattr(tournaments, "tournament", spy)
    common = ["simulate", "--players", "3", "--matches", "1", "--workers", "0"]
    assert main([*common, "--fallback", "search"]) == 0
    assert main(common) == 0
    assert seen[0] == Entrant(SearchBot, name="search")
    assert seen[1] is None  # the table's own RandomBot, seeded from the match: as before
    capsys.readouterr()


@pytest.mark.parametrize("command", ["simulate", "match"])
def test_a_fallback_that_does_not_play_the_variant_is_refused_in_one_line(command: str) -> None:
    engine = ["--engine", f"a={CHATTY}"] if command == "match" else []
    done = run(command, "--variant", "classic", "--fallback", "lowrisk", *engine)
    assert done.returncode == 2
    assert done.stderr == (
        "whist-ro: error: --fallback lowrisk is refused: the lowrisk bot plays "
        "the exact-bid family only, not classic; bots for classic: random, rule, search\n"
    )


def test_the_help_names_the_fallback_and_its_default() -> None:
    for command in ("simulate", "match"):
        done = run(command, "--help")
        assert "--fallback BOT" in done.stdout
        assert "default random" in " ".join(done.stdout.split())
