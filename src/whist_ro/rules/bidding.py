"""Bidding (R-BID-*): who bids when, which bids are in range, and the hook.

>>> forbidden_bid(hand_size=5, earlier=3, hook=True)
2
>>> bid_in_range(6, hand_size=5)
False
"""

from __future__ import annotations

__all__ = ["bid_in_range", "bidding_order", "first_hand", "forbidden_bid", "next_seat"]


def first_hand(dealer: int, players: int) -> int:
    """The seat left of the dealer: it bids first and leads the first trick (R-BID-1, R-PLAY-1).

    >>> first_hand(3, 4)
    0
    """
    return (dealer + 1) % players


def next_seat(seat: int, players: int) -> int:
    """The seat to the left of ``seat``: bidding and play go clockwise (R-BID-1).

    The dealer, who sits right of the first hand, is the last to bid.

    >>> next_seat(1, 4), next_seat(3, 4)
    (2, 0)
    """
    return (seat + 1) % players


def bidding_order(dealer: int, players: int) -> tuple[int, ...]:
    """The seats in the order they bid: the first hand, then clockwise, the dealer last (R-BID-1).

    >>> bidding_order(1, 4)
    (2, 3, 0, 1)
    """
    order = [first_hand(dealer, players)]
    while len(order) < players:
        order.append(next_seat(order[-1], players))
    return tuple(order)


def bid_in_range(tricks: int, *, hand_size: int) -> bool:
    """Whether ``tricks`` is a bid at all: a whole number from 0 to the hand size (R-BID-3).

    >>> bid_in_range(0, hand_size=1), bid_in_range(2, hand_size=1), bid_in_range(-1, hand_size=3)
    (True, False, False)
    """
    return 0 <= tricks <= hand_size


def forbidden_bid(*, hand_size: int, earlier: int, hook: bool) -> int | None:
    """The one bid the hook forbids the dealer, or None (R-BID-2).

    The bids may not add up to the hand size, so the last bidder may not bid
    ``hand_size - earlier``, where ``earlier`` is the sum of the bids made
    before theirs.  When that number is below 0, or the variant has no hook,
    nothing is forbidden.  Only the dealer, who bids last, is ever bound.

    >>> forbidden_bid(hand_size=3, earlier=1, hook=True)
    2
    >>> forbidden_bid(hand_size=3, earlier=4, hook=True) is None  # over-bid already
    True
    >>> forbidden_bid(hand_size=3, earlier=1, hook=False) is None
    True
    """
    if not hook:
        return None
    rest = hand_size - earlier
    return rest if rest >= 0 else None
