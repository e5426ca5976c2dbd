"""The SPRT (``Sprt``), as ``sniper duel --sprt`` runs it, and its simulation (``simulate_sprt``).

Wald's sequential probability ratio test of H0 "the edge is ``h0``" against
H1 "the edge is ``h1``" (chips/hand) on duplicate-group results, with the generalised
log-likelihood ratio (GLR) of a normal model whose variance is maximised out under each
hypothesis: ``LLR = (n/2) log(Σ(y_g − h0 h_g)² / Σ(y_g − h1 h_g)²)`` over ``n`` units of total
``y_g`` and size ``h_g`` (fishtest's ``LLR_alt`` in ``server/fishtest/stats/LLRcalc.py``, the
GSPRT it runs on pentanomial results; Lai, *Ann. Statist.* 16, 1988). It stops at
``LLR ≥ log((1 − β)/α)`` (accept H1) or ``LLR ≤ log(β/(1 − α))`` (accept H0) (Wald,
*Sequential Analysis*, 1947) — but only once the variance estimate can be trusted, so that
the error rates hold on sparse and heavy-tailed units too (a normal approximation, checked by
simulation in ``tests/test_stats.py`` and ``experiments/README.md``): at least
``SPRT_MIN_UNITS`` units, not all of the same ratio ``y_g/h_g`` (a variance of 0 is no
estimate), and the estimated relative standard error of the variance estimate,
``sqrt(Σd⁴/(Σd²)² − (n − 3)/(n (n − 1)))`` for ``d_g = y_g − r h_g``, at most
``SPRT_MAX_VARIANCE_RSE``, what ``SPRT_MIN_UNITS`` normal units give (``Var(s²)/σ⁴ = κ/n −
(n − 3)/(n (n − 1))`` for kurtosis ``κ``, here estimated by ``n Σd⁴/(Σd²)²``; Cramér,
*Mathematical Methods of Statistics*, 1946, §27.4). Sparse results (most groups 0 when two
specs play almost alike) and heavy tails have a large kurtosis, so the test waits for enough
informative units instead of deciding on an all-zero start, where the variance estimate is 0
and the plug-in LLR ``±inf``.
"""

import math
from dataclasses import dataclass, field

import numpy as np

from sniper.core.errors import ParameterError
from sniper.core.stats import MIN_UNITS, Interval, json_safe

SPRT_MIN_UNITS = 20
"""Fewest units before the SPRT may stop: its variance estimate needs some units to be trusted."""
SPRT_MAX_VARIANCE_RSE = math.sqrt(2 / SPRT_MIN_UNITS)
"""Largest estimated relative standard error of the SPRT's variance estimate at which it may stop
(≈ 0.32: that of ``SPRT_MIN_UNITS`` normal units, ``sqrt(2/n)``); sparse or heavy-tailed results need more units."""
DECISIONS = ("accept H1", "accept H0", "inconclusive")


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's (lower, upper) log-likelihood-ratio bounds: ``log(β/(1−α))``, ``log((1−β)/α)``.

    ``alpha`` and ``beta`` are error rates strictly between 0 and 0.5; ``ValueError`` otherwise.

    >>> [round(b, 3) for b in sprt_bounds(0.05, 0.05)]
    [-2.944, 2.944]
    """
    if not (0 < alpha < 0.5 and 0 < beta < 0.5):
        raise ParameterError(
            "{alpha} and {beta} must be error rates between 0 and 0.5, got {a:g} and {b:g}", a=alpha, b=beta
        )
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


_POWERS = ((0, 0), (1, 0), (0, 1), (2, 0), (1, 1), (0, 2), (4, 0), (3, 1), (2, 2), (1, 3), (0, 4))
"""The power sums ``Σ y^a h^b`` the SPRT keeps, as (a, b): enough for its estimate, LLR and kurtosis."""


def power_sums(values, weights) -> np.ndarray:
    """``Σ y^a h^b`` over the last axis for each (a, b) of ``_POWERS``: array of shape (..., 11).

    ``values`` (``y``, chips) and ``weights`` (``h``, hands): arrays of the same shape (..., units).
    Running sums of these make each SPRT update O(units added).
    """
    return _power_terms(values, weights).sum(axis=-2)


def _power_terms(values, weights) -> np.ndarray:
    """``y^a h^b`` of each unit for each (a, b) of ``_POWERS``: array of shape (..., units, 11)."""
    y = np.asarray(values, dtype=np.float64)
    h = np.asarray(weights, dtype=np.float64)
    return np.stack([y**a * h**b for a, b in _POWERS], axis=-1)


def sprt_statistics(sums, spread, h0: float, h1: float) -> tuple[np.ndarray, np.ndarray]:
    """(LLR, relative standard error of the variance estimate) of units with power sums ``sums``.

    ``sums``: array of shape (..., 11) (``power_sums``); ``spread``: bool array of shape (...),
    whether the units' ratios ``y/h`` differ. The LLR is the GLR of the module docstring,
    ``(n/2) log(Σ(y − h0 h)² / Σ(y − h1 h)²)``, and the relative standard error
    ``sqrt(Σd⁴/(Σd²)² − (n − 3)/(n (n − 1)))`` with ``d = y − r h``, ``r = Σy/Σh``; both ``nan`` without spread or
    below ``MIN_UNITS`` units (no variance, so no estimate of it). Arrays of shape (...).

    >>> y, h = np.array([0.1, 0.5, 0.3]), np.ones(3)
    >>> llr, rse = sprt_statistics(power_sums(y, h), True, 0.0, 0.2)
    >>> round(float(llr), 4), round(float(rse), 4)
    (1.7362, 0.7071)
    """
    n, sy, sh, syy, syh, shh, y4, y3h, y2h2, yh3, h4 = np.moveaxis(np.asarray(sums, dtype=np.float64), -1, 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        r = sy / sh
        q0 = syy - 2 * h0 * syh + h0 * h0 * shh
        q1 = syy - 2 * h1 * syh + h1 * h1 * shh
        llr = n / 2 * np.log(q0 / q1)
        m2 = syy - 2 * r * syh + r * r * shh
        m4 = y4 - 4 * r * y3h + 6 * r**2 * y2h2 - 4 * r**3 * yh3 + r**4 * h4
        rse = np.sqrt(np.maximum(m4 / (m2 * m2) - (n - 3) / (n * (n - 1)), 0.0))
    valid = np.asarray(spread) & (n >= MIN_UNITS) & (q0 > 0) & (q1 > 0) & (m2 > 0)
    return np.where(valid, llr, np.nan), np.where(valid, rse, np.nan)


def sprt_decisions(llr, rse, units, bounds: tuple[float, float], min_units: int = SPRT_MIN_UNITS):
    """(accept H1, accept H0): bool arrays of the shape of ``llr``; neither while the variance estimate is not
    trusted (fewer than ``min_units`` units, ``rse`` ``nan`` or above ``SPRT_MAX_VARIANCE_RSE``). Module docstring."""
    lower, upper = bounds
    trusted = (np.asarray(units) >= max(min_units, MIN_UNITS)) & (np.asarray(rse) <= SPRT_MAX_VARIANCE_RSE)
    return trusted & (np.asarray(llr) >= upper), trusted & (np.asarray(llr) <= lower)


def parse_hypotheses(text: str) -> tuple[float, float]:
    """``"H0:H1"`` (chips/hand, e.g. ``"0:0.2"``), the value of the parameter ``sprt``, as two numbers with
    ``H0 != H1``; ``ParameterError`` otherwise.

    >>> parse_hypotheses("0:0.2")
    (0.0, 0.2)
    """
    parts = text.split(":")
    try:
        h0, h1 = (float(p) for p in parts)
    except ValueError:
        raise ParameterError("{sprt} takes H0:H1 in chips/hand, e.g. {sprt} 0:0.2, got {text!r}", text=text) from None
    if not (math.isfinite(h0) and math.isfinite(h1)) or h0 == h1:
        raise ParameterError("{sprt} needs two different finite edges H0:H1, got {text!r}", text=text)
    return h0, h1


@dataclass
class Sprt:
    """A sequential probability ratio test of edge ``h0`` against ``h1`` (chips/hand) on independent units.

    Give it units in a fixed order (e.g. duplicate groups in game order) with ``feed(values,
    weights)`` (evaluated after each unit) or ``update(values, weights)`` (evaluated once, after
    the batch); each returns as soon as there is a decision ("accept H1", "accept H0"), else
    ``None``/all units used (play on). It does not stop before ``min_units`` units, nor while its
    variance estimate is not trusted (``sprt_decisions``). ``finish()`` ends a test that reached
    its hand limit ("inconclusive" unless decided). Running power sums keep each update O(units
    added). Source: module docstring (Wald 1947; fishtest's GSPRT).

    >>> test = Sprt(0.0, 0.2, min_units=2)
    >>> test.update([0.3, 0.1, 0.5] * 10, [1] * 30)
    'accept H1'
    """

    h0: float
    h1: float
    alpha: float = 0.05
    beta: float = 0.05
    min_units: int = SPRT_MIN_UNITS
    decision: str | None = None
    units: int = 0
    _sums: np.ndarray = field(default_factory=lambda: np.zeros(len(_POWERS)), repr=False)
    _first: tuple[float, float] | None = field(default=None, repr=False)
    _spread: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        if self.h0 == self.h1:
            raise ValueError("H0 and H1 must differ")
        sprt_bounds(self.alpha, self.beta)

    @property
    def bounds(self) -> tuple[float, float]:
        """Wald's (lower, upper) bounds of the LLR."""
        return sprt_bounds(self.alpha, self.beta)

    def interval(self) -> Interval:
        """The clustered ratio estimate of the units so far (as ``clustered_mean_ci``)."""
        _, sy, sh, syy, syh, shh = self._sums[:6]
        n = self.units
        r = sy / sh if sh > 0 else math.nan
        if n < MIN_UNITS:
            return Interval(float(r), math.nan, n)
        ss = max(syy - 2 * r * syh + r * r * shh, 0.0) if self._spread else 0.0
        return Interval(float(r), float(math.sqrt(ss / (n * (n - 1))) / (sh / n)), n)

    def statistics(self) -> tuple[float, float]:
        """(LLR, relative standard error of the variance estimate) so far (``sprt_statistics``; ``nan`` while
        there is no variance estimate)."""
        llr, rse = sprt_statistics(self._sums, self._spread, self.h0, self.h1)
        return float(llr), float(rse)

    @property
    def llr(self) -> float:
        """The log-likelihood ratio so far (``nan`` below ``MIN_UNITS`` units or while all units have one ratio)."""
        return self.statistics()[0]

    def update(self, values, weights=None) -> str | None:
        """Add units (``values``: totals, ``weights``: sizes, default 1 each) and return the decision so far."""
        if self.decision is not None:
            return self.decision
        y = np.asarray(values, dtype=np.float64).ravel()
        h = np.ones_like(y) if weights is None else np.asarray(weights, dtype=np.float64).ravel()
        if len(y) == 0:
            return None
        if self._first is None:
            self._first = (float(y[0]), float(h[0]))
        first_y, first_h = self._first
        self._spread = self._spread or bool((y * first_h != first_y * h).any())  # a ratio unlike the first
        self._sums += power_sums(y, h)
        self.units += len(y)
        llr, rse = self.statistics()
        accept_h1, accept_h0 = sprt_decisions(llr, rse, self.units, self.bounds, self.min_units)
        if accept_h1:
            self.decision = DECISIONS[0]
        elif accept_h0:
            self.decision = DECISIONS[1]
        return self.decision

    def feed(self, values, weights=None) -> int:
        """Add units one at a time, evaluating after each, until a decision; returns how many were used.

        The units after the deciding one are not added (a duel cuts its last chunk there).
        """
        y = np.asarray(values, dtype=np.float64).ravel()
        h = np.ones_like(y) if weights is None else np.asarray(weights, dtype=np.float64).ravel()
        for i in range(len(y)):
            if self.update(y[i : i + 1], h[i : i + 1]) is not None:
                return i + 1
        return len(y)

    def finish(self) -> str:
        """The final decision: "inconclusive" when the limit came first."""
        if self.decision is None:
            self.decision = DECISIONS[2]
        return self.decision

    def to_json(self) -> dict:
        """``{"h0", "h1", "alpha", "beta", "llr", "bounds": [lower, upper], "decision", "units",
        "min_units", "variance_rse", "max_variance_rse"}`` (strict JSON): ``units`` fed so far, and
        ``min_units``, before which the test does not decide (an "inconclusive" test with ``units <
        min_units`` never could); ``variance_rse``, the estimated relative standard error of the
        variance estimate, must be at most ``max_variance_rse`` for a decision (``null``: no variance
        estimate yet, e.g. every group so far 0)."""
        llr, rse = self.statistics()
        return json_safe(
            {
                "h0": self.h0,
                "h1": self.h1,
                "alpha": self.alpha,
                "beta": self.beta,
                "llr": llr,
                "bounds": list(self.bounds),
                "decision": self.decision,
                "units": self.units,
                "min_units": max(self.min_units, MIN_UNITS),
                "variance_rse": rse,
                "max_variance_rse": SPRT_MAX_VARIANCE_RSE,
            }
        )


def fixed_size_units(h0: float, h1: float, sd: float, alpha: float = 0.05, beta: float = 0.05) -> float:
    """Units a fixed-size one-sided test needs to tell ``h1`` from ``h0`` with error rates ``alpha``, ``beta``.

    ``sd`` is the standard deviation of one unit's result (same unit as ``h0``, ``h1``):
    ``((z_{1−α} + z_{1−β}) · sd / |h1 − h0|)²``. The yardstick of the SPRT's average sample number.
    ``nan`` when ``sd`` is not positive (no variance measured: no sample size follows from it).

    >>> round(fixed_size_units(0.0, 1.0, 1.0), 2)
    10.82
    """
    from scipy import stats

    if not sd > 0:
        return math.nan
    z = stats.norm.ppf(1 - alpha) + stats.norm.ppf(1 - beta)
    return float((z * sd / abs(h1 - h0)) ** 2)


SPRT_MODELS = ("normal", "zero-inflated", "student-t")
"""The models of duplicate-group results ``simulate_sprt`` draws from (``sprt_units``)."""


def sprt_units(model: str, mean: float, sd: float, size: float, rng, shape, nonzero: float = 0.1, df: float = 3.0):
    """Simulated duplicate-group totals (chips): array of ``shape`` of groups of ``size`` hands with mean
    ``size · mean``.

    ``model`` (``SPRT_MODELS``): "normal", ``N(size·mean, sd²·size)``; "zero-inflated", 0 except
    for a fraction ``nonzero`` of the groups, which total ``size·mean/nonzero + N(0, sd²·size/nonzero)``
    (two specs that play almost alike: most groups 0, the same variance as "normal" at mean 0);
    "student-t", ``size·mean + sd·sqrt(size)·T`` for Student's ``T`` with ``df`` degrees of freedom,
    scaled to standard deviation 1 when ``df > 2`` (heavy tails; infinite variance when ``df ≤ 2``).
    ``rng``: a ``numpy.random.Generator``. ``ValueError`` for another model.
    """
    scale = sd * math.sqrt(size)
    if model == "normal":
        return size * mean + rng.normal(0.0, scale, shape)
    if model == "zero-inflated":
        hit = rng.random(shape) < nonzero
        return np.where(hit, size * mean / nonzero + rng.normal(0.0, scale / math.sqrt(nonzero), shape), 0.0)
    if model == "student-t":
        t = rng.standard_t(df, shape)
        return size * mean + scale * (t * math.sqrt((df - 2) / df) if df > 2 else t)
    raise ValueError(f"unknown model {model!r}; choose one of {', '.join(SPRT_MODELS)}")


def sprt_unit_sd(model: str, mean: float, sd: float, size: float, nonzero: float = 0.1, df: float = 3.0) -> float:
    """The standard deviation of one ``sprt_units`` group total (chips); ``inf`` for "student-t" with ``df ≤ 2``."""
    scale = sd * math.sqrt(size)
    if model == "zero-inflated":
        return math.sqrt(scale**2 + (size * mean) ** 2 * (1 - nonzero) / nonzero)
    if model == "student-t" and df <= 2:
        return math.inf
    return scale


@dataclass(frozen=True)
class SprtRun:
    """Outcome of SPRT runs on simulated units (``simulate_sprt``): how often each decision was taken
    (fractions of ``runs``), the average and largest number of units used, and the fixed-size test's units
    (``inf`` when the units have no finite variance)."""

    mean: float
    runs: int
    accept_h1: float
    accept_h0: float
    inconclusive: float
    average_units: float
    max_units: int
    fixed_units: float
    model: str = "normal"


def simulate_sprt(
    mean: float,
    h0: float,
    h1: float,
    sd: float,
    size: float = 40.0,
    chunk: int = 1,
    runs: int = 1000,
    alpha: float = 0.05,
    beta: float = 0.05,
    max_units: int = 100_000,
    seed: int = 0,
    min_units: int = SPRT_MIN_UNITS,
    model: str = "normal",
    nonzero: float = 0.1,
    df: float = 3.0,
) -> SprtRun:
    """Run the SPRT ``runs`` times on a model of duplicate-group results and count its decisions.

    Each unit has ``size`` hands and a total drawn by ``sprt_units(model, mean, sd, size, …,
    nonzero, df)`` (``sd``: standard deviation per hand, chips); the test is evaluated after every
    ``chunk`` units (1: after each, as in a duel), up to ``max_units``; the test may stop after
    ``min_units``. The runs go side by side (numpy arrays of shape (runs, …)) through the very
    functions ``Sprt`` uses (``power_sums``, ``sprt_statistics``, ``sprt_decisions``), so each
    run decides as ``Sprt.update`` would on its units. ``fixed_units`` is ``fixed_size_units``
    for the same ``alpha``, ``beta`` and ``sprt_unit_sd``. Seeded
    (``numpy.random.default_rng(seed)``): the same arguments give the same result. Used by the
    error-rate test and ``experiments/sprt.py``.
    """
    rng = np.random.default_rng(seed)
    bounds = sprt_bounds(alpha, beta)
    sums = np.zeros((runs, len(_POWERS)))
    spread = np.zeros(runs, dtype=bool)
    units = np.zeros(runs, dtype=np.int64)
    decided = np.full(runs, 2)  # index into DECISIONS: inconclusive unless decided
    first = None
    active = np.arange(runs)
    block = 16  # chunks drawn at once per run; evaluated chunk by chunk on running sums
    while active.size:
        y = sprt_units(model, mean, sd, size, rng, (active.size, block * chunk), nonzero, df)
        if first is None:
            first = y[:, 0].copy()
        ends = np.arange(chunk - 1, block * chunk, chunk)  # the last unit of each chunk
        running = sums[active, None, :] + np.cumsum(_power_terms(y, np.full_like(y, size)), axis=1)[:, ends]
        # equal sizes: equal ratios are equal totals
        differ = spread[active, None] | np.logical_or.accumulate(y != first[active, None], axis=1)[:, ends]
        fed = units[active, None] + ends + 1
        llr, rse = sprt_statistics(running, differ, h0, h1)
        accept_h1, accept_h0 = sprt_decisions(llr, rse, fed, bounds, min_units)
        stop = accept_h1 | accept_h0 | (fed >= max_units)
        done, at = stop.any(axis=1), stop.argmax(axis=1)
        rows = np.arange(active.size)
        units[active] = np.where(done, fed[rows, at], fed[:, -1])
        decided[active[done & accept_h0[rows, at]]] = 1
        decided[active[done & accept_h1[rows, at]]] = 0
        sums[active], spread[active] = running[:, -1], differ[:, -1]
        active = active[~done]
        block = min(2 * block, max(16, 2**18 // max(active.size * chunk, 1)))
    counts = np.bincount(decided, minlength=3) / runs
    unit_sd = sprt_unit_sd(model, mean, sd, size, nonzero, df)
    fixed = fixed_size_units(h0 * size, h1 * size, unit_sd, alpha, beta) if math.isfinite(unit_sd) else math.inf
    return SprtRun(
        mean,
        runs,
        float(counts[0]),
        float(counts[1]),
        float(counts[2]),
        float(units.mean()),
        int(units.max()),
        fixed,
        model,
    )
