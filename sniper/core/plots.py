"""The figures of ``sniper report``, one function per figure, each callable from Python (matplotlib, Agg).

Every function takes the numbers it draws (frames that ``sniper.report.build`` computes, or a league's or
study's own tables) and returns a ``matplotlib.figure.Figure`` whose title (``figure_title``) says
what it shows; it draws nothing it is not given. Intervals are the 95% intervals of
``sniper.core.stats`` (``LEVEL``); an interval that cannot be computed (NaN bounds, fewer than
``sniper.core.stats.MIN_UNITS`` units) is drawn as a bare point and never as a zero-width bar.

Estimate frames (``net_by_seat``, ``net_by_position``, ``net_by_category``, ``sniped_by_category``,
``snipe_hits_by_heuristic``): one row per (``series``, ``group``) with ``estimate``, ``ci95_low``,
``ci95_high`` (floats, NaN when unknown) and ``rows`` (rows behind the estimate), the layout of
``sniper.core.panels.grouped_intervals`` (and of ``sniper.arena.analysis.clustered_ratio``).
"""

import math

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

WIDTH = 7.0
"""Figure width (inches; 100 dpi in the report)."""


def figure_title(figure: Figure) -> str:
    """The title of ``figure``: its suptitle, else its first axes' title, centred, left or right ("" if none).

    >>> import pandas as pd
    >>> summary = pd.DataFrame({"agent": ["easy"], "net_per_hand": [0.1], "ci95_low": [0.0], "ci95_high": [0.2]})
    >>> figure_title(net_per_agent(summary))
    'Net chips per hand by agent (95% CI)'
    """
    if figure._suptitle is not None and figure._suptitle.get_text():
        return figure._suptitle.get_text()
    titles = (ax.get_title(loc) for ax in figure.axes for loc in ("center", "left", "right"))
    return next((title for title in titles if title), "")


def _new(title: str, height: float = 3.5) -> tuple[Figure, object]:
    figure = Figure(figsize=(WIDTH, height), layout="constrained")
    axes = figure.subplots()
    axes.set_title(title)
    return figure, axes


def _finite(values) -> np.ndarray:
    return np.isfinite(np.asarray(values, dtype=np.float64))


def _whiskers(axes, x, y, low, high, horizontal: bool, **style) -> None:
    """Points at ``x``/``y``; whiskers only where both bounds are finite."""
    x, y, low, high = (np.asarray(v, dtype=np.float64) for v in (x, y, low, high))
    known = _finite(low) & _finite(high)
    centre = x if horizontal else y
    error = np.vstack([centre - low, high - centre])[:, known]
    axes.plot(x, y, "o", **style)
    style.pop("label", None)
    if known.any():
        bars = dict(xerr=error) if horizontal else dict(yerr=error)
        axes.errorbar(x[known], y[known], fmt="none", capsize=3, ecolor=style.get("color"), **bars)


def net_per_agent(summary: pd.DataFrame, unit: str = "hand", net: str = "net chips") -> Figure:
    """Net chips per hand of each agent with its 95% CI (a run's summary frame, e.g.
    ``sniper.runs.results.hand_summary`` or ``sniper.games.sniper_holdem.summary.summarize``: ``agent``,
    ``net_per_hand``, ``ci95_low``, ``ci95_high``; games are the units). ``unit`` and ``net``: the game's words
    for a hand and its ``net`` (``GameSpec.unit``, ``GameSpec.net_name``: a points game's "point difference per
    round")."""
    figure, axes = _new(f"{net.capitalize()} per {unit} by agent (95% CI)", 0.45 * len(summary) + 1.6)
    y = np.arange(len(summary))
    _whiskers(axes, summary["net_per_hand"], y, summary["ci95_low"], summary["ci95_high"], True, color="tab:blue")
    axes.set_yticks(y, summary["agent"].astype(str))
    axes.invert_yaxis()
    axes.axvline(0, color="grey", lw=0.6)
    axes.set_xlabel(f"{net} per {unit}")
    return figure


def cumulative_net(
    curves: dict[str, tuple[np.ndarray, np.ndarray]], unit: str = "hand", net: str = "net chips"
) -> Figure:
    """Cumulative net chips of each agent over the run's hands: ``curves[agent] = (hands, chips)``, two
    arrays of the same length (hand number from 1, in game then hand order; chips summed over the
    agent's seats up to that hand). ``unit``, ``net``: the game's words (``net_per_agent``)."""
    figure, axes = _new(f"Cumulative {net} over {unit}s")
    for agent, (hands, chips) in curves.items():
        axes.plot(hands, chips, label=agent, lw=1.2)
    axes.axhline(0, color="grey", lw=0.6)
    axes.set_xlabel(f"{unit}s played")
    axes.set_ylabel(f"cumulative {net}")
    if curves:
        axes.legend(fontsize="small")
    return figure


def grouped(frame: pd.DataFrame, title: str, xlabel: str, order=None, zero: bool = True) -> Figure:
    """Dot-and-whisker chart of an estimate frame (module docstring) titled ``title``: groups down the side (in
    ``order`` if given), one colour per series, estimates along the x axis labelled ``xlabel``, a line at 0 when
    ``zero``. A game's own panels draw theirs with it (e.g. ``sniper.games.saint.report``)."""
    groups = list(order) if order is not None else list(dict.fromkeys(frame["group"]))
    groups = [g for g in groups if (frame["group"] == g).any()]
    series = list(dict.fromkeys(frame["series"]))
    figure, axes = _new(title, 0.35 * max(len(groups), 1) * max(1, min(len(series), 4)) ** 0.5 + 1.8)
    step = 0.7 / max(len(series), 1)
    colours = matplotlib.colormaps["tab10"]
    for k, name in enumerate(series):
        part = frame[frame["series"] == name].set_index("group").reindex(groups).dropna(subset=["estimate"])
        y = np.array([groups.index(g) for g in part.index]) + (k - (len(series) - 1) / 2) * step
        _whiskers(axes, part["estimate"], y, part["ci95_low"], part["ci95_high"], True, color=colours(k % 10))
        axes.plot([], [], "o", color=colours(k % 10), label=str(name))
    axes.set_yticks(np.arange(len(groups)), [str(g) for g in groups])
    axes.invert_yaxis()
    if zero:
        axes.axvline(0, color="grey", lw=0.6)
    axes.set_xlabel(xlabel)
    if len(series) > 1:
        axes.legend(fontsize="small", loc="best")
    return figure


def net_by_seat(frame: pd.DataFrame, order=None, unit: str = "hand", net: str = "net chips") -> Figure:
    """Net chips per hand by seat (the hands table's ``seat``, any game), 95% CIs over games (an estimate
    frame; one series, or one per agent). ``unit``, ``net``: the game's words (``net_per_agent``)."""
    return grouped(frame, f"{net.capitalize()} per {unit} by seat (95% CI)", f"{net} per {unit}", order)


def net_by_position(frame: pd.DataFrame, order=None) -> Figure:
    """Net chips per hand by position in the betting order (first / middle / last to act, R3), one
    series per agent, 95% CIs over games (an estimate frame, module docstring)."""
    return grouped(frame, "Net chips per hand by position (first / last to act)", "net chips per hand", order)


def net_by_category(frame: pd.DataFrame, order=None) -> Figure:
    """Net chips per showdown by the showdown hand's category (R8), one series per agent, 95% CIs over
    games (an estimate frame)."""
    return grouped(frame, "Net chips per showdown by hand category", "net chips per showdown", order)


def sniped_by_category(frame: pd.DataFrame, order=None) -> Figure:
    """Share of showdown hands that were sniped (R8), by hand category, 95% CIs over games (an estimate
    frame; rates 0..1)."""
    return grouped(frame, "Sniped rate by showdown hand category", "share of showdown hands sniped", order, False)


def snipe_hits_by_heuristic(frame: pd.DataFrame, order=None) -> Figure:
    """Share of snipes that hit another showdown hand (R7, R8), by snipe heuristic (series) and place in
    the snipe order (group: first / middle / last to snipe), 95% CIs over games (an estimate frame)."""
    return grouped(frame, "Snipe hit rate by heuristic and snipe position", "share of snipes that hit", order, False)


def duel_estimate(result: dict) -> Figure:
    """A duel's net chips per hand of A against B (``sniper duel --json``: ``a``, ``b``, ``net_per_hand``,
    ``ci95``, ``independent_ci95_half_width``) with its duplicate-deal 95% CI and, below, the CI the same
    hands dealt independently would have had (null bounds drawn as a bare point)."""
    a, b = str(result.get("a")), str(result.get("b"))
    estimate = _number(result.get("net_per_hand"))
    low, high = (_number(v) for v in (result.get("ci95") or (None, None)))
    wide = _number(result.get("independent_ci95_half_width"))
    figure, axes = _new(f"Duel: net chips per hand of {a} against {b} (95% CI)", 2.4)
    _whiskers(axes, [estimate, estimate], [0, 1], [low, estimate - wide], [high, estimate + wide], True)
    axes.set_yticks([0, 1], ["duplicate deals", "independent deals"])
    axes.invert_yaxis()
    axes.axvline(0, color="grey", lw=0.6)
    axes.set_xlabel("net chips per hand (A)")
    return figure


def _number(value) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else math.nan


def crosstable_heatmap(crosstable: pd.DataFrame, specs=None) -> Figure:
    """A league's crosstable (``sniper.arena.league.crosstable``: ``a``, ``b``, ``net_per_hand``, ``ci95_low``,
    ``ci95_high``) as a heatmap: row spec's net chips per hand against the column spec, each cell
    annotated with its estimate and 95% CI."""
    specs = list(specs) if specs is not None else list(dict.fromkeys([*crosstable["a"], *crosstable["b"]]))
    k = len(specs)
    values = np.full((k, k), np.nan)
    notes = [["" for _ in specs] for _ in specs]
    for row in crosstable.itertuples():
        i, j = specs.index(row.a), specs.index(row.b)
        values[i, j] = row.net_per_hand
        bounds = (row.ci95_low, row.ci95_high)
        ci = f"\n[{bounds[0]:+.2f}, {bounds[1]:+.2f}]" if all(map(math.isfinite, bounds)) else "\nn/a"
        notes[i][j] = f"{row.net_per_hand:+.2f}{ci}"
    figure = Figure(figsize=(WIDTH, 0.9 * k + 2.2), layout="constrained")
    axes = figure.subplots()
    axes.set_title("Crosstable: net chips per hand, row against column (95% CI)")
    reach = np.nanmax(np.abs(values)) if np.isfinite(values).any() else 1.0
    image = axes.imshow(values, cmap="RdBu", vmin=-reach, vmax=reach)
    for i in range(k):
        for j in range(k):
            axes.text(j, i, notes[i][j], ha="center", va="center", fontsize="small")
    axes.set_xticks(range(k), specs, rotation=30, ha="right")
    axes.set_yticks(range(k), specs)
    figure.colorbar(image, ax=axes, label="net chips per hand")
    return figure


def ratings_chart(ratings: pd.DataFrame, column: str, half_width: str, title: str, xlabel: str) -> Figure:
    """One rating per agent with its interval: ``ratings[column] ± ratings[half_width]`` (both numbers;
    ``sniper.report.build`` gives the 95% half-widths of a league's BT and OpenSkill ratings)."""
    figure, axes = _new(title, 0.45 * len(ratings) + 1.6)
    y = np.arange(len(ratings))
    centre, half = ratings[column].to_numpy(np.float64), ratings[half_width].to_numpy(np.float64)
    _whiskers(axes, centre, y, centre - half, centre + half, True, color="tab:purple")
    axes.set_yticks(y, ratings["agent"].astype(str))
    axes.invert_yaxis()
    axes.set_xlabel(xlabel)
    return figure


def strength_vs_time(rows: list[dict], budget: float | None = None) -> Figure:
    """A tune study's trials (``sniper.arena.tune_study.trial_rows``): net chips per hand against the field on the
    tuning seeds against decision time (CPU µs per decision, one thread); pruned trials grey, the
    ``--time-budget-us`` (µs) as a dashed line."""
    figure, axes = _new("strength vs decision time (grey: pruned)", 4.0)
    shown = [r for r in rows if r["value"] is not None and r["decision_us"] is not None]
    axes.scatter(
        [r["decision_us"] for r in shown],
        [r["value"] for r in shown],
        c=["tab:gray" if r["pruned"] else "tab:blue" for r in shown],
    )
    if budget is not None:
        axes.axvline(budget, color="tab:red", linestyle="--", label="--time-budget-us")
        axes.legend()
    axes.set_xlabel("decision time (CPU µs per decision, 1 thread)")
    axes.set_ylabel("net chips/hand vs field (tuning seeds)")
    return figure


def study_history(study) -> Figure:
    """optuna's optimisation history of ``study`` (``optuna.visualization.matplotlib``), as a Figure."""
    from optuna.visualization import matplotlib as ovm

    return _optuna_figure(ovm.plot_optimization_history, study)


def study_importances(study) -> Figure:
    """optuna's parameter importances of ``study`` (fANOVA); ``ValueError`` when there are too few
    finished trials with values to tell (optuna's errors, as one)."""
    from optuna.visualization import matplotlib as ovm

    try:
        return _optuna_figure(ovm.plot_param_importances, study)
    except (RuntimeError, ValueError, ZeroDivisionError) as error:
        raise ValueError(f"no parameter importances: {error}") from None


def _optuna_figure(plot, study) -> Figure:
    import warnings

    import matplotlib.pyplot as plt

    with warnings.catch_warnings(), plt.style.context("default"):  # optuna sets its style globally
        warnings.simplefilter("ignore")
        axes = plot(study)
    figure = np.ravel(axes)[0].figure
    figure.set_size_inches(WIDTH, 4.0)
    figure.set_layout_engine("constrained")
    plt.close(figure)  # optuna draws with pyplot; the figure lives on without pyplot's registry
    return figure
