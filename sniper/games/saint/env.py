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

from sniper.core.parallel_env import TableParallelEnv
from sniper.core.registry import get_game
from sniper.games.poker52.cards import DECK_SIZE
from sniper.games.saint.observation import PHASES, SaintObservation
from sniper.games.saint.play import Decisions
from sniper.games.saint.rules import SEATS, TITLE
from sniper.games.saint.table import ACTIONS, SaintTable, pair_action

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


class SaintParallelEnv(TableParallelEnv):
    """One game of Saint Poker per episode as a PettingZoo ``ParallelEnv`` (module docstring;
    ``sniper.core.parallel_env.TableParallelEnv`` plays it).

    ``players``: 2–5 (S1); ``opponents``: level names or agents for the last seats (at least one seat is left to
    the learner). ``ValueError`` for a bad table size, no learner seat or an unknown level.
    """

    metadata = {"name": "saint_poker_v0", "render_modes": ["ansi"], "is_parallelizable": True}

    def __init__(self, players: int = 4, opponents: Sequence | None = None, render_mode: str | None = None) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or players not in SEATS:
            raise ValueError(f"{TITLE} seats 2-5 players (S1), got {players!r}")
        super().__init__(players, opponents, ACTIONS, OBS_SIZE, -1, 512, render_mode)
        self.players = players

    def make_opponent(self, opponent):
        """A level name or agent spec's agent, else ``opponent`` itself if it can play (``GameSpec.agent_of``);
        ``ValueError`` otherwise."""
        refusal = "opponents must be Saint Poker agents (objects with an act(obs, stream) method) or agent specs"
        return get_game("saint").agent_of(opponent, refusal)

    def new_table(self, seed: int, game: int) -> SaintTable:
        """Game ``game`` of run ``seed``; its decisions' streams are ``sniper.games.saint.play.Decisions``'."""
        table = SaintTable(self.players, seed, game)
        self.decisions = Decisions(table)
        return table

    def encode(self, seat: int) -> dict[str, np.ndarray]:
        """``encode`` of ``seat``'s observation (module docstring)."""
        return encode(self.table.observe(seat))

    def opponent_action(self, seat: int, observation, legal) -> int:
        """``seat``'s agent asked with the decision's stream (``Decisions.ask``)."""
        return self.decisions.ask(self.seat_agents, seat, observation, legal)


def parallel_env(players: int = 4, opponents: Sequence | None = None, render_mode: str | None = None):
    """A ``SaintParallelEnv`` (module docstring)."""
    return SaintParallelEnv(players, opponents, render_mode)


__all__ = ["SaintParallelEnv", "encode", "pair_action", "parallel_env"]
