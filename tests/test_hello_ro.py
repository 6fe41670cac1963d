"""An engine's bad ``hello`` is refused in the reader's language (``engine-test --lang ro``).

The handshake's own refusals (another protocol or version, an option of an unknown type, a
default its option refuses ...) came out in English inside the Romanian report.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

from whist_ro.errors import WireError
from whist_ro.remote import Option, wire
from whist_ro.remote.conformance import check_engine

HELLO = {"type": "hello", "protocol": "whist-ro-engine", "version": 1, "name": "h"}

# Each bad hello (fields over HELLO), its English refusal (unchanged) and the Romanian one.
CASES: list[tuple[dict[str, Any], str, str]] = [
    (
        {"protocol": "uci"},
        "hello.protocol: expected 'whist-ro-engine', not 'uci'",
        "hello.protocol: se aștepta 'whist-ro-engine', nu 'uci'",
    ),
    (
        {"version": 2},
        "hello.version: the engine speaks version 2; this manager speaks 1",
        "hello.version: motorul vorbește versiunea 2; acest manager vorbește 1",
    ),
    (
        {"options": [{"name": "o", "type": "complex"}]},
        "hello.options[0].type: expected one of int, float, bool, string, choice, not 'complex'",
        "hello.options[0].type: se aștepta unul dintre int, float, bool, string, choice, "
        "nu 'complex'",
    ),
    (
        {"options": [{"name": "o", "type": "int", "min": "1"}]},
        "hello.options[0].min: expected a number, not '1'",
        "hello.options[0].min: se aștepta un număr, nu '1'",
    ),
    (
        {"options": [{"name": "o", "type": "choice"}]},
        "hello.options[0].choices: a choice option lists its choices",
        "hello.options[0].choices: o opțiune de tip choice își enumeră variantele",
    ),
    (
        {"options": [{"name": "o", "type": "bool"}, {"name": "o", "type": "bool"}]},
        "hello.options: an option name is declared twice",
        "hello.options: un nume de opțiune este declarat de două ori",
    ),
    (
        {"options": [{"name": "o", "type": "int", "default": "x"}]},
        "hello.options[0].default: option 'o': 'x' is not a whole number",
        "hello.options[0].default: opțiunea 'o': 'x' nu este un număr întreg",
    ),
    (
        {"options": [{"name": "o", "type": "float", "min": 0.5, "max": 2, "default": 3}]},
        "hello.options[0].default: option 'o': 3 is not a number from 0.5 to 2",
        "hello.options[0].default: opțiunea 'o': 3 nu este un număr de la 0.5 la 2",
    ),
    (
        {"options": [{"name": "o", "type": "choice", "choices": ["a"], "default": "b"}]},
        "hello.options[0].default: option 'o': 'b' is not one of 'a'",
        "hello.options[0].default: opțiunea 'o': 'b' nu este una dintre 'a'",
    ),
]


@pytest.mark.parametrize(("fields", "english", "romanian"), CASES)
def test_a_bad_hello_is_refused_in_both_languages(
    fields: dict[str, Any], english: str, romanian: str
) -> None:
    with pytest.raises(WireError) as refused:
        wire.read_hello({**HELLO, **fields})
    assert (str(refused.value), refused.value.explain("ro")) == (english, romanian)


def test_describe_is_still_english() -> None:
    assert Option(name="n", type="int", min=1).describe() == "a whole number from 1"
    assert Option(name="t", type="string").describe() == "text of at most 200 characters"
    assert Option(name="b", type="bool").describe() == "true or false"


ENGINE = """
import json, sys
for line in sys.stdin:
    if json.loads(line)["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": "whist-ro-engine", "version": 2,
                          "name": "v2"}), flush=True)
"""


def test_engine_test_reports_another_version_in_romanian() -> None:
    """A real engine process that answers the handshake with version 2."""
    report = check_engine([sys.executable, "-c", ENGINE], time_limit=30.0, quick=True)
    assert not report.ok
    shown = report.render("ro")
    assert "motorul vorbește versiunea 2; acest manager vorbește 1" in shown, shown
    assert "speaks" not in shown
