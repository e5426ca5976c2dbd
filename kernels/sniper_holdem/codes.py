"""Integer codes shared by the reference engine and the numba kernels.

Plain ``IntEnum`` classes and integer tables (tuples, and numpy arrays for the kernels) with no
numba import, so that both layers read the same numbers: numba treats ``IntEnum`` members as
integer constants inside jitted code.
"""

from enum import IntEnum

import numpy as np

from kernels.streams import STREAM_AGENT, STREAM_DECK  # noqa: F401  (the streams of every game, R13)


class Category(IntEnum):
    """Hand categories of R8, weakest first, so a larger value is a stronger category."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FULL_HOUSE = 5
    FOUR_OF_A_KIND = 6


class Act(IntEnum):
    """Actions: the betting actions of R6 (0-6, sorted action ids, OpenSpiel style: legal actions
    are sorted), then the two kinds of snipe-round turn of R7 (7-8).

    These are the values of the ``action`` column of a run's actions table
    (``sniper.games.sniper_holdem.results.ACTION_COLUMNS``); ``ACT_NAMES`` gives each one's name in hand histories.
    """

    FOLD = 0
    CHECK = 1
    CALL = 2
    RAISE_1 = 3
    RAISE_3 = 4
    RAISE_5 = 5
    ALL_IN = 6
    SNIPE = 7
    PASS = 8


ACT_NAMES = ("fold", "check", "call", "+1", "+3", "+5", "all-in", "snipe", "pass")
"""Names of ``Act`` values, by value, as hand histories print them."""
SNIPE_ROUND = 3
"""The ``round`` of snipe-round turns in the actions table; betting rounds are 1 and 2 (R4)."""


RAISE_STEPS = (1, 3, 5)
"""Bet/raise increments of R6, in the order of ``Act.RAISE_1 .. Act.RAISE_5``."""

N_ACTIONS = 7
"""Betting actions (``Act.FOLD .. Act.ALL_IN``, R6)."""
PASS = -1
"""Snipe code for passing in the snipe round (R7); named snipes are 0..59."""

N_SNIPES = 60
N_NUMBERS = 10
DECK_SIZE = 40
COPIES = 4

SNIPE_TOPS = (
    (Category.FOUR_OF_A_KIND, tuple(range(1, 11))),
    (Category.FULL_HOUSE, tuple(range(1, 11))),
    (Category.STRAIGHT, tuple(range(5, 11))),
    (Category.THREE_OF_A_KIND, tuple(range(1, 11))),
    (Category.TWO_PAIR, tuple(range(2, 11))),
    (Category.ONE_PAIR, tuple(range(1, 11))),
    (Category.HIGH_CARD, tuple(range(6, 11))),
)
"""The 60 names that may be sniped, in the order of the table in R7; snipe code = position."""

SNIPE_CATEGORY = tuple(int(cat) for cat, tops in SNIPE_TOPS for _ in tops)
SNIPE_TOP = tuple(top for _, tops in SNIPE_TOPS for top in tops)
SNIPE_CODE = {(cat, top): code for code, (cat, top) in enumerate(zip(SNIPE_CATEGORY, SNIPE_TOP))}
"""Map (category, top number) → snipe code 0..59; a pair absent here is not a legal name (R7)."""

SNIPE_CODE_OF = np.full((7, N_NUMBERS + 1), PASS, dtype=np.int8)
"""``SNIPE_CODE`` as an ``int8 (7, 11)`` table for the kernels: ``[category, top]`` → code or ``PASS``."""
for (_category, _top), _code in SNIPE_CODE.items():
    SNIPE_CODE_OF[_category, _top] = _code
