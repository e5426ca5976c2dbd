"""Strategy analysis of results frames: the helpers the notebooks share (R3–R9, R13).

Every function takes or returns a pandas frame of results rows (one row per seat per hand,
``sniper.runs.results.SCHEMA``), optionally with the two columns ``duel_rows`` adds: ``seating`` (index
of the duel seating) and ``role`` ("A" or "B"). A *hand* is identified by ``hand_keys(frame)``:
(game, hand), plus seating in a duel frame.

Confidence intervals. Hands of one game share stacks, so they are not independent: the unit of
every interval here is a *cluster* (a game; in a duel frame, a game under all its seatings, the
duplicate group of ``sniper.arena.duel``). Estimates are ratios ``sum(value) / sum(weight)`` over the
rows, with a linearised, cluster-robust standard error and the Student t quantile with
``clusters - 1`` degrees of freedom (the estimator of ``sniper.arena.duel.ratio_ci``).

Quick mode. Notebooks read their size from one parameter; ``quick_mode()`` is true when the
environment variable ``SNIPER_NB_QUICK`` is set to anything but ``""`` or ``"0"`` (the test
configuration sets it, so CI runs the notebooks small).
"""

import os
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pandas as pd

from sniper.arena.duel import DuelSetup, ratio_ci
from sniper.runs.results import held_snipe_codes, snipe_hits
from sniper.runs.runner import play_chunk

QUICK_ENV = "SNIPER_NB_QUICK"
STYLES = ("raised in round 2", "raised in round 1 only", "called, never raised", "checked through")
"""Betting styles of ``betting_style``, loudest first."""
TEXTURES = ("three or four of a number", "two pairs", "one pair", "four in a row", "no pair, no run")
"""Board textures of ``board_texture``, most to least specific."""


def quick_mode() -> bool:
    """True when ``SNIPER_NB_QUICK`` is set and not ``"0"``: notebooks then run at their small size."""
    return os.environ.get(QUICK_ENV, "") not in ("", "0")


def hand_keys(frame: pd.DataFrame) -> list[str]:
    """Columns that identify one hand: ``["game", "hand"]``, with ``"seating"`` first in a duel frame."""
    return (["seating"] if "seating" in frame.columns else []) + ["game", "hand"]


def _values(frame: pd.DataFrame, value) -> np.ndarray:
    if isinstance(value, str):
        return frame[value].to_numpy(np.float64)
    if value is None:
        return np.ones(len(frame))
    return np.asarray(value, dtype=np.float64)


def clustered_ratio(
    frame: pd.DataFrame,
    value,
    weight=None,
    by: str | Sequence[str] | None = None,
    cluster: str = "game",
) -> pd.DataFrame:
    """``sum(value) / sum(weight)`` per group of ``by`` with a cluster-robust 95% CI.

    ``value``/``weight``: a column name, an array of ``len(frame)`` numbers, or (weight only)
    None for one per row, so the estimate is a mean per row (a rate for a 0/1 value). Returns one
    row per group with the ``by`` columns and ``rows`` (rows in the group), ``clusters``,
    ``estimate``, ``ci95_low``, ``ci95_high`` (NaN bounds with fewer than 2 clusters, no
    weight, or clusters that all have the same ratio). Units are those of value / weight (e.g.
    chips per hand). Raises ``KeyError`` for an unknown column.
    """
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
    frame: pd.DataFrame,
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
    frame: pd.DataFrame,
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


def duel_rows(setup: DuelSetup, games: int) -> pd.DataFrame:
    """The results rows of a duplicate duel: games ``0..games-1`` under every seating of ``setup``.

    The same deals and random streams as ``sniper.arena.duel.run_duel`` (R13), with two more columns:
    ``seating`` (int, index into ``sniper.arena.duel.seatings``) and ``role`` ("A" or "B", whose spec
    holds the seat). ``game`` is the duplicate group. Raises ``ValueError`` for ``games < 1``.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    frames = []
    for k, (seating, config) in enumerate(setup.configs()):
        table, _ = play_chunk(replace(config, chunk_games=games), 0)
        frame = table.to_pandas()
        frame.insert(0, "seating", k)
        frame["role"] = np.array(list(seating))[frame["seat"].to_numpy()]
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def edge_parts(rows: pd.DataFrame) -> pd.DataFrame:
    """Where A's chips come from in a duel frame: net chips per hand split into parts, 95% CIs.

    Parts (chips per hand, hands counted once per seating as in ``sniper.arena.duel``), summing to the
    duel's ``net_per_hand``: pots won at a showdown, pots won uncontested, minus antes, minus chips
    put in betting round 1, minus round 2. A's seats only: B's seats have parts of their own (both
    pay antes), and only the nets are opposite (chips are conserved, R9).
    """
    a = (rows["role"] == "A").to_numpy()
    won = rows["payout"].to_numpy()
    shown = rows["showdown"].to_numpy()
    parts = {
        "pots won at a showdown": won * shown,
        "pots won uncontested": won * ~shown,
        "antes": -rows["ante"].to_numpy(),
        "put in round 1": -rows["put_round_1"].to_numpy(),
        "put in round 2": -rows["put_round_2"].to_numpy(),
    }
    per_hand = 1.0 / rows.groupby(hand_keys(rows))["seat"].transform("size").to_numpy()
    frames = []
    for name, part in parts.items():
        total = clustered_ratio(rows, part * a, per_hand)
        frames.append(total.assign(part=name))
    net = clustered_ratio(rows, rows["net"].to_numpy() * a, per_hand).assign(part="net")
    return pd.concat([*frames, net], ignore_index=True)[["part", "estimate", "ci95_low", "ci95_high", "clusters"]]


def snipe_order(frame: pd.DataFrame) -> pd.Series:
    """Each row's place in its hand's snipe round (R3, R7): 0 = first to snipe; -1 off the showdown.

    Players at the showdown snipe clockwise from the first player (``first_seat``) or the next
    one still in. Int8 series aligned with ``frame``.
    """
    n_seats = frame.groupby(hand_keys(frame))["seat"].transform("size").to_numpy()
    clockwise = (frame["seat"].to_numpy() - frame["first_seat"].to_numpy()) % n_seats
    shown = frame["showdown"].to_numpy()
    order = pd.Series(np.where(shown, clockwise, 99), index=frame.index)
    rank = order.groupby([frame[k] for k in hand_keys(frame)]).rank(method="first") - 1
    return pd.Series(np.where(shown, rank, -1), index=frame.index, dtype=np.int8)


def stack_columns(frame: pd.DataFrame) -> pd.DataFrame:
    """Stack and cap facts of each row (R5), a frame aligned with ``frame``.

    Columns: ``stack_rank`` (0 = the shortest stack dealt in, ties share the lower rank; -1 if not
    dealt in), ``short`` (the row holds the smallest stack dealt in), ``cap`` (chips: the cap at the
    start, smallest stack before the ante among those dealt in), ``final_cap`` (the cap over those
    who did not fold), ``committed`` (ante plus chips put in both rounds).
    """
    keys = [frame[k] for k in hand_keys(frame)]
    dealt = frame["dealt_in"].to_numpy()
    stack = frame["stack_before"].astype(np.float64).where(dealt)
    rank = stack.groupby(keys).rank(method="min") - 1
    cap = stack.groupby(keys).transform("min")
    still = stack.where(frame["folded_round"].to_numpy() == 0)
    return pd.DataFrame(
        {
            "stack_rank": rank.fillna(-1).astype(np.int8),
            "short": dealt & (stack == cap).to_numpy(),
            "cap": cap.astype(np.int16),
            "final_cap": still.groupby(keys).transform("min").fillna(cap).astype(np.int16),
            "committed": (frame["ante"] + frame["put_round_1"] + frame["put_round_2"]).astype(np.int16),
        },
        index=frame.index,
    )


def board_texture(frame: pd.DataFrame) -> pd.Series:
    """The texture of each row's four community cards, one of ``TEXTURES`` (categorical series).

    "three or four of a number" (a set on the board), "two pairs", "one pair", "four in a row"
    (four consecutive numbers: a straight needs one more card, R8 no wrap), else "no pair, no run".
    """
    board = np.sort(frame[["board_1", "board_2", "board_3", "board_4"]].to_numpy(), axis=1)
    same = board[:, 1:] == board[:, :-1]
    triple = (same[:, :-1] & same[:, 1:]).any(axis=1)
    pairs = same.sum(axis=1)
    run = (np.diff(board, axis=1) == 1).all(axis=1)
    label = np.select(
        [triple, pairs == 2, pairs == 1, run],
        TEXTURES[:4],
        TEXTURES[4],
    )
    return pd.Series(pd.Categorical(label, categories=TEXTURES), index=frame.index)


REPLAYS = ("own", "none")
"""Counterfactual snipe rounds of ``replay_showdowns``."""


def replay_showdowns(frame: pd.DataFrame, snipes: str = "own") -> pd.DataFrame:
    """Each showdown player's payout under a counterfactual snipe round (R7, R8).

    Every showdown of ``frame`` is settled again with ``sniper.games.sniper_holdem.showdown.showdown`` (same cards,
    pot and first player) and other snipes: ``"own"``: the row's own snipe is replaced by the name
    of its own hand, every other snipe stays (the others are assumed not to react); ``"none"``: no
    snipes at all. Returns one row per showdown row of ``frame`` (same index) with ``payout``
    (chips won), ``replay_payout`` (chips it would have won) and ``change`` (chips). Raises
    ``ValueError`` for another ``snipes``. Pure Python: about 10,000 showdowns per second.
    """
    from sniper.games.sniper_holdem.hands import Snipe
    from sniper.games.sniper_holdem.showdown import showdown

    if snipes not in REPLAYS:
        raise ValueError(f"snipes must be one of {REPLAYS}, got {snipes!r}")
    keys = hand_keys(frame)
    n_seats = int(frame["seat"].max()) + 1
    pot = (frame["ante"] + frame["put_round_1"] + frame["put_round_2"]).groupby([frame[k] for k in keys])
    pot = pot.transform("sum").to_numpy()
    shown = frame[frame["showdown"]].sort_values(keys, kind="stable")
    own = held_snipe_codes(shown)
    cols = {c: shown[c].to_numpy() for c in ("seat", "first_seat", "snipe", "payout", "private_1", "private_2")}
    boards = shown[["board_1", "board_2", "board_3", "board_4"]].to_numpy()
    pots = pot[frame.index.get_indexer(shown.index)]
    hand_id = shown.groupby(keys, sort=False).ngroup().to_numpy()
    starts = np.flatnonzero(np.r_[True, hand_id[1:] != hand_id[:-1], True])
    replay = np.zeros(len(shown), dtype=np.int64)
    for lo, hi in zip(starts[:-1], starts[1:]):
        board = tuple(int(c) for c in boards[lo])
        seats = [int(seat) for seat in cols["seat"][lo:hi]]
        cards = zip(cols["private_1"][lo:hi], cols["private_2"][lo:hi])
        private = {seat: (int(a), int(b)) for seat, (a, b) in zip(seats, cards)}

        def settle(codes: list[int], board=board, private=private, lo=lo) -> tuple[int, ...]:
            named = [Snipe.from_code(c) for c in codes if c >= 0]
            return showdown(board, private, named, int(pots[lo]), int(cols["first_seat"][lo]), n_seats).payout

        if snipes == "none":
            payout = settle([])
            replay[lo:hi] = [payout[seat] for seat in seats]
            continue
        for i in range(lo, hi):
            codes = [int(cols["snipe"][j]) for j in range(lo, hi) if j != i] + [int(own[i])]
            replay[i] = settle(codes)[seats[i - lo]]
    data = pd.DataFrame({"payout": cols["payout"].astype(np.int64), "replay_payout": replay}, index=shown.index)
    return data.assign(change=data.replay_payout - data.payout).reindex(frame.index[frame["showdown"].to_numpy()])


def hit_rates(frame: pd.DataFrame) -> pd.Series:
    """Whether each row's snipe hit another showdown hand of the same hand (R8), bool series.

    ``sniper.runs.results.snipe_hits`` over ``hand_keys(frame)``.
    """
    return snipe_hits(frame, keys=hand_keys(frame))


def betting_style(actions: pd.DataFrame) -> pd.DataFrame:
    """How each seat bet in each hand, from a run's actions table (one row per action, R6).

    ``actions``: at least the columns game, hand, seat, round (1, 2; the snipe round's rows are
    ignored) and action (``kernels.sniper_holdem.codes.Act``), plus seating in a duel's tables. Returns one row
    per (hand keys, seat) that took a betting action: ``raises_1``, ``raises_2`` (bets, raises
    and all-ins in each round), ``calls``, and ``style``, one of ``STYLES`` (categorical): raised
    in round 2; raised in round 1 only; called but never raised; only checked (or folded).
    Seats that never acted (all skipped by R6, or not dealt in) have no row.
    """
    from kernels.sniper_holdem.codes import Act

    keys = hand_keys(actions) + ["seat"]
    betting = actions[actions["round"].isin([1, 2])]
    act = betting["action"].to_numpy()
    raised = (act >= Act.RAISE_1) & (act <= Act.ALL_IN)
    flags = pd.DataFrame(
        {
            **{k: betting[k].to_numpy() for k in keys},
            "raises_1": raised & (betting["round"].to_numpy() == 1),
            "raises_2": raised & (betting["round"].to_numpy() == 2),
            "calls": act == Act.CALL,
        }
    )
    out = flags.groupby(keys, sort=True).sum().astype(np.int16).reset_index()
    style = np.select([out["raises_2"] > 0, out["raises_1"] > 0, out["calls"] > 0], STYLES[:3], STYLES[3])
    out["style"] = pd.Categorical(style, categories=STYLES)
    return out


def plot_estimates(table: pd.DataFrame, label: str, ax=None, xlabel: str = "", zero: bool = True):
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
