"""End-to-end `simulate` throughput and the cost of the actions table, before/after, in one sitting.

Each measurement runs `sniper.runs.runner.simulate` in a fresh subprocess from a checkout (``--tree``
options: this checkout, and e.g. ``git worktree add /tmp/before <commit>`` for the code before),
after a warm-up run that loads the compiled kernels, with the checkout's own default chunk size
for the run (``RunOptions.config``; 200 games where it has none), and reports wall-clock hands/s and the
process's CPU time per hand (user + system, all threads: robust to other jobs on a shared
machine). ``--no-actions`` variants replace this checkout's chunk function by one that records no
actions and writes empty actions parts, so the difference is the whole cost of the actions table
(recording in the kernel, building and writing it).

    python experiments/bench_writer.py --hands 1e6 --tree before=/tmp/before --tree v0.1=/tmp/v01
    python experiments/bench_writer.py --hands 1e5 --agents easy,normal,hard,hard --repeats 1
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, resource, sys, tempfile, time
from pathlib import Path
agents, hands, no_actions = sys.argv[1].split(","), int(float(sys.argv[2])), sys.argv[3] == "1"
import sniper.runs.runner as runner
try:  # the run's config has had its own module since the runner was split (issue 28)
    from sniper.runs.config import RunConfig, RunOptions
except ImportError:
    RunConfig, RunOptions = runner.RunConfig, getattr(runner, "RunOptions", None)
from sniper.games.sniper_holdem.rules import make_rules
if no_actions:
    from sniper.core.tables import Chunk, to_table
    from sniper.games.sniper_holdem.kernel_engine import play_chunk_kernel
    from sniper.games.sniper_holdem.results import ACTION_COLUMNS

    def hands_only(config, chunk):
        table, counts = play_chunk_kernel(config, chunk)
        actions = to_table({name: [] for name in ACTION_COLUMNS}, ACTION_COLUMNS)
        return Chunk({"hands": table, "actions": actions}, counts)

    runner.play_chunk_tables = hands_only
root = Path(tempfile.mkdtemp())
runner.simulate(RunConfig(tuple(agents), make_rules(), seed=1, hands=2000, chunk_games=20), root / "warm")
try:  # the checkout's own default chunk size for this run (0.1 and 0.2 always used 200 games)
    chunk_games = RunOptions(players=len(agents), hands=hands, agents=",".join(agents)).config().chunk_games
except (AttributeError, TypeError):
    chunk_games = 200
config = RunConfig(tuple(agents), make_rules(), seed=0, hands=hands, chunk_games=chunk_games)
usage = resource.getrusage(resource.RUSAGE_SELF)
started = time.perf_counter()
result = runner.simulate(config, root / "run")
wall = time.perf_counter() - started
after = resource.getrusage(resource.RUSAGE_SELF)
cpu = after.ru_utime - usage.ru_utime + after.ru_stime - usage.ru_stime
size = sum(p.stat().st_size for p in (root / "run").rglob("*.parquet"))
print(json.dumps({"hands": result.hands, "wall": wall, "cpu": cpu, "mb": size / 1e6}))
"""


def measure(tree: Path, agents: str, hands: float, no_actions: bool) -> dict:
    """One `simulate` in a subprocess run from ``tree``: hands, wall and CPU seconds, parquet MB."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, agents, str(hands), "1" if no_actions else "0"],
        cwd=tempfile.gettempdir(),
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=float, default=1e6)
    parser.add_argument("--agents", default="easy,easy,easy,easy")
    parser.add_argument("--tree", action="append", default=[], help="NAME=PATH of another checkout to measure")
    parser.add_argument("--repeats", type=int, default=2, help="rounds over all variants; the best is kept")
    args = parser.parse_args()
    variants = [(name, Path(path), False) for name, path in (t.split("=", 1) for t in args.tree)]
    variants += [("this checkout", HERE, False), ("this checkout, no actions", HERE, True)]
    best: dict[str, dict] = {}
    print(f"load average before: {os.getloadavg()}")
    for _ in range(args.repeats):
        for name, tree, no_actions in variants:
            got = measure(tree, args.agents, args.hands, no_actions)
            if name not in best or got["wall"] < best[name]["wall"]:
                best[name] = got
    print(f"load average after: {os.getloadavg()}")
    print(f"agents {args.agents}, {args.hands:,.0f} hands, best of {args.repeats}")
    print("| variant | hands | wall s | hands/s | CPU µs/hand | parquet MB |")
    print("|---|---|---|---|---|---|")
    for name, got in best.items():
        rate = got["hands"] / got["wall"]
        per = got["cpu"] / got["hands"] * 1e6
        print(f"| {name} | {got['hands']:,} | {got['wall']:.1f} | {rate:,.0f} | {per:.2f} | {got['mb']:.1f} |")
    if "this checkout" in best:
        full, bare = best["this checkout"], best["this checkout, no actions"]
        share = (full["wall"] - bare["wall"]) / full["wall"]
        print(f"actions table: {share:.1%} of the wall time, {(full['cpu'] - bare['cpu']) / full['cpu']:.1%} of CPU")


if __name__ == "__main__":
    main()
