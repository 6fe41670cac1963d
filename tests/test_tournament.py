"""Tournaments: the same seeds give the same result serially, on a pool and on Dask."""

from __future__ import annotations

import itertools
import math
import random
import re
import statistics
import sys
import threading
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest

import whist_ro as wr
from whist_ro._check import MAX_WORKERS
from whist_ro.agents import BotFactory
from whist_ro.bots import RandomBot
from whist_ro.errors import ConfigurationError, ImmutableError
from whist_ro.remote import EngineCommand
from whist_ro.tournaments import Entrant, Estimate, TournamentResult, tournament
from whist_ro.tournaments import run as tournaments_run

ROMANIAN = wr.variants.ROMANIAN


class FirstLegal:
    """A deterministic bot: always the first legal action (it ignores its seed)."""

    def __init__(self, *, seed: int) -> None:
        self.seed = seed

    def act(self, view: Any) -> Any:
        return view.legal_actions[0]


class Broken:
    """A bot whose connection is lost at its first decision."""

    def __init__(self, *, seed: int) -> None:
        pass

    def act(self, view: Any) -> Any:
        raise RuntimeError("lost connection")


class FailsLater:
    """Builds for the trial seed 0 only: the failure happens inside a match."""

    def __init__(self, *, seed: int) -> None:
        if seed != 0:
            raise RuntimeError(f"no bot for seed {seed}")

    def act(self, view: Any) -> Any:
        return view.legal_actions[0]


def not_an_agent(*, seed: int) -> object:
    return object()


def explodes(*, seed: int) -> Any:
    raise TypeError("no bot today")


class NoSeed:
    """A bot class that forgot the seed= argument every line-up entry is built with."""

    def act(self, view: Any) -> Any:
        return view.legal_actions[0]


# One tested bot against three of a reference, duplicate: 3 sets of 4 matches.
LINEUP = [Entrant(RandomBot, name="tested")] + [Entrant(RandomBot, name="field")] * 3
SEEDS = [11, "twelve", 13]


def run(**kwargs: Any) -> TournamentResult:
    options: dict[str, Any] = {"seeds": SEEDS, "duplicate": True, "reference": "field"}
    options.update(kwargs)
    return tournament(ROMANIAN, LINEUP, **options)


@pytest.fixture(scope="module")
def serial() -> TournamentResult:
    return run(workers=0)


# -- the same result wherever it runs -------------------------------------------------


def test_the_seeds_decide_the_result(serial: TournamentResult) -> None:
    assert run(workers=0) == serial
    other = run(workers=0, seeds=[11, "twelve", 14])
    assert other.matches[:8] == serial.matches[:8]
    assert other.matches[8:] != serial.matches[8:]


def test_process_pool_gives_the_serial_result(serial: TournamentResult) -> None:
    seen: list[tuple[int, int]] = []
    result = run(workers=2, progress=lambda done, total: seen.append((done, total)))
    assert result == serial
    assert seen == [(done, 12) for done in range(13)]


def test_any_executor_gives_the_serial_result(serial: TournamentResult) -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        assert run(executor=pool) == serial
        # The tournament does not shut down an executor it was given.
        assert pool.submit(sum, [1, 2]).result() == 3


class CountingExecutor(Executor):
    """A thread pool that records the most matches it ever held at once."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(max_workers=2)
        self.held = 0
        self.most = 0
        self.lock = threading.Lock()

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        with self.lock:
            self.held += 1
            self.most = max(self.most, self.held)
        future = self.pool.submit(fn, *args, **kwargs)
        future.add_done_callback(self._release)
        return future

    def _release(self, _: object) -> None:
        with self.lock:
            self.held -= 1


def test_at_most_a_window_of_matches_is_in_flight(
    serial: TournamentResult, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tournaments_run, "_WINDOW", 3)
    executor = CountingExecutor()
    with executor.pool:
        assert run(executor=executor) == serial
    assert executor.most == 3


def test_dask_gives_the_serial_result(serial: TournamentResult) -> None:
    distributed = pytest.importorskip(
        "dask.distributed",
        reason="dask[distributed] is not installed (pip install -e '.[test]' installs it)",
    )
    # Worker processes: the line-up and the matches really travel by pickle.
    with (
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        seen: list[int] = []
        result = run(
            executor=client.get_executor(),
            progress=lambda done, total: seen.append(done),
        )
        custom = tournament(
            ROMANIAN,
            [FirstLegal, RandomBot, RandomBot],
            seeds=[1, 2],
            executor=client.get_executor(),
        )
    assert result == serial
    assert seen == list(range(13))
    assert custom == tournament(
        ROMANIAN, [FirstLegal, RandomBot, RandomBot], seeds=[1, 2], workers=0
    )


# -- duplicate sets ---------------------------------------------------------------------


def test_duplicate_rotates_the_lineup_through_every_seat(serial: TournamentResult) -> None:
    assert [(r.index, r.set_index, r.rotation, r.seed) for r in serial.matches[:5]] == [
        (0, 0, 0, 11),
        (1, 0, 1, 11),
        (2, 0, 2, 11),
        (3, 0, 3, 11),
        (4, 1, 0, "twelve"),
    ]
    for set_index in range(3):
        rows = serial.matches[4 * set_index : 4 * set_index + 4]
        assert sorted(row.seats_of("tested")[0] for row in rows) == [0, 1, 2, 3]


def test_duplicate_matches_share_their_deals() -> None:
    # Two names for one deterministic strategy: every rotation plays the same
    # cards, so a set's totals repeat exactly only if the deals (and the
    # first dealer) stay with the seats while the bots move.
    lineup = [Entrant(FirstLegal, name="a")] + [Entrant(FirstLegal, name="b")] * 3
    result = tournament(ROMANIAN, lineup, seeds=[3, 4], duplicate=True, workers=0)
    for set_index in range(2):
        rows = result.matches[4 * set_index : 4 * set_index + 4]
        assert len({row.totals for row in rows}) == 1
        assert [row.bots.index("a") for row in rows] == [0, 1, 2, 3]
    assert result.matches[0].totals != result.matches[4].totals


def test_duplicate_plays_each_distinct_seating_once() -> None:
    a, b = Entrant(RandomBot, name="a"), Entrant(RandomBot, name="b")
    result = tournament(ROMANIAN, [a, b, a, b], seeds=[1, 2], duplicate=True, workers=0)
    assert [row.bots for row in result.matches] == [("a", "b", "a", "b"), ("b", "a", "b", "a")] * 2
    assert result.bot("a").seats == 8


# -- statistics -------------------------------------------------------------------------


def test_bot_statistics_come_from_the_match_table(serial: TournamentResult) -> None:
    tested, field = serial.bots
    assert (tested.name, tested.seats, field.name, field.seats) == ("tested", 12, "field", 36)
    # Duplicate: the interval is over the 3 sets, each the mean of its 4 matches.
    per_set = [
        sum(row.total_of("tested") for row in serial.matches[4 * k : 4 * k + 4]) / 4
        for k in range(3)
    ]
    assert tested.total == Estimate.of(per_set)
    assert tested.total.n == 3
    edges = serial.edges("tested")
    assert edges == tuple(r.total_of("tested") - r.total_of("field") for r in serial.matches)
    assert tested.edge == Estimate.of([sum(edges[4 * k : 4 * k + 4]) / 4 for k in range(3)])
    assert field.edge is None
    won = sum(row.seats_of("tested")[0] in row.winners for row in serial.matches)
    assert tested.wins == won / 12


def test_seat_statistics_count_every_match_once() -> None:
    result = tournament(ROMANIAN, [RandomBot] * 3, seeds=range(4), workers=0)
    for seat in result.seats:
        assert seat.total == Estimate.of([float(row.totals[seat.seat]) for row in result.matches])
        assert seat.wins == sum(seat.seat in row.winners for row in result.matches) / 4
    assert result.seats[0].total.n == 4
    assert str(result).splitlines()[0] == "romanian, 3 players, 4 matches (4 seeds)"


def test_points_follow_the_standings() -> None:
    row = tournament(ROMANIAN, [RandomBot] * 4, seeds=[9], workers=0).matches[0]
    assert row.points == tuple(
        s.points
        for s in sorted(wr.results.rank_totals(row.totals, ROMANIAN.ranking), key=lambda s: s.seat)
    )
    assert row.places == tuple(
        s.place
        for s in sorted(wr.results.rank_totals(row.totals, ROMANIAN.ranking), key=lambda s: s.seat)
    )


def test_estimate_uses_student_t() -> None:
    two = Estimate.of([0.0, 2.0])  # mean 1, sd sqrt(2), t(1) = 12.706
    assert two.low == pytest.approx(1 - 12.706)
    assert two.high == pytest.approx(1 + 12.706)
    # Past the table, the series: t(0.975, 60) = 2.000298 (from a statistics table).
    values = [float(i % 2) for i in range(61)]
    e = Estimate.of(values)
    sd = (sum((v - e.mean) ** 2 for v in values) / 60) ** 0.5
    assert e.high is not None
    assert (e.high - e.mean) / (sd / 61**0.5) == pytest.approx(2.000298, abs=1e-4)
    assert Estimate.of([4.0]).low is None
    assert not Estimate.of([4.0]).clear_of_zero


def _t_density(x: float, df: int) -> float:
    """Student's t density with ``df`` degrees of freedom, from its formula."""
    log_c = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    return math.exp(log_c - (df + 1) / 2 * math.log1p(x * x / df))


def _t_cdf(x: float, df: int, *, steps: int = 1000) -> float:
    """P(T <= x) for x >= 0: one half plus the density integrated from 0 (Simpson's rule)."""
    h = x / steps
    inner = math.fsum((4 if i % 2 else 2) * _t_density(i * h, df) for i in range(1, steps))
    return 0.5 + h / 3 * (_t_density(0.0, df) + inner + _t_density(x, df))


def _t_quantile(p: float, df: int) -> float:
    """The t quantile by Newton's method on the integrated CDF: no table, no series."""
    x = 1.96
    for _ in range(100):
        step = (p - _t_cdf(x, df)) / _t_density(x, df)
        x += step
        if abs(step) < 1e-10:
            return x
    raise AssertionError(f"no t quantile for {df} degrees of freedom")


def _t_of(values: list[float]) -> float:
    """The t the estimate of ``values`` used: its half-width over the standard error."""
    e = Estimate.of(values)
    assert e.high is not None
    return (e.high - e.mean) / (statistics.stdev(values) / math.sqrt(len(values)))


def test_estimate_uses_student_t_at_every_tabulated_degree_of_freedom() -> None:
    # 1 to 30 degrees of freedom come from a table of 3 decimals: each is the quantile
    # computed here, rounded, so a digit off in any entry shows.
    for df in range(1, 31):
        used = _t_of([float(i * i % 7) for i in range(df + 1)])
        assert used == pytest.approx(round(_t_quantile(0.975, df), 3), abs=1e-9), df
    # Past the table, the series is within 1e-4 of it.
    for df in (31, 35, 45, 60, 100, 250, 1000):
        used = _t_of([float(i * i % 7) for i in range(df + 1)])
        assert used == pytest.approx(_t_quantile(0.975, df), abs=1e-4), df


def test_classic_whist_tournament() -> None:
    result = tournament(wr.variants.CLASSIC, [RandomBot] * 4, seeds=[1], workers=0)
    row = result.matches[0]
    assert row.totals[0] == row.totals[2]
    assert row.totals[1] == row.totals[3]


# -- takeovers and the fallback (R-SEAT-1) ----------------------------------------------


def test_R_SEAT_1_takeovers_are_in_the_match_table() -> None:
    lineup: list[BotFactory] = [Broken, FirstLegal, FirstLegal]
    result = tournament(ROMANIAN, lineup, seeds=[1, 2], workers=0, fallback=FirstLegal)
    for row in result.matches:
        assert [(t.seat, t.reason) for t in row.takeovers] == [
            (0, "raised RuntimeError: lost connection")
        ]
    # The fallback is FirstLegal, so the match is the one FirstLegal plays alone.
    alone = tournament(ROMANIAN, [FirstLegal] * 3, seeds=[1, 2], workers=0)
    assert [r.totals for r in result.matches] == [r.totals for r in alone.matches]


def test_R_SEAT_1_takeovers_are_counted_per_bot_and_per_seat() -> None:
    lineup = [Entrant(Broken, name="broken"), Entrant(FirstLegal, name="first")] * 2
    result = tournament(ROMANIAN, lineup, seeds=[1, 2, 3], workers=0, fallback=FirstLegal)
    broken, first = result.bot("broken"), result.bot("first")
    assert (broken.seats, broken.taken_over) == (6, 6)
    assert (first.seats, first.taken_over) == (6, 0)
    assert [s.taken_over for s in result.seats] == [3, 0, 3, 0]
    assert result.matches[0].taken_over() == frozenset({0, 2})
    text = str(result)
    assert "takeovers" in text.splitlines()[1].split()
    assert text.splitlines()[2].split()[:3] == ["broken", "6", "6"]
    assert text.splitlines()[-1] == (
        "warning: 6 of the 6 seats of broken were taken over by the fallback bot (R-SEAT-1) "
        "during the match: its row measures the fallback's play too"
    )
    clean = tournament(ROMANIAN, [FirstLegal] * 3, seeds=[1], workers=0)
    assert "warning" not in str(clean)
    assert str(clean).splitlines()[0] == "romanian, 3 players, 1 match (1 seed)"


def test_R_SEAT_1_a_bot_that_fails_to_build_inside_a_match_costs_its_seat_there() -> None:
    """Built once for the check (seed 0), then never: each match goes on without it."""
    result = tournament(ROMANIAN, [FailsLater, RandomBot, RandomBot], seeds=range(3), workers=1)
    assert len(result.matches) == 3
    for row in result.matches:
        (takeover,) = row.takeovers
        assert (takeover.round, takeover.trick, takeover.seat) == (1, 0, 0)
        assert (takeover.agent, takeover.error) == ("FailsLater", "RuntimeError")
        assert takeover.reason.startswith("raised RuntimeError: no bot for seed ")
    assert result.bot("FailsLater").taken_over == 3


# -- the result is a value --------------------------------------------------------------


def test_the_result_is_immutable(serial: TournamentResult) -> None:
    with pytest.raises(ImmutableError):
        serial.matches = ()  # type: ignore[misc]
    lineup = list(LINEUP)
    result = tournament(ROMANIAN, lineup, seeds=[1], workers=0)
    lineup.clear()
    assert len(result.lineup) == 4
    assert isinstance(result.matches, tuple)
    assert isinstance(result.matches[0].totals, tuple)


# -- refusals -------------------------------------------------------------------------


def local_lineup() -> list[Any]:
    class Local(FirstLegal):
        pass

    return [Local, RandomBot, RandomBot]


def test_a_local_class_plays_in_this_process_only() -> None:
    assert len(tournament(ROMANIAN, local_lineup(), seeds=[1], workers=0).matches) == 1
    with pytest.raises(ConfigurationError, match=r"lineup\[0\] \(Local\) cannot be sent") as info:
        tournament(ROMANIAN, local_lineup(), seeds=[1])
    assert info.value.field == "lineup"


BAD = [
    (
        {"variant": "romanian"},
        "variant",
        "variant must be a Variant such as variants.ROMANIAN (see whist_ro.variants), "
        "not 'romanian'",
    ),
    ({"lineup": "abc"}, "lineup", "lineup must be a list with one entry per seat, not 'abc'"),
    (
        {"lineup": [RandomBot] * 2},
        "lineup",
        "romanian is played by 3 to 6 players, not 2 (R-DECK-2)",
    ),
    (
        {"lineup": [RandomBot, RandomBot, 5]},
        "lineup",
        "lineup[2] must be an Entrant or a bot class or factory taking seed=, not 5",
    ),
    (
        {"lineup": [RandomBot, RandomBot, Entrant(FirstLegal, name="RandomBot")]},
        "lineup",
        "two different lineup entries are both named 'RandomBot': "
        "give each its own name (Entrant(..., name=...))",
    ),
    (
        {"lineup": [RandomBot, RandomBot, lambda seed: RandomBot(seed=seed)]},
        "lineup",
        "lineup[2] (<lambda>) cannot be sent to a worker: pickling failed with *",
    ),
    (
        {"lineup": [RandomBot, RandomBot, Entrant(explodes, name="x")]},
        "lineup",
        "lineup[2] (x) could not build a bot: TypeError: no bot today",
    ),
    (
        {"lineup": [RandomBot, RandomBot, not_an_agent]},
        "lineup",
        "lineup[2] (not_an_agent) built <object object at *>, which is not an agent "
        "(an object with an act(view) method)",
    ),
    ({"seeds": 5}, "seeds", "seeds must be a collection of match seeds (range(100), say), not 5"),
    ({"seeds": []}, "seeds", "seeds must hold at least one seed"),
    (
        {"seeds": [1, 2.5]},
        "seeds",
        "seeds[1] must be an int of at most 63 bits or a str of at most 200 characters, not 2.5",
    ),
    (
        {"seeds": [True]},
        "seeds",
        "seeds[0] must be an int of at most 63 bits or a str of at most 200 characters, not True",
    ),
    (
        {"seeds": [2**63]},
        "seeds",
        "seeds[0] must be an int of at most 63 bits or a str of at most 200 characters, "
        "not 9223372036854775808",
    ),
    (
        {"seeds": [random.Random(1)]},
        "seeds",
        "seeds[0] must be an int of at most 63 bits or a str of at most 200 characters, "
        "not <random.Random object at *>",
    ),
    ({"seeds": [3, 3]}, "seeds", "seeds[1] repeats the seed 3: the match would be played twice"),
    ({"seeds": itertools.count()}, "seeds", "seeds may hold at most 1,000,000 seeds"),
    ({"duplicate": 1}, "duplicate", "duplicate must be True or False, not 1"),
    (
        {"reference": "LowRiskBot"},
        "reference",
        "reference must name a bot of the lineup (RandomBot), not 'LowRiskBot'",
    ),
    (
        {"reference": "RandomBot"},
        "reference",
        "reference 'RandomBot' is the only bot of the lineup: "
        "there is nothing to measure against it",
    ),
    (
        {"executor": "dask"},
        "executor",
        "executor must be a concurrent.futures.Executor (with a submit method), not 'dask'",
    ),
    (
        {"executor": ThreadPoolExecutor(1), "workers": 2},
        "workers",
        "give an executor or a number of workers, not both: workers sizes the default process pool",
    ),
    ({"workers": -1}, "workers", f"workers must be a whole number from 0 to {MAX_WORKERS}, not -1"),
    (
        {"workers": True},
        "workers",
        f"workers must be a whole number from 0 to {MAX_WORKERS}, not True",
    ),
    (
        {"workers": MAX_WORKERS + 1},
        "workers",
        f"workers must be a whole number from 0 to {MAX_WORKERS}, not {MAX_WORKERS + 1}",
    ),
    (
        {"progress": "bar"},
        "progress",
        "progress must be a function taking (done, total), not 'bar'",
    ),
    (
        {"fallback": 3},
        "fallback",
        "fallback must be an Entrant or a bot class or factory taking seed=, not 3",
    ),
    (
        {"time_limit": 0},
        "time_limit",
        "time_limit must be None or a number of seconds above 0 and at most 1e+06, not 0",
    ),
]


@pytest.mark.parametrize(("change", "field", "message"), BAD, ids=[m[:40] for _, _, m in BAD])
def test_bad_arguments_are_refused(change: dict[str, Any], field: str, message: str) -> None:
    arguments: dict[str, Any] = {"variant": ROMANIAN, "lineup": [RandomBot] * 3, "seeds": [1]}
    arguments.update(change)
    variant, lineup = arguments.pop("variant"), arguments.pop("lineup")
    pattern = re.escape(message).replace(r"\*", ".*")
    with pytest.raises(ConfigurationError, match=f"^{pattern}$") as info:
        tournament(variant, lineup, **arguments)
    assert info.value.field == field


ENTRANT_BAD = [
    ((3,), {}, "factory", "Entrant.factory must be a bot class or a function taking seed=, not 3"),
    (
        (RandomBot,),
        {"name": " "},
        "name",
        "Entrant.name must be a non-blank str of at most 60 characters, not ' '",
    ),
    (
        (RandomBot,),
        {"options": [1]},
        "options",
        "Entrant.options must be a mapping of keyword arguments, not [1]",
    ),
    (
        (RandomBot,),
        {"options": {"seed": 1}},
        "options",
        "Entrant.options must not hold 'seed': the tournament seeds every bot "
        "from the match seed and its seat",
    ),
    (
        (RandomBot,),
        {"options": {"no way": 1}},
        "options",
        "Entrant.options keys must be keyword names, not 'no way'",
    ),
    (
        (RandomBot,),
        {"options": {"depth": 2}},
        "factory",
        "Entrant.factory RandomBot cannot be called as RandomBot(seed=..., depth=...): "
        "got an unexpected keyword argument 'depth'; a line-up entry is a bot class or "
        "function taking a seed= keyword",
    ),
    (
        (NoSeed,),
        {},
        "factory",
        "Entrant.factory NoSeed cannot be called as NoSeed(seed=...): got an unexpected "
        "keyword argument 'seed'; a line-up entry is a bot class or function taking a seed= "
        "keyword",
    ),
]


@pytest.mark.parametrize(("args", "kwargs", "field", "message"), ENTRANT_BAD)
def test_bad_entrants_are_refused(
    args: tuple[Any, ...], kwargs: dict[str, Any], field: str, message: str
) -> None:
    with pytest.raises(ConfigurationError, match=f"^{re.escape(message)}$") as info:
        Entrant(*args, **kwargs)
    assert info.value.field == field


def test_entrant_options_reach_the_bot() -> None:
    entry = Entrant(FirstLegal, name="first", options={})
    built = entry.build(seed=5)
    assert isinstance(built, FirstLegal)
    assert built.seed == 5
    assert attrs.evolve(entry, name="again").options == ()
    assert Entrant(RandomBot) == Entrant(RandomBot, name="RandomBot")


def test_unknown_names_are_refused(serial: TournamentResult) -> None:
    with pytest.raises(
        ConfigurationError, match=r"^no bot called 'x' played; the bots are tested, field$"
    ):
        serial.bot("x")
    with pytest.raises(ConfigurationError, match=r"^no seat of this match is played by 'x'; "):
        serial.matches[0].total_of("x")


def test_an_entry_that_fails_to_build_for_a_later_match_costs_its_seat_there_only(
    tmp_path: Path,
) -> None:
    """A real engine that starts once (the check before the first match), then never again."""
    flaky = Path(__file__).resolve().parent / "engines" / "flaky.py"
    starts = tmp_path / "starts"
    engine = EngineCommand(command=[sys.executable, str(flaky), str(starts)], name="flaky")
    result = tournament(
        ROMANIAN,
        [Entrant(engine, name="flaky"), RandomBot, RandomBot],
        seeds=[1, 2],
        workers=0,
        records=True,
    )
    assert len(result.matches) == 2
    for row in result.matches:
        (takeover,) = row.takeovers
        assert (takeover.round, takeover.trick, takeover.seat, takeover.agent) == (1, 0, 0, "flaky")
        assert takeover.reason.startswith("engine flaky failed during the handshake")
        assert takeover.error == "EngineStartError"
        assert row.record is not None
        assert row.record.takeovers == (takeover,)
    assert result.bots[0].taken_over == 2


def test_a_bot_holding_several_seats_is_named_by_seat_and_added_up() -> None:
    """[old, new, old]: every bot at every seat over the rotations, the records' players named
    after the bots with the seat where a name repeats, and each bot's seats added up."""
    old, new = Entrant(RandomBot, name="old"), Entrant(RandomBot, name="new")
    result = tournament(
        wr.variants.ROMANIAN, [old, new, old], seeds=[1, 2], duplicate=True, workers=0,
        records=True,
    )  # fmt: skip
    assert len(result.matches) == 6
    seats: dict[str, set[int]] = {"old": set(), "new": set()}
    for row in result.matches:
        assert row.record is not None
        expected = tuple(b if b == "new" else f"old (seat {s})" for s, b in enumerate(row.bots))
        assert row.record.players == expected
        for seat, bot in enumerate(row.bots):
            seats[bot].add(seat)
    assert seats == {"old": {0, 1, 2}, "new": {0, 1, 2}}
    a, b = result.bots
    assert (a.name, a.seats, a.held, b.held) == ("old", 12, 2.0, 1.0)
    sets = [result.matches[i : i + 3] for i in (0, 3)]
    per_set = [sum(sum(r.totals[s] for s in r.seats_of("old")) for r in rows) / 3 for rows in sets]
    assert a.together is not None
    assert a.together.mean == pytest.approx(sum(per_set) / 2)
    assert a.together.mean == pytest.approx(2 * a.total.mean)
    won = sum(bool(set(r.seats_of("old")) & set(r.winners)) for r in result.matches) / 6
    assert a.together_wins == won
    text = result.render()
    assert "the rows above are per seat held; each bot's seats of a match added up:" in text
    assert "rândurile de mai sus sunt pe loc ocupat" in result.render("ro")


def test_equal_seats_add_nothing_up() -> None:
    lineup = [Entrant(RandomBot, name="a"), Entrant(RandomBot, name="b")] * 2
    result = tournament(wr.variants.ROMANIAN, lineup, seeds=[1], workers=0, records=True)
    assert "added up" not in result.render()
    (row,) = result.matches
    assert row.record is not None
    assert row.record.players == ("a (seat 0)", "b (seat 1)", "a (seat 2)", "b (seat 3)")
    single = tournament(
        wr.variants.ROMANIAN,
        [Entrant(RandomBot, name=n) for n in "xyz"],
        seeds=[1],
        workers=0,
        records=True,
    )
    assert single.matches[0].record is not None
    assert single.matches[0].record.players == ("x", "y", "z")
