"""Local best response (issue 32; sniper.core.lbr, sniper.games.holdem.lbr, ``sniper exploit``): known answers."""

import itertools
import json

import numpy as np
import pytest
from typer.testing import CliRunner

from kernels.holdem.lbr import N_PAIRS, PAIRS, pair_index, slot_of_nb
from sniper.cli.app import app
from sniper.core.lbr import (
    bayes_update,
    best_action,
    call_value,
    equity_against,
    parse_bets,
    parse_rounds,
    raise_value,
)
from sniper.games.holdem.lbr import HoldemLbr, exploit
from sniper.games.holdem.rules import BIG_BLIND, SMALL_BLIND, STREETS

FOLD_ANALYTIC = (SMALL_BLIND + BIG_BLIND) / 2 / BIG_BLIND * 1000
"""mbb/g a player that folds every hand loses heads-up: its blind, small or big, every other hand (H1: 750)."""


def test_pairs_are_every_two_card_hand_once():
    assert PAIRS.shape == (N_PAIRS, 2) == (1326, 2)
    assert len({tuple(p) for p in PAIRS}) == N_PAIRS and all(a < b for a, b in PAIRS)
    assert all(pair_index(a, b) == i == pair_index(b, a) for i, (a, b) in enumerate(PAIRS))


def test_lbr_wins_exactly_the_blinds_from_fold():
    """Against ``fold`` every deal is the same: it folds its small blind, and checks its big blind to LBR's
    first bet (the turn), so LBR wins (SB + BB) / 2 per hand: no variance, so no interval either."""
    result = exploit("fold", hands=40).to_json()
    assert result["value"] == FOLD_ANALYTIC == 750
    assert result["ci95"] == [None, None] and result["hands"] == 40 and result["game"] == "holdem"


def test_lbr_wins_far_more_from_call_and_random():
    for spec, times in (("call", 4), ("random", 1)):
        result = exploit(spec, hands=200, seed=3).to_json()
        assert result["ci95"][0] > times * FOLD_ANALYTIC, (spec, result)


def test_lbr_best_responds_preflop_too_when_asked():
    """With every round LBR raises ``fold``'s big blind before the flop: still exactly the blinds."""
    assert exploit("fold", hands=20, rounds="all").to_json()["value"] == FOLD_ANALYTIC


class Checked(HoldemLbr):
    """LBR that checks, at every opponent action, the probability its model gives the true hole cards."""

    def policy(self, h, p):
        self.last = super().policy(h, p)
        return self.last

    def opponent_action(self, h, p, key):
        truth = pair_index(int(h.hole[p, 0]), int(h.hole[p, 1]))
        weight = self.weights[truth]
        action = super().opponent_action(h, p, key)
        self.seen.append((weight > 0, self.last[truth, slot_of_nb(action, self.menu)]))
        return action


@pytest.mark.parametrize("spec", ["random", "easy", "normal", "fold", "call"])
def test_the_model_of_an_exact_level_gives_its_real_action(spec):
    """The kernel's slot probabilities and the kernel's decision are one code: for a level with no Monte
    Carlo estimate the true hand always stays in the range and its real action has probability 1 (1/k
    and 1/(4k) for random's kinds and sizes, menu entries that coincide summed)."""
    lbr = Checked(spec, rounds=(0, 1, 2, 3))
    lbr.seen = []
    for deal in range(15):
        lbr.play_deal(deal)
    assert lbr.seen and all(alive for alive, _ in lbr.seen)
    likelihoods = np.array([p for _, p in lbr.seen])
    if spec == "random":
        assert np.all(likelihoods >= 1 / 12 - 1e-12)
    else:
        assert np.all(likelihoods == 1.0)
    assert lbr.resets == 0


def test_same_seed_same_result_and_workers_do_not_matter():
    one = exploit("easy", hands=40, seed=5).to_json()
    assert exploit("easy", hands=40, seed=5).to_json() == one
    assert exploit("easy", hands=40, seed=5, workers=2).to_json() == one


def test_bayes_update_and_its_fallback():
    prior = np.array([1.0, 1.0, 0.0, 1.0])
    w = prior.copy()
    assert not bayes_update(w, np.array([0.5, 0.0, 1.0, 1.0]), prior)
    assert w.tolist() == [0.5, 0.0, 0.0, 1.0]
    assert bayes_update(w, np.array([0.0, 1.0, 1.0, 0.0]), prior)
    assert w.tolist() == [0.0, 1.0, 0.0, 0.0]
    assert equity_against(np.array([1.0, 3.0]), np.array([1.0, 0.0])) == 0.25


def test_options_are_checked():
    assert parse_bets("APCF") == "fcpa" and parse_bets("c") == "c"
    for bad in ("fpa", "fcx", "ffc", ""):
        with pytest.raises(ValueError):
            parse_bets(bad)
    assert parse_rounds("river,turn", STREETS) == (2, 3) and parse_rounds("all", STREETS) == (0, 1, 2, 3)
    for bad in ("", "turn,turn", "showdown"):
        with pytest.raises(ValueError):
            parse_rounds(bad, STREETS)
    with pytest.raises(ValueError):
        exploit("easy", hands=3)
    with pytest.raises(ValueError):
        exploit("nosuchlevel", hands=2)


# ----- a toy where the exact best response is computable ------------------------------------------------

CARDS = 6
"""The toy's deck: cards 0..5, one private card each, the higher wins (no ties, no board)."""
POT, STACK = 2.0, 4.0
"""The toy's pot before the one betting round (antes of 1 each) and each player's chips behind."""


def toy_policy(seed: int):
    """A random fixed policy of the bot in the toy: first to act it checks or bets the pot (2); facing a bet
    or raise of size ``s`` it folds or calls. Probabilities per card."""
    rng = np.random.default_rng(seed)
    return {"bet": rng.random(CARDS), ("fold", 2.0): rng.random(CARDS), ("fold", 4.0): rng.random(CARDS)}


def toy_values(own: int, bot_action: str, policy, weights):
    """LBR's values (sniper.core.lbr) of its actions after the bot's first action, against ``weights``."""
    wins = np.array([1.0 if own > c else 0.0 for c in range(CARDS)])
    wp = equity_against(weights, wins)
    if bot_action == "bet":  # LBR faces a pot bet: fold, call, or all-in (a raise to 4 of the 4 behind)
        pot = POT + 2.0
        folds = policy[("fold", 4.0)]
        fp = float(weights @ folds / weights.sum())
        wp_called = equity_against(weights * (1 - folds), wins)
        raise_v = raise_value(fp, wp_called, pot, 2.0, 4.0)
        return [("fold", 0.0), ("call", call_value(wp, pot, 2.0)), ("allin", raise_v)]
    values = [("check", call_value(wp, POT, 0.0))]
    for size in (2.0, 4.0):
        folds = policy[("fold", size)]
        fp = float(weights @ folds / weights.sum())
        values.append((size, raise_value(fp, equity_against(weights * (1 - folds), wins), POT, size, size)))
    return values


def toy_outcome(own: int, bot: int, bot_action: str, lbr_action, policy) -> float:
    """LBR's expected net (chips) given both cards and both actions, over the bot's response."""
    win = 1.0 if own > bot else -1.0
    half = POT / 2
    if bot_action == "bet":
        if lbr_action == "fold":
            return -half
        if lbr_action == "call":
            return win * (half + 2.0)
        fold = policy[("fold", 4.0)][bot]
        return fold * (half + 2.0) + (1 - fold) * win * (half + STACK)
    if lbr_action == "check":
        return win * half
    fold = policy[("fold", lbr_action)][bot]
    return fold * half + (1 - fold) * win * (half + lbr_action)


def toy_game_value(policy, choose) -> float:
    """LBR's expected net per deal when it takes ``choose(own, bot_action, posterior)``, averaged over
    the deals (ordered pairs of distinct cards), the bot's first action and its response."""
    total = 0.0
    deals = list(itertools.permutations(range(CARDS), 2))
    for own, bot in deals:
        prior = np.array([0.0 if c == own else 1.0 for c in range(CARDS)])
        for bot_action, p in (("bet", policy["bet"][bot]), ("check", 1 - policy["bet"][bot])):
            weights = prior.copy()
            bayes_update(weights, policy["bet"] if bot_action == "bet" else 1 - policy["bet"], prior)
            total += p * toy_outcome(own, bot, bot_action, choose(own, bot_action, weights), policy)
    return total / len(deals)


def exact_best_response(policy):
    """The best response of the toy, by brute force: for each information set (own card, the bot's first
    action) the action of greatest expected net over the bot's cards weighted by their posterior."""

    def choose(own, bot_action, weights):
        options = ("fold", "call", "allin") if bot_action == "bet" else ("check", 2.0, 4.0)
        return max(
            options, key=lambda a: sum(w * toy_outcome(own, c, bot_action, a, policy) for c, w in enumerate(weights))
        )

    return choose


@pytest.mark.parametrize("seed", range(8))
def test_lbr_never_beats_the_exact_best_response_and_matches_it_in_one_round(seed):
    """In a one-round toy the bot only folds or calls after LBR acts, so LBR's check/call-to-the-end
    values are exact: LBR is the best response. LBR's value can never exceed it (a best response is the
    most any strategy wins), and here they must be equal."""
    policy = toy_policy(seed)
    lbr = toy_game_value(policy, lambda own, act, w: best_action(toy_values(own, act, policy, w)))
    best = toy_game_value(policy, exact_best_response(policy))
    always_check = toy_game_value(policy, lambda own, act, w: "call" if act == "bet" else "check")
    assert lbr <= best + 1e-12
    assert lbr == pytest.approx(best, abs=1e-12)
    assert best >= always_check


# ----- the command line ---------------------------------------------------------------------------------


def test_cli_json_and_refusals():
    runner = CliRunner()
    out = runner.invoke(app, ["exploit", "fold", "--game", "holdem", "--hands", "4", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert {"game", "value", "ci95", "unit", "hands", "bets", "lbr_rounds", "seed"} <= set(report)
    assert report["game"] == "holdem" and report["unit"] == "mbb/g" and report["value"] == FOLD_ANALYTIC
    for game in ("saint",):  # no betting, no LBR
        out = runner.invoke(app, ["exploit", "easy", "--game", game])
        assert out.exit_code == 2 and "not yet available" in out.output, out.output
    for bad in (["--bets", "fp"], ["--hands", "3"], ["--lbr-rounds", "showdown"], ["--workers", "0"]):
        out = runner.invoke(app, ["exploit", "easy", "--game", "holdem", *bad])
        assert out.exit_code == 2 and out.output.count("\n") == 1, out.output
    out = runner.invoke(app, ["exploit", "easy:nosuch=1", "--game", "holdem", "--hands", "2"])
    assert out.exit_code == 2, out.output
