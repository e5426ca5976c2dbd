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

from kernels.codes import PASS, SNIPE_CODE, SNIPE_ROUND, Act
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


def read_results(path) -> pd.DataFrame:
    """The hands table of a run directory (``sniper.runs.read_run``), or of one parquet file, as a
    pandas DataFrame.

    Raises ``FileNotFoundError`` when there is nothing to read and ``sniper.runner.RunDirError``
    for a directory that is not a run this version reads.
    """
    import pyarrow.parquet as pq

    path = Path(path)
    if path.is_dir():
        from sniper.runs import read_run

        return read_run(path, "hands")
    if not path.exists():
        raise FileNotFoundError(f"no parquet results in {path}")
    return pq.read_table(path, schema=SCHEMA).to_pandas()


def summarize(df: pd.DataFrame) -> pd.DataFrame:
    """Per-agent summary of a results frame (one row per seat per hand, ``SCHEMA``).

    Columns: hands (dealt in), net chips per hand with its 95% confidence interval (chips/hand;
    games are the independent units, since hands of one game share stacks: the clustered ratio
    estimator with Student's t, ``sniper.stats.clustered_mean_ci``; with fewer than 2 games the
    interval is infinite), showdown wins, snipes made, snipes that hit (named a hand held at the
    showdown by another seat), games won (most chips at the end; a tie for first is a draw and
    counts for nobody, R9).
    """
    from sniper.stats import clustered_mean_ci

    dealt = df[df["dealt_in"]]
    hit = snipe_hits(df)
    last = df.loc[df.groupby("game")["hand"].transform("max") == df["hand"]]
    best = last.groupby("game")["stack_after"].transform("max")
    tops = last[last["stack_after"] == best]
    unique = tops.groupby("game")["seat"].transform("size") == 1
    winners = tops[unique]
    rows = []
    for agent, group in dealt.groupby("agent", sort=False):
        per_game = group.groupby("game")["net"].agg(["sum", "size"])
        ci = clustered_mean_ci(per_game["sum"].to_numpy(np.float64), per_game["size"].to_numpy(np.float64))
        rows.append(
            {
                "agent": agent,
                "hands": len(group),
                "net_per_hand": ci.estimate,
                "ci95_low": ci.low,
                "ci95_high": ci.high,
                "showdown_wins": int(((group["payout"] > 0) & group["showdown"]).sum()),
                "snipes_made": int((group["snipe"] >= 0).sum()),
                "snipes_hit": int(hit[group.index].sum()),
                "games_won": int((winners["agent"] == agent).sum()),
            }
        )
    return pd.DataFrame(rows)


def held_snipe_codes(df: pd.DataFrame) -> np.ndarray:
    """The snipe code that names each row's own best hand (R7): int16 array, -1 if not dealt in."""
    code_of = np.full((7, 11), -1, dtype=np.int16)
    for (cat, top), code in SNIPE_CODE.items():
        code_of[cat, top] = code
    category = df["category"].to_numpy()
    return np.where(category >= 0, code_of[np.maximum(category, 0), df["top"].to_numpy()], -1).astype(np.int16)


def snipe_hits(df: pd.DataFrame, keys: Sequence[str] = ("game", "hand")) -> pd.Series:
    """For each row, whether its snipe matched another seat's showdown hand in the same hand (R8).

    ``keys``: the columns that identify a hand (add a seating column when several seatings of the
    same games share a frame). Bool series aligned with ``df``.
    """
    keys = list(keys)
    at_sd = df[df["showdown"]]
    pairs = at_sd[keys + ["seat"]].assign(snipe=held_snipe_codes(at_sd))
    snipers = df.loc[df["snipe"] >= 0, keys + ["seat", "snipe"]].reset_index()
    merged = snipers.merge(pairs, on=keys + ["snipe"], suffixes=("", "_held"))
    merged = merged[merged["seat"] != merged["seat_held"]]
    hits = pd.Series(False, index=df.index)
    hits[merged["index"].unique()] = True
    return hits
