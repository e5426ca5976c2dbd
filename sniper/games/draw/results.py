"""The tables a run of five-card draw writes: the hands table and the actions table, defined once.

Every engine of the game (the PokerKit reference, ``sniper.games.draw.play``, and any kernel) writes exactly
these columns, from ``play.HandRecord``s (``hand_rows``, ``action_rows``); ``hand_record`` reads a hand's
rows back into its record (docs/draw.md, "Run tables"). Cards are ``sniper.games.poker52.cards`` integers
(0–51, ``NO_CARD``: none); chips are int64 integers. No column is ever null
(``sniper.core.tables.schema_of``): a seat that did not draw has ``draws`` ``NO_DRAW``.

A seat's final cards are the cards it kept, in the order it held them, then its replacements in the
order dealt (``sniper.games.draw.engine``), so the dealt cards, the final cards and the number drawn
``d`` give the whole draw back: the replacements are the last ``d`` final cards, the discards the dealt
cards not among the first ``5 - d``.

>>> from sniper.core.tables import to_table
>>> from sniper.games.draw.agents import RandomAgent
>>> from sniper.games.draw.play import play_game
>>> records = play_game(3, seed=3, game=0, agents=[RandomAgent()] * 3, length="20")
>>> hands = to_table(hand_rows(records, 0, ["random"] * 3), COLUMNS)
>>> hands.num_rows == 3 * len(records), sum(hands["net"].to_pylist())
(True, 0)
>>> actions = action_rows(records, 0)
>>> all(hand_record(*rows_of(hands.to_pydict(), actions, r.hand)) == r for r in records)
True
"""

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pyarrow as pa

from sniper.core.tables import schema_of
from sniper.games.draw.actions import DISCARD
from sniper.games.draw.rules import HAND_SIZE
from sniper.games.poker52 import results as poker_results

if TYPE_CHECKING:
    from sniper.games.draw.play import HandRecord

NO_CARD = -1
"""A card column's value when no card is there (a seat not dealt in)."""
NO_DRAW = -1
"""``draws``' value for a seat that did not draw (folded before the draw, the hand ended before it, or not
dealt in), and an action's ``draws`` for a betting action."""

_HOLES = tuple(f"hole_{k}" for k in range(1, HAND_SIZE + 1))
_FINALS = tuple(f"final_{k}" for k in range(1, HAND_SIZE + 1))

COLUMNS: dict[str, tuple[pa.DataType, str]] = {
    "game": (pa.int64(), "game index within the run, from 0 (the deck's (seed, game, hand) key)"),
    "hand": (pa.int32(), "hand index within the game, from 0"),
    "seat": (pa.int8(), "seat index, 0..seats-1 (D1)"),
    "agent": (pa.string(), "agent spec playing this seat, e.g. 'hard'"),
    "button": (pa.int8(), "the hand's button seat (D1)"),
    "dealt_in": (pa.bool_(), "seat had chips and got five cards"),
    "stack_before": (pa.int64(), "chips before the ante"),
    **{
        name: (pa.int8(), f"dealt card {k + 1} (D2), in the order dealt; -1 if not dealt in")
        for k, name in enumerate(_HOLES)
    },
    "draws": (pa.int8(), "cards the seat discarded and drew (D5, 0 stood pat); -1 if it did not draw"),
    **{
        name: (pa.int8(), f"final card {k + 1}: the kept cards in order, then the replacements; -1 if not dealt in")
        for k, name in enumerate(_FINALS)
    },
    "showdown": (pa.bool_(), "the hand went to a showdown (D7): two or more players were still in"),
    "net": (pa.int64(), "chips won (+) or lost (-) in the hand"),
    "stack_after": (pa.int64(), "chips after the hand (D9)"),
}
"""The hands table: one row per seat per hand, every seat at the table (``dealt_in`` false for a busted one)."""

ACTION_COLUMNS: dict[str, tuple[pa.DataType, str]] = {
    "game": (pa.int64(), "game index within the run, from 0"),
    "hand": (pa.int32(), "hand index within the game, from 0"),
    "seq": (pa.int16(), "position of the action within the hand, from 0"),
    "seat": (pa.int8(), "seat that acted"),
    "street": (pa.int8(), "0 the first betting round, 1 the draw, 2 the second round (engine.STREETS)"),
    "action": (pa.int8(), "flat action: 0 fold, 1 check or call, 2 bet or raise, 3 + mask the draw (docs/draw.md)"),
    "draws": (pa.int8(), "cards discarded and drawn by a draw action (0 stands pat); -1 for a betting action"),
    "amount": (pa.int64(), "chips the seat put in with it (0 for a fold, a check or a draw)"),
    "to_amount": (pa.int64(), "the seat's bet of the round after it (chips)"),
    "pot_after": (pa.int64(), "every chip in the middle after it, this round's bets included"),
}
"""The actions table: one row per seat action, the draws included, in the order played; the antes are not
actions."""

SCHEMA = schema_of(COLUMNS)
"""The hands table's schema."""
ACTION_SCHEMA = schema_of(ACTION_COLUMNS)
"""The actions table's schema."""


def draws_of(action: int) -> int:
    """The ``draws`` column of a flat action: the cards a draw action (``actions.DISCARD + mask``) discards and
    draws, the mask's set bits; ``NO_DRAW`` for a betting action."""
    return (action - DISCARD).bit_count() if action >= DISCARD else NO_DRAW


def _padded(cards: Sequence[int]) -> list[int]:
    return list(cards) if cards else [NO_CARD] * HAND_SIZE


def hand_rows(records: Sequence["HandRecord"], game: int, agents: Sequence[str]) -> dict[str, list]:
    """The hands-table columns (``COLUMNS``) of game ``game``'s ``records`` (``play.HandRecord``, in order),
    ``agents[s]`` seated at seat ``s``: one row per seat per hand (``sniper.games.poker52.results.hand_rows``)."""
    return poker_results.hand_rows(records, game, agents, COLUMNS, _cards)


def _cards(record: "HandRecord", seat: int) -> dict:
    """The card columns of ``seat``'s row of ``record``: its dealt cards, its draw and its final cards."""
    drew = record.draws[seat]
    return {
        **dict(zip(_HOLES, _padded(record.holes[seat]), strict=True)),
        "draws": NO_DRAW if drew is None else drew,
        **dict(zip(_FINALS, _padded(record.cards[seat]), strict=True)),
    }


def action_rows(records: Sequence["HandRecord"], game: int) -> dict[str, list]:
    """The actions-table columns (``ACTION_COLUMNS``) of game ``game``'s ``records``, in the order played."""
    return poker_results.action_rows(records, game, ACTION_COLUMNS, lambda act: (draws_of(act.action),))


def rows_of(hands: Mapping[str, Sequence], actions: Mapping[str, Sequence], hand: int, game: int | None = None):
    """The rows of hand ``hand`` (of game ``game``, any game when ``None``) among ``hands`` and ``actions``
    (dicts of columns of the two tables), as two dicts of columns: ``hand_record``'s arguments."""

    def pick(table: Mapping[str, Sequence]) -> dict[str, list]:
        keep = [
            i
            for i in range(len(table["hand"]))
            if table["hand"][i] == hand and (game is None or table["game"][i] == game)
        ]
        return {name: [values[i] for i in keep] for name, values in table.items()}

    return pick(hands), pick(actions)


def hand_record(hands, actions) -> "HandRecord":
    """The ``play.HandRecord`` a run's rows of one hand hold: ``hands``, its rows of the hands table (one per
    seat, any order) and ``actions``, its rows of the actions table (pandas frames or dicts of columns);
    the inverse of ``hand_rows``/``action_rows``. ``ValueError`` for rows of no hand or of more than one."""
    from sniper.games.draw.play import HandRecord
    from sniper.games.poker52.hand import ActionRecord

    n = len(hands["seat"])
    keys = {(int(hands["game"][i]), int(hands["hand"][i])) for i in range(n)}
    keys |= {(int(actions["game"][i]), int(actions["hand"][i])) for i in range(len(actions["seq"]))}
    if n == 0 or len(keys) != 1:
        raise ValueError("hand_record takes the rows of exactly one hand")
    seats = sorted(range(n), key=lambda i: int(hands["seat"][i]))
    first = seats[0]

    def cards(names: Sequence[str], i: int) -> tuple[int, ...]:
        return tuple(int(hands[name][i]) for name in names) if bool(hands["dealt_in"][i]) else ()

    holes = tuple(cards(_HOLES, i) for i in seats)
    finals = tuple(cards(_FINALS, i) for i in seats)
    draws = tuple(None if int(hands["draws"][i]) == NO_DRAW else int(hands["draws"][i]) for i in seats)
    kept = [final[: HAND_SIZE - (d or 0)] for final, d in zip(finals, draws, strict=True)]
    order = sorted(range(len(actions["seq"])), key=lambda i: int(actions["seq"][i]))
    fields = ("seat", "street", "action", "amount", "to_amount", "pot_after")
    return HandRecord(
        hand=int(hands["hand"][first]),
        button=int(hands["button"][first]),
        holes=holes,
        draws=draws,
        discards=tuple(tuple(c for c in hole if c not in keep) for hole, keep in zip(holes, kept, strict=True)),
        drawn=tuple(final[HAND_SIZE - d :] if d else () for final, d in zip(finals, draws, strict=True)),
        cards=finals,
        actions=tuple(ActionRecord(*(int(actions[name][i]) for name in fields)) for i in order),
        stacks_before=tuple(int(hands["stack_before"][i]) for i in seats),
        stacks=tuple(int(hands["stack_after"][i]) for i in seats),
        winnings=tuple(int(hands["net"][i]) for i in seats),
        showdown=bool(hands["showdown"][first]),
        agents=tuple(str(hands["agent"][i]) for i in seats),
        game=int(hands["game"][first]),
    )
