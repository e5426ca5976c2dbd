"""The bot side of the protocol: put any ``Agent`` in a seat of a ``sniper serve`` room.

``observation_of`` turns a ``state`` message back into the ``Observation`` (R10) an agent decides
from, so an agent written for ``sniper simulate`` plays a served game unchanged; ``play_seat``
connects to a room with a seat token and answers every turn of that seat until the game is over.
``join`` and ``create`` are the HTTP calls (standard library only). Protocol: docs/serve-protocol.md.
"""

import asyncio
import json
import urllib.request

from kernels.codes import Act
from sniper.agents import Agent, Observation
from sniper.engine import BetRecord, SnipeRecord
from sniper.rng import Stream, derive, mix64
from sniper.serve.views import ACTION_NAMES, ACTIONS_BY_NAME, PHASE_NAMES

ROUND_OF_PHASE = {name: int(phase) for phase, name in PHASE_NAMES.items()}


def observation_of(message: dict) -> Observation:
    """The ``Observation`` of the seat a ``state`` message was sent to (R10).

    ``KeyError``/``TypeError`` if the message has no hand in progress.
    """
    hand = message["hand"]
    return Observation(
        seat=message["seat"],
        private=tuple(hand["private"]),
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


def reply(message: dict, agent: Agent, stream: Stream) -> dict | None:
    """The ``act`` or ``snipe`` message ``agent`` sends for a ``state`` message, or ``None`` when
    it is not this seat's turn."""
    hand = message.get("hand")
    if message.get("status") != "playing" or not hand or hand["to_act"] != message["seat"]:
        return None
    obs = observation_of(message)
    if hand["turn_kind"] == "snipe":
        return {"type": "snipe", "turn": message["turn"], "code": int(agent.snipe(obs, stream))}
    return {"type": "act", "turn": message["turn"], "action": ACTION_NAMES[Act(agent.act(obs, stream))]}


def http_post(base: str, path: str, body: dict, timeout: float = 10.0) -> dict:
    """POST ``body`` as JSON to ``base + path`` and return the JSON answer (``urllib`` errors propagate)."""
    request = urllib.request.Request(
        base.rstrip("/") + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return json.loads(answer.read())


def agent_name(spec: str) -> str:
    """A seat name for the agent made from ``spec`` (``sniper.specs.make_agent``): an outside agent's module
    file stem (``examples.cautious:Cautious:margin=2`` → ``cautious``), a level's spec head (``hard+ev:samples=800``
    → ``hard+ev``). The run records the seat as ``bot:NAME`` (docs/serve-protocol.md).

    >>> agent_name("examples.cautious:Cautious:margin=2"), agent_name("hard+ev:samples=800")
    ('cautious', 'hard+ev')
    """
    from sniper.specs import is_outside

    head = spec.strip().partition(":")[0].strip()
    return head.rpartition(".")[2] if is_outside(spec) else head


def create(base: str, name: str, **options) -> dict:
    """Open a room (``POST /api/rooms``; options: rules, length, seats, ai) → ``{room, seat, token}``.

    ``name`` is the seat's name; the run records the seat as ``bot:NAME``."""
    return http_post(base, "/api/rooms", {"name": name, "bot": True, **options})


def join(base: str, room: str, name: str) -> dict:
    """Take the next open seat of ``room`` (``POST /api/rooms/{room}/join``) → ``{room, seat, token}``."""
    return http_post(base, f"/api/rooms/{room}/join", {"name": name, "bot": True})


async def play_seat(ws_url: str, token: str, agent: Agent, seed: int = 0, start: bool = False, on_message=None) -> dict:
    """Play one seat with ``agent`` until the game is over; returns the last ``state`` message.

    ``ws_url``: ``ws://HOST:PORT/ws/ROOM``; ``seed`` keys the agent's random stream (decision
    ``d`` draws from ``derive(mix64(seed), d)``); ``start``: send ``start`` (host only) once
    connected; a hand's result on screen is dealt on at once (``deal``). ``on_message`` is called
    with every message received. Raises ``ConnectionError`` if the server closes the connection
    before the game is over.
    """
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
            move = await asyncio.to_thread(reply, message, agent, Stream(derive(key, decisions)))
            if move is not None:
                decisions += 1
                answered = message["turn"]
                await socket.send(json.dumps(move))
    status = last["status"] if last else "none"
    raise ConnectionError(f"the server closed the connection before the game was over (last status: {status})")
