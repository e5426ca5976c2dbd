"""Adaptive sampling: when a Monte Carlo equity is settled against the thresholds its decision compares it with.

A Monte Carlo level (Sniper Hold'em's ``normal`` and ``hard``, ``sniper.games.sniper_holdem.agents``; five-card
draw's ``hard``, ``sniper.games.draw.levels``) estimates an equity from samples and compares it with a few
thresholds (a bet, a raise, the pot odds). Far from all of them, more samples cannot change the decision: the
samples run in blocks and stop once ``settled``, a sequential test on the running mean (``settle``, the level's
parameter, is ``z`` here; 0 always runs every sample). The numba equivalent is ``kernels.poker52.settle``.

>>> settled(0.1, 100, 1.0, [0.3, 0.4], 2.0), settled(0.28, 100, 1.0, [0.3, 0.4], 2.0)
(True, False)
"""

import math
from collections.abc import Sequence


def settled(e_raw: float, n: int, factor: float, thresholds: Sequence[float], z: float) -> bool:
    """Whether an equity estimate is far enough from every threshold to stop sampling (adaptive sampling).

    ``e_raw`` is the running mean share (0..1) of ``n`` samples (``n >= 1``), ``factor`` a factor the decision
    multiplies it by (Sniper Hold'em's texture; 1.0 for none), ``thresholds`` the equities (after that factor) at
    which the decision would change. A share lies in [0, 1], so its variance is at most ``q (1 - q)``; with the
    smoothed mean ``q = (n e_raw + 1) / (n + 2)`` the standard error is at most ``sqrt(q (1 - q) / n)`` (weights
    and maxima over several estimates ignored). Settled when every threshold is more than ``z`` of those standard
    errors (scaled by ``factor``) away from ``e_raw * factor``; with no threshold, always.
    """
    q = (e_raw * n + 1.0) / (n + 2.0)
    margin = z * factor * math.sqrt(q * (1.0 - q) / n)
    e = e_raw * factor
    return all(abs(e - t) > margin for t in thresholds)
