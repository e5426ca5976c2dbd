"""The game registry (issue 19 item 1): a game declares its facts once in a ``GameSpec``, and every place that
needs one of them (the seat range above all) looks the game up instead of writing the fact again."""

import dataclasses
import json

import pytest
import toy_game
from pydantic import ValidationError
from typer.testing import CliRunner

from sniper.cli.app import app
from sniper.core import defaults, registry
from sniper.core.registry import DEFAULT_GAME, GameSpec, game_names, get_game, register_game
from sniper.core.table import CHANCE, TableState
from sniper.games.sniper_holdem.parameters import LEVELS, level_parameters
from sniper.games.sniper_holdem.rules import GAME_LENGTHS, PRESETS, make_rules
from sniper.runs.config import RunConfig, RunDirError, RunOptions
from sniper.runs.rundir import load_manifest, new_manifest
from sniper.runs.runner import simulate


def test_sniper_holdem_is_registered_with_the_facts_of_its_modules():
    spec = get_game("sniper")
    assert DEFAULT_GAME == "sniper" and "sniper" in game_names()
    assert spec.title == "Sniper Hold'em"
    assert (spec.min_seats, spec.max_seats, spec.seat_text) == (2, 6, "2-6")
    assert spec.rules == tuple(PRESETS) and spec.default_rules == defaults.RULES
    assert spec.game_lengths == tuple(GAME_LENGTHS) and spec.default_length == defaults.GAME_LENGTH
    assert spec.levels == tuple(LEVELS) and spec.default_agents == defaults.AGENTS
    assert {level: set(domains) for level, domains in spec.parameters.items()} == {
        level: set(level_parameters(level)) for level in LEVELS
    }
    assert spec.parameters["hard"]["bluff"] == (0, 1) and spec.parameters["hard"]["samples"] == (1, None)
    assert list(spec.engines) == ["reference", "kernel"] and defaults.ENGINE in spec.engines
    assert list(spec.tables) == ["hands", "actions"]
    assert spec.schema("hands").names[:3] == ["game", "hand", "seat"]
    assert callable(spec.resolve(spec.engines["reference"]))
    assert spec.rules_doc == "docs/RULES.md"


def test_an_unknown_game_is_refused_naming_the_valid_ones():
    with pytest.raises(ValueError, match=r"unknown game 'chess'; valid: .*sniper"):
        get_game("chess")
    with pytest.raises(ValueError, match="unknown game"):
        get_game(None)


def test_a_spec_resolves_only_what_it_declares():
    spec = get_game("sniper")
    with pytest.raises(ValueError, match="not declared"):
        spec.resolve("os:system")
    with pytest.raises(ValueError, match="unknown table 'chips'.*hands, actions"):
        spec.schema("chips")


def toy(**changes) -> GameSpec:
    """A spec built like the toy game's (``tests/toy_game.py``) with ``changes``, not registered."""
    base = {f.name: getattr(toy_game.SPEC, f.name) for f in dataclasses.fields(GameSpec)}
    return GameSpec(**{**base, "name": "toy2", **changes})


def test_a_game_registers_once_by_name(monkeypatch):
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    game = register_game(toy())
    assert get_game("toy2") is game and "toy2" in game_names()
    assert register_game(game) is game
    with pytest.raises(ValueError, match="already registered"):
        register_game(toy(title="Another toy"))
    with pytest.raises(TypeError):
        register_game({"name": "toy"})


@pytest.mark.parametrize(
    "changes",
    [
        {"name": "no such"},
        {"seats": (2, 6)},
        {"seats": range(0, 3)},
        {"seats": range(2, 7, 2)},
        {"default_rules": "x"},
        {"engines": {}},
        {"default_engine": "kernel"},
        {"engine_checks": {"kernel": "toy_game:play"}},
    ],
)
def test_a_malformed_spec_is_refused(changes):
    with pytest.raises(ValueError):
        toy(**changes)


def test_a_spec_builds_its_table_state_and_its_rules_and_agents_with_callables():
    with pytest.raises(TypeError, match="new_table must build a TableState"):
        toy(new_table="sniper.games.sniper_holdem.table:SniperTable")
    with pytest.raises(TypeError, match="make_agent must be callable"):
        toy(make_agent="toy_game:make_agent")
    table = get_game("sniper").new_table(3, make_rules("ours", "10"), 1, 0)
    assert isinstance(table, TableState) and table.current_player() == CHANCE


def test_check_seats_names_the_parameter():
    spec = get_game("sniper")
    spec.check_seats(6)
    for bad in (1, 7, True, 2.0):
        with pytest.raises(ValueError, match=r"^players must be 2-6"):
            spec.check_seats(bad)
    with pytest.raises(ValueError, match=r"^seats must be"):
        spec.check_seats(9, "seats")


@pytest.fixture
def three_to_four(monkeypatch):
    """Sniper Hold'em registered with seats 3-4 instead of 2-6: every check must follow the spec."""
    narrow = dataclasses.replace(get_game("sniper"), seats=range(3, 5))
    monkeypatch.setitem(registry._GAMES, "sniper", narrow)
    return narrow


def test_run_options_take_the_seat_range_from_the_spec(three_to_four):
    RunOptions(players=4).check()
    for players in (2, 5):
        with pytest.raises(ValueError, match=r"^players must be 3-4"):
            RunOptions(players=players).check()


def test_the_server_takes_the_seat_range_from_the_spec(three_to_four):
    from sniper.serve.app import NewRoom

    assert NewRoom(seats=3).seats == 3
    for seats in (2, 5):
        with pytest.raises(ValidationError, match="seats must be 3-4"):
            NewRoom(seats=seats)
    with pytest.raises(ValidationError, match="at most 4 levels"):
        NewRoom(ai=["easy"] * 5)


def test_the_page_offers_the_seat_counts_of_the_spec(three_to_four, tmp_path):
    from fastapi.testclient import TestClient

    from sniper.serve.app import create_app
    from sniper.serve.settings import Settings

    settings = Settings(out=tmp_path / "games", ai_delay=0.0, allow_origins=("http://testserver",))
    with TestClient(create_app(settings)) as client:
        assert client.get("/api/info").json()["seats"] == [3, 4]


def test_the_env_takes_the_seat_range_from_the_spec(three_to_four):
    from sniper.games.sniper_holdem.env import raw_env

    assert raw_env(players=3).n_seats == 3
    with pytest.raises(ValueError, match=r"^players must be 3-4"):
        raw_env(players=2)


def test_duels_and_the_cli_take_the_seat_range_from_the_spec(three_to_four):
    from sniper.arena.duel import seatings

    assert len(seatings(3)) == 6
    with pytest.raises(ValueError, match="players must be 3-4"):
        seatings(2)
    result = CliRunner().invoke(app, ["duel", "easy", "easy", "--players", "2"])
    assert result.exit_code == 2, result.output
    assert "sniper: error: --players must be 3-4" in result.output


def test_a_run_manifest_names_its_game_and_one_naming_none_reads_as_sniper(tmp_path, monkeypatch):
    rules = make_rules("ours", "10")
    config = RunConfig(("random", "random"), rules, seed=1, hands=5, chunk_games=1, engine="reference")
    out = simulate(config, tmp_path / "run", workers=1).out
    path = out / "manifest.json"
    manifest = json.loads(path.read_text())
    assert manifest["game"] == "sniper"
    path.write_text(json.dumps({k: v for k, v in manifest.items() if k != "game"}))  # written before games
    assert load_manifest(out)["game"] == "sniper"
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    register_game(toy())
    assert new_manifest(config, [None, None], game="toy2")["game"] == "toy2"
    path.write_text(json.dumps({**manifest, "game": "toy2"}))
    assert load_manifest(out)["game"] == "toy2"
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        new_manifest(config, game="chess")
    path.write_text(json.dumps({**manifest, "game": "chess"}))
    with pytest.raises(RunDirError, match="does not know.*unknown game 'chess'"):
        load_manifest(out)


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--hands", "5"],
        ["duel", "easy", "easy", "--hands", "5"],
        ["league", "easy", "random", "--hands", "5"],
        ["tune", "easy", "--against", "easy", "--param", "bluff=0:1"],
    ],
)
def test_an_unknown_game_is_a_one_line_error(args):
    result = CliRunner().invoke(app, [*args, "--game", "chess"])
    assert result.exit_code == 2, result.output
    assert result.output.strip().startswith("sniper: error: unknown game 'chess'; valid: draw, holdem, saint, sniper")
    assert result.output.count("\n") == 1
