"""Final standings, ranking systems and early endings (R-RANK-*, R-END-3, R-END-4).

Every expected number here was worked out by hand from the rule book (the
arithmetic is written next to it) before the test was run.  The property
tests compare the engine with a small reference written from the rule text,
and check the bounds, monotonicity, tie and zero-sum facts documented in
``docs/standings.md``.
"""

from __future__ import annotations

import doctest
import json
import sys
from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from types import FrameType
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import whist_ro as wr
from whist_ro import display_points, variants
from whist_ro.errors import ImmutableError
from whist_ro.ranking import RankingSystem, Rating, Stake, TablePoints
from whist_ro.results import rank_totals

F = Fraction
DOCS = Path(__file__).resolve().parent.parent / "docs"

SYSTEMS: list[RankingSystem] = [
    TablePoints(),
    TablePoints(per_player=3),
    Stake(150),
    Stake(200),
    Stake(400),
    Rating(),
]
ZERO_WIN_SYSTEMS: list[RankingSystem] = [
    TablePoints(zero_win=True),
    Stake(300, zero_win=True),
    Rating(zero_win=True),
]


def first_award(system: RankingSystem, players: int) -> Fraction:
    """The first-place award, written out from R-RANK-1..3 (not from the engine)."""
    if isinstance(system, TablePoints):
        return F(system.per_player * players)
    if isinstance(system, Stake):
        return F(system.amount)
    return F(5 * players)


def reference_points(system: RankingSystem, totals: Sequence[int]) -> list[Fraction]:
    """R-RANK-1..4 and R-RANK-6 read literally, one seat at a time."""
    n = len(totals)
    top, bottom = max(totals), min(totals)
    if top == bottom:
        return [F(0)] * n
    if system.zero_win and 0 in totals:
        award = F(5 * n) if isinstance(system, Rating) else F(25)
        return [award if t == 0 else F(-15) for t in totals]
    end = first_award(system, n)

    def place_award(place: int, total: int) -> Fraction:  # place counts from 1
        if place == 1:
            return end
        if place == n:
            return -end
        if isinstance(system, Rating):
            return F(8 * n * (total - top), top - bottom) + 4 * n
        return -end + 2 * end * F(total - bottom, top - bottom)

    out = []
    for total in totals:
        higher = sum(t > total for t in totals)
        same = totals.count(total)
        places = range(higher + 1, higher + same + 1)
        out.append(sum((place_award(p, total) for p in places), F(0)) / same)
    return out


def play_rounds(match: wr.Match, rounds: int) -> wr.Match:
    """Play the first legal action until ``rounds`` rounds are complete."""
    while len(match.rounds) < rounds:
        match = match.apply(match.legal_actions()[0])
    return match


# -- one test per rule -----------------------------------------------------------------


def test_r_rank_1_table_points_ten_n_at_the_ends_and_a_line_between() -> None:
    # N = 4: the ends get +-40.  72 lies 12/52 of the way up from 60 to 112:
    # -40 + 80 * 12/52 = -280/13; 90 lies 30/52 up: -40 + 80 * 30/52 = 80/13.
    assert TablePoints().points([60, 72, 90, 112]) == (F(-40), F(-280, 13), F(80, 13), F(40))
    # N = 6: +-60 at the ends, and the exact midpoint gets 0.
    assert TablePoints().points([0, 50, 100, 10, 90, 50]) == (
        F(-60),
        F(0),
        F(60),
        F(-48),  # -60 + 120 * 10/100
        F(48),
        F(0),
    )
    # N = 3: +-30.
    assert TablePoints().points([7, 1, 4]) == (F(30), F(-30), F(0))
    assert wr.variants.ROMANIAN.ranking == TablePoints()


def test_r_rank_2_stake_between_150_and_400() -> None:
    # +-stake whatever the player count; 72 -> -200 + 400 * 12/52 = -1400/13.
    assert Stake(200).points([60, 72, 90, 112]) == (F(-200), F(-1400, 13), F(400, 13), F(200))
    assert Stake(400).points([3, 9, 6]) == (F(-400), F(400), F(0))
    assert Stake(150).points([1, 2, 3, 4, 5, 6])[0] == -150
    for bad in (149, 401, 0, -200, 200.0, True, "200"):
        with pytest.raises(wr.ConfigurationError, match="from 150 to 400, not") as info:
            Stake(bad)  # type: ignore[arg-type]
        assert info.value.rule == "R-RANK-2"
        assert info.value.field == "amount"
    with pytest.raises(wr.ConfigurationError, match="R-RANK-2"):
        Stake(amount=1000, zero_win=True)


def test_r_rank_3_rating_worked_example_from_the_source() -> None:
    points = Rating().points([60, 72, 90, 112])
    assert points == (
        F(-20),
        F(32 * (72 - 112), 52) + 16,
        F(32 * (90 - 112), 52) + 16,
        F(20),
    )
    assert points == (F(-20), F(-112, 13), F(32, 13), F(20))
    # Strictly in between stays inside [-4N, 4N] = [-16, 16].
    assert all(-16 < p < 16 for p in points[1:3])


def test_r_rank_3_source_prints_minus_11_but_the_formula_gives_minus_8_615() -> None:
    """The source's example says the player on 72 gets -11.

    Its own formula, 4*4*2*(72-112)/(112-60) + 4*4, is -1280/52 + 16 =
    -112/13 = -8.615...  The rule book makes the formula the rule, so the
    engine gives -112/13 and the -11 of the source is a slip.
    """
    seat_on_72 = Rating().points([60, 72, 90, 112])[1]
    assert seat_on_72 == F(-112, 13)
    assert seat_on_72 != -11
    assert -8.6154 < seat_on_72 < -8.6153
    assert str(display_points(seat_on_72)) == "-8.62"


def test_r_rank_4_zero_win_is_opt_in_and_1_8_1_only() -> None:
    # Off by default: 0 is an ordinary total (-40 + 80 * 10/50 = -24).
    assert TablePoints().points([0, 40, 25, -10]) == (F(-24), F(40), F(16), F(-40))
    # On: 25 for the zero, -15 for everybody else, whatever their totals.
    assert TablePoints(zero_win=True).points([0, 40, 25, -10]) == (
        F(25),
        F(-15),
        F(-15),
        F(-15),
    )
    assert Stake(400, zero_win=True).points([12, 0, 30]) == (F(-15), F(25), F(-15))
    # Rating pays 5N to the zero: 5 * 4 = 20, and 5 * 6 = 30 to each of two.
    assert Rating(zero_win=True).points([0, 40, 25, -10]) == (F(20), F(-15), F(-15), F(-15))
    assert Rating(zero_win=True).points([0, 9, 0, 3, 1, 2]) == (
        F(30),
        F(-15),
        F(30),
        F(-15),
        F(-15),
        F(-15),
    )
    # Zero winners are placed first.
    standings = rank_totals([0, 40, 25, -10], Rating(zero_win=True))
    assert standings.places == (1, 2, 3, 4)
    assert [row.zero_win for row in standings] == [True, False, False, False]
    # Refused on 8-1-8 and classic variants, and when handed to such a match.
    for variant in (variants.INVERTED, variants.CLASSIC):
        with pytest.raises(wr.ConfigurationError, match="1-8-1") as info:
            attrs.evolve(variant, ranking=Rating(zero_win=True))
        assert info.value.rule == "R-RANK-4"
        assert info.value.field == "ranking"
    inverted = wr.Match.new(variants.INVERTED, players=3, seed=1).abandon()
    with pytest.raises(wr.ConfigurationError, match="R-RANK-4"):
        inverted.standings(TablePoints(zero_win=True))
    assert inverted.standings(TablePoints()).points == (F(0),) * 3
    # Allowed on 1-8-1.
    romanian = attrs.evolve(variants.ROMANIAN, ranking=TablePoints(zero_win=True))
    assert romanian.ranking.zero_win


def test_r_rank_4_the_schedule_itself_decides_the_zero_win() -> None:
    """Only a schedule that opens with 1-card rounds allows the zero win.

    8-1-8 spelled out as a custom schedule under pattern "1-8-1" is refused;
    a custom schedule opening with 1-card rounds is allowed whatever pattern
    its variant names (the pattern is not used when a schedule is given).
    """
    eights = (8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)
    zero = Rating(zero_win=True)
    with pytest.raises(wr.ConfigurationError, match="opens with 8-card rounds") as info:
        attrs.evolve(variants.ROMANIAN, schedule=eights, ranking=zero)
    assert (info.value.rule, info.value.field) == ("R-RANK-4", "ranking")
    with pytest.raises(wr.ConfigurationError, match="opens with 2-card rounds"):
        attrs.evolve(variants.ROMANIAN, schedule=(2, 1, 2), ranking=zero)
    ones_first = attrs.evolve(variants.INVERTED, schedule=(1, 1, 1, 2, 1, 1, 1), ranking=zero)
    assert ones_first.ranking.zero_win
    # Handed to a match at the end, the same check applies.
    custom = wr.Match.new(attrs.evolve(variants.ROMANIAN, schedule=eights), players=3, seed=1)
    with pytest.raises(wr.ConfigurationError, match="R-RANK-4"):
        custom.abandon().standings(zero)
    assert custom.abandon().standings(Rating()).points == (F(0),) * 3


# -- R-RANK-9: the winners are the first place of the standings ------------------------------


@pytest.mark.parametrize("system", SYSTEMS + ZERO_WIN_SYSTEMS, ids=repr)
def test_r_rank_9_winners_are_the_first_place_under_every_system(system: RankingSystem) -> None:
    """The issue's example: totals (-37, 18, 2, 0) on a 1-8-1 match.

    Without the zero win seat 1 (18) is first under every system; with it,
    seat 3 (on 0) wins outright.  Ties on top share first place.
    """
    standings = rank_totals([-37, 18, 2, 0], system)
    expected = (3,) if system.zero_win else (1,)
    assert standings.winners == expected
    assert standings.winners == tuple(row.seat for row in standings if row.place == 1)
    assert rank_totals([40, 10, 40], system).winners == (0, 2)
    assert rank_totals([7, 7, 7], system).winners == (0, 1, 2)
    # Two seats on 0: both win outright under the zero win.
    both = rank_totals([0, 50, 0, -3], system).winners
    assert both == ((0, 2) if system.zero_win else (1,))


def test_r_rank_9_match_winners_follow_the_standings() -> None:
    for system in SYSTEMS + ZERO_WIN_SYSTEMS:
        variant = attrs.evolve(variants.ROMANIAN, name="ranked", ranking=system)
        match = wr.random_playout(wr.Match.new(variant, players=4, seed=9), seed=9)
        assert match.winners == match.standings().winners
    # Classic: both seats of the side with the most match points.
    classic = wr.random_playout(wr.Match.new(variants.CLASSIC_RUBBER, players=4, seed=1), seed=1)
    assert classic.standings().winners == (0, 2)


def test_r_rank_5_abandoned_match_scales_points_and_charges_disconnections() -> None:
    """Six of 24 rounds played, then abandoned with seat 2 gone.

    Totals (10, 18, 24, 24); the share played is 6/24 = 1/4.  Rating, N = 4:
    the two seats on 24 share 20 + 16 and get 18, a quarter of which is 4.5;
    seat 2 also loses a quarter of 5N = 20, so 4.5 - 5 = -0.5.  The seat on
    18 gets 32 * (18 - 24) / 14 + 16 = 16/7, a quarter of which is 4/7.  The
    bottom gets -20 / 4 = -5.  Table points: 40/4 = 10 for both tops (no
    charge for the disconnection), (-40 + 80 * 8/14) / 4 = 10/7, -10.
    """
    match = play_rounds(wr.Match.new(variants.ROMANIAN, players=4, seed=11), 6)
    assert match.totals == (10, 18, 24, 24)
    ended = match.abandon(disconnected=[2])
    rating = ended.standings(Rating())
    assert rating.completed == F(1, 4)
    assert rating.points == (F(-5), F(4, 7), F(-1, 2), F(9, 2))
    assert rating.places == (4, 3, 1, 1)
    assert [row.disconnected for row in rating] == [False, False, True, False]
    assert all(row.abandoned for row in rating)
    table = ended.standings()  # the variant's default: table points
    assert table.points == (F(-10), F(10, 7), F(10), F(10))
    # The same from the totals alone, as a paper score sheet would give them.
    paper = rank_totals([10, 18, 24, 24], Rating(), played=6, scheduled=24, disconnected=[2])
    assert paper == rating
    # A finished match is not scaled and nobody is flagged.
    full = rank_totals([10, 18, 24, 24], Rating())
    assert full.completed == 1
    assert not full.abandoned
    assert full.points == (F(-20), F(16, 7), F(18), F(18))


def test_r_rank_6_ties_share_the_awards_of_the_places_they_fill() -> None:
    # Rating, N = 4: a tie on top shares 20 + 16, a tie at the bottom -20 - 16,
    # and a tie in the middle keeps the formula value (32 * -50/80 + 16 = -4).
    assert Rating().points([100, 100, 50, 20]) == (F(18), F(18), F(-4), F(-20))
    assert Rating().points([100, 50, 20, 20]) == (F(20), F(-4), F(-18), F(-18))
    assert Rating().points([100, 50, 50, 20]) == (F(20), F(-4), F(-4), F(-20))
    assert Rating().points([100, 100, 100, 20]) == (F(52, 3), F(52, 3), F(52, 3), F(-20))
    # The linear systems give a tie what the line gives its total.
    assert TablePoints().points([100, 100, 50, 20]) == (F(40), F(40), F(-10), F(-40))
    assert Stake(200).points([100, 50, 20, 20]) == (F(200), F(-50), F(-200), F(-200))
    # Everybody equal: everybody 0, under every system, even with the zero win.
    for system in SYSTEMS + ZERO_WIN_SYSTEMS:
        assert system.points([30, 30, 30, 30]) == (F(0),) * 4
        assert system.points([0, 0, 0]) == (F(0),) * 3
    # Places: tied seats share the best place they fill.
    standings = rank_totals([100, 50, 100, 20])
    assert standings.places == (1, 3, 1, 4)
    assert [row.tied for row in standings] == [True, False, True, False]


def test_r_rank_7_points_are_exact_and_rounded_only_for_display() -> None:
    assert display_points(F(-112, 13)) == Decimal("-8.62")
    # Halves go away from zero, symmetrically.
    assert str(display_points(F(1, 200))) == "0.01"
    assert str(display_points(F(-1, 200))) == "-0.01"
    assert str(display_points(F(2, 3))) == "0.67"
    assert str(display_points(F(-2, 3))) == "-0.67"
    assert str(display_points(F(0))) == "0.00"
    assert str(display_points(F(40))) == "40.00"
    # Exact fractions add up where the rounded figures would not:
    # -20 + 32/13 - 112/13 + 20 = -80/13.
    assert sum(Rating().points([60, 72, 90, 112])) == F(-80, 13)
    row = rank_totals([60, 72, 90, 112], Rating())[1]
    assert "-8.62" in str(row)
    assert isinstance(row.points, Fraction)


def test_r_end_3_abandon_between_rounds_only() -> None:
    start = wr.Match.new(variants.ROMANIAN, players=4, seed=5)
    # Before any round: allowed, and nothing was played, so everyone gets 0.
    assert start.abandon().standings().points == (F(0),) * 4
    mid = start.apply(start.legal_actions()[0])  # the first bid of round 1
    with pytest.raises(wr.MatchEndError, match="between rounds") as info:
        mid.abandon()
    assert info.value.rule == "R-END-3"
    assert not mid.is_over
    assert mid.to_act is not None
    # After a complete round: allowed.
    after = play_rounds(start, 1).abandon(disconnected=(3, 0))
    assert after.is_over
    assert after.is_abandoned
    assert after.disconnected == (0, 3)
    assert after.conceded is None
    assert after.standings().completed == F(1, 24)
    # The exact family does not concede, classic whist is not abandoned.
    with pytest.raises(wr.MatchEndError, match="R-END-3"):
        start.concede(seat=0)
    with pytest.raises(wr.MatchEndError, match="concede"):
        wr.Match.new(variants.CLASSIC, players=4, seed=5).abandon()
    # Bad seats are refused and the match is left as it was.
    for bad in ([4], [1, 1], [-1], ["0"]):
        with pytest.raises(wr.ConfigurationError, match="disconnected"):
            start.abandon(disconnected=bad)  # type: ignore[arg-type]
    assert not start.is_over


def test_r_end_3_a_conceding_classic_side_loses_the_game() -> None:
    """Side 0 leads 3-0 after the first deal and then concedes.

    In the first deal of CLASSIC seed 0 (first legal card each time) side 0
    takes 8 + 1 = 9 tricks, 3 points (R-SCORE-3).  Conceding still loses the
    game: side 1 wins it, worth 1 because the conceding side had 3 points
    (R-RUBBER-2, short whist), and ranks first on match points, 1 to 0, even
    though it is behind on the game score (R-RANK-8).
    """
    match = play_rounds(wr.Match.new(variants.CLASSIC, players=4, seed=0), 1)
    assert match.rounds[0].tricks_won == (8, 3, 1, 1)
    assert match.totals == (3, 0, 3, 0)
    ended = match.concede(seat=2)
    assert ended.is_over
    assert ended.conceded == 0
    assert ended.winners == (1, 3)
    assert ended.totals == (3, 0, 3, 0)
    assert ended.games == (
        wr.results.GameResult(number=1, winner=1, scores=(3, 0), value=1, conceded=True),
    )
    standings = ended.standings()
    assert standings.places == (3, 1, 3, 1)
    assert [row.total for row in standings] == [0, 1, 0, 1]
    assert [row.conceded for row in standings] == [True, False, True, False]
    assert standings.points == (F(-40), F(40), F(-40), F(40))
    # Mid-round concession: the round in progress is not scored.
    mid = match.apply(match.legal_actions()[0]).concede(side=1)
    assert len(mid.rounds) == 1
    assert not mid.round.is_over
    assert mid.winners == (0, 2)
    with pytest.raises(wr.ConfigurationError, match="exactly one"):
        match.concede()
    with pytest.raises(wr.ConfigurationError, match="exactly one"):
        match.concede(side=0, seat=0)
    with pytest.raises(wr.ConfigurationError, match="side must be"):
        match.concede(side=2)
    with pytest.raises(wr.ConfigurationError, match="seat must be"):
        match.concede(seat=4)


def test_r_end_4_nothing_is_accepted_after_an_early_end() -> None:
    start = wr.Match.new(variants.ROMANIAN, players=3, seed=2)
    ended = start.abandon()
    action = start.legal_actions()[0]
    assert ended.legal_actions() == ()
    assert ended.to_act is None
    with pytest.raises(wr.GameOverError, match="R-END-4"):
        ended.apply(action)
    with pytest.raises(wr.MatchEndError, match="R-END-4"):
        ended.abandon()
    conceded = wr.Match.new(variants.CLASSIC, players=4, seed=2).concede(side=0)
    # Ending a match that is over is not an action by a seat: a MatchEndError.
    with pytest.raises(wr.MatchEndError, match="R-END-4"):
        conceded.concede(side=1)
    with pytest.raises(wr.GameOverError, match="R-END-4"):
        conceded.apply(wr.Match.new(variants.CLASSIC, players=4, seed=2).legal_actions()[0])
    # Ending early is part of the state: it changes equality, not the original.
    assert ended != start
    assert not start.is_over


# -- standings API -------------------------------------------------------------------------


def test_standings_refused_before_the_end() -> None:
    match = wr.Match.new(variants.ROMANIAN, players=4, seed=1)
    with pytest.raises(wr.NotOverError, match="not over"):
        match.standings()
    with pytest.raises(wr.NotOverError):
        play_rounds(match, 3).standings(Rating())


def test_standings_of_a_finished_match_use_the_variant_ranking() -> None:
    finished = wr.random_playout(wr.Match.new(variants.ROMANIAN, players=5, seed=9), seed=9)
    totals = finished.totals
    standings = finished.standings()
    assert standings.system == TablePoints()
    assert [row.total for row in standings] == list(totals)
    assert list(standings.points) == reference_points(TablePoints(), totals)
    assert not standings.abandoned
    rated = attrs.evolve(variants.ROMANIAN, ranking=Rating())
    again = wr.random_playout(wr.Match.new(rated, players=5, seed=9), seed=9)
    assert again.totals == totals
    assert list(again.standings().points) == reference_points(Rating(), totals)
    assert again.standings(Stake(250)).system == Stake(250)
    best = {seat for seat, p in enumerate(standings.points) if p == max(standings.points)}
    assert best == set(finished.winners)


def _lines_run_in_whist_ro(call: Callable[[], object]) -> int:
    """How many lines of whist-ro's own code ``call`` runs: a cost measure without a clock."""
    package = str(Path(wr.__file__).parent)
    lines = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Any:  # sys.settrace's signature
        nonlocal lines
        if not frame.f_code.co_filename.startswith(package):
            return None
        if event == "line":
            lines += 1
        return trace

    sys.settrace(trace)
    try:
        call()
    finally:
        sys.settrace(None)
    return lines


@pytest.mark.parametrize("system", SYSTEMS, ids=repr)
def test_rank_totals_grows_as_n_log_n(system: RankingSystem) -> None:
    """4x the seats costs about 4x the lines run (n log n), never 16x (a quadratic ranking)."""

    def spread(n: int) -> list[int]:
        return [(seat * 7919) % 10_007 - 5_000 for seat in range(n)]

    small = _lines_run_in_whist_ro(lambda: rank_totals(spread(500), system))
    large = _lines_run_in_whist_ro(lambda: rank_totals(spread(2_000), system))
    assert large < 6 * small, (small, large)


def test_rank_totals_takes_the_cap() -> None:
    """10,000 totals (the cap) are ranked; one more is refused with a short message."""
    totals = [(seat * 7919) % 10_007 - 5_000 for seat in range(wr.ranking.MAX_SEATS)]
    standings = rank_totals(totals, Rating())
    best = max(totals)
    assert standings.winners == (totals.index(best),)
    assert standings[totals.index(min(totals))].place == len(totals)
    with pytest.raises(wr.ConfigurationError, match="2 to 10000 whole numbers") as info:
        rank_totals([0] * (wr.ranking.MAX_SEATS + 1))
    assert info.value.field == "totals"
    assert len(str(info.value)) < 400
    with pytest.raises(wr.ConfigurationError, match="totals") as info:
        rank_totals([0, 10**5000])
    assert "<int of 5001 digits>" in str(info.value)
    assert rank_totals([0, wr.ranking.MAX_TOTAL]).winners == (1,)


def test_values_keep_their_own_tuples() -> None:
    rows = list(rank_totals([1, 2, 3]))
    standings = wr.results.Standings(rows=rows, system=TablePoints())
    rows.pop()
    assert len(standings) == 3
    assert isinstance(standings.rows, tuple)
    assert hash(standings) == hash(rank_totals([1, 2, 3]))
    seats = [wr.results.SeatScore(bid=1, tricks=1, points=6, bonus=0, total=6)]
    row = wr.results.ScoreRow(
        number=1, hand_size=1, dealer=0, trump=None, turn_up=None, seats=seats
    )
    seats.append(seats[0])
    assert row.seats == (wr.results.SeatScore(bid=1, tricks=1, points=6, bonus=0, total=6),)
    assert isinstance(hash(row), int)
    for bad in (None, 5, "ab"):
        with pytest.raises(wr.ConfigurationError):
            wr.results.Standings(rows=bad, system=TablePoints())  # type: ignore[arg-type]


def test_rank_totals_refuses_bad_input() -> None:
    with pytest.raises(wr.ConfigurationError, match="totals"):
        rank_totals([5])
    with pytest.raises(wr.ConfigurationError, match="totals"):
        rank_totals([1, 2.5])  # type: ignore[list-item]
    with pytest.raises(wr.ConfigurationError, match="scheduled"):
        rank_totals([1, 2], played=3)
    with pytest.raises(wr.ConfigurationError, match="played"):
        rank_totals([1, 2], played=-1, scheduled=4)
    with pytest.raises(wr.ConfigurationError, match="system"):
        rank_totals([1, 2], "rating")  # type: ignore[arg-type]
    with pytest.raises(wr.ConfigurationError, match="disconnected"):
        rank_totals([1, 2], disconnected=2)  # type: ignore[arg-type]
    for junk in (None, "12", b"12", {1: 2}, [1, None], [[1], [2]], 5):
        with pytest.raises(wr.ConfigurationError) as info:
            rank_totals(junk)  # type: ignore[arg-type]
        assert info.value.field == "totals"


RANKING_JUNK: list[object] = [
    None,
    [1],
    "table",
    {},
    {"system": "stake"},
    {"system": None},
    {"system": ["stake"]},
    {"system": "stake", "amount": "200"},
    {"system": "stake", "amount": 10**5000},
    {"system": "table", "per_player": 10**5000},
    {"system": "table", 1: 2},
    {"system": "rating", "zero_win": "yes"},
    {"system": "rating", "amount": 200},
]


@pytest.mark.parametrize("data", RANKING_JUNK, ids=range(len(RANKING_JUNK)))
def test_ranking_from_dict_refuses_junk(data: object) -> None:
    for load in (wr.ranking.ranking_from_dict, RankingSystem.from_dict):
        with pytest.raises(wr.ConfigurationError) as info:
            load(data)  # type: ignore[arg-type]
        assert len(str(info.value)) < 400
        # The same junk inside a variant is refused the same way.
        with pytest.raises(wr.ConfigurationError):
            wr.Variant.from_dict({"ranking": data})


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=10,
)


@settings(max_examples=200)
@given(
    st.dictionaries(
        st.sampled_from(["system", "amount", "per_player", "zero_win", "x"]),
        st.sampled_from(["table", "stake", "rating", 200, 10, True]) | json_values,
        max_size=4,
    )
    | json_values
)
def test_ranking_from_dict_lets_only_configuration_errors_out(data: object) -> None:
    loaded = _load_ranking(data)
    if isinstance(loaded, RankingSystem):
        assert wr.ranking.ranking_from_dict(loaded.to_dict()) == loaded
    else:
        assert len(str(loaded)) < 400


def _load_ranking(data: object) -> RankingSystem | wr.ConfigurationError:
    """The system, or the ConfigurationError; any other exception fails the test."""
    try:
        return wr.ranking.ranking_from_dict(data)  # type: ignore[arg-type]
    except wr.ConfigurationError as error:
        return error


def test_ranking_systems_are_frozen_and_serialisable() -> None:
    for system in SYSTEMS + ZERO_WIN_SYSTEMS:
        data = system.to_dict()
        assert json.loads(json.dumps(data)) == data
        assert wr.ranking.ranking_from_dict(data) == system
        assert hash(system) == hash(wr.ranking.ranking_from_dict(data))
        with pytest.raises(ImmutableError):
            system.zero_win = True
    with pytest.raises(wr.ConfigurationError, match="unknown Stake setting"):
        wr.ranking.ranking_from_dict({"system": "stake", "amount": 200, "currency": "lei"})
    with pytest.raises(wr.ConfigurationError, match="per_player"):
        TablePoints(0)
    with pytest.raises(wr.ConfigurationError, match="zero_win"):
        Rating(zero_win=1)  # type: ignore[arg-type]
    # A variant carries its system through to_dict / from_dict and JSON.
    house = attrs.evolve(variants.ROMANIAN, name="for money", ranking=Stake(300, zero_win=True))
    data = json.loads(json.dumps(house.to_dict()))
    assert data["ranking"] == {"system": "stake", "amount": 300, "zero_win": True}
    assert wr.Variant.from_dict(data) == house
    with pytest.raises(wr.ConfigurationError, match=r"Variant\.ranking"):
        attrs.evolve(variants.ROMANIAN, ranking="rating")


def test_the_docs_table_of_one_set_of_totals_under_every_system() -> None:
    """The table in docs/standings.md, each figure worked out by hand there."""
    rows = {
        (60, 72, 90, 112): (
            ["-40.00", "-21.54", "6.15", "40.00"],
            ["-200.00", "-107.69", "30.77", "200.00"],
            ["-20.00", "-8.62", "2.46", "20.00"],
        ),
        (100, 100, 50, 20): (
            ["40.00", "40.00", "-10.00", "-40.00"],
            ["200.00", "200.00", "-50.00", "-200.00"],
            ["18.00", "18.00", "-4.00", "-20.00"],
        ),
        (100, 50, 20, 20): (
            ["40.00", "-10.00", "-40.00", "-40.00"],
            ["200.00", "-50.00", "-200.00", "-200.00"],
            ["20.00", "-4.00", "-18.00", "-18.00"],
        ),
    }
    for totals, expected in rows.items():
        for system, shown in zip((TablePoints(), Stake(200), Rating()), expected, strict=True):
            got = [str(display_points(p)) for p in rank_totals(totals, system).points]
            assert got == shown, (totals, system)
    abandoned = {
        TablePoints(): ["-20.00", "-10.77", "3.08", "20.00"],
        Stake(200): ["-100.00", "-53.85", "15.38", "100.00"],
        Rating(): ["-20.00", "-4.31", "1.23", "10.00"],
    }
    for system, shown in abandoned.items():
        s = rank_totals([60, 72, 90, 112], system, played=12, scheduled=24, disconnected=[0])
        assert [str(display_points(p)) for p in s.points] == shown


def test_docs_page_examples_run() -> None:
    failures, tried = doctest.testfile(
        str(DOCS / "standings.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert tried > 10
    assert failures == 0


# -- properties ---------------------------------------------------------------------------

totals_lists = st.lists(st.integers(-300, 400), min_size=2, max_size=6)
plain_systems = st.sampled_from(SYSTEMS)
any_systems = st.sampled_from(SYSTEMS + ZERO_WIN_SYSTEMS)


@given(any_systems, totals_lists)
def test_engine_matches_the_reference_reading_of_the_rules(
    system: RankingSystem, totals: list[int]
) -> None:
    assert list(system.points(totals)) == reference_points(system, totals)


@given(any_systems, totals_lists)
def test_points_lie_within_the_system_bounds(system: RankingSystem, totals: list[int]) -> None:
    low, high = system.bounds(len(totals))
    assert all(low <= p <= high for p in system.points(totals))
    if not system.zero_win:
        end = first_award(system, len(totals))
        assert (low, high) == (-end, end)


@given(plain_systems, totals_lists)
def test_points_are_monotone_in_the_total(system: RankingSystem, totals: list[int]) -> None:
    points = system.points(totals)
    for a, pa in zip(totals, points, strict=True):
        for b, pb in zip(totals, points, strict=True):
            if a < b:
                assert pa <= pb


@given(any_systems, totals_lists)
def test_equal_totals_get_equal_points(system: RankingSystem, totals: list[int]) -> None:
    points = system.points(totals)
    by_total: dict[int, set[Fraction]] = {}
    for total, p in zip(totals, points, strict=True):
        by_total.setdefault(total, set()).add(p)
    assert all(len(values) == 1 for values in by_total.values())


@given(
    plain_systems,
    st.integers(-100, 100),
    st.lists(st.integers(0, 150), min_size=1, max_size=3),
    st.booleans(),
)
def test_every_system_is_zero_sum_on_totals_symmetric_about_the_midpoint(
    system: RankingSystem, centre: int, offsets: list[int], with_centre: bool
) -> None:
    totals = [centre + d for d in offsets] + [centre - d for d in offsets]
    if with_centre and len(totals) < 6:
        totals.append(centre)
    assert sum(system.points(totals)) == 0
    assert sum(rank_totals(totals, system, played=5, scheduled=21).points) == 0


@given(st.sampled_from([s for s in SYSTEMS if not isinstance(s, Rating)]), totals_lists)
def test_linear_systems_sum_to_the_mean_offset_and_are_zero_sum_exactly_at_the_midpoint(
    system: RankingSystem, totals: list[int]
) -> None:
    top, bottom = max(totals), min(totals)
    total = sum(system.points(totals))
    if top == bottom:
        assert total == 0
        return
    end = first_award(system, len(totals))
    mid = F(top + bottom, 2)
    assert total == 2 * end * sum(t - mid for t in totals) / (top - bottom)
    assert (total == 0) == (F(sum(totals), len(totals)) == mid)


@given(plain_systems, st.integers(-50, 50), st.integers(1, 80), st.integers(1, 3))
def test_classic_standings_are_always_zero_sum(
    system: RankingSystem, base: int, lead: int, side: int
) -> None:
    sides = [base, base + lead]
    seats = [sides[(seat + side) % 2] for seat in range(4)]
    assert sum(rank_totals(seats, system).points) == 0


def test_zero_win_is_zero_sum_only_for_rating_with_six_players_and_two_zeros() -> None:
    balanced = []
    for system in ZERO_WIN_SYSTEMS:
        for players in range(3, 7):
            for zeros in range(1, players):
                totals = [0] * zeros + list(range(1, players - zeros + 1))
                if sum(system.points(totals)) == 0:
                    balanced.append((system.kind, players, zeros))
    assert balanced == [("rating", 6, 2)]


def test_rating_and_table_points_are_not_zero_sum_in_general() -> None:
    # -40 - 280/13 + 80/13 + 40 = -200/13, and -20 - 112/13 + 32/13 + 20 = -80/13.
    assert sum(TablePoints().points([60, 72, 90, 112])) == F(-200, 13)
    assert sum(Rating().points([60, 72, 90, 112])) == F(-80, 13)
    # The disconnection charge breaks even a symmetric sum.
    charged = rank_totals([0, 10, 20], Rating(), disconnected=[1])
    assert sum(charged.points) == -15


@given(any_systems, totals_lists, st.integers(1, 30), st.data())
def test_an_abandoned_match_scales_every_seat_by_the_share_played(
    system: RankingSystem, totals: list[int], scheduled: int, data: st.DataObject
) -> None:
    played = data.draw(st.integers(0, scheduled))
    gone = data.draw(st.sets(st.integers(0, len(totals) - 1)))
    scaled = rank_totals(totals, system, played=played, scheduled=scheduled, disconnected=gone)
    full = system.points(totals)
    charge = F(5 * len(totals)) if isinstance(system, Rating) else F(0)
    share = F(played, scheduled)
    for seat, row in enumerate(scaled):
        expected = share * (full[seat] - (charge if seat in gone else 0))
        assert row.points == expected
        assert row.disconnected == (seat in gone)
        assert row.abandoned == (played < scheduled)


@given(any_systems, totals_lists)
def test_places_count_the_seats_strictly_ahead(system: RankingSystem, totals: list[int]) -> None:
    standings = rank_totals(totals, system)
    keys = [(row.zero_win, row.total) for row in standings]
    for row, key in zip(standings, keys, strict=True):
        assert row.place == 1 + sum(other > key for other in keys)
        assert row.tied == (keys.count(key) > 1)
    assert [row.seat for row in standings] == list(range(len(totals)))
    assert [row.place for row in standings.by_place()] == sorted(standings.places)
