"""Monte Carlo rollouts of a seat's showdown: the numba copy of ``sniper.games.sniper_holdem.rollout.rollout`` (R7, R8,
R13).

The draw scheme (shared bit for bit with the reference ``sniper.games.sniper_holdem.rollout.rollout``):

- Unseen cards: the fresh deck minus the seat's 2 private cards minus the ``k`` visible board
  cards, as an ascending list of length ``U = 38 - k``.
- Sample ``j`` (0, 1, …) has key ``sk = derive(key, j)``. Draw ``i`` (0, 1, …) takes the 16-bit
  chunk ``(word >> (16 * (i % 4))) & 0xFFFF`` of ``word = derive(sk, i // 4)`` and swaps position
  ``i`` with ``i + ((chunk * (U - i)) >> 16)`` in a fresh working copy of the unseen list (partial
  Fisher–Yates). Drawn cards fill the ``4 - k`` missing board cards first, then opponent 1's two
  private cards, opponent 2's, and so on.
- Future snipes: with a distribution ``snipe_probs`` (``float64 (61,)``, index = snipe code, 60 =
  pass, non-negative) and a count ``n_future`` of opponents yet to snipe, future snipe ``t`` uses
  ``u = uniform_float(derive(sk, 64 + t))`` and takes the first index whose cumulative sum
  (summed left to right in ``float64``) is ``> u``; 60 (pass) if there is none.
- Showdown (R8): a hand whose (category, top) matches any snipe (made or sampled) ranks last. The
  winners are the unsniped hands with the best strength key; if every hand is sniped, all split.
  The seat's win share is ``1/k`` when it is one of ``k`` winners, counted in integer units of
  1/60 (``60 // k``); squares are summed in integers too, so sums are exact and independent of
  thread count and summation order.
- ``sniped`` counts samples where the seat's own hand matches a snipe.
- ``beaters[c]`` counts, over samples and opponents, the opponents whose strength key beats the
  seat's (snipes ignored) and whose hand's (category, top) is snipe code ``c`` (what the levels read
  to choose a snipe).
- ``dangers[c]`` counts the opponents who beat the seat at the showdown as R8 plays it, by their
  hand's snipe code ``c``: an unsniped opponent beats a sniped seat whatever its hand, and a
  sniped opponent beats no one (``sniper equity``'s dangers).
- Betting weights (the ``hard`` level's "a raise makes strong hands likelier"): with
  ``aggression > 0``, opponent ``o`` (0-based, in the order of ``opp_raises``) who made
  ``opp_raises[o]`` bets or raises this hand weighs a sample by
  ``1.0 + aggression * opp_raises[o] * category_o / AGGRESSION_SCALE``
  (``kernels.sniper_holdem.params``, 6.0) (``category_o`` its final hand's
  ``Category``, 0..6), multiplied over opponents left to right; ``weighted_units`` sums
  ``weight * share_units`` and ``weight_total`` the weights, in ``float64``, sample by sample in
  order. With ``aggression == 0`` every weight is 1.

Kernels take the evaluator tables as arguments (``kernels.sniper_holdem.evaluator.tables()``: ``base`` and
``snipe``) and do no validation; ``sniper.games.sniper_holdem.rollout.equity`` validates and calls them.
"""

from typing import NamedTuple

import numpy as np
from numba.extending import register_jitable

from kernels import NO_REFCOUNT
from kernels.jit import njit
from kernels.rng import derive_nb, uniform_float_nb
from kernels.sniper_holdem.codes import COPIES, DECK_SIZE, N_NUMBERS, N_SNIPES
from kernels.sniper_holdem.evaluator import POW5, PRIVATE_PART, tables
from kernels.sniper_holdem.evaluator import PRIVATE_BASE_U32 as _PRIVATE_BASE
from kernels.sniper_holdem.params import AGGRESSION_SCALE

FUTURE_SNIPE_WORD = 64
"""Word ``derive(sk, 64 + t)`` of a sample's key drives future snipe ``t``."""
PASS_INDEX = N_SNIPES
"""Index of "pass" in ``snipe_probs``."""
UNITS = 60
"""A whole pot in win units: a share of ``1/k`` is ``60 // k`` units (``k`` ≤ 6 divides 60)."""
MAX_OPPONENTS = 5
"""Opponents of a seat at most: 6 seats (R2)."""

_SHARE = np.array([0, 60, 30, 20, 15, 12, 10], dtype=np.int64)
_MASK16 = np.uint64(0xFFFF)


class RolloutScratch(NamedTuple):
    """The working arrays of ``rollout_nb`` and its ``beaters`` and ``dangers`` outputs, allocated by its caller
    (``new_rollout_scratch``) once for many calls: the rollout allocates nothing and compiles
    without reference counting (``kernels.NO_REFCOUNT``). One per thread."""

    unseen: np.ndarray
    """``uint8 (38,)``: the unseen cards in ascending order (the first ``U = 38 - k``)."""
    work: np.ndarray
    """``uint8 (38,)``: the working copy of ``unseen`` a sample shuffles."""
    cum: np.ndarray
    """``float64 (61,)``: cumulative sums of ``snipe_probs``."""
    opp_key: np.ndarray
    """``int64 (5,)``: each opponent's strength key in the current sample."""
    opp_base: np.ndarray
    """``uint32 (5,)``: each opponent's ``base`` table entry (rank part of the key)."""
    opp_hit: np.ndarray
    """``bool (5,)``: each opponent's hand matches a snipe in the current sample."""
    beaters: np.ndarray
    """``int64 (60,)``: output, the last call's ``beaters`` (module docstring)."""
    dangers: np.ndarray
    """``int64 (60,)``: output, the last call's ``dangers`` (module docstring, R8)."""


@register_jitable
def new_rollout_scratch():
    """A ``RolloutScratch`` (contents set by ``rollout_nb``); plain Python and, called from a
    kernel, compiled into it (the same numba type either way)."""
    return RolloutScratch(
        np.zeros(DECK_SIZE - 2, np.uint8),
        np.zeros(DECK_SIZE - 2, np.uint8),
        np.zeros(N_SNIPES + 1, np.float64),
        np.zeros(MAX_OPPONENTS, np.int64),
        np.zeros(MAX_OPPONENTS, np.uint32),
        np.zeros(MAX_OPPONENTS, np.bool_),
        np.zeros(N_SNIPES, np.int64),
        np.zeros(N_SNIPES, np.int64),
    )


@njit(cache=True, nogil=True, **NO_REFCOUNT)
def rollout_nb(
    private,
    board,
    n_opponents,
    snipe_codes,
    snipe_probs,
    n_future,
    key,
    n_samples,
    base,
    snipe,
    first,
    category,
    opp_raises,
    aggression,
    scratch,
):
    """Monte Carlo rollout of one seat, single thread (scheme in the module docstring; R7, R8, R13).

    ``private``: ``uint8 (2,)``; ``board``: ``uint8 (k,)``, ``k`` in 0..4; ``n_opponents``: 1..5;
    ``snipe_codes``: ``int64 (m,)`` snipes already made (codes 0..59); ``snipe_probs``:
    ``float64 (61,)``; ``n_future``: opponents yet to snipe; ``key``: ``uint64``; ``base``,
    ``snipe``: ``kernels.sniper_holdem.evaluator.tables()`` fields; ``n_samples`` samples numbered ``first ..
    first + n_samples - 1`` (``sniper.games.sniper_holdem.rollout.kernel_rollout`` runs blocks of samples on threads,
    the GIL
    released); ``category``: ``kernels.sniper_holdem.evaluator.tables().category``; ``opp_raises``: ``int64
    (>= n_opponents,)`` bets and raises per opponent (read only with ``aggression > 0``);
    ``aggression``: ``float64`` betting weight (0 = unweighted); ``scratch``: a ``RolloutScratch``.
    Returns ``(win_units, win_units_squared, sniped, weighted_units, weight_total)``: three
    ``int64`` and two ``float64``; writes ``beaters`` and ``dangers`` into ``scratch``. Allocates nothing.
    Numba equivalent of ``sniper.games.sniper_holdem.rollout.rollout``, bit for bit.

    Everything is in this one function: each jitted caller re-optimises the code of its callees,
    so helpers would multiply the compile time.
    """
    unseen, work, cum = scratch.unseen, scratch.work, scratch.cum
    opp_key, opp_base, opp_hit, beaters = scratch.opp_key, scratch.opp_base, scratch.opp_hit, scratch.beaters
    dangers = scratch.dangers
    m = 0
    for n in range(1, N_NUMBERS + 1):
        count = COPIES
        for c in private:
            count -= c == n
        for c in board:
            count -= c == n
        for _ in range(count):
            unseen[m] = n
            work[m] = n
            m += 1
    n_unseen_i = m
    n_unseen = np.uint64(m)
    n_cum = snipe_probs.shape[0]
    total = 0.0
    for i in range(n_cum):
        total += snipe_probs[i]
        cum[i] = total
    made_mask = np.uint64(0)
    for code in snipe_codes:
        made_mask |= np.uint64(1) << np.uint64(code)
    n_missing = 4 - board.shape[0]
    n_draws = n_missing + 2 * n_opponents
    n_words = (n_draws + 3) // 4
    board_key = np.uint32(0)
    for c in board:
        board_key += POW5[np.uint32(c)]
    own_add = POW5[np.uint32(private[0])] + POW5[np.uint32(private[1])]
    own_private = PRIVATE_PART[np.uint32(private[0]), np.uint32(private[1])]
    for c in range(N_SNIPES):
        beaters[c] = 0
        dangers[c] = 0
    win_units = np.int64(0)
    win_sq = np.int64(0)
    weighted_units = 0.0
    weight_total = 0.0
    sniped = np.int64(0)
    start = first
    stop = first + n_samples
    for j in range(start, stop):
        sk = derive_nb(key, j)
        for w in range(n_words):
            word = derive_nb(sk, w)
            for c in range(4):
                i = 4 * w + c
                if i < n_draws:
                    chunk = (word >> np.uint64(16 * c)) & _MASK16
                    p = i + np.int64((chunk * (n_unseen - np.uint64(i))) >> np.uint64(16))
                    work[i], work[p] = work[p], work[i]
        full_board = board_key
        for m in range(n_missing):
            full_board += POW5[np.uint32(work[m])]
        own_base = base[full_board + own_add]
        own_key = np.int64(own_base + own_private)
        for o in range(n_opponents):
            a = np.uint32(work[n_missing + 2 * o])
            b = np.uint32(work[n_missing + 2 * o + 1])
            opp_base[o] = base[full_board + POW5[a] + POW5[b]]
            opp_key[o] = np.int64(opp_base[o] + PRIVATE_PART[a, b])
        for i in range(n_unseen_i):
            work[i] = unseen[i]
        mask = made_mask
        for t in range(n_future):
            u = uniform_float_nb(derive_nb(sk, FUTURE_SNIPE_WORD + t))
            lo = 0
            hi = n_cum
            while lo < hi:
                mid = (lo + hi) >> 1
                if cum[mid] > u:
                    hi = mid
                else:
                    lo = mid + 1
            code = lo
            if code < PASS_INDEX:
                mask |= np.uint64(1) << np.uint64(code)
        for o in range(n_opponents):
            if opp_key[o] > own_key:
                code = np.int64(snipe[opp_base[o] // _PRIVATE_BASE])
                if code >= 0:
                    beaters[code] += 1
                    if mask == 0:
                        dangers[code] += 1
        share = np.int64(0)
        if mask == 0:
            k = 1
            for o in range(n_opponents):
                if opp_key[o] > own_key:
                    k = 0
                    break
                k += opp_key[o] == own_key
            share = _SHARE[k]
        else:
            best = np.int64(-1)
            own_code = np.int64(snipe[own_base // _PRIVATE_BASE])
            own_hit = own_code >= 0 and (mask >> np.uint64(own_code)) & np.uint64(1) != 0
            if not own_hit:
                best = own_key
            for o in range(n_opponents):
                code = np.int64(snipe[opp_base[o] // _PRIVATE_BASE])
                opp_hit[o] = code >= 0 and (mask >> np.uint64(code)) & np.uint64(1) != 0
                if not opp_hit[o] and opp_key[o] > best:
                    best = opp_key[o]
                if code >= 0 and not opp_hit[o] and (own_hit or opp_key[o] > own_key):
                    dangers[code] += 1
            if own_hit:
                sniped += 1
                if best < 0:
                    share = _SHARE[n_opponents + 1]
            elif own_key == best:
                k = 1
                for o in range(n_opponents):
                    k += opp_key[o] == best and not opp_hit[o]
                share = _SHARE[k]
        win_units += share
        win_sq += share * share
        weight = 1.0
        if aggression > 0:
            for o in range(n_opponents):
                cat = category[opp_base[o] // _PRIVATE_BASE]
                weight *= 1.0 + aggression * opp_raises[o] * cat / AGGRESSION_SCALE
        weighted_units += weight * share
        weight_total += weight
    return win_units, win_sq, sniped, weighted_units, weight_total


def warmup() -> None:
    """Compile the rollout kernels for the dtypes ``sniper.games.sniper_holdem.rollout`` uses."""
    t = tables()
    args = (
        np.array([1, 2], np.uint8),
        np.array([3, 4], np.uint8),
        1,
        np.zeros(0, np.int64),
        np.zeros(N_SNIPES + 1, np.float64),
        0,
        np.uint64(1),
        2,
        t.base,
        t.snipe,
        0,
        t.category,
        np.zeros(1, np.int64),
        0.0,
        new_rollout_scratch(),
    )
    rollout_nb(*args)
