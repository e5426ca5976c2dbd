"""Five-card draw, fixed limit (seed 004, ``../shared/GAMES.md`` D1–D11) on PokerKit, the reference engine.

Modules, lowest first: ``rules`` (the game's facts, D1, D3, D5, D9), ``observation`` (what a seat
sees, D10), ``engine`` (one hand on a PokerKit ``State``, D1–D8), ``table`` (one whole game as a
``sniper.core.table.TableState``, D9), ``agents`` (the ``random`` and ``easy`` levels, D11) and
``play`` (a game driven to its end, as hand records). What it shares with no-limit Hold'em is in
``sniper.games.pokerkit_hand`` and ``sniper.games.pokerkit_table``. The rules as we play them:
docs/draw.md.

Not registered in ``sniper.games`` yet (the lead does it on merge).
"""
