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

from kernels import NO_REFCOUNT
from kernels.draw.codes import HAND_SIZE, MAX_DISCARDS, NO_DRAW
from kernels.draw.strength import N_ORDERS, five_order_nb, swap_nb
from kernels.draw_equity import CATEGORY_UNIT, chart_mask_nb
from kernels.eval52 import N_CARDS, value_nb
from kernels.jit import njit
from kernels.poker52.reads import looseness_nb, toward_nb
from kernels.rng import derive_nb, stream_integer_nb, stream_random_nb, stream_start_nb

_NOBODY = -1
"""The best opponent order of a sample with no opponent (``Showdowns``' ``max(orders, default=-1)``)."""


@njit(cache=True, inline="always")
def deal_start_nb(unseen, m, deck, where):
    """A fresh ``Deal`` of ``unseen[:m]`` (ascending) into ``deck`` (``uint8 (52,)``) and ``where``
    (``int64 (52,)``: each card's position, -1 for a card not in it): numba equivalent of
    ``sniper.games.draw.levels.Deal.__init__``."""
    for c in range(N_CARDS):
        where[c] = -1
    for i in range(m):
        deck[i] = unseen[i]
        where[unseen[i]] = i


@njit(cache=True, inline="always")
def deal_swap_nb(deck, where, i, j):
    """Swap positions ``i`` and ``j`` of a ``Deal``: numba equivalent of ``sniper.games.draw.levels.Deal._swap``."""
    swap_nb(deck, i, j)
    where[deck[i]] = i
    where[deck[j]] = j


@njit(cache=True, inline="always")
def deal_card_nb(deck, where, m, pos, stream):
    """The card dealt to position ``pos`` of a ``Deal`` of ``m`` cards: numba equivalent of
    ``sniper.games.draw.levels.Deal.card`` (swap ``pos`` with ``pos + integer(m - pos)``)."""
    deal_swap_nb(deck, where, pos, pos + stream_integer_nb(stream, m - pos))
    return deck[pos]


@njit(cache=True, inline="always")
def deal_place_nb(deck, where, cards, n, pos):
    """Move ``cards[:n]`` to positions ``pos``.. of a ``Deal`` if every one is still free (at ``pos`` or
    later), and say whether it could: numba equivalent of ``sniper.games.draw.levels.Deal.place``."""
    for i in range(n):
        if where[cards[i]] < pos:
            return False
    for i in range(n):
        deal_swap_nb(deck, where, pos + i, where[cards[i]])
    return True


@njit(cache=True, inline="always")
def category_nb(cards, t):
    """The category (0 high card … 8 straight flush) of five cards: numba equivalent of
    ``sniper.games.draw.levels._category`` (``sniper.games.poker52.category`` of the value)."""
    return value_nb(cards, t) // CATEGORY_UNIT


@njit(cache=True, inline="always")
def opponent_final_nb(deck, where, m, k, drawn, first, second, params_read, stream, t, lt, hand):
    """One opponent's final five cards sampled at positions ``k``.. of a ``Deal`` (``deck``, ``where``, ``m``
    cards) into ``hand`` (``uint8 (5,)``), and the next free position: numba equivalent of
    ``sniper.games.draw.levels.opponent_final``.

    ``drawn``: the cards it drew (``NO_DRAW`` before its draw), ``first``/``second``: its aggression in the
    two rounds (``levels.Read``); ``params_read``: ``(read_bluff, read_pair, read_loose, read_snow,
    read_bet, read_raise)``; ``stream``: the sample's stream (``uint64 (2,)``).
    """
    read_bluff, read_pair, read_loose, read_snow, read_bet, read_raise = params_read
    if drawn != NO_DRAW:
        kept_n = HAND_SIZE - drawn
        chance = stream_random_nb(stream)
        if drawn == 0:
            chart = chance >= read_snow
        elif drawn == MAX_DISCARDS:
            chart = chance < read_pair
        else:
            chart = chance >= read_loose
        placed = False
        if chart:
            start, count = lt.keep_start[kept_n], lt.keep_count[kept_n]
            for _ in range(lt.max_tries):
                row = start + stream_integer_nb(stream, count)
                if deal_place_nb(deck, where, lt.keep_cards[row], kept_n, k):
                    placed = True
                    break
        if not placed:
            for i in range(kept_n):
                deal_card_nb(deck, where, m, k + i, stream)
        least = 0 if second == 0 else (read_bet if second == 1 else read_raise)
        for _ in range(lt.max_tries if drawn else 0):
            for i in range(kept_n, HAND_SIZE):
                deal_card_nb(deck, where, m, k + i, stream)
            if category_nb(deck[k : k + HAND_SIZE], t) >= least or stream_random_nb(stream) < read_bluff:
                break
        for i in range(HAND_SIZE):
            hand[i] = deck[k + i]
        return k + HAND_SIZE
    for _ in range(lt.max_tries):
        for i in range(HAND_SIZE):
            deal_card_nb(deck, where, m, k + i, stream)
        if not first or category_nb(deck[k : k + HAND_SIZE], t) >= 1 or stream_random_nb(stream) < read_bluff:
            break
    mask = chart_mask_nb(deck[k : k + HAND_SIZE], t)
    p = 0
    for i in range(HAND_SIZE):
        if not (mask >> i) & 1:
            hand[p] = deck[k + i]
            p += 1
    k += HAND_SIZE
    while p < HAND_SIZE:
        hand[p] = deal_card_nb(deck, where, m, k, stream)
        k += 1
        p += 1
    return k


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


@njit(cache=True, **NO_REFCOUNT)
def showdown_units_nb(h, p, unseen, m, key, samples, params_read, t, lt, scr):
    """The pot share units (``levels.SHARE_UNITS`` per sample) a final hand of each order wins against
    player ``p``'s live opponents over ``samples`` deals keyed by ``key`` into ``scr.units`` (``int64
    (7462,)``): numba equivalent of ``sniper.games.draw.levels.HardAgent.showdowns`` and
    ``Showdowns.units``; ``scr`` is a ``kernels.draw.strength.Scratch``.

    Sample ``j`` deals, from ``Stream(derive(key, j))``, the cards ``p`` has not seen (``unseen[:m]``,
    ascending, ``strength.unseen_nb``) to each live opponent clockwise from ``p``'s left (``opponent_final_nb``); a
    final hand of order ``o`` wins all ``share_units`` of a sample whose best opponent order is below
    ``o`` and ``share_units // (1 + ties)`` of one where it equals ``o``. ``params_read``: ``(read_bluff,
    read_pair, read_loose, read_snow, read_bet, read_raise)`` then the seven reads of ``looseness_of_nb``; each
    opponent reads by its ``mixed_reads_nb`` (its looseness, ``looseness_of_nb``, into ``scr.loose``).
    """
    pl, st = h.pl, h.st[0]
    m_players = st.players
    for i in range(m_players):
        scr.loose[i] = looseness_of_nb(h, i, params_read[6:]) if pl[i].active and i != p else 0.0
    below, tied = scr.below, scr.tied
    for o in range(N_ORDERS + 1):
        below[o] = 0
        tied[o] = 0
    for j in range(samples):
        stream_start_nb(scr.sample, derive_nb(key, j))
        deal_start_nb(unseen, m, scr.deck, scr.where)
        k = np.int64(0)
        best = np.int64(_NOBODY)
        ties = 0
        for step in range(1, m_players):
            i = (p + step) % m_players
            if not pl[i].active:
                continue
            q = pl[i]
            read = mixed_reads_nb(params_read, scr.loose[i])
            k = opponent_final_nb(
                scr.deck, scr.where, m, k, q.drawn, q.first, q.second, read, scr.sample, t, lt, scr.hand
            )
            order = five_order_nb(scr.hand, t, lt)
            if order > best:
                best = order
                ties = 1
            elif order == best:
                ties += 1
        below[best + 1] += 1  # samples by best order, shifted by one (the best of no opponent is -1)
        tied[best + 1] += lt.share_units // (1 + ties)
    units = scr.units
    count = np.int64(0)  # samples whose best is below the order
    for o in range(N_ORDERS):
        count += below[o]
        units[o] = lt.share_units * count + tied[o + 1]
