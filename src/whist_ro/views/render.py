"""A player view as a compact text table, for terminals and logs.

>>> import whist_ro as wr
>>> from whist_ro.views import view_of
>>> r = wr.Round.from_hands(wr.variants.ROMANIAN, hands=["Ah 9c 10h", "Kh 10c Jh", "Qs Jc 9h"],
...                         dealer=2, turn_up="10s")
>>> r = r.apply(wr.Bid(seat=0, tricks=1)).apply(wr.Bid(seat=1, tricks=0))
>>> print(render(view_of(r, 0)))
romanian, 3 players: hand of 3, dealer seat 2, trump ♠ (10s turned up)
seat  bid  won  cards
   0    1    0      3  <- you
   1    0    0      3
   2    -    0      3
hand: ♥ A 10 | ♣ 9
bidding: seat 2 to act

In classic whist there are no bids: the table shows each seat's side, and
who is whose partner.
"""

from __future__ import annotations

from whist_ro.actions import Bid, Play
from whist_ro.cards import CardSet, Suit
from whist_ro.engine.round import Phase
from whist_ro.views.view import PlayerView

__all__ = ["render"]

_SUITS_SHOWN = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def _hand_text(hand: CardSet, trump: Suit | None) -> str:
    parts = []
    for suit in _SUITS_SHOWN:
        cards = hand.of_suit(suit)
        if cards:
            mark = "*" if suit is trump else ""
            parts.append(f"{suit.symbol}{mark} " + " ".join(c.rank.label for c in cards))
    if not parts:
        return "-"
    legend = "  (*: trumps)" if trump is not None and hand.of_suit(trump) else ""
    return " | ".join(parts) + legend


def render(view: PlayerView) -> str:
    """``view`` as a text table: set-up, one line per seat, the hand, the trick, the turn.

    The hand is sorted by suit, high to low, and the trump suit is marked
    ``*`` (the line says so).  The trick on the table names who led and who
    played each card.  In classic whist, which has no bids, the table shows
    each seat's side instead and marks the partner.  Named players
    (:attr:`Match.names <whist_ro.Match.names>`) are called by their names.
    The same text is ``str(view)``.

    >>> import whist_ro as wr
    >>> from whist_ro.views import view_of
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    >>> print(render(view_of(m, 0)).splitlines()[0])
    romanian, 3 players: round 1 of 21, hand of 1, dealer seat 1, trump ♥ (9h turned up)
    """
    lines = []
    who = view.names  # "seat 0", "seat 1" ... unless the players are named
    head = f"{view.variant.name}, {view.players} players: "
    schedule = view.schedule
    if schedule is not None:
        of = "" if schedule.repeats else f" of {len(schedule)}"
        head += f"round {view.round_number}{of}, "
    head += f"hand of {view.hand_size}, dealer {who[view.dealer]}, "
    turn_up = view.turn_up
    if turn_up is None:
        head += "no trump"
    else:
        shown = "turned up" if view.trump_source == "turn_up" else "the dealer's"
        head += f"trump {turn_up.suit.symbol} ({turn_up} {shown})"
    if view.blind is not None:
        head += f", blind ({view.blind})"
    lines.append(head)
    totals = view.totals
    classic = view.variant.is_classic
    second = "side" if classic else "bid"
    columns = f"seat  {second}  won  cards" + ("  total" if totals is not None else "")
    lines.append(columns)
    for seat in range(view.players):
        bid = view.bids[seat]
        shown = str(seat % 2) if classic else ("-" if bid is None else str(bid))
        row = f"{seat:>4}  {shown:>{len(second)}}  {view.tricks_won[seat]:>3}"
        row += f"  {view.hand_counts[seat]:>5}"
        if totals is not None:
            row += f"  {totals[seat]:>5}"
        if who[seat] != f"seat {seat}":
            row += f"  {who[seat]}"
        notes = []
        if seat == view.seat:
            notes.append("<- you")
        elif classic and seat % 2 == view.seat % 2:
            notes.append("your partner")
        if seat != view.seat and view.known_hands[seat]:
            notes.append(f"holds {view.known_hands[seat]}")
        if notes:
            row += "  " + ", ".join(notes)
        lines.append(row)
    if view.blind is not None and not view.hand and view.hand_counts[view.seat]:
        lines.append("hand: (hidden)")
    else:
        lines.append(f"hand: {_hand_text(view.hand, view.trump)}")
    trick = view.current_trick
    if trick.cards:
        played = [
            f"{who[s]} {'led' if i == 0 else 'played'} {c}"
            for i, (s, c) in enumerate(zip(trick.seats, trick.cards, strict=True))
        ]
        lines.append(f"trick {len(view.tricks) + 1}: {', '.join(played)}")
    if view.is_over:
        lines.append("over")
    elif view.to_act is not None:
        phase = "bidding" if view.phase is Phase.BIDDING else "playing"
        lines.append(f"{phase}: {who[view.to_act]} to act")
        if view.legal_actions:
            lines.append("your move: " + ", ".join(_move_text(a) for a in view.legal_actions))
    return "\n".join(lines)


def _move_text(action: object) -> str:
    if isinstance(action, Bid):
        return f"bid {action.tricks}"
    assert isinstance(action, Play)
    return "play your card" if action.card is None else f"play {action.card}"
