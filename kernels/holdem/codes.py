"""The constants of the Hold'em kernels (GAMES.md H1–H5): plain values, importing no numba.

The reference engine defines the same facts in ``sniper.games.holdem.engine`` and
``sniper.games.holdem.rules`` (kernels may not import ``sniper``); ``tests/test_holdem_kernel.py``
checks that every one equals its namesake there.
"""

from enum import IntEnum

FOLD = 0
"""Flat action: fold (``sniper.games.holdem.engine.FOLD``; only when the seat owes chips)."""
CHECK_CALL = 1
"""Flat action: check, or call, capped by the stack (``sniper.games.holdem.engine.CHECK_CALL``)."""
MIN_RAISE_ACTION = 2
"""The smallest bet/raise-to flat action: ``a >= 2`` is a bet or raise *to* ``a`` chips; a 1-chip
all-in bet would be action 1 and is not offered (``sniper.games.holdem.engine``)."""
HOLE_CARDS = 2
"""Private cards per player (H3)."""
BOARD_CARDS = 5
"""Community cards of a full board (H3)."""
BOARD_SIZES = (0, 3, 4, 5)
"""Community cards face up on each street, preflop to river (H3; ``engine.BOARD_SIZES``)."""
N_STREETS = 4
"""Betting rounds: preflop, flop, turn, river (H3)."""
RIVER = N_STREETS - 1
"""The last street."""
MAX_SEATS = 9
"""The largest table (H1)."""
NO_CARD = -1
"""A card not dealt (a seat not dealt in, a board card after the hand ended)."""


class Level(IntEnum):
    """The AI levels as the kernels number them (``sniper.games.holdem.levels.LEVELS``, in its order:
    the ladder, then the baselines ``fold`` and ``call``)."""

    RANDOM = 0
    EASY = 1
    NORMAL = 2
    HARD = 3
    FOLD = 4
    CALL = 5
