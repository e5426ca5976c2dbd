"""Runs: a run's configuration, the runner that plays its chunks (serially, in processes or on dask),
its store on disk (parts, manifest, lock, resume, records) and reading its tables back.

Game-independent by design (issue 19): a run names its game, and the game's ``GameSpec``
(``sniper.core.registry``) gives its engines and table schemas.
"""
