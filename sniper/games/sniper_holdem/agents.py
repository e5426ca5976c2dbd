"""Agents: what an AI may see (R10), the one interface it implements, and the baseline levels.

An agent sees an ``Observation`` built by the engine from the public state and its own private
cards, and draws its randomness from a ``Stream`` keyed by (seed, game, hand, seat, decision)
(R13), so its choices replay exactly and can be reproduced by the kernels.

What it sees: ``sniper.games.sniper_holdem.observation``; the snipe round's heuristics and the rollouts they and
the Monte Carlo levels run: ``sniper.games.sniper_holdem.snipes``.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from kernels.sniper_holdem.codes import Act, Category
from kernels.sniper_holdem.params import (
    EASY_DEFAULTS,
    NORMAL_DEFAULTS,
    RANDOM_DEFAULTS,
    SETTLE_BLOCK,
)
from sniper.core.policy import POLICY_KEYS, coin, over_streams, uniform
from sniper.core.rng import Stream
from sniper.games.poker52.settle import settled
from sniper.games.sniper_holdem.hands import best_hand
from sniper.games.sniper_holdem.observation import Observation
from sniper.games.sniper_holdem.snipes import (
    SNIPE_HEURISTICS,
    board_snipes,
    future_snipe_probs,
    live_seats,
    own_snipe_code,
    policy_of,
    rollout_sums,
)


class Agent(Protocol):
    """The one interface every AI implements (OpenSpiel's bot ``step``, split by decision kind).

    ``act`` returns one of ``obs.legal``; ``snipe`` returns a snipe code 0..59 or ``PASS``.
    Randomness comes only from ``stream`` (R13). The levels also implement
    ``sniper.core.policy.Policy``: ``action_probabilities(obs)`` over ``obs.actions`` (betting actions or,
    in the snipe round, snipe codes), from the decision code ``act`` and ``snipe`` use
    (``policy_of``); an outside agent need not.
    """

    spec: str

    def act(self, obs: Observation, stream: Stream) -> Act: ...

    def snipe(self, obs: Observation, stream: Stream) -> int: ...


@dataclass(frozen=True)
class RandomAgent:
    """``random``: uniform over the legal actions (the baseline every report compares with).

    Each betting decision draws one integer: ``stream.integer(len(legal))`` picks the action.
    Snipes with the ``snipes`` heuristic (default ``random``: uniform among the allowed names and
    passing).
    """

    snipes: str = RANDOM_DEFAULTS["snipes"]
    spec: str = "random"
    rollouts: str = "python"

    def act(self, obs: Observation, stream: Stream) -> Act:
        """A uniformly random legal action (R6)."""
        return obs.legal[stream.integer(len(obs.legal))]

    def snipe(self, obs: Observation, stream: Stream) -> int:
        """The snipe its heuristic picks (R7)."""
        return SNIPE_HEURISTICS[self.snipes](self, obs, stream)

    def action_probabilities(self, obs: Observation, *, keys: int = POLICY_KEYS, seed: int = 0) -> dict[int, float]:
        """``1 / len(legal)`` each when betting; the snipe heuristic's policy in the snipe round (``policy_of``)."""
        return policy_of(self, obs, lambda: uniform(obs.legal), keys, seed)


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

    bluff: float = EASY_DEFAULTS["bluff"]
    raise_limit: int = EASY_DEFAULTS["raise_limit"]
    snipes: str = EASY_DEFAULTS["snipes"]
    spec: str = "easy"
    rollouts: str = "python"

    def act(self, obs: Observation, stream: Stream) -> Act:
        """A betting action by immediate strength (R6): ``decide`` with one bluff draw."""
        return self.decide(obs, stream.random() < self.bluff)

    def action_probabilities(self, obs: Observation, *, keys: int = POLICY_KEYS, seed: int = 0) -> dict[int, float]:
        """Exact: ``decide`` bluffing with probability ``bluff``; the snipe heuristic's policy in the snipe
        round (``policy_of``)."""
        return policy_of(self, obs, lambda: coin(self.bluff, lambda bluffing: self.decide(obs, bluffing)), keys, seed)

    def decide(self, obs: Observation, bluffing: bool) -> Act:
        """The betting action given the bluff draw's outcome (class docstring; ``act`` and
        ``action_probabilities``)."""
        strength = immediate_strength(obs.private, obs.board)
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
        """The snipe its heuristic picks (R7); by default ``board``, the most obvious board danger."""
        return SNIPE_HEURISTICS[self.snipes](self, obs, stream)


# ----- Monte Carlo levels (normal, hard) -----------------------------------------------------------

RAISES = (Act.RAISE_1, Act.RAISE_3, Act.RAISE_5, Act.ALL_IN)


def opponent_raises(obs: Observation) -> list[int]:
    """Bets and raises (all-ins included) each opponent still in has made this hand, opponents in
    betting order from the first player: public history (R10)."""
    return [
        sum(1 for bet in obs.bets if bet.seat == seat and bet.action in RAISES)
        for seat in live_seats(obs)
        if seat != obs.seat
    ]


@dataclass(frozen=True)
class MonteCarloAgent:
    """``normal`` and ``hard``: bet and call by Monte Carlo equity, as the seed's AI (000, 002).

    Each betting decision runs ``samples`` rollouts (``sniper.games.sniper_holdem.rollout.rollout``, keyed by the
    decision's first random word) against the opponents still in and takes the equity ``e``
    (expected share of the pot, 0..1), in which:

    - opponents' hands are weighted by their betting (``aggression > 0``): each sample weighs
      ``prod(1 + aggression * r_o * category_o / 6)`` over the opponents, ``r_o`` the bets and
      raises opponent ``o`` made this hand and ``category_o`` its sampled hand's category, so a
      raise makes strong hands likelier (``kernels.sniper_holdem.rollout``);
    - snipes to come (``future_snipes > 0``, board complete): each opponent is modelled to snipe
      by ``future_snipe_probs``, so the equity counts the chance of being sniped later;

    then board texture: with all four board cards up, if the agent's own hand is one the board
    makes obvious (``board_snipes``), ``e *= 1 - texture``.

    With ``n`` players in, ``ratio = e * n`` compares the equity with a fair share, and thresholds
    scale by ``1 - position * p`` where ``p`` is 0 for the first to act and 1 for the last.
    With at most ``short_stack`` chips to the cap and ``ratio >= raise_small`` it moves all in.
    Facing no bet it bets +5 / +3 / +1 at ``raise_big`` / ``raise_mid`` / ``raise_small``, or
    bluffs +1 with probability ``bluff``. Facing a bet it raises +3 at ``raise_big`` while the
    level is below ``raise_limit`` chips, calls when ``e * call_margin >= owed / (pot + owed)``
    (pot odds) or when bluffing, and folds otherwise. Random words per decision: word 0 keys the
    rollout, word 1 is the bluff draw.

    Adaptive sampling (``settle > 0``): the rollouts stop before ``samples`` once the running
    equity is more than ``settle`` standard errors from every threshold the decision compares it
    with (``thresholds``, ``settled``); ``settle = 0`` always runs ``samples``.
    """

    samples: int = NORMAL_DEFAULTS["samples"]
    bluff: float = NORMAL_DEFAULTS["bluff"]
    raise_small: float = NORMAL_DEFAULTS["raise_small"]
    raise_mid: float = NORMAL_DEFAULTS["raise_mid"]
    raise_big: float = NORMAL_DEFAULTS["raise_big"]
    call_margin: float = NORMAL_DEFAULTS["call_margin"]
    position: float = NORMAL_DEFAULTS["position"]
    texture: float = NORMAL_DEFAULTS["texture"]
    short_stack: int = NORMAL_DEFAULTS["short_stack"]
    raise_limit: int = NORMAL_DEFAULTS["raise_limit"]
    future_snipes: float = NORMAL_DEFAULTS["future_snipes"]
    aggression: float = NORMAL_DEFAULTS["aggression"]
    settle: float = NORMAL_DEFAULTS["settle"]
    snipes: str = NORMAL_DEFAULTS["snipes"]
    spec: str = "normal"
    rollouts: str = "python"

    def equity(self, obs: Observation, key: int, thresholds: Sequence[float] = ()) -> float:
        """Adjusted equity in [0, 1] of the agent's hand (see the class docstring).

        With ``settle > 0`` the rollouts run in blocks of ``SETTLE_BLOCK`` samples (sample numbers
        continue from block to block, so the draws are those of one long rollout) and stop once
        ``settled`` against ``thresholds``; ``samples`` is the maximum.
        """
        from sniper.games.sniper_holdem.rollout import UNITS

        n_opponents = len(live_seats(obs)) - 1
        complete = len(obs.board) == 4
        modelled = self.future_snipes > 0 and complete
        probs = future_snipe_probs(obs.board, self.future_snipes) if modelled else None
        n_future = n_opponents if modelled else 0
        raises = opponent_raises(obs) if self.aggression > 0 else ()
        textured = self.texture > 0 and complete and own_snipe_code(obs) in board_snipes(obs.board)
        factor = 1.0 - self.texture if textured else 1.0
        block = self.samples if self.settle <= 0 else SETTLE_BLOCK
        done, units, weighted, weights = 0, 0, 0.0, 0.0
        while done < self.samples:
            size = min(block, self.samples - done)
            sums = rollout_sums(
                obs.private,
                obs.board,
                n_opponents,
                (),
                probs,
                n_future,
                key,
                size,
                raises,
                self.aggression,
                done,
                backend=self.rollouts,
            )
            done += size
            units += sums.win_units
            weighted += sums.weighted_units
            weights += sums.weight_total
            e = weighted / UNITS / weights if self.aggression > 0 else units / (UNITS * done)
            if self.settle > 0 and settled(e, done, factor, thresholds, self.settle):
                break
        if textured:
            e = e * (1.0 - self.texture)
        return e

    def thresholds(self, obs: Observation) -> list[float]:
        """The equities at which ``act``'s choice changes in this decision (adaptive sampling).

        ``raise_x * scale / n`` for each ratio threshold ``act`` can use here (all three facing no
        bet; ``raise_big`` facing one while below ``raise_limit``; ``raise_small`` when the
        all-in is possible), and the pot-odds equity ``owed / (pot + owed) / call_margin`` facing a bet.
        """
        live = live_seats(obs)
        n = len(live)
        scale = 1.0 - self.position * live.index(obs.seat) / (n - 1)
        room = obs.cap - obs.committed[obs.seat]
        owed = obs.owed
        out = []
        if owed == 0:
            out += [self.raise_small * scale / n, self.raise_mid * scale / n, self.raise_big * scale / n]
        else:
            if room <= self.short_stack and Act.ALL_IN in obs.legal:
                out.append(self.raise_small * scale / n)
            if max(obs.round_put) < self.raise_limit:
                out.append(self.raise_big * scale / n)
            if self.call_margin > 0:
                out.append(owed / (obs.pot + owed) / self.call_margin)
        return out

    def act(self, obs: Observation, stream: Stream) -> Act:
        """A betting action by equity, pot odds, position and stack depth (R6): ``decide`` with the
        equity keyed by word 0 and the bluff draw of word 1."""
        e = self.equity(obs, stream.word(), self.thresholds(obs) if self.settle > 0 else ())
        return self.decide(obs, e, stream.random() < self.bluff)

    def action_probabilities(self, obs: Observation, *, keys: int = POLICY_KEYS, seed: int = 0) -> dict[int, float]:
        """An estimate from ``keys`` decision streams (``sniper.core.policy.over_streams``, keyed by ``seed``):
        per stream, the equity keyed by its first word (``samples`` rollouts at most, as ``act``) and
        ``decide`` bluffing with probability ``bluff``, exactly; the snipe heuristic's policy in the snipe
        round (``policy_of``). Costs ``keys`` times a decision's rollouts."""
        thresholds = self.thresholds(obs) if self.settle > 0 and not obs.sniping else ()

        def one(stream: Stream) -> dict[int, float]:
            e = self.equity(obs, stream.word(), thresholds)
            return coin(self.bluff, lambda bluffing: self.decide(obs, e, bluffing))

        return policy_of(self, obs, lambda: over_streams(one, keys, seed), keys, seed)

    def decide(self, obs: Observation, e: float, bluffing: bool) -> Act:
        """The betting action given the equity ``e`` and the bluff draw's outcome (class docstring;
        ``act`` and ``action_probabilities``)."""
        live = live_seats(obs)
        n = len(live)
        ratio = e * n
        scale = 1.0 - self.position * live.index(obs.seat) / (n - 1)
        room = obs.cap - obs.committed[obs.seat]
        if room <= self.short_stack and ratio >= self.raise_small * scale and Act.ALL_IN in obs.legal:
            return Act.ALL_IN
        owed = obs.owed
        if owed == 0:
            if ratio >= self.raise_big * scale:
                return _prefer(obs, Act.RAISE_5)
            if ratio >= self.raise_mid * scale:
                return _prefer(obs, Act.RAISE_3)
            if ratio >= self.raise_small * scale or bluffing:
                return _prefer(obs, Act.RAISE_1)
            return Act.CHECK
        if ratio >= self.raise_big * scale and max(obs.round_put) < self.raise_limit:
            return _prefer(obs, Act.RAISE_3)
        if e * self.call_margin >= owed / (obs.pot + owed) or bluffing:
            return Act.CALL
        return Act.FOLD

    def snipe(self, obs: Observation, stream: Stream) -> int:
        """The snipe its heuristic picks (R7); by default the seed AI's ``beater`` (``normal``) or ``danger``
        (``hard``)."""
        return SNIPE_HEURISTICS[self.snipes](self, obs, stream)


# ----- baselines ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FoldAgent:
    """``fold``: checks when it can, otherwise folds; never snipes (heuristic ``pass``). No draws, no
    parameters: the baseline a best response wins the antes from (issue 32)."""

    snipes: str = "pass"
    spec: str = "fold"
    rollouts: str = "python"

    def act(self, obs: Observation, stream: Stream) -> Act:
        """Check if legal, else fold (R6)."""
        return Act.CHECK if Act.CHECK in obs.legal else Act.FOLD

    def snipe(self, obs: Observation, stream: Stream) -> int:
        """The snipe its heuristic picks (R7); by default ``pass``."""
        return SNIPE_HEURISTICS[self.snipes](self, obs, stream)

    def action_probabilities(self, obs: Observation, *, keys: int = POLICY_KEYS, seed: int = 0) -> dict[int, float]:
        """Exact: its one answer (``act`` draws nothing; ``policy_of``)."""
        return policy_of(self, obs, lambda: {int(self.act(obs, Stream(0))): 1.0}, keys, seed)


@dataclass(frozen=True)
class CallAgent:
    """``call``: never raises, never folds: checks, or calls what is owed; never snipes (heuristic
    ``pass``). No draws, no parameters: the calling-station baseline (issue 32)."""

    snipes: str = "pass"
    spec: str = "call"
    rollouts: str = "python"

    def act(self, obs: Observation, stream: Stream) -> Act:
        """Check if legal, else call (R6)."""
        return Act.CHECK if Act.CHECK in obs.legal else Act.CALL

    def snipe(self, obs: Observation, stream: Stream) -> int:
        """The snipe its heuristic picks (R7); by default ``pass``."""
        return SNIPE_HEURISTICS[self.snipes](self, obs, stream)

    def action_probabilities(self, obs: Observation, *, keys: int = POLICY_KEYS, seed: int = 0) -> dict[int, float]:
        """Exact: its one answer (``act`` draws nothing; ``policy_of``)."""
        return policy_of(self, obs, lambda: {int(self.act(obs, Stream(0))): 1.0}, keys, seed)
