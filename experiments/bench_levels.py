"""Benchmark: do the Monte Carlo levels run as fast as their rollouts allow? (issue 4 target)

For a table of agents (default four ``hard``) this script, in one run and on one thread:

1. plays ``--games`` games with the reference engine (its rollouts on the bit-identical kernel,
   ``make_agent(..., rollouts="kernel")``), recording every rollout call the agents make: the
   exact positions, keys and sample counts;
2. times the bare rollout kernel (``kernels.sniper_holdem.rollout.rollout_nb``) on exactly those calls: the
   hands/s the rollouts alone would allow is ``hands / that time``;
3. times the game kernel (``sniper.games.sniper_holdem.kernel_engine.play_games_kernel``) on the same games, which
   it plays hand for hand like the reference engine;

and prints the ratio game kernel / rollout bound (target ≥ 0.70), plus the end-to-end
``sniper simulate`` rate of the default mix for comparison.

Usage: ``python experiments/bench_levels.py [--games 300] [--agents hard,hard,hard,hard]``.
"""

import argparse
import inspect
import time

import numba
import numpy as np

import sniper.games.sniper_holdem.agents as agents_module
import sniper.games.sniper_holdem.snipes as snipes_module
from kernels.sniper_holdem.evaluator import tables
from kernels.sniper_holdem.rollout import new_rollout_scratch, rollout_nb
from sniper.games.sniper_holdem.kernel_engine import play_games_kernel
from sniper.games.sniper_holdem.parameters import make_agent
from sniper.games.sniper_holdem.play import play_game
from sniper.games.sniper_holdem.rules import make_rules


def recorded_rollouts(specs: list[str], rules, games: int) -> tuple[list[tuple], int]:
    """Every rollout call of the reference agents over ``games`` games, and the hands played."""
    calls: list[tuple] = []
    original = agents_module.rollout_sums

    signature = inspect.signature(original)

    def recording(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        *call, backend = bound.arguments.values()  # every argument of ``rollout_sums``, its defaults filled in
        calls.append(tuple(call))
        return original(*call, backend)

    agents_module.rollout_sums = snipes_module.rollout_sums = recording  # the levels' and the snipe heuristics'
    try:
        agents = [make_agent(s, rollouts="kernel") for s in specs]
        hands = sum(1 for game in range(games) for _ in play_game(agents, 0, game, rules))
    finally:
        agents_module.rollout_sums = snipes_module.rollout_sums = original
    return calls, hands


def bare_rollout_seconds(calls: list[tuple]) -> float:
    """Wall time of ``rollout_nb`` over exactly the recorded calls (inputs prepared beforehand),
    less the Python call overhead (the same calls with 0 samples), so the bound is the kernel's."""
    t = tables()
    scratch = new_rollout_scratch()
    prepared = []
    for private, board, n_opp, codes, probs, n_future, key, samples, opp_raises, aggression, first in calls:
        probs = np.zeros(61) if probs is None else np.asarray(probs, np.float64)
        prepared.append(
            (
                np.array(private, np.uint8),
                np.array(board, np.uint8),
                n_opp,
                np.array(list(codes), np.int64),
                probs,
                n_future,
                np.uint64(key),
                samples,
                t.base,
                t.snipe,
                first,
                t.category,
                np.array(list(opp_raises) or [0], np.int64),
                aggression,
                scratch,
            )
        )
    empty = [(*args[:7], 0, *args[8:]) for args in prepared]
    rollout_nb(*prepared[0])
    start = time.perf_counter()
    for args in prepared:
        rollout_nb(*args)
    middle = time.perf_counter()
    for args in empty:
        rollout_nb(*args)
    return (middle - start) - (time.perf_counter() - middle)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--agents", default="hard,hard,hard,hard")
    args = parser.parse_args()
    specs = args.agents.split(",")
    rules = make_rules()
    numba.set_num_threads(1)

    calls, hands = recorded_rollouts(specs, rules, args.games)
    samples = sum(call[7] for call in calls)
    bare = bare_rollout_seconds(calls)
    play_games_kernel(specs, rules, 0, np.arange(2))  # compile or load from cache
    start = time.perf_counter()
    _, per_game = play_games_kernel(specs, rules, 0, np.arange(args.games))
    game = time.perf_counter() - start
    assert int(np.sum(per_game)) == hands, "kernel and reference played different games"

    bound, rate = hands / bare, hands / game
    print(f"agents {','.join(specs)}; {args.games} games, {hands:,} hands, 1 thread")
    print(f"rollout calls {len(calls):,}, samples {samples:,} ({samples / hands:,.0f} per hand)")
    print(f"bare rollout kernel on those calls: {samples / bare / 1e6:.1f} M samples/s -> {bound:,.0f} hands/s allowed")
    print(f"game kernel: {rate:,.0f} hands/s = {rate / bound:.2f} of the rollout bound (target >= 0.70)")


if __name__ == "__main__":
    main()
