"""The built-in games, one package each; importing this package registers them (``sniper.core.registry``).

Today: Sniper Hold'em (``sniper.games.sniper_holdem``, registered as "sniper"). A new game is a new
package here, imported below (docs/adding-a-game.md).
"""

from sniper.games import sniper_holdem  # noqa: F401  (registers "sniper")
