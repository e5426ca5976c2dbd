"""Play one whole game of Saint Poker (S1–S8) with one agent per seat: the drivers of its table state.

``play_game`` drives a ``SaintTable`` to its end (``sniper.core.table.play_to_end``) and returns it (its ``history``:
a ``RoundRecord`` per round). Steps 1 and 2 are one ``sniper.core.table.joint_step`` each: every seat's observation
is taken before any agent is asked, so no agent sees another's pick before all have picked (S9). The ``d``-th
decision of a seat in a round draws from ``SaintTable.stream(seat, d)`` (``Decisions``, shared with the env).

>>> from sniper.games.saint.levels import make_level
>>> table = play_game(3, seed=1, game=0, agents=[make_level("random")] * 3)
>>> len(table.history), sum(table.returns()), table.hands
(8, 0, [[], [], []])
"""

from collections.abc import Sequence

from sniper.core.rng import Stream
from sniper.core.table import agent_where, ask_agent, play_to_end
from sniper.games.saint.table import SaintTable


class Decisions:
    """The random stream of each decision of ``table``'s seats: the ``d``-th decision (from 0) of a seat in a round
    draws from ``table.stream(seat, d)``; ``ask(agents, seat, obs, legal)`` asks ``agents[seat]`` and checks its
    action (``AgentError`` naming the agent, the seat, the game and the round when it fails or is not legal)."""

    def __init__(self, table: SaintTable) -> None:
        self.table = table
        self.counts: dict[tuple[int, int], int] = {}

    def stream(self, seat: int) -> Stream:
        """The stream of ``seat``'s next decision of the current round."""
        key = (self.table.round_index, seat)
        self.counts[key] = self.counts.get(key, -1) + 1
        return self.table.stream(seat, self.counts[key])

    def ask(self, agents: Sequence, seat: int, obs, legal: Sequence[int]) -> int:
        """``agents[seat].act(obs, stream)``, checked against ``legal`` (``sniper.core.table.ask_agent``:
        ``AgentError`` naming the agent, the seat, the game and the round, from 0, when it raises or its action is
        not legal)."""
        where = agent_where(agents[seat], seat, self.table.game, self.table.round_index, "round")
        return ask_agent(agents[seat], "act", obs, self.stream(seat), legal, where)


def play_game(seats: int, seed: int, game: int, agents: Sequence, length: str | None = None) -> SaintTable:
    """Game ``game`` of run ``seed`` at ``seats`` seats, ``agents[s]`` (``act(obs, stream)``) playing seat ``s``;
    returns the finished table. ``length`` is accepted for the 52-card games' signature (S8 fixes 8 rounds).
    ``AgentError`` naming the seat when an agent's action is not legal."""
    table = SaintTable(seats, seed, game)
    decisions = Decisions(table)
    return play_to_end(table, lambda seat, obs, legal: decisions.ask(agents, seat, obs, legal))
