"""Sniper Hold'em's tables, in one place: the hands table (one row per seat per hand, R2–R9) and the
actions table (one row per action, R6, R7), and the rows of a finished hand in them.

Every run of Sniper Hold'em writes parquet files with exactly these columns: ``SCHEMA`` / ``COLUMNS`` for
the hands table (the ``sniper.core.tables.HAND_COLUMNS`` every game has, and more), ``ACTION_SCHEMA`` /
``ACTION_COLUMNS`` for the actions table; the ``COLUMNS`` dicts document each column's meaning and unit.
Chips are integers. Card columns hold the numbers 1–10, or 0 when the seat was not dealt in. Snipe codes
index the R7 table (``sniper.games.sniper_holdem.hands.Snipe.from_code``); -1 means no snipe (a pass, or not
in the snipe round). Action codes are ``kernels.sniper_holdem.codes.Act``: 0 fold, 1 check, 2 call, 3 +1,
4 +3, 5 +5, 6 all-in, 7 snipe, 8 pass (names in ``kernels.sniper_holdem.codes.ACT_NAMES``).
"""

from collections.abc import Iterable, Sequence

import pyarrow as pa

from kernels.sniper_holdem.codes import PASS, SNIPE_ROUND, Act
from sniper.core.tables import Chunk, schema_of, to_table
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
    "category": (
        pa.int8(),
        "category of the best 5 of 6 cards (kernels.sniper_holdem.codes.Category), -1 if not dealt",
    ),
    "top": (pa.int8(), "top number of that hand (R8), 0 if not dealt in"),
    "showdown": (pa.bool_(), "seat reached a showdown (R8)"),
    "sniped": (pa.bool_(), "seat's hand matched a snipe at the showdown (R8)"),
    "payout": (pa.int16(), "chips won from the pot"),
    "net": (pa.int16(), "payout minus all chips put in this hand (chips)"),
    "stack_after": (pa.int16(), "chips after the hand (R9)"),
}


SCHEMA = schema_of(COLUMNS)

ACTION_COLUMNS: dict[str, tuple[pa.DataType, str]] = {
    "game": (pa.int64(), "game index within the run, from 0 (R13 key)"),
    "hand": (pa.int16(), "hand index within the game, from 0 (R13 key)"),
    "seq": (pa.int16(), "position of the action within the hand, from 0 (betting, then snipe turns)"),
    "seat": (pa.int8(), "seat that acted (R3)"),
    "round": (pa.int8(), "1 or 2 for the betting rounds (R6), 3 for the snipe round (R7)"),
    "action": (
        pa.int8(),
        "kernels.sniper_holdem.codes.Act: 0 fold, 1 check, 2 call, 3 +1, 4 +3, 5 +5, 6 all-in, 7 snipe, 8 pass",
    ),
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


def record_chunk(hands: Iterable[tuple[int, int, HandState]], agents: Sequence[str]) -> Chunk:
    """Both tables' rows of finished reference-engine hands, given as (game, hand, state) in order, seated
    by the labels ``agents`` (``GameSpec.record`` of "sniper", ``sniper.runs.store.write_run``); ``ValueError``
    for no hands or a hand without one seat per label."""
    hand_cols: dict[str, list] = {}
    action_cols: dict[str, list] = {name: [] for name in ACTION_COLUMNS}
    counts: dict[int, int] = {}
    for game, hand, state in hands:
        if state.n_seats != len(agents):
            raise ValueError(f"game {game} hand {hand} has {state.n_seats} seats, not {len(agents)}")
        for name, values in hand_rows(state, game, hand, list(agents)).items():
            hand_cols.setdefault(name, []).extend(values)
        for name, values in action_rows(state, game, hand).items():
            action_cols[name].extend(values)
        counts[game] = counts.get(game, 0) + 1
    if not hand_cols:
        raise ValueError("write_run needs at least one hand")
    tables = {"hands": to_table(hand_cols, COLUMNS), "actions": to_table(action_cols, ACTION_COLUMNS)}
    return Chunk(tables, list(counts.values()))
