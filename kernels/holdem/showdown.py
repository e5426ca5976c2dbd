"""Who takes the pot in numba at Hold'em's showdown (GAMES.md H7, H9): each player still in gets the value of
its best five of seven cards (``kernels.eval52``), then the shared pot logic of ``kernels.poker52.pots``
(main pot, side pots, odd chips; all but one folded: ``fold_win_nb``).

Numba equivalent of ``sniper.games.poker52.hand.share_pots`` as ``PokerKitHand._settle`` applies it
(``sniper.games.holdem.engine``).
"""

from kernels import NO_REFCOUNT
from kernels.eval52 import value7_nb
from kernels.holdem.betting import FOLDED
from kernels.jit import njit
from kernels.poker52.pots import fold_win_nb, share_pots_nb

__all__ = ["end_hand_nb", "fold_win_nb", "settle_nb"]


@njit(cache=True, **NO_REFCOUNT)
def settle_nb(h, t):
    """The showdown (H7, H9; module docstring): every player still in gets ``value`` (``t`` is
    ``kernels.eval52.tables()``), then ``won`` from each pot (``kernels.poker52.pots.share_pots_nb``).
    Numba equivalent of ``sniper.games.poker52.hand.share_pots`` as ``PokerKitHand._settle`` applies it."""
    pl, board, hole = h.pl, h.board, h.hole
    for p in range(h.st[0].players):
        if pl[p].active:
            pl[p].value = value7_nb(hole[p, 0], hole[p, 1], board[0], board[1], board[2], board[3], board[4], t)
    share_pots_nb(h)


@njit(cache=True, inline="always")
def end_hand_nb(h, outcome, t):
    """The pots after the hand's last street, ``outcome`` of ``kernels.holdem.betting.end_street_nb``: all but one
    folded (``FOLDED``), every chip to the one still in (``fold_win_nb``, H9), else the showdown (``settle_nb``,
    H7, H9; ``t`` is ``kernels.eval52.tables()``). Numba equivalent of ``PokerKitHand._settle``."""
    if outcome == FOLDED:
        fold_win_nb(h)
    else:
        settle_nb(h, t)
