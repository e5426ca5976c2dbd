"""Policies you can ask (``sniper.core.policy``, issue 32): every level of Sniper Hold'em and of five-card
draw gives the probability of each legal action, and its ``act`` plays by them.

At a set of observations from seeded games, each level's ``action_probabilities`` covers only legal actions
and sums to 1, and ``act`` is sampled on many decision streams: for a level whose rule is thresholds plus
random draws (exact probabilities) the counts are tested against the probabilities (chi-square goodness of
fit); for a Monte Carlo level (an estimate from ``KEYS`` decision streams) the counts and the estimate are
tested for homogeneity (chi-square on the 2-row table of counts and ``KEYS`` times the estimate, which is
no more spread than counts of ``KEYS`` draws). Each Monte Carlo level also plays, on the estimate's own
first stream, one of the actions its one-stream estimate gives (``sniper.core.policy.policy_stream``).
Seeded, so the tests are deterministic; each p-value must exceed ``ALPHA``.
"""

import random
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest
from scipy.stats import chi2_contingency, chisquare

from sniper.core.policy import check_policy, policy_stream
from sniper.core.rng import Stream, derive
from sniper.games.draw.agents import RandomAgent as DrawRandom
from sniper.games.draw.agents import make_agent as draw_agent
from sniper.games.draw.engine import DEAL as DRAW_DEAL
from sniper.games.draw.kernel_engine import kernel_probabilities
from sniper.games.draw.table import DrawTable
from sniper.games.sniper_holdem.agents import RandomAgent as SniperRandom
from sniper.games.sniper_holdem.parameters import LEVELS as SNIPER_LEVELS
from sniper.games.sniper_holdem.parameters import make_agent as sniper_agent
from sniper.games.sniper_holdem.rules import DEAL as SNIPER_DEAL
from sniper.games.sniper_holdem.rules import make_rules
from sniper.games.sniper_holdem.table import SniperTable

ALPHA = 1e-3
"""The smallest p-value a test accepts."""
DRAWS = 300
"""``act`` calls per level and observation."""
KEYS = 300
"""Decision streams of a Monte Carlo level's estimate in the tests."""


def act_counts(decide, obs, draws: int = DRAWS, key: int = 2026) -> Counter:
    """Counts of ``decide(obs, stream)`` over ``draws`` streams of their own (never the policy's streams)."""
    return Counter(int(decide(obs, Stream(derive(key, i)))) for i in range(draws))


def check_frequencies(counts: Counter, probs: dict[int, float], exact: bool, where: str) -> None:
    """The chi-square test of the module docstring, with ``where`` in the failure message."""
    n = sum(counts.values())
    outside = {a: c for a, c in counts.items() if a not in probs}
    if exact:
        assert not outside, f"{where}: played {outside} with probability 0 ({probs})"
        actions = sorted(probs)
        if len(actions) > 1:
            p = chisquare([counts[a] for a in actions], [n * probs[a] for a in actions]).pvalue
            assert p > ALPHA, f"{where}: counts {dict(counts)} vs probabilities {probs}: p = {p:.2g}"
        return
    actions = sorted(set(counts) | set(probs))
    if len(actions) > 1:
        table = [[counts[a] for a in actions], [KEYS * probs.get(a, 0.0) for a in actions]]
        p = chi2_contingency(table).pvalue
        assert p > ALPHA, f"{where}: counts {dict(counts)} vs estimate {probs}: p = {p:.2g}"


# ----- Sniper Hold'em ----------------------------------------------------------------------------


def sniper_observations():
    """Betting and snipe-round observations of seeded 3- and 4-seat games of ``random`` players: a few of
    each round, the snipe round with names already made."""
    found = []
    for seats, seed in ((3, 1), (4, 2), (3, 5)):
        table = SniperTable(seats, make_rules("ours", "10", 60), seed, 0)
        player = SniperRandom(snipes="random")
        while not table.is_over() and len(found) < 40 * seats:
            table.apply(SNIPER_DEAL)
            while not table.hand_over():
                seat = table.current_player()
                obs, stream = table.observe(seat), table.stream()
                found.append(obs)
                choice = player.snipe(obs, stream) if obs.sniping else player.act(obs, stream)
                table.apply(table.action_of(choice))
    betting = [o for o in found if not o.sniping]
    snipes = [o for o in found if o.sniping]
    picked = [betting[i] for i in range(0, len(betting), max(len(betting) // 8, 1))][:8]
    return picked + [o for o in snipes if o.snipes][:2] + snipes[:1]


SNIPER_OBSERVATIONS = sniper_observations()
SNIPER_SPECS = {
    # spec: exact probabilities (thresholds and draws) or a Monte Carlo estimate
    "random": True,
    "random+board": True,
    "easy": True,
    "easy:bluff=0.3": True,
    "easy+random": True,
    "fold": True,
    "call": True,
    "call+board": True,
    "normal:samples=30": False,
    "hard:samples=30,bluff=0.5": False,
    "normal-v1:samples=30": False,
    "hard-v1:samples=30": False,
    "normal+ev:samples=30": False,
    "hard+beater:samples=30,settle=0": False,
    "hard+danger:samples=30,settle=0": False,
}


def test_the_observations_have_both_rounds_and_every_level_is_tested():
    assert sum(o.sniping for o in SNIPER_OBSERVATIONS) >= 2 and sum(not o.sniping for o in SNIPER_OBSERVATIONS) >= 6
    assert {spec.partition(":")[0].partition("+")[0] for spec in SNIPER_SPECS} == set(SNIPER_LEVELS)


@pytest.mark.parametrize("spec, exact", SNIPER_SPECS.items())
def test_sniper_levels_play_by_their_probabilities(spec, exact):
    agent = sniper_agent(spec, rollouts="kernel")
    for i, obs in enumerate(SNIPER_OBSERVATIONS):
        probs = agent.action_probabilities(obs, keys=KEYS, seed=i)
        check_policy(probs, obs.actions)
        decide = agent.snipe if obs.sniping else agent.act
        counts = act_counts(decide, obs)
        check_frequencies(counts, probs, exact, f"{spec}, observation {i} ({'snipe' if obs.sniping else 'bet'})")
        if not exact:
            for seed in range(3):
                one = agent.action_probabilities(obs, keys=1, seed=seed)
                assert decide(obs, policy_stream(seed, 0)) in one, (spec, i, seed, one)


def test_a_sniper_estimate_is_repeatable_and_changes_with_its_seed():
    agent = sniper_agent("normal:samples=30", rollouts="kernel")
    obs = SNIPER_OBSERVATIONS[0]
    assert agent.action_probabilities(obs, keys=5, seed=1) == agent.action_probabilities(obs, keys=5, seed=1)
    with pytest.raises(ValueError, match="keys must be a whole number >= 1"):
        agent.action_probabilities(obs, keys=0)


# ----- five-card draw ---------------------------------------------------------------------------


def draw_observations():
    """Two observations of each street from seeded 2-, 3- and 5-seat games of ``random`` players."""
    found = []
    for seats, seed in ((2, 1), (3, 2), (5, 3)):
        table = DrawTable(seats, seed, 0, hand_limit=4)
        while not table.is_over():
            table.apply(DRAW_DEAL)
            while not table.hand_over():
                seat = table.current_player()
                obs, stream = table.observe(seat), table.stream()
                found.append(obs)
                table.apply(DrawRandom().act(obs, stream))
    by_street = {street: [o for o in found if o.street == street] for street in (0, 1, 2)}
    return [group[i] for group in by_street.values() for i in (len(group) // 3, 2 * len(group) // 3)]


DRAW_OBSERVATIONS = draw_observations()
DRAW_SPECS = {
    "random": True,
    "easy": True,
    "easy:bluff=0.3": True,
    "fold": True,
    "call": True,
    "normal:draw_samples=12": False,
    "hard:samples=8,draw_samples=12,bluff=0.3,snow=0.5": False,
    "hard:samples=8,draw_samples=12/easy:bluff=0.3": False,
    "call/normal:draw_samples=12": False,
}


def test_the_draw_observations_cover_every_street():
    assert {o.street for o in DRAW_OBSERVATIONS} == {0, 1, 2}


@pytest.mark.parametrize("spec, exact", DRAW_SPECS.items())
def test_draw_levels_play_by_their_probabilities(spec, exact):
    agent = draw_agent(spec)
    for i, obs in enumerate(DRAW_OBSERVATIONS):
        probs = agent.action_probabilities(obs, keys=KEYS, seed=i)
        check_policy(probs, obs.legal)
        counts = act_counts(agent.act, obs)
        check_frequencies(counts, probs, exact, f"{spec}, observation {i} (street {obs.street})")
        if not exact:
            for seed in range(3):
                one = agent.action_probabilities(obs, keys=1, seed=seed)
                assert agent.act(obs, policy_stream(seed, 0)) in one, (spec, i, seed, one)


def test_normal_draw_is_exact_once_its_draw_is_behind_it():
    agent = draw_agent("normal:draw_samples=12")
    second = [o for o in DRAW_OBSERVATIONS if o.street == 2]
    assert second
    for obs in second:
        (action,) = agent.action_probabilities(obs, keys=7)
        assert agent.action_probabilities(obs, keys=1, seed=9) == {action: 1.0}


def as_row(probs: dict[int, float]) -> list[float]:
    """A policy as a row indexed by flat action (``kernels.draw.policies.N_FLAT`` entries)."""
    row = [0.0] * 35
    for action, p in probs.items():
        row[action] = p
    return row


KERNEL_SPECS = [spec for spec in DRAW_SPECS if "hard" not in spec] + ["hard:samples=4,draw_samples=6,bluff=0.3"]


@pytest.mark.parametrize("spec", KERNEL_SPECS)
def test_the_draw_kernel_gives_the_same_probabilities(spec):
    """``kernel_probabilities`` (``kernels.draw.policies.policy_nb``) is the reference's policy float for float,
    at every observation and, in bulk, with the seat holding other hands (a range, as local best response asks)."""
    agent, rng = draw_agent(spec), random.Random(spec)
    for i, obs in enumerate(DRAW_OBSERVATIONS):
        want = agent.action_probabilities(obs, keys=6, seed=i)
        assert kernel_probabilities(agent, obs, keys=6, seed=i).tolist() == as_row(want), (spec, i)
        free = [c for c in range(52) if c not in obs.discarded]
        hands = [rng.sample(free, 5) for _ in range(3)]
        rows = kernel_probabilities(agent, obs, hands=np.array(hands), keys=3, seed=i)
        assert rows.shape == (3, 35)
        for hand, row in zip(hands, rows):
            assert row.tolist() == as_row(agent.action_probabilities(replace(obs, cards=tuple(hand)), keys=3, seed=i))


def test_the_draw_kernel_refuses_bad_inputs_in_one_line():
    obs = DRAW_OBSERVATIONS[0]
    with pytest.raises(ValueError, match="^hands must be rows of 5 cards 0-51"):
        kernel_probabilities(draw_agent("easy"), obs, hands=np.array([[1, 2, 3, 4, 52]]))
    with pytest.raises(ValueError, match="^keys must be a whole number >= 1"):
        kernel_probabilities(draw_agent("normal"), obs, keys=0)
    with pytest.raises(ValueError, match="has no legal action"):
        kernel_probabilities(draw_agent("easy"), replace(obs, legal=()))
