"""Saint Poker's run tables: the hands table (one row per seat per round) and the rounds table (one per round).

Every game's hands table has the ``sniper.core.tables.HAND_COLUMNS``; a round is the game's "hand" (its
``GameSpec.unit``). Saint Poker counts points (``GameSpec.utility == "points"``): ``stack_after`` is the seat's
points so far (so "games won" is the most points, S8) and ``net`` the round's ``point_difference`` (S5 points
made zero-sum: ``seats * points - the round's points``), what duels, leagues and tune add up.

>>> from sniper.games.saint.levels import make_level
>>> from sniper.games.saint.play import play_game
>>> table = play_game(2, seed=1, game=0, agents=[make_level("easy")] * 2)
>>> rows = hand_rows(table, 0, ["easy", "easy"])
>>> len(rows["seat"]), sum(rows["net"]), rows["stack_after"][-2:] == list(table.scores)
(16, 0, True)
"""

from collections.abc import Sequence
from dataclasses import dataclass

import pyarrow as pa

from sniper.core.table import point_difference
from sniper.core.tables import Chunk, schema_of, to_table
from sniper.games.poker52.cards import category
from sniper.games.saint.rules import RIVER_SIZE
from sniper.games.saint.table import SaintTable

NONE = -1
"""A card column's value where there is no card (no take-back in round 8, no future river)."""
MAX_FUTURE = 3
"""The largest future river (2 players, S2)."""

COLUMNS = {
    "game": (pa.int64(), "game index within the run, from 0"),
    "hand": (pa.int16(), "round index within the game, from 0 (round number - 1)"),
    "seat": (pa.int8(), "seat index"),
    "agent": (pa.string(), "agent spec of the seat"),
    "net": (pa.int16(), "the round's point difference: seats x points - the round's points (zero-sum)"),
    "stack_after": (pa.int16(), "the seat's points after the round (S5)"),
    "points": (pa.int8(), "points scored this round (S5: the round's number, tied players ceil shares)"),
    "pick": (pa.int8(), "the card picked into the river in step 1 (S3)"),
    "pair_1": (pa.int8(), "the lower of the two cards revealed in step 2 (S4)"),
    "pair_2": (pa.int8(), "the higher of the two cards revealed in step 2 (S4)"),
    "value": (pa.int32(), "the hand's value, best five of the pair and the river (sniper.games.poker52.cards.value)"),
    "category": (pa.int8(), "the hand's category, 0 high card ... 8 straight flush"),
    "place": (pa.int8(), "1 + the number of better hands this round (tied hands share a place)"),
    "river_only": (pa.bool_(), "the river alone is as good as the seat's hand (its pair adds nothing)"),
    "take_turn": (pa.int8(), "the seat's place in step 3's order, 0 first (worst hand), -1 in round 8 (S6)"),
    "take_1": (pa.int8(), "the first card taken back in step 3, -1 in round 8 (S6)"),
    "take_2": (pa.int8(), "the second card taken back in step 3, -1 in round 8 (S6)"),
}
"""The hands table: column name → (pyarrow type, meaning); cards are ``sniper.games.poker52`` integers."""
SCHEMA = schema_of(COLUMNS)

ROUND_COLUMNS = {
    "game": (pa.int64(), "game index within the run, from 0"),
    "hand": (pa.int16(), "round index within the game, from 0"),
    **{
        f"river_{i}": (pa.int8(), f"card {i} of the complete river: the carried cards, then the picks by seat")
        for i in range(1, RIVER_SIZE + 1)
    },  # fmt: skip
    "carried": (pa.int8(), "how many river cards came from the future river (5 - seats, S3)"),
    **{f"future_{i}": (pa.int8(), f"card {i} of the new future river, -1 none (S3)") for i in range(1, MAX_FUTURE + 1)},
    "best": (pa.int32(), "the best hand's value this round"),
    "tied": (pa.int8(), "players with the best hand (S5: each scores ceil(number / tied))"),
}
"""The rounds table: one row per round, the cards every seat saw."""
ROUND_SCHEMA = schema_of(ROUND_COLUMNS)


def hand_rows(table: SaintTable, game: int, agents: Sequence[str]) -> dict[str, list]:
    """The hands-table rows of the finished ``table`` (game ``game``, agent specs ``agents`` per seat), column name
    → values, rounds in order, seats in order within a round."""
    rows: dict[str, list] = {name: [] for name in COLUMNS}
    for record in table.history:
        net = point_difference(record.points)
        turn = {seat: k for k, seat in enumerate(record.order)}
        takes = {seat: [card for s, card in record.takes if s == seat] for seat in range(table.n_seats)}
        for seat in range(table.n_seats):
            taken = takes[seat] + [NONE, NONE]
            row = {
                "game": game,
                "hand": record.number - 1,
                "seat": seat,
                "agent": agents[seat],
                "net": net[seat],
                "stack_after": record.scores[seat],
                "points": record.points[seat],
                "pick": record.picks[seat],
                "pair_1": record.pairs[seat][0],
                "pair_2": record.pairs[seat][1],
                "value": record.values[seat],
                "category": category(record.values[seat]),
                "place": 1 + sum(v > record.values[seat] for v in record.values),
                "river_only": record.river_only[seat],
                "take_turn": turn.get(seat, NONE),
                "take_1": taken[0],
                "take_2": taken[1],
            }
            for name, value in row.items():
                rows[name].append(value)
    return rows


def round_rows(table: SaintTable, game: int) -> dict[str, list]:
    """The rounds-table rows of the finished ``table`` (game ``game``), column name → values."""
    rows: dict[str, list] = {name: [] for name in ROUND_COLUMNS}
    for record in table.history:
        future = [*record.future, *[NONE] * MAX_FUTURE]
        best = max(record.values)
        row = {"game": game, "hand": record.number - 1, "carried": len(record.carried), "best": best,
               "tied": sum(v == best for v in record.values)}  # fmt: skip
        row |= {f"river_{i + 1}": card for i, card in enumerate(record.river)}
        row |= {f"future_{i + 1}": future[i] for i in range(MAX_FUTURE)}
        for name, value in row.items():
            rows[name].append(value)
    return rows


def tables_chunk(played: Sequence[tuple[int, SaintTable]], agents: Sequence[str], hands_only: bool) -> Chunk:
    """The ``Chunk`` of the finished tables ``played`` (pairs of game number and table, in game order): the hands
    table, the rounds table unless ``hands_only``, and the rounds of each game."""
    hands: dict[str, list] = {name: [] for name in COLUMNS}
    rounds: dict[str, list] = {name: [] for name in ROUND_COLUMNS}
    for game, table in played:
        for name, values in hand_rows(table, game, agents).items():
            hands[name].extend(values)
        if not hands_only:
            for name, values in round_rows(table, game).items():
                rounds[name].extend(values)
    tables = {"hands": to_table(hands, COLUMNS)}
    if not hands_only:
        tables["rounds"] = to_table(rounds, ROUND_COLUMNS)
    return Chunk(tables, [len(table.history) for _, table in played])


@dataclass(frozen=True)
class Rounds:
    """Finished rounds of one game, read as ``hand_rows`` and ``round_rows`` read a finished ``SaintTable``:
    ``n_seats`` and ``history`` (``RoundRecord`` list, in order)."""

    n_seats: int
    history: list


def record_chunk(hands, agents: Sequence[str]) -> Chunk:
    """Both tables' rows of finished rounds played elsewhere (a served game), given as (game, round from 0,
    ``RoundRecord``) in order, seated by the labels ``agents`` (the game's ``GameSpec.record``); ``ValueError`` for
    no rounds or a round without one seat per label."""
    played: list[tuple[int, Rounds]] = []
    for game, number, record in hands:
        if len(record.points) != len(agents):
            raise ValueError(f"game {game} round {number + 1} has {len(record.points)} seats, not {len(agents)}")
        if not played or played[-1][0] != game:
            played.append((game, Rounds(len(agents), [])))
        played[-1][1].history.append(record)
    if not played:
        raise ValueError("write_run needs at least one round")
    return tables_chunk(played, agents, hands_only=False)
