"""The bots: LowRisk pinned to the issue's text, RuleBot's and SearchBot's rules, legality,
determinism, the classic partnership rule and SearchBot's budgets.

Every LowRisk expectation below was worked out by hand from the issue's
definition (bid: plain aces + trump ace and king + (trumps - 2) above two,
capped, stepped off the hook; play: owing, the least dangerous winner, else
the least dangerous card; not owing, the most dangerous card that cannot
win, else the least dangerous; danger = trump first, then rank; ties to the
lowest rank, then clubs, diamonds, hearts, spades).
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import whist_ro as wr
from whist_ro import Bid, Card, CardSet, Play, Round, Suit, variants
from whist_ro.bots import LowRiskBot, RandomBot, RuleBot, SearchBot, search_bot
from whist_ro.bots.lowrisk import lowrisk_bid, lowrisk_card
from whist_ro.errors import ConfigurationError, OutOfTurnError
from whist_ro.rules.play import beats

SPADES = int(Suit.SPADES)


def bits(text: str) -> int:
    return CardSet.parse(text).mask


def card(text: str) -> int:
    return Card.parse(text).bit


def name(bit: int) -> str:
    return str(Card.from_bit(bit))


# -- LowRisk: the bid ------------------------------------------------------------


def test_lowrisk_bid_counts_plain_aces_trump_ace_king_and_long_trumps() -> None:
    # Ah (plain ace) 1 + As 1 + Ks 1 + four trumps: 4 - 2 = 2; the 8d adds nothing.
    assert lowrisk_bid(bits("As Ks 9s 7s Ah 8d"), trump=SPADES, hand_size=6, forbidden=None) == 5


def test_lowrisk_bid_two_trumps_add_no_length() -> None:
    # As 1 + 7s 0 (exactly two trumps: no length bonus) + Ad 1; Ks absent.
    assert lowrisk_bid(bits("As 7s Ad Kh"), trump=SPADES, hand_size=4, forbidden=None) == 2


def test_lowrisk_bid_without_trump_counts_every_ace() -> None:
    # An 8-card round has no trump: all four aces are "outside trumps".
    hand = bits("As Ah Ad Ac Ks Kh Kd Kc")
    assert lowrisk_bid(hand, trump=None, hand_size=8, forbidden=None) == 4


def test_R_BID_2_lowrisk_steps_down_from_a_forbidden_bid() -> None:
    assert lowrisk_bid(bits("As Ks 9s 7s Ah 8d"), trump=SPADES, hand_size=6, forbidden=5) == 4


def test_R_BID_2_lowrisk_steps_up_from_a_forbidden_zero() -> None:
    assert lowrisk_bid(bits("7h"), trump=SPADES, hand_size=1, forbidden=0) == 1


def test_lowrisk_bid_is_capped_at_the_hand_size() -> None:
    # Four aces counted with trump None, but the hand size given is 3.
    assert lowrisk_bid(bits("As Ah Ad Ac"), trump=None, hand_size=3, forbidden=None) == 3


def test_R_BID_2_lowrisk_bot_reads_the_hook_from_its_view() -> None:
    # 3 players, 24 cards (9-A).  Dealer 0; seat 1 bids 1, seat 2 bids 0: the dealer
    # may not bid 3 - 1 = 2.  Its count for "As Ks Ah": Ah 1 + As 1 + Ks 1 = 3, allowed.
    r = Round.from_hands(
        variants.ROMANIAN, hands=["As Ks Ah", "Qh Jh 9c", "Kd Qd Jd"], dealer=0, turn_up="10s"
    )
    r = r.apply(Bid(seat=1, tricks=1)).apply(Bid(seat=2, tricks=0))
    assert LowRiskBot().act(r.view(0)) == Bid(seat=0, tricks=3)
    # Without the plain ace its count is 2, the forbidden bid: it steps down to 1.
    r = Round.from_hands(
        variants.ROMANIAN, hands=["As Ks 9h", "Qh Jh 9c", "Kd Qd Jd"], dealer=0, turn_up="10s"
    )
    r = r.apply(Bid(seat=1, tricks=1)).apply(Bid(seat=2, tricks=0))
    assert LowRiskBot().act(r.view(0)) == Bid(seat=0, tricks=1)


# -- LowRisk: the card -------------------------------------------------------------


@pytest.mark.parametrize(
    ("legal", "best", "owes", "expected"),
    [
        # Owing, able to win: the least dangerous card that beats the Jh.
        ("Kh 10h 8h", "Jh", True, "Kh"),
        # Owing, unable to win (the Ah leads the trick): the least dangerous card.
        ("Kh 10h 8h", "Ah", True, "8h"),
        # Not owing: the most dangerous card that cannot win.
        ("Kh 10h 8h", "Jh", False, "10h"),
        # Not owing, every card wins: the least dangerous.
        ("Kh 10h", "9h", False, "10h"),
        # Not owing, all lose (a trump leads): a trump is more dangerous than any plain card.
        ("7s Ah", "8s", False, "7s"),
        # Ties of danger go to the suit order clubs, diamonds, hearts, spades.
        ("10h 10d 8c", "9s", False, "10d"),
        ("9h 9c Jd", "7s", True, "9c"),
    ],
)
def test_lowrisk_card_corners(legal: str, best: str, owes: bool, expected: str) -> None:
    got = lowrisk_card(bits(legal), best=card(best), trump=SPADES, owes=owes)
    assert name(got) == expected


@pytest.mark.parametrize("owes", [True, False])
def test_lowrisk_card_on_lead_plays_the_least_dangerous_card(owes: bool) -> None:
    # On lead every card can win: both branches give the least dangerous card, the 8d.
    got = lowrisk_card(bits("As 7s Ah 8d"), best=-1, trump=SPADES, owes=owes)
    assert name(got) == "8d"


def _heart_trick(dealer_bid: int) -> Round:
    # 3 players; dealer 0, so seat 1 leads.  Seat 1 leads Jh, seat 2 must follow Qh.
    r = Round.from_hands(
        variants.ROMANIAN, hands=["Kh 10h 9c", "Jh Ac Qd", "Qh Qs Kd"], dealer=0, turn_up="9s"
    )
    r = r.apply(Bid(seat=1, tricks=1)).apply(Bid(seat=2, tricks=0))
    r = r.apply(Bid(seat=0, tricks=dealer_bid))
    return r.apply(Play(seat=1, card="Jh")).apply(Play(seat=2, card="Qh"))


def test_lowrisk_bot_owing_wins_cheaply() -> None:
    assert LowRiskBot().act(_heart_trick(1).view(0)) == Play(seat=0, card="Kh")


def test_lowrisk_bot_made_sheds_its_most_dangerous_loser() -> None:
    assert LowRiskBot().act(_heart_trick(0).view(0)) == Play(seat=0, card="10h")


def test_lowrisk_refuses_classic() -> None:
    m = wr.Match.new(variants.CLASSIC, players=4, seed=1)
    with pytest.raises(ConfigurationError, match="exact-bid family only"):
        LowRiskBot().act(m.view(0))


@pytest.mark.parametrize("bot", [LowRiskBot(), RuleBot(), SearchBot(seed=1, samples=2)])
def test_R_PLAY_7_bots_refuse_to_act_out_of_turn(bot: object) -> None:
    m = wr.Match.new(variants.ROMANIAN, players=4, seed=1)
    other = (m.round.to_act + 1) % 4  # type: ignore[operator]
    with pytest.raises(OutOfTurnError, match="nothing to choose"):
        bot.act(m.view(other))  # type: ignore[attr-defined]


# -- RuleBot ----------------------------------------------------------------------


def test_rulebot_owing_leads_a_sure_winner() -> None:
    # Seat 0 bid 1 and holds the trump ace: nothing can beat it, so it leads it.
    r = Round.from_hands(variants.ROMANIAN, hands=["As 9h", "Ah Qs", "Qd 9d"], dealer=2,
                         turn_up="10s")  # fmt: skip
    for b in (1, 1, 1):
        r = r.apply(Bid(seat=r.to_act, tricks=b))  # type: ignore[arg-type]
    assert RuleBot().act(r.view(0)) == Play(seat=0, card="As")


def test_rulebot_made_dumps_its_highest_card_when_last_and_forced_to_win() -> None:
    # Seat 0 bid 0, is last to play a heart trick it must win (Kh or Ah): it sheds the Ah.
    r = Round.from_hands(
        variants.ROMANIAN, hands=["Ah Kh 9c", "Jh Ac Qd", "Qh Qs Kd"], dealer=0, turn_up="9s"
    )
    r = r.apply(Bid(seat=1, tricks=1)).apply(Bid(seat=2, tricks=1)).apply(Bid(seat=0, tricks=0))
    r = r.apply(Play(seat=1, card="Jh")).apply(Play(seat=2, card="Qh"))
    assert RuleBot().act(r.view(0)) == Play(seat=0, card="Ah")


def test_rulebot_made_ducks_under_the_winner() -> None:
    assert RuleBot().act(_heart_trick(0).view(0)) == Play(seat=0, card="10h")


def test_rulebot_owing_wins_last_in_the_trick_cheaply() -> None:
    assert RuleBot().act(_heart_trick(1).view(0)) == Play(seat=0, card="Kh")


# -- classic: never overtake a partner's winning card ----------------------------------


def _classic_partner_winning() -> Round:
    hearts = ["Qh Jh 10h 9h", "2h 4h 5h 6h", "Kh 3h 7h 8h", "Ah"]
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    rest = [rank + suit for suit in "sdc" for rank in ranks]
    hands = []
    for h in hearts:
        cards = h.split()
        while len(cards) < 13:
            cards.append(rest.pop())
        hands.append(" ".join(cards))
    turn_up = hands[3].split()[-1]
    r = Round.from_hands(variants.CLASSIC, hands=hands, dealer=3, turn_up=turn_up)
    return r.apply(Play(seat=0, card="Qh")).apply(Play(seat=1, card="2h"))


@pytest.mark.parametrize("bot", [RuleBot(), SearchBot(seed=3, samples=4)])
def test_classic_bots_never_overtake_a_partners_winning_card(bot: object) -> None:
    r = _classic_partner_winning()
    action = bot.act(r.view(2))  # type: ignore[attr-defined]
    assert isinstance(action, Play)
    assert action.card is not None
    assert str(action.card) in {"3h", "7h", "8h"}  # never the Kh over the partner's Qh
    assert not beats(action.card.bit, Card.parse("Qh").bit, int(r.trump))  # type: ignore[arg-type]


# -- legality over many random states, every preset -----------------------------------

EXACT = [
    variants.ROMANIAN,
    variants.INVERTED,
    variants.ROMANIAN_FOREHEAD,
    variants.ROMANIAN_HIDDEN,
]


def _states(variant: wr.Variant, players: int, seed: int, every: int) -> list[wr.Match]:
    """States of a random match, one in ``every``."""
    rng = random.Random(seed)
    m = wr.Match.new(variant, players=players, seed=seed)
    out = []
    k = 0
    while not m.is_over:
        if k % every == 0:
            out.append(m)
        k += 1
        m = m.apply(rng.choice(m.legal_actions()))
    return out


@pytest.mark.parametrize("variant", [*EXACT, variants.CLASSIC], ids=lambda v: v.name)
def test_bots_always_act_legally(variant: wr.Variant) -> None:
    bots: list[object] = [RuleBot(), SearchBot(seed=5, samples=2)]
    if not variant.is_classic:
        bots.append(LowRiskBot())
    counts = [4] if variant.is_classic else [3, 4, 5]
    for players in counts:
        for m in _states(variant, players, seed=players, every=5):
            view = m.view(m.to_act)  # type: ignore[arg-type]
            legal = view.legal_actions
            for bot in bots[:-1] if variant.is_classic else bots:
                assert bot.act(view) in legal  # type: ignore[attr-defined]
            if m.to_act is not None and len(m.history) % 15 == 0:
                assert bots[1].act(view) in legal  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [3, 4, 6])
def test_rule_and_lowrisk_bots_play_whole_matches(players: int) -> None:
    agents = [RuleBot() if s % 2 else LowRiskBot() for s in range(players)]
    table = wr.Table(variants.ROMANIAN, agents=agents, seed=players)
    m = table.run()
    assert m.is_over
    assert table.takeovers == ()


# -- determinism ------------------------------------------------------------------------


def _play_round(bots: list[SearchBot], seed: int) -> list[wr.Action]:
    r = Round.shuffled(variants.ROMANIAN, players=4, dealer=0, hand_size=5, seed=seed)
    actions = []
    while not r.is_over:
        seat = r.to_act
        assert seat is not None
        action = bots[seat].act(r.view(seat))
        actions.append(action)
        r = r.apply(action)
    return actions


def test_searchbot_is_deterministic_for_a_seed() -> None:
    first = _play_round([SearchBot(seed=s, samples=3) for s in range(4)], seed=9)
    again = _play_round([SearchBot(seed=s, samples=3) for s in range(4)], seed=9)
    assert first == again


def test_rule_and_lowrisk_bots_are_deterministic() -> None:
    for make in (RuleBot, LowRiskBot):
        a = wr.Table(variants.ROMANIAN, agents=[make() for _ in range(4)], seed=3).run()
        b = wr.Table(variants.ROMANIAN, agents=[make() for _ in range(4)], seed=3).run()
        assert a.history == b.history


# -- SearchBot's budget -----------------------------------------------------------------


def _mid_round_view() -> wr.PlayerView:
    r = Round.shuffled(variants.ROMANIAN, players=4, dealer=0, hand_size=6, seed=2)
    while len(r.legal_actions()) < 3 or r.phase is not wr.Phase.PLAYING:
        r = r.apply(r.legal_actions()[0])
    return r.view(r.to_act)  # type: ignore[arg-type]


def test_searchbot_counted_budget_sets_the_rollouts() -> None:
    view = _mid_round_view()
    choices = len(view.legal_actions)
    bot = SearchBot(seed=1, samples=7, rollouts=3, policy="random")
    bot.act(view)
    assert bot.stats.decisions == 1
    assert bot.stats.rollouts == 7 * 3 * choices


class _Clock:
    """A ``time`` for the SearchBot module whose ``perf_counter`` moves only when told."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


def test_searchbot_time_budget_keeps_sampling_until_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    # The bot's clock moves by a quarter of a second per round of samples, whatever the
    # machine's speed: a 750 ms budget is spent by exactly three rounds.
    clock = _Clock()
    monkeypatch.setattr(search_bot, "time", clock)
    score = SearchBot._score

    def timed(self: SearchBot, *args: Any) -> int:
        clock.now += 0.25
        return score(self, *args)

    monkeypatch.setattr(SearchBot, "_score", timed)
    view = _mid_round_view()
    bot = SearchBot(seed=1, samples=2, rollouts=3, ms=750)
    bot.act(view)
    assert bot.stats.rollouts == 3 * 2 * 3 * len(view.legal_actions)
    assert bot.stats.seconds == 0.75


def test_searchbot_time_budget_is_spent_on_the_real_clock() -> None:
    view = _mid_round_view()
    bot = SearchBot(seed=1, samples=2, ms=30)
    start = time.perf_counter()
    bot.act(view)
    assert time.perf_counter() - start >= 0.03  # at least the budget: a slow machine takes more
    assert bot.stats.rollouts >= 2 * len(view.legal_actions)
    assert bot.stats.seconds >= 0.03


def test_searchbot_solves_the_last_tricks_exactly() -> None:
    r = Round.shuffled(variants.ROMANIAN, players=4, dealer=0, hand_size=3, seed=4)
    while r.phase is not wr.Phase.PLAYING or len(r.remaining[r.to_act]) > 2:  # type: ignore[index]
        r = r.apply(r.legal_actions()[0])
    bot = SearchBot(seed=1, samples=5, solve=2)
    assert bot.act(r.view(r.to_act)) in r.legal_actions()  # type: ignore[arg-type]
    if len(r.legal_actions()) > 1:
        assert bot.stats.rollouts == 0
        assert bot.stats.solved > 0


def _classic_position(rng: random.Random, tricks: tuple[int, ...]) -> Round:
    r = Round.shuffled(
        variants.CLASSIC, players=4, dealer=rng.randrange(4), hand_size=13, seed=rng.getrandbits(40)
    )
    size, mid_trick = rng.choice(tricks), rng.random() < 0.5
    while max(len(h) for h in r.remaining) > size or bool(r.current_trick.cards) is not mid_trick:
        r = r.apply(rng.choice(r.legal_actions()))
    return r


def test_searchbot_solves_a_classic_endgame_for_its_side_by_default() -> None:
    """Classic whist: the last 4 tricks are solved double dummy, not rolled out."""
    rng = random.Random(44)
    bot = SearchBot(seed=2, samples=4)
    searched = 0
    for _ in range(10):
        r = _classic_position(rng, (3, 4))
        seat = r.to_act
        assert seat is not None
        before = (bot.stats.decisions, bot.stats.rollouts)
        assert bot.act(r.view(seat)) in r.legal_actions()
        if bot.stats.decisions > before[0]:
            searched += 1
            assert bot.stats.rollouts == before[1]
    assert searched > 0
    assert bot.stats.solved > 0


def test_the_classic_endgame_search_gives_the_sides_the_tricks_of_max_n() -> None:
    """The double-dummy search for the side and max-n with the side's points agree."""
    rng = random.Random(45)
    for _ in range(150):
        r = _classic_position(rng, (1, 2, 3))
        seat = r.to_act
        assert seat is not None
        by_max_n = search_bot._solve(r, search_bot._Scorer(r.view(seat), 0.5))
        by_sides = search_bot._SideSearch(r, seat).tricks(r)
        assert sum(by_sides) == sum(by_max_n) == 13
        partner = (seat + 2) % 4
        assert by_sides[seat] + by_sides[partner] == by_max_n[seat] + by_max_n[partner]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"samples": 0}, "samples"),
        ({"samples": True}, "samples"),
        ({"rollouts": 1.5}, "rollouts"),
        ({"ms": 0}, "ms"),
        ({"ms": "fast"}, "ms"),
        ({"policy": "clever"}, "policy"),
        ({"others": "clever"}, "others"),
        ({"solve": 9}, "solve"),
        ({"spite": 2}, "spite"),
    ],
)
def test_searchbot_refuses_bad_budgets(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(ConfigurationError) as info:
        SearchBot(**kwargs)  # type: ignore[arg-type]
    assert info.value.field == field


def test_searchbot_others_none_is_its_policy_for_every_seat() -> None:
    m = wr.Match.new(wr.variants.ROMANIAN, players=4, seed=4)
    mine = SearchBot(seed=2, samples=4, others=None)
    same = SearchBot(seed=2, samples=4, others="greedy")
    for _ in range(30):
        if m.is_over:
            break
        view = m.view(m.to_act)  # type: ignore[arg-type]
        action = mine.act(view)
        assert action == same.act(view)
        m = m.apply(action)
    assert "others='lowrisk'" in repr(SearchBot())


def test_bots_take_over_a_seat_in_the_table() -> None:
    class Broken:
        def act(self, view: wr.PlayerView) -> wr.Action:
            raise RuntimeError("gone")

    agents: list[wr.Agent] = [Broken(), RuleBot(), RuleBot(), RuleBot()]
    table = wr.Table(variants.ROMANIAN, agents=agents, seed=2, fallback=LowRiskBot())
    m = table.run()
    assert m.is_over
    assert table.takeovers
    assert table.takeovers[0].seat == 0


def test_random_bot_is_still_exported() -> None:
    assert RandomBot(seed=1).act(_mid_round_view()) in _mid_round_view().legal_actions
