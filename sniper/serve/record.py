"""Write a served game as a run directory that ``sniper summary`` (and ``sniper replay``) read.

The one place the server writes results: ``write_game`` turns the game's finished reference-engine
hands into the run layout of ``sniper.runner`` (``manifest.json`` and the hand table).
"""

from pathlib import Path

import pyarrow.parquet as pq

from sniper.engine import HandState
from sniper.game import Rules
from sniper.results import hand_rows, to_table
from sniper.runner import MANIFEST, RunConfig, new_manifest, part_path, prepare_out, write_atomic, write_json


def write_game(out: Path, hands: list[HandState], agents: list[str], rules: Rules, seed: int, room: dict) -> Path:
    """Write one finished game (game index 0) to the new directory ``out`` and return it.

    ``hands``: the game's finished hands in order; ``agents``: one label per seat (an AI spec, or
    ``human:NAME`` / ``bot:NAME``), the ``agent`` column; ``seed``: the deck seed (R13); ``room``:
    facts stored under the manifest's ``served`` key. Raises ``FileExistsError`` if ``out`` exists
    and is not empty, ``ValueError`` for an empty game.
    """
    if not hands:
        raise ValueError("a game needs at least one finished hand")
    out = Path(out)
    prepare_out(out)
    columns: dict[str, list] = {}
    for index, state in enumerate(hands):
        for name, values in hand_rows(state, 0, index, agents).items():
            columns.setdefault(name, []).extend(values)
    table = to_table(columns)
    write_atomic(part_path(out, 0), lambda tmp: pq.write_table(table, tmp))
    config = RunConfig(tuple(agents), rules, seed, len(hands), 1, "reference")
    manifest = new_manifest(config)
    manifest.update(status="complete", hands=len(hands), games=1, parts=1, wall_seconds=0.0, served=room)
    write_json(out / MANIFEST, manifest)
    return out
