"""docs/serve-protocol.md's example session of each game is a real session (issue 30, item 4): a bot takes a seat,
starts the room, gets its state and its ``observation``, sends a bad move and is refused, then plays the game's moves
(bets, a raise to an amount, a draw, picks, a take) from ``ServedGame.message_of``. The transcript is made here on a
fixed seed and must be the one in the document, so the example cannot rot.

``SNIPER_RECORD_EXAMPLES=1`` writes the transcripts into docs/serve-protocol.md instead (between the markers
``<!-- session:GAME -->`` and ``<!-- /session:GAME -->``); review the diff.
"""

import json
import os
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from sniper.games.draw.engine import DRAW, discard_action
from sniper.games.poker52.served import CHECK_CALL
from sniper.serve.app import create_app
from sniper.serve.settings import Settings
from sniper.serve.table import served_class

DOC = Path(__file__).resolve().parents[1] / "docs" / "serve-protocol.md"
GAMES = ("holdem", "draw", "saint")
LENGTH = {"holdem": "50", "draw": "20", "saint": "8"}
STATE_KEYS = ("type", "game", "seat", "status", "turn")
HAND_KEYS = {
    "holdem": ("hand", "button", "blinds", "street", "board", "hole", "stacks", "bets", "pot", "to_call", "to_act",
               "min_raise_to", "max_raise_to", "legal", "actions"),
    "draw": ("hand", "button", "street", "cards", "drawn", "stacks", "bets", "pot", "to_call", "to_act", "bet_size",
             "raise_to", "legal", "actions"),
    "saint": ("round", "phase", "cards", "river", "future", "pairs", "scores", "pool", "to_act", "picking", "legal"),
}  # fmt: skip
OBSERVATION_KEYS = {"holdem": ("seat", "hole", "legal"), "draw": ("seat", "cards", "legal"), "saint": ("seat", "legal")}
BAD = {
    "holdem": {"type": "act", "action": "raise", "amount": 1},
    "draw": {"type": "act", "action": "shove"},
    "saint": {"type": "pick", "card": "Zz"},
}
WANT = {"holdem": {"bet/raise", "check/call"}, "draw": {"bet/raise", "draw"}, "saint": {"pick", "pair", "take"}}


def abridged(data: dict, keys) -> str:
    """``data`` as one line of JSON holding only ``keys`` (in that order), with ``…`` for the rest."""
    text = json.dumps({key: data[key] for key in keys if key in data})
    return text[:-1] + ", …}" if set(data) - set(keys) else text


def state_line(message: dict, game: str) -> str:
    line = abridged(message, STATE_KEYS)[:-1]
    if message.get("hand") is not None:
        line += f', "hand": {abridged(message["hand"], HAND_KEYS[game])}'
    if message.get("observation") is not None:
        line += f', "observation": {abridged(message["observation"], OBSERVATION_KEYS[game])}'
    return line + "}"


def choice(game: str, obs, done: set) -> tuple[int, str]:
    """The bot's flat action and what it is: a raise (bet) to the least amount once, then check or call; the draw of
    the first two cards; Saint Poker's lowest card, two lowest, the pool's lowest."""
    if game == "saint":
        return obs.legal[0], {"pick": "pick", "pair": "pair", "take": "take"}[obs.phase]
    if game == "draw" and obs.street == DRAW:
        return discard_action(0b11), "draw"
    raises = [a for a in obs.legal if a > CHECK_CALL]
    if raises and "bet/raise" not in done:
        return min(raises), "bet/raise"
    return CHECK_CALL, "check/call"


def session(game: str, tmp_path: Path) -> str:
    """A bot's session of ``game`` on a fixed seed, as the lines of the document's example."""
    settings = Settings(
        turn_seconds=30.0,
        result_seconds=0.0,
        ai_delay=0.0,
        out=tmp_path / "games",
        seed=7,
        keep_seconds=0.1,
        allow_origins=("http://testserver",),
    )
    kind = served_class(game)
    lines = []
    with TestClient(create_app(settings)) as client:
        body = {"game": game, "name": "mybot", "bot": True, "seats": 3, "ai": ["random"], "length": LENGTH[game]}
        seat = client.post("/api/rooms", json=body).json()
        lines += [f"POST /api/rooms {json.dumps(body)}", f"  \u2192 {json.dumps(seat)}"]
        with client.websocket_connect(f"/ws/{seat['room']}") as ws:

            def send(message: dict) -> None:
                ws.send_json(message)
                lines.append(f"\u2192 {json.dumps(message)}")

            def receive() -> dict:
                message = ws.receive_json()
                shown = state_line(message, game) if message["type"] == "state" else json.dumps(message)
                lines.append(f"\u2190 {shown}")
                return message

            send({"type": "hello", "token": seat["token"]})
            receive()
            send({"type": "start"})
            done, refused, answered = set(), False, -1
            for _ in range(300):
                message = ws.receive_json()
                assert message.get("status") != "over", "\n".join(lines)
                if message["type"] != "state" or not message.get("observation") or message["turn"] <= answered:
                    continue
                obs = kind.observation_from(message["observation"])
                if not obs.legal or message["status"] != "playing":
                    continue
                lines.append(f"\u2190 {state_line(message, game)}")
                if not refused:
                    send({**BAD[game], "turn": message["turn"]})
                    receive()
                    refused = True
                action, name = choice(game, obs, done)
                send({**kind.message_of(obs, action), "turn": message["turn"]})
                done.add(name)
                answered = message["turn"]
                if WANT[game] <= done:
                    break
                lines.append("\u2026")
            assert WANT[game] <= done, "\n".join(lines)
    text = "\n".join(lines)
    for key in ("room", "token", "watch"):
        text = text.replace(seat[key], key.upper())
    return text + "\n\u2026\n"


@pytest.mark.parametrize("game", GAMES)
def test_the_documented_session_of_each_game_is_a_real_one(game, tmp_path):
    text = session(game, tmp_path)
    block = re.compile(rf"(<!-- session:{game} -->\n```text\n)(.*?)(```\n<!-- /session:{game} -->)", re.S)
    doc = DOC.read_text(encoding="utf-8")
    found = block.search(doc)
    assert found, f"docs/serve-protocol.md has no session:{game} block"
    if os.environ.get("SNIPER_RECORD_EXAMPLES"):
        DOC.write_text(doc[: found.start(2)] + text + doc[found.end(2) :], encoding="utf-8")
    else:
        assert found.group(2) == text, "the example session changed: rerun with SNIPER_RECORD_EXAMPLES=1 and review"
