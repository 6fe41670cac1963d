"""A player view as a compact text table, for terminals and logs, in English or Romanian.

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
>>> print(render(view_of(r, 0), lang="ro"))
romanian, 3 jucători: câte 3 cărți, împărțitor locul 2, atu ♠ (10 de pică întoarsă)
loc  licitat  luate  cărți
  0        1      0      3  <- tu
  1        0      0      3
  2        -      0      3
cărțile tale: ♥ A 10 | ♣ 9
licitație: la rând locul 2

In classic whist there are no bids: the table shows each seat's side, and
who is whose partner.
"""

from __future__ import annotations

from whist_ro.actions import Bid, Play
from whist_ro.cards import CardSet, Suit
from whist_ro.engine.round import Phase
from whist_ro.locale import N_, NP_
from whist_ro.locale import render as say
from whist_ro.locale import render_plural as say_plural
from whist_ro.rules.scoring import partner_of, side_of
from whist_ro.views.view import PlayerView

__all__ = ["render"]

_SUITS_SHOWN = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_DEFAULT_NAME = "seat {seat}"  # what an unnamed player is called (_check.default_names)

_HEAD = N_("{variant}, {players} players: ")
_ROUND_OF = N_("round {number} of {rounds}, ")
_ROUND = N_("round {number}, ")
_SET_UP = NP_("hand of {n}, dealer {dealer}, ", "hand of {n}, dealer {dealer}, ")
_SEAT_NAME = N_("seat {seat}")
_NO_TRUMP = N_("no trump")
_TRUMP_TURNED = N_("trump {symbol} ({card} turned up)")
_TRUMP_DEALERS = N_("trump {symbol} ({card} the dealer's)")
_BLIND = N_(", blind ({mode})")
_BLIND_MODES = {"forehead": N_("forehead"), "hidden": N_("hidden")}
_SEAT = N_("seat")
_BID = N_("bid")
_SIDE = N_("side")
_WON = N_("won")
_CARDS = N_("cards")
_TOTAL = N_("total")
_YOU = N_("<- you")
_PARTNER = N_("your partner")
_HOLDS = N_("holds {cards}")
_HAND = N_("hand: {cards}")
_HIDDEN = N_("(hidden)")
_TRUMPS_LEGEND = N_("  (*: trumps)")
_LED = N_("{who} led {card}")
_PLAYED = N_("{who} played {card}")
_TRICK = N_("trick {number}: {cards}")
_OVER = N_("over")
_BIDDING = N_("bidding: {who} to act")
_PLAYING = N_("playing: {who} to act")
_YOUR_MOVE = N_("your move: {moves}")
_MOVE_BID = N_("bid {tricks}")
_MOVE_PLAY = N_("play {card}")
_MOVE_ONLY = N_("play your card")


def _who(view: PlayerView, seat: int, lang: str) -> str:
    """The player at ``seat`` by name, or ``"seat N"`` in ``lang`` when the players are unnamed."""
    name = view.names[seat]
    if name == _DEFAULT_NAME.format(seat=seat):
        return say(_SEAT_NAME, lang, seat=seat)
    return name


def _hand_text(hand: CardSet, trump: Suit | None, lang: str) -> str:
    parts = []
    for suit in _SUITS_SHOWN:
        cards = hand.of_suit(suit)
        if cards:
            mark = "*" if suit is trump else ""
            parts.append(f"{suit.symbol}{mark} " + " ".join(c.rank.label for c in cards))
    if not parts:
        return "-"
    legend = say(_TRUMPS_LEGEND, lang) if trump is not None and hand.of_suit(trump) else ""
    return " | ".join(parts) + legend


def _head(view: PlayerView, lang: str) -> str:
    head = say(_HEAD, lang, variant=view.variant.name, players=view.players)
    schedule = view.schedule
    if schedule is not None:
        if schedule.repeats:
            head += say(_ROUND, lang, number=view.round_number)
        else:
            head += say(_ROUND_OF, lang, number=view.round_number, rounds=len(schedule))
    head += say_plural(_SET_UP, view.hand_size, lang, dealer=_who(view, view.dealer, lang))
    turn_up = view.turn_up
    if turn_up is None:
        head += say(_NO_TRUMP, lang)
    else:
        shown = _TRUMP_TURNED if view.trump_source == "turn_up" else _TRUMP_DEALERS
        head += say(shown, lang, symbol=turn_up.suit.symbol, card=turn_up)
    if view.blind is not None:
        head += say(_BLIND, lang, mode=say(_BLIND_MODES[view.blind], lang))
    return head


def render(view: PlayerView, *, lang: str = "en") -> str:
    """``view`` as a text table: set-up, one line per seat, the hand, the trick, the turn.

    The hand is sorted by suit, high to low, and the trump suit is marked
    ``*`` (the line says so).  The trick on the table names who led and who
    played each card.  In classic whist, which has no bids, the table shows
    each seat's side instead and marks the partner.  Named players
    (:attr:`Match.names <whist_ro.Match.names>`) are called by their names.
    The same text is ``str(view)``; ``lang="ro"`` gives it in Romanian
    (``view.render(lang="ro")``).

    >>> import whist_ro as wr
    >>> from whist_ro.views import view_of
    >>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=1)
    >>> print(render(view_of(m, 0)).splitlines()[0])
    romanian, 3 players: round 1 of 21, hand of 1, dealer seat 1, trump ♥ (9h turned up)
    >>> for part in render(view_of(m, 0), lang="ro").splitlines()[0].split(", "):
    ...     print(part)
    romanian
    3 jucători: mâna 1 din 21
    câte 1 carte
    împărțitor locul 1
    atu ♥ (9 de inimă întoarsă)
    """
    lines = [_head(view, lang)]
    totals = view.totals
    classic = view.variant.is_classic
    titles = [say(_SEAT, lang), say(_SIDE if classic else _BID, lang), say(_WON, lang)]
    titles.append(say(_CARDS, lang))
    if totals is not None:
        titles.append(say(_TOTAL, lang))
    # Each column is as wide as its title (the English ones are wide enough for the numbers).
    widths = [max(len(t), 3) for t in titles]
    lines.append("  ".join(titles))
    for seat in range(view.players):
        bid = view.bids[seat]
        shown = str(side_of(seat)) if classic else ("-" if bid is None else str(bid))
        cells = [str(seat), shown, str(view.tricks_won[seat]), str(view.hand_counts[seat])]
        if totals is not None:
            cells.append(str(totals[seat]))
        row = "  ".join(f"{cell:>{width}}" for cell, width in zip(cells, widths, strict=True))
        if view.names[seat] != _DEFAULT_NAME.format(seat=seat):
            row += f"  {view.names[seat]}"
        notes = []
        if seat == view.seat:
            notes.append(say(_YOU, lang))
        elif classic and seat == partner_of(view.seat):
            notes.append(say(_PARTNER, lang))
        if seat != view.seat and view.known_hands[seat]:
            notes.append(say(_HOLDS, lang, cards=view.known_hands[seat]))
        if notes:
            row += "  " + ", ".join(notes)
        lines.append(row)
    if view.blind is not None and not view.hand and view.hand_counts[view.seat]:
        lines.append(say(_HAND, lang, cards=say(_HIDDEN, lang)))
    else:
        lines.append(say(_HAND, lang, cards=_hand_text(view.hand, view.trump, lang)))
    trick = view.current_trick
    if trick.cards:
        played = [
            say(_LED if i == 0 else _PLAYED, lang, who=_who(view, s, lang), card=c)
            for i, (s, c) in enumerate(zip(trick.seats, trick.cards, strict=True))
        ]
        lines.append(say(_TRICK, lang, number=len(view.tricks) + 1, cards=", ".join(played)))
    if view.is_over:
        lines.append(say(_OVER, lang))
    elif view.to_act is not None:
        phase = _BIDDING if view.phase is Phase.BIDDING else _PLAYING
        lines.append(say(phase, lang, who=_who(view, view.to_act, lang)))
        if view.legal_actions:
            moves = ", ".join(_move_text(a, lang) for a in view.legal_actions)
            lines.append(say(_YOUR_MOVE, lang, moves=moves))
    return "\n".join(lines)


def _move_text(action: object, lang: str) -> str:
    if isinstance(action, Bid):
        return say(_MOVE_BID, lang, tricks=action.tricks)
    assert isinstance(action, Play)
    if action.card is None:
        return say(_MOVE_ONLY, lang)
    return say(_MOVE_PLAY, lang, card=action.card)
