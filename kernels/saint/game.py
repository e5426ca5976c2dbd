"""The Saint Poker game kernel: whole games in numba, round for round as the reference.

Numba equivalent of ``sniper.games.saint.play.play_game`` (a ``sniper.games.saint.table.SaintTable`` driven to its
end, S1–S9) with the levels of ``sniper.games.saint.levels`` (``kernels.saint.levels``). Random streams as the
table's: the deck is ``hand_key(seed, game, 0, STREAM_DECK)``'s shuffle (``kernels.poker52.deck``, one deck a
game, S2); the ``d``-th decision of seat ``s`` in round ``r`` (from 0: its pick, its pair, its two take-backs)
draws from ``derive(hand_key(seed, game, r, STREAM_AGENT + s), d)``; step 3's order among tied hands from
``hand_key(seed, game, r, STREAM_ORDER)`` (``tie_order_nb``).

A game (``play_game_nb``): the deal (S2, ``deal_nb``); each round: the future river becomes the current river and
a new one is dealt (S3, none in round 8); every seat picks a card, all decided before any is revealed (S3, S9);
every seat picks two cards, likewise (S4); the score (S5, ``score_nb``); except in round 8, step 3's order
(``tie_order_nb``) and the take-backs in that order, twice round (S6).

Output (``play_games_nb``): ``seat_out``, ``int32 (G, ROUNDS, seats, len(SeatField))``, and ``round_out``,
``int32 (G, ROUNDS, len(RoundField))`` (``kernels.saint.codes``), game ``g`` of ``games`` in row ``g``.

Kernels do no validation: ``sniper.games.saint.kernel_engine`` validates and calls them.
"""

import numpy as np

from kernels import NO_REFCOUNT
from kernels.eval52 import value7_nb, value_nb
from kernels.jit import njit
from kernels.poker52.deck import shuffle_into_nb
from kernels.rng import derive_nb, hand_key_nb, mix64_nb, uniform_int_nb
from kernels.saint.codes import HAND_SIZE, NO_CARD, PICK_TWO, RIVER_SIZE, ROUNDS, STREAM_ORDER, RoundField, SeatField
from kernels.saint.hands import bit_nb
from kernels.saint.levels import pair_nb, pick_nb, take_nb
from kernels.saint.state import Count, new_scratch_nb, new_table_nb
from kernels.streams import STREAM_AGENT, STREAM_DECK


@njit(cache=True, **NO_REFCOUNT)
def deal_nb(seed, game, n, tb):
    """S2: the game's deck, ten cards to each seat (seat 0's first), then the future river; round 0 not started.
    Numba equivalent of ``SaintTable._deal``."""
    shuffle_into_nb(hand_key_nb(seed, game, 0, STREAM_DECK), 52, tb.deck)
    for s in range(n):
        mask = np.uint64(0)
        for i in range(HAND_SIZE):
            mask |= bit_nb(tb.deck[s * HAND_SIZE + i])
        tb.hands[s] = mask
        tb.known[s] = np.uint64(0)
    f = RIVER_SIZE - n
    for i in range(f):
        tb.future[i] = tb.deck[n * HAND_SIZE + i]
    tb.n_future[0] = f
    tb.seen[0] = np.uint64(0)
    tb.seen[1] = np.uint64(0)
    tb.counts[Count.SEATS] = n
    tb.counts[Count.NUMBER] = 0
    tb.counts[Count.FUTURE] = f
    tb.counts[Count.DECK] = n * HAND_SIZE + f


@njit(cache=True, **NO_REFCOUNT)
def start_round_nb(tb, round_rec):
    """S3: the future river becomes the current river, a new one is dealt (none in round 8); both are seen.
    Writes the new future river into ``round_rec`` (``RoundField``)."""
    number = tb.counts[Count.NUMBER] + 1
    tb.counts[Count.NUMBER] = number
    f = tb.counts[Count.FUTURE]
    for i in range(f):
        tb.river[i] = tb.future[i]
        tb.seen[0] |= bit_nb(tb.future[i])
    n_new = f if number < ROUNDS else 0
    position = tb.counts[Count.DECK]
    for i in range(n_new):
        tb.future[i] = tb.deck[position + i]
        tb.seen[0] |= bit_nb(tb.future[i])
    tb.counts[Count.DECK] = position + n_new
    tb.n_future[0] = n_new
    for i in range(RoundField.FUTURE_3 - RoundField.FUTURE_1 + 1):
        round_rec[RoundField.FUTURE_1 + i] = tb.future[i] if i < n_new else NO_CARD


@njit(cache=True, **NO_REFCOUNT)
def reveal_nb(tb, seat, card):
    """A card of ``seat`` revealed: out of its hand and of the cards it is known to hold, seen by all."""
    bit = bit_nb(card)
    tb.hands[seat] &= ~bit
    tb.known[seat] &= ~bit
    tb.seen[0] |= bit


@njit(cache=True, **NO_REFCOUNT)
def score_nb(number, values, n, points):
    """S5: ``points[:n]`` of round ``number`` with hand values ``values[:n]``: the best scores ``number``, players
    tied for it ``ceil(number / tied)`` each (numba equivalent of ``sniper.games.saint.table.score_round``)."""
    best, tied = values[0], 0
    for s in range(n):
        best = max(best, values[s])
    for s in range(n):
        tied += values[s] == best
    for s in range(n):
        points[s] = -(-number // tied) if values[s] == best else 0


@njit(cache=True, **NO_REFCOUNT)
def tie_order_nb(values, n, key, order):
    """S6: step 3's order into ``order[:n]``, the seats by hand value, worst first, tied seats in the order of a
    Fisher–Yates shuffle from ``key`` (draw ``i`` from ``n - 1`` down to 1 picks ``uniform_int(derive(key, i), i +
    1)``) kept by a stable sort (numba equivalent of ``sniper.games.saint.table.tie_order``)."""
    for s in range(n):
        order[s] = s
    for i in range(n - 1, 0, -1):
        j = np.int64(uniform_int_nb(derive_nb(key, i), i + 1))
        order[i], order[j] = order[j], order[i]
    for i in range(1, n):  # insertion sort: stable
        s = order[i]
        k = i
        while k > 0 and values[order[k - 1]] > values[s]:
            order[k] = order[k - 1]
            k -= 1
        order[k] = s


@njit(cache=True, **NO_REFCOUNT)
def play_game_nb(seed, game, n, levels, params, t, tb, sc, seat_rec, round_rec):
    """Play game ``game`` of run ``seed`` at ``n`` seats, seat ``s`` playing level ``levels[s]`` with parameters
    ``params[s]`` (``float64 (n, N_PARAMS)``); the rounds into ``seat_rec`` (``int32 (ROUNDS, n, len(SeatField))``)
    and ``round_rec`` (``int32 (ROUNDS, len(RoundField))``). ``t``: ``kernels.eval52.tables()``; ``tb``, ``sc``:
    a ``Table`` and a ``Scratch`` (``kernels.saint.state``)."""
    deal_nb(seed, game, n, tb)
    game_key = derive_nb(mix64_nb(seed), game)
    keys, picks, pairs, values, points, order = sc.keys, sc.picks, sc.pairs, sc.hand_values, sc.points, sc.order
    scores = sc.scores
    scores[:] = 0
    for r in range(ROUNDS):
        rec = seat_rec[r]
        start_round_nb(tb, round_rec[r])
        number = r + 1
        round_key = derive_nb(game_key, r)  # hand_key(seed, game, r, stream) = derive(round_key, stream)
        for s in range(n):
            keys[s] = derive_nb(round_key, STREAM_AGENT + s)
        for s in range(n):  # S3, S9: every pick decided before any is revealed
            picks[s] = pick_nb(levels[s], params[s], s, tb, derive_nb(keys[s], 0), sc)
        carried = tb.counts[Count.FUTURE]
        for s in range(n):
            reveal_nb(tb, s, picks[s])
            tb.river[carried + s] = picks[s]
        for s in range(n):  # S4, S9
            pairs[s, 0], pairs[s, 1] = pair_nb(levels[s], params[s], s, tb, derive_nb(keys[s], 1), t, sc)
        rv = tb.river
        alone = value_nb(rv, t)
        for s in range(n):
            reveal_nb(tb, s, pairs[s, 0])
            reveal_nb(tb, s, pairs[s, 1])
            values[s] = value7_nb(rv[0], rv[1], rv[2], rv[3], rv[4], pairs[s, 0], pairs[s, 1], t)
        score_nb(number, values, n, points)
        for i in range(RIVER_SIZE):
            round_rec[r, RoundField.RIVER_1 + i] = rv[i]
        for s in range(n):
            scores[s] += points[s]
            rec[s, SeatField.PICK] = picks[s]
            rec[s, SeatField.PAIR_1] = pairs[s, 0]
            rec[s, SeatField.PAIR_2] = pairs[s, 1]
            rec[s, SeatField.VALUE] = values[s]
            rec[s, SeatField.RIVER_ONLY] = values[s] == alone
            rec[s, SeatField.POINTS] = points[s]
            rec[s, SeatField.SCORE] = scores[s]
            rec[s, SeatField.TAKE_TURN] = NO_CARD
            rec[s, SeatField.TAKE_1] = NO_CARD
            rec[s, SeatField.TAKE_2] = NO_CARD
        if number == ROUNDS:  # S6: no step 3 in round 8
            break
        tie_order_nb(values, n, derive_nb(round_key, STREAM_ORDER), order)
        pool = np.uint64(0)
        for i in range(RIVER_SIZE):
            pool |= bit_nb(rv[i])
        for s in range(n):
            pool |= bit_nb(pairs[s, 0]) | bit_nb(pairs[s, 1])
        tb.seen[1] = pool
        for turn in range(PICK_TWO * n):
            s = order[turn % n]
            lap = turn // n
            card = take_nb(levels[s], params[s], s, tb, derive_nb(keys[s], 2 + lap), sc)
            bit = bit_nb(card)
            tb.seen[1] &= ~bit
            tb.hands[s] |= bit
            tb.known[s] |= bit
            rec[s, SeatField.TAKE_TURN] = turn % n
            rec[s, SeatField.TAKE_1 + lap] = card
        tb.seen[1] = np.uint64(0)


@njit(cache=True, nogil=True)
def play_games_nb(seed, games, start, stop, n, levels, params, t, seat_out, round_out):
    """Play ``games[start:stop]`` (``int64``) of run ``seed`` (``uint64``) at ``n`` seats (``play_game_nb``), game
    ``games[g]`` into ``seat_out[g]`` and ``round_out[g]`` (module docstring). Releases the GIL: blocks of games
    may run on threads at once."""
    tb = new_table_nb()
    sc = new_scratch_nb()
    for g in range(start, stop):
        play_game_nb(seed, games[g], n, levels, params, t, tb, sc, seat_out[g], round_out[g])
