"""Hold'em showdown equity in numba: exact enumeration and Monte Carlo over the unseen cards.

A seat holds two private cards (``hole``) and sees ``b`` community cards (``board``, 0, 3, 4 or 5);
``k`` opponents (1–8) hold uniformly random cards among the ``unseen`` ones (the 52 less hole and
board, ascending) and the board is completed from them. Both kernels count the seat's **outcomes**
over the deals they visit, as ``int64 (k + 2,)``:

- ``outcomes[LOSE]`` (0): some opponent's hand beats the seat's;
- ``outcomes[WIN]`` (1): the seat's hand beats every opponent's;
- ``outcomes[WIN + t]`` (``t`` = 1..k): no opponent beats it and ``t`` opponents tie it (the pot is
  split ``t + 1`` ways).

Hands are ranked by ``kernels.eval52`` (the numba equivalent of ``sniper.games.poker52.cards.value``), compared by
their orders (``order_of_nb``: the same comparisons and ties as the values, from tables of half the size).
``sniper.games.holdem.equity`` validates the cards and turns the counts into win, tie and equity.

**Exact** (``exact_outcomes_nb``): every completion of the board (combinations of the unseen cards
in ascending order), and for each every unordered set of ``k`` disjoint opponent hands among the
cards left; each deal counts once (all deals are equally likely). Per board the ``C(r, 2)`` hands
of the ``r`` cards left are evaluated once, then the sets are visited by a depth-first walk over
hand indices. ``deal_count`` is the number of deals it visits.

**Monte Carlo** (``sample_outcomes_nb``): sample ``j`` (from 0) draws from the key
``sk = derive(key, j)``: draw ``i`` (from 0) of a partial Fisher–Yates shuffle of ``unseen`` swaps
position ``i`` with ``i + uniform_int(derive(sk, i), n - i)`` (``kernels.rng``); the first
``5 - b`` drawn cards complete the board, the next pairs are the opponents' hands. The samples are
cut into blocks of ``BLOCK`` run in parallel; the counts are integers, so they do not depend on the
thread count.
"""

from math import comb, factorial

import numpy as np
from numba import prange

from kernels.eval52 import card_bit_nb, hand_nb, order_of_nb
from kernels.jit import njit
from kernels.rng import derive_nb, uniform_int_nb

BOARD_CARDS = 5
"""Community cards at the showdown."""
MAX_OPPONENTS = 8
"""The most opponents (a table of 9, GAMES.md H1)."""
LOSE, WIN = 0, 1
"""Indices of ``outcomes``: a loss, an outright win; ``WIN + t`` a tie with ``t`` opponents."""
BLOCK = 16384
"""Monte Carlo samples per parallel task."""


def deal_count(unseen: int, board: int, opponents: int) -> int:
    """Deals ``exact_outcomes_nb`` visits: completions of a ``board``-card board from ``unseen``
    cards times the unordered sets of ``opponents`` disjoint two-card hands among the cards left."""
    missing = BOARD_CARDS - board
    left = unseen - missing
    pairs = factorial(left) // (factorial(left - 2 * opponents) * 2**opponents * factorial(opponents))
    return comb(unseen, missing) * pairs


@njit(cache=True, inline="always")
def record_nb(best, tied, own, out):
    """Count one deal in ``out``: the opponents' best value ``best``, ``tied`` of them equal to ``own``."""
    if best > own:
        out[LOSE] += 1
    else:
        out[WIN + tied] += 1


@njit(cache=True)
def next_combination_nb(index, n):
    """Advance ``index`` (``int64 (m,)``, ascending indices into ``n`` items) to the next combination
    in lexicographic order; ``False`` (``index`` unchanged) after the last one."""
    m = index.shape[0]
    i = m - 1
    while i >= 0 and index[i] == n - m + i:
        i -= 1
    if i < 0:
        return False
    index[i] += 1
    for j in range(i + 1, m):
        index[j] = index[j - 1] + 1
    return True


@njit(cache=True)
def count_hand_sets_nb(values, bits, n_hands, k, own, out):
    """Count in ``out`` every unordered set of ``k`` disjoint hands among the first ``n_hands``
    (``values`` ``int32``, hand orders or values: only compared; ``bits`` ``uint64`` card masks), against the
    seat's ``own``."""
    position = np.empty(k, np.int64)
    used = np.zeros(k, np.uint64)
    best = np.empty(k, np.int32)
    tied = np.zeros(k, np.int64)
    depth = 0
    position[0] = -1
    best[0] = -1
    while depth >= 0:
        position[depth] += 1
        p = position[depth]
        if p > n_hands - (k - depth):
            depth -= 1
            continue
        if bits[p] & used[depth]:
            continue
        top = max(best[depth], values[p])
        ties = tied[depth] + (values[p] == own)
        if depth == k - 1:
            record_nb(top, ties, own, out)
        else:
            depth += 1
            position[depth], used[depth] = p, used[depth - 1] | bits[p]
            best[depth], tied[depth] = top, ties


@njit(cache=True)
def exact_outcomes_nb(hole, board, unseen, k, t):
    """Outcomes (module docstring) over every deal: ``hole`` ``uint8 (2,)``, ``board`` ``uint8 (b,)``,
    ``unseen`` ``uint8 (n,)`` ascending, ``k`` opponents, ``t`` = ``kernels.eval52.tables()``.
    Returns ``int64 (k + 2,)``, summing to ``deal_count(n, b, k)``. No validation."""
    b, n = board.shape[0], unseen.shape[0]
    missing = BOARD_CARDS - b
    left = n - missing
    out = np.zeros(k + 2, np.int64)
    full = np.empty(BOARD_CARDS, np.uint8)
    full[:b] = board
    rest = np.empty(left, np.uint8)
    values = np.empty(left * (left - 1) // 2, np.int32)
    bits = np.empty(left * (left - 1) // 2, np.uint64)
    index = np.arange(missing)
    while True:
        r = 0
        for i in range(n):
            chosen = False
            for j in range(missing):
                chosen |= index[j] == i
            if not chosen:
                rest[r] = unseen[i]
                r += 1
        for j in range(missing):
            full[b + j] = unseen[index[j]]
        key, mask = hand_nb(full, t)
        own = order_of_nb(
            key + t.card_key[hole[0]] + t.card_key[hole[1]], mask | card_bit_nb(hole[0]) | card_bit_nb(hole[1]), t
        )
        p = 0
        for i in range(left):
            for j in range(i + 1, left):
                c, d = rest[i], rest[j]
                values[p] = order_of_nb(key + t.card_key[c] + t.card_key[d], mask | card_bit_nb(c) | card_bit_nb(d), t)
                bits[p] = (np.uint64(1) << np.uint64(c)) | (np.uint64(1) << np.uint64(d))
                p += 1
        count_hand_sets_nb(values, bits, p, k, own, out)
        if not next_combination_nb(index, n):
            return out


@njit(cache=True)
def sample_outcomes_into_nb(hole, board, unseen, k, key, first, n_samples, t, out):
    """Add to ``out`` (``int64 (k + 2,)``) the outcomes of samples ``first .. first + n_samples - 1``
    (module docstring); arguments as ``exact_outcomes_nb``, ``key`` a ``uint64``."""
    b, n = board.shape[0], unseen.shape[0]
    missing = BOARD_CARDS - b
    draws = missing + 2 * k
    work = np.empty(n, np.uint8)
    full = np.empty(BOARD_CARDS, np.uint8)
    full[:b] = board
    for s in range(first, first + n_samples):
        sk = derive_nb(key, s)
        work[:] = unseen
        for i in range(draws):
            j = i + uniform_int_nb(derive_nb(sk, i), n - i)
            work[i], work[j] = work[j], work[i]
        full[b:] = work[:missing]
        board_key, mask = hand_nb(full, t)
        own = order_of_nb(
            board_key + t.card_key[hole[0]] + t.card_key[hole[1]],
            mask | card_bit_nb(hole[0]) | card_bit_nb(hole[1]),
            t,
        )
        best, tied = -1, 0
        for o in range(k):
            c, d = work[missing + 2 * o], work[missing + 2 * o + 1]
            v = order_of_nb(board_key + t.card_key[c] + t.card_key[d], mask | card_bit_nb(c) | card_bit_nb(d), t)
            best = max(best, v)
            tied += v == own
        record_nb(best, tied, own, out)


@njit(cache=True, parallel=True)
def sample_outcomes_nb(hole, board, unseen, k, key, n_samples, t):
    """Outcomes (module docstring) of samples ``0 .. n_samples - 1``, blocks of ``BLOCK`` in parallel
    (``prange``); ``int64 (k + 2,)`` summing to ``n_samples``, the same for any thread count."""
    blocks = (n_samples + BLOCK - 1) // BLOCK
    parts = np.zeros((blocks, k + 2), np.int64)
    for block in prange(blocks):
        first = block * BLOCK
        sample_outcomes_into_nb(hole, board, unseen, k, key, first, min(BLOCK, n_samples - first), t, parts[block])
    return parts.sum(axis=0)
