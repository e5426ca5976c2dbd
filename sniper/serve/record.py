"""Served games as run directories (records) that ``sniper summary`` and ``sniper replay`` read.

The one place the server writes results. A game of any game is recorded as a run of that game (its manifest's
``game``, its own tables, built by its ``GameSpec.record``). It is journaled hand by hand (round by round for
Saint Poker): ``GameRecord.hand`` adds each finished hand as one more part of each table, flushed to disk
before the next hand is dealt (``sniper.runs.store.RecordWriter``, ``durable``), and ``finish`` marks the run
"complete", so a crash (``kill -9``, a power cut) loses at most the hand in play. At start-up ``recover_games``
makes each game a killed server left "running" an "interrupted" record of its finished hands.

Seats are recorded as labels (``human:NAME``, ``bot:NAME``, or the AI level): data, never parsed as
an agent spec or imported; the AI seats' parameter vectors come from the agent objects the server
built from its own level list (the game's ``ServedGame.vector``; Sniper Hold'em's
``sniper.games.sniper_holdem.parameters.parameter_vector``).
"""

import logging
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from sniper.core.registry import DEFAULT_GAME
from sniper.games.sniper_holdem.agents import Agent
from sniper.games.sniper_holdem.engine import HandState
from sniper.games.sniper_holdem.parameters import parameter_vector
from sniper.games.sniper_holdem.rules import Rules
from sniper.runs.config import RunDirError
from sniper.runs.rundir import MANIFEST
from sniper.runs.store import RecordWriter, recover_record, write_run

log = logging.getLogger("sniper.serve")


def seat_vectors(
    agents: Sequence[Agent | None], specs: Sequence[str | None], vector: Callable[[Any, str], dict] = parameter_vector
) -> list[dict | None]:
    """The manifest's ``agent_parameters`` of a served game: each AI seat's ``vector(agent, level)`` (its agent
    object and level; Sniper Hold'em's ``parameter_vector`` by default, the game's ``ServedGame.vector``), ``None``
    for a seat played over the network."""
    return [None if agent is None else vector(agent, spec or "") for agent, spec in zip(agents, specs)]


def source_of(room: str) -> str:
    """The manifest's ``source`` of a game of room ``room``."""
    return f"sniper serve, room {room}"


class GameRecord:
    """One served game of ``game`` (a registered game's name) in room ``room``, written to the new directory ``out``
    hand by hand, or round by round (module docstring).

    ``labels``: one per seat, the ``agent`` column; ``vectors``: ``seat_vectors``; ``seed``: the deck
    seed (R13), kept out of the manifest until ``finish`` or ``interrupt`` (it fixes the cards still to
    come): a game recovered after a crash has seed ``null``. The methods may be called from any thread.
    """

    def __init__(
        self, out: Path, labels: Sequence[str], vectors, rules: Rules, seed: int, room: str, game: str = DEFAULT_GAME
    ) -> None:
        self.seed = seed
        self.writer = RecordWriter(out, labels, rules, None, source_of(room), vectors, durable=True, game=game)
        self._lock = threading.Lock()

    def hand(self, index: int, state: HandState) -> None:
        """Journal finished hand (round) ``index`` (game 0) as its game records it (``GameSpec.record``);
        ``FileExistsError`` at the first hand if ``out`` is taken."""
        with self._lock:
            self.writer.add_hand(0, index, state)

    def finish(self, status: str = "complete") -> Path:
        """Mark the game ``status`` with its seed: "complete" (it reached its end), or "abandoned" (it ended
        because every person left, on the hands finished before); returns its directory."""
        with self._lock:
            return self.writer.close(status, self.seed)

    def interrupt(self) -> Path:
        """Mark the game interrupted (the server stops or the room failed mid-game), with its seed. Waits
        for a hand being written (from another thread); after ``finish`` it changes nothing."""
        with self._lock:
            return self.writer.close("interrupted", self.seed)


def write_game(
    out: Path, hands: list[HandState], agents: list[str], rules: Rules, seed: int, room: str, vectors=None
) -> Path:
    """Write one finished game (game index 0) of room ``room`` to the new directory ``out`` at once; returns it.

    ``hands``: the game's finished hands in order; ``agents``: one label per seat (``human:NAME``,
    ``bot:NAME`` or the AI level), the ``agent`` column, never parsed; ``vectors``: ``seat_vectors``;
    ``seed``: the deck seed (R13). Raises ``FileExistsError`` if ``out`` exists and is not empty,
    ``ValueError`` for an empty game.
    """
    return write_run(out, agents, rules, [hands], seed, 0, source=source_of(room), vectors=vectors)


def recover_games(root: Path) -> list[Path]:
    """Recover (``sniper.runs.store.recover_record``) every game under ``root`` that a killed server left
    "running" and no live server is writing; returns the interrupted records made. Unreadable
    directories are skipped (logged)."""
    made = []
    root = Path(root)
    for manifest in sorted(root.glob(f"*/{MANIFEST}")) if root.is_dir() else ():
        try:
            recovered = recover_record(manifest.parent)
        except (RunDirError, OSError) as error:
            log.warning("cannot recover %s: %s", manifest.parent, error)
            continue
        if recovered is not None:
            made.append(recovered)
    return made
