"""The ``whist-ro`` command: refusals are one line and status 2, never a traceback."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from typing import Any

import attrs
import pytest

import whist_ro as wr
from whist_ro import records
from whist_ro.bots import RuleBot
from whist_ro.cli import main
from whist_ro.rules import book

PRESETS = (
    "romanian",
    "romanian-forehead",
    "romanian-hidden",
    "inverted",
    "classic",
    "classic-rubber",
    "long-whist",
)


def refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``main(args)``, expect argparse's status 2 and no output; return stderr."""
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback" not in err
    return err


def test_r_deck_2_too_many_players_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(["--players", "9"], capsys)
    assert err.count("\n") == 1
    assert err.startswith("whist-ro: error: ")
    assert "not 9" in err
    assert "(R-DECK-2)" in err


def test_r_deck_3_classic_for_three_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(["--variant", "classic", "--players", "3"], capsys)
    assert err.count("\n") == 1
    assert err.startswith("whist-ro: error: ")
    assert "not 3" in err
    assert "(R-DECK-3)" in err


def test_zero_players_is_refused_not_read_as_the_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "not 0" in refused(["--players", "0"], capsys)


@pytest.mark.parametrize("players", ["x", "4.0", "", "9" * 5000])
def test_players_must_be_a_whole_number(players: str, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(["--players", players], capsys)
    assert "argument --players: expected a whole number" in err
    assert len(err) < 500  # the bad value is quoted as an excerpt, not whole


def test_unknown_variant_lists_the_presets(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(["--variant", "bridge"], capsys)
    assert "unknown variant 'bridge'" in err
    assert "presets: " + ", ".join(PRESETS) in err


def test_a_seed_too_long_to_convert_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(["--seed", "9" * 5000], capsys)
    assert "argument --seed:" in err
    assert "too many digits" in err


@pytest.mark.parametrize(("name", "preset"), [("8-1-8", "inverted"), ("Long Whist", "long-whist")])
def test_aliases_and_spelling_variants_pick_the_preset(
    name: str, preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--variant", name, "--players", "4"]) == 0
    assert capsys.readouterr().out.startswith(f"{preset} whist, 4 players")


def test_numeric_seed_is_an_int_like_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "-5"]) == 0
    bots = [RuleBot(seed=f"-5:{s}") for s in range(4)]
    expected = wr.Table(wr.variants.ROMANIAN, agents=bots, seed=-5).run()
    out = capsys.readouterr().out
    assert f"first dealer {expected.first_dealer}" in out.splitlines()[0]
    assert str(expected.score_sheet) in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"whist-ro {wr.__version__}\n"


def test_help_names_the_installed_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: whist-ro ")
    for preset in PRESETS:
        assert preset in out


def test_python_dash_m_help_names_the_installed_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "whist_ro", "--help"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert done.stdout.startswith("usage: whist-ro ")
    assert done.stderr == ""


def test_python_dash_m_refusal_has_no_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "whist_ro", "--players", "9"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("whist-ro: error: ")
    assert done.stderr.count("\n") == 1


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")
def test_a_closed_stdout_pipe_ends_quietly() -> None:
    # ``whist-ro | head``: the reader is gone before the sheet is written.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "whist_ro"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
            timeout=60,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 3  # the output could not be written (status.SYSTEM)
    assert done.stderr == ""


# -- check, audit, perft, rules ----------------------------------------------------------


def _record_file(tmp_path: Any, *, claimed: int = 0, revoke: bool = False) -> str:
    """A finished 3-player match's record; optionally a wrong total or a revoke in it."""
    m = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=3, seed=5), seed=5)
    totals = list(m.totals)
    totals[0] += claimed
    data = json.loads(records.dumps(records.to_record(m, claimed_totals=totals)))
    if revoke:
        # Round 8 (6 cards): the first follower who could follow plays another suit instead.
        done = m.rounds[7]
        for number, trick in enumerate(done.tricks):
            seen = {c for t in done.tricks[:number] for c in t.cards}
            seat, played = trick.seats[1], trick.cards[1]
            others = [c for c in done.hands[seat] if c not in seen and c.suit is not played.suit]
            if played.suit is trick.led_suit and others:
                data["rounds"][7]["actions"][3 + 3 * number + 1]["card"] = str(others[0])
                break
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "whist_ro", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_check_exit_codes_through_a_subprocess(tmp_path: Any) -> None:
    ok = _run("check", _record_file(tmp_path))
    assert (ok.returncode, ok.stderr) == (0, "")
    assert "verdict: legal and consistent" in ok.stdout
    wrong = _run("check", _record_file(tmp_path, claimed=3))
    assert wrong.returncode == 1
    assert "DIFFERENCE seat 0" in wrong.stdout
    revoke = _run("check", _record_file(tmp_path, revoke=True))
    assert revoke.returncode == 1
    assert "VIOLATION of R-PLAY-2 (rounds[7].actions[" in revoke.stdout
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "whist-ro-record", "version": 1, "rounds": 3}', encoding="utf-8")
    malformed = _run("check", str(bad))
    assert malformed.returncode == 2
    assert malformed.stdout == ""
    assert malformed.stderr.startswith("whist-ro: error: ")
    assert malformed.stderr.count("\n") == 1
    missing = _run("check", str(tmp_path / "none.json"))
    assert missing.returncode == 2
    assert "cannot read" in missing.stderr


def test_check_reads_the_round_notation(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "round.txt"
    path.write_text(
        "dealer: 2\nhand 0: Ah Jc\nhand 1: Kh 10c\nhand 2: 9d 10s\nturn-up: Qs\n"
        "bids: 0 0 1\ntrick: Jc Kh\n",
        encoding="utf-8",
    )
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "VIOLATION of R-PLAY-2 (line 7, column 11)" in out
    assert "it holds 10c and must follow clubs (R-PLAY-2)" in out


SHEET = "hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\n"


def test_audit_exit_codes_through_a_subprocess(tmp_path: Any) -> None:
    good = tmp_path / "good.csv"
    good.write_text(SHEET + "1,0,1,1,1,0,0,0\n1,1,0,0,0,0,0,1\ntotal,11,4,4\n", encoding="utf-8")
    assert _run("audit", str(good)).returncode == 0
    hook = tmp_path / "hook.csv"
    hook.write_text(SHEET + "1,0,1,1,1,0,0,0\n1,1,0,0,1,1,0,0\n", encoding="utf-8")
    done = _run("audit", str(hook))
    assert done.returncode == 1
    assert "PROBLEM R-BID-2: round 2 (line 3), seat 1, bid1" in done.stdout
    junk = tmp_path / "junk.csv"
    junk.write_text("not,a,sheet\n", encoding="utf-8")
    refused_run = _run("audit", str(junk))
    assert refused_run.returncode == 2
    assert refused_run.stderr.startswith("whist-ro: error: line 1: the header")


def test_audit_takes_the_variant_of_the_sheet(tmp_path: Any) -> None:
    m = wr.random_playout(wr.Match.new(wr.variants.INVERTED, players=3, seed=1), seed=1)
    lines = [SHEET.strip()]
    for row in m.score_sheet:
        cells = [row.hand_size, row.dealer] + [x for s in row.seats for x in (s.bid, s.tricks)]
        lines.append(",".join(map(str, cells)))
    path = tmp_path / "inverted.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["audit", "--variant", "8-1-8", str(path)]) == 0
    assert main(["audit", str(path)]) == 1  # read as 1-8-1, the hand sizes are wrong


def test_perft_counts_and_divides(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "3", "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    r = wr.Round.shuffled(wr.variants.ROMANIAN, players=3, dealer=0, hand_size=1, seed=2)
    assert f"perft(3) = {records.perft(r, 3)}" in out
    assert main(["perft", "3", "--players", "3", "--seed", "2", "--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == f"total: {records.perft(r, 3)}"
    assert main(["perft", "--table"]) == 0
    assert capsys.readouterr().out.count("  ok") == len(records.PERFT_TABLE)


def test_perft_without_a_depth_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert "perft needs a DEPTH" in refused(["perft"], capsys)


def test_rules_lists_the_variant_s_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "classic"]) == 0
    out = capsys.readouterr().out
    assert "R-PLAY-5 " in out
    assert "R-BID-2 " not in out  # classic whist has no bidding
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "R-BID-2 " in out
    assert "unknown variant 'bridge'" in refused(["rules", "bridge"], capsys)


def test_subcommands_have_their_own_help(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("check", "audit", "perft", "rules"):
        with pytest.raises(SystemExit) as info:
            main([command, "--help"])
        assert info.value.code == 0
        assert capsys.readouterr().out.startswith(f"usage: whist-ro {command} ")


def test_stats_prints_one_row_per_seat_with_shares_that_add_up() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "whist_ro",
            "stats",
            "--players",
            "5",
            "--hand-size",
            "1",
            "--dealer",
            "4",
            "--games",
            "3000",
            "--seed",
            "3",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("romanian, 5 players, hands of 1, dealer seat 4: 3,000 random")
    rows = [line.split() for line in lines[2:]]
    assert [row[0] for row in rows] == ["0", "1", "2", "3", "4"]
    for row in rows:
        shares = [float(cell.rstrip("%")) for cell in row[2:4]]
        assert abs(sum(shares) - 100) < 0.2  # 0 or 1 trick, every game
    # With one trick a deal, the seats' mean tricks add up to exactly one.
    assert abs(sum(float(row[1]) for row in rows) - 1) < 0.02


def test_stats_counts_do_not_depend_on_the_workers() -> None:
    outputs = [
        subprocess.run(
            [
                sys.executable,
                "-m",
                "whist_ro",
                "stats",
                "--games",
                "9000",
                "--seed",
                "5",
                "--workers",
                workers,
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        ).stdout
        for workers in ("1", "2")
    ]
    assert outputs[0] == outputs[1]


def test_simulate_summarises_bot_matches_and_edges() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "whist_ro",
            "simulate",
            "--bots",
            "random,random,random",
            "--matches",
            "4",
            "--seed",
            "2",
            "--workers",
            "0",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "romanian, 3 players, 4 matches (4 seeds)"
    assert lines[2].split()[:2] == ["random", "12"]  # 3 seats x 4 matches
    assert [line.split()[:3] for line in lines[3:]] == [
        ["seat", str(seat), "4"] for seat in range(3)
    ]


def test_simulate_refuses_a_mismatched_lineup() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "whist_ro", "simulate", "--bots", "random,random", "--players", "3"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("whist-ro: error: --players 3 but --bots names 2 bots")


# -- shared options before or after the command ------------------------------------------


def test_shared_options_mean_the_same_before_and_after_the_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pairs = [
        (["--seed", "3", "perft", "2"], ["perft", "2", "--seed", "3"]),
        (["--players", "3", "--variant", "8-1-8", "perft", "1"], ["perft", "1", "--players", "3",
                                                              "--variant", "inverted"]),
        (["--variant", "classic", "rules"], ["rules", "classic"]),
        (["--variant", "inverted", "audit", "-"], ["audit", "-", "--variant", "inverted"]),
    ]  # fmt: skip
    for before, after in pairs:
        outputs = []
        for argv in (before, after):
            if "audit" in argv:  # an empty sheet on stdin: the same refusal either way
                with pytest.raises(SystemExit):
                    main(argv)
            else:
                assert main(argv) == 0
            outputs.append(capsys.readouterr())
        assert outputs[0] == outputs[1], before
    assert main(["--seed", "3", "perft", "2"]) == 0
    assert "seed 3:" in capsys.readouterr().out


def test_options_before_the_command_reach_play_and_simulate() -> None:
    played = _run("--variant", "classic", "--seed", "4", "play", "--bots", "random",
                  "--record", os.devnull, "--force")  # fmt: skip
    assert played.stdout.startswith("classic, 4 players: you are seat 0"), played.stdout[:300]
    assert "; seed 4." in played.stdout
    simulated = _run("--players", "3", "simulate", "--matches", "1", "--workers", "0")
    assert simulated.returncode == 0, simulated.stderr
    assert simulated.stdout.startswith("romanian, 3 players, 1 match (1 seed)")


def test_an_option_a_command_does_not_take_or_gives_twice_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "check takes no --seed" in refused(["--seed", "3", "check", "x.json"], capsys)
    assert "rules takes no --players" in refused(["--players", "3", "rules"], capsys)
    assert "stats takes no --wide" in refused(["--wide", "stats"], capsys)
    err = refused(["--players", "3", "simulate", "--players", "4"], capsys)
    assert "--players is given twice, as 3 before the command and as 4 after it" in err
    err = refused(["--variant", "classic", "rules", "romanian"], capsys)
    assert "two variants are given" in err
    # The same value on both sides is no conflict; 8-1-8 is the inverted preset.
    assert main(["--variant", "8-1-8", "rules", "--variant", "inverted"]) == 0


def test_numbers_are_refused_against_their_flag_before_anything_runs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    cases = {
        ("simulate", "--matches", "0"): "argument --matches: expected a whole number from 1 to",
        ("stats", "--games", "0"): "argument --games: expected a whole number from 1 to",
        ("stats", "--workers", "-2"): "argument --workers: expected a whole number from 0 to",
        ("stats", "--workers", "100000"): "argument --workers: expected a whole number from 0",
        ("perft", "1000"): "argument DEPTH: expected a whole number from 0 to 200, not 1000",
        ("stats", "--hand-size", "99"): "argument --hand-size: expected a whole number from 1",
        ("--players", "1000000000"): "argument --players: romanian is played by 3",
    }
    for argv, says in cases.items():
        assert says in refused(list(argv), capsys), argv


# -- plain ASCII output --------------------------------------------------------------------


def test_output_a_stream_cannot_encode_falls_back_to_suit_letters(tmp_path: Any) -> None:
    record = _record_file(tmp_path)
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    done = subprocess.run(
        [sys.executable, "-m", "whist_ro", "check", record],
        capture_output=True, timeout=120, check=False, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("cp1252")
    assert "verdict: legal and consistent" in out
    assert not set("♠♥♦♣") & set(out)
    assert re.search(r"\s(10|[2-9AKQJ])[shdc]\s", out)  # the sheet's trump cards, as letters
    utf8 = _run("check", record)
    assert "♥" in utf8.stdout or "♠" in utf8.stdout or "♦" in utf8.stdout or "♣" in utf8.stdout


def test_ascii_flag_writes_plain_ascii_anywhere(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--ascii", "--players", "3"]) == 0
    forced = capsys.readouterr().out
    assert forced.isascii()
    assert main(["--players", "3"]) == 0
    plain = capsys.readouterr().out
    assert forced == plain.translate(str.maketrans("♠♥♦♣", "shdc"))


# -- help and words ------------------------------------------------------------------------


def test_help_texts_list_the_presets_and_exit_statuses_and_have_no_stray_percent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for command in ("simulate", "stats", "perft", "play", "audit", "rules"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        out = capsys.readouterr().out
        assert "%%" not in out
        assert "variant presets:" in out  # "listed below" now lists them
        assert "classic-rubber" in out
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    assert "FIFO" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for status in ("0 ", "1 ", "2 ", "3 ", "70 ", "130 "):
        assert f"\n  {status}" in out


def test_rules_prints_one_rule_in_full_from_the_package(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "classic", "--rule", "R-PLAY-5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("R-PLAY-5  Classic: trumping is optional\n")
    assert "In classic: it applies." in out
    assert main(["rules", "--rule", "r-play-5"]) == 0
    assert "In romanian: left out, a rule of classic partnership whist." in (
        capsys.readouterr().out
    )
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "docs/rules.md" not in out
    assert "whist-ro rules --rule ID" in out
    assert "no rule 'R-PLAY-9'; the rules of that part: R-PLAY-1" in refused(
        ["rules", "--rule", "R-PLAY-9"], capsys
    )
    assert main(["rules", "inverted", "--full"]) == 0
    full = capsys.readouterr().out
    assert full.count("\nIn inverted: ") == len(book.rules_for(wr.variants.INVERTED))


def test_R_SCHED_5_rules_explains_a_house_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--rule", "R-SCHED-5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("R-SCHED-5  A house schedule\n")
    assert "the deck can supply every round" in out
    assert "In romanian: left out, off in this variant." in out
    assert main(["rules", "--rule", "R-SCHED-5", "--lang", "ro"]) == 0
    assert capsys.readouterr().out.startswith("R-SCHED-5  Un program al casei\n")
    # A variant with its own schedule is bound by R-SCHED-5, not by the patterns.
    house = attrs.evolve(wr.variants.ROMANIAN, schedule=(3, 1))
    assert book.switched_off(book.rule("R-SCHED-5"), house) is None
    for pattern_rule in ("R-SCHED-1", "R-SCHED-2"):
        off = book.switched_off(book.rule(pattern_rule), house)
        assert off == "this variant plays its own schedule (R-SCHED-5)"


# -- simulate --------------------------------------------------------------------------


def test_simulate_refuses_a_bot_that_does_not_play_the_variant() -> None:
    done = _run("simulate", "--bots", "lowrisk", "--variant", "classic", "--workers", "0")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "lowrisk bot plays the exact-bid family only, not classic" in done.stderr
    assert done.stderr.count("\n") == 1


def test_simulate_reports_takeovers_per_bot() -> None:
    done = _run("simulate", "--bots", "random,rule,random", "--matches", "2", "--workers", "0")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].split() == ["bot", "seats", "takeovers", "wins", "total", "[95%", "CI]"]
    assert lines[2].split()[:3] == ["random", "4", "0"]
    assert lines[3].split()[:3] == ["rule", "2", "0"]
    assert "warning" not in done.stdout


def test_simulate_names_its_own_flags_when_the_lineup_or_seeds_do_not_fit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    err = refused(["simulate", "--bots", ",".join(["random"] * 7)], capsys)
    assert "--bots names 7 bots: romanian is played by 3 to 6 players" in err
    err = refused(["simulate", "--seed", str(2**63 - 1), "--matches", "2"], capsys)
    assert "--seed 9223372036854775807 with --matches 2 runs past the largest seed" in err
    assert "seeds[" not in err  # never the library's parameter


def test_names_reach_the_demo_s_sheet_standings_and_winner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--names", "Ana,Bogdan,Cici", "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    named = wr.Table(
        wr.variants.ROMANIAN,
        agents=[RuleBot(seed=f"2:{s}") for s in range(3)],
        seed=2,
        names=["Ana", "Bogdan", "Cici"],
    ).run()
    assert str(named.score_sheet).splitlines()[0] in out  # the sheet is headed by the names
    assert str(named.standings()) in out
    assert out.rstrip().splitlines()[-1].startswith(f"Winner: {named.names[named.winners[0]]} ")
    assert "argument --names: names must hold one name per seat (3), not 2" in refused(
        ["--players", "3", "--names", "Ana,Bo"], capsys
    )
    assert "argument --names: names[1] must be printable text" in refused(
        ["--players", "3", "--names", "Ana,,Cici"], capsys
    )
    assert "simulate takes no --names" in refused(["--names", "A,B,C,D", "simulate"], capsys)
