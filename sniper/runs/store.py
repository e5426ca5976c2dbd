"""Run directories as datasets: ``read_run`` (any table, with column and filter pushdown),
``write_run`` (a run directory from games played elsewhere, e.g. online games), ``RecordWriter``
(the same, written hand by hand as the games go, recoverable after a crash: ``recover_record``) and
``import_run`` (a run directory from hand-history files, ``sniper import``).

The layout is ``sniper.runs.runner``'s: ``manifest.json`` and one folder of parts per table of the run's
game (Sniper Hold'em: ``hands/part-*.parquet`` and ``actions/part-*.parquet``); each table folder is a
parquet dataset that pandas, polars, duckdb and pyarrow read directly (``pd.read_parquet(DIR / "actions")``,
``duckdb.sql("SELECT … FROM 'DIR/hands/*.parquet'")``). The tables, and how finished hands played elsewhere
become their rows (``GameSpec.record``), are the game's (``sniper.core.registry``).
"""

import fcntl
import os
import shutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from sniper.core.errors import ParameterError
from sniper.core.inputs import error_line
from sniper.core.registry import DEFAULT_GAME, GameRules, game_names, get_game
from sniper.core.tables import HANDS, Chunk, Imported, check_columns
from sniper.runs.atomic import claim_out, write_json
from sniper.runs.config import RunConfig, RunDirError
from sniper.runs.rundir import (
    MANIFEST,
    _read_part,
    is_record,
    load_manifest,
    new_manifest,
    part_path,
    unreadable_parts,
    write_parts,
)


def read_run(out, table: str = "hands", columns: Sequence[str] | None = None, filters=None, arrow: bool = False):
    """Read ``table`` (one of the tables of the run's game, ``GameSpec.tables``: Sniper Hold'em's "hands" and
    "actions", ``sniper.games.sniper_holdem.results``) of the run in ``out``.

    ``columns``: the columns to read (``None``, the default: all; an empty list: none, a frame of the
    table's rows and no columns); ``filters``: a ``pyarrow.compute`` expression
    or pandas-style tuples (``[("game", "<", 10), ("seat", "=", 0)]``, a list of lists for OR);
    both are pushed down to the parquet scan (``pyarrow.dataset``), so only the needed columns and
    row groups are read. Rows come in part order (game, hand, seat or seq). Returns a pandas
    DataFrame (a ``pyarrow.Table`` with ``arrow=True``). Raises ``sniper.runs.config.RunDirError`` when
    ``out`` is not a run this version reads (a 0.1 run is refused with its version) or a part of
    ``table`` is unreadable or holds corrupt data (named, with how to play it again), and
    ``ValueError`` for an unknown table or column.

    >>> import tempfile
    >>> from sniper.runs.runner import RunConfig, simulate
    >>> rules = get_game("sniper").make_rules("ours", "20")
    >>> out = Path(tempfile.mkdtemp()) / "run"
    >>> _ = simulate(RunConfig(("easy", "random"), rules, hands=30, chunk_games=2, engine="reference"), out, 1)
    >>> read_run(out, "actions", columns=["seat", "action"], filters=[("game", "=", 0), ("hand", "=", 0)]).shape[1]
    2
    """
    out = Path(out)
    spec = get_game(load_manifest(out)["game"])
    if table not in spec.tables:
        raise ValueError(f"unknown table {table!r}; valid: {', '.join(spec.tables)}")
    schema = spec.schema(table)
    check_columns(columns, schema, table)
    wanted = None if columns is None else list(columns)
    if filters is not None and not isinstance(filters, ds.Expression):
        filters = pq.filters_to_expression(filters)
    try:
        dataset = ds.dataset(out / table, format="parquet", schema=schema)
        result = dataset.to_table(columns=wanted, filter=filters)
    except (OSError, pa.ArrowException) as error:
        bad = unreadable_parts(out, table)
        if bad:
            raise RunDirError(
                f"{bad[0]} is not a readable parquet file; `sniper simulate --resume {out}` plays it again"
            ) from None
        corrupt = unreadable_parts(out, table, lambda path: pq.read_table(path, columns=wanted))
        if corrupt:
            raise RunDirError(
                f"{corrupt[0]} holds corrupt data ({error_line(error)}); delete it, and "
                f"`sniper simulate --resume {out}` plays it again"
            ) from None
        raise RunDirError(f"cannot read the {table} of {out}: {error_line(error)}") from None
    return result if arrow else result.to_pandas()


def write_run(
    out,
    agents: Sequence[str],
    rules: GameRules,
    games: Sequence[Sequence[object]],
    seed: int = 0,
    first_game: int = 0,
    source: str = "",
    vectors: Sequence[dict | None] | None = None,
    game: str = DEFAULT_GAME,
) -> Path:
    """Write games of ``game`` played outside the runner (e.g. online games) as a new run directory ``out``,
    a record.

    ``games``: one sequence of finished hands per game, in hand order, as the game records them
    (``GameSpec.record``; Sniper Hold'em: reference-engine ``HandState``); game ``i`` gets index
    ``first_game + i``. ``agents``: the seats' labels (one per seat),
    stored in the hands table's ``agent`` column and the manifest's ``config.agents``: data, never
    parsed as agent specs or imported; ``vectors``: the seats' parameter vectors for the manifest's
    ``agent_parameters`` (``sniper.games.sniper_holdem.parameters.parameter_vector`` of agents the caller built,
    ``None`` for a person; default all ``None``). ``seed`` and ``source`` (free text, e.g. "serve") go into the
    manifest; a manifest with a ``source`` is a record (``sniper.runs.rundir.is_record``), which
    ``summary`` and ``replay`` read and ``resume`` refuses. The directory is complete when this
    returns: the manifest (status "complete") and part 0 of each table (``RecordWriter``). Raises
    ``FileExistsError`` if ``out`` exists and is not empty, ``ValueError`` when a hand does not have one
    seat per agent or the game records no games played elsewhere.
    """
    keyed = [(first_game + i, hand, state) for i, states in enumerate(games) for hand, state in enumerate(states)]
    played = record_chunk(keyed, agents, game)
    writer = RecordWriter(out, agents, rules, seed, source, vectors, game=game)
    writer.add(played)
    return writer.close()


def record_chunk(hands: Iterable[tuple[int, int, object]], agents: Sequence[str], game: str = DEFAULT_GAME) -> Chunk:
    """Every table's rows of finished hands of ``game`` played elsewhere, given as (game, hand, state) in
    order, seated by the labels ``agents`` (``GameSpec.record``); ``ValueError`` for no hands, a hand
    without one seat per label, or a game that records none."""
    spec = get_game(game)
    if spec.record is None:
        raise ValueError(f"{spec.title} does not record games played elsewhere")
    return spec.resolve(spec.record)(hands, agents)


class RecordWriter:
    """A record of games played elsewhere (e.g. one served game), written into the new directory ``out``
    as they are played: each ``add`` is one more part of both tables, then the manifest says how many
    hands are in; ``close`` marks it "complete" (or "interrupted").

    ``agents`` are seat labels and ``vectors`` parameter vectors (``write_run``); ``seed`` may be ``None``
    while it must stay secret (given to ``close``). Nothing is written
    before the first ``add``, which claims ``out`` (``sniper.runs.atomic.claim_out``; ``FileExistsError``
    if it is not empty); from then on this process holds an exclusive lock (``flock``) on ``out`` until
    ``close`` (or its death, ``kill -9`` included), so ``recover_record`` never touches a record being
    written. With ``durable`` every part and manifest is flushed to disk (``os.fsync``) before ``add``
    returns. A crash loses at most the part being written: ``recover_record`` makes the rest an
    "interrupted" record.
    """

    def __init__(
        self,
        out,
        agents: Sequence[str],
        rules: GameRules,
        seed: int | None = 0,
        source: str = "",
        vectors: Sequence[dict | None] | None = None,
        durable: bool = False,
        game: str = DEFAULT_GAME,
    ) -> None:
        self.out = Path(out)
        self.agents = tuple(agents)
        self.vectors = list(vectors) if vectors is not None else [None] * len(self.agents)
        if len(self.vectors) != len(self.agents):
            raise ValueError(f"{len(self.vectors)} parameter vectors for {len(self.agents)} seats")
        self.rules, self.seed, self.source, self.durable = rules, seed, source, durable
        self.game = get_game(game).name
        self.manifest: dict | None = None
        self.parts, self.hands, self.games = 0, 0, set()
        self._lock: int | None = None

    def add(self, played: Chunk) -> None:
        """Write ``played`` (``record_chunk``) as the next part of both tables, then the manifest's counts."""
        if self.manifest is None:
            self._claim()
        write_parts(self.out, self.parts, played, self.durable)
        self.parts += 1
        self.hands += sum(played.counts)
        self.games.update(pc.unique(played.hands["game"]).to_pylist())
        self._save("running")

    def add_hand(self, game: int, hand: int, state: object) -> None:
        """``add`` one finished hand (as the game records it, ``GameSpec.record``)."""
        self.add(record_chunk([(game, hand, state)], self.agents, self.game))

    def close(self, status: str = "complete", seed: int | None = None) -> Path:
        """Mark the record ``status`` ("complete", "abandoned": its people left, or "interrupted") and release
        ``out``; returns it. ``seed``:
        the run's seed when it was kept out of the manifest until now (the writer was given ``None``). A
        writer that was never given a hand writes nothing."""
        if self.manifest is not None and self.manifest["status"] == "running":
            if seed is not None:
                self.manifest["config"]["seed"] = seed
            self._save(status)
        self._unlock()
        return self.out

    def _claim(self) -> None:
        spec = get_game(self.game)
        config = RunConfig(self.agents, self.rules, self.seed, 0, 1, next(iter(spec.engines)), game=self.game)
        manifest = {**new_manifest(config, self.vectors), "hands": 0, "games": 0, "parts": 0, "source": self.source}
        if self.out.exists() and not self.out.is_dir():
            raise FileExistsError(f"output directory {self.out} is a file, not a directory; choose another --out")
        self.out.mkdir(parents=True, exist_ok=True)
        self._lock = lock_dir(self.out)
        if self._lock is None:
            raise FileExistsError(f"output directory {self.out} is being written by another process")
        try:
            claim_out(self.out, MANIFEST, manifest)
            for table in spec.tables:
                (self.out / table).mkdir()
        except BaseException:
            self._unlock()
            raise
        self.manifest = manifest

    def _save(self, status: str) -> None:
        assert self.manifest is not None
        self.manifest["config"]["hands"] = self.hands
        self.manifest.update(status=status, hands=self.hands, games=len(self.games), parts=self.parts)
        write_json(self.out / MANIFEST, self.manifest, self.durable)

    def _unlock(self) -> None:
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None


def lock_dir(out: Path) -> int | None:
    """An open descriptor of the directory ``out`` holding its exclusive ``flock`` (released when closed
    or when the process dies), or ``None`` if another one holds it."""
    fd = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


def recover_record(out) -> Path | None:
    """Finish a record that a crashed writer (``RecordWriter``, e.g. a killed ``sniper serve``) left
    "running" in ``out``: keep the parts written in full (both tables, in order), remove the rest and any
    temporary file, and mark it "interrupted" with the hands kept, which ``summary`` and ``replay`` read.
    A record that lost every hand is removed (its manifest and empty table folders). Returns ``out``, or
    ``None`` when there was nothing to recover: not a running record, locked by a live writer, or
    removed. Raises ``RunDirError`` as ``load_manifest`` does.
    """
    out = Path(out)
    manifest = load_manifest(out)
    if not is_record(manifest) or manifest.get("status") != "running":
        return None
    lock = lock_dir(out)
    if lock is None:
        return None
    try:
        spec = get_game(manifest["game"])
        tables = list(spec.tables)
        n_seats = len(manifest["config"]["agents"])
        for folder in (out, *(out / table for table in tables)):
            for tmp in folder.glob(".*.tmp-*"):
                tmp.unlink()
        games, parts = set(), 0
        while True:
            try:
                for table in tables[1:]:
                    _read_part(part_path(out, parts, table), spec.schema(table))
                games.update(pc.unique(_read_part(part_path(out, parts, HANDS), spec.schema(HANDS))).to_pylist())
            except (OSError, ValueError, pa.ArrowException):
                break
            parts += 1
        hands = 0
        for table in tables:
            for path in (out / table).glob("part-*.parquet") if (out / table).is_dir() else ():
                index = path.stem.removeprefix("part-")
                if not index.isdigit() or int(index) >= parts:
                    path.unlink()
                elif table == HANDS:
                    hands += pq.read_metadata(path).num_rows // n_seats
        if parts == 0:
            (out / MANIFEST).unlink()
            for table in tables:
                if (out / table).is_dir():
                    (out / table).rmdir()
            return None
        manifest["config"]["hands"] = hands
        manifest.update(status="interrupted", hands=hands, games=len(games), parts=parts)
        write_json(out / MANIFEST, manifest, durable=True)
        return out
    finally:
        os.close(lock)


IMPORT_SOURCE = "import"
"""The ``source`` of the manifest of a run directory written by ``import_run`` (a record: ``is_record``)."""


@dataclass(frozen=True)
class ImportResult:
    """What ``import_run`` wrote: the run directory ``out``, the ``hands`` imported and one line per hand
    ``skipped`` (file, hand, reason), in file and hand order."""

    out: Path
    hands: int
    skipped: tuple[str, ...]


def import_run(paths: Sequence, out, game: str) -> ImportResult:
    """Import the hand-history files ``paths`` of ``game`` (its ``GameSpec.importer``: the PHH of no-limit
    Hold'em, ``sniper.games.holdem.phh.read_phh``, and of five-card draw, ``sniper.games.draw.phh.read_phh``)
    into the new run directory ``out``, in the layout of every run (``sniper.runs.runner``: ``manifest.json``,
    one folder of parts per table, here part 0), so that ``sniper summary``, ``replay`` and ``report`` read
    it as they read any run.

    The manifest is a record's (``source`` "import": ``resume`` refuses it): ``config.agents`` the importer's
    seat labels, ``config.seed`` ``None`` (no deal came from a seed), ``config.hands`` the hands imported,
    the game's default rules, its reference engine, status "complete", and ``import``: what the importer
    read (``Imported.details``; PHH: the files with their games, hands, skipped counts and scales, and the
    skipped lines). The directory is written under a temporary name beside ``out`` and renamed into place:
    ``out`` is complete or absent, never half-written.

    Raises ``ParameterError`` naming ``game`` for a game without an importer, ``ValueError`` (one line) when
    ``out`` exists or its parent directory does not, or for what the importer refuses (no file, a file it
    cannot read, no hand imported), ``OSError`` when the directory cannot be written.
    """
    from sniper.runs.config import RunConfig

    spec = get_game(game)
    if spec.importer is None:
        with_one = ", ".join(name for name in game_names() if get_game(name).importer is not None) or "none"
        raise ParameterError(
            "{game} must be a game with a hand-history import ({known}); {title} has none", known=with_one,
            title=spec.title,
        )  # fmt: skip
    out = Path(out)
    if out.exists():
        raise ValueError(f"{out} already exists; give a new directory (an import never overwrites)")
    if not out.parent.is_dir():
        raise ValueError(f"{out.parent} is not a directory")
    imported = spec.resolve(spec.importer)(list(paths))
    if not isinstance(imported, Imported) or set(imported.chunk.tables) != set(spec.tables):
        raise TypeError(f"{spec.name}: the importer must return an Imported with the tables {', '.join(spec.tables)}")
    played = imported.chunk
    hands = sum(played.counts)
    games = len(pc.unique(played.hands["game"]))
    rules = spec.game_rules()
    config = RunConfig(imported.agents, rules, None, hands, max(1, len(played.counts)), next(iter(spec.engines)),
                       game=spec.name)  # fmt: skip
    manifest = new_manifest(config, [None] * len(imported.agents))
    manifest.update(status="complete", hands=hands, games=games, parts=1, source=IMPORT_SOURCE)
    manifest["import"] = dict(imported.details)
    tmp = out.with_name(f".{out.name}.tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    try:
        for table in spec.tables:
            (tmp / table).mkdir()
        write_parts(tmp, 0, played)
        write_json(tmp / MANIFEST, manifest)
        if out.exists():
            raise ValueError(f"{out} appeared while importing; nothing written")
        os.rename(tmp, out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return ImportResult(out, hands, tuple(imported.skipped))
