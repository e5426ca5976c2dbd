"""The 52-card evaluator ``kernels.eval52``: every seven-card hand, and its speed beside eval7 and
phevaluator in one sitting (issue 20, item 3; a script, not a test).

(a) Enumerates all C(52, 7) = 133,784,560 seven-card hands (one key and suit mask per prefix of
cards, ``kernels.eval52.value_of_nb`` per hand), counts them per category and checks the counts
against the standard table (``SEVEN_CARD_CATEGORIES``), and counts the distinct values (4,824
classes of seven-card hands); then passes every hand, in blocks of the hands of the same two lowest cards,
through the batch entry points ``values_into_nb`` and ``orders_into_nb`` and counts the hands where either
differs from ``value_of_nb``.

(b) Times, on the same random seven-card hands (``uint8 (n, 7)``), ``values_into_nb`` on one
thread (wall and CPU time, best of ``--repeats``) and ``values_par_into_nb`` on all threads, and
on the first ``--others`` of those hands eval7 (``eval7.evaluate`` on lists of ``eval7.Card``
built beforehand) and phevaluator (its public ``evaluate_7cards`` and its C entry point
``_pheval.evaluate_7cards``, on lists of ints built beforehand), called from Python once per
hand, as their APIs are; and phevaluator's C function ``evaluate_7cards`` (exported by its
extension module) called through ctypes from a numba loop over all the hands: its native speed.
It checks that the three order and tie those hands alike. Prints ``uptime``
before and after: the machine is shared, compare the figures of one run.

(c) With ``--ompeval DIR`` (a checkout of github.com/zekyll/OMPEval, e.g. ``git clone
https://github.com/zekyll/OMPEval /tmp/OMPEval``): compiles ``experiments/ompeval_harness.cpp`` (ours:
OMPEval's own "random order evaluation (card arrays)" loop, each value written to an array) with
``DIR/omp/HandEvaluator.cpp`` into a shared library (``$CXX``, default ``g++``, flags ``--cxxflags``,
default OMPEval's Makefile's ``-O3``), loads it with ctypes and times, on the same random seven-card
hands in this process, ``values_into_nb``, ``orders_into_nb`` and OMPEval on one thread and
(``*_par_into_nb``, OMPEval on ``std::thread``s) on two, in interleaved rounds, best of ``--repeats``
each; prints hands/s and our ratio to OMPEval, and checks that OMPEval orders and ties every hand as
we do. Issue 31's target: ≥ 1.1× OMPEval. Nothing of OMPEval is kept in this repository.

Usage: ``python experiments/eval52.py [--hands 20000000] [--others 1000000] [--repeats 5] [--skip-all]
[--skip-others] [--ompeval DIR [--cxxflags "-O3"]]``. Needs eval7 and phevaluator (``pip install eval7
phevaluator``) unless ``--skip-others``, and a C++11 compiler for ``--ompeval``.
"""

import argparse
import ctypes
import os
import platform
import shlex
import subprocess
import tempfile
import time
from pathlib import Path

import numba
import numpy as np

from kernels.eval52 import (
    BASE,
    EMPTY_KEY,
    card_bit_nb,
    orders_into_nb,
    orders_par_into_nb,
    tables,
    value_of_nb,
    values_into_nb,
    values_par_into_nb,
    warmup,
)
from sniper.games.poker52 import cards as poker52

SEVEN_CARD_CATEGORIES = [23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584]
"""Seven-card hands per category, high card to straight flush (the standard table; 133,784,560 in all)."""
SEVEN_CARD_CLASSES = 4824
"""Distinct values of seven-card hands (the standard count of seven-card equivalence classes)."""


@numba.njit
def enumerate_all_nb(t):
    """Counts per category (``int64 (9,)``) and the number of distinct values of all 7-card hands."""
    counts = np.zeros(9, np.int64)
    seen = np.zeros(9 * BASE**5, np.bool_)
    k = t.card_key
    for a in range(46):
        ka, ma = EMPTY_KEY + k[a], card_bit_nb(a)
        for b in range(a + 1, 47):
            kb, mb = ka + k[b], ma | card_bit_nb(b)
            for c in range(b + 1, 48):
                kc, mc = kb + k[c], mb | card_bit_nb(c)
                for d in range(c + 1, 49):
                    kd, md = kc + k[d], mc | card_bit_nb(d)
                    for e in range(d + 1, 50):
                        ke, me = kd + k[e], md | card_bit_nb(e)
                        for f in range(e + 1, 51):
                            kf, mf = ke + k[f], me | card_bit_nb(f)
                            for g in range(f + 1, 52):
                                v = value_of_nb(kf + k[g], mf | card_bit_nb(g), t)
                                counts[v // BASE**5] += 1
                                seen[v] = True
    return counts, seen.sum()


@numba.njit
def block_nb(a, b, rows):
    """Fill ``rows`` (``uint8 (≥ C(52 - b - 1, 5), 7)``) with the seven-card hands whose two lowest cards are
    ``a < b`` (the others in increasing order); returns the number of hands."""
    n = 0
    for c in range(b + 1, 48):
        for d in range(c + 1, 49):
            for e in range(d + 1, 50):
                for f in range(e + 1, 51):
                    for g in range(f + 1, 52):
                        rows[n, 0], rows[n, 1], rows[n, 2], rows[n, 3] = a, b, c, d
                        rows[n, 4], rows[n, 5], rows[n, 6] = e, f, g
                        n += 1
    return n


@numba.njit
def block_values_nb(rows, t, want):
    """``value_of_nb`` of each row of ``rows`` (``uint8 (n, 7)``) into ``want`` (``int32 (n,)``)."""
    k = t.card_key
    for i in range(rows.shape[0]):
        key, mask = EMPTY_KEY, np.uint64(0)
        for j in range(7):
            key += k[rows[i, j]]
            mask |= card_bit_nb(rows[i, j])
        want[i] = value_of_nb(key, mask, t)


def check_batch_entry_points(t) -> int:
    """The number of seven-card hands (all of them, in blocks) where ``values_into_nb`` or ``orders_into_nb``
    (through ``order_value``) differs from ``value_of_nb``."""
    rows = np.empty((2_118_760, 7), np.uint8)  # C(50, 5): the largest block, a = 0 and b = 1
    values, orders, want = np.empty(len(rows), np.int32), np.empty(len(rows), np.uint16), np.empty(len(rows), np.int32)
    wrong = 0
    for a in range(46):
        for b in range(a + 1, 47):
            n = block_nb(a, b, rows)
            values_into_nb(rows[:n], t, values[:n])
            orders_into_nb(rows[:n], t, orders[:n])
            block_values_nb(rows[:n], t, want[:n])
            wrong += int(((values[:n] != want[:n]) | (t.order_value[orders[:n]] != want[:n])).sum())
    return wrong


def deal(n: int, seed: int = 0) -> np.ndarray:
    """``n`` uniform random seven-card hands, ``uint8 (n, 7)`` (draws with a repeated card are redrawn)."""
    generator, hands = np.random.default_rng(seed), np.empty((0, 7), np.uint8)
    while len(hands) < n:
        drawn = generator.integers(0, poker52.DECK_SIZE, (n, 7), dtype=np.uint8)
        ordered = np.sort(drawn, axis=1)
        hands = np.vstack([hands, drawn[(ordered[:, 1:] != ordered[:, :-1]).all(axis=1)]])
    return np.ascontiguousarray(hands[:n])


def best_of(fn, repeats: int) -> tuple[float, float]:
    """Fastest wall and fastest CPU (this thread) seconds of ``repeats`` calls of ``fn()``."""
    wall = cpu = float("inf")
    for _ in range(repeats):
        t0, c0 = time.perf_counter(), time.thread_time()
        fn()
        wall, cpu = min(wall, time.perf_counter() - t0), min(cpu, time.thread_time() - c0)
    return wall, cpu


def same_order(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether ``a`` and ``b`` (``(n,)``) order and tie the n hands alike (larger better in both)."""
    pairs = np.unique(np.stack([a, b], axis=1), axis=0)
    return len(pairs) == len(np.unique(a)) == len(np.unique(b)) and bool((np.diff(pairs[:, 1]) > 0).all())


def phevaluator_native():
    """A numba loop ``(hands uint8 (n, 7), out int32 (n,))`` calling phevaluator's C
    ``evaluate_7cards`` (rank 1 best) through ctypes, without Python between hands."""
    from phevaluator import _pheval

    evaluate = ctypes.CDLL(_pheval.__file__).evaluate_7cards
    evaluate.argtypes, evaluate.restype = [ctypes.c_int] * 7, ctypes.c_int

    @numba.njit
    def loop(hands, out):
        for i in range(hands.shape[0]):
            r = hands[i]
            i32 = np.int32
            out[i] = evaluate(i32(r[0]), i32(r[1]), i32(r[2]), i32(r[3]), i32(r[4]), i32(r[5]), i32(r[6]))

    return loop


def uptime() -> str:
    """The ``uptime`` line (load averages over 1, 5 and 15 minutes)."""
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def check_all_hands(t) -> None:
    """Part (a): every seven-card hand, counted per category against the standard table."""
    enumerate_all_nb(t)  # compile
    t0 = time.perf_counter()
    counts, classes = enumerate_all_nb(t)
    seconds = time.perf_counter() - t0
    print(f"(a) all {counts.sum():,} seven-card hands in {seconds:.2f} s ({counts.sum() / seconds / 1e6:.0f} M/s)")
    for name, got, want in zip(poker52.CATEGORIES, counts.tolist(), SEVEN_CARD_CATEGORIES):
        print(f"  {name:16s} {got:>11,} {'ok' if got == want else f'WRONG, the table says {want:,}'}")
    print(f"  distinct values {classes:,} ({'ok' if classes == SEVEN_CARD_CLASSES else 'WRONG'})")
    t0 = time.perf_counter()
    wrong = check_batch_entry_points(t)
    seconds = time.perf_counter() - t0
    print(f"  values_into_nb and orders_into_nb on all of them, in blocks: {wrong:,} differ ({seconds:.1f} s)")


def benchmark(t, n: int, n_others: int, repeats: int) -> None:
    """Part (b): hands/s of the kernel, eval7 and phevaluator on the same random hands."""
    import eval7
    from phevaluator import _pheval, evaluate_7cards

    hands = deal(n)
    out = np.empty(n, np.int32)
    threads = numba.config.NUMBA_NUM_THREADS
    wall, cpu = best_of(lambda: values_into_nb(hands, t, out), repeats)
    print(f"(b) {n:,} random seven-card hands")
    print(f"  kernels.eval52, 1 thread: {n / wall / 1e6:.1f} M hands/s ({n / cpu / 1e6:.1f} M per CPU-second)")
    par, _ = best_of(lambda: values_par_into_nb(hands, t, out), repeats)
    print(f"  kernels.eval52, {threads} threads: {n / par / 1e6:.1f} M hands/s")

    few = hands[:n_others]
    ours = out[:n_others].copy()
    deck = np.array([eval7.Card(poker52.text(c)) for c in range(poker52.DECK_SIZE)], dtype=object)
    cards, ints = deck[few].tolist(), few.tolist()
    e7 = []
    wall, cpu = best_of(lambda: e7.append(list(map(eval7.evaluate, cards))), 2)
    print(f"  eval7.evaluate: {n_others / wall / 1e6:.2f} M hands/s ({n_others / cpu / 1e6:.2f} M per CPU-second)")
    ph = []
    wall, cpu = best_of(lambda: ph.append([evaluate_7cards(*h) for h in ints]), 2)
    print(f"  phevaluator.evaluate_7cards: {n_others / wall / 1e6:.2f} M hands/s ({n_others / cpu / 1e6:.2f} M/CPU-s)")
    wall, cpu = best_of(lambda: [_pheval.evaluate_7cards(*h) for h in ints], 2)
    print(f"  phevaluator C entry point: {n_others / wall / 1e6:.2f} M hands/s ({n_others / cpu / 1e6:.2f} M/CPU-s)")
    native, theirs = phevaluator_native(), np.empty(n, np.int32)
    native(hands[:10], theirs)  # compile
    wall, cpu = best_of(lambda: native(hands, theirs), repeats)
    print(f"  phevaluator C, from numba: {n / wall / 1e6:.1f} M hands/s ({n / cpu / 1e6:.1f} M per CPU-second)")
    agree = same_order(ours, np.array(e7[0])) and same_order(ours, -np.array(ph[0]))
    agree = agree and same_order(out, -theirs)
    print(f"  same order and ties as eval7 and phevaluator (all {n:,} for phevaluator C): {agree}")


HARNESS = Path(__file__).resolve().parent / "ompeval_harness.cpp"
"""Our C++ harness around OMPEval's evaluator (its loop; no OMPEval code)."""


def build_ompeval(checkout: Path, cxxflags: str) -> ctypes.CDLL:
    """Compile ``HARNESS`` with OMPEval's ``omp/HandEvaluator.cpp`` from ``checkout`` into a shared
    library in a temporary directory and load it. Raises ``SystemExit`` (one line) when ``checkout``
    has no ``omp/HandEvaluator.cpp`` or the compiler fails."""
    source = checkout / "omp" / "HandEvaluator.cpp"
    if not source.is_file():
        raise SystemExit(f"--ompeval: {checkout} has no omp/HandEvaluator.cpp (a checkout of zekyll/OMPEval?)")
    library = Path(tempfile.mkdtemp(prefix="ompeval-")) / "libompeval_harness.so"
    command = [os.environ.get("CXX", "g++"), *shlex.split(cxxflags), "-std=c++11", "-shared", "-fPIC", "-pthread"]
    command += ["-I", str(checkout), "-o", str(library), str(HARNESS), str(source)]
    built = subprocess.run(command, capture_output=True, text=True, check=False)
    if built.returncode != 0:
        raise SystemExit(f"--ompeval: the build failed: {' '.join(command)}\n{built.stderr}")
    lib = ctypes.CDLL(str(library))
    lib.ompeval_values.restype = ctypes.c_double
    cpu_seconds = ctypes.POINTER(ctypes.c_double)
    lib.ompeval_values.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int, cpu_seconds]
    lib.ompeval_init()
    return lib


def cpu_model() -> str:
    """The CPU's model name (``/proc/cpuinfo``), or the platform's processor string."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def compare_ompeval(t, n: int, repeats: int, lib: ctypes.CDLL) -> None:
    """Part (c): ours and OMPEval on the same hands, one and two threads, interleaved rounds."""
    hands = deal(n, seed=1)
    values, orders, theirs = np.empty(n, np.int32), np.empty(n, np.uint16), np.empty(n, np.uint16)
    threads = min(2, numba.config.NUMBA_NUM_THREADS)

    def omp(k: int) -> tuple[float, float]:
        cpu = ctypes.c_double()
        wall = lib.ompeval_values(hands.ctypes.data, n, theirs.ctypes.data, k, ctypes.byref(cpu))
        return wall, cpu.value

    def timed(fn) -> tuple[float, float]:
        t0, c0 = time.perf_counter(), time.thread_time()
        fn()
        return time.perf_counter() - t0, time.thread_time() - c0

    numba.set_num_threads(threads)
    runs = {
        "kernels.eval52 values, 1 thread": lambda: timed(lambda: values_into_nb(hands, t, values)),
        "kernels.eval52 orders, 1 thread": lambda: timed(lambda: orders_into_nb(hands, t, orders)),
        "OMPEval, 1 thread": lambda: omp(1),
        f"kernels.eval52 values, {threads} threads": lambda: timed(lambda: values_par_into_nb(hands, t, values)),
        f"kernels.eval52 orders, {threads} threads": lambda: timed(lambda: orders_par_into_nb(hands, t, orders)),
        f"OMPEval, {threads} threads": lambda: omp(threads),
    }
    wall, cpu = dict.fromkeys(runs, float("inf")), dict.fromkeys(runs, float("inf"))
    for _ in range(repeats):
        for name, run in runs.items():
            w, c = run()
            wall[name], cpu[name] = min(wall[name], w), min(cpu[name], c)
    print(f"(c) {n:,} random seven-card hands, best of {repeats} interleaved rounds; CPU: {cpu_model()}")
    for name, seconds in wall.items():
        k = name.split(", ")[1]
        line = f"  {name:36s} {n / seconds / 1e6:7.1f} M hands/s  {wall[f'OMPEval, {k}'] / seconds:.2f}x OMPEval"
        if k == "1 thread":  # the thread's own CPU time: less disturbed by other processes on a shared machine
            line += f"   (CPU time: {n / cpu[name] / 1e6:.1f} M/s, {cpu['OMPEval, 1 thread'] / cpu[name]:.2f}x)"
        print(line)
    agree = same_order(values, theirs.astype(np.int32)) and (t.order_value[orders] == values).all()
    print(f"  OMPEval orders and ties all {n:,} hands as kernels.eval52: {agree}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000_000)
    parser.add_argument("--others", type=int, default=1_000_000, help="hands timed with eval7 and phevaluator")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--skip-all", action="store_true", help="skip the enumeration of every hand")
    parser.add_argument("--skip-others", action="store_true", help="skip part (b): eval7 and phevaluator")
    parser.add_argument("--ompeval", type=Path, help="a checkout of github.com/zekyll/OMPEval: part (c)")
    parser.add_argument("--cxxflags", default="-O3", help="compiler flags for OMPEval and our harness")
    args = parser.parse_args()
    lib = build_ompeval(args.ompeval, args.cxxflags) if args.ompeval else None
    print(f"uptime before: {uptime()}")
    t0 = time.perf_counter()
    t = tables()
    warmup()
    print(f"tables + compile (or cache load): {time.perf_counter() - t0:.2f} s")
    if not args.skip_all:
        check_all_hands(t)
    if not args.skip_others:
        benchmark(t, args.hands, min(args.others, args.hands), args.repeats)
    if lib is not None:
        compare_ompeval(t, args.hands, args.repeats, lib)
    print(f"uptime after: {uptime()}")


if __name__ == "__main__":
    main()
