"""The Saint Poker kernels (GAMES.md S1–S11): whole games of Saint Poker in numba, game for game as the reference.

Numba equivalent of ``sniper.games.saint`` (its table, ``sniper.games.saint.table.SaintTable``, and its levels,
``sniper.games.saint.levels``), split by concern: ``codes`` (the constants, plain Python: the reference imports
them), ``hands`` (``potential`` and ``usable``), ``levels`` (the decisions of ``random``, ``easy``, ``normal`` and
``hard``) and ``game`` (the deal, the rounds, the score and the take-backs, ``play_games_nb``). Importing this
package imports no numba.
"""
