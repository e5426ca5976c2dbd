"""Runs: a run's configuration and the runner that plays its chunks (serially, in processes or on dask)
(``runner``), its store on disk (parts, manifest, lock, resume, records: ``store``), and reading its
tables back, summarized (``results``) or hand by hand (``replay``).

Game-independent (issue 19): a run names its game, and the game's ``GameSpec`` (``sniper.core.registry``)
gives its rules, agents, engines, table schemas, summary and replay; nothing here imports a game.
"""
