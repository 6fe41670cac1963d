"""The web table's rooms, without sockets: seats, bots, takeovers and reclaims (R-SEAT-1).

Each test runs its own event loop; clients are lists that collect what a room sends.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

import whist_ro as wr
from whist_ro import records
from whist_ro.bots import RuleBot
from whist_ro.errors import RoomError
from whist_ro.web.room import Lobby, Room
from whist_ro.web.store import Store


class FakeClient:
    """A connection that keeps every message a room sends it."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.closed: int | None = None

    def send(self, text: str) -> None:
        self.messages.append(json.loads(text))

    def close(self, code: int) -> None:
        self.closed = code

    def last(self, kind: str) -> dict[str, Any]:
        return next(m for m in reversed(self.messages) if m["type"] == kind)

    def views(self) -> list[dict[str, Any]]:
        return [m["view"] for m in self.messages if "view" in m]


def run(body: Callable[[Lobby], Awaitable[None]], db: str | Path = ":memory:") -> None:
    async def main() -> None:
        lobby = Lobby(Store(db), bot_delay=0)
        try:
            await body(lobby)
        finally:
            lobby.close()
            lobby.store.close()

    asyncio.run(main())


async def until(check: Callable[[], bool], *, timeout: float = 20.0) -> None:
    """Let the loop run until ``check()`` holds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.005)


def moved_on(room: Room, seq: int) -> Callable[[], bool]:
    """Whether the room has taken an action since ``seq``."""
    return lambda: room.seq != seq


async def play_out(room: Room, clients: dict[int, tuple[FakeClient, str]]) -> None:
    """Each person plays the first legal action whenever it is their turn."""
    while room.status != "over":
        m = room.match
        assert m is not None
        seat = m.to_act
        if seat in clients and not room.seats()[seat]["taken_over"]:
            view = clients[seat][0].views()[-1]
            if view["legal_actions"] and view["to_act"] == seat:
                room.act(clients[seat][1], view["legal_actions"][0], seq=room.seq)
        await asyncio.sleep(0.001)


def test_a_table_with_bots_starts_at_once_and_plays_to_the_end() -> None:
    async def body(lobby: Lobby) -> None:
        room, seat, token = lobby.create(
            variant="romanian", seats=["human", "random", "random"], name="Ana"
        )
        assert (room.status, seat) == ("playing", 0)
        me = FakeClient()
        assert room.connect(me, token) == 0
        assert me.messages[0]["type"] == "welcome"
        assert me.messages[0]["seat"] == 0
        await play_out(room, {0: (me, token)})
        assert room.match is not None
        assert room.match.is_over
        final = me.last("update")
        assert final["status"] == "over"
        assert {row["seat"] for row in final["result"]["standings"]["rows"]} == {0, 1, 2}
        report = records.adjudicate(room.record())
        assert report.ok
        assert room.record().players == ("Ana", "RandomBot 1", "RandomBot 2")

    run(body)


def test_people_join_by_claiming_free_seats_and_the_match_starts_when_all_are_in() -> None:
    async def body(lobby: Lobby) -> None:
        room, _, ana = lobby.create(
            variant="romanian", seats=["human", "human", "rule"], name="Ana"
        )
        assert room.status == "waiting"
        with pytest.raises(RoomError, match="has not started") as caught:
            room.act(ana, {"seat": 0, "bid": 0}, seq=0)
        assert caught.value.code == "not_started"
        seat, _ = room.claim("Bo")
        assert seat == 1
        assert str(room.status) == "playing"
        assert room.names == ("Ana", "Bo", "RuleBot 2")
        with pytest.raises(RoomError) as full:
            room.claim("Cici")
        assert full.value.code == "already_started"

    run(body)


def test_the_maker_may_start_early_with_bots_in_the_free_seats() -> None:
    async def body(lobby: Lobby) -> None:
        room, _, ana = lobby.create(
            variant="romanian", seats=["human", "human", "human"], name="Ana", fallback="random"
        )
        _, bo = room.claim("Bo")
        with pytest.raises(RoomError) as refused:
            room.start_now(bo)
        assert refused.value.code == "not_creator"
        room.start_now(ana)
        assert room.status == "playing"
        assert room.names == ("Ana", "Bo", "RandomBot 2")

    run(body)


def test_bad_tables_are_refused_with_a_reason() -> None:
    async def body(lobby: Lobby) -> None:
        cases: list[tuple[dict[str, Any], str]] = [
            ({"variant": "nope", "seats": ["human"] * 3}, "unknown variant"),
            ({"variant": "romanian", "seats": ["human"] * 2}, "not 2"),
            ({"variant": "romanian", "seats": ["rule", "human", "human"]}, "seat 0"),
            ({"variant": "romanian", "seats": ["human", "genius", "rule"]}, "unknown bot"),
            ({"variant": "classic", "seats": ["human", "lowrisk", "rule", "rule"]}, "does not"),
            ({"variant": "romanian", "seats": "human"}, "must be a list"),
            ({"variant": {"name": "x", "hook": "maybe"}, "seats": ["human"] * 3}, "hook"),
            ({"variant": "romanian", "seats": ["human"] * 3, "time_limit": -1}, "time_limit"),
            ({"variant": "romanian", "seats": ["human"] * 3, "grace": "long"}, "grace"),
            ({"variant": "romanian", "seats": ["human"] * 3, "name": ""}, "name"),
            ({"variant": "romanian", "seats": ["human"] * 3, "name": "a\nb"}, "name"),
        ]
        for kwargs, words in cases:
            kwargs.setdefault("name", "Ana")
            with pytest.raises(RoomError, match=words):
                lobby.create(**kwargs)
        assert lobby.rooms() == []

    run(body)


def test_house_rules_are_a_variant_written_by_the_form() -> None:
    async def body(lobby: Lobby) -> None:
        house = {**wr.variants.ROMANIAN.to_dict(), "name": "ours", "must_trump": False}
        room, _, _ = lobby.create(variant=house, seats=["human", "rule", "rule"], name="Ana")
        assert room.variant == wr.Variant.from_dict(house)
        assert not room.variant.must_trump

    run(body)


def test_a_spectator_sees_the_public_view_and_cannot_act() -> None:
    async def body(lobby: Lobby) -> None:
        room, _, token = lobby.create(
            variant="romanian-forehead", seats=["human", "random", "random"], name="Ana"
        )
        me, watcher = FakeClient(), FakeClient()
        room.connect(me, token)
        assert room.connect(watcher, None) is None
        await play_out(room, {0: (me, token)})
        assert watcher.views()
        for view in watcher.views():
            assert view["seat"] is None
            assert view["hand"] == []
            assert view["known_hands"] == [[]] * 3
            assert view["legal_actions"] == []
        assert any(v["known_hands"][1] for v in me.views())  # a forehead round: Ana sees seat 1

    run(body)


def test_illegal_actions_are_refused_with_the_rule_and_change_nothing() -> None:
    async def body(lobby: Lobby) -> None:
        room, _, token = lobby.create(
            variant="romanian", seats=["human", "random", "random"], name="Ana"
        )
        me = FakeClient()
        room.connect(me, token)
        await until(lambda: room.match is not None and room.match.to_act == 0)
        seq = room.seq
        with pytest.raises(wr.IllegalActionError) as other:
            room.act(token, {"seat": 1, "bid": 0}, seq=seq)
        assert other.value.rule == "R-SEAT-1"
        with pytest.raises(wr.IllegalActionError) as too_many:
            room.act(token, {"seat": 0, "bid": 5}, seq=seq)
        assert too_many.value.rule == "R-BID-3"
        with pytest.raises(RoomError) as stale:
            room.act(token, {"seat": 0, "bid": 0}, seq=seq + 1)
        assert stale.value.code == "stale"
        with pytest.raises(wr.WhistError):
            room.act(token, {"seat": 0, "bid": 0, "extra": 1}, seq=seq)
        with pytest.raises(RoomError) as bad:
            room.act("not the token", {"seat": 0, "bid": 0}, seq=seq)
        assert bad.value.code == "bad_token"
        for junk in (None, "x", -5, True, 1.0):  # the seq guard is never skipped
            with pytest.raises(RoomError) as unguarded:
                room.act(token, {"seat": 0, "bid": 0}, seq=junk)
            assert unguarded.value.code == "bad_message", junk
        assert room.seq == seq

    run(body)


def test_the_seat_to_act_is_told_which_rule_stops_its_other_cards() -> None:
    async def body(lobby: Lobby) -> None:
        room, _, token = lobby.create(
            variant="romanian", seats=["human", "random", "random", "random"], name="Ana"
        )
        me = FakeClient()
        room.connect(me, token)
        seen_rules: set[str] = set()
        while room.status != "over":
            m = room.match
            assert m is not None
            if m.to_act == 0:
                last = next(m for m in reversed(me.messages) if "view" in m)
                view, turn = last["view"], last["turn"]
                if view["to_act"] == 0:
                    if "blocked" in turn:
                        legal = {a["card"] for a in view["legal_actions"]}
                        assert set(turn["blocked"]) == set(view["hand"]) - legal
                        seen_rules.add(turn["rule"])
                    if "forbidden_bid" in turn:
                        assert turn["rule"] == "R-BID-2"
                        forbidden = {"seat": 0, "bid": turn["forbidden_bid"]}
                        assert forbidden not in view["legal_actions"]
                    room.act(token, view["legal_actions"][-1], seq=room.seq)
            await asyncio.sleep(0.001)
        assert seen_rules <= {"R-PLAY-2", "R-PLAY-3", "R-PLAY-8"}
        assert "R-PLAY-2" in seen_rules

    run(body)


def test_R_BID_2_the_dealer_is_told_the_number_the_hook_forbids() -> None:
    async def body(lobby: Lobby) -> None:
        room, _, ana = lobby.create(variant="romanian", seats=["human"] * 3, name="Ana")
        tokens = [ana, room.claim("Bo")[1], room.claim("Cici")[1]]
        clients = [FakeClient() for _ in tokens]
        for client, token in zip(clients, tokens, strict=True):
            room.connect(client, token)
        m = room.match
        assert m is not None
        dealer = m.round.dealer
        for _ in range(2):  # the two seats before the dealer bid 0
            now = room.match
            assert now is not None
            seat = now.to_act
            assert seat is not None
            assert seat != dealer
            room.act(tokens[seat], {"seat": seat, "bid": 0}, seq=room.seq)
        last = next(m for m in reversed(clients[dealer].messages) if "view" in m)
        assert last["view"]["to_act"] == dealer
        assert last["turn"] == {"forbidden_bid": 1, "rule": "R-BID-2"}  # 0 + 0 + 1 = 1 card
        assert {"seat": dealer, "bid": 1} not in last["view"]["legal_actions"]
        other = next(m for m in reversed(clients[(dealer + 1) % 3].messages) if "view" in m)
        assert other["turn"] == {}  # only the seat to act is told
        with pytest.raises(wr.IllegalActionError) as refused:
            room.act(tokens[dealer], {"seat": dealer, "bid": 1}, seq=room.seq)
        assert refused.value.rule == "R-BID-2"

    run(body)


def ana_drops(lobby: Lobby) -> tuple[Room, str]:
    """Ana's table against two RandomBots, her connection gone at once (grace 0.05 s)."""
    room, _, token = lobby.create(
        variant="romanian", seats=["human", "random", "random"], name="Ana", grace=0.05
    )
    me = FakeClient()
    room.connect(me, token)
    room.disconnect(me)
    return room, token


def assert_taken_over_and_back_once(record: records.Record) -> None:
    """Seat 0 was taken over once and reclaimed once, and the record holds up."""
    assert [t.seat for t in record.takeovers] == [0]
    assert [r.seat for r in record.reclaims] == [0]
    assert records.adjudicate(record).ok


def test_R_SEAT_1_a_dropped_seat_is_taken_over_after_the_grace_period_and_reclaimed() -> None:
    async def body(lobby: Lobby) -> None:
        room, token = ana_drops(lobby)
        await until(lambda: bool(room.takeovers))
        takeover = room.takeovers[0]
        assert (takeover.seat, takeover.agent) == (0, "Ana")
        assert takeover.by == "RuleBot 0"
        assert "did not come back within 0.05 s" in takeover.reason
        seq = room.seq
        await until(lambda: room.seq > seq + 3)  # the bot plays Ana's seat
        back = FakeClient()
        room.connect(back, token)
        assert room.reclaims[0].seat == 0
        assert room.reclaims[0].agent == "Ana"
        assert not room.seats()[0]["taken_over"]
        await play_out(room, {0: (back, token)})
        record = room.record()
        assert_taken_over_and_back_once(record)

    run(body)


def test_R_SEAT_1_a_player_back_while_the_bot_decides_for_them_plays_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The seat is reclaimed while its bot is deciding: the player's action waits for the
    bot's cancelled turn to leave the table and is then played, never refused as busy."""
    deciding, release = threading.Event(), threading.Event()
    own_act = RuleBot.act

    def slow_act(self: RuleBot, view: wr.PlayerView) -> wr.Action:
        if view.seat == 0 and not release.is_set():
            deciding.set()
            release.wait(20)
        return own_act(self, view)

    monkeypatch.setattr(RuleBot, "act", slow_act)

    async def body(lobby: Lobby) -> None:
        room, token = ana_drops(lobby)
        try:
            assert await asyncio.to_thread(deciding.wait, 20)  # RuleBot 0 decides for Ana
            assert room.match is not None
            assert room.match.to_act == 0
            seq = room.seq
            back = FakeClient()
            room.connect(back, token)
            assert not room.seats()[0]["taken_over"]
            view = back.views()[-1]
            assert view["to_act"] == 0
            action = view["legal_actions"][0]
            room.act(token, action, seq=seq)
            room.act(token, action, seq=seq)  # a double click: the same action, once
        finally:
            release.set()
        await until(lambda: room.seq > seq)
        await play_out(room, {0: (back, token)})
        record = room.record()
        played = [a for r in record.rounds for a in r.actions]
        assert played[seq] == wr.action_from_dict(action)  # Ana's, played once
        assert_taken_over_and_back_once(record)

    run(body)


def test_R_SEAT_1_a_player_back_within_the_grace_period_keeps_the_seat() -> None:
    async def body(lobby: Lobby) -> None:
        room, _, token = lobby.create(
            variant="romanian", seats=["human", "random", "random"], name="Ana", grace=0.3
        )
        me = FakeClient()
        room.connect(me, token)
        # Back before the loop runs again: within the grace period however busy the machine.
        room.disconnect(me)
        back = FakeClient()
        room.connect(back, token)
        # A timer set now for the grace fires after the one the drop set (timers fire in
        # the order they fall due): by then that one is spent, had it not been cancelled.
        passed = asyncio.Event()
        asyncio.get_running_loop().call_later(room.grace, passed.set)
        await passed.wait()
        assert room.takeovers == ()
        assert not room.seats()[0]["taken_over"]
        assert back.closed is None

    run(body)


def test_R_SEAT_1_a_player_too_slow_is_taken_over_and_may_take_the_seat_back() -> None:
    async def body(lobby: Lobby) -> None:
        room, _, token = lobby.create(
            variant="romanian",
            seats=["human", "random", "random"],
            name="Ana",
            time_limit=0.1,
        )
        me = FakeClient()
        room.connect(me, token)
        await until(lambda: bool(room.takeovers))
        assert "0.1 s per decision" in room.takeovers[0].reason
        assert room.takeovers[0].explain("ro") == "a depășit cele 0,1 s pentru o decizie"
        with pytest.raises(RoomError) as busy:
            room.act(token, {"seat": 0, "bid": 0}, seq=room.seq)
        assert busy.value.code == "taken_over"
        room.reclaim(token)
        assert len(room.reclaims) == 1
        with pytest.raises(RoomError) as twice:
            room.reclaim(token)
        assert twice.value.code == "not_taken_over"

    run(body)


def test_a_second_window_replaces_the_first() -> None:
    async def body(lobby: Lobby) -> None:
        room, _, token = lobby.create(
            variant="romanian", seats=["human", "random", "random"], name="Ana"
        )
        first, second = FakeClient(), FakeClient()
        room.connect(first, token)
        room.connect(second, token)
        assert first.closed == 4000
        assert first.last("error")["code"] == "replaced"
        with pytest.raises(RoomError):
            room.connect(FakeClient(), "forged")

    run(body)


def test_every_table_resumes_from_the_store(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    state: dict[str, Any] = {}

    async def first(lobby: Lobby) -> None:
        room, _, token = lobby.create(
            variant="romanian", seats=["human", "random", "random"], name="Ana"
        )
        me = FakeClient()
        room.connect(me, token)
        while room.seq < 20:
            m = room.match
            assert m is not None
            if m.to_act == 0:
                room.act(token, m.legal_actions()[0].to_dict(), seq=room.seq)
            await asyncio.sleep(0.001)
        await until(lambda: room.match is not None and room.match.to_act == 0)
        state.update(id=room.id, token=token, history=room.match.history)  # type: ignore[union-attr]
        done, _, _ = lobby.create(variant="romanian", seats=["human", "random", "random"], name="X")
        done_client = FakeClient()
        done.connect(done_client, _)
        await play_out(done, {0: (done_client, _)})
        state["done"] = done.id

    run(first, db)

    async def again(lobby: Lobby) -> None:
        lobby.open_all()
        room = lobby.get(state["id"])
        assert room.match is not None
        assert room.match.history == state["history"]
        assert room.names == ("Ana", "RandomBot 1", "RandomBot 2")
        listed = {t["id"]: t["status"] for t in lobby.listing()}
        assert listed[state["done"]] == "over"
        assert records.adjudicate(lobby.get(state["done"]).record()).ok
        me = FakeClient()
        room.connect(me, state["token"])
        await play_out(room, {0: (me, state["token"])})
        assert records.adjudicate(room.record()).ok

    run(again, db)


def test_the_state_names_its_last_trick_by_its_round_and_its_number() -> None:
    async def body(lobby: Lobby) -> None:
        room, _, token = lobby.create(
            name="Ana",
            variant={**wr.variants.ROMANIAN.to_dict(), "schedule": [2, 2]},
            seats=["human", "rule", "rule"],
        )
        ana = FakeClient()
        room.connect(ana, token)
        seen: list[tuple[int, int]] = []
        while room.status != "over":
            watcher = FakeClient()
            room.connect(watcher, None)
            state = watcher.last("state")
            room.disconnect(watcher)
            view, last = state["view"], state["last_trick"]
            if view["tricks"]:  # a trick of this round is the last one
                assert (last["round"], last["trick"]) == (
                    view["match"]["round"],
                    len(view["tricks"]),
                )
                assert last["cards"] == view["tricks"][-1]["cards"]
            elif view["match"]["round"] == 1:
                assert last is None
            else:  # a new deal: the last trick is the previous round's last
                assert (last["round"], last["trick"]) == (view["match"]["round"] - 1, 2)
            if last is not None and (last["round"], last["trick"]) not in seen:
                seen.append((last["round"], last["trick"]))
            m = room.match
            assert m is not None
            seq = room.seq
            if m.to_act == 0:
                mine = ana.views()[-1]
                room.act(token, mine["legal_actions"][0], seq=seq)
            # The next action (Ana's or a bot's), not a length of time: each pass sees one.
            await until(moved_on(room, seq))
        over = FakeClient()
        room.connect(over, None)
        last = over.last("state")["last_trick"]
        assert (last["round"], last["trick"]) == (2, 2)  # the match's very last trick
        assert seen == sorted(set(seen))  # each new last trick comes after the one before
        assert len(seen) >= 2

    run(body)


def test_a_rounds_end_carries_the_finished_round_in_the_notation_and_nothing_sooner() -> None:
    # The summary's "could the bids have been made?" sends this text to the referee: it is
    # the round as dealt and played, so it is sent only once every card has been seen.
    async def body(lobby: Lobby) -> None:
        room, _, token = lobby.create(
            name="Ana", variant="romanian", seats=["human", "rule", "rule"]
        )
        ana = FakeClient()
        room.connect(ana, token)
        await play_out(room, {0: (ana, token)})
        m = room.match
        assert m is not None
        updates = [x for x in ana.messages if x["type"] == "update"]
        ends = [x for x in updates if "row" in x]
        assert len(ends) == len(m.rounds) == 21
        assert all("round_text" not in x for x in updates if "row" not in x)
        for played, end in zip(m.rounds, ends, strict=True):
            lone = records.parse_round(end["round_text"])
            assert lone.round == records.RoundRecord.of_round(played)
            assert lone.preset == "romanian"

    run(body)


def test_a_house_variant_has_no_notation_so_its_rounds_end_without_one() -> None:
    async def body(lobby: Lobby) -> None:
        house = {**wr.variants.ROMANIAN.to_dict(), "name": "club", "schedule": [1, 2]}
        room, _, token = lobby.create(name="Ana", variant=house, seats=["human", "rule", "rule"])
        ana = FakeClient()
        room.connect(ana, token)
        await play_out(room, {0: (ana, token)})
        ends = [x for x in ana.messages if x["type"] == "update" and "row" in x]
        assert len(ends) == 2
        assert all("round_text" not in x for x in ends)

    run(body)
