"""Play one whole game of no-limit Hold'em (H10) with one agent per seat, as hand records.

``play_game`` drives a ``HoldemTable`` to its end and returns a ``HandRecord`` per hand: the rows of
the hands table, each with its actions (``engine.ActionRecord``), the rows of the actions table. The
columns are documented in docs/holdem.md.

>>> from sniper.games.holdem.agents import RandomAgent
>>> hands = play_game(3, seed=1, game=0, agents=[RandomAgent()] * 3, length="50")
>>> sum(sum(h.winnings) for h in hands), hands[0].button, len(hands[0].holes)
(0, 0, 3)
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial

from sniper.games.holdem.agents import HoldemAgent
from sniper.games.holdem.engine import HoldemHand
from sniper.games.holdem.rules import BIG_BLIND, BOARD_SIZES, DEFAULT_LENGTH, SMALL_BLIND, STREETS, TITLE
from sniper.games.holdem.table import HoldemTable
from sniper.games.poker52.hand import FinishedHand, dealing_order
from sniper.games.poker52.history import (
    action_line,
    cards_text,
    hand_name,
    header,
    result_lines,
    seat_lines,
)
from sniper.games.poker52.table import hand_of_game, hand_records


def blinds(stacks_before: Sequence[int], button: int) -> dict[int, int]:
    """Seat → chips posted as a blind in a hand dealt with ``stacks_before`` (chips per seat) and the button on
    ``button``, the small blind first (H1, H2; a short stack posts what it has): heads-up the button posts the
    small blind, else the first two seats of the dealing order (``sniper.games.poker52.hand.dealing_order``).

    >>> blinds([200, 200, 200], 0), blinds([200, 0, 1], 2)
    ({1: 1, 2: 2}, {2: 1, 0: 2})
    """
    order = dealing_order(stacks_before, button)
    small, big = (order[1], order[0]) if len(order) == 2 else (order[0], order[1])
    return {small: min(SMALL_BLIND, stacks_before[small]), big: min(BIG_BLIND, stacks_before[big])}


@dataclass(frozen=True, kw_only=True)
class HandRecord(FinishedHand):
    """One finished hand of no-limit Hold'em (a row of the hands table, docs/holdem.md): the fields every 52-card
    game records (``sniper.games.poker52.hand.FinishedHand``: the button H2, the actions, the stacks, the showdown
    H9) and its cards. ``board``: the community cards dealt (0, 3, 4 or 5; a hand won by folds stops dealing);
    ``holes``: each seat's two private cards (``()`` for a seat not dealt in). Its ``str`` is the hand history in
    words (``history_text``).
    """

    board: tuple[int, ...]
    holes: tuple[tuple[int, ...], ...]

    def __str__(self) -> str:
        return history_text(self)

    def blinds(self) -> dict[int, int]:
        """Seat → chips posted as a blind, the small blind first (H1, H2; a short stack posts what it has):
        heads-up the button posts the small blind, else the first two seats of the dealing order
        (``sniper.games.poker52.hand.dealing_order``)."""
        return blinds(self.stacks_before, self.button)

    @classmethod
    def of(cls, hand: HoldemHand, number: int) -> "HandRecord":
        """The record of the finished ``hand``, hand ``number`` of its game; ``ValueError`` if not finished."""
        holes = tuple(tuple(hand.holes.get(s, ())) for s in range(hand.seats))
        return cls.finished(hand, number, board=tuple(hand.board), holes=holes)


def play_game(
    seats: int, seed: int, game: int, agents: Sequence[HoldemAgent], length: str = DEFAULT_LENGTH
) -> list[HandRecord]:
    """The records of game ``game`` of run ``seed``, in order, played at a table of ``seats`` (2–9, H1) to its end
    (``length``: a key of ``rules.GAME_LENGTHS``, H10) by ``agents[s]`` at seat ``s``, each deciding with its
    decision's stream (``HoldemTable.stream``). Errors as ``sniper.games.poker52.table.hand_records``: ``ValueError``
    for a wrong number of agents, seats or length, ``AgentError`` when an agent fails."""
    return list(hands_of(seats, seed, game, agents, length))


def hands_of(
    seats: int, seed: int, game: int, agents: Sequence[HoldemAgent], length: str = DEFAULT_LENGTH
) -> Iterator[HandRecord]:
    """The hands of ``play_game``, each record as soon as its hand is played (a caller may stop early)."""
    yield from hand_records(partial(HoldemTable, seats, seed, game, length), seats, agents, HandRecord.of)


def play_hand(agents: Sequence[str], seed: int, game: int, hand: int, rules) -> HandRecord:
    """Hand ``hand`` of game ``game`` of run ``seed`` played by the reference engine with the agents the specs
    ``agents`` name (one per seat), under ``rules`` (``sniper.games.poker52.spec.PokerRules``; ``None``: the
    default game length): the record a run
    of those agents stores for it (the hands before it are played too: they set the stacks and the button).
    Hold'em's ``GameSpec.play_hand`` (``sniper.play_hand(..., variant="holdem")``). ``ValueError`` for a bad
    spec, ``LookupError`` when the game ends before hand ``hand``.

    >>> record = play_hand(["random", "random"], seed=3, game=0, hand=1, rules=None)
    >>> record.hand, len(record.holes), sum(record.winnings)
    (1, 2, 0)
    """
    from sniper.games.holdem.chunks import make_agent

    return hand_of_game(hands_of, make_agent, DEFAULT_LENGTH, agents, seed, game, hand, rules)


def history_text(record: HandRecord) -> str:
    """The hand history of ``record`` in words (``sniper.games.poker52.history``): seats, blinds, the hole cards,
    each street with its board and pot and every action (``raise to 7``, ``call 2``, ``check``), the showdown
    with each hand's name, the result (uncalled bet, who wins how much) and the stacks after.

    >>> from sniper.games.holdem.agents import RandomAgent
    >>> record = play_game(2, seed=3, game=0, agents=[RandomAgent()] * 2, length="50")[1]
    >>> print(history_text(record).splitlines()[0])
    no-limit Hold'em - hand 1
    """
    seats = range(len(record.stacks_before))
    blinds = record.blinds()
    roles = {seat: ["button"] if seat == record.button else [] for seat in seats}
    for seat, role in zip(blinds, ("small blind", "big blind")):
        roles[seat].append(role)
    lines = [header(TITLE, record.hand, record.seed, record.game)]
    lines += seat_lines(record.stacks_before, record.agents, {seat: ", ".join(r) for seat, r in roles.items()})
    first = record.actions[0] if record.actions else None
    forced = first.pot_after - first.amount if first else sum(blinds.values())
    if forced == sum(blinds.values()):
        lines.append(f"Blinds: {', '.join(f'seat {s} {chips}' for s, chips in blinds.items())}; pot {forced}")
    else:  # a hand of other stakes (imported): its blinds and antes are not in the tables
        lines.append(f"Blinds and antes: pot {forced}")
    dealt = dealing_order(record.stacks_before, record.button)
    lines.append("*** HOLE CARDS ***")
    lines += [f"Seat {seat}: {cards_text(record.holes[seat])}" for seat in dealt]
    put_in = [blinds.get(seat, 0) for seat in seats]
    folded, pot = set(), forced
    for street, name in enumerate(STREETS):
        if street and len(record.board) < BOARD_SIZES[street]:
            break  # the hand ended before this street was dealt
        before, shown = BOARD_SIZES[max(street - 1, 0)], BOARD_SIZES[street]
        board = "".join(f" {cards_text(part)}" for part in (record.board[:before], record.board[before:shown]) if part)
        lines.append(f"*** {name.upper()} ***{board} (pot {pot})")
        raised = street == 0  # the big blind is the street's first bet
        for act in (act for act in record.actions if act.street == street):
            put_in[act.seat] += act.amount
            line, raised = action_line(act, put_in, record.stacks_before, raised, folded)
            lines.append(line)
            pot = act.pot_after
    if record.showdown:
        lines.append(f"*** SHOWDOWN *** board {cards_text(record.board)}")
        for seat in (seat for seat in dealt if seat not in folded):
            hole = record.holes[seat]
            lines.append(f"Seat {seat}: {cards_text(hole)} {hand_name((*hole, *record.board))}")
    known = forced == sum(blinds.values())
    return "\n".join(lines + result_lines(record.winnings, put_in if known else None, record.stacks))


def replay_text(hands, actions, seed: int | None) -> str:
    """The hand history in words (``history_text``) of one hand of a run of seed ``seed`` from its rows of the
    hands and actions tables (dicts of columns or frames, ``sniper.games.holdem.results.hand_record``): what
    ``sniper replay`` prints (``GameSpec.hand_text``), the text of ``play_hand``'s record of the same hand."""
    from sniper.games.holdem.results import hand_record

    return history_text(replace(hand_record(hands, actions), seed=seed))
