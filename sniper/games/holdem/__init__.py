"""No-limit Texas Hold'em (seed 002, ``../shared/GAMES.md`` H1–H12) on PokerKit, the reference engine.

Modules, lowest first: ``rules`` (the game's facts, H1, H10), ``observation`` (what a seat sees, H11),
``engine`` (one hand on a PokerKit ``State``, H1–H9), ``table`` (one whole game as a
``sniper.core.table.TableState``, H10), ``agents`` (the ``random`` level, H12) and ``play`` (a game
driven to its end, as hand records). The rules as we play them: docs/holdem.md.

Not registered in ``sniper.games`` yet (the lead does it on merge).
"""
