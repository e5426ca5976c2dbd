"""numba kernels of ``sniper`` (module docstrings say which reference each one copies).

Compiled code is cached on disk by ``kernels.jit.njit``, keyed by every kernel source file, so a
cache never serves code compiled from other sources; where nothing is writable the kernels run
uncached (``kernels/jit.py``). Importing ``kernels`` (as the reference engine does, for
``kernels.sniper_holdem.codes``) imports no numba and never writes ``os.environ``.
"""

NO_REFCOUNT = {"_nrt": False}
"""``njit`` options of the kernels that allocate nothing: the game kernel's per-hand functions, the
AI decisions (Monte Carlo levels included) and the rollout, compiled without numba's reference
counting (NRT). numba otherwise increments and decrements, with atomic instructions, the reference
count of every array each time it is bound to a variable, passed to an inlined function or read
out of a tuple; in the game kernel that was ≈ 45% of its time, and ≈ 25% more of the default
table's with the Monte Carlo levels (``experiments/README.md``, "Fourth sitting" and "Reference
counting"). A function compiled with these options cannot allocate (numba refuses to compile it),
and neither can the functions it calls (they inherit the option): their working arrays are
allocated once by a caller that counts references (``kernels.sniper_holdem.policies.Scratch``,
``kernels.sniper_holdem.rollout.RolloutScratch``, allocated once per range of games by
``kernels.sniper_holdem.game.play_games_nb``), which owns them while they are used. ``_nrt`` is a numba option
without a public name (numba 0.58–0.68); a test checks that a run of every level frees every array
numba allocates (``tests/test_game_kernel.py``)."""
