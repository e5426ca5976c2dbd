"""A reference bot for `sniper serve`: plugs any `Agent` of any hosted game into a seat of a room over the websocket
protocol.

Run from the checkout root, with a server running (`sniper serve`, on 127.0.0.1:8765):

    python examples/bot_client.py --create --seats 4 --ai hard       # open a room, fill 3 seats with hard AI
    python examples/bot_client.py --room CODE --agent hard+ev        # or take a seat in someone's room
    python examples/bot_client.py --game holdem --create --agent normal --seats 3
    python examples/bot_client.py --game saint --create --agent hard --length 8

`--game` is a game the server hosts (Sniper Hold'em when absent: `sniper`, `holdem`, `draw`, `saint`); `--agent` is
any agent spec of that game (its `GameSpec.make_agent`): a level ("easy", "hard+ev:samples=800") or, where the game
takes one, an outside agent by import path (default: `examples.cautious:Cautious` for Sniper Hold'em, `normal`
otherwise). The agent sees exactly the observation the game's rule gives its seat (Sniper Hold'em: rebuilt from the
R10 view, `sniper.serve.bot.observation_of`; another game: the `observation` a bot seat is sent) and answers each of
its turns with the game's move message (docs/serve-protocol.md).

Errors are one line on stderr: exit 2 when the server refuses the options (its reason is shown: a bad
`--seats` or `--ai`, an unknown `--room`), 1 when the server cannot be reached or stops mid-game,
130 on Ctrl-C.
"""

import argparse
import asyncio
import os
import sys

sys.path.insert(0, os.getcwd())  # outside agents (and sniper itself) import from the checkout root

from sniper.core.registry import DEFAULT_GAME, get_game  # noqa: E402
from sniper.serve import bot  # noqa: E402
from sniper.serve.table import hosted  # noqa: E402


def fail(message: str, code: int) -> None:
    """Print ``bot_client: error: message`` on stderr and exit with ``code``."""
    print(f"bot_client: error: {message}", file=sys.stderr)
    sys.exit(code)


def main() -> None:
    """Parse the options, take the seat, play it to the end; one-line errors (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", default="http://127.0.0.1:8765", help="the server's base URL")
    parser.add_argument("--game", default=DEFAULT_GAME, choices=hosted(), help="the game (of a new room, of --room)")
    parser.add_argument("--room", help="join this room (its code)")
    parser.add_argument("--create", action="store_true", help="open a new room and start it at once")
    parser.add_argument("--seats", type=int, default=4, help="seats of a new room (the game's range, e.g. 2-6)")
    parser.add_argument("--ai", default="normal", help="AI level filling the empty seats of a new room")
    parser.add_argument("--length", help="game length of a new room (the game's default when absent)")
    parser.add_argument("--agent", help="an agent spec of the game (default: examples.cautious:Cautious, or normal)")
    parser.add_argument(
        "--name", help="the seat's name, recorded as bot:NAME (default: the agent's module or level, e.g. cautious)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the agent's random stream")
    args = parser.parse_args()
    if not args.create and not args.room:
        parser.error("give --room CODE or --create")
    if not args.server.startswith(("http://", "https://")):
        parser.error(f"--server must be an http:// or https:// URL, got {args.server!r}")
    spec = args.agent or ("examples.cautious:Cautious" if args.game == DEFAULT_GAME else "normal")
    try:
        agent = get_game(args.game).make_agent(spec)
    except ValueError as error:
        parser.error(str(error))
    name = args.name or bot.agent_name(spec)
    try:
        if args.create:
            options = {"game": args.game, "seats": args.seats, "ai": [args.ai], "length": args.length}
            seat = bot.create(args.server, name, **{k: v for k, v in options.items() if v is not None})
            print(f"room {seat['room']}: others join with --room {seat['room']}", flush=True)
        else:
            seat = bot.join(args.server, args.room, name, args.game)
        url = args.server.replace("http", "ws", 1).rstrip("/") + f"/ws/{seat['room']}"
        final = asyncio.run(bot.play_seat(url, seat["token"], agent, args.seed, start=args.create, game=args.game))
    except bot.Refused as error:
        fail(str(error), 1 if error.status >= 500 else 2)
    except ConnectionError as error:
        fail(str(error), 1)
    except KeyboardInterrupt:
        fail("interrupted", 130)
    standings = final["standings"]
    game = get_game(args.game)
    print(
        f"game over after {standings['hands']} {game.unit}s; {game.score} {standings['stacks']}; "
        f"you were seat {seat['seat']}"
    )


if __name__ == "__main__":
    main()
