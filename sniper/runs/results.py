"""A run's results as tables, for any game: read them, and summarize them per agent or per seat.

Each game documents its tables in its own package (Sniper Hold'em: ``sniper.games.sniper_holdem.results``)
and declares them in its ``GameSpec.tables``; every hands table has the ``sniper.core.tables.HAND_COLUMNS``.
The helpers that build and check tables (``schema_of``, ``to_table``, ``check_columns``) are
``sniper.core.tables``', shared with the games. ``read_results`` reads a run's (or a parquet file's) hands
table; ``run_summary`` is what ``sniper summary`` prints: the game's own summary (``GameSpec.summary``) or,
for a game without one, ``hand_summary`` over the columns every game has.
"""

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa

from sniper.core.registry import DEFAULT_GAME, get_game
from sniper.core.tables import HANDS, SUMMARY_BY, check_columns, schema_of, to_table

__all__ = ["SUMMARY_BY", "check_columns", "hand_summary", "read_results", "run_summary", "schema_of", "to_table"]

HAND_SUMMARY_COLUMNS = ("game", "hand", "seat", "agent", "net", "stack_after")
"""The hands-table columns ``hand_summary`` reads (all of ``sniper.core.tables.HAND_COLUMNS``)."""


def read_results(path, columns: Sequence[str] | None = None, arrow: bool = False, game: str = DEFAULT_GAME):
    """The hands table of a run directory (``sniper.runs.store.read_run``), or of one parquet file of game
    ``game``'s hands table, as a pandas DataFrame (a ``pyarrow.Table`` with ``arrow=True``).

    ``columns``: the columns to read (default all), pushed down to the parquet scan. Raises
    ``FileNotFoundError`` when there is nothing to read, ``sniper.runs.runner.RunDirError`` for a
    directory that is not a run this version reads and ``ValueError`` for an unknown column.
    """
    import pyarrow.parquet as pq

    path = Path(path)
    if path.is_dir():
        from sniper.runs.store import read_run

        return read_run(path, HANDS, columns=columns, arrow=arrow)
    if not path.exists():
        raise FileNotFoundError(f"no parquet results in {path}")
    schema = get_game(game).schema(HANDS)
    check_columns(columns, schema, HANDS)
    table = pq.read_table(path, schema=schema, columns=list(columns) if columns else None)
    return table if arrow else table.to_pandas()


def run_summary(out, by: str = "agent") -> pd.DataFrame:
    """The per-agent (``by="seat"``: per-seat) summary of the run in ``out``: its game's ``GameSpec.summary``,
    else ``hand_summary``, given a reader of only the columns it asks for (as arrow). Raises
    ``FileNotFoundError`` if it has no results, ``sniper.runs.runner.RunDirError`` if it is not a run or a
    part is unreadable, ``ValueError`` for another ``by``."""
    from sniper.runs.runner import load_manifest
    from sniper.runs.store import read_run

    spec = get_game(load_manifest(out)["game"])
    summarize = spec.resolve(spec.summary) if spec.summary else hand_summary
    return summarize(lambda columns: read_run(out, HANDS, columns=columns, arrow=True), by)


def hand_summary(read: Callable[[Sequence[str]], pa.Table], by: str = "agent") -> pd.DataFrame:
    """The summary of a run of any game from the columns every hands table has (``GameSpec.summary`` of a game
    without its own); ``read(columns)`` gives them as a pyarrow table.

    One row per agent in order of its first row (``by="seat"``: per seat, in seat order, with a ``seat``
    column first and ``agent`` the seat's agents joined by "/"). Columns: ``hands`` (rows: hands the agent's
    seats played), ``net_per_hand`` with its 95% CI ``ci95_low``, ``ci95_high`` (chips/hand; games are the
    independent units, as hands of a game share stacks: ``sniper.core.stats.clustered_mean_ci`` over the
    per-game sums; ``nan`` bounds when there is no interval), ``games_won`` (the most chips after the game's
    last hand, alone; a tie for first counts for nobody). ``ValueError`` for another ``by``.
    """
    from sniper.core.stats import clustered_mean_ci

    if by not in SUMMARY_BY:
        raise ValueError(f"unknown summary grouping {by!r}; valid: {', '.join(SUMMARY_BY)}")
    rows = read(list(HAND_SUMMARY_COLUMNS)).to_pandas()
    if rows.empty:
        return pd.DataFrame([])
    key = "seat" if by == "seat" else "agent"
    last = rows[rows["hand"] == rows.groupby("game")["hand"].transform("max")]
    best = last.groupby("game")["stack_after"].transform("max")
    top = last[last["stack_after"] == best]
    alone = top[top.groupby("game")["seat"].transform("size") == 1]
    won = alone[key].value_counts()
    out = []
    groups = rows.groupby(key, sort=by == "seat")
    for name in sorted(groups.groups) if by == "seat" else pd.unique(rows[key]):
        group = groups.get_group(name)
        per_game = group.groupby("game")["net"].agg(["sum", "size"])
        ci = clustered_mean_ci(per_game["sum"].to_numpy(np.float64), per_game["size"].to_numpy(np.float64))
        label = {"seat": int(name), "agent": "/".join(map(str, pd.unique(group["agent"])))} if by == "seat" else {}
        out.append(
            {
                **(label or {"agent": name}),
                "hands": len(group),
                "net_per_hand": ci.estimate,
                "ci95_low": ci.low,
                "ci95_high": ci.high,
                "games_won": int(won.get(name, 0)),
            }
        )
    return pd.DataFrame(out)
