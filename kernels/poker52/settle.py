"""Adaptive sampling in numba: numba equivalent of ``sniper.games.poker52.settle`` (the same float operations in
the same order), used by Sniper Hold'em's Monte Carlo levels (``kernels.sniper_holdem.policies``) and five-card
draw's ``hard`` (``kernels.draw.policies``)."""

import numpy as np

from kernels.jit import njit


@njit(cache=True)
def settled_nb(e_raw, n, factor, thresholds, n_thresholds, z):
    """Numba equivalent of ``sniper.games.poker52.settle.settled`` over ``thresholds[:n_thresholds]``
    (``float64``), same float operations: whether the running mean ``e_raw`` of ``n`` samples (times ``factor``)
    is more than ``z`` standard errors from every threshold."""
    q = (e_raw * n + 1.0) / (n + 2.0)
    margin = z * factor * np.sqrt(q * (1.0 - q) / n)
    e = e_raw * factor
    for i in range(n_thresholds):
        if not abs(e - thresholds[i]) > margin:
            return False
    return True
