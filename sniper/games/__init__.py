"""The built-in games, one package each; importing this package registers them (``sniper.core.registry``).

Sniper Hold'em (``sniper.games.sniper_holdem``, "sniper"), no-limit Hold'em (``sniper.games.holdem``,
"holdem"), five-card draw (``sniper.games.draw``, "draw")
and Saint Poker (``sniper.games.saint``, "saint"). A new game is a new package here, imported
below (docs/adding-a-game.md). What the 52-card games share is the package ``sniper.games.poker52``; beside the
packages, ``kernel_driver`` drives every game's numba kernel.
"""

from sniper.games import (
    draw,  # noqa: F401  (registers "draw")
    holdem,  # noqa: F401, E402  (registers "holdem")
    saint,  # noqa: F401  (registers "saint")
    sniper_holdem,  # noqa: F401  (registers "sniper")
)
