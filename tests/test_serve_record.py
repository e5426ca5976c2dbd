"""Served games as records: seat labels are data (never imported or parsed as agent specs), and a game is
journaled hand by hand, so a crash loses at most the hand in play (issue 17, items 1 and 5)."""

import dataclasses
import json
import os
import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serve_harness import kill_9_mid_game
from test_serve import play_out
from typer.testing import CliRunner

from sniper import replay
from sniper.cli.app import app as cli_app
from sniper.games.sniper_holdem.agents import RandomAgent
from sniper.games.sniper_holdem.parameters import make_agent, parameter_vector
from sniper.games.sniper_holdem.play import play_game
from sniper.games.sniper_holdem.rules import make_rules
from sniper.runs.config import RunConfig, RunDirError
from sniper.runs.results import read_results
from sniper.runs.rundir import MANIFEST, load_manifest
from sniper.runs.runner import resume, simulate
from sniper.runs.store import RecordWriter, read_run, recover_record
from sniper.serve.app import create_app
from sniper.serve.record import GameRecord, recover_games, write_game
from sniper.serve.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
PLANTED = ("bot", "human", "run", "mybot")
"""Modules planted in the working directory: importing one leaves a file, and each offers
``subprocess.run`` under the name ``run`` (what ``bot:run:args=touch X,shell=1`` would call)."""
NAMES = ("run:args=touch X,shell=1", "mybot", "human:x", "bot:y")


@pytest.fixture
def trapped(tmp_path, monkeypatch):
    """A working directory holding ``bot.py``, ``human.py``, ``run.py`` and ``mybot.py``; yields a check
    that none was imported, nothing was created there and ``sys.path`` is unchanged."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    for name in PLANTED:
        marker = cwd / f"IMPORTED-{name}"
        (cwd / f"{name}.py").write_text(f"open({str(marker)!r}, 'w').close()\nfrom subprocess import run\n")
    for name in PLANTED:
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.chdir(cwd)
    path = list(sys.path)
    files = sorted(os.listdir(cwd))

    def check() -> None:
        assert [name for name in PLANTED if name in sys.modules] == []
        assert sorted(os.listdir(cwd)) == files, "a planted module was imported or a command ran"
        assert sys.path == path

    return check


def served_settings(tmp_path: Path, **changes) -> Settings:
    """Fast test settings; the ``TestClient``'s host ``testserver`` accepted as a proxy's would be."""
    base = dict(turn_seconds=0.05, result_seconds=0.0, ai_delay=0.0, out=tmp_path / "games", keep_seconds=0.2)
    base.update(allow_origins=("http://testserver",))
    return Settings(**{**base, **changes})


def test_seat_names_are_never_imported_when_a_served_game_is_recorded(tmp_path, trapped):
    """Seats named like outside agents, with modules of those names in the working directory: the game
    is recorded with its labels and the AI seat's parameters, and nothing is imported, run or added to
    ``sys.path``; `summary` and `replay` read the record, `--resume` refuses it in one line."""
    with TestClient(create_app(served_settings(tmp_path))) as c:
        host = c.post("/api/rooms", json={"name": NAMES[0], "bot": True, "seats": 5, "length": "10", "ai": ["easy"]})
        room = host.json()["room"]
        for name, bot in zip(NAMES[1:], (False, False, True)):
            assert c.post(f"/api/rooms/{room}/join", json={"name": name, "bot": bot}).status_code == 200
        with c.websocket_connect(f"/ws/{room}") as ws:
            ws.send_json({"type": "hello", "token": host.json()["token"]})
            ws.send_json({"type": "start"})
            final = play_out(ws, ws.receive_json())
        for _ in range(200):  # the record is marked complete on a thread once the game is over
            if c.app.state.lobby.written:
                break
            time.sleep(0.02)
    out = tmp_path / "games" / room
    trapped()
    manifest = load_manifest(out)
    labels = ["bot:run:args=touch X,shell=1", "human:mybot", "human:human:x", "bot:bot:y", "easy"]
    assert manifest["status"] == "complete" and manifest["config"]["agents"] == labels
    assert manifest["hands"] == final["standings"]["hands"] and manifest["config"]["seed"] is not None
    assert manifest["agent_parameters"][:4] == [None] * 4
    assert manifest["agent_parameters"][4] == {"spec": "easy", **parameter_vector(make_agent("easy"), "easy")}
    assert set(read_results(out)["agent"]) == set(labels)
    runner = CliRunner()
    shown = runner.invoke(cli_app, ["summary", str(out)])
    assert shown.exit_code == 0 and "human:mybot" in shown.output and "complete record" in shown.output, shown.output
    assert runner.invoke(cli_app, ["replay", str(out), "--game-index", "0", "--hand", "0"]).exit_code == 0
    refused = runner.invoke(cli_app, ["simulate", "--resume", str(out)])
    assert refused.exit_code == 2 and refused.output.count("\n") == 1, refused.output
    assert "a served run is a record, not a plan" in refused.output
    trapped()


def test_labels_given_to_write_game_stay_data(tmp_path, trapped):
    """The raw names themselves as labels (as a library caller may give them): written and read back as
    data, and a record cannot be resumed, whatever options are given."""
    rules = make_rules("ours", "10")
    hands = list(play_game([RandomAgent()] * 4, 3, 0, rules))
    out = write_game(tmp_path / "game", hands, list(NAMES), rules, 3, "abc")
    trapped()
    assert list(read_run(out, columns=["agent"])["agent"][:4]) == list(NAMES)
    assert load_manifest(out)["agent_parameters"] == [None] * 4
    assert str(replay(out, 0, 0)).count("run:args=touch X,shell=1") >= 1
    for options in (None, {"agents": ",".join(NAMES)}):
        with pytest.raises(RunDirError, match="a served run is a record, not a plan"):
            resume(out, options)
    trapped()


def test_summary_prints_labels_as_they_are_never_as_markup(tmp_path):
    """Names that read as rich markup (a stray closing tag made `summary` fail with a traceback) print as given."""
    rules = make_rules("ours", "10")
    hands = list(play_game([RandomAgent()] * 2, 3, 0, rules))
    out = write_game(tmp_path / "game", hands, ["human:[/x]", "bot:[bold]b[/bold]"], rules, 3, "abc")
    shown = CliRunner().invoke(cli_app, ["summary", str(out)])
    assert shown.exit_code == 0, shown.output
    assert shown.output.count("human:[/x]") == 2 and shown.output.count("bot:[bold]b[/bold]") == 2


def test_resume_never_imports_an_outside_agent_named_in_a_manifest(tmp_path, trapped):
    """An outside agent in a run's manifest (a file) is imported only when the operator names it again with
    ``--agents``; without, resuming is refused in one line and nothing is imported."""
    config = RunConfig(("easy", "random"), make_rules(), seed=2, hands=40, chunk_games=1, engine="reference")
    out = simulate(config, tmp_path / "run", workers=1).out
    manifest = json.loads((out / MANIFEST).read_text())
    manifest["config"]["agents"][1] = "bot:run:args=touch X,shell=1"
    manifest.update(status="interrupted", hands=0, parts=0)
    (out / MANIFEST).write_text(json.dumps(manifest))
    shown = CliRunner().invoke(cli_app, ["simulate", "--resume", str(out)])
    assert shown.exit_code == 2 and shown.output.count("\n") == 1, shown.output
    assert "is never imported: give the run's --agents again" in shown.output
    trapped()


def test_an_outside_agent_restated_with_agents_resumes(tmp_path):
    """The operator names the run's outside agent again: the run resumes (and plays nothing new here)."""
    agents = ("easy", "examples.cautious:Cautious:margin=2")
    config = RunConfig(agents, make_rules(), seed=2, hands=40, chunk_games=1, engine="reference")
    out = simulate(config, tmp_path / "run", workers=1).out
    manifest = json.loads((out / MANIFEST).read_text())
    (out / MANIFEST).write_text(json.dumps({**manifest, "status": "interrupted"}))
    with pytest.raises(RunDirError, match="outside agent examples.cautious:Cautious:margin=2, and an agent named"):
        resume(out, workers=1)
    result = resume(out, {"agents": ",".join(agents)}, workers=1)
    assert result.hands == manifest["hands"] and load_manifest(out)["status"] == "complete"


def test_a_trial_spec_read_from_a_study_is_never_imported(trapped):
    """``sniper tune`` validates the best trials' specs read back from ``study.db``: one that is not a spec of
    the tuned level (here an import path) is refused before anything is built from it."""
    from sniper.arena import tune_setup, tune_space, tune_validation

    setup = tune_setup.TuneSetup("normal:samples=20", ("easy",), 2, (tune_space.parse_param("bluff=0:0.3", "normal"),))
    rows = [{"spec": "bot:run:args=touch X,shell=1", "pruned": False, "feasible": True, "value": 1.0}]
    with pytest.raises(tune_space.TuneError, match="is not one of 'normal:samples=20'"):
        tune_validation.validate(setup, None, rows, None)
    # a pruned trial within the time budget is read too (whether the untuned spec met the budget)
    budget = dataclasses.replace(setup, time_budget_us=1e9)
    rows = [{"spec": "bot:run:args=touch X,shell=1", "pruned": True, "feasible": True, "value": None}]
    with pytest.raises(tune_space.TuneError, match="is not one of 'normal:samples=20'"):
        tune_validation.validate(budget, None, rows, None)
    trapped()


# ----- the journal ----------------------------------------------------------------------------------


def journal(tmp_path: Path, count: int):
    """A served game's record after ``count`` hands, as the server leaves it if it dies then."""
    rules = make_rules("ours", "20")
    hands = list(play_game([RandomAgent()] * 3, 9, 0, rules))[:count]
    record = GameRecord(tmp_path / "games" / "room1", ["human:a", "bot:b", "random"], None, rules, 9, "room1")
    for index, state in enumerate(hands):
        record.hand(index, state)
    return record, hands


def test_a_crash_mid_game_keeps_every_finished_hand(tmp_path):
    """Hands journaled, then the writer dies without finishing (its lock goes with it) and leaves a half-written
    part: recovery keeps the finished hands, removes the rest, marks the run interrupted; `summary` and
    `replay` read it; the seed, secret until the game ends, stays unknown."""
    record, hands = journal(tmp_path, 3)
    out = record.writer.out
    running = load_manifest(out)
    assert running["status"] == "running" and running["hands"] == 3 and running["config"]["seed"] is None
    assert recover_games(tmp_path / "games") == [], "a game being written is left alone"
    (out / "hands" / ".part-00003.parquet.tmp-1").write_bytes(b"PAR1 half")
    (out / "actions" / "part-00003.parquet").write_bytes((out / "actions" / "part-00002.parquet").read_bytes())
    record.writer._unlock()  # what the death of the process does
    assert recover_games(tmp_path / "games") == [out]
    manifest = load_manifest(out)
    assert (manifest["status"], manifest["hands"], manifest["parts"], manifest["games"]) == ("interrupted", 3, 3, 1)
    assert sorted(p.name for p in (out / "actions").iterdir()) == [f"part-0000{k}.parquet" for k in range(3)]
    assert not list(out.rglob("*.tmp-*"))
    df = read_results(out)
    assert len(df) == 3 * 3 and sorted(set(df["hand"])) == [0, 1, 2]
    assert list(df[df["hand"] == 2].sort_values("seat")["stack_after"]) == list(hands[2].stacks_after)
    shown = CliRunner().invoke(cli_app, ["summary", str(out)])
    assert shown.exit_code == 0 and "interrupted record" in shown.output and "seed unknown" in shown.output
    assert "human:a" in str(replay(out, 0, 2))
    assert recover_record(out) is None, "an interrupted record is recovered once"


def test_a_game_that_ends_normally_is_complete_and_has_no_temporary_files(tmp_path):
    record, hands = journal(tmp_path, 4)
    out = record.finish()
    manifest = load_manifest(out)
    assert (manifest["status"], manifest["hands"], manifest["config"]["seed"]) == ("complete", 4, 9)
    assert not list(out.rglob(".*")) and len(read_results(out)) == 12
    assert record.interrupt() == out and load_manifest(out)["status"] == "complete"
    assert recover_games(tmp_path / "games") == []


def test_a_record_killed_before_its_first_hand_is_removed(tmp_path):
    """A writer killed between claiming its directory and writing the first hand leaves no 'running' run with
    0 hands: recovery removes its manifest and empty folders."""
    writer = RecordWriter(tmp_path / "games" / "r", ["human:a", "random"], make_rules(), source="sniper serve")
    writer._claim()
    writer._unlock()
    assert recover_games(tmp_path / "games") == []
    assert list((tmp_path / "games" / "r").iterdir()) == []


def test_a_server_stopped_mid_game_marks_it_interrupted(tmp_path):
    """Ctrl-C (the app's shutdown) during a game: the hands played so far are an interrupted record, with its seed."""
    with TestClient(create_app(served_settings(tmp_path, seed=4))) as c:
        seat = c.post("/api/solo", json={"name": "p", "players": 3, "level": "random", "length": "20"}).json()
        manifest = tmp_path / "games" / seat["room"] / MANIFEST
        with c.websocket_connect(f"/ws/{seat['room']}") as ws:
            ws.send_json({"type": "hello", "token": seat["token"]})
            for _ in range(2000):
                ws.receive_json()
                if manifest.is_file() and json.loads(manifest.read_text())["hands"] >= 1:
                    break
    recorded = load_manifest(manifest.parent)
    assert (recorded["status"], recorded["config"]["seed"]) == ("interrupted", 4)
    assert len(read_results(manifest.parent)) == 3 * recorded["hands"] >= 3


def test_kill_9_mid_game_then_restart_records_an_interrupted_run(tmp_path):
    """A real server process killed with SIGKILL during a game (hands already journaled); the next server on
    the same --out makes the game an interrupted run at start-up, which `summary` reads."""
    solo = {"name": "alone", "players": 3, "level": "random", "length": "20"}
    room = kill_9_mid_game(tmp_path / "games", solo, turn_seconds=0.2)
    recovered = load_manifest(room)
    assert recovered["status"] == "interrupted" and recovered["hands"] >= 2
    assert len(read_results(room)) == 3 * recovered["hands"]
    assert not list(room.rglob("*.tmp-*"))


def test_a_record_being_written_is_running_and_never_offered_for_resume(tmp_path):
    """`summary --json` of a served game still being journaled: "running" (the writer holds the record's
    lock), and no `resume` command (a record is not a plan; found in review: it was "incomplete" with one)."""
    from sniper.runs.rundir import run_state

    _record, _ = journal(tmp_path, 2)  # the writer stays alive, holding its lock
    out = tmp_path / "games" / "room1"
    state = run_state(out)
    assert (state.state, state.record, state.hands) == ("running", True, 2)
    code = CliRunner().invoke(cli_app, ["summary", str(out), "--json"])
    assert code.exit_code == 0, code.output
    assert json.loads(code.output)["state"] == "running" and json.loads(code.output)["resume"] is None
