"""The constants of the Hold'em kernels (GAMES.md H1–H5): plain values, importing no numba.

The reference engine defines the same facts in ``sniper.games.holdem.engine`` and
``sniper.games.holdem.rules`` (kernels may not import ``sniper``); ``tests/test_holdem_kernel.py``
checks that every one equals its namesake there. ``Level`` is the shared ``kernels.poker52.codes.Level``.
"""

from kernels.poker52.codes import Level  # noqa: F401  (the levels, numbered as the shared kernels do)

FOLD = 0
"""Flat action: fold (``sniper.games.holdem.engine.FOLD``; only when the seat owes chips)."""
CHECK_CALL = 1
"""Flat action: check, or call, capped by the stack (``sniper.games.holdem.engine.CHECK_CALL``)."""
MIN_RAISE_ACTION = 2
"""The smallest bet/raise-to flat action: ``a >= 2`` is a bet or raise *to* ``a`` chips, and so is
``ALL_IN_1``, the one bet to 1 chip (``sniper.games.holdem.engine``'s numbering)."""
ALL_IN_1 = 1802
"""Flat action: bet all in for 1 chip (H5; ``sniper.games.holdem.engine.ALL_IN_1``, ``rules.MAX_CHIPS + 2``):
"to 1" would be action 1."""
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
