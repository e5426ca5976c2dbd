"""The reference engine: one hand of Sniper Hold'em as a state machine (R2–R8).

It reads like the rules and is the truth the kernels are cross-checked against. In the style of
PokerKit, every move comes as a triad: ``verify_x`` raises ``ValueError`` with the reason,
``can_x`` returns a bool, and ``x`` applies it and returns a frozen record of what happened.

A hand runs: ante and deal (R4.1–2) → betting round 1 → two more board cards → betting round 2 →
snipe round (R7) → showdown (R8). It ends at once when all but one player fold (R4). When nobody
can still act with effect, the rest of the betting is skipped (R6).
"""

from dataclasses import dataclass, field
from enum import IntEnum

from kernels.sniper_holdem.codes import N_SNIPES, PASS, RAISE_STEPS, Act
from sniper.games.sniper_holdem.hands import Snipe
from sniper.games.sniper_holdem.showdown import ShowdownResult, betting_order, showdown


class Phase(IntEnum):
    """Where a hand stands (R4)."""

    BETTING_1 = 1
    BETTING_2 = 2
    SNIPE = 3
    DONE = 4


@dataclass(frozen=True)
class BetRecord:
    """One betting action: who, what, how many chips it put in, in which round (R6).

    ``level_after`` is B, the round's betting level, after the action, and ``cap`` the cap C in
    force when the seat acted (R5), both in chips.
    """

    seat: int
    action: Act
    chips: int
    round: int
    level_after: int = 0
    cap: int = 0


@dataclass(frozen=True)
class SnipeRecord:
    """One turn of the snipe round (R7): ``code`` is a snipe code 0..59 or ``PASS`` (-1)."""

    seat: int
    code: int

    @property
    def snipe(self) -> Snipe | None:
        """The named snipe, or ``None`` for a pass."""
        return None if self.code == PASS else Snipe.from_code(self.code)


@dataclass
class HandState:
    """The state of one hand (R4–R8), from the ante to the payout.

    ``stacks`` are every seat's chips before the ante (0 = out, not dealt in; R2). ``in_play``
    marks the seats dealt in (default: every seat with chips). ``private`` maps each seat dealt
    in to its two private cards and ``board`` holds all four community cards, of which
    ``visible`` are face up: 2 after the deal, 4 once betting round 2 begins or the betting is
    skipped (R4, R6); a hand won by folds in round 1 ends with 2, the last two never turned (R4,
    R10). Chips are integers. Raises ``ValueError`` when fewer than two seats
    are dealt in or a seat dealt in has no chips or no cards.
    """

    stacks: tuple[int, ...]
    first: int
    private: dict[int, tuple[int, int]]
    board: tuple[int, ...]
    rules: str = "ours"
    in_play: tuple[bool, ...] | None = None
    phase: Phase = field(init=False)
    folded: list[bool] = field(init=False)
    committed: list[int] = field(init=False)
    round_put: list[int] = field(init=False)
    acted: set[int] = field(init=False)
    actor: int | None = field(init=False)
    betting_skipped: bool = field(init=False)
    visible: int = field(init=False)
    bets: list[BetRecord] = field(init=False)
    snipes: list[SnipeRecord] = field(init=False)
    result: ShowdownResult | None = field(init=False)
    payout: tuple[int, ...] | None = field(init=False)

    def __post_init__(self) -> None:
        n = len(self.stacks)
        if self.in_play is None:
            self.in_play = tuple(s > 0 for s in self.stacks)
        dealt = [seat for seat in range(n) if self.in_play[seat]]
        if len(dealt) < 2:
            raise ValueError("a hand needs at least two players with chips (R2)")
        for seat in dealt:
            if self.stacks[seat] <= 0 or seat not in self.private:
                raise ValueError(f"seat {seat} is dealt in but has no chips or no cards")
        self.folded = [not self.in_play[seat] for seat in range(n)]
        self.committed = [1 if self.in_play[seat] else 0 for seat in range(n)]
        self.round_put = [0] * n
        self.bets, self.snipes = [], []
        self.result, self.payout = None, None
        self.betting_skipped = False
        self.visible = 2
        self._begin_round(Phase.BETTING_1)

    # ----- facts derived from the state (R3, R5, R6) -----------------------------------------

    @property
    def n_seats(self) -> int:
        """Seats at the table, including those out of the hand."""
        return len(self.stacks)

    @property
    def live(self) -> list[int]:
        """Seats still in the hand (dealt in, not folded), in betting order from the first (R3)."""
        seats = [seat for seat in range(self.n_seats) if not self.folded[seat]]
        return betting_order(self.first, seats, self.n_seats)

    @property
    def cap(self) -> int:
        """The cap C: the smallest stack before the ante among players still in (R5), chips."""
        return min(self.stacks[seat] for seat in self.live)

    @property
    def pot(self) -> int:
        """All chips put in this hand, antes included (R4), chips."""
        return sum(self.committed)

    @property
    def level(self) -> int:
        """B, the most any player has put in this betting round (R6), chips."""
        return max(self.round_put)

    def at_cap(self, seat: int) -> bool:
        """Whether the seat's commitment equals the cap, so it takes no betting action (R5)."""
        return self.committed[seat] == self.cap

    def owed(self, seat: int) -> int:
        """Chips the seat must put in to call: ``B - r[p]`` (R6)."""
        return self.level - self.round_put[seat]

    def _no_one_can_act(self) -> bool:
        """The skip rule of R6: everyone in is at the cap, or all but one and that one owes nothing."""
        below = [seat for seat in self.live if not self.at_cap(seat)]
        return not below or (len(below) == 1 and self.owed(below[0]) == 0)

    def _needs_to_act(self, seat: int) -> bool:
        """Below the cap and either not acted since the last bet or raise or not matched B (R6)."""
        return not self.at_cap(seat) and (seat not in self.acted or self.owed(seat) > 0)

    # ----- betting (R6) ----------------------------------------------------------------------

    def chips_for(self, action: Act) -> int:
        """Chips the actor would put in with ``action`` (R6), whether or not it is legal."""
        seat = self._actor_or_raise()
        if action == Act.FOLD or action == Act.CHECK:
            return 0
        if action == Act.CALL:
            return self.owed(seat)
        if action == Act.ALL_IN:
            return self.cap - self.committed[seat]
        return self.level + RAISE_STEPS[action - Act.RAISE_1] - self.round_put[seat]

    def legal_actions(self) -> tuple[Act, ...]:
        """The actor's legal betting actions, sorted by action id (R6); empty if no one acts.

        Fold and call need chips owed; check needs none. A +k step is legal while the commitment
        stays at or below the cap, and one reaching the cap exactly *is* the all-in; the all-in
        is legal when it puts in more than a call.
        """
        if self.actor is None:
            return ()
        seat = self.actor
        owed = self.owed(seat)
        all_in = self.cap - self.committed[seat]
        actions = [Act.FOLD, Act.CALL] if owed > 0 else [Act.CHECK]
        actions += [a for a in (Act.RAISE_1, Act.RAISE_3, Act.RAISE_5) if self.chips_for(a) < all_in]
        if all_in > owed:
            actions.append(Act.ALL_IN)
        return tuple(sorted(actions))

    def verify_action(self, action: Act) -> None:
        """Raise ``ValueError`` with the reason if ``action`` is not legal now (R6)."""
        if self.actor is None:
            raise ValueError(f"no betting action is possible in phase {self.phase.name}")
        if action not in self.legal_actions():
            legal = ", ".join(a.name for a in self.legal_actions())
            raise ValueError(f"{Act(action).name} is not legal for seat {self.actor}; legal: {legal}")

    def can_act(self, action: Act) -> bool:
        """Whether ``action`` is legal now (R6)."""
        try:
            self.verify_action(action)
        except ValueError:
            return False
        return True

    def act(self, action: Act) -> BetRecord:
        """Apply the actor's betting ``action`` and move the hand on (R5, R6); raises ``ValueError``."""
        self.verify_action(action)
        seat, action = self._actor_or_raise(), Act(action)
        chips = self.chips_for(action)
        level_after = max(self.level, self.round_put[seat] + chips)
        record = BetRecord(seat, action, chips, int(self.phase), level_after, self.cap)
        self.bets.append(record)
        if action == Act.FOLD:
            self.folded[seat] = True
            if len(self.live) == 1:
                self._finish_uncontested()
                return record
        else:
            raises = self.round_put[seat] + chips > self.level
            self.round_put[seat] += chips
            self.committed[seat] += chips
            if raises:
                self.acted = set()
        self.acted.add(seat)
        self._advance(seat)
        return record

    def _actor_or_raise(self) -> int:
        if self.actor is None:
            raise ValueError(f"no betting action is possible in phase {self.phase.name}")
        return self.actor

    def _begin_round(self, phase: Phase) -> None:
        self.phase = phase
        if phase == Phase.BETTING_2:
            self.visible = 4
        self.round_put = [0] * self.n_seats
        self.acted = set()
        self.actor = None
        if self._no_one_can_act():
            self.betting_skipped = True
            self._begin_snipes()
            return
        self.actor = self._next_actor(after=(self.first - 1) % self.n_seats)
        if self.actor is None:
            self._end_round()

    def _advance(self, seat: int) -> None:
        if self._no_one_can_act():
            self.betting_skipped = True
            self._begin_snipes()
            return
        self.actor = self._next_actor(after=seat)
        if self.actor is None:
            self._end_round()

    def _next_actor(self, after: int) -> int | None:
        for step in range(1, self.n_seats + 1):
            seat = (after + step) % self.n_seats
            if not self.folded[seat] and self._needs_to_act(seat):
                return seat
        return None

    def _end_round(self) -> None:
        if self.phase == Phase.BETTING_1:
            self._begin_round(Phase.BETTING_2)
        else:
            self._begin_snipes()

    # ----- snipe round (R7) --------------------------------------------------------------------

    def _begin_snipes(self) -> None:
        self.phase = Phase.SNIPE
        self.visible = 4
        self.actor = None
        self._snipe_order = self.live

    @property
    def sniper(self) -> int | None:
        """The seat whose turn it is in the snipe round, or ``None`` (R7)."""
        if self.phase != Phase.SNIPE:
            return None
        return self._snipe_order[len(self.snipes)]

    def verify_snipe(self, code: int) -> None:
        """Raise ``ValueError`` unless it is the snipe round and ``code`` is ``PASS`` or 0..59 (R7)."""
        if self.sniper is None:
            raise ValueError(f"no snipe is possible in phase {self.phase.name}")
        if code != PASS and not 0 <= code < N_SNIPES:
            raise ValueError(f"snipe code {code} is not PASS (-1) or 0..{N_SNIPES - 1}")

    def can_snipe(self, code: int) -> bool:
        """Whether ``code`` may be named now (R7): any name, repeats and one's own hand included."""
        try:
            self.verify_snipe(code)
        except ValueError:
            return False
        return True

    def snipe(self, code: int) -> SnipeRecord:
        """The sniper names snipe ``code`` (or passes with ``PASS``); the last turn settles the hand."""
        self.verify_snipe(code)
        record = SnipeRecord(self.sniper, int(code))
        self.snipes.append(record)
        if len(self.snipes) == len(self._snipe_order):
            self._settle()
        return record

    # ----- end of the hand (R4, R8) ------------------------------------------------------------

    def _finish_uncontested(self) -> None:
        (winner,) = self.live
        self.payout = tuple(self.pot if seat == winner else 0 for seat in range(self.n_seats))
        self.phase, self.actor = Phase.DONE, None

    def _settle(self) -> None:
        named = [r.snipe for r in self.snipes if r.code != PASS]
        private = {seat: self.private[seat] for seat in self.live}
        self.result = showdown(self.board, private, named, self.pot, self.first, self.n_seats, self.rules)
        self.payout = self.result.payout
        self.phase = Phase.DONE

    @property
    def stacks_after(self) -> tuple[int, ...]:
        """Every seat's chips after the payout (R9); raises ``ValueError`` before the hand is done."""
        if self.payout is None:
            raise ValueError("the hand is not finished")
        return tuple(s - c + p for s, c, p in zip(self.stacks, self.committed, self.payout))

    def check_invariants(self) -> None:
        """Assert R5 and R9: no commitment above the cap, chips conserved, pot paid out whole."""
        live = self.live
        if len(live) >= 1:
            cap = self.cap
            assert all(self.committed[seat] <= cap for seat in live), "commitment above the cap (R5)"
        assert all(c <= s for c, s in zip(self.committed, self.stacks)), "commitment above a stack"
        if self.payout is not None:
            assert sum(self.payout) == self.pot, "pot not fully paid out (R8)"
            assert sum(self.stacks_after) == sum(self.stacks), "chips not conserved (R9)"
