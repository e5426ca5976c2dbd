"""The facts of no-limit Texas Hold'em (GAMES.md H1, H2, H10), declared once; everything else imports them.

>>> list(SEATS), STARTING_STACK, (SMALL_BLIND, BIG_BLIND, ANTE)
([2, 3, 4, 5, 6, 7, 8, 9], 200, (1, 2, 0))
>>> hand_limit("50"), hand_limit("bust")
(50, None)
"""

from sniper.games.poker52.spec import hands_of_length

TITLE = "no-limit Hold'em"
"""The game's name in messages."""
SEATS = range(2, 10)
"""Players at a table (H1: 2 to 9)."""
STARTING_STACK = 200
"""Chips each player starts the game with (H1)."""
SMALL_BLIND = 1
"""The small blind, chips (H1)."""
BIG_BLIND = 2
"""The big blind, chips (H1); also the smallest bet (H5)."""
ANTE = 0
"""No ante (H1)."""
FIRST_BUTTON = 0
"""The seat holding the button in a game's first hand (H2 leaves it open; docs/holdem.md)."""
GAME_LENGTHS: dict[str, int | None] = {"50": 50, "100": 100, "bust": None}
"""A game's length by name: its hands, or ``None`` until one player holds every chip (H10)."""
DEFAULT_LENGTH = "100"
"""The game length when none is given (H10)."""
STREETS = ("preflop", "flop", "turn", "river")
"""Street names by number (H3): 0 preflop … 3 river."""
BOARD_SIZES = (0, 3, 4, 5)
"""Community cards face up on each street (H3)."""
HOLE_CARDS = 2
"""Private cards per player (H3)."""
MAX_CHIPS = max(SEATS) * STARTING_STACK
"""The most chips at any table (1800): no raise-to amount exceeds it (H5)."""


def hand_limit(length: str) -> int | None:
    """The hands a game of ``length`` (a key of ``GAME_LENGTHS``) lasts at most; ``None`` for "bust" (H10).

    Raises ``ValueError`` naming the length when it is not one of ``GAME_LENGTHS``.
    """
    return hands_of_length(GAME_LENGTHS, length)
