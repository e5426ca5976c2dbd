"""The AI levels of the game kernel: numba equivalents of ``sniper.games.sniper_holdem.agents``; their snipe
heuristics: ``kernels.sniper_holdem.snipes``.

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
from kernels.poker52.settle import settled_nb
from kernels.rng import stream_integer_nb, stream_random_nb, stream_word_nb
from kernels.sniper_holdem.codes import N_ACTIONS, N_SNIPES, Act, Category
from kernels.sniper_holdem.evaluator import PRIVATE_BASE_U32 as _PRIVATE_BASE
from kernels.sniper_holdem.params import SETTLE_BLOCK, Level, Param
from kernels.sniper_holdem.rollout import MAX_OPPONENTS, UNITS, RolloutScratch, new_rollout_scratch, rollout_nb
from kernels.sniper_holdem.snipes import board_snipes_nb, future_snipe_probs_nb

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
    """``int64 (60,)``: beaters (``danger``: dangers) summed over the blocks of an adaptive ``beater`` or
    ``danger`` snipe."""
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
