"""The per-row work of ``sniper report`` over a part of a run's hands table, in one pass each.

``places_nb`` is the numba equivalent of ``sniper.report.build.positions`` for rows grouped by hand (the
part order of a run, ``sniper.runs.store.read_run``); ``cell_sums_nb`` fuses the mask, the cell code and
the two bincounts of ``sniper.report.build.Cells.add`` (numpy's ``np.where`` and ``np.bincount``).
"""

import numpy as np

from kernels.jit import njit


@njit(cache=True, inline="always")
def _clockwise(seat, first_seat, seats):
    """``(seat - first_seat) % seats`` for seats below ``seats``, without a division."""
    step = np.int64(seat) - np.int64(first_seat)
    return step + seats if step < 0 else step


@njit(cache=True)
def places_nb(hand_id, seat, first_seat, mask, seats):
    """Each row's place in its hand's order of play among the rows of ``mask``: int8 array (rows,),
    0 first, 1 between, 2 last, -1 outside ``mask``.

    ``hand_id``: int64 array (rows,), the rows of a hand consecutive; ``seat``, ``first_seat``: int
    arrays (rows,), seat indices below ``seats``; ``mask``: bool array (rows,). A row's clockwise
    distance from the hand's first player (R3) is ``(seat - first_seat) % seats``: the least is
    first, the greatest last (a hand of one masked row: first). Numba equivalent of
    ``sniper.report.build.positions``.
    """
    n = len(hand_id)
    out = np.full(n, -1, dtype=np.int8)
    i = 0
    while i < n:
        j = i
        low, high = seats, -1
        while j < n and hand_id[j] == hand_id[i]:
            if mask[j]:
                clockwise = _clockwise(seat[j], first_seat[j], seats)
                low, high = min(low, clockwise), max(high, clockwise)
            j += 1
        for r in range(i, j):
            if mask[r]:
                clockwise = _clockwise(seat[r], first_seat[r], seats)
                out[r] = 0 if clockwise == low else (2 if clockwise == high else 1)
        i = j
    return out


@njit(cache=True)
def cell_sums_nb(series, group, n_groups, mask, game, n_games, values, k):
    """``(rows, total)``: int64 and float64 arrays (k, n_games), the rows and the sum of ``values`` of
    each (code, game) cell, code ``series * n_groups + group``, over the rows of ``mask`` whose
    ``series`` and ``group`` are non-negative.

    ``series``, ``group``: int arrays (rows,) (codes below ``k``); ``mask``: bool array (rows,);
    ``game``: int64 array (rows,), codes 0..n_games-1; ``values``: float or bool array (rows,). Sums in row
    order, as ``np.bincount``: numba equivalent of ``np.bincount`` over ``np.where(mask & (series >= 0)
    & (group >= 0), series * n_groups + group, -1)`` (``sniper.report.build.Cells.add``).
    """
    rows = np.zeros((k, n_games), dtype=np.int64)
    total = np.zeros((k, n_games), dtype=np.float64)
    for i in range(len(mask)):
        if mask[i] and series[i] >= 0 and group[i] >= 0:
            code = np.int64(series[i]) * n_groups + np.int64(group[i])
            rows[code, game[i]] += 1
            total[code, game[i]] += np.float64(values[i])
    return rows, total


@njit(cache=True)
def snipe_hits_nb(hand_id, seat, snipe, held):
    """Bool array (rows,): whether each row's ``snipe`` (code, -1 for none) is the ``held`` code (-1:
    no hand shown) of a row of the same hand and another ``seat`` (R8).

    ``hand_id``: int64 array (rows,), the rows of a hand consecutive; ``seat``, ``snipe``, ``held``:
    int arrays (rows,). Numba equivalent of ``sniper.games.sniper_holdem.summary._hits`` for rows grouped by hand.
    """
    n = len(hand_id)
    hit = np.zeros(n, dtype=np.bool_)
    i = 0
    while i < n:
        j = i
        while j < n and hand_id[j] == hand_id[i]:
            j += 1
        for r in range(i, j):
            if snipe[r] >= 0:
                for q in range(i, j):
                    if held[q] == snipe[r] and seat[q] != seat[r]:
                        hit[r] = True
                        break
        i = j
    return hit
