"""``whist-ro play``: a person against bots at the terminal, driven by scripted answers."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import whist_ro as wr
from whist_ro import records, variants
from whist_ro.cli import text
from whist_ro.cli.play import TerminalGame

SEED = 3
PLAYERS = 3


def scripted_answers() -> tuple[list[str], bool, bool]:
    """Answers that play a whole match legally, trying one illegal card on the way.

    Returns the answers, whether an illegal card was tried, and whether the
    person bid as dealer under the hook with the forbidden number left out.
    """
    answers: list[str] = []
    tried_illegal = False
    saw_hook = False
    game: TerminalGame

    def ask(prompt: str) -> str:
        nonlocal tried_illegal, saw_hook
        m = game.match
        view = m.view(0)
        bids = [a.tricks for a in view.legal_actions if isinstance(a, wr.Bid)]
        if bids:
            forbidden = m.round.forbidden_bid()
            if forbidden is not None:
                saw_hook = True
                # The dealer is never offered the number the hook forbids (R-BID-2).
                assert str(forbidden) not in prompt.split("(")[1]
            answer = str(bids[0])
        else:
            legal = {
                a.card for a in view.legal_actions if isinstance(a, wr.Play) and a.card is not None
            }
            held = set(view.hand)
            illegal = sorted(held - legal, key=lambda c: c.bit)
            if illegal and not tried_illegal:
                tried_illegal = True
                answer = str(illegal[0])
            else:
                answer = str(sorted(legal, key=lambda c: c.bit)[0])
        answers.append(answer)
        return answer

    game = TerminalGame(
        variants.ROMANIAN,
        players=PLAYERS,
        seed=SEED,
        seat=0,
        bots="random",
        ask=ask,
        write=lambda text: None,
    )
    assert game.run().is_over
    return answers, tried_illegal, saw_hook


def test_a_whole_match_is_played_from_scripted_answers(tmp_path: Path) -> None:
    answers, tried_illegal, saw_hook = scripted_answers()
    assert tried_illegal, "this seed never offers a chance to try an illegal card"
    assert saw_hook, "this seed never makes the person bid last under the hook"
    record = tmp_path / "game.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "whist_ro",
            "play",
            "--players",
            str(PLAYERS),
            "--seed",
            str(SEED),
            "--bots",
            "random",
            "--record",
            str(record),
        ],
        input="\n".join(answers) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    # The illegal card was refused with its rule and reason, and the game went on.
    # (input() prints its prompt without a newline, so the line starts with the prompt.)
    refused = [line for line in out.splitlines() if "refused: " in line]
    assert len(refused) == 1
    assert "(R-PLAY-" in refused[0]
    assert "you win it" in out or "seat 1 wins it" in out
    assert "take(s)" not in out
    assert "place  seat" in out  # the standings at the end
    # The record it wrote replays as a legal, consistent match.
    report = records.adjudicate(records.load(record))
    assert report.ok
    assert report.totals == wr.Match.from_record(records.load(record)).totals


def test_stopping_early_still_writes_the_record(tmp_path: Path) -> None:
    record = tmp_path / "stopped.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "whist_ro",
            "play",
            "--players",
            "3",
            "--seed",
            "1",
            "--bots",
            "random",
            "--record",
            str(record),
        ],
        input="sheet\n0\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr  # quit is not an interrupt
    assert "stopped." in done.stdout
    assert "no round is finished yet." in done.stdout
    assert f"play on with: whist-ro play --resume {record}" in done.stdout
    loaded = records.load(record)
    assert wr.Bid(seat=0, tricks=0) in loaded.rounds[0].actions
    assert loaded.seed == 1  # what --resume needs
    assert loaded.meta == {"program": "whist-ro play", "seat": 0, "bots": "random"}


def test_end_of_input_stops_like_quit(tmp_path: Path) -> None:
    record = tmp_path / "eof.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "whist_ro",
            "play",
            "--players",
            "4",
            "--seed",
            "2",
            "--bots",
            "random",
            "--record",
            str(record),
        ],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    assert record.exists()


def test_an_unknown_bot_is_a_usage_error() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "whist_ro", "play", "--bots", "genius"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "invalid choice: 'genius'" in done.stderr


def answered(*typed: str) -> tuple[wr.Match, list[str]]:
    """A game at seat 0 against random bots, answered with ``typed``: its match and output."""
    answers = iter(typed)
    out: list[str] = []
    game = TerminalGame(
        variants.ROMANIAN,
        players=PLAYERS,
        seed=1,
        seat=0,
        bots="random",
        ask=lambda prompt: next(answers),
        write=out.append,
    )
    return game.run(), out


def test_a_digit_int_cannot_read_is_asked_again_not_a_crash() -> None:
    # "²" passes str.isdigit() but int() refuses it: it is answered, then the bid is asked again.
    m, out = answered("²", "0", "quit")
    assert "a bid is a number: one of the offered bids, not '²'\n" in out
    assert m.round.bids[0] == 0


# -- the game's defaults, its record and its commands ----------------------------------


def _play(
    *args: str,
    answers: str = "quit\n",
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    stdin: int | None = None,
) -> subprocess.CompletedProcess[str]:
    """``whist-ro play ARGS`` with scripted answers (or the given stdin)."""
    return subprocess.run(
        [sys.executable, "-m", "whist_ro", "play", *args],
        input=answers if stdin is None else None,
        stdin=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=cwd,
        env=env,
    )


def _printed_seed(out: str) -> str:
    match = re.search(r"; seed (\S+)\. Type help", out)
    assert match, out[:500]
    return match.group(1)


def test_each_game_draws_a_fresh_seed_prints_it_and_records_it(tmp_path: Path) -> None:
    first = _play("--bots", "random", cwd=tmp_path)
    second = _play("--bots", "random", cwd=tmp_path)
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    seeds = [_printed_seed(first.stdout), _printed_seed(second.stdout)]
    assert seeds[0] != seeds[1]  # two draws of 10**9 are equal once in a billion
    # The default record is taken once, then the game moves to a numbered name.
    assert records.load(tmp_path / "whist-ro-game.json").seed == int(seeds[0])
    assert records.load(tmp_path / "whist-ro-game-2.json").seed == int(seeds[1])
    assert "whist-ro-game.json exists: this game's record will be whist-ro-game-2.json" in (
        second.stdout
    )


def test_an_existing_record_is_overwritten_only_with_force(tmp_path: Path) -> None:
    kept = tmp_path / "mine.json"
    kept.write_text("keep me", encoding="utf-8")
    done = _play("--record", str(kept), "--seed", "4", "--bots", "random")
    assert done.returncode == 0, done.stderr
    assert kept.read_text(encoding="utf-8") == "keep me"
    assert records.load(tmp_path / "mine-2.json").seed == 4
    forced = _play("--record", str(kept), "--seed", "5", "--force", "--bots", "random")
    assert forced.returncode == 0, forced.stderr
    assert records.load(kept).seed == 5


def test_resume_plays_on_with_the_same_deals(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    stopped = _play(
        "--players", "3", "--seed", "11", "--bots", "random", "--seat", "1",
        "--record", str(record), answers="0\nquit\n",
    )  # fmt: skip
    assert stopped.returncode == 0, stopped.stderr
    before = wr.Match.from_record(records.load(record))
    assert len(before.history) >= 2  # the bots' bids and the person's 0
    resumed = _play("--resume", str(record), answers="quit\n")
    assert resumed.returncode == 0, resumed.stderr
    assert f"resuming the romanian match of {record} at round 1" in resumed.stdout
    assert "you are seat 1, random bots" in resumed.stdout  # the recorded seat and bots
    assert _printed_seed(resumed.stdout) == "11"
    after = wr.Match.from_record(records.load(record))  # written back into the same file
    assert after == before
    # Played to the end from the record, the match deals every round as the seed does.
    finished = wr.random_playout(after, seed=3)
    fresh = wr.Match.new(variants.ROMANIAN, players=3, seed=11, names=after.names)
    for action in finished.history:
        fresh = fresh.apply(action)
    assert fresh == finished


def test_resume_refuses_a_finished_match_and_a_record_without_a_seed(tmp_path: Path) -> None:
    done = wr.random_playout(wr.Match.new(variants.ROMANIAN, players=3, seed=2), seed=2)
    over = tmp_path / "over.json"
    records.dump(done.to_record(seed=True), over)
    no_seed = tmp_path / "no_seed.json"
    records.dump(wr.Match.new(variants.ROMANIAN, players=3, seed=2).to_record(), no_seed)
    for path, says in ((over, "is over"), (no_seed, "holds no seed")):
        refused = _play("--resume", str(path))
        assert refused.returncode == 2
        assert says in refused.stderr
        assert refused.stderr.count("\n") == 1
    differs = _play("--resume", str(over), "--players", "4")
    assert differs.returncode == 2


def test_names_are_used_in_the_game_and_kept_in_the_record(tmp_path: Path) -> None:
    record = tmp_path / "named.json"
    done = _play(
        "--players", "3", "--seed", "4", "--bots", "random", "--seat", "1",
        "--names", "Ana,Bogdan,Cici", "--record", str(record), answers="quit\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "you are Bogdan (seat 1), random bots" in done.stdout
    assert re.search(r"^(Ana|Cici) bids \d", done.stdout, re.M)  # the bots go by their names
    assert records.load(record).players == ("Ana", "Bogdan", "Cici")
    resumed = _play("--resume", str(record), answers="quit\n")
    assert "you are Bogdan (seat 1)" in resumed.stdout  # the names come back with the record
    differs = _play("--resume", str(record), "--names", "A,B,C")
    assert differs.returncode == 2
    assert "--names A,B,C differs from the record's Ana,Bogdan,Cici" in differs.stderr


def test_last_and_hint_answer_without_playing() -> None:
    said: list[str] = []
    answers = iter(["last", "hint", "quit"])
    game = TerminalGame(
        variants.ROMANIAN,
        players=3,
        seed=6,
        seat=0,
        bots="random",
        ask=lambda prompt: next(answers),
        write=said.append,
    )
    m = game.run()
    text = "".join(said)
    assert "no trick has been played yet." in text
    hint = re.search(r"hint \(the rule bot's choice, not a rule\): bid (\d+)", text)
    assert hint, text
    assert m.to_act == 0  # neither answer acted: it is still the person's turn
    assert wr.Bid(seat=0, tricks=int(hint.group(1))) in m.legal_actions()


def test_last_shows_the_trick_that_was_just_won() -> None:
    said: list[str] = []
    shown: list[tuple[wr.Trick, int]] = []
    game: TerminalGame

    def ask(prompt: str) -> str:
        m = game.match
        if m.round.tricks and not shown:
            trick = m.round.tricks[-1]
            shown.append((trick, wr.trick_winner(trick, m.round.trump)))
            return "last"
        if shown:
            return "quit"
        first = m.view(0).legal_actions[0]
        if isinstance(first, wr.Bid):
            return str(first.tricks)
        assert isinstance(first, wr.Play)
        return str(first.card)

    game = TerminalGame(
        variants.ROMANIAN, players=3, seed=2, seat=0, bots="random", ask=ask, write=said.append
    )
    game.run()
    assert shown, "the match never showed a finished trick to the person"
    trick, winner = shown[0]
    line = next(s for s in said if s.startswith("last trick:"))
    assert line.rstrip().endswith(f"{'you' if winner == 0 else f'seat {winner}'} won it")
    for seat, card in zip(trick.seats, trick.cards, strict=True):
        assert f"{'you' if seat == 0 else f'seat {seat}'} {card}" in line


_WITH_CTRL_C = (
    "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "sys.argv[0] = 'whist-ro'; runpy.run_module('whist_ro', run_name='__main__')"
)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_exits_130_and_still_writes_the_record(tmp_path: Path) -> None:
    record = tmp_path / "interrupted.json"
    process = subprocess.Popen(
        # `python -m whist_ro play ...` with Ctrl-C handled as Python does from a terminal:
        # a suite started in the background (a shell's `&`) runs with SIGINT ignored, and
        # the child would inherit that and never see the signal.
        [sys.executable, "-c", _WITH_CTRL_C, "play", "--seed", "3", "--bots", "random",
         "--record", str(record)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    assert process.stdout is not None
    seen = b""
    deadline = time.monotonic() + 60
    while b"your bid" not in seen and time.monotonic() < deadline:  # the game waits for input
        ready, _, _ = select.select([process.stdout], [], [], 1)
        if ready:
            seen += os.read(process.stdout.fileno(), 4096)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert b"stopped." in seen + out
    assert records.load(record).seed == 3


def test_the_record_path_is_checked_before_the_game(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    cases = {
        str(tmp_path / "missing" / "game.json"): "does not exist",
        str(folder): "it is a folder",
        "": "needs a file name",
    }
    if Path("/dev/full").exists():
        cases["/dev/full"] = "is not a regular file"
    for path, says in cases.items():
        done = _play("--record", path)
        assert done.returncode == 2, (path, done.stderr)
        assert says in done.stderr
        assert done.stderr.count("\n") == 1
        assert "your bid" not in done.stdout  # refused before the first question


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_record_that_cannot_be_written_goes_to_a_fallback_file(tmp_path: Path) -> None:
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    done = _play("--record", "/dev/full", "--force", "--seed", "8", env=env)
    assert done.returncode == 3, done.stderr
    assert "could not write the record to /dev/full: No space left on device" in done.stdout
    fallback = re.search(r"the record is saved in (\S+) instead", done.stdout)
    assert fallback, done.stdout
    assert Path(fallback.group(1)).parent == tmp_path
    assert records.load(fallback.group(1)).seed == 8
    assert f"play on with: whist-ro play --resume {fallback.group(1)}" in done.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file descriptors")
def test_play_with_stdin_closed_refuses_to_start(tmp_path: Path) -> None:
    # whist-ro play <&- : descriptor 0 is closed when the interpreter starts.
    done = subprocess.run(
        [sys.executable, "-m", "whist_ro", "play"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=tmp_path,
        preexec_fn=lambda: os.close(0),
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("whist-ro: error: play reads your moves from standard input")
    assert done.stderr.count("\n") == 1
    assert not list(tmp_path.iterdir())  # no record of a game that never started


def test_an_ascii_terminal_plays_with_suit_letters_and_keeps_the_record(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = _play("--seed", "9", "--bots", "random", answers="sheet\nhint\nquit\n", env=env,
                 cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii()
    assert re.search(r"trump [shdc] \(\w+ turned up\)", done.stdout)
    assert records.load(tmp_path / "whist-ro-game.json").seed == 9


def test_a_bot_that_does_not_play_the_variant_is_refused_before_the_game() -> None:
    done = _play("--variant", "classic", "--bots", "lowrisk")
    assert done.returncode == 2
    assert "lowrisk bot plays the exact-bid family only" in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("lang", "typed"),
    [("en", "bid 1"), ("en", "Bid 1"), ("ro", "licitează 1"), ("ro", "liciteaza 1")],
)
def test_a_bid_typed_as_the_move_list_writes_it_is_read(lang: str, typed: str) -> None:
    # "your move: bid 0, bid 1" (Romanian "licitează 0, licitează 1"): typing what it lists
    # was refused as "a bid is a number ... not 'bid 1'".
    with text.speaking(lang):
        m, out = answered(typed, "quit")
    assert not any("not '" in line or "nu '" in line for line in out), out
    assert m.round.bids[0] == 1
