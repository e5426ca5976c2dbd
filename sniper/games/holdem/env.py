"""A PettingZoo AEC environment: no-limit Hold'em for reinforcement learning (GAMES.md H1–H11).

``env(players=6, opponents=None, game_length="100")`` is one game (H10) per episode on a
``sniper.games.holdem.table.HoldemTable``, in PettingZoo's agent-environment-cycle API (as its
classic card games are served): one agent ``player_<seat>`` per seat the learner controls; the
last ``len(opponents)`` seats are played by Hold'em agents (``sniper.games.holdem.agents``, e.g.
``RandomAgent()``, or agent specs such as ``"easy"``), with the same random streams as in a run
(``HoldemTable.stream``). The table plays the game; its ``observe`` is the one place H11 is decided and
this env only encodes that observation (``encode``). The agents, episodes, rewards and spaces are the
scaffolding it shares with the other games' envs (``sniper.games.poker52.env.PokerKitEnv``, on
``sniper.core.env.TableEnv``).

**Actions** (``Discrete(N_ACTIONS)``, 8): 0 fold, 1 check or call, then one per entry of
``BET_SIZES``: 2 min-raise, 3 half pot, 4 three quarters of the pot, 5 pot, 6 twice the pot,
7 all-in. A bet size is a raise *to* (the seat's total bet of the round, H5): with ``top`` the
largest bet of the round, ``owed = top - bets[seat]`` and ``middle = pot + sum(bets)``, a raise of
fraction ``f`` of the pot is to ``top + floor((middle + owed) * f)`` (the pot a call would make:
the usual "pot-sized raise", as ``agents.raise_menu``), clipped to the legal ``[min_raise_to,
max_raise_to]``; min-raise is ``min_raise_to`` and all-in ``max_raise_to`` (H5, H6). The mask
(``action_mask``) marks fold only when the seat owes chips, check/call whenever it is to act, and
every bet size whenever a bet or raise is legal (two sizes may clip to the same amount), also the
1-chip all-in bet of a seat with 1 chip behind (H5: every size is then that bet, the table's
``ALL_IN_1``); nothing when it is not to act. ``table_action`` maps an env action to the table's
flat action (``sniper.games.holdem.engine.bet_action`` of the size's amount).

**Observation**: a dict of ``action_mask`` (``int8 (8,)``) and ``observation`` (``int16 (149,)``),
laid out as ``OBS_FIELDS``: the seat's two private cards and the board as 52-card 0/1 planes
(``sniper.games.poker52.cards`` numbering), whether it is to act, the street (0–3), its seat, the table
size, the button, the pot (earlier rounds), the chips it owes, the smallest and largest raise-to
(0 when no raise is legal), then nine entries each (seat order, padded to 9 seats with 0) for
stacks, this round's bets, in the hand (1/0) and the bets and raises each seat has made this hand
(from the public history). Chips are integers (at most ``MAX_CHIPS``).

**Rewards**, in chips: at the end of each hand every learner seat receives its net chips for that
hand (``HoldemHand.winnings``: 0 for a seat not dealt in), so an episode's rewards sum to the seat's
final stack less ``STARTING_STACK`` (divide by ``BIG_BLIND`` for big blinds). The episode ends
(every agent terminates) when the game ends (H10); a learner seat that busts is never selected
again before that. ``reset(seed=s)`` starts game 0 of run ``s``; a later ``reset()`` without a
seed plays the run's next game, so a seed fixes every deal and every opponent decision.

>>> game = env(players=3)
>>> game.reset(seed=1)
>>> obs, reward, terminated, truncated, info = game.last()
>>> game.agent_selection, obs["observation"].shape, obs["action_mask"].tolist()
('player_0', (149,), [1, 1, 1, 1, 1, 1, 1, 1])
>>> game.step(5)  # a pot-sized raise: to 7 chips
>>> game.unwrapped.table.hand.actions[-1].to
7
"""

from collections.abc import Sequence

import numpy as np

from sniper.core.env import wrap
from sniper.games.holdem.agents import HoldemAgent
from sniper.games.holdem.engine import CHECK_CALL, FOLD, bet_action
from sniper.games.holdem.observation import HoldemObservation
from sniper.games.holdem.rules import DEFAULT_LENGTH, MAX_CHIPS, SEATS
from sniper.games.holdem.table import HoldemTable
from sniper.games.poker52.cards import DECK_SIZE, text
from sniper.games.poker52.env import SEAT_FIELDS, TABLE_FIELDS, PokerKitEnv, seat_values, table_values

MAX_SEATS = max(SEATS)
"""Seats the observation vector has room for: the most of Hold'em (H1)."""
BET_SIZES = ("min raise", "1/2 pot", "3/4 pot", "pot", "2x pot", "all-in")
"""The env's bet sizes, actions 2, 3, … in this order (module docstring)."""
POT_FRACTIONS = {"1/2 pot": (1, 2), "3/4 pot": (3, 4), "pot": (1, 1), "2x pot": (2, 1)}
"""Bet sizes that are a fraction ``numerator / denominator`` of the pot (module docstring)."""
FIRST_BET = 2
"""The env action of ``BET_SIZES[0]``; fold and check/call are 0 and 1 (the table's ``FOLD``, ``CHECK_CALL``)."""
N_ACTIONS = FIRST_BET + len(BET_SIZES)
"""The env's actions: fold, check/call and the bet sizes."""
OBS_FIELDS = (
    ("hole", DECK_SIZE),
    ("board", DECK_SIZE),
    *((name, 1) for name in TABLE_FIELDS),
    ("min_raise_to", 1),
    ("max_raise_to", 1),
    *((name, MAX_SEATS) for name in SEAT_FIELDS),
    ("raises", MAX_SEATS),
)
"""The observation vector's fields and their lengths, in order (module docstring)."""
OBS_SIZE = sum(length for _, length in OBS_FIELDS)
"""Entries of the observation vector (149)."""


def raise_to(obs: HoldemObservation, size: str) -> int:
    """The raise-to amount (chips) of bet size ``size`` (one of ``BET_SIZES``) for the acting seat of
    ``obs``, clipped to ``[min_raise_to, max_raise_to]`` (module docstring). ``ValueError`` when no
    bet or raise is legal or for an unknown size."""
    low, high = obs.min_raise_to, obs.max_raise_to
    if low is None or high is None:
        raise ValueError("no bet or raise is legal")
    if size == "min raise":
        return low
    if size == "all-in":
        return high
    if size not in POT_FRACTIONS:
        raise ValueError(f"unknown bet size {size!r}; sizes: {', '.join(BET_SIZES)}")
    numerator, denominator = POT_FRACTIONS[size]
    top = max(obs.bets)
    owed = top - obs.bets[obs.seat]
    return min(max(top + (obs.pot + sum(obs.bets) + owed) * numerator // denominator, low), high)


def action_mask(obs: HoldemObservation) -> np.ndarray:
    """``int8 (N_ACTIONS,)``: 1 for each env action legal for the seat of ``obs`` now (module docstring)."""
    mask = np.zeros(N_ACTIONS, np.int8)
    if obs.legal:
        mask[FOLD] = FOLD in obs.legal
        mask[CHECK_CALL] = 1
        mask[FIRST_BET:] = obs.min_raise_to is not None
    return mask


def table_action(obs: HoldemObservation, action: int) -> int:
    """The table's flat action (``sniper.games.holdem.table``) of env ``action`` for the acting seat
    of ``obs``; ``ValueError`` naming it when it is not in ``action_mask(obs)``."""
    if not 0 <= action < N_ACTIONS or not action_mask(obs)[action]:
        legal = ", ".join(map(str, np.flatnonzero(action_mask(obs)))) or "none"
        raise ValueError(f"action {action!r} is not legal for seat {obs.seat} now; legal: {legal}")
    if action < FIRST_BET:
        return action
    return bet_action(raise_to(obs, BET_SIZES[action - FIRST_BET]))


def encode(obs: HoldemObservation) -> dict:
    """The env's observation of ``obs`` (module docstring): ``observation`` (``int16 (OBS_SIZE,)``,
    laid out as ``OBS_FIELDS``) and ``action_mask`` (``int8 (N_ACTIONS,)``). Reads only ``obs``,
    so a seat's encoding holds nothing H11 hides from it."""
    pad = [0] * (MAX_SEATS - obs.seats)
    hole, board = np.zeros(DECK_SIZE, np.int16), np.zeros(DECK_SIZE, np.int16)
    hole[list(obs.hole)] = 1
    board[list(obs.board)] = 1
    raises = [0] * obs.seats
    for seat, _, action in obs.history:
        raises[seat] += action > CHECK_CALL
    values = [
        *table_values(obs),
        obs.min_raise_to or 0,
        obs.max_raise_to or 0,
        *seat_values(obs, MAX_SEATS),
        *raises,
        *pad,
    ]
    vector = np.concatenate([hole, board, np.array(values, np.int16)])
    return {"observation": vector, "action_mask": action_mask(obs)}


def env(
    players: int = 6,
    opponents: Sequence[HoldemAgent | str] | None = None,
    game_length: str = DEFAULT_LENGTH,
    render_mode=None,
):
    """``raw_env`` wrapped as PettingZoo's classic games are (``sniper.core.env.wrap``: an illegal action
    ends the game with reward -1 for the seat that made it); arguments as ``raw_env``."""
    return wrap(raw_env(players, opponents, game_length, render_mode))


class raw_env(PokerKitEnv):  # noqa: N801 - PettingZoo's naming convention
    """No-limit Hold'em as an AEC environment (module docstring) on the scaffolding shared with five-card
    draw (``sniper.games.poker52.env.PokerKitEnv``, on ``sniper.core.env.TableEnv``).

    ``players``: seats at the table, 2–9 (H1); ``opponents``: Hold'em agents
    (``sniper.games.holdem.agents.HoldemAgent``: an ``act(obs, stream)`` method) or agent specs (level
    names such as "easy", ``sniper.core.agent_spec``) for the last ``len(opponents)`` seats (at least one
    seat must be left to the learner); ``game_length``: a key of ``rules.GAME_LENGTHS`` ("50", "100", "bust"; H10);
    ``render_mode``: ``None``, "ansi" (``render`` returns text) or "human" (prints it). Raises ``ValueError`` for
    invalid arguments.
    """

    metadata = {"name": "holdem_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}
    TABLE = HoldemTable
    N_ACTIONS, OBS_SIZE, OBS_LOW, OBS_HIGH = N_ACTIONS, OBS_SIZE, 0, MAX_CHIPS
    GAME = "holdem"
    OPPONENTS = "Hold'em agents (objects with an act(obs, stream) method) or agent specs such as 'easy'"
    encode_observation = staticmethod(encode)

    def __init__(
        self,
        players: int = 6,
        opponents: Sequence[HoldemAgent | str] | None = None,
        game_length: str = DEFAULT_LENGTH,
        render_mode=None,
    ):
        super().__init__(players, opponents, game_length, render_mode)

    def table_action(self, seat: int, action: int) -> int:
        """The table's flat action of env ``action`` (module docstring, ``table_action``)."""
        return table_action(self.table.observe(seat), action)

    def render_text(self) -> str:
        """The current hand: board, pot, stacks and this round's bets."""
        hand = self.table.hand
        return (
            f"game {self._game} hand {self.table.hand_index}: board {' '.join(map(text, hand.board)) or '-'}, "
            f"pot {hand.pot()}, stacks {list(hand.stacks())}, bets {list(hand.bets())}"
        )
