"""Load on loopback: 50 rooms at once, each with two bots over real websockets and two AI seats,
play whole games on one uvicorn server: no errors, chips conserved in every recorded hand (R9),
every seat sent only its own private cards (R10). Bounded in time, not timed."""

import asyncio
import dataclasses

import numpy as np
import pytest

from sniper.games.sniper_holdem.parameters import make_agent
from sniper.runs.results import read_results
from sniper.serve import bot
from sniper.serve.app import running
from sniper.serve.settings import Settings

ROOMS = 50
BOUND_SECONDS = 600
"""A generous ceiling for the whole load (it takes well under a minute on 2 cores)."""
LEVELS = ("random", "easy", "normal", "hard")


async def one_room(base: str, ws_base: str, k: int) -> tuple[str, list[list[dict]]]:
    """Open a room as bot A, join bot B, fill two seats with AI, play the game; returns (room, messages)."""
    ai = [LEVELS[k % 4], LEVELS[(k + 1) % 4]]
    a = await asyncio.to_thread(bot.create, base, f"a{k}", seats=4, length="10", ai=ai)
    b = await asyncio.to_thread(bot.join, base, a["room"], f"b{k}")
    url = f"{ws_base}/ws/{a['room']}"
    seen: list[list[dict]] = [[], []]
    await asyncio.gather(
        bot.play_seat(url, b["token"], make_agent("easy"), seed=2 * k, on_message=seen[1].append),
        bot.play_seat(url, a["token"], make_agent("random"), seed=2 * k + 1, start=True, on_message=seen[0].append),
    )
    return a["room"], seen


@pytest.mark.slow
def test_fifty_rooms_of_bots_and_ai_play_whole_games(tmp_path):
    settings = Settings(turn_seconds=20, result_seconds=0, ai_delay=0, out=tmp_path, keep_seconds=1)
    settings = dataclasses.replace(settings, rooms_per_client=ROOMS, rooms_per_minute=ROOMS)  # all from 127.0.0.1
    with running(settings) as server:
        base = server.base_url
        ws_base = base.replace("http://", "ws://")

        async def everything():
            return await asyncio.wait_for(
                asyncio.gather(*(one_room(base, ws_base, k) for k in range(ROOMS))), BOUND_SECONDS
            )

        results = asyncio.run(everything())
        lobby = server.config.app.state.lobby
        assert lobby.errors == []
    assert len(results) == ROOMS
    for room, seen in results:
        df = read_results(tmp_path / room)
        stacks = df.pivot(index="hand", columns="seat", values="stack_after").to_numpy()
        assert (stacks.sum(axis=1) == 240).all(), f"room {room}: chips not conserved (R9)"
        assert not any(m["type"] == "error" for messages in seen for m in messages), f"room {room}: error replies"
        cards = {(h, s): (p1, p2) for h, s, p1, p2 in df[["hand", "seat", "private_1", "private_2"]].to_numpy()}
        for seat, messages in enumerate(seen):
            states = [m for m in messages if m["type"] == "state" and m["hand"] and m["hand"]["private"]]
            assert states and all(m["seat"] == seat for m in states)
            for m in states:
                assert tuple(m["hand"]["private"]) == cards[(m["hand"]["hand"], seat)], "a seat got other cards"
            assert messages[-1]["status"] == "over"
        final = seen[0][-1]["standings"]["stacks"]
        assert np.array_equal(stacks[-1], final)


def test_the_example_bot_plays_a_room_to_the_end(tmp_path):
    """examples/bot_client.py opens a room with AI seats and plays it to the end with an outside agent
    (examples.cautious:Cautious, by import path); the run labels its seat bot:cautious, not bot:bot."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    settings = Settings(turn_seconds=20, result_seconds=0, ai_delay=0, out=tmp_path, keep_seconds=1)
    with running(settings) as server:
        done = subprocess.run(
            [sys.executable, "examples/bot_client.py", "--server", server.base_url, "--create", "--seats", "3"]
            + ["--ai", "easy", "--length", "10"],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert done.returncode == 0, done.stderr
    assert "game over after" in done.stdout
    (run,) = tmp_path.iterdir()
    assert read_results(run)["agent"].iloc[0] == "bot:cautious", "the seat is named after its agent's module"


def run_example_bot(*args: str):
    """examples/bot_client.py with ``args``, from the checkout root; the finished process."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    command = [sys.executable, "examples/bot_client.py", *args]
    return subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=120)


def test_the_example_bot_says_in_one_line_why_the_server_refused_or_was_gone(tmp_path):
    """Bad options get the server's reason in one line and exit 2; an unreachable server exit 1; no traceback."""
    settings = Settings(turn_seconds=20, result_seconds=0, ai_delay=0, out=tmp_path, keep_seconds=1)
    with running(settings) as server:
        refused = {
            "ai.0": run_example_bot("--server", server.base_url, "--create", "--ai", "hrad"),
            "seats": run_example_bot("--server", server.base_url, "--create", "--seats", "9"),
            "no such room": run_example_bot("--server", server.base_url, "--room", "NOPE"),
        }
        base = server.base_url
    for reason, done in refused.items():
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("bot_client: error: "), done.stderr
        assert reason in done.stderr and "HTTP" in done.stderr
    gone = run_example_bot("--server", base, "--create")
    assert gone.returncode == 1 and gone.stderr.count("\n") == 1, gone.stderr
    assert gone.stderr.startswith("bot_client: error: cannot reach the server"), gone.stderr


def test_a_seat_whose_server_stops_mid_game_ends_with_one_connection_error(tmp_path):
    """``play_seat`` turns the server's going away (close code 1012) into a one-line ``ConnectionError``."""
    import threading

    settings = Settings(turn_seconds=60, result_seconds=0, ai_delay=0, out=tmp_path, keep_seconds=1)
    connected, outcome = threading.Event(), []

    def play(url: str, token: str) -> None:
        try:
            outcome.append(
                asyncio.run(bot.play_seat(url, token, make_agent("easy"), on_message=lambda m: connected.set()))
            )
        except Exception as error:  # noqa: BLE001 - the test inspects it
            outcome.append(error)

    with running(settings) as server:
        seat = bot.create(server.base_url, "waiting", seats=2)  # never started: the seat waits in the lobby
        url = server.base_url.replace("http", "ws", 1) + f"/ws/{seat['room']}"
        player = threading.Thread(target=play, args=(url, seat["token"]))
        player.start()
        assert connected.wait(60), "the seat never got its first state"
    player.join(60)
    (error,) = outcome
    assert isinstance(error, ConnectionError), repr(error)
    assert "closed the connection before the game was over" in str(error) and "\n" not in str(error)
