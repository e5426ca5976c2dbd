"""Benchmark of the game kernel (``kernels.sniper_holdem.game``) against the reference engine, in one run.

Prints hands/s for four ``random`` and four ``easy`` agents (our rules, 20-hand games):

- inside the kernel (``play_games_nb`` with preallocated record buffers) on 1 thread and on all
  threads;
- the reference engine (``sniper.games.sniper_holdem.chunks.play_chunk_reference``:
  ``sniper.games.sniper_holdem.play`` + ``hand_rows``);
- end to end, ``sniper.games.sniper_holdem.kernel_engine.play_chunk_kernel`` including the pyarrow table;

and the ratios between them; then, per Monte Carlo agent mix (``MIXES``), the reference engine
with pure-Python rollouts against the kernel on one thread. The machine is noisy: compare ratios
from one run.

Usage: ``python experiments/bench_game.py [--games 20000] [--repeats 3]``.
"""

import argparse
import os
import time

import numba
import numpy as np

from kernels.sniper_holdem.game import warmup
from sniper.games.sniper_holdem.chunks import play_chunk_reference
from sniper.games.sniper_holdem.kernel_engine import kernel_inputs, play_chunk_kernel, run_games
from sniper.games.sniper_holdem.rules import make_rules
from sniper.runs.config import RunConfig


def kernel_rate(specs, rules, games: int, repeats: int, threads: int) -> tuple[float, float]:
    """Best hands/s of ``play_games_nb`` (via ``run_games``, no actions recorded) over ``repeats``
    calls of ``games`` games, by wall time and by process CPU time (hands per CPU-second: what a
    core delivers even when others share it)."""
    inputs = kernel_inputs(specs, rules)
    cap = rules.hands_per_game
    saved = numba.get_num_threads()
    numba.set_num_threads(threads)
    best = best_cpu = 0.0
    try:
        for r in range(repeats):
            ids = np.arange(r * games, (r + 1) * games, dtype=np.int64)
            cpu = time.process_time()
            start = time.perf_counter()
            hands = run_games(np.uint64(1), ids, inputs, cap, threads).hands
            best = max(best, hands.sum() / (time.perf_counter() - start))
            best_cpu = max(best_cpu, hands.sum() / (time.process_time() - cpu))
    finally:
        numba.set_num_threads(saved)
    return best, best_cpu


def reference_rate(specs, rules, games: int) -> float:
    """Hands/s of the reference engine over ``games`` games (rows built as the runner does)."""
    config = RunConfig(tuple(specs), rules, seed=1, chunk_games=games)
    start = time.perf_counter()
    hands = play_chunk_reference(config, 0).counts
    return sum(hands) / (time.perf_counter() - start)


def end_to_end_rate(specs, rules, games: int, repeats: int) -> float:
    """Best hands/s of ``play_chunk_kernel`` (kernel + compaction + pyarrow table), all threads."""
    config = RunConfig(tuple(specs), rules, seed=1, chunk_games=games)
    best = 0.0
    for r in range(repeats):
        start = time.perf_counter()
        _, hands = play_chunk_kernel(config, r)
        best = max(best, sum(hands) / (time.perf_counter() - start))
    return best


MIXES = [["easy", "normal", "hard", "hard"], ["normal"] * 4, ["hard"] * 4]
"""Monte Carlo agent mixes (at their defaults) of the per-mix ratio table; the first is the default run."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000, help="games per kernel call (20 hands each)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--reference-games", type=int, default=30)
    parser.add_argument("--mix-games", type=int, default=200, help="kernel games per Monte Carlo mix")
    parser.add_argument("--mix-reference-games", type=int, default=2, help="reference games per Monte Carlo mix")
    args = parser.parse_args()

    start = time.perf_counter()
    warmup()
    print(f"warm-up (compile or load from cache): {time.perf_counter() - start:.2f} s")
    all_threads = numba.config.NUMBA_NUM_THREADS
    print(f"cpus {os.cpu_count()}, threads {all_threads} (Python threads over the nogil kernel)")
    rules = make_rules("ours", "20")
    load = os.getloadavg()[0]
    print(f"load average {load:.2f} (other processes compete for the cores when it exceeds ~0.5)")
    print(
        "| agents | reference | kernel 1 thread | per CPU-second | kernel all threads | end to end (table) "
        "| kernel/ref | all/1 |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name in ("random", "easy"):
        specs = [name] * 4
        ref = reference_rate(specs, rules, args.reference_games)
        one, one_cpu = kernel_rate(specs, rules, args.games, args.repeats, 1)
        full, _ = kernel_rate(specs, rules, args.games, args.repeats, all_threads)
        e2e = end_to_end_rate(specs, rules, args.games // 4, args.repeats)
        print(
            f"| 4 {name} | {ref:,.0f} | {one:,.0f} | {one_cpu:,.0f} | {full:,.0f} | {e2e:,.0f} "
            f"| {one / ref:,.0f}× (1 thread) | {full / one:.2f} |"
        )
    print()
    print("Reference engine (pure-Python rollouts) against the kernel on 1 thread, by agent mix:")
    print("| agents | reference hands/s | kernel hands/s (1 thread) | kernel/reference |")
    print("|---|---|---|---|")
    for specs in MIXES:
        ref = reference_rate(specs, rules, args.mix_reference_games)
        one, _ = kernel_rate(specs, rules, args.mix_games, 1, 1)
        print(f"| {','.join(specs)} | {ref:,.1f} | {one:,.0f} | {one / ref:,.0f}× |", flush=True)


if __name__ == "__main__":
    main()
