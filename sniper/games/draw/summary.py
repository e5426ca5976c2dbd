"""Five-card draw's summary of a run: the summary every game has, and how each agent drew (D5).

``summary_rows`` is the game's ``GameSpec.summary`` (``sniper summary``, ``sniper simulate``; its rows, without
pandas), ``summarize_run`` the same as a pandas frame: per agent (or per seat) the columns of
``sniper.core.analysis.hand_summary`` (hands, net chips per hand with its 95% CI, games won) and the draw breakdown,
``DRAW_GROUPS``: for each number of cards drawn (0, standing pat, to 3), the hands in which the agent's seat drew
that many (``<group>``) and its net chips per hand in them (``net_<group>``; ``nan``, strict JSON ``null``, for a
group with no hand). Hands in which the seat did not draw (it folded before the draw, the hand ended before it, or
it was not dealt in) are in no group. The breakdown prints as a second table (the frame's ``attrs["apart"]``,
``sniper.cli.terminal.print_summary``).

>>> import pyarrow as pa
>>> rows = pa.table({"game": [0] * 4, "hand": [0, 0, 1, 1], "seat": [0, 1] * 2, "agent": ["easy", "hard"] * 2,
...     "net": [-3, 3, 5, -5], "stack_after": [97, 103, 102, 98], "draws": [0, 2, 3, -1]})
>>> frame = summarize_run(lambda columns: rows.select(columns))
>>> frame[["agent", "pat", "net_pat", "drew_3", "net_drew_3", "drew_2"]].to_dict("records")[0]
{'agent': 'easy', 'pat': 1, 'net_pat': -3.0, 'drew_3': 1, 'net_drew_3': 5.0, 'drew_2': 0}
"""

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa

from sniper.core.analysis import HAND_SUMMARY_COLUMNS, hand_summary_rows, summary_masks
from sniper.core.tables import Summary, to_numpy
from sniper.games.draw.rules import MAX_DISCARDS

if TYPE_CHECKING:  # pandas only for the frame (``summarize_run``): ``sniper simulate`` never imports it
    import pandas as pd

DRAW_GROUPS = ("pat", *(f"drew_{d}" for d in range(1, MAX_DISCARDS + 1)))
"""The draw breakdown's groups, by cards drawn: 0 ("pat", stood pat), 1, 2 and 3 (D5)."""
SUMMARY_COLUMNS = (*HAND_SUMMARY_COLUMNS, "draws")
"""The hands-table columns ``summarize_run`` reads."""
HEADERS = {
    "pat": "pat",
    **{f"drew_{d}": f"drew {d}" for d in range(1, MAX_DISCARDS + 1)},
    **{f"net_{g}": "net" for g in DRAW_GROUPS},
}
"""The headers ``sniper summary`` prints for the breakdown's columns."""
LEGEND = {
    "hands": "hands played",
    "pat, drew N": "hands in which the seat stood pat or drew N cards (D5)",
    "net": "its net chips per hand in those hands",
    "games won": "most chips at the end (D9)",
}
"""What ``sniper summary``'s headers mean, printed under its tables."""


def summarize_run(read: Callable[[Sequence[str]], pa.Table], by: str = "agent") -> "pd.DataFrame":
    """Five-card draw's summary of a run (module docstring) as a pandas frame: ``summary_rows``'s rows, its
    ``attrs`` the frame's. ``ValueError`` for a ``by`` other than "agent" or "seat"."""
    return summary_rows(read, by).to_frame()


def summary_rows(read: Callable[[Sequence[str]], pa.Table], by: str = "agent") -> Summary:
    """Five-card draw's ``GameSpec.summary`` (module docstring), without pandas: the ``hand_summary_rows`` of the
    run's hands table read by ``read(columns)`` (as arrow), with the draw breakdown's columns (``DRAW_GROUPS``,
    each followed by its ``net_`` column) between the interval and ``games_won``; the headers, the legend and the
    columns printed apart in its ``attrs``. A group's net per hand is its integer sum over its hands (exact, as
    pandas' mean of the integers). ``ValueError`` for a ``by`` other than "agent" or "seat"."""
    table = read(list(SUMMARY_COLUMNS))
    summary = hand_summary_rows(lambda columns: table.select(list(columns)), by)
    if summary.empty:
        return summary
    draws, net = to_numpy(table["draws"]), to_numpy(table["net"]).astype(np.int64)
    masks = summary_masks(table, summary, by)
    breakdown = {}
    for d, group in enumerate(DRAW_GROUPS):  # d >= 0: never NO_DRAW, a seat that did not draw
        size, mean = [], []
        drew = draws == d
        for mask in masks:
            rows = drew & mask
            n = int(rows.sum())
            size.append(n)
            mean.append(float(net[rows].sum()) / n if n else np.nan)
        breakdown[group], breakdown[f"net_{group}"] = size, mean
    at = summary.columns.index("games_won")
    for offset, (name, values) in enumerate(breakdown.items()):
        summary.insert(at + offset, name, values)
    summary.attrs.update(
        headers=HEADERS,
        legend=LEGEND,
        apart=("by cards drawn (D5): hands and net chips per hand", tuple(breakdown)),
    )
    return summary
