"""What the table server needs of five-card draw (``sniper.core.served.ServedGame``; ``GameSpec.served``).

A seat is sent its ``DrawTable.observe`` (D10: its own five cards in the order it holds them, its own discards,
how many cards each player drew, stacks, bets, the pot, the round's fixed bet) with the hand's public facts
(``sniper.games.poker52.served.PokerServed``) and after a showdown the hands shown (D7). It bets with ``act``
{turn, action}: ``fold``, ``check``, ``call``, ``bet``, ``raise`` (the round's fixed amount, D3, or all-in for less,
D8; ``amount``, if given, must be the seat's bet after it); it draws with ``draw`` {turn, discard}: the positions
(0–4, in the order of its ``cards``) of 0 to 3 distinct cards to discard (D5; ``[]`` stands pat). A timeout checks
or folds, and at the draw stands pat. AI seats: ``random``, ``easy``, ``normal``, ``hard`` (D11).
"""

from sniper.core.served import whole_number
from sniper.games.draw.actions import BET_RAISE, DISCARD, DRAW, STREETS, discard_action
from sniper.games.draw.observation import DrawObservation
from sniper.games.draw.rules import CAP, HAND_SIZE, MAX_DISCARDS
from sniper.games.poker52.served import PokerServed, cards


class DrawServed(PokerServed):
    """Five-card draw at the server (module docstring): ``table`` a ``sniper.games.draw.table.DrawTable``."""

    PAGE = "draw.html"
    MOVES = ("act", "draw")
    PRIVATE = (*PokerServed.PRIVATE, "cards", "discarded", "raise_to")
    OBSERVATION = DrawObservation

    def kind(self, seat: int) -> str:
        """``draw`` at the draw (D5), else ``act``."""
        return "draw" if self.table.hand.street == DRAW else "act"

    def view(self, seat: int, hand: int) -> dict | None:
        """The hand as ``seat`` may know it (D10, D7), ``None`` before the first deal."""
        if self.table.hand is None:
            return None
        obs = self.table.observe(seat)
        view = self.hand_view(seat, hand, obs, STREETS[obs.street])
        view.update(
            cards=cards(obs.cards),
            discarded=cards(obs.discarded),
            drawn=list(obs.drawn),
            bet_size=obs.bet_size,
            raises=obs.raises,
            cap=CAP,
            raise_to=obs.raise_to,
            max_discards=MAX_DISCARDS,
        )
        return view

    def action_entry(self, record) -> dict:
        """A public action: a betting action as ``PokerServed.action_entry``; a draw as ``draw`` with the number of
        cards drawn (D5: public), never which positions or cards."""
        if record.street != DRAW:
            return super().action_entry(record)
        count = (record.action - discard_action(0)).bit_count()
        return {"seat": record.seat, "street": record.street, "action": "draw", "cards": count}

    def legal_names(self, obs) -> list[str]:
        """``draw`` at the draw; else the betting names without ``all-in`` (a fixed-limit bet or raise is the
        round's amount, or all-in for less by itself, D8)."""
        if obs.street == DRAW:
            return ["draw"]
        return [name for name in super().legal_names(obs) if name != "all-in"]

    def raise_action(self, obs, name: str, amount: object = None) -> int | None:
        """``bet``/``raise``: the fixed bet or raise (``BET_RAISE``) when legal, its ``amount`` if given the seat's bet
        after it (``raise_to``); ``None`` otherwise (``all-in`` is a call or a raise that takes the whole stack)."""
        if obs.raise_to is None or (amount is not None and (not whole_number(amount) or amount != obs.raise_to)):
            return None
        if name == "all-in":
            return BET_RAISE if obs.raise_to >= obs.stacks[obs.seat] + obs.bets[obs.seat] else None
        return BET_RAISE

    def move(self, seat: int, message: dict) -> int | str:
        """A ``draw`` message at the draw, else a betting message (``act``)."""
        if self.kind(seat) == "act":
            return self.betting_move(seat, message)
        discard = message.get("discard")
        ok = isinstance(discard, list) and len(discard) <= MAX_DISCARDS
        ok = ok and all(whole_number(p) and 0 <= p < HAND_SIZE for p in discard) and len(set(discard)) == len(discard)
        if not ok:
            return f"discard must list 0 to {MAX_DISCARDS} distinct card positions 0-{HAND_SIZE - 1}"
        return discard_action(sum(1 << p for p in discard))

    def timeout(self, seat: int) -> tuple[int, str]:
        """At the draw: stand pat; else check if possible, fold if chips are owed."""
        if self.table.hand.street == DRAW:
            return discard_action(0), "stand pat"
        return super().timeout(seat)

    @classmethod
    def raise_message(cls, obs, action: int) -> dict:
        """``bet``/``raise`` for ``BET_RAISE``; a discard action as ``draw`` with the positions of its mask (D5)."""
        if action == BET_RAISE:
            return {"type": "act", "action": "raise" if max(obs.bets) > 0 else "bet"}
        mask = action - DISCARD
        return {"type": "draw", "discard": [p for p in range(HAND_SIZE) if mask >> p & 1]}
