"""What the table server needs of a game, declared once per game (``GameSpec.served``).

``sniper serve`` hosts every registered game in the same rooms (``sniper.serve.table.Room``): a room drives the
game's table state (``GameSpec.new_table``, ``sniper.core.table``) and asks the game's ``ServedGame`` — a
subclass of the class below, written in the game's package (``sniper.games.<game>.served``) — only for what
differs between games:

- ``PAGE``: the browser page of the game (a file name of ``sniper/serve/static``); ``LEVELS``: the AI levels
  that may fill a seat (levels of the game's ``GameSpec.levels``); ``MOVES``: the message types a seat plays
  with (docs/serve-protocol.md);
- ``view(seat, hand)``: the ``hand`` part of the ``state`` message a seat is sent, built from the game's own
  observation rule (``table.observe``, the one place it is decided) and, once a hand is over, what its rules
  show to everyone (a showdown's cards);
- ``move(seat, message)``: a move message turned into the table's flat action, or an error text;
  ``kind(seat)``: the message type the seat's turn takes;
- ``timeout(seat)``: what running out of time does (a flat action and its name);
- ``ai(seat, agent)``: an AI seat's decision as a call to run off the event loop, and ``ai_action`` its flat
  action;
- ``finished()``: the hand (or round) that has just ended, as the game's ``GameSpec.record`` reads it;
  ``scores()``: each seat's chips (or points) and whether it is still at the table.

Nothing a client sends is imported, evaluated or used as a path: a move message is read field by field into
one of the table's legal actions, and everything else is refused with an error text.
"""

from collections.abc import Callable
from typing import Any

from sniper.core.table import CHANCE, SIMULTANEOUS


def whole_number(value: object) -> bool:
    """Whether ``value`` is an ``int`` and not a ``bool`` (a field of a move message).

    >>> whole_number(3), whole_number(True), whole_number(3.0), whole_number("3")
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


class ServedGame:
    """The server's view of one game of a game (module docstring); a game's package subclasses it.

    ``ServedGame(table, spec)``: ``table`` the game's ``TableState`` (from ``GameSpec.new_table``), ``spec`` its
    ``GameSpec``. The defaults here fit a sequential game whose hands begin at ``CHANCE``, its table a
    ``sniper.core.table.HandTableState`` (``ai``, ``hand_over``, ``finished``, ``ended`` and ``scores`` read its
    ``stream()``, ``hand_over()``, ``hand``, ``ended`` and ``stacks``; a game whose table is not one writes
    them); a subclass sets ``PAGE``, ``LEVELS``, ``MOVES`` and writes ``view``, ``move``, ``timeout`` and
    ``finished``.
    """

    PAGE: str = "index.html"
    LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
    MOVES: tuple[str, ...] = ("act",)
    HAND_LIMIT: bool = True
    """Whether the table takes a ``hand_limit`` (the server's ``Settings.bust_hands`` for a game played until
    one holds every chip)."""
    ROLLOUTS: bool = False
    """Whether the game's agents take a rollout backend (Sniper Hold'em's ``rollouts="kernel"``)."""

    def __init__(self, table: Any, spec: Any) -> None:
        self.table, self.spec = table, spec
        self.shown: Any = None

    def show_finished(self, hand: Any) -> None:
        """Show ``hand`` (a finished hand, from ``finished``) instead of the hand in play from now on: a game that
        ends mid-hand (everyone left) shows its last finished hand. A game whose views are built from the table's
        current state only (the default) keeps showing the hand in play."""
        self.shown = hand

    # ----- who decides -------------------------------------------------------------------------

    def deciders(self) -> tuple[int, ...]:
        """The seats whose decision the table waits for now: the current player, every picking seat at
        ``SIMULTANEOUS`` (``legal_actions(seat)`` not empty), none at ``CHANCE`` or the end."""
        player = self.table.current_player()
        if player == SIMULTANEOUS:
            return tuple(s for s in range(self.table.n_seats) if self.table.legal_actions(s))
        return (player,) if player >= 0 else ()

    def at_chance(self) -> bool:
        """Whether the next hand is to be dealt (``CHANCE``)."""
        return self.table.current_player() == CHANCE

    def deal(self) -> None:
        """Deal the next hand: the one legal action at ``CHANCE``."""
        self.table.apply(self.table.legal_actions()[0])

    def kind(self, seat: int) -> str:
        """The message type ``seat``'s turn takes now (one of ``MOVES``)."""
        return self.MOVES[0]

    # ----- the game's own parts ----------------------------------------------------------------

    def view(self, seat: int, hand: int) -> dict | None:
        """The ``hand`` part of ``seat``'s ``state`` message (``None`` before the first deal)."""
        raise NotImplementedError

    def move(self, seat: int, message: dict) -> int | str:
        """The flat action ``message`` asks for, legal for ``seat`` now, or an error text (what was sent is
        never echoed)."""
        raise NotImplementedError

    def timeout(self, seat: int) -> tuple[int, str]:
        """The flat action running out of time plays for ``seat``, and its name."""
        raise NotImplementedError

    def ai(self, seat: int, agent: Any) -> tuple[Callable, tuple]:
        """The call deciding for ``seat`` (``agent.act(observation, stream)`` by default), taken now on the event
        loop, run in a thread: (function, arguments); ``ai_action`` turns its result into a flat action."""
        return agent.act, (self.table.observe(seat), self.table.stream())

    def ai_action(self, seat: int, choice: int) -> int:
        """The flat action of an AI's ``choice`` (the choice itself by default)."""
        return int(choice)

    def make_ai(self, level: str) -> Any:
        """The agent of an AI seat of ``level`` (``GameSpec.make_agent``)."""
        return self.spec.make_agent(level)

    def vector(self, agent: Any, level: str) -> dict:
        """An AI seat's parameter vector in the record's manifest (``GameSpec.agent_vector``)."""
        return self.spec.agent_vector(level)

    def hand_over(self) -> bool:
        """Whether the current hand has just ended (its result shows until the next deal)."""
        return self.table.hand_over()

    def finished(self) -> Any:
        """The hand that has just ended, as the game's ``GameSpec.record`` reads it."""
        return self.table.hand

    def ended(self) -> str:
        """Why the game is over: "chips" (one player holds every chip) or "hands" (its length)."""
        return self.table.ended

    def scores(self) -> tuple[list[int], list[bool]]:
        """Each seat's chips (or points) between hands and whether it is still at the table."""
        stacks = list(self.table.stacks)
        return stacks, [s > 0 for s in stacks]
