"""Outside agents: import-path specs playing on the reference engine with the same guarantees (R10, R13)."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from kernels.sniper_holdem.codes import PASS, Act
from sniper.arena.duel import DuelSetup, run_duel
from sniper.core.registry import get_game
from sniper.games.sniper_holdem.parameters import is_outside, make_agent
from sniper.games.sniper_holdem.play import AgentError
from sniper.games.sniper_holdem.rules import make_rules
from sniper.runs.config import RunConfig
from sniper.runs.rundir import load_manifest
from sniper.runs.runner import simulate
from sniper.runs.store import read_run

CAUTIOUS = "examples.cautious:Cautious:margin=2"


class Boom:
    """Raises on its third betting decision."""

    def __init__(self):
        self.calls = 0

    def act(self, obs, stream):
        self.calls += 1
        if self.calls == 3:
            raise ZeroDivisionError("division by zero")
        return obs.legal[0]

    def snipe(self, obs, stream):
        return PASS


class Illegal(Boom):
    def act(self, obs, stream):
        return Act.CHECK if Act.CHECK not in obs.legal else Act.FOLD


class BadSnipe(Boom):
    def act(self, obs, stream):
        return obs.legal[-1]

    def snipe(self, obs, stream):
        return 60


DECISIONS = {"count": 0}


class Late(Boom):
    """Raises after 300 decisions in this process, so only a later chunk fails."""

    def act(self, obs, stream):
        DECISIONS["count"] += 1
        if DECISIONS["count"] > 300:
            raise RuntimeError("late failure")
        return obs.legal[-1] if Act.CALL in obs.legal else obs.legal[0]


class Slow(Boom):
    def act(self, obs, stream):
        time.sleep(0.5)
        return obs.legal[0]


def test_specs_tell_outside_agents_from_levels():
    assert is_outside(CAUTIOUS) and is_outside("examples.cautious:Cautious")
    assert not any(is_outside(s) for s in ("hard", "hard+ev", "hard:samples=4000,bluff=0.08", "easy+pass:bluff=0"))
    assert make_agent(CAUTIOUS).agent.margin == 2
    assert get_game("sniper").choose_engine(["easy", CAUTIOUS], "kernel") == (
        "reference",
        f"outside agent {CAUTIOUS} plays on the reference engine (--engine reference)",
    )
    assert get_game("sniper").choose_engine(["easy", "hard"], "kernel") == ("kernel", None)


@pytest.mark.parametrize(
    "spec, message",
    [
        ("no_such_module_x:Agent", "cannot import module 'no_such_module_x'"),
        ("examples.cautious:Careless", "has no 'Careless'"),
        ("examples.cautious:Cautious:speed=3", "Cautious"),
        ("examples.cautious:Cautious:margin", "bad parameter 'margin'"),
        ("sniper.games.sniper_holdem.rules:Rules", "does not implement the Agent protocol"),
    ],
)
def test_bad_outside_specs_say_why(spec, message):
    with pytest.raises(ValueError, match=message):
        make_agent(spec)


def test_outside_agent_runs_are_the_same_for_any_number_of_workers(tmp_path):
    agents = (CAUTIOUS, "easy", "random")
    engine, _ = get_game("sniper").choose_engine(agents, "kernel")
    config = RunConfig(agents, make_rules(), seed=4, hands=400, chunk_games=4, engine=engine)
    simulate(config, tmp_path / "one", workers=1)
    simulate(config, tmp_path / "two", workers=2)
    for table in ("hands", "actions"):
        pd.testing.assert_frame_equal(read_run(tmp_path / "one", table), read_run(tmp_path / "two", table))
    hands = read_run(tmp_path / "one")
    assert (hands[hands["agent"] == CAUTIOUS]["snipe"] == PASS).all(), "the example never snipes"


def test_outside_agent_in_a_duel():
    result = run_duel(DuelSetup(CAUTIOUS, "random", engine="reference", chunk_games=4), hands=300)
    assert result.hands >= 300 and result.net_per_hand > 0, "a cautious player beats random play"


@pytest.mark.parametrize(
    "agent, reason",
    [
        ("test_outside_agents:Boom", "ZeroDivisionError: division by zero"),
        ("test_outside_agents:Illegal", "is not a legal action (legal: "),
        ("test_outside_agents:BadSnipe", "snipe 60 is not PASS (-1) or a snipe code 0-59"),
    ],
)
def test_a_failing_agent_ends_the_run_naming_agent_seat_game_and_hand(agent, reason, tmp_path):
    config = RunConfig(("easy", agent), make_rules(), seed=1, hands=100, chunk_games=1, engine="reference")
    with pytest.raises(AgentError, match=rf"agent {agent} in seat 1, game \d+, hand \d+: ") as error:
        simulate(config, tmp_path / "run", workers=1)
    assert reason in str(error.value) and "\n" not in str(error.value)
    assert load_manifest(tmp_path / "run")["status"] == "interrupted"


def test_finished_parts_stay_when_an_agent_fails_later(tmp_path):
    DECISIONS["count"] = 0
    agent = "test_outside_agents:Late"
    config = RunConfig(("easy", agent), make_rules(), seed=1, hands=2000, chunk_games=1, engine="reference")
    with pytest.raises(AgentError, match=rf"agent {agent} in seat 1, game [1-9]\d*, hand \d+: RuntimeError: late"):
        simulate(config, tmp_path / "run", workers=1)
    manifest = load_manifest(tmp_path / "run")
    assert manifest["status"] == "interrupted" and manifest["parts"] >= 1
    assert len(read_run(tmp_path / "run", "hands")) == 2 * manifest["hands"] > 0


def test_decision_timeout_ends_the_run(tmp_path):
    agent = "test_outside_agents:Slow"
    config = RunConfig(("easy", agent), make_rules(), seed=1, hands=60, chunk_games=1, engine="reference")
    config = RunConfig(**{**config.__dict__, "decision_timeout": 0.05})
    with pytest.raises(AgentError, match=rf"agent {agent} in seat 1, game 0, hand 0: TimeoutError: no decision within"):
        simulate(config, tmp_path / "slow", workers=1)
    assert load_manifest(tmp_path / "slow")["status"] == "interrupted"


CONSOLE_SCRIPT = """
import os, sys
sys.path[:] = [p for p in sys.path if p not in ("", os.getcwd())]  # as the installed `sniper` command starts
from sniper.cli.app import main
sys.argv = ["sniper", "duel", "mybot:Quiet", "random", "--hands", "200", "--json"]
main()
"""


def test_outside_agent_module_in_the_current_directory(tmp_path):
    """The installed ``sniper`` command imports an outside agent from the current directory, as
    ``python -m sniper`` does (the README's ``examples.cautious`` example from a checkout)."""
    (tmp_path / "mybot.py").write_text(
        "class Quiet:\n"
        "    def act(self, obs, stream):\n"
        "        return obs.legal[0]\n"
        "    def snipe(self, obs, stream):\n"
        "        return -1\n"
    )
    root = Path(__file__).resolve().parent.parent
    env = os.environ | {"PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", CONSOLE_SCRIPT], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    assert "mybot:Quiet" in done.stdout
