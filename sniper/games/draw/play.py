"""Play one whole game of five-card draw (D9) with one agent per seat, as hand records.

``play_game`` drives a ``DrawTable`` to its end and returns a ``HandRecord`` per hand: the rows of the
hands table, each with its actions (``sniper.games.poker52.hand.ActionRecord``), the rows of the
actions table, and the draw of each seat for the hand history. The columns are documented in
docs/draw.md.

>>> from sniper.games.draw.agents import RandomAgent
>>> hands = play_game(3, seed=1, game=0, agents=[RandomAgent()] * 3, length="20")
>>> sum(sum(h.winnings) for h in hands), hands[0].button, [len(h) for h in hands[0].holes]
(0, 0, [5, 5, 5])
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial

from sniper.games.draw.agents import DrawAgent
from sniper.games.draw.engine import DISCARD, DRAW, STREETS, DrawHand
from sniper.games.draw.rules import ANTE, DEFAULT_LENGTH, TITLE
from sniper.games.draw.table import DrawTable
from sniper.games.poker52.hand import FinishedHand, dealing_order
from sniper.games.poker52.history import action_line, cards_text, hand_name, header, result_lines, seat_lines
from sniper.games.poker52.table import hand_of_game, hand_records


@dataclass(frozen=True, kw_only=True)
class HandRecord(FinishedHand):
    """One finished hand of five-card draw (a row of the hands table, docs/draw.md): the fields every 52-card game
    records (``sniper.games.poker52.hand.FinishedHand``: the button D1, the actions, the draws included on street
    1, the stacks, the showdown D7) and its cards. ``holes``: each seat's five dealt cards (``()`` for a seat not
    dealt in); ``draws``: how many cards each seat drew (D5; ``None`` for a seat that did not draw: folded before
    the draw, the hand ended before it, or not dealt in); ``discards`` / ``drawn``: the cards each seat discarded
    and was dealt at the draw (the hand history's, never shown to another seat, D10); ``cards``: each seat's final
    five cards. Its ``str`` is the hand history in words (``history_text``).
    """

    holes: tuple[tuple[int, ...], ...]
    draws: tuple[int | None, ...]
    discards: tuple[tuple[int, ...], ...]
    drawn: tuple[tuple[int, ...], ...]
    cards: tuple[tuple[int, ...], ...]

    def __str__(self) -> str:
        return history_text(self)

    @classmethod
    def of(cls, hand: DrawHand, number: int) -> "HandRecord":
        """The record of the finished ``hand``, hand ``number`` of its game; ``ValueError`` if not finished."""
        seats = range(hand.seats)
        return cls.finished(
            hand,
            number,
            holes=tuple(hand.holes.get(s, ()) for s in seats),
            draws=tuple(hand.drawn.get(s) for s in seats),
            discards=tuple(hand.discards.get(s, ()) for s in seats),
            drawn=tuple(hand.drawn_cards.get(s, ()) for s in seats),
            cards=tuple(tuple(hand.cards.get(s, ())) for s in seats),
        )


def play_game(
    seats: int, seed: int, game: int, agents: Sequence[DrawAgent], length: str = DEFAULT_LENGTH
) -> list[HandRecord]:
    """The records of game ``game`` of run ``seed``, in order, played at a table of ``seats`` (2–6, D1) to its end
    (``length``: a key of ``rules.GAME_LENGTHS``, D9) by ``agents[s]`` at seat ``s``, each deciding with its
    decision's stream (``DrawTable.stream``). Errors as ``sniper.games.poker52.table.hand_records``: ``ValueError``
    for a wrong number of agents, seats or length, ``AgentError`` when an agent fails."""
    return list(hands_of(seats, seed, game, agents, length))


def hands_of(
    seats: int, seed: int, game: int, agents: Sequence[DrawAgent], length: str = DEFAULT_LENGTH
) -> Iterator[HandRecord]:
    """The hands of ``play_game``, each record as soon as its hand is played (a caller may stop early)."""
    yield from hand_records(partial(DrawTable, seats, seed, game, length), seats, agents, HandRecord.of)


def play_hand(agents: Sequence[str], seed: int, game: int, hand: int, rules) -> HandRecord:
    """Hand ``hand`` of game ``game`` of run ``seed`` played by the reference engine with the agents the specs
    ``agents`` name (one per seat), under ``rules`` (``sniper.games.poker52.spec.PokerRules``; ``None``: the
    default game length): the record a run of those agents stores for it (the hands before it are played
    too: they set the stacks and the button). Draw's ``GameSpec.play_hand`` (``sniper.play_hand(...,
    variant="draw")``). ``ValueError`` for a bad spec, ``LookupError`` when the game ends before hand ``hand``.

    >>> record = play_hand(["random", "random"], seed=3, game=0, hand=1, rules=None)
    >>> record.hand, len(record.holes), sum(record.winnings)
    (1, 2, 0)
    """
    from sniper.games.draw.chunks import make_agent

    return hand_of_game(hands_of, make_agent, DEFAULT_LENGTH, agents, seed, game, hand, rules)


def history_text(record: HandRecord) -> str:
    """The hand history of ``record`` in words (``sniper.games.poker52.history``): seats, antes, the dealt cards,
    the first round, the draw (``draws 2``: the cards discarded and those drawn, or ``stands pat``), the second
    round, each with its pot and every action (``bet 2``, ``raise to 4``, ``call 2``), the showdown with each
    final hand's name, the result (uncalled bet, who wins how much) and the stacks after.

    >>> from sniper.games.draw.agents import RandomAgent
    >>> record = play_game(2, seed=3, game=0, agents=[RandomAgent()] * 2)[1]
    >>> print(history_text(record).splitlines()[0])
    five-card draw - hand 1
    """
    dealt = dealing_order(record.stacks_before, record.button)
    antes = {seat: min(ANTE, record.stacks_before[seat]) for seat in dealt}
    lines = [header(TITLE, record.hand, record.seed, record.game)]
    lines += seat_lines(record.stacks_before, record.agents, {record.button: "button"})
    lines.append(f"Antes: {ANTE} chip from each of {len(dealt)} players; pot {sum(antes.values())}")
    lines.append("*** DEALT ***")
    lines += [f"Seat {seat}: {cards_text(record.holes[seat])}" for seat in dealt]
    put_in = [antes.get(seat, 0) for seat in range(len(record.stacks_before))]
    folded, pot = set(), sum(put_in)
    for street, name in enumerate(STREETS):
        acts = [act for act in record.actions if act.street == street]
        if not acts and (street == DRAW or not any(a.street > street for a in record.actions)):
            continue  # a round no one acted in: the hand ended before it, or everyone left was all-in
        lines.append(f"*** {name.upper()} *** (pot {pot})")
        raised = False
        for act in acts:
            put_in[act.seat] += act.amount
            if act.action >= DISCARD:
                lines.append(f"Seat {act.seat}: {draw_words(record, act.seat)}")
                continue
            line, raised = action_line(act, put_in, record.stacks_before, raised, folded)
            lines.append(line)
            pot = act.pot_after
    if record.showdown:
        lines.append("*** SHOWDOWN ***")
        for seat in (seat for seat in dealt if seat not in folded):
            lines.append(f"Seat {seat}: {cards_text(record.cards[seat])} {hand_name(record.cards[seat])}")
    return "\n".join(lines + result_lines(record.winnings, put_in, record.stacks))


def draw_words(record: HandRecord, seat: int) -> str:
    """Seat ``seat``'s draw in words: ``stands pat``, or ``draws 2`` with the cards it discarded and got."""
    count = record.draws[seat] or 0
    if not count:
        return "stands pat"
    return f"draws {count}: discards {cards_text(record.discards[seat])}, gets {cards_text(record.drawn[seat])}"


def replay_text(hands, actions, seed: int | None) -> str:
    """The hand history in words (``history_text``) of one hand of a run of seed ``seed`` from its rows of the
    hands and actions tables (dicts of columns or frames, ``sniper.games.draw.results.hand_record``): what
    ``sniper replay`` prints (``GameSpec.hand_text``), the text of ``play_hand``'s record of the same hand."""
    from sniper.games.draw.results import hand_record

    return history_text(replace(hand_record(hands, actions), seed=seed))
