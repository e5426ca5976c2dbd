"""The Saint Poker game kernel (kernels.saint, sniper.games.saint.kernel_engine) against the reference engine.

The kernel must play the reference's games round for round: the same deck from the (seed, game) stream, the same
decisions and random-stream use, the same scores. Each cross-check plays the same seeded games on both
(``sniper.games.saint.play.play_game`` and ``kernel_engine.play_records``) and compares every ``RoundRecord``
(rivers, picks, pairs, hand values, points, step 3's order and take-backs, scores); ``events`` then counts, from the
reference's records alone, the rare situations those games went through, and the tests assert a minimum of each,
so the agreement is known to cover them: ties for the best hand scored with a rounded-up share (S5), three-way ties
for it, ties in step 3's order drawn from the round's stream (S6), straight flushes, and rounds won by a two-card
pick that beats the river. Every level plays at its defaults at 2, 3, 4 and 5 seats; a larger set of random-level
games (fast on both engines) supplies the rarest events. Decision by decision, hypothesis draws observations of
random games and checks that the kernel's decision (``kernel_engine.kernel_act``, from the observation alone) is
the reference's for every level.
"""

import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kernels.saint.hands import code_value_nb, potential_code_nb, potential_nb, triples_nb, usable_code_nb
from sniper.core.rng import Stream
from sniper.games.poker52.cards import category, value
from sniper.games.saint import kernel_engine as ke
from sniper.games.saint import levels, make_rules
from sniper.games.saint.chunks import play_chunk_reference
from sniper.games.saint.levels import PARAMETERS
from sniper.games.saint.play import play_game
from sniper.games.saint.table import DEAL, SIMULTANEOUS, SaintTable
from sniper.runs.runner import RunConfig

STRAIGHT_FLUSH = 8
"""``poker52.category`` of a straight flush."""
TABLES = {
    2: [("easy", "normal"), ("hard", "random")],
    3: [("normal", "hard", "easy")],
    4: [("random", "easy", "normal", "hard")],
    5: [("hard", "normal", "easy", "random", "normal")],
}
"""The tables of the cross-check: every level at its defaults at every table size (S1)."""
GAMES = 12
"""Seeded games of each table."""
SEED = 120
"""The cross-check's seed at ``seats`` players is ``SEED + seats``: seeded games that reach every floor of the
rare events at every table size (moved from 100 when the levels changed: the games of seed 104 then held no
straight flush)."""
RANDOM_GAMES = 400
"""Seeded games of the random-level tables (4 and 5 seats) that supply the rarest events."""


def check_same_games(specs, seed, games):
    """Play ``games`` of ``specs`` on both engines; assert every round record is equal; return the reference's
    histories (a list of ``RoundRecord`` per game)."""
    agents = [ke.make_agent(spec) for spec in specs]
    mine = ke.play_records(seed, games, ke.kernel_inputs(specs), threads=1)
    theirs = [play_game(len(specs), seed, game, agents).history for game in games]
    for game, a, b in zip(games, mine, theirs):
        assert len(a) == len(b) == 8, (game, len(a), len(b))
        for x, y in zip(a, b):
            assert x == y, (game, x, y)
    return theirs


def events(histories) -> Counter:
    """How often the rare situations happened in ``histories`` (from the reference's records alone)."""
    out = Counter()
    for history in histories:
        for record in history:
            best = max(record.values)
            tied = record.values.count(best)
            out["rounds"] += 1
            out["tie for best, share rounded up"] += tied > 1 and record.number % tied != 0
            out["three-way tie for best"] += tied >= 3
            out["tie in the take-back order"] += bool(record.order) and len(set(record.values)) < len(record.values)
            out["straight flush"] += any(category(v) == STRAIGHT_FLUSH for v in record.values)
            winners = [s for s, v in enumerate(record.values) if v == best]
            out["won by a pick that beats the river"] += best > value(record.river) and len(winners) == 1
    return out


@pytest.mark.parametrize("seats", sorted(TABLES))
def test_the_kernel_plays_the_references_games_with_every_level(seats):
    seen = Counter()
    for k, specs in enumerate(TABLES[seats]):
        seen += events(check_same_games(specs, SEED + seats, range(k * GAMES, (k + 1) * GAMES)))
    rounds = 8 * GAMES * len(TABLES[seats])
    assert seen["rounds"] == rounds
    assert seen["tie for best, share rounded up"] >= 1, seen
    assert seen["tie in the take-back order"] >= 3, seen
    assert seen["won by a pick that beats the river"] >= rounds * 3 // 4, seen
    if seats >= 4:
        assert seen["three-way tie for best"] >= 1 and seen["straight flush"] >= 1, seen


def test_the_kernel_plays_the_references_random_games_with_the_rare_events():
    seen = events(check_same_games(("random",) * 5, 7, range(RANDOM_GAMES // 2)))
    seen += events(check_same_games(("random",) * 4, 8, range(RANDOM_GAMES // 2)))
    floors = {
        "tie for best, share rounded up": 50,
        "three-way tie for best": 10,
        "tie in the take-back order": 300,
        "straight flush": 3,
        "won by a pick that beats the river": 2500,
    }
    for event, floor in floors.items():
        assert seen[event] >= floor, (event, seen)


def test_a_kernel_chunk_is_the_reference_chunk_and_does_not_depend_on_threads():
    config = RunConfig(("hard", "random", "normal", "easy"), make_rules(), chunk_games=3, seed=4, game="saint")
    kernel, reference = ke.play_chunk_kernel(config, 1), play_chunk_reference(config, 1)
    assert kernel.counts == reference.counts == [8, 8, 8]
    assert kernel.hands.equals(reference.hands) and kernel.rounds.equals(reference.rounds)
    assert kernel.hands.schema.equals(reference.hands.schema)
    inputs = ke.kernel_inputs(config.agents)
    one, two = (ke.play_games_kernel(4, range(40), inputs, threads=t) for t in (1, 2))
    assert (one.seats == two.seats).all() and (one.rounds == two.rounds).all()
    assert pa.Table.equals(ke.run_tables(one, config.agents)["hands"], ke.run_tables(two, config.agents)["hands"])


def test_the_kernel_refuses_what_it_cannot_play():
    with pytest.raises(ValueError, match="2-5 players"):
        ke.kernel_inputs(["easy"] * 6)
    with pytest.raises(ValueError, match="keep must be a number in"):
        ke.kernel_inputs(["easy", "normal:keep=-1"])
    with pytest.raises(ValueError, match="games are numbered from 0"):
        ke.play_games_kernel(1, [-1], ke.kernel_inputs(["easy", "easy"]))
    with pytest.raises(ValueError, match="has no agent"):
        ke.kernel_agent(object())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 60),
    keep=st.floats(0.0, 10.0),
    late=st.floats(0.0, 4.0),
    samples=st.integers(1, 12),
)
def test_every_levels_decision_is_the_references_on_random_observations(seats, seed, steps, keep, late, samples):
    """Random games advanced by random steps; at the state reached every seat that acts is asked by every level
    (at its defaults and at drawn parameters) on both engines, with the same stream."""
    rng = random.Random(seed)
    table = SaintTable(seats, seed=seed, game=0)
    table.apply(DEAL)
    for _ in range(steps):
        if table.is_over():
            break
        if table.current_player() == SIMULTANEOUS:
            table.apply_actions({s: rng.choice(table.legal_actions(s)) for s in range(seats)})
        else:
            table.apply(rng.choice(table.legal_actions()))
    if table.is_over():
        return
    levels = [ke.make_agent(name) for name in PARAMETERS]
    levels += [ke.make_agent(f"normal:keep={keep},late={late}"), ke.make_agent(f"hard:samples={samples},keep={keep}")]
    acting = range(seats) if table.current_player() == SIMULTANEOUS else [table.current_player()]
    for seat in acting:
        obs = table.observe(seat)
        for level in levels:
            key = table.stream(seat, rng.randrange(4)).key
            assert ke.kernel_act(level, obs, key) == level.act(obs, Stream(key)), (level, obs.phase, seat)


def mask_of(cards) -> np.uint64:
    """The ``uint64`` mask of ``cards`` (``kernels.saint.hands``)."""
    return np.uint64(sum(1 << c for c in cards))


CLUSTERED = st.lists(st.sampled_from(range(52)), max_size=13, unique=True) | st.integers(0, 48).flatmap(
    lambda low: st.lists(st.sampled_from(range(low, min(52, low + 24))), max_size=13, unique=True)
)
"""Sets of up to 13 cards, drawn from the whole deck or from six ranks in a row (quads, full houses, straights and
flushes often)."""


@settings(max_examples=400, deadline=None)
@given(kept=CLUSTERED, future=st.lists(st.sampled_from(range(52)), max_size=3, unique=True))
def test_potential_and_usable_are_the_references(kept, future):
    """``potential_nb`` (through ``potential_code_nb``) and ``usable_code_nb`` (the best of ``triples_nb``' table
    within the kept cards) give the reference's floats (``code_value_nb``), ``usable`` for every set of the hand but
    one or two cards too."""
    future = [c for c in future if c not in kept]
    assert potential_nb(np.array(kept, np.int64), len(kept)) == levels.potential(kept)
    assert code_value_nb(potential_code_nb(mask_of(kept + future))) == levels.potential(kept + future)
    hand = np.array(kept[:10], np.int64)
    codes, masks = np.empty(120, np.int64), np.empty(120, np.uint64)
    t = triples_nb(hand, hand.size, mask_of(future), codes, masks)
    for out in [(), *((i,) for i in range(hand.size)), *((i, j) for i in range(hand.size) for j in range(i))]:
        left = [int(c) for i, c in enumerate(hand) if i not in out]
        usable = usable_code_nb(mask_of(left), len(left), mask_of(future), codes, masks, t)
        assert code_value_nb(usable) == levels.usable(left, future)


NRT_BALANCE = """
from numba.core.runtime import rtsys
from sniper.games.saint.kernel_engine import kernel_inputs, play_games_kernel
inputs = kernel_inputs(["random", "easy", "normal", "hard", "normal"])
play_games_kernel(1, [0], inputs, threads=1)  # compiled and warm
before = rtsys.get_allocation_stats()
play_games_kernel(1, range(1, 3), inputs, threads=1)
after = rtsys.get_allocation_stats()
print(*(a - b for a, b in zip(after, before)))
"""


def test_the_kernel_frees_what_it_allocates():
    """The game and every level's decisions run without reference counting (``kernels.NO_REFCOUNT``) on arrays
    ``play_games_nb`` allocates once per range of games: every array numba allocates during a run of games is
    freed again (``NUMBA_NRT_STATS``)."""
    env = os.environ | {"NUMBA_NRT_STATS": "1", "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run([sys.executable, "-c", NRT_BALANCE], env=env, capture_output=True, text=True, check=True)
    alloc, free, mi_alloc, mi_free = map(int, done.stdout.split())
    assert alloc > 0 and mi_alloc > 0  # each range of games allocates its table and scratch: the count is live
    assert (alloc, mi_alloc) == (free, mi_free)
