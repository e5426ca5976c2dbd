"""The showdown of the kernels: who wins the pot (R8), in the game kernel.

Numba equivalent of ``sniper.games.sniper_holdem.showdown.winners``: ``settle_nb`` finds the best unsniped key and the
number of winners, ``wins_nb`` says whether one hand is among them. ``kernels.sniper_holdem.rollout`` keeps the
same rule written into its sample loop (a call there costs ~10% of its speed); it is tested bit
for bit against ``sniper.games.sniper_holdem.rollout.rollout``, which settles with
``sniper.games.sniper_holdem.showdown.winners``.
"""

from kernels.jit import njit


@njit(cache=True, inline="always")
def settle_nb(keys, hit, m):
    """``(number of winners, best key)`` among the first ``m`` hands at a showdown (R8).

    ``keys``: strength keys (``kernels.sniper_holdem.evaluator``, ``>= 0``, larger is stronger; R8 steps 1–4);
    ``hit``: nonzero where the hand matches a snipe. A sniped hand ranks last: the winners are the
    unsniped hands with the best key; when every hand is sniped all ``m`` tie and split, and the
    best key returned is -1. Numba equivalent of ``sniper.games.sniper_holdem.showdown.winners``.
    """
    best = -1
    k = 0
    for i in range(m):
        if not hit[i]:
            if keys[i] > best:
                best = keys[i]
                k = 1
            elif keys[i] == best:
                k += 1
    return (m, best) if best < 0 else (k, best)


@njit(cache=True, inline="always")
def wins_nb(key, hit, best):
    """Whether a hand with strength ``key`` and sniped flag ``hit`` wins, ``best`` from ``settle_nb``."""
    return best < 0 or (not hit and key == best)
