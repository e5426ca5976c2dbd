"""The second toy game (``tests/toy_bids.py``): simultaneous moves scored in points run through the commands with
no game-independent module knowing it."""

import json

import toy_bids
from typer.testing import CliRunner

from sniper.cli.app import app
from sniper.core.registry import get_game
from sniper.core.table import SIMULTANEOUS, SimultaneousTableState
from sniper.runs.store import read_run


def invoke(*args: str):
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result


def test_the_bidding_toy_is_a_simultaneous_points_game_played_through_the_commands(tmp_path):
    spec = get_game("toy_bids")
    assert spec is toy_bids.SPEC and (spec.dynamics, spec.utility) == ("simultaneous", "points")
    table = spec.new_table(2, spec.game_rules(), 1, 0)
    assert isinstance(table, SimultaneousTableState)
    table.apply(toy_bids.DEAL)
    assert table.current_player() == SIMULTANEOUS and table.legal_actions() == ()
    out = tmp_path / "run"
    invoke("simulate", "--game", "toy_bids", "--players", "2", "--hands", "60", "--agents", "match,random",
           "--seed", "4", "--out", str(out), "--quiet")  # fmt: skip
    hands = read_run(out, "hands")
    assert (hands.groupby(["game", "hand"])["net"].sum() == 0).all()
    rows = json.loads(invoke("summary", str(out), "--json").stdout)["summary"]
    assert {row["agent"] for row in rows} == {"match", "random"}
    text = invoke("replay", str(out), "--game", "0", "--hand", "1").stdout
    assert text.startswith("Toy bidding, game 0, hand 1") and "prize" in text
    same = json.loads(invoke("duel", "match", "match", "--game", "toy_bids", "--hands", "48", "--json").stdout)
    assert same["net_per_hand"] == 0
    duel = json.loads(invoke("duel", "match", "random", "--game", "toy_bids", "--hands", "96", "--json").stdout)
    assert duel["games"]["a_won"] + duel["games"]["b_won"] + duel["games"]["drawn"] == duel["groups"] * 2


def test_the_bidding_toy_resumes_and_runs_through_league_tune_report_and_its_parallel_env(tmp_path):
    """Issue 29 item 1: resume, ``league``, ``tune``, ``report`` and the env of a simultaneous points game that no
    game-independent module knows."""
    import pandas as pd
    from pettingzoo.test import parallel_api_test

    args = ["simulate", "--game", "toy_bids", "--players", "2", "--hands", "60", "--agents", "match,random",
            "--seed", "4", "--chunk-games", "2", "--quiet"]  # fmt: skip
    whole, again = tmp_path / "whole", tmp_path / "again"
    invoke(*args, "--out", str(whole))
    invoke(*args, "--out", str(again))
    sorted((again / "hands").glob("part-*.parquet"))[-1].unlink()
    invoke("simulate", "--resume", str(again))
    assert read_run(again, "hands").equals(read_run(whole, "hands"))
    page = tmp_path / "toy.html"
    invoke("report", str(whole), "--out", str(page))
    assert "Toy bidding" in page.read_text() and "point difference per round" in page.read_text()
    league = tmp_path / "league"
    league_args = ["league", "match", "random", "--game", "toy_bids", "--players", "2", "--hands", "24"]
    shown = invoke(*league_args, "--out", str(league)).stdout
    assert "point difference per" in shown and "24 rounds" in shown and "chips" not in shown
    cross = pd.read_parquet(league / "crosstable.parquet").set_index(["a", "b"])["net_per_hand"]
    assert cross[("match", "random")] == -cross[("random", "match")]
    tune = ["tune", "match", "--against", "random", "--param", "offset=-2:2", "--game", "toy_bids", "--trials", "2",
            "--players", "2", "--hands-per-trial", "24", "--validate-hands", "24", "--study", str(tmp_path / "s"),
            "--json"]  # fmt: skip
    report = json.loads(invoke(*tune).stdout)
    assert report["tuning"]["trials"] == 2 and report["best_spec"].startswith("match")
    parallel_api_test(toy_bids.BidEnv(opponents=["match"]), num_cycles=50)
    env = toy_bids.BidEnv(opponents=["match"])
    observations, _ = env.reset(seed=4)
    total = 0.0
    while env.agents:
        observations, rewards, *_ = env.step(
            {"player_0": int(observations["player_0"]["action_mask"].nonzero()[0][-1])}
        )
        total += rewards["player_0"]
    assert total == env.table.returns()[0] and len(env.table.history) == toy_bids.CARDS
