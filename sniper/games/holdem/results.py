"""The tables a run of no-limit Hold'em writes: the hands table and the actions table, defined once.

Every engine of the game (the PokerKit reference, ``sniper.games.holdem.play``, and the numba kernel)
writes exactly these columns, and hand histories imported from PHH files are turned into them too
(docs/holdem.md, "Run tables"). Cards are ``sniper.games.poker52.cards`` integers (0–51, ``-1``: none);
chips are int64 integers: imported hand histories hold real stacks (millions of tournament chips).

>>> from sniper.core.tables import to_table
>>> from sniper.games.holdem.agents import RandomAgent
>>> from sniper.games.holdem.play import play_game
>>> records = play_game(2, seed=3, game=0, agents=[RandomAgent()] * 2, length="50")
>>> hands = to_table(hand_rows(records, 0, ["random", "random"]), COLUMNS)
>>> hands.num_rows == 2 * len(records), sum(hands["net"].to_pylist())
(True, 0)
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pyarrow as pa

from sniper.core.tables import schema_of
from sniper.games.holdem.rules import BOARD_SIZES
from sniper.games.poker52 import results as poker_results

if TYPE_CHECKING:
    from sniper.games.holdem.play import HandRecord

NO_CARD = -1
"""A card column's value when no card was dealt there (a seat not dealt in; a board card not dealt)."""

COLUMNS: dict[str, tuple[pa.DataType, str]] = {
    "game": (pa.int64(), "game index within the run, from 0 (the deck's (seed, game, hand) key)"),
    "hand": (pa.int32(), "hand index within the game, from 0"),
    "seat": (pa.int8(), "seat index, 0..seats-1 (H1)"),
    "agent": (pa.string(), "agent spec playing this seat, e.g. 'hard'"),
    "button": (pa.int8(), "the hand's button seat (H2)"),
    "dealt_in": (pa.bool_(), "seat had chips and got private cards"),
    "stack_before": (pa.int64(), "chips before the blinds"),
    "hole_1": (pa.int8(), "first private card, -1 if not dealt in"),
    "hole_2": (pa.int8(), "second private card, -1 if not dealt in"),
    "board_1": (pa.int8(), "flop card 1, -1 if not dealt (the hand ended before the flop)"),
    "board_2": (pa.int8(), "flop card 2, -1 if not dealt"),
    "board_3": (pa.int8(), "flop card 3, -1 if not dealt"),
    "board_4": (pa.int8(), "the turn, -1 if not dealt"),
    "board_5": (pa.int8(), "the river, -1 if not dealt"),
    "showdown": (pa.bool_(), "the hand went to a showdown (H9): two or more players were still in"),
    "net": (pa.int64(), "chips won (+) or lost (-) in the hand"),
    "stack_after": (pa.int64(), "chips after the hand (H10)"),
}
"""The hands table: one row per seat per hand, every seat at the table (``dealt_in`` false for a busted one)."""

ACTION_COLUMNS: dict[str, tuple[pa.DataType, str]] = {
    "game": (pa.int64(), "game index within the run, from 0"),
    "hand": (pa.int32(), "hand index within the game, from 0"),
    "seq": (pa.int16(), "position of the action within the hand, from 0"),
    "seat": (pa.int8(), "seat that acted"),
    "street": (pa.int8(), "0 preflop, 1 flop, 2 turn, 3 river (H3)"),
    "action": (
        pa.int64(),
        "flat action: 0 fold, 1 check or call, a >= 2 bet or raise to a chips, 1802 bet all in for 1 (docs/holdem.md)",
    ),
    "amount": (pa.int64(), "chips the seat put in with it (0 for a fold or a check)"),
    "to_amount": (pa.int64(), "the seat's bet of the street after it (chips)"),
    "pot_after": (pa.int64(), "every chip in the middle after it, this street's bets included"),
}
"""The actions table: one row per seat action, in the order played; the blinds are not actions."""


SCHEMA = schema_of(COLUMNS)
"""The hands table's schema."""
ACTION_SCHEMA = schema_of(ACTION_COLUMNS)
"""The actions table's schema."""


def hand_rows(records: Sequence["HandRecord"], game: int, agents: Sequence[str]) -> dict[str, list]:
    """The hands-table columns (``COLUMNS``) of game ``game``'s ``records``, ``agents[s]`` seated at seat ``s``
    (``sniper.games.poker52.results.hand_rows``)."""
    return poker_results.hand_rows(records, game, agents, COLUMNS, _cards)


def _cards(record: "HandRecord", seat: int) -> dict:
    """The card columns of ``seat``'s row of ``record``: its two private cards and the board."""
    hole = record.holes[seat]
    board = list(record.board) + [NO_CARD] * (BOARD_SIZES[-1] - len(record.board))
    return {
        "hole_1": hole[0] if hole else NO_CARD,
        "hole_2": hole[1] if hole else NO_CARD,
        **{f"board_{i + 1}": card for i, card in enumerate(board)},
    }


def action_rows(records: Sequence["HandRecord"], game: int) -> dict[str, list]:
    """The actions-table columns (``ACTION_COLUMNS``) of game ``game``'s ``records``, in the order played."""
    return poker_results.action_rows(records, game, ACTION_COLUMNS)


def hand_record(hands, actions) -> "HandRecord":
    """The ``HandRecord`` a run's rows of one hand hold back: ``hands``, its rows of the hands table, one per
    seat, and ``actions``, its rows of the actions table (pandas frames or dicts of columns), the inverse
    of ``hand_rows``/``action_rows``. ``ValueError`` for rows of no hand or of more than one."""
    from sniper.games.holdem.play import HandRecord
    from sniper.games.poker52.hand import ActionRecord

    seats = sorted(range(len(hands["seat"])), key=lambda i: int(hands["seat"][i]))
    if not seats or len({int(hands["hand"][i]) for i in seats} | {int(hands["game"][i]) for i in seats}) > 2:
        raise ValueError("hand_record takes the rows of exactly one hand")

    def column(name: str) -> list:
        return [hands[name][i] for i in seats]

    first = seats[0]
    board = tuple(int(hands[f"board_{k}"][first]) for k in range(1, BOARD_SIZES[-1] + 1))
    holes = tuple(
        (int(a), int(b)) if dealt else () for a, b, dealt in zip(*map(column, ("hole_1", "hole_2", "dealt_in")))
    )
    order = sorted(range(len(actions["seq"])), key=lambda i: int(actions["seq"][i]))
    acts = tuple(
        ActionRecord(
            *(int(actions[name][i]) for name in ("seat", "street", "action", "amount", "to_amount", "pot_after"))
        )
        for i in order
    )
    return HandRecord(
        hand=int(hands["hand"][first]),
        button=int(hands["button"][first]),
        board=tuple(c for c in board if c != NO_CARD),
        holes=holes,
        actions=acts,
        stacks_before=tuple(int(v) for v in column("stack_before")),
        stacks=tuple(int(v) for v in column("stack_after")),
        winnings=tuple(int(v) for v in column("net")),
        showdown=bool(hands["showdown"][first]),
        agents=tuple(str(v) for v in column("agent")),
        game=int(hands["game"][first]),
    )
