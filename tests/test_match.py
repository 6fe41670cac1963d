"""The Match object's own API: construction, the fast path, value semantics, the sheet."""

from __future__ import annotations

import copy
import os
import pickle
import random
import subprocess
import sys

import attrs
import pytest

import whist_ro as wr
from conftest import play_random, snapshot
from whist_ro import variants


def test_apply_legal_matches_apply_over_whole_matches() -> None:
    for variant, players in ((variants.ROMANIAN, 4), (variants.INVERTED, 3), (variants.CLASSIC, 4)):
        checked = fast = wr.Match.new(variant, players=players, seed=11)
        rng = random.Random(11)
        while not checked.is_over:
            action = rng.choice(checked.legal_actions())
            checked, fast = checked.apply(action), fast.apply_legal(action)
            assert checked == fast
        assert checked.totals == fast.totals
        assert checked.score_sheet == fast.score_sheet


def test_copies_are_the_same_object() -> None:
    match = play_random(wr.Match.new(variants.ROMANIAN, players=4, seed=2), seed=2, steps=50)
    assert copy.copy(match) is match
    assert copy.deepcopy(match) is match
    assert copy.deepcopy(match.round) is match.round


def test_new_refuses_bad_setups() -> None:
    with pytest.raises(wr.ConfigurationError) as info:
        wr.Match.new(variants.ROMANIAN, players=7, seed=1)
    assert info.value.field == "players"
    with pytest.raises(wr.ConfigurationError) as info:
        wr.Match.new(variants.ROMANIAN, players=4, seed=1, first_dealer=4)
    assert info.value.field == "first_dealer"
    with pytest.raises(wr.ConfigurationError) as info:
        wr.Match.new(variants.ROMANIAN, players=4, seed=1.5)  # type: ignore[arg-type]
    assert info.value.field == "seed"
    with pytest.raises(wr.ConfigurationError) as info:
        wr.Match.new("romanian", players=4)  # type: ignore[arg-type]
    assert info.value.field == "variant"
    with pytest.raises(TypeError):
        wr.Match()  # type: ignore[no-untyped-call]


def test_unseeded_match_keeps_a_seed_that_replays_it() -> None:
    match = wr.Match.new(variants.ROMANIAN, players=4)
    replay = wr.Match.new(variants.ROMANIAN, players=4, seed=match.seed)
    assert match == replay
    assert match.round.hands == replay.round.hands


def test_string_seeds_work_and_differ_from_int_seeds() -> None:
    a = wr.Match.new(variants.ROMANIAN, players=4, seed="table 7")
    b = wr.Match.new(variants.ROMANIAN, players=4, seed="table 7")
    assert a == b
    assert a.round.hands == b.round.hands


def test_score_sheet_text_lists_every_round() -> None:
    match = wr.random_playout(wr.Match.new(variants.ROMANIAN, players=3, seed=8), seed=8)
    for text in (str(match.score_sheet), match.score_sheet.format(wide=True)):
        lines = text.splitlines()
        assert lines[0].lstrip().startswith("#")
        rows = [line for line in lines if line[:3].strip().isdigit()]
        assert len(rows) == 21
        last = match.score_sheet[-1]
        assert last.number == 21
        assert tuple(s.total for s in last.seats) == match.totals
        # The last row ends with the last seat's total; each seat's total is in it.
        assert rows[-1].rstrip("*").endswith(str(last.seats[-1].total))
        cells = rows[-1].split("|")[1:]
        assert [cell.split()[-1].rstrip("*") for cell in cells] == [
            str(s.total) for s in last.seats
        ]


@pytest.mark.parametrize(
    ("preset", "players"),
    [("romanian", 3), ("romanian", 4), ("inverted", 5), ("romanian", 6), ("classic-rubber", 4),
     ("long-whist", 4)],
)  # fmt: skip
def test_score_sheet_fits_80_columns_up_to_six_players(preset: str, players: int) -> None:
    variant = variants.get(preset)
    for seed in range(3):
        sheet = wr.random_playout(wr.Match.new(variant, players=players, seed=seed), seed=seed)
        text = sheet.score_sheet.format()
        assert text == str(sheet.score_sheet)
        assert max(len(line) for line in text.splitlines()) <= 80, text
        rows = [line for line in text.splitlines() if line[:3].strip().isdigit()]
        assert len(rows) == len(sheet.score_sheet)
        # Every seat's bid/won (classic: won) and total are shown in every row.
        bonus_column = "bon" in text.splitlines()[1]
        for row, line in zip(sheet.score_sheet, rows, strict=True):
            cells = line.split("|")[1:]
            for seat, cell in zip(row.seats, cells, strict=True):
                words = cell.split()
                won = str(seat.tricks) if seat.bid is None else f"{seat.bid}/{seat.tricks}"
                assert words[0] == won
                assert words[-1].rstrip("*") == str(seat.total)
                assert words[-1].endswith("*") == (bool(seat.bonus) and not bonus_column)
        assert "tot: running total" in text  # the legend


def test_the_wide_score_sheet_shows_every_column() -> None:
    m = wr.random_playout(wr.Match.new(variants.ROMANIAN, players=4, seed=2), seed=2)
    wide = m.score_sheet.format(wide=True)
    assert max(len(line) for line in wide.splitlines()) > 80
    assert wide.splitlines()[1].split("|")[1:] == [" bid/won  pts bonus  total "] * 3 + [
        " bid/won  pts bonus  total"
    ]
    compact = m.score_sheet.format(width=200)  # room enough: the bonus gets its column
    assert "bon" in compact.splitlines()[1]


def test_score_sheet_is_cached_and_immutable() -> None:
    match = wr.random_playout(wr.Match.new(variants.INVERTED, players=4, seed=3), seed=3)
    # The rows are built once: every read of the sheet hands out the same row objects.
    first, again = match.score_sheet, match.score_sheet
    assert len(first) == len(again) == len(match.rounds) > 0
    assert all(a is b for a, b in zip(first, again, strict=True))
    sheet = match.score_sheet
    before = (repr(sheet), list(sheet), snapshot(match))
    for name in ("totals", "rows"):  # a public property, and a name it does not have
        with pytest.raises(AttributeError):
            setattr(sheet, name, ())
    assert (repr(sheet), list(sheet), snapshot(match)) == before


def test_round_and_match_pickle() -> None:
    match = play_random(wr.Match.new(variants.ROMANIAN, players=4, seed=5), seed=5, steps=40)
    assert pickle.loads(pickle.dumps(match)) == match
    assert pickle.loads(pickle.dumps(match.round)) == match.round


def test_repr_names_the_state() -> None:
    match = wr.Match.new(variants.ROMANIAN, players=4, seed=5)
    assert "romanian" in repr(match)
    assert "round 1" in repr(match)
    assert "bidding" in repr(match.round)


def test_seeded_deals_do_not_depend_on_the_process() -> None:
    """R-DEAL-1: the same seed deals the same cards in any process (no ``hash()``)."""
    script = (
        "import whist_ro as wr\n"
        "m = wr.Match.new(wr.variants.ROMANIAN, players=5, seed='club night')\n"
        "print(m.first_dealer, [str(h) for h in m.round.hands], m.round.turn_up)\n"
        "print(wr.random_playout(m, seed=3).totals)\n"
    )
    outputs = set()
    for hash_seed in ("1", "2", "random"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    here = wr.Match.new(variants.ROMANIAN, players=5, seed="club night")
    first_line = outputs.pop().splitlines()[0]
    assert first_line.startswith(f"{here.first_dealer} [")
    assert str(here.round.turn_up) in first_line


# -- R-RANK-9: the winners are the first place of the standings ----------------------

RANKINGS = [
    pytest.param(wr.ranking.TablePoints(), id="table-points"),
    pytest.param(wr.ranking.Stake(200), id="stake"),
    pytest.param(wr.ranking.Rating(), id="rating"),
    pytest.param(wr.ranking.TablePoints(zero_win=True), id="table-points-zero-win"),
    pytest.param(wr.ranking.Stake(200, zero_win=True), id="stake-zero-win"),
    pytest.param(wr.ranking.Rating(zero_win=True), id="rating-zero-win"),
]


def first_place(match: wr.Match) -> tuple[int, ...]:
    return tuple(sorted(row.seat for row in match.standings().rows if row.place == 1))


@pytest.mark.parametrize("ranking", RANKINGS)
def test_r_rank_9_winners_are_the_first_place_under_every_ranking_system(
    ranking: wr.ranking.RankingSystem,
) -> None:
    """Seed 33 ends on totals (-37, 18, 2, 0): seat 1 has the best total, but
    with the zero win on, seat 3 ends on exactly 0 and wins outright (R-RANK-4)."""
    variant = attrs.evolve(variants.ROMANIAN, ranking=ranking)
    match = wr.random_playout(wr.Match.new(variant, players=4, seed=33), seed=33)
    assert match.totals == (-37, 18, 2, 0)
    assert match.winners == first_place(match)
    assert match.winners == ((3,) if ranking.zero_win else (1,))


@pytest.mark.parametrize(
    "variant", [variants.CLASSIC, variants.CLASSIC_RUBBER], ids=["classic", "rubber"]
)
def test_r_rank_9_classic_winners_are_the_first_side(variant: wr.Variant) -> None:
    for seed in range(3):
        match = wr.random_playout(wr.Match.new(variant, players=4, seed=seed), seed=seed)
        assert len(match.winners) == 2
        assert match.winners == first_place(match)


def test_r_rank_9_no_winners_before_the_end() -> None:
    match = wr.Match.new(variants.ROMANIAN, players=4, seed=33)
    assert match.winners == ()
    with pytest.raises(wr.NotOverError):
        match.standings()
