"""Who takes the pot in numba at five-card draw's showdown (GAMES.md D7, D8): each player still in gets the value
of its five cards (``kernels.eval52``), then the shared pot logic of ``kernels.poker52.pots`` (main pot,
side pots, odd chips; all but one folded: ``fold_win_nb``).

Numba equivalent of ``sniper.games.poker52.hand.share_pots`` as ``PokerKitHand._settle`` applies it
(``sniper.games.draw.engine``).
"""

from kernels.eval52 import value_nb
from kernels.jit import njit
from kernels.poker52.pots import fold_win_nb, share_pots_nb

__all__ = ["fold_win_nb", "settle_nb"]


@njit(cache=True, inline="always")
def settle_nb(h, t):
    """The showdown (D7, D8; module docstring): every player still in gets ``value`` of its five cards
    (``t`` is ``kernels.eval52.tables()``), then ``won`` from each pot
    (``kernels.poker52.pots.share_pots_nb``). Numba equivalent of ``sniper.games.poker52.hand.share_pots`` as
    ``PokerKitHand._settle`` applies it."""
    pl = h.pl
    for p in range(h.st[0].players):
        if pl[p].active:
            pl[p].value = value_nb(h.cards[p], t)
    share_pots_nb(h)
