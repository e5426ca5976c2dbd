"""The game-independent core of ``sniper`` (issue 19): what every game, run, arena and front end shares.

The game registry (``sniper.core.registry``: ``GameSpec``, a game's facts declared once), the table-state
protocol every game's flow is written in once (``sniper.core.table``), the tables every game writes and
what its engines return (``sniper.core.tables``), errors that name API parameters (``sniper.core.errors``),
the RNG, statistics and estimators over results frames (``rng``, ``stats``, ``analysis``), plots, input
checks and defaults, and the PettingZoo AEC scaffolding every game's env is built on (``sniper.core.env``,
the ``rl`` extra). It imports nothing above it (no game, no run, no front end; the import-linter
contracts of ``pyproject.toml`` check it).
"""
