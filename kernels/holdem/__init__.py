"""numba kernels of no-limit Texas Hold'em (``../shared/GAMES.md`` H1–H12), hand for hand as the reference engine.

The reference is ``sniper.games.holdem`` (PokerKit's ``State`` behind ``engine.HoldemHand``, the pots of
``sniper.games.pokerkit_hand.share_pots``, the levels of ``sniper.games.holdem.levels``); these kernels
copy it, split by concern, lowest first: ``codes`` (the flat actions and the game's constants as the
kernels read them), ``params`` (the levels' parameter vectors), ``deck`` (the 52-card shuffle),
``betting`` (one hand's state and PokerKit's betting rules), ``showdown`` (pots, side pots and odd
chips), ``policies`` (the AI levels) and ``game`` (whole games into column arrays). They import only
``kernels.*`` and numpy/numba; ``sniper.games.holdem.kernel_engine`` drives them (docs/holdem-kernel.md).
"""
