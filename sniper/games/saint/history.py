"""Saint Poker's game histories: a game of a run as people read it (``sniper replay``), or as JSON data.

``render`` is the game's ``GameSpec.game_replay``: ``--game G`` shows every round of game ``G`` (``--hand R`` only round
index ``R``, from 0): the river (the cards carried from the future river, then each seat's pick), each seat's two
cards, its hand and points (S3–S5), the scores, step 3's order and the take-backs (S6), and the new future river.
``--format json``: the same as strict JSON (``game_history``), cards as text (``As``, ``Td``).
"""

from sniper.core.stats import dumps
from sniper.games.poker52.cards import CATEGORIES, category, text
from sniper.games.saint.results import MAX_FUTURE, NONE
from sniper.games.saint.rules import RIVER_SIZE


def game_history(hands, rounds, game: int, only: int | None = None) -> dict:
    """The history of game ``game`` from its rows of the hands and rounds tables (pandas frames): ``{"game", "rounds":
    [{"round", "river", "carried", "future", "seats": [{"seat", "agent", "pick", "pair", "hand", "points",
    "score", "take_turn", "takes"}], "order", "takes"}]}``, cards as text; ``only``: that round index alone."""
    out = []
    for _, r in rounds.sort_values("hand").iterrows():
        if only is not None and int(r["hand"]) != only:
            continue
        rows = hands[hands["hand"] == r["hand"]].sort_values("seat")
        seats = []
        for _, row in rows.iterrows():
            takes = [text(int(row[c])) for c in ("take_1", "take_2") if int(row[c]) != NONE]
            seats.append({
                "seat": int(row["seat"]), "agent": row["agent"], "pick": text(int(row["pick"])),
                "pair": [text(int(row["pair_1"])), text(int(row["pair_2"]))],
                "hand": CATEGORIES[category(int(row["value"]))], "value": int(row["value"]),
                "river_only": bool(row["river_only"]), "points": int(row["points"]), "score": int(row["stack_after"]),
                "take_turn": int(row["take_turn"]) if int(row["take_turn"]) != NONE else None, "takes": takes,
            })  # fmt: skip
        order = [s["seat"] for s in sorted(seats, key=lambda s: s["take_turn"] or 0) if s["take_turn"] is not None]
        out.append({
            "round": int(r["hand"]) + 1,
            "river": [text(int(r[f"river_{i}"])) for i in range(1, RIVER_SIZE + 1)],
            "carried": int(r["carried"]),
            "future": [text(int(r[f"future_{i}"])) for i in range(1, MAX_FUTURE + 1) if int(r[f"future_{i}"]) != NONE],
            "tied": int(r["tied"]), "order": order, "seats": seats,
        })  # fmt: skip
    return {"game": int(game), "rounds": out}


def history_text(history: dict, title: str) -> str:
    """The readable text of ``game_history``'s data."""
    lines = [f"{title}, game {history['game']}"]
    for r in history["rounds"]:
        carried, picks = r["river"][: r["carried"]], r["river"][r["carried"] :]
        lines += ["", f"Round {r['round']}: river {' '.join(r['river'])}"
                  f" (carried {' '.join(carried) or '-'}; picks {' '.join(picks)})"]  # fmt: skip
        for s in r["seats"]:
            river = ", river only" if s["river_only"] else ""
            lines.append(f"  seat {s['seat']} {s['agent']}: picked {s['pick']}, showed {' '.join(s['pair'])}: "
                         f"{s['hand']}{river}; +{s['points']} -> {s['score']}")  # fmt: skip
        if r["tied"] > 1:
            lines.append(f"  {r['tied']} tied for best: each scores ceil({r['round']}/{r['tied']})")
        if r["order"]:
            by_seat = {s["seat"]: s["takes"] for s in r["seats"]}
            takes = "; ".join(f"seat {seat} takes {' '.join(by_seat[seat])}" for seat in r["order"])
            lines.append(f"  take-backs, worst first: {takes}")
        if r["future"]:
            lines.append(f"  future river: {' '.join(r['future'])}")
    if history["rounds"]:
        last = history["rounds"][-1]["seats"]
        lines += ["", "Scores: " + ", ".join(f"seat {s['seat']} {s['score']}" for s in last)]
    return "\n".join(lines)


def render(rows, game: int, hand: int | None, fmt: str, title: str) -> str:
    """Saint Poker's ``GameSpec.game_replay`` (``sniper replay``; ``sniper.runs.replay.whole_game_replay`` reads the
    rows): game ``game`` (round index ``hand`` only, when given) from its rows of each table (table name → pandas
    frame) as ``fmt``, "text" (``history_text``) or "json" (``game_history``, naming the game)."""
    history = game_history(rows["hands"], rows["rounds"], game, hand)
    if fmt == "json":
        return dumps({"name": "saint", **history})
    return history_text(history, title)
