"""A smoke ladder of the five-card draw levels (GAMES.md D11): duplicate heads-up duels on the reference.

    python experiments/draw_ladder.py [--deals 1000] [--seed 404] [--pairs easy:random,normal:easy,...]
                                      [--set hard.samples=32,...]

A player ``X/Y`` bets as level X and draws as level Y (``sniper.games.draw.agents.SplitAgent``, the game's
split agent spec ``BET/DRAW``): ``hard/normal:normal`` asks what hard's betting wins with normal's draws.
The held-out answer, with the kernel and ``sniper duel``, is experiments/README.md, "Five-card draw: how
much of hard's edge is its draws".

Not a test and not the issue's ladder (that one is ``sniper duel --game draw`` once the game is
registered, with 4-seat tables and held-out seeds). Each deal ``i`` is hand ``i`` of game 0 of run
``seed``, played twice on a fresh ``DrawTable`` of one hand (100 chips each, D1; the button on seat
``i % 2``): once with level A on seat 0, once with A on seat 1, so both levels hold the same cards
in turn (duplicate play; the draws differ once the players discard differently). A deal's result
is A's chips over its two hands; the table prints A's chips per hand, small bets per 100 hands
(sb/100 = chips per hand / 2 × 100, D3's small bet) and a normal 95% CI over the deals (± 1.96 sd /
sqrt(deals)). Every decision draws from the table's own stream (``DrawTable.stream``).

Results: the issue's ladder in docs/draw.md, "Engines, levels, ladder and speed"; the split agents in
experiments/README.md, "Five-card draw: how much of hard's edge is its draws".
"""

import argparse
import math
import os
import time

from sniper.games.draw.agents import SplitAgent, make_level
from sniper.games.draw.engine import DEAL
from sniper.games.draw.rules import BET_SIZES, STARTING_STACK
from sniper.games.draw.table import DrawTable

PAIRS = (("easy", "random"), ("normal", "easy"), ("hard", "normal"), ("hard", "easy"))
"""The duels (A, B) played by default: each level against the one below it, and hard against easy."""


def player(name: str, settings: dict[str, dict[str, float]]):
    """The level ``name`` with its ``settings``, or a ``SplitAgent`` for ``betting/drawing``."""
    if "/" in name:
        bet, draw = name.split("/")
        return SplitAgent(player(bet, settings), player(draw, settings))
    return make_level(name, **settings.get(name, {}))


def play_hand(agents, seed: int, deal: int) -> tuple[int, ...]:
    """Chips won per seat in hand ``deal`` of game 0 of run ``seed``, heads-up from 100 chips each,
    ``agents[s]`` playing seat ``s``, the button on seat ``deal % 2``."""
    table = DrawTable(2, seed, 0, hand_limit=deal + 1, stacks=[STARTING_STACK] * 2, button=deal % 2, hand=deal)
    table.apply(DEAL)
    while not table.hand_over():
        seat = table.current_player()
        table.apply(agents[seat].act(table.observe(seat), table.stream()))
    return table.returns()


def duel(a, b, seed: int, deals: int) -> dict[str, float]:
    """Agent A's result against agent B over ``deals`` duplicate deals: chips per hand, sb/100 and 95% CIs."""
    results = []
    for deal in range(deals):
        ahead = play_hand((a, b), seed, deal)[0]
        behind = play_hand((b, a), seed, deal)[1]
        results.append(ahead + behind)
    mean = sum(results) / deals
    sd = math.sqrt(sum((r - mean) ** 2 for r in results) / (deals - 1))
    half = 1.96 * sd / math.sqrt(deals)
    per_hand, per_hand_half = mean / 2, half / 2
    sb100 = 100 / BET_SIZES[0]
    return {
        "hands": 2 * deals,
        "chips_per_hand": per_hand,
        "ci": (per_hand - per_hand_half, per_hand + per_hand_half),
        "sb100": per_hand * sb100,
        "sb100_ci": ((per_hand - per_hand_half) * sb100, (per_hand + per_hand_half) * sb100),
    }


def parse_settings(text: str) -> dict[str, dict[str, float]]:
    """``level.name=value,...`` as ``level → name → value`` (ints stay ints)."""
    settings: dict[str, dict[str, float]] = {}
    for item in filter(None, text.split(",")):
        name, raw = item.split("=")
        level, parameter = name.split(".")
        settings.setdefault(level, {})[parameter] = int(raw) if raw.lstrip("-").isdigit() else float(raw)
    return settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="duplicate deals per duel (2 hands each)")
    parser.add_argument("--seed", type=int, default=404, help="the run seed of the decks and decisions")
    parser.add_argument("--pairs", default=",".join(f"{a}:{b}" for a, b in PAIRS), help="A:B,A:B,...")
    parser.add_argument("--set", default="", help="parameters, level.name=value,...")
    args = parser.parse_args()
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",")]
    settings = parse_settings(args.set)
    print(f"load average {os.getloadavg()[0]:.2f}; seed {args.seed}; {args.deals:,} duplicate deals per duel")
    print("| A vs B | hands | chips/hand A | 95% CI | sb/100 A | 95% CI | seconds |")
    print("|---|---|---|---|---|---|---|")
    for a, b in pairs:
        started = time.perf_counter()
        r = duel(player(a, settings), player(b, settings), args.seed, args.deals)
        lo, hi = r["ci"]
        slo, shi = r["sb100_ci"]
        print(
            f"| {a} vs {b} | {r['hands']:,} | {r['chips_per_hand']:+.3f} | [{lo:+.3f}, {hi:+.3f}] "
            f"| {r['sb100']:+.1f} | [{slo:+.1f}, {shi:+.1f}] | {time.perf_counter() - started:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
