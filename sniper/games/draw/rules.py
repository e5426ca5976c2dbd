"""The facts of five-card draw, fixed limit (GAMES.md D1, D3, D5, D9), declared once; everything else imports them.

>>> list(SEATS), STARTING_STACK, ANTE, BET_SIZES, CAP, MAX_DISCARDS
([2, 3, 4, 5, 6], 100, 1, (2, 4), 4, 3)
>>> hand_limit("20"), hand_limit("bust")
(20, None)
"""

from sniper.games.poker52.spec import hands_of_length

TITLE = "five-card draw"
"""The game's name in messages."""
SEATS = range(2, 7)
"""Players at a table (D1: 2 to 6)."""
STARTING_STACK = 100
"""Chips each player starts the game with (D1)."""
ANTE = 1
"""Chips every player puts in before each hand (D1)."""
BET_SIZES = (2, 4)
"""The fixed bet and raise, chips, of the first and the second betting round (D3)."""
CAP = 4
"""The most bets and raises in one betting round: one bet and three raises (D3's cap)."""
HAND_SIZE = 5
"""Private cards each player holds (D2)."""
MAX_DISCARDS = 3
"""The most cards a player may discard and draw (D5: 0 to 3)."""
FIRST_BUTTON = 0
"""The seat holding the button in a game's first hand (D1 leaves it open; docs/draw.md)."""
GAME_LENGTHS: dict[str, int | None] = {"20": 20, "50": 50, "bust": None}
"""A game's length by name: its hands, or ``None`` until one player holds every chip (D9)."""
DEFAULT_LENGTH = "20"
"""The game length when none is given (D9)."""


def hand_limit(length: str) -> int | None:
    """The hands a game of ``length`` (a key of ``GAME_LENGTHS``) lasts at most; ``None`` for "bust" (D9).

    Raises ``ValueError`` naming the length when it is not one of ``GAME_LENGTHS``.
    """
    return hands_of_length(GAME_LENGTHS, length)
