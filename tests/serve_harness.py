"""What the server tests share: a real ``sniper serve`` process on 127.0.0.1, killed with ``kill -9`` mid-game and
started again on the same ``--out`` (tests/test_serve_record.py, tests/test_serve_games.py), and a bounded wait.

Every loop here is bounded (at most a minute of polling); the servers listen on 127.0.0.1 only.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = (
    "import sys; from pathlib import Path; import uvicorn\n"
    "from sniper.serve.app import create_app\nfrom sniper.serve.settings import Settings\n"
    "s = Settings(turn_seconds=float(sys.argv[3]), result_seconds=0.0, ai_delay=0.0, out=Path(sys.argv[1]), seed=1,"
    " port=int(sys.argv[2]))\n"
    "uvicorn.run(create_app(s), host='127.0.0.1', port=int(sys.argv[2]), log_level='warning')\n"
)
"""A server process: ``python -c SCRIPT OUT PORT TURN_SECONDS`` (seed 1, no pauses)."""


def free_port() -> int:
    """A port of 127.0.0.1 free now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(out: Path, port: int, turn_seconds: float) -> subprocess.Popen:
    """A server process on 127.0.0.1:``port`` writing games under ``out``, once it answers (at most a minute)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    server = subprocess.Popen([sys.executable, "-c", SCRIPT, str(out), str(port), str(turn_seconds)], env=env)
    for _ in range(600):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/info", timeout=1)
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise AssertionError("the server did not start")


def post(port: int, path: str, body: dict) -> dict:
    """POST ``body`` as JSON to the server on 127.0.0.1:``port``; its JSON answer."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    return json.loads(urllib.request.urlopen(request, timeout=10).read())


def kill_9_mid_game(out: Path, solo: dict, turn_seconds: float, hands: int = 2) -> Path:
    """Start a server, open the game against the computer ``solo`` (a ``POST /api/solo`` body) and connect its person
    (whose turns then time out), wait until ``hands`` hands are journaled, ``kill -9`` the server; check the record is
    left "running"; start a server on the same ``out`` (which recovers it) and stop it. Returns the game's record."""
    port = free_port()
    server = start_server(out, port, turn_seconds)
    try:
        seat = post(port, "/api/solo", solo)
        from websockets.sync.client import connect

        with connect(f"ws://127.0.0.1:{port}/ws/{seat['room']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": seat["token"]}))
            ws.recv(timeout=10)
        manifest = out / seat["room"] / "manifest.json"
        for _ in range(600):
            if manifest.is_file() and json.loads(manifest.read_text())["hands"] >= hands:
                break
            time.sleep(0.05)
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
    assert json.loads(manifest.read_text())["status"] == "running"
    server = start_server(out, port, turn_seconds)
    server.send_signal(signal.SIGTERM)
    server.wait()
    return manifest.parent
