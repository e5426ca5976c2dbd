"""No-limit Hold'em's flat actions (the table's numbering, ``sniper.games.holdem.engine``'s module docstring, H5):
fold, check or call, a bet or raise *to* an amount, deal. Declared here, without PokerKit, so the agents and the
kernel engine import them without the reference engine; ``sniper.games.holdem.engine`` re-exports them.

>>> bet_action(1) == ALL_IN_1, bet_action(6), bet_to(ALL_IN_1), bet_to(6)
(True, 6, 1, 6)
"""

from sniper.games.holdem.rules import MAX_CHIPS

FOLD = 0
"""Flat action: fold (only when the seat owes chips)."""
CHECK_CALL = 1
"""Flat action: check, or call (all-in when the stack is short)."""
DEAL = MAX_CHIPS + 1
"""Flat action: deal the next hand (the one legal action when the table's player is ``CHANCE``)."""
ALL_IN_1 = MAX_CHIPS + 2
"""Flat action: bet all in for 1 chip (H5), the one bet or raise whose to-amount, 1, would be action 1."""


def bet_action(to: int) -> int:
    """The flat action of a bet or raise *to* ``to`` chips (H5; ``sniper.games.holdem.engine``'s module
    docstring): ``to`` itself, or ``ALL_IN_1`` for a bet to 1 chip."""
    return ALL_IN_1 if to == 1 else to


def bet_to(action: int) -> int:
    """The to-amount (chips) of a bet or raise flat action ``action`` (>= 2): ``bet_action``'s inverse."""
    return 1 if action == ALL_IN_1 else action
