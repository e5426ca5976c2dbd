"""The bot side of the protocol: put any ``Agent`` of any hosted game in a seat of a ``sniper serve`` room.

Sniper Hold'em: ``observation_of`` turns a ``state`` message back into the ``Observation`` (R10) an agent decides
from. Another game: a bot seat's ``state`` message carries its ``observation`` (``ServedGame.observation``, the
game's own observation rule as JSON), rebuilt by ``ServedGame.observation_from``, and the agent's flat action is
sent as the game's move message (``ServedGame.message_of``). Either way an agent written for ``sniper simulate``
plays a served game unchanged. ``play_seat`` connects to a room with a seat token and answers every turn of that
seat until the game is over. ``join`` and ``create`` are the HTTP calls (standard library only). Protocol:
docs/serve-protocol.md.
"""

import asyncio
import json
import urllib.error
import urllib.parse
import urllib.request

from kernels.sniper_holdem.codes import Act
from sniper.core.registry import DEFAULT_GAME
from sniper.core.rng import Stream, derive, mix64
from sniper.games.sniper_holdem.agents import Agent
from sniper.games.sniper_holdem.engine import BetRecord, SnipeRecord
from sniper.games.sniper_holdem.observation import Observation
from sniper.games.sniper_holdem.views import ACTION_NAMES, ACTIONS_BY_NAME, PHASE_NAMES

ROUND_OF_PHASE = {name: int(phase) for phase, name in PHASE_NAMES.items()}


def observation_of(message: dict) -> Observation:
    """The ``Observation`` of the seat a ``state`` message was sent to (R10): the inverse of
    ``sniper.games.sniper_holdem.views.hand_view``, so it equals ``Observation.of`` of the hand for that seat.

    ``KeyError``/``TypeError`` if the message has no hand.
    """
    hand = message["hand"]
    return Observation(
        seat=message["seat"],
        private=tuple(hand["private"] or ()),
        board=tuple(hand["board"]),
        first=hand["first"],
        stacks=tuple(hand["stacks"]),
        committed=tuple(hand["committed"]),
        round_put=tuple(hand["round_put"]),
        folded=tuple(hand["folded"]),
        cap=hand["cap"],
        pot=hand["pot"],
        round=ROUND_OF_PHASE[hand["phase"]],
        legal=tuple(ACTIONS_BY_NAME[name] for name in hand["legal"]),
        bets=tuple(
            BetRecord(b["seat"], ACTIONS_BY_NAME[b["action"]], b["chips"], b["round"], b["level_after"], b["cap"])
            for b in hand["bets"]
        ),
        snipes=tuple(SnipeRecord(r["seat"], r["code"]) for r in hand["snipes"]),
    )


def reply(message: dict, agent: Agent, stream: Stream, game: str = DEFAULT_GAME) -> dict | None:
    """The move message ``agent`` (an agent of ``game``) sends for a ``state`` message, or ``None`` when
    it is not this seat's turn: Sniper Hold'em's ``act`` or ``snipe``; another game's from its ``observation``
    (``game_reply``)."""
    if game != DEFAULT_GAME:
        return game_reply(message, agent, stream, game)
    hand = message.get("hand")
    if message.get("status") != "playing" or not hand or hand["to_act"] != message["seat"]:
        return None
    obs = observation_of(message)
    if hand["turn_kind"] == "snipe":
        return {"type": "snipe", "turn": message["turn"], "code": int(agent.snipe(obs, stream))}
    return {"type": "act", "turn": message["turn"], "action": ACTION_NAMES[Act(agent.act(obs, stream))]}


def game_reply(message: dict, agent, stream: Stream, game: str) -> dict | None:
    """The move message of ``agent``'s flat action (``agent.act(observation, stream)``) for a bot seat's ``state``
    message of ``game``, ``None`` when the seat has nothing to decide (no ``observation``, or none legal)."""
    from sniper.serve.table import served_class

    data = message.get("observation")
    if message.get("status") != "playing" or not data:
        return None
    kind = served_class(game)
    obs = kind.observation_from(data)
    if not obs.legal:
        return None
    return {**kind.message_of(obs, int(agent.act(obs, stream))), "turn": message["turn"]}


class Refused(ValueError):
    """The server refused a request (HTTP 4xx/5xx); the message is one line with its reason and ``status``."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.status = status


def server_reason(body: bytes) -> str:
    """The reason in an error answer's body: FastAPI's ``detail``, a string or a list of validation errors
    (``loc: msg`` each), else the body's text, on one line.

    >>> server_reason(b'{"detail": [{"loc": ["body", "seats"], "msg": "Input should be less than or equal to 6"}]}')
    'seats: Input should be less than or equal to 6'
    >>> server_reason(b'{"detail": "no such room"}')
    'no such room'
    """
    try:
        detail = json.loads(body)["detail"]
    except (ValueError, KeyError, TypeError):
        return " ".join(body.decode(errors="replace").split())[:200] or "no reason given"
    if isinstance(detail, list):
        errors = [e for e in detail if isinstance(e, dict)]
        detail = "; ".join(f"{'.'.join(str(x) for x in e.get('loc', [])[1:])}: {e.get('msg')}" for e in errors)
    return " ".join(str(detail).split())


def http_post(base: str, path: str, body: dict | None, timeout: float = 10.0) -> dict:
    """POST ``body`` as JSON to ``base + path`` (``None``: GET ``base + path``) and return the JSON answer.

    Raises ``Refused`` (a ``ValueError``) with the server's reason for an error answer (422 bad options,
    404 no such room, 409 full or started, 503 too many rooms), ``ConnectionError`` when the server cannot
    be reached, ``ValueError`` for a ``base`` that is not an http URL.
    """
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base.rstrip("/") + path, data, {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as error:
        reason = server_reason(error.read())
        raise Refused(f"the server refused {path} (HTTP {error.code}): {reason}", error.code) from None
    except urllib.error.URLError as error:
        raise ConnectionError(f"cannot reach the server at {base}: {error.reason}") from None
    except OSError as error:  # a timeout or a connection dropped while reading
        raise ConnectionError(f"cannot reach the server at {base}: {error}") from None


def agent_name(spec: str) -> str:
    """A seat name for the agent made from ``spec`` (``sniper.games.sniper_holdem.parameters.make_agent``): an outside
    agent's module
    file stem (``examples.cautious:Cautious:margin=2`` → ``cautious``), a level's spec head (``hard+ev:samples=800``
    → ``hard+ev``). The run records the seat as ``bot:NAME`` (docs/serve-protocol.md).

    >>> agent_name("examples.cautious:Cautious:margin=2"), agent_name("hard+ev:samples=800")
    ('cautious', 'hard+ev')
    """
    from sniper.games.sniper_holdem.parameters import is_outside

    head = spec.strip().partition(":")[0].strip()
    return head.rpartition(".")[2] if is_outside(spec) else head


def create(base: str, name: str, **options) -> dict:
    """Open a room (``POST /api/rooms``; options: rules, length, seats, ai) → ``{room, seat, token}``.

    ``name`` is the seat's name; the run records the seat as ``bot:NAME``."""
    return http_post(base, "/api/rooms", {"name": name, "bot": True, **options})


def join(base: str, room: str, name: str, game: str | None = None) -> dict:
    """Take the next open seat of ``room`` (``POST /api/rooms/{room}/join``) → ``{room, seat, token, game, watch}``;
    with ``game``, ``Refused`` (status 409, no seat taken) when the room plays another game (``GET /api/rooms/{room}``).
    """
    path = f"/api/rooms/{urllib.parse.quote(room, safe='')}"
    if game is not None and (played := http_post(base, path, None).get("game")) != game:
        raise Refused(f"room {room} plays {played}, not {game}: give --game {played}", 409)
    return http_post(base, f"{path}/join", {"name": name, "bot": True})


async def play_seat(
    ws_url: str, token: str, agent: Agent, seed: int = 0, start: bool = False, on_message=None, game: str = DEFAULT_GAME
) -> dict:
    """Play one seat of a game of ``game`` with ``agent`` (an agent of that game) until the game is over; returns the
    last ``state`` message.

    ``ws_url``: ``ws://HOST:PORT/ws/ROOM``; ``seed`` keys the agent's random stream (decision
    ``d`` draws from ``derive(mix64(seed), d)``); ``start``: send ``start`` (host only) once
    connected; a hand's result on screen is dealt on at once (``deal``). ``on_message`` is called
    with every message received. Raises ``ConnectionError`` (one line: the close code and reason) if
    the server cannot be reached or closes the connection before the game is over.
    """
    import websockets

    try:
        last = await _play_seat(ws_url, token, agent, seed, start, on_message, game)
    except websockets.exceptions.ConnectionClosed as closed:
        close = closed.rcvd or closed.sent
        why = f"code {close.code}{f' {close.reason}' if close.reason else ''}" if close else "no close frame"
        raise ConnectionError(f"the server closed the connection before the game was over ({why})") from None
    except (OSError, websockets.exceptions.InvalidHandshake) as error:
        raise ConnectionError(f"cannot connect to {ws_url}: {error}") from None
    if last is None or last["status"] != "over":
        status = last["status"] if last else "none"
        raise ConnectionError(f"the server closed the connection before the game was over (last status: {status})")
    return last


async def _play_seat(
    ws_url: str, token: str, agent: Agent, seed: int, start: bool, on_message, game: str
) -> dict | None:
    """``play_seat`` without its checks: the last ``state`` message when the connection ends (None if none)."""
    import websockets

    key, decisions, answered, dealt, last = mix64(seed), 0, -1, -1, None
    async with websockets.connect(ws_url, max_size=2**20) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token}))
        if start:
            await socket.send(json.dumps({"type": "start"}))
        async for text in socket:
            message = json.loads(text)
            if on_message is not None:
                on_message(message)
            if message.get("type") != "state":
                continue
            last = message
            if message["status"] == "over":
                return message
            if message["status"] == "between":
                if dealt != message["hand"]["hand"] and message["result_seconds"] > 0:
                    dealt = message["hand"]["hand"]
                    await socket.send(json.dumps({"type": "deal"}))
                continue
            if message["turn"] == answered:
                continue
            move = await asyncio.to_thread(reply, message, agent, Stream(derive(key, decisions)), game)
            if move is not None:
                decisions += 1
                answered = message["turn"]
                await socket.send(json.dumps(move))
    return last
