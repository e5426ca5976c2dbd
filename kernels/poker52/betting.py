"""The order of play in numba, shared by the Hold'em and draw kernels: the queue of players to act, and a check
or call (GAMES.md H5, D3; PokerKit's ``actor_indices``, ``_pop_actor_index`` and ``check_or_call``).

Numba equivalent of ``sniper.games.pokerkit_hand.PokerKitHand``'s ``actor``, ``to_call`` and
``act(CHECK_CALL)``; a game's ``Hand`` (package docstring) holds the queue ``h.queue[st.head:st.tail]``.
"""

import numpy as np

from kernels.jit import njit


@njit(cache=True, inline="always")
def actor_nb(h):
    """The position to act (``int64``), -1 when the street's or round's betting is over: numba equivalent of
    ``sniper.games.pokerkit_hand.PokerKitHand.actor`` in a betting round."""
    s = h.st[0]
    if s.head >= s.tail or s.n_active <= 1:
        return np.int64(-1)
    return h.queue[s.head]


@njit(cache=True, inline="always")
def pop_actor_nb(h):
    """Take the actor off the queue and return its position; it has acted: numba equivalent of PokerKit's
    ``_pop_actor_index`` under ``sniper.games.pokerkit_hand.PokerKitHand.act``."""
    s = h.st[0]
    p = h.queue[s.head]
    s.head += 1
    h.pl[p].acted = 1
    return p


@njit(cache=True, inline="always")
def to_call_nb(h, p):
    """Chips player ``p`` adds to check or call: the amount owed, capped by its stack (numba equivalent of
    ``sniper.games.pokerkit_hand.PokerKitHand.to_call``)."""
    return min(h.st[0].max_bet - h.pl[p].bet, h.pl[p].stack)


@njit(cache=True, inline="always")
def check_call_nb(h):
    """The actor checks or calls, all in when short; returns the chips it put in. Numba equivalent of
    ``sniper.games.pokerkit_hand.PokerKitHand.act(CHECK_CALL)`` (PokerKit's ``check_or_call``)."""
    p = pop_actor_nb(h)
    q, s = h.pl[p], h.st[0]
    amount = min(q.stack, s.max_bet - q.bet)
    q.bet += amount
    q.stack -= amount
    s.pot += amount
    return amount
