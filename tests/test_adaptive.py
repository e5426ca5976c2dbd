"""Adaptive sampling of the Monte Carlo levels (``settle``): stop rule, sample blocks, both engines (R8, R13)."""

import numpy as np
import pytest

import sniper.games.sniper_holdem.agents
import sniper.games.sniper_holdem.snipes
from kernels.sniper_holdem.params import HARD_V1_DEFAULTS, SETTLE_BLOCK
from sniper.games.poker52.settle import settled
from sniper.games.sniper_holdem.parameters import LEVELS, make_agent
from sniper.games.sniper_holdem.play import play_game
from sniper.games.sniper_holdem.rollout import kernel_rollout, rollout
from sniper.games.sniper_holdem.rules import make_rules
from sniper.games.sniper_holdem.snipes import leader_settled
from sniper.runs.config import RunConfig
from sniper.runs.rundir import new_manifest


def test_settled_stops_only_far_from_every_threshold():
    assert settled(0.1, 100, 1.0, [0.3, 0.4], 2.0)  # se <= 0.031: 0.2 away is settled
    assert not settled(0.28, 100, 1.0, [0.3, 0.4], 2.0)
    assert not settled(0.28, 100, 1.0, [0.3, 0.4], 0.5) and settled(0.2, 100, 1.0, [0.3], 0.5)
    assert settled(0.5, 25, 1.0, [], 3.0)  # nothing to compare with
    assert settled(0.0, 25, 1.0, [0.2], 1.0) and not settled(0.0, 25, 1.0, [0.05], 2.0)  # smoothed: no zero se
    assert not settled(0.5, 100, 0.5, [0.24], 1.0) and settled(0.5, 100, 0.5, [0.1], 1.0)  # texture factor


def test_leader_settled_is_a_sign_test_between_the_two_most_frequent():
    assert not leader_settled([], [0] * 60, 1.0)
    counts = [0] * 60
    counts[3], counts[7] = 20, 4
    assert leader_settled([3, 7], counts, 2.0)  # 16 > 2 * sqrt(24)
    counts[7] = 15
    assert not leader_settled([3, 7], counts, 2.0)
    assert leader_settled([3], counts, 2.0)  # 20 > 2 * sqrt(20)


@pytest.mark.parametrize("engine", [rollout, kernel_rollout])
def test_rollout_blocks_add_up_to_one_long_rollout(engine):
    """Samples are numbered: blocks ``first .. first + n - 1`` add up to the whole run, bit for bit in integers."""
    args = ((7, 2), (7, 9, 9, 3), 2, (), None, 0, 12345)
    extra = {"parallel": False} if engine is kernel_rollout else {}
    whole = engine(*args, 60, **extra)
    parts = [engine(*args, n, **extra, first=first) for first, n in ((0, 25), (25, 25), (50, 10))]
    assert sum(p.win_units for p in parts) == whole.win_units
    assert sum(p.sniped for p in parts) == whole.sniped
    assert tuple(np.sum([p.beaters for p in parts], axis=0)) == whole.beaters
    assert engine(*args, 10, **extra, first=50) == rollout(*args, 10, first=50)


def test_v1_levels_keep_the_old_parameters():
    old = make_agent("hard-v1")
    assert {name: getattr(old, name) for name in HARD_V1_DEFAULTS} == HARD_V1_DEFAULTS
    assert LEVELS["hard-v1"].settle == 0 and LEVELS["normal-v1"].settle == 0
    assert LEVELS["hard"].settle > 0 and LEVELS["normal"].settle > 0


def _count_samples(monkeypatch, specs, games=4):
    """Rollout samples per betting decision of the Monte Carlo seats (reference engine, kernel rollouts)."""
    counts: list[int] = []
    betting = [False]
    original_rollout, original_equity = (
        sniper.games.sniper_holdem.snipes.rollout_sums,
        sniper.games.sniper_holdem.agents.MonteCarloAgent.equity,
    )

    def counting_rollout(*args, **kwargs):
        if betting[0]:
            counts[-1] += args[7]
        return original_rollout(*args, **kwargs)

    def counting_equity(self, obs, key, thresholds=()):
        counts.append(0)
        betting[0] = True
        try:
            return original_equity(self, obs, key, thresholds)
        finally:
            betting[0] = False

    monkeypatch.setattr(sniper.games.sniper_holdem.agents, "rollout_sums", counting_rollout)
    monkeypatch.setattr(sniper.games.sniper_holdem.agents.MonteCarloAgent, "equity", counting_equity)
    agents = [make_agent(s, rollouts="kernel") for s in specs]
    for game in range(games):
        for _ in play_game(agents, 5, game, make_rules("ours", "10")):
            pass
    monkeypatch.undo()
    return counts


def test_adaptive_decisions_use_fewer_samples(monkeypatch):
    full = _count_samples(monkeypatch, ["easy", "hard-v1"])
    adaptive = _count_samples(monkeypatch, ["easy", "hard-v1:settle=1"])
    assert set(full) == {400}
    assert max(adaptive) == 400 and min(adaptive) == SETTLE_BLOCK
    assert all(n % SETTLE_BLOCK == 0 for n in adaptive)
    assert np.mean(adaptive) < 0.5 * 400


def test_manifest_records_every_agents_parameters():
    manifest = new_manifest(RunConfig(("hard", "easy:bluff=0.2"), make_rules()))
    hard, easy = manifest["agent_parameters"]
    assert hard["class"] == "MonteCarloAgent" and hard["samples"] == LEVELS["hard"].samples > 0
    assert hard["settle"] == LEVELS["hard"].settle
    assert easy == {"spec": "easy:bluff=0.2", "class": "EasyAgent", "bluff": 0.2, "raise_limit": 6, "snipes": "board"}
