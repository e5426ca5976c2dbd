"""The server hosts every game safely (issue 30, items 1 and 5): no-limit Hold'em, five-card draw and Saint Poker rooms.

- A seat is only ever sent its own private cards, and other seats' cards only when the game's rules show them (a
  showdown, H9 and D7; Saint Poker's picks once every player has picked, S9): checked on every message of many
  served hands against the table's own cards at the moment it is sent.
- Options and moves are checked against the room's game; unknown games, malformed and illegal moves are refused with
  an error that never repeats what was sent, and change nothing.
- Each game is journaled hand by hand (round by round) under its own name and recovered after ``kill -9``.
"""

import asyncio
import json
import os
import re
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serve_harness import kill_9_mid_game
from typer.testing import CliRunner

from sniper.cli.app import app as cli_app
from sniper.core.table import SIMULTANEOUS
from sniper.games.poker52.cards import text
from sniper.runs.results import read_results
from sniper.runs.rundir import MANIFEST, load_manifest
from sniper.serve.app import create_app
from sniper.serve.settings import Settings
from sniper.serve.table import Room, hosted

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("holdem", "draw", "saint")
CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
LENGTH = {"holdem": "50", "draw": "20", "saint": "8"}


def card_names(cards) -> set[str]:
    return {text(int(c)) for c in cards}


def cards_in(data) -> set[str]:
    """Every card name anywhere in a message."""
    if isinstance(data, str):
        return {data} if CARD.match(data) else set()
    if isinstance(data, dict):
        return set().union(*map(cards_in, data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*map(cards_in, data)) if data else set()
    return set()


def allowed_cards(room: Room, seat: int) -> tuple[set[str], set[str]]:
    """The cards ``seat`` may be sent now, from the table's own state (not from its views): its own private cards
    and what the game's rules have made public; and, of those, the other seats' private cards shown. ``seat``
    ``None``: a spectator (no private cards of its own)."""
    table = room.table
    if room.game == "saint":
        public = set(table.future)
        for record in table.history:
            public |= {*record.carried, *record.future, *record.picks, *(c for p in record.pairs for c in p)}
            public |= {card for _, card in record.takes}
        return (set() if seat is None else card_names(table.hands[seat])) | card_names(public), set()
    hand = table.hand
    if hand is None:
        return set(), set()
    if seat is None:  # a spectator
        own = ()
    elif room.game == "holdem":
        own = hand.holes.get(seat, ())
    else:
        own = (*hand.cards.get(seat, ()), *hand.discards.get(seat, ()))
    public = hand.board if room.game == "holdem" else ()
    shown = set()
    if hand.done and hand.showdown:
        for other in hand.order:
            if other != seat and hand.in_hand()[other]:
                shown |= card_names(hand._showdown_cards(other)[0])
    return card_names(own) | card_names(public) | shown, shown


class Watch:
    """A seat's client that checks every message it is sent against ``allowed_cards`` at that moment."""

    def __init__(self, room: Room, seat: int, seen: dict) -> None:
        self.room, self.seat, self.seen, self.messages = room, seat, seen, []

    def push(self, message: dict) -> None:
        message = json.loads(json.dumps(message, allow_nan=False))  # what the socket would send
        found = cards_in(message)
        allowed, shown = allowed_cards(self.room, self.seat)
        leaked = found - allowed
        assert not leaked, f"{self.room.game}: seat {self.seat} was sent {sorted(leaked)}"
        self.seen["messages"] += 1
        self.seen["shown"] += bool(found & shown)
        self.seen["cards"] += bool(found)
        self.messages.append(message)

    def close(self, code: int, reason: str) -> None:
        pass


def fast(**changes) -> Settings:
    base = dict(ai_delay=0.0, result_seconds=0.0, keep_seconds=0.0, turn_seconds=0.05, out=Path("/nonexistent"))
    return Settings(**{**base, **changes})


def watched_game(game: str, seats: int, seed: int, levels=("random", "easy"), watch=None) -> dict:
    """An all-AI game of ``game`` in a room, every seat watched (``Watch``); ``watch(room, seen)``: the one client
    watching instead, as a spectator. The counts of what was sent."""
    seen = {"messages": 0, "shown": 0, "cards": 0}
    room = Room("leak", fast(), get_rules(game), LENGTH[game], seats, levels, None, seed=seed, game=game)
    room.start()
    if watch is not None:
        room.spectators.append(watch(room, seen))
    else:
        for seat in room.seats:
            seat.client = Watch(room, seat.index, seen)
    asyncio.run(room.run())
    assert not room.errors and room.status == "over", room.errors
    seen["hands"] = len(room.hands)
    return seen


def served_totals(game: str, want: int, watch=None) -> dict:
    """``watched_game``'s counts summed over games of 2 to 5 seats (seeds 1, 2, …) until ``want`` hands were served."""
    totals = {"messages": 0, "shown": 0, "cards": 0, "hands": 0}
    for seed in range(1, 30):
        for key, value in watched_game(game, 2 + seed % 4, seed, watch=watch).items():
            totals[key] += value
        if totals["hands"] >= want:
            break
    return totals


def get_rules(game: str) -> str:
    from sniper.core.registry import get_game

    return get_game(game).default_rules


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_is_only_ever_sent_its_own_cards_and_what_the_rules_show(game):
    """Many served hands (folds, showdowns, draws, simultaneous picks): every message to every seat holds only its
    own private cards and the public ones; other seats' cards appear at showdowns only (H9, D7), and were seen."""
    want = 24 if game == "saint" else 150
    totals = served_totals(game, want)
    assert totals["hands"] >= want and totals["cards"] > 100
    if game != "saint":
        assert totals["shown"] > 0, "no showdown was seen: the check above would not have been tried"


def test_a_pick_is_never_sent_to_another_seat_before_all_have_picked():
    """S9: seat 0 picks, seat 1 has not: seat 1's view does not hold seat 0's pick, nor a spectator's; seat 0 cannot
    pick twice; once seat 1 has picked too, both picks are in everyone's river, the spectator's too."""

    async def scenario() -> None:
        room = Room("s9", fast(turn_seconds=30), "standard", "8", 3, ("random",), None, seed=4, game="saint")
        room.join("zero")
        room.join("one")
        room.start()
        seen = {"messages": 0, "shown": 0, "cards": 0}
        for seat in room.seats:
            seat.client = Watch(room, seat.index, seen)
        spectator = Watch(room, None, seen)
        room.spectators.append(spectator)
        task = asyncio.ensure_future(room.run())
        for _ in range(500):
            if set(room._pending) == {0, 1}:
                break
            await asyncio.sleep(0.01)
        assert room.table.current_player() == SIMULTANEOUS
        mine, theirs = text(room.table.legal_actions(0)[0]), text(room.table.legal_actions(1)[0])
        assert room.handle(0, {"type": "pick", "turn": room.turn, "card": mine}) is None
        assert room.handle(1, {"type": "state"}) is None
        assert mine not in cards_in(room.seats[1].client.messages[-1])
        room.broadcast()
        assert mine not in cards_in(spectator.messages[-1]) and mine not in cards_in(room.seats[1].client.messages[-1])
        assert room.handle(0, {"type": "pick", "turn": room.turn, "card": mine}) == "it is not your turn"
        assert room.handle(1, {"type": "pick", "turn": room.turn, "card": theirs}) is None
        for _ in range(500):
            if room.table.phase == "pair" and room.seats[1].client.messages[-1]["hand"]["phase"] == "pair":
                break
            await asyncio.sleep(0.01)
        river = room.seats[1].client.messages[-1]["hand"]["river"]
        assert {mine, theirs} <= set(river) and {mine, theirs} <= set(spectator.messages[-1]["hand"]["river"])
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())


# ----- moves ------------------------------------------------------------------------------------------------------

BAD_BETS = [
    {"action": "raise", "amount": 10**100},
    {"action": "raise", "amount": -1},
    {"action": "raise", "amount": 4.0},
    {"action": "raise", "amount": True},
    {"action": "raise", "amount": "4"},
    {"action": "raise"},
    {"action": 1},
    {"action": "RAISE"},
    {"action": "__import__('os').system('touch PWNED')"},
    {"action": {"name": "call"}},
    {"action": None},
]
BAD_DISCARDS = [[0, 0], [0, 1, 2, 3], [5], [-1], ["0"], [True], "012", None, [0.0], {"0": 1}, [[0]]]
BAD_PICKS = [{"card": "Zz"}, {"card": 12}, {"card": ["Ah"]}, {"card": None}, {"card": "../../etc/passwd"}, {}]
BAD_PAIRS = [{"cards": ["Ah"]}, {"cards": "AhKd"}, {"cards": [1, 2]}, {"cards": None}, {"card": "Ah"}]


async def human_turn(room: Room, seat: int = 0) -> None:
    for _ in range(1000):
        if seat in room._pending and not room._pending[seat].done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the seat's turn never came")


def refused(room: Room, message: dict) -> str:
    """``message`` from seat 0 is refused with an error, and nothing changes."""
    turn, pending = room.turn, room._pending[0]
    error = room.handle(0, message)
    assert isinstance(error, str) and error, message
    assert room.turn == turn and not pending.done(), message
    assert "PWNED" not in error and "passwd" not in error and "10000000000" not in error
    return error


@pytest.mark.parametrize("game", GAMES)
def test_malformed_and_illegal_moves_are_refused_and_change_nothing(game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    async def scenario() -> None:
        options = {"seed": 2, "game": game}
        room = Room("moves", fast(turn_seconds=30), get_rules(game), LENGTH[game], 3, ("random",), None, **options)
        room.join("me")
        room.start()
        task = asyncio.ensure_future(room.run())
        await human_turn(room)
        kind = room.served.kind(0)
        assert refused(room, {"type": "nonsense"}).startswith("unknown message type; valid: ")
        assert refused(room, {"type": ["act"]}).startswith("unknown message type")
        assert refused(room, {"type": kind, "turn": room.turn + 1}).startswith("turn must be")
        assert refused(room, {"type": kind, "turn": True}).startswith("turn must be")
        other = next(m for m in room.served.MOVES if m != kind) if len(room.served.MOVES) > 1 else None
        if other is not None:
            assert refused(room, {"type": other, "turn": room.turn}).startswith("this turn takes")
        if game == "holdem":
            for bad in BAD_BETS:
                refused(room, {"type": "act", "turn": room.turn, **bad})
            assert room.handle(0, {"type": "act", "turn": room.turn, "action": "all-in"}) is None
        elif game == "draw":
            for _ in range(100):  # check or call until the draw (D5)
                if room.served.kind(0) == "draw":
                    break
                for bad in BAD_BETS:
                    if bad != {"action": "raise"}:  # a fixed-limit raise needs no amount
                        refused(room, {"type": "act", "turn": room.turn, **bad})
                action = "check" if "check" in room.view(0)["hand"]["legal"] else "call"
                assert room.handle(0, {"type": "act", "turn": room.turn, "action": action}) is None
                await human_turn(room)
            for bad in BAD_DISCARDS:
                refused(room, {"type": "draw", "turn": room.turn, "discard": bad})
            assert room.handle(0, {"type": "draw", "turn": room.turn, "discard": [4, 0]}) is None
        else:
            hand = room.view(0)["hand"]["cards"]
            not_mine = next(text(c) for c in range(52) if text(c) not in hand)
            for bad in [*BAD_PICKS, {"card": not_mine}]:
                refused(room, {"type": "pick", "turn": room.turn, **bad})
            assert room.handle(0, {"type": "pick", "turn": room.turn, "card": hand[0]}) is None
            await human_turn(room)
            hand = room.view(0)["hand"]["cards"]
            for bad in [*BAD_PAIRS, {"cards": [hand[0], hand[0]]}, {"cards": [hand[0], not_mine]}]:
                refused(room, {"type": "pick", "turn": room.turn, **bad})
            assert room.handle(0, {"type": "pick", "turn": room.turn, "cards": hand[:2]}) is None
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())
    assert os.listdir(tmp_path) == []


# ----- options ----------------------------------------------------------------------------------------------------


def settings(tmp_path: Path, **changes) -> Settings:
    base = dict(turn_seconds=0.05, result_seconds=0.0, ai_delay=0.0, out=tmp_path / "games", keep_seconds=0.2)
    return Settings(**{**base, "allow_origins": ("http://testserver",), **changes})


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as c:
        yield c


def test_every_game_is_hosted_and_listed(client):
    assert set(GAMES) | {"sniper"} <= set(hosted())
    games = {g["name"]: g for g in client.get("/api/info").json()["games"]}
    assert set(games) == set(hosted())
    for name in GAMES:
        assert client.get(games[name]["page"]).status_code == 200
        rules = client.get(games[name]["rules_url"])
        assert rules.status_code == 200 and rules.text.startswith("# ")
        room = client.post("/api/rooms", json={"game": name, "seats": 2}).json()
        assert room["game"] == name and client.get(f"/api/rooms/{room['room']}").json()["game"] == name


@pytest.mark.parametrize(
    "body",
    [
        {"game": "chess"},
        {"game": "../../etc/passwd"},
        {"game": "sniper.games.holdem:SPEC"},
        {"game": ["holdem"]},
        {"game": "holdem", "seats": 10},
        {"game": "draw", "seats": 7},
        {"game": "saint", "seats": 6},
        {"game": "saint", "seats": 1},
        {"game": "holdem", "rules": "ours"},
        {"game": "holdem", "length": "8"},
        {"game": "saint", "length": "20"},
        {"game": "holdem", "ai": ["fold"]},
        {"game": "saint", "ai": ["easy"] * 6},
        {"game": "draw", "ai": []},
    ],
)
def test_options_not_of_the_game_are_refused_without_echo(client, body):
    answer = client.post("/api/rooms", json=body)
    assert answer.status_code == 422
    assert "passwd" not in answer.text and "SPEC" not in answer.text and "chess" not in answer.text


@pytest.mark.parametrize("body", [{"game": "saint", "players": 6}, {"game": "holdem", "level": "call"}, {"game": "x"}])
def test_solo_options_not_of_the_game_are_refused(client, body):
    assert client.post("/api/solo", json=body).status_code == 422


@pytest.mark.parametrize(
    "path", ["/rules/chess", "/play/chess", "/play/..%2Fapp.py", "/rules/..%2F..%2Fpyproject.toml"]
)
def test_only_hosted_games_have_pages(client, path):
    assert client.get(path).status_code == 404


def test_a_server_restricted_to_games_hosts_only_those(tmp_path):
    with TestClient(create_app(settings(tmp_path, games=("holdem",)))) as c:
        assert [g["name"] for g in c.get("/api/info").json()["games"]] == ["holdem"]
        assert c.post("/api/rooms", json={}).status_code == 422  # Sniper Hold'em is not hosted here
        assert c.post("/api/rooms", json={"game": "holdem"}).status_code == 200
        assert c.get("/play/draw").status_code == 404


def test_serve_refuses_an_unknown_game():
    result = CliRunner().invoke(cli_app, ["serve", "--game", "chess"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output


# ----- records ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_served_game_is_recorded_as_its_game(client, tmp_path, game):
    room = client.post("/api/solo", json={"game": game, "players": 2, "level": "random", "length": LENGTH[game]}).json()
    with client.websocket_connect(f"/ws/{room['room']}") as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        while (message := ws.receive_json())["status"] != "over":
            pass
    manifest = tmp_path / "games" / room["room"] / MANIFEST
    for _ in range(200):
        if manifest.is_file() and json.loads(manifest.read_text())["status"] == "complete":
            break
        time.sleep(0.05)
    recorded = load_manifest(manifest.parent)
    assert recorded["game"] == game and recorded["status"] == "complete"
    assert recorded["hands"] == message["standings"]["hands"]
    assert len(read_results(manifest.parent)) == 2 * recorded["hands"]


@pytest.mark.parametrize("game", GAMES)
def test_kill_9_mid_game_then_restart_recovers_each_game(tmp_path, game):
    solo = {"game": game, "players": 3, "level": "random", "length": LENGTH[game]}
    room = kill_9_mid_game(tmp_path / "games", solo, turn_seconds=0.1)
    recovered = load_manifest(room)
    assert recovered["status"] == "interrupted" and recovered["game"] == game and recovered["hands"] >= 2
    assert len(read_results(room)) == 3 * recovered["hands"]
