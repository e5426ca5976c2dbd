"""A reference bot for `sniper serve`: plugs any `Agent` into a seat of a room over the websocket protocol.

Run from the checkout root, with a server running (`sniper serve`, on 127.0.0.1:8765):

    python examples/bot_client.py --create --seats 4 --ai hard       # open a room, fill 3 seats with hard AI
    python examples/bot_client.py --room CODE --agent hard+ev        # or take a seat in someone's room

`--agent` is any spec of `sniper.games.sniper_holdem.specs.make_agent`: a level ("easy", "hard+ev:samples=800") or an
outside agent by import path (default: `examples.cautious:Cautious`). The agent sees exactly the
R10 observation the server sends (docs/serve-protocol.md, `sniper.serve.bot.observation_of`) and
answers each of its turns with an action or a snipe.

Errors are one line on stderr: exit 2 when the server refuses the options (its reason is shown: a bad
`--seats` or `--ai`, an unknown `--room`), 1 when the server cannot be reached or stops mid-game,
130 on Ctrl-C.
"""

import argparse
import asyncio
import os
import sys

sys.path.insert(0, os.getcwd())  # outside agents (and sniper itself) import from the checkout root

from sniper.games.sniper_holdem.specs import make_agent  # noqa: E402
from sniper.serve import bot  # noqa: E402


def fail(message: str, code: int) -> None:
    """Print ``bot_client: error: message`` on stderr and exit with ``code``."""
    print(f"bot_client: error: {message}", file=sys.stderr)
    sys.exit(code)


def main() -> None:
    """Parse the options, take the seat, play it to the end; one-line errors (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", default="http://127.0.0.1:8765", help="the server's base URL")
    parser.add_argument("--room", help="join this room (its code)")
    parser.add_argument("--create", action="store_true", help="open a new room and start it at once")
    parser.add_argument("--seats", type=int, default=4, help="seats of a new room, 2-6")
    parser.add_argument("--ai", default="normal", help="AI level filling the empty seats of a new room")
    parser.add_argument("--length", default="20", help="game length of a new room: 10, 20 or bust")
    parser.add_argument("--agent", default="examples.cautious:Cautious", help="an agent spec (level or import path)")
    parser.add_argument(
        "--name", help="the seat's name, recorded as bot:NAME (default: the agent's module or level, e.g. cautious)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the agent's random stream")
    args = parser.parse_args()
    if not args.create and not args.room:
        parser.error("give --room CODE or --create")
    if not args.server.startswith(("http://", "https://")):
        parser.error(f"--server must be an http:// or https:// URL, got {args.server!r}")
    try:
        agent = make_agent(args.agent)
    except ValueError as error:
        parser.error(str(error))
    name = args.name or bot.agent_name(args.agent)
    try:
        if args.create:
            seat = bot.create(args.server, name, seats=args.seats, ai=[args.ai], length=args.length)
            print(f"room {seat['room']}: others join with --room {seat['room']}", flush=True)
        else:
            seat = bot.join(args.server, args.room, name)
        url = args.server.replace("http", "ws", 1).rstrip("/") + f"/ws/{seat['room']}"
        final = asyncio.run(bot.play_seat(url, seat["token"], agent, args.seed, start=args.create))
    except bot.Refused as error:
        fail(str(error), 1 if error.status >= 500 else 2)
    except ConnectionError as error:
        fail(str(error), 1)
    except KeyboardInterrupt:
        fail("interrupted", 130)
    standings = final["standings"]
    print(f"game over after {standings['hands']} hands; chips {standings['stacks']}; you were seat {seat['seat']}")


if __name__ == "__main__":
    main()
