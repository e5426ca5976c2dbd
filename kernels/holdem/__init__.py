"""numba kernels of no-limit Texas Hold'em (``../shared/GAMES.md`` H1–H12), hand for hand as the reference engine.

The reference is ``sniper.games.holdem`` (PokerKit's ``State`` behind ``engine.HoldemHand``, the pots of
``sniper.games.poker52.hand.share_pots``, the levels of ``sniper.games.holdem.levels``); these kernels copy
it, split by concern, lowest first: ``codes`` (the flat actions and the game's constants as the kernels read
them), ``params`` (the levels' parameter vectors), ``betting`` (one hand's state and PokerKit's betting
rules), ``showdown`` (the values of the hands; the pots are shared), ``policies`` (the AI levels) and ``game``
(whole games into column arrays). The deck, the pots and the queue of players to act are the 52-card games'
shared kernels (``kernels.poker52``). They import only ``kernels.*`` and numpy/numba;
``sniper.games.holdem.kernel_engine`` drives them (docs/holdem-kernel.md).
"""
