"""Cold start per command: how long the first run after install spends compiling the numba kernels.

Each command runs twice as a subprocess (``python -m sniper …``) with the same fresh
``NUMBA_CACHE_DIR`` (a temporary directory): the first run compiles everything it needs (cold),
the second loads it from that cache (warm). Compile time ≈ cold − warm. Wall and CPU seconds
(user + system of the child and its own children: the warm-up compiles in two processes at once)
are printed with the load average; wall time is what a user waits, CPU time what the machine
spends (on a shared machine compare CPU seconds); compare checkouts only within one sitting.

Usage: ``python experiments/bench_compile.py [--repo DIR ...] [--repeats 1]``; ``--repo`` runs
the commands from other checkouts (e.g. ``git worktree add /tmp/old main@{1}``) for a
before/after table in one sitting. Commands that a checkout does not have are reported as failed.
"""

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMANDS = {
    "sniper duel easy hard": ["duel", "easy", "hard", "--hands", "200", "--json"],
    "sniper simulate (default agents)": [
        "simulate",
        "--players",
        "4",
        "--hands",
        "400",
        "--quiet",
        "--out",
        "{tmp}/run",
    ],
    "sniper equity": ["equity", "--hole", "7", "7", "--board", "7", "2", "--opponents", "3", "--samples", "1000"],
}
"""Commands timed: the two of the cold-start goal (issue 8) and the rollout-only ``equity``."""


def run(repo: Path, argv: list[str], env: dict[str, str], tmp: str) -> tuple[float, float, bool]:
    """``(wall seconds, child CPU seconds, succeeded)`` of one ``python -m sniper`` run in ``repo``."""
    argv = [a.format(tmp=tmp) for a in argv]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "sniper", *argv], cwd=repo, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode == 0


def measure(repo: Path, argv: list[str]) -> tuple[tuple[float, float], tuple[float, float], bool]:
    """Cold and warm ``(wall, CPU)`` seconds of ``argv`` in ``repo`` with one fresh numba cache."""
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as tmp:
        env = os.environ | {"NUMBA_CACHE_DIR": cache, "PYTHONPATH": str(repo)}
        cold_wall, cold_cpu, ok_cold = run(repo, argv, env, tmp)
        with tempfile.TemporaryDirectory() as tmp2:
            warm_wall, warm_cpu, ok_warm = run(repo, argv, env, tmp2)
    return (cold_wall, cold_cpu), (warm_wall, warm_cpu), ok_cold and ok_warm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", action="append", type=Path, help="checkout to run (default: this one)")
    parser.add_argument("--repeats", type=int, default=1, help="cold/warm pairs per command (best kept)")
    args = parser.parse_args()
    repos = args.repo or [Path(__file__).resolve().parent.parent]
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print(
        "| checkout | command | cold wall s | cold CPU s | warm wall s | warm CPU s "
        "| compile wall s (cold − warm) | compile CPU s (cold − warm) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name, argv in COMMANDS.items():
        for repo in repos:
            best = None
            for _ in range(args.repeats):
                cold, warm, ok = measure(repo, argv)
                if best is None or cold[1] < best[0][1]:
                    best = (cold, warm, ok)
            (cold_wall, cold_cpu), (warm_wall, warm_cpu), ok = best
            note = "" if ok else " (failed)"
            print(
                f"| {repo.name} | `{name}`{note} | {cold_wall:.1f} | {cold_cpu:.1f} | {warm_wall:.1f} | {warm_cpu:.1f} "
                f"| {cold_wall - warm_wall:.1f} | {cold_cpu - warm_cpu:.1f} |",
                flush=True,
            )
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
