"""One hand on a PokerKit ``State``, the parts shared by the 52-card betting games (``../shared/GAMES.md``).

No-limit Hold'em (H1–H12) and five-card draw (D1–D11) both play their hands on PokerKit (the University
of Toronto CPRG's rules engine): it holds the betting, the all-ins, side pots, uncalled bets and the
showdown. What is the same in both is written here once:

- **Seats and PokerKit's players.** The players of a hand are the seats with chips, in
  ``dealing_order``: clockwise from the first seat left of the button, the button last. That is
  PokerKit's player order, so its ``Opening.POSITION`` first actor (player 0 when nobody posts a
  blind) is the first seat left of the button, and a player's index ``i`` is seat ``order[i]``.
- **Our deck's cards.** PokerKit deals what it is given: ``pk_cards`` turns ``sniper.games.poker52``
  cards into PokerKit's, and nothing is dealt by PokerKit itself (no ``HOLE_DEALING`` or
  ``BOARD_DEALING`` in ``AUTOMATIONS``), so every card comes from ``poker52.shuffled_deck``.
- **Odd chips** (GAMES.md: a split pot's odd chips go one each to the winners from the first seat
  clockwise of the button). PokerKit gives a pot's whole remainder to its first winner in player
  order, which is that seat order; ``settled_stacks`` moves all but one of those chips on to the next
  winners, so a pot of 11 split three ways is 4, 4, 3 (PokerKit: 5, 3, 3).
- **Where the hand stands**: ``PokerKitHand``, the base of each game's hand (seats, stacks, bets,
  pot, who is in, who is to act, the settlement); the game's subclass builds its ``State``, deals
  and translates its flat actions.

>>> dealing_order([50, 0, 70, 30], button=2), next_button(2, [50, 0, 70, 30]), next_button(0, [50, 0, 70, 30])
((3, 0, 2), 3, 2)
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pokerkit import Automation, Card, ChipsPushing, State

from sniper.games.poker52 import DECK_SIZE, text

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
    """PokerKit's ``Card`` for each of ``cards`` (``sniper.games.poker52`` integers 0..51), in order."""
    return tuple(_PK_CARDS[c] for c in cards)


def our_cards(cards: Iterable[Card]) -> tuple[int, ...]:
    """The ``sniper.games.poker52`` integer of each of PokerKit's ``cards``, in order (``pk_cards``' inverse)."""
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


def settled_stacks(state: State) -> list[int]:
    """The final stacks of PokerKit's players (PokerKit's player order) once ``state`` is over:
    PokerKit's, with each split pot's odd chips given one each to the winners in player order, i.e.
    from the first seat clockwise of the button (GAMES.md; module docstring)."""
    final = list(state.stacks)
    for op in state.operations:
        if not isinstance(op, ChipsPushing):
            continue
        # a pot's winners each get at least one chip (each put at least one chip into it)
        winners = [i for i, a in enumerate(op.amounts) if a > 0]
        share, odd = divmod(sum(op.amounts), len(winners))
        for rank, i in enumerate(winners):
            final[i] += share + (rank < odd) - op.amounts[i]
    return final


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


class PokerKitHand:
    """The base of a game's hand on a PokerKit ``State`` (module docstring): checks the inputs, keeps
    the seats' bookkeeping and reads where the hand stands. A subclass sets ``state`` (a PokerKit
    ``State`` whose players are ``order``), deals, plays its flat actions (calling ``_fold`` for a
    fold) and calls ``_settle`` when ``state.status`` turns False; it defines ``cards_needed``.

    ``stacks``: chips per seat before the hand (0: not at the table, not dealt in); ``button``: the
    button's seat, which must have chips; ``deck``: at least ``cards_needed(players)`` distinct cards
    0..51. ``ValueError`` for stacks that are not whole numbers >= 0, fewer than two players with
    chips, a button without chips or a bad deck.

    Attributes: ``seats`` (table size), ``button``, ``order`` (``dealing_order``), ``deck``,
    ``stacks_before``, ``state``, ``actions`` (``ActionRecord`` list, in order); once ``done``: ``stacks_after`` and ``winnings`` per seat (chips).
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

    def _settle(self) -> None:
        """Final stacks and winnings per seat (``settled_stacks``)."""
        self.stacks_after = self._per_seat(settled_stacks(self.state))
        self.winnings = tuple(a - b for a, b in zip(self.stacks_after, self.stacks_before))
