"""CPU time per decision of an agent spec in a 52-card game's numba kernel (``GameSpec.decision_time``).

``sniper tune`` reports, for every trial, the CPU microseconds the tuned spec takes per decision, and a
``--time-budget-us`` keeps only the configurations within it. Sniper Hold'em measures it in its own kernel
(``sniper.games.sniper_holdem.kernel_engine.decision_time_us``); no-limit Hold'em and five-card draw measure
it here, with their kernels' common interface (``kernel_inputs(specs, rules)`` and ``play_games_kernel(seed,
games, inputs, actions, threads)``, ``sniper.games.kernel_driver``).
"""

import time
from collections.abc import Callable, Sequence


def kernel_decision_time_us(
    inputs_of: Callable[[Sequence[str], object], object],
    play: Callable[..., object],
    spec: str,
    players: int,
    rules,
    games: int = 16,
    repeats: int = 3,
) -> float:
    """CPU microseconds per decision of ``spec`` in self-play at ``players`` seats under ``rules``, in a game's
    numba kernel: ``inputs_of(specs, rules)`` (its ``kernel_inputs``) and ``play(seed, games, inputs, actions,
    threads)`` (its ``play_games_kernel``).

    Plays games 0..``games``-1 of seed 0 once with the actions recorded (it compiles the kernel if it is not
    cached, and counts the decisions: the rows of the actions table, a draw being a decision), then times the
    same games without recording, on one numba thread (best of ``repeats``, process CPU time, so other
    processes' load matters little) and divides by the decisions. ``ValueError`` for a spec the kernel cannot
    play (from ``inputs_of``). The figure includes the kernel's dealing and settling, shared by all decisions.
    """
    inputs = inputs_of([spec] * players, rules)
    counted = play(0, range(games), inputs, actions=True, threads=1)
    decisions = int(sum(counted.action_counts))
    best = float("inf")
    for _ in range(max(1, repeats)):
        started = time.process_time()
        play(0, range(games), inputs, actions=False, threads=1)
        best = min(best, time.process_time() - started)
    return best * 1e6 / max(decisions, 1)
