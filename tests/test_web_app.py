"""The web table's HTTP routes and WebSocket rules, in process (Starlette's test client)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import whist_ro as wr
from whist_ro import records
from whist_ro.web import Limits, create_app
from whist_ro.web.app import STATIC

XSS = "<img src=x onerror=alert(1)>"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(db=tmp_path / "web.sqlite3", bot_delay=0)
    with TestClient(app) as test_client:
        yield test_client


def make_table(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("name", "Ana")
    body.setdefault("variant", "romanian")
    body.setdefault("seats", ["human", "random", "random"])
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def test_the_page_and_its_files_are_served_with_security_headers(client: TestClient) -> None:
    for path in ("/", "/referee", "/t/anything"):
        page = client.get(path)
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        assert "/static/app.js" in page.text
        csp = page.headers["content-security-policy"]
        assert "script-src 'self'" in csp
        assert "default-src 'self'" in csp
        assert page.headers["x-content-type-options"] == "nosniff"
    for name in ("app.js", "messages.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/static/../store.py").status_code == 404


def test_the_page_loads_nothing_from_outside() -> None:
    for name in ("index.html", "app.js", "style.css", "messages.js"):
        text = (STATIC / name).read_text(encoding="utf-8")
        assert "http://" not in text.replace("http://www.w3.org", "")
        assert "https://" not in text
        assert "innerHTML" not in text  # user text is set as text, never parsed as HTML


def test_setup_lists_presets_bots_and_rules(client: TestClient) -> None:
    setup = client.get("/api/setup").json()
    assert "romanian" in setup["presets"]
    assert setup["presets"]["romanian"]["player_counts"] == list(wr.variants.ROMANIAN.player_counts)
    assert setup["bots"] == ["random", "lowrisk", "rule", "search"]
    assert setup["exact_only_bots"] == ["lowrisk"]
    rules = client.get("/api/rules").json()
    assert rules["R-PLAY-2"]["title"]
    assert rules["R-BID-2"]["summary"].startswith("The hook")


def test_create_join_list_and_watch(client: TestClient) -> None:
    made = make_table(client, seats=["human", "human", "rule"])
    assert made["invite"] == f"http://testserver/t/{made['table']}"
    info = client.get(f"/api/tables/{made['table']}").json()
    assert info["status"] == "waiting"
    assert [s["name"] for s in info["seats"]] == ["Ana", None, "RuleBot 2"]
    assert "token" not in json.dumps(info)
    assert made["token"] not in json.dumps(info)
    joined = client.post(f"/api/tables/{made['table']}/join", json={"name": XSS})
    assert joined.status_code == 200
    assert joined.json()["seat"] == 1
    listed = client.get("/api/tables").json()["tables"]
    assert listed[0]["status"] == "playing"
    assert listed[0]["seats"][1]["name"] == XSS  # stored as written: the page escapes it
    full = client.post(f"/api/tables/{made['table']}/join", json={"name": "Cici"})
    assert full.status_code == 409
    assert full.json()["code"] == "already_started"
    assert client.get("/api/tables/nope").status_code == 404


def test_bad_requests_get_a_reason(client: TestClient) -> None:
    bad = client.post("/api/tables", json={"name": "Ana", "variant": "nope", "seats": []})
    assert bad.status_code == 400
    assert "nope" in bad.json()["message"]
    sent_as_json = {"Content-Type": "application/json"}
    for junk in (b"[1, 2]", b"\xff"):
        answer = client.post("/api/tables", content=junk, headers=sent_as_json)
        assert answer.json()["code"] == "bad_json"
    huge = client.post("/api/tables", content=b"{" + b" " * 20_000 + b"}", headers=sent_as_json)
    assert huge.status_code == 413
    made = make_table(client)
    early = client.get(f"/api/tables/{made['table']}/record")
    assert early.status_code == 409
    assert early.json()["code"] == "no_record"


def error_of(ws: Any) -> dict[str, Any]:
    """The next error message on ``ws`` (views and seat changes in between are skipped)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "error":
            return msg


def _play(ws: Any, seat: int) -> dict[str, Any]:
    """Play the first legal action whenever it is ``seat``'s turn, until the match ends."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] not in ("state", "update"):
            continue
        if msg["status"] == "over":
            return msg
        view = msg["view"]
        if view["to_act"] == seat and view["legal_actions"]:
            ws.send_json({"type": "act", "action": view["legal_actions"][0], "seq": msg["seq"]})


def test_a_whole_match_over_the_socket_and_its_record(client: TestClient) -> None:
    made = make_table(client)
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome"
        assert welcome["seat"] == 0
        assert welcome["variant"]["name"] == "romanian"
        final = _play(ws, 0)
    assert [s["name"] for s in final["result"]["standings"]["rows"]].count("Ana") == 1
    download = client.get(f"/api/tables/{made['table']}/record")
    assert download.status_code == 200
    assert "attachment" in download.headers["content-disposition"]
    record = records.loads(download.text)
    assert records.adjudicate(record).ok
    assert record.seed is None  # the seed would reveal the deals: it never leaves the server
    verdict = client.post("/api/referee", json={"text": download.text}).json()
    assert verdict["ok"] is True


def test_the_socket_wants_a_hello_and_a_real_token(client: TestClient) -> None:
    made = make_table(client)
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "act", "action": {"seat": 0, "bid": 0}})
        assert ws.receive_json()["code"] == "hello_first"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        forged = made["token"][:-1] + ("x" if made["token"][-1] != "x" else "y")
        ws.send_json({"type": "hello", "token": forged})
        assert ws.receive_json()["code"] == "bad_token"
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["seat"] is None  # a spectator
        state = ws.receive_json()
        assert state["view"]["hand"] == []
        ws.send_json({"type": "act", "action": {"seat": 0, "bid": 0}})
        assert error_of(ws)["code"] == "spectator"
    with client.websocket_connect("/ws/nope") as ws:
        told = ws.receive_json()
        assert (told["code"], told["values"]) == ("no_table", {"table": "nope"})
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert (closed.value.code, closed.value.reason) == (4004, "no_table")


def test_refusals_name_the_rule(client: TestClient) -> None:
    made = make_table(client, seats=["human", "random", "random"])
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        ws.receive_json()
        state = ws.receive_json()
        while state.get("view", {}).get("to_act") != 0:
            state = ws.receive_json()
        ws.send_json({"type": "act", "action": {"seat": 0, "bid": 9}, "seq": state["seq"]})
        refusal = error_of(ws)
        assert refusal["code"] == "refused"
        assert refusal["rule"] == "R-BID-3"
        ws.send_json({"type": "act", "action": "bid 1", "seq": state["seq"]})
        assert error_of(ws)["code"] == "bad_message"
        ws.send_json({"type": "act", "action": {"seat": 0, "bid": 0}, "seq": state["seq"] + 5})
        assert error_of(ws)["code"] == "stale"


def test_the_socket_caps_message_size_and_rate(tmp_path: Path) -> None:
    app = create_app(db=tmp_path / "w.sqlite3", limits=Limits(message_bytes=1000, burst=10))
    with TestClient(app) as client:
        made = make_table(client)
        with client.websocket_connect(f"/ws/{made['table']}") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            ws.send_text("x" * 1001)
            assert error_of(ws)["code"] == "too_big"
        _flood(client, made["table"])


def _flood(client: TestClient, table: str) -> None:
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello"})
        for _ in range(30):
            ws.send_json({"type": "ping"})
        codes: set[str] = set()
        with pytest.raises(WebSocketDisconnect):
            _collect_codes(ws, codes)
        assert "too_fast" in codes


def _collect_codes(ws: Any, codes: set[str]) -> None:
    while True:
        codes.add(ws.receive_json().get("code"))


def test_the_socket_checks_the_origin(tmp_path: Path) -> None:
    app = create_app(db=tmp_path / "o.sqlite3", public_url="https://whist.example.org")
    with TestClient(app) as client:
        made = make_table(client)
        path = f"/ws/{made['table']}"
        refused = (
            "https://evil.example",
            "http://whist.example.org",
            # A host that merely ends with the allowed one is another site.
            "https://attackerwhist.example.org",
            "https://evil.whist.example.org",
            "http://eviltestserver",  # ... and so is one that ends with this server's Host
            "http://testserver.evil.example",
        )
        for origin in refused:
            # Refused at the handshake (1008): the socket never opens, so nothing is sent.
            with (
                pytest.raises(WebSocketDisconnect) as caught,
                client.websocket_connect(path, headers={"origin": origin}),
            ):
                pass
            assert caught.value.code == 1008, origin
        for origin in ("https://whist.example.org", "http://testserver"):
            with client.websocket_connect(path, headers={"origin": origin}) as ws:
                ws.send_json({"type": "hello"})
                assert ws.receive_json()["type"] == "welcome"
        assert made["invite"].startswith("https://whist.example.org/t/")


def test_the_referee_gives_the_verdict_with_the_rule_and_the_position(client: TestClient) -> None:
    notation = """
variant: romanian
dealer: 2
hand 0: Ah Jc
hand 1: Kh 10c
hand 2: 9d 10s
turn-up: Qs
bids: 0 0 1
trick: Jc 10c 9d
"""
    verdict = client.post("/api/referee", json={"text": notation}).json()
    assert verdict["ok"] is False
    v = verdict["violation"]
    assert v["rule"] == "R-PLAY-3"
    assert v["rule_text"] == wr.rules.book.rule("R-PLAY-3").text
    assert v["position"]["trick"] == [{"seat": 0, "card": "Jc"}, {"seat": 1, "card": "10c"}]
    assert verdict["text"] == str(records.adjudicate(notation))  # the CLI's report
    sheet = "hand_size,dealer,bid0,won0,bid1,won1,bid2,won2\n1,0,1,0,0,1,0,0\n"
    audited = client.post("/api/referee", json={"kind": "sheet", "text": sheet}).json()
    assert [p["rule"] for p in audited["problems"]] == ["R-BID-2"]
    assert audited["text"] == str(records.audit(sheet))
    unreadable = client.post("/api/referee", json={"text": "{broken"}).json()
    assert unreadable["kind"] == "error"
    assert client.post("/api/referee", json={"text": " "}).status_code == 400


_ANALYSED = """
dealer: 2
hand 0: Jd Kc
hand 1: As Kd
hand 2: 10h Qc
turn-up: 9d
bids: 0 2 1
trick: Kc Kd Qc
trick: As 10h Jd
"""


def test_the_referee_analyses_a_legal_round_and_judges_an_illegal_one(client: TestClient) -> None:
    # Checked by hand: seat 0 bid 0 and must win a trick only by leading the Kc (seat 1
    # ruffs, then leads the As and the Jd has to ruff it); leading the Jd under the Kd
    # would have kept the bid.  Seats 1 and 2 could not be sure of theirs.
    found = client.post("/api/referee", json={"kind": "analysis", "text": _ANALYSED}).json()
    assert (found["kind"], found["ok"], found["complete"]) == ("analysis", True, True)
    first = found["verdicts"][0]
    assert (first["seat"], first["bid"], first["won"], first["made"]) == (0, 0, 1, False)
    assert (first["makeable"], first["losing_play"], first["keeping_plays"]) == (True, "Kc", ["Jd"])
    assert [v["makeable"] for v in found["verdicts"]] == [True, False, False]
    library = records.analyse(_ANALYSED)
    assert found["text"] == library.render()
    assert [v["text"] for v in found["verdicts"]] == library.lines()
    assert found["summary"] == "1 of 3 missed bids were makeable; 0 answers unknown"
    ro = client.post(
        "/api/referee", json={"kind": "analysis", "text": _ANALYSED, "lang": "ro"}
    ).json()
    assert ro["text"] == library.render("ro")
    # A round that breaks a rule is not analysed: the referee's verdict says where.
    broken = _ANALYSED.replace("trick: As 10h Jd", "trick: As Jd 10h")
    judged = client.post("/api/referee", json={"kind": "analysis", "text": broken}).json()
    assert (judged["kind"], judged["ok"]) == ("record", False)
    assert "verdicts" not in judged
    refused = client.post("/api/referee", json={"kind": "analyses", "text": _ANALYSED})
    assert refused.status_code == 400
    assert "'analysis'" in refused.json()["message"]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("connections", "many"),
        ("table_connections", 0),
        ("queue_bytes", -5),
        ("json_depth", 0),
        ("referee_workers", 0),
        ("referee_queue", -1),
        ("message_bytes", 1.5),
        ("send_seconds", "x"),
        ("per_second", 0),
        ("referee_per_minute", float("nan")),
    ],
)
def test_limits_refuse_what_is_no_limit_naming_the_field(field: str, value: object) -> None:
    # A ConfigurationError naming Limits.<field>, at once: not a ValueError from float(),
    # nor a limit taken that fails at the first connection or upload.
    with pytest.raises(wr.ConfigurationError, match=rf"^Limits\.{field} must be ") as info:
        Limits(**{field: value})  # type: ignore[arg-type]
    assert info.value.field == field
    assert info.value.explain("ro").startswith(f"Limits.{field} ")


def test_limits_take_whole_numbers_for_rates_and_zero_waiting_uploads() -> None:
    limits = Limits(per_second=5, send_seconds=1, referee_queue=0)
    assert (limits.per_second, limits.send_seconds, limits.referee_queue) == (5.0, 1.0, 0)
