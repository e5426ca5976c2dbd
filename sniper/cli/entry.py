"""The console entry point (``sniper``, ``python -m sniper``): the process's set-up, then
``sniper.cli.app.console``. A library user's process is left as it is.

- **Arrow's memory pool.** Before pyarrow is imported, ``ARROW_DEFAULT_MEMORY_POOL`` defaults to ``system``
  (glibc's malloc): arrow's own default, mimalloc, hands freed pages back to the system and faults them in again,
  zeroed, chunk after chunk (≈ 0.3 CPU s of ``sniper simulate --game draw --hands 1e5``, ≈ 0.1 s of its wall time
  on 2 cores). A pool the environment names is kept.
- **Python's cyclic garbage collector.** Off while the command line is imported (its modules' objects live to the
  end: a collection scans them in vain), then those objects are frozen out of later collections (``gc.freeze``)
  and collections of new objects wait for ``YOUNG_THRESHOLD`` of them, not 700: the collections of that command
  take 11–16 ms instead of 51–69.

Both measured in ``experiments/README.md`` (session 20). Ctrl-C while the command line loads exits 130 with one
line.
"""

import gc
import os
import sys
from typing import NoReturn

MEMORY_POOL = "system"
"""Arrow's memory pool for the command line's process unless ``ARROW_DEFAULT_MEMORY_POOL`` names one."""

YOUNG_THRESHOLD = 10_000
"""Allocations of container objects, less deallocations, between two collections of the youngest generation
(``gc.set_threshold``'s first; Python's default is 700)."""


def console() -> NoReturn:
    """Set up the process (module docstring), then run ``sniper.cli.app.console`` (which ends it)."""
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", MEMORY_POOL)
    gc.disable()
    try:
        from sniper.cli.app import console as run
    except KeyboardInterrupt:
        sys.stderr.write("sniper: interrupted\n")
        sys.exit(130)
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *gc.get_threshold()[1:])
    gc.enable()
    run()
