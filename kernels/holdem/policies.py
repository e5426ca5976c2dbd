"""The Hold'em AI levels in numba: numba equivalents of ``sniper.games.holdem.levels`` (H11, H12).

``sniper.games.holdem.levels`` is the readable reference; every function here names the one it
copies and draws the decision's random words (``stream``, ``uint64 (2,)``, ``kernels.rng``) in the
order it does. A decision of player ``p`` reads only what its ``HoldemObservation`` holds (H11):
its own cards ``h.hole[p]``, the board face up, the public state in ``h.pl`` and ``h.st`` (stacks,
bets, the pot, who is still in, the public history counts); never another player's cards or the
deck, which are in ``h`` but not read. Like the game kernel that calls them, the decisions
allocate nothing (``kernels.NO_REFCOUNT``).
"""

import numpy as np

from kernels.holdem.betting import NO_RAISE, raise_range_nb, to_call_nb
from kernels.holdem.codes import CHECK_CALL, FOLD, Level
from kernels.jit import njit
from kernels.rng import stream_integer_nb

RANDOM_MENU = 4
"""Sizes of the ``random`` level's bet menu (``levels.RandomLevel``: minimum, half pot, pot, all in)."""


# ----- what every level reads (levels.py's helpers) ---------------------------------------------


@njit(cache=True, inline="always")
def pot_raise_to_nb(h, p, fraction):
    """Numba equivalent of ``levels.pot_raise_to``: ``bet + to_call + int(fraction * (pot + to_call))``
    chips (``pot`` every chip in the middle, ``levels.total_pot``), not clipped."""
    to_call = to_call_nb(h, p)
    return h.pl[p].bet + to_call + np.int64(fraction * np.float64(h.st[0].pot + to_call))


@njit(cache=True, inline="always")
def raise_to_nb(low, high, amount):
    """Numba equivalent of ``levels.raise_to``: ``amount`` clipped to the legal ``[low, high]``, or
    check/call when no raise is open (``low == NO_RAISE``). Every amount of the range is legal."""
    if low == NO_RAISE:
        return np.int64(CHECK_CALL)
    return min(max(amount, low), high)


# ----- the levels --------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def random_nb(h, p, stream):
    """Numba equivalent of ``levels.RandomLevel.act``: uniform over fold (when owing chips),
    check/call and bet/raise (when open), word 0; a raise's size from the menu (minimum, half pot,
    pot, all in), word 1."""
    low, high = raise_range_nb(h, p)
    can_fold = h.st[0].max_bet > h.pl[p].bet
    kinds = 1 + (1 if can_fold else 0) + (1 if low != NO_RAISE else 0)
    kind = stream_integer_nb(stream, kinds) - (1 if can_fold else 0)
    if kind < 0:
        return np.int64(FOLD)
    if kind == 0:
        return np.int64(CHECK_CALL)
    size = stream_integer_nb(stream, RANDOM_MENU)
    if size == 0:
        amount = low
    elif size == 1:
        amount = pot_raise_to_nb(h, p, 0.5)
    elif size == 2:
        amount = pot_raise_to_nb(h, p, 1.0)
    else:
        amount = high
    return raise_to_nb(low, high, amount)


@njit(cache=True, inline="always")
def decide_nb(level, params, h, p, stream, t):
    """The flat action of player ``p`` at ``level`` (``kernels.holdem.codes.Level``) with its
    parameter vector ``params`` (``float64``), drawing from ``stream``; ``t`` the evaluator tables."""
    if level == Level.RANDOM:
        return random_nb(h, p, stream)
    return random_nb(h, p, stream)
