"""Server settings: the one object that holds every knob of ``sniper serve`` (R11 timings by default)."""

from dataclasses import dataclass
from pathlib import Path

from sniper.defaults import AI_DELAY, RESULT_SECONDS, SERVE_OUT, TURN_SECONDS

SOLO_PLAYERS = (3, 4, 5)
"""Players in total against the computer (R11); the default is 4."""
ROOM_SEATS = (2, 3, 4, 5, 6)
"""Seats of an online room (R2)."""


@dataclass(frozen=True)
class Settings:
    """Knobs of the table server.

    ``turn_seconds``: time per turn before the timeout rule acts (R11); ``result_seconds``: pause
    after a hand unless someone deals (R11); ``ai_delay``: the least time an AI seat takes per
    decision, seconds, so people can follow the play (0 for bots and tests); ``out``: where
    finished games are written (``out/<room>/``); ``max_rooms``: open rooms at once (more get
    HTTP 503); ``lobby_seconds``: how long a room may wait to start; ``keep_seconds``: how long a
    finished room stays open for its final state; ``max_message``: the longest client message
    read, in characters; ``seed``: fixed seed of every room's deck (tests only; ``None`` draws a
    secret random seed per room, written to the run's manifest when the game is over).
    """

    turn_seconds: float = TURN_SECONDS
    result_seconds: float = RESULT_SECONDS
    ai_delay: float = AI_DELAY
    out: Path = Path(SERVE_OUT)
    max_rooms: int = 500
    lobby_seconds: float = 3600.0
    keep_seconds: float = 600.0
    max_message: int = 4096
    seed: int | None = None
