"""The whist perft: the pinned table, divide, and counts from an independent brute force.

The brute force below is written from the rule book alone (R-BID-1..3,
R-PLAY-1..6): cards are (rank, suit) pairs and hands are Python sets.  It
shares no code with the engine, so agreement checks the engine's move
generator, not the other way round.
"""

from __future__ import annotations

import pytest

import whist_ro as wr
from whist_ro.records import PERFT_TABLE, PerftEntry, divide, perft

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]

BruteCard = tuple[int, str]  # (rank index, suit letter)


def brute_card(text: str) -> BruteCard:
    rank = "10" if text[:-1].upper() == "T" else text[:-1].upper()
    return RANKS.index(rank), text[-1].lower()


def brute_count(
    entry: PerftEntry,
    depth: int,
) -> int:
    """Count legal sequences of ``depth`` actions by the rules, with no engine code."""
    variant = wr.variants.get(entry.preset)
    exact = not variant.is_classic
    hands = [set(map(brute_card, h.split())) for h in entry.hands]
    players = len(hands)
    size = len(hands[0])
    trump = None if entry.turn_up is None else brute_card(entry.turn_up)[1]
    first = (entry.dealer + 1) % players  # R-BID-1, R-PLAY-1

    def winner(trick: list[tuple[int, BruteCard]]) -> int:  # R-PLAY-6
        led = trick[0][1][1]

        def strength(play: tuple[int, BruteCard]) -> tuple[int, int]:
            rank, suit = play[1]
            return (2 if suit == trump else 1 if suit == led else 0, rank)

        return max(trick, key=strength)[0]

    def cards(hand: set[BruteCard], trick: list[tuple[int, BruteCard]]) -> list[BruteCard]:
        if not trick:
            return sorted(hand)  # the leader may lead anything
        led = trick[0][1][1]
        follow = [c for c in hand if c[1] == led]
        if follow:
            return follow  # R-PLAY-2
        trumps = [c for c in hand if c[1] == trump]
        if exact and variant.must_trump and trumps:
            return trumps  # R-PLAY-3
        return sorted(hand)  # R-PLAY-4 / R-PLAY-5

    def play(
        hs: list[set[BruteCard]], trick: list[tuple[int, BruteCard]], seat: int, done: int, d: int
    ) -> int:
        if done == size:
            return 1
        if d == 0:
            return 1
        total = 0
        for c in cards(hs[seat], trick):
            new_hands = [h - {c} if s == seat else h for s, h in enumerate(hs)]
            new_trick = [*trick, (seat, c)]
            if len(new_trick) == players:
                won = winner(new_trick)
                total += play(new_hands, [], won, done + 1, d - 1)
            else:
                total += play(new_hands, new_trick, (seat + 1) % players, done, d - 1)
        return total

    def bid(made: list[int], d: int) -> int:
        if len(made) == players:
            return play(hands, [], first, 0, d)
        if d == 0:
            return 1
        options = list(range(size + 1))
        if len(made) == players - 1 and variant.hook:  # the dealer bids last (R-BID-2)
            forbidden = size - sum(made)
            options = [b for b in options if b != forbidden]
        return sum(bid([*made, b], d - 1) for b in options)

    if depth == 0:
        return 1
    return bid([], depth) if exact else play(hands, [], first, 0, depth)


@pytest.mark.parametrize("entry", PERFT_TABLE, ids=lambda e: f"{e.preset}-{len(e.hands)}")
def test_the_table_is_what_the_engine_counts(entry: PerftEntry) -> None:
    r = entry.round()
    assert [perft(r, d) for d in range(len(entry.counts))] == list(entry.counts)


# Every entry's counts, as the brute force above gives them (written out, not read from the
# table): the table may only pin counts that a second, independent count confirms.
INDEPENDENT = {
    "romanian-3": (1, 3, 9, 21, 42, 63, 126, 126, 126, 126),
    "romanian-4": (1, 4, 16, 64, 236, 708, 1180, 3068, 7788, 15576),
    "romanian-5": (1, 5, 25, 125, 625, 3055, 12220, 12220, 15275),
    "inverted-3": (1, 9, 81, 684, 5472, 10944),
    "inverted-4": (1, 6, 36, 216, 1240, 6200, 7440, 12400, 17360),
    "classic-4": (1, 13, 36, 106, 314, 3768, 11043),
    "classic-rubber-4": (1, 13, 45, 125, 346, 4152, 12809),
    "long-whist-4": (1, 13, 37, 119, 300, 3600, 11788),
}


def entry_id(entry: PerftEntry) -> str:
    return f"{entry.preset}-{len(entry.hands)}"


@pytest.mark.parametrize("entry", PERFT_TABLE, ids=entry_id)
def test_table_entries_agree_with_an_independent_brute_force(entry: PerftEntry) -> None:
    counts = INDEPENDENT[entry_id(entry)]
    assert tuple(brute_count(entry, d) for d in range(len(counts))) == counts
    assert entry.counts == counts


def test_every_entry_has_an_independent_count() -> None:
    assert sorted(map(entry_id, PERFT_TABLE)) == sorted(INDEPENDENT)


def test_every_preset_of_the_rule_book_has_an_entry() -> None:
    covered = {e.preset for e in PERFT_TABLE}
    assert covered >= {"romanian", "inverted", "classic", "classic-rubber", "long-whist"}


def test_a_full_depth_counts_complete_play_outs() -> None:
    entry = PERFT_TABLE[0]
    r = entry.round()
    # 3 bids and 6 cards; deeper counts stay the same, as every sequence has ended.
    assert perft(r, 9) == perft(r, 30) == entry.counts[9] == 126


def test_divide_splits_the_count_by_first_action() -> None:
    r = PERFT_TABLE[1].round()
    split = divide(r, 4)
    assert [a for a, _ in split] == list(r.legal_actions())
    assert sum(n for _, n in split) == perft(r, 4)
    for action, n in split:
        assert n == perft(r.apply(action), 3)
    assert divide(r, 0) == ()


def test_perft_runs_on_a_match_across_rounds() -> None:
    m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    # The first round has 1 card: 3 bids (the hook forbids one pairing) then 3 cards.
    assert perft(m, 6) == perft(m.round, 6)
    assert perft(m, 7) > perft(m.round, 7)  # the match goes on into round 2


@pytest.mark.parametrize("depth", [-1, True, 1.0, 10**9])
def test_bad_depths_are_refused(depth: object) -> None:
    with pytest.raises(wr.ConfigurationError, match="depth"):
        perft(PERFT_TABLE[0].round(), depth)  # type: ignore[arg-type]


def test_perft_refuses_what_is_not_a_state() -> None:
    with pytest.raises(wr.ConfigurationError, match="Round or a Match"):
        perft("Ah", 1)  # type: ignore[arg-type]
