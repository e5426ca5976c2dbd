"""Five-card draw's ``TableState`` (``sniper.core.table``): one whole game (GAMES.md D1–D10), written once.

``DrawTable`` deals each hand from the (seed, game, hand) deck (``sniper.games.poker52.cards.shuffled_deck``),
plays it on the reference engine (``sniper.games.draw.engine.DrawHand``, PokerKit), and between hands
moves the chips, lets busted players leave, ends the game (D9) or moves the button (D1): the flow
shared with Hold'em, ``sniper.games.poker52.table.PokerKitTable``. ``observe`` is the one place D10
is decided.

The flat action numbering (defined in ``engine``; docs/draw.md):

================  ========================================================================================
action            meaning
================  ========================================================================================
0 (``FOLD``)      fold: legal only when the seat owes chips (not offered when checking is free)
1 (``CHECK_CALL``) check, or call (capped by the seat's stack)
2 (``BET_RAISE``) bet or raise the round's fixed amount, 2 then 4 (D3), or all-in for less (D8)
3 + mask          the draw (D5): discard the cards at the 5-bit mask's set bits, 0–3 of them; 3 stands pat
35 (``DEAL``)     deal the next hand: the one action when the current player is ``CHANCE``
================  ========================================================================================

**Random streams**: the ``d``-th decision (from 0, betting and the draw alike) of seat ``s`` in hand
``h`` draws from ``sniper.games.poker52.table.decision_stream(seed, game, h, s, d)``.

>>> table = DrawTable(3, seed=1, game=0)
>>> table.current_player() == CHANCE, table.legal_actions()
(True, (35,))
>>> table.apply(DEAL); table.current_player(), table.legal_actions()
(1, (1, 2))
>>> table.apply(0)
Traceback (most recent call last):
ValueError: action 0 is not legal for seat 1 now; legal: 1, 2
"""

from sniper.core.table import CHANCE, TERMINAL
from sniper.games.draw import rules
from sniper.games.draw.engine import BET_RAISE, CHECK_CALL, DEAL, DISCARD, DRAW, FOLD, DrawHand
from sniper.games.draw.observation import DrawObservation
from sniper.games.draw.reading import tendencies
from sniper.games.poker52.table import PokerKitTable, decision_stream

__all__ = [
    "BET_RAISE",
    "CHANCE",
    "CHECK_CALL",
    "DEAL",
    "DISCARD",
    "FOLD",
    "TERMINAL",
    "DrawTable",
    "decision_stream",
]


class DrawTable(PokerKitTable, rules=rules):
    """One game of five-card draw, fixed limit (GAMES.md D1–D10) as a ``sniper.core.table.TableState``.

    ``DrawTable(seats, seed, game, length="20", hand_limit=None, stacks=None, button=None, hand=0)``:
    ``seats`` 2–6 (D1); ``length`` a key of ``rules.GAME_LENGTHS`` (D9); the rest as
    ``sniper.games.poker52.table.PokerKitTable`` (which raises ``ValueError`` for seats outside 2–6,
    an unknown length, or stacks that do not fit). ``hand`` is the current (or last) ``DrawHand``.
    """

    HAND = DrawHand
    DEAL = DEAL

    def observe(self, seat: int) -> DrawObservation:
        """What ``seat`` may know now (D10), the one place it is decided: its own cards (and its own
        discards), every stack, bet and the pot, the button, the hand's betting actions and how many
        cards each player drew, each seat's ``tendencies`` over the game's finished hands; never another
        seat's cards, the deck or another seat's discards.
        ``legal`` and ``raise_to`` are empty unless ``seat`` is to act. Any point after the first deal
        (after a hand, its final stacks). ``ValueError`` for a seat not at the table or before the
        first deal."""
        hand: DrawHand = self._check_seat(seat)
        acting = hand.actor == seat
        return DrawObservation(
            seat=seat,
            seats=self.n_seats,
            button=hand.button,
            hand=self.hand_index,
            street=hand.street,
            cards=tuple(hand.cards.get(seat, ())),
            discarded=hand.discards.get(seat, ()),
            drawn=tuple(hand.drawn.get(s) for s in range(self.n_seats)),
            stacks=hand.stacks(),
            bets=hand.bets(),
            pot=hand.pot(),
            in_hand=hand.in_hand(),
            to_call=hand.to_call(seat),
            bet_size=hand.bet_size(),
            raises=hand.raises(),
            raise_to=hand.raise_to() if acting else None,
            history=tuple((a.seat, a.street, a.action) for a in hand.actions if a.street != DRAW),
            legal=hand.legal_actions() if acting else (),
            tendencies=tendencies(self.hands, self.n_seats),
        )
