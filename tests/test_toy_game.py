"""The proof of the game interface (issue 19): a toy game registered in one file (``tests/toy_game.py``) runs
through ``simulate``, ``summary``, ``replay``, ``duel``, ``league`` and ``tune`` without any other module
knowing it, and the registry imports nothing a run's files or a user name."""

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pytest
import toy_game
from typer.testing import CliRunner

from sniper.cli.app import app
from sniper.core.registry import get_game, register_game
from sniper.core.table import CHANCE, TERMINAL, TableState
from sniper.runs.config import RunDirError
from sniper.runs.rundir import load_manifest
from sniper.runs.store import read_run

NO_NET = pa.schema([pa.field("game", pa.int64()), pa.field("hand", pa.int16()), pa.field("seat", pa.int8())])
"""A hands table without the columns every game has (refused at registration)."""


def invoke(*args: str):
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("toy") / "run"
    invoke("simulate", "--game", "toy", "--hands", "60", "--agents", "high,random,high:threshold=8", "--seed", "3",
           "--out", str(out), "--quiet")  # fmt: skip
    return out


def test_the_toy_game_is_registered_and_its_table_state_plays_a_game():
    spec = get_game("toy")
    assert spec is toy_game.SPEC and (spec.seat_text, spec.default_engine) == ("2-4", "reference")
    table = spec.new_table(3, spec.make_rules("standard", "5"), 1, 0)
    assert isinstance(table, TableState) and table.current_player() == CHANCE
    while not table.is_over():
        table.apply(table.legal_actions()[-1])
    assert table.current_player() == TERMINAL and table.legal_actions() == () and sum(table.returns()) == 0


def test_a_hands_table_without_the_shared_columns_is_refused():
    bad = dataclasses.replace(toy_game.SPEC, name="toy_bad", tables={"hands": f"{__name__}:NO_NET"})
    with pytest.raises(ValueError, match="toy_bad: the hands table has no 'agent' column"):
        register_game(bad)
    with pytest.raises(ValueError, match="unknown game 'toy_bad'"):
        get_game("toy_bad")


def test_simulate_writes_a_run_of_the_toy_game(run):
    manifest = load_manifest(run)
    assert manifest["game"] == "toy" and manifest["tables"] == ["hands"] and manifest["status"] == "complete"
    assert manifest["config"]["rules"] == {"name": "standard", "hands_per_game": 5}
    assert manifest["agent_parameters"][2] == {"spec": "high:threshold=8", "level": "high", "threshold": 8}
    hands = read_run(run, "hands")
    assert list(hands.columns) == list(toy_game.COLUMNS) and manifest["hands"] == len(hands) // 3 >= 60
    assert (hands.groupby(["game", "hand"])["net"].sum() == 0).all(), "chips are conserved"
    assert not (run / "actions").exists()
    with pytest.raises(ValueError, match="unknown table 'actions'; valid: hands"):
        read_run(run, "actions")


def test_the_same_seed_gives_the_same_run_and_a_resumed_run_equals_it(run, tmp_path):
    again = tmp_path / "again"
    invoke("simulate", "--game", "toy", "--hands", "60", "--agents", "high,random,high:threshold=8", "--seed", "3",
           "--out", str(again), "--quiet")  # fmt: skip
    assert read_run(again, "hands").equals(read_run(run, "hands"))
    last = sorted((again / "hands").glob("part-*.parquet"))[-1]
    last.unlink()
    assert "hands kept" in invoke("simulate", "--resume", str(again)).stdout
    assert read_run(again, "hands").equals(read_run(run, "hands"))


def test_summary_of_a_toy_run_counts_what_every_game_has(run):
    shown = invoke("summary", str(run)).stdout
    assert "high:threshold=8" in shown and "hands: hands played, summed over the agent's seats" in shown
    assert "SD won" not in shown and "snipes" not in shown
    report = json.loads(invoke("summary", str(run), "--json", "--by", "seat").stdout)
    rows = report["summary"]
    assert [row["seat"] for row in rows] == [0, 1, 2] and report["hands"] >= 60
    assert set(rows[0]) == {"seat", "agent", "hands", "net_per_hand", "ci95", "ci95_half_width", "games_won"}
    hands = read_run(run, "hands")
    assert rows[1]["net_per_hand"] == pytest.approx(hands.loc[hands["seat"] == 1, "net"].mean())


def test_replay_shows_a_hand_as_the_rows_of_its_tables(run):
    text = invoke("replay", str(run), "--game-index", "1", "--hand", "2").stdout
    assert text.startswith("Toy high card, game 1, hand 2") and "card_1" in text
    rows = json.loads(invoke("replay", str(run), "--game-index", "1", "--hand", "2", "--format", "json").stdout)[
        "hands"
    ]
    assert [(row["game"], row["hand"], row["seat"]) for row in rows] == [(1, 2, 0), (1, 2, 1), (1, 2, 2)]
    refused = CliRunner().invoke(app, ["replay", str(run), "--export", "x.phhs", "--games", "0-1"])
    assert refused.exit_code == 2
    assert (
        refused.output.strip() == "sniper: error: --export and --games: Toy high card runs have no hand-history format"
    )
    missing = CliRunner().invoke(app, ["replay", str(run), "--game-index", "0", "--hand", "99"])
    assert missing.exit_code == 2 and "game 0 of" in missing.output and "not 99" in missing.output


def test_report_of_a_toy_run_is_its_base_panels_from_the_columns_every_game_has(run, tmp_path):
    from sniper.core import plots
    from sniper.report import build
    from sniper.runs.results import hand_summary

    page = tmp_path / "toy.html"
    invoke("report", str(run), "--out", str(page))
    assert page.read_text().startswith("<!DOCTYPE html>")
    built = build.load(run)
    titles = [plots.figure_title(f) for f in built.figures]
    assert titles == ["Net chips per hand by agent (95% CI)", "Cumulative net chips over hands",
                      "Net chips per hand by seat (95% CI)"]  # fmt: skip
    expected = hand_summary(lambda columns: read_run(run, columns=columns, arrow=True))
    rows = built.sections[0].tables[0].rows
    assert [(r[0], r[1], r[-1]) for r in rows] == [
        (a, f"{h:,}", f"{w:,}") for a, h, w in zip(expected["agent"], expected["hands"], expected["games_won"])
    ]


def test_duel_and_league_of_the_toy_game(tmp_path):
    duel = json.loads(invoke("duel", "high", "random", "--game", "toy", "--hands", "200", "--json", "--quiet").stdout)
    assert duel["hands"] >= 200 and duel["players"] == 2 and duel["seatings"] == 2
    assert duel["games"]["a_won"] + duel["games"]["b_won"] + duel["games"]["drawn"] == duel["groups"] * 2
    out = tmp_path / "league"
    invoke("league", "high", "random", "high:threshold=9", "--game", "toy", "--players", "3", "--hands", "40",
           "--out", str(out), "--quiet")  # fmt: skip
    config = json.loads((out / "league.json").read_text())["config"]
    assert (config["game"], config["rules"], config["game_length"], config["engine"]) == (
        "toy",
        "standard",
        "5",
        "reference",
    )
    import pandas as pd

    tables = pd.read_parquet(out / "tables.parquet")
    assert set(tables["agent"]) == {"high", "random", "high:threshold=9"}
    per_game = tables.groupby(["game", "rotation"])
    assert (per_game["net"].sum() == 0).all() and (per_game["final"].sum() == 3 * toy_game.STACK).all()


def test_tune_searches_a_toy_level(tmp_path):
    args = ["tune", "high", "--against", "random", "--param", "threshold=2:9", "--game", "toy", "--trials", "2"]
    args += ["--hands-per-trial", "60", "--validate-hands", "60", "--study", str(tmp_path / "study"), "--json"]
    report = json.loads(invoke(*args).stdout)
    assert report["spec"] == "high" and report["tuning"]["trials"] == 2 and report["best_spec"].startswith("high")
    assert all(trial["decision_us"] is None for trial in report["tuning"]["best_trials"]), "the toy game times nothing"
    refused = CliRunner().invoke(app, [*args[:-3], "--time-budget-us", "5", "--study", str(tmp_path / "other")])
    assert refused.exit_code == 2
    assert "--time-budget-us: Toy high card does not measure decision times" in refused.output


def test_a_manifest_names_a_game_that_is_looked_up_never_imported(tmp_path, run):
    """The game a run's manifest names is data: an unknown one is refused, and nothing of that name is imported
    (in a fresh process, where the toy game is not registered, even its module's name stays unimported)."""
    out = tmp_path / "copy"
    out.mkdir()
    manifest = json.loads((run / "manifest.json").read_text())
    (out / "manifest.json").write_text(json.dumps({**manifest, "game": "toy_game"}))
    with pytest.raises(RunDirError, match="does not know.*unknown game 'toy_game'"):
        load_manifest(out)
    code = (
        "import sys\nfrom sniper.runs.runner import RunDirError, load_manifest\n"
        f"try:\n    load_manifest({str(run)!r})\nexcept RunDirError as error:\n    print(error)\n"
        "print('toy_game' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=Path(__file__).parent
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        f"{run} is a run of a game this version does not know (unknown game 'toy'; valid: draw, holdem, saint, sniper)",
        "False",
    ]
