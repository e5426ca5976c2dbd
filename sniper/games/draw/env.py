"""A PettingZoo AEC environment: five-card draw, fixed limit, for reinforcement learning (GAMES.md D1–D10).

``env(players=4, opponents=None, game_length="20")`` is one game (D9) per episode on a
``sniper.games.draw.table.DrawTable``, on the scaffolding every game's env shares
(``sniper.core.env.TableEnv``: agents ``player_<seat>`` for the learner's seats, episodes, rewards,
spaces). The last ``len(opponents)`` seats are played by draw agents (``sniper.games.draw.agents``:
objects with ``act(obs, stream)``, or level names such as ``"easy"``), with the same random streams as
in ``sniper.games.draw.play.play_game`` (``DrawTable.stream``). The table plays the game; its
``observe`` is the one place D10 is decided, and this env only encodes that observation (``encode``).

**Actions** (``Discrete(N_ACTIONS)``, 35): the table's own flat actions, one numbering
(``sniper.games.draw.engine``): 0 fold, 1 check or call, 2 bet or raise the round's fixed amount (D3;
all-in for less, D8), and ``3 + m`` the draw: discard the cards at the set bits of the 5-bit mask ``m``
(bit ``j``: the ``j``-th card the seat holds, the order of ``cards`` below) and draw as many; 3 stands
pat. The mask (``action_mask``, ``int8 (35,)``) is 1 for exactly the table's legal actions now: fold
only when the seat owes chips; check/call; bet/raise unless the round is capped (four bets, D3) or no
raise is possible (everyone else all-in, or a short all-in it may only call, D8); at the draw the 26
masks of 0–3 cards (D5; the six masks of four or five bits, actions 18, 26, 30, 32, 33 and 34, are
never legal). It is all 0 when the seat is not to act. On ``raw_env`` an action the mask does not allow
raises a one-line ``ValueError``; ``env`` ends the game with reward -1 instead (PettingZoo's
``TerminateIllegalWrapper``).

**Observation**: a dict of ``action_mask`` and ``observation`` (``int16 (OBS_SIZE,)``, 155), laid out
as ``OBS_FIELDS``: the seat's cards by position (``sniper.games.poker52.cards`` number + 1, 0 for an empty
position: between its own discard and the deal of the replacements, or not dealt in), the same cards
and the cards it discarded itself as 52-card 0/1 planes, then whether it is to act, the street (0 the
first round, 1 the draw, 2 the second round), its seat, the table size, the button, the pot (earlier
rounds and the antes), the chips it owes, the round's fixed bet (2 or 4), the bets and raises made this
round, the total bet after a bet/raise (0 when none is legal), then six entries each (seat order,
padded to six seats) for stacks, this round's bets, in the hand (1/0), how many cards each seat drew
(0–3; -1 before it has drawn, or when it never will) and the bets and raises each seat made in the first
and in the second round (from the public betting history). It holds nothing D10 hides: no other seat's
cards, the deck or another seat's discards. Chips are integers (at most ``MAX_CHIPS``).

**Rewards**, in chips: at the end of each hand every learner seat receives its net chips for that hand
(0 for a seat not dealt in), so an episode's rewards sum to the seat's final stack less
``STARTING_STACK``. ``reset(seed=s)`` starts game 0 of run ``s``; a later ``reset()`` without a seed
plays the run's next game, so a seed fixes every deal and every opponent decision.

>>> game = env(players=3)
>>> game.reset(seed=1)
>>> obs, reward, terminated, truncated, info = game.last()
>>> game.agent_selection, obs["observation"].shape, np.flatnonzero(obs["action_mask"]).tolist()
('player_1', (155,), [1, 2])
>>> game.step(BET_RAISE)
>>> game.unwrapped.table.hand.actions[-1].to
2
"""

from collections.abc import Sequence

import numpy as np

from sniper.core.env import wrap
from sniper.games.draw.agents import DrawAgent
from sniper.games.draw.engine import BET_RAISE, DEAL, DISCARD, FIRST, SECOND
from sniper.games.draw.observation import DrawObservation
from sniper.games.draw.rules import DEFAULT_LENGTH, HAND_SIZE, MAX_DISCARDS, SEATS, STARTING_STACK
from sniper.games.draw.table import DrawTable
from sniper.games.poker52.cards import DECK_SIZE
from sniper.games.poker52.env import SEAT_FIELDS, TABLE_FIELDS, PokerKitEnv, seat_values, table_values

MAX_SEATS = max(SEATS)
"""Seats the observation vector has room for: the most of five-card draw (D1)."""
MAX_CHIPS = MAX_SEATS * STARTING_STACK
"""The most chips any entry can hold: every chip of a full table (600)."""
N_ACTIONS = DEAL
"""The env's actions: the table's flat actions of a seat, 0..34 (fold, check/call, bet/raise, the 32
discard masks; ``DEAL``, the table's action at ``CHANCE``, is not the learner's)."""
NOT_DRAWN = -1
"""``drawn`` of a seat that has not drawn (yet, or ever) and of the padding seats."""
OBS_FIELDS = (
    ("cards", HAND_SIZE),
    ("held", DECK_SIZE),
    ("discarded", DECK_SIZE),
    *((name, 1) for name in TABLE_FIELDS),
    ("bet_size", 1),
    ("raises", 1),
    ("raise_to", 1),
    *((name, MAX_SEATS) for name in SEAT_FIELDS),
    ("drawn", MAX_SEATS),
    ("raises_first", MAX_SEATS),
    ("raises_second", MAX_SEATS),
)
"""The observation vector's fields and their lengths, in order (module docstring)."""
OBS_SIZE = sum(length for _, length in OBS_FIELDS)
"""Entries of the observation vector (155)."""


def action_mask(obs: DrawObservation) -> np.ndarray:
    """``int8 (N_ACTIONS,)``: 1 for each action legal for the seat of ``obs`` now, exactly ``obs.legal``
    (module docstring); all 0 when it is not to act."""
    mask = np.zeros(N_ACTIONS, np.int8)
    mask[list(obs.legal)] = 1
    return mask


def encode(obs: DrawObservation) -> dict:
    """The env's observation of ``obs`` (module docstring): ``observation`` (``int16 (OBS_SIZE,)``,
    laid out as ``OBS_FIELDS``) and ``action_mask`` (``int8 (N_ACTIONS,)``). Reads only ``obs``, so a
    seat's encoding holds nothing D10 hides from it."""
    pad = MAX_SEATS - obs.seats
    held, discarded = np.zeros(DECK_SIZE, np.int16), np.zeros(DECK_SIZE, np.int16)
    held[list(obs.cards)] = 1
    discarded[list(obs.discarded)] = 1
    raises = {FIRST: [0] * MAX_SEATS, SECOND: [0] * MAX_SEATS}
    for seat, street, action in obs.history:
        raises[street][seat] += action == BET_RAISE
    values = [
        *(c + 1 for c in obs.cards),
        *[0] * (HAND_SIZE - len(obs.cards)),
        *held,
        *discarded,
        *table_values(obs),
        obs.bet_size,
        obs.raises,
        obs.raise_to or 0,
        *seat_values(obs, MAX_SEATS),
        *(NOT_DRAWN if d is None else d for d in obs.drawn),
        *[NOT_DRAWN] * pad,
        *raises[FIRST],
        *raises[SECOND],
    ]
    return {"observation": np.array(values, np.int16), "action_mask": action_mask(obs)}


def env(
    players: int = 4,
    opponents: Sequence[DrawAgent | str] | None = None,
    game_length: str = DEFAULT_LENGTH,
    render_mode=None,
):
    """``raw_env`` wrapped as PettingZoo's classic games are (``sniper.core.env.wrap``: an illegal action
    ends the game with reward -1 for the seat that made it); arguments as ``raw_env``."""
    return wrap(raw_env(players, opponents, game_length, render_mode))


class raw_env(PokerKitEnv):  # noqa: N801 - PettingZoo's naming convention
    """Five-card draw as an AEC environment (module docstring) on the scaffolding shared with no-limit
    Hold'em (``sniper.games.poker52.env.PokerKitEnv``, on ``sniper.core.env.TableEnv``).

    ``players``: seats at the table, 2–6 (D1); ``opponents``: for the last ``len(opponents)`` seats,
    draw agents (``sniper.games.draw.agents.DrawAgent``: an ``act(obs, stream)`` method) or agent specs
    (level names such as "easy", ``sniper.core.agent_spec``; made by ``TableEnv.make_opponent``); at least one seat
    must be left to the learner; ``game_length``: a key of ``rules.GAME_LENGTHS`` ("20", "50", "bust";
    D9); ``render_mode``: ``None``, "ansi" (``render`` returns text) or "human" (prints it). Raises
    ``ValueError`` (one line) for invalid arguments.
    """

    metadata = {"name": "draw_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}
    TABLE = DrawTable
    N_ACTIONS, OBS_SIZE, OBS_LOW, OBS_HIGH = N_ACTIONS, OBS_SIZE, NOT_DRAWN, MAX_CHIPS
    GAME = "draw"
    OPPONENTS = "draw agents (objects with an act(obs, stream) method) or agent specs such as 'easy'"
    encode_observation = staticmethod(encode)

    def __init__(
        self,
        players: int = 4,
        opponents: Sequence[DrawAgent | str] | None = None,
        game_length: str = DEFAULT_LENGTH,
        render_mode=None,
    ):
        super().__init__(players, opponents, game_length, render_mode)

    def table_action(self, seat: int, action: int) -> int:
        """Env actions are the table's flat actions; a discard of more than ``MAX_DISCARDS`` cards is
        refused here naming D5 (``ValueError``), any other illegal action by the table (naming the
        legal ones)."""
        mask = action - DISCARD
        if 0 <= mask < N_ACTIONS - DISCARD and mask.bit_count() > MAX_DISCARDS:
            raise ValueError(
                f"action {action} discards {mask.bit_count()} cards (mask {mask:05b}); "
                f"a draw discards 0-{MAX_DISCARDS} (D5)"
            )
        return action

    def render_text(self) -> str:
        """The current hand: street, pot, stacks, this round's bets and how many cards each seat drew."""
        hand = self.table.hand
        drawn = [hand.drawn.get(s, "-") for s in range(self.n_seats)]
        return (
            f"game {self._game} hand {self.table.hand_index}: street {hand.street}, pot {hand.pot()}, "
            f"stacks {list(hand.stacks())}, bets {list(hand.bets())}, drawn {drawn}"
        )
