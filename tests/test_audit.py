"""Score-sheet audit: rules checkable without cards, recomputed scores, written totals."""

from __future__ import annotations

import pytest

import whist_ro as wr
from whist_ro import records
from whist_ro.records import audit

HEADER = "hand_size,dealer,bid0,won0,bid1,won1,bid2,won2"


def sheet_of(m: wr.Match, *, total: bool = True) -> str:
    """A match's score sheet as the CSV a table would keep."""
    n = m.players
    lines = ["hand_size,dealer," + ",".join(f"bid{s},won{s}" for s in range(n))]
    for row in m.score_sheet:
        cells = [row.hand_size, row.dealer] + [x for s in row.seats for x in (s.bid, s.tricks)]
        lines.append(",".join(map(str, cells)))
    if total:
        lines.append("total," + ",".join(map(str, m.totals)))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("name", "players", "seed"), [("romanian", 4, 1), ("inverted", 5, 2)])
def test_a_true_sheet_recomputes_the_match(name: str, players: int, seed: int) -> None:
    m = wr.random_playout(
        wr.Match.new(wr.variants.get(name), players=players, seed=seed), seed=seed
    )
    report = audit(sheet_of(m), variant=m.variant)
    assert report.ok, str(report)
    assert report.totals == m.totals
    assert report.standings == m.standings()
    # The recomputed rows carry the streak bonuses the match paid.
    assert [[s.bonus for s in r.seats] for r in report.score_sheet] == [
        [s.bonus for s in r.seats] for r in m.score_sheet
    ]
    assert "verdict: the sheet is consistent" in str(report)


def test_R_BID_2_a_sheet_with_a_hook_violation() -> None:
    text = f"{HEADER}\n1,0,1,1,1,0,0,0\n1,1,0,0,1,1,0,0\n"
    report = audit(text)
    assert [(p.rule, p.round, p.seat, p.column, p.line) for p in report.problems] == [
        ("R-BID-2", 2, 1, "bid1", 3)
    ]
    assert "seat 1 (dealer) bid 1" in report.problems[0].explanation
    assert report.violation == report.problems[0]


def test_R_PLAY_6_a_sheet_whose_tricks_do_not_add_up() -> None:
    text = f"{HEADER}\n1,0,1,1,1,1,0,0\n"
    report = audit(text)
    assert [(p.rule, p.column) for p in report.problems] == [("R-PLAY-6", "won")]
    assert "add up to 2" in report.problems[0].explanation
    assert not report.ok


def test_a_sheet_with_a_wrong_total() -> None:
    # Round 1: 1/1 +6, 1/0 -1, 0/0 +5; round 2: 0/0 +5, 0/0 +5, 0/1 -1.
    text = f"{HEADER}\n1,0,1,1,1,0,0,0\n1,1,0,0,0,0,0,1\ntotal,11,4,5\n"
    report = audit(text)
    assert report.problems == ()
    assert report.totals == (11, 4, 4)
    assert report.differences == (records.Difference(seat=2, claimed=5, recomputed=4),)
    assert "DIFFERENCE seat 2: claimed 5, recomputed 4 (off by +1)" in str(report)


def test_a_sheet_that_claims_less_than_was_scored_is_caught_too() -> None:
    # The rounds of the test above (11, 4, 4): seat 0 under-claims by 2, seat 2 by 1.
    text = f"{HEADER}\n1,0,1,1,1,0,0,0\n1,1,0,0,0,0,0,1\ntotal,9,4,3\n"
    report = audit(text)
    assert report.problems == ()
    assert report.differences == (
        records.Difference(seat=0, claimed=9, recomputed=11),
        records.Difference(seat=2, claimed=3, recomputed=4),
    )
    assert not report.ok
    assert "DIFFERENCE seat 0: claimed 9, recomputed 11 (off by -2)" in str(report)
    assert "DIFFERENCE seat 2: claimed 3, recomputed 4 (off by -1)" in str(report)


def test_schedule_dealer_and_range_problems_are_all_listed() -> None:
    text = f"{HEADER}\n1,0,1,1,1,0,0,0\n2,2,3,1,0,0,0,0\n"
    report = audit(text)
    rules = [(p.rule, p.column) for p in report.problems]
    assert ("R-SCHED-1", "hand_size") in rules  # the second round of 1-8-1 has 1 card
    assert ("R-SCHED-4", "dealer") in rules  # seat 1 deals round 2
    assert ("R-BID-3", "bid0") in rules  # a bid of 3 with 2 cards
    assert ("R-PLAY-6", "won") in rules  # 1 trick of 2 taken
    for problem in report.problems:
        assert str(problem).startswith("round 2 (line 3)")


@pytest.mark.parametrize(
    ("text", "path", "says"),
    [
        ("", "line 1", "empty"),
        ("a,b\n", "line 1", "header"),
        (f"{HEADER}\n1,0,0,0\n", "line 2", "expected 8 cells"),
        (f"{HEADER}\n1,0,x,1,1,0,0,0\n", "line 2, column 3", "whole number"),
        (f"{HEADER}\ntotal,1,2\n", "line 2", "total row"),
        (f"{HEADER}\ntotal,1,2,3\n1,0,1,1,1,0,0,0\n", "line 3", "last one"),
        (f"{HEADER}\n1,0,{'9' * 50},1,1,0,0,0\n", "line 2, column 3", "whole number"),
    ],
)
def test_a_malformed_sheet_is_a_record_error(text: str, path: str, says: str) -> None:
    with pytest.raises(records.RecordError, match=says) as info:
        audit(text)
    assert info.value.path == path


def test_classic_sheets_are_refused() -> None:
    with pytest.raises(records.RecordError, match="exact-bid"):
        audit(f"{HEADER}\n", variant=wr.variants.CLASSIC)


def test_a_variant_is_a_variant_not_its_name() -> None:
    # As at every entry point: a preset's name is refused with a pointer to the presets.
    with pytest.raises(wr.ConfigurationError, match=r"such as variants\.ROMANIAN") as info:
        audit(f"{HEADER}\n", variant="nosuch")  # type: ignore[arg-type]
    assert info.value.field == "variant"
