"""A takeover keeps its reason in every language whist-ro speaks (R-SEAT-1, issue 20).

The reason is written when the seat is taken, from a catalogue message and
its evidence, in English (``reason``) and Romanian (``translations``), and
travels with the record, so a Romanian reader of ``whist-ro match`` or of the
web table sees it in Romanian.  The Romanian texts below were checked by hand.
"""

from __future__ import annotations

import json
import pickle
import time
from typing import Any

import attrs
import pytest

import whist_ro as wr
from conftest import FirstLegal
from whist_ro import records, variants
from whist_ro.actions import Bid, Play
from whist_ro.errors import ConfigurationError, RecordError
from whist_ro.views.view import PlayerView


class Fails:
    """Plays its first legal action, except in the way given at its first decision."""

    def __init__(self, how: str) -> None:
        self.how = how

    def act(self, view: PlayerView) -> Any:
        if self.how == "raise":
            raise RuntimeError("socket closed")
        if self.how == "junk":
            return "pass"
        if self.how == "illegal":  # a bid of 99 in the bidding, a card not held in play
            return Bid(seat=view.seat, tricks=99) if view.phase.name == "BIDDING" else None
        return view.legal_actions[0]

    def observe(self, view: PlayerView, step: wr.Step) -> None:
        if self.how == "deaf":
            raise ValueError("deaf")


def taken(how: str, *, fallback: Any = None) -> wr.Table:
    table = wr.Table(
        variants.ROMANIAN,
        agents=[FirstLegal(), FirstLegal(), Fails(how)],
        seed=1,
        fallback=fallback or FirstLegal(),
    )
    assert table.run().is_over
    return table


@pytest.mark.parametrize(
    ("how", "english", "romanian"),
    [
        (
            "raise",
            "raised RuntimeError: socket closed",
            "a aruncat excepția RuntimeError: socket closed",
        ),
        (
            "junk",
            "returned 'pass', which is not a Bid or a Play",
            "a întors 'pass', care nu este nici Bid, nici Play",
        ),
        ("deaf", "observe raised ValueError: deaf", "observe a aruncat excepția ValueError: deaf"),
    ],
)
def test_R_SEAT_1_a_takeover_reason_is_kept_in_romanian(
    how: str, english: str, romanian: str
) -> None:
    (takeover,) = taken(how).takeovers
    assert takeover.reason == english
    assert takeover.explain() == takeover.explain("en") == english
    assert takeover.explain("ro") == romanian
    assert dict(takeover.translations) == {"ro": romanian}


def test_R_SEAT_1_an_illegal_action_is_explained_with_the_rule_in_romanian() -> None:
    (takeover,) = taken("illegal").takeovers
    refusal = takeover.exception
    assert isinstance(refusal, wr.WhistError)
    assert refusal.rule == "R-BID-3"
    assert takeover.reason == f"returned an illegal action: {refusal}"
    # The refusal inside speaks the takeover's language, rule and evidence included.
    assert takeover.explain("ro") == f"a întors o acțiune nepermisă: {refusal.explain('ro')}"
    assert "(R-BID-3)" in takeover.explain("ro")
    assert refusal.explain("ro") != str(refusal)


def test_R_SEAT_1_a_slow_agent_is_told_its_time_in_romanian_numbers() -> None:
    class Slow(FirstLegal):
        def act(self, view: PlayerView) -> wr.Action:
            time.sleep(1.5)
            return super().act(view)

    # A limit far above what FirstLegal needs even on a busy machine.
    table = wr.Table(
        variants.ROMANIAN, agents=[FirstLegal(), FirstLegal(), Slow()], seed=1, time_limit=0.5
    )
    table.step()
    (takeover,) = table.takeovers
    elapsed = takeover.reason.removeprefix("took ").split(" s,")[0]
    assert takeover.reason == f"took {elapsed} s, over the 0.5 s limit"
    # A decimal comma in Romanian, for the time taken and for the limit.
    assert takeover.explain("ro") == (
        f"a durat {elapsed.replace('.', ',')} s, peste limita de 0,5 s"
    )


def test_R_SEAT_1_when_the_fallback_fails_too_both_reasons_are_in_romanian() -> None:
    table = taken("raise", fallback=Fails("junk"))
    # The seat's own failure, then the fallback's at each of its decisions.
    first, second, *_ = table.takeovers
    assert {t.reason for t in table.takeovers[1:]} == {second.reason}
    assert first.explain("ro") == "a aruncat excepția RuntimeError: socket closed"
    assert second.reason == (
        "the fallback failed too (returned 'pass', which is not a Bid or a Play); "
        "first legal action"
    )
    assert second.explain("ro") == (
        "a eșuat și botul de rezervă (a întors 'pass', care nu este nici Bid, nici Play); "
        "prima acțiune permisă"
    )


def test_a_takeover_keeps_its_translations_through_a_record_and_a_pickle() -> None:
    table = taken("raise")
    record = table.to_record()
    data = json.loads(records.dumps(record))
    assert data["takeovers"][0]["translations"] == {
        "ro": "a aruncat excepția RuntimeError: socket closed"
    }
    back = records.loads(records.dumps(record))
    assert back.takeovers == table.takeovers
    assert back.takeovers[0].explain("ro") == table.takeovers[0].explain("ro")
    copy = pickle.loads(pickle.dumps(table.takeovers[0]))
    assert copy == table.takeovers[0]
    assert hash(copy) == hash(table.takeovers[0])
    assert copy.explain("ro") == "a aruncat excepția RuntimeError: socket closed"


def test_a_reason_without_a_translation_is_shown_in_english() -> None:
    # A record from before translations, or from another writer, still reads.
    old = wr.Takeover(round=1, trick=0, seat=2, reason="timed out")
    assert old.explain("ro") == "timed out"
    assert "translations" not in old.to_dict()
    with pytest.raises(ConfigurationError, match="lang='fr'"):
        old.explain("fr")


def _record_with(translations: object) -> str:
    data = json.loads(records.dumps(taken("raise").to_record()))
    data["takeovers"][0]["translations"] = translations
    return json.dumps(data)


@pytest.mark.parametrize(
    ("translations", "path", "says"),
    [
        ({"fr": "a levé"}, "takeovers[0].translations.fr", "unknown key (expected: ro)"),
        ({"en": "raised"}, "takeovers[0].translations.en", "unknown key (expected: ro)"),
        ({"ro": 5}, "takeovers[0].translations.ro", "expected text"),
        ({"ro": "x" * 501}, "takeovers[0].translations.ro", "500"),
        (["ro", "text"], "takeovers[0].translations", "expected an object"),
    ],
)
def test_R_SEAT_1_a_record_with_bad_translations_is_refused_where_they_are_wrong(
    translations: object, path: str, says: str
) -> None:
    with pytest.raises(RecordError) as refused:
        records.loads(_record_with(translations))
    assert refused.value.path == path
    assert says in str(refused.value)


def test_a_record_built_in_python_checks_its_translations_too() -> None:
    record = taken("raise").to_record()
    takeover = attrs.evolve(record.takeovers[0], translations={"xx": "?"})
    with pytest.raises(RecordError) as refused:
        attrs.evolve(record, takeovers=(takeover,))
    assert refused.value.path == "takeovers[0].translations.xx"


def test_a_version_1_record_has_no_translations() -> None:
    data = json.loads(_record_with({"ro": "text"}))
    data["version"] = 1
    for key in ("reclaims", "engines"):
        data.pop(key, None)
    data["takeovers"] = [
        {k: v for k, v in t.items() if k in ("round", "trick", "seat", "reason", "translations")}
        for t in data["takeovers"]
    ]
    with pytest.raises(RecordError) as refused:
        records.loads(json.dumps(data))
    assert refused.value.path == "takeovers[0].translations"


def test_play_is_unchanged_by_the_reason_languages() -> None:
    # The reason's languages are notes: the match is the one the first legal action gives.
    table = taken("junk")
    reference = wr.Table(variants.ROMANIAN, agents=[FirstLegal()] * 3, seed=1)
    assert table.match.history == reference.run().history
    assert isinstance(table.match.history[0], (Bid, Play))
