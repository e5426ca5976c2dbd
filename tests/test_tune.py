"""``sniper tune``: parameter ranges, paired duplicate evaluation, resumable studies, held-out seeds (R13)."""

import json
import math
import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import numpy as np
import optuna
import pytest
from optuna.trial import TrialState
from shared_checks import one_line_exit_2

from sniper.arena import tune as tuning
from sniper.arena import tune_objectives, tune_setup, tune_space, tune_study, tune_validation
from sniper.arena.tune_objectives import evaluate
from sniper.arena.tune_setup import FieldSetup, TuneSetup
from sniper.arena.tune_space import TuneError, parse_param, tuned_spec
from sniper.cli.app import app
from sniper.core import defaults
from sniper.report.tune_plots import save_plots
from sniper.runs.backends import Backend

ROOT = Path(__file__).resolve().parents[1]
SMALL = dict(trials=3, hands_per_trial=200, validate_hands=200)


def small_setup(**changes) -> TuneSetup:
    """A tiny study: ``normal`` with few samples against ``easy`` heads-up, a few hundred hands a trial."""
    base = dict(
        spec="normal:samples=20",
        against=("easy",),
        players=2,
        params=(parse_param("bluff=0:0.3", "normal"), parse_param("call_margin=0.5:1.5", "normal")),
        **SMALL,
    )
    return TuneSetup(**{**base, **changes})


def completed_trials(directory: Path) -> int:
    """Finished trials in the study, read only: optuna's own loader would create the schema (alembic
    stamp) and race the tuning process doing the same."""
    path = directory / tune_study.STUDY_DB
    if not path.exists():
        return 0
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)) as db:
            return db.execute("SELECT count(*) FROM trials WHERE state = 'COMPLETE'").fetchone()[0]
    except sqlite3.Error:  # the database is still being created
        return 0


def load(directory: Path):
    return optuna.load_study(study_name=tune_study.STUDY_NAME, storage=f"sqlite:///{directory / tune_study.STUDY_DB}")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bluf=0:1", "parameters: samples, bluff"),
        ("bluff=0:2", "must be 0-1"),
        ("samples=0:10", "must be >= 1"),
        ("call_margin=-1:2", "must be >= 0"),
        ("bluff=0.3:0.1", "LOW must be below HIGH"),
        ("bluff=0.1:0.1", "LOW must be below HIGH"),
        ("bluff=a:1", "numbers"),
        ("bluff=0:0.1:cube", "NAME=LOW:HIGH"),
        ("bluff=0:0.1:log", "LOW > 0"),
        ("bluff", "^bad param 'bluff' for 'hard'"),
    ],
)
def test_bad_param_ranges_are_refused(text, message):
    with pytest.raises(ValueError, match=message):
        parse_param(text, "hard")


def test_param_ranges_and_tuned_specs():
    assert parse_param("samples=50.5:400", "hard") == tune_space.ParamRange("samples", 51, 400, "float", True)
    assert parse_param("bluff=0.01:0.2:log", "hard").kind == "log"
    assert tuned_spec("hard", {"bluff": 0.071234, "samples": 300}) == "hard:bluff=0.07123,samples=300"
    assert tuned_spec("hard+ev:bluff=0.1,texture=0.2", {"bluff": 0.05}) == "hard+ev:bluff=0.05,texture=0.2"
    with pytest.raises(ValueError, match="unknown agent level"):
        parse_param("bluff=0:1", "genius")


def test_field_setup_puts_the_candidate_in_every_seat_once():
    setup = FieldSetup("hard", ("easy", "normal", "random"))
    configs = setup.configs()
    assert len(configs) == 4
    for seat in range(4):
        assert sum(config.agents[seat] == "hard" for _, config in configs) == 1
    for seating, config in configs:
        assert [role == "A" for role in seating] == [agent == "hard" for agent in config.agents]
        assert sorted(config.agents) == ["easy", "hard", "normal", "random"]


def test_evaluation_is_paired_on_common_groups():
    """Every trial plays the same duplicate groups: the same spec gives the same value per game id in any order."""
    setup = FieldSetup("easy:bluff=0.2", ("easy",), seed=4, chunk_games=2)
    seen = []
    with Backend.here("kernel") as backend:
        for order in ([0, 1, 2], [2, 0, 1]):
            values: dict[int, float] = {}
            result, stopped = evaluate(setup, order, backend, lambda g, v, out=values: out.update({g: v}) or False)
            seen.append((values, result.net_per_hand))
            assert not stopped and sorted(values) == list(range(6))
    assert seen[0] == seen[1]


def test_a_stop_in_the_last_chunk_is_ignored_so_a_pruned_trial_always_saved_hands():
    """A prune asked for while the last chunk is played saves nothing: the evaluation completes unpruned (so
    a pruned trial never reports hands_saved 0); earlier, the evaluation stops after that chunk."""
    setup = FieldSetup("easy:bluff=0.2", ("easy",), seed=4, chunk_games=1)
    always = lambda game, value: True  # noqa: E731
    with Backend.here("kernel") as backend:
        early, stopped_early = evaluate(setup, [2, 0, 1], backend, always)
        last, stopped_last = evaluate(setup, [0], backend, always)
    assert stopped_early and early.groups == 1
    assert not stopped_last and last.groups == 1


def test_hand_counts_are_whole_duplicate_groups_and_notes_say_what_is_played():
    """--hands-per-trial and --validate-hands are rounded up to whole duplicate groups (R13 duplicate deals);
    the setup says how many hands are played instead, and says nothing when the count is played as asked."""
    small = small_setup(hands_per_trial=100, validate_hands=10)
    assert small.hands_per_group == 40  # 2 seatings × 20-hand games
    assert (small.groups, small.trial_hands) == (tune_setup.PRUNE_STARTUP, 200)
    assert (small.validation_groups, small.validation_hands) == (2, 80)
    trial_note, validation_note = small.rounding_notes()
    assert "--hands-per-trial 100 plays up to 200 hands per trial" in trial_note
    assert "--validate-hands 10 plays up to 80 hands" in validation_note
    exact = small_setup(hands_per_trial=200, validate_hands=400)
    assert (exact.trial_hands, exact.validation_hands) == (200, 400) and exact.rounding_notes() == []


def test_tuning_and_validation_seeds_are_disjoint():
    tuning_seeds = {small_setup(seed=s).tuning_seed for s in range(-50, 50)}
    validation_seeds = {small_setup(seed=s).validation_seed for s in range(-50, 50)}
    assert len(tuning_seeds) == len(validation_seeds) == 100
    assert not tuning_seeds & validation_seeds


def test_tiny_study_reports_validates_and_plots(tmp_path):
    result = tuning.tune(small_setup(), tmp_path / "s", plots=save_plots)
    data = json.loads(json.dumps(result.to_json(), allow_nan=False))
    assert data["tuning"]["trials"] == 3
    assert data["tuning"]["hands"] == sum(t["hands"] for t in result.trials) > 0
    assert data["validation"]["seed"] == 1 and data["tuning"]["seed"] == 0
    low, high = data["validation"]["ci95"]
    assert low <= data["validation"]["net_per_hand"] <= high
    assert data["best_spec"] in {e.spec for e in result.validated}
    assert data["best_spec"] == max(result.validated, key=lambda e: e.net_per_hand).spec
    untuned = tune_validation.same_agent("normal:samples=20")
    assert [tune_validation.same_agent(e.spec) for e in result.validated].count(untuned) == 1
    assert all(t["decision_us"] > 0 for t in result.trials)
    assert all(t["hands_saved"] > 0 for t in result.trials if t["pruned"])
    full = [t["hands"] for t in result.trials if not t["pruned"]]
    assert data["tuning"]["hands_per_trial"] == round(sum(full) / len(full))
    assert data["tuning"]["hands_per_trial_max"] == small_setup().trial_hands == 200
    validated = [e.hands for e in result.validated]
    assert data["validation"]["hands_per_configuration"] == round(sum(validated) / len(validated))
    for name in tune_study.PLOTS:
        assert (tmp_path / "s" / name).read_bytes()[:4] == b"\x89PNG"
    study = load(tmp_path / "s")
    first = study.trials[0]
    assert first.params == {"bluff": 0.05, "call_margin": 1.0}  # the untuned defaults come first
    assert sorted(first.intermediate_values) == list(range(small_setup().groups))


def test_resume_continues_and_equals_an_uninterrupted_study(tmp_path):
    tuning.tune(small_setup(trials=2), tmp_path / "a")
    before = load(tmp_path / "a").trials
    tuning.tune(small_setup(trials=3), tmp_path / "a")
    after = load(tmp_path / "a").trials
    assert [t.value for t in after[:2]] == [t.value for t in before]
    assert len(after) == 3
    tuning.tune(small_setup(trials=3), tmp_path / "b")
    assert [t.params for t in load(tmp_path / "b").trials] == [t.params for t in after]


def test_a_trial_left_running_is_failed_and_retried(tmp_path):
    """What ``kill -9`` leaves behind: a RUNNING trial. It is failed and its parameters played again."""
    tuning.tune(small_setup(trials=1), tmp_path / "s")
    study = load(tmp_path / "s")
    stale = study.ask({"bluff": optuna.distributions.FloatDistribution(0, 0.3)})
    stale_params = dict(stale.params)
    tuning.tune(small_setup(trials=2), tmp_path / "s")
    trials = load(tmp_path / "s").trials
    assert trials[stale.number].state == TrialState.FAIL
    retry = [t for t in trials if t.user_attrs.get("retry_of") == stale.number]
    assert len(retry) == 1 and retry[0].state == TrialState.COMPLETE
    assert retry[0].params["bluff"] == stale_params["bluff"]
    assert sum(t.state == TrialState.COMPLETE for t in trials) == 2


def test_ctrl_c_stops_quietly_and_the_resumed_study_equals_an_uninterrupted_one(tmp_path, monkeypatch):
    """Ctrl-C in a trial: ``KeyboardInterrupt`` reaches the caller (the CLI says ``sniper: interrupted``) and
    optuna logs nothing (no "Trial N failed" traceback); the stopped trial (here the first, the untuned spec)
    is played first on resume, so the study ends as an uninterrupted one."""
    import logging

    timing = tune_setup.decision_time_us

    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append
    logging.getLogger("optuna").addHandler(handler)
    monkeypatch.setattr(tune_study, "decision_time_us", interrupt)
    try:
        with pytest.raises(KeyboardInterrupt):
            tuning.tune(small_setup(trials=2), tmp_path / "a")
    finally:
        logging.getLogger("optuna").removeHandler(handler)
    assert [r.getMessage() for r in records] == []
    monkeypatch.setattr(tune_study, "decision_time_us", timing)
    tuning.tune(small_setup(trials=2), tmp_path / "a")
    tuning.tune(small_setup(trials=2), tmp_path / "b")
    complete = [[t.params for t in load(tmp_path / d).trials if t.state == TrialState.COMPLETE] for d in "ab"]
    assert complete[0] == complete[1] and len(complete[0]) == 2


def test_resume_after_kill_9(tmp_path):
    directory = tmp_path / "k"
    args = ["tune", "normal:samples=20", "--against", "easy", "--param", "bluff=0:0.3", "--trials", "50"]
    args += ["--hands-per-trial", "2000", "--study", str(directory), "--json"]
    process = subprocess.Popen([sys.executable, "-m", "sniper", *args], cwd=ROOT, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 600
        while completed_trials(directory) == 0:
            assert process.poll() is None, "the tuning process ended before its first trial finished"
            assert time.monotonic() < deadline, "no trial finished in 600 s"
            time.sleep(0.5)
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    done = [t for t in load(directory).trials if t.state == TrialState.COMPLETE]
    setup = small_setup(params=(parse_param("bluff=0:0.3", "normal"),), hands_per_trial=2000, trials=len(done) + 1)
    tuning.tune(setup, directory)
    trials = load(directory).trials
    assert not [t for t in trials if t.state == TrialState.RUNNING]
    assert [t.value for t in trials if t.number in {d.number for d in done}] == [d.value for d in done]
    assert sum(t.state == TrialState.COMPLETE for t in trials) == len(done) + 1
    assert len([t for t in trials if t.state == TrialState.FAIL]) <= 1


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"against": ("random",)}, "against"),
        ({"params": (parse_param("bluff=0:0.2", "normal"),)}, "params"),
        ({"hands_per_trial": 300}, "hands_per_trial"),
        ({"seed": 3}, "seed"),
    ],
)
def test_a_foreign_study_is_refused(tmp_path, change, named):
    tuning.tune(small_setup(trials=1), tmp_path / "s")
    with pytest.raises(TuneError, match=f"was made for {named}"):
        tuning.tune(small_setup(**change), tmp_path / "s")


def test_a_directory_that_is_not_a_study_is_refused_and_left_alone(tmp_path):
    """--study in a non-empty directory that holds no study (or a file) is refused before anything is written,
    so a file of one's own (here history.png, a plot's name) is never overwritten; a real study resumes."""
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "history.png").write_bytes(b"my own plot")
    (mine / "notes.txt").write_text("mine")
    with pytest.raises(TuneError, match="not empty and holds no study"):
        tuning.tune(small_setup(trials=1), mine)
    assert sorted(p.name for p in mine.iterdir()) == ["history.png", "notes.txt"]
    assert (mine / "history.png").read_bytes() == b"my own plot"
    (tmp_path / "file").write_text("x")
    for path in (tmp_path / "file", tmp_path / "file" / "sub"):
        with pytest.raises(TuneError, match="is a file, not a directory"):
            tune_study.check_study_dir(path)
    tuning.tune(small_setup(trials=1), tmp_path / "s")
    (tmp_path / "s" / "notes.txt").write_text("a note beside a study")
    tune_study.check_study_dir(tmp_path / "s")  # a study of ours (it has study.db) resumes
    (tmp_path / "empty").mkdir()
    tune_study.check_study_dir(tmp_path / "empty")
    plot_only = tmp_path / "plot-only"
    plot_only.mkdir()
    (plot_only / "history.png").write_bytes(b"my own plot")  # only a plot's name: still not a study
    with pytest.raises(TuneError, match="not empty and holds no study"):
        tune_study.check_study_dir(plot_only)
    refused = CliRunnerInvoke(["tune", "easy", "--against", "random", "--param", "bluff=0:0.2", "--study", str(mine)])
    assert refused.exit_code == 2 and refused.stderr.count("\n") == 1, refused.output
    assert refused.stderr.startswith("sniper: error: --study"), refused.stderr


def test_time_budget_is_a_constraint_and_none_within_it_is_said(tmp_path):
    """No configuration within ``--time-budget-us``: nothing is validated (the over-budget untuned spec is
    not passed off as the tuned spec); exit 0 with a line saying so, JSON ``best_spec`` null."""
    result = tuning.tune(small_setup(trials=2, time_budget_us=1e-6), tmp_path / "s")
    assert all(not t["feasible"] for t in result.trials)
    for trial in load(tmp_path / "s").trials:
        assert trial.constraints["decision_us"] == pytest.approx(trial.user_attrs["decision_us"] - 1e-6)
    assert result.validated == [] and result.best is None and result.verdict == "none_within_budget"
    args = ["tune", "normal:samples=20", "--against", "easy", "--players", "2", "--param", "bluff=0:0.3"]
    args += ["--param", "call_margin=0.5:1.5", "--trials", "2", "--hands-per-trial", "200", "--validate-hands", "200"]
    args += ["--time-budget-us", "0.000001", "--study", str(tmp_path / "s")]  # the finished study: nothing replayed
    shown = CliRunnerInvoke(args)
    assert shown.exit_code == 0, shown.output
    assert "no configuration met --time-budget-us 1e-06" in shown.stdout and "tuned spec:" not in shown.stdout
    data = json.loads(CliRunnerInvoke([*args, "--json"]).stdout)
    assert (data["best_spec"], data["verdict"], data["validation"]) == (None, "none_within_budget", None)


def result_against_untuned(net: float, half: float, hands: int = 2000) -> tuning.TuneResult:
    """A finished ``hard`` study whose tuned spec scored ``net ± half`` chips/hand against ``hard`` held out."""
    bluff = (parse_param("bluff=0:0.2", "hard"),)
    setup = TuneSetup("hard", ("normal",), 4, bluff, trials=4, hands_per_trial=400, validate_hands=hands)
    best = tune_objectives.Evaluation("hard:bluff=0.1715", hands, 25, 0.2, 0.1)
    vs = tune_objectives.Evaluation("hard:bluff=0.1715", hands, 25, net, half)
    row = {"number": 0, "spec": "hard", "value": 0.1, "decision_us": 9.0, "hands": 400, "hands_saved": 0}
    row |= {"pruned": False, "feasible": True, "ci95": [0.0, 0.2]}
    return tuning.TuneResult(setup, Path("s"), [row], [best], best, vs, 1.0)


@pytest.mark.parametrize(
    ("net", "half", "verdict", "words"),
    [
        (-0.307, 0.365, "not_shown_better", "not shown better than hard on 2,000 held-out hands"),
        (-0.5, 0.1, "not_shown_better", "not shown better than hard on 2,000 held-out hands"),
        (0.1, math.inf, "not_shown_better", "not shown better than hard on 2,000 held-out hands: +0.100 n/a"),
        (0.4, 0.2, "better", "(better than hard on 2,000 held-out hands: +0.400 [+0.200, +0.600]"),
    ],
)
def test_the_report_says_whether_the_tuned_spec_is_shown_better(net, half, verdict, words):
    result = result_against_untuned(net, half)
    assert result.verdict == verdict and words in result.conclusion()
    assert json.loads(json.dumps(result.to_json(), allow_nan=False))["verdict"] == verdict


def test_a_points_game_report_says_rounds_and_point_difference():
    """Saint Poker's conclusion speaks its own terms (``GameSpec.unit``, ``net_name``), as its tables do."""
    chips = result_against_untuned(-0.307, 0.365)
    setup = TuneSetup("hard", ("normal",), 2, (parse_param("keep=0:4", "hard", "saint"),), trials=4, game="saint")
    words = tuning.TuneResult(setup, chips.study, chips.trials, chips.validated, chips.best, chips.vs_untuned, 1.0)
    line = words.conclusion()
    assert "2,000 held-out rounds: -0.307" in line and "point difference per round against it" in line, line
    assert "hands" not in line and "chips" not in line, line


def test_cli_prints_and_writes_the_verdict(monkeypatch, tmp_path):
    monkeypatch.setattr(tuning, "tune", lambda setup, study, backend, **_: result_against_untuned(-0.307, 0.365))
    args = ["tune", "hard", "--against", "normal", "--players", "4", "--param", "bluff=0:0.2"]
    args += ["--study", str(tmp_path / "s")]
    shown = CliRunnerInvoke(args)
    assert shown.exit_code == 0, shown.output
    assert "tuned spec: hard:bluff=0.1715 (not shown better than hard on 2,000 held-out hands" in shown.stdout
    assert json.loads(CliRunnerInvoke([*args, "--json"]).stdout)["verdict"] == "not_shown_better"


def test_an_outside_opponent_is_tuned_against_on_the_reference_engine(tmp_path):
    """``--against`` an outside agent (no kernel version): the study plays on the reference engine (issue 30
    item 4: outside agents work in ``tune`` as in ``duel``), saying so in one note."""
    base = ["tune", "normal:samples=20", "--players", "2", "--param", "bluff=0:0.3", "--trials", "1"]
    base += ["--hands-per-trial", "40", "--validate-hands", "40", "--study", str(tmp_path / "s")]
    done = CliRunnerInvoke([*base, "--against", "examples.cautious:Cautious", "--json"])
    assert done.exit_code == 0, done.output
    assert "outside agent examples.cautious:Cautious plays on the reference engine" in done.stderr
    report = json.loads(done.stdout)
    assert report["against"] == ["examples.cautious:Cautious"] and report["best_spec"].startswith("normal")


def test_cli_json_and_refusal(tmp_path):
    args = ["tune", "hard:samples=40", "--against", "normal:samples=20,normal:samples=20,normal:samples=20"]
    args += ["--players", "4", "--param", "bluff=0:0.2", "--trials", "2", "--hands-per-trial", "300"]
    args += ["--validate-hands", "300", "--study", str(tmp_path / "S"), "--json"]
    result = CliRunnerInvoke(args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) >= {"spec", "best_spec", "tuning", "validation", "study"}
    assert set(data["tuning"]) >= {"trials", "pruned", "hands"}
    assert set(data["validation"]) >= {"hands", "net_per_hand", "ci95", "vs_untuned"}
    vs = data["validation"]["vs_untuned"]
    assert vs is None or (set(vs) >= {"net_per_hand", "ci95", "hands"} and vs["hands"] > 0)
    assert (data["tuning"]["hands_per_trial_max"], data["tuning"]["hands_per_trial_asked"]) == (400, 300)
    assert data["validation"]["hands_per_configuration_max"] == 320 and data["validation"]["hands_asked"] == 300
    assert "sniper: note: --hands-per-trial 300 plays up to 400 hands per trial" in result.stderr
    other = [a if a != "bluff=0:0.2" else "bluff=0:0.1" for a in args]
    refused = CliRunnerInvoke(other)
    assert refused.exit_code == 2
    assert refused.stderr.count("\n") == 1 and "was made for params" in refused.stderr


def test_hand_counts_reported_are_those_played_when_games_end_early():
    """Games that end early (R9) play fewer hands than asked: the JSON gives the hands played (the mean of the
    trials not pruned, of the validated configurations) beside the plan, and a note says so with the range."""
    setup = small_setup(hands_per_trial=400, validate_hands=400)
    rows = [
        {"number": n, "spec": "s", "value": 0.1, "decision_us": 1.0, "hands": h, "hands_saved": 0, "pruned": p}
        for n, (h, p) in enumerate([(165, False), (179, False), (60, True)])
    ]
    validated = [tune_objectives.Evaluation("a", 159, 10, 0.1, 0.1), tune_objectives.Evaluation("b", 161, 10, 0.0, 0.1)]
    result = tuning.TuneResult(setup, Path("s"), rows, validated, validated[0], validated[0], 1.0)
    data = result.to_json()
    assert (data["tuning"]["hands_per_trial"], data["tuning"]["hands_per_trial_max"]) == (172, 400)
    assert (data["validation"]["hands_per_configuration"], data["validation"]["hands_per_configuration_max"]) == (
        160,
        400,
    )
    trial_note, validation_note = result.played_notes()
    assert "played 165-179 hands each (--hands-per-trial 400)" in trial_note
    assert "played 159-161 hands each (--validate-hands 400)" in validation_note
    full = [dict(r, hands=400) for r in rows[:2]]
    assert tuning.TuneResult(setup, Path("s"), full, [], validated[0], validated[0], 1.0).played_notes() == []


def CliRunnerInvoke(args):
    from typer.testing import CliRunner

    return CliRunner().invoke(app, args)


def test_decision_time_grows_with_samples():
    from sniper.games.sniper_holdem.rules import Rules

    fast = tune_setup.decision_time_us("normal:samples=10", 2, Rules(), games=4)
    slow = tune_setup.decision_time_us("normal:samples=2000", 2, Rules(), games=4)
    assert 0 < fast < slow
    assert np.isfinite(slow)


@pytest.mark.parametrize(
    "extra",
    [
        ["--param", "bluf=0:1"],
        ["--param", "bluff=0:2"],
        ["--param", "bluff=0.2:0.1"],
        ["--param", "bluff=0:0.1", "--trials", "0"],
        ["--param", "bluff=0:0.1", "--players", "7"],
        ["--param", "bluff=0:0.1", "--hands-per-trial", "abc"],
        ["--param", "bluff=0:0.1", "--time-budget-us", "-1"],
        ["--param", "bluff=0:0.1", "--against", "normal,normal"],
    ],
)
def test_bad_tune_input_is_one_line_exit_2(extra, monkeypatch, capsys, tmp_path):
    from sniper.cli import app as cli

    args = ["sniper", "tune", "hard", "--against", "normal", "--study", str(tmp_path / "s"), *extra]
    if extra.count("--against") and "--players" not in extra:
        args += ["--players", "4"]
    monkeypatch.setattr(sys, "argv", args)
    one_line_exit_2(cli.main, capsys)
    assert not (tmp_path / "s").exists()


def test_seats_follow_the_against_list_when_players_is_not_given(monkeypatch, tmp_path):
    """Without --players a study has one seat per --against spec plus the tuned spec's (as simulate takes its
    seats from --agents); one spec keeps the default seats; --players still wins."""
    seen = []

    def record(setup, study, backend, **_):
        seen.append(setup)
        raise ValueError("not played in this test")

    monkeypatch.setattr(tuning, "tune", record)
    base = ["tune", "hard", "--param", "bluff=0:0.2", "--study", str(tmp_path / "s"), "--against"]
    for against, extra in (("normal,normal,normal", []), ("normal", []), ("normal", ["--players", "3"])):
        CliRunnerInvoke([*base, against, *extra])
    assert [(s.players, s.field) for s in seen] == [
        (4, ("normal",) * 3),
        (defaults.TUNE_PLAYERS, ("normal",)),
        (3, ("normal",) * 2),
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["examples.cautious:Cautious", "--param", "margin=0:1"], "is an outside agent: sniper tune searches"),
        (["hard:samples=many", "--param", "bluff=0:0.2"], "needs an integer, got 'many'"),
        (["hard", "--players", "2", "--param", "bluff=0:0.2", "--against", "normal,normal,normal"], "give one spec"),
    ],
)
def test_tune_messages_say_what_to_do(args, message, tmp_path):
    result = CliRunnerInvoke(
        ["tune", *args, *([] if "--against" in args else ["--against", "easy"]), "--study", str(tmp_path / "s")]
    )
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.output
    assert message in result.stderr
    assert not (tmp_path / "s").exists()


def test_untuned_best_has_no_comparison_and_a_foreign_database_is_left_alone(tmp_path):
    """With one trial (the untuned spec) the best is the untuned spec: ``vs_untuned`` is null, not a
    measured 0 with CI [0, 0]. A ``study.db`` that is some other SQLite file is refused unchanged."""
    import sqlite3

    result = tuning.tune(small_setup(trials=1), tmp_path / "s")
    assert result.vs_untuned.hands == 0 and result.to_json()["validation"]["vs_untuned"] is None
    foreign = tmp_path / "f"
    foreign.mkdir()
    with sqlite3.connect(foreign / "study.db") as db:
        db.execute("CREATE TABLE mine (x)")
    before = (foreign / "study.db").read_bytes()
    with pytest.raises(TuneError, match="is not a sniper tune study"):
        tuning.tune(small_setup(trials=1), foreign)
    assert (foreign / "study.db").read_bytes() == before
