"""The run directory: its manifest, its parquet parts, its lock, and what state it is in.

Layout of a run directory (``LAYOUT``): ``manifest.json``, ``.lock`` (``run_lock``), then one folder per
table of the game (``GameSpec.tables``; Sniper Hold'em: ``hands/part-00000.parquet``,
``hands/part-00001.parquet`` … and ``actions/part-00000.parquet`` …): one part
per chunk and table, written by the parent in chunk order, each under a temporary name
(``.part-00003.parquet.tmp-<pid>``, which parquet readers skip) and renamed, so no reader ever
sees a partial file; a chunk counts only once all its parts are in place. Each table's folder
is a parquet dataset: ``pd.read_parquet(DIR / "hands")`` reads it. An interrupted run (Ctrl-C, a
killed process) is finished by ``sniper.runs.runner.resume``: finished parts are kept (``scan_parts``),
missing or unreadable ones are played again, and the result equals an uninterrupted run. A record of
games played elsewhere (``is_record``, ``sniper.runs.store.write_run``) is not resumed at all.

While a session plays a run it holds an exclusive ``fcntl.flock`` lock on ``DIR/.lock`` (which also
names its process and host, ``run_lock``); the system drops the lock when the process ends, however
it ends, so ``run_state`` tells a run being played from one whose process was killed with its
manifest still saying "running", and ``sniper.runs.runner.resume`` refuses a run another process is playing.
"""

import fcntl
import json
import os
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from sniper import __version__
from sniper.core.inputs import error_line
from sniper.core.registry import DEFAULT_GAME, get_game
from sniper.core.tables import HANDS, Chunk
from sniper.runs.atomic import write_atomic
from sniper.runs.config import RunConfig, RunDirError

MANIFEST = "manifest.json"
LOCK = ".lock"
"""The file of a run directory locked by the process playing it (``run_lock``)."""
RUN_FORMAT = "sniper-run"
LAYOUT = 2
"""Run directory layout version: 2 = one folder per table (sniper 0.2); 0.1 wrote ``part-*.parquet``
beside ``manifest.json`` and no actions."""


def parquet_options(schema: pa.Schema) -> dict:
    """How a part with ``schema`` is written (``pyarrow.parquet.write_table`` keywords).

    Integer columns use ``DELTA_BINARY_PACKED`` instead of pyarrow's default dictionary encoding,
    strings keep their dictionary, booleans stay plain (bit-packed), and pages are compressed
    with snappy. Min/max statistics only for ``game`` and ``hand``, the sorted columns, so filters
    on them skip row groups. Against pyarrow's defaults this takes ≈ 23% less CPU to write for
    files ≈ 18% larger (``experiments/README.md``, "Writer options"); byte-stream-split integers
    would be smaller and faster still, but DuckDB up to 1.4 cannot read them. Every reader the
    docs name (docs/sniper-holdem.md, "Results": pyarrow, pandas, DuckDB ≥ 1.0, polars ≥ 0.20) reads these files.
    """
    delta = {field.name: "DELTA_BINARY_PACKED" for field in schema if pa.types.is_integer(field.type)}
    strings = [field.name for field in schema if pa.types.is_string(field.type)]
    return {
        "write_statistics": [name for name in ("game", "hand") if name in schema.names],
        "use_dictionary": strings,
        "column_encoding": delta,
        "compression": "snappy",
    }


def write_part(out: Path, chunk: int, table: str, data: pa.Table, durable: bool = False) -> None:
    """Write ``data`` as chunk ``chunk``'s part of ``table`` atomically (``parquet_options`` of its schema;
    ``durable``: ``write_atomic``)."""
    path = part_path(out, chunk, table)
    options = parquet_options(data.schema)
    write_atomic(path, lambda tmp: pq.write_table(data, tmp, **options), durable)


def write_order(tables) -> list[str]:
    """The order a chunk's parts are written in: every other table first, the hands table last (``resume``
    keeps a chunk only when all its parts are there, and finds its chunks by their hands parts)."""
    return [*(table for table in reversed(list(tables)) if table != HANDS), HANDS]


def write_parts(out: Path, chunk: int, played: Chunk, durable: bool = False) -> None:
    """Write chunk ``chunk``'s parts (one per table of ``played``) atomically, in ``write_order``."""
    for table in write_order(played.tables):
        write_part(out, chunk, table, played.tables[table], durable)


def part_path(out: Path, chunk: int, table: str = HANDS) -> Path:
    """The parquet file of chunk ``chunk`` of ``table`` (a table of the run's game, ``GameSpec.tables``)."""
    return out / table / f"part-{chunk:05d}.parquet"


def check_layout(out: Path, manifest: dict) -> None:
    """``RunDirError`` naming the version that wrote ``out`` unless its layout is ``LAYOUT``."""
    if manifest.get("layout") != LAYOUT:
        raise RunDirError(
            f"{out} was written by sniper {manifest.get('version', '?')}, whose runs have parts beside "
            f"{MANIFEST} and no actions table; sniper {__version__} cannot read it: play the run again"
        )


def is_run_dir(out: Path) -> bool:
    """Whether ``out`` has a manifest (``resume`` can finish it); an interrupted ``simulate`` may leave none."""
    return (Path(out) / MANIFEST).is_file()


def load_manifest(out: Path) -> dict:
    """The manifest of run directory ``out``, with its ``game`` (``DEFAULT_GAME``, Sniper Hold'em, when it names
    none: every run written so far); ``RunDirError`` saying why if it is not one, or if it names a game that is
    not registered."""
    out = Path(out)
    path = out / MANIFEST
    if not out.is_dir():
        reason = "a file, not a directory" if out.exists() else "no such directory"
        raise RunDirError(f"{out} is not a run directory ({reason})")
    try:
        manifest = json.loads(path.read_text())
    except FileNotFoundError:
        raise RunDirError(f"{out} is not a run directory (no {MANIFEST})") from None
    except (OSError, ValueError) as error:
        raise RunDirError(f"{out} is not a run directory ({MANIFEST} is unreadable: {error})") from None
    if not isinstance(manifest, dict) or "config" not in manifest or "version" not in manifest:
        raise RunDirError(f"{out} is not a run directory ({MANIFEST} has no version and config)")
    check_layout(out, manifest)
    game = manifest.setdefault("game", DEFAULT_GAME)  # no game named: Sniper Hold'em (``new_manifest``)
    try:
        get_game(game)
    except ValueError as error:
        raise RunDirError(f"{out} is a run of a game this version does not know ({error})") from None
    return manifest


def scan_parts(out: Path, config: RunConfig) -> dict[int, tuple[int, int]]:
    """Finished chunks of a run: chunk → (hands, games). A chunk is finished when all its parts
    are readable with their schemas and hold its games; other parts and temp files are removed."""
    import pyarrow.compute as pc  # here: 0.05 s to import, and only a run that resumes needs it

    spec = get_game(config.game)
    n_seats = len(config.agents)
    others = [table for table in spec.tables if table != HANDS]
    kept = {}
    for table in spec.tables:
        for tmp in (out / table).glob(".*.tmp-*"):
            tmp.unlink()
    for path in sorted((out / HANDS).glob("part-*.parquet")):
        try:
            chunk = int(path.stem.removeprefix("part-"))
            games = _read_part(path, spec.schema(HANDS))
            rows = len(games)
            low, high = chunk * config.chunk_games, (chunk + 1) * config.chunk_games
            if rows == 0 or rows % n_seats or pc.min(games).as_py() < low or pc.max(games).as_py() >= high:
                raise ValueError("rows")
            for table in others:
                rows_of = _read_part(part_path(out, chunk, table), spec.schema(table))
                if len(rows_of) and (pc.min(rows_of).as_py() < low or pc.max(rows_of).as_py() >= high):
                    raise ValueError("rows")
            kept[chunk] = (rows // n_seats, len(pc.unique(games)))
        except (ValueError, OSError, pa.ArrowException):
            path.unlink()
    for table in others:
        for path in (out / table).glob("part-*.parquet"):
            if not path.stem.removeprefix("part-").isdigit() or int(path.stem.removeprefix("part-")) not in kept:
                path.unlink()
    return kept


def unreadable_parts(out: Path, table: str = "hands", read: Callable[[Path], object] = pq.read_schema) -> list[Path]:
    """The parts of ``table`` of the run in ``out`` that ``read`` fails on, in chunk order: by default
    those whose parquet footer cannot be read (``pyarrow.parquet.read_schema``: a truncated or
    overwritten file); ``read=pyarrow.parquet.read_table`` also finds corrupt pages."""
    bad = []
    for path in sorted((Path(out) / table).glob("part-*.parquet")):
        try:
            read(path)
        except (OSError, pa.ArrowException):
            bad.append(path)
    return bad


def read_parts(
    out: Path, table: str, schema: pa.Schema, columns: Sequence[str] | None = None, dictionary: bool = False
) -> pa.Table | None:
    """The ``columns`` (default all) of ``table`` of the run in ``out``, as ``sniper.runs.store.read_run(out,
    table, columns, arrow=True)`` reads them: the same rows in the same order, those of every file of the table's
    folder whose name starts with neither "." nor "_", in path order (``pyarrow.dataset``'s discovery). Read part
    by part (``pyarrow.parquet.ParquetFile``), not as a dataset: importing ``pyarrow.dataset`` imports pandas
    (≈ 0.2 s, ``sniper.core.tables``). ``dictionary``: the string columns come as dictionary arrays (int32 indices
    into each part's values, as parquet stores them; the same values, without a string per row: what
    ``sniper.core.tables.string_codes`` reads fastest). ``None`` unless every part is a readable parquet file of
    exactly ``schema`` (nullable fields too) in a folder of files only, with every one of ``columns``: then
    ``read_run`` reads the run, or names what is wrong with it."""
    folder = Path(out) / table
    wanted = schema.names if columns is None else list(columns)
    strings = [field.name for field in schema if pa.types.is_string(field.type)] if dictionary else []
    read_as = schema
    for name in strings:
        i = schema.get_field_index(name)
        read_as = read_as.set(i, schema.field(i).with_type(pa.dictionary(pa.int32(), pa.string())))
    try:
        paths = sorted((path for path in folder.iterdir() if not path.name.startswith((".", "_"))), key=str)
        if not paths or not all(path.is_file() for path in paths) or not set(wanted) <= set(schema.names):
            return None
        parts = []
        for path in paths:
            with pq.ParquetFile(path, read_dictionary=strings) as part:
                if not part.schema_arrow.equals(read_as):
                    return None
                parts.append(part.read(columns=wanted))
        return pa.concat_tables(parts)
    except (OSError, pa.ArrowException):
        return None


def _read_part(path: Path, schema: pa.Schema) -> pa.ChunkedArray:
    """The ``game`` column of a part; ``ValueError`` when its columns' names and types are not
    those of ``schema`` (nullable fields, as written before ``sniper.core.tables.schema_of``, are kept)."""
    if [(f.name, f.type) for f in pq.read_schema(path)] != [(f.name, f.type) for f in schema]:
        raise ValueError("schema")
    return pq.read_table(path, columns=["game"])["game"]


@contextmanager
def run_lock(out: Path) -> Iterator[None]:
    """Hold the exclusive lock of the run in ``out`` (``out/LOCK``, ``fcntl.flock``) while the run is played.

    The lock file names this process and host (``"PID HOST"``, for messages); the lock is dropped when
    the block ends or the process dies, however it dies (the file stays, unlocked). Raises ``RunDirError``
    when another process holds it: that run is being played now.
    """
    with open(Path(out) / LOCK, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RunDirError(f"{out} is being played now by {lock_holder(out)}; wait for it to finish") from None
        handle.truncate(0)
        handle.write(f"{os.getpid()} {socket.gethostname()}\n")
        handle.flush()
        yield


def lock_holder(out: Path) -> str:
    """Who holds (or last held) the lock of the run in ``out``: "process PID on HOST", from ``out/LOCK``."""
    try:
        pid, _, host = (Path(out) / LOCK).read_text().strip().partition(" ")
    except OSError:
        return "another process"
    return f"process {pid} on {host}" if pid.isdigit() and host else "another process"


def is_live(out: Path) -> bool:
    """Whether a process writes the run in ``out`` now: it holds ``out/LOCK`` (``run_lock``), or, for a
    record of games played elsewhere, the directory's own lock (``sniper.runs.store.RecordWriter``).

    Tries a shared lock without waiting; a run whose process was killed holds none, whatever its
    manifest's status says. False when there is no lock file (a run of sniper 0.2.0, or never played).
    """
    for path in (Path(out) / LOCK, Path(out)):
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            fcntl.flock(fd, fcntl.LOCK_UN)
        except BlockingIOError:
            return True
        finally:
            os.close(fd)
    return False


def finished_hands(out: Path, seats: int, tables: Sequence[str] = (HANDS,)) -> int:
    """Hands in the finished chunks of the run in ``out`` (``seats`` seats): chunks whose parts of all its
    ``tables`` (its game's, ``GameSpec.tables``) are in place (what ``resume`` keeps), counted from the hands
    parts' parquet footers (rows / seats); a part whose footer cannot be read is not counted."""
    hands = 0
    for path in (Path(out) / HANDS).glob("part-*.parquet"):
        chunk = path.stem.removeprefix("part-")
        if not chunk.isdigit() or not all(part_path(out, int(chunk), table).is_file() for table in tables):
            continue
        try:
            hands += pq.read_metadata(path).num_rows // seats
        except (OSError, pa.ArrowException):
            pass
    return hands


def is_complete(out: Path, manifest: dict, target: int) -> bool:
    """Whether the manifest says complete, with its hand ``target`` reached and every part of its game's tables
    present with a readable footer (``unreadable_parts``)."""
    try:
        parts, hands = int(manifest.get("parts", -1)), int(manifest.get("hands", -1))
    except (TypeError, ValueError):
        return False
    tables = get_game(manifest.get("game", DEFAULT_GAME)).tables
    return (
        manifest.get("status") == "complete"
        and hands >= target
        and parts >= 1
        and all(part_path(out, k, table).is_file() for k in range(parts) for table in tables)
        and not any(unreadable_parts(out, table) for table in tables)
    )


@dataclass(frozen=True)
class RunState:
    """What a run directory holds now (``run_state``).

    ``state``: "complete" (the manifest says so and every part is in place), "running" (a process
    plays it now: ``is_live``) or "incomplete" (interrupted, or its process was killed; ``resume``
    finishes it); a record of a served game its people left is "abandoned" (it ended there, on its finished
    hands). ``hands``: hands in the finished parts (``finished_hands``; for a complete run the
    manifest's count), of the ``target`` the run asks for. ``holder``: who plays a running run
    ("process PID on HOST"), else None.
    """

    state: str
    hands: int
    target: int
    holder: str | None = None
    record: bool = False
    """A record of games played elsewhere (``is_record``): never resumed, whatever its state."""


def run_state(out: Path, manifest: dict | None = None) -> RunState:
    """The ``RunState`` of the run in ``out`` (``manifest``: its manifest, read if not given).

    The manifest's status alone cannot tell a killed run from a live one (both say "running"); the
    lock does (``is_live``). Raises ``RunDirError`` when ``out`` is not a run directory.
    """
    out = Path(out)
    manifest = load_manifest(out) if manifest is None else manifest
    config = manifest["config"]
    try:
        seats, target = max(1, len(config["agents"])), int(config["hands"])
    except (KeyError, TypeError, ValueError):
        raise RunDirError(f"{out} is not a run directory ({MANIFEST} has no agents and hands)") from None
    record = is_record(manifest)
    tables = get_game(manifest["game"]).tables
    if is_live(out):
        return RunState("running", finished_hands(out, seats, tables), target, lock_holder(out), record)
    if record and manifest.get("status") == "abandoned":  # a served game its people left: ended, not complete
        return RunState("abandoned", int(manifest.get("hands", 0)), target, record=True)
    if is_complete(out, manifest, target):
        return RunState("complete", int(manifest["hands"]), target, record=record)
    return RunState("incomplete", finished_hands(out, seats, tables), target, record=record)


@dataclass(frozen=True)
class RunListing:
    """One run of a folder of runs (``list_runs``): its folder ``name``, when it was ``created`` (UTC, ISO
    8601; the manifest's last change for a run of sniper 0.2.0, which did not record it), its ``agents``
    (one per seat) and its ``RunState``; ``state`` is None and ``problem`` says why for a run that cannot
    be read (e.g. another layout). ``game``: the registry name of its game (None when it cannot be read)."""

    name: str
    created: str
    agents: tuple[str, ...]
    state: RunState | None
    problem: str | None = None
    game: str | None = None


def list_runs(folder: Path) -> list[RunListing]:
    """The runs in the subfolders of ``folder`` (one level down: those with a manifest), by name.

    For ``sniper summary`` of a folder such as ``runs/`` that holds runs but is not one; empty when
    ``folder`` holds none (or is not a readable folder).
    """
    listings = []
    try:
        children = sorted(child for child in Path(folder).iterdir() if child.is_dir() and is_run_dir(child))
    except OSError:
        return []
    for child in children:
        try:
            changed = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime((child / MANIFEST).stat().st_mtime))
        except OSError:  # removed since it was listed
            continue
        try:
            manifest = load_manifest(child)
            state = run_state(child, manifest)
            created = manifest.get("created") if isinstance(manifest.get("created"), str) else changed
            agents = tuple(map(str, manifest["config"]["agents"]))
            listings.append(RunListing(child.name, created, agents, state, game=manifest["game"]))
        except (RunDirError, TypeError, ValueError) as error:
            listings.append(RunListing(child.name, changed, (), None, error_line(error)))
    return listings


def new_manifest(config: RunConfig, vectors: Sequence[dict | None] | None = None, game: str | None = None) -> dict:
    """The manifest of a new run of ``config``; ``agent_parameters`` holds every seat's full parameter
    vector, so a run stays interpretable when level defaults change: ``vectors`` when given (one per
    seat, ``None`` for a seat with no known parameters, e.g. a person), else ``GameSpec.agent_vector``
    of each of ``config.agents``, which must then be specs the operator gave (never labels); ``created`` is
    the UTC time it was started (ISO 8601, seconds). ``game`` is the registered game played (default
    ``config.game``), the manifest's ``game``; a manifest of an earlier version names none and is read as
    ``DEFAULT_GAME`` (``load_manifest``). ``tables``: the game's tables (``GameSpec.tables``)."""
    spec = get_game(game or config.game)
    vectors = list(vectors) if vectors is not None else [spec.agent_vector(s) for s in config.agents]
    return {
        "format": RUN_FORMAT,
        "game": spec.name,
        "version": __version__,
        "layout": LAYOUT,
        "tables": list(spec.tables),
        "config": config.to_dict(),
        "agent_parameters": vectors,
        "status": "running",
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def is_record(manifest: dict) -> bool:
    """Whether a manifest is that of a record of games played elsewhere (``sniper.runs.store.write_run``, e.g.
    ``sniper serve``; it has a ``source``): its ``config.agents`` are seat labels, data that is never
    parsed as agent specs, so it cannot be resumed (a record, not a plan)."""
    return "source" in manifest
