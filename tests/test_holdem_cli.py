"""The command line plays no-limit Hold'em through its GameSpec: simulate, equity, import, replay (and its
``--export``), summary and report of runs and of imported hand histories (issue 20)."""

import json

import pandas as pd
import pytest
import tomllib
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
    assert f"{len(records):,} hands imported" in done.output and (out / "hands" / "part-00000.parquet").is_file()
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
    done = run("replay", str(out), "--game-index", "0", "--hand", "1", "--format", "phh")
    assert done.exit_code == 0, done.output
    assert done.output.strip() == hand_phh(played[1], 0, 9, ["random"] * 3).strip()
    assert tomllib.loads(done.output)["variant"] == "NT"


# ----- replay --export, and a directory of imported hands read as any run -------------------------------------


@pytest.fixture(scope="module")
def holdem_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("holdem") / "run"
    args = ["--game", "holdem", "--players", "3", "--agents", "random", "--hands", "120", "--game-length", "50"]
    done = run("simulate", *args, "--seed", "7", "--engine", "reference", "--chunk-games", "1", "--out", str(out))
    assert done.exit_code == 0, done.output
    return out


def one_line_error(done, message: str) -> None:
    assert done.exit_code == 2, done.output
    assert done.output.startswith("sniper: error: ") and done.output.count("\n") == 1, done.output
    assert message in done.output, done.output


def test_replay_exports_games_of_a_holdem_run_as_phhs(holdem_run, tmp_path):
    from sniper.games.holdem.phh import hand_phh

    path = tmp_path / "games.phhs"
    done = run("replay", str(holdem_run), "--export", str(path), "--games", "0-1")
    assert done.exit_code == 0, done.output
    hands = tomllib.loads(path.read_text())
    played = {g: play_game(3, 7, g, [RandomAgent()] * 3, "50") for g in (0, 1)}
    assert done.output.strip() == f"wrote {len(hands)} hands of games 0-1 to {path}"
    assert len(hands) == sum(len(records) for records in played.values())
    expected = [hand_phh(r, g, 7, ["random"] * 3) for g, records in played.items() for r in records]
    assert path.read_text() == "".join(f"[{k}]\n{text}\n" for k, text in enumerate(expected, start=1))
    assert [hands[str(k)]["table"] for k in range(1, len(hands) + 1)] == sorted(h["table"] for h in hands.values())
    before = path.read_text()
    one_line_error(run("replay", str(holdem_run), "--export", str(path), "--games", "0"), "already exists")
    assert path.read_text() == before


@pytest.mark.parametrize(
    "args, message",
    [
        (["--export", "x.phhs"], "--export needs --games"),
        (["--games", "0-1"], "--games goes with --export"),
        (["--export", "x.phhs", "--games", "9-2"], "--games range '9-2' must be"),
        (["--export", "x.phhs", "--games", "a"], "--games takes a game number"),
        (["--export", "x.phhs", "--games", "0", "--game-index", "0", "--hand", "0"], "not both"),
        (["--export", "x.phhs", "--games", "0-99999999999"], "is not in it"),
    ],
)
def test_bad_exports_of_a_holdem_run_are_one_line_errors(holdem_run, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    one_line_error(run("replay", str(holdem_run), *args), message)
    assert not (tmp_path / "x.phhs").exists()


@pytest.fixture(scope="module")
def imported(holdem_run, tmp_path_factory):
    """The run's games 0-1 exported, then imported (one file: one game) with a hand-made file of two hands."""
    folder = tmp_path_factory.mktemp("imported")
    exported = folder / "games.phhs"
    assert run("replay", str(holdem_run), "--export", str(exported), "--games", "0-1").exit_code == 0
    out = folder / "run"
    done = run("import", str(exported), "--out", str(out))
    assert done.exit_code == 0, done.output
    return out, tomllib.loads(exported.read_text())


def test_summary_of_an_imported_directory_is_its_hands(imported):
    from sniper.runs.store import read_run

    out, hands = imported
    done = run("summary", str(out), "--json")
    assert done.exit_code == 0, done.output
    summary = json.loads(done.output)
    assert summary["state"] == "complete" and summary["hands"] == len(hands) and summary["seed"] is None
    frame = read_run(out)
    rows = {row["agent"]: row for row in summary["summary"]}
    for agent, group in frame.groupby("agent"):
        assert rows[agent]["hands"] == len(group) and rows[agent]["net_per_hand"] == pytest.approx(group["net"].mean())
    shown = run("summary", str(out))
    assert shown.exit_code == 0 and "record of import" in shown.output


def test_replay_of_an_imported_directory_shows_and_writes_its_hands(imported, tmp_path):
    out, hands = imported
    done = run("replay", str(out), "--game-index", "0", "--hand", "3", "--format", "json")
    assert done.exit_code == 0, done.output
    rows = json.loads(done.output)
    phh = hands["4"]  # the file's 4th hand is hand 3
    won = {
        s - 1: after - before for s, before, after in zip(phh["seats"], phh["starting_stacks"], phh["finishing_stacks"])
    }
    assert {r["seat"]: r["net"] for r in rows["hands"]} == {s: won.get(s, 0) for s in range(phh["seat_count"])}
    text = run("replay", str(out), "--game-index", "0", "--hand", "3")
    assert text.exit_code == 0 and text.output.startswith("no-limit Hold'em - ") and "game 0, hand 3" in text.output
    assert "*** PREFLOP ***" in text.output and "*** STACKS ***" in text.output
    again = tmp_path / "again.phhs"
    assert run("replay", str(out), "--export", str(again), "--games", "0").exit_code == 0
    for k, hand in tomllib.loads(again.read_text()).items():
        assert {key: hand[key] for key in ("actions", "starting_stacks", "finishing_stacks")} == {
            key: hands[k][key] for key in ("actions", "starting_stacks", "finishing_stacks")
        }
    one_line_error(run("replay", str(out), "--game-index", "999", "--hand", "0"), "game 999 is not in it")


def test_report_of_an_imported_directory(imported, tmp_path):
    out, _ = imported
    page = tmp_path / "imported.html"
    done = run("report", str(out), "--out", str(page))
    assert done.exit_code == 0, done.output
    html = page.read_text()
    assert html.count('<img src="data:image/png;base64,') == 3 and "<dd>import</dd>" in html


def test_an_imported_directory_is_not_resumed(imported):
    out, _ = imported
    one_line_error(run("simulate", "--resume", str(out)), "an imported run is a record, not a plan")


@pytest.mark.parametrize("engine", ["reference", "kernel"])
def test_a_holdem_run_on_a_dask_cluster_has_the_rows_of_one_worker(engine, tmp_path):
    """dask.distributed (a dependency: ``sniper simulate --scheduler``): chunks played by two in-process workers
    give the rows one worker gives, both tables (R13 keys every deal by seed, game and hand)."""
    from distributed import LocalCluster

    from sniper.runs.store import read_run

    args = ["--game", "holdem", "--players", "3", "--agents", "random,easy,normal", "--hands", "150"]
    args += ["--game-length", "50", "--seed", "11", "--engine", engine, "--chunk-games", "1", "--quiet"]
    one = run("simulate", *args, "--workers", "1", "--out", str(tmp_path / "one"))
    assert one.exit_code == 0, one.output
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        on_dask = run("simulate", *args, "--scheduler", cluster.scheduler_address, "--out", str(tmp_path / "dask"))
        executed = sum(worker.state.executed_count for worker in cluster.workers.values())
    assert on_dask.exit_code == 0, on_dask.output
    assert executed >= read_run(tmp_path / "dask", "hands")["game"].nunique()  # every chunk (a game) ran on dask
    for table in ("hands", "actions"):
        expected = read_run(tmp_path / "one", table)
        assert expected["game"].nunique() > 2  # several chunks, so two workers share them
        pd.testing.assert_frame_equal(read_run(tmp_path / "dask", table), expected)


def test_an_imported_hand_with_hidden_cards_is_read_but_not_written_back_as_phh(tmp_path):
    source = tmp_path / "hidden.phh"
    source.write_text(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n"
        "actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cbr 10', 'p1 f']\nplayers = ['ann', 'bo']\n"
    )
    out = tmp_path / "run"
    assert run("import", str(source), "--out", str(out)).exit_code == 0
    summary = json.loads(run("summary", str(out), "--json").output)
    # heads-up PokerKit reverses the blinds (docs/holdem.md): ann posts 2 and folds to bo's raise
    assert {row["agent"]: row["net_per_hand"] for row in summary["summary"]} == {"ann": -2.0, "bo": 2.0}
    assert run("report", str(out), "--out", str(tmp_path / "r.html")).exit_code == 0
    for args in (
        ["--game-index", "0", "--hand", "0", "--format", "phh"],
        ["--export", str(tmp_path / "x.phhs"), "--games", "0"],
    ):
        one_line_error(run("replay", str(out), *args), "game 0, hand 0 of")
    assert not (tmp_path / "x.phhs").exists()
