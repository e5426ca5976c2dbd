"""What a Sniper Hold'em AI may see (R10): the ``Observation`` the engine builds from the public state and the
seat's own private cards, and the actions of the snipe round (``SNIPE_ACTIONS``). The agents:
``sniper.games.sniper_holdem.agents``.
"""

from dataclasses import dataclass

from kernels.sniper_holdem.codes import N_SNIPES, PASS, Act
from sniper.games.sniper_holdem.engine import BetRecord, HandState, Phase, SnipeRecord


@dataclass(frozen=True)
class Observation:
    """Everything an AI may use to decide (R10), nothing more.

    Per-seat tuples have one entry per seat of the table; chips are integers. ``private`` holds
    the seat's two private cards (empty for a seat not dealt in, R2); ``board`` the community cards
    face up (2 or 4, ``HandState.visible``). ``legal`` lists the legal betting actions, sorted (empty in
    the snipe round). ``snipes`` are the snipe-round turns so far, public as soon as made (R7).
    """

    seat: int
    private: tuple[int, ...]
    board: tuple[int, ...]
    first: int
    stacks: tuple[int, ...]
    committed: tuple[int, ...]
    round_put: tuple[int, ...]
    folded: tuple[bool, ...]
    cap: int
    pot: int
    round: int
    legal: tuple[Act, ...]
    bets: tuple[BetRecord, ...]
    snipes: tuple[SnipeRecord, ...]

    @classmethod
    def of(cls, state: HandState, seat: int) -> "Observation":
        """What ``seat`` sees of ``state`` (R10): its own cards, the face-up board, public history.

        The one truth of what a seat may see, and what the table state's ``observe(seat)`` returns
        (``sniper.games.sniper_holdem.table.SniperTable``): the agents' decisions
        (``sniper.games.sniper_holdem.play.seat_action``
        and the server's AI seats, through ``observe``), the server's views
        (``sniper.games.sniper_holdem.views.hand_view``, which the bot side turns back into this,
        ``sniper.serve.bot.observation_of``) and the env's observations
        (``sniper.games.sniper_holdem.env.seat_observation``) are all built from it. Any seat of the table, at any
        point of the hand (a seat not dealt in has no private cards)."""
        return cls(
            seat=seat,
            private=tuple(state.private.get(seat, ())),
            board=tuple(state.board[: state.visible]),
            first=state.first,
            stacks=tuple(state.stacks),
            committed=tuple(state.committed),
            round_put=tuple(state.round_put),
            folded=tuple(state.folded),
            cap=state.cap,
            pot=state.pot,
            round=int(state.phase),
            legal=state.legal_actions() if state.actor == seat else (),
            bets=tuple(state.bets),
            snipes=tuple(state.snipes),
        )

    @property
    def owed(self) -> int:
        """Chips this seat must put in to call (R6)."""
        return max(self.round_put) - self.round_put[self.seat]

    @property
    def sniping(self) -> bool:
        """Whether this is a snipe-round observation (R7): the decision is a snipe code or ``PASS``."""
        return self.round == Phase.SNIPE

    @property
    def actions(self) -> tuple[int, ...]:
        """The decision's legal actions as an agent returns them: ``legal`` in a betting round (R6);
        ``PASS`` and the 60 snipe codes in the snipe round, where any name may be named (R7)."""
        return SNIPE_ACTIONS if self.sniping else tuple(self.legal)


SNIPE_ACTIONS = (PASS, *range(N_SNIPES))
"""What an agent may return at the snipe round (R7): ``PASS`` or any snipe code, repeats and its own hand included."""
