"""numba kernels of five-card draw, fixed limit (``../shared/GAMES.md`` D1–D11), hand for hand as the reference engine.

The reference is ``sniper.games.draw`` (PokerKit's ``State`` behind ``engine.DrawHand``, the pots of
``sniper.games.poker52.hand.share_pots``, the levels of ``sniper.games.draw.agents`` and
``sniper.games.draw.levels``); these kernels copy it, split by concern, lowest first: ``codes`` (the
flat actions and the game's structural constants as the kernels read them), ``params`` (the levels'
parameter vectors), ``betting`` (one hand's state, PokerKit's fixed-limit betting and the draw),
``showdown`` (the values of the hands; the pots are shared), ``strength`` (the
order of five cards and the levels' sampled draws), ``ranges`` (``hard``'s sampled opponents),
``policies`` (the AI levels) and ``game`` (whole games into column arrays). The deck, the pots and the queue of
players to act are the 52-card games' shared kernels (``kernels.poker52``). They import only the
shared kernels (``kernels.*`` outside the games' packages) and numpy/numba;
``sniper.games.draw.kernel_engine`` drives them.
"""
