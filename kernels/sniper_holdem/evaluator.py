"""Table-driven 6-card evaluator: the numba equivalent of ``sniper.games.sniper_holdem.hands.best_hand``/``strength``
(R8).

Design (see ``shared/PERFORMANCE.md``):

- A card ``c`` (1–10) has the count key ``5**(c-1)`` (``POW5[c]``). Counts never exceed 4, so the
  sum of six cards' keys is the exact count vector in base 5: the key of a hand by numbers.
- The dense rank of a hand is the position of its best five cards' ``(category, numbers)`` among
  the 4,905 hands by numbers, ordered as R8 steps 1–2 (1,489 distinct ranks).
- Strength key (``int32``) = ``rank * 121 + high_private * 11 + low_private``: it orders exactly as
  ``sniper.games.sniper_holdem.hands.strength(best_hand(...), private, rules="ours")`` (R8 steps 1–4).
- ``BASE[key]`` (dense ``uint32`` array over all count keys up to ``MAX_KEY``, 34 MB of which only
  the 4,905 entries in use are ever read, so they stay in cache) holds ``rank * 121``; a hand then
  costs six small-table reads, one lookup and two additions. Entries that are no 6-card hand are 0.
- Small per-rank tables give the category, the top number, the snipe code (``kernels.sniper_holdem.codes.SNIPE_CODE``,
  ``-1`` if not a legal name, which never happens for six cards) and the five numbers.

The tables are built in numpy and plain Python from count vectors (about 0.1 s), then loaded from the
kernels' disk cache (``BASE``'s entries in use only), by ``tables()``. Kernels take them as arguments: a
17 MB global would be frozen into every compiled function.

Batch kernels take ``uint8`` or ``int8`` arrays of shape ``(n, 6)``, columns 0–1 the private
cards, and do no validation: ``sniper.games.sniper_holdem.evaluator`` validates and calls them.
"""

import functools
from itertools import combinations_with_replacement
from typing import NamedTuple

import numpy as np
from numba import prange

from kernels.jit import SOURCES_DIGEST, cached_arrays, njit
from kernels.sniper_holdem.codes import COPIES, N_NUMBERS, SNIPE_CODE, Category

PRIVATE_BASE = 121
"""Strength key = rank * PRIVATE_BASE + high private * 11 + low private."""
PRIVATE_BASE_U32 = np.uint32(PRIVATE_BASE)
"""``PRIVATE_BASE`` as the kernels' key dtype (uint32), for jitted arithmetic on keys."""

POW5 = np.array([0] + [5 ** (n - 1) for n in range(1, N_NUMBERS + 1)], dtype=np.uint32)
"""Count key of a card: ``POW5[c] = 5**(c-1)`` for ``c`` in 1..10; ``POW5[0] = 0`` (no card)."""

MAX_KEY = COPIES * 5 ** (N_NUMBERS - 1) + 2 * 5 ** (N_NUMBERS - 2)
"""Largest count key of six cards: four 10s and two 9s."""

PRIVATE_PART = np.zeros((N_NUMBERS + 1, N_NUMBERS + 1), dtype=np.uint32)
for _a in range(1, N_NUMBERS + 1):
    for _b in range(1, N_NUMBERS + 1):
        PRIVATE_PART[_a, _b] = max(_a, _b) * 11 + min(_a, _b)
"""``PRIVATE_PART[a, b] = max(a, b) * 11 + min(a, b)``: the private-card part of a strength key (R8)."""


def hand_from_counts(counts) -> tuple[int, tuple[int, ...]]:
    """Best five of six cards given by counts: ``(category, numbers)`` as in ``sniper.games.sniper_holdem.hands.Hand``
    (R8).

    ``counts[n]`` is the number of cards ``n`` (index 0 unused), summing to 6 with at most 4 each.
    ``numbers`` are the five cards in R8 comparison order; straights do not wrap.
    """
    desc = [n for n in range(N_NUMBERS, 0, -1) for _ in range(counts[n])]

    def rest(*used: int) -> list[int]:
        left = list(desc)
        for n in used:
            left.remove(n)
        return left

    quads = [n for n in range(N_NUMBERS, 0, -1) if counts[n] == 4]
    trips = [n for n in range(N_NUMBERS, 0, -1) if counts[n] == 3]
    pairs = [n for n in range(N_NUMBERS, 0, -1) if counts[n] == 2]
    if quads:
        q = quads[0]
        return int(Category.FOUR_OF_A_KIND), (q,) * 4 + (rest(q, q, q, q)[0],)
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        p = max(trips[1:] + pairs)
        return int(Category.FULL_HOUSE), (t,) * 3 + (p,) * 2
    for top in range(N_NUMBERS, 4, -1):
        if all(counts[n] for n in range(top - 4, top + 1)):
            return int(Category.STRAIGHT), tuple(range(top, top - 5, -1))
    if trips:
        t = trips[0]
        return int(Category.THREE_OF_A_KIND), (t,) * 3 + tuple(rest(t, t, t)[:2])
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        return int(Category.TWO_PAIR), (hi, hi, lo, lo, rest(hi, hi, lo, lo)[0])
    if pairs:
        p = pairs[0]
        return int(Category.ONE_PAIR), (p, p) + tuple(rest(p, p)[:3])
    return int(Category.HIGH_CARD), tuple(desc[:5])


def all_count_vectors() -> list[tuple[int, ...]]:
    """The 4,905 hands of six cards by numbers, as count vectors of length 11 (index 0 unused)."""
    vectors = []
    for cards in combinations_with_replacement(range(1, N_NUMBERS + 1), 6):
        counts = [0] * (N_NUMBERS + 1)
        for c in cards:
            counts[c] += 1
        if max(counts) <= COPIES:
            vectors.append(tuple(counts))
    return vectors


class Tables(NamedTuple):
    """Evaluator tables (see the module docstring); all read-only numpy arrays."""

    base: np.ndarray
    """``uint32`` of shape ``(MAX_KEY + 1,)``: count key → ``rank * 121`` (rank of (category, numbers))."""
    category: np.ndarray
    """``uint8`` of shape ``(n_ranks,)``: rank → ``Category``."""
    top: np.ndarray
    """``uint8`` of shape ``(n_ranks,)``: rank → top number."""
    snipe: np.ndarray
    """``int8`` of shape ``(n_ranks,)``: rank → snipe code 0..59, or -1 if not a legal name."""
    numbers: np.ndarray
    """``uint8`` of shape ``(n_ranks, 5)``: rank → the five numbers in R8 comparison order."""


@functools.cache
def tables() -> Tables:
    """The evaluator tables, read-only, once per process: ``build_tables()``, kept in the kernels' disk cache
    (``kernels.jit.cached_arrays``, keyed by ``SOURCES_DIGEST``) with ``base`` as its entries in use (``keys``,
    ``ranks``) and filled in again here: about 0.1 s to build, a few ms to load."""
    stored = cached_arrays("sniper-holdem-tables", SOURCES_DIGEST, _stored_tables)
    base = np.zeros(MAX_KEY + 1, dtype=np.uint32)
    base[stored["keys"]] = stored["ranks"]
    built = Tables(base, stored["category"], stored["top"], stored["snipe"], stored["numbers"])
    for array in built:
        array.flags.writeable = False
    return built


def _stored_tables() -> dict[str, np.ndarray]:
    """``build_tables()`` as ``tables()`` stores it: ``base``'s nonzero entries (``keys``, ``ranks``), the rest."""
    built = build_tables()._asdict()
    base = built.pop("base")
    keys = np.flatnonzero(base)
    return {"keys": keys, "ranks": base[keys], **built}


def build_tables() -> Tables:
    """Build the evaluator tables (module docstring; about 0.1 s)."""
    vectors = all_count_vectors()
    hands = [hand_from_counts(v) for v in vectors]
    distinct = sorted(set(hands))
    rank_of = {h: r for r, h in enumerate(distinct)}
    keys = np.array([sum(int(POW5[n]) * v[n] for n in range(1, N_NUMBERS + 1)) for v in vectors])
    base = np.zeros(MAX_KEY + 1, dtype=np.uint32)
    base[keys] = [rank_of[h] * PRIVATE_BASE for h in hands]
    category = np.array([c for c, _ in distinct], dtype=np.uint8)
    numbers = np.array([nums for _, nums in distinct], dtype=np.uint8)
    top = numbers[:, 0].copy()
    snipe = np.array([SNIPE_CODE.get((c, nums[0]), -1) for c, nums in distinct], dtype=np.int8)
    return Tables(base, category, top, snipe, numbers)


@njit(cache=True, inline="always")
def key_of_nb(c0, c1, c2, c3, c4, c5, base):
    """Strength key (``int32``) of one hand: private ``c0, c1``, board ``c2..c5`` (R8)."""
    a = np.uint32(c0)
    b = np.uint32(c1)
    k = POW5[a] + POW5[b] + POW5[np.uint32(c2)] + POW5[np.uint32(c3)]
    k += POW5[np.uint32(c4)] + POW5[np.uint32(c5)]
    return np.int32(base[k] + max(a, b) * np.uint32(11) + min(a, b))


@njit(cache=True)
def evaluate_into_nb(cards, base, out):
    """Write the strength keys of ``cards`` into ``out`` (``int32 (n,)``); see ``evaluate_nb``."""
    for i in range(cards.shape[0]):
        out[i] = key_of_nb(cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3], cards[i, 4], cards[i, 5], base)


@njit(cache=True)
def evaluate_nb(cards, base):
    """Strength keys ``int32 (n,)`` of ``cards``: ``uint8``/``int8`` ``(n, 6)``, columns 0–1 private.

    ``base`` is ``tables().base``. Numba equivalent of ``sniper.games.sniper_holdem.hands.strength(best_hand(...))``
    (R8):
    keys order exactly as the reference strength tuples.
    """
    out = np.empty(cards.shape[0], np.int32)
    evaluate_into_nb(cards, base, out)
    return out


PAR_BLOCK = 65536
"""Rows per parallel task of ``evaluate_par_into_nb``."""


@njit(cache=True, parallel=True)
def evaluate_par_into_nb(cards, base, out):
    """Parallel (``prange`` over blocks of ``PAR_BLOCK`` rows) version of ``evaluate_into_nb``."""
    n = cards.shape[0]
    n_blocks = (n + PAR_BLOCK - 1) // PAR_BLOCK
    for block in prange(n_blocks):
        for i in range(block * PAR_BLOCK, min(n, (block + 1) * PAR_BLOCK)):
            out[i] = key_of_nb(cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3], cards[i, 4], cards[i, 5], base)


@njit(cache=True)
def evaluate_par_nb(cards, base):
    """Parallel version of ``evaluate_nb``: same arguments, same result."""
    out = np.empty(cards.shape[0], np.int32)
    evaluate_par_into_nb(cards, base, out)
    return out


@njit(cache=True)
def category_top_nb(keys, category, top):
    """Category and top number (``uint8`` arrays of shape ``(n,)``) of strength keys ``int32 (n,)`` (R8)."""
    n = keys.shape[0]
    cat = np.empty(n, np.uint8)
    tp = np.empty(n, np.uint8)
    for i in range(n):
        r = np.uint32(keys[i]) // np.uint32(PRIVATE_BASE)
        cat[i] = category[r]
        tp[i] = top[r]
    return cat, tp


@njit(cache=True)
def snipe_codes_nb(keys, snipe):
    """Snipe codes, ``int8 (n,)`` (-1: not a legal name), of hands by strength keys ``int32 (n,)`` (R7)."""
    n = keys.shape[0]
    out = np.empty(n, np.int8)
    for i in range(n):
        out[i] = snipe[np.uint32(keys[i]) // np.uint32(PRIVATE_BASE)]
    return out


def warmup(dtypes: tuple = (np.uint8,)) -> None:
    """Build the tables and compile every evaluator kernel for cards of ``dtypes``.

    ``sniper.games.sniper_holdem.evaluator`` passes ``uint8`` only; add ``np.int8`` if you call the kernels with it.
    """
    t = tables()
    keys = np.zeros(1, np.int32)
    for dtype in dtypes:
        cards = np.ones((1, 6), dtype=dtype)
        cards[0, 4:] = 2
        keys = evaluate_nb(cards, t.base)
        evaluate_par_nb(cards, t.base)
        evaluate_into_nb(cards, t.base, keys)
        evaluate_par_into_nb(cards, t.base, keys)
    category_top_nb(keys, t.category, t.top)
    snipe_codes_nb(keys, t.snipe)
