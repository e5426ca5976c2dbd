"""A run's results as tables, for any game: read them, and summarize them per agent or per seat.

Each game documents its tables in its own package (Sniper Hold'em: ``sniper.games.sniper_holdem.results``)
and declares them in its ``GameSpec.tables``; every hands table has the ``sniper.core.tables.HAND_COLUMNS``.
The helpers that build and check tables (``schema_of``, ``to_table``, ``check_columns``) are
``sniper.core.tables``', shared with the games. ``read_results`` reads a run's (or a parquet file's) hands
table; ``run_summary`` is what ``sniper summary`` prints: the game's own summary (``GameSpec.summary``) or,
for a game without one, ``hand_summary`` over the columns every game has (``sniper.core.analysis``, where a
game's own summary can use it too; re-exported here).
"""

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from sniper.core.analysis import HAND_SUMMARY_COLUMNS, hand_summary, hand_summary_rows
from sniper.core.registry import DEFAULT_GAME, get_game
from sniper.core.tables import HANDS, SUMMARY_BY, Summary, check_columns, schema_of, to_table

if TYPE_CHECKING:  # pandas only for frames: ``sniper simulate`` never imports it (``run_summary_rows``)
    import pandas as pd

__all__ = [
    "HAND_SUMMARY_COLUMNS",
    "SUMMARY_BY",
    "check_columns",
    "hand_summary",
    "read_results",
    "run_summary",
    "run_summary_rows",
    "schema_of",
    "to_table",
]


def read_results(path, columns: Sequence[str] | None = None, arrow: bool = False, game: str = DEFAULT_GAME):
    """The hands table of a run directory (``sniper.runs.store.read_run``), or of one parquet file of game
    ``game``'s hands table, as a pandas DataFrame (a ``pyarrow.Table`` with ``arrow=True``).

    ``columns``: the columns to read (default all), pushed down to the parquet scan. Raises
    ``FileNotFoundError`` when there is nothing to read, ``sniper.runs.config.RunDirError`` for a
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


def run_summary(out, by: str = "agent") -> "pd.DataFrame":
    """The per-agent (``by="seat"``: per-seat) summary of the run in ``out`` as a pandas frame: ``run_summary_rows``
    (its rows, its ``attrs`` the frame's). Raises as ``run_summary_rows``."""
    summary = run_summary_rows(out, by)
    return summary.to_frame() if isinstance(summary, Summary) else summary


def run_summary_rows(out, by: str = "agent") -> Summary:
    """The per-agent (``by="seat"``: per-seat) summary of the run in ``out``: its game's ``GameSpec.summary``,
    else ``hand_summary_rows``, given a reader of only the columns it asks for (as arrow; part by part,
    ``sniper.runs.rundir.read_parts``, when it can: no pandas; its string columns then as dictionary arrays, which
    ``sniper.core.tables.string_codes`` reads fastest). Raises ``FileNotFoundError`` if it has no
    results, ``sniper.runs.config.RunDirError`` if it is not a run or a part is unreadable, ``ValueError`` for
    another ``by``. A run the game's engines played of a game with blinds (``GameSpec.big_blind``) has
    ``attrs["big_blind"]``, so its results are shown in bb/100 beside chips (not a record of games played
    elsewhere, whose blinds are the records' own). A game's summary that is a pandas frame is returned as it is."""
    from sniper.runs.rundir import is_record, load_manifest, read_parts

    manifest = load_manifest(out)
    spec = get_game(manifest["game"])
    summarize = spec.resolve(spec.summary) if spec.summary else hand_summary_rows

    def read(columns):
        table = read_parts(Path(out), HANDS, spec.schema(HANDS), columns, dictionary=True)
        if table is None:  # not plain parts: the dataset reader reads it, or names what is wrong
            from sniper.runs.store import read_run

            table = read_run(out, HANDS, columns=columns, arrow=True)
        return table

    summary = summarize(read, by)
    if spec.big_blind and not is_record(manifest):
        summary.attrs["big_blind"] = spec.big_blind
    return summary
