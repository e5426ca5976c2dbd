"""The facts of Saint Poker (seed 003, GAMES.md S1–S8), declared once; everything else imports them.

The numbers the kernels need too (``ROUNDS``, ``HAND_SIZE``, ``RIVER_SIZE``, ``PICK_TWO``) are declared in
``kernels.saint.codes`` (plain Python) and imported here.

>>> list(SEATS), ROUNDS, HAND_SIZE, [FUTURE_RIVER[n] for n in SEATS]
([2, 3, 4, 5], 8, 10, [3, 2, 1, 0])
>>> round_points(7, 2), round_points(8, 3), round_points(1, 1)
(4, 3, 1)
"""

from kernels.saint.codes import HAND_SIZE as HAND_SIZE  # S2: ten cards each
from kernels.saint.codes import PICK_TWO as PICK_TWO  # S4, S6: two cards shown, two taken back
from kernels.saint.codes import RIVER_SIZE as RIVER_SIZE  # S3: a complete current river
from kernels.saint.codes import ROUNDS as ROUNDS  # S8: 8 rounds
from sniper.games.poker52.spec import hands_of_length

TITLE = "Saint Poker"
"""The game's name in messages."""
SEATS = range(2, 6)
"""Players at a table (S1: 2 to 5)."""
FUTURE_RIVER = {n: RIVER_SIZE - n for n in SEATS}
"""Cards of the future river with ``n`` players (S2: 3 with 2, 2 with 3, 1 with 4, none with 5)."""
GAME_LENGTHS: dict[str, int | None] = {"8": ROUNDS}
"""A game's length by name: its rounds (S8 fixes 8)."""
DEFAULT_LENGTH = "8"
"""The game length when none is given."""
UNIT, SCORE = "round", "points"
"""What the game calls a hand and what it counts, for people (``GameSpec.unit``, ``GameSpec.score``)."""


def round_points(number: int, tied: int) -> int:
    """Points each of ``tied`` players tied for the best hand of round ``number`` (1–8) scores (S5):
    ``ceil(number / tied)``; ``ValueError`` for a round outside 1–8 or no player."""
    if not 1 <= number <= ROUNDS or tied < 1:
        raise ValueError(f"round must be 1-{ROUNDS} and tied players at least 1, got {number}, {tied}")
    return -(-number // tied)


def rounds_of_length(length: str) -> int:
    """The rounds a game of ``length`` lasts (a key of ``GAME_LENGTHS``); ``ValueError`` naming it otherwise."""
    return hands_of_length(GAME_LENGTHS, length)
