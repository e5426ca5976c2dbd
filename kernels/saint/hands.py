"""The levels' heuristic of what cards could make, in numba: numba equivalents of ``sniper.games.saint.levels``'
``potential``, ``usable`` and ``stock``, and the card sets the kernels keep as bit masks.

A set of cards is a ``uint64`` mask, bit ``c`` for card ``c`` (``poker52``: ``4 * rank + suit``); its cards in
increasing order are its sorted list (``cards_of_nb``), the order the reference's sorted hands and pools have.

>>> import numpy as np
>>> hand = np.array([51, 50, 49, 0, 1], np.int64)  # As Ad Ac 2h 2d
>>> codes, masks, no_future = np.empty(10, np.int64), np.empty(10, np.uint64), np.uint64(0)
>>> t = triples_nb(hand, 5, no_future, codes, masks)
>>> kept = np.uint64(sum(1 << int(c) for c in hand))
>>> potential_nb(hand, 5), potential_nb(hand, 0), code_value_nb(usable_code_nb(kept, 5, no_future, codes, masks, t))
(6.923076923076923, 0.0, 3.9230769230769234)
"""

import numpy as np
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from kernels import NO_REFCOUNT
from kernels.jit import njit
from kernels.saint.codes import USABLE

_ONE = np.uint64(1)
_TWO = np.uint64(2)
_FOUR = np.uint64(4)
_RANKS = np.uint64(0x1111111111111)  # bit 4 * rank of the 13 ranks: a rank's suit-0 card
_ODD_BITS = np.uint64(0x5555555555555)
_PAIRS_OF_BITS = np.uint64(0x3333333333333)
_NIBBLE = np.uint64(15)
_LOW_NIBBLES = np.uint64(0x0F0F0F0F0F0F0F0F)
_BYTES = np.uint64(0x0101010101010101)  # times it, the bytes' sum in the top byte
_TOP_BYTE = np.uint64(56)
_SUM_AT = np.uint64(48)  # times _RANKS, a mask of _RANKS' bits sums them in the nibble of rank 12
_ACE = np.uint64(48)  # bit of rank 12, the ace


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


@njit(cache=True, inline="always")
def top_rank_nb(ranks):
    """The highest rank of ``ranks``, a ``uint64`` with bit ``4 * rank`` set for each of its ranks (not 0)."""
    return np.int64(63 - leading_zeros(ranks)) >> 2


@njit(cache=True, inline="always")
def potential_code_nb(mask):
    """``potential_nb`` of the cards of ``mask`` (``uint64``) as its code ``13 * kind + top`` (``int64``; its float
    ``code_value_nb``: codes compare as the floats), from the mask alone: the cards of each rank counted in its four
    bits at once (a nibble each, 0-4), the ranks held once, twice, three and four times as masks of one bit a rank
    (bit ``4 * rank``), the suits counted by a multiply, the straights found on the ranks' bits."""
    if mask == 0:
        return 0
    c = mask - ((mask >> _ONE) & _ODD_BITS)  # two bits a pair of cards: 0-2
    c = (c & _PAIRS_OF_BITS) + ((c >> _TWO) & _PAIRS_OF_BITS)  # a nibble a rank: its cards, 0-4
    b0 = c & _RANKS
    b1 = (c >> _ONE) & _RANKS
    b2 = (c >> _TWO) & _RANKS
    two_up = b1 | b2  # ranks held twice or more
    if b2:  # four of a kind (4 is 0b100)
        kind, top = 7, top_rank_nb(b2)
    elif b1 & b0:  # three of a kind (0b011): a full house with a second rank held twice or more
        kind = 6 if two_up & (two_up - _ONE) else 3
        top = top_rank_nb(b1 & b0)
    elif b1:  # pairs (0b010): two of them make two pair
        kind = 2 if b1 & (b1 - _ONE) else 1
        top = top_rank_nb(b1)
    else:
        kind, top = 0, top_rank_nb(b0)
    cards = (c & _LOW_NIBBLES) + ((c >> _FOUR) & _LOW_NIBBLES)  # a byte two ranks: their cards, 0-8
    if (cards * _BYTES) >> _TOP_BYTE < 5:  # fewer than five cards: no flush, no straight
        return 13 * kind + top
    if kind < 5:
        most, suit = np.uint64(0), np.uint64(0)
        for s in range(4):  # the first suit of the most cards
            k = ((((mask >> np.uint64(s)) & _RANKS) * _RANKS) >> _SUM_AT) & _NIBBLE
            if k > most:
                most, suit = k, np.uint64(s)
        if most >= 5:
            kind, top = 5, top_rank_nb((mask >> suit) & _RANKS)
    if kind < 4:
        held = b0 | two_up
        low = (held << _FOUR) | (held >> _ACE)  # bit 0: the ace played low; bit 4 * (r + 1): rank r
        runs = low & (low >> _FOUR) & (low >> np.uint64(8)) & (low >> np.uint64(12)) & (low >> np.uint64(16))
        if runs:
            kind, top = 4, top_rank_nb(runs) + 3
    return 13 * kind + top


@njit(cache=True, inline="always")
def code_value_nb(code):
    """The float of a ``potential_code_nb`` code, ``kind + top / 13``: the same float as
    ``sniper.games.saint.levels.potential`` (whose ``kind`` and ``top`` the code holds, ``top`` 0-12)."""
    return code // 13 + (code % 13) / 13


@njit(cache=True, **NO_REFCOUNT)
def potential_nb(cards, n):
    """What ``cards[:n]`` (``int64``, distinct cards) could make: the best category their ranks and suits hold
    (four of a kind 7, full house 6, flush 5, straight 4, three of a kind 3, two pair 2, one pair 1, else 0) plus
    the top rank of its group over 13; ``float64`` in [0, 9). Numba equivalent of
    ``sniper.games.saint.levels.potential`` (the same float), through ``potential_code_nb``."""
    mask = np.uint64(0)
    for i in range(n):
        mask |= bit_nb(cards[i])
    return code_value_nb(potential_code_nb(mask))


@njit(cache=True, **NO_REFCOUNT)
def triples_nb(cards, n, base, codes, masks):
    """For each of the three-card sets of ``cards[:n]`` (``int64``; ``i < j < k`` in that order, ``C(n, 3)`` of
    them, returned), its mask into ``masks`` (``uint64``) and ``potential_code_nb`` of it with the cards of ``base``
    (``uint64``) into ``codes`` (``int64``): the table ``usable_code_nb`` reads."""
    t = 0
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                masks[t] = bit_nb(cards[i]) | bit_nb(cards[j]) | bit_nb(cards[k])
                t += 1
    for i in range(t):  # one flat loop: vectorized
        codes[i] = potential_code_nb(base | masks[i])
    return t


@njit(cache=True, **NO_REFCOUNT)
def usable_code_nb(kept, n_kept, future, codes, masks, t):
    """The best ``potential`` of the future river ``future`` with ``USABLE`` of the ``n_kept`` cards of ``kept``
    (all of them when fewer; both ``uint64`` masks) as its code (``potential_code_nb``), where ``codes[:t]`` and
    ``masks[:t]`` are ``triples_nb`` of a set that holds ``kept`` with ``future`` as the base: the best of the
    triples within ``kept``. Numba equivalent of ``sniper.games.saint.levels.usable`` (``code_value_nb`` of it is
    the same float: a maximum, whatever the order)."""
    if n_kept < USABLE:
        return potential_code_nb(future | kept)
    best = -1
    for i in range(t):
        best = max(best, codes[i] if masks[i] & ~kept == 0 else -1)
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
