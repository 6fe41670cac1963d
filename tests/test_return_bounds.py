"""The adapters' result bounds ask the variant's scoring rule, a house scorer too (issue 26).

``interop.encoding.return_bounds`` is what the OpenSpiel game publishes as
its utility range and what the PettingZoo environment scales its tensors
by.  It once restated the preset formula (``made_base + made_per_trick *
bid``, ``-miss_per_trick`` a trick) and so ignored a house ``scorer``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest

from whist_ro import Match, Round, variants
from whist_ro.interop.encoding import match_sizes, return_bounds
from whist_ro.variants import Variant


def generous(bid: int, tricks: int) -> int:
    """A house scorer whose extremes are known: 20 a bid trick made, -3 a trick missed by."""
    return 20 * bid if bid == tricks else -3 * abs(tricks - bid)


def harsh(bid: int, tricks: int) -> int:
    """Another: a made bid scores 1, a miss costs 50 whatever the difference."""
    return 1 if bid == tricks else -50


HOUSES: dict[str, tuple[Variant, Callable[[int], tuple[int, int]]]] = {
    "generous": (attrs.evolve(variants.ROMANIAN, scorer=generous), lambda n: (-3 * n, 20 * n)),
    "harsh": (attrs.evolve(variants.INVERTED, scorer=harsh), lambda n: (-50, 1)),
}


def random_round(variant: Variant, *, players: int, hand_size: int, rng: random.Random) -> Round:
    r = Round.shuffled(
        variant, players=players, dealer=rng.randrange(players), hand_size=hand_size, seed=rng
    )
    while r.to_act is not None:
        r = r.apply(rng.choice(r.legal_actions()))
    return r


@pytest.mark.parametrize("name", sorted(HOUSES))
@pytest.mark.parametrize("hand_size", [1, 3, 8])
def test_round_bounds_are_the_house_scorers_extremes(name: str, hand_size: int) -> None:
    variant, extremes = HOUSES[name]
    assert return_bounds(variant, [hand_size], match=False) == tuple(
        map(float, extremes(hand_size))
    )


@pytest.mark.parametrize("name", sorted(HOUSES))
def test_every_random_round_of_a_house_scorer_lies_within_the_bounds(name: str) -> None:
    variant, _ = HOUSES[name]
    rng = random.Random(26)
    for _ in range(60):
        players = rng.choice((3, 4, 5))
        hand_size = rng.choice((1, 2, 5, 8))
        low, high = return_bounds(variant, [hand_size], match=False)
        points = random_round(variant, players=players, hand_size=hand_size, rng=rng).points
        assert all(low <= p <= high for p in points), (hand_size, points, low, high)


@pytest.mark.parametrize("name", sorted(HOUSES))
def test_every_random_match_of_a_house_scorer_lies_within_the_bounds(name: str) -> None:
    variant, _ = HOUSES[name]
    rng = random.Random(62)
    for players in (3, 4):
        low, high = return_bounds(variant, match_sizes(variant, players), match=True)
        m = Match.new(variant, players=players, seed=rng.randrange(10**6))
        while not m.is_over:
            m = m.apply(rng.choice(m.legal_actions()))
        assert all(low <= t <= high for t in m.totals), (m.totals, low, high)


def test_the_preset_formula_still_gives_its_own_bounds() -> None:
    # Romanian: a made bid of 8 scores 5 + 8, a round missed by all 8 tricks costs 8.
    assert return_bounds(variants.ROMANIAN, [8], match=False) == (-8.0, 13.0)
    assert return_bounds(variants.ROMANIAN, [1, 8], match=False) == (-9.0, 19.0)
