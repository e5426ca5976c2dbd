"""What the table server needs of a 52-card betting game (no-limit Hold'em, five-card draw): the parts they share.

``PokerServed`` is the ``sniper.core.served.ServedGame`` part common to the games played on a
``sniper.games.poker52.table.PokerKitTable``: a seat's view starts from the game's own observation
(``table.observe(seat)``, the one place H11 and D10 are decided) with the public facts of the hand (who is to act,
its actions with their chips, the pots) and, once the hand is over, its result: chips won and, only when two or more
players were still in at the end (a showdown, H9, D7), the cards of those players and the names of their hands
(folded hands and a pot won by folds show nothing). The betting messages are ``act`` {turn, action, amount}:
``fold``, ``check``, ``call``, ``bet`` or ``raise`` (with ``amount``, the seat's total bet *to*), ``all-in``; a
timeout checks if possible and folds if chips are owed (R11's rule, shared by the games).
"""

from sniper.core.served import ServedGame
from sniper.games.poker52.cards import text
from sniper.games.poker52.hand import PokerKitHand
from sniper.games.poker52.history import hand_name

FOLD, CHECK_CALL = 0, 1
"""The two flat actions every 52-card betting game numbers alike (``holdem.engine``, ``draw.engine``)."""
BETTING = ("fold", "check", "call", "bet", "raise", "all-in")
"""The betting names of ``act`` messages (docs/serve-protocol.md)."""


def cards(values) -> list[str]:
    """Cards (``poker52`` integers) as their two-character names, e.g. ``["Ah", "Td"]``."""
    return [text(int(c)) for c in values]


def betting_names(legal, to_call: int, can_raise: bool, opened: bool) -> list[str]:
    """The betting names legal now for a seat whose flat legal actions are ``legal``: ``fold``, ``check`` or
    ``call``, and ``bet`` (nothing bet yet this round, ``opened`` False) or ``raise`` with ``all-in`` when it may
    bet or raise.

    >>> betting_names((0, 1, 4), 2, True, True), betting_names((1,), 0, False, False)
    (['fold', 'call', 'raise', 'all-in'], ['check'])
    """
    names = ["fold"] if FOLD in legal else []
    if CHECK_CALL in legal:
        names.append("call" if to_call > 0 else "check")
    if can_raise:
        names += ["raise" if opened else "bet", "all-in"]
    return names


class PokerServed(ServedGame):
    """The server's part shared by the PokerKit games (module docstring); a game's subclass writes ``view``
    (calling ``hand_view``), ``raise_action`` and, for moves other than betting, ``move``."""

    LEVELS = ("random", "easy", "normal", "hard")
    MOVES = ("act",)
    PRIVATE = ("to_call", "legal")

    def hand_view(self, seat: int, hand: int, obs, street: str) -> dict:
        """The facts every 52-card game's view holds: from ``obs`` (the game's observation of ``seat``) the
        button, stacks, bets, pot, who is in and what the seat owes; the public actions with their chips; who is to
        act; ``street`` the street's name; ``result`` once the hand is over (``result``)."""
        state: PokerKitHand = self.table.hand
        acting = state.actor if not state.done else None
        return {
            "hand": hand,
            "button": obs.button,
            "street": street,
            "stacks": list(obs.stacks),
            "bets": list(obs.bets),
            "pot": obs.pot,
            "pots": [] if state.done else [int(p.amount) for p in state.state.pots],
            "in_hand": list(obs.in_hand),
            "dealt_in": [s in state.order for s in range(state.seats)],
            "to_call": obs.to_call,
            "to_act": acting,
            "actions": [self.action_entry(a) for a in state.actions],
            "legal": self.legal_names(obs) if obs.legal else [],
            "result": self.result(state) if state.done else None,
        }

    def legal_names(self, obs) -> list[str]:
        """The betting names legal for the observed seat now (``betting_names``)."""
        return betting_names(obs.legal, obs.to_call, self.raise_action(obs, "all-in") is not None, max(obs.bets) > 0)

    def action_entry(self, record) -> dict:
        """A public action of the hand (a ``poker52.hand.ActionRecord``): seat, street, its name (fold, check,
        call, or raise: a bet or raise to ``to``), the chips it put in and the seat's bet of the round after it."""
        if record.action == FOLD:
            name = "fold"
        elif record.action == CHECK_CALL:
            name = "call" if record.amount > 0 else "check"
        else:
            name = "raise"
        return {"seat": record.seat, "street": record.street, "action": name, "chips": record.amount, "to": record.to}

    def result(self, state: PokerKitHand) -> dict:
        """A finished hand's result, for every seat: stacks after, chips won (+) or lost (-), the winners and, after
        a showdown only (H9, D7), each seat still in with its cards and the name of its hand."""
        shown = []
        if state.showdown:
            for seat in state.order:
                if state.in_hand()[seat]:
                    private, board = state._showdown_cards(seat)
                    shown.append({"seat": seat, "cards": cards(private), "name": hand_name((*private, *board))})
        return {
            "stacks": list(state.stacks_after),
            "winnings": list(state.winnings),
            "winners": [s for s, w in enumerate(state.winnings) if w > 0],
            "showdown": shown,
        }

    def raise_action(self, obs, name: str, amount: object = None) -> int | None:
        """The flat action of a ``bet``/``raise`` to ``amount`` or of ``all-in``, ``None`` if not legal now."""
        raise NotImplementedError

    @classmethod
    def message_of(cls, obs, action: int) -> dict:
        """The ``act`` message of the flat ``action``: ``fold``, ``check`` or ``call``, else ``raise_message``."""
        if action == FOLD:
            return {"type": "act", "action": "fold"}
        if action == CHECK_CALL:
            return {"type": "act", "action": "call" if obs.to_call > 0 else "check"}
        return cls.raise_message(obs, action)

    @classmethod
    def raise_message(cls, obs, action: int) -> dict:
        """The message of a flat action other than fold and check/call (a bet or raise, a game's other move)."""
        raise NotImplementedError

    def betting_move(self, seat: int, message: dict) -> int | str:
        """An ``act`` message's flat action (module docstring), or why not."""
        obs = self.table.observe(seat)
        name = message.get("action")
        if not isinstance(name, str) or name not in BETTING:
            return f"unknown action; valid: {', '.join(BETTING)}"
        if name in ("bet", "raise", "all-in"):
            action = self.raise_action(obs, name, message.get("amount"))
            if action is None and name == "all-in" and CHECK_CALL in obs.legal and obs.to_call >= obs.stacks[seat]:
                action = CHECK_CALL  # calling puts the whole stack in
        elif name == "fold":
            action = FOLD if FOLD in obs.legal else None
        else:
            action = CHECK_CALL if (name == "call") == (obs.to_call > 0) else None
        if action is None or action not in obs.legal:
            return f"{name} is not legal now; legal: {', '.join(self.legal_names(obs))}"
        return action

    def move(self, seat: int, message: dict) -> int | str:
        """The betting message of ``seat`` (``betting_move``)."""
        return self.betting_move(seat, message)

    def timeout(self, seat: int) -> tuple[int, str]:
        """Check if possible, else fold (R11's rule)."""
        obs = self.table.observe(seat)
        return (CHECK_CALL, "check") if obs.to_call == 0 else (FOLD, "fold")
