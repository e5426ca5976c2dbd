"""``hard``'s sampled opponents in numba: the hands its reads of the public actions allow (GAMES.md D10, D11).

Numba equivalents of ``sniper.games.draw.levels.Deal``, ``opponent_final`` and ``HardAgent.showdowns``: each
sample deals the cards the deciding seat has not seen (never the real deck) to its live opponents, each
by what it drew and how it bet (``levels.Read``), and notes the best opponent hand (its order,
``kernels.draw.strength``) and how many hold it; ``showdown_units_nb`` turns the samples into the pot
share every final hand would win (``levels.Showdowns.units``). The random words are drawn in the
reference's order from the same streams (``Stream(derive(key, j))`` for sample ``j``), the categories
compared as ``levels._category`` does (``sniper.games.poker52.category`` of the value).
"""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from kernels import NO_REFCOUNT
from kernels.draw.codes import HAND_SIZE, MAX_DISCARDS, NO_DRAW
from kernels.draw.strength import FILL_BLOCK, N_ORDERS, five_order_nb, swap_nb
from kernels.draw_equity import chart_mask_nb, five_category_nb
from kernels.eval52 import N_CARDS
from kernels.jit import njit
from kernels.poker52.reads import looseness_nb, toward_nb
from kernels.rng import derive_nb, key_integer_nb, key_random_nb

ONE_SAMPLE = np.int64(1) << 32
"""A sample in ``Scratch.below``'s entries, above the sum of its tie shares (at most ``share_units`` times 10,000
samples, below 2**32)."""
_NOBODY = -1
"""The best opponent order of a sample with no opponent (``Showdowns``' ``max(orders, default=-1)``)."""


@njit(cache=True, inline="always")
def deal_positions_nb(unseen, m, fresh):
    """Each card's position in a fresh ``Deal`` of ``unseen[:m]`` (ascending) into ``fresh`` (``int8 (52,)``, -1
    for a card not in it): the ``where`` of the numba equivalent of ``sniper.games.draw.levels.Deal.__init__``,
    found once per decision and copied by ``deal_start_nb`` for each sample."""
    for c in range(N_CARDS):
        fresh[c] = -1
    for i in range(m):
        fresh[unseen[i]] = i


@njit(cache=True, inline="always")
def deal_start_nb(unseen, m, fresh, deck, where, track):
    """A fresh ``Deal`` of ``unseen[:m]`` into ``deck`` (``uint8 (52,)``) and, when ``track``, ``where`` (``int8
    (52,)``: each card's position, -1 for a card not in it; a copy of ``fresh``, ``deal_positions_nb``): numba
    equivalent of ``sniper.games.draw.levels.Deal.__init__``. Without ``track`` the deal keeps no ``where``: only
    ``deal_place_nb`` reads it, for opponents who have drawn (``samples_setup_nb``)."""
    if track:
        for c in range(N_CARDS):
            where[c] = fresh[c]
    for i in range(m):
        deck[i] = unseen[i]


@njit(cache=True, inline="always")
def deal_swap_nb(deck, where, i, j, track):
    """Swap positions ``i`` and ``j`` of a ``Deal`` (and their cards' ``where`` when ``track``,
    ``deal_start_nb``): numba equivalent of ``sniper.games.draw.levels.Deal._swap``."""
    u, v = np.uint64(i), np.uint64(j)  # unsigned: no test for negative indices
    swap_nb(deck, u, v)
    if track:
        where[deck[u]] = i
        where[deck[v]] = j


@njit(cache=True, inline="always")
def deal_card_nb(deck, where, track, m, pos, key, count):
    """The card dealt to position ``pos`` of a ``Deal`` of ``m`` cards from word ``count`` of the stream ``key``,
    and the next count: numba equivalent of ``sniper.games.draw.levels.Deal.card`` (swap ``pos`` with ``pos +
    integer(m - pos)``; ``kernels.rng.key_integer_nb``; ``track``: ``deal_start_nb``)."""
    x, count = key_integer_nb(key, count, m - pos)
    deal_swap_nb(deck, where, pos, pos + x, track)
    return deck[np.uint64(pos)], count


@njit(cache=True, inline="always")
def deal_place_nb(deck, where, cards, n, pos):
    """Move ``cards[:n]`` to positions ``pos``.. of a ``Deal`` if every one is still free (at ``pos`` or
    later), and say whether it could: numba equivalent of ``sniper.games.draw.levels.Deal.place`` (a ``Deal``
    that tracks ``where``, ``deal_start_nb``)."""
    taken = False
    for i in range(n):  # no early exit: one branch, on all of them
        taken |= where[cards[i]] < pos
    if taken:
        return False
    for i in range(n):
        deal_swap_nb(deck, where, pos + i, where[cards[i]], True)
    return True


@njit(cache=True, inline="always")
def category_nb(cards, t):
    """The category (0 high card … 8 straight flush) of five cards: numba equivalent of
    ``sniper.games.draw.levels._category`` (``sniper.games.poker52.category`` of the value), by
    ``kernels.draw_equity.five_category_nb`` (no table lookup; ``t``, the evaluator's tables, goes unused)."""
    return five_category_nb(cards)


@njit(cache=True, inline="always")
def opponent_final_nb(deck, where, track, m, k, drawn, first, second, params_read, key, count, t, lt, hand):
    """One opponent's final five cards sampled at positions ``k``.. of a ``Deal`` (``deck``, ``where``, ``track``:
    ``deal_start_nb``, ``m`` cards; ``track`` must be true for an opponent who has drawn) into ``hand`` (``uint8
    (5,)``), and the next free position and the stream's next count: numba equivalent of
    ``sniper.games.draw.levels.opponent_final``.

    ``drawn``: the cards it drew (``NO_DRAW`` before its draw), ``first``/``second``: its aggression in the
    two rounds (``levels.Read``); ``params_read``: ``(read_bluff, read_pair, read_loose, read_snow,
    read_bet, read_raise)``; ``key``, ``count``: the sample's stream and the words it has drawn (locals, as
    ``kernels.rng.key_integer_nb``).
    """
    read_bluff, read_pair, read_loose, read_snow, read_bet, read_raise = params_read
    if drawn != NO_DRAW:
        kept_n = HAND_SIZE - drawn
        chance, count = key_random_nb(key, count)
        if drawn == 0:
            chart = chance >= read_snow
        elif drawn == MAX_DISCARDS:
            chart = chance < read_pair
        else:
            chart = chance >= read_loose
        placed = False
        if chart:
            start, n_rows = lt.keep_start[kept_n], lt.keep_count[kept_n]
            for _ in range(lt.max_tries):
                x, count = key_integer_nb(key, count, n_rows)
                if deal_place_nb(deck, where, lt.keep_cards[start + x], kept_n, k):
                    placed = True
                    break
        if not placed:
            for i in range(kept_n):
                _, count = deal_card_nb(deck, where, track, m, k + i, key, count)
        least = 0 if second == 0 else (read_bet if second == 1 else read_raise)
        for _ in range(lt.max_tries if drawn else 0):
            for i in range(kept_n, HAND_SIZE):
                _, count = deal_card_nb(deck, where, track, m, k + i, key, count)
            if least == 0 or category_nb(deck[k : k + HAND_SIZE], t) >= least:  # every category is >= 0
                break
            chance, count = key_random_nb(key, count)
            if chance < read_bluff:
                break
        for i in range(HAND_SIZE):
            hand[i] = deck[k + i]
        return k + HAND_SIZE, count
    for _ in range(lt.max_tries):
        for i in range(HAND_SIZE):
            _, count = deal_card_nb(deck, where, track, m, k + i, key, count)
        if not first or category_nb(deck[k : k + HAND_SIZE], t) >= 1:
            break
        chance, count = key_random_nb(key, count)
        if chance < read_bluff:
            break
    mask = chart_mask_nb(deck[k : k + HAND_SIZE], t)
    p = 0
    for i in range(HAND_SIZE):  # the kept cards to hand[:p], without a branch (a discard is written over)
        hand[p] = deck[k + i]
        p += 1 - ((mask >> i) & 1)
    k += HAND_SIZE
    while p < HAND_SIZE:
        card, count = deal_card_nb(deck, where, track, m, k, key, count)
        hand[p] = card
        k += 1
        p += 1
    return k, count


@njit(cache=True, inline="always")
def looseness_of_nb(h, i, reads):
    """Player ``i``'s looseness read (0..1) from its seat's ``Hand.tally`` (the game's earlier hands), ``reads``
    being ``(read_rate, read_weight, read_noise, read_draw_rate, read_draw_noise, read_show_rate,
    read_show_noise)``: numba equivalent of ``sniper.games.draw.reads.Reads.looseness``
    (``kernels.poker52.reads.looseness_nb`` of the raises facing a first-round bet, of the two-card draws and of the
    weak hands shown down after a second-round bet)."""
    t = h.tally[h.pl[i].seat]
    counts = ((t[0], t[1], reads[0], reads[2]), (t[2], t[3], reads[3], reads[4]), (t[4], t[5], reads[5], reads[6]))
    return looseness_nb(counts, reads[1])


@njit(cache=True, inline="always")
def mixed_reads_nb(params_read, loose):
    """Numba equivalent of ``sniper.games.draw.levels.mixed_reads``: ``params_read``'s first six with the
    ``read_bluff``, ``read_pair``, ``read_loose``, ``read_snow`` moved ``loose`` of the way to no information."""
    return (
        toward_nb(params_read[0], 1.0, loose),
        toward_nb(params_read[1], 0.0, loose),
        toward_nb(params_read[2], 1.0, loose),
        toward_nb(params_read[3], 1.0, loose),
        params_read[4],
        params_read[5],
    )


@njit(cache=True, inline="always")
def opponents_of_nb(h, p, params_read, scr):
    """Player ``p``'s live opponents clockwise from its left into ``scr.opponents`` (each one's ``drawn``,
    ``first``, ``second``: ``levels.Read``) and their reads into ``scr.reads`` (``read_bluff``, ``read_pair``,
    ``read_loose``, ``read_snow`` of its ``mixed_reads_nb``, by its looseness, ``looseness_of_nb``); returns how
    many. Numba equivalent of ``sniper.games.draw.levels.read_opponents`` and ``mixed_reads``; ``params_read`` as
    ``showdown_units_nb``'s."""
    pl = h.pl
    m_players = h.st[0].players
    opponents, reads = scr.opponents, scr.reads
    n = 0
    for step in range(1, m_players):
        i = (p + step) % m_players
        if pl[i].active:
            q = pl[i]
            opponents[n, 0], opponents[n, 1], opponents[n, 2] = q.drawn, q.first, q.second
            read = mixed_reads_nb(params_read, looseness_of_nb(h, i, params_read[6:]))
            reads[n, 0], reads[n, 1], reads[n, 2], reads[n, 3] = read[0], read[1], read[2], read[3]
            n += 1
    return n


@njit(cache=True, inline="always")
def samples_setup_nb(h, p, unseen, m, params_read, lt, scr):
    """What ``showdown_units_nb`` and ``showdown_share_nb`` find once, before their samples: player ``p``'s live
    opponents and their reads (``opponents_of_nb``; their number ``n``), whether the deals track their cards'
    positions (``track``: some opponent has drawn, so ``deal_place_nb`` may need them; ``deal_start_nb``), the fresh
    deal's positions then (``deal_positions_nb`` into ``scr.fresh``) and the share units a hand equal to a sample's
    best order wins by how many opponents hold it (``tie_shares[t] = share_units // (1 + t)``, ``t`` 0–5;
    ``tie_shares[0]`` is the whole ``share_units``). Returns ``(n, track, tie_shares)``. Numba equivalent of the
    set-up of ``sniper.games.draw.levels.HardAgent.showdowns`` (``read_opponents``, ``Deal``) and of ``Showdowns``' tie
    shares (``SHARE_UNITS // (1 + t)``)."""
    n = opponents_of_nb(h, p, params_read, scr)
    track = False
    for o in range(n):
        track |= scr.opponents[o, 0] != NO_DRAW
    if track:
        deal_positions_nb(unseen, m, scr.fresh)
    share = lt.share_units
    return n, track, (share, share // 2, share // 3, share // 4, share // 5, share // 6)


@njit(cache=True, inline="always")
def sample_best_nb(unseen, m, key, j, n, track, above, read_bet, read_raise, t, lt, scr):
    """Sample ``j`` of ``showdown_units_nb``: the best order of the ``n`` opponents of ``scr.opponents`` (read by
    ``scr.reads``, then ``read_bet`` and ``read_raise``) dealt from ``Stream(derive(key, j))`` (in locals) a
    fresh ``Deal`` of ``unseen[:m]`` (``scr.deck``, ``scr.where`` from ``scr.fresh`` when ``track``,
    ``samples_setup_nb``), and how many hold it:
    numba equivalent of a sample of ``sniper.games.draw.levels.HardAgent.showdowns`` (-1 and 0 with no
    opponent). Stops dealing at the first opponent whose order exceeds ``above`` (the sample's stream is its
    own, so the later opponents' words are never needed): then the best is that order (above ``above``) and
    the count 1."""
    deck, where, hand = scr.deck, scr.where, scr.hand
    opponents, reads = scr.opponents, scr.reads
    sample, count = derive_nb(key, j), np.int64(0)  # the sample's stream, in locals
    deal_start_nb(unseen, m, scr.fresh, deck, where, track)
    k = np.int64(0)
    best = np.int64(_NOBODY)
    ties = 0
    for o in range(n):
        read = (reads[o, 0], reads[o, 1], reads[o, 2], reads[o, 3], read_bet, read_raise)
        k, count = opponent_final_nb(
            deck,
            where,
            track,
            m,
            k,
            opponents[o, 0],
            opponents[o, 1],
            opponents[o, 2],
            read,
            sample,
            count,
            t,
            lt,
            hand,
        )
        order = five_order_nb(hand, t, lt)
        if order > best:
            best = order
            ties = 1
            if best > above:
                break
        elif order == best:
            ties += 1
    return best, ties


@njit(cache=True, **NO_REFCOUNT)
def showdown_units_nb(h, p, unseen, m, key, start, stop, params_read, t, lt, scr):
    """The pot share units (``levels.SHARE_UNITS`` per sample) a final hand of each order wins against
    player ``p``'s live opponents over the deals ``start .. stop - 1`` keyed by ``key`` into ``scr.units`` (``int32
    (7462 + FILL_BLOCK,)``, the last ``FILL_BLOCK`` entries slack): numba equivalent of
    ``sniper.games.draw.levels.HardAgent.showdowns(obs, key, start, stop)`` and ``Showdowns.units``; ``scr`` is a
    ``kernels.draw.strength.Scratch``. The units of consecutive ranges add up to those of their union (adaptive
    sampling, ``policies.hard_equity_nb``).

    Sample ``j`` deals, from ``Stream(derive(key, j))``, the cards ``p`` has not seen (``unseen[:m]``,
    ascending, ``strength.unseen_nb``) to each live opponent clockwise from ``p``'s left (``sample_best_nb``); a
    final hand of order ``o`` wins all ``share_units`` of a sample whose best opponent order is below
    ``o`` and ``share_units // (1 + ties)`` of one where it equals ``o``. ``params_read``: ``(read_bluff,
    read_pair, read_loose, read_snow, read_bet, read_raise)`` then the seven reads of ``looseness_of_nb``; each
    opponent reads by its ``mixed_reads_nb`` (its looseness, ``looseness_of_nb``). The opponents, their reads
    and the fresh deal's positions are found once, before the samples (``samples_setup_nb``); ``scr.below`` and
    ``scr.touched`` are all 0 on entry and left so (``units_of_nb``).
    """
    n, track, tie_shares = samples_setup_nb(h, p, unseen, m, params_read, lt, scr)
    read_bet, read_raise = params_read[4], params_read[5]
    if track:  # a constant in each call (units_samples_nb): one loop compiled with the deals' where, one without
        units_samples_nb(unseen, m, key, start, stop, n, True, read_bet, read_raise, tie_shares, t, lt, scr)
    else:
        units_samples_nb(unseen, m, key, start, stop, n, False, read_bet, read_raise, tie_shares, t, lt, scr)
    units_of_nb(tie_shares[0], scr.below, scr.touched, scr.units)


@njit(cache=True, inline="always")
def units_samples_nb(unseen, m, key, start, stop, n, track, read_bet, read_raise, tie_shares, t, lt, scr):
    """The samples ``start .. stop - 1`` of ``showdown_units_nb`` (``sample_best_nb``) counted by best order,
    shifted by one, into ``scr.below`` (the samples times ``ONE_SAMPLE`` plus their ``tie_shares`` by ties: one
    entry read and written a sample) and ``scr.touched`` (``units_of_nb``): numba equivalent of the loop over the
    samples of ``sniper.games.draw.levels.HardAgent.showdowns``. ``track`` is a constant where it is called, so
    that each loop is compiled for it."""
    below, touched = scr.below, scr.touched
    for j in range(start, stop):
        best, ties = sample_best_nb(unseen, m, key, j, n, track, N_ORDERS, read_bet, read_raise, t, lt, scr)
        b = best + 1  # samples by best order, shifted by one (the best of no opponent is -1)
        below[b] += ONE_SAMPLE + tie_shares[ties]
        touched[b >> 6] |= np.uint64(1) << np.uint64(b & 63)


@njit(cache=True, **NO_REFCOUNT)
def showdown_share_nb(h, p, unseen, m, key, start, stop, params_read, own, t, lt, scr):
    """``scr.units[own]`` of ``showdown_units_nb`` (same arguments, ``own`` a final hand's order), the pot share
    units a hand of order ``own`` wins over the samples ``start .. stop - 1``, without the other orders': per
    sample ``share_units`` when the best opponent order is below ``own``, ``share_units // (1 + ties)`` when it
    equals it, 0 above
    (``sample_best_nb`` stops dealing at the first opponent above ``own``). Numba equivalent of
    ``sniper.games.draw.levels.Showdowns.units(own)`` of ``HardAgent.showdowns``: the same integer."""
    n, track, tie_shares = samples_setup_nb(h, p, unseen, m, params_read, lt, scr)
    read_bet, read_raise = params_read[4], params_read[5]
    if track:  # a constant in each call, as in showdown_units_nb
        return share_samples_nb(unseen, m, key, start, stop, n, True, own, read_bet, read_raise, tie_shares, t, lt, scr)
    return share_samples_nb(unseen, m, key, start, stop, n, False, own, read_bet, read_raise, tie_shares, t, lt, scr)


@njit(cache=True, inline="always")
def share_samples_nb(unseen, m, key, start, stop, n, track, own, read_bet, read_raise, tie_shares, t, lt, scr):
    """``showdown_share_nb``'s units of the samples ``start .. stop - 1`` (``sample_best_nb``, stopped above
    ``own``): numba equivalent of ``sniper.games.draw.levels.Showdowns.units(own)`` over them; ``track`` a constant
    where it is called (``units_samples_nb``)."""
    total = np.int64(0)
    for j in range(start, stop):
        best, ties = sample_best_nb(unseen, m, key, j, n, track, own, read_bet, read_raise, t, lt, scr)
        if best < own:
            total += tie_shares[0]
        elif best == own:
            total += tie_shares[ties]
    return total


@njit(cache=True, inline="always")
def fill_nb(out, start, stop, value):
    """``out[start:stop] = value`` (nothing if ``stop <= start``) in blocks of ``FILL_BLOCK`` (one vector store
    each), so also up to ``FILL_BLOCK - 1`` entries after ``stop`` (``out`` has that slack at its end): numba
    equivalent of ``sniper.games.draw.levels.Showdowns.units`` over a run of orders that no sample's best falls in
    (``units_of_nb``, which writes the entries after the run later). By unsigned indices: a signed index would
    make numba test it for negative values."""
    o, end = np.uint64(max(start, 0)), np.uint64(max(stop, 0))
    while o < end:
        for i in range(FILL_BLOCK):
            out[o + np.uint64(i)] = value
        o += np.uint64(FILL_BLOCK)


@njit(cache=True, inline="always")
def units_of_nb(share, below, touched, units):
    """``units[o]`` (``int32 (7462 + FILL_BLOCK,)``, ``o`` < 7,462): ``share`` times the samples whose best opponent
    order is below ``o`` plus the tie shares of those where it is ``o`` (``below``: by best order shifted by one,
    the samples times ``ONE_SAMPLE`` plus their tie shares): numba equivalent of
    ``sniper.games.draw.levels.Showdowns.units``. Clears ``below`` and ``touched`` (the set entries' bits,
    ``showdown_units_nb``). Between two set entries ``b < b'`` every order from ``b`` to ``b' - 2`` has the same
    units, so the runs are filled (``fill_nb``) and only the set entries read; the entries ``fill_nb`` writes past
    a run are at or after the next set entry's ``b' - 1``, written after it."""
    count = np.int64(0)  # samples whose best is below the order, counted up to b
    start = 0  # the first order not written
    for w in range(touched.shape[0]):
        bits = touched[w]
        touched[w] = 0
        while bits:
            b = w * 64 + np.int64(trailing_zeros(bits))
            bits &= bits - np.uint64(1)
            fill_nb(units, start, b - 1, share * count)
            counted = below[b]
            if b >= 1:
                units[b - 1] = share * count + (counted & (ONE_SAMPLE - 1))
            count += counted >> 32
            below[b] = 0
            start = max(start, b)
    fill_nb(units, start, N_ORDERS, share * count)
