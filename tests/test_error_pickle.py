"""Every refusal of whist-ro survives pickling, as it must to leave a worker process.

A tournament's matches run in worker processes: an error raised there is
sent back as a pickle, so an error that cannot be pickled (or unpickled)
turned an engine's failure into an internal error of the whole run.
"""

from __future__ import annotations

import importlib
import pickle
import pkgutil
from collections.abc import Callable, Iterator
from types import MappingProxyType
from typing import Any

import pytest

import whist_ro as wr
from whist_ro import errors, locale, records
from whist_ro.engine.seats import Takeover
from whist_ro.errors import NotationError, WhistError
from whist_ro.records.notation import parse_round
from whist_ro.remote import EngineAgent

# A template with its evidence, one value of which is itself a refusal.
_TEMPLATE = "seat {seat} plays {card}: {why}"


def _evidence() -> dict[str, object]:
    why = errors.CardParseError("cannot read {text} as a card", evidence={"text": "Xq"})
    return {"seat": 1, "card": "Qh", "why": why}


def _every_module() -> None:
    for module in pkgutil.walk_packages(wr.__path__, "whist_ro."):
        importlib.import_module(module.name)


def _subclasses(kind: type[WhistError]) -> Iterator[type[WhistError]]:
    for sub in kind.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _round() -> wr.Round:
    return wr.Round.from_hands(
        wr.variants.ROMANIAN, hands=["Ah Jc", "Kh 10c", "9d 10s"], dealer=2, turn_up="Qs"
    )


def _raised(call: Callable[[], object]) -> WhistError:
    try:
        call()
    except WhistError as error:
        return error
    raise AssertionError("no refusal")  # pragma: no cover


class _Silent:
    def act(self, view: object) -> Any:
        return None  # not an action: the seat is lost


def _real_failures() -> list[WhistError]:
    """Refusals raised by the library itself, one of each kind that is easy to provoke."""
    r = _round()
    bid = r.apply(wr.Bid(seat=0, tricks=0)).apply(wr.Bid(seat=1, tricks=0))
    table = wr.Table(wr.variants.ROMANIAN, agents=[_Silent()] * 3, seed=1, on_error="raise")
    return [
        _raised(lambda: bid.apply(wr.Bid(seat=2, tricks=2))),  # ForbiddenBidError
        _raised(lambda: r.apply(wr.Bid(seat=1, tricks=0))),  # OutOfTurnError
        _raised(lambda: r.apply(wr.Play(seat=0, card="Ah"))),  # WrongPhaseError
        _raised(lambda: wr.Variant(streak_length=0)),  # ConfigurationError
        _raised(lambda: wr.action_from_dict({"seat": 0, "bid": "two"})),  # ActionParseError
        _raised(lambda: wr.Card.parse("Xq")),  # CardParseError
        _raised(lambda: records.loads('{"format": "whist-ro-record", "version": 9}')),
        _raised(lambda: parse_round("dealer: x")),  # NotationError
        _raised(lambda: wr.Step.from_dict({"seat": 0, "bid": 1, "round_over": "yes"})),
        _raised(table.step),  # AgentError, holding its takeover
        _raised(lambda: EngineAgent.popen(["/nonexistent/engine"])),  # EngineStartError
        _raised(lambda: wr.variants.ROMANIAN.__setattr__("hook", False)),  # ImmutableError
    ]


def _by_constructor(error_class: type[WhistError]) -> WhistError:
    """An instance of ``error_class`` built through the ``__init__`` it inherits, with evidence."""
    init = next(k for k in error_class.__mro__ if "__init__" in vars(k))
    kind: Any = error_class  # each builder calls the __init__ it knows the class has
    evidence = _evidence()
    takeover = Takeover(round=1, trick=0, seat=1, reason="gone", agent="Bo", error="KeyError")
    action = wr.Bid(seat=1, tricks=2)
    builders: dict[type, Callable[[], WhistError]] = {
        WhistError: lambda: kind(_TEMPLATE, rule="R-PLAY-7", evidence=evidence),
        errors.ConfigurationError: lambda: kind(_TEMPLATE, field="players", evidence=evidence),
        errors.ActionParseError: lambda: kind(_TEMPLATE, field="bid", evidence=evidence),
        errors.IllegalActionError: lambda: kind(
            _TEMPLATE, rule="R-BID-3", seat=1, action=action, evidence=evidence
        ),
        errors.RecordError: lambda: kind(_TEMPLATE, path="rounds[2]", evidence=evidence),
        NotationError: lambda: kind(_TEMPLATE, line=4, column=2, evidence=evidence),
        errors.WireError: lambda: kind(_TEMPLATE, path="view.seat", evidence=evidence),
        errors.AgentError: lambda: kind("seat 1 failed", seat=1, takeover=takeover),
        errors.SearchBudgetError: lambda: kind(budget=1000),
        errors.EngineError: lambda: kind(
            _TEMPLATE, engine="bo", stderr=("line 1", "line 2"), evidence=evidence
        ),
        errors.EngineCrashedError: lambda: kind(
            _TEMPLATE, engine="bo", stderr=("x",), returncode=-9, evidence=evidence
        ),
        errors.EngineProtocolError: lambda: kind(
            _TEMPLATE, kind="garbage", engine="bo", stderr=("x",), evidence=evidence
        ),
    }
    if init.__name__ == "RoomError":
        made: WhistError = kind("seat_taken", seat=2)
        return made
    return builders[init]()


def _every_instance() -> list[tuple[str, WhistError]]:
    _every_module()
    kinds = sorted(set(_subclasses(WhistError)) | {WhistError}, key=lambda k: k.__qualname__)
    made = [(kind.__qualname__, _by_constructor(kind)) for kind in kinds]
    real = [(f"real {type(e).__qualname__}", e) for e in _real_failures()]
    return made + real


def _same(first: WhistError, second: WhistError) -> None:
    assert type(second) is type(first)
    assert str(second) == str(first)
    assert second.args == first.args
    assert second.explain("ro") == first.explain("ro")
    assert second.rule == first.rule
    assert second.template == first.template
    assert isinstance(second.evidence, MappingProxyType)
    assert set(second.evidence) == set(first.evidence)
    for key, value in first.evidence.items():
        if isinstance(value, WhistError):
            _same(value, second.evidence[key])
        elif hasattr(value, "__localized__"):  # a sentence inside the message: same words
            for lang in locale.LANGUAGES:
                assert locale.localized(second.evidence[key], lang) == locale.localized(value, lang)
        else:
            assert second.evidence[key] == value
    fields = {k: v for k, v in vars(first).items() if k != "evidence"}
    assert {k: v for k, v in vars(second).items() if k != "evidence"} == fields
    assert getattr(second, "__notes__", None) == getattr(first, "__notes__", None)


@pytest.mark.parametrize(("label", "error"), _every_instance(), ids=lambda x: str(x)[:40])
def test_every_refusal_pickles_and_unpickles_as_it_was(label: str, error: WhistError) -> None:
    error.add_note("a note added on the way")
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        _same(error, pickle.loads(pickle.dumps(error, protocol=protocol)))


def test_the_walk_found_the_subclasses_outside_errors_py() -> None:
    names = {label for label, _ in _every_instance()}
    assert {"NotationError", "RoomError", "StoreError", "KernelMismatchError"} <= names
    assert set(errors.__all__) <= names | {"WhistError", "SeatTakeover"}


def test_an_engine_failure_pickles_with_its_stderr_and_fields() -> None:
    error = errors.EngineCrashedError(
        "engine crashed: {engine} exited with status {status}",
        engine="bo",
        stderr=("Traceback", "KeyError"),
        returncode=3,
        evidence={"engine": "bo", "status": 3},
    )
    again: Any = pickle.loads(pickle.dumps(error))
    assert (again.engine, again.stderr, again.returncode) == ("bo", ("Traceback", "KeyError"), 3)
    assert again.explain("ro") == "motorul a căzut: bo s-a încheiat cu codul 3"
    assert again.__notes__ == ["the engine's last lines on stderr:\nTraceback\nKeyError"]


def test_every_refusal_class_is_defined_in_errors_py() -> None:
    # errors.py's docstring says it holds every error the library raises on
    # purpose (issue 26 item 4): a WhistError subclass anywhere else fails here.
    _every_module()
    outside = sorted(
        f"{kind.__module__}.{kind.__qualname__}"
        for kind in _subclasses(WhistError)
        # the package's own classes (a test may subclass WhistError for itself)
        if kind.__module__.startswith("whist_ro") and kind.__module__ != "whist_ro.errors"
    )
    assert not outside, outside
