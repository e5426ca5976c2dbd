"""The snipe heuristics of the game kernel (R7) and the snipe-round reading the levels share: numba equivalents of
``sniper.games.sniper_holdem.snipes``.

``sniper.games.sniper_holdem.snipes`` is the readable reference; every function here names the one it copies, and
``tests/test_policies.py`` feeds both the same observations and checks the same decision and the same random
draws. The arguments are those of ``kernels.sniper_holdem.policies`` (``t``, ``params``, ``scratch``, the
decision's ``stream``); the scalars of a snipe decision are a ``SnipeTurn``.
"""

from typing import NamedTuple

import numpy as np

from kernels import NO_REFCOUNT
from kernels.jit import njit
from kernels.rng import stream_integer_nb, stream_word_nb
from kernels.sniper_holdem.codes import N_SNIPES, PASS, SNIPE_CODE_OF, Category
from kernels.sniper_holdem.evaluator import PRIVATE_BASE_U32 as _PRIVATE_BASE
from kernels.sniper_holdem.params import EV_CANDIDATES, FUTURE_SNIPE_WEIGHTS, SETTLE_BLOCK, Heuristic, Param
from kernels.sniper_holdem.rollout import rollout_nb

_FUTURE_WEIGHTS = np.array(FUTURE_SNIPE_WEIGHTS, dtype=np.float64)
_ONE = np.uint64(1)


class SnipeTurn(NamedTuple):
    """The scalars of a snipe decision (R7)."""

    seat: int
    """The seat to snipe."""
    named_mask: np.uint64
    """Bit set of the codes named so far this hand."""
    n_turns: int
    """Snipe turns taken before this one, passes included."""
    n_live: int
    """Players at the snipe round."""


@njit(cache=True, **NO_REFCOUNT)
def board_snipes_nb(board, out):
    """Numba equivalent of ``sniper.games.sniper_holdem.snipes.board_snipes`` of the 4-card ``board``: codes into
    ``out``
    (``int64 (>= 4,)``), most obvious first; returns how many."""
    m = 0
    best_n = 0
    for i in range(4):
        count = 0
        for j in range(4):
            if board[j] == board[i]:
                count += 1
        if count >= 3:
            best_n = np.int64(board[i])
    if best_n > 0:
        out[0] = SNIPE_CODE_OF[Category.FOUR_OF_A_KIND, best_n]
        out[1] = SNIPE_CODE_OF[Category.FULL_HOUSE, best_n]
        return 2
    hi = 0
    lo = 11
    distinct = 0
    for n in range(10, 0, -1):
        count = 0
        for j in range(4):
            if board[j] == n:
                count += 1
        if count == 2:
            out[m] = SNIPE_CODE_OF[Category.FULL_HOUSE, n]
            out[m + 1] = SNIPE_CODE_OF[Category.THREE_OF_A_KIND, n]
            m += 2
        if count > 0:
            distinct += 1
            hi = max(hi, n)
            lo = min(lo, n)
    if distinct == 4 and hi - lo == 3:
        out[m] = SNIPE_CODE_OF[Category.STRAIGHT, hi + 1 if hi < 10 else hi]
        m += 1
    return m


@njit(cache=True, inline="always")
def allowed_nb(code, own_code, named_mask):
    """``code`` is in ``sniper.games.sniper_holdem.snipes.allowed_snipes``: not the own hand's name, not named yet
    (``named_mask``: ``uint64`` bit set of the codes named so far)."""
    return code != own_code and not (named_mask >> np.uint64(code)) & _ONE


@njit(cache=True)
def future_snipe_probs_nb(board, weight, probs, codes):
    """Numba equivalent of ``sniper.games.sniper_holdem.snipes.future_snipe_probs`` into ``probs`` (``float64 (61,)``),
    same float operations; ``codes`` (``int64 (>= 6,)``) is scratch."""
    m = board_snipes_nb(board, codes)
    for i in range(N_SNIPES + 1):
        probs[i] = 0.0
    for i in range(min(m, _FUTURE_WEIGHTS.shape[0])):
        probs[codes[i]] += weight * _FUTURE_WEIGHTS[i]
    total = 0.0
    for i in range(N_SNIPES):
        total += probs[i]
    probs[N_SNIPES] = 1.0 - total


# ----- snipe heuristics (R7) -----------------------------------------------------------------


@njit(cache=True)
def snipe_rollout_inputs_nb(params, board, n_live, named_mask, n_turns, extra, codes, probs):
    """The snipe-round rollout's inputs: the names made so far (bit set ``named_mask``) and
    ``extra`` (``PASS`` for none) ascending into ``codes`` (``int64 (60,)``), the future snipe
    probabilities into ``probs`` (``float64 (61,)``); ``n_turns`` snipe turns taken before this one
    (passes included). Returns ``(number of codes, n_future)``. Part of ``snipe_rollout_nb``."""
    n_opponents = n_live - 1
    weight = params[Param.FUTURE_SNIPES]
    n_future = n_opponents - n_turns if weight > 0 else np.int64(0)
    for i in range(N_SNIPES + 1):
        probs[i] = 0.0
    if n_future > 0:
        future_snipe_probs_nb(board, weight, probs, codes)
    mask = named_mask
    if extra >= 0:
        mask |= _ONE << np.uint64(extra)
    m = 0
    for code in range(N_SNIPES):
        if (mask >> np.uint64(code)) & _ONE:
            codes[m] = code
            m += 1
    return np.int64(m), np.int64(n_future)


@njit(cache=True, inline="always")
def snipe_rollout_nb(params, key, private, board, seat, n_live, named_mask, n_turns, extra, first, size, scratch, t):
    """Numba equivalent of ``sniper.games.sniper_holdem.snipes._snipe_rollout``: rollout sums at the snipe round
    (``snipe_rollout_inputs_nb``; ``kernels.sniper_holdem.rollout.rollout_nb``'s result, its beaters in
    ``scratch.rollout.beaters``); samples ``first .. first + size - 1`` (``size`` 0: all
    ``Param.SAMPLES``). Inlined, so its callers call ``rollout_nb`` directly (a shallower call
    tree compiles faster)."""
    codes, probs = scratch.codes, scratch.probs
    m, n_future = snipe_rollout_inputs_nb(params, board, n_live, named_mask, n_turns, extra, codes, probs)
    samples = np.int64(params[Param.SAMPLES]) if size == 0 else np.int64(size)
    return rollout_nb(
        private[seat], board, np.int64(n_live - 1), codes[:m], probs, n_future, key, samples, t.base, t.snipe,
        np.int64(first), t.category, scratch.raises, 0.0, scratch.rollout
    )  # fmt: skip


@njit(cache=True)
def ranked_beaters_nb(beaters, own_code, named_mask, out):
    """Numba equivalent of ``sniper.games.sniper_holdem.snipes._ranked_beaters``: allowed codes with a positive count,
    most frequent first (ties: lower code), into ``out`` (``int64 (60,)``); returns how many."""
    m = 0
    for code in range(N_SNIPES):
        if beaters[code] > 0 and allowed_nb(code, own_code, named_mask):
            out[m] = code
            m += 1
    for i in range(1, m):
        code = out[i]
        j = i
        while j > 0 and beaters[out[j - 1]] < beaters[code]:
            out[j] = out[j - 1]
            j -= 1
        out[j] = code
    return m


@njit(cache=True)
def leader_settled_nb(ranked, m, beaters, z):
    """Numba equivalent of ``sniper.games.sniper_holdem.snipes.leader_settled`` for ``ranked[:m]``, same float
    operations."""
    if m == 0:
        return False
    c1 = beaters[ranked[0]]
    c2 = beaters[ranked[1]] if m > 1 else np.int64(0)
    return c1 - c2 > z * np.sqrt(c1 + c2)


@njit(cache=True, **NO_REFCOUNT)
def rollout_snipe_nb(heuristic, params, private, board, stream, scratch, turn, own, t):
    """Numba equivalent of ``sniper.games.sniper_holdem.snipes.snipe_beater``, ``snipe_danger`` and ``snipe_ev`` (one
    word keys every rollout); ``turn`` is the ``SnipeTurn``, ``own`` the own hand's snipe code. ``danger`` ranks the
    rollout's ``dangers`` where ``beater`` ranks its ``beaters``. Uses ``scratch`` (a ``Scratch``) and allocates
    nothing."""
    seat, named_mask, n_turns, n_live = turn
    key = stream_word_nb(stream)
    ranked = scratch.ranked
    z = params[Param.SETTLE]
    danger = heuristic == Heuristic.DANGER
    if (heuristic == Heuristic.BEATER or danger) and z > 0:
        samples = np.int64(params[Param.SAMPLES])
        beaters = scratch.beaters
        for code in range(N_SNIPES):
            beaters[code] = 0
        done = np.int64(0)
        m = 0
        while done < samples:
            size = min(np.int64(SETTLE_BLOCK), samples - done)
            snipe_rollout_nb(
                params, key, private, board, seat, n_live, named_mask, n_turns, np.int64(PASS), done, size, scratch, t
            )
            counts = scratch.rollout.dangers if danger else scratch.rollout.beaters
            for code in range(N_SNIPES):
                beaters[code] += counts[code]
            done += size
            m = ranked_beaters_nb(beaters, own, named_mask, ranked)
            if leader_settled_nb(ranked, m, beaters, z):
                break
        return ranked[0] if m > 0 else PASS
    base_win, _, _, _, _ = snipe_rollout_nb(
        params, key, private, board, seat, n_live, named_mask, n_turns, np.int64(PASS), np.int64(0), np.int64(0),
        scratch, t,
    )  # fmt: skip
    m = ranked_beaters_nb(scratch.rollout.dangers if danger else scratch.rollout.beaters, own, named_mask, ranked)
    if heuristic == Heuristic.BEATER or danger:
        return ranked[0] if m > 0 else PASS
    best = PASS
    best_units = base_win
    for i in range(min(m, EV_CANDIDATES)):
        units, _, _, _, _ = snipe_rollout_nb(
            params, key, private, board, seat, n_live, named_mask, n_turns, ranked[i], np.int64(0), np.int64(0),
            scratch, t,
        )  # fmt: skip
        if units > best_units:
            best = ranked[i]
            best_units = units
    return best


@njit(cache=True, inline="always")
def snipe_decision_nb(heuristic, params, seats, private, board, stream, scratch, turn, t):
    """A snipe code (0..59) or ``PASS`` for the agent's ``heuristic`` (``Heuristic``) (R7).

    ``turn`` is the ``SnipeTurn``; draws from ``stream``; ``scratch`` is a ``Scratch``.
    Numba equivalent of ``sniper.games.sniper_holdem.agents.Agent.snipe`` with
    ``sniper.games.sniper_holdem.snipes.SNIPE_HEURISTICS``.
    """
    own = np.int64(t.snipe[np.uint32(seats[turn.seat].key) // _PRIVATE_BASE])
    named_mask = turn.named_mask
    if heuristic == Heuristic.RANDOM:
        n_allowed = 0
        for code in range(N_SNIPES):
            if allowed_nb(code, own, named_mask):
                n_allowed += 1
        pick = stream_integer_nb(stream, n_allowed + 1)
        for code in range(N_SNIPES):
            if allowed_nb(code, own, named_mask):
                if pick == 0:
                    return code
                pick -= 1
        return PASS
    if heuristic == Heuristic.BOARD:
        codes = scratch.codes
        m = board_snipes_nb(board, codes)
        for i in range(m):
            if allowed_nb(codes[i], own, named_mask):
                return codes[i]
        return PASS
    if heuristic == Heuristic.BEATER or heuristic == Heuristic.EV or heuristic == Heuristic.DANGER:
        return rollout_snipe_nb(heuristic, params, private, board, stream, scratch, turn, own, t)
    return PASS
