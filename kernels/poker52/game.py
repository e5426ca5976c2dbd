"""What the game loops of the 52-card poker kernels (no-limit Hold'em and five-card draw) share: the action log
and its fields, a decision's stream, the seats' fields of the hand records, the markers of a game's length, the
start of a game and the button's move (numba equivalents of parts of the drivers
``sniper.games.holdem.play.play_game`` and ``sniper.games.draw.play.play_game``, H2/H10 and D1/D9).

Each game's ``play_game_nb`` stays in its own kernel (``kernels.holdem.game``, ``kernels.draw.game``): numba
cannot cache a loop that takes the game's ``play_hand_nb`` as an argument (a first-class function compiles with
dynamic globals), and the kernels are always cached (``kernels.jit``): it calls these pieces instead.

Actions (optional): per game ``cap_actions`` rows of ``arec`` (``int16 (N_ACTION_FIELDS, n_games * cap_actions)``)
in the fields of ``ActionField`` (the actions tables' columns of the same names, ``sniper.games.holdem.results`` and
``sniper.games.draw.results``); ``cap_actions = 0`` records nothing.
"""

from enum import IntEnum
from typing import NamedTuple

import numpy as np

from kernels.jit import njit
from kernels.rng import derive_nb, stream_start_nb


class ActionField(IntEnum):
    """Rows of the action record array ``arec``: one row per seat action (a draw's discard included), the hand,
    its place in the hand and the fields of ``sniper.games.poker52.hand.ActionRecord``."""

    HAND = 0
    SEQ = 1
    SEAT = 2
    STREET = 3
    ACTION = 4
    AMOUNT = 5
    TO_AMOUNT = 6
    POT_AFTER = 7


N_ACTION_FIELDS = len(ActionField)
OVERFLOW = -1
"""``hands_out`` value of a game that needed more than ``cap_hands`` hands."""
NO_LIMIT = -1
"""``hands_per_game`` of a game played until one player holds every chip (H10's and D9's "bust")."""


class ActionLog(NamedTuple):
    """Where a game's actions are recorded (``record_action_nb``)."""

    rec: np.ndarray
    """``int16 (N_ACTION_FIELDS, m)``: ``arec`` of ``play_games_nb``."""
    pos: np.ndarray
    """``int64 (4,)``: next row, end of the game's buffer (exclusive), first row of the hand, the hand."""


@njit(cache=True, inline="always")
def record_action_nb(arec, pos, seat, street, action, amount, to_amount, pot_after):
    """Append one action to the ``ActionLog`` ``(arec, pos)`` (numba equivalent of the ``ActionRecord`` that
    ``sniper.games.poker52.hand`` appends, a row of the actions table); past the end of the game's buffer only
    the count grows."""
    r = pos[0]
    if r < pos[1]:
        arec[ActionField.HAND, r] = pos[3]
        arec[ActionField.SEQ, r] = r - pos[2]
        arec[ActionField.SEAT, r] = seat
        arec[ActionField.STREET, r] = street
        arec[ActionField.ACTION, r] = action
        arec[ActionField.AMOUNT, r] = amount
        arec[ActionField.TO_AMOUNT, r] = to_amount
        arec[ActionField.POT_AFTER, r] = pot_after
    pos[0] = r + 1


@njit(cache=True, inline="always")
def next_button_nb(stacks, button):
    """The first seat clockwise of ``button`` with chips (``stacks``: ``int64 (n,)``), numba equivalent of
    ``sniper.games.poker52.hand.next_button`` (H2, D1)."""
    n = stacks.shape[0]
    for k in range(1, n + 1):
        s = (button + k) % n
        if stacks[s] > 0:
            return s
    return button


GAME_OVER = -2
"""``start_game_nb``'s and ``next_hand_nb``'s button when the game has ended (H10, D9)."""


class RecordField(IntEnum):
    """The rows every 52-card game's hand record array ``rec`` begins with (the games' ``Field``: the hands table's
    columns of the same names), one row per seat per hand; ``write_seats_nb`` writes them."""

    HAND = 0
    BUTTON = 1
    DEALT_IN = 2
    STACK_BEFORE = 3


@njit(cache=True, inline="always")
def hand_button_nb(button, hand, hands_per_game, cap_hands):
    """``button`` when hand ``hand`` (from 0) of the game is to be played; ``GAME_OVER`` at the hand limit
    ``hands_per_game`` (H10, D9; ``NO_LIMIT``: none), else ``OVERFLOW`` past the game's buffer of ``cap_hands``
    hands."""
    if 0 <= hands_per_game <= hand:
        return np.int64(GAME_OVER)
    if hand >= cap_hands:
        return np.int64(OVERFLOW)
    return np.int64(button)


@njit(cache=True, inline="always")
def start_game_nb(stacks, rules, cap_hands):
    """A new game (H1, D1): every seat of ``stacks`` (``int64 (n,)``) gets ``rules.starting_stack`` chips; returns
    the button of its first hand, ``rules.first_button`` (``hand_button_nb``: ``GAME_OVER`` with a limit of no
    hand, ``OVERFLOW`` with no buffer). ``rules`` is the game's ``GameRules``."""
    n = stacks.shape[0]
    for s in range(n):
        stacks[s] = rules.starting_stack
    return hand_button_nb(rules.first_button % n, 0, rules.hands_per_game, cap_hands)


@njit(cache=True, inline="always")
def next_hand_nb(stacks, button, hand, hands_per_game, cap_hands):
    """After a hand on ``button``, ``hand`` hands played: ``GAME_OVER`` when fewer than two seats of ``stacks``
    (``int64 (n,)``) have chips (a seat with none has left, GAMES.md), else the button of the next hand, the
    next seat clockwise with chips (H2, D1), through ``hand_button_nb``. Numba equivalent of the end of a hand in
    ``sniper.games.holdem.play.play_game`` and ``sniper.games.draw.play.play_game``."""
    with_chips = 0
    for s in range(stacks.shape[0]):
        with_chips += stacks[s] > 0
    if with_chips < 2:
        return np.int64(GAME_OVER)
    return hand_button_nb(next_button_nb(stacks, button), hand, hands_per_game, cap_hands)


@njit(cache=True, inline="always")
def game_length_nb(button, hand):
    """What ``play_game_nb`` returns once ``next_hand_nb`` gave ``button`` (< 0), ``hand`` hands played: the hands,
    or ``OVERFLOW``."""
    return np.int64(OVERFLOW) if button == OVERFLOW else hand


@njit(cache=True)
def new_action_log_nb(arec):
    """An ``ActionLog`` over ``arec`` (``int16 (N_ACTION_FIELDS, m)``) with its positions at 0."""
    return ActionLog(arec, np.zeros(4, np.int64))


@njit(cache=True, inline="always")
def start_game_log_nb(log, g, cap_actions):
    """Point ``log`` at game ``g``'s buffer of ``cap_actions`` rows (``arec``'s rows ``g * cap_actions`` on)."""
    log.pos[0] = g * cap_actions
    log.pos[1] = log.pos[0] + cap_actions


@njit(cache=True, inline="always")
def game_actions_nb(log, g, cap_actions):
    """The actions game ``g`` recorded into ``log`` (``start_game_log_nb``), the ones past its buffer counted."""
    return log.pos[0] - g * cap_actions


@njit(cache=True, inline="always")
def start_hand_log_nb(log, hand):
    """Mark the start of hand ``hand`` in ``log``: its actions are numbered from 0 (``ActionField.SEQ``)."""
    log.pos[2] = log.pos[0]
    log.pos[3] = hand


@njit(cache=True, inline="always")
def start_decision_nb(h, p, agent_key):
    """Start player ``p``'s next decision stream in ``h.stream`` (``uint64 (2,)``) and count the decision: its
    ``PLAYER.decisions``-th child of ``agent_key``, the player's ``hand_key(seed, game, hand, STREAM_AGENT +
    seat)``. Numba equivalent of ``sniper.games.poker52.table.decision_stream`` (R13)."""
    q = h.pl[p]
    stream_start_nb(h.stream, derive_nb(agent_key, q.decisions))
    q.decisions += 1


@njit(cache=True, inline="always")
def write_seats_nb(h, stacks, button, hand, rec, row0, showdown_field):
    """The fields of a hand's ``n`` rows of ``rec`` from ``row0`` that every 52-card game shares (``RecordField``,
    then ``SHOWDOWN``, ``NET`` and ``STACK_AFTER`` at rows ``showdown_field`` to ``showdown_field + 2`` of the
    game's ``Field``), and the stacks after the hand into ``stacks`` (``int64 (n,)``, by seat): numba equivalent
    of the seats' columns of ``sniper.games.holdem.results.hand_rows`` and ``sniper.games.draw.play.HandRecord``.
    The game writes its cards."""
    pl, s = h.pl, h.st[0]
    n = stacks.shape[0]
    showdown = 1 if s.n_active > 1 else 0
    for seat in range(n):
        r = row0 + seat
        rec[RecordField.HAND, r] = hand
        rec[RecordField.BUTTON, r] = button
        rec[RecordField.DEALT_IN, r] = 0
        rec[RecordField.STACK_BEFORE, r] = stacks[seat]
        rec[showdown_field, r] = showdown
        rec[showdown_field + 1, r] = 0
        rec[showdown_field + 2, r] = stacks[seat]
    for p in range(s.players):
        q = pl[p]
        r = row0 + q.seat
        rec[RecordField.DEALT_IN, r] = 1
        rec[showdown_field + 1, r] = q.won - q.put
        after = q.start - q.put + q.won
        rec[showdown_field + 2, r] = after
        stacks[q.seat] = after
