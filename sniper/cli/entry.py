"""The console entry point (``sniper``, ``python -m sniper``): the process's set-up, then
``sniper.cli.app.console``.

Before pyarrow is imported, ``ARROW_DEFAULT_MEMORY_POOL`` defaults to ``system`` (glibc's malloc): arrow's own
default, mimalloc, hands freed pages back to the system and faults them in again, zeroed, chunk after chunk
(≈ 0.3 CPU s of ``sniper simulate --game draw --hands 1e5``, ≈ 0.1 s of its wall time on 2 cores; measured,
``experiments/README.md``). A pool the environment names is kept; a library user's process is left as it is.
Ctrl-C while the command line loads exits 130 with one line.
"""

import os
import sys
from typing import NoReturn

MEMORY_POOL = "system"
"""Arrow's memory pool for the command line's process unless ``ARROW_DEFAULT_MEMORY_POOL`` names one."""


def console() -> NoReturn:
    """Set up the process (module docstring), then run ``sniper.cli.app.console`` (which ends it)."""
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", MEMORY_POOL)
    try:
        from sniper.cli.app import console as run
    except KeyboardInterrupt:
        sys.stderr.write("sniper: interrupted\n")
        sys.exit(130)
    run()
