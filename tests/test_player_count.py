"""One player-count check: every entry point refuses with the same text (issue 26, R-DECK-2/3).

The check used to be written out in six places with six messages (the
schedule, the record reader, the view and wire readers, the tournament, the
table and the web lobby); each now asks
:func:`whist_ro.schedule.player_count_refusal`.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

import whist_ro as wr
from whist_ro import Table, variants
from whist_ro.bots import RandomBot
from whist_ro.errors import RoomError, WhistError
from whist_ro.records import dumps, loads, to_record
from whist_ro.remote.wire import MatchLog, new_match_message
from whist_ro.schedule import player_count_refusal
from whist_ro.tournaments import tournament
from whist_ro.views.from_data import view_from_dict
from whist_ro.web.room import Lobby
from whist_ro.web.store import Store

SEVEN = "romanian is played by 3 to 6 players, not 7 (R-DECK-2)"
SEVEN_RO = "romanian se joacă în 3 până la 6 jucători, nu în 7 (R-DECK-2)"
CLASSIC_THREE = "classic is played by 4 players, not 3 (R-DECK-3)"
CLASSIC_THREE_RO = "classic se joacă în 4 jucători, nu în 3 (R-DECK-3)"


def _record_with_players(variant: wr.Variant, players: int) -> str:
    """A good record's JSON with its players' list cut or padded to ``players`` names."""
    good = 4 if variant.is_classic else 3
    data = json.loads(dumps(to_record(wr.Match.new(variant, players=good, seed=1))))
    data["players"] = [f"p{i}" for i in range(players)]
    return json.dumps(data)


def _view_with_players(variant: wr.Variant, players: int) -> dict[str, object]:
    good = 4 if variant.is_classic else 3
    data = wr.Match.new(variant, players=good, seed=1).view(0).to_dict(past=False)
    data["players"] = players
    return data


def _with_players(variant: wr.Variant, players: int) -> dict[str, Callable[[], object]]:
    """Every entry point that takes a player count, asked for ``players``."""
    return {
        "Match.new": lambda: wr.Match.new(variant, players=players),
        "Round.shuffled": lambda: wr.Round.shuffled(
            variant, players=players, dealer=0, hand_size=1, seed=1
        ),
        "Table": lambda: Table(variant, agents=[RandomBot(seed=s) for s in range(players)]),
        "tournament": lambda: tournament(variant, [RandomBot] * players, seeds=[1]),
        "record": lambda: loads(_record_with_players(variant, players)),
        "view from data": lambda: view_from_dict(
            _view_with_players(variant, players), variant=variant
        ),
        "wire new_match": lambda: MatchLog.from_message(
            {
                **new_match_message(variant, seat=0, players=4, names=[f"p{i}" for i in range(4)]),
                "players": players,
            }
        ),
    }


ENTRY_POINTS = sorted(_with_players(variants.ROMANIAN, 7))


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize(
    ("variant", "players", "english", "romanian"),
    [
        (variants.ROMANIAN, 7, SEVEN, SEVEN_RO),
        (variants.CLASSIC, 3, CLASSIC_THREE, CLASSIC_THREE_RO),
    ],
    ids=["romanian-7", "classic-3"],
)
def test_every_entry_point_refuses_a_player_count_with_the_same_text(
    entry: str, variant: wr.Variant, players: int, english: str, romanian: str
) -> None:
    with pytest.raises(WhistError) as caught:
        _with_players(variant, players)[entry]()
    error = caught.value
    # A reader puts the JSON path in front ("players: ..."); the refusal is the same.
    assert str(error) == english or str(error).endswith(f": {english}"), str(error)
    assert error.explain("ro").endswith(romanian), error.explain("ro")


def test_the_refusal_names_the_rule_and_the_field() -> None:
    refusal = player_count_refusal(variants.ROMANIAN, 2, field="lineup")
    assert refusal is not None
    assert (refusal.rule, refusal.field, str(refusal)) == (
        "R-DECK-2",
        "lineup",
        "romanian is played by 3 to 6 players, not 2 (R-DECK-2)",
    )
    classic = player_count_refusal(variants.CLASSIC, 5)
    assert classic is not None
    assert classic.rule == "R-DECK-3"


@pytest.mark.parametrize("variant", [variants.ROMANIAN, variants.INVERTED, variants.CLASSIC])
def test_every_allowed_count_is_accepted_and_no_other(variant: wr.Variant) -> None:
    for players in range(0, 10):
        accepted = player_count_refusal(variant, players) is None
        assert accepted == (players in variant.player_counts)


@pytest.mark.parametrize(
    ("variant", "players", "english"),
    [("romanian", 7, SEVEN), ("classic", 3, CLASSIC_THREE)],
)
def test_the_web_lobby_refuses_a_table_with_the_same_text(
    variant: str, players: int, english: str
) -> None:
    lobby = Lobby(Store(":memory:"), bot_delay=0)
    try:
        with pytest.raises(RoomError) as caught:
            lobby.create(variant=variant, seats=["human"] * players, name="t")
    finally:
        lobby.close()
        lobby.store.close()
    assert (caught.value.code, str(caught.value)) == ("bad_request", english)
