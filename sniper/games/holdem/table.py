"""No-limit Hold'em's ``TableState`` (``sniper.core.table``): one whole game (GAMES.md H1–H11), written once.

``HoldemTable`` deals each hand from the (seed, game, hand) deck (``sniper.games.poker52.shuffled_deck``),
plays it on the reference engine (``sniper.games.holdem.engine.HoldemHand``, PokerKit), and between
hands moves the chips, lets busted players leave (GAMES.md), ends the game (H10) or moves the button
to the next player still at the table (H2). ``observe`` is the one place H11 is decided.

The flat action numbering (defined in ``engine``; docs/holdem.md):

==============  =========================================================================================
action          meaning
==============  =========================================================================================
0 (``FOLD``)    fold: legal only when the seat owes chips (not offered when checking is free)
1               check, or call (capped by the seat's stack)
a >= 2          bet or raise *to* ``a`` chips, the seat's total bet of this round (H5); all-in is raise
                to stack + bet; a short all-in, when it is the only raise possible, is that amount (H6)
1801 (``DEAL``) deal the next hand: the one action when the current player is ``CHANCE``
==============  =========================================================================================

**Random streams** (R13's design, as Sniper Hold'em's ``sniper.game.decision_stream``): the ``d``-th
decision (from 0) of seat ``s`` in hand ``h`` draws from ``Stream(derive(hand_key(seed, game, h,
STREAM_AGENT + s), d))`` (``decision_stream``); the kernel reproduces it.

>>> table = HoldemTable(3, seed=1, game=0)
>>> table.current_player() == CHANCE, table.legal_actions()
(True, (1801,))
>>> table.apply(DEAL); table.current_player(), table.legal_actions()[:4], table.legal_actions()[-1]
(0, (0, 1, 4, 5), 200)
>>> table.apply(3)
Traceback (most recent call last):
ValueError: action 3 is not legal for seat 0 now; legal: 0, 1, 4-200
"""

import operator
from collections.abc import Sequence

from kernels.streams import STREAM_AGENT
from sniper.core.rng import Stream, derive, hand_key
from sniper.core.table import CHANCE, TERMINAL
from sniper.games.holdem.engine import CHECK_CALL, DEAL, FOLD, HoldemHand, cards_needed, next_button
from sniper.games.holdem.observation import HoldemObservation
from sniper.games.holdem.rules import BIG_BLIND, DEFAULT_LENGTH, FIRST_BUTTON, SEATS, STARTING_STACK
from sniper.games.holdem.rules import hand_limit as hands_of_length
from sniper.games.poker52 import shuffled_deck

__all__ = ["CHANCE", "CHECK_CALL", "DEAL", "FOLD", "TERMINAL", "HoldemTable", "decision_stream"]


def decision_stream(seed: int, game: int, hand: int, seat: int, decision: int) -> Stream:
    """The random stream of seat ``seat``'s ``decision``-th decision (from 0) of hand ``hand`` (R13's
    keys, as Sniper Hold'em's ``sniper.game.decision_stream``): ``Stream(derive(hand_key(seed, game,
    hand, STREAM_AGENT + seat), decision))``."""
    return Stream(derive(hand_key(seed, game, hand, STREAM_AGENT + seat), decision))


class HoldemTable:
    """One game of no-limit Texas Hold'em (GAMES.md H1–H11) as a ``sniper.core.table.TableState``.

    ``seats``: 2–9 (H1); ``seed``, ``game``: the run's seed and the game's number, which fix every deck
    and decision stream; ``length``: a key of ``rules.GAME_LENGTHS`` (H10). ``hand_limit``: the hands
    the game lasts at most, overriding ``length`` (``None``: the length's own); ``stacks``, ``button``,
    ``hand``: where the game stands before its next deal (default: a fresh game, every seat with
    ``STARTING_STACK`` chips, the button on ``FIRST_BUTTON``, hand 0; a button on a seat without chips
    moves to the next seat with chips, H2); ``returns`` count from those stacks. ``ValueError`` for
    seats outside 2–9, an unknown length, or stacks that are not one per seat with two or more holding chips.

    Attributes: ``hand`` the current (or last) ``HoldemHand`` (``None`` before the first deal) and
    ``hand_index`` its number; ``hands`` the finished hands; ``stacks`` and ``button`` between hands
    (updated when a hand ends; a seat with no chips has left the table); ``ended`` why the game is over:
    "chips" (one player holds every chip) or "hands" (the hand limit), else ``None``.
    """

    def __init__(
        self,
        seats: int,
        seed: int,
        game: int,
        length: str = DEFAULT_LENGTH,
        hand_limit: int | None = None,
        stacks: Sequence[int] | None = None,
        button: int | None = None,
        hand: int = 0,
    ) -> None:
        if isinstance(seats, bool) or not isinstance(seats, int) or seats not in SEATS:
            raise ValueError(f"seats must be {SEATS.start}-{SEATS.stop - 1}, got {seats!r}")
        self.n_seats, self.seed, self.game = seats, seed, game
        limit = hands_of_length(length)
        self.hand_limit = limit if hand_limit is None else hand_limit
        self.stacks = list(stacks) if stacks is not None else [STARTING_STACK] * seats
        if len(self.stacks) != seats or sum(s > 0 for s in self.stacks) < 2:
            raise ValueError(f"stacks must give {seats} seats, two or more with chips, got {self.stacks!r}")
        self.button = FIRST_BUTTON if button is None else button
        if not 0 <= self.button < seats or self.stacks[self.button] <= 0:
            self.button = next_button(self.button % seats, self.stacks)
        self._start = tuple(self.stacks)
        self._next = hand
        self.hand: HoldemHand | None = None
        self.hand_index = hand
        self.hands: list[HoldemHand] = []
        self.ended: str | None = None
        self._decisions = [0] * seats

    # ----- the TableState API ---------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act (H2, H4), ``CHANCE`` before each deal, ``TERMINAL`` once the game is over (H10)."""
        if self.ended is not None:
            return TERMINAL
        hand = self.hand
        if hand is None or hand.done:
            return CHANCE
        return hand.actor

    def legal_actions(self) -> tuple[int, ...]:
        """The flat actions legal now, sorted (module docstring): the actor's fold (when it owes
        chips), check/call and bet/raise-to amounts (H5, H6); ``(DEAL,)`` at ``CHANCE``; ``()`` once over."""
        player = self.current_player()
        if player == TERMINAL:
            return ()
        if player == CHANCE:
            return (DEAL,)
        return self.hand.legal_actions()

    def observe(self, seat: int) -> HoldemObservation:
        """What ``seat`` may know now (H11), the one place it is decided: its own cards, the board
        dealt so far, every stack, bet and the pot, positions and the hand's public actions; never
        another seat's cards or the deck. ``legal`` is empty unless ``seat`` is to act. Any point after
        the first deal (after a hand, its final stacks). ``ValueError`` for a seat not at the table or
        before the first deal."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n_seats:
            raise ValueError(f"seat must be 0-{self.n_seats - 1}, got {seat!r}")
        hand = self.hand
        if hand is None:
            raise ValueError("no hand has been dealt yet")
        acting = hand.actor == seat
        span = hand.raise_range() if acting else None
        return HoldemObservation(
            seat=seat,
            seats=self.n_seats,
            button=hand.button,
            street=hand.street,
            hole=tuple(hand.holes.get(seat, ())),
            board=tuple(hand.board),
            stacks=hand.stacks(),
            bets=hand.bets(),
            pot=hand.pot(),
            in_hand=hand.in_hand(),
            to_call=hand.to_call(seat),
            min_raise_to=None if span is None else span[0],
            max_raise_to=None if span is None else span[1],
            big_blind=BIG_BLIND,
            history=tuple((a.seat, a.street, a.action) for a in hand.actions),
            legal=hand.legal_actions() if acting else (),
            hand=self.hand_index,
        )

    def apply(self, action: int) -> None:
        """Apply the current player's flat ``action``: deal the next hand at ``CHANCE``, else the seat's
        action; a hand's last action settles it and moves the game on (H2, H10). ``ValueError`` naming
        the action if it is not in ``legal_actions()`` (nothing changes)."""
        try:
            value = None if isinstance(action, bool) else operator.index(action)
        except TypeError:
            value = None
        player = self.current_player()
        if player == CHANCE and value == DEAL:
            self._deal()
            return
        if player < 0 or value is None or not self.hand.is_legal(value):
            raise ValueError(self._illegal(action))
        self.hand.act(value)
        self._decisions[player] += 1
        if self.hand.done:
            self._end_hand()

    def is_over(self) -> bool:
        """Whether the game is over (H10): the hand limit reached or one player holds every chip."""
        return self.ended is not None

    def returns(self) -> tuple[int, ...]:
        """Chips each seat has won (+) or lost (-) over the game's finished hands, from the stacks it
        started with; they sum to 0 (chips are conserved)."""
        return tuple(now - start for now, start in zip(self.stacks, self._start))

    # ----- for the drivers ------------------------------------------------------------------

    def hand_over(self) -> bool:
        """Whether the current hand is finished (its result stands until the next deal)."""
        return self.hand is not None and self.hand.done

    def stream(self) -> Stream:
        """The random stream of the current player's next decision of this hand (``decision_stream``);
        ``ValueError`` when no seat is to act."""
        seat = self.current_player()
        if seat < 0:
            raise ValueError("no seat is to act")
        return decision_stream(self.seed, self.game, self.hand_index, seat, self._decisions[seat])

    # ----- internals --------------------------------------------------------------------------

    def _illegal(self, action: object) -> str:
        player = self.current_player()
        shown = f"action {action!r}"
        if player == TERMINAL:
            return f"{shown} is not legal: the game is over"
        if player == CHANCE:
            return f"{shown} is not legal at the deal now; legal: {DEAL} (deal)"
        return f"{shown} is not legal for seat {player} now; legal: {self.hand.legal_text()}"

    def _deal(self) -> None:
        self.hand_index = self._next
        players = sum(s > 0 for s in self.stacks)
        deck = shuffled_deck(self.seed, self.game, self.hand_index, cards_needed(players))
        self.hand = HoldemHand(self.stacks, self.button, deck)
        self._decisions = [0] * self.n_seats
        if self.hand.done:  # the blinds put every player but one all-in: run out at once (H8)
            self._end_hand()

    def _end_hand(self) -> None:
        """Chips move, busted players leave (GAMES.md), the game ends (H10) or the button moves on (H2)."""
        hand = self.hand
        self.hands.append(hand)
        self.stacks = list(hand.stacks_after)
        self._next = self.hand_index + 1
        if sum(s > 0 for s in self.stacks) < 2:
            self.ended = "chips"
        elif self.hand_limit is not None and self._next >= self.hand_limit:
            self.ended = "hands"
        else:
            self.button = next_button(self.button, self.stacks)
