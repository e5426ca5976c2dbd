"""The PettingZoo AEC environment: API conformance, seeded reproducibility, rewards (R2–R10, R13)."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from shared_checks import pettingzoo_tests, random_play  # noqa: E402

from sniper.games.sniper_holdem.env import N_ENV_ACTIONS, OBS_SIZE, PASS_ACTION, env  # noqa: E402

PARAMS = [
    {"players": 2},
    {"players": 4, "opponents": ["easy", "random"]},
    {"players": 3, "opponents": ["normal:samples=20"], "rules": "show", "game_length": "10"},
    {"players": 6, "opponents": ["easy"] * 3, "game_length": "bust"},
]


test_pettingzoo_api, test_pettingzoo_seed_test = pettingzoo_tests(env, PARAMS)


def play(environment, seed, policy_seed, episodes=2):
    """Run ``episodes`` games with a seeded random policy over the action masks; the trajectory."""
    return random_play(environment, seed, policy_seed, episodes)


def test_same_seed_same_games_other_seed_other_games():
    make = lambda: env(players=4, opponents=["easy", "hard:samples=30"])  # noqa: E731
    first = play(make(), seed=11, policy_seed=0)
    assert first == play(make(), seed=11, policy_seed=0)
    assert first != play(make(), seed=12, policy_seed=0)
    assert len({step[0] for step in first}) == 2, "only the learner's seats are agents"


def test_rewards_are_net_chips_summing_to_the_final_stack():
    environment = env(players=3, opponents=["easy"], game_length="10")
    trajectory = random_play(environment, seed=2, policy_seed=3, episodes=1)
    totals = dict.fromkeys(environment.possible_agents, 0)
    for agent, observation, mask, reward, action in trajectory:
        totals[agent] += reward
        assert len(mask) == N_ENV_ACTIONS and np.shape(observation) == (OBS_SIZE,)
        if action is not None:  # the agent is still playing
            assert any(mask) and (all(mask[PASS_ACTION:]) or not any(mask[PASS_ACTION:]))
    raw = environment.unwrapped
    assert totals == {f"player_{s}": raw._stacks[s] - 60 for s in range(2)}
    assert sum(raw._stacks) == 180, "chips are conserved (R9)"


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="players must be 2-6"):
        env(players=7)
    with pytest.raises(ValueError, match="leave no seat"):
        env(players=2, opponents=["easy", "easy"])
    with pytest.raises(ValueError, match="unknown agent level"):
        env(players=3, opponents=["expert"])
