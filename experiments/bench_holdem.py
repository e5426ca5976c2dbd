"""Benchmark of the Hold'em game kernel (``kernels.holdem``) against PokerKit and OpenSpiel, in one sitting.

Random 6-max no-limit hands per second (200-chip stacks, blinds 1/2, 100-hand games or until one
player holds every chip), each engine playing uniformly random legal action kinds:

- inside the kernel: ``kernels.holdem.game.play_games_par_nb`` (``prange`` over blocks of games,
  preallocated hand records, no actions table) on 1 and on 2 threads, best of ``--repeats``;
- end to end: ``sniper.games.holdem.kernel_engine.play_chunk_kernel``, a run's chunk with both
  tables (hands and actions) as pyarrow tables of the run schemas;
- the reference engine: ``sniper.games.holdem.play.play_game`` (PokerKit 0.7.7 under our table);
- OpenSpiel's ``universal_poker`` (if ``open_spiel`` is installed; not a dependency of the project),
  6 players, the same stacks and blinds, ``fullgame`` betting, a uniformly random legal action at
  every node (chance nodes deal one of the cards left, all equally likely): its random player
  picks among every raise size, ours among the action kinds, so its hands are shorter;

then the game's default agents (``easy``, ``normal``, ``hard`` twice) on the kernel and the
reference; and the ratios, with the load average (``os.getloadavg``) before and after. The machine is shared
and noisy: compare ratios from one run, never figures from different runs.

Usage: ``python experiments/bench_holdem.py [--games 5000] [--repeats 3] [--reference-games 20]``.
"""

import argparse
import os
import random
import time

import numba
import numpy as np

from kernels.holdem.game import N_ACTION_FIELDS, N_FIELDS, play_games_par_nb
from sniper.games.holdem import make_rules
from sniper.games.holdem.chunks import make_agent
from sniper.games.holdem.kernel_engine import kernel_inputs, play_chunk_kernel
from sniper.games.holdem.play import play_game
from sniper.runs.runner import RunConfig

SEATS = 6
"""6-max."""
HANDS = 100
"""Hands per game (the "100" length, H10)."""
RANDOM = ("random",) * SEATS
"""Six ``random`` seats."""
MIX = ("easy", "normal", "hard") * 2
"""The game's default agents (``GameSpec.default_agents``, repeated to fill the table)."""


def kernel_rate(games: int, repeats: int, threads: int, specs=RANDOM) -> tuple[float, float]:
    """Best hands/s of ``play_games_par_nb`` over ``repeats`` calls of ``games`` 6-max games of
    ``specs`` on ``threads`` threads, by wall time and by process CPU time (hands per CPU-second)."""
    inputs = kernel_inputs(list(specs), make_rules(length=str(HANDS)))
    rec = np.empty((N_FIELDS, games * HANDS * SEATS), np.int16)
    hands = np.empty(games, np.int64)
    arec = np.empty((N_ACTION_FIELDS, 0), np.int16)
    actions = np.empty(games, np.int64)
    saved = numba.get_num_threads()
    numba.set_num_threads(threads)
    best = best_cpu = 0.0
    try:
        ids = np.arange(8, dtype=np.int64)
        play_games_par_nb(np.uint64(1), ids, inputs, HANDS, rec, hands, 0, arec, actions, threads)  # compile
        for r in range(repeats):
            ids = np.arange(r * games, (r + 1) * games, dtype=np.int64)
            cpu, start = time.process_time(), time.perf_counter()
            play_games_par_nb(np.uint64(1), ids, inputs, HANDS, rec, hands, 0, arec, actions, 16 * threads)
            best = max(best, hands.sum() / (time.perf_counter() - start))
            best_cpu = max(best_cpu, hands.sum() / (time.process_time() - cpu))
    finally:
        numba.set_num_threads(saved)
    return best, best_cpu


def end_to_end_rate(games: int, repeats: int) -> float:
    """Best hands/s of ``play_chunk_kernel`` (the run engine: both tables as pyarrow tables with the run
    schemas) on every thread."""
    config = RunConfig(("random",) * SEATS, make_rules(length=str(HANDS)), seed=1, chunk_games=games, game="holdem")
    best = 0.0
    for r in range(repeats):
        start = time.perf_counter()
        chunk = play_chunk_kernel(config, r)
        best = max(best, sum(chunk.counts) / (time.perf_counter() - start))
    return best


def reference_rate(games: int, specs=RANDOM) -> float:
    """Hands/s of the reference engine (PokerKit under ``HoldemTable``) over ``games`` games of ``specs``."""
    agents = [make_agent(spec) for spec in specs]
    start = time.perf_counter()
    hands = sum(len(play_game(SEATS, 1, g, agents, "100")) for g in range(games))
    return hands / (time.perf_counter() - start)


def openspiel_rate(hands: int) -> float | None:
    """Hands/s of OpenSpiel's ``universal_poker`` (6 players, 200 chips, blinds 1/2, uniformly random
    legal actions), or ``None`` when ``open_spiel`` is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "numPlayers": SEATS,
            "numRounds": 4,
            "blind": "1 2 0 0 0 0",
            "firstPlayer": "3 1 1 1",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "stack": " ".join(["200"] * SEATS),
            "bettingAbstraction": "fullgame",
        },
    )
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():  # chance outcomes (the cards left) are equally likely
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games per kernel call")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--reference-games", type=int, default=20)
    parser.add_argument("--openspiel-hands", type=int, default=3000)
    parser.add_argument("--mix-games", type=int, default=40, help="kernel games of the default mix")
    parser.add_argument("--mix-reference-games", type=int, default=1)
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    one, one_cpu = kernel_rate(args.games, args.repeats, 1)
    two, two_cpu = kernel_rate(args.games, args.repeats, 2)
    e2e = end_to_end_rate(args.games // 4, args.repeats)
    ref = reference_rate(args.reference_games)
    spiel = openspiel_rate(args.openspiel_hands)
    mix_one, _ = kernel_rate(args.mix_games, 1, 1, MIX)
    mix_two, _ = kernel_rate(args.mix_games, 1, 2, MIX)
    mix_ref = reference_rate(args.mix_reference_games, MIX)
    load_after = os.getloadavg()[0]
    print(f"load average {load_before:.2f} before, {load_after:.2f} after; numba {numba.__version__}")
    print("| engine | random 6-max hands/s | per CPU-second | kernel (2 threads) / engine |")
    print("|---|---|---|---|")
    print(f"| kernel, 1 thread | {one:,.0f} | {one_cpu:,.0f} | {two / one:.2f} |")
    print(f"| kernel, 2 threads | {two:,.0f} | {two_cpu:,.0f} | 1.00 |")
    print(f"| end to end, both tables (pyarrow) | {e2e:,.0f} | | {two / e2e:.2f} |")
    print(f"| reference (PokerKit) | {ref:,.0f} | | {two / ref:,.0f}× |")
    if spiel is None:
        print("| OpenSpiel universal_poker | not installed | | |")
    else:
        print(f"| OpenSpiel universal_poker | {spiel:,.0f} | | {two / spiel:,.0f}× |")
    print(f"\ndefault mix {', '.join(MIX)}: kernel {mix_one:,.0f} hands/s on 1 thread, {mix_two:,.0f} on 2;")
    print(f"reference {mix_ref:,.1f} hands/s; kernel (2 threads) / reference {mix_two / mix_ref:,.0f}×")


if __name__ == "__main__":
    main()
