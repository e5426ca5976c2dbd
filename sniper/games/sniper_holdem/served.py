"""What the table server needs of Sniper Hold'em (``sniper.core.served.ServedGame``; ``GameSpec.served``).

A seat is sent ``sniper.games.sniper_holdem.views.hand_view`` (R10, built on ``Observation.of``, the one place
R10 is written); it plays with ``act`` {turn, action} in a betting round and ``snipe`` {turn, code} in the snipe
round (docs/serve-protocol.md); running out of time checks if possible, folds if chips are owed and passes a
snipe (R11); the AI seats are the levels ``random``, ``easy``, ``normal``, ``hard`` with the kernel rollouts.
"""

from kernels.sniper_holdem.codes import PASS, Act
from sniper.core.served import ServedGame, whole_number
from sniper.games.sniper_holdem.engine import HandState, Phase
from sniper.games.sniper_holdem.history import HandHistory
from sniper.games.sniper_holdem.parameters import make_agent, parameter_vector
from sniper.games.sniper_holdem.views import ACTION_NAMES, ACTIONS_BY_NAME, SNIPE_NAMES, hand_view

AI_LEVELS = ("random", "easy", "normal", "hard")
"""AI levels that may fill empty seats (levels of ``sniper.games.sniper_holdem.parameters.LEVELS``, default
parameters; the ``-v1`` levels stay for reproducing old runs, not offered at the table). Listed in
docs/serve-protocol.md."""


def timeout_choice(state: HandState) -> int:
    """What running out of time does (R11): check if possible, fold if chips are owed, pass a snipe."""
    if state.phase == Phase.SNIPE:
        return PASS
    return Act.CHECK if state.can_act(Act.CHECK) else Act.FOLD


class SniperServed(ServedGame):
    """Sniper Hold'em at the server (module docstring): ``table`` a ``sniper.games.sniper_holdem.table.SniperTable``."""

    PAGE = "index.html"
    LEVELS = AI_LEVELS
    MOVES = ("act", "snipe")
    ROLLOUTS = True
    PRIVATE = ("private", "best", "legal", "options", "to_call")

    def kind(self, seat: int) -> str:
        """``snipe`` in the snipe round (R7), else ``act`` (R6)."""
        return "snipe" if self.table.hand.phase == Phase.SNIPE else "act"

    def view(self, seat: int, hand: int) -> dict | None:
        """``hand_view`` of the current hand for ``seat`` (R10; the last finished one once ``show_finished``),
        ``None`` before the first deal."""
        state = self.shown if self.shown is not None else self.table.hand
        return None if state is None else hand_view(state, seat, hand)

    def move(self, seat: int, message: dict) -> int | str:
        """``act`` {action: a name of ``ACTIONS_BY_NAME``} or ``snipe`` {code: -1 pass or 0..59}: the flat action,
        or why not."""
        state = self.table.hand
        if self.kind(seat) == "act":
            name = message.get("action")
            action = ACTIONS_BY_NAME.get(name) if isinstance(name, str) else None
            if action is None:
                return f"unknown action; valid: {', '.join(ACTIONS_BY_NAME)}"
            if not state.can_act(action):
                legal = ", ".join(ACTION_NAMES[a] for a in state.legal_actions())
                return f"{name} is not legal now; legal: {legal}"
            return self.table.action_of(action)
        code = message.get("code")
        if not whole_number(code) or not state.can_snipe(code):
            return f"code must be -1 (pass) or a snipe code 0..{len(SNIPE_NAMES) - 1}"
        return self.table.action_of(code)

    def timeout(self, seat: int) -> tuple[int, str]:
        """``timeout_choice`` (R11) as a flat action and its name."""
        state = self.table.hand
        choice = timeout_choice(state)
        if state.phase == Phase.SNIPE:
            name = "pass" if choice == PASS else SNIPE_NAMES[choice]
        else:
            name = ACTION_NAMES[choice]
        return self.table.action_of(choice), name

    def ai(self, seat: int, agent):
        """``agent.snipe`` in the snipe round, else ``agent.act``, on ``table.observe(seat)`` (R10)."""
        decide = agent.snipe if self.table.hand.phase == Phase.SNIPE else agent.act
        return decide, (self.table.observe(seat), self.table.stream())

    def ai_action(self, seat: int, choice: int) -> int:
        """The flat action of the agent's bet or snipe code (``SniperTable.action_of``)."""
        return self.table.action_of(choice)

    def make_ai(self, level: str):
        """The agent of ``level`` with the kernel rollouts (nothing process-wide is switched)."""
        return make_agent(level, rollouts="kernel")

    def vector(self, agent, level: str) -> dict:
        """``parameter_vector`` of the agent object the server built."""
        return parameter_vector(agent, level)

    def hand_history(self, index: int, hand: HandState, labels) -> str:
        """Hand ``index`` in PHH with this project's dialect for Sniper Hold'em (``HandHistory.to_phh``,
        docs/PHH.md); no seed (secret until the game is over, R13)."""
        return HandHistory.from_state(hand, 0, index, list(labels), None, hand.rules).to_phh()

    def finished(self) -> HandState:
        """The hand just ended, its invariants checked."""
        self.table.hand.check_invariants()
        return self.table.hand

    def scores(self) -> tuple[list[int], list[bool]]:
        """Chips and presence between hands (R9: a player with no chips leaves)."""
        return list(self.table.stacks), list(self.table.at_table)
