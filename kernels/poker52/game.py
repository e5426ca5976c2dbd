"""What the game loops of the 52-card poker kernels (no-limit Hold'em and five-card draw) share: the action log
and its fields, the markers of a game's length and the button's move (numba equivalents of parts of the drivers
``sniper.games.holdem.play.play_game`` and ``sniper.games.draw.play.play_game``, H2/H10 and D1/D9).

Each game's ``play_game_nb`` stays in its own kernel (``kernels.holdem.game``, ``kernels.draw.game``): numba
cannot cache a loop that takes the game's ``play_hand_nb`` as an argument (a first-class function compiles with
dynamic globals), and the kernels are always cached (``kernels.jit``).

Actions (optional): per game ``cap_actions`` rows of ``arec`` (``int16 (N_ACTION_FIELDS, n_games * cap_actions)``)
in the fields of ``ActionField`` (the actions tables' columns of the same names, ``sniper.games.holdem.results`` and
``sniper.games.draw.results``); ``cap_actions = 0`` records nothing.
"""

from enum import IntEnum
from typing import NamedTuple

import numpy as np

from kernels.jit import njit


class ActionField(IntEnum):
    """Rows of the action record array ``arec``: one row per seat action (a draw's discard included), the hand,
    its place in the hand and the fields of ``sniper.games.pokerkit_hand.ActionRecord``."""

    HAND = 0
    SEQ = 1
    SEAT = 2
    STREET = 3
    ACTION = 4
    AMOUNT = 5
    TO_AMOUNT = 6
    POT_AFTER = 7


N_ACTION_FIELDS = len(ActionField)
OVERFLOW = -1
"""``hands_out`` value of a game that needed more than ``cap_hands`` hands."""
NO_LIMIT = -1
"""``hands_per_game`` of a game played until one player holds every chip (H10's and D9's "bust")."""


class ActionLog(NamedTuple):
    """Where a game's actions are recorded (``record_action_nb``)."""

    rec: np.ndarray
    """``int16 (N_ACTION_FIELDS, m)``: ``arec`` of ``play_games_nb``."""
    pos: np.ndarray
    """``int64 (4,)``: next row, end of the game's buffer (exclusive), first row of the hand, the hand."""


@njit(cache=True, inline="always")
def record_action_nb(arec, pos, seat, street, action, amount, to_amount, pot_after):
    """Append one action to the ``ActionLog`` ``(arec, pos)`` (numba equivalent of the ``ActionRecord`` that
    ``sniper.games.pokerkit_hand`` appends, a row of the actions table); past the end of the game's buffer only
    the count grows."""
    r = pos[0]
    if r < pos[1]:
        arec[ActionField.HAND, r] = pos[3]
        arec[ActionField.SEQ, r] = r - pos[2]
        arec[ActionField.SEAT, r] = seat
        arec[ActionField.STREET, r] = street
        arec[ActionField.ACTION, r] = action
        arec[ActionField.AMOUNT, r] = amount
        arec[ActionField.TO_AMOUNT, r] = to_amount
        arec[ActionField.POT_AFTER, r] = pot_after
    pos[0] = r + 1


@njit(cache=True, inline="always")
def next_button_nb(stacks, button):
    """The first seat clockwise of ``button`` with chips (``stacks``: ``int64 (n,)``), numba equivalent of
    ``sniper.games.pokerkit_hand.next_button`` (H2, D1)."""
    n = stacks.shape[0]
    for k in range(1, n + 1):
        s = (button + k) % n
        if stacks[s] > 0:
            return s
    return button
