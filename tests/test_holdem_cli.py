"""The command line plays no-limit Hold'em through its GameSpec: simulate, equity and import (issue 20)."""

import json

from typer.testing import CliRunner

from sniper.cli.app import app
from sniper.games.holdem.agents import RandomAgent
from sniper.games.holdem.phh import game_phhs
from sniper.games.holdem.play import play_game


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_exact_equity_is_strict_json_with_null_standard_errors():
    done = run("equity", "--game", "holdem", "--hole", "As", "Kd", "--board", "7h 8h 9c Tc 2d", "--json")
    assert done.exit_code == 0, done.output
    report = json.loads(done.output)
    assert report["exact"] is True and report["deals"] == 990 and report["equity_se"] is None
    assert report["hole"] == ["As", "Kd"] and 0 < report["equity"] < 1


def test_bad_cards_are_one_line_errors_exit_2():
    for args in (["--hole", "As", "As"], ["--hole", "Zz", "Kd"], ["--hole", "As", "Kd", "--board", "2c"]):
        done = run("equity", "--game", "holdem", *args)
        assert done.exit_code == 2, done.output
        assert done.output.startswith("sniper: error: ") and done.output.count("\n") == 1, done.output


def test_simulate_plays_holdem_and_the_manifest_names_it(tmp_path):
    out = tmp_path / "run"
    args = ["--game", "holdem", "--players", "2", "--agents", "random", "--hands", "30", "--out", str(out)]
    done = run("simulate", *args)
    assert done.exit_code == 0, done.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["game"] == "holdem" and manifest["config"]["rules"]["length"] == "100"


def test_import_writes_a_run_once_and_never_overwrites(tmp_path):
    source = tmp_path / "g.phhs"
    records = play_game(3, 5, 0, [RandomAgent()] * 3, "50")
    source.write_text(game_phhs(records, game=0, seed=5))
    out = tmp_path / "imported"
    done = run("import", str(source), "--out", str(out))
    assert done.exit_code == 0, done.output
    assert f"{len(records):,} hands imported" in done.output and (out / "hands.parquet").is_file()
    again = run("import", str(source), "--out", str(out))
    assert again.exit_code == 2 and "already exists" in again.output
    assert run("import", str(source), "--out", str(tmp_path / "x"), "--game", "sniper").exit_code == 2


def test_a_runs_rows_give_back_the_hand_records_and_replay_writes_their_phh(tmp_path):
    import tomllib

    from sniper.games.holdem import results
    from sniper.games.holdem.phh import hand_phh
    from sniper.runs.store import read_run

    out = tmp_path / "run"
    args = ["--game", "holdem", "--players", "3", "--agents", "random", "--hands", "40", "--out", str(out)]
    assert run("simulate", *args, "--seed", "9").exit_code == 0
    hands, actions = read_run(out, "hands"), read_run(out, "actions")
    played = play_game(3, 9, 0, [RandomAgent()] * 3, "100")
    for record in played:
        rows = hands[(hands.game == 0) & (hands.hand == record.hand)].to_dict("list")
        acts = actions[(actions.game == 0) & (actions.hand == record.hand)].to_dict("list")
        assert results.hand_record(rows, acts) == record
    done = run("replay", str(out), "--game", "0", "--hand", "1", "--format", "phh")
    assert done.exit_code == 0, done.output
    assert done.output.strip() == hand_phh(played[1], 0, 9, ["random"] * 3).strip()
    assert tomllib.loads(done.output)["variant"] == "NT"
