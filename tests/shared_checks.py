"""Checks several test modules make alike, written once: PettingZoo's conformance tests of a game's AEC env
(``pettingzoo_tests``) and the command line's answer to bad input (``one_line_exit_2``)."""

import pytest


def pettingzoo_tests(env, params: list[dict], seed_params: list[dict] | None = None, seed_cycles: int = 200):
    """PettingZoo's ``api_test`` (300 cycles) of ``env(**p)`` for each ``p`` of ``params`` and its ``seed_test``
    (``seed_cycles`` cycles) for each of ``seed_params`` (default the first two of ``params``), as the two test
    functions a test module binds: ``test_pettingzoo_api, test_pettingzoo_seed_test = pettingzoo_tests(...)``."""
    from pettingzoo.test import api_test, seed_test

    @pytest.mark.filterwarnings("ignore:Observation")
    @pytest.mark.parametrize("params", params)
    def test_pettingzoo_api(params):
        api_test(env(**params), num_cycles=300)

    @pytest.mark.parametrize("params", params[:2] if seed_params is None else seed_params)
    def test_pettingzoo_seed_test(params):
        seed_test(lambda: env(**params), num_cycles=seed_cycles)

    return test_pettingzoo_api, test_pettingzoo_seed_test


def one_line_exit_2(main, capsys) -> str:
    """Run the console entry ``main`` (``sys.argv`` already set) and check it refuses the input the project's
    way: exit code 2 and one line ``sniper: error: …`` on stderr; the captured stdout and stderr, joined."""
    with pytest.raises(SystemExit) as exit_info:
        main()
    captured = capsys.readouterr()
    assert exit_info.value.code == 2, captured
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sniper: error: "), captured.err
    return captured.err + captured.out


def random_play(environment, seed: int, policy_seed: int, episodes: int = 2, choose=None) -> list[tuple]:
    """Run ``episodes`` games of the AEC env ``environment`` (the first reset with ``seed``) with a seeded random
    policy over the action masks: ``choose(rng, legal)`` (default uniform over ``legal``, the mask's actions) with
    ``rng`` a numpy generator of ``policy_seed``; the trajectory of (agent, observation, mask, reward, action)."""
    import numpy as np

    rng = np.random.default_rng(policy_seed)
    choose = choose or (lambda rng, legal: int(rng.choice(legal)))
    trajectory = []
    for episode in range(episodes):
        environment.reset(seed=seed if episode == 0 else None)
        for agent in environment.agent_iter():
            obs, reward, terminated, truncated, _ = environment.last()
            action = None if terminated or truncated else choose(rng, np.flatnonzero(obs["action_mask"]))
            trajectory.append((agent, obs["observation"].tolist(), obs["action_mask"].tolist(), reward, action))
            environment.step(action)
    return trajectory
