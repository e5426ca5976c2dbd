"""The level ladder on held-out seeds: every adjacent pair dueled heads-up and at 4 seats (issue 11).

    python experiments/ladder.py [--hands 40000] [--seed 101] [--out experiments/ladder.json]

Plays ``sniper.arena.duel.run_duel`` (duplicate deals, 95% CI over duplicate groups) for easy-random,
normal-easy, hard-normal (and the same pairs of the ``-v1`` levels with ``--v1``), at 2 and 4 seats,
on a seed no tuning study used (the studies tune on even run seeds ``2S`` and validate on ``2S+1``
for small ``S``; 101 is far from those). Prints a markdown table and writes the JSON.
"""

import argparse
import os
import time
from pathlib import Path

from sniper.arena.duel import DuelSetup, run_duel
from sniper.runs.atomic import write_json

PAIRS = (("easy", "random"), ("normal", "easy"), ("hard", "normal"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--v1", action="store_true", help="the -v1 levels (normal-v1, hard-v1)")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    rows = []
    print(f"load average {os.getloadavg()[0]:.2f}; seed {args.seed}; {args.hands:,} hands per duel")
    print("| pair | seats | hands | net/hand A | 95% CI |")
    print("|---|---|---|---|---|")
    for a, b in PAIRS:
        if args.v1:
            a, b = (f"{x}-v1" if x in ("normal", "hard") else x for x in (a, b))
        for players in (2, 4):
            started = time.perf_counter()
            result = run_duel(DuelSetup(a, b, players, seed=args.seed), args.hands)
            low, high = result.ci95
            rows.append(
                {
                    "a": a,
                    "b": b,
                    "players": players,
                    "hands": result.hands,
                    "net_per_hand": result.net_per_hand,
                    "ci95": [low, high],
                    "seconds": round(time.perf_counter() - started, 1),
                }
            )
            ci = f"[{low:+.3f}, {high:+.3f}]"
            print(f"| {a} > {b} | {players} | {result.hands:,} | {result.net_per_hand:+.3f} | {ci} |")
    if args.out:
        write_json(args.out, {"seed": args.seed, "hands": args.hands, "duels": rows})


if __name__ == "__main__":
    main()
