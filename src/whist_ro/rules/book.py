"""The rule book itself: every rule's ID, the games it binds, a one-line summary and its full text.

The texts ship with the package, so ``whist-ro rules --rule R-PLAY-2``
answers a dispute on a machine that has no copy of the documentation.  They
say each rule of the project's rule book in this project's own words;
docs/rules.md says the same rules again with the code that enforces each
one and the tests that prove it.  :func:`rules_for` picks the rules of one
variant, :func:`switched_off` says when a variant's options leave a rule
out, and :func:`format_rules` and :func:`format_rule` lay them out as text.

>>> from whist_ro import variants
>>> [r.id for r in rules_for(variants.CLASSIC)][:4]
['R-DECK-1', 'R-DECK-3', 'R-DECK-4', 'R-SCHED-3']
>>> rule("R-PLAY-2").title
'Follow suit'
"""

from __future__ import annotations

import textwrap
from typing import Final, Literal

import attrs

from whist_ro._check import excerpt
from whist_ro._immutable import Immutable
from whist_ro.errors import ConfigurationError
from whist_ro.locale import N_, render, translation
from whist_ro.locale import check as check_lang
from whist_ro.rules.scheduling import schedule_rule
from whist_ro.variants import Variant

__all__ = [
    "RULES",
    "Family",
    "Rule",
    "format_rule",
    "format_rules",
    "rule",
    "rules_for",
    "switched_off",
]

Family = Literal["all", "exact", "classic"]

_FAMILY_NAMES: Final = {
    "all": N_("every variant"),
    "exact": N_("the exact-bid family (Romanian 1-8-1 and inverted 8-1-8)"),
    "classic": N_("classic partnership whist"),
}
_OF_FAMILY: Final = {
    "all": N_("a rule of every variant"),
    "exact": N_("a rule of the exact-bid family (Romanian 1-8-1 and inverted 8-1-8)"),
    "classic": N_("a rule of classic partnership whist"),
}
_OFF: Final = N_("off in this variant")
_PLAYS_818: Final = N_("this variant plays 8-1-8")
_NOT_818: Final = N_("this variant does not play 8-1-8")
_PLAYS_HOUSE: Final = N_("this variant plays its own schedule (R-SCHED-5)")
_LIST_HEAD: Final = {
    False: N_("Rules of {variant} (exact-bid family), one a line:"),
    True: N_("Rules of {variant} (classic partnership whist), one a line:"),
}
_OFF_HEAD: Final = N_("Left out of {variant} by its options (they bind other variants):")
_APPLIES_TO: Final = N_("Applies to {family}.")
_APPLIES: Final = N_("In {variant}: it applies.")
_LEFT_OUT: Final = N_("In {variant}: left out, {why}.")
_NO_RULE: Final = N_("no rule {rule}; the rules of that part: {near}")
_NO_PART: Final = N_("no rule {rule}; an ID is R-PART-N, the parts being {parts}")

# Which part of a rule a catalogue entry holds: its gettext context is "R-PLAY-2 title" ...
_PARTS: Final = ("title", "summary", "text")


@attrs.frozen
class Rule(Immutable):
    """One rule: its ID, the family it binds, a one-line summary, a title and the full text.

    ``family`` is ``"all"``, ``"exact"`` (the exact-bid family: Romanian
    and inverted whist) or ``"classic"``.

    >>> r = rule("R-BID-2")
    >>> r.family, r.title, r.summary
    ('exact', 'The hook', 'The hook: the dealer may not make the bids add up to the hand size.')
    """

    id: str
    family: Family
    summary: str
    title: str = attrs.field(default="", kw_only=True)
    text: str = attrs.field(default="", kw_only=True)

    def translated(self, lang: str) -> Rule:
        """This rule with its title, summary and text in ``lang`` (``"en"``: itself).

        The Romanian texts say the same rule in the words Romanian players use
        (levată, atu, împărțitor ...); the ID and the family do not change.

        >>> rule("R-PLAY-2").translated("ro").title
        'Răspunsul la culoare'
        """
        check_lang(lang)
        if lang == "en":
            return self
        catalogue = translation(lang)
        title, summary, text = (
            catalogue.pgettext(f"{self.id} {part}", getattr(self, part)) for part in _PARTS
        )
        return attrs.evolve(self, title=title, summary=summary, text=text)


def _r(rule_id: str, family: Family, title: str, summary: str, text: str) -> Rule:
    return Rule(rule_id, family, summary, title=title, text=" ".join(text.split()))


RULES: Final[tuple[Rule, ...]] = (
    # -- cards and the deck ------------------------------------------------------------
    _r(
        "R-DECK-1", "all", "Card order",
        "Ranks run A K Q J 10 9 ... 2; the four suits have no order.",
        """In every suit the ace is the highest card and the two the lowest, in the order
        A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2. The suits are clubs (treflă), diamonds
        (caro or romb), hearts (inimă) and spades (pică or frunză), and none of them
        outranks another: inside a trick only the trump suit and the suit that was led
        count (R-PLAY-6).""",
    ),
    _r(
        "R-DECK-2", "exact", "The exact-bid deck",
        "N players use the 2N highest ranks of each suit: 8N cards.",
        """Romanian and inverted whist take 3 to 6 players. With N players each suit keeps
        only its 2N highest ranks, so the pack has 8N cards and everybody can be dealt
        eight: 24 cards (9 to ace) for three players, 32 (7 to ace) for four, 40 (5 to
        ace) for five and 48 (3 to ace) for six. Fewer than 3 or more than 6 players are
        refused.""",
    ),
    _r(
        "R-DECK-3", "classic", "The classic deck",
        "Four players and the whole 52-card deck.",
        """Classic whist is for exactly four players, who use the full pack of 52 cards.
        Any other number of players, or a shortened pack, is refused.""",
    ),
    _r(
        "R-DECK-4", "all", "Checking a given deal",
        "An explicit deal is checked: no card twice, equal hands, a proper turn-up.",
        """A round may be rebuilt from hands written out card by card or from a stored
        order of the pack, to replay a record or settle a dispute. Such a deal is accepted
        only when no card appears twice, every card belongs to the pack of this game, all
        hands hold the same number of cards (at least one), a turn-up card is given exactly
        when the trump rules call for one, and the turn-up sits in nobody's hand except
        where the trump rule puts it in the dealer's. A stored order of the pack must hold
        every card once. Whatever check fails, the fault is a fault of this rule; the
        message may also name the trump rule that decides where the turn-up belongs.""",
    ),
    # -- the schedule ------------------------------------------------------------------
    _r(
        "R-SCHED-1", "exact", "Romanian whist, 1-8-1",
        "1-8-1: N rounds of 1, then 2..7, N rounds of 8, 7..2, N rounds of 1.",
        """A Romanian match starts with as many 1-card rounds as there are players, climbs
        through one round each of 2, 3, 4, 5, 6 and 7 cards, plays one 8-card round per
        player, comes back down through 7 to 2, and ends with one 1-card round per player.
        With N players that makes 3N + 12 rounds: 21, 24, 27 or 30 for three to six
        players. A variant may give its own list of hand sizes (each from 1 to 8)
        instead.""",
    ),
    _r(
        "R-SCHED-2", "exact", "Inverted whist, 8-1-8",
        "8-1-8: N rounds of 8, then 7..2, N rounds of 1, 2..7, N rounds of 8.",
        """The inverted game runs the same steps the other way round: one 8-card round per
        player, then 7 down to 2, one 1-card round per player, then 2 up to 7, and one
        8-card round per player to close. It also has 3N + 12 rounds.""",
    ),
    _r(
        "R-SCHED-3", "classic", "Classic rounds",
        "Rounds of 13 cards until the match ends.",
        """Every classic round deals all 13 cards to each player. There is no fixed number
        of rounds: play goes on until a side wins the game (R-END-2), or the rubber when
        rubbers are played.""",
    ),
    _r(
        "R-SCHED-4", "all", "Who deals",
        "The first dealer comes from the seed (or is given); the deal moves left.",
        """The first dealer is either named when the match is set up or drawn from the
        match's seed, so one seed always gives the same first dealer. After every round the
        deal passes one seat to the left. Because each block of 1-card and of 8-card rounds
        has one round per player, every player deals once in each such block.""",
    ),
    _r(
        "R-SCHED-5", "exact", "A house schedule",
        "A house schedule: any hand sizes of 1 card or more that the deck can supply.",
        """A variant may replace the built-in pattern with its own list of hand sizes, each of
        at least one card, as long as the deck can supply every round: the players' hands
        together may not need more cards than the deck holds. A round whose hands take the
        whole deck leaves no card to turn up, so it has no trump (R-TRUMP-2). A schedule
        the deck cannot supply is refused, naming the round, its hand size and the deck.
        Classic whist always deals its 13-card rounds (R-SCHED-3).""",
    ),
    # -- dealing and trump -------------------------------------------------------------
    _r(
        "R-DEAL-1", "all", "One order of the pack fixes the deal",
        "Cards go out one at a time from the first hand; a seed fixes the order.",
        """The dealer hands out the cards one at a time, clockwise, starting with the player
        on the dealer's left, until everybody holds the round's number of cards. A seeded
        deal uses the seeded shuffle as the order of the pack. In the exact-bid games the
        next card after the deal is the turn-up. So the order of the pack and the dealer
        decide every hand and the trump, and a record may keep either the order or the
        hands: both rebuild the same round.""",
    ),
    _r(
        "R-TRUMP-1", "exact", "The turn-up names trumps",
        "With cards left after the deal, the next one is turned up: trump.",
        """When cards are left over after the deal, the top one is turned face up for
        everyone to see, and its suit is trumps for the round. That card is out of play:
        nobody holds it and nobody may play it.""",
    ),
    _r(
        "R-TRUMP-2", "exact", "No trumps when the pack is dealt out",
        "When the whole deck is dealt there is no trump.",
        """If the deal uses up the whole pack there is nothing left to turn up, and the
        round is played without trumps. With the usual pack of 8N cards this happens in the
        8-card rounds. A variant may instead take trumps from the dealer's last card in its
        largest rounds, or play chosen hand sizes without trumps.""",
    ),
    _r(
        "R-TRUMP-3", "classic", "Classic trumps come from the dealer's hand",
        "The dealer's last card is shown and sets trump; the dealer keeps it.",
        """The last card of a classic deal falls to the dealer, who shows it to the table:
        its suit is trumps. It stays one of the dealer's thirteen cards and is played like
        any other. Until the dealer plays to the first trick everyone knows the dealer holds
        it; after that it counts as unknown again unless it was the card the dealer
        played.""",
    ),
    # -- bidding -----------------------------------------------------------------------
    _r(
        "R-BID-1", "exact", "Order of bidding",
        "Each seat bids once, 0 to the hand size, from the first hand; dealer last.",
        """The player on the dealer's left bids first and the bidding goes round clockwise,
        so the dealer bids last. Every player bids exactly once: the number of tricks they
        mean to take, a whole number from 0 to the number of cards in hand. Each bid is
        public the moment it is made. Classic whist has no bidding.""",
    ),
    _r(
        "R-BID-2", "exact", "The hook",
        "The hook: the dealer may not make the bids add up to the hand size.",
        """The bids may never add up to the number of cards in hand, so at least one player
        must miss. Only the dealer, bidding last, can be held by this: the dealer may not
        bid the hand size minus the sum of the other bids. When the other bids already add
        up to more than the hand size, that number is negative and every bid is open. A
        variant may play without the hook.""",
    ),
    _r(
        "R-BID-3", "exact", "Bids that are refused",
        "A bid out of range, out of turn or during play is refused.",
        """A bid below 0 or above the hand size is refused, and so is a bid out of turn, a
        bid once the play has begun, and any bid in classic whist. A dealer's bid that the
        hook forbids is refused under R-BID-2, naming the forbidden number.""",
    ),
    # -- play --------------------------------------------------------------------------
    _r(
        "R-PLAY-1", "all", "Who leads",
        "The first hand leads the first trick; each trick's winner leads the next.",
        """The player on the dealer's left leads to the first trick. After that, the winner
        of each trick leads to the next one.""",
    ),
    _r(
        "R-PLAY-2", "all", "Follow suit",
        "Follow the led suit when you can.",
        """A player who holds a card of the suit that was led must play a card of that
        suit. Which one is up to them: there is no duty to play a high one (R-PLAY-4).""",
    ),
    _r(
        "R-PLAY-3", "exact", "Trump when you cannot follow",
        "Void in the led suit and holding a trump: play a trump (any trump).",
        """In Romanian and inverted whist, a player who has no card of the led suit but
        holds a trump must play a trump. Any trump will do, even one lower than a trump
        already in the trick, unless the overtrump option (R-PLAY-8) is on. A variant may
        switch this duty off.""",
    ),
    _r(
        "R-PLAY-4", "all", "Otherwise any card",
        "Otherwise any card; nobody has to beat the table.",
        """When none of the duties to follow suit, to trump or to overtrump applies, a
        player may play any card they hold, and the leader of a trick may lead any card.
        Nobody is ever obliged to win a trick or to beat the cards already played.""",
    ),
    _r(
        "R-PLAY-5", "classic", "Classic: trumping is optional",
        "Void in the led suit: any card; there is no duty to trump.",
        """In classic whist a player who cannot follow suit may play any card at all: a
        trump, or a discard from another suit. There is no duty to trump.""",
    ),
    _r(
        "R-PLAY-6", "all", "Who wins a trick",
        "The highest trump wins, else the highest card of the led suit.",
        """If any trumps were played to the trick, the highest trump takes it. Otherwise the
        highest card of the suit that was led takes it; a card of any other suit never wins
        a trick.""",
    ),
    _r(
        "R-PLAY-7", "all", "Cards that are refused",
        "A card out of turn, not held, or during the bidding is refused.",
        """A card played out of turn is refused, and so is a card the player does not hold
        (someone else's card, the turned-up card, a card from outside the pack, or one
        already played), and any card played while the bidding is still going on.""",
    ),
    _r(
        "R-PLAY-8", "exact", "Option: overtrump when able",
        "Option: a seat that must trump must beat a trump already played if it can.",
        """An option, off unless a variant switches it on. A player who has to trump
        (R-PLAY-3) and holds a trump higher than the best trump already in the trick must
        play one of those higher trumps. A player with no trump high enough still has to
        trump, and then any trump will do.""",
    ),
    # -- scoring -----------------------------------------------------------------------
    _r(
        "R-SCORE-1", "exact", "A bid that is made",
        "An exact bid scores 5 + the bid (a made 0 scores 5).",
        """A player who takes exactly the number of tricks they bid scores 5 points plus one
        point for every trick of the bid: a made bid of 0 is worth 5, a made bid of 3 is
        worth 8. A variant may change the 5 and the point per trick.""",
    ),
    _r(
        "R-SCORE-2", "exact", "A bid that is missed",
        "A missed bid loses the difference between bid and tricks.",
        """A player who takes more or fewer tricks than they bid loses one point for each
        trick of difference: bid 3 and take 2, and the round scores -1; bid 3 and take 6,
        and it scores -3. A variant may change the point per trick.""",
    ),
    _r(
        "R-SCORE-3", "classic", "Classic: tricks over six",
        "The side taking 7 or more tricks scores the tricks over six.",
        """Partners add their tricks together. The side that takes seven or more of the 13
        tricks scores one point for every trick beyond six; the other side scores nothing
        for the round.""",
    ),
    # -- the streak bonus --------------------------------------------------------------
    _r(
        "R-STREAK-1", "exact", "Five in a row",
        "Five made bids in a row earn +10; five misses in a row cost -10.",
        """A player who makes five bids running earns a bonus of 10 points, and a player who
        misses five bids running loses 10. A variant may change the length of the run and
        the amount, or switch the bonus off.""",
    ),
    _r(
        "R-STREAK-2", "exact", "The count starts again",
        "The count starts again after each bonus (option: a run pays once).",
        """Once a run has paid its bonus, the count starts again from nothing, so the fifth,
        tenth and fifteenth result in a row each pay. A variant may instead pay a run only
        once, at its fifth result, until it is broken.""",
    ),
    _r(
        "R-STREAK-3", "exact", "Runs break each other",
        "A made bid breaks a run of misses, and the other way round.",
        """A made bid ends a run of misses, and a missed bid ends a run of made bids. A run
        that is ended before it pays earns nothing.""",
    ),
    _r(
        "R-STREAK-4", "exact", "One-card rounds do not count",
        "1-card rounds neither extend nor break a run (option).",
        """The 1-card rounds neither add to a run nor end it: a run passes over them
        unchanged, also across the block of 1-card rounds in the middle of an 8-1-8 match.
        A variant may instead let them break a run, or count them like any other round.""",
    ),
    _r(
        "R-STREAK-5", "exact", "Where the bonus is written",
        "The bonus belongs to the round that completes the run, shown apart.",
        """The bonus is scored in the round that completes the run, and the score sheet
        shows it beside that round's own points instead of adding it into them.""",
    ),
    # -- the end of the match ----------------------------------------------------------
    _r(
        "R-END-1", "exact", "The schedule decides",
        "The match ends with the schedule; the highest total wins, ties share.",
        """An exact-bid match is over after the last round of its schedule, and not before:
        there is no target score and no early finish. The highest total wins; players level
        on the highest total share first place.""",
    ),
    _r(
        "R-END-2", "classic", "First side to the target",
        "After a round, a side with the target (5) or more wins the game.",
        """The scores are looked at after each complete round, never in the middle of one.
        A side that has reached the target has won the game and the match is over. The
        target is 5 in short whist and 7 or 10 in long whist; no other target is allowed.
        When rubbers are played, a game won ends the game, not always the match
        (R-RUBBER-1).""",
    ),
    _r(
        "R-END-3", "all", "Conceding or abandoning",
        "Classic sides may concede; exact-bid matches may be abandoned between rounds.",
        """In classic whist a side may concede at any moment: the round in play is not
        scored, and the side loses. An exact-bid match may be abandoned between two rounds
        (never in the middle of one); its standings are then worked out from the totals
        reached and scaled by R-RANK-5. A classic match is never abandoned, and an
        exact-bid match is never conceded.""",
    ),
    _r(
        "R-END-4", "all", "Nothing after the end",
        "Nothing is accepted after the round or match is over.",
        """Once a round or a whole match is over, every further bid or card is refused, and
        so is abandoning or conceding a match that has already ended.""",
    ),
    _r(
        "R-END-5", "classic", "A concession gives up the whole match",
        "A conceding side gives up the whole match, rubber included.",
        """A side that concedes gives up the whole match: the other side wins it whatever
        the match points say, and in a rubber it also takes the rubber and its bonus. The
        game conceded is worth its usual value against the conceding side's score.""",
    ),
    # -- final standings ---------------------------------------------------------------
    _r(
        "R-RANK-1", "all", "Table points",
        "Table points: +10N for the top total, -10N for the bottom, linear between.",
        """The usual way to turn final totals into ranking points. With N players the
        highest total earns +10N and the lowest -10N, and a total in between earns its
        share of the way along a straight line from the lowest to the highest:
        -10N + 20N x (total - lowest) / (highest - lowest).""",
    ),
    _r(
        "R-RANK-2", "all", "Stake",
        "Stake: as table points with a stake of 150 to 400.",
        """Like table points, but the highest total earns the stake and the lowest loses
        it, with the totals in between on the straight line. The stake is a whole number
        from 150 to 400; any other stake is refused.""",
    ),
    _r(
        "R-RANK-3", "all", "Rating",
        "Rating: +5N first, -5N last, 8N(s-max)/(max-min)+4N in between.",
        """First place earns +5N and last place -5N. A total strictly between the highest
        and the lowest earns 8N x (total - highest) / (highest - lowest) + 4N, which lies
        between -4N and +4N. One of the Romanian sources shows a worked example that does
        not agree with its own formula; the formula is the rule.""",
    ),
    _r(
        "R-RANK-4", "exact", "The zero win",
        "Zero win (1-8-1, opt-in): a final total of exactly 0 wins outright.",
        """An option of the 1-8-1 game, off unless a variant switches it on. A player who
        ends the match on exactly 0 wins outright: they earn 25 points (5N under the rating
        system) and every other player loses 15, whatever the totals. Several players on 0
        each earn the award. Only a schedule that opens with 1-card rounds allows it, never
        the 8-1-8 game.""",
    ),
    _r(
        "R-RANK-5", "all", "A match that stops early",
        "A match stopped early scales ranking points by the rounds completed.",
        """When a match stops before its end, the standings are worked out from the totals
        reached, and every player's ranking points are then multiplied by the share of the
        scheduled rounds that were completed. Under the rating system a player who
        disconnected also loses 5N, scaled the same way.""",
    ),
    _r(
        "R-RANK-6", "all", "Ties",
        "Tied seats share the awards of the places they occupy.",
        """Players on the same total fill as many places as there are of them, and each
        receives an equal share of what those places are worth together. When every total
        is the same, nobody is first or last and everybody gets 0; this comes before the
        zero win, so when all players end on 0 nobody wins outright.""",
    ),
    _r(
        "R-RANK-7", "all", "Exact points, rounded for display",
        "Ranking points are exact fractions, rounded only for display.",
        """Ranking points are worked out as exact fractions, so rounding never changes a
        place or a sum. They are rounded only to be shown: to the nearest hundredth, with a
        half rounded away from zero, so a value and its negative always show as
        opposites.""",
    ),
    _r(
        "R-RANK-8", "classic", "Classic sides rank by match points",
        "Sides rank by match points: game values plus the rubber bonus.",
        """A classic side's match points are the values of the games it won (R-RUBBER-2),
        plus the rubber bonus if it won the rubber. The sides are ranked by those points,
        not by the score of the last game, and both partners share their side's place.""",
    ),
    _r(
        "R-RANK-9", "all", "The winners",
        "The winners are the seats in first place of the standings.",
        """The winners of a match are the players in first place of its standings under the
        match's own ranking system; players tied on top all win. With the zero win on, a
        player who ends on 0 wins even against higher totals. After a concession the
        winners are the side that did not concede.""",
    ),
    # -- seats -------------------------------------------------------------------------
    _r(
        "R-SEAT-1", "all", "A bot may take over a silent seat",
        "A silent seat may be handed to a bot; the record notes the takeover.",
        """When a player stops answering during a match, a bot may play their seat, and the
        player may take it back later. The game itself does not change; the match record
        notes every handover. A bot, like every player, decides only from what that seat
        may see (R-VIEW-1, R-VIEW-2).""",
    ),
    # -- what a player may see ---------------------------------------------------------
    _r(
        "R-VIEW-1", "all", "What a player may know",
        "A player sees their hand, all bids and plays, the scores and the turn-up.",
        """A player knows their own cards, the variant, the schedule and the scores, every
        bid, every card played so far and who played it, the turned-up card, and in classic
        whist that the dealer holds the card shown for trumps. What a player has seen stays
        known: the classic trump card stays known as the dealer's until the dealer plays
        it.""",
    ),
    _r(
        "R-VIEW-2", "all", "What stays hidden",
        "Nobody sees another player's unplayed cards or the undealt ones.",
        """Nobody sees the cards the other players still hold, nor the cards that were not
        dealt. Whatever the public play shows is public: a player who failed to follow suit
        is known to have none of it.""",
    ),
    _r(
        "R-VIEW-3", "exact", "Option: blind 1-card rounds",
        "Option: blind 1-card rounds change what players see, not the rules.",
        """An option, off unless a variant switches it on. In a forehead round each player
        sees every other player's single card but not their own; in a hidden round nobody
        sees any card until it is played, and the bids are made blind. The turned-up card
        stays in view. The legal moves and the scoring do not change, only what each player
        sees.""",
    ),
    _r(
        "R-VIEW-4", "all", "Nothing said shows more than the view",
        "What a player is told never shows a card they cannot see.",
        """Whatever the game tells a player shows no more than that player may see. This
        covers the refusal of a move they tried, any hint, the reason a bot took their seat
        and any analysis while the round is in progress. In a blind round, a player who
        plays their unseen card while the bidding is still going on, or when it is not
        their turn, is refused because of the moment, and is never told which card it
        is.""",
    ),
    # -- honours and rubbers -----------------------------------------------------------
    _r(
        "R-HON-1", "classic", "Honours",
        "Honours (option): all four trump honours score 4, three score 2.",
        """An option of classic whist. The ace, king, queen and jack of trumps are the
        honours. A side whose two hands held all four of them at the deal scores 4 points;
        a side that held exactly three scores 2; honours split two and two score
        nothing.""",
    ),
    _r(
        "R-HON-2", "classic", "Tricks before honours",
        "Tricks score before honours; at one short of the target honours don't count.",
        """A deal's tricks are scored first. If they bring a side to the target, the game is
        over and nobody scores honours for that deal. Otherwise honours count in full and
        may win the game, except for a side that stood one point short of the target when
        the deal began (4 in short whist, 9 in long whist): that side scores no honours. A
        variant may keep the older reading, in which honours never take a side past one
        point short of the target.""",
    ),
    _r(
        "R-HON-3", "classic", "Honours are counted from the deal",
        "Honours are counted from the hands as dealt.",
        """Honours are counted from the hands as they were dealt, for both sides, whether or
        not the cards are played; the dealer's trump card counts for the dealer's side.""",
    ),
    _r(
        "R-RUBBER-1", "classic", "Rubbers",
        "Rubbers (option): best of three games.",
        """An option of classic whist. A rubber is the best of three games: once a side has
        won two, the third is not played.""",
    ),
    _r(
        "R-RUBBER-2", "classic", "Game values and the rubber bonus",
        "A game is worth 3, 2 or 1 by the losers' score; the rubber adds 2.",
        """A game won is worth more the less the losers scored. In short whist (to 5) it is
        worth 3 when the losers have 0, 2 when they have 1 or 2, and 1 when they have 3 or
        4. In long whist (to 10) it is worth 3 when the losers have 0, 2 when they have 1 to
        4, and 1 when they have 5 or more. The winners of the rubber add 2, and the result
        of the rubber is the difference between the two sides' sums.""",
    ),
    _r(
        "R-RUBBER-3", "classic", "Games follow on",
        "Games follow on from 0-0 and the deal keeps moving left.",
        """The games of a rubber follow one another without a break: each starts from 0-0
        and the deal keeps passing to the left. A game played to 7 is valued as long
        whist.""",
    ),
)  # fmt: skip
"""Every rule of the rule book, in its order."""

_BY_ID: Final = {r.id: r for r in RULES}


def rule(rule_id: str, *, lang: str = "en") -> Rule:
    """The rule with this ID (case and spacing forgiven: ``"r-play-2"`` finds R-PLAY-2).

    ``lang="ro"`` gives its title, summary and text in Romanian.

    >>> rule("r-play-2").id
    'R-PLAY-2'
    >>> rule("R-BID-2", lang="ro").summary
    'Restricția împărțitorului: el nu poate face ca licitațiile să dea împreună mărimea mâinii.'
    >>> rule("R-PLAY-99")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: no rule 'R-PLAY-99'; the rules of that part: R-PLAY-1, ...
    """
    check_lang(lang)
    key = rule_id.strip().upper() if isinstance(rule_id, str) else None
    found = _BY_ID.get(key) if key is not None else None
    if found is not None:
        return found.translated(lang)
    part = key.rsplit("-", 1)[0] + "-" if key else None
    near = [r.id for r in RULES if part and r.id.startswith(part)]
    if near:
        raise ConfigurationError(
            _NO_RULE, field="rule", evidence={"rule": excerpt(rule_id), "near": near}
        )
    parts = list(dict.fromkeys(r.id.split("-")[1] for r in RULES))
    raise ConfigurationError(
        _NO_PART, field="rule", evidence={"rule": excerpt(rule_id), "parts": parts}
    )


def switched_off(rule: Rule, variant: Variant, *, lang: str = "en") -> str | None:
    """Why ``variant``'s options leave ``rule`` out (in ``lang``), or None when it applies.

    A rule of the other family is left out too.

    >>> from whist_ro import variants
    >>> switched_off(_BY_ID["R-PLAY-8"], variants.ROMANIAN)
    'off in this variant'
    >>> switched_off(_BY_ID["R-PLAY-5"], variants.ROMANIAN)
    'a rule of classic partnership whist'
    >>> switched_off(_BY_ID["R-PLAY-5"], variants.ROMANIAN, lang="ro")
    'o regulă a whistului clasic în echipe'
    """
    why = _why_off(rule, variant)
    return None if why is None else render(why, lang)


def _why_off(rule: Rule, variant: Variant) -> str | None:
    family = "classic" if variant.is_classic else "exact"
    if rule.family not in ("all", family):
        return _OF_FAMILY[rule.family]
    off = {
        "R-BID-2": not variant.hook,
        "R-PLAY-3": not variant.must_trump,
        "R-PLAY-8": not variant.must_overtrump,
        "R-SCHED-5": variant.schedule is None,
        "R-STREAK-1": variant.streak_bonus == 0,
        "R-RANK-4": not variant.ranking.zero_win,
        "R-HON-1": not variant.honours,
        "R-HON-2": not variant.honours,
        "R-HON-3": not variant.honours,
        "R-RUBBER-1": not variant.rubber,
        "R-RUBBER-2": not variant.rubber,
        "R-RUBBER-3": not variant.rubber,
    }
    sizes_by = schedule_rule(variant)
    if rule.id in ("R-SCHED-1", "R-SCHED-2") and sizes_by == "R-SCHED-5":
        return _PLAYS_HOUSE
    if rule.id == "R-SCHED-1" and sizes_by == "R-SCHED-2":
        return _PLAYS_818
    if rule.id == "R-SCHED-2" and sizes_by != "R-SCHED-2":
        return _NOT_818
    return _OFF if off.get(rule.id, False) else None


def rules_for(variant: Variant) -> tuple[Rule, ...]:
    """The rules that bind ``variant``'s family, in rule-book order.

    >>> from whist_ro import variants
    >>> "R-BID-2" in {r.id for r in rules_for(variants.CLASSIC)}
    False
    """
    family = "classic" if variant.is_classic else "exact"
    return tuple(r for r in RULES if r.family in ("all", family))


def format_rules(variant: Variant, *, lang: str = "en") -> str:
    """The rules of ``variant`` one a line: those that bind it, then those its options leave out.

    Each rule left out says why, so that a reader of the first list knows
    every line of it is a rule of the game being played.

    >>> from whist_ro import variants
    >>> text = format_rules(variants.ROMANIAN)
    >>> print(text.splitlines()[0])
    Rules of romanian (exact-bid family), one a line:
    >>> print(text[text.index("Left out"):])  # doctest: +NORMALIZE_WHITESPACE
    Left out of romanian by its options (they bind other variants):
    R-SCHED-2  8-1-8: ...  [this variant does not play 8-1-8]
    R-SCHED-5  A house schedule: ...  [off in this variant]
    R-PLAY-8   Option: a seat that must trump must beat ... if it can.  [off in this variant]
    R-RANK-4   Zero win (1-8-1, opt-in): ...  [off in this variant]
    >>> print(format_rules(variants.ROMANIAN, lang="ro").splitlines()[0])
    Regulile variantei romanian (familia cu licitație exactă), câte una pe rând:
    """
    binding = [render(_LIST_HEAD[variant.is_classic], lang, variant=variant.name)]
    left_out: list[str] = []
    for r in rules_for(variant):
        why = switched_off(r, variant, lang=lang)
        line = f"{r.id:<11}{r.translated(lang).summary}"
        if why is None:
            binding.append(line)
        else:
            left_out.append(f"{line}  [{why}]")
    if left_out:
        binding += ["", render(_OFF_HEAD, lang, variant=variant.name), *left_out]
    return "\n".join(binding)


def format_rule(
    rule_id: str, variant: Variant | None = None, *, width: int = 78, lang: str = "en"
) -> str:
    """One rule in full: its ID and title, the games it binds, its text wrapped to ``width``.

    With a ``variant``, a last line says whether the rule binds it.
    ``lang="ro"`` writes it in Romanian.

    >>> from whist_ro import variants
    >>> print(format_rule("R-PLAY-2", variants.CLASSIC, width=60))
    R-PLAY-2  Follow suit
    Applies to every variant.
    A player who holds a card of the suit that was led must play
    a card of that suit. Which one is up to them: there is no
    duty to play a high one (R-PLAY-4).
    In classic: it applies.
    """
    found = rule(rule_id, lang=lang)
    lines = [f"{found.id}  {found.title}"]
    family = render(_FAMILY_NAMES[found.family], lang)
    lines += textwrap.wrap(render(_APPLIES_TO, lang, family=family), width=width)
    lines += textwrap.wrap(found.text, width=width)
    if variant is not None:
        why = switched_off(found, variant, lang=lang)
        if why is None:
            verdict = render(_APPLIES, lang, variant=variant.name)
        else:
            verdict = render(_LEFT_OUT, lang, variant=variant.name, why=why)
        lines += textwrap.wrap(verdict, width=width)
    return "\n".join(lines)
