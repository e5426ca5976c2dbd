"""Local best response (LBR) in bulk for no-limit Hold'em: the opponent's policy and LBR's equity over
every private pair (Lisý & Bowling, "Equilibrium Approximation Quality of Current No-Limit Poker Bots",
2017).

LBR tracks the opponent's range as a weight per private pair, ``PAIRS`` (the 1,326 two-card hands
``a < b``, in ascending ``(a, b)`` order; ``pair_index``). For a decision of the opponent, player ``p``
of a ``kernels.holdem.betting.Hand``, ``opponent_policy_nb`` gives the probability of each *slot* for
every pair of positive weight, the hand's own hole cards of ``p`` replaced by the pair (a level reads
only its own cards and public information, H11): slot ``FOLD_SLOT`` folds, ``CALL_SLOT`` checks or
calls, slot ``RAISE_SLOT + k`` raises to entry ``k`` of the bet menu (``policies.raise_menu_nb``: min,
half pot, pot, all in). Every level raises only to menu entries, so a flat action ``a`` is the first
slot whose amount is ``a`` (``slot_of_nb``; menu entries that coincide share the first). The
probabilities come from the levels' own decision functions (``kernels.holdem.policies``: the same
code the game kernel plays): exact for ``random`` (uniform kinds and sizes), ``easy``, ``normal``,
``fold`` and ``call`` (no draws); for ``hard`` exact in its bluff draw, given one Monte Carlo equity
estimate per pair (``opponent_features_nb``: ``hard_equity_nb`` from ``samples`` deals keyed by
``key``; ``normal``'s postflop equity likewise, exactly).

LBR's own equity (``pair_equities_nb``): its share of the pot at a showdown against each pair, exact
on the river (one board) and the turn (every river card), from ``rollouts`` sampled runouts on the flop
and before it. Kernels do no validation: ``sniper.games.holdem.lbr`` validates and calls them.
"""

import numpy as np

from kernels import NO_REFCOUNT
from kernels.eval52 import N_CARDS, card_bit_nb, value_of_nb
from kernels.holdem.betting import NO_RAISE, raise_range_nb
from kernels.holdem.codes import BOARD_CARDS, CHECK_CALL, FOLD, Level
from kernels.holdem.params import HardParam
from kernels.holdem.policies import (
    MENU_SIZES,
    board_key_nb,
    easy_nb,
    give_up_nb,
    hard_choice_nb,
    hard_equity_nb,
    normal_choice_nb,
    normal_equity_nb,
    normal_preflop_nb,
    position_nb,
    raise_menu_nb,
)
from kernels.jit import njit
from kernels.rng import stream_integer_nb, stream_start_nb

N_PAIRS = N_CARDS * (N_CARDS - 1) // 2
"""Private pairs of a 52-card deck (1,326)."""
FOLD_SLOT, CALL_SLOT, RAISE_SLOT = 0, 1, 2
"""The slots of an opponent's policy: fold, check/call, then the ``MENU_SIZES`` menu entries."""
N_SLOTS = RAISE_SLOT + MENU_SIZES
"""Slots per pair (6)."""


def pairs() -> np.ndarray:
    """``PAIRS``: ``uint8 (N_PAIRS, 2)``, every two-card hand ``(a, b)``, ``a < b``, ascending."""
    return np.array([(a, b) for a in range(N_CARDS) for b in range(a + 1, N_CARDS)], np.uint8)


PAIRS = pairs()
"""Every private pair, ``uint8 (1326, 2)`` (``pairs``)."""


def pair_index(a: int, b: int) -> int:
    """The row of ``PAIRS`` holding cards ``a`` and ``b`` (distinct, 0..51, either order)."""
    a, b = min(int(a), int(b)), max(int(a), int(b))
    return a * (2 * N_CARDS - a - 1) // 2 + (b - a - 1)


@njit(cache=True, inline="always")
def touches_nb(pair, dead):
    """Whether a pair (``uint8 (2,)``) holds a card of the bit set ``dead`` (``int64``)."""
    return ((dead >> np.int64(pair[0])) & 1) | ((dead >> np.int64(pair[1])) & 1)


@njit(cache=True, **NO_REFCOUNT)
def remove_cards_nb(weights, pairs, dead):
    """Card removal: zero the weight (``float64 (N_PAIRS,)``) of every pair holding a card of the bit
    set ``dead``."""
    for i in range(pairs.shape[0]):
        if touches_nb(pairs[i], dead):
            weights[i] = 0.0


@njit(cache=True, inline="always")
def slot_of_nb(action, menu):
    """The slot of flat ``action``: fold, check/call, or the first menu entry (``int64 (4,)``) equal to it;
    -1 if none (an action no level takes)."""
    if action == FOLD:
        return FOLD_SLOT
    if action == CHECK_CALL:
        return CALL_SLOT
    for k in range(MENU_SIZES):
        if menu[k] == action:
            return RAISE_SLOT + k
    return -1


@njit(cache=True, **NO_REFCOUNT)
def menu_nb(h, p, menu):
    """The bet menu of player ``p`` into ``menu`` (``int64 (4,)``; ``NO_RAISE`` each when no raise is
    legal); returns the legal raise-to range ``(low, high)``."""
    low, high = raise_range_nb(h, p)
    for k in range(MENU_SIZES):
        menu[k] = NO_RAISE if low == NO_RAISE else raise_menu_nb(h, p, low, high, k)
    return low, high


@njit(cache=True, **NO_REFCOUNT)
def opponent_features_nb(level, params, h, p, weights, pairs, key, samples, t, lt, scratch, out, done):
    """The equity each pair of positive weight not yet ``done`` (``bool (N_PAIRS,)``, then set) would read
    as player ``p`` into ``out`` (``float64 (N_PAIRS,)``; others untouched): ``hard``'s ``hard_equity_nb``
    from ``samples`` deals keyed by ``key`` (the same key for every pair), ``normal``'s postflop
    ``normal_equity_nb``; nothing for the other levels or ``normal`` before the flop. ``h.hole[p]`` is
    restored."""
    if not (level == Level.HARD or (level == Level.NORMAL and h.st[0].street > 0)):
        return
    a, b = h.hole[p, 0], h.hole[p, 1]
    for i in range(pairs.shape[0]):
        if weights[i] <= 0.0 or done[i]:
            continue
        done[i] = True
        h.hole[p, 0] = pairs[i, 0]
        h.hole[p, 1] = pairs[i, 1]
        if level == Level.HARD:
            out[i] = hard_equity_nb(h, p, params, key, samples, t, lt, scratch)
        else:
            out[i] = normal_equity_nb(h, p, t, scratch)
    h.hole[p, 0] = a
    h.hole[p, 1] = b


@njit(cache=True, **NO_REFCOUNT)
def random_policy_nb(h, p, low, menu, row):
    """``agents.RandomAgent.action_probabilities`` as slots into ``row`` (``float64 (N_SLOTS,)``, zeroed
    first): ``1/k`` per legal kind (fold when owing chips, check/call, raise when open), a raise's share
    split over the menu's entries."""
    row[:] = 0.0
    can_fold = h.st[0].max_bet > h.pl[p].bet
    kinds = 1 + (1 if can_fold else 0) + (1 if low != NO_RAISE else 0)
    share = 1.0 / kinds
    if can_fold:
        row[FOLD_SLOT] += share
    row[CALL_SLOT] += share
    if low != NO_RAISE:
        for k in range(MENU_SIZES):
            row[slot_of_nb(menu[k], menu)] += share / MENU_SIZES


@njit(cache=True, **NO_REFCOUNT)
def opponent_policy_nb(level, params, h, p, weights, pairs, features, t, lt, scratch, menu, probs):
    """The slot probabilities (module docstring) of player ``p`` at ``level`` with parameters ``params``
    for every pair of positive weight into ``probs`` (``float64 (N_PAIRS, N_SLOTS)``; rows of zero
    weight are zero), its menu into ``menu`` (``int64 (4,)``). ``features``: ``opponent_features_nb``'s
    equities (read by ``hard`` and postflop ``normal``). ``h.hole[p]`` is restored."""
    low, high = menu_nb(h, p, menu)
    a, b = h.hole[p, 0], h.hole[p, 1]
    street = h.st[0].street
    bluff = params[HardParam.BLUFF] if level == Level.HARD else 0.0
    for i in range(pairs.shape[0]):
        row = probs[i]
        row[:] = 0.0
        if weights[i] <= 0.0:
            continue
        h.hole[p, 0] = pairs[i, 0]
        h.hole[p, 1] = pairs[i, 1]
        if level == Level.RANDOM:
            random_policy_nb(h, p, low, menu, row)
        elif level == Level.HARD:
            row[slot_of_nb(hard_choice_nb(h, p, low, high, params, features[i], True), menu)] += bluff
            row[slot_of_nb(hard_choice_nb(h, p, low, high, params, features[i], False), menu)] += 1.0 - bluff
        else:
            if level == Level.EASY:
                action = easy_nb(h, p, low, high, params, t, lt)
            elif level == Level.NORMAL and street == 0:
                action = normal_preflop_nb(h, p, low, high, params, position_nb(h, p), lt)
            elif level == Level.NORMAL:
                action = normal_choice_nb(h, p, low, high, params, features[i])
            elif level == Level.FOLD:
                action = give_up_nb(h, p)
            else:
                action = np.int64(CHECK_CALL)
            row[slot_of_nb(action, menu)] = 1.0
    h.hole[p, 0] = a
    h.hole[p, 1] = b


@njit(cache=True, **NO_REFCOUNT)
def showdown_add_nb(key, mask, pairs, weights, mine, dead, t, wins, counts):
    """Add one full board (``key``, ``mask``: its five cards) to ``wins``/``counts`` (``float64
    (N_PAIRS,)``, in half pots) of every pair of positive weight not holding a card of ``dead``
    (the board's and LBR's), LBR's own value being ``mine``."""
    for i in range(pairs.shape[0]):
        if weights[i] <= 0.0 or touches_nb(pairs[i], dead):
            continue
        x, y = pairs[i, 0], pairs[i, 1]
        v = value_of_nb(key + t.card_key[x] + t.card_key[y], mask | card_bit_nb(x) | card_bit_nb(y), t)
        wins[i] += 2.0 if mine > v else (1.0 if mine == v else 0.0)
        counts[i] += 2.0


@njit(cache=True)
def pair_equities_nb(a, b, board, n, weights, pairs, rollouts, key, t, out):
    """LBR's showdown equity with hole cards ``(a, b)`` on ``board[:n]`` against each pair of positive
    weight into ``out`` (``float64 (N_PAIRS,)``; others 0): the share of the pot it wins, ties half,
    over every river card with 4 board cards (the one board with 5), else over ``rollouts`` runouts
    drawn uniformly from the cards LBR does not see (stream ``key``), a pair counting only the runouts
    that hold none of its cards."""
    wins = np.zeros(pairs.shape[0])
    counts = np.zeros(pairs.shape[0])
    dead = (np.int64(1) << np.int64(a)) | (np.int64(1) << np.int64(b))
    for i in range(n):
        dead |= np.int64(1) << np.int64(board[i])
    unseen = np.empty(N_CARDS, np.uint8)
    m = 0
    for c in range(N_CARDS):
        if not (dead >> c) & 1:
            unseen[m] = c
            m += 1
    full = np.empty(BOARD_CARDS, np.uint8)
    for i in range(n):
        full[i] = board[i]
    base_key, base_mask = board_key_nb(board, n, t)
    if n >= BOARD_CARDS - 1:
        for r in range(m if n == BOARD_CARDS - 1 else 1):
            key5, mask5, dead5 = base_key, base_mask, dead
            if n == BOARD_CARDS - 1:
                c = unseen[r]
                key5 += t.card_key[c]
                mask5 |= card_bit_nb(c)
                dead5 |= np.int64(1) << np.int64(c)
            mine = value_of_nb(key5 + t.card_key[a] + t.card_key[b], mask5 | card_bit_nb(a) | card_bit_nb(b), t)
            showdown_add_nb(key5, mask5, pairs, weights, mine, dead5, t, wins, counts)
    else:
        stream = np.zeros(2, np.uint64)
        stream_start_nb(stream, key)
        for _ in range(rollouts):
            key5, mask5, dead5 = base_key, base_mask, dead
            for k in range(BOARD_CARDS - n):  # a partial Fisher-Yates shuffle of the unseen cards
                j = k + stream_integer_nb(stream, m - k)
                c = unseen[j]
                unseen[j] = unseen[k]
                unseen[k] = c
                key5 += t.card_key[c]
                mask5 |= card_bit_nb(c)
                dead5 |= np.int64(1) << np.int64(c)
            mine = value_of_nb(key5 + t.card_key[a] + t.card_key[b], mask5 | card_bit_nb(a) | card_bit_nb(b), t)
            showdown_add_nb(key5, mask5, pairs, weights, mine, dead5, t, wins, counts)
    for i in range(pairs.shape[0]):
        out[i] = wins[i] / counts[i] if counts[i] > 0 else 0.0
