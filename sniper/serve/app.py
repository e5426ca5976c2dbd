"""The FastAPI application of ``sniper serve``: HTTP to open and join rooms, a websocket per seat.

Routes (documented with an example session in docs/serve-protocol.md):

- ``GET /``: the browser client (``sniper/serve/static``, plain HTML/CSS/JS);
- ``GET /play/{game}``: the page of a hosted game (``ServedGame.PAGE``; Sniper Hold'em's is ``/``);
- ``POST /api/rooms``: open a room of ``game`` (Sniper Hold'em when absent), the creator takes seat 0 (the
  host) → ``{room, seat, token, game}``;
- ``POST /api/rooms/{room}/join``: take the next open seat → ``{room, seat, token, game}``;
- ``POST /api/solo``: a game of ``game`` against the computer (R11), started when the player connects;
- ``GET /api/rooms/{room}``: the room's public facts (game, status, seats);
- ``GET /api/info``: levels, rules, lengths, snipe names and timings the client needs, and ``games``: each
  hosted game with its facts, page and rules link;
- ``GET /rules``: the game's rules R1–R13 (docs/RULES.md, packaged as ``sniper/serve/RULES.md``), plain text;
  ``GET /rules/{game}``: a hosted game's rules (its ``GameSpec.rules_doc``, packaged in ``sniper/serve/rules``);
- ``POST /api/rooms/{room}/history``: ``{"token": …}`` a seat's token or the room's watch token → the hands finished
  so far as the game's hand history (PHH ``.phhs``, or JSON for Saint Poker), what that seat (a spectator) may not
  know hidden, as a file to download;
- ``WS /ws/{room}``: the first message must be ``{"type": "hello", "token": …}`` (a seat) or ``{"type": "watch",
  "token": …}`` with the room's watch token (a spectator, read-only); a wrong token is refused with close code
  ``CLOSE_BAD_HELLO``, a spectator beyond ``Settings.max_spectators`` with ``CLOSE_OVERFLOW``. Then the server pushes
  ``state`` messages and answers bad messages (binary frames and over-long texts too) with ``error`` messages.

Every request passes ``sniper.serve.guard.Guard`` first (Host and Origin, body size, security headers).

AI seats decide on a thread pool, their rollouts on the kernel (``make_agent(..., rollouts="kernel")``:
each agent is given its backend, nothing process-wide is switched); the kernels are compiled (or loaded
from numba's cache) in the background at start-up.
"""

import asyncio
import dataclasses
import ipaddress
import json
import logging
import os
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Annotated, Literal

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import AfterValidator, BaseModel, BeforeValidator, Field, ValidationInfo

from sniper.core.inputs import utf8
from sniper.core.registry import DEFAULT_GAME, get_game
from sniper.core.stats import json_safe
from sniper.games.sniper_holdem.views import ACTIONS_BY_NAME, SNIPE_NAMES
from sniper.serve.guard import CLOSE_BAD_HELLO, CLOSE_OVERFLOW, Guard, uvicorn_options
from sniper.serve.lobby import ClientLimit, Lobby, LobbyFull
from sniper.serve.record import recover_games
from sniper.serve.settings import SOLO_PLAYERS, Settings
from sniper.serve.table import AI_LEVELS, GAME, MAX_NAME, Room, hosted, served_class

STATIC = Path(__file__).parent / "static"
RULES = Path(__file__).parent / "RULES.md"
"""The rules page of ``GET /rules``: a fixed file (a link to docs/RULES.md, so one text), never a client's path."""
RULE_PAGES = Path(__file__).parent / "rules"
"""The rules of each hosted game (``GET /rules/{game}``): ``<game>.md``, a link to its ``GameSpec.rules_doc``; the
file is chosen by looking the game's name up among the hosted games, never from a client's path."""
GAMES = hosted()
"""The games a server can host (``sniper.serve.table.hosted``)."""
QUEUE_LIMIT = 256
"""Messages waiting for a slow client before the server drops its connection (it may reconnect)."""
HELLO_SECONDS = 10.0
"""Time a new websocket has to send its ``hello``."""

log = logging.getLogger("sniper.serve")

RoomCode = Annotated[str, PathParam(max_length=64)]


@contextmanager
def refused_as_http() -> Iterator[None]:
    """Opening a room, as the API answers a refusal: the lobby full 503, the client's limit 429 (``Lobby.create``,
    ``Settings.rooms_per_client``, ``rooms_per_minute``), bad options 422, each with the one-line reason."""
    try:
        yield
    except LobbyFull as error:
        raise HTTPException(503, str(error)) from None
    except ClientLimit as error:
        raise HTTPException(429, str(error)) from None
    except ValueError as error:
        raise HTTPException(422, str(error)) from None


def unicode_text(value: object) -> object:
    """``value`` unchanged unless it is a string that cannot be written as UTF-8 (a lone surrogate):
    then ``ValueError``, so a name is refused with 422 rather than failing later."""
    if isinstance(value, str) and not utf8(value):
        raise ValueError("the text must be valid Unicode (no lone surrogates)")
    return value


Name = Annotated[str, BeforeValidator(unicode_text)]
ALL_LEVELS = tuple(dict.fromkeys(level for game in GAMES for level in served_class(game).LEVELS))
ALL_RULES = tuple(dict.fromkeys(rules for game in GAMES for rules in get_game(game).rules))
ALL_LENGTHS = tuple(dict.fromkeys(length for game in GAMES for length in get_game(game).game_lengths))
Level = Literal[ALL_LEVELS]
Game = Literal[GAMES]


def game_of(info: ValidationInfo) -> str | None:
    """The ``game`` of the body being read (validated before the other fields), ``None`` if it was refused."""
    return info.data.get("game")


def game_rules(rules: str | None, info: ValidationInfo) -> str | None:
    """``rules`` if they are a rule preset of the body's game (``None``: its default), else ``ValueError`` (422)."""
    game = game_of(info)
    if rules is not None and game is not None and rules not in get_game(game).rules:
        raise ValueError(f"the rules of {get_game(game).title} are: {', '.join(get_game(game).rules)}")
    return rules


def game_length(length: str | None, info: ValidationInfo) -> str | None:
    """``length`` if it is a game length of the body's game (``None``: its default), else ``ValueError`` (422)."""
    game = game_of(info)
    if length is not None and game is not None and length not in get_game(game).game_lengths:
        raise ValueError(f"the game lengths of {get_game(game).title} are: {', '.join(get_game(game).game_lengths)}")
    return length


def room_seats(seats: int, info: ValidationInfo) -> int:
    """``seats`` if it is a seat count of the body's game (``GameSpec.seats``, R2), else ``ValueError`` (422)."""
    get_game(game_of(info) or DEFAULT_GAME).check_seats(seats, "seats")
    return seats


def seat_levels(levels: list[str], info: ValidationInfo) -> list[str]:
    """``levels`` if the body's game offers them and there are no more of them than its most seats, else
    ``ValueError`` (422)."""
    game = game_of(info) or DEFAULT_GAME
    most = get_game(game).max_seats
    if len(levels) > most:
        raise ValueError(f"ai lists at most {most} levels, one per seat, got {len(levels)}")
    offered = served_class(game).LEVELS
    if any(level not in offered for level in levels):
        raise ValueError(f"the AI levels of {get_game(game).title} are: {', '.join(offered)}")
    return levels


def solo_level(level: str, info: ValidationInfo) -> str:
    """``level`` if the body's game offers it, else ``ValueError`` (422)."""
    game = game_of(info) or DEFAULT_GAME
    if level not in served_class(game).LEVELS:
        raise ValueError(f"the AI levels of {get_game(game).title} are: {', '.join(served_class(game).LEVELS)}")
    return level


def solo_players(players: int, info: ValidationInfo) -> int:
    """``players`` if it fits a game against the computer of the body's game: 3–5 for Sniper Hold'em (R11), the
    game's seat range for another; else ``ValueError`` (422)."""
    game = game_of(info) or DEFAULT_GAME
    if game == DEFAULT_GAME and players not in SOLO_PLAYERS:
        raise ValueError(f"against the computer a game has 3-5 players, got {players}")
    get_game(game).check_seats(players, "players")
    return players


class NewRoom(BaseModel):
    """Body of ``POST /api/rooms``: the game (Sniper Hold'em when absent), rules, game length (R9), seats (R2),
    AI levels for empty seats; rules and length are the game's defaults when absent."""

    game: Game = DEFAULT_GAME
    name: Name = Field("host", max_length=MAX_NAME)
    rules: Annotated[Literal[ALL_RULES] | None, AfterValidator(game_rules)] = None
    length: Annotated[Literal[ALL_LENGTHS] | None, AfterValidator(game_length)] = None
    seats: Annotated[int, AfterValidator(room_seats)] = 4
    ai: Annotated[list[Level], AfterValidator(seat_levels)] = Field(default_factory=lambda: ["normal"], min_length=1)
    bot: bool = False


class JoinRoom(BaseModel):
    """Body of ``POST /api/rooms/{room}/join``."""

    name: Name = Field("player", max_length=MAX_NAME)
    bot: bool = False


class HistoryRequest(BaseModel):
    """Body of ``POST /api/rooms/{room}/history``: a seat token of the room, or its watch token."""

    token: str = Field(max_length=64)


class NewSolo(BaseModel):
    """Body of ``POST /api/solo``: a game of ``game`` (Sniper Hold'em when absent) against the computer: 3–5
    players in total for Sniper Hold'em (R11), the game's seat range for another."""

    game: Game = DEFAULT_GAME
    name: Name = Field("you", max_length=MAX_NAME)
    players: Annotated[int, AfterValidator(solo_players)] = 4
    level: Annotated[Level, AfterValidator(solo_level)] = "normal"
    rules: Annotated[Literal[ALL_RULES] | None, AfterValidator(game_rules)] = None
    length: Annotated[Literal[ALL_LENGTHS] | None, AfterValidator(game_length)] = None


class SocketClient:
    """A seat's websocket: ``push`` queues a message, a writer task sends them in order.

    When more than ``QUEUE_LIMIT`` messages wait, the connection is closed with ``CLOSE_OVERFLOW``
    (the seat can reconnect).
    """

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.queue: asyncio.Queue = asyncio.Queue(QUEUE_LIMIT)
        self.closed: tuple[int, str] | None = None
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def push(self, message: dict) -> None:
        """Queue ``message`` (strict JSON data) for sending."""
        if self.closed is not None:
            return
        try:
            self.queue.put_nowait(json.dumps(message, allow_nan=False))
        except asyncio.QueueFull:
            self.close(CLOSE_OVERFLOW, "too many unread messages; reconnect")

    def close(self, code: int, reason: str) -> None:
        """Send what is queued, then close with ``code``."""
        if self.closed is None:
            self.closed = (code, reason)
            try:
                self.queue.put_nowait(None)
            except asyncio.QueueFull:
                self.writer.cancel()
                asyncio.get_running_loop().create_task(self._close())

    async def _write(self) -> None:
        try:
            while (text := await self.queue.get()) is not None:
                await self.websocket.send_text(text)
            await self._close()
        except Exception:  # noqa: BLE001 - a dead socket just stops writing
            pass

    async def _close(self) -> None:
        code, reason = self.closed or (1000, "")
        try:
            await self.websocket.close(code, reason)
        except Exception:  # noqa: BLE001 - already closed
            pass


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server application for ``settings`` (default ``Settings()``); run it with uvicorn."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        executor = ThreadPoolExecutor(max(2, os.cpu_count() or 1), thread_name_prefix="sniper-ai")
        executor.submit(warm_up)
        app.state.recovered = recover_games(settings.out)  # games a killed server left unfinished
        app.state.lobby = Lobby(settings, executor)
        try:
            yield
        finally:
            await app.state.lobby.close()
            executor.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="sniper serve", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(Guard, settings=settings)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_exception_handler(RequestValidationError, invalid_request)

    def lobby() -> Lobby:
        return app.state.lobby

    def room_or_404(code: str) -> Room:
        room = lobby().get(code)
        if room is None:
            raise HTTPException(404, "no such room")
        return room

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/rules", include_in_schema=False)
    async def rules() -> PlainTextResponse:
        return PlainTextResponse(RULES.read_text(encoding="utf-8"))

    def hosted_or_404(game: str) -> str:
        if game not in (settings.games or GAMES):
            raise HTTPException(404, "no such game")
        return next(name for name in GAMES if name == game)  # the registry's own text, not the client's

    @app.get("/rules/{game}", include_in_schema=False)
    async def game_rules_page(game: str) -> PlainTextResponse:
        name = hosted_or_404(game)
        return PlainTextResponse((RULE_PAGES / f"{name}.md").read_text(encoding="utf-8"))

    @app.get("/play/{game}", include_in_schema=False)
    async def game_page(game: str) -> FileResponse:
        return FileResponse(STATIC / served_class(hosted_or_404(game)).PAGE)

    @app.get("/api/info")
    async def info() -> dict:
        sniper = get_game(GAME.name)
        return {
            "levels": list(AI_LEVELS),
            "rules": list(sniper.rules),
            "lengths": list(sniper.game_lengths),
            "seats": list(sniper.seats),
            "actions": list(ACTIONS_BY_NAME),
            "snipes": SNIPE_NAMES,
            "turn_seconds": settings.turn_seconds,
            "result_seconds": settings.result_seconds,
            "games": [game_info(name) for name in settings.games or GAMES],
        }

    @app.post("/api/rooms")
    async def create_room(body: NewRoom, request: Request) -> dict:
        with refused_as_http():
            room = lobby().create(
                body.rules, body.length, body.seats, tuple(body.ai), client=client_of(request), game=body.game
            )
        seat, token = room.join(body.name, "bot" if body.bot else "human")
        return seat_answer(room, seat, token)

    @app.post("/api/rooms/{code}/join")
    async def join_room(code: RoomCode, body: JoinRoom) -> dict:
        room = room_or_404(code)
        try:
            seat, token = room.join(body.name, "bot" if body.bot else "human")
        except ValueError as error:
            raise HTTPException(409, str(error)) from None
        return seat_answer(room, seat, token)

    @app.post("/api/solo")
    async def solo(body: NewSolo, request: Request) -> dict:
        with refused_as_http():
            room, seat, token = lobby().solo(
                body.name, body.players, body.level, body.rules, body.length, client=client_of(request), game=body.game
            )
        return seat_answer(room, seat, token)

    @app.get("/api/rooms/{code}")
    async def room_info(code: RoomCode) -> dict:
        room = room_or_404(code)
        return {
            "room": room.code,
            "game": room.game,
            "status": room.status,
            "rules": room.rules_name,
            "length": room.length,
            "players": [s.public() for s in room.seats],
        }

    @app.post("/api/rooms/{code}/history")
    async def history(code: RoomCode, body: HistoryRequest) -> Response:
        room = room_or_404(code)
        seat = room.seat_of(body.token)
        if seat is None and not room.watches(body.token):
            raise HTTPException(403, "give a seat token or the watch token of this room")
        try:
            text, kind = await asyncio.to_thread(room.history, seat)
        except LookupError as error:
            raise HTTPException(404, str(error)) from None
        name = f"sniper-{room.game}-{room.code[:8]}.{kind}"
        media = "application/json" if kind == "json" else "application/toml"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return Response(text, media_type=media, headers=headers)

    @app.websocket("/ws/{code}")
    async def seat_socket(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        room = lobby().get(code)
        seat = watching = None
        try:
            hello = await asyncio.wait_for(websocket.receive_text(), HELLO_SECONDS)
            message = json.loads(hello) if len(hello) <= settings.max_message else None
            if isinstance(message, dict) and message.get("type") == "hello" and room is not None:
                seat = room.seat_of(message.get("token"))
            elif isinstance(message, dict) and message.get("type") == "watch" and room is not None:
                watching = room.watches(message.get("token")) or None
        except (TimeoutError, ValueError, RecursionError, WebSocketDisconnect, KeyError, RuntimeError):
            seat = watching = None
        if watching:
            await spectate(websocket, room)
            return
        if seat is None:
            try:
                await websocket.close(
                    CLOSE_BAD_HELLO,
                    'send {"type": "hello", "token": …} with a seat token of this room, or {"type": "watch", …}',
                )
            except Exception:  # noqa: BLE001 - the client may be gone
                pass
            return
        client = SocketClient(websocket)
        room.connect(seat, client)
        try:
            while (frame := await websocket.receive())["type"] != "websocket.disconnect":
                if room.seats[seat].client is not client:
                    break  # replaced by a newer connection: its late messages are not read
                text = frame.get("text")
                if text is None:
                    error = "binary frames are not read: send each message as JSON text"
                else:
                    error = read_message(room, seat, text, settings.max_message)
                if error is not None:
                    client.push({"type": "error", "message": error})
        except (WebSocketDisconnect, RuntimeError, KeyError):
            pass
        finally:
            room.disconnect(seat, client)
            client.close(1000, "bye")

    async def spectate(websocket: WebSocket, room: Room) -> None:
        """A spectator's connection: sent the spectator view (``Room.watch``); it may ask for the state again,
        everything else it sends gets an error."""
        client = SocketClient(websocket)
        if not room.watch(client):
            client.close(CLOSE_OVERFLOW, f"this room has {settings.max_spectators} spectators; try later")
            return
        try:
            while (frame := await websocket.receive())["type"] != "websocket.disconnect":
                text = frame.get("text")
                try:
                    message = json.loads(text) if text is not None and len(text) <= settings.max_message else None
                except (ValueError, RecursionError):
                    message = None
                if isinstance(message, dict) and message.get("type") == "state":
                    client.push(room.view(None))
                else:
                    client.push({"type": "error", "message": 'a spectator only watches; it may send {"type": "state"}'})
        except (WebSocketDisconnect, RuntimeError, KeyError):
            pass
        finally:
            room.unwatch(client)
            client.close(1000, "bye")

    return app


def seat_answer(room: Room, seat: int, token: str) -> dict:
    """The answer of a request that gave a seat: ``{room, seat, token, game, watch}`` (``watch``: the room's watch
    token, for its spectator link)."""
    return {"room": room.code, "seat": seat, "token": token, "game": room.game, "watch": room.watch_token}


def game_info(name: str) -> dict:
    """What the lobby page shows of the hosted game ``name``: its title, seats, rules, lengths, AI levels, page,
    rules link, and what it counts (``GameSpec.unit``, ``score``)."""
    spec, served = get_game(name), served_class(name)
    return {
        "name": spec.name,
        "title": spec.title,
        "seats": list(spec.seats),
        "solo": [n for n in spec.seats if n in SOLO_PLAYERS] if name == DEFAULT_GAME else list(spec.seats),
        "rules": list(spec.rules),
        "default_rules": spec.default_rules,
        "lengths": list(spec.game_lengths),
        "default_length": spec.default_length,
        "levels": list(served.LEVELS),
        "moves": list(served.MOVES),
        "page": "/" if name == DEFAULT_GAME else f"/play/{name}",
        "rules_url": "/rules" if name == DEFAULT_GAME else f"/rules/{name}",
        "dynamics": spec.dynamics,
        "unit": spec.unit,
        "score": spec.score,
    }


def client_of(request: Request) -> str:
    """The client address of ``request`` (behind a proxy on this machine, the one it forwards)."""
    return request.client.host if request.client is not None else ""


async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
    """HTTP 422 with FastAPI's usual ``{"detail": [{"loc", "msg", "type"}, ...]}`` body, strict JSON,
    that never repeats what was sent (FastAPI's own handler echoes each bad ``input``, however large,
    and fails with HTTP 500 on a non-finite number)."""
    detail = [{key: item.get(key) for key in ("loc", "msg", "type")} for item in error.errors()]
    return JSONResponse(status_code=422, content=json_safe(jsonable_encoder({"detail": detail})))


@contextmanager
def running(settings: Settings | None = None, host: str = "127.0.0.1", port: int = 0):
    """Serve ``create_app(settings)`` with uvicorn in a background thread; yields the base URL.

    ``port=0`` picks a free port. For tests, examples and notebooks; ``sniper serve`` runs uvicorn
    in the foreground instead. The server stops when the block ends.
    """
    import socket
    import threading

    import uvicorn

    with socket.socket() as probe:
        probe.bind((host, port))
        port = probe.getsockname()[1]
    settings = dataclasses.replace(settings or Settings(), host=host, port=port)
    config = uvicorn.Config(
        create_app(settings), host=host, port=port, log_level="warning", **uvicorn_options(settings)
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="sniper-serve", daemon=True)
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError(f"the server did not start on {host}:{port}")
            time.sleep(0.02)
        server.base_url = f"http://{host}:{port}"
        yield server
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def check_listen(host: str, port: int) -> None:
    """``OSError`` with a one-line reason unless ``host:port`` can be listened on."""
    import socket

    try:
        with socket.create_server((host, port)):
            pass
    except (OSError, OverflowError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise OSError(f"cannot listen on {host}:{port}: {reason.split(' (while')[0]}") from None


def check_out(out: Path) -> None:
    """Create ``out`` if needed; ``OSError`` with a one-line reason unless it is a directory games can be
    written under (each finished game goes to ``out/<room>/``, ``sniper.serve.record``)."""
    import tempfile

    out = Path(out)
    try:
        if out.exists() and not out.is_dir():
            raise NotADirectoryError(0, "it is a file, not a directory")
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as error:
        reason = error.strerror or str(error)
        raise OSError(f"cannot write games to --out {out}: {reason}; choose another --out") from None


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a ``--host`` value: an IP address or a name) is this machine only: ``localhost`` or a
    loopback address (127.0.0.0/8, ::1). Anything else, ``0.0.0.0`` included, may be reached from the network."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8765, announce=print) -> None:
    """Run the server in the foreground until Ctrl-C (``sniper serve``); ``announce`` gets the line
    with its address once the port is free. Raises ``OSError`` as ``check_out`` and ``check_listen``,
    before serving."""
    import uvicorn

    check_out(settings.out)
    check_listen(host, port)
    settings = dataclasses.replace(settings, host=host, port=port)
    announce(f"sniper serve: open http://{host}:{port}/ (Ctrl-C stops); games go to {settings.out}/")
    if not is_loopback(host):
        announce(f"sniper serve: warning: {host} is reachable from other machines; plain HTTP, no accounts")
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning", **uvicorn_options(settings))


def read_message(room: Room, seat: int, text: str, max_message: int) -> str | None:
    """Parse and apply one client message; the error text to send back, or ``None`` if applied."""
    if len(text) > max_message:
        return f"message longer than {max_message} characters"
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return "message is not JSON"
    if not isinstance(message, dict):
        return "message must be a JSON object with a 'type'"
    return room.handle(seat, message)


def warm_up() -> None:
    """Compile (or load from cache) the rollout kernel the AI seats use, before the first decision."""
    from sniper.games.sniper_holdem.rollout import kernel_rollout

    try:
        kernel_rollout((1, 2), (3, 4), 1, (), None, 0, 1, 8, False)
    except Exception:  # noqa: BLE001 - a failed warm-up shows again at the first decision
        log.exception("kernel warm-up failed")
