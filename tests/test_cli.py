"""The command line: every command through typer's CliRunner, JSON keys, one-line errors (exit 2)."""

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from sniper import cli
from sniper.cli import app

runner = CliRunner()


def invoke(*args: str):
    result = runner.invoke(app, list(args))
    return result


def test_python_m_sniper_help():
    done = subprocess.run([sys.executable, "-m", "sniper", "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    for command in ("simulate", "summary", "duel", "league", "equity", "hand", "showdown"):
        assert command in done.stdout


def test_hand_json():
    result = invoke("hand", "7", "7", "7", "2", "2", "9", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"category": "full house", "top": 7, "numbers": [7, 7, 7, 2, 2]}


def test_hand_text():
    result = invoke("hand", "3", "4", "5", "6", "7", "10")
    assert result.exit_code == 0, result.output
    assert "7 straight" in result.stdout


def test_showdown_json_keys_and_payout():
    args = ["showdown", "--board", "6", "6", "9", "9", "--hole", "6,2", "--hole", "9,3", "--hole", "4,5"]
    result = invoke(*args, "--snipe", "9 full house", "--pot", "7", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"seats", "winners", "payout"}
    assert data["payout"] == [7, 0, 0]  # R8 worked example 7
    assert set(data["seats"][0]) == {"seat", "hole", "folded", "hand", "sniped", "payout"}


def test_simulate_then_summary(tmp_path):
    out = tmp_path / "run"
    args = ["simulate", "--players", "3", "--hands", "300", "--workers", "1", "--chunk-games", "5", "--out", str(out)]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    assert "hands in" in result.stdout and "easy" in result.stdout
    summary = invoke("summary", str(out))
    assert summary.exit_code == 0, summary.output
    assert "complete run" in summary.stdout and "normal" in summary.stdout
    again = invoke(*args)
    assert again.exit_code == 2
    assert "already exists" in again.stderr


def test_duel_json_keys():
    result = invoke("duel", "easy", "random", "--hands", "400", "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"a", "b", "hands", "net_per_hand", "ci95", "verdict"} <= set(data)
    assert (data["a"], data["b"]) == ("easy", "random")
    assert isinstance(data["hands"], int) and data["hands"] >= 400
    low, high = data["ci95"]
    assert low <= data["net_per_hand"] <= high
    assert data["verdict"] in ("A is stronger", "B is stronger", "no significant difference")


def test_duel_table():
    result = invoke("duel", "easy", "easy", "--hands", "200", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "no significant difference" in result.stdout
    assert "independently" in result.stdout


def test_league_writes_parquet(tmp_path):
    out = tmp_path / "league"
    result = invoke("league", "easy", "random", "easy:bluff=0.3", "--players", "3", "--hands", "200", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "Crosstable" in result.stdout and "OpenSkill" in result.stdout
    result = invoke("league", "easy", "random", "--players", "2", "--hands", "200", "--workers", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert {p.name for p in out.iterdir()} == {"crosstable.parquet", "ratings.parquet", "league.json"}


def test_equity_json():
    args = ["equity", "--hole", "7", "7", "--board", "7", "2", "--opponents", "3", "--snipe", "7 full house"]
    result = invoke(*args, "--samples", "20000", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"win", "stderr", "sniped", "dangers"} <= set(data)
    assert 0 < data["win"] < 1 and data["stderr"] > 0
    assert all(len(d) == 3 and isinstance(d[0], str) and isinstance(d[1], int) for d in data["dangers"])
    exact = invoke("equity", "--hole", "7", "7", "--board", "7,2,2,9", "--exact", "--json")
    assert exact.exit_code == 0, exact.output
    assert json.loads(exact.stdout)["stderr"] == 0


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--players", "7"],
        ["simulate", "--hands", "0"],
        ["simulate", "--hands", "abc"],
        ["simulate", "--agents", "genius"],
        ["simulate", "--agents", "easy:bluff=x"],
        ["simulate", "--rules", "vegas"],
        ["simulate", "--game-length", "15"],
        ["simulate", "--engine", "gpu"],
        ["simulate", "--workers", "-1"],
        ["simulate", "--players", "x"],
        ["simulate", "--nonsense"],
        ["hand", "7", "7", "7", "2", "2", "11"],
        ["hand", "7", "7", "7", "7", "7", "9"],
        ["hand", "7", "7"],
        ["showdown", "--board", "6", "6", "9", "9", "--hole", "6,6", "--hole", "6,3"],
        ["showdown", "--board", "6", "6", "9", "9", "--hole", "6,2", "--snipe", "9 flush"],
        ["duel", "easy", "genius"],
        ["duel", "easy", "random", "--players", "7"],
        ["duel", "easy", "random", "--until-ci", "0"],
        ["league", "easy"],
        ["league", "easy", "easy"],
        ["equity", "--hole", "7", "7", "--board", "7", "2", "--opponents", "9"],
        ["equity", "--hole", "7", "11", "--board", "7", "2"],
        ["equity", "--hole", "7", "7", "--board", "7", "2", "2"],
        ["summary", "."],
        ["simulate", "--resume", "."],
    ],
)
def test_bad_input_is_one_line_exit_2(args, monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", ["sniper", *args])
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    captured = capsys.readouterr()
    assert exit_info.value.code == 2, captured
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sniper: error: "), captured.err
    assert "Traceback" not in captured.err + captured.out


def test_unreachable_scheduler_is_one_line(monkeypatch, capsys, tmp_path):
    out = tmp_path / "run"
    monkeypatch.setattr(sys, "argv", ["sniper", "simulate", "--scheduler", "tcp://127.0.0.1:1", "--out", str(out)])
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    captured = capsys.readouterr()
    assert exit_info.value.code == 2
    assert captured.err.strip().splitlines() == [captured.err.strip()]
    assert "cannot reach dask scheduler tcp://127.0.0.1:1" in captured.err
    assert not out.exists()


def test_resume_with_other_parameters_is_refused(tmp_path):
    out = tmp_path / "run"
    result = invoke("simulate", "--players", "2", "--hands", "100", "--workers", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    refused = invoke("simulate", "--resume", str(out), "--seed", "5")
    assert refused.exit_code == 2
    assert "the run has seed 0, not 5" in refused.stderr
    same = invoke("simulate", "--resume", str(out), "--hands", "100", "--workers", "1")
    assert same.exit_code == 0, same.output
