"""Whose card is card k of the deck order: one rule function, asked by the engine and the adapters.

:func:`whist_ro.rules.dealing.dealt_to` says it (R-DEAL-1); the engine deals
by it (:func:`~whist_ro.rules.dealing.deal_hands`), and the OpenSpiel game's
chance nodes replay a deal card by card in that order, so a deal turned
into chance outcomes and dealt again is the same deal, for every preset,
player count, hand size and dealer (the turn-up, or the dealer's last card
shown as trump, included).
"""

from __future__ import annotations

import attrs
import pytest

from whist_ro import Deal, Deck, variants
from whist_ro.rules.dealing import dealt_to, trump_card_index, trump_source

PRESETS = [n for n in variants.names() if variants.get(n).name == n]
# A house rule that shows the dealer's last card as trump when the whole deck is dealt.
DEALER_LAST = attrs.evolve(variants.ROMANIAN, name="dealer-last", dealt_out_trump="dealer_last")
VARIANTS = [variants.get(n) for n in PRESETS] + [DEALER_LAST]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_each_card_of_the_deck_order_goes_to_the_seat_dealt_to_names(
    variant: variants.Variant,
) -> None:
    for players in variant.player_counts:
        deck = Deck.for_game(variant, players).shuffled(players)
        largest = len(deck) // players
        for hand_size in sorted({1, largest // 2 or 1, largest}):
            for dealer in range(players):
                deal = Deal.from_deck(
                    variant, deck=deck, dealer=dealer, hand_size=hand_size, players=players
                )
                for k in range(players * hand_size):
                    seat = dealt_to(k, dealer=dealer, players=players)
                    # R-DEAL-1 as the rule book words it: one card at a time,
                    # clockwise, the first to the seat left of the dealer.
                    assert seat == (dealer + 1 + k) % players
                    assert deck[k] in deal.hands[seat]
                source = trump_source(variant, players, hand_size)
                at = trump_card_index(source, players=players, hand_size=hand_size)
                assert deal.turn_up == (None if at is None else deck[at])


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_the_openspiel_chance_nodes_replay_a_deal_in_the_dealing_order(
    variant: variants.Variant,
) -> None:
    openspiel = pytest.importorskip("whist_ro.interop.openspiel")
    for players in variant.player_counts:
        for hand_size in sorted({1, len(Deck.for_game(variant, players)) // players}):
            for dealer in range(players):
                deal = Deal.shuffled(
                    variant, players=players, dealer=dealer, hand_size=hand_size, seed=dealer
                )
                order = openspiel._deal_order(deal)
                ids = set(order)
                rest = [
                    c
                    for c in Deck.for_game(variant, players).cards
                    if openspiel.card_id(c) not in ids
                ]
                again = Deal.from_deck(
                    variant,
                    deck=[openspiel.card_of(c) for c in order] + rest,
                    dealer=dealer,
                    hand_size=hand_size,
                    players=players,
                )
                assert again == deal, (players, hand_size, dealer)
