"""whist-ro engine, match and engine-test; and the proof of language independence: a JavaScript
engine (Node.js) and a Python one (serve) play each other through whist-ro match."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from whist_ro import records
from whist_ro.remote.conformance import check_engine

ROOT = Path(__file__).resolve().parents[1]
PLANNER = ROOT / "examples" / "engines" / "planner.js"
STEADY = ROOT / "examples" / "engines" / "steady.py"
ENGINES = ROOT / "tests" / "engines"
PYTHON = shlex.quote(sys.executable)
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(
    NODE is None,
    reason="node (Node.js 20 or later) is not installed: the JavaScript engine cannot run",
)


def whist_ro(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "whist_ro", *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=cwd,
        check=False,
    )


@needs_node
def test_a_javascript_and_a_python_engine_play_each_other(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    done = whist_ro(
        "match",
        "--engine", f"js=node {shlex.quote(str(PLANNER))}",
        "--engine", f"py={PYTHON} {shlex.quote(str(STEADY))}",
        "--engine", f"rule={PYTHON} -m whist_ro engine rule",
        "--matches", "2",
        "--seed", "5",
        "--workers", "0",
        "--time-limit", "5",
        "--record-dir", str(folder),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "romanian, 3 players, 2 matches" in done.stdout
    assert "takeovers:" not in done.stdout
    written = sorted(folder.glob("*.json"))
    assert [p.name for p in written] == ["match-0001.json", "match-0002.json"]
    for path in written:
        record = records.load(path)
        assert record.engines == ("js", "py", "rule")
        assert record.takeovers == ()
        assert records.adjudicate(record).ok
        check = whist_ro("check", str(path))
        assert check.returncode == 0, check.stdout[-2000:]


@needs_node
def test_the_javascript_engine_passes_the_conformance_test() -> None:
    report = check_engine(["node", str(PLANNER)], quick=True)
    assert report.ok, str(report)
    assert report.engine == "planner"


def test_the_python_example_engine_passes_the_conformance_test() -> None:
    done = whist_ro("engine-test", f"{PYTHON} {shlex.quote(str(STEADY))}", "--quick")
    assert done.returncode == 0, done.stdout
    assert done.stdout.splitlines()[0] == "engine steady (protocol version 1)"
    assert "FAIL" not in done.stdout


def test_engine_test_fails_an_engine_that_ignores_quit() -> None:
    done = whist_ro(
        "engine-test", f"{PYTHON} {shlex.quote(str(ENGINES / 'ignore_quit.py'))}", "--quick"
    )
    assert done.returncode == 1
    assert "FAIL  quit: exited with status -9" in done.stdout
    assert "FAIL  end of input" in done.stdout
    assert "PASS  romanian, 3 players" in done.stdout


def test_engine_test_reports_a_command_with_an_unclosed_quote_without_a_traceback() -> None:
    done = whist_ro("engine-test", 'node "unterminated')
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "FAIL  handshake: the engine command 'node \"unterminated' has a quote that is not" in (
        done.stdout
    )


def test_engine_test_reports_a_program_that_is_no_engine() -> None:
    report = check_engine([sys.executable, "-c", "print('hi')"])
    assert not report.ok
    assert [c.name for c in report.failures] == ["handshake"]


def test_engine_test_says_why_an_engine_would_not_start_in_romanian() -> None:
    # An engine that exits at once, silently: the start error itself is the detail, so the
    # report speaks the reader's language even with no lines on stderr to quote.
    report = check_engine([sys.executable, "-c", "import sys; sys.exit(4)"])
    (failure,) = report.failures
    assert "failed during the handshake: engine crashed: " in failure.render("en")
    assert "exited with status 4" in failure.render("en")
    romanian = failure.render("ro")
    assert "a eșuat în timpul inițierii comunicării: motorul a căzut: " in romanian
    assert romanian.endswith("s-a încheiat cu codul 4")


def test_match_lists_takeovers_and_writes_them_into_records(tmp_path: Path) -> None:
    crash = f"{PYTHON} {shlex.quote(str(ENGINES / 'crash.py'))}"
    chatty = f"{PYTHON} {shlex.quote(str(ENGINES / 'chatty.py'))}"
    done = whist_ro(
        "match", "--engine", f"crash={crash}", "--engine", f"chatty={chatty}",
        "--players", "4", "--engine", f"c2={chatty}", "--engine", f"c3={chatty}",
        "--matches", "1", "--duplicate", "--workers", "2", "--record-dir", str(tmp_path),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "4 matches (1 duplicate set of 4)" in done.stdout
    assert done.stdout.count("engine crashed: crash exited with status 3") == 4
    assert "Traceback" not in done.stderr  # takeovers are listed, not logged
    for path in tmp_path.glob("*.json"):
        record = records.load(path)
        (takeover,) = record.takeovers
        assert takeover.agent == "crash"
        assert "about to fall over" in (takeover.traceback or "")
        assert whist_ro("check", str(path)).returncode == 0


def test_match_draws_fresh_seeds_unless_given_and_prints_them(tmp_path: Path) -> None:
    """No engine can know the deals in advance; the printed seed deals them again."""
    engine = f"{PYTHON} -m whist_ro engine random"
    drawn = []
    for run in ("a", "b"):
        folder = tmp_path / run
        done = whist_ro(
            "match", "--players", "3", "--engine", f"r={engine}", "--matches", "2",
            "--record-dir", str(folder),
        )  # fmt: skip
        assert done.returncode == 0, done.stderr[-3000:]
        first_line = done.stdout.splitlines()[0]
        assert first_line.startswith("seeds ")
        assert "drawn at random" in first_line
        first, _, last = first_line.split()[1:4]
        assert int(last.rstrip(",")) == int(first) + 1
        assert f"(--seed {first} deals them again)" in first_line
        seeds = {records.load(path).seed for path in folder.glob("*.json")}
        assert seeds == {int(first), int(first) + 1}
        drawn.append(int(first))
    assert drawn[0] != drawn[1]  # 48 random bits: equal once in 2**48 runs
    given = whist_ro(
        "match", "--players", "3", "--engine", f"r={engine}", "--matches", "1", "--seed", "5",
        "--record-dir", str(tmp_path / "given"),
    )  # fmt: skip
    assert given.returncode == 0, given.stderr[-3000:]
    assert "drawn at random" not in given.stdout
    (path,) = (tmp_path / "given").glob("*.json")
    assert records.load(path).seed == 5


def test_match_starts_a_fresh_engine_process_for_every_match(tmp_path: Path) -> None:
    """With --duplicate too: no engine remembers a deal from an earlier rotation of the seats."""
    census = shlex.quote(str(ENGINES / "census.py"))
    logs = {name: tmp_path / f"{name}.pids" for name in ("a", "b", "c")}
    engines = [
        arg
        for name, log in logs.items()
        for arg in ("--engine", f"{name}={PYTHON} {census} {shlex.quote(str(log))}")
    ]
    done = whist_ro("match", *engines, "--matches", "2", "--duplicate", "--workers", "0")
    assert done.returncode == 0, done.stderr[-3000:]
    assert "6 matches (2 duplicate sets of 3)" in done.stdout
    for log in logs.values():
        pids = log.read_text().split()  # one line per new_match, with the process's id
        assert len(pids) == 6
        assert len(set(pids)) == 6  # a process per match, and one match per process


@pytest.mark.parametrize("workers", ["0", "2"])
def test_an_engine_that_fails_to_start_in_a_later_match_costs_only_its_seat(
    tmp_path: Path, workers: str
) -> None:
    """The flaky engine starts for the check before the first match, then never again."""
    starts = tmp_path / "starts"
    flaky = f"{PYTHON} {shlex.quote(str(ENGINES / 'flaky.py'))} {shlex.quote(str(starts))}"
    folder = tmp_path / "records"
    done = whist_ro(
        "match", "--players", "3", "--engine", f"a={PYTHON} -m whist_ro engine rule",
        "--engine", f"b={flaky}", "--engine", f"c={PYTHON} -m whist_ro engine rule",
        "--matches", "3", "--seed", "1", "--record-dir", str(folder), "--workers", workers,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr
    assert len(starts.read_text().split()) == 4  # the check's start, then one per match
    reason = "engine b failed during the handshake: engine crashed: b exited with status 4"
    for match in (1, 2, 3):
        assert f"match {match}, round 1, bidding: seat 1 (b): {reason}" in done.stdout
    written = sorted(folder.glob("*.json"))
    assert [p.name for p in written] == [f"match-000{i}.json" for i in (1, 2, 3)]
    for path in written:
        record = records.load(path)
        (takeover,) = record.takeovers
        assert (takeover.round, takeover.trick, takeover.seat) == (1, 0, 1)
        assert (takeover.agent, takeover.error) == ("b", "EngineStartError")
        assert takeover.reason == reason
        assert "licence expired" in (takeover.traceback or "")
        assert takeover.translations["ro"].startswith("motorul b a eșuat")
        assert records.adjudicate(record).ok
        check = whist_ro("check", str(path))
        assert check.returncode == 0
        assert check.stdout.endswith(f"takeovers:\n  round 1, bidding: seat 1 (b): {reason}\n")


def test_an_engine_that_cannot_start_at_all_stops_the_match_before_it_begins(
    tmp_path: Path,
) -> None:
    starts = tmp_path / "starts"
    starts.write_text("0\n")  # as if started before: every start now fails
    flaky = f"{PYTHON} {shlex.quote(str(ENGINES / 'flaky.py'))} {shlex.quote(str(starts))}"
    done = whist_ro(
        "match", "--players", "3", "--engine", f"a={PYTHON} -m whist_ro engine rule",
        "--engine", f"b={flaky}", "--engine", f"c={PYTHON} -m whist_ro engine rule",
        "--matches", "3", "--seed", "1", "--record-dir", str(tmp_path / "records"),
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr == (
        "whist-ro: error: engine b failed during the handshake: engine crashed: "
        "b exited with status 4\n"
    )
    assert len(starts.read_text().split()) == 2  # one start tried, no match played
    assert not list((tmp_path / "records").glob("*.json"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--engine", "nocommand"], "--engine takes NAME=COMMAND"),
        (["--engine", "=python x.py"], "--engine takes NAME=COMMAND"),
        (["--engine", "a=python x.py", "--engine", "a=python y.py"], "two different commands"),
        (
            ["--players", "3", *(f"--engine={n}=x" for n in "abcd")],
            "--players 3 but --engine names 4 engines",
        ),
        (
            [f"--engine={n}=x" for n in "abcdefg"],
            "--engine names 7 engines: romanian is played by 3 to 6 players",
        ),
        (
            ["--variant", "classic", *(f"--engine={n}=x" for n in "abc")],
            "whist-ro: error: --engine names 3 engines: classic whist seats partners opposite "
            "each other, and with 3 engines at 4 seats the first would sit on both sides "
            "(seats 0, 3); give 1, 2 or 4 engines",
        ),
        ([], "name at least one engine"),
        (
            ["--engine", "a=/nonexistent/engine", "--matches", "1"],
            "whist-ro: error: engine a: cannot start '/nonexistent/engine': no such file",
        ),
        (
            ["--engine", 'a=echo "unterminated'],
            "--engine a gives a command that cannot be run: the engine command "
            "'echo \"unterminated' has a quote that is not closed",
        ),
        (["--engine", "a=python x.py \\"], "ends in a backslash that escapes nothing"),
    ],
)
def test_match_refuses_a_bad_line_up_in_one_line(args: list[str], message: str) -> None:
    done = whist_ro("match", "--workers", "0", *args)
    assert done.returncode == 2
    assert message in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "whist-ro: error: engine x: cannot start '/nonexistent': no such file\n"),
        (
            "ro",
            "whist-ro: eroare: motorul x: '/nonexistent' nu poate fi pornit: "
            "nu există un astfel de fișier\n",
        ),
    ],
)
def test_an_engine_that_cannot_start_is_named_in_the_users_words(lang: str, line: str) -> None:
    """Not "lineup[0] (x) could not build a bot: EngineStartError: ...": the engine, the
    program and why, in the reader's language."""
    done = whist_ro(
        "--lang", lang, "match", "--engine", "x=/nonexistent", "--matches", "1", "--seed", "1",
        "--workers", "0",
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr == line


def test_whist_ro_engine_signs_its_notes_as_whist_ro_engine() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "whist_ro", "engine", "random"],
        input="not json\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("whist-ro engine: ignored a line that is no message: "), (
        done.stderr
    )


def test_engine_options_are_for_the_search_bot_only() -> None:
    done = whist_ro("engine", "rule", "--samples", "3")
    assert done.returncode == 2
    assert "only the search bot takes these options" in done.stderr
    done = whist_ro("engine", "search", "--spite", "2")
    assert done.returncode == 2
    assert "argument --spite" in done.stderr


def test_the_help_says_how_a_command_is_read() -> None:
    for command in (["match"], ["engine-test"]):
        shown = " ".join(whist_ro(*command, "--help").stdout.split())
        assert "split into words as a shell line is, then run without a shell" in shown
        assert "no VAR=value, no ~ or $VAR; for those, give sh -c '...' as the command" in shown


def test_a_command_is_split_as_a_shell_line_but_no_shell_runs_it(tmp_path: Path) -> None:
    from whist_ro.remote.process import command_args  # noqa: PLC0415

    assert command_args("A=1 ~/e 'two words' > log 2>&1 $HOME") == (
        "A=1", "~/e", "two words", ">", "log", "2>&1", "$HOME",
    )  # fmt: skip
    done = whist_ro("match", "--engine", "a=FOO=1 whist-ro engine random", "--seed", "1")
    assert done.returncode == 2
    assert done.stderr.startswith(
        "whist-ro: error: engine a: cannot start 'FOO=1': no such file; the command runs "
        "without a shell, so VAR=value, ~ and $VAR are not read: give sh -c '...' for those"
    )
    # What docs/engines.md says to do instead: a shell that runs the engine, its stderr kept.
    log = tmp_path / "engine.log"
    line = f"exec {PYTHON} -m whist_ro engine random 2>>{shlex.quote(str(log))}"
    shell = f"sh -c {shlex.quote(line)}"
    done = whist_ro(
        "match", "--engine", f"a={shell}", "--players", "3", "--matches", "1", "--seed", "1",
        "--workers", "0",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "takeovers:" not in done.stdout
    assert log.exists()


def test_fewer_engines_than_seats_take_the_seats_in_turn(tmp_path: Path) -> None:
    """Two engines at three seats: seat i plays engine i mod 2; --duplicate seats each at every
    seat; the summary adds each engine's seats up; the records name who finished where."""
    chatty = f"{PYTHON} {shlex.quote(str(ENGINES / 'chatty.py'))}"  # starts in milliseconds
    done = whist_ro(
        "match", "--engine", f"old={chatty}", "--engine", f"new={chatty}", "--players", "3",
        "--matches", "1", "--duplicate", "--seed", "4", "--workers", "0",
        "--record-dir", str(tmp_path),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "romanian, 3 players, 3 matches (1 duplicate set of 3)"
    assert lines[2].split()[:2] == ["old", "6"]
    assert lines[3].split()[:2] == ["new", "3"]
    at = lines.index("the rows above are per seat held; each bot's seats of a match added up:")
    assert lines[at + 1].split()[:4] == ["bot", "seats", "a", "match"]
    assert lines[at + 2].split()[:2] == ["old", "2"]
    assert lines[at + 3].split()[:2] == ["new", "1"]
    seen: dict[str, set[int]] = {"old": set(), "new": set()}
    for path in sorted(tmp_path.glob("*.json")):
        record = records.load(path)
        assert record.engines is not None
        for seat, (engine, player) in enumerate(zip(record.engines, record.players, strict=True)):
            assert engine is not None
            seen[engine].add(seat)
            assert player == (engine if engine == "new" else f"old (seat {seat})")
        check = whist_ro("check", str(path))
        assert check.returncode == 0
        assert "old (seat " in check.stdout.splitlines()[0]
    assert seen == {"old": {0, 1, 2}, "new": {0, 1, 2}}  # every engine at every seat


def test_two_engines_play_classic_whist_as_partners() -> None:
    chatty = f"{PYTHON} {shlex.quote(str(ENGINES / 'chatty.py'))}"
    done = whist_ro(
        "match", "--variant", "classic", "--engine", f"a={chatty}", "--engine", f"b={chatty}",
        "--matches", "1", "--seed", "2", "--workers", "0",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "classic, 4 players, 1 match (1 seed)"
    assert [line.split()[:2] for line in lines[2:4]] == [["a", "2"], ["b", "2"]]
    assert "added up" not in done.stdout  # equal seats: nothing to add up


def test_three_engines_are_refused_at_classic_whist_in_romanian() -> None:
    done = whist_ro(
        "--lang", "ro", "match", "--variant", "classic", *(f"--engine={n}=x" for n in "abc")
    )
    assert done.returncode == 2
    assert done.stderr == (
        "whist-ro: eroare: --engine numește 3 motoare: whistul clasic așază partenerii față în "
        "față, iar cu 3 motoare la 4 locuri primul ar sta de ambele părți (locurile 0, 3); "
        "dați 1, 2 sau 4 motoare\n"
    )


def test_the_search_engine_plays_searchbots_own_defaults() -> None:
    """``whist-ro engine search`` builds the bot as the library does: no setting restated."""
    from whist_ro.bots import SearchBot  # noqa: PLC0415
    from whist_ro.cli.remote import engine_options  # noqa: PLC0415

    # The served factory gets every option that has a default (whist_ro.remote.serve).
    sent: dict[str, Any] = {
        o.name: o.default for o in engine_options("search", {}) if o.default is not None
    }
    assert "solve" not in sent, "SearchBot chooses its endgame: 2 tricks, or 4 in classic"
    assert repr(SearchBot(seed=1, **sent)) == repr(SearchBot(seed=1))
    done = whist_ro("engine", "search", "--help")
    shown = " ".join(done.stdout.split())
    assert "--others" in shown
    assert "default 2 in the exact-bid family, 4 in classic whist" in shown
