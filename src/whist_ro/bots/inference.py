"""Bid inference: how likely each seat's bid was with the hand a sampled deal gives it.

A seat that bid 3 more likely holds aces and trumps than one that bid 0, so
a deal of the hidden cards that gives it three small cards should count
for little.  :class:`BidModel` says how likely a bid is with a hand: the
bid is about ``intercept + slope * estimate`` tricks, where ``estimate`` is
:func:`~whist_ro.bots.rule_bot.estimate_tricks` of the hand as its seat saw
it when bidding, spread as a normal curve of width ``spread`` over the bids
the seat was allowed (R-BID-1, and the hook's for the dealer, R-BID-2),
with a ``floor`` so that a bid no hand explains (a person's hunch, a
blunder) never rules a deal out.

The defaults were fitted to the library's own bots: 34,218 bids of
LowRiskBot, RuleBot and SearchBot (8 samples) in 300 matches of
``variants.ROMANIAN`` with 3 to 6 players and the bots mixed at random
(``python benchmarks/bid_model.py`` plays them again and fits).  The
four settings maximise the likelihood of the bids, each among the bids
its seat was allowed: ``bid ~ -0.37 + 1.0 * estimate``, spread 0.56,
floor 0.01 (by bot, LowRisk bids 0.46 under the estimate, RuleBot 0.08,
SearchBot 0.17).
:func:`weigh_deals` applies it to sampled deals;
:class:`~whist_ro.bots.SearchBot` resamples its deals by those weights.

>>> model = BidModel()
>>> [round(model.probability(b, estimate=2.4, allowed=range(4)), 3) for b in range(4)]
[0.008, 0.134, 0.697, 0.161]
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

import attrs

from whist_ro._check import excerpt
from whist_ro._immutable import Immutable
from whist_ro.bots.rule_bot import estimate_tricks
from whist_ro.errors import ConfigurationError
from whist_ro.rules.bidding import bidding_order, forbidden_bid
from whist_ro.schedule import Deck

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    from whist_ro.engine.round import Round

__all__ = ["BID_MODEL", "BidModel", "weigh_deals"]


def _number(low: float, *, strict: bool) -> Callable[[object, attrs.Attribute[float], float], None]:
    """A validator: a real number of at least ``low`` (above it when ``strict``)."""

    def check(_: object, attribute: attrs.Attribute[float], value: float) -> None:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        ok = ok and math.isfinite(value) and (value > low if strict else value >= low)
        if not ok:
            bound = "above" if strict else "at least"
            raise ConfigurationError(
                f"BidModel.{attribute.name} must be a number {bound} {low:g}, not {excerpt(value)}",
                field=attribute.name,
            )

    return check


def _real(_: object, attribute: attrs.Attribute[float], value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ConfigurationError(
            f"BidModel.{attribute.name} must be a finite number, not {excerpt(value)}",
            field=attribute.name,
        )


@attrs.frozen(kw_only=True)
class BidModel(Immutable):
    """How likely a bid is with a hand whose trick estimate is ``estimate`` (see the module).

    >>> BidModel().mean(3.0)
    2.63
    >>> BidModel(spread=0)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: BidModel.spread must be a number above 0, not 0
    """

    intercept: float = attrs.field(default=-0.37, validator=_real)
    """The bid of a hand estimated at no trick."""
    slope: float = attrs.field(default=1.0, validator=_real)
    """The bid's rise per estimated trick."""
    spread: float = attrs.field(default=0.56, validator=_number(0.0, strict=True))
    """The width of the bids around the mean, in tricks."""
    floor: float = attrs.field(default=0.01, validator=_number(0.0, strict=False))
    """A share every allowed bid keeps, however far from the mean."""

    def mean(self, estimate: float) -> float:
        """The bid expected of a hand with this trick ``estimate``.

        >>> BidModel(intercept=0.0, slope=1.0).mean(1.5)
        1.5
        """
        return round(self.intercept + self.slope * estimate, 6)

    def probability(self, bid: int, *, estimate: float, allowed: Iterable[int]) -> float:
        """The chance of ``bid`` among the ``allowed`` bids for a hand with this ``estimate``.

        The chances of the allowed bids add up to 1; a bid not allowed has none.

        >>> m = BidModel()
        >>> round(sum(m.probability(b, estimate=1.0, allowed=[0, 1, 3]) for b in [0, 1, 3]), 9)
        1.0
        >>> m.probability(2, estimate=1.0, allowed=[0, 1, 3])
        0.0
        """
        mean = self.mean(estimate)
        shares = {b: self._share(b, mean) for b in allowed}
        if bid not in shares:
            return 0.0
        return shares[bid] / sum(shares.values())

    def _share(self, bid: int, mean: float) -> float:
        z = (bid - mean) / self.spread
        return math.exp(-0.5 * z * z) + self.floor


BID_MODEL: Final = BidModel()
"""The model fitted to the library's bots (see the module text)."""


def weigh_deals(deals: Sequence[Round], *, seat: int, model: BidModel = BID_MODEL) -> list[float]:
    """One weight per deal: how likely the other seats' bids were with the hands it gives them.

    Every deal must be of the same round as ``seat`` sees it (the same
    dealer, trump, bids and played cards; only the hidden cards differ), as
    :meth:`PlayerView.sample <whist_ro.views.PlayerView.sample>` draws them.
    Only the bids made so far count, each judged on the hand as dealt.
    The weights are relative (their sum is not 1); with no bid made by
    another seat (or in classic whist) every weight is 1.

    >>> import whist_ro as wr
    >>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah Kh", "9c 10c", "9d 9s"],
    ...                         dealer=2, turn_up="Qh")
    >>> r = r.apply(wr.Bid(seat=0, tricks=2))
    >>> other = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["9c 10c", "Ah Kh", "9d 9s"],
    ...                             dealer=2, turn_up="Qh").apply(wr.Bid(seat=0, tricks=2))
    >>> strong, weak = weigh_deals([r, other], seat=2)
    >>> round(strong / weak, 1)  # a bid of 2 fits the ace and king of trumps, not small clubs
    29.9
    """
    if not deals:
        return []
    first = deals[0]
    variant = first.variant
    bids = first.bids
    if variant.is_classic or first.hand_size is None:
        return [1.0] * len(deals)
    players = first.players
    hand_size = first.hand_size
    judged = [s for s in range(players) if s != seat and bids[s] is not None]
    if not judged:
        return [1.0] * len(deals)
    trump = None if first.trump is None else int(first.trump)
    turn_up = 0 if first.turn_up is None else first.turn_up.mask
    leader = first.first_hand
    # What each judged seat was allowed to bid: R-BID-1, and the hook for the dealer.
    allowed: dict[int, list[int]] = {}
    earlier = 0
    for s in bidding_order(first.dealer, players):
        bid = bids[s]
        if bid is None:
            break
        choices = list(range(hand_size + 1))
        if s == first.dealer:
            banned = forbidden_bid(hand_size=hand_size, earlier=earlier, hook=variant.hook)
            choices = [b for b in choices if b != banned]
        allowed[s] = choices
        earlier += bid
    deck = Deck.for_game(variant, players).mask
    cache: dict[tuple[int, int], float] = {}
    weights = []
    for deal in deals:
        hands = [h.mask for h in deal.hands]
        weight = 1.0
        for s in judged:
            hand = hands[s]
            key = (s, hand)
            p = cache.get(key)
            if p is None:
                estimate = estimate_tricks(
                    hand,
                    trump=trump,
                    players=players,
                    hand_size=hand_size,
                    unseen=deck & ~hand & ~turn_up,
                    leads=leader == s,
                )
                bid = bids[s]
                assert bid is not None  # judged seats have bid
                p = cache[key] = model.probability(bid, estimate=estimate, allowed=allowed[s])
            weight *= p
        weights.append(weight)
    return weights
