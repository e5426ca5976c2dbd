"""The five-card draw game kernel: whole games of fixed-limit draw in numba, hand for hand as the reference.

Numba equivalent of ``sniper.games.draw.play.play_game`` (a ``sniper.games.draw.table.DrawTable`` driven to its
end, D1–D9) with the levels of ``sniper.games.draw.agents`` and ``levels``, split by concern:
``kernels.draw.betting`` (a hand's state, PokerKit's betting and the draw), ``kernels.draw.showdown`` (pots
and odd chips), ``kernels.draw.policies`` (the levels) and this module (a hand from deal to records,
``play_hand_nb``, and the game loop, ``play_game_nb``).

Random draws (R13's streams, as the table): the deck of hand ``h`` is ``hand_key(seed, game, h,
STREAM_DECK)``'s shuffle (``kernels.poker52.deck``); the ``d``-th decision (from 0, betting and the draw alike)
of seat ``s`` in the hand draws from ``derive(hand_key(seed, game, h, STREAM_AGENT + s), d)``
(``sniper.games.poker52.table.decision_stream``).

A hand (``play_hand_nb``): antes and the deal; the first betting round at the small bet (D4); unless all
but one folded, the draw, every player still in discarding in turn (D5), then the replacements; the
second round at the big bet (D6); the showdown (D7). A game: every seat starts with ``starting_stack``
chips, the button on ``first_button``; after each hand the game ends when fewer than two seats have chips
(a seat with none has left, GAMES.md) or at the hand limit (D9), else the button moves to the next seat
clockwise with chips (D1).

Output (``play_games_nb``): per game a buffer of ``cap_hands`` hands; ``rec`` is ``int16`` of shape
``(N_FIELDS, n_games * cap_hands * n_seats)``, row ``(g * cap_hands + h) * n_seats + s`` holding seat ``s`` of
hand ``h`` of game ``g`` in the fields of ``Field`` (what ``sniper.games.draw.play.HandRecord`` holds per
seat). ``hands_out[g]`` is the number of hands game ``g`` played, or ``OVERFLOW`` when it needed more than
``cap_hands`` (replay it with a larger buffer: a game depends only on (seed, game)). Actions (optional):
per game ``cap_actions`` rows of ``arec`` (``int16 (N_ACTION_FIELDS, n_games * cap_actions)``) in the
fields of ``ActionField`` (``sniper.games.poker52.hand.ActionRecord``'s, the draws included);
``actions_out[g]`` counts the game's actions (when above ``cap_actions`` only the first ``cap_actions``
were written); ``cap_actions = 0`` records nothing.

Kernels do no validation: ``sniper.games.draw.kernel_engine`` validates and calls them.
"""

from enum import IntEnum
from typing import NamedTuple

import numpy as np
from numba import prange

from kernels import NO_REFCOUNT
from kernels.draw.betting import (
    NO_RAISE,
    act_nb,
    begin_round_nb,
    deal_nb,
    deal_replacements_nb,
    discard_nb,
    end_round_nb,
    new_hand_nb,
    note_raise_nb,
    raise_to_nb,
)
from kernels.draw.codes import (
    BET_RAISE,
    DISCARD,
    DRAW,
    FIRST,
    HAND_SIZE,
    MAX_DISCARDS,
    NO_CARD,
    TELLING_DRAW,
    TELLING_SHOW,
    Level,
)
from kernels.draw.params import HardParam, NormalParam
from kernels.draw.policies import decide_nb
from kernels.draw.showdown import fold_win_nb, settle_nb
from kernels.draw.strength import LevelTables, new_scratch_nb
from kernels.draw_equity import CATEGORY_UNIT
from kernels.eval52 import Tables
from kernels.jit import njit
from kernels.poker52 import game as shared
from kernels.poker52.betting import actor_nb
from kernels.poker52.game import N_ACTION_FIELDS, NO_LIMIT, OVERFLOW, ActionField, ActionLog  # noqa: F401  (this game's too)
from kernels.poker52.reads import add_hand_tally_nb
from kernels.rng import derive_nb, mix64_nb
from kernels.streams import STREAM_AGENT


class Field(IntEnum):
    """Rows of the record array ``rec``: one row per seat per hand, what ``sniper.games.draw.play.HandRecord``
    holds for the seat (``NO_CARD`` for a card not dealt, ``DRAWS`` ``NO_DRAW`` for a seat that did not draw)."""

    HAND, BUTTON, DEALT_IN, STACK_BEFORE = shared.RecordField  # rows 0-3, every 52-card game's
    HOLE_1 = 4
    HOLE_2 = 5
    HOLE_3 = 6
    HOLE_4 = 7
    HOLE_5 = 8
    DRAWS = 9
    DISCARD_1 = 10
    DISCARD_2 = 11
    DISCARD_3 = 12
    DRAWN_1 = 13
    DRAWN_2 = 14
    DRAWN_3 = 15
    SHOWDOWN = 16
    NET = 17
    STACK_AFTER = 18


N_FIELDS = len(Field)


class GameRules(NamedTuple):
    """The rules of a table as the kernel reads them (all Python ``int``, so one compiled version)."""

    n_seats: int
    """Seats, 2–6 (D1)."""
    starting_stack: int
    """Chips per seat at the start of a game (D1)."""
    ante: int
    """Chips every player antes each hand (D1)."""
    small_bet: int
    """The fixed bet and raise of the first round, chips (D3)."""
    big_bet: int
    """The fixed bet and raise of the second round, chips (D3)."""
    cap: int
    """The most bets and raises in one round (D3)."""
    hands_per_game: int
    """The hand limit (D9), or ``NO_LIMIT``."""
    first_button: int
    """The button's seat in hand 0."""


class Agents(NamedTuple):
    """The seats' agents as data (``sniper.games.draw.kernel_engine``): the level that bets and the one that
    draws, the same for a plain level, two for a split agent (``sniper.games.draw.agents.SplitAgent``)."""

    levels: np.ndarray
    """``int64 (n,)``: ``kernels.draw.codes.Level`` per seat, at every betting decision."""
    params: np.ndarray
    """``float64 (n, N_PARAMS)``: parameter vector per seat (``kernels.draw.params``) of ``levels``."""
    draw_levels: np.ndarray
    """``int64 (n,)``: the ``Level`` per seat at the draw (D5)."""
    draw_params: np.ndarray
    """``float64 (n, N_PARAMS)``: the parameter vector per seat of ``draw_levels``."""


class GameInputs(NamedTuple):
    """Everything ``play_games_nb`` needs besides the seed, the games and the output buffers."""

    rules: GameRules
    agents: Agents
    tables: Tables
    """``kernels.eval52.tables()``."""
    level_tables: LevelTables
    """The levels' tables (``kernels.draw.strength.LevelTables``)."""


# ----- one hand (D1–D8) --------------------------------------------------------------------------


@njit(cache=True, inline="always")
def betting_nb(h, inputs, scratch, log):
    """One round's betting: each actor in turn decides (``kernels.draw.policies.decide_nb``, on its seat's
    stream, R13), acts (``kernels.draw.betting.act_nb``) and is recorded. Numba equivalent of the table's
    loop over a betting round (``sniper.games.draw.play.play_game``); each decision's stream from the player's agent
    key of the hand (``Hand.agent_keys``, ``kernels.poker52.game.start_decision_nb``). A first-round decision facing
    a bet is counted in ``Hand.hand_tally`` (numba equivalent of ``sniper.games.draw.reading.tendencies``)."""
    pl, s = h.pl, h.st[0]
    levels, params = inputs.agents.levels, inputs.agents.params
    t, lt = inputs.tables, inputs.level_tables
    p = actor_nb(h)
    while p >= 0:
        shared.start_decision_nb(h, p, h.agent_keys[p])
        q = pl[p]
        to = raise_to_nb(h, p)
        action = decide_nb(levels[q.seat], params[q.seat], h, p, to, h.stream, h.agent_keys[p], t, lt, scratch)
        if s.street == FIRST and s.raises > 0:  # facing a bet in the first round: the reads' count (Hand.tally)
            h.hand_tally[q.seat, 1] += 1
            if action == BET_RAISE:
                h.hand_tally[q.seat, 0] += 1
        if action == BET_RAISE:
            note_raise_nb(h, p)
        bet = q.bet
        amount = act_nb(h, action, to)
        shared.record_action_nb(log.rec, log.pos, q.seat, s.street, action, amount, bet + amount, s.pot)
        p = actor_nb(h)


@njit(cache=True, inline="always")
def draw_nb(h, inputs, scratch, log):
    """The draw (D5): every player still in, in turn from player 0, decides its discard (on its stream) and
    is recorded, then the replacements are dealt; each seat's draw side decides (``Agents.draw_levels``). Numba
    equivalent of the loop of ``sniper.games.draw.play.play_game`` over the draw. Each draw is counted in
    ``Hand.hand_tally`` (numba equivalent of ``sniper.games.draw.reading.tendencies``)."""
    pl, s = h.pl, h.st[0]
    levels, params = inputs.agents.draw_levels, inputs.agents.draw_params
    t, lt = inputs.tables, inputs.level_tables
    arec, pos = log
    s.street = DRAW
    for p in range(s.players):
        q = pl[p]
        if not q.active:
            continue
        seat = q.seat
        shared.start_decision_nb(h, p, h.agent_keys[p])
        action = decide_nb(
            levels[seat], params[seat], h, p, np.int64(NO_RAISE), h.stream, h.agent_keys[p], t, lt, scratch
        )
        discard_nb(h, p, action - DISCARD)
        h.hand_tally[seat, 3] += 1  # the reads' count of draws (Hand.tally)
        if q.drawn == TELLING_DRAW:
            h.hand_tally[seat, 2] += 1
        shared.record_action_nb(arec, pos, seat, DRAW, action, 0, q.bet, s.pot)
    deal_replacements_nb(h)


@njit(cache=True, inline="always")
def write_records_nb(h, stacks, button, hand, rec, row0):
    """Stacks after the hand into ``stacks`` (``int64 (n,)``, by seat) and the hand's ``n`` rows of ``rec`` from
    ``row0`` (``Field``; numba equivalent of ``sniper.games.draw.play.HandRecord.of``): the cards and draws here,
    the rest ``kernels.poker52.game.write_seats_nb``."""
    pl = h.pl
    for seat in range(stacks.shape[0]):
        r = row0 + seat
        for j in range(HAND_SIZE):
            rec[Field.HOLE_1 + j, r] = NO_CARD
        rec[Field.DRAWS, r] = -1
        for j in range(MAX_DISCARDS):
            rec[Field.DISCARD_1 + j, r] = NO_CARD
            rec[Field.DRAWN_1 + j, r] = NO_CARD
    for p in range(h.st[0].players):
        q = pl[p]
        r = row0 + q.seat
        for j in range(HAND_SIZE):
            rec[Field.HOLE_1 + j, r] = h.hole[p, j]
        rec[Field.DRAWS, r] = q.drawn
        for j in range(q.drawn if q.drawn > 0 else 0):
            rec[Field.DISCARD_1 + j, r] = h.discards[p, j]
            rec[Field.DRAWN_1 + j, r] = h.drawn[p, j]
    shared.write_seats_nb(h, stacks, button, hand, rec, row0, Field.SHOWDOWN)


@njit(cache=True, inline="always")
def play_dealt_nb(h, scratch, hand_key, inputs, log):
    """Play a dealt hand (``kernels.draw.betting.deal_nb``) to its settlement (D3–D8): the first round, the
    draw and the second round unless all but one folded, then the pots (``PLAYER.won``); its actions into
    ``log``, its reads' counts (first-round decisions facing a bet, draws, hands shown after a second-round bet) into
    ``Hand.hand_tally`` (zeroed first). Numba equivalent of a
    ``DrawHand`` driven by the table (``sniper.games.draw.play.play_game``)."""
    rules = inputs.rules
    h.hand_tally[:] = 0
    for p in range(h.st[0].players):
        h.agent_keys[p] = derive_nb(hand_key, STREAM_AGENT + h.pl[p].seat)
    folded = False
    for street in range(3):
        if street == DRAW:
            draw_nb(h, inputs, scratch, log)
            continue
        if begin_round_nb(h, street, rules.small_bet if street == FIRST else rules.big_bet):
            betting_nb(h, inputs, scratch, log)
        folded = end_round_nb(h)
        if folded:
            break
    if folded:
        fold_win_nb(h)
    else:
        settle_nb(h, inputs.tables)
        for p in range(h.st[0].players):  # the hands shown after a second-round bet: the reads' count (Hand.tally)
            q = h.pl[p]
            if q.active and q.second > 0:
                h.hand_tally[q.seat, 5] += 1
                if q.value // CATEGORY_UNIT < TELLING_SHOW:
                    h.hand_tally[q.seat, 4] += 1


@njit(cache=True, **NO_REFCOUNT)
def play_hand_nb(h, scratch, stacks, button, hand_key, inputs, rec, row0, hand, log, shuffle):
    """Play one hand (D1–D8) from the deal to its records: rows ``row0 .. row0 + n - 1`` of ``rec`` and its
    actions into ``log``. ``stacks`` (``int64 (n,)``, chips per seat) become the stacks after it; ``hand_key``
    is ``derive(derive(mix64(seed), game), hand)``; ``shuffle`` (``int64``) 1 deals the hand's deck from
    ``hand_key``, 0 the deck already in ``h.deck`` (``kernels.draw.betting.deal_nb``). Numba equivalent of
    one ``DrawHand`` driven by the table (``sniper.games.draw.play.play_game``)."""
    rules = inputs.rules
    deal_nb(h, stacks, button, hand_key, rules.ante, rules.cap, shuffle)
    shared.start_hand_log_nb(log, hand)
    play_dealt_nb(h, scratch, hand_key, inputs, log)
    write_records_nb(h, stacks, button, hand, rec, row0)


# ----- games (D1, D9) ----------------------------------------------------------------------------


@njit(cache=True, **NO_REFCOUNT)
def play_game_nb(game_key, inputs, cap_hands, rec, row0, log, stacks, h, scratch):
    """One game (numba equivalent of ``sniper.games.draw.play.play_game``; module docstring): rows from ``row0``,
    actions to ``log``; returns the hands played, or ``OVERFLOW`` past ``cap_hands``. ``stacks`` (``int64
    (n,)``), ``h`` (``kernels.draw.betting.Hand``) and ``scratch`` (``kernels.draw.strength.Scratch``) are the
    caller's, reset here; ``h.tally`` counts the game's earlier hands (``Hand.tally``, the levels' reads)."""
    n = inputs.rules.n_seats
    hand = np.int64(0)
    button = shared.start_game_nb(stacks, inputs.rules, cap_hands)
    h.tally[:] = 0
    while button >= 0:
        key = derive_nb(game_key, hand)
        play_hand_nb(h, scratch, stacks, button, key, inputs, rec, row0 + hand * n, hand, log, np.int64(1))
        add_hand_tally_nb(h.tally, h.hand_tally, n)
        hand += 1
        button = shared.next_hand_nb(stacks, button, hand, inputs.rules.hands_per_game, cap_hands)
    return shared.game_length_nb(button, hand)


@njit(cache=True)
def max_draw_samples_nb(agents):
    """The most sampled draws a decision of ``agents`` (``Agents``: betting and draw sides) takes, the size of its
    ``Scratch.orders``: numba equivalent of the largest ``samples`` of ``sniper.games.draw.draws.keep_orders`` the
    table calls."""
    most = 1
    for levels, params in ((agents.levels, agents.params), (agents.draw_levels, agents.draw_params)):
        for s in range(levels.shape[0]):
            if levels[s] == Level.NORMAL:
                most = max(most, np.int64(params[s, NormalParam.DRAW_SAMPLES]))
            elif levels[s] == Level.HARD:
                most = max(most, np.int64(params[s, HardParam.DRAW_SAMPLES]))
    return most


@njit(cache=True, nogil=True)
def play_games_nb(seed, games, start, stop, inputs, cap_hands, rec, hands_out, cap_actions, arec, actions_out):
    """Play the games ``games[start:stop]`` (``games``: ``int64 (G,)``) of run ``seed`` (``uint64``): numba
    equivalent of ``sniper.games.draw.play.play_game`` for each.

    ``inputs`` is a ``GameInputs``. Writes their rows of ``rec`` (``int16 (N_FIELDS, G * cap_hands * n)``),
    entries of ``hands_out`` (``int64 (G,)``), rows of ``arec`` (``int16 (N_ACTION_FIELDS, G * cap_actions)``)
    and entries of ``actions_out`` (``int64 (G,)``) as in the module docstring. Releases the GIL; every game
    depends only on (seed, game), so results do not depend on how the games are split.
    """
    seed_key = mix64_nb(seed)
    n = inputs.rules.n_seats
    stacks = np.empty(n, np.int64)
    log = shared.new_action_log_nb(arec)
    h = new_hand_nb()
    scratch = new_scratch_nb(max_draw_samples_nb(inputs.agents))
    for g in range(start, stop):
        shared.start_game_log_nb(log, g, cap_actions)
        hands_out[g] = play_game_nb(
            derive_nb(seed_key, games[g]), inputs, cap_hands, rec, g * cap_hands * n, log, stacks, h, scratch
        )
        actions_out[g] = shared.game_actions_nb(log, g, cap_actions)


@njit(cache=True, parallel=True)
def play_games_par_nb(seed, games, inputs, cap_hands, rec, hands_out, cap_actions, arec, actions_out, n_blocks):
    """``play_games_nb`` over all of ``games``, split into ``n_blocks`` ranges run in parallel (``prange``;
    numba's threading layer, ``numba.set_num_threads``): the same outputs as one ``play_games_nb`` over every
    game, the numba equivalent of ``sniper.games.draw.play.play_game`` for each. (A ``prange`` body takes only
    arrays and scalars, so ``inputs`` is taken apart before the loop and put together again in it.)"""
    n_games = games.shape[0]
    r, a, t, lt = inputs
    n_seats, stack, ante, small, big, cap, limit, button = r
    levels, params, draw_levels, draw_params = a
    card_key, low_base, high_index, rank_value, flush_value, rank_order52, flush_order52, order_value = t
    five_slot, five_order, flush_order, powers, keep_cards, keep_start, keep_count, max_tries, share_units = lt
    for b in prange(n_blocks):
        again = GameInputs(
            GameRules(n_seats, stack, ante, small, big, cap, limit, button),
            Agents(levels, params, draw_levels, draw_params),
            Tables(card_key, low_base, high_index, rank_value, flush_value, rank_order52, flush_order52, order_value),
            LevelTables(
                five_slot, five_order, flush_order, powers, keep_cards, keep_start, keep_count, max_tries, share_units
            ),
        )
        start = b * n_games // n_blocks
        stop = (b + 1) * n_games // n_blocks
        play_games_nb(seed, games, start, stop, again, cap_hands, rec, hands_out, cap_actions, arec, actions_out)
