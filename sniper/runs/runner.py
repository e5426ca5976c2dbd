"""The batch runner: plays games in deterministic chunks and writes a parquet run directory.

A run is split into chunks of ``chunk_games`` consecutive games; chunk ``k`` plays games
``k*chunk_games ..`` from the run's seed, so every hand is fixed by (seed, game, hand) (R13) and the
results are identical whatever the number of workers or the backend. Games are played whole until
the run has at least the requested number of hands; the dataset ends with the game that reaches it
(the last part is cut after that game, which depends only on the chunks before it).

A run plays one registered game (``RunConfig.game``, ``sniper.core.registry``): its rules, agents,
engines and tables come from the game's ``GameSpec``; the runner imports no game.

What a run plays: ``sniper.runs.config``; where its chunks are played: ``sniper.runs.backends``; its
directory (manifest, parts, lock, state): ``sniper.runs.rundir``, written atomically (``sniper.runs.atomic``).
An interrupted run (Ctrl-C, a killed process) is finished by ``resume``: finished parts are kept, missing or
unreadable ones are played again, and the result equals an uninterrupted run. Nothing read from a run's files
is imported: an outside agent is resumed only when the caller names it again (``refuse_outside``), and a record
of games played elsewhere (``is_record``, ``sniper.runs.store.write_run``) is not resumed at all.
"""

import itertools
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

import pyarrow as pa

from sniper import __version__
from sniper.core.errors import ParameterError
from sniper.core.registry import DEFAULT_GAME, get_game
from sniper.core.tables import Chunk, arrow_array, to_numpy
from sniper.runs.atomic import claim_out, write_json
from sniper.runs.backends import Backend
from sniper.runs.config import RunConfig, RunDirError, RunOptions, check_engine, refuse_changes
from sniper.runs.rundir import (
    MANIFEST,
    finished_hands,
    is_complete,
    is_record,
    load_manifest,
    new_manifest,
    run_lock,
    scan_parts,
    write_part,
)

CHUNKS_IN_FLIGHT = 2
"""Chunks whose parts may be still being written while the next chunk plays (``experiments/README.md``)."""


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C while a run was played: its finished parts are kept in ``run_dir``, whose manifest says
    "interrupted"; ``resume`` finishes it."""

    def __init__(self, run_dir: Path):
        super().__init__(run_dir)
        self.run_dir = run_dir


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
    (``GameSpec.tables``, in that order). Raises ``ValueError`` for an unknown engine.

    A run that may end early in its first chunk plays only that chunk's first games (``first_games``) when they
    reach ``config.hands``: the run keeps no game after the one that does (``_truncate``), and every game is fixed
    by (seed, game), so the run is the same, without the games it would have cut."""
    spec = get_game(config.game)
    engine = spec.engine(config.engine)
    if chunk == 0 and (games := first_games(config)) < config.chunk_games:
        played = engine(replace(config, chunk_games=games), 0, hands_only=False)
        while (hands := sum(played.counts)) < config.hands and games < config.chunk_games:
            games = first_games(config, (hands, games))  # the games were shorter than planned: more of them
            played = engine(replace(config, chunk_games=games), 0, hands_only=False)
    else:
        played = engine(config, chunk, hands_only=False)
    return Chunk({table: played.tables[table] for table in spec.tables}, played.counts)


def first_games(config: RunConfig, played: tuple[int, int] | None = None) -> int:
    """The games of a run's first chunk that ``play_chunk_tables`` plays first: enough for ``config.hands`` hands
    when games last ``config.rules.planned_hands`` (rounded up, with a quarter more and one game to spare), at
    most ``config.chunk_games``. With ``played`` = (hands, games) of a first try that fell short: the same when
    games last as long as that try's did (more games than it played).

    >>> from sniper.core.registry import get_game
    >>> rules = get_game("holdem").make_rules("standard", "100")
    >>> config = RunConfig(("easy",) * 4, rules, hands=1000, chunk_games=200, game="holdem")
    >>> [first_games(replace(config, hands=h)) for h in (100, 10**5)], first_games(config, (700, 14))
    ([3, 200], 26)
    """
    if played is None:
        hands, games = max(1, int(config.rules.planned_hands)), 1
    else:
        hands, games = max(1, played[0]), played[1]
    return min(config.chunk_games, -(-config.hands * games * 5 // (4 * hands)) + 1)


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
    done = is_complete(Path(resume_dir), manifest, config.hands)
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
    if is_complete(out, manifest, config.hands):
        hands = int(manifest["hands"])
        return RunResult(out, hands, int(manifest.get("games", 0)), 0.0, manifest, hands, already_complete=True)
    with run_lock(out), Backend(workers, scheduler, engine=config.engine) as backend:
        kept = scan_parts(out, config)
        return _run(config, out, manifest, kept, backend, progress)


def _rows_before(table: pa.Table, end: int) -> pa.Table:
    """The rows of ``table`` whose ``game`` is below ``end``: a slice when they come first (games in order, as every
    engine writes them), else a filter. numpy's mask on arrow's buffers (``sniper.core.tables.to_numpy``), not
    ``pyarrow.compute``'s ``less`` (no pandas), and no ``filter`` when a slice will do (≈ 0.05 s to set up)."""
    keep = to_numpy(table["game"]) < end
    n = int(keep.sum())
    return table.slice(0, n) if keep[:n].all() else table.filter(arrow_array(keep, pa.bool_()))


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
        tables = {name: _rows_before(t, end) for name, t in played.tables.items()}
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
    its parts are in place, and ``progress`` is called then. With the kernel engine in this process the next chunks
    are played on background threads while this one is turned into tables (``Backend.map``'s ``ahead``), once the
    run needs them if they are no larger than the largest so far (before the first: than a chunk of games as long
    as the rules allow, when they cap them); a chunk played in vain is only lost work: it is never written. The
    manifest's ``wall_seconds`` adds up the time of every session (an interrupted one included).
    """
    started = time.perf_counter()
    tables = list(get_game(config.game).tables)
    for table in tables:  # after the manifest: a Ctrl-C before it leaves ``out`` empty, so it can be used again
        (out / table).mkdir(exist_ok=True)
    planned_hands, chunk, kept_hands = 0, 0, 0
    done = {"hands": 0, "games": 0, "parts": 0}
    pending: deque = deque()
    todo = ((config, c) for c in itertools.count() if c not in kept)
    largest = [0]  # the most hands a chunk played so far: a chunk is played ahead when needed at that size
    most = config.chunk_games * (config.rules.hands_per_game or 0)  # the most a chunk can hold (0: unbounded)

    def ahead(in_flight: int) -> bool:
        size = largest[0] or most
        return size > 0 and planned_hands + in_flight * size < config.hands

    results = backend.map(play_chunk_tables, todo, ahead)
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
                largest[0] = max(largest[0], hands)
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
