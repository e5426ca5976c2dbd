"""The game kernel plays whole games exactly like the reference engine, hand for hand (R2–R9, R12, R13).

Each case plays one chunk of games with ``sniper.games.sniper_holdem.chunks.play_chunk_reference``
(``sniper.games.sniper_holdem.play`` with ``sniper.games.sniper_holdem.engine.HandState``) and with
``sniper.games.sniper_holdem.kernel_engine.play_chunk_kernel`` and compares
the two ``sniper.games.sniper_holdem.results.SCHEMA`` tables and the two ``ACTION_SCHEMA`` tables exactly: deck, deal,
betting, snipes, showdown, payouts and the game loop all have to agree on every row.
"""

import os
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest

import sniper.games.sniper_holdem.kernel_engine as ke
import sniper.games.sniper_holdem.snipes
from kernels.sniper_holdem.game import IN_CHILD, Field
from kernels.sniper_holdem.params import Heuristic, Level, Param
from sniper.games.sniper_holdem.chunks import play_chunk_reference
from sniper.games.sniper_holdem.kernel_engine import kernel_agent, play_chunk_kernel, play_games_kernel
from sniper.games.sniper_holdem.rules import Rules, make_rules
from sniper.runs.config import RunConfig

R, E = "random", "easy"

CASES = [
    # (agents, preset, game length, starting stack, seed, chunk, games per chunk)
    ((R, R), "ours", "10", 60, 1, 0, 48),
    ((E, E), "ours", "20", 60, 2, 3, 16),
    ((R, E, R), "ours", "20", 60, 3, 1, 20),
    ((E, R, E, R), "ours", "10", 60, 4, 0, 24),
    ((R,) * 5, "ours", "20", 60, 5, 2, 12),
    ((E, E, R, E, E, R), "ours", "20", 60, 6, 0, 12),
    ((R, R, R, R), "show", "20", 60, 7, 0, 16),
    ((E, E, E), "show", "10", 60, 8, 5, 20),
    ((E, R, E, R, E), "show", "20", 70, 9, 0, 12),
    ((R, E), "ours", "bust", 60, 10, 0, 24),
    ((R, R, R), "ours", "bust", 60, 11, 0, 12),
    ((E, E), "ours", "bust", 6, 12, 0, 24),
    ((E, R, E, R, E, R), "show", "bust", 60, 13, 0, 8),
    ((R,) * 6, "ours", "bust", 9, 14, 0, 8),
    # small stacks exercise the cap (R5), all-ins, skipped rounds (R6) and busts (R9)
    ((R, R), "ours", "20", 3, 15, 0, 32),
    ((E, R, E), "ours", "20", 5, 16, 0, 24),
    ((R, R, R, R), "ours", "20", 4, 17, 0, 20),
    ((E,) * 5, "show", "20", 7, 18, 0, 16),
    ((R, E, R, E, R, E), "ours", "10", 2, 19, 0, 20),
    ((E, E, E, E), "ours", "10", 1, 20, 0, 20),
    # mixed heuristics and parameters of the easy and random levels
    (("easy:bluff=0.3,raise_limit=3", "random+board", "easy+random", "random+pass"), "ours", "20", 12, 21, 0, 16),
    (("easy+pass", "random+random:", "easy:bluff=1"), "show", "20", 30, 22, 0, 16),
]


def _compare(config: RunConfig, chunk: int, rollouts: str = "python") -> int:
    expected = play_chunk_reference(config, chunk, rollouts)
    actual = play_chunk_kernel(config, chunk, actions=True)
    assert actual.counts == expected.counts
    for name in ("hands", "actions"):
        a_table, e_table = getattr(actual, name), getattr(expected, name)
        assert a_table.schema == e_table.schema, name
        if not a_table.equals(e_table):
            a, b = a_table.to_pandas(), e_table.to_pandas()
            if len(a) != len(b):
                pytest.fail(f"{name}: {len(a)} kernel rows, {len(b)} reference rows")
            bad = (a != b).any(axis=1)
            first = int(np.flatnonzero(bad.to_numpy())[0])
            cols = [c for c in a.columns if a.loc[first, c] != b.loc[first, c]]
            pytest.fail(f"{name} row {first} differs in {cols}:\nkernel\n{a.iloc[first]}\nreference\n{b.iloc[first]}")
    assert play_chunk_kernel(config, chunk)[0].equals(actual.hands), "recording actions changes no hand"
    return sum(expected.counts)


@pytest.mark.parametrize("agents, preset, length, stack, seed, chunk, games", CASES)
def test_kernel_equals_reference(agents, preset, length, stack, seed, chunk, games):
    """Identical tables from the kernel and the reference engine (R2–R9, R12, R13)."""
    config = RunConfig(agents, make_rules(preset, length, stack), seed=seed, chunk_games=games)
    assert _compare(config, chunk) >= games


def test_enough_hands_compared():
    """The cases above cross-check well over 1,000 hands in total (counted by the kernel)."""
    total = 0
    for agents, preset, length, stack, seed, chunk, games in CASES:
        config = RunConfig(agents, make_rules(preset, length, stack), seed=seed, chunk_games=games)
        total += sum(play_chunk_kernel(config, chunk)[1])
    assert total >= 1000


@pytest.mark.parametrize(
    "agents, preset, length, stack",
    [
        (("normal:samples=20", "hard:samples=25", E, R), "ours", "10", 60),
        (("hard:samples=16",) * 3, "show", "10", 20),
        (("normal:samples=12", "random+beater", "easy+ev", "hard+board:samples=10"), "ours", "10", 8),
        (("random+ev", "normal+random:samples=10,future_snipes=0.5,aggression=0.3"), "ours", "bust", 6),
        (("normal+ev:samples=8,texture=0.9", "hard+pass:samples=8", "easy+beater"), "show", "10", 60),
        (("hard:samples=12,aggression=0.9", "easy", "hard:samples=12,aggression=0.4,bluff=0.3", R), "ours", "10", 30),
        (
            ("normal:samples=150,settle=1.5", "hard:samples=200,settle=2", E, "hard:samples=90,settle=0.5"),
            "ours",
            "10",
            60,
        ),
        (("normal:samples=80,settle=3,texture=0.7", "hard:samples=60,settle=1,short_stack=20"), "ours", "10", 12),
    ],
)
def test_monte_carlo_levels_equal_reference(agents, preset, length, stack, monkeypatch):
    """normal and hard, and the rollout heuristics beater, danger (hard's) and ev, also play identically (R7, R8).

    The reference agents run their rollouts on ``kernels.sniper_holdem.rollout`` here, which is tested bit for bit
    against the pure-Python rollout elsewhere; only the speed differs.
    """
    config = RunConfig(agents, make_rules(preset, length, stack), seed=31, chunk_games=3)
    assert _compare(config, 1, rollouts="kernel") >= 3


def test_bust_overflow_retry(monkeypatch):
    """Games longer than the first buffer are replayed with a larger one; results are unchanged."""
    config = RunConfig((E, E), make_rules("ours", "bust", 20), seed=5, chunk_games=6)
    expected, hands = play_chunk_kernel(config, 0)
    assert max(hands) > 4
    monkeypatch.setattr(ke, "BUST_CAPACITY", 2)
    monkeypatch.setattr(ke, "GROWTH", 2)
    actual, retried = play_chunk_kernel(config, 0)
    assert retried == hands
    assert actual.equals(expected)


@pytest.mark.parametrize("length", ["20", "bust"])
def test_action_buffer_overflow_retry(length, monkeypatch):
    """Games taking more actions than the first buffer holds are replayed with a larger one."""
    config = RunConfig((R, E, R), make_rules("ours", length, 20), seed=6, chunk_games=6)
    expected = play_chunk_kernel(config, 0, actions=True)
    monkeypatch.setattr(ke, "ACTIONS_PER_SEAT_HAND", 0.05)
    monkeypatch.setattr(ke, "BUST_CAPACITY", 2)
    monkeypatch.setattr(ke, "GROWTH", 2)
    actual = play_chunk_kernel(config, 0, actions=True)
    assert actual.counts == expected.counts
    assert actual.hands.equals(expected.hands) and actual.actions.equals(expected.actions)
    assert actual.actions.num_rows > 0


def test_results_do_not_depend_on_thread_count():
    """prange over games: one thread and all threads give the same rows (R13)."""
    rules = make_rules("ours", "20", 40)
    specs = [E, R, E, R]
    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one, hands_one = play_games_kernel(specs, rules, 3, np.arange(50))
    finally:
        numba.set_num_threads(threads)
    many, hands_many = play_games_kernel(specs, rules, 3, np.arange(50))
    assert np.array_equal(hands_one, hands_many)
    for name in one:
        assert np.array_equal(one[name], many[name]), name


def test_games_are_independent_of_their_batch():
    """A game's rows depend only on (seed, game), not on which other games share the call (R13)."""
    rules = make_rules("show", "20", 60)
    specs = [R, E, R]
    whole, hands = play_games_kernel(specs, rules, 9, np.arange(10, 20))
    part, part_hands = play_games_kernel(specs, rules, 9, np.array([17, 12]))
    assert list(part_hands) == [hands[7], hands[2]]
    rows = np.concatenate([np.flatnonzero(whole["game"] == g) for g in (17, 12)])
    for name in whole:
        assert np.array_equal(part[name], whole[name][rows]), name


def test_chips_conserved_and_cap_respected():
    """Stacks sum to the starting total after every hand (R9); nobody commits above the cap (R5)."""
    n, stack = 5, 7
    columns, hands = play_games_kernel([R, E, R, E, R], make_rules("ours", "20", stack), 2, np.arange(40))
    after = columns["stack_after"].reshape(-1, n).astype(np.int64)
    assert (after.sum(axis=1) == n * stack).all()
    before = columns["stack_before"].reshape(-1, n).astype(np.int64)
    dealt = columns["dealt_in"].reshape(-1, n).astype(bool)
    put = (columns["ante"] + columns["put_round_1"] + columns["put_round_2"]).reshape(-1, n)
    live = dealt & (columns["folded_round"].reshape(-1, n) == 0)
    cap = np.where(live, before, np.iinfo(np.int64).max).min(axis=1)
    assert (put[live] <= np.repeat(cap, live.sum(axis=1))).all()
    assert (columns["net"] == columns["payout"] - put.reshape(-1)).all()
    assert len(hands) == 40 and (hands >= 1).all()


def test_agent_arrays():
    """Specs become (level, heuristic, parameters) in one place, from the agents' own fields."""
    easy = kernel_agent("easy:bluff=0.25,raise_limit=4")
    assert (easy.level, easy.heuristic) == (Level.EASY, Heuristic.BOARD)
    assert easy.params[Param.BLUFF] == 0.25 and easy.params[Param.RAISE_LIMIT] == 4
    rnd = kernel_agent("random+ev")
    assert (rnd.level, rnd.heuristic) == (Level.RANDOM, Heuristic.EV)
    assert rnd.params[Param.SAMPLES] == sniper.games.sniper_holdem.snipes.SNIPE_SAMPLES
    hard = kernel_agent("hard")
    assert hard.level == Level.MONTE_CARLO and hard.params[Param.FUTURE_SNIPES] > 0
    assert len(Field) == len(ke.COLUMNS) - 4  # game, seat, agent and ante are derived


@pytest.mark.parametrize(
    "specs, rules, message",
    [
        (["easy"], make_rules(), "2 to 6 seats"),
        (["easy"] * 7, make_rules(), "2 to 6 seats"),
        (["easy", "wizard"], make_rules(), "unknown agent level"),
        (["easy", "easy+psychic"], make_rules(), "unknown snipe heuristic"),
        (["easy", "easy"], Rules(starting_stack=0), "starting stack"),
        (["easy", "easy"], Rules(starting_stack=20000), "int16"),
        (["easy", "easy"], Rules(hands_per_game=0), "hands per game"),
        (["easy", "easy"], Rules(tie_break="coin"), "tie break"),
    ],
)
def test_validation(specs, rules, message):
    """Inputs are validated in ``sniper.games.sniper_holdem.kernel_engine`` with the reason in the message."""
    with pytest.raises(ValueError, match=message):
        play_games_kernel(specs, rules, 0, np.arange(2))


def test_chunk_validation():
    config = RunConfig((E, R), make_rules(), chunk_games=2)
    with pytest.raises(ValueError, match="chunk"):
        play_chunk_kernel(config, -1)


PARALLEL_WARMUP = """
import kernels.sniper_holdem.game as g
g.warmup(parallel=True)
for name in g.IN_CHILD:
    stats = getattr(g, name).stats
    print(name, sum(stats.cache_hits.values()), sum(stats.cache_misses.values()))
"""


@pytest.mark.slow
def test_parallel_warmup_loads_what_the_second_process_compiled(tmp_path):
    """``kernels.sniper_holdem.game.warmup`` on a cold cache: every callee compiled by the second process is
    loaded from the disk cache by ``play_games_nb`` (its argument types match those the game
    passes), none is compiled twice."""
    root = Path(__file__).resolve().parent.parent
    env = os.environ | {"NUMBA_CACHE_DIR": str(tmp_path), "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", PARALLEL_WARMUP], env=env, capture_output=True, text=True, check=True)
    counts = {name: (int(hits), int(misses)) for name, hits, misses in map(str.split, done.stdout.splitlines())}
    assert counts == {name: (1, 0) for name in IN_CHILD}


NRT_BALANCE = """
import sys
from numba.core.runtime import rtsys
from sniper.games.sniper_holdem.rules import make_rules
from sniper.games.sniper_holdem.kernel_engine import play_games_kernel
specs, rules = sys.argv[1].split(","), make_rules("ours", "10")
play_games_kernel(specs, rules, 1, [0], actions=True)  # compiled and warm
before = rtsys.get_allocation_stats()
play_games_kernel(specs, rules, 1, range(1, 7), actions=True)
after = rtsys.get_allocation_stats()
print(*(a - b for a, b in zip(after, before)))
"""


@pytest.mark.parametrize("specs", ["random+board,easy+beater,normal+ev,hard", "easy,random,hard+random"])
def test_kernel_frees_what_it_allocates(specs):
    """The per-hand kernels and the decisions, Monte Carlo levels included, run without reference
    counting (``kernels.NO_REFCOUNT``) on arrays ``play_games_nb`` allocates once per range of
    games: every array numba allocates during a run of games is freed again (numba's allocation
    statistics, ``NUMBA_NRT_STATS``)."""
    root = Path(__file__).resolve().parent.parent
    env = os.environ | {"NUMBA_NRT_STATS": "1", "PYTHONPATH": str(root)}
    command = [sys.executable, "-c", NRT_BALANCE, specs]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    alloc, free, mi_alloc, mi_free = map(int, done.stdout.split())
    assert alloc > 0 and mi_alloc > 0  # each range of games allocates its scratch, so the count is live
    assert (alloc, mi_alloc) == (free, mi_free)
