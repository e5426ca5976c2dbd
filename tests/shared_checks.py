"""Checks several test modules make alike, written once: PettingZoo's conformance tests of a game's AEC env
(``pettingzoo_tests``), the command line's answer to bad input (``one_line_exit_2``), a seeded random playout
(``random_play``), the stacks of a 52-card hand's PHH replayed by PokerKit with GAMES.md's pots
(``games_md_stacks``), and what the 52-card games' kernel tests check alike: the rare situations counted
(``event_counts``), parameters drawn from their domains (``domain_parameters``) and the kernel's memory
(``kernel_frees_what_it_allocates``)."""

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


def games_md_stacks(record, state, strength) -> list[int]:
    """The final stacks of PokerKit's replay ``state`` of ``record`` (a 52-card game's ``play.HandRecord``) with
    its pots shared as GAMES.md says (H7, H9, D7, D8: each side pot apart, odd chips one each;
    ``sniper.games.poker52.hand.share_pots``), in PokerKit's player order; ``strength(seat)``: a live seat's hand
    value (``sniper.games.poker52.cards.value``)."""
    from pokerkit import ChipsPushing

    from sniper.games.poker52.hand import dealing_order, share_pots
    from sniper.games.poker52.history import FOLD

    order = dealing_order(record.stacks_before, record.button)
    pushed = [0] * len(order)
    for op in state.operations:
        if isinstance(op, ChipsPushing):
            pushed = [p + a for p, a in zip(pushed, op.amounts)]
    put = [s - (f - p) for s, f, p in zip(state.starting_stacks, state.stacks, pushed)]
    folded = {a.seat for a in record.actions if a.action == FOLD}
    live = [seat not in folded for seat in order]
    strengths = [strength(seat) if alive else 0 for seat, alive in zip(order, live)]
    return [s - p + r for s, p, r in zip(state.starting_stacks, put, share_pots(put, live, strengths))]


def event_counts(records, count):
    """The counts of the rare situations of a reference engine's hands (a kernel test's ``events``), a
    ``collections.Counter``: ``count(counts, record)`` adds each hand ``record`` of ``records`` (each game's
    hand records)."""
    from collections import Counter

    counts = Counter()
    for played in records:
        for record in played:
            count(counts, record)
    return counts


def domain_parameters(draw, parameters: dict, small: tuple[str, ...] = ()) -> dict:
    """A level's parameters drawn (hypothesis's ``draw``) from their declared domains (``parameters``: name →
    (default, low, high), a level's entry of the game's ``PARAMETERS``): integers for integer defaults, floats
    otherwise; the sample counts ``small`` from 1 to 12 (the reference's Monte Carlo is slow)."""
    from hypothesis import strategies as st

    out = {}
    for name, (default, low, high) in parameters.items():
        if name in small:
            out[name] = draw(st.integers(1, 12))
        elif isinstance(default, int):
            out[name] = draw(st.integers(int(low), int(high)))
        else:
            out[name] = draw(st.floats(low, high, allow_nan=False))
    return out


NRT_BALANCE = """
from numba.core.runtime import rtsys
{setup}
play_games_kernel(1, [0], inputs, actions=True, threads=1)  # compiled and warm
before = rtsys.get_allocation_stats()
play_games_kernel(1, range(1, 3), inputs, actions=True, threads=1)
after = rtsys.get_allocation_stats()
print(*(a - b for a, b in zip(after, before)))
"""
"""The script of ``kernel_frees_what_it_allocates``: a game's setup, then the allocations of two games."""


def kernel_frees_what_it_allocates(setup: str) -> None:
    """Every array numba allocates while a game's kernel plays two games (after one to compile and warm it) is
    freed again (``NUMBA_NRT_STATS``, in a fresh interpreter): ``setup``, the Python lines that import the game's
    ``play_games_kernel`` and make its ``inputs``."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = os.environ | {"NUMBA_NRT_STATS": "1", "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    script = NRT_BALANCE.format(setup=setup)
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    alloc, free, mi_alloc, mi_free = map(int, done.stdout.split())
    assert alloc > 0 and mi_alloc > 0  # each range of games allocates its scratch, so the count is live
    assert (alloc, mi_alloc) == (free, mi_free)


def played_tendencies(table_class, deal, tendencies, agents, games=3, hands=20):
    """A game's ``tendencies`` (its ``reading.tendencies``) summed over ``games`` reference games of ``hands`` hands
    on ``table_class`` (a ``TableState`` dealt by the action ``deal``) with ``agents`` (one per seat), each
    decision's observation agreeing with ``tendencies`` of the hands finished before it (the reads' counts of
    ``tests/test_reads.py`` and ``tests/test_holdem_reads.py``)."""
    total = [None for _ in agents]
    for game in range(games):
        table = table_class(len(agents), 4111, game, hand_limit=hands)
        while not table.is_over():
            table.apply(deal)
            while not table.hand_over():
                seat = table.current_player()
                obs = table.observe(seat)
                assert obs.tendencies == tendencies(table.hands, len(agents))
                table.apply(agents[seat].act(obs, table.stream()))
        for seat, counts in enumerate(tendencies(table.hands, len(agents))):
            total[seat] = list(counts) if total[seat] is None else [a + b for a, b in zip(total[seat], counts)]
    return total
