"""Who takes the pot in numba: the main pot, side pots and odd chips (GAMES.md H7, H9; D7, D8), shared by the
Hold'em and draw kernels.

Numba equivalent of ``sniper.games.poker52.hand.share_pots``, which ``PokerKitHand._settle`` applies to
the chips PokerKit holds at the end of a hand (``sniper.games.holdem.engine``, ``sniper.games.draw.engine``):

- the pots are cut at each distinct contribution ``c`` (every player's chips in the pot, uncalled
  bets returned, folded players' included): the level at ``c`` takes ``c - c'`` (``c'`` the previous
  cut) from each player who put in ``c`` or more, and goes to the players still in who did; adjacent
  levels that go to the same players are one pot (the main pot and the side pots, H7, D8);
- each pot goes to its best hands (``PLAYER.value``, set by the game's showdown from ``kernels.eval52``),
  split evenly, the odd chips one each to its winners in position order from the first after the button;
- when all but one folded, every chip goes to the one still in (H9, D7: unshown).
"""

import numpy as np

from kernels import NO_REFCOUNT
from kernels.jit import njit

_ONE = np.int64(1)


@njit(cache=True, **NO_REFCOUNT)
def fold_win_nb(h):
    """All but one folded: the pot (``st.pot``, every chip in the middle) goes to the one still in
    (numba equivalent of ``sniper.games.poker52.hand.share_pots`` with one player in)."""
    pl, s = h.pl, h.st[0]
    for p in range(s.players):
        if pl[p].active:
            pl[p].won = s.pot


@njit(cache=True, inline="always")
def best_of_nb(pl, players, among):
    """The bit set (``int64``) of the players of bit set ``among`` holding its best hand (``PLAYER.value``):
    numba equivalent of the winners of one pot in ``sniper.games.poker52.hand.share_pots``."""
    best = np.int64(-1)
    mask = np.int64(0)
    for p in range(players):
        if (among >> p) & _ONE:
            v = pl[p].value
            if v > best:
                best = v
                mask = _ONE << p
            elif v == best:
                mask |= _ONE << p
    return mask


@njit(cache=True, inline="always")
def award_nb(pl, players, winners, amount):
    """Split ``amount`` chips among the players of bit set ``winners``, the odd chips one each from
    the first in position order; nothing when there is none (never in a hand). Numba equivalent of one
    pot's split in ``sniper.games.poker52.hand.share_pots``."""
    k = 0
    for p in range(players):
        k += (winners >> p) & _ONE
    if k == 0:
        return
    share = amount // k
    odd = amount - share * k
    for p in range(players):
        if (winners >> p) & _ONE:
            pl[p].won += share + (1 if odd > 0 else 0)
            odd -= 1


@njit(cache=True, inline="always")
def share_pots_nb(h):
    """Every pot to its best hands (module docstring), once each player still in has its ``value``: adds
    to ``won`` of ``h.pl`` (``PLAYER (MAX_SEATS,)``, chips), ``h.levels`` (``int64 (MAX_SEATS,)``) the
    scratch of the distinct contributions. Numba equivalent of ``sniper.games.poker52.hand.share_pots``."""
    pl, s, levels = h.pl, h.st[0], h.levels
    m = s.players
    n_levels = 0
    for p in range(m):  # the distinct contributions, ascending (insertion sort)
        c = pl[p].put
        i = 0
        while i < n_levels and levels[i] < c:
            i += 1
        if i < n_levels and levels[i] == c:
            continue
        for j in range(n_levels, i, -1):
            levels[j] = levels[j - 1]
        levels[i] = c
        n_levels += 1
    previous = np.int64(0)
    pot_set = np.int64(-1)
    pot_amount = np.int64(0)
    for i in range(n_levels):
        level = levels[i]
        if level == 0:
            continue
        count = 0
        contested = np.int64(0)
        for p in range(m):
            if pl[p].put >= level:
                count += 1
                if pl[p].active:
                    contested |= _ONE << p
        amount = (level - previous) * count
        previous = level
        if contested == pot_set:
            pot_amount += amount
            continue
        if pot_set >= 0:
            award_nb(pl, m, best_of_nb(pl, m, pot_set), pot_amount)
        pot_set = contested
        pot_amount = amount
    if pot_set >= 0:
        award_nb(pl, m, best_of_nb(pl, m, pot_set), pot_amount)
