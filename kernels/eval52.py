"""52-card poker hands in numba: the numba equivalent of ``sniper.games.poker52.value``.

The value of the best five of 5 to 7 cards (GAMES.md, "Shared for all three"), the same integer
as the Python reference: cards are ``0..51`` with ``card = 4 * rank + suit`` (ranks 0–12 for
2…A, suits 0–3), and a value is ``category * 13**5 + k1 * 13**4 + … + k5`` (category 0 high card
… 8 straight flush, ``k1..k5`` the ranks in comparison order; ``int32``, at most 3,313,076).

Design (after OMPEval's perfect hash, github.com/zekyll/OMPEval, with our own weights and
offsets): a hand is one ``uint64`` key, the sum of its cards' keys (``Tables.card_key``) and
``EMPTY_KEY``:

- bits 0–15 count each suit's cards in a nibble started at 3, so bit 3 of nibble ``s`` is set
  once suit ``s`` holds five cards (``key & FLUSH_BITS``; at most one suit can among 7 cards,
  and then no full house or four of a kind can be made);
- bits 38–63 hold the rank hash ``(sum of RANK_WEIGHT[rank] - 5 * RANK_WEIGHT[0]) * HASH_MULTIPLIER
  mod 2**26`` (``EMPTY_KEY`` holds the ``- 5 * RANK_WEIGHT[0]`` part; the sum wraps in the top bits of
  the ``uint64``). The weights make the sums of the 73,775 multisets of 5 to 7 ranks (at most 4 of
  a rank) distinct and below ``2**26`` (``GREEDY_WEIGHTS``, ``RANK_BASE``), and an odd multiplier is a bijection
  modulo ``2**26``, so the hash names the multiset; the multiplication spreads the hashes, so that
  the row displacement below packs them densely.

Without a flush, ``value = rank_value[h + row_offset[h >> ROW_BITS]]`` for the rank hash ``h``:
a row-displacement perfect hash (OMPEval's layout, one offset load and one lookup). The offsets
come from a first-fit search over the 8,192 rows (``row_offsets``, 2–13 s, so they are cached
on disk beside numba's cache of this module). With a flush, ``value = flush_value[mask]``, ``mask``
the 13-bit set of that suit's ranks. A 7-card hand costs 7 reads and adds, one test and two
dependent reads. The tables take ≈ 615 kB (``rank_value`` 83,991 entries of which 73,775 used,
``row_offset`` 32 kB).

A hand's *order* is the index of its value among the 7,462 distinct values (``order_value``):
orders compare and tie as values, from ``uint16`` tables (``rank_order``, ``flush_order``) of half
the size, so callers that only compare hands use them (``order_of_nb``, ``orders_into_nb``); on
random seven-card hands that is ≈ 25% faster (``experiments/README.md``, "Beside OMPEval").

Kernels take the ``Tables`` as one argument and do no validation: ``sniper.games.eval52``
validates and calls them.

>>> import numpy as np
>>> t = tables()
>>> royal, wheel = [51, 47, 43, 39, 35], [48, 1, 6, 10, 14]  # As Ks Qs Js Ts; Ac 2d 3h 4h 5h
>>> values_nb(np.array([royal, wheel], np.uint8), t).tolist()
[3313076, 1570855]
>>> int(value7_nb(51, 50, 49, 0, 1, 4, 8, t))  # Aces full of twos
2570490
"""

import functools
import hashlib
import os
from pathlib import Path
from typing import NamedTuple

import numba
import numpy as np
from numba import prange

from kernels import NO_REFCOUNT
from kernels.jit import njit

N_RANKS = 13
"""Ranks 0–12: 2, 3, …, K, A."""
N_CARDS = 52
"""Cards ``0..51``: ``4 * rank + suit``."""
BASE = 13
"""A value is ``category * BASE**5 + k1 * BASE**4 + … + k5`` (``sniper.games.poker52``)."""
HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = range(9)
"""The categories, lowest first (``sniper.games.poker52.CATEGORIES``)."""
MIN_CARDS, MAX_CARDS = 5, 7
"""A hand has 5 to 7 cards."""
GREEDY_WEIGHTS = (0, 1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359)
"""Ranks 1–12's weights before ``RANK_BASE`` (rank 0's is 0): each the smallest integer above the
previous one such that the multisets of at most 7 of ranks 1..r (at most 4 of a rank) have distinct
sums (a greedy search of ours, ≈ 4 minutes in numba, so its result is written here; ``tables()``
checks the property it needs)."""
RANK_BASE = 8107796
"""One more than the largest sum of at most 7 of ``GREEDY_WEIGHTS`` (at most 4 of a rank): added to
every weight, it keeps the sums of 5, 6 and 7 ranks apart."""
RANK_WEIGHT = tuple(RANK_BASE + g for g in GREEDY_WEIGHTS)
"""Rank → weight; a hand's rank sum is unique per multiset of 5 to 7 ranks (``tables()`` checks)."""
HASH_BITS, HASH_MULTIPLIER = 26, 40503
"""The rank hash is ``(rank sum - 5 * RANK_BASE) * HASH_MULTIPLIER mod 2**HASH_BITS`` (odd: a bijection)."""
HASH_SHIFT = 64 - HASH_BITS
"""Bit position of the rank hash in a key (the top bits, so that the sum wraps modulo ``2**HASH_BITS``)."""
ROW_BITS = 13
"""Columns per row of the displacement (``2**ROW_BITS``); rows: ``2**(HASH_BITS - ROW_BITS)``."""
EMPTY_KEY = np.uint64(0x3333 + ((-MIN_CARDS * RANK_BASE * HASH_MULTIPLIER) % 2**HASH_BITS << HASH_SHIFT))
"""The key of no cards: each suit counter started at 3; the rank hash of ``-5 * RANK_BASE``."""
FLUSH_BITS = np.uint64(0x8888)
"""Bit 3 of each suit counter: set once that suit holds five cards."""


class Tables(NamedTuple):
    """The evaluator's tables (module docstring), read-only numpy arrays built by ``tables()``."""

    card_key: np.ndarray
    """``uint64 (52,)``: card → its key (``1 << 4 * suit`` plus its rank's hashed weight in bits 38–63)."""
    row_offset: np.ndarray
    """``int32 (8192,)``: row of a rank hash ``h`` (``h >> ROW_BITS``) → the offset added to ``h`` to
    index ``rank_value`` (0 for rows without a multiset of 5 to 7 ranks)."""
    rank_weight: np.ndarray
    """``int64 (13,)``: ``RANK_WEIGHT``, rank → weight before hashing."""
    rank_value: np.ndarray
    """``int32 (83991,)``: the value of each multiset of 5 to 7 ranks played without a flush, at its
    perfect-hash index (73,775 entries; 0 in the unused ones)."""
    flush_value: np.ndarray
    """``int32 (8192,)``: 13-bit rank mask of one suit → value of its flush or straight flush
    (0 for masks of fewer than five ranks)."""
    rank_order: np.ndarray
    """``uint16 (83991,)``: ``rank_value``'s entries as orders (the index of the value in
    ``order_value``; 0 in the unused ones)."""
    flush_order: np.ndarray
    """``uint16 (8192,)``: ``flush_value``'s entries as orders (0 for masks of fewer than five ranks)."""
    order_value: np.ndarray
    """``int32 (7462,)``: order → value, ascending: the 7,462 distinct values of five cards (the
    best five of 6 or 7 cards have one of them)."""


def pack(category, ranks: np.ndarray) -> np.ndarray:
    """Values ``category * 13**5 + k1 * 13**4 + …`` of rows of ``ranks`` (``int (n, ≤5)``, -1 for
    none, counted as 0): ``sniper.games.poker52``'s packing, vectorised. Returns ``int64 (n,)``."""
    value = np.broadcast_to(np.asarray(category, np.int64), ranks.shape[:1]).copy()
    for i in range(5):
        value = value * BASE + (np.maximum(ranks[:, i], 0) if i < ranks.shape[1] else 0)
    return value


def straight_tops() -> np.ndarray:
    """``int64 (8192,)``: 13-bit rank mask → top rank of its best straight (3 for A-2-3-4-5), or -1."""
    masks = np.arange(1 << N_RANKS)
    top = np.full(masks.shape, -1)
    for high in range(3, N_RANKS):
        window = sum(1 << (r if r >= 0 else N_RANKS - 1) for r in range(high - 4, high + 1))
        top[(masks & window) == window] = high
    return top


def ranks_descending(present: np.ndarray, order: np.ndarray) -> np.ndarray:
    """Ranks of each row, best first: ``present`` bool ``(n, 13)`` marks them, ``order`` (same
    shape) sorts them (larger first); absent ranks come last as -1. Returns ``int64 (n, 13)``."""
    score = np.where(present, order * 16 + np.arange(N_RANKS), -1)
    score = -np.sort(-score, axis=1)
    return np.where(score >= 0, score % 16, -1)


def flush_values() -> np.ndarray:
    """``int32 (8192,)``: the ``Tables.flush_value`` table."""
    masks = np.arange(1 << N_RANKS)
    bits = (masks[:, None] >> np.arange(N_RANKS)) & 1 == 1
    top = straight_tops()
    flush = pack(FLUSH, ranks_descending(bits, np.zeros_like(masks)[:, None])[:, :5])
    value = np.where(top >= 0, pack(STRAIGHT_FLUSH, top[:, None]), flush)
    return np.where(bits.sum(1) >= 5, value, 0).astype(np.int32)


def rank_values(counts: np.ndarray) -> np.ndarray:
    """Values of rank multisets played without a flush, as ``sniper.games.poker52.value`` ranks
    them: ``counts`` ``int (n, 13)``, 5 to 7 cards per row, at most 4 of a rank. ``int64 (n,)``."""
    groups = ranks_descending(counts > 0, counts)  # by (count, rank): the categories' order
    shape = np.take_along_axis(counts, np.maximum(groups, 0), axis=1) * (groups >= 0)
    rest_high = groups[:, 1:].max(axis=1, where=groups[:, 1:] >= 0, initial=-1)
    third_high = groups[:, 2:].max(axis=1, where=groups[:, 2:] >= 0, initial=-1)
    mask = ((counts > 0) << np.arange(N_RANKS)).sum(axis=1)
    top = straight_tops()[mask]
    a, b = shape[:, 0], shape[:, 1]
    g = groups
    choices = [
        (a == 4, pack(FOUR_OF_A_KIND, np.stack([g[:, 0], rest_high], axis=1))),
        ((a == 3) & (b >= 2), pack(FULL_HOUSE, g[:, :2])),
        (top >= 0, pack(STRAIGHT, top[:, None])),
        (a == 3, pack(THREE_OF_A_KIND, g[:, :3])),
        ((a == 2) & (b == 2), pack(TWO_PAIR, np.stack([g[:, 0], g[:, 1], third_high], axis=1))),
        (a == 2, pack(ONE_PAIR, g[:, :4])),
    ]
    return np.select([c for c, _ in choices], [v for _, v in choices], pack(HIGH_CARD, g[:, :5]))


def rank_multisets() -> np.ndarray:
    """``int64 (73775, 13)``: the counts per rank of every multiset of 5 to 7 ranks, at most 4 of a
    rank (ranks 0–5 and 6–12 as base-5 patterns of at most 7 cards, paired when 5 to 7 in all)."""
    low, high = ((np.arange(5**n)[:, None] // 5 ** np.arange(n)) % 5 for n in (6, N_RANKS - 6))
    low, high = low[low.sum(axis=1) <= MAX_CARDS], high[high.sum(axis=1) <= MAX_CARDS]
    total = low.sum(axis=1)[:, None] + high.sum(axis=1)[None, :]
    i, j = np.nonzero((total >= MIN_CARDS) & (total <= MAX_CARDS))
    return np.hstack([low[i], high[j]])


def rank_hashes(counts: np.ndarray) -> np.ndarray:
    """``int64 (n,)``: the rank hash (module docstring) of each row of ``counts`` (``int (n, 13)``,
    5 to 7 cards). ``tables()`` checks that they are distinct."""
    sums = counts @ np.array(RANK_WEIGHT, np.int64) - MIN_CARDS * RANK_BASE
    return (sums * HASH_MULTIPLIER) % 2**HASH_BITS


@njit(cache=True)
def first_fit_nb(columns, starts, size):
    """Row displacement by first fit (Tarjan and Yao): rows ``r`` hold ``columns[starts[r]:starts[r + 1]]``
    (``int64``, sorted), largest rows first; each row gets the smallest base ``>= 0`` at which its
    columns land on free slots of a table of ``size``. Returns ``int64`` bases (per row) and the
    table's length used."""
    used = np.zeros(size, np.bool_)
    bases = np.zeros(starts.shape[0] - 1, np.int64)
    top = free = 0
    for r in range(bases.shape[0]):
        a, b = starts[r], starts[r + 1]
        while used[free]:
            free += 1
        base = max(0, free - columns[a])
        fits = False
        while not fits:
            fits = True
            for j in range(a, b):
                if used[columns[j] + base]:
                    fits = False
                    base += 1
                    break
        for j in range(a, b):
            used[columns[j] + base] = True
        top = max(top, columns[b - 1] + base + 1)
        bases[r] = base
    return bases, top


def row_offsets(hashes: np.ndarray, cached: bool = True) -> np.ndarray:
    """``int32 (2**(HASH_BITS - ROW_BITS),)``: ``Tables.row_offset`` for the rank ``hashes`` (``int64 (n,)``,
    distinct), found by ``first_fit_nb`` (2–13 s), or read from the cache file that an earlier call
    wrote beside numba's cache of this module (``__pycache__`` or ``NUMBA_CACHE_DIR``) unless not
    ``cached``; the search's result is written there."""
    tag = hashlib.sha1(np.sort(hashes).tobytes() + bytes([ROW_BITS, 1])).hexdigest()[:16]
    folder = Path(numba.config.CACHE_DIR or Path(__file__).parent / "__pycache__")
    path = folder / f"eval52_row_offset_{tag}.npy"
    try:
        offset = np.load(path) if cached else None
        if offset is not None and offset.shape == (2 ** (HASH_BITS - ROW_BITS),) and offset.dtype == np.int32:
            return offset
    except (OSError, ValueError):
        pass
    rows, columns = hashes >> ROW_BITS, hashes & (2**ROW_BITS - 1)
    _, row_of, sizes = np.unique(rows, return_inverse=True, return_counts=True)
    order = np.lexsort((columns, rows, -sizes[row_of]))  # largest rows first, then by row and column
    starts = np.concatenate([[0], np.flatnonzero(np.diff(rows[order])) + 1, [len(order)]])
    bases, _ = first_fit_nb(columns[order], starts, 4 * len(hashes))
    offset = np.zeros(2 ** (HASH_BITS - ROW_BITS), np.int32)
    first_rows = rows[order[starts[:-1]]]
    offset[first_rows] = bases - (first_rows << ROW_BITS)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / f"{path.name}.{os.getpid()}.tmp"
        with open(partial, "wb") as file:
            np.save(file, offset)
        os.replace(partial, path)
    except OSError:
        pass  # read-only: search again next time
    return offset


def card_keys() -> np.ndarray:
    """``uint64 (52,)``: the ``Tables.card_key`` table."""
    rank, suit = np.divmod(np.arange(N_CARDS), 4)
    hashed = (np.array(RANK_WEIGHT, np.int64)[rank] * HASH_MULTIPLIER) % 2**HASH_BITS
    return (hashed.astype(np.uint64) << np.uint64(HASH_SHIFT)) + (np.uint64(1) << (4 * suit).astype(np.uint64))


@functools.cache
def tables() -> Tables:
    """Build the evaluator tables once per process (≈ 0.3–0.8 s with the offsets cached, 2–13 s without).

    Raises ``ValueError`` if the rank hashes and offsets do not index the multisets distinctly."""
    counts = rank_multisets()
    hashes = rank_hashes(counts)
    offset = row_offsets(hashes)
    index = hashes + offset[hashes >> ROW_BITS]
    if len(np.unique(index)) < len(index) or index.min() < 0:  # e.g. a corrupt cache file: search again
        offset = row_offsets(hashes, cached=False)
        index = hashes + offset[hashes >> ROW_BITS]
    if len(np.unique(index)) < len(index) or index.min() < 0:
        raise ValueError("the rank hashes or row offsets do not make a perfect hash")
    rank_value = np.zeros(index.max() + 1, np.int32)
    rank_value[index] = rank_values(counts)
    flush_value = flush_values()
    order_value = np.unique(np.concatenate([rank_value[index], flush_value[flush_value > 0]])).astype(np.int32)
    rank_order = np.zeros(len(rank_value), np.uint16)
    rank_order[index] = np.searchsorted(order_value, rank_value[index])
    flush_order = np.where(flush_value > 0, np.searchsorted(order_value, flush_value), 0).astype(np.uint16)
    weights = np.array(RANK_WEIGHT, np.int64)
    built = Tables(card_keys(), offset, weights, rank_value, flush_value, rank_order, flush_order, order_value)
    for array in built:
        array.flags.writeable = False
    return built


@njit(cache=True, inline="always")
def card_bit_nb(c):
    """``uint64``: card ``c``'s bit in a suit mask, ``1 << (16 * suit + rank)``."""
    c = np.uint64(c)
    return np.uint64(1) << (((c & np.uint64(3)) << np.uint64(4)) + (c >> np.uint64(2)))


@njit(cache=True, inline="always")
def flush_suit_nb(key):
    """The suit (0–3) holding five or more of a hand's cards, from its ``key``; -1 if none."""
    f = key & FLUSH_BITS
    if f == 0:
        return -1
    return (f > np.uint64(0x8)) + (f > np.uint64(0x80)) + (f > np.uint64(0x800))


@njit(cache=True, inline="always")
def rank_index_nb(key, t):
    """``uint64``: the index in ``t.rank_value`` (and ``t.rank_order``) of the rank multiset of a
    hand of 5 to 7 cards, from its ``key``: its rank hash plus its row's offset (OMPEval's perfect
    hash). Unsigned, so that numba adds no negative-index test."""
    h = np.int64(key >> np.uint64(HASH_SHIFT))
    return np.uint64(h + np.int64(t.row_offset[key >> np.uint64(HASH_SHIFT + ROW_BITS)]))


@njit(cache=True, inline="always")
def rank_value_nb(key, t):
    """``int32``: the value of a hand of 5 to 7 cards played without a flush, from its ``key``."""
    return t.rank_value[rank_index_nb(key, t)]


@njit(cache=True, inline="always")
def hand_nb(cards, t):
    """Key and suit mask (both ``uint64``) of the cards of a 1-D array (0 to 7 of them), to add
    cards to (``key + t.card_key[c]``, ``mask | card_bit_nb(c)``) and evaluate with ``value_of_nb``."""
    key, mask = EMPTY_KEY, np.uint64(0)
    for c in cards:
        key += t.card_key[c]
        mask |= card_bit_nb(c)
    return key, mask


@njit(cache=True, inline="always")
def value_of_nb(key, mask, t):
    """``int32``: the value of a hand of 5 to 7 cards from its key and suit mask (``hand_nb``)."""
    suit = flush_suit_nb(key)
    if suit < 0:
        return rank_value_nb(key, t)
    return t.flush_value[(mask >> np.uint64(16 * suit)) & np.uint64(0x1FFF)]


@njit(cache=True, inline="always")
def order_of_nb(key, mask, t):
    """``uint16``: the order of a hand of 5 to 7 cards from its key and suit mask (``hand_nb``):
    the index of its value in ``t.order_value`` (0..7,461), so that orders compare and tie as values."""
    suit = flush_suit_nb(key)
    if suit < 0:
        return t.rank_order[rank_index_nb(key, t)]
    return t.flush_order[(mask >> np.uint64(16 * suit)) & np.uint64(0x1FFF)]


@njit(cache=True, inline="always")
def flush_shift_nb(key):
    """``uint64``: ``16 * suit`` for the suit holding five or more of a hand's cards (``key &
    FLUSH_BITS`` non-zero), the position of that suit's ranks in a suit mask."""
    f = key & FLUSH_BITS
    return np.uint64(((f > np.uint64(0x8)) + (f > np.uint64(0x80)) + (f > np.uint64(0x800))) * 16)


@njit(cache=True, inline="always")
def row_mask7_nb(cards, i):
    """``uint64``: the suit mask (``card_bit_nb``) of the seven cards of row ``i`` of ``cards``."""
    return (
        card_bit_nb(cards[i, 0])
        | card_bit_nb(cards[i, 1])
        | card_bit_nb(cards[i, 2])
        | card_bit_nb(cards[i, 3])
        | card_bit_nb(cards[i, 4])
        | card_bit_nb(cards[i, 5])
        | card_bit_nb(cards[i, 6])
    )


@njit(cache=True, inline="always")
def row_key7_nb(cards, i, t):
    """``uint64``: the key of the seven cards of row ``i`` of ``cards`` (``uint8 (n, 7)``)."""
    k = t.card_key
    return (
        EMPTY_KEY
        + k[cards[i, 0]]
        + k[cards[i, 1]]
        + k[cards[i, 2]]
        + k[cards[i, 3]]
        + k[cards[i, 4]]
        + k[cards[i, 5]]
        + k[cards[i, 6]]
    )


@njit(cache=True, inline="always")
def flush_mask_nb(cards, suit):
    """The 13-bit mask of the ranks of suit ``suit`` among ``cards`` (a 1-D array or a tuple)."""
    mask = np.uint32(0)
    for c in cards:
        if (c & 3) == suit:
            mask |= np.uint32(1) << np.uint32(c >> 2)
    return mask


@njit(cache=True, inline="always")
def value_nb(cards, t):
    """``int32``: the value of the 5 to 7 cards of a 1-D array (``uint8``); numba equivalent of
    ``sniper.games.poker52.value``."""
    key = EMPTY_KEY
    for c in cards:
        key += t.card_key[c]
    suit = flush_suit_nb(key)
    if suit < 0:
        return rank_value_nb(key, t)
    return t.flush_value[flush_mask_nb(cards, suit)]


@njit(cache=True, inline="always")
def value7_nb(c0, c1, c2, c3, c4, c5, c6, t):
    """``int32``: the value of seven cards; numba equivalent of ``sniper.games.poker52.value``."""
    k = t.card_key
    key = EMPTY_KEY + k[c0] + k[c1] + k[c2] + k[c3] + k[c4] + k[c5] + k[c6]
    suit = flush_suit_nb(key)
    if suit < 0:
        return rank_value_nb(key, t)
    return t.flush_value[flush_mask_nb((c0, c1, c2, c3, c4, c5, c6), suit)]


@njit(cache=True, **NO_REFCOUNT)
def values_into_nb(cards, t, out):
    """Write the values of the rows of ``cards`` (``uint8 (n, k)``, ``k`` 5–7) into ``out`` (``int32 (n,)``).

    Compiled without reference counting (``kernels.NO_REFCOUNT``): with it, the row views cost
    two thirds of the time (``experiments/README.md``, "The 52-card evaluator"). Seven cards: every
    hand's rank value is stored first, then overwritten for the ≈ 3% with a flush, whose suit mask
    is built from the row read again (the store before it keeps numba from holding the seven cards
    in registers across the test; OMPEval keeps the suit mask in each hand instead).
    """
    if cards.shape[1] == MAX_CARDS:
        for i in range(cards.shape[0]):
            key = row_key7_nb(cards, i, t)
            out[i] = t.rank_value[rank_index_nb(key, t)]
            if key & FLUSH_BITS:
                out[i] = t.flush_value[(row_mask7_nb(cards, i) >> flush_shift_nb(key)) & np.uint64(0x1FFF)]
    else:
        for i in range(cards.shape[0]):
            out[i] = value_nb(cards[i], t)


@njit(cache=True)
def values_nb(cards, t):
    """Values ``int32 (n,)`` of the hands ``uint8 (n, k)`` (``k`` 5–7 distinct cards ``0..51`` per row).

    ``t`` is ``tables()``. Numba equivalent of ``sniper.games.poker52.value``, row by row.
    """
    out = np.empty(cards.shape[0], np.int32)
    values_into_nb(cards, t, out)
    return out


@njit(cache=True, **NO_REFCOUNT)
def orders_into_nb(cards, t, out):
    """Write the orders of the rows of ``cards`` (``uint8 (n, k)``, ``k`` 5–7) into ``out`` (``uint16 (n,)``).

    A hand's order is the index of its value in ``t.order_value`` (0..7,461): orders compare and tie
    as values (``sniper.games.poker52.value``), so callers that only compare hands can use them,
    from tables of half the size (``uint16``). ``values_into_nb``'s loop otherwise.
    """
    if cards.shape[1] == MAX_CARDS:
        for i in range(cards.shape[0]):
            key = row_key7_nb(cards, i, t)
            out[i] = t.rank_order[rank_index_nb(key, t)]
            if key & FLUSH_BITS:
                out[i] = t.flush_order[(row_mask7_nb(cards, i) >> flush_shift_nb(key)) & np.uint64(0x1FFF)]
    else:
        for i in range(cards.shape[0]):
            key, mask = hand_nb(cards[i], t)
            out[i] = order_of_nb(key, mask, t)


PAR_BLOCK = 65536
"""Rows per parallel task of ``values_par_into_nb`` and ``orders_par_into_nb``."""


@njit(cache=True, parallel=True)
def values_par_into_nb(cards, t, out):
    """Parallel (``prange`` over blocks of ``PAR_BLOCK`` rows) version of ``values_into_nb``."""
    n = cards.shape[0]
    for block in prange((n + PAR_BLOCK - 1) // PAR_BLOCK):
        stop = min(n, (block + 1) * PAR_BLOCK)
        values_into_nb(cards[block * PAR_BLOCK : stop], t, out[block * PAR_BLOCK : stop])


@njit(cache=True, parallel=True)
def orders_par_into_nb(cards, t, out):
    """Parallel (``prange`` over blocks of ``PAR_BLOCK`` rows) version of ``orders_into_nb``."""
    n = cards.shape[0]
    for block in prange((n + PAR_BLOCK - 1) // PAR_BLOCK):
        stop = min(n, (block + 1) * PAR_BLOCK)
        orders_into_nb(cards[block * PAR_BLOCK : stop], t, out[block * PAR_BLOCK : stop])


@njit(cache=True, **NO_REFCOUNT)
def board_values_into_nb(board, holes, t, out):
    """Write into ``out`` (``int32 (n,)``) the values of ``board`` (``uint8 (b,)``, 3 to 5 cards)
    with each row of ``holes`` (``uint8 (n, 2)``): the board's key is summed once."""
    key, mask = hand_nb(board, t)
    for i in range(holes.shape[0]):
        a, b = holes[i, 0], holes[i, 1]
        out[i] = value_of_nb(key + t.card_key[a] + t.card_key[b], mask | card_bit_nb(a) | card_bit_nb(b), t)


def warmup() -> None:
    """Build the tables and compile every kernel for ``uint8`` cards."""
    t = tables()
    for k in range(MIN_CARDS, MAX_CARDS + 1):
        cards = np.arange(k, dtype=np.uint8)[None, :]
        out = values_nb(cards, t)
        values_par_into_nb(cards, t, out)
        orders = np.empty(1, np.uint16)
        orders_into_nb(cards, t, orders)
        orders_par_into_nb(cards, t, orders)
    board_values_into_nb(np.arange(5, dtype=np.uint8), np.array([[50, 51]], np.uint8), t, out)
