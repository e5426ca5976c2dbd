"""The PettingZoo AEC scaffolding every game's environment shares: one game of a table state per episode.

``TableEnv`` is a PettingZoo ``AECEnv`` (the agent-environment-cycle API, as PettingZoo serves its
classic card games) over any game's ``sniper.core.table.TableState``. It writes, once for every game,
what does not depend on the game:

- the agents: ``player_<seat>`` for each seat the learner controls (the first ones); the last
  ``len(opponents)`` seats are played by the game's own agents, each asked with the decision's random
  stream (``opponent_action``), so a seed fixes every opponent decision;
- the episode: ``reset(seed=s)`` starts game 0 of run ``s`` (``new_table(s, 0)``), a later ``reset()``
  without a seed the run's next game; the table is dealt (its one ``CHANCE`` action) and the opponents
  play until a learner seat is to act; the episode ends, every agent terminating, when the table is
  ``TERMINAL``;
- the rewards, in chips: whenever a hand ends, each learner seat receives what it won or lost in it
  (the change of ``table.returns()``; 0 for a seat not dealt in), so an episode's rewards sum to the
  seat's final stack less its starting stack;
- the spaces: ``observation_space(agent)`` is one ``Dict`` of ``observation`` (``int16 (obs_size,)``,
  between ``low`` and ``high``) and ``action_mask`` (``int8 (n_actions,)``, 1 = legal now), and
  ``action_space(agent)`` one ``Discrete(n_actions)``, the same objects for every agent and call;
- ``step``, ``observe``, ``render``, ``close``, and ``wrap`` (PettingZoo's classic wrappers).

A game's env subclasses it and declares only what is the game's: ``metadata`` (its ``name`` and
``render_modes``), its arguments' checks before ``super().__init__``, ``new_table`` (its table state),
``encode`` (its observation vector and action mask), and where it differs from the defaults,
``make_opponent`` (an opponent argument as an agent; by default the game's ``GameSpec.agent_of``: a spec or an
agent object, alike in every game), ``table_action`` (an env action as the table's
flat action), ``opponent_action`` and ``render_text``. It needs the ``rl`` extra (``pettingzoo``,
``gymnasium``).
"""

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from sniper.core.registry import get_game
from sniper.core.table import TableState, play_to_end

__all__ = ["TableEnv", "wrap"]


def wrap(raw: AECEnv) -> AECEnv:
    """``raw`` wrapped as PettingZoo's classic games are: an illegal action (one the action mask does
    not allow) ends the game with reward -1 for the seat that made it, actions are bounds-checked, and
    the API order (reset first) is enforced."""
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class TableEnv(AECEnv):
    """One game of a ``TableState`` per episode, as a PettingZoo AEC environment (module docstring).

    ``players``: seats at the table (the subclass checks the game's range first); ``opponents``: one
    entry per seat played by the game's agents, the last ``len(opponents)`` seats, each made an agent by
    ``make_opponent`` (at least one seat must be left to the learner); ``n_actions``: the env's actions;
    ``obs_size``, ``low``, ``high``: the observation vector's length and bounds; ``render_mode``:
    ``None`` or one of ``metadata["render_modes"]`` ("ansi": ``render`` returns text, "human": prints
    it). ``ValueError`` for no learner seat, a bad opponent (``make_opponent``) or an unknown render mode.

    Attributes: ``n_seats``, ``bots`` (seat → agent), ``agent_seat`` (agent name → seat), ``table``
    (the current game's table state, ``None`` before the first ``reset``).
    """

    metadata: dict[str, Any] = {"name": "table_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}
    GAME = ""
    """The registry name of the env's game (``sniper.core.registry.get_game``), whose agents play the opponents."""
    OPPONENTS = "agents of the game (objects with an act(obs, stream) method) or agent specs such as 'easy'"
    """What ``opponents`` may hold, for the refusal of another object."""

    def __init__(
        self,
        players: int,
        opponents: Sequence[Any] | None,
        n_actions: int,
        obs_size: int,
        low: int,
        high: int,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        opponents = list(opponents or [])
        if len(opponents) >= players:
            raise ValueError(f"{len(opponents)} opponents leave no seat of {players} to the learner")
        bots = [self.make_opponent(opponent) for opponent in opponents]
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"unknown render mode {render_mode!r}; valid: {', '.join(self.metadata['render_modes'])}")
        self.n_seats, self.render_mode = players, render_mode
        learners = players - len(bots)
        self.bots = {learners + i: bot for i, bot in enumerate(bots)}
        self.possible_agents = [f"player_{seat}" for seat in range(learners)]
        self.agent_seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=low, high=high, shape=(obs_size,), dtype=np.int16),
                "action_mask": spaces.Box(low=0, high=1, shape=(n_actions,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(n_actions)
        self._seed, self._game = 0, -1
        self._returns: tuple[int, ...] = ()
        self.table: TableState | None = None

    # ----- what a game declares -------------------------------------------------------------

    def new_table(self, seed: int, game: int) -> TableState:
        """The game's table state for game ``game`` of run ``seed``, before its first deal."""
        raise NotImplementedError

    def encode(self, seat: int) -> dict:
        """``seat``'s observation now: ``observation`` (``int16 (obs_size,)``) and ``action_mask``
        (``int8 (n_actions,)``, all 0 when the seat is not to act), from ``table.observe(seat)``."""
        raise NotImplementedError

    def make_opponent(self, opponent: Any) -> Any:
        """The agent that plays a seat given as ``opponent``, alike in every game (``GameSpec.agent_of`` of
        ``GAME``): an agent spec (a level name such as "easy", ``LEVEL:NAME=VALUE,…``, an outside agent's
        ``module:ClassName``) as the agent it names, an object with the game's agent methods as itself;
        ``ValueError`` for a bad spec or another object (``"opponents must be " + OPPONENTS``)."""
        return get_game(self.GAME).agent_of(opponent, f"opponents must be {self.OPPONENTS}")

    def table_action(self, seat: int, action: int) -> int:
        """The table's flat action of env ``action`` for ``seat`` (default: the same number, the table
        refusing an illegal one with ``ValueError``)."""
        return action

    def opponent_action(self, seat: int, obs: Any, legal: tuple[int, ...]) -> int:
        """The table's flat action ``seat``'s agent chooses, given its observation ``obs`` (``table.observe(seat)``)
        and the legal actions (default: ``act(obs, table.stream())`` returns the table's flat action, the table a
        ``sniper.core.table.HandTableState``)."""
        return self.bots[seat].act(obs, self.table.stream())

    def render_text(self) -> str:
        """The current hand as one line of text, for ``render``."""
        return f"game {self._game}: {self.table!r}"

    # ----- the PettingZoo API -----------------------------------------------------------------

    def observation_space(self, agent):
        """The same ``Dict`` space object for every agent and call."""
        return self._observation_space

    def action_space(self, agent):
        """The same ``Discrete(n_actions)`` object for every agent and call."""
        return self._action_space

    def reset(self, seed=None, options=None):
        """Start a game: game 0 of run ``seed`` when a seed is given, else the run's next game."""
        if seed is not None:
            self._seed, self._game = int(seed), 0
        else:
            self._game += 1
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.table = self.new_table(self._seed, self._game)
        self._returns = tuple(self.table.returns())
        self._run_until_learner()
        self._accumulate_rewards()

    def step(self, action):
        """Apply the selected agent's env ``action`` (``table_action``), then let the opponents play
        until a learner seat must act or the game ends. ``ValueError`` (one line, from
        ``table_action`` or the table) for an action that is not legal now; nothing changes then."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        self.table.apply(self.table_action(self.agent_seat[agent], int(action)))
        self._collect_rewards()
        self._run_until_learner()
        self._accumulate_rewards()

    def observe(self, agent):
        """The agent's observation and action mask now (``encode`` of its seat)."""
        return self.encode(self.agent_seat[agent])

    def render(self):
        """The current hand as text (``render_text``): "ansi" returns it, "human" prints it."""
        if self.render_mode is None:
            return None
        text = self.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        """Nothing to release."""

    # ----- internals ----------------------------------------------------------------------

    def _collect_rewards(self) -> None:
        """Add to each learner seat's reward what it won or lost since the last look (a hand's net chips
        when one has just ended, else nothing)."""
        now = tuple(self.table.returns())
        for agent in self.agents:
            seat = self.agent_seat[agent]
            self.rewards[agent] += now[seat] - self._returns[seat]
        self._returns = now

    def _run_until_learner(self) -> None:
        """Deal and play opponent turns until a learner seat acts or the game ends (the table's flow, driven by
        ``sniper.core.table.play_to_end``), collecting the rewards after each step."""
        play_to_end(self.table, self.opponent_action, self._learner_turn)
        self._collect_rewards()
        if self.table.is_over():
            self.terminations = {agent: True for agent in self.agents}
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.table.current_player()]

    def _learner_turn(self, table: TableState) -> bool:
        """Whether a learner seat is to act now (the rewards collected first: ``play_to_end`` asks after every step)."""
        self._collect_rewards()
        seat = table.current_player()
        return seat >= 0 and seat not in self.bots
