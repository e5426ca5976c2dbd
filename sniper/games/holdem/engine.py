"""One hand of no-limit Texas Hold'em (GAMES.md H1–H9), played on a PokerKit ``State``.

PokerKit (the University of Toronto CPRG's rules engine, ``pokerkit``) holds the betting: blinds,
order, min-raise, short all-ins, side pots, uncalled bets, run-outs and the showdown. This module
builds its ``State`` with our facts (``rules``), deals it the cards of our deck, translates our flat
actions and records the hand; where PokerKit and GAMES.md differ (odd chips, H6 before the flop) it
enforces GAMES.md.
The decisions are listed in docs/holdem.md.

**Seats and PokerKit's players** are those of ``sniper.games.poker52.hand`` (``dealing_order``,
shared with five-card draw): PokerKit's player 0 is the small blind, the last the button; heads-up
its player 0 is the big blind and the button posts the small blind, acts first before the flop and
last after it (H2), so PokerKit's positions are ours.

**The deal** (GAMES.md leaves it open; R13's deck): the hand's deck is
``sniper.games.poker52.cards.shuffled_deck(seed, game, hand)``; the ``k``-th player of ``dealing_order``
gets ``deck[2k]`` and ``deck[2k + 1]``; with ``n`` players the flop is ``deck[2n:2n+3]``, the turn
``deck[2n+3]`` and the river ``deck[2n+4]``; no card is burnt. PokerKit deals exactly those cards
(its hole and board dealing are not automated; ``deal_cards``).

**The flat actions** (the table's numbering, ``sniper.games.holdem.table``):

===============  =====================================================================================
action           meaning
===============  =====================================================================================
0 (FOLD)         fold; legal only when the seat owes chips (when checking is free, folding is not offered)
1 (CHECK_CALL)   check, or call (capped by the seat's stack: a short call is all-in)
a in 2..1800     bet or raise *to* ``a`` chips: the seat's total bet of this round (H5); all-in is raise
                 to stack + bet; a short all-in, when it is the only raise possible, is that amount (H6)
1801 (DEAL)      ``rules.MAX_CHIPS + 1``: deal the next hand, the one action of ``CHANCE``
1802 (ALL_IN_1)  ``rules.MAX_CHIPS + 2``: bet all in for 1 chip, the one bet "to 1" (a seat with 1 chip
                 behind and nothing to call, after the flop); H5 offers it, and "to 1" would be action 1
===============  =====================================================================================

So a bet or raise to ``t`` chips is action ``bet_action(t)``: ``t`` itself, but ``ALL_IN_1`` for
``t == 1``; ``bet_to`` is the inverse. Every hand without a 1-chip all-in bet is numbered as before
``ALL_IN_1`` existed.

**H6** is PokerKit's own betting rule (no option to set, in 0.7.7 it is always on): a raise that is
less than a full raise does not reopen the betting for a player who has already acted (unless short
all-ins in a row add up to a full raise: PokerKit's ``consecutive_short_all_in_amounts``). PokerKit
counts a street's first raise as full however small; before the flop GAMES.md H6 counts the big
blind as the opening bet, so a raise is full only if it raises by at least ``max(largest raise so
far, BIG_BLIND)`` (an all-in to 3 over a limp of 2 is short: the limper may only call or fold). Our
layer keeps that count before the flop (``_full_raise``, ``_reopened``) and refuses the raises it
closes; PokerKit never closes a raise that it keeps open (after the first raise of at least the big
blind the two counts agree; before it, PokerKit has closed nothing).

**Pots and odd chips** (H7, H9; GAMES.md: one each to the winners from the first seat clockwise of
the button): PokerKit gives a split pot's whole remainder to its first winner, and merges side pots
that differ only by a mucked loser; ``sniper.games.poker52.hand.share_pots`` awards each pot on its
own as GAMES.md says (the base class's ``_settle``): a pot of 11 split three ways is 4, 4, 3
(PokerKit: 5, 3, 3).
"""

from collections.abc import Sequence

from pokerkit import BettingStructure, Deck, Mode, Opening, StandardHighHand, State, Street

from sniper.games.holdem.actions import ALL_IN_1, CHECK_CALL, DEAL, FOLD, bet_action, bet_to
from sniper.games.holdem.rules import ANTE, BIG_BLIND, BOARD_SIZES, HOLE_CARDS, SMALL_BLIND, STREETS
from sniper.games.poker52.hand import AUTOMATIONS, ActionRecord, PokerKitHand, dealing_order, next_button, pk_cards

__all__ = [
    "ALL_IN_1",
    "AUTOMATIONS",
    "BOARD_SIZES",
    "CHECK_CALL",
    "DEAL",
    "FOLD",
    "HOLE_CARDS",
    "PK_STREETS",
    "STREETS",
    "ActionRecord",
    "HoldemHand",
    "bet_action",
    "bet_to",
    "cards_needed",
    "deal_cards",
    "dealing_order",
    "next_button",
]


def _street(hole: int, board: int) -> Street:
    # no burn card, no draw, first to act by position (H4), bets and raises at least the big blind, no cap (H5)
    return Street(False, (False,) * hole, board, False, Opening.POSITION, BIG_BLIND, None)


PK_STREETS = (_street(HOLE_CARDS, 0), _street(0, 3), _street(0, 1), _street(0, 1))
"""PokerKit's streets of the game (H3): two face-down cards, then flop, turn and river."""


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


class HoldemHand(PokerKitHand):
    """One hand (H1–H9) on a PokerKit ``State``: deal, the seats' flat actions, run-out and showdown.

    ``stacks``: chips per seat before the hand (0: not at the table, not dealt in); ``button``: the
    button's seat, which must have chips; ``deck``: at least ``2 * players + 5`` distinct cards
    0..51 (``deal_cards``). ``ValueError`` for fewer than two players with chips, a button without
    chips or a bad deck (``sniper.games.poker52.hand.PokerKitHand``, which also reads where the
    hand stands: ``stacks()``, ``bets()`` (the blinds are preflop bets), ``pot()``, ``in_hand()``,
    ``to_call(seat)``, ``actor``, ``done``, ``showdown``).

    Attributes besides the base's: ``holes`` (seat → its two cards), ``full_board`` (the five
    community cards of the deal, face down until dealt: never observed, H11), ``board`` (the cards
    dealt so far).
    """

    cards_needed = staticmethod(cards_needed)

    def __init__(self, stacks: Sequence[int], button: int, deck: Sequence[int]) -> None:
        super().__init__(stacks, button, deck)
        holes, self.full_board = deal_cards(self.deck, len(self.order))
        self.holes = dict(zip(self.order, holes))
        self.board: list[int] = []
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
            self.state.deal_hole(pk_cards(hole))
        self._acted: set[int] = set()
        self._shorts: list[int] = []
        self._advance()

    # ----- where the hand stands ---------------------------------------------------------------

    @property
    def street(self) -> int:
        """The current street 0–3 (H3); once the hand is over, the last street whose cards were dealt."""
        i = self.state.street_index
        return BOARD_SIZES.index(len(self.board)) if i is None else i

    def raise_range(self) -> tuple[int, int] | None:
        """The smallest and largest legal bet/raise *to* of the actor (H5, H6), or ``None`` when it
        may not bet or raise (or nobody is to act). PokerKit's ``min/max_completion_betting_or_raising_to_amount``,
        less the raises GAMES.md H6 closes before the flop (``_reopened``); ``(1, 1)`` is the 1-chip
        all-in bet, action ``ALL_IN_1`` (module docstring)."""
        low = self.state.min_completion_betting_or_raising_to_amount
        if low is None or not self._reopened():
            return None
        return low, self.state.max_completion_betting_or_raising_to_amount

    def _full_raise(self) -> int:
        """The raise (chips above the largest bet) that counts as full now (H6): the largest raise of the
        round, and before the flop at least the big blind, the round's opening bet."""
        largest = self.state.completion_betting_or_raising_amount
        return max(largest, BIG_BLIND) if self.state.street_index == 0 else largest

    def _reopened(self) -> bool:
        """Whether the actor may raise as far as GAMES.md H6 before the flop goes (module docstring): not
        when it has acted since the last full raise and the all-ins since then add up to less than a
        full raise. After the flop PokerKit's own count is H6."""
        i = self.state.actor_index
        if self.state.street_index != 0 or i is None:
            return True
        return not (self._shorts and sum(self._shorts) < self._full_raise() and i in self._acted)

    def _count_preflop(self, i: int, raised_by: int | None, full: int) -> None:
        """Our H6 count before the flop, after PokerKit player ``i``'s action: ``raised_by`` the chips its
        bet or raise put above the largest bet (``None`` for a fold, check or call), ``full`` the full
        raise before it (``_full_raise``). A full raise clears who has acted; an all-in adds to the short
        all-ins in a row, which count as one full raise when they add up to one (PokerKit's
        ``consecutive_short_all_in_amounts``)."""
        if raised_by is not None:
            if raised_by >= full:
                self._acted.clear()
            if self.state.stacks[i] > 0:
                self._shorts.clear()
            else:
                self._shorts.append(raised_by)
            if sum(self._shorts) >= self._full_raise():
                self._shorts.clear()
        self._acted.add(i)

    def legal_actions(self) -> tuple[int, ...]:
        """The actor's legal flat actions, sorted (module docstring); ``()`` when nobody is to act."""
        seat = self.actor
        if seat is None:
            return ()
        head = (FOLD, CHECK_CALL) if self.to_call(seat) > 0 else (CHECK_CALL,)
        span = self.raise_range()
        return head if span is None else head + tuple(map(bet_action, range(span[0], span[1] + 1)))

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
        return span is not None and span[0] <= bet_to(action) <= span[1] and bet_action(bet_to(action)) == action

    # ----- playing -----------------------------------------------------------------------------

    def act(self, action: int) -> ActionRecord:
        """Apply the actor's flat ``action`` and return its record; the run-out (H8) and the showdown
        (H9) follow on their own. ``ValueError`` naming the action if it is not legal (nothing changes)."""
        if isinstance(action, bool) or not isinstance(action, int) or not self.is_legal(action):
            raise ValueError(f"action {action!r} is not legal now; legal: {self.legal_text()}")
        state, seat = self.state, self.actor
        i, street, before = self._index[seat], state.street_index, state.total_pot_amount
        bet, top, full = state.bets[i], max(state.bets), self._full_raise()
        raised_by = None
        if action == FOLD:
            self._fold(seat)
            amount = 0
        elif action == CHECK_CALL:
            amount = state.check_or_call().amount
        else:
            state.complete_bet_or_raise_to(bet_to(action))
            amount, raised_by = bet_to(action) - bet, bet_to(action) - top
        if street == 0:
            self._count_preflop(i, raised_by, full)
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
        bets = [] if span is None else [f"{ALL_IN_1} (all in for 1)" if span == (1, 1) else f"{span[0]}-{span[1]}"]
        return ", ".join([*map(str, head), *bets])

    def _advance(self) -> None:
        """Deal the board cards PokerKit asks for (H3, and the run-out, H8) until a seat is to act or
        the hand is over, then settle it."""
        state = self.state
        while state.status and state.actor_index is None:
            if not state.can_deal_board():
                raise AssertionError("PokerKit waits for an operation this engine does not make")
            n = BOARD_SIZES[BOARD_SIZES.index(len(self.board)) + 1] - len(self.board)
            cards = self.full_board[len(self.board) : len(self.board) + n]
            state.deal_board(pk_cards(cards))
            self.board.extend(cards)
        if not state.status:
            self._settle()

    def _showdown_cards(self, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``seat``'s two cards and the five board cards for the showdown (H9)."""
        return self.holes[seat], tuple(self.board)
