"""``sniper replay`` for any game: one hand of a run, as its game shows it, or as the rows of its tables.

``replay_command`` reads the run's manifest, looks its game up (``sniper.core.registry``) and gives the
request to the game's own ``GameSpec.replay`` (Sniper Hold'em: hand histories and PHH,
``sniper.games.sniper_holdem.history.replay_command``). A game without one is shown by ``table_replay``:
the hand's rows of each of its tables, as text or JSON, or, for a game with a hand-history format
(``GameSpec.history``: no-limit Hold'em's PHH), one hand as PHH or a range of games exported to a ``.phhs``
file (``export_history``).
"""

from pathlib import Path

from sniper.core.errors import ParameterError
from sniper.core.inputs import parse_games
from sniper.core.registry import GameSpec, get_game
from sniper.core.stats import dumps
from sniper.core.tables import HANDS
from sniper.core.toml import phhs_text

FORMATS = ("text", "rows", "json")
"""The formats of ``table_replay``: the hand history in words (the game's ``GameSpec.hand_text``; the rows for a
game without one), the hand's rows of each table as aligned text, and as JSON."""


def game_index_of(out, game: str | None, game_index: int | None) -> tuple[int | None, ParameterError | None]:
    """The game number ``sniper replay`` shows from its ``--game`` and ``--game-index``, and a deprecation note.

    ``game`` names the run's game (checked against its manifest; ``ParameterError`` naming both when it is
    another); a number there is the old spelling of ``game_index``, taken for one release with the note
    (``ParameterError`` when both give a number). Raises ``sniper.runs.config.RunDirError`` for a directory
    that is not a run.
    """
    from sniper.runs.rundir import load_manifest

    if game is None:
        return game_index, None
    if game.strip().lstrip("-").isdigit():
        if game_index is not None:
            raise ParameterError("give the game's number once, as {game_index} ({game} names the game)")
        note = ParameterError(
            "{game} N for the game's number is deprecated and goes in the next release; use {game_index} N "
            "({game} names the game)"
        )
        return int(game), note
    played = load_manifest(out)["game"]
    if game != played:
        title = get_game(played).title
        raise ParameterError(
            "{game} {got}: {out} is a run of {title} ({played})", got=game, out=out, title=title, played=played
        )
    return game_index, None


def replay_command(out, game: int | None, hand: int | None, fmt: str = "text", export=None, games=None) -> str:
    """What ``sniper replay`` prints for the run in ``out``: hand ``hand`` of game ``game`` as ``fmt``, or, with
    ``export`` (a path) and ``games`` (a range such as "0-99"), the line saying what was exported, as the
    run's game does it (``GameSpec.replay``; else ``table_replay``). Raises ``sniper.runs.config.RunDirError``
    when ``out`` is not a readable run, ``ValueError`` (one line) for a missing or contradictory option or
    an unknown format, ``LookupError`` naming the valid range for a game or hand not in the run."""
    from sniper.runs.rundir import load_manifest

    spec = get_game(load_manifest(out)["game"])
    if spec.replay is not None:
        return spec.resolve(spec.replay)(out, game, hand, fmt, export, games)
    if spec.game_replay is not None:
        return whole_game_replay(out, game, hand, fmt, export, games)
    return table_replay(out, game, hand, fmt, export, games)


def whole_game_replay(out, game: int | None, hand: int | None, fmt: str = "text", export=None, games=None) -> str:
    """Game ``game`` of the run in ``out`` (only its hand ``hand`` when given) as its game renders a whole game
    (``GameSpec.game_replay``: ``render(rows, game, hand, fmt, title)`` of the game's rows of each table, table name
    → pandas frame, in ``fmt``, one of ``FORMATS``). Raises ``ParameterError`` for ``export``/``games`` (no
    hand-history format), another format, a missing or negative game or hand; ``LookupError`` naming the run's
    games, or the game's hands, when they are not in the run."""
    from sniper.runs.rundir import load_manifest
    from sniper.runs.store import read_run

    manifest = load_manifest(out)
    spec = get_game(manifest["game"])
    if export is not None or games is not None:
        raise ParameterError("{export} and {games}: {title} runs have no hand-history format", title=spec.title)
    if fmt not in FORMATS:
        raise ParameterError("unknown {fmt} {got!r}; valid: {valid}", got=fmt, valid=", ".join(FORMATS))
    if game is None:
        raise ParameterError("give {game} (and {hand} for one {unit})", unit=spec.unit)
    if game < 0 or (hand is not None and hand < 0):
        raise ParameterError("{game} and {hand} count from 0, got game {g}, hand {h}", g=game, h=hand)
    rows = {table: read_run(out, table, filters=[("game", "=", int(game))]) for table in manifest["tables"]}
    if rows[HANDS].empty:
        raise LookupError(f"{out} has games 0-{int(manifest.get('games', 0)) - 1}; game {game} is not in it")
    if hand is not None and hand not in set(rows[HANDS]["hand"]):
        raise LookupError(f"game {game} of {out} has {spec.unit}s 0-{rows[HANDS]['hand'].max()}, not {hand}")
    return spec.resolve(spec.game_replay)(rows, game, hand, fmt, f"{spec.title} ({Path(out)})")


def table_replay(out, game: int | None, hand: int | None, fmt: str = "text", export=None, games=None) -> str:
    """Hand ``hand`` of game ``game`` of the run in ``out`` as the rows of each table of its game: for each
    table, its name and its rows of the hand (``rows``, and ``text`` for a game without a ``GameSpec.hand_text``:
    aligned columns; ``json``: ``{table: [row, …]}``, strict JSON), the hand history in words (``text``, the
    game's ``GameSpec.hand_text``), or ``phh``, the game's PHH text of the hand (``GameSpec.history``, when it
    has one); with ``export`` and ``games``, ``export_history``'s line. Raises ``ParameterError`` for
    ``export``/``games`` of a game without a history format, another format, or a missing or negative game
    or hand; ``LookupError`` naming the run's games, or the game's hands, when the hand is not in the run."""
    from sniper.runs.rundir import load_manifest
    from sniper.runs.store import read_run

    manifest = load_manifest(out)
    spec = get_game(manifest["game"])
    if export is not None or games is not None:
        if spec.history is None:
            raise ParameterError("{export} and {games}: {title} runs have no hand-history format", title=spec.title)
        if export is None:
            raise ParameterError("{games} goes with {export} FILE.phhs")
        if games is None:
            raise ParameterError("{export} needs {games}, e.g. {games} 0-99")
        if game is not None or hand is not None:
            raise ParameterError("give {export} with {games}, or {game_index} with {hand}, not both")
        return export_history(out, export, parse_games(games), manifest)
    formats = (*FORMATS, "phh") if spec.history is not None else FORMATS
    if fmt not in formats:
        raise ParameterError("unknown {fmt} {got!r}; valid: {valid}", got=fmt, valid=", ".join(formats))
    if game is None or hand is None:
        raise ParameterError("give {game_index} and {hand}")
    if game < 0 or hand < 0:
        raise ParameterError("{game_index} and {hand} count from 0, got game {g}, hand {h}", g=game, h=hand)
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
        where = f"game {game}, hand {hand} of {out}"
        return hand_history(spec, columns["hands"], columns["actions"], manifest["config"]["seed"], where)
    if fmt == "json":
        data = {table: frame.to_dict("records") for table, frame in rows.items()}
        return dumps(data)
    if fmt == "text" and spec.hand_text is not None:
        columns = {table: frame.to_dict("list") for table, frame in rows.items()}
        return spec.resolve(spec.hand_text)(columns["hands"], columns["actions"], manifest["config"].get("seed"))
    lines = [f"{spec.title}, game {game}, hand {hand} ({Path(out)})"]
    for table, frame in rows.items():
        lines += ["", f"{table}:", frame.to_string(index=False)]
    return "\n".join(lines)


def hand_history(spec: GameSpec, hands: dict, actions: dict, seed, where: str) -> str:
    """The game's hand-history text of one hand (``GameSpec.history``) from its rows of the hands and actions
    tables (dicts of columns); ``ValueError`` naming the hand (``where``, e.g. "game 0, hand 3 of DIR") and the
    game's reason when it cannot write them (e.g. an imported hand whose private cards were hidden)."""
    try:
        return spec.resolve(spec.history)(hands, actions, seed)
    except ValueError as error:
        raise ValueError(f"{where} cannot be written as a hand history: {error}") from None


def _missing_game(out, chosen: range, present, total: int) -> LookupError:
    """The error naming the run's games for the first game of ``chosen`` not in ``present`` (a set)."""
    first = next(g for g in chosen if g not in present)  # stops within len(present) + 1 steps
    return LookupError(f"{out} has games 0-{total - 1}; game {first} is not in it")


def export_history(out, path, chosen: range, manifest: dict | None = None) -> str:
    """Write every hand of the games ``chosen`` (a range, e.g. ``sniper.core.inputs.parse_games("0-99")``) of
    the run in ``out`` to the new file ``path`` as one ``.phhs`` text (each hand the game's PHH,
    ``GameSpec.history``, from its rows of the hands and actions tables, as the TOML tables ``[1]``, ``[2]``,
    … of ``sniper.core.toml.phhs_text``, in game and hand order), to a temporary file then renamed; returns
    the line saying what was written. Only the rows of ``chosen`` are read (bounds pushed down to the scan).

    Raises ``ParameterError`` for a game without a history format or a ``path`` that exists (nothing is
    overwritten), ``LookupError`` naming the run's games when a game of ``chosen`` is not in the run,
    ``ValueError`` naming the game and hand whose rows the game cannot write, ``OSError`` when ``path``
    cannot be written (nothing is written then).
    """
    from sniper.runs.atomic import write_atomic
    from sniper.runs.rundir import load_manifest
    from sniper.runs.store import read_run

    manifest = manifest if manifest is not None else load_manifest(out)
    spec: GameSpec = get_game(manifest["game"])
    if spec.history is None:
        raise ParameterError("{export}: {title} runs have no hand-history format", title=spec.title)
    path = Path(path)
    if path.exists():
        raise ParameterError("{path} already exists; give a new file (an export never overwrites)", path=path)
    filters = [("game", ">=", chosen.start), ("game", "<", chosen.stop)]
    hands = read_run(out, HANDS, filters=filters)
    present = set(hands["game"].unique().tolist())
    if len(present) < len(chosen):
        raise _missing_game(out, chosen, present, int(manifest.get("games", 0)))
    actions = read_run(out, "actions", filters=filters)
    moves = {key: frame.sort_values("seq") for key, frame in actions.groupby(["game", "hand"], sort=False)}
    empty = {name: [] for name in actions.columns}
    seed = manifest["config"].get("seed")
    texts = []
    for (game, hand), rows in hands.groupby(["game", "hand"], sort=True):
        acts = moves.get((game, hand))
        moved = empty if acts is None else acts.to_dict("list")
        texts.append(hand_history(spec, rows.to_dict("list"), moved, seed, f"game {game}, hand {hand} of {out}"))
    text = phhs_text(texts)
    write_atomic(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    return f"wrote {len(texts)} hands of games {chosen.start}-{chosen.stop - 1} to {path}"


def play_hand_rows(name: str, agents, seed: int, game: int, hand: int, rules) -> dict:
    """Hand ``hand`` of game ``game`` of run ``seed`` of the registered game ``name``, played by its reference
    engine (the first of ``GameSpec.engines``) with the agent specs ``agents`` (one per seat) under ``rules``
    (``GameSpec.make_rules``): the hand's rows of each of its tables (a table without a ``hand`` column: all
    its rows), table name → pandas DataFrame, the rows
    a run of those agents stores for it (``sniper.play_hand`` of a game without its own ``GameSpec.play_hand``).
    The whole game is played (a chunk of one game). Raises ``ValueError`` for a bad spec, ``LookupError`` when
    the game ends before hand ``hand``."""
    import pyarrow.compute as pc

    from sniper.runs.config import RunConfig

    spec = get_game(name)
    reference = next(iter(spec.engines))
    config = RunConfig(tuple(agents), rules, seed, 1, 1, reference, game=spec.name)
    played = spec.engine(reference)(config, game)
    rows = {
        table: (t.filter(pc.equal(t["hand"], hand)) if "hand" in t.column_names else t).to_pandas()
        for table, t in played.tables.items()
    }
    if rows[HANDS].empty:
        raise LookupError(f"game {game} of seed {seed} ends before hand {hand}")
    return rows
