"""What the 52-card games share (no-limit Hold'em ``sniper.games.holdem``, five-card draw ``sniper.games.draw``,
Saint Poker ``sniper.games.saint``), one module per job, named as the games name their own (docs/adding-a-game.md):

- ``cards``: the standard 52-card deck, card names and poker hand values; ``eval52``: their batch evaluator
  (``kernels.eval52``);
- ``spec``: what their ``GameSpec``s share (rules objects, agent specs, the reference engine's chunks);
  ``level_parameters``: AI levels' parameters as data (defaults and ``sniper tune``'s domains);
  ``decision_time``: CPU time per decision in a game's kernel;
- ``hand``, ``table``, ``env``: a hand, a whole game (the ``TableState``) and the PettingZoo env on PokerKit;
- ``results``: the run-table rows of a game's hand records; ``history``: readable hand histories;
  ``phh_files``, ``phh_writer``: PHH files read and written; ``served``: what the table server needs of a
  PokerKit game; ``equity``: the showdown shares of the games' equity calculators; ``settle``: when a Monte
  Carlo level's equity is settled against its thresholds (adaptive sampling, Sniper Hold'em's levels too).

Importing the package imports none of them (the registry loads the games' light modules only).
"""
