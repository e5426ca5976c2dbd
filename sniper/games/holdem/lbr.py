"""Local best response (LBR) in no-limit Hold'em: ``sniper exploit LEVEL --game holdem`` (issue 32).

The game's adapter of ``sniper.core.lbr`` (the method, its value formulas and its result): heads-up
hands of 200-chip stacks and blinds 1/2 (H1), each deal played twice with LBR in either seat on the same
cards (duplicate: LBR holds the opponent's cards of the other play), every hand from fresh stacks. The
hands run on the game kernel's state (``kernels.holdem.betting``: the same rules, H2–H9), the opponent
deciding with the kernel's levels (``kernels.holdem.policies.decide_nb``) on its seat's decision streams
(R13, as in a run: deal ``d`` is hand ``d`` of game 0 of run ``seed``).

LBR keeps the opponent's range over the 1,326 private pairs (``kernels.holdem.lbr.PAIRS``): its own
cards and the board's removed, Bayes-updated at every opponent action with the opponent's probability
of that action for each pair (``kernels.holdem.lbr.opponent_policy_nb``; ``hard``'s from one Monte Carlo
estimate of ``model_samples`` deals per pair (``MODEL_SAMPLES``), keyed from LBR's own stream, never the
opponent's; when no pair of the range could have taken the action, ``sniper.core.lbr.bayes_update``
falls back and counts it). On
the betting rounds of ``rounds`` LBR takes the action of ``bets`` of greatest value assuming check/call
to the end (``sniper.core.lbr``), its equity against each pair exact on the turn and river and from
``rollouts`` sampled runouts before; on the other rounds it checks or calls. As the paper's protocol
(Lisý & Bowling 2017) LBR bets fold/call/pot/all-in (``fcpa``) on the turn and river by default, and its
range tracking runs on every round. (The protocol as issue 32 quotes it; the paper itself was not at
hand to check whether its LBR also best-responded on the earlier rounds: ``rounds`` makes it an option.)
"""

from dataclasses import dataclass

import numpy as np

from kernels.eval52 import tables
from kernels.holdem import betting
from kernels.holdem.betting import NEXT_STREET, NO_RAISE, Hand
from kernels.holdem.codes import CHECK_CALL, FOLD, Level
from kernels.holdem.lbr import (
    FOLD_SLOT,
    N_PAIRS,
    N_SLOTS,
    PAIRS,
    opponent_features_nb,
    opponent_policy_nb,
    pair_equities_nb,
    remove_cards_nb,
    slot_of_nb,
)
from kernels.holdem.policies import MENU_ALL_IN, MENU_HALF_POT, MENU_POT, decide_nb, new_scratch, raise_menu_nb
from kernels.holdem.showdown import end_hand_nb
from kernels.poker52.betting import actor_nb, to_call_nb
from kernels.rng import stream_start_nb
from kernels.streams import STREAM_AGENT
from sniper.core import lbr as method
from sniper.core.lbr import STREAM_LBR, LbrPlayer
from sniper.core.rng import derive
from sniper.games.holdem.chunks import make_agent
from sniper.games.holdem.kernel_engine import kernel_agent, level_tables
from sniper.games.holdem.rules import BIG_BLIND, SMALL_BLIND, STARTING_STACK, STREETS

UNIT = "mbb/g"
"""The win rate's unit: milli big blinds per game (hand), the field's unit for no-limit Hold'em."""
CHIPS_PER_UNIT = BIG_BLIND / 1000
"""Chips per mbb (H1: a big blind of 2 chips)."""
DEFAULT_BETS = "fcpa"
"""The paper's action set: fold, call, pot, all-in."""
DEFAULT_ROUNDS = "turn,river"
"""The rounds where LBR best-responds by default (the paper's protocol as quoted in issue 32)."""
MODEL_SAMPLES = 64
"""The Monte Carlo deals per pair of LBR's model of ``hard``'s equity by default (at most ``hard``'s own
``samples``): against ``hard`` at its 265 LBR won the same within the CI on the same deals and took 4×
the CPU time (experiments/README.md, "Local best response")."""
DEFAULT_ROLLOUTS = 200
"""Runouts of LBR's equity before the turn (``kernels.holdem.lbr.pair_equities_nb``)."""
RAISE_SIZES = {"h": MENU_HALF_POT, "p": MENU_POT, "a": MENU_ALL_IN}
"""LBR's bet letters (``sniper.core.lbr.BET_LETTERS``) → entries of the levels' bet menu."""


def dead_bits(cards) -> int:
    """The bit set of ``cards`` (ints 0..51), for card removal."""
    bits = 0
    for c in cards:
        bits |= 1 << int(c)
    return bits


def copy_hand(h: Hand) -> Hand:
    """A copy of a hand's state, to look one action ahead."""
    return Hand(*(array.copy() for array in h))


@dataclass
class HoldemLbr(LbrPlayer):
    """LBR against the agent ``opponent`` (a spec, ``LEVEL[:NAME=VALUE,…]``) with action set ``bets``
    (``sniper.core.lbr.parse_bets``), best-responding on the betting rounds ``rounds`` (indices of
    ``STREETS``), run ``seed``; ``model_samples``: the Monte Carlo deals of ``hard``'s modelled equity per
    pair (``None``: ``MODEL_SAMPLES``, at most its own ``samples``); ``rollouts``: LBR's runouts before the turn.
    ``ValueError`` for a spec the kernel cannot play."""

    opponent: str
    bets: str = DEFAULT_BETS
    rounds: tuple[int, ...] = (2, 3)
    seed: int = 0
    model_samples: int | None = None
    rollouts: int = DEFAULT_ROLLOUTS

    def __post_init__(self) -> None:
        self.level, self.params = kernel_agent(make_agent(self.opponent))
        self.level = int(self.level)
        if self.level != Level.HARD:
            self.model_samples = None  # only a Monte Carlo level has a modelled estimate
        elif self.model_samples is None:
            self.model_samples = min(MODEL_SAMPLES, int(make_agent(self.opponent).samples))
        self.t, self.lt = tables(), level_tables()
        self.scratch = new_scratch()
        self.h = betting.new_hand()
        self.stacks = np.full(2, STARTING_STACK, np.int64)
        self.menu = np.zeros(4, np.int64)
        self.resets = 0

    def deal_key(self, deal: int) -> int:
        """The key of hand ``deal`` of game 0 (the deck, R13; ``sniper.core.lbr.deal_key``)."""
        return method.deal_key(self.seed, deal)

    def start_deal(self, deal: int) -> None:
        """The deal's opponent features, shared by its two plays (LBR the big blind, then the button): none yet,
        their keys from child 0 of LBR's stream (``policy``)."""
        self.features = {}
        self.deal_features_key = derive(derive(self.deal_key(deal), STREAM_LBR), 0)

    def play_hand(self, deal: int, lbr: int) -> float:
        """Chips LBR nets in one hand of deal ``deal`` at position ``lbr`` (0 the big blind, 1 the button)."""
        h, key = self.h, self.deal_key(deal)
        betting.deal_nb(h, self.stacks, 1, np.uint64(key), SMALL_BLIND, BIG_BLIND)
        self.start_stream(key)
        self.prior = np.ones(N_PAIRS)
        remove_cards_nb(self.prior, PAIRS, dead_bits(h.hole[lbr]))
        self.weights = self.prior.copy()
        outcome = NEXT_STREET
        for street in range(len(STREETS)):
            to_act = betting.begin_street_nb(h, street)
            board = dead_bits(h.board[: h.st[0]["board_n"]])
            remove_cards_nb(self.prior, PAIRS, board)
            remove_cards_nb(self.weights, PAIRS, board)
            self.equities = None
            p = actor_nb(h) if to_act else -1
            while p >= 0:
                action = self.lbr_action(h, p) if p == lbr else self.opponent_action(h, p, key)
                betting.history_nb(h, p, action)
                betting.act_nb(h, action)
                p = actor_nb(h)
            outcome = betting.end_street_nb(h)
            if outcome != NEXT_STREET:
                break
        end_hand_nb(h, outcome, self.t)
        return float(h.pl[lbr]["won"] - h.pl[lbr]["put"])

    def policy(self, h: Hand, p: int) -> np.ndarray:
        """The opponent's (player ``p``) slot probabilities for every pair of the range, ``float64
        (N_PAIRS, N_SLOTS)``, its menu into ``self.menu`` (``kernels.holdem.lbr.opponent_policy_nb``).

        The equities ``hard`` and ``normal`` read depend on the pair, the board and how ``hard`` reads
        LBR's range (``levels.read_range``: re-raised, raised, called or not before the flop; bet or
        not after it), not on the seats: each is computed once per deal (both plays share the board),
        for the pairs some range of the deal needs, keyed by that reading and the street (one Monte
        Carlo key each, from LBR's stream)."""
        q = h.pl[1 - p]
        raises, calls = int(q["pre_raises"]), int(q["pre_calls"])
        state = (int(h.st[0]["street"]), min(raises, 2), raises == 0 and calls > 0, int(q["post_raises"]) > 0)
        if state not in self.features:
            key = np.uint64(derive(self.deal_features_key, len(self.features)))
            self.features[state] = (np.zeros(N_PAIRS), np.zeros(N_PAIRS, np.bool_), key)
        features, done, key = self.features[state]
        args = (self.level, self.params, h, p, self.weights, PAIRS, key, np.int64(self.model_samples or 0))
        opponent_features_nb(*args, self.t, self.lt, self.scratch, features, done)
        probs = np.zeros((N_PAIRS, N_SLOTS))
        args = (self.level, self.params, h, p, self.weights, PAIRS, features)
        opponent_policy_nb(*args, self.t, self.lt, self.scratch, self.menu, probs)
        return probs

    def opponent_action(self, h: Hand, p: int, key: int) -> int:
        """The opponent's action at player ``p`` (the kernel's level on its seat's decision stream, R13),
        after which the range is Bayes-updated with its probability for each pair."""
        q = h.pl[p]
        stream_key = derive(derive(key, STREAM_AGENT + int(q["seat"])), int(q["decisions"]))
        stream_start_nb(h.stream, np.uint64(stream_key))
        h.pl["decisions"][p] += 1
        low, high = betting.raise_range_nb(h, p)
        action = int(decide_nb(self.level, self.params, h, p, low, high, h.stream, self.t, self.lt, self.scratch))
        probs = self.policy(h, p)
        slot = slot_of_nb(action, self.menu)
        if method.bayes_update(self.weights, probs[:, slot], self.prior):
            self.resets += 1
            self.equities = None
        return action

    def lbr_action(self, h: Hand, p: int) -> int:
        """LBR's action at player ``p``: check/call off its rounds, else the best of its action set
        (``sniper.core.lbr``)."""
        street, board_n, pot = (int(h.st[0][name]) for name in ("street", "board_n", "pot"))
        if street not in self.rounds:
            return CHECK_CALL
        if self.equities is None:
            self.equities = np.zeros(N_PAIRS)
            a, b = h.hole[p]
            args = (a, b, h.board, board_n, self.weights, PAIRS, self.rollouts, self.next_key())
            pair_equities_nb(*args, self.t, self.equities)
        asked = int(to_call_nb(h, p))
        values = [(FOLD, 0.0)] if "f" in self.bets and asked > 0 else []
        values.append((CHECK_CALL, method.call_value(method.equity_against(self.weights, self.equities), pot, asked)))
        low, high = betting.raise_range_nb(h, p)
        if low == NO_RAISE:
            return method.best_action(values)
        o = 1 - p
        total = self.weights.sum()
        for letter, size in RAISE_SIZES.items():
            amount = int(raise_menu_nb(h, p, low, high, size))
            if letter not in self.bets or any(amount == a for a, _ in values):
                continue
            ahead = copy_hand(h)
            betting.history_nb(ahead, p, amount)
            betting.act_nb(ahead, amount)
            folds = self.policy(ahead, o)[:, FOLD_SLOT]
            fp = float(self.weights @ folds / total)
            wp = method.equity_against(self.weights * (1.0 - folds), self.equities)
            bet, opp_bet = int(h.pl[p]["bet"]), int(h.pl[o]["bet"])
            matched = min(amount, int(h.pl[o]["stack"]) + opp_bet)
            values.append((amount, method.raise_value(fp, wp, pot, matched - opp_bet, matched - bet)))
        return method.best_action(values)


LBR = method.LbrGame(
    "holdem",
    HoldemLbr,
    DEFAULT_BETS,
    STREETS,
    DEFAULT_ROUNDS,
    CHIPS_PER_UNIT,
    UNIT,
    {"stacks": STARTING_STACK, "blinds": [SMALL_BLIND, BIG_BLIND]},
    default_rollouts=DEFAULT_ROLLOUTS,
)
"""No-limit Hold'em's LBR in ``sniper exploit`` (``sniper.core.lbr.LbrGame``): ``HoldemLbr``, in mbb/g, best-responding
on the streets of ``STREETS`` (``None``: ``DEFAULT_ROUNDS``), ``rollouts`` ``None``: ``DEFAULT_ROLLOUTS``."""
exploit = LBR.exploit
