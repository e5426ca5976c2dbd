"""Local best response (LBR) in bulk for Sniper Hold'em: the opponent's policy and snipe over every private
pair, LBR's showdown equity with the snipe round (R7, R8) and its own snipe (Lisý & Bowling, "Equilibrium
Approximation Quality of Current No-Limit Poker Bots", 2017).

Cards have numbers and no suits (R1), so a private hand is a pair of numbers: LBR keeps the opponent's range
as a weight per row of ``PAIRS`` (the 55 pairs ``a <= b`` of numbers 1..10, ascending), each weight the
number of two-card combinations the unseen cards allow (card removal: ``combos_nb``) times the product of
the opponent's probabilities of its actions with that pair (Bayes' rule). For a decision of the opponent,
seat ``turn.seat`` of a ``kernels.sniper_holdem.betting.Hand``, ``opponent_policy_nb`` gives the probability of
each betting action (``Act``, 0..6) for every pair of positive weight, the seat's private cards (and its
strength key) replaced by the pair: a level reads only its own cards and public information (R10). The
probabilities come from the levels' own decision (``kernels.sniper_holdem.policies.bet_decision_nb``: the code
the game kernel plays): ``random`` uniform over the legal actions; ``easy`` and the Monte Carlo levels each
decision taken twice, its bluff draw forced false and true by a parameter vector whose ``BLUFF`` is 0 and 1
(``forced``), weighed ``1 - bluff`` and ``bluff``; the Monte Carlo levels from one equity estimate per pair
(the stream's word 0, the same ``key`` for every pair and both branches); ``fold`` and ``call`` exact.
``opponent_snipe_nb`` does the same for its snipe (R7): ``random`` exact (uniform over its allowed names and
passing), ``pass`` and ``board`` exact (no draws), ``beater``, ``danger`` and ``ev`` the frequency of the named
code over ``keys`` rollout keys.

LBR's equity against each pair (``pair_equities_nb``) is its expected share of the pot at the showdown,
exact over every way the board can end (the missing community cards by number, each weighed by its
combinations), with R8's snipes: on each board LBR names the snipe ``lbr_snipe_nb`` picks (the name most
likely to beat it given the range) and the opponent's snipe is modelled by its heuristic: ``pass`` none,
``random`` uniform over its allowed names and passing, ``board`` its one answer, ``beater``, ``danger`` and ``ev``
the name most often beating its hand over every hand LBR may hold (the limit of ``beater``'s rollouts, exact by
enumeration; ``danger``'s future snipes and own-hand snipes are not modelled). Kernels do no validation:
``sniper.games.sniper_holdem.lbr`` validates and calls them.
"""

import numpy as np

from kernels import NO_REFCOUNT
from kernels.jit import njit
from kernels.rng import stream_start_nb
from kernels.sniper_holdem.codes import COPIES, N_ACTIONS, N_NUMBERS, N_SNIPES, PASS
from kernels.sniper_holdem.evaluator import POW5, PRIVATE_PART
from kernels.sniper_holdem.evaluator import PRIVATE_BASE_U32 as _PRIVATE_BASE
from kernels.sniper_holdem.params import Heuristic, Level, Param
from kernels.sniper_holdem.policies import bet_decision_nb
from kernels.sniper_holdem.snipes import allowed_nb, board_snipes_nb, snipe_decision_nb

_ONE = np.uint64(1)


def pairs() -> np.ndarray:
    """``PAIRS``: ``uint8 (55, 2)``, every private hand by numbers ``(a, b)``, ``1 <= a <= b <= 10``, ascending."""
    return np.array([(a, b) for a in range(1, N_NUMBERS + 1) for b in range(a, N_NUMBERS + 1)], np.uint8)


PAIRS = pairs()
"""Every private hand by numbers, ``uint8 (55, 2)`` (``pairs``)."""
N_PAIRS = PAIRS.shape[0]
"""Private hands by numbers (55)."""


def pair_index(a: int, b: int) -> int:
    """The row of ``PAIRS`` holding numbers ``a`` and ``b`` (1..10, either order)."""
    a, b = min(int(a), int(b)), max(int(a), int(b))
    return (a - 1) * (2 * N_NUMBERS - a + 2) // 2 + (b - a)


@njit(cache=True, inline="always")
def combos_nb(counts, a, b):
    """Two-card combinations of numbers ``a`` and ``b`` among ``counts`` (``int64 (11,)``, copies left of each
    number): ``C(n_a, 2)`` for a pair of one number, else ``n_a * n_b``; 0 when a card is missing."""
    if a == b:
        return counts[a] * (counts[a] - 1) // 2
    return counts[a] * counts[b]


@njit(cache=True, **NO_REFCOUNT)
def unseen_counts_nb(cards, counts):
    """Copies of each number not among ``cards`` (``uint8 (k,)``) into ``counts`` (``int64 (11,)``; index 0
    unused): the fresh deck (R1) minus what a player sees."""
    counts[0] = 0
    for n in range(1, N_NUMBERS + 1):
        counts[n] = COPIES
    for c in cards:
        counts[c] -= 1


@njit(cache=True, **NO_REFCOUNT)
def prior_nb(counts, pairs, out):
    """The range before any action into ``out`` (``float64 (N_PAIRS,)``): each pair's ``combos_nb``."""
    for i in range(pairs.shape[0]):
        out[i] = combos_nb(counts, pairs[i, 0], pairs[i, 1])


@njit(cache=True, inline="always")
def key_of_nb(a, b, board_key, base):
    """Strength key (``int64``) of private numbers ``a``, ``b`` on the full board of count key ``board_key``
    (``kernels.sniper_holdem.evaluator``; R8 steps 1-4)."""
    x, y = np.uint32(a), np.uint32(b)
    return np.int64(base[board_key + POW5[x] + POW5[y]] + PRIVATE_PART[x, y])


@njit(cache=True, inline="always")
def code_of_nb(key, snipe):
    """Snipe code (0..59; -1 if not a legal name) of the hand of strength ``key`` (R7)."""
    return np.int64(snipe[np.uint32(key) // _PRIVATE_BASE])


@njit(cache=True, **NO_REFCOUNT)
def set_private_nb(h, seat, a, b, board_key, base, complete):
    """Give ``seat`` of ``h`` the private numbers ``a``, ``b`` and, when the board is ``complete`` (all four
    community cards face up), their strength key on it (the levels read the key only then); else the key is -1
    (the hidden community cards are no part of the opponent's information, R10)."""
    h.private[seat, 0] = a
    h.private[seat, 1] = b
    h.seats[seat].key = key_of_nb(a, b, board_key, base) if complete else np.int64(-1)


@njit(cache=True, **NO_REFCOUNT)
def board_key_nb(board):
    """Count key (``uint32``) of the community cards ``board`` (``uint8 (k,)``)."""
    k = np.uint32(0)
    for c in board:
        k += POW5[np.uint32(c)]
    return k


@njit(cache=True, **NO_REFCOUNT)
def opponent_policy_nb(level, params, forced, h, turn, weights, pairs, key, t, probs):
    """The probabilities of each betting action (``float64 (N_PAIRS, N_ACTIONS)``, into ``probs``; rows of zero
    weight are zero) of seat ``turn.seat`` (a ``kernels.sniper_holdem.policies.Turn``) of ``h`` at ``level``
    with parameters ``params`` (``float64 (N_PARAMS,)``) for every pair of positive weight (module docstring).
    ``forced``: ``float64 (2, N_PARAMS)``, the parameters with the bluff draw forced false (row 0) and true
    (row 1), and with the model's samples; ``key``: the Monte Carlo levels' rollout key. The seat's cards and
    strength key are restored."""
    seat = turn.seat
    a0, b0, k0 = h.private[seat, 0], h.private[seat, 1], h.seats[seat].key
    board_key = board_key_nb(h.board)
    bluff = min(max(params[Param.BLUFF], 0.0), 1.0) if level == Level.EASY or level == Level.MONTE_CARLO else 0.0
    for i in range(pairs.shape[0]):
        row = probs[i]
        row[:] = 0.0
        if weights[i] <= 0.0:
            continue
        if level == Level.RANDOM:
            for action in range(N_ACTIONS):
                if (turn.legal_mask >> action) & 1:
                    row[action] = 1.0 / turn.n_legal
            continue
        set_private_nb(h, seat, pairs[i, 0], pairs[i, 1], board_key, t.base, turn.n_visible == 4)
        if bluff < 1.0:
            stream_start_nb(h.stream, key)
            row[bet_decision_nb(level, forced[0], h.seats, h.private, h.board, h.stream, h.scratch, turn, t)] += (
                1.0 - bluff
            )
        if bluff > 0.0:
            stream_start_nb(h.stream, key)
            row[bet_decision_nb(level, forced[1], h.seats, h.private, h.board, h.stream, h.scratch, turn, t)] += bluff
    h.private[seat, 0], h.private[seat, 1], h.seats[seat].key = a0, b0, k0


@njit(cache=True, **NO_REFCOUNT)
def opponent_snipe_nb(heuristic, params, h, turn, weights, pairs, keys, code, t, out):
    """The probability that seat ``turn.seat`` (a ``kernels.sniper_holdem.policies.SnipeTurn``) of ``h`` names
    ``code`` (0..59, or ``PASS``) with its snipe ``heuristic`` and parameters ``params`` for every pair of positive
    weight into ``out`` (``float64 (N_PAIRS,)``; others 0): ``random`` exact, ``1 / (allowed + 1)`` for passing or
    an allowed name (``policies.allowed_nb``: not its own hand's, not named yet); ``pass`` and ``board`` its one
    answer; ``beater``, ``danger`` and ``ev`` the share of the rollout keys ``keys`` (``uint64 (K,)``) on which it
    names ``code``. The seat's cards and strength key are restored."""
    seat = turn.seat
    a0, b0, k0 = h.private[seat, 0], h.private[seat, 1], h.seats[seat].key
    board_key = board_key_nb(h.board)
    sampled = heuristic == Heuristic.BEATER or heuristic == Heuristic.EV or heuristic == Heuristic.DANGER
    n_keys = keys.shape[0] if sampled else 1
    for i in range(pairs.shape[0]):
        out[i] = 0.0
        if weights[i] <= 0.0:
            continue
        set_private_nb(h, seat, pairs[i, 0], pairs[i, 1], board_key, t.base, True)
        if heuristic == Heuristic.RANDOM:
            own = code_of_nb(h.seats[seat].key, t.snipe)
            n_allowed = 0
            for c in range(N_SNIPES):
                if allowed_nb(c, own, turn.named_mask):
                    n_allowed += 1
            if code == PASS or allowed_nb(code, own, turn.named_mask):
                out[i] = 1.0 / (n_allowed + 1)
            continue
        hits = 0
        for k in range(n_keys):
            stream_start_nb(h.stream, keys[k])
            named = snipe_decision_nb(heuristic, params, h.seats, h.private, h.board, h.stream, h.scratch, turn, t)
            hits += named == code
        out[i] = hits / n_keys
    h.private[seat, 0], h.private[seat, 1], h.seats[seat].key = a0, b0, k0


@njit(cache=True, **NO_REFCOUNT)
def lbr_snipe_nb(weights, keys, codes, lbr_key, lbr_code, named_mask, mass):
    """LBR's snipe (R7): the name most likely to beat it given the range, or ``PASS`` when no hand of positive
    weight beats it. Pair ``i`` (weight ``weights[i]``, strength key ``keys[i]``, snipe code ``codes[i]``) beats
    LBR at the showdown as R8 plays it with the names ``named_mask`` (``uint64`` bit set) already made when its
    hand is not sniped and LBR's is, or its key is greater. Candidates: every name but LBR's own (``lbr_code``),
    which may be named only once LBR's hand is sniped (it then costs nothing); ties go to the lower code.
    ``mass``: ``float64 (60,)`` scratch."""
    lbr_hit = lbr_code >= 0 and (named_mask >> np.uint64(lbr_code)) & _ONE != 0
    mass[:] = 0.0
    for i in range(weights.shape[0]):
        if weights[i] <= 0.0 or codes[i] < 0 or (named_mask >> np.uint64(codes[i])) & _ONE:
            continue
        if lbr_hit or keys[i] > lbr_key:
            mass[codes[i]] += weights[i]
    best, top = np.int64(PASS), 0.0
    for c in range(N_SNIPES):
        if (c != lbr_code or lbr_hit) and mass[c] > top:
            best, top = np.int64(c), mass[c]
    return best


@njit(cache=True, **NO_REFCOUNT)
def model_beater_nb(a, b, board, board_key, own_key, named_mask, t, counts, beat):
    """The opponent's ``beater`` (and ``ev``) snipe in LBR's equity model: the allowed name (not its own hand's,
    not in ``named_mask``) most often held by a hand beating its private numbers ``a``, ``b`` (strength key
    ``own_key``) on the full ``board`` (``uint8 (4,)``, count key ``board_key``), over every hand the cards it does
    not see allow, each weighed by its combinations (the limit of ``beater``'s rollouts, heads-up); ``PASS`` when
    none beats it; ties to the lower code. ``counts`` ``int64 (11,)`` and ``beat`` ``float64 (60,)`` are scratch."""
    unseen_counts_nb(board, counts)
    counts[a] -= 1
    counts[b] -= 1
    beat[:] = 0.0
    for x in range(1, N_NUMBERS + 1):
        for y in range(x, N_NUMBERS + 1):
            m = combos_nb(counts, x, y)
            if m > 0:
                key = key_of_nb(x, y, board_key, t.base)
                if key > own_key:
                    c = code_of_nb(key, t.snipe)
                    if c >= 0:
                        beat[c] += m
    own = code_of_nb(own_key, t.snipe)
    best, top = np.int64(PASS), 0.0
    for c in range(N_SNIPES):
        if allowed_nb(c, own, named_mask) and beat[c] > top:
            best, top = np.int64(c), beat[c]
    return best


@njit(cache=True, **NO_REFCOUNT)
def model_hit_nb(heuristic, a, b, board, board_key, own_key, target, named_mask, t, counts, beat, codes):
    """The probability, in LBR's equity model, that the opponent holding numbers ``a``, ``b`` (strength key
    ``own_key``) names ``target`` (LBR's hand's code) with its snipe ``heuristic`` on the full ``board``, after the
    names ``named_mask``: 0 for ``pass``; ``1 / (allowed + 1)`` for ``random`` when ``target`` is allowed;
    ``board``'s one answer (``policies.board_snipes_nb``); ``beater``, ``danger`` and ``ev`` ``model_beater_nb``'s."""
    if target < 0 or heuristic == Heuristic.PASS:
        return 0.0
    own = code_of_nb(own_key, t.snipe)
    if heuristic == Heuristic.RANDOM:
        if not allowed_nb(target, own, named_mask):
            return 0.0
        n_allowed = 0
        for c in range(N_SNIPES):
            if allowed_nb(c, own, named_mask):
                n_allowed += 1
        return 1.0 / (n_allowed + 1)
    if heuristic == Heuristic.BOARD:
        m = board_snipes_nb(board, codes)
        for i in range(m):
            if allowed_nb(codes[i], own, named_mask):
                return 1.0 if codes[i] == target else 0.0
        return 0.0
    return 1.0 if model_beater_nb(a, b, board, board_key, own_key, named_mask, t, counts, beat) == target else 0.0


@njit(cache=True, inline="always")
def share_nb(lbr_key, opp_key, lbr_hit, opp_hit):
    """LBR's share of the pot heads-up (R8): a sniped hand ranks last; both sniped split; else the greater key."""
    if lbr_hit and opp_hit:
        return 0.5
    if lbr_hit:
        return 0.0
    if opp_hit:
        return 1.0
    return 1.0 if lbr_key > opp_key else (0.5 if lbr_key == opp_key else 0.0)


@njit(cache=True)
def pair_equities_nb(own, board, n_visible, weights, pairs, heuristic, lbr_first, t, out):
    """LBR's showdown equity with private numbers ``own`` (``uint8 (2,)``) and community cards ``board[:n_visible]``
    (2 or 4) against each pair of positive weight into ``out`` (``float64 (N_PAIRS,)``; others 0): its expected
    share of the pot (ties half), exact over every ending of the board (the missing cards by numbers, weighed by
    their combinations given LBR's and the pair's cards), with the snipe round (R7, R8): on each board LBR names
    ``lbr_snipe_nb``'s choice against the range there (each pair weighed by its weight times the board's
    combinations given it), and the opponent, with snipe ``heuristic``, is modelled by ``model_hit_nb``
    (after LBR's name when ``lbr_first``, LBR snipes first)."""
    n = pairs.shape[0]
    counts = np.zeros(N_NUMBERS + 1, np.int64)
    scratch_counts = np.zeros(N_NUMBERS + 1, np.int64)
    full = np.zeros(4, np.uint8)
    for i in range(n_visible):
        full[i] = board[i]
    seen = np.zeros(2 + n_visible, np.uint8)
    seen[0], seen[1] = own[0], own[1]
    for i in range(n_visible):
        seen[2 + i] = board[i]
    unseen_counts_nb(seen, counts)
    acc = np.zeros(n)
    tot = np.zeros(n)
    eff = np.zeros(n)
    keys = np.zeros(n, np.int64)
    codes = np.zeros(n, np.int64)
    mass = np.zeros(N_SNIPES)
    beat = np.zeros(N_SNIPES)
    board_codes = np.zeros(N_SNIPES, np.int64)
    left = np.zeros(N_NUMBERS + 1, np.int64)
    last = N_NUMBERS if n_visible == 2 else 1
    for c in range(1, last + 1):
        for d in range(c, last + 1):
            if n_visible == 2:
                if combos_nb(counts, c, d) == 0:
                    continue
                full[2], full[3] = c, d
            board_key = board_key_nb(full)
            lbr_key = key_of_nb(own[0], own[1], board_key, t.base)
            lbr_code = code_of_nb(lbr_key, t.snipe)
            any_pair = False
            for i in range(n):
                eff[i] = 0.0
                if weights[i] <= 0.0:
                    continue
                x, y = pairs[i, 0], pairs[i, 1]
                left[:] = counts
                left[x] -= 1
                left[y] -= 1
                if left[x] < 0 or left[y] < 0:
                    continue
                m = combos_nb(left, c, d) if n_visible == 2 else 1
                if m <= 0:
                    continue
                eff[i] = weights[i] * m
                keys[i] = key_of_nb(x, y, board_key, t.base)
                codes[i] = code_of_nb(keys[i], t.snipe)
                any_pair = True
            if not any_pair:
                continue
            mine = lbr_snipe_nb(eff, keys, codes, lbr_key, lbr_code, np.uint64(0), mass)
            named = _ONE << np.uint64(mine) if lbr_first and mine >= 0 else np.uint64(0)
            for i in range(n):
                if eff[i] <= 0.0:
                    continue
                x, y = pairs[i, 0], pairs[i, 1]
                q = model_hit_nb(heuristic, x, y, full, board_key, keys[i], lbr_code, named, t, scratch_counts, beat,
                                 board_codes)  # fmt: skip
                opp_hit = mine >= 0 and codes[i] == mine
                e = q * share_nb(lbr_key, keys[i], True, opp_hit) + (1.0 - q) * share_nb(
                    lbr_key, keys[i], False, opp_hit
                )
                m = eff[i] / weights[i]
                acc[i] += m * e
                tot[i] += m
    for i in range(n):
        out[i] = acc[i] / tot[i] if tot[i] > 0 else 0.0


@njit(cache=True, **NO_REFCOUNT)
def showdown_keys_nb(board, pairs, weights, t, keys, codes):
    """Strength keys and snipe codes (``int64 (N_PAIRS,)`` each) of every pair of positive weight on the full
    ``board`` (``uint8 (4,)``); -1 for the others (a pair the cards rule out has no hand)."""
    board_key = board_key_nb(board)
    for i in range(pairs.shape[0]):
        keys[i], codes[i] = -1, -1
        if weights[i] > 0.0:
            keys[i] = key_of_nb(pairs[i, 0], pairs[i, 1], board_key, t.base)
            codes[i] = code_of_nb(keys[i], t.snipe)
