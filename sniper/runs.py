"""Run directories as datasets: ``read_run`` (any table, with column and filter pushdown) and
``write_run`` (a run directory from games played elsewhere, e.g. online games).

The layout is ``sniper.runner``'s: ``manifest.json``, ``hands/part-*.parquet`` and
``actions/part-*.parquet``; each table folder is a parquet dataset that pandas, polars, duckdb and
pyarrow read directly (``pd.read_parquet(DIR / "actions")``,
``duckdb.sql("SELECT … FROM 'DIR/hands/*.parquet'")``).
"""

from collections.abc import Sequence
from pathlib import Path

import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from sniper.engine import HandState
from sniper.game import Rules
from sniper.results import ACTION_COLUMNS, action_rows, check_columns, hand_rows, to_table
from sniper.runner import (
    MANIFEST,
    TABLES,
    Chunk,
    RunConfig,
    RunDirError,
    claim_out,
    error_line,
    load_manifest,
    new_manifest,
    unreadable_parts,
    write_json,
    write_parts,
)


def read_run(out, table: str = "hands", columns: Sequence[str] | None = None, filters=None, arrow: bool = False):
    """Read ``table`` ("hands" or "actions", ``sniper.results``) of the run in ``out``.

    ``columns``: the columns to read (default all); ``filters``: a ``pyarrow.compute`` expression
    or pandas-style tuples (``[("game", "<", 10), ("seat", "=", 0)]``, a list of lists for OR);
    both are pushed down to the parquet scan (``pyarrow.dataset``), so only the needed columns and
    row groups are read. Rows come in part order (game, hand, seat or seq). Returns a pandas
    DataFrame (a ``pyarrow.Table`` with ``arrow=True``). Raises ``sniper.runner.RunDirError`` when
    ``out`` is not a run this version reads (a 0.1 run is refused with its version) or a part of
    ``table`` is unreadable or holds corrupt data (named, with how to play it again), and
    ``ValueError`` for an unknown table or column.

    >>> import tempfile
    >>> from sniper.game import make_rules
    >>> from sniper.runner import RunConfig, simulate
    >>> out = Path(tempfile.mkdtemp()) / "run"
    >>> _ = simulate(RunConfig(("easy", "random"), make_rules(), hands=30, chunk_games=2, engine="reference"), out, 1)
    >>> read_run(out, "actions", columns=["seat", "action"], filters=[("game", "=", 0), ("hand", "=", 0)]).shape[1]
    2
    """
    out = Path(out)
    load_manifest(out)
    if table not in TABLES:
        raise ValueError(f"unknown table {table!r}; valid: {', '.join(TABLES)}")
    schema = TABLES[table]
    check_columns(columns, schema, table)
    wanted = list(columns) if columns else None
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
    rules: Rules,
    games: Sequence[Sequence[HandState]],
    seed: int = 0,
    first_game: int = 0,
    source: str = "",
) -> Path:
    """Write games played outside the runner (e.g. online games) as a new run directory ``out``.

    ``games``: one sequence of finished reference-engine hands (``HandState``, hand order) per
    game; game ``i`` gets index ``first_game + i``. ``agents``: the seats' names (one per seat),
    stored in the hands table's ``agent`` column; ``seed`` and ``source`` (free text, e.g.
    "serve") go into the manifest. The directory is complete when this returns: the manifest
    (status "complete", ``source``), ``hands/part-00000.parquet`` and ``actions/part-00000.parquet``,
    each written to a temporary file then renamed; the manifest (status "running" until then) is
    created first, exclusively (``sniper.runner.claim_out``). Raises ``FileExistsError`` if ``out``
    exists and is not empty, ``ValueError`` when a hand does not have one seat per agent.
    """
    out = Path(out)
    hand_cols: dict[str, list] = {}
    action_cols: dict[str, list] = {name: [] for name in ACTION_COLUMNS}
    counts = []
    for offset, states in enumerate(games):
        for hand, state in enumerate(states):
            if state.n_seats != len(agents):
                raise ValueError(f"game {first_game + offset} hand {hand} has {state.n_seats} seats, not {len(agents)}")
            for name, values in hand_rows(state, first_game + offset, hand, list(agents)).items():
                hand_cols.setdefault(name, []).extend(values)
            for name, values in action_rows(state, first_game + offset, hand).items():
                action_cols[name].extend(values)
        counts.append(len(states))
    if not hand_cols:
        raise ValueError("write_run needs at least one hand")
    config = RunConfig(tuple(agents), rules, seed, sum(counts), max(1, len(counts)), "reference")
    manifest = new_manifest(config)
    claim_out(out, MANIFEST, manifest)
    for table in TABLES:
        (out / table).mkdir()
    played = Chunk(to_table(hand_cols), to_table(action_cols, ACTION_COLUMNS), counts)
    write_parts(out, 0, played)
    manifest.update(status="complete", hands=sum(counts), games=len(counts), parts=1, source=source)
    write_json(out / MANIFEST, manifest)
    return out
