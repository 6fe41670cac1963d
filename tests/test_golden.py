"""Golden matches: complete seeded games pinned to exact results.

Each match is played by :func:`whist_ro.random_playout` from a fixed seed, so
the result depends on the seeded deals (R-DEAL-1), the documented order of
``legal_actions()`` (bids low to high, cards by suit high to low) and the
rules.  The pinned rounds below were checked by hand, card by card, against
the rule book before being written down; the docstrings say how.  If one of
these tests fails, find out which rule changed -- never re-pin blindly.
"""

from __future__ import annotations

from dataclasses import dataclass

import whist_ro as wr


@dataclass(frozen=True)
class Expected:
    """A hand-checked round: the deal, the bids and every trick with its winner."""

    dealer: int
    turn_up: str | None
    hands: tuple[str, ...]
    bids: tuple[int | None, ...]
    tricks: tuple[tuple[int, str, int], ...]  # (leader, cards in play order, winner)
    tricks_won: tuple[int, ...]
    points: tuple[int, ...]


def _check_round(round_: wr.Round, expected: Expected) -> None:
    assert round_.dealer == expected.dealer
    assert (None if round_.turn_up is None else str(round_.turn_up)) == expected.turn_up
    assert tuple(str(h) for h in round_.hands) == expected.hands
    assert round_.bids == expected.bids
    got = tuple(
        (t.leader, " ".join(map(str, t.cards)), wr.trick_winner(t, round_.trump))
        for t in round_.tricks
    )
    assert got == expected.tricks
    # The winner of each trick leads the next one (R-PLAY-1).
    leaders = [leader for leader, _, _ in expected.tricks]
    winners = [winner for _, _, winner in expected.tricks]
    assert leaders[1:] == winners[:-1]
    assert round_.tricks_won == expected.tricks_won
    assert round_.points == expected.points


def _bonuses(match: wr.Match) -> dict[int, tuple[int, ...]]:
    """Round number -> streak bonus per seat, for rounds that paid one."""
    return {
        row.number: tuple(s.bonus for s in row.seats)
        for row in match.score_sheet
        if any(s.bonus for s in row.seats)
    }


ROMANIAN_ROUND_6 = Expected(
    dealer=1,
    turn_up="Kd",
    hands=("8s 8h 10c", "7s 7d Qc", "Qs 9s Ac", "As Kh Kc"),
    bids=(3, 0, 2, 3),
    tricks=((2, "Ac Kc 10c Qc", 2), (2, "Qs As 8s 7s", 3), (3, "Kh 8h 7d 9s", 1)),
    tricks_won=(0, 1, 1, 1),
    points=(-3, -1, -1, -2),
)

ROMANIAN_ROUND_14 = Expected(
    dealer=1,
    turn_up=None,
    hands=(
        "As Jh 10h 7h 9d 8d 7d 7c",
        "Js 7s Ah Kh Qh Jd 10d Qc",
        "Ks Qs 9h 8h Ad Ac 10c 8c",
        "10s 9s 8s Kd Qd Kc Jc 9c",
    ),
    bids=(5, 7, 8, 5),
    tricks=(
        (2, "Ks 9s As Js", 0),
        (0, "8d 10d Ad Kd", 2),
        (2, "8c Jc 7c Qc", 1),
        (1, "Kh 8h 10s 7h", 1),
        (1, "Jd Qs Qd 7d", 3),
        (3, "Kc 9d 7s 10c", 3),
        (3, "9c 10h Ah Ac", 2),
        (2, "9h 8s Jh Qh", 1),
    ),
    tricks_won=(1, 3, 2, 2),
    points=(-4, -4, -6, -3),
)


def test_golden_romanian_4_players() -> None:
    """ROMANIAN, 4 players, seed 2026: 24 rounds, final totals (-20, -23, -44, -25).

    Checked by hand:

    * Round 1 (1 card, 8c turned up): seat 1 leads As; seat 2 (9d) and seat 3
      (9s) cannot trump, seat 0 has no spade and must trump with Jc, which
      wins (R-PLAY-3, R-PLAY-6).  The dealer (seat 0) bid 1: the others bid
      1 in total, so only 0 was forbidden (R-BID-2).
    * Round 6 (3 cards, diamonds): every follow checked against R-PLAY-2;
      in trick 3 seat 1, void in hearts, must trump with 7d and wins; seat 2
      has neither hearts nor trumps and throws 9s (R-PLAY-3, R-PLAY-4).
      Scores: 3 bid, 0 won -> -3; 0/1 -> -1; 2/1 -> -1; 3/1 -> -2 (R-SCORE-2).
    * Round 14 (8 cards, no trump, R-TRUMP-2): all eight tricks traced, the
      highest card of the led suit wins each.  Seats 0 and 1 complete their
      second run of five misses here (rounds 10-14) and pay -10 (R-STREAK-1,
      R-STREAK-2); their first run was rounds 5-9, with rounds 1-4 (one card)
      skipped (R-STREAK-4).
    * Streaks for all seats were traced over the whole sheet: seat 2 makes
      its bid in round 11 (5/5 -> +10 points), which breaks its misses, then
      misses rounds 12-16 and pays -10 in round 16 (R-STREAK-3).
    """
    match = wr.random_playout(wr.Match.new(wr.variants.ROMANIAN, players=4, seed=2026), seed=2026)
    assert match.is_over
    assert match.first_dealer == 0
    up, down = [2, 3, 4, 5, 6, 7], [7, 6, 5, 4, 3, 2]
    assert [r.hand_size for r in match.rounds] == [1] * 4 + up + [8] * 4 + down + [1] * 4
    first = match.rounds[0]
    assert tuple(str(h) for h in first.hands) == ("Jc", "As", "9d", "9s")
    assert str(first.turn_up) == "8c"
    assert first.bids == (1, 0, 1, 0)
    assert first.points == (6, 5, -1, 5)
    _check_round(match.rounds[5], ROMANIAN_ROUND_6)
    _check_round(match.rounds[13], ROMANIAN_ROUND_14)
    assert _bonuses(match) == {
        9: (-10, -10, -10, -10),
        14: (-10, -10, 0, 0),
        16: (0, 0, -10, 0),
        18: (0, 0, 0, -10),
    }
    assert match.totals == (-20, -23, -44, -25)
    assert match.winners == (0,)


INVERTED_ROUND_1 = Expected(
    dealer=2,
    turn_up=None,
    hands=(
        "As Ks 8s Jh Kd 9d 10c 5c",
        "10s 9s 7s 6h Ad 6d Qc Jc",
        "Qs Js Jd 10d Ac Kc 7c 6c",
        "5s Kh 9h 8h 5h Qd 8d 8c",
        "6s Ah Qh 10h 7h 7d 5d 9c",
    ),
    bids=(7, 8, 6, 3, 2),
    tricks=(
        (3, "Qd 5d 9d Ad 10d", 1),
        (1, "9s Js 5s 6s 8s", 2),
        (2, "Kc 8c 9c 5c Qc", 2),
        (2, "Jd 8d 7d Kd 6d", 0),
        (0, "Ks 10s Qs 5h 7h", 0),
        (0, "As 7s 6c Kh 10h", 0),
        (0, "10c Jc Ac 8h Qh", 2),
        (2, "7c 9h Ah Jh 6h", 2),
    ),
    tricks_won=(3, 1, 4, 0, 0),
    points=(-4, -7, -2, -3, -2),
)

INVERTED_ROUND_7 = Expected(
    dealer=3,
    turn_up="5d",
    hands=(
        "8s 10h 8h 8d Kc 9c",
        "Ks 10s Ah Kh 9h Kd",
        "7h Ad Jd 7d 6d Jc",
        "5s 5h Qd 10d Ac 7c",
        "As Js 7s Jh 6h 9d",
    ),
    bids=(3, 2, 6, 6, 3),
    tricks=(
        (4, "Js 8s 10s Jd 5s", 2),
        (2, "6d Qd 9d 8d Kd", 1),
        (1, "Ks Ad 10d As Kc", 2),
        (2, "Jc Ac 7s 9c 9h", 3),
        (3, "5h Jh 10h Kh 7h", 1),
        (1, "Ah 7d 7c 6h 8h", 2),
    ),
    tricks_won=(0, 2, 3, 1, 0),
    points=(-3, 7, -3, -5, -3),
)


def test_golden_inverted_5_players() -> None:
    """INVERTED, 5 players, seed 1907: 27 rounds, final totals (-56, -23, -56, -65, -47).

    Checked by hand:

    * The schedule is 8 x5, 7..2, 1 x5, 2..7, 8 x5 (R-SCHED-2) and the deck
      runs from 5 to A (R-DECK-2: the 5th trump turned up is the 5d).
    * Round 1 (8 cards each, the 40 cards dealt out, no trump, R-TRUMP-2):
      every trick traced; in the last one seat 2 leads 7c and nobody has a
      club left, so the lone club wins with no trump to beat it.
    * Round 7 (6 cards, 5d turned up): in trick 1 seat 2 has no spade and
      must trump (Jd wins); in trick 3 seats 2 and 3 both must trump and the
      higher trump Ad wins over 10d (R-PLAY-3, R-PLAY-6); seat 0, with no
      spade and no trump left, throws Kc (R-PLAY-4).  Seat 1 makes 2 of 2:
      5 + 2 = 7 (R-SCORE-1).
    * Seat 3 misses round 11, skips the one-card rounds 12-16, then misses
      rounds 17-20: the run carries over the block and pays -10 in round 20
      (R-STREAK-4).  Seat 1 pays -10 in round 5 for misses in rounds 1-5.
    """
    match = wr.random_playout(wr.Match.new(wr.variants.INVERTED, players=5, seed=1907), seed=1907)
    assert match.is_over
    assert len(match.rounds) == 3 * 5 + 12
    assert match.first_dealer == 2
    _check_round(match.rounds[0], INVERTED_ROUND_1)
    _check_round(match.rounds[6], INVERTED_ROUND_7)
    assert _bonuses(match) == {
        5: (0, -10, -10, 0, -10),
        10: (-10, 0, 0, -10, 0),
        11: (0, 0, -10, 0, 0),
        20: (0, 0, 0, -10, -10),
        22: (0, 0, -10, 0, 0),
        25: (0, 0, 0, -10, -10),
        26: (-10, 0, 0, 0, 0),
    }
    assert match.totals == (-56, -23, -56, -65, -47)
    assert match.winners == (1,)


CLASSIC_ROUND_1 = Expected(
    dealer=3,
    turn_up="10c",
    hands=(
        "Ks 5s 3s Kh 10h 7h 5h 3h Ad 8d 4d 2d 4c",
        "Qs 7s 2s Ah Qh 8h Kd Jd 10d 9d 9c 6c 3c",
        "9s 6s 4s Jh 6h Qd 7d 6d 5d Ac Kc Qc 5c",
        "As Js 10s 8s 9h 4h 2h 3d Jc 10c 8c 7c 2c",
    ),
    bids=(None, None, None, None),
    tricks=(
        (0, "3h 8h 6h 2h", 1),
        (1, "Jd 6d 3d Ad", 0),
        (0, "5h Qh Jh 4h", 1),
        (1, "9d 5d 10s 8d", 1),
        (1, "Ah 9s 9h 10h", 1),
        (1, "Qs 4s As 5s", 3),
        (3, "8s Ks 7s 6s", 0),
        (0, "4c 9c Qc 10c", 2),
        (2, "Kc 2c 3s 6c", 2),
        (2, "Ac 7c Kh 3c", 2),
        (2, "Qd 8c 4d Kd", 3),
        (3, "Js 2d 2s 7d", 3),
        (3, "Jc 7h 10d 5c", 3),
    ),
    tricks_won=(2, 4, 3, 4),
    points=(0, 2, 0, 2),
)


def test_golden_classic() -> None:
    """CLASSIC, seed 1066: six deals, seats 0 and 2 win 7 to 4.

    Checked by hand:

    * Round 1: the turn-up 10c is the dealer's (seat 3) own card and seat 3
      plays it to trick 8 (R-TRUMP-3).  All 13 tricks traced: in trick 4
      seat 3, void in diamonds, discards 10s rather than trumping, which
      classic allows (R-PLAY-5); in trick 11 seat 3 trumps Qd with 8c and
      wins.  Seats 1 and 3 take 4 + 4 = 8 tricks: 8 - 6 = 2 points each,
      the other side scores nothing (R-SCORE-3).
    * Round 2 (dealer 0, Ac turned up): traced likewise; seat 0 takes 7
      tricks and seat 2 one, so side 0-2 has 8 and scores 2.
    * Side totals after rounds 1-6: 0-2, 2-2, 3-2, 4-2, 4-4, 7-4.  The game
      ends after round 6, the first time a side reaches 5 (R-END-2).
    """
    match = wr.random_playout(wr.Match.new(wr.variants.CLASSIC, players=4, seed=1066), seed=1066)
    assert match.is_over
    _check_round(match.rounds[0], CLASSIC_ROUND_1)
    second = match.rounds[1]
    assert (second.dealer, str(second.turn_up)) == (0, "Ac")
    assert second.hands[0].mask & wr.Card.parse("Ac").mask
    assert second.tricks_won == (7, 2, 1, 3)
    assert second.points == (2, 0, 2, 0)
    side_totals = [(row.seats[0].total, row.seats[1].total) for row in match.score_sheet]
    assert side_totals == [(0, 2), (2, 2), (3, 2), (4, 2), (4, 4), (7, 4)]
    assert match.totals == (7, 4, 7, 4)
    assert match.winners == (0, 2)
