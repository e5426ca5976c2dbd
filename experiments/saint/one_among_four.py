"""One level alone among four copies of another at a 5-player Saint Poker table, on the kernel.

For each ordered pair (A, B): A at seat ``k`` and B at the four others, for ``k`` = 0…4, ``--games`` games each
on seed ``--seed``, paired game by game with the all-B table on the same deals (the same seed and games): the
difference of the point difference per round (``5 × points − the round's points``) at seat ``k`` between the two
tables, its mean and a 95% CI over the ``5 × --games`` games (normal approximation). It asks what a duplicate
duel at 5 players (three A against two B and two A against three B) mixes in: how a level does against a field of
another, without copies of itself at the table.

Usage: ``python experiments/saint/one_among_four.py [--games 4000] [--seed 5003] > one_among_four.json``.
"""

import argparse
import json

import numpy as np

from kernels.saint.codes import SeatField
from sniper.games.saint.kernel_engine import kernel_inputs, play_games_kernel

SEATS = 5
PAIRS = [("normal", "easy"), ("hard", "easy"), ("hard", "normal"), ("easy", "normal"), ("easy", "hard"),
         ("normal", "hard")]  # fmt: skip
"""The ordered pairs (A alone, B four times)."""


def seat_net(run, seat: int) -> np.ndarray:
    """``float64 (games,)``: seat ``seat``'s point difference per round in each game of ``run``."""
    points = run.seats[..., SeatField.POINTS].astype(np.int64)
    return (SEATS * points[:, :, seat] - points.sum(axis=2)).mean(axis=1)


def one_among_four(a: str, b: str, seed: int, games: int) -> dict:
    """A alone among four B (module docstring): mean and 95% CI of the paired difference per round."""
    base = play_games_kernel(seed, range(games), kernel_inputs([b] * SEATS))
    diffs = []
    for seat in range(SEATS):
        specs = [b] * SEATS
        specs[seat] = a
        diffs.append(seat_net(play_games_kernel(seed, range(games), kernel_inputs(specs)), seat) - seat_net(base, seat))
    d = np.concatenate(diffs)
    mean, half = float(d.mean()), float(1.96 * d.std(ddof=1) / np.sqrt(d.size))
    return {"a": a, "b": b, "games": int(d.size), "net_per_round": mean, "ci95": [mean - half, mean + half]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000, help="games per seat of the lone level")
    parser.add_argument("--seed", type=int, default=5003)
    args = parser.parse_args()
    rows = [one_among_four(a, b, args.seed, args.games) for a, b in PAIRS]
    print(json.dumps({"game": "saint", "players": SEATS, "seed": args.seed, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
