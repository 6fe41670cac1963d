"""Cost of reading hostile text at 1x and 4x size: every loader must stay linear.

Each shape is text built to hurt a reader (an unterminated string of escaped
quotes, 100,000 brackets, a 4,000-digit number repeated ...).  For every
shape the script times one read at a base size and at 4 times that size
(best of ``--reps``) and reports both and their ratio: about 4 means linear,
16 would mean quadratic.  The JSON shapes go through ``records.loads`` (what
``load``, ``adjudicate``, ``Match.from_record`` and ``whist-ro check`` call),
sized up to the 8,000,000-character cap; the notation shapes through
``records.parse_round`` (cap 20,000) and the CSV shapes through
``records.audit`` (cap 1,000,000).  A read may end in a ``RecordError``:
refusing fast is the point.  The tests (``tests/test_hostile_records.py``)
count the JSON scanner's steps on the same kinds of shapes.

    python benchmarks/loader.py                 # JSON at 2,000,000 and 8,000,000 characters
    python benchmarks/loader.py --json-size 250000 --reps 3
"""

from __future__ import annotations

import argparse
import importlib
import timeit
from collections.abc import Callable

import _common

import whist_ro as wr
from whist_ro import records
from whist_ro.errors import RecordError

Shape = Callable[[int], str]

# The modules, not the functions whist_ro.records re-exports (records.audit is one).
JSON_CAP = importlib.import_module("whist_ro.records.schema").MAX_CHARS
NOTATION_CAP = importlib.import_module("whist_ro.records.notation").MAX_TEXT
CSV_CAP = importlib.import_module("whist_ro.records.audit").MAX_SHEET


def _repeat(piece: str, size: int, *, head: str = "", tail: str = "") -> str:
    """``head``, then ``piece`` repeated to about ``size`` characters in all, then ``tail``."""
    return head + piece * max(1, (size - len(head) - len(tail)) // len(piece)) + tail


_PER_ROUND = 2_300  # characters of one 6-player, 8-card round in a record, measured
# A record holds at most 1,000 rounds (about 2,300,000 characters): the real record's 4x
# must fit in that, so its 1x is at most a quarter of it.
RECORD_1X = wr.variants.MAX_ROUNDS * _PER_ROUND // 4


def _record(size: int) -> str:
    """A real, valid match record of about ``size`` characters (6 players, 8-card rounds)."""
    rounds = max(1, min(wr.variants.MAX_ROUNDS, size // _PER_ROUND))
    house = wr.Variant(name="long", schedule=(8,) * rounds)
    match = wr.random_playout(wr.Match.new(house, players=6, seed=1), seed=1)
    return records.dumps(match.to_record())


JSON_SHAPES: dict[str, Shape] = {
    "escaped quotes, unterminated": lambda n: _repeat('\\"', n, head='"'),
    "escaped quotes in a string": lambda n: _repeat('\\"', n, head='["', tail='"]'),
    "escaped backslashes, unterminated": lambda n: _repeat("\\\\", n, head='"'),
    "unicode escapes and pairs": lambda n: _repeat("\\u00e9\\ud83d\\ude00", n, head='"', tail='"'),
    "deep brackets": lambda n: "[" * (n // 2) + "]" * (n // 2),
    "many empty lists": lambda n: _repeat("[],", n, head="[", tail="[]]"),
    "many empty objects in one": lambda n: _repeat('{"a": {}, "b": []}, ', n, head="[", tail="{}]"),
    "long string": lambda n: _repeat("a", n, head='"', tail='"'),
    "long string, unterminated": lambda n: _repeat("a", n, head='"'),
    "many short strings": lambda n: _repeat('"ab", ', n, head="[", tail='"c"]'),
    "a long list ending in a list": lambda n: _repeat('"ab", 1, ', n, head="[", tail="[]]"),
    "lists that each open another": lambda n: _repeat('["ab", 1, ', n),
    "4,000-digit numbers": lambda n: _repeat("9" * 4000 + ", ", n, head="[", tail="0]"),
    "mixture, unterminated at the end": lambda n: _repeat(
        '[{"k": "\\"[{", "l": [[], {}, "\\\\"]}], ', n, head="[", tail='"\\"'
    ),
    "a real match record": _record,
}

_ROUND = "dealer: 0\nhand 0: Ah\nhand 1: Kh\nhand 2: Qh\nturn-up: Jh\n"

NOTATION_SHAPES: dict[str, Shape] = {
    "one long hand line": lambda n: _repeat("Ah ", n, head="dealer: 0\nhand 0: "),
    "a key with no colon": lambda n: _repeat("x", n, head="hand "),
    "blank space, then junk": lambda n: _repeat(" ", n, tail="x"),
    "one long number": lambda n: _repeat("9", n, head="dealer: "),
    "long comment lines": lambda n: _repeat("#" * 499 + "\n", n, tail=_ROUND),
}

_HEADER = "hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\n"

CSV_SHAPES: dict[str, Shape] = {
    "a long header": lambda n: _repeat("x,", n),
    "escaped quotes, unterminated": lambda n: _repeat('""', n, head='"'),
    "a quoted header for the sniffer": lambda n: _repeat('"a;b",', n, tail="\n"),
    "one long row": lambda n: _repeat("0,", n, head=_HEADER + "1,0,"),
    "one huge cell": lambda n: _repeat("9", n, head=_HEADER + "1,0,"),
    "blank lines": lambda n: _repeat("\n", n, head=_HEADER, tail="1,0,0,0,1,1,0,0\n"),
}


def _read_json(text: str) -> None:
    records.loads(text)


def _read_notation(text: str) -> None:
    records.parse_round(text)


def _read_csv(text: str) -> None:
    records.audit(text)


def best_seconds(read: Callable[[str], None], text: str, reps: int) -> tuple[float, str]:
    """Seconds of one read (the best of ``reps`` timed batches), and how the read ended.

    A batch repeats the read until it lasts at least 0.05 s, so that fast reads
    are not lost in the timer's noise.
    """
    outcome = "read"

    def once() -> None:
        nonlocal outcome
        try:
            read(text)
        except RecordError as error:
            outcome = f"refused: {str(error)[:50]}"

    timer = timeit.Timer(once)
    number, _ = timer.autorange()  # reads per batch: a batch of at least 0.2 s
    number = max(1, number // 4)
    return min(timer.repeat(repeat=reps, number=number)) / number, outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    _common.add_common_args(parser, reps=3)
    parser.add_argument(
        "--json-size",
        type=_common.positive_int,
        default=JSON_CAP // 4,
        help="base size of the JSON shapes in characters; 4x is also run (default: cap / 4)",
    )
    args = parser.parse_args()
    _common.print_header("loading hostile text at 1x and 4x size")
    groups = [
        ("json", JSON_SHAPES, _read_json, args.json_size),
        ("notation", NOTATION_SHAPES, _read_notation, NOTATION_CAP // 4),
        ("csv", CSV_SHAPES, _read_csv, CSV_CAP // 4),
    ]
    rows = []
    results = []
    for group, shapes, read, size in groups:
        for name, shape in shapes.items():
            base = min(size, RECORD_1X) if shape is _record else size
            small, large = shape(base), shape(4 * base)
            t1, outcome_1x = best_seconds(read, small, args.reps)
            t4, outcome = best_seconds(read, large, args.reps)
            if outcome_1x.split(":")[0] != outcome.split(":")[0]:
                outcome = f"1x {outcome_1x.split(':')[0]}, 4x {outcome}"
            ratio = t4 / t1 if t1 > 0 else float("nan")
            rows.append(
                [
                    f"{group}: {name}",
                    f"{len(small):,}",
                    f"{t1 * 1e3:.2f}",
                    f"{len(large):,}",
                    f"{t4 * 1e3:.2f}",
                    f"{ratio:.2f}",
                    outcome,
                ]
            )
            results.append(
                {
                    "reader": group,
                    "shape": name,
                    "chars_1x": len(small),
                    "ms_1x": round(t1 * 1e3, 3),
                    "chars_4x": len(large),
                    "ms_4x": round(t4 * 1e3, 3),
                    "ratio_4x_1x": round(ratio, 2),
                    "outcome": outcome,
                }
            )
    _common.print_table(
        ["shape", "chars 1x", "ms 1x", "chars 4x", "ms 4x", "4x/1x", "outcome"], rows
    )
    worst = max(r["ratio_4x_1x"] for r in results)  # type: ignore[type-var]
    print(f"worst 4x/1x ratio: {worst} (linear: about 4; quadratic: about 16)")
    _common.emit_json(
        not args.no_json,
        {"benchmark": "loader", "env": _common.environment(), "reps": args.reps, "rows": results},
    )


if __name__ == "__main__":
    main()
