"""No process-wide switches (issue 19 item 3): an agent is given its rollout backend, and serving, tuning or
importing the reference engine changes nothing for the other agents of the process."""

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import sniper.games.sniper_holdem.rollout
from sniper.games.sniper_holdem.parameters import agent_vector, level_parameters, make_agent
from sniper.games.sniper_holdem.play import play_game
from sniper.games.sniper_holdem.rules import make_rules
from sniper.serve.app import create_app
from sniper.serve.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
SPECS = ("normal:samples=8", "easy+beater")
"""A Monte Carlo level and a rollout snipe heuristic: both decide by rollouts."""


@pytest.fixture
def backends(monkeypatch):
    """The rollout backend of every rollout made on this thread, in order: "python" or "kernel" (the kernel is
    stood in for by the Python rollout, which it equals bit for bit, so nothing is compiled)."""
    calls: list[str] = []
    here = threading.get_ident()
    python = sniper.games.sniper_holdem.rollout.rollout

    def plain(*args, **kwargs):
        if threading.get_ident() == here:
            calls.append("python")
        return python(*args, **kwargs)

    def kernel(private, board, n_opponents, codes=(), probs=None, n_future=0, key=0, n=1000, parallel=True, *rest):
        if threading.get_ident() == here:
            calls.append("kernel")
        return python(private, board, n_opponents, codes, probs, n_future, key, n, *rest)

    monkeypatch.setattr(sniper.games.sniper_holdem.rollout, "rollout", plain)
    monkeypatch.setattr(sniper.games.sniper_holdem.rollout, "kernel_rollout", kernel)
    return calls


def play(agents) -> list:
    return [(s.bets, s.snipes, s.payout) for s in play_game(agents, 3, 0, make_rules("ours", "10"))]


def test_each_agent_runs_its_rollouts_on_the_backend_it_was_given(backends):
    play([make_agent(s, rollouts="kernel") for s in SPECS])
    assert backends and set(backends) == {"kernel"}
    backends.clear()
    play([make_agent(s) for s in SPECS])
    assert backends and set(backends) == {"python"}


def test_a_running_server_switches_no_other_agent_to_the_kernel(backends, tmp_path):
    settings = Settings(out=tmp_path / "games", ai_delay=0.0, result_seconds=0.0)
    with TestClient(create_app(settings)):
        play([make_agent(s) for s in SPECS])
    assert backends and set(backends) == {"python"}


def test_the_backend_is_no_parameter_of_an_agent():
    assert "rollouts" not in level_parameters("hard") and "rollouts" not in agent_vector("hard+ev")
    assert make_agent("hard", rollouts="kernel").rollouts == "kernel" and make_agent("hard").rollouts == "python"
    with pytest.raises(ValueError, match="unknown rollout backend 'gpu'; valid: python, kernel"):
        make_agent("hard", rollouts="gpu")


def test_importing_the_reference_engine_neither_loads_numba_nor_writes_the_environment():
    code = (
        "import os, sys; before = dict(os.environ)\n"
        "import kernels, sniper.games\n"
        "from sniper.games.sniper_holdem import engine, play, rules, agents, parameters, history\n"
        "print('numba' in sys.modules, dict(os.environ) == before)"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]
