"""Shared kernel for the game kernels' per-game record buffers (``kernels.holdem.game``, ``kernels.draw.game``,
``kernels.sniper_holdem.game``): each game writes its rows into its own slice of one preallocated
buffer, and ``compact_nb`` puts the filled rows one after the other."""

from kernels import NO_REFCOUNT
from kernels.jit import njit


@njit(cache=True, **NO_REFCOUNT)
def compact_nb(rec, counts, per_game, unit, out):
    """The filled rows of per-game buffers, one after the other: the first ``counts[g] * unit`` columns
    of game ``g``'s ``per_game`` columns of ``rec`` (``int16 (fields, G * per_game)``, as a game
    kernel's ``play_games_nb`` writes ``rec`` and ``arec``) into ``out`` (``int16 (fields,
    sum(counts) * unit)``)."""
    col = 0
    for g in range(counts.shape[0]):
        used = counts[g] * unit
        begin = g * per_game
        for f in range(rec.shape[0]):
            for i in range(used):
                out[f, col + i] = rec[f, begin + i]
        col += used
