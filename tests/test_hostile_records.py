"""Hostile input for the records surface: JSON records, round notation and audit CSV.

First every reproducer of the hardening and polish issues as a named case
(the quadratic scan, lone surrogates, what ``load``/``dump`` accept,
direct constructors, the audit's arguments, byte-order marks, messages,
JSON against notation, the sheet's dialects), then Hypothesis generators
of junk.  The only errors allowed out are :class:`~whist_ro.errors.RecordError`
(and, for a bad argument, :class:`~whist_ro.errors.ConfigurationError`),
both :class:`~whist_ro.WhistError`; nothing may change: a refused dump
leaves the old file whole, and the inputs are not modified.

Fuzzing budget: a few dozen examples per generator, so the suite stays in
CI's time budget.  Set ``WHIST_RO_FUZZ=1`` (any value but ``""``/``0``)
for a long run of 2,000 examples each, for example
``WHIST_RO_FUZZ=1 python -m pytest tests/test_hostile_records.py``.

The linear-time proof counts the JSON scanner's steps at 1x and 4x the size
of each adversarial shape (no timing here); ``benchmarks/loader.py`` times
every loader on the same kinds of shapes.
"""

from __future__ import annotations

import copy
import functools
import importlib
import io
import itertools
import json
import os
import random
import re
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import whist_ro as wr
from whist_ro import records
from whist_ro._check import excerpt
from whist_ro.cli import main
from whist_ro.engine.seats import Takeover
from whist_ro.errors import ConfigurationError, NotationError, RecordError
from whist_ro.records import Ending, LoneRound, Reclaim, Record, RoundRecord
from whist_ro.records import schema as schema_module
from whist_ro.records.audit import HEADINGS
from whist_ro.records.schema import MAX_CHARS, scan_json

FUZZ = os.environ.get("WHIST_RO_FUZZ", "").strip() not in {"", "0"}
BUDGET = settings(
    max_examples=2000 if FUZZ else 40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

LONE = "\ud800"
BOM = "\ufeff"
ROM = wr.variants.ROMANIAN


def finished(name: str = "romanian", players: int = 3, seed: int = 1) -> wr.Match:
    return wr.random_playout(
        wr.Match.new(wr.variants.get(name), players=players, seed=seed), seed=seed
    )


MATCH = finished()
RECORD = MATCH.to_record(players=["Ana", "Bogdan", "Cici"], claimed_totals=MATCH.totals)
TEXT = records.dumps(RECORD)
ROUND_TEXT = "dealer: 2\nhand 0: Ah Jc\nhand 1: Kh 10c\nhand 2: 9d 10s\nturn-up: Qs\nbids: 0 0 1\n"
SHEET = "hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\n1,0,1,1,1,0,0,0\n1,1,0,0,0,0,0,1\n"


def record_error(call: Callable[[], object], says: str = "") -> RecordError:
    with pytest.raises(RecordError) as info:
        call()
    assert says in str(info.value), str(info.value)
    return info.value


def untyped(value: object) -> Any:
    """``value`` with its type unchecked: these tests pass junk on purpose."""
    return value


def attempt(call: Callable[[], object]) -> tuple[object, RecordError | None]:
    """``(result, None)``, or ``(None, error)`` for a RecordError whose message prints."""
    try:
        return call(), None
    except RecordError as error:
        return None, error


# -- 16.1: the scan is linear ------------------------------------------------------------

# Each shape repeats a piece ``k`` times between a fixed start and end, so 4x is exactly
# four times the pieces.
SHAPES: dict[str, Callable[[int], str]] = {
    "escaped quotes, unterminated": lambda k: '"' + '\\"' * k,
    "escaped quotes, terminated": lambda k: '["' + '\\"' * k + '"]',
    "escaped backslashes": lambda k: '"' + "\\\\" * k,
    "quote, backslash, quote": lambda k: '"\\"' * k,
    "deep brackets": lambda k: "[" * k + "]" * k,
    "brackets inside strings": lambda k: '["' + "[{" * k + '"]',
    "open brackets, unterminated string": lambda k: "[" * k + '"' + "a" * k,
    "long string": lambda k: '"' + "a" * k + '"',
    "long string, unterminated": lambda k: '"' + "a" * k,
    "many empty lists": lambda k: "[" + "[]," * k + "[]]",
    "many empty objects and lists": lambda k: "[" + '{"a": [], "b": {}}, ' * k + "0]",
    "many short strings": lambda k: "[" + '"a", ' * k + '"b"]',
    "unicode escapes and surrogate pairs": lambda k: '"' + "\\u00e9\\ud83d\\ude00" * k,
    "many quotes": lambda k: '"' * k,
    "alternating brackets": lambda k: "[]" * k,
    "a long list that holds a list at its end": lambda k: "[" + '"a", 1, ' * k + "[]]",
    "lists that each open another": lambda k: '["x", 1, ' * k + "]" * k,
    "mixture": lambda k: '[{"k": "\\"[{", "l": [[], {}, "\\\\"]}], ' * k + '"\\"',
}
REPEATS = 3_000


@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
def test_the_json_scan_takes_linear_steps_at_1x_and_4x(shape: Callable[[int], str]) -> None:
    small, large = shape(REPEATS), shape(4 * REPEATS)
    steps_1x, steps_4x = scan_json(small).steps, scan_json(large).steps
    # At most one step per character, and four times the text costs at most four times
    # the steps (a few allowed for the ends); a quadratic scan would take ~16 times.
    assert steps_1x <= len(small) + 1
    assert steps_4x <= len(large) + 1
    assert steps_4x <= 4 * steps_1x + 4, (steps_1x, steps_4x)


class _Recorder:
    """A compiled pattern that notes where each search starts and where its match ends."""

    def __init__(self, pattern: re.Pattern[str], calls: list[tuple[int, int]]) -> None:
        self.pattern = pattern
        self.calls = calls

    def _note(self, found: re.Match[str] | None, pos: int) -> re.Match[str] | None:
        self.calls.append((pos, pos if found is None else found.end()))
        return found

    def search(self, text: str, pos: int = 0) -> re.Match[str] | None:
        return self._note(self.pattern.search(text, pos), pos)

    def match(self, text: str, pos: int = 0) -> re.Match[str] | None:
        return self._note(self.pattern.match(text, pos), pos)


@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
def test_the_json_scan_only_moves_forward(
    shape: Callable[[int], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every pattern is possessive, so a call costs what it passes over; this checks the
    # other half: each call starts at or after the end of the one before (one pass).
    calls: list[tuple[int, int]] = []
    for name in ("_TOKEN", "_STRING_RUN"):
        monkeypatch.setattr(schema_module, name, _Recorder(getattr(schema_module, name), calls))
    text = shape(500)
    scan_json(text)
    assert len(calls) <= len(text) + 2
    for (_, end), (start, _) in itertools.pairwise(calls):
        assert start >= end, calls[:10]


def test_R_issue_16_1_the_64_kb_string_of_escaped_quotes_is_refused_at_once() -> None:
    text = '"' + '\\"' * 32000
    assert scan_json(text).steps <= 3
    record_error(lambda: records.loads(text), "Unterminated string")
    record_error(lambda: records.adjudicate(text), "this is JSON, but not a record")
    record_error(lambda: records.from_record(text), "Unterminated string")
    record_error(lambda: wr.Match.from_record(text), "Unterminated string")


def test_whist_ro_check_refuses_the_escaped_quotes_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "quotes.json"
    path.write_text('{"a": "' + '\\"' * 32000, encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        main(["check", str(path)])
    assert info.value.code == 2
    assert "Unterminated string" in capsys.readouterr().err


json_data = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda kids: (
        st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=4), kids, max_size=4)
    ),
    max_leaves=20,
)


def depth_of(value: object) -> int:
    if isinstance(value, list):
        return 1 + max((depth_of(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth_of(v) for v in value.values()), default=0)
    return 0


@BUDGET
@given(data=json_data, ascii_only=st.booleans())
def test_the_scan_finds_the_depth_json_has(data: object, ascii_only: bool) -> None:
    text = json.dumps(data, ensure_ascii=ascii_only)
    found = scan_json(text)
    assert found.depth == depth_of(data)
    assert found.lone_surrogate is None


@BUDGET
@given(
    before=st.text(st.sampled_from('ab"\\[]{} u'), max_size=8),
    code=st.integers(0xD800, 0xDFFF),
    paired=st.booleans(),
)
def test_a_lone_surrogate_escape_is_found_and_a_pair_is_not(
    before: str, code: int, paired: bool
) -> None:
    escape = f"\\u{code:04x}"
    if paired:
        high, low = (code, 0xDC00) if code < 0xDC00 else (0xD800, code)
        escape = f"\\u{high:04X}\\u{low:04x}"
    text = json.dumps(before) + ', "' + escape + '"'
    found = scan_json(text)
    assert (found.lone_surrogate is None) == paired
    if not paired:
        assert text[found.lone_surrogate :].startswith(escape)


# -- 16.7: lone surrogates -------------------------------------------------------------


def _text_with(old: str, new: str) -> str:
    assert old in TEXT
    return TEXT.replace(old, new, 1)


@pytest.mark.parametrize(
    "text",
    [
        _text_with('"Ana"', '"\\ud800"'),
        _text_with('"Ana"', '"A\\udfff"'),
        _text_with('"Ana"', '"\\ud83d"'),  # a high half with no low half after it
        _text_with('"Ana"', '"\\ud83d\\u0041"'),
        _text_with('"rounds"', '"seed": "\\udc80", "rounds"'),
        _text_with('"rounds"', '"meta": {"\\ud800": 1}, "rounds"'),
        _text_with('"Ana"', '"' + LONE + '"'),  # the character itself, in a str
    ],
    ids=["name", "low half", "high half alone", "high half then a letter", "seed", "meta key",
         "raw"],
)  # fmt: skip
def test_R_issue_16_7_a_lone_surrogate_is_refused_by_every_reader(text: str) -> None:
    error = record_error(lambda: records.loads(text), "not valid Unicode")
    assert error.path.startswith("line ")
    record_error(lambda: records.adjudicate(text), "not valid Unicode")
    record_error(lambda: records.from_record(text), "not valid Unicode")


def test_a_surrogate_pair_escape_is_text_and_round_trips() -> None:
    text = _text_with('"Ana"', '"\\ud83d\\ude00 Ana"')
    record = records.loads(text)
    assert record.players[0] == "\N{GRINNING FACE} Ana"
    assert records.loads(records.dumps(record)) == record


@pytest.mark.parametrize(
    "make",
    [
        lambda: attrs.evolve(RECORD, players=["a", LONE, "c"]),
        lambda: attrs.evolve(RECORD, seed=LONE),
        lambda: attrs.evolve(RECORD, meta={"x": LONE}),
        lambda: attrs.evolve(RECORD, meta={LONE: 1}),
        lambda: attrs.evolve(RECORD, takeovers=[Takeover(round=1, trick=0, seat=0, reason=LONE)]),
        lambda: MATCH.to_record(players=["a", "b", "c" + LONE]),
    ],
)
def test_a_record_holding_a_lone_surrogate_cannot_be_built(make: Callable[[], object]) -> None:
    record_error(make, "")


def test_a_refused_dump_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "match.json"
    records.dump(RECORD, path)
    old = path.read_bytes()
    # A record that cannot be written is refused before the file is touched ...
    record_error(lambda: records.dump(untyped(attrs.evolve)(RECORD, seed=LONE), path))
    record_error(lambda: records.dump(untyped("not a record"), path))
    # ... and a failure while writing leaves the old file and no temporary file.
    other = MATCH.to_record()

    def fail(*_: object) -> None:
        raise OSError(28, "No space left on device")

    for name in ("replace", "fsync"):
        with monkeypatch.context() as patch:
            patch.setattr(os, name, fail)
            error = record_error(lambda: records.dump(other, path), "No space left on device")
        assert isinstance(error.__cause__, OSError)  # whist-ro play reports its strerror
        assert path.read_bytes() == old
        assert sorted(p.name for p in tmp_path.iterdir()) == ["match.json"]
    records.dump(other, path)
    assert records.load(path) == other


def test_dump_keeps_the_old_permissions_and_writes_through_a_link(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(path)
    records.dump(RECORD, link)
    assert link.is_symlink()
    assert records.load(path) == RECORD
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_check_refuses_a_surrogate_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(_text_with('"Ana"', '"\\ud800"'), encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        main(["check", str(path)])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "lone surrogate" in err


SEED_ENTRY_POINTS: dict[str, Callable[[object], object]] = {
    "Match.new": lambda seed: wr.Match.new(ROM, players=3, seed=untyped(seed)),
    "Deal.shuffled": lambda seed: wr.Deal.shuffled(
        ROM, players=3, dealer=0, hand_size=2, seed=untyped(seed)
    ),
    "Round.shuffled": lambda seed: wr.Round.shuffled(
        ROM, players=3, dealer=0, hand_size=2, seed=untyped(seed)
    ),
    "random_playout": lambda seed: wr.random_playout(MATCH, seed=untyped(seed)),
    "tournament": lambda seed: wr.tournaments.tournament(
        ROM, [wr.bots.RandomBot] * 3, seeds=untyped([1, seed]), workers=1
    ),
    "RandomBot": lambda seed: wr.bots.RandomBot(seed=untyped(seed)),
}


@pytest.mark.parametrize("call", SEED_ENTRY_POINTS.values(), ids=SEED_ENTRY_POINTS.keys())
@pytest.mark.parametrize("seed", [LONE, "ab\udcff", "\udc80" * 3])
def test_R_issue_16_7_a_surrogate_seed_is_refused_everywhere(
    call: Callable[[object], object], seed: str
) -> None:
    with pytest.raises(ConfigurationError, match="valid Unicode"):
        call(seed)


def test_pettingzoo_reset_refuses_a_surrogate_seed() -> None:
    pytest.importorskip("pettingzoo")
    env = importlib.import_module("whist_ro.interop.pettingzoo").raw_env()
    with pytest.raises(ConfigurationError, match="valid Unicode"):
        env.reset(seed=untyped(LONE))


def test_the_command_line_refuses_a_seed_that_is_not_utf_8() -> None:
    # ``whist-ro --seed $'\xff'``: Python reads the byte as the surrogate '\udcff'.
    done = subprocess.run(
        [os.fsencode(sys.executable), b"-m", b"whist_ro", b"--seed", b"\xff"],
        capture_output=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.count(b"\n") == 1
    assert b"valid Unicode" in done.stderr
    assert b"Traceback" not in done.stderr


def test_notation_and_csv_refuse_a_surrogate_at_its_place() -> None:
    with pytest.raises(NotationError, match="not valid Unicode") as info:
        records.parse_round("dealer: 2\nhand 0: A" + LONE)
    assert (info.value.line, info.value.column) == (2, 10)
    error = record_error(lambda: records.audit(SHEET + LONE), "not valid Unicode")
    assert error.path == "line 4, column 1"


# -- 16.12: what load and dump accept ----------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [None, [], ["a.json"], 0, 1, 2, True, 3.5, b"record.json", bytearray(b"x"), "a\0b", {}],
    ids=repr,
)
def test_R_issue_16_12_load_refuses_what_is_neither_a_path_nor_a_file(source: object) -> None:
    record_error(lambda: records.load(untyped(source)))
    # A descriptor number is refused before anything is read or closed.
    os.fstat(0)
    os.fstat(1)
    assert not sys.stdout.closed


def test_load_reads_an_open_file_and_leaves_it_open(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text(TEXT, encoding="utf-8")
    with path.open(encoding="utf-8") as text_file:
        assert records.load(text_file) == RECORD
        assert not text_file.closed
    with path.open("rb") as binary_file:
        assert records.load(binary_file) == RECORD
    assert records.load(io.StringIO(TEXT)) == RECORD
    assert records.load(str(path)) == records.load(path) == RECORD
    closed = io.StringIO(TEXT)
    closed.close()
    record_error(lambda: records.load(closed), "cannot read")


class _NotText:
    def read(self, _: int) -> object:
        return 5


@pytest.mark.parametrize(
    "target",
    [None, [], 0, 1, 3.5, b"x.json", "a\0b", _NotText(), io.StringIO("x").getvalue()[:0]],
    ids=repr,
)
def test_R_issue_16_12_dump_refuses_what_is_neither_a_path_nor_a_file(target: object) -> None:
    record_error(lambda: records.dump(RECORD, untyped(target)))
    assert not sys.stdout.closed


def test_dump_writes_to_an_open_file_and_refuses_a_folder(tmp_path: Path) -> None:
    text_out = io.StringIO()
    records.dump(RECORD, text_out)
    assert text_out.getvalue() == TEXT
    binary_out = io.BytesIO()
    records.dump(RECORD, binary_out)
    assert binary_out.getvalue() == TEXT.encode("utf-8")
    record_error(lambda: records.dump(RECORD, tmp_path), "cannot write")
    record_error(lambda: records.dump(RECORD, tmp_path / "missing" / "x.json"), "cannot write")
    record_error(lambda: records.load(untyped(_NotText())), "not text")
    assert sorted(tmp_path.iterdir()) == []


# -- 16.13: direct constructors ----------------------------------------------------------

VALID: dict[str, Any] = {
    "variant": RECORD.variant,
    "preset": RECORD.preset,
    "players": RECORD.players,
    "rounds": RECORD.rounds,
}
FIRST = RECORD.rounds[0]


@pytest.mark.parametrize(
    "make",
    [
        lambda: Record(**{**VALID, "players": 5}),
        lambda: Record(**{**VALID, "rounds": None}),
        lambda: Record(**{**VALID, "rounds": [1]}),
        lambda: Record(**VALID, takeovers=untyped([1])),
        lambda: Record(**VALID, ended=untyped("x")),
        lambda: Record(**VALID, claimed_totals=untyped(5)),
        lambda: RoundRecord(dealer=0, hands=untyped(5), turn_up=None),
        lambda: RoundRecord(dealer=0, hands=FIRST.hands, actions=untyped([1])),
        lambda: MATCH.to_record(players=untyped(5)),
        lambda: records.dumps(MATCH.to_record(meta={"a": {1}})),
        lambda: Record(**{**VALID, "players": [1, 2, 3]}),
        lambda: Record(**VALID, seed=untyped(1.5)),
        lambda: Record(**{**VALID, "preset": "inverted"}),
        lambda: Record(**{**VALID, "preset": "1-8-1"}),  # an alias: loads would say 'romanian'
        lambda: Record(**{**VALID, "variant": attrs.evolve(ROM, hook=False)}),
        lambda: Record(**VALID, meta={1: "a"}),  # a key JSON would turn into '1'
        lambda: Record(**VALID, meta={"a": float("nan")}),
        lambda: Record(**VALID, meta={"a": 10**5000}),
        lambda: Record(**VALID, meta={"a": [[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]}),
        lambda: Record(**VALID, meta={"a": "x" * 1_000_001}),
        lambda: Record(**VALID, seed=untyped(random.Random(1))),
        lambda: Record(**VALID, seed=untyped(True)),
        lambda: Ending(how="conceded", side=0, disconnected=[1]),
        lambda: Ending(how=untyped("left")),
        lambda: Ending(how="abandoned", disconnected=[1, 1]),
        lambda: RoundRecord(dealer=0, hands=[["Ah"] * 53], turn_up=None),
        lambda: RoundRecord(dealer=untyped("0"), hands=FIRST.hands),
        lambda: RoundRecord(dealer=0, hands=FIRST.hands, actions=[wr.Bid(seat=0, tricks=53)]),
        lambda: LoneRound(variant=ROM, preset="romanian", round=untyped(5)),
        lambda: LoneRound(variant=untyped("romanian"), preset=None, round=FIRST),
        lambda: LoneRound.of(RECORD, index=untyped("0")),
        lambda: records.format_round(RECORD, index=untyped("0")),
    ],
)
def test_R_issue_16_13_direct_constructors_refuse_with_a_record_error(
    make: Callable[[], object],
) -> None:
    record_error(make)


def test_a_record_built_from_good_values_round_trips() -> None:
    record = Record(
        **VALID,
        seed=-(2**63) + 1,
        meta={"date": "2024-05-01", "scores": [1, 2.5, None, True], "deep": {"x": {"y": []}}},
        takeovers=[Takeover(round=2, trick=1, seat=1, reason="timed out")],
        claimed_totals=list(MATCH.totals),
        ended=None,
    )
    assert records.loads(records.dumps(record)) == record


def test_the_largest_record_allowed_can_be_loaded() -> None:
    # Every cap at once: 8 names of 100 characters, a 200-character seed, meta at its
    # size cap, the longest reasons: what dumps writes must stay under what loads reads.
    names = [chr(0x4E00 + i) * 100 for i in range(3)]
    meta = {"notes": "é" * (1_000_000 - 20)}
    record = Record(
        **{**VALID, "players": names},
        seed="s" * 200,
        meta=meta,
        takeovers=[Takeover(round=1, trick=0, seat=0, reason="r" * 500)] * 1000,
    )
    text = records.dumps(record)
    assert len(text) <= MAX_CHARS
    assert records.loads(text) == record


def test_a_record_too_long_to_read_back_cannot_be_built() -> None:
    # Control characters are written escaped (six characters each): 1,000 takeovers
    # with the longest tracebacks of them would make a file loads refuses.
    takeover = Takeover(round=1, trick=0, seat=0, reason="x", traceback="\x01" * 4000)
    error = record_error(lambda: Record(**VALID, takeovers=[takeover] * 1000), "characters of JSON")
    assert "at most 8,000,000" in str(error)
    fits = Record(**VALID, takeovers=[takeover] * 300)
    assert records.loads(records.dumps(fits)) == fits


# Field values for the property: the record's own, other plausible ones, and junk.
JUNK = st.sampled_from(
    [None, 5, -1, 1.5, True, "x", "", LONE, b"x", [], [1], {}, {"a": 1}, (), object()]
)
NAMES = st.one_of(
    st.just(RECORD.players),
    st.lists(st.text(max_size=3) | st.sampled_from([LONE, "x" * 101, ""]), max_size=9),
    st.lists(JUNK, max_size=3),
    JUNK,
)
SEEDS = st.one_of(
    st.none(),
    st.integers(-(2**64), 2**64),
    st.text(max_size=4),
    st.text(min_size=199, max_size=202),
    JUNK,
)
META_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**65), 2**65),
    st.floats(),
    st.text(max_size=3),
    st.sampled_from([LONE, frozenset({1}), b"x", 10**400]),
)
META = st.one_of(
    st.none(),
    JUNK,
    st.dictionaries(
        st.text(max_size=3) | st.sampled_from([1, LONE, None]),
        st.recursive(
            META_LEAVES,
            lambda kids: (
                st.lists(kids, max_size=3)
                | st.tuples(kids)
                | st.dictionaries(st.text(max_size=2), kids, max_size=3)
            ),
            max_leaves=6,
        ),
        max_size=3,
    ),
)
TEXTS = st.one_of(
    st.none(), st.text(max_size=4), st.sampled_from(["\x00\n", LONE, "r" * 501, "t" * 4001]), JUNK
)  # fmt: skip
# Where a seat changed hands: what takeovers and reclaims share.
SEAT_CHANGE: dict[str, st.SearchStrategy[object]] = {
    "round": st.integers(-1, 25) | JUNK,
    "trick": st.integers(-1, 9) | JUNK,
    "seat": st.integers(-1, 4) | JUNK,
}
TAKEOVERS = st.one_of(
    st.just(()),
    st.lists(
        st.builds(
            Takeover,
            **SEAT_CHANGE,
            reason=st.text(max_size=4) | st.sampled_from(["r" * 501, LONE]) | JUNK,
            agent=TEXTS,
            by=TEXTS,
            error=TEXTS,
            traceback=TEXTS,
        ),
        max_size=3,
    ),
    JUNK,
)
RECLAIMS = st.one_of(
    st.just(()),
    st.lists(
        st.builds(Reclaim, **SEAT_CHANGE, agent=TEXTS),
        max_size=3,
    ),
    JUNK,
)
ENGINES = st.one_of(st.none(), st.lists(TEXTS, max_size=4), JUNK)
ENDINGS = st.one_of(
    st.none(),
    st.just(Ending(how="abandoned", disconnected=(1,))),
    st.just(Ending(how="conceded", side=1)),
    st.just(Ending(how="abandoned", disconnected=(5,))),
    JUNK,
)
VARIANTS = st.one_of(
    st.sampled_from([ROM, wr.variants.INVERTED, attrs.evolve(ROM, name="house", hook=False)]),
    st.just(attrs.evolve(ROM, scorer=max)),
    JUNK,
)
PRESETS = st.one_of(st.sampled_from([None, "romanian", "inverted", "1-8-1", "nope"]), JUNK)
ROUNDS = st.one_of(
    st.just(RECORD.rounds),
    st.integers(0, len(RECORD.rounds)).map(lambda n: RECORD.rounds[:n]),
    st.lists(st.sampled_from(RECORD.rounds) | JUNK, max_size=3),
    JUNK,
)
TOTALS = st.one_of(
    st.none(),
    st.just(MATCH.totals),
    st.lists(st.integers(-(10**10), 10**10) | JUNK, max_size=4),
    JUNK,
)


def snapshot(value: object) -> object:
    """A copy of the containers in ``value`` that keeps the very same leaves."""
    if isinstance(value, list):
        return ("list", [snapshot(v) for v in value])
    if isinstance(value, dict):
        return ("dict", [(k, snapshot(v)) for k, v in value.items()])
    if isinstance(value, tuple):
        return ("tuple", [snapshot(v) for v in value])
    return ("leaf", value)


def unchanged(before: Any, value: object) -> bool:
    """Whether ``value`` still holds what ``snapshot`` saw (leaves compared by identity)."""
    kind, content = before
    if kind == "leaf":
        return content is value
    if kind == "dict":
        return (
            isinstance(value, dict)
            and len(content) == len(value)
            and all(k in value and unchanged(v, value[k]) for k, v in content)
        )
    items = list(value) if isinstance(value, (list, tuple)) else None
    return (
        items is not None
        and len(items) == len(content)
        and all(unchanged(b, v) for b, v in zip(content, items, strict=True))
    )


@BUDGET
@given(
    variant=VARIANTS,
    preset=PRESETS,
    players=NAMES,
    rounds=ROUNDS,
    claimed_totals=TOTALS,
    takeovers=TAKEOVERS,
    reclaims=RECLAIMS,
    engines=ENGINES,
    ended=ENDINGS,
    seed=SEEDS,
    meta=META,
)
@example(
    variant=ROM, preset="romanian", players=RECORD.players, rounds=RECORD.rounds,
    claimed_totals=None, takeovers=(), reclaims=(), engines=None, ended=None, seed=None,
    meta=None,
)  # fmt: skip
def test_a_record_that_can_be_built_dumps_and_loads_back(**fields: Any) -> None:
    # The rule of the records: a Record is refused with a RecordError when built, or it
    # dumps and loads back equal.  The caller's lists and dicts are left as they were.
    before = {name: snapshot(value) for name, value in fields.items()}
    record, error = attempt(lambda: Record(**fields))
    if error is None:
        assert isinstance(record, Record)
        assert records.loads(records.dumps(record)) == record
    for name, value in fields.items():
        assert unchanged(before[name], value), name


# -- 16.14: the audit's arguments --------------------------------------------------------


@pytest.mark.parametrize("first_dealer", ["0", 99, -1, 1.5, 10**5000, True, 3], ids=excerpt)
def test_R_issue_16_14_audit_checks_first_dealer(first_dealer: object) -> None:
    with pytest.raises(ConfigurationError, match="first_dealer must be a seat from 0 to 2"):
        records.audit(SHEET, first_dealer=untyped(first_dealer))


def test_audit_takes_a_valid_first_dealer() -> None:
    assert records.audit(SHEET, first_dealer=0).ok
    report = records.audit(SHEET, first_dealer=2)
    assert [p.rule for p in report.problems] == ["R-SCHED-4", "R-SCHED-4"]


# -- 16.15: byte-order marks -------------------------------------------------------------


def test_R_issue_16_15_one_byte_order_mark_is_skipped_everywhere(tmp_path: Path) -> None:
    assert records.loads(BOM + TEXT) == RECORD
    assert records.loads((BOM + TEXT).encode("utf-8")) == RECORD
    assert records.adjudicate(BOM + TEXT).ok
    assert records.parse_round(BOM + ROUND_TEXT) == records.parse_round(ROUND_TEXT)
    assert records.parse_round((BOM + ROUND_TEXT).encode()) == records.parse_round(ROUND_TEXT)
    assert records.adjudicate(BOM + ROUND_TEXT).violation is None
    assert records.read_sheet(BOM + SHEET) == records.read_sheet(SHEET)
    assert records.audit((BOM + SHEET).encode("utf-8")).ok
    path = tmp_path / "bom.json"
    path.write_text(TEXT, encoding="utf-8-sig")
    assert records.load(path) == RECORD
    # Bytes that are not UTF-8 after a mark: the place counts the mark's bytes too.
    error = record_error(lambda: records.loads(b"\xef\xbb\xbf[1,\n\xff]"), "not UTF-8")
    assert str(error).startswith("line 2, column 1: ")
    assert str(error).endswith("at byte 7")
    # Two marks are not one: the second is text.
    record_error(lambda: records.loads(BOM + BOM + TEXT), "not valid JSON")


def test_check_and_audit_read_files_with_a_byte_order_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    json_path = tmp_path / "bom.json"
    json_path.write_text(TEXT, encoding="utf-8-sig")
    assert main(["check", str(json_path)]) == 0
    assert "legal and consistent" in capsys.readouterr().out
    csv_path = tmp_path / "bom.csv"
    csv_path.write_text(SHEET, encoding="utf-8-sig")
    assert main(["audit", str(csv_path)]) == 0


# -- 16.16: messages ---------------------------------------------------------------------


def test_R_issue_16_16_an_unknown_key_lists_each_key_once() -> None:
    data = json.loads(TEXT)
    data["colour"] = "red"
    error = record_error(lambda: records.loads(json.dumps(data)), "unknown key")
    listed = error.args[0].split("(expected: ")[1].rstrip(")").split(", ")
    assert len(listed) == len(set(listed))
    assert listed[:5] == ["format", "version", "variant", "players", "rounds"]


def test_R_issue_16_16_json_errors_say_at_once() -> None:
    error = record_error(lambda: records.loads('{"a": "abc'), "Unterminated string")
    assert "at at" not in str(error)
    assert "(line 1, column 7)" in str(error)


# -- 17.6: JSON or notation --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "the text is empty"),
        ("  \n\t\n", "the text is empty"),
        (BOM, "the text is empty"),
        ("[1, 2]", "holds a list"),
        ("  []", "holds a list"),
        ('"dealer: 1"', "holds a string"),
        ("-5", "holds a number"),
        ("12", "holds a number"),
        ("null", "holds null"),
        ("true", "holds true"),
    ],
)
def test_R_issue_17_6_json_that_is_not_a_record_is_not_read_as_notation(
    text: str, says: str
) -> None:
    record_error(lambda: records.adjudicate(text), says)
    record_error(lambda: records.adjudicate(text.encode("utf-8")), says)


def test_a_word_that_only_starts_like_json_is_notation() -> None:
    # 'nullable:' is no JSON literal: the notation reader names the line.
    with pytest.raises(NotationError, match="expected 'variant:'"):
        records.adjudicate("nullable: 1")


def test_check_says_what_it_expected(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, content, says in (
        ("list.json", "[]", "not a record"),
        ("empty.json", "", "the text is empty"),
    ):
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        with pytest.raises(SystemExit) as info:
            main(["check", str(path)])
        assert info.value.code == 2
        assert says in capsys.readouterr().err


# -- 17.7: the audit's dialects and names ------------------------------------------------

NAMED = "hand_size;dealer;Ana bid;Ana won;Bogdan bid;Bogdan won;Cici bid;Cici won\n"


def test_R_issue_17_7_player_names_and_semicolons_are_read() -> None:
    sheet = records.read_sheet(NAMED + "1;0;1;1;1;0;0;0\n1;1;0;0;1;1;0;0\ntotal;11;4;10\n")
    assert sheet.names == ("Ana", "Bogdan", "Cici")
    assert sheet.delimiter == ";"
    assert sheet.rows == records.read_sheet(SHEET.replace("0,0,0,1\n", "1,1,0,0\n")).rows
    report = records.audit(sheet)
    assert report.names == report.score_sheet.names == ("Ana", "Bogdan", "Cici")
    text = str(report)
    assert "3 players (Ana, Bogdan, Cici)" in text
    assert "read as CSV separated by semicolons" in text
    problem = report.problems[0]
    assert (problem.rule, problem.seat, problem.name, problem.column) == (
        "R-BID-2",
        1,
        "Bogdan",
        "Bogdan bid",
    )
    assert "Bogdan (seat 1, dealer) bid 1" in problem.explanation
    assert "DIFFERENCE Bogdan (seat 1): claimed 4, recomputed 5" in text


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_each_delimiter_reads_the_same_sheet(delimiter: str) -> None:
    text = SHEET.replace(",", delimiter)
    sheet = records.read_sheet(text)
    assert sheet.delimiter == delimiter
    assert sheet == records.read_sheet(SHEET)
    assert records.audit(text).ok


def test_quoted_names_may_hold_the_other_separators() -> None:
    header = 'hand_size,dealer,"Pop, Ana bid","Pop, Ana won",B bid,B won,"C;D bid","C;D won"\n'
    sheet = records.read_sheet(header + "1,0,1,1,1,0,0,0\n")
    assert sheet.names == ("Pop, Ana", "B", "C;D")
    assert sheet.delimiter == ","


def test_the_dealer_may_be_written_by_name_and_rows_may_end_in_empty_cells() -> None:
    text = NAMED + "1;Ana;1;1;1;0;0;0;;\n1;bogdan;0;0;0;0;0;1\ntotal;11;4;4;;;;\n"
    report = records.audit(text)
    assert report.ok, str(report)
    assert [r.dealer for r in records.read_sheet(text).rows] == [0, 1]


def test_R_SCHED_4_the_wrong_dealer_message_says_what_the_sheet_says_and_the_rule() -> None:
    report = records.audit(SHEET.replace("\n1,1,", "\n1,2,"))
    problem = report.problems[0]
    assert problem.rule == "R-SCHED-4"
    assert problem.explanation == (
        "the sheet says seat 2 dealt round 2; the deal passes one seat clockwise each round, "
        "so seat 1 deals it (R-SCHED-4)"
    )
    named = records.audit(NAMED + "1;Ana;1;1;1;0;0;0\n1;Cici;0;0;0;0;0;1\n")
    assert [p.rule for p in named.problems] == ["R-SCHED-4"]
    assert named.problems[0].explanation.startswith(
        "the sheet says Cici (seat 2) dealt round 2; the deal passes one seat clockwise each "
        "round, so Bogdan (seat 1) deals it"
    )


@pytest.mark.parametrize(
    ("header", "says"),
    [
        ("hand_size,dealer,bid0,won0,Bo bid,Bo won,Cy bid,Cy won", "mixes numbered seats"),
        ("hand_size,dealer,Ana bid,Ana won,ana bid,ana won,Cy bid,Cy won", "names a player twice"),
        ("hand_size,dealer,Ana bid,Bo won,Bo bid,Ana won,Cy bid,Cy won", "columns 3 and 4"),
        ("hand_size,dealer,bid0,won0,bid2,won2,bid1,won1", "columns 5 and 6"),
        ("dealer,hand_size,bid0,won0,bid1,won1,bid2,won2", "does not start with hand_size"),
        ("hand_size;dealer;bid0;won0;bid1;won1", "separated by semicolons"),
        ("hand_size,dealer,Ana bid,Ana won,\x01 bid,\x01 won,C bid,C won", "cannot head a sheet"),
    ],
)
def test_a_header_that_is_not_a_sheet_says_why(header: str, says: str) -> None:
    error = record_error(lambda: records.read_sheet(header + "\n"), says)
    assert error.path == "line 1"


def test_the_heading_words_are_one_table() -> None:
    assert set(HEADINGS) == {"hand_size", "dealer", "bid", "won", "total"}
    for words in HEADINGS.values():
        assert all(word == word.lower() for word in words)
    assert records.read_sheet("Hand Size,DEALER,Bid0,WON0,bid1,won1,bid2,won2\n").players == 3


# -- junk, generated ---------------------------------------------------------------------

PIECES = st.sampled_from(
    ['"', "\\", "\\u", "\\ud800", "\\udc00", "[", "]", "{", "}", ",", ":", " ", "\n", "0", "-",
     "1e999", "NaN", "true", "null", BOM, LONE, "\x00", "é", '"a"', "dealer:", "hand 0:",
     "trick:", "total", ";", "\t", "bid0", "Ana bid", "\r"]
)  # fmt: skip
JUNK_TEXT = st.lists(PIECES, max_size=30).map("".join) | st.text(max_size=30)


@BUDGET
@given(text=JUNK_TEXT, as_bytes=st.booleans())
def test_junk_text_gives_only_record_errors(text: str, as_bytes: bool) -> None:
    data: str | bytearray = text
    if as_bytes:
        data = bytearray(text.encode("utf-8", "surrogatepass"))
    kept = copy.copy(data)
    for read in (records.loads, records.parse_round, records.read_sheet, records.adjudicate):
        attempt(functools.partial(read, untyped(data)))
    assert data == kept


@BUDGET
@given(at=st.integers(0, len(TEXT)), cut=st.integers(0, 40), piece=PIECES)
def test_a_damaged_record_gives_only_record_errors(at: int, cut: int, piece: str) -> None:
    text = TEXT[:at] + piece + TEXT[at + cut :]
    record, error = attempt(lambda: records.loads(text))
    if error is None:
        assert isinstance(record, Record)
        assert records.loads(records.dumps(record)) == record


@BUDGET
@given(
    rows=st.lists(
        st.lists(st.sampled_from(["0", "1", "2", "-1", "x", "", " ", '"', "total", "Ana"]),
                 max_size=9),
        max_size=5,
    ),
    delimiter=st.sampled_from([",", ";", "\t", "|"]),
    named=st.booleans(),
)  # fmt: skip
def test_damaged_sheets_give_only_record_errors(
    rows: list[list[str]], delimiter: str, named: bool
) -> None:
    header = NAMED.strip().split(";") if named else SHEET.splitlines()[0].split(",")
    text = "\n".join(delimiter.join(row) for row in [header, *rows]) + "\n"
    report, error = attempt(lambda: records.audit(text))
    if error is None:
        # A sheet that reads is audited whole: at most one recomputed row per row.
        assert isinstance(report, records.AuditReport)
        assert report.score_sheet.players == 3
        assert len(report.score_sheet) <= len(rows)


@BUDGET
@given(target=JUNK.filter(lambda j: j != "x") | st.sampled_from(["", "\x00", "dir/"]))
def test_junk_targets_never_touch_the_old_file(target: object, tmp_path_factory: Any) -> None:
    folder = tmp_path_factory.mktemp("dump")
    path = folder / "match.json"
    path.write_text("old", encoding="utf-8")
    before = os.getcwd()
    try:
        os.chdir(folder)
        with pytest.raises(RecordError):
            records.dump(RECORD, untyped(target))
    finally:
        os.chdir(before)
    assert path.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in folder.iterdir()) == ["match.json"]


def test_a_round_with_too_many_actions_is_refused_in_plain_words() -> None:
    """'a round of 1 card ... has 6 actions; 9 are recorded' (not '1 cards')."""
    m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    m = m.apply(m.legal_actions()[0])
    data = json.loads(records.dumps(m.to_record()))
    data["rounds"][0]["actions"] *= 9
    with pytest.raises(RecordError) as info:
        records.loads(json.dumps(data))
    assert str(info.value).startswith(
        "rounds[0].actions: a round of 1 card for 3 players has 6 actions; 9 are recorded"
    )
    assert info.value.path == "rounds[0].actions"
