"""The PettingZoo ``ParallelEnv`` scaffolding of a simultaneous game: one game of a table state per episode.

``TableParallelEnv`` is a PettingZoo ``ParallelEnv`` over any ``sniper.core.table.SimultaneousTableState``
(``GameSpec.dynamics == "simultaneous"``), the counterpart of ``sniper.core.env.TableEnv`` (AEC) for games where
seats pick at once. It writes, once for every such game, what does not depend on the game:

- the agents: ``player_<seat>`` for the first seats; the last ``len(opponents)`` seats are played by the game's
  own agents (``make_opponent``), asked by ``opponent_action`` with the decision's random stream, so a seed fixes
  every opponent decision;
- the episode: ``reset(seed=s)`` starts game 0 of run ``s`` (``new_table(s, 0)``), a later ``reset()`` without a
  seed the run's next game; ``CHANCE`` takes its first legal action (the deal, fixed by the seed), opponents play
  their turns, and the env stops where a learner seat has legal actions; the episode ends, every agent
  terminating, when the table is ``TERMINAL``;
- ``step(actions)``: at ``SIMULTANEOUS`` every seat's observation is taken before any pick is asked for and the
  picks applied together (``sniper.core.table.joint_step``: no seat sees another's pick before all have picked);
  at a learner's own turn its action is applied; the actions of learners with no legal action are ignored (their
  mask is all 0). A learner action the mask does not allow raises ``ValueError`` and leaves the table unchanged;
- the rewards, in the game's zero-sum utility: after each step every learner seat receives the change of
  ``table.returns()`` (a points game's ``point_difference``), so an episode's rewards sum to ``returns()``;
- the spaces: a ``Dict`` of ``observation`` (``int16 (obs_size,)`` between ``low`` and ``high``) and
  ``action_mask`` (``int8 (n_actions,)``), and ``Discrete(n_actions)``, the same objects for every agent.

A game's env subclasses it and declares only what is the game's: ``metadata`` (its ``name``), its arguments'
checks before ``super().__init__``, ``new_table``, ``encode`` (a seat's vector and mask from ``table.observe``),
``make_opponent`` and ``opponent_action``. Examples: ``sniper.games.saint.env``, the toy of ``tests/toy_bids.py``.
It needs the ``rl`` extra (``pettingzoo``, ``gymnasium``).
"""

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from sniper.core.table import SIMULTANEOUS, joint_step, play_to_end

__all__ = ["TableParallelEnv"]


class TableParallelEnv(ParallelEnv):
    """One game of a simultaneous ``TableState`` per episode, as a PettingZoo ``ParallelEnv`` (module docstring).

    ``players``: seats at the table (the subclass checks the game's range first); ``opponents``: one entry per
    seat played by the game's agents, the last ``len(opponents)`` seats, each made an agent by ``make_opponent``
    (at least one seat is left to the learner); ``n_actions``, ``obs_size``, ``low``, ``high``: the spaces;
    ``render_mode``: ``None`` or "ansi" (``render`` returns the table as text). ``ValueError`` for no learner
    seat, a bad opponent or an unknown render mode.

    Attributes: ``n_seats``, ``learners`` (the learner seats, ``0 .. learners - 1``), ``seat_agents`` (per seat
    its opponent agent, ``None`` for a learner's), ``table`` (``None`` before the first ``reset``).
    """

    metadata: dict[str, Any] = {"name": "table_parallel_v0", "render_modes": ["ansi"], "is_parallelizable": True}

    def __init__(self, players: int, opponents: Sequence[Any] | None, n_actions: int, obs_size: int, low: int,
                 high: int, render_mode: str | None = None) -> None:  # fmt: skip
        opponents = list(opponents or [])
        if len(opponents) >= players:
            raise ValueError(f"{len(opponents)} opponents leave no seat of {players} to the learner")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.n_seats, self.render_mode = players, render_mode
        self.learners = players - len(opponents)
        self.seat_agents = [None] * self.learners + [self.make_opponent(opponent) for opponent in opponents]
        self.possible_agents = [f"player_{seat}" for seat in range(self.learners)]
        self.agents: list[str] = []
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, (obs_size,), dtype=np.int16),
                "action_mask": spaces.Box(0, 1, (n_actions,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(n_actions)
        self._seed, self._game, self._before = 0, -1, ()
        self.table: Any = None

    # ----- what a game declares -------------------------------------------------------------

    def new_table(self, seed: int, game: int) -> Any:
        """The game's table state for game ``game`` of run ``seed``, before its first deal."""
        raise NotImplementedError

    def encode(self, seat: int) -> dict:
        """``seat``'s observation now: ``observation`` (``int16 (obs_size,)``) and ``action_mask`` (``int8
        (n_actions,)``, 1 for exactly the seat's legal actions), from ``table.observe(seat)``."""
        raise NotImplementedError

    def make_opponent(self, opponent: Any) -> Any:
        """The agent that plays a seat given as ``opponent`` (default: ``opponent`` itself); ``ValueError`` for
        one the game cannot play."""
        return opponent

    def opponent_action(self, seat: int, observation: Any, legal: Sequence[int]) -> int:
        """The action of ``seat``'s agent (``seat_agents[seat]``) for its ``observation`` and ``legal`` actions,
        from the decision's random stream (the game's own drivers' streams)."""
        raise NotImplementedError

    # ----- the PettingZoo API -----------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space, the same object for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        """``Discrete(n_actions)``, the same object for every agent."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None):
        """Start game 0 of run ``seed`` (``None``: the run's next game); returns (observations, infos)."""
        if seed is not None:
            self._seed, self._game = seed, -1
        self._game += 1
        self.table = self.new_table(self._seed, self._game)
        self.agents = list(self.possible_agents)
        self._before = self.table.returns()
        self._advance()
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: Mapping[str, int]):
        """Apply the learner agents' actions (module docstring); returns (observations, rewards, terminations,
        truncations, infos). ``ValueError`` for an action a learner's mask does not allow (the table unchanged)."""
        table = self.table
        player = table.current_player()
        if player == SIMULTANEOUS:
            for seat in range(self.learners):
                if table.legal_actions(seat) and int(actions[f"player_{seat}"]) not in table.legal_actions(seat):
                    raise ValueError(f"action {int(actions[f'player_{seat}'])} is not legal for player_{seat} now")
            joint_step(table, lambda seat, obs, legal: self._choose(actions, seat, obs, legal))
        elif 0 <= player < self.learners:
            action = int(actions[f"player_{player}"])
            if action not in table.legal_actions():
                raise ValueError(f"action {action} is not legal for player_{player} now")
            table.apply(action)
        self._advance()
        after = table.returns()
        rewards = {f"player_{s}": float(after[s] - self._before[s]) for s in range(self.learners)}
        self._before = after
        over = table.is_over()
        observations = self._observations()
        terminations = {agent: over for agent in self.agents}
        truncations = {agent: False for agent in self.agents}
        infos = {agent: {} for agent in self.agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``)."""
        return None if self.render_mode is None else repr(self.table)

    def close(self) -> None:
        """Nothing to release."""

    # ----- the loop ---------------------------------------------------------------------------

    def _choose(self, actions: Mapping[str, int], seat: int, observation: Any, legal: Sequence[int]) -> int:
        """A picking seat's action in a joint step: the learner's, else its agent's."""
        if seat < self.learners:
            return int(actions[f"player_{seat}"])
        return self.opponent_action(seat, observation, legal)

    def _observations(self) -> dict:
        return {f"player_{seat}": self.encode(seat) for seat in range(self.learners)}

    def _advance(self) -> None:
        """Deal at ``CHANCE``, play the opponents' own turns and the joint steps no learner picks in, until a
        learner seat has legal actions or the game is over."""
        play_to_end(self.table, self.opponent_action, self._learner_acts)

    def _learner_acts(self, table: Any) -> bool:
        """Whether a learner seat has legal actions now (its own turn, or a joint step it picks in)."""
        player = table.current_player()
        if player == SIMULTANEOUS:
            return any(table.legal_actions(seat) for seat in range(self.learners))
        return 0 <= player < self.learners
