"""The showdown of the kernels: who wins the pot (R8). One function, used by the game kernel and the rollout.

Numba equivalent of the winner rule of ``sniper.showdown.showdown`` (``sniper.showdown.winners``).
"""

from numba import njit


@njit(cache=True)
def settle_nb(keys, hit, m, winners):
    """Mark the winners among the first ``m`` hands at a showdown (R8); return how many.

    ``keys``: strength keys (``kernels.evaluator``, ``>= 0``, larger is stronger; R8 steps 1–4);
    ``hit``: nonzero where the hand matches a snipe; ``winners`` (``int64 (>= m,)``) receives 1
    for each winner and 0 otherwise. A sniped hand ranks last: the winners are the unsniped hands
    with the best key, and when every hand is sniped all ``m`` tie and split. Numba equivalent of
    ``sniper.showdown.winners``.
    """
    best = -1
    for i in range(m):
        if not hit[i] and keys[i] > best:
            best = keys[i]
    k = 0
    for i in range(m):
        won = 1 if best < 0 or (not hit[i] and keys[i] == best) else 0
        winners[i] = won
        k += won
    return k
