"""numba kernels of five-card draw, fixed limit (``../shared/GAMES.md`` D1–D11), hand for hand as the reference engine.

The reference is ``sniper.games.draw`` (PokerKit's ``State`` behind ``engine.DrawHand``, the pots of
``sniper.games.pokerkit_hand.share_pots``, the levels of ``sniper.games.draw.agents`` and
``sniper.games.draw.levels``); these kernels copy it, split by concern, lowest first: ``codes`` (the
flat actions and the game's structural constants as the kernels read them), ``params`` (the levels'
parameter vectors), ``deck`` (the 52-card shuffle), ``betting`` (one hand's state, PokerKit's
fixed-limit betting and the draw), ``showdown`` (pots, side pots and odd chips), ``strength`` (the
order of five cards and the levels' sampled draws), ``ranges`` (``hard``'s sampled opponents),
``policies`` (the AI levels) and ``game`` (whole games into column arrays). They import only the
shared kernels (``kernels.*`` outside the games' packages) and numpy/numba;
``sniper.games.draw.kernel_engine`` drives them.
"""
