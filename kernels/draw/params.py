"""The parameters of the five-card draw levels as the kernels read them: a ``float64`` vector per seat.

``sniper.games.draw.agents.PARAMETERS`` is the one truth of their names, defaults and domains; here each
level's names get their index in the vector, in that order (``tests/test_draw_kernel.py`` checks the names
and the order). Integer parameters travel as floats and are read back with ``int``. Plain constants:
importing this module imports no numba.
"""

from enum import IntEnum

from kernels.draw.codes import Level


class EasyParam(IntEnum):
    """``agents.EasyAgent``'s parameters by index."""

    BLUFF = 0
    BET_CATEGORY = 1
    RAISE_CATEGORY = 2


class NormalParam(IntEnum):
    """``levels.NormalAgent``'s parameters by index."""

    DRAW_SAMPLES = 0
    DRAW_POWER = 1
    BET_POWER = 2
    BET_EQUITY = 3
    RAISE_EQUITY = 4
    CALL_MARGIN = 5
    POSITION = 6
    READ_RATE = 7
    READ_WEIGHT = 8
    READ_NOISE = 9
    READ_DRAW_RATE = 10
    READ_DRAW_NOISE = 11
    READ_SHOW_RATE = 12
    READ_SHOW_NOISE = 13


class HardParam(IntEnum):
    """``levels.HardAgent``'s parameters by index."""

    SAMPLES = 0
    DRAW_SAMPLES = 1
    BLUFF = 2
    SNOW = 3
    BET_RATIO = 4
    RAISE_RATIO = 5
    CALL_MARGIN = 6
    POSITION = 7
    READ_BLUFF = 8
    READ_PAIR = 9
    READ_LOOSE = 10
    READ_SNOW = 11
    READ_BET = 12
    READ_RAISE = 13
    READ_RATE = 14
    READ_WEIGHT = 15
    READ_NOISE = 16
    READ_DRAW_RATE = 17
    READ_DRAW_NOISE = 18
    READ_SHOW_RATE = 19
    READ_SHOW_NOISE = 20
    LOOSE_RAISE_RATIO = 21
    LOOSE_CALL_MARGIN = 22
    LOOSE_POWER = 23
    LOOSE_PLAYERS = 24
    LOOSE_BET_RATIO = 25
    HEADS_UP_POWER = 26
    SETTLE = 27


SETTLE_FIRST = 32
"""``hard``'s adaptive sampling (``settle > 0``) in the first round, its draw ahead: the first check after this many
opponent deals, then one at each doubling (``sniper.games.draw.levels.next_stop``; a check there costs a pass over
the 26 keeps' sampled draws)."""
SETTLE_BLOCK = 16
"""``hard``'s adaptive sampling (``settle > 0``) in the second round: a check after every this many opponent deals
(``sniper.games.draw.levels.next_stop``; a check there costs a division)."""

PARAMS_OF: dict[Level, type[IntEnum]] = {Level.EASY: EasyParam, Level.NORMAL: NormalParam, Level.HARD: HardParam}
"""Each level's parameter enum (``random`` has none)."""
N_PARAMS = max(len(p) for p in PARAMS_OF.values())
"""Length of a seat's parameter vector (the longest level's; unused entries are 0)."""
