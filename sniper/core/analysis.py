"""Statistics of results frames, for any game: the estimators the analyses and notebooks share (R13).

Every function takes a pandas frame of results rows (one row per seat per hand, a game's hands table,
``sniper.core.tables.HAND_COLUMNS``), optionally with the two columns ``sniper.arena.analysis.duel_rows``
adds: ``seating`` (index of the duel seating) and ``role`` ("A" or "B"). A *hand* is identified by
``hand_keys(frame)``: (game, hand), plus seating in a duel frame.

Confidence intervals. Hands of one game share stacks, so they are not independent: the unit of
every interval here is a *cluster* (a game; in a duel frame, a game under all its seatings, the
duplicate group of ``sniper.arena.duel``). Estimates are ratios ``sum(value) / sum(weight)`` over the
rows, with a linearised, cluster-robust standard error and the Student t quantile with
``clusters - 1`` degrees of freedom (the estimator of ``sniper.core.stats.ratio_ci``).

Summaries. ``hand_summary`` is the per-agent (or per-seat) summary of a run of any game from the columns
every hands table has: what ``sniper summary`` prints for a game without its own ``GameSpec.summary``, and
the shared columns a game's own summary starts from.

Quick mode. Notebooks read their size from one parameter; ``quick_mode()`` is true when the
environment variable ``SNIPER_NB_QUICK`` is set to anything but ``""`` or ``"0"`` (the test
configuration sets it, so CI runs the notebooks small).
"""

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa

from sniper.core.stats import clustered_mean_ci, ratio_ci
from sniper.core.tables import SUMMARY_BY, Summary, first_seen, string_codes, to_numpy

if TYPE_CHECKING:  # pandas is imported by the functions that make frames: `sniper simulate` never imports it
    import pandas as pd

QUICK_ENV = "SNIPER_NB_QUICK"


def quick_mode() -> bool:
    """True when ``SNIPER_NB_QUICK`` is set and not ``"0"``: notebooks then run at their small size."""
    return os.environ.get(QUICK_ENV, "") not in ("", "0")


HAND_SUMMARY_COLUMNS = ("game", "hand", "seat", "agent", "net", "stack_after")
"""The hands-table columns ``hand_summary`` reads (all of ``sniper.core.tables.HAND_COLUMNS``)."""


def hand_keys(frame: "pd.DataFrame") -> list[str]:
    """Columns that identify one hand: ``["game", "hand"]``, with ``"seating"`` first in a duel frame."""
    return (["seating"] if "seating" in frame.columns else []) + ["game", "hand"]


def _values(frame: "pd.DataFrame", value) -> np.ndarray:
    if isinstance(value, str):
        return frame[value].to_numpy(np.float64)
    if value is None:
        return np.ones(len(frame))
    return np.asarray(value, dtype=np.float64)


def clustered_ratio(
    frame: "pd.DataFrame",
    value,
    weight=None,
    by: str | Sequence[str] | None = None,
    cluster: str = "game",
) -> "pd.DataFrame":
    """``sum(value) / sum(weight)`` per group of ``by`` with a cluster-robust 95% CI.

    ``value``/``weight``: a column name, an array of ``len(frame)`` numbers, or (weight only)
    None for one per row, so the estimate is a mean per row (a rate for a 0/1 value). Returns one
    row per group with the ``by`` columns and ``rows`` (rows in the group), ``clusters``,
    ``estimate``, ``ci95_low``, ``ci95_high`` (NaN bounds with fewer than 2 clusters, no
    weight, or clusters that all have the same ratio). Units are those of value / weight (e.g.
    chips per hand). Raises ``KeyError`` for an unknown column.
    """
    import pandas as pd

    keys = [by] if isinstance(by, str) else list(by or [])
    data = frame[keys + [cluster]].copy()
    data["_y"] = _values(frame, value)
    data["_w"] = _values(frame, weight)
    rows = []
    groups = data.groupby(keys, sort=True, observed=True) if keys else [((), data)]
    for name, group in groups:
        per = group.groupby(cluster, sort=False)[["_y", "_w"]].sum()
        y, w = per["_y"].to_numpy(), per["_w"].to_numpy()
        if w.sum() > 0:
            estimate, half = ratio_ci(y, w)
        else:
            estimate, half = np.nan, np.nan
        half = half if np.isfinite(half) else np.nan
        label = dict(zip(keys, name if isinstance(name, tuple) else (name,)))
        rows.append(
            {
                **label,
                "rows": len(group),
                "clusters": len(per),
                "estimate": estimate,
                "ci95_low": estimate - half,
                "ci95_high": estimate + half,
            }
        )
    return pd.DataFrame(rows)


def role_difference(
    frame: "pd.DataFrame",
    value,
    weight=None,
    mask=None,
    cluster: str = "game",
) -> dict[str, float]:
    """In a duel frame: (rate of A's rows) − (rate of B's rows), with a cluster-robust 95% CI.

    Each side's rate is ``sum(value) / sum(weight)`` over its rows (``mask`` selects rows first:
    a boolean array or column name). The standard error linearises both ratios within each
    cluster (duplicate group), so the pairing of the same deals under swapped seats is used.
    Returns ``{"a", "b", "difference", "ci95_low", "ci95_high", "clusters"}``; NaN bounds with
    fewer than 2 clusters or when every cluster's deviation is 0 (no variance, no interval).
    Raises ``KeyError`` without a ``role`` column.
    """
    import pandas as pd
    from scipy import stats

    keep = np.ones(len(frame), bool) if mask is None else _values(frame, mask).astype(bool)
    data = pd.DataFrame(
        {
            "c": frame[cluster].to_numpy()[keep],
            "a": (frame["role"].to_numpy() == "A")[keep],
            "y": _values(frame, value)[keep],
            "w": _values(frame, weight)[keep],
        }
    )
    per = data.assign(ya=data.y * data.a, wa=data.w * data.a, yb=data.y * ~data.a, wb=data.w * ~data.a)
    per = per.groupby("c")[["ya", "wa", "yb", "wb"]].sum()
    ra, rb = per.ya.sum() / per.wa.sum(), per.yb.sum() / per.wb.sum()
    n = len(per)
    d = (per.ya - ra * per.wa) / per.wa.mean() - (per.yb - rb * per.wb) / per.wb.mean()
    # no interval from fewer than 2 clusters, nor from clusters that all agree (a standard error of 0)
    half = stats.t.ppf(0.975, n - 1) * np.sqrt((d**2).sum() / (n * (n - 1))) if n > 1 and d.any() else np.nan
    return {
        "a": float(ra),
        "b": float(rb),
        "difference": float(ra - rb),
        "ci95_low": float(ra - rb - half),
        "ci95_high": float(ra - rb + half),
        "clusters": n,
    }


def stratified_difference(
    frame: "pd.DataFrame",
    value,
    group,
    strata: str | Sequence[str],
    cluster: str = "game",
    min_rows: int = 1,
) -> dict[str, float]:
    """Mean of ``value`` where ``group`` is true minus where it is false, within strata, with a 95% CI.

    For each stratum (a value of the ``strata`` columns) holding at least ``min_rows`` rows of
    each group, ``d_s = mean(value | group, s) - mean(value | not group, s)``; the estimate is
    ``sum_s w_s d_s`` with ``w_s`` the stratum's share of the kept rows. The standard error sums
    each row's linearised influence per cluster (weights held fixed; t quantile, clusters − 1
    df). ``value``/``group``: column names or arrays. Returns ``{"difference", "ci95_low",
    "ci95_high", "strata", "rows", "clusters"}``; NaN bounds with fewer than 2 clusters, NaN
    everywhere when no stratum qualifies.
    """
    from scipy import stats

    keys = [strata] if isinstance(strata, str) else list(strata)
    data = frame[keys + [cluster]].copy()
    data["_y"] = _values(frame, value)
    data["_g"] = _values(frame, group).astype(bool)
    counts = data.groupby(keys + ["_g"]).size().unstack("_g", fill_value=0).reindex(columns=[False, True], fill_value=0)
    kept = counts[(counts[False] >= min_rows) & (counts[True] >= min_rows)]
    data = data.merge(kept.reset_index()[keys], on=keys)
    if data.empty:
        nan = float("nan")
        return {"difference": nan, "ci95_low": nan, "ci95_high": nan, "strata": 0, "rows": 0, "clusters": 0}
    cell = data.groupby(keys + ["_g"])["_y"].agg(["mean", "size"]).reset_index()
    data = data.merge(cell, on=keys + ["_g"])
    weight = data.groupby(keys)["_y"].transform("size") / len(data)
    sign = np.where(data["_g"], 1.0, -1.0)
    means = cell.pivot_table(index=keys, columns="_g", values="mean")
    shares = kept.sum(axis=1) / kept.to_numpy().sum()
    estimate = float(((means[True] - means[False]) * shares.reindex(means.index)).sum())
    influence = sign * weight * (data["_y"] - data["mean"]) / data["size"]
    per = influence.groupby(data[cluster]).sum().to_numpy()
    n = len(per)
    half = float(stats.t.ppf(0.975, n - 1) * np.sqrt(n / (n - 1) * (per**2).sum())) if n > 1 else float("nan")
    return {
        "difference": estimate,
        "ci95_low": estimate - half,
        "ci95_high": estimate + half,
        "strata": len(kept),
        "rows": len(data),
        "clusters": n,
    }


def plot_estimates(table: "pd.DataFrame", label: str, ax=None, xlabel: str = "", zero: bool = True):
    """Horizontal dot-and-whisker plot of ``estimate`` with ``ci95_low``/``ci95_high`` per ``label``.

    ``table``: a ``clustered_ratio``-style frame. Returns the matplotlib ``Axes``.
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(6, 0.4 * len(table) + 1))
    y = np.arange(len(table))
    err = np.vstack([table["estimate"] - table["ci95_low"], table["ci95_high"] - table["estimate"]])
    ax.errorbar(table["estimate"], y, xerr=err, fmt="o", capsize=3)
    ax.set_yticks(y, table[label].astype(str))
    if zero:
        ax.axvline(0, color="grey", lw=0.5)
    ax.set_xlabel(xlabel)
    return ax


def hand_summary(read: Callable[[Sequence[str]], pa.Table], by: str = "agent") -> "pd.DataFrame":
    """The summary of a run of any game from the columns every hands table has (``GameSpec.summary`` of a game
    without its own); ``read(columns)`` gives them as a pyarrow table.

    One row per agent in order of its first row (``by="seat"``: per seat, in seat order, with a ``seat``
    column first and ``agent`` the seat's agents joined by "/"). Columns: ``hands`` (rows: hands the agent's
    seats played), ``net_per_hand`` with its 95% CI ``ci95_low``, ``ci95_high`` (chips/hand; games are the
    independent units, as hands of a game share stacks: ``sniper.core.stats.clustered_mean_ci`` over the
    per-game sums; ``nan`` bounds when there is no interval), ``games_won`` (the most chips after the game's
    last hand, alone; a tie for first counts for nobody). ``ValueError`` for another ``by``. The frame of
    ``hand_summary_rows``.
    """
    return hand_summary_rows(read, by).to_frame()


def hand_summary_rows(read: Callable[[Sequence[str]], pa.Table], by: str = "agent") -> Summary:
    """``hand_summary`` as a ``sniper.core.tables.Summary`` (its rows, without pandas): numpy group-bys over the
    columns' buffers (``sniper.core.tables.to_numpy``), the per-game sums in game order as pandas' group-by gave
    them (integer sums, exact). ``ValueError`` for a ``by`` other than "agent" or "seat".
    """
    if by not in SUMMARY_BY:
        raise ValueError(f"unknown summary grouping {by!r}; valid: {', '.join(SUMMARY_BY)}")
    table = read(list(HAND_SUMMARY_COLUMNS))
    if table.num_rows == 0:
        return Summary([])
    names, agent = string_codes(table["agent"])  # in order of first appearance
    hand, seat, net, stack = (to_numpy(table[c]) for c in ("hand", "seat", "net", "stack_after"))
    games, game = np.unique(to_numpy(table["game"]), return_inverse=True)  # codes in game order
    n_games = len(games)
    key = seat.astype(np.int64) if by == "seat" else agent
    keys = np.unique(key) if by == "seat" else np.arange(len(names))
    n_keys = int(key.max()) + 1
    # games won: the rows of each game's last hand, the most chips after it, alone at the top
    last_hand = np.full(n_games, np.iinfo(np.int64).min)
    np.maximum.at(last_hand, game, hand.astype(np.int64))  # one dtype: ufunc.at's fast loop (10× faster)
    last = np.flatnonzero(hand == last_hand[game])
    best = np.full(n_games, np.iinfo(np.int64).min)
    np.maximum.at(best, game[last], stack[last].astype(np.int64))
    top = last[stack[last] == best[game[last]]]
    alone = top[np.bincount(game[top], minlength=n_games)[game[top]] == 1]
    won = np.bincount(key[alone], minlength=n_keys)
    # each key's per-game net sums and hands, in game order
    cell = key * n_games + game
    sums = np.bincount(cell, weights=net, minlength=n_keys * n_games).reshape(n_keys, n_games)
    sizes = np.bincount(cell, minlength=n_keys * n_games).reshape(n_keys, n_games)
    rows = []
    for k in keys:
        played = sizes[k] > 0
        ci = clustered_mean_ci(sums[k][played], sizes[k][played].astype(np.float64))
        if by == "seat":
            label = {"seat": int(k), "agent": "/".join(names[a] for a in first_seen(agent[key == k]))}
        else:
            label = {"agent": names[k]}
        rows.append(
            {
                **label,
                "hands": int(sizes[k].sum()),
                "net_per_hand": ci.estimate,
                "ci95_low": ci.low,
                "ci95_high": ci.high,
                "games_won": int(won[k]),
            }
        )
    return Summary(rows)


def summary_masks(table: pa.Table, summary: Summary, by: str = "agent") -> list[np.ndarray]:
    """Per row of ``summary`` (``hand_summary_rows`` of the hands ``table``, grouped ``by`` "agent" or "seat"), the
    boolean mask, shape (n,), of the rows of ``table`` it sums: its agent's or its seat's. What a game's summary
    adds its own columns from (draw's breakdown by cards drawn, Saint Poker's points).

    >>> t = pa.table({"agent": ["easy", "hard", "easy"], "seat": [0, 1, 0]})
    >>> [m.tolist() for m in summary_masks(t, Summary([{"agent": "hard"}, {"agent": "easy"}]))]
    [[False, True, False], [True, False, True]]
    """
    if by == "seat":
        keys, wanted = to_numpy(table["seat"]), summary.column("seat")
    else:
        names, keys = string_codes(table["agent"])
        wanted = [names.index(name) for name in summary.column("agent")]
    return [keys == name for name in wanted]
