"""The ``sniper report`` pages of agents against each other: a duel's ``--json`` output (``duel_report``), a league
directory (``league_report``: the crosstable as a heatmap, BT and OpenSkill ratings with 95% intervals) and a
tune study (``study_report``: the best trials, optuna's history and importances, strength against decision
time). Dispatched by ``sniper.report.build.load``.
"""

import json
import math
from pathlib import Path

import pandas as pd

from sniper.core import plots
from sniper.core.panels import Section, Table
from sniper.core.registry import DEFAULT_GAME, get_game
from sniper.core.stats import LEVEL, interval_text, value_text
from sniper.report.page import Report

DUEL_KEYS = ("a", "b", "hands", "net_per_hand", "ci95", "verdict")
"""Keys that make a JSON file a duel's ``--json`` output."""


# ----- duels, leagues, studies --------------------------------------------------------------------------


def duel_report(path) -> Report:
    """The report of a duel's ``--json`` output in the file ``path``; ``ValueError`` if it is not one."""
    path = Path(path)
    try:
        result = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise ValueError(
            f"{path} is not a duel's JSON output, nor a run, league or study dir ({type(error).__name__})"
        ) from None
    if not isinstance(result, dict) or not all(key in result for key in DUEL_KEYS):
        raise ValueError(f"{path} is not a duel's JSON output (`sniper duel A B --json`): no {', '.join(DUEL_KEYS)}")
    games = result.get("games") if isinstance(result.get("games"), dict) else {}
    ci = result.get("ci95") if isinstance(result.get("ci95"), list) else [None, None]
    number = lambda v, spec="+.3f": value_text(plots._number(v), spec)  # noqa: E731
    rows = [
        ["A", str(result["a"])],
        ["B", str(result["b"])],
        ["hands", number(result["hands"], ",.0f")],
        ["net chips per hand (A)", number(result["net_per_hand"])],
        ["95% CI", interval_text(*(plots._number(v) for v in (list(ci) + [None, None])[:2]))],
        ["verdict", str(result["verdict"])],
        ["games won by A / B / drawn", " / ".join(number(games.get(k), ",.0f") for k in ("a_won", "b_won", "drawn"))],
        ["independent-deal CI half-width", number(result.get("independent_ci95_half_width"), ".3f")],
    ]
    if isinstance(result.get("sprt"), dict):
        rows.append(["SPRT decision", str(result["sprt"].get("decision"))])
    section = Section(
        "Duel", tables=[Table("Duplicate duel", ["", "value"], rows)], figures=[plots.duel_estimate(result)]
    )
    facts = [
        ("game", recorded_title(result.get("game"), "not recorded (a duel of sniper 0.2.0 or before)")),
        ("players", str(result.get("players", "?"))),
        ("seatings", str(result.get("seatings", "?"))),
    ]
    return Report(f"Duel {result['a']} vs {result['b']}", "duel", str(path), facts, [section])


def recorded_title(name, missing: str = "not recorded") -> str:
    """The title (``GameSpec.title``) of the game a duel, league or study names (its registry name ``name``);
    ``missing`` when it names none, the name as it is for a game this version does not know."""
    if not isinstance(name, str):
        return missing
    try:
        return get_game(name).title
    except ValueError:
        return name


def _z() -> float:
    from scipy.special import ndtri

    return float(ndtri(0.5 + LEVEL / 2))


def league_report(out) -> Report:
    """The report of the league directory ``out`` (``sniper.arena.league.save_league``): crosstable heatmap,
    BT and OpenSkill ratings with 95% normal intervals. ``ValueError`` if its files are unreadable."""
    from sniper.arena.league import LEAGUE_FILE

    out = Path(out)
    try:
        meta = json.loads((out / LEAGUE_FILE).read_text())
        cross = pd.read_parquet(out / "crosstable.parquet")
        ratings = pd.read_parquet(out / "ratings.parquet")
    except (OSError, ValueError) as error:
        raise ValueError(f"{out} is not a finished league ({type(error).__name__}: {error})".splitlines()[0]) from None
    config = meta.get("config", {}) if isinstance(meta, dict) else {}
    z = _z()
    ratings = ratings.assign(bt_half=z * ratings["bt_rating_se"])
    rows = [
        [str(r.agent), value_text(r.bt_rating, ".0f"), value_text(r.bt_half, ".0f"), value_text(r.net_per_hand_vs_all)]
        for r in ratings.itertuples()
    ]
    tables = [Table("Ratings", ["agent", "BT rating (Elo scale)", "± 95%", "net/hand vs all"], rows)]
    figures = [
        plots.crosstable_heatmap(cross, config.get("specs")),
        plots.ratings_chart(
            ratings, "bt_rating", "bt_half", "BT ratings, Elo scale (95% interval)", "BT rating (Elo scale)"
        ),
    ]
    if "openskill_mu" in ratings:
        ratings = ratings.assign(os_half=z * ratings["openskill_sigma"])
        figures.append(
            plots.ratings_chart(
                ratings, "openskill_mu", "os_half", "OpenSkill ratings from full tables (μ, 95% interval)", "μ"
            )
        )
    cross_rows = [
        [str(r.a), str(r.b), value_text(r.net_per_hand), interval_text(r.ci95_low, r.ci95_high), str(r.verdict)]
        for r in cross.itertuples()
    ]
    tables.append(Table("Crosstable", ["spec", "against", "net/hand", "95% CI", "verdict"], cross_rows))
    facts = [
        ("game", recorded_title(config.get("game", DEFAULT_GAME))),  # a league of another game always named it
        ("specs", ", ".join(map(str, config.get("specs", [])))),
        ("players", str(config.get("players", "?"))),
        ("hands", f"{meta.get('hands', 0):,}" if isinstance(meta.get("hands"), int) else "?"),
        ("seed", str(config.get("seed"))),
    ]
    return Report(f"League {out.name}", "league", str(out), facts, [Section("League", tables, figures)])


def study_report(directory) -> Report:
    """The report of the tune study in ``directory`` (``study.db``, read-only check first,
    ``sniper.arena.tune_study.holds_study``): the best trials, optuna's history and importances, strength against
    decision time. ``ValueError`` when it holds no sniper study."""
    import optuna

    from sniper.arena.tune_study import STUDY_DB, STUDY_NAME, holds_study, trial_rows

    directory = Path(directory)
    path = directory / STUDY_DB
    if not holds_study(path):
        raise ValueError(f"{path} is not a sniper tune study (no optuna study named {STUDY_NAME!r})")
    optuna.logging.set_verbosity(optuna.logging.ERROR)
    study = optuna.load_study(study_name=STUDY_NAME, storage=f"sqlite:///{path}")
    rows = trial_rows(study)
    identity = study.user_attrs.get("identity") or {}
    budget = identity.get("time_budget_us") if isinstance(identity, dict) else None
    ranked = sorted(rows, key=lambda r: -(r["value"] if r["value"] is not None else -math.inf))
    cells = []
    for r in ranked[:10]:
        low, high = (plots._number(v) for v in (r["ci95"] or (None, None)))
        state = "pruned" if r["pruned"] else "" if r["feasible"] else "over budget"
        us = plots._number(r["decision_us"])
        cells.append(
            [str(r["number"]), value_text(plots._number(r["value"])), interval_text(low, high), state]
            + [value_text(us, ".2f"), f"{r['hands']:,}", str(r["spec"])]
        )
    columns = ["#", "net/hand", "95% CI", "state", "µs/decision", "hands", "spec"]
    figures = [plots.study_history(study)]
    if len([r for r in rows if r["value"] is not None]) >= 2:
        try:
            figures.append(plots.study_importances(study))
        except ValueError:
            pass
    figures.append(plots.strength_vs_time(rows, budget))
    table = Table(f"Best trials of {len(rows)} finished", columns, cells)
    named = identity.get("game", DEFAULT_GAME) if isinstance(identity, dict) else None
    facts = [
        ("game", recorded_title(named)),  # a study of another game always named it (``TuneSetup.identity``)
        ("spec", str(identity.get("spec", "?"))),
        ("against", str(identity.get("against", "?"))),
        ("parameters", str(identity.get("params", "?"))),
        ("seed", str(identity.get("seed", "?"))),
    ]
    if identity.get("aggregate"):  # a population study (sniper tune --aggregate): the score is this aggregate
        facts.insert(2, ("aggregate", f"{identity['aggregate']} of the per-opponent edges"))
    return Report(f"Tune study {directory.name}", "study", str(directory), facts, [Section("Study", [table], figures)])
