"""Local best response against every level of a game (issue 32): win rates and speed.

    python experiments/lbr.py [--game holdem|sniper|draw] [--hands random=2000,hard=400,...] [--seed 32]
                              [--workers 2] [--model-samples 64] [--json experiments/lbr.json]

Runs the game's ``exploit`` (``sniper.games.holdem.lbr.exploit``, ``sniper.games.sniper_holdem.lbr.exploit``,
``sniper.games.draw.lbr.exploit``: what ``sniper exploit LEVEL --game GAME`` prints) against each level in turn
with its default settings (no-limit Hold'em: the paper's ``fcpa`` on the turn and river; Sniper Hold'em: every
action in both rounds; draw: fold, call, raise in both rounds, a range of 128 particles), and prints the date,
the load average, the machine and a markdown table: LBR's win rate in the game's unit (mbb/g, chips/hand;
draw: milli big bets per hand) with its 95% CI, the hands, the wall-clock and CPU seconds per hand (the CPU
time of this process and its worker processes), and the paper's protocol (2 × 50,000 hands) extrapolated to 2
cores from the CPU time per hand. ``--model-samples`` sets the Monte Carlo deals (rollouts) of LBR's model of
a Monte Carlo level (default: 64, at most the level's own samples; draw: the particles of the range, for every
level). Results in docs/exploitability.md and experiments/README.md ("Local best response").
"""

import argparse
import datetime
import json
import os
import platform
import resource
import subprocess
import time

from sniper.core.registry import get_game

HANDS = {"fold": 200, "call": 2000, "random": 2000, "easy": 2000, "normal": 1000, "hard": 400}
"""Hands per level by default (each deal twice)."""
PROTOCOL_HANDS = 100_000
"""The paper's protocol: 2 × 50,000 duplicate hands."""


def cpu_seconds() -> float:
    """CPU seconds of this process and its finished children (user + system)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def machine() -> str:
    """The CPU's model name (``lscpu``'s "Model name"), else ``platform.processor()``."""
    try:
        lines = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout.splitlines()
        return next(line.split(":", 1)[1].strip() for line in lines if line.startswith("Model name"))
    except (OSError, subprocess.CalledProcessError, StopIteration):
        return platform.processor() or "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="holdem", choices=("holdem", "sniper", "draw"))
    parser.add_argument("--hands", default=",".join(f"{k}={v}" for k, v in HANDS.items()))
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--model-samples", type=int, default=None)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    plan = [(k, int(v)) for k, v in (item.split("=") for item in args.hands.split(","))]
    exploit = get_game(args.game).resolve(get_game(args.game).exploit)
    exploit("easy", hands=2)  # compile (numba's cache) before timing
    rows = []
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    loads = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{args.game}, {now}, load average {loads}, {os.cpu_count()} cores ({machine()}), seed {args.seed}")
    unit = None
    for spec, hands in plan:
        wall, cpu = time.time(), cpu_seconds()
        monte_carlo = spec.startswith(("hard", "normal")) or args.game == "draw"  # draw: particles, every level
        samples = args.model_samples if monte_carlo else None
        report = exploit(spec, hands, seed=args.seed, workers=args.workers, model_samples=samples).to_json()
        wall, cpu = (time.time() - wall) / hands, (cpu_seconds() - cpu) / hands
        report.update(wall_per_hand=wall, cpu_per_hand=cpu, load=os.getloadavg()[0], date=now, machine=machine())
        rows.append(report)
        if unit is None:
            unit = report["unit"]
            head = f"| level | LBR {unit} | 95% CI | hands | range resets | wall s/hand | CPU s/hand |"
            print(head + " 100k hands, 2 cores, h |")
            print("|---|---|---|---|---|---|---|---|")
        digits = "+,.0f" if unit.startswith("m") else "+,.2f"
        low, high = report["ci95"]
        ci = "n/a" if low is None else f"[{format(low, digits)}, {format(high, digits)}]"
        hours = cpu * PROTOCOL_HANDS / 2 / 3600
        value = format(report["value"], digits)
        resets = report["range_resets"]
        print(f"| {spec} | {value} | {ci} | {hands:,} | {resets} | {wall:.4f} | {cpu:.4f} | {hours:.2f} |", flush=True)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    main()
