"""The ``whist-ro`` command against hostile use: absurd option values, closed or odd streams.

Every subcommand is run with option values far outside their range and with
standard input or output closed, full or in an encoding that cannot show the
suit symbols.  Each run must end with a documented exit status
(:mod:`whist_ro.cli.status`), and a refusal must be one ``whist-ro: error:``
line with no traceback.  Memory and time are bounded the way an operator
would bound them: the children run under an address-space limit
(``RLIMIT_AS``) and a timeout, so a command that allocated for a billion
players, or started a hundred thousand processes, would fail here rather
than pass slowly.  These are limits, not timings.

The absurd values run in one child, which calls the command's ``main()`` for
each case in turn (one interpreter start for all of them); the stream cases
need a fresh process each.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import whist_ro as wr
from whist_ro import records

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX resource limits")

MEMORY_LIMIT = 1 << 30  # 1 GiB of address space for the whole child
TIMEOUT = 120  # seconds for one child; the absurd cases are refused in well under a second
CASE_SECONDS = 20  # per case inside the child, by SIGALRM

EXIT_STATUSES = {0, 1, 2, 3, 70, 130}
BIG = "1000000000"
HUGE = "9" * 5000

# (argv, expected status): each must be refused before it allocates or runs anything.
ABSURD: list[list[str]] = [
    # the demo match
    ["--players", BIG],
    ["--players", "-1"],
    ["--players", HUGE],
    ["--seed", HUGE],
    ["--seed", "99999999999999999999"],
    ["--variant", "x" * 100_000],
    ["--variant", ""],
    # check and audit
    ["check", ""],
    ["check", "/"],
    ["check", "/no/such/record.json"],
    ["check", "/dev/null"],
    ["audit", "/dev/null"],
    ["audit", "/no/such/sheet.csv", "--variant", "classic"],
    ["--players", "3", "check", "-"],
    # perft
    ["perft", BIG],
    ["perft", "-1"],
    ["perft", HUGE],
    ["perft", "3", "--hand-size", BIG],
    ["perft", "3", "--dealer", BIG],
    ["perft", "3", "--players", BIG],
    ["perft"],
    # rules
    ["rules", "--rule", "R-" * 50_000],
    ["rules", "x" * 10_000],
    # play (refused before the first question, so no stdin is read)
    ["play", "--players", BIG],
    ["play", "--seat", BIG],
    ["play", "--seed", HUGE],
    ["play", "--record", "/no/such/folder/game.json"],
    ["play", "--resume", "/no/such/record.json"],
    ["play", "--variant", "classic", "--players", "3"],
    # simulate
    ["simulate", "--players", BIG],
    ["--players", BIG, "simulate"],
    ["simulate", "--matches", BIG],
    ["simulate", "--matches", "0"],
    ["simulate", "--workers", "100000"],
    ["simulate", "--workers", "-2"],
    ["simulate", "--bots", "random," * 100_000],
    ["simulate", "--bots", ","],
    ["simulate", "--reference", "nobody"],
    ["simulate", "--seed", "9223372036854775807", "--matches", "2"],
    # stats
    ["stats", "--games", "1000000000000"],
    ["stats", "--games", "0"],
    ["stats", "--workers", "100000"],
    ["stats", "--workers", "-2"],
    ["stats", "--hand-size", "0"],
    ["stats", "--hand-size", "13"],
    ["stats", "--players", BIG],
    ["stats", "--dealer", BIG],
    ["stats", "--policy", "genius"],
]

DRIVER = textwrap.dedent(
    """
    import contextlib, io, json, signal, sys
    from whist_ro.cli import main

    class TooSlow(Exception):
        pass

    def alarm(signum, frame):
        raise TooSlow

    signal.signal(signal.SIGALRM, alarm)
    cases = json.load(open(sys.argv[1], encoding="utf-8"))
    results = []
    for argv in cases:
        out, err = io.StringIO(), io.StringIO()
        signal.alarm(int(sys.argv[3]))
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    code = main(argv)
                except SystemExit as stop:
                    code = stop.code
        except TooSlow:
            code = "too slow"
        except BaseException as error:
            code = "escaped " + type(error).__name__
        finally:
            signal.alarm(0)
        results.append({"code": code, "out": out.getvalue()[:2000], "err": err.getvalue()[:2000]})
    json.dump(results, open(sys.argv[2], "w", encoding="utf-8"))
    """
)


def _limited() -> None:
    """In the child, before it starts: cap its address space (and its children's)."""
    import resource  # noqa: PLC0415 - POSIX only, and only in the child

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _run(
    argv: list[str],
    *,
    env: dict[str, str] | None = None,
    stdin: Any = subprocess.DEVNULL,
    stdout: Any = subprocess.PIPE,
    close: tuple[int, ...] = (),
    cwd: Path | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """``whist-ro ARGV`` in a limited child; ``close`` lists descriptors closed at its start."""

    def start() -> None:
        _limited()
        for descriptor in close:
            os.close(descriptor)

    return subprocess.run(
        [sys.executable, "-m", "whist_ro", *argv],
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        env=env,
        cwd=cwd,
        timeout=TIMEOUT,
        check=False,
        preexec_fn=start,
    )


def _one_line_error(err: str, where: object) -> None:
    assert err.startswith("whist-ro: "), (where, err[:500])
    assert err.count("\n") == 1, (where, err[:2000])
    assert "Traceback" not in err, where


def test_absurd_option_values_are_refused_in_one_line_within_bounds(tmp_path: Path) -> None:
    cases = tmp_path / "cases.json"
    results = tmp_path / "results.json"
    cases.write_text(json.dumps(ABSURD), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, str(cases), str(results), str(CASE_SECONDS)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT * 3,
        check=False,
        preexec_fn=_limited,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(results.read_text(encoding="utf-8"))
    assert len(found) == len(ABSURD)
    for argv, result in zip(ABSURD, found, strict=True):
        where = " ".join(a[:40] for a in argv)
        assert result["code"] == 2, (where, result)
        assert result["out"] == "", where
        _one_line_error(result["err"], where)
        assert result["err"].startswith("whist-ro: error: "), where
        assert len(result["err"]) < 1000, where  # a huge value is quoted as an excerpt


# -- closed and odd streams, one fresh process each ----------------------------------------


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=5), seed=5)
    path = tmp_path_factory.mktemp("hostile") / "record.json"
    records.dump(m.to_record(claimed_totals=m.totals), path)
    return str(path)


@pytest.fixture(scope="module")
def sheet_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("hostile") / "sheet.csv"
    path.write_text(
        "hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\n1,0,1,1,1,0,0,0\n", encoding="utf-8"
    )
    return str(path)


def _every_command(record: str, sheet: str, tmp: Path) -> dict[str, list[str]]:
    """A small valid run of every command (play stops at the first question: quit)."""
    return {
        "demo": ["--players", "3"],
        "check": ["check", record],
        "audit": ["audit", sheet],
        "perft": ["perft", "2"],
        "rules": ["rules", "classic", "--full"],
        "play": ["play", "--players", "3", "--record", str(tmp / "game.json"), "--force"],
        "simulate": ["simulate", "--matches", "1", "--workers", "0"],
        "stats": ["stats", "--games", "500"],
    }


@pytest.mark.parametrize(
    ("encoding", "names"),
    [("ascii", None), ("cp1252", ("demo", "check"))],  # one fallback path: all once is enough
)
def test_every_command_writes_to_an_output_that_cannot_show_the_suits(
    encoding: str, names: tuple[str, ...] | None, record_file: str, sheet_file: str, tmp_path: Path
) -> None:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    for name, argv in _every_command(record_file, sheet_file, tmp_path).items():
        if names is not None and name not in names:
            continue
        done = _run(argv, env=env)  # play reads the end of its input: it stops, status 0
        assert done.returncode == 0, (name, done.stderr.decode(errors="replace"))
        assert done.stderr == b"", name
        text = done.stdout.decode(encoding)  # every byte is valid in the stream's encoding
        assert not set("♠♥♦♣") & set(text), name
    if names is None:
        assert records.load(tmp_path / "game.json").seed is not None  # play kept its record


def test_every_command_with_stdout_closed_says_so_and_exits_3(
    record_file: str, sheet_file: str, tmp_path: Path
) -> None:
    for name, argv in _every_command(record_file, sheet_file, tmp_path).items():
        done = _run(argv, stdout=None, close=(1,))
        assert done.returncode == 3, (name, done.stderr)
        _one_line_error(done.stderr.decode(), name)
        assert b"standard output is closed" in done.stderr, name


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_output_is_a_system_error_not_a_traceback(
    record_file: str, sheet_file: str, tmp_path: Path
) -> None:
    for name, argv in _every_command(record_file, sheet_file, tmp_path).items():
        with open("/dev/full", "wb") as full:
            done = _run(argv, stdout=full, stdin=subprocess.DEVNULL)
        # play writes its record (and says where) on stdout too: the game is lost, the
        # status is still one the command documents.
        assert done.returncode in EXIT_STATUSES - {0, 70}, (name, done.stderr)
        err = done.stderr.decode()
        assert "Traceback" not in err, (name, err)
        assert "No space left on device" in err, (name, err)


def test_commands_that_read_stdin_refuse_a_closed_one(tmp_path: Path) -> None:
    for argv in (["check", "-"], ["audit", "-"], ["play", "--record", str(tmp_path / "g.json")]):
        done = _run(argv, stdin=None, close=(0,), cwd=tmp_path)
        assert done.returncode == 2, (argv, done.stderr)
        _one_line_error(done.stderr.decode(), argv)
    assert not (tmp_path / "g.json").exists()


def test_the_exit_statuses_are_documented_where_users_look() -> None:
    done = _run(["--help"])
    assert done.returncode == 0
    text = done.stdout.decode()
    for code, words in (
        ("0", "done"),
        ("1", "broken rule"),
        ("2", "usage error"),
        ("3", "the system failed"),
        ("70", "a bug in whist-ro"),
        ("130", "interrupted by Ctrl-C"),
    ):
        assert any(line.split()[:1] == [code] and words in line for line in text.splitlines()), code
    docs = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text("utf-8")
    for code in ("| 0 |", "| 1 |", "| 2 |", "| 3 |", "| 70 |", "| 130 |"):
        assert code in docs
