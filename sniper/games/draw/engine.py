"""One hand of five-card draw, fixed limit (GAMES.md D1–D8), played on a PokerKit ``State``.

PokerKit holds the betting: antes, order, the fixed bets and the cap, all-ins, side pots,
uncalled bets and the showdown. This module builds its ``State`` with our facts (``rules``): a
fixed-limit game of two PokerKit streets, five face-down cards and a betting round at 2 chips,
then a draw and a betting round at 4, each round capped at four bets (``Street(...,
max_completion_betting_or_raising_count=CAP)``), first to act by position (``Opening.POSITION``),
standard high hands. It deals PokerKit the cards of our deck, translates our flat actions and
records the hand; where PokerKit is looser than GAMES.md (it lets a player discard 4 or 5
cards; D5 allows 0–3) or differs (how split side pots share their odd chips,
``sniper.games.poker52.hand``; which all-in bets reopen the betting, D8), this layer enforces GAMES.md.
The decisions are listed in docs/draw.md.

**D8, who may raise after an all-in.** PokerKit counts a bet or raise as full (reopening the betting
for the players who already acted) when it is at least the largest raise of the round, and a round's
first bet always. GAMES.md D8 (the common fixed-limit rule) counts an all-in bet or raise as full
when it is at least half the fixed amount (``full_bet``: 1 chip of 2 in the first round, 2 of 4 in the
second), and one of less does not reopen the betting for those who already acted: they may only
call or fold (short all-ins in a row that add up to a full one count as one, as PokerKit sums them).
So this layer keeps that count itself (``_count``, ``_reopened``) and leaves PokerKit only the rest of
its betting (the cap, the chips, the turn): before each decision it clears PokerKit's own count
(``open_betting``: its largest raise and short all-ins), which PokerKit reads only to refuse raises.
The PHH writer and reader (``sniper.games.draw.phh``) replay hands on PokerKit the same way, so a
re-raise that D8 allows and PokerKit alone would refuse is written and read back.

**Seats** are PokerKit's players in ``dealing_order`` (``sniper.games.poker52.hand``): with no
blind, PokerKit's position opening makes its player 0, the first seat left of the button, first
to act in both rounds (D4, D6; a folded or all-in player is skipped) and first to draw (D5).

**The deal** (GAMES.md leaves it open; R13's deck): the hand's deck is
``sniper.games.poker52.cards.shuffled_deck(seed, game, hand)``; with ``n`` players the ``k``-th player of
``dealing_order`` gets ``deck[5k:5k+5]`` (five at a time, not one by one); the replacement cards of
the draw are ``deck[5n:]`` in turn, each drawer in draw order taking as many as it discarded. They
are dealt once every player still in has discarded (PokerKit deals the draw after the last
discard); no card is burnt. At most ``8n`` cards are used (``cards_needed``).

**The streets** (``STREETS``): 0 the first betting round (D4), 1 the draw (D5), 2 the second round
(D6).

**The flat actions** (the table's numbering, ``sniper.games.draw.table``):

================  ========================================================================================
action            meaning
================  ========================================================================================
0 (FOLD)          fold; legal only when the seat owes chips (when checking is free, folding is not offered)
1 (CHECK_CALL)    check, or call (capped by the seat's stack: a short call is all-in, D8)
2 (BET_RAISE)     bet or raise by the round's fixed amount (D3), or all-in for less (D8); not after the cap
3 + m (DISCARD)   the draw: discard the cards whose positions (0–4, in the order the seat holds them) are
                  the set bits of the 5-bit mask ``m`` and draw as many (D5); only masks of 0–3 bits are
                  legal (``DISCARDS``); 3 (mask 0) stands pat
35 (DEAL)         deal the next hand, the one action of ``CHANCE``
================  ========================================================================================
"""

from collections.abc import Sequence

from pokerkit import BettingStructure, Deck, Mode, Opening, StandardHighHand, State, Street

from sniper.games.draw.actions import (
    BET_RAISE,
    CHECK_CALL,
    DEAL,
    DISCARD,
    DISCARDS,
    DRAW,
    FIRST,
    FOLD,
    MASKS,
    N_ACTIONS,
    SECOND,
    STREETS,
    discard_action,
    positions,
)
from sniper.games.draw.rules import ANTE, BET_SIZES, CAP, HAND_SIZE, MAX_DISCARDS
from sniper.games.poker52.hand import AUTOMATIONS, ActionRecord, PokerKitHand, pk_cards

__all__ = [
    "BET_RAISE",
    "CHECK_CALL",
    "DEAL",
    "DISCARD",
    "DISCARDS",
    "DRAW",
    "FIRST",
    "FOLD",
    "MASKS",
    "N_ACTIONS",
    "PK_STREETS",
    "SECOND",
    "STREETS",
    "DrawHand",
    "cards_needed",
    "discard_action",
    "open_betting",
    "positions",
]

PK_STREETS = (
    Street(False, (False,) * HAND_SIZE, 0, False, Opening.POSITION, BET_SIZES[0], CAP),
    Street(False, (), 0, True, Opening.POSITION, BET_SIZES[1], CAP),
)
"""PokerKit's streets (D2–D6): five face-down cards and a round at the small bet, then the draw and a
round at the big bet; no burn card; first to act by position; at most ``CAP`` bets a round."""


def open_betting(state: State) -> None:
    """Clear PokerKit ``state``'s count of the round's largest raise and short all-ins, so that it refuses no
    bet or raise for a short all-in (the D8 count that decides is ``DrawHand``'s; module docstring). PokerKit
    reads them only to refuse a raise, and a fixed-limit bet stays the street's amount above the largest bet."""
    state.completion_betting_or_raising_amount = 0
    state.consecutive_short_all_in_amounts.clear()


def cards_needed(players: int) -> int:
    """Cards a hand of ``players`` players may use: five each and up to ``MAX_DISCARDS`` replacements each."""
    return (HAND_SIZE + MAX_DISCARDS) * players


def _spans(actions: Sequence[int]) -> str:
    parts, start = [], None
    for k, a in enumerate(actions):
        start = a if start is None else start
        if k + 1 == len(actions) or actions[k + 1] != a + 1:
            parts.append(str(a) if a == start else f"{start}-{a}")
            start = None
    return ", ".join(parts)


class DrawHand(PokerKitHand):
    """One hand (D1–D8) on a PokerKit ``State``: the deal, the seats' flat actions (betting and the
    draw), the deal of the replacements and the showdown.

    ``stacks``: chips per seat before the hand (0: not at the table, not dealt in); ``button``: the
    button's seat, which must have chips; ``deck``: at least ``cards_needed(players)`` distinct cards
    0..51 (the module's deal). ``ValueError`` for fewer than two players with chips, a button without
    chips or a bad deck (``sniper.games.poker52.hand.PokerKitHand``).

    Attributes besides the base's: ``holes`` (seat → the five cards it was dealt), ``cards`` (seat →
    the cards it holds now, in order: its kept cards, then the replacements), ``discards`` and
    ``drawn_cards`` (seat → the cards it discarded and was dealt at the draw), ``drawn`` (seat → how
    many, set when it discards), ``street`` (``STREETS``).
    """

    cards_needed = staticmethod(cards_needed)

    def __init__(self, stacks: Sequence[int], button: int, deck: Sequence[int]) -> None:
        super().__init__(stacks, button, deck)
        n = len(self.order)
        self.holes = {seat: tuple(self.deck[HAND_SIZE * k : HAND_SIZE * (k + 1)]) for k, seat in enumerate(self.order)}
        self.cards = {seat: list(hole) for seat, hole in self.holes.items()}
        self.discards: dict[int, tuple[int, ...]] = {}
        self.drawn_cards: dict[int, tuple[int, ...]] = {}
        self.drawn: dict[int, int] = {}
        self._next_card = HAND_SIZE * n
        self.street = FIRST
        self.state = State(
            AUTOMATIONS,
            Deck.STANDARD,
            (StandardHighHand,),
            PK_STREETS,
            BettingStructure.FIXED_LIMIT,
            True,
            ANTE,
            0,
            0,
            tuple(stacks[s] for s in self.order),
            n,
            mode=Mode.TOURNAMENT,
        )
        for i, seat in enumerate(self.order):
            self.state.deal_hole(pk_cards(self.holes[seat]), i)
        self._round = FIRST
        self._acted: set[int] = set()
        self._shorts: list[int] = []
        self._largest = 0
        self._advance()

    # ----- where the hand stands ---------------------------------------------------------------

    def raise_to(self) -> int | None:
        """The actor's total bet of the round after ``BET_RAISE`` (the fixed amount above the highest
        bet, or its whole stack when that is less, D3, D8), ``None`` when it may not bet or raise (the
        cap, a short all-in it may only call (D8, ``_reopened``), everyone else all-in, the draw, or
        nobody to act)."""
        if self.street == DRAW or self.done or not self._reopened():
            return None
        return self.state.min_completion_betting_or_raising_to_amount

    def full_bet(self) -> int:
        """The smallest bet or raise (chips above the largest bet) that counts as full in the current
        round: half the fixed amount, rounded up (D8)."""
        return (self.bet_size() + 1) // 2

    def _reopened(self) -> bool:
        """Whether the actor may bet or raise as far as D8 goes (module docstring): not when the call is
        less than the round's largest raise, at most a full one (a short all-in is not raised), nor when
        it has acted since the last full bet or raise and the all-ins since then add up to less than a
        full one. The numba equivalent is ``kernels.draw.betting.raise_to_nb``."""
        i, full = self.state.actor_index, self.full_bet()
        if i is None:
            return False
        self._new_round()
        owed = min(max(self.state.bets) - self.state.bets[i], self.state.stacks[i])
        if owed < min(self._largest, full):
            return False
        return not (self._shorts and sum(self._shorts) < full and i in self._acted)

    def _new_round(self) -> None:
        """Start our D8 count afresh when a new betting round has begun."""
        if self.street != self._round:
            self._round, self._largest = self.street, 0
            self._acted.clear()
            self._shorts.clear()

    def _count(self, i: int, raised_by: int | None) -> None:
        """Our D8 count after PokerKit player ``i``'s betting action: ``raised_by`` the chips its bet or
        raise put above the largest bet (``None`` for a fold, check or call). A full bet or raise clears
        who has acted; an all-in adds to the short all-ins in a row, cleared once they add up to a
        full bet; then PokerKit's own count is cleared (``open_betting``)."""
        if raised_by is not None:
            if raised_by >= self.full_bet():
                self._acted.clear()
            self._largest = max(self._largest, raised_by)
            if self.state.stacks[i] > 0:
                self._shorts.clear()
            else:
                self._shorts.append(raised_by)
            if sum(self._shorts) >= self.full_bet():
                self._shorts.clear()
        self._acted.add(i)
        open_betting(self.state)

    def raises(self) -> int:
        """Bets and raises made in the current betting round (D3: at most ``CAP``); 0 at the draw."""
        return 0 if self.street == DRAW or self.done else self.state.completion_betting_or_raising_count

    def bet_size(self) -> int:
        """The fixed bet and raise of the current (at the draw: the coming) round, chips (D3)."""
        return BET_SIZES[0] if self.street == FIRST else BET_SIZES[1]

    def legal_actions(self) -> tuple[int, ...]:
        """The actor's legal flat actions, sorted (module docstring); ``()`` when nobody is to act."""
        seat = self.actor
        if seat is None:
            return ()
        if self.street == DRAW:
            return DISCARDS
        head = (FOLD, CHECK_CALL) if self.to_call(seat) > 0 else (CHECK_CALL,)
        return head + ((BET_RAISE,) if self.raise_to() is not None else ())

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` (an ``int``) is in ``legal_actions()``."""
        seat = self.actor
        if seat is None or isinstance(action, bool) or not isinstance(action, int):
            return False
        if self.street == DRAW:
            return DISCARD <= action < DEAL and (action - DISCARD).bit_count() <= MAX_DISCARDS
        if action == FOLD:
            return self.to_call(seat) > 0
        return action == CHECK_CALL or (action == BET_RAISE and self.raise_to() is not None)

    def legal_text(self) -> str:
        """The legal actions as people read them ("0, 1, 2"; at the draw "3-17, 19-25, 27-29, 31
        (discard masks of 0-3 cards, D5)"), for error messages."""
        legal = self.legal_actions()
        if not legal:
            return "none (the hand is over)"
        if self.street == DRAW:
            return f"{_spans(legal)} (discard masks of 0-{MAX_DISCARDS} cards, D5)"
        return ", ".join(map(str, legal))

    # ----- playing -----------------------------------------------------------------------------

    def act(self, action: int) -> ActionRecord:
        """Apply the actor's flat ``action`` and return its record; the deal of the replacements and the
        showdown (D7) follow on their own. ``ValueError`` naming the action if it is not legal (a draw
        of more than ``MAX_DISCARDS`` cards is refused here, PokerKit would take it; nothing changes)."""
        if not self.is_legal(action):
            seat = self.actor
            why = ""
            if seat is not None and self.street == DRAW and DISCARD <= action < DEAL:
                why = f" (it discards {(action - DISCARD).bit_count()} cards, at most {MAX_DISCARDS}, D5)"
            raise ValueError(f"action {action!r} is not legal now{why}; legal: {self.legal_text()}")
        state, seat, street = self.state, self.actor, self.street
        i, before = self._index[seat], state.total_pot_amount
        bet = state.bets[i]
        amount = 0
        if street == DRAW:
            hand = self.cards[seat]
            gone = tuple(hand[j] for j in positions(action))
            state.stand_pat_or_discard(pk_cards(gone))
            self.cards[seat] = [c for c in hand if c not in gone]
            self.discards[seat] = gone
            self.drawn[seat] = len(gone)
            self.drawn_cards[seat] = ()
        else:
            self._new_round()
            top, raised_by = max(state.bets), None
            if action == FOLD:
                self._fold(seat)
            elif action == CHECK_CALL:
                amount = state.check_or_call().amount
            else:
                to = state.min_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(to)
                amount, raised_by = to - bet, to - top
            self._count(i, raised_by)
        record = ActionRecord(seat, street, action, amount, bet + amount, before + amount)
        self.actions.append(record)
        self._advance()
        return record

    def _showdown_cards(self, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``seat``'s five cards (no board) for the showdown (D7)."""
        return tuple(self.cards[seat]), ()

    def _advance(self) -> None:
        """Deal the replacements once every player still in has discarded (module docstring), note the
        street, and settle the hand when PokerKit is done."""
        state = self.state
        if state.status and state.actor_index is None and state.stand_patter_or_discarder_index is None:
            if state.hole_dealee_index is None:
                raise AssertionError("PokerKit waits for an operation this engine does not make")
            for i, seat in enumerate(self.order):
                k = len(state.hole_dealing_statuses[i])
                if k:
                    new = self.deck[self._next_card : self._next_card + k]
                    self._next_card += k
                    state.deal_hole(pk_cards(new), i)
                    self.cards[seat].extend(new)
                    self.drawn_cards[seat] = new
        if state.status:
            if state.stand_patter_or_discarder_index is not None:
                self.street = DRAW
            elif state.actor_index is not None:
                self.street = FIRST if state.street_index == 0 else SECOND
            else:
                raise AssertionError("PokerKit waits for an operation this engine does not make")
        else:
            self._settle()
