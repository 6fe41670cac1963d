"""The rule book in one line per rule, for ``whist-ro rules`` and for reports.

Each entry is the rule ID, the family it binds (``"all"``, ``"exact"`` or
``"classic"``) and a short summary in this project's words; docs/rules.md
has the full text with examples.  :func:`rules_for` picks the rules of one
variant and says which of its options switch a rule off.

>>> from whist_ro import variants
>>> [r.id for r in rules_for(variants.CLASSIC)][:4]
['R-DECK-1', 'R-DECK-3', 'R-DECK-4', 'R-SCHED-3']
>>> print(format_rules(variants.ROMANIAN).splitlines()[0])
Rules of romanian (exact-bid family); IDs as in docs/rules.md
"""

from __future__ import annotations

from typing import Final, Literal

import attrs

from whist_ro._immutable import Immutable
from whist_ro.rules.schedule import schedule_rule
from whist_ro.variants import Variant

__all__ = ["RULES", "Rule", "format_rules", "rules_for", "schedule_rule"]

Family = Literal["all", "exact", "classic"]


@attrs.frozen
class Rule(Immutable):
    """One rule: its ID, the family it binds, and a one-line summary."""

    id: str
    family: Family
    summary: str


_R = Rule
RULES: Final[tuple[Rule, ...]] = (
    _R("R-DECK-1", "all", "Ranks run A K Q J 10 9 ... 2; the four suits have no order."),
    _R("R-DECK-2", "exact", "N players use the 2N highest ranks of each suit: 8N cards."),
    _R("R-DECK-3", "classic", "Four players and the whole 52-card deck."),
    _R(
        "R-DECK-4",
        "all",
        "An explicit deal is checked: no card twice, equal hands, a proper turn-up.",
    ),
    _R(
        "R-SCHED-1", "exact", "1-8-1: N rounds of 1, then 2..7, N rounds of 8, 7..2, N rounds of 1."
    ),
    _R(
        "R-SCHED-2", "exact", "8-1-8: N rounds of 8, then 7..2, N rounds of 1, 2..7, N rounds of 8."
    ),
    _R("R-SCHED-3", "classic", "Rounds of 13 cards until the match ends."),
    _R(
        "R-SCHED-4",
        "all",
        "The first dealer comes from the seed (or is given); the deal moves left.",
    ),
    _R(
        "R-DEAL-1", "all", "Cards go out one at a time from the first hand; a seed fixes the order."
    ),
    _R("R-TRUMP-1", "exact", "With cards left after the deal, the next one is turned up: trump."),
    _R("R-TRUMP-2", "exact", "When the whole deck is dealt there is no trump."),
    _R(
        "R-TRUMP-3",
        "classic",
        "The dealer's last card is shown and sets trump; the dealer keeps it.",
    ),
    _R(
        "R-BID-1",
        "exact",
        "Each seat bids once, 0 to the hand size, from the first hand; dealer last.",
    ),
    _R("R-BID-2", "exact", "The hook: the dealer may not make the bids add up to the hand size."),
    _R("R-BID-3", "exact", "A bid out of range, out of turn or during play is refused."),
    _R(
        "R-PLAY-1",
        "all",
        "The first hand leads the first trick; each trick's winner leads the next.",
    ),
    _R("R-PLAY-2", "all", "Follow the led suit when you can."),
    _R("R-PLAY-3", "exact", "Void in the led suit and holding a trump: play a trump (any trump)."),
    _R("R-PLAY-4", "all", "Otherwise any card; nobody has to beat the table."),
    _R("R-PLAY-5", "classic", "Void in the led suit: any card; there is no duty to trump."),
    _R("R-PLAY-6", "all", "The highest trump wins, else the highest card of the led suit."),
    _R("R-PLAY-7", "all", "A card out of turn, not held, or during the bidding is refused."),
    _R(
        "R-PLAY-8",
        "exact",
        "Option: a seat that must trump must beat a trump already played if it can.",
    ),
    _R("R-SCORE-1", "exact", "An exact bid scores 5 + the bid (a made 0 scores 5)."),
    _R("R-SCORE-2", "exact", "A missed bid loses the difference between bid and tricks."),
    _R("R-SCORE-3", "classic", "The side taking 7 or more tricks scores the tricks over six."),
    _R("R-STREAK-1", "exact", "Five made bids in a row earn +10; five misses in a row cost -10."),
    _R("R-STREAK-2", "exact", "The count starts again after each bonus (option: a run pays once)."),
    _R("R-STREAK-3", "exact", "A made bid breaks a run of misses, and the other way round."),
    _R("R-STREAK-4", "exact", "1-card rounds neither extend nor break a run (option)."),
    _R(
        "R-STREAK-5", "exact", "The bonus belongs to the round that completes the run, shown apart."
    ),
    _R("R-END-1", "exact", "The match ends with the schedule; the highest total wins, ties share."),
    _R("R-END-2", "classic", "After a round, a side with the target (5) or more wins the game."),
    _R(
        "R-END-3",
        "all",
        "Classic sides may concede; exact-bid matches may be abandoned between rounds.",
    ),
    _R("R-END-4", "all", "Nothing is accepted after the round or match is over."),
    _R("R-END-5", "classic", "A conceding side gives up the whole match, rubber included."),
    _R(
        "R-RANK-1",
        "all",
        "Table points: +10N for the top total, -10N for the bottom, linear between.",
    ),
    _R("R-RANK-2", "all", "Stake: as table points with a stake of 150 to 400."),
    _R("R-RANK-3", "all", "Rating: +5N first, -5N last, 8N(s-max)/(max-min)+4N in between."),
    _R("R-RANK-4", "exact", "Zero win (1-8-1, opt-in): a final total of exactly 0 wins outright."),
    _R("R-RANK-5", "all", "A match stopped early scales ranking points by the rounds completed."),
    _R("R-RANK-6", "all", "Tied seats share the awards of the places they occupy."),
    _R("R-RANK-7", "all", "Ranking points are exact fractions, rounded only for display."),
    _R("R-RANK-8", "classic", "Sides rank by match points: game values plus the rubber bonus."),
    _R("R-RANK-9", "all", "The winners are the seats in first place of the standings."),
    _R("R-SEAT-1", "all", "A silent seat may be handed to a bot; the record notes the takeover."),
    _R(
        "R-VIEW-1",
        "all",
        "A player sees their hand, all bids and plays, the scores and the turn-up.",
    ),
    _R("R-VIEW-2", "all", "Nobody sees another player's unplayed cards or the undealt ones."),
    _R("R-VIEW-3", "exact", "Option: blind 1-card rounds change what players see, not the rules."),
    _R("R-HON-1", "classic", "Honours (option): all four trump honours score 4, three score 2."),
    _R(
        "R-HON-2",
        "classic",
        "Tricks score before honours; at one short of the target honours don't count.",
    ),
    _R("R-HON-3", "classic", "Honours are counted from the hands as dealt."),
    _R("R-RUBBER-1", "classic", "Rubbers (option): best of three games."),
    _R(
        "R-RUBBER-2",
        "classic",
        "A game is worth 3, 2 or 1 by the losers' score; the rubber adds 2.",
    ),
    _R("R-RUBBER-3", "classic", "Games follow on from 0-0 and the deal keeps moving left."),
)
"""Every rule of the rule book, in its order."""


def _switched_off(rule: Rule, variant: Variant) -> str | None:
    """Why ``variant``'s options leave ``rule`` out, or None when it applies."""
    off = {
        "R-BID-2": not variant.hook,
        "R-PLAY-3": not variant.must_trump,
        "R-PLAY-8": not variant.must_overtrump,
        "R-STREAK-1": variant.streak_bonus == 0,
        "R-RANK-4": not variant.ranking.zero_win,
        "R-HON-1": not variant.honours,
        "R-HON-2": not variant.honours,
        "R-HON-3": not variant.honours,
        "R-RUBBER-1": not variant.rubber,
        "R-RUBBER-2": not variant.rubber,
        "R-RUBBER-3": not variant.rubber,
    }
    if rule.id == "R-SCHED-1" and schedule_rule(variant) == "R-SCHED-2":
        return "this variant plays 8-1-8"
    if rule.id == "R-SCHED-2" and schedule_rule(variant) != "R-SCHED-2":
        return "this variant does not play 8-1-8"
    return "off in this variant" if off.get(rule.id, False) else None


def rules_for(variant: Variant) -> tuple[Rule, ...]:
    """The rules that bind ``variant``'s family, in rule-book order.

    >>> from whist_ro import variants
    >>> "R-BID-2" in {r.id for r in rules_for(variants.CLASSIC)}
    False
    """
    family = "classic" if variant.is_classic else "exact"
    return tuple(r for r in RULES if r.family in ("all", family))


def format_rules(variant: Variant) -> str:
    """The rules of ``variant`` one a line, options that switch a rule off marked.

    >>> from whist_ro import variants
    >>> [line for line in format_rules(variants.ROMANIAN).splitlines() if "R-PLAY-8" in line]
    ['R-PLAY-8   Option: a seat that must trump must beat ... if it can.  [off in this variant]']
    """
    family = "classic partnership whist" if variant.is_classic else "exact-bid family"
    lines = [f"Rules of {variant.name} ({family}); IDs as in docs/rules.md"]
    for rule in rules_for(variant):
        why = _switched_off(rule, variant)
        mark = f"  [{why}]" if why else ""
        lines.append(f"{rule.id:<11}{rule.summary}{mark}")
    return "\n".join(lines)
