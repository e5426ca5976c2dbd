"""The Hold'em game kernel: whole games of no-limit Hold'em in numba, hand for hand as the reference.

Numba equivalent of ``sniper.games.holdem.play.play_game`` (a ``sniper.games.holdem.table.HoldemTable``
driven to its end, H1–H10) with the levels of ``sniper.games.holdem.levels``, split by concern:
``kernels.holdem.betting`` (a hand's state and PokerKit's betting), ``kernels.holdem.showdown``
(pots and odd chips), ``kernels.holdem.policies`` (the levels) and this module (a hand from deal
to records, ``play_hand_nb``, and the game loop, ``play_game_nb``).

Random draws (R13's streams, as the table): the deck of hand ``h`` is
``hand_key(seed, game, h, STREAM_DECK)``'s shuffle (``kernels.poker52.deck``); the ``d``-th decision
(from 0) of seat ``s`` in the hand draws from ``derive(hand_key(seed, game, h, STREAM_AGENT + s), d)``
(``table.decision_stream``).

A game: every seat starts with ``starting_stack`` chips, the button on ``first_button``; after each
hand the game ends when fewer than two seats have chips (a seat with none has left, GAMES.md) or
at the hand limit (H10), else the button moves to the next seat clockwise with chips (H2).

Output (``play_games_nb``): per game a buffer of ``cap_hands`` hands; ``rec`` is ``int16`` of shape
``(N_FIELDS, n_games * cap_hands * n_seats)``, row ``(g * cap_hands + h) * n_seats + s`` holding
seat ``s`` of hand ``h`` of game ``g`` in the fields of ``Field`` (the columns of
``sniper.games.holdem.results.COLUMNS`` of the same names). ``hands_out[g]`` is the number of
hands game ``g`` played, or ``OVERFLOW`` when it needed more than ``cap_hands`` (replay it with a
larger buffer: a game depends only on (seed, game)). Actions (optional): per game ``cap_actions``
rows of ``arec`` (``int16 (N_ACTION_FIELDS, n_games * cap_actions)``) in the fields of
``ActionField`` (``results.ACTION_COLUMNS``); ``actions_out[g]`` counts the game's actions (when
above ``cap_actions`` only the first ``cap_actions`` were written); ``cap_actions = 0`` records nothing.

Kernels do no validation: ``sniper.games.holdem.kernel_engine`` validates and calls them.
"""

from enum import IntEnum
from typing import NamedTuple

import numpy as np
from numba import prange

from kernels import NO_REFCOUNT
from kernels.eval52 import Tables
from kernels.holdem.betting import (
    NEXT_STREET,
    act_nb,
    begin_street_nb,
    deal_nb,
    end_street_nb,
    history_nb,
    new_hand_nb,
    raise_range_nb,
)
from kernels.holdem.codes import BOARD_CARDS, N_STREETS, NO_CARD
from kernels.holdem.policies import LevelTables, decide_nb, new_scratch_nb
from kernels.holdem.showdown import end_hand_nb
from kernels.jit import njit
from kernels.poker52 import game as shared
from kernels.poker52.betting import actor_nb
from kernels.poker52.game import N_ACTION_FIELDS, NO_LIMIT, OVERFLOW, ActionField, ActionLog  # noqa: F401  (this game's too)
from kernels.poker52.reads import add_hand_tally_nb
from kernels.rng import derive_nb, mix64_nb
from kernels.streams import STREAM_AGENT


class Field(IntEnum):
    """Rows of the record array ``rec``: one row per seat per hand, the columns of the hands table
    (``sniper.games.holdem.results.COLUMNS``) of the same name; game, seat and agent are the driver's."""

    HAND, BUTTON, DEALT_IN, STACK_BEFORE = shared.RecordField  # rows 0-3, every 52-card game's
    HOLE_1 = 4
    HOLE_2 = 5
    BOARD_1 = 6
    BOARD_2 = 7
    BOARD_3 = 8
    BOARD_4 = 9
    BOARD_5 = 10
    SHOWDOWN = 11
    NET = 12
    STACK_AFTER = 13


N_FIELDS = len(Field)


class GameRules(NamedTuple):
    """The rules of a table as the kernel reads them (all Python ``int``, so one compiled version)."""

    n_seats: int
    """Seats, 2–9 (H1)."""
    starting_stack: int
    """Chips per seat at the start of a game (H1)."""
    small_blind: int
    """Chips (H1)."""
    big_blind: int
    """Chips (H1); also the smallest bet (H5)."""
    hands_per_game: int
    """The hand limit (H10), or ``NO_LIMIT``."""
    first_button: int
    """The button's seat in hand 0."""


class Agents(NamedTuple):
    """The seats' agents as data (``sniper.games.holdem.kernel_engine``)."""

    levels: np.ndarray
    """``int64 (n,)``: ``kernels.holdem.codes.Level`` per seat."""
    params: np.ndarray
    """``float64 (n, N_PARAMS)``: parameter vector per seat (``kernels.holdem.params``)."""


class GameInputs(NamedTuple):
    """Everything ``play_games_nb`` needs besides the seed, the games and the output buffers."""

    rules: GameRules
    agents: Agents
    tables: Tables
    """``kernels.eval52.tables()``."""
    level_tables: LevelTables
    """The levels' tables (``kernels.holdem.policies.LevelTables``)."""


# ----- one hand (H2–H9) ------------------------------------------------------------------------


@njit(cache=True, **NO_REFCOUNT)
def betting_nb(h, hand_key, inputs, scratch, log):
    """One street's betting: each actor in turn decides (``kernels.holdem.policies.decide_nb``, on
    its seat's stream, R13, ``kernels.poker52.game.start_decision_nb``), acts (``kernels.holdem.betting.act_nb``)
    and is recorded. Each decision after a bet or raise of the street, or from the flop on before one, is counted
    in ``Hand.hand_tally`` (numba equivalent of ``sniper.games.holdem.reading.tendencies``)."""
    s = h.st[0]
    raised = False
    levels, params = inputs.agents.levels, inputs.agents.params
    t, lt = inputs.tables, inputs.level_tables
    p = actor_nb(h)
    while p >= 0:
        seat = h.pl[p].seat
        shared.start_decision_nb(h, p, derive_nb(hand_key, STREAM_AGENT + seat))
        low, high = raise_range_nb(h, p)
        action = decide_nb(levels[seat], params[seat], h, p, low, high, h.stream, t, lt, scratch)
        if raised or s.street > 0:  # the reads' counts (Hand.tally): facing a bet, or checked to after the flop
            k = 0 if raised else 2
            h.hand_tally[seat, k + 1] += 1
            if action >= 2:
                h.hand_tally[seat, k] += 1
        raised = raised or action >= 2
        history_nb(h, p, action)
        amount = act_nb(h, action)
        shared.record_action_nb(log.rec, log.pos, seat, s.street, action, amount, h.pl[p].bet, s.pot)
        p = actor_nb(h)


@njit(cache=True, **NO_REFCOUNT)
def write_records_nb(h, stacks, button, hand, rec, row0):
    """Stacks after the hand into ``stacks`` (``int64 (n,)``, by seat) and the hand's ``n`` rows of
    ``rec`` from ``row0`` (``Field``; numba equivalent of ``results.hand_rows``): the cards here, the rest
    ``kernels.poker52.game.write_seats_nb``."""
    s, hole, board = h.st[0], h.hole, h.board
    for seat in range(stacks.shape[0]):
        r = row0 + seat
        rec[Field.HOLE_1, r] = NO_CARD
        rec[Field.HOLE_2, r] = NO_CARD
        for i in range(BOARD_CARDS):
            rec[Field.BOARD_1 + i, r] = board[i] if i < s.board_n else NO_CARD
    for p in range(s.players):
        r = row0 + h.pl[p].seat
        rec[Field.HOLE_1, r] = hole[p, 0]
        rec[Field.HOLE_2, r] = hole[p, 1]
    shared.write_seats_nb(h, stacks, button, hand, rec, row0, Field.SHOWDOWN)


@njit(cache=True, **NO_REFCOUNT)
def play_hand_nb(h, scratch, stacks, button, hand_key, inputs, rec, row0, hand, log):
    """Play one hand (H2–H9) from the deal to its records: rows ``row0 .. row0 + n - 1`` of ``rec``
    and its actions into ``log``. ``stacks`` (``int64 (n,)``, chips per seat) become the stacks
    after it; ``hand_key`` is ``derive(derive(mix64(seed), game), hand)``. Numba equivalent of one
    ``HoldemHand`` driven by the table (``sniper.games.holdem.play``). Its counted decisions go into
    ``Hand.hand_tally`` (zeroed first)."""
    rules = inputs.rules
    h.hand_tally[:] = 0
    deal_nb(h, stacks, button, hand_key, rules.small_blind, rules.big_blind)
    shared.start_hand_log_nb(log, hand)
    outcome = NEXT_STREET
    for street in range(N_STREETS):
        if begin_street_nb(h, street):
            betting_nb(h, hand_key, inputs, scratch, log)
        outcome = end_street_nb(h)
        if outcome != NEXT_STREET:
            break
    end_hand_nb(h, outcome, inputs.tables)
    write_records_nb(h, stacks, button, hand, rec, row0)


# ----- games (H2, H10) -------------------------------------------------------------------------


@njit(cache=True, **NO_REFCOUNT)
def play_game_nb(game_key, inputs, cap_hands, rec, row0, log, stacks, h, scratch):
    """One game (numba equivalent of ``sniper.games.holdem.play.play_game``; module docstring):
    rows from ``row0``, actions to ``log``; returns the hands played, or ``OVERFLOW`` past
    ``cap_hands``. ``stacks`` (``int64 (n,)``), ``h`` (``kernels.holdem.betting.Hand``) and ``scratch``
    (``kernels.holdem.policies.Scratch``) are the caller's, reset here; ``h.tally`` counts the game's earlier
    hands (``Hand.tally``, the levels' reads)."""
    rules = inputs.rules
    hand = np.int64(0)
    button = shared.start_game_nb(stacks, rules, cap_hands)
    h.tally[:] = 0
    while button >= 0:
        play_hand_nb(
            h, scratch, stacks, button, derive_nb(game_key, hand), inputs, rec, row0 + hand * rules.n_seats, hand, log
        )
        add_hand_tally_nb(h.tally, h.hand_tally, rules.n_seats)
        hand += 1
        button = shared.next_hand_nb(stacks, button, hand, rules.hands_per_game, cap_hands)
    return shared.game_length_nb(button, hand)


@njit(cache=True, nogil=True)
def play_games_nb(seed, games, start, stop, inputs, cap_hands, rec, hands_out, cap_actions, arec, actions_out):
    """Play the games ``games[start:stop]`` (``games``: ``int64 (G,)``) of run ``seed`` (``uint64``).

    ``inputs`` is a ``GameInputs``. Writes their rows of ``rec`` (``int16 (N_FIELDS, G * cap_hands
    * n)``), entries of ``hands_out`` (``int64 (G,)``), rows of ``arec`` (``int16
    (N_ACTION_FIELDS, G * cap_actions)``) and entries of ``actions_out`` (``int64 (G,)``) as in the
    module docstring. Releases the GIL; every game depends only on (seed, game), so results do not
    depend on how the games are split.
    """
    seed_key = mix64_nb(seed)
    n = inputs.rules.n_seats
    log = shared.new_action_log_nb(arec)
    stacks = np.empty(n, np.int64)
    h = new_hand_nb()
    scratch = new_scratch_nb()
    for g in range(start, stop):
        shared.start_game_log_nb(log, g, cap_actions)
        game_key = derive_nb(seed_key, games[g])
        hands_out[g] = play_game_nb(game_key, inputs, cap_hands, rec, g * cap_hands * n, log, stacks, h, scratch)
        actions_out[g] = shared.game_actions_nb(log, g, cap_actions)


@njit(cache=True, parallel=True)
def play_games_par_nb(seed, games, inputs, cap_hands, rec, hands_out, cap_actions, arec, actions_out, n_blocks):
    """``play_games_nb`` over all of ``games``, split into ``n_blocks`` ranges run in parallel
    (``prange``; numba's threading layer, ``numba.set_num_threads``): the same outputs as one
    ``play_games_nb`` over every game. (A ``prange`` body takes only arrays and scalars, so
    ``inputs`` is taken apart before the loop and put together again in it.)"""
    n_games = games.shape[0]
    r, a, t, lt = inputs
    n_seats, stack, small, big, limit, button = r
    levels, params = a
    card_key, low_base, high_index, rank_value, flush_value, rank_order52, flush_order52, order_value = t
    pair_score, chen, top, max_tries, share_units = lt
    for b in prange(n_blocks):
        again = GameInputs(
            GameRules(n_seats, stack, small, big, limit, button),
            Agents(levels, params),
            Tables(card_key, low_base, high_index, rank_value, flush_value, rank_order52, flush_order52, order_value),
            LevelTables(pair_score, chen, top, max_tries, share_units),
        )
        start = b * n_games // n_blocks
        stop = (b + 1) * n_games // n_blocks
        play_games_nb(seed, games, start, stop, again, cap_hands, rec, hands_out, cap_actions, arec, actions_out)
