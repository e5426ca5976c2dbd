"""Rooms: one game of any registered game between people, outside bots and AI seats, on its table state.

A ``Room`` runs one game as an asyncio task on the game's table state (``GameSpec.new_table``, the only state
and the only place its flow is written: Sniper Hold'em's ``SniperTable``, no-limit Hold'em's ``HoldemTable``,
five-card draw's ``DrawTable``, Saint Poker's ``SaintTable``), and asks the game's ``ServedGame``
(``GameSpec.served``, ``sniper.core.served``) for what differs between games: the view each seat is sent (built
from the game's observation rule), the move messages it accepts, what a timeout plays, its AI levels.
Seats joined over the network decide by messages (``Room.handle``), each turn bounded by
``Settings.turn_seconds``; when time runs out the game's timeout rule acts (Sniper Hold'em's R11: check if
possible, fold if chips are owed, pass in the snipe round). AI seats decide in a thread pool, off the event loop.
At a simultaneous step (``sniper.core.table.SIMULTANEOUS``, Saint Poker's S9) every picking seat decides at
once, as ``sniper.core.table.joint_step`` drives it: every AI's observation is taken before any pick is made,
and the picks are applied together, so no view shows a pick before all have picked.

A room can be watched read-only with its watch token (``Room.watch_token``, given to its seats): a spectator is
sent the game's spectator view (``ServedGame.spectate``: the public part of the observation rule, no seat's private
cards, no pick before all have picked), at most ``Settings.max_spectators`` of them at once. Each seat and spectator
may download the hands finished so far as the game's hand history (``Room.history``).

The open rooms are held by ``sniper.serve.lobby.Lobby``: it creates them under unguessable codes, hands out seat
tokens, and writes every game to ``Settings.out / <room>`` hand by hand (round by round) as it is played
(``sniper.serve.record``).
"""

import asyncio
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Protocol

from sniper.core.registry import DEFAULT_GAME, GameSpec, game_names, get_game
from sniper.core.served import ServedGame
from sniper.core.table import SIMULTANEOUS
from sniper.games.sniper_holdem.parameters import make_agent
from sniper.games.sniper_holdem.served import AI_LEVELS, timeout_choice
from sniper.serve.settings import Settings

__all__ = ["AI_LEVELS", "GAME", "Room", "hosted", "served_class", "timeout_choice"]

log = logging.getLogger("sniper.serve")

GAME = get_game(DEFAULT_GAME)
"""The game of a room or solo game given none (Sniper Hold'em): its rule presets, game lengths and seat range."""
RULE_NAMES = GAME.rules
LENGTHS = GAME.game_lengths
MAX_NAME = 24
CLOSE_REPLACED = 4000
"""Close code of a seat's connection when a newer one takes the seat (do not reconnect)."""


def hosted() -> tuple[str, ...]:
    """The registered games the server can host (those declaring ``GameSpec.served``), sorted."""
    return tuple(name for name in game_names() if get_game(name).served is not None)


def served_class(game: str) -> type[ServedGame]:
    """The ``ServedGame`` class of the registered game ``game`` (looked up by name, never imported from it);
    ``ValueError`` naming the hosted games for any other name."""
    spec = get_game(game) if isinstance(game, str) and game in game_names() else None
    if spec is None or spec.served is None:
        raise ValueError(f"unknown game {game!r}; valid: {', '.join(hosted())}")
    return spec.resolve(spec.served)


class Client(Protocol):
    """A connection to one seat: ``push`` queues a message without waiting; ``close`` ends it."""

    def push(self, message: dict) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


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
    agent: Any = None
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
    """One game of ``game`` (a registered game's name, Sniper Hold'em by default) in one room: seats, the game's
    table state (``table``), what the server needs of the game (``served``) and the turn clock.

    ``status`` goes "lobby" → "playing" ⇄ "between" (a hand's result on screen) → "over" (or
    "closed"). ``turn`` counts decisions (a simultaneous step is one turn for every picking seat); a move must
    name the current turn, so a late message never lands on a later turn. Use ``join``, ``connect``, ``handle``
    from the event loop only. ``ValueError`` for a game the server does not host or options it refuses
    (``GameSpec.make_rules``, the table's seats).
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
    hands: list = field(default_factory=list)
    deadline: float | None = None
    last_timeout: dict | None = None
    standings: dict | None = None
    timeouts: int = 0
    errors: list[str] = field(default_factory=list)
    client: str | None = None
    game: str = DEFAULT_GAME

    def __post_init__(self) -> None:
        self.watch_token = secrets.token_urlsafe(24)
        self.spectators: list[Client] = []
        kind = served_class(self.game)
        self.spec: GameSpec = get_game(self.game)
        self.rules = self.spec.make_rules(self.rules_name, self.length)
        self.seats = [Seat(i) for i in range(self.n_seats)]
        options = {"hand_limit": self.rules.hands_per_game or self.settings.bust_hands} if kind.HAND_LIMIT else {}
        self.table = self.spec.new_table(self.n_seats, self.rules, self.seed, 0, **options)
        self.served: ServedGame = kind(self.table, self.spec)
        self.stacks, self.at_table = self.served.scores()
        self._pending: dict[int, asyncio.Future] = {}
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

    def watches(self, token: object) -> bool:
        """Whether ``token`` is this room's watch token (compared in constant time)."""
        if not isinstance(token, str) or not token:
            return False
        return secrets.compare_digest(self.watch_token.encode(), token.encode())

    def watch(self, client: Client) -> bool:
        """Add the spectator ``client`` and send it the spectator view; ``False`` (nothing added) when the room
        has ``Settings.max_spectators`` already."""
        if len(self.spectators) >= self.settings.max_spectators:
            return False
        self.spectators.append(client)
        client.push(self.view(None))
        return True

    def unwatch(self, client: Client) -> None:
        """Remove the spectator ``client`` (gone)."""
        if client in self.spectators:
            self.spectators.remove(client)

    def history(self, seat: int | None) -> tuple[str, str]:
        """The hands (rounds) finished so far as the game's hand history (``ServedGame.history``: PHH, or JSON for
        Saint Poker) as ``seat`` may know them (``None``: a spectator), and its file type; bounded by the game's
        length (``Settings.bust_hands`` for a "bust" game). Call it in a thread: a hand's PHH is made by replaying
        it."""
        labels = [s.label for s in self.seats]
        return self.served.history(list(self.hands), labels, seat), self.served.HISTORY

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
            # Sniper Hold'em's agents are given the kernel rollouts by this module's ``make_agent``
            agent = make_agent(level, rollouts="kernel") if self.served.ROLLOUTS else self.served.make_ai(level)
            seat.kind, seat.spec, seat.agent = "ai", level, agent
            seat.name = f"AI {seat.index + 1} ({level})"
        self.status = "playing"
        self._started.set()

    # ----- messages ---------------------------------------------------------------------------

    def handle(self, seat: int, message: dict) -> str | None:
        """Apply one message from ``seat``; returns an error text (and changes nothing) or ``None``.

        Types: the game's moves (``ServedGame.MOVES``: Sniper Hold'em's ``act`` {turn, action} and ``snipe``
        {turn, code}), ``start`` (host, seat 0, in the lobby), ``deal`` (after a hand), ``state`` (resend the
        state). See docs/serve-protocol.md.
        """
        kind = message.get("type")
        if isinstance(kind, str) and kind in self.served.MOVES:
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
        valid = ", ".join((*self.served.MOVES, "start", "deal", "state"))
        return f"unknown message type; valid: {valid}"  # never echoes what was sent

    def _move(self, seat: int, kind: str, message: dict) -> str | None:
        pending = self._pending.get(seat)
        if self.status != "playing" or pending is None or pending.done():
            return "it is not your turn"
        want = self.served.kind(seat)
        if kind != want:
            return f"this turn takes a {want!r} message"
        turn = message.get("turn")
        if isinstance(turn, bool) or not isinstance(turn, int) or turn != self.turn:
            return f"turn must be the current turn number {self.turn}"
        action = self.served.move(seat, message)
        if isinstance(action, str):
            return action
        pending.set_result(action)
        return None

    # ----- views ------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict:
        """The ``state`` message for ``seat``: room facts, players, and the hand as the game's observation rule
        allows (``ServedGame.view``; R10 for Sniper Hold'em); for a bot seat also its ``observation``
        (``ServedGame.observation``) while the game is played; ``seat`` ``None``: a spectator's
        (``ServedGame.spectate``)."""
        loop_time = asyncio.get_running_loop().time()
        remaining = None if self.deadline is None else max(0.0, round(self.deadline - loop_time, 2))
        players = []
        for s in self.seats:
            public = s.public()
            public.update(stack=self.stacks[s.index], at_table=self.at_table[s.index])
            players.append(public)
        message = {
            "type": "state",
            "game": self.game,
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
            "hand": self.served.spectate(self.hand_index) if seat is None else self.served.view(seat, self.hand_index),
            "last_timeout": self.last_timeout,
            "standings": self.standings,
        }
        if seat is not None and self.seats[seat].kind == "bot" and self.served.OBSERVATION is not None:
            playing = self.status == "playing" and message["hand"] is not None
            message["observation"] = self.served.observation(seat) if playing else None
        return message

    def broadcast(self) -> None:
        """Push each connected seat its own view, and each spectator the spectator view."""
        for seat in self.seats:
            if seat.client is not None:
                seat.client.push(self.view(seat.index))
        if self.spectators:
            public = self.view(None)
            for client in self.spectators:
                client.push(public)

    def close_all(self, code: int = 1000, reason: str = "room closed") -> None:
        """Close every connection of the room, the spectators' too."""
        for seat in self.seats:
            if seat.client is not None:
                seat.client.close(code, reason)
                seat.client = None
        for client in self.spectators:
            client.close(code, reason)
        self.spectators = []

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
            if self.hands:  # the hand in play is dropped: the last finished one is shown
                self.served.show_finished(self.hands[-1])
            self.hand_index = max(0, len(self.hands) - 1)
            self.standings = self._standings("abandoned")
            return
        play.result()  # the game's own failure

    async def _play(self) -> None:
        """Play the game on its table state (``GameSpec.new_table``, which holds its flow): each deal, each
        decision (``_decide``), the result shown between hands (rounds); game 0 of the room's seed."""
        table, served = self.table, self.served
        while True:
            if served.at_chance():
                served.deal()
            while not served.hand_over():
                seats = served.deciders()
                picks = await self._decide(seats)
                if table.current_player() == SIMULTANEOUS:
                    table.apply_actions(picks)
                else:
                    table.apply(picks[seats[0]])
            self.hands.append(served.finished())
            if self.on_hand is not None:
                await asyncio.to_thread(self.on_hand, self)
            self.stacks, self.at_table = served.scores()
            if table.is_over():
                self.standings = self._standings(served.ended())
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

    async def _decide(self, seats: tuple[int, ...]) -> dict[int, int]:
        """The flat actions of ``seats`` (one seat, or every picking seat of a simultaneous step), seat → action:
        each AI's call taken now from ``table.observe`` (all before any pick is made), run off the event loop;
        each other seat's message within the turn time, else the game's timeout rule."""
        loop = asyncio.get_running_loop()
        self.turn += 1
        calls = {s: self.served.ai(s, self.seats[s].agent) for s in seats if self.seats[s].agent is not None}
        self._pending = {s: loop.create_future() for s in seats if s not in calls}
        self.deadline = loop.time() + self.settings.turn_seconds if self._pending else None
        self.broadcast()

        async def by_ai(seat: int) -> int:
            decide, args = calls[seat]
            choice, _ = await asyncio.gather(
                loop.run_in_executor(self.executor, decide, *args), asyncio.sleep(self.settings.ai_delay)
            )
            return self.served.ai_action(seat, choice)

        async def by_message(seat: int) -> int:
            try:
                return await asyncio.wait_for(self._pending[seat], self.settings.turn_seconds)
            except TimeoutError:
                action, name = self.served.timeout(seat)
                self.timeouts += 1
                self.last_timeout = {"seat": seat, "turn": self.turn, "hand": self.hand_index, "choice": name}
                return action

        try:
            chosen = await asyncio.gather(*(by_ai(s) if s in calls else by_message(s) for s in seats))
        finally:
            self._pending = {}
            self.deadline = None
        return dict(zip(seats, chosen))

    def _standings(self, ended: str) -> dict:
        """The game's result (R9, H10, D9, S8): final stacks (a points game's points), the winner(s) with the
        most; a tie is a draw.

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
