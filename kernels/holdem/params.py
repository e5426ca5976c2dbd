"""The parameters of the Hold'em levels as the kernels read them: a ``float64`` vector per seat.

``sniper.games.holdem.levels.PARAMETERS`` is the one truth of their names, defaults and domains;
here each level's names get their index in the vector, in that order (``tests/test_holdem_kernel.py``
checks the names and the order). Integer parameters travel as floats and are read back with
``int``. Plain constants: importing this module imports no numba.
"""

from enum import IntEnum

from kernels.holdem.codes import Level


class EasyParam(IntEnum):
    """``levels.EasyLevel``'s parameters by index."""

    RAISE_SCORE = 0
    CALL_SCORE = 1
    RAISE_CATEGORY = 2
    CALL_CATEGORY = 3


class NormalParam(IntEnum):
    """``levels.NormalLevel``'s parameters by index."""

    OPEN_EARLY = 0
    OPEN_LATE = 1
    CALL_SCORE = 2
    RERAISE_SCORE = 3
    ODDS_SLOPE = 4
    SHORT_STACK = 5
    PUSH_SCORE = 6
    BET_EQUITY = 7
    BIG_EQUITY = 8
    RAISE_EQUITY = 9
    CALL_MARGIN = 10
    POSITION = 11
    TEXTURE = 12
    ALLIN_SPR = 13
    READ_RATE = 14
    READ_WEIGHT = 15
    READ_NOISE = 16
    READ_BET_RATE = 17
    READ_BET_NOISE = 18


class HardParam(IntEnum):
    """``levels.HardLevel``'s parameters by index."""

    SAMPLES = 0
    BLUFF = 1
    BET_RATIO = 2
    BIG_RATIO = 3
    RAISE_RATIO = 4
    CALL_MARGIN = 5
    POSITION = 6
    ALLIN_SPR = 7
    RAISE_RANGE = 8
    RERAISE_RANGE = 9
    CALL_RANGE = 10
    READ_BLUFF = 11
    READ_RATE = 12
    READ_WEIGHT = 13
    READ_NOISE = 14
    READ_BET_RATE = 15
    READ_BET_NOISE = 16


PARAMS_OF: dict[Level, type[IntEnum]] = {Level.EASY: EasyParam, Level.NORMAL: NormalParam, Level.HARD: HardParam}
"""Each level's parameter enum (``random`` has none)."""
N_PARAMS = max(len(p) for p in PARAMS_OF.values())
"""Length of a seat's parameter vector (the longest level's; unused entries are 0)."""
