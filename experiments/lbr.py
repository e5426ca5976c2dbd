"""Local best response against every no-limit Hold'em level (issue 32): win rates and speed.

    python experiments/lbr.py [--hands random=2000,hard=400,...] [--seed 32] [--workers 2]
                              [--model-samples 64] [--json experiments/lbr.json]

Runs ``sniper.games.holdem.lbr.exploit`` (what ``sniper exploit LEVEL --game holdem`` prints) against
each level in turn with the paper's settings (``fcpa`` on the turn and river), and prints a markdown
table: LBR's win rate in mbb/g with its 95% CI, the hands, the wall-clock and CPU seconds per hand
(the CPU time of this process and its worker processes), and the paper's protocol (2 × 50,000 hands)
extrapolated to 2 cores from the CPU time per hand. ``--model-samples`` sets the Monte Carlo deals of
LBR's model of ``hard`` (default: hard's own samples). Results in experiments/README.md ("Local best
response").
"""

import argparse
import json
import os
import resource
import time

from sniper.games.holdem.lbr import exploit

HANDS = {"fold": 200, "call": 2000, "random": 2000, "easy": 2000, "normal": 1000, "hard": 400}
"""Hands per level by default (each deal twice)."""
PROTOCOL_HANDS = 100_000
"""The paper's protocol: 2 × 50,000 duplicate hands."""


def cpu_seconds() -> float:
    """CPU seconds of this process and its finished children (user + system)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default=",".join(f"{k}={v}" for k, v in HANDS.items()))
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--model-samples", type=int, default=None)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    plan = [(k, int(v)) for k, v in (item.split("=") for item in args.hands.split(","))]
    exploit("easy", hands=2)  # compile (numba's cache) before timing
    rows = []
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores, seed {args.seed}")
    print("| level | LBR mbb/g | 95% CI | hands | wall s/hand | CPU s/hand | 100k hands on 2 cores, h |")
    print("|---|---|---|---|---|---|---|")
    for spec, hands in plan:
        wall, cpu = time.time(), cpu_seconds()
        samples = args.model_samples if spec.startswith("hard") else None
        report = exploit(spec, hands, seed=args.seed, workers=args.workers, model_samples=samples).to_json()
        wall, cpu = (time.time() - wall) / hands, (cpu_seconds() - cpu) / hands
        report.update(wall_per_hand=wall, cpu_per_hand=cpu, load=os.getloadavg()[0])
        rows.append(report)
        low, high = report["ci95"]
        ci = "n/a" if low is None else f"[{low:+,.0f}, {high:+,.0f}]"
        hours = cpu * PROTOCOL_HANDS / 2 / 3600
        print(f"| {spec} | {report['value']:+,.0f} | {ci} | {hands:,} | {wall:.4f} | {cpu:.4f} | {hours:.2f} |")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    main()
