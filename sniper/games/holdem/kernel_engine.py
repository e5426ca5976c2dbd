"""No-limit Hold'em with the numba game kernel (``kernels.holdem``): the fast copy of the reference engine.

``play_chunk_kernel(config, chunk)`` returns exactly the tables of
``sniper.games.holdem.chunks.play_chunk_reference(config, chunk)`` — the same games from the (seed,
game, hand) streams, the same decisions, the same rows of ``sniper.games.holdem.results``' hands and
actions tables, in the same order (``tests/test_holdem_kernel.py`` checks it hand for hand) — played by
``kernels.holdem.game.play_games_nb`` on every numba thread. ``play_games_kernel`` is the same at the
level of numpy columns. This module owns the validation (``kernel_inputs``, the engine's check) and the
one conversion of agents (``RandomAgent`` and the levels of ``sniper.games.holdem.levels``) into the
kernel's arrays.

>>> from sniper.games.holdem import make_rules
>>> from sniper.games.holdem.chunks import play_chunk_reference
>>> from sniper.runs.runner import RunConfig
>>> config = RunConfig(("easy", "random"), make_rules(length="50"), chunk_games=3, game="holdem")
>>> kernel, reference = play_chunk_kernel(config, 0), play_chunk_reference(config, 0)
>>> kernel.counts == reference.counts, kernel.hands.equals(reference.hands), kernel.actions.equals(reference.actions)
(True, True, True)
"""

import functools
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import NamedTuple

import numba
import numpy as np

from kernels.eval52 import N_CARDS, tables
from kernels.holdem.codes import Level
from kernels.holdem.game import (
    N_ACTION_FIELDS,
    N_FIELDS,
    NO_LIMIT,
    OVERFLOW,
    ActionField,
    Agents,
    Field,
    GameInputs,
    GameRules,
    play_games_nb,
)
from kernels.holdem.params import N_PARAMS, PARAMS_OF
from kernels.holdem.policies import LevelTables
from kernels.records import compact_nb
from sniper.core.tables import Chunk, schema_of
from sniper.games.holdem import levels, results
from sniper.games.holdem.agents import RandomAgent
from sniper.games.holdem.chunks import make_agent
from sniper.games.holdem.rules import BIG_BLIND, FIRST_BUTTON, SEATS, SMALL_BLIND, STARTING_STACK

LEVEL_OF: dict[type, Level] = {
    RandomAgent: Level.RANDOM,
    levels.EasyLevel: Level.EASY,
    levels.NormalLevel: Level.NORMAL,
    levels.HardLevel: Level.HARD,
}
"""Agent class → the kernel's level."""
BUST_CAPACITY = 256
"""Hands buffered per game at first when a game lasts until one player holds every chip (H10)."""
ACTIONS_PER_HAND = 16
"""Actions buffered per hand at first; a game that takes more is replayed with more."""
GROWTH = 4
"""Buffer growth when a game overflows its buffer (it is replayed: it depends only on (seed, game))."""
MAX_HANDS = int(np.iinfo(np.int16).max)
"""The most hands of a game (the kernel's records are ``int16``); a longer game is refused."""
BLOCKS_PER_THREAD = 4
"""``run_games`` splits the games into this many blocks per thread (games differ in length)."""


@functools.cache
def level_tables() -> LevelTables:
    """The levels' functions of two hole cards tabulated from the reference (``sniper.games.holdem.levels``:
    ``pair_high_score``, ``chen_score``, ``preflop_top``) for every pair of distinct cards, with its
    ``MAX_TRIES`` and ``SHARE_UNITS``: one truth, which the kernel looks up (``kernels.holdem.policies``)."""
    pair = np.zeros((N_CARDS, N_CARDS), np.int64)
    chen = np.zeros((N_CARDS, N_CARDS), np.int64)
    top = np.zeros((N_CARDS, N_CARDS), np.float64)
    for a in range(N_CARDS):
        for b in range(N_CARDS):
            if a != b:
                pair[a, b] = levels.pair_high_score((a, b))
                chen[a, b] = levels.chen_score((a, b))
                top[a, b] = levels.preflop_top((a, b))
    return LevelTables(pair, chen, top, int(levels.MAX_TRIES), int(levels.SHARE_UNITS))


def kernel_agent(agent: object) -> tuple[Level, np.ndarray]:
    """The kernel's level and ``float64 (N_PARAMS,)`` parameter vector of ``agent`` (a ``RandomAgent``
    or a level of ``sniper.games.holdem.levels``), its fields in ``kernels.holdem.params`` order.
    ``ValueError`` for an agent the kernel does not implement."""
    level = LEVEL_OF.get(type(agent))
    if level is None:
        raise ValueError(f"the Hold'em kernel has no agent {type(agent).__name__}; it plays {', '.join(levels.LEVELS)}")
    vector = np.zeros(N_PARAMS, np.float64)
    for param in PARAMS_OF.get(level, ()):
        vector[param] = float(getattr(agent, param.name.lower()))
    return level, vector


def game_inputs(agents: Sequence[object], hands: int | None) -> GameInputs:
    """``GameInputs`` of a table with ``agents[s]`` at seat ``s`` (2–9 of them, H1) and a limit of
    ``hands`` hands (``None``: until one player holds every chip, H10). ``ValueError`` (one line) for
    a seat count outside ``SEATS`` or an agent the kernel lacks."""
    if len(agents) not in SEATS:
        raise ValueError(f"a table has {SEATS.start}-{SEATS.stop - 1} seats, got {len(agents)} agents")
    kernel = [kernel_agent(a) for a in agents]
    limit = NO_LIMIT if hands is None else int(hands)
    rules = GameRules(len(agents), STARTING_STACK, SMALL_BLIND, BIG_BLIND, limit, FIRST_BUTTON)
    agents_data = Agents(np.array([k[0] for k in kernel], np.int64), np.stack([k[1] for k in kernel]))
    return GameInputs(rules, agents_data, tables(), level_tables())


def kernel_inputs(specs: Sequence[str], rules) -> GameInputs:
    """The kernel's inputs for a table of agent ``specs`` (``LEVEL[:NAME=VALUE,…]``) under ``rules`` (the
    game's ``PokerRules``): the engine's check (``GameSpec.engine_checks``), ``ValueError`` saying why
    the kernel cannot play them."""
    return game_inputs([make_agent(spec) for spec in specs], rules.hands_per_game)


class KernelRun(NamedTuple):
    """The kernel's buffers for a list of games (``run_games``)."""

    rec: np.ndarray
    """``int16 (N_FIELDS, G * capacity * n)``: hands."""
    hands: np.ndarray
    """``int64 (G,)``: hands per game, or ``OVERFLOW``."""
    arec: np.ndarray
    """``int16 (N_ACTION_FIELDS, G * action_capacity)``: actions."""
    actions: np.ndarray
    """``int64 (G,)``: actions per game (above ``action_capacity``: not all recorded)."""


def run_games(
    seed: int, games: np.ndarray, inputs: GameInputs, capacity: int, action_capacity: int, threads: int
) -> KernelRun:
    """Play ``games`` (``int64 (G,)``) with ``kernels.holdem.game.play_games_nb`` on ``threads``
    threads in blocks of games, with buffers of ``capacity`` hands and ``action_capacity`` actions
    per game (0: none recorded). The kernel releases the GIL and each game depends only on (seed,
    game), so the results do not depend on ``threads``."""
    n = inputs.rules.n_seats
    rec = np.empty((N_FIELDS, games.size * capacity * n), np.int16)
    hands = np.empty(games.size, np.int64)
    arec = np.empty((N_ACTION_FIELDS, games.size * action_capacity), np.int16)
    actions = np.empty(games.size, np.int64)
    blocks = min(games.size, threads * BLOCKS_PER_THREAD) if threads > 1 else 1
    bounds = np.linspace(0, games.size, blocks + 1).astype(np.int64)
    seed_word = np.uint64(seed)

    def block(i: int) -> None:
        lo, hi = int(bounds[i]), int(bounds[i + 1])
        play_games_nb(seed_word, games, lo, hi, inputs, capacity, rec, hands, action_capacity, arec, actions)

    if blocks > 1:
        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(block, range(blocks)))
    elif games.size:
        block(0)
    return KernelRun(rec, hands, arec, actions)


class HoldemRun(NamedTuple):
    """The numpy columns of ``play_games_kernel``."""

    hands: dict[str, np.ndarray]
    """The hands table's columns but ``agent`` (``Field`` and ``game``, ``seat``): one row per seat
    per hand, games in the order given, hands in order, seats 0..n-1."""
    actions: dict[str, np.ndarray] | None
    """The actions table's columns (``ActionField`` and ``game``), in the order played; ``None``
    unless asked for."""
    counts: np.ndarray
    """``int64 (G,)``: the hands of each game."""


def play_games_kernel(
    seed: int,
    games: Sequence[int],
    inputs: GameInputs,
    actions: bool = False,
    threads: int | None = None,
) -> HoldemRun:
    """Play game ``g`` of run ``seed`` for each ``g`` of ``games`` (non-negative integers) with the
    table of ``inputs`` (``game_inputs``, ``kernel_inputs``) on ``threads`` threads (default: numba's
    count; the results do not depend on it): the hands table's columns and, with ``actions``, the
    actions table's. A game longer than its buffers is replayed with larger ones (it depends only on
    (seed, game)). ``ValueError`` for a negative game or one longer than ``MAX_HANDS`` hands."""
    games = np.asarray(list(games), np.int64)
    if games.size and games.min() < 0:
        raise ValueError(f"games are numbered from 0, got {int(games.min())}")
    seats, limit = inputs.rules.n_seats, inputs.rules.hands_per_game
    threads = numba.get_num_threads() if threads is None else max(1, int(threads))
    capacity = BUST_CAPACITY if limit == NO_LIMIT else limit
    per_action = ACTIONS_PER_HAND * capacity if actions else 0
    pending = np.arange(games.size)
    hand_parts, action_parts = [], []
    while pending.size:
        run = run_games(seed, games[pending], inputs, capacity, per_action, threads)
        done = (run.hands != OVERFLOW) & ((run.actions <= per_action) | (not actions))
        counts = np.where(done, run.hands, 0)
        n_actions = np.where(done & actions, run.actions, 0)
        hand_parts.append((pending[done], counts[done], _columns(run.rec, counts, capacity * seats, seats)))
        action_parts.append((pending[done], n_actions[done], _columns(run.arec, n_actions, per_action, 1)))
        if limit == NO_LIMIT and (run.hands == OVERFLOW).any():
            if capacity >= MAX_HANDS:
                raise ValueError(f"game {int(games[pending][run.hands == OVERFLOW][0])} lasted over {MAX_HANDS} hands")
            capacity = min(capacity * GROWTH, MAX_HANDS)
        if actions:
            per_action = max(per_action, int(run.actions.max()), ACTIONS_PER_HAND * capacity)
        pending = pending[~done]
    counts = np.zeros(games.size, np.int64)
    n_actions = np.zeros(games.size, np.int64)
    for index, c, _ in hand_parts:
        counts[index] = c
    for index, c, _ in action_parts:
        n_actions[index] = c
    rec = _gather(hand_parts, seats) if games.size else np.empty((N_FIELDS, 0), np.int16)
    hands = {"game": np.repeat(games, counts * seats), "seat": np.tile(np.arange(seats), int(counts.sum()))}
    hands |= {f.name.lower(): rec[f] for f in Field}
    table_actions = None
    if actions:
        arec = _gather(action_parts, 1) if games.size else np.empty((N_ACTION_FIELDS, 0), np.int16)
        table_actions = {"game": np.repeat(games, n_actions)} | {f.name.lower(): arec[f] for f in ActionField}
    return HoldemRun(hands, table_actions, counts)


def arrow_table(columns: dict[str, np.ndarray], doc: dict, specs: Sequence[str] = ()):
    """The pyarrow table of numpy ``columns`` with the schema of ``doc`` (``results.COLUMNS`` or
    ``ACTION_COLUMNS``; ``sniper.core.tables.schema_of``), each column cast once to its numpy dtype
    (faster than ``sniper.core.tables.to_table`` from lists; the same table); ``agent`` is ``specs[seat]``."""
    import pyarrow as pa

    arrays = []
    for name, (dtype, _) in doc.items():
        if name == "agent":
            arrays.append(pa.array(list(specs), pa.string()).take(pa.array(columns["seat"])))
        else:
            arrays.append(pa.array(columns[name].astype(dtype.to_pandas_dtype(), copy=False), type=dtype))
    return pa.Table.from_arrays(arrays, schema=schema_of(doc))


def run_tables(run: HoldemRun, specs: Sequence[str]) -> dict:
    """The hands table (and the actions table, if ``run`` has it) of ``run`` as pyarrow tables with the
    schemas of ``sniper.games.holdem.results``, ``specs[s]`` the agent column of seat ``s``."""
    out = {"hands": arrow_table(run.hands, results.COLUMNS, specs)}
    if run.actions is not None:
        out["actions"] = arrow_table(run.actions, results.ACTION_COLUMNS)
    return out


def play_chunk_kernel(config, chunk: int, hands_only: bool = False) -> Chunk:
    """Chunk ``chunk`` of the run ``config`` (a ``sniper.runs.runner.RunConfig`` of this game) played by
    the kernel: the tables and counts of ``sniper.games.holdem.chunks.play_chunk_reference(config,
    chunk, hands_only)``, row for row. ``ValueError`` for specs the kernel cannot play."""
    inputs = kernel_inputs(config.agents, config.rules)
    start = chunk * config.chunk_games
    run = play_games_kernel(config.seed, range(start, start + config.chunk_games), inputs, not hands_only)
    return Chunk(run_tables(run, config.agents), [int(c) for c in run.counts])


def _gather(parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]], unit: int) -> np.ndarray:
    """One ``int16 (fields, rows)`` array, games in order, from ``parts``: per round of
    ``play_games_kernel`` the game indices it finished, their counts and their rows one game after
    the other (``unit`` rows per count)."""
    if len(parts) == 1:
        return parts[0][2]
    index = np.concatenate([p[0] for p in parts])
    counts = np.concatenate([p[1] for p in parts]) * unit
    base = np.cumsum([0] + [p[2].shape[1] for p in parts])[:-1]
    offset = np.concatenate([b + np.cumsum(p[1] * unit) - p[1] * unit for b, p in zip(base, parts)])
    order = np.argsort(index, kind="stable")
    counts, offset = counts[order], offset[order]
    starts = np.cumsum(counts) - counts
    rows = np.repeat(offset - starts, counts) + np.arange(int(counts.sum()))
    return np.concatenate([p[2] for p in parts], axis=1)[:, rows]


def _columns(rec: np.ndarray, counts: np.ndarray, per_game: int, unit: int) -> np.ndarray:
    """The filled rows of ``play_games_nb``'s per-game buffers ``rec``, one game after the other."""
    out = np.empty((rec.shape[0], int(counts.sum()) * unit), np.int16)
    compact_nb(rec, counts, per_game, unit, out)
    return out
