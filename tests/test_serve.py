"""`sniper serve` over its protocol: rooms, seat tokens, bad messages, timeouts (R11), reconnects,
a bounded fuzz, whole games recorded as runs that `sniper summary` reads (R9, R10, R13)."""

import json
import random
import re
from pathlib import Path

import pandas as pd
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from sniper import replay
from sniper.cli.app import app as cli_app
from sniper.core.rng import Stream
from sniper.games.sniper_holdem.parameters import make_agent
from sniper.runs.results import read_results
from sniper.runs.rundir import load_manifest
from sniper.runs.store import read_run
from sniper.serve.app import create_app, is_loopback
from sniper.serve.bot import reply
from sniper.serve.settings import Settings


def settings(tmp_path: Path, **changes) -> Settings:
    """Test settings: no pauses, and the ``TestClient``'s host ``testserver`` accepted as a proxy's would be."""
    base = dict(turn_seconds=30.0, result_seconds=0.0, ai_delay=0.0, out=tmp_path / "games", keep_seconds=0.5)
    base.update(allow_origins=("http://testserver",), rooms_per_client=100, rooms_per_minute=100)
    return Settings(**{**base, **changes})


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as c:
        yield c


def new_room(client, **body) -> dict:
    answer = client.post("/api/rooms", json={"name": "host", "bot": True, **body})
    assert answer.status_code == 200, answer.text
    return answer.json()


def hello(ws, token: str) -> dict:
    ws.send_json({"type": "hello", "token": token})
    return ws.receive_json()


def until(ws, predicate, limit: int = 400) -> dict:
    """Receive messages until one satisfies ``predicate``."""
    for _ in range(limit):
        message = ws.receive_json()
        if predicate(message):
            return message
    raise AssertionError("the expected message never came")


def my_turn(message: dict) -> bool:
    hand = message.get("hand")
    return message.get("status") == "playing" and hand is not None and hand["to_act"] == message["seat"]


def play_out(ws, first: dict, agent_spec: str = "random") -> dict:
    """Answer every turn with an agent until the game is over; returns the final state."""
    agent, message, decisions = make_agent(agent_spec), first, 0
    for _ in range(5000):
        if message.get("type") == "state":
            if message["status"] == "over":
                return message
            move = reply(message, agent, Stream(decisions))
            if move is not None:
                decisions += 1
                ws.send_json(move)
        assert message.get("type") != "error", message
        message = ws.receive_json()
    raise AssertionError("the game did not end")


# ----- rooms and tokens ---------------------------------------------------------------------------


def test_room_codes_and_tokens_are_unguessable(client):
    rooms = [new_room(client, seats=2) for _ in range(20)]
    codes = {r["room"] for r in rooms}
    assert len(codes) == 20 and all(len(code) >= 16 for code in codes)
    assert all(len(r["token"]) >= 32 for r in rooms)
    assert client.get(f"/api/rooms/{rooms[0]['room']}x").status_code == 404
    assert client.post("/api/rooms/nosuchroom/join", json={"name": "x"}).status_code == 404


def test_room_codes_never_start_with_a_dash(client, monkeypatch):
    """A code is given after ``--room`` (examples/bot_client.py): one starting with ``-`` would read as an option."""
    from sniper.serve import lobby

    real, codes = lobby.secrets.token_urlsafe, iter(["-dashfirstcode123", "plaincode1234567"])
    monkeypatch.setattr(lobby.secrets, "token_urlsafe", lambda n: next(codes) if n == 12 else real(n))  # room codes
    assert new_room(client, seats=2)["room"] == "plaincode1234567"


@pytest.mark.parametrize(
    "body",
    [
        {"seats": 7},
        {"seats": 1},
        {"rules": "vegas"},
        {"length": "30"},
        {"ai": ["godlike"]},
        {"ai": []},
        {"name": "x" * 30},
    ],
)
def test_bad_room_options_are_refused(client, body):
    assert client.post("/api/rooms", json=body).status_code == 422


@pytest.mark.parametrize("number", ["NaN", "1e400", "-Infinity"])
@pytest.mark.parametrize(("path", "field"), [("/api/rooms", "seats"), ("/api/solo", "players")])
def test_a_non_finite_number_is_refused_with_422_in_strict_json(client, path, field, number):
    """Python's JSON reader takes NaN and 1e400 (inf); the 422 that refuses them must still be strict JSON
    (docs/serve-protocol.md: bad options get 422 with the reason), not a 500."""
    answer = client.post(path, content=f'{{"{field}": {number}}}', headers={"content-type": "application/json"})
    assert answer.status_code == 422
    detail = json.loads(answer.text, parse_constant=lambda name: pytest.fail(f"{name} in the body"))["detail"]
    assert detail[0]["loc"] == ["body", field] and "input" not in detail[0] and detail[0]["msg"]


@pytest.mark.parametrize("players", [2, 6])
def test_solo_has_3_to_5_players(client, players):
    """R11: against the computer, 3, 4 or 5 players in total."""
    assert client.post("/api/solo", json={"players": players}).status_code == 422


def test_the_ai_levels_offered_are_those_documented(client):
    """The levels /api/info offers (the page's menus) are the protocol doc's list, levels of
    ``sniper.games.sniper_holdem.parameters.LEVELS``; a level not offered is refused for a room and a game against the
    computer."""
    from sniper.games.sniper_holdem.parameters import LEVELS

    doc = (Path(__file__).parent.parent / "docs" / "serve-protocol.md").read_text()
    documented = re.findall(r"`([^`]+)`", re.search(r"AI levels offered: (.*?)\(", doc).group(1))
    offered = client.get("/api/info").json()["levels"]
    assert offered == documented and set(offered) <= set(LEVELS)
    for level in set(LEVELS) - set(offered):
        assert client.post("/api/rooms", json={"ai": [level]}).status_code == 422
        assert client.post("/api/solo", json={"level": level}).status_code == 422


def test_the_rules_page_is_the_rules_file(client):
    """GET /rules (the page's "Rules" link) is docs/RULES.md, a fixed file; a path after it is not read."""
    answer = client.get("/rules")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    assert answer.text == (Path(__file__).parent.parent / "docs" / "RULES.md").read_text(encoding="utf-8")
    assert client.get("/rules/../pyproject.toml").status_code == 404
    assert client.get("/rules", params={"path": "pyproject.toml"}).text == answer.text


def test_full_or_started_rooms_refuse_joins(client):
    room = new_room(client, seats=2)
    assert client.post(f"/api/rooms/{room['room']}/join", json={"name": "b"}).status_code == 200
    assert client.post(f"/api/rooms/{room['room']}/join", json={"name": "c"}).status_code == 409


def test_room_limit(tmp_path):
    with TestClient(create_app(settings(tmp_path, max_rooms=2))) as c:
        new_room(c)
        new_room(c)
        assert c.post("/api/rooms", json={}).status_code == 503


@pytest.mark.parametrize("first", ['{"type": "hello", "token": "guess"}', "not json", '{"type": "act"}', "[1]"])
def test_a_wrong_token_is_refused_with_1008(client, first):
    room = new_room(client)
    with client.websocket_connect(f"/ws/{room['room']}") as ws:
        ws.send_text(first)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1008


def test_a_token_works_only_in_its_own_room(client):
    one, two = new_room(client), new_room(client)
    with client.websocket_connect(f"/ws/{two['room']}") as ws:
        ws.send_json({"type": "hello", "token": one["token"]})
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1008


def test_server_binds_to_localhost_by_default():
    result = CliRunner().invoke(cli_app, ["serve", "--help"])
    assert result.exit_code == 0 and "127.0.0.1" in result.output


def test_serve_refuses_a_bad_port():
    result = CliRunner().invoke(cli_app, ["serve", "--port", "70000"])
    assert result.exit_code == 2


@pytest.mark.parametrize("under", ["", "sub"])
def test_serve_refuses_an_out_that_cannot_hold_games_before_serving(tmp_path, monkeypatch, under):
    """``--out`` naming a file (or a path under one) is refused at startup with one line, exit 2: otherwise every
    finished game would fail to be written (NotADirectoryError)."""
    import uvicorn

    import sniper.serve.app

    started = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: started.append(a))
    monkeypatch.setattr(sniper.serve.app, "check_listen", lambda host, port: None)
    readme = tmp_path / "README.md"
    readme.write_text("mine")
    result = CliRunner().invoke(cli_app, ["serve", "--out", str(readme / under if under else readme)])
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("sniper: error: cannot write games to --out")
    assert started == [] and readme.read_text() == "mine"
    fine = CliRunner().invoke(cli_app, ["serve", "--out", str(tmp_path / "new" / "games")])
    assert fine.exit_code == 0 and len(started) == 1 and (tmp_path / "new" / "games").is_dir()


def test_serve_passes_its_timings_to_the_server(monkeypatch):
    """``--ai-delay 0`` (bots want no pause) and ``--turn-seconds`` reach the server's ``Settings``; a
    negative delay is refused."""
    import sniper.serve.app

    seen = []
    monkeypatch.setattr(sniper.serve.app, "serve", lambda settings, *a, **k: seen.append(settings))
    result = CliRunner().invoke(cli_app, ["serve", "--ai-delay", "0", "--turn-seconds", "12"])
    assert result.exit_code == 0, result.output
    assert (seen[0].ai_delay, seen[0].turn_seconds) == (0.0, 12.0)
    assert CliRunner().invoke(cli_app, ["serve", "--ai-delay", "-1"]).exit_code == 2


# ----- moves --------------------------------------------------------------------------------------


def two_players(client, **body):
    """A started 2-seat room (no AI): the host's and the guest's sockets, each past its first state."""
    room = new_room(client, seats=2, **body)
    guest = client.post(f"/api/rooms/{room['room']}/join", json={"name": "guest", "bot": True}).json()
    return room, guest


def test_a_seat_acts_only_with_its_own_token_and_bad_messages_change_nothing(client):
    """Illegal, stale, malformed and out-of-turn messages get an error reply and change nothing."""
    room, guest = two_players(client)
    with client.websocket_connect(f"/ws/{room['room']}") as host, client.websocket_connect(f"/ws/{room['room']}") as g:
        hello(host, room["token"])
        hello(g, guest["token"])
        host.send_json({"type": "start"})
        state = until(host, my_turn)  # seat 0 is first in hand 1 (R3)
        turn, bets = state["turn"], state["hand"]["bets"]
        bad = [
            "{",
            json.dumps([1, 2]),
            json.dumps({"type": "fly"}),
            json.dumps({"type": "act", "turn": turn, "action": "fold"}),  # folding when a check is possible (R6)
            json.dumps({"type": "act", "turn": turn, "action": "+7"}),
            json.dumps({"type": "act", "turn": turn - 1, "action": "check"}),
            json.dumps({"type": "act", "turn": True, "action": "check"}),
            json.dumps({"type": "snipe", "turn": turn, "code": 3}),
            json.dumps({"type": "deal"}),
            json.dumps({"type": "start"}),
            "x" * 5000,
        ]
        for text in bad:
            host.send_text(text)
            assert host.receive_json()["type"] == "error", text
        g.send_json({"type": "act", "turn": turn, "action": "check"})  # not the guest's turn
        assert until(g, lambda m: m["type"] == "error")["message"] == "it is not your turn"
        host.send_json({"type": "state"})
        again = until(host, lambda m: m["type"] == "state")
        assert again["turn"] == turn and again["hand"]["bets"] == bets
        host.send_json({"type": "act", "turn": turn, "action": "check"})
        after = until(host, lambda m: m["type"] == "state" and m["turn"] > turn)
        assert after["hand"]["bets"][-1] == {
            "seat": 0,
            "action": "check",
            "chips": 0,
            "round": 1,
            "level_after": 0,
            "cap": 60,
        }


def test_timeout_rule_and_reconnect(tmp_path):
    """R11: silence checks when possible, folds when chips are owed; a seat reconnects with its token."""
    with TestClient(create_app(settings(tmp_path, turn_seconds=1.0))) as c:
        room, guest = two_players(c)
        with c.websocket_connect(f"/ws/{room['room']}") as host:
            hello(host, room["token"])
            with c.websocket_connect(f"/ws/{room['room']}") as g:
                hello(g, guest["token"])
                host.send_json({"type": "start"})
                first = until(host, my_turn)
                host.send_json({"type": "act", "turn": first["turn"], "action": "+3"})
            # the guest is gone: its turn times out, and owing 3 chips it folds (R11)
            state = until(host, lambda m: m["type"] == "state" and m["hand"] and m["hand"]["result"] is not None)
            assert state["last_timeout"]["seat"] == 1 and state["last_timeout"]["choice"] == "fold"
            assert state["players"][1]["connected"] is False
            assert state["hand"]["bets"][-1] == {
                "seat": 1,
                "action": "fold",
                "chips": 0,
                "round": 1,
                "level_after": 3,
                "cap": 60,
            }
            # hand 2: the guest is 1st; it reconnects with its token and checks
            with c.websocket_connect(f"/ws/{room['room']}") as g:
                back = hello(g, guest["token"])
                assert back["seat"] == 1
                turn = until(g, lambda m: my_turn(m) and m["hand"]["hand"] == 1)
                g.send_json({"type": "act", "turn": turn["turn"], "action": "check"})
                after = until(g, lambda m: m["type"] == "state" and m["turn"] > turn["turn"])
                assert after["hand"]["bets"][-1]["seat"] == 1 and after["hand"]["bets"][-1]["action"] == "check"
                assert after["players"][1]["connected"]
                # silence of the host with nothing owed is a check (R11)
                checked = until(g, lambda m: m.get("last_timeout") and m["last_timeout"]["seat"] == 0)
                assert checked["last_timeout"]["choice"] == "check"


def test_a_second_connection_replaces_the_first(client):
    room = new_room(client, seats=2)
    with client.websocket_connect(f"/ws/{room['room']}") as old:
        hello(old, room["token"])
        with client.websocket_connect(f"/ws/{room['room']}") as new:
            hello(new, room["token"])
            with pytest.raises(WebSocketDisconnect) as closed:
                until(old, lambda m: False)
            assert closed.value.code == 4000


def random_message(rng: random.Random, turn: int) -> str:
    """Random or malformed client messages for the fuzz test."""
    values = [None, True, -1, 0, 1, 59, 60, 2**70, 1.5, "check", "+3", "", [], {}, "x" * 50, turn, turn + 1]
    kind = rng.choice(["act", "snipe", "deal", "start", "state", "hello", "", None, 7, "act "])
    message = {"type": kind}
    for key in rng.sample(["turn", "action", "code", "token", "type", "extra"], rng.randrange(4)):
        message[key] = rng.choice(values)
    text = json.dumps(message)
    mutation = rng.randrange(6)
    if mutation == 0:
        text = text[: rng.randrange(len(text) + 1)]
    elif mutation == 1:
        text = "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(40)))
    elif mutation == 2:
        text = "[" * rng.randrange(1, 3000)
    return text


def test_bounded_fuzz_keeps_the_server_running(client):
    """500 random or malformed messages: every reply is a state or an error, and the game goes on."""
    rng = random.Random(13)
    room, guest = two_players(client, ai=["easy"])
    with client.websocket_connect(f"/ws/{room['room']}") as host:
        state = hello(host, room["token"])
        host.send_json({"type": "start"})
        for _ in range(500):
            host.send_text(random_message(rng, state.get("turn", 0)))
            host.send_json({"type": "state"})
            answer = host.receive_json()
            while answer["type"] == "error":
                answer = host.receive_json()
            assert answer["type"] == "state"
            state = answer
        assert client.get("/api/info").status_code == 200
        with client.websocket_connect(f"/ws/{room['room']}") as g:
            g_state = hello(g, guest["token"])
            # the guest's turns have timed out or not; the room still answers and plays on
            assert g_state["type"] == "state" and g_state["status"] in ("playing", "between", "over")


# ----- whole games --------------------------------------------------------------------------------


def test_a_served_game_is_a_run_that_summary_reads(tmp_path):
    """A whole game (bot + AI seats) is written to OUT/ROOM as a run: chips conserved in every hand
    (R9), the private cards each seat was sent match the recorded deal (R10), `summary` reads it."""
    with TestClient(create_app(settings(tmp_path))) as c:
        room = new_room(c, seats=4, length="10", ai=["easy", "normal", "hard"])
        with c.websocket_connect(f"/ws/{room['room']}") as ws:
            first = hello(ws, room["token"])
            ws.send_json({"type": "start"})
            final = play_out(ws, first, "easy")
    out = tmp_path / "games" / room["room"]
    manifest = load_manifest(out)
    assert manifest["status"] == "complete" and manifest["config"]["agents"] == ["bot:host", "easy", "normal", "hard"]
    df = read_results(out)
    assert len(df) == 4 * final["standings"]["hands"]
    assert (df.groupby("hand")["stack_after"].sum() == 240).all()
    last = df[df["hand"] == df["hand"].max()].sort_values("seat")
    assert list(last["stack_after"]) == final["standings"]["stacks"]
    result = CliRunner().invoke(cli_app, ["summary", str(out)])
    assert result.exit_code == 0, result.output
    assert "bot:host" in result.output and "hard" in result.output
    actions = read_run(out, "actions")
    assert len(actions) and set(actions["hand"]) == set(df["hand"])
    for hand in (0, final["standings"]["hands"] - 1):
        history = replay(out, 0, hand)
        assert list(history.seats["stack_after"]) == list(df[df["hand"] == hand].sort_values("seat")["stack_after"])
        assert "bot:host" in str(history)
        shown = CliRunner().invoke(cli_app, ["replay", str(out), "--game-index", "0", "--hand", str(hand)])
        assert shown.exit_code == 0, shown.output
        assert shown.output.strip() == str(history).strip()


def test_private_cards_sent_match_the_deal(tmp_path):
    """Each state a seat receives carries its own private cards of that hand, no one else's (R10)."""
    with TestClient(create_app(settings(tmp_path))) as c:
        room = new_room(c, seats=3, length="10", ai=["random"])
        seen: dict[tuple[int, int], set] = {}
        with c.websocket_connect(f"/ws/{room['room']}") as ws:
            first = hello(ws, room["token"])
            ws.send_json({"type": "start"})
            agent, message, decisions = make_agent("random"), first, 0
            while message.get("status") != "over":
                hand = message.get("hand")
                if message.get("type") == "state" and hand:
                    seen.setdefault((hand["hand"], message["seat"]), set()).add(tuple(hand["private"] or ()))
                    move = reply(message, agent, Stream(decisions))
                    if move is not None:
                        decisions += 1
                        ws.send_json(move)
                message = ws.receive_json()
    df = read_results(tmp_path / "games" / room["room"]).set_index(["hand", "seat"])
    for (hand, seat), cards in seen.items():
        row = df.loc[(hand, seat)]
        assert cards == {(int(row["private_1"]), int(row["private_2"]))} if row["dealt_in"] else {()}
    assert isinstance(df, pd.DataFrame)


def test_ai_seats_decide_on_the_thread_pool_with_the_rollout_kernel(tmp_path, monkeypatch):
    """AI decisions run off the event loop, on the server's "sniper-ai" threads, by agents given the kernel
    rollouts (nothing process-wide is switched)."""
    import threading

    from kernels.sniper_holdem.codes import PASS, Act
    from sniper.serve import table

    threads, kernel = set(), []

    class Recording:
        spec = "easy"

        def act(self, obs, stream):
            threads.add(threading.current_thread().name)
            return Act.CHECK if Act.CHECK in obs.legal else Act.CALL

        def snipe(self, obs, stream):
            threads.add(threading.current_thread().name)
            return PASS

    def recording(spec, rollouts="python"):
        kernel.append(rollouts == "kernel")
        return Recording()

    monkeypatch.setattr(table, "make_agent", recording)
    with TestClient(create_app(settings(tmp_path))) as c:
        room = new_room(c, seats=3, length="10", ai=["easy"])
        with c.websocket_connect(f"/ws/{room['room']}") as ws:
            first = hello(ws, room["token"])
            ws.send_json({"type": "start"})
            play_out(ws, first, "easy")
    assert threads and all(name.startswith("sniper-ai") for name in threads), threads
    assert kernel and all(kernel)


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("127.8.0.1", True), ("::1", True), ("localhost", True), ("0.0.0.0", False),
     ("::", False), ("192.168.1.4", False), ("example.org", False)],
)  # fmt: skip
def test_a_host_beyond_loopback_is_told_apart(host, loopback):
    """``sniper serve`` warns when its ``--host`` may be reached from other machines (plain HTTP, no accounts)."""
    assert is_loopback(host) is loopback
