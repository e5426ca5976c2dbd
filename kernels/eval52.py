"""52-card poker hands in numba: the numba equivalent of ``sniper.games.poker52.cards.value``.

The value of the best five of 5 to 7 cards (GAMES.md, "Shared for all three"), the same integer
as the Python reference: cards are ``0..51`` with ``card = 4 * rank + suit`` (ranks 0–12 for
2…A, suits 0–3), and a value is ``category * 13**5 + k1 * 13**4 + … + k5`` (category 0 high card
… 8 straight flush, ``k1..k5`` the ranks in comparison order; ``int32``, at most 3,313,076).

Design (after OMPEval, github.com/zekyll/OMPEval): a hand is one ``uint64`` key, the sum of its
cards' keys (``Tables.card_key``) and ``EMPTY_KEY``:

- bits 0–15 count each suit's cards in a nibble started at 3, so bit 3 of nibble ``s`` is set
  once suit ``s`` holds five cards (``key & FLUSH_BITS``; at most one suit can among 7 cards,
  and then no full house or four of a kind can be made);
- bits 16–29 hold the counts of ranks 0–5 in base 5 (the *low* pattern, ``< 5**6``) and bits
  32–48 those of ranks 6–12 (the *high* pattern, ``< 5**7``): counts never exceed 4, so the sums
  are exact and the key names the multiset of ranks.

Without a flush, ``value = rank_value[low_base[low] + high_index[high]]``: a minimal perfect hash
of the 73,775 multisets of 5 to 7 ranks. ``high_index`` numbers the high patterns by (number of
cards, pattern); a low pattern of ``m`` cards goes with the high patterns of ``5 - m`` to
``7 - m`` cards, which are consecutive in that numbering, and ``low_base`` places each low
pattern's block after the previous one. It is a mixed-radix ranking built directly, where
OMPEval searches row-displacement offsets (a search of seconds in Python, or a shipped table).
With a flush, ``value = flush_value[mask]``, ``mask`` the 13-bit set of that suit's ranks.
A 7-card hand costs 7 reads and adds, one test and three reads (two of them independent). The
value tables (``tables()``, about 0.1 s to build in numpy, then loaded from the kernels' disk cache) take
547 kB, of which random seven-card hands touch ≈ 260 kB (cache lines; ``rank_value`` ≈ 212 kB of it).

A hand's *order* is the index of its value among the 7,462 distinct values (``order_value``):
orders compare and tie as values, from ``uint16`` tables (``rank_order``, ``flush_order``) of half
the size, so callers that only compare hands use them (``order_of_nb``, ``orders_into_nb``); on
random seven-card hands that is ≈ 10% faster (``experiments/README.md``, "Beside OMPEval").

Kernels take the ``Tables`` as one argument and do no validation: ``sniper.games.poker52.eval52``
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
from typing import NamedTuple

import numpy as np
from numba import prange

from kernels import NO_REFCOUNT
from kernels.jit import SOURCES_DIGEST, cached_arrays, njit

N_RANKS = 13
"""Ranks 0–12: 2, 3, …, K, A."""
N_CARDS = 52
"""Cards ``0..51``: ``4 * rank + suit``."""
BASE = 13
"""A value is ``category * BASE**5 + k1 * BASE**4 + … + k5`` (``sniper.games.poker52``)."""
HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = range(9)
"""The categories, lowest first (``sniper.games.poker52.CATEGORIES``)."""
LOW_RANKS = 6
"""Ranks ``0..LOW_RANKS-1`` make the low pattern, the others the high pattern."""
LOW_SHIFT, HIGH_SHIFT = 16, 32
"""Bit positions of the low and high patterns in a key."""
LOW_MASK = np.uint64(0x3FFF)
"""Bits of the low pattern (``5**6 - 1 < 2**14``), once shifted down."""
EMPTY_KEY = np.uint64(0x3333)
"""The key of no cards: each suit counter started at 3."""
FLUSH_BITS = np.uint64(0x8888)
"""Bit 3 of each suit counter: set once that suit holds five cards."""
MIN_CARDS, MAX_CARDS = 5, 7
"""A hand has 5 to 7 cards."""


class Tables(NamedTuple):
    """The evaluator's tables (module docstring), read-only numpy arrays built by ``tables()``."""

    card_key: np.ndarray
    """``uint64 (52,)``: card → its key (``1 << 4 * suit`` plus ``5**rank`` in its pattern's bits)."""
    low_base: np.ndarray
    """``int32 (5**6,)``: low pattern → start of its block in ``rank_value``, less the index of
    its first high pattern (entries of more than 7 cards are 0)."""
    high_index: np.ndarray
    """``uint16 (5**7,)``: high pattern → its number among the patterns of at most 7 cards,
    ordered by (cards, pattern) (entries of more than 7 cards are 0)."""
    rank_value: np.ndarray
    """``int32 (73775,)``: the value of each multiset of 5 to 7 ranks played without a flush."""
    flush_value: np.ndarray
    """``int32 (8192,)``: 13-bit rank mask of one suit → value of its flush or straight flush
    (0 for masks of fewer than five ranks)."""
    rank_order: np.ndarray
    """``uint16 (73775,)``: ``rank_value``'s entries as orders (the index of the value in
    ``order_value``)."""
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
    """Values of rank multisets played without a flush, as ``sniper.games.poker52.cards.value`` ranks
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


def patterns(n_ranks: int) -> np.ndarray:
    """``int64 (5**n_ranks, n_ranks)``: the base-5 digits (counts) of every pattern of ``n_ranks`` ranks."""
    return (np.arange(5**n_ranks)[:, None] // 5 ** np.arange(n_ranks)) % 5


def card_keys() -> np.ndarray:
    """``uint64 (52,)``: the ``Tables.card_key`` table."""
    rank, suit = np.divmod(np.arange(N_CARDS), 4)
    low = np.where(rank < LOW_RANKS, 5 ** np.minimum(rank, LOW_RANKS - 1), 0) << LOW_SHIFT
    high = np.where(rank >= LOW_RANKS, 5 ** np.maximum(rank - LOW_RANKS, 0), 0) << HIGH_SHIFT
    return (low + high + (1 << 4 * suit)).astype(np.uint64)


@functools.cache
def tables() -> Tables:
    """The evaluator tables, read-only, once per process: ``build_tables()``, kept in the kernels' disk cache
    (``kernels.jit.cached_arrays``, keyed by ``SOURCES_DIGEST``): about 0.1 s to build, a few ms to load."""
    built = Tables(**cached_arrays("eval52-tables", SOURCES_DIGEST, lambda: build_tables()._asdict()))
    for array in built:
        array.flags.writeable = False
    return built


def build_tables() -> Tables:
    """Build the evaluator tables (module docstring; about 0.1 s in numpy)."""
    low, high = patterns(LOW_RANKS), patterns(N_RANKS - LOW_RANKS)
    low_cards, high_cards = low.sum(1), high.sum(1)
    high_order = np.flatnonzero(high_cards <= MAX_CARDS)
    high_order = high_order[np.argsort(high_cards[high_order], kind="stable")]
    high_index = np.zeros(len(high), np.uint16)
    high_index[high_order] = np.arange(len(high_order))
    first = np.searchsorted(high_cards[high_order], np.arange(MAX_CARDS + 2))  # first index of each size
    blocks = np.flatnonzero(low_cards <= MAX_CARDS)  # low patterns, each with its block of high ones
    begin = first[np.maximum(0, MIN_CARDS - low_cards[blocks])]
    length = first[MAX_CARDS + 1 - low_cards[blocks]] - begin
    start = np.cumsum(length) - length
    low_base = np.zeros(len(low), np.int32)
    low_base[blocks] = start - begin
    rows = np.arange(length.sum())
    high_rows = high_order[rows - np.repeat(start - begin, length)]
    counts = np.hstack([low[np.repeat(blocks, length)], high[high_rows]])
    rank_value = rank_values(counts).astype(np.int32)
    flush_value = flush_values()
    order_value = np.unique(np.concatenate([rank_value, flush_value[flush_value > 0]])).astype(np.int32)
    rank_order = np.searchsorted(order_value, rank_value).astype(np.uint16)
    flush_order = np.where(flush_value > 0, np.searchsorted(order_value, flush_value), 0).astype(np.uint16)
    return Tables(card_keys(), low_base, high_index, rank_value, flush_value, rank_order, flush_order, order_value)


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
    hand of 5 to 7 cards, from its ``key``. Unsigned, so that numba adds no negative-index test."""
    low = (key >> np.uint64(LOW_SHIFT)) & LOW_MASK
    return np.uint64(np.int64(t.low_base[low]) + np.int64(t.high_index[key >> np.uint64(HIGH_SHIFT)]))


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
    ``sniper.games.poker52.cards.value``."""
    key = EMPTY_KEY
    for c in cards:
        key += t.card_key[c]
    suit = flush_suit_nb(key)
    if suit < 0:
        return rank_value_nb(key, t)
    return t.flush_value[flush_mask_nb(cards, suit)]


@njit(cache=True, inline="always")
def value7_nb(c0, c1, c2, c3, c4, c5, c6, t):
    """``int32``: the value of seven cards; numba equivalent of ``sniper.games.poker52.cards.value``."""
    k = t.card_key
    key = EMPTY_KEY + k[c0] + k[c1] + k[c2] + k[c3] + k[c4] + k[c5] + k[c6]
    suit = flush_suit_nb(key)
    if suit < 0:
        return rank_value_nb(key, t)
    return t.flush_value[flush_mask_nb((c0, c1, c2, c3, c4, c5, c6), suit)]


@njit(cache=True, inline="always")
def row7_into_nb(cards, i, key, t, rank_table, flush_table, out):
    """Write into ``out[i]`` the entry of ``rank_table`` (``t.rank_value`` or ``t.rank_order``) of row ``i``
    of ``cards`` (``uint8 (n, 7)``) of key ``key`` (``row_key7_nb``), or with a flush that of
    ``flush_table`` (``t.flush_value`` or ``t.flush_order``). The rank entry is stored first and
    overwritten for the ≈ 3% with a flush, whose suit mask is built from the row read again (the
    store before it keeps numba from holding the seven cards in registers across the test;
    OMPEval keeps the suit mask in each hand instead)."""
    out[i] = rank_table[rank_index_nb(key, t)]
    if key & FLUSH_BITS:
        out[i] = flush_table[(row_mask7_nb(cards, i) >> flush_shift_nb(key)) & np.uint64(0x1FFF)]


@njit(cache=True, inline="always")
def rows7_into_nb(cards, t, rank_table, flush_table, out):
    """Write ``row7_into_nb`` of every row of ``cards`` (``uint8 (n, 7)``) into ``out`` (``(n,)``, the
    tables' dtype): ``values_into_nb``'s and ``orders_into_nb``'s seven-card loop.

    Each row's key is summed two rows before its lookup (held in scalars ``k0``, ``k1`` meanwhile), so
    the flush test of a row (a branch taken by ≈ 3% of random hands, so mispredicted about as often)
    waits for no load of its own row: presumably a mispredicted test is resolved at once instead of
    after the seven cards' and keys' loads. On random seven-card hands, CPU time against OMPEval:
    values 1.08–1.10× → 1.21–1.23×, orders 1.18–1.20× → 1.33–1.34× (``experiments/README.md``,
    "Keys summed two rows ahead"). The last two rows (or fewer) are done first, unpipelined.
    """
    n = cards.shape[0]
    for i in range(max(n - 2, 0), n):
        row7_into_nb(cards, i, row_key7_nb(cards, i, t), t, rank_table, flush_table, out)
    if n <= 2:
        return
    k0, k1 = row_key7_nb(cards, 0, t), row_key7_nb(cards, 1, t)
    for i in range(n - 2):
        k2 = row_key7_nb(cards, i + 2, t)
        row7_into_nb(cards, i, k0, t, rank_table, flush_table, out)
        k0, k1 = k1, k2


@njit(cache=True, **NO_REFCOUNT)
def values_into_nb(cards, t, out):
    """Write the values of the rows of ``cards`` (``uint8 (n, k)``, ``k`` 5–7) into ``out`` (``int32 (n,)``).

    Compiled without reference counting (``kernels.NO_REFCOUNT``): with it, the row views cost
    two thirds of the time (``experiments/README.md``, "The 52-card evaluator"). Seven cards:
    ``rows7_into_nb`` (keys summed two rows ahead, the flush suit mask only for hands with a flush).
    """
    if cards.shape[1] == MAX_CARDS:
        rows7_into_nb(cards, t, t.rank_value, t.flush_value, out)
    else:
        for i in range(cards.shape[0]):
            out[i] = value_nb(cards[i], t)


@njit(cache=True)
def values_nb(cards, t):
    """Values ``int32 (n,)`` of the hands ``uint8 (n, k)`` (``k`` 5–7 distinct cards ``0..51`` per row).

    ``t`` is ``tables()``. Numba equivalent of ``sniper.games.poker52.cards.value``, row by row.
    """
    out = np.empty(cards.shape[0], np.int32)
    values_into_nb(cards, t, out)
    return out


@njit(cache=True, **NO_REFCOUNT)
def orders_into_nb(cards, t, out):
    """Write the orders of the rows of ``cards`` (``uint8 (n, k)``, ``k`` 5–7) into ``out`` (``uint16 (n,)``).

    A hand's order is the index of its value in ``t.order_value`` (0..7,461): orders compare and tie
    as values (``sniper.games.poker52.cards.value``), so callers that only compare hands can use them,
    from tables of half the size (``uint16``). ``values_into_nb``'s loops otherwise (``rows7_into_nb``).
    """
    if cards.shape[1] == MAX_CARDS:
        rows7_into_nb(cards, t, t.rank_order, t.flush_order, out)
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
