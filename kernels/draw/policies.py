"""The five-card draw AI levels in numba: numba equivalents of ``sniper.games.draw.agents.RandomAgent``,
``EasyAgent`` and ``sniper.games.draw.levels.NormalAgent``, ``HardAgent`` (D10, D11).

The Python levels are the readable reference; every function here names the one it copies and draws the
decision's random words (``stream``, ``uint64 (2,)``, ``kernels.rng``) in the order it does, with the same
floating-point operations in the same order. A decision of player ``p`` reads only what its
``DrawObservation`` holds (D10): its own cards ``h.cards[p]`` and discards ``h.discards[p]``, and the public
state in ``h.pl`` and ``h.st`` (stacks, bets, the pot, who is still in, positions, how many cards each
drew, the betting so far as ``PLAYER.first``/``second``); never another player's cards, the deck or
another player's discards, which are in ``h`` but not read. ``raise_to`` is the observation's ``raise_to``
(``kernels.draw.betting.raise_to_nb``; ``NO_RAISE`` for ``None``): ``BET_RAISE`` is legal when it is not
``NO_RAISE``. The decisions allocate nothing
(``kernels.NO_REFCOUNT``): their working arrays are a ``kernels.draw.strength.Scratch``.
"""

import numpy as np

from kernels import NO_REFCOUNT
from kernels.draw.betting import NO_RAISE
from kernels.draw.codes import (
    BET_RAISE,
    CHECK_CALL,
    DISCARD,
    DRAW,
    FIRST,
    FOLD,
    N_KEEPS,
    NO_DRAW,
    OWN_DRAWS,
    SECOND,
    Level,
)
from kernels.draw.params import SETTLE_BLOCK, SETTLE_FIRST, EasyParam, HardParam, NormalParam
from kernels.draw.ranges import category_nb, looseness_of_nb, showdown_share_nb, showdown_units_nb
from kernels.draw.strength import MASKS, five_order_nb, keep_orders_nb, unseen_nb
from kernels.draw_equity import chart_mask_nb
from kernels.jit import njit
from kernels.poker52.betting import to_call_nb
from kernels.poker52.reads import toward_nb
from kernels.poker52.settle import settled_nb
from kernels.rng import derive_nb, stream_integer_nb, stream_random_nb, stream_word_nb

N_FLAT = DISCARD + (1 << 5)
"""Flat actions of a decision, 0 .. ``DISCARD + 31`` (``sniper.games.draw.engine``): the length of a policy row
(``policy_nb``)."""

# ----- what every level reads of an observation (levels.py's helpers) ---------------------------


@njit(cache=True, inline="always")
def position_nb(h, p):
    """Numba equivalent of ``sniper.games.draw.reading.position``: ``p / (m - 1)``, 0 first to act to 1 the
    button (the players dealt in are the seats at the table, in betting order)."""
    m = h.st[0].players
    return p / (m - 1) if m > 1 else 1.0


@njit(cache=True, inline="always")
def price_nb(h, p):
    """Numba equivalent of ``sniper.games.draw.reading.price``: ``to_call / (pot + bets + to_call)``, 0 when
    nothing is owed (``st.pot`` already holds this round's bets)."""
    to_call = to_call_nb(h, p)
    return to_call / (h.st[0].pot + to_call) if to_call > 0 else 0.0


@njit(cache=True, inline="always")
def draw_ahead_nb(h, p):
    """Numba equivalent of ``sniper.games.draw.reading.draw_ahead``: the seat's own draw is still to come."""
    s = h.st[0].street
    return (s == FIRST or s == DRAW) and h.pl[p].drawn == NO_DRAW


@njit(cache=True, inline="always")
def betting_nb(h, p, can_raise, value_bet, value_raise, call):
    """Numba equivalent of ``sniper.games.draw.reading.betting``: checked to, bet when ``value_bet``; facing a
    bet, raise when ``value_raise`` (and legal), else call when ``call``, else fold."""
    if to_call_nb(h, p) == 0:
        return np.int64(BET_RAISE) if value_bet and can_raise else np.int64(CHECK_CALL)
    if value_raise and can_raise:
        return np.int64(BET_RAISE)
    return np.int64(CHECK_CALL) if call else np.int64(FOLD)


@njit(cache=True, inline="always")
def first_best_nb(values):
    """Numba equivalent of ``sniper.games.draw.levels.first_best``: the index of the first largest of
    ``values`` (one per keep)."""
    best = 0
    for q in range(1, N_KEEPS):
        if values[q] > values[best]:
            best = q
    return best


@njit(cache=True, inline="always")
def own_unseen_nb(h, p, scr):
    """The cards player ``p`` has not seen into ``scr.unseen`` (its own cards and discards are out); returns
    how many. Numba equivalent of ``sniper.games.draw.reading.unseen_cards``."""
    d = h.pl[p].drawn
    return unseen_nb(h.cards[p], h.discards[p], d if d > 0 else 0, scr.unseen)


# ----- the levels --------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def random_nb(h, p, can_raise, stream):
    """Numba equivalent of ``sniper.games.draw.agents.RandomAgent.act``: ``legal[stream.integer(len(legal))]``,
    the legal actions being fold (when owing chips), check/call and bet/raise (when legal), or the 26
    discard masks at the draw. One draw."""
    if h.st[0].street == DRAW:
        return np.int64(DISCARD + MASKS[stream_integer_nb(stream, N_KEEPS)])
    can_fold = to_call_nb(h, p) > 0
    kinds = 1 + (1 if can_fold else 0) + (1 if can_raise else 0)
    kind = stream_integer_nb(stream, kinds) + (0 if can_fold else 1)
    return np.int64(kind)


@njit(cache=True, inline="always")
def easy_nb(h, p, can_raise, params, stream, t):
    """Numba equivalent of ``sniper.games.draw.agents.EasyAgent.act``: bets a pair or better, rarely bluffs
    (one draw when betting: ``stream.random() < bluff``), draws by the chart (``draw_chart``, no draw)."""
    if h.st[0].street == DRAW:
        return np.int64(DISCARD + chart_mask_nb(h.cards[p], t))
    return easy_bet_nb(h, p, can_raise, params, stream_random_nb(stream) < params[EasyParam.BLUFF], t)


@njit(cache=True, inline="always")
def easy_bet_nb(h, p, can_raise, params, bluffing, t):
    """Numba equivalent of ``sniper.games.draw.agents.EasyAgent.decide``: the betting action given the bluff
    draw's outcome ``bluffing``."""
    strength = category_nb(h.cards[p], t)
    made = strength >= params[EasyParam.BET_CATEGORY] or bluffing
    if to_call_nb(h, p) == 0:
        return np.int64(BET_RAISE) if made and can_raise else np.int64(CHECK_CALL)
    if strength >= params[EasyParam.RAISE_CATEGORY] and can_raise:
        return np.int64(BET_RAISE)
    return np.int64(CHECK_CALL) if made else np.int64(FOLD)


@njit(cache=True, inline="always")
def reads_nb(params, first):
    """A level's ``(read_rate, read_weight, read_noise, read_draw_rate, read_draw_noise, read_show_rate,
    read_show_noise)``, the ``reads`` of
    ``ranges.looseness_of_nb``, from index ``first`` (its ``READ_RATE``) of ``params``: numba equivalent of the
    fields ``sniper.games.draw.reads.Reads.looseness`` reads (``parameters.READS``, in that order)."""
    return (
        params[first],
        params[first + 1],
        params[first + 2],
        params[first + 3],
        params[first + 4],
        params[first + 5],
        params[first + 6],
    )


@njit(cache=True, inline="always")
def normal_rows_nb(h, p, params, power):
    """``normal_worth_nb``'s rows of ``lt.powers`` (``int64``) and fraction: ``floor(n)``, ``floor(n) + 1`` (the
    first again when ``n`` is whole) and ``n``'s fraction, ``n`` the sum over the live opponents (clockwise from
    ``p``'s left) of ``power`` moved toward 1 by each one's looseness (``ranges.looseness_of_nb``), ``power`` with
    none: numba equivalent of the ``n`` of ``sniper.games.draw.levels.NormalAgent.worth``."""
    m = h.st[0].players
    n = 0.0
    for step in range(1, m):
        i = (p + step) % m
        if h.pl[i].active:
            n += toward_nb(power, 1.0, looseness_of_nb(h, i, reads_nb(params, NormalParam.READ_RATE)))
    n = n if n > 0.0 else power
    low = np.int64(n)
    fraction = n - low
    return low, low + 1 if fraction > 0.0 else low, fraction


@njit(cache=True, inline="always")
def normal_worth_nb(h, p, params, power, lt):
    """Numba equivalent of ``sniper.games.draw.levels.NormalAgent.worth``: the rows of ``lt.powers`` for
    ``floor(n)`` and ``floor(n) + 1`` (the first again when ``n`` is whole) and ``n``'s fraction
    (``normal_rows_nb``)."""
    low, high, fraction = normal_rows_nb(h, p, params, power)
    return lt.powers[low], lt.powers[high], fraction


@njit(cache=True, **NO_REFCOUNT)
def normal_plan_nb(h, p, params, key, t, lt, scr):
    """Numba equivalent of ``sniper.games.draw.levels.NormalAgent.plan``: the keep (an index of
    ``strength.MASKS``) with the largest mean worth at ``draw_power`` per opponent (``normal_worth_nb``) over the
    sampled draws keyed by ``key`` (``strength.keep_orders_nb`` into player ``p``'s ``scr.orders``), and its mean
    worth at ``bet_power``.

    Memoized per player in ``scr.plan`` and ``scr.plan_held``: the same result (the same floats) while the
    orders are the same (``scr.held[p]`` equal to the memo's) and so are the worths' rows and fractions
    (``normal_rows_nb``); a seat's decisions of one hand share their orders (``draws.own_draws_key``)."""
    samples = np.int64(params[NormalParam.DRAW_SAMPLES])
    m = own_unseen_nb(h, p, scr)
    orders = scr.orders
    keep_orders_nb(h.cards[p], scr.unseen, m, key, samples, t, lt, scr, p)
    draw_low, draw_high, draw_fraction = normal_rows_nb(h, p, params, params[NormalParam.DRAW_POWER])
    bet_low, bet_high, bet_fraction = normal_rows_nb(h, p, params, params[NormalParam.BET_POWER])
    held, plan, plan_held = scr.held, scr.plan, scr.plan_held
    if (
        held[p, 3] != 0
        and plan_held[p, 0] == held[p, 0]
        and plan_held[p, 1] == held[p, 1]
        and plan_held[p, 2] == held[p, 2]
        and plan_held[p, 3] == held[p, 3]
        and plan[p, 0] == draw_low
        and plan[p, 1] == draw_high
        and plan[p, 2] == draw_fraction
        and plan[p, 3] == bet_low
        and plan[p, 4] == bet_high
        and plan[p, 5] == bet_fraction
    ):
        return np.int64(plan[p, 6]), plan[p, 7]
    totals = scr.totals
    for q in range(N_KEEPS):
        totals[q] = 0.0
    if draw_fraction == 0.0:  # one row: toward_nb(w, w, 0.0) is w, bit for bit (the powers are >= 0)
        plan_sums_nb(orders[p], samples, lt.powers[draw_low], totals)
    else:
        low, high = lt.powers[draw_low], lt.powers[draw_high]
        for j in range(samples):
            for q in range(N_KEEPS):
                o = orders[p, j, q]
                totals[q] += toward_nb(low[o], high[o], draw_fraction)
    best = first_best_nb(totals)
    low, high = lt.powers[bet_low], lt.powers[bet_high]
    e = 0.0
    for j in range(samples):
        o = orders[p, j, best]
        e += toward_nb(low[o], high[o], bet_fraction)
    e /= samples
    plan[p, 0], plan[p, 1], plan[p, 2], plan[p, 3] = draw_low, draw_high, draw_fraction, bet_low
    plan[p, 4], plan[p, 5], plan[p, 6], plan[p, 7] = bet_high, bet_fraction, best, e
    for i in range(4):
        plan_held[p, i] = held[p, i]
    return best, e


@njit(cache=True, inline="always")
def plan_sums_nb(orders, samples, row, totals):
    """Add ``row[orders[j, q]]`` over the samples ``j < samples`` to ``totals[q]`` (``float64 (26,)``), in the
    order of ``j``: numba equivalent of the sums of ``sniper.games.draw.levels.NormalAgent.plan`` when the worth's
    fraction is 0 (``normal_plan_nb``; ``toward_nb(w, w, 0.0)`` is ``w``)."""
    for j in range(samples):
        for q in range(N_KEEPS):
            totals[q] += row[orders[j, q]]


@njit(cache=True, **NO_REFCOUNT)
def normal_nb(h, p, can_raise, params, stream, parent, t, lt, scr):
    """Numba equivalent of ``sniper.games.draw.levels.NormalAgent.act``: hand, position, opponents, drawing
    odds, pot odds. One draw (``stream.word()``, unused); the sampling key is the seat's own draws' key of the
    hand, ``derive(parent, OWN_DRAWS)`` (``sniper.games.draw.draws.own_draws_key``; ``parent``: the stream's)."""
    stream_word_nb(stream)
    return normal_decide_nb(h, p, can_raise, params, derive_nb(parent, OWN_DRAWS), t, lt, scr)


@njit(cache=True, **NO_REFCOUNT)
def normal_decide_nb(h, p, can_raise, params, key, t, lt, scr):
    """Numba equivalent of ``sniper.games.draw.levels.NormalAgent.decide``: the flat action given the sampling
    ``key``."""
    if h.st[0].street == DRAW:
        return np.int64(DISCARD + MASKS[normal_plan_nb(h, p, params, key, t, lt, scr)[0]])
    if draw_ahead_nb(h, p):
        e = normal_plan_nb(h, p, params, key, t, lt, scr)[1]
    else:
        low, high, fraction = normal_worth_nb(h, p, params, params[NormalParam.BET_POWER], lt)
        o = five_order_nb(h.cards[p], t, lt)
        e = toward_nb(low[o], high[o], fraction)
    shift = params[NormalParam.POSITION] * position_nb(h, p)
    return betting_nb(
        h,
        p,
        can_raise,
        e >= params[NormalParam.BET_EQUITY] - shift,
        e >= params[NormalParam.RAISE_EQUITY] - shift,
        e >= price_nb(h, p) * params[NormalParam.CALL_MARGIN],
    )


@njit(cache=True, inline="always")
def hard_read_nb(params):
    """``hard``'s ``params_read`` of ``ranges.showdown_units_nb`` (``read_bluff``, ``read_pair``, ``read_loose``,
    ``read_snow``, ``read_bet``, ``read_raise``, then ``reads_nb``'s seven): numba equivalent of the fields
    ``sniper.games.draw.levels.opponent_final`` and ``Reads.looseness`` read."""
    return (
        params[HardParam.READ_BLUFF],
        params[HardParam.READ_PAIR],
        params[HardParam.READ_LOOSE],
        params[HardParam.READ_SNOW],
        params[HardParam.READ_BET],
        params[HardParam.READ_RAISE],
    ) + reads_nb(params, HardParam.READ_RATE)


@njit(cache=True, inline="always")
def next_stop_nb(done, samples, settle, street, ahead):
    """Numba equivalent of ``sniper.games.draw.levels.next_stop``: where ``hard``'s opponent deals stop next,
    ``done`` of ``samples`` dealt (``int64``)."""
    if settle <= 0 or street == DRAW:
        return samples
    if ahead:
        return min(samples, max(np.int64(SETTLE_FIRST), 2 * done))
    return min(samples, done + np.int64(SETTLE_BLOCK))


@njit(cache=True, **NO_REFCOUNT)
def hard_equity_nb(h, p, params, key, draw_key, thresholds, n_thresholds, t, lt, scr):
    """Numba equivalent of ``sniper.games.draw.levels.HardAgent.equities`` followed by ``first_best``: the
    best keep (an index of ``strength.MASKS``; 0 after its draw) and its equity, the expected pot share
    against the sampled opponents (``ranges.showdown_units_nb``, keyed by ``key``) over its own sampled
    draws (keyed by ``draw_key``, ``strength.keep_orders_nb`` into player ``p``'s ``scr.orders``) while its draw
    is ahead, else of its five cards (only its order's units,
    ``ranges.showdown_share_nb``: the same integer as ``showdown_units_nb``'s, its samples stopped at the first
    opponent above it). Adaptive sampling (``HardParam.SETTLE > 0``): the deals run in blocks (``next_stop_nb``)
    and stop once the equity is settled (``kernels.poker52.settle.settled_nb``) against
    ``thresholds[:n_thresholds]`` (``float64``, ``hard_thresholds_nb``); the units add up in integers block by
    block, as the reference's."""
    samples = np.int64(params[HardParam.SAMPLES])
    z = params[HardParam.SETTLE]
    street = h.st[0].street
    read = hard_read_nb(params)
    m = own_unseen_nb(h, p, scr)
    done = np.int64(0)
    if not draw_ahead_nb(h, p):  # one order's units: no table (ranges.showdown_share_nb)
        own = five_order_nb(h.cards[p], t, lt)
        total = np.int64(0)
        e = 0.0
        while done < samples:
            stop = next_stop_nb(done, samples, z, street, False)
            total += showdown_share_nb(h, p, scr.unseen, m, key, done, stop, read, own, t, lt, scr)
            done = stop
            e = total / (lt.share_units * done)
            if z > 0 and settled_nb(e, done, 1.0, thresholds, n_thresholds, z):
                break
        return 0, e
    units = scr.units
    draw_samples = np.int64(params[HardParam.DRAW_SAMPLES])
    orders = scr.orders
    keep_orders_nb(h.cards[p], scr.unseen, m, draw_key, draw_samples, t, lt, scr, p)
    totals, shares = scr.units_total, scr.totals
    for q in range(N_KEEPS):
        totals[q] = 0
    best = 0
    while done < samples:
        stop = next_stop_nb(done, samples, z, street, True)
        showdown_units_nb(h, p, scr.unseen, m, key, done, stop, read, t, lt, scr)
        for q in range(N_KEEPS):  # integers: any order of the sums is exact; one keep at a time, in a register
            total = totals[q]
            for j in range(draw_samples):
                total += units[orders[p, j, q]]
            totals[q] = total
        done = stop
        whole = lt.share_units * done * draw_samples
        for q in range(N_KEEPS):
            shares[q] = totals[q] / whole
        best = first_best_nb(shares)
        if z > 0 and settled_nb(shares[best], done, 1.0, thresholds, n_thresholds, z):
            break
    return best, shares[best]


@njit(cache=True, **NO_REFCOUNT)
def hard_nb(h, p, can_raise, params, stream, parent, t, lt, scr):
    """Numba equivalent of ``sniper.games.draw.levels.HardAgent.act``: opponent ranges read from their bets and
    draws, Monte Carlo equity, a controlled bluff and snow. Three draws at every decision: word 0
    ``stream.random()`` (the bluff or snow draw), word 1 the key of the opponents' deals, word 2 unused; its own
    draws keyed by the seat's own draws' key of the hand, ``derive(parent, OWN_DRAWS)``
    (``sniper.games.draw.draws.own_draws_key``; ``parent``: the stream's)."""
    chance = stream_random_nb(stream)
    key = stream_word_nb(stream)
    stream_word_nb(stream)
    n_thresholds = hard_thresholds_nb(h, p, can_raise, params, scr.thresholds)
    best, e = hard_equity_nb(h, p, params, key, derive_nb(parent, OWN_DRAWS), scr.thresholds, n_thresholds, t, lt, scr)
    return hard_decide_nb(h, p, can_raise, params, best, e, chance < hard_threshold_nb(h, params), t)


@njit(cache=True, inline="always")
def hard_thresholds_nb(h, p, can_raise, params, out):
    """Numba equivalent of ``sniper.games.draw.levels.HardAgent.thresholds`` into ``out`` (``float64 (>= 2,)``),
    the same float operations; returns how many (none with ``HardParam.SETTLE`` 0, when they go unused)."""
    s = h.st[0]
    if s.street == DRAW or params[HardParam.SETTLE] <= 0:
        return 0
    scale = 1.0 - params[HardParam.POSITION] * position_nb(h, p)
    loose = hard_loose_nb(h, p, params)
    bet_target, raise_target, margin_target = hard_targets_nb(h, params)
    k = 0
    if to_call_nb(h, p) == 0:
        if can_raise:
            out[0] = toward_nb(params[HardParam.BET_RATIO], bet_target, loose) * scale / s.n_active
            k = 1
        return k
    if can_raise:
        out[0] = toward_nb(params[HardParam.RAISE_RATIO], raise_target, loose) * scale / s.n_active
        k = 1
    out[k] = price_nb(h, p) * toward_nb(params[HardParam.CALL_MARGIN], margin_target, loose)
    return k + 1


@njit(cache=True, inline="always")
def hard_threshold_nb(h, params):
    """Numba equivalent of ``sniper.games.draw.levels.HardAgent.chance_threshold``: ``snow`` at the draw, else
    ``bluff``."""
    return params[HardParam.SNOW] if h.st[0].street == DRAW else params[HardParam.BLUFF]


@njit(cache=True, inline="always")
def hard_loose_nb(h, p, params):
    """Numba equivalent of ``sniper.games.draw.levels.HardAgent.opponents_loose``: the live opponents' mean
    looseness (``ranges.looseness_of_nb`` of each one's ``Hand.tally``, summed clockwise from ``p``'s left, then
    divided, to the power ``loose_power``, ``heads_up_power`` in a hand dealt to two players; 0 with none)."""
    m = h.st[0].players
    total = 0.0
    n = 0
    for step in range(1, m):
        i = (p + step) % m
        if h.pl[i].active:
            total += looseness_of_nb(h, i, reads_nb(params, HardParam.READ_RATE))
            n += 1
    power = params[HardParam.HEADS_UP_POWER] if m == 2 else params[HardParam.LOOSE_POWER]
    return (total / n if n > 0 else 0.0) ** power


@njit(cache=True, inline="always")
def hard_targets_nb(h, params):
    """Numba equivalent of ``sniper.games.draw.levels.HardAgent.loose_targets``: ``(loose_bet_ratio,
    loose_raise_ratio, loose_call_margin)`` in a hand dealt to at least ``loose_players`` players
    (``h.st[0].players``), else ``(bet_ratio, raise_ratio, 1.0)``."""
    if h.st[0].players >= int(params[HardParam.LOOSE_PLAYERS]):
        return (
            params[HardParam.LOOSE_BET_RATIO],
            params[HardParam.LOOSE_RAISE_RATIO],
            params[HardParam.LOOSE_CALL_MARGIN],
        )
    return params[HardParam.BET_RATIO], params[HardParam.RAISE_RATIO], 1.0


@njit(cache=True)
def hard_decide_nb(h, p, can_raise, params, best, e, below, t):
    """Numba equivalent of ``sniper.games.draw.levels.HardAgent.decide``: the flat action given the best keep
    (an index of ``strength.MASKS``), its equity ``e`` and whether word 0's draw fell below
    ``hard_threshold_nb``."""
    nothing = category_nb(h.cards[p], t) == 0
    s = h.st[0]
    if s.street == DRAW:
        if nothing and below:
            return np.int64(DISCARD)
        return np.int64(DISCARD + MASKS[best])
    ratio = e * s.n_active
    scale = 1.0 - params[HardParam.POSITION] * position_nb(h, p)
    snowing = s.street == SECOND and nothing and h.pl[p].drawn == 0
    loose = hard_loose_nb(h, p, params)
    bet_target, raise_target, margin_target = hard_targets_nb(h, params)
    return betting_nb(
        h,
        p,
        can_raise,
        ratio >= toward_nb(params[HardParam.BET_RATIO], bet_target, loose) * scale or below or snowing,
        ratio >= toward_nb(params[HardParam.RAISE_RATIO], raise_target, loose) * scale,
        e >= price_nb(h, p) * toward_nb(params[HardParam.CALL_MARGIN], margin_target, loose),
    )


@njit(cache=True, inline="always")
def baseline_nb(h, p, can_raise, call):
    """Numba equivalent of ``sniper.games.draw.agents.FoldAgent.act`` (``call`` false) and ``CallAgent.act``
    (``call`` true): stand pat at the draw; betting, ``betting_nb`` never betting nor raising. No draws."""
    if h.st[0].street == DRAW:
        return np.int64(DISCARD)
    return betting_nb(h, p, can_raise, False, False, call)


@njit(cache=True, **NO_REFCOUNT)
def decide_nb(level, params, h, p, raise_to, stream, parent, t, lt, scr):
    """The flat action of player ``p`` at ``level`` (``kernels.draw.codes.Level``) with its parameter vector
    ``params`` (``float64 (N_PARAMS,)``), ``raise_to`` its total bet after a bet or raise (``NO_RAISE``: none
    is legal, and at the draw), drawing from ``stream`` (``uint64 (2,)``), whose ``parent`` (``uint64``;
    ``sniper.core.rng.Stream.parent``, in a game the seat's hand key ``Hand.agent_keys[p]``) keys its own draws of
    the hand; ``t`` the evaluator's tables, ``lt`` the ``LevelTables``, ``scr`` a ``Scratch``. Numba equivalent
    of ``agent.act(table.observe(seat), table.stream())`` (``sniper.games.draw.play``). A call, not inlined: the
    game kernel calls it at the bets and at the draw, and inlining it (with every level) at both places made
    ``kernels.draw.game.play_hand_nb`` half of draw's compile time, at no gain in speed (experiments/README.md,
    "Compile time of draw's default table")."""
    can_raise = raise_to != NO_RAISE
    if level == Level.EASY:
        return easy_nb(h, p, can_raise, params, stream, t)
    if level == Level.NORMAL:
        return normal_nb(h, p, can_raise, params, stream, parent, t, lt, scr)
    if level == Level.HARD:
        return hard_nb(h, p, can_raise, params, stream, parent, t, lt, scr)
    if level == Level.FOLD or level == Level.CALL:
        return baseline_nb(h, p, can_raise, level == Level.CALL)
    return random_nb(h, p, can_raise, stream)


# ----- policies (sniper.core.policy) -------------------------------------------------------------


@njit(cache=True, inline="always")
def chance_nb(p):
    """Numba equivalent of ``sniper.core.policy.chance``: ``p`` clipped to [0, 1]."""
    return min(max(p, 0.0), 1.0)


@njit(cache=True, **NO_REFCOUNT)
def policy_nb(level, params, h, p, raise_to, root, keys, t, lt, scr, out):
    """Numba equivalent of ``action_probabilities(obs, keys=keys, seed=seed)`` of the levels
    (``sniper.games.draw.agents``, ``sniper.games.draw.levels``), ``root`` being ``mix64(seed ^
    sniper.core.policy.POLICY_SALT)``: the probability of each flat action into ``out`` (``float64 (N_FLAT,)``,
    zeros elsewhere), the same floats added in the same order. Exact for ``random``, ``easy``, ``fold`` and
    ``call``; ``normal`` (while its draw is ahead) and ``hard`` average ``keys`` decision streams, stream ``i``
    keyed ``derive(root, i)`` and its words read where ``act`` reads them (``sniper.core.policy.policy_stream``),
    its own draws keyed ``derive(derive(root, i), OWN_DRAWS)`` (a policy stream is its own ``parent``). Arguments
    as ``decide_nb``; uses ``scr`` and allocates nothing."""
    for a in range(N_FLAT):
        out[a] = 0.0
    can_raise = raise_to != NO_RAISE
    street = h.st[0].street
    if level == Level.RANDOM:
        if street == DRAW:
            for q in range(N_KEEPS):
                out[DISCARD + MASKS[q]] += 1.0 / N_KEEPS
        else:
            can_fold = to_call_nb(h, p) > 0
            kinds = 1 + (1 if can_fold else 0) + (1 if can_raise else 0)
            for a in range(0 if can_fold else 1, (BET_RAISE if can_raise else CHECK_CALL) + 1):
                out[a] += 1.0 / kinds
    elif level == Level.EASY:
        if street == DRAW:
            out[DISCARD + chart_mask_nb(h.cards[p], t)] = 1.0
        else:
            q = chance_nb(params[EasyParam.BLUFF])
            if q > 0:
                out[easy_bet_nb(h, p, can_raise, params, True, t)] += q
            if q < 1:
                out[easy_bet_nb(h, p, can_raise, params, False, t)] += 1.0 - q
    elif level == Level.NORMAL:
        n = keys if street == DRAW or draw_ahead_nb(h, p) else 1
        for i in range(n):
            key = derive_nb(derive_nb(root, i), OWN_DRAWS)  # stream i its own parent (own_draws_key)
            out[normal_decide_nb(h, p, can_raise, params, key, t, lt, scr)] += 1.0 / n
    elif level == Level.HARD:
        q = chance_nb(hard_threshold_nb(h, params))
        n_thresholds = hard_thresholds_nb(h, p, can_raise, params, scr.thresholds)
        for i in range(keys):
            stream_key = derive_nb(root, i)
            draw_key = derive_nb(stream_key, OWN_DRAWS)  # stream i its own parent (own_draws_key)
            best, e = hard_equity_nb(
                h, p, params, derive_nb(stream_key, 1), draw_key, scr.thresholds, n_thresholds, t, lt, scr
            )
            yes = hard_decide_nb(h, p, can_raise, params, best, e, True, t) if q > 0 else np.int64(-1)
            no = hard_decide_nb(h, p, can_raise, params, best, e, False, t) if q < 1 else np.int64(-1)
            if yes == no:  # one action: the per-stream policy's sum q + (1 - q), then weighed (``over_streams``)
                out[yes] += 1.0 / keys * (q + (1.0 - q))
            else:
                if q > 0:
                    out[yes] += 1.0 / keys * q
                if q < 1:
                    out[no] += 1.0 / keys * (1.0 - q)
    else:
        out[baseline_nb(h, p, can_raise, level == Level.CALL)] = 1.0


@njit(cache=True, **NO_REFCOUNT)
def policies_nb(level, params, h, p, raise_to, root, keys, hands, t, lt, scr, out):
    """``policy_nb`` of player ``p`` holding each row of ``hands`` (``uint8 (n, 5)``, its cards in the order
    held) in turn, into ``out`` (``float64 (n, N_FLAT)``): numba equivalent of ``action_probabilities`` of the
    levels (``sniper.games.draw.agents``) over a range of hands (local best response's range updates).
    ``h.cards[p]`` is left holding the last row."""
    for j in range(hands.shape[0]):
        for c in range(hands.shape[1]):
            h.cards[p, c] = hands[j, c]
        policy_nb(level, params, h, p, raise_to, root, keys, t, lt, scr, out[j])
