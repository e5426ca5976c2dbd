"""The batch runner: plays games in deterministic chunks and writes a parquet run directory.

A run is split into chunks of ``chunk_games`` consecutive games; chunk ``k`` plays games
``k*chunk_games ..`` from the run's seed, so every hand is fixed by (seed, game, hand) (R13) and the
results are identical whatever the number of workers or the backend. Games are played whole until
the run has at least the requested number of hands; the dataset ends with the game that reaches it
(the last part is cut after that game, which depends only on the chunks before it).

A run plays one registered game (``RunConfig.game``, ``sniper.core.registry``): its rules, agents,
engines and tables come from the game's ``GameSpec``; the runner imports no game.

Layout of a run directory (``LAYOUT``): ``manifest.json``, ``.lock`` (``run_lock``), then one folder per
table of the game (``GameSpec.tables``; Sniper Hold'em: ``hands/part-00000.parquet``,
``hands/part-00001.parquet`` … and ``actions/part-00000.parquet`` …): one part
per chunk and table, written by the parent in chunk order, each under a temporary name
(``.part-00003.parquet.tmp-<pid>``, which parquet readers skip) and renamed, so no reader ever
sees a partial file; a chunk counts only once all its parts are in place. Each table's folder
is a parquet dataset: ``pd.read_parquet(DIR / "hands")`` reads it. An interrupted run (Ctrl-C, a
killed process) is finished by ``resume``: finished parts are kept, missing or unreadable ones are
played again, and the result equals an uninterrupted run. Nothing read from a run's files is imported:
an outside agent is resumed only when the caller names it again (``refuse_outside``), and a record of
games played elsewhere (``is_record``, ``sniper.runs.store.write_run``) is not resumed at all.

While a session plays a run it holds an exclusive ``fcntl.flock`` lock on ``DIR/.lock`` (which also
names its process and host, ``run_lock``); the system drops the lock when the process ends, however
it ends, so ``run_state`` tells a run being played from one whose process was killed with its
manifest still saying "running", and ``resume`` refuses a run another process is playing.

Backends (``Backend``): this process (``workers=1``), local worker processes (the default, one per
core), or an existing dask.distributed cluster (``scheduler="tcp://host:8786"``: one
``client.submit`` per chunk).
"""

import fcntl
import itertools
import json
import multiprocessing
import os
import signal
import socket
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from sniper import __version__
from sniper.core import defaults
from sniper.core.errors import ParameterError
from sniper.core.inputs import error_line
from sniper.core.registry import DEFAULT_GAME, GameRules, GameSpec, get_game
from sniper.core.tables import HANDS, Chunk

MANIFEST = "manifest.json"
LOCK = ".lock"
"""The file of a run directory locked by the process playing it (``run_lock``)."""
RUN_FORMAT = "sniper-run"
LAYOUT = 2
"""Run directory layout version: 2 = one folder per table (sniper 0.2); 0.1 wrote ``part-*.parquet``
beside ``manifest.json`` and no actions."""
CONNECT_TIMEOUT = 3.0
CHUNKS_IN_FLIGHT = 2
"""Chunks whose parts may be still being written while the next chunk plays (``experiments/README.md``)."""


class RunDirError(ValueError):
    """A directory is not a run directory, or cannot be resumed; the message says why."""


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C while a run was played: its finished parts are kept in ``run_dir``, whose manifest says
    "interrupted"; ``resume`` finishes it."""

    def __init__(self, run_dir: Path):
        super().__init__(run_dir)
        self.run_dir = run_dir


@dataclass(frozen=True)
class RunConfig:
    """What a run plays: agent specs (one per seat), rules, seed, and at least ``hands`` hands of ``game``.

    ``game``: a registered game (``sniper.core.registry``; the manifest's top-level ``game``, not part of
    ``to_dict``); ``rules``: its rules object (``GameSpec.make_rules``). ``engine`` is one of the game's
    engines (``GameSpec.engines``; default ``GameSpec.default_engine``; Sniper Hold'em's "reference" and
    "kernel" give the same rows, R13). ``decision_timeout`` (seconds, ``None`` = none) limits each
    decision of an outside agent; outside agents need the reference engine (``GameSpec.choose_engine``).
    Raises ``ValueError`` for a game that is not registered.
    """

    agents: tuple[str, ...]
    rules: GameRules
    seed: int = defaults.SEED
    hands: int = defaults.HANDS
    chunk_games: int = defaults.CHUNK_GAMES
    engine: str = ""
    decision_timeout: float | None = None
    game: str = DEFAULT_GAME

    def __post_init__(self):
        object.__setattr__(self, "engine", self.engine or get_game(self.game).default_engine)

    def to_dict(self) -> dict:
        """The config as plain JSON data (the manifest's ``config``; the game is the manifest's own key)."""
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "game"}
        return {**data, "agents": list(self.agents), "rules": self.rules.to_dict()}

    @classmethod
    def from_dict(cls, data: dict, game: str = DEFAULT_GAME) -> "RunConfig":
        """The config a manifest's ``config`` describes, of the manifest's ``game``; ``RunDirError`` if it does
        not fit."""
        names = {f.name for f in fields(cls)} - {"game"}
        spec = get_game(game)
        rules = type(spec.game_rules())
        try:
            if set(data) != names:
                raise ValueError("fields")
            return cls(
                **{**data, "agents": tuple(data["agents"]), "rules": rules.from_dict(data["rules"]), "game": game}
            )
        except (TypeError, ValueError):
            raise RunDirError("the manifest's config does not match this version's parameters") from None


@dataclass(frozen=True)
class RunOptions:
    """A run as a user asks for it (the options of ``sniper simulate``); ``None`` means not given.

    For a new run an option not given takes its value from ``DEFAULTS`` (the one source of the
    defaults, shown by ``--help`` too); when resuming, the run's own value, and an option given
    with a value other than the run's is refused. ``game`` a registered game (``sniper.core.registry``,
    default ``DEFAULT_GAME``), whose ``GameSpec`` gives the rest its meaning and, for a game other than
    Sniper Hold'em, its defaults (``default_players``, ``GameSpec.default_agents``, ``default_rules``,
    ``default_length``, ``default_engine``): ``players`` a seat count of it (2-6 for Sniper Hold'em, R2);
    ``hands`` at least that many hands; ``agents`` a comma list of specs, one per seat or one for all
    (``GameSpec.parse_agents``); ``game_length`` and ``rules`` a length and preset of it (Sniper Hold'em:
    "10", "20" or "bust" and "ours" or "show", R9, R12; ``GameSpec.make_rules``); ``engine`` one of its
    engines (outside agents switch a new run to the reference engine: ``GameSpec.choose_engine``);
    ``chunk_games`` games per chunk (at least 1; default ``default_chunk_games``); ``decision_timeout``
    seconds per decision of an outside agent.
    """

    players: int | None = None
    hands: int | None = None
    agents: str | None = None
    seed: int | None = None
    game_length: str | None = None
    rules: str | None = None
    engine: str | None = None
    chunk_games: int | None = None
    decision_timeout: float | None = None
    game: str | None = None

    def given(self) -> dict[str, object]:
        """The options given (not ``None``), in field order."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None}

    def spec(self) -> GameSpec:
        """The ``GameSpec`` of ``game`` (``DEFAULT_GAME`` when not given); ``ValueError`` for an unknown game."""
        return get_game(self.game or DEFAULT_GAME)

    def check(self) -> None:
        """``ValueError`` naming the first given option out of range (the agents are checked with the seats)."""
        spec = self.spec()
        if self.players is not None:
            spec.check_seats(self.players, "players")
        if self.hands is not None and self.hands < 1:
            raise ParameterError("{hands} must be at least 1, got {got}", got=self.hands)
        if self.chunk_games is not None and self.chunk_games < 1:
            raise ParameterError("{chunk_games} must be 1 or more, got {got}", got=self.chunk_games)
        if self.decision_timeout is not None and not self.decision_timeout > 0:
            raise ParameterError(
                "{decision_timeout} must be a positive number of seconds, got {got}", got=self.decision_timeout
            )
        if self.engine is not None:
            spec.check_engine(self.engine)
        spec.game_rules(self.rules, self.game_length)

    def seats(self) -> int:
        """Seats of a new run: ``players``, else the number of agents listed (if more than one), else the
        default (``default_players``)."""
        listed = self.spec().split_agents(self.agents) if self.agents else []
        return self.players or (len(listed) if len(listed) > 1 else default_players(self.spec()))

    def config(self) -> RunConfig:
        """The ``RunConfig`` of a new run with these options (defaults for the rest); ``ValueError`` if invalid."""
        self.check()
        spec, n = self.spec(), self.seats()
        mix = ",".join(spec.seated_agents(n))
        pick = {name: value if value is not None else getattr(DEFAULTS, name) for name, value in asdict(self).items()}
        agents = tuple(spec.parse_agents(self.agents or mix, n))
        rules = spec.game_rules(self.rules, self.game_length)
        engine = spec.choose_engine(agents, self.engine or spec.default_engine)[0]
        return RunConfig(
            agents=agents,
            rules=rules,
            seed=pick["seed"],
            hands=pick["hands"],
            chunk_games=self.chunk_games or default_chunk_games(pick["hands"], rules, engine),
            engine=engine,
            decision_timeout=self.decision_timeout,
            game=spec.name,
        )


def default_players(spec: GameSpec) -> int:
    """Seats of a new run given neither players nor a list of agents: ``DEFAULTS.players``, moved into the
    game's seat range (``GameSpec.fit_seats``)."""
    return spec.fit_seats(DEFAULTS.players)


def default_chunk_games(hands: int, rules: GameRules, engine: str) -> int:
    """Games per chunk of a new run given no ``--chunk-games``.

    With the kernel, about ``hands / CHUNKS_PER_RUN`` hands per chunk, between ``CHUNK_GAMES`` and
    ``KERNEL_CHUNK_GAMES`` games (bigger parts cost less per hand to write). With the reference
    engine, about ``hands / REFERENCE_CHUNKS`` hands per chunk, between 1 and ``CHUNK_GAMES`` games:
    small runs play few games beyond ``hands``, and the chunks are what its worker processes
    share (any engine but "kernel" runs on processes, ``Backend``). Games are taken to last
    ``GameRules.planned_hands``. Results do not depend on it: every hand
    is fixed by (seed, game, hand) (R13), and it does not depend on the number of workers.

    >>> rules = get_game().make_rules("ours", "20")
    >>> [default_chunk_games(h, rules, "kernel") for h in (1_000_000, 10_000)]
    [2000, 200]
    >>> [default_chunk_games(h, rules, "reference") for h in (20, 200, 1_000_000)]
    [1, 2, 200]
    """
    per_game = rules.planned_hands
    if engine != "kernel":
        return max(1, min(defaults.CHUNK_GAMES, -(-hands // (defaults.REFERENCE_CHUNKS * per_game))))
    games = -(-hands // (defaults.CHUNKS_PER_RUN * per_game))
    return max(defaults.CHUNK_GAMES, min(defaults.KERNEL_CHUNK_GAMES, games))


DEFAULTS = RunOptions(
    players=defaults.PLAYERS,
    hands=defaults.HANDS,
    agents=",".join(defaults.AGENTS),
    seed=defaults.SEED,
    game_length=defaults.GAME_LENGTH,
    rules=defaults.RULES,
    engine=defaults.ENGINE,
    game=DEFAULT_GAME,
)
"""The options of a new run of the default game when none are given (from ``sniper.core.defaults``, which
``--help`` shows); a run of another game takes its own from its ``GameSpec`` (``RunOptions``)."""


def run_options(config: RunConfig) -> RunOptions:
    """The options that make ``config`` (its agents as a comma list; game length and preset from its rules)."""
    return RunOptions(
        players=len(config.agents),
        hands=config.hands,
        agents=",".join(config.agents),
        seed=config.seed,
        game_length=get_game(config.game).length_of(config.rules),
        rules=config.rules.name,
        engine=config.engine,
        chunk_games=config.chunk_games,
        decision_timeout=config.decision_timeout,
        game=config.game,
    )


def refuse_changes(out: Path, config: RunConfig, requested: "RunOptions | dict | None") -> None:
    """Refuse to resume ``config`` with other options: ``RunDirError`` naming the first option given with a value
    other than the run's, and both values (``--agents`` is compared seat by seat, so "easy" equals "easy,easy").

    ``requested`` is a ``RunOptions`` or a dict of its field names (agents may also be a sequence of specs).
    Raises ``ValueError`` for an invalid option (e.g. an unknown agent).
    """
    if isinstance(requested, dict):
        agents = requested.get("agents")
        if agents is not None and not isinstance(agents, str):
            requested = {**requested, "agents": ",".join(agents)}
        requested = RunOptions(**requested)
    requested = requested or RunOptions()
    if requested.game is None:  # checked as options of the run's own game
        requested = replace(requested, game=config.game)
    requested.check()
    have = run_options(config)
    for name, value in requested.given().items():
        own = getattr(have, name)
        if name == "agents":
            seats = requested.players or len(config.agents)
            same = tuple(get_game(config.game).parse_agents(value, seats)) == config.agents
        else:
            same = value == own
        if not same:
            option = name.replace("_", "-")
            raise RunDirError(f"cannot resume {out}: the run has {option} {own}, not {value}")


@dataclass
class RunResult:
    """A finished run: its directory, hands and games in it, and this session's wall time in seconds.

    ``kept_hands`` of the ``hands`` were played by an earlier session (``resume``); ``played_hands``
    were played in ``seconds`` by this one. ``already_complete`` is true when ``resume`` found the
    run complete and played nothing (the manifest is left untouched).
    """

    out: Path
    hands: int
    games: int
    seconds: float
    manifest: dict = field(default_factory=dict)
    kept_hands: int = 0
    already_complete: bool = False

    @property
    def played_hands(self) -> int:
        """Hands played by this session."""
        return self.hands - self.kept_hands

    @property
    def game(self) -> str:
        """The registry name of the game played (the manifest's; ``DEFAULT_GAME`` for one that names none)."""
        return str(self.manifest.get("game", DEFAULT_GAME))


def play_chunk(config: RunConfig, chunk: int) -> tuple[pa.Table, list[int]]:
    """Play chunk ``chunk`` of a run with ``config.engine`` of ``config.game`` (R13 keys), its hands table only.

    Returns the chunk's rows as a table with the game's hands schema and the number of hands of each of
    its games, in game order (what duels and leagues need). Raises ``ValueError`` for an unknown engine.
    """
    played = get_game(config.game).engine(config.engine)(config, chunk, hands_only=True)
    return played.hands, played.counts


def play_chunk_tables(config: RunConfig, chunk: int) -> Chunk:
    """Play chunk ``chunk`` of a run with ``config.engine`` of ``config.game`` (R13 keys): every table of a run
    (``GameSpec.tables``, in that order). Raises ``ValueError`` for an unknown engine."""
    spec = get_game(config.game)
    played = spec.engine(config.engine)(config, chunk, hands_only=False)
    return Chunk({table: played.tables[table] for table in spec.tables}, played.counts)


def check_engine(engine: str, game: str = DEFAULT_GAME) -> None:
    """``ValueError`` unless ``engine`` is one of the engines of ``game`` (``GameSpec.engines``)."""
    get_game(game).check_engine(engine)


def _init_worker() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle, so workers print no tracebacks; one
    numba thread per worker process, so the processes, not threads, share the cores."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import numba

    numba.set_num_threads(1)


class Backend:
    """Where chunks run: this process, local worker processes, or a dask.distributed cluster.

    Use as a context manager; ``map(fn, args)`` yields ``fn(*a)`` for each ``a`` in order, keeping
    about two tasks per worker in flight. ``scheduler`` ("tcp://host:port") connects to an existing
    cluster (``ConnectionError`` after ``connect_timeout`` seconds if unreachable). Otherwise, with
    an engine named ``kernel`` (a game's numba kernel, parallel over games), chunks run in this process
    on ``workers`` numba threads; with any other engine (e.g. ``reference``), on ``workers`` processes
    (default: all cores; 1 runs in this process).
    """

    def __init__(
        self,
        workers: int | None = None,
        scheduler: str | None = None,
        connect_timeout=CONNECT_TIMEOUT,
        engine: str = "kernel",
    ):
        self.workers = workers or os.cpu_count() or 1
        self.scheduler = scheduler
        self.connect_timeout = connect_timeout
        self.engine = engine
        self.client = None
        self.pool: ProcessPoolExecutor | None = None
        self.width = 1
        self.threads: int | None = None

    @classmethod
    def here(cls, engine: str) -> "Backend":
        """This process only: all numba threads for the kernel engine, one process for the reference."""
        return cls(None if engine == "kernel" else 1, engine=engine)

    def __enter__(self) -> "Backend":
        if self.scheduler:
            self.client = connect(self.scheduler, self.connect_timeout)
            self.width = 2 * max(1, sum(self.client.nthreads().values()))
        elif self.engine == "kernel":
            import numba

            self.threads = numba.get_num_threads()
            numba.set_num_threads(min(self.workers, numba.config.NUMBA_NUM_THREADS))
        elif self.workers > 1:
            # spawn, not fork: forking a process whose numba kernels started OpenMP threads is unsafe
            context = multiprocessing.get_context("spawn")
            self.pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context, initializer=_init_worker)
            self.width = 2 * self.workers
        return self

    def __exit__(self, kind, error, traceback) -> None:
        if self.threads is not None:
            import numba

            numba.set_num_threads(self.threads)
        if self.client is not None:
            self.client.close()
        if self.pool is not None:
            if kind is not None:
                terminate = getattr(self.pool, "terminate_workers", None)
                if terminate is not None:
                    terminate()
                else:
                    for process in list(getattr(self.pool, "_processes", {}).values()):
                        process.terminate()
            self.pool.shutdown(wait=kind is None, cancel_futures=True)

    def map(self, fn: Callable, args: Iterable[tuple]) -> Iterator:
        """``fn(*a)`` for each ``a`` of ``args``, in order; pending tasks are cancelled on close."""
        if self.client is None and self.pool is None:
            for a in args:
                yield fn(*a)
            return
        submit = self.pool.submit if self.pool is not None else self._submit_dask
        window: deque = deque()
        args = iter(args)
        try:
            while True:
                while len(window) < self.width and (a := next(args, None)) is not None:
                    window.append(submit(fn, *a))
                if not window:
                    return
                yield window.popleft().result()
        finally:
            for future in window:
                future.cancel()

    def _submit_dask(self, fn: Callable, *a):
        return self.client.submit(fn, *a, pure=False)


def connect(scheduler: str, timeout: float = CONNECT_TIMEOUT):
    """A ``distributed.Client`` for ``scheduler``; ``ConnectionError`` (one line) if unreachable."""
    from distributed import Client

    try:
        return Client(scheduler, timeout=timeout, set_as_default=False)
    except Exception as error:  # noqa: BLE001 - any failure to connect is reported the same way
        raise ConnectionError(
            f"cannot reach dask scheduler {scheduler} within {timeout:g} s ({error_line(error)})"
        ) from None


def write_atomic(path: Path, write: Callable[[Path], None], durable: bool = False) -> None:
    """Call ``write(tmp)`` on a temporary path beside ``path``, then rename it into place. An ``OSError`` about
    the temporary file names ``path`` instead (the user gave that one). With ``durable`` the file and then
    its directory are flushed to disk (``os.fsync``), so the new file survives a power cut too."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        write(tmp)
        if durable:
            fsync(tmp)
        os.replace(tmp, path)
        if durable:
            fsync(path.parent)
    except OSError as error:
        if error.filename == str(tmp):
            error.filename = str(path)
        raise
    finally:
        if tmp.exists():
            tmp.unlink()


def fsync(path: Path) -> None:
    """Flush the file or directory ``path`` to disk (``os.fsync``)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


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


def write_json(path: Path, data: dict, durable: bool = False) -> None:
    """Write ``data`` as indented strict JSON to ``path`` atomically (non-finite numbers as null, ``sniper.core.stats``;
    ``durable``: ``write_atomic``)."""
    from sniper.core.stats import dumps

    write_atomic(path, lambda tmp: tmp.write_text(dumps(data, indent=2) + "\n"), durable)


def claim_out(out: Path, name: str, data: dict, numbered: bool = False) -> Path:
    """Make ``out`` a new output directory owned by this process, with ``name`` holding ``data`` (strict JSON)
    as its first file; returns the directory.

    ``out`` may be missing (it is made, parents too) or an empty directory. The claim is atomic: ``name`` is
    created exclusively (``O_EXCL``) before anything else is written, so of two processes given one directory
    exactly one gets it; later writes replace ``name`` atomically (``write_json``). With ``numbered`` (a default
    name the user did not choose) a taken ``out`` falls back to ``out-2``, ``out-3``, … instead. Raises
    ``FileExistsError`` if ``out`` is taken (not ``numbered``), ``OSError`` if it cannot be made.
    """
    from sniper.core.stats import dumps

    text = dumps(data, indent=2) + "\n"
    for n in itertools.count(1):
        path = out if n == 1 else out.with_name(f"{out.name}-{n}")
        try:
            if path.exists() and (not path.is_dir() or any(path.iterdir())):
                raise FileExistsError(path)
            path.mkdir(parents=True, exist_ok=True)
            with open(path / name, "x") as claim:
                claim.write(text)
            return path
        except FileExistsError:
            if not numbered:
                what = "is a file, not a directory" if out.is_file() else "already exists and is not empty"
                raise FileExistsError(f"output directory {out} {what}; choose another --out") from None
    raise AssertionError("unreachable")


def release_out(out: Path, name: str) -> None:
    """Undo ``claim_out`` of ``out`` when nothing was written after ``name``: remove ``name``, leaving ``out``
    empty, so it can be given again."""
    (out / name).unlink(missing_ok=True)


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


def _scan_parts(out: Path, config: RunConfig) -> dict[int, tuple[int, int]]:
    """Finished chunks of a run: chunk → (hands, games). A chunk is finished when all its parts
    are readable with their schemas and hold its games; other parts and temp files are removed."""
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
    if _is_complete(out, manifest, target):
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


def simulate(
    config: RunConfig,
    out: Path,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
    numbered: bool = False,
) -> RunResult:
    """Play a run and write it to the new directory ``out`` (see the module docstring).

    ``workers`` cores (numba threads for the kernel engine, processes for the reference engine;
    default: all) or a dask ``scheduler`` address. ``progress`` is called with the number of hands
    finished so far. The directory is claimed atomically by creating its manifest (``claim_out``);
    with ``numbered`` (a default name) a taken ``out`` becomes ``out-2``, … (the result's ``out``).
    Raises ``FileExistsError`` if ``out`` is not empty (not ``numbered``), ``ConnectionError`` if
    the scheduler is unreachable, ``ValueError`` for an unknown engine. On Ctrl-C the finished parts
    stay, the manifest says "interrupted" and ``RunInterrupted`` names the directory; ``resume``
    finishes the run.
    """
    check_engine(config.engine, config.game)
    with Backend(workers, scheduler, engine=config.engine) as backend:
        manifest = new_manifest(config)
        out = claim_out(Path(out), MANIFEST, manifest, numbered)
        with run_lock(out):
            return _run(config, out, manifest, {}, backend, progress)


def open_run(out: Path, requested: "RunOptions | dict | None" = None) -> tuple[dict, RunConfig]:
    """The manifest and config of the run in ``out``, checked for resuming with the ``requested`` options.

    Raises ``RunDirError`` saying why when ``out`` is not a run directory, is a record of games played
    elsewhere (``is_record``), was made by another version of sniper, plays an outside agent that
    ``requested`` does not name again (``refuse_outside``), or an option differs from the run's
    (``refuse_changes``); ``ValueError`` for an invalid option.
    """
    manifest = load_manifest(out)
    if is_record(manifest):
        source = manifest.get("source") or "sniper.runs.store.write_run"
        kind = "an imported run" if source == "import" else "a served run"  # sniper.runs.store.import_run
        raise RunDirError(
            f"cannot resume {out}: {kind} is a record, not a plan (games of {source}); "
            "`sniper summary`, `sniper replay` and `sniper report` read it"
        )
    if manifest["version"] != __version__:
        raise RunDirError(
            f"{out} was made by sniper {manifest['version']}, this is {__version__}; "
            "its results could differ, so it cannot be resumed (start a new run)"
        )
    config = RunConfig.from_dict(manifest["config"], manifest["game"])
    check_engine(config.engine, config.game)
    refuse_outside(out, config, requested)
    refuse_changes(out, config, requested)
    return manifest, config


def refuse_outside(out: Path, config: RunConfig, requested: "RunOptions | dict | None") -> None:
    """``RunDirError`` when the run in ``out`` plays outside agents (``GameSpec.is_outside``) and
    ``requested`` does not give ``agents``: a spec read from a manifest is never imported, so the operator
    restates them (``--agents``, compared with the run's own by ``refuse_changes``)."""
    given = requested.get("agents") if isinstance(requested, dict) else getattr(requested, "agents", None)
    outside = [spec for spec in config.agents if get_game(config.game).is_outside(spec)]
    if outside and given is None:
        raise RunDirError(
            f"cannot resume {out}: it plays outside agent {outside[0]}, and an agent named in a run's "
            f"{MANIFEST} is never imported: give the run's --agents again to resume it"
        )


@dataclass(frozen=True)
class Plan:
    """A run about to be played (``plan``): its directory, config, and the hands an earlier session kept.

    ``resuming`` is true for ``--resume``. ``start(workers, progress, scheduler)`` plays it
    (``simulate`` or ``resume``) and returns the ``RunResult``.
    """

    out: Path
    config: RunConfig
    kept_hands: int = 0
    resuming: bool = False
    numbered: bool = False
    """``out`` is the default name: if taken, the run goes to ``out-2``, … (``claim_out``)."""
    requested: "RunOptions | None" = None
    """The options the user gave when resuming (``resume`` checks them again; never the run's own)."""

    def start(self, workers: int | None = None, progress=None, scheduler: str | None = None) -> "RunResult":
        """Play the run (see ``simulate`` and ``resume`` for what is raised)."""
        if self.resuming:
            return resume(self.out, self.requested or RunOptions(), workers, progress, scheduler)
        return simulate(self.config, self.out, workers, progress, scheduler, numbered=self.numbered)


def plan(options: RunOptions, out: Path | None = None, resume_dir: Path | None = None) -> Plan:
    """What ``sniper simulate`` will do: a new run into ``out`` (default ``runs/simulate-DATE-TIME``, or
    ``…-2``, ``…-3`` if that is taken when the run starts), or, with
    ``resume_dir``, the rest of that run, checked against ``options`` (``open_run``).

    Raises ``ValueError`` for invalid options or for ``out`` and ``resume_dir`` both given and
    different, ``RunDirError`` when the run cannot be resumed. Nothing is written.
    """
    if resume_dir is None:
        config = options.config()
        if out is not None:
            return Plan(Path(out), config)
        return Plan(Path("runs") / time.strftime("simulate-%Y%m%d-%H%M%S"), config, numbered=True)
    if out is not None and Path(out) != Path(resume_dir):
        raise ParameterError("give either {out} (a new run) or {resume_dir} (an interrupted one), not both")
    manifest, config = open_run(Path(resume_dir), options)
    # the hands of the finished parts (a killed run's manifest counts none); ``resume`` scans them again
    done = _is_complete(Path(resume_dir), manifest, config.hands)
    tables = get_game(config.game).tables
    kept = config.hands if done else finished_hands(resume_dir, len(config.agents), tables)
    return Plan(Path(resume_dir), config, kept, resuming=True, requested=options)


def resume(
    out: Path,
    requested: "RunOptions | dict | None" = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
) -> RunResult:
    """Finish the interrupted run in ``out``: keep its finished parts, play the missing ones.

    A run that is already complete (manifest and all its parts present) is left untouched: the result
    has ``already_complete`` set and ``seconds`` 0. ``requested`` (``RunOptions`` or a dict of its
    fields) are the options the caller gave; any that differ from the run's own are refused.
    Raises ``RunDirError`` saying why when ``out`` is not a run directory, was made by another
    version, or the parameters differ, or another process is playing it now (``run_lock``).
    """
    out = Path(out)
    manifest, config = open_run(out, requested)
    if _is_complete(out, manifest, config.hands):
        hands = int(manifest["hands"])
        return RunResult(out, hands, int(manifest.get("games", 0)), 0.0, manifest, hands, already_complete=True)
    with run_lock(out), Backend(workers, scheduler, engine=config.engine) as backend:
        kept = _scan_parts(out, config)
        return _run(config, out, manifest, kept, backend, progress)


def _is_complete(out: Path, manifest: dict, target: int) -> bool:
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


def _truncate(played: Chunk, done: int, config: RunConfig, chunk: int) -> tuple[Chunk, int]:
    """Cut a chunk after the game that brings the run to ``config.hands`` hands; returns (chunk, games kept)."""
    total, keep = done, len(played.counts)
    for i, count in enumerate(played.counts):
        if total >= config.hands:
            keep = i
            break
        total += count
    if keep < len(played.counts):
        end = chunk * config.chunk_games + keep
        tables = {name: t.filter(pc.less(t["game"], end)) for name, t in played.tables.items()}
        played = Chunk(tables, played.counts[:keep])
    return played, keep


def _run(
    config: RunConfig,
    out: Path,
    manifest: dict,
    kept: dict[int, tuple[int, int]],
    backend: Backend,
    progress: Callable[[int], None] | None,
) -> RunResult:
    """Play the chunks not in ``kept`` in order until the run has ``config.hands`` hands.

    Each chunk's parts (one per table of the game) are written on background threads while the next chunks
    are played (at most ``CHUNKS_IN_FLIGHT`` chunks in flight); a chunk counts as done, in order, once all
    its parts are in place, and ``progress`` is called then. The manifest's ``wall_seconds`` adds up the time
    of every session (an interrupted one included).
    """
    started = time.perf_counter()
    tables = list(get_game(config.game).tables)
    for table in tables:  # after the manifest: a Ctrl-C before it leaves ``out`` empty, so it can be used again
        (out / table).mkdir(exist_ok=True)
    planned_hands, chunk, kept_hands = 0, 0, 0
    done = {"hands": 0, "games": 0, "parts": 0}
    pending: deque = deque()
    todo = ((config, c) for c in itertools.count() if c not in kept)
    results = backend.map(play_chunk_tables, todo)
    earlier = float(manifest.pop("wall_seconds", 0) or 0)
    manifest.update(status="running")
    write_json(out / MANIFEST, manifest)
    writer = ThreadPoolExecutor(len(tables) * CHUNKS_IN_FLIGHT, thread_name_prefix="sniper-writer")

    def count(hands: int, games: int) -> None:
        done.update(hands=done["hands"] + hands, games=done["games"] + games, parts=done["parts"] + 1)
        if progress:
            progress(done["hands"])

    def settle(keep: int = 0) -> None:
        """Wait for the oldest chunks in flight, in order, and count them, until ``keep`` are left."""
        while len(pending) > keep:
            futures, hands, games = pending[0]
            for future in futures:
                future.result()
            pending.popleft()
            count(hands, games)

    try:
        while planned_hands < config.hands:
            if chunk in kept:
                hands, games = kept[chunk]
                kept_hands += hands
                settle()
                count(hands, games)
            else:
                played, games = _truncate(next(results), planned_hands, config, chunk)
                hands = sum(played.counts)
                settle(CHUNKS_IN_FLIGHT - 1)
                futures = [writer.submit(write_part, out, chunk, table, played.tables[table]) for table in tables]
                pending.append((futures, hands, games))
            planned_hands += hands
            chunk += 1
        settle()
    except BaseException as stop:
        results.close()
        try:
            settle()
        except BaseException:  # noqa: BLE001 - a chunk in flight did not finish: it and later ones are not counted
            pass
        writer.shutdown(wait=True)
        seconds = earlier + time.perf_counter() - started
        manifest.update(status="interrupted", **done, wall_seconds=round(seconds, 3))
        write_json(out / MANIFEST, manifest)
        if isinstance(stop, KeyboardInterrupt) and not isinstance(stop, RunInterrupted):
            raise RunInterrupted(out) from stop
        raise
    results.close()
    writer.shutdown(wait=True)
    for table in tables:
        for path in (out / table).glob("part-*.parquet"):
            if path.stem[5:].isdigit() and int(path.stem[5:]) >= chunk:
                path.unlink()
    seconds = time.perf_counter() - started
    total = round(earlier + seconds, 3)
    manifest.update(status="complete", **done, wall_seconds=total)
    write_json(out / MANIFEST, manifest)
    return RunResult(out, done["hands"], done["games"], seconds, manifest, kept_hands)
