"""What players of online tables ask for (issue 30, item 3), for every game: rejoining a running game with the seat's
token, a read-only spectator link that is sent only what is public, the game's hand history downloadable; and bots
for every game (item 4): a bot seat's observation and move messages, ``examples/bot_client.py --game``.

- A spectator is sent the public part of the observation rule: checked on every message of many served hands against
  the table's own cards (no private card before a showdown, no pick before all have picked), and as the same view
  whichever seat's view it is derived from; for Sniper Hold'em also counterfactually (the hidden cards redealt, the
  view unchanged).
- A seat's token takes its seat back with the current view; a wrong token is refused (1008).
- The history parses (PHH: PokerKit reads and replays it; Saint Poker: strict JSON) and names the game, and hides
  what the one downloading may not know.
"""

import json
import random
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import tomllib
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from test_serve_games import LENGTH, Watch, fast, get_rules, served_totals
from test_serve_views import apply, random_hand, redeal

from sniper.core.registry import get_game
from sniper.core.served import from_json, to_json
from sniper.core.table import SIMULTANEOUS
from sniper.games.sniper_holdem.served import SniperServed
from sniper.serve.app import create_app, running
from sniper.serve.settings import Settings
from sniper.serve.table import Room, served_class

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("holdem", "draw", "saint")
ALL = ("sniper", *GAMES)
SHORT = {"sniper": "10", "holdem": "50", "draw": "20", "saint": "8"}


def blank(view: dict | None, private) -> dict | None:
    """``view`` with the keys ``private`` blanked as ``ServedGame.spectate`` does."""
    if view is None:
        return None
    return {key: ([] if isinstance(v, list) else None) if key in private else v for key, v in view.items()}


class Spectator(Watch):
    """A spectator's client: every message holds only public cards (``allowed_cards`` of no seat), and its hand is the
    view of every seat with its private part blanked: the same whichever seat it is derived from."""

    def __init__(self, room: Room, seen: dict) -> None:
        super().__init__(room, None, seen)

    def push(self, message: dict) -> None:
        assert message["seat"] is None
        super().push(message)
        served = self.room.served
        for seat in range(self.room.n_seats):
            derived = blank(served.view(seat, self.room.hand_index), served.PRIVATE)
            assert json.loads(json.dumps(derived)) == self.messages[-1]["hand"], f"seat {seat}'s view differs"


# ----- spectators -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_spectator_is_sent_only_what_is_public(game):
    """Many served hands (folds, showdowns, draws, simultaneous picks): no message to a spectator holds a card that is
    not public at that moment; showdowns were shown to it."""
    want = 16 if game == "saint" else 60
    totals = served_totals(game, want, watch=Spectator)
    assert totals["hands"] >= want and totals["cards"] > 10
    if game != "saint":
        assert totals["shown"] > 0, "no showdown was seen: the check above would not have been tried"


@pytest.mark.parametrize("n", [2, 4, 6])
def test_a_sniper_holdem_spectator_view_does_not_depend_on_hidden_cards(n):
    """R10 for a spectator: every spectator view of a hand is unchanged when every seat's private cards and the
    unturned board are dealt again, until a showdown shows them; and it is the same derived from any seat."""
    rng = random.Random(n)
    showdowns = compared = 0
    for seed in range(40):
        final, moves = random_hand(500 * n + seed, n)
        for keep_board in (2, 4):  # 2: compared while only 2 board cards are face up; 4: until a showdown
            truth, other = redeal(final, set(final.private), 4, rng), redeal(final, set(), keep_board, rng)
            for move in [None, *moves]:
                if move is not None:
                    apply(truth, move)
                    apply(other, move)
                views = []
                for state in (truth, other):
                    served = SniperServed(None, None)
                    served.shown = state
                    views.append(served.spectate(0))
                    for seat in range(n):
                        assert blank(served.view(seat, 0), SniperServed.PRIVATE) == views[-1]
                if truth.result is None and (keep_board == 4 or truth.visible == 2):
                    assert views[0] == views[1], f"seed {seed}: a hidden card changed the spectator's view"
                    compared += 1
                assert views[0]["private"] == [] and views[0]["best"] is None and views[0]["legal"] == []
        showdowns += truth.result is not None
    assert showdowns and compared > 100, "the sample must cover showdowns and hidden cards"


def settings(tmp_path: Path, **changes) -> Settings:
    base = dict(turn_seconds=30.0, result_seconds=0.0, ai_delay=0.0, out=tmp_path / "games", keep_seconds=0.2)
    return Settings(**{**base, "allow_origins": ("http://testserver",), **changes})


def hello(ws, kind: str, token: str) -> dict:
    ws.send_json({"type": kind, "token": token})
    return ws.receive_json()


def until(ws, predicate, limit: int = 2000) -> dict:
    for _ in range(limit):
        message = ws.receive_json()
        if predicate(message):
            return message
    raise AssertionError("the awaited message never came")


def my_turn(message: dict) -> bool:
    hand = message.get("hand")
    return message.get("type") == "state" and message["status"] == "playing" and bool(hand and hand["legal"])


def test_spectators_watch_read_only_with_the_watch_token_and_are_capped(tmp_path):
    with TestClient(create_app(settings(tmp_path, max_spectators=2))) as c:
        seat = c.post("/api/rooms", json={"game": "holdem", "seats": 2}).json()
        code, watch = seat["room"], seat["watch"]
        assert watch != seat["token"]
        with c.websocket_connect(f"/ws/{code}") as one, c.websocket_connect(f"/ws/{code}") as two:
            first = hello(one, "watch", watch)
            assert first["type"] == "state" and first["seat"] is None and first["status"] == "lobby"
            hello(two, "watch", watch)
            with c.websocket_connect(f"/ws/{code}") as third:  # beyond max_spectators
                third.send_json({"type": "watch", "token": watch})
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 1013
            for message in ({"type": "start"}, {"type": "act", "turn": 0, "action": "fold"}, {"type": "deal"}):
                one.send_json(message)
                error = one.receive_json()
                assert error["type"] == "error" and "spectator" in error["message"]
            one.send_json({"type": "state"})
            assert one.receive_json()["status"] == "lobby"
        for token in (seat["token"], watch[:-1], "", None, ["x"]):  # a seat's token does not watch, nor a near miss
            with c.websocket_connect(f"/ws/{code}") as ws:
                ws.send_json({"type": "watch", "token": token})
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 1008
        with c.websocket_connect(f"/ws/{code}") as ws:  # the watch token takes no seat
            ws.send_json({"type": "hello", "token": watch})
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1008


# ----- rejoining --------------------------------------------------------------------------------------------------


def legal_move(message: dict) -> dict:
    """A legal move for the seat whose turn ``message`` shows (a check or call, a fold, a stand-pat, a pick)."""
    hand, game = message["hand"], message["game"]
    if game == "saint":
        fields = {"cards": hand["cards"][:2]} if hand["phase"] == "pair" else {"card": hand["cards"][0]}
        return {"type": "take" if hand["phase"] == "take" else "pick", **fields}
    if game == "sniper":
        if hand["turn_kind"] == "snipe":
            return {"type": "snipe", "code": -1}
        return {"type": "act", "action": "check" if "check" in hand["legal"] else hand["legal"][0]}
    if "draw" in hand["legal"]:
        return {"type": "draw", "discard": []}
    return {"type": "act", "action": next(a for a in ("check", "call", "fold") if a in hand["legal"])}


@pytest.mark.parametrize("game", ALL)
def test_a_seat_rejoins_with_its_token_and_a_wrong_token_is_refused(tmp_path, game):
    """A person leaves at its turn and comes back with its token: the same seat, the same view of the same turn; it
    plays on. A wrong token (or another room's) is refused with 1008."""
    with TestClient(create_app(settings(tmp_path))) as c:
        body = {"game": game, "players": 3, "level": "random", "length": SHORT[game]}
        seat = c.post("/api/solo", json=body).json()
        other = c.post("/api/solo", json=body).json()
        with c.websocket_connect(f"/ws/{seat['room']}") as ws:
            hello(ws, "hello", seat["token"])
            before = until(ws, my_turn)
        with c.websocket_connect(f"/ws/{seat['room']}") as ws:
            back = hello(ws, "hello", seat["token"])
            assert back["seat"] == seat["seat"] and back["turn"] == before["turn"]
            assert back["hand"] == before["hand"] and back["players"][seat["seat"]]["connected"]
            ws.send_json({**legal_move(back), "turn": back["turn"]})
            after = until(ws, lambda m: m.get("type") == "error" or m["turn"] > back["turn"])
            assert after["type"] == "state", after
        # a token one character off (its last changed: a random token ends in "x" once in 64 rooms)
        wrong = seat["token"][:-1] + ("y" if seat["token"].endswith("x") else "x")
        for token in (wrong, other["token"], seat["watch"]):
            with c.websocket_connect(f"/ws/{seat['room']}") as ws:
                ws.send_json({"type": "hello", "token": token})
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 1008


# ----- the history ------------------------------------------------------------------------------------------------


def strict_json(text: str):
    def refuse(name):
        raise ValueError(f"not strict JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def phh_hands(text: str) -> list[dict]:
    return [hand for _, hand in sorted(tomllib.loads(text).items(), key=lambda kv: int(kv[0]))]


def dealt(hand: dict) -> dict[int, list[str]]:
    """Each seat's (1-based) cards of the ``d dh`` and ``sd`` actions of a PHH hand (the player ``pK`` is seat
    ``seats[K - 1]``)."""
    out: dict[int, list[str]] = {}
    for action in hand["actions"]:
        words = action.split(" ")
        if words[:2] == ["d", "dh"]:
            player, cards = words[2], words[3]
        elif words[1:2] == ["sd"] and len(words) > 2:
            player, cards = words[0], words[2]
        else:
            continue
        out.setdefault(hand["seats"][int(player[1:]) - 1], []).append(cards)
    return out


def pokerkit_reads(game: str, text: str) -> int:
    """The hands PokerKit reads and replays to their end from a ``.phhs`` text."""
    if game == "holdem":
        from pokerkit import HandHistory
    else:
        from sniper.games.draw.phh import DrawHandHistory as HandHistory
    count = 0
    for history in HandHistory.loads_all(text):
        states = list(history)
        assert not states[-1].status, "the hand does not replay to its end"
        count += 1
    return count


@pytest.mark.parametrize("game", ALL)
def test_the_history_is_downloaded_as_the_game_writes_it_hiding_what_the_viewer_may_not_know(tmp_path, game):
    with TestClient(create_app(settings(tmp_path, turn_seconds=0.05))) as c:
        body = {"game": game, "players": 3, "level": "random", "length": SHORT[game]}
        seat = c.post("/api/solo", json=body).json()
        code = seat["room"]
        with c.websocket_connect(f"/ws/{code}") as ws:
            hello(ws, "hello", seat["token"])
            until(ws, lambda m: m.get("type") == "state" and m["hand"] and m["hand"]["hand"] >= 3)
            room = c.app.state.lobby.rooms[code]
            before = len(room.hands)  # the game goes on while the files are made
            mine = c.post(f"/api/rooms/{code}/history", json={"token": seat["token"]})
            public = c.post(f"/api/rooms/{code}/history", json={"token": seat["watch"]})
            for bad in ("nope", seat["token"][:-1], "x" * 65):
                refused = c.post(f"/api/rooms/{code}/history", json={"token": bad})
                assert refused.status_code in (403, 422) and bad not in refused.text
            assert c.post("/api/rooms/nope/history", json={"token": seat["token"]}).status_code == 404
            after = len(room.hands)
    assert mine.status_code == public.status_code == 200, mine.text
    suffix = "json" if game == "saint" else "phhs"
    assert f'filename="sniper-{game}-' in mine.headers["content-disposition"]
    assert mine.headers["content-disposition"].endswith(f'.{suffix}"')
    if game == "saint":
        for answer in (mine, public):
            data = strict_json(answer.text)
            assert data["game"] == "saint" and len(data["rounds"]) >= 3
            assert [r["round"] for r in data["rounds"]] == list(range(1, len(data["rounds"]) + 1))
        return
    title = get_game(game).title
    assert mine.text.startswith(f"# {title} ({game}), ") and public.text.startswith(f"# {title} ({game}), ")
    for text, viewer in ((mine.text, seat["seat"]), (public.text, None)):
        parsed = phh_hands(text)
        assert before <= len(parsed) <= after and len(parsed) >= 3
        for hand in parsed:
            for seat_number, cards in dealt(hand).items():
                known = viewer is not None and seat_number == viewer + 1
                assert all((set(c) == {"?"}) != known for c in cards if c), (viewer, seat_number, cards)
        if game in ("holdem", "draw"):
            assert pokerkit_reads(game, text) == len(parsed)
    assert "_seed" not in mine.text


# ----- bots -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_seat_rebuilds_its_observation_and_every_legal_action_is_a_move_message(game):
    """Along served games of AI seats: a bot seat's ``observation`` (JSON) rebuilds exactly the table's observation;
    for every legal flat action, ``message_of`` is a message that ``move`` reads back as that action."""
    checked = 0
    for seed in range(1, 4):
        room = Room("bots", fast(), get_rules(game), LENGTH[game], 2 + seed, ("random",), None, seed=seed, game=game)
        table, served, kind = room.table, room.served, served_class(game)
        rng = random.Random(seed)
        for _ in range(400):
            if table.is_over():
                break
            if served.at_chance():
                served.deal()
                continue
            if served.hand_over():
                served.finished()
            seats = served.deciders()
            picks = {}
            for seat in seats:
                data = json.loads(json.dumps(served.observation(seat), allow_nan=False))
                obs = kind.observation_from(data)
                assert obs == table.observe(seat)
                for action in obs.legal:
                    message = json.loads(json.dumps(kind.message_of(obs, action)))
                    assert message["type"] == served.kind(seat)
                    assert served.move(seat, message) == action, (message, action)
                    checked += 1
                picks[seat] = rng.choice(obs.legal)
            if table.current_player() == SIMULTANEOUS:
                table.apply_actions(picks)
            else:
                table.apply(picks[seats[0]])
    assert checked > 500


def test_observations_round_trip_through_json():
    from sniper.games.saint.observation import SaintObservation

    obs = SaintObservation(
        seat=1, seats=2, round=1, phase="pick", hand=(3, 9), river=(1,), future=(4, 5), pairs=(None, (2, 7)),
        points=None, scores=(0, 0), order=(), pool=(), taken=((1, 0, 7),), known=(frozenset({7}), frozenset()),
        hand_size=2, seen=frozenset({1, 4}), legal=(3, 9),
    )  # fmt: skip
    assert from_json(SaintObservation, json.loads(json.dumps(to_json(obs)))) == obs
    with pytest.raises((TypeError, ValueError, KeyError)):
        from_json(SaintObservation, {**to_json(obs), "seat": "1"})


@pytest.mark.parametrize("game", ALL)
def test_bot_client_plays_a_whole_game_of_every_game(tmp_path, game):
    """``examples/bot_client.py --game G`` opens a room of G on a local server, fills it with AI and plays its seat
    with an agent of G to the end (bounded: a short game, random AI, no pauses)."""
    options = Settings(turn_seconds=5.0, result_seconds=0.0, ai_delay=0.0, out=tmp_path / "games", keep_seconds=1.0)
    with running(options) as server:
        command = [
            sys.executable, str(ROOT / "examples" / "bot_client.py"), "--server", server.base_url, "--game", game,
            "--create", "--seats", "3", "--ai", "random", "--agent", "random" if game != "sniper" else "easy",
            "--length", SHORT[game], "--name", "tester",
        ]  # fmt: skip
        started = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].startswith("game over after "), done.stdout
    assert time.monotonic() - started < 300
    unit = get_game(game).unit
    assert f" {unit}s; " in done.stdout.splitlines()[-1]


def test_bot_client_refuses_a_room_of_another_game(tmp_path):
    options = Settings(turn_seconds=5.0, result_seconds=0.0, ai_delay=0.0, out=tmp_path / "games")
    with running(options) as server:
        from sniper.serve import bot

        room = bot.create(server.base_url, "host", game="saint", seats=2)
        command = [sys.executable, str(ROOT / "examples" / "bot_client.py"), "--server", server.base_url]
        done = subprocess.run(
            [*command, "--game", "draw", "--room", room["room"], "--agent", "random"],
            capture_output=True, text=True, timeout=120, cwd=ROOT,
        )  # fmt: skip
        assert done.returncode == 2 and "plays saint, not draw" in done.stderr, done.stderr
        facts = json.loads(urllib.request.urlopen(f"{server.base_url}/api/rooms/{room['room']}", timeout=10).read())
        assert [p["kind"] for p in facts["players"]] == ["bot", "open"]  # no seat was taken
