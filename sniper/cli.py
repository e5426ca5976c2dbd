"""The ``sniper`` command line: a thin typer app over the library (see README.md)."""

import errno
import json
import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from typer.core import TyperCommand

from sniper import __version__

app = typer.Typer(
    help="Simulate Sniper Hold'em at scale and pit its AI players against each other.",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode="markdown",
)
# Piped output gets wide lines rather than tables cut at 80 columns.
console = Console(width=None if sys.stdout.isatty() else 160)
err_console = Console(stderr=True)


def fail(message: str) -> None:
    """Print a one-line error to stderr and exit with code 2 (bad input)."""
    typer.echo(f"sniper: error: {message}", err=True)
    raise typer.Exit(2)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"sniper {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """Simulate Sniper Hold'em at scale and pit its AI players against each other."""


MAX_COUNT = 10**10
"""Largest ``--hands``/``--max-hands``/``--samples`` accepted: 1e10 hands take days even on many cores."""


def parse_count(text: str, what: str = "--hands", maximum: int = MAX_COUNT) -> int:
    """A positive whole count up to ``maximum`` from text such as ``1000000`` or ``1e6``; ``ValueError`` otherwise."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{what} must be a positive whole number such as 1000 or 1e6, got {text!r}") from None
    if not value.is_integer() or value < 1:
        raise ValueError(f"{what} must be a positive whole number such as 1000 or 1e6, got {text!r}")
    if value > maximum:
        raise ValueError(f"{what} must be at most {maximum:,}, got {text!r}")
    return int(value)


def _check_players(players: int) -> None:
    if not 2 <= players <= 6:
        fail(f"--players must be 2-6 (R2), got {players}")


def _check_backend(workers: int, scheduler: str | None) -> None:
    if workers < 0:
        fail(f"--workers must be 0 (all cores) or more, got {workers}")
    if scheduler is not None and "://" not in scheduler:
        fail(f"--scheduler must be an address such as tcp://127.0.0.1:8786, got {scheduler!r}")


WorkersOption = Annotated[
    int,
    typer.Option(
        help="Cores to use, 0 = all: numba threads in this process (kernel engine) or spawned worker "
        "processes (reference engine; 1 = this process only)."
    ),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option(help="Run chunks on an existing dask.distributed cluster, e.g. tcp://127.0.0.1:8786."),
]
AutoChunkOption = Annotated[int, typer.Option(help="Games per chunk of work (0 = sized from --hands).")]
GameLengthOption = Annotated[str, typer.Option(help="Hands per game: 10, 20 or bust (R9).")]
RulesOption = Annotated[str, typer.Option(help="Rule preset: ours or show (R12).")]
EngineChoice = Annotated[
    str, typer.Option(help="Engine: kernel (numba) or reference (pure Python); same results (R13).")
]


DEFAULT_MIX = ("easy", "normal", "hard", "hard")
"""Default seats of ``simulate``, repeated to fill the table."""


@app.command()
def simulate(
    players: Annotated[int | None, typer.Option(help="Seats at the table, 2-6 (R2).", show_default="4")] = None,
    hands: Annotated[
        str | None,
        typer.Option(help="Hands to play at least, e.g. 1e6; whole games are played.", show_default="1e4"),
    ] = None,
    agents: Annotated[
        str | None,
        typer.Option(
            help="Comma list of agent specs, one per seat or one for all (the default repeats to fill the seats).",
            show_default="easy,normal,hard,hard",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Run seed; every hand is fixed by (seed, game, hand) (R13).", show_default="0"),
    ] = None,
    game_length: Annotated[
        str | None, typer.Option(help="Hands per game: 10, 20 or bust (R9).", show_default="20")
    ] = None,
    rules: Annotated[str | None, typer.Option(help="Rule preset: ours or show (R12).", show_default="ours")] = None,
    out: Annotated[Path | None, typer.Option(help="New run directory (default: runs/simulate-DATE-TIME).")] = None,
    resume: Annotated[
        Path | None, typer.Option(help="Finish the interrupted run in this directory (its own parameters).")
    ] = None,
    workers: WorkersOption = 0,
    scheduler: SchedulerOption = None,
    engine: Annotated[
        str | None,
        typer.Option(
            help="Engine: kernel (numba) or reference (pure Python), same results (R13).", show_default="kernel"
        ),
    ] = None,
    chunk_games: Annotated[
        int | None, typer.Option(help="Games per chunk (unit of work and of parquet parts).", show_default="200")
    ] = None,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
) -> None:
    """Play many games and write one parquet row per seat per hand, then print a summary.

    Ctrl-C keeps every finished part; `sniper simulate --resume DIR` finishes the run.
    """
    from sniper.game import make_rules
    from sniper.runner import RunConfig, RunDirError, check_engine, load_manifest
    from sniper.runner import resume as resume_run
    from sniper.runner import simulate as run
    from sniper.specs import parse_agents

    _check_backend(workers, scheduler)
    if players is not None:
        _check_players(players)
    if chunk_games is not None and chunk_games < 1:
        fail(f"--chunk-games must be 1 or more, got {chunk_games}")
    try:
        listed = [a for a in (agents or "").split(",") if a.strip()]
        n_players = players or (len(listed) if len(listed) > 1 else 4)
        requested: dict = {}
        if players is not None:
            requested["players"] = players
        if hands is not None:
            requested["hands"] = parse_count(hands)
        if agents is not None:
            requested["agents"] = tuple(parse_agents(agents, n_players))
        if seed is not None:
            requested["seed"] = seed
        if rules is not None or game_length is not None:
            requested["rules"] = make_rules(rules or "ours", game_length or "20")
        if engine is not None:
            check_engine(engine)
            requested["engine"] = engine
        if chunk_games is not None:
            requested["chunk_games"] = chunk_games
    except ValueError as error:
        fail(str(error))
    kept = 0
    if resume is not None:
        if out is not None and Path(out) != Path(resume):
            fail("give either --out (a new run) or --resume (an interrupted one), not both")
        out = resume
        try:
            manifest = load_manifest(resume)
            total = int(manifest["config"]["hands"])
            run_engine = str(manifest["config"].get("engine", "kernel"))
            # an interrupted run keeps the parts before the interruption (written in order)
            kept = int(manifest.get("hands", 0)) if manifest.get("status") != "complete" else total
        except (RunDirError, KeyError, TypeError, ValueError, AttributeError):
            total, run_engine = None, "reference"  # resume_run says what is wrong
        start = lambda progress: resume_run(resume, requested, workers or None, progress, scheduler)  # noqa: E731
    else:
        default = ",".join(DEFAULT_MIX[i % len(DEFAULT_MIX)] for i in range(n_players))
        requested.pop("players", None)
        requested.setdefault("agents", tuple(parse_agents(default, n_players)))
        requested.setdefault("hands", 10_000)
        requested.setdefault("rules", make_rules())
        config = RunConfig(**requested)
        total = config.hands
        run_engine = config.engine
        out = out or Path("runs") / time.strftime("simulate-%Y%m%d-%H%M%S")
        start = lambda progress: run(config, out, workers or None, progress, scheduler)  # noqa: E731
    try:
        if scheduler is None and kept < (total or 1):
            warm_up(run_engine, quiet)
        with progress_bar("simulate", total, quiet, kept=kept) as update:
            result = start(update)
    except (FileExistsError, ConnectionError, RunDirError, ValueError) as error:
        fail(str(error))
    except KeyboardInterrupt:
        typer.echo(
            f"sniper: interrupted; finished parts are kept; finish with: sniper simulate --resume {out}", err=True
        )
        raise typer.Exit(130) from None
    rate = f"{result.played_hands / max(result.seconds, 1e-9):,.0f} hands/s"
    if result.already_complete:
        line = f"{result.out}: run already complete, {result.hands:,} hands in {result.games:,} games; nothing to do"
    elif result.kept_hands:
        line = (
            f"{result.hands:,} hands in {result.games:,} games: {result.kept_hands:,} hands kept, "
            f"{result.played_hands:,} played now in {result.seconds:.1f} s ({rate}) → {result.out}"
        )
    else:
        line = f"{result.hands:,} hands in {result.games:,} games, {result.seconds:.1f} s ({rate}) → {result.out}"
    print_line(line)
    _print_run_summary(result.out)


def print_line(text: str) -> None:
    """Print a plain line (no colour highlighting); a trailing ``→ path`` moves to its own line rather than
    being broken when the line is wider than the terminal."""
    head, arrow, path = text.rpartition(" → ")
    if arrow and len(text) > console.width:
        text = f"{head}\n→ {path}"
    console.print(text, highlight=False, soft_wrap=True)


def warm_up(engine: str, quiet: bool = False) -> None:
    """Compile the numba game kernel (or load it from numba's on-disk cache, ~0.4 s) before a run's clock starts.

    The first run on a machine compiles for ~20 s; a spinner on stderr says so, only where a progress bar
    would be shown (not ``quiet``, stderr a terminal). Nothing to do for the reference engine.
    """
    if engine != "kernel":
        return
    import kernels.game

    compile_kernels = getattr(kernels.game, "warmup", None)
    if compile_kernels is None:
        return
    if quiet or not err_console.is_terminal:
        compile_kernels()
        return
    with err_console.status("compiling numba kernels (first run only, then cached)…"):
        compile_kernels()


def _print_run_summary(out: Path) -> None:
    from sniper.results import read_results, summarize

    print_summary(summarize(read_results(out)))


@app.command()
def summary(run_dir: Annotated[Path, typer.Argument(help="A run directory written by `sniper simulate`.")]) -> None:
    """Print the per-agent summary of an existing run."""
    from sniper.runner import RunDirError, load_manifest

    try:
        manifest = load_manifest(run_dir)
    except RunDirError as error:
        fail(str(error))
    config = manifest["config"]
    status = manifest.get("status", "?")
    console.print(
        f"{run_dir}: {status} run, seed {config.get('seed')}, agents {','.join(config.get('agents', []))}, "
        f"{manifest.get('hands', 0):,} of {config.get('hands', 0):,} hands",
        highlight=False,
    )
    if status != "complete":
        console.print(f"(not complete: finish with `sniper simulate --resume {run_dir}`)", highlight=False)
    try:
        _print_run_summary(run_dir)
    except FileNotFoundError as error:
        fail(str(error))


@contextmanager
def progress_bar(label: str, total: int | None, quiet: bool = False, kept: int = 0):
    """A rich progress bar on stderr with hands, hands/s and ETA; yields ``update(done, total=None, note="")``.

    Shown only when stderr is a terminal and not ``quiet``; ``note`` is extra text (e.g. the CI).
    ``kept`` hands were done before (a resumed run): the bar starts there, and hands/s and the ETA
    count only the hands played now.
    """
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    columns = (
        TextColumn(f"[bold]{label}"),
        BarColumn(),
        TextColumn("{task.completed:,.0f}/{task.fields[goal]} hands"),
        TextColumn("{task.fields[rate]}"),
        TextColumn("{task.fields[note]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    disable = quiet or not err_console.is_terminal
    with Progress(*columns, console=err_console, disable=disable, transient=True) as bar:
        task = bar.add_task(label, total=total, completed=kept, rate="", note="", goal=f"{total:,}" if total else "?")
        start = time.perf_counter()

        def update(done: int, total: int | None = None, note: str = "") -> None:
            rate = max(done - kept, 0) / max(time.perf_counter() - start, 1e-9)
            extra = {"total": total, "goal": f"{total:,}"} if total else {}
            goal = total or bar.tasks[0].total
            shown = min(done, goal) if goal else done
            bar.update(task, completed=shown, rate=f"{rate:,.0f} hands/s", note=note, **extra)

        yield update


def print_summary(summary) -> None:
    """Print a per-agent summary table (``sniper.results.summarize``): net chips/hand ± 95% CI half-width.

    Fits an 80-column terminal for runs of millions of hands: no vertical rules, short headers; a
    long agent spec folds onto more lines, and no number is ever cut (in the extreme, numbers fold too).
    """
    headers = ("agent", "hands", "net/hand", "±95%", "SD won", "snipes", "hit", "games won")
    rows = [
        (
            row.agent,
            f"{row.hands:,}",
            f"{row.net_per_hand:+.3f}",
            f"{(row.ci95_high - row.ci95_low) / 2:.3f}",
            f"{row.showdown_wins:,}",
            f"{row.snipes_made:,}",
            f"{row.snipes_hit:,}",
            f"{row.games_won:,}",
        )
        for row in summary.itertuples()
    ]
    gap = 2  # between columns; no vertical rules and no padding at the edges
    numbers_width = sum(max(len(cell) for cell in column) + gap for column in list(zip(headers, *rows))[1:])
    numbers_fit = numbers_width + len("agent") <= console.width
    table = Table(
        title="Per agent: net chips per hand, 95% confidence interval",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        collapse_padding=True,
        pad_edge=False,
        show_edge=False,
    )
    for name in headers:
        is_agent = name == "agent"
        table.add_column(
            name, justify="left" if is_agent else "right", overflow="fold", no_wrap=numbers_fit and not is_agent
        )
    for cells in rows:
        table.add_row(*cells)
    console.print(table)
    console.print(
        "hands: hands dealt in, summed over the agent's seats; SD won: showdowns won; hit: snipes that named "
        "another showdown hand; games won: most chips at the end (R9).",
        highlight=False,
    )


def _hand_json(hand) -> dict:
    from sniper.hands import CATEGORY_NAMES

    return {"category": CATEGORY_NAMES[hand.category], "top": hand.top, "numbers": list(hand.numbers)}


@app.command()
def hand(
    cards: Annotated[list[int], typer.Argument(help="Six numbers 1-10: two private cards, then four board cards.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Name the best 5 of 6 cards (R8), e.g. `sniper hand 7 7 7 2 2 9`."""
    from sniper.hands import best_hand

    if len(cards) != 6:
        fail(f"give six cards (two private, four board), got {len(cards)}")
    try:
        best = best_hand(tuple(cards[:2]), tuple(cards[2:]))
    except ValueError as error:
        fail(str(error))
    typer.echo(json.dumps(_hand_json(best)) if as_json else str(best))


def join_card_values(args: list[str], options: tuple[str, ...]) -> list[str]:
    """Command-line args with each of ``options`` followed by one value: all the words up to the next option.

    ``--board 6 6 9 9`` becomes ``--board "6 6 9 9"`` and ``--hole 6 2`` becomes ``--hole "6 2"``, so the
    comma form (``--board 6,6,9,9``) and the space form are both accepted, and a wrong count is reported by
    ``parse_cards`` instead of as a stray argument. Only for commands without positional arguments.
    """
    out: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--":
            out += args[i - 1 :]
            break
        name, eq, value = arg.partition("=")
        if name not in options:
            out.append(arg)
            continue
        values = [value] if eq else []
        if not eq and i < len(args) and not args[i].startswith("-"):
            values.append(args[i])
            i += 1
        while i < len(args) and not args[i].startswith("-"):
            values.append(args[i])
            i += 1
        out.append(name)
        if values:
            out.append(" ".join(values))
    return out


class CardsCommand(TyperCommand):
    """A command whose ``--board``/``--hole`` take their numbers space- or comma-separated (``join_card_values``)."""

    card_options = ("--board", "--hole")

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, join_card_values(list(args), self.card_options))
        except Exception as error:  # click's UsageError, vendored inside typer
            if str(getattr(error, "message", "")).startswith("Got unexpected extra argument"):
                error.message += (
                    "; cards go right after --board/--hole (e.g. --board 6 6 9 9 --hole 6,2), and a snipe is quoted "
                    '(e.g. --snipe "9 full house")'
                )
            raise


def parse_cards(text: str, counts: tuple[int, ...], hint: str) -> tuple[int, ...]:
    """The numbers of a card option's value (space- or comma-separated); ``ValueError`` saying ``hint`` otherwise.

    Only the count and the syntax are checked here; the card values (1-10, R1) are checked by the library.
    """
    try:
        cards = tuple(int(p) for p in text.replace(",", " ").split())
    except ValueError:
        cards = ()
    if len(cards) not in counts:
        raise ValueError(f"{hint}; got {text!r}")
    return cards


BOARD_HINT = "--board takes four numbers separated by spaces, e.g. --board 6 6 9 9"
SHOWDOWN_HOLE_HINT = "--hole takes two numbers joined by a comma, e.g. --hole 6,2 (repeat --hole for each seat)"


@app.command(cls=CardsCommand)
def showdown(
    board: Annotated[str, typer.Option(metavar="N N N N", help="The four community cards, e.g. --board 6 6 9 9.")],
    hole: Annotated[
        list[str], typer.Option(metavar="N,N", help="Private cards of one seat, e.g. --hole 6,2; repeat per seat.")
    ],
    snipe: Annotated[list[str] | None, typer.Option(help='A snipe, e.g. "9 full house"; repeatable.')] = None,
    pot: Annotated[int | None, typer.Option(help="Pot in chips (default: one ante per seat).")] = None,
    first: Annotated[int, typer.Option(help="Seat of the first player (R3).")] = 0,
    folded: Annotated[list[int] | None, typer.Option(help="A seat that folded; repeatable.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Settle a showdown (R8): each seat's hand, whether it was sniped, and its payout."""
    from sniper.cards import check_cards
    from sniper.hands import parse_snipe
    from sniper.showdown import showdown as settle

    folded = set(folded or [])
    try:
        board = parse_cards(board, (4,), BOARD_HINT)
        holes = [parse_cards(h, (2,), SHOWDOWN_HOLE_HINT) for h in hole]
        n = len(holes)
        if not 2 <= n <= 6:
            raise ValueError(f"give 2-6 --hole options (R2), got {n}")
        if not 0 <= first < n:
            raise ValueError(f"--first must be a seat 0-{n - 1}, got {first}")
        if bad := sorted(s for s in folded if not 0 <= s < n):
            raise ValueError(f"--folded seat {bad[0]} is not a seat 0-{n - 1}")
        if len(folded) >= n:
            raise ValueError("at least one seat must reach the showdown")
        check_cards([*board, *(c for h in holes for c in h)])
        snipes = [parse_snipe(s) for s in snipe or []]
        pot = n if pot is None else pot
        if pot < 0:
            raise ValueError(f"--pot must be 0 or more chips, got {pot}")
        private = {seat: holes[seat] for seat in range(n) if seat not in folded}
        result = settle(tuple(board), private, snipes, pot, first, n)
    except ValueError as error:
        fail(str(error))
    if as_json:
        seats = [
            {
                "seat": seat,
                "hole": list(holes[seat]),
                "folded": seat in folded,
                "hand": _hand_json(result.hands[seat]) if seat in result.hands else None,
                "sniped": result.sniped.get(seat, False),
                "payout": result.payout[seat],
            }
            for seat in range(n)
        ]
        typer.echo(json.dumps({"seats": seats, "winners": list(result.winners), "payout": list(result.payout)}))
        return
    table = Table(title=f"Showdown, board {' '.join(map(str, board))}, pot {pot}")
    for name in ("seat", "hole", "hand", "sniped", "payout"):
        table.add_column(name)
    for seat in range(n):
        made = result.hands.get(seat)
        table.add_row(
            str(seat) + (" (1st)" if seat == first else ""),
            f"{holes[seat][0]} {holes[seat][1]}",
            str(made) if made else "folded",
            "yes" if result.sniped.get(seat) else "",
            str(result.payout[seat]),
        )
    console.print(table)


def _rules_and_specs(rules: str, game_length: str, engine: str, specs: list[str]):
    """Validated rules, agent specs and engine for duel and league; ``ValueError`` otherwise."""
    from sniper.game import make_rules
    from sniper.runner import check_engine
    from sniper.specs import make_agent

    check_engine(engine)
    for spec in specs:
        make_agent(spec)
    return make_rules(rules, game_length)


@app.command()
def duel(
    a: Annotated[str, typer.Argument(help="Agent spec A, e.g. easy.")],
    b: Annotated[str, typer.Argument(help="Agent spec B, e.g. easy:bluff=0.2 (may equal A).")],
    players: Annotated[int, typer.Option(help="Seats, 2-6, split between A and B (R2).")] = 2,
    hands: Annotated[str, typer.Option(help="Hands to play at least, all seatings counted, e.g. 1e4.")] = "1e4",
    until_ci: Annotated[
        float | None, typer.Option(help="Play on until the 95% CI half-width is below this (chips/hand).")
    ] = None,
    max_hands: Annotated[str, typer.Option(help="Most hands to play with --until-ci.")] = "1e6",
    seed: Annotated[int, typer.Option(help="Seed; the deals are fixed by (seed, game, hand) (R13).")] = 0,
    game_length: GameLengthOption = "20",
    rules: RulesOption = "ours",
    engine: EngineChoice = "kernel",
    workers: WorkersOption = 0,
    scheduler: SchedulerOption = None,
    chunk_games: AutoChunkOption = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON only.")] = False,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
) -> None:
    """Duplicate duel: A against B on the same cards with the seats rotated; net chips/hand with a 95% CI.

    Every game is replayed with A and B swapping seats (all rotations), so both get the same
    cards; the CI treats each game's set of replays as one independent unit. Also shows how much
    wider the CI would be for the same hands dealt independently.
    """
    from sniper.duel import DuelSetup, run_duel
    from sniper.runner import Backend

    _check_players(players)
    _check_backend(workers, scheduler)
    if chunk_games < 0:
        fail(f"--chunk-games must be 0 (auto) or more, got {chunk_games}")
    if until_ci is not None and not until_ci > 0:
        fail(f"--until-ci must be a positive number of chips per hand, got {until_ci}")
    try:
        n_hands = parse_count(hands)
        limit = parse_count(max_hands, "--max-hands")
        rule_set = _rules_and_specs(rules, game_length, engine, [a, b])
    except ValueError as error:
        fail(str(error))
    setup = DuelSetup(a.strip(), b.strip(), players, rule_set, seed, chunk_games, engine)
    total = None if until_ci is not None else n_hands
    try:
        if scheduler is None:
            warm_up(engine, quiet or as_json)
        backend = Backend(workers or None, scheduler, engine=engine)
        with backend, progress_bar("duel", total, quiet) as update:
            result = run_duel(
                setup,
                n_hands,
                until_ci,
                limit,
                backend,
                lambda done, half: update(done, note=f"CI ±{half:.3f}"),
            )
    except ConnectionError as error:
        fail(str(error))
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    low, high = result.ci95
    table = Table(title=f"Duplicate duel, {players} seats, {result.seatings} seatings per game")
    table.add_column("")
    table.add_column("value", justify="right")
    table.add_row("A", result.a)
    table.add_row("B", result.b)
    table.add_row("hands (games × seatings)", f"{result.hands:,} ({result.groups:,} × {result.seatings})")
    table.add_row("A net chips/hand vs B", f"{result.net_per_hand:+.3f}")
    table.add_row("95% CI (duplicate)", f"[{low:+.3f}, {high:+.3f}]  ±{result.half_width:.3f}")
    table.add_row("95% CI if dealt independently", f"±{result.independent_half_width:.3f}")
    ratio = result.variance_ratio
    table.add_row("variance ratio (independent/duplicate)", f"{ratio:.2f}×" if ratio != float("inf") else "∞")
    table.add_row("games won A / B / drawn", f"{result.a_wins:,} / {result.b_wins:,} / {result.draws:,}")
    table.add_row("verdict", f"[bold]{result.verdict}")
    if until_ci is not None:
        table.add_row(
            "CI target (--until-ci)", f"±{until_ci:g} {'reached' if result.target_reached else 'not reached'}"
        )
    console.print(table)
    if until_ci is not None and not result.target_reached:
        which = "--max-hands" if limit >= n_hands else "--hands (above --max-hands)"
        console.print(
            f"stopped at {which} ({max(limit, n_hands):,} hands) before the CI half-width reached {until_ci:g} "
            f"(it is {result.half_width:.3f}); raise --max-hands to play on",
            highlight=False,
        )


@app.command()
def league(
    specs: Annotated[list[str], typer.Argument(help="Two or more distinct agent specs.")],
    players: Annotated[int, typer.Option(help="Seats per table, 2-6 (R2).")] = 4,
    hands: Annotated[str, typer.Option(help="Hands per pairing (and for the multiway tables).")] = "2000",
    out: Annotated[Path | None, typer.Option(help="New directory for the parquet results.")] = None,
    seed: Annotated[int, typer.Option(help="Seed (R13).")] = 0,
    game_length: GameLengthOption = "20",
    rules: RulesOption = "ours",
    engine: EngineChoice = "kernel",
    workers: WorkersOption = 0,
    scheduler: SchedulerOption = None,
    chunk_games: AutoChunkOption = 0,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
) -> None:
    """Every spec against every other: duplicate duels, a crosstable with 95% CIs, Elo (Bradley–Terry) and
    OpenSkill ratings from full tables."""
    from itertools import combinations

    from sniper.league import run_league, write_league
    from sniper.runner import Backend, prepare_out

    _check_players(players)
    _check_backend(workers, scheduler)
    specs = [s.strip() for s in specs]
    if len(specs) < 2 or len(set(specs)) != len(specs):
        fail("give at least two distinct agent specs")
    if chunk_games < 0:
        fail(f"--chunk-games must be 0 (auto) or more, got {chunk_games}")
    try:
        n_hands = parse_count(hands)
        rule_set = _rules_and_specs(rules, game_length, engine, specs)
        if out is not None:
            prepare_out(out)
    except (ValueError, FileExistsError) as error:
        fail(str(error))
    pairs = len(list(combinations(specs, 2)))
    total = n_hands * (pairs + (1 if players >= 3 and len(specs) >= 3 else 0))
    try:
        if scheduler is None:
            warm_up(engine, quiet)
        backend = Backend(workers or None, scheduler, engine=engine)
        with backend, progress_bar("league", total, quiet) as update:
            result = run_league(specs, players, n_hands, rule_set, seed, engine, chunk_games, backend, update)
    except ConnectionError as error:
        fail(str(error))
    cross = Table(title=f"Crosstable: row's net chips/hand against column, 95% CI ({players} seats, duplicate)")
    cross.add_column("")
    for spec in specs:
        cross.add_column(spec, justify="right")
    cells = {(r.a, r.b): r for r in result.crosstable.itertuples()}
    for row in specs:
        values = []
        for col in specs:
            cell = cells.get((row, col))
            values.append(
                "—" if cell is None else f"{cell.net_per_hand:+.2f} [{cell.ci95_low:+.2f}, {cell.ci95_high:+.2f}]"
            )
        cross.add_row(row, *values)
    console.print(cross)
    ratings = Table(title="Ratings")
    columns = [("agent", "agent", "{}"), ("elo", "Elo (BT)", "{:.0f}"), ("elo_se", "± se", "{:.0f}")]
    if "openskill_ordinal" in result.ratings:
        columns += [
            ("openskill_mu", "OpenSkill μ", "{:.2f}"),
            ("openskill_sigma", "σ", "{:.2f}"),
            ("table_mean_place", "mean place", "{:.2f}"),
        ]
    for _, title, _ in columns:
        ratings.add_column(title, justify="left" if title == "agent" else "right")
    for row in result.ratings.to_dict("records"):
        ratings.add_row(*(fmt.format(row[name]) for name, _, fmt in columns))
    console.print(ratings)
    console.print(f"{result.hands:,} hands in {result.seconds:.1f} s")
    if out is not None:
        config = {
            "specs": specs,
            "players": players,
            "hands": n_hands,
            "seed": seed,
            "rules": rules,
            "game_length": game_length,
            "engine": engine,
            "chunk_games": chunk_games,
        }
        write_league(result, out, config)
        console.print(f"→ {out}")


EQUITY_HOLE_HINT = "--hole takes two numbers, e.g. --hole 7 7"
EQUITY_BOARD_HINT = "--board takes 2 or 4 numbers, e.g. --board 7 2 or --board 7 2 2 9"


@app.command(cls=CardsCommand)
def equity(
    hole: Annotated[str, typer.Option(metavar="N N", help="The seat's two private cards, e.g. --hole 7 7.")],
    board: Annotated[
        str, typer.Option(metavar="N N [N N]", help="The 2 or 4 visible board cards, e.g. --board 7 2 or --board 7,2.")
    ],
    opponents: Annotated[int, typer.Option(help="Opponents still in, 1-5.")] = 1,
    snipe: Annotated[
        list[str] | None, typer.Option(help='A snipe already made, e.g. "7 full house"; repeatable.')
    ] = None,
    samples: Annotated[str, typer.Option(help="Monte Carlo samples, e.g. 1e5.")] = "1e5",
    exact: Annotated[bool, typer.Option(help="Enumerate exactly (board of 4, 1-2 opponents).")] = False,
    seed: Annotated[int, typer.Option(help="Monte Carlo seed.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Showdown equity of two private cards against random opponents' hands (R7, R8).

    Win is the expected share of the pot; sniped is the chance the seat's own hand matches a snipe;
    dangers are the hands opponents beat it with most often.
    """
    from sniper.equity import MAX_OPPONENTS
    from sniper.equity import equity as compute

    if not 1 <= opponents <= MAX_OPPONENTS:
        fail(f"--opponents must be 1-{MAX_OPPONENTS}, got {opponents}")
    try:
        hole = parse_cards(hole, (2,), EQUITY_HOLE_HINT)
        board_cards = parse_cards(board, (2, 4), EQUITY_BOARD_HINT)
    except ValueError as error:
        fail(str(error))
    if exact and len(board_cards) != 4:
        fail(f"--exact needs all 4 board cards, got {len(board_cards)} (leave out --exact for a Monte Carlo estimate)")
    if exact and opponents > 2:
        fail(f"--exact works with 1 or 2 opponents, got {opponents} (leave out --exact for a Monte Carlo estimate)")
    try:
        result = compute(
            tuple(hole),
            tuple(board_cards),
            opponents,
            snipes=list(snipe or []),
            samples=parse_count(samples, "--samples"),
            seed=seed,
            exact=exact,
        )
    except ValueError as error:
        fail(str(error))
    data = {
        "win": result.win,
        "stderr": result.stderr,
        "sniped": result.sniped,
        "dangers": [[name, top, freq] for name, top, freq in result.dangers],
        "samples": result.samples,
        "exact": exact,
    }
    if as_json:
        typer.echo(json.dumps(data))
        return
    how = "exact" if exact else f"{result.samples:,} samples, ± {result.stderr:.4f}"
    console.print(
        f"hole {hole[0]} {hole[1]}, board {' '.join(map(str, board_cards))}, {opponents} opponent(s): "
        f"win {result.win:.4f} ({how}), sniped {result.sniped:.4f}"
    )
    if result.dangers:
        table = Table(title="Dangers: hands that beat it (opponents per deal)")
        table.add_column("hand")
        table.add_column("frequency", justify="right")
        for name, top, freq in result.dangers:
            table.add_row(f"{top} {name}", f"{freq:.4f}")
        console.print(table)


@app.command()
def tune(
    spec: Annotated[str, typer.Argument(help="The spec to tune, e.g. hard.")],
    against: Annotated[str, typer.Option(help="Opponents: one spec per other seat, or one for all.")],
    param: Annotated[list[str], typer.Option(help="NAME=LOW:HIGH[:int|:log], repeatable.")],
    players: Annotated[int, typer.Option(help="Seats, 2-6 (R2).")] = 2,
    trials: Annotated[int, typer.Option(help="Finished trials the study should reach.")] = 50,
    hands_per_trial: Annotated[str, typer.Option(help="Hands per trial, all seatings counted.")] = "5000",
    study: Annotated[Path, typer.Option(help="Study directory (DIR/study.db); re-run to continue.")] = Path("study"),
    seed: Annotated[int, typer.Option(help="Seed S: tuning on run seed 2S, validation on 2S+1.")] = 0,
    validate_hands: Annotated[str, typer.Option(help="Hands per validated configuration.")] = "40000",
    time_budget_us: Annotated[float | None, typer.Option(help="Most CPU µs per decision allowed.")] = None,
    workers: WorkersOption = 0,
    scheduler: SchedulerOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON only.")] = False,
) -> None:
    """Tune SPEC's parameters with optuna on duplicate deals; validate the best on held-out seeds."""
    from sniper import tune as tuning
    from sniper.runner import Backend
    from sniper.specs import split_specs

    _check_backend(workers, scheduler)
    try:
        level = spec.strip().partition(":")[0].partition("+")[0].strip()
        ranges = tuple(tuning.parse_param(p, level) for p in param)
        counts = {
            "hands_per_trial": parse_count(hands_per_trial, "--hands-per-trial"),
            "validate_hands": parse_count(validate_hands, "--validate-hands"),
            "time_budget_us": time_budget_us,
        }
        opponents = tuple(split_specs(against))
        setup = tuning.TuneSetup(spec.strip(), opponents, players, ranges, trials, seed=seed, **counts)
        setup.check()
        if scheduler is None:
            warm_up("kernel", as_json)
        with Backend(workers or None, scheduler, engine="kernel") as backend:
            result = tuning.tune(setup, study, backend)
    except (ValueError, ConnectionError) as error:
        fail(str(error))
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    for table in tuning.report_tables(result):
        console.print(table)
    console.print(f"tuned spec: [bold]{result.best.spec}[/bold]   plots: {study}/*.png", highlight=False)


def main() -> None:
    """Console entry point: run the app, turning usage errors into one-line messages (exit 2).

    typer's own parsing errors (a bad ``--players``, a missing option) come out as one line
    ``sniper: error: …`` instead of a usage box; Ctrl-C exits with 130.
    """
    try:
        code = app(standalone_mode=False)
        sys.stdout.flush()
    except KeyboardInterrupt:
        code = _interrupted()
    except OSError as error:
        code = _output_failed(error)
    except Exception as error:
        if type(error).__name__ == "Abort":
            code = _interrupted()
        elif hasattr(error, "format_message"):
            typer.echo(f"sniper: error: {error.format_message()}", err=True)
            code = 2
        else:
            raise
    sys.exit(code if isinstance(code, int) else 0)


def _output_failed(error: OSError) -> int:
    """Exit code 1 for a failed write (``> /dev/full``, a full disk, a closed pipe), with a one-line message.

    A closed pipe (``sniper summary DIR | head -1``) is quiet, as rich's console already is for its own
    output and as Unix tools are: the reader stopped reading on purpose. Standard output is pointed at
    /dev/null so that Python's own flush at exit does not fail again.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    if isinstance(error, BrokenPipeError) or error.errno == errno.EPIPE:
        return 1
    where = f" to {error.filename}" if error.filename else ""
    try:
        typer.echo(f"sniper: error: cannot write output{where}: {error.strerror or error}", err=True)
    except OSError:
        pass
    return 1


def _interrupted() -> int:
    typer.echo("sniper: interrupted", err=True)
    return 130
