"""The Hold'em AI levels in numba: numba equivalents of ``sniper.games.holdem.agents.RandomAgent`` and
``sniper.games.holdem.levels`` (H11, H12).

The Python levels are the readable reference; every function here names the one it copies and
draws the decision's random words (``stream``, ``uint64 (2,)``, ``kernels.rng``) in the order it
does, with the same floating-point operations in the same order. A decision of player ``p`` reads
only what its ``HoldemObservation`` holds (H11): its own cards ``h.hole[p]``, the board face up
(``h.board[:st.board_n]``), and the public state in ``h.pl`` and ``h.st`` (stacks, bets, the pot,
who is still in, positions, the public history counts); never another player's cards or the deck,
which are in ``h`` but not read. The levels' tables of two hole cards (``LevelTables``) are
tabulated from the reference functions themselves (``sniper.games.holdem.kernel_engine``). Like the
game kernel that calls them, the decisions allocate nothing (``kernels.NO_REFCOUNT``): their working
arrays are a ``Scratch``.
"""

from typing import NamedTuple

import numpy as np

from kernels import NO_REFCOUNT
from kernels.eval52 import BASE, EMPTY_KEY, N_CARDS, N_RANKS, card_bit_nb, order_of_nb, value_of_nb
from kernels.holdem.betting import NO_RAISE, bet_action_nb
from kernels.holdem.codes import BOARD_CARDS, CHECK_CALL, FOLD, HOLE_CARDS, MAX_SEATS, Level
from kernels.holdem.params import EasyParam, HardParam, NormalParam
from kernels.holdem.reads import bettor_looseness_nb, looseness_of_nb, loosest_nb
from kernels.jit import njit
from kernels.poker52.betting import to_call_nb
from kernels.poker52.reads import toward_nb
from kernels.rng import derive_nb, stream_integer_nb, stream_random_nb, stream_start_nb, stream_word_nb

MENU_MIN, MENU_HALF_POT, MENU_POT, MENU_ALL_IN = range(4)
"""The bet menu's entries (``sniper.games.holdem.agents.RAISE_SIZES``: min, half pot, pot, all in)."""
MENU_SIZES = 4
"""Entries of the bet menu (``len(RAISE_SIZES)``)."""
_CATEGORY_UNIT = BASE**5
_STRAIGHT = 4


class LevelTables(NamedTuple):
    """The levels' functions of two hole cards, tabulated from the reference (``kernel_engine.level_tables``)."""

    pair_score: np.ndarray
    """``int64 (52, 52)``: ``strength.pair_high_score`` of cards ``(a, b)`` (``easy``'s preflop score)."""
    chen: np.ndarray
    """``int64 (52, 52)``: ``strength.chen_score`` of ``(a, b)`` (``normal``'s chart)."""
    preflop_top: np.ndarray
    """``float64 (52, 52)``: ``strength.preflop_top`` of ``(a, b)`` (``hard``'s ranges)."""
    max_tries: int
    """``levels.MAX_TRIES``: proposals per opponent hand in ``hard``'s range sampling."""
    share_units: int
    """``levels.SHARE_UNITS``: a pot in integer share units (``hard``'s equity)."""


class Scratch(NamedTuple):
    """The working arrays of the decisions (``new_scratch``), one per thread."""

    unseen: np.ndarray
    """``uint8 (52,)``: the cards a decision has not seen, ascending."""
    deck: np.ndarray
    """``uint8 (52,)``: one Monte Carlo sample's shuffle of ``unseen``."""
    full: np.ndarray
    """``uint8 (5,)``: one sample's full board."""
    opponents: np.ndarray
    """``uint8 (MAX_SEATS, 2)``: one sample's opponent hands."""
    top: np.ndarray
    """``float64 (MAX_SEATS,)``: each live opponent's range (``levels.Range.top``)."""
    bettor: np.ndarray
    """``int64 (MAX_SEATS,)``: each live opponent's ``levels.Range.bettor``."""
    sample: np.ndarray
    """``uint64 (2,)``: the stream of one Monte Carlo sample."""
    loose: np.ndarray
    """``float64 (MAX_SEATS,)``: each live opponent's ``levels.Range.loose``."""


def new_scratch():
    """A ``Scratch`` (contents set by the decisions); plain Python, compiled as ``new_scratch_nb``."""
    return Scratch(
        np.zeros(N_CARDS, np.uint8),
        np.zeros(N_CARDS, np.uint8),
        np.zeros(BOARD_CARDS, np.uint8),
        np.zeros((MAX_SEATS, HOLE_CARDS), np.uint8),
        np.zeros(MAX_SEATS, np.float64),
        np.zeros(MAX_SEATS, np.int64),
        np.zeros(2, np.uint64),
        np.zeros(MAX_SEATS, np.float64),
    )


new_scratch_nb = njit(cache=True)(new_scratch)
"""``new_scratch`` compiled (numba)."""


# ----- what every level reads of an observation (levels.py's helpers) ---------------------------


@njit(cache=True, inline="always")
def raise_menu_nb(h, p, low, high, size):
    """Entry ``size`` of ``agents.raise_menu`` of player ``p`` (a raise legal in ``[low, high]``):
    min raise, ``top + pot // 2``, ``top + pot``, all in, clipped; ``pot`` is every chip in the
    middle plus what ``p`` owes (not capped), ``top`` the largest bet."""
    s = h.st[0]
    top = s.max_bet
    pot = s.pot + top - h.pl[p].bet
    if size == MENU_MIN:
        amount = low
    elif size == MENU_HALF_POT:
        amount = top + pot // 2
    elif size == MENU_POT:
        amount = top + pot
    else:
        amount = high
    return min(max(amount, low), high)


@njit(cache=True, inline="always")
def menu_raise_nb(h, p, low, high, size):
    """Numba equivalent of ``reading.menu_raise``: the flat action of menu entry ``size``
    (``bet_action_nb``), or check/call when no raise is open (``low == NO_RAISE``)."""
    if low == NO_RAISE:
        return np.int64(CHECK_CALL)
    return bet_action_nb(raise_menu_nb(h, p, low, high, size))


@njit(cache=True, inline="always")
def sized_nb(h, p, low, high, size, allin_spr):
    """Numba equivalent of ``reading.sized``: all in when the chips behind are at most ``allin_spr``
    pots (every chip in the middle plus the call), else menu entry ``size``."""
    short = h.pl[p].stack <= allin_spr * (h.st[0].pot + to_call_nb(h, p))
    return menu_raise_nb(h, p, low, high, MENU_ALL_IN if short else size)


@njit(cache=True, inline="always")
def give_up_nb(h, p):
    """Numba equivalent of ``sniper.games.holdem.agents.give_up`` (and of ``FoldAgent.act``): fold when owing
    chips, else check."""
    return np.int64(FOLD) if h.st[0].max_bet > h.pl[p].bet else np.int64(CHECK_CALL)


@njit(cache=True, inline="always")
def position_nb(h, p):
    """Numba equivalent of ``reading.position``: ``p / (m - 1)``, 0 first to act after the flop, 1 the button."""
    m = h.st[0].players
    return p / (m - 1) if m > 1 else 1.0


@njit(cache=True, inline="always")
def effective_stack_nb(h, p):
    """Numba equivalent of ``reading.effective_stack``: min(own stack + bet, the deepest live opponent's)."""
    pl = h.pl
    other = np.int64(0)
    for i in range(h.st[0].players):
        if i != p and pl[i].active:
            other = max(other, pl[i].stack + pl[i].bet)
    return min(pl[p].stack + pl[p].bet, other)


@njit(cache=True, inline="always")
def price_nb(h, p):
    """Numba equivalent of ``reading.price``: ``to_call / (pot + to_call)``, 0 when nothing is owed."""
    to_call = to_call_nb(h, p)
    return to_call / (h.st[0].pot + to_call) if to_call > 0 else 0.0


# ----- hand strength (levels.py) ---------------------------------------------------------------


@njit(cache=True, inline="always")
def board_key_nb(board, n, t):
    """Evaluator key and suit mask (``kernels.eval52.hand_nb``) of ``board[:n]``."""
    key, mask = EMPTY_KEY, np.uint64(0)
    for i in range(n):
        key += t.card_key[board[i]]
        mask |= card_bit_nb(board[i])
    return key, mask


@njit(cache=True, inline="always")
def with_pair_nb(key, mask, a, b, t):
    """The value of the cards of ``(key, mask)`` with cards ``a`` and ``b`` (5 to 7 in all)."""
    return value_of_nb(key + t.card_key[a] + t.card_key[b], mask | card_bit_nb(a) | card_bit_nb(b), t)


@njit(cache=True, inline="always")
def pair_order_nb(key, mask, a, b, t):
    """The order (``kernels.eval52.order_of_nb``: compares and ties as the value, from tables of half
    the size) of the cards of ``(key, mask)`` with cards ``a`` and ``b`` (5 to 7 in all)."""
    return order_of_nb(key + t.card_key[a] + t.card_key[b], mask | card_bit_nb(a) | card_bit_nb(b), t)


@njit(cache=True, inline="always")
def rank_shape_category_nb(board, n):
    """Numba equivalent of ``strength.rank_shape_category`` of ``board[:n]`` (3–4 cards)."""
    top = 0
    pairs = 0
    for i in range(n):
        r = board[i] >> 2
        count = 0
        first = True
        for j in range(n):
            if board[j] >> 2 == r:
                count += 1
                if j < i:
                    first = False
        top = max(top, count)
        if first and count >= 2:
            pairs += 1
    if top == 4:
        return 7
    if top == 3:
        return 3
    if pairs >= 2:
        return 2
    return 1 if pairs == 1 else 0


@njit(cache=True, inline="always")
def alone_category_nb(board, n, t):
    """The category the board ``board[:n]`` (3–5 cards) makes alone, as ``strength.made_category`` counts it."""
    if n == BOARD_CARDS:
        key, mask = board_key_nb(board, n, t)
        return value_of_nb(key, mask, t) // _CATEGORY_UNIT
    return rank_shape_category_nb(board, n)


@njit(cache=True, inline="always")
def made_category_nb(key, mask, a, b, alone, t):
    """Numba equivalent of ``strength.made_category`` of hole ``(a, b)`` on the board of ``(key, mask)``
    whose own category is ``alone`` (``alone_category_nb``)."""
    own = with_pair_nb(key, mask, a, b, t) // _CATEGORY_UNIT
    return own if own > alone else 0


@njit(cache=True, inline="always")
def texture_nb(board, n):
    """Numba equivalent of ``strength.texture`` of ``board[:n]`` (3–5 cards): paired + flush + straight, 0–3."""
    need = 2 if n < BOARD_CARDS else 3
    suits = np.uint32(0)  # four 8-bit counters
    ranks = np.int64(0)
    for i in range(n):
        suits += np.uint32(1) << np.uint32(8 * (board[i] & 3))
        ranks |= np.int64(1) << (board[i] >> 2)
    distinct = 0
    flush = False
    for r in range(N_RANKS):
        distinct += (ranks >> r) & 1
    for suit in range(4):
        if (suits >> np.uint32(8 * suit)) & np.uint32(0xFF) >= need:
            flush = True
    straight = False
    for low in range(-1, 9):
        count = 0
        for r in range(low, low + 5):
            count += (ranks >> (r if r >= 0 else 12)) & 1
        if count >= need:
            straight = True
            break
    return (1 if n > distinct else 0) + (1 if flush else 0) + (1 if straight else 0)


@njit(cache=True, **NO_REFCOUNT)
def unseen_nb(a, b, board, n, out):
    """The cards not among ``a``, ``b`` and ``board[:n]``, ascending, into ``out``; returns how many."""
    seen = (np.int64(1) << a) | (np.int64(1) << b)
    for i in range(n):
        seen |= np.int64(1) << board[i]
    m = 0
    for c in range(N_CARDS):
        if not (seen >> c) & 1:
            out[m] = c
            m += 1
    return m


@njit(cache=True, **NO_REFCOUNT)
def hand_strength_nb(a, b, board, n, t, unseen):
    """Numba equivalent of ``strength.hand_strength`` of hole ``(a, b)`` on ``board[:n]`` (3–5 cards):
    the share of the unseen two-card hands it beats, ties counting half. ``unseen`` is scratch."""
    key, mask = board_key_nb(board, n, t)
    mine = pair_order_nb(key, mask, a, b, t)
    m = unseen_nb(a, b, board, n, unseen)
    halves = 0
    total = 0
    for i in range(m):
        ci = unseen[i]
        key_i = key + t.card_key[ci]
        mask_i = mask | card_bit_nb(ci)
        for j in range(i + 1, m):
            cj = unseen[j]
            theirs = order_of_nb(key_i + t.card_key[cj], mask_i | card_bit_nb(cj), t)
            halves += 2 if mine > theirs else (1 if mine == theirs else 0)
            total += 2
    return halves / total


@njit(cache=True, inline="always")
def draw_outs_nb(a, b, board, n, t):
    """Numba equivalent of ``strength.draw_outs`` of hole ``(a, b)`` on ``board[:n]``: 9 flush draw,
    8 open-ended straight draw, 15 both, else 0 (and 0 with a straight or better, or no card to come)."""
    if n < 3 or n > 4:
        return 0
    key, mask = board_key_nb(board, n, t)
    if with_pair_nb(key, mask, a, b, t) // _CATEGORY_UNIT >= _STRAIGHT:
        return 0
    flush = False
    for suit in range(4):
        count = ((a & 3) == suit) + ((b & 3) == suit)
        for i in range(n):
            count += (board[i] & 3) == suit
        if count == 4 and ((a & 3) == suit or (b & 3) == suit):
            flush = True
    ranks = (np.int64(1) << (a >> 2)) | (np.int64(1) << (b >> 2))
    for i in range(n):
        ranks |= np.int64(1) << (board[i] >> 2)
    ha, hb = a >> 2, b >> 2
    straight = False
    for low in range(9):
        if (ranks >> low) & 0xF == 0xF and (low <= ha < low + 4 or low <= hb < low + 4):
            straight = True
    return 15 if flush and straight else 9 if flush else 8 if straight else 0


@njit(cache=True, inline="always")
def outs_equity_nb(outs, board_size):
    """Numba equivalent of ``strength.outs_equity``: the chance to hit one of ``outs`` cards by the river."""
    m = N_CARDS - 2 - board_size
    if board_size == 4:
        return outs / m
    return 1.0 - (m - outs) * (m - outs - 1) / (m * (m - 1))


# ----- the levels --------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def random_nb(h, p, low, high, stream):
    """Numba equivalent of ``agents.RandomAgent.act``: uniform over fold (when owing chips),
    check/call and bet/raise (when open), draw 1; a raise's menu entry, draw 2."""
    can_fold = h.st[0].max_bet > h.pl[p].bet
    kinds = 1 + (1 if can_fold else 0) + (1 if low != NO_RAISE else 0)
    kind = stream_integer_nb(stream, kinds) - (1 if can_fold else 0)
    if kind < 0:
        return np.int64(FOLD)
    if kind == 0:
        return np.int64(CHECK_CALL)
    return bet_action_nb(raise_menu_nb(h, p, low, high, stream_integer_nb(stream, MENU_SIZES)))


@njit(cache=True, inline="always")
def easy_nb(h, p, low, high, params, t, lt):
    """Numba equivalent of ``levels.EasyLevel.act``: immediate strength only; draws nothing."""
    a, b = h.hole[p, 0], h.hole[p, 1]
    s = h.st[0]
    if s.street == 0:
        score = lt.pair_score[a, b]
        strong, medium = params[EasyParam.RAISE_SCORE], params[EasyParam.CALL_SCORE]
    else:
        key, mask = board_key_nb(h.board, s.board_n, t)
        score = made_category_nb(key, mask, a, b, alone_category_nb(h.board, s.board_n, t), t)
        strong, medium = params[EasyParam.RAISE_CATEGORY], params[EasyParam.CALL_CATEGORY]
    if score >= strong:
        return menu_raise_nb(h, p, low, high, MENU_POT)
    if score >= medium and to_call_nb(h, p) > 0:
        return np.int64(CHECK_CALL)
    return give_up_nb(h, p)


@njit(cache=True, inline="always")
def normal_preflop_nb(h, p, low, high, params, position, lt):
    """Numba equivalent of ``levels.NormalLevel.preflop`` at ``position``."""
    c = lt.chen[h.hole[p, 0], h.hole[p, 1]]
    s = h.st[0]
    if effective_stack_nb(h, p) <= params[NormalParam.SHORT_STACK] * s.big_blind:
        return menu_raise_nb(h, p, low, high, MENU_ALL_IN) if c >= params[NormalParam.PUSH_SCORE] else give_up_nb(h, p)
    allin_spr = params[NormalParam.ALLIN_SPR]
    if s.max_bet <= s.big_blind:
        early = params[NormalParam.OPEN_EARLY]
        if c >= early + (params[NormalParam.OPEN_LATE] - early) * position:
            return sized_nb(h, p, low, high, MENU_POT, allin_spr)
        return give_up_nb(h, p)
    if c >= params[NormalParam.RERAISE_SCORE]:
        return sized_nb(h, p, low, high, MENU_POT, allin_spr)
    loose = bettor_looseness_nb(h, p, params, NormalParam.READ_RATE)
    call_score = toward_nb(params[NormalParam.CALL_SCORE], params[NormalParam.OPEN_LATE], loose)
    if c >= call_score + params[NormalParam.ODDS_SLOPE] * (price_nb(h, p) - 1 / 3):
        return np.int64(CHECK_CALL)
    return give_up_nb(h, p)


@njit(cache=True, **NO_REFCOUNT)
def normal_nb(h, p, low, high, params, t, lt, scratch):
    """Numba equivalent of ``levels.NormalLevel.act``: chart, position, stack depth, pot odds, board
    texture; draws nothing."""
    if h.st[0].street == 0:
        return normal_preflop_nb(h, p, low, high, params, position_nb(h, p), lt)
    return normal_choice_nb(h, p, low, high, params, normal_equity_nb(h, p, t, scratch))


@njit(cache=True, **NO_REFCOUNT)
def normal_equity_nb(h, p, t, scratch):
    """Numba equivalent of ``levels.NormalLevel.equity`` of player ``p`` (3+ board cards)."""
    s = h.st[0]
    a, b, board, n = h.hole[p, 0], h.hole[p, 1], h.board, s.board_n
    hs = hand_strength_nb(a, b, board, n, t, scratch.unseen)
    e = 1.0
    for _ in range(s.n_active - 1):
        e *= hs
    return max(e, outs_equity_nb(draw_outs_nb(a, b, board, n, t), n))


@njit(cache=True, **NO_REFCOUNT)
def normal_choice_nb(h, p, low, high, params, e):
    """Numba equivalent of ``levels.NormalLevel.choose``: the postflop decision at equity ``e``."""
    position = position_nb(h, p)
    board, n = h.board, h.st[0].board_n
    w = texture_nb(board, n)
    shift = params[NormalParam.TEXTURE] * w - params[NormalParam.POSITION] * position
    allin_spr = params[NormalParam.ALLIN_SPR]
    if to_call_nb(h, p) == 0:
        loose = loosest_nb(h, p, params, NormalParam.READ_RATE)
        if e >= toward_nb(params[NormalParam.BET_EQUITY], 1.0 / h.st[0].n_active, loose) + shift:
            big = w > 0 or e >= params[NormalParam.BIG_EQUITY]
            return sized_nb(h, p, low, high, MENU_POT if big else MENU_HALF_POT, allin_spr)
        return np.int64(CHECK_CALL)
    loose = bettor_looseness_nb(h, p, params, NormalParam.READ_RATE)
    if e >= toward_nb(params[NormalParam.RAISE_EQUITY], 1.0 / h.st[0].n_active, loose) + shift:
        return sized_nb(h, p, low, high, MENU_POT, allin_spr)
    if e >= price_nb(h, p) * toward_nb(params[NormalParam.CALL_MARGIN], 1.0, loose):
        return np.int64(CHECK_CALL)
    return give_up_nb(h, p)


@njit(cache=True, **NO_REFCOUNT)
def read_ranges_nb(h, p, params, scratch):
    """Numba equivalent of ``levels.read_range`` of each live opponent of ``p``, clockwise from its
    left, into ``scratch.top`` and ``scratch.bettor``; returns how many."""
    pl = h.pl
    m = h.st[0].players
    k = 0
    for step in range(1, m):
        i = (p + step) % m
        if not pl[i].active:
            continue
        if pl[i].pre_raises >= 2:
            top = params[HardParam.RERAISE_RANGE]
        elif pl[i].pre_raises > 0:
            top = params[HardParam.RAISE_RANGE]
        elif pl[i].pre_calls > 0:
            top = params[HardParam.CALL_RANGE]
        else:
            top = 1.0
        loose = looseness_of_nb(h, i, params, HardParam.READ_RATE)
        scratch.top[k] = toward_nb(top, 1.0, loose)
        scratch.loose[k] = loose
        scratch.bettor[k] = 1 if pl[i].post_raises > 0 else 0
        k += 1
    return k


@njit(cache=True, **NO_REFCOUNT)
def monte_carlo_equity_nb(h, p, n_opp, key, samples, read_bluff, t, lt, scratch):
    """Numba equivalent of ``levels.monte_carlo_equity`` of player ``p`` against the ``n_opp`` ranges
    of ``scratch`` (``read_ranges_nb``), sample ``j`` drawing from the stream ``derive(key, j)``."""
    a, b, board = h.hole[p, 0], h.hole[p, 1], h.board
    n = h.st[0].board_n
    unseen, deck, full, opp, sample = scratch.unseen, scratch.deck, scratch.full, scratch.opponents, scratch.sample
    m = unseen_nb(a, b, board, n, unseen)
    board_key, board_mask = board_key_nb(board, n, t)
    alone = alone_category_nb(board, n, t) if n >= 3 else 0
    units = np.int64(0)
    for j in range(samples):
        stream_start_nb(sample, derive_nb(key, j))
        for i in range(m):
            deck[i] = unseen[i]
        k = 0
        for r in range(n_opp):
            for _ in range(lt.max_tries):
                for pos in range(k, k + 2):
                    i = pos + stream_integer_nb(sample, m - pos)
                    c = deck[pos]
                    deck[pos] = deck[i]
                    deck[i] = c
                x, y = deck[k], deck[k + 1]
                if lt.preflop_top[x, y] >= scratch.top[r]:
                    continue
                if (
                    not scratch.bettor[r]
                    or n < 3
                    or made_category_nb(board_key, board_mask, x, y, alone, t) >= 1
                    or stream_random_nb(sample) < toward_nb(read_bluff, 1.0, scratch.loose[r])
                ):
                    break
            opp[r, 0] = deck[k]
            opp[r, 1] = deck[k + 1]
            k += 2
        for i in range(n):
            full[i] = board[i]
        for i in range(n, BOARD_CARDS):
            d = k + stream_integer_nb(sample, m - k)
            c = deck[k]
            deck[k] = deck[d]
            deck[d] = c
            full[i] = deck[k]
            k += 1
        full_key, full_mask = board_key_nb(full, BOARD_CARDS, t)
        mine = pair_order_nb(full_key, full_mask, a, b, t)
        best = np.int64(-1)
        ties = 0
        for r in range(n_opp):
            v = pair_order_nb(full_key, full_mask, opp[r, 0], opp[r, 1], t)
            if v > best:
                best = v
                ties = 1
            elif v == best:
                ties += 1
        if mine > best:
            units += lt.share_units
        elif mine == best:
            units += lt.share_units // (1 + ties)
    return units / (lt.share_units * samples)


@njit(cache=True, **NO_REFCOUNT)
def hard_nb(h, p, low, high, params, stream, t, lt, scratch):
    """Numba equivalent of ``levels.HardLevel.act``: Monte Carlo equity against the ranges read from
    the public betting, pot odds and position, bluffing at ``bluff``. Draw 1: the bluff
    (``stream.random()``); draw 2: the Monte Carlo key (``stream.word()``)."""
    bluffing = stream_random_nb(stream) < params[HardParam.BLUFF]
    key = stream_word_nb(stream)
    e = hard_equity_nb(h, p, params, key, np.int64(params[HardParam.SAMPLES]), t, lt, scratch)
    return hard_choice_nb(h, p, low, high, params, e, bluffing)


@njit(cache=True, **NO_REFCOUNT)
def hard_equity_nb(h, p, params, key, samples, t, lt, scratch):
    """Numba equivalent of ``levels.HardLevel.equity`` of player ``p``: ``monte_carlo_equity_nb`` from
    ``samples`` deals keyed by ``key`` against the ranges read from the public betting."""
    n_opp = read_ranges_nb(h, p, params, scratch)
    return monte_carlo_equity_nb(h, p, n_opp, key, samples, params[HardParam.READ_BLUFF], t, lt, scratch)


@njit(cache=True, **NO_REFCOUNT)
def hard_choice_nb(h, p, low, high, params, e, bluffing):
    """Numba equivalent of ``levels.HardLevel.choose``: the decision at equity ``e``, bluffing or not."""
    ratio = e * h.st[0].n_active
    scale = 1.0 - params[HardParam.POSITION] * position_nb(h, p)
    allin_spr = params[HardParam.ALLIN_SPR]
    if to_call_nb(h, p) == 0:
        if ratio >= params[HardParam.BIG_RATIO] * scale:
            return sized_nb(h, p, low, high, MENU_POT, allin_spr)
        bet_ratio = toward_nb(params[HardParam.BET_RATIO], 1.0, loosest_nb(h, p, params, HardParam.READ_RATE))
        if ratio >= bet_ratio * scale or bluffing:
            return sized_nb(h, p, low, high, MENU_HALF_POT, allin_spr)
        return np.int64(CHECK_CALL)
    loose = bettor_looseness_nb(h, p, params, HardParam.READ_RATE)
    if ratio >= toward_nb(params[HardParam.RAISE_RATIO], 1.0, loose) * scale:
        return sized_nb(h, p, low, high, MENU_POT, allin_spr)
    if e >= price_nb(h, p) * toward_nb(params[HardParam.CALL_MARGIN], 1.0, loose):
        return np.int64(CHECK_CALL)
    return give_up_nb(h, p)


@njit(cache=True, inline="always")
def decide_nb(level, params, h, p, low, high, stream, t, lt, scratch):
    """The flat action of player ``p`` at ``level`` (``kernels.holdem.codes.Level``) with its
    parameter vector ``params`` (``float64 (N_PARAMS,)``), ``[low, high]`` its legal raise-to range
    (``NO_RAISE`` for none: ``kernels.holdem.betting.raise_range_nb``, the observation's
    ``min_raise_to``/``max_raise_to``), drawing from ``stream``; ``t`` the evaluator's tables, ``lt``
    the ``LevelTables``, ``scratch`` a ``Scratch``. ``fold`` and ``call`` are the baselines
    (``agents.FoldAgent``: ``give_up_nb``; ``agents.CallAgent``: check/call). Inlined into its caller,
    with ``random`` and ``easy``: a call between jitted functions costs ≈ 70 ns (``experiments/README.md``); the
    slower levels stay calls."""
    if level == Level.EASY:
        return easy_nb(h, p, low, high, params, t, lt)
    if level == Level.NORMAL:
        return normal_nb(h, p, low, high, params, t, lt, scratch)
    if level == Level.HARD:
        return hard_nb(h, p, low, high, params, stream, t, lt, scratch)
    if level == Level.FOLD:
        return give_up_nb(h, p)
    if level == Level.CALL:
        return np.int64(CHECK_CALL)
    return random_nb(h, p, low, high, stream)
