"""The ``sniper`` command line: a thin typer app that parses options, calls the library and prints (README.md).

Defaults come from ``sniper.core.defaults``; checks from the library (``ValueError`` → one line
``sniper: error: …``, exit 2); tables and progress from ``sniper.cli.terminal``. The arena's commands (``duel``,
``exploit``, ``league``, ``tune``) are written in ``sniper.cli.arena_commands`` and registered here, in the order
``sniper --help`` lists them.
"""

import os
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from sniper.cli import arena_commands
from sniper.cli import options as opt
from sniper.cli import terminal as show
from sniper.cli.options import CardsCommand, fail
from sniper.core import defaults
from sniper.core import inputs as check
from sniper.core.errors import ParameterError
from sniper.core.registry import DEFAULT_GAME, get_game
from sniper.core.stats import dumps
from sniper.serve.settings import Settings

TOOLKIT = (
    "Simulate poker games at scale, pit their AI players against each other and tune them: Sniper Hold'em "
    "(`--game sniper`, the default), no-limit Texas Hold'em (`--game holdem`), five-card draw (`--game draw`) "
    "and Saint Poker (`--game saint`)."
)
"""What ``sniper --help`` says the toolkit is: every game it plays, each named with its ``--game`` value."""

app = typer.Typer(
    cls=opt.Group,
    help=TOOLKIT,
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode="markdown",
)


@app.callback()
def _main(version: opt.Version = False) -> None:
    """Simulate poker games at scale and pit their AI players against each other: Sniper Hold'em, no-limit Texas
    Hold'em and five-card draw (`--game sniper|holdem|draw`)."""


@app.command(cls=opt.Command)
def simulate(
    players: opt.Players = None,
    hands: opt.Hands = None,
    agents: opt.Agents = None,
    seed: opt.RunSeed = None,
    game_length: opt.MaybeGameLength = None,
    rules: opt.MaybeRules = None,
    out: opt.Out = None,
    resume: opt.Resume = None,
    workers: opt.Workers = 0,
    scheduler: opt.Scheduler = None,
    engine: opt.MaybeEngine = None,
    chunk_games: opt.ChunkGames = None,
    decision_timeout: opt.DecisionTimeout = None,
    game: opt.MaybeGameName = None,
    quiet: opt.Quiet = False,
    as_json: opt.Json = False,
) -> None:
    """Play many games and write the hands and actions tables (parquet), then print a summary.

    Ctrl-C keeps every finished part; `sniper simulate --resume DIR` finishes the run. With `--resume`, an
    option given must equal the run's own.
    """
    from sniper.core.errors import AgentError
    from sniper.runs.config import RunDirError, RunOptions
    from sniper.runs.runner import plan

    job = None
    try:
        check.check_backend(workers, scheduler)
        count = None if hands is None else check.parse_count(hands)
        options = RunOptions(
            players, count, agents, seed, game_length, rules, engine, chunk_games, decision_timeout, game
        )
        job = plan(options, out, resume)
        opt.note_outside_agents(job.config.agents, job.config.game)
        if scheduler is None and job.kept_hands < job.config.hands:
            show.warm_up(job.config.engine, quiet or as_json, job.config.game)
        bar = show.progress_bar("simulate", job.config.hands, quiet or as_json, job.kept_hands, job.config.game)
        with bar as update:
            result = job.start(workers or None, update, scheduler)
    except (FileExistsError, ConnectionError, RunDirError, ValueError) as error:
        fail(error)
    except AgentError as error:
        fail(f"{error}; finished parts are kept")
    except KeyboardInterrupt as stop:
        # the library names the run it claimed; before that, only a run being resumed is this command's own
        raise opt.Interrupted(getattr(stop, "run_dir", None) or (job.out if job and job.resuming else None)) from None
    if as_json:
        typer.echo(dumps(show.result_json(result)))
        return
    show.print_line(show.run_line(result))
    show.print_run_summary(result.out)


@app.command(cls=opt.Command)
def summary(
    run_dir: Annotated[
        Path, typer.Argument(metavar="DIR", help="A run directory (`sniper simulate`, `sniper serve`).")
    ],
    by: opt.SummaryBy = "agent",
    as_json: opt.Json = False,
) -> None:
    """Print the per-agent (or per-seat) summary of an existing run; of a folder of runs, the list of them (a
    league's folder: a pointer to ``sniper report``)."""
    from sniper.arena.league import LEAGUE_FILE
    from sniper.core.tables import SUMMARY_BY
    from sniper.runs.config import RunDirError
    from sniper.runs.rundir import is_run_dir, list_runs, load_manifest, run_state

    try:
        if by not in SUMMARY_BY:
            raise ValueError(f"--by must be one of {', '.join(SUMMARY_BY)}, got {by!r}")
        if run_dir.is_dir() and not is_run_dir(run_dir) and (runs := list_runs(run_dir)):
            if as_json:
                typer.echo(dumps(show.run_list_json(run_dir, runs)))
            else:
                show.print_run_list(run_dir, runs)
            return
        if not is_run_dir(run_dir) and (run_dir / LEAGUE_FILE).is_file():
            raise ValueError(f"{run_dir} holds a league ({LEAGUE_FILE}), not a run: `sniper report {run_dir}` draws it")
        manifest = load_manifest(run_dir)
        state = run_state(run_dir, manifest)
        if as_json:
            typer.echo(dumps(show.run_json(run_dir, state, manifest, show.read_summary(run_dir, by), by)))
        else:
            show.print_run_summary(run_dir, show.run_header(run_dir, state, manifest), by)
    except (RunDirError, FileNotFoundError, ValueError) as error:
        fail(error)


@app.command(cls=opt.Command)
def hand(
    cards: Annotated[
        list[int], typer.Argument(metavar="CARD", help="Six numbers 1-10: two private cards, then four board cards.")
    ],
    as_json: opt.PlainJson = False,
) -> None:
    """Name the best 5 of 6 cards (R8), e.g. `sniper hand 7 7 7 2 2 9`."""
    from sniper.games.sniper_holdem.hands import best_hand

    if len(cards) != 6:
        fail(f"give six cards (two private, four board), got {len(cards)}")
    try:
        best = best_hand(tuple(cards[:2]), tuple(cards[2:]))
    except ValueError as error:
        fail(error)
    typer.echo(dumps({"game": DEFAULT_GAME, **show.hand_json(best)}) if as_json else str(best))


@app.command(cls=CardsCommand)
def showdown(
    board: opt.Board,
    hole: opt.Holes,
    snipe: opt.Snipes = None,
    pot: opt.Pot = None,
    first: opt.First = 0,
    folded: opt.Folded = None,
    as_json: opt.PlainJson = False,
    game: opt.CardsGameName = None,
    round_number: opt.ShowdownRound = None,
) -> None:
    """Settle a showdown (R8): each seat's hand, whether it was sniped, and its payout.

    With --game saint: a Saint Poker round's showdown (S4, S5), --board the river's five cards and a --hole per
    player (e.g. --board As Td 9c 8h 2d --hole Ah Ad --hole Kc Qc --round 7): each player's best hand and points.
    """
    if game is not None and game != DEFAULT_GAME:
        try:
            if snipe or pot is not None or first or folded:
                raise ParameterError("{snipe}, {pot}, {first} and {folded} are Sniper Hold'em's (R7, R8)")
            report = check.game_showdown(game, board, hole, round_number)
        except ValueError as error:
            fail(error)
        typer.echo(dumps(report)) if as_json else show.print_game_showdown(report)
        return
    from sniper.games.sniper_holdem.showdown import settle

    try:
        if round_number is not None:
            raise ParameterError("{round}: only a game of rounds has one (--game saint)")
        cards = check.parse_cards(board, (4,), check.BOARD_HINT)
        holes = [check.parse_cards(h, (2,), check.SHOWDOWN_HOLE_HINT) for h in hole]
        result = settle(cards, holes, snipe or [], pot, first, folded or [])
    except ValueError as error:
        fail(error)
    if as_json:
        typer.echo(dumps(show.showdown_json(result, holes, set(folded or []))))
    else:
        show.print_showdown(result, cards, holes, sum(result.payout), first)


app.command(cls=opt.Command)(arena_commands.duel)


app.command(cls=opt.Command)(arena_commands.exploit)


app.command(cls=opt.Command)(arena_commands.league)


@app.command(cls=opt.Command)
def replay(
    run_dir: opt.RunDir,
    game_index: opt.GameIndex = None,
    hand: opt.HandNumber = None,
    fmt: opt.Format = "text",
    export: opt.Export = None,
    games: opt.Games = None,
    game: opt.ReplayGame = None,
) -> None:
    """Show one hand of a run as a hand history, or export games as PHH (a game with a hand-history format).

    Every game's history shows the seats, the cards as text, every action in words, the streets, pots and the
    result (Sniper Hold'em also the cap, snipes and showdown); `--format json` gives the hand's rows, `--format
    phh` PokerKit's hand history. `sniper replay DIR --game-index 3 --hand 7 [--format text|json|phh]`;
    `sniper replay DIR --export F.phhs --games 0-99`.
    """
    from sniper.runs.replay import game_index_of, replay_command

    try:
        index, note = game_index_of(run_dir, game, game_index)
        if note:
            typer.echo(f"sniper: warning: {opt.cli_message(note)}", err=True)
        typer.echo(replay_command(run_dir, index, hand, fmt, export, games))
    except (ValueError, LookupError) as error:
        fail(error.args[0] if isinstance(error, LookupError) and error.args else error)


@app.command("import", cls=opt.Command)
def import_histories(
    files: Annotated[list[Path], typer.Argument(metavar="FILE.phh|FILE.phhs ...", help="Hand histories (PHH).")],
    out: Annotated[Path, typer.Option(metavar="DIR", help="New run directory for the hands and actions tables.")],
    game: Annotated[str, typer.Option("--game", metavar="NAME", help="The game of the hand histories.")] = "holdem",
) -> None:
    """Import real hand histories (PHH, as PokerKit's phh-dataset) into a run directory (docs/holdem.md).

    A hand that cannot be replayed is skipped with one line naming file, hand and reason; the directory
    is written whole or not at all, as any run's: `sniper summary`, `replay` and `report` read it.
    """
    from sniper.runs.store import import_run

    try:
        result = import_run(files, out, game)
    except ValueError as error:
        fail(error)
    for line in result.skipped:
        typer.echo(f"sniper: skipped: {line}", err=True)
    typer.echo(f"{result.hands:,} hands imported → {result.out} ({len(result.skipped)} skipped)")


@app.command(cls=CardsCommand)
def equity(
    hole: opt.Hole = None,
    board: opt.VisibleBoard = None,
    hand: opt.DrawHand = None,
    keep: opt.Keep = None,
    opponents: opt.Opponents = 1,
    snipe: opt.MadeSnipes = None,
    samples: opt.Samples = None,
    exact: opt.Exact = False,
    seed: opt.SampleSeed = defaults.SEED,
    as_json: opt.PlainJson = False,
    game: opt.CardsGameName = None,
) -> None:
    """Showdown equity of a hand against random opponents' hands, in the game's own terms.

    Sniper Hold'em (the default): two private cards and the board (R7, R8); win is the expected share of
    the pot; sniped is the chance the seat's own hand matches a snipe; dangers are the hands opponents
    beat it with most often. With --game holdem the cards are named (--hole As Kd --board 7h 8h 9c) and
    the equity is the game's own (docs/holdem.md); with --game draw, a hand and a keep (--hand Ah Ad 7c
    4s 2d --keep Ah Ad): the keep's final hands and its equity, and the best keep (docs/draw-levels.md).
    """

    cards = {"hole": hole, "board": board, "hand": hand, "keep": keep}
    if game is not None and game != DEFAULT_GAME:
        try:
            if snipe:
                raise ParameterError("{snipe}: only Sniper Hold'em has snipes (R7)")
            report = check.game_equity(game, cards, opponents, exact, samples, seed)
        except ValueError as error:
            fail(error)
        typer.echo(dumps(report)) if as_json else show.print_game_equity(report)
        return
    from sniper.games.sniper_holdem.rollout import MAX_OPPONENTS
    from sniper.games.sniper_holdem.rollout import equity as compute

    try:
        check.check_equity_cards(get_game(DEFAULT_GAME).title, ("hole", "board"), cards)
        own = check.parse_cards(hole, (2,), check.EQUITY_HOLE_HINT)
        cards = check.parse_cards(board or "", (2, 4), check.EQUITY_BOARD_HINT)
        check.check_equity_request(cards, opponents, exact, MAX_OPPONENTS)
        n = check.parse_count(samples or opt.SAMPLES, "--samples")
        result = compute(own, cards, opponents, snipes=list(snipe or []), samples=n, seed=seed, exact=exact)
    except ValueError as error:
        fail(error)
    if as_json:
        typer.echo(dumps(show.equity_json(result, exact)))
    else:
        show.print_equity(result, own, cards, opponents, exact)


app.command(cls=opt.Command)(arena_commands.tune)


@app.command(cls=opt.Command)
def serve(
    host: opt.Host = defaults.SERVE_HOST,
    port: opt.Port = defaults.SERVE_PORT,
    out: opt.ServeOut = Path(defaults.SERVE_OUT),
    turn_seconds: opt.TurnSeconds = defaults.TURN_SECONDS,
    ai_delay: opt.AiDelay = defaults.AI_DELAY,
    allow_origin: opt.AllowOrigin = None,
    rooms_per_client: opt.RoomsPerClient = Settings.rooms_per_client,
    rooms_per_minute: opt.RoomsPerMinute = Settings.rooms_per_minute,
    max_connections: opt.MaxConnections = Settings.max_connections,
    game: opt.ServeGames = None,
) -> None:
    """Host games: people in a browser and bots over a websocket play the AI levels of every game (or of --game)."""
    try:
        from sniper.serve.app import serve as run_server
    except ModuleNotFoundError as error:  # the serve extra (fastapi, uvicorn, websockets) is not installed
        if (error.name or "sniper").split(".")[0] == "sniper":
            raise
        fail(f'sniper serve needs the serve extra ({error}): python -m pip install ".[serve]" in the checkout')
    from sniper.serve.table import hosted

    try:
        games = tuple(dict.fromkeys(game or ()))
        unknown = [name for name in games if name not in hosted()]
        if unknown:
            raise ValueError(f"unknown game {unknown[0]!r} for --game; valid: {', '.join(hosted())}")
        settings = Settings(
            games=games,
            turn_seconds=turn_seconds,
            ai_delay=ai_delay,
            out=out,
            allow_origins=tuple(allow_origin or ()),
            rooms_per_client=rooms_per_client,
            rooms_per_minute=rooms_per_minute,
            max_connections=max_connections,
        )
        run_server(settings, host, port, announce=show.print_line)
    except (OSError, ValueError) as error:
        fail(error)


# ----- sniper report (one self-contained HTML page; logic in sniper.report.build) -----
@app.command(cls=opt.Command)
def report(
    path: Annotated[
        Path,
        typer.Argument(
            metavar="PATH",
            help="A run directory, a league directory (`--out`), a tune study directory or a duel's `--json` file.",
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option("--out", metavar="FILE.html", help="Where to write the page.", show_default="PATH/report.html"),
    ] = None,
    open_page: Annotated[bool, typer.Option("--open", help="Open the page in a web browser.")] = False,
) -> None:
    """One self-contained HTML page of tables and figures (embedded PNGs, readable offline) for a run, a duel,
    a league or a tune study: who wins, where, and why, with 95% CIs."""
    from sniper.report import build as reporting
    from sniper.runs.config import RunDirError

    try:
        with show.err_console.status("report: reading") as status:
            written = reporting.write_report(path, out, lambda text: status.update(f"report: {text}"))
    except (ValueError, RunDirError) as error:
        fail(error)
    except OSError as error:
        fail(f"cannot write {error.filename or out}: {error.strerror or error}")
    show.print_line(f"report → {written}")
    if open_page:
        import webbrowser

        try:
            opened = webbrowser.open(written.resolve().as_uri())
        except webbrowser.Error:
            opened = False
        if not opened:  # no browser here (a server, a container): say so, and where the page is
            typer.echo(f"sniper: note: no web browser could be opened here; the page is {written.resolve()}", err=True)


def main() -> None:
    """The command line in this process: ``cli_options.run(app)``: one-line errors, exit codes 2, 130 and 1
    (``SystemExit``)."""
    opt.run(app)


def console() -> NoReturn:
    """The command line as a process (``sniper``, ``python -m sniper``, after ``sniper.cli.entry.console``'s set-up):
    ``main``, then the process ends at once with its exit
    code, its output flushed, without the interpreter's teardown (freeing numba's compiled kernels and every module
    one object at a time: 0.15–0.2 s of each command, measured on ``sniper simulate``). Nothing is left to it: every
    file is written and closed (parts and manifest by rename, ``sniper.runs.atomic.write_atomic``), every pool shut
    down, and no command registers an exit handler. An error ``main`` does not turn into an exit code (a bug) ends
    the process the usual way, with its traceback."""
    try:
        main()
        code = 0
    except SystemExit as stop:
        code = stop.code
    if code is None:
        code = 0
    elif not isinstance(code, int):  # a message, as sys.exit("…") would print it
        sys.stderr.write(f"{code}\n")
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (`sniper … | head`) or stream: nothing more can be said
            code = code or 1
    os._exit(code)
