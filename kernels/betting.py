"""The hand state machine of the game kernel: the state of one hand, the cap and the betting rules (R4–R6).

Numba equivalent of ``sniper.engine.HandState``. A hand's state is a ``Hand``: named arrays, one
entry per seat, allocated once per game (``new_hand_nb``) and reset per hand (``deal_nb``).
Scalars that change during a hand (the level ``B``, the cap ``C``, the players still in) are the
callers' locals, passed in and returned. Kernels do no validation.
"""

from typing import NamedTuple

import numpy as np
from numba import njit

from kernels.codes import DECK_SIZE, N_ACTIONS, PASS, RAISE_STEPS, STREAM_DECK, Act
from kernels.evaluator import POW5, PRIVATE_PART
from kernels.rng import derive_nb, uniform_int_nb

_FRESH = np.array([n for n in range(1, 11) for _ in range(4)], dtype=np.uint8)
_STEPS = np.array(RAISE_STEPS, dtype=np.int64)
_NO_CAP = np.int64(1) << 62


class Hand(NamedTuple):
    """One hand's state. Per-seat arrays are ``int64 (n,)`` for the table's ``n`` seats (flags 0/1,
    chips, counts) unless noted; rows are written by ``deal_nb`` and the betting and snipe rounds."""

    private: np.ndarray
    """``uint8 (n, 2)``: the seat's private cards (0 when not dealt in)."""
    board: np.ndarray
    """``uint8 (4,)``: the community cards (all four dealt; the betting sees 2 or 4 of them)."""
    deck: np.ndarray
    """``uint8 (40,)``: the shuffled deck (scratch of ``deal_nb``)."""
    order: np.ndarray
    """Seats dealt in, in betting order from the first player (the first ``n_in`` entries)."""
    in_play: np.ndarray
    """Dealt in this hand (had chips and is at the table)."""
    before: np.ndarray
    """Stack before the ante (chips)."""
    folded: np.ndarray
    """Not in the hand: folded, or not dealt in."""
    folded_round: np.ndarray
    """Betting round (1 or 2) in which the seat folded, 0 if it did not."""
    committed: np.ndarray
    """Chips put in this hand, ante included (R5's commitment ``c[p]``)."""
    round_put: np.ndarray
    """Chips put in this betting round (R6's ``r[p]``)."""
    put: np.ndarray
    """``int64 (2, n)``: chips put in betting round 1 and 2."""
    acted: np.ndarray
    """Acted since the last bet or raise of this round (R6)."""
    raises: np.ndarray
    """Bets and raises this hand, all-ins included (public history for ``hard``)."""
    decisions: np.ndarray
    """Decisions taken this hand: the index of the seat's next decision key (R13)."""
    keys: np.ndarray
    """Strength key of the seat's best hand with the full board (``kernels.evaluator``), -1 if not dealt in."""
    snipes: np.ndarray
    """Snipe code named in the snipe round, or ``PASS``."""
    at_showdown: np.ndarray
    """Reached the showdown."""
    sniped: np.ndarray
    """Its hand matched a snipe at the showdown."""
    payout: np.ndarray
    """Chips taken from the pot."""
    showdown_keys: np.ndarray
    """Scratch of the showdown: strength keys of the seats at the showdown, in betting order."""
    showdown_hit: np.ndarray
    """Scratch of the showdown: whether each of those hands is sniped."""
    showdown_won: np.ndarray
    """Scratch of the showdown: whether each of those hands wins (``kernels.showdown.settle_nb``)."""
    legal: np.ndarray
    """``int64 (N_ACTIONS,)``: the legal actions of the seat to act, sorted (``legal_actions_nb``)."""
    stream: np.ndarray
    """``uint64 (2,)``: the random stream of the decision being taken (``kernels.rng.stream_word_nb``)."""


@njit(cache=True)
def new_hand_nb(n):
    """A ``Hand`` for ``n`` seats (arrays allocated, contents set by ``deal_nb``)."""
    return Hand(
        np.zeros((n, 2), np.uint8),
        np.zeros(4, np.uint8),
        np.zeros(DECK_SIZE, np.uint8),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros((2, n), np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(N_ACTIONS, np.int64),
        np.zeros(2, np.uint64),
    )


@njit(cache=True)
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


@njit(cache=True)
def deal_nb(h, stacks, at_table, first, hand_key, base):
    """Start a hand (R4 steps 1–2): reset ``h``, take the antes, deal, compute the strength keys.

    ``stacks`` ``int64 (n,)`` chips before the ante; ``at_table`` ``int64 (n,)`` 0 for a seat that
    left the table (R12); ``first`` the first player; ``hand_key`` ``uint64``; ``base`` the
    evaluator table. Private cards go two each to the players dealt in, in betting order from the
    first, then the four community cards (R13). Returns the number of players dealt in.
    """
    n = stacks.shape[0]
    n_in = 0
    for i in range(n):
        s = (first + i) % n
        if at_table[s] and stacks[s] > 0:
            h.order[n_in] = s
            n_in += 1
    for s in range(n):
        dealt = 1 if at_table[s] and stacks[s] > 0 else 0
        h.in_play[s] = dealt
        h.before[s] = stacks[s]
        h.folded[s] = 1 - dealt
        h.folded_round[s] = 0
        h.committed[s] = dealt
        h.round_put[s] = 0
        h.put[0, s] = 0
        h.put[1, s] = 0
        h.acted[s] = 0
        h.raises[s] = 0
        h.decisions[s] = 0
        h.snipes[s] = PASS
        h.at_showdown[s] = 0
        h.sniped[s] = 0
        h.payout[s] = 0
        h.private[s, 0] = 0
        h.private[s, 1] = 0
    shuffle_into_nb(derive_nb(hand_key, STREAM_DECK), 2 * n_in + 4, h.deck)
    for i in range(n_in):
        h.private[h.order[i], 0] = h.deck[2 * i]
        h.private[h.order[i], 1] = h.deck[2 * i + 1]
    board_key = np.uint32(0)
    for i in range(4):
        h.board[i] = h.deck[2 * n_in + i]
        board_key += POW5[np.uint32(h.board[i])]
    for s in range(n):
        if h.in_play[s]:
            a = np.uint32(h.private[s, 0])
            b = np.uint32(h.private[s, 1])
            h.keys[s] = np.int64(base[board_key + POW5[a] + POW5[b]] + PRIVATE_PART[a, b])
        else:
            h.keys[s] = -1
    return n_in


@njit(cache=True)
def cap_nb(h):
    """R5's cap ``C``: the smallest stack before the ante among the players still in."""
    cap = _NO_CAP
    for s in range(h.folded.shape[0]):
        if not h.folded[s] and h.before[s] < cap:
            cap = h.before[s]
    return cap


@njit(cache=True)
def start_round_nb(h):
    """A new betting round: nothing put in this round, nobody has acted (R6). The level ``B`` is 0."""
    for s in range(h.round_put.shape[0]):
        h.round_put[s] = 0
        h.acted[s] = 0


@njit(cache=True)
def no_one_can_act_nb(h, level_b, cap):
    """R6 skip rule: every player in is at the cap, or all but one and that one owes nothing."""
    below = 0
    last = -1
    for s in range(h.folded.shape[0]):
        if not h.folded[s] and h.committed[s] != cap:
            below += 1
            last = s
    return below == 0 or (below == 1 and level_b - h.round_put[last] == 0)


@njit(cache=True)
def next_actor_nb(h, after, level_b, cap):
    """First seat clockwise after ``after`` still in, below the cap, and not done this round (R6); -1 if none."""
    n = h.folded.shape[0]
    for step in range(1, n + 1):
        s = (after + step) % n
        if not h.folded[s] and h.committed[s] != cap and (not h.acted[s] or level_b - h.round_put[s] > 0):
            return s
    return -1


@njit(cache=True)
def legal_actions_nb(h, seat, level_b, cap):
    """R6's legal actions of ``seat`` into ``h.legal`` (sorted); returns ``(count, bit mask by Act)``.

    A +k step that would reach or pass the cap is not listed: the all-in stands for it.
    """
    owed = level_b - h.round_put[seat]
    all_in = cap - h.committed[seat]
    n_legal = 0
    if owed > 0:
        h.legal[0] = Act.FOLD
        h.legal[1] = Act.CALL
        n_legal = 2
    else:
        h.legal[0] = Act.CHECK
        n_legal = 1
    for k in range(_STEPS.shape[0]):
        if level_b + _STEPS[k] - h.round_put[seat] < all_in:
            h.legal[n_legal] = Act.RAISE_1 + k
            n_legal += 1
    if all_in > owed:
        h.legal[n_legal] = Act.ALL_IN
        n_legal += 1
    mask = np.int64(0)
    for i in range(n_legal):
        mask |= np.int64(1) << h.legal[i]
    return n_legal, mask


@njit(cache=True)
def chips_of_nb(h, seat, action, level_b, cap):
    """Chips ``seat`` puts in with ``action`` (R6): 0 to fold or check, the amount owed to call,
    the rest of the cap for the all-in, ``B + k - r[p]`` for a +k step."""
    if action == Act.FOLD or action == Act.CHECK:
        return np.int64(0)
    if action == Act.CALL:
        return level_b - h.round_put[seat]
    if action == Act.ALL_IN:
        return cap - h.committed[seat]
    return level_b + _STEPS[action - Act.RAISE_1] - h.round_put[seat]


@njit(cache=True)
def apply_action_nb(h, seat, action, betting_round, level_b, cap, live):
    """Apply ``seat``'s legal ``action`` in ``betting_round`` (1 or 2); returns the new ``(B, C, live)``.

    A fold takes the seat out and recomputes the cap over the players still in, which may rise
    (R5); a bet or raise re-opens the action (R6). ``live`` counts the players still in.
    """
    chips = chips_of_nb(h, seat, action, level_b, cap)
    if action >= Act.RAISE_1:
        h.raises[seat] += 1
    h.put[betting_round - 1, seat] += chips
    if action == Act.FOLD:
        h.folded[seat] = 1
        h.folded_round[seat] = betting_round
        live -= 1
        cap = cap_nb(h)
    else:
        if h.round_put[seat] + chips > level_b:
            for s in range(h.acted.shape[0]):
                h.acted[s] = 0
            level_b = h.round_put[seat] + chips
        h.round_put[seat] += chips
        h.committed[seat] += chips
    h.acted[seat] = 1
    return level_b, cap, live
