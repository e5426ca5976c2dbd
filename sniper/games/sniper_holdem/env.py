"""A PettingZoo AEC environment: Sniper Hold'em for reinforcement learning (R2–R10, R13).

``env(players=4, opponents=None, rules="ours", game_length="20")`` is one game (R9) per episode,
in PettingZoo's agent-environment-cycle API (as its classic card games are served): one agent
``player_<seat>`` per seat the learner controls; the other seats are filled with this project's
levels (``opponents``: agent specs for the last seats, e.g. ``["easy", "hard"]``, or agent objects with
``act`` and ``snipe``, as in every game's env), which play with the same random streams as in a run (R13).

Actions (``Discrete(68)``): the flat numbering of Sniper Hold'em's table state
(``sniper.games.sniper_holdem.table``): 0–6 the betting actions of R6 (``kernels.sniper_holdem.codes.Act``: fold,
check, call, +1, +3, +5, all-in), 7 pass in the snipe round, ``8 + code`` name snipe ``code`` (0..59,
R7). The game is the table state's (``GameSpec.new_table``): the env only asks its opponent levels
and the learner for the seats' decisions. The agents, episodes, rewards and spaces are the scaffolding
every game's env shares (``sniper.core.env.TableEnv``); this module declares the encoding and the
actions. The observation is a dict: ``action_mask`` (``int8 (68,)``, 1 = legal now) and
``observation`` (``int16 (42,)``, what R10 lets the seat see), laid out as ``OBS_FIELDS``:
the round (1, 2, 3 = snipe round, 0 = not this seat's turn or the hand is over), the seat, the
first player, its two private cards, the four community cards (0 while face down), the cap, the
pot, the chips it owes, then six entries each (seat order, padded to 6 seats) for stacks before
the ante, chips committed this hand, chips put in this round, folded-or-out (1/0) and the snipe
each seat made this hand (-2 none yet, -1 pass, else the code).

Rewards: at the end of each hand every learner seat receives its net chips for that hand (payout
minus chips put in; 0 for a seat not dealt in), so an episode's rewards sum to the seat's final
stack minus the starting stack. The episode ends (all agents terminate) when the game ends (R9).
``hands`` lists the game's finished hands (``sniper.games.sniper_holdem.engine.HandState``;
``sniper.games.sniper_holdem.results.hand_rows``
makes them the hands table of a run): the hands ``sniper.games.sniper_holdem.play.play_game`` plays for the same seed
and decisions. ``reset(seed=s)`` starts game 0 of run ``s``; a later ``reset()`` without a seed
plays the next game of the same run, so a seed fixes every deal and every opponent decision.
"""

import numpy as np

from kernels.sniper_holdem.codes import N_SNIPES
from sniper.core.env import TableEnv, wrap
from sniper.core.registry import get_game
from sniper.games.sniper_holdem.engine import HandState, Phase
from sniper.games.sniper_holdem.observation import Observation
from sniper.games.sniper_holdem.play import seat_action
from sniper.games.sniper_holdem.rules import (
    N_SEAT_ACTIONS,
    PASS_ACTION,
    SNIPE_ACTION,  # noqa: F401  (the env's action of snipe 0, as before)
    make_rules,
)

MAX_SEATS = get_game("sniper").max_seats
"""Seats the observation vector has room for: the most of Sniper Hold'em (``GameSpec.seats``, R2)."""
N_ENV_ACTIONS = N_SEAT_ACTIONS
"""The env's actions: a seat's flat actions of the table state (``PASS_ACTION``, ``SNIPE_ACTION``:
``sniper.games.sniper_holdem.rules``)."""
OBS_FIELDS = (
    ("round", 1),
    ("seat", 1),
    ("first", 1),
    ("private", 2),
    ("board", 4),
    ("cap", 1),
    ("pot", 1),
    ("owed", 1),
    ("stacks", MAX_SEATS),
    ("committed", MAX_SEATS),
    ("round_put", MAX_SEATS),
    ("folded", MAX_SEATS),
    ("snipes", MAX_SEATS),
)
"""The observation vector's fields and their lengths, in order (module docstring)."""
OBS_SIZE = sum(length for _, length in OBS_FIELDS)
NO_SNIPE = -2


def seat_observation(state: HandState, seat: int) -> dict:
    """What ``seat`` sees of ``state`` as the env's observation (module docstring): ``observation``
    (``int16 (42,)``, laid out as ``OBS_FIELDS``) and ``action_mask`` (``int8 (68,)``).

    Built from ``sniper.games.sniper_holdem.observation.Observation.of`` (R10: own cards, face-up board, public
    history) and whose turn it is; a seat not dealt in shows private cards 0 0."""
    seen = Observation.of(state, seat)
    pad = MAX_SEATS - state.n_seats
    snipes = [NO_SNIPE] * MAX_SEATS
    for record in seen.snipes:
        snipes[record.seat] = record.code
    turn = state.actor if state.phase != Phase.SNIPE else state.sniper
    acting = state.phase != Phase.DONE and turn == seat
    private = seen.private or (0, 0)
    board = [*seen.board, *[0] * (4 - len(seen.board))]
    values = [seen.round if acting else 0, seat, seen.first, *private, *board, seen.cap, seen.pot, seen.owed]
    values += [*seen.stacks, *[0] * pad, *seen.committed, *[0] * pad, *seen.round_put, *[0] * pad]
    values += [*(int(f) for f in seen.folded), *[1] * pad, *snipes]
    mask = np.zeros(N_ENV_ACTIONS, np.int8)
    if acting and state.phase == Phase.SNIPE:
        mask[PASS_ACTION:] = 1
    elif acting:
        mask[list(seen.legal)] = 1
    return {"observation": np.array(values, np.int16), "action_mask": mask}


def env(players: int = 4, opponents=None, rules: str = "ours", game_length: str = "20", render_mode=None):
    """The environment wrapped as PettingZoo's classic games are (``sniper.core.env.wrap``): an illegal
    action ends the game with reward -1 for the seat that made it, actions are bounds-checked, and the
    API order (reset first) is enforced. Arguments as ``raw_env``."""
    return wrap(raw_env(players, opponents, rules, game_length, render_mode))


class raw_env(TableEnv):  # noqa: N801 - PettingZoo's naming convention
    """Sniper Hold'em as an AEC environment (module docstring) on the shared scaffolding
    (``sniper.core.env.TableEnv``: agents, episodes, rewards, spaces).

    ``players``: seats at the table, a seat count of the game (``GameSpec.seats``: 2–6, R2);
    ``opponents``: specs (``sniper.games.sniper_holdem.parameters``) or agent objects of the last ``len(opponents)``
    seats (``TableEnv.make_opponent``; at least one seat must be left to the learner); ``rules``: "ours" or "show"
    (R12); ``game_length``: "10", "20" or "bust" (R9); ``render_mode``: ``None``, "ansi" (``render`` returns text)
    or "human" (prints it). Raises ``ValueError`` for invalid arguments.
    """

    metadata = {"name": "sniper_holdem_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}
    GAME = "sniper"
    OPPONENTS = "Sniper Hold'em agents (objects with act(obs, stream) and snipe(obs, stream)) or agent specs"

    def __init__(
        self, players: int = 4, opponents=None, rules: str = "ours", game_length: str = "20", render_mode=None
    ):
        get_game("sniper").check_seats(players, "players")
        self.rules = make_rules(rules, str(game_length))
        high = max(players * self.rules.starting_stack, N_SNIPES)
        super().__init__(players, opponents, N_ENV_ACTIONS, OBS_SIZE, NO_SNIPE, high, render_mode)

    @property
    def hands(self) -> list[HandState]:
        """The current game's finished hands (the table state's; empty before the first ``reset``)."""
        return [] if self.table is None else self.table.hands

    def new_table(self, seed: int, game: int):
        """Game ``game`` of run ``seed``: the table state of the game's spec (``GameSpec.new_table``)."""
        return get_game("sniper").new_table(self.n_seats, self.rules, seed, game)

    def opponent_action(self, seat: int, obs, legal: tuple[int, ...]) -> int:
        """The seat's level decides through ``seat_action`` (its betting action or snipe, R6, R7)."""
        return seat_action(self.table, self.bots[seat], obs)

    def encode(self, seat: int) -> dict:
        """The seat's observation and action mask now (module docstring, ``seat_observation``)."""
        return seat_observation(self.table.hand, seat)

    def render_text(self) -> str:
        """The current hand: board so far, pot, stacks, commitments and phase."""
        state = self.table.hand
        return (
            f"game {self._game} hand {self.table.hand_index}: board {state.board[: state.visible]}, pot {state.pot}, "
            f"stacks {list(state.stacks)}, committed {state.committed}, phase {state.phase.name}"
        )

    @property
    def _stacks(self) -> list[int]:
        """Every seat's chips between hands (the table state's)."""
        return self.table.stacks
