"""Local best response (LBR) in Sniper Hold'em: ``sniper exploit LEVEL --game sniper`` (issue 32).

The game's adapter of ``sniper.core.lbr`` (the method, its value formulas, its duplicate driver and its
result): heads-up hands from fresh stacks of ``STARTING_STACK`` chips and an ante of 1 (R2, R4), each deal
played twice on the same deck with LBR first to act, then second (duplicate: LBR holds the opponent's cards
of the other play, R13). The hands run on the game kernel's state and rules (``kernels.sniper_holdem.betting``:
R4-R6; the snipe round R7 and the showdown R8 as ``kernels.sniper_holdem.game``), the opponent deciding with
the kernel's level (``policies.bet_decision_nb``, ``snipe_decision_nb``) on its seat's decision streams (R13,
as in a run: deal ``d`` is hand ``d`` of game 0 of run ``seed``). LBR is seat 0, the opponent seat 1.

LBR keeps the opponent's range over the 55 private hands by numbers (``kernels.sniper_holdem.lbr.PAIRS``; the
780 two-card hands of the 40-card deck grouped by numbers, since cards have no suits, R1), each weighed by its
combinations given LBR's cards and the board (card removal), Bayes-updated (``sniper.core.lbr.bayes_update``)
at every opponent action with the opponent level's own probability of that action for each pair
(``opponent_policy_nb``), and at its snipe with its snipe heuristic's (``opponent_snipe_nb``); the Monte Carlo
levels (``normal``, ``hard``) modelled from one equity estimate of at most ``model_samples`` rollouts (by
default the level's own) per pair and decision, and their rollout snipes (``beater``, ``danger``, ``ev``) from
``SNIPE_KEYS`` rollout keys, all keyed from LBR's own stream (``sniper.core.lbr.STREAM_LBR``), never the
opponent's. In the betting rounds of ``rounds`` LBR takes the action of ``bets`` of greatest value assuming
check/call to the end (``sniper.core.lbr``): its equity against each pair exact over every ending of the board
with the snipe round modelled (``pair_equities_nb``), the opponent's fold probability after each of LBR's bets
or raises from its policy; elsewhere it checks or calls. At the snipe round LBR names the hand most likely to
beat it given the range (``lbr_snipe_nb``), after the opponent's snipe when that came first.
"""

from dataclasses import dataclass

import numpy as np

from kernels.rng import stream_start_nb
from kernels.sniper_holdem import betting
from kernels.sniper_holdem.codes import N_ACTIONS, N_SNIPES, PASS, STREAM_AGENT, Act
from kernels.sniper_holdem.evaluator import PRIVATE_BASE, tables
from kernels.sniper_holdem.game import showdown_nb
from kernels.sniper_holdem.lbr import (
    N_PAIRS,
    PAIRS,
    lbr_snipe_nb,
    opponent_policy_nb,
    opponent_snipe_nb,
    pair_equities_nb,
    prior_nb,
    showdown_keys_nb,
    unseen_counts_nb,
)
from kernels.sniper_holdem.params import Level, Param
from kernels.sniper_holdem.policies import Turn, bet_decision_nb
from kernels.sniper_holdem.snipes import SnipeTurn, snipe_decision_nb
from sniper.core import lbr as method
from sniper.core.lbr import LbrPlayer
from sniper.core.rng import derive
from sniper.games.sniper_holdem.kernel_engine import kernel_agent

UNIT = "chips/hand"
"""The win rate's unit: chips per hand (issue 32's unit for Sniper Hold'em)."""
STARTING_STACK = 60
"""Chips each player has before the ante of every hand (R2's default)."""
ANTE = 1
"""The ante (R4)."""
BET_LETTERS = {"f": "fold", "c": "check/call", "1": "+1", "3": "+3", "5": "+5", "a": "all-in"}
"""LBR's action set in Sniper Hold'em, one character per action of R6 (``sniper.core.lbr.parse_bets``)."""
LETTER_ACTS = {"1": Act.RAISE_1, "3": Act.RAISE_3, "5": Act.RAISE_5, "a": Act.ALL_IN}
"""LBR's bet letters → actions (R6)."""
DEFAULT_BETS = "fc135a"
"""Every action of R6 by default."""
ROUNDS = ("1", "2")
"""The betting rounds by name (R4: round 1 with 2 community cards, round 2 with 4)."""
DEFAULT_ROUNDS = "all"
"""LBR best-responds in both betting rounds by default."""
SNIPE_KEYS = 8
"""Rollout keys over which LBR estimates a rollout snipe heuristic's (``beater``, ``danger``, ``ev``) probability of the
name the opponent made, per pair."""


def forced_params(params: np.ndarray, samples: int | None) -> np.ndarray:
    """``float64 (2, N_PARAMS)``: ``params`` with the bluff draw forced false (row 0: ``BLUFF`` 0) and true
    (row 1: ``BLUFF`` 1), and ``SAMPLES`` set to ``samples`` (``None``: unchanged), for
    ``kernels.sniper_holdem.lbr.opponent_policy_nb``."""
    forced = np.array([params, params], np.float64)
    forced[0, Param.BLUFF], forced[1, Param.BLUFF] = 0.0, 1.0
    if samples is not None:
        forced[:, Param.SAMPLES] = samples
    return forced


@dataclass
class SniperLbr(LbrPlayer):
    """LBR against the agent ``opponent`` (a spec, ``LEVEL[+HEURISTIC][:NAME=VALUE,…]``) with action set ``bets``
    (``BET_LETTERS``), best-responding in the betting rounds ``rounds`` (indices of ``ROUNDS``), run ``seed``;
    ``model_samples``: the rollouts at most of its model of a Monte Carlo level's equity (``None``: the level's own
    ``samples``, its adaptive sampling included, so the model differs from the level only in its rollout key;
    against ``hard`` on the same 4,000 hands, 64 instead of its 744 won 1.2 chips/hand less, for a third less
    CPU time: docs/exploitability.md; ``None`` kept for the other levels). ``ValueError`` for a spec the kernel
    cannot play."""

    opponent: str
    bets: str = DEFAULT_BETS
    rounds: tuple[int, ...] = (0, 1)
    seed: int = 0
    model_samples: int | None = None

    def __post_init__(self) -> None:
        agent = kernel_agent(self.opponent)
        self.level, self.heuristic, self.params = int(agent.level), int(agent.heuristic), agent.params
        if self.level != Level.MONTE_CARLO:
            self.model_samples = None
        elif self.model_samples is None:
            self.model_samples = int(self.params[Param.SAMPLES])
        self.forced = forced_params(self.params, self.model_samples)
        self.snipe_params = self.forced[0].copy()
        self.snipe_params[Param.BLUFF] = self.params[Param.BLUFF]
        self.t = tables()
        self.h = betting.new_hand(2)
        self.resets = 0

    def reveal(self, visible: int) -> None:
        """Card removal: the range's combinations (``self.prior``) given LBR's cards and the first ``visible``
        community cards, and the weights rescaled to them (the likelihoods so far kept; a fresh range when the
        hand starts, ``visible`` 2)."""
        counts = np.zeros(11, np.int64)
        unseen_counts_nb(np.concatenate([self.h.private[0], self.h.board[:visible]]), counts)
        prior = np.zeros(N_PAIRS)
        prior_nb(counts, PAIRS, prior)
        if visible == 2:
            self.weights = prior.copy()
        else:
            old = np.where(self.prior > 0, self.prior, 1.0)
            self.weights = np.where(self.prior > 0, self.weights / old, 0.0) * prior
        self.prior = prior

    def play_hand(self, deal: int, first: int) -> float:
        """Chips LBR (seat 0) nets in one hand of deal ``deal`` with seat ``first`` first to act (R3)."""
        h, t = self.h, self.t
        key = method.deal_key(self.seed, deal)
        stacks = np.full(2, STARTING_STACK, np.int64)
        betting.deal_nb(h, stacks, np.ones(2, np.int64), first, np.uint64(key), t.base)
        self.start_stream(key)
        self.reveal(2)
        seats = h.seats
        live, cap, visible = 2, betting.cap_nb(seats), 2
        for betting_round in (1, 2):
            if betting_round == 2:
                self.reveal(visible := 4)
            betting.start_round_nb(seats)
            if betting.no_one_can_act_nb(seats, 0, cap):
                break
            level_b = 0
            actor = betting.next_actor_nb(seats, first - 1 + 2, level_b, cap)
            while actor >= 0:
                n_legal, mask = betting.legal_actions_nb(seats, actor, level_b, cap)
                turn = Turn(actor, first, 2 * betting_round, level_b, cap, n_legal, mask)
                action = self.lbr_action(turn, betting_round) if actor == 0 else self.opponent_action(turn, key)
                level_b, cap, live = betting.apply_action_nb(seats, actor, action, betting_round, level_b, cap, live)
                if live == 1 or betting.no_one_can_act_nb(seats, level_b, cap):
                    break
                actor = betting.next_actor_nb(seats, actor, level_b, cap)
            if live == 1:
                break
        pot = int(seats["committed"].sum())
        if live == 1:
            seats[1 if seats[0]["folded"] else 0]["payout"] = pot
        else:
            if visible == 2:
                self.reveal(4)
            showdown_nb(seats, h.showdown, first, self.snipe_round(first, key), pot, t.snipe)
        return float(seats[0]["payout"] - seats[0]["committed"])

    def opponent_action(self, turn: Turn, key: int) -> int:
        """The opponent's betting action (the kernel's level on its seat's decision stream, R13), after which the
        range is Bayes-updated with its probability for each pair."""
        h = self.h
        self.start_decision(turn.seat, key)
        action = int(bet_decision_nb(self.level, self.params, h.seats, h.private, h.board, h.stream, h.scratch, turn,
                                     self.t))  # fmt: skip
        probs = self.policy(turn)
        if method.bayes_update(self.weights, probs[:, action], self.prior):
            self.resets += 1
        return action

    def start_decision(self, seat: int, key: int) -> None:
        """The seat's next decision stream (``kernels.sniper_holdem.game.start_decision_nb``, R13)."""
        h = self.h
        d = int(h.seats[seat]["decisions"])
        stream_start_nb(h.stream, np.uint64(derive(derive(key, STREAM_AGENT + seat), d)))
        h.seats["decisions"][seat] = d + 1

    def policy(self, turn: Turn) -> np.ndarray:
        """The opponent's action probabilities at ``turn`` for every pair of the range, ``float64 (N_PAIRS,
        N_ACTIONS)`` (``kernels.sniper_holdem.lbr.opponent_policy_nb``), its Monte Carlo key from LBR's stream.
        The hand's decision stream is kept."""
        h = self.h
        stream = h.stream.copy()
        probs = np.zeros((N_PAIRS, N_ACTIONS))
        opponent_policy_nb(self.level, self.params, self.forced, h, turn, self.weights, PAIRS, self.next_key(),
                           self.t, probs)  # fmt: skip
        h.stream[:] = stream
        return probs

    def lbr_action(self, turn: Turn, betting_round: int) -> int:
        """LBR's action: check/call off its rounds, else the best of its action set (``sniper.core.lbr``)."""
        h, seats = self.h, self.h.seats
        mask = turn.legal_mask
        check_call = Act.CHECK if (mask >> Act.CHECK) & 1 else Act.CALL
        if betting_round - 1 not in self.rounds:
            return int(check_call)
        equities = np.zeros(N_PAIRS)
        pair_equities_nb(h.private[0], h.board, turn.n_visible, self.weights, PAIRS, self.heuristic,
                         turn.first == 0, self.t, equities)  # fmt: skip
        pot = int(seats["committed"].sum())
        asked = int(turn.level_b - seats[0]["round_put"])
        values = [(int(Act.FOLD), 0.0)] if "f" in self.bets and asked > 0 else []
        values.append((int(check_call), method.call_value(method.equity_against(self.weights, equities), pot, asked)))
        total = self.weights.sum()
        for letter, act in LETTER_ACTS.items():
            if letter not in self.bets or not (mask >> act) & 1:
                continue
            saved = seats.copy()
            put = int(betting.chips_of_nb(seats, 0, act, turn.level_b, turn.cap))
            level_b, cap, _ = betting.apply_action_nb(seats, 0, act, betting_round, turn.level_b, turn.cap, 2)
            called = int(level_b - seats[1]["round_put"])
            folds = np.zeros(N_PAIRS)
            if betting.next_actor_nb(seats, 0, level_b, cap) == 1:
                n_legal, legal = betting.legal_actions_nb(seats, 1, level_b, cap)
                ahead = Turn(1, turn.first, turn.n_visible, level_b, cap, n_legal, legal)
                folds = self.policy(ahead)[:, Act.FOLD]
            seats[:] = saved
            fp = float(self.weights @ folds / total) if total > 0 else 0.0
            wp = method.equity_against(self.weights * (1.0 - folds), equities)
            values.append((int(act), method.raise_value(fp, wp, pot, called, put)))
        return method.best_action(values)

    def lbr_snipe(self, named: np.uint64, n_turns: int) -> int:
        """LBR's snipe after the names ``named`` (``uint64`` bit set) of the ``n_turns`` snipe turns before it: the
        name most likely to beat it given the range (``kernels.sniper_holdem.lbr.lbr_snipe_nb``), or ``PASS``."""
        h, t = self.h, self.t
        keys, codes = np.zeros(N_PAIRS, np.int64), np.zeros(N_PAIRS, np.int64)
        showdown_keys_nb(h.board, PAIRS, self.weights, t, keys, codes)
        lbr_key = int(h.seats[0]["key"])
        lbr_code = int(t.snipe[lbr_key // PRIVATE_BASE])
        return int(lbr_snipe_nb(self.weights, keys, codes, lbr_key, lbr_code, named, np.zeros(N_SNIPES)))

    def snipe_round(self, first: int, key: int) -> np.uint64:
        """The snipe round (R7): each player in betting order from ``first`` passes or names a snipe (the
        opponent by its heuristic, then the range updated; LBR ``lbr_snipe_nb``); returns the bit set named."""
        h, t = self.h, self.t
        named = np.uint64(0)
        for n_turns, seat in enumerate((first, 1 - first)):
            h.seats[seat]["at_showdown"] = 1
            if seat == 0:
                code = self.lbr_snipe(named, n_turns)
            else:
                self.start_decision(1, key)
                turn = SnipeTurn(1, named, n_turns, 2)
                code = int(snipe_decision_nb(self.heuristic, self.params, h.seats, h.private, h.board, h.stream,
                                             h.scratch, turn, t))  # fmt: skip
                likelihood = np.zeros(N_PAIRS)
                snipe_keys = np.array([self.next_key() for _ in range(SNIPE_KEYS)], np.uint64)
                opponent_snipe_nb(self.heuristic, self.snipe_params, h, turn, self.weights, PAIRS, snipe_keys, code,
                                  t, likelihood)  # fmt: skip
                if method.bayes_update(self.weights, likelihood, self.prior):
                    self.resets += 1
            h.seats[seat]["snipe"] = code
            if code != PASS:
                named |= np.uint64(1) << np.uint64(code)
        return named


LBR = method.LbrGame(
    "sniper",
    SniperLbr,
    DEFAULT_BETS,
    ROUNDS,
    DEFAULT_ROUNDS,
    1.0,
    UNIT,
    {"snipe_keys": SNIPE_KEYS, "stacks": STARTING_STACK, "ante": ANTE},
    bet_letters=BET_LETTERS,
    no_rollouts="{rollouts} does not apply to Sniper Hold'em: LBR's equity is exact (every board ending)",
)
"""Sniper Hold'em's LBR in ``sniper exploit`` (``sniper.core.lbr.LbrGame``): ``SniperLbr``, in chips/hand; its
``model_samples`` are ``SniperLbr``'s; ``rollouts`` must be ``None`` (LBR's equity is exact here)."""
exploit = LBR.exploit
