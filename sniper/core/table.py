"""The table state every game implements: one whole game, played one decision at a time (OpenSpiel's ``State``).

A ``TableState`` is the only place a game's flow is written — who deals, who acts, what is legal, when
a hand ends, when the next is dealt and when the game is over — and the only place it decides what a
seat may see (``observe``). Every driver (a run's games, the server's rooms, the env) asks it
``current_player()``, gets that player's decision its own way, and gives it back with ``apply``.

``current_player()`` is a seat (0, 1, …), ``CHANCE`` when the next hand is to be dealt (the one legal
action is the game's deal action; the deal itself is fixed by the seed, R13 for Sniper Hold'em), or
``TERMINAL`` once the game is over (no legal action). The markers are OpenSpiel's
``kChancePlayerId`` and ``kTerminalPlayerId``.
"""

from typing import Any, Protocol, runtime_checkable

CHANCE = -1
"""``current_player()`` when the next hand is to be dealt (OpenSpiel's ``kChancePlayerId``)."""
TERMINAL = -4
"""``current_player()`` once the game is over (OpenSpiel's ``kTerminalPlayerId``)."""


@runtime_checkable
class TableState(Protocol):
    """One game of a game (all its hands), as a state machine driven one action at a time.

    Actions are integers in one flat numbering per game, covering every kind of decision (the game's
    table module documents it). ``apply`` raises ``ValueError`` naming an action that is not in
    ``legal_actions()``; ``observe(seat)`` raises ``ValueError`` for a seat not at the table.
    """

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` (deal the next hand) or ``TERMINAL`` (the game is over)."""
        ...

    def legal_actions(self) -> tuple[int, ...]:
        """The actions ``apply`` accepts now, sorted; empty exactly when the game is over."""
        ...

    def observe(self, seat: int) -> Any:
        """What ``seat`` may know now, and nothing more (the game's view rule; R10 for Sniper Hold'em)."""
        ...

    def apply(self, action: int) -> None:
        """Apply the current player's ``action``; ``ValueError`` naming it if it is not legal now."""
        ...

    def is_over(self) -> bool:
        """Whether the game is over (``current_player() == TERMINAL``)."""
        ...

    def returns(self) -> tuple[int, ...]:
        """Chips each seat has won (+) or lost (-) over the finished hands of the game; they sum to 0."""
        ...
