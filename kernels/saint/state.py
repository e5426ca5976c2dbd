"""One Saint Poker table's state in numba, and the working arrays of its decisions (``kernels.saint``).

A ``Table`` holds what ``sniper.games.saint.table.SaintTable`` holds, as arrays: the hands, the cards each seat is
known to hold and the cards every seat has seen as ``uint64`` masks (``kernels.saint.hands``), the current river and
the future river as cards, and the round's counters. A ``Scratch`` holds the working arrays of the decisions and of a
game, allocated once per range of games (``kernels.saint.game.play_games_nb``): the functions that play a game
allocate nothing (``kernels.NO_REFCOUNT``).
"""

from enum import IntEnum
from typing import NamedTuple

import numpy as np

from kernels.jit import njit
from kernels.saint.codes import HAND_SIZE, MAX_FUTURE, MAX_SEATS, RIVER_SIZE

N_PAIRS = HAND_SIZE * (HAND_SIZE - 1) // 2
"""The most two-card picks of a hand (45)."""
N_TRIPLES = HAND_SIZE * (HAND_SIZE - 1) * (HAND_SIZE - 2) // 6
"""The most three-card sets of a hand (120)."""
ALL_PAIRS = 52 * 51 // 2
"""The two-card sets of the deck (1326)."""


class Count(IntEnum):
    """The counters of a ``Table`` (``Table.counts``, ``int64``)."""

    SEATS = 0  # players (S1)
    NUMBER = 1  # the round's number, 1-8 (S5)
    FUTURE = 2  # cards of a future river: 5 - seats (S2)
    DECK = 3  # cards dealt so far from the shuffled deck


N_COUNTS = len(Count)
"""The length of ``Table.counts``."""


class Table(NamedTuple):
    """A table's state (module docstring); cards are ``poker52`` integers."""

    hands: np.ndarray
    """``uint64 (MAX_SEATS,)``: each seat's hand, a mask."""
    known: np.ndarray
    """``uint64 (MAX_SEATS,)``: the cards each seat took back and has not revealed since (S10)."""
    seen: np.ndarray
    """``uint64 (2,)``: ``[0]`` every card dealt face up or revealed (the same for every seat); ``[1]`` the pool of
    step 3 (S6)."""
    river: np.ndarray
    """``int64 (RIVER_SIZE,)``: the carried cards, then the picks by seat (S3)."""
    future: np.ndarray
    """``int64 (MAX_FUTURE,)``: the future river, its first ``counts[Count.FUTURE]`` cards (none in round 8)."""
    n_future: np.ndarray
    """``int64 (1,)``: the cards in ``future`` now."""
    counts: np.ndarray
    """``int64 (N_COUNTS,)``: the counters (``Count``)."""
    deck: np.ndarray
    """``uint8 (52,)``: the game's shuffled deck (S2)."""


class Scratch(NamedTuple):
    """The working arrays of the decisions and of a game (``int64`` unless said)."""

    hand: np.ndarray  # (HAND_SIZE,): a seat's hand, sorted
    left: np.ndarray  # (HAND_SIZE,): the cards kept
    pool: np.ndarray  # (RIVER_SIZE + 2 * MAX_SEATS,): step 3's pool, sorted
    hidden: np.ndarray  # (52,): the unseen cards, sorted
    deal: np.ndarray  # (52,): a Monte Carlo deal
    known: np.ndarray  # (HAND_SIZE,): an opponent's known cards
    others: np.ndarray  # (ALL_PAIRS,): the values of the pairs the opponents may hold
    weights: np.ndarray  # (ALL_PAIRS,): how many such pairs have each
    mine: np.ndarray  # (N_PAIRS,): the values of the seat's pairs
    shares: np.ndarray  # (N_PAIRS,): Monte Carlo points
    score: np.ndarray  # float64 (N_PAIRS,)
    values: np.ndarray  # int32 (52 * 52,): pair values
    partner: np.ndarray  # int32 (MAX_SEATS * 52,): per opponent, an unseen card's best value with its known cards
    best_known: np.ndarray  # (MAX_SEATS,): per opponent, the best value of its known cards
    needs: np.ndarray  # (MAX_SEATS,): per opponent, the cards a deal gives it
    pick_triples: np.ndarray  # (N_TRIPLES,): step 1's potentials (codes) of a hand's triples with the river
    pick_masks: np.ndarray  # uint64 (N_TRIPLES,): those triples, masks
    pick_codes: np.ndarray  # (HAND_SIZE,): by card of the hand picked, the best potential (code) with a pair
    pick_a: np.ndarray  # (HAND_SIZE,): that pair's lower index in the hand
    pick_b: np.ndarray  # (HAND_SIZE,): and its higher one
    tri_codes: np.ndarray  # (N_TRIPLES,): the potentials (codes) of a hand's triples with the future river
    tri_masks: np.ndarray  # uint64 (N_TRIPLES,): those triples, masks (``kernels.saint.hands.triples_nb``)
    duo_masks: np.ndarray  # uint64 (N_PAIRS,): a hand's pairs with the future river, masks
    keys: np.ndarray  # uint64 (MAX_SEATS,): the seats' agent keys of a round
    picks: np.ndarray  # (MAX_SEATS,): the round's step-1 cards
    pairs: np.ndarray  # (MAX_SEATS, 2): the round's step-2 cards
    hand_values: np.ndarray  # (MAX_SEATS,): the round's hand values
    points: np.ndarray  # (MAX_SEATS,): the round's points
    order: np.ndarray  # (MAX_SEATS,): step 3's order
    scores: np.ndarray  # (MAX_SEATS,): the points so far


@njit(cache=True)
def new_table_nb():
    """A ``Table`` of empty arrays (``kernels.saint.game.deal_nb`` fills it)."""
    return Table(
        np.zeros(MAX_SEATS, np.uint64),
        np.zeros(MAX_SEATS, np.uint64),
        np.zeros(2, np.uint64),
        np.zeros(RIVER_SIZE, np.int64),
        np.zeros(MAX_FUTURE, np.int64),
        np.zeros(1, np.int64),
        np.zeros(N_COUNTS, np.int64),
        np.zeros(52, np.uint8),
    )


@njit(cache=True)
def new_scratch_nb():
    """A ``Scratch``."""
    return Scratch(
        np.zeros(HAND_SIZE, np.int64),
        np.zeros(HAND_SIZE, np.int64),
        np.zeros(RIVER_SIZE + 2 * MAX_SEATS, np.int64),
        np.zeros(52, np.int64),
        np.zeros(52, np.int64),
        np.zeros(HAND_SIZE, np.int64),
        np.zeros(ALL_PAIRS, np.int64),
        np.zeros(ALL_PAIRS, np.int64),
        np.zeros(N_PAIRS, np.int64),
        np.zeros(N_PAIRS, np.int64),
        np.zeros(N_PAIRS, np.float64),
        np.zeros(52 * 52, np.int32),
        np.zeros(MAX_SEATS * 52, np.int32),
        np.zeros(MAX_SEATS, np.int64),
        np.zeros(MAX_SEATS, np.int64),
        np.zeros(N_TRIPLES, np.int64),
        np.zeros(N_TRIPLES, np.uint64),
        np.zeros(HAND_SIZE, np.int64),
        np.zeros(HAND_SIZE, np.int64),
        np.zeros(HAND_SIZE, np.int64),
        np.zeros(N_TRIPLES, np.int64),
        np.zeros(N_TRIPLES, np.uint64),
        np.zeros(N_PAIRS, np.uint64),
        np.zeros(MAX_SEATS, np.uint64),
        np.zeros(MAX_SEATS, np.int64),
        np.zeros((MAX_SEATS, 2), np.int64),
        np.zeros(MAX_SEATS, np.int64),
        np.zeros(MAX_SEATS, np.int64),
        np.zeros(MAX_SEATS, np.int64),
        np.zeros(MAX_SEATS, np.int64),
    )
