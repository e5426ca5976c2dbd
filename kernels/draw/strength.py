"""The strength of five cards and the levels' sampled draws, in numba (GAMES.md D5, D11).

Numba equivalents of the levels' hand-strength helpers: a hand's **order** (``five_card_index`` of
``sniper.games.draw.strength``: 0..7,461, the rank of its value among the 7,462 distinct five-card values,
higher better, equal orders tie) and ``sniper.games.draw.draws.keep_orders`` (the final orders of every legal
keep over sampled draws).

The order is looked up from the key ``kernels.eval52`` looks a value up by (``hand_nb``: the sum of the cards'
keys) and the suit mask: a flush in ``LevelTables.flush_order`` (``eval52``'s ``flush_value`` as orders), any other
five cards by their ranks (the key's bits 16 and up), in a perfect hash of the 6,175 five-card rank multisets
small enough to stay in the L1 cache (``five_slot``, 4 kB, and ``five_order``, 16 kB, against the 370 kB of
``eval52``'s ``low_base``, ``high_index`` and a ``rank_order``, read sparsely: ``order_of_nb``). The tables are
built by ``sniper.games.draw.kernel_engine.level_tables`` from the reference's ``five_card_hands().values``. The
tables of ``strength ** n`` (``strength.power_table``) and of the easy chart's keeps (``levels.chart_keep_sets``)
are built there too, from the reference: one truth, which the kernels look up.
"""

from typing import NamedTuple

import numpy as np

from kernels import NO_REFCOUNT
from kernels.draw.codes import DISCARD_MASKS, HAND_SIZE, MAX_SEATS, N_KEEPS
from kernels.eval52 import EMPTY_KEY, card_bit_nb, flush_suit_nb
from kernels.jit import njit
from kernels.rng import derive_nb, key_integer_nb

MASKS = np.array(DISCARD_MASKS, np.uint8)
"""``uint8 (26,)``: the legal discard masks in ``engine.DISCARDS`` order (``codes.DISCARD_MASKS``)."""
GONE = np.array([bin(m).count("1") for m in DISCARD_MASKS], np.uint8)
"""``uint8 (26,)``: the cards each keep of ``MASKS`` discards (0–3)."""
BY_GONE = np.array([q for d in range(4) for q in range(len(DISCARD_MASKS)) if GONE[q] == d], np.int64)
"""``int64 (26,)``: the keeps (indices of ``MASKS``) by the cards they discard, 0 to 3: the pat keep, then the five
that discard one card, the ten that discard two and the ten that discard three (``keep_orders_nb``)."""
GONE_FROM = tuple(int((GONE < d).sum()) for d in range(5))
"""``(0, 1, 6, 16, 26)``: where the keeps discarding ``d`` cards start in ``BY_GONE`` (and end: ``d + 1``)."""
N_ORDERS = 7462
"""Distinct five-card values (``len(strength.five_card_hands().values)``)."""
FILL_BLOCK = 8
"""Entries ``ranges.fill_nb`` writes at a time (one 256-bit store of ``int32``); ``Scratch.units`` has as many more
entries than orders."""
FIVE_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)
"""The odd multiplier of ``order_of_nb``'s hash of a five-card key's ranks (the golden ratio's, ``kernels.rng``):
``sniper.games.draw.kernel_engine.five_hash`` checks that it spreads the 6,175 rank multisets of five cards."""
FIVE_BUCKET_BITS, FIVE_SLOT_BITS = 11, 13
"""``order_of_nb``'s hash: the product's top 11 bits pick a ``LevelTables.five_slot`` entry (2,048), the next 13
bits, XOR that entry, the ``five_order`` slot (8,192: 75% of them used)."""


class LevelTables(NamedTuple):
    """The levels' tables, built from the reference by ``sniper.games.draw.kernel_engine.level_tables``."""

    five_slot: np.ndarray
    """``uint16 (2048,)``: the displacement of each bucket of ``order_of_nb``'s perfect hash (``FIVE_BUCKET_BITS``)."""
    five_order: np.ndarray
    """``uint16 (8192,)``: the order of the five-card rank multiset (played without a flush) hashed to each slot
    (``order_of_nb``), 0 at the slots none hashes to."""
    flush_order: np.ndarray
    """``uint16 (8192,)``: ``Tables.flush_value``'s entries as orders (0 for fewer than five ranks)."""
    powers: np.ndarray
    """``float64 (N + 1, 7462)``: row ``n`` is ``strength.power_table(n)`` (row 0 all ones), ``n`` up to the
    largest power a seat's ``normal`` uses."""
    keep_cards: np.ndarray
    """``uint8 (K, 5)``: ``levels.chart_keep_sets()`` for 2, 3, 4 and 5 kept cards, one set per row (its
    cards ascending, the unused columns 0), in that order."""
    keep_start: np.ndarray
    """``int64 (6,)``: the first row of ``keep_cards`` of ``n`` kept cards (2–5)."""
    keep_count: np.ndarray
    """``int64 (6,)``: the rows of ``keep_cards`` of ``n`` kept cards (2–5)."""
    max_tries: int
    """``levels.MAX_TRIES``: proposals per sampled opponent hand in ``hard``'s ranges."""
    share_units: int
    """``levels.SHARE_UNITS``: a pot in integer share units (``hard``'s equity)."""


class Scratch(NamedTuple):
    """The working arrays of the decisions (``new_scratch``), one per thread."""

    unseen: np.ndarray
    """``uint8 (52,)``: the cards a decision has not seen, ascending (``unseen_nb``)."""
    deck: np.ndarray
    """``uint8 (52,)``: a sample's shuffle of ``unseen`` (``keep_orders_nb``; ``hard``'s ``Deal``)."""
    where: np.ndarray
    """``int8 (52,)``: each card's position in ``deck`` (``hard``'s ``Deal``), -1 if not in it; kept only while
    some opponent has drawn (``ranges.deal_start_nb``'s ``track``; copied from ``fresh`` each sample, 52 bytes)."""
    fresh: np.ndarray
    """``int8 (52,)``: ``where`` of a fresh ``Deal`` of ``unseen`` (``ranges.deal_positions_nb``)."""
    orders: np.ndarray
    """``uint16 (MAX_SEATS, max draw_samples, 26)``: ``keep_orders_nb``'s orders per player, sample and keep."""
    held: np.ndarray
    """``uint64 (MAX_SEATS, 4)``: what each player's ``orders`` hold (``keep_orders_nb``): the key, the five
    cards in order (a byte each), the unseen cards (a bit each) and the samples (0: nothing)."""
    keep_key: np.ndarray
    """``uint64 (26,)``: each keep's kept cards as an evaluator key (``keep_orders_nb``)."""
    keep_mask: np.ndarray
    """``uint64 (26,)``: each keep's kept cards as a suit mask (``keep_orders_nb``)."""
    drawn_one: np.ndarray
    """``uint16 (26, 52)``: the order of each keep of four cards with each unseen card (``keep_orders_nb``)."""
    totals: np.ndarray
    """``float64 (26,)``: ``normal``'s sums per keep."""
    plan: np.ndarray
    """``float64 (MAX_SEATS, 8)``: each player's last ``normal`` plan (``policies.normal_plan_nb``): its inputs (the
    draw worth's two rows and fraction, the bet worth's), then its keep and mean worth."""
    plan_held: np.ndarray
    """``uint64 (MAX_SEATS, 4)``: the ``held`` of the orders each player's ``plan`` was made from."""
    units_total: np.ndarray
    """``int64 (26,)``: ``hard``'s share units per keep."""
    below: np.ndarray
    """``int64 (7463,)``: ``hard``'s samples by best opponent order, shifted by one, times ``ranges.ONE_SAMPLE``
    plus their tie shares; all 0 between decisions (``ranges.showdown_units_nb`` clears what it set)."""
    touched: np.ndarray
    """``uint64 (117,)``: bit ``b & 63`` of word ``b >> 6`` set when ``below[b]`` is (``ranges.showdown_units_nb``);
    all 0 between decisions."""
    units: np.ndarray
    """``int32 (7462 + FILL_BLOCK,)``: ``hard``'s share units of a final hand of each order
    (``ranges.showdown_units_nb``; the last ``FILL_BLOCK`` are slack for ``ranges.fill_nb``'s blocks); at
    most ``share_units`` (2,520) times the samples of one call (at most 10,000, ``parameters``), so 32 bits hold
    them, and the table is half as large to fill and to read (``policies.hard_equity_nb``)."""
    hand: np.ndarray
    """``uint8 (5,)``: one sampled opponent hand."""
    opponents: np.ndarray
    """``int64 (MAX_SEATS, 3)``: ``hard``'s live opponents clockwise from its left, each's ``drawn``, ``first``
    and ``second`` (``levels.Read``; ``ranges.showdown_units_nb``)."""
    reads: np.ndarray
    """``float64 (MAX_SEATS, 4)``: the same opponents' ``read_bluff``, ``read_pair``, ``read_loose`` and
    ``read_snow``, moved by their looseness (``ranges.mixed_reads_nb``)."""
    thresholds: np.ndarray
    """``float64 (4,)``: the equities a ``hard`` betting decision compares its equity with (adaptive sampling,
    ``policies.hard_thresholds_nb``)."""


def new_scratch(draw_samples):
    """A ``Scratch`` for decisions of at most ``draw_samples`` sampled draws (contents set by the decisions):
    the numba equivalent of the lists ``sniper.games.draw.levels``' decisions build. Plain Python, compiled
    as ``new_scratch_nb``."""
    return Scratch(
        np.zeros(52, np.uint8),
        np.zeros(52, np.uint8),
        np.zeros(52, np.int8),
        np.zeros(52, np.int8),
        np.zeros((MAX_SEATS, max(draw_samples, 1), N_KEEPS), np.uint16),
        np.zeros((MAX_SEATS, 4), np.uint64),
        np.zeros(N_KEEPS, np.uint64),
        np.zeros(N_KEEPS, np.uint64),
        np.zeros((N_KEEPS, 52), np.uint16),
        np.zeros(N_KEEPS, np.float64),
        np.zeros((MAX_SEATS, 8), np.float64),
        np.zeros((MAX_SEATS, 4), np.uint64),
        np.zeros(N_KEEPS, np.int64),
        np.zeros(N_ORDERS + 1, np.int64),
        np.zeros(N_ORDERS // 64 + 1, np.uint64),
        np.zeros(N_ORDERS + FILL_BLOCK, np.int32),
        np.zeros(HAND_SIZE, np.uint8),
        np.zeros((MAX_SEATS, 3), np.int64),
        np.zeros((MAX_SEATS, 4), np.float64),
        np.zeros(4, np.float64),
    )


new_scratch_nb = njit(cache=True)(new_scratch)
"""``new_scratch`` compiled (numba)."""


@njit(cache=True, inline="always")
def order_of_nb(key, mask, t, lt):
    """The order (0..7,461) of the five cards of ``(key, mask)`` (``kernels.eval52.hand_nb``): numba equivalent of
    ``sniper.games.draw.strength.five_card_index``. Without a flush, by a perfect hash of the key's ranks (bits 16
    and up, ``h = ranks * FIVE_MULTIPLIER``): slot ``(h >> 40 & 8191) ^ five_slot[h >> 53]`` of ``five_order``
    (module docstring); ``t``, the evaluator's tables, goes unused. Five cards only (the hash knows no others)."""
    suit = flush_suit_nb(key)
    if suit < 0:
        h = (key >> np.uint64(16)) * FIVE_MULTIPLIER
        bucket = h >> np.uint64(64 - FIVE_BUCKET_BITS)
        slot = (h >> np.uint64(64 - FIVE_BUCKET_BITS - FIVE_SLOT_BITS)) & np.uint64((1 << FIVE_SLOT_BITS) - 1)
        return np.int64(lt.five_order[slot ^ np.uint64(lt.five_slot[bucket])])
    return np.int64(lt.flush_order[(mask >> np.uint64(16 * suit)) & np.uint64(0x1FFF)])


@njit(cache=True, inline="always")
def five_order_nb(cards, t, lt):
    """The order of the five cards of ``cards`` (a 1-D ``uint8`` array): numba equivalent of
    ``sniper.games.draw.strength.five_card_index``."""
    key, mask = EMPTY_KEY, np.uint64(0)
    for j in range(HAND_SIZE):
        key += t.card_key[cards[j]]
        mask |= card_bit_nb(cards[j])
    return order_of_nb(key, mask, t, lt)


@njit(cache=True, **NO_REFCOUNT)
def unseen_nb(cards, discards, n_discards, out):
    """The cards not among ``cards`` (5) and ``discards[:n_discards]``, ascending, into ``out``; returns how
    many: numba equivalent of ``sniper.games.draw.reading.unseen_cards``."""
    seen = np.uint64(0)
    for j in range(HAND_SIZE):
        seen |= np.uint64(1) << np.uint64(cards[j])
    for j in range(n_discards):
        seen |= np.uint64(1) << np.uint64(discards[j])
    m = 0
    for c in range(52):
        if not (seen >> np.uint64(c)) & np.uint64(1):
            out[m] = c
            m += 1
    return m


@njit(cache=True, inline="always")
def swap_nb(deck, i, j):
    """Swap ``deck[i]`` and ``deck[j]``: numba equivalent of a step of the partial Fisher–Yates shuffles of
    ``sniper.games.draw.draws.keep_orders``."""
    c = deck[i]
    deck[i] = deck[j]
    deck[j] = c


@njit(cache=True, **NO_REFCOUNT)
def keep_orders_nb(cards, unseen, m, key, samples, t, lt, scr, slot):
    """The final orders of every legal keep of ``cards`` (5, ``uint8``) over ``samples`` sampled draws into
    ``scr.orders[slot, :samples]`` (keeps in ``engine.DISCARDS`` order; ``slot``: the deciding player): numba
    equivalent of ``sniper.games.draw.draws.keep_orders``, memoized as it is: nothing to do when the slot
    already holds them (``scr.held[slot]``: the same ``key``, ``cards`` in the same order, ``unseen[:m]`` and
    ``samples``; a seat's decisions of one hand share their key, ``draws.own_draws_key``).

    Sample ``j`` draws from the stream ``derive(key, j)`` (words 0, 1, 2, in locals) three replacement cards over a
    fresh copy of ``unseen[:m]`` (``scr.deck``): draw ``i`` swaps position ``i`` with ``i + integer(m - i)``;
    a keep discarding ``d`` cards takes the first ``d``. The orders of the pat keep and of each keep of four cards
    with each unseen card (``scr.drawn_one``) are looked up once, before the samples; each sample then writes the
    keeps grouped by the cards they discard (``BY_GONE``), in loops without a test per keep.
    """
    held = scr.held
    hand = np.uint64(0)
    for j in range(HAND_SIZE):
        hand |= np.uint64(cards[j]) << np.uint64(8 * j)
    unseen_bits = np.uint64(0)
    for i in range(m):
        unseen_bits |= np.uint64(1) << np.uint64(unseen[i])
    key = np.uint64(key)
    if (
        held[slot, 0] == key
        and held[slot, 1] == hand
        and held[slot, 2] == unseen_bits
        and held[slot, 3] == np.uint64(samples)
    ):
        return
    deck, keep_key, keep_mask, orders = scr.deck, scr.keep_key, scr.keep_mask, scr.orders
    drawn_one = scr.drawn_one
    pat = np.uint16(0)
    for q in range(N_KEEPS):
        k, b = EMPTY_KEY, np.uint64(0)
        for j in range(HAND_SIZE):
            if not (MASKS[q] >> j) & 1:
                k += t.card_key[cards[j]]
                b |= card_bit_nb(cards[j])
        keep_key[q] = k
        keep_mask[q] = b
        if GONE[q] == 0:
            pat = np.uint16(order_of_nb(k, b, t, lt))
        elif GONE[q] == 1:
            for i in range(m):
                c = unseen[i]
                drawn_one[q, c] = order_of_nb(k + t.card_key[c], b | card_bit_nb(c), t, lt)
    for i in range(m):
        deck[i] = unseen[i]
    for j in range(samples):
        sample = derive_nb(key, j)  # the sample's stream, its words counted here (nothing stored)
        x0, _ = key_integer_nb(sample, 0, m)
        swap_nb(deck, 0, x0)
        x1, _ = key_integer_nb(sample, 1, m - 1)
        x1 += 1
        swap_nb(deck, 1, x1)
        x2, _ = key_integer_nb(sample, 2, m - 2)
        x2 += 2
        swap_nb(deck, 2, x2)
        c0, c1, c2 = deck[0], deck[1], deck[2]
        swap_nb(deck, 2, x2)  # undone in reverse: the deck is unseen[:m] again, as a fresh copy would be
        swap_nb(deck, 1, x1)
        swap_nb(deck, 0, x0)
        k2 = t.card_key[c0] + t.card_key[c1]
        k3 = k2 + t.card_key[c2]
        b2 = card_bit_nb(c0) | card_bit_nb(c1)
        b3 = b2 | card_bit_nb(c2)
        orders[slot, j, BY_GONE[0]] = pat  # the keeps by the cards they discard (BY_GONE): no test per keep
        for i in range(GONE_FROM[1], GONE_FROM[2]):
            q = BY_GONE[i]
            orders[slot, j, q] = drawn_one[q, c0]
        for i in range(GONE_FROM[2], GONE_FROM[3]):
            q = BY_GONE[i]
            orders[slot, j, q] = order_of_nb(keep_key[q] + k2, keep_mask[q] | b2, t, lt)
        for i in range(GONE_FROM[3], GONE_FROM[4]):
            q = BY_GONE[i]
            orders[slot, j, q] = order_of_nb(keep_key[q] + k3, keep_mask[q] | b3, t, lt)
    held[slot, 0], held[slot, 1], held[slot, 2], held[slot, 3] = key, hand, unseen_bits, np.uint64(samples)
