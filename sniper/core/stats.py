"""Statistics: clustered confidence intervals, Bradley–Terry ratings, strict JSON and honest text.

Every interval and test that ``summary``, ``duel``, ``league`` and ``tune`` report comes from here or, for the
SPRT, from ``sniper.core.sprt``, which builds on these estimators.

- **Clustered ratio estimator** (``clustered_mean_ci``). Hands are not independent: the hands of
  one game share stacks, and the seatings of one duplicate group share cards. So the independent
  *unit* is a game (``summary``) or a duplicate group (``duel``, ``league``). For units ``g`` with
  total ``y_g`` (chips) and size ``h_g`` (hands) the estimate is ``r = Σy / Σh`` (chips per hand)
  with the linearised standard error ``sqrt(Σ(y_g − r h_g)² / (n (n − 1))) / mean(h)`` and a
  Student's t interval with ``n − 1`` degrees of freedom (``scipy.special.stdtrit``, the quantile
  ``scipy.stats.t.ppf`` returns; up to 2,048 of them its values' table, ``sniper.core.t_quantiles``, above that the
  Cornish–Fisher expansion, ``t_expansion``; Cochran,
  *Sampling Techniques*, 1977, §6.4). Fewer than 2 units give no finite interval (``nan``/``inf``); the
  callers play at least ``MIN_UNITS``. Units that all have the same ratio ``y_g/h_g`` (e.g. every group 0)
  give a standard error of exactly 0 and no interval (``nan``): a zero-width interval would claim certainty
  the data cannot give.
- **Bradley–Terry** (``bradley_terry``): ratings from games won, maximum a posteriori under a
  Gaussian prior (the same objective as ``choix.opt_pairwise`` with ``alpha = RIDGE / 2``), shown
  on the Elo scale — a "BT rating, Elo scale", not an Elo rating from sequential updates.
- **SPRT** (``sniper.core.sprt.Sprt``): Wald's sequential probability ratio test on duplicate-group results,
  with the estimators above.
- **Strict JSON** (``json_safe``, ``dumps``): non-finite numbers become ``null`` (RFC 8259 has no
  NaN or Infinity).
- **Honest text** (``value_text``, ``interval_text``): an estimate or interval without a finite value
  (e.g. the interval of a single unit) prints as ``NO_VALUE`` ("n/a"), never ``nan`` or ``inf``; the
  same value is ``null`` in JSON.
"""

import json
import math
from dataclasses import dataclass

import numpy as np

from sniper.core.t_quantiles import T95

LEVEL = 0.95
"""Confidence level of every interval reported."""
MIN_UNITS = 2
"""Fewest independent units with a finite interval (``n − 1`` degrees of freedom)."""
ELO_SCALE = 400 / math.log(10)
"""Elo points per unit of log-odds: ``1500 + ELO_SCALE · θ``."""
RIDGE = 0.01
"""Gaussian prior precision of the Bradley–Terry strengths: a spec that never lost still has a finite rating."""


Z95 = 1.959963984540054
"""The standard normal quantile at ``0.5 + LEVEL / 2`` (``scipy.special.ndtri(0.975)``, SciPy's float)."""


def t_expansion(df: float, z: float = Z95) -> float:
    """The Student's t quantile of ``df`` degrees of freedom whose normal quantile is ``z`` (default ``Z95``), by
    the Cornish–Fisher expansion in ``1 / df`` to its fourth term (Abramowitz & Stegun 26.7.5; Fisher, 1925): for
    ``df`` above 2,048 its error is below ``1e-15`` relative (its next term's order, ``z¹¹ / df⁵``), within the last
    bits of ``scipy.special.stdtrit``'s (tests/test_stats.py checks it against SciPy to ``1e-14``). Not for small
    ``df``, where the series does not converge fast.

    >>> round(t_expansion(3000), 9)
    1.960755055
    """
    x, v = z * z, 1.0 / df
    g1 = (x + 1) / 4
    g2 = ((5 * x + 16) * x + 3) / 96
    g3 = (((3 * x + 19) * x + 17) * x - 15) / 384
    g4 = ((((79 * x + 776) * x + 1482) * x - 1920) * x - 945) / 92160
    return z * (1 + v * (g1 + v * (g2 + v * (g3 + v * g4))))


def t_quantile(units: int, level: float = LEVEL) -> float:
    """The two-sided Student's t quantile for ``units`` independent units (``units − 1`` degrees of freedom):
    ``scipy.special.stdtrit(units - 1, 0.5 + level / 2)``; at ``LEVEL`` without importing SciPy (≈ 0.3 s), from
    SciPy's values in ``sniper.core.t_quantiles`` up to its last, above it by ``t_expansion`` (the same float to
    its last bits); ``inf`` for fewer than ``MIN_UNITS``.

    >>> round(t_quantile(4), 4), t_quantile(4) == t_quantile(4, 0.9499999)
    (3.1824, False)
    """
    if units < MIN_UNITS:
        return math.inf
    if level == LEVEL:
        return T95[units - 2] if units - 1 <= len(T95) else t_expansion(units - 1)
    from scipy.special import stdtrit  # what scipy.stats.t.ppf computes, without importing scipy.stats (≈ 1 s)

    return float(stdtrit(units - 1, 0.5 + level / 2))


@dataclass(frozen=True)
class Interval:
    """An estimate (chips/hand) with its standard error and ``level`` confidence interval over ``units`` units.

    ``se`` is ``nan`` and the interval infinite for fewer than ``MIN_UNITS`` units; ``se`` is 0 and
    the interval ``nan`` (none) when every unit has the same ratio (no variance to build it from).
    """

    estimate: float
    se: float
    units: int
    level: float = LEVEL

    @property
    def half_width(self) -> float:
        """Half the interval's width (``inf`` below ``MIN_UNITS`` units; ``nan`` when ``se`` is 0: every unit
        agrees exactly, which is no evidence of a zero-width interval)."""
        if self.units < MIN_UNITS:
            return math.inf
        if not self.se > 0:
            return math.nan
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
    lengths or a non-positive total weight. When every unit has the same ratio ``value/weight`` the
    standard error is exactly 0 and there is no interval (``half_width`` ``nan``). Source: module
    docstring (Cochran 1977, §6.4).

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
    if not _spread(y, h):
        return Interval(r, 0.0, n, level)
    d = y - r * h
    se = float(np.sqrt((d**2).sum() / (n * (n - 1))) / h.mean())
    return Interval(r, se, n, level)


def _spread(y: np.ndarray, h: np.ndarray) -> bool:
    """Whether the units' ratios ``y/h`` differ (exactly, without rounding): else every deviation is 0."""
    return bool((y * h[0] != y[0] * h).any())


def ratio_ci(y, h, level: float = LEVEL) -> tuple[float, float]:
    """``(estimate, half_width)`` of ``clustered_mean_ci(y, h, level)``; ``inf`` half-width below ``MIN_UNITS``,
    ``nan`` when every unit has the same ratio."""
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
