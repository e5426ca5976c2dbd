"""Write a served game as a run directory that ``sniper summary`` and ``sniper replay`` read.

The one place the server writes results: ``write_game`` hands the game's finished reference-engine
hands to ``sniper.runs.write_run`` (manifest, ``hands/`` and ``actions/``).
"""

from pathlib import Path

from sniper.engine import HandState
from sniper.game import Rules
from sniper.runs import write_run


def write_game(out: Path, hands: list[HandState], agents: list[str], rules: Rules, seed: int, room: str) -> Path:
    """Write one finished game (game index 0) of room ``room`` to the new directory ``out``; returns it.

    ``hands``: the game's finished hands in order; ``agents``: one label per seat (an AI spec, or
    ``human:NAME`` / ``bot:NAME``), the ``agent`` column; ``seed``: the deck seed (R13). The
    manifest's ``source`` names the room. Raises ``FileExistsError`` if ``out`` exists and is not
    empty, ``ValueError`` for an empty game.
    """
    return write_run(out, agents, rules, [hands], seed, 0, source=f"sniper serve, room {room}")
