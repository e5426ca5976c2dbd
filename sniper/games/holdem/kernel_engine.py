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

import numpy as np

from kernels.eval52 import N_CARDS, tables
from kernels.holdem.codes import Level
from kernels.holdem.game import Agents, Field, GameInputs, GameRules, play_games_nb
from kernels.holdem.params import N_PARAMS, PARAMS_OF
from kernels.holdem.policies import LevelTables
from kernels.poker52.game import NO_LIMIT, OVERFLOW, ActionField
from sniper.core.tables import Chunk
from sniper.games import kernel_driver
from sniper.games.holdem import levels, results, strength
from sniper.games.holdem.agents import CallAgent, FoldAgent, RandomAgent
from sniper.games.holdem.levels import make_agent
from sniper.games.holdem.rules import BIG_BLIND, FIRST_BUTTON, SEATS, SMALL_BLIND, STARTING_STACK

LEVEL_OF: dict[type, Level] = {
    RandomAgent: Level.RANDOM,
    levels.EasyLevel: Level.EASY,
    levels.NormalLevel: Level.NORMAL,
    levels.HardLevel: Level.HARD,
    FoldAgent: Level.FOLD,
    CallAgent: Level.CALL,
}
"""Agent class → the kernel's level."""
BUST_CAPACITY = 256
"""Hands buffered per game at first when a game lasts until one player holds every chip (H10)."""
ACTIONS_PER_HAND = 16
"""Actions buffered per hand at first; a game that takes more is replayed with more."""


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
                pair[a, b] = strength.pair_high_score((a, b))
                chen[a, b] = strength.chen_score((a, b))
                top[a, b] = strength.preflop_top((a, b))
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


KernelRun = kernel_driver.KernelRun
HoldemRun = kernel_driver.KernelColumns
"""The numpy columns of ``play_games_kernel`` (``sniper.games.kernel_driver.KernelColumns``)."""


def driver() -> kernel_driver.KernelGame:
    """This game's ``sniper.games.kernel_driver.KernelGame``: ``kernels.holdem.game``'s kernel and records, and
    this module's buffer sizes as they are when called."""
    return kernel_driver.KernelGame(
        play_games_nb, Field, ActionField, OVERFLOW, NO_LIMIT, BUST_CAPACITY, ACTIONS_PER_HAND
    )


def run_games(
    seed: int, games: np.ndarray, inputs: GameInputs, capacity: int, action_capacity: int, threads: int
) -> KernelRun:
    """Play ``games`` (``int64 (G,)``) with ``kernels.holdem.game.play_games_nb`` on ``threads`` threads, with
    buffers of ``capacity`` hands and ``action_capacity`` actions per game (``sniper.games.kernel_driver.run_games``:
    the results do not depend on ``threads``)."""
    return kernel_driver.run_games(driver(), seed, games, inputs, capacity, action_capacity, threads)


def play_games_kernel(
    seed: int, games: Sequence[int], inputs: GameInputs, actions: bool = False, threads: int | None = None
) -> HoldemRun:
    """Play game ``g`` of run ``seed`` for each ``g`` of ``games`` (non-negative integers) with the
    table of ``inputs`` (``game_inputs``, ``kernel_inputs``) on ``threads`` threads (default: numba's
    count; the results do not depend on it): the hands table's columns (but ``agent``) and, with ``actions``,
    the actions table's (``sniper.games.kernel_driver.play_games``). A game longer than its buffers is replayed
    with larger ones. ``ValueError`` for a negative game or one longer than
    ``sniper.games.kernel_driver.MAX_HANDS`` hands."""
    return kernel_driver.play_games(driver(), seed, games, inputs, actions, threads)


def run_tables(run: HoldemRun, specs: Sequence[str]) -> dict:
    """The hands table (and the actions table, if ``run`` has it) of ``run`` as pyarrow tables with the
    schemas of ``sniper.games.holdem.results``, ``specs[s]`` the agent column of seat ``s``."""
    out = {"hands": kernel_driver.arrow_table(run.hands, results.COLUMNS, specs)}
    if run.actions is not None:
        out["actions"] = kernel_driver.arrow_table(run.actions, results.ACTION_COLUMNS)
    return out


def play_chunk_kernel(config, chunk: int, hands_only: bool = False) -> Chunk:
    """Chunk ``chunk`` of the run ``config`` (a ``sniper.runs.config.RunConfig`` of this game) played by
    the kernel: the tables and counts of ``sniper.games.holdem.chunks.play_chunk_reference(config,
    chunk, hands_only)``, row for row. ``ValueError`` for specs the kernel cannot play."""
    inputs = kernel_inputs(config.agents, config.rules)
    start = chunk * config.chunk_games
    run = play_games_kernel(config.seed, range(start, start + config.chunk_games), inputs, not hands_only)
    return Chunk(run_tables(run, config.agents), [int(c) for c in run.counts])
