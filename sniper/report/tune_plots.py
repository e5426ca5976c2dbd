"""The plots of a ``sniper tune`` study, saved beside it (``sniper.arena.tune_study.PLOTS``): optuna's
optimisation history and parameter importances, and strength against decision time.
"""

import warnings
from pathlib import Path

import numpy as np

from sniper.arena.tune_study import PLOTS
from sniper.runs.atomic import write_atomic


def save_plots(study, rows: list[dict], directory: Path, budget: float | None) -> None:
    """optuna's optimisation history and parameter importances, and strength vs decision time
    (``sniper.core.plots.strength_vs_time``), as PNGs."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure
    from optuna.visualization import matplotlib as ovm

    def save(name: str, drawn) -> None:
        figure = drawn if isinstance(drawn, Figure) else np.ravel(drawn)[0].figure  # optuna's Axes, or ours
        if not isinstance(drawn, Figure):
            figure.tight_layout()
        write_atomic(directory / name, lambda tmp: figure.savefig(tmp, format="png", dpi=100))
        plt.close(figure)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        save(PLOTS[0], ovm.plot_optimization_history(study))
        if len([r for r in rows if r["value"] is not None]) >= 2:
            try:
                save(PLOTS[1], ovm.plot_param_importances(study))
            except (RuntimeError, ValueError, ZeroDivisionError):
                pass
    from sniper.core.plots import strength_vs_time

    save(PLOTS[2], strength_vs_time(rows, budget))
