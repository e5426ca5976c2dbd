"""Statistics, in one place: clustered confidence intervals, Bradley–Terry ratings, the SPRT, strict JSON.

Every interval and test that ``summary``, ``duel``, ``league`` and ``tune`` report comes from here.

- **Clustered ratio estimator** (``clustered_mean_ci``). Hands are not independent: the hands of
  one game share stacks, and the seatings of one duplicate group share cards. So the independent
  *unit* is a game (``summary``) or a duplicate group (``duel``, ``league``). For units ``g`` with
  total ``y_g`` (chips) and size ``h_g`` (hands) the estimate is ``r = Σy / Σh`` (chips per hand)
  with the linearised standard error ``sqrt(Σ(y_g − r h_g)² / (n (n − 1))) / mean(h)`` and a
  Student's t interval with ``n − 1`` degrees of freedom (``scipy.special.stdtrit``, the quantile
  ``scipy.stats.t.ppf`` returns; Cochran, *Sampling Techniques*, 1977, §6.4). Fewer than 2 units
  give no finite interval (``nan``/``inf``); the callers play at least ``MIN_UNITS``.
- **Bradley–Terry** (``bradley_terry``): ratings from games won, maximum a posteriori under a
  Gaussian prior (the same objective as ``choix.opt_pairwise`` with ``alpha = RIDGE / 2``), shown
  on the Elo scale — a "BT rating, Elo scale", not an Elo rating from sequential updates.
- **SPRT** (``Sprt``): Wald's sequential probability ratio test of H0 "the edge is ``h0``" against
  H1 "the edge is ``h1``" (chips/hand) on duplicate-group results, with the generalised
  log-likelihood ratio of a normal model whose variance is estimated as it goes (as fishtest does
  for its pentanomial model): ``LLR = (h1 − h0)(2 r − h0 − h1) / (2 se²)`` with ``r`` and ``se``
  of the clustered ratio estimator. It stops at ``LLR ≥ log((1 − β)/α)`` (accept H1) or
  ``LLR ≤ log(β/(1 − α))`` (accept H0) (Wald, *Sequential Analysis*, 1947).
- **Strict JSON** (``json_safe``, ``dumps``): non-finite numbers become ``null`` (RFC 8259 has no
  NaN or Infinity).
- **Honest text** (``value_text``, ``interval_text``): an estimate or interval without a finite value
  (e.g. the interval of a single unit) prints as ``NO_VALUE`` ("n/a"), never ``nan`` or ``inf``; the
  same value is ``null`` in JSON.
"""

import json
import math
from dataclasses import dataclass, field

import numpy as np

LEVEL = 0.95
"""Confidence level of every interval reported."""
MIN_UNITS = 2
"""Fewest independent units with a finite interval (``n − 1`` degrees of freedom)."""
ELO_SCALE = 400 / math.log(10)
"""Elo points per unit of log-odds: ``1500 + ELO_SCALE · θ``."""
RIDGE = 0.01
"""Gaussian prior precision of the Bradley–Terry strengths: a spec that never lost still has a finite rating."""
SPRT_MIN_UNITS = 20
"""Fewest units before the SPRT may stop: its variance estimate needs some units to be trusted."""
DECISIONS = ("accept H1", "accept H0", "inconclusive")


def t_quantile(units: int, level: float = LEVEL) -> float:
    """The two-sided Student's t quantile for ``units`` independent units (``units − 1`` degrees of freedom);
    ``inf`` for fewer than ``MIN_UNITS``.

    >>> round(t_quantile(4), 4)
    3.1824
    """
    from scipy.special import stdtrit  # what scipy.stats.t.ppf computes, without importing scipy.stats (≈ 1 s)

    if units < MIN_UNITS:
        return math.inf
    return float(stdtrit(units - 1, 0.5 + level / 2))


@dataclass(frozen=True)
class Interval:
    """An estimate (chips/hand) with its standard error and ``level`` confidence interval over ``units`` units.

    ``se`` is ``nan`` and the interval infinite for fewer than ``MIN_UNITS`` units.
    """

    estimate: float
    se: float
    units: int
    level: float = LEVEL

    @property
    def half_width(self) -> float:
        """Half the interval's width (``inf`` below ``MIN_UNITS`` units; 0 when every unit agrees exactly)."""
        if self.units < MIN_UNITS:
            return math.inf
        return t_quantile(self.units, self.level) * self.se

    @property
    def low(self) -> float:
        """Lower end of the interval."""
        return self.estimate - self.half_width

    @property
    def high(self) -> float:
        """Upper end of the interval."""
        return self.estimate + self.half_width

    def to_json(self) -> dict:
        """``{"estimate", "ci95": [low, high], "half_width", "se", "units"}``, non-finite numbers as ``None``."""
        return json_safe(
            {
                "estimate": self.estimate,
                "ci95": [self.low, self.high],
                "half_width": self.half_width,
                "se": self.se,
                "units": self.units,
            }
        )


def clustered_mean_ci(values, weights=None, level: float = LEVEL) -> Interval:
    """The clustered ratio estimator ``Σvalues / Σweights`` over independent units, with its t interval.

    ``values``: array of shape (units,), each unit's total (e.g. chips won in a game or duplicate
    group); ``weights``: array of shape (units,), each unit's size (e.g. hands), default 1 each
    (then this is the plain mean with its t interval). Raises ``ValueError`` for no units, unequal
    lengths or a non-positive total weight. Source: module docstring (Cochran 1977, §6.4).

    >>> ci = clustered_mean_ci([1.0, 3.0, 2.0, 6.0])
    >>> ci.estimate, round(ci.half_width, 4)
    (3.0, 3.4374)
    """
    y = np.asarray(values, dtype=np.float64).ravel()
    h = np.ones_like(y) if weights is None else np.asarray(weights, dtype=np.float64).ravel()
    if len(y) == 0 or len(y) != len(h):
        raise ValueError(f"need one weight per value and at least one unit, got {len(y)} values, {len(h)} weights")
    if not h.sum() > 0:
        raise ValueError("the total weight (e.g. hands) must be positive")
    n = len(y)
    r = float(y.sum() / h.sum())
    if n < MIN_UNITS:
        return Interval(r, math.nan, n, level)
    d = y - r * h
    se = float(np.sqrt((d**2).sum() / (n * (n - 1))) / h.mean())
    return Interval(r, se, n, level)


def ratio_ci(y, h, level: float = LEVEL) -> tuple[float, float]:
    """``(estimate, half_width)`` of ``clustered_mean_ci(y, h, level)``; ``inf`` half-width below ``MIN_UNITS``."""
    ci = clustered_mean_ci(y, h, level)
    return ci.estimate, ci.half_width


def bradley_terry(wins, ridge: float = RIDGE) -> tuple[np.ndarray, np.ndarray]:
    """Bradley–Terry ratings from ``wins[i, j]`` (games i won against j; a draw may count half to each).

    ``wins``: array of shape (k, k), float. Returns (ratings, standard errors), arrays of shape
    (k,): the maximum a posteriori strengths ``θ`` under the prior ``ridge·|θ|²/2`` (the objective
    of ``choix.opt_pairwise(k, data, alpha=ridge / 2)``, whose penalty is ``alpha·|θ|²``), centred
    and put on the Elo scale ``1500 + ELO_SCALE·θ`` ("BT rating, Elo scale"); standard errors of
    the centred ratings from the inverse Hessian projected onto sum-zero ratings. Source: Bradley &
    Terry (1952); Hunter (2004).

    >>> ratings, se = bradley_terry(np.array([[0.0, 30.0], [10.0, 0.0]]), ridge=0.0)
    >>> round(float(ratings[0] - ratings[1]), 1), round(ELO_SCALE * math.log(3), 1)
    (190.8, 190.8)
    """
    from scipy.optimize import minimize
    from scipy.special import expit, log_expit

    wins = np.asarray(wins, dtype=np.float64)
    k = len(wins)
    games = wins + wins.T

    def loss(theta):
        diff = theta[:, None] - theta[None, :]
        value = -(wins * log_expit(diff)).sum() + ridge * theta @ theta / 2
        p = expit(diff)
        grad = -(wins * (1 - p)).sum(axis=1) + (wins.T * (1 - p.T)).sum(axis=1) + ridge * theta
        return value, grad

    theta = minimize(loss, np.zeros(k), jac=True, method="BFGS", options={"gtol": 1e-9}).x
    theta -= theta.mean()
    p = expit(theta[:, None] - theta[None, :])
    weight = games * p * (1 - p)
    hessian = np.diag(weight.sum(axis=1)) - weight + ridge * np.eye(k)
    centre = np.eye(k) - 1 / k
    se = np.sqrt(np.diag(centre @ np.linalg.pinv(hessian) @ centre))
    return 1500 + ELO_SCALE * theta, ELO_SCALE * se


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's (lower, upper) log-likelihood-ratio bounds: ``log(β/(1−α))``, ``log((1−β)/α)``.

    ``alpha`` and ``beta`` are error rates strictly between 0 and 0.5; ``ValueError`` otherwise.

    >>> [round(b, 3) for b in sprt_bounds(0.05, 0.05)]
    [-2.944, 2.944]
    """
    if not (0 < alpha < 0.5 and 0 < beta < 0.5):
        raise ValueError(f"--alpha and --beta must be error rates between 0 and 0.5, got {alpha:g} and {beta:g}")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt_llr(estimate: float, se: float, h0: float, h1: float) -> float:
    """The generalised log-likelihood ratio of H1 (mean ``h1``) against H0 (mean ``h0``) for a normal estimate.

    ``(h1 − h0)(2·estimate − h0 − h1) / (2·se²)``: the log ratio of the normal densities of
    ``estimate`` with standard error ``se`` at ``h1`` and at ``h0``. ``nan`` when ``se`` is not a
    positive finite number; with ``se`` 0 the sign of the difference decides (``±inf``, 0 at the midpoint).

    >>> sprt_llr(0.2, 0.1, 0.0, 0.2)
    2.0
    """
    centre = (h1 - h0) * (2 * estimate - h0 - h1)
    if se == 0:
        return 0.0 if centre == 0 else math.copysign(math.inf, centre)
    if not (se > 0 and math.isfinite(se)):
        return math.nan
    return centre / (2 * se * se)


def parse_hypotheses(text: str) -> tuple[float, float]:
    """``"H0:H1"`` (chips/hand, e.g. ``"0:0.2"``) as two numbers with ``H0 != H1``; ``ValueError`` otherwise.

    >>> parse_hypotheses("0:0.2")
    (0.0, 0.2)
    """
    parts = text.split(":")
    try:
        h0, h1 = (float(p) for p in parts)
    except ValueError:
        raise ValueError(f"--sprt takes H0:H1 in chips/hand, e.g. --sprt 0:0.2, got {text!r}") from None
    if not (math.isfinite(h0) and math.isfinite(h1)) or h0 == h1:
        raise ValueError(f"--sprt needs two different finite edges H0:H1, got {text!r}")
    return h0, h1


@dataclass
class Sprt:
    """A sequential probability ratio test of edge ``h0`` against ``h1`` (chips/hand) on independent units.

    Give it units in a fixed order (e.g. duplicate groups in game order) with ``feed(values,
    weights)`` (evaluated after each unit) or ``update(values, weights)`` (evaluated once, after
    the batch); each returns as soon as there is a decision ("accept H1", "accept H0"), else
    ``None``/all units used (play on). It does not stop before ``min_units`` units. ``finish()`` ends a test that
    reached its hand limit ("inconclusive" unless decided). Running sums keep each update O(units
    added). Source: module docstring (Wald 1947; fishtest's GSPRT).

    >>> test = Sprt(0.0, 0.2, min_units=2)
    >>> test.update([0.1, 0.5, 0.3], [1, 1, 1])
    'accept H1'
    """

    h0: float
    h1: float
    alpha: float = 0.05
    beta: float = 0.05
    min_units: int = SPRT_MIN_UNITS
    decision: str | None = None
    units: int = 0
    _sums: np.ndarray = field(default_factory=lambda: np.zeros(5), repr=False)

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
        sy, sh, syy, syh, shh = self._sums
        n = self.units
        r = sy / sh if sh > 0 else math.nan
        if n < MIN_UNITS:
            return Interval(float(r), math.nan, n)
        ss = max(syy - 2 * r * syh + r * r * shh, 0.0)
        return Interval(float(r), float(math.sqrt(ss / (n * (n - 1))) / (sh / n)), n)

    @property
    def llr(self) -> float:
        """The log-likelihood ratio so far (``nan`` below ``MIN_UNITS`` units)."""
        ci = self.interval()
        return sprt_llr(ci.estimate, ci.se, self.h0, self.h1)

    def update(self, values, weights=None) -> str | None:
        """Add units (``values``: totals, ``weights``: sizes, default 1 each) and return the decision so far."""
        if self.decision is not None:
            return self.decision
        y = np.asarray(values, dtype=np.float64).ravel()
        h = np.ones_like(y) if weights is None else np.asarray(weights, dtype=np.float64).ravel()
        self._sums += (y.sum(), h.sum(), (y * y).sum(), (y * h).sum(), (h * h).sum())
        self.units += len(y)
        if self.units >= max(self.min_units, MIN_UNITS):
            llr = self.llr
            lower, upper = self.bounds
            if llr >= upper:
                self.decision = DECISIONS[0]
            elif llr <= lower:
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
        "min_units"}`` (strict JSON): ``units`` fed so far, and ``min_units``, before which the test
        does not decide (an "inconclusive" test with ``units < min_units`` never could)."""
        return json_safe(
            {
                "h0": self.h0,
                "h1": self.h1,
                "alpha": self.alpha,
                "beta": self.beta,
                "llr": self.llr,
                "bounds": list(self.bounds),
                "decision": self.decision,
                "units": self.units,
                "min_units": max(self.min_units, MIN_UNITS),
            }
        )


def fixed_size_units(h0: float, h1: float, sd: float, alpha: float = 0.05, beta: float = 0.05) -> float:
    """Units a fixed-size one-sided test needs to tell ``h1`` from ``h0`` with error rates ``alpha``, ``beta``.

    ``sd`` is the standard deviation of one unit's result (same unit as ``h0``, ``h1``):
    ``((z_{1−α} + z_{1−β}) · sd / |h1 − h0|)²``. The yardstick of the SPRT's average sample number.

    >>> round(fixed_size_units(0.0, 1.0, 1.0), 2)
    10.82
    """
    from scipy import stats

    z = stats.norm.ppf(1 - alpha) + stats.norm.ppf(1 - beta)
    return float((z * sd / abs(h1 - h0)) ** 2)


NO_VALUE = "n/a"
"""How text shows a statistic without a finite value (JSON: ``null``)."""


def value_text(value: float, spec: str = "+.3f") -> str:
    """``format(value, spec)``, or ``NO_VALUE`` when ``value`` is not finite (nan, ±inf): no value to show.

    >>> value_text(0.1234), value_text(float("inf"), ".3f")
    ('+0.123', 'n/a')
    """
    return format(value, spec) if math.isfinite(value) else NO_VALUE


def interval_text(low: float, high: float, spec: str = "+.3f") -> str:
    """An interval as ``[low, high]``, or ``NO_VALUE`` when it cannot be computed (a bound not finite, e.g.
    fewer than ``MIN_UNITS`` units).

    >>> interval_text(-0.5, 1.25), interval_text(float("-inf"), float("inf"))
    ('[-0.500, +1.250]', 'n/a')
    """
    if not (math.isfinite(low) and math.isfinite(high)):
        return NO_VALUE
    return f"[{format(low, spec)}, {format(high, spec)}]"


def json_safe(data):
    """``data`` with every non-finite float (``nan``, ``±inf``) replaced by ``None``, through dicts, lists,
    tuples and numpy scalars and arrays: what strict JSON (RFC 8259) can carry.

    >>> json_safe({"ci95": [float("-inf"), 1.5], "n": np.int64(3)})
    {'ci95': [None, 1.5], 'n': 3}
    """
    if isinstance(data, dict):
        return {key: json_safe(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [json_safe(value) for value in data]
    if isinstance(data, np.ndarray):
        return [json_safe(value) for value in data.tolist()]
    if isinstance(data, np.generic):
        data = data.item()
    if isinstance(data, float) and not math.isfinite(data):
        return None
    return data


def dumps(data, **kwargs) -> str:
    """``json.dumps`` of ``json_safe(data)`` that refuses any non-finite number left (strict JSON)."""
    return json.dumps(json_safe(data), allow_nan=False, **kwargs)


@dataclass(frozen=True)
class SprtRun:
    """Outcome of SPRT runs on simulated units (``simulate_sprt``): how often each decision was taken
    (fractions of ``runs``), the average and largest number of units used, and the fixed-size test's units."""

    mean: float
    runs: int
    accept_h1: float
    accept_h0: float
    inconclusive: float
    average_units: float
    max_units: int
    fixed_units: float


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
) -> SprtRun:
    """Run ``Sprt`` ``runs`` times on a normal model of duplicate-group results and count its decisions.

    Each unit has ``size`` hands and total ``size · mean + N(0, sd² · size)`` chips (``sd``: standard
    deviation per hand, chips); the test is evaluated after every ``chunk`` units (1: after each, as
    in a duel), up to ``max_units``; the test may stop after ``min_units``. ``fixed_units`` is
    ``fixed_size_units`` for the same ``alpha``, ``beta`` and per-unit deviation. Seeded
    (``numpy.random.default_rng(seed)``): the same arguments give the same result. Used by the
    error-rate test and ``experiments/sprt.py``.
    """
    rng = np.random.default_rng(seed)
    decisions = {d: 0 for d in DECISIONS}
    used = []
    for _ in range(runs):
        test = Sprt(h0, h1, alpha, beta, min_units)
        while test.units < max_units and test.decision is None:
            totals = size * mean + rng.normal(0.0, sd * math.sqrt(size), chunk)
            test.update(totals, np.full(chunk, size))
        decisions[test.finish()] += 1
        used.append(test.units)
    fixed = fixed_size_units(h0 * size, h1 * size, sd * math.sqrt(size), alpha, beta)
    return SprtRun(
        mean,
        runs,
        decisions[DECISIONS[0]] / runs,
        decisions[DECISIONS[1]] / runs,
        decisions[DECISIONS[2]] / runs,
        float(np.mean(used)),
        int(max(used)),
        fixed,
    )
