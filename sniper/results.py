"""The results schema, in one place: the hands table (one row per seat per hand, R2–R9) and the
actions table (one row per action, R6, R7).

Every run writes parquet files with exactly these columns: ``SCHEMA`` / ``COLUMNS`` for the hands
table, ``ACTION_SCHEMA`` / ``ACTION_COLUMNS`` for the actions table; the ``COLUMNS`` dicts
document each column's meaning and unit. Chips are integers. Card columns hold the numbers 1–10,
or 0 when the seat was not dealt in. Snipe codes index the R7 table
(``sniper.hands.Snipe.from_code``); -1 means no snipe (a pass, or not in the snipe round). Action
codes are ``kernels.codes.Act``: 0 fold, 1 check, 2 call, 3 +1, 4 +3, 5 +5, 6 all-in, 7 snipe,
8 pass (names in ``kernels.codes.ACT_NAMES``).
"""

from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa

from kernels.codes import PASS, SNIPE_CODE_OF, SNIPE_ROUND, Act
from sniper.engine import HandState
from sniper.hands import best_hand

COLUMNS: dict[str, tuple[pa.DataType, str]] = {
    "game": (pa.int64(), "game index within the run, from 0 (R13 key)"),
    "hand": (pa.int16(), "hand index within the game, from 0 (R13 key)"),
    "seat": (pa.int8(), "seat index, 0..players-1 (R3)"),
    "agent": (pa.string(), "agent spec playing this seat, e.g. 'easy'"),
    "first_seat": (pa.int8(), "the hand's first player, '1st' (R3)"),
    "dealt_in": (pa.bool_(), "seat was at the table with chips and got cards (R2)"),
    "stack_before": (pa.int16(), "chips before the ante"),
    "private_1": (pa.int8(), "first private card (R13 deal order), 0 if not dealt in"),
    "private_2": (pa.int8(), "second private card, 0 if not dealt in"),
    "board_1": (pa.int8(), "community card 1 (all four recorded even if the hand ended early)"),
    "board_2": (pa.int8(), "community card 2"),
    "board_3": (pa.int8(), "community card 3"),
    "board_4": (pa.int8(), "community card 4"),
    "ante": (pa.int8(), "chips put in as ante: 1 if dealt in, else 0 (R4)"),
    "put_round_1": (pa.int16(), "chips put in during betting round 1 (R6)"),
    "put_round_2": (pa.int16(), "chips put in during betting round 2 (R6)"),
    "folded_round": (pa.int8(), "betting round the seat folded in (1 or 2), 0 if it did not fold"),
    "snipe": (pa.int8(), "snipe code 0..59 named by this seat (R7), -1 for none or pass"),
    "category": (pa.int8(), "category of the best 5 of 6 cards (kernels.codes.Category), -1 if not dealt"),
    "top": (pa.int8(), "top number of that hand (R8), 0 if not dealt in"),
    "showdown": (pa.bool_(), "seat reached a showdown (R8)"),
    "sniped": (pa.bool_(), "seat's hand matched a snipe at the showdown (R8)"),
    "payout": (pa.int16(), "chips won from the pot"),
    "net": (pa.int16(), "payout minus all chips put in this hand (chips)"),
    "stack_after": (pa.int16(), "chips after the hand (R9)"),
}


def schema_of(columns_doc: dict[str, tuple[pa.DataType, str]]) -> pa.Schema:
    """The arrow schema of a table documented by ``columns_doc`` (``COLUMNS`` or ``ACTION_COLUMNS``).

    No column is ever null, so every field is non-nullable: parquet then writes no definition
    levels (≈ 15% less CPU to write a part, ``experiments/README.md``, "Fourth sitting"). Parts
    written before with nullable fields are read and resumed alike (``sniper.runner``)."""
    return pa.schema([pa.field(name, dtype, nullable=False) for name, (dtype, _) in columns_doc.items()])


SCHEMA = schema_of(COLUMNS)

ACTION_COLUMNS: dict[str, tuple[pa.DataType, str]] = {
    "game": (pa.int64(), "game index within the run, from 0 (R13 key)"),
    "hand": (pa.int16(), "hand index within the game, from 0 (R13 key)"),
    "seq": (pa.int16(), "position of the action within the hand, from 0 (betting, then snipe turns)"),
    "seat": (pa.int8(), "seat that acted (R3)"),
    "round": (pa.int8(), "1 or 2 for the betting rounds (R6), 3 for the snipe round (R7)"),
    "action": (pa.int8(), "kernels.codes.Act: 0 fold, 1 check, 2 call, 3 +1, 4 +3, 5 +5, 6 all-in, 7 snipe, 8 pass"),
    "chips": (pa.int16(), "chips the action put in (0 for fold, check and snipe-round turns)"),
    "level_after": (pa.int16(), "B, the round's betting level, after the action (chips, R6); 0 in the snipe round"),
    "cap": (pa.int16(), "the cap C in force when the seat acted (chips, R5)"),
    "snipe": (pa.int8(), "snipe code 0..59 named (R7), -1 for betting actions and passes"),
}
"""The actions table: one row per action of a hand, in the order played (R4, R6, R7); no rows for
antes or for betting skipped by R6."""
ACTION_SCHEMA = schema_of(ACTION_COLUMNS)


def hand_rows(state: HandState, game: int, hand: int, agents: list[str]) -> dict[str, list]:
    """Columns (name → list, one entry per seat) describing one finished hand.

    Uses the reference engine's ``HandState``; raises ``ValueError`` if the hand is not done.
    """
    n = state.n_seats
    after = state.stacks_after
    put = {1: [0] * n, 2: [0] * n}
    folded = [0] * n
    for bet in state.bets:
        put[bet.round][bet.seat] += bet.chips
        if bet.action == 0:
            folded[bet.seat] = bet.round
    snipe = [PASS] * n
    for record in state.snipes:
        snipe[record.seat] = record.code
    at_showdown = state.result.hands if state.result is not None else {}
    sniped = state.result.sniped if state.result is not None else {}
    cols: dict[str, list] = {name: [] for name in COLUMNS}
    for seat in range(n):
        dealt = state.in_play[seat]
        cards = state.private.get(seat, (0, 0))
        made = best_hand(cards, state.board) if dealt else None
        row = {
            "game": game,
            "hand": hand,
            "seat": seat,
            "agent": agents[seat],
            "first_seat": state.first,
            "dealt_in": dealt,
            "stack_before": state.stacks[seat],
            "private_1": cards[0],
            "private_2": cards[1],
            "board_1": state.board[0],
            "board_2": state.board[1],
            "board_3": state.board[2],
            "board_4": state.board[3],
            "ante": 1 if dealt else 0,
            "put_round_1": put[1][seat],
            "put_round_2": put[2][seat],
            "folded_round": folded[seat],
            "snipe": snipe[seat],
            "category": int(made.category) if made else -1,
            "top": made.top if made else 0,
            "showdown": seat in at_showdown,
            "sniped": bool(sniped.get(seat, False)),
            "payout": state.payout[seat],
            "net": after[seat] - state.stacks[seat],
            "stack_after": after[seat],
        }
        for name, value in row.items():
            cols[name].append(value)
    return cols


def action_rows(state: HandState, game: int, hand: int) -> dict[str, list]:
    """Columns (name → list, one entry per action) of the actions table for one finished hand.

    Uses the reference engine's records: ``state.bets`` (R6), then ``state.snipes`` (R7), whose
    rows carry the cap among the players still in and level 0.
    """
    cols: dict[str, list] = {name: [] for name in ACTION_COLUMNS}
    rows = [(b.seat, b.round, int(b.action), b.chips, b.level_after, b.cap, PASS) for b in state.bets]
    if state.snipes:
        cap = state.cap
        for record in state.snipes:
            action = Act.PASS if record.code == PASS else Act.SNIPE
            rows.append((record.seat, SNIPE_ROUND, int(action), 0, 0, cap, record.code))
    for seq, (seat, round_, action, chips, level, cap, snipe) in enumerate(rows):
        for name, value in zip(
            ACTION_COLUMNS, (game, hand, seq, seat, round_, action, chips, level, cap, snipe), strict=True
        ):
            cols[name].append(value)
    return cols


def to_table(columns: dict[str, Iterable], columns_doc: dict = COLUMNS) -> pa.Table:
    """A pyarrow table with exactly the schema ``columns_doc`` describes (default the hands table,
    ``SCHEMA``; ``ACTION_COLUMNS`` for the actions table) from column name → values; ``KeyError``
    if one is missing."""
    arrays = {name: pa.array(columns[name], type=dtype) for name, (dtype, _) in columns_doc.items()}
    return pa.table(arrays, schema=schema_of(columns_doc))


def read_results(path, columns: Sequence[str] | None = None, arrow: bool = False):
    """The hands table of a run directory (``sniper.runs.read_run``), or of one parquet file, as a
    pandas DataFrame (a ``pyarrow.Table`` with ``arrow=True``).

    ``columns``: the columns to read (default all), pushed down to the parquet scan. Raises
    ``FileNotFoundError`` when there is nothing to read, ``sniper.runner.RunDirError`` for a
    directory that is not a run this version reads and ``ValueError`` for an unknown column.
    """
    import pyarrow.parquet as pq

    path = Path(path)
    if path.is_dir():
        from sniper.runs import read_run

        return read_run(path, "hands", columns=columns, arrow=arrow)
    if not path.exists():
        raise FileNotFoundError(f"no parquet results in {path}")
    unknown = [c for c in columns or () if c not in SCHEMA.names]
    if unknown:
        raise ValueError(f"unknown column {unknown[0]!r} of the hands table; columns: {', '.join(SCHEMA.names)}")
    table = pq.read_table(path, schema=SCHEMA, columns=list(columns) if columns else None)
    return table if arrow else table.to_pandas()


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
"""The hands-table columns ``summarize`` reads (``read_results(out, columns=SUMMARY_COLUMNS)``)."""


def summarize(data) -> pd.DataFrame:
    """Per-agent summary of a results frame (one row per seat per hand, ``SCHEMA``).

    ``data``: a pandas DataFrame or a ``pyarrow.Table`` with at least the ``SUMMARY_COLUMNS``
    (reading only those, ``read_results(out, columns=SUMMARY_COLUMNS, arrow=True)``, is fastest).
    One row per agent, in order of the agent's first hand dealt in. Columns: hands (dealt in), net
    chips per hand with its 95% confidence interval (chips/hand; games are the independent units,
    since hands of one game share stacks: the clustered ratio estimator with Student's t over the
    per-game sums in game order, ``sniper.stats.clustered_mean_ci``; with fewer than 2 games the
    interval is infinite), showdown wins, snipes made, snipes that hit (named a hand held at the
    showdown by another seat), games won (most chips at the end; a tie for first is a draw and
    counts for nobody, R9). Numpy group-bys on small integer codes (``np.bincount``), no pandas
    group-by and no Python loop over rows: about 1 s for 8 million rows (``sniper summary`` of 2e6 hands
    at 4 seats, ``experiments/README.md``).
    """
    from sniper.stats import clustered_mean_ci

    col = _arrays(data, [name for name in SUMMARY_COLUMNS if name != "agent"])
    agent, names = _factorize(data, "agent")
    dealt = col["dealt_in"].astype(bool, copy=False)
    if not dealt.any():
        return pd.DataFrame([])
    showdown = col["showdown"].astype(bool, copy=False)
    hit = _hit_mask([col["game"], col["hand"]], col["seat"], col["snipe"], showdown, col["category"], col["top"])
    # Games won (R9): the rows of each game's last hand, the most chips after it, alone at the top.
    game, n_games = _dense_codes(col["game"])
    hand = col["hand"]
    last_hand = np.full(n_games, np.iinfo(hand.dtype).min, dtype=hand.dtype)
    np.maximum.at(last_hand, game, hand)
    last = np.flatnonzero(hand == last_hand[game])
    last_game, stack = game[last], col["stack_after"][last]
    best = np.full(n_games, np.iinfo(stack.dtype).min, dtype=stack.dtype)
    np.maximum.at(best, last_game, stack)
    top = stack == best[last_game]
    alone = np.bincount(last_game[top], minlength=n_games) == 1
    n_agents = len(names)
    won = np.bincount(agent[last[top & alone[last_game]]], minlength=n_agents)
    # Per agent, over the rows dealt in; net chips summed per (agent, game), games in order.

    def count(mask: np.ndarray) -> np.ndarray:
        rows = mask & dealt
        return np.array([np.count_nonzero(rows)]) if n_agents == 1 else np.bincount(agent[rows], minlength=n_agents)

    showdown_wins = count((col["payout"] > 0) & showdown)
    snipes_made = count(col["snipe"] >= 0)
    snipes_hit = count(hit)
    cell = np.where(dealt, game if n_agents == 1 else agent * n_games + game, n_agents * n_games)  # last: not dealt
    net = np.bincount(cell, weights=col["net"], minlength=n_agents * n_games + 1)[:-1].reshape(n_agents, n_games)
    size = np.bincount(cell, minlength=n_agents * n_games + 1)[:-1].reshape(n_agents, n_games)
    rows = []
    for a in [0] if n_agents == 1 else pd.unique(agent[dealt]):
        played = size[a] > 0
        ci = clustered_mean_ci(net[a][played], size[a][played].astype(np.float64))
        rows.append(
            {
                "agent": names[a],
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
    return pd.DataFrame(rows)


def _arrays(data, names: Sequence[str]) -> dict[str, np.ndarray]:
    """Columns ``names`` of a pandas DataFrame or ``pyarrow.Table`` as numpy arrays."""
    if isinstance(data, pa.Table):
        return {name: data.column(name).to_numpy() for name in names}
    return {name: data[name].to_numpy() for name in names}


def _factorize(data, name: str) -> tuple[np.ndarray, list]:
    """Column ``name`` of a DataFrame or ``pyarrow.Table`` as integer codes (one per row) and the
    distinct values they index."""
    if isinstance(data, pa.Table):
        import pyarrow.compute as pc

        column = data.column(name)
        values = pc.unique(column)
        codes = pc.index_in(column, value_set=values).to_numpy()
        return codes.astype(np.int64), values.to_pylist()
    codes, values = pd.factorize(data[name])
    return codes.astype(np.int64), list(values)


def _dense_codes(values: np.ndarray) -> tuple[np.ndarray, int]:
    """``(codes, n)``: int64 codes 0..n-1 of an integer array, increasing with the values (equal
    values, equal codes; some codes may be unused when the values are nearly dense)."""
    values = np.asarray(values)
    if len(values) == 0:
        return np.zeros(0, dtype=np.int64), 0
    low, high = int(values.min()), int(values.max())
    if high - low < 2 * len(values) + 1024:
        return np.subtract(values, low, dtype=np.int64), high - low + 1
    unique, codes = np.unique(values, return_inverse=True)
    return codes.astype(np.int64).ravel(), len(unique)


def _group_ids(columns: Sequence[np.ndarray]) -> tuple[np.ndarray, int]:
    """``(ids, n)``: one int64 id 0..n-1 per row, equal exactly when the rows agree on every one of
    ``columns`` (integer columns, or any values pandas factorizes)."""
    ids, span = None, 1
    for values in columns:
        values = np.asarray(values)
        if values.dtype.kind in "biu":
            codes, n = _dense_codes(values)
        else:
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
    (``category``, ``top``, ``_held_codes``) of a ``showdown`` row of the same hand (equal ``keys``
    columns) and another ``seat`` (R8). Counts the showdown rows per (hand, code) and per (hand,
    seat, code) by sorting their keys, only over the rows that snipe or show: no Python loop."""
    snipe, showdown = np.asarray(snipe), np.asarray(showdown, dtype=bool)
    category = np.asarray(category)
    hit = np.zeros(len(snipe), dtype=bool)
    sniping, shown = snipe >= 0, showdown & (category >= 0)
    rows = np.flatnonzero(sniping | shown)
    if not (sniping.any() and shown.any()):
        return hit
    sniping, shown = sniping[rows], shown[rows]
    hand, _ = _group_ids([np.asarray(k)[rows] for k in keys])
    seat, seats = _dense_codes(np.asarray(seat)[rows])
    named = snipe[rows][sniping].astype(np.int64)
    held = _held_codes(category[rows][shown], np.asarray(top)[rows][shown]).astype(np.int64)
    codes = int(max(named.max(), held.max())) + 1

    def matches(key: np.ndarray) -> np.ndarray:
        held_keys = np.sort(key[shown] * codes + held, kind="stable")  # nearly sorted: part order
        wanted = key[sniping] * codes + named
        return np.searchsorted(held_keys, wanted, "right") - np.searchsorted(held_keys, wanted, "left")

    hit[rows[sniping]] = matches(hand) > matches(hand * seats + seat)
    return hit


def held_snipe_codes(df: pd.DataFrame) -> np.ndarray:
    """The snipe code that names each row's own best hand (R7): int16 array, -1 if not dealt in."""
    return _held_codes(df["category"].to_numpy(), df["top"].to_numpy())


def snipe_hits(df: pd.DataFrame, keys: Sequence[str] = ("game", "hand")) -> pd.Series:
    """For each row, whether its snipe matched another seat's showdown hand in the same hand (R8).

    ``keys``: the columns that identify a hand (add a seating column when several seatings of the
    same games share a frame). Bool series aligned with ``df``.
    """
    columns = [df[k].to_numpy() for k in keys]
    cells = (df[c].to_numpy() for c in ("seat", "snipe", "showdown", "category", "top"))
    return pd.Series(_hit_mask(columns, *cells), index=df.index)
