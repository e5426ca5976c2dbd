"""Whole games with the numba game kernel: the fast copy of the reference engine (R2–R9, R12, R13).

``play_chunk_kernel(config, chunk)`` returns exactly the table and hand counts of
``sniper.games.sniper_holdem.chunks.play_chunk_reference(config, chunk)`` (same
``sniper.games.sniper_holdem.results.SCHEMA``, same rows, same order), played by
``kernels.sniper_holdem.game.play_games_nb``. This module owns the validation of inputs and
the one conversion of agents (``sniper.games.sniper_holdem.parameters.make_agent``) into the kernel's parameter arrays.

>>> from sniper.games.sniper_holdem.rules import make_rules
>>> from sniper.runs.runner import RunConfig
>>> table, hands = play_chunk_kernel(RunConfig(("easy", "random"), make_rules("ours", "10"), chunk_games=3), 0)
>>> hands
[5, 2, 2]
>>> table.num_rows == 2 * sum(hands)
True
"""

from collections.abc import Sequence
from typing import NamedTuple

import numba
import numpy as np
import pyarrow as pa

from kernels.sniper_holdem.game import (
    NO_EXIT,
    NO_LIMIT,
    OVERFLOW,
    ActionField,
    Field,
    GameInputs,
    GameRules,
    game_inputs,
    play_games_nb,
)
from kernels.sniper_holdem.params import N_PARAMS, SNIPE_SAMPLES, Heuristic, Level, Param
from sniper.core.registry import get_game
from sniper.core.tables import Chunk
from sniper.games import kernel_driver
from sniper.games.sniper_holdem.agents import CallAgent, EasyAgent, FoldAgent, MonteCarloAgent, RandomAgent
from sniper.games.sniper_holdem.parameters import make_agent
from sniper.games.sniper_holdem.results import ACTION_COLUMNS, COLUMNS
from sniper.games.sniper_holdem.rules import Rules

MAX_CHIPS = np.iinfo(np.int16).max
"""Chips and hand indices are ``int16`` in ``SCHEMA``: a table's total chips must fit."""
BUST_CAPACITY = 256
"""Hands buffered per game at first in bust mode; a game that needs more is replayed with more."""
GROWTH = 8
ACTIONS_PER_SEAT_HAND = 3
"""Actions buffered per seat per hand at first; a game that takes more is replayed with more."""


class KernelAgent(NamedTuple):
    """An agent as the kernel sees it: betting level, snipe heuristic and parameter vector."""

    level: int
    heuristic: int
    params: np.ndarray


LEVEL_OF: dict[type, Level] = {
    RandomAgent: Level.RANDOM,
    EasyAgent: Level.EASY,
    MonteCarloAgent: Level.MONTE_CARLO,
    FoldAgent: Level.FOLD,
    CallAgent: Level.CALL,
}
"""Agent class → kernel betting level."""
HEURISTIC_OF: dict[str, Heuristic] = {h.name.lower(): h for h in Heuristic}
"""Snipe heuristic name (``sniper.games.sniper_holdem.snipes.SNIPE_HEURISTICS``) → kernel heuristic."""


def kernel_agent(spec: str) -> KernelAgent:
    """The kernel form of the agent ``spec`` names (parsed by ``sniper.games.sniper_holdem.parameters.make_agent``).

    The parameter vector holds the agent's fields by ``kernels.sniper_holdem.params.Param`` (0 for fields it does
    not have, except ``samples``: ``kernels.sniper_holdem.params.SNIPE_SAMPLES``, as the rollout heuristics read
    it). Raises ``ValueError`` for an unknown spec or an agent or heuristic the kernel does not
    implement.
    """
    agent = make_agent(spec)
    level = LEVEL_OF.get(type(agent))
    if level is None:
        known = ", ".join(cls.__name__ for cls in LEVEL_OF)
        raise ValueError(f"agent {spec!r} ({type(agent).__name__}) has no kernel version; kernel agents: {known}")
    heuristic = HEURISTIC_OF.get(agent.snipes)
    if heuristic is None:
        raise ValueError(f"snipe heuristic {agent.snipes!r} of {spec!r} has no kernel version")
    params = np.zeros(N_PARAMS)
    params[Param.SAMPLES] = SNIPE_SAMPLES
    for p in Param:
        value = getattr(agent, p.name.lower(), None)
        if value is not None:
            params[p] = value
    return KernelAgent(int(level), int(heuristic), params)


def kernel_inputs(specs: Sequence[str], rules: Rules) -> GameInputs:
    """The game kernel's inputs for a table of ``specs`` under ``rules``: the one place they are built.

    Validates the rules (``check_rules``) and converts each spec (``kernel_agent``); the result is
    what ``kernels.sniper_holdem.game.play_games_nb`` takes. Raises ``ValueError`` on invalid agents or rules.
    """
    n = len(specs)
    check_rules(rules, n)
    converted = [kernel_agent(spec) for spec in specs]
    limit = NO_LIMIT if rules.hands_per_game is None else rules.hands_per_game
    exit_at = NO_EXIT if rules.exit_at is None else rules.exit_at
    return game_inputs(
        GameRules(n, rules.starting_stack, limit, exit_at, rules.first_seat),
        np.array([a.level for a in converted]),
        np.array([a.heuristic for a in converted]),
        np.stack([a.params for a in converted]),
    )


KernelRun = kernel_driver.KernelRun


def driver(n_seats: int) -> kernel_driver.KernelGame:
    """This game's ``sniper.games.kernel_driver.KernelGame`` at a table of ``n_seats``: ``kernels.sniper_holdem.game``'s
    kernel and records, and this module's buffer sizes as they are when called."""
    per_hand = n_seats * ACTIONS_PER_SEAT_HAND
    return kernel_driver.KernelGame(
        play_games_nb, Field, ActionField, OVERFLOW, NO_LIMIT, BUST_CAPACITY, per_hand, GROWTH, MAX_CHIPS + 1
    )


def run_games(
    seed: np.uint64,
    games: np.ndarray,
    inputs: GameInputs,
    capacity: int,
    threads: int | None = None,
    action_capacity: int = 0,
) -> KernelRun:
    """Play ``games`` (``int64 (G,)``) with ``kernels.sniper_holdem.game.play_games_nb`` on ``threads`` threads
    (default: numba's thread count), with buffers of ``capacity`` hands and ``action_capacity`` actions per game
    (0: no actions recorded); returns the buffers as that kernel writes them (``sniper.games.kernel_driver.run_games``:
    the results do not depend on ``threads``).
    """
    threads = numba.get_num_threads() if threads is None else threads
    return kernel_driver.run_games(
        driver(inputs.rules.n_seats), seed, games, inputs, capacity, action_capacity, threads
    )


def check_rules(rules: Rules, n_seats: int) -> None:
    """Raise ``ValueError`` unless ``rules`` and ``n_seats`` are a game the kernel can play (R2, R9, R12)."""
    seats = get_game().seats
    if n_seats not in seats:
        raise ValueError(f"a game needs {seats.start} to {seats.stop - 1} seats, got {n_seats} (R2)")
    if not isinstance(rules.starting_stack, int) or rules.starting_stack < 1:
        raise ValueError(f"starting stack must be a whole number of chips >= 1, got {rules.starting_stack!r}")
    if rules.starting_stack * n_seats > MAX_CHIPS:
        raise ValueError(f"{n_seats} stacks of {rules.starting_stack} chips exceed the int16 results schema")
    if rules.hands_per_game is not None and not (isinstance(rules.hands_per_game, int) and rules.hands_per_game >= 1):
        raise ValueError(f"hands per game must be None (bust) or >= 1, got {rules.hands_per_game!r}")
    if rules.hands_per_game is not None and rules.hands_per_game > MAX_CHIPS:
        raise ValueError(f"hands per game above {MAX_CHIPS} do not fit the int16 hand column")
    if rules.exit_at is not None and not (isinstance(rules.exit_at, int) and rules.exit_at >= 1):
        raise ValueError(f"exit_at must be None or a number of chips >= 1, got {rules.exit_at!r}")
    if not isinstance(rules.first_seat, int) or rules.first_seat < 0:
        raise ValueError(f"first seat must be a seat index >= 0, got {rules.first_seat!r}")
    if rules.tie_break not in ("ours", "show"):
        raise ValueError(f"unknown tie break {rules.tie_break!r}; valid: ours, show")


def play_games_kernel(
    specs: Sequence[str], rules: Rules, seed: int, games: Sequence[int], actions: bool = False
) -> tuple[dict[str, np.ndarray], np.ndarray] | tuple[dict[str, np.ndarray], np.ndarray, dict[str, np.ndarray]]:
    """Play ``games`` (game indices) of run ``seed`` with the kernel.

    Returns ``(columns, hands)``: ``columns`` maps every ``SCHEMA`` column except ``agent`` to a
    numpy array (one entry per seat per hand, in game, hand, seat order; ``seat`` holds the seat
    index for the agent column), and ``hands`` (``int64 (G,)``) the hands each game played. With
    ``actions``, a third item maps every ``ACTION_SCHEMA`` column to a numpy array (one entry per
    action, in game, hand, seq order). Raises ``ValueError`` on invalid agents, rules, seed or games.
    """
    inputs = kernel_inputs(specs, rules)
    games = np.ascontiguousarray(np.asarray(games, dtype=np.int64).reshape(-1))
    if games.size and games.min() < 0:
        raise ValueError("game indices must be >= 0")
    if not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    seed_word = np.uint64(int(seed) & ((1 << 64) - 1))
    played = kernel_driver.play_games(driver(len(specs)), seed_word, games, inputs, actions)
    columns = played.hands
    columns["ante"] = columns["dealt_in"]
    if not actions:
        return columns, played.counts
    return columns, played.counts, played.actions


def to_arrow(columns: dict[str, np.ndarray], specs: Sequence[str]) -> pa.Table:
    """A table with exactly ``SCHEMA`` from ``play_games_kernel`` columns and the seats' agent specs
    (``sniper.games.kernel_driver.arrow_table``)."""
    return kernel_driver.arrow_table(columns, COLUMNS, specs)


def actions_to_arrow(columns: dict[str, np.ndarray]) -> pa.Table:
    """A table with exactly ``ACTION_SCHEMA`` from the action columns of ``play_games_kernel``
    (``sniper.games.kernel_driver.arrow_table``)."""
    return kernel_driver.arrow_table(columns, ACTION_COLUMNS)


def play_chunk_kernel(config, chunk: int, actions: bool = False):
    """Play chunk ``chunk`` of a run with the game kernel: the same rows as
    ``sniper.games.sniper_holdem.chunks.play_chunk_reference``.

    ``config`` is a ``sniper.runs.config.RunConfig``. Returns the chunk's rows as a table with
    ``SCHEMA`` and the number of hands of each of its games, in game order; with ``actions``, a
    ``sniper.core.tables.Chunk`` (hands, actions, counts). Raises ``ValueError`` on an invalid config
    or chunk.
    """
    if not isinstance(chunk, (int, np.integer)) or chunk < 0:
        raise ValueError(f"chunk must be an integer >= 0, got {chunk!r}")
    if not isinstance(config.chunk_games, int) or config.chunk_games < 1:
        raise ValueError(f"chunk_games must be >= 1, got {config.chunk_games!r}")
    start = int(chunk) * config.chunk_games
    games = np.arange(start, start + config.chunk_games, dtype=np.int64)
    played = play_games_kernel(list(config.agents), config.rules, config.seed, games, actions)
    hands = to_arrow(played[0], list(config.agents))
    counts = [int(h) for h in played[1]]
    if not actions:
        return hands, counts
    return Chunk({"hands": hands, "actions": actions_to_arrow(played[2])}, counts)


def decision_time_us(spec: str, players: int, rules: Rules, games: int = 16, repeats: int = 3) -> float:
    """CPU microseconds per decision (bets and snipes) of ``spec`` in self-play at ``players`` seats
    (``GameSpec.decision_time`` of "sniper": ``sniper tune``'s time budget).

    Times ``play_games_kernel`` on one numba thread (best of ``repeats``, process CPU time, so other
    processes' load matters little) over ``games`` games of seed 0, and divides by the decisions of those
    games, counted on the reference engine (the same games, R13).
    """
    import time

    from sniper.games.sniper_holdem.play import play_game

    specs = [spec] * players
    seated = [make_agent(s, rollouts="kernel") for s in specs]  # counting only: the same decisions, faster
    decisions = sum(
        len(state.bets) + len(state.snipes) for g in range(games) for state in play_game(seated, 0, g, rules)
    )
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        play_games_kernel(specs, rules, 0, range(games))
        best = float("inf")
        for _ in range(repeats):
            started = time.process_time()
            play_games_kernel(specs, rules, 0, range(games))
            best = min(best, time.process_time() - started)
    finally:
        numba.set_num_threads(threads)
    return best * 1e6 / max(decisions, 1)
