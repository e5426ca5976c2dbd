"""sniper.core.stats: clustered intervals, Bradley–Terry against choix, the SPRT's error rates, strict JSON."""

import json
import math

import numpy as np
import pytest
from scipy import stats as scipy_stats

from sniper.core.sprt import (
    SPRT_MAX_VARIANCE_RSE,
    Sprt,
    fixed_size_units,
    parse_hypotheses,
    power_sums,
    simulate_sprt,
    sprt_bounds,
    sprt_decisions,
    sprt_statistics,
    sprt_units,
)
from sniper.core.stats import ELO_SCALE, LEVEL, RIDGE, bradley_terry, clustered_mean_ci, dumps, json_safe, t_quantile
from sniper.core.t_quantiles import T95

TABLE_TOLERANCE = 1e-12
"""How near a tabled t quantile must be to the installed SciPy's (relative): its last bits may differ by release."""


def strict_loads(text: str):
    """``json.loads`` that refuses NaN and Infinity (as JSON.parse and RFC 8259 do)."""

    def refuse(name):
        raise ValueError(f"not strict JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def test_equal_weights_give_the_mean_and_scipy_t_interval():
    values = np.array([1.0, 3.0, 2.0, 6.0, -1.0])
    ci = clustered_mean_ci(values)
    low, high = scipy_stats.t.interval(0.95, len(values) - 1, loc=values.mean(), scale=scipy_stats.sem(values))
    assert ci.estimate == pytest.approx(values.mean())
    assert (ci.low, ci.high) == pytest.approx((low, high))


@pytest.mark.parametrize("level", [0.95, 0.9, 0.99])
def test_t_quantile_is_scipy_stats_t_ppf_exactly(level):
    """``t_quantile`` (scipy.special.stdtrit, no scipy.stats import) returns the very floats of scipy.stats.t.ppf;
    at ``LEVEL``, computed without SciPy (its table, then ``t_expansion``), the same to ``TABLE_TOLERANCE``."""
    units = [0, 1, 2, 3, 4, 5, 10, 31, 100, 1_000, 2_048, 2_049, 2_050, 2_051, 12_345, 100_000, 10**7, 10**12]
    expected = [math.inf if n < 2 else float(scipy_stats.t.ppf(0.5 + level / 2, n - 1)) for n in units]
    tabled = [level == LEVEL and n >= 2 for n in units]  # SciPy's values tabled, or the expansion (below)
    got = [t_quantile(n, level) for n in units]
    assert [g for g, t in zip(got, tabled) if not t] == [e for e, t in zip(expected, tabled) if not t]
    assert all(math.isclose(g, e, rel_tol=TABLE_TOLERANCE) for g, e, t in zip(got, expected, tabled) if t)


def test_the_table_of_t_quantiles_is_scipys():
    """``sniper.core.t_quantiles.T95`` (what ``t_quantile`` returns at 95% without importing SciPy) is the installed
    SciPy's ``stdtrit(df, 0.975)`` for every df it holds, to ``TABLE_TOLERANCE`` (bit for bit with the SciPy it was
    written from; another release may differ in the last bits, and the table keeps a run's output the same whatever
    SciPy is installed), and ``t_quantile`` reads it for up to that many degrees of freedom. A wrong entry, a shifted
    table or a level read from the wrong table fails here."""
    from scipy.special import stdtrit

    df = np.arange(1, len(T95) + 1)
    assert len(T95) >= 2048
    assert np.allclose(np.array(T95), stdtrit(df, 0.975), rtol=TABLE_TOLERANCE, atol=0)
    assert [t_quantile(n) for n in df + 1] == list(T95)


def test_the_t_expansion_is_scipys_above_the_table():
    """Above ``T95``'s last degrees of freedom, ``t_quantile`` at 95% is ``t_expansion`` (the Cornish–Fisher series
    to ``1 / df⁴``), which is SciPy's ``stdtrit(df, 0.975)`` to its last bits (1e-14 relative) at every df from
    there on: a term left out or wrong fails here (the fourth is ~1e-13 relative at df 2,049). ``Z95`` is SciPy's
    normal quantile. Below the table's end the series is not
    used: at df 20 it is off by 1e-7."""
    from scipy.special import ndtri, stdtrit

    from sniper.core.stats import Z95, t_expansion

    assert Z95 == float(ndtri(0.975))
    df = np.unique(np.concatenate([np.arange(len(T95) + 1, 6_000), np.geomspace(6_000, 1e12, 400).round()]))
    got = np.array([t_expansion(float(d)) for d in df])
    assert np.allclose(got, stdtrit(df, 0.975), rtol=1e-14, atol=0)
    assert [t_quantile(int(d) + 1) for d in df[:50]] == list(got[:50])
    assert not math.isclose(t_expansion(20.0), float(stdtrit(20, 0.975)), rel_tol=1e-8)


def test_ratio_estimator_by_hand():
    y, h = np.array([10.0, -4.0, 7.0]), np.array([20.0, 10.0, 30.0])
    r = y.sum() / h.sum()
    se = math.sqrt(((y - r * h) ** 2).sum() / (3 * 2)) / h.mean()
    ci = clustered_mean_ci(y, h)
    assert (ci.estimate, ci.se, ci.units) == (pytest.approx(r), pytest.approx(se), 3)
    assert ci.half_width == pytest.approx(scipy_stats.t.ppf(0.975, 2) * se)


def test_one_unit_has_no_finite_interval_and_bad_input_is_refused():
    ci = clustered_mean_ci([5.0], [20.0])
    assert ci.estimate == 0.25 and math.isnan(ci.se) and ci.half_width == math.inf
    assert strict_loads(dumps(ci.to_json()))["ci95"] == [None, None]
    with pytest.raises(ValueError):
        clustered_mean_ci([], [])
    with pytest.raises(ValueError):
        clustered_mean_ci([1.0, 2.0], [1.0])
    with pytest.raises(ValueError):
        clustered_mean_ci([1.0, 2.0], [0.0, 0.0])


def test_units_that_all_agree_give_no_interval():
    """Every unit with the same ratio (e.g. every duplicate group 0): a standard error of 0 is no evidence of a
    zero-width interval, so there is none (``nan``, null in JSON), not [r, r]."""
    for y, h in (([0.0] * 5, [40.0] * 5), ([3.0, 6.0, 1.5], [20.0, 40.0, 10.0])):
        ci = clustered_mean_ci(y, h)
        assert ci.se == 0 and math.isnan(ci.half_width), ci
        assert strict_loads(dumps(ci.to_json()))["ci95"] == [None, None]
    assert clustered_mean_ci([0.0, 0.0, 1.0]).half_width > 0


def test_bradley_terry_equals_the_choix_fit():
    import choix

    wins = np.array([[0, 7, 9, 4], [3, 0, 6, 5], [1, 4, 0, 2], [6, 5, 8, 0]])
    data = [(i, j) for i in range(4) for j in range(4) for _ in range(wins[i, j])]
    theta = choix.opt_pairwise(4, data, alpha=RIDGE / 2, tol=1e-10)  # choix's penalty is alpha·|θ|²
    expected = 1500 + ELO_SCALE * (theta - theta.mean())
    ratings, se = bradley_terry(wins.astype(float))
    np.testing.assert_allclose(ratings, expected, atol=1e-3)
    assert (se > 0).all() and ratings.mean() == pytest.approx(1500)


def test_bradley_terry_two_specs_known_solution():
    """Two specs, 30 wins to 10, no prior: the odds are 3, so the ratings differ by 400·log10(3)."""
    ratings, se = bradley_terry(np.array([[0.0, 30.0], [10.0, 0.0]]), ridge=0.0)
    assert ratings[0] - ratings[1] == pytest.approx(400 * math.log10(3), abs=1e-3)
    # Fisher information of the log-odds is n·p·(1−p) = 40·0.75·0.25; each centred rating carries half of it
    assert se[0] == pytest.approx(ELO_SCALE / math.sqrt(40 * 0.75 * 0.25) / 2, rel=1e-4)


def test_sprt_llr_bounds_and_hypotheses():
    assert sprt_bounds(0.05, 0.05) == pytest.approx((math.log(0.05 / 0.95), math.log(0.95 / 0.05)))
    rng = np.random.default_rng(4)
    y, h = rng.normal(3.0, 20.0, 50), rng.integers(20, 60, 50).astype(float)
    llr, rse = sprt_statistics(power_sums(y, h), True, 0.0, 0.2)
    # the GLR of a normal model with its variance maximised out under each hypothesis (fishtest's LLR_alt)
    assert llr == pytest.approx(len(y) / 2 * math.log(((y - 0.0 * h) ** 2).sum() / ((y - 0.2 * h) ** 2).sum()))
    d = y - y.sum() / h.sum() * h
    n = len(y)
    assert rse == pytest.approx(math.sqrt((d**4).sum() / (d**2).sum() ** 2 - (n - 3) / (n * (n - 1))))
    mirrored, _ = sprt_statistics(power_sums(-y, h), True, -0.2, 0.0)
    assert mirrored == pytest.approx(-llr)  # the same evidence seen from the other side
    assert parse_hypotheses("-0.1:0.25") == (-0.1, 0.25)
    for bad in ("0.2", "0:0", "a:b", "0:inf", "1:2:3"):
        with pytest.raises(ValueError):
            parse_hypotheses(bad)
    with pytest.raises(ValueError):
        Sprt(0.0, 0.2, alpha=0.6, beta=0.5)


def test_sprt_does_not_decide_on_groups_that_are_all_zero():
    """Two specs that play almost alike give mostly-0 groups: after 20 groups of 0 the variance estimate is 0 and
    the plug-in LLR −inf, which accepted H0 at once. No variance, no decision (and no LLR in the JSON)."""
    test = Sprt(0.0, 0.004)
    assert test.feed(np.zeros(500), np.full(500, 40.0)) == 500 and test.decision is None
    data = strict_loads(dumps(test.to_json()))
    assert data["llr"] is None and data["variance_rse"] is None
    assert data["max_variance_rse"] == pytest.approx(SPRT_MAX_VARIANCE_RSE)
    # one informative group among many zeros is far from a trusted variance either
    test.feed([120.0], [40.0])
    assert test.decision is None and test.statistics()[1] > SPRT_MAX_VARIANCE_RSE


def test_sprt_running_sums_decide_as_the_vectorised_simulation():
    """``Sprt`` fed group by group takes the decision, at the same group, that ``sprt_decisions`` takes on the
    cumulative sums of the same groups (what ``simulate_sprt`` runs), on sparse and heavy-tailed groups."""
    rng = np.random.default_rng(8)
    for model, mean in (("zero-inflated", 0.0), ("zero-inflated", 0.2), ("student-t", 0.1), ("normal", 0.2)):
        for _ in range(3):
            y = sprt_units(model, mean, 5.0, 40.0, rng, 2000, nonzero=0.1, df=2.5)
            h = np.full_like(y, 40.0)
            test = Sprt(0.0, 0.2)
            used = test.feed(y, h)
            sums = np.cumsum(power_sums(y[:, None], h[:, None]), axis=0)  # after each group
            spread = np.logical_or.accumulate(y != y[0])
            llr, rse = sprt_statistics(sums, spread, 0.0, 0.2)
            accept_h1, accept_h0 = sprt_decisions(llr, rse, np.arange(1, len(y) + 1), test.bounds)
            stop = accept_h1 | accept_h0
            assert used == (stop.argmax() + 1 if stop.any() else len(y)), (model, mean)
            if stop.any():
                assert test.decision == ("accept H1" if accept_h1[used - 1] else "accept H0")
                assert test.llr == pytest.approx(llr[used - 1])


def test_sprt_feed_stops_at_the_deciding_unit():
    test = Sprt(0.0, 1.0, min_units=2)
    used = test.feed([1.0, 1.1, 0.9, 1.0, 1.05] * 10)
    assert test.statistics()[1] <= SPRT_MAX_VARIANCE_RSE, "it decides only on a variance estimate it trusts"
    assert test.decision == "accept H1" and 2 <= used < 50 and test.units == used
    assert test.feed([5.0]) == 1 and test.units == used, "a decided test takes no more units"
    data = test.to_json()
    assert set(data) == {"h0", "h1", "alpha", "beta", "llr", "bounds", "decision", "units", "min_units"} | {
        "variance_rse",
        "max_variance_rse",
    }
    assert (data["units"], data["min_units"]) == (used, 2)
    assert data["llr"] >= data["bounds"][1]
    open_test = Sprt(0.0, 1.0)
    open_test.update([0.5])
    assert open_test.finish() == "inconclusive"
    assert strict_loads(dumps(open_test.to_json()))["llr"] is None  # one unit: no variance, no LLR


def test_sprt_error_rates_and_average_hands_on_a_normal_model():
    """When the edge is H0 the SPRT accepts H1 about α of the time at most, and when it is H1 it accepts H0
    about β at most; at either it needs about half the hands of the fixed-size test with the same α, β."""
    runs, alpha, beta, size = 1000, 0.05, 0.05, 40.0
    slack = 3 * math.sqrt(alpha * (1 - alpha) / runs)  # Monte Carlo error
    at_h0 = simulate_sprt(0.0, 0.0, 0.2, 5.0, size=size, runs=runs, alpha=alpha, beta=beta, seed=1)
    at_h1 = simulate_sprt(0.2, 0.0, 0.2, 5.0, size=size, runs=runs, alpha=alpha, beta=beta, seed=2)
    assert at_h0.accept_h1 <= alpha + slack, at_h0
    assert at_h1.accept_h0 <= beta + slack, at_h1
    assert at_h0.inconclusive == at_h1.inconclusive == 0
    for run in (at_h0, at_h1):
        assert run.average_units <= 0.6 * run.fixed_units, run
    beyond = simulate_sprt(0.4, 0.0, 0.2, 5.0, size=size, runs=300, seed=3)
    assert beyond.accept_h0 <= beta and beyond.average_units < 0.6 * at_h1.average_units


@pytest.mark.parametrize(
    ("model", "shape"),
    [("zero-inflated", {"nonzero": 0.05}), ("zero-inflated", {"nonzero": 0.2}), ("student-t", {"df": 2.5})],
)
def test_sprt_error_rates_hold_for_sparse_and_heavy_tailed_groups(model, shape):
    """The error rates hold whatever the distribution of the groups: mostly-0 groups (two specs that play almost
    alike) and Student t groups with 2.5 degrees of freedom (no finite kurtosis). The plug-in test accepted H0
    at H1 40% of the time on sparse groups, deciding on a variance estimated as 0 from 20 groups of 0."""
    runs, alpha, beta = 1000, 0.05, 0.05
    slack = 3 * math.sqrt(alpha * (1 - alpha) / runs)  # Monte Carlo error
    at_h0 = simulate_sprt(0.0, 0.0, 0.2, 5.0, runs=runs, seed=11, model=model, **shape)
    at_h1 = simulate_sprt(0.2, 0.0, 0.2, 5.0, runs=runs, seed=12, model=model, **shape)
    assert at_h0.accept_h1 <= alpha + slack, at_h0
    assert at_h1.accept_h0 <= beta + slack, at_h1
    assert at_h0.inconclusive + at_h1.inconclusive <= 0.01, "it still decides, with more groups"


def test_fixed_size_units_matches_the_normal_formula():
    z = scipy_stats.norm.ppf(0.95) + scipy_stats.norm.ppf(0.9)
    assert fixed_size_units(0.0, 0.5, 2.0, 0.05, 0.1) == pytest.approx((z * 2.0 / 0.5) ** 2)
    assert math.isnan(fixed_size_units(0.0, 0.5, 0.0)), "no variance measured: no sample size, not 0 units"


def test_json_safe_and_dumps_are_strict():
    data = {"a": [float("nan"), float("inf"), -float("inf"), 1.5], "b": np.float64("nan"), "c": (np.int64(2),)}
    assert json_safe(data) == {"a": [None, None, None, 1.5], "b": None, "c": [2]}
    assert strict_loads(dumps(data)) == {"a": [None, None, None, 1.5], "b": None, "c": [2]}
    with pytest.raises(ValueError):
        strict_loads(json.dumps({"x": float("inf")}))
