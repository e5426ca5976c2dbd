"""``sniper replay`` for any game: one hand of a run, as its game shows it, or as the rows of its tables.

``replay_command`` reads the run's manifest, looks its game up (``sniper.core.registry``) and gives the
request to the game's own ``GameSpec.replay`` (Sniper Hold'em: hand histories and PHH,
``sniper.games.sniper_holdem.history.replay_command``). A game without one is shown by ``table_replay``:
the hand's rows of each of its tables, as text or JSON.
"""

from pathlib import Path

from sniper.core.errors import ParameterError
from sniper.core.registry import get_game
from sniper.core.stats import dumps

FORMATS = ("text", "json")
"""The formats of ``table_replay``."""


def replay_command(out, game: int | None, hand: int | None, fmt: str = "text", export=None, games=None) -> str:
    """What ``sniper replay`` prints for the run in ``out``: hand ``hand`` of game ``game`` as ``fmt``, or, with
    ``export`` (a path) and ``games`` (a range such as "0-99"), the line saying what was exported, as the
    run's game does it (``GameSpec.replay``; else ``table_replay``). Raises ``sniper.runs.runner.RunDirError``
    when ``out`` is not a readable run, ``ValueError`` (one line) for a missing or contradictory option or
    an unknown format, ``LookupError`` naming the valid range for a game or hand not in the run."""
    from sniper.runs.runner import load_manifest

    spec = get_game(load_manifest(out)["game"])
    if spec.replay is not None:
        return spec.resolve(spec.replay)(out, game, hand, fmt, export, games)
    return table_replay(out, game, hand, fmt, export, games)


def table_replay(out, game: int | None, hand: int | None, fmt: str = "text", export=None, games=None) -> str:
    """Hand ``hand`` of game ``game`` of the run in ``out`` as the rows of each table of its game: for each
    table, its name and its rows of the hand (``text``: aligned columns; ``json``: ``{table: [row, …]}``,
    strict JSON), or ``phh``, the game's PHH text of the hand (``GameSpec.history``, when it
    has one). Raises ``ParameterError`` for ``export``/``games`` (a game without its own history format
    exports nothing), another format, or a missing or negative game or hand; ``LookupError`` naming the run's
    games, or the game's hands, when the hand is not in the run."""
    from sniper.runs.runner import load_manifest
    from sniper.runs.store import read_run

    manifest = load_manifest(out)
    spec = get_game(manifest["game"])
    if export is not None or games is not None:
        raise ParameterError("{export} and {games}: {title} runs have no hand-history format", title=spec.title)
    formats = (*FORMATS, "phh") if spec.history is not None else FORMATS
    if fmt not in formats:
        raise ParameterError("unknown {fmt} {got!r}; valid: {valid}", got=fmt, valid=", ".join(formats))
    if game is None or hand is None:
        raise ParameterError("give {game} and {hand}")
    if game < 0 or hand < 0:
        raise ParameterError("{game} and {hand} count from 0, got game {g}, hand {h}", g=game, h=hand)
    rows = {
        table: read_run(out, table, filters=[("game", "=", int(game)), ("hand", "=", int(hand))])
        for table in spec.tables
    }
    if rows["hands"].empty:
        total = int(manifest.get("games", 0))
        played = read_run(out, "hands", columns=["hand"], filters=[("game", "=", int(game))])
        if played.empty:
            raise LookupError(f"{out} has games 0-{total - 1}; game {game} is not in it")
        raise LookupError(f"game {game} of {out} has hands 0-{played['hand'].max()}, not {hand}")
    if fmt == "phh":
        columns = {table: frame.to_dict("list") for table, frame in rows.items()}
        return spec.resolve(spec.history)(columns["hands"], columns["actions"], manifest["config"]["seed"])
    if fmt == "json":
        data = {table: frame.to_dict("records") for table, frame in rows.items()}
        return dumps(data)
    lines = [f"{spec.title}, game {game}, hand {hand} ({Path(out)})"]
    for table, frame in rows.items():
        lines += ["", f"{table}:", frame.to_string(index=False)]
    return "\n".join(lines)
