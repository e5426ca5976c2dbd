"""The levels' heuristic of what cards could make, in numba: numba equivalents of ``sniper.games.saint.levels``'
``potential``, ``usable`` and ``stock``, and the card sets the kernels keep as bit masks.

A set of cards is a ``uint64`` mask, bit ``c`` for card ``c`` (``poker52``: ``4 * rank + suit``); its cards in
increasing order are its sorted list (``cards_of_nb``), the order the reference's sorted hands and pools have.

>>> import numpy as np
>>> hand = np.array([51, 50, 49, 0, 1], np.int64)  # As Ad Ac 2h 2d
>>> potential_nb(hand, 5), potential_nb(hand, 0), usable_nb(hand, 5, hand, 0, np.empty(3, np.int64))
(6.923076923076923, 0.0, 3.9230769230769234)
"""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from kernels import NO_REFCOUNT
from kernels.jit import njit
from kernels.saint.codes import USABLE

_ONE = np.uint64(1)


@njit(cache=True, inline="always")
def bit_nb(card):
    """``uint64``: the mask of the one card ``card``."""
    return _ONE << np.uint64(card)


@njit(cache=True, **NO_REFCOUNT)
def cards_of_nb(mask, out):
    """Write the cards of ``mask`` (``uint64``) in increasing order into ``out`` (``int64``, room for them); returns
    how many."""
    n = 0
    while mask:
        out[n] = trailing_zeros(mask)
        mask &= mask - _ONE
        n += 1
    return n


@njit(cache=True, **NO_REFCOUNT)
def count_nb(mask):
    """The number of cards of ``mask`` (``uint64``)."""
    n = 0
    while mask:
        mask &= mask - _ONE
        n += 1
    return n


@njit(cache=True, **NO_REFCOUNT)
def potential_nb(cards, n):
    """What ``cards[:n]`` (``int64``, distinct cards) could make: the best category their ranks and suits hold
    (four of a kind 7, full house 6, flush 5, straight 4, three of a kind 3, two pair 2, one pair 1, else 0) plus
    the top rank of its group over 13; ``float64`` in [0, 9). Numba equivalent of
    ``sniper.games.saint.levels.potential`` (the same float)."""
    if n == 0:
        return 0.0
    counts = np.uint64(0)  # 4 bits a rank
    suits = np.uint64(0)  # 4 bits a suit
    mask = 0
    for i in range(n):
        c = cards[i]
        counts += _ONE << np.uint64(4 * (c >> 2))
        suits += _ONE << np.uint64(4 * (c & 3))
        mask |= 1 << (c >> 2)
    n1, n2 = 0, 0
    for r in range(13):
        k = np.int64((counts >> np.uint64(4 * r)) & np.uint64(15))
        if k > n1:
            n2, n1 = n1, k
        elif k > n2:
            n2 = k
    top = 12
    while np.int64((counts >> np.uint64(4 * top)) & np.uint64(15)) != n1:
        top -= 1
    if n1 >= 4:
        kind = 7
    elif n1 == 3 and n2 >= 2:
        kind = 6
    elif n1 == 3:
        kind = 3
    elif n2 == 2:
        kind = 2
    elif n1 == 2:
        kind = 1
    else:
        kind = 0
    most, suit = 0, 0
    for s in range(4):
        k = np.int64((suits >> np.uint64(4 * s)) & np.uint64(15))
        if k > most:
            most, suit = k, s
    if kind < 5 and most >= 5:
        kind, top = 5, 0
        for i in range(n):
            if cards[i] & 3 == suit and cards[i] >> 2 > top:
                top = cards[i] >> 2
    if kind < 4:
        low = (mask << 1) | (mask >> 12)  # bit 0: the ace played low; bit r + 1: rank r
        runs = low & (low >> 1) & (low >> 2) & (low >> 3) & (low >> 4)
        if runs:
            length = 0
            while runs:
                runs >>= 1
                length += 1
            kind, top = 4, length + 2
    return kind + top / 13


@njit(cache=True, **NO_REFCOUNT)
def usable_nb(kept, n_kept, future, n_future, cards):
    """The best ``potential_nb`` of ``future[:n_future]`` with ``USABLE`` of ``kept[:n_kept]`` (all of them when
    fewer), ``cards`` (``int64``, room for ``n_future + USABLE``) its working array: numba equivalent of
    ``sniper.games.saint.levels.usable`` (the same float)."""
    for i in range(n_future):
        cards[i] = future[i]
    if n_kept < USABLE:
        for i in range(n_kept):
            cards[n_future + i] = kept[i]
        return potential_nb(cards, n_future + n_kept)
    best = -1.0
    for i in range(n_kept):
        cards[n_future] = kept[i]
        for j in range(i + 1, n_kept):
            cards[n_future + 1] = kept[j]
            for k in range(j + 1, n_kept):
                cards[n_future + 2] = kept[k]
                best = max(best, potential_nb(cards, n_future + 3))
    return best


@njit(cache=True, **NO_REFCOUNT)
def stock_nb(kept, n_kept):
    """The sum, over the ranks ``kept[:n_kept]`` holds at least twice, of ``3 + rank / 13`` (three or more) or ``1 +
    rank / 13`` (two), in increasing rank: numba equivalent of ``sniper.games.saint.levels.stock`` (the same
    float)."""
    counts = np.uint64(0)  # 4 bits a rank
    for i in range(n_kept):
        counts += _ONE << np.uint64(4 * (kept[i] >> 2))
    total = 0.0
    for r in range(13):
        k = np.int64((counts >> np.uint64(4 * r)) & np.uint64(15))
        if k >= 3:
            total += 3 + r / 13
        elif k == 2:
            total += 1 + r / 13
    return total
