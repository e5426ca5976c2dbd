"""Benchmark of the evaluator and rollout kernels (a script, not a test).

Run: ``python experiments/bench_kernels.py [--hands N] [--rollouts N]``. Prints evaluations/s of
the reference evaluator (``sniper.games.sniper_holdem.hands.best_hand``), of the kernel on one thread and on all
threads, rollouts/s (3 opponents, board of 2 cards) on one and all threads, the cold
compile + table-build time (a subprocess with a fresh ``NUMBA_CACHE_DIR``) and the warm time (the
same again with that cache filled), and eval7/treys if importable. The machine is noisy: compare
ratios from one run. Targets: ≥250 M hands/s on 1 thread, ≥400 M/s on 2, rollouts ≥20 M/s on 1
thread, cold compile ≤5 s, warm ≤1 s.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

import numba
import numpy as np

from kernels.sniper_holdem.evaluator import evaluate_into_nb, evaluate_par_into_nb, tables
from kernels.sniper_holdem.evaluator import warmup as warmup_evaluator
from kernels.sniper_holdem.rollout import new_rollout_scratch, rollout_nb
from kernels.sniper_holdem.rollout import warmup as warmup_rollout
from sniper.games.sniper_holdem.hands import best_hand
from sniper.games.sniper_holdem.rollout import kernel_rollout

COMPILE_SNIPPET = """
import time
t0, c0 = time.perf_counter(), time.process_time()
import kernels.sniper_holdem.deck, kernels.sniper_holdem.evaluator, kernels.sniper_holdem.rollout
import numpy as np
kernels.sniper_holdem.evaluator.warmup()
kernels.sniper_holdem.rollout.warmup()
kernels.sniper_holdem.deck.shuffled_deck_nb(np.uint64(1), 0, 0, 40, np.zeros(40, np.uint8))
print(time.perf_counter() - t0, time.process_time() - c0)
"""


def best_of(fn, repeats: int = 5) -> float:
    """Fastest of ``repeats`` timings of ``fn()`` in seconds."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def random_hands(n: int, seed: int = 0) -> np.ndarray:
    """``n`` random 6-card deals from the 40-card deck, ``uint8 (n, 6)``."""
    generator = np.random.default_rng(seed)
    chunk = min(n, 1_000_000)
    deals = np.argsort(generator.random((chunk, 40)), axis=1)[:, :6] // 4 + 1
    return np.ascontiguousarray(np.resize(deals.astype(np.uint8), (n, 6)))


def compile_times() -> list[tuple[float, float]]:
    """Cold (empty cache) and warm (cache filled) (wall, CPU) seconds to import, build tables and compile."""
    with tempfile.TemporaryDirectory() as cache:
        env = os.environ | {"NUMBA_CACHE_DIR": cache}
        times = []
        for _ in range(2):
            out = subprocess.run(
                [sys.executable, "-c", COMPILE_SNIPPET], env=env, capture_output=True, text=True, check=True
            )
            wall, cpu = map(float, out.stdout.split()[-2:])
            times.append((wall, cpu))
    return times


def bench_others(cards: np.ndarray) -> dict[str, float]:
    """Hands/s of eval7 and treys on 7-card Hold'em hands, if they are installed."""
    rates = {}
    try:
        import eval7

        deck = eval7.Deck()
        hands = [deck.sample(7) for _ in range(20_000)]
        rates["eval7 (7-card Hold'em)"] = len(hands) / best_of(lambda: [eval7.evaluate(h) for h in hands], 3)
    except ImportError:
        pass
    try:
        from treys import Deck, Evaluator

        evaluator = Evaluator()
        hands = [Deck().draw(7) for _ in range(5_000)]
        rates["treys (7-card Hold'em)"] = len(hands) / best_of(
            lambda: [evaluator.evaluate(h[:2], h[2:]) for h in hands], 3
        )
    except ImportError:
        pass
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000_000)
    parser.add_argument("--rollouts", type=int, default=10_000_000)
    args = parser.parse_args()
    threads = numba.config.NUMBA_NUM_THREADS

    (cold, cold_cpu), (warm, warm_cpu) = compile_times()
    print(f"compile + table build: cold {cold:.2f} s ({cold_cpu:.2f} s CPU), warm {warm:.2f} s ({warm_cpu:.2f} s CPU)")
    print(f"machine load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")

    warmup_evaluator()
    warmup_rollout()
    t = tables()
    cards = random_hands(args.hands)
    out = np.empty(len(cards), np.int32)

    sample = [(tuple(int(c) for c in row[:2]), tuple(int(c) for c in row[2:])) for row in cards[:20_000]]
    reference = len(sample) / best_of(lambda: [best_hand(p, b) for p, b in sample], 2)
    print(f"reference best_hand: {reference / 1e3:.1f} k hands/s")

    numba.set_num_threads(1)
    one = len(cards) / best_of(lambda: evaluate_into_nb(cards, t.base, out))
    numba.set_num_threads(threads)
    par = len(cards) / best_of(lambda: evaluate_par_into_nb(cards, t.base, out))
    print(f"kernel evaluate, 1 thread: {one / 1e6:.0f} M hands/s ({one / reference:,.0f}x reference)")
    print(f"kernel evaluate, {threads} threads: {par / 1e6:.0f} M hands/s ({par / one:.2f}x 1 thread)")

    position = (
        np.array([7, 9], np.uint8),
        np.array([3, 8], np.uint8),
        3,
        np.zeros(0, np.int64),
        np.zeros(61),
        0,
        np.uint64(99),
        args.rollouts,
        t.base,
        t.snipe,
    )
    numba.set_num_threads(1)
    scratch = new_rollout_scratch()
    one_thread = (*position, 0, t.category, np.zeros(3, np.int64), 0.0, scratch)
    r_one = args.rollouts / best_of(lambda: rollout_nb(*one_thread), 3)
    numba.set_num_threads(threads)
    r_par = args.rollouts / best_of(lambda: kernel_rollout((7, 9), (3, 8), 3, key=99, n_samples=args.rollouts), 3)
    print(f"rollout (3 opponents, board of 2), 1 thread: {r_one / 1e6:.1f} M rollouts/s")
    print(f"rollout (3 opponents, board of 2), {threads} threads: {r_par / 1e6:.1f} M rollouts/s")

    for name, rate in bench_others(cards).items():
        print(f"{name}: {rate / 1e6:.2f} M hands/s (kernel 1 thread is {one / rate:,.0f}x)")


if __name__ == "__main__":
    main()
