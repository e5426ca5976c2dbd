"""Five-card draw through its GameSpec ("draw"): the registry's facts and every command with ``--game draw``
(simulate, resume, workers, summary with the draw breakdown, replay, duel, league, tune, equity), and bad
input as one-line errors with exit 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sniper.cli.app import app
from sniper.core.agent_spec import split_specs
from sniper.core.registry import get_game
from sniper.games.draw import results
from sniper.games.draw.agents import LEVELS
from sniper.games.draw.parameters import PARAMETERS
from sniper.games.draw.play import play_game
from sniper.games.draw.rules import GAME_LENGTHS, SEATS
from sniper.runs.store import read_run

AGENTS = "random,easy,easy:bluff=0.3,hard:samples=8,draw_samples=8"
"""Four seats of every kind but the slow defaults (the Monte Carlo levels with few samples)."""


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def invoke(*args: str):
    done = run(*args)
    assert done.exit_code == 0, done.output
    return done


def one_line_error(done) -> str:
    assert done.exit_code == 2, done.output
    assert done.output.startswith("sniper: error: ") and done.output.count("\n") == 1, done.output
    return done.output.strip()


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("draw") / "run"
    invoke("simulate", "--game", "draw", "--players", "4", "--hands", "60", "--agents", AGENTS, "--seed", "5",
           "--chunk-games", "1", "--out", str(path), "--quiet")  # fmt: skip
    return path


def test_draw_is_registered_with_the_facts_of_its_modules():
    spec = get_game("draw")
    assert (spec.title, spec.seats, spec.seat_text) == ("five-card draw", SEATS, "2-6")
    assert spec.game_lengths == tuple(GAME_LENGTHS) and spec.default_length == "20"
    assert spec.levels == tuple(LEVELS) == tuple(PARAMETERS) and spec.default_agents == ("easy", "normal", "hard")
    assert {level: set(d) for level, d in spec.parameters.items()} == {lv: set(p) for lv, p in PARAMETERS.items()}
    assert spec.parameters["hard"]["samples"] == (1, 10000) and spec.level_parameters("easy")["bluff"] == 0.05
    assert (
        list(spec.engines) == ["reference", "kernel"]
        and spec.default_engine == "kernel"
        and list(spec.tables) == ["hands", "actions"]
    )
    assert spec.schema("hands") == results.SCHEMA and spec.schema("actions") == results.ACTION_SCHEMA
    assert spec.agent_vector("hard:bluff=0.2")["bluff"] == 0.2 and spec.agent_vector("hard")["samples"] == 128
    assert spec.make_rules("standard", "bust").hands_per_game is None


def test_the_registry_loads_draw_without_pokerkit():
    code = "import sys, sniper.core.registry as r; r.get_game('draw'); print('pokerkit' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_simulate_writes_the_draw_tables_and_they_are_the_engine_s_records(out):
    manifest = json.loads((out / "manifest.json").read_text())
    assert (
        manifest["game"] == "draw" and manifest["status"] == "complete" and manifest["tables"] == ["hands", "actions"]
    )
    assert manifest["config"]["rules"] == {"name": "standard", "length": "20", "hands_per_game": 20}
    hands, actions = read_run(out, "hands"), read_run(out, "actions")
    assert list(hands.columns) == list(results.COLUMNS) and list(actions.columns) == list(results.ACTION_COLUMNS)
    assert manifest["hands"] == len(hands) // 4 >= 60 and (hands.groupby(["game", "hand"])["net"].sum() == 0).all()
    agents = [get_game("draw").make_agent(spec) for spec in split_specs(AGENTS)]
    for record in play_game(4, 5, 1, agents, "20"):
        rows = hands[(hands.game == 1) & (hands.hand == record.hand)].to_dict("list")
        acts = actions[(actions.game == 1) & (actions.hand == record.hand)].to_dict("list")
        assert results.hand_record(rows, acts) == record


def test_a_resumed_run_and_a_run_on_two_workers_equal_it(out, tmp_path):
    again = tmp_path / "again"
    invoke("simulate", "--game", "draw", "--players", "4", "--hands", "60", "--agents", AGENTS, "--seed", "5",
           "--chunk-games", "1", "--workers", "2", "--out", str(again), "--quiet")  # fmt: skip
    for table in ("hands", "actions"):
        assert read_run(again, table).equals(read_run(out, table))
    for table in ("hands", "actions"):
        sorted((again / table).glob("part-*.parquet"))[-1].unlink()
    assert "hands kept" in invoke("simulate", "--resume", str(again), "--workers", "1").stdout
    for table in ("hands", "actions"):
        assert read_run(again, table).equals(read_run(out, table))


def test_summary_breaks_each_agent_down_by_cards_drawn(out):
    report = json.loads(invoke("summary", str(out), "--json").stdout)
    hands = read_run(out, "hands")
    rows = {row["agent"]: row for row in report["summary"]}
    assert list(rows) == split_specs(AGENTS)
    for agent, row in rows.items():
        mine = hands[hands.agent == agent]
        assert row["hands"] == len(mine) and row["net_per_hand"] == pytest.approx(mine.net.mean())
        for d, group in enumerate(("pat", "drew_1", "drew_2", "drew_3")):
            drew = mine[mine.draws == d]
            assert row[group] == len(drew)
            assert row[f"net_{group}"] == (pytest.approx(drew.net.mean()) if len(drew) else None)
        assert sum(row[g] for g in ("pat", "drew_1", "drew_2", "drew_3")) == (mine.draws != results.NO_DRAW).sum()
    assert rows["easy"]["pat"] + rows["easy"]["drew_2"] < rows["easy"]["drew_3"], "easy's chart draws 3 most"
    assert rows["random"]["drew_2"] > 0 and rows["random"]["pat"] > 0
    text = invoke("summary", str(out), "--by", "seat").stdout
    assert "by cards drawn" in text and "drew 3" in text and "pat, drew N: hands in which" in text


def test_replay_shows_a_hand_s_rows(out):
    text = invoke("replay", str(out), "--game-index", "1", "--hand", "2", "--format", "rows").stdout
    assert text.startswith("five-card draw, game 1, hand 2") and "final_5" in text and "draws" in text
    rows = json.loads(invoke("replay", str(out), "--game-index", "1", "--hand", "2", "--format", "json").stdout)
    assert [(r["game"], r["hand"], r["seat"]) for r in rows["hands"]] == [(1, 2, s) for s in range(4)]
    assert any(r["street"] == 1 and r["draws"] >= 0 for r in rows["actions"])
    missing = run("replay", str(out), "--game-index", "1", "--hand", "99")
    assert missing.exit_code == 2 and "not 99" in missing.output


def test_duel_and_league_of_draw(tmp_path):
    args = ["--game", "draw", "--workers", "1", "--quiet"]
    duel = json.loads(invoke("duel", "easy", "normal", "--hands", "40", *args, "--json").stdout)
    assert duel["a"] == "easy" and duel["b"] == "normal" and duel["hands"] >= 40 and duel["seatings"] == 2
    assert duel["games"]["a_won"] + duel["games"]["b_won"] + duel["games"]["drawn"] == duel["groups"] * 2
    league = tmp_path / "league"
    invoke("league", "random", "easy", "hard:samples=8,draw_samples=8", "--players", "3", "--hands", "20",
           "--out", str(league), *args)  # fmt: skip
    config = json.loads((league / "league.json").read_text())["config"]
    assert (config["game"], config["game_length"], config["engine"]) == ("draw", "20", "kernel")
    import pandas as pd

    tables = pd.read_parquet(league / "tables.parquet")
    per_game = tables.groupby(["game", "rotation"])
    assert (per_game["net"].sum() == 0).all() and (per_game["final"].sum() == 300).all()


def test_a_split_agent_is_a_spec_of_the_game():
    """``BET/DRAW``: one spec in a comma list, named by both levels, its vector both sides' vectors."""
    game = get_game("draw")
    specs = game.split_agents("hard:samples=8,draw_samples=8/normal:draw_power=6,easy")
    assert specs == ["hard:samples=8,draw_samples=8/normal:draw_power=6", "easy"]
    assert [game.level_of(s) for s in specs] == ["hard/normal", "easy"]
    vector = game.agent_vector(specs[0])
    assert vector["level"] == "hard/normal" and vector["bet.level"] == "hard" and vector["draw.level"] == "normal"
    assert vector["bet.samples"] == 8 and vector["draw.draw_power"] == 6 and vector["draw.bet_power"] == 3
    assert set(vector) == {"spec", "level"} | {f"bet.{k}" for k in ["level", *PARAMETERS["hard"]]} | {
        f"draw.{k}" for k in ["level", *PARAMETERS["normal"]]
    }


def test_duel_of_a_split_agent_on_both_engines_is_the_same(tmp_path):
    args = ["--game", "draw", "--workers", "1", "--quiet", "--hands", "40", "--json", "--seed", "3"]
    a = "hard:samples=8,draw_samples=8/normal:draw_samples=8"
    kernel = json.loads(invoke("duel", a, "easy", *args).stdout)
    reference = json.loads(invoke("duel", a, "easy", *args, "--engine", "reference").stdout)
    assert kernel["a"] == a and kernel["hands"] >= 40
    for report in (kernel, reference):  # all but the engine and its time
        report.pop("engine", None)
        report.pop("seconds")
    assert kernel == reference


def test_tune_searches_a_draw_level(tmp_path):
    args = ["tune", "easy", "--game", "draw", "--against", "random", "--param", "bluff=0:0.3", "--trials", "2"]
    args += ["--hands-per-trial", "20", "--validate-hands", "20", "--study", str(tmp_path / "study"), "--json"]
    report = json.loads(invoke(*args).stdout)
    assert report["spec"] == "easy" and report["tuning"]["trials"] == 2 and report["best_spec"].startswith("easy")
    assert report["verdict"] in ("better", "not_shown_better", "untuned_best")


def test_equity_of_a_keep_through_the_game_s_hook():
    args = ["equity", "--game", "draw", "--hand", "Ah", "Ad", "7c", "4s", "2d", "--keep", "Ah", "Ad"]
    report = json.loads(invoke(*args, "--opponents", "2", "--samples", "200", "--json").stdout)
    keep = report["keep"]
    assert report["game"] == "draw" and report["hand"] == ["Ah", "Ad", "7c", "4s", "2d"] and report["samples"] == 200
    assert keep["keep"] == ["Ah", "Ad"] and keep["discards"] == 3 and keep["replacement_sets"] == 16215
    assert sum(keep["categories"].values()) == pytest.approx(1) and keep["categories"]["high card"] == 0
    assert 0 < keep["equity"] < 1 and report["best_keep"]["equity"] >= keep["equity"] - 3 * keep["equity_se"]
    text = invoke(*args, "--opponents", "2", "--samples", "200").stdout
    assert text.startswith("hand Ah Ad 7c 4s 2d, 2 opponent(s)") and "keep Ah Ad (draw 3)" in text
    best = json.loads(
        invoke("equity", "--game", "draw", "--hand", "As,Ks,Qs,Js,9s", "--samples", "20", "--json").stdout
    )
    assert best["keep"] is None and best["best_keep"]["discards"] == 0  # a pat flush


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--game", "draw", "--players", "7", "--hands", "5"], "--players must be 2-6 (five-card draw"),
        (["simulate", "--game", "draw", "--agents", "expert", "--hands", "5"], "unknown five-card draw level 'expert'"),
        (["simulate", "--game", "draw", "--agents", "easy:bluff=2", "--hands", "5"], "easy: bluff must be a number"),
        (["simulate", "--game", "draw", "--game-length", "100", "--hands", "5"], "game length must be one of 20"),
        (["simulate", "--game", "draw", "--agents", "hard/expert", "--hands", "5"], "split agent spec 'hard/expert'"),
        (
            ["tune", "hard/normal", "--game", "draw", "--against", "easy", "--param", "bluff=0:0.3"],
            "unknown agent level 'hard/normal'",
        ),
        (["duel", "easy", "hard", "--game", "draw", "--players", "7"], "--players must be 2-6"),
        (["equity", "--game", "draw", "--hand", "Ah", "Ad", "7c", "4s", "Zz"], "hand: a card is a rank"),
        (
            ["equity", "--game", "draw", "--hand", "Ah", "Ad", "7c", "4s", "2d", "--keep", "Kh", "Ad"],
            "keep: Kh is not in hand",
        ),
        (["equity", "--game", "draw", "--hand", "Ah", "Ad", "7c", "4s", "2d", "--keep", "Ah"], "keep must be 2 to 5"),
        (["equity", "--game", "draw", "--hole", "Ah", "Ad"], "takes --hand and --keep, not --hole"),
        (["equity", "--game", "draw", "--hand", "Ah", "Ad", "7c", "4s", "2d", "--exact"], "has no --exact mode"),
        (["equity", "--hand", "7", "7"], "Sniper Hold'em's equity takes --hole and --board, not --hand"),
    ],
)
def test_bad_input_is_a_one_line_error(args, message):
    assert message in one_line_error(run(*args))


@pytest.mark.parametrize("engine", ["reference", "kernel"])
def test_a_draw_run_on_a_dask_cluster_has_the_rows_of_one_worker(engine, tmp_path):
    """dask.distributed (``sniper simulate --scheduler``): chunks played by two in-process workers give the
    rows one worker gives, both tables (every deal is keyed by seed, game and hand)."""
    import pandas as pd
    from distributed import LocalCluster

    args = ["--game", "draw", "--players", "3", "--agents", "random,easy,normal", "--hands", "120"]
    args += ["--seed", "12", "--engine", engine, "--chunk-games", "1", "--quiet"]
    invoke("simulate", *args, "--workers", "1", "--out", str(tmp_path / "one"))
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        invoke("simulate", *args, "--scheduler", cluster.scheduler_address, "--out", str(tmp_path / "dask"))
        executed = sum(worker.state.executed_count for worker in cluster.workers.values())
    assert executed >= read_run(tmp_path / "dask", "hands")["game"].nunique()  # every chunk (a game) ran on dask
    for table in ("hands", "actions"):
        expected = read_run(tmp_path / "one", table)
        assert expected["game"].nunique() > 2  # several chunks, so two workers share them
        pd.testing.assert_frame_equal(read_run(tmp_path / "dask", table), expected)
