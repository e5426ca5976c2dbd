"""Agents: what an AI may see (R10), the one interface it implements, and the baseline levels.

An agent sees an ``Observation`` built by the engine from the public state and its own private
cards, and draws its randomness from a ``Stream`` keyed by (seed, game, hand, seat, decision)
(R13), so its choices replay exactly and can be reproduced by the kernels.
"""

from collections import Counter
from dataclasses import dataclass
from typing import Protocol

from kernels.codes import N_SNIPES, PASS, SNIPE_CODE, Act, Category
from sniper.engine import BetRecord, HandState, SnipeRecord
from sniper.hands import best_hand
from sniper.rng import Stream


@dataclass(frozen=True)
class Observation:
    """Everything an AI may use to decide (R10), nothing more.

    Per-seat tuples have one entry per seat of the table; chips are integers. ``board`` holds the
    face-up community cards (2 or 4). ``legal`` lists the legal betting actions, sorted (empty in
    the snipe round). ``snipes`` are the snipe-round turns so far, public as soon as made (R7).
    """

    seat: int
    private: tuple[int, int]
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
        """What ``seat`` sees of ``state`` (R10): its own cards, the face-up board, public history."""
        return cls(
            seat=seat,
            private=tuple(state.private[seat]),
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


class Agent(Protocol):
    """The one interface every AI implements (OpenSpiel's bot ``step``, split by decision kind).

    ``act`` returns one of ``obs.legal``; ``snipe`` returns a snipe code 0..59 or ``PASS``.
    Randomness comes only from ``stream`` (R13).
    """

    spec: str

    def act(self, obs: Observation, stream: Stream) -> Act: ...

    def snipe(self, obs: Observation, stream: Stream) -> int: ...


class RandomAgent:
    """``random``: uniform over the legal actions; snipes uniformly among the 60 names or passes.

    Each decision draws one integer: ``stream.integer(len(legal))`` picks the action;
    ``stream.integer(61)`` picks a snipe code, 60 meaning pass.
    """

    spec = "random"

    def act(self, obs: Observation, stream: Stream) -> Act:
        """A uniformly random legal action (R6)."""
        return obs.legal[stream.integer(len(obs.legal))]

    def snipe(self, obs: Observation, stream: Stream) -> int:
        """A uniformly random choice among the 60 names and passing (R7)."""
        code = stream.integer(N_SNIPES + 1)
        return PASS if code == N_SNIPES else code


def made_category(cards: tuple[int, ...]) -> Category:
    """Category of the best hand in 4 or 6 cards (R8); with 4 cards only sets and pairs count."""
    if len(cards) == 6:
        return best_hand(cards[:2], cards[2:]).category
    shape = sorted(Counter(cards).values(), reverse=True)
    if shape[0] == 4:
        return Category.FOUR_OF_A_KIND
    if shape[0] == 3:
        return Category.THREE_OF_A_KIND
    if shape[:2] == [2, 2]:
        return Category.TWO_PAIR
    return Category.ONE_PAIR if shape[0] == 2 else Category.HIGH_CARD


def board_category(board: tuple[int, ...]) -> Category:
    """Category the face-up board alone makes, counting only sets and pairs (R8)."""
    shape = sorted(Counter(board).values(), reverse=True)
    top = shape[0]
    if top >= 3:
        return Category.FOUR_OF_A_KIND if top == 4 else Category.THREE_OF_A_KIND
    if shape[:2] == [2, 2]:
        return Category.TWO_PAIR
    return Category.ONE_PAIR if top == 2 else Category.HIGH_CARD


def immediate_strength(private: tuple[int, int], board: tuple[int, ...]) -> Category:
    """The category of the player's own made hand, or high card when the board alone makes it."""
    category = made_category((*private, *board))
    return category if category > board_category(board) else Category.HIGH_CARD


def board_snipes(board: tuple[int, ...]) -> list[int]:
    """Snipe codes the four-card board makes most obvious, most obvious first (R7 strategy notes).

    A set on board → that four of a kind and full house; a pair on board (highest first) → that
    full house and three of a kind; four numbers in a row → the straight they complete (the
    higher one when both ends are open).
    """
    counts = Counter(board)
    names: list[tuple[Category, int]] = []
    for number, count in sorted(counts.items(), key=lambda nc: (nc[1], nc[0]), reverse=True):
        if count >= 3:
            names += [(Category.FOUR_OF_A_KIND, number), (Category.FULL_HOUSE, number)]
        elif count == 2:
            names += [(Category.FULL_HOUSE, number), (Category.THREE_OF_A_KIND, number)]
    low, high = min(board), max(board)
    if len(counts) == 4 and high - low == 3:
        names.append((Category.STRAIGHT, high + 1 if high < 10 else high))
    return [SNIPE_CODE[(int(c), t)] for c, t in names if (int(c), t) in SNIPE_CODE]


def choose_board_snipe(obs: Observation) -> int:
    """The first board snipe that is neither the agent's own hand nor already named, else pass."""
    own = best_hand(obs.private, obs.board)
    own_code = SNIPE_CODE.get((int(own.category), own.top), PASS)
    named = {r.code for r in obs.snipes}
    for code in board_snipes(obs.board):
        if code != own_code and code not in named:
            return code
    return PASS


def _prefer(obs: Observation, wanted: Act) -> Act:
    """``wanted`` if legal; otherwise the all-in if the wanted raise is past the cap, else call/check."""
    if wanted in obs.legal:
        return wanted
    if wanted >= Act.RAISE_1 and Act.ALL_IN in obs.legal:
        return Act.ALL_IN
    return Act.CALL if Act.CALL in obs.legal else Act.CHECK


@dataclass(frozen=True)
class EasyAgent:
    """``easy``: plays on immediate hand strength only, as the seeds' easy level (002, 004).

    Strength is the category of its own made hand (high card when the board alone makes it).
    Facing no bet it bets +1 with one pair, +3 with two pair, +5 with three of a kind or better;
    facing a bet it calls with a pair or better and raises +1 with three of a kind or better
    while the level is below ``raise_limit`` chips. With nothing it checks or folds, but bluffs a
    +1 bet or a call with probability ``bluff`` (one float drawn per decision). It snipes what the
    board makes most obvious (``board_snipes``), never its own hand or a name already made.
    """

    bluff: float = 0.05
    raise_limit: int = 6
    spec: str = "easy"

    def act(self, obs: Observation, stream: Stream) -> Act:
        """A betting action by immediate strength (R6)."""
        strength = immediate_strength(obs.private, obs.board)
        bluffing = stream.random() < self.bluff
        if obs.owed == 0:
            if strength >= Category.THREE_OF_A_KIND:
                return _prefer(obs, Act.RAISE_5)
            if strength == Category.TWO_PAIR:
                return _prefer(obs, Act.RAISE_3)
            if strength == Category.ONE_PAIR or bluffing:
                return _prefer(obs, Act.RAISE_1)
            return Act.CHECK
        if strength >= Category.THREE_OF_A_KIND and max(obs.round_put) < self.raise_limit:
            return _prefer(obs, Act.RAISE_1)
        if strength >= Category.ONE_PAIR or bluffing:
            return Act.CALL
        return Act.FOLD

    def snipe(self, obs: Observation, stream: Stream) -> int:
        """The most obvious board danger that is not its own hand (R7)."""
        return choose_board_snipe(obs)
