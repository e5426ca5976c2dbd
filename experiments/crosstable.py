"""Every level against every weaker level and ``random``, heads-up and at a full table (issue 32 item 4).

    python experiments/crosstable.py --game draw [--hands 20000] [--seed 3203] [--seats 2,4] [--also SPEC]
        [--tag before] [--out experiments/crosstable/draw-before.json]

A league (``sniper.arena.league.run_league``: a duplicate duel for every pair, 95% CIs over duplicate
groups, Bradley–Terry ratings on games won) of ``hard, normal, easy, random`` (plus any ``--also`` spec)
at 2 seats and at a full table (``FULL_TABLE``, or ``--seats``; 2 + 2 at 4 seats, 3 + 3 at 6: A's seats
against B's), on the kernel engine, on a run seed no tuning study used (studies tune on ``2S`` and validate
on ``2S + 1`` for their ``--seed S``; 3203 would be the validation seed of ``S = 1601``, which no study
used). Prints one markdown
crosstable per table size (row level's chips per hand against each column level, with its 95% CI; the
pairs where the row is the stronger level) and writes the JSON (strict, naming the game).
"""

import argparse
import os
import time
from pathlib import Path

from sniper.arena.league import run_league
from sniper.core.stats import interval_text, json_safe, value_text
from sniper.runs.atomic import write_json

LADDER = ("hard", "normal", "easy", "random")
"""The levels of every game, strongest first (the crosstable's rows and columns)."""
FULL_TABLE = {"sniper": 4, "draw": 4, "holdem": 6}
"""The seats of each game's full-table league (the table sizes its earlier ladders were measured at)."""


def league_rows(game: str, players: int, hands: int, seed: int, also: list[str]) -> dict:
    """One league's crosstable (stronger row against weaker column, plus every pair with an ``also`` spec),
    ratings and timing, as JSON data."""
    specs = [*LADDER, *also]
    started = time.perf_counter()
    result = run_league(specs, players, hands, seed=seed, game=game)
    table = result.crosstable
    rank = {s: i for i, s in enumerate(specs)}
    keep = table[table.apply(lambda r: rank[r["a"]] < rank[r["b"]] or r["b"] in also, axis=1)]
    return {
        "players": players,
        "hands_per_pair": hands,
        "load_average": os.getloadavg()[0],
        "seconds": round(time.perf_counter() - started, 1),
        "crosstable": [
            {k: row[k] for k in ("a", "b", "hands", "net_per_hand", "ci95_low", "ci95_high", "verdict")}
            for row in keep.to_dict("records")
        ],
        "ratings": result.ratings[["agent", "bt_rating", "bt_rating_se"]].to_dict("records"),
    }


def markdown(league: dict, also: list[str]) -> str:
    """The crosstable as markdown: a row per level, a column per weaker level (and ``also`` spec)."""
    columns = [*LADDER[1:], *also]
    lines = [f"| {league['players']} seats | " + " | ".join(f"vs `{c}`" for c in columns) + " |"]
    lines.append("|---" * (len(columns) + 1) + "|")
    cells = {(r["a"], r["b"]): r for r in league["crosstable"]}
    for a in LADDER[:-1]:
        shown = []
        for b in columns:
            r = cells.get((a, b))
            shown.append(
                ""
                if r is None
                else f"{value_text(r['net_per_hand'], '+.2f')} {interval_text(r['ci95_low'], r['ci95_high'], '+.2f')}"
            )
        lines.append(f"| `{a}` | " + " | ".join(shown) + " |")
    order = " > ".join(f"{r['agent']} {r['bt_rating']:.0f}" for r in league["ratings"])
    return "\n".join(lines) + f"\n\nBT ratings (Elo scale): {order}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(FULL_TABLE))
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=3203)
    parser.add_argument("--seats", default=None, help="table sizes, e.g. 2,4 (default: 2 and FULL_TABLE's)")
    parser.add_argument("--also", action="append", default=[], help="another spec in the league")
    parser.add_argument("--tag", default="")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    sizes = [int(n) for n in args.seats.split(",")] if args.seats else [2, FULL_TABLE[args.game]]
    print(f"{args.game}: seed {args.seed}, {args.hands:,} hands per pair, load {os.getloadavg()[0]:.2f}")
    leagues = []
    for players in sizes:
        leagues.append(league_rows(args.game, players, args.hands, args.seed, args.also))
        print(markdown(leagues[-1], args.also), flush=True)
    data = {"game": args.game, "tag": args.tag, "seed": args.seed, "engine": "kernel", "leagues": leagues}
    if args.out:
        write_json(args.out, json_safe(data))


if __name__ == "__main__":
    main()
