"""Saint Poker's summary of a run: the summary every game has, in rounds and points, and how the rounds were won.

``summary_rows`` is the game's ``GameSpec.summary`` (``sniper summary``, ``sniper simulate``; its rows, without
pandas), ``summarize_run`` the same as a pandas frame: per agent (or per seat) the columns of
``sniper.core.analysis.hand_summary`` — rounds, the point difference per round (the zero-sum ``net``,
``sniper.core.table.point_difference``) with its 95% CI, games won (the most points after round 8, S8) — and
``points_per_round`` (S5 points, mean per round played), ``rounds_won`` (rounds in which the seat scored) and
``river_only`` (of those, the rounds its pair added nothing to the river).

>>> import pyarrow as pa
>>> rows = pa.table({"game": [0] * 4, "hand": [0, 0, 1, 1], "seat": [0, 1] * 2, "agent": ["easy", "hard"] * 2,
...     "net": [2, -2, -4, 4], "stack_after": [1, 0, 1, 2], "points": [1, 0, 0, 2],
...     "river_only": [True, False, False, False]})
>>> frame = summarize_run(lambda columns: rows.select(columns))
>>> frame[["agent", "points_per_round", "rounds_won", "river_only", "games_won"]].to_dict("records")[1]
{'agent': 'hard', 'points_per_round': 1.0, 'rounds_won': 1, 'river_only': 0, 'games_won': 1}
"""

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa

from sniper.core.analysis import HAND_SUMMARY_COLUMNS, hand_summary_rows, summary_masks
from sniper.core.tables import Summary, to_numpy
from sniper.games.saint.rules import SCORE, UNIT

if TYPE_CHECKING:  # pandas only for the frame (``summarize_run``): ``sniper simulate`` never imports it
    import pandas as pd

SUMMARY_COLUMNS = (*HAND_SUMMARY_COLUMNS, "points", "river_only")
"""The hands-table columns ``summarize_run`` reads."""
HEADERS = {"points_per_round": "points/round", "rounds_won": "rounds won", "river_only": "river only"}
"""The headers ``sniper summary`` prints for the game's own columns."""
LEGEND = {
    "rounds": "rounds played",
    "net/round": "point difference per round (seats x points - the round's points: zero-sum)",
    "points/round": "points scored per round (S5)",
    "rounds won": "rounds scored in (ties included)",
    "river only": "of those, rounds the river alone made the hand",
    "games won": "most points after round 8, alone (S8)",
}
"""What ``sniper summary``'s headers mean, printed under its table."""


def summarize_run(read: Callable[[Sequence[str]], pa.Table], by: str = "agent") -> "pd.DataFrame":
    """Saint Poker's summary of a run (module docstring) as a pandas frame: ``summary_rows``'s rows, its ``attrs``
    the frame's. ``ValueError`` for a ``by`` other than "agent" or "seat"."""
    return summary_rows(read, by).to_frame()


def summary_rows(read: Callable[[Sequence[str]], pa.Table], by: str = "agent") -> Summary:
    """Saint Poker's ``GameSpec.summary`` (module docstring), without pandas: the ``hand_summary_rows`` of the
    run's hands table read by ``read(columns)`` (as arrow), with ``points_per_round`` (the integer sum over the
    rounds, exact, as pandas' mean), ``rounds_won`` and ``river_only`` before ``games_won``; headers, legend and
    units in its ``attrs``. ``ValueError`` for a ``by`` other than "agent" or "seat"."""
    table = read(list(SUMMARY_COLUMNS))
    summary = hand_summary_rows(lambda columns: table.select(list(columns)), by)
    if summary.empty:
        return summary
    points, river = to_numpy(table["points"]).astype(np.int64), to_numpy(table["river_only"])
    rows = summary_masks(table, summary, by)
    won = points > 0
    at = summary.columns.index("games_won")
    summary.insert(at, "points_per_round", [float(points[r].sum()) / int(r.sum()) for r in rows])
    summary.insert(at + 1, "rounds_won", [int((won & r).sum()) for r in rows])
    summary.insert(at + 2, "river_only", [int((won & river & r).sum()) for r in rows])
    summary.attrs.update(headers=HEADERS, legend=LEGEND, unit=UNIT, net="point difference", score=SCORE)
    return summary
