"""The results schema, in one place: the hands table (one row per seat per hand, R2–R9) and the
actions table (one row per action, R6, R7).

Every run writes parquet files with exactly these columns: ``SCHEMA`` / ``COLUMNS`` for the hands
table, ``ACTION_SCHEMA`` / ``ACTION_COLUMNS`` for the actions table; the ``COLUMNS`` dicts
document each column's meaning and unit. Chips are integers. Card columns hold the numbers 1–10,
or 0 when the seat was not dealt in. Snipe codes index the R7 table
(``sniper.games.sniper_holdem.hands.Snipe.from_code``); -1 means no snipe (a pass, or not in the snipe round). Action
codes are ``kernels.sniper_holdem.codes.Act``: 0 fold, 1 check, 2 call, 3 +1, 4 +3, 5 +5, 6 all-in, 7 snipe,
8 pass (names in ``kernels.sniper_holdem.codes.ACT_NAMES``).
"""

from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa

from kernels.sniper_holdem.codes import PASS, SNIPE_CODE_OF, SNIPE_ROUND, Act
from sniper.games.sniper_holdem.engine import HandState
from sniper.games.sniper_holdem.hands import best_hand

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
    "category": (pa.int8(), "category of the best 5 of 6 cards (kernels.sniper_holdem.codes.Category), -1 if not dealt"),
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
    written before with nullable fields are read and resumed alike (``sniper.runs.runner``)."""
    return pa.schema([pa.field(name, dtype, nullable=False) for name, (dtype, _) in columns_doc.items()])


SCHEMA = schema_of(COLUMNS)

ACTION_COLUMNS: dict[str, tuple[pa.DataType, str]] = {
    "game": (pa.int64(), "game index within the run, from 0 (R13 key)"),
    "hand": (pa.int16(), "hand index within the game, from 0 (R13 key)"),
    "seq": (pa.int16(), "position of the action within the hand, from 0 (betting, then snipe turns)"),
    "seat": (pa.int8(), "seat that acted (R3)"),
    "round": (pa.int8(), "1 or 2 for the betting rounds (R6), 3 for the snipe round (R7)"),
    "action": (pa.int8(), "kernels.sniper_holdem.codes.Act: 0 fold, 1 check, 2 call, 3 +1, 4 +3, 5 +5, 6 all-in, 7 snipe, 8 pass"),
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


def check_columns(columns: Sequence[str] | None, schema: pa.Schema, table: str) -> None:
    """``ValueError`` naming the first of ``columns`` that ``schema`` (the ``table`` table's) lacks."""
    unknown = [c for c in columns or () if c not in schema.names]
    if unknown:
        raise ValueError(f"unknown column {unknown[0]!r} of the {table} table; columns: {', '.join(schema.names)}")


def read_results(path, columns: Sequence[str] | None = None, arrow: bool = False):
    """The hands table of a run directory (``sniper.runs.store.read_run``), or of one parquet file, as a
    pandas DataFrame (a ``pyarrow.Table`` with ``arrow=True``).

    ``columns``: the columns to read (default all), pushed down to the parquet scan. Raises
    ``FileNotFoundError`` when there is nothing to read, ``sniper.runs.runner.RunDirError`` for a
    directory that is not a run this version reads and ``ValueError`` for an unknown column.
    """
    import pyarrow.parquet as pq

    path = Path(path)
    if path.is_dir():
        from sniper.runs.store import read_run

        return read_run(path, "hands", columns=columns, arrow=arrow)
    if not path.exists():
        raise FileNotFoundError(f"no parquet results in {path}")
    check_columns(columns, SCHEMA, "hands")
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


SUMMARY_BY = ("agent", "seat")
"""What ``summarize`` groups rows by: the agent (its seats merged) or the seat."""


def summarize(data, by: str = "agent") -> pd.DataFrame:
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
        seen = pd.unique(agent[dealt]) if n_agents > 1 else np.zeros(int(dealt.any()), dtype=np.int64)
        order += [int(a) for a in seen if a not in order]
    if not order:
        return pd.DataFrame([])
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
    return pd.DataFrame(rows)


_HAND_DTYPE = COLUMNS["hand"][0].to_pandas_dtype()
_HAND_SPAN = int(np.iinfo(_HAND_DTYPE).max) + 1  # hand ids: game * _HAND_SPAN + hand


def _seat_agents(data, seat: int) -> str:
    """The agent(s) of ``seat`` in a results frame or table, in order of appearance, joined by "/"."""
    if isinstance(data, pa.Table):
        import pyarrow.compute as pc

        agents = pc.unique(data.filter(pc.equal(data["seat"], seat))["agent"]).to_pylist()
    else:
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
                {name: batch.column(name).to_numpy(zero_copy_only=False) for name in names}
                for batch in data.select(SUMMARY_COLUMNS).to_batches()
            ]
        else:
            batches = [{name: data[name].to_numpy() for name in names}]
        top = max((int(b["seat"].max()) for b in batches if len(b["seat"])), default=-1)
        return list(range(top + 1)), [batch | {"agent": batch["seat"].astype(np.int64)} for batch in batches]
    if isinstance(data, pa.Table):
        import pyarrow.compute as pc

        agents = pc.unique(data.column("agent"))
        batches = []
        for batch in data.select(SUMMARY_COLUMNS).to_batches():
            arrays = {name: batch.column(name).to_numpy(zero_copy_only=False) for name in names}
            codes = pc.index_in(batch.column("agent"), value_set=agents).to_numpy(zero_copy_only=False)
            batches.append(arrays | {"agent": codes.astype(np.int64)})
        return agents.to_pylist(), batches
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
