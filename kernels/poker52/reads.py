"""Opponent reads that adapt within a game, in numba: numba equivalents of ``sniper.games.poker52.reads``.

``looseness_nb`` (per opponent, from its raises facing a bet over the times it faced one in the game's earlier
hands: public actions, GAMES.md D10, H11) and ``toward_nb`` do the same floating-point operations in the same
order as the reference, so a kernel decision reads exactly what the reference level reads (Billings et al.,
"Opponent modeling in poker", AAAI 1998: action frequencies re-weight the ranges read from the actions).
"""

from kernels.jit import njit


@njit(cache=True, inline="always")
def looseness_nb(events, chances, rate, weight, noise):
    """Numba equivalent of ``sniper.games.poker52.reads.looseness``: the share (``float64``, 0..1) of an
    opponent's actions read as carrying no information, ``((events + weight * rate) / (chances + weight) - rate)
    / (noise - rate)`` clipped to [0, 1] (``events``, ``chances``: ``int64`` counts; the rest ``float64``)."""
    mean = (events + weight * rate) / (chances + weight)
    return min(max((mean - rate) / (noise - rate), 0.0), 1.0)


@njit(cache=True, inline="always")
def toward_nb(value, target, share):
    """Numba equivalent of ``sniper.games.poker52.reads.toward``: ``value + (target - value) * share``."""
    return value + (target - value) * share
