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
