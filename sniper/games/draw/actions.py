"""Five-card draw's flat actions (the table's numbering, ``sniper.games.draw.engine``'s module docstring) and street
numbers (D4-D6). Declared here, without PokerKit, so the agents and the kernel engine import them without the
reference engine; ``sniper.games.draw.engine`` re-exports them.

>>> discard_action(0b00011), positions(6), len(DISCARDS), DEAL
(6, (0, 1), 26, 35)
"""

from sniper.games.draw.rules import HAND_SIZE, MAX_DISCARDS

FOLD = 0
"""Flat action: fold (only when the seat owes chips)."""
CHECK_CALL = 1
"""Flat action: check, or call (all-in when the stack is short)."""
BET_RAISE = 2
"""Flat action: bet or raise the round's fixed amount (D3), or all-in for less (D8)."""
DISCARD = 3
"""Flat action ``DISCARD + mask``: discard the cards at the mask's set bit positions (D5)."""
MASKS = 1 << HAND_SIZE
"""Discard masks: 0..31, bit ``j`` for the ``j``-th card the seat holds."""
DEAL = DISCARD + MASKS
"""Flat action: deal the next hand (35; the one legal action when the table's player is ``CHANCE``)."""
N_ACTIONS = DEAL + 1
"""Flat actions 0..35."""
FIRST, DRAW, SECOND = 0, 1, 2
"""Street numbers: the first betting round (D4), the draw (D5), the second betting round (D6)."""
STREETS = ("first round", "draw", "second round")
"""Street names by number."""
DISCARDS = tuple(DISCARD + m for m in range(MASKS) if m.bit_count() <= MAX_DISCARDS)
"""The legal draw actions, sorted: every mask of 0 to ``MAX_DISCARDS`` cards (26 of the 32, D5)."""


def discard_action(mask: int) -> int:
    """The flat action discarding the cards at ``mask``'s set bits (0..31), e.g. 0b00011 → 6."""
    if isinstance(mask, bool) or not isinstance(mask, int) or not 0 <= mask < MASKS:
        raise ValueError(f"a discard mask is 0-{MASKS - 1}, got {mask!r}")
    return DISCARD + mask


def positions(action: int) -> tuple[int, ...]:
    """The card positions (0–4) a draw action discards, ascending: ``positions(6) == (0, 1)``."""
    mask = action - DISCARD
    return tuple(j for j in range(HAND_SIZE) if mask >> j & 1)
