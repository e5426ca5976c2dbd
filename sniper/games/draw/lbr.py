"""Local best response (LBR) in five-card draw, fixed limit: ``sniper exploit LEVEL --game draw`` (issue 32).

The game's adapter of ``sniper.core.lbr`` (the method, its value formulas, its duplicate driver and its
result): heads-up hands from fresh stacks of 100 chips and an ante of 1 (D1), bets of 2 then 4 chips capped at
four a round (D3), each deal played twice on the same deck with LBR first to act, then the button (duplicate:
LBR holds the opponent's cards of the other play). The hands run on the game kernel's state and rules
(``kernels.draw.betting``: D1-D8), the opponent deciding with the kernel's level (``kernels.draw.policies
.decide_nb``; a ``BET/DRAW`` spec's two sides) on its seat's decision streams (R13, as in a run: deal ``d`` is
hand ``d`` of game 0 of run ``seed``).

**The range** (``kernels.draw.lbr``): five-card hands are too many to enumerate, so LBR keeps ``particles``
(``--model-samples``, default ``PARTICLES``) dealt hands of the opponent drawn uniformly from the cards it has
not seen, each weighed by Bayes' rule (``sniper.core.lbr.bayes_update``) with the level's own probability of
each action it took (``kernels.draw.policies.policy_nb`` with the particle's cards; ``normal`` and ``hard``
from one Monte Carlo estimate per particle and decision, their own samples, keyed from LBR's stream) and of
the number of cards it drew (D5). After the draw the particles are resampled by weight (systematic), each
keeps what the level would keep with that count (a keep drawn by its draw probabilities) and draws its
replacements from the cards neither LBR's nor its own; particles holding a card LBR drew are out (card
removal). When the real action has probability 0 on every particle, the range falls back (``range_resets``).

**Decisions**: in the betting rounds of ``rounds`` LBR takes the action of ``bets`` (fold, check/call,
bet/raise) of greatest value assuming check/call to the end (``sniper.core.lbr``), its win probability against
the range from ``rollouts`` sampled draws per particle (both draws to come, each particle keeping what the
level would keep; exact once both hands are final), LBR drawing the keep of best expectation against the
range; the opponent's fold probability after LBR's bet or raise from its policy over the range. Elsewhere it
checks or calls. At the draw LBR keeps the cards of best expectation against the range (always).

The win rate is in milli big bets per game (mbb/g), the field's unit in fixed limit: the big bet is the
second round's bet, 4 chips (D3).
"""

from dataclasses import dataclass

import numpy as np

from kernels.draw import betting
from kernels.draw.betting import NO_RAISE
from kernels.draw.codes import BET_RAISE, CHECK_CALL, DISCARD, DRAW, FIRST, FOLD, MAX_DISCARDS, NO_DRAW, SECOND
from kernels.draw.game import Agents, max_draw_samples_nb
from kernels.draw.lbr import (
    ALL_DRAWS,
    bits_nb,
    choose_keeps_nb,
    count_likelihood_nb,
    deal_particles_nb,
    draw_particles_nb,
    keep_shares_nb,
    particle_policies_nb,
    resample_nb,
)
from kernels.draw.policies import N_FLAT, decide_nb
from kernels.draw.showdown import fold_win_nb, settle_nb
from kernels.draw.strength import MASKS, new_scratch
from kernels.eval52 import tables
from kernels.poker52.betting import actor_nb, to_call_nb
from kernels.poker52.game import start_decision_nb
from kernels.streams import STREAM_AGENT
from sniper.core import lbr as method
from sniper.core.lbr import LbrPlayer
from sniper.core.rng import derive
from sniper.games.draw.agents import make_agent
from sniper.games.draw.kernel_engine import kernel_sides, level_tables, most_power
from sniper.games.draw.rules import ANTE, BET_SIZES, CAP, HAND_SIZE, STARTING_STACK

UNIT = "mbb/g"
"""The win rate's unit: milli big bets per game (hand), the field's unit for fixed limit."""
BIG_BET = BET_SIZES[1]
"""The big bet: the second round's fixed bet, 4 chips (D3)."""
CHIPS_PER_UNIT = BIG_BET / 1000
"""Chips per milli big bet."""
BET_LETTERS = {"f": "fold", "c": "check/call", "r": "bet/raise"}
"""LBR's action set in fixed limit, one letter per action (``sniper.core.lbr.parse_bets``)."""
DEFAULT_BETS = "fcr"
"""Every action by default."""
ROUNDS = ("first", "second")
"""The betting rounds by name (D4, D6)."""
DEFAULT_ROUNDS = "all"
"""LBR best-responds in both betting rounds by default."""
PARTICLES = 128
"""Particles of LBR's range by default (``--model-samples``)."""
DEFAULT_ROLLOUTS = 16
"""Sampled draws per particle of LBR's equity while a draw is to come (``--rollouts``)."""
MODEL_KEYS = 1
"""Monte Carlo estimates (decision streams) per particle of LBR's model of ``normal`` and ``hard``
(``kernels.draw.policies.policy_nb``'s ``keys``)."""


def copy_hand(h):
    """A copy of a hand's state (``kernels.draw.betting.Hand``), to look one action ahead."""
    return type(h)(*(array.copy() for array in h))


@dataclass
class DrawLbr(LbrPlayer):
    """LBR against the agent ``opponent`` (a spec, ``LEVEL[:NAME=VALUE,…]`` or ``BET/DRAW``) with action set
    ``bets`` (``BET_LETTERS``), best-responding in the betting rounds ``rounds`` (indices of ``ROUNDS``), run
    ``seed``; ``model_samples``: the particles of its range (``None``: ``PARTICLES``); ``rollouts``: its sampled
    draws per particle. ``ValueError`` for a spec the kernel cannot play."""

    opponent: str
    bets: str = DEFAULT_BETS
    rounds: tuple[int, ...] = (0, 1)
    seed: int = 0
    model_samples: int | None = None
    rollouts: int = DEFAULT_ROLLOUTS

    def __post_init__(self) -> None:
        (level, params), (draw_level, draw_params) = kernel_sides(make_agent(self.opponent))
        self.level, self.params = np.int64(level), params
        self.draw_level, self.draw_params = np.int64(draw_level), draw_params
        if self.model_samples is None:
            self.model_samples = PARTICLES
        sides = [(level, params), (draw_level, draw_params)]
        self.t, self.lt = tables(), level_tables(most_power(sides))
        levels, vectors = np.array([level, draw_level], np.int64), np.stack([params, draw_params])
        self.scratch = new_scratch(int(max_draw_samples_nb(Agents(levels, vectors, levels, vectors))))
        self.h = betting.new_hand()
        self.stacks = np.full(2, STARTING_STACK, np.int64)
        self.resets = 0

    # ----- a hand ------------------------------------------------------------------------------------------

    def play_hand(self, deal: int, lbr: int) -> float:
        """Chips LBR nets in one hand of deal ``deal`` at position ``lbr`` (0 first to act, 1 the button)."""
        h, key = self.h, method.deal_key(self.seed, deal)
        betting.deal_nb(h, self.stacks, 1, np.uint64(key), ANTE, CAP, 1)
        for p in range(2):
            h.agent_keys[p] = derive(key, STREAM_AGENT + int(h.pl[p]["seat"]))
        self.start_stream(key)
        self.lbr = lbr
        self.new_range()
        folded = False
        for street in (FIRST, DRAW, SECOND):
            if street == DRAW:
                self.draw()
                continue
            if betting.begin_round_nb(h, street, BET_SIZES[0] if street == FIRST else BET_SIZES[1]):
                p = actor_nb(h)
                while p >= 0:
                    to = betting.raise_to_nb(h, p)
                    action = self.lbr_action(p, to) if p == lbr else self.opponent_action(p, to)
                    if action == BET_RAISE:
                        betting.note_raise_nb(h, p)
                    betting.act_nb(h, action, to)
                    p = actor_nb(h)
            folded = betting.end_round_nb(h)
            if folded:
                break
        if folded:
            fold_win_nb(h)
        else:
            settle_nb(h, self.t)
        return float(h.pl[lbr]["won"] - h.pl[lbr]["put"])

    def new_range(self) -> None:
        """The opponent's range at the deal: ``model_samples`` particles of the cards LBR has not seen, each of
        weight 1 (``kernels.draw.lbr.deal_particles_nb``), none drawn yet."""
        n = self.model_samples
        self.particles = np.zeros((n, HAND_SIZE), np.uint8)
        deal_particles_nb(bits_nb(self.h.hole[self.lbr], HAND_SIZE), self.next_key(), self.particles)
        self.finals = self.particles.copy()
        self.discards = np.zeros((n, MAX_DISCARDS), np.uint8)
        self.masks = np.zeros(n, np.uint8)
        self.keeps_known = self.final = False
        self.prior, self.weights = np.ones(n), np.ones(n)
        self.shares = None

    def update(self, likelihood: np.ndarray) -> None:
        """Bayes' rule on the range (``sniper.core.lbr.bayes_update``), counting a fall back."""
        if method.bayes_update(self.weights, likelihood, self.prior):
            self.resets += 1

    def policy(self, h, p: int, raise_to: int, draw: bool = False) -> np.ndarray:
        """The opponent's (player ``p`` of ``h``) action probabilities for every particle of positive weight,
        ``float64 (n, N_FLAT)`` (``kernels.draw.lbr.particle_policies_nb``): its betting side, or its drawing
        side when ``draw``; its Monte Carlo key from LBR's stream."""
        level, params = (self.draw_level, self.draw_params) if draw else (self.level, self.params)
        cards = self.finals if self.final else self.particles
        probs = np.zeros((len(cards), N_FLAT))
        particle_policies_nb(level, params, h, np.int64(p), np.int64(raise_to), self.next_key(), np.int64(MODEL_KEYS),
                             cards, self.discards, self.weights, self.t, self.lt, self.scratch, probs)  # fmt: skip
        return probs

    def opponent_action(self, p: int, raise_to: int) -> int:
        """The opponent's betting action (the kernel's level on its seat's decision stream, R13), after which the
        range is Bayes-updated with its probability for each particle."""
        h = self.h
        start_decision_nb(h, p, h.agent_keys[p])
        action = int(decide_nb(self.level, self.params, h, p, np.int64(raise_to), h.stream, h.agent_keys[p],
                               self.t, self.lt, self.scratch))  # fmt: skip
        self.update(self.policy(h, p, raise_to)[:, action])
        return action

    # ----- the draw (D5) -----------------------------------------------------------------------------------

    def model_keeps(self) -> None:
        """Before the opponent's draw is seen: each particle's keep as the level would draw now (its draw
        probabilities at the state with the street set to the draw, ``kernels.draw.lbr.choose_keeps_nb``)."""
        if self.keeps_known:
            return
        h, street = self.h, int(self.h.st[0]["street"])
        h.st[0]["street"] = DRAW
        probs = self.policy(h, 1 - self.lbr, NO_RAISE, draw=True)
        h.st[0]["street"] = street
        choose_keeps_nb(probs, ALL_DRAWS, self.weights, self.next_key(), self.masks)
        self.keeps_known, self.shares = True, None

    def draw(self) -> None:
        """The draw (D5): each player still in discards in turn (LBR its keep of best expectation, the opponent
        by its level, the range updated by the count it drew), the replacements are dealt, then the range
        draws (``particles_draw``)."""
        h = self.h
        h.st[0]["street"] = DRAW
        for p in range(int(h.st[0]["players"])):
            if not h.pl[p]["active"]:
                continue
            if p == self.lbr:
                self.model_keeps()
                betting.discard_nb(h, p, int(MASKS[self.best_keep()]))
                self.shares = None
            else:
                self.opponent_draw(p)
        betting.deal_replacements_nb(h)
        self.particles_draw()

    def opponent_draw(self, p: int) -> None:
        """The opponent's discard (its draw side on its decision stream); the range updated by the count it drew
        and each particle's keep chosen among those of that count."""
        h = self.h
        start_decision_nb(h, p, h.agent_keys[p])
        action = int(decide_nb(self.draw_level, self.draw_params, h, p, np.int64(NO_RAISE), h.stream,
                               h.agent_keys[p], self.t, self.lt, self.scratch))  # fmt: skip
        mask = action - DISCARD
        count = bin(mask).count("1")
        probs = self.policy(h, p, NO_RAISE, draw=True)
        likelihood = np.zeros(len(probs))
        count_likelihood_nb(probs, count, likelihood)
        self.update(likelihood)
        choose_keeps_nb(probs, count, self.weights, self.next_key(), self.masks)
        self.keeps_known, self.shares = True, None
        betting.discard_nb(h, p, mask)

    def particles_draw(self) -> None:
        """Once LBR holds its replacements: particles holding one are out (card removal), the rest resampled by
        weight, then each draws its replacements (``kernels.draw.lbr.draw_particles_nb``)."""
        h, me = self.h, self.lbr
        if h.pl[1 - me]["drawn"] == NO_DRAW:
            return
        dead = bits_nb(h.hole[me], HAND_SIZE) | bits_nb(h.cards[me], HAND_SIZE)
        clash = ((np.uint64(dead) >> self.particles.astype(np.uint64)) & np.uint64(1)).any(axis=1)
        self.prior[clash] = 0.0
        self.update(np.where(clash, 0.0, 1.0))
        if self.weights.sum() <= 0.0:  # every particle held a card LBR drew: start again from the rest
            self.weights[:] = 1.0
        index = resample_nb(self.weights, self.next_key())
        self.particles, self.masks = self.particles[index], self.masks[index]
        draw_particles_nb(self.particles, self.masks, dead, self.next_key(), self.finals, self.discards)
        self.prior, self.weights = np.ones(len(index)), np.ones(len(index))
        self.final, self.shares = True, None

    # ----- LBR's decisions ---------------------------------------------------------------------------------

    def keep_shares(self) -> np.ndarray:
        """LBR's pot share against each particle for each of its keeps, ``float64 (n, 26)``
        (``kernels.draw.lbr.keep_shares_nb``), computed once per state of the range."""
        if self.shares is None:
            h, me = self.h, self.lbr
            own_draws = h.pl[me]["drawn"] == NO_DRAW
            if own_draws or not self.final:
                self.model_keeps()
            dead = bits_nb(h.hole[me], HAND_SIZE) | bits_nb(h.cards[me], HAND_SIZE)
            self.shares = np.zeros((len(self.particles), len(MASKS)))
            keep_shares_nb(h.cards[me], dead, own_draws, self.particles, self.masks, self.finals, self.final,
                           np.int64(self.rollouts), self.next_key(), self.t, self.lt, self.shares)  # fmt: skip
        return self.shares

    def best_keep(self) -> int:
        """The index (``kernels.draw.strength.MASKS``) of LBR's keep of best expectation against the range (the
        first on a tie: stand pat first)."""
        shares = self.keep_shares()
        weights = self.weights if self.weights.sum() > 0 else self.prior
        return int(np.argmax(weights @ shares))

    def lbr_action(self, p: int, raise_to: int) -> int:
        """LBR's betting action: check/call off its rounds, else the best of its action set (``sniper.core.lbr``),
        its equity that of its best keep while its draw is ahead."""
        h = self.h
        if (0 if h.st[0]["street"] == FIRST else 1) not in self.rounds:
            return CHECK_CALL
        equities = self.keep_shares()[:, self.best_keep()]
        pot, asked = int(h.st[0]["pot"]), int(to_call_nb(h, p))
        values = [(FOLD, 0.0)] if "f" in self.bets and asked > 0 else []
        values.append((CHECK_CALL, method.call_value(method.equity_against(self.weights, equities), pot, asked)))
        if "r" in self.bets and raise_to != NO_RAISE:
            o = 1 - p
            ahead = copy_hand(h)
            betting.note_raise_nb(ahead, p)
            betting.act_nb(ahead, BET_RAISE, raise_to)
            folds = np.zeros(len(equities))
            if actor_nb(ahead) == o:
                folds = self.policy(ahead, o, betting.raise_to_nb(ahead, o))[:, FOLD]
            total = self.weights.sum()
            fp = float(self.weights @ folds / total) if total > 0 else 0.0
            wp = method.equity_against(self.weights * (1.0 - folds), equities)
            called, put = raise_to - int(h.pl[o]["bet"]), raise_to - int(h.pl[p]["bet"])
            values.append((BET_RAISE, method.raise_value(fp, wp, pot, called, put)))
        return int(method.best_action(values))


LBR = method.LbrGame(
    "draw",
    DrawLbr,
    DEFAULT_BETS,
    ROUNDS,
    DEFAULT_ROUNDS,
    CHIPS_PER_UNIT,
    UNIT,
    {"stacks": STARTING_STACK, "ante": ANTE, "bet_sizes": list(BET_SIZES)},
    bet_letters=BET_LETTERS,
    default_rollouts=DEFAULT_ROLLOUTS,
)
"""Five-card draw's LBR in ``sniper exploit`` (``sniper.core.lbr.LbrGame``): ``DrawLbr``, in mbb/g; its
``model_samples`` are the particles of the range (``None``: ``PARTICLES``), its ``rollouts`` the sampled draws
per particle (``None``: ``DEFAULT_ROLLOUTS``)."""
exploit = LBR.exploit
