"""The game kernels' Python driver: their games played on every numba thread, replayed with larger buffers when
they overflow, and their per-game record buffers turned into numpy columns.

Every game kernel (``kernels.holdem.game``, ``kernels.draw.game``, ``kernels.sniper_holdem.game``) has the same
``play_games_nb(seed, games, start, stop, inputs, cap_hands, rec, hands_out, cap_actions, arec, actions_out)``: it
plays ``games[start:stop]``, each game into its own slice of the buffers ``rec`` (``int16 (fields, G * cap_hands
* seats)``, one column per seat per hand) and ``arec`` (``int16 (action fields, G * cap_actions)``, one column per
action), and writes each game's hands (or ``OVERFLOW`` when they do not fit) and actions (above ``cap_actions``:
not all recorded). What differs between games is a ``KernelGame``; each game's ``kernel_engine`` builds its own and
calls ``run_games`` and ``play_games`` (the engines' ``run_games`` and ``play_games_kernel``). A game depends only
on (seed, game), so neither the number of threads nor a replay changes a row.

>>> parts = [(np.array([1]), np.array([2]), np.array([[10, 11]], np.int16)), (np.array([0]), np.array([1]),
...     np.array([[20]], np.int16))]
>>> gather(parts, 1).tolist()  # game 0's row, then game 1's two
[[20, 10, 11]]
>>> compact(np.array([[1, 2, 3, 4, 5, 6]], np.int16), np.array([1, 3]), 3, 1).tolist()
[[1, 4, 5, 6]]
"""

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

import numba
import numpy as np

from kernels.records import compact_nb
from sniper.core.tables import arrow_array, schema_of, string_array

GROWTH = 4
"""Buffer growth when a game overflows its buffer (it is replayed: it depends only on (seed, game))."""
MAX_HANDS = int(np.iinfo(np.int16).max)
"""The most hands of a game (the kernels' records are ``int16``); a longer game is refused."""
BLOCKS_PER_THREAD = 4
"""``run_games`` splits the games into this many blocks per thread (games differ in length)."""


@dataclass(frozen=True)
class KernelGame:
    """What the driver needs of one game kernel: its entry point, its records' fields and its buffer sizes."""

    play_games_nb: Callable
    """The kernel's ``play_games_nb`` (the module docstring's signature; it releases the GIL)."""
    field: type[IntEnum]
    """The fields of a hand's record (rows of ``rec``), named in lower case as columns."""
    action_field: type[IntEnum]
    """The fields of an action's record (rows of ``arec``), named in lower case as columns."""
    overflow: int
    """The hands ``play_games_nb`` writes for a game longer than its buffer."""
    no_limit: int
    """``inputs.rules.hands_per_game`` of a game played until one player holds every chip."""
    bust_capacity: int
    """Hands buffered per game at first when a game has no limit."""
    actions_per_hand: float
    """Actions buffered per hand at first (at least one action per game)."""
    growth: int = GROWTH
    """Factor by which the hands' buffer grows when a game overflows it."""
    max_hands: int = MAX_HANDS
    """The most hands of a game; a longer game is refused."""
    blocks_per_thread: int = BLOCKS_PER_THREAD
    """``run_games`` splits the games into this many blocks per thread."""


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


class KernelColumns(NamedTuple):
    """The numpy columns of ``play_games``."""

    hands: dict[str, np.ndarray]
    """``game``, ``seat`` and the ``KernelGame.field`` columns (lower case): one row per seat per hand, games in
    the order given, hands in order, seats 0..n-1."""
    actions: dict[str, np.ndarray] | None
    """``game`` and the ``KernelGame.action_field`` columns (lower case), in the order played; ``None`` unless
    asked for."""
    counts: np.ndarray
    """``int64 (G,)``: the hands of each game."""
    action_counts: np.ndarray
    """``int64 (G,)``: the actions of each game (0 unless asked for)."""


_POOLS: dict[int, ThreadPoolExecutor] = {}
_POOLS_LOCK = threading.Lock()


def block_pool(threads: int) -> ThreadPoolExecutor:
    """This process's pool of ``threads`` threads (``threads >= 1``) that play ``play_blocks``' blocks of games, made
    at its first use and shared by every later call: the blocks of runs played at once (the runner's chunks played
    ahead, ``sniper.runs.backends.Backend.map``) queue on the same threads, in the order given, so the kernels
    never run on more threads than asked (a pool per call ran two chunks on 4 threads on 2 cores: slower,
    ``experiments/README.md``). Its threads only play blocks: ``play_blocks`` is never called from one."""
    with _POOLS_LOCK:
        if threads not in _POOLS:
            _POOLS[threads] = ThreadPoolExecutor(threads, thread_name_prefix="sniper-kernel")
        return _POOLS[threads]


def play_blocks(n_games: int, threads: int, play: Callable[[int, int], None], per_thread: int = BLOCKS_PER_THREAD):
    """``play(lo, hi)`` for consecutive ranges of games covering ``0 .. n_games - 1``: one range on this thread when
    ``threads`` is 1, else ``per_thread`` ranges per thread (at most one per game) on ``block_pool(threads)``, and
    return once all are played. ``play`` (a kernel that releases the GIL) must write only its own games' rows; an
    error it raises is raised here."""
    blocks = min(n_games, threads * per_thread) if threads > 1 else 1
    bounds = np.linspace(0, n_games, blocks + 1).astype(np.int64).tolist()
    if blocks > 1:
        list(block_pool(threads).map(play, bounds[:-1], bounds[1:]))
    elif n_games:
        play(0, n_games)


def run_games(
    game: KernelGame, seed: int, games: np.ndarray, inputs, capacity: int, action_capacity: int, threads: int
) -> KernelRun:
    """Play ``games`` (``int64 (G,)``) of run ``seed`` with ``game.play_games_nb`` and its ``inputs`` (the
    kernel's ``GameInputs``) on ``threads`` threads in blocks of games (``play_blocks``), with buffers of
    ``capacity`` hands and ``action_capacity`` actions per game (0: none recorded). The kernel releases the GIL and
    each game depends only on (seed, game), so the results do not depend on ``threads``."""
    n = inputs.rules.n_seats
    rec = np.empty((len(game.field), games.size * capacity * n), np.int16)
    hands = np.empty(games.size, np.int64)
    arec = np.empty((len(game.action_field), games.size * action_capacity), np.int16)
    actions = np.empty(games.size, np.int64)
    seed_word = np.uint64(seed)

    def block(lo: int, hi: int) -> None:
        game.play_games_nb(seed_word, games, lo, hi, inputs, capacity, rec, hands, action_capacity, arec, actions)

    play_blocks(games.size, threads, block, game.blocks_per_thread)
    return KernelRun(rec, hands, arec, actions)


def play_games(
    game: KernelGame,
    seed: int,
    games: Sequence[int],
    inputs,
    actions: bool = False,
    threads: int | None = None,
) -> KernelColumns:
    """Play game ``g`` of run ``seed`` for each ``g`` of ``games`` (non-negative integers) with ``game``'s kernel
    and its ``inputs`` on ``threads`` threads (default: numba's count; the results do not depend on it): the
    hands' columns and, with ``actions``, the actions'. A game longer than its buffers is replayed with larger
    ones (it depends only on (seed, game)). ``ValueError`` for a negative game or one longer than
    ``game.max_hands`` hands."""
    games = np.asarray(list(games), np.int64)
    if games.size and games.min() < 0:
        raise ValueError(f"games are numbered from 0, got {int(games.min())}")
    seats, limit = inputs.rules.n_seats, inputs.rules.hands_per_game
    threads = numba.get_num_threads() if threads is None else max(1, int(threads))
    capacity = game.bust_capacity if limit == game.no_limit else limit
    per_action = max(1, int(game.actions_per_hand * capacity)) if actions else 0
    pending = np.arange(games.size)
    hand_parts, action_parts = [], []
    while pending.size:
        run = run_games(game, seed, games[pending], inputs, capacity, per_action, threads)
        done = (run.hands != game.overflow) & ((run.actions <= per_action) | (not actions))
        counts = np.where(done, run.hands, 0)
        n_actions = np.where(done & actions, run.actions, 0)
        hand_parts.append((pending[done], counts[done], compact(run.rec, counts, capacity * seats, seats)))
        action_parts.append((pending[done], n_actions[done], compact(run.arec, n_actions, per_action, 1)))
        if limit == game.no_limit and (run.hands == game.overflow).any():
            if capacity >= game.max_hands:
                longest = int(games[pending][run.hands == game.overflow][0])
                raise ValueError(f"game {longest} lasted over {game.max_hands} hands")
            capacity = min(capacity * game.growth, game.max_hands)
        if actions:
            per_action = max(per_action, int(run.actions.max()), int(game.actions_per_hand * capacity))
        pending = pending[~done]
    counts = np.zeros(games.size, np.int64)
    n_actions = np.zeros(games.size, np.int64)
    for index, c, _ in hand_parts:
        counts[index] = c
    for index, c, _ in action_parts:
        n_actions[index] = c
    rec = gather(hand_parts, seats) if games.size else np.empty((len(game.field), 0), np.int16)
    hands = {"game": np.repeat(games, counts * seats), "seat": np.tile(np.arange(seats), int(counts.sum()))}
    hands |= {f.name.lower(): rec[f] for f in game.field}
    table_actions = None
    if actions:
        arec = gather(action_parts, 1) if games.size else np.empty((len(game.action_field), 0), np.int16)
        table_actions = {"game": np.repeat(games, n_actions)} | {f.name.lower(): arec[f] for f in game.action_field}
    return KernelColumns(hands, table_actions, counts, n_actions)


def gather(parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]], unit: int) -> np.ndarray:
    """One ``int16 (fields, rows)`` array, games in order, from ``parts``: per round of ``play_games`` the game
    indices it finished, their counts and their rows one game after the other (``unit`` rows per count)."""
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


def compact(rec: np.ndarray, counts: np.ndarray, per_game: int, unit: int) -> np.ndarray:
    """The filled columns of per-game buffers ``rec`` (``int16 (fields, G * per_game)``), one game after the
    other: the first ``counts[g] * unit`` of game ``g``'s ``per_game`` columns (``kernels.records.compact_nb``;
    ``rec`` itself when every game filled its buffer)."""
    if np.all(counts * unit == per_game):
        return rec
    out = np.empty((rec.shape[0], int(counts.sum()) * unit), rec.dtype)
    compact_nb(rec, counts, per_game, unit, out)
    return out


def arrow_table(columns: dict[str, np.ndarray], doc: dict, specs: Sequence[str] = ()):
    """The pyarrow table of numpy ``columns`` (one array per column of ``doc``, ``agent`` aside) with the schema of
    ``doc`` (a game's ``results.COLUMNS`` or ``ACTION_COLUMNS``; ``sniper.core.tables.schema_of``), each column
    cast once to its numpy dtype (faster than ``sniper.core.tables.to_table`` from lists; the same table; no pandas:
    ``sniper.core.tables.arrow_array``);
    ``agent`` is ``specs[seat]``. ``KeyError`` for a column of ``doc`` missing from ``columns``.

    >>> import pyarrow as pa
    >>> doc = {"seat": (pa.int8(), "seat"), "agent": (pa.string(), "spec"), "net": (pa.int64(), "chips")}
    >>> arrow_table({"seat": np.array([1, 0]), "net": np.array([5, -5])}, doc, ["easy", "hard"]).to_pydict()
    {'seat': [1, 0], 'agent': ['hard', 'easy'], 'net': [5, -5]}
    """
    import pyarrow as pa

    arrays = []
    for name, (dtype, _) in doc.items():
        if name == "agent":
            arrays.append(string_array(list(specs), columns["seat"]))
        else:
            arrays.append(arrow_array(columns[name], dtype))
    return pa.Table.from_arrays(arrays, schema=schema_of(doc))
