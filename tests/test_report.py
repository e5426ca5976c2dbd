"""``sniper report`` and ``sniper.core.plots``: each figure function on its own, the estimators against the
analysis helpers (one truth), the page of a small run, a duel, a league and a study (self-contained,
valid HTML5, escaped), the column pushdown, and the command's one-line errors (exit 2)."""

import dataclasses
import json
import math
import re
from pathlib import Path

import html5lib
import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure
from typer.testing import CliRunner

from sniper.cli.app import app
from sniper.core import panels, plots
from sniper.core.analysis import clustered_ratio
from sniper.core.registry import get_game
from sniper.core.tables import HAND_COLUMNS
from sniper.games.sniper_holdem.analysis import snipe_order
from sniper.games.sniper_holdem.hands import CATEGORY_NAMES
from sniper.games.sniper_holdem.report import SniperPanels, snipe_hit_rows
from sniper.games.sniper_holdem.rules import make_rules
from sniper.games.sniper_holdem.summary import snipe_hits, summarize
from sniper.report import build as report
from sniper.report import page
from sniper.runs.config import RunConfig
from sniper.runs.runner import simulate
from sniper.runs.store import read_run

runner = CliRunner()
SNIPER_COLUMNS = report.report_columns(get_game("sniper"))
RUN_TITLES = [
    "Net chips per hand by agent (95% CI)",
    "Cumulative net chips over hands",
    "Net chips per hand by seat (95% CI)",
    "Net chips per hand by position (first / last to act)",
    "Net chips per showdown by hand category",
    "Sniped rate by showdown hand category",
    "Snipe hit rate by heuristic and snipe position",
]


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("report") / "run"
    config = RunConfig(("easy", "normal", "hard", "random"), make_rules(), seed=3, hands=400, chunk_games=5)
    simulate(config, out, 1)
    return out


@pytest.fixture(scope="module")
def frame(run_dir) -> pd.DataFrame:
    return read_run(run_dir)


def estimates(series=("a", "b"), groups=("g1", "g2"), nan_at=None) -> pd.DataFrame:
    rows = []
    for i, s in enumerate(series):
        for j, g in enumerate(groups):
            low, high = (math.nan, math.nan) if (s, g) == nan_at else (i + j - 0.5, i + j + 0.5)
            rows.append(dict(series=s, group=g, estimate=float(i + j), ci95_low=low, ci95_high=high, rows=10))
    return pd.DataFrame(rows)


def points(figure: Figure) -> list[tuple[float, float]]:
    """The (x, y) of every marker drawn (lines with a marker and no line style)."""
    out = []
    for line in figure.axes[0].get_lines():
        if line.get_marker() == "o" and line.get_linestyle() == "None":
            out += list(zip(*(np.asarray(v, dtype=float) for v in line.get_data())))
    return out


def whiskers(figure: Figure) -> int:
    """How many error bars were drawn."""
    return sum(len(c.get_segments()) for c in figure.axes[0].collections if hasattr(c, "get_segments"))


# ----- one function per figure ------------------------------------------------------------------


def test_net_per_agent_draws_each_agent_with_its_interval_and_none_where_there_is_none():
    summary = pd.DataFrame(
        dict(agent=["x", "y"], net_per_hand=[0.5, -0.5], ci95_low=[0.1, -math.inf], ci95_high=[0.9, math.inf])
    )
    figure = plots.net_per_agent(summary)
    assert isinstance(figure, Figure)
    assert plots.figure_title(figure) == RUN_TITLES[0]
    assert sorted(x for x, _ in points(figure)) == [-0.5, 0.5]
    assert whiskers(figure) == 1  # the infinite interval is a bare point
    assert [t.get_text() for t in figure.axes[0].get_yticklabels()] == ["x", "y"]


def test_cumulative_net_draws_one_curve_per_agent():
    curves = {"x": (np.array([1, 2, 3]), np.array([1.0, 0.0, 2.0])), "y": (np.array([1, 2, 3]), np.zeros(3))}
    figure = plots.cumulative_net(curves)
    assert plots.figure_title(figure) == RUN_TITLES[1]
    drawn = {
        line.get_label(): line.get_ydata().tolist() for line in figure.axes[0].get_lines() if line.get_label() in curves
    }
    assert drawn == {"x": [1.0, 0.0, 2.0], "y": [0.0, 0.0, 0.0]}


@pytest.mark.parametrize(
    "draw, title",
    [
        (plots.net_by_seat, RUN_TITLES[2]),
        (plots.net_by_position, RUN_TITLES[3]),
        (plots.net_by_category, RUN_TITLES[4]),
        (plots.sniped_by_category, RUN_TITLES[5]),
        (plots.snipe_hits_by_heuristic, RUN_TITLES[6]),
    ],
)
def test_grouped_figures_draw_every_estimate_and_only_finite_intervals(draw, title):
    figure = draw(estimates(nan_at=("b", "g2")))
    assert plots.figure_title(figure) == title
    assert sorted(x for x, _ in points(figure)) == [0.0, 1.0, 1.0, 2.0]
    assert whiskers(figure) == 3
    assert [t.get_text() for t in figure.axes[0].get_yticklabels()] == ["g1", "g2"]
    assert [t.get_text() for t in figure.axes[0].get_legend().get_texts()] == ["a", "b"]


def test_grouped_figures_follow_the_given_order():
    figure = plots.net_by_position(estimates(), order=["g2", "g1"])
    assert [t.get_text() for t in figure.axes[0].get_yticklabels()] == ["g2", "g1"]


def test_duel_estimate_draws_the_duplicate_and_the_independent_interval():
    result = {"a": "easy", "b": "hard", "net_per_hand": -1.0, "ci95": [-1.5, -0.5], "independent_ci95_half_width": 2.0}
    figure = plots.duel_estimate(result)
    assert plots.figure_title(figure) == "Duel: net chips per hand of easy against hard (95% CI)"
    assert whiskers(figure) == 2
    bars = next(c for c in figure.axes[0].collections if hasattr(c, "get_segments")).get_segments()
    assert sorted((round(s[0][0], 6), round(s[1][0], 6)) for s in bars) == [(-3.0, 1.0), (-1.5, -0.5)]
    no_ci = plots.duel_estimate({**result, "ci95": [None, None], "independent_ci95_half_width": None})
    assert whiskers(no_ci) == 0


def test_crosstable_heatmap_puts_each_pair_in_its_cell():
    cross = pd.DataFrame(
        dict(a=["p", "q"], b=["q", "p"], net_per_hand=[0.25, -0.25], ci95_low=[0.1, -0.4], ci95_high=[0.4, -0.1])
    )
    figure = plots.crosstable_heatmap(cross, ["p", "q"])
    assert plots.figure_title(figure).startswith("Crosstable")
    values = np.ma.filled(figure.axes[0].get_images()[0].get_array().astype(float), np.nan)
    assert values[0, 1] == 0.25 and values[1, 0] == -0.25 and np.isnan(values[0, 0])
    texts = [t.get_text() for t in figure.axes[0].texts]
    assert "+0.25\n[+0.10, +0.40]" in texts and "-0.25\n[-0.40, -0.10]" in texts


def test_ratings_chart_draws_each_rating_plus_minus_its_half_width():
    ratings = pd.DataFrame(dict(agent=["p", "q"], r=[1600.0, 1400.0], h=[50.0, 80.0]))
    figure = plots.ratings_chart(ratings, "r", "h", "BT", "rating")
    assert plots.figure_title(figure) == "BT"
    bars = next(c for c in figure.axes[0].collections if hasattr(c, "get_segments")).get_segments()
    assert sorted((s[0][0], s[1][0]) for s in bars) == [(1320.0, 1480.0), (1550.0, 1650.0)]


def test_strength_vs_time_shows_finished_trials_and_the_budget():
    rows = [
        dict(value=0.5, decision_us=2.0, pruned=False),
        dict(value=0.1, decision_us=3.0, pruned=True),
        dict(value=None, decision_us=1.0, pruned=False),
    ]
    figure = plots.strength_vs_time(rows, budget=2.5)
    assert plots.figure_title(figure) == "strength vs decision time (grey: pruned)"
    assert figure.axes[0].collections[0].get_offsets().tolist() == [[2.0, 0.5], [3.0, 0.1]]
    assert [line.get_xdata()[0] for line in figure.axes[0].get_lines()] == [2.5]


# ----- the numbers: one truth with sniper.arena.analysis / sniper.runs.results ------------------------------


def test_grouped_intervals_equal_the_analysis_clustered_ratio(frame):
    codes, agents = pd.factorize(frame["agent"])
    dealt = frame["dealt_in"].to_numpy()
    groups = np.where(dealt & frame["showdown"].to_numpy(), codes, -1)
    ours = panels.grouped_intervals(groups, frame["game"].to_numpy(), frame["net"].to_numpy())
    shown = frame[dealt & frame["showdown"].to_numpy()]
    theirs = clustered_ratio(shown, "net", by="agent").set_index("agent")
    for k, agent in enumerate(agents):
        assert ours[k].estimate == pytest.approx(theirs.loc[agent, "estimate"])
        assert ours[k].low == pytest.approx(theirs.loc[agent, "ci95_low"])
        assert ours[k].high == pytest.approx(theirs.loc[agent, "ci95_high"])


def test_grouped_intervals_give_none_without_weight_and_no_interval_from_one_game():
    ours = panels.grouped_intervals(np.array([0, 0, 2]), np.array([5, 5, 6]), np.array([1.0, 3.0, 2.0]))
    assert ours[1] is None
    assert ours[0].estimate == 2.0 and not math.isfinite(ours[0].half_width)


def test_positions_at_the_showdown_are_the_snipe_order(frame):
    hand_id = (frame["game"] * 1000 + frame["hand"]).to_numpy()
    shown = frame["showdown"].to_numpy()
    place = panels.positions(hand_id, frame["seat"].to_numpy(), frame["first_seat"].to_numpy(), 4, shown)
    order = snipe_order(frame).to_numpy()
    count = frame[shown].groupby(["game", "hand"])["seat"].transform("size").reindex(frame.index).to_numpy()
    expected = np.where(~shown, -1, np.where(order == 0, 0, np.where(order == count - 1, 2, 1)))
    assert (place == expected).all()


def test_positions_when_dealt_in_start_at_the_first_player(frame):
    hand_id = (frame["game"] * 1000 + frame["hand"]).to_numpy()
    dealt = frame["dealt_in"].to_numpy()
    place = panels.positions(hand_id, frame["seat"].to_numpy(), frame["first_seat"].to_numpy(), 4, dealt)
    first = dealt & (frame["seat"] == frame["first_seat"]).to_numpy()
    assert (place[first] == 0).all() and (place[dealt & ~first] > 0).all() and (place[~dealt] == -1).all()
    shuffled = np.random.default_rng(0).permutation(len(hand_id))  # rows not grouped by hand
    columns = (hand_id, frame["seat"].to_numpy(), frame["first_seat"].to_numpy())
    again = panels.positions(*(c[shuffled] for c in columns), 4, dealt[shuffled])
    assert (again == place[shuffled]).all()


def test_hand_ids_number_hands_in_order_and_fall_back_for_other_orders():
    games, hands = np.array([0, 0, 0, 0, 2, 2, 2]), np.array([0, 0, 1, 1, 0, 0, 3])
    ids, n = panels.hand_ids(games, hands)
    assert ids.tolist() == [0, 0, 1, 1, 2, 2, 3] and n == 4
    shuffled = np.array([3, 0, 2, 1, 6, 5, 4])
    ids, n = panels.hand_ids(games[shuffled], hands[shuffled])
    assert ids.tolist() == [1, 0, 1, 0, 3, 2, 2] and n == 4


def test_snipe_hit_rows_equal_the_results_snipe_hits(frame):
    hand_id, _ = panels.hand_ids(frame["game"].to_numpy(), frame["hand"].to_numpy())
    columns = [frame[c].to_numpy() for c in ("seat", "snipe", "showdown", "category", "top")]
    ours = snipe_hit_rows(hand_id, *columns)
    assert ours.any() and (ours == snipe_hits(frame).to_numpy()).all()
    shuffled = np.random.default_rng(0).permutation(len(hand_id))  # rows not grouped by hand
    assert (snipe_hit_rows(hand_id[shuffled], *(c[shuffled] for c in columns)) == ours[shuffled]).all()


def test_cumulative_curves_are_the_running_totals_of_each_agent(run_dir, frame, monkeypatch):
    drawn = {}
    real = plots.cumulative_net

    def capture(curves, **words):
        drawn.update(curves)
        return real(curves, **words)

    monkeypatch.setattr(plots, "cumulative_net", capture)
    monkeypatch.setattr(report, "CURVE_POINTS", 50)
    report.run_report(run_dir)
    dealt = frame[frame["dealt_in"]]
    per_hand = dealt.groupby(["agent", "game", "hand"])["net"].sum()
    hands = frame.drop_duplicates(["game", "hand"])[["game", "hand"]].reset_index(drop=True)
    assert set(drawn) == set(dealt["agent"])
    for agent, (x, chips) in drawn.items():
        running = hands.join(per_hand[agent].rename("net"), on=["game", "hand"])["net"].fillna(0).cumsum()
        assert len(x) == 50 and x[-1] == len(hands)
        assert chips.tolist() == running.to_numpy()[x - 1].tolist()


def reference_numbers(run_dir) -> dict:
    """Every figure's numbers and the summary of a run, computed over the whole run at once (the
    algorithm of ``run_report`` before it went part by part): the oracle of the part-by-part report."""
    from sniper.runs.rundir import load_manifest

    frame = read_run(run_dir, columns=SNIPER_COLUMNS)
    codes, names = pd.factorize(frame["agent"])
    names, agent = list(names), codes.astype(np.int64)
    col = {c: frame[c].to_numpy() for c in SNIPER_COLUMNS if c != "agent"}
    games, dealt, net = col["game"], col["dealt_in"], col["net"].astype(np.float64)
    hand_id, n_ids = panels.hand_ids(games, col["hand"])
    seats = int(col["seat"].max()) + 1

    def by(series, n_series, group, n_groups, mask, values, series_names, group_names):
        cells = np.where(mask & (series >= 0) & (group >= 0), series * n_groups + group, -1)
        intervals = panels.grouped_intervals(cells, games, values)
        labels = [(series_names[i // n_groups], group_names[i % n_groups]) for i in range(len(intervals))]
        return panels.estimate_frame(intervals, labels, np.bincount(cells[cells >= 0], minlength=len(intervals)))

    picks = np.unique(np.linspace(0, n_ids - 1, min(n_ids, report.CURVE_POINTS)).round().astype(np.int64))
    bucket = np.searchsorted(picks, np.arange(n_ids))[hand_id]
    curves = {}
    for a, name in enumerate(names):
        rows = dealt & (agent == a)
        if rows.any():
            curves[name] = (picks + 1, np.cumsum(np.bincount(bucket[rows], weights=net[rows], minlength=len(picks))))
    place = panels.positions(hand_id, col["seat"], col["first_seat"], seats, dealt).astype(np.int64)
    categories = [CATEGORY_NAMES[c] for c in sorted(CATEGORY_NAMES)]
    category = col["category"].astype(np.int64)
    shown = col["showdown"] & (category >= 0)
    vectors = {v.get("spec"): v for v in load_manifest(run_dir).get("agent_parameters", []) if isinstance(v, dict)}
    heuristics = [str(vectors.get(n, {}).get("snipes", "unknown")) for n in names]
    kinds = list(dict.fromkeys(heuristics))
    hit = snipe_hit_rows(hand_id, col["seat"], col["snipe"], col["showdown"], col["category"], col["top"])
    order = panels.positions(hand_id, col["seat"], col["first_seat"], seats, shown).astype(np.int64)
    kind = np.array([kinds.index(h) for h in heuristics], dtype=np.int64)[agent]
    zero = np.zeros(len(games), np.int64)
    return dict(
        summary=summarize(frame),
        curves=curves,
        position=by(agent, len(names), place, 3, dealt, net, names, list(panels.POSITIONS)),
        category=by(agent, len(names), category, len(categories), dealt & shown, net, names, categories),
        sniped=by(zero, 1, category, len(categories), shown, col["sniped"], ["all agents"], categories),
        hits=by(
            kind,
            len(kinds),
            order,
            3,
            (col["snipe"] >= 0) & dealt,
            hit,
            kinds,
            [f"{p} to snipe" for p in panels.POSITIONS],
        ),
    )


def drawn_numbers(run_dir, monkeypatch) -> dict:
    """What ``run_report`` hands to each figure function, captured."""
    drawn = {}
    for figure, key in [
        ("net_per_agent", "summary"),
        ("cumulative_net", "curves"),
        ("net_by_position", "position"),
        ("net_by_category", "category"),
        ("sniped_by_category", "sniped"),
        ("snipe_hits_by_heuristic", "hits"),
    ]:
        real = getattr(plots, figure)

        def capture(data, *args, key=key, real=real, **kwargs):
            drawn[key] = data
            return real(data, *args, **kwargs)

        monkeypatch.setattr(plots, figure, capture)
    report.run_report(run_dir)
    return drawn


@pytest.mark.parametrize(
    "agents, preset",
    [
        (("easy", "normal", "hard", "random"), "ours"),
        (("random", "easy", "easy"), "show"),
        (("hard", "normal"), "show"),
    ],
)
def test_run_report_numbers_equal_those_over_the_whole_run(tmp_path, monkeypatch, agents, preset):
    out = tmp_path / "run"
    simulate(RunConfig(agents, make_rules(preset), seed=11, hands=700, chunk_games=3), out, 1)
    assert len(list((out / "hands").glob("part-*.parquet"))) > 3
    expected, drawn = reference_numbers(out), drawn_numbers(out, monkeypatch)
    assert sorted(drawn) == sorted(expected)
    pd.testing.assert_frame_equal(drawn["summary"], expected["summary"], check_exact=True)
    assert drawn["curves"].keys() == expected["curves"].keys()
    for name, (x, chips) in expected["curves"].items():
        assert drawn["curves"][name][0].tolist() == x.tolist() and drawn["curves"][name][1].tolist() == chips.tolist()
    for key in ("position", "category", "sniped", "hits"):
        assert len(expected[key]) > 0
        pd.testing.assert_frame_equal(drawn[key], expected[key], check_exact=True, check_dtype=False)


def test_run_report_numbers_are_the_same_when_a_game_is_in_two_parts(tmp_path, monkeypatch):
    import pyarrow.parquet as pq

    out = tmp_path / "run"
    simulate(RunConfig(("easy", "hard", "random"), make_rules("show"), seed=5, hands=300, chunk_games=4), out, 1)
    parts = sorted((out / "hands").glob("part-*.parquet"))
    last = pq.read_table(parts[-1])
    games, hands = last["game"].to_numpy(), last["hand"].to_numpy()
    cut = int(np.flatnonzero((games[1:] == games[:-1]) & (hands[1:] != hands[:-1]))[0]) + 1  # a game's 2nd hand
    pq.write_table(last.slice(0, cut), parts[-1])
    pq.write_table(last.slice(cut), out / "hands" / f"part-{len(parts):05d}.parquet")
    expected, drawn = reference_numbers(out), drawn_numbers(out, monkeypatch)
    pd.testing.assert_frame_equal(drawn["summary"], expected["summary"], check_exact=True)
    for key in ("position", "category", "sniped", "hits"):
        pd.testing.assert_frame_equal(drawn[key], expected[key], check_exact=True, check_dtype=False)
    for name, (_, chips) in expected["curves"].items():
        assert drawn["curves"][name][1].tolist() == chips.tolist()


# ----- the page of a run ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def run_page(run_dir) -> tuple[page.Report, str]:
    built = report.load(run_dir)
    return built, page.to_html(built)


def test_run_report_has_every_figure_in_order_with_its_title(run_page):
    built, page = run_page
    assert [plots.figure_title(f) for f in built.figures] == RUN_TITLES
    assert re.findall(r"<figcaption>(.*?)</figcaption>", page) == [t.replace("'", "&#x27;") for t in RUN_TITLES]
    assert page.count('<img src="data:image/png;base64,') == len(RUN_TITLES)


def test_run_report_summary_table_is_the_summary_of_the_run(run_dir, run_page, frame):
    built, _ = run_page
    table = built.sections[0].tables[0]
    expected = summarize(frame)
    assert [row[0] for row in table.rows] == list(expected["agent"])
    assert [row[2] for row in table.rows] == [f"{v:+.3f}" for v in expected["net_per_hand"]]
    assert [row[1] for row in table.rows] == [f"{v:,}" for v in expected["hands"]]


def test_run_report_reads_only_its_columns_a_part_at_a_time(run_dir, monkeypatch):
    asked, read = [], []
    real = report.run_parts

    def spy(out, columns):
        asked.append(columns)
        for table in real(out, columns):
            read.append(table.column_names)
            yield table

    monkeypatch.setattr(report, "run_parts", spy)
    report.run_report(run_dir)
    assert asked == [SNIPER_COLUMNS]
    parts = len(list((run_dir / "hands").glob("part-*.parquet")))
    assert parts > 1 and read == [list(SNIPER_COLUMNS)] * parts
    assert set(SNIPER_COLUMNS) < set(read_run(run_dir).columns)


def test_run_report_sniped_panel_matches_the_sniped_rates_of_the_frame(run_dir, frame, monkeypatch):
    drawn = {}
    real = plots.sniped_by_category

    def capture(frame, order=None):
        drawn["f"] = frame
        return real(frame, order)

    monkeypatch.setattr(plots, "sniped_by_category", capture)
    report.run_report(run_dir)
    shown = frame[frame["showdown"] & (frame["category"] >= 0)]
    rates = shown.groupby("category")["sniped"].mean()
    got = drawn["f"].set_index("group")["estimate"]
    assert {CATEGORY_NAMES[c]: pytest.approx(v) for c, v in rates.items()} == got.to_dict()


def test_the_page_is_valid_html5_and_self_contained(run_page):
    _, page = run_page
    html5lib.HTMLParser(strict=True).parse(page)  # raises on any parse error
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    assert "<script" not in page


def test_text_from_the_data_is_escaped():
    table = report.Table("<b>c</b>", ["<i>x</i>"], [["<script>alert(1)</script>"]], "a & b")
    built = page.Report("<t>", "run", "/tmp/<x>", [("k<", "v>")], [report.Section("<h>", [table])])
    text = page.to_html(built)
    assert "<script>" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "<b>" not in text and "<t>" not in text and "a &amp; b" in text
    html5lib.HTMLParser(strict=True).parse(text)


def test_game_panels_are_declared_per_game():
    sniper = get_game("sniper")
    assert sniper.resolve(sniper.report_panels) is SniperPanels
    assert get_game("holdem").report_panels is None  # the base panels only
    assert report.report_columns(get_game("holdem")) == tuple(HAND_COLUMNS)
    assert report.report_columns(sniper)[: len(HAND_COLUMNS)] == tuple(HAND_COLUMNS)


# ----- a run of a game without panels of its own: the base panels (HAND_COLUMNS) -----------------------------

BASE_TITLES = RUN_TITLES[:3]


@pytest.fixture(scope="module")
def holdem_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("holdem") / "run"
    spec = get_game("holdem")
    rules = spec.game_rules(length="50")
    config = RunConfig(("random", "easy", "random"), rules, seed=4, hands=150, chunk_games=1, engine="reference")
    simulate(dataclasses.replace(config, game="holdem"), out, 1)
    return out


def base_drawn(out, monkeypatch) -> dict:
    drawn = {}
    for figure in ("net_per_agent", "cumulative_net", "net_by_seat"):
        real = getattr(plots, figure)

        def capture(data, *args, figure=figure, real=real, **kwargs):
            drawn[figure] = data
            return real(data, *args, **kwargs)

        monkeypatch.setattr(plots, figure, capture)
    built = report.run_report(out)
    return {**drawn, "report": built}


def test_report_of_a_holdem_run_through_the_command(holdem_run, tmp_path):
    page = tmp_path / "holdem.html"
    done = runner.invoke(app, ["report", str(holdem_run), "--out", str(page)])
    assert done.exit_code == 0, done.output
    html = page.read_text()
    html5lib.HTMLParser(strict=True).parse(html)
    assert re.findall(r"<figcaption>(.*?)</figcaption>", html) == BASE_TITLES
    assert re.findall(r"<h2>(.*?)</h2>", html) == ["Summary", "Over the run", "By seat"]
    assert "<dd>no-limit Hold&#x27;em</dd>" in html


def test_the_base_panels_are_the_numbers_of_hand_summary_and_the_hands_table(holdem_run, monkeypatch):
    from sniper.runs.results import hand_summary

    drawn = base_drawn(holdem_run, monkeypatch)
    expected = hand_summary(lambda columns: read_run(holdem_run, columns=columns, arrow=True))
    pd.testing.assert_frame_equal(drawn["net_per_agent"], expected, check_exact=True)
    table = drawn["report"].sections[0].tables[0]
    assert [row[0] for row in table.rows] == list(expected["agent"])
    assert [row[-1] for row in table.rows] == [f"{v:,}" for v in expected["games_won"]]
    frame = read_run(holdem_run)
    by_seat = drawn["net_by_seat"].set_index("group")["estimate"]
    agents = frame.groupby("seat")["agent"].first()
    means = frame.groupby("seat")["net"].mean()
    assert by_seat.to_dict() == pytest.approx({f"seat {s}: {agents[s]}": means[s] for s in means.index})
    hands = frame.drop_duplicates(["game", "hand"]).shape[0]
    for agent, (x, chips) in drawn["cumulative_net"].items():
        assert x[-1] == hands and chips[-1] == frame.loc[frame["agent"] == agent, "net"].sum()


def test_the_base_summary_is_hand_summary_when_a_game_is_in_two_parts(holdem_run, tmp_path, monkeypatch):
    import shutil

    import pyarrow.parquet as pq

    from sniper.runs.results import hand_summary

    out = tmp_path / "split"
    shutil.copytree(holdem_run, out)
    part = out / "hands" / "part-00000.parquet"
    whole = pq.read_table(part)
    cut = int(np.flatnonzero(np.diff(whole["hand"].to_numpy()))[0]) + 1  # after the game's first hand
    pq.write_table(whole.slice(0, cut), part)
    pq.write_table(whole.slice(cut), out / "hands" / "part-99999.parquet")
    drawn = base_drawn(out, monkeypatch)
    expected = hand_summary(lambda columns: read_run(out, columns=columns, arrow=True))
    pd.testing.assert_frame_equal(drawn["net_per_agent"], expected, check_exact=True)


# ----- duels, leagues, studies ------------------------------------------------------------------


def test_duel_report_from_the_json_output(tmp_path):
    result = {"a": "easy", "b": "hard", "hands": 400, "net_per_hand": -0.5, "ci95": [-0.9, -0.1]}
    result |= {"verdict": "B is stronger", "games": {"a_won": 3, "b_won": 7, "drawn": 0}}
    path = tmp_path / "duel.json"
    path.write_text(json.dumps(result))
    built = report.load(path)
    assert built.kind == "duel"
    assert ["95% CI", "[-0.900, -0.100]"] in built.sections[0].tables[0].rows
    assert [plots.figure_title(f) for f in built.figures] == ["Duel: net chips per hand of easy against hard (95% CI)"]


def test_league_report(tmp_path):
    result = runner.invoke(
        app, ["league", "random", "easy", "normal", "--players", "3", "--hands", "60", "--out", str(tmp_path / "lg")]
    )
    assert result.exit_code == 0, result.output
    built = report.load(tmp_path / "lg")
    titles = [plots.figure_title(f) for f in built.figures]
    assert titles == [
        "Crosstable: net chips per hand, row against column (95% CI)",
        "BT ratings, Elo scale (95% interval)",
        "OpenSkill ratings from full tables (μ, 95% interval)",
    ]
    ratings = pd.read_parquet(tmp_path / "lg" / "ratings.parquet")
    rows = built.sections[0].tables[0].rows
    assert [r[0] for r in rows] == list(ratings["agent"])
    assert [r[2] for r in rows] == [f"{1.959964 * se:.0f}" for se in ratings["bt_rating_se"]]


def make_study(directory: Path, n: int = 4) -> None:
    import optuna

    from sniper.arena.tune_study import STUDY_DB, STUDY_NAME

    directory.mkdir()
    study = optuna.create_study(
        study_name=STUDY_NAME, storage=f"sqlite:///{directory / STUDY_DB}", direction="maximize"
    )
    study.set_user_attr("identity", {"spec": "normal", "against": "easy", "time_budget_us": 3.0})
    dist = {"bluff": optuna.distributions.FloatDistribution(0.0, 0.3)}
    for k in range(n):
        attrs = dict(spec=f"normal:bluff={k / 10}", decision_us=1.0 + k, hands=100, pruned=k == 3, ci95=[k - 1, k + 1])
        trial = optuna.trial.create_trial(
            params={"bluff": k / 10}, distributions=dist, value=float(k), user_attrs=attrs
        )
        study.add_trial(trial)


def test_study_report(tmp_path):
    make_study(tmp_path / "study")
    built = report.load(tmp_path / "study" / "study.db")
    assert built.kind == "study"
    assert [plots.figure_title(f) for f in built.figures] == [
        "Optimization History Plot",
        "Hyperparameter Importances",
        "strength vs decision time (grey: pruned)",
    ]
    rows = built.sections[0].tables[0].rows
    assert [r[0] for r in rows] == ["3", "2", "1", "0"] and rows[0][3] == "pruned"
    html5lib.HTMLParser(strict=True).parse(page.to_html(built))


def test_a_sqlite_file_without_our_study_is_refused_untouched(tmp_path):
    import sqlite3

    (tmp_path / "s").mkdir()
    db = tmp_path / "s" / "study.db"
    sqlite3.connect(db).close()
    before = db.read_bytes()
    with pytest.raises(ValueError, match="not a sniper tune study"):
        report.load(tmp_path / "s")
    assert db.read_bytes() == before


# ----- the command ------------------------------------------------------------------------------


def test_report_command_writes_the_page_atomically(run_dir, tmp_path):
    out = tmp_path / "page.html"
    result = runner.invoke(app, ["report", str(run_dir), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert f"report → {out}" in result.stdout
    assert out.read_text().startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.html"]  # no temporary left


@pytest.mark.parametrize(
    "target, message",
    [
        ("missing", "no such file or directory"),
        ("empty", "is not a run (manifest.json), a league (league.json) or a tune study (study.db) directory"),
        ("notes.json", "is not a duel's JSON output"),
        ("bad.txt", "is not a duel's JSON output"),
        ("broken_run", "not a run directory"),
    ],
)
def test_report_of_a_bad_path_is_one_line_and_exit_2(tmp_path, target, message):
    (tmp_path / "empty").mkdir()
    (tmp_path / "notes.json").write_text('{"a": 1}')
    (tmp_path / "bad.txt").write_bytes(b"\xff\xfe")
    (tmp_path / "broken_run").mkdir()
    (tmp_path / "broken_run" / "manifest.json").write_text("{")
    result = runner.invoke(app, ["report", str(tmp_path / target)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sniper: error: ") and message in lines[0]
    assert "Traceback" not in result.output


def test_report_out_that_is_a_directory_is_refused(run_dir, tmp_path):
    result = runner.invoke(app, ["report", str(run_dir), "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "is a directory" in result.stderr


def test_report_of_a_run_without_hands_or_with_a_corrupt_part_is_one_line(run_dir, tmp_path):
    import shutil

    empty = tmp_path / "empty_run"
    (empty / "hands").mkdir(parents=True)
    (empty / "actions").mkdir()
    shutil.copy(run_dir / "manifest.json", empty / "manifest.json")
    broken = tmp_path / "broken_run"
    shutil.copytree(run_dir, broken)
    next((broken / "hands").glob("part-*.parquet")).write_bytes(b"not parquet")
    for target, message in ((empty, "has no hands yet"), (broken, "is not a readable parquet file")):
        result = runner.invoke(app, ["report", str(target)])
        assert result.exit_code == 2, result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and message in lines[0], lines
    assert not (empty / "report.html").exists() and not (broken / "report.html").exists()


def test_report_open_opens_the_written_page(run_dir, tmp_path, monkeypatch):
    import webbrowser

    opened = []
    monkeypatch.setattr(webbrowser, "open", lambda url: opened.append(url))
    out = tmp_path / "r.html"
    result = runner.invoke(app, ["report", str(run_dir), "--out", str(out), "--open"])
    assert result.exit_code == 0, result.output
    assert opened == [out.resolve().as_uri()]
