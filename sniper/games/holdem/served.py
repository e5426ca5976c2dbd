"""What the table server needs of no-limit Hold'em (``sniper.core.served.ServedGame``; ``GameSpec.served``).

A seat is sent its ``HoldemTable.observe`` (H11: its own two cards, the board dealt so far, stacks, bets, pot,
positions, the bet/raise range) with the hand's public facts (``sniper.games.poker52.served.PokerServed``): the
button and blinds, the side pots, the actions, and after a showdown the hands shown (H9). It plays with ``act``
{turn, action, amount}: ``bet``/``raise`` to ``amount`` chips (the seat's total bet of the round, between
``min_raise_to`` and ``max_raise_to``, H5, H6), ``all-in``, ``fold``, ``check``, ``call``. AI seats: ``random``,
``easy``, ``normal``, ``hard`` (H12).
"""

from sniper.core.served import whole_number
from sniper.games.holdem.engine import bet_action, bet_to
from sniper.games.holdem.observation import HoldemObservation
from sniper.games.holdem.play import blinds
from sniper.games.holdem.rules import STREETS
from sniper.games.poker52.served import PokerServed, cards


class HoldemServed(PokerServed):
    """No-limit Hold'em at the server (module docstring): ``table`` a ``sniper.games.holdem.table.HoldemTable``."""

    PAGE = "holdem.html"
    PRIVATE = (*PokerServed.PRIVATE, "hole", "min_raise_to", "max_raise_to")
    OBSERVATION = HoldemObservation

    def view(self, seat: int, hand: int) -> dict | None:
        """The hand as ``seat`` may know it (H11, H9), ``None`` before the first deal."""
        if self.table.hand is None:
            return None
        obs = self.table.observe(seat)
        state = self.table.hand
        view = self.hand_view(seat, hand, obs, STREETS[obs.street])
        view.update(
            hole=cards(obs.hole),
            board=cards(obs.board),
            blinds=[{"seat": s, "chips": chips} for s, chips in blinds(state.stacks_before, state.button).items()],
            big_blind=obs.big_blind,
            min_raise_to=obs.min_raise_to,
            max_raise_to=obs.max_raise_to,
        )
        return view

    def raise_action(self, obs, name: str, amount: object = None) -> int | None:
        """``all-in``: a raise to ``max_raise_to``; ``bet``/``raise``: to ``amount``, a whole number of chips
        within ``min_raise_to``..``max_raise_to`` (H5, H6); ``None`` when not legal now."""
        if obs.min_raise_to is None:
            return None
        if name == "all-in":
            return bet_action(obs.max_raise_to)
        if not whole_number(amount) or not obs.min_raise_to <= amount <= obs.max_raise_to:
            return None
        return bet_action(amount)

    @classmethod
    def raise_message(cls, obs, action: int) -> dict:
        """``bet`` (nothing bet yet this round) or ``raise`` to the action's chips (``bet_to``)."""
        return {"type": "act", "action": "raise" if max(obs.bets) > 0 else "bet", "amount": bet_to(action)}
