"""Benchmark of the Saint Poker game kernel (``kernels.saint``) against the reference engine, in one sitting.

Random 4-player games per second (GAMES.md S1–S8: the deal, 8 rounds of one pick, two cards shown, the score with
shared ties and, in rounds 1–7, the take-backs), every seat ``random``:

- inside the kernel: ``sniper.games.saint.kernel_engine.play_games_kernel`` (``kernels.saint.game.play_games_nb`` in
  blocks of games on threads, every round recorded in preallocated ``int32`` arrays) on 1 and on 2 threads, best
  of ``--repeats`` calls of ``--games`` games, by wall time and per CPU-second;
- end to end: ``play_chunk_kernel`` (a run's chunk as the pyarrow hands and rounds tables);
- the reference engine: ``sniper.games.saint.play.play_game`` on the same games;

then the default levels (``easy``, ``normal``, ``hard``, then ``easy`` again at the fourth seat) on the kernel (1
and 2 threads) and on the reference; and ``sniper simulate --game saint`` of the default levels, end to end (a
process: start, compile or cache, tables, files). The load average (``os.getloadavg``) before and after: the
machine is shared and noisy, compare ratios from one run, never figures from different runs.

Usage: ``python experiments/bench_saint.py [--games 200000] [--repeats 3] [--reference-games 200]``.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

from sniper.games.saint import make_rules
from sniper.games.saint.kernel_engine import kernel_inputs, make_agent, play_chunk_kernel, play_games_kernel
from sniper.games.saint.play import play_game
from sniper.runs.runner import RunConfig

SEATS = 4
"""Four players."""
RANDOM = ("random",) * SEATS
"""Four ``random`` seats."""
MIX = ("easy", "normal", "hard", "easy")
"""The default levels (``GameSpec.default_agents``), the fourth seat ``easy`` again."""


def kernel_rate(games: int, repeats: int, threads: int, specs=RANDOM) -> tuple[float, float]:
    """Best games/s of ``play_games_kernel`` over ``repeats`` calls of ``games`` games of ``specs`` on ``threads``
    threads, by wall time and by process CPU time (games per CPU-second)."""
    inputs = kernel_inputs(specs)
    play_games_kernel(1, range(4), inputs, threads)  # compiled
    best = best_cpu = 0.0
    for r in range(repeats):
        cpu, start = time.process_time(), time.perf_counter()
        play_games_kernel(1, range(r * games, (r + 1) * games), inputs, threads)
        best = max(best, games / (time.perf_counter() - start))
        best_cpu = max(best_cpu, games / (time.process_time() - cpu))
    return best, best_cpu


def chunk_rate(games: int, specs=RANDOM) -> float:
    """Games/s of ``play_chunk_kernel`` (the kernel, then the run's pyarrow tables) on every thread."""
    config = RunConfig(specs, make_rules(), chunk_games=games, seed=1, game="saint")
    play_chunk_kernel(RunConfig(specs, make_rules(), chunk_games=2, seed=1, game="saint"), 0)
    start = time.perf_counter()
    play_chunk_kernel(config, 0)
    return games / (time.perf_counter() - start)


def reference_rate(games: int, specs=RANDOM) -> float:
    """Games/s of the reference engine (``play_game``) over ``games`` games of ``specs``."""
    agents = [make_agent(spec) for spec in specs]
    start = time.perf_counter()
    for g in range(games):
        play_game(SEATS, 1, g, agents)
    return games / (time.perf_counter() - start)


def simulate_seconds(games: int, workers: int) -> float:
    """Wall seconds of ``sniper simulate --game saint`` of ``MIX`` for ``games`` games on ``workers`` cores (a new
    process, kernels cached)."""
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "sniper", "simulate", "--game", "saint", "--players", str(SEATS)]
        command += ["--agents", ",".join(MIX), "--hands", str(games * 8), "--workers", str(workers)]
        command += ["--out", f"{tmp}/run", "--quiet"]
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200000, help="random games per kernel call")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--reference-games", type=int, default=200)
    parser.add_argument("--mix-games", type=int, default=2000, help="kernel games of the default levels")
    parser.add_argument("--mix-reference-games", type=int, default=10)
    parser.add_argument("--simulate-games", type=int, default=5000, help="games of `sniper simulate`")
    args = parser.parse_args()
    load_before = os.getloadavg()
    one = kernel_rate(args.games, args.repeats, 1)
    two = kernel_rate(args.games, args.repeats, 2)
    chunk = chunk_rate(args.games // 4)
    reference = reference_rate(args.reference_games)
    mix_one = kernel_rate(args.mix_games, 1, 1, MIX)
    mix_two = kernel_rate(args.mix_games, 1, 2, MIX)
    mix_reference = reference_rate(args.mix_reference_games, MIX)
    simulate_warm = simulate_seconds(20, 2)  # the kernels compiled and cached once
    simulate = simulate_seconds(args.simulate_games, 2)
    load_after = os.getloadavg()
    before, after = (f"{load[0]:.2f} {load[1]:.2f}" for load in (load_before, load_after))
    print(f"load average before {before}, after {after}")
    print(f"random {SEATS}-player games/s inside the kernel: 1 thread {one[0]:,.0f} ({one[1]:,.0f} per CPU-s), "
          f"2 threads {two[0]:,.0f} ({two[1]:,.0f} per CPU-s)")  # fmt: skip
    print(f"random games/s as a run's tables (play_chunk_kernel): {chunk:,.0f}")
    print(f"random games/s of the reference engine: {reference:,.1f} (kernel on 1 thread: x{one[0] / reference:,.0f})")
    print(f"default levels {','.join(MIX)}: kernel 1 thread {mix_one[0]:,.0f} games/s, 2 threads {mix_two[0]:,.0f}; "
          f"reference {mix_reference:,.2f} games/s (x{mix_one[0] / mix_reference:,.0f})")  # fmt: skip
    rate = args.simulate_games / simulate
    print(f"sniper simulate --game saint, {args.simulate_games} games of the default levels, 2 workers: "
          f"{simulate:.1f} s ({rate:,.0f} games/s; 20 games, first: {simulate_warm:.1f} s)")  # fmt: skip


if __name__ == "__main__":
    main()
