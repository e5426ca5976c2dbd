"""Benchmark of the Hold'em game kernel (``kernels.holdem``) against PokerKit and OpenSpiel, in one sitting.

Random 6-max no-limit hands per second (200-chip stacks, blinds 1/2, 100-hand games or until one
player holds every chip), each engine playing uniformly random legal action kinds:

- inside the kernel: ``kernels.holdem.game.play_games_par_nb`` (``prange`` over blocks of games,
  preallocated hand records, no actions table) on 1 and on 2 threads, best of ``--repeats``, for
  single hands from full stacks and for 100-hand games;
- end to end: ``sniper.games.holdem.kernel_engine.play_chunk_kernel``, a run's chunk with both
  tables (hands and actions) as pyarrow tables of the run schemas;
- the reference engine: ``sniper.games.holdem.play.play_game`` (PokerKit 0.7.7 under our table);
- OpenSpiel's ``universal_poker`` (if ``open_spiel`` is installed; not a dependency of the project),
  6 players, the same stacks and blinds, ``fullgame`` betting;
- RLCard's ``no-limit-holdem`` (if ``rlcard`` is installed; not a dependency), 6 players, 200 chips;

both peers choose as our ``random`` level does (``kind_first``: a uniform kind, then one of four raise
sizes), so the hands have about as many decisions; a uniform choice over OpenSpiel's ~200 raise sizes
would raise nearly always and end hands in a few all-ins. The peers play single hands from full
stacks; so does the kernel's first row (the like-for-like figure), beside its 100-hand games (busts
leave fewer seats, so those hands are shorter). Each engine's decisions per hand are printed beside its
rate;

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
from bench_common import kernel_rates

from kernels.holdem.game import N_ACTION_FIELDS, N_FIELDS, play_games_par_nb
from sniper.games.holdem import make_rules
from sniper.games.holdem.chunks import make_agent
from sniper.games.holdem.kernel_engine import kernel_inputs, play_chunk_kernel
from sniper.games.holdem.play import play_game
from sniper.runs.config import RunConfig

SEATS = 6
"""6-max."""
HANDS = 100
"""Hands per game (the "100" length, H10)."""
RANDOM = ("random",) * SEATS
"""Six ``random`` seats."""
MIX = ("easy", "normal", "hard") * 2
"""The game's default agents (``GameSpec.default_agents``, repeated to fill the table)."""


def kernel_rate(
    games: int, repeats: int, threads: int, specs=RANDOM, length: int = HANDS
) -> tuple[float, float, float]:
    """Best hands/s of ``play_games_par_nb`` over ``repeats`` calls of ``games`` 6-max games of
    ``specs`` on ``threads`` threads, by wall time and by process CPU time (hands per CPU-second), and
    decisions per hand; games of ``length`` hands at most (1: single hands from full stacks, as the
    peers play them). ``bench_common.kernel_rates`` times them."""
    inputs = kernel_inputs(list(specs), make_rules(length=str(HANDS)))
    inputs = inputs._replace(rules=inputs.rules._replace(hands_per_game=length))
    return kernel_rates(play_games_par_nb, inputs, (N_FIELDS, N_ACTION_FIELDS), games, repeats, threads, length)


def end_to_end_rate(games: int, repeats: int) -> tuple[float, float]:
    """Best hands/s of ``play_chunk_kernel`` (the run engine: both tables as pyarrow tables with the run
    schemas) on every thread, and decisions per hand (the actions table's rows per hand)."""
    config = RunConfig(("random",) * SEATS, make_rules(length=str(HANDS)), seed=1, chunk_games=games, game="holdem")
    best = 0.0
    for r in range(repeats):
        start = time.perf_counter()
        chunk = play_chunk_kernel(config, r)
        best = max(best, sum(chunk.counts) / (time.perf_counter() - start))
    decisions = chunk.tables["actions"].num_rows / sum(chunk.counts)
    return best, decisions


def reference_rate(games: int, specs=RANDOM) -> float:
    """Hands/s of the reference engine (PokerKit under ``HoldemTable``) over ``games`` games of ``specs``."""
    agents = [make_agent(spec) for spec in specs]
    start = time.perf_counter()
    hands = sum(len(play_game(SEATS, 1, g, agents, "100")) for g in range(games))
    return hands / (time.perf_counter() - start)


def kind_first(rng: random.Random, fold: bool, call: bool, raises: list[int]) -> str | int:
    """Our ``random`` level's choice in another engine's terms: a uniform kind among fold (when ``fold``),
    check/call (when ``call``) and raise (when ``raises``), then for a raise one of at most four sizes of
    ``raises`` (its first, its last, and two evenly between: our menu's min, all-in and two between)."""
    kinds = (["fold"] if fold else []) + (["call"] if call else []) + (["raise"] if raises else [])
    kind = kinds[rng.randrange(len(kinds))]
    if kind != "raise":
        return kind
    menu = sorted({raises[round(i * (len(raises) - 1) / 3)] for i in range(4)})
    return menu[rng.randrange(len(menu))]


def openspiel_rate(hands: int) -> tuple[float, float] | None:
    """Hands/s and decisions per hand of OpenSpiel's ``universal_poker`` (6 players, 200 chips, blinds 1/2)
    with our ``random`` level's kind-first choice (``kind_first``), or ``None`` when ``open_spiel`` is
    not installed. Chance nodes deal one of the cards left, all equally likely."""
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
    decisions = 0
    start = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.is_chance_node():
                state.apply_action(legal[rng.randrange(len(legal))])
                continue
            decisions += 1
            choice = kind_first(rng, 0 in legal, 1 in legal, [a for a in legal if a > 1])
            state.apply_action(0 if choice == "fold" else 1 if choice == "call" else choice)
    return hands / (time.perf_counter() - start), decisions / hands


def rlcard_rate(hands: int) -> tuple[float, float] | None:
    """Hands/s and decisions per hand of RLCard's ``no-limit-holdem`` (6 players, 200 chips, its blinds
    1/2) with our ``random`` level's kind-first choice (``kind_first``) over its five-action abstraction
    (fold, check/call, raise half pot, raise pot, all-in), or ``None`` when ``rlcard`` is not installed."""
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("no-limit-holdem", config={"game_num_players": SEATS, "chips_for_each": 200, "seed": 1})
    rng = random.Random(1)
    decisions = 0
    start = time.perf_counter()
    for _ in range(hands):
        state, _player = env.reset()
        while not env.is_over():
            legal = sorted(state["legal_actions"])  # 0 fold, 1 check/call, 2-4 raises
            decisions += 1
            choice = kind_first(rng, 0 in legal, 1 in legal, [a for a in legal if a > 1])
            state, _player = env.step(0 if choice == "fold" else 1 if choice == "call" else choice)
    return hands / (time.perf_counter() - start), decisions / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games per kernel call")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--reference-games", type=int, default=20)
    parser.add_argument("--openspiel-hands", type=int, default=3000)
    parser.add_argument("--rlcard-hands", type=int, default=3000)
    parser.add_argument("--mix-games", type=int, default=40, help="kernel games of the default mix")
    parser.add_argument("--mix-reference-games", type=int, default=1)
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    one = kernel_rate(args.games, args.repeats, 1)
    two = kernel_rate(args.games, args.repeats, 2)
    single_one = kernel_rate(args.games * 20, args.repeats, 1, length=1)
    single_two = kernel_rate(args.games * 20, args.repeats, 2, length=1)
    e2e, e2e_decisions = end_to_end_rate(args.games // 4, args.repeats)
    ref = reference_rate(args.reference_games)
    spiel = openspiel_rate(args.openspiel_hands)
    rl = rlcard_rate(args.rlcard_hands)
    mix_one = kernel_rate(args.mix_games, 1, 1, MIX)[0]
    mix_two = kernel_rate(args.mix_games, 1, 2, MIX)[0]
    mix_ref = reference_rate(args.mix_reference_games, MIX)
    load_after = os.getloadavg()[0]
    print(f"load average {load_before:.2f} before, {load_after:.2f} after; numba {numba.__version__}")
    head = "| engine | random 6-max hands/s | per CPU-second | decisions/hand | single-hand kernel (2) / engine |"
    print(head)
    print("|---|---|---|---|---|")
    rows = [
        ("kernel, single hands from full stacks, 1 thread", single_one),
        ("kernel, single hands from full stacks, 2 threads", single_two),
        (f"kernel, {HANDS}-hand games, 1 thread", one),
        (f"kernel, {HANDS}-hand games, 2 threads", two),
    ]
    for name, (rate, cpu, decisions) in rows:
        print(f"| {name} | {rate:,.0f} | {cpu:,.0f} | {decisions:.2f} | {single_two[0] / rate:.2f} |")
    print(f"| end to end, {HANDS}-hand games, both tables (pyarrow) | {e2e:,.0f} | | {e2e_decisions:.2f} | |")
    print(f"| reference (PokerKit), {HANDS}-hand games | {ref:,.0f} | | | {single_two[0] / ref:,.0f}× |")
    for name, peer in (("OpenSpiel universal_poker", spiel), ("RLCard no-limit-holdem", rl)):
        if peer is None:
            print(f"| {name} | not installed | | | |")
        else:
            print(f"| {name}, single hands | {peer[0]:,.0f} | | {peer[1]:.2f} | {single_two[0] / peer[0]:,.0f}× |")
    print(f"\ndefault mix {', '.join(MIX)}: kernel {mix_one:,.0f} hands/s on 1 thread, {mix_two:,.0f} on 2;")
    print(f"reference {mix_ref:,.1f} hands/s; kernel (2 threads) / reference {mix_two / mix_ref:,.0f}×")


if __name__ == "__main__":
    main()
