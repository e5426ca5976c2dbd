"""Five-card draw equity in numba: the final hands of a keep, exactly, and its showdown share against
opponents who draw by the easy chart.

A seat holds five cards (``hand``, ``uint8 (5,)``) and keeps some of them (a **keep**: the discard
``mask``'s clear bits, 0–3 set bits, GAMES.md D5); its ``d`` replacements are any ``d`` of the cards
it has not seen (``unseen``, ``uint8 (n,)`` ascending: the 47 others). Hands are valued by
``kernels.eval52`` (the numba equivalent of ``sniper.games.poker52.cards.value``).

**Final categories** (``final_categories_nb``): every set of ``d`` replacements, in lexicographic
order, counted by the category of the final five cards (``int64 (9,)``, 0 high card … 8 straight
flush); exact, and the same with or without opponents (the replacements are any ``d`` of the unseen).

**Showdown outcomes** (``keep_outcomes_nb``): ``k`` opponents (1–5) each hold five random unseen cards
and draw by the easy chart (``chart_mask_nb``, the numba equivalent of
``sniper.games.draw.agents.draw_chart``: stand pat with a straight or better, keep trips, two pair or a
pair, else four to a flush, else the two highest cards); they are sampled. Sample ``j`` (from 0)
draws from the key ``sk = derive(key, j)``: draw ``i`` (from 0) of a partial Fisher–Yates shuffle of
``unseen`` swaps position ``i`` with ``i + uniform_int(derive(sk, i), n - i)`` (``kernels.rng``);
opponent ``o`` is dealt draws ``5o .. 5o + 4``, then the opponents in turn take their replacements
from the next draws. Given the sample, the seat's replacements are enumerated exactly over the
``r`` cards left (``C(r, d)`` sets): each set's outcome is a loss (some opponent's final hand is
better), a win, or a tie with ``t`` opponents (the pot split ``t + 1`` ways), and the sample
contributes its three shares (win, tie, pot share) as fractions of ``C(r, d)``. Every keep of
``masks`` sees the same samples. The kernel sums the shares and their squares over the samples in
order (one thread: compiling a parallel kernel costs more than it saves here);
``sniper.games.draw.equity`` validates the input and turns the sums into means and standard errors.
"""

import numpy as np

from kernels.eval52 import (
    BASE,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    ONE_PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    card_bit_nb,
    hand_nb,
    value_nb,
    value_of_nb,
)
from kernels.jit import njit
from kernels.rng import derive_nb, uniform_int_nb

HAND_SIZE = 5
"""Cards a player holds (D2)."""
N_CATEGORIES = 9
"""Hand categories, 0 high card … 8 straight flush (``sniper.games.poker52.CATEGORIES``)."""
CATEGORY_UNIT = BASE**5
"""A value's category is ``value // CATEGORY_UNIT`` (``sniper.games.poker52``)."""
MAX_OPPONENTS = 5
"""The most opponents (a table of six, D1)."""
WIN, TIE, SHARE = 0, 1, 2
"""Fields of ``keep_outcomes_nb``'s sums: the win fraction, the tie fraction (no opponent better, one or
more equal) and the pot share (a win 1, a tie with ``t`` opponents ``1 / (t + 1)``); field ``f + 3`` is
the sum of the squares of field ``f``."""
FIELDS = 6
"""Fields per keep and block: ``WIN``, ``TIE``, ``SHARE`` and their squares."""


_PAIRS_CATEGORY = (HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, FULL_HOUSE, -1, FOUR_OF_A_KIND)
"""The category of five cards by their pairs of equal ranks (0–6; 5 cannot happen), high card for none."""
_WHEEL = 0x100F
"""The rank mask of A-2-3-4-5 (``five_category_nb``)."""


@njit(cache=True, inline="always")
def five_category_nb(cards):
    """The category (0 high card … 8 straight flush) of the five cards of ``cards`` (a 1-D ``uint8`` array),
    without the evaluator's tables: ``value_nb(cards, t) // CATEGORY_UNIT`` (numba equivalent of
    ``sniper.games.poker52.category`` of ``sniper.games.poker52.cards.value``; tests/test_draw_equity.py checks
    every five cards). The pairs of equal ranks name the categories with a pair or more; without one, the ranks'
    mask is a straight when it is five in a row or the wheel, and the suits a flush when they are one."""
    c0, c1, c2, c3, c4 = cards[0], cards[1], cards[2], cards[3], cards[4]
    r0, r1, r2, r3, r4 = c0 >> 2, c1 >> 2, c2 >> 2, c3 >> 2, c4 >> 2
    pairs = (
        (r0 == r1)
        + (r0 == r2)
        + (r0 == r3)
        + (r0 == r4)
        + (r1 == r2)
        + (r1 == r3)
        + (r1 == r4)
        + (r2 == r3)
        + (r2 == r4)
        + (r3 == r4)
    )
    if pairs:
        return np.int64(_PAIRS_CATEGORY[pairs])
    ranks = (1 << r0) | (1 << r1) | (1 << r2) | (1 << r3) | (1 << r4)
    straight = ranks == (ranks & -ranks) * 0x1F or ranks == _WHEEL
    suit = c0 & 3
    flush = (c1 & 3) == suit and (c2 & 3) == suit and (c3 & 3) == suit and (c4 & 3) == suit
    if flush:
        return np.int64(STRAIGHT_FLUSH if straight else FLUSH)
    return np.int64(STRAIGHT if straight else HIGH_CARD)


@njit(cache=True, inline="always")
def chart_mask_nb(cards, t):
    """The easy chart's discard mask (bit ``j``: discard ``cards[j]``) of five cards ``uint8 (5,)``:
    numba equivalent of ``sniper.games.draw.agents.draw_chart`` (module docstring). Allocates nothing
    (``kernels.NO_REFCOUNT``), so the game kernel's decisions can call it; inlined into them. ``t``, the
    evaluator's tables, goes unused. By rank bits (``r``: bit ``rank``): ``once``, the ranks held, and ``twice``,
    those held twice or more; two ranks held are a full house or four of a kind (stand pat), three or four a
    pair, two pair or trips (keep the cards of the ``twice`` ranks); five ranks in a row (or the wheel) or one
    suit stand pat; four cards of a suit (4-bit suit counters, ``count``) keep them; else the two highest
    ranks (``once`` less its three lowest bits) are kept."""
    r0, r1, r2, r3, r4 = (
        np.int64(1) << np.int64(cards[0] >> 2),
        np.int64(1) << np.int64(cards[1] >> 2),
        np.int64(1) << np.int64(cards[2] >> 2),
        np.int64(1) << np.int64(cards[3] >> 2),
        np.int64(1) << np.int64(cards[4] >> 2),
    )
    once = r0
    twice = once & r1
    once |= r1
    twice |= once & r2
    once |= r2
    twice |= once & r3
    once |= r3
    twice |= once & r4
    once |= r4
    if twice:
        above = once & (once - 1)  # the ranks less the lowest
        if above & (above - 1) == 0:  # two ranks: a full house or four of a kind
            return np.int64(0)
        keep = twice
    else:
        s0, s1, s2, s3, s4 = (
            np.int64(cards[0] & 3),
            np.int64(cards[1] & 3),
            np.int64(cards[2] & 3),
            np.int64(cards[3] & 3),
            np.int64(cards[4] & 3),
        )
        if once == (once & -once) * 0x1F or once == _WHEEL or (s0 == s1 and s0 == s2 and s0 == s3 and s0 == s4):
            return np.int64(0)
        count = (1 << 4 * s0) + (1 << 4 * s1) + (1 << 4 * s2) + (1 << 4 * s3) + (1 << 4 * s4)
        four = count & 0x4444  # a counter of 4 (five is a flush, gone above)
        if four:
            suit = 0 if four == 0x4 else 1 if four == 0x40 else 2 if four == 0x400 else 3
            return (
                np.int64(s0 != suit)
                | np.int64(s1 != suit) << 1
                | np.int64(s2 != suit) << 2
                | np.int64(s3 != suit) << 3
                | np.int64(s4 != suit) << 4
            )
        keep = once
        for _ in range(3):
            keep &= keep - 1
    return (
        np.int64((r0 & keep) == 0)
        | np.int64((r1 & keep) == 0) << 1
        | np.int64((r2 & keep) == 0) << 2
        | np.int64((r3 & keep) == 0) << 3
        | np.int64((r4 & keep) == 0) << 4
    )


@njit(cache=True)
def final_categories_nb(kept, unseen, d, t):
    """Counts ``int64 (9,)`` of the categories of ``kept`` (``uint8``, ``5 - d`` cards) plus every set of
    ``d`` (0–3) cards of ``unseen`` (``uint8 (n,)``); they sum to ``C(n, d)``. No validation."""
    out = np.zeros(N_CATEGORIES, np.int64)
    key, mask = hand_nb(kept, t)
    n = unseen.shape[0]
    if d == 0:
        out[value_of_nb(key, mask, t) // CATEGORY_UNIT] += 1
        return out
    for a in range(n):
        ka, ma = key + t.card_key[unseen[a]], mask | card_bit_nb(unseen[a])
        if d == 1:
            out[value_of_nb(ka, ma, t) // CATEGORY_UNIT] += 1
            continue
        for b in range(a + 1, n):
            kb, mb = ka + t.card_key[unseen[b]], ma | card_bit_nb(unseen[b])
            if d == 2:
                out[value_of_nb(kb, mb, t) // CATEGORY_UNIT] += 1
                continue
            for c in range(b + 1, n):
                out[value_of_nb(kb + t.card_key[unseen[c]], mb | card_bit_nb(unseen[c]), t) // CATEGORY_UNIT] += 1
    return out


@njit(cache=True)
def count_sets_nb(key, mask, rest, r, d, best, t, counts):
    """Add to ``counts`` (``int64 (3,)``: losses, wins, ties) the outcomes of the kept cards (``key``,
    ``mask``, ``hand_nb``) with every set of ``d`` (0–3) of ``rest[:r]``, in lexicographic order,
    against the opponents' best value ``best``."""
    if d == 0:
        v = value_of_nb(key, mask, t)
        counts[0 if v < best else 1 if v > best else 2] += 1
        return
    for a in range(r):
        ka, ma = key + t.card_key[rest[a]], mask | card_bit_nb(rest[a])
        if d == 1:
            v = value_of_nb(ka, ma, t)
            counts[0 if v < best else 1 if v > best else 2] += 1
            continue
        for b in range(a + 1, r):
            kb, mb = ka + t.card_key[rest[b]], ma | card_bit_nb(rest[b])
            if d == 2:
                v = value_of_nb(kb, mb, t)
                counts[0 if v < best else 1 if v > best else 2] += 1
                continue
            for c in range(b + 1, r):
                v = value_of_nb(kb + t.card_key[rest[c]], mb | card_bit_nb(rest[c]), t)
                counts[0 if v < best else 1 if v > best else 2] += 1


@njit(cache=True)
def deal_opponents_nb(unseen, k, sk, work, opp, t):
    """Deal sample ``sk``'s ``k`` opponents (module docstring) into ``opp`` (``uint8 (k, 5)``, their final
    hands) from ``work`` (a copy of ``unseen``, shuffled in place); returns the draws used."""
    n = unseen.shape[0]
    work[:] = unseen
    i = 0
    for _ in range(HAND_SIZE * k):
        x = i + uniform_int_nb(derive_nb(sk, i), n - i)
        work[i], work[x] = work[x], work[i]
        i += 1
    for o in range(k):
        five = work[HAND_SIZE * o : HAND_SIZE * (o + 1)]
        mask = chart_mask_nb(five, t)
        p = 0
        for j in range(HAND_SIZE):
            if not (mask >> j) & 1:
                opp[o, p] = five[j]
                p += 1
        while p < HAND_SIZE:
            x = i + uniform_int_nb(derive_nb(sk, i), n - i)
            work[i], work[x] = work[x], work[i]
            opp[o, p] = work[i]
            i += 1
            p += 1
    return i


@njit(cache=True)
def comb_nb(r, d):
    """``C(r, d)`` for ``d`` 0–3."""
    if d == 0:
        return 1
    if d == 1:
        return r
    if d == 2:
        return r * (r - 1) // 2
    return r * (r - 1) * (r - 2) // 6


@njit(cache=True)
def keep_outcomes_into_nb(hand, masks, unseen, k, key, first, n_samples, t, out):
    """Add to ``out`` (``float64 (len(masks), FIELDS)``) the sums of samples ``first .. first + n_samples
    - 1`` (module docstring); arguments as ``keep_outcomes_nb``."""
    n = unseen.shape[0]
    work = np.empty(n, np.uint8)
    opp = np.empty((k, HAND_SIZE), np.uint8)
    kept = np.empty(HAND_SIZE, np.uint8)
    counts = np.zeros(3, np.int64)
    for s in range(first, first + n_samples):
        used = deal_opponents_nb(unseen, k, derive_nb(key, s), work, opp, t)
        best, at_best = -1, 0
        for o in range(k):
            v = value_nb(opp[o], t)
            if v > best:
                best, at_best = v, 1
            elif v == best:
                at_best += 1
        rest = work[used:]
        r = n - used
        for q in range(masks.shape[0]):
            m = masks[q]
            p = 0
            for j in range(HAND_SIZE):
                if not (m >> j) & 1:
                    kept[p] = hand[j]
                    p += 1
            d = HAND_SIZE - p
            key_kept, mask_kept = hand_nb(kept[:p], t)
            counts[:] = 0
            count_sets_nb(key_kept, mask_kept, rest, r, d, best, t, counts)
            total = comb_nb(r, d)
            win = counts[1] / total
            tie = counts[2] / total
            share = win + tie / (1 + at_best)
            out[q, WIN] += win
            out[q, TIE] += tie
            out[q, SHARE] += share
            out[q, WIN + 3] += win * win
            out[q, TIE + 3] += tie * tie
            out[q, SHARE + 3] += share * share


@njit(cache=True)
def keep_outcomes_nb(hand, masks, unseen, k, key, n_samples, t):
    """Sums ``float64 (len(masks), FIELDS)`` over samples ``0 .. n_samples - 1``, in order (module
    docstring): ``hand`` ``uint8 (5,)``, ``masks`` ``int64 (m,)`` discard masks (0–3 bits each),
    ``unseen`` ``uint8 (47,)`` ascending, ``k`` opponents (1–5), ``key`` a ``uint64``, ``t`` =
    ``kernels.eval52.tables()``. No validation."""
    out = np.zeros((masks.shape[0], FIELDS), np.float64)
    keep_outcomes_into_nb(hand, masks, unseen, k, key, 0, n_samples, t, out)
    return out
