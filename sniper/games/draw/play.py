"""Play one whole game of five-card draw (D9) with one agent per seat, as hand records.

``play_game`` drives a ``DrawTable`` to its end and returns a ``HandRecord`` per hand: the rows of the
hands table, each with its actions (``sniper.games.pokerkit_hand.ActionRecord``), the rows of the
actions table, and the draw of each seat for the hand history. The columns are documented in
docs/draw.md.

>>> from sniper.games.draw.agents import RandomAgent
>>> hands = play_game(3, seed=1, game=0, agents=[RandomAgent()] * 3, length="20")
>>> sum(sum(h.winnings) for h in hands), hands[0].button, [len(h) for h in hands[0].holes]
(0, 0, [5, 5, 5])
"""

from collections.abc import Sequence
from dataclasses import dataclass

from sniper.games.draw.agents import DrawAgent
from sniper.games.draw.engine import DEAL, DrawHand
from sniper.games.draw.rules import DEFAULT_LENGTH
from sniper.games.draw.table import DrawTable
from sniper.games.pokerkit_hand import ActionRecord


@dataclass(frozen=True)
class HandRecord:
    """One finished hand (a row of the hands table, docs/draw.md); chips are integers; per-seat tuples
    have one entry per seat of the table.

    ``hand``: its number in the game, from 0; ``button``: the button's seat (D1); ``holes``: each seat's
    five dealt cards (``()`` for a seat not dealt in); ``draws``: how many cards each seat drew (D5;
    ``None`` for a seat that did not draw: folded before the draw, the hand ended before it, or not
    dealt in); ``discards`` / ``drawn``: the cards each seat discarded and was dealt at the draw (the
    hand history's, never shown to another seat, D10); ``cards``: each seat's final five cards;
    ``actions``: the seat actions in order, the draws included (street 1); ``stacks_before`` /
    ``stacks``: chips per seat before and after; ``winnings``: ``stacks - stacks_before`` per seat
    (they sum to 0); ``showdown``: whether two or more players were still in at the end (D7;
    otherwise the pot was won by folds and no card is shown).
    """

    hand: int
    button: int
    holes: tuple[tuple[int, ...], ...]
    draws: tuple[int | None, ...]
    discards: tuple[tuple[int, ...], ...]
    drawn: tuple[tuple[int, ...], ...]
    cards: tuple[tuple[int, ...], ...]
    actions: tuple[ActionRecord, ...]
    stacks_before: tuple[int, ...]
    stacks: tuple[int, ...]
    winnings: tuple[int, ...]
    showdown: bool

    @classmethod
    def of(cls, hand: DrawHand, number: int) -> "HandRecord":
        """The record of the finished ``hand``, hand ``number`` of its game; ``ValueError`` if not finished."""
        if not hand.done:
            raise ValueError("the hand is not finished")
        seats = range(hand.seats)
        return cls(
            hand=number,
            button=hand.button,
            holes=tuple(hand.holes.get(s, ()) for s in seats),
            draws=tuple(hand.drawn.get(s) for s in seats),
            discards=tuple(hand.discards.get(s, ()) for s in seats),
            drawn=tuple(hand.drawn_cards.get(s, ()) for s in seats),
            cards=tuple(tuple(hand.cards.get(s, ())) for s in seats),
            actions=tuple(hand.actions),
            stacks_before=hand.stacks_before,
            stacks=hand.stacks_after,
            winnings=hand.winnings,
            showdown=hand.showdown,
        )


def play_game(
    seats: int, seed: int, game: int, agents: Sequence[DrawAgent], length: str = DEFAULT_LENGTH
) -> list[HandRecord]:
    """Play game ``game`` of run ``seed`` at a table of ``seats`` (2–6, D1) to its end (``length``: a
    key of ``rules.GAME_LENGTHS``, D9), ``agents[s]`` deciding for seat ``s`` with the decision's
    stream (``DrawTable.stream``); the hands' records, in order. ``ValueError`` for a wrong number of
    agents, seats or length, or an agent's illegal action (naming it)."""
    if len(agents) != seats:
        raise ValueError(f"one agent per seat: {seats} seats, {len(agents)} agents")
    table = DrawTable(seats, seed, game, length)
    records: list[HandRecord] = []
    while not table.is_over():
        table.apply(DEAL)
        while not table.hand_over():
            seat = table.current_player()
            table.apply(agents[seat].act(table.observe(seat), table.stream()))
        records.append(HandRecord.of(table.hand, table.hand_index))
    return records
