"""The constants the Hold'em and draw kernels share (GAMES.md H1, D1): plain values, importing no numba."""

from enum import IntEnum


class Level(IntEnum):
    """The AI levels as the Hold'em and draw kernels number them (``sniper.games.holdem.levels.LEVELS`` and
    ``sniper.games.draw.agents.LEVELS``, in ladder order, then the baselines ``fold`` and ``call``);
    ``tests/test_holdem_kernel.py`` and ``tests/test_draw_kernel.py`` check the order against each game's."""

    RANDOM = 0
    EASY = 1
    NORMAL = 2
    HARD = 3
    FOLD = 4
    CALL = 5
