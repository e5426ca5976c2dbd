"""Every output names its game, and the toolkit presents every game it plays (issue 27 item 3); each game's
facts in its help and outputs: default agents, decision times, bb/100 (item 4); readable replays of every game and
one name for each of the game and its number (item 5)."""

import json
from pathlib import Path

import pytest
import tomllib
from typer.testing import CliRunner

import sniper
from sniper.cli.app import app
from sniper.core.registry import game_names, get_game
from sniper.report import build as report

ROOT = Path(__file__).resolve().parents[1]
TITLES = {name: get_game(name).title for name in ("sniper", "holdem", "draw")}


def run(*args: str):
    done = CliRunner().invoke(app, list(args))
    assert done.exit_code == 0, done.output
    return done.output


def simulate(out: Path, game: str) -> None:
    run("simulate", "--game", game, "--players", "2", "--agents", "random", "--hands", "20", "--out", str(out))


def test_summary_text_and_json_name_the_game(tmp_path):
    for game in ("holdem", "draw", "sniper"):
        simulate(tmp_path / game, game)
        assert TITLES[game] in run("summary", str(tmp_path / game)).splitlines()[0]
        assert json.loads(run("summary", str(tmp_path / game), "--json"))["game"] == game
    listed = json.loads(run("summary", str(tmp_path), "--json"))
    assert {r["name"]: r["game"] for r in listed["runs"]} == {"draw": "draw", "holdem": "holdem", "sniper": "sniper"}
    text = run("summary", str(tmp_path))
    for game, title in TITLES.items():
        line = next(line for line in text.splitlines() if line.strip().startswith(game))
        assert title in line, text


def test_simulate_json_names_the_game(tmp_path):
    args = ["--players", "2", "--agents", "random", "--hands", "20", "--json", "--out", str(tmp_path / "r")]
    assert json.loads(run("simulate", "--game", "draw", *args))["game"] == "draw"


def test_duel_names_the_game_in_json_text_and_its_report(tmp_path):
    args = ["random", "easy", "--hands", "40", "--quiet"]
    for game in ("holdem", "sniper"):
        data = json.loads(run("duel", *args, "--game", game, "--json"))
        assert data["game"] == game
        assert TITLES[game] in run("duel", *args, "--game", game)
        path = tmp_path / f"{game}.json"
        path.write_text(json.dumps(data))
        assert ("game", TITLES[game]) in report.load(path).facts


def test_a_duel_json_of_an_older_version_says_its_game_is_not_recorded(tmp_path):
    data = json.loads(run("duel", "random", "easy", "--hands", "40", "--quiet", "--json"))
    del data["game"]
    (tmp_path / "old.json").write_text(json.dumps(data))
    facts = dict(report.load(tmp_path / "old.json").facts)
    assert facts["game"].startswith("not recorded")


def test_league_names_the_game_in_text_league_json_and_its_report(tmp_path):
    for game in ("draw", "sniper"):
        out = tmp_path / game
        text = run("league", "random", "easy", "--players", "2", "--hands", "40", "--game", game, "--out", str(out))
        assert TITLES[game] in text
        assert json.loads((out / "league.json").read_text())["config"]["game"] == game
        assert ("game", TITLES[game]) in report.load(out).facts


@pytest.mark.parametrize("game", ["holdem", "draw"])
def test_tune_json_and_study_name_the_game_and_measure_decision_times(tmp_path, game):
    """Item 3: the JSON and the study's report name the game; item 4: every trial has its decision time, and
    the "strength vs decision time" plot has its points."""
    study = tmp_path / "study"
    args = ["easy", "--against", "random", "--param", "bluff=0:1" if game == "draw" else "raise_score=0:34:int"]
    args += ["--trials", "2", "--game", game, "--hands-per-trial", "40", "--validate-hands", "40"]
    done = CliRunner().invoke(app, ["tune", *args, "--study", str(study), "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["game"] == game
    assert ("game", TITLES[game]) in report.load(study).facts
    times = [trial["decision_us"] for trial in data["tuning"]["best_trials"]]
    assert times and all(isinstance(us, float) and us > 0 for us in times), times
    figure = next(f for f in report.load(study).figures if "decision time" in str(f.axes[0].get_title()))
    assert any(len(c.get_offsets()) for c in figure.axes[0].collections), "the plot has a point per trial"


def test_simulate_help_shows_each_games_default_agents():
    shown = " ".join(CliRunner().invoke(app, ["simulate", "--help"], env={"COLUMNS": "300"}).stdout.split())
    for game in ("holdem", "draw"):
        assert f"{game} easy,normal,hard,easy" in shown.replace("│ ", ""), shown
    assert "sniper easy,normal,hard,hard" in shown.replace("│ ", "")


def test_holdem_results_are_also_in_big_blinds_per_100_hands(tmp_path):
    args = ["--players", "3", "--agents", "easy,normal,hard", "--hands", "200", "--game-length", "50"]
    run("simulate", "--game", "holdem", *args, "--out", str(tmp_path / "h"))
    rows = json.loads(run("summary", str(tmp_path / "h"), "--json"))["summary"]
    for row in rows:
        assert row["bb_per_100"] == pytest.approx(row["net_per_hand"] * 50)
        assert row["ci95_bb_per_100"] == pytest.approx([v * 50 for v in row["ci95"]])
    assert "bb/100" in run("summary", str(tmp_path / "h"))
    duel = json.loads(run("duel", "random", "easy", "--game", "holdem", "--hands", "40", "--quiet", "--json"))
    assert duel["bb_per_100"] == pytest.approx(duel["net_per_hand"] * 50)
    assert "bb/100" in run("duel", "random", "easy", "--game", "holdem", "--hands", "40", "--quiet")
    simulate(tmp_path / "d", "draw")
    assert "bb_per_100" not in json.loads(run("summary", str(tmp_path / "d"), "--json"))["summary"][0]


def test_help_pyproject_and_docs_landing_page_present_every_game():
    assert set(TITLES) <= set(game_names())
    shown = " ".join(run("--help").split())
    description = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["description"]
    landing = (ROOT / "docs" / "index.md").read_text().split("## Getting started")[0]
    for text in (shown, description, landing):
        for title in ("Sniper Hold'em", "no-limit Texas Hold'em", "five-card draw", "Saint Poker"):
            assert title in text, text


@pytest.mark.parametrize("game", ["holdem", "draw"])
def test_replay_text_is_the_readable_history_play_hand_gives(tmp_path, game):
    out = tmp_path / game
    agents = "easy,normal,random"
    run("simulate", "--game", game, "--agents", agents, "--hands", "30", "--seed", "4", "--out", str(out), "--quiet")
    text = run("replay", str(out), "--game-index", "0", "--hand", "3")
    assert text.strip() == str(sniper.play_hand(agents, seed=4, game_index=0, hand=3, game=game))
    assert "*** RESULT *** pot" in text and any(word in text for word in (": fold", ": check", ": call ", ": raise to"))
    assert "hole_1" not in text and "hole_1" in run(
        "replay", str(out), "--game-index", "0", "--hand", "3", "--format", "rows"
    )


def test_replay_game_names_the_game_and_the_old_number_spelling_warns(tmp_path):
    out = tmp_path / "h"
    run("simulate", "--game", "holdem", "--agents", "random", "--players", "2", "--hands", "20", "--out", str(out))
    same = run("replay", str(out), "--game", "holdem", "--game-index", "0", "--hand", "1")
    assert same == run("replay", str(out), "--game-index", "0", "--hand", "1")
    old = CliRunner().invoke(app, ["replay", str(out), "--game", "0", "--hand", "1"])
    assert old.exit_code == 0 and old.stdout == same
    assert "sniper: warning: --game N for the game's number is deprecated" in old.stderr
    assert "use --game-index N" in old.stderr
    other = CliRunner().invoke(app, ["replay", str(out), "--game", "draw", "--game-index", "0", "--hand", "1"])
    assert other.exit_code == 2 and "is a run of no-limit Hold'em (holdem)" in other.output


# ----- item 6: sniper import keeps games apart, names every seat, scales by the hands it imports ---------------


def test_import_keeps_each_table_a_game_and_names_every_seat(tmp_path):
    from sniper.games.holdem.agents import RandomAgent
    from sniper.games.holdem.phh import game_phhs
    from sniper.games.holdem.play import play_game
    from sniper.runs.store import read_run

    played = {g: play_game(3, 7, g, [RandomAgent()] * 3, "bust") for g in (0, 1)}
    source = tmp_path / "two.phhs"
    texts = [game_phhs(played[g], game=g, seed=7) for g in (0, 1)]
    first = texts[0].count("variant =")
    second = texts[1]
    for k in range(len(played[1]), 0, -1):  # the second game's hands after the first's, as one file
        second = second.replace(f"[{k}]\n", f"[{k + first}]\n")
    source.write_text(texts[0] + "\n" + second)
    out = tmp_path / "imported"
    run("import", str(source), "--out", str(out))
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["games"] == 2 and manifest["import"]["files"][0]["tables"] == [0, 1]
    hands = read_run(out, "hands")
    for g in (0, 1):
        assert sorted(hands.loc[hands.game == g, "hand"].unique()) == list(range(len(played[g])))
    assert (hands["agent"] != "").all(), "no nameless agent rows"
    assert (~hands["dealt_in"]).any(), "the games bust a player: seats not dealt in are there, named"
    assert "" not in [row["agent"] for row in json.loads(run("summary", str(out), "--json"))["summary"]]


def test_a_skipped_hand_does_not_set_the_files_amount_scale(tmp_path):
    from sniper.games.holdem.agents import RandomAgent
    from sniper.games.holdem.phh import game_phhs
    from sniper.games.holdem.play import play_game

    text = game_phhs(play_game(2, 3, 0, [RandomAgent()] * 2, "50")[:1], game=0, seed=3)
    bad = (
        text.replace("[1]\n", "[2]\n")
        .replace('variant = "NT"', 'variant = "FT"')
        .replace("min_bet = 2", "min_bet = 2.5")
    )
    (tmp_path / "f.phhs").write_text(text + "\n" + bad)
    out = tmp_path / "imported"
    done = CliRunner().invoke(app, ["import", str(tmp_path / "f.phhs"), "--out", str(out)])
    assert done.exit_code == 0 and "1 skipped" in done.stdout, done.output
    assert json.loads((out / "manifest.json").read_text())["import"]["files"][0]["scale"] == 1


# ----- item 7: records and pages tell the truth ------------------------------------------------------------------


def test_report_open_without_a_browser_says_so_and_where_the_page_is(tmp_path, monkeypatch):
    import webbrowser

    out = tmp_path / "r"
    simulate(out, "draw")
    monkeypatch.setattr(webbrowser, "open", lambda *args, **kwargs: False)
    done = CliRunner().invoke(app, ["report", str(out), "--open"])
    assert done.exit_code == 0, done.output
    assert "no web browser could be opened" in done.stderr and str((out / "report.html").resolve()) in done.stderr
