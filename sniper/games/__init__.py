"""The built-in games, one package each; importing this package registers them (``sniper.core.registry``).

Sniper Hold'em (``sniper.games.sniper_holdem``, "sniper"), no-limit Hold'em (``sniper.games.holdem``,
"holdem"), five-card draw (``sniper.games.draw``, "draw")
and Saint Poker (``sniper.games.saint``, "saint"). A new game is a new package here, imported
below (docs/adding-a-game.md); modules beside the packages are shared by the 52-card games (``poker52``,
``eval52``, ``pokerkit_hand``, ``pokerkit_table``, ``poker_spec``, ``level_parameters``).
"""

from sniper.games import (
    draw,  # noqa: F401  (registers "draw")
    holdem,  # noqa: F401, E402  (registers "holdem")
    saint,  # noqa: F401  (registers "saint")
    sniper_holdem,  # noqa: F401  (registers "sniper")
)
