"""The game-independent core of ``sniper`` (issue 19): what every game, run, arena and front end shares.

Today: the game registry (``sniper.core.registry``) and the table-state protocol every game's
flow is written in once (``sniper.core.table``). It imports nothing above it (no game, no run,
no front end; the import-linter contracts of ``pyproject.toml`` check it).
"""
