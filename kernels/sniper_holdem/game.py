"""The game kernel: whole games of Sniper Hold'em in numba, hand for hand as the reference engine.

Numba equivalent of ``sniper.games.sniper_holdem.play.play_game`` with ``sniper.games.sniper_holdem.engine.HandState``
and the agents of
``sniper.games.sniper_holdem.agents`` (R2–R9, R12, R13), split by concern:

- ``kernels.sniper_holdem.betting``: a hand's state (``Hand``, named per-seat arrays) and the rules of R4–R6;
- ``kernels.sniper_holdem.policies``: the AI levels and snipe heuristics (numba equivalents of
  ``sniper.games.sniper_holdem.agents``);
- ``kernels.sniper_holdem.showdown``: who wins the pot (R8);
- this module: one hand from deal to records (``play_hand_nb``: one function call per betting
  action, per snipe and per settlement), and the game loop (R3, R9, R12).

Every random draw uses the streams of ``sniper.core.rng``:

- the deck: ``hand_key(seed, game, hand, STREAM_DECK)``, the partial Fisher–Yates shuffle of
  ``sniper.games.sniper_holdem.cards.shuffled_deck``; private cards to the players in betting order from the first,
  two each, then the four community cards (R13);
- agent of seat ``s``: its ``d``-th decision of the hand (bets and the snipe, from 0) draws from
  the stream keyed ``derive(hand_key(seed, game, hand, STREAM_AGENT + s), d)``; word ``j`` of a
  decision is ``derive(decision_key, j)`` (``sniper.core.rng.Stream``).

Inputs: ``GameInputs`` (the table's rules, its agents as data and the evaluator tables), built in
one place, ``sniper.games.sniper_holdem.kernel_engine.kernel_inputs``. Agents are per seat a betting level
(``kernels.sniper_holdem.params.Level``), a snipe heuristic (``Heuristic``) and a ``float64`` parameter vector
(``Param``).

Output (``play_games_nb``): per game a buffer of ``cap_hands`` hands; ``rec`` is ``int16`` of shape
``(N_FIELDS, n_games * cap_hands * n_seats)``, row ``(g * cap_hands + h) * n_seats + s`` holding
seat ``s`` of hand ``h`` of game ``g`` in the fields of ``Field`` (the columns of
``sniper.games.sniper_holdem.results.SCHEMA`` other than game, seat, agent and ante). ``hands_out[g]`` is the number of
hands game ``g`` played, or ``OVERFLOW`` when it needed more than ``cap_hands`` (then replay it with
a larger buffer: results depend only on (seed, game)).

Actions (optional): per game a buffer of ``cap_actions`` rows of ``arec`` (``int16`` of shape
``(N_ACTION_FIELDS, n_games * cap_actions)``), row ``g * cap_actions + i`` holding the game's
``i``-th action in the fields of ``ActionField`` (the columns of ``sniper.games.sniper_holdem.results.ACTION_SCHEMA``
other than game). ``actions_out[g]`` is the number of actions game ``g`` took; when it is above
``cap_actions`` only the first ``cap_actions`` were written (replay the game with a larger
buffer). ``cap_actions = 0`` records nothing.

Kernels do no validation: ``sniper.games.sniper_holdem.kernel_engine`` validates and calls them.
"""

import os
import subprocess
import sys
from enum import IntEnum
from pathlib import Path
from typing import NamedTuple

import numba
import numpy as np

from kernels import NO_REFCOUNT
from kernels.jit import CACHE_DIR, njit
from kernels.rng import derive_nb, mix64_nb, stream_start_nb
from kernels.sniper_holdem.betting import (
    apply_action_nb,
    cap_nb,
    chips_of_nb,
    deal_nb,
    legal_actions_nb,
    new_hand,
    new_hand_nb,
    next_actor_nb,
    no_one_can_act_nb,
    start_round_nb,
)
from kernels.sniper_holdem.codes import PASS, SNIPE_ROUND, STREAM_AGENT, Act
from kernels.sniper_holdem.evaluator import PRIVATE_BASE_U32 as _PRIVATE_BASE
from kernels.sniper_holdem.evaluator import Tables, tables
from kernels.sniper_holdem.params import N_PARAMS, Heuristic, Level
from kernels.sniper_holdem.policies import Turn, bet_decision_nb
from kernels.sniper_holdem.showdown import settle_nb, wins_nb
from kernels.sniper_holdem.snipes import SnipeTurn, snipe_decision_nb


class Field(IntEnum):
    """Rows of the record array ``rec``: the ``sniper.games.sniper_holdem.results.SCHEMA`` column of the same name."""

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


class ActionField(IntEnum):
    """Rows of the action record array ``arec``: the ``sniper.games.sniper_holdem.results.ACTION_SCHEMA`` column of
    the same name."""

    HAND = 0
    SEQ = 1
    SEAT = 2
    ROUND = 3
    ACTION = 4
    CHIPS = 5
    LEVEL_AFTER = 6
    CAP = 7
    SNIPE = 8


N_ACTION_FIELDS = len(ActionField)
OVERFLOW = -1
"""``hands_out`` value of a game that needed more than ``cap_hands`` hands."""
NO_LIMIT = -1
"""``hands_per_game`` of a game played until one player holds every chip (R9)."""
NO_EXIT = -1
"""``exit_at`` of our version: nobody leaves the table safe (R12)."""

_ONE = np.uint64(1)


class GameRules(NamedTuple):
    """The rules of a table as the kernel reads them (all Python ``int``, so one compiled version)."""

    n_seats: int
    """Seats at the table, 2–6 (R2)."""
    starting_stack: int
    """Chips per seat at the start of a game (R2)."""
    hands_per_game: int
    """Hand limit (R9), or ``NO_LIMIT``."""
    exit_at: int
    """Chips at which a player leaves the table safe (R12), or ``NO_EXIT``."""
    first_seat: int
    """First player of hand 0 (R3)."""


class Agents(NamedTuple):
    """The seats' agents as data (``sniper.games.sniper_holdem.kernel_engine.kernel_agent``)."""

    levels: np.ndarray
    """``int64 (n,)``: betting ``Level`` per seat."""
    heuristics: np.ndarray
    """``int64 (n,)``: snipe ``Heuristic`` per seat."""
    params: np.ndarray
    """``float64 (n, N_PARAMS)``: parameter vector per seat (``kernels.sniper_holdem.params.Param``)."""


class GameInputs(NamedTuple):
    """Everything ``play_games_nb`` needs besides the seed, the games and the output buffers."""

    rules: GameRules
    agents: Agents
    tables: Tables
    """``kernels.sniper_holdem.evaluator.tables()``."""


class ActionLog(NamedTuple):
    """Where a game's actions are recorded (``record_action_nb``)."""

    rec: np.ndarray
    """``int16 (N_ACTION_FIELDS, m)``: ``arec`` of ``play_games_nb``."""
    pos: np.ndarray
    """``int64 (4,)``: next row, end of the game's buffer (exclusive), first row of the hand, the hand."""


# ----- one hand (R4–R8) ----------------------------------------------------------------------


@njit(cache=True, inline="always")
def record_action_nb(arec, pos, seat, betting_round, action, chips, level_after, cap, snipe):
    """Append one action to the ``ActionLog`` ``(arec, pos)`` (numba equivalent of a row of
    ``sniper.games.sniper_holdem.results.action_rows``); past the end of the game's buffer only the count grows."""
    r = pos[0]
    if r < pos[1]:
        arec[ActionField.HAND, r] = pos[3]
        arec[ActionField.SEQ, r] = r - pos[2]
        arec[ActionField.SEAT, r] = seat
        arec[ActionField.ROUND, r] = betting_round
        arec[ActionField.ACTION, r] = action
        arec[ActionField.CHIPS, r] = chips
        arec[ActionField.LEVEL_AFTER, r] = level_after
        arec[ActionField.CAP, r] = cap
        arec[ActionField.SNIPE, r] = snipe
    pos[0] = r + 1


@njit(cache=True, inline="always")
def start_decision_nb(seats, stream, hand_key, seat):
    """Start ``seat``'s next decision: ``stream`` at its key (R13), the seat's decision count advanced."""
    d = seats[seat].decisions
    stream_start_nb(stream, derive_nb(derive_nb(hand_key, STREAM_AGENT + seat), d))
    seats[seat].decisions = d + 1


@njit(cache=True, **NO_REFCOUNT)
def betting_nb(h, first, hand_key, live, agents, t, log):
    """Betting rounds 1 and 2 (R4, R6); returns the players still in (1 if all others folded).

    Each action is one ``bet_decision_nb``, one ``apply_action_nb`` and one ``record_action_nb``
    (chips put in, the level B after it, the cap C when it was taken). The betting stops when all
    but one have folded, or when no player could still act with effect (R6 skip: the rest of the
    betting, this round and any later one, is skipped).
    """
    seats, private, board, stream, scratch = h.seats, h.private, h.board, h.stream, h.scratch
    levels, params = agents.levels, agents.params
    arec, pos = log
    n = seats.shape[0]
    cap = cap_nb(seats)
    for betting_round in range(1, 3):
        start_round_nb(seats)
        level_b = np.int64(0)
        if no_one_can_act_nb(seats, level_b, cap):
            return live
        n_visible = 2 if betting_round == 1 else 4
        actor = next_actor_nb(seats, first - 1 + n, level_b, cap)
        while actor >= 0:
            n_legal, legal_mask = legal_actions_nb(seats, actor, level_b, cap)
            start_decision_nb(seats, stream, hand_key, actor)
            turn = Turn(actor, first, n_visible, level_b, cap, n_legal, legal_mask)
            action = bet_decision_nb(levels[actor], params[actor], seats, private, board, stream, scratch, turn, t)
            chips = chips_of_nb(seats, actor, action, level_b, cap)
            cap_before = cap
            level_b, cap, live = apply_action_nb(seats, actor, action, betting_round, level_b, cap, live)
            record_action_nb(arec, pos, actor, betting_round, action, chips, level_b, cap_before, PASS)
            if live == 1 or no_one_can_act_nb(seats, level_b, cap):
                return live
            actor = next_actor_nb(seats, actor, level_b, cap)
    return live


@njit(cache=True, **NO_REFCOUNT)
def snipe_round_nb(h, first, hand_key, live, agents, t, log):
    """The snipe round (R7): each player still in, in betting order, passes or names a snipe
    (``seats.snipe``, recorded with the cap among them); marks ``seats.at_showdown``. Returns the
    ``uint64`` bit set of the codes named."""
    seats, private, board, stream, scratch = h.seats, h.private, h.board, h.stream, h.scratch
    heuristics, params = agents.heuristics, agents.params
    arec, pos = log
    cap = cap_nb(seats)
    n = seats.shape[0]
    named_mask = np.uint64(0)
    n_turns = np.int64(0)
    for i in range(n):
        s = (first + i) % n
        if seats[s].folded:
            continue
        seats[s].at_showdown = 1
        start_decision_nb(seats, stream, hand_key, s)
        turn = SnipeTurn(s, named_mask, n_turns, live)
        code = snipe_decision_nb(heuristics[s], params[s], seats, private, board, stream, scratch, turn, t)
        seats[s].snipe = code
        record_action_nb(arec, pos, s, SNIPE_ROUND, Act.PASS if code == PASS else Act.SNIPE, 0, 0, cap, code)
        n_turns += 1
        if code >= 0:
            named_mask |= _ONE << np.uint64(code)
    return named_mask


@njit(cache=True, **NO_REFCOUNT)
def showdown_nb(seats, scratch, first, named_mask, pot, snipe):
    """Settle the showdown (R8): ``seats.sniped`` and ``seats.payout``; odd chips 1 each to the
    winners in betting order from the first player. ``scratch`` is ``Hand.showdown``; ``snipe``
    is ``t.snipe``."""
    n = seats.shape[0]
    m = 0
    for i in range(n):
        s = (first + i) % n
        if seats[s].at_showdown:
            code = np.int64(snipe[np.uint32(seats[s].key) // _PRIVATE_BASE])
            seats[s].sniped = 1 if code >= 0 and (named_mask >> np.uint64(code)) & _ONE else 0
            scratch[0, m] = seats[s].key
            scratch[1, m] = seats[s].sniped
            m += 1
    n_win, best = settle_nb(scratch[0], scratch[1], m)
    share = pot // n_win
    odd = pot - share * n_win
    for i in range(n):
        s = (first + i) % n
        if seats[s].at_showdown and wins_nb(seats[s].key, seats[s].sniped, best):
            seats[s].payout = share + (1 if odd > 0 else 0)
            odd -= 1


@njit(cache=True, **NO_REFCOUNT)
def write_records_nb(h, stacks, first, hand, category, top, rec, row0):
    """Stacks after the hand into ``stacks`` and the hand's ``n`` rows of ``rec`` from ``row0``
    (numba equivalent of ``sniper.games.sniper_holdem.results.hand_rows``)."""
    seats, private, board = h.seats, h.private, h.board
    for s in range(stacks.shape[0]):
        seat = seats[s]
        stacks[s] = seat.before - seat.committed + seat.payout
        r = row0 + s
        rec[Field.HAND, r] = hand
        rec[Field.FIRST_SEAT, r] = first
        rec[Field.DEALT_IN, r] = seat.in_play
        rec[Field.STACK_BEFORE, r] = seat.before
        rec[Field.PRIVATE_1, r] = private[s, 0]
        rec[Field.PRIVATE_2, r] = private[s, 1]
        rec[Field.BOARD_1, r] = board[0]
        rec[Field.BOARD_2, r] = board[1]
        rec[Field.BOARD_3, r] = board[2]
        rec[Field.BOARD_4, r] = board[3]
        rec[Field.PUT_ROUND_1, r] = seat.put_1
        rec[Field.PUT_ROUND_2, r] = seat.put_2
        rec[Field.FOLDED_ROUND, r] = seat.folded_round
        rec[Field.SNIPE, r] = seat.snipe
        if seat.in_play:
            rank = np.uint32(seat.key) // _PRIVATE_BASE
            rec[Field.CATEGORY, r] = category[rank]
            rec[Field.TOP, r] = top[rank]
        else:
            rec[Field.CATEGORY, r] = -1
            rec[Field.TOP, r] = 0
        rec[Field.SHOWDOWN, r] = seat.at_showdown
        rec[Field.SNIPED, r] = seat.sniped
        rec[Field.PAYOUT, r] = seat.payout
        rec[Field.NET, r] = stacks[s] - seat.before
        rec[Field.STACK_AFTER, r] = stacks[s]


@njit(cache=True, inline="always")
def play_hand_nb(h, stacks, at_table, first, hand_key, agents, t, rec, row0, hand, log):
    """Play one hand (R4–R8) and write its records at rows ``row0 .. row0 + n - 1`` of ``rec``
    and its actions to ``log`` (an ``ActionLog``).

    ``h`` is the game's ``kernels.sniper_holdem.betting.Hand``; ``stacks`` (``int64 (n,)``, chips before the
    ante) become the stacks after the hand; ``at_table`` ``int64 (n,)``; ``hand_key`` is
    ``derive(derive(mix64(seed), game), hand)``. Numba equivalent of ``sniper.games.sniper_holdem.play.play_hand``
    followed by ``sniper.games.sniper_holdem.results.hand_rows``.
    """
    seats = h.seats
    live = deal_nb(h, stacks, at_table, first, hand_key, t.base)
    log.pos[2] = log.pos[0]
    log.pos[3] = hand
    live = betting_nb(h, first, hand_key, live, agents, t, log)
    pot = np.int64(0)
    for s in range(seats.shape[0]):
        pot += seats[s].committed
    if live == 1:
        for s in range(seats.shape[0]):
            if not seats[s].folded:
                seats[s].payout = pot
    else:
        named_mask = snipe_round_nb(h, first, hand_key, live, agents, t, log)
        showdown_nb(seats, h.showdown, first, named_mask, pot, t.snipe)
    write_records_nb(h, stacks, first, hand, t.category, t.top, rec, row0)


# ----- games (R3, R9, R12) -------------------------------------------------------------------


@njit(cache=True, **NO_REFCOUNT)
def next_first_nb(stacks, at_table, first, exit_at):
    """After a hand: seats with 0 chips are out, and under ``exit_at`` one with that many chips
    leaves the table safe (R9, R12). Returns ``(players who can still play, next first player)``:
    the next seat clockwise that can still play (R3)."""
    n = stacks.shape[0]
    eligible = 0
    for s in range(n):
        if stacks[s] == 0 or (exit_at >= 0 and stacks[s] >= exit_at):
            at_table[s] = 0
        if at_table[s] and stacks[s] > 0:
            eligible += 1
    for step in range(1, n + 1):
        s = (first + step) % n
        if at_table[s] and stacks[s] > 0:
            return eligible, s
    return eligible, first


@njit(cache=True, **NO_REFCOUNT)
def play_game_nb(game_key, inputs, cap_hands, rec, row0, log, stacks, at_table, h):
    """One game (numba equivalent of ``sniper.games.sniper_holdem.play.play_game``): fresh stacks, hands until the hand
    limit or fewer than two players at the table with chips (R9, R12). Writes rows from ``row0``
    and actions to ``log``; returns the hands played, or ``OVERFLOW`` past ``cap_hands``.
    ``stacks``, ``at_table`` (``int64 (n,)``) and ``h`` (``kernels.sniper_holdem.betting.Hand``) are the caller's
    scratch, reset here (this function allocates nothing: ``kernels.NO_REFCOUNT``)."""
    rules = inputs.rules
    n = rules.n_seats
    for s in range(n):
        stacks[s] = rules.starting_stack
        at_table[s] = 1
    first = np.int64(rules.first_seat % n)
    hand = np.int64(0)
    while rules.hands_per_game < 0 or hand < rules.hands_per_game:
        if hand >= cap_hands:
            return np.int64(OVERFLOW)
        hand_key = derive_nb(game_key, hand)
        play_hand_nb(
            h, stacks, at_table, first, hand_key, inputs.agents, inputs.tables, rec, row0 + hand * n, hand, log
        )
        hand += 1
        eligible, first = next_first_nb(stacks, at_table, first, rules.exit_at)
        if eligible < 2:
            break
    return hand


@njit(cache=True, nogil=True)
def play_games_nb(seed, games, start, stop, inputs, cap_hands, rec, hands_out, cap_actions, arec, actions_out):
    """Play the games ``games[start:stop]`` (``games``: ``int64 (G,)``) of run ``seed`` (``uint64``).

    ``inputs`` is a ``GameInputs``. Writes their rows of ``rec`` (``int16 (N_FIELDS, G * cap_hands
    * n)``), entries of ``hands_out`` (``int64 (G,)``), rows of ``arec`` (``int16
    (N_ACTION_FIELDS, G * cap_actions)``) and entries of ``actions_out`` (``int64 (G,)``) as in the
    module docstring. Releases the GIL: ``sniper.games.sniper_holdem.kernel_engine.run_games`` runs disjoint ranges on
    threads. Every game depends only on (seed, game), so results do not depend on how the games
    are split.
    """
    seed_key = mix64_nb(seed)
    n = inputs.rules.n_seats
    pos = np.zeros(4, np.int64)
    log = ActionLog(arec, pos)
    stacks = np.empty(n, np.int64)
    at_table = np.empty(n, np.int64)
    h = new_hand_nb(n)
    for g in range(start, stop):
        pos[0] = g * cap_actions
        pos[1] = pos[0] + cap_actions
        game_key = derive_nb(seed_key, games[g])
        hands_out[g] = play_game_nb(game_key, inputs, cap_hands, rec, g * cap_hands * n, log, stacks, at_table, h)
        actions_out[g] = pos[0] - g * cap_actions


def game_inputs(rules: GameRules, levels: np.ndarray, heuristics: np.ndarray, params: np.ndarray) -> GameInputs:
    """``GameInputs`` with the dtypes ``play_games_nb`` is compiled for (one specialisation).

    ``rules`` fields become Python ``int``; ``levels``, ``heuristics`` ``int64 (n,)``; ``params``
    ``float64 (n, N_PARAMS)``, C-contiguous. No validation (``sniper.games.sniper_holdem.kernel_engine`` validates).
    """
    return GameInputs(
        GameRules(*(int(v) for v in rules)),
        Agents(
            np.ascontiguousarray(levels, dtype=np.int64),
            np.ascontiguousarray(heuristics, dtype=np.int64),
            np.ascontiguousarray(params, dtype=np.float64).reshape(-1, N_PARAMS),
        ),
        tables(),
    )


def _warmup_inputs() -> GameInputs:
    """Inputs of the types ``sniper.games.sniper_holdem.kernel_engine`` builds (every table compiles to one version)."""
    n = 2
    return game_inputs(
        GameRules(n, 60, 2, NO_EXIT, 0), np.full(n, Level.RANDOM), np.full(n, Heuristic.RANDOM), np.zeros((n, N_PARAMS))
    )


def _callee_arguments(inputs: GameInputs) -> dict[str, tuple]:
    """Arguments of the types ``play_hand_nb`` and ``play_game_nb`` pass to their compiled callees,
    by function name (only their types matter: nothing is run)."""
    n = inputs.rules.n_seats
    h = new_hand(n)
    t = inputs.tables
    i, key = np.int64(0), np.uint64(0)
    stacks = np.zeros(n, np.int64)
    log = ActionLog(np.zeros((N_ACTION_FIELDS, 1), np.int16), np.zeros(4, np.int64))
    rec = np.zeros((N_FIELDS, n), np.int16)
    return {
        "betting_nb": (h, i, key, i, inputs.agents, t, log),
        "snipe_round_nb": (h, i, key, i, inputs.agents, t, log),
        "new_hand_nb": (i,),
        "deal_nb": (h, stacks, stacks, i, key, t.base),
        "showdown_nb": (h.seats, h.showdown, i, key, i, t.snipe),
        "write_records_nb": (h, stacks, i, i, t.category, t.top, rec, i),
        "next_first_nb": (stacks, stacks, i, i),
    }


IN_CHILD = ("snipe_round_nb", "new_hand_nb", "deal_nb", "showdown_nb", "write_records_nb", "next_first_nb")
"""Callees ``warmup`` compiles in a second process while this one compiles ``betting_nb``."""


def compile_callees(names: tuple[str, ...]) -> None:
    """Compile the callees ``names`` of ``play_games_nb`` (keys of ``_callee_arguments``) for the
    types it passes them, into numba's disk cache, without running them. Raises ``KeyError`` for
    an unknown name."""
    arguments = _callee_arguments(_warmup_inputs())
    for name in names:
        globals()[name].compile(tuple(numba.typeof(a) for a in arguments[name]))


def is_cached() -> bool:
    """Whether the kernels' disk cache (``kernels.jit.CACHE_DIR``) holds a compiled ``play_games_nb``
    (False when there is no cache)."""
    return CACHE_DIR is not None and any(CACHE_DIR.glob("game.play_games_nb-*.nbi"))


def warmup(parallel: bool = True) -> None:
    """Compile ``play_games_nb`` for the inputs ``sniper.games.sniper_holdem.kernel_engine`` builds (cached on disk).

    On a cold cache with ``parallel`` and two or more cores, a second Python process compiles the
    callees of ``IN_CHILD`` into the cache while this one compiles ``betting_nb``;
    ``play_games_nb`` then loads them from the cache: the same code (and results), ≈ 30% less wall
    time, a little more CPU time (``experiments/README.md``, "Cold start"). If the second process
    fails, this one compiles what is missing itself. Without a cache (``kernels.jit.CACHE_DIR`` None)
    this process compiles everything.
    """
    child = None
    if parallel and CACHE_DIR is not None and (os.cpu_count() or 1) > 1 and not is_cached():
        root = str(Path(__file__).resolve().parent.parent)
        env = os.environ | {"PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
        code = f"import kernels.sniper_holdem.game as g; g.compile_callees({IN_CHILD!r})"
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
        child = subprocess.Popen([sys.executable, "-c", code], env=env, **quiet)
    try:
        if child is not None:
            compile_callees(("betting_nb",))
            child.wait()
    finally:
        if child is not None and child.poll() is None:
            child.kill()
    inputs = _warmup_inputs()
    n = inputs.rules.n_seats
    rec = np.empty((N_FIELDS, 2 * n), np.int16)
    arec = np.empty((N_ACTION_FIELDS, 64), np.int16)
    one = np.zeros(1, np.int64)
    play_games_nb(np.uint64(0), np.zeros(1, np.int64), 0, 1, inputs, 2, rec, one, 64, arec, one.copy())
