"""SearchBot: determinised search over sampled deals, rollouts on the playout kernels.

At each decision with a choice the bot

1. samples ``samples`` deals of the hidden cards, uniformly among those its
   view allows (:meth:`PlayerView.sample <whist_ro.views.PlayerView.sample>`);
   or, with ``inference=k`` above 1, weighed by the bids: it draws ``k``
   times as many deals and keeps ``samples`` of them, each with a chance in
   proportion to how likely the other seats' bids were with the hands it
   gives them (:mod:`whist_ro.bots.inference`).  Off by default: against
   LowRiskBots it measured no gain (docs/bots.md);
2. for each legal action, plays every sampled deal to the end of the round
   ``rollouts`` times on the playout kernels (:func:`whist_ro.sim.playouts`,
   one batch per action over the same deals, so the actions are compared
   on equal cards), or solves it exactly when at most ``solve`` tricks
   remain: in the exact-bid family every seat then plays the card that is
   best for itself (max-n, the value of step 3 for every seat); in classic
   whist the two sides play perfectly against each other (double dummy,
   :func:`whist_ro.solve.double_dummy`'s search, for the bot's side).  In
   the rollouts its own seat plays ``policy`` and the other seats
   ``others`` (by default ``"lowrisk"``: they bid and play as
   :class:`~whist_ro.bots.LowRiskBot` does; ``others=None`` gives every
   seat ``policy``);
3. scores each game for its seat: the round's points plus the streak bonus
   the round would pay (R-SCORE-*, R-STREAK-*), less ``spite`` times the
   mean of the other seats' (so breaking a bid counts too); in classic
   whist, its side's points and tricks;
4. takes the action with the best mean.

The budget is counted (``samples`` deals, ``rollouts`` per deal and action)
and then the choices are deterministic for a seed; or it is a time budget
``ms`` per decision, which samples in rounds of ``samples`` deals until the
time is spent: faster or slower machines then choose differently, so a
time budget is not deterministic.  :attr:`SearchBot.stats` counts
decisions, rollouts and seconds.

In a forehead round (R-VIEW-3: one card each, every other card shown, its
own hidden) a bid is searched over every deal the view allows, once each:
one per card the seat may hold (the others are shown, and the undealt
pile does not play), so the bid rests on the exact chance of each
outcome, not on a sample of it, whatever ``samples`` says.

In classic whist the bot never overtakes a partner's winning card when it
holds a card that does not.

>>> import whist_ro as wr
>>> m = wr.Match.new(wr.variants.ROMANIAN, players=4, seed=2)
>>> bot = SearchBot(seed=1, samples=8)
>>> action = bot.act(m.view(m.to_act))
>>> action in m.legal_actions(), action == SearchBot(seed=1, samples=8).act(m.view(m.to_act))
(True, True)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from whist_ro import sim
from whist_ro._check import excerpt, rng_of, whole
from whist_ro.actions import Play
from whist_ro.bots._common import nothing_to_choose, trump_number
from whist_ro.bots.inference import BID_MODEL, weigh_deals
from whist_ro.cards import CardSet, iter_bits
from whist_ro.engine.match import Match
from whist_ro.engine.round import Phase, Round
from whist_ro.engine.tricks import trick_winner
from whist_ro.errors import ConfigurationError
from whist_ro.rules.play import beats, playable_cards, suit_of, trick_winner_index
from whist_ro.rules.scoring import advance_runs, partner_of, round_points
from whist_ro.solve._search import tricks_left
from whist_ro.solve.exact import position_of, search_for
from whist_ro.views.sample import unseen_cards

if TYPE_CHECKING:
    from collections.abc import Sequence

    from whist_ro._check import Seed
    from whist_ro.actions import Action
    from whist_ro.views.view import PlayerView

__all__ = ["SearchBot", "SearchStats"]

_MAX_SAMPLES: Final = 100_000
_MAX_ROLLOUTS: Final = 10_000
_MAX_SOLVE: Final = 4
# The tricks left at which the rest is solved exactly, by default: max-n (the exact-bid
# family) has no pruning and grows about 30 times a trick (4 players: 3 ms a deal at 3
# tricks left, 118 ms at 4); the classic sides' search, with its transposition table,
# takes 0.4 ms at 4 (medians, docs/bots.md).
_SOLVE_DEFAULT: Final = 2
_SOLVE_CLASSIC: Final = 4
_MAX_INFERENCE: Final = 100


@dataclass
class SearchStats:
    """What a :class:`SearchBot` has done: decisions searched, rollouts, seconds.

    >>> s = SearchStats(decisions=4, rollouts=400, solved=0, seconds=0.2)
    >>> s.decisions_per_second, s.rollouts_per_decision
    (20.0, 100.0)
    """

    decisions: int = 0
    rollouts: int = 0
    solved: int = 0
    seconds: float = 0.0

    @property
    def decisions_per_second(self) -> float:
        """Decisions searched per second of thinking (0 before the first)."""
        return self.decisions / self.seconds if self.seconds else 0.0

    @property
    def rollouts_per_decision(self) -> float:
        """Kernel playouts per searched decision (exact solves not counted)."""
        return self.rollouts / self.decisions if self.decisions else 0.0


def _count(value: object, name: str, low: int, high: int) -> int:
    return whole(value, name=f"SearchBot {name}", low=low, high=high, field=name)


class SearchBot:
    """Determinised search with kernel rollouts (see the module text).

    ``samples`` deals per decision (or per round of sampling under a time
    budget), ``rollouts`` kernel playouts per deal and action (with the
    deterministic ``"greedy"`` policy one is enough), ``ms`` an optional time
    budget per decision, ``policy`` the kernel policy (:data:`whist_ro.sim.POLICIES`)
    its own seat plays in the rollouts, ``others`` the one the other seats
    play (None: ``policy`` too),
    ``solve`` the number of tricks left at or below which the rest is solved
    exactly instead of rolled out (None: 2 in the exact-bid family, 4 in classic
    whist, whose sides are solved double dummy), ``spite`` the weight of the other seats'
    mean score, ``inference`` the deals drawn per deal kept, to weigh them by
    the bids (1: uniform samples, no inference).

    >>> SearchBot(samples=0)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: SearchBot samples must be a whole number from 1 ...
    """

    __slots__ = (
        "_inference",
        "_ms",
        "_others",
        "_policy",
        "_rng",
        "_rollouts",
        "_samples",
        "_solve",
        "_spite",
        "stats",
    )

    def __init__(
        self,
        *,
        seed: Seed | None = None,
        samples: int = 64,
        rollouts: int = 1,
        ms: float | None = None,
        policy: str = "greedy",
        others: str | None = "lowrisk",
        solve: int | None = None,
        spite: float = 0.5,
        inference: int = 1,
    ) -> None:
        self._rng = random.Random() if seed is None else rng_of(seed)
        self._samples = _count(samples, "samples", 1, _MAX_SAMPLES)
        self._rollouts = _count(rollouts, "rollouts", 1, _MAX_ROLLOUTS)
        self._solve = None if solve is None else _count(solve, "solve", 0, _MAX_SOLVE)
        self._inference = _count(inference, "inference", 1, _MAX_INFERENCE)
        if ms is not None and (
            isinstance(ms, bool) or not isinstance(ms, (int, float)) or not 0 < ms <= 60_000
        ):
            raise ConfigurationError(
                f"SearchBot ms must be a number of milliseconds above 0 and at most 60000, "
                f"or None, not {excerpt(ms)}",
                field="ms",
            )
        self._ms = None if ms is None else float(ms)
        if policy not in sim.POLICIES:
            raise ConfigurationError(
                f"SearchBot policy must be one of {', '.join(sim.POLICIES)}, not {excerpt(policy)}",
                field="policy",
            )
        self._policy = policy
        if others is not None and others not in sim.POLICIES:
            raise ConfigurationError(
                f"SearchBot others must be one of {', '.join(sim.POLICIES)} or None, "
                f"not {excerpt(others)}",
                field="others",
            )
        self._others = others
        if isinstance(spite, bool) or not isinstance(spite, (int, float)) or not 0 <= spite <= 1:
            raise ConfigurationError(
                f"SearchBot spite must be a number from 0 to 1, not {excerpt(spite)}",
                field="spite",
            )
        self._spite = float(spite)
        self.stats = SearchStats()

    def act(self, view: PlayerView) -> Action:
        """The action with the best mean score over the sampled deals."""
        legal = view.legal_actions
        if not legal:
            raise nothing_to_choose("SearchBot", view)
        # One draw per decision, even a forced one, keeps the generator's
        # sequence independent of how many choices were forced.
        seed = self._rng.getrandbits(64)
        if len(legal) == 1:
            return legal[0]
        candidates = _candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        start = time.perf_counter()
        rng = random.Random(seed)
        scorer = _Scorer(view, self._spite)
        totals = [0.0] * len(candidates)
        games = 0
        every = _forehead_deals(view)
        if every:  # every deal once: the search is exact, so no time is spent on more
            self._score(every, candidates, scorer, rng, totals)
            self.stats.decisions += 1
            self.stats.seconds += time.perf_counter() - start
            return candidates[max(range(len(candidates)), key=lambda i: (totals[i], -i))]
        deadline = None if self._ms is None else start + self._ms / 1000
        first = view.sample(rng)
        base: Round = first.round if isinstance(first, Match) else first
        round_view = base.view(view.seat)  # sampling a round is far cheaper than a match
        while True:
            deals = self._draw(round_view, rng)
            games += self._score(deals, candidates, scorer, rng, totals)
            if deadline is None or time.perf_counter() >= deadline:
                break
        self.stats.decisions += 1
        self.stats.seconds += time.perf_counter() - start
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _draw(self, view: PlayerView[Round], rng: random.Random) -> list[Round]:
        """``samples`` deals the view allows, resampled by the bids' likelihood (see the module)."""
        n = self._samples
        if self._inference == 1 or not _bids_to_read(view):
            return [view.sample(rng) for _ in range(n)]
        pool = [view.sample(rng) for _ in range(n * self._inference)]
        weights = weigh_deals(pool, seat=view.seat, model=BID_MODEL)
        # Systematic resampling: one random offset, then evenly spaced picks along the
        # running total, so a deal of twice the weight is kept about twice as often.
        total = sum(weights)
        step = total / n
        point = rng.random() * step
        kept: list[Round] = []
        running = 0.0
        for deal, weight in zip(pool, weights, strict=True):
            running += weight
            while point < running and len(kept) < n:
                kept.append(deal)
                point += step
        while len(kept) < n:  # rounding at the very end of the running total
            kept.append(pool[-1])
        return kept

    def _score(
        self,
        deals: list[Round],
        candidates: Sequence[Action],
        scorer: _Scorer,
        rng: random.Random,
        totals: list[float],
    ) -> int:
        playing = deals[0].phase.name == "PLAYING"
        solve = self._solve
        if solve is None:
            solve = _SOLVE_CLASSIC if scorer.classic else _SOLVE_DEFAULT
        exact = playing and len(deals[0].remaining[scorer.seat]) <= solve
        kernel_seed = rng.getrandbits(64)
        # One search per deal for every candidate: they share its transposition table.
        searches = [_SideSearch(r, scorer.seat) for r in deals] if exact and scorer.classic else []
        policy: str | tuple[str, ...] = self._policy
        if self._others is not None:
            policy = tuple(
                self._policy if s == scorer.seat else self._others for s in range(scorer.players)
            )
        for i, action in enumerate(candidates):
            after = [r.apply_legal(action) for r in deals]
            if after[0].is_over:
                totals[i] += sum(scorer.value(r.bids, r.tricks_won) for r in after)
                continue
            if searches:
                for r, search in zip(after, searches, strict=True):
                    totals[i] += scorer.value(r.bids, search.tricks(r))
                self.stats.solved += len(after)
                continue
            if exact:
                for r in after:
                    totals[i] += scorer.value(r.bids, _solve(r, scorer))
                self.stats.solved += len(after)
                continue
            n = self._rollouts
            masks = [tuple(h.mask for h in r.remaining) for r in after for _ in range(n)]
            out = sim.playouts(after[0], len(masks), deals=masks, policy=policy, rng=kernel_seed)
            self.stats.rollouts += len(masks)
            totals[i] += scorer.batch(out) / n
        return len(deals)

    def __repr__(self) -> str:
        budget = f"ms={self._ms:g}" if self._ms is not None else f"samples={self._samples}"
        return (
            f"SearchBot({budget}, rollouts={self._rollouts}, policy={self._policy!r}, "
            f"others={self._others!r}, solve={self._solve!r}, spite={self._spite:g}, "
            f"inference={self._inference})"
        )


def _bids_to_read(view: PlayerView) -> bool:
    """Whether another seat has bid with a hand it saw (not classic, not a blind round)."""
    if view.variant.is_classic or view.blind is not None:
        return False
    return any(b is not None for s, b in enumerate(view.bids) if s != view.seat)


def _forehead_deals(view: PlayerView) -> list[Round]:
    """Every deal a forehead round's bid may be made in, once each; empty for any other view.

    The other seats' cards are shown (R-VIEW-3), so a deal is fixed by the
    seat's own card, any card it has not seen; the undealt pile plays no
    part in a 1-card round.  Each deal has the view's bids made already.
    """
    if view.blind != "forehead" or view.phase is not Phase.BIDDING or view.hand_size != 1:
        return []
    seat = view.seat
    known = [h.mask for h in view.known_hands]
    if any(known[s].bit_count() != 1 for s in range(view.players) if s != seat):
        return []
    # The dealer may see its own card too (a turn-up it holds): then that is the one.
    deals = []
    for bit in iter_bits(known[seat] or unseen_cards(view)):
        known[seat] = 1 << bit
        r = Round.from_hands(
            view.variant,
            hands=[CardSet.from_mask(mask) for mask in known],
            dealer=view.dealer,
            turn_up=view.turn_up,
        )
        for action in view.actions:
            r = r.apply(action)
        deals.append(r)
    return deals


def _candidates(view: PlayerView, legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """The actions worth searching: in classic, none that overtakes a partner's winning card."""
    if not view.variant.is_classic or not isinstance(legal[0], Play):
        return legal
    trick = view.current_trick
    if not trick.cards:
        return legal
    winner = trick_winner(trick, view.trump)  # R-PLAY-6
    if winner != partner_of(view.seat):
        return legal
    best = trick.cards[(winner - trick.leader) % view.players].bit
    t = trump_number(view)
    under = tuple(
        a
        for a in legal
        if isinstance(a, Play) and a.card is not None and not beats(a.card.bit, best, t)
    )
    return under or legal


class _Scorer:
    """Scores finished rounds for one seat: points, streak bonus, spite."""

    __slots__ = ("bonus", "classic", "players", "seat", "spite", "variant")

    def __init__(self, view: PlayerView, spite: float) -> None:
        self.seat = view.seat
        self.players = view.players
        self.variant = view.variant
        self.classic = view.variant.is_classic
        self.spite = spite
        # The bonus each seat would earn by making / missing its bid this round.
        self.bonus: list[tuple[int, int]] = [(0, 0)] * view.players
        sheet = view.score_sheet
        if sheet is not None and not self.classic and view.variant.streak_bonus:
            runs: tuple[int, ...] = (0,) * view.players
            for row in sheet:
                made = tuple(x.bid == x.tricks for x in row.seats)
                runs, _ = advance_runs(view.variant, runs, made=made, hand_size=row.hand_size)
            players = view.players
            for s in range(players):
                if_made = advance_runs(
                    view.variant, runs, made=(True,) * players, hand_size=view.hand_size
                )[1]
                if_missed = advance_runs(
                    view.variant, runs, made=(False,) * players, hand_size=view.hand_size
                )[1]
                self.bonus[s] = (if_made[s], if_missed[s])

    def points(self, bids: Sequence[int | None], won: Sequence[int]) -> list[float]:
        base = round_points(self.variant, bids=bids, tricks=won)
        if self.classic:
            # Tricks count a little too, so the search prefers more of them short of 7.
            return [base[s] + 0.1 * (won[s] + won[partner_of(s)]) for s in range(self.players)]
        # The streak bonus each seat would earn or lose by this round.
        return [base[s] + self.bonus[s][0 if bids[s] == won[s] else 1] for s in range(self.players)]

    def value(self, bids: Sequence[int | None], won: Sequence[int]) -> float:
        pts = self.points(bids, won)
        mine = pts[self.seat]
        if self.classic or self.players < 2:
            return mine
        others = (sum(pts) - mine) / (self.players - 1)
        return mine - self.spite * others

    def batch(self, outcomes: sim.Outcomes) -> float:
        cache: dict[tuple[tuple[int | None, ...], tuple[int, ...]], float] = {}
        total = 0.0
        for o in outcomes:
            key = (o.bids, o.tricks_won)
            v = cache.get(key)
            if v is None:
                v = cache[key] = self.value(*key)
            total += v
        return total


class _SideSearch:
    """Classic whist: the tricks each seat ends a deal with, both sides perfect.

    The bot's side is searched double dummy (:mod:`whist_ro.solve`'s search,
    which :func:`whist_ro.solve.double_dummy` asks); only the sides' totals
    score in classic, so the side's tricks to come are put on the bot's seat
    and the rest on the seat after it.
    """

    __slots__ = ("search", "seat")

    def __init__(self, r: Round, seat: int) -> None:
        self.seat = seat
        self.search = search_for(r, (seat, partner_of(seat)), None)

    def tricks(self, r: Round) -> tuple[int, ...]:
        hands, leader, cards = position_of(r)
        ours = self.search.most(hands, leader, cards)
        won = list(r.tricks_won)
        won[self.seat] += ours
        won[(self.seat + 1) % r.players] += tricks_left(hands, leader, cards) - ours
        return tuple(won)


def _solve(r: Round, scorer: _Scorer) -> tuple[int, ...]:
    """The tricks each seat ends with when everyone plays perfectly for itself (max-n)."""
    variant = r.variant
    trump = r.trump
    t = None if trump is None else int(trump)
    must_trump, must_over = variant.must_trump, variant.must_overtrump
    players = r.players
    hands = [h.mask for h in r.remaining]
    bids = r.bids
    trick = r.current_trick
    cards = [c.bit for c in trick.cards]
    leader = trick.leader if cards else (r.to_act if r.to_act is not None else 0)
    won = list(r.tricks_won)

    def utility(final: tuple[int, ...]) -> list[float]:
        return scorer.points(bids, final)

    def search(hands: list[int], leader: int, cards: list[int], won: list[int]) -> tuple[int, ...]:
        if len(cards) == players:
            winner = (leader + trick_winner_index(cards, trump=t)) % players
            won = won.copy()
            won[winner] += 1
            if not hands[winner]:
                return tuple(won)
            return search(hands, winner, [], won)
        seat = (leader + len(cards)) % players
        hand = hands[seat]
        if cards:
            best = cards[trick_winner_index(cards, trump=t)]
            legal, _ = playable_cards(hand, suit_of(cards[0]), best, t, must_trump, must_over)
        else:
            legal = hand
        choice: tuple[int, ...] | None = None
        score = -1e9
        # Equal cards of a suit in sequence play alike: try one of each run.
        last = -2
        bit_mask = legal
        while bit_mask:
            bit = bit_mask.bit_length() - 1
            bit_mask ^= 1 << bit
            if bit == last - 1 and suit_of(bit) == suit_of(last):
                last = bit
                continue
            last = bit
            rest = hands.copy()
            rest[seat] = hand & ~(1 << bit)
            final = search(rest, leader, [*cards, bit], won)
            value = utility(final)[seat]
            if value > score:
                score, choice = value, final
        assert choice is not None
        return choice

    return search(hands, leader, cards, won)
