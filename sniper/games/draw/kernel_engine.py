"""Five-card draw with the numba game kernel (``kernels.draw``): the fast copy of the reference engine.

``play_records(seed, games, inputs)`` returns, per game, the very ``sniper.games.draw.play.HandRecord`` list that
``play_game(seats, seed, game, agents, length)`` returns for the same agents (equal objects:
``tests/test_draw_kernel.py`` checks it hand for hand) — the same games from the (seed, game, hand) streams,
the same decisions, the same chips — played by ``kernels.draw.game.play_games_nb`` on every numba thread.
``play_games_kernel`` is the same at the level of numpy columns, and ``play_chunk_kernel(config, chunk)``
is the run engine: a chunk's tables built with ``sniper.games.draw.results``. This module owns the
validation (``kernel_inputs``, the engine's check) and the one conversion of agents (``RandomAgent``,
``EasyAgent``, the levels of ``sniper.games.draw.levels`` and ``SplitAgent``s of them: a level bets and
draws, a split agent's ``bet`` side bets and its ``draw`` side draws, ``kernels.draw.game.Agents``) and of the
levels' tables into the kernel's arrays.

>>> from sniper.games.draw.agents import make_level
>>> from sniper.games.draw.play import play_game
>>> agents = [make_level("easy"), make_level("random"), make_level("normal")]
>>> inputs = game_inputs(agents, 20)
>>> play_records(5, [0, 1], inputs) == [play_game(3, 5, g, agents, "20") for g in (0, 1)]
True
"""

import functools
import hashlib
import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from kernels.draw.betting import NO_RAISE, new_hand, note_raise_nb
from kernels.draw.codes import DISCARD, NO_CARD, NO_DRAW, Level
from kernels.draw.game import Agents, Field, GameInputs, GameRules, max_draw_samples_nb, play_games_nb
from kernels.draw.params import N_PARAMS, PARAMS_OF, NormalParam
from kernels.draw.policies import N_FLAT, policies_nb
from kernels.draw.strength import (
    FIVE_BUCKET_BITS,
    FIVE_MULTIPLIER,
    FIVE_SLOT_BITS,
    N_ORDERS,
    LevelTables,
    new_scratch,
)
from kernels.eval52 import tables
from kernels.jit import SOURCES_DIGEST, cached_arrays, sources_digest
from kernels.poker52.game import NO_LIMIT, OVERFLOW, ActionField
from sniper.core.policy import POLICY_KEYS, POLICY_SALT
from sniper.core.rng import mix64
from sniper.core.tables import Chunk
from sniper.games import kernel_driver
from sniper.games.draw import levels, reading, strength
from sniper.games.draw.actions import BET_RAISE, DRAW
from sniper.games.draw.agents import LEVELS, CallAgent, EasyAgent, FoldAgent, RandomAgent, SplitAgent, make_agent
from sniper.games.draw.levels import HardAgent, NormalAgent
from sniper.games.draw.observation import DrawObservation
from sniper.games.draw.reading import check_legal
from sniper.games.draw.rules import ANTE, BET_SIZES, CAP, FIRST_BUTTON, HAND_SIZE, MAX_DISCARDS, SEATS, STARTING_STACK

if TYPE_CHECKING:  # the reference engine's records, imported when made: the kernel's runs import no PokerKit
    from sniper.games.draw.play import HandRecord
    from sniper.games.poker52.hand import ActionRecord

LEVEL_OF: dict[type, Level] = {
    RandomAgent: Level.RANDOM,
    EasyAgent: Level.EASY,
    NormalAgent: Level.NORMAL,
    HardAgent: Level.HARD,
    FoldAgent: Level.FOLD,
    CallAgent: Level.CALL,
}
"""Agent class → the kernel's level."""
BUST_CAPACITY = 256
"""Hands buffered per game at first when a game lasts until one player holds every chip (D9)."""
ACTIONS_PER_HAND = 24
"""Actions buffered per hand at first; a game that takes more is replayed with more."""
MAX_OPPONENTS = max(SEATS) - 1
"""The most live opponents of a decision (``normal``'s powers go up to ``power * MAX_OPPONENTS``)."""


SNIPER = Path(__file__).resolve().parents[2]
REFERENCE_SOURCES = (SNIPER / "games" / "draw", SNIPER / "games" / "poker52", SNIPER / "core")
"""The reference's sources the levels' tables are built from (``sniper/games/draw``, ``sniper/games/poker52``
and ``sniper/core``): their digest, with the kernels', keys the tables' disk cache (``reference_tables``)."""


@functools.cache
def reference_tables() -> dict[str, np.ndarray]:
    """What the levels' tables take from the reference, as arrays: ``values`` and ``halves`` (``int64 (7462,)``,
    ``strength.five_card_hands()``'s), ``keep_cards``, ``keep_start``, ``keep_count`` (``keep_rows``) and
    ``five_slot``, ``five_order`` (``five_orders``), built once (about 0.3 s) and kept in the kernels' disk cache
    (``kernels.jit.cached_arrays``), keyed by the digest of ``REFERENCE_SOURCES`` and ``kernels.jit.SOURCES_DIGEST``."""
    key = hashlib.sha256("".join([SOURCES_DIGEST, *map(sources_digest, REFERENCE_SOURCES)]).encode()).hexdigest()
    return cached_arrays("draw-level-tables", key, _build_reference_tables)


def _build_reference_tables() -> dict[str, np.ndarray]:
    hands = strength.five_card_hands()
    cards, start, count = keep_rows()
    values, halves = np.array(hands.values, np.int64), np.array(hands.halves, np.int64)
    slot, order = five_orders(values)
    return {
        "values": values,
        "halves": halves,
        "keep_cards": cards,
        "keep_start": start,
        "keep_count": count,
        "five_slot": slot,
        "five_order": order,
    }


@functools.cache
def order_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``LevelTables.five_slot``, ``five_order`` and ``flush_order`` (``uint16``): the order of each five-card rank
    multiset played without a flush (``five_orders``, kept with ``reference_tables``) and of each flush
    (``kernels.eval52``'s ``flush_value``, each entry replaced by the index of its value in
    ``strength.five_card_hands().values``, the reference's ``five_card_index``; entries of fewer than five ranks, 0,
    get 0)."""
    stored = reference_tables()
    flush_value = tables().flush_value
    flush = np.where(flush_value > 0, np.searchsorted(stored["values"], flush_value), 0).astype(np.uint16)
    return stored["five_slot"], stored["five_order"], flush


def five_orders(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``LevelTables.five_slot`` and ``five_order`` (``five_hash``) of the five-card rank multisets
    (``five_rank_keys``), each one's order the index in ``values`` (``strength.five_card_hands().values``) of its
    value played without a flush (``kernels.eval52``'s ``rank_value``); about 0.1 s, so built with
    ``reference_tables`` and kept in its disk cache."""
    t = tables()
    ranks = five_rank_keys()
    low = (ranks & np.uint64(0x3FFF)).astype(np.int64)
    high = (ranks >> np.uint64(16)).astype(np.int64)
    rank_value = t.rank_value[t.low_base[low].astype(np.int64) + t.high_index[high]]
    return five_hash(ranks, np.searchsorted(values, rank_value).astype(np.uint16))


def five_rank_keys() -> np.ndarray:
    """``uint64 (6175,)``: the ranks' part (bits 16 and up) of the ``kernels.eval52`` key of every multiset of five
    ranks with at most four of a rank, the key ``kernels.draw.strength.order_of_nb`` hashes."""
    ranks = np.array(list(itertools.combinations_with_replacement(range(13), HAND_SIZE)), np.int64)
    counts = (ranks[:, :, None] == np.arange(13)).sum(axis=1)
    counts = counts[counts.max(axis=1) <= 4]
    rank_keys = tables().card_key[0::4] - np.uint64(1)  # the cards of suit 0 less their suit counter
    return (counts.astype(np.uint64) * rank_keys).sum(axis=1, dtype=np.uint64) >> np.uint64(16)


def five_hash(ranks: np.ndarray, orders: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``LevelTables.five_slot`` and ``five_order`` of the keys ``ranks`` (``five_rank_keys``) and their
    ``orders``: a perfect hash by displacement (buckets of the product's top ``FIVE_BUCKET_BITS`` bits, largest
    first, each given the first ``five_slot`` entry whose XOR with its keys' slots, the next ``FIVE_SLOT_BITS``
    bits, puts them all in free slots). ``RuntimeError`` if the multiplier (``FIVE_MULTIPLIER``) put two keys of
    a bucket at the same slot or left a bucket no entry (it does neither: the build checks it)."""
    h = ranks * FIVE_MULTIPLIER
    bucket = (h >> np.uint64(64 - FIVE_BUCKET_BITS)).astype(np.int64)
    slot = ((h >> np.uint64(64 - FIVE_BUCKET_BITS - FIVE_SLOT_BITS)) & np.uint64((1 << FIVE_SLOT_BITS) - 1)).astype(
        np.int64
    )
    if np.unique(bucket << FIVE_SLOT_BITS | slot).size != ranks.size:
        raise RuntimeError("FIVE_MULTIPLIER puts two five-card rank keys of a bucket at one slot")
    used = np.zeros(1 << FIVE_SLOT_BITS, bool)
    displacement = np.zeros(1 << FIVE_BUCKET_BITS, np.uint16)
    order = np.zeros(1 << FIVE_SLOT_BITS, np.uint16)
    tries = np.arange(1 << FIVE_SLOT_BITS)
    for b in np.argsort(-np.bincount(bucket, minlength=1 << FIVE_BUCKET_BITS), kind="stable"):
        mine = bucket == b
        if not mine.any():
            break
        free = np.flatnonzero(~used[slot[mine, None] ^ tries].any(axis=0))
        if free.size == 0:
            raise RuntimeError("no displacement places a bucket of five-card rank keys")
        displacement[b] = free[0]
        used[slot[mine] ^ free[0]] = True
        order[slot[mine] ^ free[0]] = orders[mine]
    return displacement, order


@functools.cache
def power_rows(most: int) -> np.ndarray:
    """``float64 (most + 1, 7462)``: row ``n`` is ``strength.power_table(n)`` (row 0 all ones), each entry ``n``
    products in turn of the hand's strength (``halves / (2 * FIVE_CARD_COUNT)``) as the reference computes
    it, so the same floats bit for bit."""
    share = reference_tables()["halves"].astype(np.float64) / (2 * strength.FIVE_CARD_COUNT)
    rows = np.ones((most + 1, N_ORDERS), np.float64)
    for n in range(1, most + 1):
        rows[n] = rows[n - 1] * share
    return rows


def keep_rows() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``levels.chart_keep_sets()`` as ``LevelTables.keep_cards``, ``keep_start`` and ``keep_count``."""
    sets = levels.chart_keep_sets()
    start, count = np.zeros(HAND_SIZE + 1, np.int64), np.zeros(HAND_SIZE + 1, np.int64)
    rows = []
    for n in sorted(sets):
        start[n], count[n] = len(rows), len(sets[n])
        rows += [tuple(s) + (0,) * (HAND_SIZE - n) for s in sets[n]]
    return np.array(rows, np.uint8), start, count


def level_tables(most_power: int = 1) -> LevelTables:
    """The levels' tables built from the reference (``sniper.games.draw.levels``: ``five_card_hands``,
    ``power_table`` for powers up to ``most_power``, ``chart_keep_sets``, ``MAX_TRIES``, ``SHARE_UNITS``):
    one truth, which the kernel looks up (``kernels.draw.strength.LevelTables``)."""
    slot, order, flush = order_tables()
    stored = reference_tables()
    cards, start, count = stored["keep_cards"], stored["keep_start"], stored["keep_count"]
    powers = power_rows(max(int(most_power), 1))
    return LevelTables(slot, order, flush, powers, cards, start, count, int(levels.MAX_TRIES), int(levels.SHARE_UNITS))


def kernel_agent(agent: object) -> tuple[Level, np.ndarray]:
    """The kernel's level and ``float64 (N_PARAMS,)`` parameter vector of ``agent`` (a level of
    ``sniper.games.draw.agents.LEVELS``), its fields in ``kernels.draw.params`` order. ``ValueError`` for an
    agent the kernel does not implement (a ``SplitAgent`` is two: ``kernel_sides``)."""
    level = LEVEL_OF.get(type(agent))
    if level is None:
        raise ValueError(f"the draw kernel has no agent {type(agent).__name__}; it plays {', '.join(LEVELS)}")
    vector = np.zeros(N_PARAMS, np.float64)
    for param in PARAMS_OF.get(level, ()):
        vector[param] = float(getattr(agent, param.name.lower()))
    return level, vector


def kernel_sides(agent: object) -> tuple[tuple[Level, np.ndarray], tuple[Level, np.ndarray]]:
    """The ``kernel_agent`` of the level that bets and of the one that draws: ``agent`` twice for a level, the
    ``bet`` and ``draw`` sides of a ``SplitAgent``. ``ValueError`` for an agent the kernel does not implement."""
    if isinstance(agent, SplitAgent):
        return kernel_agent(agent.bet), kernel_agent(agent.draw)
    side = kernel_agent(agent)
    return side, side


def most_power(kernel: Sequence[tuple[Level, np.ndarray]]) -> int:
    """The largest ``strength ** n`` exponent a table of ``kernel`` agents (``kernel_agent``) looks up: ``normal``'s
    ``draw_power`` and ``bet_power`` times ``MAX_OPPONENTS``."""
    powers = [
        int(v[p]) * MAX_OPPONENTS
        for level, v in kernel
        if level == Level.NORMAL
        for p in (NormalParam.DRAW_POWER, NormalParam.BET_POWER)
    ]
    return max(powers, default=1)


def game_inputs(agents: Sequence[object], hands: int | None) -> GameInputs:
    """``GameInputs`` of a table with ``agents[s]`` at seat ``s`` (2–6 of them, D1) and a limit of ``hands``
    hands (``None``: until one player holds every chip, D9). ``ValueError`` (one line) for a seat count
    outside ``SEATS`` or an agent the kernel lacks."""
    if len(agents) not in SEATS:
        raise ValueError(f"a table has {SEATS.start}-{SEATS.stop - 1} seats, got {len(agents)} agents")
    bet, draw = zip(*(kernel_sides(a) for a in agents))
    limit = NO_LIMIT if hands is None else int(hands)
    small, big = BET_SIZES
    rules = GameRules(len(agents), STARTING_STACK, ANTE, small, big, CAP, limit, FIRST_BUTTON)
    data = Agents(
        np.array([k[0] for k in bet], np.int64),
        np.stack([k[1] for k in bet]),
        np.array([k[0] for k in draw], np.int64),
        np.stack([k[1] for k in draw]),
    )
    return GameInputs(rules, data, tables(), level_tables(most_power(bet + draw)))


def kernel_inputs(specs: Sequence[str], rules) -> GameInputs:
    """The kernel's inputs for a table of agent ``specs`` (``LEVEL[:NAME=VALUE,…]`` or ``BET/DRAW``) under
    ``rules`` (the game's ``PokerRules``): the engine's check (``GameSpec.engine_checks``), ``ValueError`` saying
    why the kernel cannot play them."""
    return game_inputs([make_agent(spec) for spec in specs], rules.hands_per_game)


KernelRun = kernel_driver.KernelRun
DrawRun = kernel_driver.KernelColumns
"""The numpy columns of ``play_games_kernel`` (``sniper.games.kernel_driver.KernelColumns``)."""


def driver() -> kernel_driver.KernelGame:
    """This game's ``sniper.games.kernel_driver.KernelGame``: ``kernels.draw.game``'s kernel and records, and this
    module's buffer sizes as they are when called."""
    return kernel_driver.KernelGame(
        play_games_nb, Field, ActionField, OVERFLOW, NO_LIMIT, BUST_CAPACITY, ACTIONS_PER_HAND
    )


def run_games(
    seed: int, games: np.ndarray, inputs: GameInputs, capacity: int, action_capacity: int, threads: int
) -> KernelRun:
    """Play ``games`` (``int64 (G,)``) with ``kernels.draw.game.play_games_nb`` on ``threads`` threads, with buffers
    of ``capacity`` hands and ``action_capacity`` actions per game (``sniper.games.kernel_driver.run_games``: the
    results do not depend on ``threads``)."""
    return kernel_driver.run_games(driver(), seed, games, inputs, capacity, action_capacity, threads)


def play_games_kernel(
    seed: int, games: Sequence[int], inputs: GameInputs, actions: bool = False, threads: int | None = None
) -> DrawRun:
    """Play game ``g`` of run ``seed`` for each ``g`` of ``games`` (non-negative integers) with the table of
    ``inputs`` (``game_inputs``, ``kernel_inputs``) on ``threads`` threads (default: numba's count; the results do
    not depend on it): the hands' columns and, with ``actions``, the actions' (``sniper.games.kernel_driver.
    play_games``). A game longer than its buffers is replayed with larger ones. ``ValueError`` for a negative
    game or one longer than ``sniper.games.kernel_driver.MAX_HANDS`` hands."""
    return kernel_driver.play_games(driver(), seed, games, inputs, actions, threads)


def _cards(row: np.ndarray, first: Field, n: int) -> tuple[int, ...]:
    """The cards of fields ``first .. first + n - 1`` of a record row, those dealt."""
    return tuple(int(c) for c in row[first : first + n] if c != NO_CARD)


def hand_records(run: DrawRun) -> list[list["HandRecord"]]:
    """Per game of ``run`` (``play_games_kernel`` with ``actions``), the ``HandRecord`` of each hand, equal to
    those of ``sniper.games.draw.play.play_game`` (the final cards rebuilt as the engine holds them: the
    kept cards in order, then the replacements). ``ValueError`` if ``run`` has no actions."""
    if run.actions is None:
        raise ValueError("hand_records needs the actions: play_games_kernel(..., actions=True)")
    from sniper.games.poker52.hand import ActionRecord

    rows = np.stack([run.hands[f.name.lower()] for f in Field]).T
    acts = np.stack([run.actions[f.name.lower()] for f in ActionField]).T.tolist()
    seats = int(run.hands["seat"].max()) + 1 if rows.shape[0] else 0
    out: list[list[HandRecord]] = []
    row = act = 0
    for count, n_actions in zip(run.counts.tolist(), run.action_counts.tolist()):
        by_hand: dict[int, list[ActionRecord]] = {}
        for a in acts[act : act + n_actions]:
            by_hand.setdefault(a[ActionField.HAND], []).append(ActionRecord(*a[ActionField.SEAT :]))
        act += n_actions
        game = []
        for _ in range(count):
            hand = rows[row : row + seats]
            game.append(record_of(hand, tuple(by_hand.get(int(hand[0, Field.HAND]), ()))))
            row += seats
        out.append(game)
    return out


def record_of(rows: np.ndarray, actions: tuple["ActionRecord", ...]) -> "HandRecord":
    """The ``HandRecord`` of one hand from its kernel rows (``int16 (seats, N_FIELDS)``, ``Field``; the final
    cards rebuilt as the engine holds them: the kept cards in order, then the replacements) and its
    ``actions``: ``sniper.games.draw.play.HandRecord.of`` of the same hand."""
    from sniper.games.draw.play import HandRecord

    first = rows[0]
    holes, draws, discards, drawn, cards = [], [], [], [], []
    for r in rows:
        hole = _cards(r, Field.HOLE_1, HAND_SIZE)
        gone, new = _cards(r, Field.DISCARD_1, MAX_DISCARDS), _cards(r, Field.DRAWN_1, MAX_DISCARDS)
        holes.append(hole)
        draws.append(None if int(r[Field.DRAWS]) == NO_DRAW else int(r[Field.DRAWS]))
        discards.append(gone)
        drawn.append(new)
        cards.append(tuple(c for c in hole if c not in gone) + new)
    return HandRecord(
        hand=int(first[Field.HAND]),
        button=int(first[Field.BUTTON]),
        holes=tuple(holes),
        draws=tuple(draws),
        discards=tuple(discards),
        drawn=tuple(drawn),
        cards=tuple(cards),
        actions=actions,
        stacks_before=tuple(int(r[Field.STACK_BEFORE]) for r in rows),
        stacks=tuple(int(r[Field.STACK_AFTER]) for r in rows),
        winnings=tuple(int(r[Field.NET]) for r in rows),
        showdown=bool(first[Field.SHOWDOWN]),
    )


def play_records(
    seed: int, games: Sequence[int], inputs: GameInputs, threads: int | None = None
) -> list[list["HandRecord"]]:
    """Per game ``g`` of ``games``, the ``HandRecord`` list that ``sniper.games.draw.play.play_game(seats, seed,
    g, agents, length)`` returns for the table of ``inputs`` (``game_inputs``, ``kernel_inputs``), played by
    the kernel (``play_games_kernel``, ``hand_records``). ``ValueError`` as ``play_games_kernel``."""
    return hand_records(play_games_kernel(seed, games, inputs, actions=True, threads=threads))


def final_cards(holes: np.ndarray, discards: np.ndarray, drawn: np.ndarray) -> np.ndarray:
    """``int16 (N, HAND_SIZE)``: each row's final cards as the engine holds them (``record_of``'s ``cards``,
    padded with ``NO_CARD``): the dealt cards ``holes`` (``(N, HAND_SIZE)``) not among the ``discards``
    (``(N, MAX_DISCARDS)``), in order, then the replacements ``drawn`` (``(N, MAX_DISCARDS)``) in the order
    dealt; ``NO_CARD`` entries are no card. Vectorised numpy, no Python loop over rows.

    >>> final_cards(np.array([[1, 2, 3, 4, 5]]), np.array([[2, 4, -1]]), np.array([[9, 8, -1]])).tolist()
    [[1, 3, 5, 9, 8]]
    """
    holes, discards, drawn = (np.asarray(a, np.int16) for a in (holes, discards, drawn))
    gone = np.zeros(holes.shape, bool)
    for discard in discards.T:  # one column at a time: a reduction over a short axis is slow in numpy
        gone |= (holes == discard[:, None]) & (discard != NO_CARD)[:, None]
    cards = np.concatenate([holes, drawn], axis=1)
    there = np.concatenate([(holes != NO_CARD) & ~gone, drawn != NO_CARD], axis=1)
    place = np.cumsum(there, axis=1) - 1  # each card's column among its row's cards there, in order
    rows, columns = np.nonzero(there & (place < HAND_SIZE))
    finals = np.full((len(cards), HAND_SIZE), NO_CARD, np.int16)
    finals[rows, place[rows, columns]] = cards[rows, columns]
    return finals


@functools.cache
def _draws_of_action() -> np.ndarray:
    """``int8``: entry ``a`` is ``results.draws_of(a)`` for every flat action ``a`` (the draws included)."""
    from sniper.games.draw import results

    return np.array([results.draws_of(a) for a in range(DISCARD + (1 << HAND_SIZE))], np.int8)


def run_tables(run: DrawRun, specs: Sequence[str]) -> dict:
    """The hands table (and the actions table, if ``run`` has it) of ``run`` (``play_games_kernel``) as pyarrow
    tables with the schemas of ``sniper.games.draw.results`` (``COLUMNS``, ``ACTION_COLUMNS``), ``specs[s]`` the
    agent column of seat ``s``: the tables ``results.hand_rows``/``action_rows`` give of ``hand_records(run)``,
    built straight from the numpy columns (``sniper.games.kernel_driver.arrow_table``)."""
    from sniper.games.draw import results

    h = run.hands
    seats = max(len(specs), 1)
    first = np.arange(h["seat"].size) // seats * seats  # each row's hand's first row (seat 0)
    holes = np.stack([h[f"hole_{k}"] for k in range(1, HAND_SIZE + 1)], axis=1)
    discards = np.stack([h[f"discard_{k}"] for k in range(1, MAX_DISCARDS + 1)], axis=1)
    drawn = np.stack([h[f"drawn_{k}"] for k in range(1, MAX_DISCARDS + 1)], axis=1)
    finals = final_cards(holes, discards, drawn)
    columns = {
        "game": h["game"],
        "hand": h["hand"][first],
        "seat": h["seat"],
        "button": h["button"][first],
        "dealt_in": (holes != NO_CARD).any(axis=1),
        "stack_before": h["stack_before"],
        "draws": h["draws"],
        "showdown": h["showdown"][first] != 0,
        "net": h["net"],
        "stack_after": h["stack_after"],
    }
    columns |= {f"hole_{k + 1}": holes[:, k] for k in range(HAND_SIZE)}
    columns |= {f"final_{k + 1}": finals[:, k] for k in range(HAND_SIZE)}
    out = {"hands": kernel_driver.arrow_table(columns, results.COLUMNS, specs)}
    if run.actions is not None:
        a = run.actions
        actions = {name: a[name] for name in ("game", "hand", "seq", "seat", "street", "action", "amount")}
        actions |= {"draws": _draws_of_action()[a["action"]], "to_amount": a["to_amount"], "pot_after": a["pot_after"]}
        out["actions"] = kernel_driver.arrow_table(actions, results.ACTION_COLUMNS)
    return out


def play_chunk_kernel(config, chunk: int, hands_only: bool = False) -> Chunk:
    """Chunk ``chunk`` of the run ``config`` (a ``sniper.runs.config.RunConfig`` of this game) played by the
    kernel: its ``config.chunk_games`` games from game ``chunk * config.chunk_games``, as the hands table (and
    the actions table unless ``hands_only``) of ``sniper.games.draw.results`` (``run_tables``) and the hands of
    each game — the rows the reference engine gives for the same games. ``ValueError`` for specs the kernel
    cannot play.

    (Registered as the "kernel" engine of the game's ``GameSpec`` when the game is registered.)"""
    inputs = kernel_inputs(config.agents, config.rules)
    start = chunk * config.chunk_games
    run = play_games_kernel(config.seed, range(start, start + config.chunk_games), inputs, not hands_only)
    return Chunk(run_tables(run, config.agents), [int(c) for c in run.counts])


# ----- policies ------------------------------------------------------------------------------------


def observation_hand(obs: DrawObservation):
    """A ``kernels.draw.betting.Hand`` holding exactly what ``obs`` holds (D10), and the observer's index in it:
    the players dealt in, in betting order, their stacks, bets, draws and whether they are in, the pot, the
    observer's own cards and discards (the others' are 0), the betting history as ``PLAYER.first``/``second``
    (counted by the kernel's own ``note_raise_nb``), each seat's ``tendencies`` as ``Hand.tally``; the observer's
    position is its index. What a kernel
    decision of the seat reads (``kernels.draw.policies``), built from an observation."""
    h = new_hand()
    n = obs.seats
    order = [s for s in ((obs.button + 1 + k) % n for k in range(n)) if reading.at_table(obs, s)]
    for p, seat in enumerate(order):
        h.pl[p]["seat"], h.pl[p]["stack"], h.pl[p]["bet"] = seat, obs.stacks[seat], obs.bets[seat]
        h.pl[p]["active"] = obs.in_hand[seat]
        h.pl[p]["drawn"] = NO_DRAW if obs.drawn[seat] is None else obs.drawn[seat]
    me = order.index(obs.seat)
    h.cards[me] = obs.cards
    h.discards[me, : len(obs.discarded)] = obs.discarded
    state = h.st[0]
    state["players"], state["n_active"] = len(order), sum(obs.in_hand)
    street = None
    for seat, street_of, action in obs.history:
        if street_of != street:
            street, state["street"], state["raises"] = street_of, street_of, 0
        if action == BET_RAISE:
            note_raise_nb(h, order.index(seat))
            state["raises"] += 1
    state["street"], state["raises"] = obs.street, obs.raises
    state["max_bet"], state["pot"] = max(obs.bets), obs.pot + sum(obs.bets)
    for seat, counts in enumerate(obs.tendencies):
        h.tally[seat] = counts
    return h, me


def kernel_probabilities(agent: object, obs: DrawObservation, hands=None, keys: int = POLICY_KEYS, seed: int = 0):
    """``agent.action_probabilities(obs, keys=keys, seed=seed)`` by the kernel (``kernels.draw.policies.policy_nb``,
    the same floats): ``float64 (N_FLAT,)`` indexed by flat action. With ``hands`` (five cards per row, the
    order held, ``int`` array-like of shape ``(n, 5)``), the policy with the seat holding each row instead of
    ``obs.cards`` (its discards and everything else as in ``obs``): ``float64 (n, N_FLAT)``, what local best
    response's range updates ask for in bulk. ``agent``: a level or split agent of ``sniper.games.draw.agents``
    (a split agent's ``draw`` side at the draw, its ``bet`` side elsewhere). ``ValueError`` if ``obs`` offers
    no action, for ``keys < 1``, hands not of shape ``(n, 5)`` with cards 0..51, or an agent the kernel lacks."""
    check_legal(obs)
    if isinstance(keys, bool) or not isinstance(keys, int) or keys < 1:
        raise ValueError(f"keys must be a whole number >= 1, got {keys!r}")
    side = kernel_sides(agent)[1 if obs.street == DRAW else 0]
    rows = np.asarray([obs.cards] if hands is None else hands)
    if rows.ndim != 2 or rows.shape[1] != HAND_SIZE or rows.size and not ((rows >= 0) & (rows < 52)).all():
        raise ValueError(f"hands must be rows of {HAND_SIZE} cards 0-51, got shape {rows.shape}")
    h, me = observation_hand(obs)
    level, params = side
    lt = level_tables(most_power([side]))
    levels_of = np.array([level], np.int64)
    scratch = new_scratch(int(max_draw_samples_nb(Agents(levels_of, params[None], levels_of, params[None]))))
    raise_to = np.int64(NO_RAISE if obs.raise_to is None else obs.raise_to)
    out = np.zeros((rows.shape[0], N_FLAT), np.float64)
    root = np.uint64(mix64(int(seed) ^ POLICY_SALT))
    policies_nb(
        np.int64(level), params, h, np.int64(me), raise_to, root, np.int64(keys), rows.astype(np.uint8), tables(), lt,
        scratch, out,
    )  # fmt: skip
    return out[0] if hands is None else out
