"""An engine's malformed action is refused in the reader's language, reason and all.

``whist-ro match --lang ro`` and ``whist-ro check --lang ro`` show a takeover's reason in
Romanian; the part that says what was wrong with the answer's action (an unknown field, a
missing seat, a bid that is not a number ...) came out in English inside the Romanian text.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import whist_ro as wr
from whist_ro import action_from_dict, records, variants
from whist_ro.bots import RandomBot
from whist_ro.errors import ActionParseError, WireError
from whist_ro.remote import EngineAgent, wire

ENGINES = Path(__file__).resolve().parent / "engines"

# Each malformed action, its English refusal (unchanged) and the Romanian one.
CASES = [
    (
        {"seat": 1, "bid": 0, "confidence": 0.9},
        "'confidence' is not a field of an action (its fields: seat, bid, card)",
        "'confidence' nu este un câmp al unei acțiuni (câmpurile ei: seat, bid, card)",
    ),
    (
        [1],
        "an action is an object with 'seat' and 'bid' or 'card', not [1]",
        "o acțiune este un obiect cu 'seat' și 'bid' sau 'card', nu [1]",
    ),
    (
        {"bid": 1},
        "an action names its seat: 'seat' is missing",
        "o acțiune își numește locul: lipsește 'seat'",
    ),
    (
        {"seat": 1, "bid": 1, "card": "Ah"},
        "an action holds exactly one of 'bid' and 'card', not both",
        "o acțiune conține exact unul dintre 'bid' și 'card', nu pe amândouă",
    ),
    (
        {"seat": 1},
        "an action holds exactly one of 'bid' and 'card', not neither",
        "o acțiune conține exact unul dintre 'bid' și 'card', nu niciunul",
    ),
    (
        {"seat": "x", "bid": 1},
        "seat: seat must be a whole number, not 'x'",
        "seat: seat trebuie să fie un număr întreg, nu 'x'",
    ),
    (
        {"seat": 1, "bid": -1},
        "bid: bid must be a whole number from 0 to 1000000000, not -1",
        "bid: bid trebuie să fie un număr întreg de la 0 la 1000000000, nu -1",
    ),
    (
        {"seat": 1, "card": 5},
        "card: a card is written as text such as 'Ah' (or null), not 5",
        "card: o carte se scrie ca text, de pildă 'Ah' (sau null), nu 5",
    ),
    (
        {"seat": 1, "card": "Zz"},
        "card: cannot read 'Zz' as a card: unknown suit 'z'; the suits are c, d, h and s "
        "(or ♣ ♦ ♥ ♠), as in 'Qd', '10c' or 'A♠'",
        "card: 'Zz' nu se poate citi ca o carte: culoare necunoscută 'z'; culorile sunt c, d, "
        "h și s (ori ♣ ♦ ♥ ♠), ca în 'Qd', '10c' sau 'A♠'",
    ),
]


@pytest.mark.parametrize(("action", "english", "romanian"), CASES)
def test_a_malformed_action_is_refused_in_both_languages(
    action: object, english: str, romanian: str
) -> None:
    with pytest.raises(ActionParseError) as parsed:
        action_from_dict(action)  # type: ignore[arg-type]
    assert (str(parsed.value), parsed.value.explain("ro")) == (english, romanian)
    with pytest.raises(WireError) as read:
        wire.read_answer({"type": "action", "id": 1, "action": action})
    assert str(read.value) == f"action.action: {english}"
    assert read.value.explain("ro") == f"action.action: {romanian}"


def test_an_engine_whose_action_has_an_extra_field_is_taken_over_in_romanian() -> None:
    """A real engine process; the reason reaches the record's Romanian translation."""
    engine = EngineAgent.popen([sys.executable, str(ENGINES / "extra.py"), "action"])
    try:
        table = wr.Table(
            variants.ROMANIAN,
            agents=[engine, RandomBot(seed=1), RandomBot(seed=2)],
            seed=1,
            time_limit=30.0,
        )
        assert table.run().is_over
    finally:
        engine.close()
    (takeover,) = table.takeovers
    assert takeover.reason.startswith(
        "engine sent garbage: action.action: 'confidence' is not a field of an action"
    )
    assert takeover.explain("ro") == (
        "motorul a trimis date de neînțeles: action.action: 'confidence' nu este un câmp "
        "al unei acțiuni (câmpurile ei: seat, bid, card)"
    )
    (kept,) = records.loads(records.dumps(table.to_record())).takeovers
    assert kept.explain("ro") == takeover.explain("ro")


def test_an_answer_without_its_action_names_the_path_once() -> None:
    """It read 'action.action: action.action: missing'."""
    with pytest.raises(WireError) as read:
        wire.read_answer({"type": "action", "id": 1})
    assert (str(read.value), read.value.explain("ro")) == (
        "action.action: missing",
        "action.action: lipsește",
    )
    assert read.value.path == "action.action"
