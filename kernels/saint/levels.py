"""The Saint Poker levels' decisions in numba: numba equivalents of ``sniper.games.saint.levels`` (S11).

Each decision reads only what the seat's ``SaintObservation`` holds (S10) from the ``kernels.saint.state.Table``:
its own hand, the current and future river, the cards seen, the cards each seat is known to hold, the pool, the
round; and draws from its decision's stream ``key`` (``sniper.games.saint.table.decision_stream``: word ``j`` is
``derive(key, j)``). Every float is computed in the reference's order of operations, so ties and comparisons
come out the same: the same card, the same pair.

- ``pick_nb`` (step 1, S3), ``pair_nb`` (step 2, S4), ``take_nb`` (step 3, S6), each for ``Level`` ``level`` with
  the parameter vector ``params`` (``kernels.saint.codes.Param``).

Kernels do no validation: ``sniper.games.saint.kernel_engine`` validates and calls them.
"""

import math

import numpy as np

from kernels import NO_REFCOUNT
from kernels.eval52 import card_bit_nb, hand_nb, rank_index_nb, value_of_nb
from kernels.jit import njit
from kernels.rng import derive_nb, uniform_int_nb
from kernels.saint.codes import ROUNDS, TOP, USABLE, Level, Param
from kernels.saint.hands import (
    bit_nb,
    cards_of_nb,
    code_value_nb,
    count_nb,
    potential_code_nb,
    stock_nb,
    triples_nb,
    usable_code_nb,
)
from kernels.saint.state import Count

_FULL = np.uint64((1 << 52) - 1)
_ZERO, _ONE, _DECK = np.uint64(0), np.uint64(1), np.uint64(52)
_ODD_BITS = np.uint64(0x5555555555555)
_PAIRS_OF_BITS = np.uint64(0x3333333333333)


@njit(cache=True, inline="always")  # inlined: a call copies the structs of the table's and scratch's arrays
def weights_nb(level, params, number):
    """This round's weight and the kept cards' weight in round ``number`` (1–8): ``(1.0, 0.0)`` for easy,
    ``((number / 8) ** late, keep * (8 - number) / 8)`` for normal and hard (``NormalAgent.weights``)."""
    if level == Level.EASY:
        return 1.0, 0.0
    return math.pow(number / ROUNDS, params[Param.LATE]), params[Param.KEEP] * (ROUNDS - number) / ROUNDS


@njit(cache=True, inline="always")  # inlined: a call copies the structs of the table's and scratch's arrays
def future_mask_nb(tb):
    """The mask of the future river now (none in round 8)."""
    mask = np.uint64(0)
    for i in range(tb.n_future[0]):
        mask |= bit_nb(tb.future[i])
    return mask


@njit(cache=True, inline="always")  # inlined: a call copies the structs of the table's and scratch's arrays
def keep_table_nb(tb, h, future, sc):
    """Before the keep terms of one decision: the ``triples_nb`` of the hand ``sc.hand[:h]`` with the future river
    ``future`` (its mask) into ``sc.tri_codes`` and ``sc.tri_masks`` when the table has a future river (their
    count), else 0."""
    if tb.counts[Count.FUTURE] == 0:
        return 0
    return triples_nb(sc.hand, h, future, sc.tri_codes, sc.tri_masks)


@njit(cache=True, inline="always")  # inlined: a call copies the structs of the table's and scratch's arrays
def kept_value_nb(kept, n_kept, t, future, tb, sc):
    """The keep term's value of the ``n_kept`` cards of ``kept`` (a mask, cards of the hand of ``keep_table_nb``,
    whose ``t`` it is; ``future`` the future river's mask): ``usable_code_nb`` with the future river when the table
    has one (S2: 2-4 players), else ``stock_nb`` (``sniper.games.saint.levels.kept_value``, the same float)."""
    if tb.counts[Count.FUTURE]:
        return code_value_nb(usable_code_nb(kept, n_kept, future, sc.tri_codes, sc.tri_masks, t))
    return stock_nb(sc.left, cards_of_nb(kept, sc.left))


@njit(cache=True, **NO_REFCOUNT)
def random_choice_nb(key, n):
    """The index in ``[0, n)`` of the random level's one draw (``RandomAgent``: ``stream.integer(n)``)."""
    return np.int64(uniform_int_nb(derive_nb(key, 0), n))


@njit(cache=True, inline="always")  # into the game's loop: a call copies the structs of its arrays
def pick_nb(level, params, seat, tb, key, sc):
    """Step 1 (S3): the card seat ``seat`` picks into the river (``EasyAgent.pick``, with no future river easy's
    pick for every level; random: uniform)."""
    h = cards_of_nb(tb.hands[seat], sc.hand)
    if level == Level.RANDOM:
        return sc.hand[random_choice_nb(key, h)]
    now, later = weights_nb(level, params, tb.counts[Count.NUMBER])
    carried = tb.counts[Count.FUTURE]
    if carried == 0:  # no future river (S2): this round's best hand
        now, later = 1.0, 0.0
    hand = tb.hands[seat]
    base = np.uint64(0)
    for i in range(carried):
        base |= bit_nb(tb.river[i])
    future = future_mask_nb(tb)
    t = keep_table_nb(tb, h, future, sc) if later != 0.0 else 0
    triples_nb(sc.hand, h, base, sc.pick_triples, sc.pick_masks)  # with the river, in (a, b, c) order
    kept, sa, sb = sc.pick_codes, sc.pick_a, sc.pick_b  # by pick: the best pair, the last in (a, b) order
    kept[:h] = -1
    i = 0
    for a in range(h):
        for b in range(a + 1, h):
            for c in range(b + 1, h):
                code = sc.pick_triples[i]
                i += 1
                # each pick's pairs come in (a, b) order: a pair's sorted triple with the pick keeps the order
                if code >= kept[a]:
                    kept[a], sa[a], sb[a] = code, b, c
                if code >= kept[b]:
                    kept[b], sa[b], sb[b] = code, a, c
                if code >= kept[c]:
                    kept[c], sa[c], sb[c] = code, a, b
    best, choice = -1.0, sc.hand[0]
    for ci in range(h):
        score = now * (code_value_nb(kept[ci]) if kept[ci] >= 0 else -1.0) / TOP
        if later != 0.0:
            left = hand & ~(bit_nb(sc.hand[ci]) | bit_nb(sc.hand[sa[ci]]) | bit_nb(sc.hand[sb[ci]]))
            score = score + later * kept_value_nb(left, h - 3, t, future, tb, sc) / TOP
        else:
            score = score + 0.0
        if score > best:
            best, choice = score, sc.hand[ci]
    return choice


@njit(cache=True, **NO_REFCOUNT)
def numpy_power_nb(x, e):
    """``x ** e`` as numpy computes a ``float64`` array to a small integer power ``e``: ``x * x`` for 2 (numpy's
    square), ``x`` for 1, else C's ``pow``."""
    if e == 1:
        return x
    if e == 2:
        return x * x
    return math.pow(x, float(e))


@njit(cache=True, inline="always")
def pairs_of_nb(count_r, count_q, same):
    """The pairs of a card of rank ``r`` and one of rank ``q`` among ``count_r`` and ``count_q`` cards of them
    (``same``: ``r == q``, the pairs of ``count_r`` cards)."""
    return count_r * (count_r - 1) // 2 if same else count_r * count_q


@njit(cache=True, **NO_REFCOUNT)
def normal_strengths_nb(tb, seat, h, n_pairs, t, sc):
    """``NormalAgent.strengths`` into ``sc.score[:n_pairs]``: the chance each pair (values ``sc.mine``) beats an
    opponent's pair of two cards the opponents may hold (unseen or taken back, ``levels.held``; ties a half), to
    the power ``(seats - 1) * (h - 1)`` (``h``: the cards every seat holds). Those pairs are counted by value: the
    ones that may make a flush one by one, the others by their two ranks (at most 91 values, each with how many
    pairs have it), the same counts below and equal as the reference's sorted list of every pair."""
    hidden = sc.hidden
    held = ~(tb.seen[0] | tb.hands[seat]) & _FULL
    for s in range(tb.counts[Count.SEATS]):
        if s != seat:
            held |= tb.known[s]
    k = cards_of_nb(held, hidden)
    m = k * (k - 1) // 2
    if m == 0:
        sc.score[:n_pairs] = 1.0
        return
    # The values of the m pairs, as (value, how many pairs) entries: the pairs that may make a flush one by one, the
    # others by their ranks (without a flush a value is its ranks', ``kernels.eval52.rank_value_nb``).
    key, mask = hand_nb(tb.river, t)
    most, suit = 0, 0  # the river's suit of the most cards: a flush needs `need` of the pair's cards of it (3: none)
    for s in range(4):
        n_s = 0
        for c in tb.river:
            n_s += (c & 3) == s
        if n_s > most:
            most, suit = n_s, s
    need = 5 - most if most >= 3 else 3
    values, weights, n = sc.others, sc.weights, 0
    if need <= 2:
        for i in range(k):
            a = hidden[i]
            for j in range(i + 1, k):
                b = hidden[j]
                if ((a & 3) == suit) + ((b & 3) == suit) >= need:
                    values[n] = value_of_nb(
                        key + t.card_key[a] + t.card_key[b], mask | card_bit_nb(a) | card_bit_nb(b), t
                    )
                    weights[n] = 1
                    n += 1
    if need >= 1:
        per_rank = held - ((held >> _ONE) & _ODD_BITS)  # a nibble a rank: the held cards of it (0-4)
        per_rank = (per_rank & _PAIRS_OF_BITS) + ((per_rank >> np.uint64(2)) & _PAIRS_OF_BITS)
        for r in range(13):
            all_r = np.int64((per_rank >> np.uint64(4 * r)) & np.uint64(15))
            flush_r = np.int64((held >> np.uint64(4 * r + suit)) & _ONE) if need <= 2 else 0
            for q in range(r, 13):
                all_q = np.int64((per_rank >> np.uint64(4 * q)) & np.uint64(15))
                flush_q = np.int64((held >> np.uint64(4 * q + suit)) & _ONE) if need <= 2 else 0
                if need == 1:  # the pairs of no card of the suit
                    w = pairs_of_nb(all_r - flush_r, all_q - flush_q, r == q)
                elif need == 2:  # the pairs of at most one card of the suit
                    w = pairs_of_nb(all_r, all_q, r == q) - pairs_of_nb(flush_r, flush_q, r == q)
                else:
                    w = pairs_of_nb(all_r, all_q, r == q)
                if w > 0:
                    values[n] = t.rank_value[rank_index_nb(key + t.card_key[4 * r] + t.card_key[4 * q], t)]
                    weights[n] = w
                    n += 1
    power = (tb.counts[Count.SEATS] - 1) * (h - 1)
    for p in range(n_pairs):
        mine, below, equal = sc.mine[p], 0, 0
        same = 0
        while same < p and sc.mine[same] != mine:  # an earlier pair of the same value has the same score
            same += 1
        if same < p:
            sc.score[p] = sc.score[same]
            continue
        for i in range(n):
            below += weights[i] if values[i] < mine else 0
            equal += weights[i] if values[i] == mine else 0
        sc.score[p] = numpy_power_nb((below + equal / 2) / m, power)


@njit(cache=True, **NO_REFCOUNT)
def hard_strengths_nb(params, tb, seat, h, n_pairs, key, t, sc):
    """``HardAgent.strengths`` into ``sc.score[:n_pairs]``: each pair's (values ``sc.mine``) expected points over
    ``samples`` deals of the opponents' hands (their known cards and a partial Fisher–Yates draw of the unseen
    cards from the decision's stream, ``sniper.games.saint.levels.deals``), each opponent revealing its best pair,
    scored as S5 (ties ``ceil(number / tied)``), over the round's number. Once a decision: the values of the pairs
    an opponent may hold (the river's key summed once), each opponent's best pair of known cards and each unseen
    card's best with them; a sample looks up only the pairs of the cards it deals."""
    n = tb.counts[Count.SEATS]
    number = tb.counts[Count.NUMBER]
    samples = np.int64(params[Param.SAMPLES])
    hidden, deal, values, partner = sc.hidden, sc.deal, sc.values, sc.partner
    unseen = ~(tb.seen[0] | tb.hands[seat]) & _FULL
    k = cards_of_nb(unseen, hidden)
    size = count_nb(tb.hands[seat])
    candidates = unseen
    for s in range(n):
        if s != seat:
            candidates |= tb.known[s]
    river_key, river_mask = hand_nb(tb.river, t)
    c = cards_of_nb(candidates, deal)
    for i in range(c):
        a = deal[i]
        key_a, mask_a = river_key + t.card_key[a], river_mask | card_bit_nb(a)
        for j in range(i + 1, c):
            b = deal[j]
            v = value_of_nb(key_a + t.card_key[b], mask_a | card_bit_nb(b), t)
            values[a * 52 + b] = v
            values[b * 52 + a] = v
    o, total = 0, 0  # the opponents in seat order; the cards dealt to them
    for s in range(n):
        if s == seat:
            continue
        known = cards_of_nb(tb.known[s], sc.known)
        sc.needs[o] = size - known
        total += size - known
        best = -1
        for i in range(known):
            for j in range(i + 1, known):
                best = max(best, np.int64(values[sc.known[i] * 52 + sc.known[j]]))
        sc.best_known[o] = best
        for i in range(k):
            best = -1
            for j in range(known):
                best = max(best, np.int64(values[hidden[i] * 52 + sc.known[j]]))
            partner[o * 52 + hidden[i]] = best
        o += 1
    sc.shares[:n_pairs] = 0
    most = -1  # the best of the seat's pairs: a deal where an opponent beats it scores none of them
    for p in range(n_pairs):
        most = max(most, sc.mine[p])
    start = _ZERO  # the sample's first word: word w of the stream is derive(key, w) (``Stream.integer``)
    for _ in range(samples):
        for i in range(k):
            deal[i] = hidden[i]
        used, top, ties = _ZERO, -1, 0  # unsigned indices: no test for negative ones
        for o in range(n - 1):
            best = sc.best_known[o]
            need = np.uint64(sc.needs[o])
            row = np.uint64(o * 52)
            for i in range(used, used + need):  # this opponent's part of the deal's Fisher-Yates draws
                j = i + uniform_int_nb(derive_nb(key, start + i), np.uint64(k) - i)
                deal[i], deal[j] = deal[j], deal[i]
            for i in range(used, used + need):
                if best > most:  # the deal scores none of the seat's pairs: the rest does not matter
                    break
                a = np.uint64(deal[i]) * _DECK
                best = max(best, np.int64(partner[row + np.uint64(deal[i])]))
                other = best  # two maxima at once: the pairs of even and odd j
                j = i + _ONE
                while j + _ONE < used + need:
                    best = max(best, np.int64(values[a + np.uint64(deal[j])]))
                    other = max(other, np.int64(values[a + np.uint64(deal[j + _ONE])]))
                    j += np.uint64(2)
                if j < used + need:
                    best = max(best, np.int64(values[a + np.uint64(deal[j])]))
                best = max(best, other)
            used += need
            if best > top:
                top, ties = best, 1
            elif best == top:
                ties += 1
            if top > most:  # the other opponents' draws are not needed: the next deal's words come after them
                break
        start += np.uint64(total)
        if top > most:
            continue
        tied = -(-number // (ties + 1))
        for p in range(n_pairs):
            mine = sc.mine[p]
            sc.shares[p] += number if mine > top else (tied if mine == top else 0)
    for p in range(n_pairs):
        sc.score[p] = sc.shares[p] / samples / number


@njit(cache=True, inline="always")  # into the game's loop: a call copies the structs of its arrays
def pair_nb(level, params, seat, tb, key, t, sc):
    """Step 2 (S4): the two cards seat ``seat`` reveals, as ``(a, b)`` with ``a < b`` (``EasyAgent.pair`` with the
    level's strengths; random: uniform over the pairs in the table's order, by the higher card then the lower)."""
    h = cards_of_nb(tb.hands[seat], sc.hand)
    n_pairs = h * (h - 1) // 2
    if level == Level.RANDOM:
        index = random_choice_nb(key, n_pairs)
        b = 1
        while b * (b + 1) // 2 <= index:
            b += 1
        return sc.hand[index - b * (b - 1) // 2], sc.hand[b]
    river_key, river_mask = hand_nb(tb.river, t)
    p = 0
    for b in range(1, h):
        key_b, mask_b = river_key + t.card_key[sc.hand[b]], river_mask | card_bit_nb(sc.hand[b])
        for a in range(b):
            sc.mine[p] = value_of_nb(key_b + t.card_key[sc.hand[a]], mask_b | card_bit_nb(sc.hand[a]), t)
            p += 1
    if level == Level.EASY:
        for p in range(n_pairs):
            sc.score[p] = np.float64(sc.mine[p])
    elif level == Level.NORMAL:
        normal_strengths_nb(tb, seat, h, n_pairs, t, sc)
    else:
        hard_strengths_nb(params, tb, seat, h, n_pairs, key, t, sc)
    now, later = weights_nb(level, params, tb.counts[Count.NUMBER])
    future = future_mask_nb(tb)
    t = keep_table_nb(tb, h, future, sc) if later != 0.0 else 0
    best, pa, pb = -np.inf, 0, 1
    p = 0
    for b in range(1, h):
        for a in range(b):
            score = sc.score[p]
            if later != 0.0:
                left = tb.hands[seat] & ~(bit_nb(sc.hand[a]) | bit_nb(sc.hand[b]))
                score = now * score + later * (kept_value_nb(left, h - 2, t, future, tb, sc) / TOP)
            if score > best:
                best, pa, pb = score, a, b
            p += 1
    return sc.hand[pa], sc.hand[pb]


@njit(cache=True, inline="always")  # into the game's loop: a call copies the structs of its arrays
def take_nb(level, params, seat, tb, key, sc):
    """Step 3 (S6): the card of the pool seat ``seat`` takes back (``EasyAgent.take``: the most ``potential`` of its
    hand and the card, or with a keep term ``kept_value_nb``; the higher rank on a tie, then the lower card;
    random: uniform over the pool, sorted)."""
    n_pool = cards_of_nb(tb.seen[1], sc.pool)
    if level == Level.RANDOM:
        return sc.pool[random_choice_nb(key, n_pool)]
    later = weights_nb(level, params, tb.counts[Count.NUMBER])[1]
    hand = tb.hands[seat]
    h = cards_of_nb(hand, sc.hand)
    usable = later != 0.0 and tb.counts[Count.FUTURE] != 0
    future = future_mask_nb(tb)
    if usable:  # the hand's triples, and its pairs with the future river: the triples with the card are those
        t = keep_table_nb(tb, h, future, sc)
        within = usable_code_nb(hand, h, future, sc.tri_codes, sc.tri_masks, t) if h >= USABLE else -1
        n_duos = 0
        for i in range(h):
            for j in range(i + 1, h):
                sc.duo_masks[n_duos] = future | bit_nb(sc.hand[i]) | bit_nb(sc.hand[j])
                n_duos += 1
    best, best_rank, choice = -1.0, -1, sc.pool[0]
    for i in range(n_pool):
        c = sc.pool[i]
        if later != 0.0 and not usable:
            p = kept_value_nb(hand | bit_nb(c), h + 1, 0, future, tb, sc)
        else:  # a potential: its code, which compares as its float
            if later == 0.0:
                code = potential_code_nb(hand | bit_nb(c))
            elif h + 1 < USABLE:
                code = potential_code_nb(future | hand | bit_nb(c))
            else:  # usable_code_nb of the hand and the card (a maximum)
                code = within
                for d in range(n_duos):
                    code = max(code, potential_code_nb(sc.duo_masks[d] | bit_nb(c)))
            p = np.float64(code)
        if p > best or (p == best and c >> 2 > best_rank):
            best, best_rank, choice = p, c >> 2, c
    return choice
