"""`sniper summary DIR` on a large run, before/after, in one sitting: the whole command's wall time.

Makes the run once (``--agents`` seats, four by default, kernel engine) unless ``--run`` names
one, then runs ``python -m sniper summary DIR`` in a fresh process from each checkout (``--tree``
options, e.g. ``git worktree add --detach /tmp/before <commit>``, then this checkout), alternating,
and reports wall and CPU seconds (user + system) per run, with the load average. Every checkout
must print the same table.

    python experiments/bench_summary.py --hands 2e6 --tree before=/tmp/before --repeats 3
"""

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def summary(tree: Path, run: Path) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds and the table of one `sniper summary` run from ``tree``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "sniper", "summary", str(run)],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree), "COLUMNS": "100"},
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stdout.split("\n", 1)[1]  # without the header line naming the directory


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="2e6")
    parser.add_argument("--agents", default="easy")
    parser.add_argument("--run", type=Path, help="an existing run directory (default: make one)")
    parser.add_argument("--tree", action="append", default=[], help="NAME=PATH of another checkout")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    run = args.run
    if run is None:
        run = Path(tempfile.mkdtemp(prefix="bench-summary-")) / "run"
        simulate = [sys.executable, "-m", "sniper", "simulate", "--agents", args.agents, "--hands", args.hands]
        subprocess.run([*simulate, "--out", str(run), "--quiet"], cwd=HERE, check=True, capture_output=True)
    trees = [(name, Path(path)) for name, path in (t.split("=", 1) for t in args.tree)] + [("this checkout", HERE)]
    print(f"{run}, load average {os.getloadavg()[0]:.2f}")
    tables = {}
    for repeat in range(args.repeats):
        for name, tree in trees:
            wall, cpu, table = summary(tree, run)
            tables[name] = table
            print(f"{name}: {wall:.2f} s wall, {cpu:.2f} s CPU (repeat {repeat + 1})")
    print(f"load average {os.getloadavg()[0]:.2f}; same table: {len(set(tables.values())) == 1}")
    print(tables["this checkout"])


if __name__ == "__main__":
    main()
