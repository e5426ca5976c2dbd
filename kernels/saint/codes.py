"""The constants of the Saint Poker kernels and of its reference (``sniper.games.saint``), declared once.

Plain Python (no numba): ``sniper.games.saint.rules``, ``table`` and ``levels`` import them, so the kernels and the
reference read the same numbers. The kernels' records (``kernels.saint.game``) are ``int32`` arrays whose last axis
is a ``SeatField`` (one row per seat per round) or a ``RoundField`` (one row per round).

>>> ROUNDS, HAND_SIZE, RIVER_SIZE, MAX_SEATS, STREAM_ORDER, int(Level.HARD), int(Param.SAMPLES)
(8, 10, 5, 5, 6, 3, 2)
"""

from enum import IntEnum

from kernels.streams import STREAM_AGENT

ROUNDS = 8
"""Rounds of a game (S8)."""
HAND_SIZE = 10
"""Cards dealt to each player (S2)."""
RIVER_SIZE = 5
"""Cards of a complete current river (S3); the future river holds ``RIVER_SIZE - seats`` (S2)."""
MIN_SEATS, MAX_SEATS = 2, 5
"""Players at a table (S1)."""
PICK_TWO = 2
"""Cards each player reveals in step 2 (S4) and takes back in step 3 (S6)."""
STREAM_ORDER = STREAM_AGENT + MAX_SEATS
"""The stream of a round that orders tied hands in step 3 (S5, S6): 6, after the agents' streams 1–5."""
USABLE = 3
"""A player's own cards in a round's hand: its pick (S3) and its two (S4); the levels' keep term counts as many."""
TOP = 9.0
"""An upper bound of the levels' ``potential`` (straight flush, 8, plus a fraction)."""
NO_CARD = -1
"""A card field's value where there is no card (no take-back in round 8, no future river)."""
MAX_FUTURE = RIVER_SIZE - MIN_SEATS
"""The largest future river (2 players, S2)."""


class Level(IntEnum):
    """The levels (S11), in ladder order (``sniper.games.saint.parameters.PARAMETERS``' order)."""

    RANDOM = 0
    EASY = 1
    NORMAL = 2
    HARD = 3


class Param(IntEnum):
    """A level's parameter vector (``float64 (N_PARAMS,)``): ``keep`` and ``late`` (normal, hard), ``samples`` (hard);
    the others unused (``sniper.games.saint.parameters``)."""

    KEEP = 0
    LATE = 1
    SAMPLES = 2


N_PARAMS = len(Param)
"""The length of a level's parameter vector."""


class SeatField(IntEnum):
    """A seat's record of one round (cards are ``poker52`` integers, ``NO_CARD`` none): ``sniper.games.saint.table
    .RoundRecord``'s per-seat entries."""

    PICK = 0  # step 1's card (S3)
    PAIR_1 = 1  # step 2's lower card (S4)
    PAIR_2 = 2  # step 2's higher card
    VALUE = 3  # the hand's value, best five of the pair and the river
    RIVER_ONLY = 4  # 1 when the river alone is as good
    POINTS = 5  # this round's points (S5)
    SCORE = 6  # the points after the round
    TAKE_TURN = 7  # place in step 3's order, 0 first (worst hand); -1 in round 8 (S6)
    TAKE_1 = 8  # the first card taken back (S6)
    TAKE_2 = 9  # the second


class RoundField(IntEnum):
    """A round's record: the complete river (the carried cards, then the picks by seat) and the new future river
    (``NO_CARD`` where none, S3)."""

    RIVER_1 = 0
    RIVER_2 = 1
    RIVER_3 = 2
    RIVER_4 = 3
    RIVER_5 = 4
    FUTURE_1 = 5
    FUTURE_2 = 6
    FUTURE_3 = 7
