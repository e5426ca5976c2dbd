"""Play one whole game of Saint Poker (S1–S8) with one agent per seat: the drivers of its table state.

``play_game`` drives a ``SaintTable`` to its end and returns it (its ``history``: a ``RoundRecord`` per round).
Steps 1 and 2 are one ``sniper.core.table.joint_step`` each: every seat's observation is taken before any agent
is asked, so no agent sees another's pick before all have picked (S9). The ``d``-th decision of a seat in a round
draws from ``SaintTable.stream(seat, d)``.

>>> from sniper.games.saint.levels import make_level
>>> table = play_game(3, seed=1, game=0, agents=[make_level("random")] * 3)
>>> len(table.history), sum(table.returns()), table.hands
(8, 0, [[], [], []])
"""

from collections.abc import Sequence

from sniper.core.errors import AgentError
from sniper.core.table import CHANCE, SIMULTANEOUS, joint_step
from sniper.games.saint.table import DEAL, SaintTable


def play_game(seats: int, seed: int, game: int, agents: Sequence, length: str | None = None) -> SaintTable:
    """Game ``game`` of run ``seed`` at ``seats`` seats, ``agents[s]`` (``act(obs, stream)``) playing seat ``s``;
    returns the finished table. ``length`` is accepted for the 52-card games' signature (S8 fixes 8 rounds).
    ``AgentError`` naming the seat when an agent's action is not legal."""
    table = SaintTable(seats, seed, game)
    decisions: dict[tuple[int, int], int] = {}

    def ask(seat: int, obs, legal) -> int:
        key = (table.round_index, seat)
        decisions[key] = decisions.get(key, -1) + 1
        action = agents[seat].act(obs, table.stream(seat, decisions[key]))
        if action not in legal:
            number = table.round_index + 1
            raise AgentError(f"the agent of seat {seat} chose {action!r} in game {game}, round {number}: not legal")
        return action

    while not table.is_over():
        player = table.current_player()
        if player == CHANCE:
            table.apply(DEAL)
        elif player == SIMULTANEOUS:
            joint_step(table, ask)
        else:
            table.apply(ask(player, table.observe(player), table.legal_actions()))
    return table
