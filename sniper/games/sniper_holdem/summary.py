"""Sniper Hold'em's summary of a run: per agent (or per seat) net chips per hand with its 95% CI, showdowns
won, snipes made and hit, games won (R8, R9); and the snipe hits of a results frame (R7, R8).

``summarize`` is the one computation (``sniper summary``, ``sniper simulate``, the report's table);
``summary_rows`` is Sniper Hold'em's ``GameSpec.summary`` (its rows, without pandas), ``summarize_run`` its frame.
"""

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa

from kernels.sniper_holdem.codes import SNIPE_CODE_OF
from sniper.core.tables import SUMMARY_BY, Summary, arrow_array, first_seen, numpy_dtype, string_codes, to_numpy
from sniper.games.sniper_holdem.results import COLUMNS

if TYPE_CHECKING:  # pandas only for frames (``summarize``): ``sniper simulate`` never imports it
    import pandas as pd

SUMMARY_COLUMNS = (
    "game",
    "hand",
    "seat",
    "agent",
    "dealt_in",
    "showdown",
    "payout",
    "net",
    "snipe",
    "category",
    "top",
    "stack_after",
)
"""The hands-table columns ``summarize`` reads (``sniper.runs.results.read_results(out, columns=SUMMARY_COLUMNS)``)."""

SUMMARY_HEADERS = {"showdown_wins": "SD won", "snipes_made": "snipes", "snipes_hit": "hit"}
"""The headers ``sniper summary`` prints for the columns of this game's own (``summarize_run``)."""
SUMMARY_LEGEND = {
    "hands": "hands dealt in",
    "SD won": "showdowns won",
    "hit": "snipes that named another showdown hand",
    "games won": "most chips at the end (R9)",
}
"""What ``sniper summary``'s headers mean, printed under its table (``summarize_run``)."""


def summarize_run(read: Callable[[Sequence[str]], pa.Table], by: str = "agent") -> "pd.DataFrame":
    """``summary_rows`` as a pandas frame (its ``attrs`` the frame's)."""
    return summary_rows(read, by).to_frame()


def summary_rows(read: Callable[[Sequence[str]], pa.Table], by: str = "agent") -> Summary:
    """Sniper Hold'em's ``GameSpec.summary``, without pandas: ``summarize``'s rows (a ``sniper.core.tables.Summary``)
    of the ``SUMMARY_COLUMNS`` of a run's hands table, read by ``read(columns)`` (as arrow: no pandas frame of
    the hands), with the headers and legend of its columns (``SUMMARY_HEADERS``, ``SUMMARY_LEGEND``) in its
    ``attrs``."""
    summary = _summary(read(SUMMARY_COLUMNS), by=by)
    summary.attrs.update(headers=SUMMARY_HEADERS, legend=SUMMARY_LEGEND)
    return summary


def summarize(data, by: str = "agent") -> "pd.DataFrame":
    """Per-agent summary of a results frame (one row per seat per hand, ``SCHEMA``).

    ``by="seat"``: one row per seat instead (in seat order), with a ``seat`` column first and
    ``agent`` the seat's agent (several, joined by "/", if the seat changed hands); two seats of
    one spec are merged by agent and apart by seat. ``ValueError`` for another ``by``.

    ``data``: a pandas DataFrame or a ``pyarrow.Table`` with at least the ``SUMMARY_COLUMNS``
    (reading only those, ``read_results(out, columns=SUMMARY_COLUMNS, arrow=True)``, is fastest).
    One row per agent, in order of the agent's first hand dealt in. Columns: hands (dealt in), net
    chips per hand with its 95% confidence interval (chips/hand; games are the independent units,
    since hands of one game share stacks: the clustered ratio estimator with Student's t over the
    per-game sums in game order, ``sniper.core.stats.clustered_mean_ci``; with fewer than 2 games the
    interval is infinite), showdown wins, snipes made, snipes that hit (named a hand held at the
    showdown by another seat), games won (most chips at the end; a tie for first is a draw and
    counts for nobody, R9). Numpy group-bys on small integer codes (``np.bincount``) batch by batch
    over arrow's buffers, the snipe hits by sorted keys per batch (``_hits``; over all the rows at
    once when a hand may be in two batches): no pandas group-by or merge and no Python loop over
    rows; ≈ 1 s for the 8 million rows of 2e6 hands at 4 seats on 2 shared cores
    (``experiments/README.md``, "The per-agent summary").
    """
    return _summary(data, by).to_frame()


def _summary(data, by: str = "agent") -> Summary:
    """``summarize``'s rows; without pandas for a ``pyarrow.Table`` (``sniper.core.tables.to_numpy``)."""
    from sniper.core.stats import clustered_mean_ci

    if by not in SUMMARY_BY:
        raise ValueError(f"unknown summary grouping {by!r}; valid: {', '.join(SUMMARY_BY)}")
    names, batches = _batches(data, by)
    n_agents = len(names)
    codes, n_games = _game_codes([batch["game"] for batch in batches])
    n_cells = n_agents * n_games  # (agent, game) cells; one more for the rows not dealt in
    net, size = np.zeros(n_cells + 1), np.zeros(n_cells + 1, dtype=np.int64)
    showdown_wins, snipes_made = np.zeros(n_agents, dtype=np.int64), np.zeros(n_agents, dtype=np.int64)
    last_hand = np.full(n_games, -1, dtype=_HAND_DTYPE)  # ufunc.at is fast only for one dtype
    order: list[int] = []  # agents by first hand dealt in
    shown = []  # the rows that snipe or show a hand, for the snipe hits (R8)
    for batch, game in zip(batches, codes, strict=True):
        agent, dealt, showdown = batch["agent"], batch["dealt_in"], batch["showdown"]
        cell = np.where(dealt, agent * n_games + game, n_cells)
        net += np.bincount(cell, weights=batch["net"], minlength=n_cells + 1)
        size += np.bincount(cell, minlength=n_cells + 1)
        hand = batch["hand"].astype(_HAND_DTYPE, copy=False)
        np.maximum.at(last_hand, game, hand)
        sniping = batch["snipe"] >= 0
        showdown_wins += np.bincount(agent[dealt & showdown & (batch["payout"] > 0)], minlength=n_agents)
        snipes_made += np.bincount(agent[dealt & sniping], minlength=n_agents)
        shows = showdown & (batch["category"] >= 0)
        rows = np.flatnonzero(sniping | shows)
        held = np.where(shows[rows], _held_codes(batch["category"][rows], batch["top"][rows]), -1)
        hand_id = game[rows] * _HAND_SPAN + hand[rows]
        shown.append((hand_id, batch["seat"][rows], batch["snipe"][rows], held, agent[rows], dealt[rows]))
        seen = first_seen(agent[dealt]) if n_agents > 1 else np.zeros(int(dealt.any()), dtype=np.int64)
        order += [int(a) for a in seen if a not in order]
    if not order:
        return Summary([])
    if by == "seat":
        order.sort()
    # Each batch on its own (cache-sized arrays) when no hand can be in two: increasing hand-id ranges.
    ranges = [(part[0].min(), part[0].max()) for part in shown if len(part[0])]
    if any(high >= low for (_, high), (low, _) in zip(ranges, ranges[1:])):
        shown = [tuple(np.concatenate(column) for column in zip(*shown, strict=True))]
    snipes_hit = sum(
        np.bincount(agent[_hits(hand_id, seat, snipe, held) & dealt], minlength=n_agents)
        for hand_id, seat, snipe, held, agent, dealt in shown
    )
    # Games won (R9): the rows of each game's last hand, the most chips after it, alone at the top.
    last = [np.flatnonzero(batch["hand"] == last_hand[game]) for batch, game in zip(batches, codes, strict=True)]
    last_game = np.concatenate([game[rows] for game, rows in zip(codes, last, strict=True)])
    stack = np.concatenate([batch["stack_after"][rows] for batch, rows in zip(batches, last, strict=True)])
    best = np.full(n_games, np.iinfo(np.int64).min)
    np.maximum.at(best, last_game, stack)
    top = stack == best[last_game]
    alone = np.bincount(last_game[top], minlength=n_games) == 1
    winner = np.concatenate([batch["agent"][rows] for batch, rows in zip(batches, last, strict=True)])
    won = np.bincount(winner[top & alone[last_game]], minlength=n_agents)
    net, size = net[:-1].reshape(n_agents, n_games), size[:-1].reshape(n_agents, n_games)
    rows = []
    for a in order:
        played = size[a] > 0
        ci = clustered_mean_ci(net[a][played], size[a][played].astype(np.float64))
        rows.append(
            {
                **({"seat": names[a], "agent": _seat_agents(data, names[a])} if by == "seat" else {"agent": names[a]}),
                "hands": int(size[a].sum()),
                "net_per_hand": ci.estimate,
                "ci95_low": ci.low,
                "ci95_high": ci.high,
                "showdown_wins": int(showdown_wins[a]),
                "snipes_made": int(snipes_made[a]),
                "snipes_hit": int(snipes_hit[a]),
                "games_won": int(won[a]),
            }
        )
    return Summary(rows)


_HAND_DTYPE = numpy_dtype(COLUMNS["hand"][0])
_HAND_SPAN = int(np.iinfo(_HAND_DTYPE).max) + 1  # hand ids: game * _HAND_SPAN + hand


def _seat_agents(data, seat: int) -> str:
    """The agent(s) of ``seat`` in a results frame or table, in order of appearance, joined by "/"."""
    if isinstance(data, pa.Table):
        agents = string_codes(data.filter(arrow_array(to_numpy(data["seat"]) == seat, pa.bool_()))["agent"])[0]
    else:
        import pandas as pd

        agents = list(pd.unique(data.loc[data["seat"] == seat, "agent"]))
    return "/".join(map(str, agents))


def _batches(data, by: str = "agent") -> tuple[list, list[dict[str, np.ndarray]]]:
    """The ``SUMMARY_COLUMNS`` of a DataFrame (one batch) or of a ``pyarrow.Table`` (one batch per
    chunk, numpy views of arrow's buffers: nothing is concatenated) as numpy arrays; ``agent`` as
    int64 codes into the returned list of agent names (``by="seat"``: the seat numbers, a code per seat)."""
    names = [name for name in SUMMARY_COLUMNS if name != "agent"]
    if by == "seat":
        if isinstance(data, pa.Table):
            batches = [
                {name: to_numpy(batch.column(name)) for name in names}
                for batch in data.select(SUMMARY_COLUMNS).to_batches()
            ]
        else:
            batches = [{name: data[name].to_numpy() for name in names}]
        top = max((int(b["seat"].max()) for b in batches if len(b["seat"])), default=-1)
        return list(range(top + 1)), [batch | {"agent": batch["seat"].astype(np.int64)} for batch in batches]
    if isinstance(data, pa.Table):
        agents, codes = string_codes(data.column("agent"))
        batches, start = [], 0
        for batch in data.select(SUMMARY_COLUMNS).to_batches():
            arrays = {name: to_numpy(batch.column(name)) for name in names}
            batches.append(arrays | {"agent": codes[start : start + batch.num_rows]})
            start += batch.num_rows
        return agents, batches
    import pandas as pd

    codes, agents = pd.factorize(data["agent"])
    return list(agents), [{name: data[name].to_numpy() for name in names} | {"agent": codes.astype(np.int64)}]


def _game_codes(games: Sequence[np.ndarray]) -> tuple[list[np.ndarray], int]:
    """``(codes, n)``: each array of game indices (or any integers) as int64 codes 0..n-1 that
    increase with the value across all the arrays, without concatenating them: the value minus the
    smallest when the values are nearly dense, else its rank among the distinct values."""
    games = [np.asarray(g) for g in games]
    filled = [g for g in games if len(g)]
    if not filled:
        return [np.zeros(len(g), dtype=np.int64) for g in games], 0
    low, high = min(int(g.min()) for g in filled), max(int(g.max()) for g in filled)
    if high - low < 2 * sum(map(len, filled)) + 1024:
        return [np.subtract(g, low, dtype=np.int64) for g in games], high - low + 1
    unique = np.unique(np.concatenate([np.unique(g) for g in filled]))
    return [np.searchsorted(unique, g).astype(np.int64) for g in games], len(unique)


def _dense_codes(values: np.ndarray) -> tuple[np.ndarray, int]:
    """``(codes, n)``: int64 codes 0..n-1 of an integer array, increasing with the values (equal
    values, equal codes; some codes may be unused when the values are nearly dense)."""
    codes, n = _game_codes([values])
    return codes[0], n


def _group_ids(columns: Sequence[np.ndarray]) -> tuple[np.ndarray, int]:
    """``(ids, n)``: one int64 id 0..n-1 per row, equal exactly when the rows agree on every one of
    ``columns`` (integer columns, or any values pandas factorizes)."""
    ids, span = None, 1
    for values in columns:
        values = np.asarray(values)
        if values.dtype.kind in "biu":
            codes, n = _dense_codes(values)
        else:
            import pandas as pd

            codes, uniques = pd.factorize(values)
            codes, n = codes.astype(np.int64), len(uniques)
        n = max(n, 1)
        if ids is None:
            ids, span = codes, n
            continue
        if span * n >= 2**62:
            ids, span = _dense_codes(ids)
        ids, span = ids * n + codes, span * n
    return ids, span


def _held_codes(category: np.ndarray, top: np.ndarray) -> np.ndarray:
    """The snipe code naming each row's own best hand (R7), int16, -1 if not dealt in."""
    category = np.asarray(category)
    return np.where(category >= 0, SNIPE_CODE_OF[np.maximum(category, 0), np.asarray(top)], -1).astype(np.int16)


def _hit_mask(keys: Sequence[np.ndarray], seat, snipe, showdown, category, top) -> np.ndarray:
    """Bool array, one per row: whether the row's ``snipe`` (code, -1 for none) names the best hand
    (``category``, ``top``) of a ``showdown`` row of the same hand (equal ``keys`` columns) and
    another ``seat`` (R8): ``_hits`` over the rows that snipe or show."""
    snipe, category = np.asarray(snipe), np.asarray(category)
    shows = np.asarray(showdown, dtype=bool) & (category >= 0)
    rows = np.flatnonzero((snipe >= 0) | shows)
    hand, _ = _group_ids([np.asarray(k)[rows] for k in keys])
    seat, _ = _dense_codes(np.asarray(seat)[rows])
    held = np.where(shows[rows], _held_codes(category[rows], np.asarray(top)[rows]), -1)
    hit = np.zeros(len(snipe), dtype=bool)
    hit[rows] = _hits(hand, seat, snipe[rows], held)
    return hit


def _hits(hand: np.ndarray, seat: np.ndarray, snipe: np.ndarray, held: np.ndarray) -> np.ndarray:
    """Bool array: whether each row's ``snipe`` (code, -1 for none) is the ``held`` code (-1: no
    hand shown) of a row with the same ``hand`` id and another ``seat`` (non-negative integer ids).
    Counts the shown rows per (hand, code) and per (hand, seat, code) by sorting their keys."""
    hit = np.zeros(len(snipe), dtype=bool)
    sniping, shown = np.flatnonzero(snipe >= 0), np.flatnonzero(held >= 0)
    if len(sniping) == 0 or len(shown) == 0:
        return hit
    hand, seats = hand.astype(np.int64, copy=False), int(seat.max()) + 1
    codes = int(max(snipe.max(), held.max())) + 1

    def matches(key: np.ndarray) -> np.ndarray:
        held_keys = key[shown] * codes + held[shown]
        held_keys.sort(kind="stable")  # nearly sorted already (part order): timsort is then fast
        wanted = key[sniping] * codes + snipe[sniping]
        return np.searchsorted(held_keys, wanted, "right") - np.searchsorted(held_keys, wanted, "left")

    hit[sniping] = matches(hand) > matches(hand * seats + seat)
    return hit


def held_snipe_codes(df: "pd.DataFrame") -> np.ndarray:
    """The snipe code that names each row's own best hand (R7): int16 array, -1 if not dealt in."""
    return _held_codes(df["category"].to_numpy(), df["top"].to_numpy())


def snipe_hits(df: "pd.DataFrame", keys: Sequence[str] = ("game", "hand")) -> "pd.Series":
    """For each row, whether its snipe matched another seat's showdown hand in the same hand (R8).

    ``keys``: the columns that identify a hand (add a seating column when several seatings of the
    same games share a frame). Bool series aligned with ``df``.
    """
    columns = [df[k].to_numpy() for k in keys]
    cells = (df[c].to_numpy() for c in ("seat", "snipe", "showdown", "category", "top"))
    import pandas as pd

    return pd.Series(_hit_mask(columns, *cells), index=df.index)
