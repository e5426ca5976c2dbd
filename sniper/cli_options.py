"""Shared pieces of the command line (``sniper.cli``): option types, the card-option parser, ``fail``.

Every default shown by ``--help`` comes from ``sniper.defaults``, the values the library applies.
A new command takes its options from here and calls one library function.
"""

import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from typer.core import TyperCommand

from sniper import defaults


def fail(message: str) -> NoReturn:
    """Print a one-line error to stderr and exit with code 2 (bad input)."""
    typer.echo(f"sniper: error: {message}", err=True)
    raise typer.Exit(2)


class CardsCommand(TyperCommand):
    """A command whose ``--board``/``--hole`` take their numbers space- or comma-separated: the option's parser
    also takes the words after its value, up to the next option (``--board 6 6 9 9`` = ``--board 6,6,9,9``)."""

    card_options = ("--board", "--hole")

    def make_parser(self, ctx):
        """click's parser, with each card option also taking the words after its value (joined by spaces)."""
        parser = super().make_parser(ctx)
        for name in self.card_options:
            option = parser._long_opt[name]

            def process(value, state, plain=option.process):
                words = [value]
                while state.rargs and not state.rargs[0].startswith("-"):
                    words.append(state.rargs.pop(0))
                plain(" ".join(words), state)

            option.process = process
        return parser

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        """click's parsing; a stray word gets a hint on where cards go and that snipes are quoted."""
        try:
            return super().parse_args(ctx, args)
        except Exception as error:  # click's UsageError, vendored inside typer
            if str(getattr(error, "message", "")).startswith("Got unexpected extra argument"):
                error.message += (
                    "; cards go right after --board/--hole (e.g. --board 6 6 9 9 --hole 6,2), and a snipe is quoted "
                    '(e.g. --snipe "9 full house")'
                )
            raise


def note_outside_agents(specs) -> None:
    """Print the one-line note that outside agents play on the reference engine, if any are in ``specs``."""
    from sniper.specs import choose_engine

    note = choose_engine(list(specs), "kernel")[1]
    if note:
        typer.echo(f"sniper: note: {note}", err=True)


@contextmanager
def playing(label: str, specs, engine: str, workers: int, scheduler: str | None, total: int | None, quiet: bool):
    """What every command that plays games does around the library call: the engine the specs need
    (outside agents play on the reference engine, with a note), the numba warm-up, the backend and the
    progress bar. Yields (engine, backend, update)."""
    from sniper import terminal as show
    from sniper.runner import Backend
    from sniper.specs import choose_engine

    engine = choose_engine(list(specs), engine)[0]
    note_outside_agents(specs)
    if scheduler is None:
        show.warm_up(engine, quiet)
    with Backend(workers or None, scheduler, engine=engine) as backend:
        with show.progress_bar(label, total, quiet) as update:
            yield engine, backend, update


def run(app) -> NoReturn:
    """Run the typer ``app`` as the console script: usage errors as one line ``sniper: error: …`` (exit 2)
    instead of a usage box, Ctrl-C exits 130, a failed write to stdout exits 1 (``terminal.output_failed``)."""
    from sniper import terminal as show

    try:
        code = app(standalone_mode=False)
        sys.stdout.flush()
        if code == 130:  # typer turns a Ctrl-C outside a command's own handling into a silent exit 130
            code = _interrupted()
    except Interrupted as stop:
        code = _interrupted(stop.run_dir)
    except KeyboardInterrupt:
        code = _interrupted()
    except OSError as error:
        code = show.output_failed(error)
    except Exception as error:
        if type(error).__name__ == "Abort":
            code = _interrupted()
        elif hasattr(error, "format_message"):
            message = error.format_message()
            if message:  # no arguments at all: click has printed the help, which is the message
                typer.echo(f"sniper: error: {message}", err=True)
            code = 2
        else:
            raise
    sys.exit(code if isinstance(code, int) else 0)


class Interrupted(Exception):
    """Ctrl-C during ``simulate``: ``run`` says so, and how to finish ``run_dir`` once it has a manifest."""

    def __init__(self, run_dir: Path | None):
        super().__init__(run_dir)
        self.run_dir = run_dir


def _interrupted(run_dir: Path | None = None) -> int:
    """Say "interrupted" in one line (how to finish the run when ``run_dir`` has a manifest); returns 130."""
    from sniper import terminal as show
    from sniper.runner import is_run_dir

    resume = run_dir is not None and is_run_dir(run_dir)
    hint = f"; finished parts are kept; finish with: {show.resume_hint(None, run_dir)}" if resume else ""
    typer.echo(f"sniper: interrupted{hint}", err=True)
    return 130


def _show_version(value: bool) -> None:
    if value:
        from sniper import __version__

        typer.echo(f"sniper {__version__}")
        raise typer.Exit()


Version = Annotated[
    bool, typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version and exit.")
]


def count_text(n: int) -> str:
    """A count as typed on the command line: ``10000`` → ``"1e4"``, ``2000`` → ``"2000"``.

    >>> count_text(1_000_000), count_text(2000)
    ('1e6', '2000')
    """
    mantissa, exponent = f"{n:e}".split("e")
    return f"{float(mantissa):g}e{int(exponent)}" if n >= 10_000 and float(mantissa).is_integer() else str(n)


def given(kind: type, help: str, default) -> object:
    """An option that is ``None`` when not given (so ``--resume`` can tell) whose default, applied by the library,
    ``--help`` shows."""
    return Annotated[kind | None, typer.Option(help=help, show_default=str(default))]


Players = given(int, "Seats at the table, 2-6 (R2).", defaults.PLAYERS)
Hands = given(str, "Hands to play at least, e.g. 1e6; whole games are played.", count_text(defaults.HANDS))
Agents = given(
    str,
    "Comma list of agent specs, one per seat or one for all (the default repeats to fill the seats).",
    ",".join(defaults.AGENTS),
)
RunSeed = given(int, "Run seed; every hand is fixed by (seed, game, hand) (R13).", defaults.SEED)
MaybeGameLength = given(str, "Hands per game: 10, 20 or bust (R9).", defaults.GAME_LENGTH)
MaybeRules = given(str, "Rule preset: ours or show (R12).", defaults.RULES)
MaybeEngine = given(str, "Engine: kernel (numba) or reference (pure Python), same results (R13).", defaults.ENGINE)
DecisionTimeout = Annotated[
    float | None, typer.Option(help="Seconds each decision of an outside agent may take (default: no limit).")
]
ChunkGames = given(
    int,
    f"Games per chunk (unit of work and of parquet parts); auto: {defaults.CHUNK_GAMES} with the reference "
    f"engine, {defaults.CHUNK_GAMES}-{defaults.KERNEL_CHUNK_GAMES} (about 1/{defaults.CHUNKS_PER_RUN} of the run) "
    "with the kernel.",
    "auto",
)
Out = Annotated[Path | None, typer.Option(help="New run directory (default: runs/simulate-DATE-TIME).")]
Resume = Annotated[
    Path | None, typer.Option(help="Finish the interrupted run in this directory (options given must equal its own).")
]
Workers = Annotated[
    int,
    typer.Option(
        help="Cores to use, 0 = all: numba threads in this process (kernel engine) or spawned worker "
        "processes (reference engine; 1 = this process only)."
    ),
]
Scheduler = Annotated[
    str | None, typer.Option(help="Run chunks on an existing dask.distributed cluster, e.g. tcp://127.0.0.1:8786.")
]
AutoChunk = Annotated[int, typer.Option(help="Games per chunk of work (0 = sized from --hands).")]
GameLength = Annotated[str, typer.Option(help="Hands per game: 10, 20 or bust (R9).")]
Rules = Annotated[str, typer.Option(help="Rule preset: ours or show (R12).")]
Engine = Annotated[str, typer.Option(help="Engine: kernel (numba) or reference (pure Python); same results (R13).")]
Seed = Annotated[int, typer.Option(help="Seed; the deals are fixed by (seed, game, hand) (R13).")]
Quiet = Annotated[bool, typer.Option(help="No progress bar.")]
Json = Annotated[bool, typer.Option("--json", help="Print JSON only.")]
PlainJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]
DuelPlayers = Annotated[int, typer.Option(help="Seats, 2-6, split between A and B (R2).")]
DuelHands = given(str, "Hands to play at least, all seatings counted, e.g. 1e4.", count_text(defaults.HANDS))
UntilCi = Annotated[float | None, typer.Option(help="Play on until the 95% CI half-width is below this (chips/hand).")]
MaxHands = given(
    str, "Most hands to play with --until-ci or --sprt (and at most with --hands).", count_text(defaults.MAX_HANDS)
)
SprtOption = Annotated[
    str | None,
    typer.Option(
        "--sprt",
        metavar="H0:H1",
        help="Sequential test of A's edge H0 against H1 (chips/hand, e.g. 0:0.2): play until it decides.",
    ),
]
Alpha = Annotated[float, typer.Option(help="SPRT: chance of accepting H1 when H0 is true.")]
Beta = Annotated[float, typer.Option(help="SPRT: chance of accepting H0 when H1 is true.")]
TablePlayers = Annotated[int, typer.Option(help="Seats per table, 2-6 (R2).")]
LeagueHands = Annotated[str, typer.Option(help="Hands per pairing (and for the multiway tables).")]
LEAGUE_HANDS = count_text(defaults.LEAGUE_HANDS)
LeagueOut = Annotated[Path | None, typer.Option(help="New directory for the parquet results.")]
Board = Annotated[str, typer.Option(metavar="N N N N", help="The four community cards, e.g. --board 6 6 9 9.")]
Holes = Annotated[
    list[str], typer.Option(metavar="N,N", help="Private cards of one seat, e.g. --hole 6,2; repeat per seat.")
]
Snipes = Annotated[list[str] | None, typer.Option(help='A snipe, e.g. "9 full house"; repeatable.')]
Pot = Annotated[int | None, typer.Option(help="Pot in chips (default: one ante per seat).")]
First = Annotated[int, typer.Option(help="Seat of the first player (R3).")]
Folded = Annotated[list[int] | None, typer.Option(help="A seat that folded; repeatable.")]
Hole = Annotated[str, typer.Option(metavar="N N", help="The seat's two private cards, e.g. --hole 7 7.")]
VisibleBoard = Annotated[
    str, typer.Option(metavar="N N [N N]", help="The 2 or 4 visible board cards, e.g. --board 7 2 or --board 7,2.")
]
Opponents = Annotated[int, typer.Option(help="Opponents still in, 1-5.")]
MadeSnipes = Annotated[list[str] | None, typer.Option(help='A snipe already made, e.g. "7 full house"; repeatable.')]
Samples = Annotated[str, typer.Option(help="Monte Carlo samples, e.g. 1e5.")]
SAMPLES = count_text(defaults.EQUITY_SAMPLES)
Exact = Annotated[bool, typer.Option(help="Enumerate exactly (board of 4, 1-2 opponents).")]
SampleSeed = Annotated[int, typer.Option(help="Monte Carlo seed.")]
HandsPerTrial = Annotated[str, typer.Option(help="Hands per trial, all seatings counted.")]
HANDS_PER_TRIAL = count_text(defaults.TUNE_HANDS_PER_TRIAL)
ValidateHands = Annotated[str, typer.Option(help="Hands per validated configuration.")]
VALIDATE_HANDS = count_text(defaults.TUNE_VALIDATE_HANDS)
Study = Annotated[Path, typer.Option(help="Study directory (DIR/study.db); re-run to continue.")]
STUDY = Path(defaults.TUNE_STUDY)
