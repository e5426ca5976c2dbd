"""The batch runner: plays games in deterministic chunks and writes a parquet run directory.

A run is split into chunks of ``chunk_games`` consecutive games; chunk ``k`` plays games
``k*chunk_games ..`` from the run's seed, so every hand is fixed by (seed, game, hand) (R13) and the
results are identical whatever the number of workers. Games are played whole until the run has at
least the requested number of hands; the dataset ends with the game that reaches it.

Layout of a run directory: ``manifest.json`` and ``part-00000.parquet``, ``part-00001.parquet`` …,
each written under a temporary name and renamed, so no reader ever sees a partial file.
"""

import json
import os
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from sniper import __version__
from sniper.game import Rules, play_game
from sniper.results import hand_rows, to_table
from sniper.specs import make_agent


@dataclass(frozen=True)
class RunConfig:
    """What a run plays: agent specs (one per seat), rules, seed, and at least ``hands`` hands."""

    agents: tuple[str, ...]
    rules: Rules
    seed: int = 0
    hands: int = 1000
    chunk_games: int = 200
    engine: str = "reference"


@dataclass
class RunResult:
    """A finished run: its directory, hands and games played, and wall time in seconds."""

    out: Path
    hands: int
    games: int
    seconds: float
    manifest: dict = field(default_factory=dict)


def play_chunk(config: RunConfig, chunk: int) -> tuple[pa.Table, list[int]]:
    """Play chunk ``chunk`` of a run with the reference engine (R13 keys).

    Returns the chunk's rows as a table with ``sniper.results.SCHEMA`` and the number of hands of
    each of its games, in game order.
    """
    agents = [make_agent(spec) for spec in config.agents]
    columns: dict[str, list] = {}
    hands_per_game = []
    start = chunk * config.chunk_games
    for game in range(start, start + config.chunk_games):
        count = 0
        for hand, state in enumerate(play_game(agents, config.seed, game, config.rules)):
            for name, values in hand_rows(state, game, hand, list(config.agents)).items():
                columns.setdefault(name, []).extend(values)
            count += 1
        hands_per_game.append(count)
    return to_table(columns), hands_per_game


def write_atomic(path: Path, write: Callable[[Path], None]) -> None:
    """Call ``write(tmp)`` on a temporary path beside ``path``, then rename it into place."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        write(tmp)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def write_json(path: Path, data: dict) -> None:
    """Write ``data`` as indented JSON to ``path`` atomically."""
    write_atomic(path, lambda tmp: tmp.write_text(json.dumps(data, indent=2) + "\n"))


def prepare_out(out: Path) -> None:
    """Create a new run directory; ``FileExistsError`` if it exists and is not empty."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise FileExistsError(f"output directory {out} already exists and is not empty; choose another --out")
    out.mkdir(parents=True, exist_ok=True)


def simulate(
    config: RunConfig,
    out: Path,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> RunResult:
    """Play a run and write it to the new directory ``out`` (see the module docstring).

    ``workers`` processes (default: all cores; 1 plays in this process). ``progress`` is called
    with the number of hands finished so far. Raises ``FileExistsError`` if ``out`` is not empty.
    """
    out = Path(out)
    prepare_out(out)
    workers = workers or os.cpu_count() or 1
    manifest = {
        "version": __version__,
        "config": {**asdict(config), "agents": list(config.agents)},
        "status": "running",
    }
    write_json(out / "manifest.json", manifest)
    started = time.perf_counter()
    done_hands, done_games = 0, 0
    pending: dict[int, tuple[pa.Table, list[int]]] = {}
    next_chunk, next_write = 0, 0

    def absorb(chunk: int, result: tuple[pa.Table, list[int]]) -> bool:
        """Write finished chunks in order; True once the run has enough hands."""
        nonlocal done_hands, done_games, next_write
        pending[chunk] = result
        while next_write in pending:
            table, counts = pending.pop(next_write)
            before = [done_hands + sum(counts[:i]) for i in range(len(counts))]
            keep = next((i for i, total in enumerate(before) if total >= config.hands), len(counts))
            if keep < len(counts):
                table = table.filter(pa.compute.less(table["game"], next_write * config.chunk_games + keep))
            done_hands += sum(counts[:keep])
            done_games += keep
            path = out / f"part-{next_write:05d}.parquet"
            write_atomic(path, lambda tmp, t=table: pq.write_table(t, tmp))
            next_write += 1
            if progress:
                progress(done_hands)
            if done_hands >= config.hands:
                return True
        return False

    if workers == 1:
        finished = False
        while not finished:
            finished = absorb(next_chunk, play_chunk(config, next_chunk))
            next_chunk += 1
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {}
            finished = False
            while not finished:
                while len(futures) < 2 * workers:
                    futures[pool.submit(play_chunk, config, next_chunk)] = next_chunk
                    next_chunk += 1
                ready, _ = wait(futures, return_when=FIRST_COMPLETED)
                for future in sorted(ready, key=futures.get):
                    chunk = futures.pop(future)
                    if not finished:
                        finished = absorb(chunk, future.result())
            for future in futures:
                future.cancel()
    seconds = time.perf_counter() - started
    manifest.update(status="complete", hands=done_hands, games=done_games, wall_seconds=round(seconds, 3))
    write_json(out / "manifest.json", manifest)
    return RunResult(out, done_hands, done_games, seconds, manifest)
