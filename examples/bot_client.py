"""A reference bot for `sniper serve`: plugs any `Agent` into a seat of a room over the websocket protocol.

    sniper serve &                                             # the server, on 127.0.0.1:8765
    python examples/bot_client.py --create --seats 4 --ai hard  # open a room, fill 3 seats with hard AI, play it
    python examples/bot_client.py --room CODE --agent easy      # or take a seat in someone's room

The agent is any `sniper.agents.Agent`: a spec of `sniper.specs.make_agent` ("easy", "hard+ev", …)
or your own class, such as `CallingStation` below. It sees exactly the R10 observation the
server sends (docs/serve-protocol.md) and answers with an action or a snipe.
"""

import argparse
import asyncio
from dataclasses import dataclass

from kernels.codes import PASS, Act
from sniper.agents import Observation
from sniper.rng import Stream
from sniper.serve import bot
from sniper.specs import make_agent


@dataclass(frozen=True)
class CallingStation:
    """An outside agent: never folds when it can check or call, never raises, never snipes."""

    spec: str = "calling-station"

    def act(self, obs: Observation, stream: Stream) -> Act:
        return Act.CHECK if Act.CHECK in obs.legal else Act.CALL

    def snipe(self, obs: Observation, stream: Stream) -> int:
        return PASS


OWN_AGENTS = {"calling-station": CallingStation()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", default="http://127.0.0.1:8765", help="the server's base URL")
    parser.add_argument("--room", help="join this room (its code)")
    parser.add_argument("--create", action="store_true", help="open a new room and start it at once")
    parser.add_argument("--seats", type=int, default=4, help="seats of a new room, 2-6")
    parser.add_argument("--ai", default="normal", help="AI level filling the empty seats of a new room")
    parser.add_argument("--length", default="20", help="game length of a new room: 10, 20 or bust")
    parser.add_argument("--agent", default="calling-station", help="an agent spec or calling-station")
    parser.add_argument("--name", default="bot", help="the seat's name")
    parser.add_argument("--seed", type=int, default=0, help="seed of the agent's random stream")
    args = parser.parse_args()
    if not args.create and not args.room:
        parser.error("give --room CODE or --create")
    agent = OWN_AGENTS.get(args.agent) or make_agent(args.agent)
    if args.create:
        seat = bot.create(args.server, args.name, seats=args.seats, ai=[args.ai], length=args.length)
        print(f"room {seat['room']}: others join with --room {seat['room']}", flush=True)
    else:
        seat = bot.join(args.server, args.room, args.name)
    url = args.server.replace("http", "ws", 1).rstrip("/") + f"/ws/{seat['room']}"
    final = asyncio.run(bot.play_seat(url, seat["token"], agent, args.seed, start=args.create))
    standings = final["standings"]
    print(f"game over after {standings['hands']} hands; chips {standings['stacks']}; you were seat {seat['seat']}")


if __name__ == "__main__":
    main()
