"""Benchmark of the five-card draw game kernel (``kernels.draw``) against the reference (PokerKit), in one sitting.

Random 6-player hands per second (100-chip stacks, ante 1, bets 2/4 capped at four, one draw of 0–3 cards,
GAMES.md D1–D9), every seat ``random`` (uniform over the legal actions, the 26 discard masks at the draw):

- inside the kernel: ``kernels.draw.game.play_games_par_nb`` (``prange`` over blocks of games, preallocated
  hand records, no actions table) on 1 and on 2 threads, best of ``--repeats``, for single hands from full
  stacks and for 20-hand games (D9's default length); calls of about half a second each (shorter ones hide
  the second thread);
- end to end: ``sniper.games.draw.kernel_engine.play_records`` (the kernel's columns, with the actions,
  turned into the reference's ``HandRecord`` objects), and ``play_chunk_kernel`` (a run's chunk as pyarrow
  tables) when ``sniper.games.draw.results`` exists;
- the reference engine: ``sniper.games.draw.play.play_game`` (PokerKit 0.7.7 under our table) on the same
  games;

then the default mix (``easy``, ``normal``, ``hard``, twice) on the kernel (1 and 2 threads) and on the
reference; and the ratios, with the load average (``os.getloadavg``) before and after. The machine is
shared and noisy: compare ratios from one run, never figures from different runs.

Usage: ``python experiments/bench_draw.py [--games 20000] [--repeats 3] [--reference-games 10]``.
"""

import argparse
import os
import time

import numba
from bench_common import kernel_rates

from kernels.draw.game import N_ACTION_FIELDS, N_FIELDS, play_games_par_nb
from sniper.games.draw.kernel_engine import game_inputs, make_agent, play_chunk_kernel, play_records
from sniper.games.draw.play import play_game
from sniper.games.draw.rules import GAME_LENGTHS
from sniper.games.poker52.spec import make_poker_rules

SEATS = 6
"""Six players (D1's largest table)."""
HANDS = 20
"""Hands per game (the "20" length, D9)."""
RANDOM = ("random",) * SEATS
"""Six ``random`` seats."""
MIX = ("easy", "normal", "hard") * 2
"""The default agents (easy, normal, hard), repeated to fill the table."""


def kernel_rate(games: int, repeats: int, threads: int, specs=RANDOM, length: int = HANDS) -> tuple[float, float]:
    """Best hands/s of ``play_games_par_nb`` over ``repeats`` calls of ``games`` 6-player games of ``specs`` on
    ``threads`` threads, by wall time and by process CPU time (hands per CPU-second); games of ``length``
    hands at most (1: single hands from full stacks). ``bench_common.kernel_rates`` times them."""
    inputs = game_inputs([make_agent(s) for s in specs], length)
    fields = (N_FIELDS, N_ACTION_FIELDS)
    return kernel_rates(play_games_par_nb, inputs, fields, games, repeats, threads, length)[:2]


def records_rate(games: int, specs=RANDOM) -> tuple[float, float]:
    """Hands/s of ``play_records`` (the kernel, then ``HandRecord`` objects) over ``games`` 20-hand games of
    ``specs`` on every thread, and decisions per hand."""
    inputs = game_inputs([make_agent(s) for s in specs], HANDS)
    play_records(1, [0], inputs)  # compiled
    start = time.perf_counter()
    records = play_records(1, range(games), inputs)
    rate = sum(map(len, records)) / (time.perf_counter() - start)
    return rate, sum(len(h.actions) for g in records for h in g) / sum(map(len, records))


def chunk_rate(games: int) -> float | None:
    """Hands/s of ``play_chunk_kernel`` (a run's chunk as pyarrow tables), or ``None`` before
    ``sniper.games.draw.results`` exists."""
    try:
        import sniper.games.draw.results  # noqa: F401
    except ImportError:
        return None

    class Config:
        agents, seed, chunk_games = RANDOM, 1, games
        rules = make_poker_rules(GAME_LENGTHS, "standard", str(HANDS))

    start = time.perf_counter()
    chunk = play_chunk_kernel(Config, 0)
    return sum(chunk.counts) / (time.perf_counter() - start)


def reference_rate(games: int, specs=RANDOM) -> float:
    """Hands/s of the reference engine (PokerKit under ``DrawTable``) over ``games`` 20-hand games of ``specs``."""
    agents = [make_agent(spec) for spec in specs]
    start = time.perf_counter()
    hands = sum(len(play_game(SEATS, 1, g, agents, str(HANDS))) for g in range(games))
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000, help="20-hand games per kernel call (about 0.5 s)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--reference-games", type=int, default=10)
    parser.add_argument("--records-games", type=int, default=500)
    parser.add_argument("--mix-games", type=int, default=20, help="kernel games of the default mix")
    parser.add_argument("--mix-reference-games", type=int, default=1)
    args = parser.parse_args()
    load_before = os.getloadavg()
    one = kernel_rate(args.games, args.repeats, 1)
    two = kernel_rate(args.games, args.repeats, 2)
    single_one = kernel_rate(args.games * HANDS, args.repeats, 1, length=1)
    single_two = kernel_rate(args.games * HANDS, args.repeats, 2, length=1)
    records, decisions = records_rate(args.records_games)
    chunk = chunk_rate(args.records_games)
    ref = reference_rate(args.reference_games)
    mix_one = kernel_rate(args.mix_games, 1, 1, MIX)[0]
    mix_two = kernel_rate(args.mix_games, 1, 2, MIX)[0]
    mix_ref = reference_rate(args.mix_reference_games, MIX)
    load_after = os.getloadavg()
    print(f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after; numba {numba.__version__}")
    print(f"random 6-player hands, {decisions:.1f} decisions per hand (the draws included)\n")
    print("| engine | random 6-player hands/s | per CPU-second | kernel (2 threads, 20-hand games) / engine |")
    print("|---|---|---|---|")
    rows = [
        ("kernel, single hands from full stacks, 1 thread", single_one),
        ("kernel, single hands from full stacks, 2 threads", single_two),
        (f"kernel, {HANDS}-hand games, 1 thread", one),
        (f"kernel, {HANDS}-hand games, 2 threads", two),
    ]
    for name, (rate, cpu) in rows:
        print(f"| {name} | {rate:,.0f} | {cpu:,.0f} | {two[0] / rate:.2f} |")
    name = f"play_records (kernel, then HandRecord objects), {HANDS}-hand games"
    print(f"| {name} | {records:,.0f} | | {two[0] / records:,.0f}× |")
    if chunk is None:
        print("| play_chunk_kernel (pyarrow tables) | sniper.games.draw.results not there yet | | |")
    else:
        print(f"| play_chunk_kernel (pyarrow tables), {HANDS}-hand games | {chunk:,.0f} | | {two[0] / chunk:,.0f}× |")
    print(f"| reference (PokerKit), {HANDS}-hand games | {ref:,.0f} | | {two[0] / ref:,.0f}× |")
    print(f"\ndefault mix {', '.join(MIX)}: kernel {mix_one:,.0f} hands/s on 1 thread, {mix_two:,.0f} on 2;")
    print(f"reference {mix_ref:,.1f} hands/s; kernel (2 threads) / reference {mix_two / mix_ref:,.0f}×")


if __name__ == "__main__":
    main()
