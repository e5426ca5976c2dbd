"""The speed of every game in one sitting, beside the peers (issue 31 item 3): the table of docs/speed.md.

    python experiments/speed_table.py [--hands 100000] [--games 2000] [--peer-hands 2000]

For each registered game, on the machine as it is (the load average is printed before and after):

- **engine, random table**: every seat ``random``, at the game's default table size (``sniper simulate``'s), one
  chunk of ``--games`` whole games played by the game's default engine (the kernel where the game has one) into
  its run tables (``GameSpec.engines``: the tables are built, not written), best of two after a warm-up call:
  hands (rounds) per second, 1 numba thread and all;
- **engine, default table**: the same with the game's default agents (``GameSpec.default_agents``);
- **reference engine, default table**: the pure-Python engine on a few games (the kernels' cross-check);
- **end to end**: ``sniper simulate --game G --hands N`` of the default table as a user runs it, one process,
  the wall time from start to exit, the median of three (numba's and Python's bytecode caches warm: a first run
  is made and not timed), so start-up, the parquet files and the summary are in it (a game with only its
  reference engine plays ``N / 100``).

Peers, same sitting: OpenSpiel's ``universal_poker`` and RLCard's ``no-limit-holdem`` (6 players, random kind-first
actions: ``experiments/bench_holdem.py``), PokerKit under our Hold'em table (the Hold'em reference engine), and the
seven-card evaluator (``kernels.eval52``) against eval7 on the same random hands (OMPEval needs a checkout:
``experiments/eval52.py --ompeval DIR``). Peers that are not installed are left out.
"""

import argparse
import datetime
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba
import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def cpu_model() -> str:
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def engine_rate(game: str, agents: tuple[str, ...], games: int, engine: str, threads: int, repeats: int = 2):
    """Best hands/s of ``engine`` playing chunks of ``games`` games of ``agents`` (the run tables built)."""
    from sniper.core.registry import get_game
    from sniper.runs.config import RunConfig

    spec = get_game(game)
    rules = spec.game_rules()
    play = spec.resolve(spec.engines[engine])
    saved = numba.get_num_threads()
    numba.set_num_threads(threads)
    best = 0.0
    try:
        for chunk in range(repeats + 1):
            config = RunConfig(agents, rules, seed=1, hands=games * rules.planned_hands, chunk_games=games,
                               engine=engine, game=game)  # fmt: skip
            start = time.perf_counter()
            hands = sum(play(config, chunk).counts)
            if chunk:  # the first call compiles or loads the kernels
                best = max(best, hands / (time.perf_counter() - start))
    finally:
        numba.set_num_threads(saved)
    return best


def end_to_end(game: str, hands: float, runs: int = 3) -> float:
    """Hands/s of ``sniper simulate --game G --hands N`` (default table), whole process, wall time, the median of
    ``runs`` runs. As an installed package runs: Python's bytecode cache allowed (``PYTHONDONTWRITEBYTECODE``
    dropped from the environment, else every run compiles sniper's sources again, ~0.1 s) and warm (a first
    run, not timed, writes it and numba's cache)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        args = [sys.executable, "-m", "sniper", "simulate", "--game", game, "--hands", f"{hands:g}", "--quiet"]
        subprocess.run([*args[:-1], "--hands", "100", "--out", f"{tmp}/warm", "--quiet"], check=True,
                       capture_output=True, env=env)  # fmt: skip
        seconds = []
        for run in range(runs):
            start = time.perf_counter()
            subprocess.run([*args, "--out", f"{tmp}/run{run}"], check=True, capture_output=True, env=env)
            seconds.append(time.perf_counter() - start)
        return hands / sorted(seconds)[len(seconds) // 2]


def evaluator_rates(n: int) -> tuple[float, float | None]:
    """Seven-card hands/s of ``kernels.eval52`` (1 thread) and of eval7 (``None`` if not installed), same hands."""
    from eval52 import best_of, deal, values_into_nb

    from kernels.eval52 import tables
    from sniper.games.poker52 import cards as poker52

    t = tables()
    hands, out = deal(n), np.empty(n, np.int32)
    values_into_nb(hands[:10], t, out[:10])
    ours = n / best_of(lambda: values_into_nb(hands, t, out), 3)[0]
    try:
        import eval7
    except ImportError:
        return ours, None
    few = min(n, 200_000)
    deck = [eval7.Card(poker52.text(c)) for c in range(poker52.DECK_SIZE)]
    cards = [[deck[c] for c in row] for row in hands[:few].tolist()]
    theirs = few / best_of(lambda: list(map(eval7.evaluate, cards)), 2)[0]
    return ours, theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=float, default=1e5, help="hands of each end-to-end simulate")
    parser.add_argument("--games", type=int, default=2000, help="games per engine chunk (kernels)")
    parser.add_argument("--reference-games", type=int, default=4)
    parser.add_argument("--peer-hands", type=int, default=2000)
    parser.add_argument("--evaluator-hands", type=int, default=20_000_000)
    args = parser.parse_args()

    from sniper.core import defaults
    from sniper.core.registry import game_names, get_game

    print(f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, {cpu_model()}, {os.cpu_count()} CPUs, "
          f"numba {numba.__version__}, load before {load()}")  # fmt: skip
    threads = numba.config.NUMBA_NUM_THREADS
    print(f"\n| game | table | engine | hands/s, 1 thread | hands/s, {threads} threads |")
    print("|---|---|---|---|---|")
    rows = []
    for game in game_names():
        spec = get_game(game)
        seats = spec.fit_seats(defaults.PLAYERS)
        engine = spec.default_engine
        unit = f"{spec.unit}s"
        for label, agents in (("random", ("random",) * seats), ("default", spec.seated_agents(seats))):
            games = args.games if engine != "reference" else args.reference_games * 10
            one = engine_rate(game, tuple(agents), games // (4 if label == "default" else 1), engine, 1)
            many = engine_rate(game, tuple(agents), games // (4 if label == "default" else 1), engine, threads)
            print(f"| {spec.title} | {seats} × {label} ({unit}) | {engine} | {one:,.0f} | {many:,.0f} |", flush=True)
        if engine != "reference":
            ref = engine_rate(game, tuple(spec.seated_agents(seats)), args.reference_games, "reference", 1, 1)
            print(f"| {spec.title} | {seats} × default ({unit}) | reference | {ref:,.1f} | |", flush=True)
        rows.append((spec.title, seats, end_to_end(game, args.hands if engine != "reference" else args.hands / 100)))
    print(f"\nEnd to end, `sniper simulate --game G --hands {args.hands:g}` (default table, whole process, wall):")
    for title, seats, rate in rows:
        print(f"- {title}, {seats} seats: {rate:,.0f} hands/s")
    print("\nPeers, same sitting:")
    from bench_holdem import openspiel_rate, rlcard_rate

    for name, peer in (("OpenSpiel universal_poker", openspiel_rate), ("RLCard no-limit-holdem", rlcard_rate)):
        measured = peer(args.peer_hands)
        if measured is not None:
            print(f"- {name}, 6 × random: {measured[0]:,.0f} hands/s ({measured[1]:.1f} decisions/hand)")
    ours, eval7_rate = evaluator_rates(args.evaluator_hands)
    print(f"- seven-card evaluator: kernels.eval52 {ours / 1e6:,.1f} M hands/s (1 thread)", end="")
    print(f", eval7 {eval7_rate / 1e6:,.2f} M hands/s ({ours / eval7_rate:,.0f}×)" if eval7_rate else "")
    print(f"\nload after {load()}")


if __name__ == "__main__":
    main()
