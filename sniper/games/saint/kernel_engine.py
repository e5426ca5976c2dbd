"""Saint Poker with the numba game kernel (``kernels.saint``): the fast copy of the reference engine.

``play_chunk_kernel(config, chunk)`` returns exactly the tables of ``sniper.games.saint.chunks.play_chunk_reference(
config, chunk)`` — the same games from the (seed, game, round) streams, the same decisions, the same rows of
``sniper.games.saint.results``' hands and rounds tables — played by ``kernels.saint.game.play_games_nb`` on every
numba thread (``tests/test_saint_kernel.py`` checks it round for round). ``play_records`` gives the games as the
reference's ``RoundRecord`` lists. This module owns the validation (``kernel_inputs``, the engine's check) and the
one conversion of agents (the levels of ``sniper.games.saint.levels``) into the kernel's arrays.

>>> from sniper.games.saint import make_rules
>>> from sniper.games.saint.chunks import play_chunk_reference
>>> from sniper.runs.runner import RunConfig
>>> config = RunConfig(("easy", "random", "normal"), make_rules(), chunk_games=2, game="saint")
>>> kernel, reference = play_chunk_kernel(config, 0), play_chunk_reference(config, 0)
>>> kernel.counts == reference.counts, kernel.hands.equals(reference.hands), kernel.rounds.equals(reference.rounds)
(True, True, True)
"""

from collections.abc import Sequence
from typing import NamedTuple

import numba
import numpy as np

from kernels.eval52 import tables
from kernels.saint.codes import N_PARAMS, NO_CARD, Level, Param, RoundField, SeatField
from kernels.saint.game import play_games_nb
from kernels.saint.levels import pair_nb, pick_nb, take_nb
from kernels.saint.state import Count, new_scratch_nb, new_table_nb
from sniper.core.tables import Chunk
from sniper.games.kernel_driver import arrow_table, play_blocks
from sniper.games.poker52.cards import category
from sniper.games.saint import results
from sniper.games.saint.chunks import make_agent
from sniper.games.saint.levels import LEVELS, EasyAgent, HardAgent, NormalAgent, RandomAgent
from sniper.games.saint.observation import SaintObservation
from sniper.games.saint.rules import FUTURE_RIVER, ROUNDS, SEATS, TITLE
from sniper.games.saint.table import RoundRecord, pair_action

LEVEL_OF: dict[type, Level] = {
    RandomAgent: Level.RANDOM,
    EasyAgent: Level.EASY,
    NormalAgent: Level.NORMAL,
    HardAgent: Level.HARD,
}
"""Agent class → the kernel's level."""


class SaintInputs(NamedTuple):
    """A table of the kernel: ``levels`` (``int64 (seats,)``, ``kernels.saint.codes.Level``) and ``params``
    (``float64 (seats, N_PARAMS)``, ``kernels.saint.codes.Param``)."""

    levels: np.ndarray
    params: np.ndarray


class SaintRun(NamedTuple):
    """The kernel's records of a list of games (``play_games_kernel``)."""

    games: np.ndarray
    """``int64 (G,)``: the games played, in order."""
    seats: np.ndarray
    """``int32 (G, ROUNDS, seats, len(SeatField))``: every seat's round (``kernels.saint.codes.SeatField``)."""
    rounds: np.ndarray
    """``int32 (G, ROUNDS, len(RoundField))``: every round's rivers (``kernels.saint.codes.RoundField``)."""


def kernel_agent(agent: object) -> tuple[Level, np.ndarray]:
    """The kernel's level and ``float64 (N_PARAMS,)`` parameter vector of ``agent`` (a level of
    ``sniper.games.saint.levels.LEVELS``). ``ValueError`` for another agent."""
    level = LEVEL_OF.get(type(agent))
    if level is None:
        raise ValueError(f"the {TITLE} kernel has no agent {type(agent).__name__}; it plays {', '.join(LEVELS)}")
    vector = np.zeros(N_PARAMS, np.float64)
    for param in Param:
        if hasattr(agent, param.name.lower()):
            vector[param] = float(getattr(agent, param.name.lower()))
    return level, vector


def game_inputs(agents: Sequence[object]) -> SaintInputs:
    """``SaintInputs`` of a table with ``agents[s]`` at seat ``s`` (2–5 of them, S1). ``ValueError`` (one line) for
    a seat count outside ``SEATS`` or an agent the kernel lacks."""
    if len(agents) not in SEATS:
        raise ValueError(f"{TITLE} seats {SEATS.start}-{SEATS.stop - 1} players (S1), got {len(agents)} agents")
    levels, params = zip(*(kernel_agent(a) for a in agents))
    return SaintInputs(np.array(levels, np.int64), np.stack(params))


def kernel_inputs(specs: Sequence[str], rules=None) -> SaintInputs:
    """The kernel's inputs for a table of agent ``specs`` (``LEVEL[:NAME=VALUE,…]``; ``rules`` unused: S8 fixes the
    game): the engine's check (``GameSpec.engine_checks``), ``ValueError`` saying why the kernel cannot play them."""
    return game_inputs([make_agent(spec) for spec in specs])


def play_games_kernel(seed: int, games: Sequence[int], inputs: SaintInputs, threads: int | None = None) -> SaintRun:
    """Play game ``g`` of run ``seed`` for each ``g`` of ``games`` (non-negative integers) with the table of
    ``inputs`` (``game_inputs``, ``kernel_inputs``) on ``threads`` threads (default: numba's count; the results do
    not depend on it): ``kernels.saint.game.play_games_nb`` in blocks of games. ``ValueError`` for a negative
    game."""
    games = np.asarray(list(games), np.int64)
    if games.size and games.min() < 0:
        raise ValueError(f"games are numbered from 0, got {int(games.min())}")
    n = inputs.levels.size
    seats = np.empty((games.size, ROUNDS, n, len(SeatField)), np.int32)
    rounds = np.empty((games.size, ROUNDS, len(RoundField)), np.int32)
    threads = numba.get_num_threads() if threads is None else max(1, int(threads))
    t = tables()

    def block(lo: int, hi: int) -> None:
        play_games_nb(np.uint64(seed), games, lo, hi, n, inputs.levels, inputs.params, t, seats, rounds)

    play_blocks(games.size, threads, block)
    return SaintRun(games, seats, rounds)


def round_records(run: SaintRun) -> list[list[RoundRecord]]:
    """Per game of ``run``, its ``RoundRecord`` list, equal to the ``history`` of the reference's finished
    ``SaintTable`` (``sniper.games.saint.play.play_game``) of the same game."""
    n = run.seats.shape[2]
    carried = FUTURE_RIVER[n]
    out = []
    for game_seats, game_rounds in zip(run.seats.tolist(), run.rounds.tolist()):
        history = []
        for r, (rows, river) in enumerate(zip(game_seats, game_rounds)):
            f = {s: row for s, row in enumerate(rows)}
            turns = {s: row[SeatField.TAKE_TURN] for s, row in f.items() if row[SeatField.TAKE_TURN] != NO_CARD}
            order = tuple(sorted(turns, key=turns.get))
            history.append(
                RoundRecord(
                    number=r + 1,
                    carried=tuple(river[:carried]),
                    future=tuple(c for c in river[RoundField.FUTURE_1 :] if c != NO_CARD),
                    picks=tuple(row[SeatField.PICK] for row in rows),
                    river=tuple(river[: RoundField.RIVER_5 + 1]),
                    pairs=tuple((row[SeatField.PAIR_1], row[SeatField.PAIR_2]) for row in rows),
                    values=tuple(row[SeatField.VALUE] for row in rows),
                    river_only=tuple(bool(row[SeatField.RIVER_ONLY]) for row in rows),
                    points=tuple(row[SeatField.POINTS] for row in rows),
                    order=order,
                    takes=[(s, f[s][SeatField.TAKE_1 + lap]) for lap in range(2) for s in order],
                    scores=tuple(row[SeatField.SCORE] for row in rows),
                )
            )
        out.append(history)
    return out


def play_records(
    seed: int, games: Sequence[int], inputs: SaintInputs, threads: int | None = None
) -> list[list[RoundRecord]]:
    """Per game ``g`` of ``games``, the ``history`` of ``sniper.games.saint.play.play_game(seats, seed, g, agents)``
    for the table of ``inputs``, played by the kernel (``play_games_kernel``, ``round_records``)."""
    return round_records(play_games_kernel(seed, games, inputs, threads))


def run_tables(run: SaintRun, specs: Sequence[str], hands_only: bool = False) -> dict:
    """The hands table (and the rounds table unless ``hands_only``) of ``run`` with the schemas of
    ``sniper.games.saint.results`` (``COLUMNS``, ``ROUND_COLUMNS``), ``specs[s]`` the agent of seat ``s``: the
    tables ``results.tables_chunk`` gives of the same games, built from the numpy records."""
    g, n = run.games.size, run.seats.shape[2]
    rec = run.seats.reshape(-1, len(SeatField)).astype(np.int64)
    values = run.seats[..., SeatField.VALUE].astype(np.int64)  # (G, ROUNDS, n)
    points = run.seats[..., SeatField.POINTS].astype(np.int64)
    place = 1 + (values[..., None, :] > values[..., :, None]).sum(axis=-1)
    columns = {
        "game": np.repeat(run.games, ROUNDS * n),
        "hand": np.tile(np.repeat(np.arange(ROUNDS), n), g),
        "seat": np.tile(np.arange(n), g * ROUNDS),
        "net": (n * points - points.sum(axis=-1, keepdims=True)).ravel(),
        "stack_after": rec[:, SeatField.SCORE],
        "points": rec[:, SeatField.POINTS],
        "pick": rec[:, SeatField.PICK],
        "pair_1": rec[:, SeatField.PAIR_1],
        "pair_2": rec[:, SeatField.PAIR_2],
        "value": rec[:, SeatField.VALUE],
        "category": category(rec[:, SeatField.VALUE]),
        "place": place.ravel(),
        "river_only": rec[:, SeatField.RIVER_ONLY] != 0,
        "take_turn": rec[:, SeatField.TAKE_TURN],
        "take_1": rec[:, SeatField.TAKE_1],
        "take_2": rec[:, SeatField.TAKE_2],
    }
    out = {"hands": arrow_table(columns, results.COLUMNS, specs)}
    if not hands_only:
        r = run.rounds.reshape(-1, len(RoundField)).astype(np.int64)
        best = values.max(axis=-1)
        rounds = {
            "game": np.repeat(run.games, ROUNDS),
            "hand": np.tile(np.arange(ROUNDS), g),
            "carried": np.full(g * ROUNDS, FUTURE_RIVER[n]),
            "best": best.ravel(),
            "tied": (values == best[..., None]).sum(axis=-1).ravel(),
        }
        rounds |= {f"river_{i + 1}": r[:, RoundField.RIVER_1 + i] for i in range(results.RIVER_SIZE)}
        rounds |= {f"future_{i + 1}": r[:, RoundField.FUTURE_1 + i] for i in range(results.MAX_FUTURE)}
        out["rounds"] = arrow_table(rounds, results.ROUND_COLUMNS)
    return out


def play_chunk_kernel(config, chunk: int, hands_only: bool = False) -> Chunk:
    """Chunk ``chunk`` of the run ``config`` (a ``sniper.runs.config.RunConfig`` of this game) played by the kernel:
    its ``config.chunk_games`` games from game ``chunk * config.chunk_games``, as the hands table (and the rounds
    table unless ``hands_only``) of ``sniper.games.saint.results`` (``run_tables``) and the rounds of each game —
    the rows the reference engine gives for the same games. ``ValueError`` for specs the kernel cannot play.

    (Registered as the "kernel" engine of the game's ``GameSpec``.)"""
    inputs = kernel_inputs(config.agents)
    start = chunk * config.chunk_games
    run = play_games_kernel(config.seed, range(start, start + config.chunk_games), inputs)
    return Chunk(run_tables(run, config.agents, hands_only), [ROUNDS] * config.chunk_games)


def _mask(cards) -> np.uint64:
    """The ``uint64`` mask of ``cards`` (``kernels.saint.hands``)."""
    return np.uint64(sum(1 << int(c) for c in cards))


def kernel_act(agent: object, obs: SaintObservation, key: int) -> int:
    """``agent.act(obs, Stream(key))`` decided by the kernel (``kernels.saint.levels``: ``pick_nb``, ``pair_nb``,
    ``take_nb``) from a table that holds only what ``obs`` holds (S10: the seat's own hand, the rivers, the cards
    seen, the take-backs, the pool, the round): the same flat action. ``agent``: a level of
    ``sniper.games.saint.levels``; ``key``: the decision's stream key (``sniper.core.rng.Stream.key``).
    ``ValueError`` if ``obs`` offers no action or for an agent the kernel lacks."""
    if not obs.legal:
        raise ValueError(f"seat {obs.seat} has no legal action")
    level, params = kernel_agent(agent)
    level = np.int64(level)  # the type the game kernel calls the decisions with: compiled once
    tb, sc = new_table_nb(), new_scratch_nb()
    tb.hands[obs.seat] = _mask(obs.hand)
    tb.known[: obs.seats] = [_mask(k) for k in obs.known]
    tb.seen[:] = [_mask(obs.seen), _mask(obs.pool)]
    tb.river[: len(obs.river)] = obs.river
    tb.future[: len(obs.future)] = obs.future
    tb.n_future[0] = len(obs.future)
    tb.counts[[Count.SEATS, Count.NUMBER, Count.FUTURE]] = obs.seats, obs.round, FUTURE_RIVER[obs.seats]
    key = np.uint64(key)
    if obs.phase == "pick":
        return int(pick_nb(level, params, obs.seat, tb, key, sc))
    if obs.phase == "pair":
        return pair_action(*(int(c) for c in pair_nb(level, params, obs.seat, tb, key, tables(), sc)))
    return int(take_nb(level, params, obs.seat, tb, key, sc))
