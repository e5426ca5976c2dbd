"""Whole games of no-limit Hold'em with the numba game kernel (``kernels.holdem``), as column arrays.

``play_games_kernel(seats, seed, games, agents)`` plays the same games as
``sniper.games.holdem.play.play_game(seats, seed, game, agents)`` for each game of ``games`` — the
same decks from the (seed, game, hand) streams, the same decisions, the same chips, hand for hand
(``tests/test_holdem_kernel.py`` checks it against the reference engine) — and returns the hands
table (one row per seat per hand) and, if asked, the actions table (one row per seat action), as
numpy columns (``to_arrow`` makes pyarrow tables of them). This module owns the validation and the
one conversion of agents (``sniper.games.holdem.agents.RandomAgent`` and the levels of
``sniper.games.holdem.levels``) into the kernel's arrays.

>>> from sniper.games.holdem.agents import RandomAgent
>>> run = play_games_kernel(3, seed=1, games=range(2), agents=[RandomAgent()] * 3, actions=True)
>>> int(run.hands["net"].sum()), sorted(run.hands) == sorted(HAND_COLUMNS)
(0, True)
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
    compact_nb,
    play_games_nb,
)
from kernels.holdem.params import N_PARAMS, PARAMS_OF
from kernels.holdem.policies import LevelTables
from sniper.games.holdem import levels
from sniper.games.holdem.agents import RandomAgent
from sniper.games.holdem.rules import (
    BIG_BLIND,
    DEFAULT_LENGTH,
    FIRST_BUTTON,
    SEATS,
    SMALL_BLIND,
    STARTING_STACK,
    hand_limit,
)

LEVEL_OF: dict[type, Level] = {
    RandomAgent: Level.RANDOM,
    levels.EasyLevel: Level.EASY,
    levels.NormalLevel: Level.NORMAL,
    levels.HardLevel: Level.HARD,
}
"""Agent class → the kernel's level."""
HAND_COLUMNS = ("game", "seat", *(f.name.lower() for f in Field))
"""The hands table's columns: the game, the seat and ``kernels.holdem.game.Field`` (documented there)."""
ACTION_COLUMNS = ("game", *(f.name.lower() for f in ActionField))
"""The actions table's columns: the game and ``kernels.holdem.game.ActionField`` (documented there)."""
BUST_CAPACITY = 256
"""Hands buffered per game at first when a game lasts until one player holds every chip (H10)."""
ACTIONS_PER_HAND = 16
"""Actions buffered per hand at first; a game that takes more is replayed with more."""
GROWTH = 4
"""Buffer growth when a game overflows its buffer (it is replayed: it depends only on (seed, game))."""
MAX_HANDS = int(np.iinfo(np.int16).max)
"""The most hands of a game (the ``hand`` column is ``int16``); a longer game is refused."""
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


def game_inputs(seats: int, agents: Sequence[object], hands: int | None) -> GameInputs:
    """``GameInputs`` of a table of ``seats`` (2–9, H1) with ``agents[s]`` at seat ``s`` and a limit of
    ``hands`` hands (``None``: until one player holds every chip, H10). ``ValueError`` (one line)
    for a seat count outside ``SEATS``, a wrong number of agents or an agent the kernel lacks."""
    if isinstance(seats, bool) or not isinstance(seats, int) or seats not in SEATS:
        raise ValueError(f"seats must be {SEATS.start}-{SEATS.stop - 1}, got {seats!r}")
    if len(agents) != seats:
        raise ValueError(f"one agent per seat: {seats} seats, {len(agents)} agents")
    kernel = [kernel_agent(a) for a in agents]
    rules = GameRules(
        seats, STARTING_STACK, SMALL_BLIND, BIG_BLIND, NO_LIMIT if hands is None else int(hands), FIRST_BUTTON
    )
    agents_data = Agents(np.array([k[0] for k in kernel], np.int64), np.stack([k[1] for k in kernel]))
    return GameInputs(rules, agents_data, tables(), level_tables())


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
    """The tables of ``play_games_kernel``: numpy columns by name."""

    hands: dict[str, np.ndarray]
    """``HAND_COLUMNS``: one row per seat per hand, games in the order given, hands in order, seats 0..n-1."""
    actions: dict[str, np.ndarray] | None
    """``ACTION_COLUMNS``: one row per seat action in the order played; ``None`` unless asked for."""


def _gather(parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]], n_games: int, unit: int) -> np.ndarray:
    """One ``int16 (fields, rows)`` array, games in order, from ``parts``: per round of ``play_games_kernel``
    the game indices it finished, their counts and their rows one game after the other (``unit`` rows
    per count)."""
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


def play_games_kernel(
    seats: int,
    seed: int,
    games: Sequence[int],
    agents: Sequence[object],
    length: str = DEFAULT_LENGTH,
    actions: bool = False,
    threads: int | None = None,
) -> HoldemRun:
    """Play game ``g`` of run ``seed`` for each ``g`` of ``games`` (non-negative integers) at a table of
    ``seats`` with ``agents[s]`` at seat ``s`` (each a ``RandomAgent`` or a ``levels`` level), each
    game ``length`` long (a key of ``rules.GAME_LENGTHS``, H10), on ``threads`` threads (default:
    numba's count; the results do not depend on it). Returns the hands table and, with ``actions``,
    the actions table. A game longer than its buffers is replayed with larger ones (it depends only
    on (seed, game)). ``ValueError`` (one line) for a bad seat count, agents, length or game."""
    limit = hand_limit(length)
    inputs = game_inputs(seats, agents, limit)
    games = np.asarray(list(games), np.int64)
    if games.size and games.min() < 0:
        raise ValueError(f"games are numbered from 0, got {int(games.min())}")
    threads = numba.get_num_threads() if threads is None else max(1, int(threads))
    capacity = BUST_CAPACITY if limit is None else limit
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
        if limit is None and (run.hands == OVERFLOW).any():
            if capacity >= MAX_HANDS:
                raise ValueError(
                    f"game {int(games[pending][run.hands == OVERFLOW][0])} lasted more than {MAX_HANDS} hands"
                )
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
    rec = _gather(hand_parts, games.size, seats) if games.size else np.empty((N_FIELDS, 0), np.int16)
    hands = {
        "game": np.repeat(games, counts * seats),
        "seat": np.tile(np.arange(seats, dtype=np.int16), int(counts.sum())),
    }
    hands |= {f.name.lower(): rec[f] for f in Field}
    table_actions = None
    if actions:
        arec = _gather(action_parts, games.size, 1) if games.size else np.empty((N_ACTION_FIELDS, 0), np.int16)
        table_actions = {"game": np.repeat(games, n_actions)} | {f.name.lower(): arec[f] for f in ActionField}
    return HoldemRun(hands, table_actions)


def _columns(rec: np.ndarray, counts: np.ndarray, per_game: int, unit: int) -> np.ndarray:
    """The filled rows of ``play_games_nb``'s per-game buffers ``rec``, one game after the other."""
    out = np.empty((rec.shape[0], int(counts.sum()) * unit), np.int16)
    compact_nb(rec, counts, per_game, unit, out)
    return out


def to_arrow(columns: dict[str, np.ndarray]):
    """A ``pyarrow.Table`` of ``columns`` (``HoldemRun.hands`` or ``.actions``), readable by pandas,
    polars and DuckDB; ``game`` is ``int64``, every other column ``int16``."""
    import pyarrow as pa

    return pa.table({name: pa.array(values) for name, values in columns.items()})
