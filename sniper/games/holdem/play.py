"""Play one whole game of no-limit Hold'em (H10) with one agent per seat, as hand records.

``play_game`` drives a ``HoldemTable`` to its end and returns a ``HandRecord`` per hand: the rows of
the hands table, each with its actions (``engine.ActionRecord``), the rows of the actions table. The
columns are documented in docs/holdem.md.

>>> from sniper.games.holdem.agents import RandomAgent
>>> hands = play_game(3, seed=1, game=0, agents=[RandomAgent()] * 3, length="50")
>>> sum(sum(h.winnings) for h in hands), hands[0].button, len(hands[0].holes)
(0, 0, 3)
"""

from collections.abc import Sequence
from dataclasses import dataclass

from sniper.games.holdem.agents import HoldemAgent
from sniper.games.holdem.engine import DEAL, ActionRecord, HoldemHand
from sniper.games.holdem.rules import DEFAULT_LENGTH
from sniper.games.holdem.table import HoldemTable


@dataclass(frozen=True)
class HandRecord:
    """One finished hand (a row of the hands table, docs/holdem.md); chips are integers.

    ``hand``: its number in the game, from 0; ``button``: the button's seat (H2); ``board``: the
    community cards dealt (0, 3, 4 or 5; a hand won by folds stops dealing); ``holes``: each seat's two
    private cards (``()`` for a seat not dealt in); ``actions``: the seat actions in order;
    ``stacks_before`` / ``stacks``: chips per seat before and after; ``winnings``: ``stacks -
    stacks_before`` per seat (they sum to 0); ``showdown``: whether two or more players were still in
    at the end (H9; otherwise the pot was won by folds and no card is shown).
    """

    hand: int
    button: int
    board: tuple[int, ...]
    holes: tuple[tuple[int, ...], ...]
    actions: tuple[ActionRecord, ...]
    stacks_before: tuple[int, ...]
    stacks: tuple[int, ...]
    winnings: tuple[int, ...]
    showdown: bool

    @classmethod
    def of(cls, hand: HoldemHand, number: int) -> "HandRecord":
        """The record of the finished ``hand``, hand ``number`` of its game; ``ValueError`` if not finished."""
        if not hand.done:
            raise ValueError("the hand is not finished")
        return cls(
            hand=number,
            button=hand.button,
            board=tuple(hand.board),
            holes=tuple(tuple(hand.holes.get(s, ())) for s in range(hand.seats)),
            actions=tuple(hand.actions),
            stacks_before=hand.stacks_before,
            stacks=hand.stacks_after,
            winnings=hand.winnings,
            showdown=hand.showdown,
        )


def play_game(
    seats: int, seed: int, game: int, agents: Sequence[HoldemAgent], length: str = DEFAULT_LENGTH
) -> list[HandRecord]:
    """Play game ``game`` of run ``seed`` at a table of ``seats`` (2–9, H1) to its end (``length``: a
    key of ``rules.GAME_LENGTHS``, H10), ``agents[s]`` deciding for seat ``s`` with the decision's
    stream (``HoldemTable.stream``); the hands' records, in order. ``ValueError`` for a wrong number
    of agents, seats or length, or an agent's illegal action (naming it)."""
    if len(agents) != seats:
        raise ValueError(f"one agent per seat: {seats} seats, {len(agents)} agents")
    table = HoldemTable(seats, seed, game, length)
    records: list[HandRecord] = []
    while not table.is_over():
        table.apply(DEAL)
        while not table.hand_over():
            seat = table.current_player()
            table.apply(agents[seat].act(table.observe(seat), table.stream()))
        records.append(HandRecord.of(table.hand, table.hand_index))
    return records
