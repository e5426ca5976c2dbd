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

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

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
    return list(hands_of(seats, seed, game, agents, length))


def hands_of(
    seats: int, seed: int, game: int, agents: Sequence[DrawAgent], length: str = DEFAULT_LENGTH
) -> Iterator[HandRecord]:
    """The hands of ``play_game``, each record as soon as its hand is played (a caller may stop early)."""
    if len(agents) != seats:
        raise ValueError(f"one agent per seat: {seats} seats, {len(agents)} agents")
    table = DrawTable(seats, seed, game, length)
    while not table.is_over():
        table.apply(DEAL)
        while not table.hand_over():
            seat = table.current_player()
            table.apply(agents[seat].act(table.observe(seat), table.stream()))
        yield HandRecord.of(table.hand, table.hand_index)


def play_hand(agents: Sequence[str], seed: int, game: int, hand: int, rules) -> HandRecord:
    """Hand ``hand`` of game ``game`` of run ``seed`` played by the reference engine with the agents the specs
    ``agents`` name (one per seat), under ``rules`` (``sniper.games.poker_spec.PokerRules``; ``None``: the
    default game length): the record a run of those agents stores for it (the hands before it are played
    too: they set the stacks and the button). Draw's ``GameSpec.play_hand`` (``sniper.play_hand(...,
    variant="draw")``). ``ValueError`` for a bad spec, ``LookupError`` when the game ends before hand ``hand``.

    >>> record = play_hand(["random", "random"], seed=3, game=0, hand=1, rules=None)
    >>> record.hand, len(record.holes), sum(record.winnings)
    (1, 2, 0)
    """
    from sniper.games.draw.chunks import make_agent

    players = [make_agent(spec) for spec in agents]
    length = DEFAULT_LENGTH if rules is None else rules.length
    for record in islice(hands_of(len(players), seed, game, players, length), hand, None):
        return record
    raise LookupError(f"game {game} of seed {seed} ends before hand {hand}")
