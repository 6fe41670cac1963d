"""docs/protocol.md's claims that are behaviour, held to the code: the order of the messages at
the end of a round, classic whist's two totals, which variant fields belong to which family,
the ranking object, the deck and who wins a trick."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import whist_ro as wr
from whist_ro import variants
from whist_ro.engine.tricks import Trick, trick_winner
from whist_ro.remote import MatchResult
from whist_ro.remote.wire import SeatFeed
from whist_ro.schedule import deck_ranks

PAGE = (Path(__file__).resolve().parents[1] / "docs" / "protocol.md").read_text(encoding="utf-8")
PRESETS = list({variants.get(name).name: variants.get(name) for name in variants.names()}.values())


@pytest.mark.parametrize("observe", [True, False])
def test_round_end_comes_before_the_last_cards_step_and_match_end_after_it(observe: bool) -> None:
    m = wr.Match.new(variants.ROMANIAN, players=3, seed=1)
    feed = SeatFeed(observe=observe)
    ends = []
    while not m.is_over:
        m = m.apply(m.legal_actions()[0])
        last = m.last_step
        assert last is not None
        messages = feed.observe(m.view(0), last)
        if last.round_over:
            ends.append([message["type"] for message in messages])
            if observe and not m.is_over:
                (step,) = (x for x in messages if x["type"] == "step")
                assert step["step"]["round_over"] is True
                assert step["view"]["match"]["round"] == len(ends) + 1  # the next round's view
                assert step["view"]["phase"] == "bidding"
    middle = ["round_end", "step"] if observe else ["round_end"]
    assert ends[:-1] == [middle] * (len(ends) - 1)
    assert ends[-1] == [*middle, "match_end"]


def test_classic_totals_are_the_last_games_score_and_the_standings_total_match_points() -> None:
    # The page's example: a short-whist game won 5 to 0 (seed 3).
    m = wr.random_playout(wr.Match.new(variants.CLASSIC, players=4, seed=3), seed=3)
    result = MatchResult.from_match(m).to_dict()
    assert result["totals"] == [0, 5, 0, 5]
    assert [row["total"] for row in result["standings"]["rows"]] == [0, 3, 0, 3]
    (game,) = result["games"]
    assert (game["winner"], game["scores"], game["value"]) == (1, [0, 5], 3)
    # A rubber: the totals start again with each game, so they are the last game's score.
    m = wr.random_playout(wr.Match.new(variants.CLASSIC_RUBBER, players=4, seed=5), seed=5)
    result = MatchResult.from_match(m).to_dict()
    last = result["games"][-1]["scores"]
    assert result["totals"] == [last[seat % 2] for seat in range(4)]
    won = [sum(g["value"] for g in result["games"] if g["winner"] == side) for side in (0, 1)]
    totals = [row["total"] for row in result["standings"]["rows"]]
    winner = result["winners"][0] % 2
    assert totals[1 - winner] == won[1 - winner]  # the losers: the games they won
    assert totals[winner] > won[winner]  # the winners: their games and the rubber bonus


def _family_rows() -> dict[str, tuple[list[str], list[Any]]]:
    """The page's table of each family's fields and their values in the other family."""
    rows = {}
    for family, line in (("exact", "| exact-bid"), ("classic", "| classic (")):
        (found,) = [x for x in PAGE.splitlines() if x.startswith(line)]
        _, _, names, values, _ = found.split("|")
        fields = re.findall(r"`(\w+)`", names)
        shown = json.loads("[" + values.replace("`", "") + "]")
        rows[family] = (fields, shown)
    return rows


@pytest.mark.parametrize("variant", PRESETS, ids=lambda v: v.name)
def test_a_familys_own_fields_hold_the_documented_values_in_the_other_family(
    variant: variants.Variant,
) -> None:
    data = variant.to_dict()
    rows = _family_rows()
    other = "exact" if variant.is_classic else "classic"
    fields, values = rows[other]
    assert len(fields) == len(values)
    assert {name: data[name] for name in fields} == dict(zip(fields, values, strict=True))
    both = {"name", "family", "deck_ranks", "ranking"}
    assert set(data) == both | set(rows["exact"][0]) | set(rows["classic"][0])  # every field


def test_the_ranking_objects_read_back_and_deck_ranks_null_is_the_rules_deck() -> None:
    examples = re.findall(r'`(\{"system": [^`]+\})`', PAGE)
    assert len(examples) == 2
    for example in examples:
        ranking = json.loads(example)
        data = {**variants.ROMANIAN.to_dict(), "ranking": ranking}
        assert wr.Variant.from_dict(data).ranking.to_dict() == ranking
    m = wr.random_playout(wr.Match.new(variants.ROMANIAN, players=3, seed=1), seed=1)
    points = m.standings().points
    assert max(points) == 10 * 3  # per_player x N to the top seat
    assert min(points) == -10 * 3
    assert variants.ROMANIAN.deck_ranks is None
    assert [deck_ranks(variants.ROMANIAN, n) for n in (3, 4)] == [6, 8]  # 9 up, 7 up
    assert deck_ranks(variants.CLASSIC, 4) == 13


def test_the_highest_trump_wins_a_trick_else_the_highest_card_of_the_suit_led() -> None:
    spades = wr.Suit.SPADES
    assert trick_winner(Trick(leader=0, cards=["Ah", "2s", "Kh"], players=3), spades) == 1
    assert trick_winner(Trick(leader=1, cards=["9h", "Ac", "10h"], players=3), spades) == 0
    assert trick_winner(Trick(leader=2, cards=["9h", "Ac", "10h"], players=3), None) == 1
    ranks = [wr.Card.parse(f"{r}h") for r in ("2", "9", "10", "J", "Q", "K", "A")]
    assert sorted(ranks, key=lambda card: card.rank) == ranks  # 2 lowest up to the ace
