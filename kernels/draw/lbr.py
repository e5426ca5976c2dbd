"""Local best response (LBR) in bulk for five-card draw: a weighted particle range of the opponent's hands
(Lisý & Bowling, "Equilibrium Approximation Quality of Current No-Limit Poker Bots", 2017; GAMES.md D2, D5).

Five-card hands are too many to enumerate (C(47, 5) = 1,533,939 given LBR's cards), so LBR's range of the
opponent is ``n`` **particles**: dealt hands (``uint8 (n, 5)``) drawn uniformly from the cards LBR has not
seen (``deal_particles_nb``), each with a weight that Bayes' rule multiplies by the opponent level's
probability of every action it takes (``particle_policies_nb``: ``kernels.draw.policies.policy_nb`` with the
particle's cards, and after the draw its discards, in place of the opponent's) and, at the draw, of the
number of cards it drew (``count_likelihood_nb``, D5: the count is public, the cards are not). Each particle
then keeps what the level would keep with that count (``choose_keeps_nb``: a keep drawn from the level's
draw probabilities among the keeps of that count) and draws its replacements from the cards it could get,
neither LBR's nor its own (``draw_particles_nb``).

LBR's equity (``keep_shares_nb``): its share of the pot at the showdown against each particle, for each of
its 26 keeps while its draw is ahead; draws still to come (its own and the particle's, the particle keeping
its ``choose_keeps_nb`` keep) are sampled, ``samples`` draws per particle, exact when both hands are final.
Kernels do no validation: ``sniper.games.draw.lbr`` validates and calls them.
"""

import numpy as np

from kernels import NO_REFCOUNT
from kernels.draw.codes import DISCARD, HAND_SIZE, MAX_DISCARDS, N_KEEPS
from kernels.draw.policies import N_FLAT, policy_nb
from kernels.draw.strength import GONE, MASKS, order_of_nb, swap_nb
from kernels.eval52 import EMPTY_KEY, N_CARDS, card_bit_nb
from kernels.jit import njit
from kernels.rng import derive_nb, stream_integer_nb, stream_random_nb, stream_start_nb

ALL_DRAWS = -1
"""``choose_keeps_nb``'s count when the draw is not yet seen: a keep of any count."""


@njit(cache=True, inline="always")
def bits_nb(cards, n):
    """The bit set (``uint64``) of ``cards[:n]`` (cards 0..51)."""
    b = np.uint64(0)
    for i in range(n):
        b |= np.uint64(1) << np.uint64(cards[i])
    return b


@njit(cache=True, **NO_REFCOUNT)
def free_cards_nb(dead, out):
    """The cards not in the bit set ``dead`` (``uint64``), ascending, into ``out`` (``uint8 (52,)``); returns
    how many."""
    m = 0
    for c in range(N_CARDS):
        if not (dead >> np.uint64(c)) & np.uint64(1):
            out[m] = c
            m += 1
    return m


@njit(cache=True)
def deal_particles_nb(dead, key, particles):
    """Each row of ``particles`` (``uint8 (n, 5)``) five distinct cards drawn uniformly from the cards not in
    ``dead`` (``uint64`` bit set), row ``j`` by a partial Fisher-Yates shuffle from the stream
    ``derive(key, j)``."""
    free = np.empty(N_CARDS, np.uint8)
    m = free_cards_nb(dead, free)
    stream = np.zeros(2, np.uint64)
    for j in range(particles.shape[0]):
        stream_start_nb(stream, derive_nb(key, j))
        for i in range(HAND_SIZE):
            swap_nb(free, i, i + stream_integer_nb(stream, m - i))
            particles[j, i] = free[i]


@njit(cache=True)
def particle_policies_nb(level, params, h, p, raise_to, root, keys, cards, discards, weights, t, lt, scr, out):
    """``policy_nb`` of player ``p`` holding each particle of positive weight in turn into ``out`` (``float64
    (n, N_FLAT)``; rows of zero weight zeroed): its cards ``cards[j]`` (``uint8 (n, 5)``, in the order held)
    and, after its draw, its discards ``discards[j]`` (``uint8 (n, 3)``; ``h.pl[p].drawn`` of them, public).
    Arguments otherwise as ``kernels.draw.policies.policy_nb`` (every particle with the same ``root``).
    ``h.cards[p]`` and ``h.discards[p]`` are restored."""
    saved = h.cards[p].copy()
    gone = h.discards[p].copy()
    for j in range(cards.shape[0]):
        if weights[j] <= 0.0:
            for a in range(N_FLAT):
                out[j, a] = 0.0
            continue
        for c in range(HAND_SIZE):
            h.cards[p, c] = cards[j, c]
        for c in range(MAX_DISCARDS):
            h.discards[p, c] = discards[j, c]
        policy_nb(level, params, h, p, raise_to, root, keys, t, lt, scr, out[j])
    h.cards[p] = saved
    h.discards[p] = gone


@njit(cache=True, **NO_REFCOUNT)
def count_likelihood_nb(probs, count, out):
    """The probability each particle draws ``count`` cards (D5) into ``out`` (``float64 (n,)``): the sum of its
    draw probabilities (``probs``, ``float64 (n, N_FLAT)``, at the draw) over the keeps discarding ``count``."""
    for j in range(probs.shape[0]):
        total = 0.0
        for q in range(N_KEEPS):
            if GONE[q] == count:
                total += probs[j, DISCARD + MASKS[q]]
        out[j] = total


@njit(cache=True)
def choose_keeps_nb(probs, count, weights, key, masks):
    """Each particle of positive weight's discard mask into ``masks`` (``uint8 (n,)``): a keep drawn with its
    draw probability (``probs``, ``float64 (n, N_FLAT)``, at the draw) among the keeps discarding ``count``
    cards (``ALL_DRAWS``: any), from the stream ``derive(key, j)``; stand pat when none has probability."""
    stream = np.zeros(2, np.uint64)
    for j in range(probs.shape[0]):
        masks[j] = 0
        if weights[j] <= 0.0:
            continue
        total = 0.0
        for q in range(N_KEEPS):
            if count == ALL_DRAWS or GONE[q] == count:
                total += probs[j, DISCARD + MASKS[q]]
        if total <= 0.0:
            continue
        stream_start_nb(stream, derive_nb(key, j))
        u = stream_random_nb(stream) * total
        for q in range(N_KEEPS):
            if count == ALL_DRAWS or GONE[q] == count:
                u -= probs[j, DISCARD + MASKS[q]]
                masks[j] = MASKS[q]
                if u < 0.0:
                    break


@njit(cache=True)
def resample_nb(weights, key):
    """Systematic resampling: ``int64 (n,)`` indices of particles, each drawn about ``n * weight / total``
    times (one uniform offset from the stream ``key``); ``weights`` must have a positive sum."""
    n = weights.shape[0]
    out = np.empty(n, np.int64)
    stream = np.zeros(2, np.uint64)
    stream_start_nb(stream, key)
    step = weights.sum() / n
    u = stream_random_nb(stream) * step
    j = 0
    cumulative = weights[0]
    for i in range(n):
        while cumulative <= u and j < n - 1:
            j += 1
            cumulative += weights[j]
        out[i] = j
        u += step
    return out


@njit(cache=True)
def draw_particles_nb(particles, masks, dead, key, finals, discards):
    """Each particle's draw (D5): its cards not discarded by ``masks[j]`` kept in order, then replacements drawn
    uniformly (stream ``derive(key, j)``) from the cards neither in ``dead`` (``uint64``: every card LBR
    holds or held) nor among its own five, into ``finals`` (``uint8 (n, 5)``); its discards, in the order
    held, into ``discards`` (``uint8 (n, 3)``)."""
    free = np.empty(N_CARDS, np.uint8)
    stream = np.zeros(2, np.uint64)
    for j in range(particles.shape[0]):
        m = free_cards_nb(dead | bits_nb(particles[j], HAND_SIZE), free)
        stream_start_nb(stream, derive_nb(key, j))
        kept = 0
        gone = 0
        for c in range(HAND_SIZE):
            if (masks[j] >> c) & 1:
                discards[j, gone] = particles[j, c]
                gone += 1
            else:
                finals[j, kept] = particles[j, c]
                kept += 1
        for i in range(gone):
            swap_nb(free, i, i + stream_integer_nb(stream, m - i))
            finals[j, kept + i] = free[i]


@njit(cache=True, inline="always")
def share_nb(mine, theirs):
    """LBR's share of the pot with hand order ``mine`` against ``theirs``: 1, a tie 1/2, else 0 (D7)."""
    return 1.0 if mine > theirs else (0.5 if mine == theirs else 0.0)


@njit(cache=True, **NO_REFCOUNT)
def kept_key_nb(cards, mask, t):
    """The evaluator key and suit mask of the cards of ``cards`` (``uint8 (5,)``) that the discard ``mask`` keeps,
    and how many it discards."""
    k, b, gone = EMPTY_KEY, np.uint64(0), 0
    for c in range(HAND_SIZE):
        if (mask >> c) & 1:
            gone += 1
        else:
            k += t.card_key[cards[c]]
            b |= card_bit_nb(cards[c])
    return k, b, gone


@njit(cache=True, **NO_REFCOUNT)
def own_keeps_nb(own, t, keep_key, keep_mask):
    """The evaluator key and suit mask of every keep of LBR's five cards ``own`` (``MASKS`` order) into
    ``keep_key`` and ``keep_mask`` (``uint64 (26,)``)."""
    for q in range(N_KEEPS):
        keep_key[q], keep_mask[q], _ = kept_key_nb(own, MASKS[q], t)


@njit(cache=True, **NO_REFCOUNT)
def sample_shares_nb(keep_key, keep_mask, n_keeps, mine, theirs, free, m, samples, key, t, lt, stream, row):
    """LBR's mean pot share for its first ``n_keeps`` keeps (``keep_key``, ``keep_mask``: ``own_keeps_nb``) into
    ``row`` (``float64 (26,)``) against one hand: its kept cards' key and mask and the cards it draws,
    ``theirs`` (a tuple); ``mine``: LBR's draws (3, or 0 when its hand is final); ``free[:m]``: the cards either
    may draw. Sample ``s`` from the stream ``derive(key, s)`` shuffles the first ``mine + drawn`` cards (LBR's
    first); one exact comparison when neither draws (``keep_shares_nb``)."""
    base_key, base_mask, drawn = theirs
    draws = mine + drawn
    n = samples if draws > 0 else 1
    for q in range(N_KEEPS):
        row[q] = 0.0
    for s in range(n):
        stream_start_nb(stream, derive_nb(key, s))
        for i in range(draws):
            swap_nb(free, i, i + stream_integer_nb(stream, m - i))
        their_key, their_mask = base_key, base_mask
        for i in range(mine, draws):
            their_key += t.card_key[free[i]]
            their_mask |= card_bit_nb(free[i])
        order = order_of_nb(their_key, their_mask, t, lt)
        for q in range(n_keeps):
            k, b = keep_key[q], keep_mask[q]
            for i in range(GONE[q]):
                k += t.card_key[free[i]]
                b |= card_bit_nb(free[i])
            row[q] += share_nb(order_of_nb(k, b, t, lt), order)
    for q in range(N_KEEPS):
        row[q] = row[q] / n if q < n_keeps else row[0] / n


@njit(cache=True)
def keep_shares_nb(own, own_dead, own_draws, particles, masks, finals, final, samples, key, t, lt, out):
    """LBR's pot share against each particle for each of its keeps into ``out`` (``float64 (n, 26)``, keeps in
    ``MASKS`` order; module docstring).

    ``own``: LBR's five cards (``uint8 (5,)``); ``own_dead``: every card LBR holds or held (``uint64``);
    ``own_draws``: LBR's draw is ahead (else only keep 0, standing pat, is valued, the others copy it).
    The particle's hand: ``finals[j]`` when ``final``, else ``particles[j]`` kept by ``masks[j]`` plus
    replacements. Draws to come are sampled ``samples`` times per particle (``sample_shares_nb``: a partial
    Fisher-Yates shuffle of the cards neither LBR's nor the particle's, LBR's three first, a keep discarding
    ``d`` taking the first ``d``, then the particle's); one exact comparison when none is."""
    keep_key = np.empty(N_KEEPS, np.uint64)
    keep_mask = np.empty(N_KEEPS, np.uint64)
    own_keeps_nb(own, t, keep_key, keep_mask)
    free = np.empty(N_CARDS, np.uint8)
    stream = np.zeros(2, np.uint64)
    n_keeps = N_KEEPS if own_draws else 1
    mine = MAX_DISCARDS if own_draws else 0
    for j in range(particles.shape[0]):
        known = own_dead | bits_nb(particles[j], HAND_SIZE)
        if final:
            known |= bits_nb(finals[j], HAND_SIZE)
        m = free_cards_nb(known, free)
        theirs = kept_key_nb(finals[j], 0, t) if final else kept_key_nb(particles[j], masks[j], t)
        sample_shares_nb(keep_key, keep_mask, n_keeps, mine, theirs, free, m, samples, key, t, lt, stream, out[j])
