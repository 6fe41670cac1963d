"""The ``whist-ro`` command: refusals are one line and status 2, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import whist_ro as wr
from whist_ro.cli import main

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
    expected = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=4, seed=-5), seed=-5)
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
    assert done.returncode == 1
    assert done.stderr == ""
