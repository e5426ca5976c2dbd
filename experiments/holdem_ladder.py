"""A smoke ladder of the Hold'em levels (GAMES.md H12): duplicate heads-up duels, untuned defaults.

    python experiments/holdem_ladder.py [--deals 1500] [--seed 202] [--pairs easy:random,normal:easy,...]

Not a test and not the issue's ladder (that one is ``sniper duel --game holdem`` once the game is
registered, with 6-seat tables too). Each deal ``i`` is hand ``i`` of game 0 of run ``seed``, played
twice on a fresh ``HoldemTable`` of one hand (200 chips each, H1; the button on seat ``i % 2``): once
with level A on seat 0, once with A on seat 1, so both levels hold the same cards in turn (duplicate
play). A deal's result is A's chips over its two hands; the table prints A's chips per hand, big
blinds per 100 hands (bb/100 = chips per hand / 2 × 100) and a normal 95% CI over the deals
(± 1.96 sd / sqrt(deals)). Every decision draws from the table's own stream (``HoldemTable.stream``).

First run (2026-12-02, defaults, seed 202, 1,500 deals = 3,000 hands per duel, load average ≈ 1.9):

| A vs B | chips/hand A | 95% CI | bb/100 A | 95% CI | seconds |
|---|---|---|---|---|---|
| easy vs random | +8.07 | [+5.96, +10.17] | +403 | [+298, +508] | 4 |
| normal vs easy | -0.59 | [-1.48, +0.30] | -30 | [-74, +15] | 31 |
| hard vs normal | +2.83 | [+1.64, +4.01] | +141 | [+82, +201] | 131 |
| hard vs random | +8.97 | [+7.11, +10.83] | +449 | [+356, +542] | 76 |

easy beats random and hard beats normal and random clearly; normal does *not* beat easy yet (its CI
holds 0): the untuned ladder is easy ≈ normal < hard. Tuning comes next.
"""

import argparse
import math
import os
import time

from sniper.games.holdem.engine import DEAL
from sniper.games.holdem.levels import make_level
from sniper.games.holdem.rules import BIG_BLIND, STARTING_STACK
from sniper.games.holdem.table import HoldemTable

PAIRS = (("easy", "random"), ("normal", "easy"), ("hard", "normal"), ("hard", "random"))
"""The duels (A, B) played by default: each level against the one below it, and hard against random."""


def play_hand(agents, seed: int, deal: int) -> tuple[int, ...]:
    """Chips won per seat in hand ``deal`` of game 0 of run ``seed``, heads-up from 200 chips each,
    ``agents[s]`` playing seat ``s``, the button on seat ``deal % 2``."""
    table = HoldemTable(2, seed, 0, hand_limit=deal + 1, stacks=[STARTING_STACK] * 2, button=deal % 2, hand=deal)
    table.apply(DEAL)
    while not table.hand_over():
        seat = table.current_player()
        table.apply(agents[seat].act(table.observe(seat), table.stream()))
    return table.returns()


def duel(a: str, b: str, seed: int, deals: int) -> dict[str, float]:
    """A's result against B over ``deals`` duplicate deals: chips per hand, bb/100 and their 95% CIs."""
    first, second = make_level(a), make_level(b)
    results = []
    for deal in range(deals):
        ahead = play_hand((first, second), seed, deal)[0]
        behind = play_hand((second, first), seed, deal)[1]
        results.append(ahead + behind)
    mean = sum(results) / deals
    sd = math.sqrt(sum((r - mean) ** 2 for r in results) / (deals - 1))
    half = 1.96 * sd / math.sqrt(deals)
    per_hand, per_hand_half = mean / 2, half / 2
    bb100 = 100 / BIG_BLIND
    return {
        "hands": 2 * deals,
        "chips_per_hand": per_hand,
        "ci": (per_hand - per_hand_half, per_hand + per_hand_half),
        "bb100": per_hand * bb100,
        "bb100_ci": ((per_hand - per_hand_half) * bb100, (per_hand + per_hand_half) * bb100),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1500, help="duplicate deals per duel (2 hands each)")
    parser.add_argument("--seed", type=int, default=202, help="the run seed of the decks and decisions")
    parser.add_argument("--pairs", default=",".join(f"{a}:{b}" for a, b in PAIRS), help="A:B,A:B,...")
    args = parser.parse_args()
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",")]
    print(f"load average {os.getloadavg()[0]:.2f}; seed {args.seed}; {args.deals:,} duplicate deals per duel")
    print("| A vs B | hands | chips/hand A | 95% CI | bb/100 A | 95% CI | seconds |")
    print("|---|---|---|---|---|---|---|")
    for a, b in pairs:
        started = time.perf_counter()
        r = duel(a, b, args.seed, args.deals)
        lo, hi = r["ci"]
        blo, bhi = r["bb100_ci"]
        print(
            f"| {a} vs {b} | {r['hands']:,} | {r['chips_per_hand']:+.2f} | [{lo:+.2f}, {hi:+.2f}] "
            f"| {r['bb100']:+.0f} | [{blo:+.0f}, {bhi:+.0f}] | {time.perf_counter() - started:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
