"""One hand on a PokerKit ``State``, the parts shared by the 52-card betting games (``../shared/GAMES.md``).

No-limit Hold'em (H1–H12) and five-card draw (D1–D11) both play their hands on PokerKit (the University
of Toronto CPRG's rules engine): it holds the betting, the all-ins, side pots, uncalled bets and the
showdown. What is the same in both is written here once:

- **Seats and PokerKit's players.** The players of a hand are the seats with chips, in
  ``dealing_order``: clockwise from the first seat left of the button, the button last. That is
  PokerKit's player order, so its ``Opening.POSITION`` first actor (player 0 when nobody posts a
  blind) is the first seat left of the button, and a player's index ``i`` is seat ``order[i]``.
- **Our deck's cards.** PokerKit deals what it is given: ``pk_cards`` turns ``sniper.games.poker52.cards``
  cards into PokerKit's, and nothing is dealt by PokerKit itself (no ``HOLE_DEALING`` or
  ``BOARD_DEALING`` in ``AUTOMATIONS``), so every card comes from ``poker52.cards.shuffled_deck``.
- **The pots and odd chips** (H7, D8; GAMES.md: a split pot's odd chips go one each to the winners
  from the first seat clockwise of the button). PokerKit gives a pot's whole remainder to its first
  winner in player order (a pot of 11 split three ways is 5, 3, 3; ours 4, 4, 3), and before it
  pushes the chips it mucks and kills the hands that cannot win, so side pots that differ only by
  a loser are merged and split as one (two pots of 5 and 11 chips between two tied players pay them
  10 each; ours, each pot apart, 11 and 9). So ``share_pots`` awards the pots as GAMES.md does, from
  what PokerKit holds: each player's chips put in (uncalled bets returned) and, for the hands still
  in, PokerKit's own hand values (``State.hand_types``); ``PokerKitHand._settle`` checks that it
  moves the same chips to the same winners as PokerKit, only the odd chips differing.
- **Where the hand stands**: ``PokerKitHand``, the base of each game's hand (seats, stacks, bets,
  pot, who is in, who is to act, the settlement); the game's subclass builds its ``State``, deals
  and translates its flat actions.

>>> dealing_order([50, 0, 70, 30], button=2), next_button(2, [50, 0, 70, 30]), next_button(0, [50, 0, 70, 30])
((3, 0, 2), 3, 2)
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Self

from pokerkit import Automation, Card, ChipsPushing, State

from sniper.games.poker52.cards import DECK_SIZE, text

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
"""What PokerKit does on its own: everything but dealing (we deal our deck's cards, ``pk_cards``) and
the players' decisions."""

_PK_CARDS = tuple(next(iter(Card.parse(text(c)))) for c in range(DECK_SIZE))
_OUR_CARDS = {pk: c for c, pk in enumerate(_PK_CARDS)}


def pk_cards(cards: Iterable[int]) -> tuple[Card, ...]:
    """PokerKit's ``Card`` for each of ``cards`` (``sniper.games.poker52.cards`` integers 0..51), in order."""
    return tuple(_PK_CARDS[c] for c in cards)


def our_cards(cards: Iterable[Card]) -> tuple[int, ...]:
    """The ``sniper.games.poker52.cards`` integer of each of PokerKit's ``cards``, in order (``pk_cards``' inverse)."""
    return tuple(_OUR_CARDS[c] for c in cards)


def dealing_order(stacks: Sequence[int], button: int) -> tuple[int, ...]:
    """The seats dealt in (those with chips), clockwise from the first seat left of ``button``, the
    button last: the dealing order and PokerKit's player order. ``stacks``: chips per seat."""
    n = len(stacks)
    return tuple(s % n for s in range(button + 1, button + n + 1) if stacks[s % n] > 0)


def next_button(button: int, stacks: Sequence[int]) -> int:
    """The next hand's button: the first seat clockwise of ``button`` still at the table, i.e. with
    chips (H2, D1; a busted player has left, GAMES.md). ``ValueError`` if no seat has chips."""
    n = len(stacks)
    for s in range(button + 1, button + n + 1):
        if stacks[s % n] > 0:
            return s % n
    raise ValueError("no seat has chips")


def share_pots(put: Sequence[int], live: Sequence[bool], strengths: Sequence[object]) -> list[int]:
    """The chips each player receives from the pots (H7, D7, D8, GAMES.md's odd chips), players in
    PokerKit's order (from the first seat left of the button).

    ``put``: the chips each player put in, uncalled bets already returned; ``live``: whether each is
    still in (not folded); ``strengths``: each live player's hand, comparable (higher wins; ignored
    when only one player is still in, who receives every chip). The pots are the contribution
    levels: each level's chips go to the live players who put in at least that much, adjacent
    levels with the same players forming one pot (the main pot and the side pots). Each pot is split
    evenly among its best hands, the odd chips one each to its winners in player order.

    >>> share_pots([3, 3, 3, 2], [True, True, True, False], [5, 5, 5, 0])  # 11 three ways
    [4, 4, 3, 0]
    >>> share_pots([6, 5, 6, 2, 1], [True, False, True, True, True], [9, 0, 9, 1, 1])  # each pot apart
    [11, 0, 9, 0, 0]
    """
    received = [0] * len(put)
    if sum(live) == 1:  # the others folded: every chip to the last one in (its own bets returned)
        received[list(live).index(True)] = sum(put)
        return received
    pots: list[tuple[int, list[int]]] = []
    low = 0
    for level in sorted({p for p in put if p > 0}):
        chips = (level - low) * sum(p >= level for p in put)
        players = [i for i, p in enumerate(put) if p >= level and live[i]]
        if pots and pots[-1][1] == players:
            chips += pots.pop()[0]
        pots.append((chips, players))
        low = level
    for chips, players in pots:
        best = max(strengths[i] for i in players)
        winners = [i for i in players if strengths[i] == best]
        share, odd = divmod(chips, len(winners))
        for rank, i in enumerate(winners):
            received[i] += share + (rank < odd)
    return received


@dataclass(frozen=True)
class ActionRecord:
    """One seat action of a hand (a row of a game's actions table; docs/holdem.md, docs/draw.md).

    ``seat``; ``street`` the game's street number (its engine's ``STREETS``); ``action`` the game's
    flat action; ``amount`` chips the seat put in with it (0 for a fold, a check or a draw); ``to``
    the seat's bet of the round after it; ``pot_after`` every chip in the middle after it (earlier
    rounds and this round's bets, before any uncalled bet is returned).
    """

    seat: int
    street: int
    action: int
    amount: int
    to: int
    pot_after: int


@dataclass(frozen=True, kw_only=True)
class FinishedHand:
    """What every 52-card game's record of one finished hand holds (its ``play.HandRecord`` adds its cards:
    Hold'em's ``board`` and ``holes``, draw's ``holes``, ``draws``, ``discards``, ``drawn``, ``cards``); the
    fields are given by name. Chips are integers, per-seat tuples have one entry per seat of the table.

    ``hand``: its number in the game, from 0; ``button``: the button's seat; ``actions``: the seat actions in
    order (``ActionRecord``); ``stacks_before`` / ``stacks``: chips per seat before and after; ``winnings``:
    ``stacks - stacks_before`` per seat (they sum to 0); ``showdown``: whether two or more players were still in
    at the end (otherwise the pot was won by folds and no card is shown). ``agents`` (one spec per seat),
    ``seed`` and ``game`` (the game's number in its run), when the record knows them (a game's ``play_hand`` and a
    run's rows do), name them in its hand history; these three do not take part in comparisons.
    """

    hand: int
    button: int
    actions: tuple[ActionRecord, ...]
    stacks_before: tuple[int, ...]
    stacks: tuple[int, ...]
    winnings: tuple[int, ...]
    showdown: bool
    agents: tuple[str, ...] = field(default=(), compare=False)
    seed: int | None = field(default=None, compare=False)
    game: int | None = field(default=None, compare=False)

    @classmethod
    def finished(cls, hand: "PokerKitHand", number: int, **cards) -> Self:
        """The record of the finished ``hand``, hand ``number`` of its game, with the game's card fields
        ``cards``; ``ValueError`` if the hand is not finished."""
        if not hand.done:
            raise ValueError("the hand is not finished")
        return cls(
            hand=number,
            button=hand.button,
            actions=tuple(hand.actions),
            stacks_before=hand.stacks_before,
            stacks=hand.stacks_after,
            winnings=hand.winnings,
            showdown=hand.showdown,
            **cards,
        )


class PokerKitHand:
    """The base of a game's hand on a PokerKit ``State`` (module docstring): checks the inputs, keeps
    the seats' bookkeeping and reads where the hand stands. A subclass sets ``state`` (a PokerKit
    ``State`` whose players are ``order``), deals, plays its flat actions (calling ``_fold`` for a
    fold) and calls ``_settle`` when ``state.status`` turns False; it defines ``cards_needed`` and
    ``_showdown_cards``.

    ``stacks``: chips per seat before the hand (0: not at the table, not dealt in); ``button``: the
    button's seat, which must have chips; ``deck``: at least ``cards_needed(players)`` distinct cards
    0..51. ``ValueError`` for stacks that are not whole numbers >= 0, fewer than two players with
    chips, a button without chips or a bad deck.

    Attributes: ``seats`` (table size), ``button``, ``order`` (``dealing_order``), ``deck``,
    ``stacks_before``, ``state``, ``actions`` (``ActionRecord`` list, in order); once ``done``:
    ``stacks_after`` and ``winnings`` per seat (chips).
    """

    state: State

    @staticmethod
    def cards_needed(players: int) -> int:
        """The cards of the deck a hand of ``players`` players may use (the game's deal)."""
        raise NotImplementedError

    def __init__(self, stacks: Sequence[int], button: int, deck: Sequence[int]) -> None:
        self.seats = len(stacks)
        if any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in stacks):
            raise ValueError(f"stacks must be whole numbers of chips >= 0, got {list(stacks)!r}")
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < self.seats:
            raise ValueError(f"the button must be a seat with chips, got {button!r}")
        if stacks[button] <= 0:
            raise ValueError(f"the button must be a seat with chips, got {button!r}")
        self.order = dealing_order(stacks, button)
        if len(self.order) < 2:
            raise ValueError("a hand needs at least two players with chips")
        if len(set(deck)) != len(deck) or any(isinstance(c, bool) or c not in range(DECK_SIZE) for c in deck):
            raise ValueError("the deck must be distinct cards 0-51")
        need = self.cards_needed(len(self.order))
        if len(deck) < need:
            raise ValueError(f"{len(self.order)} players need {need} cards, the deck has {len(deck)}")
        self.button = button
        self.deck = tuple(deck)
        self.stacks_before = tuple(stacks)
        self._index = {seat: i for i, seat in enumerate(self.order)}
        self._folded: set[int] = set()
        self.actions: list[ActionRecord] = []
        self.stacks_after: tuple[int, ...] | None = None
        self.winnings: tuple[int, ...] | None = None

    @property
    def done(self) -> bool:
        """Whether the hand is over (chips settled, ``stacks_after`` set)."""
        return self.stacks_after is not None

    @property
    def actor(self) -> int | None:
        """The seat PokerKit waits for (to bet, or to stand pat or discard), ``None`` when nobody (the
        hand is over, or cards are to be dealt)."""
        i = self.state.actor_index
        if i is None:
            i = self.state.stand_patter_or_discarder_index
        return None if i is None else self.order[i]

    def _per_seat(self, values: Sequence[int]) -> tuple[int, ...]:
        out = [0] * self.seats
        for i, seat in enumerate(self.order):
            out[seat] = values[i]
        return tuple(out)

    def stacks(self) -> tuple[int, ...]:
        """Chips behind per seat (after the hand: ``stacks_after``)."""
        return self.stacks_after if self.stacks_after is not None else self._per_seat(self.state.stacks)

    def bets(self) -> tuple[int, ...]:
        """Chips put in this betting round per seat (0 once the hand is over)."""
        return (0,) * self.seats if self.stacks_after is not None else self._per_seat(self.state.bets)

    def pot(self) -> int:
        """Chips in the middle from earlier rounds (antes, blinds' earlier rounds), without this round's
        bets (0 once the hand is over)."""
        return 0 if self.stacks_after is not None else self.state.total_pot_amount - sum(self.state.bets)

    def in_hand(self) -> tuple[bool, ...]:
        """Per seat: dealt in and not folded (a hand mucked at the showdown is still in)."""
        return tuple(seat in self._index and seat not in self._folded for seat in range(self.seats))

    @property
    def showdown(self) -> bool:
        """Whether two or more players are still in (at the end: the pot went to a showdown)."""
        return len(self.order) - len(self._folded) > 1

    def to_call(self, seat: int) -> int:
        """Chips ``seat`` must add to call, capped by its stack (0 when checking is free or it is out)."""
        i = self._index.get(seat)
        if i is None or self.stacks_after is not None:
            return 0
        bets = self.state.bets
        return min(max(bets) - bets[i], self.state.stacks[i])

    def _fold(self, seat: int) -> None:
        self.state.fold()
        self._folded.add(seat)

    def _showdown_cards(self, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``seat``'s private cards and the board cards its hand is made of at the showdown."""
        raise NotImplementedError

    def _settle(self) -> None:
        """Final stacks and winnings per seat: the pots shared as GAMES.md says (``share_pots``), checked
        against PokerKit's result (module docstring). ``AssertionError`` if they differ by more than
        odd chips, which would be a bug."""
        state = self.state
        pushed = [0] * len(self.order)
        for op in state.operations:
            if isinstance(op, ChipsPushing):
                pushed = [a + b for a, b in zip(pushed, op.amounts)]
        put = [start - (final - got) for start, final, got in zip(state.starting_stacks, state.stacks, pushed)]
        live = [seat not in self._folded for seat in self.order]
        hand_type = state.hand_types[0]
        strengths = [
            hand_type.from_game(*map(pk_cards, self._showdown_cards(seat))) if alive and sum(live) > 1 else None
            for seat, alive in zip(self.order, live)
        ]
        received = share_pots(put, live, strengths)
        if sum(received) != sum(pushed) or any((a > 0) != (b > 0) for a, b in zip(received, pushed)):
            raise AssertionError(f"the pots {received} differ from PokerKit's {pushed} by more than odd chips")
        final = [start - p + r for start, p, r in zip(state.starting_stacks, put, received)]
        self.stacks_after = self._per_seat(final)
        self.winnings = tuple(a - b for a, b in zip(self.stacks_after, self.stacks_before))
