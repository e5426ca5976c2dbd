"""The AI levels and snipe heuristics of the game kernel: numba equivalents of ``sniper.games.sniper_holdem.agents``.

``sniper.games.sniper_holdem.agents`` is the readable reference; every function here names the one it copies, and
``tests/test_policies.py`` feeds both the same observations and checks the same decision and the
same random draws. Constants come from ``kernels.sniper_holdem.params`` (one definition for both layers).

A decision sees (R10): its own private cards and strength key (``private[seat]``,
``seats[seat].key``, the key only with the board complete), the face-up ``board``, and the public
state in ``seats`` (``kernels.sniper_holdem.betting.SEAT`` records: commitments, this round's bets, who folded,
bets and raises per seat); other seats' cards are in ``private`` but never read. The scalars of
the moment are a ``Turn`` (betting) or a ``SnipeTurn``. Random words come from the decision's
``stream`` (``uint64 (2,)``, ``kernels.rng.stream_word_nb``), in the order the reference agent
draws them. ``t`` is ``kernels.sniper_holdem.evaluator.tables()``; ``params`` a seat's ``float64 (N_PARAMS,)``
vector (``kernels.sniper_holdem.params.Param``); ``scratch`` a ``Scratch``, the working arrays of the decisions:
like the game kernel that calls them, the decisions allocate nothing and compile without reference
counting (``kernels.NO_REFCOUNT``).
"""

from typing import NamedTuple

import numpy as np
from numba.extending import register_jitable

from kernels import NO_REFCOUNT
from kernels.jit import njit
from kernels.rng import stream_integer_nb, stream_random_nb, stream_word_nb
from kernels.sniper_holdem.codes import N_ACTIONS, N_SNIPES, PASS, SNIPE_CODE_OF, Act, Category
from kernels.sniper_holdem.evaluator import PRIVATE_BASE_U32 as _PRIVATE_BASE
from kernels.sniper_holdem.params import EV_CANDIDATES, FUTURE_SNIPE_WEIGHTS, SETTLE_BLOCK, Heuristic, Level, Param
from kernels.sniper_holdem.rollout import MAX_OPPONENTS, UNITS, RolloutScratch, new_rollout_scratch, rollout_nb

_FUTURE_WEIGHTS = np.array(FUTURE_SNIPE_WEIGHTS, dtype=np.float64)
_ONE = np.uint64(1)
# Integer arguments of jitted calls are wrapped in ``np.int64``: a literal or a global would
# compile one more specialisation of the callee (``Literal[int]``) and lengthen the cold start.


class Turn(NamedTuple):
    """The scalars of a betting decision (R5, R6)."""

    seat: int
    """The seat to act."""
    first: int
    """The hand's first player (R3)."""
    n_visible: int
    """Board cards face up: 2 in betting round 1, 4 in round 2."""
    level_b: int
    """R6's ``B``: the highest amount put in this round."""
    cap: int
    """R5's cap ``C``."""
    n_legal: int
    """Number of legal actions."""
    legal_mask: int
    """Bit set of the legal ``Act`` values (``kernels.sniper_holdem.betting.legal_actions_nb``)."""


class Scratch(NamedTuple):
    """The working arrays of the decisions (``new_scratch``), allocated once per range of games as
    a field of ``kernels.sniper_holdem.betting.Hand``, or by a Python caller; one per thread."""

    codes: np.ndarray
    """``int64 (60,)``: snipe codes: the board's obvious snipes (``board_snipes_nb``), or the codes
    named so far given to a snipe-round rollout (``snipe_rollout_inputs_nb``)."""
    ranked: np.ndarray
    """``int64 (60,)``: the allowed beater codes, ranked (``ranked_beaters_nb``)."""
    beaters: np.ndarray
    """``int64 (60,)``: beaters summed over the blocks of an adaptive ``beater`` snipe."""
    raises: np.ndarray
    """``int64 (5,)``: the opponents' bets and raises, in betting order (``mc_act_nb``)."""
    thresholds: np.ndarray
    """``float64 (3,)``: the decision thresholds of adaptive sampling (``mc_thresholds_nb``)."""
    probs: np.ndarray
    """``float64 (61,)``: the future snipe distribution (``future_snipe_probs_nb``)."""
    rollout: RolloutScratch
    """The rollout's own scratch (``kernels.sniper_holdem.rollout.rollout_nb``)."""


@register_jitable
def new_scratch():
    """A ``Scratch`` (contents set by the decisions); plain Python and, called from a kernel,
    compiled into it (the same numba type either way)."""
    return Scratch(
        np.zeros(N_SNIPES, np.int64),
        np.zeros(N_SNIPES, np.int64),
        np.zeros(N_SNIPES, np.int64),
        np.zeros(MAX_OPPONENTS, np.int64),
        np.zeros(3, np.float64),
        np.zeros(N_SNIPES + 1, np.float64),
        new_rollout_scratch(),
    )


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


# ----- what the agents see ---------------------------------------------------------------------


@njit(cache=True, inline="always")
def prefer_nb(legal_mask, wanted):
    """``wanted`` if legal, else the all-in for a raise past the cap, else call or check.

    Numba equivalent of ``sniper.games.sniper_holdem.agents._prefer``; ``legal_mask`` is the bit set of legal ``Act``.
    """
    if (legal_mask >> wanted) & 1:
        return wanted
    if wanted >= Act.RAISE_1 and (legal_mask >> Act.ALL_IN) & 1:
        return Act.ALL_IN
    if (legal_mask >> Act.CALL) & 1:
        return Act.CALL
    return Act.CHECK


@njit(cache=True, inline="always")
def four_card_category_nb(a, b, c, d):
    """Category of four cards counting sets and pairs only (numba equivalent of
    ``sniper.games.sniper_holdem.agents.made_category`` / ``board_category`` of four cards)."""
    pairs = (a == b) + (a == c) + (a == d) + (b == c) + (b == d) + (c == d)
    if pairs == 6:
        return Category.FOUR_OF_A_KIND
    if pairs == 3:
        return Category.THREE_OF_A_KIND
    if pairs == 2:
        return Category.TWO_PAIR
    if pairs == 1:
        return Category.ONE_PAIR
    return Category.HIGH_CARD


@njit(cache=True, inline="always")
def immediate_strength_nb(seats, private, board, seat, n_visible, category):
    """Numba equivalent of ``sniper.games.sniper_holdem.agents.immediate_strength`` of ``seat`` with ``n_visible`` (2
    or 4)
    board cards face up; ``category`` is ``t.category``."""
    if n_visible == 2:
        made = four_card_category_nb(private[seat, 0], private[seat, 1], board[0], board[1])
        on_board = Category.ONE_PAIR if board[0] == board[1] else Category.HIGH_CARD
    else:
        made = np.int64(category[np.uint32(seats[seat].key) // _PRIVATE_BASE])
        on_board = four_card_category_nb(board[0], board[1], board[2], board[3])
    return made if made > on_board else Category.HIGH_CARD


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


@njit(cache=True, inline="always")
def live_index_nb(seats, first, seat):
    """``(number of seats still in, position of seat among them in betting order from the first)``:
    ``len(sniper.games.sniper_holdem.snipes.live_seats(obs))`` and ``live_seats(obs).index(seat)`` (R3)."""
    n = seats.shape[0]
    n_live = 0
    index = -1
    for i in range(n):
        s = (first + i) % n
        if not seats[s].folded:
            if s == seat:
                index = n_live
            n_live += 1
    return n_live, index


# ----- betting levels (R6) -----------------------------------------------------------------------


@njit(cache=True, inline="always")
def random_act_nb(stream, turn):
    """Numba equivalent of ``sniper.games.sniper_holdem.agents.RandomAgent.act``: one integer picks a legal action
    (the ``k``-th set bit of the legal mask is the ``k``-th of the sorted legal actions)."""
    k = stream_integer_nb(stream, turn.n_legal)
    for action in range(N_ACTIONS):
        if (turn.legal_mask >> action) & 1:
            if k == 0:
                return action
            k -= 1
    return Act.CHECK


@njit(cache=True, inline="always")
def easy_act_nb(params, seats, private, board, stream, turn, category):
    """Numba equivalent of ``sniper.games.sniper_holdem.agents.EasyAgent.act``: immediate strength, one bluff draw."""
    seat = turn.seat
    level_b = turn.level_b
    legal_mask = turn.legal_mask
    owed = level_b - seats[seat].round_put
    strength = immediate_strength_nb(seats, private, board, seat, turn.n_visible, category)
    bluffing = stream_random_nb(stream) < params[Param.BLUFF]
    if owed == 0:
        if strength >= Category.THREE_OF_A_KIND:
            return prefer_nb(legal_mask, Act.RAISE_5)
        if strength == Category.TWO_PAIR:
            return prefer_nb(legal_mask, Act.RAISE_3)
        if strength == Category.ONE_PAIR or bluffing:
            return prefer_nb(legal_mask, Act.RAISE_1)
        return Act.CHECK
    if strength >= Category.THREE_OF_A_KIND and level_b < params[Param.RAISE_LIMIT]:
        return prefer_nb(legal_mask, Act.RAISE_1)
    if strength >= Category.ONE_PAIR or bluffing:
        return Act.CALL
    return Act.FOLD


@njit(cache=True)
def settled_nb(e_raw, n, factor, thresholds, n_thresholds, z):
    """Numba equivalent of ``sniper.games.sniper_holdem.agents.settled`` over ``thresholds[:n_thresholds]``, same float
    operations."""
    q = (e_raw * n + 1.0) / (n + 2.0)
    margin = z * factor * np.sqrt(q * (1.0 - q) / n)
    e = e_raw * factor
    for i in range(n_thresholds):
        if not abs(e - thresholds[i]) > margin:
            return False
    return True


@njit(cache=True, inline="always")
def mc_equity_nb(
    params, key, seats, private, board, seat, n_visible, n_live, opp_raises, thresholds, n_thresholds, scratch, t
):
    """Numba equivalent of ``sniper.games.sniper_holdem.agents.MonteCarloAgent.equity`` with rollout key ``key``
    (``kernels.sniper_holdem.rollout.rollout_nb``); ``opp_raises`` ``int64 (>= n_live - 1,)`` the opponents' bets
    and raises in betting order; ``thresholds[:n_thresholds]`` (``float64``) those of
    ``MonteCarloAgent.thresholds`` for adaptive sampling (``Param.SETTLE > 0``). Uses
    ``scratch.probs``, ``scratch.codes`` and ``scratch.rollout``."""
    n_opponents = n_live - 1
    complete = n_visible == 4
    weight = params[Param.FUTURE_SNIPES]
    probs, codes = scratch.probs, scratch.codes
    for i in range(N_SNIPES + 1):
        probs[i] = 0.0
    n_future = np.int64(0)
    if weight > 0 and complete:
        future_snipe_probs_nb(board, weight, probs, codes)
        n_future = n_opponents
    samples = np.int64(params[Param.SAMPLES])
    aggression = params[Param.AGGRESSION]
    texture = params[Param.TEXTURE]
    z = params[Param.SETTLE]
    textured = False
    if texture > 0 and complete:
        own = np.int64(t.snipe[np.uint32(seats[seat].key) // _PRIVATE_BASE])
        m = board_snipes_nb(board, codes)
        for i in range(m):
            if codes[i] == own:
                textured = True
                break
    factor = 1.0 - texture if textured else 1.0
    block = samples if z <= 0 else np.int64(SETTLE_BLOCK)
    no_codes = codes[:0]
    done = np.int64(0)
    units = np.int64(0)
    weighted = 0.0
    weights = 0.0
    e = 0.0
    while done < samples:
        size = min(block, samples - done)
        win, _, _, w_units, w_total = rollout_nb(
            private[seat], board[:n_visible], n_opponents, no_codes, probs, n_future, key, size,
            t.base, t.snipe, done, t.category, opp_raises, aggression, scratch.rollout,
        )  # fmt: skip
        done += size
        units += win
        weighted += w_units
        weights += w_total
        e = weighted / UNITS / weights if aggression > 0 else units / (UNITS * done)
        if z > 0 and settled_nb(e, done, factor, thresholds, n_thresholds, z):
            break
    if textured:
        e = e * (1.0 - texture)
    return e


@njit(cache=True)
def mc_thresholds_nb(params, owed, level_b, room, legal_mask, n_live, index, pot, out):
    """Numba equivalent of ``sniper.games.sniper_holdem.agents.MonteCarloAgent.thresholds`` into ``out`` (``float64 (>=
    3,)``),
    same order and float operations; returns how many."""
    scale = 1.0 - params[Param.POSITION] * index / (n_live - 1)
    m = 0
    if owed == 0:
        out[0] = params[Param.RAISE_SMALL] * scale / n_live
        out[1] = params[Param.RAISE_MID] * scale / n_live
        out[2] = params[Param.RAISE_BIG] * scale / n_live
        return 3
    if room <= params[Param.SHORT_STACK] and (legal_mask >> Act.ALL_IN) & 1:
        out[m] = params[Param.RAISE_SMALL] * scale / n_live
        m += 1
    if level_b < params[Param.RAISE_LIMIT]:
        out[m] = params[Param.RAISE_BIG] * scale / n_live
        m += 1
    if params[Param.CALL_MARGIN] > 0:
        out[m] = owed / (pot + owed) / params[Param.CALL_MARGIN]
        m += 1
    return m


@njit(cache=True, **NO_REFCOUNT)
def mc_act_nb(params, seats, private, board, stream, scratch, turn, t):
    """Numba equivalent of ``sniper.games.sniper_holdem.agents.MonteCarloAgent.act``: word 0 keys the rollout, word 1
    is the bluff draw. Uses ``scratch`` (a ``Scratch``) and allocates nothing."""
    seat = turn.seat
    first = turn.first
    level_b = turn.level_b
    legal_mask = turn.legal_mask
    owed = level_b - seats[seat].round_put
    n = seats.shape[0]
    n_live, index = live_index_nb(seats, first, seat)
    opp_raises = scratch.raises
    m = 0
    pot = np.int64(0)
    for i in range(n):
        s = (first + i) % n
        pot += seats[s].committed
        if s != seat and not seats[s].folded:
            opp_raises[m] = seats[s].raises
            m += 1
    thresholds = scratch.thresholds
    n_thresholds = 0
    if params[Param.SETTLE] > 0:
        room = turn.cap - seats[seat].committed
        n_thresholds = mc_thresholds_nb(params, owed, level_b, room, legal_mask, n_live, index, pot, thresholds)
    key = stream_word_nb(stream)
    e = mc_equity_nb(
        params, key, seats, private, board, np.int64(seat), np.int64(turn.n_visible), np.int64(n_live), opp_raises,
        thresholds, np.int64(n_thresholds), scratch, t,
    )  # fmt: skip
    bluffing = stream_random_nb(stream) < params[Param.BLUFF]
    ratio = e * n_live
    scale = 1.0 - params[Param.POSITION] * index / (n_live - 1)
    room = turn.cap - seats[seat].committed
    if (
        room <= params[Param.SHORT_STACK]
        and ratio >= params[Param.RAISE_SMALL] * scale
        and (legal_mask >> Act.ALL_IN) & 1
    ):
        return Act.ALL_IN
    if owed == 0:
        if ratio >= params[Param.RAISE_BIG] * scale:
            return prefer_nb(legal_mask, Act.RAISE_5)
        if ratio >= params[Param.RAISE_MID] * scale:
            return prefer_nb(legal_mask, Act.RAISE_3)
        if ratio >= params[Param.RAISE_SMALL] * scale or bluffing:
            return prefer_nb(legal_mask, Act.RAISE_1)
        return Act.CHECK
    if ratio >= params[Param.RAISE_BIG] * scale and level_b < params[Param.RAISE_LIMIT]:
        return prefer_nb(legal_mask, Act.RAISE_3)
    if e * params[Param.CALL_MARGIN] >= owed / (pot + owed) or bluffing:
        return Act.CALL
    return Act.FOLD


@njit(cache=True, inline="always")
def baseline_act_nb(legal_mask, otherwise):
    """Numba equivalent of ``sniper.games.sniper_holdem.agents.FoldAgent.act`` (``otherwise`` ``Act.FOLD``) and
    ``CallAgent.act`` (``Act.CALL``): check when legal, else ``otherwise``; no draws."""
    if (legal_mask >> Act.CHECK) & 1:
        return Act.CHECK
    return otherwise


@njit(cache=True, inline="always")
def bet_decision_nb(level, params, seats, private, board, stream, scratch, turn, t):
    """A betting action (``Act``) for the agent's ``level`` (``Level``) and ``params`` (R6).

    ``turn`` is the ``Turn``; draws from ``stream``; ``scratch`` is a ``Scratch``. Numba equivalent of
    ``sniper.games.sniper_holdem.agents.Agent.act`` of ``RandomAgent``, ``EasyAgent``, ``MonteCarloAgent``,
    ``FoldAgent`` and ``CallAgent``.
    """
    if level == Level.EASY:
        return easy_act_nb(params, seats, private, board, stream, turn, t.category)
    if level == Level.MONTE_CARLO:
        return mc_act_nb(params, seats, private, board, stream, scratch, turn, t)
    if level == Level.FOLD:
        return baseline_act_nb(turn.legal_mask, Act.FOLD)
    if level == Level.CALL:
        return baseline_act_nb(turn.legal_mask, Act.CALL)
    return random_act_nb(stream, turn)


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
    """Numba equivalent of ``sniper.games.sniper_holdem.snipes.snipe_beater`` and ``snipe_ev`` (one word keys every
    rollout); ``turn`` is the ``SnipeTurn``, ``own`` the own hand's snipe code. Uses ``scratch``
    (a ``Scratch``) and allocates nothing."""
    seat, named_mask, n_turns, n_live = turn
    key = stream_word_nb(stream)
    ranked = scratch.ranked
    z = params[Param.SETTLE]
    if heuristic == Heuristic.BEATER and z > 0:
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
            for code in range(N_SNIPES):
                beaters[code] += scratch.rollout.beaters[code]
            done += size
            m = ranked_beaters_nb(beaters, own, named_mask, ranked)
            if leader_settled_nb(ranked, m, beaters, z):
                break
        return ranked[0] if m > 0 else PASS
    base_win, _, _, _, _ = snipe_rollout_nb(
        params, key, private, board, seat, n_live, named_mask, n_turns, np.int64(PASS), np.int64(0), np.int64(0),
        scratch, t,
    )  # fmt: skip
    m = ranked_beaters_nb(scratch.rollout.beaters, own, named_mask, ranked)
    if heuristic == Heuristic.BEATER:
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
    if heuristic == Heuristic.BEATER or heuristic == Heuristic.EV:
        return rollout_snipe_nb(heuristic, params, private, board, stream, scratch, turn, own, t)
    return PASS
