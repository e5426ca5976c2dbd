"""The pieces of a run's report that every game shares, and what a game's own panels implement.

``sniper report RUN_DIR`` (``sniper.report.build.run_report``) reads the run's hands table a part at a
time. Its base panels use only the columns every game has (``sniper.core.tables.HAND_COLUMNS``); a game
may add its own (``GameSpec.report_panels``, ``RunPanels`` below), given the same parts with the extra
columns it asks for. Both build their numbers from the pieces here:

- ``Table`` and ``Section``: what a page shows (``sniper.report.page.to_html`` writes them);
- ``Cells`` and ``Estimates``: ratios ``Σvalues / Σweights`` per (series, group), with games as the
  independent units of their 95% intervals (``sniper.core.stats.clustered_mean_ci``), summed one part
  at a time over (code, game) cells, so memory is the cells, never the rows;
- ``game_codes``, ``hand_ids`` and ``positions``: a part's rows as games, hands and places in an order
  of play.

A part (``Part``) holds numpy arrays only; the agent is an int64 code into the run's agents so far.
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
import pandas as pd

from sniper.core.stats import clustered_mean_ci

POSITIONS = ("first", "middle", "last")
"""Places in an order of play: first, between, last (``positions``)."""


@dataclass
class Table:
    """A table of the page: a caption, column names and rows of cell texts (escaped when written)."""

    caption: str
    columns: list[str]
    rows: list[list[str]]
    note: str = ""


@dataclass
class Section:
    """A heading with its tables and figures (``matplotlib.figure.Figure``), in page order."""

    heading: str
    tables: list[Table] = field(default_factory=list)
    figures: list = field(default_factory=list)


def game_codes(games: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(codes, labels)``: each row's game (int array (rows,)) as an int64 code 0..n-1 and the n games
    of the codes in increasing order (``labels[codes] == games``): the game minus the smallest when the
    games are nearly dense (some labels then unused), else its rank.

    >>> codes, labels = game_codes(np.array([7, 5, 7]))
    >>> codes.tolist(), labels.tolist()
    ([2, 0, 2], [5, 6, 7])
    """
    games = np.asarray(games)
    low, high = int(games.min()), int(games.max())
    if high - low < 2 * len(games) + 1024:
        return np.subtract(games, low, dtype=np.int64), np.arange(low, high + 1)
    labels, codes = np.unique(games, return_inverse=True)
    return codes.astype(np.int64), labels


class Cells:
    """Sums over (code, game) cells, a part of the run at a time, for ``clustered_mean_ci`` per code
    with games as the units: the numbers of ``grouped_intervals`` over all the parts at once.

    ``add`` takes a part's rows; a game may be in several parts (its cells are merged in ``intervals``).
    Memory: one (total, weight, rows) triple per present cell, never per row. Sums of integer values
    (chips, counts) are exact, so the numbers do not depend on how the run is split into parts.
    """

    def __init__(self) -> None:
        self.parts: list[tuple[np.ndarray, ...]] = []  # a part's present cells: code, game, total, weight, rows

    def add(self, series, group, n_groups: int, mask, games, values, weights=None) -> None:
        """Add rows: those of ``mask`` (bool array (rows,)) whose ``series`` and ``group`` (int arrays
        (rows,), -1: left out) are non-negative, in cell ``series * n_groups + group``; ``games`` int
        array (rows,), the row's game, or its ``game_codes``; ``values``, ``weights`` float arrays
        (rows,), weights 1 per row by default. One pass over the rows (``kernels.report.cell_sums_nb``)."""
        from kernels.report import cell_sums_nb

        series, group = np.asarray(series), np.asarray(group)
        if len(series) == 0 or series.max() < 0:
            return
        game, labels = games if isinstance(games, tuple) else game_codes(games)
        k, n, mask = (int(series.max()) + 1) * n_groups, len(labels), np.asarray(mask, dtype=bool)
        rows, total = cell_sums_nb(series, group, n_groups, mask, game, n, np.asarray(values), k)
        if weights is None:
            weight = rows.astype(np.float64)
        else:
            weight = cell_sums_nb(series, group, n_groups, mask, game, n, np.asarray(weights, dtype=np.float64), k)[1]
        code, cell = np.nonzero(rows)  # code-major, games in order within a code
        self.parts.append((code, labels[cell], total[code, cell], weight[code, cell], rows[code, cell]))

    def intervals(self, k: int) -> tuple[list, np.ndarray]:
        """``(intervals, rows)`` of codes 0..k-1: a list of k ``sniper.core.stats.Interval`` (None for a code
        with no weight) and the int64 array (k,) of their rows."""
        out, counts = [], np.zeros(k, dtype=np.int64)
        if not self.parts:
            return [None] * k, counts
        code, games, total, weight, rows = (np.concatenate(c) for c in zip(*self.parts))
        order = np.argsort(code, kind="stable")  # parts in run order: games in order within a code
        code, games, total, weight, rows = (a[order] for a in (code, games, total, weight, rows))
        bounds = np.searchsorted(code, np.arange(k + 1))
        for c in range(k):
            at = slice(bounds[c], bounds[c + 1])
            g, y, w, r = games[at], total[at], weight[at], rows[at]
            if len(g) == 0:
                out.append(None)
                continue
            if len(g) > 1 and not (np.diff(g) > 0).all():  # a game in several parts, or parts out of order
                g, cell = np.unique(g, return_inverse=True)
                y, w = (np.bincount(cell, weights=v, minlength=len(g)) for v in (y, w))
                r = np.bincount(cell, weights=r, minlength=len(g)).astype(np.int64)
            counts[c] = r.sum()
            out.append(clustered_mean_ci(y, w) if w.sum() > 0 else None)
        return out, counts


def grouped_intervals(groups: np.ndarray, games: np.ndarray, values, weights=None) -> list:
    """``clustered_mean_ci`` of ``Σvalues / Σweights`` for each group, games as the units.

    ``groups``: int array of shape (rows,), codes 0..k-1 (-1: row left out); ``games``: int array
    (rows,), the row's game; ``values``, ``weights``: float arrays (rows,) (weights default 1 per row,
    e.g. chips and hands). Returns a list of k ``sniper.core.stats.Interval`` (None for a group with no
    weight). Bincounts over (group, game) cells (``Cells``): the same numbers as
    ``sniper.core.analysis.clustered_ratio(frame, values, weights, by=group)``, without a pandas group-by.

    >>> [round(ci.estimate, 2) for ci in grouped_intervals(np.array([0, 0, 1]), np.array([0, 1, 1]), [1.0, 3.0, 5.0])]
    [2.0, 5.0]
    """
    groups = np.asarray(groups, dtype=np.int64)
    cells = Cells()
    cells.add(groups, np.zeros_like(groups), 1, groups >= 0, games, values, weights)
    return cells.intervals(int(groups.max()) + 1 if (groups >= 0).any() else 0)[0]


def estimate_frame(intervals: list, labels: list[tuple[str, str]], rows: np.ndarray) -> pd.DataFrame:
    """An estimate frame (``sniper.core.plots``): one row per interval that exists, with its (series, group)
    label and row count; non-finite bounds as NaN."""
    records = []
    for ci, (series, group), n in zip(intervals, labels, rows):
        if ci is None:
            continue
        low, high = (v if math.isfinite(v) else math.nan for v in (ci.low, ci.high))
        records.append(dict(series=series, group=group, estimate=ci.estimate, ci95_low=low, ci95_high=high, rows=n))
    return pd.DataFrame(records, columns=["series", "group", "estimate", "ci95_low", "ci95_high", "rows"])


@dataclass
class Estimates:
    """An estimate frame built a part at a time: the rows of (series, group) cells, ``group_names``
    fixed, series codes from 0 (their names given at the end, ``frame``)."""

    group_names: list[str]
    cells: Cells = field(default_factory=Cells)

    def add(self, series: np.ndarray, group: np.ndarray, mask: np.ndarray, games: np.ndarray, values) -> None:
        """Add the rows of ``mask`` (bool array (rows,)) with a series and a group code (int arrays,
        -1: left out) and their ``values`` (float array (rows,)); ``games``: int array (rows,) or its
        ``game_codes``."""
        self.cells.add(series, group, len(self.group_names), mask, games, values)

    def frame(self, series_names: list[str]) -> pd.DataFrame:
        """The estimate frame (``estimate_frame``), series in code order."""
        n = len(self.group_names)
        intervals, counts = self.cells.intervals(len(series_names) * n)
        labels = [(series_names[i // n], self.group_names[i % n]) for i in range(len(intervals))]
        return estimate_frame(intervals, labels, counts)


def hand_ids(games: np.ndarray, hands: np.ndarray) -> tuple[np.ndarray, int]:
    """``(ids, n)``: each row's hand as an int64 id 0..n-1, increasing in (game, hand) order.

    Rows in part order (``sniper.runs.store.read_run``: sorted by game, then hand) are numbered by where
    (game, hand) changes, in one pass; other orders by sorting the (game, hand) pairs.

    >>> ids, n = hand_ids(np.array([0, 0, 0, 3, 3]), np.array([0, 0, 1, 0, 0]))
    >>> ids.tolist(), n
    ([0, 0, 1, 2, 2], 3)
    """
    games, hands = np.asarray(games, dtype=np.int64), np.asarray(hands, dtype=np.int64)
    if len(games) == 0:
        return np.zeros(0, dtype=np.int64), 0
    step_game, step_hand = np.diff(games), np.diff(hands)
    if ((step_game > 0) | ((step_game == 0) & (step_hand >= 0))).all():
        ids = np.concatenate([[0], np.cumsum((step_game != 0) | (step_hand != 0))])
        return ids, int(ids[-1]) + 1
    order = np.lexsort((hands, games))
    ordered = np.concatenate([[0], np.cumsum((np.diff(games[order]) != 0) | (np.diff(hands[order]) != 0))])
    ids = np.empty(len(games), dtype=np.int64)
    ids[order] = ordered
    return ids, int(ordered[-1]) + 1


def positions(hand_id: np.ndarray, seat: np.ndarray, first_seat: np.ndarray, seats: int, mask: np.ndarray):
    """Each row's place in its hand's order of play, clockwise from the hand's first seat, among the rows
    of ``mask``: int8 array, 0 first, 1 between, 2 last (``POSITIONS``), -1 outside ``mask``.

    ``hand_id``: int array (rows,) equal for the rows of a hand; ``seat``, ``first_seat``: seat
    indices (one row per seat of a hand); ``seats``: seats at the table. The first row of a hand is its
    least clockwise distance from the first seat, the last its greatest (``kernels.report.places_nb``,
    one pass over rows in hand order: part order needs no sort; other orders are sorted by hand first).
    Sniper Hold'em's betting order (``mask`` = dealt in) and snipe order (``mask`` = at the showdown, R7).
    """
    from kernels.report import places_nb

    hand_id, mask = np.asarray(hand_id, dtype=np.int64), np.asarray(mask, dtype=bool)
    if (hand_id[1:] >= hand_id[:-1]).all():
        return places_nb(hand_id, seat, first_seat, mask, seats)
    order = np.argsort(hand_id, kind="stable")
    out = np.empty(len(hand_id), dtype=np.int8)
    out[order] = places_nb(hand_id[order], seat[order], first_seat[order], mask[order], seats)
    return out


@dataclass(frozen=True)
class Part:
    """One part of a run's hands table as the report gives it to the panels (a hand is never in two parts).

    ``data``: column name → numpy array (rows,), the ``HAND_COLUMNS`` and the panels' ``columns``, with
    ``agent`` an int64 code into ``agents``, the run's agents in order of first appearance so far;
    ``games``: the rows' ``game_codes``; ``hand_id``: their ``hand_ids``, 0..``n_hands``-1 in (game, hand)
    order within the part.
    """

    data: dict[str, np.ndarray]
    games: tuple[np.ndarray, np.ndarray]
    hand_id: np.ndarray
    n_hands: int
    agents: list[str]


Read = Callable[[Sequence[str]], object]
"""``read(columns)``: the columns of the whole hands table of the run, a pyarrow table (only those are read)."""


class RunPanels(Protocol):
    """A game's own panels of a run's report (``GameSpec.report_panels(manifest)`` builds one per report).

    ``columns``: the hands-table columns it reads besides the ``HAND_COLUMNS`` (a class attribute: the report
    reads it before it builds the panels, ``sniper.report.build.report_columns``). ``add(part)`` is called once
    per part, in part order (``Part``); then ``summary(agents, read)`` may give the game's own per-agent
    summary, ``(frame, table)``, in place of the base one (``frame`` with ``agent``, ``net_per_hand``,
    ``ci95_low``, ``ci95_high``: ``sniper.core.plots.net_per_agent``; ``read``: ``Read``, for what the parts
    alone cannot give), or ``None``; and ``sections()`` the sections shown after the base ones.
    """

    columns: tuple[str, ...]

    def add(self, part: Part) -> None: ...

    def summary(self, agents: list[str], read: Read) -> tuple[pd.DataFrame, Table] | None: ...

    def sections(self) -> list[Section]: ...
