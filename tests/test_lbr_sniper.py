"""Local best response in Sniper Hold'em (issue 32; kernels.sniper_holdem.lbr, sniper.games.sniper_holdem.lbr,
``sniper exploit --game sniper``): known answers, the range's bookkeeping, the equity against a reference
showdown and an exact best response to ``call``."""

import itertools
import json
import math
from dataclasses import replace

import numpy as np
import pytest
from typer.testing import CliRunner

from kernels.sniper_holdem.codes import COPIES, N_NUMBERS
from kernels.sniper_holdem.evaluator import tables
from kernels.sniper_holdem.lbr import N_PAIRS, PAIRS, pair_equities_nb, pair_index, prior_nb, unseen_counts_nb
from kernels.sniper_holdem.params import Heuristic
from kernels.sniper_holdem.policies import bet_decision_nb
from kernels.sniper_holdem.snipes import SnipeTurn, snipe_decision_nb
from sniper.cli.app import app
from sniper.core.lbr import deal_key
from sniper.games.sniper_holdem.hands import best_hand, strength
from sniper.games.sniper_holdem.kernel_engine import kernel_agent, play_games_kernel
from sniper.games.sniper_holdem.lbr import ANTE, STARTING_STACK, SniperLbr, exploit
from sniper.games.sniper_holdem.rules import make_rules

FOLD_ANALYTIC = ANTE
"""Chips per hand a player that folds to every bet loses heads-up against a bet at its first chance: its ante."""


def test_pairs_are_every_hand_by_numbers_once():
    assert PAIRS.shape == (N_PAIRS, 2) == (55, 2)
    assert len({tuple(p) for p in PAIRS}) == N_PAIRS and all(1 <= a <= b <= N_NUMBERS for a, b in PAIRS)
    assert all(pair_index(a, b) == i == pair_index(b, a) for i, (a, b) in enumerate(PAIRS))


def test_the_prior_counts_the_two_card_hands_the_unseen_cards_allow():
    """Card removal: the combinations over the 55 hands by numbers sum to C(unseen, 2) of the 40-card deck."""
    counts = np.zeros(N_NUMBERS + 1, np.int64)
    for seen in ([3, 3], [3, 7, 3, 9], [10, 10, 10, 1, 2, 10]):
        unseen_counts_nb(np.array(seen, np.uint8), counts)
        prior = np.zeros(N_PAIRS)
        prior_nb(counts, PAIRS, prior)
        assert prior.sum() == math.comb(N_NUMBERS * COPIES - len(seen), 2)
    assert prior[pair_index(10, 10)] == 0 and prior[pair_index(10, 5)] == 0 and prior[pair_index(1, 1)] == 3


def test_lbr_wins_exactly_the_ante_from_fold():
    """``fold`` checks, then folds to any bet: LBR bets at its first chance (or wins a sure showdown), so it wins
    the opponent's ante every hand, no more and no less: no variance, so no interval."""
    result = exploit("fold", hands=40, seed=2).to_json()
    assert result["value"] == FOLD_ANALYTIC == 1
    assert result["ci95"] == [None, None] and result["game"] == "sniper" and result["unit"] == "chips/hand"


@pytest.mark.parametrize(("spec", "times"), [("call", 5), ("random", 3)])
def test_lbr_wins_far_more_from_call_and_random(spec, times):
    result = exploit(spec, hands=200, seed=3).to_json()
    assert result["ci95"][0] > times * FOLD_ANALYTIC, result


class Checked(SniperLbr):
    """LBR that records, at every opponent action, whether the opponent's true hand is in the range and the
    probability the model gives the action it took, and at the end of every hand whether the true hand is
    still in the range (after the snipe's update too)."""

    def truth(self) -> int:
        return pair_index(int(self.h.private[1, 0]), int(self.h.private[1, 1]))

    def opponent_action(self, turn, key):
        alive = self.weights[self.truth()] > 0
        probs = self.policy(turn)
        action = super().opponent_action(turn, key)
        self.seen.append((alive, probs[self.truth(), action]))
        return action

    def play_hand(self, deal, first):
        net = super().play_hand(deal, first)
        self.kept.append(self.weights[self.truth()] > 0)
        return net


@pytest.mark.parametrize("spec", ["random", "easy", "fold", "call", "easy+random", "call+board"])
def test_the_model_of_an_exact_level_gives_its_real_action(spec):
    """The kernel's probabilities and the kernel's decision are one code: for a level without Monte Carlo the
    true hand always stays in the range and its real action has a positive probability (1 for the baselines),
    and no update ever falls back."""
    lbr = Checked(spec)
    lbr.seen, lbr.kept = [], []
    for deal in range(12):
        lbr.play_deal(deal)
    assert lbr.seen and all(alive for alive, _ in lbr.seen) and all(lbr.kept)
    likelihoods = np.array([p for _, p in lbr.seen])
    assert np.all(likelihoods > 0)
    if spec in ("fold", "call", "call+board"):
        assert np.all(likelihoods == 1.0)
    assert lbr.resets == 0


class Mirror(SniperLbr):
    """The LBR driver with seat 0 played by a kernel level on its own decision streams instead of LBR: the
    hands must be the game kernel's."""

    def __init__(self, opponent, me, seed):
        super().__init__(opponent, seed=seed)
        self.me = kernel_agent(me)

    def play_hand(self, deal, first):
        self.hand_key = deal_key(self.seed, deal)
        return super().play_hand(deal, first)

    def lbr_action(self, turn, betting_round):
        h = self.h
        self.start_decision(0, self.hand_key)
        return int(bet_decision_nb(self.me.level, self.me.params, h.seats, h.private, h.board, h.stream, h.scratch,
                                   turn, self.t))  # fmt: skip

    def lbr_snipe(self, named, n_turns):
        h = self.h
        self.start_decision(0, self.hand_key)
        turn = SnipeTurn(0, named, n_turns, 2)
        return int(snipe_decision_nb(self.me.heuristic, self.me.params, h.seats, h.private, h.board, h.stream,
                                     h.scratch, turn, self.t))  # fmt: skip


@pytest.mark.parametrize(("me", "opponent"), [("easy", "random"), ("normal", "easy"), ("random", "hard")])
def test_the_driver_plays_the_game_kernels_hands(me, opponent):
    """LBR's hand driver (deal, betting rounds, snipe round, showdown) on the game kernel's state, with LBR's
    seat played by a kernel level instead, nets what the game kernel does: hand 0 of game 0 of run ``seed``
    with fresh stacks, seat 0 or seat 1 first (R3, R13)."""
    for seed in range(12):
        for first in (0, 1):
            rules = replace(make_rules("ours", "10", STARTING_STACK), first_seat=first)
            columns, _ = play_games_kernel([me, opponent], rules, seed, [0])
            row = np.flatnonzero((columns["hand"] == 0) & (columns["seat"] == 0))[0]
            assert Mirror(opponent, me, seed).play_hand(0, first) == columns["net"][row], (seed, first)


def test_same_seed_same_result_and_workers_do_not_matter():
    one = exploit("easy", hands=40, seed=5).to_json()
    assert exploit("easy", hands=40, seed=5).to_json() == one
    assert exploit("easy", hands=40, seed=5, workers=2).to_json() == one


def reference_share(own, opp, board) -> float:
    """LBR's share against one known hand that never snipes (``pass``), on a full board, by the reference
    evaluator (``sniper.games.sniper_holdem.hands``, R8): LBR names the opponent's hand when it beats LBR's
    and is not LBR's own name (the name most likely to beat it, the range being that one hand)."""
    mine, theirs = best_hand(own, board), best_hand(opp, board)
    a, b = strength(mine, own), strength(theirs, opp)
    if b > a:
        return 1.0 if (theirs.category, theirs.top) != (mine.category, mine.top) else 0.0
    return 1.0 if a > b else 0.5


@pytest.mark.parametrize("visible", [2, 4])
def test_equity_against_one_hand_matches_the_reference_showdown(visible):
    """With the range one hand of a ``pass`` opponent, LBR's equity is the reference showdown's share with LBR
    sniping that hand when it beats LBR, averaged over every ending of the board weighed by its cards."""
    rng = np.random.default_rng(7)
    t = tables()
    for _ in range(6):
        deck = np.array([n for n in range(1, N_NUMBERS + 1) for _ in range(COPIES)], np.uint8)
        cards = rng.permutation(deck)[:8]
        own, opp, board = cards[:2], cards[2:4], cards[4:8]
        weights = np.zeros(N_PAIRS)
        weights[pair_index(*opp)] = 1.0
        out = np.zeros(N_PAIRS)
        pair_equities_nb(own, board, visible, weights, PAIRS, int(Heuristic.PASS), True, t, out)
        left = list(deck)
        for c in (*own, *opp, *board[:visible]):
            left.remove(c)
        endings = [()] if visible == 4 else list(itertools.combinations(left, 2))
        mine, theirs = tuple(map(int, own)), tuple(map(int, opp))
        shares = [reference_share(mine, theirs, tuple(map(int, (*board[:visible], *end)))) for end in endings]
        assert out[pair_index(*opp)] == pytest.approx(np.mean(shares), abs=1e-12)
        assert np.count_nonzero(out) == 1


# ----- an exact best response to ``call`` ---------------------------------------------------------------


def call_values(own, board2, t):
    """Against ``call`` (never folds, never raises, never snipes) every chip LBR puts in is matched, so a hand
    with ``a1`` chips bet in round 1 and the best round-2 bet on each board ``B`` is worth, over the opponent's
    hand and the board's ending, ``V(a1) = E_B[(2 e_B - 1)(1 + a1) + max(0, 2 e_B - 1)(59 - a1)]`` (``e_B`` the
    share against the uniform range on ``B``; the cap is 60, ante 1, a bet of +5 or all-in at most once a round).
    Returns (``V`` for every round-1 choice, LBR's round-1 equity)."""
    counts = np.zeros(N_NUMBERS + 1, np.int64)
    unseen_counts_nb(np.array([*own, *board2], np.uint8), counts)
    prior = np.zeros(N_PAIRS)
    prior_nb(counts, PAIRS, prior)
    out = np.zeros(N_PAIRS)
    args = (int(Heuristic.PASS), True, t, out)
    pair_equities_nb(np.array(own, np.uint8), np.array([*board2, 0, 0], np.uint8), 2, prior, PAIRS, *args)
    wp = float(prior @ out / prior.sum())
    ends, total = [], 0
    for c, d in itertools.combinations_with_replacement(range(1, N_NUMBERS + 1), 2):
        m = counts[c] * (counts[c] - 1) // 2 if c == d else counts[c] * counts[d]
        if m == 0:
            continue
        after = counts.copy()
        after[c] -= 1
        after[d] -= 1
        weights = np.zeros(N_PAIRS)
        prior_nb(after, PAIRS, weights)
        pair_equities_nb(np.array(own, np.uint8), np.array([*board2, c, d], np.uint8), 4, weights, PAIRS, *args)
        ends.append((m, 2 * float(weights @ out / weights.sum()) - 1))
        total += m
    top = STARTING_STACK - ANTE
    values = {a1: sum(m * (e * (ANTE + a1) + max(0.0, e) * (top - a1)) for m, e in ends) / total
              for a1 in (0, 1, 3, 5, top)}  # fmt: skip
    return values, wp


def test_lbr_never_beats_the_exact_best_response_to_call():
    """The best response to ``call`` is exact here (``call_values``: its round-1 bet, then its round-2 bet on
    each board; its snipe, the name most likely to beat it, is the best one against a player that never snipes).
    LBR bets all in when its equity is above 1/2 and checks otherwise, in both rounds: its exact value per deal
    is ``V(59)`` or ``V(0)``, never above the best response's, and its measured win rate agrees with it."""
    t = tables()
    lbr = SniperLbr("call")
    nets, exact_lbr, exact_best = [], [], []
    for deal in range(60):
        for first in (0, 1):
            nets.append(lbr.play_hand(deal, first))
            own, board2 = tuple(int(c) for c in lbr.h.private[0]), tuple(int(c) for c in lbr.h.board[:2])
            values, wp = call_values(own, board2, t)
            exact_lbr.append(values[STARTING_STACK - ANTE] if wp > 0.5 else values[0])
            exact_best.append(max(values.values()))
    exact_lbr, exact_best, nets = np.array(exact_lbr), np.array(exact_best), np.array(nets)
    assert np.all(exact_lbr <= exact_best + 1e-9)
    assert exact_best.mean() > exact_lbr.mean()  # the best response sometimes waits for the board
    residual = nets - exact_lbr  # mean 0 when the simulation plays what the model says
    half = 1.96 * residual.std(ddof=1) / math.sqrt(len(residual))
    assert abs(residual.mean()) < half, (residual.mean(), half)


def test_cli_json_and_refusals():
    runner = CliRunner()
    out = runner.invoke(app, ["exploit", "fold", "--game", "sniper", "--hands", "4", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["game"] == "sniper" and report["unit"] == "chips/hand" and report["value"] == FOLD_ANALYTIC
    assert report["bets"] == "fc135a" and report["lbr_rounds"] == ["1", "2"]
    for bad in (["--bets", "fp"], ["--hands", "3"], ["--lbr-rounds", "turn"], ["--rollouts", "5"]):
        out = runner.invoke(app, ["exploit", "easy", "--game", "sniper", *bad])
        assert out.exit_code == 2 and out.output.count("\n") == 1, out.output
    out = runner.invoke(app, ["exploit", "easy:nosuch=1", "--game", "sniper", "--hands", "2"])
    assert out.exit_code == 2, out.output
