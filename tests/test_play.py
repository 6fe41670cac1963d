"""``whist-ro play``: a person against bots at the terminal, driven by scripted answers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import whist_ro as wr
from whist_ro import records, variants
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
    assert "take(s) it" in out
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
    assert done.returncode == 130, done.stderr
    assert "stopped." in done.stdout
    assert "no round is finished yet." in done.stdout
    loaded = records.load(record)
    assert wr.Bid(seat=0, tricks=0) in loaded.rounds[0].actions


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
    assert done.returncode == 130
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


def test_a_digit_int_cannot_read_is_asked_again_not_a_crash() -> None:
    # "²" passes str.isdigit() but int() refuses it: it is answered, then the bid is asked again.
    answers = iter(["²", "0", "quit"])
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
    m = game.run()
    assert "a bid is a number: one of the offered bids, not '²'\n" in out
    assert m.round.bids[0] == 0
