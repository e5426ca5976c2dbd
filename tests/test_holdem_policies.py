"""The Hold'em levels' ``action_probabilities`` (issue 32): exact where a level is thresholds plus random draws,
checked against the frequencies of ``act`` (chi-square), and legal, summing to 1."""

import pytest
from scipy.stats import chi2_contingency, chisquare

from sniper.core.rng import Stream, derive
from sniper.games.holdem import levels as L
from sniper.games.holdem import reading
from sniper.games.holdem.agents import NO_DRAWS
from tests.test_holdem_levels import random_observation

DRAWS = 600
"""``act`` samples per observation."""
ALPHA = 1e-4
"""Chi-square significance: with a few dozen tests a true policy fails one with probability < 1%."""
FAST_HARD = {"samples": 12}


def frequencies(agent, obs, n: int, seed: int) -> dict[int, int]:
    """How often ``agent.act(obs, ·)`` takes each action over ``n`` decision streams."""
    counts: dict[int, int] = {}
    for j in range(n):
        a = agent.act(obs, Stream(derive(seed, j)))
        counts[a] = counts.get(a, 0) + 1
    return counts


def assert_fits(counts: dict[int, int], probs: dict[int, float]) -> None:
    """No action outside ``probs``, and a chi-square test of the counts against ``probs`` at ``ALPHA``,
    actions expected fewer than 5 times pooled (at most 3 of them when they are expected less than once)."""
    assert set(counts) <= set(probs), (counts, probs)
    n = sum(counts.values())
    common = [a for a in sorted(probs) if probs[a] * n >= 5]
    rare_expected = n - sum(probs[a] * n for a in common)
    rare_observed = n - sum(counts.get(a, 0) for a in common)
    observed = [counts.get(a, 0) for a in common]
    expected = [probs[a] * n for a in common]
    if rare_expected >= 1:
        observed.append(rare_observed)
        expected.append(rare_expected)
    else:
        assert rare_observed <= 3, (counts, probs)
    if len(observed) > 1:
        scale = sum(observed) / sum(expected)
        assert chisquare(observed, [e * scale for e in expected]).pvalue > ALPHA, (counts, probs)


@pytest.mark.parametrize("level", list(L.LEVELS))
def test_probabilities_are_a_distribution_over_legal_actions(level):
    agent = L.make_level(level, **(FAST_HARD if level == "hard" else {}))
    for k in range(40):
        obs = random_observation(k)
        probs = agent.action_probabilities(obs)
        assert set(probs) <= set(obs.legal) and probs == dict(sorted(probs.items()))
        assert abs(sum(probs.values()) - 1.0) < 1e-12 and min(probs.values()) > 0


@pytest.mark.parametrize("level", ["easy", "normal", "fold", "call"])
def test_deterministic_levels_put_all_their_mass_on_act(level):
    agent = L.make_level(level)
    for k in range(40):
        obs = random_observation(k)
        assert agent.action_probabilities(obs) == {agent.act(obs, Stream(k)): 1.0}


def test_random_frequencies_match_its_probabilities():
    agent = L.make_level("random")
    for k in range(12):
        obs = random_observation(k)
        assert_fits(frequencies(agent, obs, DRAWS, k), agent.action_probabilities(obs))


def test_hard_replays_its_choice_from_the_same_draws():
    """``act`` is ``choose`` at the equity keyed by its second word, bluffing by its first: one truth."""
    hard = L.make_level("hard", **FAST_HARD)
    for k in range(30):
        obs, key = random_observation(k), derive(7, k)
        s = Stream(key)
        bluffing = s.random() < hard.bluff
        assert hard.act(obs, Stream(key)) == hard.choose(obs, hard.equity(obs, s.word()), bluffing)


def test_hard_frequencies_match_its_probabilities_over_the_estimate():
    """``act`` draws its Monte Carlo key, so its actions are distributed as an action drawn from
    ``action_probabilities`` at a random key: two samples of 300, compared by a chi-square test of
    homogeneity (the contingency table of action by sample)."""
    hard = L.make_level("hard", samples=12, bluff=0.3)
    n, tested = 300, 0
    for k in range(12):
        obs = random_observation(k)
        from_act = frequencies(hard, obs, n, k)
        from_probs: dict[int, int] = {}
        for j in range(n):
            s = Stream(derive(1000 + k, j))
            probs = hard.action_probabilities(obs, key=s.word())
            u, total = s.random(), 0.0
            for a, p in probs.items():
                total += p
                if u < total or a == list(probs)[-1]:
                    from_probs[a] = from_probs.get(a, 0) + 1
                    break
        actions = sorted(set(from_act) | set(from_probs))
        table = [[from_act.get(a, 0) for a in actions], [from_probs.get(a, 0) for a in actions]]
        common = [c for c in range(len(actions)) if table[0][c] + table[1][c] >= 10]
        if len(common) > 1:
            tested += 1
            trimmed = [[row[c] for c in common] for row in table]
            assert chi2_contingency(trimmed).pvalue > ALPHA, (actions, table)
    assert tested >= 4


def test_hard_bluffs_at_its_frequency_given_the_estimate():
    """Far below every threshold the estimate never crosses one: a weak hand with nothing to call checks or
    bluffs half the pot, exactly at ``bluff``."""
    hard = L.make_level("hard", samples=100, bluff=0.25)
    from tests.test_holdem_levels import observation

    obs = observation("7h 2c", "Ad Kd Qs", pot=20)
    probs = hard.action_probabilities(obs)
    assert probs[reading.CALL] == pytest.approx(0.75) and len(probs) == 2
    assert_fits(frequencies(hard, obs, 300, 3), probs)


def test_levels_that_draw_nothing_never_touch_the_stream():
    with pytest.raises(RuntimeError):
        NO_DRAWS.word()
    for level in ("easy", "normal", "fold", "call"):
        agent = L.make_level(level)
        for k in range(10):
            agent.act(random_observation(k), NO_DRAWS)
