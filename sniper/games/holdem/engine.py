"""One hand of no-limit Texas Hold'em (GAMES.md H1–H9), played on a PokerKit ``State``.

PokerKit (the University of Toronto CPRG's rules engine, ``pokerkit``) holds the betting: blinds,
order, min-raise, short all-ins, side pots, uncalled bets, run-outs and the showdown. This module
builds its ``State`` with our facts (``rules``), deals it the cards of our deck, translates our flat
actions and records the hand; where PokerKit and GAMES.md differ (odd chips) it enforces GAMES.md.
The decisions are listed in docs/holdem.md.

**Seats and PokerKit's players.** The players of a hand are the seats with chips, in
``dealing_order``: clockwise from the first seat left of the button, the button last. That is
PokerKit's player order (its player 0 is the small blind, the last the button; heads-up its player
0 is the big blind and the button posts the small blind, acts first before the flop and last after
it, H2), so PokerKit's positions are ours.

**The deal** (GAMES.md leaves it open; R13's deck): the hand's deck is
``sniper.games.poker52.shuffled_deck(seed, game, hand)``; the ``k``-th player of ``dealing_order``
gets ``deck[2k]`` and ``deck[2k + 1]``; with ``n`` players the flop is ``deck[2n:2n+3]``, the turn
``deck[2n+3]`` and the river ``deck[2n+4]``; no card is burnt. PokerKit deals exactly those cards
(its hole and board dealing are not automated; ``deal_cards``).

**The flat actions** (the table's numbering, ``sniper.games.holdem.table``):

==========  ==========================================================================================
action      meaning
==========  ==========================================================================================
0 (FOLD)    fold; legal only when the seat owes chips (when checking is free, folding is not offered)
1           check, or call (capped by the seat's stack: a short call is all-in)
a >= 2      bet or raise *to* ``a`` chips: the seat's total bet of this round (H5); all-in is raise to
            stack + bet; a short all-in, when it is the only raise possible, is that amount (H6)
DEAL        ``rules.MAX_CHIPS + 1`` (1801): deal the next hand, the one action of ``CHANCE``
==========  ==========================================================================================

A 1-chip all-in *bet* (a seat with 1 chip behind and nothing to call) would be "to 1", which is
action 1: it is not offered (the seat may check); docs/holdem.md.

**H6** is PokerKit's own betting rule (no option to set, in 0.7.7 it is always on): a raise that is
less than a full raise does not reopen the betting for a player who has already acted (unless short
all-ins in a row add up to a full raise: PokerKit's ``consecutive_short_all_in_amounts``).

**Odd chips** (GAMES.md: one each to the winners from the first seat clockwise of the button):
PokerKit gives a split pot's whole remainder to the first winner in its player order, which is the
same seat order; ``_settle`` moves all but one of those chips on to the next winners, so a pot of
11 split three ways is 4, 4, 3 (PokerKit: 5, 3, 3).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from pokerkit import (
    Automation,
    BettingStructure,
    Card,
    ChipsPushing,
    Deck,
    Mode,
    Opening,
    StandardHighHand,
    State,
    Street,
)

from sniper.games.holdem.rules import ANTE, BIG_BLIND, MAX_CHIPS, SMALL_BLIND
from sniper.games.poker52 import DECK_SIZE, text

FOLD = 0
"""Flat action: fold (only when the seat owes chips)."""
CHECK_CALL = 1
"""Flat action: check, or call (all-in when the stack is short)."""
DEAL = MAX_CHIPS + 1
"""Flat action: deal the next hand (the one legal action when the table's player is ``CHANCE``)."""
STREETS = ("preflop", "flop", "turn", "river")
"""Street names by number (H3): 0 preflop … 3 river."""
BOARD_SIZES = (0, 3, 4, 5)
"""Community cards face up on each street (H3)."""
HOLE_CARDS = 2
"""Private cards per player (H3)."""

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
"""What PokerKit does on its own: everything but dealing (we deal our deck's cards, ``deal_cards``)."""


def _street(hole: int, board: int) -> Street:
    # no burn card, no draw, first to act by position (H4), bets and raises at least the big blind, no cap (H5)
    return Street(False, (False,) * hole, board, False, Opening.POSITION, BIG_BLIND, None)


PK_STREETS = (_street(HOLE_CARDS, 0), _street(0, 3), _street(0, 1), _street(0, 1))
"""PokerKit's streets of the game (H3): two face-down cards, then flop, turn and river."""
_PK_CARDS = tuple(next(iter(Card.parse(text(c)))) for c in range(DECK_SIZE))


def dealing_order(stacks: Sequence[int], button: int) -> tuple[int, ...]:
    """The seats dealt in (those with chips), clockwise from the first seat left of ``button``, the
    button last: the dealing order and PokerKit's player order (H2). ``stacks``: chips per seat."""
    n = len(stacks)
    return tuple(s % n for s in range(button + 1, button + n + 1) if stacks[s % n] > 0)


def next_button(button: int, stacks: Sequence[int]) -> int:
    """The next hand's button: the first seat clockwise of ``button`` still at the table, i.e. with
    chips (H2; a busted player has left, GAMES.md). ``ValueError`` if no seat has chips."""
    n = len(stacks)
    for s in range(button + 1, button + n + 1):
        if stacks[s % n] > 0:
            return s % n
    raise ValueError("no seat has chips")


def cards_needed(players: int) -> int:
    """Cards a hand of ``players`` players uses: two each and five for the board (H3; no burn)."""
    return HOLE_CARDS * players + BOARD_SIZES[-1]


def deal_cards(deck: Sequence[int], players: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The hole cards of each of ``players`` players in dealing order, and the five board cards, from
    ``deck`` (module docstring: two cards each in turn, then flop, turn, river; no burn).
    ``ValueError`` if ``deck`` has fewer than ``2 * players + 5`` cards."""
    need = cards_needed(players)
    if len(deck) < need:
        raise ValueError(f"{players} players need {need} cards, the deck has {len(deck)}")
    holes = tuple((deck[2 * k], deck[2 * k + 1]) for k in range(players))
    return holes, tuple(deck[HOLE_CARDS * players : need])


@dataclass(frozen=True)
class ActionRecord:
    """One seat action of a hand (a row of the actions table, docs/holdem.md).

    ``seat``; ``street`` 0–3; ``action`` the flat action; ``amount`` chips the seat put in with it
    (0 for a fold or check); ``to`` the seat's bet of the round after it; ``pot_after`` every chip in
    the middle after it (earlier rounds and this round's bets, before any uncalled bet is returned).
    """

    seat: int
    street: int
    action: int
    amount: int
    to: int
    pot_after: int


class HoldemHand:
    """One hand (H1–H9) on a PokerKit ``State``: deal, the seats' flat actions, run-out and showdown.

    ``stacks``: chips per seat before the hand (0: not at the table, not dealt in); ``button``: the
    button's seat, which must have chips; ``deck``: at least ``2 * players + 5`` distinct cards
    0..51 (``deal_cards``). ``ValueError`` for fewer than two players with chips, a button without
    chips or a bad deck.

    Attributes: ``seats`` (table size), ``button``, ``order`` (``dealing_order``), ``holes`` (seat →
    its two cards), ``full_board`` (the five community cards of the deal, face down until dealt:
    never observed, H11), ``board`` (the cards dealt so far), ``actions`` (``ActionRecord`` list),
    ``stacks_before``; once ``done``: ``stacks_after`` and ``winnings`` per seat (chips).
    """

    def __init__(self, stacks: Sequence[int], button: int, deck: Sequence[int]) -> None:
        self.seats = len(stacks)
        if any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in stacks):
            raise ValueError(f"stacks must be whole numbers of chips >= 0, got {list(stacks)!r}")
        if not 0 <= button < self.seats or stacks[button] <= 0:
            raise ValueError(f"the button must be a seat with chips, got {button!r}")
        self.order = dealing_order(stacks, button)
        if len(self.order) < 2:
            raise ValueError("a hand needs at least two players with chips")
        if len(set(deck)) != len(deck) or any(not 0 <= c < DECK_SIZE for c in deck):
            raise ValueError("the deck must be distinct cards 0-51")
        self.button = button
        self.stacks_before = tuple(stacks)
        self._index = {seat: i for i, seat in enumerate(self.order)}
        holes, self.full_board = deal_cards(deck, len(self.order))
        self.holes = dict(zip(self.order, holes))
        self.board: list[int] = []
        self._folded: set[int] = set()
        self.actions: list[ActionRecord] = []
        self.stacks_after: tuple[int, ...] | None = None
        self.winnings: tuple[int, ...] | None = None
        self.state = State(
            AUTOMATIONS,
            Deck.STANDARD,
            (StandardHighHand,),
            PK_STREETS,
            BettingStructure.NO_LIMIT,
            True,
            ANTE,
            (SMALL_BLIND, BIG_BLIND),
            0,
            tuple(stacks[s] for s in self.order),
            len(self.order),
            mode=Mode.TOURNAMENT,
        )
        for hole in holes:
            self.state.deal_hole(tuple(_PK_CARDS[c] for c in hole))
        self._advance()

    # ----- where the hand stands ---------------------------------------------------------------

    @property
    def done(self) -> bool:
        """Whether the hand is over (chips settled, ``stacks_after`` set)."""
        return self.stacks_after is not None

    @property
    def actor(self) -> int | None:
        """The seat to act, ``None`` when nobody is (the hand is over)."""
        i = self.state.actor_index
        return None if i is None else self.order[i]

    @property
    def street(self) -> int:
        """The current street 0–3 (H3); once the hand is over, the last street whose cards were dealt."""
        i = self.state.street_index
        return BOARD_SIZES.index(len(self.board)) if i is None else i

    def stacks(self) -> tuple[int, ...]:
        """Chips behind per seat (after the hand: ``stacks_after``)."""
        if self.stacks_after is not None:
            return self.stacks_after
        out = [0] * self.seats
        for i, seat in enumerate(self.order):
            out[seat] = self.state.stacks[i]
        return tuple(out)

    def bets(self) -> tuple[int, ...]:
        """Chips put in this betting round per seat (the blinds are preflop bets; 0 once the hand is over)."""
        out = [0] * self.seats
        if self.stacks_after is None:
            for i, seat in enumerate(self.order):
                out[seat] = self.state.bets[i]
        return tuple(out)

    def pot(self) -> int:
        """Chips in the middle from earlier rounds, without this round's bets (0 once the hand is over)."""
        return 0 if self.stacks_after is not None else self.state.total_pot_amount - sum(self.state.bets)

    def in_hand(self) -> tuple[bool, ...]:
        """Per seat: dealt in and not folded (a hand mucked at the showdown is still in)."""
        return tuple(seat in self._index and seat not in self._folded for seat in range(self.seats))

    @property
    def showdown(self) -> bool:
        """Whether two or more players are still in (at the end: the pot went to a showdown, H9)."""
        return len(self.order) - len(self._folded) > 1

    def to_call(self, seat: int) -> int:
        """Chips ``seat`` must add to call, capped by its stack (0 when checking is free or it is out)."""
        i = self._index.get(seat)
        if i is None or self.stacks_after is not None:
            return 0
        bets = self.state.bets
        return min(max(bets) - bets[i], self.state.stacks[i])

    def raise_range(self) -> tuple[int, int] | None:
        """The smallest and largest legal bet/raise *to* of the actor (H5, H6), or ``None`` when it
        may not bet or raise (or nobody is to act). PokerKit's ``min/max_completion_betting_or_raising_to_amount``;
        a 1-chip all-in bet, which would be action 1, is not offered (module docstring)."""
        low = self.state.min_completion_betting_or_raising_to_amount
        if low is None or low < 2:
            return None
        return low, self.state.max_completion_betting_or_raising_to_amount

    def legal_actions(self) -> tuple[int, ...]:
        """The actor's legal flat actions, sorted (module docstring); ``()`` when nobody is to act."""
        seat = self.actor
        if seat is None:
            return ()
        head = (FOLD, CHECK_CALL) if self.to_call(seat) > 0 else (CHECK_CALL,)
        span = self.raise_range()
        return head if span is None else head + tuple(range(span[0], span[1] + 1))

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` (an ``int``) is in ``legal_actions()``, without building it."""
        seat = self.actor
        if seat is None:
            return False
        if action == FOLD:
            return self.to_call(seat) > 0
        if action == CHECK_CALL:
            return True
        span = self.raise_range()
        return span is not None and span[0] <= action <= span[1]

    # ----- playing -----------------------------------------------------------------------------

    def act(self, action: int) -> ActionRecord:
        """Apply the actor's flat ``action`` and return its record; the run-out (H8) and the showdown
        (H9) follow on their own. ``ValueError`` naming the action if it is not legal (nothing changes)."""
        if isinstance(action, bool) or not isinstance(action, int) or not self.is_legal(action):
            raise ValueError(f"action {action!r} is not legal now; legal: {self.legal_text()}")
        state, seat = self.state, self.actor
        i, street, before = self._index[seat], state.street_index, state.total_pot_amount
        bet = state.bets[i]
        if action == FOLD:
            state.fold()
            self._folded.add(seat)
            amount = 0
        elif action == CHECK_CALL:
            amount = state.check_or_call().amount
        else:
            state.complete_bet_or_raise_to(action)
            amount = action - bet
        record = ActionRecord(seat, street, action, amount, bet + amount, before + amount)
        self.actions.append(record)
        self._advance()
        return record

    def legal_text(self) -> str:
        """The legal actions as people read them ("0, 1, 4-200"), for error messages."""
        legal = self.legal_actions()
        if not legal:
            return "none (the hand is over)"
        head = [a for a in legal if a < 2]
        span = self.raise_range()
        return ", ".join([*map(str, head), *([f"{span[0]}-{span[1]}"] if span else [])])

    def _advance(self) -> None:
        """Deal the board cards PokerKit asks for (H3, and the run-out, H8) until a seat is to act or
        the hand is over, then settle it."""
        state = self.state
        while state.status and state.actor_index is None:
            if not state.can_deal_board():
                raise AssertionError("PokerKit waits for an operation this engine does not make")
            n = BOARD_SIZES[BOARD_SIZES.index(len(self.board)) + 1] - len(self.board)
            cards = self.full_board[len(self.board) : len(self.board) + n]
            state.deal_board(tuple(_PK_CARDS[c] for c in cards))
            self.board.extend(cards)
        if not state.status:
            self._settle()

    def _settle(self) -> None:
        """Final stacks: PokerKit's, with each split pot's odd chips given one each to the winners
        from the first seat clockwise of the button (GAMES.md; module docstring)."""
        final = list(self.state.stacks)
        for op in self.state.operations:
            if not isinstance(op, ChipsPushing):
                continue
            # a pot's winners each get at least one chip (each put at least one chip into it)
            winners = [i for i, a in enumerate(op.amounts) if a > 0]
            share, odd = divmod(sum(op.amounts), len(winners))
            for rank, i in enumerate(winners):
                final[i] += share + (rank < odd) - op.amounts[i]
        out = [0] * self.seats
        for i, seat in enumerate(self.order):
            out[seat] = final[i]
        self.stacks_after = tuple(out)
        self.winnings = tuple(a - b for a, b in zip(out, self.stacks_before))
