"""The command line: every command through typer's CliRunner, JSON keys, one-line errors (exit 2)."""

import gc
import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from shared_checks import one_line_exit_2
from typer.testing import CliRunner

from sniper.cli import app as cli
from sniper.cli import terminal
from sniper.cli.app import app
from sniper.core import defaults
from sniper.core.registry import DEFAULT_GAME

runner = CliRunner()


def invoke(*args: str):
    result = runner.invoke(app, list(args))
    return result


def test_python_m_sniper_help():
    done = subprocess.run([sys.executable, "-m", "sniper", "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    for command in ("simulate", "summary", "duel", "league", "equity", "hand", "showdown"):
        assert command in done.stdout


def test_python_m_sniper_without_arguments_prints_the_help_and_no_empty_error_line():
    done = subprocess.run([sys.executable, "-m", "sniper"], capture_output=True, text=True, timeout=60)
    assert "simulate" in done.stdout + done.stderr
    assert "sniper: error: \n" not in done.stderr and not done.stderr.rstrip().endswith("sniper: error:")
    assert "Traceback" not in done.stderr


def test_hand_json():
    result = invoke("hand", "7", "7", "7", "2", "2", "9", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "game": "sniper",
        "category": "full house",
        "top": 7,
        "numbers": [7, 7, 7, 2, 2],
    }


def test_hand_text():
    result = invoke("hand", "3", "4", "5", "6", "7", "10")
    assert result.exit_code == 0, result.output
    assert "7 straight" in result.stdout


def test_showdown_json_keys_and_payout():
    args = ["showdown", "--board", "6", "6", "9", "9", "--hole", "6,2", "--hole", "9,3", "--hole", "4,5"]
    result = invoke(*args, "--snipe", "9 full house", "--pot", "7", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"game", "seats", "winners", "payout"}
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


def test_summary_of_a_run_with_an_unreadable_part_is_one_line(tmp_path):
    out = tmp_path / "run"
    args = ["simulate", "--agents", "random,random", "--hands", "40", "--chunk-games", "2", "--engine", "reference"]
    assert invoke(*args, "--workers", "1", "--out", str(out)).exit_code == 0
    bad = out / "hands" / "part-00000.parquet"
    bad.write_text("garbage")
    result = invoke("summary", str(out))
    assert result.exit_code == 2
    hint = f"sniper: error: {bad} is not a readable parquet file; `sniper simulate --resume {out}` plays it again"
    assert result.stderr.splitlines() == [hint]
    assert result.stdout == "", "no header of a run that cannot be read"
    resumed = invoke("simulate", "--resume", str(out))
    assert resumed.exit_code == 0, resumed.output
    assert "nothing to do" not in resumed.stdout and "random" in resumed.stdout


def test_summary_of_a_part_with_corrupt_data_is_one_line(tmp_path):
    """A part whose footer reads but whose pages do not (bytes overwritten in the middle) is named,
    with how to play it again, in one line, exit 2; once deleted, --resume plays it again."""
    out = tmp_path / "run"
    args = ["simulate", "--agents", "random,random", "--hands", "40", "--chunk-games", "2", "--engine", "reference"]
    assert invoke(*args, "--workers", "1", "--out", str(out)).exit_code == 0
    bad = out / "hands" / "part-00000.parquet"
    data = bytearray(bad.read_bytes())
    data[8:400] = bytes(392)  # the first data pages; the footer at the end stays readable
    bad.write_bytes(bytes(data))
    result = invoke("summary", str(out))
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"sniper: error: {bad} holds corrupt data (") and f"--resume {out}`" in line, line
    bad.unlink()
    assert invoke("simulate", "--resume", str(out)).exit_code == 0
    assert invoke("summary", str(out)).exit_code == 0


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
    summary = invoke("summary", str(out))  # a league is not a run: the error points to its report
    assert summary.exit_code == 2, summary.output
    assert "holds a league (league.json)" in summary.stderr and "sniper report" in summary.stderr


def test_simulate_default_out_taken_in_the_same_second_gets_a_numbered_name(tmp_path, monkeypatch):
    """Two runs started in the same second: the second one's default directory is not an error and not the
    first one's: it gets a -2 suffix, and the first run is left untouched."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sniper.runs.runner.time.strftime", lambda fmt, *a: "simulate-20260101-120000")
    args = ["simulate", "--agents", "random,random", "--hands", "40", "--chunk-games", "2", "--engine", "reference"]
    first = invoke(*args, "--seed", "1", "--workers", "1")
    assert first.exit_code == 0, first.output
    second = invoke(*args, "--seed", "2", "--workers", "1")
    assert second.exit_code == 0, second.output
    assert "→ runs/simulate-20260101-120000\n" in first.stdout
    assert "→ runs/simulate-20260101-120000-2\n" in second.stdout
    seeds = [json.loads(Path(d, "manifest.json").read_text())["config"]["seed"] for d in sorted(Path("runs").iterdir())]
    assert seeds == [1, 2]


def test_league_out_is_claimed_before_the_league_is_played(tmp_path, monkeypatch):
    """A second league given the same --out while the first is playing is refused; the first writes its
    results (it used to be the first that failed, after playing, or both wrote into one directory)."""
    from sniper.arena import league

    out = tmp_path / "league"
    play = league.run_league
    refused = []

    def run_then_race(*args, **kwargs):
        result = play(*args, **kwargs)
        try:
            league.write_league(result, out, {"other": True})
        except FileExistsError:
            refused.append(True)
        return result

    monkeypatch.setattr(league, "run_league", run_then_race)
    result = invoke("league", "easy", "random", "--players", "2", "--hands", "100", "--workers", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert refused == [True]
    assert "other" not in json.loads((out / "league.json").read_text())["config"]


def test_league_out_is_released_when_the_league_fails(tmp_path, monkeypatch):
    """A league that fails after claiming --out leaves it empty, so the same command can be run again."""
    from sniper.arena import league

    def fails(*args, **kwargs):
        assert (out / "league.json").exists(), "claimed before playing"
        raise ValueError("an agent failed")

    out = tmp_path / "league"
    monkeypatch.setattr(league, "run_league", fails)
    result = invoke("league", "easy", "random", "--players", "2", "--hands", "100", "--workers", "1", "--out", str(out))
    assert (result.exit_code, result.stderr) == (2, "sniper: error: an agent failed\n")
    assert not any(out.iterdir())


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
        ["showdown", "--board", "6", "6", "9", "9", "--hole", "6,2", "--snipe", "full house 9"],
        ["showdown", "--board", "6", "6", "9", "9", "--hole", "6,2", "--snipe", "9 fullhouse"],
        ["equity", "--hole", "7", "7", "--board", "7", "2", "--snipe", "trips 7"],
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
        ["simulate", "--hands", "1e20"],
        ["simulate", "--agents", "easy,"],
        ["duel", "easy", "random", "--hands", "1e11"],
        ["duel", "easy", "random", "--until-ci", "0.1", "--max-hands", "2e10"],
        ["league", "easy", "random", "--hands", "1e12"],
        ["equity", "--hole", "7", "7", "--board", "7", "2", "--samples", "1e11"],
        ["duel", "easy", "random", "--hands", "5000", "--max-hands", "3000"],
        ["duel", "easy", "random", "--sprt", "0:0.2", "--until-ci", "0.1"],
        ["duel", "easy", "random", "--sprt", "0:0.2", "--hands", "100"],
        ["duel", "easy", "random", "--sprt", "0.2"],
        ["duel", "easy", "random", "--sprt", "0:0"],
        ["duel", "easy", "random", "--sprt", "0:0.2", "--alpha", "0.7"],
        ["duel", "easy", "random", "--sprt", "0:0.2", "--beta", "0"],
        ["duel", "easy", "random", "--alpha", "0.1"],
        ["simulate", "--seed", "-1"],
        ["duel", "easy", "random", "--seed", str(2**64)],
        ["tune", "easy", "--param", "bluff=0:0.2", "--seed", "-1"],
    ],
)
def test_bad_input_is_one_line_exit_2(args, monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", ["sniper", *args])
    assert "Traceback" not in one_line_exit_2(cli.main, capsys)


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


def run_main(monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    """``sniper ARGS`` through ``cli.main`` (as the console script): (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["sniper", *args])
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    captured = capsys.readouterr()
    return exit_info.value.code, captured.out, captured.err


def test_simulate_help_shows_the_defaults_the_run_uses():
    from sniper.runs.config import DEFAULTS, RunOptions

    result = runner.invoke(app, ["simulate", "--help"], env={"COLUMNS": "240"})
    assert result.exit_code == 0, result.output
    lines = {line.split()[1]: line for line in result.stdout.splitlines() if line.startswith("│ --")}
    below = result.stdout.splitlines()
    for option, default in [
        ("--players", str(defaults.PLAYERS)),
        ("--hands", "1e4"),
        ("--agents", ",".join(defaults.AGENTS)),
        ("--seed", str(defaults.SEED)),
        ("--game-length", defaults.GAME_LENGTH),
        ("--rules", defaults.RULES),
        ("--engine", defaults.ENGINE),
    ]:
        at = next(i for i, line in enumerate(below) if line.startswith(f"│ {option} "))
        text = below[at] + below[at + 1]
        per_game = option in ("--game-length", "--rules", "--agents")  # each game's own, in the games' order
        if per_game:  # a test game registered by another test file of this process may come after it
            assert re.search(rf"\b{DEFAULT_GAME} {re.escape(default)}[;\]]", text), option
        else:
            assert f"[default: {default}]" in text, option
        name = option[2:].replace("-", "_")
        shown = cli.opt.count_text(getattr(DEFAULTS, name)) if name == "hands" else str(getattr(DEFAULTS, name))
        assert shown == default, "--help shows the default the run uses"
    assert "numba threads" in lines["--workers"] and "processes" in lines["--workers"]
    config = DEFAULTS.config()
    assert (len(config.agents), config.hands, config.rules.hands_per_game) == (4, 10_000, 20)
    at = next(i for i, line in enumerate(below) if line.startswith("│ --chunk-games "))
    assert "[default: auto]" in below[at] + below[at + 1]
    assert config.chunk_games == defaults.CHUNK_GAMES, "10,000 hands: the fewest games per chunk"
    assert RunOptions(hands=10**6).config().chunk_games == defaults.KERNEL_CHUNK_GAMES
    assert RunOptions(hands=10**6, engine="reference").config().chunk_games == defaults.CHUNK_GAMES
    assert RunOptions(hands=20, engine="reference").config().chunk_games == 1, "a small run plays few extra games"
    assert RunOptions(hands=10**6, chunk_games=7).config().chunk_games == 7


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["showdown", "--board", "6,6,9", "--hole", "6,2", "--hole", "9,3"], "--board takes four numbers"),
        (["showdown", "--board", "6", "6", "9", "9", "--hole", "6", "--hole", "9,3"], "--hole takes two numbers"),
        (["showdown", "--board", "6", "6", "9", "9", "--hole", "6", "2", "3", "--hole", "9,3"], "--hole takes two"),
        (
            ["showdown", "--board", "6", "6", "9", "9", "--hole", "6,2", "--snipe", "9", "full"],
            'quoted (e.g. --snipe "9',
        ),
        (
            ["showdown", "--board", "6", "6", "9", "9", "--hole", "6,2", "--hole", "9,3", "--snipe", "full house 9"],
            'TOP HAND TYPE, e.g. "9 full house"',
        ),
        (
            ["showdown", "--board", "6", "6", "9", "9", "--hole", "6,2", "--hole", "9,3", "--snipe", "9 fullhouse"],
            'TOP HAND TYPE, e.g. "9 full house"',
        ),
        (["equity", "--hole", "7", "--board", "7", "2"], "--hole takes two numbers, e.g. --hole 7 7"),
        (["equity", "--hole", "7,7,7", "--board", "7", "2"], "--hole takes two numbers, e.g. --hole 7 7"),
        (["equity", "--hole", "7", "7", "--board", "7", "x"], "--board takes 2 or 4 numbers"),
        (["equity", "--hole", "7", "7", "--board", "7", "2", "--exact"], "--exact needs all 4 board cards, got 2"),
    ],
)
def test_card_input_errors_say_what_the_option_takes(args, message, monkeypatch, capsys):
    """Cards and snipes (R1, R7: a snipe is written "TOP HAND TYPE", R7's names only) get one line naming the
    valid form, exit 2."""
    code, out, err = run_main(monkeypatch, capsys, *args)
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sniper: error: "), err
    assert message in lines[0]
    assert "Input should be" not in err and "exact_equity" not in err


def test_card_options_take_spaces_or_commas():
    spaced = invoke("showdown", "--board", "6", "6", "9", "9", "--hole", "6", "2", "--hole", "9", "3", "--json")
    commas = invoke("showdown", "--board", "6,6,9,9", "--hole", "6,2", "--hole=9,3", "--json")
    assert spaced.exit_code == commas.exit_code == 0, spaced.output + commas.output
    assert json.loads(spaced.stdout) == json.loads(commas.stdout)
    assert json.loads(spaced.stdout)["seats"][1]["hole"] == [9, 3]
    args = ["--samples", "2000", "--json"]
    spaced = invoke("equity", "--hole", "7", "7", "--board", "7", "2", "2", "9", *args)
    commas = invoke("equity", "--hole", "7,7", "--board", "7,2,2,9", *args)
    assert spaced.exit_code == commas.exit_code == 0, spaced.output + commas.output
    assert json.loads(spaced.stdout) == json.loads(commas.stdout)


COMMANDS = ("simulate", "summary", "hand", "showdown", "duel", "league", "replay", "equity", "tune", "serve")


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_shows_metavars_flags_and_one_default_style(command):
    """Every command's --help: a metavar for each value (N, DIR, SPEC…), never a Python type such as <int>,
    <bool> or <list[str]>; flags without a --no- form; every default as [default: X], none in parentheses."""
    import re

    args = ["--help"] if command is None else [command, "--help"]
    result = runner.invoke(app, args, env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    text = result.stdout
    python_types = re.findall(r"<(?:bool|int|float|str|path|list\[[^>]*\]|[a-z]+ range)>", text)
    assert not python_types, python_types
    assert "--no-" not in text and "(default:" not in text and "[default: (" not in text


def test_help_defaults_are_those_of_sniper_defaults():
    """The defaults --help shows are the values of sniper.core.defaults (one truth)."""
    import re

    shown = {}
    for command in COMMANDS:
        text = runner.invoke(app, [command, "--help"], env={"COLUMNS": "400"}).stdout
        for option, default in re.findall(r"│\s+(?:\*\s+)?(--[a-z-]+)\s.*?\[default: ([^\]]+)\]", text):
            shown[command, option] = default
    assert shown["duel", "--players"] == str(defaults.DUEL_PLAYERS)
    assert shown["duel", "--max-hands"] == cli.opt.count_text(defaults.MAX_HANDS)
    assert shown["league", "--hands"] == str(defaults.LEAGUE_HANDS)
    assert shown["equity", "--samples"].split(";")[0] == cli.opt.count_text(defaults.EQUITY_SAMPLES)
    assert shown["tune", "--validate-hands"] == cli.opt.count_text(defaults.TUNE_VALIDATE_HANDS)
    assert shown["serve", "--port"] == str(defaults.SERVE_PORT)
    assert shown["serve", "--turn-seconds"] == str(defaults.TURN_SECONDS)
    assert shown["serve", "--ai-delay"] == str(defaults.AI_DELAY)
    assert shown["simulate", "--decision-timeout"] == "no limit"


def test_equity_usage_has_no_internal_argument():
    result = invoke("equity", "--help")
    assert result.exit_code == 0
    usage = next(line for line in result.stdout.splitlines() if "Usage:" in line)
    assert usage.split()[2:] == ["equity", "[OPTIONS]"], usage


@pytest.mark.parametrize("command", ["simulate", "equity", "showdown"])
def test_only_a_command_with_resume_says_the_game_may_come_from_the_run(command):
    """``--game``'s help names ``--resume`` where the command has it (simulate), not in equity or showdown."""
    result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "300"})
    assert result.exit_code == 0
    game_help = next(line for line in result.stdout.splitlines() if "--game " in line)
    assert ("--resume" in game_help) == ("--resume" in result.stdout.replace(game_help, "")), game_help


def test_serve_without_its_extra_says_what_to_install_in_one_line(monkeypatch):
    """``sniper serve`` when fastapi is not installed (no ``.[serve]``): exit 2 with one line, not a traceback."""
    monkeypatch.delitem(sys.modules, "sniper.serve.app", raising=False)
    monkeypatch.setitem(sys.modules, "fastapi", None)
    result = invoke("serve", "--port", "1")
    assert result.exit_code == 2, result.output
    assert "sniper serve needs the serve extra" in result.output and '".[serve]"' in result.output, result.output
    assert "Traceback" not in result.output


def test_summary_table_fits_80_columns_without_cutting_numbers(monkeypatch):
    import pandas as pd
    from rich.console import Console

    monkeypatch.setattr(terminal, "console", Console(width=80, record=True, color_system=None))
    rows = [("easy", 1_000_009, -1.178), ("normal", 999_999, 0.142), ("hard", 1_956_202, 0.512)]
    terminal.print_summary(
        pd.DataFrame(
            [
                {
                    "agent": agent,
                    "hands": hands,
                    "net_per_hand": net,
                    "ci95_low": net - 0.0123,
                    "ci95_high": net + 0.0123,
                    "showdown_wins": 1_031_800,
                    "snipes_made": 2_229_900,
                    "snipes_hit": 490_500,
                    "games_won": 66_900,
                }
                for agent, hands, net in rows
            ]
        )
    )
    text = terminal.console.export_text()
    assert "…" not in text
    assert max(len(line) for line in text.splitlines()) <= 80
    for cell in ("1,956,202", "1,000,009", "0.012", "+0.512", "2,229,900", "490,500", "66,900"):
        assert cell in text
    assert "summed over the agent's seats" in text


def test_resume_of_a_complete_run_changes_nothing(tmp_path):
    out = tmp_path / "run"
    result = invoke("simulate", "--players", "2", "--hands", "100", "--workers", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    manifest = (out / "manifest.json").read_bytes()
    again = invoke("simulate", "--resume", str(out), "--workers", "1")
    assert again.exit_code == 0, again.output
    assert "run already complete" in again.stdout and "hands/s" not in again.stdout
    assert "net/hand" in again.stdout, "the summary is still printed"
    assert (out / "manifest.json").read_bytes() == manifest


def test_resume_rate_counts_only_the_hands_played_now(tmp_path):
    out = tmp_path / "run"
    args = ["--players", "2", "--hands", "400", "--chunk-games", "2", "--workers", "1"]
    result = invoke("simulate", *args, "--out", str(out))
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    parts = sorted((out / "hands").glob("part-*.parquet"))
    for part in parts[len(parts) // 2 :]:
        part.unlink()
    (out / "manifest.json").write_text(json.dumps({**manifest, "status": "interrupted"}))
    resumed = invoke("simulate", "--resume", str(out), "--workers", "1")
    assert resumed.exit_code == 0, resumed.output
    first = resumed.stdout.splitlines()[0]
    assert f"{manifest['hands']:,} hands in" in first and "hands kept" in first and "played now" in first


def test_duel_until_ci_says_whether_the_target_was_reached():
    args = ["duel", "easy", "random", "--hands", "200", "--chunk-games", "2", "--workers", "1"]
    capped = invoke(*args, "--until-ci", "0.001", "--max-hands", "400", "--json")
    assert capped.exit_code == 0, capped.output
    data = json.loads(capped.stdout)
    assert data["target_reached"] is False and data["until_ci"] == 0.001
    assert data["ci95_half_width"] > 0.001
    reached = json.loads(invoke(*args, "--until-ci", "50", "--json").stdout)
    assert reached["target_reached"] is True and reached["ci95_half_width"] < 50
    assert "target_reached" not in json.loads(invoke(*args, "--json").stdout)
    table = invoke(*args, "--until-ci", "0.001", "--max-hands", "400")
    assert table.exit_code == 0, table.output
    assert "stopped at --max-hands (400 hands) before the CI half-width reached 0.001" in table.stdout


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_full_stdout_is_one_line_not_a_traceback():
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "sniper", "hand", "7", "7", "7", "2", "2", "9"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == ["sniper: error: cannot write output: No space left on device"]


# The run every --resume option is tried against, and a differing value for each option.
RUN = {
    "--players": "3",
    "--hands": "200",
    "--agents": "easy,random,easy",
    "--seed": "4",
    "--game-length": "10",
    "--rules": "show",
    "--engine": "kernel",
    "--chunk-games": "5",
}
SAME = {**RUN, "--hands": "2e2"}  # the same values, typed differently where a count allows it
OTHER = {
    "--players": "2",
    "--hands": "300",
    "--agents": "random",
    "--seed": "5",
    "--game-length": "20",
    "--rules": "ours",
    "--engine": "reference",
    "--chunk-games": "6",
}


@pytest.fixture(scope="module")
def complete_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("resume") / "run"
    result = invoke("simulate", *(x for item in RUN.items() for x in item), "--workers", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def _resume(out: Path, *options: str, values: dict):
    return invoke("simulate", "--resume", str(out), "--workers", "1", *(x for o in options for x in (o, values[o])))


@pytest.mark.parametrize("option", list(RUN))
def test_resume_accepts_each_option_equal_to_the_run(complete_run, option):
    result = _resume(complete_run, option, values=SAME)
    assert result.exit_code == 0, result.output
    assert "run already complete" in result.stdout


@pytest.mark.parametrize("option", list(RUN))
def test_resume_refuses_each_option_that_differs_naming_it_and_both_values(complete_run, option):
    result = _resume(complete_run, option, values=OTHER)
    assert result.exit_code == 2, result.output
    name = option[2:]
    assert result.stderr.strip() == (
        f"sniper: error: cannot resume {complete_run}: the run has {name} {RUN[option]}, not {OTHER[option]}"
    )


@pytest.mark.parametrize(("first", "second"), list(itertools.combinations(RUN, 2)))
def test_resume_options_in_pairs(complete_run, first, second):
    same = _resume(complete_run, first, second, values=SAME)
    assert same.exit_code == 0, same.output
    for differing, values in ((second, {**SAME, second: OTHER[second]}), (first, {**SAME, first: OTHER[first]})):
        refused = _resume(complete_run, first, second, values=values)
        assert refused.exit_code == 2, refused.output
        assert f"the run has {differing[2:]} {RUN[differing]}, not {OTHER[differing]}" in refused.stderr


def test_interrupted_run_resumes_with_its_own_options_given(tmp_path):
    """The issue's example: a show-rules run of 10-hand games, resumed with --rules show (R12) and --game-length
    10, plays the rest and equals an uninterrupted run (R13)."""
    from sniper.runs.results import read_results

    out, whole = tmp_path / "run", tmp_path / "whole"
    args = ["--players", "3", "--hands", "200", "--rules", "show", "--game-length", "10", "--chunk-games", "3"]
    for target in (out, whole):
        assert invoke("simulate", *args, "--workers", "1", "--out", str(target)).exit_code == 0
    manifest = json.loads((out / "manifest.json").read_text())
    for part in sorted((out / "hands").glob("part-*.parquet"))[2:]:
        part.unlink()
    (out / "manifest.json").write_text(json.dumps({**manifest, "status": "interrupted", "parts": 2}))
    for given in (["--rules", "show"], ["--game-length", "10"], ["--rules", "show", "--game-length", "10"]):
        resumed = invoke("simulate", "--resume", str(out), *given, "--workers", "1")
        assert resumed.exit_code == 0, resumed.output
    assert "hands kept" not in resumed.stdout, "the first resume finished the run"
    import pandas as pd

    pd.testing.assert_frame_equal(read_results(out), read_results(whole))


def strict_loads(text: str):
    """``json.loads`` that refuses NaN and Infinity, as RFC 8259 and JSON.parse do."""

    def refuse(name):
        raise ValueError(f"not strict JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def test_duel_of_ten_hands_plays_two_groups_with_a_finite_interval_in_strict_json():
    result = invoke("duel", "easy", "random", "--hands", "10", "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    data = strict_loads(result.stdout)
    assert data["groups"] >= 2
    low, high = data["ci95"]
    assert isinstance(low, float) and isinstance(high, float) and low <= data["net_per_hand"] <= high


def test_an_explicit_max_hands_is_never_exceeded_by_more_than_the_last_group():
    group = 2 * 20  # heads-up: two seatings of a 20-hand game
    until = invoke("duel", "easy", "random", "--until-ci", "0.0001", "--max-hands", "3000", "--workers", "1", "--json")
    assert until.exit_code == 0, until.output
    data = strict_loads(until.stdout)
    assert 3000 <= data["hands"] < 3000 + group and data["target_reached"] is False and data["max_hands"] == 3000
    fixed = strict_loads(invoke("duel", "easy", "random", "--max-hands", "500", "--workers", "1", "--json").stdout)
    assert 500 <= fixed["hands"] < 500 + group
    refused = invoke("duel", "easy", "random", "--hands", "5000", "--max-hands", "3000")
    assert refused.exit_code == 2
    assert refused.stderr.strip() == "sniper: error: --hands 5,000 is above --max-hands 3,000; give at most 3,000"


@pytest.mark.parametrize(
    ("a", "b", "hypotheses", "decision"),
    [("easy", "random", "0:0.5", "accept H1"), ("random", "easy", "0:0.5", "accept H0")],
)
def test_duel_sprt_decides_and_reports_in_json(a, b, hypotheses, decision):
    result = invoke("duel", a, b, "--sprt", hypotheses, "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    data = strict_loads(result.stdout)
    test = data["sprt"]
    keys = {"h0", "h1", "alpha", "beta", "llr", "bounds", "decision", "units", "min_units", "variance_rse"}
    assert set(test) == keys | {"max_variance_rse"} and test["variance_rse"] <= test["max_variance_rse"]
    assert (test["h0"], test["h1"], test["alpha"], test["beta"], test["decision"]) == (0, 0.5, 0.05, 0.05, decision)
    lower, upper = test["bounds"]
    assert test["llr"] >= upper if decision == "accept H1" else test["llr"] <= lower
    assert data["groups"] >= 20 and data["hands"] < 5000, "a clear case is decided early"
    text = runner.invoke(app, ["duel", a, b, "--sprt", hypotheses, "--workers", "1"], env={"COLUMNS": "240"})
    favoured = "H1 = 0.5 over H0 = 0" if decision == "accept H1" else "H0 = 0 over H1 = 0.5"
    assert f"{decision} (the data favour {favoured}; one-sided)" in text.stdout


def test_duel_sprt_stops_inconclusive_at_max_hands():
    args = ["duel", "easy", "easy:bluff=0.2", "--sprt", "-0.5:0.5", "--max-hands", "400", "--workers", "1"]
    data = strict_loads(invoke(*args, "--json").stdout)
    assert data["sprt"]["decision"] == "inconclusive" and 400 <= data["hands"] < 440
    assert data["sprt"]["units"] == data["groups"] < data["sprt"]["min_units"] == 20, "too few groups to decide"
    table = invoke(*args)
    assert "inconclusive" in table.stdout and "before the SPRT decided" in table.stdout
    assert f"it decides from the 20th group on; {data['groups']} were played" in table.stdout


def test_duel_sprt_does_not_decide_on_groups_that_are_all_zero():
    """Issue 18: a spec against itself gives only groups of 0; the plug-in SPRT accepted H0 at the 20th (a
    variance of 0, an LLR of −inf). No variance, no decision: inconclusive at the limit, saying why."""
    args = ["duel", "easy", "easy", "--sprt", "0:0.004", "--max-hands", "2000", "--workers", "1"]
    data = strict_loads(invoke(*args, "--json").stdout)
    assert data["sprt"]["decision"] == "inconclusive" and data["groups"] > data["sprt"]["min_units"]
    assert data["sprt"]["llr"] is None and data["sprt"]["variance_rse"] is None and data["ci95"] == [None, None]
    table = invoke(*args)
    assert "before the SPRT decided (every group so far had the same result: no variance" in table.stdout


def test_duel_sprt_is_the_same_for_any_number_of_workers():
    from sniper.arena.duel import DuelSetup, run_duel
    from sniper.core.sprt import Sprt
    from sniper.runs.backends import Backend

    setup = DuelSetup("easy", "easy:bluff=0.3", chunk_games=4)
    alone = run_duel(setup, max_hands=4000, sprt=Sprt(-0.05, 0.05))
    with Backend(2) as backend:
        pooled = run_duel(setup, max_hands=4000, backend=backend, sprt=Sprt(-0.05, 0.05))
    np.testing.assert_array_equal(alone.units, pooled.units)
    assert alone.sprt.to_json() == pooled.sprt.to_json()


def test_league_of_few_hands_has_finite_intervals_and_strict_json(tmp_path):
    out = tmp_path / "league"
    result = invoke("league", "easy", "random", "--players", "2", "--hands", "10", "--workers", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    import pandas as pd

    table = pd.read_parquet(out / "crosstable.parquet")
    assert np.isfinite(table[["ci95_low", "ci95_high"]].to_numpy()).all()
    strict_loads((out / "league.json").read_text())
    assert "BT rating, Elo scale" in result.stdout


def test_league_json_is_the_crosstable_and_ratings_of_the_files(tmp_path):
    """``league --json``: strict JSON only, naming its game, with the crosstable and ratings ``--out`` writes."""
    out = tmp_path / "league"
    args = ("league", "easy", "random", "--players", "2", "--hands", "40", "--workers", "1", "--game", "draw")
    result = invoke(*args, "--json", "--out", str(out))
    assert result.exit_code == 0, result.output
    data = strict_loads(result.stdout)
    import pandas as pd

    table = pd.read_parquet(out / "crosstable.parquet")
    assert data["game"] == "draw" and data["specs"] == ["easy", "random"]
    assert [(r["a"], r["b"], r["net_per_hand"], r["ci95"]) for r in data["crosstable"]] == [
        (r.a, r.b, r.net_per_hand, [r.ci95_low, r.ci95_high]) for r in table.itertuples()
    ]
    ratings = pd.read_parquet(out / "ratings.parquet")
    assert [r["agent"] for r in data["ratings"]] == ratings["agent"].tolist()
    assert [r["bt_rating"] for r in data["ratings"]] == ratings["bt_rating"].tolist()


def test_every_json_output_is_strict(tmp_path):
    outputs = [
        invoke("hand", "7", "7", "7", "2", "2", "9", "--json"),
        invoke("showdown", "--board", "6", "6", "9", "9", "--hole", "6,2", "--hole", "9,3", "--json"),
        invoke("equity", "--hole", "7", "7", "--board", "7", "2", "2", "9", "--exact", "--json"),
        invoke("duel", "easy", "easy", "--hands", "100", "--workers", "1", "--json"),
    ]
    for result in outputs:
        assert result.exit_code == 0, result.output
        assert strict_loads(result.stdout)["game"] == "sniper", "every output says which game"
    single = invoke("equity", "--hole", "7", "7", "--board", "7", "2", "--samples", "1", "--json")
    assert strict_loads(single.stdout)["stderr"] is None, "one sample has no standard error"
    same = strict_loads(outputs[-1].stdout)
    # a spec against itself: every group 0, so no interval (not [0, 0]) and no variance ratio
    assert same["net_per_hand"] == 0 and same["ci95"] == [None, None] and same["variance_ratio"] is None
    run = tmp_path / "run"
    assert invoke("simulate", "--players", "2", "--hands", "5", "--workers", "1", "--out", str(run)).exit_code == 0
    strict_loads((run / "manifest.json").read_text())


def test_summary_of_a_one_game_run_shows_no_interval(tmp_path):
    """A run of one game (R9: hands of a game are not independent) has no interval: "n/a", never nan or inf."""
    run = tmp_path / "run"
    result = invoke(
        "simulate", "--players", "2", "--agents", "easy", "--hands", "3", "--workers", "1", "--out", str(run)
    )
    assert result.exit_code == 0, result.output
    summary = invoke("summary", str(run))
    assert summary.exit_code == 0, summary.output
    for text in (result.stdout, summary.stdout):
        row = next(line for line in text.splitlines() if line.startswith("easy"))
        assert row.split()[3] == "n/a", row
        assert "nan" not in text and "inf" not in text.replace("interval", "") and "∞" not in text
        assert "n/a: no interval from fewer than 2 games" in " ".join(text.split())


def test_an_out_that_is_a_file_is_named_as_one(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("mine")
    result = invoke("simulate", "--hands", "20", "--out", str(path))
    assert result.exit_code == 2
    assert (
        result.stderr.strip()
        == f"sniper: error: output directory {path} is a file, not a directory; choose another --out"
    )
    assert path.read_text() == "mine"


def test_simulate_and_summary_json_carry_the_table_and_by_seat_splits_two_seats_of_one_spec(tmp_path):
    """``--json`` of simulate and summary: strict JSON with the table's facts (rows of ``summarize``); ``--by
    seat`` gives one row per seat, so the two ``hard`` seats are no longer merged."""
    from sniper.games.sniper_holdem.summary import summarize
    from sniper.runs.results import read_results

    run = tmp_path / "run"
    args = ["simulate", "--agents", "easy,hard,hard", "--hands", "300", "--workers", "1", "--out", str(run)]
    played = invoke(*args, "--json")
    assert played.exit_code == 0, played.output
    report = strict_loads(played.stdout)
    assert {"out", "hands", "games", "seconds", "hands_per_second", "kept_hands", "played_hands"} <= set(report)
    assert report["out"] == str(run) and report["hands"] >= 300 and report["kept_hands"] == 0
    frame = summarize(read_results(run))
    keys = ["agent", "hands", "net_per_hand", "ci95", "ci95_half_width", "showdown_wins", "snipes_made"]
    assert [list(row) for row in report["summary"]] == [keys + ["snipes_hit", "games_won"]] * 2
    assert [row["agent"] for row in report["summary"]] == list(frame["agent"]) == ["easy", "hard"]
    assert [row["hands"] for row in report["summary"]] == list(frame["hands"])
    assert report["summary"][1]["ci95"] == [frame["ci95_low"][1], frame["ci95_high"][1]]
    shown = invoke("summary", str(run), "--json")
    assert shown.exit_code == 0, shown.output
    data = strict_loads(shown.stdout)
    assert data["summary"] == report["summary"] and data["state"] == "complete" and data["resume"] is None
    assert data["agents"] == ["easy", "hard", "hard"] and data["hands"] == report["hands"]
    seats = strict_loads(invoke("summary", str(run), "--by", "seat", "--json").stdout)["summary"]
    assert [(row["seat"], row["agent"]) for row in seats] == [(0, "easy"), (1, "hard"), (2, "hard")]
    assert seats[1]["hands"] + seats[2]["hands"] == report["summary"][1]["hands"]
    table = invoke("summary", str(run), "--by", "seat")
    assert table.exit_code == 0, table.output
    rows = [line.split() for line in table.stdout.splitlines() if line.split()[:1] in (["0"], ["1"], ["2"])]
    assert [row[:3] for row in rows] == [["0", "easy", f"{seats[0]['hands']:,}"]] + [
        [str(s), "hard", f"{seats[s]['hands']:,}"] for s in (1, 2)
    ]
    bad = invoke("summary", str(run), "--by", "table")
    assert bad.exit_code == 2 and bad.stderr.strip() == "sniper: error: --by must be one of agent, seat, got 'table'"


def test_an_outside_agent_that_cannot_be_imported_says_where_it_was_looked_for_and_what_to_do(tmp_path, monkeypatch):
    """A module not found names the current directory and sys.path and the two fixes; a module found whose own
    code fails (an import inside it, a syntax error) says so; each in one line, exit 2."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "brokenbot_a.py").write_text("import no_such_dependency_q\nclass Bot: pass\n")
    (tmp_path / "brokenbot_b.py").write_text("class Bot(:\n")
    cases = {
        "nobots_here.mybot:Bot": [
            "cannot import module 'nobots_here.mybot' (No module named 'nobots_here')",
            f"looked up in the current directory ({tmp_path}), then on sys.path",
            "run sniper from the folder that holds nobots_here/ or nobots_here.py, or pip install it",
        ],
        "brokenbot_a:Bot": [
            "module 'brokenbot_a' was found but importing it failed: ModuleNotFoundError: "
            "No module named 'no_such_dependency_q'"
        ],
        "brokenbot_b:Bot": ["module 'brokenbot_b' was found but importing it failed: SyntaxError: "],
    }
    for spec, parts in cases.items():
        result = invoke("simulate", "--agents", f"{spec},random", "--hands", "10", "--out", str(tmp_path / "run"))
        assert result.exit_code == 2, result.output
        (line,) = result.stderr.splitlines()
        assert line.startswith(f"sniper: error: agent {spec!r}: "), line
        for part in parts:
            assert part in line, line
    assert not (tmp_path / "run").exists()


def test_summary_of_a_folder_of_runs_lists_them(tmp_path):
    """``sniper summary runs/`` (a folder holding runs, not one): name, date, agents, hands, state per run, as
    a table and as JSON (and the game, issue 27); a folder holding no run is still "not a run directory"."""
    folder = tmp_path / "runs"
    base = ["simulate", "--hands", "40", "--engine", "reference", "--chunk-games", "2", "--workers", "1", "--quiet"]
    assert invoke(*base, "--agents", "easy,random", "--out", str(folder / "a")).exit_code == 0
    assert invoke(*base, "--agents", "random,random,easy", "--out", str(folder / "b")).exit_code == 0
    manifest = json.loads((folder / "b" / "manifest.json").read_text())
    (folder / "b" / "manifest.json").write_text(json.dumps({**manifest, "status": "running"}))  # as a killed run
    (folder / "notes").mkdir()
    listed = invoke("summary", str(folder))
    assert listed.exit_code == 0, listed.output
    rows = {line.split()[0]: line.split() for line in listed.stdout.splitlines() if line.split()[:1] in (["a"], ["b"])}
    a, b = (json.loads((folder / name / "manifest.json").read_text()) for name in "ab")
    date = a["created"].replace("T", " ").removesuffix("Z").split()
    assert rows["a"][1:] == date + ["Sniper", "Hold'em", "easy,random", f"{a['hands']:,}", "of", "40", "complete"]
    assert rows["b"][5:] == ["random,random,easy", f"{b['hands']:,}", "of", "40", "incomplete"]
    assert "notes" not in listed.stdout.split("holds")[0]
    data = strict_loads(invoke("summary", str(folder), "--json").stdout)
    assert [run["name"] for run in data["runs"]] == ["a", "b"]
    assert data["runs"][0] == {
        "name": "a",
        "created": a["created"],
        "game": "sniper",
        "agents": ["easy", "random"],
        "hands": a["hands"],
        "target_hands": 40,
        "state": "complete",
        "problem": None,
    }
    assert data["runs"][1]["state"] == "incomplete" and data["runs"][1]["hands"] == b["hands"]
    empty = invoke("summary", str(folder / "notes"))
    assert empty.exit_code == 2 and "is not a run directory (no manifest.json)" in empty.stderr


@pytest.mark.parametrize(
    "command",
    [["summary"], ["simulate", "--hands", "20", "--out"], ["league", "easy", "random", "--hands", "20", "--out"]],
)
def test_a_name_that_is_not_utf8_is_refused_before_anything_is_written(tmp_path, command):
    """A folder name in another encoding (bytes 0xff 0xfe) is one line and exit 2 before anything runs; found
    by a new user: `simulate --out` left an interrupted run of 0 hands, `league --out` played the whole league
    and then failed, `summary` gave "surrogates not allowed"."""
    name = bytes(tmp_path) + b"/r\xff\xfe"
    done = subprocess.run([sys.executable, "-m", "sniper", *command, name], capture_output=True, timeout=120)
    err = done.stderr.decode("utf-8", "backslashreplace")
    assert done.returncode == 2 and err.startswith("sniper: error: ") and err.count("\n") == 1, err
    assert "not valid UTF-8" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_library_errors_name_parameters_and_the_cli_shows_them_as_options(tmp_path):
    """Library errors name API parameters (``sniper.core.errors.ParameterError``); the command line maps them
    to its options in one place (``sniper.cli.options.flag_of``)."""
    from sniper.arena.duel import duel_limits
    from sniper.arena.tune_space import parse_param
    from sniper.runs.config import RunOptions

    cases = [
        (lambda: RunOptions(chunk_games=0).check(), "chunk_games must be 1 or more, got 0"),
        (lambda: duel_limits(5000, 3000), "hands 5,000 is above max_hands 3,000; give at most 3,000"),
        (lambda: parse_param("bluff", "normal"), "bad param 'bluff' for 'normal'; parameters:"),
    ]
    for call, message in cases:
        with pytest.raises(ValueError) as error:
            call()
        assert str(error.value).startswith(message) and "--" not in str(error.value)
    shown = [
        invoke("simulate", "--hands", "10", "--chunk-games", "0", "--out", str(tmp_path / "run")),
        invoke("tune", "normal", "--against", "easy", "--param", "bluff", "--study", str(tmp_path / "study")),
        invoke("simulate", "--resume", str(tmp_path / "x"), "--out", str(tmp_path / "y")),
    ]
    assert [result.exit_code for result in shown] == [2, 2, 2]
    assert shown[0].stderr.strip() == "sniper: error: --chunk-games must be 1 or more, got 0"
    assert shown[1].stderr.startswith("sniper: error: bad --param 'bluff' for 'normal'; parameters:")
    assert shown[2].stderr.strip() == (
        "sniper: error: give either --out (a new run) or --resume (an interrupted one), not both"
    )


@pytest.mark.parametrize("game", ["holdem", "draw", "saint"])
def test_a_command_warms_up_only_its_own_games_kernel(game):
    """``terminal.warm_up`` compiles the kernel engine of the command's game only (its ``GameSpec.warmup``): a
    game without that hook never imports, let alone compiles, Sniper Hold'em's game kernel (60 s of CPU on a
    cold cache). Run in a fresh interpreter, where nothing else has imported it."""
    code = (
        "import sys; from sniper.cli.terminal import warm_up; "
        f"warm_up('kernel', True, {game!r}); print('kernels.sniper_holdem.game' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_loading_the_command_line_imports_no_numba_pandas_or_scipy():
    """``sniper --help`` and every command start without numba, pandas or SciPy (≈ 0.5 s of imports): a command
    imports them when it needs them (``simulate``: numba when it plays; never pandas nor SciPy's special
    functions, ``test_simulate_never_imports_pandas_or_scipy_special``)."""
    heavy = "{'numba', 'pandas', 'scipy'}"
    code = f"import sys, sniper.cli.app; print(sorted({{m.split('.')[0] for m in sys.modules}} & {heavy}))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


SIMULATED = [("sniper", []), ("holdem", ["--json"]), ("draw", []), ("saint", ["--json"])]


@pytest.mark.parametrize(("game", "flags"), SIMULATED)
def test_simulate_never_imports_pandas_or_scipy_special(game, flags, tmp_path):
    """``sniper simulate`` of every game plays, writes its tables and prints its summary (text or JSON) without
    importing pandas (≈ 0.2 s of its start-up): its tables go to and from numpy on arrow's buffers
    (``sniper.core.tables.arrow_array``, ``to_numpy``: pyarrow imports pandas to convert a numpy array) and its
    summary is rows (``sniper.runs.results.run_summary_rows``); nor SciPy's special functions (≈ 0.3 s): the t
    quantiles of its intervals are SciPy's, tabled (``sniper.core.t_quantiles``); nor ``pyarrow.compute`` (≈ 0.05 s
    with its set-up: ``sniper.core.tables.string_array``, ``string_codes``). In a fresh interpreter, whose
    modules are reported once the command is done (on stderr; ``main``, the command line without the console
    entry's quick exit)."""
    argv = ["sniper", "simulate", "--game", game, "--hands", "1e2", "--seed", "1", "--out", str(tmp_path / "run")]
    code = (
        f"import sys; sys.argv = {argv + flags!r}\n"
        "from sniper.cli.app import main\n"
        "try:\n    main()\nexcept SystemExit as stop:\n    assert not stop.code, stop.code\n"
        "modules = ('pandas', 'pyarrow.dataset', 'scipy.special', 'pyarrow.compute')\n"
        "print(*(m in sys.modules for m in modules), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert ("summary" in json.loads(done.stdout)) if flags else ("Per agent" in done.stdout)
    assert done.stderr.strip().splitlines()[-1] == "False False False False"


class _Exit(Exception):
    """What the test's ``os._exit`` raises instead of ending pytest."""


@pytest.mark.parametrize(
    ("outcome", "code", "said"), [(None, 0, ""), (0, 0, ""), (2, 2, ""), (130, 130, ""), ("boom", 1, "boom\n")]
)
def test_the_console_entry_ends_the_process_with_main_s_exit_code(monkeypatch, capsys, outcome, code, said):
    """``console`` (the ``sniper`` script, ``python -m sniper``) ends the process with ``os._exit`` and the code
    ``main`` exits with (``None`` is 0; a message is printed and is 1, as ``sys.exit`` would), after flushing."""
    ended = []

    def exit_(status):
        ended.append(status)
        raise _Exit

    monkeypatch.setattr(cli, "main", lambda: sys.exit(outcome))
    monkeypatch.setattr(cli.os, "_exit", exit_)
    with pytest.raises(_Exit):
        cli.console()
    assert ended == [code] and capsys.readouterr().err == said


@pytest.mark.parametrize("given", [None, "jemalloc"])
def test_the_entry_point_gives_arrow_the_system_pool_unless_one_is_named(monkeypatch, given):
    """``sniper.cli.entry.console`` sets ``ARROW_DEFAULT_MEMORY_POOL`` to "system" before the command line loads
    (pyarrow reads it once, on its first allocation), and keeps a pool the environment names; it runs the command
    with the modules' objects frozen out of collections and a higher threshold for the youngest generation."""
    from sniper.cli import entry

    if given is None:
        monkeypatch.delenv("ARROW_DEFAULT_MEMORY_POOL", raising=False)
    else:
        monkeypatch.setenv("ARROW_DEFAULT_MEMORY_POOL", given)
    seen = []
    monkeypatch.setattr(cli, "console", lambda: seen.append(os.environ["ARROW_DEFAULT_MEMORY_POOL"]))
    threshold = gc.get_threshold()
    try:
        entry.console()
        frozen, young, enabled = gc.get_freeze_count(), gc.get_threshold()[0], gc.isenabled()
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
    assert seen == [given or "system"]
    assert frozen > 0 and young == entry.YOUNG_THRESHOLD and enabled, "the modules frozen, collections less often"


def test_arrow_takes_the_entry_point_s_pool():
    """In a fresh process, the pool ``sniper.cli.entry.console`` names is the one pyarrow allocates from (it reads
    the variable when it first allocates, so the entry point sets it before the command line imports pyarrow)."""
    child = """
import os, sys, types
os.environ.pop("ARROW_DEFAULT_MEMORY_POOL", None)
app = types.ModuleType("sniper.cli.app")  # the command line, replaced by a probe of arrow's pool
app.console = lambda: print(__import__("pyarrow").default_memory_pool().backend_name)
sys.modules["sniper.cli.app"] = app
from sniper.cli import entry
entry.console()
"""
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "system"


@pytest.mark.parametrize(("game", "units"), [("saint", "rounds"), ("holdem", "hands")])
def test_the_progress_bar_counts_in_the_game_s_unit(monkeypatch, game, units):
    import io

    from rich.console import Console

    from sniper.cli import terminal

    screen = io.StringIO()
    monkeypatch.setattr(terminal, "err_console", Console(file=screen, force_terminal=True, width=120))
    with terminal.progress_bar("simulate", 48, game=game) as update:
        update(24)
    shown = screen.getvalue()
    assert f"/48 {units}" in shown and f"{units}/s" in shown
    assert ("hands" in shown) == (units == "hands")
