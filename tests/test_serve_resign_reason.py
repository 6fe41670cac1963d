"""A served bot that refuses a game resigns with the refusal itself, not a class name.

``whist-ro engine-test 'whist-ro engine lowrisk'`` reported the classic check as
"declined: engine resigned: 'ConfigurationError: LowRisk...bid family only, not classic'":
the exception's type in the user's text, and the reason cut in its middle to fit.
"""

from __future__ import annotations

import io
import sys

import pytest

import whist_ro as wr
from whist_ro import variants
from whist_ro.errors import ConfigurationError
from whist_ro.remote import serve, wire
from whist_ro.remote.conformance import check_engine
from whist_ro.views import PlayerView


def resign_reason(error: BaseException) -> str:
    class Refuses:
        def act(self, view: PlayerView) -> wr.Action:
            raise error

    m = wr.Match.new(variants.ROMANIAN, players=3, seed=1)
    seat = m.to_act
    assert seat is not None
    messages = wire.SeatFeed(observe=False).act(m.view(seat), request=3, time_limit=None)
    source = io.BytesIO(b"".join(map(wire.encode, messages)))
    sink = io.BytesIO()
    assert serve(Refuses(), input=source, output=sink) == 0
    (answer,) = [wire.decode(line) for line in sink.getvalue().splitlines()]
    assert answer["type"] == "resign"
    reason = answer["reason"]
    assert isinstance(reason, str)
    return reason


def test_a_whist_ro_refusal_is_the_reason_as_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    refusal = ConfigurationError("this bot plays the exact-bid family only", field="variant")
    assert resign_reason(refusal) == "this bot plays the exact-bid family only"
    assert "Traceback" in capsys.readouterr().err  # still logged in full


def test_any_other_error_keeps_its_type_a_bug_is_told_as_one() -> None:
    assert resign_reason(ZeroDivisionError("division by zero")) == (
        "ZeroDivisionError: division by zero"
    )


def test_engine_test_shows_lowrisks_classic_refusal_whole() -> None:
    command = [sys.executable, "-m", "whist_ro", "engine", "lowrisk"]
    report = check_engine(command, time_limit=30.0, quick=True)
    assert report.ok
    (classic,) = [check for check in report.checks if check.name == "classic whist"]
    shown = report.render("en")
    assert (
        "declined: engine resigned: 'LowRiskBot plays the exact-bid family only, not classic'"
        in shown
    ), shown
    assert "ConfigurationError" not in shown
    assert classic.passed
