"""The runner (R13): same results whatever the backend or number of workers, resume, refusals."""

import functools
import json
import os
import signal
import subprocess
import sys
import threading
import time
import types
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from sniper.core.tables import Chunk
from sniper.games.sniper_holdem.rules import make_rules
from sniper.games.sniper_holdem.summary import SUMMARY_COLUMNS, held_snipe_codes, snipe_hits, summarize
from sniper.runs.backends import AHEAD, Backend
from sniper.runs.config import RunConfig, RunDirError
from sniper.runs.results import read_results
from sniper.runs.rundir import load_manifest, part_path
from sniper.runs.runner import RunInterrupted, _truncate, play_chunk, play_chunk_tables, resume, simulate
from sniper.runs.store import read_run

CONFIG = RunConfig(agents=("easy", "random", "easy"), rules=make_rules(), seed=7, hands=1500, chunk_games=5)


@pytest.fixture(scope="module")
def baseline(tmp_path_factory) -> tuple[Path, pd.DataFrame]:
    """An uninterrupted run in this process."""
    out = tmp_path_factory.mktemp("baseline") / "run"
    result = simulate(CONFIG, out, workers=1)
    assert result.hands >= CONFIG.hands
    return out, read_results(out), read_run(out, "actions")


def test_run_layout_and_hand_target(baseline):
    out, df, _ = baseline
    manifest = load_manifest(out)
    assert manifest["status"] == "complete"
    assert manifest["config"] == CONFIG.to_dict()
    hands = df.drop_duplicates(["game", "hand"])
    assert len(hands) == manifest["hands"] >= CONFIG.hands
    last_game = hands[hands["game"] == hands["game"].max()]
    assert len(hands) - len(last_game) < CONFIG.hands, "the run ends with the game that reaches the target"
    assert manifest["layout"] == 2 and manifest["tables"] == ["hands", "actions"]
    parts = [f"part-{k:05d}.parquet" for k in range(manifest["parts"])]
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == sorted(
        ["manifest.json", ".lock", "hands", "actions"] + [f"{t}/{p}" for t in ("hands", "actions") for p in parts]
    )


def test_two_workers_give_the_same_dataset(baseline, tmp_path):
    simulate(CONFIG, tmp_path / "run", workers=2)
    pd.testing.assert_frame_equal(read_results(tmp_path / "run"), baseline[1])
    pd.testing.assert_frame_equal(read_run(tmp_path / "run", "actions"), baseline[2])


def test_dask_cluster_gives_the_same_dataset(baseline, tmp_path):
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        simulate(CONFIG, tmp_path / "run", scheduler=cluster.scheduler_address)
    pd.testing.assert_frame_equal(read_results(tmp_path / "run"), baseline[1])
    pd.testing.assert_frame_equal(read_run(tmp_path / "run", "actions"), baseline[2])


@pytest.mark.parametrize("wanted", [True, False])
def test_a_task_is_played_ahead_on_a_background_thread_only_when_wanted(wanted):
    """``Backend.map``'s ``ahead`` (the kernel engine in this process): when it says the next task is wanted, that
    task starts while the caller still holds the previous result (on the ``sniper-ahead`` thread), else not
    before the caller asks; either way the results come in order."""
    started = {i: threading.Event() for i in range(4)}
    threads = []

    def task(i):
        started[i].set()
        threads.append(threading.current_thread().name)
        return i * i

    seen = []
    with Backend(1, engine="kernel") as backend:
        for i, result in enumerate(backend.map(task, [(i,) for i in range(4)], lambda in_flight: wanted)):
            seen.append(result)
            if i < 3:
                assert started[i + 1].wait(10) if wanted else not started[i + 1].is_set()
    assert seen == [0, 1, 4, 9]
    assert all(name.startswith("sniper-ahead") for name in threads)


@pytest.mark.parametrize("workers", [1, 2])
def test_tasks_played_ahead_run_at_most_as_many_at_once_as_the_workers(workers):
    """``Backend.map``'s ``ahead`` runs at most ``min(AHEAD, workers)`` tasks at once: with one worker (``--workers
    1``: one core) one at a time, with two, two (each task holds 0.2 s, so two under way overlap even on a busy
    machine)."""
    lock, running, most = threading.Lock(), [0], [0]

    def task(i):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.2)
        with lock:
            running[0] -= 1
        return i

    with Backend(workers, engine="kernel") as backend:
        assert list(backend.map(task, [(i,) for i in range(6)], lambda in_flight: True)) == list(range(6))
    assert most[0] == min(AHEAD, workers)


@pytest.mark.parametrize("n_games", [0, 1, 5, 37])
def test_blocks_of_runs_played_at_once_cover_their_games_on_one_shared_pool(n_games):
    """``play_blocks``: every game of each run once, in ranges; two runs played at once (chunks played ahead) share
    ``block_pool``'s two threads, so no more than two blocks play at once; one game, or one thread: one range, here."""
    from sniper.games.kernel_driver import block_pool, play_blocks

    lock, running, most, seen = threading.Lock(), [0], [0], []

    def block(lo, hi):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
            seen.append((lo, hi, threading.current_thread().name))
        time.sleep(0.01)
        with lock:
            running[0] -= 1

    runs = [threading.Thread(target=play_blocks, args=(n_games, 2, block)) for _ in range(2)]
    for run in runs:
        run.start()
    for run in runs:
        run.join()
    covered = sorted(g for lo, hi, _ in seen for g in range(lo, hi))
    assert covered == sorted(list(range(n_games)) * 2) and all(lo < hi for lo, hi, _ in seen)
    assert most[0] <= 2 and all(name.startswith("sniper-kernel") == (n_games > 1) for *_, name in seen)
    assert len(seen) == 2 * min(n_games, 2 * 4) and block_pool(2) is block_pool(2)
    seen.clear()
    play_blocks(n_games, 1, block)
    assert [(lo, hi) for lo, hi, _ in seen] == ([(0, n_games)] if n_games else [])


def test_a_run_plays_no_chunk_ahead_in_vain(tmp_path, monkeypatch):
    """The runner asks for a chunk ahead when the chunks so far say the run needs it (``_run``'s ``ahead``), and
    only then: some chunks are played ahead, and every chunk played is one of the run's parts, none beyond its
    last."""
    played, answers = [], []
    original_map = Backend.map

    def counted(config, chunk):
        played.append(chunk)
        return play_chunk_tables(config, chunk)

    def recorded(backend, fn, args, ahead=None):
        return original_map(backend, fn, args, lambda in_flight: answers.append(ahead(in_flight)) or answers[-1])

    monkeypatch.setattr("sniper.runs.runner.play_chunk_tables", counted)
    monkeypatch.setattr(Backend, "map", recorded)
    simulate(CONFIG, tmp_path / "run", workers=1)
    parts = load_manifest(tmp_path / "run")["parts"]
    assert parts > 2 and sorted(played) == list(range(parts))
    assert True in answers and False in answers
    assert answers[0], "games of at most 20 hands: the second chunk is played beside the first"


def test_unreachable_scheduler_fails_fast_without_writing(tmp_path):
    started = time.perf_counter()
    with pytest.raises(ConnectionError, match="cannot reach dask scheduler"):
        simulate(CONFIG, tmp_path / "run", scheduler="tcp://127.0.0.1:1")
    assert time.perf_counter() - started < 10
    assert not (tmp_path / "run").exists()


def test_resume_after_injected_stop_equals_uninterrupted_run(baseline, tmp_path):
    out = tmp_path / "run"

    def stop(done: int) -> None:
        if done >= 600:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(CONFIG, out, workers=2, progress=stop)
    manifest = load_manifest(out)
    assert manifest["status"] == "interrupted"
    parts = sorted((out / "hands").glob("part-*.parquet"))
    assert 0 < len(parts) < load_manifest(baseline[0])["parts"]
    assert not list(out.rglob(".*tmp*")), "no temporary file is left behind"
    stale = out / "actions" / ".part-00040.parquet.tmp-12345"
    stale.write_bytes(b"half a parquet file")
    parts[-1].write_bytes(parts[-1].read_bytes()[:100])
    kept = parts[0].stat().st_mtime_ns
    result = resume(out, workers=2)
    assert result.manifest["status"] == "complete"
    assert not result.already_complete
    assert 0 < result.kept_hands < result.hands, "the first parts were kept, the rest played now"
    assert result.played_hands == result.hands - result.kept_hands
    assert result.manifest["wall_seconds"] >= result.seconds, "wall_seconds adds up both sessions"
    assert parts[0].stat().st_mtime_ns == kept, "finished parts are kept"
    assert not stale.exists()
    pd.testing.assert_frame_equal(read_results(out), baseline[1])
    pd.testing.assert_frame_equal(read_run(out, "actions"), baseline[2])


PATIENCE = 600
"""Seconds a test waits for a child ``sniper`` before failing (generous: a loaded machine with a cold numba cache)."""
READY = """
import runpy, sys
class Ready:
    def find_spec(self, name, path=None, target=None):
        if name == "sniper.cli.app" and not sys.stdout.closed:
            print("ready", flush=True)
sys.meta_path.insert(0, Ready())
runpy.run_module("sniper", run_name="__main__", alter_sys=True)
"""
"""``python -m sniper`` that says "ready" when ``sniper.__main__`` starts importing the command line: from then
on Ctrl-C is sniper's to handle (before, Python's start-up or runpy's own code may get it)."""


@contextmanager
def sniper_child(*args: str):
    """``python -m sniper ARGS`` as a child with Ctrl-C handled (a test run in the background inherits an
    ignored SIGINT otherwise); started once it prints "ready"; killed if still running when the test ends."""
    argv = [sys.executable, "-c", READY, *args]
    default_sigint = functools.partial(signal.signal, signal.SIGINT, signal.SIG_DFL)
    pipe = subprocess.PIPE
    process = subprocess.Popen(argv, stdout=pipe, stderr=pipe, text=True, preexec_fn=default_sigint)
    try:
        assert process.stdout.readline() == "ready\n"
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate()


def interrupt(process: subprocess.Popen) -> list[str]:
    """Send Ctrl-C (SIGINT) to ``process``; its stderr lines once it exits (fails if it does not within PATIENCE)."""
    process.send_signal(signal.SIGINT)
    try:
        _, stderr = process.communicate(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        pytest.fail(f"sniper did not exit within {PATIENCE} s of Ctrl-C")
    assert process.returncode == 130, stderr
    return stderr.strip().splitlines()


def test_ctrl_c_then_resume_from_the_command_line(tmp_path):
    out = tmp_path / "run"
    config = RunConfig(agents=("easy", "random", "easy"), rules=make_rules(), seed=7, hands=2500, chunk_games=2)
    args = ["simulate", "--players", "3", "--agents", "easy,random,easy", "--seed", "7", "--hands", "2500"]
    args += ["--chunk-games", "2", "--workers", "2", "--quiet", "--out", str(out)]
    with sniper_child(*args) as process:
        deadline = time.monotonic() + PATIENCE
        while not part_path(out, 3).exists():
            if (code := process.poll()) is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"no part 3 within {PATIENCE} s (exit code {code}): {process.communicate()[1]}")
            time.sleep(0.01)
        lines = interrupt(process)
    assert lines == [f"sniper: interrupted; finished parts are kept; finish with: sniper simulate --resume {out}"]
    assert load_manifest(out)["status"] == "interrupted"
    assert not list(out.rglob(".*tmp*")), "no partial part is left behind"
    done = subprocess.run(
        [sys.executable, "-m", "sniper", "simulate", "--resume", str(out), "--quiet"],
        capture_output=True,
        text=True,
        timeout=PATIENCE,
    )
    assert done.returncode == 0, done.stderr
    simulate(config, tmp_path / "whole", workers=2)
    pd.testing.assert_frame_equal(read_results(out), read_results(tmp_path / "whole"))
    pd.testing.assert_frame_equal(read_run(out, "actions"), read_run(tmp_path / "whole", "actions"))


def test_a_killed_run_is_incomplete_with_its_finished_hands_and_a_live_one_is_running(tmp_path):
    """SIGKILL leaves the manifest saying "running": the summary tells the dead run from a live one by the
    run's lock (``sniper.runs.rundir.run_lock``), shows the hands of the finished parts and how to resume, and a
    second ``--resume`` of the live run is refused (it would delete the live run's temporary files)."""
    from typer.testing import CliRunner

    from sniper.cli.app import app

    out = tmp_path / "run"
    args = ["simulate", "--agents", "random,random", "--hands", "1e6", "--engine", "reference"]
    args += ["--chunk-games", "1", "--workers", "1", "--quiet", "--out", str(out)]
    cli = CliRunner()
    with sniper_child(*args) as process:
        deadline = time.monotonic() + PATIENCE
        while not part_path(out, 2, "actions").exists():
            if (code := process.poll()) is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"no part 2 within {PATIENCE} s (exit code {code}): {process.communicate()[1]}")
            time.sleep(0.01)
        live = cli.invoke(app, ["summary", str(out)])
        assert live.exit_code == 0, live.output
        assert f"{out}: running run" in live.stdout
        assert f"running now (process {process.pid} on " in live.stdout
        second = cli.invoke(app, ["simulate", "--resume", str(out), "--quiet"])
        assert second.exit_code == 2, second.output
        assert f"{out} is being played now by process {process.pid} on " in second.stderr
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=PATIENCE)
    assert load_manifest(out)["status"] == "running", "a killed process cannot mark its run"
    chunks = [p for p in (out / "hands").glob("part-*.parquet") if (out / "actions" / p.name).exists()]
    finished = sum(len(pd.read_parquet(p, columns=["game"])) for p in chunks) // 2
    dead = cli.invoke(app, ["summary", str(out)])
    assert dead.exit_code == 0, dead.output
    seed = load_manifest(out)["config"]["seed"]
    assert f"{out}: incomplete run of Sniper Hold'em, seed {seed}, agents random,random, " in dead.stdout
    assert f"{finished:,} of 1,000,000 hands" in dead.stdout and finished > 0
    hint = f"incomplete ({finished:,} hands in finished parts; resume with `sniper simulate --resume {out}`)"
    assert hint in dead.stdout
    assert "running" not in dead.stdout
    from sniper.runs.config import RunOptions
    from sniper.runs.rundir import run_lock
    from sniper.runs.runner import plan

    assert plan(RunOptions(), resume_dir=out).kept_hands == finished, "--resume starts from the finished parts"
    with run_lock(out):  # the killed process holds the lock no more: a resume may take it
        assert json.loads(cli.invoke(app, ["summary", str(out), "--json"]).stdout)["state"] == "running"


def test_ctrl_c_while_loading_exits_130_in_one_line_and_leaves_out_usable(tmp_path):
    """Ctrl-C before the run has a manifest (imports, numba warm-up): exit 130, one line, no traceback, no
    resume hint; ``--out`` is left absent or empty, so the same command starts the run afresh."""
    out = tmp_path / "run"
    args = ["simulate", "--agents", "random,random", "--hands", "40", "--chunk-games", "2", "--quiet"]
    args += ["--out", str(out)]
    with sniper_child(*args) as process:
        lines = interrupt(process)
    assert lines == ["sniper: interrupted"]
    assert not out.exists() or not any(out.iterdir())
    with sniper_child(*args) as process:
        assert process.wait(timeout=PATIENCE) == 0, process.stderr.read()
    assert load_manifest(out)["status"] == "complete"


def test_resume_refuses_other_parameters_version_or_directory(baseline, tmp_path):
    out = tmp_path / "run"
    simulate(RunConfig(agents=("random", "random"), rules=make_rules(), hands=50, chunk_games=2), out, workers=1)
    with pytest.raises(RunDirError, match="hands 50, not 60"):
        resume(out, {"hands": 60})
    with pytest.raises(RunDirError, match="players 2, not 3"):
        resume(out, {"players": 3})
    manifest = json.loads((out / "manifest.json").read_text())
    (out / "manifest.json").write_text(json.dumps({**manifest, "version": "0.0.1"}))
    with pytest.raises(RunDirError, match="made by sniper 0.0.1"):
        resume(out)
    with pytest.raises(RunDirError, match="not a run directory"):
        resume(tmp_path)
    with pytest.raises(RunDirError, match="not a run directory"):
        resume(tmp_path / "missing")


def test_existing_out_is_refused_and_untouched(tmp_path):
    (tmp_path / "notes.txt").write_text("keep me")
    with pytest.raises(FileExistsError, match="already exists"):
        simulate(CONFIG, tmp_path, workers=1)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
    assert (tmp_path / "notes.txt").read_text() == "keep me"


def test_a_claim_left_by_a_killed_process_does_not_block_the_directory_but_a_live_ones_does(tmp_path):
    """A process killed between staging its manifest and linking it leaves ``.manifest.json.claim-PID``: the next
    run may take the directory (the process is gone); a live process's staged claim still keeps it."""
    from sniper.runs.atomic import claim_out

    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    out = tmp_path / "run"
    out.mkdir()
    (out / f".manifest.json.claim-{dead.pid}").write_text("{}")
    assert claim_out(out, "manifest.json", {"a": 1}) == out
    assert sorted(p.name for p in out.iterdir()) == ["manifest.json"]
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / f".manifest.json.claim-{os.getpid()}").write_text("{}")
    with pytest.raises(FileExistsError, match="not empty"):
        claim_out(busy, "manifest.json", {"a": 1})


def claimed_by_another_process_during_mkdir(monkeypatch, out: Path) -> None:
    """Make ``Path.mkdir`` of ``out`` also write ``out/manifest.json`` as another process would that checked
    ``out`` at the same moment: the race between seeing an empty directory and writing into it."""
    mkdir = Path.mkdir

    def racing(self, *args, **kwargs):
        mkdir(self, *args, **kwargs)
        if self == out and not (out / "manifest.json").exists():
            (out / "manifest.json").write_text("the other run")

    monkeypatch.setattr(Path, "mkdir", racing)


def test_two_runs_never_share_an_output_directory(tmp_path, monkeypatch):
    """The directory is claimed atomically (manifest created with O_EXCL): a run that loses the race to
    another one is refused rather than writing into the other's directory."""
    out = tmp_path / "run"
    claimed_by_another_process_during_mkdir(monkeypatch, out)
    config = RunConfig(agents=("random", "random"), rules=make_rules(), hands=20, chunk_games=2, engine="reference")
    with pytest.raises(FileExistsError, match="already exists"):
        simulate(config, out, workers=1)
    assert [p.name for p in out.iterdir()] == ["manifest.json"]
    assert (out / "manifest.json").read_text() == "the other run"


def test_a_taken_default_directory_falls_back_to_a_numbered_one(tmp_path, monkeypatch):
    out = tmp_path / "simulate-20260101-120000"
    claimed_by_another_process_during_mkdir(monkeypatch, out)
    config = RunConfig(agents=("random", "random"), rules=make_rules(), hands=20, chunk_games=2, engine="reference")
    result = simulate(config, out, workers=1, numbered=True)
    assert result.out == tmp_path / "simulate-20260101-120000-2"
    assert load_manifest(result.out)["status"] == "complete"
    assert (out / "manifest.json").read_text() == "the other run"
    again = simulate(config, out, workers=1, numbered=True)
    assert again.out == tmp_path / "simulate-20260101-120000-3"

    def stop(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(RunInterrupted) as stopped:
        simulate(config, out, workers=1, progress=stop, numbered=True)
    assert stopped.value.run_dir == tmp_path / "simulate-20260101-120000-4", "Ctrl-C names the directory to resume"


def test_play_chunk_dispatches_on_engine(monkeypatch):
    fake = types.ModuleType("sniper.games.sniper_holdem.kernel_engine")
    fake.play_chunk_kernel = lambda config, chunk: (("kernel", config.engine, chunk), [1])
    monkeypatch.setitem(sys.modules, "sniper.games.sniper_holdem.kernel_engine", fake)
    kernel = RunConfig(agents=("easy", "easy"), rules=make_rules(), chunk_games=1, engine="kernel")
    assert play_chunk(kernel, 3) == (("kernel", "kernel", 3), [1]), "the game's kernel engine (GameSpec.engines)"
    reference = RunConfig(agents=("easy", "easy"), rules=make_rules(), chunk_games=1, engine="reference")
    table, counts = play_chunk(reference, 3)
    assert table.column("game").to_pylist() == [3] * (2 * counts[0])
    with pytest.raises(ValueError, match="unknown engine"):
        play_chunk(RunConfig(agents=("easy", "easy"), rules=make_rules(), engine="gpu"), 0)


def test_a_first_chunk_of_short_games_plays_more_of_them_not_the_whole_chunk(monkeypatch):
    asked = []

    def engine(config, chunk, hands_only=False):  # games of 1 + game % 3 hands, far shorter than the planned 20
        asked.append(config.chunk_games)
        games = range(chunk * config.chunk_games, (chunk + 1) * config.chunk_games)
        counts = [1 + g % 3 for g in games]
        hands = pa.table({"game": [g for g, c in zip(games, counts) for _ in range(c)]})
        return Chunk({"hands": hands, "actions": hands}, counts)

    spec = types.SimpleNamespace(engine=lambda name: engine, tables=("hands", "actions"))
    monkeypatch.setattr("sniper.runs.runner.get_game", lambda name: spec)
    config = RunConfig(agents=("easy", "easy"), rules=make_rules(), hands=300, chunk_games=1000)
    played = play_chunk_tables(config, 0)
    assert asked[0] < asked[-1] < config.chunk_games, "more games than planned, fewer than the chunk's"
    assert sum(played.counts) >= config.hands
    whole, kept = _truncate(engine(config, 0), 0, config, 0)
    assert _truncate(played, 0, config, 0)[1] == kept
    assert _truncate(played, 0, config, 0)[0].hands.equals(whole.hands), "the run keeps the same games"


def test_a_truncated_chunk_keeps_the_rows_of_its_games_in_any_order():
    """``_truncate`` keeps exactly the rows of the games before the cut: a slice when they come first, the
    same rows in order when an engine wrote its games out of order."""
    config = RunConfig(agents=("easy", "easy"), rules=make_rules(), hands=5, chunk_games=4)
    for games in ([0, 0, 1, 1, 1, 2, 3], [1, 0, 1, 2, 0, 3, 1]):
        table = pa.table({"game": pa.array(games, pa.int64()), "row": range(len(games))})
        played, kept = _truncate(Chunk({"hands": table}, [2, 3, 1, 1]), 0, config, 0)
        assert kept == 2 and played.counts == [2, 3]
        assert played.tables["hands"].to_pylist() == [r for r in table.to_pylist() if r["game"] < 2]


def test_resume_of_a_complete_run_plays_nothing_and_leaves_it_untouched(baseline):
    out, df, _ = baseline
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in out.rglob("*") if p.is_file()}

    def played(done: int) -> None:
        raise AssertionError("nothing should be played")

    result = resume(out, {"hands": CONFIG.hands}, workers=1, progress=played)
    assert result.already_complete
    assert (result.hands, result.kept_hands, result.played_hands, result.seconds) == (len(df) // 3, len(df) // 3, 0, 0)
    assert {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in out.rglob("*") if p.is_file()} == before
    with pytest.raises(RunDirError, match="seed 7, not 8"):
        resume(out, {"seed": 8})


def test_resume_of_a_complete_run_with_a_missing_part_plays_it_again(baseline, tmp_path):
    out = tmp_path / "run"
    simulate(CONFIG, out, workers=1)
    (out / "actions" / "part-00001.parquet").unlink()
    result = resume(out, workers=1)
    assert not result.already_complete and result.played_hands > 0
    pd.testing.assert_frame_equal(read_results(out), baseline[1])
    pd.testing.assert_frame_equal(read_run(out, "actions"), baseline[2])


def test_resume_of_a_complete_run_with_an_unreadable_part_plays_it_again(baseline, tmp_path):
    """A part overwritten after the run finished: reading the run names it and says how to replay it; resuming
    checks every part's footer, so the run is not complete, and the part is played again."""
    out = tmp_path / "run"
    simulate(CONFIG, out, workers=1)
    bad = out / "hands" / "part-00001.parquet"
    bad.write_bytes(b"garbage")
    with pytest.raises(RunDirError, match=f"{bad} is not a readable parquet file; `sniper simulate --resume {out}`"):
        read_run(out)
    result = resume(out, workers=1)
    assert not result.already_complete and result.played_hands > 0
    pd.testing.assert_frame_equal(read_results(out), baseline[1])
    pd.testing.assert_frame_equal(read_run(out, "actions"), baseline[2])


def test_a_run_written_by_0_1_is_refused_naming_the_version(tmp_path):
    out = tmp_path / "old"
    out.mkdir()
    manifest = {"format": "sniper-run", "version": "0.1.0", "config": CONFIG.to_dict(), "status": "complete"}
    (out / "manifest.json").write_text(json.dumps(manifest))
    (out / "part-00000.parquet").write_bytes(b"PAR1")
    for call in (lambda: resume(out), lambda: read_run(out), lambda: read_results(out)):
        with pytest.raises(RunDirError, match=r"written by sniper 0\.1\.0.*no actions table"):
            call()


def test_parts_with_nullable_fields_are_kept_on_resume(baseline, tmp_path):
    """Runs written before the schema became non-nullable (``sniper.runs.results.schema_of``) resume:
    their parts are kept, the new parts join them, and the whole run reads as before."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    out = tmp_path / "run"
    simulate(CONFIG, out, workers=1)
    for path in out.rglob("part-*.parquet"):
        table = pq.read_table(path)
        nullable = pa.schema([field.with_nullable(True) for field in table.schema])
        pq.write_table(table.cast(nullable), path)
    kept = part_path(out, 0).stat().st_mtime_ns
    (out / "hands" / "part-00001.parquet").unlink()
    result = resume(out, workers=1)
    assert part_path(out, 0).stat().st_mtime_ns == kept
    assert 0 < result.played_hands < result.hands
    assert not pq.read_schema(part_path(out, 1)).field("game").nullable
    pd.testing.assert_frame_equal(read_results(out), baseline[1])
    pd.testing.assert_frame_equal(read_run(out, "actions"), baseline[2])


def reference_hits(df: pd.DataFrame, keys=("game", "hand")) -> np.ndarray:
    """R8 by a plain pandas merge: a snipe hits when another seat of the same hand shows the named hand."""
    keys = list(keys)
    at_sd = df[df["showdown"]]
    pairs = at_sd[keys + ["seat"]].assign(snipe=held_snipe_codes(at_sd))
    snipers = df.loc[df["snipe"] >= 0, keys + ["seat", "snipe"]].reset_index()
    merged = snipers.merge(pairs, on=keys + ["snipe"], suffixes=("", "_held"))
    return df.index.isin(merged.loc[merged["seat"] != merged["seat_held"], "index"])


def reference_summary(df: pd.DataFrame, by: str = "agent") -> pd.DataFrame:
    """``sniper.games.sniper_holdem.summary.summarize`` computed the plain pandas way, one agent (or seat) at a time
    (R8, R9)."""
    from sniper.core.stats import clustered_mean_ci

    dealt = df[df["dealt_in"]]
    hit = pd.Series(reference_hits(df), index=df.index)
    last = df.loc[df.groupby("game")["hand"].transform("max") == df["hand"]]
    tops = last[last["stack_after"] == last.groupby("game")["stack_after"].transform("max")]
    winners = tops[tops.groupby("game")["seat"].transform("size") == 1]
    rows = []
    for key, group in dealt.groupby(by, sort=by == "seat"):
        per_game = group.groupby("game")["net"].agg(["sum", "size"])
        ci = clustered_mean_ci(per_game["sum"].to_numpy(np.float64), per_game["size"].to_numpy(np.float64))
        label = {"seat": key, "agent": "/".join(pd.unique(df.loc[df["seat"] == key, "agent"]))} if by == "seat" else {}
        rows.append(
            {
                **label,
                "agent": label.get("agent", key),
                "hands": len(group),
                "net_per_hand": ci.estimate,
                "ci95_low": ci.low,
                "ci95_high": ci.high,
                "showdown_wins": int(((group["payout"] > 0) & group["showdown"]).sum()),
                "snipes_made": int((group["snipe"] >= 0).sum()),
                "snipes_hit": int(hit[group.index].sum()),
                "games_won": int((winners[by] == key).sum()),
            }
        )
    return pd.DataFrame(rows)


def test_summarize_gives_exactly_the_numbers_of_the_pandas_reference(baseline):
    """R8, R9: the vectorised summary (frame, shuffled frame, or the arrow table of its columns only)
    equals the reference to the last bit: counts, per-game clustered intervals, draws for first place."""
    out, df, _ = baseline
    tied = df.copy()
    last = (tied["game"] == 0) & (tied["hand"] == tied.loc[tied["game"] == 0, "hand"].max())
    tied.loc[last, "stack_after"] = tied.loc[last, "stack_after"].max()  # game 0 ends in a draw: won by nobody
    shuffled = df.sample(frac=1, random_state=0)
    for frame in (df, tied, shuffled):
        pd.testing.assert_frame_equal(summarize(frame), reference_summary(frame), check_exact=True)
        assert (snipe_hits(frame).to_numpy() == reference_hits(frame)).all()
    arrow = read_results(out, columns=SUMMARY_COLUMNS, arrow=True)
    assert arrow.column_names == list(SUMMARY_COLUMNS)
    for table in (arrow, pa.Table.from_pandas(shuffled, preserve_index=False)):  # hands split across batches
        batches = pa.Table.from_batches(table.to_batches(max_chunksize=7))
        expected = reference_summary(table.to_pandas())
        pd.testing.assert_frame_equal(summarize(batches), expected, check_exact=True)
    part = read_results(min((out / "hands").glob("part-*.parquet")), columns=["game", "net"])
    assert list(part.columns) == ["game", "net"] and part.equals(df[["game", "net"]].iloc[: len(part)])
    with pytest.raises(ValueError, match="unknown column 'nett'"):
        read_results(min((out / "hands").glob("part-*.parquet")), columns=["nett"])
    pd.testing.assert_frame_equal(summarize(arrow), reference_summary(df), check_exact=True)
    expected = reference_summary(df)
    assert reference_summary(tied)["games_won"].sum() == expected["games_won"].sum() - 1
    for frame in (df, shuffled, arrow, pa.Table.from_batches(arrow.to_batches(max_chunksize=7))):
        seats = summarize(frame, by="seat")
        pd.testing.assert_frame_equal(seats, reference_summary(df, "seat"), check_exact=True)
    assert list(seats["agent"]) == list(CONFIG.agents) and list(seats["seat"]) == [0, 1, 2]
    assert seats.loc[seats["agent"] == "easy", "hands"].sum() == expected.set_index("agent").loc["easy", "hands"]
    assert expected["snipes_hit"].min() > 0 and (~df["dealt_in"]).any() and len(expected) == 2
