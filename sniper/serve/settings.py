"""Server settings: the one object that holds every knob of ``sniper serve`` (R11 timings by default)."""

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from sniper.core.defaults import AI_DELAY, RESULT_SECONDS, SERVE_HOST, SERVE_OUT, SERVE_PORT, TURN_SECONDS

SOLO_PLAYERS = (3, 4, 5)
"""Players in total against the computer (R11); the default is 4."""


@dataclass(frozen=True)
class Settings:
    """Knobs of the table server (docs/serve-protocol.md, "Limits", lists them with their defaults).

    Timings (seconds): ``turn_seconds``: time per turn before the timeout rule acts (R11);
    ``result_seconds``: pause after a hand unless someone deals (R11); ``ai_delay``: the least time
    an AI seat takes per decision, so people can follow the play (0 for bots and tests);
    ``lobby_seconds``: how long a room may wait to start; ``absent_seconds``: how long a started
    room plays on once every person and bot seat is disconnected (then the game ends and is
    recorded); ``keep_seconds``: how long a finished room stays open for its final state.

    Where: ``out``: where finished games are written (``out/<room>/``); ``host``, ``port``: the
    address served, the only ``Host`` a request may name (with ``localhost``, ``127.0.0.1`` and
    ``[::1]`` for a loopback address, any IP literal for ``0.0.0.0`` or ``::``);
    ``allow_origins``: more ``http(s)://HOST[:PORT]`` origins (and their hosts) to accept, for a
    server behind a proxy (``sniper.serve.guard``).

    Bounds: ``max_rooms``: open rooms at once (more get HTTP 503); ``rooms_per_client``: open
    rooms created by one client address, and ``rooms_per_minute``: rooms it may create in any 60
    seconds (more get HTTP 429); ``bust_hands``: the most hands of a served "bust" game (R9 "until
    one holds every chip"); ``max_body``: the largest HTTP request body, bytes (more get 413);
    ``max_message``: the longest client message read, in characters; ``max_connections``:
    connections at once (uvicorn ``limit_concurrency``, more get 503); ``keep_alive_seconds``:
    an idle keep-alive connection is closed after this; ``header_seconds``: a request's headers must
    arrive within this. ``max_spectators``: spectators connected to one room at once (read-only ``watch``
    connections, more are closed with 1013).

    ``seed``: fixed seed of every room's deck (tests only; ``None`` draws a secret
    random seed per room, written to the run's manifest when the game is over). ``games``: the games hosted
    (``sniper serve --game``; empty: every registered game the server can host, ``sniper.serve.table.hosted``).

    Raises ``ValueError`` for an ``allow_origins`` entry that is not ``http(s)://HOST[:PORT]``.
    """

    turn_seconds: float = TURN_SECONDS
    result_seconds: float = RESULT_SECONDS
    ai_delay: float = AI_DELAY
    out: Path = Path(SERVE_OUT)
    host: str = SERVE_HOST
    port: int = SERVE_PORT
    allow_origins: tuple[str, ...] = ()
    max_rooms: int = 500
    rooms_per_client: int = 10
    rooms_per_minute: int = 10
    lobby_seconds: float = 300.0
    absent_seconds: float = 120.0
    keep_seconds: float = 600.0
    bust_hands: int = 200
    max_body: int = 4096
    max_message: int = 4096
    max_connections: int = 200
    keep_alive_seconds: float = 5.0
    header_seconds: float = 10.0
    max_spectators: int = 20
    seed: int | None = None
    games: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for url in self.allow_origins:
            origin_of(url)


def origin_of(url: str) -> str:
    """``url`` as an origin ``scheme://host[:port]``, lower case; ``ValueError`` unless it is an
    ``http``/``https`` URL with a host and no path, query or user (``--allow-origin``)."""
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        parts = None
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or "@" in parts.netloc
    ):
        raise ValueError(f"--allow-origin takes an origin such as https://example.org or http://host:8765, got {url!r}")
    return f"{parts.scheme}://{parts.netloc.lower()}"
