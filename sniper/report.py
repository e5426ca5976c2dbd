"""``sniper report``: one self-contained HTML page of tables and figures for a run, a duel, a league or a study.

What it reads (``load``, by what ``PATH`` is):

- a **run directory** (``sniper simulate``, ``sniper serve``): only the hands-table columns of
  ``REPORT_COLUMNS``, pushed down to the parquet scan (``sniper.runs.read_run``). Sections: the
  per-agent summary (``sniper.results.summarize``, the table ``sniper summary`` prints), net chips
  per hand with 95% CIs, cumulative net over hands, net by position (first / middle / last to act
  from the hand's first player, R3) and by showdown hand category (R8), then the panels of the
  run's game (``game_panels``; Sniper Hold'em: the sniped rate by category and the snipe hit rate
  by heuristic and place in the snipe order, R7, R8);
- a **duel** (the ``--json`` output of ``sniper duel``, a file): its numbers and its interval;
- a **league directory** (``sniper league --out``, ``league.json``): the crosstable as a heatmap,
  BT ratings (Elo scale) and OpenSkill ratings with 95% intervals (normal: ± z·se, ± z·σ);
- a **tune study** (``sniper tune --study``, a directory holding ``study.db``): the best trials,
  optuna's history and parameter importances, and strength against decision time.

Intervals: run estimates are ratios over rows with games as the independent units
(``grouped_intervals``, ``sniper.stats.clustered_mean_ci``: the estimator of ``sniper summary``
and ``sniper.analysis.clustered_ratio``). An interval that cannot be computed shows as "n/a".

The page (``to_html``) embeds every figure as a base64 PNG and has no script, stylesheet or font
from elsewhere; every text from the data is escaped (``html.escape``). ``write_report`` writes it
to a temporary file, then renames it.
"""

import base64
import html
import io
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from sniper import __version__, plots
from sniper.core.registry import DEFAULT_GAME
from sniper.results import SUMMARY_COLUMNS, _dense_codes, _group_ids, _held_codes, _hits
from sniper.stats import LEVEL, clustered_mean_ci, interval_text, value_text

REPORT_COLUMNS = (*SUMMARY_COLUMNS, "first_seat", "sniped")
"""The hands-table columns a run's report reads (``sniper.runs.read_run`` pushdown), no others."""
POSITIONS = ("first", "middle", "last")
"""Places in an order of play: first, between, last (``positions``)."""
CURVE_POINTS = 2000
"""Most points drawn per cumulative-net curve (a long run is sampled evenly, last hand included)."""
DUEL_KEYS = ("a", "b", "hands", "net_per_hand", "ci95", "verdict")
"""Keys that make a JSON file a duel's ``--json`` output."""


@dataclass
class Table:
    """A table of the page: a caption, column names and rows of cell texts (escaped when written)."""

    caption: str
    columns: list[str]
    rows: list[list[str]]
    note: str = ""


@dataclass
class Section:
    """A heading with its tables and figures (``matplotlib.figure.Figure``), in page order."""

    heading: str
    tables: list[Table] = field(default_factory=list)
    figures: list = field(default_factory=list)


@dataclass
class Report:
    """A page: ``title``, what was read (``kind``: "run", "duel", "league" or "study"; ``source``:
    the path), a few facts (label, text) and the sections."""

    title: str
    kind: str
    source: str
    facts: list[tuple[str, str]]
    sections: list[Section]

    @property
    def figures(self) -> list:
        """Every figure of the page, in order."""
        return [f for s in self.sections for f in s.figures]


def _say(progress: Callable[[str], None] | None, text: str) -> None:
    if progress is not None:
        progress(text)


def load(path, progress: Callable[[str], None] | None = None) -> Report:
    """The report of ``path``: a run directory, a league directory, a tune study directory (or its
    ``study.db``) or a duel's JSON file (module docstring). ``progress(text)`` is told each step.
    Raises ``ValueError`` (one line) when ``path`` is none of these or is unreadable, and
    ``sniper.runner.RunDirError`` for a run with an unreadable part."""
    from sniper.league import LEAGUE_FILE
    from sniper.runner import MANIFEST
    from sniper.tune import STUDY_DB

    path = Path(path)
    if path.is_file() and path.name == STUDY_DB:
        path = path.parent
    if path.is_dir():
        if (path / MANIFEST).is_file():
            return run_report(path, progress)
        if (path / LEAGUE_FILE).is_file():
            return league_report(path)
        if (path / STUDY_DB).is_file():
            return study_report(path)
        raise ValueError(
            f"{path} is not a run ({MANIFEST}), a league ({LEAGUE_FILE}) or a tune study ({STUDY_DB}) directory"
        )
    if path.is_file():
        if path.name == LEAGUE_FILE:
            return league_report(path.parent)
        return duel_report(path)
    raise ValueError(f"{path}: no such file or directory")


# ----- runs -----------------------------------------------------------------------------------------


def grouped_intervals(groups: np.ndarray, games: np.ndarray, values, weights=None) -> list:
    """``clustered_mean_ci`` of ``Σvalues / Σweights`` for each group, games as the units.

    ``groups``: int array of shape (rows,), codes 0..k-1 (-1: row left out); ``games``: int array
    (rows,), the row's game; ``values``, ``weights``: float arrays (rows,) (weights default 1 per row,
    e.g. chips and hands). Returns a list of k ``sniper.stats.Interval`` (None for a group with no
    weight). Bincounts over (group, game) cells: the same numbers as
    ``sniper.analysis.clustered_ratio(frame, values, weights, by=group)``, without a pandas group-by.
    """
    groups = np.asarray(groups, dtype=np.int64)
    keep = groups >= 0
    k = int(groups.max()) + 1 if keep.any() else 0
    game, n_games = _dense_codes(np.asarray(games)[keep])
    y = np.asarray(values, dtype=np.float64)[keep]
    w = np.ones(len(y)) if weights is None else np.asarray(weights, dtype=np.float64)[keep]
    cell = groups[keep] * max(n_games, 1) + game
    size = max(k * n_games, 1)
    total = np.bincount(cell, weights=y, minlength=size).reshape(k, -1)
    weight = np.bincount(cell, weights=w, minlength=size).reshape(k, -1)
    present = np.bincount(cell, minlength=size).reshape(k, -1) > 0
    out = []
    for g in range(k):
        units = present[g]
        if not weight[g][units].sum() > 0:
            out.append(None)
            continue
        out.append(clustered_mean_ci(total[g][units], weight[g][units]))
    return out


def estimate_frame(intervals: list, labels: list[tuple[str, str]], rows: np.ndarray) -> pd.DataFrame:
    """An estimate frame (``sniper.plots``): one row per interval that exists, with its (series, group)
    label and row count; non-finite bounds as NaN."""
    records = []
    for ci, (series, group), n in zip(intervals, labels, rows):
        if ci is None:
            continue
        low, high = (v if math.isfinite(v) else math.nan for v in (ci.low, ci.high))
        records.append(dict(series=series, group=group, estimate=ci.estimate, ci95_low=low, ci95_high=high, rows=n))
    return pd.DataFrame(records, columns=["series", "group", "estimate", "ci95_low", "ci95_high", "rows"])


def _by(series: np.ndarray, n_series: int, group: np.ndarray, n_groups: int, mask: np.ndarray) -> np.ndarray:
    """Codes of (series, group) cells, -1 outside ``mask``."""
    return np.where(mask & (series >= 0) & (group >= 0), series * n_groups + group, -1)


def _frame(codes, games, values, series_names, group_names, weights=None) -> pd.DataFrame:
    intervals = grouped_intervals(codes, games, values, weights)
    n = len(group_names)
    labels = [(series_names[i // n], group_names[i % n]) for i in range(len(intervals))]
    counts = np.bincount(codes[codes >= 0], minlength=len(intervals))
    return estimate_frame(intervals, labels, counts)


def positions(hand_id: np.ndarray, seat: np.ndarray, first_seat: np.ndarray, seats: int, mask: np.ndarray):
    """Each row's place in its hand's order of play, clockwise from the hand's first player (R3), among
    the rows of ``mask``: int8 array, 0 first, 1 between, 2 last (``POSITIONS``), -1 outside ``mask``.

    ``hand_id``: int array (rows,) equal for the rows of a hand; ``seat``, ``first_seat``: seat
    indices; ``seats``: seats at the table. With ``mask`` = dealt in it is the betting order; with
    ``mask`` = at the showdown, the snipe order (R7; ``sniper.analysis.snipe_order``).
    """
    rows = np.flatnonzero(mask)
    out = np.full(len(mask), -1, dtype=np.int8)
    if len(rows) == 0:
        return out
    clockwise = (seat[rows].astype(np.int64) - first_seat[rows]) % seats
    key = hand_id[rows].astype(np.int64) * seats + clockwise
    order = np.argsort(key, kind="stable")
    hands = hand_id[rows][order]
    start = np.r_[True, hands[1:] != hands[:-1]]
    last = np.r_[start[1:], True]
    place = np.where(start, 0, np.where(last, 2, 1)).astype(np.int8)
    out[rows[order]] = place
    return out


def hand_ids(games: np.ndarray, hands: np.ndarray) -> tuple[np.ndarray, int]:
    """``(ids, n)``: each row's hand as an int64 id 0..n-1, increasing in (game, hand) order.

    Rows in part order (``sniper.runs.read_run``: sorted by game, then hand) are numbered by where
    (game, hand) changes, in one pass; other orders by the distinct (game, hand) pairs
    (``sniper.results._group_ids``, a sort).

    >>> ids, n = hand_ids(np.array([0, 0, 0, 3, 3]), np.array([0, 0, 1, 0, 0]))
    >>> ids.tolist(), n
    ([0, 0, 1, 2, 2], 3)
    """
    games, hands = np.asarray(games, dtype=np.int64), np.asarray(hands, dtype=np.int64)
    if len(games) == 0:
        return np.zeros(0, dtype=np.int64), 0
    step_game, step_hand = np.diff(games), np.diff(hands)
    if not ((step_game > 0) | ((step_game == 0) & (step_hand >= 0))).all():
        from sniper.results import _HAND_SPAN

        ids, _ = _group_ids([games * _HAND_SPAN + hands])
        return _dense_codes(ids)
    ids = np.concatenate([[0], np.cumsum((step_game != 0) | (step_hand != 0))])
    return ids, int(ids[-1]) + 1


def snipe_hit_rows(hand_id, seat, snipe, showdown, category, top) -> np.ndarray:
    """Bool array: whether each row's snipe named another showdown hand of its hand (R8), for dense
    ``hand_id`` codes (``hand_ids``); ``sniper.results.snipe_hits`` without its re-coding of the keys."""
    shows = np.asarray(showdown, dtype=bool) & (category >= 0)
    rows = np.flatnonzero((snipe >= 0) | shows)
    held = np.where(shows[rows], _held_codes(category[rows], top[rows]), -1)
    hit = np.zeros(len(snipe), dtype=bool)
    hit[rows] = _hits(hand_id[rows], seat[rows].astype(np.int64), snipe[rows], held)
    return hit


def _curves(agent: np.ndarray, names: list[str], hand_index: np.ndarray, n_hands: int, net, dealt) -> dict:
    """Cumulative net chips per agent at up to ``CURVE_POINTS`` evenly spaced hands (the last included):
    one bincount over (agent, the first sampled hand at or after the row's hand) cells."""
    picks = np.unique(np.linspace(0, n_hands - 1, min(n_hands, CURVE_POINTS)).round().astype(np.int64))
    bucket_of = np.searchsorted(picks, np.arange(n_hands))
    cell = np.where(dealt, agent * len(picks) + bucket_of[hand_index], len(names) * len(picks))
    sums = np.bincount(cell, weights=net, minlength=len(names) * len(picks) + 1)[:-1].reshape(len(names), -1)
    played = np.bincount(agent[dealt], minlength=len(names)) > 0
    return {name: (picks + 1, np.cumsum(sums[a])) for a, name in enumerate(names) if played[a]}


def sniper_panels(data: dict, context: dict) -> list[Section]:
    """Sniper Hold'em's panels (R7, R8): the share of showdown hands sniped by category, and the share
    of snipes that hit by the sniper's heuristic (``manifest["agent_parameters"]``, "snipes") and
    place in the snipe order."""
    from sniper.hands import CATEGORY_NAMES

    games, showdown, category = data["game"], data["showdown"], data["category"]
    shown = showdown & (category >= 0)
    names = [CATEGORY_NAMES[c] for c in sorted(CATEGORY_NAMES)]
    codes = _by(np.zeros(len(games), np.int64), 1, category.astype(np.int64), len(names), shown)
    sniped = _frame(codes, games, data["sniped"], ["all agents"], names)
    sniping = data["snipe"] >= 0
    hit = snipe_hit_rows(context["hand_id"], data["seat"], data["snipe"], showdown, category, data["top"])
    order = positions(context["hand_id"], data["seat"], data["first_seat"], context["seats"], shown)
    heuristics = context["heuristics"]
    kinds = list(dict.fromkeys(heuristics))
    of_agent = np.array([kinds.index(h) for h in heuristics], dtype=np.int64)
    series = of_agent[data["agent"]] if len(of_agent) else np.zeros(len(games), np.int64)
    codes = _by(series, len(kinds), order.astype(np.int64), len(POSITIONS), sniping & data["dealt_in"])
    hits = _frame(codes, games, hit, kinds, [f"{p} to snipe" for p in POSITIONS])
    figures = [
        plots.sniped_by_category(sniped, order=reversed(names)),
        plots.snipe_hits_by_heuristic(hits),
    ]
    return [Section("Sniper Hold'em: snipes (R7, R8)", figures=figures)]


GAME_PANELS: dict[str, Callable[[dict, dict], list[Section]]] = {"sniper": sniper_panels}
"""Game-specific sections of a run's report, by game name; each takes the run's columns (numpy arrays,
``REPORT_COLUMNS``, ``agent`` as codes) and a context (``hand_id``, ``seats``, ``agents``,
``heuristics``) and returns sections."""


def game_panels(game: str) -> Callable[[dict, dict], list[Section]]:
    """The panel builder of ``game`` (``GAME_PANELS``); ``ValueError`` for a game without one."""
    try:
        return GAME_PANELS[game]
    except KeyError:
        raise ValueError(f"no report panels for game {game!r}; known: {', '.join(GAME_PANELS)}") from None


def _columns(table) -> tuple[list[str], dict[str, np.ndarray]]:
    import pyarrow.compute as pc

    agent = pc.dictionary_encode(table.column("agent")).combine_chunks()
    data = {name: table.column(name).to_numpy() for name in REPORT_COLUMNS if name != "agent"}
    data["agent"] = agent.indices.to_numpy(zero_copy_only=False).astype(np.int64)
    return agent.dictionary.to_pylist(), data


def summary_table(summary: pd.DataFrame) -> Table:
    """The per-agent summary (``sniper.results.summarize``) as a page table, the columns of ``sniper summary``."""
    rows = [
        [
            str(r.agent),
            f"{r.hands:,}",
            value_text(r.net_per_hand),
            interval_text(r.ci95_low, r.ci95_high),
            f"{r.showdown_wins:,}",
            f"{r.snipes_made:,}",
            f"{r.snipes_hit:,}",
            f"{r.games_won:,}",
        ]
        for r in summary.itertuples()
    ]
    columns = ["agent", "hands", "net/hand", "95% CI", "showdowns won", "snipes", "hit", "games won"]
    note = (
        "hands: hands dealt in, over the agent's seats; hit: snipes that named another showdown hand; "
        "games won: most chips at the end (R9); games are the independent units of the intervals."
    )
    return Table("Per agent: net chips per hand, 95% confidence interval", columns, rows, note)


def run_report(out, progress: Callable[[str], None] | None = None) -> Report:
    """The report of the run directory ``out`` (module docstring). Reads ``REPORT_COLUMNS`` only.
    Raises ``sniper.runner.RunDirError`` for a directory that is not a readable run, ``ValueError``
    for a run with no hands or a game without panels."""
    from sniper.hands import CATEGORY_NAMES
    from sniper.results import summarize
    from sniper.runner import load_manifest
    from sniper.runs import read_run

    out = Path(out)
    manifest = load_manifest(out)
    config = manifest["config"]
    panels = game_panels(str(manifest.get("game", config.get("game", DEFAULT_GAME))))
    _say(progress, "reading the hands table")
    table = read_run(out, "hands", columns=REPORT_COLUMNS, arrow=True)
    if table.num_rows == 0:
        raise ValueError(f"{out} has no hands yet")
    say = progress
    _say(say, f"summarising {table.num_rows:,} rows")
    summary = summarize(table)
    names, data = _columns(table)
    del table
    games, dealt, net = data["game"], data["dealt_in"], data["net"].astype(np.float64)
    hand_id, n_ids = hand_ids(games, data["hand"])
    seats = int(data["seat"].max()) + 1
    agent = data["agent"]
    _say(say, "cumulative net")
    curves = _curves(agent, names, hand_id, n_ids, net, dealt)
    _say(say, "positions and categories")
    place = positions(hand_id, data["seat"], data["first_seat"], seats, dealt)
    by_position = _frame(_by(agent, len(names), place.astype(np.int64), 3, dealt), games, net, names, list(POSITIONS))
    categories = [CATEGORY_NAMES[c] for c in sorted(CATEGORY_NAMES)]
    shown = dealt & data["showdown"] & (data["category"] >= 0)
    codes = _by(agent, len(names), data["category"].astype(np.int64), len(categories), shown)
    by_category = _frame(codes, games, net, names, categories)
    vectors = {v.get("spec"): v for v in manifest.get("agent_parameters", []) if isinstance(v, dict)}
    context = dict(
        hand_id=hand_id,
        seats=seats,
        agents=names,
        heuristics=[str(vectors.get(n, {}).get("snipes", "unknown")) for n in names],
    )
    _say(say, "game panels")
    game_sections = panels(data, context)
    _say(say, "drawing")
    sections = [
        Section("Summary", tables=[summary_table(summary)], figures=[plots.net_per_agent(summary)]),
        Section("Over the run", figures=[plots.cumulative_net(curves)]),
        Section(
            "Where the chips come from",
            figures=[
                plots.net_by_position(by_position, order=POSITIONS),
                plots.net_by_category(by_category, order=reversed(categories)),
            ],
        ),
        *game_sections,
    ]
    facts = [
        ("status", str(manifest.get("status", "?"))),
        ("hands", f"{int(manifest.get('hands', 0)):,} of {int(config.get('hands', 0)):,}"),
        ("games", f"{len(np.unique(games)):,}"),
        ("agents", ", ".join(map(str, config.get("agents", [])))),
        ("seed", str(config.get("seed"))),
        ("engine", str(config.get("engine", "?"))),
    ]
    return Report(f"Run {out.name}", "run", str(out), facts, sections)


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
    facts = [("players", str(result.get("players", "?"))), ("seatings", str(result.get("seatings", "?")))]
    return Report(f"Duel {result['a']} vs {result['b']}", "duel", str(path), facts, [section])


def _z() -> float:
    from scipy.special import ndtri

    return float(ndtri(0.5 + LEVEL / 2))


def league_report(out) -> Report:
    """The report of the league directory ``out`` (``sniper.league.save_league``): crosstable heatmap,
    BT and OpenSkill ratings with 95% normal intervals. ``ValueError`` if its files are unreadable."""
    from sniper.league import LEAGUE_FILE

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
        ("specs", ", ".join(map(str, config.get("specs", [])))),
        ("players", str(config.get("players", "?"))),
        ("hands", f"{meta.get('hands', 0):,}" if isinstance(meta.get("hands"), int) else "?"),
        ("seed", str(config.get("seed"))),
    ]
    return Report(f"League {out.name}", "league", str(out), facts, [Section("League", tables, figures)])


def study_report(directory) -> Report:
    """The report of the tune study in ``directory`` (``study.db``, read-only check first,
    ``sniper.tune.holds_study``): the best trials, optuna's history and importances, strength against
    decision time. ``ValueError`` when it holds no sniper study."""
    import optuna

    from sniper.tune import STUDY_DB, STUDY_NAME, holds_study, trial_rows

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
    facts = [
        ("spec", str(identity.get("spec", "?"))),
        ("against", str(identity.get("against", "?"))),
        ("parameters", str(identity.get("params", "?"))),
        ("seed", str(identity.get("seed", "?"))),
    ]
    return Report(f"Tune study {directory.name}", "study", str(directory), facts, [Section("Study", [table], figures)])


# ----- the page ---------------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
figure { margin: 1rem 0; }
figure img { max-width: 100%; height: auto; }
figcaption, .note { color: #555; font-size: 0.9rem; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.1rem 1rem; }
dt { font-weight: bold; }
"""


def png_data(figure, dpi: int = 100) -> str:
    """``figure`` as a PNG data URI (``data:image/png;base64,…``) at ``dpi`` dots per inch."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _table_html(table: Table) -> str:
    e = html.escape
    head = "".join(f"<th>{e(c)}</th>" for c in table.columns)
    body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in table.rows)
    note = f'<p class="note">{e(table.note)}</p>' if table.note else ""
    caption = f"<caption>{e(table.caption)}</caption>"
    return f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{note}"


def to_html(report: Report, progress: Callable[[str], None] | None = None) -> str:
    """The page of ``report``: HTML5, one file, every figure a base64 PNG ``<img>`` with its title as
    ``alt`` and caption, every text from the data escaped."""
    e = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(report.title)}</title><style>{STYLE}</style></head>",
        "<body>",
        f"<h1>{e(report.title)}</h1>",
        f'<p class="note">sniper {e(__version__)} report of the {e(report.kind)} <code>{e(report.source)}</code>'
        f"; intervals are {LEVEL:.0%} confidence intervals, n/a where none can be computed.</p>",
        "<dl>" + "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in report.facts) + "</dl>",
    ]
    total = len(report.figures)
    done = 0
    for section in report.sections:
        parts.append(f"<section><h2>{e(section.heading)}</h2>")
        parts.extend(_table_html(t) for t in section.tables)
        for figure in section.figures:
            done += 1
            _say(progress, f"figure {done}/{total}")
            title = plots.figure_title(figure)
            parts.append(
                f'<figure><img src="{png_data(figure)}" alt="{e(title)}"><figcaption>{e(title)}</figcaption></figure>'
            )
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def default_out(path) -> Path:
    """Where ``sniper report PATH`` writes without ``--out``: ``PATH/report.html`` for a directory, else
    beside the file with the suffix ``.html``."""
    path = Path(path)
    return path / "report.html" if path.is_dir() else path.with_suffix(".html")


def write_report(path, out=None, progress: Callable[[str], None] | None = None) -> Path:
    """Build the report of ``path`` (``load``) and write its page to ``out`` (default ``default_out``),
    to a temporary file then renamed; returns ``out``. Raises what ``load`` raises, ``ValueError`` when
    ``out`` is a directory, ``OSError`` when it cannot be written."""
    from sniper.runner import write_atomic

    target = Path(out) if out is not None else default_out(path)
    if target.is_dir():
        raise ValueError(f"--out {target} is a directory; give a file name, e.g. {target / 'report.html'}")
    report = load(path, progress)
    page = to_html(report, progress)
    write_atomic(target, lambda tmp: tmp.write_text(page, encoding="utf-8"))
    return target
