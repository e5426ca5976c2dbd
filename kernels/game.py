"""The game kernel: whole games of Sniper Hold'em in numba, hand for hand as the reference engine.

Numba equivalent of ``sniper.game.play_game`` with ``sniper.engine.HandState`` and the agents of
``sniper.agents`` (R2–R9, R12, R13). Every random draw uses the streams of ``sniper.rng``:

- the deck: ``hand_key(seed, game, hand, STREAM_DECK)``, the partial Fisher–Yates shuffle of
  ``sniper.cards.shuffled_deck``; private cards to the players in betting order from the first,
  two each, then the four community cards (R13);
- agent of seat ``s``: its ``d``-th decision of the hand (bets and the snipe, from 0) has key
  ``derive(hand_key(seed, game, hand, STREAM_AGENT + s), d)``; word ``j`` of a decision is
  ``derive(decision_key, j)`` (``sniper.rng.Stream``).

Agents are data: per seat a betting level (``Level``), a snipe heuristic (``Heuristic``) and a
``float64`` parameter vector of length ``N_PARAMS`` (layout per level in ``Level``).
``bet_decision_nb`` and ``snipe_decision_nb`` dispatch on them.

Output (``play_games_nb``): per game a buffer of ``cap_hands`` hands; ``rec`` is ``int16`` of shape
``(N_FIELDS, n_games * cap_hands * n_seats)``, row ``(g * cap_hands + h) * n_seats + s`` holding
seat ``s`` of hand ``h`` of game ``g`` in the fields of ``Field`` (the columns of
``sniper.results.SCHEMA`` other than game, seat, agent and ante). ``hands_out[g]`` is the number of
hands game ``g`` played, or ``OVERFLOW`` when it needed more than ``cap_hands`` (then replay it with
a larger buffer: results depend only on (seed, game)).

Kernels do no validation: ``sniper.kernel_engine`` validates and calls them.
"""

from enum import IntEnum

import numpy as np
from numba import njit, prange

from kernels.codes import DECK_SIZE, N_SNIPES, PASS, SNIPE_CODE, STREAM_AGENT, STREAM_DECK, Act, Category
from kernels.evaluator import POW5, PRIVATE_BASE, PRIVATE_PART, tables
from kernels.rng import derive_nb, mix64_nb, uniform_float_nb, uniform_int_nb
from kernels.rollout import UNITS, rollout_nb


class Level(IntEnum):
    """Betting levels (``sniper.specs.LEVELS``): ``RANDOM`` (``RandomAgent``), ``EASY``
    (``EasyAgent``), ``MONTE_CARLO`` (``MonteCarloAgent``: ``normal`` and ``hard`` differ only in
    their parameters). Parameter vectors are laid out by ``Param``."""

    RANDOM = 0
    EASY = 1
    MONTE_CARLO = 2


class Heuristic(IntEnum):
    """Snipe heuristics, as ``sniper.agents.SNIPE_HEURISTICS`` of the same name (R7)."""

    PASS = 0
    RANDOM = 1
    BOARD = 2
    BEATER = 3
    EV = 4


class Param(IntEnum):
    """Positions in a seat's ``float64`` parameter vector: the agent field of the same name.

    ``SAMPLES`` and ``FUTURE_SNIPES`` are also read by the rollout heuristics (``beater``, ``ev``)
    of every level: ``sniper.agents.SNIPE_SAMPLES`` and 0 for levels without those fields.
    """

    SAMPLES = 0
    FUTURE_SNIPES = 1
    BLUFF = 2
    RAISE_LIMIT = 3
    RAISE_SMALL = 4
    RAISE_MID = 5
    RAISE_BIG = 6
    CALL_MARGIN = 7
    POSITION = 8
    TEXTURE = 9
    SHORT_STACK = 10
    AGGRESSION = 11


class Field(IntEnum):
    """Rows of the record array ``rec``: the ``sniper.results.SCHEMA`` column of the same name."""

    HAND = 0
    FIRST_SEAT = 1
    DEALT_IN = 2
    STACK_BEFORE = 3
    PRIVATE_1 = 4
    PRIVATE_2 = 5
    BOARD_1 = 6
    BOARD_2 = 7
    BOARD_3 = 8
    BOARD_4 = 9
    PUT_ROUND_1 = 10
    PUT_ROUND_2 = 11
    FOLDED_ROUND = 12
    SNIPE = 13
    CATEGORY = 14
    TOP = 15
    SHOWDOWN = 16
    SNIPED = 17
    PAYOUT = 18
    NET = 19
    STACK_AFTER = 20


N_FIELDS = len(Field)
N_PARAMS = len(Param)
"""Length of each seat's parameter vector."""
EV_CANDIDATES = 5
"""``ev`` compares passing with at most this many beaters (``sniper.agents.EV_CANDIDATES``)."""
FUTURE_SNIPE_WEIGHTS = np.array([0.4, 0.2, 0.1, 0.1])
"""``sniper.agents.FUTURE_SNIPE_WEIGHTS``."""
N_SCRATCH = 18
"""Rows of ``play_hand_nb``'s per-seat ``int64`` scratch array."""
SCRATCH_WIDTH = 8
"""Columns of that array: at least the seats (6) and the actions (7)."""
OVERFLOW = -1
"""``hands_out`` value of a game that needed more than ``cap_hands`` hands."""
NO_LIMIT = -1
"""``hands_per_game`` of a game played until one player holds every chip (R9)."""
NO_EXIT = -1
"""``exit_at`` of our version: nobody leaves the table safe (R12)."""

_CODE_OF = np.full((7, 11), PASS, dtype=np.int8)
for (_cat, _top), _code in SNIPE_CODE.items():
    _CODE_OF[_cat, _top] = _code
_FRESH = np.array([n for n in range(1, 11) for _ in range(4)], dtype=np.uint8)
_PRIVATE_BASE = np.uint32(PRIVATE_BASE)
_ONE = np.uint64(1)
_NO_CODES = np.zeros(0, np.int64)
_NO_CATEGORY = np.zeros(1, np.uint8)
"""Stand-in for the category table in unweighted rollouts (``aggression`` 0 never reads it)."""


# ----- cards (R1, R13) -----------------------------------------------------------------------


@njit(cache=True, inline="always")
def shuffle_into_nb(deck_key, n_cards, deck):
    """Fresh deck into ``deck`` (``uint8 (40,)``), then the first ``n_cards`` draws of the shuffle (R13).

    Numba equivalent of ``sniper.cards.shuffled_deck`` without allocation; ``deck[:n_cards]`` are
    the dealt cards.
    """
    for i in range(DECK_SIZE):
        deck[i] = _FRESH[i]
    for i in range(n_cards):
        j = i + np.int64(uniform_int_nb(derive_nb(deck_key, i), DECK_SIZE - i))
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t


# ----- agents --------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def prefer_nb(legal_mask, wanted):
    """``sniper.agents._prefer``: ``wanted`` if legal, else the all-in for a raise past the cap,
    else call or check."""
    if (legal_mask >> wanted) & 1:
        return wanted
    if wanted >= Act.RAISE_1 and (legal_mask >> Act.ALL_IN) & 1:
        return Act.ALL_IN
    if (legal_mask >> Act.CALL) & 1:
        return Act.CALL
    return Act.CHECK


@njit(cache=True, inline="always")
def _four_card_category_nb(a, b, c, d):
    """``sniper.agents.made_category`` of four cards (sets and pairs only), without allocation."""
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
def immediate_strength_nb(seat, private, board, n_visible, keys, category):
    """``sniper.agents.immediate_strength`` of ``seat`` with ``n_visible`` board cards face up."""
    if n_visible == 2:
        made = _four_card_category_nb(private[seat, 0], private[seat, 1], board[0], board[1])
        on_board = Category.ONE_PAIR if board[0] == board[1] else Category.HIGH_CARD
    else:
        made = np.int64(category[np.uint32(keys[seat]) // _PRIVATE_BASE])
        on_board = _four_card_category_nb(board[0], board[1], board[2], board[3])
    return made if made > on_board else Category.HIGH_CARD


@njit(cache=True, inline="always")
def board_snipes_nb(board, out):
    """``sniper.agents.board_snipes`` of the 4-card ``board``: codes into ``out`` (``int64 (>= 4,)``),
    most obvious first; returns how many."""
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
        out[0] = _CODE_OF[Category.FOUR_OF_A_KIND, best_n]
        out[1] = _CODE_OF[Category.FULL_HOUSE, best_n]
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
            out[m] = _CODE_OF[Category.FULL_HOUSE, n]
            out[m + 1] = _CODE_OF[Category.THREE_OF_A_KIND, n]
            m += 2
        if count > 0:
            distinct += 1
            hi = max(hi, n)
            lo = min(lo, n)
    if distinct == 4 and hi - lo == 3:
        out[m] = _CODE_OF[Category.STRAIGHT, hi + 1 if hi < 10 else hi]
        m += 1
    return m


@njit(cache=True, inline="always")
def _allowed_nb(code, own_code, named_mask):
    """``code`` is in ``sniper.agents.allowed_snipes``: not the own hand's name, not named yet."""
    return code != own_code and not (named_mask >> np.uint64(code)) & _ONE


@njit(cache=True)
def future_snipe_probs_nb(board, weight, probs):
    """``sniper.agents.future_snipe_probs`` into ``probs`` (``float64 (61,)``), same float operations."""
    codes = np.empty(6, np.int64)
    m = board_snipes_nb(board, codes)
    for i in range(N_SNIPES + 1):
        probs[i] = 0.0
    for i in range(min(m, FUTURE_SNIPE_WEIGHTS.shape[0])):
        probs[codes[i]] += weight * FUTURE_SNIPE_WEIGHTS[i]
    total = 0.0
    for i in range(N_SNIPES):
        total += probs[i]
    probs[N_SNIPES] = 1.0 - total


@njit(cache=True)
def live_index_nb(n, first, folded, seat):
    """``(number of seats still in, position of seat among them in betting order from the first)`` (R3)."""
    n_live = 0
    index = -1
    for i in range(n):
        s = (first + i) % n
        if not folded[s]:
            if s == seat:
                index = n_live
            n_live += 1
    return n_live, index


@njit(cache=True)
def mc_equity_nb(params, key, seat, private, board, n_visible, n_live, keys, opp_raises, base, category, snipe):
    """``sniper.agents.MonteCarloAgent.equity`` with rollout key ``key`` (``kernels.rollout.rollout_nb``)."""
    n_opponents = n_live - 1
    complete = n_visible == 4
    weight = params[Param.FUTURE_SNIPES]
    probs = np.zeros(N_SNIPES + 1)
    n_future = np.int64(0)
    if weight > 0 and complete:
        future_snipe_probs_nb(board, weight, probs)
        n_future = n_opponents
    samples = np.int64(params[Param.SAMPLES])
    aggression = params[Param.AGGRESSION]
    win, _, _, _, weighted, weights = rollout_nb(
        private[seat],
        board[:n_visible],
        n_opponents,
        _NO_CODES,
        probs,
        n_future,
        key,
        samples,
        base,
        snipe,
        0,
        category,
        opp_raises,
        aggression,
    )
    e = weighted / UNITS / weights if aggression > 0 else win / (UNITS * samples)
    texture = params[Param.TEXTURE]
    if texture > 0 and complete:
        own = np.int64(snipe[np.uint32(keys[seat]) // _PRIVATE_BASE])
        codes = np.empty(6, np.int64)
        m = board_snipes_nb(board, codes)
        for i in range(m):
            if codes[i] == own:
                e = e * (1.0 - texture)
                break
    return e


@njit(cache=True)
def mc_act_nb(
    params,
    dkey,
    seat,
    legal_mask,
    private,
    board,
    n_visible,
    keys,
    committed,
    round_put,
    folded,
    raises,
    level_b,
    cap,
    first,
    base,
    category,
    snipe,
):
    """``sniper.agents.MonteCarloAgent.act``: arguments as in ``bet_decision_nb``."""
    owed = level_b - round_put[seat]
    n = private.shape[0]
    n_live, index = live_index_nb(n, first, folded, seat)
    opp_raises = np.zeros(max(n_live - 1, 1), np.int64)
    m = 0
    pot = np.int64(0)
    for i in range(n):
        s = (first + i) % n
        pot += committed[s]
        if s != seat and not folded[s]:
            opp_raises[m] = raises[s]
            m += 1
    dkey0 = derive_nb(dkey, 0)
    e = mc_equity_nb(params, dkey0, seat, private, board, n_visible, n_live, keys, opp_raises, base, category, snipe)
    bluffing = uniform_float_nb(derive_nb(dkey, 1)) < params[Param.BLUFF]
    ratio = e * n_live
    scale = 1.0 - params[Param.POSITION] * index / (n_live - 1)
    room = cap - committed[seat]
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
def bet_decision_nb(
    level,
    params,
    dkey,
    seat,
    legal,
    n_legal,
    legal_mask,
    private,
    board,
    n_visible,
    keys,
    committed,
    round_put,
    folded,
    raises,
    level_b,
    cap,
    first,
    base,
    category,
    snipe,
):
    """A betting action (``Act``) of seat ``seat`` for its agent's ``level`` (``Level``) and ``params``.

    ``dkey`` is the decision key (``uint64``); ``legal[:n_legal]`` the sorted legal actions and
    ``legal_mask`` their bit set; ``private`` ``uint8 (n, 2)`` (only the own row may be read: R10);
    ``board`` ``uint8 (4,)`` of which ``n_visible`` are face up; ``keys`` the strength keys (only
    the own one is read, and only with the board complete); per-seat ``int64`` arrays
    ``committed``, ``round_put``, ``folded`` and ``raises`` (bets and raises this hand, all-ins
    included); ``level_b`` is B, ``cap`` C (R5, R6). Numba equivalent of ``Agent.act``.
    """
    owed = level_b - round_put[seat]
    if level == Level.EASY:
        strength = immediate_strength_nb(seat, private, board, n_visible, keys, category)
        bluffing = uniform_float_nb(derive_nb(dkey, 0)) < params[Param.BLUFF]
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
    if level == Level.MONTE_CARLO:
        return mc_act_nb(
            params,
            dkey,
            seat,
            legal_mask,
            private,
            board,
            n_visible,
            keys,
            committed,
            round_put,
            folded,
            raises,
            level_b,
            cap,
            first,
            base,
            category,
            snipe,
        )
    return legal[np.int64(uniform_int_nb(derive_nb(dkey, 0), n_legal))]


@njit(cache=True)
def snipe_rollout_nb(params, key, seat, private, board, n_live, named_mask, n_turns, extra, base, snipe):
    """``sniper.agents._snipe_rollout``: rollout sums at the snipe round with the names made so far
    (bit set ``named_mask``) and ``extra`` (``PASS`` for none); ``n_turns`` snipe turns taken."""
    n_opponents = n_live - 1
    weight = params[Param.FUTURE_SNIPES]
    n_future = n_opponents - n_turns if weight > 0 else np.int64(0)
    probs = np.zeros(N_SNIPES + 1)
    if n_future > 0:
        future_snipe_probs_nb(board, weight, probs)
    mask = named_mask
    if extra >= 0:
        mask |= _ONE << np.uint64(extra)
    m = 0
    for code in range(N_SNIPES):
        if (mask >> np.uint64(code)) & _ONE:
            m += 1
    codes = np.empty(m, np.int64)
    m = 0
    for code in range(N_SNIPES):
        if (mask >> np.uint64(code)) & _ONE:
            codes[m] = code
            m += 1
    samples = np.int64(params[Param.SAMPLES])
    no_raises = np.zeros(1, np.int64)
    return rollout_nb(
        private[seat],
        board,
        n_opponents,
        codes,
        probs,
        n_future,
        key,
        samples,
        base,
        snipe,
        0,
        _NO_CATEGORY,
        no_raises,
        0.0,
    )


@njit(cache=True)
def ranked_beaters_nb(beaters, own_code, named_mask, out):
    """``sniper.agents._ranked_beaters``: allowed codes with a positive count, most frequent first
    (ties: lower code), into ``out`` (``int64 (60,)``); returns how many."""
    m = 0
    for code in range(N_SNIPES):
        if beaters[code] > 0 and _allowed_nb(code, own_code, named_mask):
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
def rollout_snipe_nb(heuristic, params, dkey, seat, private, board, own, named_mask, n_turns, n_live, base, snipe):
    """``sniper.agents.snipe_beater`` and ``snipe_ev``; ``own`` is the own hand's snipe code."""
    key = derive_nb(dkey, 0)
    base_win, _, _, beaters, _, _ = snipe_rollout_nb(
        params, key, seat, private, board, n_live, named_mask, n_turns, np.int64(PASS), base, snipe
    )
    ranked = np.empty(N_SNIPES, np.int64)
    m = ranked_beaters_nb(beaters, own, named_mask, ranked)
    if heuristic == Heuristic.BEATER:
        return ranked[0] if m > 0 else PASS
    best = PASS
    best_units = base_win
    for i in range(min(m, EV_CANDIDATES)):
        units, _, _, _, _, _ = snipe_rollout_nb(
            params, key, seat, private, board, n_live, named_mask, n_turns, ranked[i], base, snipe
        )
        if units > best_units:
            best = ranked[i]
            best_units = units
    return best


@njit(cache=True, inline="always")
def snipe_decision_nb(
    heuristic, params, dkey, seat, private, board, keys, named_mask, n_turns, n_live, base, snipe, work
):
    """A snipe code (0..59) or ``PASS`` of seat ``seat`` for its ``heuristic`` (``Heuristic``) (R7).

    ``named_mask`` is the bit set of the codes named so far this hand, ``n_turns`` the number of
    snipe turns taken before (passes included), ``n_live`` the players at the snipe round; other
    arguments as in ``bet_decision_nb``; ``work`` is ``int64 (>= 6,)`` scratch. Numba equivalent of
    ``Agent.snipe``.
    """
    own = np.int64(snipe[np.uint32(keys[seat]) // _PRIVATE_BASE])
    if heuristic == Heuristic.RANDOM:
        n_allowed = 0
        for code in range(N_SNIPES):
            if _allowed_nb(code, own, named_mask):
                n_allowed += 1
        pick = np.int64(uniform_int_nb(derive_nb(dkey, 0), n_allowed + 1))
        for code in range(N_SNIPES):
            if _allowed_nb(code, own, named_mask):
                if pick == 0:
                    return code
                pick -= 1
        return PASS
    if heuristic == Heuristic.BOARD:
        m = board_snipes_nb(board, work)
        for i in range(m):
            if _allowed_nb(work[i], own, named_mask):
                return work[i]
        return PASS
    if heuristic == Heuristic.BEATER or heuristic == Heuristic.EV:
        return rollout_snipe_nb(
            heuristic, params, dkey, seat, private, board, own, named_mask, n_turns, n_live, base, snipe
        )
    return PASS


# ----- one hand (R4–R8) ----------------------------------------------------------------------


@njit(cache=True, inline="always")
def _cap_nb(n, stacks, folded):
    cap = np.int64(1) << 62
    for s in range(n):
        if not folded[s] and stacks[s] < cap:
            cap = stacks[s]
    return cap


@njit(cache=True, inline="always")
def _no_one_can_act_nb(n, first, folded, committed, round_put, level_b, cap):
    """R6 skip rule: every player in is at the cap, or all but one and that one owes nothing."""
    below = 0
    last = -1
    for s in range(n):
        if not folded[s] and committed[s] != cap:
            below += 1
            last = s
    return below == 0 or (below == 1 and level_b - round_put[last] == 0)


@njit(cache=True, inline="always")
def _next_actor_nb(n, after, folded, committed, round_put, acted, level_b, cap):
    """First seat clockwise after ``after`` still in, below the cap, and not done this round (R6)."""
    for step in range(1, n + 1):
        s = (after + step) % n
        if not folded[s] and committed[s] != cap and (not acted[s] or level_b - round_put[s] > 0):
            return s
    return -1


@njit(cache=True)
def play_hand_nb(
    n,
    stacks,
    at_table,
    first,
    hand_key,
    levels,
    heuristics,
    params,
    base,
    category,
    top,
    snipe,
    scratch,
    deck,
    private,
    board,
    rec,
    row0,
    hand,
):
    """Play one hand (R4–R8) and write its records at rows ``row0 .. row0 + n - 1`` of ``rec``.

    ``stacks`` (``int64 (n,)``, chips before the ante) are updated to the stacks after the hand.
    ``hand_key`` is ``derive(derive(mix64(seed), game), hand)``. ``scratch`` is ``int64 (N_SCRATCH, SCRATCH_WIDTH)``;
    ``deck`` ``uint8 (40,)``; ``private`` ``uint8 (n, 2)``; ``board`` ``uint8 (4,)``.
    Numba equivalent of ``sniper.game.play_hand`` followed by ``sniper.results.hand_rows``.
    """
    in_play = scratch[0]
    folded = scratch[1]
    committed = scratch[2]
    round_put = scratch[3]
    acted = scratch[4]
    put1 = scratch[5]
    put2 = scratch[6]
    folded_round = scratch[7]
    snipes = scratch[8]
    decisions = scratch[9]
    keys = scratch[10]
    payout = scratch[11]
    order = scratch[12]
    at_showdown = scratch[13]
    legal = scratch[14]
    before = scratch[15]
    sniped = scratch[16]
    raises = scratch[17]

    n_in = 0
    for i in range(n):
        s = (first + i) % n
        if at_table[s] and stacks[s] > 0:
            order[n_in] = s
            n_in += 1
    for s in range(n):
        in_play[s] = 1 if at_table[s] and stacks[s] > 0 else 0
        folded[s] = 1 - in_play[s]
        committed[s] = in_play[s]
        round_put[s] = 0
        put1[s] = 0
        put2[s] = 0
        folded_round[s] = 0
        snipes[s] = PASS
        decisions[s] = 0
        raises[s] = 0
        payout[s] = 0
        at_showdown[s] = 0
        before[s] = stacks[s]
        private[s, 0] = 0
        private[s, 1] = 0

    shuffle_into_nb(derive_nb(hand_key, STREAM_DECK), 2 * n_in + 4, deck)
    for i in range(n_in):
        private[order[i], 0] = deck[2 * i]
        private[order[i], 1] = deck[2 * i + 1]
    board_key = np.uint32(0)
    for i in range(4):
        board[i] = deck[2 * n_in + i]
        board_key += POW5[np.uint32(board[i])]
    for s in range(n):
        if in_play[s]:
            a = np.uint32(private[s, 0])
            b = np.uint32(private[s, 1])
            keys[s] = np.int64(base[board_key + POW5[a] + POW5[b]] + PRIVATE_PART[a, b])
        else:
            keys[s] = -1

    live = n_in
    cap = _cap_nb(n, stacks, folded)
    uncontested = False
    phase = 1
    while phase <= 2:
        for s in range(n):
            round_put[s] = 0
            acted[s] = 0
        level_b = np.int64(0)
        if _no_one_can_act_nb(n, first, folded, committed, round_put, level_b, cap):
            break
        actor = _next_actor_nb(n, first - 1 + n, folded, committed, round_put, acted, level_b, cap)
        skipped = False
        while actor >= 0:
            owed = level_b - round_put[actor]
            all_in = cap - committed[actor]
            n_legal = 0
            if owed > 0:
                legal[0] = Act.FOLD
                legal[1] = Act.CALL
                n_legal = 2
            else:
                legal[0] = Act.CHECK
                n_legal = 1
            for k in range(3):
                step = 1 if k == 0 else (3 if k == 1 else 5)
                if level_b + step - round_put[actor] < all_in:
                    legal[n_legal] = Act.RAISE_1 + k
                    n_legal += 1
            if all_in > owed:
                legal[n_legal] = Act.ALL_IN
                n_legal += 1
            legal_mask = np.int64(0)
            for i in range(n_legal):
                legal_mask |= np.int64(1) << legal[i]
            dkey = derive_nb(derive_nb(hand_key, STREAM_AGENT + actor), decisions[actor])
            decisions[actor] += 1
            action = bet_decision_nb(
                levels[actor],
                params[actor],
                dkey,
                actor,
                legal,
                n_legal,
                legal_mask,
                private,
                board,
                2 if phase == 1 else 4,
                keys,
                committed,
                round_put,
                folded,
                raises,
                level_b,
                cap,
                first,
                base,
                category,
                snipe,
            )
            if action == Act.FOLD or action == Act.CHECK:
                chips = np.int64(0)
            elif action == Act.CALL:
                chips = owed
            elif action == Act.ALL_IN:
                chips = all_in
            else:
                step = 1 if action == Act.RAISE_1 else (3 if action == Act.RAISE_3 else 5)
                chips = level_b + step - round_put[actor]
            if action >= Act.RAISE_1:
                raises[actor] += 1
            if phase == 1:
                put1[actor] += chips
            else:
                put2[actor] += chips
            if action == Act.FOLD:
                folded[actor] = 1
                folded_round[actor] = phase
                live -= 1
                if live == 1:
                    uncontested = True
                    break
                cap = _cap_nb(n, stacks, folded)
            else:
                if round_put[actor] + chips > level_b:
                    for s in range(n):
                        acted[s] = 0
                    level_b = round_put[actor] + chips
                round_put[actor] += chips
                committed[actor] += chips
            acted[actor] = 1
            if _no_one_can_act_nb(n, first, folded, committed, round_put, level_b, cap):
                skipped = True
                break
            actor = _next_actor_nb(n, actor, folded, committed, round_put, acted, level_b, cap)
        if uncontested or skipped:
            break
        phase += 1

    pot = np.int64(0)
    for s in range(n):
        pot += committed[s]
    if uncontested:
        for s in range(n):
            if not folded[s]:
                payout[s] = pot
    else:
        named_mask = np.uint64(0)
        n_named = np.int64(0)
        for i in range(n):
            s = (first + i) % n
            if folded[s]:
                continue
            at_showdown[s] = 1
            dkey = derive_nb(derive_nb(hand_key, STREAM_AGENT + s), decisions[s])
            decisions[s] += 1
            code = snipe_decision_nb(
                heuristics[s], params[s], dkey, s, private, board, keys, named_mask, n_named, live, base, snipe, legal
            )
            snipes[s] = code
            n_named += 1
            if code >= 0:
                named_mask |= _ONE << np.uint64(code)
        best = np.int64(-1)
        for s in range(n):
            if at_showdown[s]:
                code = np.int64(snipe[np.uint32(keys[s]) // _PRIVATE_BASE])
                sniped[s] = 0
                if code >= 0 and (named_mask >> np.uint64(code)) & _ONE:
                    sniped[s] = 1
                elif keys[s] > best:
                    best = keys[s]
        n_win = 0
        for s in range(n):
            if at_showdown[s] and (best < 0 or (not sniped[s] and keys[s] == best)):
                n_win += 1
        share = pot // n_win
        odd = pot - share * n_win
        for i in range(n):
            s = (first + i) % n
            if at_showdown[s] and (best < 0 or (not sniped[s] and keys[s] == best)):
                payout[s] = share + (1 if odd > 0 else 0)
                odd -= 1

    for s in range(n):
        stacks[s] = before[s] - committed[s] + payout[s]
        r = row0 + s
        rec[Field.HAND, r] = hand
        rec[Field.FIRST_SEAT, r] = first
        rec[Field.DEALT_IN, r] = in_play[s]
        rec[Field.STACK_BEFORE, r] = before[s]
        rec[Field.PRIVATE_1, r] = private[s, 0]
        rec[Field.PRIVATE_2, r] = private[s, 1]
        rec[Field.BOARD_1, r] = board[0]
        rec[Field.BOARD_2, r] = board[1]
        rec[Field.BOARD_3, r] = board[2]
        rec[Field.BOARD_4, r] = board[3]
        rec[Field.PUT_ROUND_1, r] = put1[s]
        rec[Field.PUT_ROUND_2, r] = put2[s]
        rec[Field.FOLDED_ROUND, r] = folded_round[s]
        rec[Field.SNIPE, r] = snipes[s]
        if in_play[s]:
            rank = np.uint32(keys[s]) // _PRIVATE_BASE
            rec[Field.CATEGORY, r] = category[rank]
            rec[Field.TOP, r] = top[rank]
        else:
            rec[Field.CATEGORY, r] = -1
            rec[Field.TOP, r] = 0
        rec[Field.SHOWDOWN, r] = at_showdown[s]
        rec[Field.SNIPED, r] = sniped[s] if at_showdown[s] else 0
        rec[Field.PAYOUT, r] = payout[s]
        rec[Field.NET, r] = stacks[s] - before[s]
        rec[Field.STACK_AFTER, r] = stacks[s]


# ----- games (R3, R9, R12) -------------------------------------------------------------------


@njit(cache=True, parallel=True)
def play_games_nb(
    seed,
    games,
    n,
    starting_stack,
    hands_per_game,
    exit_at,
    first_seat,
    levels,
    heuristics,
    params,
    cap_hands,
    base,
    category,
    top,
    snipe,
    rec,
    hands_out,
):
    """Play the games ``games`` (``int64 (G,)``) of run ``seed`` (``uint64``) in parallel (``prange``).

    ``n`` seats; ``starting_stack`` chips; ``hands_per_game`` 10, 20 or ``NO_LIMIT``; ``exit_at``
    chips or ``NO_EXIT``; ``first_seat`` the first player of hand 0 (R3); ``levels``,
    ``heuristics`` ``int64 (n,)``; ``params`` ``float64 (n, N_PARAMS)``; ``base``, ``category``,
    ``top``, ``snipe``: ``kernels.evaluator.tables()``. Writes ``rec`` (``int16 (N_FIELDS,
    G * cap_hands * n)``) and ``hands_out`` (``int64 (G,)``) as in the module docstring.

    Each game is the numba equivalent of ``sniper.game.play_game``: fresh stacks, hands until the
    hand limit or fewer than two players at the table with chips; a player with 0 chips is out,
    and under ``exit_at`` one ending a hand with that many chips leaves the table safe (R9, R12);
    the first player moves to the next seat clockwise that can still play (R3). Every game depends
    only on (seed, game), so results do not depend on the number of threads.
    """
    seed_key = mix64_nb(seed)
    for g in prange(games.shape[0]):
        row0 = g * cap_hands * n
        stacks = np.full(n, starting_stack, np.int64)
        at_table = np.ones(n, np.int64)
        scratch = np.empty((N_SCRATCH, SCRATCH_WIDTH), np.int64)
        deck = np.empty(DECK_SIZE, np.uint8)
        private = np.empty((n, 2), np.uint8)
        board = np.empty(4, np.uint8)
        game_key = derive_nb(seed_key, games[g])
        first = np.int64(first_seat % n)
        hand = np.int64(0)
        while hands_per_game < 0 or hand < hands_per_game:
            if hand >= cap_hands:
                hand = np.int64(OVERFLOW)
                break
            play_hand_nb(
                n,
                stacks,
                at_table,
                first,
                derive_nb(game_key, hand),
                levels,
                heuristics,
                params,
                base,
                category,
                top,
                snipe,
                scratch,
                deck,
                private,
                board,
                rec,
                row0 + hand * n,
                hand,
            )
            eligible = 0
            for s in range(n):
                if stacks[s] == 0 or (exit_at >= 0 and stacks[s] >= exit_at):
                    at_table[s] = 0
                if at_table[s] and stacks[s] > 0:
                    eligible += 1
            hand += 1
            if eligible < 2:
                break
            for step in range(1, n + 1):
                s = (first + step) % n
                if at_table[s] and stacks[s] > 0:
                    first = s
                    break
        hands_out[g] = hand


def warmup() -> None:
    """Compile ``play_games_nb`` for the dtypes ``sniper.kernel_engine`` uses (about 10-25 s cold, cached on disk)."""
    t = tables()
    n = 2
    rec = np.empty((N_FIELDS, 2 * n), np.int16)
    play_games_nb(
        np.uint64(0),
        np.zeros(1, np.int64),
        n,
        60,
        2,
        NO_EXIT,
        0,
        np.zeros(n, np.int64),
        np.ones(n, np.int64),
        np.zeros((n, N_PARAMS), np.float64),
        2,
        t.base,
        t.category,
        t.top,
        t.snipe,
        rec,
        np.zeros(1, np.int64),
    )
