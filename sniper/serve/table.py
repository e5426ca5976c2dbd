"""Rooms: one game of Sniper Hold'em between people, outside bots and AI seats, on the reference engine.

A ``Room`` runs one game as an asyncio task on the game's table state (``GameSpec.new_table``,
Sniper Hold'em's ``SniperTable`` over the reference engine ``sniper.games.sniper_holdem.engine.HandState``): the only
state, the same game flow and deals as ``sniper.games.sniper_holdem.game.play_game`` (R13). Seats joined over the
network decide by messages (``Room.handle``), each turn bounded by ``Settings.turn_seconds``; when
time runs out the timeout rule of R11 acts (check if possible, fold if chips are owed, pass in
the snipe round). AI seats decide with the kernel rollouts in a thread pool, off the event loop.
Every message a seat receives is built by ``sniper.games.sniper_holdem.views`` from what R10 allows it to know.

``Lobby`` holds the open rooms: it creates them under unguessable codes, hands out seat tokens,
and writes every game to ``Settings.out / <room>`` hand by hand as it is played (``sniper.serve.record``).
"""

import asyncio
import logging
import secrets
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from kernels.sniper_holdem.codes import PASS, Act
from sniper.core.registry import get_game
from sniper.games.sniper_holdem.agents import Agent
from sniper.games.sniper_holdem.engine import HandState, Phase
from sniper.games.sniper_holdem.game import DEAL, make_rules
from sniper.games.sniper_holdem.specs import make_agent
from sniper.games.sniper_holdem.views import ACTION_NAMES, ACTIONS_BY_NAME, SNIPE_NAMES, hand_view, to_act
from sniper.serve.record import GameRecord, seat_vectors
from sniper.serve.settings import SOLO_PLAYERS, Settings

log = logging.getLogger("sniper.serve")

GAME = get_game("sniper")
"""The game the server hosts (``sniper.core.registry``): its rule presets, game lengths and seat range."""
RULE_NAMES = GAME.rules
LENGTHS = GAME.game_lengths
AI_LEVELS = ("random", "easy", "normal", "hard")
"""AI levels that may fill empty seats (levels of ``sniper.games.sniper_holdem.specs.LEVELS``, default parameters; the
``-v1``
levels stay for reproducing old runs, not offered at the table). Listed in docs/serve-protocol.md."""
MAX_NAME = 24
CLOSE_REPLACED = 4000
"""Close code of a seat's connection when a newer one takes the seat (do not reconnect)."""


class Client(Protocol):
    """A connection to one seat: ``push`` queues a message without waiting; ``close`` ends it."""

    def push(self, message: dict) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


def timeout_choice(state: HandState) -> int:
    """What running out of time does (R11): check if possible, fold if chips are owed, pass a snipe."""
    if state.phase == Phase.SNIPE:
        return PASS
    return Act.CHECK if state.can_act(Act.CHECK) else Act.FOLD


def clean_name(name: object, default: str) -> str:
    """A display name: printable, at most ``MAX_NAME`` characters, ``default`` if empty."""
    text = "".join(ch for ch in str(name or "") if ch.isprintable()).strip()[:MAX_NAME]
    return text or default


@dataclass
class Seat:
    """One seat: a player joined over the network (``token`` set) or an AI (``agent`` set)."""

    index: int
    name: str = ""
    kind: str = "open"
    token: str | None = None
    spec: str | None = None
    agent: Agent | None = None
    client: Client | None = None

    @property
    def label(self) -> str:
        """The seat's ``agent`` label in the recorded run: the AI spec, ``human:NAME`` or ``bot:NAME``."""
        return self.spec if self.agent is not None else f"{self.kind}:{self.name}"

    def public(self) -> dict:
        """What every seat may know of this one: name, kind, AI level, connected."""
        return {
            "seat": self.index,
            "name": self.name,
            "kind": self.kind,
            "level": self.spec,
            "connected": self.client is not None or self.agent is not None,
        }


@dataclass
class Room:
    """One game (R9) in one room: seats, the reference engine's current hand, and the turn clock.

    ``status`` goes "lobby" → "playing" ⇄ "between" (a hand's result on screen) → "over" (or
    "closed"). ``turn`` counts decisions; a move must name the current turn, so a late message
    never lands on a later turn. Use ``join``, ``connect``, ``handle`` from the event loop only.
    """

    code: str
    settings: Settings
    rules_name: str
    length: str
    n_seats: int
    ai_levels: tuple[str, ...]
    executor: Executor | None
    on_over: Callable[["Room"], None] | None = None
    autostart: bool = False
    seed: int = 0
    on_hand: Callable[["Room"], None] | None = None
    seats: list[Seat] = field(init=False)
    status: str = "lobby"
    turn: int = 0
    hand_index: int = 0
    hands: list[HandState] = field(default_factory=list)
    current: HandState | None = None
    deadline: float | None = None
    last_timeout: dict | None = None
    standings: dict | None = None
    timeouts: int = 0
    errors: list[str] = field(default_factory=list)
    client: str | None = None

    def __post_init__(self) -> None:
        self.rules = make_rules(self.rules_name, self.length, 60)
        self.seats = [Seat(i) for i in range(self.n_seats)]
        self.stacks = [self.rules.starting_stack] * self.n_seats
        self.at_table = [True] * self.n_seats
        self._pending: asyncio.Future | None = None
        self._started = asyncio.Event()
        self._dealt = asyncio.Event()
        self._abandoned = asyncio.Event()
        self._absent: asyncio.TimerHandle | None = None
        self.task: asyncio.Task | None = None

    # ----- seats ------------------------------------------------------------------------------

    def join(self, name: str, kind: str = "human") -> tuple[int, str]:
        """Take the first open seat; returns (seat, token). ``ValueError`` if started or full."""
        if self.status != "lobby":
            raise ValueError("the game has started")
        seat = next((s for s in self.seats if s.kind == "open"), None)
        if seat is None:
            raise ValueError("the room is full")
        seat.kind = "bot" if kind == "bot" else "human"
        seat.name = clean_name(name, f"player {seat.index + 1}")
        seat.token = secrets.token_urlsafe(24)
        return seat.index, seat.token

    def seat_of(self, token: object) -> int | None:
        """The seat holding ``token`` (compared in constant time), or ``None``."""
        if not isinstance(token, str) or not token:
            return None
        found = None
        for seat in self.seats:
            if seat.token is not None and secrets.compare_digest(seat.token.encode(), token.encode()):
                found = seat.index
        return found

    def connect(self, seat: int, client: Client) -> None:
        """Attach ``client`` to ``seat`` (a reconnect replaces the old connection) and send the state."""
        old = self.seats[seat].client
        self.seats[seat].client = client
        if old is not None and old is not client:
            old.close(CLOSE_REPLACED, "replaced by a new connection to this seat")
        if self._absent is not None:
            self._absent.cancel()
            self._absent = None
        if self.autostart and self.status == "lobby":
            self.start()
        self.broadcast()

    def disconnect(self, seat: int, client: Client) -> None:
        """Detach ``client`` if it is still the seat's connection; the seat's turns then time out (R11).

        When no person or bot seat is connected any more, the game ends ``Settings.absent_seconds``
        later unless one reconnects (``run``)."""
        if self.seats[seat].client is client:
            self.seats[seat].client = None
            self.broadcast()
            attended = any(s.client is not None for s in self.seats)
            if self._absent is None and not attended and self.status in ("playing", "between"):
                loop = asyncio.get_running_loop()
                self._absent = loop.call_later(self.settings.absent_seconds, self._abandoned.set)

    def start(self) -> None:
        """Fill every open seat with an AI of ``ai_levels`` (in order, cycling) and start the game."""
        if self.status != "lobby":
            return
        open_seats = [s for s in self.seats if s.kind == "open"]
        for i, seat in enumerate(open_seats):
            level = self.ai_levels[i % len(self.ai_levels)]
            seat.kind, seat.spec, seat.agent = "ai", level, make_agent(level, rollouts="kernel")
            seat.name = f"AI {seat.index + 1} ({level})"
        self.status = "playing"
        self._started.set()

    # ----- messages ---------------------------------------------------------------------------

    def handle(self, seat: int, message: dict) -> str | None:
        """Apply one message from ``seat``; returns an error text (and changes nothing) or ``None``.

        Types: ``act`` {turn, action}, ``snipe`` {turn, code}, ``start`` (host, seat 0, in the
        lobby), ``deal`` (after a hand), ``state`` (resend the state). See docs/serve-protocol.md.
        """
        kind = message.get("type")
        if kind in ("act", "snipe"):
            return self._move(seat, kind, message)
        if kind == "start":
            if seat != 0:
                return "only the host (seat 0) starts the game"
            if self.status != "lobby":
                return "the game has already started"
            self.start()
            self.broadcast()
            return None
        if kind == "deal":
            if self.status != "between":
                return "no hand result is on the table"
            self._dealt.set()
            return None
        if kind == "state":
            client = self.seats[seat].client
            if client is not None:
                client.push(self.view(seat))
            return None
        return "unknown message type; valid: act, snipe, start, deal, state"  # never echoes what was sent

    def _move(self, seat: int, kind: str, message: dict) -> str | None:
        state = self.current
        pending = self._pending
        if self.status != "playing" or state is None or pending is None or pending.done() or to_act(state) != seat:
            return "it is not your turn"
        want = "snipe" if state.phase == Phase.SNIPE else "act"
        if kind != want:
            return f"this turn takes a {want!r} message"
        turn = message.get("turn")
        if isinstance(turn, bool) or not isinstance(turn, int) or turn != self.turn:
            return f"turn must be the current turn number {self.turn}"
        if kind == "act":
            name = message.get("action")
            action = ACTIONS_BY_NAME.get(name) if isinstance(name, str) else None
            if action is None:
                return f"unknown action; valid: {', '.join(ACTIONS_BY_NAME)}"
            if not state.can_act(action):
                legal = ", ".join(ACTION_NAMES[a] for a in state.legal_actions())
                return f"{name} is not legal now; legal: {legal}"
            pending.set_result(action)
            return None
        code = message.get("code")
        if isinstance(code, bool) or not isinstance(code, int) or not state.can_snipe(code):
            return f"code must be -1 (pass) or a snipe code 0..{len(SNIPE_NAMES) - 1}"
        pending.set_result(code)
        return None

    # ----- views ------------------------------------------------------------------------------

    def view(self, seat: int) -> dict:
        """The ``state`` message for ``seat``: room facts, players, and the hand as R10 allows."""
        loop_time = asyncio.get_running_loop().time()
        remaining = None if self.deadline is None else max(0.0, round(self.deadline - loop_time, 2))
        players = []
        for s in self.seats:
            public = s.public()
            public.update(stack=self.stacks[s.index], at_table=self.at_table[s.index])
            players.append(public)
        return {
            "type": "state",
            "room": self.code,
            "seat": seat,
            "host": 0,
            "status": self.status,
            "rules": self.rules_name,
            "length": self.length,
            "turn": self.turn,
            "deadline": remaining,
            "turn_seconds": self.settings.turn_seconds,
            "result_seconds": self.settings.result_seconds,
            "players": players,
            "hand": hand_view(self.current, seat, self.hand_index) if self.current is not None else None,
            "last_timeout": self.last_timeout,
            "standings": self.standings,
        }

    def broadcast(self) -> None:
        """Push each connected seat its own view."""
        for seat in self.seats:
            if seat.client is not None:
                seat.client.push(self.view(seat.index))

    def close_all(self, code: int = 1000, reason: str = "room closed") -> None:
        """Close every connection of the room."""
        for seat in self.seats:
            if seat.client is not None:
                seat.client.close(code, reason)
                seat.client = None

    # ----- the game ---------------------------------------------------------------------------

    async def run(self) -> None:
        """Wait for the start, play the game to its end (R9), record it, keep the room open a while."""
        try:
            await asyncio.wait_for(self._started.wait(), self.settings.lobby_seconds)
        except TimeoutError:
            self.status = "closed"
            self.close_all(1000, "the room was never started")
            return
        try:
            await self._play_while_attended()
            self.status = "over"
            self.broadcast()
            if self.on_over is not None and self.hands:
                await asyncio.to_thread(self.on_over, self)
            await asyncio.sleep(self.settings.keep_seconds)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - a room's failure must not stop the server
            log.exception("room %s failed", self.code)
            self.errors.append(f"{type(error).__name__}: {error}")
            self.status = "closed"
        self.close_all()

    async def _play_while_attended(self) -> None:
        """``_play`` until the game ends, or until ``_abandoned`` (everyone gone ``absent_seconds``):
        then the hand in progress is dropped and the game ends on the finished hands."""
        play = asyncio.ensure_future(self._play())
        gone = asyncio.ensure_future(self._abandoned.wait())
        try:
            await asyncio.wait((play, gone), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (play, gone):
                task.cancel()
            await asyncio.gather(play, gone, return_exceptions=True)
        if not play.cancelled() and play.exception() is None:
            return
        if self._abandoned.is_set():
            self.current = self.hands[-1] if self.hands else None
            self.hand_index = max(0, len(self.hands) - 1)
            self.standings = self._standings("abandoned")
            return
        play.result()  # the game's own failure

    async def _play(self) -> None:
        """Play the game on its table state (``GameSpec.new_table``, which holds its flow): each deal,
        each seat's decision (``_decide``), the result shown between hands; game 0 of the room's seed."""
        length = self.rules.hands_per_game or self.settings.bust_hands
        table = get_game(GAME.name).new_table(self.n_seats, self.rules, self.seed, 0, hand_limit=length)
        while True:
            table.apply(DEAL)
            state = self.current = table.hand
            while not table.hand_over():
                seat = table.current_player()
                stream = table.stream()
                choice = await self._decide(table, seat, stream)
                table.apply(table.action_of(choice))
            state.check_invariants()
            self.hands.append(state)
            if self.on_hand is not None:
                await asyncio.to_thread(self.on_hand, self)
            self.stacks, self.at_table = list(table.stacks), list(table.at_table)
            if table.is_over():
                self.standings = self._standings(table.ended)
                return
            self.status = "between"
            self._dealt.clear()
            self.broadcast()
            if self.settings.result_seconds > 0:
                try:
                    await asyncio.wait_for(self._dealt.wait(), self.settings.result_seconds)
                except TimeoutError:
                    pass
            self.status = "playing"
            self.hand_index += 1

    async def _decide(self, table, seat: int, stream) -> int:
        """The decision of ``seat``: its AI off the event loop (from ``table.observe``, R10), or its
        message within the turn time (R11)."""
        loop = asyncio.get_running_loop()
        self.turn += 1
        player = self.seats[seat]
        state = table.hand
        snipe = state.phase == Phase.SNIPE
        if player.agent is not None:
            self.deadline = None
            self.broadcast()
            decide = player.agent.snipe if snipe else player.agent.act
            obs = table.observe(seat)
            choice, _ = await asyncio.gather(
                loop.run_in_executor(self.executor, decide, obs, stream), asyncio.sleep(self.settings.ai_delay)
            )
            return choice
        self._pending = loop.create_future()
        self.deadline = loop.time() + self.settings.turn_seconds
        self.broadcast()
        try:
            return await asyncio.wait_for(self._pending, self.settings.turn_seconds)
        except TimeoutError:
            choice = timeout_choice(state)
            name = SNIPE_NAMES[choice] if snipe and choice != PASS else "pass" if snipe else ACTION_NAMES[choice]
            self.timeouts += 1
            self.last_timeout = {"seat": seat, "turn": self.turn, "hand": self.hand_index, "choice": name}
            return choice
        finally:
            self._pending = None
            self.deadline = None

    def _standings(self, ended: str) -> dict:
        """The game's result (R9): final stacks, the winner(s) with the most chips; a tie is a draw.

        ``ended``: why — ``"chips"`` (one player left with chips), ``"hands"`` (the game's length, or
        ``Settings.bust_hands`` for a "bust" game), ``"abandoned"`` (every seat gone, ``disconnect``).
        """
        best = max(self.stacks)
        leaders = [s for s in range(self.n_seats) if self.stacks[s] == best]
        return {
            "stacks": list(self.stacks),
            "winners": leaders,
            "draw": len(leaders) > 1,
            "hands": len(self.hands),
            "ended": ended,
        }


class LobbyFull(RuntimeError):
    """No room can be opened now (``Settings.max_rooms`` reached)."""


class ClientLimit(RuntimeError):
    """This client may not open another room now (``Settings.rooms_per_client``, ``rooms_per_minute``)."""


RATE_WINDOW = 60.0
"""Seconds over which ``Settings.rooms_per_minute`` counts a client's new rooms."""


class Lobby:
    """The open rooms of one server, by unguessable code, and the thread pool the AI seats decide in."""

    def __init__(self, settings: Settings, executor: Executor | None = None) -> None:
        self.settings = settings
        self.executor = executor
        self.rooms: dict[str, Room] = {}
        self.errors: list[str] = []
        self.written: list[Path] = []
        self.records: dict[str, GameRecord] = {}
        self.created: dict[str, deque[float]] = {}

    def create(
        self,
        rules: str = "ours",
        length: str = "20",
        seats: int = 4,
        ai: tuple[str, ...] = ("normal",),
        autostart: bool = False,
        client: str | None = None,
    ) -> Room:
        """Open a room and start its task; ``ValueError`` for bad options, ``LobbyFull`` when full.

        ``client``: the address asking (``None``: unlimited, for library use); ``ClientLimit`` when
        it has ``Settings.rooms_per_client`` rooms open or opened ``rooms_per_minute`` in the last minute.
        """
        if rules not in RULE_NAMES:
            raise ValueError(f"unknown rules {rules!r}; valid: {', '.join(RULE_NAMES)}")
        if length not in LENGTHS:
            raise ValueError(f"unknown game length {length!r}; valid: {', '.join(LENGTHS)}")
        get_game(GAME.name).check_seats(seats, "seats")
        unknown = [level for level in ai if level not in AI_LEVELS]
        if not ai or unknown:
            named = f"unknown AI level {', '.join(map(repr, unknown))}" if unknown else "no AI level given"
            raise ValueError(f"{named}; AI levels: {', '.join(AI_LEVELS)}")
        if len(self.rooms) >= self.settings.max_rooms:
            raise LobbyFull(f"the server has {self.settings.max_rooms} open rooms; try later")
        if client is not None:
            self._count(client)
        code = secrets.token_urlsafe(12)
        seed = self.settings.seed if self.settings.seed is not None else secrets.randbits(63)
        room = Room(code, self.settings, rules, length, seats, tuple(ai), self.executor, self._record, autostart, seed)
        room.on_hand = self._journal
        room.client = client
        self.rooms[code] = room
        room.task = asyncio.get_running_loop().create_task(self._run(room))
        return room

    def solo(
        self,
        name: str,
        players: int = 4,
        level: str = "normal",
        rules: str = "ours",
        length: str = "20",
        client: str | None = None,
    ):
        """A game against the computer (R11): one person and ``players - 1`` AI seats of ``level``.

        Starts as soon as the person connects. Returns (room, seat, token); ``ValueError`` for bad
        options, ``LobbyFull`` and ``ClientLimit`` as ``create``.
        """
        if players not in SOLO_PLAYERS:
            raise ValueError(f"against the computer a game has 3-5 players, got {players}")
        room = self.create(rules, length, players, (level,), autostart=True, client=client)
        seat, token = room.join(name)
        return room, seat, token

    def _count(self, client: str) -> None:
        """Count a new room of ``client``; ``ClientLimit`` if it may not open one now."""
        if sum(room.client == client for room in self.rooms.values()) >= self.settings.rooms_per_client:
            raise ClientLimit(f"at most {self.settings.rooms_per_client} open rooms per client; finish or leave one")
        now = asyncio.get_running_loop().time()
        for address in list(self.created):  # forget what the window no longer counts
            times = self.created[address]
            while times and times[0] <= now - RATE_WINDOW:
                times.popleft()
            if not times:
                del self.created[address]
        times = self.created.setdefault(client, deque())
        if len(times) >= self.settings.rooms_per_minute:
            raise ClientLimit(f"at most {self.settings.rooms_per_minute} new rooms a minute per client; try later")
        times.append(now)

    def get(self, code: str) -> Room | None:
        """The open room with ``code``, or ``None``."""
        return self.rooms.get(code) if isinstance(code, str) else None

    async def _run(self, room: Room) -> None:
        try:
            await room.run()
        finally:
            self.errors.extend(f"room {room.code}: {e}" for e in room.errors)
            self.rooms.pop(room.code, None)
            record = self.records.pop(room.code, None)
            if record is not None:  # the game stopped before its end (shutdown, a failure)
                try:
                    self.written.append(record.interrupt())
                except OSError:
                    log.exception("room %s: cannot mark its record interrupted", room.code)

    def _journal(self, room: Room) -> None:
        """Write the hand ``room`` just finished to ``settings.out / room.code`` (runs in a thread). Seats are
        recorded by label, never parsed; AI seats with the parameters of the agents built in ``Room.start``."""
        record = self.records.get(room.code)
        if record is None:
            out = Path(self.settings.out) / room.code
            labels = [s.label for s in room.seats]
            vectors = seat_vectors([s.agent for s in room.seats], [s.spec for s in room.seats])
            record = self.records[room.code] = GameRecord(out, labels, vectors, room.rules, room.seed, room.code)
        record.hand(len(room.hands) - 1, room.hands[-1])

    def _record(self, room: Room) -> None:
        """Mark the finished game of ``room`` complete, or abandoned when it ended because everyone left
        (``Room.standings``' ``ended``), in a thread."""
        record = self.records.pop(room.code, None)
        if record is not None:
            left = (room.standings or {}).get("ended") == "abandoned"
            self.written.append(record.finish("abandoned" if left else "complete"))

    async def close(self) -> None:
        """Cancel every room's task (server shutdown)."""
        tasks = [room.task for room in self.rooms.values() if room.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
