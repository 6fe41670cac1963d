"""One way to do each thing (issue 26, item 3): the deprecated duplicates warn and agree.

Each deprecated spelling warns when it is called or imported, naming its
replacement, and gives the replacement's result; reading a name without
using it (``help``, doctest collection, walking the package) warns of
nothing.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

import whist_ro as wr
from whist_ro import Bid, Card, Play, Round, Suit, records, variants
from whist_ro._check import WireObject, read_list, read_object, read_string, read_whole
from whist_ro.errors import RecordError, WireError
from whist_ro.records import schema
from whist_ro.remote import MatchResult, wire
from whist_ro.rules import book
from whist_ro.rules import scheduling as schedule_rules
from whist_ro.rules.play import trick_winner_index

KWARGS = {"players": 4, "dealer": 1, "hand_size": 5, "seed": 3}


@contextmanager
def quiet() -> Iterator[None]:
    """Fail on any DeprecationWarning inside."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        yield


WARNS = "is deprecated since whist-ro 0.2.0"


def deprecated(call: Callable[[], object], *, use: str, where: str = __file__) -> object:
    """``call()``'s result, checking it warned once, naming ``use``, at the line in ``where``."""
    with pytest.warns(DeprecationWarning, match=WARNS) as caught:
        result = call()
    assert len(caught) == 1, [str(w.message) for w in caught]
    message = str(caught[0].message)
    assert "deprecated since whist-ro 0.2.0 and goes in 0.3.0" in message
    assert f"use {use}" in message
    assert caught[0].filename == where  # the warning points at the caller's line
    return result


# -- Round.deal(...) ----------------------------------------------------------------------


def test_round_deal_called_on_the_class_warns_and_deals_what_shuffled_deals() -> None:
    r = deprecated(lambda: Round.deal(variants.ROMANIAN, **KWARGS), use="Round.shuffled(...)")
    assert r == Round.shuffled(variants.ROMANIAN, **KWARGS)
    for seed in (1.5, None, True, [1]):  # refused as Round.shuffled refuses them
        with pytest.warns(DeprecationWarning, match=WARNS), pytest.raises(wr.ConfigurationError):
            Round.deal(variants.ROMANIAN, players=4, dealer=0, hand_size=5, seed=seed)  # type: ignore[arg-type]


def test_round_deal_read_on_a_round_is_its_deal_and_warns_of_nothing() -> None:
    r = Round.shuffled(variants.ROMANIAN, **KWARGS)
    with quiet():
        assert isinstance(r.deal, wr.Deal)
        assert Round.from_deal(r.deal) == r
        assert r.deal == wr.Deal.shuffled(variants.ROMANIAN, **KWARGS)
        Round.deal  # noqa: B018  # read, not called: help() and doctest collection do this
        assert Round.deal.__doc__


# -- views.resolve_play -------------------------------------------------------------------


def _hidden_one_card() -> Round:
    r = Round.from_hands(variants.ROMANIAN_HIDDEN, hands=["Ah", "Kh", "Qh"], dealer=2, turn_up="Jh")
    for seat in (0, 1, 2):
        r = r.apply(Bid(seat=seat, tricks=0))
    return r


def test_views_resolve_play_warns_and_agrees_with_round_resolve_play() -> None:
    from whist_ro import views  # noqa: PLC0415

    r = _hidden_one_card()
    only = Play(seat=0, card=None)
    use = "Round.resolve_play(action) (for a Match: match.round.resolve_play(action))"
    # Read from the module (its __getattr__), the old name warns on the calling line.
    resolve = views.__getattr__
    assert deprecated(lambda: resolve("resolve_play")(r, only), use=use) == r.resolve_play(only)
    bid = Bid(seat=1, tricks=0)
    assert deprecated(lambda: resolve("resolve_play")(r, bid), use=use) == r.resolve_play(bid)
    m = wr.Match.new(variants.ROMANIAN, players=3, seed=1)
    first = m.legal_actions()[0]
    found = deprecated(lambda: resolve("resolve_play")(m, first), use=use)
    assert found == m.round.resolve_play(first)


# -- engine.tricks.winning_index ----------------------------------------------------------


@pytest.mark.parametrize("trump", [None, Suit.SPADES, Suit.HEARTS])
@pytest.mark.parametrize("cards", ["7h Ah 7s", "Kh", "2c Ac 3d Qs", "9d 10d Jd"])
def test_winning_index_warns_and_agrees_with_trick_winner_index(
    cards: str, trump: Suit | None
) -> None:
    from whist_ro.engine import tricks  # noqa: PLC0415

    parsed = [Card.parse(c) for c in cards.split()]
    use = "whist_ro.rules.play.trick_winner_index([card.bit for card in cards], trump=...)"
    index = deprecated(lambda: tricks.__getattr__("winning_index")(parsed, trump), use=use)
    bits = [c.bit for c in parsed]
    assert index == trick_winner_index(bits, trump=None if trump is None else int(trump))


def test_trick_winner_asks_the_rule_and_warns_of_nothing() -> None:
    trick = wr.Trick(leader=3, cards=["Kh", "Ah", "2s"], players=4)
    with quiet():
        assert wr.trick_winner(trick, Suit.SPADES) == (3 + 2) % 4
        assert wr.trick_winner(trick, None) == (3 + 1) % 4
        with pytest.raises(wr.NotOverError, match="an empty trick has no winner yet"):
            wr.trick_winner(wr.Trick(leader=0, cards=[], players=4), None)


# -- the records.rulebook shim ------------------------------------------------------------

SHIM = {
    "RULES": book.RULES,
    "Rule": book.Rule,
    "format_rule": book.format_rule,
    "format_rules": book.format_rules,
    "rules_for": book.rules_for,
    "schedule_rule": schedule_rules.schedule_rule,
}


@pytest.mark.parametrize("name", sorted(SHIM))
def test_records_rulebook_names_warn_when_imported_and_are_the_rules_layer_s(name: str) -> None:
    home = "whist_ro.rules.scheduling" if name == "schedule_rule" else "whist_ro.rules.book"

    def import_it() -> object:
        namespace: dict[str, object] = {}
        exec(f"from whist_ro.records.rulebook import {name}", namespace)
        return namespace[name]

    # The warning points at the importing line, here the exec'd statement's.
    assert deprecated(import_it, use=f"{home}.{name}", where="<string>") is SHIM[name]


def test_records_rulebook_answers_as_before() -> None:
    from whist_ro.records import rulebook  # noqa: PLC0415  # the module alone: quiet

    with pytest.warns(DeprecationWarning, match=WARNS):
        assert rulebook.rules_for(variants.CLASSIC) == book.rules_for(variants.CLASSIC)  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match=WARNS):
        assert rulebook.schedule_rule(variants.INVERTED) == "R-SCHED-2"  # type: ignore[attr-defined]


def test_importing_and_reading_the_deprecated_names_warns_of_nothing() -> None:
    # A fresh interpreter, every warning an error: importing the modules that hold
    # deprecated names, help() on them and on Round, and reading Round.deal stay quiet.
    code = (
        "import pydoc, whist_ro, whist_ro.records.rulebook as shim;"
        "import whist_ro.views, whist_ro.engine.tricks;"
        "pydoc.render_doc(whist_ro.views); pydoc.render_doc(whist_ro.engine.tricks);"
        "pydoc.render_doc(whist_ro.Round); whist_ro.Round.deal;"
        "assert 'RULES' not in vars(shim)"
    )
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", code], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


# -- one standings implementation ---------------------------------------------------------


NAMES = ["Ana", "Bogdan", "Cici", "Dan"]


def _ended(family: str, names: list[str] | None, *, early: bool) -> wr.Match:
    variant = variants.CLASSIC if family == "classic" else variants.ROMANIAN
    players = 4 if family == "classic" else 3
    given = None if names is None else names[:players]
    m = wr.Match.new(variant, players=players, seed=7, names=given)
    if not early:
        return wr.random_playout(m, seed=7)
    if family == "classic":  # classic ends early by a side's concession (R-END-5)
        for _ in range(6):
            m = m.apply(m.legal_actions()[0])
        return m.concede(side=1)
    for _ in range(12):  # two 1-card rounds of 3 bids and 3 cards, then abandoned (R-RANK-5)
        m = m.apply(m.legal_actions()[0])
    return m.abandon(disconnected=[1])


@pytest.mark.parametrize("early", [False, True], ids=["played", "ended early"])
@pytest.mark.parametrize(
    "names", [None, ["Ana", "Bogdan", "Cici", "Dan"]], ids=["unnamed", "named"]
)
@pytest.mark.parametrize("family", ["exact", "classic"])
def test_a_match_s_standings_are_its_result_s_and_its_views(
    family: str, names: list[str] | None, early: bool
) -> None:
    m = _ended(family, names, early=early)
    assert m.is_over
    standings = m.standings()
    assert MatchResult.from_match(m).standings == standings
    for seat in range(m.players):
        assert MatchResult.from_view(m.view(seat)).standings == standings
    # The rows carry the players' names; an unnamed match's "seat 0" ... name nobody.
    expected = [None] * m.players if names is None else NAMES[: m.players]
    assert [row.name for row in standings] == expected
    assert MatchResult.from_dict(MatchResult.from_match(m).to_dict()).standings == standings


# -- GameResult.to_dict, once -------------------------------------------------------------


def test_a_game_is_written_once_by_game_result_to_dict_and_read_back_alike() -> None:
    m = _ended("classic", None, early=False)
    assert m.games
    written = [game.to_dict() for game in m.games]
    assert MatchResult.from_match(m).to_dict()["games"] == written
    view = m.view(1)
    assert view.to_dict()["match"]["games"] == written
    assert wr.PlayerView.from_dict(view.to_dict()).games == m.games
    assert MatchResult.from_dict(MatchResult.from_match(m).to_dict()).games == m.games


# -- one strict JSON reader ---------------------------------------------------------------
#
# records.schema's readers are whist_ro._check's, told to raise RecordError; the engine
# protocol's wire.decode parses with the same hooks as records.loads.  Each test below is
# one of the details in which the two readers disagreed before.


class _Dict(dict):  # type: ignore[type-arg]
    """A dict subclass: it could answer [] and len() otherwise than the data it holds."""


class _List(list):  # type: ignore[type-arg]
    pass


class _Text(str):
    pass


def _refusal(call: Callable[[], object], error: type[Exception]) -> str:
    with pytest.raises(error) as info:
        call()
    return str(info.value)


def test_both_readers_refuse_a_dict_subclass_as_an_object() -> None:
    # Before: the record reader took any dict subclass, the wire reader none.
    record = _refusal(lambda: schema.mapping(_Dict(seat=1), "a", required=("seat",)), RecordError)
    wire = _refusal(lambda: read_object(_Dict(seat=1), "a"), WireError)
    assert record == wire == "a: expected an object, not {'seat': 1}"


def test_both_readers_refuse_a_list_subclass_and_word_a_bad_list_alike() -> None:
    # Before: the record reader took a list subclass, and said "expected a list, not 'abc'"
    # where the wire said "expected a list of at most 8 items, not 'abc'".
    for value in (_List([1]), "abc", [1] * 9):
        record = _refusal(functools.partial(schema.listed, value, "p", high=8), RecordError)
        wire = _refusal(functools.partial(read_list, value, "p", most=8), WireError)
        assert record == wire
        assert record.startswith("p: expected a list of at most 8 items, not ")
    assert _refusal(lambda: schema.listed([], "p", low=1, high=8), RecordError) == (
        "p: expected a list of 1 to 8 items, not []"
    )


def test_both_readers_refuse_an_int_subclass_as_a_whole_number() -> None:
    # Before: the record reader took Suit.HEARTS (an IntEnum) as 2.
    record = _refusal(lambda: schema.integer(Suit.HEARTS, "d", low=0, high=3), RecordError)
    wire = _refusal(lambda: read_whole(Suit.HEARTS, "d", high=3), WireError)
    assert record == wire
    assert "expected a whole number from 0 to 3" in record


@pytest.mark.parametrize("value", [_Text("Ana"), "Ana\udc80"], ids=["str subclass", "surrogate"])
def test_both_readers_refuse_text_that_is_no_plain_valid_str(value: str) -> None:
    # Before: the record reader took a str subclass, and the wire reader text holding a lone
    # surrogate (JSON's "\udc80" escape makes one), which cannot be written back as UTF-8.
    record = _refusal(lambda: schema.text(value, "n", high=100), RecordError)
    wire = _refusal(lambda: read_string(value, "n"), WireError)
    assert record == wire
    fast = _refusal(lambda: WireObject({"n": value}, "").text("n"), WireError)
    assert fast == wire


def test_a_message_with_a_lone_surrogate_is_refused_where_its_text_is_read() -> None:
    m = wr.random_playout(wr.Match.new(variants.ROMANIAN, players=3, seed=2), seed=2)
    data = json.loads(wire.encode(MatchResult.from_match(m).to_dict()))
    data["variant"] = "romanian\udc80"
    data["type"] = "match_end"  # a message, as decode wants one; from_dict reads the rest
    line = json.dumps(data)  # ASCII, with the escape \udc80
    with pytest.raises(WireError, match=r"^result.variant: .* is not valid Unicode text"):
        MatchResult.from_dict(wire.decode(line))


def test_both_parsers_refuse_a_key_given_twice() -> None:
    # Before: wire.decode kept the last "type", where records.loads refused the text.
    text = '{"type": "quit", "type": "action"}'
    record = _refusal(lambda: records.loads(text), RecordError)
    message = _refusal(lambda: wire.decode(text), WireError)
    assert record == message == "the key 'type' appears twice in one object"


def test_both_parsers_word_nan_alike() -> None:
    record = _refusal(lambda: records.loads('{"a": NaN}'), RecordError)
    message = _refusal(lambda: wire.decode('{"type": "x", "a": NaN}'), WireError)
    assert record == message == "NaN is not a JSON number"


def test_a_line_given_as_text_is_measured_in_bytes() -> None:
    # Before: a str line was measured in characters, so 'ă' counted one byte, not two.
    line = '{"type": "' + "ă" * 20 + '"}'
    assert len(line) <= 40 < len(line.encode())
    with pytest.raises(WireError, match="at most 40 are read"):
        wire.decode(line, max_size=40)
    assert wire.decode(line.encode(), max_size=len(line.encode())) == wire.decode(line)


def test_a_result_reads_a_game_as_its_schema_and_a_view_read_it() -> None:
    # Before: MatchResult.from_dict required a game's "number", which the protocol's schema
    # (common.schema.json, game) and the view's reader leave optional (its place, from 1).
    m = _ended("classic", None, early=False)
    data = MatchResult.from_match(m).to_dict()
    for game in data["games"]:
        del game["number"]
    assert MatchResult.from_dict(data).games == m.games
