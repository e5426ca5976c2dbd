"""A PettingZoo ``ParallelEnv``: Saint Poker for reinforcement learning, every seat picking at once (GAMES.md S1–S10).

``parallel_env(players=4, opponents=None)`` is one game (8 rounds, S8) per episode on a
``sniper.games.saint.table.SaintTable``. The learner's agents are ``player_<seat>`` for the first seats; the last
``len(opponents)`` seats are played by Saint Poker agents (level names such as ``"easy"``, or objects with
``act(obs, stream)``), with the streams of ``sniper.games.saint.play.play_game`` (``Decisions``). The table plays
the game; its ``observe`` is the one place S10 is decided, and this env only encodes that observation.

**Steps.** At steps 1 and 2 (S3, S4) every learner agent gives its pick in one ``step`` and the opponents pick from
observations taken before it (S9): nobody sees a pick before all have picked. In step 3 (S6, one seat at a time)
only the seat to take has legal actions; the others' actions are ignored (their mask is all 0). Opponents' turns
are played inside ``step`` until a learner seat must act.

**Actions** (``Discrete(ACTIONS)``, 1378): the table's own numbering, a card 0–51 (step 1's pick, step 3's
take-back) or ``52 + pair_index(a, b)`` (step 2's two cards). ``action_mask`` (``int8 (1378,)``) is 1 for exactly
the seat's legal actions now. On this raw env a learner action the mask does not allow raises ``ValueError``.

**Observation**: a dict of ``action_mask`` and ``observation`` (``int16 (OBS_SIZE,)``, laid out as ``OBS_FIELDS``):
52-card 0/1 planes of the seat's hand, the current river, the future river, the pool of step 3 and every card it
has seen; per seat (padded to five), planes of its revealed pair and of the cards it took back and still holds
(public, S10); then the round, the phase (``PHASES`` index), the seat, the table size, the hand size, whether
it acts now, and per seat the scores and this round's points (-1 before the score). Never another seat's hand.

**Rewards**, in the game's zero-sum utility: after each round's score every learner seat receives its
``point_difference`` for that round (``seats * points - the round's points``), so an episode's rewards sum to
``SaintTable.returns()``.

>>> env = parallel_env(players=3, opponents=["easy"])
>>> observations, infos = env.reset(seed=1)
>>> sorted(observations), observations["player_0"]["observation"].shape
(['player_0', 'player_1'], (796,))
"""

from collections.abc import Sequence

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from sniper.core.registry import get_game
from sniper.core.table import CHANCE, SIMULTANEOUS, play_to_end
from sniper.games.poker52 import DECK_SIZE
from sniper.games.saint.observation import PHASES, SaintObservation
from sniper.games.saint.play import Decisions
from sniper.games.saint.rules import SEATS, TITLE
from sniper.games.saint.table import ACTIONS, DEAL, SaintTable, pair_action

MAX_SEATS = SEATS.stop - 1
"""Per-seat fields are padded to the largest table (S1: 5)."""
OBS_FIELDS = (
    ("hand", DECK_SIZE),
    ("river", DECK_SIZE),
    ("future", DECK_SIZE),
    ("pool", DECK_SIZE),
    ("seen", DECK_SIZE),
    ("pairs", MAX_SEATS * DECK_SIZE),
    ("known", MAX_SEATS * DECK_SIZE),
    ("round", 1),
    ("phase", 1),
    ("seat", 1),
    ("seats", 1),
    ("hand_size", 1),
    ("acting", 1),
    ("scores", MAX_SEATS),
    ("points", MAX_SEATS),
)
"""The observation vector's fields, in order, and their lengths."""
OBS_SIZE = sum(size for _, size in OBS_FIELDS)
"""The observation vector's length (796)."""


def encode(obs: SaintObservation) -> dict[str, np.ndarray]:
    """The env's observation of ``obs`` (module docstring): ``{"observation": int16 (OBS_SIZE,), "action_mask":
    int8 (ACTIONS,)}``."""
    vector = np.zeros(OBS_SIZE, dtype=np.int16)
    at = dict(zip((name for name, _ in OBS_FIELDS), np.cumsum([0, *(size for _, size in OBS_FIELDS)])))
    for name in ("hand", "river", "future", "pool", "seen"):
        vector[at[name] + np.array(sorted(getattr(obs, name)), dtype=np.int64)] = 1
    for seat in range(obs.seats):
        if obs.pairs[seat] is not None:
            vector[at["pairs"] + seat * DECK_SIZE + np.array(obs.pairs[seat])] = 1
        vector[at["known"] + seat * DECK_SIZE + np.array(sorted(obs.known[seat]), dtype=np.int64)] = 1
    scalars = (obs.round, PHASES.index(obs.phase), obs.seat, obs.seats, obs.hand_size, bool(obs.legal))
    vector[at["round"] : at["round"] + len(scalars)] = scalars
    vector[at["scores"] : at["scores"] + obs.seats] = obs.scores
    vector[at["points"] : at["points"] + MAX_SEATS] = -1
    if obs.points is not None:
        vector[at["points"] : at["points"] + obs.seats] = obs.points
    mask = np.zeros(ACTIONS, dtype=np.int8)
    mask[list(obs.legal)] = 1
    return {"observation": vector, "action_mask": mask}


class SaintParallelEnv(ParallelEnv):
    """One game of Saint Poker per episode as a PettingZoo ``ParallelEnv`` (module docstring).

    ``players``: 2–5 (S1); ``opponents``: level names or agents for the last seats (at least one seat is left to
    the learner). ``ValueError`` for a bad table size, no learner seat or an unknown level.
    """

    metadata = {"name": "saint_poker_v0", "render_modes": ["ansi"], "is_parallelizable": True}

    def __init__(self, players: int = 4, opponents: Sequence | None = None, render_mode: str | None = None) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or players not in SEATS:
            raise ValueError(f"{TITLE} seats 2-5 players (S1), got {players!r}")
        opponents = list(opponents or [])
        if len(opponents) >= players:
            raise ValueError(f"{len(opponents)} opponents leave no seat of {players} to the learner")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.players, self.render_mode = players, render_mode
        self.learners = players - len(opponents)
        refusal = "opponents must be Saint Poker agents (objects with an act(obs, stream) method) or agent specs"
        self.seat_agents = [None] * self.learners + [get_game("saint").agent_of(o, refusal) for o in opponents]
        self.possible_agents = [f"player_{seat}" for seat in range(self.learners)]
        self.agents: list[str] = []
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-1, 512, (OBS_SIZE,), dtype=np.int16),
            "action_mask": spaces.Box(0, 1, (ACTIONS,), dtype=np.int8),
        })  # fmt: skip
        self._action_space = spaces.Discrete(ACTIONS)
        self.seed, self.game, self.table = 0, -1, None

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space, the same object for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        """``Discrete(ACTIONS)``, the same object for every agent."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None):
        """Start game 0 of run ``seed`` (``None``: the run's next game); returns (observations, infos)."""
        if seed is not None:
            self.seed, self.game = seed, -1
        self.game += 1
        self.table = SaintTable(self.players, self.seed, self.game)
        self.decisions = Decisions(self.table)
        self.table.apply(DEAL)
        self.agents = list(self.possible_agents)
        self._before = self.table.returns()
        self._advance()
        return self._observations(), {agent: {} for agent in self.agents}

    def _observations(self) -> dict:
        return {f"player_{s}": encode(self.table.observe(s)) for s in range(self.learners)}

    def _advance(self) -> None:
        """Play the opponents' take-back turns until a learner seat acts, a simultaneous step or the end."""
        play_to_end(
            self.table,
            lambda seat, obs, legal: self.decisions.ask(self.seat_agents, seat, obs, legal),
            lambda table: table.current_player() < self.learners,
        )

    def step(self, actions: dict):
        """Apply the learner agents' actions (module docstring); returns (observations, rewards, terminations,
        truncations, infos). ``ValueError`` for an action the seat's mask does not allow."""
        table = self.table
        player = table.current_player()
        if player == SIMULTANEOUS:
            seen = {s: (table.observe(s), table.legal_actions(s)) for s in range(self.players)}
            picks = {}
            for seat in range(self.players):
                if seat < self.learners:
                    picks[seat] = int(actions[f"player_{seat}"])
                    if picks[seat] not in seen[seat][1]:
                        raise ValueError(f"action {picks[seat]} is not legal for player_{seat} now")
                else:
                    picks[seat] = self.decisions.ask(self.seat_agents, seat, *seen[seat])
            table.apply_actions(picks)
        elif player not in (CHANCE,) and player >= 0:
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


def parallel_env(players: int = 4, opponents: Sequence | None = None, render_mode: str | None = None):
    """A ``SaintParallelEnv`` (module docstring)."""
    return SaintParallelEnv(players, opponents, render_mode)


__all__ = ["SaintParallelEnv", "encode", "pair_action", "parallel_env"]
