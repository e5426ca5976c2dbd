"""No-limit Hold'em's ``TableState`` (``sniper.core.table``): one whole game (GAMES.md H1–H11), written once.

``HoldemTable`` deals each hand from the (seed, game, hand) deck (``sniper.games.poker52.cards.shuffled_deck``),
plays it on the reference engine (``sniper.games.holdem.engine.HoldemHand``, PokerKit), and between
hands moves the chips, lets busted players leave (GAMES.md), ends the game (H10) or moves the button
to the next player still at the table (H2): the flow shared with five-card draw,
``sniper.games.poker52.table.PokerKitTable``. ``observe`` is the one place H11 is decided.

The flat action numbering (defined in ``engine``; docs/holdem.md):

==================  =====================================================================================
action              meaning
==================  =====================================================================================
0 (``FOLD``)        fold: legal only when the seat owes chips (not offered when checking is free)
1 (``CHECK_CALL``)  check, or call (capped by the seat's stack)
a in 2..1800        bet or raise *to* ``a`` chips, the seat's total bet of this round (H5); all-in is raise
                    to stack + bet; a short all-in, when it is the only raise possible, is that amount (H6)
1801 (``DEAL``)     deal the next hand: the one action when the current player is ``CHANCE``
1802 (``ALL_IN_1``) bet all in for 1 chip (1 chip behind, nothing to call; H5): "to 1" would be action 1
==================  =====================================================================================

**Random streams**: the ``d``-th decision (from 0) of seat ``s`` in hand ``h`` draws from
``sniper.games.poker52.table.decision_stream(seed, game, h, s, d)`` (R13's keys, as Sniper Hold'em's);
the kernel reproduces it.

>>> table = HoldemTable(3, seed=1, game=0)
>>> table.current_player() == CHANCE, table.legal_actions()
(True, (1801,))
>>> table.apply(DEAL); table.current_player(), table.legal_actions()[:4], table.legal_actions()[-1]
(0, (0, 1, 4, 5), 200)
>>> table.apply(3)
Traceback (most recent call last):
ValueError: action 3 is not legal for seat 0 now; legal: 0, 1, 4-200
"""

from sniper.core.table import CHANCE, TERMINAL
from sniper.games.holdem import rules
from sniper.games.holdem.engine import ALL_IN_1, CHECK_CALL, DEAL, FOLD, HoldemHand
from sniper.games.holdem.observation import HoldemObservation
from sniper.games.holdem.reading import tendencies
from sniper.games.holdem.rules import BIG_BLIND
from sniper.games.poker52.table import PokerKitTable, decision_stream

__all__ = ["ALL_IN_1", "CHANCE", "CHECK_CALL", "DEAL", "FOLD", "TERMINAL", "HoldemTable", "decision_stream"]


class HoldemTable(PokerKitTable, rules=rules):
    """One game of no-limit Texas Hold'em (GAMES.md H1–H11) as a ``sniper.core.table.TableState``.

    ``HoldemTable(seats, seed, game, length="100", hand_limit=None, stacks=None, button=None, hand=0)``:
    ``seats`` 2–9 (H1); ``length`` a key of ``rules.GAME_LENGTHS`` (H10); the rest as
    ``sniper.games.poker52.table.PokerKitTable`` (a button on a seat without chips moves to the next
    seat with chips, H2; ``ValueError`` for seats outside 2–9, an unknown length, or stacks that are
    not one per seat with two or more holding chips). ``hand`` is the current (or last) ``HoldemHand``.
    """

    HAND = HoldemHand
    DEAL = DEAL

    def observe(self, seat: int) -> HoldemObservation:
        """What ``seat`` may know now (H11), the one place it is decided: its own cards, the board
        dealt so far, every stack, bet and the pot, positions, the hand's public actions and each seat's
        ``tendencies`` over the game's finished hands; never
        another seat's cards or the deck. ``legal`` is empty unless ``seat`` is to act. Any point after
        the first deal (after a hand, its final stacks). ``ValueError`` for a seat not at the table or
        before the first deal."""
        hand: HoldemHand = self._check_seat(seat)
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
            tendencies=tendencies(self.hands, self.n_seats),
        )

    def _deal(self) -> None:
        super()._deal()
        if self.hand.done:  # the blinds put every player but one all-in: run out at once (H8)
            self._end_hand()
