"""`sniper replay`, outside agents, --decision-timeout, bad output paths: one-line errors, exit 2."""

import json
import sys

import pytest

from sniper.cli import app as cli
from sniper.games.sniper_holdem.history import replay
from sniper.games.sniper_holdem.rules import make_rules
from sniper.runs.config import RunConfig
from sniper.runs.runner import simulate

tomllib = pytest.importorskip("tomllib")  # Python 3.11+


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("replay") / "run"
    simulate(RunConfig(("easy", "random", "easy"), make_rules(), seed=2, hands=100, chunk_games=2), out, workers=1)
    return out


def main(monkeypatch, capsys, *args):
    monkeypatch.setattr(sys, "argv", ["sniper", *args])
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    captured = capsys.readouterr()
    return exit_info.value.code, captured.out, captured.err


def test_replay_prints_the_hand_in_each_format(run, monkeypatch, capsys):
    expected = replay(run, 1, 2)
    code, text, err = main(monkeypatch, capsys, "replay", str(run), "--game-index", "1", "--hand", "2")
    assert code == 0, err
    assert text.strip() == str(expected)
    code, phh, _ = main(monkeypatch, capsys, "replay", str(run), "--game-index", "1", "--hand", "2", "--format", "phh")
    assert tomllib.loads(phh)["variant"] == "SNH"
    code, data, _ = main(
        monkeypatch, capsys, "replay", str(run), "--game-index", "1", "--hand", "2", "--format", "json"
    )
    assert json.loads(data) == expected.to_dict()


def test_replay_exports_games_as_phhs(run, tmp_path, monkeypatch, capsys):
    path = tmp_path / "games.phhs"
    code, text, err = main(monkeypatch, capsys, "replay", str(run), "--export", str(path), "--games", "0-1")
    assert code == 0, err
    hands = tomllib.loads(path.read_text())
    assert text.strip() == f"wrote {len(hands)} hands of games 0-1 to {path}"
    assert {h["table"] for h in hands.values()} == {0, 1}
    before = path.read_text()
    code, _, err = main(monkeypatch, capsys, "replay", str(run), "--export", str(path), "--games", "0")
    assert code == 2 and err == f"sniper: error: {path} already exists; give a new file (an export never overwrites)\n"
    assert path.read_text() == before, "nothing already written is lost"


def test_export_into_a_missing_folder_is_bad_input_naming_the_file_given(run, tmp_path, monkeypatch, capsys):
    path = tmp_path / "nodir" / "x.phhs"
    code, _, err = main(monkeypatch, capsys, "replay", str(run), "--export", str(path), "--games", "0-1")
    assert (code, err) == (2, f"sniper: error: cannot write output to {path}: No such file or directory\n")


@pytest.mark.parametrize(
    "command", [["simulate", "--hands", "40", "--engine", "reference"], ["league", "easy", "random"]]
)
def test_an_output_directory_inside_a_file_is_bad_input(command, tmp_path, monkeypatch, capsys):
    (tmp_path / "README.md").write_text("a file")
    out = tmp_path / "README.md" / "sub"
    code, _, err = main(monkeypatch, capsys, *command, "--workers", "1", "--quiet", "--out", str(out))
    assert (code, err) == (2, f"sniper: error: cannot write output to {out}: Not a directory\n")


def test_ctrl_c_before_the_out_is_claimed_points_at_no_run(run, tmp_path, monkeypatch, capsys):
    """--out naming another process's run, Ctrl-C before this run claims it: no hint to resume the other run."""
    from sniper.cli import terminal

    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(terminal, "warm_up", interrupt)
    code, _, err = main(monkeypatch, capsys, "simulate", "--hands", "40", "--out", str(run))
    assert (code, err) == (130, "sniper: interrupted\n")


def test_a_file_is_not_a_run_directory(tmp_path, monkeypatch, capsys):
    (tmp_path / "notes.md").write_text("hello")
    code, _, err = main(monkeypatch, capsys, "summary", str(tmp_path / "notes.md"))
    assert code == 2 and err.strip().endswith("is not a run directory (a file, not a directory)")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--game-index", "999", "--hand", "0"], "game 999 is not in it"),
        (["--game-index", "0", "--hand", "999"], "has hands 0-"),
        (["--game-index", "0", "--hand", "-1"], "count from 0"),
        (["--game-index", "0"], "give --game-index and --hand"),
        (["--game-index", "0", "--hand", "0", "--format", "xml"], "unknown --format 'xml'"),
        (["--export", "x.phhs"], "--export needs --games"),
        (["--export", "x.phhs", "--games", "9-2"], "--games range"),
    ],
)
def test_bad_replay_requests_are_one_line_exit_2(run, args, message, monkeypatch, capsys):
    code, out, err = main(monkeypatch, capsys, "replay", str(run), *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("sniper: error: ") and message in err, err


def test_replay_of_a_directory_that_is_not_a_run(tmp_path, monkeypatch, capsys):
    code, _, err = main(monkeypatch, capsys, "replay", str(tmp_path), "--game-index", "0", "--hand", "0")
    assert code == 2 and "is not a run directory" in err and err.count("\n") == 1


def test_outside_agent_plays_on_the_reference_engine_with_a_note(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    args = ["simulate", "--players", "2", "--agents", "examples.cautious:Cautious,easy", "--hands", "40"]
    code, text, err = main(monkeypatch, capsys, *args, "--workers", "1", "--quiet", "--out", str(out))
    assert code == 0, err
    assert err.strip() == (
        "sniper: note: outside agent examples.cautious:Cautious plays on the reference engine (--engine reference)"
    )
    assert json.loads((out / "manifest.json").read_text())["config"]["engine"] == "reference"
    code, text, err = main(
        monkeypatch, capsys, "duel", "examples.cautious:Cautious", "easy", "--hands", "100", "--workers", "1", "--json"
    )
    assert code == 0 and "sniper: note: outside agent" in err
    assert json.loads(text)["a"] == "examples.cautious:Cautious"


def test_bad_decision_timeout_and_bad_outside_agent(tmp_path, monkeypatch, capsys):
    out = str(tmp_path / "run")
    code, _, err = main(monkeypatch, capsys, "simulate", "--decision-timeout", "0", "--out", out)
    assert code == 2 and "--decision-timeout must be a positive number" in err
    code, _, err = main(monkeypatch, capsys, "duel", "examples.cautious:Nobody", "easy")
    assert code == 2 and "has no 'Nobody'" in err and err.count("\n") == 1


def test_a_0_1_run_is_refused_in_one_line_naming_its_version(tmp_path, monkeypatch, capsys):
    old = tmp_path / "old"
    old.mkdir()
    config = RunConfig(("easy", "easy"), make_rules()).to_dict()
    (old / "manifest.json").write_text(json.dumps({"format": "sniper-run", "version": "0.1.0", "config": config}))
    (old / "part-00000.parquet").write_bytes(b"PAR1")
    for args in (["summary", str(old)], ["replay", str(old), "--game-index", "0", "--hand", "0"]):
        code, _, err = main(monkeypatch, capsys, *args)
        assert code == 2 and err.count("\n") == 1 and "written by sniper 0.1.0" in err, err


def test_a_game_range_past_the_runs_end_is_one_line_and_reads_no_more_than_the_run(run, tmp_path, monkeypatch, capsys):
    """`--games 1-99999999` on a run of fewer games: the one-line error naming the run's games, at once
    (found by a new user: the export built a list of every number in the range and ate 4 GB)."""
    from sniper.games.sniper_holdem import history
    from sniper.runs import store as runs

    read, filters = runs.read_run, []
    monkeypatch.setattr(runs, "read_run", lambda *a, **k: filters.append(k.get("filters")) or read(*a, **k))
    with pytest.raises(LookupError, match=r"has games 0-\d+; game \d+ is not in it"):
        history.histories(run, range(1, 10**7))
    assert all(len(value) < 100 for f in filters for (_, _, value) in f if isinstance(value, list)), "a list per game"
    path = tmp_path / "x.phhs"
    code, _, err = main(monkeypatch, capsys, "replay", str(run), "--export", str(path), "--games", "1-999999999999")
    assert code == 2 and err.startswith("sniper: error: ") and "is not in it" in err and err.count("\n") == 1
    assert not path.exists()
