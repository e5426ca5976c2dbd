"""numba kernels of ``sniper`` (module docstrings say which reference each one copies).

Compiled code is cached on disk (``cache=True``). numba checks only the source file of the
function it loads, not of the functions compiled into it: after an edit to ``kernels/policies.py``
a cached ``kernels/game.py`` would still run the old policies. So, unless ``NUMBA_CACHE_DIR`` is
set, the cache lives in ``kernels/__pycache__/numba-<digest>``, the digest of every kernel source
file: an edit to any of them starts a fresh cache.
"""

import hashlib
import os
import sys
from pathlib import Path


def _cache_dir() -> str:
    """``kernels/__pycache__/numba-<sha256 of the kernel sources, 12 hex digits>``."""
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(here.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return str(here / "__pycache__" / f"numba-{digest.hexdigest()[:12]}")


if not os.environ.get("NUMBA_CACHE_DIR"):
    os.environ["NUMBA_CACHE_DIR"] = _cache_dir()
    if "numba.core.config" in sys.modules:
        sys.modules["numba.core.config"].CACHE_DIR = os.environ["NUMBA_CACHE_DIR"]


NO_REFCOUNT = {"_nrt": False}
"""``njit`` options of the kernels that allocate nothing: the game kernel's per-hand functions, the
AI decisions (Monte Carlo levels included) and the rollout, compiled without numba's reference
counting (NRT). numba otherwise increments and decrements, with atomic instructions, the reference
count of every array each time it is bound to a variable, passed to an inlined function or read
out of a tuple; in the game kernel that was ≈ 45% of its time, and ≈ 25% more of the default
table's with the Monte Carlo levels (``experiments/README.md``, "Fourth sitting" and "Reference
counting"). A function compiled with these options cannot allocate (numba refuses to compile it),
and neither can the functions it calls (they inherit the option): their working arrays are
allocated once by a caller that counts references (``kernels.policies.Scratch``,
``kernels.rollout.RolloutScratch``, allocated once per range of games by
``kernels.game.play_games_nb``), which owns them while they are used. ``_nrt`` is a numba option
without a public name (numba 0.58–0.68); a test checks that a run of every level frees every array
numba allocates (``tests/test_game_kernel.py``)."""
