"""The hand state machine of the game kernel: the state of one hand, the cap and the betting rules (R4–R6).

Numba equivalent of ``sniper.games.sniper_holdem.engine.HandState``. A hand's state is a ``Hand``: named arrays, one
entry per seat, allocated once per game (``new_hand_nb``) and reset per hand (``deal_nb``).
Scalars that change during a hand (the level ``B``, the cap ``C``, the players still in) are the
callers' locals, passed in and returned. Kernels do no validation.
"""

from typing import NamedTuple

import numpy as np

from kernels import NO_REFCOUNT
from kernels.jit import njit
from kernels.rng import derive_nb
from kernels.sniper_holdem.codes import DECK_SIZE, PASS, RAISE_STEPS, STREAM_DECK, Act
from kernels.sniper_holdem.deck import shuffle_into_nb
from kernels.sniper_holdem.evaluator import POW5, PRIVATE_PART
from kernels.sniper_holdem.policies import Scratch, new_scratch

_STEPS = np.array(RAISE_STEPS, dtype=np.int64)
_NO_CAP = np.int64(1) << 62


SEAT = np.dtype(
    [
        ("in_play", np.int64),
        ("before", np.int64),
        ("folded", np.int64),
        ("folded_round", np.int64),
        ("committed", np.int64),
        ("round_put", np.int64),
        ("put_1", np.int64),
        ("put_2", np.int64),
        ("acted", np.int64),
        ("raises", np.int64),
        ("decisions", np.int64),
        ("key", np.int64),
        ("snipe", np.int64),
        ("at_showdown", np.int64),
        ("sniped", np.int64),
        ("payout", np.int64),
    ]
)
"""One seat's state in a hand (a record; flags are 0/1, chips are chips):

- ``in_play``: dealt in this hand (had chips and is at the table); ``before``: stack before the ante;
- ``folded``: not in the hand (folded, or not dealt in); ``folded_round``: betting round (1, 2)
  of the fold, 0 if none;
- ``committed``: chips put in this hand, ante included (R5's ``c[p]``); ``round_put``: this
  betting round (R6's ``r[p]``); ``put_1``, ``put_2``: chips put in betting round 1 and 2;
- ``acted``: acted since the last bet or raise of this round (R6); ``raises``: bets and raises
  this hand, all-ins included (public history for ``hard``); ``decisions``: decisions taken this
  hand, the index of the seat's next decision key (R13);
- ``key``: strength key of the best hand with the full board (``kernels.sniper_holdem.evaluator``), -1 if not
  dealt in; ``snipe``: the code named in the snipe round or ``PASS``;
- ``at_showdown``, ``sniped`` (its hand matched a snipe), ``payout`` (chips taken from the pot).
"""


class Hand(NamedTuple):
    """One hand's state: a ``SEAT`` record per seat and the cards. Allocated once per game
    (``new_hand_nb``), reset by ``deal_nb``; ``n`` is the table's seat count."""

    seats: np.ndarray
    """``SEAT (n,)``: per-seat state, indexed by seat."""
    private: np.ndarray
    """``uint8 (n, 2)``: the seat's private cards (0 when not dealt in)."""
    board: np.ndarray
    """``uint8 (4,)``: the community cards (all four dealt; the betting sees 2 or 4 of them)."""
    deck: np.ndarray
    """``uint8 (40,)``: the shuffled deck (scratch of ``deal_nb``)."""
    order: np.ndarray
    """``int64 (n,)``: seats dealt in, in betting order from the first player (``n_in`` entries)."""
    scratch: Scratch
    """The working arrays of the seats' decisions (``kernels.sniper_holdem.policies``)."""
    stream: np.ndarray
    """``uint64 (2,)``: the random stream of the decision being taken (``kernels.rng.stream_word_nb``)."""
    showdown: np.ndarray
    """``int64 (2, n)``: scratch of the showdown by position in betting order: strength key and
    sniped flag of each hand at the showdown (``kernels.sniper_holdem.showdown.settle_nb``)."""


def new_hand(n):
    """A ``Hand`` for ``n`` seats (arrays allocated, contents set by ``deal_nb``); plain Python,
    compiled as ``new_hand_nb``, so Python code can build a ``Hand`` of the very same numba type."""
    return Hand(
        np.zeros(n, SEAT),
        np.zeros((n, 2), np.uint8),
        np.zeros(4, np.uint8),
        np.zeros(DECK_SIZE, np.uint8),
        np.zeros(n, np.int64),
        new_scratch(),
        np.zeros(2, np.uint64),
        np.zeros((2, n), np.int64),
    )


new_hand_nb = njit(cache=True)(new_hand)
"""``new_hand`` compiled (numba)."""


@njit(cache=True, **NO_REFCOUNT)
def deal_nb(h, stacks, at_table, first, hand_key, base):
    """Start a hand (R4 steps 1–2): reset ``h``, take the antes, deal, compute the strength keys.

    ``stacks`` ``int64 (n,)`` chips before the ante; ``at_table`` ``int64 (n,)`` 0 for a seat that
    left the table (R12); ``first`` the first player; ``hand_key`` ``uint64``; ``base`` the
    evaluator table. Private cards go two each to the players dealt in, in betting order from the
    first, then the four community cards (R13). Returns the number of players dealt in.
    """
    n = stacks.shape[0]
    seats, private, board, deck, order = h.seats, h.private, h.board, h.deck, h.order
    n_in = 0
    for i in range(n):
        s = (first + i) % n
        if at_table[s] and stacks[s] > 0:
            order[n_in] = s
            n_in += 1
    for s in range(n):
        dealt = 1 if at_table[s] and stacks[s] > 0 else 0
        seat = seats[s]
        seat.in_play = dealt
        seat.before = stacks[s]
        seat.folded = 1 - dealt
        seat.folded_round = 0
        seat.committed = dealt
        seat.round_put = 0
        seat.put_1 = 0
        seat.put_2 = 0
        seat.acted = 0
        seat.raises = 0
        seat.decisions = 0
        seat.key = -1
        seat.snipe = PASS
        seat.at_showdown = 0
        seat.sniped = 0
        seat.payout = 0
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
        if seats[s].in_play:
            a = np.uint32(private[s, 0])
            b = np.uint32(private[s, 1])
            seats[s].key = np.int64(base[board_key + POW5[a] + POW5[b]] + PRIVATE_PART[a, b])
    return n_in


@njit(cache=True, inline="always")
def cap_nb(seats):
    """R5's cap ``C`` of ``seats`` (``SEAT (n,)``): the smallest stack before the ante among the players still in."""
    cap = _NO_CAP
    for s in range(seats.shape[0]):
        if not seats[s].folded and seats[s].before < cap:
            cap = seats[s].before
    return cap


@njit(cache=True, inline="always")
def start_round_nb(seats):
    """A new betting round: nothing put in this round, nobody has acted (R6). The level ``B`` is 0."""
    for s in range(seats.shape[0]):
        seats[s].round_put = 0
        seats[s].acted = 0


@njit(cache=True, inline="always")
def no_one_can_act_nb(seats, level_b, cap):
    """R6 skip rule: every player in is at the cap, or all but one and that one owes nothing."""
    below = 0
    last = -1
    for s in range(seats.shape[0]):
        if not seats[s].folded and seats[s].committed != cap:
            below += 1
            last = s
    return below == 0 or (below == 1 and level_b - seats[last].round_put == 0)


@njit(cache=True, inline="always")
def next_actor_nb(seats, after, level_b, cap):
    """First seat clockwise after ``after`` still in, below the cap, and not done this round (R6); -1 if none."""
    n = seats.shape[0]
    for step in range(1, n + 1):
        s = (after + step) % n
        seat = seats[s]
        if not seat.folded and seat.committed != cap and (not seat.acted or level_b - seat.round_put > 0):
            return s
    return -1


@njit(cache=True, inline="always")
def legal_actions_nb(seats, seat, level_b, cap):
    """R6's legal actions of ``seat``: ``(count, bit set by Act)``; sorted by ``Act``, the ``k``-th
    set bit is the ``k``-th legal action. A +k step that would reach or pass the cap is not
    listed: the all-in stands for it. Numba equivalent of
    ``sniper.games.sniper_holdem.engine.HandState.legal_actions``."""
    owed = level_b - seats[seat].round_put
    all_in = cap - seats[seat].committed
    if owed > 0:
        mask = (np.int64(1) << Act.FOLD) | (np.int64(1) << Act.CALL)
        n_legal = 2
    else:
        mask = np.int64(1) << Act.CHECK
        n_legal = 1
    for k in range(_STEPS.shape[0]):
        if level_b + _STEPS[k] - seats[seat].round_put < all_in:
            mask |= np.int64(1) << (Act.RAISE_1 + k)
            n_legal += 1
    if all_in > owed:
        mask |= np.int64(1) << Act.ALL_IN
        n_legal += 1
    return n_legal, mask


@njit(cache=True, inline="always")
def chips_of_nb(seats, seat, action, level_b, cap):
    """Chips ``seat`` puts in with ``action`` (R6): 0 to fold or check, the amount owed to call,
    the rest of the cap for the all-in, ``B + k - r[p]`` for a +k step."""
    if action == Act.FOLD or action == Act.CHECK:
        return np.int64(0)
    if action == Act.CALL:
        return level_b - seats[seat].round_put
    if action == Act.ALL_IN:
        return cap - seats[seat].committed
    return level_b + _STEPS[action - Act.RAISE_1] - seats[seat].round_put


@njit(cache=True, inline="always")
def apply_action_nb(seats, seat, action, betting_round, level_b, cap, live):
    """Apply ``seat``'s legal ``action`` in ``betting_round`` (1 or 2); returns the new ``(B, C, live)``.

    A fold takes the seat out and recomputes the cap over the players still in, which may rise
    (R5); a bet or raise re-opens the action (R6). ``live`` counts the players still in.
    """
    chips = chips_of_nb(seats, seat, action, level_b, cap)
    if action >= Act.RAISE_1:
        seats[seat].raises += 1
    if betting_round == 1:
        seats[seat].put_1 += chips
    else:
        seats[seat].put_2 += chips
    if action == Act.FOLD:
        seats[seat].folded = 1
        seats[seat].folded_round = betting_round
        live -= 1
        cap = cap_nb(seats)
    else:
        if seats[seat].round_put + chips > level_b:
            for s in range(seats.shape[0]):
                seats[s].acted = 0
            level_b = seats[seat].round_put + chips
        seats[seat].round_put += chips
        seats[seat].committed += chips
    seats[seat].acted = 1
    return level_b, cap, live
