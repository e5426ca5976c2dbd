"""A Saint Poker showdown (S4, S5): each player's best hand of its two cards and the river, and the round's points.

``showdown`` is the game's ``GameSpec.showdown`` (``sniper showdown --game saint --board C C C C C --hole C C
--hole C C … --round R``).

>>> result = showdown("Ah Kh 7c 7d 2s", ["As Ks", "Ad Kd", "9c 9h"], 7)
>>> result["points"], [p["hand"] for p in result["players"]]
([4, 4, 0], ['two pair', 'two pair', 'two pair'])
"""

from itertools import combinations

from sniper.games.poker52.cards import CATEGORIES, category, named_cards, text, value
from sniper.games.saint.rules import PICK_TWO, RIVER_SIZE, ROUNDS, SEATS
from sniper.games.saint.table import score_round


def showdown(board, holes, round: int = 1) -> dict:
    """The showdown of the river ``board`` (5 cards, text such as ``"As Td 9c 8h 2d"`` or a list of names) and the
    players' two cards ``holes`` (2–5 of them), in round ``round`` (1–8): strict-JSON-ready data, ``game`` ("saint"),
    ``round``, ``board``, ``players`` (per hole, in order: its cards, ``hand`` (category), ``best`` (its five
    cards), ``value``, ``points``) and ``points`` (a list in ``holes`` order: S5, the best hand scores the round's
    number, players tied for it ``ceil(round / tied)`` each). ``ValueError`` (one line, naming the option) for a
    wrong count of cards, a repeated card, a bad name or a round outside 1–8."""
    river = named_cards(board, "board")
    if len(river) != RIVER_SIZE:
        raise ValueError(f"board: the river holds {RIVER_SIZE} cards (S3), got {len(river)}")
    if not SEATS.start <= len(holes) <= SEATS.stop - 1:
        raise ValueError(f"hole: give the two cards of each of 2-{SEATS.stop - 1} players (S1), got {len(holes)}")
    pairs = [named_cards(h, "hole") for h in holes]
    if any(len(p) != PICK_TWO for p in pairs):
        raise ValueError("hole: each player shows two cards (S4), e.g. --hole As Kd")
    every = [*river, *(c for p in pairs for c in p)]
    if len(set(every)) != len(every):
        raise ValueError("board, hole: a card appears twice")
    if isinstance(round, bool) or not isinstance(round, int) or not 1 <= round <= ROUNDS:
        raise ValueError(f"round must be 1-{ROUNDS} (S5), got {round!r}")
    values = [value((*p, *river)) for p in pairs]
    points = score_round(round, values)
    players = []
    for p, v, won in zip(pairs, values, points):
        best = next(five for five in combinations((*p, *river), 5) if value(five) == v)
        players.append({"hole": [text(c) for c in p], "hand": CATEGORIES[category(v)],
                        "best": [text(c) for c in sorted(best, reverse=True)], "value": v, "points": won})  # fmt: skip
    return {
        "game": "saint",
        "round": round,
        "board": [text(c) for c in river],
        "players": players,
        "points": list(points),
    }
