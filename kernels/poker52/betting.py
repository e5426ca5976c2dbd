"""The order of play in numba, shared by the Hold'em and draw kernels: the players of a hand, the queue of players
to act, who may raise, a check or call, a bet or raise and the collection of the bets (GAMES.md H2, H4–H7; D1,
D3, D4, D6, D8; PokerKit's ``actor_indices``, ``_pop_actor_index``, ``_begin_betting``,
``_verify_completion_betting_or_raising``, ``check_or_call``, ``complete_bet_or_raise_to`` and
``collect_bets``). What differs between the games (blinds or antes, the opener, what counts as a full raise,
the cap) stays in their kernels, which pass it in.

Numba equivalent of ``sniper.games.poker52.hand.PokerKitHand``'s ``actor``, ``to_call`` and
``act(CHECK_CALL)``; a game's ``Hand`` (package docstring) holds the queue ``h.queue[st.head:st.tail]``.
"""

import numpy as np

from kernels.jit import njit

PLAYER_FIELDS = [
    ("seat", np.int64),
    ("start", np.int64),
    ("stack", np.int64),
    ("bet", np.int64),
    ("put", np.int64),
    ("won", np.int64),
    ("active", np.int64),
    ("acted", np.int64),
]
"""The first fields of every game's ``PLAYER`` record (``kernels.holdem.betting.PLAYER``,
``kernels.draw.betting.PLAYER``, whose docstrings say what they hold); the kernels here read them, and
``decisions`` and ``value``, which each game places after its own."""


@njit(cache=True, inline="always")
def actor_nb(h):
    """The position to act (``int64``), -1 when the street's or round's betting is over: numba equivalent of
    ``sniper.games.poker52.hand.PokerKitHand.actor`` in a betting round."""
    s = h.st[0]
    if s.head >= s.tail or s.n_active <= 1:
        return np.int64(-1)
    return h.queue[s.head]


@njit(cache=True, inline="always")
def pop_actor_nb(h):
    """Take the actor off the queue and return its position; it has acted: numba equivalent of PokerKit's
    ``_pop_actor_index`` under ``sniper.games.poker52.hand.PokerKitHand.act``."""
    s = h.st[0]
    p = h.queue[s.head]
    s.head += 1
    h.pl[p].acted = 1
    return p


@njit(cache=True, inline="always")
def to_call_nb(h, p):
    """Chips player ``p`` adds to check or call: the amount owed, capped by its stack (numba equivalent of
    ``sniper.games.poker52.hand.PokerKitHand.to_call``)."""
    return min(h.st[0].max_bet - h.pl[p].bet, h.pl[p].stack)


@njit(cache=True, inline="always")
def check_call_nb(h):
    """The actor checks or calls, all in when short; returns the chips it put in. Numba equivalent of
    ``sniper.games.poker52.hand.PokerKitHand.act(CHECK_CALL)`` (PokerKit's ``check_or_call``)."""
    p = pop_actor_nb(h)
    q, s = h.pl[p], h.st[0]
    amount = min(q.stack, s.max_bet - q.bet)
    q.bet += amount
    q.stack -= amount
    s.pot += amount
    return amount


@njit(cache=True, inline="always")
def seat_players_nb(h, stacks, button):
    """The players of a new hand (H2, D1): the seats with chips of ``stacks`` (``int64 (n,)``, 0: not at the
    table) clockwise from the seat left of ``button``, the button last (``sniper.games.poker52.hand.dealing_order``),
    into ``h.pl[:m]`` with their stacks, nothing bet, in, not acted, no decision, no value; ``st.players`` and
    ``st.n_active`` become ``m``, which it returns. The game sets its own fields of ``PLAYER`` after it."""
    n = stacks.shape[0]
    pl, s = h.pl, h.st[0]
    m = 0
    for k in range(1, n + 1):
        seat = (button + k) % n
        if stacks[seat] > 0:
            q = pl[m]
            q.seat = seat
            q.start = stacks[seat]
            q.stack = stacks[seat]
            q.bet = 0
            q.put = 0
            q.won = 0
            q.active = 1
            q.acted = 0
            q.decisions = 0
            q.value = -1
            m += 1
    s.players = m
    s.n_active = m
    return m


@njit(cache=True, inline="always")
def collect_bets_nb(h):
    """Collect the bets into the pot (H7, D8): the part of the largest bet (every player's, folded ones
    included) above the second largest goes back to its stack (an uncalled bet), the rest into ``PLAYER.put``;
    ``st.max_bet`` becomes 0. Numba equivalent of PokerKit's ``collect_bets`` (ante trimming on) under
    ``sniper.games.poker52.hand.PokerKitHand``. (With one player still in, PokerKit leaves that player's bet
    uncollected; it comes back with the pot, ``kernels.poker52.pots.fold_win_nb``: the same chips.)"""
    pl, s = h.pl, h.st[0]
    m = s.players
    first = np.int64(-1)
    second = np.int64(-1)
    for p in range(m):
        b = pl[p].bet
        if b > first:
            second = first
            first = b
        elif b > second:
            second = b
    for p in range(m):
        q = pl[p]
        if q.bet > second:
            q.stack += q.bet - second
            s.pot -= q.bet - second
            q.bet = second
        q.put += q.bet
        q.bet = 0
    s.max_bet = 0


@njit(cache=True, inline="always")
def second_total_nb(h):
    """The second largest stack-plus-bet (``int64``, -1 with fewer than two) among the players still in
    (PokerKit's ``get_effective_stack``)."""
    pl, m = h.pl, h.st[0].players
    first = np.int64(-1)
    second = np.int64(-1)
    for i in range(m):
        if pl[i].active:
            total = pl[i].bet + pl[i].stack
            if total > first:
                second = first
                first = total
            elif total > second:
                second = total
    return second


@njit(cache=True, inline="always")
def open_betting_nb(h, opener):
    """Start a betting round from position ``opener`` (H4, D4, D6; PokerKit's ``_begin_betting``): no raise and
    no short all-in yet, nobody has acted, and to act, in turn from the opener, the players still in with chips
    and a positive effective stack (``second_total_nb`` less their bet). Returns whether anyone is to act:
    nobody when the only one left has matched the largest bet."""
    pl, s, queue = h.pl, h.st[0], h.queue
    m = s.players
    s.raise_amount = 0
    s.short_n = 0
    s.short_sum = 0
    s.head = 0
    s.tail = 0
    for p in range(m):
        pl[p].acted = 0
    second = second_total_nb(h)
    for k in range(m):
        p = (opener + k) % m
        # PokerKit's effective stack: min(stack, max(0, second largest stack-plus-bet - bet)) > 0
        if pl[p].active and pl[p].stack > 0 and second - pl[p].bet > 0:
            queue[s.tail] = p
            s.tail += 1
    n = s.tail
    return n > 1 or (n == 1 and pl[queue[0]].bet < s.max_bet)


@njit(cache=True, inline="always")
def may_raise_nb(h, p, least_call, full):
    """Whether actor ``p`` may bet or raise (H6, D3, D8; PokerKit's ``_verify_completion_betting_or_raising``):
    not when its call (capped by its stack) is below ``least_call``, nor when it has acted since the last full
    raise while the short all-ins since then add up to less than ``full`` chips, nor when its stack does not
    exceed the call, nor when every other player still in is all in for at most the largest bet. The game
    checks its own limits (the cap, D3) beside it."""
    pl, s = h.pl, h.st[0]
    q = pl[p]
    owed = s.max_bet - q.bet
    if min(q.stack, owed) < least_call:
        return False
    if s.short_n > 0 and s.short_sum < full and q.acted:
        return False
    if q.stack <= owed:
        return False
    for i in range(s.players):
        if i != p and pl[i].active and pl[i].stack + pl[i].bet > s.max_bet:
            return True
    return False


@njit(cache=True, inline="always")
def complete_raise_nb(h, amount, full, full_after):
    """The actor bets or raises *to* ``amount`` chips (legal: ``may_raise_nb``); returns the chips it put in.
    PokerKit's ``complete_bet_or_raise_to``: every other player still in with chips is to act again, in turn
    after it; a raise of at least ``full`` chips above the largest bet lets the players who acted raise again;
    the round's short all-ins are summed, and count as a full raise when they add up to ``full_after`` (what is
    full once this raise counts) (H5, H6; D3, D8)."""
    p = pop_actor_nb(h)
    pl, s, queue = h.pl, h.st[0], h.queue
    q = pl[p]
    m = s.players
    increment = amount - s.max_bet
    delta = amount - q.bet
    q.bet = amount
    q.stack -= delta
    s.pot += delta
    s.max_bet = amount
    s.head = 0
    s.tail = 0
    for k in range(1, m):
        i = (p + k) % m
        if pl[i].active and pl[i].stack > 0:
            queue[s.tail] = i
            s.tail += 1
    if increment >= full:
        for i in range(m):
            pl[i].acted = 0
        q.acted = 1
    s.raise_amount = max(s.raise_amount, increment)
    if q.stack > 0:
        s.short_n = 0
        s.short_sum = 0
    else:
        s.short_n += 1
        s.short_sum += increment
    if s.short_sum >= full_after:
        s.short_n = 0
        s.short_sum = 0
    return delta
