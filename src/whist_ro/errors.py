"""Every error the library raises on purpose.

All of them derive from :class:`WhistError`, so ``except WhistError`` catches
anything the library refuses.  Errors about moves and deals carry the rule ID
from the rule book (``RULES.md``) in :attr:`WhistError.rule`, and their
messages name the seat, the action and the evidence, so a table dispute can
be settled by reading the message.

>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "ActionTypeError",
    "BidOutOfRangeError",
    "CardNotHeldError",
    "CardParseError",
    "ConfigurationError",
    "ForbiddenBidError",
    "GameOverError",
    "IllegalActionError",
    "InvalidDealError",
    "MatchEndError",
    "MustFollowSuitError",
    "MustOvertrumpError",
    "MustTrumpError",
    "NotOverError",
    "OutOfTurnError",
    "WhistError",
    "WrongPhaseError",
]


class WhistError(Exception):
    """Base class of everything whist-ro raises on purpose.

    ``rule`` is the rule ID the problem breaks (``"R-PLAY-2"`` ...), or
    ``None`` when no single rule applies (a typo in a card, say).
    """

    rule: str | None = None

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        if rule is not None:
            self.rule = rule
        super().__init__(message)


class CardParseError(WhistError, ValueError):
    """Text or a number could not be read as a card.

    >>> from whist_ro import Card
    >>> Card.parse("Xq")
    Traceback (most recent call last):
    ...
    whist_ro.errors.CardParseError: cannot read 'Xq' as a card: unknown suit 'q'
    """


class ConfigurationError(WhistError, ValueError):
    """A variant, schedule or match set-up makes no sense.

    ``field`` names the offending setting (``"players"``, ``"schedule"`` ...).
    """

    def __init__(self, message: str, *, field: str, rule: str | None = None) -> None:
        self.field = field
        super().__init__(message, rule=rule)


class InvalidDealError(WhistError, ValueError):
    """An explicit deal or deck order breaks R-DECK-4 (or R-TRUMP-*)."""

    rule = "R-DECK-4"


class NotOverError(WhistError):
    """A result was asked for before it exists (the points of an unfinished round).

    Also raised by :meth:`Match.standings <whist_ro.Match.standings>` on a match
    that is neither finished nor abandoned.
    """


class MatchEndError(WhistError, ValueError):
    """A match cannot be ended early this way, or not now (R-END-3).

    Abandoning is for the exact-bid family and only between rounds;
    conceding is for classic whist.  The match is left as it was.

    >>> from whist_ro import Match, variants
    >>> Match.new(variants.ROMANIAN, players=3, seed=1).concede(seat=0)
    Traceback (most recent call last):
    ...
    whist_ro.errors.MatchEndError: only a classic side can concede; ... (R-END-3)
    """

    rule = "R-END-3"


class ActionTypeError(WhistError, TypeError):
    """Something that is neither a :class:`~whist_ro.Bid` nor a :class:`~whist_ro.Play`."""


class IllegalActionError(WhistError, ValueError):
    """A bid or play the rules do not allow right now.

    ``rule`` is always set; ``seat`` and ``action`` say who tried what.  The
    state the action was applied to is left exactly as it was.
    """

    rule: str

    def __init__(self, message: str, *, rule: str, seat: int, action: object) -> None:
        self.seat = seat
        self.action = action
        super().__init__(message, rule=rule)


class GameOverError(IllegalActionError):
    """Any action after the round or match is over (R-END-4)."""


class WrongPhaseError(IllegalActionError):
    """A bid during play, a card during bidding (R-BID-3, R-PLAY-7)."""


class OutOfTurnError(IllegalActionError):
    """A seat acted when it was not its turn (R-BID-3, R-PLAY-7)."""


class BidOutOfRangeError(IllegalActionError):
    """A bid below 0 or above the hand size (R-BID-3)."""


class ForbiddenBidError(IllegalActionError):
    """The last bidder tried to make the bids total the hand size (R-BID-2, the hook)."""


class CardNotHeldError(IllegalActionError):
    """A card the seat does not hold (R-PLAY-7)."""


class MustFollowSuitError(IllegalActionError):
    """A seat able to follow the led suit did not (R-PLAY-2)."""


class MustTrumpError(IllegalActionError):
    """A seat void in the led suit that holds trumps did not trump (R-PLAY-3)."""


class MustOvertrumpError(IllegalActionError):
    """Under ``must_overtrump``, a seat that could beat the trick's trump did not (R-PLAY-8)."""
