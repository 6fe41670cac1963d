"""Audit a paper score sheet: a hook violation and a wrong total.

Many tables keep only a paper sheet: per round the hand size, the dealer
and each seat's bid and tricks won, and the totals at the bottom.  Without
the cards ``records.audit`` can still check a lot: the hand sizes follow the
schedule, the deal passes clockwise, the bids are in range, the dealer
respected the hook (R-BID-2), the tricks add up to the hand size; and it
recomputes every score, streak bonus and total.

The sheet below (three players, the first six rounds of a 1-8-1 match) has
a dealer's bid the hook forbids and a total added up wrong.  The script
prints the audit, then audits the corrected sheet.  Run it with
``python examples/score_sheet_audit.py``; ``whist-ro audit SHEET.csv`` does
the same for a CSV file.
"""

from __future__ import annotations

from whist_ro import records

# One row per round in play order; the last row holds the totals written on the paper.
SHEET = """\
hand_size,dealer,bid0,won0,bid1,won1,bid2,won2
1,0,1,0,1,1,0,0
1,1,0,0,0,0,1,1
1,2,1,1,1,0,0,0
2,0,0,0,1,1,0,1
3,1,1,1,0,0,1,2
4,2,2,2,1,1,0,1
total,28,37,13
"""


def main() -> None:
    report = records.audit(SHEET)
    print(report)
    assert [problem.rule for problem in report.problems] == ["R-BID-2"]
    assert len(report.differences) == 1

    # In round 2 the dealer (seat 1) really bid 1 and took nothing; the total
    # of seat 1 was added up wrong.  Fix both lines and audit again.
    fixed = SHEET.replace("1,1,0,0,0,0,1,1", "1,1,0,0,1,0,1,1")
    corrected = records.audit(fixed.replace("total,28,37,13", "total,28,21,13"))
    print()
    print(f"corrected sheet: ok = {corrected.ok}, totals {corrected.totals}")
    for difference in corrected.differences:
        print(f"  still wrong: {difference}")


if __name__ == "__main__":
    main()
