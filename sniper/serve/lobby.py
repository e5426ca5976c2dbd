"""The lobby: the open rooms of one server (``sniper.serve.table.Room``), by unguessable code, with the limits on
who may open them (``Settings.max_rooms``, ``rooms_per_client``, ``rooms_per_minute``), and the record of every game
written hand by hand (round by round) to ``Settings.out / <room>`` as it is played (``sniper.serve.record``).
"""

import asyncio
import logging
import secrets
from collections import deque
from concurrent.futures import Executor
from pathlib import Path

from sniper.core.registry import DEFAULT_GAME, GameSpec, get_game
from sniper.serve.record import GameRecord, seat_vectors
from sniper.serve.settings import SOLO_PLAYERS, Settings
from sniper.serve.table import Room, hosted, served_class

__all__ = ["ClientLimit", "Lobby", "LobbyFull"]

log = logging.getLogger("sniper.serve")


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

    def hosts(self, game: object) -> GameSpec:
        """The spec of ``game`` if this server hosts it (``Settings.games``, else every game of ``hosted``);
        ``ValueError`` naming the hosted games otherwise (a name is only looked up, never imported)."""
        games = self.settings.games or hosted()
        if not isinstance(game, str) or game not in games:
            raise ValueError(f"unknown game {str(game)[:40]!r}; this server hosts: {', '.join(games)}")
        return get_game(game)

    def create(
        self,
        rules: str | None = None,
        length: str | None = None,
        seats: int = 4,
        ai: tuple[str, ...] = ("normal",),
        autostart: bool = False,
        client: str | None = None,
        game: str = DEFAULT_GAME,
    ) -> Room:
        """Open a room of ``game`` and start its task; ``ValueError`` for bad options (a game the server does not
        host, rules, a length or seats not of that game, AI levels it does not offer), ``LobbyFull`` when full.
        ``rules`` and ``length``: ``None`` for the game's defaults.

        ``client``: the address asking (``None``: unlimited, for library use); ``ClientLimit`` when
        it has ``Settings.rooms_per_client`` rooms open or opened ``rooms_per_minute`` in the last minute.
        """
        spec = self.hosts(game)
        rules = spec.default_rules if rules is None else rules
        length = spec.default_length if length is None else length
        if rules not in spec.rules:
            raise ValueError(f"unknown rules {rules!r}; valid: {', '.join(spec.rules)}")
        if length not in spec.game_lengths:
            raise ValueError(f"unknown game length {length!r}; valid: {', '.join(spec.game_lengths)}")
        spec.check_seats(seats, "seats")
        levels = served_class(game).LEVELS
        unknown = [level for level in ai if level not in levels]
        if not ai or unknown:
            named = f"unknown AI level {', '.join(map(repr, unknown))}" if unknown else "no AI level given"
            raise ValueError(f"{named}; AI levels: {', '.join(levels)}")
        if len(ai) > spec.max_seats:
            raise ValueError(f"ai lists at most {spec.max_seats} levels, one per seat, got {len(ai)}")
        if len(self.rooms) >= self.settings.max_rooms:
            raise LobbyFull(f"the server has {self.settings.max_rooms} open rooms; try later")
        if client is not None:
            self._count(client)
        code = "-"
        while code.startswith("-"):  # a code given after --room (a command line's option) must not look like one
            code = secrets.token_urlsafe(12)
        seed = self.settings.seed if self.settings.seed is not None else secrets.randbits(63)
        options = {"autostart": autostart, "seed": seed, "game": game}
        room = Room(code, self.settings, rules, length, seats, tuple(ai), self.executor, self._record, **options)
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
        rules: str | None = None,
        length: str | None = None,
        client: str | None = None,
        game: str = DEFAULT_GAME,
    ):
        """A game of ``game`` against the computer: one person and ``players - 1`` AI seats of ``level``
        (Sniper Hold'em: 3-5 players in total, R11; another game: its seat range).

        Starts as soon as the person connects. Returns (room, seat, token); ``ValueError`` for bad
        options, ``LobbyFull`` and ``ClientLimit`` as ``create``.
        """
        spec = self.hosts(game)
        if spec.name == DEFAULT_GAME and players not in SOLO_PLAYERS:
            raise ValueError(f"against the computer a game has 3-5 players, got {players}")
        spec.check_seats(players, "players")
        room = self.create(rules, length, players, (level,), autostart=True, client=client, game=game)
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
        """Write the hand (round) ``room`` just finished to ``settings.out / room.code`` (runs in a thread). Seats are
        recorded by label, never parsed; AI seats with the parameters of the agents built in ``Room.start``."""
        record = self.records.get(room.code)
        if record is None:
            out = Path(self.settings.out) / room.code
            labels = [s.label for s in room.seats]
            vectors = seat_vectors([s.agent for s in room.seats], [s.spec for s in room.seats], room.served.vector)
            record = GameRecord(out, labels, vectors, room.rules, room.seed, room.code, room.game)
            self.records[room.code] = record
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
