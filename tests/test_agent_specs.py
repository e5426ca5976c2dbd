"""One agent-spec grammar for every game (issue 28 item 2) and outside agents in every game (issue 30 item 4).

The grammar (``sniper.core.agent_spec``) splits, parses and formats ``LEVEL[:NAME=VALUE,…]`` and tells an outside
agent ``module:ClassName[:NAME=VALUE,…]`` from a level spec; every game's ``make_agent`` builds outside agents from
it, so the classes of this module play each game through the command line; every game's env takes level names,
specs or agent objects as ``opponents``; the server seats levels only.
"""

import json
import re

import numpy as np
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from kernels.sniper_holdem.codes import PASS
from sniper.cli.app import app
from sniper.core.agent_spec import OutsideAgent, format_spec, is_outside, parse_spec, split_specs
from sniper.core.registry import game_names, get_game
from sniper.runs.rundir import load_manifest
from sniper.serve.app import create_app
from sniper.serve.settings import Settings

OUTSIDE_GAMES = ("holdem", "draw", "saint")
"""The games whose outside agents implement ``act`` only (Sniper Hold'em's have ``snipe`` too)."""


class First:
    """An outside agent of any game with an ``act`` method: the legal action at index ``pick`` (the last when there
    are fewer), counting its decisions."""

    def __init__(self, pick: int = 0):
        self.pick = pick
        self.calls = 0

    def act(self, obs, stream):
        self.calls += 1
        return obs.legal[min(self.pick, len(obs.legal) - 1)]


class SniperFirst(First):
    """``First`` for Sniper Hold'em, which also asks for a snipe (R7): it passes."""

    def snipe(self, obs, stream):
        return PASS


class Boom(First):
    """Raises on its second decision."""

    def act(self, obs, stream):
        if super().act(obs, stream) is not None and self.calls == 2:
            raise ZeroDivisionError("division by zero")
        return obs.legal[0]


class Illegal(First):
    """Chooses an action no game has."""

    def act(self, obs, stream):
        return -5


class Silent:
    """A class without the agent interface."""


def invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def test_the_grammar_splits_parses_and_formats_specs():
    assert split_specs("hard:bluff=0.2,samples=50,easy,test_agent_specs:First:pick=1,x=2") == [
        "hard:bluff=0.2,samples=50",
        "easy",
        "test_agent_specs:First:pick=1,x=2",
    ]
    level, params = parse_spec("hard:bluff=0.2,samples=50")
    assert (level, params) == ("hard", {"bluff": 0.2, "samples": 50})
    assert parse_spec(format_spec(level, params)) == (level, params) and format_spec("easy", {}) == "easy"
    for text, message in [
        ("easy,", "empty agent spec"),
        ("bluff=0.2,easy", "names no level"),
    ]:
        with pytest.raises(ValueError, match=message):
            split_specs(text)
    for text, message in [("hard:bluff", "bad parameter 'bluff'"), ("hard:bluff=high", "must be a number")]:
        with pytest.raises(ValueError, match=message):
            parse_spec(text)


@pytest.mark.parametrize("game", sorted(game_names()))
def test_every_game_tells_outside_agents_from_its_levels(game):
    known = get_game(game)
    assert not any(known.is_outside(level) for level in known.levels)
    assert known.is_outside("test_agent_specs:First:pick=1") and known.is_outside("test_agent_specs:First")
    assert is_outside("test_agent_specs:First", known.levels)
    assert not known.is_outside(f"{known.levels[-1]}:x=1")


@pytest.mark.parametrize("game", OUTSIDE_GAMES)
def test_an_outside_agent_is_built_with_its_parameters_and_vector(game):
    known = get_game(game)
    agent = known.make_agent("test_agent_specs:First:pick=2", decision_timeout=5)
    assert isinstance(agent, OutsideAgent) and agent.agent.pick == 2 and agent.decision_timeout == 5
    assert known.agent_vector("test_agent_specs:First:pick=2") == {
        "spec": "test_agent_specs:First:pick=2",
        "class": "First",
    }
    assert known.choose_engine(["easy", "test_agent_specs:First"], known.default_engine)[0] == next(iter(known.engines))


@pytest.mark.parametrize("game", OUTSIDE_GAMES)
def test_an_outside_agent_duels_through_the_command_line(game):
    spec = "test_agent_specs:First:pick=1"
    done = invoke("duel", spec, "easy", "--game", game, "--hands", "30", "--json")
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    assert report["game"] == game and report["a"] == spec and report["hands"] >= 30


TUNED = [("holdem", "easy", "call_score=4:12"), ("draw", "easy", "bluff=0:0.2"), ("saint", "normal", "keep=0:2")]


@pytest.mark.parametrize(("game", "level", "param"), TUNED)
def test_an_outside_agent_is_tuned_against_in_every_game(game, level, param, tmp_path):
    """Issue 30 item 4: ``tune --against`` an outside agent, on the reference engine (no kernel plays one)."""
    args = ["tune", level, "--against", "test_agent_specs:First", "--param", param, "--game", game, "--trials", "1",
            "--players", "2", "--hands-per-trial", "8", "--validate-hands", "8", "--study", str(tmp_path / "s"),
            "--json"]  # fmt: skip
    done = invoke(*args)
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    assert report["game"] == game and report["best_spec"].startswith(level)


@pytest.mark.parametrize("game", OUTSIDE_GAMES)
def test_an_outside_agent_is_simulated_and_recorded_by_its_class(game, tmp_path):
    out = tmp_path / "run"
    agents = "test_agent_specs:First,easy"
    done = invoke("simulate", "--game", game, "--players", "2", "--agents", agents, "--hands", "20", "--out", str(out))
    assert done.exit_code == 0, done.output
    manifest = load_manifest(out)
    assert manifest["config"]["agents"][0] == "test_agent_specs:First"
    assert manifest["agent_parameters"][0] == {"spec": "test_agent_specs:First", "class": "First"}


@pytest.mark.parametrize("game", OUTSIDE_GAMES)
@pytest.mark.parametrize(
    "spec, message",
    [
        ("no_such_module_x:Agent", "cannot import module 'no_such_module_x'"),
        ("test_agent_specs:Missing", "has no 'Missing'"),
        ("test_agent_specs:First:pick", "bad parameter 'pick'"),
        ("test_agent_specs:First:speed=3", "First"),
        ("test_agent_specs:Silent", "does not implement the Agent protocol (act methods)"),
        ("easy:nonsense=1", "nonsense"),
    ],
)
def test_a_bad_spec_is_one_line_and_exit_2_in_every_game(game, spec, message):
    done = invoke("duel", spec, "easy", "--game", game, "--hands", "10")
    assert done.exit_code == 2 and done.stderr.count("\n") == 1, done.output
    assert message in done.stderr


@pytest.mark.parametrize("game", OUTSIDE_GAMES)
@pytest.mark.parametrize(
    "agent, reason", [("Boom", "ZeroDivisionError: division by zero"), ("Illegal", "-5 is not a legal action (legal: ")]
)
def test_a_failing_outside_agent_ends_the_command_naming_agent_seat_game_and_hand(game, agent, reason):
    done = invoke("duel", f"test_agent_specs:{agent}", "easy", "--game", game, "--hands", "20")
    errors = [line for line in done.stderr.splitlines() if not line.startswith("sniper: note: outside agent")]
    assert done.exit_code == 2 and len(errors) == 1, done.output
    unit = get_game(game).unit
    assert re.match(rf"sniper: error: agent test_agent_specs:{agent} in seat \d, game \d+, {unit} \d+: ", errors[0])
    assert reason in errors[0]


def play_aec(environment, steps: int = 300) -> None:
    environment.reset(seed=3)
    for _ in zip(range(steps), environment.agent_iter()):
        obs, _, terminated, truncated, _ = environment.last()
        environment.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))


@pytest.mark.parametrize("game", ("sniper", "holdem", "draw"))
def test_every_aec_env_takes_level_names_specs_and_agent_objects(game):
    pytest.importorskip("pettingzoo")
    from importlib import import_module

    package = {"sniper": "sniper_holdem"}.get(game, game)
    make_env = import_module(f"sniper.games.{package}.env").env
    mine = SniperFirst() if game == "sniper" else First()
    environment = make_env(players=4, opponents=["easy", f"{get_game(game).levels[0]}", mine])
    bots = environment.unwrapped.bots
    assert type(bots[1]) is type(get_game(game).make_agent("easy")) and bots[3] is mine
    play_aec(environment)
    assert mine.calls > 0, "the agent object played its seat"
    with pytest.raises(ValueError, match="^opponents must be"):
        make_env(players=3, opponents=[object()])
    with pytest.raises(ValueError, match="expert"):
        make_env(players=3, opponents=["expert"])


def test_saint_env_takes_level_names_specs_and_agent_objects():
    pytest.importorskip("pettingzoo")
    from sniper.games.saint.env import parallel_env

    mine = First()
    environment = parallel_env(players=3, opponents=["normal:keep=1", mine])
    assert type(environment.seat_agents[1]).__name__ == "NormalAgent" and environment.seat_agents[2] is mine
    observations, _ = environment.reset(seed=1)
    while environment.agents:
        actions = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in environment.agents}
        observations, *_ = environment.step(actions)
    assert mine.calls > 0
    with pytest.raises(ValueError, match="^opponents must be"):
        parallel_env(players=3, opponents=[object()])


@pytest.mark.parametrize("game", ("sniper", *OUTSIDE_GAMES))
def test_the_server_never_seats_an_outside_agent(game, tmp_path):
    settings = Settings(out=tmp_path / "games", allow_origins=("http://testserver",))
    with TestClient(create_app(settings)) as client:
        body = {"game": game, "seats": 2, "ai": ["examples.cautious:Cautious"]}
        assert client.post("/api/rooms", json=body).status_code == 422
        body = {"game": game, "players": 2, "level": "test_agent_specs:First"}
        assert client.post("/api/solo", json=body).status_code == 422
