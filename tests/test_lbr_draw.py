"""Local best response in five-card draw (issue 32; sniper.games.draw.lbr, kernels.draw.lbr, ``sniper exploit
--game draw``): known answers."""

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from kernels.draw.codes import DISCARD, HAND_SIZE, N_KEEPS
from kernels.draw.lbr import bits_nb, count_likelihood_nb, deal_particles_nb, draw_particles_nb, keep_shares_nb
from kernels.draw.policies import N_FLAT
from kernels.draw.strength import GONE, MASKS
from kernels.eval52 import tables, value_nb
from sniper.cli.app import app
from sniper.games.draw.kernel_engine import level_tables
from sniper.games.draw.lbr import BIG_BET, DrawLbr, exploit
from sniper.games.draw.rules import ANTE, BET_SIZES

FOLD_ANALYTIC = ANTE / BIG_BET * 1000
"""mbb/g a player that checks when it can and otherwise folds loses to LBR: LBR's bet is worth the whole pot
against it (it folds for sure) and checking at most that, so LBR bets at its first turn and takes the
opponent's ante, every hand (D1, D3: an ante of 1, a big bet of 4 chips: 250 mbb/g)."""


def strict(text: str):
    """JSON that must be strict: ``NaN`` or ``Infinity`` raise."""
    return json.loads(text, parse_constant=lambda name: pytest.fail(f"not strict JSON: {name}"))


def test_the_big_bet_is_the_second_round_bet():
    assert BIG_BET == BET_SIZES[1] == 4 and FOLD_ANALYTIC == 250


def test_lbr_wins_exactly_the_ante_from_fold():
    """Every deal the same: no variance, so no interval either."""
    result = exploit("fold", hands=20).to_json()
    assert result["value"] == FOLD_ANALYTIC and result["ci95"] == [None, None]
    assert (result["game"], result["unit"], result["hands"]) == ("draw", "mbb/g", 20)


def test_lbr_wins_more_from_call_and_random_than_from_fold():
    for spec in ("call", "random"):
        result = exploit(spec, hands=200, seed=3).to_json()
        assert result["ci95"][0] > FOLD_ANALYTIC > 0, (spec, result)


class Checked(DrawLbr):
    """LBR whose range holds the opponent's true hand as particle 0, noting the likelihood its model gives the
    true hand at every update before the particles draw (then they are resampled)."""

    def new_range(self):
        super().new_range()
        self.particles[0] = self.h.hole[1 - self.lbr]
        self.seen.append([])

    def update(self, likelihood):
        if not self.final:
            self.seen[-1].append((self.weights[0] > 0, float(likelihood[0])))
        super().update(likelihood)


@pytest.mark.parametrize("spec", ["random", "easy", "fold", "call", "easy/random"])
def test_the_model_of_an_exact_level_gives_its_real_actions(spec):
    """The kernel's probabilities and the kernel's decision are one code: for a level with no Monte Carlo
    estimate the true hand stays in the range and its real bets and draw count have positive probability (1
    for fold and call; easy: its bluff draw's 0.05 or 0.95 when the two outcomes differ; random: 1/k of k
    kinds, or the share of the 26 keeps of its count, at least 1/26)."""
    lbr = Checked(spec)
    lbr.seen = []
    for deal in range(10):
        lbr.play_deal(deal)
    seen = [x for hand in lbr.seen for x in hand]
    assert seen and all(alive for alive, _ in seen)
    likelihoods = np.array([p for _, p in seen])
    assert np.all(likelihoods == 1.0) if spec in ("fold", "call") else np.all(likelihoods >= 1 / N_KEEPS - 1e-12)
    assert lbr.resets == 0


def test_same_seed_same_result_and_workers_do_not_matter():
    one = exploit("easy", hands=16, seed=5).to_json()
    assert exploit("easy", hands=16, seed=5).to_json() == one
    assert exploit("easy", hands=16, seed=5, workers=2).to_json() == one
    assert exploit("easy", hands=16, seed=6).to_json()["value"] is not None


def test_particles_avoid_the_cards_lbr_saw_and_draw_what_they_discard():
    dead = bits_nb(np.array([0, 5, 10, 51, 20], np.uint8), 5)
    particles = np.zeros((300, HAND_SIZE), np.uint8)
    deal_particles_nb(dead, np.uint64(7), particles)
    assert all(len(set(row)) == HAND_SIZE and not {0, 5, 10, 51, 20} & set(row) for row in particles.tolist())
    assert len({tuple(sorted(row)) for row in particles.tolist()}) > 290
    masks = np.array([MASKS[q % N_KEEPS] for q in range(300)], np.uint8)
    finals, discards = np.zeros_like(particles), np.zeros((300, 3), np.uint8)
    draw_particles_nb(particles, masks, dead, np.uint64(8), finals, discards)
    for row, mask, final, gone in zip(particles.tolist(), masks.tolist(), finals.tolist(), discards.tolist()):
        kept = [c for i, c in enumerate(row) if not (mask >> i) & 1]
        assert final[: len(kept)] == kept and gone[: HAND_SIZE - len(kept)] == [c for c in row if c not in kept]
        new = final[len(kept) :]
        assert len(set(final)) == HAND_SIZE and not set(new) & (set(row) | {0, 5, 10, 51, 20})


def test_count_likelihood_sums_the_keeps_of_that_count():
    rng = np.random.default_rng(1)
    probs = np.zeros((4, N_FLAT))
    probs[:, DISCARD + MASKS] = rng.random((4, N_KEEPS))
    out = np.zeros(4)
    for count in range(4):
        count_likelihood_nb(probs, count, out)
        assert np.allclose(out, probs[:, DISCARD + MASKS[GONE == count]].sum(axis=1))


def test_lbr_equity_is_the_showdown_once_both_hands_are_final():
    """Both hands final: one exact comparison per particle, the reference's values (D7), a tie half."""
    t, lt = tables(), level_tables()
    rng = np.random.default_rng(2)
    for _ in range(20):
        cards = rng.permutation(52)[:10].astype(np.uint8)
        own, theirs = cards[:5], cards[5:][None, :]
        out = np.zeros((1, N_KEEPS))
        keep_shares_nb(own, bits_nb(own, 5), False, theirs, np.zeros(1, np.uint8), theirs, True, 4, np.uint64(1),
                       t, lt, out)  # fmt: skip
        mine, other = value_nb(own, t), value_nb(theirs[0], t)
        assert np.all(out == (1.0 if mine > other else 0.5 if mine == other else 0.0))


def test_lbr_equity_before_the_draws_is_a_share_and_a_made_hand_stands_pat():
    """Draws to come: shares in [0, 1]; four aces stand pat against a particle that keeps nothing but a pair
    of twos and draws three (it can end no better than four twos or a straight flush, rarely)."""
    t, lt = tables(), level_tables()
    own = np.array([48, 49, 50, 51, 0], np.uint8)  # four aces and a two (cards: rank * 4 + suit)
    particle = np.array([[1, 2, 8, 13, 22]], np.uint8)  # two twos and three others
    out = np.zeros((1, N_KEEPS))
    keep_shares_nb(own, bits_nb(own, 5), True, particle, np.array([0b11100], np.uint8), particle, False, 64,
                   np.uint64(3), t, lt, out)  # fmt: skip
    assert np.all((out >= 0) & (out <= 1)) and out[0, 0] == out.max() > 0.99


def test_cli_json_and_refusals():
    runner = CliRunner()
    out = runner.invoke(app, ["exploit", "fold", "--game", "draw", "--hands", "4", "--json"])
    assert out.exit_code == 0, out.output
    report = strict(out.output)
    assert {"game", "value", "ci95", "unit", "hands", "bets", "lbr_rounds", "seed", "model_samples"} <= set(report)
    assert report["game"] == "draw" and report["unit"] == "mbb/g" and report["value"] == FOLD_ANALYTIC
    assert report["lbr_rounds"] == ["first", "second"] and report["bets"] == "fcr"
    out = runner.invoke(app, ["exploit", "fold", "--game", "draw", "--hands", "4", "--lbr-rounds", "second"])
    assert out.exit_code == 0 and "mbb/g" in out.output, out.output
    bad = (["--bets", "fp"], ["--bets", "cx"], ["--hands", "3"], ["--lbr-rounds", "third"], ["--model-samples", "0"],
           ["--rollouts", "0"])  # fmt: skip
    for args in bad:
        out = runner.invoke(app, ["exploit", "easy", "--game", "draw", *args])
        assert out.exit_code == 2 and out.output.count("\n") == 1, (args, out.output)
    out = runner.invoke(app, ["exploit", "easy:nosuch=1", "--game", "draw", "--hands", "2"])
    assert out.exit_code == 2, out.output
