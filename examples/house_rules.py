"""A house-rule variant in three lines, played to the end.

Tables differ: this one plays Romanian whist without the hook, with the duty
to overtrump, and pays a streak bonus once per run (as another engine
does).  A house rule is one field of the frozen ``Variant``; nothing else
changes.  Run it with ``python examples/house_rules.py``.
"""

from __future__ import annotations

import random

import attrs

import whist_ro as wr


def main() -> None:
    house = attrs.evolve(
        wr.variants.ROMANIAN,
        name="our table",
        hook=False,  # the dealer may make the bids add up (R-BID-2 off)
        must_overtrump=True,  # R-PLAY-8 on
        streak_repeats=False,  # a run of made bids pays once (R-STREAK-2 option)
    )
    print(f"{house.name}: hook={house.hook}, must_overtrump={house.must_overtrump}")
    assert wr.Variant.from_dict(house.to_dict()) == house  # it serialises as data

    rng = random.Random(2026)
    match = wr.Match.new(house, players=4, seed=2026)
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_actions()))
    print(match.score_sheet)
    print(match.standings())
    print("winners:", match.winners)


if __name__ == "__main__":
    main()
