"""``whist-ro match --engine-log DIR`` (issue 25, item 3): each engine's standard error is kept,
one file per match and seat, each cut after 1 MiB with the cut said in the file."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from whist_ro.cli import main
from whist_ro.errors import EngineStartError
from whist_ro.remote import EngineAgent
from whist_ro.remote.process import LOG_LIMIT

ENGINES = Path(__file__).resolve().parent / "engines"
PYTHON = shlex.quote(sys.executable)


def engine(name: str) -> str:
    return f"{PYTHON} {shlex.quote(str(ENGINES / f'{name}.py'))}"


def test_match_keeps_each_engines_stderr_one_file_per_match_and_seat(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    done = subprocess.run(
        [
            sys.executable, "-m", "whist_ro", "match",
            "--engine", f"crash={engine('crash')}",
            "--engine", f"flood={engine('flood')}",
            "--engine", f"rule={PYTHON} -m whist_ro engine rule",
            "--matches", "2", "--seed", "3", "--workers", "0", "--time-limit", "20",
            "--engine-log", str(logs),
        ],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    in_matches = sorted(p.name for p in logs.glob("match-*.log"))
    assert in_matches == [
        f"match-{match:04d}-seat{seat}-{name}.log"
        for match in (1, 2)
        for seat, name in enumerate(["crash", "flood", "rule"])
    ]
    # The start check before the first match (seed 0) keeps its logs too.
    assert sorted(p.name for p in logs.glob("*-seed-*.log")) == [
        "crash-seed-0.log",
        "flood-seed-0.log",
        "rule-seed-0.log",
    ]
    for match in (1, 2):
        crashed = (logs / f"match-{match:04d}-seat0-crash.log").read_text()
        assert crashed == "about to fall over\n"
        flood = (logs / f"match-{match:04d}-seat1-flood.log").read_bytes()
        kept, cut = flood.rsplit(b"\n[", 1)
        assert len(kept) == LOG_LIMIT
        assert kept.startswith(b"log ....")
        written = 20_000 * len("log " + "." * 1000 + "\n") + len("the last line of the flood\n")
        assert cut.decode() == (
            f"whist-ro: this log was cut after its first {LOG_LIMIT} bytes; "
            f"{written - LOG_LIMIT} more bytes were left out]\n"
        )


def test_an_engine_log_that_cannot_be_written_stops_the_start(tmp_path: Path) -> None:
    with pytest.raises(EngineStartError, match="cannot write the engine log") as caught:
        EngineAgent.popen(
            [sys.executable, "-m", "whist_ro", "engine", "random"],
            stderr_log=tmp_path / "missing" / "engine.log",
        )
    assert caught.value.explain("ro").startswith("jurnalul motorului ")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="/dev/full: a disk that is full")
def test_a_log_that_cannot_be_written_any_more_still_drains_the_engines_stderr() -> None:
    """The flood (20 MB on stderr before hello) would fill the pipe and stop the engine."""
    engine = EngineAgent.popen([sys.executable, str(ENGINES / "flood.py")], stderr_log="/dev/full")
    try:
        assert engine.name == "flood"
        assert engine.stderr[-1] == "the last line of the flood"
    finally:
        assert engine.close() == 0


@pytest.mark.parametrize("option", ["--engine-log", "--record-dir"])
def test_a_folder_option_naming_a_file_is_a_usage_error_naming_it(
    option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Said as a usage error (status 2) with the path and why, not 'error: File exists' (3).
    monkeypatch.chdir(tmp_path)
    taken = Path("taken")
    taken.write_text("a file, not a folder\n")
    command = ["match", "--engine", f"rule={PYTHON} -m whist_ro engine rule", option, str(taken)]
    with pytest.raises(SystemExit) as info:
        main(command)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err == f"whist-ro: error: {option}: cannot make the folder 'taken': File exists\n"
    assert "Traceback" not in err
    assert taken.read_text() == "a file, not a folder\n"  # nothing touched
